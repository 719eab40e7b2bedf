"""Stocking a shop: its shopkeeper at the door and its wares, as shknam.c does it.

Why this module exists: a filled shop ROOM/REGION of a des-file is handed to
stock_room() by the loader's fill_room(); what the shop holds comes from the
shtypes[] table (``stdlib/data/shops.json``, generated from shknam.c).  The steps and
their random draws follow stock_room(), shkinit(), nameshk(), mkshobj_at() and
stock_blkmar(); makemon.makemon()'s own draws go to the monster stream (as use_mon_rng does).

Not modelled: what mksobj() does to a ware once its kind is chosen (curse state,
enchantment, quantity)()'s equipment of the shopkeeper, the shop's bill.
The shopkeeper's name is chosen as nameshk() does, with the run's seed standing for
the game seed.
"""

from __future__ import annotations

from typing import Optional, Tuple

from unlev.model.level import (
    D_ISOPEN, D_LOCKED, D_NODOOR, D_TRAPPED, NO_ROOM, ROOMNO_MASK, ROOMOFFSET, SHOPBASE,
    Engraving, Level, Room, isok,
)
from unlev.populate.make import (
    add_object, make_object, monster_kind, new_object, object_kind,
)
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.populate.context import MakeContext
from unlev.populate import artifacts, makemon, shopveg
from unlev.populate.mksobj import init_fields, next_ident

BLACKSHOP = SHOPBASE + 14
DUST = 1

# the order of the rainbow shop's aisles (stock_room's rainbow_colors)
_RAINBOW = ("CLR_RED", "CLR_ORANGE", "CLR_YELLOW", "CLR_GREEN", "CLR_BLUE", "CLR_MAGENTA")

# the classes stock_blkmar() lays out in columns, in its order
_BLKMAR_CLASSES = (")", "[", "=", '"', "(", "%", "!", "?", "+", "/", "*")

# makemon.c set_mimic_sym()'s syms[] from index 2 on: what a shop mimic may look like
# when the shop sells anything (']' is the strange object)
_MIMIC_CLASSES = ("=", "/", ")", "%", "$", "?", "!", "[", '"', "(", "`", "*", "+", "]", "]")


def is_blackmarket(level: Level) -> bool:
    return level.context.dungeon_name == "One-eyed Sam's Market"


def _has_town_flag(level: Level) -> bool:
    """Is_special() with dungeon.def's LEVELDESC town (Minetown, townfill, drgnB)."""
    return level.town


def _is_town_level(level: Level) -> bool:
    """Is_town_level(): the Town branch's "town" level (town-1, town-2), where the
    shopkeepers are poor; not Minetown."""
    return level.name.startswith("town-")


def shop_room_number(level: Level, room: Room) -> int:
    return level.room_roomno(room) & ROOMNO_MASK


def _distmin(x1: int, y1: int, x2: int, y2: int) -> int:
    return max(abs(x1 - x2), abs(y1 - y2))


def inside_shop(level: Level, x: int, y: int) -> int:
    """shk.c inside_shop(): the shop's roomno at (x, y), or NO_ROOM."""
    if not isok(x, y):
        return NO_ROOM
    rno = level.roomno_at(x, y)
    room = level.room_by_roomno(rno) if rno >= ROOMOFFSET else None
    if room is None or level.edge_at(x, y) or room.rtype < SHOPBASE:
        return NO_ROOM
    return rno


def _shop_door(level: Level, room: Room) -> Optional[Tuple[int, int]]:
    if not room.doorct or room.fdoor >= len(level.doors):
        return None
    return level.doors[room.fdoor]


def is_rainbow_shop(level: Level, room: Room, run_context) -> bool:
    """mkroom.c is_rainbow_shop(): in June, a regular shop with six aisles."""
    date = getattr(run_context, "date", None)
    if date is None or date.month != 6 or room.irregular:
        return False
    door = _shop_door(level, room)
    offset = 0 if door is not None and (door[1] < room.ly or door[1] > room.hy) else 1
    return room.hy - room.ly + offset == 6


# ------------------------------------------------------------------------- shopkeeper
def _shk_spot(level: Level, room: Room, door: Tuple[int, int]) -> Optional[Tuple[int, int]]:
    """Where shkinit() puts the shopkeeper: the floor square inside the first door."""
    sx, sy = door
    if room.irregular:
        rmno = shop_room_number(level, room)
        for nx, ny in ((sx - 1, sy), (sx + 1, sy), (sx, sy - 1), (sx, sy + 1)):
            if isok(nx, ny) and not level.edge_at(nx, ny) and level.roomno_at(nx, ny) == rmno:
                return nx, ny
        return None
    if sx == room.lx - 1:
        return sx + 1, sy
    if sx == room.hx + 1:
        return sx - 1, sy
    if sy == room.ly - 1:
        return sx, sy + 1
    if sy == room.hy + 1:
        return sx, sy - 1
    return None


