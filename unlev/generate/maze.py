"""MAZEWALK and maze helpers: mkmaze.c ``walkfrom`` and spo_lev.c ``spo_mazewalk`` /
``fill_empty_maze`` ported.

Why this module exists: maze levels (Gehennom fillers, the Wizard's tower surroundings,
Medusa/castle mazes...) carve their passages with MAZEWALK: a random walk over the
odd/odd cells of a maze grid, two cells per step.  Getting the game's mazes requires the
game's exact walk, including its quirk (below), its start-point adjustment and the
"stocked" filling that follows.

The walker's quirk: the C ``walkfrom()`` recurses, but after a recursive call returns
it keeps looping from the cell it had moved to, never from where it stood before.  So
each cell is examined at most twice (on arrival, and once more by the walker that made
it, after everything carved from it is finished); a cell with three open
neighbours can lose one, which another path may or may not reach later.  The carved
cells always form a tree (every step opens a stone cell), so the maze is connected
and has no cycles; odd cells can, rarely, stay stone.  ``micro=True`` runs the game's
iterative MICRO variant instead (a true depth-first walk that reaches every cell).

Objects, monsters and traps of a stocked maze are placed through a
:class:`MazeFiller` (the population code supplies a real one).
"""

from __future__ import annotations

from typing import Optional, Protocol

from unlev.stdlib import terrain as T
from unlev.model.level import (
    COLNO, ROWNO, X_MAZE_MAX, Y_MAZE_MAX, DB_UNDER, DB_MOAT, DB_LAVA, Level, Monster,
    Object, Trap, isok,
)


# sp_lev.h wall directions (MAZEWALK direction argument)
W_NORTH = 1
W_SOUTH = 2
W_EAST = 4
W_WEST = 8
DIR_NAMES = {"north": W_NORTH, "south": W_SOUTH, "east": W_EAST, "west": W_WEST}

from unlev.model.constants import ANY_LOC, DRY, HOT, SOLID, SPACELOC, WET

# mz_move / move(): 0 north, 1 east, 2 south, 3 west
_DX = (0, 1, 0, -1)
_DY = (-1, 0, 1, 0)


def default_walk_typ(level: Level) -> int:
    return T.CORR if level.flags.corrmaze else T.ROOM


def okay(level: Level, x: int, y: int, d: int, x_maze_max: int = X_MAZE_MAX,
         y_maze_max: int = Y_MAZE_MAX) -> bool:
    """mkmaze.c okay(): the cell two steps away is in the maze area and still stone."""
    x += 2 * _DX[d]
    y += 2 * _DY[d]
    if x < 3 or y < 3 or x > x_maze_max or y > y_maze_max:
        return False
    return level.typ[x * ROWNO + y] == T.STONE


def walkfrom(level: Level, rng, x: int, y: int, typ: int = 0, micro: bool = False,
             x_maze_max: int = X_MAZE_MAX, y_maze_max: int = Y_MAZE_MAX,
             trace: Optional[list] = None) -> None:
    """mkmaze.c walkfrom(): carve a maze with ``typ`` (0: CORR on corrmaze levels, else
    ROOM) starting at (x, y).  Carved cells are marked as laid by the des-file.

    The default reproduces the recursive C exactly (as a stack of walkers, each with
    its own current cell); ``micro=True`` reproduces the MICRO build's loop.
    ``trace``, a list, receives every cell the walk opens, in order (checks use it:
    the walk's own cells must form a tree, whatever was on the level before).
    """
    if not typ:
        typ = default_walk_typ(level)
    cells = level.typ
    flg = level.flg
    touched = level.touched

    def enter(cx: int, cy: int) -> None:
        if trace is not None:
            trace.append((cx, cy))
        k = cx * ROWNO + cy
        if cells[k] != T.DOOR:
            cells[k] = typ
            flg[k] = 0
            touched[k] = 1

    def open_dirs(cx: int, cy: int) -> list:
        out = []
        for d in range(4):
            nx = cx + 2 * _DX[d]
            ny = cy + 2 * _DY[d]
            if (nx < 3 or ny < 3 or nx > x_maze_max or ny > y_maze_max):
                continue
            if cells[nx * ROWNO + ny] == T.STONE:
                out.append(d)
        return out

    def step(cx: int, cy: int, d: int) -> tuple[int, int]:
        mx = cx + _DX[d]
        my = cy + _DY[d]
        if trace is not None:
            trace.append((mx, my))
        k = mx * ROWNO + my
        cells[k] = typ
        touched[k] = 1
        nx = mx + _DX[d]
        ny = my + _DY[d]
        touched[nx * ROWNO + ny] = 1
        return nx, ny

    if micro:
        stack = [(x, y)]
        while stack:
            cx, cy = stack[-1]
            enter(cx, cy)
            dirs = open_dirs(cx, cy)
            if not dirs:
                stack.pop()
                continue
            d = dirs[rng.rn2(len(dirs))]
            stack.append(step(cx, cy, d))
        return

    enter(x, y)
    walkers = [[x, y]]          # each walker's current cell
    while walkers:
        w = walkers[-1]
        dirs = open_dirs(w[0], w[1])
        if not dirs:
            walkers.pop()
            continue
        d = dirs[rng.rn2(len(dirs))]
        nx, ny = step(w[0], w[1], d)
        w[0], w[1] = nx, ny       # the caller continues from here afterwards
        enter(nx, ny)
        walkers.append([nx, ny])


