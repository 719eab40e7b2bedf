"""Filling the special rooms a des-file asked for, after its script has run.

Why this module exists: spo_lev.c fill_rooms() runs once the script is done and
stocks every ROOM/REGION marked ``filled``: shops get their shopkeeper and wares
(:mod:`unlev.populate.shops`), vaults their gold, and the zoo-like rooms -- court, barracks,
zoo, morgue, beehive, leprechaun hall, cockatrice nest, anthole, lemure pit and
UnNetHack's garden -- what mkroom.c fill_zoo() and mkgarden() put in them.  Temples
get their priest earlier, with their altar (:mod:`unlev.populate.temples`).  Swamps, Delphi,
armories, pool rooms and the other types are not filled by the loader.

Monsters come from :func:`unlev.populate.make.makemon` (monster stream), the choices
of kind (courtmon, morguemon, mkclass...) from the main stream, as in the game.
"""

from __future__ import annotations

from typing import Optional

from unlev.model import spots
from unlev.model.level import OROOM, ROOMNO_MASK, SHOPBASE, TEMPLE, VAULT, Engraving, Level, Room
from unlev.populate.make import (
    add_object, init_object, make_object, mkgold, monster_kind, new_object, note_room_spot,
    object_kind,
)
from unlev.populate.merge import add_to_container
from unlev.populate.mksobj import next_ident
from unlev.populate.shops import stock_room
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.populate.context import MakeContext
from unlev.populate import makemon, shops36

COURT, SWAMP, BEEHIVE, MORGUE, BARRACKS, ZOO = 2, 3, 5, 6, 7, 8
LEPREHALL, COCKNEST, ANTHOLE, GARDEN, LEMUREPIT = 11, 12, 13, 14, 16
HEADSTONE = 6

ZOO_TYPES = (GARDEN, COURT, ZOO, BEEHIVE, ANTHOLE, COCKNEST, LEPREHALL, LEMUREPIT, MORGUE,
             BARRACKS)
_SQUAD = (("soldier", 80), ("sergeant", 15), ("lieutenant", 4), ("captain", 1))
_ANTS = ("soldier ant", "fire ant", "snow ant", "giant ant")
_ANTS37 = ("soldier ant", "fire ant", "giant ant")
_FLAG_OF = {COURT: "has_court", BARRACKS: "has_barracks", ZOO: "has_zoo", MORGUE: "has_morgue",
            BEEHIVE: "has_beehive", LEMUREPIT: "has_lemurepit", GARDEN: "has_garden",
            VAULT: "has_vault", TEMPLE: "has_temple", SWAMP: "has_swamp"}


def fill_rooms(st: MakeContext, level: Level, rng: RNG) -> None:
    """spo_lev.c fill_rooms(): every room, then its subrooms, that asked for filling."""
    for room in list(level.rooms):
        if room.needfill:
            fill_room(st, level, rng, room, room.needfill == 2)
        for sub in list(room.subrooms):
            if sub.needfill:
                fill_room(st, level, rng, sub, False)


def fill_room(st: MakeContext, level: Level, rng: RNG, room: Room, prefilled: bool) -> None:
    """spo_lev.c fill_room(): stock the room unless ``prefilled`` (``unfilled`` in
    the des-file), then set the level's has_* flag (``level.extras``)."""
    if room is None or room.rtype == OROOM:
        return
    if not prefilled:
        if room.rtype >= SHOPBASE:
            # NetHack 3.6's stock_room on its loader (the tribute, health food)
            stocker = shops36.stock_room if shops36.applies(st.game) else stock_room
            stocker(st, room.rtype - SHOPBASE, room, rng)
            level.extras["has_shop"] = True
            return
        if room.rtype == VAULT:
            depth = abs(level.context.depth)
            for x in range(room.lx, room.hx + 1):
                for y in range(room.ly, room.hy + 1):
                    mkgold(st, rng.rn1(depth * 100, 51), x, y, rng)
        elif room.rtype in ZOO_TYPES:
            fill_zoo(st, level, rng, room)
    flag = _FLAG_OF.get(room.rtype)
    if flag:
        level.extras[flag] = True


def _rmno(level: Level, room: Room) -> int:
    return level.room_roomno(room) & ROOMNO_MASK


def _occupied(st: MakeContext, x: int, y: int) -> bool:
    t = st.typ(x, y)
    return (st.trap_at(x, y) is not None or T.STAIRS <= t <= T.ALTAR
            or st.is_lava(x, y) or st.is_pool(x, y))


def _nexttodoor(level: Level, x: int, y: int) -> bool:
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            xx, yy = x + dx, y + dy
            if 0 <= xx < 80 and 0 <= yy < 21 and level.typ_at(xx, yy) in (T.DOOR, T.SDOOR):
                return True
    return False


