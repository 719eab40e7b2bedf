"""Des-file fragments run one after another against a level that stays alive.

A des-file is parsed whole: a LEVEL header, then statements, with a variable table the
lexer consults to type ``$name`` tokens.  A REPL (or an editor) has one statement, a
block or a bare expression at a time, and each needs the variables and functions the
earlier ones defined.  :class:`FragmentSession` keeps that state between fragments:

* a fragment is parsed as the body of a synthetic LEVEL whose variable table, functions,
  level flags and MAP size start as the session left them, then checked as a file is;
* a bare expression is parsed as the right-hand side of a hidden variable definition
  (``selection:`` first, then the plain int/string/coord/region forms);
* spans are mapped back into the fragment's own text, so every error points into what
  was typed (``<input N>:line:col``), and :attr:`FragmentSession.sources` quotes it;
* one :class:`~unlev.lang.evaluator.Evaluator` runs every fragment against the caller's
  builder, so variable values, functions and the align register persist.

Nothing is committed by a fragment that fails to parse.  A run-time error may leave the
builder half-changed; callers that want the level intact rebuild it by running the
fragments that succeeded again (``unlev.tools.repl.core`` does).
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Dict, Iterator, List, Optional, Set, Tuple

from . import ast as A
from .checker import Checker
from .diagnostics import DesError, Diagnostic, SourceCache, Span
from .evaluator import BreakSignal, Evaluator, ExitSignal
from .lexer import DesLexer
from .parser import DesParser
from .limits import DEFAULT as DEFAULT_LIMITS, Limits
from .values import Coord, Region
from ..stdlib.rng import RNG
from ..stdlib.compat import Compat
from ..stdlib.selection import Selection

_LEVEL_NAME = "fragment"
_PREFIX = f'LEVEL:"{_LEVEL_NAME}"\n'
_VALUE = "$__value__"
# How a bare expression is wrapped, most specific first: the grammar types each form.
_EXPRESSION_WRAPPERS = (f"{_VALUE} = selection:\n", f"{_VALUE} =\n")
_LONE_VARIABLE = re.compile(r"\s*(\$[A-Za-z_][A-Za-z_0-9]*)\s*\Z")

VarTable = Dict[str, Tuple[str, bool]]


@dataclass
class Fragment:
    """One parsed piece of input.

    ``kind`` is ``"statements"`` (``statements`` and maybe ``flags``), ``"expression"``
    (``expr`` of type ``vtype``) or ``"variable"`` (a lone ``$name``: ``var``).
    """

    text: str
    name: str
    kind: str
    statements: List[A.Node] = field(default_factory=list)
    flags: List[Tuple[str, int]] = field(default_factory=list)
    expr: Optional[A.Node] = None
    var: Optional[str] = None
    vtype: Optional[str] = None
    is_array: bool = False
    warnings: List[Diagnostic] = field(default_factory=list)
    body_offset: int = 0       # where the statements start in ``text`` (after FLAGS)
    # what the fragment adds to the session's parse state once it has run
    new_vars: VarTable = field(default_factory=dict)
    new_functions: Dict[str, A.FunctionDef] = field(default_factory=dict)
    map_size: Optional[Tuple[int, int]] = None

    @property
    def body_text(self) -> str:
        """The statements as typed, without a leading FLAGS line."""
        return self.text[self.body_offset:]


@dataclass
class Shown:
    """What an expression fragment evaluated to, and the cells it covers (if any)."""

    value: object
    vtype: str
    is_array: bool = False
    selection: Optional[Selection] = None


class _FragmentParser(DesParser):
    """A DesParser whose LEVEL starts with the session's variables, functions, flags and
    MAP size instead of empty ones."""

    def __init__(self, start_vars: VarTable, functions: Dict[str, A.FunctionDef],
                 flags: Set[str], map_size: Tuple[int, int], **kwargs) -> None:
        self._start_flags: Set[str] = set(flags)
        super().__init__(**kwargs)
        self._start_vars = dict(start_vars)
        self._start_map = map_size
        self.functions = dict(functions)
        self.vars = dict(start_vars)
        self.max_x_map, self.max_y_map = map_size

    # The grammar assigns level_flags after reading FLAGS: keep the session's too.
    @property
    def level_flags(self) -> Set[str]:
        return self._flags

    @level_flags.setter
    def level_flags(self, value) -> None:
        self._flags = set(value) | getattr(self, "_start_flags", set())

    def _hint_for(self, tok):
        if tok.type == "VARSTRING" and not self.function_stack:
            return f"variable '{tok.value}' is not defined (yet): :vars lists the variables"
        return super()._hint_for(tok)

    def new_level(self) -> None:
        self.vars = dict(self._start_vars)
        self.level_flags = set()
        self.max_x_map, self.max_y_map = self._start_map


class FragmentSession:
    """Parse state plus one persistent evaluator, for running fragments in turn.

    ``builder`` is any :class:`~unlev.lang.level_builder.LevelBuilder`; ``rng`` the stream the
    script draws from (shared with the builder when it draws too).  Call :meth:`start`
    once, then :meth:`parse` and :meth:`run` / :meth:`evaluate` per fragment.
    """

    def __init__(self, builder, rng: RNG, *, context=None, compat: Compat = Compat(),
                 warn=None, step_limit: Optional[int] = None,
                 include_path: Optional[List[str]] = None,
                 compat_warnings: bool = True, extensions=None, lenient: bool = False,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        from .extensions import load
        self.limits = limits        # the run's (Settings.limits), for parsing and running
        self.evaluator = Evaluator(builder, rng, context=context, compat=compat,
                                   step_limit=step_limit, warn=warn, limits=limits)
        # a profile's declared extensions and the lenient mode, as compile_file takes them
        import dataclasses
        self.extensions = dataclasses.replace(load(extensions), lenient=bool(lenient))
        self.include_path = list(include_path or [])
        self.compat_warnings = compat_warnings
        self.vars: VarTable = {}
        self.functions: Dict[str, A.FunctionDef] = {}
        self.level_flags: Set[str] = set()
        self.map_size: Tuple[int, int] = (0, 0)
        self.sources = SourceCache()
        self.count = 0

    @property
    def next_name(self) -> str:
        """The name the next fragment's spans will carry."""
        return f"<input {self.count + 1}>"

    @property
    def builder(self):
        return self.evaluator.builder

    # ------------------------------------------------------------------ the level
    def start(self, level: Optional[A.Level] = None, header: List[A.Node] = (),
              sources: Optional[SourceCache] = None, name: str = "repl") -> None:
        """Begin the live level: an empty one called ``name``, or a parsed LEVEL run as
        the game runs it; its variables and functions stay for the fragments after."""
        if level is None:
            span = Span("<repl>", 1, 1)
            level = A.Level(span, name, [], A.Block(span, []))
        else:
            self.map_size = (79, 21)   # where a file left its MAP is not known here
        if sources is not None:
            self.sources.texts.update(sources.texts)
        self.evaluator.run_level(level, list(header))
        self.vars = level_variables(level)
        self.functions = {}
        for node in list(header) + Evaluator.nested_functions(level):
            if isinstance(node, A.FunctionDef):
                self.functions.setdefault(node.name, node)
            elif isinstance(node, A.Include) and getattr(node, "tree", None) is not None:
                for f in node.tree.header:
                    if isinstance(f, A.FunctionDef):
                        self.functions.setdefault(f.name, f)
        self.level_flags = {name for name, _bits in level.flags}

    # ------------------------------------------------------------------ parsing
    def parse(self, text: str) -> Fragment:
        """Parse one fragment (a statement, several, a block, or a bare expression).

        Raises DesError (spans inside ``text``, named ``<input N>``) when it is none."""
        name = self.next_name
        self.count += 1
        self.sources.add(name, text)
        m = _LONE_VARIABLE.match(text)
        if m and m.group(1) in self.vars:
            vtype, is_array = self.vars[m.group(1)]
            return Fragment(text, name, "variable", var=m.group(1), vtype=vtype,
                            is_array=is_array)
        stmt, stmt_errors = self._try(text, name, "")
        if stmt is not None:
            return stmt
        expr_errors = None
        if not self.looks_like_statement(text):
            for wrapper in _EXPRESSION_WRAPPERS:
                frag, errors = self._try(text, name, wrapper)
                if frag is not None:
                    return frag
                if expr_errors is None:
                    expr_errors = errors
        errors = stmt_errors if expr_errors is None else expr_errors
        first = errors[0]
        raise DesError(first.message, first.span, first.hint, diagnostics=errors)

    def looks_like_statement(self, text: str) -> bool:
        """Whether ``text`` starts as a statement does (a statement keyword, ``$x =``,
        ``name(`` or ``[N%]:``), so its errors are reported as a statement's."""
        toks = first_tokens(text, self.vars.get, 2)
        if not toks:
            return True
        t0 = toks[0]
        if t0.type.endswith("_ID") and str(getattr(t0, "text", "")).isupper():
            return True
        if t0.type in ("PERCENT", "MAP_ID", "FLAGS_ID"):
            return True
        nxt = toks[1].type if len(toks) > 1 else None
        if t0.type.startswith("VARSTRING") and nxt == "=":
            return True
        return t0.type == "NQSTRING" and nxt == "("

    def _try(self, text: str, name: str, wrapper: str):
        synthetic = _PREFIX + wrapper + text
        offset = (_PREFIX + wrapper).count("\n")
        ext = self.extensions
        if ext.lenient:
            from .dialect import lexicon_of
            from .extensions import lenient_for
            ext = lenient_for(ext, synthetic, lexicon_of("unnethack"))
        parser = _FragmentParser(self.vars, self.functions, self.level_flags, self.map_size,
                                 include_path=self.include_path, sources=SourceCache(),
                                 extensions=ext or None, limits=self.limits)
        try:
            tree = parser.parse(synthetic, name)
        except DesError as exc:
            return None, [_shift(d, name, offset) for d in exc.diagnostics]
        checker = Checker(parser.reporter, self.compat_warnings)
        checker.functions = dict(self.functions)
        checker.check_file(tree)
        diags = [_shift(d, name, offset) for d in parser.reporter.items]
        errors = [d for d in diags if d.severity == "error"]
        if errors:
            return None, errors
        warnings = [d for d in diags if d.severity != "error"]
        level = tree.levels[0]
        _shift_tree(level, name, offset)
        new_vars = {k: v for k, v in parser.vars.items()
                    if k != _VALUE and self.vars.get(k) != v}
        new_functions = {k: f for k, f in parser.functions.items() if k not in self.functions}
        map_size = (parser.max_x_map, parser.max_y_map)
        if wrapper:
            assign = level.body.statements[0]
            return Fragment(text, name, "expression", expr=assign.value, vtype=assign.vtype,
                            is_array=assign.is_array, warnings=warnings), None
        body = level.body.statements
        body_offset = _offset_of(text, body[0].span) if body and level.flags else 0
        if level.flags and not body:
            body_offset = len(text)
        return Fragment(text, name, "statements", statements=body, flags=list(level.flags),
                        warnings=warnings, body_offset=body_offset, new_vars=new_vars,
                        new_functions=new_functions, map_size=map_size), None

    # ------------------------------------------------------------------ running
    def run(self, fragment: Fragment) -> None:
        """Run a statements fragment; on success its variables and functions become the
        session's.  Raises DesError at a run-time error (the builder may be half-changed)."""
        if fragment.kind != "statements":
            raise ValueError("run() takes a statements fragment; use evaluate()")
        ev = self.evaluator
        ev.steps = 0
        try:
            ev.exec_block(fragment.statements)
        except (ExitSignal, BreakSignal):
            pass
        self.vars.update(fragment.new_vars)
        for k, f in fragment.new_functions.items():
            self.functions.setdefault(k, f)
        self.level_flags |= {name for name, _bits in fragment.flags}
        if fragment.map_size is not None:
            self.map_size = fragment.map_size

    def evaluate(self, fragment: Fragment, rng: Optional[RNG] = None) -> Shown:
        """The value of an expression or variable fragment and the cells it covers.

        With ``rng``, random choices come from it instead of the level's stream (a
        preview then never changes what the level's later statements draw)."""
        ev = self.evaluator
        with self._random(rng):
            if fragment.kind == "variable":
                col = fragment.text.index("$") + 1
                value = ev.frame.get(fragment.var, Span(fragment.name, 1, col, len(fragment.var)))
            elif fragment.kind == "expression":
                value = ev.eval(fragment.expr)
            else:
                raise ValueError("evaluate() takes an expression or variable fragment")
            return Shown(value, fragment.vtype, fragment.is_array, self.cells_of(value))

    def cells_of(self, value) -> Optional[Selection]:
        """The map cells a value stands for: a selection itself, a coordinate's point, a
        region's rectangle, or the union over an array of these; None for the rest."""
        if isinstance(value, Selection):
            return value
        b = self.builder
        if isinstance(value, Coord):
            x, y = b.locate(value)
            return Selection.point(x, y)
        if isinstance(value, Region):
            span = Span("<value>", 1, 1)
            lit = A.RegionLit(span, value.x1, value.y1, value.x2, value.y2, value.whole_level)
            return self.evaluator.eval(A.SelRect(span, lit, True))
        if isinstance(value, list) and value and all(
                isinstance(v, (Selection, Coord, Region)) for v in value):
            out = Selection.empty()
            for v in value:
                out = out | self.cells_of(v)
            return out
        return None

    @contextmanager
    def _random(self, rng: Optional[RNG]) -> Iterator[None]:
        ev = self.evaluator
        if rng is None:
            yield
            return
        saved = ev.rng
        shares = getattr(ev.builder, "rng", None) is saved
        ev.rng = rng
        if shares:
            ev.builder.rng = rng
        try:
            yield
        finally:
            ev.rng = saved
            if shares:
                ev.builder.rng = saved

    # ------------------------------------------------------------------ inspection
    def variables(self) -> List[Tuple[str, str, bool, object]]:
        """(name, type, is_array, value) of each variable known, sorted by name; the
        value is :data:`UNSET` for one typed at parse time but never assigned."""
        values = self.evaluator.frame.values
        return [(name, vtype, is_array, values.get(name, UNSET))
                for name, (vtype, is_array) in sorted(self.vars.items())]


