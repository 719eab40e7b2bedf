"""Drawing the map: ``level_init``, ``map``, ``terrain``, ``replace_terrain``,
``mazewalk``, ``wallify``, ``non_diggable``/``non_passwall`` and UnNetHack's ``spill``/
``wallwalk``, as sp_lev.c's ``lspo_level_init``, ``lspo_map``, ``lspo_terrain``... do.

Each ``lspo_*`` function takes the session's :class:`~unlev.lua.des_api.DesAPI`
(``api``: argument helpers, the builder, the Lua session) and the call's arguments.
"""

from __future__ import annotations

from unlev.lang.values import Coord, MapCharValue, Region
from unlev.stdlib.grid import COLNO, ROWNO
from unlev.stdlib.terrain import map_char_to_type

from ..selection_api import coord_of, is_num, light_of, mapchar_of
from .common import DIRECTIONS, HALIGN, VALIGN, point_sel


def lspo_level_init(api, t=None):
    s = api.s
    t = t if t is not None else s.table()
    style = str(t["style"] or "solidfill").lower()
    fill = None
    if style == "solidfill":
        # lspo_level_init: the fill is "filling", which defaults to fg (ROOM)
        char = next((v for v in (t["filling"], t["fg"]) if v is not None), ".")
        # 3.7: "lit" absent is BOOL_RANDOM, drawn by splev_initlev (rn2(2)); a converted
        # des-file keeps its loader's "leave the light alone" (-2), which 3.7 lacks
        unlit = -1 if getattr(s, "own_level", True) else -2
        fill = MapCharValue(char, map_char_to_type(char), light_of(t["lit"], unlit))
        api.b.init_map(style=style, fill=fill, fg=None, bg=None, smoothed=None,
                        joined=None, lit=None, walled=None, fillchar=None, span=api.span())
    elif style == "mazegrid":
        char = t["bg"] if t["bg"] is not None else "-"
        fill = MapCharValue(char, map_char_to_type(char), -2)
        api.b.init_map(style=style, fill=fill, fg=None, bg=None, smoothed=None,
                        joined=None, lit=None, walled=None, fillchar=None, span=api.span())
    elif style == "mines":
        api.b.init_map(style=style, fill=None, fg=t["fg"] or ".", bg=t["bg"] or " ",
                        smoothed=bool(t["smoothed"]), joined=bool(t["joined"]),
                        lit=light_of(t["lit"], 0), walled=light_of(t["walled"], 0),
                        fillchar=t["filling"], span=api.span())
    elif style == "swamp":
        # lspo_level_init: fg ROOM, bg MOAT for a swamp, lit random
        api.b.init_map(style=style, fill=None, fg=t["fg"] or ".", bg=t["bg"] or "}",
                        smoothed=None, joined=None, lit=light_of(t["lit"], -1),
                        walled=None, fillchar=None, span=api.span())
    elif style in ("sheollev", "sheol", "rogue"):
        api.b.init_map(style=style, fill=None, fg=None, bg=None, smoothed=None,
                        joined=None, lit=None, walled=None, fillchar=None, span=api.span())
    elif style == "maze":
        # 3.7's "maze" style: a maze-grid level, carved later by mazewalk
        fill = MapCharValue("-", map_char_to_type("-"), -2)
        api.b.init_map(style="mazegrid", fill=fill, fg=None, bg=None, smoothed=None,
                        joined=None, lit=None, walled=None, fillchar=None, span=api.span())
    else:
        raise s.error(f"des.level_init: style {style!r} is not supported",
                      "styles: solidfill, mazegrid, maze, mines, swamp, rogue, sheollev")


def _empty():
    from unlev.stdlib.selection import Selection
    return Selection.empty()


