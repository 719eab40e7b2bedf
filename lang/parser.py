"""Driving the des-file grammar: tables built once, typed variables, includes, recovery.

:class:`DesParser` owns everything a parse needs besides the rules themselves: the
lexer, the table of variables defined so far (which the lexer consults to type
``$name`` tokens), function scopes, the current MAP size for range checks, name
validation, and error recovery at the next statement.
"""

from __future__ import annotations

import os
import re
from _thread import RLock             # threading's own lock, without importing threading
from typing import Callable, Dict, List, Optional, Tuple

import ply.yacc as yacc

from . import ast as A
from . import grammar
from .diagnostics import DesError, Diagnostic, Reporter, SourceCache, Span
from .limits import DEFAULT as DEFAULT_LIMITS, Limits, hint
from .lexer import (CORE_FUNCTIONS, KEYWORDS, MAP_X_LIM, MAP_Y_LIM, DesLexer, type_words,
                    unclosed_string_before)
from ..stdlib.terrain import INVALID_TYPE, MAX_TYPE, map_char_to_type

_TABLES_DIR = os.path.dirname(os.path.abspath(__file__))
_PARSERS: Dict[str, object] = {}

from ..stdlib.grid import COLNO, ROWNO

# Tokens at which the parser resynchronises after a syntax error.
_SYNC = {
    "LEVEL_ID", "FUNCTION_ID", "MESSAGE_ID", "LEV_INIT_ID", "FLAGS_ID", "GEOMETRY_ID",
    "NOMAP_ID", "OBJECT_ID", "COBJECT_ID", "MONSTER_ID", "TRAP_ID", "DOOR_ID",
    "ROOMDOOR_ID", "DRAWBRIDGE_ID", "MAZEWALK_ID", "WALLIFY_ID", "REGION_ID", "ALTAR_ID",
    "LADDER_ID", "STAIR_ID", "PORTAL_ID", "TELEPRT_ID", "BRANCH_ID", "FOUNTAIN_ID",
    "SINK_ID", "POOL_ID", "WALLWALK_ID", "NON_DIGGABLE_ID", "NON_PASSWALL_ID", "IF_ID",
    "EXIT_ID", "ROOM_ID", "SUBROOM_ID", "RAND_CORRIDOR_ID", "CORRIDOR_ID", "SPILL_ID",
    "TERRAIN_ID", "REPLACE_TERRAIN_ID", "MON_GENERATION_ID", "GOLD_ID", "GRAVE_ID",
    "ENGRAVING_ID", "MINERALIZE_ID", "FOR_ID", "LOOP_ID", "SWITCH_ID", "CASE_ID",
    "BREAK_ID", "DEFAULT_ID", "INCLUDE_ID", "SOUNDS_ID", "SHUFFLE_ID", "VAULTGEN_ID",
    "PERCENT", "}",
}

# What lev_comp calls the tokens, for "expected ..." style hints.
_TOKEN_WORDS = {
    "INTEGER": "an integer", "STRING": "a string", "CHAR": "a map character",
    "MINUS_INTEGER": "a negative integer", "PLUS_INTEGER": "a signed integer",
    "VARSTRING": "an undefined variable", "NQSTRING": "a name", "MAP_ID": "a MAP block",
    "SPERCENT": "a percentage", "PERCENT": "a [N%] chance", "DICE": "dice",
}


def drop_skipped_fronts(tree) -> None:
    """A statement the lenient mode skipped is skipped whole.  PLY's recovery reduces
    what it can before it takes the error (``DOOR:closed,(2,1)`` of
    ``DOOR:closed,(2,1),subtype:"iron"`` is a whole DOOR), so the statement's first part
    would still run, and the warning say it was skipped: the statement just before a
    skip placeholder, on the error's line and before it, goes."""
    from dataclasses import fields
    for node in A.walk(tree):
        for f in fields(node):
            items = getattr(node, f.name)
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