def fill_zoo(st: MakeContext, level: Level, rng: RNG, room: Room) -> None:
    """mkroom.c fill_zoo(): a sleeping monster on every free square (the squares by
    the first door excepted), with the room type's extras; courts get their throne,
    king and coffer; gardens are made by mkgarden()."""
    rtype = room.rtype
    if rtype == GARDEN:
        mkgarden(st, level, rng, room)
        return
    ld = st.population_context().level_difficulty
    mrng = st.mon_rng
    doors = level.doors[room.fdoor:room.fdoor + room.doorct]
    door = doors[0] if doors else None
    rmno = _rmno(level, room)
    tx = ty = 0
    goldlim = 0
    if rtype == COURT:
        tx, ty = _court_king(st, level, rng, room, ld)
    elif rtype == BEEHIVE:
        tx, ty = _beehive_centre(level, rng, room, rmno)
    elif rtype in (ZOO, LEPREHALL):
        goldlim = 500 * ld
    for sx in range(room.lx, room.hx + 1):
        for sy in range(room.ly, room.hy + 1):
            if _zoo_skips(level, room, rmno, door, sx, sy):
                continue
            pm = _zoo_kind(st, rng, rtype, ld, sx == tx and sy == ty)
            attrs = {"asleep": True}
            if rtype == COURT:
                attrs["peaceful"] = False
            makemon.makemon(st, pm, sx, sy, "fill", mrng, **attrs)
            goldlim = _zoo_extras(st, level, rng, rtype, sx, sy, door, ld, goldlim)
    if rtype == COURT:
        level.set_typ(tx, ty, T.THRONE)
        _court_coffer(st, level, rng, room, (tx, ty), ld)


def _court_king(st: MakeContext, level: Level, rng: RNG, room: Room, ld: int):
    """fill_zoo()'s throne room: the throne's square (a maze level's own throne, else a
    free random spot), and the king on it with his mace; returns the square."""
    tx = ty = 0
    spot = None
    if level.flags.is_maze_lev:
        spot = next(((x, y) for x in range(room.lx, room.hx + 1)
                     for y in range(room.ly, room.hy + 1)
                     if level.typ_at(x, y) == T.THRONE), None)
    if spot is None:
        for _ in range(100):
            pt = spots.somexy(level, rng, room)
            if pt is not None:
                tx, ty = pt
            if not _occupied(st, tx, ty):
                break
    else:
        tx, ty = spot
    i = rng.rnd(ld)
    king = ("ogre king" if i > 9 else "Elvenking" if i > 5 else
            "dwarf king" if i > 2 else "gnome king")
    mon = makemon.makemon(st, monster_kind(king), tx, ty, "fill", asleep=True, peaceful=False)
    if mon is not None:        # mkroom.c: mongets(mon, MACE), after its own gear
        mace = new_object(tx, ty, object_kind("mace", ")"))
        init_object(st, mace, object_kind("mace", ")"), st.mon_rng)
        mon.attrs["inventory"].append(mace)
    return tx, ty


def _beehive_centre(level: Level, rng: RNG, room: Room, rmno: int):
    """fill_zoo()'s beehive: the queen's square, the room's centre (a random spot of an
    irregular hive whose centre is not its own floor)."""
    tx = room.lx + (room.hx - room.lx + 1) // 2
    ty = room.ly + (room.hy - room.ly + 1) // 2
    if room.irregular and (level.roomno_at(tx, ty) != rmno or level.edge_at(tx, ty)):
        pt = spots.somexy(level, rng, room)
        if pt is not None:
            tx, ty = pt
    return tx, ty


def _zoo_skips(level: Level, room: Room, rmno: int, door, sx: int, sy: int) -> bool:
    """The squares fill_zoo() leaves empty: not the room's own floor, the squares by
    its first door, a court's throne."""
    if room.irregular:
        if (level.roomno_at(sx, sy) != rmno or level.edge_at(sx, sy)
                or (door and max(abs(sx - door[0]), abs(sy - door[1])) <= 1)):
            return True
    elif level.typ_at(sx, sy) <= T.DOOR or (door and (
            (sx == room.lx and door[0] == sx - 1) or (sx == room.hx and door[0] == sx + 1)
            or (sy == room.ly and door[1] == sy - 1)
            or (sy == room.hy and door[1] == sy + 1))):
        return True
    return room.rtype == COURT and level.typ_at(sx, sy) == T.THRONE


