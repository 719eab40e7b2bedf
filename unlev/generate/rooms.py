"""Rooms, doors and corridors on a :class:`~unlev.model.level.Level`.

Why this module exists: rooms are made the same way by des-file ROOM/REGION
statements, by the mines generator (irregular regions it joins) and by the rogue-level
generator, using mklev.c/mkroom.c/mkmap.c/sp_lev.c helpers: ``add_room``,
``add_subroom``, ``topologize``, ``flood_fill_rm``, ``add_door``,
``remove_rooms``, ``light_region``, ``link_doors_rooms`` and ``dig_corridor``.
They are ported here once so the builder and the generators share them, and so that
room numbers, door indexes and random draws come out as in the game.

Room arrays: ``level.rooms`` is ``rooms[0..nroom-1]`` and ``level.subrooms`` is
``subrooms[0..nsubroom-1]``; a room's roomno is ``index + ROOMOFFSET`` (subrooms:
``MAXNROFROOMS + 1 + index + ROOMOFFSET``), stored masked to the game's 6 bits.
"""

from __future__ import annotations

from typing import Callable, Optional, Tuple

from unlev.stdlib import terrain as T
from unlev.model.level import (
    COLNO, ROWNO, DOORMAX, NO_ROOM, SHARED, ROOMOFFSET, ROOMNO_MASK,
    OROOM, Level, Room, isok,
)
from unlev.generate.walls import wallification
from unlev.model.spots import inside_room

WIDTH = COLNO - 2     # mkmap.c
HEIGHT = ROWNO - 1


# --------------------------------------------------------------------------------
def do_room_or_subroom(level: Level, croom: Room, lowx: int, lowy: int, hix: int,
                       hiy: int, lit: bool, rtype: int, special: bool,
                       is_room: bool) -> None:
    """mklev.c do_room_or_subroom(): set the room's bounds; light it (walls too);
    unless ``special``, draw its walls and floor and wallify them."""
    if not lowx:
        lowx += 1
    if not lowy:
        lowy += 1
    if hix >= COLNO - 1:
        hix = COLNO - 2
    if hiy >= ROWNO - 1:
        hiy = ROWNO - 2
    typ = level.typ
    if lit:
        litarr = level.lit
        for x in range(lowx - 1, hix + 2):
            for y in range(lowy - 1, hiy + 2):
                litarr[x * ROWNO + y] = 1
        croom.rlit = 1
    else:
        croom.rlit = 0
    croom.lx, croom.hx, croom.ly, croom.hy = lowx, hix, lowy, hiy
    croom.rtype = rtype
    croom.doorct = 0
    croom.fdoor = len(level.doors)
    croom.irregular = False
    croom.subrooms = []
    if not special:
        horiz = level.horiz
        for x in range(lowx - 1, hix + 2):
            for y in (lowy - 1, hiy + 1):
                typ[x * ROWNO + y] = T.HWALL
                horiz[x * ROWNO + y] = 1
        for x in (lowx - 1, hix + 1):
            for y in range(lowy, hiy + 1):
                typ[x * ROWNO + y] = T.VWALL
                horiz[x * ROWNO + y] = 0
        for x in range(lowx, hix + 1):
            for y in range(lowy, hiy + 1):
                typ[x * ROWNO + y] = T.ROOM
        if is_room:
            typ[(lowx - 1) * ROWNO + lowy - 1] = T.TLCORNER
            typ[(hix + 1) * ROWNO + lowy - 1] = T.TRCORNER
            typ[(lowx - 1) * ROWNO + hiy + 1] = T.BLCORNER
            typ[(hix + 1) * ROWNO + hiy + 1] = T.BRCORNER
            wallification(level, lowx - 1, lowy - 1, hix + 1, hiy + 1)
        else:
            wallification(level, lowx, lowy, hix, hiy)   # sic: the C's "this is bugs"


def add_room(level: Level, lowx: int, lowy: int, hix: int, hiy: int, lit: bool,
             rtype: int = OROOM, special: bool = False) -> Room:
    """mklev.c add_room(): append a room to ``level.rooms``."""
    croom = Room(lowx, lowy, hix, hiy)
    do_room_or_subroom(level, croom, lowx, lowy, hix, hiy, lit, rtype, special, True)
    level.rooms.append(croom)
    return croom


