"""The shapes a des-file draws into a selection, cell for cell as the game draws them.

Why a module of its own: these are the game's drawing routines -- UnNetHack ``sp_lev.c``'s
``selection_do_line``, ``selection_do_randline``, ``selection_do_ellipse``,
``selection_do_gradient`` with ``line_dist_coord``, ``selection_floodfill``, and the
``SPO_SEL_RECT``/``FILLRECT`` handlers of ``spo_lev.c`` -- each a piece of C arithmetic
(Bresenham with the game's error term, McIlroy's ellipse, C ``float`` rounding, the order
of random draws) that must be copied exactly and is best read apart from the set algebra.
:class:`SelectionShapes` holds them as the constructors of
:class:`~unlev.stdlib.selection.Selection`, which inherits them; the plain functions below
compute the cells.
"""

from __future__ import annotations

import math
import struct
import textwrap
from array import array
from functools import lru_cache
from typing import Callable, Iterable, Optional, Tuple, Union

from .bitboard import (FULL, ISOK, NCELLS, POINTS, CellBuilder, Point, cols_mask,
                       grow_within, mask_of_points, rows_mask)
from .compat import Compat
from .grid import COLNO, ROWNO, isok
from .rng import RNG, c_trunc_div as _cdiv

GRADIENT_RADIAL = 0
GRADIENT_SQUARE = 1

TerrainAt = Callable[[int, int], int]