def _starts_assignment(data: str, tok) -> bool:
    """Whether a token opens a variable assignment (``$p = ...`` first on its line): a
    statement boundary the lenient resynchronisation stops at, as at a keyword, so a
    skipped statement does not swallow the assignment after it."""
    if not str(tok.type).startswith("VARSTRING"):
        return False
    start = data.rfind("\n", 0, tok.lexpos) + 1
    if data[start:tok.lexpos].strip():
        return False
    m = re.match(r"\$[A-Za-z_][A-Za-z_0-9]*(\s*\[[^\]\n]*\])?\s*=(?!=)", data[tok.lexpos:])
    return m is not None


def _build_parser(dialect: str = "unnethack"):
    """One PLY parser per dialect, from its shipped table module (``_parsetab`` for
    UnNetHack, ``_parsetab_<dialect>`` for the others); rebuilt and rewritten only when
    the grammar changed."""
    parser = _PARSERS.get(dialect)
    if parser is None:
        from .dialect import grammar_of, tabmodule_of
        from .tables import load
        name = tabmodule_of(dialect)
        module = grammar_of(dialect)
        tables = load(name)
        if tables is not None:
            # a changed grammar: let PLY rebuild and rewrite the module by its name
            pinfo = yacc.ParserReflect(dict(vars(module)) if not isinstance(module, dict)
                                       else module, log=yacc.NullLogger())
            pinfo.get_all()
            if getattr(tables, "_lr_signature", None) != pinfo.signature():
                tables = None
        parser = yacc.yacc(module=module, start="file", debug=False,
                           write_tables=True, tabmodule=tables if tables is not None else name,
                           outputdir=_TABLES_DIR, errorlog=yacc.NullLogger())
        _PARSERS[dialect] = parser
    return parser


def short_map_rows(rows, width: int):
    """``(row index, message, hint)`` for the first MAP row shorter than ``width``
    (the one wording ``unlev check``, ``run``, ``lint`` and ``test`` use), or None."""
    short = [(i, r) for i, r in enumerate(rows) if len(r) < width and r.strip()]
    if not short:
        return None
    i, r = short[0]
    more = (f" (and {len(short) - 1} more row{'s' if len(short) > 2 else ''})"
            if len(short) > 1 else "")
    return (i, f"MAP row {i + 1} is {len(r)} characters wide, the widest is "
            f"{width}{more}", "lev_comp pads short rows with solid rock")


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


