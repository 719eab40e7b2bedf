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

from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple, Optional

from unlev.stdlib import terrain as T

# --- dimensions (global.h): one definition, in the runtime library ------------------
from unlev.stdlib.grid import COLNO, NCELLS, ROWNO, X_MAZE_MAX, Y_MAZE_MAX, idx, isok  # noqa: E402,F401

MAXNROFROOMS = 40
MAX_SUBROOMS = 24
DOORMAX = 120

# --- rm.h: door states --------------------------------------------------------------
D_NODOOR = 0
D_BROKEN = 1
D_ISOPEN = 2
D_CLOSED = 4
D_LOCKED = 8
D_TRAPPED = 16
D_SECRET = 32          # only used while loading; never stored in the grid (5-bit field)
D_WARNED = 16

# --- rm.h: wall_info --------------------------------------------------------------
WM_MASK = 0x07
W_NONDIGGABLE = 0x08
W_NONPASSWALL = 0x10

# --- rm.h: drawbridges --------------------------------------------------------------
DB_NORTH = 0
DB_SOUTH = 1
DB_EAST = 2
DB_WEST = 3
DB_DIR = 3
DB_MOAT = 0x00
DB_LAVA = 0x04
DB_ICE = 0x08
DB_FLOOR = 0x0C
DB_BOG = 0x10
DB_GROUND = 0x14
DB_UNDER = 28

# --- rm.h: ladders, iced pools ---------------------------------------------------
LA_UP = 1
LA_DOWN = 2
ICED_BOG = 4
ICED_POOL = 8
ICED_MOAT = 16

FLAGS_MASK = 0x1F       # struct rm: Bitfield(flags, 5)
ROOMNO_MASK = 0x3F      # struct rm: Bitfield(roomno, 6)

# --- mkroom.h -----------------------------------------------------------------------
NO_ROOM = 0
SHARED = 1
SHARED_PLUS = 2
ROOMOFFSET = 3

OROOM = 0
COURT = 2
SWAMP = 3
VAULT = 4
BEEHIVE = 5
MORGUE = 6
BARRACKS = 7
ZOO = 8
DELPHI = 9
TEMPLE = 10
LEPREHALL = 11
COCKNEST = 12
ANTHOLE = 13
GARDEN = 14
ARMORY = 15
LEMUREPIT = 16
POOLROOM = 17
RNDVAULT = 18
THEMEROOM = 18
BLACKFOYER = 19
SHOPBASE = 20

FILL_NONE = 0
FILL_NORMAL = 1
FILL_LVFLAGS = 2

# --- dungeon.h: level region types -----------------------------------------------
LR_DOWNSTAIR = 0
LR_UPSTAIR = 1
LR_PORTAL = 2
LR_BRANCH = 3
LR_TELE = 4
LR_UPTELE = 5
LR_DOWNTELE = 6

# --- sp_lev.h: FLAGS: bits, and the des-file words (util/lev_comp.l) ---------------
NOTELEPORT = 0x00000001
HARDFLOOR = 0x00000002
NOMMAP = 0x00000004
SHORTSIGHTED = 0x00000008
ARBOREAL = 0x00000010
NOFLIPX = 0x00000020
NOFLIPY = 0x00000040
MAZELEVEL = 0x00000080
PREMAPPED = 0x00000100
SHROUD = 0x00000200
STORMY = 0x00000400
GRAVEYARD = 0x00000800
ICEDPOOLS = 0x00001000
SOLIDIFY = 0x00002000
CORRMAZE = 0x00004000
CHECK_INACCESSIBLES = 0x00008000
SKYMAP = 0x00010000
SHEOL_LEV = 0x00020000
FLAG_RNDVAULT = 0x00040000

DES_FLAG_BITS = {
    "noteleport": NOTELEPORT, "hardfloor": HARDFLOOR, "nommap": NOMMAP,
    "shortsighted": SHORTSIGHTED, "arboreal": ARBOREAL, "noflipx": NOFLIPX,
    "noflipy": NOFLIPY, "noflip": NOFLIPX | NOFLIPY, "mazelevel": MAZELEVEL,
    "premapped": PREMAPPED, "shroud": SHROUD, "stormy": STORMY,
    "graveyard": GRAVEYARD, "sky": SKYMAP, "icedpools": ICEDPOOLS,
    "solidify": SOLIDIFY, "corrmaze": CORRMAZE, "inaccessibles": CHECK_INACCESSIBLES,
    "sheol": SHEOL_LEV, "rndvault": FLAG_RNDVAULT,
}

# flip_level() mask bits: 1 = transpose top/bottom (y), 2 = transpose left/right (x)
FLIP_VERTICAL = 1
FLIP_HORIZONTAL = 2


