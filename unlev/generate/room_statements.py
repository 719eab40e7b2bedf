"""ROOM, SUBROOM, REGION and VAULTGEN: the loader's room stack.

Why a module of its own: a ROOM is placed (sp_lev.c ``create_room`` with rect.c's
free rectangles, ``check_room``), its contents run with coordinates relative to it,
and SUBROOMs nest inside (``create_subroom``); a REGION may light an area or become
an irregular room (spo_lev.c ``spo_region``).  The stack (``tmproomlist``,
``failed_room``, ``n_subroom``) lives in :class:`~unlev.generate.state.BuildState`.
"""

from __future__ import annotations

from typing import Optional, Tuple

from unlev.model import spots
from unlev.lang.diagnostics import DesError
from unlev.lang.values import Coord, Region
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.builtins import c_div as _cdiv
from unlev.generate import rooms as R
from unlev.model.level import (
    COLNO, ROWNO, MAXNROFROOMS, ROOMOFFSET, OROOM, VAULT, FILL_NONE, Room,
)
from unlev.generate.mapgen.init import litstate_rnd
from unlev.model.constants import DRY, ANY_LOC
from unlev.model.rect import Rect, XLIM, YLIM

from unlev.generate.state import BuildState
from unlev.generate import locations

from unlev.generate.locations import CENTER, RIGHT, BOTTOM
from unlev.generate.state import MAX_NESTED_ROOMS

MAXRTYPE = data.load_table("rooms")["maxrtype"]



def do_vaultgen(st: BuildState, frequency: int = 0):
    st.level.extras["vaultgen"] = frequency


def begin_room(st: BuildState, span=None, **args) -> bool:
    if st.n_sub > MAX_NESTED_ROOMS:
        raise DesError("Too deeply nested rooms", span)
    n = st.n_sub
    room = None
    if not st.failed[n - 1]:
        room = build_room(st, span=span, **args)
    st.roomlist[n] = room
    st.failed[n] = room is None
    st.n_sub += 1
    return room is not None


def end_room(st: BuildState) -> None:
    if st.n_sub > 1:
        st.n_sub -= 1
        st.roomlist[st.n_sub] = None
        st.failed[st.n_sub] = True
    else:
        lev = st.level
        if lev.xsize <= 1 and lev.ysize <= 1:
            lev.xstart, lev.ystart, lev.xsize, lev.ysize = 1, 0, COLNO - 1, ROWNO


def rtype_value(name: Optional[str]) -> int:
    if name is None:
        return -1
    found = data.lookup_room_type(name).item
    return found.value if found is not None else OROOM


def build_room(st: BuildState, subroom=False, rtype=None, chance=100, light=-1, pos=None,
                align=None, size=None, filled=1, irregular=0, joined=1,
                span=None) -> Optional[Room]:
    rng = st.rng
    rt = rtype_value(rtype)
    if chance and not rng.rn2(100) < chance:
        rt = OROOM
    x, y = pos if pos is not None else (-1, -1)
    w, h = size if size is not None else (-1, -1)
    xal, yal = align if align is not None else (-1, -1)
    parent = st.croom
    if parent is not None:
        room = create_subroom(st, parent, x, y, w, h, rt, light, span)
    else:
        room = create_room(st, x, y, w, h, xal, yal, rt, light)
    if room is None:
        return None
    if room in st.level.rooms or room.is_subroom:
        R.topologize(st.level, room)     # (a vault's stand-in is not on the level)
    room.needfill = filled
    room.needjoining = bool(joined)
    return room


