"""Draws of the loader's map-making that follow a quirk of the game's C, with a scripted
stream: sp_lev.c sp_amask_to_amask's ``Align2amask(noncoalignment(..))`` (align.h's
macro evaluates its argument up to three times)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from unlev.generate import alignment as A
from unlev.stdlib.compat import Compat


class Scripted:
    """A stream that answers rn2 from a list and records what was asked."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.asked = []

    def rn2(self, x):
        self.asked.append(("rn2", x))
        return self.answers.pop(0)


def _st(hero, compat):
    return SimpleNamespace(run_context=SimpleNamespace(alignment=hero), compat=compat)


@pytest.mark.parametrize("hero,answers,mask,draws", [
    # neutral hero: noncoalignment is chaos (k=1) or law (k=0)
    (0, [1, 0], A.AM_LAWFUL, 2),            # the second call is lawful: law, 2 draws
    (0, [0, 1, 1], A.AM_CHAOTIC, 3),        # second chaos, third chaos: chaotic
    (0, [1, 1, 0], 3, 3),                   # third call lawful: 1 + 2, the mask 3
    # chaotic hero: law (k=1) or neutral (k=0)
    (-1, [0, 0, 0], A.AM_NEUTRAL, 3),
    (-1, [0, 1, 0], A.AM_LAWFUL, 2),
    # lawful hero: chaos (k=1) or neutral (k=0); never AM_LAWFUL from the second call
    (1, [1, 1, 1], A.AM_CHAOTIC, 3),
])
def test_a_noncoaligned_mask_is_drawn_as_the_macro_evaluates_it(hero, answers, mask, draws):
    rng = Scripted(answers)
    assert A.sp_amask_to_amask(_st(hero, Compat.game()), A.AM_SPLEV_NONCO, rng) == mask
    assert rng.asked == [("rn2", 2)] * draws


def test_the_documented_noncoaligned_mask_is_one_draw_and_never_the_heros():
    for hero in (-1, 0, 1):
        for k in (0, 1):
            rng = Scripted([k])
            m = A.sp_amask_to_amask(_st(hero, Compat.documented()), A.AM_SPLEV_NONCO, rng)
            assert rng.asked == [("rn2", 2)]
            assert m != A.align2amask(hero) and m in (1, 2, 4)

