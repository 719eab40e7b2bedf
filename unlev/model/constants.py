"""The C constants of the level model: rm.h (door states, wall bits, drawbridge and
ladder flags), mkroom.h (room types, fill states), dungeon.h (level region kinds) and
sp_lev.h (level flags and their des-file names, flip bits).

Why a module of its own: generators, populators, outputs and the game-dump reader all
test these bits; the grid's size itself is in :mod:`unlev.stdlib.grid`.
"""

from __future__ import annotations


# --- sp_lev.h: get_location humidity bits -----------------------------------------
DRY = 0x1
WET = 0x2
HOT = 0x4
SOLID = 0x8
ANY_LOC = 0x10
NO_LOC_WARN = 0x20
SPACELOC = 0x40
STAIRS_LOC = 0x80

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


