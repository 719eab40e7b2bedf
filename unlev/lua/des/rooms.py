"""Rooms, regions and corridors (``des.room`` with its ``contents`` function and the
room table it is given, ``des.region``, ``des.corridor``), as sp_lev.c's ``lspo_room``,
``lspo_region``, ``lspo_corridor`` do.

Each ``lspo_*`` function takes the session's :class:`~unlev.lua.des_api.DesAPI`
(``api``: argument helpers, the builder, the Lua session) and the call's arguments.
"""

from __future__ import annotations


from ..selection_api import light_of
from .common import HALIGN, VALIGN, WALLS, int_or


def lspo_room(api, *args):
    s = api.s
    if api.in_mk_themerooms and api.themeroom_failed:
        return                       # 3.7: a failed themed room makes nothing more
    t = api.table_arg(args)
    if t is None:
        t = s.table(type=args[0] if args else None)
    rtype = t["type"]
    rtype = None if rtype is None or str(rtype) == "random" else str(rtype)
    x, y = t["x"], t["y"]
    pos = None if x is None and y is None else (int(x if x is not None else -1),
                                               int(y if y is not None else -1))
    w, h = t["w"], t["h"]
    size = None if w is None and h is None else (int(w if w is not None else -1),
                                                int(h if h is not None else -1))
    if t["xalign"] is not None or t["yalign"] is not None:
        align = (api.word(HALIGN, t["xalign"], "des.room xalign", -1),
                 api.word(VALIGN, t["yalign"], "des.room yalign", -1))
    else:
        align = None
    subroom = api.room_depth > 0
    ok = api.b.begin_room(subroom=subroom, rtype=rtype,
                           chance=int(t["chance"]) if t["chance"] is not None else 100,
                           light=light_of(t["lit"], -1), pos=pos, align=align, size=size,
                           # sp_lev.c lspo_room's defaults: filled (a themed
                           # room's unfilled), joined
                           filled=int_or(t["filled"], 0 if api.in_mk_themerooms else 1),
                           irregular=int_or(t["irregular"], 0),
                           joined=int_or(t["joined"], 1), span=api.span())
    if ok and rtype == "themed" and api.in_mk_themerooms:
        mark_themed(api)
    if not ok and api.in_mk_themerooms:
        api.themeroom_failed = True
    if ok:
        api.room_depth += 1
        try:
            api.call(t["contents"], room_table(api))
        finally:
            api.room_depth -= 1
    api.b.end_room()


def mark_themed(api):
    """Keep the floor of a room made with type "themed" (3.7's THEMEROOM, which
    unlev's room table has not): generate_stairs prefers ordinary rooms."""
    b = api.b.room_bounds()
    lev = getattr(api.b, "level", None)
    if b is not None and lev is not None:
        lev.extras.setdefault("themed_rooms", []).append(b)


def room_table(api):
    """sp_lev.c l_push_mkroom_table: the room's size, region, light, shape and
    joining (and its corners, as unlev gave them before)."""
    b = api.b.room_bounds()
    if b is None:
        return api.s.table()
    lx, ly, hx, hy = b
    st = getattr(api.b, "state", None)
    croom = st.croom if st is not None else None
    t = api.s.table(lx=lx, ly=ly, hx=hx, hy=hy, width=hx - lx + 1, height=hy - ly + 1,
                    region=api.s.table(x1=lx, y1=ly, x2=hx, y2=hy))
    if croom is not None:
        t["lit"] = bool(croom.rlit)
        t["irregular"] = bool(croom.irregular)
        t["needjoining"] = bool(croom.needjoining)
    return t


def lspo_region(api, *args):
    s = api.s
    t = api.table_arg(args)
    if t is None and len(args) == 2 and s.selections.handle(args[0]) is not None:
        return light_selection(api, args[0], args[1])
    if t is None:
        t = s.table(region=args[0], lit=args[1] if len(args) > 1 else None)
        region = api.region_of(args[0], "des.region")
    else:
        region = api.region_of(t["region"] if t["region"] is not None else t,
                                "des.region", bool(t["region_islev"]))
    rtype = t["type"]
    rtype = "ordinary" if rtype is None else str(rtype)
    has_contents = t["contents"] is not None
    api.b.begin_region(region=region, light=light_of(t["lit"], -1), rtype=rtype,
                        # sp_lev.c lspo_region's defaults: unfilled, joined
                        filled=int_or(t["filled"], 0),
                        irregular=int_or(t["irregular"], 0),
                        joined=int_or(t["joined"], 1), has_contents=has_contents,
                        span=api.span())
    try:
        if has_contents:               # 3.7 hands the region's room to its contents
            api.call(t["contents"], room_table(api))
    finally:
        api.b.end_region()


def light_selection(api, sel, lit):
    """lspo_region(selection, "lit"|"unlit"): no room, only light -- a lit selection is
    grown by one square first, and lava is always lit (sel_set_lit)."""
    from unlev.stdlib.terrain import LAVAPOOL
    s = api.s
    key = str(lit).lower() if isinstance(lit, str) else lit
    if key not in ("lit", "unlit", 0, 1, True, False):
        raise s.error(f"des.region: light {lit!r} is neither \"lit\" nor \"unlit\"")
    on = key in ("lit", 1, True)
    squares = s.selections.sel_of(sel, "des.region")
    if on:
        squares = squares.grow_toward("all")
    level = api.b.level
    for x, y in squares:
        level.set_lit(x, y, on or level.typ_at(x, y) == LAVAPOOL)


def lspo_corridor(api, *args):
    t = api.table_arg(args)
    if t is None:
        api.b.random_corridors(style=None, span=api.span())
        return
    src = (int(t["srcroom"]), api.word(WALLS, t["srcwall"], "des.corridor srcwall", -1),
           int(t["srcdoor"] if t["srcdoor"] is not None else 0))
    if t["nxcor"] is not None:
        dst = int(t["nxcor"])
    else:
        dst = (int(t["destroom"]),
               api.word(WALLS, t["destwall"], "des.corridor destwall", -1),
               int(t["destdoor"] if t["destdoor"] is not None else 0))
    api.b.corridor(src=src, dst=dst, span=api.span())


def lspo_random_corridors(api, style=None):
    api.b.random_corridors(style=None if style is None else int(style), span=api.span())


def lspo_vaultgen(api, frequency=0):
    api.b.vaultgen(frequency=int(frequency), span=api.span())