def lspo_map(api, *args):
    s = api.s
    if api.in_mk_themerooms and api.themeroom_failed:
        return s.selections.new(_empty())
    t = api.table_arg(args)
    if t is None:
        text = args[0] if args else None
        t = s.table(map=text)
    text = t["map"]
    if not isinstance(text, str):
        raise s.error("des.map: expected the map's text")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    coord = None
    halign = valign = None
    if t["x"] is not None and t["y"] is not None:
        coord = Coord(int(t["x"]), int(t["y"]))
    elif t["coord"] is not None:
        coord = coord_of(s, t["coord"], "des.map")
    elif api.in_mk_themerooms and t["halign"] is None and t["valign"] is None:
        from .themed import themed_map_spot
        coord = themed_map_spot(api, lines)
        if coord is None:
            api.themeroom_failed = True
            return s.selections.new(_empty())
    else:
        halign = api.word(HALIGN, t["halign"], "des.map halign", 3)
        valign = api.word(VALIGN, t["valign"], "des.map valign", 3)
    keep = t["keepregion"] if t["keepregion"] is not None else t["unlev_keep_region"]
    api.b.map(halign=halign, valign=valign, coord=coord,
               keep_region=1 if keep is None else int(keep), lines=lines,
               first_line=api.s.line(), span=api.span())
    # 3.7 returns the map's area as a selection
    from unlev.stdlib.selection import Selection
    lev = getattr(api.b, "level", None)
    if lev is None:
        api.call(t["contents"])
        return s.selections.new(Selection.empty())
    area = s.selections.new(Selection.fillrect(lev.xstart, lev.ystart,
                                               lev.xstart + lev.xsize - 1,
                                               lev.ystart + lev.ysize - 1))
    if t["contents"] is not None:
        # lspo_map: the contents get the map's size, and afterwards coordinates are
        # the whole level's again (reset_xystart_size)
        api.call(t["contents"], s.table(width=lev.xsize, height=lev.ysize))
        lev.xstart, lev.ystart, lev.xsize, lev.ysize = 1, 0, COLNO - 1, ROWNO
    return area


def lspo_terrain(api, *args):
    s = api.s
    t = api.table_arg(args)
    if t is not None and t["typ"] is None and len(args) > 1:
        t = None     # des.terrain({x=, y=}, "c"): a coordinate table, then the terrain
    if t is not None:
        if t["selection"] is not None:
            sel = s.selections.sel_of(t["selection"], "des.terrain")
        else:
            c = api.coord_in(t, what="des.terrain")
            sel = point_sel(api.b.locate(c))
        char, light = mapchar_of(s, t["typ"], t["lit"], "des.terrain")
    else:
        sel, i = api.selection_in(args, 0, "des.terrain")
        char, light = mapchar_of(s, args[i] if i < len(args) else None,
                                 args[i + 1] if i + 1 < len(args) else None, "des.terrain")
    api.b.terrain(selection=sel, mapchar=MapCharValue(char, map_char_to_type(char), light),
                   span=api.span())


def lspo_replace_terrain(api, t):
    s = api.s
    frm_v = t["fromterrain"] if t["fromterrain"] is not None else t["mapfragment"]
    if isinstance(frm_v, str) and len(frm_v.strip("\n")) == 1:
        frm_v = frm_v.strip("\n")
    fchar, _fl = mapchar_of(s, frm_v, None, "des.replace_terrain")
    if len(fchar) != 1:
        return replace_fragment(api, t, fchar)
    tchar, tl = mapchar_of(s, t["toterrain"], t["lit"], "des.replace_terrain")
    chance = int(t["chance"]) if t["chance"] is not None else 100
    frm = MapCharValue(fchar, map_char_to_type(fchar), -2)
    to = MapCharValue(tchar, map_char_to_type(tchar), tl)
    if t["region"] is not None or t["mapregion"] is not None:
        whole = t["mapregion"] is None and bool(t["region_islev"])
        region = api.region_of(t["region"] if t["region"] is not None else t["mapregion"],
                                "des.replace_terrain", whole)
        api.b.replace_terrain(region=region, from_char=frm, to_char=to, percent=chance,
                               span=api.span())
    elif any(t[k] is not None for k in ("x1", "y1", "x2", "y2")):
        # lspo_replace_terrain: x1..y2 relative to the map, as get_location reads them
        region = Region(*(int(t[k]) if t[k] is not None else -1
                          for k in ("x1", "y1", "x2", "y2")))
        api.b.replace_terrain(region=region, from_char=frm, to_char=to, percent=chance,
                              span=api.span())
    elif t["selection"] is not None:
        sel = s.selections.sel_of(t["selection"], "des.replace_terrain")
        ftyp = frm.typ
        for x, y in sorted(sel, key=lambda p: (p[0], p[1])):
            if api.b.terrain_at(x, y) == ftyp and s.rng.rn2(100) < chance:
                api.b.terrain(selection=point_sel((x, y)), mapchar=to, span=api.span())
    else:
        region = Region(1, 0, 79, 20, whole_level=True)
        api.b.replace_terrain(region=region, from_char=frm, to_char=to, percent=chance,
                               span=api.span())


def replace_fragment(api, t, fragment):
    """lspo_replace_terrain with a ``mapfragment``: each square of the selection (or
    the level) where the fragment matches becomes ``toterrain`` on ``rn2(100) <
    chance``, in map order."""
    from ..selection_api import match_fragment
    s = api.s
    tchar, tl = mapchar_of(s, t["toterrain"], t["lit"], "des.replace_terrain")
    chance = int(t["chance"]) if t["chance"] is not None else 100
    try:
        matches = match_fragment(s, fragment)
    except ValueError as e:
        raise s.error(f"des.replace_terrain: {e}") from None
    within = (s.selections.sel_of(t["selection"], "des.replace_terrain")
              if t["selection"] is not None else None)
    to = MapCharValue(tchar, map_char_to_type(tchar), tl)
    for x, y in sorted(matches):
        if within is not None and (x, y) not in within:
            continue
        if s.rng.rn2(100) < chance:
            api.b.terrain(selection=point_sel((x, y)), mapchar=to, span=api.span())