def _name_shopkeeper(st: MakeContext, shk, shp: data.ShopType, rng: RNG) -> str:
    """shknam.c nameshk(): the shopkeeper's name and sex (attrs ``female``)."""
    level = st.level
    if shp.names is None:
        name = shk.id
    elif shp.names == "shklight" and level.context.in_mines and _has_town_flag(level):
        name = "Izchak"
        shk.attrs["female"] = False
    else:
        nseed = st.rng.seed // 257
        ledger = level.context.ledger
        wanted = ledger + nseed % 13 - nseed % 5
        if wanted < 0:
            wanted += 13 + 5
        female = bool(wanted & 1)
        names = data.shopkeeper_names(shp.names)
        taken = {m.attrs.get("shopkeeper_name") for m in level.monsters if m is not shk}
        name = ""
        tries = 0
        while tries < 50:
            tries += 1
            if shp.names == "shktools":
                name = names[rng.rn2(len(names))]
                female = False
            elif shp.names == "shkmusic":
                name = names[rng.rn2(len(names))]
            elif wanted < len(names):
                name = names[wanted]
            else:
                i = rng.rn2(len(names))
                if i:
                    name = names[i - 1]
                elif names != data.shopkeeper_names("shkgeneral"):
                    names = data.shopkeeper_names("shkgeneral")
                    continue
                else:
                    name = "-Lucrezia" if female else "+Dirk"
            if name[:1] in "_-":
                female = True
            elif name[:1] in "|+":
                female = False
            if not any(t and name in t for t in taken):
                break
        shk.attrs["female"] = female
        name = name.lstrip("_-|+=")
    if is_blackmarket(level) and shk.id != "One-eyed Sam":
        prefixes = data.blackmarket_prefixes()
        taken = [m.attrs.get("shopkeeper_name", "") for m in level.monsters if m is not shk]
        prefix = ""
        for _ in range(50):
            prefix = prefixes[rng.rn2(len(prefixes))]
            if not any(prefix in t for t in taken):
                break
        name = f"{prefix} {name}"
    return name


def shkinit(st: MakeContext, shp: data.ShopType, room: Room, rng: RNG):
    """shknam.c shkinit(): the shopkeeper at the shop door; None when the first door
    gives no sane spot (the shop then stays empty, as in the game)."""
    level = st.level
    door = _shop_door(level, room)
    if door is None:
        return None
    spot = _shk_spot(level, room, door)
    if spot is None:
        return None
    sx, sy = spot
    squatter = st.monster_at(sx, sy)
    if squatter is not None:
        makemon.rloc(st, squatter, rng)
    kind = "shopkeeper"
    if is_blackmarket(level):
        kind = "One-eyed Sam" if room.rtype == BLACKSHOP else "black marketeer"
    shk = makemon.makemon(st, monster_kind(kind), sx, sy, "shopkeeper",
                  shopkeeper=True, peaceful=True, asleep=False, shop_type=shp.name,
                  seen_traps=["all"])
    if shk is None:
        return None
    shk.coords["shop_door"] = door
    shk.coords["shk_pos"] = (sx, sy)
    room.resident = shk
    shk.attrs["cheapskate"] = rng.rn2(3) == 0
    money = 1000 + 30 * rng.rnd(100)
    inv = shk.attrs["inventory"]
    if shp.names == "shkrings":
        # mongets(): mksobj(TOUCHSTONE, TRUE, FALSE), on the main stream (after makemon)
        stone = new_object(sx, sy, object_kind("touchstone", "*"))
        next_ident(rng)
        init_fields(stone, object_kind("touchstone", "*"), rng)
        inv.append(stone)
    shk.attrs["shopkeeper_name"] = _name_shopkeeper(st, shk, shp, rng)
    if is_blackmarket(level):
        money = 7 * money + rng.rn2(3 * money)
    if _is_town_level(level):
        money //= 4
    next_ident(rng)                     # makemon.c mkmonmoney(): mksobj(GOLD_PIECE, ...)
    inv.append(new_object(sx, sy, object_kind("gold piece"), quantity=money))
    if is_blackmarket(level) and room.rtype != BLACKSHOP:
        _equip_blackmarketeer(inv, sx, sy, rng)
    return shk


