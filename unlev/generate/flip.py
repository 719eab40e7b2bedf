"""Level flipping: sp_lev.c ``flip_level`` / ``flip_level_rnd`` and mkmaze.c
``get_level_extends`` ported.

Why this module exists: after a des-file has run, the game may mirror the level top to
bottom and/or left to right.  What really happens in this UnNetHack version:

* ``flip_level_rnd`` always draws ``rn2(2)`` for each allowed axis (vertical first,
  then horizontal) -- so the random stream moves on for every special level --, drops
  the horizontal flip on the Wizard's-tower levels, and then *keeps the result only on
  Sokoban levels* (``if (!In_sokoban(&u.uz)) c = 0``).  Every other level stays as
  written.  :func:`flip_level_rnd` does exactly that by default;
  ``force_everywhere=True`` keeps the drawn flips on any level, which is what the
  documentation ("special levels are flipped") describes.
* ``flip_level`` mirrors only the level's used area (get_level_extends: the
  bounding box of non-stone cells, grown by 2 -- or by 1 on a mazelevel whose border
  columns/rows are all walls), moves rooms, doors, level regions, stairs and entities
  with it, turns drawbridges, and then recomputes every wall's shape with
  ``fix_wall_spines`` (corners and T-walls are *not* mirrored one by one; a wall with
  no wall neighbour keeps its old shape).  ``mirror_wall_types=True`` additionally
  mirrors each wall type first, so free-standing corners flip too (not the game's
  behaviour).

Faithful oddities kept: the FLAGS words are crossed in spo_lev.c (``noflipx`` clears
the vertical-flip bit; see LevelFlags.apply_des_flags); SpLev_Map (``level.touched``)
is not flipped, although solidify_map() reads it afterwards; stairs, engravings, level
regions and rooms are flipped even outside the flip area; a pit's ``conjoined`` bits
are transformed once per axis with the whole mask, so a double flip leaves them as
they were.
"""

from __future__ import annotations

from typing import Optional

from unlev.stdlib import terrain as T
from unlev.model.level import (
    COLNO, ROWNO, DB_DIR, DB_EAST, DB_NORTH, DB_SOUTH, DB_WEST, FLIP_HORIZONTAL,
    FLIP_VERTICAL, Level,
)
from unlev.generate.walls import fix_wall_spines, get_level_extends


# wall types under mirroring (only used with mirror_wall_types=True)
_VMIRROR = {T.TLCORNER: T.BLCORNER, T.BLCORNER: T.TLCORNER, T.TRCORNER: T.BRCORNER,
            T.BRCORNER: T.TRCORNER, T.TUWALL: T.TDWALL, T.TDWALL: T.TUWALL}
_HMIRROR = {T.TLCORNER: T.TRCORNER, T.TRCORNER: T.TLCORNER, T.BLCORNER: T.BRCORNER,
            T.BRCORNER: T.BLCORNER, T.TLWALL: T.TRWALL, T.TRWALL: T.TLWALL}


def flip_area(level: Level) -> tuple[int, int, int, int]:
    """The (minx, miny, maxx, maxy) box flip_level() mirrors."""
    minx, miny, maxx, maxy = get_level_extends(level)
    if miny < 0:
        miny = 0
    if minx < 1:
        minx = 1
    if maxx >= COLNO:
        maxx = COLNO - 1
    if maxy >= ROWNO:
        maxy = ROWNO - 1
    return minx, miny, maxx, maxy


def swapbits(val: int, bita: int, bitb: int) -> int:
    tmp = ((val >> bita) & 1) ^ ((val >> bitb) & 1)
    return val ^ ((tmp << bita) | (tmp << bitb))


def flip_encoded_dir_bits(flp: int, val: int) -> int:
    """sp_lev.c flip_encoded_dir_bits() (xdir/ydir order)."""
    if flp & 1:
        val = swapbits(val, 1, 7)
        val = swapbits(val, 2, 6)
        val = swapbits(val, 3, 5)
    if flp & 2:
        val = swapbits(val, 1, 3)
        val = swapbits(val, 0, 4)
        val = swapbits(val, 7, 5)
    return val