def mazewalk(level: Level, rng, x: int, y: int, direction: int, ftyp: int = 0,
             stocked: bool = False, filler: Optional["MazeFiller"] = None,
             trace: Optional[list] = None) -> None:
    """spo_lev.c spo_mazewalk() for an absolute start (x, y) and a W_* direction.

    Steps once in ``direction`` and opens that cell (unless it is a door); then makes
    the start odd: an even x moves one more step (east if going east, else west) and
    that cell is opened too; an even y moves one step (south if going south, else
    north) without opening.  Then walkfrom(); if ``stocked``, fill_empty_maze().
    """
    if isinstance(direction, str):
        direction = DIR_NAMES[direction.lower()]
    if not isok(x, y):
        return
    if ftyp < 1:
        ftyp = default_walk_typ(level)
    if direction == W_NORTH:
        y -= 1
    elif direction == W_SOUTH:
        y += 1
    elif direction == W_EAST:
        x += 1
    elif direction == W_WEST:
        x -= 1
    # (any other value: the game warns "Bad MAZEWALK direction" and does not step)
    cells = level.typ
    flg = level.flg

    def inside(cx: int, cy: int) -> bool:
        return 0 <= cx < COLNO and 0 <= cy < ROWNO

    if inside(x, y) and cells[x * ROWNO + y] != T.DOOR:
        cells[x * ROWNO + y] = ftyp
        flg[x * ROWNO + y] = 0
    if not (x % 2):
        x += 1 if direction == W_EAST else -1
        if inside(x, y):
            cells[x * ROWNO + y] = ftyp
            flg[x * ROWNO + y] = 0
    if not (y % 2):
        y += 1 if direction == W_SOUTH else -1
    if not inside(x, y):
        return
    walkfrom(level, rng, x, y, ftyp, trace=trace)
    if stocked:
        fill_empty_maze(level, rng, filler)


def maze0xy(rng, x_maze_max: int = X_MAZE_MAX, y_maze_max: int = Y_MAZE_MAX) -> tuple[int, int]:
    """mkmaze.c maze0xy(): a random odd start cell."""
    x = 3 + 2 * rng.rn2((x_maze_max >> 1) - 1)
    y = 3 + 2 * rng.rn2((y_maze_max >> 1) - 1)
    return x, y


def mazexy(level: Level, rng, x_maze_max: int = X_MAZE_MAX,
           y_maze_max: int = Y_MAZE_MAX) -> tuple[int, int]:
    """mkmaze.c mazexy(): a random carved odd cell (100 tries, then a scan)."""
    want = default_walk_typ(level)
    typ = level.typ
    for _ in range(100):
        x = 3 + 2 * rng.rn2((x_maze_max >> 1) - 1)
        y = 3 + 2 * rng.rn2((y_maze_max >> 1) - 1)
        if typ[x * ROWNO + y] == want:
            return x, y
    for i in range((x_maze_max >> 1) - 1):
        for j in range((y_maze_max >> 1) - 1):
            x, y = 3 + 2 * i, 3 + 2 * j
            if typ[x * ROWNO + y] == want:
                return x, y
    raise RuntimeError("mazexy: can't find a place!")


