"""NetHack 3.7's mkobj_erosions(): the last step of mksobj_init() (mkobj.c).

Why this module exists: 3.7 made some new objects eroded, erodeproof or greased at
birth -- a draw of ``rn2(100)``, two of ``rn2(80)`` and one of ``rn2(1000)`` for
every object that may erode -- which neither UnNetHack nor 3.6 do; the
mazesofmenace fixtures' draw logs (the Elemental Planes) part from unlev's at the
first weapon a monster carries without them.  :func:`unlev.populate.mksobj.init_fields`
calls :func:`erosions` while NetHack 3.7's tables are active (:func:`applies`), so
des-file levels keep their game's objects.

What is followed: may_generate_eroded() (objects whose erosion matters -- weapons,
armour, balls, chains, weapon-tools -- that some damage can reach, not a worm tooth
or unicorn horn, not an artifact), then ``!rn2(100)`` erodeproof, else ``!rn2(80)``
for fire/rust/crack damage and ``!rn2(80)`` for rot/corrosion, each growing while
``< 3 && !rn2(9)``, then ``!rn2(1000)`` greased.  Kept as the object's ``eroded``,
``eroded2``, ``erodeproof`` and ``greased``; a value the level file gave is kept.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache

from unlev.stdlib import data
from unlev.stdlib.rng import RNG

# objclass.h's materials in 3.7's order (objects.json's ``materials``): what
# may_generate_eroded() compares (``<= WOOD``) needs their numbers
MATERIALS = ("LIQUID", "WAX", "VEGGY", "FLESH", "PAPER", "CLOTH", "LEATHER", "WOOD",
             "BONE", "DRAGON_HIDE", "IRON", "METAL", "COPPER", "SILVER", "GOLD",
             "PLATINUM", "MITHRIL", "PLASTIC", "GLASS", "GEMSTONE", "MINERAL")
LIQUID, WOOD, IRON, COPPER, PLASTIC, GLASS = 1, 8, 11, 13, 18, 19


def material(kind) -> int:
    return MATERIALS.index(kind.material) + 1 if kind.material in MATERIALS else 0


@lru_cache(maxsize=None)
def _is_37(folder: str) -> bool:
    # 3.7's trap table has TRAPPED_CHEST (as unlev.populate.traps37 asks; read here
    # again because traps37 imports the makers that import this module)
    path = os.path.join(folder, "traps.json")
    if not os.path.isfile(path):
        return False
    with open(path, encoding="utf-8") as fh:
        return any(t.get("name") == "TRAPPED_CHEST" for t in json.load(fh).get("traps", ()))


def applies() -> bool:
    """True while a level is populated from NetHack 3.7's tables."""
    folder = data.active_tables()
    return folder is not None and _is_37(folder)


def _flammable(kind) -> bool:
    mat = material(kind)
    if kind.property == "FIRE_RES" or kind.name == "fire" and kind.class_symbol == "/":
        return False
    return (mat <= WOOD and mat != LIQUID) or mat == PLASTIC


def _rottable(kind) -> bool:
    return material(kind) <= WOOD and material(kind) != LIQUID


def _crackable(kind) -> bool:
    return material(kind) == GLASS and kind.class_symbol == "["


def may_generate_eroded(kind, attrs: dict) -> bool:
    """mkobj.c may_generate_eroded() while the level is made."""
    if attrs.get("erodeproof") or attrs.get("artifact_chance"):
        return False
    cls = kind.class_symbol
    matters = cls in (")", "[", "0", "_") or (cls == "(" and kind.subtype not in (0, "P_NONE"))
    mat = material(kind)
    damageable = (mat == IRON or _flammable(kind) or _rottable(kind)
                  or mat in (COPPER, IRON) or _crackable(kind))
    if not matters or not damageable:
        return False
    return kind.name not in ("worm tooth", "unicorn horn")


def erosions(attrs: dict, kind, rng: RNG, given=frozenset()) -> None:
    """mkobj.c mkobj_erosions(): the draws, and the fields they set (see the module
    docstring) in ``attrs`` unless named in ``given``."""
    if not may_generate_eroded(kind, attrs):
        return
    out = {}
    if not rng.rn2(100):
        out["erodeproof"] = True
    else:
        mat = material(kind)
        for key, can in (("eroded", _flammable(kind) or mat == IRON or _crackable(kind)),
                         ("eroded2", _rottable(kind) or mat in (COPPER, IRON))):
            if not rng.rn2(80) and can:
                level = 1
                while level < 3 and not rng.rn2(9):
                    level += 1
                out[key] = level
    if not rng.rn2(1000):
        out["greased"] = True
    for key, value in out.items():
        if key not in given:
            attrs[key] = value
