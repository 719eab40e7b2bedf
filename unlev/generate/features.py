"""DOOR, ROOMDOOR, DRAWBRIDGE, FOUNTAIN/SINK/POOL, STAIR, LADDER, ALTAR, GRAVE and
ENGRAVING: the dungeon features a des-file puts on single squares.

Why a module of its own: each resolves its coordinate through
:mod:`~unlev.generate.locations` and then does what one of the loader's ``create_*``
functions does: spo_lev.c ``spo_door``, sp_lev.c ``create_door`` / ``dodoor``,
``create_drawbridge``, ``mkstairs``, ``create_altar``, ``make_grave``,
``make_engr_at``.
"""

from __future__ import annotations


from unlev.lang.values import Align, Coord
from unlev.stdlib import terrain as T
from unlev.generate import rooms as R
from unlev.model.level import (
    COLNO, ROWNO, D_NODOOR, D_ISOPEN, D_CLOSED, D_LOCKED, D_TRAPPED, D_SECRET,
    W_NONDIGGABLE, DB_NORTH, DB_SOUTH, DB_EAST, DB_WEST, DB_LAVA, LA_UP, LA_DOWN, TEMPLE, Engraving, Room,
    Stairway, isok,
)
from unlev.model.constants import DRY, WET, HOT, STAIRS_LOC
from unlev.generate.maze import W_NORTH, W_SOUTH, W_EAST, W_WEST
from unlev.populate.temples import priestini

from unlev.generate.state import BuildState
from unlev.generate.alignment import AM_SANCTUM, AM_SHRINE, amask2align, amask_of, sp_amask_to_amask
from unlev.populate.roomfill import make_grave
from unlev.generate import locations
from unlev.generate import room_statements




def wdir_to_db(d: int) -> int:
    return {W_NORTH: DB_NORTH, W_SOUTH: DB_SOUTH, W_EAST: DB_EAST, W_WEST: DB_WEST}.get(d, d)


# -- doors ---------------------------------------------------------------------------
def do_door(st: BuildState, state: int, selection):
    lev = st.level
    if state == -1:
        state = (1 << st.rng.rn2(5)) >> 1      # rnddoor()
    for x, y in selection:
        i = x * ROWNO + y
        mask = state
        if lev.typ[i] not in (T.DOOR, T.SDOOR):
            lev.typ[i] = T.SDOOR if mask & D_SECRET else T.DOOR
        if mask & D_SECRET:
            mask &= ~D_SECRET
            if mask < D_CLOSED:
                mask = D_CLOSED
        R.set_door_orientation(lev, x, y)
        lev.set_doormask(x, y, mask)
        lev.touched[i] = 1


def do_roomdoor(st: BuildState, secret: int, state: int, walls: int, pos: int, span=None):
    broom = st.croom
    if broom is None:
        return
    create_door(st, broom, secret, state, walls, pos)


def create_door(st: BuildState, broom: Room, secret: int, mask: int, wall: int, dpos: int) -> None:
    """spo_lev.c create_door(): a door on one of the room's walls."""
    rng, lev = st.rng, st.level
    if secret == -1:
        secret = rng.rn2(2)
    if mask == -1:
        if not secret:
            if not rng.rn2(3):
                if not rng.rn2(5):
                    mask = D_ISOPEN
                elif not rng.rn2(6):
                    mask = D_LOCKED
                else:
                    mask = D_CLOSED
                if mask != D_ISOPEN and not rng.rn2(25):
                    mask |= D_TRAPPED
            else:
                mask = D_NODOOR
        else:
            mask = D_LOCKED if not rng.rn2(5) else D_CLOSED
            if not rng.rn2(20):
                mask |= D_TRAPPED
    x = y = 0
    for _ in range(101):
        dwall = wall if wall != -1 else 1 << rng.rn2(4)
        wtry = rng.rn2(4)
        if wtry == 0:
            if not dwall & W_NORTH:
                continue
            y = broom.ly - 1
            x = broom.lx + (rng.rn2(1 + broom.hx - broom.lx) if dpos == -1 else dpos)
            if st.typ(x, y - 1) < T.POOL:
                continue
        elif wtry == 1:
            if not dwall & W_SOUTH:
                continue
            y = broom.hy + 1
            x = broom.lx + (rng.rn2(1 + broom.hx - broom.lx) if dpos == -1 else dpos)
            if st.typ(x, y + 1) < T.POOL:
                continue
        elif wtry == 2:
            if not dwall & W_WEST:
                continue
            x = broom.lx - 1
            y = broom.ly + (rng.rn2(1 + broom.hy - broom.ly) if dpos == -1 else dpos)
            if st.typ(x - 1, y) < T.POOL:
                continue
        else:
            if not dwall & W_EAST:
                continue
            x = broom.hx + 1
            y = broom.ly + (rng.rn2(1 + broom.hy - broom.ly) if dpos == -1 else dpos)
            if st.typ(x + 1, y) < T.POOL:
                continue
        if st.okdoor(x, y):
            break
    else:
        st.warn("create_door: Can't find a proper place!")
        return
    R.add_door(lev, x, y, broom)
    lev.set_typ(x, y, T.SDOOR if secret else T.DOOR)
    lev.set_doormask(x, y, mask)


def do_drawbridge(st: BuildState, coord: Coord, direction: int, state: int, span=None):
    x, y = locations.get_location_coord(st, coord, DRY | WET | HOT)
    dopen = 1 if state == D_ISOPEN else 0 if state == D_CLOSED else -1
    if dopen == -1:
        dopen = int(not st.rng.rn2(2))
    if not create_drawbridge(st, x, y, wdir_to_db(direction), bool(dopen)):
        st.warn("Cannot create drawbridge.", span)
    if 0 <= x < COLNO and 0 <= y < ROWNO:
        st.level.touch(x, y)


