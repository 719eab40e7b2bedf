"""The game's own des-files under ``unlev test`` (issue 18, point 3): every finding is
either fixed in unlev or defended, with its reason, in corpus-unlev-test.ini."""

import os

import pytest

from unlev.cli import main
from unlev.tools.harness.config import SkipConfig

INI = os.path.join(os.path.dirname(__file__), "..", "corpus-unlev-test.ini")


def test_every_defended_finding_has_a_reason():
    cfg = SkipConfig.load(INI)
    assert len(cfg.entries) >= 20
    for pattern, checks, _seeds, lint, reason in cfg.entries:
        assert checks or lint, pattern
        assert len(reason) > 30, f"[{pattern}] says too little about why"


def _seeds(full_sweep):
    """Seeds 1..2 of the 306 levels with --full-sweep (CI), seed 1 by default: (the
    --seeds option, the runs it makes)."""
    return ("1..2", 612) if full_sweep else ("1", 306)


# the full tier's (--full): unlev test over the 306 levels (~2.3 s); the quick tier
# builds them in the acceptance sweep and runs unlev test in test_harness*.py
@pytest.mark.slow
def test_the_corpus_passes_with_its_defences(corpus_root, capsys, full_sweep):
    seeds, runs = _seeds(full_sweep)
    code = main(["test", str(corpus_root / "unnethack"), "--seeds", seeds, "--config", INI,
                 "--no-progress", "--table", "failing", "-j", "1"])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert f"{runs} passed, 0 failed" in out and "lint warning" not in out


# the full tier's (--full): unlev test over the 306 levels without the config (~1.9 s)
@pytest.mark.slow
def test_without_a_config_the_game_files_pass(corpus_root, capsys, full_sweep):
    """Issue 32: a maintainer's first run on the game's own files, with no config: the
    reachability tiers, the teleport tier (Rog-loca), the maze rule (Juiblex), the
    walled-in-later rule (the heck levels) and the room's-rectangle rule (Fort Ludios'
    coffer, Medusa's last statue) let the game's designs through: 0 failed."""
    seeds, runs = _seeds(full_sweep)
    code = main(["test", str(corpus_root / "unnethack"), "--seeds", seeds,
                 "--no-progress", "--table", "failing", "-j", "1", "--lint", "off"])
    out = capsys.readouterr().out
    assert code == 0 and f"{runs} passed, 0 failed" in out, out[-3000:]


# seeds of 1..20 where the game's fill or fix-up puts a thing on rock of its room's
# rectangle (the sweep before the rule: 12 failed, all of these)
_ON_THE_RECTANGLE = [("knox.des", "knox-3", 4, "iron safe"),
                     ("medusa.des", "medusa-2", 3, "statue"),
                     ("medusa.des", "medusa-2", 12, "statue"),
                     ("medusa.des", "medusa-4", 16, "statue")]


def test_things_on_their_rooms_rectangle_are_there_and_pass(corpus_root):
    """Fort Ludios' coffer on the stone its throne room REGION takes in, Medusa's last
    statue on the island's wall: still in rock (the checks did not go blind), inside
    the room the game drew their spot from, and not a failure."""
    from unlev.lang.frontend import compile_file
    from unlev.model.level import ROWNO
    from unlev.stdlib import terrain as T
    from unlev.tools.harness.invariants import check_level
    from unlev.tools.harness.jobs import Settings, build
    for file, name, seed, kind in _ON_THE_RECTANGLE:
        compiled = compile_file(str(corpus_root / "unnethack" / file))
        node = next(lv for lv in compiled.tree.levels if lv.name == name)
        level = build(compiled, node, seed, Settings())
        (thing,) = [o for o in level.objects if o.id == kind and not o.buried
                    and T.is_rock(level.typ[o.x * ROWNO + o.y])]
        room = thing.spot_of_room
        assert room.lx <= thing.x <= room.hx and room.ly <= thing.y <= room.hy
        assert [v for v in check_level(level, None) if v.check == "embedded"] == [], name


def test_the_findings_it_lets_through_are_still_seen_underneath(corpus_root):
    """What the tiers let through is still there (the checks did not go blind): heck-b-4
    seed 3 has things in rock, placed at random spots a later MAP walled in."""
    from unlev.generate.build import build_level
    from unlev.lang.frontend import compile_file
    from unlev.model.level import ROWNO
    from unlev.stdlib import terrain as T
    from unlev.tools.harness.invariants import check_level
    compiled = compile_file(str(corpus_root / "unnethack" / "heck.des"))
    node = next(lv for lv in compiled.tree.levels if lv.name == "heck-b-4")
    level = build_level(compiled, node, seed=3)
    walled = [t for t in level.objects + level.monsters
              if T.is_rock(level.typ[t.x * ROWNO + t.y]) and t.attrs.get("spot") == "random"]
    assert walled
    assert [v for v in check_level(level, None) if v.check == "embedded"] == []
