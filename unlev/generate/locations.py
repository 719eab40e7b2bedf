"""Where a coordinate lands: the two ``get_location`` functions of the loader.

Why a module of its own: every statement that takes a coordinate goes through here.
spo_lev.c's opcode handlers use its own ``get_location`` (no swamp test), while
monsters, objects, stairs, altars... go through sp_lev.c's ``get_location_coord``,
whose ``is_ok_location`` refuses bogs for DRY spots and knows the "good stair
location" rule; ``sp=`` says which one a caller stands for.  A coordinate is relative
to the current room or MAP; a random one tries 100 spots passing its humidity test
and then scans.  The answers per terrain type are cached as tables (``ok_table``).
"""

from __future__ import annotations

from typing import Optional, Tuple

from unlev.model import spots
from unlev.lang.diagnostics import DesError
from unlev.lang.limits import hint
from unlev.lang.values import Coord, Region
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.model.level import (
    COLNO, ROWNO, X_MAZE_MAX, Y_MAZE_MAX, Room,
    isok,
)
from unlev.model.constants import DRY, WET, HOT, SOLID, ANY_LOC, NO_LOC_WARN, SPACELOC, STAIRS_LOC

from unlev.generate.state import BuildState

# GEOMETRY alignment words (lev_comp)
LEFT, H_LEFT, CENTER, H_RIGHT, RIGHT = 1, 2, 3, 4, 5
TOP, BOTTOM = 1, 5

_OK_TABLES: dict = {}
_CANDIDATES: dict = {}



def s8(v: int) -> int:
    """A coordinate as SP_COORD_X/Y unpack it: a signed byte."""
    v &= 0xFF
    return v - 256 if v > 127 else v


def u8(v: int) -> int:
    """A region corner as SP_REGION_X1.. unpack it: an unsigned byte."""
    return v & 0xFF


def region_bytes(r: Region) -> Tuple[int, int, int, int]:
    return u8(r.x1), u8(r.y1), u8(r.x2), u8(r.y2)


def ok_table(humidity: int, sp: bool) -> Tuple[bool, ...]:
    """is_ok_location()'s answer for each terrain type (drawbridges excepted: their
    answer depends on what lies under them), cached per humidity mask."""
    key = (humidity, sp)
    table = _OK_TABLES.get(key)
    if table is None:
        out = []
        for t in range(256):
            ok = False
            if humidity & ANY_LOC:
                ok = True
            elif (humidity & SOLID) and t < T.POOL:
                ok = True
            elif sp and (humidity & DRY) and t == T.BOG:
                ok = False
            elif (humidity & DRY) and t in (T.ROOM, T.AIR, T.CLOUD, T.ICE, T.CORR):
                ok = True
            elif (humidity & SPACELOC) and t > T.DOOR:
                ok = True
            elif (humidity & WET) and t in (T.POOL, T.MOAT, T.WATER):
                ok = True
            elif (humidity & HOT) and t == T.LAVAPOOL:
                ok = True
            out.append(ok)
        table = _OK_TABLES[key] = tuple(out)
    return table


def candidate_bytes(humidity: int, sp: bool) -> bytes:
    """ok_table() as a bytes.translate table: 1 where a type passes, and for the
    drawbridge, whose answer depends on what lies under it."""
    key = (humidity, sp)
    table = _CANDIDATES.get(key)
    if table is None:
        ok = ok_table(humidity, sp)
        table = _CANDIDATES[key] = bytes(1 if ok[t] or t == T.DRAWBRIDGE_UP else 0
                                         for t in range(256))
    return table


def is_ok_location(st: BuildState, x: int, y: int, humidity: int, sp: bool) -> bool:
    """is_ok_location() of sp_lev.c (``sp=True``) or of spo_lev.c."""
    if st.level.context.is_waterlevel:
        return True
    t = st.typ(x, y)
    if sp and st.ok_func is not None:
        return st.ok_func(t)
    if t == T.DRAWBRIDGE_UP:
        return is_ok_slow(st, x, y, t, humidity, sp)
    return ok_table(humidity, sp)[t]


def is_ok_slow(st: BuildState, x: int, y: int, t: int, humidity: int, sp: bool) -> bool:
    if humidity & ANY_LOC:
        return True
    if (humidity & SOLID) and t < T.POOL:
        return True
    if sp and (humidity & DRY) and t == T.BOG:
        return False
    if (humidity & DRY) and t in (T.ROOM, T.AIR, T.CLOUD, T.ICE, T.CORR):
        return True
    if (humidity & SPACELOC) and t > T.DOOR:
        return True
    if (humidity & WET) and st.is_pool(x, y):
        return True
    if (humidity & HOT) and st.is_lava(x, y):
        return True
    return False


