"""NetHack's terrain types (``levl[x][y].typ``) and the des-file map characters.

The numbering follows UnNetHack's ``include/rm.h`` so that predicates such as
``IS_ROCK`` (``typ < POOL``) keep the game's meaning.
"""

from __future__ import annotations

TERRAIN_NAMES = [
    "STONE", "VWALL", "HWALL", "TLCORNER", "TRCORNER", "BLCORNER", "BRCORNER",
    "CROSSWALL", "TUWALL", "TDWALL", "TLWALL", "TRWALL", "DBWALL", "TREE", "DEADTREE",
    "ICEWALL", "CRYSTALICEWALL", "SDOOR", "SCORR", "POOL", "MOAT", "WATER",
    "DRAWBRIDGE_UP", "LAVAPOOL", "IRONBARS", "DOOR", "CORR", "ROOM", "STAIRS", "LADDER",
    "FOUNTAIN", "THRONE", "SINK", "GRAVE", "ALTAR", "ICE", "BOG", "MAGIC_PLATFORM",
    "DRAWBRIDGE_DOWN", "AIR", "CLOUD",
]

MAX_TYPE = len(TERRAIN_NAMES)      # 'x' in a MAP: see-through, keep what is there
MATCH_WALL = MAX_TYPE + 1          # 'w' in a filter/replace: any wall
INVALID_TYPE = 127

# Constants with rm.h's numbering (checked against TERRAIN_NAMES in the tests).
STONE = 0; VWALL = 1; HWALL = 2; TLCORNER = 3; TRCORNER = 4; BLCORNER = 5  # noqa: E702
BRCORNER = 6; CROSSWALL = 7; TUWALL = 8; TDWALL = 9; TLWALL = 10; TRWALL = 11  # noqa: E702
DBWALL = 12; TREE = 13; DEADTREE = 14; ICEWALL = 15; CRYSTALICEWALL = 16  # noqa: E702
SDOOR = 17; SCORR = 18; POOL = 19; MOAT = 20; WATER = 21; DRAWBRIDGE_UP = 22  # noqa: E702
LAVAPOOL = 23; IRONBARS = 24; DOOR = 25; CORR = 26; ROOM = 27; STAIRS = 28  # noqa: E702
LADDER = 29; FOUNTAIN = 30; THRONE = 31; SINK = 32; GRAVE = 33; ALTAR = 34  # noqa: E702
ICE = 35; BOG = 36; MAGIC_PLATFORM = 37; DRAWBRIDGE_DOWN = 38; AIR = 39; CLOUD = 40  # noqa: E702

# The MAP / terrain characters lev_comp knows (util/lev_main.c, what_map_char).
MAP_CHARS = {
    " ": STONE, "#": CORR, ".": ROOM, "-": HWALL, "|": VWALL, "+": DOOR, "A": AIR,
    "B": CROSSWALL,  # boundary marker, removed after the level is built
    "C": CLOUD, "S": SDOOR, "H": SCORR, "{": FOUNTAIN, "\\": THRONE, "K": SINK,
    "}": MOAT, "P": POOL, "L": LAVAPOOL, "I": ICE, "W": WATER, "T": TREE,
    "t": DEADTREE, "F": IRONBARS, "M": BOG, "x": MAX_TYPE, "Y": CRYSTALICEWALL,
    "U": ICEWALL,
}

# Canonical character for drawing a terrain type back as a map character.
TERRAIN_CHAR = {v: k for k, v in MAP_CHARS.items() if k != "B"}
TERRAIN_CHAR[CROSSWALL] = "-"


def map_char_to_type(ch: str) -> int:
    """The terrain type of a map character, or INVALID_TYPE."""
    return MAP_CHARS.get(ch, INVALID_TYPE)


def is_wall(t: int) -> bool:
    return 0 < t <= DBWALL


def is_stwall(t: int) -> bool:
    return t <= DBWALL


def is_rock(t: int) -> bool:
    return t < POOL


def accessible(t: int) -> bool:
    return t >= DOOR


def is_room(t: int) -> bool:
    return t >= ROOM


def is_pool(t: int) -> bool:
    return POOL <= t <= DRAWBRIDGE_UP


def is_furniture(t: int) -> bool:
    return STAIRS <= t <= ALTAR


def is_door_join(t: int) -> bool:
    return t < POOL or t == IRONBARS
