"""What the game adds to particular special levels once their script has run.

Why a module of its own: mkmaze.c fixup_special() ends with a list of level-specific
additions that no des-file statement asks for (Sokoban's prizes, Medusa's statues and
the Ludios vault, Fort Ludios' treasury, the Plane of Water's air bubbles...), and
sp_level_coder() may call ensure_way_out() for FLAGS:inaccessibles.  They all read
the finished level and the dungeon context; keeping them here keeps the loader
(builder.py) about statements.
"""

from __future__ import annotations

from typing import Callable, Optional

from unlev.model import spots
from unlev.generate import rooms as R
from unlev.model.level import (COLNO, D_CLOSED, ROWNO, Engraving, Level, Object, Room, Trap,
                         isok)
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.stdlib.selection import Selection
from unlev.generate.state import BuildState
from unlev.populate import makemon, traps
from unlev.populate.make import init_object, make_object, mkgold, note_room_spot, object_kind
from unlev.populate.merge import add_to_container
from unlev.populate.mksobj import next_ident
from unlev.populate.roomfill import tt_oname

# room types (mkroom.h)
OROOM, VAULT, MORGUE, TEMPLE = 0, 4, 6, 10
# wall masks of create_secret_door (sp_lev.h)
W_NORTH, W_SOUTH, W_EAST, W_WEST = 1, 2, 4, 8
W_ANY = W_NORTH | W_SOUTH | W_EAST | W_WEST
# engraving types (engrave.h)
DUST, ENGRAVE, BURN, MARK = 1, 2, 3, 4

_ESCAPE_ITEMS = ("pick-axe", "dwarvish mattock", "crystal pick", "wand of digging",
                 "wand of teleportation", "scroll of teleportation", "ring of teleportation")
_ADVENT_GIFTS = ("bag of holding", "oilskin sack", "fire horn", "frost horn", "magic flute",
                 "magic harp", "drum of earthquake", "magic whistle", "magic lamp",
                 "unicorn horn", "bag of tricks", "expensive camera", "horn of plenty",
                 "stethoscope", "tinning kit")


def _accessible(t: int) -> bool:
    return t >= T.DOOR


# ======================================================================= the way out
def _pocket(level: Level, x: int, y: int) -> Selection:
    """What the hero reaches from (x, y) by walking, searching included (secret doors
    and corridors count); the start is always in, as the game's flood fill has it."""
    typ = level.typ

    def passable(px: int, py: int) -> bool:
        t = typ[px * ROWNO + py]
        return _accessible(t) or t in (T.SDOOR, T.SCORR)

    return Selection.flood(x, y, passable, diagonals=True)


def ensure_way_out(st: BuildState, level: Level, rng: RNG) -> None:
    """FLAGS:inaccessibles: make every walkable pocket reachable from the stairs (and
    portals, holes, the vibrating square): for the first unreached pocket found
    (column by column), knock a door through a wall into reached ground, else dig a
    hole or trap door where one can fall through, else leave an escape item; repeat
    until no pocket is left."""
    typ = level.typ

    reached = Selection.empty()
    for s in level.stairs:
        if s.tolev != "branch":
            reached = reached | _pocket(level, s.x, s.y)
    for tr in level.traps:
        if tr.ttyp in ("MAGIC_PORTAL", "VIBRATING_SQUARE", "HOLE", "TRAPDOOR") \
                and (tr.x, tr.y) not in reached:
            reached = reached | _pocket(level, tr.x, tr.y)
    for _ in range(COLNO * ROWNO):
        start = next(((x, y) for x in range(COLNO) for y in range(ROWNO)
                      if _accessible(typ[x * ROWNO + y]) and (x, y) not in reached), None)
        if start is None:
            return
        if _make_way_out(st, level, rng, start, reached):
            reached = reached | _pocket(level, *start)
        else:                       # cannot happen: the pocket holds its own start
            return


