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
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import os
from dataclasses import dataclass
from functools import lru_cache
from typing import Dict, FrozenSet, Generic, Iterable, List, Optional, Sequence, Tuple, TypeVar

__all__ = [
    "Attack", "Monster", "MonsterClass", "Object", "ObjectClass", "Trap", "RoomType",
    "Lookup", "UnknownNameError",
    "monsters", "monster_classes", "objects", "object_classes", "traps", "room_types",
    "monster_by_index", "object_by_index", "trap_by_index",
    "lookup_monster", "get_monster", "lookup_object", "get_object",
    "lookup_trap", "get_trap", "lookup_room_type", "get_room_type",
    "monster_class", "object_class", "is_monster_class_symbol", "is_object_class_symbol",
    "monsters_of_class", "objects_of_class", "object_class_bases", "object_class_probabilities",
    "special_pm", "last_gem", "suggest", "NAME_CUTOFF", "unknown_monster_class", "unknown_object_class",
    "load_table", "ShopType", "ShopStock", "shop_types", "shop_type_for_room", "shopkeeper_names",
    "blackmarket_prefixes", "epitaphs", "monster_named", "object_named",
    "placeholder_monster", "placeholder_object", "placeholder_trap",
    "tables_of", "active_tables", "clears_with_tables", "Tables", "UNNETHACK_TABLES", "active",
    "ALL_TABLES",
]

T = TypeVar("T")


# ---------------------------------------------------------------------------------------
# loading
# ---------------------------------------------------------------------------------------
def _data_text(filename: str) -> str:
    try:
        from importlib.resources import files
        return (files(__package__) / "data" / filename).read_text(encoding="utf-8")
    except (ImportError, TypeError, ModuleNotFoundError):  # pragma: no cover - old Pythons
        from pathlib import Path
        return (Path(__file__).parent / "data" / filename).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def _load_table(folder: Optional[str], name: str) -> dict:
    if folder is None:
        return json.loads(_data_text(f"{name}.json"))
    with open(os.path.join(folder, f"{name}.json"), encoding="utf-8") as fh:
        return json.load(fh)


#: The folder of the tables a level is being built from and which of its tables are
#: read from it (:func:`tables_of`); (None, ()) for the shipped UnNetHack tables.
#: Everything below reads through :func:`load_table`.
_ACTIVE: List[Tuple[Optional[str], FrozenSet[str]]] = [(None, frozenset())]
#: Caches of other modules derived from the tables (:func:`clears_with_tables`).
_DERIVED: List = []


def load_table(name: str) -> dict:
    """The raw JSON of ``<name>.json`` (``monsters``, ``objects``, ``traps``, ``rooms``)
    of the active tables (:func:`tables_of`; by default UnNetHack's, ``data/``).  A
    profile without that table falls back to UnNetHack's."""
    folder, which = _ACTIVE[-1]
    if folder is not None and (name not in which
                               or not os.path.isfile(os.path.join(folder, f"{name}.json"))):
        folder = None
    return _load_table(folder, name)


load_table.cache_info = _load_table.cache_info     # what has been read so far


def _per_tables(maxsize: Optional[int] = None):
    """Like ``functools.lru_cache``, with one cache per tables (:func:`tables_of`): the
    values of one game's tables are never handed out while another's are active, and
    a switch of tables (every build of a 3.6 file, every NetHack 3.7 level) keeps
    what each game's tables gave instead of building it again."""
    def deco(fn):
        caches: Dict = {}

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            cached = caches.get(_ACTIVE[-1])
            if cached is None:
                cached = caches[_ACTIVE[-1]] = lru_cache(maxsize=maxsize)(fn)
            return cached(*args, **kwargs)

        wrapper.cache_clear = caches.clear
        return wrapper
    return deco


def clears_with_tables(fn):
    """Give a cached function (``functools.lru_cache``) of values that come from the
    tables one cache per tables (:func:`_per_tables`), so that no value of one game's
    tables is read while another's are active."""
    inner = getattr(fn, "__wrapped__", None)
    if inner is not None and hasattr(fn, "cache_parameters"):
        fn = _per_tables(fn.cache_parameters()["maxsize"])(inner)
    _DERIVED.append(fn)
    return fn