def _court_coffer(st: MakeContext, level: Level, rng: RNG, room: Room, throne, ld: int) -> None:
    """fill_zoo()'s throne room, last: the coffer on a random spot (the throne's if
    none) with the court's gold in it."""
    pt = spots.somexy(level, rng, room) or throne
    # UnNetHack's deep courts keep an iron safe; a game without one (3.7) a chest
    deep = level.context.depth > 15 and data.object_named("iron safe") is not None
    coffer = make_object(st, pt[0], pt[1], object_kind("iron safe" if deep else "chest"),
                         "fill", rng)
    note_room_spot(coffer, room)
    coffer.attrs["spe"] = 2
    # mkgold(rn1(50 * ld, 10)) on the coffer's square, then taken off the floor
    # into the coffer: gold already lying there joins it, else a new pile takes
    # mksobj's id
    amount = rng.rn1(50 * ld, 10)
    pile = next((o for o in level.objects if o.x == pt[0] and o.y == pt[1]
                 and o.id == "gold piece" and not o.buried), None)
    if pile is not None:
        level.objects.remove(pile)
        amount += pile.attrs.get("quantity", 0)
    else:
        next_ident(rng)
    # add_to_container(): it joins gold the coffer's random contents hold
    add_to_container(coffer, new_object(pt[0], pt[1], object_kind("gold piece"),
                                        quantity=amount))


def _zoo_kind(st: MakeContext, rng: RNG, rtype: int, ld: int, at_centre: bool):
    if rtype == COURT:
        return _courtmon(st, rng, ld)
    if rtype == BARRACKS:
        return _squadmon(rng, ld)
    if rtype == MORGUE:
        return _morguemon(st, rng, ld)
    if rtype == BEEHIVE:
        return monster_kind("queen bee" if at_centre else "killer bee")
    if rtype == LEMUREPIT:
        return monster_kind("horned devil" if not rng.rn2(10) else "lemure")
    if rtype == LEPREHALL:
        return monster_kind("leprechaun")
    if rtype == COCKNEST:
        return monster_kind("cockatrice")
    if rtype == ANTHOLE:
        # NetHack 3.7's antholemon() has no snow ant: three kinds, % 3
        ants = _ANTS if data.monster_named("snow ant") is not None else _ANTS37
        return monster_kind(ants[(ld + st.rng.seed) % len(ants)])
    return None


def tt_oname(rng: RNG) -> None:
    """topten.c tt_oname() on mk_tt_object()'s corpse or statue: ``rnd(10)`` picks a
    rank of the score file; with no scores (a new installation, as the game's dumps
    were made) the object keeps its random monster and gets no name."""
    rng.rnd(10)


def _zoo_extras(st: MakeContext, level: Level, rng: RNG, rtype: int, sx: int, sy: int, door, ld: int,
                goldlim: int) -> int:
    """The treasure fill_zoo() leaves on each square after its monster; returns
    what is left of a zoo's gold allowance."""
    pctx = st.population_context()
    if rtype in (ZOO, LEPREHALL):
        if door is not None:
            i = ((sx - door[0]) ** 2 + (sy - door[1]) ** 2) ** 2
        else:
            i = goldlim
        if i >= goldlim:
            i = 5 * ld
        mkgold(st, rng.rn1(i, 10), sx, sy, rng)
        return goldlim - i
    elif rtype == MORGUE:
        if not rng.rn2(5):
            make_object(st, sx, sy, object_kind("corpse"), "fill", rng)
            tt_oname(rng)
        if not rng.rn2(10):
            make_object(st, sx, sy, object_kind("large box" if rng.rn2(3) else "chest"),
                        "fill", rng)
        if not rng.rn2(5):
            make_grave(st, sx, sy, rng)
        elif level.context.dungeon_name == "The Ruins of Moria" and rng.rnf(1, 1000):
            if not level.extras.get("moria_guest_grave"):     # once per game
                level.extras["moria_guest_grave"] = True
                make_grave(st, sx, sy, rng,
                           "Guest41, Wherever you are, I hope you're doing fine")
    elif rtype == BEEHIVE:
        if not rng.rn2(3):
            # mksobj_at(LUMP_OF_ROYAL_JELLY, .., TRUE, FALSE): an id and food's quantity
            make_object(st, sx, sy, object_kind("lump of royal jelly"), "fill", rng)
    elif rtype == BARRACKS:
        if not rng.rn2(20):
            if data.object_named("iron safe") is None:
                # NetHack's mkroom.c fill_zoo: rn2(3) ? LARGE_BOX : CHEST
                box = "large box" if rng.rn2(3) else "chest"
            else:
                box = "chest" if (rng.rn2(3) or level.context.depth < 16) else "iron safe"
            make_object(st, sx, sy, object_kind(box), "fill", rng)
    elif rtype == COCKNEST:
        if not rng.rn2(3):
            # mk_tt_object(STATUE): mksobj_at(STATUE, .., FALSE, FALSE) -- an id and
            # its rndmonnum() -- then tt_oname's draw
            next_ident(rng)
            pm = pctx.rndmonnum(st.mon_rng)
            statue = add_object(level, sx, sy, object_kind("statue"), "fill",
                                **({"montype": pm.name} if pm is not None else {}))
            tt_oname(rng)
            for _ in range(rng.rn2(5)):
                # mkobj(RANDOM_CLASS, FALSE): mksobj with init -- an id, quantity,
                # enchantment and curse (issue 35, gap 2: container books were cursed
                # 1.4 % of the time, the game's 2.9 %)
                kind = pctx.random_object(rng)
                inner = new_object(sx, sy, kind)
                next_ident(rng)
                init_object(st, inner, kind, rng)
                statue.contents.append(inner)
    elif rtype == ANTHOLE:
        if not rng.rn2(3):
            make_object(st, sx, sy, pctx.random_object(rng, "%"), "fill", rng)
    return goldlim


