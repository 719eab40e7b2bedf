"""One level reduced to what ``unlev compare`` measures (the same for ours and the game's).

Why this module exists: the comparison must read a level made by unlev and a level read
from a game dump in exactly the same way, so both go through :func:`sample_of` and the
statistics never look at a :class:`~unlev.model.level.Level` directly.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Tuple

from unlev.model.level import (D_BROKEN, D_CLOSED, D_ISOPEN, D_LOCKED, D_TRAPPED, W_NONDIGGABLE,
                         Level, Object)
from unlev.stdlib import data
from unlev.stdlib import terrain as T

# Terrain classes whose shares are compared (the random parts: mines, mazes, rooms).
TERRAIN_CLASS = {}
for _t in range(T.MAX_TYPE):
    if _t == T.STONE:
        _c = "stone"
    elif _t <= T.TRWALL:
        _c = "wall"
    elif _t in (T.DOOR, T.SDOOR):
        _c = "door"
    elif _t in (T.CORR, T.SCORR):
        _c = "corridor"
    elif _t == T.ROOM:
        _c = "floor"
    elif _t in (T.POOL, T.MOAT, T.WATER):
        _c = "water"
    elif _t in (T.TREE, T.DEADTREE):
        _c = "tree"
    elif _t in (T.ICEWALL, T.CRYSTALICEWALL):
        _c = "ice wall"
    elif _t in (T.DBWALL, T.DRAWBRIDGE_UP, T.DRAWBRIDGE_DOWN):
        _c = "drawbridge"
    elif _t in (T.STAIRS, T.LADDER):
        _c = "stairs"
    elif T.FOUNTAIN <= _t <= T.ALTAR:
        _c = "furniture"
    else:
        _c = T.TERRAIN_NAMES[_t].lower().replace("_", " ")
    TERRAIN_CLASS[_t] = _c

_TRAP_INDEX = {t.name: t.index for t in data.traps()}


def door_state(typ: int, mask: int) -> str:
    """A door square's state word (secret doors: only 'locked' is door state)."""
    if typ == T.SDOOR:
        return "secret locked" if mask & D_LOCKED else "secret"
    if mask & D_LOCKED:
        return "locked"
    if mask & D_CLOSED:
        return "closed"
    if mask & D_ISOPEN:
        return "open"
    if mask & D_BROKEN:
        return "broken"
    return "doorway"


def object_class_symbol(o: Object) -> str:
    cls = o.attrs.get("class")
    if isinstance(cls, int):           # the game's dumps: the class number
        for c in data.object_classes():
            if c.index == cls:
                return c.symbol
    elif isinstance(cls, str) and len(cls) == 1:   # our records: the class symbol
        return cls
    look = data.lookup_object(str(o.id))
    return look.item.class_symbol if look.item is not None else "?"


def _walk_contents(objs: Iterable[Object]) -> Iterable[Object]:
    for o in objs:
        for c in o.contents:
            yield c
            yield from _walk_contents([c])


@dataclass
class Sample:
    """Everything measured on one level."""

    name: str
    typ: bytes
    lit: bytes
    nondig: bytes
    numbers: Dict[str, float] = field(default_factory=dict)
    kinds: Dict[str, Counter] = field(default_factory=dict)
    flags: Dict[str, int] = field(default_factory=dict)
    # where things stand: (x, y, kind) per monster, floor object and trap; the stairs
    points: Dict[str, List[Tuple[int, int, str]]] = field(default_factory=dict)
    stairs: List[Tuple[int, int]] = field(default_factory=list)


