"""NetHack's data tables (monsters, objects, traps, room types) and lev_comp's name lookups.

The tables live in ``data/*.json`` next to this file; ``tools/gen_data.py`` regenerates
them from a variant's C source.  Nothing is read at import time: each table is loaded and
cached the first time it is asked for.

Name lookups follow lev_comp (``util/lev_main.c``) exactly:

* monsters (``get_monster_id``): an exact, case-sensitive match over the whole ``mons[]``
  table first, then a case-insensitive (ASCII) one; with a class symbol, only monsters of
  that class are considered.  lev_comp -v warns ``Monster type "x" matches "y".`` on the
  case-insensitive fallback; :attr:`Lookup.warning` carries that text.
* objects (``get_object_id``): the same two passes; with a class symbol the search runs
  only inside that class's block of ``objects[]``; without one it starts at index 0, so
  ``"strange object"`` is found.  Unnamed rows (spare appearances) never match.
* traps (``get_trap_type``) and room types (``get_room_type``): exact, case-sensitive
  ``strcmp`` against lev_comp's own name tables (``"falling rock"``, ``"cold"``,
  ``"throne"``...), no fallback.

Unknown names give an :class:`UnknownNameError` whose ``message`` is lev_comp's own text
(e.g. ``Unknown monster "foo"!``) and whose ``hint`` is a "did you mean" suggestion, so
the parser can raise it as a ``DesError`` with a source span.

This module is the lookups; the tables and their records are
:mod:`unlev.stdlib.data_tables`, re-exported here, so ``data.monsters()`` and
``data.lookup_monster(...)`` are read from one place.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from .data_tables import (  # noqa: F401  (re-exported: the tables and their records)
    NAME_CUTOFF, Attack, Monster, MonsterClass, Object, ObjectClass, RoomType, ShopStock,
    ShopType, Trap, UnknownNameError, active_tables, ascii_lower, blackmarket_prefixes,
    clears_with_tables, depth_engravings, epitaphs, is_monster_class_symbol,
    is_object_class_symbol, last_gem, load_table, monster_by_index, monster_class,
    monster_classes, monster_named, monsters, monsters_of_class, object_by_index,
    object_class, object_class_bases, object_class_probabilities, object_classes,
    object_named, objects, objects_of_class, room_types, shop_of_room, shop_room_index,
    shop_types, shopkeeper_names, Tables, UNNETHACK_TABLES, active,
    ALL_TABLES,
    special_pm, suggest, tables_of, trap_by_index, traps, unknown_monster_class,
    unknown_object_class)

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Dict, Generic, Optional, Sequence, TypeVar

    T = TypeVar("T")
    _Generic = Generic[T]           # Lookup[Monster] and the like, for a type checker
else:
    _Generic = object

__all__ = [
    "Attack", "Monster", "MonsterClass", "Object", "ObjectClass", "Trap", "RoomType",
    "Lookup", "UnknownNameError",
    "monsters", "monster_classes", "objects", "object_classes", "traps", "room_types",
    "monster_by_index", "object_by_index", "trap_by_index",
    "lookup_monster", "get_monster", "lookup_object", "get_object",
    "lookup_trap", "get_trap", "lookup_room_type", "get_room_type",
    "monster_class", "object_class", "is_monster_class_symbol", "is_object_class_symbol",
    "monsters_of_class", "objects_of_class", "monster_name_known", "object_name_known", "object_class_bases", "object_class_probabilities",
    "special_pm", "last_gem", "suggest", "NAME_CUTOFF", "unknown_monster_class", "unknown_object_class",
    "load_table", "ShopType", "ShopStock", "shop_types", "shop_of_room", "shop_room_index",
    "shopkeeper_names",
    "blackmarket_prefixes", "epitaphs", "monster_named", "object_named",
    "placeholder_monster", "placeholder_object", "placeholder_trap",
    "tables_of", "active_tables", "clears_with_tables", "Tables", "UNNETHACK_TABLES", "active",
    "ALL_TABLES",
]



# ---------------------------------------------------------------------------------------
# lookups
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lookup(_Generic):
    """The outcome of a lev_comp-style lookup: the item, or the error lev_comp reports.

    ``exact`` is False when only the case-insensitive pass matched; ``warning`` then holds
    the text lev_comp -v prints.  ``item`` is None exactly when ``error`` is set.
    """
    item: Optional[T]
    exact: bool = True
    warning: Optional[str] = None
    error: Optional[UnknownNameError] = None
    placeholder: bool = False      # item is a stand-in record for an unknown name (lenient)

    @property
    def ok(self) -> bool:
        return self.error is None

    def get(self) -> T:
        if self.error is not None:
            raise self.error
        return self.item  # type: ignore[return-value]


def lookup_monster(name: str, class_symbol: Optional[str] = None,
                   lenient: bool = False) -> Lookup[Monster]:
    """lev_comp's get_monster_id(name, class).  ``lenient``: an unknown name gives
    :func:`placeholder_monster` (``placeholder`` set) instead of the error."""
    found = _remembered(_scan_monsters, name, class_symbol)
    if found.ok or not lenient:
        return found
    return Lookup(placeholder_monster(name, class_symbol), warning=found.error.message,
                  placeholder=True)


def _remembered(scan, name: str, class_symbol: Optional[str]) -> Lookup:
    """``scan(name, class_symbol)`` (:func:`_scan_monsters`, :func:`_scan_objects`),
    remembered when it found the name."""
    found = _found(scan, name, class_symbol)
    return found if found is not None else scan(name, class_symbol)


# A name that is found is found again: a des-file names the same few monsters and
# objects over and over, and each lookup scans a class (or every monster) in order.
# Only what was found is remembered (a Lookup is frozen, a miss holds an exception).
@clears_with_tables
@lru_cache(maxsize=8192)
def _found(scan, name: str, class_symbol: Optional[str]) -> Optional[Lookup]:
    found = scan(name, class_symbol)
    return found if found.ok else None


def _scan_monsters(name: str, class_symbol: Optional[str]) -> Lookup[Monster]:
    if class_symbol:
        pool: Sequence[Monster] = (monsters_of_class(class_symbol)
                                   if is_monster_class_symbol(class_symbol) else ())
        msg = f"Unknown monster ('{class_symbol}', \"{name}\")!"
    else:
        pool = monsters()
        msg = f'Unknown monster "{name}"!'
    for m in pool:
        if m.name == name or name in m.other_names:
            return Lookup(m)
    folded = ascii_lower(name)
    for m in pool:
        if any(ascii_lower(n) == folded for n in (m.name,) + m.other_names):
            return Lookup(m, exact=False,
                          warning=f'Monster type "{name}" matches "{m.name}".')
    cands = [m.name for m in (pool or monsters())]
    return Lookup(None, error=UnknownNameError("monster", name, msg, class_symbol,
                                               suggest(name, cands)))


# What a check asks: is there such a monster or object?  Answered from the tables'
# names, classes and indices without making the records, which a check of a file never
# needs (making all of them is most of a first check's table loading, and the command
# makes them before it forks its workers), and from a marshal copy of those when it is
# current: a check of well-spelt names then reads neither table whole (some 3 ms of a
# first UnNetHack check, issue 29).  Raise the format's number when _read_name_index
# changes what it keeps.
_NAME_INDEX_FORMAT = 1


@clears_with_tables
@lru_cache(maxsize=None)
def _name_index() -> tuple:
    """(monster names folded -> class indices, monster class symbol -> index, object
    names folded -> (class index, object index) pairs, object class symbol -> index,
    ``bases[]``) of the active tables."""
    import os
    from .copies import derived
    from .data_tables import table_file
    sources = [table_file("monsters"), table_file("objects")]
    folder = os.path.dirname(sources[0])
    shipped = all(os.path.dirname(p) == folder for p in sources) and os.path.realpath(
        folder).startswith(os.path.realpath(os.path.dirname(__file__)) + os.sep)
    beside = os.path.join(folder, "name-index.marshal") if shipped else None
    return derived(sources, _NAME_INDEX_FORMAT, _read_name_index, beside, "name-index")


def _read_name_index() -> tuple:
    mons: Dict[str, set] = {}
    for d in load_table("monsters")["monsters"]:
        for n in {d["name"], *d.get("names", ())}:      # 3.7's other names too
            mons.setdefault(ascii_lower(n), set()).add(d["class_index"])
    objs: Dict[str, list] = {}
    for d in load_table("objects")["objects"]:
        if d["name"] is not None:
            objs.setdefault(ascii_lower(d["name"]), []).append((d["class_index"], d["index"]))
    from .data_tables import monster_class_indices, object_class_indices
    return ({n: frozenset(c) for n, c in mons.items()}, monster_class_indices(),
            {n: tuple(c) for n, c in objs.items()}, object_class_indices(),
            object_class_bases())


def monster_class_symbol_known(symbol: str) -> bool:
    """:func:`is_monster_class_symbol` (lev_comp's check_monster_char) from the name
    index, which a check reads without the monster table."""
    return symbol in _name_index()[1]


def object_class_symbol_known(symbol: str) -> bool:
    """:func:`is_object_class_symbol` (lev_comp's check_object_char) from the name
    index."""
    return symbol in _name_index()[3]


@clears_with_tables
@lru_cache(maxsize=8192)
def monster_name_known(name: str, class_symbol: Optional[str] = None) -> bool:
    """Whether :func:`lookup_monster` finds *name* (in class *class_symbol*, when
    given), exactly or ignoring case."""
    names, classes_of, _o, _oc, _b = _name_index()
    classes = names.get(ascii_lower(name))
    if classes is None:
        return False
    if not class_symbol:
        return True
    cls = classes_of.get(class_symbol)         # is_monster_class_symbol, monster_class
    return cls is not None and cls in classes


@clears_with_tables
@lru_cache(maxsize=8192)
def object_name_known(name: str, class_symbol: Optional[str] = None) -> bool:
    """Whether :func:`lookup_object` finds *name* (in class *class_symbol*'s block of
    objects[], when given), exactly or ignoring case."""
    _m, _mc, names, classes_of, bases = _name_index()
    rows = names.get(ascii_lower(name))
    if rows is None:
        return False
    if not class_symbol:
        return True
    cls = classes_of.get(class_symbol)         # is_object_class_symbol, object_class
    if cls is None:
        return False
    first = bases.get(class_symbol, 0)
    return any(c == cls and i >= first for c, i in rows)


def get_monster(name: str, class_symbol: Optional[str] = None) -> Monster:
    """Like lookup_monster, but raises UnknownNameError."""
    return lookup_monster(name, class_symbol).get()


def lookup_object(name: str, class_symbol: Optional[str] = None,
                  lenient: bool = False) -> Lookup[Object]:
    """lev_comp's get_object_id(name, class).  ``lenient``: an unknown name gives
    :func:`placeholder_object` (``placeholder`` set) instead of the error."""
    found = _remembered(_scan_objects, name, class_symbol)
    if found.ok or not lenient:
        return found
    return Lookup(placeholder_object(name), warning=found.error.message, placeholder=True)


def _scan_objects(name: str, class_symbol: Optional[str]) -> Lookup[Object]:
    if class_symbol:
        pool: Sequence[Object] = (objects_of_class(class_symbol)
                                  if is_object_class_symbol(class_symbol) else ())
        msg = f"Unknown object ('{class_symbol}', \"{name}\")!"
    else:
        pool = objects()
        msg = f'Unknown object "{name}"!'
    for o in pool:
        if o.name is not None and o.name == name:
            return Lookup(o)
    folded = ascii_lower(name)
    for o in pool:
        if o.name is not None and ascii_lower(o.name) == folded:
            return Lookup(o, exact=False, warning=f'Object type "{name}" matches "{o.name}".')
    cands = [o.name for o in (pool or objects()) if o.name]
    return Lookup(None, error=UnknownNameError("object", name, msg, class_symbol,
                                               suggest(name, cands)))


def get_object(name: str, class_symbol: Optional[str] = None) -> Object:
    """Like lookup_object, but raises UnknownNameError."""
    return lookup_object(name, class_symbol).get()


@clears_with_tables
@lru_cache(maxsize=None)
def trap_des_names() -> Dict[str, int]:
    out: Dict[str, int] = {}
    for r in load_table("traps")["des_names"]:
        out.setdefault(r["name"], r["index"])
    return out


def lookup_trap(name: str, lenient: bool = False) -> Lookup[Trap]:
    """lev_comp's get_trap_type: exact, case-sensitive.  ``lenient``: an unknown name
    gives :func:`placeholder_trap` (``placeholder`` set) instead of the error."""
    idx = trap_des_names().get(name)
    if idx is not None:
        return Lookup(trap_by_index(idx))
    if lenient:
        return Lookup(placeholder_trap(name), warning=f"Unknown trap type '{name}'!",
                      placeholder=True)
    return Lookup(None, error=UnknownNameError(
        "trap", name, f"Unknown trap type '{name}'!", None,
        suggest(name, trap_des_names())))


# ---------------------------------------------------------------------------------------
# placeholders (--lenient): records for names the tables lack, so the level is still made
# ---------------------------------------------------------------------------------------
#: What a placeholder monster draws as: NetHack's "remembered, unseen monster" glyph, in a
#: colour no real monster of the shipped tables has.
PLACEHOLDER_MONSTER_SYMBOL = "I"
PLACEHOLDER_COLOR = "CLR_BRIGHT_MAGENTA"


@clears_with_tables
@lru_cache(maxsize=None)
def placeholder_monster(name: str, class_symbol: Optional[str] = None) -> Monster:
    """A monster record for a name the tables lack: level 0, no flags, no attacks
    (so nothing the loader does with it depends on a guess), drawn as ``I``."""
    cls = (monster_class(class_symbol)
           if class_symbol and is_monster_class_symbol(class_symbol) else None)
    return Monster(
        index=-1, name=name, symbol=PLACEHOLDER_MONSTER_SYMBOL,
        class_name=cls.name if cls else "placeholder",
        class_index=cls.index if cls else 0, level=0, move=0, ac=10, mr=0, alignment=0,
        geno=0, gen_flags=frozenset({"G_NOGEN"}), frequency=0, attacks=(), weight=0,
        nutrition=0, sound="MS_SILENT", size="MZ_MEDIUM", size_value=2,
        resists=frozenset(), conveys=frozenset(), mflags1=0, mflags2=0, mflags3=0,
        m1=frozenset(), m2=frozenset(), m3=frozenset(), color=PLACEHOLDER_COLOR,
        color_value=13, difficulty=0)


@clears_with_tables
@lru_cache(maxsize=None)
def placeholder_object(name: str) -> Object:
    """An object record for a name the tables lack: the game's own "strange object"
    (class ``]``, the ILLOBJ class) under the unknown name."""
    base = objects()[0]
    return dataclasses.replace(base, index=-1, name=name, color=PLACEHOLDER_COLOR)


@clears_with_tables
@lru_cache(maxsize=None)
def placeholder_trap(name: str) -> Trap:
    """A trap record for a name the tables lack: no trap.h number (drawn as a plain
    ``^`` under its name)."""
    return Trap(0, name, name)


def get_trap(name: str) -> Trap:
    return lookup_trap(name).get()


def lookup_room_type(name: str) -> Lookup[RoomType]:
    """lev_comp's get_room_type: exact, case-sensitive.  An unknown name is only a
    warning for lev_comp, which then makes an ordinary room; the error returned here
    has severity "warning" and the caller should fall back to ``"ordinary"``."""
    for r in room_types():
        if r.name == name:
            return Lookup(r)
    return Lookup(None, error=UnknownNameError(
        "room type", name, f'Unknown room type "{name}"!  Making ordinary room...', None,
        suggest(name, [r.name for r in room_types()]), severity="warning"))


def get_room_type(name: str) -> RoomType:
    return lookup_room_type(name).get()

