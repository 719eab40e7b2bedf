"""NetHack 3.7's makemon.c draws at a monster's birth that differ from UnNetHack's:
``newmonhp`` and the gender.

Why this module exists: the mazesofmenace fixtures log 3.7's draws with their callers
(the Elemental Planes), and there the birth of a monster parts from unlev's at these
two places: 3.7's ``newmonhp`` gives an adult dragon ``8 * m_lev`` hit points in the
endgame with no draw (``4 * m_lev + d(m_lev, 4)`` elsewhere), every other monster
``d(m_lev, 8)`` whatever its size (UnNetHack's hit die by size and its leaders'
``rnd(30)`` are not 3.7's), riders ``d(10, 8)``; and ``_makemon`` draws a gender only
for a monster that may be female (``femaleok``: neither male nor neuter), where
UnNetHack draws for neuters too.  :mod:`unlev.populate.makemon` calls these while
3.7's tables are active (:func:`unlev.populate.traps37.applies`); des-file levels
keep UnNetHack's.  And ``_makemon``'s sleep of demons, wumpuses, long worms and eels
while the level is made asks ``!u.uhave.amulet`` before its ``rn2(5)``: the hero of
the endgame carries the Amulet (:func:`hero_has_amulet`).
"""

from __future__ import annotations

from unlev.populate import kinds
from unlev.stdlib.rng import RNG

_RIDERS = frozenset({"Death", "Pestilence", "Famine"})


def first_adult_dragon_index() -> int:
    """PM_GRAY_DRAGON's index in the active table (the adult dragons follow it)."""
    from unlev.stdlib import data
    found = data.lookup_monster("gray dragon")
    return found.item.index if found.ok else 1 << 30


def newmonhp(st, pm, rng: RNG) -> None:
    """makemon.c newmonhp() of NetHack 3.7: only its draws (unlev keeps no hit points)."""
    pctx = st.population_context()
    m_lev = kinds.adj_lev(pm, pctx.level_difficulty, pctx.hero_level)
    if pm.class_name == "S_GOLEM" or pm.level > 49:
        return                                   # golemhp(), fixed hit points
    if pm.name in _RIDERS:
        rng.d(10, 8)
    elif pm.class_name == "S_DRAGON" and pm.index >= first_adult_dragon_index():
        if not st.level.context.in_endgame:
            rng.d(m_lev, 4)                      # 8 * m_lev once in the endgame
    elif m_lev == 0:
        rng.rnd(4)
    else:
        rng.d(m_lev, 8)


def gender_draw(pm, rng: RNG) -> None:
    """_makemon(): female/male species and the quest's leader and nemesis (chosen by
    role_init) draw nothing; else ``femaleok ? rn2(2) : 0`` -- a neuter draws nothing."""
    m2 = set(pm.m2)
    if m2 & {"M2_FEMALE", "M2_MALE"} or pm.sound in ("MS_LEADER", "MS_NEMESIS"):
        return
    if "M2_NEUTER" not in m2:
        rng.rn2(2)


def hero_has_amulet(st) -> bool:
    """``u.uhave.amulet`` while a 3.7 level is made: in the endgame (the planes are
    reached with the Amulet; the fixtures' hero carries it).  UnNetHack's levels are
    left as they were (False)."""
    from unlev.populate import traps37
    return traps37.applies() and bool(st.level.context.in_endgame)