def _flip_db(flg, k: int, typ_k: int, horizontal: bool) -> None:
    if typ_k != T.DRAWBRIDGE_UP and typ_k != T.DRAWBRIDGE_DOWN:
        return
    d = flg[k] & DB_DIR
    if horizontal:
        if d == DB_WEST:
            flg[k] = (flg[k] & ~DB_DIR) | DB_EAST
        elif d == DB_EAST:
            flg[k] = (flg[k] & ~DB_DIR) | DB_WEST
    else:
        if d == DB_NORTH:
            flg[k] = (flg[k] & ~DB_DIR) | DB_SOUTH
        elif d == DB_SOUTH:
            flg[k] = (flg[k] & ~DB_DIR) | DB_NORTH


def _swap_cells(level: Level, pairs, middle, horizontal: bool, mirror) -> None:
    """Exchange the cells of each (a, b) index pair in every map array, turning
    drawbridges round; ``mirror`` (a wall-type table) also mirrors wall shapes, those
    of the ``middle`` line that stays in place included."""
    arrays = (level.typ, level.flg, level.horiz, level.lit, level.roomno, level.edge)
    typ, flg = level.typ, level.flg
    for a, b in pairs:
        _flip_db(flg, a, typ[a], horizontal)
        _flip_db(flg, b, typ[b], horizontal)
        for arr in arrays:
            arr[a], arr[b] = arr[b], arr[a]
        if mirror is not None:
            typ[a] = mirror.get(typ[a], typ[a])
            typ[b] = mirror.get(typ[b], typ[b])
    if mirror is not None:
        for k in middle:
            typ[k] = mirror.get(typ[k], typ[k])


class _Flip:
    """One flip of an area: ``flp`` bit 1 mirrors top/bottom, bit 2 left/right."""

    def __init__(self, flp: int, minx: int, miny: int, maxx: int, maxy: int) -> None:
        self.flp, self.minx, self.miny, self.maxx, self.maxy = flp, minx, miny, maxx, maxy
        self.vert, self.horiz = bool(flp & 1), bool(flp & 2)

    def inside(self, x: int, y: int) -> bool:
        return self.minx <= x <= self.maxx and self.miny <= y <= self.maxy

    def x(self, v: int) -> int:
        return (self.maxx - v) + self.minx

    def y(self, v: int) -> int:
        return (self.maxy - v) + self.miny

    def coord(self, c):
        """A recorded (x, y): flipped inside the area; None and x 0 stay."""
        if c is None:
            return c
        x, y = c
        if x and self.inside(x, y):
            if self.vert:
                y = self.y(y)
            if self.horiz:
                x = self.x(x)
        return (x, y)

    def point(self, thing) -> None:
        """A record with ``x`` and ``y`` attributes, wherever it is."""
        if self.vert:
            thing.y = self.y(thing.y)
        if self.horiz:
            thing.x = self.x(thing.x)

    def box(self, thing, lx: str, ly: str, hx: str, hy: str) -> None:
        """A rectangle's corners, kept ordered low <= high."""
        if self.vert:
            lo, hi = sorted((self.y(getattr(thing, ly)), self.y(getattr(thing, hy))))
            setattr(thing, ly, lo)
            setattr(thing, hy, hi)
        if self.horiz:
            lo, hi = sorted((self.x(getattr(thing, lx)), self.x(getattr(thing, hx))))
            setattr(thing, lx, lo)
            setattr(thing, hx, hi)


def _flip_traps(level: Level, f: _Flip) -> None:
    """Traps in the area, with a rolling boulder's launch spots and a pit's conjoined
    directions."""
    for t in level.traps:
        if not f.inside(t.x, t.y):
            continue
        rolling = t.launch is not None and not t.is_pit
        f.point(t)
        if rolling:
            t.launch = _flip_any(f, t.launch)
            if t.launch2 is not None:
                t.launch2 = _flip_any(f, t.launch2)
        elif t.is_pit and t.conjoined:
            if f.vert:
                t.conjoined = flip_encoded_dir_bits(f.flp, t.conjoined)
            if f.horiz:
                t.conjoined = flip_encoded_dir_bits(f.flp, t.conjoined)


def _flip_any(f: _Flip, c):
    """A coordinate flipped whether or not it lies in the area (launch spots)."""
    x, y = c
    return (f.x(x) if f.horiz else x, f.y(y) if f.vert else y)


def _flip_monsters(level: Level, f: _Flip) -> None:
    """Monsters in the area (not a vault guard parked at x 0) and the spots they
    remember."""
    for m in level.monsters:
        if (m.is_vault_guard and m.x == 0) or not f.inside(m.x, m.y):
            continue
        f.point(m)
        for key, c in list(m.coords.items()):
            m.coords[key] = f.coord(c)


