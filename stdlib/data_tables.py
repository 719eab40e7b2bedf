"""NetHack's data tables (monsters, objects, traps, room types, shops, epitaphs), read
lazily and switchable per game.

Why a module of its own: the tables are the game's arrays (``mons[]``, ``objects[]``,
trap.h, the room types of ``mkroom.h``), written to ``data/*.json`` next to this file
by ``tools/gen_data.py`` from a variant's C source; reading them, keeping the records
typed and switching to another game's tables (:func:`tables_of`) is one job.  Nothing
is read at import time: each table is loaded and cached the first time it is asked for,
and every cache derived from the tables is cleared when they switch
(:func:`clears_with_tables`).  The errors an unknown class symbol raises and the "did
you mean" suggestions live here too, as the class lookups below raise them.

lev_comp's name lookups (``get_monster_id``...) are :mod:`unlev.stdlib.data`, which
re-exports everything here: import from there.
"""

from __future__ import annotations

import contextlib
import functools
import os
from dataclasses import dataclass
from _thread import _local as _ThreadLocal   # threading.local, without importing threading
from functools import lru_cache

from .records import record
from .shipped import DATA_DIR, read_json_table, shipped_table

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple


# ---------------------------------------------------------------------------------------
# loading
# ---------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _load_table(folder: Optional[str], name: str) -> dict:
    if folder is None:
        return shipped_table(name)
    return read_json_table(os.path.join(folder, f"{name}.json"))





class _ActiveTables(_ThreadLocal):
    """The folder of the tables a level is being built from and which of its tables are
    read from it (:func:`tables_of`); (None, ()) for the shipped UnNetHack tables.
    One per thread: the language server and ``unlev serve`` build levels on threads of
    their own, and a 3.6 level made on one must not lend its tables to an UnNetHack
    file checked on another at the same time (a new thread starts with UnNetHack's)."""

    def __init__(self) -> None:
        self.value: Tuple[Optional[str], FrozenSet[str]] = (None, frozenset())


#: Everything below reads through :func:`load_table`.
_ACTIVE = _ActiveTables()
#: Caches of other modules derived from the tables (:func:`clears_with_tables`).
_DERIVED: List = []


def _table_folder(name: str) -> Optional[str]:
    """The folder ``name`` is read from with the active tables (None: UnNetHack's)."""
    folder, which = _ACTIVE.value
    if folder is not None and (name not in which
                               or not os.path.isfile(os.path.join(folder, f"{name}.json"))):
        folder = None
    return folder


def load_table(name: str) -> dict:
    """The raw JSON of ``<name>.json`` (``monsters``, ``objects``, ``traps``, ``rooms``)
    of the active tables (:func:`tables_of`; by default UnNetHack's, ``data/``).  A
    profile without that table falls back to UnNetHack's."""
    return _load_table(_table_folder(name), name)


load_table.cache_info = _load_table.cache_info     # what has been read so far


def table_file(name: str) -> str:
    """The file :func:`load_table` reads ``name`` from with the active tables."""
    folder = _table_folder(name)
    return os.path.join(DATA_DIR if folder is None else folder, f"{name}.json")


def _per_tables(maxsize: Optional[int] = None):
    """Like ``functools.lru_cache``, with one cache per tables (:func:`tables_of`): the
    values of one game's tables are never handed out while another's are active, and
    a switch of tables (every build of a 3.6 file, every NetHack 3.7 level) keeps
    what each game's tables gave instead of building it again."""
    def deco(fn):
        caches: Dict = {}

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            cached = caches.get(_ACTIVE.value)
            if cached is None:
                cached = caches[_ACTIVE.value] = lru_cache(maxsize=maxsize)(fn)
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
    _ACTIVE.value = active            # the caches are per tables: nothing to clear


#: Every table a maker reads from a game's profile (monsters, objects, traps, shop
#: types and shopkeepers, headstones).
#: (Not ``rooms``: the loader numbers room types as UnNetHack does, whatever the game;
#: :func:`shop_of_room` finds the game's shop of a room type by its name.)
ALL_TABLES = ("monsters", "objects", "traps", "shops", "epitaphs")


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class Tables:
    """Which game's tables a level is built from: a profile's folder (None: the shipped
    UnNetHack tables) and which of its tables are read from it (the others stay
    UnNetHack's, as :func:`load_table` falls back for a table the folder lacks).  One
    value per build, reached from the run's settings (the ``--data`` profile, else the
    dialect's own): ``unlev.generate.build.build`` hands it to the loader's state
    (``MakeContext.tables``) and makes it the active tables while the level is made."""

    folder: Optional[str] = None
    which: FrozenSet[str] = frozenset()

    def __init__(self, folder: Optional[str] = None,
                 which: FrozenSet[str] = frozenset()) -> None:
        self.__dict__.update(folder=folder, which=which)

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
def tables_of(folder, tables: Iterable[str] = ("monsters", "objects", "epitaphs",
                                               "shops")):
    """Build with another game's tables: inside the ``with``, the named *tables*
    (every lookup, random monster and object, headstone text) are read from *folder*
    (a profile's directory, :mod:`unlev.stdlib.profiles`; None: UnNetHack's; or a
    :class:`Tables` value, which says both), the others stay UnNetHack's.  Why: a
    NetHack 3.7 level is populated from 3.7's ``mons[]``, ``objects[]`` and shop kinds
    (issue 31),
    a 3.6 or variant level from its game's tables (issue 30), not UnNetHack's."""
    if not isinstance(folder, Tables):
        folder = Tables.of(folder, tables)
    before = _ACTIVE.value
    _switch((folder.folder, folder.which))
    try:
        yield
    finally:
        _switch(before)


