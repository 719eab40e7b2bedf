"""Walls: making them join up, removing redundant ones, marking them undiggable.

Why this module exists: after a des-file has laid its terrain, the game rewrites every
wall cell so that corners and T-pieces match their neighbours (mkmaze.c
``wallification``/``wall_extends``/``fix_wall_spines``), turns stone next to floor into
walls (sp_lev.c ``wallify_map``), removes the invisible ``B`` boundaries
(``remove_boundary_syms``) and marks walls non-diggable / non-passwall
(``set_wall_property``, ``solidify_map``, ``bound_digging``).  The builder, the map
generators and :mod:`unlev.generate.flip` all need these; :func:`wall_join_errors` lets tests and
the harness check any level against the game's joining rule.

None of these functions draws random numbers.
"""

from __future__ import annotations

from typing import Optional

from unlev.stdlib import terrain as T
from unlev.model.level import (
    COLNO, ROWNO, X_MAZE_MAX, Y_MAZE_MAX, W_NONDIGGABLE, W_NONPASSWALL, FLAGS_MASK,
    Level,
)

# per-type lookup tables ------------------------------------------------------------
_NT = 256
IS_WALL_T = bytes(1 if 0 < t <= T.DBWALL else 0 for t in range(_NT))
IS_STWALL_T = bytes(1 if t <= T.DBWALL else 0 for t in range(_NT))
# iswall(): wall, door, secret door or iron bars
WALLISH_T = bytes(1 if (0 < t <= T.DBWALL or t in (T.DOOR, T.SDOOR, T.IRONBARS)) else 0
                  for t in range(_NT))
# iswall_or_stone()
WALL_OR_STONE_T = bytes(1 if (t == T.STONE or WALLISH_T[t]) else 0 for t in range(_NT))
# the cells whose type wall_extends() may rewrite
SPINE_T = bytes(1 if (0 < t <= T.DBWALL and t != T.DBWALL) else 0 for t in range(_NT))

# mkmaze.c spine_array: N<<3 | S<<2 | E<<1 | W  ->  wall type (0: leave alone)
SPINE_ARRAY = (
    T.VWALL, T.HWALL, T.HWALL, T.HWALL,
    T.VWALL, T.TRCORNER, T.TLCORNER, T.TDWALL,
    T.VWALL, T.BRCORNER, T.BLCORNER, T.TUWALL,
    T.VWALL, T.TLWALL, T.TRWALL, T.CROSSWALL,
)

# The four arms of every wall type (N, S, E, W) -- the inverse of SPINE_ARRAY.
WALL_ARMS = {
    T.VWALL: 0b1100, T.HWALL: 0b0011, T.TLCORNER: 0b0110, T.TRCORNER: 0b0101,
    T.BLCORNER: 0b1010, T.BRCORNER: 0b1001, T.CROSSWALL: 0b1111, T.TUWALL: 0b1011,
    T.TDWALL: 0b0111, T.TLWALL: 0b1101, T.TRWALL: 0b1110,
}



def _check_bounds(x1: int, y1: int, x2: int, y2: int, what: str) -> None:
    if x1 < 0 or x2 >= COLNO or x1 > x2 or y1 < 0 or y2 >= ROWNO or y1 > y2:
        raise ValueError(f"{what}: bad bounds ({x1},{y1}) to ({x2},{y2})")


def _neighbourhood(typ, x: int, y: int, table, outside: int):
    """The 3x3 locale of (x, y): table[typ] for valid cells, ``outside`` otherwise.
    Returned as a flat tuple in [dx+1][dy+1] order: index (dx+1)*3 + (dy+1)."""
    out = []
    for dx in (-1, 0, 1):
        nx = x + dx
        colok = 1 <= nx <= COLNO - 1
        base = nx * ROWNO
        for dy in (-1, 0, 1):
            ny = y + dy
            if colok and 0 <= ny <= ROWNO - 1:
                out.append(table[typ[base + ny]])
            else:
                out.append(outside)
    return out


