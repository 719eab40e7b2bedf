"""The static checks lev_comp makes that are not part of the grammar proper.

They need the whole statement context (what encloses a BREAK, which functions exist
at a call), so they run over the finished tree, in source order, as the C compiler
meets them. The checker also warns where a construct means something different in
UnNetHack's real loader than in its documentation (see ``compat``).
"""

from __future__ import annotations


from . import ast as A
from .ast_base import walked_fields
from .dialect_data import is_unnethack
from .diagnostics import Reporter
from .parser import decode_params, arg_letter

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Dict, List, Optional

MAX_SWITCH_CASES = 20
MAX_NESTED = 20

# Where the loader contradicts the documentation (shared/reference/reference-deviations.md).
DEVIATION_NOTES = {
    "floodfill": ("floodfill() gives an empty selection in UnNetHack's loader (its flood check "
                  "is never set); unlev fills as documented unless run with --compat game"),
    "filling": ("UnNetHack's loader swaps the meaning of filled/unfilled for circle and ellipse "
                "(the default and 'filled' draw the outline); unlev follows the documentation "
                "unless run with --compat game"),
    "line0": ("a zero-length line is drawn by UnNetHack's loader as a diagonal toward the "
              "top-left corner; unlev draws the single point unless run with --compat game"),
    "randline": ("UnNetHack's loader usually leaves out randline's end point with the larger "
                 "coordinates; unlev keeps both unless run with --compat game"),
    "mazefill": ("NetHack 3.6's lev_comp turns the MAZE fill character into an invalid "
                 "terrain type, which the game's fill skips: the level stays solid stone; "
                 "unlev fills as documented unless run with --compat game"),
    "filterlight": ("UnNetHack's loader ignores a 'random' light state in filter(); unlev keeps "
                    "about half of the cells unless run with --compat game"),
}