def create_drawbridge(st: BuildState, x: int, y: int, d: int, is_open: bool) -> bool:
    lev = st.level
    lava = st.typ(x, y) == T.LAVAPOOL
    x2, y2 = x, y
    if d == DB_NORTH:
        horiz, y2 = True, y - 1
    elif d == DB_SOUTH:
        horiz, y2 = True, y + 1
    elif d == DB_EAST:
        horiz, x2 = False, x + 1
    else:
        horiz, x2 = False, x - 1
    if not (0 < st.typ(x2, y2) <= T.DBWALL):
        return False
    if is_open:
        lev.set_typ(x, y, T.DRAWBRIDGE_DOWN)
        lev.set_typ(x2, y2, T.DOOR)
        lev.set_flags(x2, y2, D_NODOOR)
    else:
        lev.set_typ(x, y, T.DRAWBRIDGE_UP)
        lev.set_typ(x2, y2, T.DBWALL)
        lev.set_flags(x2, y2, W_NONDIGGABLE)
    lev.set_horizontal(x, y, not horiz)
    lev.set_horizontal(x2, y2, horiz)
    lev.set_flags(x, y, d | (DB_LAVA if lava else 0))
    return True


# -- features, furniture --------------------------------------------------------------
def feature(st: BuildState, selection, ftyp: int) -> None:
    typ = st.level.typ
    for x, y in selection:
        i = x * ROWNO + y
        if T.STAIRS <= typ[i] <= T.ALTAR:
            continue
        typ[i] = ftyp


def do_fountain(st: BuildState, selection):
    feature(st, selection, T.FOUNTAIN)


def do_sink(st: BuildState, selection):
    feature(st, selection, T.SINK)


def do_pool(st: BuildState, selection):
    feature(st, selection, T.POOL)


def do_stair(st: BuildState, coord: Coord, up: int, span=None):
    x, y = locations.get_location_coord(st, coord, DRY | STAIRS_LOC)
    t = st.trap_at(x, y)
    if t is not None:
        st.level.traps.remove(t)
    mkstairs(st, x, y, bool(up), force=not coord.random, span=span)
    if 0 <= x < COLNO and 0 <= y < ROWNO:
        st.level.touch(x, y)


def mkstairs(st: BuildState, x: int, y: int, up: bool, force: bool, span=None,
              tolev=None) -> None:
    lev = st.level
    if not x or not isok(x, y):
        st.warn(f"mkstairs: bogus stair attempt at <{x},{y}>", span)
        return
    if force:
        lev.set_typ(x, y, T.ROOM)
    if st.typ(x, y) not in (T.ROOM, T.CORR, T.ICE):
        st.warn(f"mkstairs: placing stairs {'up' if up else 'down'} on "
                  f"{T.TERRAIN_NAMES[st.typ(x, y)]} at <{x},{y}>", span)
    ctx = lev.context
    dunlevs = ctx.dunlevs   # unknown: an interior level
    if dunlevs is not None and ((ctx.dunlev == 1 and up) or (ctx.dunlev == dunlevs and not up)):
        return
    lev.stairs.append(Stairway(x, y, up, False, tolev))
    lev.set_typ(x, y, T.STAIRS)
    lev.set_flags(x, y, LA_UP if up else LA_DOWN)


def do_ladder(st: BuildState, coord: Coord, up: int):
    lev = st.level
    x, y = locations.get_location_coord(st, coord, DRY)
    if not (0 <= x < COLNO and 0 <= y < ROWNO):
        return
    lev.set_typ(x, y, T.LADDER)
    lev.touch(x, y)
    lev.stairs.append(Stairway(x, y, bool(up), True))
    lev.set_flags(x, y, LA_UP if up else LA_DOWN)


def do_altar(st: BuildState, coord: Coord, align: Align, altar_type: int):
    """create_altar(): an altar; a shrine in a temple gets its priest."""
    lev, rng = st.level, st.rng
    croom = st.croom
    is_temple = True
    if croom is not None:
        x, y = room_statements.get_free_room_loc(st, croom, coord)
        if croom.rtype != TEMPLE:
            is_temple = False
    else:
        x, y = locations.get_location_coord(st, coord, DRY)
        croom = st.in_rooms(x, y, TEMPLE)
        if croom is None:
            is_temple = False
    if not lev.set_levltyp(x, y, T.ALTAR):
        return
    amask = sp_amask_to_amask(st, amask_of(align), rng)
    lev.set_flags(x, y, amask)
    shrine = altar_type
    if shrine < 0:
        shrine = rng.rn2(2)
    if not is_temple or not shrine:
        return
    priestini(st, croom, x, y, shrine > 1, amask2align(amask), rng)
    lev.set_flags(x, y, amask | AM_SHRINE | (AM_SANCTUM if shrine == 2 else 0))
    lev.extras["has_temple"] = True


def do_grave(st: BuildState, coord: Coord, text=None, random_text: bool = False):
    lev = st.level
    x, y = locations.get_location_coord(st, coord, DRY)
    if not isok(x, y) or st.trap_at(x, y) is not None:
        return
    lev.set_typ(x, y, T.GRAVE)
    if text is not None:
        make_grave(st, x, y, st.rng, text)
    elif random_text:
        make_grave(st, x, y, st.rng)
    else:
        del_engr_at(st, x, y)


def del_engr_at(st: BuildState, x: int, y: int) -> None:
    st.level.engravings[:] = [e for e in st.level.engravings if (e.x, e.y) != (x, y)]


def do_engraving(st: BuildState, coord: Coord, etype: int, text: str):
    x, y = locations.get_location_coord(st, coord, DRY)
    del_engr_at(st, x, y)
    st.level.engravings.append(Engraving(x, y, text, etype))


