"""The level builder: runs each des-file statement on a real :class:`~unlev.level.Level`.

Why this module exists: the evaluator (:mod:`unlev.lang.evaluator`) knows the language
and hands every level statement to a :class:`~unlev.lang.builder.LevelBuilder`.
:class:`GameBuilder` is the builder that does what UnNetHack's loader does with each
statement -- the opcode handlers of ``spo_lev.c`` and the helpers they call in
``sp_lev.c``, ``mklev.c``, ``mkroom.c`` and ``rect.c`` -- and keeps the loader's state
between statements: where the last MAP lies (``xstart``..), the stack of rooms being
filled, the free-rectangle list, and the monster and container an object goes into.

Two loaders live in the game and both matter here: the opcode handlers in
``spo_lev.c`` use that file's own ``get_location`` (no swamp test), while the
coordinates of monsters, objects, stairs, altars, ... go through ``sp_lev.c``'s
``get_location_coord``, whose location test refuses bogs for DRY spots and knows the
"good stair location" rule.  :meth:`GameBuilder._get_location` takes ``sp=`` to say
which one a caller stands for.

Where the loader contradicts the documented language, the documented meaning is the
default and :class:`BuildCompat` (on with ``Compat.game()``) gives the game's.

Monsters and objects are recorded, not simulated: their kind is chosen through
:mod:`unlev.stdlib.populate` with the draws the game makes for the choice and their
place exactly as the loader computes it; what ``makemon``/``mksobj`` do afterwards
(inventories, groups, object properties) is not modelled.  Monster creation draws from
a second random stream, as the game's ``use_mon_rng`` does.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, List, Optional, Tuple

from unlev.lang.builder import LevelBuilder
from unlev.lang.diagnostics import DesError, Span
from unlev.lang.values import Align, Coord, MapCharValue, MonsterValue, ObjectValue, Region
from unlev.stdlib import data, populate
from unlev.stdlib import terrain as T
from unlev.stdlib.builtins import c_div as _cdiv
from unlev.stdlib.rng import RNG
from unlev.stdlib.selection import Compat
from unlev import rooms as R
from unlev.level import (
    COLNO, ROWNO, X_MAZE_MAX, Y_MAZE_MAX, MAXNROFROOMS, DOORMAX, ROOMOFFSET, NO_ROOM,
    D_NODOOR, D_ISOPEN, D_CLOSED, D_LOCKED, D_TRAPPED, D_SECRET,
    W_NONDIGGABLE, W_NONPASSWALL, DB_NORTH, DB_SOUTH, DB_EAST, DB_WEST, DB_UNDER, DB_MOAT,
    DB_LAVA, LA_UP, LA_DOWN, ICED_POOL, ICED_MOAT, OROOM, VAULT, TEMPLE, SHOPBASE,
    FILL_NONE, LR_DOWNSTAIR, LR_UPSTAIR, LR_PORTAL, LR_BRANCH, LR_TELE, LR_UPTELE,
    LR_DOWNTELE, Area, DungeonContext, Engraving, LevRegion, Level, Monster, Object, Room,
    Stairway, Trap, isok,
)
from unlev.mapgen import InitSpec, init_level, litstate_rnd
from unlev.maze import (
    DRY, WET, HOT, SOLID, ANY_LOC, NO_LOC_WARN, SPACELOC, STAIRS_LOC, W_NORTH, W_SOUTH,
    W_EAST, W_WEST, mazewalk,
)
from unlev.rect import RectList, Rect, XLIM, YLIM
from unlev.population import (
    ALIGN_NAMES, add_monster, add_object, des_monster_attrs, des_object_attrs, monster_data,
    init_object, make_object, mon_gen_override, mon_generation_record, new_object,
    object_kind, sounds_record,
)
from unlev.roomfill import fill_rooms, make_grave  # noqa: F401 (fill_rooms: run.py)
from unlev.temples import priestini
from unlev.traps import mkroll_launch, statue_trap_statue
from unlev.walls import set_wall_property, wallify_map

_R = ROWNO
MAX_NESTED_ROOMS = 5
MAXRTYPE = data.load_table("rooms")["maxrtype"]
G_NOGEN = data.load_table("monsters")["gen_flag_bits"]["G_NOGEN"]

# align.h
AM_NONE, AM_CHAOTIC, AM_NEUTRAL, AM_LAWFUL = 0, 1, 2, 4
AM_MASK, AM_SHRINE, AM_SANCTUM = 7, 8, 16
AM_SPLEV_CO, AM_SPLEV_NONCO, AM_SPLEV_RANDOM = 0x20, 0x40, 0x80

# GEOMETRY alignment words (lev_comp)
LEFT, H_LEFT, CENTER, H_RIGHT, RIGHT = 1, 2, 3, 4, 5
TOP, BOTTOM = 1, 5

HEADSTONE = 6


@dataclass(frozen=True)
class BuildCompat:
    """Deviations of UnNetHack's loader from the documented statements.

    ``BuildCompat()`` is the documented language; ``BuildCompat.game()`` the loader.
    """

    plain_wallify_is_noop: bool = False
    """``WALLIFY`` without a selection: lev_comp packs the region (-1,-1,-1,-1) into
    bytes, so spo_wallify reads 255s instead of the "whole map" markers and
    wallify_map() clamps them to an empty box: nothing happens (documented: the map
    area is wallified)."""

    corridor_walls_swapped: bool = False
    """``CORRIDOR: (room, north, door), ...``: spo_lev.c's search_door() looks for a
    ``north`` door on the bottom wall and a ``south`` door on the top wall, so the
    corridor starts inside the room and is not dug (documented: the named wall)."""

    @classmethod
    def game(cls) -> "BuildCompat":
        return cls(**{f.name: True for f in fields(cls)})

    @classmethod
    def documented(cls) -> "BuildCompat":
        return cls()

    @classmethod
    def for_selection_compat(cls, compat: Compat) -> "BuildCompat":
        """One switch for a run: the game's selections imply the game's loader."""
        return cls.game() if compat == Compat.game() else cls.documented()


# W_* direction -> one step (dx, dy) on the map.
_DIR_DELTA = {W_NORTH: (0, -1), W_SOUTH: (0, 1), W_WEST: (-1, 0), W_EAST: (1, 0)}


def _s8(v: int) -> int:
    """A coordinate as SP_COORD_X/Y unpack it: a signed byte."""
    v &= 0xFF
    return v - 256 if v > 127 else v


def _u8(v: int) -> int:
    """A region corner as SP_REGION_X1.. unpack it: an unsigned byte."""
    return v & 0xFF


def _region_bytes(r: Region) -> Tuple[int, int, int, int]:
    return _u8(r.x1), _u8(r.y1), _u8(r.x2), _u8(r.y2)


def _wdir_to_db(d: int) -> int:
    return {W_NORTH: DB_NORTH, W_SOUTH: DB_SOUTH, W_EAST: DB_EAST, W_WEST: DB_WEST}.get(d, d)


_OK_TABLES: dict = {}


def _ok_table(humidity: int, sp: bool) -> Tuple[bool, ...]:
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


# map characters _load_map() treats beyond setting the type
_MAP_SPECIAL_TYPES = frozenset((T.SDOOR, T.DOOR, T.HWALL, T.IRONBARS, T.LAVAPOOL, T.ICE))


_CANDIDATES: dict = {}


def _candidate_bytes(humidity: int, sp: bool) -> bytes:
    """_ok_table() as a bytes.translate table: 1 where a type passes, and for the
    drawbridge, whose answer depends on what lies under it."""
    key = (humidity, sp)
    table = _CANDIDATES.get(key)
    if table is None:
        ok = _ok_table(humidity, sp)
        table = _CANDIDATES[key] = bytes(1 if ok[t] or t == T.DRAWBRIDGE_UP else 0
                                         for t in range(256))
    return table


class GameBuilder(LevelBuilder):
    """Builds a :class:`Level` the way UnNetHack's des-file loader does.

    ``rng`` must be the evaluator's RNG (the script and the loader share one stream);
    ``mon_rng`` is the monster-creation stream (default: a fresh RNG with the same
    seed, as the game seeds both from the level seed).
    """

    def __init__(self, rng: RNG, level: Optional[Level] = None,
                 context: Optional[DungeonContext] = None,
                 compat: Optional[BuildCompat] = None, mon_rng: Optional[RNG] = None,
                 run_context: Any = None, warn=None) -> None:
        self.rng = rng
        self.mon_rng = mon_rng if mon_rng is not None else RNG(rng.seed)
        self.level = level if level is not None else Level(context)
        if context is not None:
            self.level.context = context
        self.compat = compat if compat is not None else BuildCompat()
        self.run_context = run_context
        self.warnings: List[str] = []
        self._warn = warn
        self.rects = RectList()
        self.smeq: List[int] = []
        # the coder's room stack (tmproomlist / failed_room / n_subroom)
        self._roomlist: List[Optional[Room]] = [None] * (MAX_NESTED_ROOMS + 1)
        self._failed: List[bool] = [False] * (MAX_NESTED_ROOMS + 1)
        self._n_sub = 1
        self._region_endroom: List[bool] = []
        self._ok_func = None           # sp_lev.c is_ok_location_func (good_stair_loc)
        self._invent_monster: Optional[Monster] = None
        self._containers: List[Optional[Object]] = []
        self._monster_stack: List[Optional[Monster]] = []
        self.finished = False

    # ================================================================== helpers
    @property
    def croom(self) -> Optional[Room]:
        return self._roomlist[self._n_sub - 1]

    def warn(self, message: str, span: Optional[Span] = None) -> None:
        """The game's impossible()/warning(): recorded, and passed on if asked."""
        self.warnings.append(message)
        if self._warn is not None:
            self._warn(message, span)

    def _typ(self, x: int, y: int) -> int:
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            return self.level.typ[x * _R + y]
        return T.STONE

    def _pop_context(self) -> populate.LevelContext:
        ctx = self.level.context
        name = ctx.dungeon_name
        return populate.LevelContext(
            depth=ctx.depth, difficulty=ctx.difficulty,
            in_gehennom=name in ("Gehennom", "Sheol"), in_sheol=name == "Sheol",
            noteleport=self.level.flags.noteleport,
            can_fall_through=getattr(ctx, "can_dig_down", True),
            mon_gen=mon_gen_override(self.level.extras.get("mon_generation")))

    # -- terrain predicates -------------------------------------------------------------
    def _is_pool(self, x: int, y: int) -> bool:
        if not isok(x, y):
            return False
        i = x * _R + y
        t = self.level.typ[i]
        return t in (T.POOL, T.MOAT, T.WATER) or (
            t == T.DRAWBRIDGE_UP and (self.level.flg[i] & DB_UNDER) == DB_MOAT)

    def _is_lava(self, x: int, y: int) -> bool:
        if not isok(x, y):
            return False
        i = x * _R + y
        t = self.level.typ[i]
        return t == T.LAVAPOOL or (
            t == T.DRAWBRIDGE_UP and (self.level.flg[i] & DB_UNDER) == DB_LAVA)

    def _bydoor(self, x: int, y: int) -> bool:
        for xx, yy in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if isok(xx, yy) and self._typ(xx, yy) in (T.DOOR, T.SDOOR):
                return True
        return False

    def _okdoor(self, x: int, y: int) -> bool:
        return (self._typ(x, y) in (T.HWALL, T.VWALL) and len(self.level.doors) < DOORMAX
                and not self._bydoor(x, y))

    def _trap_at(self, x: int, y: int) -> Optional[Trap]:
        for t in self.level.traps:
            if t.x == x and t.y == y:
                return t
        return None

    def _monster_at(self, x: int, y: int) -> Optional[Monster]:
        for m in self.level.monsters:
            if m.x == x and m.y == y:
                return m
        return None

    def _in_rooms(self, x: int, y: int, rtype: int) -> Optional[Room]:
        """The room of that type whose floor or walls hold (x, y), if any (in_rooms)."""
        rno = self.level.roomno[x * _R + y] if isok(x, y) else NO_ROOM
        room = self.level.room_by_roomno(rno)
        if room is not None and (room.rtype == rtype or (rtype == SHOPBASE and room.rtype >= SHOPBASE)):
            return room
        for room in self.level.rooms:
            if room.inside(x, y) and (room.rtype == rtype or (rtype == SHOPBASE and room.rtype >= SHOPBASE)):
                return room
        return None

    # ================================================================== coordinates
    def _is_ok_location(self, x: int, y: int, humidity: int, sp: bool) -> bool:
        """is_ok_location() of sp_lev.c (``sp=True``) or of spo_lev.c."""
        if self.level.context.is_waterlevel:
            return True
        t = self._typ(x, y)
        if sp and self._ok_func is not None:
            return self._ok_func(t)
        if t == T.DRAWBRIDGE_UP:
            return self._is_ok_slow(x, y, t, humidity, sp)
        return _ok_table(humidity, sp)[t]

    def _is_ok_slow(self, x: int, y: int, t: int, humidity: int, sp: bool) -> bool:
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
        if (humidity & WET) and self._is_pool(x, y):
            return True
        if (humidity & HOT) and self._is_lava(x, y):
            return True
        return False

    def _scan_ok(self, mx: int, my: int, sx: int, sy: int, humidity: int, sp: bool):
        """get_location()'s last resort: the first good spot, column by column."""
        if self.level.context.is_waterlevel or (sp and self._ok_func is not None):
            for xx in range(sx):
                for yy in range(sy):
                    if self._is_ok_location(mx + xx, my + yy, humidity, sp):
                        return mx + xx, my + yy
            return None
        table = _ok_table(humidity, sp)
        typ = self.level.typ
        stone_ok = table[T.STONE]
        screen = _candidate_bytes(humidity, sp)
        for x in range(mx, mx + sx):
            inside_x = 0 <= x < COLNO
            if inside_x and 0 <= my and my + sy <= ROWNO:
                # a whole column inside the level: screen it at C speed
                col = typ[x * _R + my:x * _R + my + sy].translate(screen)
                k = col.find(1)
                while k >= 0:
                    y = my + k
                    t = typ[x * _R + y]
                    if t != T.DRAWBRIDGE_UP or self._is_ok_slow(x, y, t, humidity, sp):
                        return x, y
                    k = col.find(1, k + 1)
                continue
            for y in range(my, my + sy):
                if inside_x and 0 <= y < ROWNO:
                    t = typ[x * _R + y]
                    if t == T.DRAWBRIDGE_UP:
                        if self._is_ok_slow(x, y, t, humidity, sp):
                            return x, y
                    elif table[t]:
                        return x, y
                elif stone_ok:
                    return x, y
        return None

    def _get_location(self, x: int, y: int, humidity: int, croom: Optional[Room],
                      sp: bool = True) -> Tuple[int, int]:
        """get_location(): a coordinate relative to the room or the MAP made absolute;
        a negative x means a random spot passing the humidity test (100 tries, then a
        scan).  Failures give (-1, -1) with NO_LOC_WARN, else the maze corner."""
        lev = self.level
        if croom is not None:
            mx, my = croom.lx, croom.ly
            sx, sy = croom.hx - mx + 1, croom.hy - my + 1
        else:
            mx, my, sx, sy = lev.xstart, lev.ystart, lev.xsize, lev.ysize
        if x >= 0:
            x += mx
            y += my
        else:
            rng = self.rng
            found = False
            for _ in range(100):
                if croom is not None:
                    pt = R.somexy(lev, rng, croom)
                    if pt is not None:
                        x, y = pt
                    elif x < 0:
                        x, y = croom.lx, croom.ly
                else:
                    x = mx + rng.rn2(sx)
                    y = my + rng.rn2(sy)
                if self._is_ok_location(x, y, humidity, sp):
                    found = True
                    break
            if not found:
                spot = self._scan_ok(mx, my, sx, sy, humidity, sp)
                if spot is not None:
                    x, y = spot
                    found = True
                if not found:
                    if not humidity & NO_LOC_WARN:
                        self.warn(f"get_location: can't find a place! mx: {mx}, my: {my}, "
                                  f"sx: {sx}, sy: {sy}")
                    else:
                        x = y = -1
        if not (humidity & ANY_LOC) and not isok(x, y):
            if not humidity & NO_LOC_WARN:
                x, y = X_MAZE_MAX, Y_MAZE_MAX
            else:
                x = y = -1
        return x, y

    def _get_location_coord(self, coord: Coord, humidity: int,
                            croom: Optional[Room] = None, *, use_croom: bool = True
                            ) -> Tuple[int, int]:
        """sp_lev.c get_location_coord(): a random coordinate first tries its own
        humidity flags without complaint, then the statement's default."""
        if use_croom and croom is None:
            croom = self.croom
        if coord.random:
            flags = coord.humidity or humidity
            x = y = -1
        else:
            flags = humidity
            x, y = _s8(coord.x), _s8(coord.y)
        if flags & STAIRS_LOC:
            self._ok_func = _good_stair_loc
        try:
            x, y = self._get_location(x, y, flags | (NO_LOC_WARN if coord.random else 0), croom)
            if x == -1 and y == -1 and coord.random:
                x, y = self._get_location(-1, -1, humidity, croom)
        finally:
            if flags & STAIRS_LOC:
                self._ok_func = None
        return x, y

    # -- queries the evaluator asks ---------------------------------------------------
    def locate(self, coord, humidity: int = 0) -> Tuple[int, int]:
        return self._get_location_coord(coord, humidity or ANY_LOC)

    def locate_region(self, region) -> Tuple[int, int, int, int]:
        x1, y1, x2, y2 = _region_bytes(region)
        x1, y1 = self._get_location(x1, y1, ANY_LOC, self.croom, sp=False)
        x2, y2 = self._get_location(x2, y2, ANY_LOC, self.croom, sp=False)
        return x1, y1, x2, y2

    def to_relative(self, x: int, y: int) -> Tuple[int, int]:
        return x - self.level.xstart, y - self.level.ystart

    def terrain_at(self, x: int, y: int) -> int:
        return self._typ(x, y)

    def lit_at(self, x: int, y: int) -> int:
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            return self.level.lit[x * _R + y]
        return 0

    def room_bounds(self):
        r = self.croom
        return None if r is None else (r.lx, r.ly, r.hx, r.hy)

    def mon_at(self, x: int, y: int, monster) -> int:
        if not (0 <= x < COLNO and 0 <= y < ROWNO):
            return 0
        m = self._monster_at(x, y)
        if m is None:
            return 0
        if monster is None or monster.is_random:
            return 1
        info = monster_data(m)
        if monster.name is not None and (info is None or info.name != monster.name):
            return 0
        if monster.cls is not None and (info is None or info.symbol != monster.cls):
            return 0
        return 1

    def obj_at(self, x: int, y: int, obj) -> int:
        if obj is None or obj.name is None or not (0 <= x < COLNO and 0 <= y < ROWNO):
            return 0   # sobj_at() of a class-only or random object never matches
        return int(any(o.x == x and o.y == y and o.id == obj.name and not o.buried
                       for o in self.level.objects))

    def carrying(self, obj) -> int:
        return 0    # no hero while the level is made

    # ================================================================== the level
    def do_level(self, name: str = "", flags=(), span: Optional[Span] = None, **_):
        lev = self.level
        lev.name = name
        lev.flags.is_maze_lev = False
        lev.xstart, lev.ystart, lev.xsize, lev.ysize = 1, 0, COLNO - 1, ROWNO
        lev.flags.apply_des_flags(list(flags))

    def do_message(self, text: str = "", **_):
        self.level.messages.append(text)

    def do_init_map(self, style: str, fill=None, fg=None, bg=None, smoothed=None,
                    joined=None, lit=None, walled=None, fillchar=None, span=None, **_):
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
        else:
            raise DesError(f"INIT_MAP style '{style}' is not known to the loader", span)
        init_level(self.level, self.rng, spec)

    # -- MAP ---------------------------------------------------------------------------
    def do_map(self, halign=None, valign=None, coord=None, keep_region: int = 1,
               lines=None, span: Optional[Span] = None, **_):
        """spo_map(): place a MAP (or NOMAP) and make it the frame of later coordinates."""
        lev = self.level
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
            croom = self.croom
            if croom is None:
                lev.xstart, lev.ystart = 1, 0
                lev.xsize, lev.ysize = COLNO - 1 - xsize, ROWNO - ysize
            x, y = self._get_location_coord(coord, ANY_LOC)
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
            self._load_map(rows, xsize)
            if lev.lvl_is_joined:
                R.remove_rooms(lev, lev.xstart, lev.ystart, lev.xstart + lev.xsize,
                               lev.ystart + lev.ysize)
        if not keep_region:
            lev.xstart, lev.ystart, lev.xsize, lev.ysize = saved

    def _load_map(self, rows: List[str], width: int) -> None:
        lev = self.level
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
                start = x0 * _R + y
                stop = start + width * _R
                typ[start:stop:_R] = bytes(types)
                zeros = bytes(width)
                for arr in (lit, flg, horiz, roomno, edge):
                    arr[start:stop:_R] = zeros
                touched[start:stop:_R] = b"\x01" * width
            else:
                for dx, t in cells:
                    i = (x0 + dx) * _R + y
                    typ[i] = t
                    lit[i] = flg[i] = horiz[i] = roomno[i] = edge[i] = 0
                    touched[i] = 1
            for dx, t in cells:
                if t not in special:
                    continue
                x = x0 + dx
                i = x * _R + y
                if t == T.SDOOR or t == T.DOOR:
                    if t == T.SDOOR:
                        flg[i] = D_CLOSED
                    if x != x0 and x > 0 and (0 < typ[i - _R] <= T.DBWALL or horiz[i - _R]):
                        horiz[i] = 1
                elif t == T.HWALL or t == T.IRONBARS:
                    horiz[i] = 1
                elif t == T.LAVAPOOL:
                    lit[i] = 1
                elif lev.init_present and t == T.ICE:
                    flg[i] = iced

    # -- terrain statements -------------------------------------------------------------
    def do_terrain(self, selection, mapchar: MapCharValue, **_):
        lev = self.level
        typ, flg, horiz = lev.typ, lev.flg, lev.horiz
        for x, y in selection:
            i = x * _R + y
            if typ[i] == T.STAIRS:
                continue
            lev.set_typlit(x, y, mapchar.typ, mapchar.light, self.rng)
            t = typ[i]
            if t in (T.SDOOR, T.DOOR):
                if t == T.SDOOR:
                    flg[i] = D_CLOSED
                if x and (0 < typ[i - _R] <= T.DBWALL or horiz[i - _R]):
                    horiz[i] = 1

    def do_replace_terrain(self, region: Region, from_char: MapCharValue,
                           to_char: MapCharValue, percent: int, **_):
        if to_char.typ >= T.MAX_TYPE:
            return
        x1, y1, x2, y2 = _region_bytes(region)
        croom = self.croom
        x1, y1 = self._get_location(x1, y1, ANY_LOC, croom, sp=False)
        x2, y2 = self._get_location(x2, y2, ANY_LOC, croom, sp=False)
        lev, rng = self.level, self.rng
        typ = lev.typ
        for x in range(max(x1, 0), min(x2, COLNO - 1) + 1):
            for y in range(max(y1, 0), min(y2, ROWNO - 1) + 1):
                if typ[x * _R + y] == from_char.typ and rng.rn2(100) < percent:
                    lev.set_typlit(x, y, to_char.typ, to_char.light, rng)

    def do_spill(self, coord: Coord, mapchar: MapCharValue, direction: int, count: int, **_):
        """spill_terrain(): a blob of terrain grown from a wall (random start) or a spot."""
        if mapchar.typ >= T.MAX_TYPE:
            return
        lev, rng, croom = self.level, self.rng, self.croom
        ttyp, tlit = mapchar.typ, mapchar.light
        if coord.random:
            found = False
            for _ in range(500):
                x, y = self._get_location(-1, -1, ANY_LOC, croom, sp=False)
                if direction not in _DIR_DELTA:
                    return
                dx, dy = _DIR_DELTA[direction]
                nx, ny = x - dx, y - dy   # the wall lies behind the spill's direction
                if not isok(nx, ny):
                    continue
                if 0 < self._typ(nx, ny) <= T.DBWALL:
                    lev.set_typlit(nx, ny, ttyp, tlit, rng)
                    found = True
                    break
            if not found:
                return
        else:
            x, y = self._get_location(_s8(coord.x), _s8(coord.y), ANY_LOC, croom, sp=False)
        lastdir = -1
        nx, ny = x, y
        for _ in range(count, 0, -1):
            guard = 0
            lev.set_typlit(nx, ny, ttyp, tlit, rng)
            while True:
                guard += 1
                while True:
                    k = rng.rn2(5)
                    k = direction if k > 3 else 1 << k
                    dx, dy = _DIR_DELTA.get(k, (0, 0))
                    qx, qy = nx + dx, ny + dy
                    if isok(qx, qy):
                        break
                if not ((k == lastdir or self._typ(qx, qy) == ttyp) and guard < 200):
                    break
            nx, ny = qx, qy
            lastdir = k

    def do_wallwalk(self, coord: Coord, fg: MapCharValue, bg: MapCharValue,
                    percent: int, **_):
        x, y = self._get_location_coord(coord, ANY_LOC)
        if not isok(x, y) or fg.typ >= T.MAX_TYPE or bg.typ >= T.MAX_TYPE:
            return
        self._wallwalk_right(x, y, fg.typ, fg.light, bg.typ, percent)

    def _wallwalk_right(self, x: int, y: int, fgtyp: int, fglit: int, bgtyp: int,
                        chance: int) -> None:
        """mklev.c wallwalk_right(): follow the wall on the right, painting bgtyp."""
        lev, rng = self.level, self.rng
        sx, sy = x, y
        d = 1
        if self._typ(x, y) != bgtyp:
            return
        while True:
            if (self._trap_at(x, y) is None and not self._bydoor(x, y)
                    and self._typ(x, y) == bgtyp and chance >= rng.rn2(100)):
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
                    t = self._typ(x, y)
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

    def do_mazewalk(self, coord: Coord, direction: int, stocked=None, fillchar=None, **_):
        x, y = self._get_location_coord(coord, ANY_LOC)
        if not isok(x, y):
            return
        ftyp = T.map_char_to_type(fillchar) if fillchar else 0
        if ftyp >= T.MAX_TYPE:
            ftyp = 0
        carved: list = []
        mazewalk(self.level, self.rng, x, y, direction, ftyp,
                 stocked=True if stocked is None else bool(stocked),
                 filler=_MazeFiller(self), trace=carved)
        # the cells the walk opened, so checks can tell later whether the maze stayed whole
        self.level.extras.setdefault("mazewalks", []).append(
            {"start": (x, y), "cells": sorted(set(carved))})

    def do_wallify(self, selection=None, **_):
        lev = self.level
        if selection is None:
            if self.compat.plain_wallify_is_noop:
                return
            wallify_map(lev, lev.xstart - 1, lev.ystart - 1, lev.xstart + lev.xsize + 1,
                        lev.ystart + lev.ysize + 1)
            return
        for x, y in selection:
            wallify_map(lev, x, y, x, y)

    def _wall_property(self, region: Region, prop: int) -> None:
        x1, y1, x2, y2 = _region_bytes(region)
        x1, y1 = self._get_location(x1, y1, ANY_LOC, None, sp=False)
        x2, y2 = self._get_location(x2, y2, ANY_LOC, None, sp=False)
        set_wall_property(self.level, x1, y1, x2, y2, prop)

    def do_non_diggable(self, region: Region, **_):
        self._wall_property(region, W_NONDIGGABLE)

    def do_non_passwall(self, region: Region, **_):
        self._wall_property(region, W_NONPASSWALL)

    # -- doors ---------------------------------------------------------------------------
    def do_door(self, state: int, selection, **_):
        lev = self.level
        if state == -1:
            state = (1 << self.rng.rn2(5)) >> 1      # rnddoor()
        for x, y in selection:
            i = x * _R + y
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

    def do_roomdoor(self, secret: int, state: int, walls: int, pos: int, span=None, **_):
        broom = self.croom
        if broom is None:
            return
        self._create_door(broom, secret, state, walls, pos)

    def _create_door(self, broom: Room, secret: int, mask: int, wall: int, dpos: int) -> None:
        """spo_lev.c create_door(): a door on one of the room's walls."""
        rng, lev = self.rng, self.level
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
                if self._typ(x, y - 1) < T.POOL:
                    continue
            elif wtry == 1:
                if not dwall & W_SOUTH:
                    continue
                y = broom.hy + 1
                x = broom.lx + (rng.rn2(1 + broom.hx - broom.lx) if dpos == -1 else dpos)
                if self._typ(x, y + 1) < T.POOL:
                    continue
            elif wtry == 2:
                if not dwall & W_WEST:
                    continue
                x = broom.lx - 1
                y = broom.ly + (rng.rn2(1 + broom.hy - broom.ly) if dpos == -1 else dpos)
                if self._typ(x - 1, y) < T.POOL:
                    continue
            else:
                if not dwall & W_EAST:
                    continue
                x = broom.hx + 1
                y = broom.ly + (rng.rn2(1 + broom.hy - broom.ly) if dpos == -1 else dpos)
                if self._typ(x + 1, y) < T.POOL:
                    continue
            if self._okdoor(x, y):
                break
        else:
            self.warn("create_door: Can't find a proper place!")
            return
        R.add_door(lev, x, y, broom)
        lev.set_typ(x, y, T.SDOOR if secret else T.DOOR)
        lev.set_doormask(x, y, mask)

    def do_drawbridge(self, coord: Coord, direction: int, state: int, span=None, **_):
        x, y = self._get_location_coord(coord, DRY | WET | HOT)
        dopen = 1 if state == D_ISOPEN else 0 if state == D_CLOSED else -1
        if dopen == -1:
            dopen = int(not self.rng.rn2(2))
        if not self._create_drawbridge(x, y, _wdir_to_db(direction), bool(dopen)):
            self.warn("Cannot create drawbridge.", span)
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            self.level.touch(x, y)

    def _create_drawbridge(self, x: int, y: int, d: int, is_open: bool) -> bool:
        lev = self.level
        lava = self._typ(x, y) == T.LAVAPOOL
        x2, y2 = x, y
        if d == DB_NORTH:
            horiz, y2 = True, y - 1
        elif d == DB_SOUTH:
            horiz, y2 = True, y + 1
        elif d == DB_EAST:
            horiz, x2 = False, x + 1
        else:
            horiz, x2 = False, x - 1
        if not (0 < self._typ(x2, y2) <= T.DBWALL):
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
    def _feature(self, selection, ftyp: int) -> None:
        typ = self.level.typ
        for x, y in selection:
            i = x * _R + y
            if T.STAIRS <= typ[i] <= T.ALTAR:
                continue
            typ[i] = ftyp

    def do_fountain(self, selection, **_):
        self._feature(selection, T.FOUNTAIN)

    def do_sink(self, selection, **_):
        self._feature(selection, T.SINK)

    def do_pool(self, selection, **_):
        self._feature(selection, T.POOL)

    def do_stair(self, coord: Coord, up: int, span=None, **_):
        x, y = self._get_location_coord(coord, DRY | STAIRS_LOC)
        t = self._trap_at(x, y)
        if t is not None:
            self.level.traps.remove(t)
        self._mkstairs(x, y, bool(up), force=not coord.random, span=span)
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            self.level.touch(x, y)

    def _mkstairs(self, x: int, y: int, up: bool, force: bool, span=None,
                  tolev=None) -> None:
        lev = self.level
        if not x or not isok(x, y):
            self.warn(f"mkstairs: bogus stair attempt at <{x},{y}>", span)
            return
        if force:
            lev.set_typ(x, y, T.ROOM)
        if self._typ(x, y) not in (T.ROOM, T.CORR, T.ICE):
            self.warn(f"mkstairs: placing stairs {'up' if up else 'down'} on "
                      f"{T.TERRAIN_NAMES[self._typ(x, y)]} at <{x},{y}>", span)
        ctx = lev.context
        dunlevs = getattr(ctx, "dunlevs", None)   # unknown: an interior level
        if dunlevs is not None and ((ctx.dunlev == 1 and up) or (ctx.dunlev == dunlevs and not up)):
            return
        lev.stairs.append(Stairway(x, y, up, False, tolev))
        lev.set_typ(x, y, T.STAIRS)
        lev.set_flags(x, y, LA_UP if up else LA_DOWN)

    def do_ladder(self, coord: Coord, up: int, **_):
        lev = self.level
        x, y = self._get_location_coord(coord, DRY)
        if not (0 <= x < COLNO and 0 <= y < ROWNO):
            return
        lev.set_typ(x, y, T.LADDER)
        lev.touch(x, y)
        lev.stairs.append(Stairway(x, y, bool(up), True))
        lev.set_flags(x, y, LA_UP if up else LA_DOWN)

    def do_altar(self, coord: Coord, align: Align, altar_type: int, **_):
        """create_altar(): an altar; a shrine in a temple gets its priest."""
        lev, rng = self.level, self.rng
        croom = self.croom
        is_temple = True
        if croom is not None:
            x, y = self._get_free_room_loc(croom, coord)
            if croom.rtype != TEMPLE:
                is_temple = False
        else:
            x, y = self._get_location_coord(coord, DRY)
            croom = self._in_rooms(x, y, TEMPLE)
            if croom is None:
                is_temple = False
        if not lev.set_levltyp(x, y, T.ALTAR):
            return
        amask = self._sp_amask_to_amask(self._amask_of(align), rng)
        lev.set_flags(x, y, amask)
        shrine = altar_type
        if shrine < 0:
            shrine = rng.rn2(2)
        if not is_temple or not shrine:
            return
        priestini(self, croom, x, y, shrine > 1, _amask2align(amask), rng)
        lev.set_flags(x, y, amask | AM_SHRINE | (AM_SANCTUM if shrine == 2 else 0))
        lev.extras["has_temple"] = True

    @staticmethod
    def _amask_of(align: Optional[Align]) -> int:
        if align is None or align.kind == "random":
            return AM_SPLEV_RANDOM
        return align.value

    def _sp_amask_to_amask(self, sp_amask: int, rng: RNG) -> int:
        hero = getattr(self.run_context, "alignment", 0)
        if sp_amask == AM_SPLEV_CO:
            return _align2amask(hero)
        if sp_amask == AM_SPLEV_NONCO:
            return _align2amask(-hero if hero else (1 if rng.rn2(2) else -1))
        if sp_amask == AM_SPLEV_RANDOM:
            return _align2amask(rng.rn2(3) - 1)      # induced_align(80), no level alignment
        return sp_amask & AM_MASK

    def do_grave(self, coord: Coord, text=None, random_text: bool = False, **_):
        lev = self.level
        x, y = self._get_location_coord(coord, DRY)
        if not isok(x, y) or self._trap_at(x, y) is not None:
            return
        lev.set_typ(x, y, T.GRAVE)
        if text is not None:
            make_grave(self, x, y, self.rng, text)
        elif random_text:
            make_grave(self, x, y, self.rng)
        else:
            self._del_engr_at(x, y)

    def _del_engr_at(self, x: int, y: int) -> None:
        self.level.engravings[:] = [e for e in self.level.engravings if (e.x, e.y) != (x, y)]

    def do_engraving(self, coord: Coord, etype: int, text: str, **_):
        x, y = self._get_location_coord(coord, DRY)
        self._del_engr_at(x, y)
        self.level.engravings.append(Engraving(x, y, text, etype))

    # -- level regions ----------------------------------------------------------------------
    def do_levregion(self, kind: str, area: Region, exclude: Region, up=None, dest=None, **_):
        if kind == "stair":
            rtype = LR_UPSTAIR if up else LR_DOWNSTAIR
        elif kind == "portal":
            rtype = LR_PORTAL
        elif kind == "branch":
            rtype = LR_BRANCH
        else:
            rtype = LR_TELE if up is None else (LR_UPTELE if up else LR_DOWNTELE)
        ia = Area(area.x1, area.y1, area.x2, area.y2)
        da = Area(exclude.x1, exclude.y1, exclude.x2, exclude.y2)
        if not area.whole_level:
            ia.x1, ia.y1 = self._get_location(ia.x1, ia.y1, ANY_LOC, None, sp=False)
            ia.x2, ia.y2 = self._get_location(ia.x2, ia.y2, ANY_LOC, None, sp=False)
        if not exclude.whole_level:
            da.x1, da.y1 = self._get_location(da.x1, da.y1, ANY_LOC, None, sp=False)
            da.x2, da.y2 = self._get_location(da.x2, da.y2, ANY_LOC, None, sp=False)
        self.level.lregions.append(LevRegion(ia, da, area.whole_level, exclude.whole_level,
                                             rtype, 0, dest or ""))

    # -- records without map effects ----------------------------------------------------------
    def do_mon_generation(self, percent: int, entries, **_):
        """spo_mon_generation(): the level's own random-monster table (kept for
        the random monsters made after it, see populate.LevelContext.mon_gen)."""
        if "mon_generation" in self.level.extras:
            self.warn("monster generation override already defined.")
            return
        self.level.extras["mon_generation"] = mon_generation_record(percent, entries)

    def do_sounds(self, frequency: int, entries, **_):
        """spo_level_sounds(): the messages the level gives now and then."""
        if "sounds" in self.level.extras:
            self.warn("level sounds already defined.")
            return
        self.level.extras["sounds"] = sounds_record(frequency, entries)

    def do_mineralize(self, kelp_pool=-1, kelp_moat=-1, gold_prob=-1, gem_prob=-1, **_):
        mineralize(self.level, self.rng, kelp_pool, kelp_moat, gold_prob, gem_prob,
                   skip_lvl_checks=True)

    def do_vaultgen(self, frequency: int = 0, **_):
        self.level.extras["vaultgen"] = frequency

    # ================================================================== rooms and regions
    def begin_room(self, span=None, **args) -> bool:
        if self._n_sub > MAX_NESTED_ROOMS:
            raise DesError("Too deeply nested rooms", span)
        n = self._n_sub
        room = None
        if not self._failed[n - 1]:
            room = self._build_room(**args)
        self._roomlist[n] = room
        self._failed[n] = room is None
        self._n_sub += 1
        return room is not None

    def end_room(self) -> None:
        if self._n_sub > 1:
            self._n_sub -= 1
            self._roomlist[self._n_sub] = None
            self._failed[self._n_sub] = True
        else:
            lev = self.level
            if lev.xsize <= 1 and lev.ysize <= 1:
                lev.xstart, lev.ystart, lev.xsize, lev.ysize = 1, 0, COLNO - 1, ROWNO

    @staticmethod
    def _rtype_value(name: Optional[str]) -> int:
        if name is None:
            return -1
        found = data.lookup_room_type(name).item
        return found.value if found is not None else OROOM

    def _build_room(self, subroom=False, rtype=None, chance=100, light=-1, pos=None,
                    align=None, size=None, filled=1, irregular=0, joined=1, **_) -> Optional[Room]:
        rng = self.rng
        rt = self._rtype_value(rtype)
        if chance and not rng.rn2(100) < chance:
            rt = OROOM
        x, y = pos if pos is not None else (-1, -1)
        w, h = size if size is not None else (-1, -1)
        xal, yal = align if align is not None else (-1, -1)
        parent = self.croom
        if parent is not None:
            room = self._create_subroom(parent, x, y, w, h, rt, light)
        else:
            room = self._create_room(x, y, w, h, xal, yal, rt, light)
        if room is None:
            return None
        R.topologize(self.level, room)
        room.needfill = filled
        room.needjoining = bool(joined)
        return room

    def _create_room(self, x: int, y: int, w: int, h: int, xal: int, yal: int,
                     rtype: int, rlit: int) -> Optional[Room]:
        """sp_lev.c create_room(): a room in a free rectangle, random or placed on the
        5x5 grid; None when no place is found in 100 tries."""
        rng, lev, rects = self.rng, self.level, self.rects
        if rtype == -1:
            rtype = OROOM
        vault = rtype == VAULT
        xlim, ylim = XLIM + vault, YLIM + vault
        rlit = litstate_rnd(lev, rng, rlit)
        r1 = None
        r2 = Rect(0, 0, 0, 0)
        xabs = yabs = wtmp = htmp = 0
        trycnt = 0
        while True:
            wtmp, htmp, xtmp, ytmp, xaltmp, yaltmp = w, h, x, y, xal, yal
            if (xtmp < 0 and ytmp < 0 and wtmp < 0 and xaltmp < 0 and yaltmp < 0) or vault:
                r1 = rects.rnd_rect(rng)
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
                    r1 = None
                else:
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
                    ok, xabs, dx, yabs, dy = self._check_room(xabs, dx, yabs, dy, vault)
                    if not ok:
                        r1 = None
                    else:
                        wtmp, htmp = dx + 1, dy + 1
                        r2 = Rect(xabs - 1, yabs - 1, xabs + wtmp, yabs + htmp)
            else:
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
                if xabs + wtmp - 1 > COLNO - 2:
                    xabs = COLNO - wtmp - 3
                if xabs < 2:
                    xabs = 2
                if yabs + htmp - 1 > ROWNO - 2:
                    yabs = ROWNO - htmp - 3
                if yabs < 2:
                    yabs = 2
                r2 = Rect(xabs - 1, yabs - 1, xabs + wtmp + rndpos, yabs + htmp + rndpos)
                r1 = rects.get_rect(r2)
                if r1 is not None:
                    ok, xabs, _dx, yabs, _dy = self._check_room(xabs, wtmp, yabs, htmp, vault)
                    if not ok:
                        r1 = None
            trycnt += 1
            if r1 is not None or trycnt > 100:
                break
        if r1 is None:
            return None
        rects.split(r1, r2)
        if vault:
            # the C only notes the spot (rooms[nroom].lx/ly); the vault itself is made
            # by the level generator later.  A stand-in 2x2 room keeps the contents'
            # coordinates meaningful.
            self.warn("a vault ROOM is only reserved by the loader, not built")
            return Room(xabs, yabs, xabs + 1, yabs + 1, rtype=VAULT)
        self.smeq.append(len(lev.rooms))
        return R.add_room(lev, xabs, yabs, xabs + wtmp - 1, yabs + htmp - 1, bool(rlit),
                          rtype, special=False)

    def _check_room(self, lowx: int, ddx: int, lowy: int, ddy: int, vault: bool):
        """sp_lev.c check_room(): shrink the room away from anything not stone around
        it (each time with a 1 in 3 chance of giving up)."""
        rng, typ = self.rng, self.level.typ
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
                    if typ[x * _R + y] != T.STONE:
                        if not rng.rn2(3):
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
                return True, lowx, hix - lowx, lowy, hiy - lowy

    def _create_subroom(self, proom: Room, x: int, y: int, w: int, h: int, rtype: int,
                        rlit: int) -> Optional[Room]:
        """spo_lev.c create_subroom() (its random position differs from sp_lev.c's)."""
        rng = self.rng
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
        rlit = litstate_rnd(self.level, rng, rlit)
        if proom not in self.level.rooms:
            return None      # the stand-in of an unbuilt vault has no subrooms
        return R.add_subroom(self.level, proom, proom.lx + x, proom.ly + y,
                             proom.lx + x + w - 1, proom.ly + y + h - 1, bool(rlit), rtype)

    def begin_region(self, region: Region, light: int, rtype=None, filled=1, irregular=0,
                     joined=1, has_contents=False, span=None, **_) -> None:
        """spo_region(): light an area, or make it a room (irregular: flood-filled)."""
        lev, rng = self.level, self.rng
        rt = self._rtype_value(rtype)
        if not filled:
            rt += MAXRTYPE + 1
        self._region_endroom.append(bool(irregular or filled or rt != OROOM))
        if rt > MAXRTYPE:
            rt -= MAXRTYPE + 1
            prefilled = True
        else:
            prefilled = False
        rlit = light
        if rlit < 0:
            rlit = int(litstate_rnd(lev, rng, -1))
        dx1, dy1, dx2, dy2 = _region_bytes(region)
        dx1, dy1 = self._get_location(dx1, dy1, ANY_LOC, None, sp=False)
        dx2, dy2 = self._get_location(dx2, dy2, ANY_LOC, None, sp=False)
        room_not_needed = rt == OROOM and not irregular and not prefilled
        if room_not_needed or len(lev.rooms) >= MAXNROFROOMS:
            if not room_not_needed:
                self.warn("Too many rooms on new level!", span)
            R.light_region(lev, dx1, dy1, dx2, dy2, bool(rlit))
            return
        nroom = len(lev.rooms)
        if irregular:
            while len(self.smeq) <= nroom:
                self.smeq.append(len(self.smeq))
            self.smeq[nroom] = nroom
            res = R.flood_fill_rm(lev, dx1, dy1, nroom + ROOMOFFSET, bool(rlit), True)
            troom = R.add_room(lev, res.min_rx, res.min_ry, res.max_rx, res.max_ry, False,
                               rt, special=True)
            troom.rlit = rlit
            troom.irregular = True
        else:
            while len(self.smeq) <= nroom:
                self.smeq.append(len(self.smeq))
            troom = R.add_room(lev, dx1, dy1, dx2, dy2, bool(rlit), rt, special=True)
            R.topologize(lev, troom)
        troom.needfill = (2 if prefilled else 1) if rt != OROOM else FILL_NONE
        troom.needjoining = bool(joined)
        if self._n_sub > 1:
            self.warn("region as subroom", span)
        else:
            self._roomlist[self._n_sub] = troom
            self._failed[self._n_sub] = False
            self._n_sub += 1

    def end_region(self) -> None:
        if self._region_endroom.pop():
            self.end_room()

    # -- corridors ------------------------------------------------------------------------
    def do_corridor(self, src, dst, **_):
        """create_corridor(): from the src room's door to the dst room's door.  A source
        room of -1 means random corridors of style src-door; an integer destination
        (lev_comp's "nxcor" form) only looks for the source door and digs nothing."""
        if src[0] == -1:
            self._makecorridors(src[2])
            return
        if isinstance(dst, int):
            return
        self._create_corridor(src, dst)

    def do_random_corridors(self, style=None, **_):
        self._makecorridors(0 if style is None else style)

    def _search_door(self, croom: Room, wall: int, cnt: int):
        if self.compat.corridor_walls_swapped and wall in (W_NORTH, W_SOUTH):
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
            if self._typ(xx, yy) in (T.DOOR, T.SDOOR):
                found = (xx, yy)
                if cnt <= 0:
                    return found
                cnt -= 1
            xx += dx
            yy += dy
        return None

    def _create_corridor(self, src, dst) -> None:
        rooms = self.level.rooms
        sroom, swall, sdoor = src
        droom, dwall, ddoor = dst
        if not (0 <= sroom < len(rooms)):
            return
        org = self._search_door(rooms[sroom], swall, sdoor)
        if org is None or droom == -1 or not (0 <= droom < len(rooms)):
            return
        dest = self._search_door(rooms[droom], dwall, ddoor)
        if dest is None:
            return
        step = {W_NORTH: (0, -1), W_SOUTH: (0, 1), W_WEST: (-1, 0), W_EAST: (1, 0)}
        ox, oy = step.get(swall, (0, 0))
        tx, ty = step.get(dwall, (0, 0))
        R.dig_corridor(self.level, self.rng, (org[0] + ox, org[1] + oy),
                       (dest[0] + tx, dest[1] + ty), False, T.CORR, T.STONE)

    def _finddpos(self, xl: int, yl: int, xh: int, yh: int) -> Tuple[int, int]:
        rng = self.rng
        x = xl if xl == xh else xl + rng.rn2(xh - xl + 1)
        y = yl if yl == yh else yl + rng.rn2(yh - yl + 1)
        if self._okdoor(x, y):
            return x, y
        for x in range(xl, xh + 1):
            for y in range(yl, yh + 1):
                if self._okdoor(x, y):
                    return x, y
        for x in range(xl, xh + 1):
            for y in range(yl, yh + 1):
                if self._typ(x, y) in (T.DOOR, T.SDOOR):
                    return x, y
        return xl, yh

    def _dodoor(self, x: int, y: int, room: Room) -> None:
        from unlev.rogue import dosdoor
        if len(self.level.doors) >= DOORMAX:
            self.warn("DOORMAX exceeded?")
            return
        dosdoor(self.level, self.rng, x, y, room, T.DOOR,
                shdoor=self._in_rooms(x, y, SHOPBASE) is not None)

    def _join(self, a: int, b: int, nxcor: bool) -> None:
        """mklev.c join(): doors on facing walls of two rooms and a corridor between."""
        lev = self.level
        croom, troom = lev.rooms[a], lev.rooms[b]
        if not croom.needjoining or not troom.needjoining:
            return
        if troom.hx < 0 or croom.hx < 0 or len(lev.doors) >= DOORMAX:
            return
        if troom.lx > croom.hx:
            dx, dy = 1, 0
            xx, tx = croom.hx + 1, troom.lx - 1
            cc = self._finddpos(xx, croom.ly, xx, croom.hy)
            tt = self._finddpos(tx, troom.ly, tx, troom.hy)
        elif troom.hy < croom.ly:
            dx, dy = 0, -1
            yy, ty = croom.ly - 1, troom.hy + 1
            cc = self._finddpos(croom.lx, yy, croom.hx, yy)
            tt = self._finddpos(troom.lx, ty, troom.hx, ty)
        elif troom.hx < croom.lx:
            dx, dy = -1, 0
            xx, tx = croom.lx - 1, troom.hx + 1
            cc = self._finddpos(xx, croom.ly, xx, croom.hy)
            tt = self._finddpos(tx, troom.ly, tx, troom.hy)
        else:
            dx, dy = 0, 1
            yy, ty = croom.hy + 1, troom.ly - 1
            cc = self._finddpos(croom.lx, yy, croom.hx, yy)
            tt = self._finddpos(troom.lx, ty, troom.hx, ty)
        xx, yy = cc
        tx, ty = tt[0] - dx, tt[1] - dy
        if nxcor and self._typ(xx + dx, yy + dy):
            return
        if self._okdoor(xx, yy) or not nxcor:
            self._dodoor(xx, yy, croom)
        ftyp = T.ROOM if lev.flags.arboreal else T.CORR

        def boulder(bx, by):
            add_object(lev, bx, by, object_kind("boulder"), "corridor")

        if not R.dig_corridor(lev, self.rng, (xx + dx, yy + dy), (tx, ty), nxcor, ftyp,
                              T.STONE, boulder):
            return
        if self._okdoor(tt[0], tt[1]) or not nxcor:
            self._dodoor(tt[0], tt[1], troom)
        smeq = self.smeq
        while len(smeq) < len(lev.rooms):
            smeq.append(len(smeq))
        if smeq[a] < smeq[b]:
            smeq[b] = smeq[a]
        else:
            smeq[a] = smeq[b]

    def _makecorridors(self, style: int) -> None:
        """mklev.c makecorridors(): RANDOM_CORRIDORS in one of four styles."""
        rng, rooms = self.rng, self.level.rooms
        nroom = len(rooms)
        smeq = self.smeq
        while len(smeq) < nroom:
            smeq.append(len(smeq))
        if style == -1:
            style = rng.rn2(4)
        if style == 1:
            if nroom > 1:
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
                    self._join(a, b, False)
        elif style == 2:
            if nroom > 1:
                for a in range(nroom):
                    if rooms[a].needjoining:
                        cnt = 0
                        b = a
                        while True:
                            b = (b + 1) % nroom
                            cnt += 1
                            if not (not rooms[b].needjoining and cnt < nroom):
                                break
                        self._join(a, b, False)
        elif style == 3:
            if nroom > 1:
                b = 0
                while b < nroom and not rooms[b].needjoining:
                    b += 1
                if b < nroom:
                    for a in range(nroom):
                        if a != b:
                            self._join(a, b, False)
        else:
            for a in range(nroom - 1):
                self._join(a, a + 1, False)
                if not rng.rn2(50):
                    break
            for a in range(nroom - 2):
                if smeq[a] != smeq[a + 2]:
                    self._join(a, a + 2, False)
            anyj = True
            a = 0
            while anyj and a < nroom:
                anyj = False
                for b in range(nroom):
                    if smeq[a] != smeq[b]:
                        self._join(a, b, False)
                        anyj = True
                a += 1
            if nroom > 2:
                i = rng.rn2(nroom) + 4
                while i:
                    a = rng.rn2(nroom)
                    b = rng.rn2(nroom - 2)
                    if b >= a:
                        b += 2
                    self._join(a, b, True)
                    i -= 1

    # ================================================================== entities
    def _get_free_room_loc(self, croom: Room, coord: Coord) -> Tuple[int, int]:
        """get_free_room_loc(): the coordinate, or a random floor spot of the room."""
        x, y = self._get_location_coord(coord, DRY, croom)
        if self._typ(x, y) != T.ROOM:
            for _ in range(101):
                pt = R.somexy(self.level, self.rng, croom)
                if pt is not None:
                    x, y = pt
                if self._typ(x, y) == T.ROOM:
                    break
            else:
                self.warn("get_free_room_loc: can't find a place!")
        return x, y

    def do_trap(self, name: Optional[str], coord: Coord, **_):
        """create_trap() + mktrap(): a trap of the named or a random kind."""
        lev = self.level
        croom = self.croom
        if croom is not None:
            x, y = self._get_free_room_loc(croom, coord)
        else:
            for _ in range(101):
                x, y = self._get_location_coord(coord, DRY)
                if self._typ(x, y) not in (T.STAIRS, T.LADDER):
                    break
            else:
                return
        if self._is_pool(x, y) or self._typ(x, y) == T.BOG:
            return
        pctx = self._pop_context()
        if name is None:
            kind = pctx.random_trap(self.rng)
        else:
            kind = data.get_trap(name)
        self._maketrap(x, y, kind)
        if populate.web_spider(self.rng, pctx.level_difficulty, kind) and \
                self._monster_at(x, y) is None:
            add_monster(lev, x, y, data.monster_named("giant spider"), "web")

    def _maketrap(self, x: int, y: int, kind) -> Optional[Trap]:
        lev = self.level
        if not (0 <= x < COLNO and 0 <= y < ROWNO):
            return None
        old = self._trap_at(x, y)
        i = x * _R + y
        t = lev.typ[i]
        if old is not None:
            if old.ttyp in ("MAGIC_PORTAL", "VIBRATING_SQUARE"):
                return None
            trap = old
            trap.ttyp = kind.name
        elif T.STAIRS <= t <= T.ALTAR and (t != T.GRAVE or kind.name not in ("PIT", "HOLE")):
            return None
        else:
            trap = Trap(x, y, kind.name)
            lev.traps.append(trap)
        trap.is_pit = kind.name in ("PIT", "SPIKED_PIT")
        trap.attrs["des_name"] = kind.des_name
        if kind.name == "STATUE_TRAP":
            statue_trap_statue(self, x, y)
        elif kind.name == "ROLLING_BOULDER_TRAP":
            mkroll_launch(self, trap, x, y, self.rng)
        if kind.name in ("PIT", "SPIKED_PIT", "HOLE", "TRAPDOOR"):
            lev.flg[i] = 0
            if t >= T.ROOM:
                lev.typ[i] = T.ROOM
            elif t in (T.STONE, T.SCORR):
                lev.typ[i] = T.CORR
            elif 0 < t <= T.DBWALL or t == T.SDOOR:
                lev.typ[i] = (T.ROOM if lev.flags.is_maze_lev else
                              T.CORR if lev.flags.is_cavernous_lev else T.DOOR)
        return trap

    def do_gold(self, amount: int, coord: Coord, **_):
        x, y = self._get_location_coord(coord, DRY)
        if amount == -1:
            amount = self.rng.rnd(200)
        self._mkgold(amount, x, y, self.rng)

    def _mkgold(self, amount: int, x: int, y: int, rng: RNG) -> Object:
        if amount <= 0:
            amount = 1 + rng.rnd(self._pop_context().level_difficulty + 2) * rng.rnd(30)
        for o in self.level.objects:
            if o.x == x and o.y == y and o.id == "gold piece" and not o.buried:
                o.attrs["quantity"] = o.attrs.get("quantity", 0) + amount
                return o
        return add_object(self.level, x, y, object_kind("gold piece"), quantity=amount)

    # -- monsters ----------------------------------------------------------------------------
    def begin_monster(self, monster: MonsterValue, coord: Coord, has_inventory=False,
                      span=None, **attrs) -> None:
        mon = self._create_monster(monster, coord, attrs)
        self._monster_stack.append(self._invent_monster)
        self._invent_monster = mon if (mon is not None and has_inventory) else None

    def end_monster(self) -> None:
        self._invent_monster = self._monster_stack.pop() if self._monster_stack else None

    def _create_monster(self, mv: MonsterValue, coord: Coord, attrs: dict) -> Optional[Monster]:
        """create_monster() with the monster stream: kind, then place."""
        rng = self.mon_rng
        lev = self.level
        pctx = self._pop_context()
        amask = self._sp_amask_to_amask(self._amask_of(attrs.get("align")), rng)
        pm = None
        if mv is not None and not mv.is_random:
            if mv.name is not None:
                pm = data.get_monster(mv.name, mv.cls)
            else:
                pm = pctx.random_monster_of_class(rng, mv.cls, spc=G_NOGEN)
        if pm is not None and lev.context.in_mines:
            race = getattr(self.run_context, "race", "human")
            flag = {"dwarf": "M2_DWARF", "gnome": "M2_GNOME"}.get(race)
            if flag and flag in pm.m2 and rng.rn2(3):
                pm = None
        if pm is not None:
            loc = _pm_to_humidity(pm)
            x, y = self._get_location_coord_rng(coord, loc | NO_LOC_WARN, rng)
            if x == -1 and y == -1:
                loc |= DRY
                x, y = self._get_location_coord_rng(coord, loc, rng)
        else:
            x, y = self._get_location_coord_rng(coord, DRY, rng)
        if self._monster_at(x, y) is not None:
            spot = self._enexto(x, y, pm, rng)
            if spot is None:
                return None           # makemon() refuses an occupied spot
            x, y = spot
        croom = self.croom
        if croom is not None and not croom.inside(x, y):
            return None
        anymon = pm is None
        if anymon:
            pm = self._random_kind_for(x, y, rng)
            if pm is None:
                return None
        if not (0 <= x < COLNO and 0 <= y < ROWNO):
            return None
        record = des_monster_attrs(attrs)
        record["spot"] = "random" if coord.random else "fixed"   # the des-file chose it
        if attrs.get("align") is not None:
            al = _amask2align(amask)
            record["alignment"] = ALIGN_NAMES.get(al, str(al))
        mon = add_monster(lev, x, y, pm, "des", **record)
        if anymon:
            self._make_group(pm, x, y, rng)
        return mon

    def _make_group(self, pm, x: int, y: int, rng: RNG) -> None:
        """makemon()'s companions of a random monster: a small group (G_SGROUP, half
        the time) or a large one (G_LGROUP); at hero level 1 that is 1 or 2 more,
        fewer when peace_minded() says a companion would be peaceful."""
        flags = pm.gen_flags
        if "G_SGROUP" in flags and rng.rn2(2):
            n = 3
        elif "G_LGROUP" in flags:
            n = 10 if rng.rn2(3) else 3
        else:
            return
        cnt = max(rng.rnd(n) // 4, 1)          # u.ulevel < 3: a quarter
        mx, my = x, y
        for _ in range(cnt):
            if self._peace_minded(pm, rng):
                continue
            spot = self._enexto(mx, my, pm, rng)
            if spot is None:
                continue
            mx, my = spot
            add_monster(self.level, mx, my, pm, "group")

    def _peace_minded(self, pm, rng: RNG) -> bool:
        """makemon.c peace_minded() for a hero of the run's alignment (record 0)."""
        if "M2_PEACEFUL" in pm.m2:
            return True
        if "M2_HOSTILE" in pm.m2:
            return False
        hero = getattr(self.run_context, "alignment", 0)
        mal = pm.alignment
        if (mal > 0) - (mal < 0) != (hero > 0) - (hero < 0):
            return False
        return bool(rng.rn2(16)) and bool(rng.rn2(2 + abs(mal)))

    def _random_kind_for(self, x: int, y: int, rng: RNG):
        """_makemon(NULL, x, y): rndmonst() until the kind can live on the spot (at
        most 51 draws; the last one is kept anyway)."""
        pctx = self._pop_context()
        tryct = 0
        while True:
            pm = pctx.random_monster(rng)
            if pm is None:
                return None
            if self._goodpos(x, y, pm, rng) or tryct >= 50:
                return pm
            tryct += 1

    def _get_location_coord_rng(self, coord: Coord, humidity: int, rng: RNG):
        saved = self.rng
        self.rng = rng
        try:
            return self._get_location_coord(coord, humidity)
        finally:
            self.rng = saved

    def _goodpos(self, x: int, y: int, pm, rng: RNG) -> bool:
        if not isok(x, y) or self._monster_at(x, y) is not None:
            return False
        m1 = pm.m1 if pm is not None else frozenset()
        if pm is not None:
            if self._is_pool(x, y):
                return ("M1_SWIM" in m1 or pm.class_name == "S_EYE" or "M1_FLY" in m1
                        or "M1_CLING" in m1)
            if pm.class_name == "S_EEL" and rng.rn2(13):
                return False
            if self._is_lava(x, y):
                if pm.name == "floating eye":
                    return False
                return (pm.class_name == "S_EYE" or "M1_FLY" in m1
                        or pm.name in ("fire elemental", "salamander"))
            if "M1_WALLWALK" in m1 and self._typ(x, y) < T.POOL:
                return True
        if self._typ(x, y) < T.DOOR:
            return False
        if any(o.x == x and o.y == y and o.id == "boulder" for o in self.level.objects):
            return pm is not None and "M2_ROCKTHROW" in pm.m2
        return True

    def _enexto(self, xx: int, yy: int, pm, rng: RNG):
        """teleport.c enexto(): a random good spot in the nearest ring around (xx, yy)."""
        good = []
        rangemax = max(max(xx - 1, COLNO - 1 - xx), max(yy, ROWNO - 1 - yy))
        rng_ = 1
        while True:
            xmin, xmax = max(1, xx - rng_), min(COLNO - 1, xx + rng_)
            ymin, ymax = max(0, yy - rng_), min(ROWNO - 1, yy + rng_)
            for x in range(xmin, xmax + 1):
                for y in (ymin, ymax):
                    if self._goodpos(x, y, pm, rng):
                        good.append((x, y))
                        if len(good) >= 15:
                            break
                if len(good) >= 15:
                    break
            if len(good) < 15:
                for y in range(ymin, ymax):
                    for x in (xmin, xmax):
                        if self._goodpos(x, y, pm, rng):
                            good.append((x, y))
                            if len(good) >= 15:
                                break
                    if len(good) >= 15:
                        break
            rng_ += 1
            if good or rng_ > rangemax:
                break
        if not good:
            return None
        return good[rng.rn2(len(good))]

    # -- objects -----------------------------------------------------------------------------
    def do_object(self, object: ObjectValue, coord=None, span=None, **attrs):
        self._spo_object(object, coord, attrs, container=False)

    def begin_container(self, object: ObjectValue, coord=None, span=None, **attrs):
        self._spo_object(object, coord, attrs, container=True)

    def end_container(self) -> None:
        if self._containers:
            self._containers.pop()

    def _spo_object(self, ov: ObjectValue, coord, attrs: dict, container: bool) -> None:
        specific = None
        if ov is not None and ov.name is not None:
            specific = data.get_object(ov.name, ov.cls if ov.cls not in (None,) else None)
        quan = attrs.get("quantity", -1)
        quancnt = quan if specific is not None else 0
        while True:
            self._create_object(ov, specific, coord, attrs, container)
            quancnt -= 1
            if not (quancnt > 0 and specific is not None and not specific.merge):
                break

    def _create_object(self, ov: ObjectValue, specific, coord, attrs: dict,
                       container: bool) -> None:
        rng, lev = self.rng, self.level
        if coord is None:
            coord = Coord(0, 0, True, 0)
        x, y = self._get_location_coord(coord, DRY)
        pctx = self._pop_context()
        if ov is None or ov.is_random:
            kind = pctx.random_object(rng)
        elif specific is not None:
            kind = specific
        elif ov.cls == "$":
            gold = self._mkgold(0, x, y, rng)
            if attrs.get("quantity", -1) > 0:      # gold merges: the quantity replaces
                gold.attrs["quantity"] = attrs["quantity"]
            gold.attrs["spot"] = "random" if coord.random else "fixed"
            self._place_object(gold, attrs, container, already_placed=True)
            return
        else:
            kind = pctx.random_object(rng, ov.cls)
        record = des_object_attrs(attrs)
        if attrs.get("quantity", -1) > 0 and kind.merge:
            record["quantity"] = attrs["quantity"]
        mt = record.get("montype")
        if isinstance(mt, MonsterValue):
            record["montype"] = self._corpsenm(mt, pctx)
        record["spot"] = "random" if coord.random else "fixed"   # the des-file chose it
        obj = new_object(x, y, kind, "des", buried=bool(attrs.get("buried")), **record)
        init_object(self, obj, kind, rng)
        for key in ("locked", "trapped", "montype"):      # the des-file's word wins
            if key in record:
                obj.attrs[key] = record[key]
        if record.get("broken"):
            obj.attrs["locked"] = False
        if container:
            obj.contents.clear()                          # delete_contents()
        self._place_object(obj, attrs, container)

    def _corpsenm(self, mt: MonsterValue, pctx) -> Optional[str]:
        """The monster of a corpse/statue/figurine: mkclass() draws from the main
        stream, rndmonst() from the monster stream (the game wraps only the latter)."""
        if mt.name is not None:
            return mt.name
        if mt.cls is not None:
            pm = pctx.random_monster_of_class(self.rng, mt.cls, spc=G_NOGEN)
        else:
            pm = pctx.random_monster(self.mon_rng)
        return pm.name if pm is not None else None

    def _place_object(self, obj: Object, attrs: dict, container: bool,
                      already_placed: bool = False) -> None:
        lev = self.level
        inside = bool(self._containers)
        if inside or self._invent_monster is not None:
            if already_placed and obj in lev.objects:
                lev.objects.remove(obj)
            if inside:
                holder = self._containers[-1]
                if holder is not None:
                    obj.x, obj.y = holder.x, holder.y      # carried: where its holder is
                    holder.contents.append(obj)
                elif container:
                    self._containers.append(None)       # its contents vanish with it
                    return
            else:
                holder = self._invent_monster
                obj.x, obj.y = holder.x, holder.y
                holder.attrs.setdefault("inventory", []).append(obj)
        elif not already_placed:
            lev.objects.append(obj)
        if container:
            self._containers.append(obj)

    # ================================================================== the end
    def do_endlevel(self, **_):
        self.finished = True


class _MazeFiller:
    """fill_empty_maze()'s calls made on the builder (objects, monsters, traps)."""

    def __init__(self, builder: GameBuilder) -> None:
        self.b = builder

    def is_ok_location(self, level, x, y, humidity):
        return self.b._is_ok_location(x, y, humidity, sp=False)

    def object(self, level, rng, x, y, gem_class):
        obj = self.b._pop_context().random_object(rng, "*" if gem_class else None)
        make_object(self.b, x, y, obj, "maze", rng)

    def boulder(self, level, rng, x, y):
        add_object(level, x, y, object_kind("boulder"), "maze")

    def monster(self, level, rng, x, y, name):
        b = self.b
        mrng = b.mon_rng
        if b._monster_at(x, y) is not None or not isok(x, y):
            return                    # makemon() without MM_ADJACENTOK gives up
        pm = data.get_monster(name) if name else b._random_kind_for(x, y, mrng)
        if pm is None:
            return
        add_monster(level, x, y, pm, "maze")
        if not name:
            b._make_group(pm, x, y, mrng)

    def gold(self, level, rng, x, y):
        self.b._mkgold(0, x, y, rng)

    def rndtrap(self, level, rng):
        ctx = level.context
        return populate.random_fill_trap(rng, can_dig_down=ctx.can_dig_down,
                                         noteleport=level.flags.noteleport,
                                         in_endgame=ctx.in_endgame)

    def is_pit_or_hole(self, ttyp):
        return ttyp.name in ("PIT", "SPIKED_PIT", "HOLE", "TRAPDOOR")

    def boulder_at(self, level, x, y):
        return any(o.x == x and o.y == y and o.id == "boulder" for o in level.objects)

    def trap(self, level, rng, x, y, ttyp):
        self.b._maketrap(x, y, ttyp)


def _good_stair_loc(t: int) -> bool:
    return t in (T.ROOM, T.CORR, T.ICE)


def _align2amask(a: int) -> int:
    if a == -128:
        return AM_NONE
    return AM_LAWFUL if a == 1 else a + 2


def _amask2align(m: int) -> int:
    m &= AM_MASK
    if m == 0:
        return -128
    return 1 if m == AM_LAWFUL else m - 2


def _pm_to_humidity(pm) -> int:
    """sp_lev.c pm_to_humidity(): where a monster may be put by a random coordinate."""
    loc = DRY
    m1 = pm.m1
    if pm.class_name == "S_EEL" or "M1_AMPHIBIOUS" in m1 or "M1_BREATHLESS" in m1 or "M1_SWIM" in m1:
        loc = WET
    if "M1_FLY" in m1 or pm.class_name == "S_EYE":
        loc |= HOT | WET
    if "M1_WALLWALK" in m1 or pm.class_name == "S_GHOST":
        loc |= SOLID
    if pm.name in ("fire vortex", "flaming sphere", "fire elemental", "salamander"):
        loc |= HOT
    return loc


# ======================================================================== after the script
def fixup_special(builder: GameBuilder, level: Level, rng: RNG) -> None:
    """mkmaze.c fixup_special(), the part about level regions: stairs, portals and the
    branch are placed in their region (else anywhere); teleport regions stay recorded.

    What a branch is depends on the dungeon: ``context.branch`` may say ``"up"`` or
    ``"down"`` (branch stairs) or ``"portal"``; unknown (None), the spot is only kept in
    ``level.extras["branch"]``.  With a known branch and no BRANCH region, the game
    places the branch anywhere (in a room when there are rooms)."""
    added_branch = False
    for r in level.lregions:
        if r.rtype in (LR_BRANCH, LR_PORTAL, LR_UPSTAIR, LR_DOWNSTAIR):
            added_branch = added_branch or r.rtype == LR_BRANCH
            a, d = r.inarea, r.delarea
            if not _place_lregion(builder, level, rng, a.x1, a.y1, a.x2, a.y2,
                                  d.x1, d.y1, d.x2, d.y2, r):
                if not _place_lregion(builder, level, rng, 0, 0, 0, 0,
                                      d.x1, d.y1, d.x2, d.y2, r):
                    builder.warn(f"Couldn't place lregion type {r.rtype}!")
    if not added_branch and getattr(level.context, "branch", None):
        r = LevRegion(Area(), Area(), rtype=LR_BRANCH)
        _place_lregion(builder, level, rng, 0, 0, 0, 0, 0, 0, 0, 0, r)


def _bad_location(builder: GameBuilder, level: Level, x: int, y: int, nlx, nly, nhx, nhy) -> bool:
    t = builder._typ(x, y)
    occupied = (builder._trap_at(x, y) is not None or T.STAIRS <= t <= T.ALTAR
                or builder._is_lava(x, y) or builder._is_pool(x, y))
    return (occupied or (nlx <= x <= nhx and nly <= y <= nhy)
            or not ((t == T.CORR and level.flags.is_maze_lev) or t in (T.ROOM, T.ICE, T.AIR)))


def _place_lregion(builder, level, rng, lx, ly, hx, hy, nlx, nly, nhx, nhy, region) -> bool:
    if not lx:
        if region.rtype == LR_BRANCH and level.rooms:
            return _place_branch_in_room(builder, level, rng, region)
        lx, hx, ly, hy = 0, COLNO - 1, 0, ROWNO - 1
    oneshot = lx == hx and ly == hy
    for _ in range(200):
        x = rng.rn1(hx - lx + 1, lx)
        y = rng.rn1(hy - ly + 1, ly)
        if _put_lregion_here(builder, level, x, y, nlx, nly, nhx, nhy, region, oneshot):
            return True
    for x in range(lx, hx + 1):
        for y in range(ly, hy + 1):
            if _put_lregion_here(builder, level, x, y, nlx, nly, nhx, nhy, region, True):
                return True
    return False


def _put_lregion_here(builder, level, x, y, nlx, nly, nhx, nhy, region, oneshot) -> bool:
    if _bad_location(builder, level, x, y, nlx, nly, nhx, nhy):
        if not oneshot:
            return False
        t = builder._trap_at(x, y)
        if t is not None and t.ttyp not in ("MAGIC_PORTAL", "VIBRATING_SQUARE"):
            level.traps.remove(t)
        if _bad_location(builder, level, x, y, nlx, nly, nhx, nhy):
            return False
    _lregion_thing(builder, level, x, y, region)
    return True


def _lregion_thing(builder, level, x, y, region) -> None:
    if region.rtype == LR_PORTAL:
        level.traps.append(Trap(x, y, "MAGIC_PORTAL", attrs={"destination": region.rname}))
    elif region.rtype in (LR_UPSTAIR, LR_DOWNSTAIR):
        builder._mkstairs(x, y, region.rtype == LR_UPSTAIR, force=False)
    elif region.rtype == LR_BRANCH:
        if "branch" in level.extras:
            return                   # place_branch() makes one branch per level
        level.extras["branch"] = (x, y)
        kind = getattr(level.context, "branch", None)
        if kind == "portal":
            level.traps.append(Trap(x, y, "MAGIC_PORTAL", attrs={"destination": "branch"}))
        elif kind in ("up", "down"):
            up = kind == "up"
            level.stairs.append(Stairway(x, y, up, False, "branch"))
            level.set_flags(x, y, LA_UP if up else LA_DOWN)
            level.set_typ(x, y, T.STAIRS)


def _place_branch_in_room(builder, level, rng, region) -> bool:
    """place_branch() without a spot: a random ordinary room without stairs."""
    stair_rooms = {id(r) for r in level.rooms for s in level.stairs if r.inside(s.x, s.y)}
    croom = None
    for _ in range(100):
        croom = level.rooms[rng.rn2(len(level.rooms))]
        if id(croom) not in stair_rooms and croom.rtype == OROOM:
            break
    for _ in range(100):      # somexyspace()
        pt = R.somexy(level, rng, croom)
        if pt is not None and builder._typ(*pt) in (T.ROOM, T.CORR, T.ICE) \
                and builder._trap_at(*pt) is None:
            _lregion_thing(builder, level, pt[0], pt[1], region)
            return True
    return False


_FILLER_SUFFIXES = ("fill", "fil", "fila", "filb")


def _is_special_level(level: Level) -> bool:
    """Is_special(): the level is one of the dungeon's special levels (not a filler).
    ``context.is_special`` says it; unknown, fillers are told by their names."""
    known = getattr(level.context, "is_special", None)
    if known is not None:
        return bool(known)
    return not level.name.endswith(_FILLER_SUFFIXES)


def mineralize(level: Level, rng: RNG, kelp_pool: int = -1, kelp_moat: int = -1,
               goldprob: int = -1, gemprob: int = -1, skip_lvl_checks: bool = False) -> None:
    """mklev.c mineralize(): kelp in pools and moats, then gold and gems in solid rock
    (a third of them buried).  mklev() runs it on every new level, where it gives up
    on special levels (the Oracle and the Mines' non-town levels excepted), in
    Gehennom, Vlad's Tower and on arboreal levels; MINERALIZE runs it unchecked."""
    ctx = level.context
    if kelp_pool < 0:
        kelp_pool = 10
    if kelp_moat < 0:
        kelp_moat = 30
    if not skip_lvl_checks and ctx.in_endgame:
        return
    typ = level.typ
    for x in range(2, COLNO - 2) if (T.POOL in typ or T.MOAT in typ) else ():
        for y in range(1, ROWNO - 1):
            t = typ[x * _R + y]
            if (kelp_pool and t == T.POOL and not rng.rn2(kelp_pool)) or \
                    (kelp_moat and t == T.MOAT and not rng.rn2(kelp_moat)):
                add_object(level, x, y, object_kind("kelp frond"), "mineralize",
                           quantity=rng.rnd(2))
    if not skip_lvl_checks:
        town = getattr(ctx, "is_town", level.name.startswith("minetn"))
        if (ctx.dungeon_name in ("Gehennom", "Sheol", "Vlad's Tower") or level.flags.arboreal
                or (_is_special_level(level) and level.name != "oracle"
                    and (not ctx.in_mines or town))):
            return
    if goldprob < 0:
        goldprob = 20 + _cdiv(ctx.depth, 3)
    if gemprob < 0:
        gemprob = goldprob // 4
    if not skip_lvl_checks:
        if ctx.in_mines:
            goldprob *= 2
            gemprob *= 3
        elif ctx.dungeon_name == "The Quest":
            goldprob //= 4
            gemprob //= 6
    flg = level.flg
    for x in range(2, COLNO - 2):
        y = 1
        while y < ROWNO - 1:
            if typ[x * _R + y + 1] != T.STONE:
                y += 3
                continue
            if typ[x * _R + y] != T.STONE:
                y += 2
                continue
            if (not flg[x * _R + y] & W_NONDIGGABLE
                    and all(typ[(x + dx) * _R + y + dy] == T.STONE
                            for dx, dy in ((0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0),
                                           (1, 1), (-1, 1)))):
                if rng.rn2(1000) < goldprob:
                    quan = 1 + rng.rnd(goldprob * 3)
                    buried = not rng.rn2(3)
                    level.objects.append(new_object(x, y, object_kind("gold piece"), "mineralize",
                                                    buried=buried, quantity=quan))
                if rng.rn2(1000) < gemprob:
                    for _ in range(rng.rnd(2 + ctx.dunlev // 3)):
                        gem = populate.random_object(rng, "*", ledger_no=ctx.depth)
                        # mksobj()'s quantity draw for gems
                        if gem.name == "rock":
                            rng.rn1(6, 6)
                            continue
                        quan = 1
                        if gem.name not in ("loadstone", "luckstone") and not rng.rn2(6):
                            quan = 2
                        buried = not rng.rn2(3)
                        level.objects.append(new_object(x, y, gem, "mineralize", buried=buried,
                                                        quantity=quan))
            y += 1