def _equip_blackmarketeer(inv: list, x: int, y: int, rng: RNG) -> None:
    def give(name: str, cls: str, enchant: bool = True) -> None:
        next_ident(rng)                 # mksobj(otyp, FALSE, FALSE)
        o = new_object(x, y, object_kind(name, cls))
        if enchant:
            o.attrs["spe"] = rng.rnd(5)       # at least +1 over mksobj's +0
        inv.append(o)

    give("long sword", ")")
    for name, cls in (("shield of reflection", "["), ("magic dragon scale mail", "["),
                      ("speed boots", "[")):
        if not rng.rn2(2):
            give(name, cls)
    if not rng.rn2(2):
        give("amulet of life saving", '"', enchant=False)
    give("skeleton key", "(", enchant=False)


# ------------------------------------------------------------------------- wares
def shop_item(shp: data.ShopType, rng: RNG) -> data.ShopStock:
    """shknam.c get_shop_item(): one rnd(100) over the shop's stock table."""
    j = rng.rnd(100)
    for row in shp.stock:
        j -= row.prob
        if j <= 0:
            return row
    return shp.stock[-1]


def shop_mimic(st: MakeContext, shp: data.ShopType, x: int, y: int, depth: int, rng: RNG) -> bool:
    """mkshobj_at()'s mimic: rn2(100) < depth (not in the black market)."""
    level = st.level
    if is_blackmarket(level) or not rng.rn2(100) < depth or st.monster_at(x, y):
        return False
    pm = st.population_context().random_monster_of_class(rng, "m")
    if pm is None:
        return False
    mon = makemon.makemon(st, pm, x, y, "shop mimic", appear_kind="object")
    if mon is None:
        return False
    if rng.rn2(10) >= depth:
        mon.attrs["appear_as"] = "strange object"
    elif "appear_as" not in mon.attrs:       # makemon's set_mimic_sym() chose it
        mon.attrs["appear_as"] = _mimic_looks(st, shp, st.mon_rng)
    return True


def _mimic_looks(st: MakeContext, shp: data.ShopType, mrng: RNG) -> str:
    """set_mimic_sym() in a shop: one of the shop's wares."""
    row = shop_item(shp, mrng)
    if row.obj is not None:
        return row.obj
    cls = row.cls
    if cls is None:
        cls = _MIMIC_CLASSES[mrng.rn2(len(_MIMIC_CLASSES))]
    if cls == "]":
        return "strange object"
    if cls == "$":
        return "gold piece"
    obj = st.population_context().random_object(mrng, cls)
    return obj.name or obj.description


def mkshobj_at(st: MakeContext, shp: data.ShopType, x: int, y: int, color: Optional[str],
               rng: RNG) -> None:
    """shknam.c mkshobj_at(): a mimic, or one of the shop's wares, on (x, y)."""
    level = st.level
    depth = abs(level.context.depth)
    if shop_mimic(st, shp, x, y, depth, rng):
        return
    pctx = st.population_context()
    if is_blackmarket(level):
        if not rng.rn2(20):
            return
        if not rng.rn2(10):
            cls = "*" if rng.rn2(5) else "("
            make_object(st, x, y, pctx.random_object(rng, cls), "shop", rng, artif=True)
            return
    row = shop_item(shp, rng)
    if row.vegetarian:
        shopveg.mkveggy_at(st, x, y, rng)
        return
    if row.obj is not None:
        make_object(st, x, y, object_kind(row.obj, row.cls), "shop", rng, artif=True)
        return
    while True:
        obj = pctx.random_object(rng, row.cls)
        if shp.cls is None and color is not None and obj.color != color:
            continue
        make_object(st, x, y, obj, "shop", rng, artif=True)
        return


def stock_goodpos(level: Level, room: Room, rmno: int, door, x: int, y: int) -> bool:
    """stock_room_goodpos(): every square but the row inside the shop door."""
    if room.irregular:
        return not (level.edge_at(x, y) or level.roomno_at(x, y) != rmno
                    or _distmin(x, y, door[0], door[1]) <= 1)
    return not ((x == room.lx and door[0] == x - 1) or (x == room.hx and door[0] == x + 1)
                or (y == room.ly and door[1] == y - 1) or (y == room.hy and door[1] == y + 1))


