"""``unlev check --fix``: rewrite what a diagnostic is sure of, as ``ruff --fix`` does.

Why a module of its own: a new user's most common error is a misspelt monster, object or
trap name, and the error already names the one close known name (``did you mean
"soldier"?``, from lev_comp's own name look-up, ``get_monster_id`` and friends in
``util/lev_main.c``, which unlev follows in :mod:`unlev.stdlib.data`).  Retyping it is
busywork.  Only that fix is made: the quoted name at the error's place, in the file the
error is in, when the hint names exactly one candidate.  Everything else is left for the
author (a guess at a map door's intent is not a fix).  The file is read and written as
Latin-1, so every byte but the name's is kept as it was.
"""

from __future__ import annotations

import os
import re
from typing import List, Tuple

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
