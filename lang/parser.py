"""Driving the des-file grammar: tables built once, typed variables, includes, recovery.

:class:`DesParser` owns everything a parse needs besides the rules themselves: the
lexer, the table of variables defined so far (which the lexer consults to type
``$name`` tokens), function scopes, the current MAP size for range checks, name
validation, and error recovery at the next statement.  What lev_comp checks inside
its grammar actions lives in :mod:`unlev.lang.parse_checks` and the syntax errors and
recovery in :mod:`unlev.lang.parse_recovery` (mixins of :class:`DesParser`).
"""

from __future__ import annotations

import os
from _thread import RLock             # threading's own lock, without importing threading

import ply.yacc as yacc

from . import ast as A
from . import grammar
from .grammar_support import span_of
from .diagnostics import DesError, Diagnostic, Reporter, SourceCache, Span
from .limits import DEFAULT as DEFAULT_LIMITS, Limits, hint
from .fastlex import MasterLexer
from .lexer import DesLexer, type_words
from .parse_checks import ParseChecks, arg_letter, decode_params, short_map_rows  # noqa: F401 (re-exported)
from .parse_recovery import GiveUp as _GiveUp, SyntaxRecovery

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Tuple

_TABLES_DIR = os.path.dirname(os.path.abspath(__file__))
_PARSERS: Dict[str, object] = {}


def drop_skipped_fronts(tree) -> None:
    """A statement the lenient mode skipped is skipped whole.  PLY's recovery reduces
    what it can before it takes the error (``DOOR:closed,(2,1)`` of
    ``DOOR:closed,(2,1),subtype:"iron"`` is a whole DOOR), so the statement's first part
    would still run, and the warning say it was skipped: the statement just before a
    skip placeholder, on the error's line and before it, goes."""
    for node in A.walk(tree):
        for name in A.field_names(node):
            items = getattr(node, name)
            if not isinstance(items, list) or not any(
                    getattr(x, "skipped_at", None) is not None for x in items):
                continue
            kept: list = []
            for x in items:
                at = getattr(x, "skipped_at", None)
                if at is not None and kept and isinstance(kept[-1], A.Node):
                    sp = kept[-1].span
                    if (sp.file, sp.line) == (at.file, at.line) and sp.col < at.col:
                        kept.pop()
                kept.append(x)
            items[:] = kept


def _build_parser(dialect: str = "unnethack"):
    """One PLY parser per dialect, from its shipped table module (``_parsetab`` for
    UnNetHack, ``_parsetab_<dialect>`` for the others); rebuilt and rewritten only when
    the grammar changed (:mod:`unlev.lang.tables`: the signature compared without PLY's
    reflection)."""
    parser = _PARSERS.get(dialect)
    if parser is None:
        from .dialect import parsing_grammar, tabmodule_of
        from .tables import keep_plan, load, parser_from, planned_namespace, signature
        name = tabmodule_of(dialect)
        tables = load(name)
        planned = planned_namespace(name) if tables is not None else None
        if planned is not None:         # the functions the current tables were bound to
            _PARSERS[dialect] = parser = parser_from(planned, tables)
            return parser
        module = parsing_grammar(dialect)
        ns = dict(module if isinstance(module, dict) else vars(module))
        ns["start"] = "file"
        if tables is not None and getattr(tables, "_lr_signature", None) == signature(ns):
            parser = parser_from(ns, tables)
            keep_plan(name, ns, "unlev.lang.grammar" if dialect == "unnethack"
                      else f"unlev.lang.grammar_{dialect}")
        else:
            # a changed grammar: let PLY rebuild and rewrite the module by its name
            parser = yacc.yacc(module=module, start="file", debug=False,
                               write_tables=True, tabmodule=name,
                               outputdir=_TABLES_DIR, errorlog=yacc.NullLogger())
        _PARSERS[dialect] = parser
    return parser



# One parse at a time per process: the PLY parser of a dialect is shared (``_PARSERS``),
# its ``owner`` and grammar.ACTIVE say whose parse the actions serve, and PLY keeps its
# stacks on the parser object.  The language server parses on two threads (diagnostics
# and the preview); without the lock one parse's actions ran against the other's
# parser.  Re-entrant: an INCLUDE is parsed inside its includer's parse.
_PARSING = RLock()


def _after_fork_in_child() -> None:
    """A child forked while another thread of its parent parsed inherits the lock held
    by a thread that does not exist in it; every parse of the child would wait for ever
    (``check -j``/``lint -j`` fork their workers, the language server's preview thread
    parses).  The child starts with a free lock and no parse under way."""
    global _PARSING
    _PARSING = RLock()
    del grammar.ACTIVE[:]


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


