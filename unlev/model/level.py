"""The level being built: UnNetHack's ``levl[][]`` grid plus everything a des-file adds.

Why this module exists: every statement of a des-file reads or writes the same
80x21 map (``struct rm`` in rm.h) and a handful of level-wide lists (rooms, doors,
level regions, stairs, entities).  Keeping them in one small, fast object lets the
builder, the map generators, wallification and flipping share one picture of the level.

Storage: one flat ``bytearray`` per ``struct rm`` field, indexed ``x*ROWNO + y`` (the
same column-major order as the game's ``levl[x][y]``).  Column 0 exists in storage but
is never a valid map column (:func:`isok`).  The C ``flags`` bitfield is 5 bits wide
and is read under several names (``doormask``, ``wall_info``, ``drawbridgemask``,
``ladder``, ``icedpool``...); we keep that aliasing in the single array :attr:`Level.flg`
so that, e.g., making a door's cell non-diggable sets the same bits the game sets.
"""

from __future__ import annotations

from typing import Optional

from unlev.stdlib import terrain as T
from unlev.model.constants import (  # noqa: F401
    ANTHOLE, ARBOREAL, ARMORY, BARRACKS, BEEHIVE, BLACKFOYER,
    CHECK_INACCESSIBLES, COCKNEST, CORRMAZE, COURT, DB_BOG, DB_DIR,
    DB_EAST, DB_FLOOR, DB_GROUND, DB_ICE, DB_LAVA, DB_MOAT,
    DB_NORTH, DB_SOUTH, DB_UNDER, DB_WEST, DELPHI, DES_FLAG_BITS,
    DOORMAX, D_BROKEN, D_CLOSED, D_ISOPEN, D_LOCKED, D_NODOOR,
    D_SECRET, D_TRAPPED, D_WARNED, FILL_LVFLAGS, FILL_NONE, FILL_NORMAL,
    FLAGS_MASK, FLAG_RNDVAULT, FLIP_HORIZONTAL, FLIP_VERTICAL, GARDEN, GRAVEYARD,
    HARDFLOOR, ICEDPOOLS, ICED_BOG, ICED_MOAT, ICED_POOL, LA_DOWN,
    LA_UP, LEMUREPIT, LEPREHALL, LR_BRANCH, LR_DOWNSTAIR, LR_DOWNTELE,
    LR_PORTAL, LR_TELE, LR_UPSTAIR, LR_UPTELE, MAXNROFROOMS, MAX_SUBROOMS,
    MAZELEVEL, MORGUE, NOFLIPX, NOFLIPY, NOMMAP, NOTELEPORT,
    NO_ROOM, OROOM, POOLROOM, PREMAPPED, RNDVAULT, ROOMNO_MASK,
    ROOMOFFSET, SHARED, SHARED_PLUS, SHEOL_LEV, SHOPBASE, SHORTSIGHTED,
    SHROUD, SKYMAP, SOLIDIFY, STORMY, SWAMP, TEMPLE,
    THEMEROOM, VAULT, WM_MASK, W_NONDIGGABLE, W_NONPASSWALL, ZOO,
)
from unlev.model.context import DungeonContext, LevelFlags  # noqa: F401
from unlev.model.glyphs import BOX_CHAR_TO_TYPE, BOX_WALL, cell_char  # noqa: F401
from unlev.model.records import (  # noqa: F401
    Area, Cell, Engraving, LevRegion, Monster, Object, Room, Stairway, Trap,
)
from unlev.stdlib.grid import COLNO, NCELLS, ROWNO, X_MAZE_MAX, Y_MAZE_MAX, idx, isok  # noqa: F401


