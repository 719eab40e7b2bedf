"""The REPL's des-files: a LEVEL of a loaded file chosen by name or number, and the
session written back as a des-file (``:save``).

Why a module of its own: both read the loaded file's compile (its levels, its source
text) and nothing of the live level; :class:`unlev.tools.repl.core.Repl` hands them
what they need.  ``:save`` writes a file that makes the same level with the same seed:
the base LEVEL's own source, the FLAGS typed, then every statement that ran, in order.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

from unlev.generate.build import find_level


def level_named(compiled, level: Optional[str]) -> str:
    """``--level``: a LEVEL's name, else its 1-based number in the file (as
    ``unlev run --level``); raises KeyError saying what the file has."""
    levels = compiled.tree.levels
    if level is not None and level.isdigit() and not any(lv.name == level for lv in levels):
        n = int(level)
        if not 1 <= n <= len(levels):
            raise KeyError(f"--level {n}: the file has {len(levels)} "
                           f"level{'s' if len(levels) != 1 else ''}")
        return levels[n - 1].name
    return find_level(compiled, level).name


def des_text(compiled, level_name: Optional[str], history: List, seed: int,
             name: str = "repl") -> str:
    """The session as a des-file: the base LEVEL's source (or a new LEVEL), the FLAGS
    typed, then every statement typed that ran (``history``, its fragments), in order."""
    flags = [n for f in history for n, _b in f.flags]
    lines = [f"# written by unlev repl (seed {seed})"]
    if compiled is None:
        lname = re.sub(r"[^A-Za-z0-9_-]", "", name)[:14] or "repl"
        lines.append(f'LEVEL: "{lname}"')
        if flags:
            lines.append("FLAGS: " + ",".join(dict.fromkeys(flags)))
    else:
        header, body = base_source(compiled, level_name)
        if header.strip():
            lines.append(header.rstrip("\n"))
        body_lines = body.rstrip("\n").split("\n")
        if flags:
            extra = ",".join(dict.fromkeys(flags))
            if len(body_lines) > 1 and re.match(r"\s*FLAGS\s*:", body_lines[1]):
                body_lines[1] = body_lines[1].rstrip() + "," + extra
            else:
                body_lines.insert(1, "FLAGS: " + extra)
        lines.extend(body_lines)
    lines.append("# typed in the REPL")
    for frag in history:
        body = frag.body_text.strip("\n")
        if body.strip():
            lines.append(body)
    return "\n".join(lines) + "\n"


def base_source(compiled, level_name: Optional[str]) -> Tuple[str, str]:
    """(text before the file's first LEVEL, the text of the chosen LEVEL)."""
    node = find_level(compiled, level_name)
    path = node.span.file
    lines = compiled.sources.texts.get(path) or []
    starts = sorted(lv.span.line for lv in compiled.tree.levels if lv.span.file == path)
    first = starts[0] if starts else node.span.line
    end = next((s for s in starts if s > node.span.line), len(lines) + 1)
    header = "\n".join(lines[:first - 1])
    body = "\n".join(lines[node.span.line - 1:end - 1])
    return header, body