class DesParser:
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
        self._lexers: List[DesLexer] = []
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
        self._lexers.append(lexer)
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
                self._lexers.pop()
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
        return self._lexers[-1]

    def span_at(self, p, i: int) -> Span:
        lx = self.lexer.inner
        sym = p.stack[i] if i < 0 else p.slice[i]
        line = getattr(sym, "lineno", 0)
        if not line:
            # A nonterminal: PLY tracks no positions (tracking is off for speed), but
            # the node it built knows its span.
            value = getattr(sym, "value", None)
            if isinstance(value, A.Node):
                return value.span
            if isinstance(value, (list, tuple)) and value and isinstance(value[0], A.Node):
                return value[0].span
            return self.last_span()
        pos = sym.lexpos
        text = getattr(sym, "text", None)
        length = len(text) if isinstance(text, str) else 1
        return Span(lx.filename, line, lx.column(pos), max(1, length))

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

    def recovered(self):
        """Called on each reduction of ``levstatement: error``; gives up when recovery
        keeps reducing at the same input position (a '}' or LEVEL it cannot shift).
        Returns the statement's placeholder in the lenient mode, else None."""
        placeholder = self._skipped.pop() if self._skipped else None
        pos = (id(self.lexer), self.lexer.inner.lexer.lexpos, len(self.lexer.pending))
        if pos == self._last_recovery:
            self._stuck += 1
            if self._stuck >= 3:
                tok = self.lexer.last
                span = self.lexer.inner.span_of(tok) if tok is not None else self.file_span()
                if not self.reporter.errors:
                    self.error("syntax error", span)
                self.reporter.error("cannot recover from the syntax error(s) above", span,
                                    "look for an unbalanced '{' or '}'")
                raise _GiveUp()
        else:
            self._last_recovery = pos
            self._stuck = 0
        return placeholder

    def syntax_error(self, tok) -> None:
        lx = self.lexer
        if tok is None:
            span = self.last_span()
            self.error("syntax error: unexpected end of file", span,
                       "a block or statement is not finished (missing '}' or argument?)")
            return
        span = lx.inner.span_of(tok)
        text = getattr(tok, "text", tok.value)
        unclosed = unclosed_string_before(lx.inner.lexer.lexdata, tok.lexpos + len(str(text)))
        if self.lenient and unclosed is None:
            from .extensions import skip_statement
            # what lev_comp's actions said of the statement's first part goes with it:
            # a skipped statement is skipped, not also an error
            self.reporter.items[:] = [
                d for d in self.reporter.items if not (
                    d.severity == "error" and d.span.file == span.file
                    and d.span.line == span.line and d.span.col <= span.col)]
            self._skipped = [skip_statement(self, tok, span, text)]
        elif unclosed is not None:
            # a string that runs over its line swallowed the rest: say where it starts
            pos = unclosed
            self.error("unterminated string", Span(span.file, _line_of(lx.inner.lexer.lexdata,
                       pos), lx.inner.column(pos)), 'a string ends on its own line with \'"\'')
        else:
            word = re.match(r"[A-Za-z_][A-Za-z_0-9-]*", lx.inner.lexer.lexdata[tok.lexpos:
                                                                             tok.lexpos + 64])
            if word and len(word.group(0)) > len(str(text)) and len(str(text)) == 1:
                # a dialect whose lexer has no rule for the word reads it a letter at a
                # time (3.4.3): name the whole word
                w = word.group(0)
                flags = sorted(k for k, (t, _v) in self.lexicon.keywords.items()
                               if t == "FLAG_TYPE")
                hint = f"'{w}' is not a keyword of {_dialect_label(self.dialect)}"
                if _line_before(lx.inner.lexer.lexdata, tok.lexpos).strip().startswith("FLAGS"):
                    hint = f"'{w}' is not a flag of {_dialect_label(self.dialect)} (its flags: " \
                           f"{', '.join(flags)})"
                self.error(f'syntax error at "{w}"', Span(span.file, span.line, span.col,
                                                           len(w)), hint)
            else:
                self.error(f'syntax error at "{text}"', span, self._hint_for(tok))
        # Panic mode: skip to a statement keyword on a later line and hand it back,
        # so PLY's error production resumes there; a block opened on the way is
        # skipped whole, so its statements and its '}' do not cascade into more errors.
        depth = 0
        while True:
            nxt = lx.inner.token()
            if nxt is None:
                break
            if nxt.type == "{":
                depth += 1
            elif nxt.type == "}" and depth:
                depth -= 1
            elif depth == 0 and nxt.lineno > tok.lineno and (
                    nxt.type in _SYNC or _starts_assignment(lx.inner.lexer.lexdata, nxt)):
                lx.push(nxt)
                break

    def _hint_for(self, tok) -> Optional[str]:
        t = tok.type
        if t == "MINUS_INTEGER":
            return ("a negative number must be written in parentheses, e.g. (-5); "
                    "'a-1' needs spaces: 'a - 1'")
        if t == "PLUS_INTEGER":
            return "'+N' is a signed literal here: write 'a + 1' with spaces"
        if t == "VARSTRING":
            return f"variable '{tok.value}' is not defined (a FUNCTION body cannot see level variables)"
        if t.startswith("VARSTRING_"):
            info = self.lookup_var(tok.value)
            if info:
                return f"variable '{tok.value}' is {type_words(*info)}, which does not fit here"
        if t == "NQSTRING":
            word = str(tok.value)
            if len(word) == 1 and map_char_to_type(word) != INVALID_TYPE:
                return f"a map character is quoted: '{word}'"
            close = self.suggest(word, _WORDS)
            if close:
                return f"'{word}' is not a keyword of the language; {close}"
            return f"'{word}' is not a keyword of the language (keywords are case-sensitive)"
        if t == ":" or t == "(":
            word = _word_before(self.lexer.inner.lexer.lexdata, tok.lexpos)
            if word and word not in KEYWORDS:
                close = self.suggest(word, [k for k in KEYWORDS if k.isupper()]
                                     if t == ":" else _WORDS)
                if close:
                    return f"'{word}' is not a statement or function; {close}"
                if t == ":" and word.isupper():
                    return (f"'{word}' is not a statement of {_dialect_label(self.dialect)}; "
                            "a variant's own statement is declared in its profile (--data), "
                            "or kept as a placeholder with --lenient")
        if t == "STRING":
            before = _line_before(self.lexer.inner.lexer.lexdata, tok.lexpos)
            m = re.match(r"\s*(MONSTER|OBJECT)\s*:\s*('.')\s*,\s*$", before)
            if m:
                return (f"{m.group(1)}: {m.group(2)}, \"{tok.value}\" is NetHack 3.4.3's form; "
                        f"this dialect writes ({m.group(2)}, \"{tok.value}\") (or run with "
                        "--dialect nethack343)")
        if t == "MAP_ID":
            return "a MAP block must follow GEOMETRY:..."
        if t in ("CFUNC_INT", "CFUNC_STR", "CFUNC_COORD", "CFUNC_REGION", "CFUNC"):
            return f"'{tok.value}' is a core function and cannot be used as a name here"
        if t.endswith("_ID") or t in ("RANDOM_TYPE", "DIRECTION", "LIGHT_STATE"):
            return f"'{getattr(tok, 'text', tok.value)}' is a keyword; it cannot be used here"
        return None

    def unknown_room_type(self, name: str, span: Span, known) -> None:
        """lev_comp's warning for a room type it lacks (it makes an ordinary room); a
        type the --data profile has is said to be the variant's, not unknown."""
        names = getattr(self.oracle, "room_type_names", lambda: [])()
        if name in names:
            self.warning(f'room type "{name}" is the {self.oracle.profile_name} data\'s; '
                         "unlev makes an ordinary room", span, code="variant-room")
            return
        self.warning(f'Unknown room type "{name}"!  Making ordinary room...', span,
                     self.suggest_name(name, known))

    def suggest(self, name: str, candidates, cutoff: float = 0.6) -> Optional[str]:
        import difflib                  # only for a misspelt word: not at start-up
        close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=cutoff)
        return f'did you mean "{close[0]}"?' if close else None

    def suggest_name(self, name: str, candidates) -> Optional[str]:
        """A "did you mean" for a game name: only a near spelling (a typo), never a
        different creature ("tree blight" is not "yellow light")."""
        from ..stdlib.data import NAME_CUTOFF
        return self.suggest(name, candidates, NAME_CUTOFF)

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

    # ------------------------------------------------------------------ maps
    def check_map_char(self, ch: str, span: Span, message: str,
                       allow_see_through: bool = True) -> None:
        if ch in getattr(self.lexicon, "ext_map_chars", ()):
            return              # a profile's own character, drawn as its declared base
        if self.lenient and ch not in self.lexicon.map_chars and len(ch) == 1:
            from .extensions import lenient_map_char
            if lenient_map_char(self, ch):
                return
        t = map_char_to_type(ch)
        valid = self.lexicon.map_chars
        if t == INVALID_TYPE or (not allow_see_through and t >= MAX_TYPE) or \
                (ch != " " and ch not in valid):
            # the dialect's own set: a 3.6 TERRAIN takes no UnNetHack-only 't' or 'M'
            shown = " ".join(c for c in " #.-|+ABCSH{\\K}PLIWTtFMxYU"
                             if c == " " and c or c in valid)
            self.error(message, span, f"map characters: ' ' {shown.strip()}")

    def lenient_placeholder_char(self, ch: str) -> bool:
        """A map character neither the dialect nor the profile knows, as a lenient
        placeholder (for the grammar's actions, which do not import extensions)."""
        from .extensions import lenient_map_char
        return lenient_map_char(self, ch)

    def map_type(self, ch: str) -> int:
        """The terrain type of a map character; a profile's own is its base's."""
        decl = getattr(self.lexicon, "ext_map_chars", {}).get(ch)
        return map_char_to_type(decl.base if decl is not None else ch)

    def set_map_size(self, size) -> None:
        if size is None:
            self.max_x_map, self.max_y_map = COLNO - 1, ROWNO
        else:
            self.max_x_map, self.max_y_map = size

    def scan_map(self, node: A.MapStmt, span: Span, size=None) -> None:
        """lev_comp's MAP checks; ``size`` is the (width, height) the lexer measured
        when it kept only the rows up to the limit."""
        rows = [line.translate(_NO_DIGITS) for line in node.lines]
        width, height = size or (max((len(r) for r in rows), default=0), len(rows))
        found = short_map_rows(rows, width)
        if found is not None:
            dy, message, hint = found
            self.warning(message, Span(span.file, node.first_line + dy, len(rows[dy]) + 1),
                         hint, code="map-rows")
        if width > MAP_X_LIM or height > MAP_Y_LIM:
            self.error(f"Map too large at ({width} x {height}), max is ({MAP_X_LIM} x {MAP_Y_LIM})", span)
        node.lines = rows
        self.max_x_map, self.max_y_map = width - 1, height - 1

    def check_map_region(self, x1, y1, x2, y2, span: Span) -> None:
        for name, v, hi in (("x1", x1, self.max_x_map), ("y1", y1, self.max_y_map),
                            ("x2", x2, self.max_x_map), ("y2", y2, self.max_y_map)):
            if v < 0 or v > hi:
                self.error(f"Region ({x1},{y1},{x2},{y2}) out of map range ({name})!", span,
                           "use levregion(...) for coordinates relative to the whole level")
                return

    # ------------------------------------------------------------------ names
    def level_has_flag(self, flag: str) -> bool:
        return flag in self.level_flags

    def monster_class_known(self, ch): return self.oracle.monster_class_known(ch)
    def object_class_known(self, ch): return self.oracle.object_class_known(ch)
    def monster_known(self, cls, name): return self.oracle.monster_known(cls, name)
    def object_known(self, cls, name): return self.oracle.object_known(cls, name)
    def trap_known(self, name): return self.oracle.trap_known(name)
    def monster_hint(self, cls, name):
        if cls is not None and self.oracle.monster_known(None, name):
            return _class_hint("monster", name, self.oracle.monster_classes(name))
        return self.suggest_name(name, self.oracle.monster_names())

    def object_hint(self, cls, name):
        if cls is not None and self.oracle.object_known(None, name):
            return _class_hint("object", name, self.oracle.object_classes(name))
        return self.suggest_name(name, self.oracle.object_names())

    def trap_hint(self, name): return self.suggest_name(name, self.oracle.trap_names())

    # ------------------------------------------------------------------ core functions
    def check_corecall(self, node: A.CoreCall, had_parens: bool) -> None:
        params, ret = CORE_FUNCTIONS[node.name]
        got = "".join(arg_letter(a) for a in node.args)
        if had_parens and not node.args:
            got = " "  # lev_comp passes "nothing" for empty parentheses
        if got != params:
            if params == "":
                self.error(f"Core function '{node.name}' takes no parameters.", node.span)
            else:
                self.error(f"Core function '{node.name}' requires '{decode_params(params)}' parameter"
                           f"{'s' if len(params) > 1 else ''}, got '{decode_params(got)}' instead.",
                           node.span)
        if ret != node.returns:
            self.error(f"Core function '{node.name}' does not return '{decode_params(node.returns)}' value.",
                       node.span)

    # ------------------------------------------------------------------ INCLUDE
    def include(self, node: A.Include) -> A.Include:
        from .sources import include_roots, open_include, real_path, refused_include
        here = os.path.dirname(self.lexer.inner.filename)
        candidates = [os.path.join(here, node.path)] + [os.path.join(d, node.path) for d in self.include_path]
        top = self._lexers[0].inner.filename if self._lexers else self.lexer.inner.filename
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