def sample_of(level: Level) -> Sample:
    typ = bytes(level.typ)
    flg = level.flg
    nondig = bytes(1 if (t <= T.DBWALL and flg[i] & W_NONDIGGABLE) else 0
                   for i, t in enumerate(typ))
    s = Sample(level.name, typ, bytes(level.lit), nondig)
    num, kinds = s.numbers, s.kinds
    shares = Counter(TERRAIN_CLASS.get(t, "other") for t in typ)
    for c in set(TERRAIN_CLASS.values()):
        num[f"terrain {c}"] = shares.get(c, 0)
    num["lit squares"] = sum(level.lit)
    # which wall shapes wallification chose (corners, T-walls...): joins in random parts
    kinds["wall shapes"] = Counter(T.TERRAIN_NAMES[t] for t in typ if 0 < t <= T.DBWALL)
    # doors, read off the grid as the game's dump does
    doors = Counter()
    trapped = 0
    for i, t in enumerate(typ):
        if t in (T.DOOR, T.SDOOR):
            doors[door_state(t, flg[i])] += 1
            if flg[i] & D_TRAPPED and t == T.DOOR:
                trapped += 1
    num["doors"] = sum(doors.values())
    num["trapped doors"] = trapped
    kinds["door states"] = doors
    rooms = [r for r in level.rooms if not r.is_subroom]
    num["rooms"] = len(rooms)
    num["lit rooms"] = sum(1 for r in rooms if r.rlit)
    num["room floor area"] = sum((r.hx - r.lx + 1) * (r.hy - r.ly + 1) for r in rooms)
    num["subrooms"] = len(level.subrooms)
    kinds["room types"] = Counter(_room_type_name(r.rtype) for r in rooms)
    stairs = Counter(f"{'up' if st.up else 'down'} {'ladder' if st.isladder else 'stairs'}"
                     for st in level.stairs)
    for k in ("up stairs", "down stairs", "up ladder", "down ladder"):
        num[k] = stairs.get(k, 0)
    num["traps"] = len(level.traps)
    kinds["trap kinds"] = Counter(_trap_name(t.ttyp) for t in level.traps)
    num["monsters"] = len(level.monsters)
    kinds["monster kinds"] = Counter(str(m.id) for m in level.monsters)
    carried = [o for m in level.monsters for o in (m.attrs.get("inventory") or ())
               if isinstance(o, Object)]
    floor = [o for o in level.objects if not o.buried]
    buried = [o for o in level.objects if o.buried]
    num["objects on floor"] = len(floor)
    num["objects buried"] = len(buried)
    num["objects in containers"] = sum(1 for _ in _walk_contents(floor + buried))
    num["objects carried"] = len(carried)
    kinds["object classes"] = Counter(object_class_symbol(o) for o in floor + buried)
    kinds["object kinds"] = Counter(str(o.id) for o in floor + buried)
    num["engravings"] = len(level.engravings)
    _details(level, s, floor + buried, carried)
    s.points = {"monsters": [(m.x, m.y, str(m.id)) for m in level.monsters],
                "objects": [(o.x, o.y, str(o.id)) for o in floor],
                "traps": [(t.x, t.y, _trap_name(t.ttyp)) for t in level.traps]}
    s.stairs = [(st.x, st.y) for st in level.stairs]
    # hiders: the game's spiders and snakes are made on an object of their own
    under = {(o.x, o.y) for o in floor}
    num["monsters on objects"] = sum(1 for m in level.monsters if (m.x, m.y) in under)
    fl = level.flags
    s.flags = {"maze": int(fl.is_maze_lev), "cavernous": int(fl.is_cavernous_lev),
               "noteleport": int(fl.noteleport), "hardfloor": int(fl.hardfloor),
               "nommap": int(fl.nommap), "shortsighted": int(fl.shortsighted),
               "arboreal": int(fl.arboreal), "graveyard": int(fl.graveyard),
               "sky": int(fl.sky)}
    # issue 35: a yes/no outcome is a proportion (Fisher), not a ranked count -- the
    # Mines' random lighting (game 95 of 100 lit, ours 19 of 40) hid among the
    # lit-square counts (Mann-Whitney p 0.07)
    floor_sq = [i for i, t in enumerate(typ) if t in (T.ROOM, T.CORR)]
    s.flags["mostly lit"] = int(2 * sum(level.lit[i] for i in floor_sq) > len(floor_sq)) \
        if floor_sq else 0
    return s


_BUC_NAME = {"B": "blessed", "C": "cursed", "U": "uncursed"}
_ALTAR_NAME = {1: "chaotic", 2: "neutral", 4: "lawful", 0: "unaligned"}
# object classes whose spe is an enchantment (weapons, armor, rings)
_ENCHANTED = (")", "[", "=")


def _curse(o: Object) -> str:
    """The object's blessed/uncursed/cursed state: ours keep ``curse``, a dump ``buc``."""
    a = o.attrs
    if a.get("buc"):
        return _BUC_NAME.get(str(a["buc"]), str(a["buc"]))
    return str(a.get("curse") or "uncursed")


