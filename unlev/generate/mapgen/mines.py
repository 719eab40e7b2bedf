"""The Gnomish-Mines cave generator (``INIT_MAP: mines, ...``), mkmap.c ported.

Why this module exists: mines-style levels start as a cellular automaton: random
foreground cells (init_fill), one birth/death pass, one thinning pass, optional
smoothing, then flood-filled regions are joined by dug corridors and the map is walled
and lit.  Every draw follows mkmap.c's order so that a game-compatible RNG reproduces
the game's caves.

UnNetHack detail worth knowing: join_map() ends with join_map_cleanup(), which throws
the temporary regions away (nroom = 0, every roomno reset), so a mines INIT_MAP leaves
no rooms behind -- and spo_map()'s later remove_rooms() has nothing to remove.
"""

from __future__ import annotations

from unlev.stdlib import terrain as T
from unlev.model.level import COLNO, ROWNO, NO_ROOM, ROOMOFFSET, ROOMNO_MASK, OROOM, Level
from unlev.generate.rooms import FloodResult, add_room, dig_corridor, flood_fill_rm
from unlev.model.spots import somexy
from unlev.generate.walls import wallify_map

WIDTH = COLNO - 2      # 78
HEIGHT = ROWNO - 1     # 20
N_P1_ITER = 1
N_P2_ITER = 1
N_P3_ITER = 2


class MinesGenerationError(RuntimeError):
    """The C would loop forever (e.g. fewer background cells than init_fill needs)."""


def init_map(level: Level, bg_typ: int) -> None:
    """Every valid cell becomes ``bg_typ``, unlit, in no room."""
    if bg_typ >= T.MAX_TYPE:
        return
    typ, lit, rn = level.typ, level.lit, level.roomno
    for i in range(1 * ROWNO, COLNO * ROWNO):
        rn[i] = NO_ROOM
        typ[i] = bg_typ
        lit[i] = 0


def init_fill(level: Level, rng, bg_typ: int, fg_typ: int) -> None:
    """Turn 2/5 of the WIDTH x HEIGHT area into foreground, one random pick at a time
    (picks landing on non-background cells are redrawn)."""
    if fg_typ >= T.MAX_TYPE:
        return
    limit = (WIDTH * HEIGHT * 2) // 5
    typ = level.typ
    avail = sum(1 for i in range(2, WIDTH + 1) for j in range(1, HEIGHT)
                if typ[i * ROWNO + j] == bg_typ)
    if avail < limit:
        raise MinesGenerationError(
            f"init_fill: only {avail} background cells for {limit} picks")
    count = 0
    while count < limit:
        i = rng.rn1(WIDTH - 1, 2)
        j = rng.rnd(HEIGHT - 1)
        k = i * ROWNO + j
        if typ[k] == bg_typ:
            typ[k] = fg_typ
            count += 1


def _fg_table(level: Level, bg_typ: int, fg_typ: int) -> bytearray:
    """1 where get_map() == fg_typ, over the whole storage (off-map reads give bg)."""
    table = bytearray(256)
    table[fg_typ] = 1
    f = bytearray(level.typ.translate(table))
    out_val = 1 if bg_typ == fg_typ else 0
    for row in range(ROWNO):
        f[row] = out_val                          # column 0
        f[(COLNO - 1) * ROWNO + row] = out_val       # column 79 (> WIDTH)
    for col in range(COLNO):
        f[col * ROWNO + HEIGHT] = out_val            # row 20 (>= HEIGHT)
    return f


def pass_one(level: Level, bg_typ: int, fg_typ: int) -> None:
    """Birth/death, in place: <= 2 foreground neighbours -> background, >= 5 ->
    foreground (later cells see earlier changes, as in the C)."""
    typ = level.typ
    f = _fg_table(level, bg_typ, fg_typ)
    bg_ok = bg_typ < T.MAX_TYPE
    fg_ok = fg_typ < T.MAX_TYPE
    bg_val = 1 if bg_typ == fg_typ else 0
    for i in range(2, WIDTH + 1):
        a0 = (i - 1) * ROWNO
        b0 = i * ROWNO
        c0 = (i + 1) * ROWNO
        for j in range(1, HEIGHT):
            a = a0 + j
            b = b0 + j
            c = c0 + j
            count = (f[a - 1] + f[a] + f[a + 1] + f[b - 1] + f[b + 1]
                     + f[c - 1] + f[c] + f[c + 1])
            if count <= 2:
                if bg_ok:
                    typ[b] = bg_typ
                    f[b] = bg_val
            elif count >= 5:
                if fg_ok:
                    typ[b] = fg_typ
                    f[b] = 1


def _buffered_pass(level: Level, bg_typ: int, fg_typ: int, to_bg) -> None:
    typ = level.typ
    f = _fg_table(level, bg_typ, fg_typ)
    # vertical sums of three, then the 3x3 sum minus the centre
    vs = [0]
    vs.extend(a + b + c for a, b, c in zip(f, f[1:], f[2:]))   # vs[k]: rows k-1..k+1
    changes = []
    for i in range(2, WIDTH + 1):
        for j in range(1, HEIGHT):
            b = i * ROWNO + j
            count = vs[b - ROWNO] + vs[b] + vs[b + ROWNO] - f[b]
            if to_bg[count]:
                changes.append(b)
    if bg_typ < T.MAX_TYPE:
        for b in changes:
            typ[b] = bg_typ


def pass_two(level: Level, bg_typ: int, fg_typ: int) -> None:
    """Cells with exactly 5 foreground neighbours become background (buffered)."""
    _buffered_pass(level, bg_typ, fg_typ, [c == 5 for c in range(9)])