def _make_way_out(st: BuildState, level: Level, rng: RNG, start, reached: Selection) -> bool:
    typ = level.typ
    pocket = _pocket(level, *start)
    left = pocket
    while left:
        pt, left = left.rndcoord_remove(rng)
        x, y = pt
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            wx, wy, bx, by = x + dx, y + dy, x + 2 * dx, y + 2 * dy
            if (isok(wx, wy) and (wx, wy) not in reached and T.is_wall(typ[wx * ROWNO + wy])
                    and isok(bx, by) and (bx, by) in reached
                    and _accessible(typ[bx * ROWNO + by])):
                level.set_typ(wx, wy, T.DOOR)
                return True
    if level.can_fall_thru():
        left = pocket
        while left:
            pt, left = left.rndcoord_remove(rng)
            kind = data.get_trap("hole" if rng.rn2(2) else "trap door")
            if traps.maketrap(st, pt[0], pt[1], kind) is not None:
                return True
    pt = pocket.rndcoord(rng)
    if pt is None:
        return False
    item = _ESCAPE_ITEMS[rng.rn2(len(_ESCAPE_ITEMS))]
    level.objects.append(Object(pt[0], pt[1], item, attrs={"from": "ensure_way_out"}))
    return True


# ================================================================ the Plane of Water
_BUBBLES = (
    (2, 1, (0x3,)), (3, 2, (0x7, 0x7)), (4, 3, (0x6, 0xF, 0x6)), (5, 3, (0xE, 0x1F, 0xE)),
    (6, 4, (0x1E, 0x3F, 0x3F, 0x1E)), (7, 4, (0x3E, 0x7F, 0x7F, 0x3E)),
    (8, 4, (0x7E, 0xFF, 0xFF, 0x7E)),
)
_WATER_XMIN, _WATER_YMIN, _WATER_XMAX, _WATER_YMAX = 3, 1, 78, 20


def setup_waterlevel(level: Level, rng: RNG) -> None:
    """The Plane of Water's air bubbles as the game lays them before the hero comes:
    a grid of bubbles of random shapes, each an area of lit air in the water.  Their
    drift (each bubble's dx/dy) is kept in ``level.extras["bubbles"]``."""
    bxmin, bymin = _WATER_XMIN + 1, _WATER_YMIN + 1
    bxmax, bymax = _WATER_XMAX - 1, _WATER_YMAX - 1
    xskip = 10 + rng.rn2(10)
    yskip = 4 + rng.rn2(4)
    bubbles = []
    for x in range(bxmin, bxmax + 1, xskip):
        for y in range(bymin, bymax + 1, yskip):
            n = rng.rn2(7)
            if x >= bxmax or y >= bymax:
                continue
            w, h, rows = _BUBBLES[n]
            bx = bxmax - w + 1 if x + w - 1 > bxmax else x
            by = bymax - h + 1 if y + h - 1 > bymax else y
            ddx = 1 - rng.rn2(3)
            ddy = 1 - rng.rn2(3)
            bx, by = max(bx, bxmin), max(by, bymin)
            for j, bits in enumerate(rows):
                for i in range(w):
                    if bits & (1 << i):
                        level.set_typ(bx + i, by + j, T.AIR)
                        level.set_lit(bx + i, by + j, 1)
            bubbles.append({"x": bx, "y": by, "w": w, "h": h, "dx": ddx, "dy": ddy})
    level.extras["bubbles"] = bubbles


# ============================================================== per-level additions
def search_special(level: Level, rtype: int) -> Optional[Room]:
    for room in list(level.rooms) + list(level.subrooms):
        if room.rtype == rtype:
            return room
    return None


def create_secret_door(st: BuildState, level: Level, rng: RNG, croom: Room, walls: int) -> bool:
    """A secret door on one of the given walls of ``croom`` (100 tries).  The game's
    left-wall case tests W_EAST and its right-wall case W_WEST; kept."""
    for _ in range(100):
        sx = rng.rn1(croom.hx - croom.lx + 1, croom.lx)
        sy = rng.rn1(croom.hy - croom.ly + 1, croom.ly)
        side = rng.rn2(4)
        if side == 0:
            if not walls & W_NORTH:
                continue
            sy = croom.ly - 1
        elif side == 1:
            if not walls & W_SOUTH:
                continue
            sy = croom.hy + 1
        elif side == 2:
            if not walls & W_EAST:
                continue
            sx = croom.lx - 1
        else:
            if not walls & W_WEST:
                continue
            sx = croom.hx + 1
        if st.okdoor(sx, sy):
            level.set_typ(sx, sy, T.SDOOR)
            level.set_flags(sx, sy, D_CLOSED)
            R.add_door(level, sx, sy, croom)
            return True
    st.warn(f"couldn't create secret door on any walls 0x{walls:x}")
    return False