def add_subroom(level: Level, proom: Room, lowx: int, lowy: int, hix: int, hiy: int,
                lit: bool, rtype: int = OROOM, special: bool = False) -> Room:
    """mklev.c add_subroom(): append to ``level.subrooms`` and to the parent's list."""
    croom = Room(lowx, lowy, hix, hiy, is_subroom=True, parent=proom)
    do_room_or_subroom(level, croom, lowx, lowy, hix, hiy, lit, rtype, special, False)
    croom.is_subroom = True
    croom.parent = proom
    level.subrooms.append(croom)
    proom.subrooms.append(croom)
    return croom


def topologize(level: Level, croom: Room, do_ordinary: bool = True) -> None:
    """mklev.c topologize() (built without SPECIALIZATION, so every room): set roomno
    on the floor and edge/roomno (or SHARED) on the wall ring, then the subrooms."""
    roomno = level.room_roomno(croom) & ROOMNO_MASK
    lowx, lowy, hix, hiy = croom.lx, croom.ly, croom.hx, croom.hy
    rn = level.roomno
    edge = level.edge
    if rn[lowx * ROWNO + lowy] == roomno or croom.irregular:
        return
    for x in range(lowx, hix + 1):
        for y in range(lowy, hiy + 1):
            rn[x * ROWNO + y] = roomno
    for x in range(lowx - 1, hix + 2):
        for y in (lowy - 1, hiy + 1):
            i = x * ROWNO + y
            edge[i] = 1
            rn[i] = SHARED if rn[i] else roomno
    for x in (lowx - 1, hix + 1):
        for y in range(lowy, hiy + 1):
            i = x * ROWNO + y
            edge[i] = 1
            rn[i] = SHARED if rn[i] else roomno
    for sub in list(croom.subrooms):
        topologize(level, sub, do_ordinary)


# --------------------------------------------------------------------------------
class FloodResult:
    """What flood_fill_rm() leaves in mkmap.c's globals."""

    __slots__ = ("min_rx", "max_rx", "min_ry", "max_ry", "n_loc_filled")

    def __init__(self, x: int, y: int) -> None:
        self.min_rx = self.max_rx = x
        self.min_ry = self.max_ry = y
        self.n_loc_filled = 0


def flood_fill_rm(level: Level, sx: int, sy: int, rmno: int, lit: bool, anyroom: bool,
                  result: Optional[FloodResult] = None) -> FloodResult:
    """mkmap.c flood_fill_rm(): give ``rmno`` (and ``lit``) to the 8-connected region
    of cells like (sx, sy) -- the same terrain type, or with ``anyroom`` any floor or
    tree cell, whose surrounding walls/doors then get ``edge`` and the room number (or
    SHARED when already another room's).  Row runs are filled at most to x = WIDTH (78),
    as in the C.  Draws no random numbers.

    ``result`` carries the bounding box (min_rx...) and the filled-cell count; pass
    one in to accumulate, as join_map/spo_region initialise them before the call.
    The C recursion is run with an explicit stack; the filled set, bounds and count
    do not depend on the order.
    """
    if result is None:
        result = FloodResult(sx, sy)
    typ = level.typ
    rn = level.roomno
    litarr = level.lit
    rmask = rmno & ROOMNO_MASK     # the game's 6-bit field
    fg_typ = typ[sx * ROWNO + sy]
    litv = 1 if lit else 0

    def check(x: int, y: int) -> bool:
        if not (1 <= x <= COLNO - 1 and 0 <= y <= ROWNO - 1):
            return False
        t = typ[x * ROWNO + y]
        if anyroom:
            return t >= T.ROOM or t == T.TREE or t == T.DEADTREE
        return t == fg_typ

    stack = [(sx, sy)]
    first = True
    while stack:
        sx, sy = stack.pop()
        if not first and rn[sx * ROWNO + sy] == rmask:
            continue     # already reached through another run since it was queued
        first = False
        while sx > 0 and check(sx, sy) and rn[sx * ROWNO + sy] != rmask:
            sx -= 1
        sx += 1
        if sx < result.min_rx:
            result.min_rx = sx
        if sy < result.min_ry:
            result.min_ry = sy
        i = sx
        while i <= WIDTH and check(i, sy):
            ci = i * ROWNO + sy
            rn[ci] = rmask
            litarr[ci] = litv
            if anyroom:
                _edge_walls(level, i - 1 if i == sx else i, i + 1, sy, rmask, lit)
            result.n_loc_filled += 1
            i += 1
        nx = i
        stack.extend(reversed(_runs_beside(check, rn, sx, nx, sy, rmask)))
        if nx > result.max_rx:
            result.max_rx = nx - 1
        if sy > result.max_ry:
            result.max_ry = sy
    return result