def _coordinates_room(rng, x: int, y: int, w: int, h: int, xal: int, yal: int):
    """xNetHack's create_room() for a placed room (a profile's ``room_coordinates``
    syntax): the position is a square of the level, the alignment says which corner or
    middle of the room sits on it; a random x or y is anywhere (``rn2(COLNO)`` for
    both, as there)."""
    xabs = rng.rn2(COLNO) if x < 0 else x
    yabs = rng.rn2(COLNO) if y < 0 else y
    if w < 0 or h < 0:
        w = rng.rn1(15, 3)
        h = rng.rn1(8, 2)
    if xal == -1:
        xal = rng.rnd(3)
    if yal == -1:
        yal = rng.rnd(3)
    if xal == RIGHT:
        xabs -= w
    elif xal == CENTER:
        xabs -= _cdiv(w, 2)
    if yal == BOTTOM:
        yabs -= h
    elif yal == CENTER:
        yabs -= _cdiv(h, 2)
    xabs, yabs = clamp_room_origin(xabs, yabs, w, h)
    return xabs, yabs, w, h


def clamp_room_origin(xabs: int, yabs: int, w: int, h: int) -> Tuple[int, int]:
    """sp_lev.c create_room()'s clamp: a w x h room's corner kept inside the map, two
    squares from its edges."""
    if xabs + w - 1 > COLNO - 2:
        xabs = COLNO - w - 3
    if xabs < 2:
        xabs = 2
    if yabs + h - 1 > ROWNO - 2:
        yabs = ROWNO - h - 3
    if yabs < 2:
        yabs = 2
    return xabs, yabs


def create_room(st: BuildState, x: int, y: int, w: int, h: int, xal: int, yal: int,
                 rtype: int, rlit: int) -> Optional[Room]:
    """sp_lev.c create_room(): a room in a free rectangle, random or placed on the
    5x5 grid; None when no place is found in 100 tries."""
    rng, lev, rects = st.rng, st.level, st.rects
    if rtype == -1:
        rtype = OROOM
    vault = rtype == VAULT
    rlit = litstate_rnd(lev, rng, rlit)
    trycnt = 0
    while True:
        if (x < 0 and y < 0 and w < 0 and xal < 0 and yal < 0) or vault:
            placed = _random_place(st, vault)
            if placed is None:
                return None
        elif "room_coordinates" in lev.extras.get("syntax", ()):
            xabs, yabs, wtmp, htmp = _coordinates_room(rng, x, y, w, h, xal, yal)
            placed = _checked(st, Rect(xabs - 1, yabs - 1, xabs + wtmp, yabs + htmp),
                              xabs, yabs, wtmp, htmp, vault)
        else:
            placed = _grid_place(st, x, y, w, h, xal, yal, vault)
        r1, r2, xabs, yabs, wtmp, htmp = placed
        trycnt += 1
        if r1 is not None or trycnt > 100:
            break
    st.work += 20 * trycnt      # each try checks a rectangle of the map (step limit)
    if r1 is None:
        return None
    rects.split(r1, r2)
    if vault:
        # the C only notes the spot (rooms[nroom].lx/ly); the vault itself is made
        # by the level generator later.  A stand-in 2x2 room keeps the contents'
        # coordinates meaningful.
        st.warn("a vault ROOM is only reserved by the loader, not built")
        return Room(xabs, yabs, xabs + 1, yabs + 1, rtype=VAULT)
    st.smeq.append(len(lev.rooms))
    return R.add_room(lev, xabs, yabs, xabs + wtmp - 1, yabs + htmp - 1, bool(rlit),
                      rtype, special=False)


#: one try of create_room(): (the free rectangle or None, the room's rectangle with its
#: walls, x, y, width, height)
_Try = Tuple[Optional[Rect], Rect, int, int, int, int]


def _checked(st: BuildState, r2: Rect, xabs: int, yabs: int, wtmp: int, htmp: int,
             vault: bool) -> _Try:
    """A placed room's try: the free rectangle that holds ``r2``, if check_room()
    accepts the spot (it may move it)."""
    r1 = st.rects.get_rect(r2)
    if r1 is not None:
        ok, xabs, _dx, yabs, _dy = check_room(st, xabs, wtmp, yabs, htmp, vault)
        if not ok:
            r1 = None
    return r1, r2, xabs, yabs, wtmp, htmp