def _sokoban_prizes(st: BuildState, level: Level, rng: RNG) -> None:
    """Sokoban's last level (mkmaze.c fixup_special): a prize under each burned
    "Elbereth", newest first (the game walks its engraving list from the head),
    made by mksobj_at with init, then never cursed nor negatively enchanted."""
    price = 0
    for ep in reversed(level.engravings):
        if ep.etype != BURN or ep.text != "Elbereth":
            continue
        if price == 0:
            name = "bag of holding"
        elif price == 1:
            name = "cloak of magic resistance" if rng.rn2(2) else "cloak of displacement"
        elif price == 2:
            name = ("amulet of life saving" if not rng.rn2(3) else
                    "amulet of flying" if rng.rn2(2) else "amulet of reflection")
        else:
            name = "strange object"
        prize = Object(ep.x, ep.y, name, attrs={
            "sokoprize": True, "never_cursed": True, "from": "fixup_special"})
        # mksobj_at(..., init=TRUE): the bag of holding gets mkbox_cnts' contents,
        # a cloak or amulet its curse and enchantment (after mksobj's id); then never
        # cursed, spe >= 0
        next_ident(rng)
        init_object(st, prize, object_kind(name), rng)
        if prize.attrs.get("curse") == "cursed":
            prize.attrs["curse"] = "uncursed"
        if prize.attrs.get("spe", 0) < 0:
            prize.attrs["spe"] = 0
        level.objects.append(prize)
        price += 1


def _stoneproof(pm) -> bool:
    """Statues of these would not stay statues: stone-resistant monsters, and golems
    (but the stone golem) that turn to stone golems."""
    return "MR_STONE" in pm.resists or (pm.class_name == "S_GOLEM" and pm.name != "stone golem")


def _statue(st: BuildState, level: Level, x: int, y: int, named: bool = True) -> Object:
    """fixup_special's statue on Medusa's island: mk_tt_object(STATUE) (``named``:
    mksobj_at without init -- its id, its rndmonnum() -- then tt_oname's draw) or
    mkcorpstat(STATUE, .., CORPSTAT_NONE) (the same without the name), then
    rndmonnum() again while the monster would not stay a statue."""
    pctx = st.population_context()
    next_ident(st.rng)
    pm = pctx.rndmonnum(st.mon_rng)
    if named:
        tt_oname(st.rng)
    while pm is not None and _stoneproof(pm):
        pm = pctx.rndmonnum(st.mon_rng)
    obj = Object(x, y, "statue", attrs={"montype": pm.name if pm else None,
                                        "from": "fixup_special"})
    level.objects.append(obj)
    return obj


def _medusa(st: BuildState, level: Level, rng: RNG) -> None:
    """Medusa's island: one to four more statues in the first room, another one, and
    (while Fort Ludios has no entrance yet, and the level is no branch level:
    mkmaze.c fixup_special, mklev.c get_floating_branch) its portal in a tiny vault at
    the one spot of the map shaped for it."""
    if level.rooms:
        croom = level.rooms[0]
        for _ in range(rng.rnd(4)):
            x, y = spots.somex(rng, croom), spots.somey(rng, croom)
            if makemon.goodpos(st, x, y, None, rng, no_monster=True):
                _statue(st, level, x, y)
        named = bool(rng.rn2(2))      # a player statue (mk_tt_object) or a plain one
        # the call's arguments somex(croom), somey(croom): the game's build (gcc,
        # x86-64) evaluates them right to left, so somey draws first
        sy = spots.somey(rng, croom)
        sx = spots.somex(rng, croom)
        # no goodpos() for this one: any square of the room's rectangle, its walls too
        note_room_spot(_statue(st, level, sx, sy, named), croom)
    # mklev.c get_floating_branch(): no Ludios portal on a level that has a branch
    # already (Is_branchlev) -- the game's Medusa has exactly one portal
    if level.context.depth > 10 and level.extras.get("ludios_portal", True) \
            and not level.context.branch:
        _knox_vault_on_medusa(st, level, rng)


