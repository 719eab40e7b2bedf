"""Features on squares: doors, drawbridges, fountains/sinks/pools, stairs and
ladders, altars, graves, engravings, gold, traps and level regions, as sp_lev.c's
``lspo_door``, ``lspo_feature``, ``lspo_stair``, ``lspo_levregion``... do.

Each ``lspo_*`` function takes the session's :class:`~unlev.lua.des_api.DesAPI`
(``api``: argument helpers, the builder, the Lua session) and the call's arguments.
"""

from __future__ import annotations

from unlev.lang.values import Align, Coord, MapCharValue, Region
from unlev.stdlib.terrain import map_char_to_type
from unlev.model.constants import D_CLOSED, D_ISOPEN

from ..selection_api import is_num
from .common import ALTAR_TYPES, DIRECTIONS, DOOR_STATES, ENGRAVINGS, FEATURES, LEVREGION_TYPES, WALLS, point_sel


def lspo_door(api, *args):
    s = api.s
    t = api.table_arg(args)
    if t is not None and t["x"] is None and t["coord"] is None and t["selection"] is None \
            and api.room_depth > 0:
        # a door on the current room's wall (ROOMDOOR)
        secret = t["secret"]
        secret = -1 if secret is None else (int(secret) if is_num(secret) else int(bool(secret)))
        api.b.roomdoor(secret=secret,
                        state=api.word(DOOR_STATES, t["state"], "des.door state", -1),
                        walls=api.word(WALLS, t["wall"], "des.door wall", -1),
                        pos=int(t["pos"]) if t["pos"] is not None else -1, span=api.span())
        return
    if t is not None:
        state = api.word(DOOR_STATES, t["state"], "des.door state", -1)
        if t["selection"] is not None:
            sel = s.selections.sel_of(t["selection"], "des.door")
        else:
            sel = point_sel(api.b.locate(api.coord_in(t, what="des.door")))
    else:
        state = api.word(DOOR_STATES, args[0] if args else None, "des.door state", -1)
        sel, _ = api.selection_in(args, 1, "des.door")
    api.b.door(state=state, selection=sel, span=api.span())


def lspo_drawbridge(api, t):
    api.b.drawbridge(coord=api.coord_in(t, what="des.drawbridge"),
                      direction=api.word(DIRECTIONS, t["dir"], "des.drawbridge dir", -1),
                      state=api.word(DRAWBRIDGE_STATES, t["state"],
                                      "des.drawbridge state", -1), span=api.span())


# sp_lev.c lspo_drawbridge's "open", "closed", "random", as the loader's door states
# (do_drawbridge draws !rn2(2) for anything else); 0 and 1 made "closed" random
DRAWBRIDGE_STATES = dict(open=D_ISOPEN, closed=D_CLOSED, random=-1)


# rm.h's flag bits of the features 3.7's des.feature sets by name
FEATURE_FLAGS = {"fountain": {"looted": 1, "warned": 2},
                 "sink": {"pudding": 1, "dishwasher": 2, "ring": 4},
                 "throne": {"looted": 1}, "tree": {"looted": 1, "swarm": 2}}
FEATURE_TYPES = {"fountain": "{", "sink": "K", "pool": "P", "throne": "\\", "tree": "T"}


def put_feature(api, kind, args):
    t = api.table_arg(args)
    at = None
    if t is not None:
        at = api.b.locate(api.coord_in(t, what="des.feature"))
        sel = point_sel(at)
    elif args:
        sel, _ = api.selection_in(args, 0, "des.feature")
    else:
        sel = point_sel(api.b.locate(Coord(0, 0, True)))
    if kind in FEATURES:
        getattr(api.b, kind)(selection=sel, span=api.span())
    elif kind in ("tree", "throne", "ice", "lava", "water", "cloud"):
        char = {"tree": "T", "throne": "\\", "ice": "I", "lava": "L", "water": "W",
                "cloud": "C"}[kind]
        api.b.terrain(selection=sel, mapchar=MapCharValue(char, map_char_to_type(char)),
                      span=api.span())
    else:
        raise api.s.error(f"des.feature: unknown feature {kind!r}")
    if t is not None and kind in FEATURE_FLAGS:
        set_feature_flags(api, t, at, kind)


def set_feature_flags(api, t, at, kind):
    """sp_lev.c l_table_getset_feature_flag: a flag named in the table is set or
    cleared on the square, if the feature is there."""
    level = api.b.level
    x, y = at
    if level.typ_at(x, y) != map_char_to_type(FEATURE_TYPES[kind]):
        return
    bits = level.flags_at(x, y)
    for name, bit in FEATURE_FLAGS[kind].items():
        v = t[name]
        if v is None:
            continue
        bits = (bits | bit) if (v if isinstance(v, bool) else int(v)) else (bits & ~bit)
    level.set_flags(x, y, bits)


def lspo_feature(api, *args):
    t = api.table_arg(args)
    if t is not None:
        put_feature(api, str(t["type"]).lower(), args)
    else:
        put_feature(api, str(args[0]).lower(), args[1:])


