"""Selections: immutable sets of map cells, and every des-file operation that builds one.

A selection is one Python int used as a bit mask over the 80x21 level, bit
``x * ROWNO + y``.  That layout is not arbitrary: walking the set bits upwards visits
cells column by column (x outer, y inner), which is the order in which UnNetHack's loader
walks a selection -- and therefore the order in which it draws random numbers for
``filter(N%, ...)``, ``gradient``, ``rndcoord`` and the rest.  Keeping the order in the
representation means no operation has to sort anything to stay RNG-compatible.

Operations follow ``src/spo_lev.c`` of UnNetHack (the ``op_selection_*`` helpers and the
``SPO_SEL_*`` opcode handlers), including the handlers' coordinate clamping, so that the
same RNG gives the same cells as the game.  Where the game's code contradicts the
documentation (see ``reference-deviations.md``) the default is the documented meaning;
pass ``compat=True`` (or a :class:`Compat` with chosen flags) to get the game's actual
behaviour.

Des-file ``&`` between selections is UNION: ``lev_comp.y`` compiles ``a & b`` to
``SPO_SEL_ADD``, whose handler calls the logical-or helper (the des-file manual also
calls it "adding").  The Python operator ``&`` on :class:`Selection` is ordinary set
intersection; an interpreter must map the des-file ``&`` to :meth:`Selection.union`
(or ``|``).  Intersection in the des-file is ``filter(sel, sel)``.

Everything that needs randomness takes an :class:`~unlev.stdlib.rng.RNG`; everything
that reads the level takes callables ``terrain_at(x, y) -> int`` / ``lit_at(x, y) -> int``
(bound methods of a level object fit).
"""

from __future__ import annotations

import math
import struct
from array import array
import textwrap
from functools import lru_cache
from typing import Callable, Iterable, Iterator, Optional, Tuple, Union

from .compat import Compat
from .rng import RNG, c_trunc_div as _cdiv
from .terrain import MATCH_WALL, MAX_TYPE, is_stwall

__all__ = [
    "COLNO", "ROWNO", "W_NORTH", "W_SOUTH", "W_EAST", "W_WEST", "W_ANY",
    "GRADIENT_RADIAL", "GRADIENT_SQUARE", "LIT_ANY", "LIT_RANDOM",
    "Selection", "line_dist_coord", "parse_dirs", "isok",
]

from .grid import COLNO, NCELLS, ROWNO, isok  # noqa: E402

# Direction bits, numbered as in include/sp_lev.h (used by grow).
W_NORTH = 1
W_SOUTH = 2
W_EAST = 4
W_WEST = 8
W_ANY = W_NORTH | W_SOUTH | W_EAST | W_WEST
_DIR_NAMES = {"north": W_NORTH, "south": W_SOUTH, "east": W_EAST, "west": W_WEST,
              "any": W_ANY, "all": W_ANY}

GRADIENT_RADIAL = 0
GRADIENT_SQUARE = 1

# Light-state values of a filter map character: ``'c'`` is any, ``('c', random)`` is -1.
LIT_ANY = -2
LIT_RANDOM = -1

Point = Tuple[int, int]
TerrainAt = Callable[[int, int], int]

# ---------------------------------------------------------------------------------------
# Bit-mask plumbing
# ---------------------------------------------------------------------------------------

_FULL = (1 << NCELLS) - 1
_COLBITS = (1 << ROWNO) - 1                       # one column, y = 0..20
_ROW0 = sum(1 << (x * ROWNO) for x in range(COLNO))  # y == 0 in every column
_COL0 = _COLBITS                                  # x == 0
_ISOK = _FULL ^ _COL0                             # the game's isok(): x >= 1

try:
    _popcount = int.bit_count  # type: ignore[attr-defined]  # Python >= 3.10
except AttributeError:  # pragma: no cover - Python 3.9
    def _popcount(m: int) -> int:
        return bin(m).count("1")


def _rows(lo: int, hi: int) -> int:
    """Every column's bits for rows lo..hi (multiplying by _ROW0 copies a column
    pattern into all 80 columns; it cannot carry because the pattern is < 2**ROWNO)."""
    lo = max(lo, 0)
    hi = min(hi, ROWNO - 1)
    if lo > hi:
        return 0
    return (((1 << (hi - lo + 1)) - 1) << lo) * _ROW0