# --------------------------------------------------------------------------------
@dataclass
class LevelFlags:
    """``level.flags`` plus the per-run coder switches the FLAGS statement sets.

    ``allow_flips`` is the coder's flip mask (bit 1 = vertical, bit 2 = horizontal).
    ``hero_memory`` is cleared by ``shroud``.  ``icedpools`` is spo_lev.c's static.
    """

    noteleport: bool = False
    hardfloor: bool = False
    nommap: bool = False
    shortsighted: bool = False
    arboreal: bool = False
    is_maze_lev: bool = False        # "mazelevel"
    is_cavernous_lev: bool = False
    hero_memory: bool = True         # cleared by "shroud"
    stormy: bool = False
    graveyard: bool = False
    has_vault: bool = False
    icedpools: bool = False
    corrmaze: bool = False
    sky: bool = False
    sheol: bool = False              # never set by spo_level_flags (see apply_des_flags)
    sokoban_rules: bool = False
    temperature: int = 0
    nfountains: int = 0              # count_level_features()
    nsinks: int = 0
    # coder switches
    premapped: bool = False
    solidify: bool = False
    check_inaccessibles: bool = False
    rndvault: bool = False
    noflipx: bool = False            # the words as written, for reporting
    noflipy: bool = False
    allow_flips: int = 3
    raw_bits: int = 0                # OR of every FLAGS value seen

    def apply_des_flags(self, flags: "int | str | Iterable[str]") -> None:
        """Do what spo_level_flags() does with a FLAGS value (bit mask or words).

        Faithful quirk: spo_lev.c clears ``allow_flips`` bit 1 (the *vertical*
        flip) for ``noflipx`` and bit 2 (the *horizontal* flip) for ``noflipy`` --
        the opposite of NetHack 3.7's Lua loader.  ``sheol`` is accepted by the
        compiler but ignored by the loader.
        """
        if isinstance(flags, str):
            flags = [w.strip() for w in flags.split(",") if w.strip()]
        if not isinstance(flags, int):
            bits = 0
            for word in flags:
                try:
                    bits |= DES_FLAG_BITS[word.lower()]
                except KeyError:
                    raise ValueError(f"unknown level flag {word!r}") from None
            flags = bits
        self.raw_bits |= flags
        if flags & NOTELEPORT:
            self.noteleport = True
        if flags & HARDFLOOR:
            self.hardfloor = True
        if flags & NOMMAP:
            self.nommap = True
        if flags & SHORTSIGHTED:
            self.shortsighted = True
        if flags & ARBOREAL:
            self.arboreal = True
        if flags & NOFLIPX:
            self.noflipx = True
            self.allow_flips &= ~1
        if flags & NOFLIPY:
            self.noflipy = True
            self.allow_flips &= ~2
        if flags & MAZELEVEL:
            self.is_maze_lev = True
        if flags & PREMAPPED:
            self.premapped = True
        if flags & SHROUD:
            self.hero_memory = False
        if flags & STORMY:
            self.stormy = True
        if flags & GRAVEYARD:
            self.graveyard = True
        if flags & ICEDPOOLS:
            self.icedpools = True
        if flags & SOLIDIFY:
            self.solidify = True
        if flags & CORRMAZE:
            self.corrmaze = True
        if flags & CHECK_INACCESSIBLES:
            self.check_inaccessibles = True
        if flags & SKYMAP:
            self.sky = True
        if flags & FLAG_RNDVAULT:
            self.rndvault = True
            self.allow_flips = 0

    def intended_flip_bits(self) -> int:
        """The flip mask the flag *names* promise (noflipx = no left/right flip)."""
        bits = 3
        if self.noflipx:
            bits &= ~FLIP_HORIZONTAL
        if self.noflipy:
            bits &= ~FLIP_VERTICAL
        if self.rndvault:
            bits = 0
        return bits


@dataclass
class DungeonContext:
    """Where the level is in the dungeon: the bits of ``u.uz`` the generators read.

    ``depth`` is the absolute depth (``depth(&u.uz)``), ``dunlev`` the level number
    inside its dungeon (``u.uz.dlevel``; Sheol's generator uses it).
    """

    depth: int = 1
    dunlev: int = 1
    dungeon_name: str = "The Dungeons of Doom"
    level_difficulty: Optional[int] = None    # defaults to depth
    in_mines: bool = False
    minetown_depth: Optional[int] = None
    in_sokoban: bool = False
    in_endgame: bool = False
    on_wizard_tower_level: bool = False
    is_waterlevel: bool = False
    can_dig_down: bool = True
    branch: Optional[str] = None       # what dungeon.def connects here: "up"/"down" stairs, "portal"
    dunlevs: Optional[int] = None      # levels in this dungeon (None: unknown, an interior level)
    # dungeon.c Is_special(): one of dungeon.def's LEVEL/RNDLEVELs, not a filler (None:
    # unknown, then told by the name: fillers end in fill/fil/fila/filb)
    is_special: Optional[bool] = None
    is_town: Optional[bool] = None     # dungeon.def LEVELDESC town (None: unknown, see Level.town)
    ledger_no: Optional[int] = None    # dungeon.c ledger_no() (None: unknown, the depth stands in)

    @property
    def ledger(self) -> int:
        """ledger_no(&u.uz), the depth where the dungeon layout is unknown."""
        return self.depth if self.ledger_no is None else self.ledger_no

    @property
    def difficulty(self) -> int:
        return self.depth if self.level_difficulty is None else self.level_difficulty


