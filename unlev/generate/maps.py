"""LEVEL, INIT_MAP, MAP and the statements that draw terrain: TERRAIN,
REPLACE_TERRAIN, SPILL, WALLWALK, MAZEWALK, WALLIFY, NON_DIGGABLE, NON_PASSWALL, and
the level-wide MESSAGE and LEVEL_SOUNDS.

Why a module of its own: these statements change the grid and the MAP frame
(``xstart``..) every later coordinate is read in; spo_lev.c ``spo_initlevel``,
``spo_map`` (with sp_lev.c ``load_map``), ``spo_terrain``, ``spo_replace_terrain``,
``spill_terrain``, ``spo_wallwalk``, ``spo_mazewalk``, ``spo_wallify``,
``spo_non_diggable`` / ``set_wall_property``.
"""

from __future__ import annotations

from typing import List, Optional

from unlev.lang.diagnostics import DesError, Span
from unlev.lang.values import Coord, MapCharValue, Region
from unlev.stdlib import terrain as T
from unlev.stdlib.builtins import c_div as _cdiv
from unlev.generate import rooms as R
from unlev.model.level import (
    COLNO, ROWNO, X_MAZE_MAX, Y_MAZE_MAX, D_CLOSED, W_NONDIGGABLE, W_NONPASSWALL, ICED_POOL, ICED_MOAT, isok,
)
from unlev.generate.mapgen.init import InitSpec, init_level
from unlev.model.constants import ANY_LOC
from unlev.generate.maze import W_NORTH, W_SOUTH, W_EAST, W_WEST, mazewalk
from unlev.populate.make import (
    sounds_record,
)
from unlev.generate.walls import set_wall_property, wallify_map

from unlev.generate.state import BuildState
from unlev.generate import locations

from unlev.generate.locations import LEFT, H_LEFT, CENTER, H_RIGHT, RIGHT, TOP, BOTTOM
from unlev.generate.maze_stock import MazeStocker

# W_* direction -> one step (dx, dy) on the map.
_DIR_DELTA = {W_NORTH: (0, -1), W_SOUTH: (0, 1), W_WEST: (-1, 0), W_EAST: (1, 0)}

# map characters load_map() treats beyond setting the type
_MAP_SPECIAL_TYPES = frozenset((T.SDOOR, T.DOOR, T.HWALL, T.IRONBARS, T.LAVAPOOL, T.ICE))



def do_level(st: BuildState, name: str = "", flags=(), span: Optional[Span] = None):
    lev = st.level
    lev.name = name
    lev.flags.is_maze_lev = False
    lev.xstart, lev.ystart, lev.xsize, lev.ysize = 1, 0, COLNO - 1, ROWNO
    lev.flags.apply_des_flags(list(flags))


def do_message(st: BuildState, text: str = ""):
    st.level.messages.append(text)


def do_init_map(st: BuildState, style: str, fill=None, fg=None, bg=None, smoothed=None,
                joined=None, lit=None, walled=None, fillchar=None, span=None):
    style = style.lower()
    if style == "solidfill":
        spec = InitSpec.solidfill(fill.typ, fill.light)
    elif style == "mazegrid":
        ftyp = fill.typ if isinstance(fill, MapCharValue) else T.map_char_to_type(fillchar or fill)
        spec = InitSpec.mazegrid(ftyp)
    elif style == "mines":
        filling = T.map_char_to_type(fillchar) if fillchar else -1
        spec = InitSpec.mines(T.map_char_to_type(fg), T.map_char_to_type(bg),
                              bool(smoothed), bool(joined), lit if lit is not None else 0,
                              walled if walled is not None else 0, filling)
    elif style in ("sheollev", "sheol"):
        spec = InitSpec.sheol()
    elif style == "rogue":
        spec = InitSpec.rogue()
    elif style == "swamp":      # NetHack 3.7's Lua levels only
        spec = InitSpec.swamp(T.map_char_to_type(fg), T.map_char_to_type(bg),
                              lit if lit is not None else -1)
    else:
        raise DesError(f"INIT_MAP style '{style}' is not known to the loader", span)
    # a fill passes over the map once; a generator (mines' cellular rounds and joining,
    # sheol, rogue, swamp) several times: about what one costs against a step
    st.spend(COLNO * ROWNO * (1 if style in ("solidfill", "mazegrid") else 5))
    from unlev.populate.makemon import door_mimic
    init_level(st.level, st.rng, spec, mimic_hook=door_mimic(st))


