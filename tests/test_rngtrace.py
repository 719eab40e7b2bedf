"""unlev draws what the game draws: small traces of the game's own draws (an
instrumented UnNetHack 24dce72 making a dump's level; tests/fixtures/rngtrace) against
unlev's draw log (UNLEV_RNG_LOG) for the same dump, and tools/rngtrace.py, the tool
that finds where two logs part.

Each trace has a floor: how many of the game's draws unlev makes, in order, today.
A change that makes fewer fails; one that makes more should raise the floor."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from unlev.stdlib import rnglog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import rngtrace  # noqa: E402

TRACES = Path(__file__).parent / "fixtures" / "rngtrace"

# level, des-file, dump number, draws unlev makes as the game does (of the trace's)
FLOORS = [("soko3-1", "sokoban.des", 1, 74), ("soko1-1", "sokoban.des", 1, 1330),
          ("tower3", "tower.des", 1, 257), ("bigrm-3", "bigroom.des", 1, 746),
          ("oracle", "oracle.des", 1, 300), ("heck-a-1", "heck.des", 1, 1700),
          ("heck-a-4", "heck.des", 1, 2600)]


def _unlev_log(tmp_path, corpus_root, game_reference, level, des, k):
    from unlev.generate.build import find_level
    from unlev.lang.frontend import compile_file
    from unlev.tools.compare.exact import build_for_dump
    from unlev.tools.compare.gamedump import read_dumps
    dump = read_dumps(str(game_reference / f"{level}.txt.gz"))[k - 1]
    compiled = compile_file(str(corpus_root / "unnethack" / des))
    log = tmp_path / "unlev.log"
    rnglog.open_log(str(log))
    try:
        build_for_dump(compiled, find_level(compiled, level), dump)
    finally:
        rnglog.open_log(None)
    return rngtrace.read_log(log.read_text().splitlines())


@pytest.mark.parametrize("level,des,k,floor", FLOORS, ids=[f[0] for f in FLOORS])
def test_unlev_draws_the_games_draws(tmp_path, corpus_root, game_reference, level, des, k,
                                     floor):
    game = rngtrace.read_log((TRACES / f"{level}.seed{k}.log").read_text().splitlines())
    ours = _unlev_log(tmp_path, corpus_root, game_reference, level, des, k)
    parting = rngtrace.first_parting(game, ours)
    agree = len(game) if parting is None or parting >= len(game) else parting
    assert agree >= floor, "\n".join(rngtrace.report(game, ours))


def _draws(*keys):
    return [rngtrace.Draw(s, fn, x, v, f"c{i}", i) for i, (s, fn, x, v) in enumerate(keys)]


def test_the_first_parting_is_found():
    a = _draws(("core", "rn2", 3, 1), ("core", "rnd", 16, 15), ("mon", "rn2", 100, 21))
    b = _draws(("core", "rn2", 3, 1), ("core", "rnd", 16, 15), ("mon", "rn2", 3, 2))
    assert rngtrace.first_parting(a, b) == 2
    assert rngtrace.first_parting(a, a) is None
    assert rngtrace.first_parting(a, a[:2]) == 2
    lines = list(rngtrace.report(a, b, context=1))
    assert lines[0] == "the logs part at draw 2 (0-based; 2 draws agree before it)"
    assert lines[-2].startswith(">      2  game ") and "mon rn2(100) = 21" in lines[-2]
    assert lines[-1].startswith(">      2  unlev") and "mon rn2(3) = 2" in lines[-1]


def test_logs_read_with_one_stream_and_without_reseeds():
    text = ["# seed 5", "core rn2 3 1 bones.c:getbones:678", "mon rnd 2 0 x.py:f:1"]
    assert [d.stream for d in rngtrace.read_log(text)] == ["core", "mon"]
    assert [d.fn for d in rngtrace.read_log(text, "mon")] == ["rnd"]
    with pytest.raises(ValueError, match="line 1"):
        rngtrace.read_log(["nonsense"])


def test_the_tool_exits_1_when_the_logs_part(tmp_path, capsys):
    a, b = tmp_path / "a.log", tmp_path / "b.log"
    a.write_text("core rn2 3 1 x\ncore rn2 2 0 y\n")
    b.write_text("core rn2 3 1 x\ncore rn2 7 0 z\n")
    assert rngtrace.main([str(a), str(b)]) == 1
    assert rngtrace.main([str(a), str(a)]) == 0
    assert rngtrace.main([str(a), str(tmp_path / "none.log")]) == 2
    assert "cannot read" in capsys.readouterr().err
