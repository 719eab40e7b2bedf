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

The shapes (lines, ellipses, floods, gradients) live in ``selection_shapes`` and the bit
layout in ``bitboard``; this module is the value itself -- equality, iteration, the set
algebra -- and the des-file operations on an existing selection (grow, filter, rndcoord).
"""

from __future__ import annotations

from typing import Iterable, Iterator, Optional, Tuple, Union

from .bitboard import (COLBITS, FULL, ISOK, POINTS, Point, popcount,
                       set_bits, shift_mask)
from .compat import Compat
from .rng import RNG
from .selection_shapes import (GRADIENT_RADIAL, GRADIENT_SQUARE, SelectionShapes, TerrainAt,
                               line_dist_coord)
from .terrain import MATCH_WALL, MAX_TYPE, is_stwall

__all__ = [
    "COLNO", "ROWNO", "W_NORTH", "W_SOUTH", "W_EAST", "W_WEST", "W_ANY",
    "GRADIENT_RADIAL", "GRADIENT_SQUARE", "LIT_ANY", "LIT_RANDOM",
    "Selection", "line_dist_coord", "parse_dirs", "isok",
]

from .grid import COLNO, ROWNO, isok  # noqa: E402


# Direction bits, numbered as in include/sp_lev.h (used by grow).
W_NORTH = 1
W_SOUTH = 2
W_EAST = 4
W_WEST = 8
W_ANY = W_NORTH | W_SOUTH | W_EAST | W_WEST
_DIR_NAMES = {"north": W_NORTH, "south": W_SOUTH, "east": W_EAST, "west": W_WEST,
              "any": W_ANY, "all": W_ANY}

# Light-state values of a filter map character: ``'c'`` is any, ``('c', random)`` is -1.
LIT_ANY = -2
LIT_RANDOM = -1


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
# Selection
# ---------------------------------------------------------------------------------------


class Selection(SelectionShapes):
    """An immutable set of cells of the 80x21 map (x 0..79, y 0..20).

    Iteration yields ``(x, y)`` in the game's order (x outer, y inner).  Set operators
    are Python's: ``|`` union, ``&`` intersection, ``-`` difference, ``^`` symmetric
    difference, ``~`` complement within the map.  Note that the des-file's ``&`` is a
    union; see the module docstring.
    """

    __slots__ = ("_mask",)

    def __init__(self, mask: int = 0) -> None:
        if not isinstance(mask, int) or mask < 0 or mask > FULL:
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

    # -- ASCII art ------------------------------------------------------------------

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
        pts = POINTS
        for i in set_bits(self._mask):
            yield pts[i]

    def points(self) -> list:
        """The cells as a list, in game order."""
        return list(self)

    def __len__(self) -> int:
        return popcount(self._mask)

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
            ys |= (m >> (x * ROWNO)) & COLBITS
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
        return Selection._of(FULL ^ self._mask)

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
        return Selection._of(shift_mask(self._mask, dx, dy))

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
                out |= shift_mask(m, -ox, -oy)
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
                out |= shift_mask(m, ox, oy)
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
        for i in set_bits(m):
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
        for i in set_bits(self._mask):
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
        m = self._mask & ISOK
        n = popcount(m)
        if not n:
            return None
        c = rng.rn2(n)
        for x in range(1, COLNO):  # skip whole columns, then walk the right one
            col = (m >> (x * ROWNO)) & COLBITS
            k = popcount(col)
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
