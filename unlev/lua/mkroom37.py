"""NetHack 3.7's special room on an ordinary level: makelevel()'s chain of chances by
depth (mklev.c) and mkroom.c's ``pick_room``, ``mkzoo``, ``mktemple``,
``mkswamp`` that turn one ordinary room into a court, zoo, temple, swamp...

Why a module of its own: :mod:`unlev.lua.themerooms` makes 3.7's ordinary level and
:mod:`unlev.lua.mklev37` fills its ordinary rooms; between the two, makelevel makes
"up to 1 special room".  Only the room's type is set here (and a temple's altar and
priest, a swamp's pools and eels, as mkroom.c does at once); the zoo-like rooms are
stocked with the other special rooms at the end of the level
(:mod:`unlev.populate.roomfill`, marked ``needfill``).  Themed rooms are never
chosen (3.7 gives them rtype THEMEROOM, and these functions want OROOM).

A shop is the chain's first chance (``rn2(depth) < 3`` between levels 2 and Medusa's,
with 3 rooms, 4 on a branch level): ``mkshop`` picks its room and kind from 3.7's
shop table (the profile's ``shops.json``: health food stores, no pet or instrument
shops) and the shop is stocked at the end of the level by unlev's shknam.c code
(:mod:`unlev.populate.shops`), which stocks a health food store's vegetarian row with
any food (mkveggy_at's filter is not followed).  The zoo-like fills are UnNetHack's
``fill_zoo`` with 3.7's names.
"""

from __future__ import annotations

from typing import Optional, Set, Tuple

from unlev.model.constants import FILL_NORMAL, OROOM, ROOMOFFSET, SHOPBASE, TEMPLE
from unlev.populate import makemon
from unlev.populate.roomfill import (
    ANTHOLE, BARRACKS, BEEHIVE, COCKNEST, COURT, LEPREHALL, MORGUE, SWAMP, ZOO,
)
from unlev.populate.temples import priestini
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.grid import ROWNO

# align.h Align2amask(), and AM_SHRINE
_AMASK = {-1: 1, 0: 2, 1: 4}
_AM_SHRINE = 8


def _themed(room, themed: Set[Tuple[int, int, int, int]]) -> bool:
    return (room.lx, room.ly, room.hx, room.hy) in themed


def _stairs_in(lev, room, up: Optional[bool] = None) -> bool:
    return any(room.lx <= s.x <= room.hx and room.ly <= s.y <= room.hy
               and (up is None or bool(s.up) == up) for s in lev.stairs)


def make_special_room(st, themed, *, vault_made: bool) -> Optional[int]:
    """makelevel()'s "make up to 1 special room": the chance by depth, then the
    room; the room type chosen (None: none).  The shop's chance is drawn, the shop
    is not made (module)."""
    from unlev.model.places37 import branch_dlevels, usual_place
    lev, rng = st.level, st.rng
    ctx = lev.context
    depth = ctx.depth
    branch = ctx.dunlev in branch_dlevels(ctx.dungeon_name)
    threshold = (4 if branch else 3) + (1 if vault_made else 0)
    medusa = usual_place("medusa")
    medusa_depth = medusa["depth"] if medusa else 0
    nroom = len(lev.rooms)
    if 1 < depth < medusa_depth and nroom >= threshold and rng.rn2(depth) < 3:
        return mkshop(st, themed)
    for low, n, kind in ((4, 6, COURT), (5, 8, LEPREHALL), (6, 7, ZOO), (8, 5, TEMPLE),
                         (9, 5, BEEHIVE), (11, 6, MORGUE), (12, 8, ANTHOLE),
                         (14, 4, BARRACKS), (15, 6, SWAMP), (16, 8, COCKNEST)):
        if depth > low and not rng.rn2(n):
            if kind == TEMPLE:
                return TEMPLE if mktemple(st, themed) else None
            if kind == SWAMP:
                return SWAMP if mkswamp(st, themed) else None
            return kind if mkzoo(st, themed, kind) else None
    return None


def mkshop(st, themed) -> Optional[int]:
    """mkroom.c mkshop(): the first ordinary room without stairs that has one door
    and a shape a shopkeeper can move in; lit; its kind drawn by ``rnd(100)`` over
    3.7's shop chances (a big room's wand or book shop is a general store); stocked
    at the end of the level.  The room type, or None without a room."""
    lev, rng = st.level, st.rng
    for room in (r for r in lev.rooms if not r.is_subroom):
        if room.rtype != OROOM or _themed(room, themed) or _stairs_in(lev, room):
            continue
        if room.doorct == 1 and not invalid_shop_shape(lev, room):
            break
    else:
        return None
    if not room.rlit:
        for x in range(room.lx - 1, room.hx + 2):
            for y in range(room.ly - 1, room.hy + 2):
                lev.lit[x * ROWNO + y] = 1
        room.rlit = 1
    kinds = data.shop_types()
    j, i = rng.rnd(100), 0
    while True:
        j -= kinds[i].prob
        if j <= 0 or i == len(kinds) - 1:
            break
        i += 1
    big = (room.hx - room.lx + 1) * (room.hy - room.ly + 1) > 20
    if big and kinds[i].cls in ("/", "+"):
        i = 0
    room.rtype = SHOPBASE + data.shop_room_index(kinds[i])   # the records' numbering
    room.needfill = FILL_NORMAL             # (topologize: the room has its numbers)
    return room.rtype


