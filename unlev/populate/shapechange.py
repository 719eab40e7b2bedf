"""The form a shape-changer is born in (makemon.c ``_makemon`` calls ``newcham``;
mon.c ``select_newcham_form``, ``accept_newcham_form``, ``pick_animal``;
wizard.c ``pick_nasty``).

Why a module of its own: a chameleon, doppelganger or sandestin made while the
level is built takes another shape at once, and the level (the game's dumps too)
holds that shape -- a chameleon on the Rogue quest levels shows up as a jackal or a
titan.  Vampires keep their own form at birth (``_makemon`` skips them), so do
monsters that are not shape-changers.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional, Tuple

from unlev.stdlib import data
from unlev.stdlib.rng import RNG

_PLACEHOLDERS = ("orc", "giant", "elf", "human")    # mondata.h is_placeholder()
# wizard.c nasties[]
_NASTIES = (
    "cockatrice", "ettin", "stalker", "minotaur", "owlbear", "purple worm", "xan",
    "umber hulk", "xorn", "zruty", "leocrotta", "baluchitherium", "carnivorous ape",
    "fire elemental", "jabberwock", "iron golem", "ochre jelly", "green slime",
    "black dragon", "red dragon", "arch-lich", "vampire lord", "master mind flayer",
    "disenchanter", "winged gargoyle", "storm giant", "Olog-hai", "elf-lord",
    "Elvenking", "ogre king", "captain", "gremlin",
    "silver dragon", "orange dragon", "green dragon", "yellow dragon", "guardian naga",
    "fire giant", "Aleax", "couatl", "horned devil", "barbed devil", "rock troll",
    "evil eye")


def changes_at_birth(pm: data.Monster) -> bool:
    """makemon.c: a shape-changer (M2_SHAPESHIFTER) that is not a vampire."""
    return "M2_SHAPESHIFTER" in pm.m2 and "vampire" not in pm.name \
        and pm.name != "Vlad the Impaler"


@data.clears_with_tables
@lru_cache(maxsize=None)
def _animals() -> Tuple[data.Monster, ...]:
    """mon.c mon_animal_list(): every M1_ANIMAL species below SPECIAL_PM."""
    return tuple(m for m in data.monsters()[:data.special_pm()] if "M1_ANIMAL" in m.m1)


# decl.h: UnNetHack renamed the coloured dragons, and PM_BLACK_DRAGON & co. name its
# dragons; where the data has no dragon of the old name, the list takes the new one
_DRAGON_NAMES = {"black dragon": "sirrush", "red dragon": "draken",
                 "silver dragon": "amphitere", "orange dragon": "sarkany",
                 "green dragon": "wyvern", "yellow dragon": "guivre"}


@data.clears_with_tables
@lru_cache(maxsize=None)
def _nasties() -> Tuple[data.Monster, ...]:
    """wizard.c nasties[], all of them (pick_nasty() draws over its whole size)."""
    found = (data.monster_named(n) or data.monster_named(_DRAGON_NAMES.get(n, n))
             for n in _NASTIES)
    return tuple(m for m in found if m is not None)


def _index(name: str) -> int:
    return data.monster_named(name).index


def _select(pm: data.Monster, rng: RNG, own_guardian: Optional[str]) -> int:
    """mon.c select_newcham_form(): a species index, random when nothing else."""
    mndx = None
    if pm.name == "sandestin":
        if rng.rn2(7):
            mndx = _nasties()[rng.rn2(len(_nasties()))].index
    elif pm.name == "doppelganger":
        if not rng.rn2(7):
            mndx = _nasties()[rng.rn2(len(_nasties()))].index
        elif rng.rn2(3):
            first, last = _index("archeologist"), _index("wizard")
            mndx = rng.rn1(last - first + 1, first)
        elif not rng.rn2(3):
            first, last = _index("student"), _index("apprentice")
            mndx = rng.rn1(last - first + 1, first)
            if own_guardian is not None and data.monster_by_index(mndx).name == own_guardian:
                mndx = None
        else:
            for _ in range(5):
                mndx = rng.rn1(data.special_pm(), 0)
                cand = data.monster_by_index(mndx)
                if "M1_HUMANOID" in cand.m1 and "M2_NOPOLY" not in cand.m2:
                    break
            else:
                mndx = None
    elif pm.name == "chameleon":
        if not rng.rn2(3):
            mndx = _animals()[rng.rn2(len(_animals()))].index
    if mndx is None:
        mndx = rng.rn1(data.special_pm(), 0)
    return mndx


def _accept(pm: data.Monster, mndx: int) -> Optional[data.Monster]:
    """mon.c accept_newcham_form()."""
    cand = data.monster_by_index(mndx)
    if cand.name in _PLACEHOLDERS:
        return None
    if _index("archeologist") <= mndx <= _index("wizard"):
        return cand                                   # is_mplayer
    if cand is pm:
        return cand
    if cand.name == "shambling horror":
        # u_init.c rebuilds it at every game's start with random flags, but always
        # M2_NOPOLY (and M2_HOSTILE): polyok() refuses it, whatever the table says
        return None
    return cand if "M2_NOPOLY" not in cand.m2 else None


def birth_form(pm: data.Monster, rng: RNG,
               own_guardian: Optional[str] = None) -> Optional[data.Monster]:
    """newcham(mon, NULL): up to 20 tries for a form; None when none was found
    (the monster then keeps its own shape)."""
    for _ in range(20):
        form = _accept(pm, _select(pm, rng, own_guardian))
        if form is not None:
            return form
    return None