class Checker:
    """Walks a parsed file and reports lev_comp's context checks to a Reporter."""

    def __init__(self, reporter: Reporter, compat_warnings: bool = True) -> None:
        self.r = reporter
        self.compat_warnings = compat_warnings
        self.functions: Dict[str, A.FunctionDef] = {}
        self.current_function: Optional[str] = None
        self.break_depth = 0
        self.in_switch = 0
        self.in_container = 0
        self.for_depth = 0
        self.if_depth = 0     # lev_comp counts LOOP, IF and [N%]: together
        # what scan_statement found of the statement being checked, or None
        self.scanned: Optional[Dict[int, list]] = None

    def check_file(self, tree: A.DesFile) -> None:
        for node in tree.header:
            self.statement(node)
        for level in tree.levels:
            self.block(level.body.statements)

    # ------------------------------------------------------------------ statements
    def block(self, statements: List[A.Node]) -> None:
        for s in statements:
            self.statement(s)

    def statement(self, s: A.Node) -> None:
        kind = type(s)
        try:
            method = _STMT_METHODS[kind]
        except KeyError:
            method = _STMT_METHODS[kind] = getattr(Checker, "stmt_" + kind.__name__, None)
        if method is not None:
            method(self, s)
        self.expressions(s)

    def _breakable(self, statements: List[A.Node]) -> None:
        self.break_depth += 1
        try:
            self.block(statements)
        finally:
            self.break_depth -= 1

    def stmt_Include(self, s: A.Include) -> None:
        tree = getattr(s, "tree", None)
        if tree is not None:
            self.check_file(tree)

    def stmt_FunctionDef(self, s: A.FunctionDef) -> None:
        if s.name not in self.functions:
            self.functions[s.name] = s
        # lev_comp's BREAK/SWITCH/container counters run on through a FUNCTION body.
        saved = self.current_function
        self.current_function = s.name
        try:
            self.block(s.body.statements)
        finally:
            self.current_function = saved

    def stmt_FunctionCall(self, s: A.FunctionCall) -> None:
        f = self.functions.get(s.name)
        if s.name == self.current_function:
            self.r.error(f"Function '{s.name}' calls itself: recursive functions cannot be compiled "
                         "by lev_comp", s.span, "use LOOP or FOR instead of recursion")
            return
        if f is None:
            self.r.error(f"Function '{s.name}' not defined.", s.span,
                         "a FUNCTION must be defined before it is called")
            return
        want = "".join("i" if t == "int" else "s" for _n, t in f.params)
        got = "".join(arg_letter(a) for a in s.args)
        if want != got:
            self.r.error(f"Function '{s.name}' requires params '{decode_params(want)}', got "
                         f"'{decode_params(got)}' instead.", s.span)

    def stmt_Switch(self, s: A.Switch) -> None:
        if self.in_switch:
            self.r.error("Cannot nest switch-statements.", s.span,
                         "move the inner SWITCH into a FUNCTION? lev_comp rejects that too; use IF")
        if sum(1 for a in s.arms if a.value is not None) > MAX_SWITCH_CASES:
            self.r.error("Too many cases in a switch.", s.span)
        defaults = [a for a in s.arms if a.value is None]
        if len(defaults) > 1:
            self.r.error("Switch default case already used.", defaults[1].span)
        self.in_switch += 1
        self.break_depth += 1
        try:
            for arm in s.arms:
                self.block(arm.body)
        finally:
            self.in_switch -= 1
            self.break_depth -= 1

    def stmt_Break(self, s: A.Break) -> None:
        if not self.break_depth:
            self.r.error("Cannot use BREAK outside a statement block.", s.span,
                         "BREAK leaves a SWITCH, LOOP, FOR, ROOM, REGION, CONTAINER or monster inventory")

    def _nested(self, counter: str, s, message: str, run) -> None:
        depth = getattr(self, counter)
        if depth >= MAX_NESTED:
            self.r.error(message, s.span)
        setattr(self, counter, depth + 1)
        try:
            run()
        finally:
            setattr(self, counter, depth)

    def stmt_For(self, s: A.For) -> None:
        self._nested("for_depth", s, "FOR: Too deeply nested loops.",
                     lambda: self._breakable(s.body.statements))

    def stmt_Loop(self, s: A.Loop) -> None:
        self._nested("if_depth", s, "LOOP: Too deeply nested conditionals.",
                     lambda: self._breakable(s.body.statements))

    def stmt_If(self, s: A.If) -> None:
        def run():
            self.block(s.then.statements)
            if s.orelse is not None:
                self.block(s.orelse.statements)
        self._nested("if_depth", s, "IF: Too deeply nested conditionals.", run)

    def stmt_Chance(self, s: A.Chance) -> None:
        self._nested("if_depth", s, "IF: Too deeply nested conditionals.",
                     lambda: self.statement(s.statement))

    def stmt_Room(self, s: A.Room) -> None:
        self._breakable(s.body.statements)

    def stmt_RegionStmt(self, s: A.RegionStmt) -> None:
        if s.body is not None:
            self._breakable(s.body.statements)

    def stmt_Monster(self, s: A.Monster) -> None:
        if s.inventory is not None:
            self.in_container += 1
            try:
                self._breakable(s.inventory.statements)
            finally:
                self.in_container -= 1

    def stmt_Object(self, s: A.Object) -> None:
        if s.coord is not None and self.in_container:
            self.r.error("Object cannot have a coord when contained.", s.coord.span,
                         "objects inside a CONTAINER or a monster's inventory take no position")
        elif s.coord is None and not self.in_container:
            self.r.error("Object needs a coord when not contained.", s.span,
                         "add a position, e.g. OBJECT: '(', random")
        if s.contents is not None:
            self.in_container += 1
            try:
                self._breakable(s.contents.statements)
            finally:
                self.in_container -= 1

    # ------------------------------------------------------------------ expressions
    def note(self, key: str) -> str:
        """A deviation's hint; a 3.6 or 3.4.3 file is told why UnNetHack's loader is
        the one meant (unlev runs every dialect on it, and --compat game is its
        behaviour)."""
        text = DEVIATION_NOTES[key]
        dialect = getattr(self, "dialect", "unnethack")
        if not is_unnethack(dialect) and key != "mazefill":
            name = {"nethack36": "NetHack 3.6", "nethack343": "NetHack 3.4.3"}.get(dialect,
                                                                                dialect)
            text += f" (unlev runs {name} files on UnNetHack's loader)"
        return text

    def expressions(self, s: A.Node) -> None:
        """Warnings for constructs whose meaning differs in the game's loader."""
        if not self.compat_warnings:
            return
        if isinstance(s, A.InitMap) and getattr(s, "maze_header", False) and s.fill.char != " ":
            self.r.deviation("MAZE fill character differs in the game", s.span,
                           self.note("mazefill"))
        scanned = self.scanned.get(id(s)) if self.scanned is not None else None
        for n in _own_expressions(s) if scanned is None else scanned:
            if isinstance(n, A.SelFlood):
                self.r.deviation("floodfill differs in the game", n.span, self.note("floodfill"))
            elif isinstance(n, (A.SelCircle, A.SelEllipse)) and n.filling is not None:
                self.r.deviation(f"{'circle' if isinstance(n, A.SelCircle) else 'ellipse'} filling differs in the game",
                               n.span, self.note("filling"))
            elif isinstance(n, A.SelLine) and _same_point(n.start, n.end):
                self.r.deviation("zero-length line differs in the game", n.span, self.note("line0"))
            elif isinstance(n, A.SelRandLine):
                self.r.deviation("randline end points differ in the game", n.span, self.note("randline"))
            elif isinstance(n, A.SelFilterMapChar) and isinstance(n.mapchar, A.MapChar) and n.mapchar.light == -1:
                self.r.deviation("filter with random light differs in the game", n.span,
                               self.note("filterlight"))


_STATEMENT_BODIES = (A.Block, A.SwitchArm)
# Checker's stmt_<class name> method of each node class (None: it has none)
_STMT_METHODS: Dict[type, object] = {}


