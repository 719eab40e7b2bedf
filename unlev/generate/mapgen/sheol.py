"""Sheol's frozen filler levels (``INIT_MAP: sheollev``), src/mksheol.c ported.

Why this module exists: Sheol levels are a Voronoi patchwork of ice walls, crystal
ice, pools and rock with a fuzzy Bezier path carved from left to right (or, on the
first Sheol level, sometimes an almost open patchwork), optional cloud banks, then a
reachability check that regenerates the map when some floor cannot be reached.  The
random draws follow mksheol.c exactly.

The game often needs tens to hundreds of attempts (any floor, ice or pool in a map
corner is unreachable by the C's flood fill, which never spreads from the border), so
the terrain of an attempt is kept as one bit set per terrain type (bit ``x*64 + y``)
and the Voronoi diagram (:mod:`unlev.generate.mapgen.sheol_voronoi`), the flood fills
and the masks are computed on those; only the accepted map is written to the level.
The open variant decides most attempts without building their map: the squares its
random draws look at are typed one by one, a passable corner dooms the map
(:func:`corner_doomed`), and finalize_map()'s stone marks are taken only where none
is yet.  ``shortcuts=False`` runs the plain port; both give the same draws and the
same level (tests/test_sheol_fast.py).

Reads ``level.context.dunlev`` (the level number inside Sheol: the C's u.uz.dlevel).

Faithful oddities (see the report): shake_position()'s acceptance test can never
succeed, so every shake makes ten random moves and keeps the tenth; carve_path's
retry test ``tries >= 100`` also restarts a path whose 100th try succeeded; the
W_NONDIGGABLE bits set on stone by a rejected attempt stay on those cells; a pick on
the 100th try in plug_unreachable_places() is a rejection.
"""

from __future__ import annotations

from unlev.stdlib import terrain as T
from unlev.model.level import COLNO, ROWNO, W_NONDIGGABLE, FLAGS_MASK, Level
from unlev.generate.walls import wallify_map
from unlev.generate.mapgen.sheol_voronoi import (
    W, VALID, TerrainBits, Points, colmask)

MINIMUM_VORONOI_DISTANCE = 4

STAT_REJECT = 0
STAT_SEMIPLUGGED = 1
STAT_ALLREACHABLE = 2
STAT_STAIRSOK = 3

TYPS = (T.ICEWALL, T.CRYSTALICEWALL, T.CRYSTALICEWALL, T.CRYSTALICEWALL,
        T.POOL, T.POOL, T.STONE, T.STONE, T.STONE, T.STONE)
OPENTYPS = (T.ICEWALL, T.CRYSTALICEWALL, T.CRYSTALICEWALL, T.STONE,
            T.POOL, T.POOL, T.ROOM, T.ICE, T.ICE, T.ROOM)

PASSABLE = (T.ICE, T.POOL, T.ROOM)
ROOM_OR_ICE = (T.ROOM, T.ICE)
# what finalize_map() and the flood need to know of a square's type
STONE_OR_NOT = {t: t if t == T.STONE else T.ROOM for t in OPENTYPS}
ROOM_OR_NOT = {t: t if t == T.ROOM else T.STONE for t in OPENTYPS}
FLOOD_CLASSES = {t: (T.ROOM if t in PASSABLE else T.ICEWALL if t != T.STONE else T.STONE)
                 for t in OPENTYPS}

FEW_SQUARES = 100          # below this, squares are typed one by one

MAX_ATTEMPTS = 100000      # safety valve; the C loops without bound


class SheolGenerationError(RuntimeError):
    pass


def dist2(x0: int, y0: int, x1: int, y1: int) -> int:
    dx, dy = x0 - x1, y0 - y1
    return dx * dx + dy * dy


def isqrt(val: int) -> int:
    """hacklib.c isqrt(): floor of the square root, by odd-number subtraction."""
    rt = 0
    odd = 1
    while val >= odd:
        val -= odd
        odd += 2
        rt += 1
    return rt


def _bit(x: int, y: int) -> int:
    return 1 << (x * W + y)