def fix_shop_door(level: Level, room: Room, door: Tuple[int, int]) -> None:
    """No doorway without a door and no trapped door in a shop; a locked shop says
    "Closed for inventory" in the dust inside."""
    sx, sy = door
    if level.doormask_at(sx, sy) == D_NODOOR:
        level.set_doormask(sx, sy, D_ISOPEN)
    if level.typ_at(sx, sy) == T.SDOOR:
        level.set_typ(sx, sy, T.DOOR)
    if level.doormask_at(sx, sy) & D_TRAPPED:
        level.set_doormask(sx, sy, D_LOCKED)
    if level.doormask_at(sx, sy) == D_LOCKED:
        m, n = sx, sy
        if inside_shop(level, sx + 1, sy):
            m -= 1
        elif inside_shop(level, sx - 1, sy):
            m += 1
        if inside_shop(level, sx, sy + 1):
            n -= 1
        elif inside_shop(level, sx, sy - 1):
            n += 1
        level.engravings[:] = [e for e in level.engravings if (e.x, e.y) != (m, n)]
        level.engravings.append(Engraving(m, n, "Closed for inventory", DUST,
                                          attrs={"from": "shop"}))


def stock_room(st: MakeContext, shp_indx: int, room: Room, rng: RNG) -> None:
    """shknam.c stock_room(): shopkeeper first (no shopkeeper, no shop), then the
    door made usable, then a ware (or a mimic) on every square but the door row."""
    level = st.level
    shp = data.shop_of_room(shp_indx)        # by name: the level's game's shtypes[]
    if shp is None:
        st.warn(f"stock_room: no shop type {shp_indx}")
        return
    shk = shkinit(st, shp, room, rng)
    if shk is None:
        return
    door = level.doors[room.fdoor]
    fix_shop_door(level, room, door)
    level.extras["has_shop"] = True
    if room.rtype == BLACKSHOP:
        _stock_blkmar(st, room, door, rng)
        return
    rainbow = is_rainbow_shop(level, room, st.run_context)
    rmno = shop_room_number(level, room)
    for sx in range(room.lx, room.hx + 1):
        for sy in range(room.ly, room.hy + 1):
            if not stock_goodpos(level, room, rmno, door, sx, sy):
                continue
            if level.typ_at(sx, sy) < T.ROOM:
                continue
            color = None
            if rainbow:
                ci = sy - room.ly - (1 if door[1] < room.ly or door[1] > room.hy else 0)
                if 0 <= ci < len(_RAINBOW):
                    color = _RAINBOW[ci]
            mkshobj_at(st, shp, sx, sy, color, rng)


def _stock_blkmar(st: MakeContext, room: Room, door, rng: RNG) -> None:
    """shknam.c stock_blkmar(): One-eyed Sam's wares in columns by class, about 400
    of them whatever the room's size, and the Sunstone somewhere in the room."""
    level = st.level
    pctx = st.population_context()
    bases = data.object_class_bases()
    loadstone = data.object_named("loadstone", "*").index
    order = [o.class_symbol for o in data.objects()]

    def span(cls: str) -> int:
        first = bases[cls]
        if cls == "*":
            return loadstone + 1 - first
        nxt = next((i for i in range(first, len(order)) if order[i] != cls), len(order))
        return nxt - first

    total = sum(span(c) for c in _BLKMAR_CLASSES)
    if not total or room.hx - room.lx < 2:
        return
    size = (room.hx - room.lx + 1) * (room.hy - room.ly + 1)
    ci = -1
    partial = 0
    for sx in range(room.lx + 1, room.hx + 1):
        if sx == room.lx + 1 or ((sx - room.lx - 2) * total) // (room.hx - room.lx - 1) > partial:
            ci = min(ci + 1, len(_BLKMAR_CLASSES) - 1)
            partial += span(_BLKMAR_CLASSES[ci])
        for sy in range(room.ly, room.hy + 1):
            if ((sx == room.lx and door[0] == sx - 1) or (sx == room.hx and door[0] == sx + 1)
                    or (sy == room.ly and door[1] == sy - 1)
                    or (sy == room.hy and door[1] == sy + 1) or not rng.rnf(400, size)):
                continue
            # mkobj_at(RANDOM_CLASS, sx, sy, TRUE): with the artifact chance
            make_object(st, sx, sy, pctx.random_object(rng), "shop", rng, artif=True)
    for _ in range(1001):
        sx = room.lx + rng.rn2(room.hx - room.lx + 1)
        sy = room.ly + rng.rn2(room.hy - room.ly + 1)
        if isok(sx, sy) and not any(o.x == sx and o.y == sy for o in level.objects):
            # mksobj_at(DIAMOND, .., FALSE, FALSE) (its id), then oname()'s artifact
            next_ident(rng)
            sunstone = add_object(level, sx, sy, object_kind("diamond", "*"), "shop")
            artifacts.named(level, sunstone, "The Sunstone")
            sunstone.attrs["name"] = "The Sunstone"
            break
