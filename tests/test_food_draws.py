"""mksobj()'s egg, tin and corpse draws (unlev.populate.food), against what the game's
C does with the same numbers (mkobj.c mksobj, mon.c can_be_hatched, eat.c
set_tin_variety, timeout.c attach_egg_hatch_timeout, mkobj.c start_corpse_timeout)."""

from __future__ import annotations

from unlev.populate import food
from unlev.stdlib import data

import drawkit


class Scripted(drawkit.Scripted):
    """The shared scripted stream, with the draws this file's rules also ask."""

    def rnz(self, x):
        return self._next("rnz", x)


def _monsters(*names):
    kinds = [data.monster_named(n) for n in names]
    assert all(kinds), names
    return lambda: kinds.pop(0)


def test_a_generic_egg_draws_once():
    rng = Scripted([1])
    assert food.egg_kind(_monsters(), rng) is None
    assert rng.asked == [("rn2", 3)]


def test_a_typed_egg_tries_monsters_until_one_hatches():
    # a newt lays no eggs (no draw); a cave spider's egg is a giant spider's, after
    # BREEDER_EGG's rn2(77) (made for every egg-layer but killer bees and gargoyles)
    rng = Scripted([0, 5])
    assert food.egg_kind(_monsters("newt", "cave spider"), rng) == "giant spider"
    assert rng.asked == [("rn2", 3), ("rn2", 77)]


def test_a_queen_bee_egg_only_when_the_breeder_draw_says_so():
    assert food.can_be_hatched(data.monster_named("queen bee"), Scripted([3])) is None
    assert food.can_be_hatched(data.monster_named("queen bee"), Scripted([0])) == "queen bee"
    rng = Scripted([])
    assert food.can_be_hatched(data.monster_named("killer bee"), rng) == "killer bee"
    assert rng.asked == []


def test_tins_spinach_or_a_monster_and_its_variety():
    assert food.tin_contents(_monsters(), Scripted([0])) == (None, 1)
    rng = Scripted([2, 10])            # not spinach; variety 10 is stored as spe -11
    assert food.tin_contents(_monsters("newt"), rng) == ("newt", -11)
    assert rng.asked == [("rn2", 6), ("rn2", 16)]
    # a zombie's tin is of what it was; a rotten lizard tin is homemade
    assert food.tin_contents(_monsters("kobold zombie"), Scripted([1, 0])) == ("kobold", -1)
    assert food.tin_contents(_monsters("lizard"), Scripted([1, 4])) == ("lizard", -6)


def test_egg_hatch_timer_draws_until_one_passes_150():
    rng = Scripted([150, 12, 151])
    assert food.egg_hatch_timer(rng)
    assert rng.asked == [("rnd", 151), ("rnd", 152), ("rnd", 153)]


def test_an_egg_whose_fifty_tries_fail_gets_no_timer():
    # timeout.c attach_egg_hatch_timeout: no i in 151..200 with rnd(i) > 150 starts
    # no timer; set_corpsenm then draws the fifty again (heck-a-4 seed 9)
    rng = Scripted([1] * 50)
    assert not food.egg_hatch_timer(rng)
    assert rng.asked == [("rnd", i) for i in range(151, 201)]


def test_corpse_timer_rots_all_but_lizards_and_lichens():
    rng = Scripted([30])
    food.corpse_timer("newt", rng)
    assert rng.asked == [("rnz", 25)]
    rng = Scripted([])
    food.corpse_timer("lichen", rng)
    assert rng.asked == []