INTERIOR = colmask(2, COLNO - 2, 1, ROWNO - 2)  # cells the C flood spreads from
LEFT15 = colmask(1, 15)
RIGHT65 = colmask(65, COLNO - 1)
CORNERS = ((1, 0), (1, ROWNO - 1), (COLNO - 1, 0), (COLNO - 1, ROWNO - 1))


def _popcount(b: int) -> int:
    return b.bit_count() if _HAS_BIT_COUNT else bin(b).count("1")


_HAS_BIT_COUNT = hasattr(int, "bit_count")     # Python 3.10+


def _iter_bits(b: int):
    while b:
        low = b & -b
        k = low.bit_length() - 1
        yield k >> 6, k & 63
        b ^= low


# --------------------------------------------------------------------------------
def carve_path(level: Level, rng) -> tuple[int, dict]:
    """Pick a chain of points left to right and sample Bezier curves through them;
    returns (guaranteed cells as a bit set, {(x, y): [prob, out_of]})."""
    px = [0] * 100
    py = [0] * 100
    rn2 = rng.rn2
    while True:
        path_x = -2
        path_y = ROWNO // 2
        i1 = 0
        while i1 < 100:
            tries = 0
            while tries < 100:
                tries += 1
                if not rn2(2):
                    x = path_x + rn2(11) - 5
                else:
                    x = path_x + rn2(6) - 2
                y = path_y + rn2(11) - 5
                px[i1] = x
                py[i1] = y
                if y < 0 or y >= ROWNO or x < 1 or x >= COLNO:
                    continue
                for i2 in range(i1):
                    dx = px[i2] - x
                    dy = py[i2] - y
                    if dx * dx + dy * dy <= 16:
                        break
                else:
                    break         # far enough from every earlier point
            if tries >= 100:
                path_x = -2
                path_y = ROWNO // 2
                i1 = 0
                continue
            if i1 > 0 and px[i1 - 1] >= COLNO - 5:
                break
            path_x = px[i1]
            path_y = py[i1]
            i1 += 1
        if i1 >= 100:
            continue
        break
    num_points = i1
    samples: dict = {}
    for i1 in range(0, num_points - 2, 2):
        ax, ay = px[i1], py[i1]
        bx, by = px[i1 + 1], py[i1 + 1]
        cx, cy = px[i1 + 2], py[i1 + 2]
        sp = isqrt(dist2(ax, ay, bx, by) + dist2(bx, by, cx, cy)) * 20
        for i2 in range(sp + 1):
            r_i2 = sp - i2
            c1_x = ax * i2 // sp + bx * r_i2 // sp
            c1_y = ay * i2 // sp + by * r_i2 // sp
            c2_x = bx * i2 // sp + cx * r_i2 // sp
            c2_y = by * i2 // sp + cy * r_i2 // sp
            x = c1_x * i2 // sp + c2_x * r_i2 // sp
            y = c1_y * i2 // sp + c2_y * r_i2 // sp
            samples[(x, y)] = samples.get((x, y), 0) + 1
    fallout = 0 if level.context.dunlev > 2 else 2
    guaranteed = 0
    probs: dict = {}
    for (x, y), n in samples.items():
        guaranteed |= _fuzzy_circle(x, y, 1, fallout, probs, n)
    return guaranteed, probs


def _fuzzy_circle(x: int, y: int, gpr: int, fallout: int, probs: dict, times: int) -> int:
    """fuzzy_circle() applied ``times`` times (its additions commute)."""
    fallout_2 = fallout * fallout          # computed before the clamp below (sic)
    if fallout < gpr:
        fallout = gpr
    g = 0
    for i1 in range(x - fallout, x + fallout + 1):
        for i2 in range(y - fallout, y + fallout + 1):
            if i1 < 1 or i1 >= COLNO or i2 < 0 or i2 >= ROWNO:
                continue
            d = dist2(i1, i2, x, y)
            if d > fallout_2:
                continue
            if d <= gpr:
                g |= _bit(i1, i2)
            else:
                d -= gpr
                d = (d * 100) // (fallout_2 - gpr)
                d = 100 - d
                e = probs.get((i1, i2))
                if e is None:
                    e = probs[(i1, i2)] = [0, 0]
                e[0] += d * times
                e[1] += 100 * times
    return g