def _courtmon(st: MakeContext, rng: RNG, ld: int):
    i = rng.rn2(60) + rng.rn2(3 * ld)
    for limit, kind in ((100, "D"), (95, "H"), (85, "T"), (75, "C"), (60, "o")):
        if i > limit:
            return st.population_context().random_monster_of_class(rng, kind)
    if i > 45:
        return monster_kind("bugbear")
    if i > 30:
        return monster_kind("hobgoblin")
    return st.population_context().random_monster_of_class(rng, "G" if i > 15 else "k")


def _squadmon(rng: RNG, ld: int):
    sel = rng.rnd(80 + ld)
    cpro = 0
    for name, prob in _SQUAD:
        cpro += prob
        if cpro > sel:
            return monster_kind(name)
    return monster_kind(_SQUAD[rng.rn2(len(_SQUAD))][0])


def _morguemon(st: MakeContext, rng: RNG, ld: int):
    i = rng.rn2(100)
    hd = rng.rn2(ld)
    pctx = st.population_context()
    if hd > 10 and i < 10:
        # Gehennom and the endgame: mkclass(S_DEMON); elsewhere ndemon(A_NONE), a demon too
        return pctx.random_monster_of_class(rng, "&")
    if hd > 8 and i > 85:
        return pctx.random_monster_of_class(rng, "V")
    if i < 20:
        return monster_kind("ghost")
    if i < 40:
        return monster_kind("wraith")
    return pctx.random_monster_of_class(rng, "Z")


def mkgarden(st: MakeContext, level: Level, rng: RNG, room: Room) -> None:
    """mkroom.c mkgarden() on a given room: 3 to 8 sleeping nymphs, then 3 to 6
    trees (two in three) or fountains on floor squares not next to a door."""
    room.rtype = GARDEN
    level.extras["has_garden"] = True
    pctx = st.population_context()
    tried = 0
    i = rng.rn1(5, 3)
    while tried < 50 and i >= 0:
        tried += 1
        pos = spots.somexy(level, rng, room)
        if pos is None:
            break
        if st.monster_at(*pos) is None:
            pm = pctx.random_monster_of_class(rng, "n")
            if pm is not None:
                makemon.makemon(st, pm, pos[0], pos[1], "garden", asleep=True)
                i -= 1
    tried = 0
    i = rng.rn1(3, 3)
    while tried < 50 and i >= 0:
        tried += 1
        pos = spots.somexy(level, rng, room)
        if pos is None:
            break
        x, y = pos
        if (level.typ_at(x, y) == T.ROOM and st.monster_at(x, y) is None
                and not _nexttodoor(level, x, y)):
            if rng.rn2(3):
                level.set_typ(x, y, T.TREE)
            else:
                level.set_typ(x, y, T.FOUNTAIN)
                level.flags.nfountains += 1
            i -= 1


def random_epitaph(rng: RNG) -> str:
    """One of engrave.c's epitaphs, drawn as make_grave() draws it."""
    texts = data.epitaphs()
    return texts[rng.rn2(len(texts))]


def make_grave(st: MakeContext, x: int, y: int, rng: RNG, text: Optional[str] = None) -> None:
    """engrave.c make_grave(): a grave on floor (or on a grave) without a trap, with
    its headstone text (a random epitaph when none is given)."""
    level = st.level
    if level.typ_at(x, y) not in (T.ROOM, T.GRAVE) or st.trap_at(x, y) is not None:
        return
    level.set_typ(x, y, T.GRAVE)
    if text is None:
        text = random_epitaph(rng)
    level.engravings[:] = [e for e in level.engravings if (e.x, e.y) != (x, y)]
    level.engravings.append(Engraving(x, y, text, HEADSTONE))
