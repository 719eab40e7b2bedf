"""Alignment masks: how an ALTAR's or a MONSTER's alignment word becomes the game's
``aligntyp`` bits (align.h, sp_lev.c ``sp_amask_to_amask``).

Why a module of its own: altars (:mod:`~unlev.generate.features`) and monsters
(:mod:`~unlev.generate.monster_statements`) both turn a des-file alignment -- fixed, the
register shuffled per level, ``coaligned``/``noncoaligned`` with the hero, random --
into a mask, with the same random draws.
"""

from __future__ import annotations

import re

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


def _noncoaligned_amask(hero: int, rng: RNG) -> int:
    """sp_lev.c ``Align2amask(noncoalignment(hero))``: align.h's Align2amask is a
    macro that evaluates its argument once per test, so noncoalignment() -- one
    ``rn2(2)`` each time -- runs two or three times: a lawful result of the second
    call gives AM_LAWFUL, else the third call's value + 2 is the mask.  For a neutral
    hero a lawful third call gives the game the mask 3, which everything reading it
    (align.h Amask2align: 3 - 2) takes for lawful: unlev stores AM_LAWFUL."""
    def noncoalignment() -> int:
        k = rng.rn2(2)
        if not hero:
            return -1 if k else 1
        return -hero if k else 0
    noncoalignment()                 # (x) == A_NONE: never true
    if noncoalignment() == 1:        # (x) == A_LAWFUL
        return AM_LAWFUL
    third = noncoalignment()
    return AM_LAWFUL if third == 1 else third + 2


def sp_amask_to_amask(st: BuildState, sp_amask: int, rng: RNG) -> int:
    hero = getattr(st.run_context, "alignment", 0)
    if sp_amask == AM_SPLEV_CO:
        return align2amask(hero)
    if sp_amask == AM_SPLEV_NONCO:
        return _noncoaligned_amask(hero, rng)
    if sp_amask == AM_SPLEV_RANDOM:
        return induced_align(st, 80, rng)
    return sp_amask & AM_MASK


_ALIGN_MASKS = {"lawful": 4, "neutral": 2, "chaotic": 1}


def _dungeon_alignments(level_name: str, dungeon_name: str):
    """(the level's, its dungeon's) alignment mask from dungeon.def, 0 for none.  A
    special level (one dungeon.def lists) without an alignment of its own has its
    dungeon's (dungeon.c init_level); a filler has none."""
    from unlev.stdlib import data
    m = re.fullmatch(r"(.+)-(\d+)", level_name)
    names = {level_name, m[1] if m else level_name}
    q = re.fullmatch(r"[A-Z][a-z][a-z]-(strt|loca|goal)", level_name)
    if q:
        names.add("x-" + q[1])
    lev = dun = 0
    listed = False
    for d in data.load_table("dungeon")["dungeons"]:
        if d["name"] == dungeon_name:
            dun = _ALIGN_MASKS.get(str(d.get("alignment")), 0)
            for lv in d.get("levels", ()):
                if lv["name"] in names:
                    listed = True
                    lev = _ALIGN_MASKS.get(str(lv.get("alignment")), 0)
    return (lev or dun) if listed else 0, dun


def induced_align(st: BuildState, pct: int, rng: RNG) -> int:
    """dungeon.c induced_align(pct): the special level's alignment (dungeon.def) with
    chance pct%, else its dungeon's with chance pct%, else a random one; each
    alignment that exists costs an rn2(100)."""
    lev, dun = _dungeon_alignments(st.level.name, st.context.dungeon_name)
    if lev and rng.rn2(100) < pct:
        return lev
    if dun and rng.rn2(100) < pct:
        return dun
    return align2amask(rng.rn2(3) - 1)


def align2amask(a: int) -> int:
    if a == -128:
        return AM_NONE
    return AM_LAWFUL if a == 1 else a + 2


def amask2align(m: int) -> int:
    m &= AM_MASK
    if m == 0:
        return -128
    return 1 if m == AM_LAWFUL else m - 2