def _class_hint(what: str, name: str, classes) -> Optional[str]:
    """The name is right but the class is not: say which class it has."""
    if not classes:
        return None
    which = " or ".join(f"'{c}'" for c in classes)
    return f'"{name}" is {"an" if what == "object" else "a"} {what} of class {which}: ' \
           f"write ({classes[0]!r}, \"{name}\")"


def arg_letter(node) -> str:
    """The lev_comp parameter letter (i s c r O M) of an argument expression."""
    if isinstance(node, (A.Int, A.Dice, A.BinOp, A.Method)):
        return "i"
    if isinstance(node, (A.Str, A.Concat)):
        return "s"
    if isinstance(node, A.CoreCall):
        return node.returns
    if isinstance(node, (A.CoordLit, A.RandomCoord, A.RndCoord)):
        return "c"
    if isinstance(node, A.RegionLit):
        return "r"
    if isinstance(node, A.ObjectSpec):
        return "O"
    if isinstance(node, A.MonsterSpec):
        return "M"
    if isinstance(node, (A.Var, A.Index)):
        var = node if isinstance(node, A.Var) else node.var
        return {"int": "i", "string": "s", "coord": "c", "region": "r", "object": "O",
                "monster": "M", "mapchar": "m"}.get(var.vtype, "?")
    return "?"


