"""The syntax tree of a des-file: plain dataclasses, each carrying its source span.

Expressions are typed at parse time (the grammar is written over typed variable
tokens, as lev_comp's is), so every expression node knows what kind of value it
yields; the evaluator never has to guess.

Every node class is slotted (:func:`node`): what a node holds is declared here, and
a stray attribute set from another module fails at once.  What passes after parsing
learn about a node (an INCLUDE's tree, a 3.4.3 room's name, a FUNCTION table collected
once) is a declared *side field* (:func:`side`): not compared, not printed by
:func:`dump`, not walked by :func:`children`.  Extension records
(:mod:`unlev.lang.extensions`) are the two plain slots every node has, ``ext`` and
``ext_args``, read with :func:`ext_records`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, List, Optional, Tuple

from .diagnostics import Span


def side(default=None, factory=None):
    """A side field: what a pass after parsing records on a node (see the module
    docstring); ``factory`` for a mutable default."""
    meta = {"side": True}
    if factory is not None:
        return field(default_factory=factory, compare=False, repr=False, metadata=meta)
    return field(default=default, compare=False, repr=False, metadata=meta)


def _slots_of(cls) -> set:
    out = set()
    for base in cls.__mro__[1:]:
        out.update(getattr(base, "__slots__", ()))
    return out


def _key_of(names: Tuple[str, ...]):
    """A function giving the tuple of a node's ``names`` (what a dataclass's __eq__
    compares)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        name = names[0]
        return lambda n: (getattr(n, name),)
    return lambda n: ()


def _annotations_of(cls):
    """(name, declared type) of every field of ``cls``, its bases' first."""
    seen = {}
    for base in reversed(cls.__mro__):
        seen.update(base.__dict__.get("__annotations__", {}))
    return seen.items()


def node(cls):
    """``@dataclass`` with ``__slots__`` (Python 3.9 has no ``slots=True``): the class
    is made again with a slot per field it adds.

    The dataclass makes only ``__init__``: ``__eq__`` and ``__repr__`` are
    :class:`Node`'s, read from the class's ``_compared`` and ``_shown`` field names and
    answering what the dataclass's own would.  Compiling three methods for each of the
    ~90 node classes was most of this module's import (20 ms of every ``unlev`` run
    that parses).
    """
    if not cls.__dict__.get("__doc__"):
        # what the dataclass would write, without its inspect.signature() (a third of
        # what remained of the import): the class and its fields' declared types
        cls.__doc__ = (f"{cls.__name__}("
                       + ", ".join(f"{k}: {v}" for k, v in _annotations_of(cls)) + ")")
    cls = dataclass(cls, eq=False, repr=False)
    inherited = _slots_of(cls)
    extra = tuple(getattr(cls, "_extra_slots", ()))
    own = tuple(f.name for f in fields(cls) if f.name not in inherited) + extra
    ns = {k: v for k, v in cls.__dict__.items()
          if k not in own and k not in ("__dict__", "__weakref__", "_extra_slots")}
    ns["__slots__"] = own
    ns["_compared"] = staticmethod(_key_of(tuple(f.name for f in fields(cls) if f.compare)))
    ns["_shown"] = tuple(f.name for f in fields(cls) if f.repr)
    new = type(cls)(cls.__name__, cls.__bases__, ns)
    new.__qualname__ = cls.__qualname__
    return new


@node
class Node:
    span: Span
    # extension records (unlev.lang.extensions): plain slots, unset until recorded
    _extra_slots = ("ext", "ext_args")

    def __eq__(self, other):
        # a dataclass's: the same class, then the compared fields as a tuple
        if other.__class__ is self.__class__:
            return self._compared(self) == other._compared(other)
        return NotImplemented

    __hash__ = None     # as a dataclass with eq and without frozen: unhashable

    @recursive_repr()
    def __repr__(self):
        # a dataclass's: the class's qualified name and each shown field's repr
        return (f"{self.__class__.__qualname__}("
                + ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
                + ")")


def ext_records(n: "Node", name: str = "ext") -> list:
    """The extension records a node holds (``ext`` or ``ext_args``), [] when none."""
    return getattr(n, name, None) or []


def add_ext_record(n: "Node", name: str, record) -> None:
    """Append to a node's extension records, making the list on first use."""
    try:
        getattr(n, name).append(record)
    except AttributeError:
        setattr(n, name, [record])


# ----------------------------------------------------------------- expressions
@node
class Int(Node):
    value: int


@node
class Dice(Node):
    count: int
    sides: int


@node
class Str(Node):
    value: str