def _switch(active: Tuple[Optional[str], FrozenSet[str]]) -> None:
    _ACTIVE[-1] = active            # the caches are per tables: nothing to clear


#: Every table a maker reads from a game's profile (monsters, objects, traps, shop
#: types and shopkeepers, headstones).
#: (Not ``rooms``: the loader numbers room types as UnNetHack does, whatever the game;
#: :func:`shop_type_for_room` finds the game's shop of a room type by its name.)
ALL_TABLES = ("monsters", "objects", "traps", "shops", "epitaphs")


@dataclass(frozen=True)
class Tables:
    """Which game's tables a level is built from: a profile's folder (None: the shipped
    UnNetHack tables) and which of its tables are read from it (the others stay
    UnNetHack's, as :func:`load_table` falls back for a table the folder lacks).  One
    value per build, reached from the run's settings (the ``--data`` profile, else the
    dialect's own): ``unlev.generate.build.build`` hands it to the loader's state
    (``MakeContext.tables``) and makes it the active tables while the level is made."""

    folder: Optional[str] = None
    which: FrozenSet[str] = frozenset()

    @classmethod
    def of(cls, folder: Optional[str], which: Iterable[str] = ALL_TABLES) -> "Tables":
        if folder is None:
            return UNNETHACK_TABLES
        return cls(os.path.abspath(str(folder)), frozenset(which))

    @property
    def is_unnethack(self) -> bool:
        return self.folder is None


#: The shipped UnNetHack tables, what every des-file of UnNetHack's is built from.
UNNETHACK_TABLES = Tables()


@contextlib.contextmanager
def tables_of(folder, tables: Iterable[str] = ("monsters", "objects", "epitaphs")):
    """Build with another game's tables: inside the ``with``, the named *tables*
    (every lookup, random monster and object, headstone text) are read from *folder*
    (a profile's directory, :mod:`unlev.stdlib.profiles`; None: UnNetHack's; or a
    :class:`Tables` value, which says both), the others stay UnNetHack's.  Why: a
    NetHack 3.7 level is populated from 3.7's ``mons[]`` and ``objects[]`` (issue 31),
    a 3.6 or variant level from its game's tables (issue 30), not UnNetHack's."""
    if not isinstance(folder, Tables):
        folder = Tables.of(folder, tables)
    before = _ACTIVE[-1]
    _switch((folder.folder, folder.which))
    try:
        yield
    finally:
        _switch(before)


def active() -> Tables:
    """The active tables as a :class:`Tables` value."""
    folder, which = _ACTIVE[-1]
    return UNNETHACK_TABLES if folder is None else Tables(folder, which)


def active_tables() -> Optional[str]:
    """The folder :func:`tables_of` made active, or None (UnNetHack's tables)."""
    return _ACTIVE[-1][0]


# ---------------------------------------------------------------------------------------
# records
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Attack:
    type: str        # AT_* name
    damage: str      # AD_* name
    dice: int
    sides: int


@dataclass(frozen=True)
class MonsterClass:
    index: int                # S_* value
    symbol: Optional[str]     # default display character ('d'); None for the unused slot
    name: Optional[str]       # "S_DOG"
    explain: Optional[str]    # "dog or other canine"


@dataclass(frozen=True, repr=False)
class Monster:
    index: int                # position in mons[] (PM_* value)
    name: str
    symbol: str               # class character, e.g. 'd'
    class_name: str           # "S_DOG"
    class_index: int
    level: int
    move: int
    ac: int
    mr: int
    alignment: int
    geno: int                 # the raw G_* mask including the frequency bits
    gen_flags: FrozenSet[str]
    frequency: int
    attacks: Tuple[Attack, ...]
    weight: int
    nutrition: int
    sound: str
    size: str
    size_value: int
    resists: FrozenSet[str]
    conveys: FrozenSet[str]
    mflags1: int
    mflags2: int
    mflags3: int
    m1: FrozenSet[str]
    m2: FrozenSet[str]
    m3: FrozenSet[str]
    color: str
    color_value: int
    difficulty: int           # makedefs' mstrength(), i.e. the game's monstr[]
    #: 3.7's other names of the monster (NAMS(male, female, neutral)); () elsewhere
    other_names: Tuple[str, ...] = ()

    def __repr__(self) -> str:
        return f"<Monster #{self.index} {self.name!r} {self.symbol!r} difficulty {self.difficulty}>"

    def has(self, flag: str) -> bool:
        """True if the named G_/M1_/M2_/M3_/MR_ flag is set."""
        return (flag in self.gen_flags or flag in self.m1 or flag in self.m2
                or flag in self.m3 or flag in self.resists)

    @property
    def unique(self) -> bool:
        return "G_UNIQ" in self.gen_flags

    @property
    def nogen(self) -> bool:
        return "G_NOGEN" in self.gen_flags

    @property
    def genocidable(self) -> bool:
        return "G_GENO" in self.gen_flags


