"""How the REPL draws the live level: the map, a coordinate ruler, a selection's cells
and the cells the last statement changed.

The ruler counts from the current MAP origin (``level.xstart``, ``level.ystart``), the
frame a script's coordinates are written in, so a designer reads off the numbers to
type.  Without colour a selection's cells are drawn as ``*``; with colour they keep
their character on a highlighted background and changed cells are shown in bold.
"""

from __future__ import annotations

from typing import Iterable, List, Optional, Set, Tuple

from unlev.output import render
from unlev.model.level import COLNO, Level
from unlev.output.render import display_rows

MARK = "*"
SELECTED_STYLE = "black on yellow"
CHANGED_STYLE = "bold green"
RULER_STYLE = "dim"

Cells = Set[Tuple[int, int]]


def map_rows(level: Level) -> List[str]:
    """The level as the game would show it: one string of COLNO characters per row."""
    return display_rows(level)


def _glyph_styles(level: Level) -> List[List[str]]:
    """The game's colour of every cell, as rich styles."""
    style_of = getattr(render, "glyph_style", None)
    grid = render.glyph_grid(level)
    if style_of is None:
        return [["" for _g in row] for row in grid]
    return [[style_of(g) for g in row] for row in grid]


def ruler(level: Level, left: int, x0: int = 0) -> List[str]:
    """Two lines of column numbers (tens, units) relative to the MAP origin."""
    tens, units = [], []
    for x in range(x0, COLNO):
        r = x - level.xstart
        units.append(str(r % 10) if r >= 0 else " ")
        tens.append(str(r // 10 % 10) if r >= 0 and r % 10 == 0 and r >= 10 else " ")
    pad = " " * left
    return [pad + "".join(tens).rstrip(), pad + "".join(units).rstrip()]


LABEL = 4                    # width of the row numbers on the left
FULL_WIDTH = LABEL + COLNO   # narrower terminals get the compact drawing


def draw(level: Level, marks: Optional[Iterable[Tuple[int, int]]] = None,
         changed: Optional[Cells] = None, color: bool = False,
         rows: Optional[List[str]] = None, width: Optional[int] = None):
    """The map with a ruler: a plain string, or a rich Text when ``color``.

    Below ``FULL_WIDTH`` columns (``width``) the row numbers and column 0 (never
    part of a level) are left out so that an 80-column terminal does not wrap."""
    rows = rows if rows is not None else map_rows(level)
    marked: Cells = set(marks) if marks is not None else set()
    changed = changed or set()
    compact = width is not None and width < FULL_WIDTH
    left, x0 = (0, 1) if compact else (LABEL, 0)

    def label(y: int) -> str:
        return "" if compact else _row_label(level, y, left)

    if not color:
        lines = ruler(level, left, x0)
        for y, row in enumerate(rows):
            chars = list(row)
            for x, yy in marked:
                if yy == y and 0 <= x < COLNO:
                    chars[x] = MARK
            lines.append(label(y) + "".join(chars[x0:]).rstrip())
        return "\n".join(lines)
    from rich.text import Text
    styles = _glyph_styles(level)
    text = Text()
    for line in ruler(level, left, x0):
        text.append(line + "\n", style=RULER_STYLE)
    for y, row in enumerate(rows):
        text.append(label(y), style=RULER_STYLE)
        shown = row if any(c[1] == y for c in marked) else row.rstrip()
        for x in range(x0, len(shown)):
            ch = shown[x]
            if (x, y) in marked:
                text.append(ch, style=SELECTED_STYLE)
            elif (x, y) in changed:
                text.append(ch, style=CHANGED_STYLE)
            else:
                text.append(ch, style=styles[y][x] or None)
        if y < len(rows) - 1:
            text.append("\n")
    return text


def _row_label(level: Level, y: int, left: int) -> str:
    r = y - level.ystart
    return (str(r) if r >= 0 else "").rjust(left - 1) + " "


def changed_cells(before: List[str], after: List[str]) -> Cells:
    """Cells whose shown character differs between two drawings."""
    return {(x, y) for y, (a, b) in enumerate(zip(before, after))
            for x, (ca, cb) in enumerate(zip(a, b)) if ca != cb}


def contents(level: Level) -> Tuple[int, int, int, int]:
    """(rooms, monsters, objects, traps) on the level, for change summaries."""
    return (len(level.rooms), len(level.monsters), len(level.objects), len(level.traps))


def describe_change(cells: Cells, before: Tuple[int, ...], after: Tuple[int, ...]) -> str:
    parts = [f"{len(cells)} cell{'s' if len(cells) != 1 else ''} changed"]
    for name, a, b in zip(("room", "monster", "object", "trap"), before, after):
        if a != b:
            parts.append(f"{b - a:+d} {name}{'s' if abs(b - a) != 1 else ''}")
    return ", ".join(parts)


def diagnostic_lines(d, sources, current: str) -> List[Tuple[str, Optional[str]]]:
    """A diagnostic as the REPL prints it, (text, style) per line: the message (with the
    input it is in when that is not ``current``, the input being run), the input line
    and a caret under the place it is about, and its hint."""
    span = d.span
    style = "bold red" if d.severity == "error" else "yellow"
    if not span.file.startswith("<input"):
        return [(d.format(sources), style)]
    text = sources.texts.get(span.file) or []
    where = ""
    if span.file != current:
        where = f" (in {span.file[1:-1]}, line {span.line})"
    elif len(text) > 1:
        where = f" (line {span.line})"
    out: List[Tuple[str, Optional[str]]] = [(f"{d.severity}: {d.message}{where}", style)]
    src = sources.line(span.file, span.line)
    if src is not None:
        shown = src.expandtabs(1)
        col = max(span.col, 1)
        width = max(1, min(span.length, max(1, len(shown) - col + 1)))
        out.append(("  " + shown, None))
        out.append(("  " + " " * (col - 1) + "^" + "~" * (width - 1), style))
    if d.hint:
        out.append((f"hint: {d.hint}", None))
    return out