def _knox_vault_on_medusa(st: BuildState, level: Level, rng: RNG) -> None:
    typ = level.typ
    for x in range(10, COLNO - 10):
        for y in range(ROWNO):
            if not all(isok(x + i, y + j) and typ[(x + i) * ROWNO + y + j] == T.ROOM
                       for i in (1, 2) for j in (1, 2)):
                continue
            rooms = water = 0
            for i in range(x, x + 4):
                for j in range(y, y + 4):
                    if isok(i, j):
                        rooms += typ[i * ROWNO + j] == T.ROOM
                        water += typ[i * ROWNO + j] == T.MOAT
            if rooms == 5 and water == 11:
                vx, vy = x + 1, y + 1
                vault = R.add_room(level, vx, vy, vx, vy, True, VAULT, False)
                level.flags.has_vault = True
                # the vault's fill (fill_room: mkgold, a new pile's id), then
                # mksobj(IRON_SAFE, TRUE, FALSE) on the same stream: its id, locked,
                # maybe trapped, random contents; the gold goes in on top
                # (add_to_container puts it first)
                gold = rng.rn1(abs(level.context.depth) * 100, 51)
                next_ident(rng)
                safe = Object(vx, vy, "iron safe", attrs={"from": "fixup_special"})
                next_ident(rng)
                init_object(st, safe, object_kind("iron safe"), rng)
                pile = Object(vx, vy, "gold piece", attrs={"class": "$", "quantity": gold})
                if not add_to_container(safe, pile):      # joins the safe's own gold
                    safe.contents.remove(pile)
                    safe.contents.insert(0, pile)
                level.objects.append(safe)
                level.traps.append(Trap(vx, vy, "MAGIC_PORTAL",
                                        attrs={"destination": "Fort Ludios"}))
                level.extras["ludios_vault"] = (vault.lx, vault.ly)
                return


def _knox(st: BuildState, level: Level, rng: RNG) -> None:
    """Fort Ludios: the (unfilled) morgue is the treasury: gold on every open square,
    a land mine or spiked pit under a third of them."""
    croom = search_special(level, MORGUE)
    if croom is None:
        return
    level.flags.graveyard = False
    level.extras.pop("has_morgue", None)
    croom.rtype = OROOM
    for x in range(croom.lx, croom.hx + 1):
        for y in range(croom.ly, croom.hy + 1):
            if T.is_stwall(level.typ[x * ROWNO + y]):
                continue
            mkgold(st, rng.rn1(300, 600), x, y, rng)
            if not rng.rn2(3) and not st.is_pool(x, y):
                kind = "LANDMINE" if rng.rn2(3) else "SPIKED_PIT"
                traps.maketrap(st, x, y, _trap(kind))


def _trap(name: str):
    return next(t for t in data.traps() if t.name == name)


# zap.c obj_resists(): what resists even at 0 %, without a draw
_ALWAYS_RESIST = ("Amulet of Yendor", "Book of the Dead", "Candelabrum of Invocation",
                  "Bell of Opening")


def _orcus(st: BuildState, level: Level, rng: RNG) -> None:
    """Orcus Town is a ghost town: no shopkeeper survives.  Each goes by mongone(),
    whose steal.c mdrop_special_objs() asks obj_resists(obj, 0, 0) -- ``rn2(100)`` on
    the loader's stream -- of everything the shopkeeper carried."""
    for m in level.monsters:
        if _is_shopkeeper(m):
            for item in m.attrs.get("inventory") or ():
                if item.id not in _ALWAYS_RESIST:
                    rng.rn2(100)
    level.monsters[:] = [m for m in level.monsters if not _is_shopkeeper(m)]


def _is_shopkeeper(m) -> bool:
    return bool(m.attrs.get("isshk") or m.attrs.get("shopkeeper") or m.id == "shopkeeper")


def rndorcname(rng: RNG) -> str:
    """A random orcish name of three or four syllables."""
    vowels = ("a", "ai", "og", "u")
    sounds = ("gor", "gris", "un", "bane", "ruk", "oth", "ul", "z", "thos", "akh", "hai")
    n = rng.rn1(2, 3)
    vstart = rng.rn2(2)
    out = ""
    for i in range(n):
        vstart = 1 - vstart
        dash = "-" if i > 0 and not rng.rn2(30) else ""
        out += dash + (vowels[rng.rn2(len(vowels))] if vstart else sounds[rng.rn2(len(sounds))])
    return out


def _orctown(st: BuildState, level: Level, rng: RNG) -> None:
    """Orcish Town (minetn-1): the gang that sacked it.  Its loot and captain go to
    deeper Mines levels (not modelled beyond the name); most orcs left here join it."""
    gang = rndorcname(rng)
    level.extras["orc_gang"] = gang.capitalize()
    for m in level.monsters:
        pm = m.attrs.get("data")
        if pm is None or "M2_ORC" not in getattr(pm, "m2", ()):
            continue
        if m.attrs.get("name"):
            continue
        if rng.rn2(10) and pm.name != "orc-captain":
            m.attrs["name"] = f"{rndorcname(rng).capitalize()} of {gang.capitalize()}"
            m.attrs["gang"] = gang.capitalize()


