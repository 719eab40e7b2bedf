"""The Voronoi patchwork under every Sheol map: mksheol.c's init_level_base_voronoi().

Why this module exists: Sheol (``unlev.generate.mapgen.sheol``) throws away tens to
hundreds of Voronoi maps per level, and what a map costs is (1) the point placement,
whose number of draws depends on the points (a point too close to an earlier one is
drawn again), and (2) giving every square the type of its nearest point.  Here both
are cheap and exact:

- :func:`place_keys` places the points with the C's draws, testing "an earlier point
  within distance 2" on a grid of marks instead of against every earlier point.
- :class:`Points` answers "which type is square (x, y)" for one square without
  building the whole map (nearest point, lowest index on ties, as the C's strict
  '<' in check_voronoi_winner()), so a doomed attempt can be recognised from a
  handful of squares; :meth:`Points.terrain` builds the whole map as bit sets (bit
  ``x*64 + y``) when it is needed, or only some squares, or only classes of types.
"""

from __future__ import annotations

from itertools import compress, repeat
from operator import eq

from unlev.stdlib import terrain as T
from unlev.model.level import COLNO, ROWNO

W = 64                     # bits per column in the bit sets


def colmask(x1: int, x2: int, y1: int = 0, y2: int = ROWNO - 1) -> int:
    """The bit set of the squares x1..x2 by y1..y2."""
    col = ((1 << (y2 + 1)) - 1) ^ ((1 << y1) - 1)
    m = 0
    for x in range(x1, x2 + 1):
        m |= col << (x * W)
    return m


VALID = colmask(1, COLNO - 1)                  # isok() squares
# The placement and Points name a square by its KEY, x + 256 * (y + 1): the 3x3 box
# around a key is key + {-257, -256, -255, -1, 0, 1, 255, 256, 257}, all >= 0.


class TerrainBits:
    """One attempt's terrain: terrain type -> bit set over valid squares."""

    __slots__ = ("by", )

    def __init__(self) -> None:
        self.by: dict[int, int] = {}

    def get(self, x: int, y: int) -> int:
        b = 1 << (x * W + y)
        for t, s in self.by.items():
            if s & b:
                return t
        return T.STONE

    def set(self, x: int, y: int, t: int) -> None:
        b = 1 << (x * W + y)
        for k in self.by:
            if self.by[k] & b:
                self.by[k] &= ~b
                break
        self.by[t] = self.by.get(t, 0) | b

    def mask(self, *types: int) -> int:
        m = 0
        for t in types:
            m |= self.by.get(t, 0)
        return m

    def replace(self, sel: int, t: int) -> None:
        """Give type ``t`` to every square of ``sel``."""
        if not sel:
            return
        for k in list(self.by):
            self.by[k] &= ~sel
        self.by[t] = self.by.get(t, 0) | sel


# -- point placement ---------------------------------------------------------------------
FORCED_AFTER = 1001        # failed tries after which the C takes the next try anyway


def place_keys(rng, vtyps, numpoints: int):
    """The point placement loop of init_level_base_voronoi(): (keys, types) of the
    points in placement order (a key: see KEY)."""
    numtyps = len(vtyps)
    word = rng.word
    # row[key] = a point on this square or beside it in its row; a square is taken
    # (dist2 < 4 to a point) when row[] is set on it, above or below it.  Three marks
    # per point and up to three looks per try cost less than nine marks and one look
    # (the same at 300 points, clearly less below)
    row = bytearray(256 * (ROWNO + 3))
    forced_after = FORCED_AFTER
    keys: list = []
    types: list = []
    add_key, add_type = keys.append, types.append
    xs, ys = COLNO - 1, ROWNO
    fails = 0                 # failed tries of the point being placed
    failed = 0                # of the points placed
    placed = 0
    while placed < numpoints:
        while True:           # the tries of one point (the hottest loop of Sheol)
            # x = rn1(COLNO-1, 1), y = rn2(ROWNO), the type rn2(numtyps); key x + 256 * (y + 1)
            k = word() % xs + (word() % ys << 8) + 257
            t = word()
            # taken, unless the C's i1_tries++ > 1000 takes it anyway
            if not (row[k] or row[k - 256] or row[k + 256]) or fails >= forced_after:
                break
            fails += 1
        failed += fails
        fails = 0
        placed += 1
        add_key(k)
        add_type(vtyps[t % numtyps])
        row[k - 1] = row[k] = row[k + 1] = 1
    rng.calls += 3 * (placed + failed)
    return keys, types


def place_points(rng, vtyps, numpoints: int):
    """init_level_base_voronoi()'s points: (px, py, pt) in placement order."""
    keys, pt = place_keys(rng, vtyps, numpoints)
    return [k & 255 for k in keys], [(k >> 8) - 1 for k in keys], pt