@node
class Var(Node):
    """A whole variable: ``$name``. ``vtype`` is int/string/coord/region/mapchar/
    monster/object/selection; ``is_array`` says whether it holds an array."""
    name: str
    vtype: str
    is_array: bool = False


@node
class Index(Node):
    """``$name[expr]``: one element of an array variable."""
    var: Var
    index: Node


@node
class Method(Node):
    """``$name.x``, ``$name.y``, ``$name.length``."""
    var: Var
    method: str


@node
class BinOp(Node):
    op: str  # + - * / %
    left: Node
    right: Node


@node
class Concat(Node):
    """String concatenation with ``.``."""
    left: Node
    right: Node


@node
class CoreCall(Node):
    """A core function: ``rnd(5)``, ``level.depth``, ``coord(1,2)``, ``hero.role``..."""
    name: str
    args: List[Node]
    returns: str  # i s c r


@node
class CoordLit(Node):
    x: int
    y: int


@node
class RandomCoord(Node):
    """``random`` or ``random[dry,wet,...]`` as a coordinate (humidity bit mask, 0 = none)."""
    humidity: int = 0


@node
class RndCoord(Node):
    """``rndcoord(selection)``: a random point of a selection."""
    selection: Node


@node
class RegionLit(Node):
    x1: int
    y1: int
    x2: int
    y2: int
    whole_level: bool = False  # levregion(...): coordinates relative to the level


@node
class MapChar(Node):
    """A terrain character with a light state: 1 lit, 0 unlit, -1 random, -2 unchanged."""
    char: str
    light: int = -2
    ext_terrain: Optional[str] = side()  # a declared terrain character (extensions)


@node
class MonsterSpec(Node):
    """A monster by class, name or both; both None means a random monster."""
    cls: Optional[str] = None
    name: Optional[str] = None


@node
class ObjectSpec(Node):
    """An object by class, name or both; both None means a random object."""
    cls: Optional[str] = None
    name: Optional[str] = None


@node
class ArrayLit(Node):
    """``{ a, b, c }`` (typed by its elements)."""
    elem_type: str
    items: List[Node]


# selections ---------------------------------------------------------------------
@node
class SelCoord(Node):
    """A single coordinate used as a selection."""
    coord: Node


@node
class SelRect(Node):
    region: Node
    filled: bool


@node
class SelLine(Node):
    start: Node
    end: Node


@node
class SelRandLine(Node):
    start: Node
    end: Node
    roughness: Node


@node
class SelGrow(Node):
    directions: int  # W_* bits; 0x0f = all
    selection: Node


@node
class SelFilterPercent(Node):
    percent: int
    selection: Node


@node
class SelFilterSel(Node):
    filter: Node
    selection: Node


@node
class SelFilterMapChar(Node):
    mapchar: Node
    selection: Node


@node
class SelFlood(Node):
    coord: Node


@node
class SelCircle(Node):
    center: Node
    radius: Node
    filling: Optional[int] = None  # None: not written (the dialect's default)


@node
class SelEllipse(Node):
    center: Node
    a: Node
    b: Node
    filling: Optional[int] = None


@node
class SelGradient(Node):
    kind: int  # 0 radial, 1 square
    mindist: Node
    maxdist: Node
    limited: bool
    center: Node
    center2: Optional[Node] = None


@node
class SelComplement(Node):
    selection: Node


@node
class SelUnion(Node):
    """``a & b``: in this dialect ``&`` joins two selections (logical OR)."""
    left: Node
    right: Node


# ----------------------------------------------------------------- conditions
@node
class CondPercent(Node):
    percent: int


@node
class CondCompare(Node):
    op: str  # == != < > <= >=
    left: Node
    right: Node


@node
class CondTruth(Node):
    expr: Node


# ----------------------------------------------------------------- statements
@node
class Block(Node):
    statements: List[Node]


@node
class Include(Node):
    path: str
    resolved: Optional[str] = None
    tree: Optional["DesFile"] = side()  # the included file, parsed (parser)


@node
class FunctionDef(Node):
    name: str
    params: List[Tuple[str, str]]  # (name, "int"|"string")
    body: Block


@node
class FunctionCall(Node):
    name: str
    args: List[Node]


@node
class CoreFuncStmt(Node):
    call: CoreCall


@node
class Assign(Node):
    name: str
    vtype: str
    is_array: bool
    value: Node


@node
class Shuffle(Node):
    var: Var


@node
class Message(Node):
    text: Node