@dataclass(frozen=True)
class ObjectClass:
    index: int                # *_CLASS value
    symbol: str               # ')'
    name: str                 # "WEAPON_CLASS"
    explain: str              # "weapon"
    plural: str               # "weapons"


@dataclass(frozen=True, repr=False)
class Object:
    index: int                # position in objects[]
    name: Optional[str]       # None for a spare, unnamed appearance
    description: Optional[str]  # unidentified appearance (before shuffling)
    class_symbol: str
    class_name: str
    class_index: int
    prob: int                 # oc_prob (per-mille within its class)
    weight: int
    cost: int
    material: Optional[str]
    color: object             # CLR_* name
    delay: object
    sdam: object
    ldam: object
    oc1: object
    oc2: object
    nutrition: object
    property: object          # conveyed property (name when prop.h was not available)
    subtype: object           # skill / armour category (name when skills.h was not available)
    name_known: int
    merge: int
    uses_known: int
    container: int
    magic: int
    charged: int
    unique: int
    nowish: int
    big: int
    tough: int
    dir: int

    def __repr__(self) -> str:
        shown = self.name if self.name is not None else f"({self.description})"
        return f"<Object #{self.index} {shown!r} {self.class_symbol!r} prob {self.prob}>"


@dataclass(frozen=True)
class Trap:
    index: int                # trap.h's trap_types value
    name: str                 # "ROCKTRAP"
    des_name: Optional[str]   # what a des-file writes: "falling rock"; None if lev_comp has none


@dataclass(frozen=True)
class ShopStock:
    """One row of a shop's stock: ``prob`` per cent of its squares get an object of
    ``cls`` (a class symbol; None = any class) or, with ``obj`` set, that object."""
    prob: int
    cls: Optional[str]
    obj: Optional[str] = None


@dataclass(frozen=True)
class ShopType:
    """shknam.c shtypes[]: index i is the shop of room type SHOPBASE + i."""
    index: int
    name: str                 # "general store"
    cls: Optional[str]        # the class it deals in (None: any)
    prob: int                 # chance (per cent) of a random shop being this kind
    stock: Tuple[ShopStock, ...]
    names: Optional[str]      # key into shopkeeper_names(); None: named after the monster


@dataclass(frozen=True)
class RoomType:
    name: str                 # what a des-file writes: "throne"
    value: int                # mkroom.h's rtype
    const: str                # "COURT"


def _monster(d: dict) -> Monster:
    return Monster(
        index=d["index"], name=d["name"], symbol=d["symbol"], class_name=d["class"],
        class_index=d["class_index"], level=d["level"], move=d["move"], ac=d["ac"],
        mr=d["mr"], alignment=d["alignment"], geno=d["geno"],
        gen_flags=frozenset(d["gen_flags"]), frequency=d["frequency"],
        attacks=tuple(Attack(**a) for a in d["attacks"]), weight=d["weight"],
        nutrition=d["nutrition"], sound=d["sound"], size=d["size"],
        size_value=d["size_value"], resists=frozenset(d["resists"]),
        conveys=frozenset(d["conveys"]), mflags1=d["mflags1"], mflags2=d["mflags2"],
        mflags3=d["mflags3"], m1=frozenset(d["m1"]), m2=frozenset(d["m2"]),
        m3=frozenset(d["m3"]), color=d["color"], color_value=d["color_value"],
        difficulty=d["difficulty"],
        other_names=tuple(n for n in d.get("names", ()) if n != d["name"]))


