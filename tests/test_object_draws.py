"""The objects' draws read in the game's C, with a scripted stream: sp_lev.c's
Align2amask(noncoalignment()) (a macro that calls noncoalignment once per test),
makemon.c makemon_rnd_goodpos (50 random squares, then a scan), topten.c tt_oname's
rnd(10), mklev.c place_axe's mksobj(AXE, TRUE) and trap.c maketrap(STATUE_TRAP)'s
order (the statue's id and rndmonnum before the whole makemon)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from unlev.generate.alignment import AM_CHAOTIC, AM_LAWFUL, AM_NEUTRAL, AM_SPLEV_NONCO
from unlev.generate.alignment import sp_amask_to_amask
from unlev.generate.finish import place_axe
from unlev.model.level import COLNO, ROWNO, Level
from unlev.populate import makemon
from unlev.populate.roomfill import tt_oname
from unlev.stdlib import terrain as T

import drawkit


class Scripted(drawkit.Scripted):
    """The shared scripted stream, with the draws this file's rules also ask."""

    def rn1(self, x, y):
        return self._next("rn2", x) + y

    def rnf(self, numerator, denominator):
        return self._next("rnf", (numerator, denominator))

    def rne(self, x):
        return self._next("rne", x)


def _nonco(hero, answers):
    st = SimpleNamespace(run_context=SimpleNamespace(alignment=hero))
    rng = Scripted(answers)
    mask = sp_amask_to_amask(st, AM_SPLEV_NONCO, rng)
    assert not rng.answers, "every scripted draw is used"
    return mask, len(rng.asked)


@pytest.mark.parametrize("hero,answers,mask", [
    # a neutral hero: noncoalignment is k ? -1 : 1
    (0, [1, 0], AM_LAWFUL),            # the second call is lawful: two draws
    (0, [0, 1, 1], AM_CHAOTIC),        # the third call decides: -1 + 2
    (0, [1, 1, 0], AM_LAWFUL),         # the game's mask 3, lawful to everything
    # a lawful hero: k ? -1 : 0 -- never lawful, so always three draws
    (1, [1, 1, 1], AM_CHAOTIC),
    (1, [0, 0, 0], AM_NEUTRAL),        # k = 0 gives a neutral altar
    # a chaotic hero: k ? 1 : 0
    (-1, [0, 1], AM_LAWFUL),
    (-1, [1, 0, 0], AM_NEUTRAL),
])
def test_noncoaligned_draws_as_the_macro_calls_it(hero, answers, mask):
    got, draws = _nonco(hero, answers)
    assert got == mask and draws == len(answers)


def _floor_level(spots):
    level = Level()
    for x, y in spots:
        level.typ[x * ROWNO + y] = T.ROOM
    return level


def test_rnd_goodpos_tries_random_squares_then_scans():
    # a level of stone but one floor square: 50 random tries (rn1(COLNO-3, 2),
    # rn2(ROWNO)), then the scan from the last square tried finds the floor
    level = _floor_level([(40, 10)])
    st = SimpleNamespace(level=level, monster_at=lambda x, y: None,
                         is_pool=lambda x, y: False, is_lava=lambda x, y: False,
                         typ=lambda x, y: level.typ[x * ROWNO + y])
    rng = Scripted([0, 0] * 50)
    assert makemon.rnd_goodpos(st, None, rng) == (40, 10)
    assert rng.asked == [("rn2", COLNO - 3), ("rn2", ROWNO)] * 50
    # a good square on the first try ends it there
    rng = Scripted([38, 10])
    assert makemon.rnd_goodpos(st, None, rng) == (40, 10)
    assert len(rng.asked) == 2


def test_a_named_statue_or_corpse_draws_a_score_rank():
    rng = Scripted([4])
    tt_oname(rng)
    assert rng.asked == [("rnd", 10)]


def test_place_axe_makes_the_axe_with_init():
    # one tree: rnf(ilog2(1), 1) is 0, an axe; a square is drawn, then mksobj's id
    # and a weapon's set-up (rn2(11) spe, rn2(10) curse, blessorcurse's rn2(10))
    level = _floor_level([(5, 5)])
    level.typ[6 * ROWNO + 6] = T.TREE
    rng = Scripted([0, 5, 5, 1, 3, 4, 7])
    place_axe(level, rng)
    assert rng.asked == [("rnf", (0, 1)), ("rn2", COLNO), ("rn2", ROWNO), ("rnd", 2),
                         ("rn2", 11), ("rn2", 10), ("rn2", 10)]
    axes = [o for o in level.objects if o.id == "axe"]
    assert [(o.x, o.y) for o in axes] == [(5, 5)]


def test_mergable_keeps_apart_what_the_game_keeps_apart():
    # invent.c mergable(): different otyps never merge, even under one name (a scroll
    # and a spellbook of blank paper), and an egg with a hatch timer (any egg of a
    # monster) never merges; two plain scrolls or two generic eggs do
    from unlev.model.level import Object
    from unlev.populate.merge import add_to_inventory, mergable

    def obj(name, cls, **attrs):
        return Object(0, 0, name, attrs={"class": cls, **attrs})

    assert mergable(obj("blank paper", "?"), obj("blank paper", "?"))
    assert not mergable(obj("blank paper", "+"), obj("blank paper", "?"))
    assert not mergable(obj("blank paper", "?"), obj("blank paper", "+"))
    # an object recorded without its class is its name's first kind: fixup_special's
    # gold joins the Ludios safe's coins
    assert mergable(obj("gold piece", "$"), Object(0, 0, "gold piece", attrs={"quantity": 5}))
    assert mergable(obj("egg", "%"), obj("egg", "%"))
    assert not mergable(obj("egg", "%", montype="scorpion"), obj("egg", "%", montype="scorpion"))
    items = [obj("enchant armor", "?")]
    assert add_to_inventory(items, obj("enchant armor", "?"))
    assert not add_to_inventory(items, obj("enchant armor", "?", curse="blessed"))
    assert [o.attrs.get("quantity", 1) for o in items] == [2, 1]