class _Unset:
    def __repr__(self) -> str:
        return "<unset>"


UNSET = _Unset()


def format_value(value, vtype: Optional[str] = None, is_array: bool = False) -> str:
    """A value as a des-file writes it (selections as their point count)."""
    if value is UNSET:
        return "(never assigned)"
    if isinstance(value, list):
        return "{" + ", ".join(format_value(v, vtype) for v in value) + "}"
    if isinstance(value, Selection):
        n = len(value)
        return f"selection of {n} point{'s' if n != 1 else ''}"
    if isinstance(value, str):
        return '"' + value + '"'
    return str(value)


def level_variables(level: A.Level) -> VarTable:
    """The variable table lev_comp has at the end of a LEVEL: every assignment and FOR
    variable in its statements (types are fixed at compile time, whichever branch runs);
    FUNCTION bodies have their own scope and are left out."""
    table: VarTable = {}

    def visit(node: A.Node) -> None:
        if isinstance(node, A.FunctionDef):
            return
        if isinstance(node, A.Assign):
            table.setdefault(node.name, (node.vtype, node.is_array))
        elif isinstance(node, A.For):
            table.setdefault(node.var, ("int", False))
        for child in A.children(node):
            visit(child)

    visit(level.body)
    return table


def first_tokens(text: str, lookup_var=None, n: int = 2) -> list:
    """The first ``n`` tokens of ``text`` (fewer at its end or at a lexical error)."""
    lx = DesLexer("<peek>", lookup_var)
    lx.input(text)
    out = []
    try:
        while len(out) < n:
            tok = lx.token()
            if tok is None:
                break
            out.append(tok)
    except DesError:
        pass
    return out