@node
class InitMap(Node):
    """INIT_MAP in all its styles; unused fields stay None."""
    style: str  # solidfill mazegrid sheollev rogue mines
    fill: Optional[MapChar] = None        # solidfill terrain / mazegrid char
    fg: Optional[str] = None              # mines
    bg: Optional[str] = None
    smoothed: Optional[bool] = None
    joined: Optional[bool] = None
    lit: Optional[int] = None             # 1, 0, -1 random
    walled: Optional[int] = None          # 1, 0, -1 random
    fillchar: Optional[str] = None
    maze_header: bool = side(False)     # 3.6's MAZE:"name",'c' (grammar_nethack36)


@node
class MapStmt(Node):
    """GEOMETRY + MAP (or NOMAP when ``lines`` is None)."""
    halign: Optional[int] = None   # 1 left .. 5 right
    valign: Optional[int] = None   # 1 top, 3 center, 5 bottom
    coord: Optional[Node] = None
    keep_region: int = 1           # the optional boolean after GEOMETRY
    lines: Optional[List[str]] = None
    first_line: int = 0
    ext_terrain: Optional[list] = side()  # declared terrain squares (extensions)


@node
class If(Node):
    cond: Node
    then: Block
    orelse: Optional[Block] = None


@node
class Chance(Node):
    """``[N%]: statement`` and ``[cond]: statement``."""
    cond: Node
    statement: Node


@node
class SwitchArm(Node):
    value: Optional[int]  # None = DEFAULT
    body: List[Node]


@node
class Switch(Node):
    expr: Node
    random: bool   # a constant [N] means rn2(N)
    arms: List[SwitchArm]


@node
class Loop(Node):
    count: Node
    body: Block


@node
class For(Node):
    var: str
    start: Node
    end: Node
    body: Block


@node
class Break(Node):
    pass


@node
class Exit(Node):
    pass


@node
class VaultGen(Node):
    frequency: int


@node
class RoomFlags(Node):
    filled: Optional[int] = None
    irregular: Optional[int] = None
    joined: Optional[int] = None


@node
class Room(Node):
    rtype: Optional[str]       # None = random
    chance: int
    light: int
    pos: Optional[Tuple[int, int]]      # None = random
    align: Optional[Tuple[int, int]]
    size: Optional[Tuple[int, int]]
    flags: RoomFlags
    body: Block
    subroom: bool = False
    room_name: Optional[str] = side()   # 3.4.3/3.5 NAME: and a SUBROOM's parent
    parent_name: Optional[str] = side()


@node
class RoomDoor(Node):
    secret: int          # 1, 0, -1 random
    state: int           # D_* or -1 random
    walls: int           # W_* bits or -1 random
    pos: int             # -1 random


@node
class Door(Node):
    state: int
    selection: Node


@node
class CorridorEnd(Node):
    room: int
    wall: int
    door: int


@node
class Corridor(Node):
    src: CorridorEnd
    dst: Any  # CorridorEnd or an int (a "nxcor" style number)


@node
class RandomCorridors(Node):
    style: Optional[int] = None  # None: plain; -1 random


@node
class RegionStmt(Node):
    region: Node
    light: int
    rtype: Optional[str]
    flags: RoomFlags
    body: Optional[Block] = None


@node
class Drawbridge(Node):
    coord: Node
    direction: int
    state: int


@node
class MazeWalk(Node):
    coord: Node
    direction: int
    stocked: Optional[int] = None
    fillchar: Optional[str] = None


@node
class Wallify(Node):
    selection: Optional[Node] = None


@node
class WallWalk(Node):
    coord: Node
    fg: Node
    bg: Optional[Node]
    percent: int


@node
class Ladder(Node):
    coord: Node
    up: int


@node
class Stair(Node):
    coord: Node
    up: int


@node
class LevRegionStmt(Node):
    """STAIR/PORTAL/TELEPORT_REGION/BRANCH with two regions."""
    kind: str           # stair portal teleport branch
    area: RegionLit
    exclude: RegionLit
    up: Optional[int] = None     # stair / teleport direction (None = both)
    dest: Optional[str] = None   # portal destination level


@node
class Feature(Node):
    kind: str  # fountain sink pool
    selection: Node


@node
class Terrain(Node):
    selection: Node
    mapchar: Node


@node
class ReplaceTerrain(Node):
    region: Node
    from_char: Node
    to_char: Node
    percent: int


@node
class Spill(Node):
    coord: Node
    mapchar: Node
    direction: int
    count: Node


@node
class NonDiggable(Node):
    region: Node


@node
class NonPasswall(Node):
    region: Node


@node
class AlignSpec(Node):
    kind: str          # fixed register random
    value: int = 0     # AM_* for fixed, index for register


@node
class Altar(Node):
    coord: Node
    align: AlignSpec
    altar_type: int   # 0 altar 1 shrine 2 sanctum, -1 random