def _cols(lo: int, hi: int) -> int:
    """All cells of columns lo..hi."""
    lo = max(lo, 0)
    hi = min(hi, COLNO - 1)
    if lo > hi:
        return 0
    return ((1 << ((hi - lo + 1) * ROWNO)) - 1) << (lo * ROWNO)


_NOT_TOP = _FULL ^ _ROW0                         # y > 0: may move up
_NOT_BOTTOM = _FULL ^ (_ROW0 << (ROWNO - 1))     # y < 20: may move down


def _shift(m: int, dx: int, dy: int) -> int:
    """Move every cell by (dx, dy); cells pushed off the map vanish (no wrap-around
    into the neighbouring column)."""
    if dy == 1:
        m = (m & _NOT_BOTTOM) << 1
    elif dy == -1:
        m = (m & _NOT_TOP) >> 1
    elif dy:
        if abs(dy) >= ROWNO:
            return 0
        if dy > 0:
            m = (m & _rows(0, ROWNO - 1 - dy)) << dy
        else:
            m = (m & _rows(-dy, ROWNO - 1)) >> -dy
    if dx:
        if dx > 0:
            m = (m << (dx * ROWNO)) & _FULL
        else:
            m >>= (-dx * ROWNO)
    return m


_POINTS = tuple(divmod(i, ROWNO) for i in range(NCELLS))  # bit index -> (x, y)


def _indices(m: int) -> Iterator[int]:
    """Set-bit indices in increasing order (= the game's x-outer, y-inner order)."""
    s = bin(m)[:1:-1]          # binary digits, least significant first
    i = s.find("1")
    while i != -1:
        yield i
        i = s.find("1", i + 1)


class _Builder:
    """Collects cells cheaply; out-of-map cells are ignored, as the game's setpoint does."""

    __slots__ = ("buf", "n")

    def __init__(self) -> None:
        self.buf = bytearray(b"0") * NCELLS
        self.n = 0

    def put(self, x: int, y: int) -> None:
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            self.buf[x * ROWNO + y] = 49  # '1'
            self.n += 1

    def mask(self) -> int:
        return int(self.buf[::-1], 2) if self.n else 0


def _mask_of_points(points: Iterable[Point]) -> int:
    m = 0
    for x, y in points:
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            m |= 1 << (x * ROWNO + y)
    return m


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


def parse_dirs(dirs: Union[int, str, Iterable[str]]) -> int:
    """Direction bits from an int, ``"north|west"`` or an iterable of names."""
    if isinstance(dirs, int):
        return dirs
    names = dirs.split("|") if isinstance(dirs, str) else list(dirs)
    bits = 0
    for name in names:
        key = name.strip().lower()
        if key not in _DIR_NAMES:
            raise ValueError(f"unknown direction {name!r}")
        bits |= _DIR_NAMES[key]
    return bits


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
    d5 = _line_dists(x, y, x2, y2, _POINTS)
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


# ---------------------------------------------------------------------------------------
# Selection
# ---------------------------------------------------------------------------------------