def maze_inbounds(x: int, y: int, x_maze_max: int = X_MAZE_MAX,
                  y_maze_max: int = Y_MAZE_MAX) -> bool:
    return x >= 2 and y >= 2 and x < x_maze_max and y < y_maze_max and isok(x, y)


def maze_cells(level: Level, x_maze_max: int = X_MAZE_MAX,
               y_maze_max: int = Y_MAZE_MAX):
    """The odd/odd cells of the maze area (the walker's nodes)."""
    for x in range(3, x_maze_max + 1, 2):
        for y in range(3, y_maze_max + 1, 2):
            yield x, y


# --------------------------------------------------------------------------------
def is_ok_location(level: Level, x: int, y: int, humidity: int) -> bool:
    """spo_lev.c is_ok_location() (terrain part; pools/lava by terrain type)."""
    if level.context.is_waterlevel:
        return True
    if humidity & ANY_LOC:
        return True
    t = level.typ[x * ROWNO + y]
    if (humidity & SOLID) and t < T.POOL:
        return True
    if humidity & DRY:
        if t in (T.ROOM, T.AIR, T.CLOUD, T.ICE, T.CORR):
            return True
    if (humidity & SPACELOC) and t > T.DOOR:
        return True
    under = level.flg[x * ROWNO + y] & DB_UNDER
    if (humidity & WET) and (t in (T.POOL, T.MOAT, T.WATER)
                             or (t == T.DRAWBRIDGE_UP and under == DB_MOAT)):
        return True      # dbridge.c is_pool() (Juiblex's swamp aside)
    if (humidity & HOT) and (t == T.LAVAPOOL
                             or (t == T.DRAWBRIDGE_UP and under == DB_LAVA)):
        return True
    return False


class MazeFiller(Protocol):
    """What fill_empty_maze() needs from the population code.  Each call is made
    exactly where the game makes the corresponding call, so a faithful implementation
    draws its random numbers in the game's order."""

    def is_ok_location(self, level: Level, x: int, y: int, humidity: int) -> bool: ...
    def object(self, level: Level, rng, x: int, y: int, gem_class: bool) -> None: ...
    def boulder(self, level: Level, rng, x: int, y: int) -> None: ...
    def monster(self, level: Level, rng, x: int, y: int, name: Optional[str]) -> None: ...
    def gold(self, level: Level, rng, x: int, y: int) -> None: ...
    def rndtrap(self, level: Level, rng): ...
    def is_pit_or_hole(self, ttyp) -> bool: ...
    def boulder_at(self, level: Level, x: int, y: int) -> bool: ...
    def trap(self, level: Level, rng, x: int, y: int, ttyp) -> None: ...


class PlaceholderFiller:
    """Records what would be placed, drawing no random numbers of its own.

    Only the counts and positions then match the game; use the population code's
    filler for a faithful random stream.  Trap types are left as ``"random"``.
    """

    def is_ok_location(self, level, x, y, humidity):
        return is_ok_location(level, x, y, humidity)

    def object(self, level, rng, x, y, gem_class):
        level.objects.append(Object(x, y, "random gem" if gem_class else "random",
                                    attrs={"placeholder": True}))

    def boulder(self, level, rng, x, y):
        level.objects.append(Object(x, y, "boulder", attrs={"placeholder": True}))

    def monster(self, level, rng, x, y, name):
        level.monsters.append(Monster(x, y, name or "random", attrs={"placeholder": True}))

    def gold(self, level, rng, x, y):
        level.objects.append(Object(x, y, "gold piece", attrs={"placeholder": True}))

    def rndtrap(self, level, rng):
        return "random"

    def is_pit_or_hole(self, ttyp):
        return False

    def boulder_at(self, level, x, y):
        return any(o.x == x and o.y == y and o.id == "boulder" for o in level.objects)

    def trap(self, level, rng, x, y, ttyp):
        level.traps.append(Trap(x, y, ttyp, attrs={"placeholder": True}))


def maze1xy(level: Level, rng, humidity: int, filler) -> tuple[int, int]:
    """spo_lev.c maze1xy(): a random odd cell *inside* the carved/laid part of the
    level (SpLev_Map set -- this version's test is the reverse of 3.4.3's), passing
    the humidity test; gives up after 2000 tries and returns the last pick."""
    tryct = 2000
    touched = level.touched
    while True:
        x = rng.rn1(X_MAZE_MAX - 3, 3)
        y = rng.rn1(Y_MAZE_MAX - 3, 3)
        tryct -= 1
        if tryct < 0:
            break
        if (x % 2) and (y % 2) and touched[x * ROWNO + y] and \
                filler.is_ok_location(level, x, y, humidity):
            break
    return x, y


