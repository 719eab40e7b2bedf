"""The Voronoi patchwork under every Sheol map: mksheol.c's init_level_base_voronoi().

Why this module exists: Sheol (``unlev.generate.mapgen.sheol``) throws away tens to
hundreds of Voronoi maps per level, and what a map costs is (1) the point placement,
whose number of draws depends on the points (a point too close to an earlier one is
drawn again), and (2) giving every square the type of its nearest point.  Here both
are fast and exact:

- :func:`place_points` simulates the placement on words read ahead of the generator
  (``RNG.peek_bytes``), turned into squares a thousand at a time with byte-table
  arithmetic, then consumes exactly the words the C would have drawn; a source that
  cannot read ahead, or the C's forced acceptance after 1001 failed tries of one
  point, takes the word-by-word port :func:`place_points_exact`.
- :class:`Points` answers "which type is square (x, y)" for one square without
  building the whole map (nearest point, lowest index on ties, as the C's strict
  '<'), so a doomed attempt can be recognised from a handful of squares;
  :meth:`Points.terrain` builds the whole map as bit sets (bit ``x*64 + y``) when it
  is needed.
"""

from __future__ import annotations

import sys
from array import array
from itertools import compress, filterfalse, islice, repeat
from operator import eq, itemgetter, sub

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
def _exact_keys(rng, vtyps, numpoints: int):
    """The point placement loop of init_level_base_voronoi(), one word at a time:
    (keys, types) of the points in placement order (a key: see KEY)."""
    numtyps = len(vtyps)
    word = rng.word
    # near[key] = some point in the 3x3 box around that square (dist2 < 4)
    near = bytearray(256 * (ROWNO + 3))
    keys: list = []
    types: list = []
    fails = 0                 # failed tries of the point being placed
    tries = 0
    placed = 0
    while placed < numpoints:
        k = word() % (COLNO - 1) + 1 + 256 * (word() % ROWNO + 1)
        t = word()
        tries += 1
        if near[k] and fails <= FORCED_AFTER - 1:
            fails += 1
            continue
        fails = 0
        placed += 1
        keys.append(k)
        types.append(vtyps[t % numtyps])
        near[k - 257] = near[k - 256] = near[k - 255] = 1
        near[k - 1] = near[k] = near[k + 1] = 1
        near[k + 255] = near[k + 256] = near[k + 257] = 1
    rng.calls += 3 * tries
    return keys, types


def place_points_exact(rng, vtyps, numpoints: int):
    """:func:`place_points` one word at a time."""
    keys, pt = _exact_keys(rng, vtyps, numpoints)
    return [k & 255 for k in keys], [(k >> 8) - 1 for k in keys], pt


FORCED_AFTER = 1001        # failed tries after which the C takes the next try anyway
FEW_POINTS = 170           # below this, few tries fail: word by word is faster


def _mod_tables(m: int, plus: int):
    """Byte tables for ``word % m + plus`` from a word's four bytes: byte k of the
    word contributes ``byte * 256**k`` (mod m); ``fold`` reduces a sum of two
    contributions mod m, ``last`` gives the result with ``plus`` added."""
    parts = [bytes((b * pow(256, k, m)) % m for b in range(256)) for k in range(4)]
    fold = bytes(v % m if v < 2 * m else 0 for v in range(256))
    last = bytes((v % m + plus) & 255 if v < 4 * m else 0 for v in range(256))
    return parts, fold, last


_TABLES: dict = {}


def _lane_add(a: bytes, b: bytes) -> bytes:
    """Byte-wise sums (no byte overflows), with one big-integer addition."""
    n = len(a)
    return (int.from_bytes(a, "little") + int.from_bytes(b, "little")).to_bytes(n, "little")


def _mods(buf: bytes, offset: int, m: int, plus: int) -> bytes:
    """``word % m + plus`` for the word at ``offset`` of every 12-byte try in ``buf``."""
    key = (m, plus)
    tabs = _TABLES.get(key)
    if tabs is None:
        tabs = _TABLES[key] = _mod_tables(m, plus)
    parts, fold, last = tabs
    p = [buf[offset + k::12].translate(parts[k]) for k in range(4)]
    if 4 * (m - 1) < 256:
        return _lane_add(_lane_add(p[0], p[1]), _lane_add(p[2], p[3])).translate(last)
    lo = _lane_add(p[0], p[1]).translate(fold)
    hi = _lane_add(p[2], p[3]).translate(fold)
    return _lane_add(lo, hi).translate(last)