def spine_bits(level: Level, x: int, y: int, in_bughack: bool = False) -> int:
    """The N/S/E/W arm mask wall_extends() computes for the wall at (x, y):
    an arm points at a wall (iswall) unless that side is closed in by solid cells
    (iswall_or_stone, the map edge counting as solid).

    ``in_bughack``: fix_wall_spines() inside Baalzebub's insect legs treats stone as
    open (uses iswall() instead of iswall_or_stone() for the locale).
    """
    typ = level.typ
    if 2 <= x <= COLNO - 2 and 1 <= y <= ROWNO - 2 and not in_bughack:
        wt = WALLISH_T
        st = WALL_OR_STONE_T
        a = (x - 1) * ROWNO + y
        b = x * ROWNO + y
        c = (x + 1) * ROWNO + y
        tw, tn, te = typ[a], typ[b - 1], typ[c]
        ts, tnw, tne = typ[b + 1], typ[a - 1], typ[c - 1]
        tsw, tse = typ[a + 1], typ[c + 1]
        return _arm_mask(wt[tn], wt[ts], wt[te], wt[tw], st[tn], st[ts], st[te], st[tw],
                         st[tnw], st[tne], st[tsw], st[tse])
    loc = _neighbourhood(typ, x, y, WALLISH_T if in_bughack else WALL_OR_STONE_T,
                         0 if in_bughack else 1)
    wall = _neighbourhood(typ, x, y, WALLISH_T, 0)
    # locale indices: [a][b] -> a*3+b ; a = dx+1, b = dy+1
    return _arm_mask(wall[1 * 3 + 0], wall[1 * 3 + 2], wall[2 * 3 + 1], wall[0 * 3 + 1],
                     loc[1 * 3 + 0], loc[1 * 3 + 2], loc[2 * 3 + 1], loc[0 * 3 + 1],
                     loc[0 * 3 + 0], loc[2 * 3 + 0], loc[0 * 3 + 2], loc[2 * 3 + 2])


def _arm_mask(wn, ws, we, ww, ln, ls, le, lw, lnw, lne, lsw, lse) -> int:
    """wall_extends()'s arms (N 8, S 4, E 2, W 1) from the walls beside the square
    (``w*``) and which neighbours are solid (``l*``): an arm points at a wall unless
    that side is closed in (north: W, E, NW, NE all solid; east: N, S, NE, SE...)."""
    bits = 0
    if wn and not (lw and le and lnw and lne):
        bits |= 8
    if ws and not (lw and le and lsw and lse):
        bits |= 4
    if we and not (ln and ls and lne and lse):
        bits |= 2
    if ww and not (ln and ls and lnw and lsw):
        bits |= 1
    return bits


def wall_extends(level: Level, x1: int = 1, y1: int = 0, x2: int = COLNO - 1,
                 y2: int = ROWNO - 1) -> None:
    """mkmaze.c wall_extends(): give every wall in the box the type its neighbours call
    for.  Free-standing walls (no arm) keep their type."""
    fix_wall_spines(level, x1, y1, x2, y2, _what="wall_extends")


def fix_wall_spines(level: Level, x1: int = 1, y1: int = 0, x2: int = COLNO - 1,
                    y2: int = ROWNO - 1, bughack: Optional[tuple] = None,
                    _what: str = "fix_wall_spines") -> None:
    """mkmaze.c fix_wall_spines(): wall_extends() with an optional exception area
    ``bughack=(x1, y1, x2, y2)`` inside which stone does not count as solid."""
    _check_bounds(x1, y1, x2, y2, _what)
    typ = level.typ
    spine = SPINE_T
    for x in range(x1, x2 + 1):
        base = x * ROWNO
        for y in range(y1, y2 + 1):
            t = typ[base + y]
            if not spine[t]:
                continue
            inb = bool(bughack) and bughack[0] <= x <= bughack[2] and bughack[1] <= y <= bughack[3]
            bits = spine_bits(level, x, y, inb)
            if bits:
                typ[base + y] = SPINE_ARRAY[bits]


def _is_solid(typ, x: int, y: int) -> bool:
    if not (1 <= x <= COLNO - 1 and 0 <= y <= ROWNO - 1):
        return True
    return bool(IS_STWALL_T[typ[x * ROWNO + y]])


def wallification(level: Level, x1: int = 1, y1: int = 0, x2: int = COLNO - 1,
                  y2: int = ROWNO - 1) -> None:
    """mkmaze.c wallification(): walls with solid rock/wall on all eight sides become
    stone, then wall_extends() joins the rest."""
    _check_bounds(x1, y1, x2, y2, "wallification")
    typ = level.typ
    spine = SPINE_T
    st = IS_STWALL_T
    for x in range(x1, x2 + 1):
        base = x * ROWNO
        for y in range(y1, y2 + 1):
            if not spine[typ[base + y]]:
                continue
            if 2 <= x <= COLNO - 2 and 1 <= y <= ROWNO - 2:
                a = base - ROWNO + y
                b = base + y
                c = base + ROWNO + y
                if (st[typ[a - 1]] and st[typ[a]] and st[typ[a + 1]] and st[typ[b - 1]]
                        and st[typ[b + 1]] and st[typ[c - 1]] and st[typ[c]]
                        and st[typ[c + 1]]):
                    typ[b] = T.STONE
                continue
            if (_is_solid(typ, x - 1, y - 1) and _is_solid(typ, x - 1, y)
                    and _is_solid(typ, x - 1, y + 1) and _is_solid(typ, x, y - 1)
                    and _is_solid(typ, x, y + 1) and _is_solid(typ, x + 1, y - 1)
                    and _is_solid(typ, x + 1, y) and _is_solid(typ, x + 1, y + 1)):
                typ[base + y] = T.STONE
    wall_extends(level, x1, y1, x2, y2)


