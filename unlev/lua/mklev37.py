"""NetHack 3.7's population of an ordinary room-and-corridor level: the loop at the end
of mklev.c ``makelevel`` over the rooms, ``fill_ordinary_room`` with ``mkfount``,
``mksink``, ``mkaltar``, ``mkgrave`` and 3.7's ``mktrap`` for a room, and the "bonus
item" (a Mines branch level's food, a supply chest above the Oracle).

Why a module of its own: :mod:`unlev.lua.themerooms` makes 3.7's ordinary level
(makerooms with ``dat/themerms.lua``, stairs, corridors, the vault) and stopped
there; this is what 3.7 puts into the rooms afterwards.  UnNetHack's levels never
come here (des-files have no random-room makelevel in unlev), so it is 3.7's code
only, on 3.7's tables.

Each room that is ordinary or themed, and marked to be filled (a themed room is
unfilled unless it says ``filled``), gets, in the C's order and with its draws: a
sleeping random monster 1 time in 3 (a giant spider on a web), traps while
``!rn2(8 - difficulty / 6)``, gold 1 in 3, a fountain 1 in 10, a sink 1 in 60, an
altar 1 in 60 and a grave 1 in ``80 - 2 * depth`` (both only in ordinary rooms), a
statue 1 in 20, the bonus item in one room drawn among the fillable ones, a box or
chest 1 in ``nroom * 5 / 2``, then random objects (1 in 3, more while ``!rn2(5)``).

Not made, and said so in the issue's note: the random graffiti (3.7 reads it from
its rumours and engrave files, which the profile does not hold; the ``rn2(27 + 3 *
depth)`` is drawn, no engraving is made), niches (``make_niches``), the special room
(``do_mkroom``: shops, zoos, temples...), the vault's gold and guard, the branch
stairs.  A blessed fountain (``!rn2(7)``) has its square's ``horizontal`` bit set,
as rm.h's ``blessedftn`` is that bit.  The draws are unlev's order of 3.7's calls, not aligned with the game's
stream.
"""

from __future__ import annotations

from typing import Optional, Set, Tuple

from unlev.model.constants import FILL_NORMAL, OROOM, ROOMOFFSET, SHOPBASE, THEMEROOM
from unlev.model.spots import occupied, somexyspace
from unlev.populate import makemon, traps37
from unlev.populate.make import (add_monster, add_object, init_object, make_object, mkgold,
                                 new_object, object_kind)
from unlev.populate.mksobj import next_ident
from unlev.populate.roomfill import make_grave
from unlev.populate.traps import maketrap
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.grid import COLNO, ROWNO

# align.h Align2amask(): chaotic, neutral, lawful
_AMASK = {-1: 1, 0: 2, 1: 4}
_SUPPLY_ITEMS = (("extra healing", "!"), ("speed", "!"), ("gain energy", "!"),
                 ("enchant weapon", "?"), ("enchant armor", "?"), ("confuse monster", "?"),
                 ("scare monster", "?"), ("digging", "/"), ("healing", "+"))
_EXTRA_CLASSES = ("%", ")", "[", "*", "?", "!", "=", "+", "+", "+")