class DesParser(SyntaxRecovery, ParseChecks):
    """Parses one des-file (and what it INCLUDEs) into a :class:`unlev.lang.ast.DesFile`.

    Errors and warnings go to ``self.reporter``; :meth:`parse` raises a
    :class:`DesError` holding every error found once the whole file has been read.
    """

    def __init__(self, oracle=None, sources: Optional[SourceCache] = None,
                 include_path: Optional[List[str]] = None, dialect: str = "unnethack",
                 max_errors: int = 20, extensions=None,
                 include_anywhere: bool = False, limits: Limits = DEFAULT_LIMITS) -> None:
        from .dialect import lexicon_of, oracle_of
        self.dialect = dialect
        self.limits = limits                         # the run's (Settings.limits)
        self.include_anywhere = include_anywhere     # --include-anywhere
        self.lexicon = lexicon_of(dialect)
        self.extensions = extensions or None     # unlev.lang.extensions.Extensions
        self.lenient = bool(self.extensions is not None and self.extensions.lenient)
        self._skipped: list = []                 # lenient: placeholders for bad lines
        if self.extensions is not None:
            from .extensions import lexicon_for
            self.lexicon = lexicon_for(self.lexicon, self.extensions)
        self.oracle = oracle or oracle_of(dialect)
        # --lenient: an unknown monster, object or trap name is a warning, and the
        # builder puts a placeholder where it stands (unlev.populate.placeholders)
        self.lenient_names = self.lenient
        self.sources = sources or SourceCache()
        self.include_path = list(include_path or [])
        self.max_errors = max_errors
        self.reporter = Reporter()
        self.vars: Dict[str, Tuple[str, bool]] = {}
        self.functions: Dict[str, A.FunctionDef] = {}
        self.function_stack: List[Tuple[str, Dict]] = []
        self.level_flags: set = set()
        self.max_x_map = 0
        self.max_y_map = 0
        self.include_stack: List[str] = []
        self.level_sink = None     # unlev check's LevelStream (unlev.lang.level_stream)
        self.names_known: Dict[tuple, bool] = {}   # ParseChecks.name_known's answers
        self.lexers: List[DesLexer] = []   # the file's, its INCLUDEs': innermost last
        self.tokens_left = [limits.tokens]     # shared by the file and its INCLUDEs
        self.includes_read = 0                  # INCLUDEs read, and their bytes (limits)
        self.included_bytes = 0
        self._last_recovery = None
        self._stuck = 0

    # ------------------------------------------------------------------ entry points
    def parse(self, text: str, filename: str = "<input>") -> A.DesFile:
        tree = self.parse_source(text, filename)
        self.reporter.raise_if_errors()
        return tree

    def parse_file(self, path: str) -> A.DesFile:
        from .sources import read_source
        return self.parse(read_source(path, limits=self.limits), path)

    @property
    def warnings(self) -> List[Diagnostic]:
        return self.reporter.warnings

    def parse_source(self, text: str, filename: str) -> A.DesFile:
        self.sources.add(filename, text)
        lexer = _PushbackLexer(DesLexer(filename, self.lookup_var, self.lexicon),
                               self.tokens_left, self.limits)
        lexer.input(text)
        self.lexers.append(lexer)
        if self.extensions is not None:
            from .extensions import parser_for
            parser = parser_for(self.dialect, self.extensions)
        else:
            parser = _build_parser(self.dialect)
        with _PARSING:
            grammar.ACTIVE.append(self)
            self._ply = parser                  # its symbol stack tells an error's place
            saved_owner = getattr(parser, "owner", None)
            parser.owner = self
            try:
                tree = parser.parse(lexer=lexer, tracking=False)
            except _GiveUp:
                tree = None
            except DesError as exc:
                self.reporter.items.extend(exc.diagnostics)
                tree = None
            finally:
                grammar.ACTIVE.pop()
                parser.owner = saved_owner
                self.lexers.pop()
        if tree is None:
            tree = A.DesFile(Span(filename, 1, 1), [], [])
            if not self.reporter.errors:
                self.error("could not parse the file", Span(filename, 1, 1))
            return tree
        if self.lenient:
            drop_skipped_fronts(tree)
        deep = deeper_than(tree, self.limits.depth)
        if deep is not None:
            # the checker and the evaluator walk the tree recursively: stop here
            self.reporter.error(f"nested more than {self.limits.depth} levels deep (blocks "
                                "or expressions)", deep.span, hint("depth", self.limits))
            return A.DesFile(Span(filename, 1, 1), [], [])
        if not self.include_stack and not self.reporter.errors:
            from .lowering import lower     # the top file read well: the tree phase
            lower(tree, self.dialect, self.extensions, self.reporter)
        return tree

    # ------------------------------------------------------------------ spans
    @property
    def lexer(self) -> "_PushbackLexer":
        return self.lexers[-1]

    def span_at(self, p, i: int) -> Span:
        """The span of symbol ``i`` of production ``p`` (:func:`grammar_support.span_of`,
        where the grammar's actions find it without this call)."""
        return span_of(p, i)

    def file_span(self) -> Span:
        return Span(self.lexer.inner.filename, 1, 1)

    def last_span(self) -> Span:
        tok = self.lexer.last
        if tok is None:
            return self.file_span()
        return self.lexer.inner.span_of(tok)

    # ------------------------------------------------------------------ reporting
    def error(self, message: str, span: Span, hint: Optional[str] = None) -> None:
        if self.lenient:
            from .extensions import LENIENT_ERRORS
            if message.startswith(LENIENT_ERRORS):
                self.warning(message, span, "kept going (lenient); the level may differ from "
                             "the game's", code="lenient")
                return
        self.reporter.error(message, span, hint)
        if len(self.reporter.errors) >= self.max_errors:
            raise _GiveUp()

    def warning(self, message: str, span: Span, hint: Optional[str] = None,
                code: str = "lev-comp") -> None:
        self.reporter.warning(message, span, hint, code)

    def unknown_name(self, message: str, span: Span, hint: Optional[str] = None) -> None:
        """A monster, object or trap name the data tables lack: an error naming the
        ways out (a variant's own data, --lenient), or with --lenient a warning
        (code ``unknown-name``) that a placeholder stands in."""
        if self.lenient_names:
            self.warning(f"{message} (a placeholder stands in: --lenient)", span, hint,
                         code="unknown-name")
            return
        if hint and ": write (" in hint:        # a known name in the wrong class
            self.error(message, span, hint)
            return
        data = getattr(self.oracle, "profile_name", None) or self.dialect
        way_out = (f"not in the {data} data: a variant's own names need its profile "
                   "(unlev data import SOURCE --name NAME, then --data NAME), or "
                   "--lenient to see the level with a placeholder")
        self.error(message, span, f"{hint}; {way_out}" if hint else way_out)

    # ------------------------------------------------------------------ variables
    def lookup_var(self, name: str) -> Optional[Tuple[str, bool]]:
        return self.vars.get(name)

    def define_var(self, var: A.Var, vtype: str, is_array: bool) -> None:
        old = self.vars.get(var.name)
        if old is not None and old != (vtype, is_array):
            self.error(f"Trying to redefine variable '{var.name}' as {type_words(vtype, is_array)}, "
                       f"when it is {type_words(*old)}.", var.span)
            return
        self.vars[var.name] = (vtype, is_array)

    def new_level(self) -> None:
        self.vars = {}
        self.level_flags = set()

    # ------------------------------------------------------------------ functions
    def begin_function(self, name: str, span: Span) -> None:
        if self.function_stack:
            self.error(f"Recursively defined functions not allowed (function {name}).", span,
                       "FUNCTION definitions cannot be nested")
        if name in self.functions:
            self.error(f"Function '{name}' already defined once.", span)
        self.function_stack.append((name, self.vars))
        self.vars = {}

    def end_function(self, fdef: A.FunctionDef) -> None:
        _name, saved = self.function_stack.pop()
        self.vars = saved
        self.functions.setdefault(fdef.name, fdef)

    # ------------------------------------------------------------------ INCLUDE
    def include(self, node: A.Include) -> A.Include:
        from .sources import include_roots, open_include, real_path, refused_include
        here = os.path.dirname(self.lexer.inner.filename)
        candidates = [os.path.join(here, node.path)] + [os.path.join(d, node.path) for d in self.include_path]
        top = self.lexers[0].inner.filename if self.lexers else self.lexer.inner.filename
        roots = include_roots(top, self.include_path)
        anywhere = self.include_anywhere
        why = refused_include(node.path, candidates[0], roots, anywhere)
        if why is not None and all(refused_include(node.path, c, roots, anywhere)
                                   for c in candidates):
            # never opened: nothing of a refused file can show in an error
            self.error(f"INCLUDE '{node.path}' refused: {why}", node.span, _INCLUDE_HINT)
            return node
        path = next((c for c in candidates if os.path.exists(c)
                     and refused_include(node.path, c, roots, anywhere) is None), None)
        if path is None:
            self.error(f"Cannot open file for including: '{node.path}'", node.span,
                       "INCLUDE paths are relative to the including file (or --include-path)")
            return node
        if len(self.include_stack) >= 5:
            self.error("Too deep includes", node.span)
            return node
        self.includes_read += 1
        if self.includes_read > self.limits.includes:
            self.error(f"more than {self.limits.includes:,} INCLUDEs read for one des-file",
                       node.span, hint("includes", self.limits))
            return node
        try:
            # opened once: the file read is the file checked (sources.open_include)
            real, text = open_include(path, roots, node.span, anywhere, self.limits)
        except DesError as exc:
            if exc.message.startswith("refused:"):
                self.error(f"INCLUDE '{node.path}' {exc.message}", node.span, _INCLUDE_HINT)
            else:
                self.error(exc.message, node.span, exc.diagnostics[0].hint)
            return node
        chain = [real_path(self.lexer.inner.filename)] + self.include_stack
        if real in chain:
            self.error(f"include cycle: '{node.path}' includes itself", node.span)
            return node
        self.included_bytes += len(text)
        if self.included_bytes > self.limits.include_bytes:
            self.error(f"more than {self.limits.include_bytes:,} bytes INCLUDEd into one "
                       "des-file", node.span, hint("include_bytes", self.limits))
            return node
        self.include_stack.append(real)
        try:
            node.resolved = path
            node.tree = self.parse_source(text, path)  # type: ignore[attr-defined]
        finally:
            self.include_stack.pop()
        return node



