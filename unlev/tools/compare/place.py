"""Where a des-file's MAP blocks landed on a finished level, read off the terrain alone.

Why this module exists: the game's dumps do not say where a MAP was placed, whether the
level was flipped, or which SWITCH arm's MAP was chosen; all three can be read back by
finding each MAP template in the level's terrain.  The same search runs on unlev's
levels, so both sides are measured the same way.

Matching works on coarse terrain classes (any wall shape matches a wall, a secret door
matches a door), because wallification, doors and later statements change details.
The score counts agreeing non-stone template squares; a template is *found* where at
least :data:`FOUND_SCORE` of them agree.  Ties prefer the unflipped reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from unlev.lang import ast as A
from unlev.model.level import COLNO, ROWNO
from unlev.stdlib import terrain as T

FOUND_SCORE = 0.75
FLIP_NAMES = {0: "none", 1: "vertical", 2: "horizontal", 3: "both"}
_WALL = 1
_DOOR = T.DOOR
_CORR = T.CORR


def coarse(t: int) -> int:
    """The class a square is matched by."""
    if 0 < t <= T.TRWALL:
        return _WALL
    if t == T.SDOOR:
        return _DOOR
    if t == T.SCORR:
        return _CORR
    if t in (T.MOAT, T.WATER):
        return T.POOL
    return t


@dataclass
class MapTemplate:
    """One distinct MAP block of a level (identical blocks are merged)."""

    key: str                  # "MAP@<line>"
    line: int
    width: int
    height: int
    cells: List[Tuple[int, int, int]]       # (dx, dy, class); see-through squares left out
    nonstone: int
    masks: Dict[int, List[Dict[int, int]]]  # flip -> per row: class -> bit mask
    robust: Optional["MapTemplate"] = None   # without its carvable walls (see locate)

    @property
    def area(self) -> int:
        return self.width * self.height


def _template(node: A.MapStmt) -> Optional[MapTemplate]:
    rows = node.lines or []
    w = max((len(r) for r in rows), default=0)
    h = len(rows)
    if w == 0 or h == 0:
        return None
    cells = []
    for dy, row in enumerate(rows):
        for dx in range(w):
            ch = row[dx] if dx < len(row) else " "
            if ch in ("x", "B"):
                continue
            t = T.map_char_to_type(ch)
            if t == T.INVALID_TYPE:
                t = T.STONE
            cells.append((dx, dy, coarse(t)))
    line = node.span.line if node.span is not None else 0
    t = _make(f"MAP@{line}", line, w, h, cells)
    if t is not None:
        # a maze drawn as ".-.-." rows loses the walls between its floor squares when
        # MAZEWALK carves it: without them it can still be recognised
        by_pos = {(dx, dy): c for dx, dy, c in cells}
        floor = (T.ROOM, T.CORR, T.STONE)   # stone: a cell MAZEWALK digs out

        def carvable(dx, dy, c):
            return c == _WALL and (
                (by_pos.get((dx - 1, dy)) in floor and by_pos.get((dx + 1, dy)) in floor)
                or (by_pos.get((dx, dy - 1)) in floor and by_pos.get((dx, dy + 1)) in floor))
        kept = [cell for cell in cells if not carvable(*cell)]
        if len(kept) < len(cells):
            t.robust = _make(t.key, line, w, h, kept)
    return t


def _make(key: str, line: int, w: int, h: int, cells) -> Optional[MapTemplate]:
    nonstone = sum(1 for c in cells if c[2] != T.STONE)
    if nonstone == 0:
        return None
    masks = {}
    for flip in range(4):
        per_row: List[Dict[int, int]] = [dict() for _ in range(h)]
        for dx, dy, c in cells:
            fx = w - 1 - dx if flip & 2 else dx
            fy = h - 1 - dy if flip & 1 else dy
            if c == T.STONE:
                continue
            per_row[fy][c] = per_row[fy].get(c, 0) | (1 << fx)
        masks[flip] = per_row
    return MapTemplate(key, line, w, h, cells, nonstone, masks)


def map_templates(level_node: A.Level, functions: Sequence[A.Node] = ()) -> List[MapTemplate]:
    """The distinct MAP blocks a LEVEL (and the FUNCTIONs it may call) can lay."""
    out: List[MapTemplate] = []
    seen = set()
    nodes = [n for root in (level_node, *functions) for n in A.walk(root)
             if isinstance(n, A.MapStmt) and n.lines]
    for n in nodes:
        sig = tuple(n.lines)
        if sig in seen:
            continue
        seen.add(sig)
        t = _template(n)
        if t is not None:
            out.append(t)
    return out


def class_masks(typ: bytes) -> Dict[int, List[int]]:
    """Per terrain class, one bit mask of x positions per row (for fast matching)."""
    out: Dict[int, List[int]] = {}
    for x in range(COLNO):
        base = x * ROWNO
        bit = 1 << x
        for y in range(ROWNO):
            c = coarse(typ[base + y])
            if c == T.STONE:
                continue
            rows = out.get(c)
            if rows is None:
                rows = out[c] = [0] * ROWNO
            rows[y] |= bit
    return out


try:
    _popcount = int.bit_count          # Python 3.10+
except AttributeError:                 # pragma: no cover
    def _popcount(v: int) -> int:
        return bin(v).count("1")


@dataclass
class Placement:
    x: int            # top-left corner of the MAP's box on the level
    y: int
    flip: int         # 0 none, 1 vertical, 2 horizontal, 3 both
    score: float      # share of the template's non-stone squares that agree

    def frame(self, t: MapTemplate, x: int, y: int) -> Tuple[int, int]:
        """Level square -> square of the template (undoing the flip)."""
        dx, dy = x - self.x, y - self.y
        if self.flip & 2:
            dx = t.width - 1 - dx
        if self.flip & 1:
            dy = t.height - 1 - dy
        return dx, dy


def _search_rows(t: MapTemplate, flip: int):
    """The template's rows as (dy, [(class, mask, count)]), fullest rows first so that
    a wrong placement runs out of allowed misses early."""
    rows = [(dy, [(c, m, _popcount(m)) for c, m in row.items()])
            for dy, row in enumerate(t.masks[flip])]
    rows = [r for r in rows if r[1]]
    rows.sort(key=lambda r: -sum(n for _c, _m, n in r[1]))
    return rows


def locate(t: MapTemplate, masks: Dict[int, List[int]],
           flips: Sequence[int] = (0, 1, 2, 3)) -> Optional[Placement]:
    """The best placement of ``t`` on a level given by :func:`class_masks`, or None
    when no placement reaches :data:`FOUND_SCORE`.  A template not found whole is
    looked for without its carvable walls (a MAP that MAZEWALK turned into a maze:
    walls between two floor squares are gone, floor and pillars stay)."""
    found = _locate(t, masks, flips)
    if found is None and t.robust is not None:
        found = _locate(t.robust, masks, flips)
    return found


def _locate(t: MapTemplate, masks: Dict[int, List[int]],
            flips: Sequence[int]) -> Optional[Placement]:
    best: Optional[Tuple[int, int, int, int]] = None
    need = FOUND_SCORE * t.nonstone
    allowed_miss = t.nonstone - need
    empty = [0] * ROWNO
    for flip in flips:
        rows = [(dy, [(masks.get(c, empty), m, n) for c, m, n in parts])
                for dy, parts in _search_rows(t, flip)]
        for y0 in range(0, ROWNO - t.height + 1):
            for x0 in range(0, COLNO - t.width + 1):
                hits = 0
                missing = 0
                for dy, parts in rows:
                    for g, m, n in parts:
                        got = _popcount((g[y0 + dy] >> x0) & m)
                        hits += got
                        missing += n - got
                    if missing > allowed_miss:
                        break
                else:
                    if best is None or hits > best[0]:
                        best = (hits, x0, y0, flip)
    if best is None:
        return None
    return Placement(best[1], best[2], best[3], best[0] / t.nonstone)
