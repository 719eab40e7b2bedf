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


def flip_level(level: Level, flp: int, mirror_wall_types: bool = False,
               area: Optional[tuple] = None) -> Optional[tuple]:
    """sp_lev.c flip_level(flp, FALSE): bit 1 mirrors top/bottom, bit 2 left/right.

    Returns the (minx, miny, maxx, maxy) area used, or None when nothing was done.
    ``area`` overrides the computed flip area (for tests and tools).
    """
    if (flp & 3) == 0:
        return None
    minx, miny, maxx, maxy = area if area is not None else flip_area(level)

    def in_area(x, y):
        return minx <= x <= maxx and miny <= y <= maxy

    def fx(v):
        return (maxx - v) + minx

    def fy(v):
        return (maxy - v) + miny

    def flip_coord(c):
        if c is None:
            return c
        x, y = c
        if x and in_area(x, y):
            if flp & 1:
                y = fy(y)
            if flp & 2:
                x = fx(x)
        return (x, y)

    # stairs and ladders: all of them
    for s in level.stairs:
        if flp & 1:
            s.y = fy(s.y)
        if flp & 2:
            s.x = fx(s.x)

    # traps
    for t in level.traps:
        if not in_area(t.x, t.y):
            continue
        rolling = t.launch is not None and not t.is_pit
        if flp & 1:
            t.y = fy(t.y)
            if rolling:
                t.launch = (t.launch[0], fy(t.launch[1]))
                if t.launch2 is not None:
                    t.launch2 = (t.launch2[0], fy(t.launch2[1]))
            elif t.is_pit and t.conjoined:
                t.conjoined = flip_encoded_dir_bits(flp, t.conjoined)
        if flp & 2:
            t.x = fx(t.x)
            if rolling:
                t.launch = (fx(t.launch[0]), t.launch[1])
                if t.launch2 is not None:
                    t.launch2 = (fx(t.launch2[0]), t.launch2[1])
            elif t.is_pit and t.conjoined:
                t.conjoined = flip_encoded_dir_bits(flp, t.conjoined)

    # objects (floor and buried)
    for o in level.objects:
        if not in_area(o.x, o.y):
            continue
        if flp & 1:
            o.y = fy(o.y)
        if flp & 2:
            o.x = fx(o.x)

    # monsters
    for m in level.monsters:
        if m.is_vault_guard and m.x == 0:
            continue
        if not in_area(m.x, m.y):
            continue
        if flp & 1:
            m.y = fy(m.y)
        if flp & 2:
            m.x = fx(m.x)
        for key, c in list(m.coords.items()):
            m.coords[key] = flip_coord(c)

    # engravings: all
    for e in level.engravings:
        if flp & 1:
            e.y = fy(e.y)
        if flp & 2:
            e.x = fx(e.x)

    # level regions: all, keeping x1 <= x2, y1 <= y2
    for r in level.lregions:
        for a in (r.inarea, r.delarea):
            if flp & 1:
                a.y1, a.y2 = fy(a.y1), fy(a.y2)
                if a.y1 > a.y2:
                    a.y1, a.y2 = a.y2, a.y1
            if flp & 2:
                a.x1, a.x2 = fx(a.x1), fx(a.x2)
                if a.x1 > a.x2:
                    a.x1, a.x2 = a.x2, a.x1

    # rooms and their subrooms
    def flip_room(rm):
        if flp & 1:
            rm.ly, rm.hy = fy(rm.ly), fy(rm.hy)
            if rm.ly > rm.hy:
                rm.ly, rm.hy = rm.hy, rm.ly
        if flp & 2:
            rm.lx, rm.hx = fx(rm.lx), fx(rm.hx)
            if rm.lx > rm.hx:
                rm.lx, rm.hx = rm.hx, rm.lx

    for rm in level.rooms:
        flip_room(rm)
        for sub in rm.subrooms:
            flip_room(sub)

    # doors
    level.doors[:] = [flip_coord(d) for d in level.doors]

    # what each MAZEWALK carved (recorded by the builder for the maze check)
    for walk in level.extras.get("mazewalks", ()):
        walk["start"] = flip_coord(walk["start"])
        walk["cells"] = [flip_coord(c) for c in walk["cells"]]

    # squares drawn as a profile's declared terrain (unlev.generate.extensions)
    for cell in level.extras.get("extension_terrain", ()):
        cell["x"], cell["y"] = flip_coord((cell["x"], cell["y"]))

    # the map (SpLev_Map is a separate array and is not flipped)
    if flp & 1:
        half = miny + (maxy - miny + 1) // 2
        _swap_cells(level, [(x * ROWNO + y, x * ROWNO + fy(y))
                            for x in range(minx, maxx + 1) for y in range(miny, half)],
                    [x * ROWNO + half for x in range(minx, maxx + 1)]
                    if (maxy - miny + 1) % 2 else [],
                    False, _VMIRROR if mirror_wall_types else None)
    if flp & 2:
        half = minx + (maxx - minx + 1) // 2
        _swap_cells(level, [(x * ROWNO + y, fx(x) * ROWNO + y)
                            for x in range(minx, half) for y in range(miny, maxy + 1)],
                    [half * ROWNO + y for y in range(miny, maxy + 1)]
                    if (maxx - minx + 1) % 2 else [],
                    True, _HMIRROR if mirror_wall_types else None)

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