# --------------------------------------------------------------------------------
@dataclass(eq=False)
class Room:
    """``struct mkroom``.  Bounds are the floor (walls are one outside)."""

    lx: int
    ly: int
    hx: int
    hy: int
    rtype: int = OROOM
    orig_rtype: int = OROOM
    rlit: int = 0
    needfill: int = FILL_NONE
    needjoining: bool = True
    doorct: int = 0
    fdoor: int = 0
    irregular: bool = False
    subrooms: list = field(default_factory=list)   # sbrooms[]
    parent: Optional["Room"] = None
    is_subroom: bool = False
    resident: Any = None

    @property
    def nsubrooms(self) -> int:
        return len(self.subrooms)

    def inside(self, x: int, y: int) -> bool:
        """inside_room(): the floor plus the surrounding wall ring."""
        return self.lx - 1 <= x <= self.hx + 1 and self.ly - 1 <= y <= self.hy + 1


@dataclass
class Area:
    x1: int = 0
    y1: int = 0
    x2: int = 0
    y2: int = 0


@dataclass
class LevRegion:
    """``lev_region``: a stair/portal/branch/teleport region, placed after the script."""

    inarea: Area
    delarea: Area
    in_islev: bool = False
    del_islev: bool = False
    rtype: int = LR_TELE
    padding: int = 0
    rname: str = ""


@dataclass
class Stairway:
    x: int
    y: int
    up: bool
    isladder: bool = False
    tolev: Optional[tuple] = None      # (dnum, dlevel) if known


@dataclass
class Monster:
    """A monster placed on the level.  ``coords`` holds extra map positions tied to it
    (shopkeeper spot, shop door, priest's altar...) that flip with the level."""

    x: int
    y: int
    id: Any = None                      # monster name / index / class, the populators' choice
    attrs: dict = field(default_factory=dict)
    coords: dict = field(default_factory=dict)
    is_vault_guard: bool = False


@dataclass
class Object:
    x: int
    y: int
    id: Any = None
    buried: bool = False
    attrs: dict = field(default_factory=dict)
    contents: list = field(default_factory=list)


@dataclass
class Trap:
    """A trap.  For flipping, a trap with ``launch`` set (and not ``is_pit``) is a
    rolling boulder trap whose launch points move too; a pit's ``conjoined`` bits
    are transformed."""

    x: int
    y: int
    ttyp: Any = None
    launch: Optional[tuple] = None      # rolling boulder trap start
    launch2: Optional[tuple] = None
    conjoined: int = 0                  # pits: encoded direction bits
    is_pit: bool = False
    attrs: dict = field(default_factory=dict)


@dataclass
class Engraving:
    x: int
    y: int
    text: str = ""
    etype: Any = None
    attrs: dict = field(default_factory=dict)


class Cell(NamedTuple):
    """A read-only snapshot of one ``struct rm`` (for tests and debugging)."""

    typ: int
    flags: int
    horizontal: int
    lit: int
    roomno: int
    edge: int
    touched: int


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
        wall-joining mistakes are visible.
        """
        lines = []
        for y in range(y0, y1 + 1):
            row = []
            for x in range(x0, x1 + 1):
                row.append(cell_char(self.typ[x * ROWNO + y], walls))
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


# wall glyphs: the game's default (ASCII) symbols, and a distinct box style
_DES_WALL = {
    T.VWALL: "|", T.HWALL: "-", T.TLCORNER: "-", T.TRCORNER: "-",
    T.BLCORNER: "-", T.BRCORNER: "-", T.CROSSWALL: "-", T.TUWALL: "-",
    T.TDWALL: "-", T.TLWALL: "|", T.TRWALL: "|", T.DBWALL: "#",
}
BOX_WALL = {
    T.VWALL: "│", T.HWALL: "─", T.TLCORNER: "┌", T.TRCORNER: "┐",
    T.BLCORNER: "└", T.BRCORNER: "┘", T.CROSSWALL: "┼", T.TUWALL: "┴",
    T.TDWALL: "┬", T.TLWALL: "┤", T.TRWALL: "├", T.DBWALL: "#",
}
BOX_CHAR_TO_TYPE = {v: k for k, v in BOX_WALL.items() if k != T.DBWALL}
_OTHER = {
    T.STAIRS: ">", T.LADDER: ">", T.ALTAR: "_", T.GRAVE: "|",
    T.DRAWBRIDGE_UP: "#", T.DRAWBRIDGE_DOWN: "#", T.MAGIC_PLATFORM: ".",
}


def cell_char(t: int, walls: str = "des") -> str:
    if 0 < t <= T.DBWALL:
        return (BOX_WALL if walls == "box" else _DES_WALL)[t]
    ch = T.TERRAIN_CHAR.get(t)
    if ch is None:
        ch = _OTHER.get(t, "?")
    return ch


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