class Selection:
    """An immutable set of cells of the 80x21 map (x 0..79, y 0..20).

    Iteration yields ``(x, y)`` in the game's order (x outer, y inner).  Set operators
    are Python's: ``|`` union, ``&`` intersection, ``-`` difference, ``^`` symmetric
    difference, ``~`` complement within the map.  Note that the des-file's ``&`` is a
    union; see the module docstring.
    """

    __slots__ = ("_mask",)

    def __init__(self, mask: int = 0) -> None:
        if not isinstance(mask, int) or mask < 0 or mask > _FULL:
            raise ValueError("selection mask must be an int in 0 .. 2**1680-1")
        object.__setattr__(self, "_mask", mask)

    def __setattr__(self, name, value):  # immutability: selections are values
        raise AttributeError("Selection is immutable")

    __delattr__ = __setattr__

    @classmethod
    def _of(cls, mask: int) -> "Selection":
        s = object.__new__(cls)
        object.__setattr__(s, "_mask", mask)
        return s

    # -- construction ---------------------------------------------------------------

    @classmethod
    def empty(cls) -> "Selection":
        return cls._of(0)

    @classmethod
    def full(cls) -> "Selection":
        """Every cell including column 0 (what complement of nothing gives in the game)."""
        return cls._of(_FULL)

    @classmethod
    def from_mask(cls, mask: int) -> "Selection":
        return cls(mask)

    @classmethod
    def from_points(cls, points: Iterable[Point]) -> "Selection":
        """Cells outside the map are dropped silently, as the game's setpoint does."""
        return cls._of(_mask_of_points(points))

    @classmethod
    def point(cls, x: int, y: int) -> "Selection":
        return cls._of(_mask_of_points(((x, y),)))

    @classmethod
    def fillrect(cls, x1: int, y1: int, x2: int, y2: int) -> "Selection":
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
        return cls._of(_cols(x1, x2) & _rows(y1, y2))

    @classmethod
    def rect(cls, x1: int, y1: int, x2: int, y2: int) -> "Selection":
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
        return cls._of(_mask_of_points(pts))

    @classmethod
    def line(cls, x1: int, y1: int, x2: int, y2: int, *,
             compat: Union[bool, Compat] = False) -> "Selection":
        """The game's Bresenham line from (x1, y1) to (x2, y2), start clamped up to 0 and
        end clamped down to the map edge (as the opcode handler does).  The variant is not
        symmetric: line(a)-(b) and line(b)-(a) can differ -- and the opcode handler pops
        the des-file's *second* coordinate as (x1, y1), so ``line a-b`` is
        ``Selection.line(*b, *a)``."""
        c = Compat.of(compat).selection
        x1, y1 = max(x1, 0), max(y1, 0)
        x2, y2 = min(x2, COLNO - 1), min(y2, ROWNO - 1)
        return cls._of(_mask_of_points(_line_points(x1, y1, x2, y2, c.zero_line_diagonal)))

    @classmethod
    def randline(cls, x1: int, y1: int, x2: int, y2: int, roughness: int, rng: RNG, *,
                 compat: Union[bool, Compat] = False) -> "Selection":
        """A meandering line by midpoint displacement (12 levels deep, roughness shrinking
        to two thirds per level), clamped like :meth:`line`; as there, the des-file's
        second coordinate is the game's (x1, y1).

        Raises ValueError where the game would loop forever (an end point so far off the
        map that no displaced midpoint can land on it)."""
        c = Compat.of(compat).selection
        x1, y1 = max(x1, 0), max(y1, 0)
        x2, y2 = min(x2, COLNO - 1), min(y2, ROWNO - 1)
        rough = _schar(roughness) if c.randline_rough_schar else roughness
        out = _Builder()
        if not c.randline_no_endpoints:
            out.put(x1, y1)
            out.put(x2, y2)
        _randline(x1, y1, x2, y2, rough, 12, rng, out)
        return cls._of(out.mask())

    @classmethod
    def ellipse(cls, xc: int, yc: int, a: int, b: int, filled: Optional[bool] = None, *,
                compat: Union[bool, Compat] = False) -> "Selection":
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
        return cls._of(_mask_of_points(_ellipse_points(xc, yc, a, b, solid)))

    @classmethod
    def circle(cls, xc: int, yc: int, r: int, filled: Optional[bool] = None, *,
               compat: Union[bool, Compat] = False) -> "Selection":
        """``circle(c, r)`` is ``ellipse(c, r, r)`` (lev_comp duplicates the radius)."""
        return cls.ellipse(xc, yc, r, r, filled, compat=compat)

    @classmethod
    def floodfill(cls, x: int, y: int, terrain_at: TerrainAt, *, diagonals: bool = False,
                  compat: Union[bool, Compat] = False) -> "Selection":
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
                                for px, py in _POINTS[ROWNO:]]
        return cls._of(_grow_within(x * ROWNO + y, int("".join(reversed(bits)), 2), diagonals))

    @classmethod
    def flood(cls, x: int, y: int, passable: Union["Selection", Callable[[int, int], bool]],
              *, diagonals: bool = False) -> "Selection":
        """Connected component of ``passable`` (a selection or a predicate) containing
        (x, y), restricted to isok cells.  The start cell is included even if not
        passable, as in the game."""
        if not isok(x, y):
            return cls._of(0)
        if isinstance(passable, Selection):
            region = passable._mask & _ISOK
        else:
            bits = ["0"] * ROWNO + ["1" if passable(px, py) else "0" for px, py in _POINTS[ROWNO:]]
            region = int("".join(reversed(bits)), 2)
        return cls._of(_grow_within(x * ROWNO + y, region, diagonals))

    @classmethod
    def gradient(cls, x: int, y: int, mind: int, maxd: int, rng: RNG, *,
                 x2: Optional[int] = None, y2: Optional[int] = None,
                 kind: Union[int, str] = GRADIENT_RADIAL, limited: bool = False) -> "Selection":
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
    def from_ascii(cls, text: str, origin: Point = (0, 0), on: Optional[str] = None) -> "Selection":
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

    def to_ascii(self, bbox: Optional[Tuple[int, int, int, int]] = None,
                 on: str = "#", off: str = ".") -> str:
        """A picture of the cells inside ``bbox`` (x1, y1, x2, y2 inclusive; default the
        bounding box, or the whole map for an empty selection)."""
        if bbox is None:
            bbox = self.bounding_box() or (0, 0, COLNO - 1, ROWNO - 1)
        x1, y1, x2, y2 = bbox
        m = self._mask
        rows = []
        for y in range(y1, y2 + 1):
            rows.append("".join(
                on if (0 <= x < COLNO and 0 <= y < ROWNO and (m >> (x * ROWNO + y)) & 1) else off
                for x in range(x1, x2 + 1)))
        return "\n".join(rows)

    # -- value protocol -------------------------------------------------------------

    @property
    def mask(self) -> int:
        return self._mask

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Selection):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash((Selection, self._mask))

    def __contains__(self, point: object) -> bool:
        try:
            x, y = point  # type: ignore[misc]
        except (TypeError, ValueError):
            return False
        if not (isinstance(x, int) and isinstance(y, int)):
            return False
        return 0 <= x < COLNO and 0 <= y < ROWNO and bool((self._mask >> (x * ROWNO + y)) & 1)

    def __iter__(self) -> Iterator[Point]:
        pts = _POINTS
        for i in _indices(self._mask):
            yield pts[i]

    def points(self) -> list:
        """The cells as a list, in game order."""
        return list(self)

    def __len__(self) -> int:
        return _popcount(self._mask)

    count = __len__

    def __bool__(self) -> bool:
        return self._mask != 0

    def __repr__(self) -> str:
        n = len(self)
        if n <= 6:
            return f"Selection.from_points({self.points()!r})"
        return f"<Selection {n} cells, bbox {self.bounding_box()}>"

    def bounding_box(self) -> Optional[Tuple[int, int, int, int]]:
        """(x1, y1, x2, y2) inclusive, or None when empty."""
        m = self._mask
        if not m:
            return None
        xlo = ((m & -m).bit_length() - 1) // ROWNO
        xhi = (m.bit_length() - 1) // ROWNO
        ys = 0
        for x in range(xlo, xhi + 1):
            ys |= (m >> (x * ROWNO)) & _COLBITS
        return (xlo, (ys & -ys).bit_length() - 1, xhi, ys.bit_length() - 1)

    # -- set algebra ----------------------------------------------------------------

    def __or__(self, other: "Selection") -> "Selection":
        if not isinstance(other, Selection):
            return NotImplemented
        return Selection._of(self._mask | other._mask)

    def __and__(self, other: "Selection") -> "Selection":
        if not isinstance(other, Selection):
            return NotImplemented
        return Selection._of(self._mask & other._mask)

    def __sub__(self, other: "Selection") -> "Selection":
        if not isinstance(other, Selection):
            return NotImplemented
        return Selection._of(self._mask & ~other._mask)

    def __xor__(self, other: "Selection") -> "Selection":
        if not isinstance(other, Selection):
            return NotImplemented
        return Selection._of(self._mask ^ other._mask)

    def __invert__(self) -> "Selection":
        return Selection._of(_FULL ^ self._mask)

    def __le__(self, other: "Selection") -> bool:
        if not isinstance(other, Selection):
            return NotImplemented
        return self._mask & ~other._mask == 0

    def __ge__(self, other: "Selection") -> bool:
        if not isinstance(other, Selection):
            return NotImplemented
        return other._mask & ~self._mask == 0

    def __lt__(self, other: "Selection") -> bool:
        if not isinstance(other, Selection):
            return NotImplemented
        return self <= other and self._mask != other._mask

    def __gt__(self, other: "Selection") -> bool:
        if not isinstance(other, Selection):
            return NotImplemented
        return self >= other and self._mask != other._mask

    def union(self, *others: "Selection") -> "Selection":
        """Also the des-file's ``a & b`` (SPO_SEL_ADD)."""
        m = self._mask
        for o in others:
            m |= o._mask
        return Selection._of(m)

    def intersection(self, *others: "Selection") -> "Selection":
        m = self._mask
        for o in others:
            m &= o._mask
        return Selection._of(m)

    def difference(self, other: "Selection") -> "Selection":
        return self - other

    def symmetric_difference(self, other: "Selection") -> "Selection":
        return self ^ other

    def issubset(self, other: "Selection") -> bool:
        return self <= other

    def isdisjoint(self, other: "Selection") -> bool:
        return not (self._mask & other._mask)

    def complement(self) -> "Selection":
        """des-file ``complement``: covers the whole map, column 0 included."""
        return ~self

    def translate(self, dx: int, dy: int) -> "Selection":
        """Shifted copy; cells leaving the map are dropped."""
        return Selection._of(_shift(self._mask, dx, dy))

    # -- des-file operations on a selection -------------------------------------------

    def grow(self, dirs: Union[int, str, Iterable[str]] = W_ANY) -> "Selection":
        """Add each cell that has a selected neighbour on a requested side.

        ``grow(north)`` adds a cell whose *north* neighbour is selected -- the selection
        spreads south -- and a direction also brings the two diagonal neighbours on that
        side (north: NW, N, NE).  So grow(north|west) looks at five neighbours."""
        d = parse_dirs(dirs)
        m = self._mask
        out = m
        for need, ox, oy in _GROW_NEIGHBOURS:
            if d & need:
                out |= _shift(m, -ox, -oy)
        return Selection._of(out)

    def grow_toward(self, dirs: Union[int, str, Iterable[str]] = W_ANY) -> "Selection":
        """NetHack 3.7's grow (selvar.c selection_do_grow): a direction adds the
        neighbour on that side of each cell -- ``grow_toward("north")`` spreads north --
        and a diagonal neighbour only when both its directions are asked for.  (The
        des-file's :meth:`grow` looks the other way and always brings the diagonals.)"""
        d = parse_dirs(dirs)
        m = self._mask
        out = m
        for need, ox, oy in _GROW_NEIGHBOURS:
            if d & need == need:
                out |= _shift(m, ox, oy)
        return Selection._of(out)

    def filter_selection(self, other: "Selection") -> "Selection":
        """des-file ``filter(sel, sel)``: plain intersection."""
        return Selection._of(self._mask & other._mask)

    def filter_percent(self, percent: int, rng: RNG) -> "Selection":
        """des-file ``filter(N%, sel)``: one ``rn2(100)`` per cell in game order; the cell
        goes when the draw is >= N (so 100% keeps everything but still draws)."""
        m = self._mask
        drop = 0
        rn2 = rng.rn2
        for i in _indices(m):
            if rn2(100) >= percent:
                drop |= 1 << i
        return Selection._of(m & ~drop)

    def filter_mapchar(self, typ: int, lit: int = LIT_ANY, *, terrain_at: TerrainAt,
                       lit_at: Optional[TerrainAt] = None, rng: Optional[RNG] = None,
                       compat: Union[bool, Compat] = False) -> "Selection":
        """des-file ``filter('c', sel)`` / ``filter(('c', light), sel)``: keep cells whose
        terrain type is ``typ`` and whose light matches: -2 any, 0/1 exact (needs
        ``lit_at``), -1 random (one ``rn2(2)`` per matching cell, needs ``rng``).

        Documented mode also treats MATCH_WALL as "any wall or stone" and MAX_TYPE
        (``'x'``) as "anything", like NetHack 3.6; the game compares exactly."""
        c = Compat.of(compat).selection
        if c.filter_random_light_any:
            lit = lit & 0xFF  # the game's SP_MAPCHAR_LIT: -1 and -2 become 255/254
        if lit not in (-1, 0, 1):
            lit = LIT_ANY
        if lit in (0, 1) and lit_at is None:
            raise ValueError("filtering by light state needs lit_at")
        if lit == LIT_RANDOM and rng is None:
            raise ValueError("filtering with random light needs an rng")
        if c.filter_exact_type:
            def match(t: int) -> bool:
                return t == typ
        elif typ == MATCH_WALL:
            match = is_stwall
        elif typ >= MAX_TYPE:
            def match(t: int) -> bool:
                return True
        else:
            def match(t: int) -> bool:
                return t == typ
        keep = 0
        for i in _indices(self._mask):
            x, y = divmod(i, ROWNO)
            if not match(terrain_at(x, y)):
                continue
            if lit == LIT_ANY:
                keep |= 1 << i
            elif lit == LIT_RANDOM:
                if rng.rn2(2):  # type: ignore[union-attr]
                    keep |= 1 << i
            elif lit_at(x, y) == lit:  # type: ignore[misc]
                keep |= 1 << i
        return Selection._of(keep)

    def rndcoord(self, rng: RNG) -> Optional[Point]:
        """A uniformly random cell, or None when there is none.  Column 0 is never
        chosen (the game counts only isok cells), and nothing is drawn when no cell
        qualifies.  The game then makes the point relative to the current map's origin;
        that is the interpreter's job."""
        p = self._pick(rng)
        return None if p is None else divmod(p, ROWNO)

    def rndcoord_remove(self, rng: RNG) -> Tuple[Optional[Point], "Selection"]:
        """:meth:`rndcoord` plus the selection without the chosen cell (the game's
        remove-it variant, used when it draws cells one by one)."""
        p = self._pick(rng)
        if p is None:
            return None, self
        return divmod(p, ROWNO), Selection._of(self._mask & ~(1 << p))

    def _pick(self, rng: RNG) -> Optional[int]:
        m = self._mask & _ISOK
        n = _popcount(m)
        if not n:
            return None
        c = rng.rn2(n)
        for x in range(1, COLNO):  # skip whole columns, then walk the right one
            col = (m >> (x * ROWNO)) & _COLBITS
            k = _popcount(col)
            if c < k:
                for y in range(ROWNO):
                    if (col >> y) & 1:
                        if not c:
                            return x * ROWNO + y
                        c -= 1
            c -= k
        raise AssertionError("unreachable")  # pragma: no cover


