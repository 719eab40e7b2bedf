"""``unlev check --fix``: rewrite what a diagnostic is sure of, as ``ruff --fix`` does.

Why a module of its own: a new user's most common error is a misspelt monster, object or
trap name, and the error already names the one close known name (``did you mean
"soldier"?``, from lev_comp's own name look-up, ``get_monster_id`` and friends in
``util/lev_main.c``, which unlev follows in :mod:`unlev.stdlib.data`).  Retyping it is
busywork.  Only that fix is made: the quoted name at the error's place, in the file the
error is in, when the hint names exactly one candidate.  The file is read and written as
Latin-1, so every byte but the name's is kept as it was.

``unlev lint --fix`` also writes down the map doors (``map-door``): a ``+`` in a MAP that
no DOOR statement names is an empty doorway in the game (``D_NODOOR``, the door mask a
MAP square starts with); the fix adds ``DOOR:nodoor,(x,y)`` after the MAP, which makes
the same level and puts the choice where the author sees it.  Guessing another state
(closed, locked) would change the level, so that is left to the author.
"""

from __future__ import annotations

import os
import re
from typing import Callable, List, Tuple

from unlev.lang.diagnostics import DesError

_SUGGEST = re.compile(r'^did you mean "([^"]+)"\?')
_QUOTED = re.compile(r'"([^"]*)"')

Fix = Tuple[int, int, str, str]          # line, column (1-based), old name, new name


def name_fixes(diagnostics, path: str) -> List[Fix]:
    """The misspelt names of ``diagnostics`` in ``path`` with exactly one suggestion."""
    here = os.path.abspath(path)
    out = []
    for d in diagnostics:
        if d.code != "unknown-name" or not d.hint or d.span is None:
            continue
        if os.path.abspath(d.span.file) != here:
            continue                                 # an INCLUDEd file's own error
        m = _SUGGEST.match(d.hint)
        names = _QUOTED.findall(d.message)
        if m and names:
            out.append((d.span.line, d.span.col, names[-1], m.group(1)))
    return out


def apply_fixes(text: str, fixes: List[Fix]) -> Tuple[str, int]:
    """``text`` with each fix made (the quoted old name at or after its column on its
    line, else anywhere on that line); and how many were made."""
    lines = text.splitlines(keepends=True)
    made = 0
    for line, col, old, new in fixes:
        if not 1 <= line <= len(lines):
            continue
        row = lines[line - 1]
        quoted = f'"{old}"'
        at = row.find(quoted, max(col - 1, 0))
        if at < 0:
            at = row.find(quoted)
        if at < 0:
            continue
        lines[line - 1] = row[:at] + f'"{new}"' + row[at + len(quoted):]
        made += 1
    return "".join(lines), made


def fix_file(path: str, compile_kwargs: dict, rounds: int = 3) -> int:
    """Fix the misspelt names of one des-file in place; how many were fixed.  A few
    rounds, for an error the parser reports only once an earlier one is gone."""
    from unlev.lang.frontend import compile_file
    total = 0
    for _ in range(rounds):
        try:
            compile_file(path, **compile_kwargs)
            return total
        except DesError as e:
            fixes = name_fixes(e.diagnostics, path)
        if not fixes:
            return total
        with open(path, encoding="latin-1", newline="") as fh:
            text = fh.read()
        text, made = apply_fixes(text, fixes)
        if not made:
            return total
        with open(path, "w", encoding="latin-1", newline="") as fh:
            fh.write(text)
        total += made
    return total


# ------------------------------------------------------------------ map doors
_AT_MAP = re.compile(r"at map \((\d+),(\d+)\)")
_REGISTERS = re.compile(r"\s*RANDOM_(PLACES|OBJECTS|MONSTERS)\s*:")


def door_insertions(findings, path: str, lines: List[str]) -> List[Tuple[int, List[str]]]:
    """Where each ``map-door`` finding of ``path`` gets its DOOR statement: (index of the
    line to insert before, the statements), one entry per MAP, in file order.  The
    statements go after the MAP's ENDMAP (and after a 3.4.3 maze-part's RANDOM_*
    registers, which its grammar wants first)."""
    here = os.path.abspath(path)
    by_place = {}
    for d in findings:
        if d.code != "map-door" or d.span is None or os.path.abspath(d.span.file) != here:
            continue
        m = _AT_MAP.search(d.message)
        if m is None:
            continue
        end = next((i for i in range(d.span.line - 1, len(lines))
                    if lines[i].strip() == "ENDMAP"), None)
        if end is None:
            continue
        at = end + 1
        while at < len(lines) and _REGISTERS.match(lines[at]):
            at += 1
        by_place.setdefault(at, []).append(f"DOOR:nodoor,({m.group(1)},{m.group(2)})")
    return sorted(by_place.items())


def fix_map_doors(path: str, lint: Callable[[str], list]) -> int:
    """Write a ``DOOR:nodoor`` statement for each ``+`` of a MAP that no DOOR statement
    names: what the game makes of such a square (an empty doorway) said in the file,
    so the level is the same and the author sees where to choose another state.  The
    file is kept as it was when the result does not read, or still has the finding;
    how many were fixed.  ``lint``: the findings of a file (``unlev lint``'s
    :func:`~unlev.tools.lint.lint_file`, handed in: the linter calls this module)."""
    try:
        found = lint(path)
    except DesError:
        return 0
    with open(path, encoding="latin-1", newline="") as fh:
        original = fh.read()
    lines = original.splitlines(keepends=True)
    places = door_insertions(found, path, lines)
    if not places:
        return 0
    eol = "\r\n" if "\r\n" in original else "\n"
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += eol
    made = 0
    for at, statements in reversed(places):
        lines[at:at] = [s + eol for s in statements]
        made += len(statements)
    with open(path, "w", encoding="latin-1", newline="") as fh:
        fh.write("".join(lines))
    before = sum(1 for d in found if d.code == "map-door")
    try:
        after = lint(path)
        left = sum(1 for d in after if d.code == "map-door")
    except DesError:
        left = None
    if left is None or left != before - made:
        with open(path, "w", encoding="latin-1", newline="") as fh:
            fh.write(original)
        return 0
    return made
