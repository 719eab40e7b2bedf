"""CORRIDOR and RANDOM_CORRIDORS: joining rooms, as sp_lev.c ``create_corridor`` /
``search_door`` and mklev.c ``join`` / ``makecorridors`` / ``finddpos`` / ``dodoor``
do it.

Why a module of its own: corridors are dug between rooms already on the level, with
the game's own order of joins and random draws; nothing else in the loader digs.
"""

from __future__ import annotations

from typing import Tuple

from unlev.lang.diagnostics import DesError
from unlev.stdlib import terrain as T
from unlev.generate import rooms as R
from unlev.model.level import (
    DOORMAX, SHOPBASE,
    Room,
)
from unlev.generate.maze import W_NORTH, W_SOUTH, W_EAST, W_WEST
from unlev.populate.make import (
    add_object, object_kind,
)

from unlev.generate.state import BuildState
from unlev.populate.mksobj import next_ident




# -- corridors ------------------------------------------------------------------------
def do_corridor(st: BuildState, src, dst):
    """create_corridor(): from the src room's door to the dst room's door.  A source
    room of -1 means random corridors of style src-door; an integer destination
    (lev_comp's "nxcor" form) only looks for the source door and digs nothing."""
    if src[0] == -1:
        makecorridors(st, src[2])
        return
    if isinstance(dst, int):
        return
    create_corridor(st, src, dst)


def do_random_corridors(st: BuildState, style=None):
    makecorridors(st, 0 if style is None else style)


def search_door(st: BuildState, croom: Room, wall: int, cnt: int):
    if st.compat.build.corridor_walls_swapped and wall in (W_NORTH, W_SOUTH):
        wall = W_SOUTH if wall == W_NORTH else W_NORTH
    if wall == W_NORTH:
        dx, dy, xx, yy = 1, 0, croom.lx, croom.ly - 1
    elif wall == W_SOUTH:
        dx, dy, xx, yy = 1, 0, croom.lx, croom.hy + 1
    elif wall == W_EAST:
        dx, dy, xx, yy = 0, 1, croom.hx + 1, croom.ly
    elif wall == W_WEST:
        dx, dy, xx, yy = 0, 1, croom.lx - 1, croom.ly
    else:
        raise DesError("search_door: Bad wall!", None)
    found = None
    while xx <= croom.hx + 1 and yy <= croom.hy + 1:
        if st.typ(xx, yy) in (T.DOOR, T.SDOOR):
            found = (xx, yy)
            if cnt <= 0:
                return found
            cnt -= 1
        xx += dx
        yy += dy
    return None


def create_corridor(st: BuildState, src, dst) -> None:
    rooms = st.level.rooms
    sroom, swall, sdoor = src
    droom, dwall, ddoor = dst
    if not (0 <= sroom < len(rooms)):
        return
    org = search_door(st, rooms[sroom], swall, sdoor)
    if org is None or droom == -1 or not (0 <= droom < len(rooms)):
        return
    dest = search_door(st, rooms[droom], dwall, ddoor)
    if dest is None:
        return
    step = {W_NORTH: (0, -1), W_SOUTH: (0, 1), W_WEST: (-1, 0), W_EAST: (1, 0)}
    ox, oy = step.get(swall, (0, 0))
    tx, ty = step.get(dwall, (0, 0))
    R.dig_corridor(st.level, st.rng, (org[0] + ox, org[1] + oy),
                   (dest[0] + tx, dest[1] + ty), False, T.CORR, T.STONE)


def finddpos(st: BuildState, xl: int, yl: int, xh: int, yh: int) -> Tuple[int, int]:
    rng = st.rng
    x = xl if xl == xh else xl + rng.rn2(xh - xl + 1)
    y = yl if yl == yh else yl + rng.rn2(yh - yl + 1)
    if st.okdoor(x, y):
        return x, y
    for x in range(xl, xh + 1):
        for y in range(yl, yh + 1):
            if st.okdoor(x, y):
                return x, y
    for x in range(xl, xh + 1):
        for y in range(yl, yh + 1):
            if st.typ(x, y) in (T.DOOR, T.SDOOR):
                return x, y
    return xl, yh


def dodoor(st: BuildState, x: int, y: int, room: Room) -> None:
    from unlev.generate.mapgen.rogue import dosdoor
    if len(st.level.doors) >= DOORMAX:
        st.warn("DOORMAX exceeded?")
        return
    from unlev.populate.makemon import door_mimic
    dosdoor(st.level, st.rng, x, y, room, T.DOOR, mimic_hook=door_mimic(st),
            shdoor=st.in_rooms(x, y, SHOPBASE) is not None)