def _object(d: dict) -> Object:
    return Object(
        index=d["index"], name=d["name"], description=d["description"],
        class_symbol=d["class"], class_name=d["class_name"], class_index=d["class_index"],
        prob=d["prob"], weight=d["weight"], cost=d["cost"], material=d["material"],
        color=d["color"], delay=d["delay"], sdam=d["sdam"], ldam=d["ldam"], oc1=d["oc1"],
        oc2=d["oc2"], nutrition=d["nutrition"], property=d["property"],
        subtype=d["subtype"], name_known=d["name_known"], merge=d["merge"],
        uses_known=d["uses_known"], container=d["container"], magic=d["magic"],
        charged=d["charged"], unique=d["unique"], nowish=d["nowish"],
        # dNetHack's objects have oc_size where the others have oc_big, and its
        # objclass.h reads oc_bimanual and oc_bulky as oc_size == MZ_HUGE (4)
        big=d["big"] if "big" in d else d.get("size") == 4,
        tough=d["tough"], dir=d["dir"])


@_per_tables()
def monsters() -> Tuple[Monster, ...]:
    """All of ``mons[]`` in game order (index == PM_* value), special ones included."""
    return tuple(_monster(d) for d in load_table("monsters")["monsters"])


@_per_tables()
def monster_classes() -> Tuple[MonsterClass, ...]:
    """Monster classes 1..MAXMCLASSES-1 (index 35 is an unused slot with no symbol)."""
    return tuple(MonsterClass(**c) for c in load_table("monsters")["classes"])


@_per_tables()
def objects() -> Tuple[Object, ...]:
    """All of ``objects[]`` in game order (index == object type number)."""
    return tuple(_object(d) for d in load_table("objects")["objects"])


@_per_tables()
def object_classes() -> Tuple[ObjectClass, ...]:
    return tuple(ObjectClass(**c) for c in load_table("objects")["classes"])


@_per_tables()
def traps() -> Tuple[Trap, ...]:
    """Trap types 1..TRAPNUM-1 (NO_TRAP excluded), index == trap.h value."""
    return tuple(Trap(**t) for t in load_table("traps")["traps"])


@_per_tables()
def room_types() -> Tuple[RoomType, ...]:
    """The room-type names lev_comp accepts, in its table order."""
    return tuple(RoomType(r["name"], r["value"], r["room"])
                 for r in load_table("rooms")["des_names"])


@_per_tables()
def shop_types() -> Tuple[ShopType, ...]:
    return tuple(ShopType(r["index"], r["name"], r["class"], r["prob"],
                          tuple(ShopStock(st["prob"], st.get("class"), st.get("object"))
                                for st in r["stock"]), r["names"])
                 for r in load_table("shops")["shops"])


def shop_type_for_room(rtype: int) -> Optional[ShopType]:
    """The shop of the active tables that UnNetHack's room type number ``rtype``
    (SHOPBASE and up: the loader numbers room types as UnNetHack does) stands for:
    the same ``shtypes[]`` row for UnNetHack's tables; for another game's, the row of
    the room type of the same name in that game's ``rooms`` table (NetHack 3.6's
    CANDLESHOP is its 12th shop, UnNetHack's its 14th), None if it has none."""
    ours = _load_table(None, "rooms")
    index = rtype - ours["shopbase"]
    folder, which = _ACTIVE[-1]
    theirs_path = None if folder is None else os.path.join(folder, "rooms.json")
    if "shops" in which and theirs_path is not None and os.path.isfile(theirs_path):
        symbols = [t["name"] for t in ours["types"]
                   if t["value"] == rtype and t["name"] != "UNIQUESHOP"]
        theirs = _load_table(folder, "rooms")
        values = {t["name"]: t["value"] for t in theirs["types"]}
        if not symbols or symbols[0] not in values:
            return None
        index = values[symbols[0]] - theirs["shopbase"]
    types = shop_types()
    return types[index] if 0 <= index < len(types) else None