def make_niches(st, themed=frozenset()) -> None:
    """mklev.c make_niches(): ``rnd(nroom / 2 + 1)`` niches; below level 15 (where
    teleporting works) one may hold a level teleporter, between 6 and 24 one a trap
    door ("Vlad was here"), each 1 in 6 while not yet made."""
    lev, rng = st.level, st.rng
    ct = rng.rnd(len(lev.rooms) // 2 + 1)
    depth = lev.context.depth
    ltptr = not lev.flags.noteleport and depth > 15
    vamp = 5 < depth < 25
    for _ in range(ct):
        if ltptr and not rng.rn2(6):
            ltptr = False
            makeniche(st, "LEVEL_TELEP", themed)
        elif vamp and not rng.rn2(6):
            vamp = False
            makeniche(st, "TRAPDOOR", themed)
        else:
            makeniche(st, None, themed)


# mklev.c trap_engravings[]: the dust engraving in front of a trapped niche
_NICHE_ENGRAVINGS = {"TRAPDOOR": "Vlad was here", "TELEP_TRAP": "ad aerarium",
                     "LEVEL_TELEP": "ad aerarium"}


def makeniche(st, trap: Optional[str], themed=frozenset()) -> None:
    """mklev.c makeniche(): eight tries at an ordinary room (one with one door only
    1 time in 5) with a spot above or below it for a one-square niche behind a
    (secret) door: a trapped niche behind a secret corridor, else 1 in 4 a secret
    corridor, else a corridor square behind a door (6 in 7) or closed off, with a
    scroll of teleportation, maybe iron bars and a corpse, maybe an object."""
    from unlev.generate.mapgen.rogue import dosdoor
    from unlev.populate.makemon import door_mimic
    lev, rng = st.level, st.rng
    rooms = [r for r in lev.rooms if not r.is_subroom]
    for _ in range(8):
        room = rooms[rng.rn2(len(rooms))]
        if _rtype(room, themed) != OROOM:       # (a themed room is THEMEROOM)
            continue
        if room.doorct == 1 and rng.rn2(5):
            continue
        spot = _place_niche(st, room)
        if spot is None:
            continue
        xx, yy, dy = spot
        ny = yy + dy

        def door(kind: int) -> None:
            dosdoor(lev, rng, xx, yy, room, kind, mimic_hook=door_mimic(st),
                    shdoor=st.in_rooms(xx, yy, SHOPBASE) is not None)

        if trap is not None or not rng.rn2(4):
            lev.set_typ(xx, ny, T.SCORR)
            if trap is not None:
                name = "ROCKTRAP" if trap in ("HOLE", "TRAPDOOR") and \
                    not lev.can_fall_thru() else trap
                made = maketrap(st, xx, ny, _trap_kind(name))
                if made is not None:
                    if name != "ROCKTRAP":
                        made.attrs["once"] = True
                    text = _NICHE_ENGRAVINGS.get(name)
                    if text is not None:
                        _dust(st, xx, yy - dy, text)
            door(T.SDOOR)
        else:
            lev.set_typ(xx, ny, T.CORR)
            if rng.rn2(7):
                door(T.SDOOR if rng.rn2(5) else T.DOOR)
            else:
                if not rng.rn2(5) and T.is_wall(lev.typ_at(xx, yy)):
                    lev.set_levltyp(xx, yy, T.IRONBARS)
                    if rng.rn2(3):
                        pm = st.population_context().random_monster_of_class(rng, "@")
                        next_ident(rng)          # mkcorpstat(CORPSE, .., init TRUE)
                        add_object(lev, xx, ny, object_kind("corpse"), "niche",
                                   **({"montype": pm.name} if pm is not None else {}))
                if not lev.flags.noteleport:
                    make_object(st, xx, ny, data.object_named("teleportation", "?"),
                                "niche", rng)
                if not rng.rn2(3):
                    _random_object(st, (xx, ny))
        return


def _dust(st, x: int, y: int, text: str) -> None:
    """make_engr_at(.., DUST) then wipe_engr_at(.., 5): the wiping draws are not
    made (unlev keeps the text whole)."""
    from unlev.model.level import Engraving
    st.level.engravings.append(Engraving(x, y, text, 1))     # DUST


def _place_niche(st, room) -> Optional[Tuple[int, int, int]]:
    """mklev.c place_niche(): a door spot on the wall below (1 in 2) or above the
    room, with stone beyond it, no pool or furniture inside, next to the room."""
    lev, rng = st.level, st.rng
    if rng.rn2(2):
        dy, wall = 1, room.hy + 1
    else:
        dy, wall = -1, room.ly - 1
    spot = _finddpos(st, room.lx, wall, room.hx, wall)
    if spot is None:
        return None
    xx, yy = spot
    ok = (_isok(xx, yy + dy) and lev.typ_at(xx, yy + dy) == T.STONE
          and _isok(xx, yy - dy) and not T.is_pool(lev.typ_at(xx, yy - dy))
          and not T.is_furniture(lev.typ_at(xx, yy - dy))
          and _cardinal_next_to_room(lev, room, xx, yy))
    return (xx, yy, dy) if ok else None


def _isok(x: int, y: int) -> bool:
    return 1 <= x < COLNO and 0 <= y < ROWNO


def _cardinal_next_to_room(lev, room, x: int, y: int) -> bool:
    rmno = lev.rooms.index(room) + ROOMOFFSET
    for xx, yy in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
        if _isok(xx, yy) and not lev.edge[xx * ROWNO + yy] and lev.roomno_at(xx, yy) == rmno:
            return True
    return False


def _finddpos(st, xl: int, yl: int, xh: int, yh: int) -> Optional[Tuple[int, int]]:
    """3.7's finddpos(): a random spot of the wall (``rn1`` draws both), else the
    first good door spot not into a room that wants no joining, else a door."""
    lev, rng = st.level, st.rng

    def good(x: int, y: int) -> bool:
        return st.okdoor(x, y) and not _door_into_nonjoined(lev, x, y)

    x, y = rng.rn1(xh - xl + 1, xl), rng.rn1(yh - yl + 1, yl)
    if good(x, y):
        return x, y
    for x in range(xl, xh + 1):
        for y in range(yl, yh + 1):
            if good(x, y):
                return x, y
    for x in range(xl, xh + 1):
        for y in range(yl, yh + 1):
            if lev.typ_at(x, y) in (T.DOOR, T.SDOOR):
                return x, y
    return None


def _door_into_nonjoined(lev, x: int, y: int) -> bool:
    for xx, yy in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
        if not _isok(xx, yy) or T.is_rock(lev.typ_at(xx, yy)):
            continue
        rn = lev.roomno_at(xx, yy)
        if ROOMOFFSET <= rn < ROOMOFFSET + len(lev.rooms) and \
                not lev.rooms[rn - ROOMOFFSET].needjoining:
            return True
    return False


def populate(st, themed: Set[Tuple[int, int, int, int]], *, build_vault) -> None:
    """makelevel() after the corridors: the niches, the vault (``build_vault()``:
    True when made) with maybe a Fort Ludios portal and a teleporter niche, up to one
    special room (:mod:`unlev.lua.mkroom37`), then every room's things."""
    from unlev.lua import mkroom37
    if not any(not r.is_subroom for r in st.level.rooms):
        build_vault()           # (3.7 asserts rooms; a forced map-only theme has none)
        return
    make_niches(st, themed)
    vault_made = bool(build_vault())
    if vault_made:
        vault = st.level.rooms[-1]
        mk_knox_portal(st, vault.hx, vault.hy)
        if not st.level.flags.noteleport and not st.rng.rn2(3):
            makeniche(st, "TELEP_TRAP", themed)  # makevtele(): "ad aerarium"
    mkroom37.make_special_room(st, themed, vault_made=vault_made)
    fill_rooms(st, themed)


def mk_knox_portal(st, x: int, y: int) -> None:
    """mklev.c mk_knox_portal(): the Fort Ludios portal in the vault's corner, on a
    level of the Dungeons of Doom below 10 and above Medusa that holds no branch
    yet, 1 time in 3 (a fresh game: the portal's source is not set yet)."""
    from unlev.model.places37 import branch_dlevels, usual_place
    lev, rng = st.level, st.rng
    ctx = lev.context
    if ctx.dunlev in branch_dlevels(ctx.dungeon_name):
        return
    if rng.rn2(3):
        return
    medusa = usual_place("medusa")
    if ctx.dungeon_name != "The Dungeons of Doom" or not 10 < ctx.depth or \
            medusa is None or ctx.depth >= medusa["depth"]:
        return
    trap = maketrap(st, x, y, _trap_kind("MAGIC_PORTAL"))
    if trap is not None:
        trap.attrs["destination"] = "Fort Ludios"


def fill_rooms(st, themed: Set[Tuple[int, int, int, int]]) -> None:
    """makelevel()'s last loop: the bonus room drawn among the fillable rooms
    (``rn2(count)``), then every room filled in order.  ``themed``: the bounds of the
    rooms themerms.lua made (rtype THEMEROOM in the game)."""
    lev = st.level
    rooms = [r for r in lev.rooms if not r.is_subroom]

    def fillable(r) -> bool:
        return _rtype(r, themed) in (OROOM, THEMEROOM) and r.needfill == FILL_NORMAL

    count = sum(1 for r in rooms if fillable(r))
    countdown = st.rng.rn2(count) if count else -1
    for r in rooms:
        ok = fillable(r)
        fill_ordinary_room(st, r, themed, ok and countdown == 0, len(rooms))
        if ok:
            countdown -= 1


def _rtype(room, themed) -> int:
    if room.rtype == OROOM and (room.lx, room.ly, room.hx, room.hy) in themed:
        return THEMEROOM
    return room.rtype


def _space(st, room):
    found, pos = somexyspace(st.level, st.rng, room)
    return pos if found else None


def fill_ordinary_room(st, room, themed, bonus: bool, nroom: int) -> None:
    """mklev.c fill_ordinary_room() of NetHack 3.7."""
    rtype = _rtype(room, themed)
    if rtype not in (OROOM, THEMEROOM):
        return
    for sub in room.subrooms:
        fill_ordinary_room(st, sub, themed, False, nroom)
    if room.needfill != FILL_NORMAL:
        return
    lev, rng = st.level, st.rng
    pctx = st.population_context()
    if not rng.rn2(3):
        pos = _space(st, room)
        if pos is not None:
            _sleeping_monster(st, *pos)
    x = 8 - pctx.level_difficulty // 6
    if x <= 1:
        x = 2
    tries = 0
    while not rng.rn2(x):
        tries += 1
        if tries >= 1000:
            break
        mktrap(st, room)
    if not rng.rn2(3):
        pos = _space(st, room)
        if pos is not None:
            mkgold(st, 0, pos[0], pos[1], rng)
    if not pctx.rogue_level:
        if not rng.rn2(10):
            mkfount(st, room)
        if not rng.rn2(60):
            mksink(st, room)
        if not rng.rn2(60) and rtype == OROOM:
            mkaltar(st, room)
        x = max(2, 80 - lev.context.depth * 2)
        if not rng.rn2(x):
            mkgrave(st, room, rtype)
        if not rng.rn2(20):
            pos = _space(st, room)
            if pos is not None:           # mkcorpstat(STATUE, .., CORPSTAT_INIT)
                make_object(st, pos[0], pos[1], object_kind("statue"), "fill", rng)
        skip_chests = False
        if bonus:
            pos = _space(st, room)
            if pos is not None:
                skip_chests = bonus_item(st, pos)
        if not skip_chests and not rng.rn2(nroom * 5 // 2):
            pos = _space(st, room)
            if pos is not None:
                box = "large box" if rng.rn2(3) else "chest"
                make_object(st, pos[0], pos[1], object_kind(box), "fill", rng)
        rng.rn2(27 + 3 * abs(lev.context.depth))       # graffiti: not made (module)
    if not rng.rn2(3):
        pos = _space(st, room)
        if pos is not None:
            _random_object(st, pos)
            tries = 0
            while not rng.rn2(5):
                tries += 1
                if tries > 100:
                    break
                pos = _space(st, room)
                if pos is not None:
                    _random_object(st, pos)


def _random_object(st, pos) -> None:
    """mkobj_at(RANDOM_CLASS, x, y, TRUE)."""
    kind = st.population_context().random_object(st.rng)
    make_object(st, pos[0], pos[1], kind, "fill", st.rng, artif=True)


def _sleeping_monster(st, x: int, y: int) -> None:
    """makemon(NULL, x, y, MM_NOGRP); a giant spider gets its web where the square
    is not occupied."""
    mrng = st.mon_rng
    if st.monster_at(x, y) is not None:
        return
    pm = makemon.random_kind_for(st, x, y, mrng)
    if pm is None:
        return
    mon = add_monster(st.level, x, y, pm, "fill")
    makemon.born(st, mon, mrng)
    if pm.name == "giant spider" and not occupied(st.level, x, y):
        maketrap(st, x, y, _trap_kind("WEB"))


def _trap_kind(name: str) -> data.Trap:
    for t in data.traps():
        if t.name == name:
            return t
    raise KeyError(name)


def mktrap(st, room) -> None:
    """3.7's mktrap(0, MKTRAP_NOFLAGS, croom, NULL): the kind first, then a free spot
    of the room (200 tries; no pit or hole on a boulder), the trap, a web's spider
    and maybe its victim."""
    lev, rng = st.level, st.rng
    pctx = st.population_context()
    kind = traps37.random_kind(rng, pctx.level_difficulty, in_gehennom=pctx.in_gehennom,
                               rogue_level=pctx.rogue_level, noteleport=pctx.noteleport,
                               can_fall_through=lev.can_fall_thru())
    avoid_boulder = kind.name in ("PIT", "SPIKED_PIT", "HOLE", "TRAPDOOR")
    for _ in range(200):
        pos = _space(st, room)
        if pos is None:
            return
        if occupied(lev, *pos) or (avoid_boulder and any(
                o.x == pos[0] and o.y == pos[1] and o.id == "boulder" and not o.buried
                for o in lev.objects)):
            continue
        break
    else:
        return
    trap = maketrap(st, pos[0], pos[1], kind)
    if trap is None:
        return
    if trap.ttyp == "WEB":
        makemon.makemon(st, data.monster_named("giant spider"), pos[0], pos[1], "web")
    if traps37.wants_victim(rng, pctx.level_difficulty, trap):
        traps37.mktrap_victim(st, trap, pctx.level_difficulty, rng)


def _bydoor(lev, x: int, y: int) -> bool:
    for xx, yy in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= xx < COLNO and 0 <= yy < ROWNO and lev.typ_at(xx, yy) in (T.DOOR, T.SDOOR):
            return True
    return False


def find_okay_roompos(st, room) -> Optional[Tuple[int, int]]:
    """mklev.c find_okay_roompos(): a free spot not occupied and not by a door."""
    for _ in range(200):
        pos = _space(st, room)
        if pos is None:
            return None
        if not occupied(st.level, *pos) and not _bydoor(st.level, *pos):
            return pos
    return None


def mkfount(st, room) -> None:
    pos = find_okay_roompos(st, room)
    if pos is None or not st.level.set_levltyp(pos[0], pos[1], T.FOUNTAIN):
        return
    if not st.rng.rn2(7):
        # rm.h: blessedftn is the square's horizontal bit (exported as "horizontal")
        st.level.set_horizontal(pos[0], pos[1], 1)


def mksink(st, room) -> None:
    pos = find_okay_roompos(st, room)
    if pos is not None:
        st.level.set_levltyp(pos[0], pos[1], T.SINK)


def mkaltar(st, room) -> None:
    """An altar of a random alignment, ``rn2(A_LAWFUL + 2) - 1``."""
    pos = find_okay_roompos(st, room)
    if pos is None or not st.level.set_levltyp(pos[0], pos[1], T.ALTAR):
        return
    st.level.set_flags(pos[0], pos[1], _AMASK[st.rng.rn2(3) - 1])


def mkgrave(st, room, rtype: int) -> None:
    """A grave (its bell 1 in 10, drawn first), buried gold 1 in 3, ``rn2(5)`` cursed
    buried objects."""
    rng, lev = st.rng, st.level
    dobell = not rng.rn2(10)
    if rtype != OROOM:
        return
    pos = find_okay_roompos(st, room)
    if pos is None:
        return
    x, y = pos
    make_grave(st, x, y, rng, "Saved by the bell!" if dobell else None)
    if not rng.rn2(3):
        next_ident(rng)                  # mksobj(GOLD_PIECE, TRUE, FALSE)
        amount = rng.rnd(20) + st.population_context().level_difficulty * rng.rnd(5)
        add_object(lev, x, y, object_kind("gold piece"), "fill", buried=True,
                   quantity=amount)
    for _ in range(rng.rn2(5)):
        kind = st.population_context().random_object(rng)
        o = add_object(lev, x, y, kind, "fill", buried=True)
        next_ident(rng)
        init_object(st, o, kind, rng, artif=True)
        o.attrs["curse"] = "cursed"
    if dobell:
        make_object(st, x, y, object_kind("bell"), "fill", rng)


def _mines_branch_depth() -> Optional[int]:
    from unlev.model.places37 import usual_place
    p = usual_place("minefill")
    if p is None:
        return None
    return p["depth"] - p["dlevel"]               # the Mines' first level is one below


def bonus_item(st, pos) -> bool:
    """The bonus item: on the Mines branch level a food ration (3 in 5), cram ration
    or lembas wafer; above the Oracle, 2 times in 3, a supply chest.  True when a
    chest was made (no second box in this room)."""
    from unlev.model.places37 import usual_place
    lev, rng = st.level, st.rng
    ctx = lev.context
    doom = ctx.dungeon_name == "The Dungeons of Doom"
    if doom and ctx.depth == _mines_branch_depth():
        food = "food ration" if rng.rn2(5) < 3 else \
            "cram ration" if rng.rn2(2) else "lembas wafer"
        make_object(st, pos[0], pos[1], object_kind(food), "bonus", rng)
        return False
    oracle = usual_place("oracle")
    if not (doom and oracle is not None and ctx.depth < oracle["dlevel"] and rng.rn2(3)):
        return False
    chest = "chest" if rng.rn2(3) else "large box"
    next_ident(rng)                              # mksobj_at(.., FALSE, FALSE)
    box = add_object(lev, pos[0], pos[1], object_kind(chest), "bonus")
    if rng.rn2(6):
        box.attrs["locked"] = True
    tries = 0
    while True:
        name, cls = ("healing", "!") if rng.rn2(2) else \
            _SUPPLY_ITEMS[rng.rn2(len(_SUPPLY_ITEMS))]
        item = _inner(st, box, data.object_named(name, cls))
        if name == "healing" and cls == "!" and rng.rn2(2):
            item.attrs["quantity"] = 2
        cursed = item.attrs.get("curse") == "cursed"
        tries += 1
        if tries == 50 or not (cursed or not rng.rn2(5)):
            break
    if rng.rn2(3):
        # mkobj(class, FALSE): a whole object (type, id, set-up); a spellbook is drawn
        # again twice (three times on levels 1 and 2), the lower level kept
        cls = _EXTRA_CLASSES[rng.rn2(len(_EXTRA_CLASSES))]
        pctx = st.population_context()
        best = _made(st, box, pctx.random_object(rng, cls))
        if cls == "+":
            for _ in range(2 if ctx.depth > 2 else 3):
                other = _made(st, box, pctx.random_object(rng, cls))
                if _book_level(best.id) > _book_level(other.id):
                    best = other
        box.contents.append(best)
    return True


def _book_level(name: str) -> int:
    kind = data.object_named(name, "+")
    return kind.oc2 if kind is not None and isinstance(kind.oc2, int) else 0


def _made(st, box, kind: data.Object):
    """mksobj(otyp, TRUE, FALSE): the object, not yet put anywhere."""
    o = new_object(box.x, box.y, kind)
    next_ident(st.rng)
    init_object(st, o, kind, st.rng)
    return o


def _inner(st, box, kind: data.Object):
    """mksobj(otyp, TRUE, FALSE) put into a container."""
    o = _made(st, box, kind)
    box.contents.append(o)
    return o