_ROOMISH_T = bytes(1 if (t >= T.ROOM or t == T.CROSSWALL) else 0 for t in range(_NT))


def wallify_map(level: Level, x1: int, y1: int, x2: int, y2: int) -> None:
    """sp_lev.c wallify_map(): stone next to floor (IS_ROOM) or a B-boundary becomes
    wall -- HWALL if the first such neighbour found (scanning rows above to below) is
    in another row, else VWALL.  Note the C's asymmetric neighbourhood: rows above
    are looked at even above ``y1``, rows below stop at ``y2``, columns never go
    left of 1 nor right of ``x2``."""
    y1 = max(y1, 0)
    x1 = max(x1, 1)
    y2 = min(y2, ROWNO - 1)
    x2 = min(x2, COLNO - 1)
    typ = level.typ
    # new walls are never floor, so the floor test can be taken once beforehand
    rm = typ.translate(_ROOMISH_T)
    HW, VW = T.HWALL, T.VWALL
    for x in range(x1, x2 + 1):
        lo_xx = x - 1 if x > 1 else 1
        hi_xx = x + 1 if x < x2 else x2
        base = x * ROWNO
        if T.STONE not in typ[base + y1:base + y2 + 1]:
            continue
        # hit[yy]: floor somewhere in columns lo_xx..hi_xx of row yy
        hit = rm[lo_xx * ROWNO:lo_xx * ROWNO + ROWNO]
        for xx in range(lo_xx + 1, hi_xx + 1):
            hit = bytes(a | b for a, b in zip(hit, rm[xx * ROWNO:xx * ROWNO + ROWNO]))
        for y in range(y1, y2 + 1):
            if typ[base + y]:          # not STONE
                continue
            lo_yy = y - 1 if y > 0 else 0
            hi_yy = y + 1 if y < y2 else y2
            for yy in range(lo_yy, hi_yy + 1):
                if hit[yy]:
                    typ[base + y] = HW if yy != y else VW
                    break


def remove_boundary_syms(level: Level) -> None:
    """spo_lev.c remove_boundary_syms(): B-boundaries (CROSSWALL) laid by the des-file
    become ROOM.  Faithful limits: the presence scan covers x < COLNO-1, y < ROWNO-1
    and the rewrite only x < x_maze_max (78), y < y_maze_max (20), so a ``B`` in
    column 78/79 or row 20 survives as a CROSSWALL."""
    typ = level.typ
    touched = level.touched
    has_bounds = False
    for x in range(COLNO - 1):
        base = x * ROWNO
        for y in range(ROWNO - 1):
            if typ[base + y] == T.CROSSWALL:
                has_bounds = True
                break
        if has_bounds:
            break
    if not has_bounds:
        return
    for x in range(X_MAZE_MAX):
        base = x * ROWNO
        for y in range(Y_MAZE_MAX):
            i = base + y
            if typ[i] == T.CROSSWALL and touched[i]:
                typ[i] = T.ROOM


def _wallprop_ok(t: int) -> bool:
    return t <= T.DBWALL or t in (T.TREE, T.DEADTREE, T.IRONBARS)


def set_wall_property(level: Level, x1: int, y1: int, x2: int, y2: int, prop: int) -> None:
    """spo_lev.c set_wall_property(): OR ``prop`` (W_NONDIGGABLE / W_NONPASSWALL) into
    the wall_info of every wall, stone, tree or iron-bars cell of the box (clipped to
    x >= 1)."""
    x1 = max(x1, 1)
    x2 = min(x2, COLNO - 1)
    y1 = max(y1, 0)
    y2 = min(y2, ROWNO - 1)
    typ = level.typ
    flg = level.flg
    for y in range(y1, y2 + 1):
        for x in range(x1, x2 + 1):
            i = x * ROWNO + y
            if _wallprop_ok(typ[i]):
                flg[i] = (flg[i] | prop) & FLAGS_MASK


def set_wall_property_at(level: Level, cells, prop: int) -> None:
    """The selection form (sel_set_wall_property) over an iterable of (x, y)."""
    typ = level.typ
    flg = level.flg
    for x, y in cells:
        i = x * ROWNO + y
        if _wallprop_ok(typ[i]):
            flg[i] = (flg[i] | prop) & FLAGS_MASK