class SelectionShapes:
    """The constructors of :class:`~unlev.stdlib.selection.Selection`: every way to make
    a selection from nothing (points, rectangles, lines, ellipses, floods, gradients,
    pictures).  Each returns an instance of the class it is called on."""

    __slots__ = ()

    @classmethod
    def _of(cls, mask: int) -> "SelectionShapes":
        """The value from a mask already known to lie on the map (no checks); the value
        class, which owns the representation, supplies it."""
        raise NotImplementedError

    # -- construction ---------------------------------------------------------------

    @classmethod
    def empty(cls) -> "SelectionShapes":
        return cls._of(0)

    @classmethod
    def full(cls) -> "SelectionShapes":
        """Every cell including column 0 (what complement of nothing gives in the game)."""
        return cls._of(FULL)

    @classmethod
    def from_mask(cls, mask: int) -> "SelectionShapes":
        return cls(mask)

    @classmethod
    def from_points(cls, points: Iterable[Point]) -> "SelectionShapes":
        """Cells outside the map are dropped silently, as the game's setpoint does."""
        return cls._of(mask_of_points(points))

    @classmethod
    def point(cls, x: int, y: int) -> "SelectionShapes":
        return cls._of(mask_of_points(((x, y),)))

    @classmethod
    def fillrect(cls, x1: int, y1: int, x2: int, y2: int) -> "SelectionShapes":
        """Solid rectangle; corners in any order.  Corners are sorted, then only the low
        corner is clamped up to 0 and only the high corner down to the map edge, as in
        the opcode handler -- so a rectangle wholly off the map selects nothing (its low
        corner stays beyond the clamped high one and the game's loops never run)."""
        x1, x2 = min(x1, x2), max(x1, x2)
        y1, y2 = min(y1, y2), max(y1, y2)
        x1, y1 = max(x1, 0), max(y1, 0)
        x2, y2 = min(x2, COLNO - 1), min(y2, ROWNO - 1)
        if x1 > x2 or y1 > y2:
            return cls._of(0)
        return cls._of(cols_mask(x1, x2) & rows_mask(y1, y2))

    @classmethod
    def rect(cls, x1: int, y1: int, x2: int, y2: int) -> "SelectionShapes":
        """Rectangle outline, with fillrect's sorting and clamping and the opcode
        handler's two loops (x1..x2 for the top and bottom, y1..y2 for the sides, points
        off the map dropped).  Because the clamp moves the far edge onto the map,
        ``rect(70,5, 90,8)`` has its right side at x = 79, and ``rect(85,5, 90,8)`` keeps
        just that side; wholly below and right of the map (both loops empty) it selects
        nothing."""
        x1, x2 = min(x1, x2), max(x1, x2)
        y1, y2 = min(y1, y2), max(y1, y2)
        x1, y1 = max(x1, 0), max(y1, 0)
        x2, y2 = min(x2, COLNO - 1), min(y2, ROWNO - 1)
        pts = []
        for x in range(x1, x2 + 1):
            pts.append((x, y1))
            pts.append((x, y2))
        for y in range(y1, y2 + 1):
            pts.append((x1, y))
            pts.append((x2, y))
        return cls._of(mask_of_points(pts))

    @classmethod
    def line(cls, x1: int, y1: int, x2: int, y2: int, *,
             compat: Union[bool, Compat] = False) -> "SelectionShapes":
        """The game's Bresenham line from (x1, y1) to (x2, y2), start clamped up to 0 and
        end clamped down to the map edge (as the opcode handler does).  The variant is not
        symmetric: line(a)-(b) and line(b)-(a) can differ -- and the opcode handler pops
        the des-file's *second* coordinate as (x1, y1), so ``line a-b`` is
        ``Selection.line(*b, *a)``."""
        c = Compat.of(compat).selection
        x1, y1 = max(x1, 0), max(y1, 0)
        x2, y2 = min(x2, COLNO - 1), min(y2, ROWNO - 1)
        return cls._of(mask_of_points(_line_points(x1, y1, x2, y2, c.zero_line_diagonal)))

    @classmethod
    def randline(cls, x1: int, y1: int, x2: int, y2: int, roughness: int, rng: RNG, *,
                 compat: Union[bool, Compat] = False) -> "SelectionShapes":
        """A meandering line by midpoint displacement (12 levels deep, roughness shrinking
        to two thirds per level), clamped like :meth:`line`; as there, the des-file's
        second coordinate is the game's (x1, y1).

        Raises ValueError where the game would loop forever (an end point so far off the
        map that no displaced midpoint can land on it)."""
        c = Compat.of(compat).selection
        x1, y1 = max(x1, 0), max(y1, 0)
        x2, y2 = min(x2, COLNO - 1), min(y2, ROWNO - 1)
        rough = _schar(roughness) if c.randline_rough_schar else roughness
        out = CellBuilder()
        if not c.randline_no_endpoints:
            out.put(x1, y1)
            out.put(x2, y2)
        _randline(x1, y1, x2, y2, rough, 12, rng, out)
        return cls._of(out.mask())

    @classmethod
    def ellipse(cls, xc: int, yc: int, a: int, b: int, filled: Optional[bool] = None, *,
                compat: Union[bool, Compat] = False) -> "SelectionShapes":
        """Ellipse with horizontal radius a and vertical radius b (McIlroy's algorithm).

        ``filled=None`` is the des-file without a fill word (an outline in both modes);
        ``True``/``False`` are the words ``filled``/``unfilled``, whose meaning the game
        swaps (compat flag ``ellipse_fill_inverted``).  A filled ellipse of radius 0 is
        empty -- the algorithm only draws rows when it steps y, a quirk kept as is."""
        c = Compat.of(compat).selection
        if filled is None:
            solid = False
        elif c.ellipse_fill_inverted:
            solid = not filled
        else:
            solid = bool(filled)
        return cls._of(mask_of_points(_ellipse_points(xc, yc, a, b, solid)))

    @classmethod
    def circle(cls, xc: int, yc: int, r: int, filled: Optional[bool] = None, *,
               compat: Union[bool, Compat] = False) -> "SelectionShapes":
        """``circle(c, r)`` is ``ellipse(c, r, r)`` (lev_comp duplicates the radius)."""
        return cls.ellipse(xc, yc, r, r, filled, compat=compat)

    @classmethod
    def floodfill(cls, x: int, y: int, terrain_at: TerrainAt, *, diagonals: bool = False,
                  compat: Union[bool, Compat] = False) -> "SelectionShapes":
        """Cells connected to (x, y) (4-way unless ``diagonals``) with the same terrain
        type as (x, y).  Column 0 is never entered (the game checks isok); a start
        outside isok gives an empty selection (the game pushes nothing at all there)."""
        if Compat.of(compat).selection.floodfill_empty or not isok(x, y):
            return cls._of(0)
        typ = terrain_at(x, y)
        # Asking about every cell once is cheaper in Python than asking lazily at the
        # frontier: the bit-parallel growth then costs a few big-int operations per
        # step instead of one Python call per cell and step.
        bits = ["0"] * ROWNO + ["1" if terrain_at(px, py) == typ else "0"
                                for px, py in POINTS[ROWNO:]]
        return cls._of(grow_within(x * ROWNO + y, int("".join(reversed(bits)), 2), diagonals))

    @classmethod
    def flood(cls, x: int, y: int, passable: Union["SelectionShapes", Callable[[int, int], bool]],
              *, diagonals: bool = False) -> "SelectionShapes":
        """Connected component of ``passable`` (a selection or a predicate) containing
        (x, y), restricted to isok cells.  The start cell is included even if not
        passable, as in the game."""
        if not isok(x, y):
            return cls._of(0)
        if isinstance(passable, SelectionShapes):
            region = passable.mask & ISOK
        else:
            bits = ["0"] * ROWNO + ["1" if passable(px, py) else "0" for px, py in POINTS[ROWNO:]]
            region = int("".join(reversed(bits)), 2)
        return cls._of(grow_within(x * ROWNO + y, region, diagonals))

    @classmethod
    def gradient(cls, x: int, y: int, mind: int, maxd: int, rng: RNG, *,
                 x2: Optional[int] = None, y2: Optional[int] = None,
                 kind: Union[int, str] = GRADIENT_RADIAL,
                 limited: bool = False) -> "SelectionShapes":
        """Random cells whose distance d from the centre (a point, or the segment to
        (x2, y2)) is past ``mind``: a cell is kept when ``d - mind > rn2(dofs)`` with
        ``dofs = max(maxd - mind, 1)``, so d <= mind is never kept and d >= maxd always
        is.  ``limited`` drops d > maxd.  One rn2 per eligible cell, in game order
        (cells at exactly mind still draw).  ``kind`` is ``"radial"``/``"square"`` or
        0/1; any other number is radial, as in the game."""
        if isinstance(kind, str):
            k = kind.strip().lower()
            if k not in ("radial", "square"):
                raise ValueError(f"unknown gradient type {kind!r}")
            square = k == "square"
        else:
            square = kind == GRADIENT_SQUARE
        if x2 is None:
            x2 = x
        if y2 is None:
            y2 = y
        if mind > maxd:
            mind, maxd = maxd, mind
        dofs = max(maxd - mind, 1)
        dist = _gradient_distances(x, y, x2, y2, square)
        rn2 = rng.rn2
        buf = bytearray(b"0") * NCELLS
        n = 0
        for i, d in enumerate(dist):
            if d >= mind and (not limited or d <= maxd) and d - mind > rn2(dofs):
                buf[i] = 49
                n += 1
        return cls._of(int(buf[::-1], 2) if n else 0)

    # -- ASCII art ------------------------------------------------------------------

    @classmethod
    def from_ascii(cls, text: str, origin: Point = (0, 0),
                   on: Optional[str] = None) -> "SelectionShapes":
        """Cells from a picture: row i is y = origin_y + i, column j is x = origin_x + j.
        Selected are the characters in ``on`` (default: anything except ``.`` and space).
        Common indentation and blank first/last lines are removed, so triple-quoted
        literals in tests can be indented."""
        lines = textwrap.dedent(text).split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        ox, oy = origin
        pts = []
        for j, row in enumerate(lines):
            for i, ch in enumerate(row):
                hit = (ch in on) if on is not None else ch not in " ."
                if hit:
                    pts.append((ox + i, oy + j))
        return cls.from_points(pts)


