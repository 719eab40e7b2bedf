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

The node machinery (:func:`node`, :class:`Node`, :func:`children`, :func:`walk`,
:func:`dump`) is :mod:`unlev.lang.ast_base` and the value nodes are
:mod:`unlev.lang.ast_expressions`; this module holds the statements and re-exports the
rest, so ``from unlev.lang import ast as A`` sees every node.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, List, Optional, Tuple

from .ast_base import (  # noqa: F401  (re-exported: A.walk, A.dump...)
    Node, add_ext_record, children, dump, ext_records, node, side, walk)
from .ast_expressions import (  # noqa: F401  (re-exported: A.Int, A.SelRect...)
    Int, Dice, Str, Var, Index, Method, BinOp, Concat, CoreCall, CoordLit, RandomCoord,
    RndCoord, RegionLit, MapChar, MonsterSpec, ObjectSpec, ArrayLit, SelCoord, SelRect,
    SelLine, SelRandLine, SelGrow, SelFilterPercent, SelFilterSel, SelFilterMapChar,
    SelFlood, SelCircle, SelEllipse, SelGradient, SelComplement, SelUnion, CondPercent,
    CondCompare, CondTruth)
from .diagnostics import Span  # noqa: F401  (the nodes' span type, for A.Span readers)


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