# -- MAP ---------------------------------------------------------------------------
def do_map(st: BuildState, halign=None, valign=None, coord=None, keep_region: int = 1,
           lines=None, span: Optional[Span] = None):
    """spo_map(): place a MAP (or NOMAP) and make it the frame of later coordinates."""
    lev = st.level
    rows = [r for r in (lines or [])]
    xsize = max((len(r) for r in rows), default=0)
    ysize = len(rows)
    saved = (lev.xstart, lev.ystart, lev.xsize, lev.ysize)
    lev.xsize, lev.ysize = xsize, ysize
    if lines is None:
        zalign = 0
    elif coord is None:
        zalign = 1
    else:
        zalign = 2
    if zalign == 1:
        xs = lev.xstart
        if halign == LEFT:
            xs = 1 if lev.init_present else 3
        elif halign == H_LEFT:
            xs = 2 + _cdiv(X_MAZE_MAX - 2 - xsize, 4)
        elif halign == CENTER:
            xs = 2 + _cdiv(X_MAZE_MAX - 2 - xsize, 2)
        elif halign == H_RIGHT:
            xs = 2 + _cdiv((X_MAZE_MAX - 2 - xsize) * 3, 4)
        elif halign == RIGHT:
            xs = X_MAZE_MAX - xsize - 1
        ys = lev.ystart
        if valign == TOP:
            ys = 3
        elif valign == CENTER:
            ys = 2 + _cdiv(Y_MAZE_MAX - 2 - ysize, 2)
        elif valign == BOTTOM:
            ys = Y_MAZE_MAX - ysize - 1
        if not xs % 2:
            xs += 1
        if not ys % 2:
            ys += 1
        lev.xstart, lev.ystart = xs, ys
    elif zalign == 2:
        croom = st.croom
        if croom is None:
            lev.xstart, lev.ystart = 1, 0
            lev.xsize, lev.ysize = COLNO - 1 - xsize, ROWNO - ysize
        x, y = locations.get_location_coord(st, coord, ANY_LOC)
        lev.xsize, lev.ysize = xsize, ysize
        lev.xstart, lev.ystart = x, y
    if lev.ystart < 0 or lev.ystart + lev.ysize > ROWNO:
        lev.ystart += -2 if lev.ystart > 0 else 2
        if lev.ysize == ROWNO:
            lev.ystart = 0
        if lev.ystart < 0 or lev.ystart + lev.ysize > ROWNO:
            raise DesError("reading special level with ysize too large", span)
    if lev.xsize <= 1 and lev.ysize <= 1:
        lev.xstart, lev.ystart, lev.xsize, lev.ysize = 1, 0, COLNO - 1, ROWNO
    else:
        load_map(st, rows, xsize)
        if lev.lvl_is_joined:
            R.remove_rooms(lev, lev.xstart, lev.ystart, lev.xstart + lev.xsize,
                           lev.ystart + lev.ysize)
    if not keep_region:
        lev.xstart, lev.ystart, lev.xsize, lev.ysize = saved


def load_map(st: BuildState, rows: List[str], width: int) -> None:
    lev = st.level
    typ, lit, flg, horiz = lev.typ, lev.lit, lev.flg, lev.horiz
    roomno, edge, touched = lev.roomno, lev.edge, lev.touched
    iced = ICED_POOL if lev.flags.icedpools else ICED_MOAT
    chars = T.MAP_CHARS
    special = _MAP_SPECIAL_TYPES
    x0 = lev.xstart
    for dy, row in enumerate(rows):
        y = lev.ystart + dy
        if not 0 <= y < ROWNO:
            continue
        types = [chars.get(ch, T.STONE) for ch in row[:width]]
        types += [T.STONE] * (width - len(types))
        # cells inside the level, left to right: (column offset, type)
        cells = [(dx, t) for dx, t in enumerate(types)
                 if t < T.MAX_TYPE and 0 <= x0 + dx < COLNO]      # 'x': see-through
        if not cells:
            continue
        if len(cells) == width and cells[0][0] == 0:
            # the whole row: one strided write per array
            start = x0 * ROWNO + y
            stop = start + width * ROWNO
            typ[start:stop:ROWNO] = bytes(types)
            zeros = bytes(width)
            for arr in (lit, flg, horiz, roomno, edge):
                arr[start:stop:ROWNO] = zeros
            touched[start:stop:ROWNO] = b"\x01" * width
        else:
            for dx, t in cells:
                i = (x0 + dx) * ROWNO + y
                typ[i] = t
                lit[i] = flg[i] = horiz[i] = roomno[i] = edge[i] = 0
                touched[i] = 1
        for dx, t in cells:
            if t not in special:
                continue
            x = x0 + dx
            i = x * ROWNO + y
            if t == T.SDOOR or t == T.DOOR:
                if t == T.SDOOR:
                    flg[i] = D_CLOSED
                if x != x0 and x > 0 and (0 < typ[i - ROWNO] <= T.DBWALL or horiz[i - ROWNO]):
                    horiz[i] = 1
            elif t == T.HWALL or t == T.IRONBARS:
                horiz[i] = 1
            elif t == T.LAVAPOOL:
                lit[i] = 1
            elif lev.init_present and t == T.ICE:
                flg[i] = iced