def scan_ok(st: BuildState, mx: int, my: int, sx: int, sy: int, humidity: int, sp: bool):
    """get_location()'s last resort: the first good spot, column by column."""
    if st.level.context.is_waterlevel or (sp and st.ok_func is not None):
        for xx in range(sx):
            for yy in range(sy):
                if is_ok_location(st, mx + xx, my + yy, humidity, sp):
                    return mx + xx, my + yy
        return None
    table = ok_table(humidity, sp)
    typ = st.level.typ
    stone_ok = table[T.STONE]
    screen = candidate_bytes(humidity, sp)
    for x in range(mx, mx + sx):
        inside_x = 0 <= x < COLNO
        if inside_x and 0 <= my and my + sy <= ROWNO:
            # a whole column inside the level: screen it at C speed
            col = typ[x * ROWNO + my:x * ROWNO + my + sy].translate(screen)
            k = col.find(1)
            while k >= 0:
                y = my + k
                t = typ[x * ROWNO + y]
                if t != T.DRAWBRIDGE_UP or is_ok_slow(st, x, y, t, humidity, sp):
                    return x, y
                k = col.find(1, k + 1)
            continue
        for y in range(my, my + sy):
            if inside_x and 0 <= y < ROWNO:
                t = typ[x * ROWNO + y]
                if t == T.DRAWBRIDGE_UP:
                    if is_ok_slow(st, x, y, t, humidity, sp):
                        return x, y
                elif table[t]:
                    return x, y
            elif stone_ok:
                return x, y
    return None


def get_location(st: BuildState, x: int, y: int, humidity: int, croom: Optional[Room],
                  sp: bool = True) -> Tuple[int, int]:
    """get_location(): a coordinate relative to the room or the MAP made absolute;
    a negative x means a random spot passing the humidity test (100 tries, then a
    scan).  Failures give (-1, -1) with NO_LOC_WARN, else the maze corner."""
    lev = st.level
    if croom is not None:
        mx, my = croom.lx, croom.ly
        sx, sy = croom.hx - mx + 1, croom.hy - my + 1
    else:
        mx, my, sx, sy = lev.xstart, lev.ystart, lev.xsize, lev.ysize
    if x >= 0:
        x += mx
        y += my
    else:
        rng = st.rng
        drawn = rng.calls
        found = False
        for tries in range(1, 101):
            if croom is not None:
                pt = spots.somexy(lev, rng, croom)
                if pt is not None:
                    x, y = pt
                elif x < 0:
                    x, y = croom.lx, croom.ly
            else:
                x = mx + rng.rn2(sx)
                y = my + rng.rn2(sy)
            if is_ok_location(st, x, y, humidity, sp):
                found = True
                break
        # the evaluator counts the tries against the step limit: in a room with
        # subrooms each somexy() may itself try 100 spots (two draws each)
        st.work += max(tries, (rng.calls - drawn) // 2)
        if not found:
            st.work += max(sx, 0) * max(sy, 0)
            spot = scan_ok(st, mx, my, sx, sy, humidity, sp)
            if spot is not None:
                x, y = spot
                found = True
            if not found:
                if not humidity & NO_LOC_WARN:
                    st.warn(f"get_location: can't find a place! mx: {mx}, my: {my}, "
                              f"sx: {sx}, sy: {sy}")
                    count_failed_placement(st)
                else:
                    x = y = -1
    if not (humidity & ANY_LOC) and not isok(x, y):
        if not humidity & NO_LOC_WARN:
            x, y = X_MAZE_MAX, Y_MAZE_MAX
        else:
            x = y = -1
    return x, y


def count_failed_placement(st: BuildState) -> None:
    """A random placement that found no place (each one scans the whole map): a full
    level that keeps asking would run for minutes, so past a limit it is an error."""
    st.placement_failures += 1
    if st.placement_failures > st.limits.placements:
        raise DesError(f"more than {st.limits.placements} random placements found no place "
                       "on the level", hint=hint("placements", st.limits))


def get_location_coord(st: BuildState, coord: Coord, humidity: int,
                        croom: Optional[Room] = None, *, use_croom: bool = True
                        ) -> Tuple[int, int]:
    """sp_lev.c get_location_coord(): a random coordinate first tries its own
    humidity flags without complaint, then the statement's default."""
    if use_croom and croom is None:
        croom = st.croom
    if coord.random:
        flags = coord.humidity or humidity
        x = y = -1
    else:
        flags = humidity
        x, y = s8(coord.x), s8(coord.y)
    if flags & STAIRS_LOC:
        st.ok_func = good_stair_loc
    try:
        x, y = get_location(st, x, y, flags | (NO_LOC_WARN if coord.random else 0), croom)
        if x == -1 and y == -1 and coord.random:
            x, y = get_location(st, -1, -1, humidity, croom)
    finally:
        if flags & STAIRS_LOC:
            st.ok_func = None
    return x, y


def get_location_coord_rng(st: BuildState, coord: Coord, humidity: int, rng: RNG):
    saved = st.rng
    st.rng = rng
    try:
        return get_location_coord(st, coord, humidity)
    finally:
        st.rng = saved


def good_stair_loc(t: int) -> bool:
    return t in (T.ROOM, T.CORR, T.ICE)