# --------------------------------------------------------------------------------
class Level:
    """One level under construction.

    Arrays (all ``bytearray(COLNO*ROWNO)``, index ``x*ROWNO+y``):

    ``typ``       terrain type (stdlib.terrain numbering)
    ``flg``       the 5-bit ``flags`` field: doormask / wall_info / drawbridgemask /
                  ladder / icedpool, as the terrain type gives it meaning
    ``horiz``     ``horizontal`` bit
    ``lit``       ``lit`` bit
    ``roomno``    6-bit room number (NO_ROOM, SHARED, SHARED_PLUS, index+ROOMOFFSET)
    ``edge``      room boundary mark
    ``touched``   spo_lev.c's ``SpLev_Map``: cells explicitly laid by the des-file
                  (MAP, stairs, ladders, doors, drawbridges, MAZEWALK)

    Map placement (``xstart, ystart, xsize, ysize``) starts as sp_level_coder sets it.
    """

    __slots__ = (
        "typ", "flg", "horiz", "lit", "roomno", "edge", "touched",
        "flags", "context", "messages", "rooms", "subrooms", "doors", "lregions",
        "stairs", "monsters", "objects", "traps", "engravings", "extras",
        "xstart", "ystart", "xsize", "ysize", "init_present", "lvl_is_joined",
        "name",
    )

    def __init__(self, context: Optional[DungeonContext] = None, name: str = "") -> None:
        self.typ = bytearray(NCELLS)
        self.flg = bytearray(NCELLS)
        self.horiz = bytearray(NCELLS)
        self.lit = bytearray(NCELLS)
        self.roomno = bytearray(NCELLS)
        self.edge = bytearray(NCELLS)
        self.touched = bytearray(NCELLS)
        self.flags = LevelFlags()
        self.context = context if context is not None else DungeonContext()
        self.name = name
        self.messages: list[str] = []
        self.rooms: list[Room] = []
        self.subrooms: list[Room] = []
        self.doors: list[tuple[int, int]] = []
        self.lregions: list[LevRegion] = []
        self.stairs: list[Stairway] = []
        self.monsters: list[Monster] = []
        self.objects: list[Object] = []
        self.traps: list[Trap] = []
        self.engravings: list[Engraving] = []
        self.extras: dict = {}
        self.xstart = 1
        self.ystart = 0
        self.xsize = COLNO - 1
        self.ysize = ROWNO
        self.init_present = False        # splev_init_present
        self.lvl_is_joined = False       # coder->lvl_is_joined

    # -- copying / comparing -------------------------------------------------------
    def copy_grid(self) -> "Level":
        """A new Level sharing nothing, with the same grid and flags (lists are copied
        shallowly)."""
        other = Level(self.context, self.name)
        for name in ("typ", "flg", "horiz", "lit", "roomno", "edge", "touched"):
            setattr(other, name, bytearray(getattr(self, name)))
        other.flags = LevelFlags(**self.flags.__dict__)
        return other

    def grid_bytes(self) -> bytes:
        """All per-cell state as one bytes object (for determinism checks)."""
        return bytes(self.typ + self.flg + self.horiz + self.lit + self.roomno
                     + self.edge)

    # -- cell accessors --------------------------------------------------------------
    def cell(self, x: int, y: int) -> Cell:
        i = x * ROWNO + y
        return Cell(self.typ[i], self.flg[i], self.horiz[i], self.lit[i],
                    self.roomno[i], self.edge[i], self.touched[i])

    def at(self, x: int, y: int) -> int:
        """Terrain type at (x, y)."""
        return self.typ[x * ROWNO + y]

    def typ_at(self, x: int, y: int) -> int:
        return self.typ[x * ROWNO + y]

    def set_typ(self, x: int, y: int, t: int) -> None:
        self.typ[x * ROWNO + y] = t

    def flags_at(self, x: int, y: int) -> int:
        return self.flg[x * ROWNO + y]

    def set_flags(self, x: int, y: int, v: int) -> None:
        self.flg[x * ROWNO + y] = v & FLAGS_MASK

    doormask_at = flags_at
    set_doormask = set_flags
    wall_info_at = flags_at

    def add_wall_info(self, x: int, y: int, bits: int) -> None:
        i = x * ROWNO + y
        self.flg[i] = (self.flg[i] | bits) & FLAGS_MASK

    def lit_at(self, x: int, y: int) -> int:
        return self.lit[x * ROWNO + y]

    def set_lit(self, x: int, y: int, v: int) -> None:
        self.lit[x * ROWNO + y] = 1 if v else 0

    def roomno_at(self, x: int, y: int) -> int:
        return self.roomno[x * ROWNO + y]

    def set_roomno(self, x: int, y: int, v: int) -> None:
        self.roomno[x * ROWNO + y] = v & ROOMNO_MASK

    def edge_at(self, x: int, y: int) -> int:
        return self.edge[x * ROWNO + y]

    def set_edge(self, x: int, y: int, v: int) -> None:
        self.edge[x * ROWNO + y] = 1 if v else 0

    def horizontal_at(self, x: int, y: int) -> int:
        return self.horiz[x * ROWNO + y]

    def set_horizontal(self, x: int, y: int, v: int) -> None:
        self.horiz[x * ROWNO + y] = 1 if v else 0

    def is_touched(self, x: int, y: int) -> bool:
        return bool(self.touched[x * ROWNO + y])

    def touch(self, x: int, y: int) -> None:
        """Mark a cell as laid by the des-file (``SpLev_Map[x][y] = 1``)."""
        self.touched[x * ROWNO + y] = 1

    # -- the game's terrain setters -----------------------------------------------
    def set_typlit(self, x: int, y: int, ttyp: int, llit: int, rng=None) -> None:
        """rm.h SET_TYPLIT: typ if < MAX_TYPE; lava always lit; llit -2 = keep,
        -1 = rn2(2) (drawn per cell), else the value."""
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            i = x * ROWNO + y
            if ttyp < T.MAX_TYPE:
                self.typ[i] = ttyp
            if ttyp == T.LAVAPOOL:
                self.lit[i] = 1
            elif llit != -2:
                if llit == -1:
                    self.lit[i] = rng.rn2(2)
                else:
                    self.lit[i] = 1 if llit else 0

    def set_levltyp(self, x: int, y: int, newtyp: int) -> bool:
        """mkmaze.c set_levltyp(): refuses to overwrite stairs and ladders."""
        if isok(x, y) and T.STONE <= newtyp < T.MAX_TYPE:
            i = x * ROWNO + y
            if self.typ[i] in (T.STAIRS, T.LADDER):
                return False
            self.typ[i] = newtyp
            if newtyp == T.LAVAPOOL:
                self.lit[i] = 1
            return True
        return False

    def set_levltyp_lit(self, x: int, y: int, typ: int, lit: int, rng=None) -> bool:
        """mkmaze.c set_levltyp_lit(): lit -2 keeps, -1 draws rn2(2)."""
        ret = self.set_levltyp(x, y, typ)
        if ret and lit != -2:
            if typ == T.LAVAPOOL:
                lit = 1
            elif lit == -1:
                lit = rng.rn2(2)
            self.lit[x * ROWNO + y] = 1 if lit else 0
        return ret

    def can_dig_down(self) -> bool:
        """dungeon.c Can_dig_down(&u.uz) on this level (its hardfloor flag as it stands)."""
        return self.context.can_dig_down_with(self.flags.hardfloor)

    def can_fall_thru(self) -> bool:
        """dungeon.c Can_fall_thru(&u.uz): trap doors and holes lead somewhere."""
        return self.context.can_fall_thru_with(self.flags.hardfloor)

    @property
    def town(self) -> bool:
        """dungeon.def's LEVELDESC town for this level (s_level ``flags.town``); where
        the dungeon is unknown, Minetown is told by its name."""
        known = self.context.is_town
        return self.name.startswith("minetn") if known is None else known

    # -- rooms -------------------------------------------------------------------------
    @property
    def nroom(self) -> int:
        return len(self.rooms)

    def room_roomno(self, room: Room) -> int:
        """The roomno value the game stores for a room's floor (before masking)."""
        if room.is_subroom:
            return MAXNROFROOMS + 1 + self.subrooms.index(room) + ROOMOFFSET
        return self.rooms.index(room) + ROOMOFFSET

    def room_by_roomno(self, rno: int) -> Optional[Room]:
        i = rno - ROOMOFFSET
        if 0 <= i < len(self.rooms):
            return self.rooms[i]
        j = i - (MAXNROFROOMS + 1)
        if 0 <= j < len(self.subrooms):
            return self.subrooms[j]
        return None

    # -- display -------------------------------------------------------------------
    def to_ascii(self, walls: str = "des", x0: int = 0, x1: int = COLNO - 1,
                 y0: int = 0, y1: int = ROWNO - 1) -> str:
        """The map as text, one line per row.

        ``walls="des"`` draws des-file map characters (every wall as ``|`` or ``-``
        the way the game shows them, doors as ``+``, secret doors ``S``...).
        ``walls="box"`` draws each wall type with its own box-drawing character, so
        wall-joining mistakes are visible.  Up stairs and ladders are ``<``, down ones
        ``>``, as the game shows them.
        """
        up = {(s.x, s.y) for s in self.stairs if s.up}     # the terrain says "stairs",
        lines = []                                          # the stairway which way
        for y in range(y0, y1 + 1):
            row = []
            for x in range(x0, x1 + 1):
                row.append("<" if (x, y) in up else cell_char(self.typ[x * ROWNO + y], walls))
            lines.append("".join(row))
        return "\n".join(lines)

    def find(self, t: int) -> list[tuple[int, int]]:
        """All cells of terrain type ``t``, in x-major order."""
        out = []
        typ = self.typ
        for i, v in enumerate(typ):
            if v == t:
                out.append(divmod(i, ROWNO))
        return out

    def count(self, t: int) -> int:
        return self.typ.count(t)


def level_from_ascii(rows: "str | list[str]", x0: int = 0, y0: int = 0,
                     level: Optional[Level] = None) -> Level:
    """Build (or overwrite part of) a level from map text (for tests and tools).

    Accepts des-file map characters and the box-drawing wall characters of
    :func:`Level.to_ascii` (``walls="box"``).  Row 0 of the text lands on ``y0``.
    """
    if isinstance(rows, str):
        rows = rows.split("\n")
    lev = level if level is not None else Level()
    for dy, line in enumerate(rows):
        for dx, ch in enumerate(line):
            x, y = x0 + dx, y0 + dy
            if not (0 <= x < COLNO and 0 <= y < ROWNO):
                continue
            t = BOX_CHAR_TO_TYPE.get(ch)
            if t is None:
                t = T.map_char_to_type(ch)
            if t >= T.MAX_TYPE:
                continue
            i = x * ROWNO + y
            lev.typ[i] = t
            if t in (T.HWALL, T.IRONBARS):
                lev.horiz[i] = 1
    return lev
