"""The syntax tree's value nodes: expressions, selections and conditions.

Why a module of its own: a des-file's values -- integers and dice, strings, variables
and arrays, coordinates and regions, map characters, monster and object specs, core
function calls, the selection algebra, and the conditions of IF and friends -- are a
family apart from its statements; :mod:`unlev.lang.expressions` evaluates them, one
``e_*`` method per node here.  Each is typed at parse time, as lev_comp's grammar types
its variables.  Import them from :mod:`unlev.lang.ast`, which re-exports them.
"""

from __future__ import annotations

from typing import List, Optional

from .ast_base import Node, node, side

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