def _advent_calendar(st: BuildState, level: Level, rng: RNG) -> None:
    """The Advent Calendar: each of the first 24 doors (column by column) gets its
    number marked in front and a treat behind, the 24th a Christmas present."""
    date = getattr(st.run_context, "date", None)
    door_nr = 1
    for x in range(1, COLNO):
        for y in range(1, ROWNO):
            if door_nr >= 25 or level.typ[x * ROWNO + y] != T.DOOR:
                continue
            out_y, in_y = (y + 1, y - 1) if y < 10 else (y - 1, y + 1)
            level.engravings.append(Engraving(x, out_y, str(door_nr), MARK))
            if door_nr == 24:
                k = rng.rn2(15)
                gift = "candy bar" if k >= len(_ADVENT_GIFTS) else _ADVENT_GIFTS[k]
                # mksobj_at(gift, .., init=TRUE, artif=TRUE)
                make_object(st, x, in_y, object_kind(gift), "advent calendar", rng, artif=True)
            elif rng.rn2(4):
                name = "candy bar" if rng.rn2(4) else "fortune cookie"
                next_ident(rng)                     # mksobj_at(.., init=FALSE): its id only
                level.objects.append(Object(x, in_y, name, attrs={"from": "advent calendar"}))
            else:
                # mkobj_at(class, .., FALSE): a random ring or tool, made with init
                cls = "=" if rng.rn2(4) else "("
                obj = st.population_context().random_object(rng, cls)
                make_object(st, x, in_y, obj, "advent calendar", rng)
            flags = level.flags_at(x, y)
            if date is not None and date.month == 12 and flags & 8 and (
                    date.day == door_nr or (date.day == 24 and door_nr == 24)):
                level.set_flags(x, y, D_CLOSED)          # today's door is unlocked
            door_nr += 1


def _level_fixup(level: Level, game: str = "unnethack") -> Optional[Callable]:
    name, ctx = level.name, level.context
    unnethack = game == "unnethack"
    # NetHack 3.6.x's and 3.4.3's fixup_special() (mkmaze.c) have no Sokoban prizes
    # under the burned Elbereths (their des-files place the prizes), no Ludios vault
    # on Medusa's island (their Ludios portal is mk_knox_portal()'s, made by mklev()
    # in an ordinary level's vault), a secret door on three walls of the Wizard's
    # morgue (W_SOUTH | W_EAST | W_WEST), and 3.4.3 no sacked Orcish Town (minetn-1
    # is Frontier Town there; 3.6 checks "ransacked")
    if ctx.in_sokoban and ctx.dunlev == 1:
        return _sokoban_prizes if unnethack else None
    if name.startswith("medusa"):
        if not unnethack:
            level.extras["ludios_portal"] = False
        return _medusa
    if name == "wizard1":
        walls = W_EAST | W_WEST if unnethack else W_SOUTH | W_EAST | W_WEST
        return lambda b, lv, rng: _secret_door_in(b, lv, rng, MORGUE, walls)
    if name.startswith("knox"):
        return _knox
    if name == "sanctum":
        return lambda b, lv, rng: _secret_door_in(b, lv, rng, TEMPLE, W_ANY)
    if name.startswith("orcus"):
        return _orcus
    if ctx.in_mines and name == "minetn-1":
        return _orctown if game != "nethack343" else None
    if name == "advcal":
        return _advent_calendar
    # 3.6.x and 3.4.3: the Priest's quest levels (Role_if(PM_PRIEST) && In_quest: a
    # quest level is its hero's role's) and the Castle are graveyards, "less chance for
    # undead corpses"; UnNetHack's fixup_special() has neither
    if not unnethack and (name.startswith("Pri-") or name == "castle"):
        return _graveyard
    return None


def _graveyard(st: BuildState, level: Level, rng: RNG) -> None:
    level.flags.graveyard = True


def _secret_door_in(st: BuildState, level: Level, rng: RNG, rtype: int, walls: int) -> None:
    croom = search_special(level, rtype)
    if croom is not None:
        create_secret_door(st, level, rng, croom, walls)


def special_level_fixups(st: BuildState, level: Level, rng: RNG) -> Optional[str]:
    """The additions of fixup_special() for this level, if any; returns which ran."""
    fix = _level_fixup(level, getattr(st, "game", "unnethack"))
    if fix is None:
        return None
    fix(st, level, rng)
    return getattr(fix, "__name__", "fixup").lstrip("_")