# -- terrain statements -------------------------------------------------------------
def do_terrain(st: BuildState, selection, mapchar: MapCharValue):
    lev = st.level
    typ, flg, horiz = lev.typ, lev.flg, lev.horiz
    for x, y in selection:
        i = x * ROWNO + y
        if typ[i] == T.STAIRS:
            continue
        lev.set_typlit(x, y, mapchar.typ, mapchar.light, st.rng)
        t = typ[i]
        if t in (T.SDOOR, T.DOOR):
            if t == T.SDOOR:
                flg[i] = D_CLOSED
            if x and (0 < typ[i - ROWNO] <= T.DBWALL or horiz[i - ROWNO]):
                horiz[i] = 1


def do_replace_terrain(st: BuildState, region: Region, from_char: MapCharValue,
                       to_char: MapCharValue, percent: int):
    if to_char.typ >= T.MAX_TYPE:
        return
    x1, y1, x2, y2 = locations.region_bytes(region)
    croom = st.croom
    x1, y1 = locations.get_location(st, x1, y1, ANY_LOC, croom, sp=False)
    x2, y2 = locations.get_location(st, x2, y2, ANY_LOC, croom, sp=False)
    lev, rng = st.level, st.rng
    typ = lev.typ
    st.spend(_area(x1, y1, x2, y2))
    for x in range(max(x1, 0), min(x2, COLNO - 1) + 1):
        for y in range(max(y1, 0), min(y2, ROWNO - 1) + 1):
            if typ[x * ROWNO + y] == from_char.typ and rng.rn2(100) < percent:
                lev.set_typlit(x, y, to_char.typ, to_char.light, rng)


def do_spill(st: BuildState, coord: Coord, mapchar: MapCharValue, direction: int, count: int):
    """spill_terrain(): a blob of terrain grown from a wall (random start) or a spot."""
    if mapchar.typ >= T.MAX_TYPE:
        return
    lev, rng, croom = st.level, st.rng, st.croom
    ttyp, tlit = mapchar.typ, mapchar.light
    if coord.random:
        found = False
        for _ in range(500):
            x, y = locations.get_location(st, -1, -1, ANY_LOC, croom, sp=False)
            if direction not in _DIR_DELTA:
                return
            dx, dy = _DIR_DELTA[direction]
            nx, ny = x - dx, y - dy   # the wall lies behind the spill's direction
            if not isok(nx, ny):
                continue
            if 0 < st.typ(nx, ny) <= T.DBWALL:
                lev.set_typlit(nx, ny, ttyp, tlit, rng)
                found = True
                break
        if not found:
            return
    else:
        x, y = locations.get_location(st, locations.s8(coord.x), locations.s8(coord.y), ANY_LOC, croom, sp=False)
    lastdir = -1
    nx, ny = x, y
    for _ in range(count, 0, -1):
        guard = 0
        lev.set_typlit(nx, ny, ttyp, tlit, rng)
        while True:
            guard += 1
            st.spend(1)
            while True:
                k = rng.rn2(5)
                k = direction if k > 3 else 1 << k
                dx, dy = _DIR_DELTA.get(k, (0, 0))
                qx, qy = nx + dx, ny + dy
                if isok(qx, qy):
                    break
            if not ((k == lastdir or st.typ(qx, qy) == ttyp) and guard < 200):
                break
        nx, ny = qx, qy
        lastdir = k