def invalid_shop_shape(lev, room) -> bool:
    """mkroom.c invalid_shop_shape(): the room squares next to the door; when there
    is only one, it must have more than one room square next to it."""
    dx, dy = lev.doors[room.fdoor][:2]
    inside = []
    for x in range(max(dx - 1, room.lx), min(dx + 1, room.hx) + 1):
        for y in range(max(dy - 1, room.ly), min(dy + 1, room.hy) + 1):
            if lev.typ_at(x, y) == T.ROOM:
                inside.append((x, y))
    if not inside:
        return True
    if len(inside) > 1:
        return False
    ix, iy = inside[-1]
    near = sum(1 for x in range(max(ix - 1, room.lx), min(ix + 1, room.hx) + 1)
               for y in range(max(iy - 1, room.ly), min(iy + 1, room.hy) + 1)
               if (x, y) != (ix, iy) and lev.typ_at(x, y) == T.ROOM)
    return near == 1


def pick_room(st, themed, strict: bool):
    """mkroom.c pick_room(): from a random room on, the first ordinary room without
    the up stairs (strict: without any stairs; else down stairs keep it 2 times in
    3) that has one door, or 1 time in 5 any."""
    lev, rng = st.level, st.rng
    rooms = [r for r in lev.rooms if not r.is_subroom]
    if not rooms:
        return None
    i = rng.rn2(len(rooms))
    for _ in range(len(rooms)):
        room = rooms[i]
        i = (i + 1) % len(rooms)
        if room.rtype != OROOM or _themed(room, themed):
            continue
        if not strict:
            if _stairs_in(lev, room, True) or (_stairs_in(lev, room, False) and rng.rn2(3)):
                continue
        elif _stairs_in(lev, room):
            continue
        if room.doorct == 1 or not rng.rn2(5):
            return room
    return None


def mkzoo(st, themed, kind: int) -> bool:
    """mkroom.c mkzoo(): the room's type, stocked at the end of the level."""
    room = pick_room(st, themed, False)
    if room is None:
        return False
    room.rtype = kind
    room.needfill = FILL_NORMAL
    return True


def mktemple(st, themed) -> bool:
    """mkroom.c mktemple(): an altar at the room's centre (shrine_pos), aligned by
    induced_align(80) (no dungeon alignment in the Dungeons: ``rn2(3) - 1``), its
    priest, the shrine bit."""
    room = pick_room(st, themed, True)
    if room is None:
        return False
    lev, rng = st.level, st.rng
    room.rtype = TEMPLE
    x = room.lx + (room.hx - room.lx) // 2
    if (room.hx - room.lx) % 2 and rng.rn2(2):
        x += 1
    y = room.ly + (room.hy - room.ly) // 2
    if (room.hy - room.ly) % 2 and rng.rn2(2):
        y += 1
    lev.set_typ(x, y, T.ALTAR)
    align = rng.rn2(3) - 1
    lev.set_flags(x, y, _AMASK[align])
    priestini(st, room, x, y, False, align, st.mon_rng)
    lev.set_flags(x, y, _AMASK[align] | _AM_SHRINE)
    lev.extras["has_temple"] = True
    return True


def mkswamp(st, themed) -> bool:
    """mkroom.c mkswamp(): up to five tries at a random ordinary room without
    stairs; every other free square (not by a door) becomes a pool, some with an eel
    or piranha, the rest 1 in 4 a fungus."""
    lev, rng = st.level, st.rng
    rooms = [r for r in lev.rooms if not r.is_subroom]
    made = False
    eels = 0
    for _ in range(5):
        room = rooms[rng.rn2(len(rooms))]
        if room.rtype != OROOM or _themed(room, themed) or _stairs_in(lev, room):
            continue
        rmno = lev.rooms.index(room) + ROOMOFFSET
        room.rtype = SWAMP
        for sx in range(room.lx, room.hx + 1):
            for sy in range(room.ly, room.hy + 1):
                if not T.is_room(lev.typ_at(sx, sy)) or lev.roomno_at(sx, sy) != rmno:
                    continue
                if _busy(st, sx, sy):
                    continue
                if (sx + sy) % 2:
                    lev.engravings[:] = [e for e in lev.engravings
                                         if (e.x, e.y) != (sx, sy)]
                    lev.set_typ(sx, sy, T.POOL)
                    if not eels or not rng.rn2(4):
                        name = "giant eel" if rng.rn2(5) else \
                            "piranha" if rng.rn2(2) else "electric eel"
                        makemon.makemon(st, data.monster_named(name), sx, sy, "fill")
                        eels += 1
                elif not rng.rn2(4):
                    pctx = st.population_context()
                    pm = pctx.random_monster_of_class(rng, "F")
                    if pm is not None:
                        makemon.makemon(st, pm, sx, sy, "fill")
        lev.extras["has_swamp"] = True
        made = True
    return made


def _busy(st, x: int, y: int) -> bool:
    """An object, monster or trap on the square, or a door next to it."""
    lev = st.level
    if st.monster_at(x, y) is not None or st.trap_at(x, y) is not None:
        return True
    if any(o.x == x and o.y == y and not o.buried for o in lev.objects):
        return True
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if 0 <= x + dx < 80 and 0 <= y + dy < 21 and \
                    lev.typ_at(x + dx, y + dy) in (T.DOOR, T.SDOOR):
                return True
    return False
