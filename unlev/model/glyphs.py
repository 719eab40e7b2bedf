"""The characters a level's terrain is written with in text: the game's default
symbols for walls and features, and a box-drawing style (:meth:`Level.to_ascii`,
:func:`level_from_ascii`).
"""

from __future__ import annotations

from unlev.stdlib import terrain as T


# wall glyphs: the game's default (ASCII) symbols, and a distinct box style
DES_WALL = {
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
OTHER_CHARS = {
    T.STAIRS: ">", T.LADDER: ">", T.ALTAR: "_", T.GRAVE: "|",
    T.DRAWBRIDGE_UP: "#", T.DRAWBRIDGE_DOWN: "#", T.MAGIC_PLATFORM: ".",
}


def cell_char(t: int, walls: str = "des") -> str:
    if 0 < t <= T.DBWALL:
        return (BOX_WALL if walls == "box" else DES_WALL)[t]
    ch = T.TERRAIN_CHAR.get(t)
    if ch is None:
        ch = OTHER_CHARS.get(t, "?")
    return ch