def shopkeeper_names(key: str) -> Tuple[str, ...]:
    """A shopkeeper name list of shknam.c (``"shkgeneral"``...), prefix codes kept."""
    return tuple(load_table("shops")["shopkeeper_names"][key])


def blackmarket_prefixes() -> Tuple[str, ...]:
    return tuple(load_table("shops")["blackmarket_prefixes"])


def epitaphs() -> Tuple[str, ...]:
    """engrave.c's random headstone texts, in the game's order."""
    return tuple(load_table("epitaphs")["epitaphs"])


def depth_engravings(depth: int) -> Tuple[str, ...]:
    """mklev.c place_random_engravings(): the texts one of which is burnt into every
    level made at ``depth`` (UnNetHack: 23 and 42); empty elsewhere."""
    return tuple(load_table("epitaphs").get("depth_engravings", {}).get(str(depth), ()))


@_per_tables()
def _monsters_by_name() -> Dict[Tuple[str, Optional[str]], Monster]:
    out: Dict[Tuple[str, Optional[str]], Monster] = {}
    for m in monsters():
        for n in (m.name,) + m.other_names:
            out.setdefault((n, None), m)
            out.setdefault((n, m.symbol), m)
    return out


def monster_named(name: str, class_symbol: Optional[str] = None) -> Optional[Monster]:
    """The first monster of that exact name (of that class, if given), or None
    (fast; no lev_comp rules, no errors).  Names can repeat across classes: the
    were-creatures' animal forms share their human form's name."""
    return _monsters_by_name().get((name, class_symbol))


@_per_tables()
def _objects_by_name() -> Dict[Tuple[str, Optional[str]], Object]:
    out: Dict[Tuple[str, Optional[str]], Object] = {}
    for o in objects():
        if o.name:
            out.setdefault((o.name, None), o)
            out.setdefault((o.name, o.class_symbol), o)
    return out


def object_named(name: str, class_symbol: Optional[str] = None) -> Optional[Object]:
    """The first object of that exact name (of that class, if given), or None."""
    return _objects_by_name().get((name, class_symbol))


def monster_by_index(i: int) -> Monster:
    return monsters()[i]


def object_by_index(i: int) -> Object:
    return objects()[i]


def trap_by_index(i: int) -> Trap:
    for t in traps():
        if t.index == i:
            return t
    raise IndexError(f"no trap type {i}")


def special_pm() -> int:
    """Index of the first monster never made at random (``SPECIAL_PM``, the long worm tail)."""
    return load_table("monsters")["special_pm"]


def last_gem() -> int:
    """makedefs' ``LAST_GEM``: the last real gem (jade); glass follows it."""
    return load_table("objects")["last_gem"]


@_per_tables()
def object_class_bases() -> Dict[str, int]:
    """``bases[]``: first object index of each class, keyed by class symbol."""
    return dict(load_table("objects")["bases"])


def object_class_probabilities(table: str = "mkobjprobs") -> List[Tuple[int, str]]:
    """One of mkobj.c's class tables (``mkobjprobs``, ``boxiprobs``, ``rogueprobs``,
    ``hellprobs``) as (probability, class symbol) pairs, in the C order."""
    return [(r["prob"], r["class"]) for r in load_table("objects")["class_probabilities"][table]]


# ---------------------------------------------------------------------------------------
# classes
# ---------------------------------------------------------------------------------------
@_per_tables()
def _monclass_by_symbol() -> Dict[str, MonsterClass]:
    out: Dict[str, MonsterClass] = {}
    for c in monster_classes():
        if c.symbol is not None and c.symbol not in out:   # def_char_to_monclass: first match
            out[c.symbol] = c
    return out


@_per_tables()
def _objclass_by_symbol() -> Dict[str, ObjectClass]:
    out: Dict[str, ObjectClass] = {}
    for c in object_classes():
        out.setdefault(c.symbol, c)
    return out


def is_monster_class_symbol(symbol: str) -> bool:
    """lev_comp's check_monster_char."""
    return symbol in _monclass_by_symbol()


def is_object_class_symbol(symbol: str) -> bool:
    """lev_comp's check_object_char."""
    return symbol in _objclass_by_symbol()


