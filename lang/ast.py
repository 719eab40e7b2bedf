"""The syntax tree of a des-file: plain dataclasses, each carrying its source span.

Expressions are typed at parse time (the grammar is written over typed variable
tokens, as lev_comp's is), so every expression node knows what kind of value it
yields; the evaluator never has to guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, List, Optional, Tuple

from .diagnostics import Span


@dataclass
class Node:
    span: Span


# ----------------------------------------------------------------- expressions
@dataclass
class Int(Node):
    value: int


@dataclass
class Dice(Node):
    count: int
    sides: int


@dataclass
class Str(Node):
    value: str


@dataclass
class Var(Node):
    """A whole variable: ``$name``. ``vtype`` is int/string/coord/region/mapchar/
    monster/object/selection; ``is_array`` says whether it holds an array."""
    name: str
    vtype: str
    is_array: bool = False


@dataclass
class Index(Node):
    """``$name[expr]``: one element of an array variable."""
    var: Var
    index: Node


@dataclass
class Method(Node):
    """``$name.x``, ``$name.y``, ``$name.length``."""
    var: Var
    method: str


@dataclass
class BinOp(Node):
    op: str  # + - * / %
    left: Node
    right: Node


@dataclass
class Concat(Node):
    """String concatenation with ``.``."""
    left: Node
    right: Node


@dataclass
class CoreCall(Node):
    """A core function: ``rnd(5)``, ``level.depth``, ``coord(1,2)``, ``hero.role``..."""
    name: str
    args: List[Node]
    returns: str  # i s c r


@dataclass
class CoordLit(Node):
    x: int
    y: int


@dataclass
class RandomCoord(Node):
    """``random`` or ``random[dry,wet,...]`` as a coordinate (humidity bit mask, 0 = none)."""
    humidity: int = 0


@dataclass
class RndCoord(Node):
    """``rndcoord(selection)``: a random point of a selection."""
    selection: Node


@dataclass
class RegionLit(Node):
    x1: int
    y1: int
    x2: int
    y2: int
    whole_level: bool = False  # levregion(...): coordinates relative to the level


@dataclass
class MapChar(Node):
    """A terrain character with a light state: 1 lit, 0 unlit, -1 random, -2 unchanged."""
    char: str
    light: int = -2


@dataclass
class MonsterSpec(Node):
    """A monster by class, name or both; both None means a random monster."""
    cls: Optional[str] = None
    name: Optional[str] = None


@dataclass
class ObjectSpec(Node):
    """An object by class, name or both; both None means a random object."""
    cls: Optional[str] = None
    name: Optional[str] = None


@dataclass
class ArrayLit(Node):
    """``{ a, b, c }`` (typed by its elements)."""
    elem_type: str
    items: List[Node]


# selections ---------------------------------------------------------------------
@dataclass
class SelCoord(Node):
    """A single coordinate used as a selection."""
    coord: Node


@dataclass
class SelRect(Node):
    region: Node
    filled: bool


@dataclass
class SelLine(Node):
    start: Node
    end: Node


@dataclass
class SelRandLine(Node):
    start: Node
    end: Node
    roughness: Node


@dataclass
class SelGrow(Node):
    directions: int  # W_* bits; 0x0f = all
    selection: Node


@dataclass
class SelFilterPercent(Node):
    percent: int
    selection: Node


@dataclass
class SelFilterSel(Node):
    filter: Node
    selection: Node


@dataclass
class SelFilterMapChar(Node):
    mapchar: Node
    selection: Node


@dataclass
class SelFlood(Node):
    coord: Node


@dataclass
class SelCircle(Node):
    center: Node
    radius: Node
    filling: Optional[int] = None  # None: not written (the dialect's default)


@dataclass
class SelEllipse(Node):
    center: Node
    a: Node
    b: Node
    filling: Optional[int] = None


@dataclass
class SelGradient(Node):
    kind: int  # 0 radial, 1 square
    mindist: Node
    maxdist: Node
    limited: bool
    center: Node
    center2: Optional[Node] = None


@dataclass
class SelComplement(Node):
    selection: Node


@dataclass
class SelUnion(Node):
    """``a & b``: in this dialect ``&`` joins two selections (logical OR)."""
    left: Node
    right: Node


# ----------------------------------------------------------------- conditions
@dataclass
class CondPercent(Node):
    percent: int


@dataclass
class CondCompare(Node):
    op: str  # == != < > <= >=
    left: Node
    right: Node


@dataclass
class CondTruth(Node):
    expr: Node


# ----------------------------------------------------------------- statements
@dataclass
class Block(Node):
    statements: List[Node]


@dataclass
class Include(Node):
    path: str
    resolved: Optional[str] = None


@dataclass
class FunctionDef(Node):
    name: str
    params: List[Tuple[str, str]]  # (name, "int"|"string")
    body: Block


@dataclass
class FunctionCall(Node):
    name: str
    args: List[Node]


@dataclass
class CoreFuncStmt(Node):
    call: CoreCall


@dataclass
class Assign(Node):
    name: str
    vtype: str
    is_array: bool
    value: Node


@dataclass
class Shuffle(Node):
    var: Var


@dataclass
class Message(Node):
    text: Node


@dataclass
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


@dataclass
class MapStmt(Node):
    """GEOMETRY + MAP (or NOMAP when ``lines`` is None)."""
    halign: Optional[int] = None   # 1 left .. 5 right
    valign: Optional[int] = None   # 1 top, 3 center, 5 bottom
    coord: Optional[Node] = None
    keep_region: int = 1           # the optional boolean after GEOMETRY
    lines: Optional[List[str]] = None
    first_line: int = 0


@dataclass
class If(Node):
    cond: Node
    then: Block
    orelse: Optional[Block] = None


@dataclass
class Chance(Node):
    """``[N%]: statement`` and ``[cond]: statement``."""
    cond: Node
    statement: Node


@dataclass
class SwitchArm(Node):
    value: Optional[int]  # None = DEFAULT
    body: List[Node]


@dataclass
class Switch(Node):
    expr: Node
    random: bool   # a constant [N] means rn2(N)
    arms: List[SwitchArm]


@dataclass
class Loop(Node):
    count: Node
    body: Block


@dataclass
class For(Node):
    var: str
    start: Node
    end: Node
    body: Block


@dataclass
class Break(Node):
    pass


@dataclass
class Exit(Node):
    pass


@dataclass
class VaultGen(Node):
    frequency: int


@dataclass
class RoomFlags(Node):
    filled: Optional[int] = None
    irregular: Optional[int] = None
    joined: Optional[int] = None


@dataclass
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


@dataclass
class RoomDoor(Node):
    secret: int          # 1, 0, -1 random
    state: int           # D_* or -1 random
    walls: int           # W_* bits or -1 random
    pos: int             # -1 random


@dataclass
class Door(Node):
    state: int
    selection: Node


@dataclass
class CorridorEnd(Node):
    room: int
    wall: int
    door: int


@dataclass
class Corridor(Node):
    src: CorridorEnd
    dst: Any  # CorridorEnd or an int (a "nxcor" style number)


@dataclass
class RandomCorridors(Node):
    style: Optional[int] = None  # None: plain; -1 random


@dataclass
class RegionStmt(Node):
    region: Node
    light: int
    rtype: Optional[str]
    flags: RoomFlags
    body: Optional[Block] = None


@dataclass
class Drawbridge(Node):
    coord: Node
    direction: int
    state: int


@dataclass
class MazeWalk(Node):
    coord: Node
    direction: int
    stocked: Optional[int] = None
    fillchar: Optional[str] = None


@dataclass
class Wallify(Node):
    selection: Optional[Node] = None


@dataclass
class WallWalk(Node):
    coord: Node
    fg: Node
    bg: Optional[Node]
    percent: int


@dataclass
class Ladder(Node):
    coord: Node
    up: int


@dataclass
class Stair(Node):
    coord: Node
    up: int


@dataclass
class LevRegionStmt(Node):
    """STAIR/PORTAL/TELEPORT_REGION/BRANCH with two regions."""
    kind: str           # stair portal teleport branch
    area: RegionLit
    exclude: RegionLit
    up: Optional[int] = None     # stair / teleport direction (None = both)
    dest: Optional[str] = None   # portal destination level


@dataclass
class Feature(Node):
    kind: str  # fountain sink pool
    selection: Node


@dataclass
class Terrain(Node):
    selection: Node
    mapchar: Node


@dataclass
class ReplaceTerrain(Node):
    region: Node
    from_char: Node
    to_char: Node
    percent: int


@dataclass
class Spill(Node):
    coord: Node
    mapchar: Node
    direction: int
    count: Node


@dataclass
class NonDiggable(Node):
    region: Node


@dataclass
class NonPasswall(Node):
    region: Node


@dataclass
class AlignSpec(Node):
    kind: str          # fixed register random
    value: int = 0     # AM_* for fixed, index for register


@dataclass
class Altar(Node):
    coord: Node
    align: AlignSpec
    altar_type: int   # 0 altar 1 shrine 2 sanctum, -1 random


@dataclass
class Grave(Node):
    coord: Node
    text: Optional[Node] = None
    random_text: bool = False


@dataclass
class Gold(Node):
    amount: Node
    coord: Node


@dataclass
class Engraving(Node):
    coord: Node
    etype: int    # -1 random
    text: Node


@dataclass
class Mineralize(Node):
    kelp_pool: Optional[Node] = None
    kelp_moat: Optional[Node] = None
    gold_prob: Optional[Node] = None
    gem_prob: Optional[Node] = None


@dataclass
class Trap(Node):
    name: Optional[str]   # None = random
    coord: Node


@dataclass
class Monster(Node):
    spec: Node
    coord: Node
    attrs: dict = field(default_factory=dict)
    inventory: Optional[Block] = None


@dataclass
class Object(Node):
    spec: Node
    attrs: dict = field(default_factory=dict)
    coord: Optional[Node] = None
    contents: Optional[Block] = None  # CONTAINER only
    container: bool = False


@dataclass
class MonGeneration(Node):
    percent: int
    entries: List[Tuple[Node, Node]]  # (weight, MonsterSpec)


@dataclass
class Sounds(Node):
    frequency: Node
    entries: List[Tuple[int, Node]]   # (how: 0 hear 1 pline 2 verbal 3 feel, text)


@dataclass
class Level(Node):
    name: str
    flags: List[Tuple[str, int]]
    body: Block


@dataclass
class DesFile(Node):
    header: List[Node]    # FUNCTION definitions and INCLUDEs before the first LEVEL
    levels: List[Level]


# ----------------------------------------------------------------- utilities
_FIELD_NAMES: dict = {}


def _field_names(cls) -> tuple:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = tuple(f.name for f in fields(cls) if f.name != "span")
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
            if f.name == "span":
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
