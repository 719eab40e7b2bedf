"""The items a monster of high enough level gets on top of its kit: muse.c's
``rnd_offensive_item``, ``rnd_defensive_item`` and ``rnd_misc_item``, for UnNetHack and
NetHack 3.7 alike (the bag's :class:`unlev.populate.bag.Rules` say where they differ: oil
for case 10, Sokoban's second draw for digging, the floaters).

Why a module of its own: m_initweap() asks for the offensive item, m_initinv() for the
defensive and the miscellaneous one, and the endgame's player monsters
(:mod:`unlev.populate.mplayer`) for all three after they are dressed; they are muse.c's,
not makemon.c's, and the same three functions serve both games.
"""

from __future__ import annotations

from typing import Optional, Tuple

from unlev.model.level import Object
from unlev.populate.bag import Bag
from unlev.stdlib import data

Item = Optional[Tuple[str, str]]

_METAL_HELMETS = ("helmet", "dwarvish iron helm", "orcish helm", "helm of brilliance",
                  "helm of opposite alignment", "helm of telepathy", "dented pot")


def refuses_items(pm: data.Monster) -> bool:
    """muse.c: animals, exploders, the mindless, ghosts and Kops get no items."""
    return ("M1_ANIMAL" in pm.m1 or "M1_MINDLESS" in pm.m1
            or any(a.type == "AT_EXPL" for a in pm.attacks)
            or pm.class_name in ("S_GHOST", "S_KOP"))


def demon_ruler(pm: data.Monster) -> bool:
    """mondata.h is_dlord() or is_dprince()."""
    return "M2_DEMON" in pm.m2 and ("M2_LORD" in pm.m2 or "M2_PRINCE" in pm.m2)


def noteleport_level(bag: Bag) -> bool:
    """teleport.c noteleport_level(): the level's flag, or in Gehennom a demon lord or
    prince on the level (the new monster is on it already) for anyone but such a ruler."""
    where = bag.where
    if where.in_hell and where.level is not None and not demon_ruler(bag.pm):
        for m in where.level.monsters:
            pm = m.attrs.get("data")
            if pm is not None and demon_ruler(pm):
                return True
    return where.noteleport


def _is_metal_helmet(o: Object) -> bool:
    return o.attrs.get("class") == "[" and o.id in _METAL_HELMETS


def rnd_offensive_item(bag: Bag, dressed: bool = False) -> Item:
    """muse.c rnd_offensive_item(): an attack wand, potion or scroll (or nothing).
    Its first case asks which_armor() for a worn metal helmet: inside makemon
    (m_initweap) nothing is worn yet -- m_dowear() comes after m_initinv() -- so
    only a ``dressed`` monster (mk_mplayer's, after its m_dowear) can get the scroll
    of earth that way; else an amorphous, wall-walking or unsolid monster does (muse.c
    names ghosts too, but :func:`refuses_items` has turned them away already)."""
    pm, rng, rules = bag.pm, bag.rng, bag.rules
    if refuses_items(pm):
        return None
    diff = pm.difficulty
    if diff > 7 and not rng.rn2(35):
        return ("death", "/")
    pick = rng.rn2(9 - (diff < 4) + 4 * (diff > 6))
    if pick == 0:
        helmet = dressed and any(_is_metal_helmet(o) for o in bag.items)
        if helmet or "M1_AMORPHOUS" in pm.m1 or "M1_WALLWALK" in pm.m1 \
                or "M1_UNSOLID" in pm.m1:
            return ("earth", "?")
        return ("striking", "/")
    if pick == 10:
        if rules.oil_for_fire and not rng.rn2(30):
            return ("oil", "!")
        return ("fire", "/")
    return {1: ("striking", "/"), 2: ("acid", "!"), 3: ("confusion", "!"),
            4: ("blindness", "!"), 5: ("sleeping", "!"), 6: ("paralysis", "!"),
            7: ("magic missile", "/"), 8: ("magic missile", "/"), 9: ("sleep", "/"),
            11: ("cold", "/"), 12: ("lightning", "/")}[pick]


def _defensive_pick(bag: Bag) -> Tuple[int, Item]:
    """rnd_defensive_item()'s draw: the case, or the teleportation item already chosen
    (cases 6 and 9, drawn again once on a no-teleport level)."""
    diff, rng = bag.pm.difficulty, bag.rng
    trycnt = 0
    while True:
        pick = rng.rn2(8 + (diff > 3) + (diff > 6) + (diff > 8))
        if pick in (6, 9):
            if noteleport_level(bag):
                trycnt += 1
                if trycnt < 2:
                    continue
            return pick, (("teleportation", "/") if not rng.rn2(3)
                          else ("teleportation", "?"))
        if pick == 7 and bag.rules.sokoban_redraws_digging \
                and getattr(bag.where, "in_sokoban", False) and rng.rn2(4):
            continue
        return pick, None


def rnd_defensive_item(bag: Bag) -> Item:
    """muse.c rnd_defensive_item(): teleportation, create monster, healing or digging
    (or nothing)."""
    pm, rng = bag.pm, bag.rng
    if refuses_items(pm):
        return None
    pick, chosen = _defensive_pick(bag)
    if chosen is not None:
        return chosen
    if pick in (0, 1):
        return ("teleportation", "?")
    if pick in (8, 10):
        return ("create monster", "/") if not rng.rn2(3) else ("create monster", "?")
    if pick == 2:
        return ("create monster", "?")
    if pick == 3:
        return ("healing", "!")
    if pick == 4:
        return ("extra healing", "!")
    if pick == 5:
        return ("sickness", "!") if pm.name == "Pestilence" else ("full healing", "!")
    # pick 7: muse.c also refuses a shopkeeper, a vault guard and a temple priest, but
    # shkinit(), priestini() and the vault code set isshk/ispriest/isgd only after
    # makemon() has returned: while it fills the inventory, only a floater refuses
    if pm.class_name in bag.rules.floaters:
        return None
    return ("digging", "/")


def rnd_misc_item(bag: Bag) -> Item:
    """muse.c rnd_misc_item(): polymorph, life saving, speed, invisibility or gain
    level (or nothing)."""
    pm, rng = bag.pm, bag.rng
    if refuses_items(pm):
        return None
    if pm.difficulty < 6 and not rng.rn2(30):
        return ("polymorph", "!") if rng.rn2(6) else ("polymorph", "/")
    nonliving = ("M2_UNDEAD" in pm.m2 or pm.class_name == "S_GOLEM"
                 or pm.name in ("manes",) or pm.class_name == "S_VORTEX")
    vampshifter = "M2_SHAPESHIFTER" in pm.m2 and pm.name.startswith("vampire")
    if not rng.rn2(40) and not nonliving and not vampshifter:
        return ("amulet of life saving", '"')
    pick = rng.rn2(3)
    if pick == 0:                   # (muse.c's isgd is not set yet inside makemon)
        return ("speed", "!") if rng.rn2(6) else ("speed monster", "/")
    if pick == 1:
        if bag.attrs.get("peaceful") and not bag.where.hero_sees_invisible:
            return None
        return ("invisibility", "!") if rng.rn2(6) else ("make invisible", "/")
    return ("gain level", "!")