def active() -> Tables:
    """The active tables as a :class:`Tables` value."""
    folder, which = _ACTIVE.value
    return UNNETHACK_TABLES if folder is None else Tables(folder, which)


def active_tables() -> Optional[str]:
    """The folder :func:`tables_of` made active, or None (UnNetHack's tables)."""
    return _ACTIVE.value[0]


# ---------------------------------------------------------------------------------------
# records
# ---------------------------------------------------------------------------------------
@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class Attack:
    """One of a monster's attacks (``struct attk``): how, what it does, its dice."""

    type: str        # AT_* name
    damage: str      # AD_* name
    dice: int
    sides: int

    def __init__(self, type: str, damage: str, dice: int, sides: int) -> None:
        self.__dict__.update(type=type, damage=damage, dice=dice, sides=sides)


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class MonsterClass:
    """A monster class of ``def_monsyms[]``."""

    index: int                # S_* value
    symbol: Optional[str]     # default display character ('d'); None for the unused slot
    name: Optional[str]       # "S_DOG"
    explain: Optional[str]    # "dog or other canine"

    def __init__(self, index: int, symbol: Optional[str], name: Optional[str],
                 explain: Optional[str]) -> None:
        self.__dict__.update(index=index, symbol=symbol, name=name, explain=explain)


@record(frozen=True, repr=False)
@dataclass(init=False, repr=False, eq=False)
class Monster:
    """A monster of ``mons[]`` (``struct permonst``) with its generation flags."""

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

    def __init__(self, index: int, name: str, symbol: str, class_name: str,
                 class_index: int, level: int, move: int, ac: int, mr: int,
                 alignment: int, geno: int, gen_flags: FrozenSet[str], frequency: int,
                 attacks: Tuple[Attack, ...], weight: int, nutrition: int, sound: str,
                 size: str, size_value: int, resists: FrozenSet[str],
                 conveys: FrozenSet[str], mflags1: int, mflags2: int, mflags3: int,
                 m1: FrozenSet[str], m2: FrozenSet[str], m3: FrozenSet[str], color: str,
                 color_value: int, difficulty: int,
                 other_names: Tuple[str, ...] = ()) -> None:
        self.__dict__.update(
            index=index, name=name, symbol=symbol, class_name=class_name,
            class_index=class_index, level=level, move=move, ac=ac, mr=mr,
            alignment=alignment, geno=geno, gen_flags=gen_flags, frequency=frequency,
            attacks=attacks, weight=weight, nutrition=nutrition, sound=sound, size=size,
            size_value=size_value, resists=resists, conveys=conveys, mflags1=mflags1,
            mflags2=mflags2, mflags3=mflags3, m1=m1, m2=m2, m3=m3, color=color,
            color_value=color_value, difficulty=difficulty, other_names=other_names)

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


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class ObjectClass:
    """An object class of ``def_oc_syms[]``."""

    index: int                # *_CLASS value
    symbol: str               # ')'
    name: str                 # "WEAPON_CLASS"
    explain: str              # "weapon"
    plural: str               # "weapons"

    def __init__(self, index: int, symbol: str, name: str, explain: str,
                 plural: str) -> None:
        self.__dict__.update(index=index, symbol=symbol, name=name, explain=explain,
                             plural=plural)