# --------------------------------------------------------------------------------
def _flood(start: int, passable: int) -> int:
    """The C's repeated-scan flood fill: only INTERIOR cells spread (4 ways)."""
    fill = start
    while True:
        src = fill & INTERIOR
        grown = ((src << W) | (src >> W) | (src << 1) | (src >> 1)) & passable
        new = fill | grown
        if new == fill:
            return fill
        fill = new


def pick_start(rng, is_room_or_ice):
    """plug_unreachable_places()'s random ROOM or ICE square to flood from, or None
    (a pick on the 100th try counts as none, as in the C)."""
    tries = 100
    x = y = 0
    while tries > 0:
        tries -= 1
        x = rng.rn1(COLNO - 2, 1)
        y = rng.rn2(ROWNO)
        if is_room_or_ice(x, y):
            break
    if tries <= 0:
        return None
    return x, y


def flood_verdict(m: TerrainBits, x: int, y: int) -> int:
    """plug_unreachable_places() after the pick: is every ICE, POOL and ROOM square
    reachable from (x, y), or at least through ice walls?"""
    start = _bit(x, y)
    passable = m.mask(T.ICE, T.POOL, T.ROOM) & VALID
    fill = _flood(start, passable)
    if not (passable & ~fill):
        return STAT_ALLREACHABLE
    passable2 = passable | (m.mask(T.ICEWALL, T.CRYSTALICEWALL) & VALID)
    fill = _flood(start, passable2)
    if passable & ~fill:
        return STAT_REJECT
    return STAT_SEMIPLUGGED


def plug_unreachable_places(m: TerrainBits, rng) -> int:
    roomice = m.mask(T.ROOM, T.ICE)
    start = pick_start(rng, lambda x, y: (roomice >> (x * W + y)) & 1)
    if start is None:
        return STAT_REJECT
    return flood_verdict(m, *start)


def corner_doomed(pts: Points, start) -> bool:
    """A corner square of ICE, POOL or ROOM that is not the flood's start is never
    reached: the C's flood does not spread from border squares, and a corner's
    neighbours are all on the border.  Such a map is rejected whatever else it holds."""
    for x, y in CORNERS:
        if (x, y) != start and pts.type_at(x, y) in PASSABLE:
            return True
    return False


def verify_stairs_place(m: TerrainBits) -> int:
    """Floor (ROOM) must exist in columns 1..15 and in columns 65..79."""
    room = m.by.get(T.ROOM, 0)
    if not room & LEFT15 or not room & RIGHT65:
        return STAT_REJECT
    return STAT_STAIRSOK


def shake_position(rng, x: int, y: int) -> tuple[int, int]:
    """Faithful: the C's path test can never pass, so ten moves are made from the
    start point and the tenth is kept."""
    old_x, old_y = x, y
    for _ in range(10):
        x, y = old_x, old_y
        if not rng.rn2(30):
            x += rng.rn2(7) - 3
            y += rng.rn2(7) - 3
        else:
            x += rng.rn2(3) - 1
            y += rng.rn2(3) - 1
        x = min(max(x, 1), COLNO - 1)
        y = min(max(y, 0), ROWNO - 1)
    return x, y


def place_clouds(m: TerrainBits, rng) -> None:
    num_clouds = rng.rn2(25)
    num_clouds += rng.rn2(40) + 5
    while True:
        x = rng.rn1(COLNO - 2, 1)
        y = rng.rn2(ROWNO)
        if m.get(x, y) in (T.ICE, T.ROOM):
            break
    tries = 200
    while num_clouds > 0 and tries > 0:
        if m.get(x, y) in (T.ICE, T.ROOM):
            m.set(x, y, T.CLOUD)
            num_clouds -= 1
            tries = 200
        else:
            tries -= 1
            x, y = shake_position(rng, x, y)


class _State:
    """What survives between attempts: the stone cells every finalize_map() marked."""

    def __init__(self) -> None:
        self.nondig = 0

    def finalize(self, m: TerrainBits) -> None:
        # IS_ROCK && !IS_ANY_ICEWALL on a fresh attempt's map: stone only
        self.nondig |= m.by.get(T.STONE, 0) & VALID

    def finalize_points(self, pts: Points) -> None:
        """finalize() from the points: only squares not yet marked are looked at,
        one by one when few are left (after a few dozen attempts almost every square
        has been stone once)."""
        todo = VALID & ~self.nondig
        if not todo:
            return
        if _popcount(todo) > FEW_SQUARES:
            self.finalize(pts.terrain(STONE_OR_NOT, todo))
            return
        type_at = pts.type_at
        for x, y in _iter_bits(todo):
            if type_at(x, y) == T.STONE:
                self.nondig |= _bit(x, y)