def lspo_wall_property(api, t):
    """sp_lev.c lspo_wall_property: walls of a region (x1..y2 or region; default the
    map and a square around it) made non-diggable or non-passwall."""
    s = api.s
    keys = ("x1", "y1", "x2", "y2")
    if all(t[k] is None for k in keys) and t["region"] is not None:
        r = api.region_of(t["region"], "des.wall_property")
        vals = [r.x1, r.y1, r.x2, r.y2]
    else:
        vals = [int(t[k]) if t[k] is not None else -1 for k in keys]
    lev = api.b.level
    # unset corners: the map's bounds, one square out (relative, as get_location reads)
    defaults = (-1, -1, lev.xsize + 1, lev.ysize + 1)
    vals = [d if v == -1 else v for v, d in zip(vals, defaults)]
    prop = str(t["property"] or "nondiggable").lower()
    if prop not in ("nondiggable", "nonpasswall"):
        raise s.error(f"des.wall_property: unknown property {prop!r}",
                      "properties: nondiggable, nonpasswall")
    method = api.b.non_diggable if prop == "nondiggable" else api.b.non_passwall
    method(region=Region(*vals), span=api.span())


def lspo_spill(api, t):
    char, light = mapchar_of(api.s, t["typ"], t["lit"], "des.spill")
    api.b.spill(coord=api.coord_in(t, what="des.spill"),
                 mapchar=MapCharValue(char, map_char_to_type(char), light),
                 direction=api.word(DIRECTIONS, t["dir"], "des.spill dir", -1),
                 count=int(t["count"] or 1), span=api.span())


def lspo_wallwalk(api, t):
    fc, fl = mapchar_of(api.s, t["fg"], None, "des.wallwalk")
    bc, bl = mapchar_of(api.s, t["bg"] if t["bg"] is not None else ".", None, "des.wallwalk")
    api.b.wallwalk(coord=api.coord_in(t, what="des.wallwalk"),
                    fg=MapCharValue(fc, map_char_to_type(fc), fl),
                    bg=MapCharValue(bc, map_char_to_type(bc), bl),
                    percent=int(t["chance"] if t["chance"] is not None else 100),
                    span=api.span())


def lspo_mazewalk(api, *args):
    t = api.table_arg(args)
    if t is not None:
        coord = api.coord_in(t, what="des.mazewalk")
        direction = api.word(DIRECTIONS, t["dir"], "des.mazewalk dir", -1)
        stocked = t["stocked"]
        stocked = None if stocked is None else int(bool(stocked))
        fillchar = t["typ"]
    else:
        coord = api.coord_in(None, args, 0, "des.mazewalk")
        i = 2 if len(args) > 1 and is_num(args[0]) else 1
        direction = api.word(DIRECTIONS, args[i] if i < len(args) else None,
                              "des.mazewalk dir", -1)
        stocked, fillchar = None, None
    api.b.mazewalk(coord=coord, direction=direction, stocked=stocked, fillchar=fillchar,
                    span=api.span())


def lspo_wallify(api, *args):
    sel = None
    if args:
        t = api.table_arg(args)
        if t is not None:
            if t["selection"] is not None:
                sel = api.s.selections.sel_of(t["selection"], "des.wallify")
            elif t["x1"] is not None:
                from unlev.stdlib.selection import Selection
                x1, y1 = api.b.locate(Coord(int(t["x1"]), int(t["y1"])))
                x2, y2 = api.b.locate(Coord(int(t["x2"]), int(t["y2"])))
                sel = Selection.fillrect(x1, y1, x2, y2)
        else:
            sel = api.s.selections.sel_of(args[0], "des.wallify")
    api.b.wallify(selection=sel, span=api.span())


def region_call(api, method, args, what):
    if not args or args[0] is None:
        region = Region(0, 0, 79, 20, whole_level=True)
    else:
        t = api.table_arg(args)
        if t is not None and t["region"] is not None:
            region = api.region_of(t["region"], what)
        elif t is not None and t[1] is None:
            region = api.region_of(t, what)
        else:
            region = api.region_of(args[0], what)
    method(region=region, span=api.span())


def lspo_non_diggable(api, *args):
    region_call(api, api.b.non_diggable, args, "des.non_diggable")


def lspo_non_passwall(api, *args):
    region_call(api, api.b.non_passwall, args, "des.non_passwall")