def monster_class(symbol: str) -> MonsterClass:
    """The class of a monster symbol; UnknownNameError ("Unknown monster class 'c'!")."""
    try:
        return _monclass_by_symbol()[symbol]
    except KeyError:
        raise unknown_monster_class(symbol) from None


def object_class(symbol: str) -> ObjectClass:
    """The class of an object symbol; UnknownNameError ("Unknown object class 'c'!")."""
    try:
        return _objclass_by_symbol()[symbol]
    except KeyError:
        raise unknown_object_class(symbol) from None


@_per_tables()
def monsters_of_class(symbol: str) -> Tuple[Monster, ...]:
    """Every monster whose class symbol is *symbol*, in table order (special ones too)."""
    cls = monster_class(symbol)
    return tuple(m for m in monsters() if m.class_index == cls.index)


@_per_tables()
def objects_of_class(symbol: str) -> Tuple[Object, ...]:
    """The block of objects[] holding class *symbol* (unnamed rows included)."""
    cls = object_class(symbol)
    # from bases[class] on: 3.7 keeps a "generic" object of every class before all
    # the classes (o_init.c skips them), the other games have none
    first = object_class_bases().get(symbol, 0)
    return tuple(o for o in objects() if o.class_index == cls.index and o.index >= first)


# ---------------------------------------------------------------------------------------
# errors and suggestions
# ---------------------------------------------------------------------------------------
class UnknownNameError(LookupError):
    """A name lev_comp would reject.

    ``message`` is lev_comp's own text; ``hint`` a "did you mean" line or None;
    ``severity`` is "error", except for room types, where lev_comp only warns
    (``Unknown room type "x"!  Making ordinary room...``) and uses an ordinary room.
    """

    def __init__(self, kind: str, name: str, message: str, class_symbol: Optional[str] = None,
                 suggestions: Sequence[str] = (), severity: str = "error") -> None:
        super().__init__(message)
        self.kind = kind
        self.name = name
        self.class_symbol = class_symbol
        self.message = message
        self.suggestions = list(suggestions)
        self.severity = severity

    @property
    def hint(self) -> Optional[str]:
        if not self.suggestions:
            return None
        quoted = ", ".join(f'"{s}"' for s in self.suggestions)
        return f"did you mean {quoted}?"

    def __str__(self) -> str:
        return self.message if not self.hint else f"{self.message} ({self.hint})"


def _ascii_lower(s: str) -> str:
    return "".join(chr(ord(c) + 32) if "A" <= c <= "Z" else c for c in s)


#: How alike (difflib's ratio) a game name must be to be offered as "did you mean": a
#: typo ("minotuar", "gnome lrod": 0.87-0.9) is, another creature ("tree blight" /
#: "yellow light" 0.61, "gold dragon" / "red dragon" 0.76) is not.
NAME_CUTOFF = 0.8


def suggest(name: str, candidates: Iterable[str], n: int = 3,
            cutoff: float = NAME_CUTOFF) -> List[str]:
    """Up to *n* candidates close to *name* ("did you mean"), best first.

    Matching ignores case; the candidates are returned with their own spelling."""
    by_folded: Dict[str, str] = {}
    for c in candidates:
        if c:
            by_folded.setdefault(_ascii_lower(c), c)
    import difflib                      # only for an unknown name: not at start-up
    close = difflib.get_close_matches(_ascii_lower(name), list(by_folded), n=n, cutoff=cutoff)
    return [by_folded[c] for c in close]


def unknown_monster_class(symbol: str) -> UnknownNameError:
    return UnknownNameError("monster class", symbol, f"Unknown monster class '{symbol}'!",
                            symbol)


def unknown_object_class(symbol: str) -> UnknownNameError:
    return UnknownNameError("object class", symbol, f"Unknown object class '{symbol}'!",
                            symbol)


# ---------------------------------------------------------------------------------------
# lookups
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Lookup(Generic[T]):
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
    found = _lookup_monster(name, class_symbol)
    if found.ok or not lenient:
        return found
    return Lookup(placeholder_monster(name, class_symbol), warning=found.error.message,
                  placeholder=True)


