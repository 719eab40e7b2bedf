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