def _edge_walls(level: Level, x1: int, x2: int, sy: int, rmask: int, lit: bool) -> None:
    """flood_fill_rm() with ``anyroom``: the walls and doors in columns x1..x2 of rows
    sy-1..sy+1 become the room's edge (lit with it), its own or SHARED when another
    room has them already."""
    typ, rn, litarr, edge = level.typ, level.roomno, level.lit, level.edge
    for ii in range(x1, x2 + 1):
        for jj in (sy - 1, sy, sy + 1):
            if isok(ii, jj):
                k = ii * ROWNO + jj
                t = typ[k]
                if (0 < t <= T.DBWALL) or t == T.DOOR or t == T.SDOOR:
                    edge[k] = 1
                    if lit:
                        litarr[k] = 1
                    if rn[k] == NO_ROOM:
                        rn[k] = rmask
                    elif rn[k] != rmask:
                        rn[k] = SHARED


def _runs_beside(check, rn, sx: int, nx: int, sy: int, rmask: int) -> list:
    """flood_fill_rm()'s recursion, in the C's order: the squares of the rows above
    and below the run sx..nx-1 (and the ones diagonally past a gap) still to fill."""
    pending = []
    for ny in (sy - 1, sy + 1):
        if not isok(sx, ny):
            continue
        for i in range(sx, nx):
            if check(i, ny):
                if rn[i * ROWNO + ny] != rmask:
                    pending.append((i, ny))
            else:
                if (i > sx or isok(i - 1, ny)) and check(i - 1, ny):
                    if rn[(i - 1) * ROWNO + ny] != rmask:
                        pending.append((i - 1, ny))
                if (i < nx - 1 or isok(i + 1, ny)) and check(i + 1, ny):
                    if rn[(i + 1) * ROWNO + ny] != rmask:
                        pending.append((i + 1, ny))
    return pending


# --------------------------------------------------------------------------------
def _room_array(level: Level, room: Room) -> list:
    return level.subrooms if room.is_subroom else level.rooms


def add_door(level: Level, x: int, y: int, aroom: Room) -> None:
    """mklev.c add_door(): record a door of ``aroom`` in the shared ``level.doors``
    array, inserting it before the next room's doors (rooms and subrooms are separate
    arrays: only the following entries of the same array are shifted)."""
    arr = _room_array(level, aroom)
    k = arr.index(aroom)
    aroom.doorct += 1
    following = arr[k + 1:]
    doors = level.doors
    if not following:
        pos = len(doors)
    else:
        pos = max(following[0].fdoor, 0)
        pos = min(pos, len(doors))
    doors.insert(pos, (x, y))
    for r in following:
        r.fdoor += 1


def room_doors(level: Level, room: Room) -> list:
    return level.doors[room.fdoor:room.fdoor + room.doorct]


def remove_room(level: Level, roomindex: int) -> None:
    """mkmap.c remove_room(): the last room replaces the removed one and its cells'
    roomno are renumbered (within its bounds)."""
    rooms = level.rooms
    last = len(rooms) - 1
    if roomindex != last:
        maxroom = rooms[last]
        oroomno = (last + ROOMOFFSET) & ROOMNO_MASK
        nroomno = (roomindex + ROOMOFFSET) & ROOMNO_MASK
        rn = level.roomno
        for i in range(maxroom.lx, maxroom.hx + 1):
            for j in range(maxroom.ly, maxroom.hy + 1):
                if rn[i * ROWNO + j] == oroomno:
                    rn[i * ROWNO + j] = nroomno
        rooms[roomindex] = maxroom
    rooms.pop()