def _commit(level: Level, m: TerrainBits, state: _State) -> None:
    """Write the accepted attempt and finish finalize_map() on the real level."""
    typ, lit, flg = level.typ, level.lit, level.flg
    for k in range(1 * ROWNO, COLNO * ROWNO):
        typ[k] = T.STONE
        lit[k] = 1
    for t, b in m.by.items():
        for x, y in _iter_bits(b & VALID):
            typ[x * ROWNO + y] = t
    for x, y in _iter_bits(state.nondig):
        k = x * ROWNO + y
        flg[k] = (flg[k] | W_NONDIGGABLE) & FLAGS_MASK
    wallify_map(level, 1, 0, COLNO - 1, ROWNO - 1)
    level.flags.is_maze_lev = False
    level.flags.is_cavernous_lev = True


def mkopensheol(level: Level, rng, shortcuts: bool = True) -> None:
    """The open variant.  Most of its maps are rejected (see corner_doomed); with
    ``shortcuts`` a map is built only when it may be kept, and the rest is decided
    from a few squares -- the same draws and the same level (``shortcuts=False``
    builds every map, as the C does)."""
    num_points = 300
    tries = 0
    state = _State()
    for _ in range(MAX_ATTEMPTS):
        while True:
            pts = Points.place(rng, OPENTYPS, num_points)
            if not shortcuts:
                m = pts.terrain()
                if verify_stairs_place(m) == STAT_STAIRSOK:
                    break
                continue
            if pts.room_near_both_ends() or verify_stairs_place(
                    pts.terrain(ROOM_OR_NOT, LEFT15 | RIGHT65)) == STAT_STAIRSOK:
                break
        tries += 1
        if tries > 100 and num_points > 100:
            num_points -= 1
        if not shortcuts:
            state.finalize(m)
            if plug_unreachable_places(m, rng) != STAT_REJECT:
                _commit(level, m, state)
                return
            continue
        state.finalize_points(pts)
        start = pick_start(rng, lambda x, y: pts.type_at(x, y) in ROOM_OR_ICE)
        if start is None or corner_doomed(pts, start):
            continue
        if flood_verdict(pts.terrain(FLOOD_CLASSES), *start) != STAT_REJECT:
            _commit(level, pts.terrain(), state)
            return
    raise SheolGenerationError("mkopensheol: no acceptable map")


def mksheol(level: Level, rng, shortcuts: bool = True) -> None:
    """mksheol(): the Sheol level generator (``shortcuts``: see mkopensheol)."""
    dunlev = level.context.dunlev
    if not dunlev > 2 and not dunlev == 2 and not rng.rn2(3):
        mkopensheol(level, rng, shortcuts)
        return
    state = _State()
    for _ in range(MAX_ATTEMPTS):
        m = Points.place(rng, TYPS, 300).terrain()
        guaranteed, probs = carve_path(level, rng)
        chosen = guaranteed
        # the C's loop: x outer, y inner; a draw wherever out_of != 0
        for (x, y) in sorted(probs):
            prob, out_of = probs[(x, y)]
            if out_of and rng.rn2(out_of) < prob:
                chosen |= _bit(x, y)
        chosen &= VALID
        icewalls = m.mask(T.ICEWALL, T.CRYSTALICEWALL)
        pools = m.by.get(T.POOL, 0)
        m.replace(chosen & icewalls, T.ICE)
        m.replace(chosen & ~icewalls & ~pools, T.ROOM)
        m.replace(pools & ~chosen, T.ICEWALL)
        if not rng.rn2(5):
            place_clouds(m, rng)
        if verify_stairs_place(m) == STAT_REJECT:
            continue
        state.finalize(m)
        if plug_unreachable_places(m, rng) == STAT_REJECT:
            continue
        _commit(level, m, state)
        return
    raise SheolGenerationError("mksheol: no acceptable map")