def do_wallwalk(st: BuildState, coord: Coord, fg: MapCharValue, bg: MapCharValue,
                percent: int):
    x, y = locations.get_location_coord(st, coord, ANY_LOC)
    if not isok(x, y) or fg.typ >= T.MAX_TYPE or bg.typ >= T.MAX_TYPE:
        return
    wallwalk_right(st, x, y, fg.typ, fg.light, bg.typ, percent)


def wallwalk_right(st: BuildState, x: int, y: int, fgtyp: int, fglit: int, bgtyp: int,
                    chance: int) -> None:
    """mklev.c wallwalk_right(): follow the wall on the right, painting bgtyp."""
    lev, rng = st.level, st.rng
    sx, sy = x, y
    d = 1
    if st.typ(x, y) != bgtyp:
        return
    while True:
        st.spend(1)
        if (st.trap_at(x, y) is None and not st.bydoor(x, y)
                and st.typ(x, y) == bgtyp and chance >= rng.rn2(100)):
            lev.set_typlit(x, y, fgtyp, fglit, rng)
        cnt = 0
        while True:
            nx, ny = x, y
            m = d % 4
            if m == 0:
                y -= 1
            elif m == 1:
                x += 1
            elif m == 2:
                y += 1
            else:
                x -= 1
            if isok(x, y):
                t = st.typ(x, y)
                if t != bgtyp and t != fgtyp:
                    d += 1
                    x, y = nx, ny
                    cnt += 1
                else:
                    d = (d + 3) % 4
            else:
                d += 1
                x, y = nx, ny
                cnt += 1
            if not (nx == x and ny == y and cnt < 5):
                break
        if x == sx and y == sy:
            break


def do_mazewalk(st: BuildState, coord: Coord, direction: int, stocked=None, fillchar=None):
    x, y = locations.get_location_coord(st, coord, ANY_LOC)
    if not isok(x, y):
        return
    ftyp = T.map_char_to_type(fillchar) if fillchar else 0
    if ftyp >= T.MAX_TYPE:
        ftyp = 0
    carved: list = []
    # walking opens at most the map's cells; stocking scans the map and makes things
    st.spend(COLNO * ROWNO * (2 if stocked is None or stocked else 1))
    mazewalk(st.level, st.rng, x, y, direction, ftyp,
             stocked=True if stocked is None else bool(stocked),
             filler=MazeStocker(st), trace=carved)
    # the cells the walk opened, so checks can tell later whether the maze stayed whole
    st.level.extras.setdefault("mazewalks", []).append(
        {"start": (x, y), "cells": sorted(set(carved))})


def do_wallify(st: BuildState, selection=None):
    lev = st.level
    if selection is None:
        if st.compat.build.plain_wallify_is_noop:
            return
        st.spend(9 * (lev.xsize + 3) * (lev.ysize + 3))   # every square of the map area
        wallify_map(lev, lev.xstart - 1, lev.ystart - 1, lev.xstart + lev.xsize + 1,
                    lev.ystart + lev.ysize + 1)
        return
    for x, y in selection:
        wallify_map(lev, x, y, x, y)
        st.spend(9)         # each square looks at its eight neighbours


def wall_property(st: BuildState, region: Region, prop: int) -> None:
    x1, y1, x2, y2 = locations.region_bytes(region)
    x1, y1 = locations.get_location(st, x1, y1, ANY_LOC, None, sp=False)
    x2, y2 = locations.get_location(st, x2, y2, ANY_LOC, None, sp=False)
    st.spend(_area(x1, y1, x2, y2))
    set_wall_property(st.level, x1, y1, x2, y2, prop)


def _area(x1: int, y1: int, x2: int, y2: int) -> int:
    """The squares of a region clipped to the map: the work of a statement that visits
    each (charged to the step limit; at least 1)."""
    w = min(x2, COLNO - 1) - max(x1, 0) + 1
    h = min(y2, ROWNO - 1) - max(y1, 0) + 1
    return max(w, 0) * max(h, 0) or 1


def do_non_diggable(st: BuildState, region: Region):
    wall_property(st, region, W_NONDIGGABLE)


def do_non_passwall(st: BuildState, region: Region):
    wall_property(st, region, W_NONPASSWALL)


def do_sounds(st: BuildState, frequency: int, entries):
    """spo_level_sounds(): the messages the level gives now and then."""
    if "sounds" in st.level.extras:
        st.warn("level sounds already defined.")
        return
    st.level.extras["sounds"] = sounds_record(frequency, entries)


def do_endlevel(st: BuildState):
    st.finished = True