def join(st: BuildState, a: int, b: int, nxcor: bool) -> None:
    """mklev.c join(): doors on facing walls of two rooms and a corridor between."""
    lev = st.level
    croom, troom = lev.rooms[a], lev.rooms[b]
    if not croom.needjoining or not troom.needjoining:
        return
    if troom.hx < 0 or croom.hx < 0 or len(lev.doors) >= DOORMAX:
        return
    if troom.lx > croom.hx:
        dx, dy = 1, 0
        xx, tx = croom.hx + 1, troom.lx - 1
        cc = finddpos(st, xx, croom.ly, xx, croom.hy)
        tt = finddpos(st, tx, troom.ly, tx, troom.hy)
    elif troom.hy < croom.ly:
        dx, dy = 0, -1
        yy, ty = croom.ly - 1, troom.hy + 1
        cc = finddpos(st, croom.lx, yy, croom.hx, yy)
        tt = finddpos(st, troom.lx, ty, troom.hx, ty)
    elif troom.hx < croom.lx:
        dx, dy = -1, 0
        xx, tx = croom.lx - 1, troom.hx + 1
        cc = finddpos(st, xx, croom.ly, xx, croom.hy)
        tt = finddpos(st, tx, troom.ly, tx, troom.hy)
    else:
        dx, dy = 0, 1
        yy, ty = croom.hy + 1, troom.ly - 1
        cc = finddpos(st, croom.lx, yy, croom.hx, yy)
        tt = finddpos(st, troom.lx, ty, troom.hx, ty)
    xx, yy = cc
    tx, ty = tt[0] - dx, tt[1] - dy
    if nxcor and st.typ(xx + dx, yy + dy):
        return
    if st.okdoor(xx, yy) or not nxcor:
        dodoor(st, xx, yy, croom)
    ftyp = T.ROOM if lev.flags.arboreal else T.CORR

    def boulder(bx, by):
        next_ident(st.rng)                 # mksobj_at(BOULDER, .., TRUE, FALSE)'s id
        add_object(lev, bx, by, object_kind("boulder"), "corridor")

    if not R.dig_corridor(lev, st.rng, (xx + dx, yy + dy), (tx, ty), nxcor, ftyp,
                          T.STONE, boulder):
        return
    if st.okdoor(tt[0], tt[1]) or not nxcor:
        dodoor(st, tt[0], tt[1], troom)
    smeq = st.smeq
    while len(smeq) < len(lev.rooms):
        smeq.append(len(smeq))
    if smeq[a] < smeq[b]:
        smeq[b] = smeq[a]
    else:
        smeq[a] = smeq[b]


def makecorridors(st: BuildState, style: int) -> None:
    """mklev.c makecorridors(): RANDOM_CORRIDORS in one of four styles (UnNetHack's
    three extra styles, 1-3, and the classic one, 0)."""
    rng = st.rng
    nroom = len(st.level.rooms)
    smeq = st.smeq
    while len(smeq) < nroom:
        smeq.append(len(smeq))
    if style == -1:
        style = rng.rn2(4)
    if style in (1, 2, 3):
        if nroom > 1:
            _CORRIDOR_STYLES[style](st, nroom)
    else:
        _classic_corridors(st, nroom)


def _random_partner_corridors(st: BuildState, nroom: int) -> None:
    """Style 1: each room joined to a random room that has no door yet and wants
    joining (100 tries, then the first doorless room)."""
    rng, rooms = st.rng, st.level.rooms
    cnt = 0
    for a in range(nroom):
        while True:
            b = rng.rn2(nroom - 1)
            cont = (a == b or rooms[b].doorct or not rooms[b].needjoining)
            cnt += 1
            if not (cont and cnt - 1 < 100):
                break
        if cnt >= 100:
            for b in range(nroom - 1):
                if not rooms[b].doorct and a != b:
                    break
            else:
                b = nroom - 1
        if a == b:
            b += 1
        join(st, a, b, False)


def _next_room_corridors(st: BuildState, nroom: int) -> None:
    """Style 2: each room that wants joining joined to the next one that does."""
    rooms = st.level.rooms
    for a in range(nroom):
        if rooms[a].needjoining:
            cnt = 0
            b = a
            while True:
                b = (b + 1) % nroom
                cnt += 1
                if not (not rooms[b].needjoining and cnt < nroom):
                    break
            join(st, a, b, False)


def _hub_corridors(st: BuildState, nroom: int) -> None:
    """Style 3: every room joined to the first room that wants joining."""
    rooms = st.level.rooms
    b = 0
    while b < nroom and not rooms[b].needjoining:
        b += 1
    if b < nroom:
        for a in range(nroom):
            if a != b:
                join(st, a, b, False)


def _classic_corridors(st: BuildState, nroom: int) -> None:
    """Style 0, the game's classic: neighbours joined (stopping 1 in 50), then rooms two
    apart not yet connected, then any still apart, then 4 or more dead-end (nxcor)
    corridors."""
    rng, smeq = st.rng, st.smeq
    for a in range(nroom - 1):
        join(st, a, a + 1, False)
        if not rng.rn2(50):
            break
    for a in range(nroom - 2):
        if smeq[a] != smeq[a + 2]:
            join(st, a, a + 2, False)
    anyj = True
    a = 0
    while anyj and a < nroom:
        anyj = False
        for b in range(nroom):
            if smeq[a] != smeq[b]:
                join(st, a, b, False)
                anyj = True
        a += 1
    if nroom > 2:
        i = rng.rn2(nroom) + 4
        while i:
            a = rng.rn2(nroom)
            b = rng.rn2(nroom - 2)
            if b >= a:
                b += 2
            join(st, a, b, True)
            i -= 1


_CORRIDOR_STYLES = {1: _random_partner_corridors, 2: _next_room_corridors,
                    3: _hub_corridors}