# ---------------------------------------------------------------------------------------
# The game's drawing arithmetic
# ---------------------------------------------------------------------------------------


def _schar(v: int) -> int:
    """What a C ``schar`` parameter makes of an int (two's-complement wrap)."""
    return ((v + 128) & 0xFF) - 128


def _isqrt(v: int) -> int:
    """hacklib's isqrt: floor of the square root, 0 for negative input."""
    return math.isqrt(v) if v > 0 else 0


_F32 = struct.Struct("<f")


def _f32(v: float) -> float:
    """Round a double to C ``float``.  Doing each float operation in double and then
    rounding gives the same result as single-precision hardware for + - * / on these
    small operands (double has more than 2*24+2 bits, so double rounding is harmless)."""
    return _F32.unpack(_F32.pack(v))[0]


# ---------------------------------------------------------------------------------------
# line_dist_coord
# ---------------------------------------------------------------------------------------


def line_dist_coord(x1: int, y1: int, x2: int, y2: int, x3: int, y3: int) -> int:
    """Distance from (x3, y3) to the segment (x1, y1)-(x2, y2), computed as the game
    does: the projection parameter is a C ``float`` and the foot point is truncated
    toward zero to whole cells before an integer square root.  Those truncations shift
    gradient rings by a cell in places, so they are reproduced rather than "fixed".
    (Assumes SSE-style single precision without fused multiply-add, i.e. x86-64.)
    """
    px = x2 - x1
    py = y2 - y1
    if px == 0 and py == 0:
        return _isqrt((x1 - x3) ** 2 + (y1 - y3) ** 2)
    s = px * px + py * py
    num = (x3 - x1) * px + (y3 - y1) * py
    u = _f32(_f32(num) / _f32(s))
    if u > 1:
        u = 1.0
    elif u < 0:
        u = 0.0
    fx = int(_f32(_f32(x1) + _f32(u * _f32(px))))
    fy = int(_f32(_f32(y1) + _f32(u * _f32(py))))
    dx = fx - x3
    dy = fy - y3
    return _isqrt(dx * dx + dy * dy)


