"""What the ``des.*`` functions share: 3.7's words (door states, alignments, walls...)
as the des-file lexer's values, reading table fields as the game's
``get_table_int_opt`` does, and the stand-in for a name unlev's tables lack.
"""

from __future__ import annotations

from typing import Tuple

from unlev.lang.lexer import KEYWORDS

from ..selection_api import is_num


def words(token: str) -> dict:
    return {k: v for k, (t, v) in KEYWORDS.items() if t == token and v is not None}


DOOR_STATES = dict(words("DOOR_STATE"), random=-1)
DIRECTIONS = dict(words("DIRECTION"), random=-1)
ALIGNMENTS = words("ALIGNMENT")          # law neutral chaos noalign coaligned noncoaligned
ALTAR_TYPES = dict(words("ALTAR_TYPE"), random=-1)
ENGRAVINGS = dict(words("ENGRAVING_TYPE"), random=-1, engrave=2, burn=3)
CURSES = {"blessed": 1, "uncursed": 2, "cursed": 3}
# 3.7's partial states (sp_lev.c get_table_buc: 4 not-cursed, 5 not-uncursed,
# 6 not-blessed), applied after the object is made (create_object)
CURSES_37 = {"not-cursed": 4, "not-uncursed": 5, "not-blessed": 6}
HALIGN = {"left": 1, "half-left": 2, "center": 3, "half-right": 4, "right": 5, "random": -1}
VALIGN = {"top": 1, "center": 3, "bottom": 5, "random": -1}
WALLS = dict(DIRECTIONS, all=15)
APPEAR = {"ter": 1, "obj": 2, "mon": 3}
FLAGS = words("FLAG_TYPE")
FEATURES = ("fountain", "sink", "pool")
LEVREGION_TYPES = {"stair-up": ("stair", 1), "stair-down": ("stair", 0),
                   "portal": ("portal", None), "branch": ("branch", None),
                   "teleport": ("teleport", None), "tele": ("teleport", None),
                   "tele-up": ("teleport", 1), "tele-down": ("teleport", 0)}

STAND_INS: dict = {}


def stand_in(table: str, cls, name: str) -> Tuple[str, bool]:
    """A name unlev's (UnNetHack's) data lacks: the stand-in the des-file runner uses
    for NetHack 3.6/3.4.3 levels (:mod:`unlev.lang.lowering`), and whether
    any table knows the name."""
    from unlev.stdlib import data
    key = (data.active_tables(), table, cls, name)
    if key not in STAND_INS:
        from unlev.lang import lowering
        look = data.lookup_monster if table == "monsters" else data.lookup_object
        if look(name, cls).ok:
            STAND_INS[key] = (name, True)
        else:
            fn = (lowering.monster_stand_in if table == "monsters"
                  else lowering.object_stand_in)
            found = None
            for dialect in ("nethack36", "nethack343"):
                if lowering.dialect_row(dialect, table, name, cls) is not None:
                    found = fn(dialect, cls, name)
                    break
            STAND_INS[key] = ((found, True) if found is not None
                               else (fn("nethack36", cls, name), False))
    return STAND_INS[key]


def lua_callable(s, v) -> bool:
    return s.lua_type(v) == "function"


def point_sel(xy):
    from unlev.stdlib.selection import Selection
    return Selection.point(*xy)


# NetHack 3.7 names a monster three ways (include/monsters.h NAMS(male, female,
# neutral); name_to_mon takes any, case aside): the names unlev's tables lack, to the
# name they know the same monster by.  The temple priest is UnNetHack's "aligned
# priest" ("priest" there is the player-monster).
MONSTER_NAMES_37 = {
    "dwarf lady": "dwarf lord", "dwarf leader": "dwarf lord",
    "dwarf queen": "dwarf king", "dwarf ruler": "dwarf king",
    "kobold lady": "kobold lord", "kobold leader": "kobold lord",
    "gnome lady": "gnome lord", "gnome leader": "gnome lord",
    "gnome queen": "gnome king", "gnome ruler": "gnome king",
    "ogre lady": "ogre lord", "ogre leader": "ogre lord",
    "ogre queen": "ogre king", "ogre tyrant": "ogre king",
    "vampire lady": "vampire lord", "vampire leader": "vampire lord",
    "elf-lady": "elf-lord", "elf-noble": "elf-lord",
    "elvenqueen": "Elvenking", "elven monarch": "Elvenking",
    "aligned cleric": "aligned priest", "high priestess": "high priest",
    "high cleric": "high priest", "amorous demon": "incubus",
    "cave dweller": "caveman", "cleric": "priest",
}

# the class words 3.7 reads off an object's name
CLASS_PREFIXES = (("ring of ", "="), ("potion of ", "!"), ("scroll of ", "?"),
                   ("spellbook of ", "+"), ("wand of ", "/"))


def int_or(v, default: int) -> int:
    """A table field as the game's get_table_int_opt/boolean_opt reads it."""
    return default if v is None else int(v)


def opt_int(v):
    if v is None:
        return None
    if isinstance(v, bool):
        return int(v)
    return int(v)


def plain(v):
    if isinstance(v, bool) or isinstance(v, str):
        return v
    if is_num(v):
        return int(v)
    return v


def in_order(attrs: dict, t, s) -> dict:
    """The attributes in the order the converter wrote them (``unlev_order``), which is
    the des-file's: the builder sees the same dict as from the des-file."""
    order = t["unlev_order"]
    if order is None:
        return attrs
    keys = [str(k) for k in order.values()]
    out = {k: attrs[k] for k in keys if k in attrs}
    out.update({k: v for k, v in attrs.items() if k not in out})
    return out