def pass_three(level: Level, bg_typ: int, fg_typ: int) -> None:
    """Smoothing: cells with fewer than 3 foreground neighbours become background."""
    _buffered_pass(level, bg_typ, fg_typ, [c < 3 for c in range(9)])


def join_map(level: Level, rng, bg_typ: int, fg_typ: int) -> None:
    """Flood-fill the foreground into regions (tiny ones, <= 3 cells, are erased),
    record each as an irregular room, dig a corridor from each region to the next,
    then forget the regions (join_map_cleanup)."""
    typ = level.typ
    rn = level.roomno
    maxrooms = 40 * 2   # MAXNROFROOMS*2
    done = False
    for i in range(2, WIDTH + 1):
        if done:
            break
        for j in range(1, HEIGHT):
            k = i * ROWNO + j
            if typ[k] == fg_typ and rn[k] == NO_ROOM:
                rmno = len(level.rooms) + ROOMOFFSET
                res = FloodResult(i, j)
                flood_fill_rm(level, i, j, rmno, False, False, res)
                if res.n_loc_filled > 3:
                    room = add_room(level, res.min_rx, res.min_ry, res.max_rx, res.max_ry,
                                    False, OROOM, True)
                    room.irregular = True
                    if len(level.rooms) >= maxrooms:
                        done = True
                        break
                else:
                    m = rmno & ROOMNO_MASK
                    for sx in range(res.min_rx, res.max_rx + 1):
                        for sy in range(res.min_ry, res.max_ry + 1):
                            q = sx * ROWNO + sy
                            if rn[q] == m:
                                typ[q] = bg_typ
                                rn[q] = NO_ROOM
    rooms = level.rooms
    a = 0
    b = 1
    while b < len(rooms):
        croom, croom2 = rooms[a], rooms[b]
        sm = somexy(level, rng, croom)
        em = somexy(level, rng, croom2) if sm is not None else None
        if sm is None or em is None:
            sm = (croom.lx + (croom.hx - croom.lx) // 2, croom.ly + (croom.hy - croom.ly) // 2)
            em = (croom2.lx + (croom2.hx - croom2.lx) // 2,
                  croom2.ly + (croom2.hy - croom2.ly) // 2)
        dig_corridor(level, rng, sm, em, False, fg_typ, bg_typ)
        if croom2.lx > croom.hx or ((croom2.ly > croom.hy or croom2.hy < croom.ly)
                                    and rng.rn2(3)):
            a = b
        b += 1
    join_map_cleanup(level)


def join_map_cleanup(level: Level) -> None:
    rn = level.roomno
    for i in range(1 * ROWNO, COLNO * ROWNO):
        rn[i] = NO_ROOM
    level.rooms.clear()
    level.subrooms.clear()


def finish_map(level: Level, fg_typ: int, bg_typ: int, lit: bool, walled: bool) -> None:
    """Wall the caves (wallify_map over the whole level), light them, light lava."""
    typ = level.typ
    litarr = level.lit
    if walled:
        wallify_map(level, 1, 0, COLNO - 1, ROWNO - 1)
    if lit:
        fg_open = not T.is_rock(fg_typ)
        bg_open = not T.is_rock(bg_typ)
        for k in range(1 * ROWNO, COLNO * ROWNO):
            t = typ[k]
            if ((fg_open and t == fg_typ) or (bg_open and t == bg_typ)
                    or (bg_typ == T.TREE and t == bg_typ)
                    or (walled and 0 < t <= T.DBWALL)):
                litarr[k] = 1
        for r in level.rooms:
            r.rlit = 1
    for k in range(1 * ROWNO, COLNO * ROWNO):
        if typ[k] == T.LAVAPOOL:
            litarr[k] = 1


def backfill(level: Level, bg_typ: int, filler: int) -> None:
    """Replace the background with the INIT_MAP filling character."""
    if filler >= T.MAX_TYPE:
        return
    typ = level.typ
    litarr = level.lit
    for k in range(1 * ROWNO, COLNO * ROWNO):
        if typ[k] == bg_typ:
            typ[k] = filler
            if filler == T.LAVAPOOL:
                litarr[k] = 1


def mkmap(level: Level, rng, spec) -> None:
    """mkmap.c mkmap(): the whole generator for one InitSpec (fg, bg, smoothed, joined,
    lit, walled, filling).  ``spec.lit`` < 0 draws the depth-based light state."""
    bg_typ = spec.bg
    fg_typ = spec.fg
    lit = spec.lit
    walled = bool(spec.walled)
    if lit < 0:
        lit = 1 if (rng.rnd(1 + abs(level.context.depth)) < 11 and rng.rn2(77)) else 0
    if bg_typ < T.MAX_TYPE:
        init_map(level, bg_typ)
    init_fill(level, rng, bg_typ, fg_typ)
    for _ in range(N_P1_ITER):
        pass_one(level, bg_typ, fg_typ)
    for _ in range(N_P2_ITER):
        pass_two(level, bg_typ, fg_typ)
    if spec.smoothed:
        for _ in range(N_P3_ITER):
            pass_three(level, bg_typ, fg_typ)
    if spec.joined:
        join_map(level, rng, bg_typ, fg_typ)
    finish_map(level, fg_typ, bg_typ, bool(lit), walled)
    if walled and spec.joined and spec.filling > -1:
        level.flags.is_maze_lev = False
        level.flags.is_cavernous_lev = True
        backfill(level, bg_typ, spec.filling)