def lspo_fountain(api, *args):
    put_feature(api, "fountain", args)


def lspo_sink(api, *args):
    put_feature(api, "sink", args)


def lspo_pool(api, *args):
    put_feature(api, "pool", args)


def lspo_stair(api, *args):
    put_stair(api, api.b.stair, args, "des.stair")


def lspo_ladder(api, *args):
    put_stair(api, api.b.ladder, args, "des.ladder")


def put_stair(api, method, args, what):
    t = api.table_arg(args)
    if t is not None:
        up = api.word({"up": 1, "down": 0}, t["dir"], what + " dir", 0)
        coord = api.coord_in(t, what=what)
    else:
        up = api.word({"up": 1, "down": 0}, args[0] if args else None, what + " dir", 0)
        coord = api.coord_in(None, args, 1, what)
    method(coord=coord, up=up, span=api.span())


def lspo_altar(api, *args):
    t = api.table_arg(args) or api.s.table()
    align = api.align_of(t["align"]) or Align("random")
    api.b.altar(coord=api.coord_in(t, what="des.altar"), align=align,
                 altar_type=api.word(ALTAR_TYPES, t["type"], "des.altar type", 0),
                 span=api.span())


def lspo_grave(api, *args):
    t = api.table_arg(args) or api.s.table()
    coord = api.coord_in(t, what="des.grave")
    text = t["text"]
    if t["unlev_no_text"]:
        api.b.grave(coord=coord, text=None, random_text=False, span=api.span())
    else:
        api.b.grave(coord=coord, text=None if text is None else str(text),
                     random_text=text is None, span=api.span())


def lspo_engraving(api, *args):
    t = api.table_arg(args)
    if t is None:
        coord = api.coord_in(None, args, 0, "des.engraving")
        i = 2 if len(args) > 2 and is_num(args[0]) else 1
        etype = api.word(ENGRAVINGS, args[i] if i < len(args) else None,
                          "des.engraving type", 1)
        text = args[i + 1] if i + 1 < len(args) else ""
    else:
        coord = api.coord_in(t, what="des.engraving")
        etype = api.word(ENGRAVINGS, t["type"], "des.engraving type", 1)
        text = t["text"] if t["text"] is not None else ""
    api.b.engraving(coord=coord, etype=etype, text=str(text), span=api.span())


def lspo_gold(api, *args):
    t = api.table_arg(args)
    if t is not None:
        amount = t["amount"]
        coord = api.coord_in(t, what="des.gold")
    else:
        amount = args[0] if args else None
        coord = api.coord_in(None, args, 1, "des.gold")
    if amount is None:
        amount = api.s.rng.rnd(200)
    api.b.gold(amount=int(amount), coord=coord, span=api.span())


def lspo_trap(api, *args):
    t = api.table_arg(args)
    if t is not None:
        name = t["type"]
        coord = api.coord_in(t, what="des.trap")
    else:
        name = args[0] if args else None
        coord = api.coord_in(None, args, 1, "des.trap")
    if name is not None and str(name).lower() == "random":
        name = None
    # 3.7's create_trap flags (MKTRAP_NOSPIDERONWEB, MKTRAP_NOVICTIM), read by the
    # 3.7 mktrap (unlev.populate.traps37) for the one call
    flags = {}
    if t is not None:
        for key in ("spider_on_web", "victim"):
            if t[key] is not None:
                flags[key] = bool(t[key])
    lev = getattr(api.b, "level", None)
    if flags and lev is not None:
        lev.extras["mktrap_flags"] = flags
    try:
        api.b.trap(name=None if name is None else str(name), coord=coord, span=api.span())
    finally:
        if lev is not None:
            lev.extras.pop("mktrap_flags", None)


def lspo_levregion(api, t):
    typ = str(t["type"] or "stair-down").lower()
    if typ not in LEVREGION_TYPES:
        raise api.s.error(f"des.levregion: unknown type {typ!r}")
    kind, up = LEVREGION_TYPES[typ]
    put_levregion(api, kind, up, t, "des.levregion", default_whole=False)


def lspo_teleport_region(api, t):
    up = api.word({"up": 1, "down": 0}, t["dir"], "des.teleport_region dir", None)
    put_levregion(api, "teleport", up, t, "des.teleport_region", default_whole=False)


def put_levregion(api, kind, up, t, what, default_whole):
    def islev(key):
        v = t[key]
        return default_whole if v is None else bool(v)
    area = api.region_of(t["region"], what, islev("region_islev"))
    if t["exclude"] is not None:
        exclude = api.region_of(t["exclude"], what, islev("exclude_islev"))
    else:
        exclude = Region(0, 0, 0, 0, whole_level=True)
    dest = t["name"]
    api.b.levregion(kind=kind, area=area, exclude=exclude, up=up,
                     dest=None if dest is None else str(dest), span=api.span())