def decode_params(letters: str) -> str:
    words = {"i": "int", "r": "region", "s": "str", "O": "obj", "c": "coord", " ": "nothing",
             "m": "mapchar", "M": "monster"}
    return ", ".join(words.get(c, "unknown") for c in letters)


_INCLUDE_HINT = ("a des-file may include files under its own folder and the --include-path "
                 "folders; --include-anywhere lifts this")


class _GiveUp(Exception):
    """Stop parsing: too many errors, or error recovery is making no progress."""


class _PushbackLexer:
    """The lexer as PLY sees it, with one-token pushback for error recovery."""

    def __init__(self, inner: DesLexer, budget: List[int], limits: Limits) -> None:
        self.inner = inner
        self.limits = limits
        self.pending: List = []
        self.last = None
        self._next = inner.lexer.token      # PLY's own: one call less per token
        self.budget = budget

    def input(self, text: str) -> None:
        self.inner.input(text)

    def push(self, tok) -> None:
        self.pending.append(tok)

    @property
    def lineno(self) -> int:
        return self.inner.lexer.lineno

    @property
    def lexpos(self) -> int:
        return self.inner.lexer.lexpos

    def token(self):
        if self.pending:
            tok = self.pending.pop()
        else:
            tok = self._next()
            self.budget[0] -= 1
            if self.budget[0] < 0 and tok is not None:
                raise DesError(f"more than {self.limits.tokens:,} tokens in one des-file "
                               "(with what it INCLUDEs)", self.inner.span_of(tok),
                               hint("tokens", self.limits))
        if tok is not None:
            self.last = tok
            if tok.type == "EXT_RAW" and not isinstance(tok.value, tuple):
                from .extensions import take_line
                tok.value = (tok.value, take_line(self.inner.lexer))
        return tok


# what a misspelt word is compared with: statement keywords, flags, functions
_WORDS = sorted(set(KEYWORDS) | set(CORE_FUNCTIONS))
_NO_DIGITS = str.maketrans("", "", "0123456789")


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


def _line_before(text: str, pos: int) -> str:
    """The text of ``pos``'s line before it."""
    return text[text.rfind("\n", 0, pos) + 1:pos]


def _word_before(text: str, pos: int) -> Optional[str]:
    """The word that is all the line holds before ``pos`` (``MONSTR`` of ``MONSTR:``,
    ``circel`` of ``x = circel(``), or None."""
    m = re.search(r"([A-Za-z_][A-Za-z_0-9]*)\s*$", _line_before(text, pos))
    return m.group(1) if m else None


def _line_of(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1




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


Callable  # re-exported for type checkers


def _dialect_label(dialect: str) -> str:
    from .dialect import label
    return label(dialect)