def _own_expressions(stmt: A.Node):
    """Expression nodes of a statement, not descending into nested statements."""
    stack = [c for c in A.children(stmt) if not _is_statement(c)]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(c for c in A.children(n) if not _is_statement(c))


def _is_statement(n: A.Node) -> bool:
    return _is_statement_kind(type(n))


_IS_STATEMENT: Dict[type, bool] = {}
# the expression nodes Checker.expressions may warn about
_MAY_DEVIATE = (A.SelFlood, A.SelCircle, A.SelEllipse, A.SelLine, A.SelRandLine,
                A.SelFilterMapChar)

# What scan_statement does with a node of each class (_scan_kind): walk it, walk it and
# keep it (one of _MAY_DEVIATE), walk it as a statement of its own, or (a leaf: an
# expression whose walked fields are all declared plain values in lang/ast_spec.py, so
# it holds no node) only count its depth -- three of every five nodes of a level are
# such leaves (coordinates, monster and object names, integers, variables).
_WALK, _KEEP, _STATEMENT, _LEAF = 0, 1, 2, 3
_SCAN_KIND: Dict[type, int] = {}
_PLAIN_TYPES = frozenset(("int", "str", "bool", "Optional[int]", "Optional[str]",
                          "Optional[bool]"))


def _scan_kind(kind: type) -> int:
    """What :func:`scan_statement` does with a node of class ``kind`` (remembered)."""
    if _is_statement_kind(kind):
        found = _STATEMENT
    elif issubclass(kind, _MAY_DEVIATE):
        found = _KEEP
    else:
        declared: dict = {}
        for base in reversed(kind.__mro__):
            declared.update(base.__dict__.get("__annotations__", {}))
        leaf = all(declared.get(name) in _PLAIN_TYPES for name in walked_fields(kind))
        found = _LEAF if leaf else _WALK
    _SCAN_KIND[kind] = found
    return found


def _is_statement_kind(kind: type) -> bool:
    known = _IS_STATEMENT.get(kind)
    if known is None:
        known = _IS_STATEMENT[kind] = (issubclass(kind, _STATEMENT_BODIES)
                                       or kind.__name__ in _STATEMENT_NAMES)
    return known


def scan_statement(stmt: A.Node, limit: int) -> Optional[Dict[int, list]]:
    """One walk over a statement's subtree for the depth limit and the checker: None
    when a node lies more than ``limit`` below ``stmt`` (as ``parser.deeper_than``
    finds), else, for ``stmt`` and every statement (or block) in it, by ``id``, those
    of its own expressions (:func:`_own_expressions`: not inside a nested statement)
    that :meth:`Checker.expressions` may warn about, in the order that walk meets
    them (a stack walk of the whole subtree meets each statement's own nodes in the
    order of a walk that skips the nested statements).  Set as ``Checker.scanned``
    while the statement is checked, it spares the checker a second walk.  A leaf (no
    node below it, none to keep) is not walked: only its depth is looked at."""
    kinds, children = _SCAN_KIND, A.children
    found: Dict[int, list] = {}
    mine: list = []
    found[id(stmt)] = mine
    stack = [(stmt, 0, mine)]
    pop, push = stack.pop, stack.append
    while stack:
        n, depth, mine = pop()
        if depth > limit:
            return None
        kind = kinds.get(n.__class__)
        if kind is None:
            kind = _scan_kind(n.__class__)
        if kind == _KEEP:
            mine.append(n)
        depth += 1
        for c in children(n):
            kind = kinds.get(c.__class__)
            if kind is None:
                kind = _scan_kind(c.__class__)
            if kind == _LEAF:
                if depth > limit:
                    return None
            elif kind == _STATEMENT:
                own: list = []
                found[id(c)] = own
                push((c, depth, own))
            else:
                push((c, depth, mine))
    return found


_STATEMENT_NAMES = {
    "Include", "FunctionDef", "FunctionCall", "CoreFuncStmt", "Assign", "Shuffle", "Message",
    "InitMap", "MapStmt", "If", "Chance", "Switch", "Loop", "For", "Break", "Exit", "VaultGen",
    "Room", "RoomDoor", "Door", "Corridor", "RandomCorridors", "RegionStmt", "Drawbridge",
    "MazeWalk", "Wallify", "WallWalk", "Ladder", "Stair", "LevRegionStmt", "Feature",
    "Terrain", "ReplaceTerrain", "Spill", "NonDiggable", "NonPasswall", "Altar", "Grave",
    "Gold", "Engraving", "Mineralize", "Trap", "Monster", "Object", "MonGeneration",
    "Sounds", "Level",
}


def _same_point(a, b) -> bool:
    return (isinstance(a, A.CoordLit) and isinstance(b, A.CoordLit)
            and (a.x, a.y) == (b.x, b.y))


def check(tree: A.DesFile, reporter: Reporter, compat_warnings: bool = True,
          dialect: str = "unnethack") -> None:
    c = Checker(reporter, compat_warnings)
    c.dialect = dialect
    c.check_file(tree)
