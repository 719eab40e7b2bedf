"""Random spots in a room: mkroom.c ``somex``, ``somey``, ``inside_room``, ``somexy``,
``somexyspace`` (with mklev.c ``occupied``).

Why in the model: the loader (rooms, regions, level regions, mines) and the makers
(room fills) both pick spots in a room, so the question belongs to the room itself,
below both of them.
"""

from __future__ import annotations

from typing import Optional

from unlev.model.level import ROOMNO_MASK, ROWNO, Level, Room
from unlev.stdlib import terrain as T


def somex(rng, croom: Room) -> int:
    return rng.rn1(croom.hx - croom.lx + 1, croom.lx)


def somey(rng, croom: Room) -> int:
    return rng.rn1(croom.hy - croom.ly + 1, croom.ly)


def inside_room(croom: Room, x: int, y: int) -> bool:
    return croom.lx - 1 <= x <= croom.hx + 1 and croom.ly - 1 <= y <= croom.hy + 1


def somexy(level: Level, rng, croom: Room) -> Optional[tuple[int, int]]:
    """mkroom.c somexy(): a random spot in the room, or None.  Irregular rooms take
    a non-edge cell with their roomno (100 tries, then a scan); rooms with subrooms
    avoid walls and subrooms (100 tries)."""
    typ = level.typ
    if croom.irregular:
        i = level.room_roomno(croom) & ROOMNO_MASK
        rn = level.roomno
        edge = level.edge
        for _ in range(100):
            x = somex(rng, croom)
            y = somey(rng, croom)
            k = x * ROWNO + y
            if not edge[k] and rn[k] == i:
                return (x, y)
        for x in range(croom.lx, croom.hx + 1):
            for y in range(croom.ly, croom.hy + 1):
                k = x * ROWNO + y
                if not edge[k] and rn[k] == i:
                    return (x, y)
        return None
    if not croom.subrooms:
        x = somex(rng, croom)
        y = somey(rng, croom)
        return (x, y)
    try_cnt = 0
    while True:
        try_cnt += 1
        if try_cnt > 100:      # the C's `try_cnt++ < 100` loop ran out
            break
        x = somex(rng, croom)
        y = somey(rng, croom)
        if 0 < typ[x * ROWNO + y] <= T.DBWALL:
            continue
        if any(inside_room(s, x, y) for s in croom.subrooms):
            continue
        # faithful: a spot found on the 100th try is still reported as a failure
        return (x, y) if try_cnt < 100 else None
    return None


def occupied(level: Level, x: int, y: int) -> bool:
    """mklev.c occupied(): a trap, furniture, lava or water on the square (the
    invocation square is on the Vibrating Square level only, which no des-file makes)."""
    t = level.typ[x * ROWNO + y]
    return (T.is_furniture(t) or t in (T.LAVAPOOL, T.POOL, T.MOAT, T.WATER)
            or any(tr.x == x and tr.y == y for tr in level.traps))


SPACE_FLAG_NEVER = 2


def somexyspace(level: Level, rng, croom: Room, flags: int = 0):
    """mkroom.c somexyspace(): up to 100 spots of :func:`somexy` until one is a floor,
    corridor or ice square that is not :func:`occupied`; returns (found, the last spot
    tried).  Of the flags only 2 is modelled: its test is ``typ != CORR || typ != ROOM``,
    true of every square, so with it every try fails (100 spots drawn, found False)."""
    typ = level.typ
    pos = None
    for _ in range(100):
        spot = somexy(level, rng, croom)
        isok = spot is not None and not (flags & SPACE_FLAG_NEVER)
        if spot is not None:
            pos = spot
        if pos is None:
            continue
        t = typ[pos[0] * ROWNO + pos[1]]
        if isok and t in (T.ROOM, T.CORR, T.ICE) and not occupied(level, *pos):
            return True, pos
    return False, pos