def _line_dists(x1: int, y1: int, x2: int, y2: int, pts) -> list:
    """:func:`line_dist_coord` for many points at once.  ``array('f', ...)`` rounds a
    whole list to C floats in one call, which is what makes line-centred gradients
    affordable; the per-step rounding is the same as in the scalar version."""
    px = x2 - x1
    py = y2 - y1
    if px == 0 and py == 0:
        return [_isqrt((x1 - a) ** 2 + (y1 - b) ** 2) for a, b in pts]
    if max(abs(x1), abs(y1), abs(x2), abs(y2)) > 1000:
        # operands might not be exact in a float any more: take the careful path
        return [line_dist_coord(x1, y1, x2, y2, a, b) for a, b in pts]
    s = px * px + py * py
    us = [1.0 if u > 1 else (0.0 if u < 0 else u)
          for u in array("f", [((a - x1) * px + (b - y1) * py) / s for a, b in pts])]
    fx = array("f", [x1 + p for p in array("f", [u * px for u in us])])
    fy = array("f", [y1 + p for p in array("f", [u * py for u in us])])
    out = []
    for (a, b), vx, vy in zip(pts, fx, fy):
        dx = int(vx) - a
        dy = int(vy) - b
        out.append(_isqrt(dx * dx + dy * dy))
    return out


@lru_cache(maxsize=128)
def _gradient_distances(x: int, y: int, x2: int, y2: int, square: bool) -> Tuple[int, ...]:
    """Distances of all cells in game order; cached because a level often reuses a centre."""
    d5 = _line_dists(x, y, x2, y2, POINTS)
    if not square:
        return tuple(d5)
    # "square": the smaller of the true distance and a Chebyshev-like distance built
    # from the distances of the cell's row and column projections onto the centre line.
    ys = range(ROWNO)
    xs = range(COLNO)
    d1 = _line_dists(x, y, x2, y2, [(x, cy) for cy in ys])
    d3 = _line_dists(x, y, x2, y2, [(x2, cy) for cy in ys])
    d2 = _line_dists(x, y, x2, y2, [(cx, y) for cx in xs])
    d4 = _line_dists(x, y, x2, y2, [(cx, y2) for cx in xs])
    out = []
    i = 0
    for cx in xs:
        a, b = d2[cx], d4[cx]
        for cy in ys:
            out.append(min(d5[i], max(d1[cy], a), max(d3[cy], b)))
            i += 1
    return tuple(out)