# The eight neighbours grow() may look at: (direction bits that enable it, dx, dy).
# A diagonal is enabled by either of its two sides.
_GROW_NEIGHBOURS = (
    (W_WEST, -1, 0),
    (W_WEST | W_NORTH, -1, -1),
    (W_NORTH, 0, -1),
    (W_NORTH | W_EAST, 1, -1),
    (W_EAST, 1, 0),
    (W_EAST | W_SOUTH, 1, 1),
    (W_SOUTH, 0, 1),
    (W_SOUTH | W_WEST, -1, 1),
)


def _grow_within(start: int, region: int, diagonals: bool) -> int:
    """The cells of ``region`` connected to bit ``start`` (which is always included),
    found by growing a frontier one step at a time with whole-mask shifts."""
    cur = frontier = 1 << start
    region &= ~cur
    # (shifts inlined: this loop runs once per step of the fill's longest path)
    while frontier:
        h = frontier << ROWNO | frontier >> ROWNO
        if diagonals:
            h |= frontier
            frontier = h | (h & _NOT_BOTTOM) << 1 | (h & _NOT_TOP) >> 1
        else:
            frontier = h | (frontier & _NOT_BOTTOM) << 1 | (frontier & _NOT_TOP) >> 1
        frontier &= region  # region lies inside the map, so this also trims x = 80
        region &= ~frontier
        cur |= frontier
    return cur


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
              rng: RNG, out: _Builder) -> None:
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
