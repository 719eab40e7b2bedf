"""Alignment masks: how an ALTAR's or a MONSTER's alignment word becomes the game's
``aligntyp`` bits (align.h, sp_lev.c ``sp_amask_to_amask``).

Why a module of its own: altars (:mod:`~unlev.generate.features`) and monsters
(:mod:`~unlev.generate.monster_statements`) both turn a des-file alignment -- fixed, the
register shuffled per level, ``coaligned``/``noncoaligned`` with the hero, random --
into a mask, with the same random draws.
"""

from __future__ import annotations

from typing import Optional

from unlev.generate.state import BuildState
from unlev.lang.values import Align
from unlev.stdlib.rng import RNG

# align.h
AM_NONE, AM_CHAOTIC, AM_NEUTRAL, AM_LAWFUL = 0, 1, 2, 4
AM_MASK, AM_SHRINE, AM_SANCTUM = 7, 8, 16
AM_SPLEV_CO, AM_SPLEV_NONCO, AM_SPLEV_RANDOM = 0x20, 0x40, 0x80


def amask_of(align: Optional[Align]) -> int:
    if align is None or align.kind == "random":
        return AM_SPLEV_RANDOM
    return align.value


def sp_amask_to_amask(st: BuildState, sp_amask: int, rng: RNG) -> int:
    hero = getattr(st.run_context, "alignment", 0)
    if sp_amask == AM_SPLEV_CO:
        return align2amask(hero)
    if sp_amask == AM_SPLEV_NONCO:
        return align2amask(-hero if hero else (1 if rng.rn2(2) else -1))
    if sp_amask == AM_SPLEV_RANDOM:
        return align2amask(rng.rn2(3) - 1)      # induced_align(80), no level alignment
    return sp_amask & AM_MASK


def align2amask(a: int) -> int:
    if a == -128:
        return AM_NONE
    return AM_LAWFUL if a == 1 else a + 2


def amask2align(m: int) -> int:
    m &= AM_MASK
    if m == 0:
        return -128
    return 1 if m == AM_LAWFUL else m - 2