@record(frozen=True, repr=False)
@dataclass(init=False, repr=False, eq=False)
class Object:
    """An object of ``objects[]`` (``struct objclass``)."""

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

    def __init__(self, index: int, name: Optional[str], description: Optional[str],
                 class_symbol: str, class_name: str, class_index: int, prob: int,
                 weight: int, cost: int, material: Optional[str], color: object,
                 delay: object, sdam: object, ldam: object, oc1: object, oc2: object,
                 nutrition: object, property: object, subtype: object, name_known: int,
                 merge: int, uses_known: int, container: int, magic: int, charged: int,
                 unique: int, nowish: int, big: int, tough: int, dir: int) -> None:
        self.__dict__.update(
            index=index, name=name, description=description, class_symbol=class_symbol,
            class_name=class_name, class_index=class_index, prob=prob, weight=weight,
            cost=cost, material=material, color=color, delay=delay, sdam=sdam,
            ldam=ldam, oc1=oc1, oc2=oc2, nutrition=nutrition, property=property,
            subtype=subtype, name_known=name_known, merge=merge, uses_known=uses_known,
            container=container, magic=magic, charged=charged, unique=unique,
            nowish=nowish, big=big, tough=tough, dir=dir)

    def __repr__(self) -> str:
        shown = self.name if self.name is not None else f"({self.description})"
        return f"<Object #{self.index} {shown!r} {self.class_symbol!r} prob {self.prob}>"


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class Trap:
    """A trap type of trap.h and the name a des-file gives it."""

    index: int                # trap.h's trap_types value
    name: str                 # "ROCKTRAP"
    des_name: Optional[str]   # what a des-file writes: "falling rock"; None if lev_comp has none

    def __init__(self, index: int, name: str, des_name: Optional[str]) -> None:
        self.__dict__.update(index=index, name=name, des_name=des_name)


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class ShopStock:
    """One row of a shop's stock: ``prob`` per cent of its squares get an object of
    ``cls`` (a class symbol; None = any class) or, with ``obj`` set, that object."""
    prob: int
    cls: Optional[str]
    obj: Optional[str] = None
    vegetarian: bool = False      # 3.7's VEGETARIAN_CLASS row (the health food store)

    def __init__(self, prob: int, cls: Optional[str], obj: Optional[str] = None,
                 vegetarian: bool = False) -> None:
        self.__dict__.update(prob=prob, cls=cls, obj=obj, vegetarian=vegetarian)


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class ShopType:
    """shknam.c shtypes[]: index i is the shop of room type SHOPBASE + i."""
    index: int
    name: str                 # "general store"
    cls: Optional[str]        # the class it deals in (None: any)
    prob: int                 # chance (per cent) of a random shop being this kind
    stock: Tuple[ShopStock, ...]
    names: Optional[str]      # key into shopkeeper_names(); None: named after the monster

    def __init__(self, index: int, name: str, cls: Optional[str], prob: int,
                 stock: Tuple[ShopStock, ...], names: Optional[str]) -> None:
        self.__dict__.update(index=index, name=name, cls=cls, prob=prob, stock=stock,
                             names=names)


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class RoomType:
    """A room type a des-file names, with mkroom.h's number for it."""

    name: str                 # what a des-file writes: "throne"
    value: int                # mkroom.h's rtype
    const: str                # "COURT"

    def __init__(self, name: str, value: int, const: str) -> None:
        self.__dict__.update(name=name, value=value, const=const)


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
                          tuple(ShopStock(st["prob"], st.get("class"), st.get("object"),
                                          bool(st.get("vegetarian")))
                                for st in r["stock"]), r["names"])
                 for r in load_table("shops")["shops"])


@_per_tables()
def _shop_numbering() -> Tuple[str, ...]:
    """The shop kinds by room type number (SHOPBASE + i): UnNetHack's names in its
    order, then the active table's kinds UnNetHack lacks, in their order."""
    own = tuple(r["name"] for r in _load_table(None, "shops")["shops"])
    return own + tuple(k.name for k in shop_types() if k.name not in own)


def shop_of_room(i: int) -> Optional[ShopType]:
    """The active table's shop kind of room type SHOPBASE + ``i``.  Level records
    number room types as UnNetHack does (a des-file's "candle shop" is UnNetHack's
    lighting store, 13), so the kind is found by its name; with UnNetHack's table this
    is ``shop_types()[i]``.  None when the active table has no such kind."""
    names = _shop_numbering()
    if not 0 <= i < len(names):
        return None
    return next((k for k in shop_types() if k.name == names[i]), None)


def shop_room_index(kind: ShopType) -> int:
    """The ``i`` of room type SHOPBASE + i for an active table's shop kind (the inverse
    of :func:`shop_of_room`)."""
    return _shop_numbering().index(kind.name)


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


def monster_class_indices() -> Dict[str, int]:
    """Each monster class symbol lev_comp accepts, to its class's index."""
    return {s: c.index for s, c in _monclass_by_symbol().items()}


def object_class_indices() -> Dict[str, int]:
    """Each object class symbol lev_comp accepts, to its class's index."""
    return {s: c.index for s, c in _objclass_by_symbol().items()}


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


_ASCII_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


def ascii_lower(s: str) -> str:
    """C's tolower in the "C" locale: A-Z only (not ``str.lower``'s Unicode folding)."""
    return s.translate(_ASCII_LOWER)


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
            by_folded.setdefault(ascii_lower(c), c)
    import difflib                      # only for an unknown name: not at start-up
    close = difflib.get_close_matches(ascii_lower(name), list(by_folded), n=n, cutoff=cutoff)
    return [by_folded[c] for c in close]


def unknown_monster_class(symbol: str) -> UnknownNameError:
    return UnknownNameError("monster class", symbol, f"Unknown monster class '{symbol}'!",
                            symbol)


def unknown_object_class(symbol: str) -> UnknownNameError:
    return UnknownNameError("object class", symbol, f"Unknown object class '{symbol}'!",
                            symbol)