_INCLUDE_HINT = ("a des-file may include files under its own folder and the --include-path "
                 "folders; --include-anywhere lifts this")


class _PushbackLexer:
    """The lexer as PLY sees it, with one-token pushback for error recovery, the token
    budget of the file and its INCLUDEs, and the last token read (for an error's place).

    PLY calls ``token`` once per token; with the master-pattern lexer
    (:class:`unlev.lang.fastlex.MasterLexer`) ``token`` is its generator, which keeps
    these books in the loop's own frame (one call per token, not two)."""

    def __init__(self, inner: DesLexer, budget: List[int], limits: Limits) -> None:
        self.inner = inner
        self.limits = limits
        self.pending: List = []
        self.last = None
        self._next = inner.lexer.token      # PLY's own: one call less per token
        self.budget = budget

    def input(self, text: str) -> None:
        self.inner.input(text)
        if isinstance(self.inner.lexer, MasterLexer):
            self.token = self.inner.lexer.tokens(self).__next__     # its generator

    def push(self, tok) -> None:
        self.pending.append(tok)

    @property
    def lineno(self) -> int:
        return self.inner.lexer.lineno

    @property
    def lexpos(self) -> int:
        return self.inner.lexer.lexpos

    def over_budget(self, tok) -> DesError:
        """The error for the token past the budget."""
        return DesError(f"more than {self.limits.tokens:,} tokens in one des-file "
                        "(with what it INCLUDEs)", self.inner.span_of(tok),
                        hint("tokens", self.limits))

    def raw_line(self, tok) -> None:
        """An extension's raw statement: its token takes the rest of its line."""
        if not isinstance(tok.value, tuple):
            from .extensions import take_line
            tok.value = (tok.value, take_line(self.inner.lexer))

    def token(self):
        if self.pending:
            tok = self.pending.pop()
        else:
            tok = self._next()
            self.budget[0] -= 1
            if self.budget[0] < 0 and tok is not None:
                raise self.over_budget(tok)
        if tok is not None:
            self.last = tok
            if tok.type == "EXT_RAW":
                self.raw_line(tok)
        return tok


# what a misspelt word is compared with: statement keywords, flags, functions


def deeper_than(tree: A.Node, limit: int) -> Optional[A.Node]:
    """The first node nested more than ``limit`` deep, found without recursion."""
    level = [tree]
    for _depth in range(limit + 1):
        following = []
        for node in level:
            following += A.children(node)
        if not following:
            return None
        level = following
    return level[0]




def parse_text(text: str, filename: str = "<input>", **kwargs) -> A.DesFile:
    """Parse des-file text; raises DesError listing every error found."""
    return DesParser(**kwargs).parse(text, filename)


def parse_file(path: str, **kwargs) -> A.DesFile:
    return DesParser(**kwargs).parse_file(path)


def preload(dialect: str = "unnethack") -> None:
    """Load a dialect's parser now: a process about to fork workers loads it once for
    all of them."""
    _build_parser(dialect)


def build_tables(dialects=None) -> None:
    """Regenerate the shipped parse tables (``_parsetab.py`` and one
    ``_parsetab_<dialect>.py`` per other dialect)."""
    from .dialect import DIALECTS
    for d in dialects or DIALECTS:
        _PARSERS.pop(d, None)
        _build_parser(d)


