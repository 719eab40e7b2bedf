"""Where monsters, objects and traps stand: the position measures of ``unlev compare``.

Why this module exists: counts and kinds can agree while everything stands in the wrong
place (issue 16: ``--compat doc`` on Rog-strt floods another region, so its monsters
move, and no count changes).  Each entity is reduced to a few place words that do not
depend on the seed, and the mix of those words is compared like any other mix (whole
levels permuted, :func:`~unlev.tools.compare.measures.categorical`):

* ``where``: which part of the level, lined up on the level's frame (the MAP the
  placement measures found, flips undone, or the whole level): a coarse grid of cells,
  or "outside the MAP";
* ``on terrain``: the class of the square under it (floor, corridor, door, water...);
* ``to stairs``: its distance (in moves, Chebyshev) to the nearest staircase or ladder,
  in doubling bins;
* ``squares``: where one side always puts the same thing (a MONSTER at fixed
  coordinates), the other must too (the fixed-square test on :func:`occupancy`).

This module only turns a sample into those words; the measures are made by
:func:`unlev.tools.compare.measures.position_measures`.

The places follow the game's own placement code only through what it leaves on the
level: sp_lev.c create_monster / create_object / create_trap, mkmaze.c fixup_special.
"""

from __future__ import annotations

from collections import Counter
from typing import List, Optional, Sequence, Tuple

from unlev.model.level import COLNO, ROWNO
from unlev.tools.compare.sample import TERRAIN_CLASS, Sample

KINDS = ("monsters", "objects", "traps")
GRID_COLS, GRID_ROWS = 6, 3          # the whole level: cells of about 13 x 7 squares
MAP_COLS, MAP_ROWS = 3, 3            # inside a MAP: thirds each way
STAIR_BINS = (0, 1, 2, 4, 8, 16, 32)  # lower bounds of the distance bins


def stair_bin(d: int) -> str:
    lo = max(b for b in STAIR_BINS if b <= d)
    i = STAIR_BINS.index(lo)
    if i + 1 < len(STAIR_BINS) and STAIR_BINS[i + 1] - 1 > lo:
        return f"{lo}-{STAIR_BINS[i + 1] - 1}"
    return f"{lo}+" if i + 1 == len(STAIR_BINS) else str(lo)


def region_of(frame, placement, x: int, y: int) -> str:
    """The cell of the frame that square (x, y) lies in."""
    if frame.kind == "absolute" or placement is None:
        return f"r{y * GRID_ROWS // ROWNO}c{x * GRID_COLS // COLNO}"
    t = frame.template
    if not (placement.x <= x < placement.x + t.width
            and placement.y <= y < placement.y + t.height):
        return "outside MAP"
    dx, dy = placement.frame(t, x, y)
    return f"MAP r{dy * MAP_ROWS // t.height}c{dx * MAP_COLS // t.width}"


def places(s: Sample, kind: str, frame, placement) -> Tuple[Counter, Counter, Optional[Counter]]:
    """(region mix, terrain mix, stairs-distance mix or None without stairs)."""
    where, terrain = Counter(), Counter()
    dist: Optional[Counter] = Counter() if s.stairs else None
    for x, y, _k in s.points.get(kind, ()):
        where[region_of(frame, placement, x, y)] += 1
        terrain[TERRAIN_CLASS.get(s.typ[x * ROWNO + y], "other")
                if 0 <= x < COLNO and 0 <= y < ROWNO else "off map"] += 1
        if dist is not None:
            d = min(max(abs(x - sx), abs(y - sy)) for sx, sy in s.stairs)
            dist[stair_bin(d)] += 1
    return where, terrain, dist


def occupancy(s: Sample, kind: str) -> List[str]:
    """What stands on each square ("" for nothing), as a flat x*ROWNO+y grid."""
    grid = [""] * (COLNO * ROWNO)
    for x, y, k in s.points.get(kind, ()):
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            i = x * ROWNO + y
            grid[i] = k if not grid[i] else min(grid[i], k)
    return grid