def needs_more(text: str) -> bool:
    """Whether ``text`` is an unfinished fragment: an open ``{`` ``(`` or ``[``, a
    GEOMETRY without its MAP, a MAP without ENDMAP, or a last token (``,`` ``:`` ``=`` ``&`` ``|``) that must go on."""
    lx = DesLexer("<peek>", None)
    lx.input(text if text.endswith("\n") else text + "\n")
    depth = 0
    last = None
    geometry = False     # GEOMETRY read, its MAP not yet
    try:
        for tok in lx:
            if tok.type in ("{", "(", "["):
                depth += 1
            elif tok.type in ("}", ")", "]"):
                depth -= 1
            elif tok.type in ("GEOMETRY_ID", "MAP_ID"):
                geometry = tok.type == "GEOMETRY_ID"
            last = tok.type
    except DesError as exc:
        return exc.message == "MAP block has no ENDMAP"
    return depth > 0 or geometry or last in (",", ":", "=", "&", "|")


def open_blocks(text: str) -> int:
    """How many ``{`` of ``text`` are not closed yet (a block goes on over lines; an
    open ``(`` or ``[`` before a new statement is a mistake, see the REPL)."""
    lx = DesLexer("<peek>", None)
    lx.input(text if text.endswith("\n") else text + "\n")
    depth = 0
    try:
        for tok in lx:
            if tok.type == "{":
                depth += 1
            elif tok.type == "}":
                depth -= 1
    except DesError:
        pass
    return max(depth, 0)


# ---------------------------------------------------------------------- span mapping
def _shift_span(span: Span, name: str, offset: int) -> Span:
    if span.file != name:
        return span
    if span.line <= offset:
        return Span(name, 1, 1, span.length)
    return Span(name, span.line - offset, span.col, span.length)


def _shift(d: Diagnostic, name: str, offset: int) -> Diagnostic:
    return replace(d, span=_shift_span(d.span, name, offset))


def _shift_tree(level: A.Level, name: str, offset: int) -> None:
    for node in A.walk(level):
        node.span = _shift_span(node.span, name, offset)
        if isinstance(node, A.MapStmt) and node.first_line > offset:
            node.first_line -= offset


def _offset_of(text: str, span: Span) -> int:
    """The index in ``text`` of a (1-based) line and column."""
    lines = text.split("\n")
    return sum(len(l) + 1 for l in lines[:span.line - 1]) + span.col - 1