def _flip_records(level: Level, f: _Flip) -> None:
    """Stairs, ladders and engravings (all), objects in the area, level regions, rooms
    with their subrooms, doors, and what the builder recorded (maze walks, declared
    terrain)."""
    for s in level.stairs:
        f.point(s)
    for o in level.objects:
        if f.inside(o.x, o.y):
            f.point(o)
    for e in level.engravings:
        f.point(e)
    for r in level.lregions:
        for area in (r.inarea, r.delarea):
            f.box(area, "x1", "y1", "x2", "y2")
    for rm in level.rooms:
        f.box(rm, "lx", "ly", "hx", "hy")
        for sub in rm.subrooms:
            f.box(sub, "lx", "ly", "hx", "hy")
    level.doors[:] = [f.coord(d) for d in level.doors]
    for walk in level.extras.get("mazewalks", ()):
        walk["start"] = f.coord(walk["start"])
        walk["cells"] = [f.coord(c) for c in walk["cells"]]
    for cell in level.extras.get("extension_terrain", ()):
        cell["x"], cell["y"] = f.coord((cell["x"], cell["y"]))


def _flip_grid(level: Level, f: _Flip, mirror_wall_types: bool) -> None:
    """The map's squares (SpLev_Map is a separate array and is not flipped)."""
    minx, miny, maxx, maxy = f.minx, f.miny, f.maxx, f.maxy
    if f.vert:
        half = miny + (maxy - miny + 1) // 2
        _swap_cells(level, [(x * ROWNO + y, x * ROWNO + f.y(y))
                            for x in range(minx, maxx + 1) for y in range(miny, half)],
                    [x * ROWNO + half for x in range(minx, maxx + 1)]
                    if (maxy - miny + 1) % 2 else [],
                    False, _VMIRROR if mirror_wall_types else None)
    if f.horiz:
        half = minx + (maxx - minx + 1) // 2
        _swap_cells(level, [(x * ROWNO + y, f.x(x) * ROWNO + y)
                            for x in range(minx, half) for y in range(miny, maxy + 1)],
                    [half * ROWNO + y for y in range(miny, maxy + 1)]
                    if (maxx - minx + 1) % 2 else [],
                    True, _HMIRROR if mirror_wall_types else None)


def flip_level(level: Level, flp: int, mirror_wall_types: bool = False,
               area: Optional[tuple] = None) -> Optional[tuple]:
    """sp_lev.c flip_level(flp, FALSE): bit 1 mirrors top/bottom, bit 2 left/right.

    Returns the (minx, miny, maxx, maxy) area used, or None when nothing was done.
    ``area`` overrides the computed flip area (for tests and tools).
    """
    if (flp & 3) == 0:
        return None
    minx, miny, maxx, maxy = area if area is not None else flip_area(level)
    f = _Flip(flp, minx, miny, maxx, maxy)
    _flip_records(level, f)
    _flip_traps(level, f)
    _flip_monsters(level, f)
    _flip_grid(level, f, mirror_wall_types)
    fix_wall_spines(level, 1, 0, COLNO - 1, ROWNO - 1)
    return (minx, miny, maxx, maxy)


def flip_level_rnd(level: Level, rng, allowed_bits: Optional[int] = None,
                   force_everywhere: bool = False, mirror_wall_types: bool = False) -> int:
    """sp_lev.c flip_level_rnd(): draw the flips and apply the ones the game keeps.

    ``allowed_bits`` defaults to ``level.flags.allow_flips`` (3 unless FLAGS said
    otherwise).  One rn2(2) is drawn per allowed axis, vertical (bit 1) first.  On the
    Wizard's-tower levels the horizontal flip is dropped.  Unless ``force_everywhere``,
    the flips are kept only when ``level.context.in_sokoban`` (the game's behaviour).
    Returns the mask actually applied.
    """
    if allowed_bits is None:
        allowed_bits = level.flags.allow_flips
    c = 0
    if (allowed_bits & FLIP_VERTICAL) and rng.rn2(2):
        c |= FLIP_VERTICAL
    if (allowed_bits & FLIP_HORIZONTAL) and rng.rn2(2):
        c |= FLIP_HORIZONTAL
    if level.context.on_wizard_tower_level:
        c &= 1
    if not level.context.in_sokoban and not force_everywhere:
        c = 0
    if c:
        flip_level(level, c, mirror_wall_types=mirror_wall_types)
    return c