def _random_place(st: BuildState, vault: bool) -> Optional[_Try]:
    """create_room()'s try for a random room (or a vault): a random free rectangle, a
    random size and spot in it; None when no free rectangle is left."""
    rng, lev = st.rng, st.level
    xlim, ylim = XLIM + vault, YLIM + vault
    r1 = st.rects.rnd_rect(rng)
    if r1 is None:
        return None
    hx, hy, lx, ly = r1.hx, r1.hy, r1.lx, r1.ly
    if vault:
        dx = dy = 1
    else:
        dx = 2 + rng.rn2(12 if hx - lx > 28 else 8)
        dy = 2 + rng.rn2(4)
        if dx * dy > 50:
            dy = 50 // dx
    xborder = 2 * xlim if (lx > 0 and hx < COLNO - 1) else xlim + 1
    yborder = 2 * ylim if (ly > 0 and hy < ROWNO - 1) else ylim + 1
    if hx - lx < dx + 3 + xborder or hy - ly < dy + 3 + yborder:
        return None, Rect(0, 0, 0, 0), 0, 0, 0, 0
    xabs = lx + (xlim if lx > 0 else 3) + rng.rn2(
        hx - (lx if lx > 0 else 3) - dx - xborder + 1)
    yabs = ly + (ylim if ly > 0 else 2) + rng.rn2(
        hy - (ly if ly > 0 else 2) - dy - yborder + 1)
    nroom = len(lev.rooms)
    if (ly == 0 and hy >= ROWNO - 1 and (not nroom or not rng.rn2(nroom))
            and yabs + dy > ROWNO // 2):
        yabs = rng.rn1(3, 2)
        if nroom < 4 and dy > 1:
            dy -= 1
    ok, xabs, dx, yabs, dy = check_room(st, xabs, dx, yabs, dy, vault)
    if not ok:
        return None, Rect(0, 0, 0, 0), 0, 0, 0, 0
    return r1, Rect(xabs - 1, yabs - 1, xabs + dx + 1, yabs + dy + 1), xabs, yabs, dx + 1, dy + 1


def _grid_place(st: BuildState, xtmp: int, ytmp: int, wtmp: int, htmp: int, xaltmp: int,
                yaltmp: int, vault: bool) -> _Try:
    """create_room()'s try for a room on the 5x5 grid, its missing parts drawn: the
    grid square, the size, the alignment in the square."""
    rng = st.rng
    rndpos = 0
    if xtmp < 0 and ytmp < 0:
        xtmp = rng.rnd(5)
        ytmp = rng.rnd(5)
        rndpos = 1
    if wtmp < 0 or htmp < 0:
        wtmp = rng.rn1(15, 3)
        htmp = rng.rn1(8, 2)
    if xaltmp == -1:
        xaltmp = rng.rnd(3)
    if yaltmp == -1:
        yaltmp = rng.rnd(3)
    xabs = _cdiv((xtmp - 1) * COLNO, 5) + 1
    yabs = _cdiv((ytmp - 1) * ROWNO, 5) + 1
    if xaltmp == RIGHT:
        xabs += COLNO // 5 - wtmp
    elif xaltmp == CENTER:
        xabs += _cdiv(COLNO // 5 - wtmp, 2)
    if yaltmp == BOTTOM:
        yabs += ROWNO // 5 - htmp
    elif yaltmp == CENTER:
        yabs += _cdiv(ROWNO // 5 - htmp, 2)
    xabs, yabs = clamp_room_origin(xabs, yabs, wtmp, htmp)
    r2 = Rect(xabs - 1, yabs - 1, xabs + wtmp + rndpos, yabs + htmp + rndpos)
    return _checked(st, r2, xabs, yabs, wtmp, htmp, vault)


def check_room(st: BuildState, lowx: int, ddx: int, lowy: int, ddy: int, vault: bool):
    """sp_lev.c check_room(): shrink the room away from anything not stone around
    it (each time with a 1 in 3 chance of giving up).  While NetHack 3.7 makes its
    themed rooms (``level.extras["in_mk_themerooms"]``, :mod:`unlev.lua.themerooms`)
    a room that would have to shrink is refused instead."""
    rng, typ = st.rng, st.level.typ
    themed = bool(st.level.extras.get("in_mk_themerooms"))
    given = (lowx, ddx, lowy, ddy)
    hix, hiy = lowx + ddx, lowy + ddy
    xlim, ylim = XLIM + vault, YLIM + vault
    if lowx < 3:
        lowx = 3
    if lowy < 2:
        lowy = 2
    if hix > COLNO - 3:
        hix = COLNO - 3
    if hiy > ROWNO - 3:
        hiy = ROWNO - 3
    while True:
        if hix <= lowx or hiy <= lowy:
            return False, lowx, ddx, lowy, ddy
        restart = False
        for x in range(lowx - xlim, hix + xlim + 1):
            if x <= 0 or x >= COLNO:
                continue
            y = max(lowy - ylim, 0)
            ymax = min(hiy + ylim, ROWNO - 1)
            while y <= ymax:
                if typ[x * ROWNO + y] != T.STONE:
                    if not rng.rn2(3) or themed:
                        return False, lowx, ddx, lowy, ddy
                    if x < lowx:
                        lowx = x + xlim + 1
                    else:
                        hix = x - xlim - 1
                    if y < lowy:
                        lowy = y + ylim + 1
                    else:
                        hiy = y - ylim - 1
                    restart = True
                    break
                y += 1
            if restart:
                break
        if not restart:
            got = (lowx, hix - lowx, lowy, hiy - lowy)
            if themed and all(a != b for a, b in zip(given, got)):
                return False, lowx, ddx, lowy, ddy
            return True, lowx, hix - lowx, lowy, hiy - lowy


def create_subroom(st: BuildState, proom: Room, x: int, y: int, w: int, h: int, rtype: int,
                    rlit: int, span=None) -> Optional[Room]:
    """spo_lev.c create_subroom() (its random position differs from sp_lev.c's).  The
    game checks nothing: a SUBROOM placed or sized off the map writes outside its level
    arrays (its coordinates are C chars); here that is an error at the statement."""
    rng = st.rng
    width = proom.hx - proom.lx + 1
    height = proom.hy - proom.ly + 1
    if width < 4 or height < 4:
        return None
    if w == -1:
        w = rng.rnd(width - 3)
    if h == -1:
        h = rng.rnd(height - 3)
    if x == -1:
        x = rng.rnd(width - w - 1) - 1
    if y == -1:
        y = rng.rnd(height - h - 1) - 1
    if x == 1:
        x = 0
    if y == 1:
        y = 0
    if x + w + 1 == width:
        x += 1
    if y + h + 1 == height:
        y += 1
    if rtype == -1:
        rtype = OROOM
    rlit = litstate_rnd(st.level, rng, rlit)
    if proom not in st.level.rooms:
        return None      # the stand-in of an unbuilt vault has no subrooms
    lx, ly = proom.lx + x, proom.ly + y
    hx, hy = lx + w - 1, ly + h - 1
    if not (0 <= lx <= COLNO - 2 and 0 <= ly <= ROWNO - 2 and 1 <= hx and 1 <= hy
            and w >= 1 and h >= 1):
        raise DesError(f"SUBROOM at ({x},{y}) of size ({w},{h}) falls outside the map "
                       f"(its room is {width}x{height} at ({proom.lx},{proom.ly}))", span,
                       "a SUBROOM's position is counted from its room's top-left corner")
    return R.add_subroom(st.level, proom, proom.lx + x, proom.ly + y,
                         proom.lx + x + w - 1, proom.ly + y + h - 1, bool(rlit), rtype)


def begin_region(st: BuildState, region: Region, light: int, rtype=None, filled=1, irregular=0,
                 joined=1, has_contents=False, span=None) -> None:
    """spo_region(): light an area, or make it a room (irregular: flood-filled)."""
    lev, rng = st.level, st.rng
    rt = rtype_value(rtype)
    if not filled:
        rt += MAXRTYPE + 1
    st.region_endroom.append(bool(irregular or filled or rt != OROOM))
    if rt > MAXRTYPE:
        rt -= MAXRTYPE + 1
        prefilled = True
    else:
        prefilled = False
    rlit = light
    if rlit < 0:
        rlit = int(litstate_rnd(lev, rng, -1))
    dx1, dy1, dx2, dy2 = locations.region_bytes(region)
    dx1, dy1 = locations.get_location(st, dx1, dy1, ANY_LOC, None, sp=False)
    dx2, dy2 = locations.get_location(st, dx2, dy2, ANY_LOC, None, sp=False)
    # lighting or flooding the area looks at each of its squares (step limit)
    st.spend(max(dx2 - dx1 + 3, 1) * max(dy2 - dy1 + 3, 1))
    room_not_needed = rt == OROOM and not irregular and not prefilled
    if room_not_needed or len(lev.rooms) >= MAXNROFROOMS:
        if not room_not_needed:
            st.warn("Too many rooms on new level!", span)
        R.light_region(lev, dx1, dy1, dx2, dy2, bool(rlit))
        return
    nroom = len(lev.rooms)
    if irregular:
        if not (0 <= dx1 < COLNO and 0 <= dy1 < ROWNO):
            # flood_fill_rm() starts at the region's corner: the game reads outside levl[]
            raise DesError(f"irregular REGION ({dx1},{dy1},{dx2},{dy2}) starts outside the "
                           "map", span,
                           "a REGION's corners are counted from the MAP's top-left corner")
        while len(st.smeq) <= nroom:
            st.smeq.append(len(st.smeq))
        st.smeq[nroom] = nroom
        res = R.flood_fill_rm(lev, dx1, dy1, nroom + ROOMOFFSET, bool(rlit), True)
        troom = R.add_room(lev, res.min_rx, res.min_ry, res.max_rx, res.max_ry, False,
                           rt, special=True)
        troom.rlit = rlit
        troom.irregular = True
    else:
        if not (0 <= dx1 <= COLNO - 2 and 0 <= dy1 <= ROWNO - 2 and dx2 >= 0 and dy2 >= 0):
            # the game writes the room's edges outside its arrays here
            raise DesError(f"REGION ({dx1},{dy1},{dx2},{dy2}) that makes a room lies outside "
                           "the map", span,
                           "a REGION's corners are counted from the MAP's top-left corner")
        while len(st.smeq) <= nroom:
            st.smeq.append(len(st.smeq))
        troom = R.add_room(lev, dx1, dy1, dx2, dy2, bool(rlit), rt, special=True)
        R.topologize(lev, troom)
    troom.needfill = (2 if prefilled else 1) if rt != OROOM else FILL_NONE
    troom.needjoining = bool(joined)
    if st.n_sub > 1:
        st.warn("region as subroom", span)
    else:
        st.roomlist[st.n_sub] = troom
        st.failed[st.n_sub] = False
        st.n_sub += 1


def end_region(st: BuildState) -> None:
    if st.region_endroom.pop():
        end_room(st)


def get_free_room_loc(st: BuildState, croom: Room, coord: Coord) -> Tuple[int, int]:
    """get_free_room_loc(): the coordinate, or a random floor spot of the room."""
    x, y = locations.get_location_coord(st, coord, DRY, croom)
    if st.typ(x, y) != T.ROOM:
        drawn = st.rng.calls
        for _ in range(101):
            pt = spots.somexy(st.level, st.rng, croom)
            if pt is not None:
                x, y = pt
            if st.typ(x, y) == T.ROOM:
                break
        else:
            st.warn("get_free_room_loc: can't find a place!")
        # up to 101 somexy()s of up to 100 tries each: the step limit counts the tries
        st.work += (st.rng.calls - drawn) // 2
    return x, y