# -- types of squares --------------------------------------------------------------------
def _build_dist_groups():
    groups: dict = {}
    for dx in range(-(COLNO - 1), COLNO):
        for dy in range(-(ROWNO - 1), ROWNO):
            groups.setdefault(dx * dx + dy * dy, []).append((dx, dy))
    return [(d, tuple(groups[d])) for d in sorted(groups)]


_DIST_GROUPS = _build_dist_groups()
# offsets from a square to the squares at each distance, nearest first: as
# bit-index differences (assign) and as key differences (Points.type_at; a point's
# x is 1..79, so x + dx never reaches the next row's keys)
_GROUP_SHIFTS = [tuple(dx * W + dy for dx, dy in offs) for _d, offs in _DIST_GROUPS]
_KEY_SHIFTS = [tuple(dx + 256 * dy for dx, dy in offs) for _d, offs in _DIST_GROUPS]
_PAD = COLNO * W          # owner table padding: any offset stays inside the list
ROOM_LEFT = 15            # verify_stairs_place(): floor in columns 1..15 ...
ROOM_RIGHT = COLNO - 15   # ... and in columns 65..79


class Points:
    """One attempt's Voronoi points (keys, see KEY, and types in placement order);
    the type of a square on demand, or of all of them."""

    __slots__ = ("keys", "pt", "owner")

    def __init__(self, keys, pt) -> None:
        self.keys, self.pt = keys, pt
        # key -> the lowest point index on that square
        self.owner = dict(zip(reversed(keys), range(len(keys) - 1, -1, -1)))

    @classmethod
    def place(cls, rng, vtyps, numpoints: int) -> "Points":
        """Draw the points as init_level_base_voronoi() does."""
        return cls(*place_keys(rng, vtyps, numpoints))

    def type_at(self, x: int, y: int) -> int:
        """The type of the nearest point (the lowest index among the nearest)."""
        get = self.owner.get
        k = x + 256 * (y + 1)
        best = None
        for shifts in _KEY_SHIFTS:
            for s in shifts:
                i = get(k + s)
                if i is not None and (best is None or i < best):
                    best = i
            if best is not None:
                return self.pt[best]
        return T.STONE            # no points at all

    def room_near_both_ends(self) -> bool:
        """A quick yes to verify_stairs_place(): a ROOM point in columns 1..15 and
        one in columns 65..79, each alone on its square (so that square is ROOM).
        False means "look at the map", not "no"."""
        if len(self.owner) != len(self.keys):
            return False          # two points on one square (a forced placement)
        left = right = False
        for k in compress(self.keys, map(eq, self.pt, repeat(T.ROOM))):
            x = k & 255
            if x <= ROOM_LEFT:
                left = True
            elif x >= ROOM_RIGHT:
                right = True
            if left and right:
                return True
        return False

    def terrain(self, classes=None, within: int = VALID) -> TerrainBits:
        """The type of every square of ``within`` as bit sets; ``classes`` maps a
        type to the class recorded instead (fewer classes, less work)."""
        keys = self.keys
        pt = self.pt if classes is None else [classes[t] for t in self.pt]
        return assign([k & 255 for k in keys], [(k >> 8) - 1 for k in keys], pt, within)


def assign(px, py, pt, within: int = VALID) -> TerrainBits:
    """Give every square of ``within`` (all valid squares) the type of its nearest
    point (lowest index on ties), a whole distance at a time on bit sets."""
    n = len(px)
    owner = [n] * (3 * _PAD)           # bit index + _PAD -> lowest point index there
    occ: dict[int, int] = {}
    for i in range(n):
        k = px[i] * W + py[i]
        if owner[k + _PAD] == n:
            owner[k + _PAD] = i
        occ[pt[i]] = occ.get(pt[i], 0) | (1 << k)
    assigned = {t: 0 for t in occ}
    unassigned = within
    for shifts in _GROUP_SHIFTS:
        if not unassigned:
            break
        reach = {}
        for t, o in occ.items():
            r = 0
            for sh in shifts:
                r |= (o << sh) if sh >= 0 else (o >> -sh)
            r &= unassigned
            if r:
                reach[t] = r
        if not reach:
            continue
        seen = 0
        multi = 0
        for r in reach.values():
            multi |= seen & r
            seen |= r
        if multi:
            for t in reach:
                assigned[t] |= reach[t] & ~multi
            while multi:
                low = multi & -multi
                k = low.bit_length() - 1 + _PAD
                best = min(owner[k - sh] for sh in shifts)
                assigned[pt[best]] |= low
                multi ^= low
        else:
            for t in reach:
                assigned[t] |= reach[t]
        unassigned &= ~seen
    m = TerrainBits()
    m.by = {t: b for t, b in assigned.items() if b}
    return m