def _line_points(x1: int, y1: int, x2: int, y2: int, zero_diagonal: bool) -> list:
    """Cells of the game's Bresenham variant (the major axis steps every time, the
    error term decides the minor step *before* the major one)."""
    xi = 1 if x1 < x2 else -1
    yi = 1 if y1 < y2 else -1
    dx = abs(x2 - x1)
    dy = abs(y2 - y1)
    pts = [(x1, y1)]
    if dx == 0 and dy == 0:
        if zero_diagonal:
            # The game falls into its steep branch and steps (-1, -1) until its signed
            # char y wraps round to the start again (256 steps); only cells up to the
            # first map edge are kept, since x never comes back within 256 steps.
            pts.extend((x1 - k, y1 - k) for k in range(1, min(x1, y1) + 1))
        return pts
    x, y = x1, y1
    if dx > dy:
        step_minor = (dy - dx) * 2
        step_major = dy * 2
        err = step_major - dx
        while x != x2:
            if err >= 0:
                y += yi
                err += step_minor
            else:
                err += step_major
            x += xi
            pts.append((x, y))
    else:
        step_minor = (dx - dy) * 2
        step_major = dx * 2
        err = step_major - dy
        while y != y2:
            if err >= 0:
                x += xi
                err += step_minor
            else:
                err += step_major
            y += yi
            pts.append((x, y))
    return pts


def _randline(x1: int, y1: int, x2: int, y2: int, rough: int, depth: int,
              rng: RNG, out: CellBuilder) -> None:
    """One level of midpoint displacement; the left half is finished before the right
    half starts, which fixes the order of the random draws."""
    if depth < 1:
        return
    dx = abs(x2 - x1)
    dy = abs(y2 - y1)
    if dx <= 1 and dy <= 1:
        # Same or neighbouring cells: roughness is clipped to at most 1, so no number
        # is drawn, and all the remaining levels keep landing on the midpoint (halves
        # round toward zero), so that midpoint is all this branch ever adds.
        out.put(_cdiv(x1 + x2, 2), _cdiv(y1 + y2, 2))
        return
    span = max(dx, dy)
    if rough > span:
        rough = span
    bx = _cdiv(x1 + x2, 2)
    by = _cdiv(y1 + y2, 2)
    if rough < 2:
        mx, my = bx, by
    else:
        half = rough // 2
        lo, hi = -half, rough - 1 - half
        if bx + hi < 0 or bx + lo > COLNO - 1 or by + hi < 0 or by + lo > ROWNO - 1:
            raise ValueError("randline: no midpoint can land on the map "
                             "(the game would loop forever)")
        rn2 = rng.rn2
        while True:
            mx = bx + rn2(rough) - half
            my = by + rn2(rough) - half
            if 0 <= mx < COLNO and 0 <= my < ROWNO:
                break
    out.put(mx, my)
    rough = _cdiv(rough * 2, 3)
    _randline(x1, y1, mx, my, rough, depth - 1, rng, out)
    _randline(mx, my, x2, y2, rough, depth - 1, rng, out)


def _ellipse_points(xc: int, yc: int, a: int, b: int, solid: bool) -> list:
    """McIlroy's integer ellipse, walked from the top (0, b) to the side (a, 0) of one
    quadrant.  ``t`` tracks the error function at the candidate midpoints; the
    thresholds pick between stepping x, stepping y, or both."""
    a2 = a * a
    b2 = b * b
    # thresholds, with C division of the (non-negative) squares
    crit1 = -(a2 // 4 + _cmod2(a) + b2)
    crit2 = -(b2 // 4 + _cmod2(b) + a2)
    crit3 = -(b2 // 4 + _cmod2(b))
    x, y = 0, b
    t = -a2 * y
    dxt, dyt = 0, -2 * a2 * y
    d2xt, d2yt = 2 * b2, 2 * a2
    pts = []
    while y >= 0 and x <= a:
        if t + b2 * x <= crit1 or t + a2 * y <= crit3:
            step_x, step_y = True, False
        elif t - a2 * y > crit2:
            step_x, step_y = False, True
        else:
            step_x, step_y = True, True
        if not solid:
            pts.append((xc + x, yc + y))
            if x or y:
                pts.append((xc - x, yc - y))
            if x and y:
                pts.append((xc + x, yc - y))
                pts.append((xc - x, yc + y))
        elif step_y:
            # a finished row: it spans -x..x at both yc - y and yc + y
            for i in range(xc - x, xc + x + 1):
                pts.append((i, yc - y))
                if y:
                    pts.append((i, yc + y))
        if step_x:
            x += 1
            dxt += d2xt
            t += dxt
        if step_y:
            y -= 1
            dyt += d2yt
            t += dyt
    return pts


def _cmod2(v: int) -> int:
    """C's ``v % 2`` (negative for negative v)."""
    return -((-v) % 2) if v < 0 else v % 2
