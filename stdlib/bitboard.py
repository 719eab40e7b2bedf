"""The bit layout of a selection: one Python int over the 80x21 map, and the few
big-int tricks every selection operation is built from.

Why a module of its own: the layout is the one decision that both halves of the selection
code rest on -- the shapes the des-file draws (``selection_shapes``) and the set algebra
and filters of :class:`~unlev.stdlib.selection.Selection` -- and it is easier to trust
when it is read in one place.  Bit ``x * ROWNO + y`` holds cell (x, y), so walking the set
bits upwards visits cells x outer, y inner: the order of the game's loops over a selection
(UnNetHack ``sp_lev.c``/``spo_lev.c``, NetHack 3.7 ``selvar.c``), and therefore the order
of their random draws.  Nothing here draws a random number or knows the des-file.
"""

from __future__ import annotations

from typing import Iterable, Iterator, Tuple

from .grid import COLNO, NCELLS, ROWNO

Point = Tuple[int, int]

FULL = (1 << NCELLS) - 1
COLBITS = (1 << ROWNO) - 1                       # one column, y = 0..20
ROW0 = sum(1 << (x * ROWNO) for x in range(COLNO))  # y == 0 in every column
COL0 = COLBITS                                  # x == 0
ISOK = FULL ^ COL0                             # the game's isok(): x >= 1

try:
    popcount = int.bit_count  # type: ignore[attr-defined]  # Python >= 3.10
except AttributeError:  # pragma: no cover - Python 3.9
    def popcount(m: int) -> int:
        return bin(m).count("1")


def rows_mask(lo: int, hi: int) -> int:
    """Every column's bits for rows lo..hi (multiplying by ROW0 copies a column
    pattern into all 80 columns; it cannot carry because the pattern is < 2**ROWNO)."""
    lo = max(lo, 0)
    hi = min(hi, ROWNO - 1)
    if lo > hi:
        return 0
    return (((1 << (hi - lo + 1)) - 1) << lo) * ROW0


def cols_mask(lo: int, hi: int) -> int:
    """All cells of columns lo..hi."""
    lo = max(lo, 0)
    hi = min(hi, COLNO - 1)
    if lo > hi:
        return 0
    return ((1 << ((hi - lo + 1) * ROWNO)) - 1) << (lo * ROWNO)


NOT_TOP = FULL ^ ROW0                         # y > 0: may move up
NOT_BOTTOM = FULL ^ (ROW0 << (ROWNO - 1))     # y < 20: may move down


def shift_mask(m: int, dx: int, dy: int) -> int:
    """Move every cell by (dx, dy); cells pushed off the map vanish (no wrap-around
    into the neighbouring column)."""
    if dy == 1:
        m = (m & NOT_BOTTOM) << 1
    elif dy == -1:
        m = (m & NOT_TOP) >> 1
    elif dy:
        if abs(dy) >= ROWNO:
            return 0
        if dy > 0:
            m = (m & rows_mask(0, ROWNO - 1 - dy)) << dy
        else:
            m = (m & rows_mask(-dy, ROWNO - 1)) >> -dy
    if dx:
        if dx > 0:
            m = (m << (dx * ROWNO)) & FULL
        else:
            m >>= (-dx * ROWNO)
    return m


POINTS = tuple(divmod(i, ROWNO) for i in range(NCELLS))  # bit index -> (x, y)


def set_bits(m: int) -> Iterator[int]:
    """Set-bit indices in increasing order (= the game's x-outer, y-inner order)."""
    s = bin(m)[:1:-1]          # binary digits, least significant first
    i = s.find("1")
    while i != -1:
        yield i
        i = s.find("1", i + 1)


class CellBuilder:
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


def mask_of_points(points: Iterable[Point]) -> int:
    m = 0
    for x, y in points:
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            m |= 1 << (x * ROWNO + y)
    return m


def grow_within(start: int, region: int, diagonals: bool) -> int:
    """The cells of ``region`` connected to bit ``start`` (which is always included),
    found by growing a frontier one step at a time with whole-mask shifts."""
    cur = frontier = 1 << start
    region &= ~cur
    # (shifts inlined: this loop runs once per step of the fill's longest path)
    while frontier:
        h = frontier << ROWNO | frontier >> ROWNO
        if diagonals:
            h |= frontier
            frontier = h | (h & NOT_BOTTOM) << 1 | (h & NOT_TOP) >> 1
        else:
            frontier = h | (frontier & NOT_BOTTOM) << 1 | (frontier & NOT_TOP) >> 1
        frontier &= region  # region lies inside the map, so this also trims x = 80
        region &= ~frontier
        cur |= frontier
    return cur