def remove_rooms(level: Level, lx: int, ly: int, hx: int, hy: int) -> list:
    """mkmap.c remove_rooms(): drop rooms lying wholly in [lx,hx) x [ly,hy) (called when
    a MAP overlays a joined INIT_MAP).  Returns the messages the C would print as
    impossible() for partly covered regular rooms."""
    notes = []
    for i in range(len(level.rooms) - 1, -1, -1):
        croom = level.rooms[i]
        if croom.hx < lx or croom.lx >= hx or croom.hy < ly or croom.ly >= hy:
            continue
        if croom.lx < lx or croom.hx >= hx or croom.ly < ly or croom.hy >= hy:
            if not croom.irregular:
                notes.append("regular room in joined map")
        else:
            remove_room(level, i)
    return notes


def light_region(level: Level, x1: int, y1: int, x2: int, y2: int, rlit: bool) -> None:
    """spo_lev.c light_region(): set lit over a box (grown by one, clipped, when
    lighting); lava keeps its light."""
    lowx, lowy, hix, hiy = x1, y1, x2, y2
    litstate = 1 if rlit else 0
    if litstate:
        lowx = max(lowx - 1, 1)
        hix = min(hix + 1, COLNO - 1)
        lowy = max(lowy - 1, 0)
        hiy = min(hiy + 1, ROWNO - 1)
    typ = level.typ
    litarr = level.lit
    for x in range(lowx, hix + 1):
        for y in range(lowy, hiy + 1):
            i = x * ROWNO + y
            if 0 <= i < len(typ) and typ[i] != T.LAVAPOOL:
                litarr[i] = litstate


# --------------------------------------------------------------------------------
def _wdoor(t: int) -> bool:
    return (0 < t <= T.DBWALL) or t == T.DOOR or t == T.SDOOR


def set_door_orientation(level: Level, x: int, y: int) -> None:
    """spo_lev.c set_door_orientation(): a (secret) door is horizontal when a wall or
    door is left/right of it and not both above and below; with no wall/door around,
    rock (or the map edge) decides."""
    typ = level.typ

    def at(xx, yy):
        return typ[xx * ROWNO + yy]

    wleft = isok(x - 1, y) and _wdoor(at(x - 1, y))
    wright = isok(x + 1, y) and _wdoor(at(x + 1, y))
    wup = isok(x, y - 1) and _wdoor(at(x, y - 1))
    wdown = isok(x, y + 1) and _wdoor(at(x, y + 1))
    if not (wleft or wright or wup or wdown):
        wleft = (not isok(x - 1, y)) or T.is_door_join(at(x - 1, y))
        wright = (not isok(x + 1, y)) or T.is_door_join(at(x + 1, y))
        wup = (not isok(x, y - 1)) or T.is_door_join(at(x, y - 1))
        wdown = (not isok(x, y + 1)) or T.is_door_join(at(x, y + 1))
    level.horiz[x * ROWNO + y] = 1 if ((wleft or wright) and not (wup and wdown)) else 0


def maybe_add_door(level: Level, x: int, y: int, droom: Room) -> None:
    if droom.hx >= 0 and len(level.doors) < DOORMAX and inside_room(droom, x, y):
        if (x, y) in level.doors[droom.fdoor:droom.fdoor + droom.doorct]:
            return
        add_door(level, x, y, droom)


def link_doors_rooms(level: Level) -> None:
    """spo_lev.c link_doors_rooms(): orient every door/secret door and register it
    with each room (and subroom) whose wall ring contains it.  Rows outer, as in C."""
    typ = level.typ
    for y in range(ROWNO):
        for x in range(COLNO):
            t = typ[x * ROWNO + y]
            if t == T.DOOR or t == T.SDOOR:
                set_door_orientation(level, x, y)
                for r in list(level.rooms):
                    maybe_add_door(level, x, y, r)
                    for s in list(r.subrooms):
                        maybe_add_door(level, x, y, s)


