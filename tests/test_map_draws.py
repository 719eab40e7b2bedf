"""Draws of the loader's map-making that follow a quirk of the game's C, with a scripted
stream: sp_lev.c sp_amask_to_amask's ``Align2amask(noncoalignment(..))`` (align.h's
macro evaluates its argument up to three times)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from unlev.generate import alignment as A

import drawkit


Scripted = drawkit.Scripted


def _st(hero):
    return SimpleNamespace(run_context=SimpleNamespace(alignment=hero))


@pytest.mark.parametrize("hero,answers,mask,draws", [
    # neutral hero: noncoalignment is chaos (k=1) or law (k=0)
    (0, [1, 0], A.AM_LAWFUL, 2),            # the second call is lawful: law, 2 draws
    (0, [0, 1, 1], A.AM_CHAOTIC, 3),        # second chaos, third chaos: chaotic
    (0, [1, 1, 0], A.AM_LAWFUL, 3),         # third call lawful: the game's mask 3, read lawful
    # chaotic hero: law (k=1) or neutral (k=0)
    (-1, [0, 0, 0], A.AM_NEUTRAL, 3),
    (-1, [0, 1, 0], A.AM_LAWFUL, 2),
    # lawful hero: chaos (k=1) or neutral (k=0); never AM_LAWFUL from the second call
    (1, [1, 1, 1], A.AM_CHAOTIC, 3),
])
def test_a_noncoaligned_mask_is_drawn_as_the_macro_evaluates_it(hero, answers, mask, draws):
    rng = Scripted(answers)
    assert A.sp_amask_to_amask(_st(hero), A.AM_SPLEV_NONCO, rng) == mask
    assert rng.asked == [("rn2", 2)] * draws
    assert mask != A.align2amask(hero)      # never the hero's own, whatever the calls


class Counting:
    """A real stream that counts the words it gives."""

    def __init__(self, seed):
        from unlev.stdlib.rng import RNG
        self.rng = RNG(seed)
        self.calls = []

    def rn2(self, x):
        self.calls.append(("rn2", x))
        return self.rng.rn2(x)

    def rn1(self, x, y):
        self.calls.append(("rn1", x))
        return self.rng.rn1(x, y)


def test_the_branch_room_search_tries_a_flag_that_never_fits_first():
    # mklev.c find_branch_room: somexyspace(croom, &m, 2) tests typ != CORR || typ !=
    # ROOM, true of every square: 100 spots (200 draws) are drawn in vain before
    # somexyspace(croom, &m, 0) takes the first free floor square; a non-ordinary
    # room is drawn and passed over
    from unlev.generate import rooms as R
    from unlev.generate.lregions import find_branch_room
    from unlev.model.level import Level
    lev = Level()
    R.add_room(lev, 10, 5, 14, 8, False, rtype=7)        # a barracks
    ordinary = R.add_room(lev, 30, 5, 34, 8, False)
    for seed in range(1, 30):
        rng = Counting(seed)
        x, y = find_branch_room(lev, rng)
        assert ordinary.inside(x, y) and lev.typ[x * 21 + y] == 27
        assert rng.calls[0] == ("rn2", 2)
        # the ordinary room, once picked, is used: 100 spots in vain, then the first
        assert len([c for c in rng.calls if c[0] == "rn1"]) == 2 * (100 + 1)


def test_the_castle_is_the_end_of_a_branch_that_makes_no_stairs():
    # dungeon.def: CHAINBRANCH "Gehennom" "castle" + (0, 0) no_down
    from unlev.model.placement import guess_context
    assert guess_context("castle-1").branch == "none"
    assert guess_context("valley-1").branch == "up"
    assert guess_context("oracle").branch is None