def solidify_map(level: Level) -> None:
    """spo_lev.c solidify_map(): stone and walls not laid by the des-file become
    non-diggable and non-passwall (every column, including column 0)."""
    typ = level.typ
    flg = level.flg
    touched = level.touched
    bits = W_NONDIGGABLE | W_NONPASSWALL
    for i in range(COLNO * ROWNO):
        if IS_STWALL_T[typ[i]] and not touched[i]:
            flg[i] |= bits


def _typ_or_stone(level: Level, x: int, y: int) -> int:
    if 0 <= x < COLNO and 0 <= y < ROWNO:
        return level.typ[x * ROWNO + y]
    return T.STONE   # the C reads past the array here (only on an all-stone level)


def get_level_extends(level: Level) -> tuple[int, int, int, int]:
    """mkmaze.c get_level_extends(): (left, top, right, bottom) of the used area.

    Each side is the first column/row holding non-stone, moved outward by 2, or by 1
    when that line holds only walls on a mazelevel.  The loops' post-increment puts
    the first found column at xmin-1 before the adjustment, so the results are
    found-1 (or found) on the low sides and found+1 (or found) on the high sides.
    Left/right are clamped to the array; top/bottom are not (callers clamp).
    """
    maze = level.flags.is_maze_lev
    IS_WALL = lambda t: 0 < t <= T.DBWALL   # noqa: E731

    found = nonwall = False
    xmin = 0
    while not found and xmin <= COLNO:
        for y in range(ROWNO):
            t = _typ_or_stone(level, xmin, y)
            if t != T.STONE:
                found = True
                if not IS_WALL(t):
                    nonwall = True
        xmin += 1
    xmin -= 2 if (nonwall or not maze) else 1
    if xmin < 0:
        xmin = 0

    found = nonwall = False
    xmax = COLNO - 1
    while not found and xmax >= 0:
        for y in range(ROWNO):
            t = _typ_or_stone(level, xmax, y)
            if t != T.STONE:
                found = True
                if not IS_WALL(t):
                    nonwall = True
        xmax -= 1
    xmax += 2 if (nonwall or not maze) else 1
    if xmax >= COLNO:
        xmax = COLNO - 1

    found = nonwall = False
    ymin = 0
    while not found and ymin <= ROWNO:
        for x in range(xmin, xmax + 1):
            t = _typ_or_stone(level, x, ymin)
            if t != T.STONE:
                found = True
                if not IS_WALL(t):
                    nonwall = True
        ymin += 1
    ymin -= 2 if (nonwall or not maze) else 1

    found = nonwall = False
    ymax = ROWNO - 1
    while not found and ymax >= 0:
        for x in range(xmin, xmax + 1):
            t = _typ_or_stone(level, x, ymax)
            if t != T.STONE:
                found = True
                if not IS_WALL(t):
                    nonwall = True
        ymax -= 1
    ymax += 2 if (nonwall or not maze) else 1
    return xmin, ymin, xmax, ymax


def bound_digging(level: Level, earth_level: bool = False) -> None:
    """mkmaze.c bound_digging() (run by mklev() after every level): a non-diggable
    frame on and outside the level's used extent (see get_level_extends)."""
    if earth_level:
        return
    xmin, ymin, xmax, ymax = get_level_extends(level)
    flg = level.flg
    for x in range(COLNO):
        for y in range(ROWNO):
            if y <= ymin or y >= ymax or x <= xmin or x >= xmax:
                flg[x * ROWNO + y] |= W_NONDIGGABLE


def wall_join_errors(level: Level, x1: int = 1, y1: int = 0, x2: int = COLNO - 1,
                     y2: int = ROWNO - 1, redundant: bool = False):
    """Recompute the joined type of every wall cell and report the ones that differ.

    Returns a list of ``(x, y, actual_type, expected_type)``.  Free-standing walls
    (no arm) and DBWALL have no expected type and are never reported.  With
    ``redundant=True`` walls that wallification() would turn into stone (solid on all
    eight sides) are reported too, with expected type STONE.
    """
    errors = []
    typ = level.typ
    for x in range(max(x1, 1), min(x2, COLNO - 1) + 1):
        base = x * ROWNO
        for y in range(max(y1, 0), min(y2, ROWNO - 1) + 1):
            t = typ[base + y]
            if not SPINE_T[t]:
                continue
            if redundant and all(_is_solid(typ, x + dx, y + dy)
                                 for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                 if dx or dy):
                errors.append((x, y, t, T.STONE))
                continue
            bits = spine_bits(level, x, y)
            if bits and SPINE_ARRAY[bits] != t:
                errors.append((x, y, t, SPINE_ARRAY[bits]))
    return errors


def format_wall_errors(errors) -> str:
    names = T.TERRAIN_NAMES
    return "; ".join(f"({x},{y}) {names[a]} should be {names[e]}" for x, y, a, e in errors)
