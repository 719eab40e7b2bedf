"""The tree-walking evaluator: runs a parsed des-file against a LevelBuilder.

Semantics follow UnNetHack's opcode interpreter (``src/spo_lev.c``) where the language
is concerned: C integer arithmetic with its guards (``/`` and ``%`` by a number below 1
give 0), array indices taken modulo the length, LOOP and FOR bodies that always run at
least once, ``rnd(N)`` meaning 0..N-1, a constant ``SWITCH [N]`` meaning ``rn2(N)``,
the shuffled ``align`` register, and a cap on the work a script may do.

Scopes are those of the reference: a level is one frame; a FUNCTION call gets a fresh
frame that sees only its parameters and its own variables, gone when it returns;
FOR and every block share their frame.

Where the loader contradicts the documentation, the documented meaning is the default
and the ``eval`` section of :class:`~unlev.stdlib.compat.Compat` (on with ``Compat.game()``) turns on
the game's behaviour; the selection algebra's own deviations live in ``Compat``.

This module is the language: execution, frames, the work limit, FUNCTION and the
control flow.  The statements that build the level are :mod:`unlev.lang.level_statements`
and the expressions :mod:`unlev.lang.expressions`; the Evaluator inherits both.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional

from . import ast as A
from .level_statements import LevelStatements
from .level_builder import LevelBuilder
from .diagnostics import DesError, Span
from .limits import DEFAULT as DEFAULT_LIMITS, Limits, steps_hint, steps_message
from ..stdlib.builtins import RunContext
from ..stdlib.rng import RNG
from ..stdlib.compat import Compat

DEFAULT_STEP_LIMIT = 1_000_000     # the default of unlev.lang.limits.Limits.steps
AM_CHAOTIC, AM_NEUTRAL, AM_LAWFUL = 1, 2, 4


class BreakSignal(Exception):
    pass


class ExitSignal(Exception):
    pass


class Frame:
    """The variables of one execution frame (a level, or one FUNCTION call)."""

    def __init__(self) -> None:
        self.values: Dict[str, object] = {}

    def get(self, name: str, span: Span):
        try:
            return self.values[name]
        except KeyError:
            raise DesError(f"Variable '{name}' not defined.", span) from None

    def set(self, name: str, value) -> None:
        self.values[name] = value


class Evaluator(LevelStatements):
    """Runs levels. One Evaluator per run: it holds the RNG and the align register."""

    def __init__(self, builder: LevelBuilder, rng: Optional[RNG] = None,
                 context: Optional[RunContext] = None, compat: Compat = Compat(),
                 step_limit: Optional[int] = None,
                 warn: Optional[Callable[[str, Span], None]] = None,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.builder = builder
        self.limits = limits        # the run's (Settings.limits): dice, strings, arrays...
        self.rng = rng or RNG(0)
        self.ctx = context or RunContext()
        self.compat = Compat.of(compat)     # its .eval section is the interpreter's
        # None: the steps of the run's limits (UNLEV_LIMITS, through Settings)
        self.step_limit = limits.steps if step_limit is None else step_limit
        # a statement that does much work (SPILL, a quantity, WALLIFY...) is stopped by
        # the builder as soon as its own work passes the limit, not after it is done
        builder.limit_work(self.step_limit)
        self.warn = warn or (lambda msg, span: None)
        self.ralign = [AM_CHAOTIC, AM_NEUTRAL, AM_LAWFUL]
        self.functions: Dict[str, A.FunctionDef] = {}
        self.frame = Frame()
        self.steps = 0
        self._exec_cache: Dict[type, Callable] = {}
        self._eval_cache: Dict[type, Callable] = {}

    # ================================================================== entry points
    def collect_functions(self, nodes: List[A.Node]) -> None:
        for n in nodes:
            if isinstance(n, A.FunctionDef):
                self.functions.setdefault(n.name, n)
            elif isinstance(n, A.Include) and getattr(n, "tree", None) is not None:
                self.collect_functions(n.tree.header)

    @staticmethod
    def nested_functions(level: A.Level) -> List[A.FunctionDef]:
        """FUNCTIONs defined anywhere in a level's statements, in source order (cached).

        lev_comp defines a function when it compiles it, so one defined inside an IF not
        taken, a LOOP or a failed ROOM still exists for every call after it."""
        found = level.functions
        if found is None:
            found = []
            _find_functions(level.body.statements, found)
            level.functions = found
        return found

    def run_level(self, level: A.Level, header: List[A.Node] = ()) -> None:
        """Run one LEVEL: fresh variables, the align register shuffled as the game does."""
        self.collect_functions(list(header))
        self.collect_functions(self.nested_functions(level))
        self.frame = Frame()
        self.steps = 0
        self.shuffle_alignments()
        self.builder.start_level(name=level.name, flags=[name for name, b in level.flags
                                                        if not isinstance(b, str)],
                           span=level.span)
        for name, b in level.flags:
            if isinstance(b, str):      # a profile's flag (unlev.lang.extensions)
                self.builder.extension(kind="flag", name=name, args={}, span=level.span)
        for name in level.ext_syntax:
            self.builder.extension(kind="syntax", name=name, args={}, span=level.span)
        try:
            self.exec_block(level.body.statements)
        except ExitSignal:
            pass
        except BreakSignal:
            pass
        self.builder.end_level()

    def shuffle_alignments(self) -> None:
        r = self.ralign
        i = self.rng.rn2(3)
        r[2], r[i] = r[i], r[2]
        if self.rng.rn2(2):
            r[0], r[1] = r[1], r[0]

    # ================================================================== statements
    def exec_block(self, statements: List[A.Node]) -> None:
        for s in statements:
            self.execute(s)

    def _tick(self, node: A.Node) -> None:
        """Count one round of a LOOP/FOR against the limit (statements count in execute)."""
        self.steps += 1
        if self.steps > self.step_limit:
            self._over_limit(node)

    def charge(self, work: int, node: A.Node) -> None:
        self.steps += work
        if self.steps > self.step_limit:
            self._over_limit(node)

    def _over_limit(self, node: A.Node) -> None:
        raise DesError(steps_message(self.step_limit), node.span, steps_hint(self.step_limit))

    def execute(self, node: A.Node) -> None:
        self.steps += 1
        if self.steps > self.step_limit:
            self._over_limit(node)
        fn = self._exec_cache.get(type(node))
        if fn is None:
            fn = getattr(self, "x_" + type(node).__name__)
            self._exec_cache[type(node)] = fn
        try:
            fn(node)
            work = self.builder.work_done()
            if work:
                self.charge(work, node)
        except DesError as e:
            # the builder's errors know what went wrong, the statement knows where
            first = e.diagnostics[0] if e.diagnostics else None
            if first is not None and (first.span is None or not first.span.line):
                first.span = node.span
                e.span = node.span
            raise

    # -- definitions, functions -------------------------------------------------------
    def x_Include(self, n: A.Include) -> None:
        tree = getattr(n, "tree", None)
        if tree is not None:
            self.collect_functions(tree.header)

    def x_FunctionDef(self, n: A.FunctionDef) -> None:
        self.functions.setdefault(n.name, n)

    def x_FunctionCall(self, n: A.FunctionCall) -> None:
        f = self.functions.get(n.name)
        if f is None:
            raise DesError(f"Function '{n.name}' not defined.", n.span)
        args = [self.eval(a) for a in n.args]
        callee = Frame()
        for (pname, _ptype), value in zip(f.params, args):
            callee.set(pname, value)
        saved = self.frame
        self.frame = callee
        try:
            self.exec_block(f.body.statements)
        finally:
            self.frame = saved

    def x_CoreFuncStmt(self, n: A.CoreFuncStmt) -> None:
        self.eval(n.call)

    def x_Assign(self, n: A.Assign) -> None:
        value = self.eval(n.value)
        if isinstance(n.value, A.Var) and n.value.is_array:
            value = list(value)  # arrays are copied on assignment
        self.frame.set(n.name, value)

    def x_Shuffle(self, n: A.Shuffle) -> None:
        arr = self.frame.get(n.var.name, n.var.span)
        for i in range(len(arr) - 1, 0, -1):
            j = self.rng.rn2(i + 1)
            if j != i:
                arr[i], arr[j] = arr[j], arr[i]

    # -- flow control -------------------------------------------------------------------
    def x_Exit(self, n: A.Exit) -> None:
        raise ExitSignal()

    def x_Break(self, n: A.Break) -> None:
        raise BreakSignal()

    def condition(self, c: A.Node) -> bool:
        if isinstance(c, A.CondPercent):
            return c.percent > self.rng.rn2(100)
        if isinstance(c, A.CondTruth):
            return self.eval(c.expr) != 0
        a, b = self.eval(c.left), self.eval(c.right)
        return {"==": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b,
                ">=": a >= b}[c.op]

    def x_If(self, n: A.If) -> None:
        if self.condition(n.cond):
            self.exec_block(n.then.statements)
        elif n.orelse is not None:
            self.exec_block(n.orelse.statements)

    def x_Chance(self, n: A.Chance) -> None:
        if self.condition(n.cond):
            self.execute(n.statement)

    def x_Switch(self, n: A.Switch) -> None:
        value = self.eval(n.expr)
        if n.random:
            value = self.rng.rn2(value) if value > 1 else 0
        start = next((i for i, arm in enumerate(n.arms) if arm.value is not None and arm.value == value), None)
        if start is None:
            start = next((i for i, arm in enumerate(n.arms) if arm.value is None), None)
        if start is None:
            return
        try:
            for arm in n.arms[start:]:   # cases fall through, as in C
                self.exec_block(arm.body)
        except BreakSignal:
            pass

    def x_Loop(self, n: A.Loop) -> None:
        count = self.eval(n.count)
        try:
            while True:  # the body runs at least once; the count is read once
                count -= 1
                self.exec_block(n.body.statements)
                self._tick(n)  # an empty body must not spin past the limit
                if not count > 0:
                    break
        except BreakSignal:
            pass

    def x_For(self, n: A.For) -> None:
        # lev_comp keeps the bounds in two hidden variables of the frame, "<var> end" and
        # "<var> step", and re-reads them after every round: a nested FOR over the same
        # variable overwrites the outer loop's bounds, exactly as in the game.
        start = self.eval(n.start)
        end = self.eval(n.end)
        end_name, step_name = n.var + " end", n.var + " step"
        frame = self.frame
        frame.set(end_name, end)
        frame.set(n.var, start)
        frame.set(step_name, (end > start) - (end < start))
        values = frame.values
        try:
            while True:  # inclusive both ways; at least once; the body may change the variable
                self.exec_block(n.body.statements)
                self._tick(n)
                # compare first, then step: the variable ends as end + step
                current = frame.get(n.var, n.span)
                values[n.var] = current + values[step_name]
                if current == values[end_name]:
                    break
        except BreakSignal:
            pass

    # -- blocks of contents -------------------------------------------------------------
    def run_body(self, block: Optional[A.Block]) -> None:
        if block is None:
            return
        try:
            self.exec_block(block.statements)
        except BreakSignal:
            pass


def _find_functions(statements, out: List[A.FunctionDef]) -> None:
    """FUNCTION definitions among statements and their nested blocks (not expressions)."""
    for s in statements:
        if isinstance(s, A.FunctionDef):
            out.append(s)
        elif isinstance(s, A.If):
            _find_functions(s.then.statements, out)
            if s.orelse is not None:
                _find_functions(s.orelse.statements, out)
        elif isinstance(s, A.Chance):
            _find_functions([s.statement], out)
        elif isinstance(s, A.Switch):
            for arm in s.arms:
                _find_functions(arm.body, out)
        elif isinstance(s, (A.Loop, A.For, A.Room)):
            _find_functions(s.body.statements, out)
        else:
            block = getattr(s, "body", None) or getattr(s, "inventory", None) or getattr(s, "contents", None)
            if isinstance(block, A.Block):
                _find_functions(block.statements, out)
