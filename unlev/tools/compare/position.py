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
  coordinates), the other must too (the fixed-square test on what stands there).

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


def position_measures(frame, ours: Sequence[Sample], game: Sequence[Sample]) -> list:
    """Every position measure of one level (see the module docstring)."""
    from unlev.tools.compare.measures import categorical, fixed_cells
    out = []
    po = frame.placements_ours or [None] * len(ours)
    pg = frame.placements_game or [None] * len(game)
    for kind in KINDS:
        if not any(s.points.get(kind) for s in ours) and not any(
                s.points.get(kind) for s in game):
            continue
        mo = [places(s, kind, frame, p) for s, p in zip(ours, po)]
        mg = [places(s, kind, frame, p) for s, p in zip(game, pg)]
        for i, what in enumerate(("where", "on terrain", "to stairs")):
            a = [m[i] for m in mo]
            b = [m[i] for m in mg]
            if any(c is None for c in a + b):
                continue
            m = categorical("position", f"{kind} {what}", a, b)
            if m is not None:
                if what == "where":
                    m.test += f" ({frame.describe()})"
                out.append(m)
        m = fixed_cells("position", f"{kind} squares", frame,
                        [occupancy(s, kind) for s in ours],
                        [occupancy(s, kind) for s in game], lambda v: v or "nothing")
        out.append(m)
    return out
