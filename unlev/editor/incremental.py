"""The language server's diagnostics, one LEVEL at a time, kept between keystrokes.

Why this module exists: after every pause in typing the server read the whole file
again (``unlev.lang.frontend.compile_text`` and lint), 90-160 ms of CPU on UnNetHack's
heck.des (40 LEVELs, 4,238 lines) when the machine is idle, several times that when it
is not, for an edit that touched one level.  lev_comp itself reads a file level by
level: each LEVEL starts with a fresh variable table (lev_comp.y's ``start_level_def``)
and what a level says is checked against the header's FUNCTIONs and its own
statements only.  So the file is cut at its ``LEVEL:`` lines; each level is read as
the header followed by that level alone, at its own line numbers, and its findings are
kept under the text it was read from (a level that moved up or down keeps them, moved
with it).  An edit reads again only the level it is in (or every level, when the
header changed).

The pieces are the whole file's findings exactly when every piece reads without an
error in the dialect the whole file is tried in first (``unlev.lang.dialect.candidates``):
then the whole file reads in that dialect too, the findings inside a level are that
level's own, and a finding in the header is the whole file's when every piece has it
(lint's unused FUNCTION is unused only when no level calls it).  Where that cannot be
said, :meth:`LevelPieces.findings` says the result is not exact and the caller reads
the whole file as before: a file with an error (the whole file then tries the other
dialects and keeps the likeliest one's errors), an INCLUDE, a FUNCTION defined inside
a level (a later level may call it), a file whose levels together pass the token
limit (each piece alone is under it), a profile's names or extensions, the lenient
mode, and the dialects whose levels are not cut at ``LEVEL:`` lines (NetHack 3.6 and
3.4.3's MAZE, UnNetHack 3.5.1/3.5.2).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Dict, List, Optional, Tuple

from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS

LEVEL_LINE = re.compile(r"[ \t]*LEVEL[ \t]*:")
_WHOLE_FILE_WORDS = re.compile(r"\bINCLUDE\b")
_FUNCTION = re.compile(r"\bFUNCTION\b")
CUT_DIALECTS = ("unnethack", "unnethack35")
KEEP = 4096            # pieces kept per document (a level's text: its findings)


def _key(d) -> tuple:
    return (d.severity, d.message, d.span.file, d.span.line, d.span.col, d.span.length,
            d.hint, d.code)


class LevelPieces:
    """One document's pieces and their findings (``unlev.lang.diagnostics.Diagnostic``),
    kept under each piece's text."""

    def __init__(self) -> None:
        self.found: Dict[tuple, Tuple[bool, list]] = {}
        self.read = 0           # pieces read by the last call (the rest were kept)

    def findings(self, text: str, path: str, dialect: str) -> Tuple[Optional[list], str]:
        """(the whole file's findings, "") when the pieces give them exactly, else
        (the pieces' findings or None, why the whole file must be read).  ``dialect``:
        the document's setting (``auto``: the whole file's first candidate)."""
        lines = text.split("\n")
        starts = [i for i, line in enumerate(lines) if LEVEL_LINE.match(line)]
        if not starts:
            return None, "no LEVEL line"
        if _WHOLE_FILE_WORDS.search(text):
            return None, "an INCLUDE"
        h = starts[0]
        header = lines[:h]
        if _FUNCTION.search("\n".join(lines[h:])):
            return None, "a FUNCTION inside a level"
        if dialect == "auto":
            from unlev.lang.dialect import candidates
            dialect = candidates(text)[0][0]
        if dialect not in CUT_DIALECTS:
            return None, f"the {dialect} dialect"
        head = "\n".join(header)
        pieces = []
        self.read = 0
        tokens = _tokens(head, dialect)
        bounds = starts + [len(lines)]
        for i, first in enumerate(starts):
            body = "\n".join(lines[first:bounds[i + 1]])
            key = (dialect, path, head, body)
            got = self.found.get(key)
            if got is None:
                source = (head + "\n" if h else "") + "\n" * (first - h) + body
                got = self.found[key] = (first, *_read_piece(source, path, dialect),
                                         _tokens(body, dialect))
                self.read += 1
            read_at, clean, found, count = got
            tokens += count
            if read_at != first:         # the level moved: so did its own findings
                found = [_moved(d, first - read_at, h) for d in found]
            pieces.append((clean, found))
        self._forget(len(starts))
        ok = all(clean for clean, _found in pieces)
        out = _header_findings(pieces, h) + [d for _c, found in pieces for d in found
                                             if d.span.line > h]
        if ok and tokens >= DEFAULT_LIMITS.tokens * 0.99:   # a margin: counted apart
            return out, "the file's token limit"    # each level is under it, the file not
        return out, "" if ok else "an error"

    def _forget(self, keep_at_least: int) -> None:
        """Keeps the store bounded: the oldest pieces go first (dicts keep their order)."""
        extra = len(self.found) - max(KEEP, 2 * keep_at_least)
        for key in list(self.found)[:max(extra, 0)]:
            del self.found[key]


def _moved(d, lines: int, h: int):
    """A level's finding ``lines`` further down; the header's stay."""
    if d.span.line <= h:
        return d
    return dataclasses.replace(d, span=dataclasses.replace(d.span, line=d.span.line + lines))


def _header_findings(pieces, h: int) -> list:
    """The findings in the header that every piece has, in the first piece's order."""
    if not pieces:
        return []
    common = None
    for _clean, found in pieces:
        keys = {_key(d) for d in found if d.span.line <= h}
        common = keys if common is None else common & keys
    return [d for d in pieces[0][1] if d.span.line <= h and _key(d) in common]


def _tokens(text: str, dialect: str) -> int:
    """The tokens of a piece of the file as the parser counts them against the limit
    (one per token the lexer gives); a piece the lexer cannot read counts as the limit."""
    from unlev.lang.dialect import lexicon_of
    from unlev.lang.lexer import DesLexer
    if not text:
        return 0
    try:
        lx = DesLexer("<count>", lexicon=lexicon_of(dialect))
        lx.input(text)
        n = 0
        while lx.token() is not None:
            n += 1
        return n
    except Exception:  # noqa: BLE001 - whatever stops the lexer: not counted, not exact
        return DEFAULT_LIMITS.tokens


def _read_piece(source: str, path: str, dialect: str) -> Tuple[bool, list]:
    """(read without an error?, its findings: the front end's and lint's)."""
    from unlev.lang.diagnostics import DesError
    from unlev.lang.frontend import compile_text
    from unlev.tools.lint import lint_tree
    try:
        compiled = compile_text(source, path, dialect=dialect)
    except DesError as e:
        return False, list(e.diagnostics)
    return True, list(compiled.warnings) + list(lint_tree(compiled.tree, path))
