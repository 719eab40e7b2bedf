"""The levels the game built differently in most of their dumps (issue 28, the
"exlev" part): each family traced with the instrumented game, the cause read in the
C and fixed; here the dumps that are now built exactly, and the small rules found on
the way, tested on their own."""

from __future__ import annotations

import pytest

from unlev.model.level import Object
from unlev.populate.merge import mergable
from unlev.tools.compare import exact
from unlev.tools.compare.gamedump import read_dumps

# des-file, level, dumps (1-based) built square by square and thing by thing
EXACT = [
    # makemon.c _makemon: a snake on row 0 gets no object to hide under (x && y);
    # invent.c mergable: eggs of a monster are timed and never merge (medusa-4's
    # guivre eggs); u_init.c: a vampire hero's alignment record starts at -5
    ("medusa.des", "medusa-4", (1, 2, 7, 9, 10)),
    # _makemon's class switch (a spider's hiding object) before the special item:
    # Scorpius's Bell of Opening comes after the object he hides under
    ("Ranger.des", "Ran-goal", (1, 3, 5, 9, 10)),
]


@pytest.mark.parametrize("des,level,seeds", EXACT, ids=[e[1] for e in EXACT])
def test_these_dumps_are_built_exactly(corpus_root, game_reference, des, level, seeds):
    from unlev.generate.build import find_level
    from unlev.lang.frontend import compile_file
    compiled = compile_file(str(corpus_root / "unnethack" / des))
    dumps = read_dumps(str(game_reference / f"{level}.txt.gz"))
    for k in seeds:
        r = exact.compare_dump(compiled, find_level(compiled, level), dumps[k - 1], k)
        assert r.identical, r.line()


def _egg(**attrs):
    return Object(5, 4, "egg", attrs={"class": "%", "curse": "uncursed", **attrs})


def test_eggs_of_a_monster_do_not_merge_but_plain_eggs_do():
    # mkobj.c set_corpsenm starts an egg's hatching timer; invent.c mergable refuses
    # a timed egg
    assert mergable(_egg(), _egg())
    assert not mergable(_egg(montype="guivre"), _egg(montype="guivre"))
    assert not mergable(_egg(), _egg(montype="guivre"))