@node
class Grave(Node):
    coord: Node
    text: Optional[Node] = None
    random_text: bool = False


@node
class Gold(Node):
    amount: Node
    coord: Node


@node
class Engraving(Node):
    coord: Node
    etype: int    # -1 random
    text: Node


@node
class Mineralize(Node):
    kelp_pool: Optional[Node] = None
    kelp_moat: Optional[Node] = None
    gold_prob: Optional[Node] = None
    gem_prob: Optional[Node] = None


@node
class Trap(Node):
    name: Optional[str]   # None = random
    coord: Node


@node
class Monster(Node):
    spec: Node
    coord: Node
    attrs: dict = field(default_factory=dict)
    inventory: Optional[Block] = None


@node
class Object(Node):
    spec: Node
    attrs: dict = field(default_factory=dict)
    coord: Optional[Node] = None
    contents: Optional[Block] = None  # CONTAINER only
    container: bool = False
    contained: Optional[bool] = side()  # 3.4.3 "contained" objects (grammar_nethack343)
    early: Optional[frozenset] = side()  # attrs evaluated before the coord (evaluator)


@node
class MonGeneration(Node):
    percent: int
    entries: List[Tuple[Node, Node]]  # (weight, MonsterSpec)


@node
class Sounds(Node):
    frequency: Node
    entries: List[Tuple[int, Node]]   # (how: 0 hear 1 pline 2 verbal 3 feel, text)


@node
class Level(Node):
    name: str
    flags: List[Tuple[str, int]]
    body: Block
    ext_syntax: tuple = side(())        # named syntax the loader must know (extensions)
    stand_ins: list = side(factory=list)  # (span, text) of unlev.lang.lowering.stand_ins
    functions: Optional[list] = side()  # FUNCTIONs defined in it, collected once (evaluator)


@node
class DesFile(Node):
    header: List[Node]    # FUNCTION definitions and INCLUDEs before the first LEVEL
    levels: List[Level]
    dialect: str = side("unnethack")     # the dialect it was read in (frontend)


# ----------------------------------------------------------------- utilities
_FIELD_NAMES: dict = {}


def _field_names(cls) -> tuple:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = tuple(f.name for f in fields(cls)
                      if f.name != "span" and not f.metadata.get("side"))
        _FIELD_NAMES[cls] = names
    return names


def children(node: Node) -> list:
    """Every direct child node of ``node`` (through lists, tuples and dicts), as a list:
    the checker and the depth limit walk every node of every file with it."""
    out: list = []
    for name in _field_names(type(node)):
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
        elif type(value) in _CONTAINERS:
            _nodes_in(value, out)
    return out


_CONTAINERS = (list, tuple, dict)


def _nodes_in(value, out: list) -> None:
    if isinstance(value, Node):
        out.append(value)
    elif type(value) is dict:
        for v in value.values():
            _nodes_in(v, out)
    elif type(value) in _CONTAINERS:
        for v in value:
            _nodes_in(v, out)


def walk(node: Node):
    """Pre-order walk over a subtree."""
    yield node
    for c in children(node):
        yield from walk(c)


def dump(node: Any, indent: int = 0, with_spans: bool = False) -> str:
    """A readable multi-line dump of a tree (``unlev parse --ast``)."""
    pad = "  " * indent
    if isinstance(node, Node):
        head = type(node).__name__
        if with_spans:
            head += f" @{node.span.line}:{node.span.col}"
        parts = []
        simple = []
        for f in fields(node):
            if f.name == "span" or f.metadata.get("side"):
                continue
            v = getattr(node, f.name)
            if isinstance(v, Node) or (isinstance(v, (list, tuple)) and any(isinstance(x, (Node, tuple)) for x in v)) or (isinstance(v, dict) and any(isinstance(x, Node) for x in v.values())):
                parts.append((f.name, v))
            else:
                simple.append(f"{f.name}={v!r}")
        out = pad + head + ("(" + ", ".join(simple) + ")" if simple else "")
        for name, v in parts:
            out += "\n" + pad + f"  {name}:"
            if isinstance(v, Node):
                out += "\n" + dump(v, indent + 2, with_spans)
            elif isinstance(v, dict):
                for k, x in v.items():
                    out += "\n" + pad + f"    {k}: " + (("\n" + dump(x, indent + 3, with_spans)) if isinstance(x, Node) else repr(x))
            else:
                for x in v:
                    out += "\n" + dump(x, indent + 2, with_spans)
        return out
    if isinstance(node, tuple):
        return pad + "(" + ", ".join(dump(x, 0, with_spans).strip() for x in node) + ")"
    return pad + repr(node)


assert is_dataclass(Node)