# --------------------------------------------------------------------------------
def dig_corridor(level: Level, rng, org: tuple, dest: tuple, nxcor: bool, ftyp: int,
                 btyp: int, boulder: Optional[Callable[[int, int], None]] = None) -> bool:
    """sp_lev.c dig_corridor(): dig from ``org`` to ``dest`` through ``btyp`` with
    ``ftyp``.  ``nxcor`` corridors may stop early (rn2(35)) or get a boulder
    (rn2(50); ``boulder(x, y)`` is called to place it).  A CORR corridor has a 1/100
    chance per cell to be ... CORR anyway (the game's former secret corridor)."""
    xx, yy = org
    tx, ty = dest
    if not (_digging_ends_ok(xx, yy) and _digging_ends_ok(tx, ty)):
        return False
    dx = dy = 0
    if tx > xx:
        dx = 1
    elif ty > yy:
        dy = 1
    elif tx < xx:
        dx = -1
    else:
        dy = -1
    typ = level.typ
    xx -= dx
    yy -= dy
    cct = 0
    while xx != tx or yy != ty:
        if cct > 500 or (nxcor and not rng.rn2(35)):
            return False
        cct += 1
        xx += dx
        yy += dy
        if xx >= COLNO - 1 or xx <= 0 or yy <= 0 or yy >= ROWNO - 1:
            return False
        if not _dig_cell(typ, rng, xx, yy, nxcor, ftyp, btyp, boulder):
            return False
        dx, dy = _corridor_turn(typ, rng, xx, yy, tx, ty, dx, dy, (btyp, ftyp, T.SCORR))
    return True


def _digging_ends_ok(x: int, y: int) -> bool:
    """dig_corridor()'s test of its two ends: inside the map, off its first row and
    column."""
    return 0 < x <= COLNO - 1 and 0 < y <= ROWNO - 1


def _dig_cell(typ, rng, xx: int, yy: int, nxcor: bool, ftyp: int, btyp: int,
              boulder: Optional[Callable[[int, int], None]]) -> bool:
    """dig_corridor() on one square: dig ``btyp`` to ``ftyp`` (an nxcor corridor's
    boulder 1 in 50; a CORR is drawn rn2(100) as the game's former secret corridor);
    False where the square is neither diggable nor already dug."""
    k = xx * ROWNO + yy
    t = typ[k]
    if t == btyp:
        if ftyp != T.CORR or rng.rn2(100):
            typ[k] = ftyp
            if nxcor and not rng.rn2(50) and boulder is not None:
                boulder(xx, yy)
        else:
            typ[k] = T.CORR
        return True
    return t == ftyp or t == T.SCORR


def _corridor_turn(typ, rng, xx: int, yy: int, tx: int, ty: int, dx: int, dy: int,
                   passable: tuple) -> Tuple[int, int]:
    """dig_corridor()'s next direction from (xx, yy) towards (tx, ty): sometimes
    toward the target across the way, else on if it can, else turn, else back."""
    dix = abs(xx - tx)
    diy = abs(yy - ty)
    if dix > diy and diy and not rng.rn2(dix - diy + 1):
        dix = 0
    elif diy > dix and dix and not rng.rn2(diy - dix + 1):
        diy = 0
    if dy and dix > diy:
        ddx = -1 if xx > tx else 1
        if typ[(xx + ddx) * ROWNO + yy] in passable:
            return ddx, 0
    elif dx and diy > dix:
        ddy = -1 if yy > ty else 1
        if typ[xx * ROWNO + yy + ddy] in passable:
            return 0, ddy
    if typ[(xx + dx) * ROWNO + yy + dy] in passable:
        return dx, dy
    if dx:
        dx, dy = 0, (-1 if ty < yy else 1)
    else:
        dx, dy = (-1 if tx < xx else 1), 0
    if typ[(xx + dx) * ROWNO + yy + dy] in passable:
        return dx, dy
    return -dx, -dy
