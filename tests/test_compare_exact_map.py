"""The map of the game's own level: dumps whose terrain layers ``unlev compare --exact``
(unlev/tools/compare/exact.py) builds as the game did, from their LEVELSEED and WHERE.
The terrain half of issue 28 (session 3); tests/test_compare_exact.py holds the dumps
identical in every layer and the full sweep."""

from __future__ import annotations

import pytest

from unlev.tools.compare import exact
from unlev.tools.compare.gamedump import read_dumps

# the map's layers (terrain, light, non-diggable, room numbers, stairs, doors, altars)
# that must be the game's in these dumps; their other layers may still differ
MAP_LAYERS = ("terrain", "light", "non-diggable", "room numbers", "stairs", "doors", "altars")
MAP_EXACT = [
    # a morgue's corpse is mkobj.c mk_tt_object: topten.c tt_oname draws rnd(10)
    ("gehennom.des", "valley-1", (1, 2, 4)), ("gehennom.des", "sanctum", (1, 2)),
    ("Tourist.des", "Tou-strt", (2, 3, 8)),
    # dig_corridor's boulder takes an id
    ("Priest.des", "Pri-fila", (1,)), ("Priest.des", "Pri-filb", (1,)),
    # a noncoaligned altar: Align2amask(noncoalignment()) draws two or three times, and
    # the mask 3 it can make is written lawful
    ("gehennom.des", "orcus-2", (2, 4, 9, 10)), ("moria.des", "moria6-1", (1, 6)),
]
# every layer the game's
EXACT = [
    # a corridor's boulder takes mksobj's id (sp_lev.c dig_corridor)
    ("moria.des", "moria3-1", (1, 2, 3)),
]


def _results(corpus_root, game_reference, des, level, seeds):
    from unlev.lang.frontend import compile_file
    from unlev.generate.build import find_level
    compiled = compile_file(str(corpus_root / "unnethack" / des))
    dumps = read_dumps(str(game_reference / f"{level}.txt.gz"))
    for k in seeds:
        yield exact.compare_dump(compiled, find_level(compiled, level), dumps[k - 1], k)


@pytest.mark.parametrize("des,level,seeds", MAP_EXACT, ids=[e[1] for e in MAP_EXACT])
def test_these_dumps_have_the_games_map(corpus_root, game_reference, des, level, seeds):
    for r in _results(corpus_root, game_reference, des, level, seeds):
        assert not set(MAP_LAYERS) & set(r.differs), r.line()


@pytest.mark.parametrize("des,level,seeds", EXACT, ids=[e[1] for e in EXACT])
def test_these_dumps_are_the_games_own(corpus_root, game_reference, des, level, seeds):
    for r in _results(corpus_root, game_reference, des, level, seeds):
        assert r.identical, r.line()


# committed traces of the game's draws (tests/fixtures/rngtrace) for the terrain
# families, and how many of them unlev makes in order today (a floor; raise it when
# more agree): level, des-file, dump, floor
TRACE_FLOORS = [
    ("moria3-1", "moria.des", 1, 680),     # all: dig_corridor's boulders take ids
    ("orcus-2", "gehennom.des", 2, 1246),  # past the noncoaligned altar's three draws
    ("Pri-fila", "Priest.des", 1, 1845),   # past the corridors' boulders
]


@pytest.mark.parametrize("level,des,k,floor", TRACE_FLOORS, ids=[t[0] for t in TRACE_FLOORS])
def test_unlev_draws_the_games_draws_on_these_maps(tmp_path, corpus_root, game_reference,
                                                    level, des, k, floor):
    import sys
    from pathlib import Path
    from unlev.generate.build import find_level
    from unlev.lang.frontend import compile_file
    from unlev.stdlib import rnglog
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import rngtrace
    trace = Path(__file__).parent / "fixtures" / "rngtrace" / f"{level}.seed{k}.log"
    game = rngtrace.read_log(trace.read_text().splitlines())
    dump = read_dumps(str(game_reference / f"{level}.txt.gz"))[k - 1]
    compiled = compile_file(str(corpus_root / "unnethack" / des))
    log = tmp_path / "unlev.log"
    rnglog.open_log(str(log))
    try:
        exact.build_for_dump(compiled, find_level(compiled, level), dump)
    finally:
        rnglog.open_log(None)
    ours = rngtrace.read_log(log.read_text().splitlines())
    parting = rngtrace.first_parting(game, ours)
    agree = len(game) if parting is None or parting >= len(game) else parting
    assert agree >= floor, "\n".join(rngtrace.report(game, ours))