# tries per point seen for 100..300 points (1659 squares, 3x3 exclusion); a block is
# 15 % over the estimate, a short block just continues with another
_TRIES_PER_POINT = ((0, 1.0), (100, 1.34), (150, 1.66), (200, 2.18), (250, 3.24),
                    (300, 6.28), (350, 20.0))


def _estimated_tries(numpoints: int) -> int:
    prev_n, prev_r = _TRIES_PER_POINT[0]
    ratio = _TRIES_PER_POINT[-1][1]
    for n, r in _TRIES_PER_POINT[1:]:
        if numpoints <= n:
            ratio = prev_r + (r - prev_r) * (numpoints - prev_n) / (n - prev_n)
            break
        prev_n, prev_r = n, r
    return int(numpoints * ratio * 1.15) + 8


def place_keys(rng, vtyps, numpoints: int):
    """init_level_base_voronoi()'s points as (keys, types) in placement order, the
    words drawn exactly as :func:`place_points_exact` draws them."""
    if numpoints < FEW_POINTS:
        return _exact_keys(rng, vtyps, numpoints)
    numtyps = len(vtyps)
    # near[key] = some point in the 3x3 box around that square
    near = bytearray(256 * (ROWNO + 3))
    taken = near.__getitem__
    keys_all: list = []          # every try's key, from the first
    types_all = bytearray()      # every try's type index
    accepted: list = []          # tries that placed a point, in order
    need = numpoints
    prev = -1                    # the last placing try before this block
    first = 0                    # its number in ``accepted``
    base = 0                     # tries before the current block
    little = sys.byteorder == "little"
    block = _estimated_tries(numpoints)
    while True:
        # nothing is consumed before the end, so the exact port can still take over
        buf = rng.peek_bytes(3 * (base + block))
        if buf is None:
            return _exact_keys(rng, vtyps, numpoints)
        if base:
            buf = buf[12 * base:]
        xs = _mods(buf, 0, COLNO - 1, 1)
        ys = _mods(buf, 4, ROWNO, 1)
        types_all += _mods(buf, 8, numtyps, 0)
        pair = bytearray(2 * block)
        pair[0::2], pair[1::2] = (xs, ys) if little else (ys, xs)
        keys_all += array("H", pair).tolist()
        index = keys_all.index
        append = accepted.append
        j = base - 1
        # a try is taken iff no earlier point is in its box; the first time a key is
        # let through is the try that placed it
        for k in islice(filterfalse(taken, keys_all[base:]), need):
            j = index(k, j + 1)
            append(j)
            near[k - 257] = near[k - 256] = near[k - 255] = 1
            near[k - 1] = near[k] = near[k + 1] = 1
            near[k + 255] = near[k + 256] = near[k + 257] = 1
        base += block
        # the C takes the 1002nd try of one point whatever it is: then replay the
        # placement word by word (rare)
        if base - 1 - (accepted[-1] if accepted else -1) > FORCED_AFTER and \
                len(accepted) < numpoints:
            return _exact_keys(rng, vtyps, numpoints)
        if max(map(sub, accepted[first:], [prev] + accepted[first:-1]),
               default=0) > FORCED_AFTER + 1:
            return _exact_keys(rng, vtyps, numpoints)
        need = numpoints - len(accepted)
        if not need:
            break
        prev = accepted[-1] if accepted else -1
        first = len(accepted)
        block = max(_estimated_tries(need), base)
    rng.skip(3 * (accepted[-1] + 1))
    if numpoints == 1:
        j = accepted[0]
        return [keys_all[j]], [vtyps[types_all[j]]]
    pick = itemgetter(*accepted)
    return list(pick(keys_all)), list(map(vtyps.__getitem__, pick(types_all)))


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
    def place(cls, rng, vtyps, numpoints: int, exact: bool = False) -> "Points":
        """Draw the points as init_level_base_voronoi() does (``exact``: word by word)."""
        if exact:
            return cls(*_exact_keys(rng, vtyps, numpoints))
        return cls(*place_keys(rng, vtyps, numpoints))

    def type_at(self, x: int, y: int) -> int:
        """The type of the nearest point (the lowest index among the nearest)."""
        get = self.owner.get
        k = x + 256 * (y + 1)
        for shifts in _KEY_SHIFTS:
            hits = [i for i in map(get, [k + s for s in shifts]) if i is not None]
            if hits:
                return self.pt[min(hits)]
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
