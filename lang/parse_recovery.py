"""Syntax errors and the recovery after them: what a parse error says, and where it resumes.

Split from :mod:`unlev.lang.parser` (issue 27's size goal): the part of
:class:`~unlev.lang.parser.DesParser` that lev_comp's ``yyerror`` stands for.  The
game's compiler prints "syntax error" and stops at the first one; unlev names the token,
hints at the likely mistake (a misspelt keyword, an unquoted map character, 3.4.3's
forms in another dialect) and resynchronises at the next statement keyword on a later
line (panic mode), so one mistake gives one error and the rest of the file is still
checked.  ``SyntaxRecovery`` is a mixin: its methods read the parser's lexer stack,
reporter and lexicon.
"""

from __future__ import annotations

import re

from .diagnostics import Span
from .lexer import CORE_FUNCTIONS, KEYWORDS, type_words, unclosed_string_before
from ..stdlib.terrain import INVALID_TYPE, map_char_to_type

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Optional

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



class GiveUp(Exception):
    """Stop parsing: too many errors, or error recovery is making no progress."""


class SyntaxRecovery:
    """The syntax-error half of :class:`~unlev.lang.parser.DesParser`."""

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
                raise GiveUp()
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



# what a misspelt word is compared with: statement keywords, flags, functions
_WORDS = sorted(set(KEYWORDS) | set(CORE_FUNCTIONS))


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




def _dialect_label(dialect: str) -> str:
    from .dialect import label
    return label(dialect)