def _lookup_monster(name: str, class_symbol: Optional[str]) -> Lookup[Monster]:
    if class_symbol:
        cls = _monclass_by_symbol().get(class_symbol)
        pool: Sequence[Monster] = () if cls is None else monsters_of_class(class_symbol)
        msg = f"Unknown monster ('{class_symbol}', \"{name}\")!"
    else:
        pool = monsters()
        msg = f'Unknown monster "{name}"!'
    for m in pool:
        if m.name == name or name in m.other_names:
            return Lookup(m)
    folded = _ascii_lower(name)
    for m in pool:
        if any(_ascii_lower(n) == folded for n in (m.name,) + m.other_names):
            return Lookup(m, exact=False,
                          warning=f'Monster type "{name}" matches "{m.name}".')
    cands = [m.name for m in (pool or monsters())]
    return Lookup(None, error=UnknownNameError("monster", name, msg, class_symbol,
                                               suggest(name, cands)))


def get_monster(name: str, class_symbol: Optional[str] = None) -> Monster:
    """Like lookup_monster, but raises UnknownNameError."""
    return lookup_monster(name, class_symbol).get()


def lookup_object(name: str, class_symbol: Optional[str] = None,
                  lenient: bool = False) -> Lookup[Object]:
    """lev_comp's get_object_id(name, class).  ``lenient``: an unknown name gives
    :func:`placeholder_object` (``placeholder`` set) instead of the error."""
    found = _lookup_object(name, class_symbol)
    if found.ok or not lenient:
        return found
    return Lookup(placeholder_object(name), warning=found.error.message, placeholder=True)


def _lookup_object(name: str, class_symbol: Optional[str]) -> Lookup[Object]:
    if class_symbol:
        cls = _objclass_by_symbol().get(class_symbol)
        pool: Sequence[Object] = () if cls is None else objects_of_class(class_symbol)
        msg = f"Unknown object ('{class_symbol}', \"{name}\")!"
    else:
        pool = objects()
        msg = f'Unknown object "{name}"!'
    for o in pool:
        if o.name is not None and o.name == name:
            return Lookup(o)
    folded = _ascii_lower(name)
    for o in pool:
        if o.name is not None and _ascii_lower(o.name) == folded:
            return Lookup(o, exact=False, warning=f'Object type "{name}" matches "{o.name}".')
    cands = [o.name for o in (pool or objects()) if o.name]
    return Lookup(None, error=UnknownNameError("object", name, msg, class_symbol,
                                               suggest(name, cands)))


def get_object(name: str, class_symbol: Optional[str] = None) -> Object:
    """Like lookup_object, but raises UnknownNameError."""
    return lookup_object(name, class_symbol).get()


@_per_tables()
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


@_per_tables()
def placeholder_monster(name: str, class_symbol: Optional[str] = None) -> Monster:
    """A monster record for a name the tables lack: level 0, no flags, no attacks
    (so nothing the loader does with it depends on a guess), drawn as ``I``."""
    cls = _monclass_by_symbol().get(class_symbol) if class_symbol else None
    return Monster(
        index=-1, name=name, symbol=PLACEHOLDER_MONSTER_SYMBOL,
        class_name=cls.name if cls else "placeholder",
        class_index=cls.index if cls else 0, level=0, move=0, ac=10, mr=0, alignment=0,
        geno=0, gen_flags=frozenset({"G_NOGEN"}), frequency=0, attacks=(), weight=0,
        nutrition=0, sound="MS_SILENT", size="MZ_MEDIUM", size_value=2,
        resists=frozenset(), conveys=frozenset(), mflags1=0, mflags2=0, mflags3=0,
        m1=frozenset(), m2=frozenset(), m3=frozenset(), color=PLACEHOLDER_COLOR,
        color_value=13, difficulty=0)


@_per_tables()
def placeholder_object(name: str) -> Object:
    """An object record for a name the tables lack: the game's own "strange object"
    (class ``]``, the ILLOBJ class) under the unknown name."""
    base = objects()[0]
    return dataclasses.replace(base, index=-1, name=name, color=PLACEHOLDER_COLOR)


@_per_tables()
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