def _quantity(o: Object) -> int:
    a = o.attrs
    return int(a.get("quan", a.get("quantity", 1)) or 1)


def _stack_bin(q: int) -> str:
    return "1" if q == 1 else "2" if q == 2 else "3-5" if q <= 5 else \
        "6-10" if q <= 10 else "11-20" if q <= 20 else "over 20"


def _mon_class(m) -> str:
    """The monster's class symbol from its name (a dump's MON line has no class)."""
    pm = data.monster_named(str(m.id))
    return pm.symbol if pm is not None else "?"


def _yes(v) -> bool:
    return bool(v) and v not in ("0", "False")


def _details(level: Level, s: Sample, placed: List[Object], carried: List[Object]) -> None:
    """The measures issue 35 adds: what the counts cannot see (quantity, enchantment,
    curse state, sleep, peacefulness, engraving texts, altar alignments, stair
    destinations, what containers hold and monsters carry), each as a mix per level
    so that the permutation test and the pooled test read it like any other."""
    num, kinds = s.numbers, s.kinds
    inside = list(_walk_contents(placed))
    every = placed + inside + carried + list(_walk_contents(carried))
    gold = {"gold piece"}
    num["object quantity"] = sum(_quantity(o) for o in placed if str(o.id) not in gold)
    kinds["stack sizes"] = Counter(f"{object_class_symbol(o)} {_stack_bin(_quantity(o))}"
                                   for o in every if str(o.id) not in gold)
    kinds["enchantments"] = Counter(
        f"{object_class_symbol(o)} {int(o.attrs.get('spe', 0) or 0):+d}"
        for o in every if object_class_symbol(o) in _ENCHANTED)
    where = ([("floor", o) for o in placed] + [("container", o) for o in inside]
             + [("carried", o) for o in carried])
    kinds["curse states"] = Counter(f"{w} {object_class_symbol(o)} {_curse(o)}"
                                    for w, o in where)
    kinds["container contents"] = Counter(object_class_symbol(o) for o in inside)
    kinds["inventory contents"] = Counter(object_class_symbol(o) for o in carried)
    kinds["monster sleep"] = Counter(
        f"{_mon_class(m)} {'asleep' if _yes(m.attrs.get('asleep')) else 'awake'}"
        for m in level.monsters)
    kinds["monster peacefulness"] = Counter(
        f"{_mon_class(m)} "
        f"{'peaceful' if _yes(m.attrs.get('peaceful')) else 'hostile'}"
        for m in level.monsters)
    kinds["engraving texts"] = Counter(str(e.text) for e in level.engravings)
    kinds["altar alignments"] = Counter(
        _ALTAR_NAME.get(level.flg[i] & 7, "other") for i, t in enumerate(level.typ)
        if t == T.ALTAR)
    kinds["stair destinations"] = Counter(_stair_destination(level, st) for st in level.stairs)


def _stair_destination(level: Level, st) -> str:
    """Where the stairs lead, told the same way for a dump (``to=dnum:dlevel``) and for
    ours (None: the next level of this dungeon; "branch": another dungeon)."""
    way = "up" if st.up else "down"
    to = st.tolev
    if to is None:
        return f"{way} same dungeon"
    if to == "branch":
        return f"{way} other dungeon"
    where = level.extras.get("game_dump", {}).get("where", {})
    dnum = where.get("dnum")
    if isinstance(to, tuple) and dnum is not None and to[0] != dnum:
        return f"{way} other dungeon"
    return f"{way} same dungeon"


_ROOM_NAMES = {r.value: r.name for r in data.room_types()}
_ROOM_NAMES[18] = "rndvault"


def _room_type_name(rtype: int) -> str:
    return _ROOM_NAMES.get(rtype, f"rtype {rtype}")


def _trap_name(ttyp) -> str:
    if isinstance(ttyp, int):
        n = ttyp
    else:
        n = _TRAP_INDEX.get(str(ttyp), 0)
    if n:
        t = data.trap_by_index(n)
        return t.des_name or t.name.lower()
    return str(ttyp)


def samples_of(levels: Iterable[Level]) -> List[Sample]:
    return [sample_of(lv) for lv in levels]
