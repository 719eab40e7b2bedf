"""INIT_MAP: how a level starts before its des-file statements draw on it.

Why this module exists: ``INIT_MAP`` selects one of several whole-level generators in
spo_lev.c ``splev_initlev``: a solid fill, a maze grid, the mines cave generator
(mkmap.c; :mod:`unlev.generate.mapgen.mines`), Sheol's ice levels (mksheol.c; :mod:`unlev.generate.mapgen.sheol`) or
a Rogue-style 3x3 room level (extralev.c; :mod:`unlev.generate.mapgen.rogue`).  This module holds the
description of an INIT_MAP (:class:`InitSpec`), the two simple fills, and the
dispatcher :func:`init_level` that draws the random numbers in the game's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from unlev.stdlib import terrain as T
from unlev.model.level import Level, X_MAZE_MAX, Y_MAZE_MAX, ROWNO
from unlev.stdlib.grid import COLNO

# sp_lev.h enum lvlinit_types
LVLINIT_NONE = 0
LVLINIT_SOLIDFILL = 1
LVLINIT_MAZEGRID = 2
LVLINIT_MAZE = 3
LVLINIT_MINES = 4
LVLINIT_SHEOL = 5
LVLINIT_ROGUE = 6
LVLINIT_SWAMP = 7

STYLE_NAMES = {
    "none": LVLINIT_NONE, "solidfill": LVLINIT_SOLIDFILL, "mazegrid": LVLINIT_MAZEGRID,
    "mines": LVLINIT_MINES, "sheollev": LVLINIT_SHEOL, "sheol": LVLINIT_SHEOL,
    "rogue": LVLINIT_ROGUE, "swamp": LVLINIT_SWAMP,
}

# light states as lev_comp encodes them
LIT_RANDOM = -1
LIT_KEEP = -2


class UnsupportedInitStyle(NotImplementedError):
    """An INIT_MAP style this loader does not run (the game would call impossible())."""


@dataclass
class InitSpec:
    """The eight values spo_initlevel() pops (``lev_init``).

    ``lit``: 1/0, -1 for random; a solid fill given as a bare character has -2 (keep).
    ``filling``: a terrain type or -1 (none).  ``walled`` may be -1 ("random"),
    which the C treats as true.
    """

    style: int = LVLINIT_NONE
    fg: int = T.ROOM
    bg: int = T.STONE
    smoothed: bool = False
    joined: bool = False
    lit: int = 0
    walled: int = 0
    filling: int = -1
    icedpools: bool = False

    @classmethod
    def solidfill(cls, filling: int, lit: int = LIT_KEEP) -> "InitSpec":
        return cls(LVLINIT_SOLIDFILL, fg=0, bg=0, lit=lit, filling=filling)

    @classmethod
    def mazegrid(cls, filling: int) -> "InitSpec":
        return cls(LVLINIT_MAZEGRID, fg=0, bg=0, lit=0, filling=filling)

    @classmethod
    def mines(cls, fg: int, bg: int, smoothed: bool, joined: bool, lit: int,
              walled: int, filling: int = -1) -> "InitSpec":
        return cls(LVLINIT_MINES, fg=fg, bg=bg, smoothed=smoothed, joined=joined,
                   lit=lit, walled=walled, filling=filling)

    @classmethod
    def sheol(cls) -> "InitSpec":
        return cls(LVLINIT_SHEOL, fg=0, bg=0)

    @classmethod
    def swamp(cls, fg: int, bg: int, lit: int) -> "InitSpec":
        """NetHack 3.7's swamp (its Lua levels only: Juiblex's)."""
        return cls(LVLINIT_SWAMP, fg=fg, bg=bg, lit=lit)

    @classmethod
    def rogue(cls) -> "InitSpec":
        return cls(LVLINIT_ROGUE, fg=0, bg=0)


def lvlfill_solid(level: Level, filling: int, lit: int, rng=None) -> None:
    """spo_lev.c lvlfill_solid(): SET_TYPLIT over x 2..x_maze_max, y 0..y_maze_max.
    Columns 1 and 79 are left alone (faithful)."""
    for x in range(2, X_MAZE_MAX + 1):
        for y in range(0, Y_MAZE_MAX + 1):
            level.set_typlit(x, y, filling, lit, rng)


def lvlfill_swamp(level: Level, fg: int, bg: int, lit: int, rng) -> None:
    """NetHack 3.7 sp_lev.c lvlfill_swamp(): a solid ``bg`` level, then every other
    square of every other row ``fg``, and where its three neighbours to the east and
    south are all still ``bg``, one of them (rn2(3)) ``fg`` too."""
    lvlfill_solid(level, bg, lit, rng)
    cols = min(X_MAZE_MAX, COLNO - 2)
    rows = min(Y_MAZE_MAX, ROWNO - 2)
    typ = level.typ
    for x in range(2, cols + 1, 2):
        for y in range(0, rows + 1, 2):
            level.set_typlit(x, y, fg, lit, rng)
            free = ((typ[(x + 1) * ROWNO + y] == bg) + (typ[x * ROWNO + y + 1] == bg)
                    + (typ[(x + 1) * ROWNO + y + 1] == bg))
            if free == 3:
                dx, dy = ((1, 0), (0, 1), (1, 1))[rng.rn2(3)]
                level.set_typlit(x + dx, y + dy, fg, lit, rng)


def lvlfill_maze_grid(level: Level, x1: int, y1: int, x2: int, y2: int,
                      filling: int) -> None:
    """spo_lev.c lvlfill_maze_grid(): stone on odd/odd cells and rows 0-1, ``filling``
    elsewhere; with the corrmaze flag, all stone."""
    typ = level.typ
    corrmaze = level.flags.corrmaze
    for x in range(x1, x2 + 1):
        for y in range(y1, y2 + 1):
            if corrmaze:
                typ[x * ROWNO + y] = T.STONE
            else:
                typ[x * ROWNO + y] = (T.STONE if (y < 2 or ((x % 2) and (y % 2)))
                                      else filling)


def adjust_mines_lightning(level: Level, rng, spec: InitSpec) -> None:
    """sp_lev.c adjust_mines_lightning(): in the Gnomish Mines (but not Minetown) a
    random-lit mines level is lit with 90% chance above Minetown, 10% below
    (``rnf(factor, 10)``).

    Minetown's depth is ``context.minetown_depth`` when the caller knows it; else it
    follows from the level's own place: dungeon.def puts Minetown on the Mines' level 3
    or 4 (``RNDLEVEL "minetn" @ (3, 2)``), so any other level 3 has it one below (4),
    any other level 4 one above (3); levels 1-2 are above it either way, 5 and deeper
    below.  Minetown itself (distance 0) is left alone."""
    ctx = level.context
    if not ctx.in_mines:
        return
    if ctx.minetown_depth is not None:
        minetown_depth = ctx.minetown_depth
    elif level.town:
        return
    else:
        minetown_depth = ctx.depth - ctx.dunlev + (4 if ctx.dunlev <= 3 else 3)
    distance = ctx.depth - minetown_depth
    if distance == 0:
        return
    factor = 1 if distance > 0 else 9
    spec.lit = 1 if rng.rnf(factor, 10) else 0


def litstate_rnd(level: Level, rng, litstate: int) -> bool:
    """mkmap.c litstate_rnd(): random lighting gets rarer with depth."""
    if litstate < 0:
        return bool(rng.rnd(1 + abs(level.context.depth)) < 11 and rng.rn2(77))
    return bool(litstate)


def init_level(level: Level, rng, spec: InitSpec, mimic_hook=None) -> None:
    """spo_initlevel() + splev_initlev(): run an INIT_MAP.

    Sets ``level.init_present`` (splev_init_present) and ``level.lvl_is_joined``.
    ``mimic_hook(x, y)`` is passed to the rogue generator (see :mod:`unlev.generate.mapgen.rogue`).
    Raises :class:`UnsupportedInitStyle` for styles the des-file loader cannot run.
    """
    level.init_present = True
    level.lvl_is_joined = bool(spec.joined)
    style = spec.style
    if isinstance(style, str):
        try:
            style = STYLE_NAMES[style.lower()]
        except KeyError:
            raise UnsupportedInitStyle(f"unknown INIT_MAP style {spec.style!r}") from None
    if style == LVLINIT_NONE:
        return
    if style == LVLINIT_SOLIDFILL:
        if spec.lit == LIT_RANDOM:
            spec.lit = rng.rn2(2)
        lvlfill_solid(level, spec.filling, spec.lit, rng)
    elif style == LVLINIT_MAZEGRID:
        lvlfill_maze_grid(level, 2, 0, X_MAZE_MAX, Y_MAZE_MAX, spec.filling)
    elif style == LVLINIT_SWAMP:
        if spec.lit == LIT_RANDOM:
            spec.lit = rng.rn2(2)
        lvlfill_swamp(level, spec.fg, spec.bg, spec.lit, rng)
    elif style == LVLINIT_SHEOL:
        from unlev.generate.mapgen.sheol import mksheol
        mksheol(level, rng)
    elif style == LVLINIT_ROGUE:
        from unlev.generate.mapgen.rogue import makeroguerooms
        makeroguerooms(level, rng, mimic_hook=mimic_hook)
    elif style == LVLINIT_MINES:
        if spec.lit == LIT_RANDOM:
            spec.lit = rng.rn2(2)
            adjust_mines_lightning(level, rng, spec)
        if spec.filling > -1:
            lvlfill_solid(level, spec.filling, 0, rng)
        spec.icedpools = level.flags.icedpools
        from unlev.generate.mapgen.mines import mkmap
        mkmap(level, rng, spec)
    else:
        raise UnsupportedInitStyle(
            f"INIT_MAP style {style} is not handled by UnNetHack's des-file loader")


def describe(spec: InitSpec) -> str:
    names = {v: k for k, v in STYLE_NAMES.items()}
    return f"INIT_MAP:{names.get(spec.style, spec.style)}"


__all__ = [
    "InitSpec", "init_level", "lvlfill_solid", "lvlfill_maze_grid",
    "adjust_mines_lightning", "litstate_rnd", "UnsupportedInitStyle",
    "LVLINIT_NONE", "LVLINIT_SOLIDFILL", "LVLINIT_MAZEGRID", "LVLINIT_MINES",
    "LVLINIT_SHEOL", "LVLINIT_ROGUE", "LIT_RANDOM", "LIT_KEEP", "STYLE_NAMES",
]
