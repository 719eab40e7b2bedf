"""The levels the game built differently in most of their dumps (issue 28, the
"exlev" part): each family traced with the instrumented game, the cause read in the
C and fixed; here the dumps that are now built exactly, and the small rules found on
the way, tested on their own."""

from __future__ import annotations

import pytest

from unlev.model.level import Object
from unlev.populate import questmon
from unlev.populate.merge import mergable
from unlev.stdlib import data
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
    # role.c role_init: the Master of Thieves is a Tourist's nemesis (hit dice, no
    # leader's 135 + rnd(30)); mpickobj merges a MONSTER block's twin potions
    ("Tourist.des", "Tou-goal", (1, 2, 4, 10)),
    # teleport.c goodpos: a wall-walker passes before the closed-door and boulder
    # tests, so rndmonst's xorn is kept on a maze's boulder
    ("heck.des", "heck-c-3", (1, 5, 9)), ("heck.des", "heck-b-2", (2, 4, 5)),
    ("heck.des", "heck-b-1", (2, 7)),
    # u_init.c: the shambling horror is always M2_NOPOLY, never a chameleon's form
    ("Rogue.des", "Rog-strt", (2,)),
    # mon.c newcham: a chameleon born a long worm gets its tail (initworm's rn2(5))
    ("Rogue.des", "Rog-strt", (5,)),
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


class _Run:
    def __init__(self, role, alignment=0):
        self.role, self.alignment = role, alignment


def test_role_init_makes_the_master_of_thieves_a_tourists_nemesis():
    thief = data.monster_named("Master of Thieves")
    assert thief.sound == "MS_LEADER" and "M2_PEACEFUL" in thief.m2
    nemesis = questmon.as_in_game(thief, _Run("Tourist"))
    assert nemesis.sound == "MS_NEMESIS" and "M2_PEACEFUL" not in nemesis.m2
    assert {"M2_NASTY", "M2_STALK", "M2_HOSTILE"} <= nemesis.m2
    assert {"M3_WANTSARTI", "M3_WAITFORU"} <= nemesis.m3
    # the Rogues' leader: MS_LEADER, of the hero's alignment times three
    leader = questmon.as_in_game(thief, _Run("Rogue", -1))
    assert leader.sound == "MS_LEADER" and leader.alignment == -3
    # another role's quest, or no role: mons[] as it is
    assert questmon.as_in_game(thief, _Run("Valkyrie")) is thief
    assert questmon.as_in_game(thief, None) is thief


def test_the_shambling_horror_is_never_peaceful_nor_a_form():
    # u_init.c rebuilds it at each game's start: its M2 flags start from M2_NOPOLY |
    # M2_HOSTILE and lose M2_PEACEFUL, whatever else comes up at random
    table = data.monster_named("shambling horror")
    assert "M2_HOSTILE" not in table.m2
    game = questmon.as_in_game(table, None)
    assert {"M2_NOPOLY", "M2_HOSTILE"} <= game.m2 and "M2_PEACEFUL" not in game.m2
    assert questmon.as_in_game(table, _Run("Tourist")) == game