def maze_fill_counts(level: Level) -> tuple[int, int]:
    """(mapcount, mapcountmax) as fill_empty_maze() computes them."""
    mapcount = (X_MAZE_MAX - 2) * (Y_MAZE_MAX - 2)
    mapcountmax = mapcount // 2
    touched = level.touched
    for x in range(2, X_MAZE_MAX):
        for y in range(0, Y_MAZE_MAX):
            if not touched[x * ROWNO + y]:
                mapcount -= 1
    return mapcount, mapcountmax


def fill_empty_maze(level: Level, rng, filler=None) -> None:
    """spo_lev.c fill_empty_maze(): stock a maze in proportion to how much of the level
    it covers (objects, boulders, 0-1 minotaur, monsters, gold, traps)."""
    if filler is None:
        filler = PlaceholderFiller()
    mapcount, mapcountmax = maze_fill_counts(level)
    if not (mapcount > mapcountmax // 10):
        return
    mapfact = (mapcount * 100) // mapcountmax
    n = rng.rnd((20 * mapfact) // 100)
    for _ in range(n):
        x, y = maze1xy(level, rng, DRY, filler)
        filler.object(level, rng, x, y, bool(rng.rn2(2)))
    n = rng.rnd((12 * mapfact) // 100)
    for _ in range(n):
        x, y = maze1xy(level, rng, DRY, filler)
        filler.boulder(level, rng, x, y)
    n = rng.rn2(2)
    for _ in range(n):
        x, y = maze1xy(level, rng, DRY, filler)
        filler.monster(level, rng, x, y, "minotaur")
    n = rng.rnd((12 * mapfact) // 100)
    for _ in range(n):
        x, y = maze1xy(level, rng, DRY, filler)
        filler.monster(level, rng, x, y, None)
    n = rng.rn2((15 * mapfact) // 100)
    for _ in range(n):
        x, y = maze1xy(level, rng, DRY, filler)
        filler.gold(level, rng, x, y)
    n = rng.rn2((15 * mapfact) // 100)
    for _ in range(n):
        x, y = maze1xy(level, rng, DRY, filler)
        trytrap = filler.rndtrap(level, rng)
        if filler.boulder_at(level, x, y):
            while filler.is_pit_or_hole(trytrap):
                trytrap = filler.rndtrap(level, rng)
        filler.trap(level, rng, x, y, trytrap)


# --------------------------------------------------------------------------------
def maze_graph(level: Level, x_maze_max: int = X_MAZE_MAX, y_maze_max: int = Y_MAZE_MAX,
               open_types=None):
    """The maze as a graph: nodes are open odd/odd cells, edges join two nodes whose
    in-between cell is open.  Returns (nodes: set, edges: set of frozensets)."""
    typ = level.typ
    if open_types is None:
        open_types = {T.ROOM, T.CORR}
    nodes = set()
    edges = set()
    for x, y in maze_cells(level, x_maze_max, y_maze_max):
        if typ[x * ROWNO + y] in open_types:
            nodes.add((x, y))
    for x, y in nodes:
        for dx, dy in ((2, 0), (0, 2)):
            nb = (x + dx, y + dy)
            if nb in nodes and typ[(x + dx // 2) * ROWNO + y + dy // 2] in open_types:
                edges.add(frozenset(((x, y), nb)))
    return nodes, edges


def is_perfect_maze(nodes, edges) -> bool:
    """Connected and acyclic: a spanning tree of its nodes."""
    if not nodes:
        return True
    if len(edges) != len(nodes) - 1:
        return False
    return is_connected(nodes, edges)


def is_connected(nodes, edges) -> bool:
    if not nodes:
        return True
    adj = {n: [] for n in nodes}
    for e in edges:
        a, b = tuple(e)
        adj[a].append(b)
        adj[b].append(a)
    start = next(iter(nodes))
    seen = {start}
    stack = [start]
    while stack:
        n = stack.pop()
        for m in adj[n]:
            if m not in seen:
                seen.add(m)
                stack.append(m)
    return len(seen) == len(nodes)
