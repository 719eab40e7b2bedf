"""``des.*``: NetHack 3.7's level statements mapped onto unlev's LevelBuilder.

Each function accepts 3.7's forms (positional ``des.monster("L", 5, 6)`` and the
table form ``des.monster({ id = "lich", x = 5, y = 6, peaceful = 1 })``) and makes the
one builder call the des-file statement of the same meaning makes, with the same values
(:mod:`unlev.lang.values`), so a level converted by ``unlev convert`` builds what the
des-file builds.  ``contents``/``inventory`` functions run between the builder's
``begin_*`` and ``end_*``, as a des-file's nested block does.

Coordinates are relative to the current MAP; a missing coordinate is ``random``.
Keys 3.7 does not have (``humidity``, ``unlev_*``) come from converted des-files and are
each marked there with an ``-- unlev:`` note.
"""

from __future__ import annotations

from typing import Optional, Tuple

from unlev.lang.lexer import KEYWORDS
from unlev.lang.values import Align, Coord, MapCharValue, MonsterValue, ObjectValue, Region
from unlev.stdlib.terrain import map_char_to_type

from .selection_api import is_num, coord_of, light_of, mapchar_of


def _words(token: str) -> dict:
    return {k: v for k, (t, v) in KEYWORDS.items() if t == token and v is not None}


DOOR_STATES = dict(_words("DOOR_STATE"), random=-1)
DIRECTIONS = dict(_words("DIRECTION"), random=-1)
ALIGNMENTS = _words("ALIGNMENT")          # law neutral chaos noalign coaligned noncoaligned
ALTAR_TYPES = dict(_words("ALTAR_TYPE"), random=-1)
ENGRAVINGS = dict(_words("ENGRAVING_TYPE"), random=-1, engrave=2, burn=3)
CURSES = {"blessed": 1, "uncursed": 2, "cursed": 3}
# 3.7's partial states, which UnNetHack's loader lacks: the state they make most often
CURSES_37 = {"not-cursed": 2, "not-blessed": 2, "not-uncursed": 3}
HALIGN = {"left": 1, "half-left": 2, "center": 3, "half-right": 4, "right": 5, "random": -1}
VALIGN = {"top": 1, "center": 3, "bottom": 5, "random": -1}
WALLS = dict(DIRECTIONS, all=15)
APPEAR = {"ter": 1, "obj": 2, "mon": 3}
FLAGS = _words("FLAG_TYPE")
FEATURES = ("fountain", "sink", "pool")
LEVREGION_TYPES = {"stair-up": ("stair", 1), "stair-down": ("stair", 0),
                   "portal": ("portal", None), "branch": ("branch", None),
                   "teleport": ("teleport", None), "tele": ("teleport", None),
                   "tele-up": ("teleport", 1), "tele-down": ("teleport", 0)}


class DesAPI:
    def __init__(self, session) -> None:
        self.s = session
        self.room_depth = 0
        self.holder_depth = 0          # inside a monster's inventory or a container
        self.mazewalked = False

    # -- argument helpers ----------------------------------------------------------------
    def table_arg(self, args):
        """The options table of a call, when its first argument is a (non-selection) table."""
        if args and self.s.is_table(args[0]) and self.s.selections.handle(args[0]) is None \
                and args[0][1] is None:
            return args[0]
        return None

    def word(self, table: dict, v, what: str, default=None):
        if v is None:
            return default
        if is_num(v) or isinstance(v, bool):
            return int(v)
        key = str(v).lower()
        if key not in table:
            raise self.s.error(f"{what}: unknown value {v!r} (one of: {', '.join(sorted(table))})")
        return table[key]

    def coord_in(self, t, args=None, start: int = 0, what: str = "") -> Coord:
        """A statement's coordinate: ``x=, y=`` or ``coord=`` in the table, or ``x, y`` /
        ``{x, y}`` positionally from ``args[start]``; random when absent."""
        s = self.s
        if t is not None:
            if t["x"] is not None and t["y"] is not None:
                return Coord(int(t["x"]), int(t["y"]))
            if t["coord"] is not None:
                return coord_of(s, t["coord"], what)
            return Coord(0, 0, True, int(t["humidity"] or 0))
        if args is not None and start < len(args):
            if start + 1 < len(args) and is_num(args[start]) and is_num(args[start + 1]):
                return Coord(int(args[start]), int(args[start + 1]))
            if s.is_table(args[start]):
                return coord_of(s, args[start], what)
        return Coord(0, 0, True)

    def region_of(self, v, what: str, whole: bool = False) -> Region:
        s = self.s
        h = s.selections.handle(v)
        if h is not None:
            if h.region is not None:
                return Region(*h.region, whole_level=whole)
            box = h.sel.bounding_box()
            if box is None:
                raise s.error(f"{what}: the selection is empty")
            x1, y1 = s.builder.to_relative(box[0], box[1])
            x2, y2 = s.builder.to_relative(box[2], box[3])
            return Region(x1, y1, x2, y2, whole_level=whole)
        if s.is_table(v):
            vals = [v[1], v[2], v[3], v[4]]
            if any(x is None for x in vals):
                vals = [v["x1"], v["y1"], v["x2"], v["y2"]]
            if any(x is None for x in vals):
                raise s.error(f"{what}: expected a region {{x1, y1, x2, y2}}")
            return Region(*(int(x) for x in vals), whole_level=whole)
        raise s.error(f"{what}: expected a region")

    def selection_in(self, args, i: int, what: str):
        """A selection argument: a Lua selection, or a coordinate (x, y / {x, y})."""
        s = self.s
        from unlev.stdlib.selection import Selection
        h = s.selections.handle(args[i]) if i < len(args) else None
        if h is not None:
            return h.sel, i + 1
        c, j = s.selections.coords(list(args), i, what)
        x, y = s.builder.locate(c)
        return Selection.point(x, y), j

    def monster_value(self, v) -> MonsterValue:
        cls, name = self._spec(v)
        if name is not None:
            name = self._known_or_stand_in("monsters", cls, name)
        return MonsterValue(cls, name)

    def object_value(self, v) -> ObjectValue:
        cls, name = self._spec(v)
        if name is not None and " of " in name:
            # sp_lev.c find_objtype: "scroll of earth" is the scroll named "earth"
            for prefix, symbol in _CLASS_PREFIXES:
                if name.lower().startswith(prefix):
                    cls, name = cls or symbol, name[len(prefix):]
                    break
        if name is not None:
            name = self._known_or_stand_in("objects", cls, name)
        return ObjectValue(cls, name)

    def _known_or_stand_in(self, table: str, cls, name: str) -> str:
        """3.7 stops with "Unknown monster id"; a name no table of unlev's knows may be
        one 3.7 added, so the level goes on with a stand-in, and says so."""
        got, known = _stand_in(table, cls, name)
        if not known:
            what = "monster" if table == "monsters" else "object"
            self.s.warn(f"unknown {what} {name!r} (not in unlev's UnNetHack, NetHack 3.6 or "
                        f"3.4.3 data): made as {got!r}")
        return got

    def _spec(self, v):
        if v is None:
            return None, None
        if self.s.is_table(v):
            ident = v["id"]
            if self.s.is_table(ident):        # id = a spec held in a variable
                return self._spec(ident)
            cls = v["class"]
            if ident is not None and len(str(ident)) == 1 and cls is None:
                return str(ident), None
            return (None if cls is None else str(cls)), (None if ident is None else str(ident))
        v = str(v)
        return (v, None) if len(v) == 1 else (None, v)

    def align_of(self, v) -> Optional[Align]:
        if v is None:
            return None
        if is_num(v):
            return Align("fixed", int(v))
        key = str(v).lower()
        if key == "random":
            return Align("random")
        if key not in ALIGNMENTS:
            raise self.s.error(f"unknown alignment {v!r}")
        return Align("fixed", ALIGNMENTS[key])

    def span(self):
        return self.s.span()

    @property
    def b(self):
        return self.s.builder

    def call(self, fn, *a, **kw):
        """Run a contents/inventory function given by the level file."""
        if fn is not None:
            fn(*a, **kw)

    # -- statements ----------------------------------------------------------------------
    def install(self) -> None:
        s = self.s
        des = s.table()
        for name in dir(self):
            if name.startswith("d_"):
                des[name[2:]] = getattr(self, name)
        s.env["des"] = des

    def finish(self) -> None:
        pass

    def d_message(self, text):
        self.b.message(text=str(text), span=self.span())

    def d_level_flags(self, *flags):
        words = []
        for f in flags:
            key = str(f).lower()
            if key in FLAGS:
                words.append(key)
            else:
                self.s.warn(f"level flag {f!r} is not known to unlev's loader; ignored")
        lev = getattr(self.b, "level", None)
        if words and lev is not None:
            lev.flags.apply_des_flags(words)

    def d_level_init(self, t=None):
        s = self.s
        t = t if t is not None else s.table()
        style = str(t["style"] or "solidfill").lower()
        fill = None
        if style == "solidfill":
            # lspo_level_init: the fill is "filling", which defaults to fg (ROOM)
            char = next((v for v in (t["filling"], t["fg"]) if v is not None), ".")
            fill = MapCharValue(char, map_char_to_type(char), light_of(t["lit"], -2))
            self.b.init_map(style=style, fill=fill, fg=None, bg=None, smoothed=None,
                            joined=None, lit=None, walled=None, fillchar=None, span=self.span())
        elif style == "mazegrid":
            char = t["bg"] if t["bg"] is not None else "-"
            fill = MapCharValue(char, map_char_to_type(char), -2)
            self.b.init_map(style=style, fill=fill, fg=None, bg=None, smoothed=None,
                            joined=None, lit=None, walled=None, fillchar=None, span=self.span())
        elif style == "mines":
            self.b.init_map(style=style, fill=None, fg=t["fg"] or ".", bg=t["bg"] or " ",
                            smoothed=bool(t["smoothed"]), joined=bool(t["joined"]),
                            lit=light_of(t["lit"], 0), walled=light_of(t["walled"], 0),
                            fillchar=t["filling"], span=self.span())
        elif style == "swamp":
            # lspo_level_init: fg ROOM, bg MOAT for a swamp, lit random
            self.b.init_map(style=style, fill=None, fg=t["fg"] or ".", bg=t["bg"] or "}",
                            smoothed=None, joined=None, lit=light_of(t["lit"], -1),
                            walled=None, fillchar=None, span=self.span())
        elif style in ("sheollev", "sheol", "rogue"):
            self.b.init_map(style=style, fill=None, fg=None, bg=None, smoothed=None,
                            joined=None, lit=None, walled=None, fillchar=None, span=self.span())
        elif style == "maze":
            # 3.7's "maze" style: a maze-grid level, carved later by mazewalk
            fill = MapCharValue("-", map_char_to_type("-"), -2)
            self.b.init_map(style="mazegrid", fill=fill, fg=None, bg=None, smoothed=None,
                            joined=None, lit=None, walled=None, fillchar=None, span=self.span())
        else:
            raise s.error(f"des.level_init: style {style!r} is not supported",
                          "styles: solidfill, mazegrid, maze, mines, swamp, rogue, sheollev")

    def d_map(self, *args):
        s = self.s
        t = self.table_arg(args)
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
        else:
            halign = self.word(HALIGN, t["halign"], "des.map halign", 3)
            valign = self.word(VALIGN, t["valign"], "des.map valign", 3)
        keep = t["keepregion"] if t["keepregion"] is not None else t["unlev_keep_region"]
        self.b.map(halign=halign, valign=valign, coord=coord,
                   keep_region=1 if keep is None else int(keep), lines=lines,
                   first_line=self.s.line(), span=self.span())
        self.call(t["contents"])
        # 3.7 returns the map's area as a selection
        from unlev.stdlib.selection import Selection
        lev = getattr(self.b, "level", None)
        if lev is None:
            return s.selections.new(Selection.empty())
        return s.selections.new(Selection.fillrect(lev.xstart, lev.ystart,
                                                   lev.xstart + lev.xsize - 1,
                                                   lev.ystart + lev.ysize - 1))

    def d_terrain(self, *args):
        s = self.s
        t = self.table_arg(args)
        if t is not None and t["typ"] is None and len(args) > 1:
            t = None     # des.terrain({x=, y=}, "c"): a coordinate table, then the terrain
        if t is not None:
            if t["selection"] is not None:
                sel = s.selections.sel_of(t["selection"], "des.terrain")
            else:
                c = self.coord_in(t, what="des.terrain")
                sel = _point(self.b.locate(c))
            char, light = mapchar_of(s, t["typ"], t["lit"], "des.terrain")
        else:
            sel, i = self.selection_in(args, 0, "des.terrain")
            char, light = mapchar_of(s, args[i] if i < len(args) else None,
                                     args[i + 1] if i + 1 < len(args) else None, "des.terrain")
        self.b.terrain(selection=sel, mapchar=MapCharValue(char, map_char_to_type(char), light),
                       span=self.span())

    def d_replace_terrain(self, t):
        s = self.s
        frm_v = t["fromterrain"] if t["fromterrain"] is not None else t["mapfragment"]
        if isinstance(frm_v, str) and len(frm_v.strip("\n")) == 1:
            frm_v = frm_v.strip("\n")
        fchar, _fl = mapchar_of(s, frm_v, None, "des.replace_terrain")
        if len(fchar) != 1:
            raise s.error("des.replace_terrain: only a single-character map fragment is supported")
        tchar, tl = mapchar_of(s, t["toterrain"], t["lit"], "des.replace_terrain")
        chance = int(t["chance"]) if t["chance"] is not None else 100
        frm = MapCharValue(fchar, map_char_to_type(fchar), -2)
        to = MapCharValue(tchar, map_char_to_type(tchar), tl)
        if t["region"] is not None or t["mapregion"] is not None:
            whole = t["mapregion"] is None and bool(t["region_islev"])
            region = self.region_of(t["region"] if t["region"] is not None else t["mapregion"],
                                    "des.replace_terrain", whole)
            self.b.replace_terrain(region=region, from_char=frm, to_char=to, percent=chance,
                                   span=self.span())
        elif t["selection"] is not None:
            sel = s.selections.sel_of(t["selection"], "des.replace_terrain")
            ftyp = frm.typ
            for x, y in sorted(sel, key=lambda p: (p[0], p[1])):
                if self.b.terrain_at(x, y) == ftyp and s.rng.rn2(100) < chance:
                    self.b.terrain(selection=_point((x, y)), mapchar=to, span=self.span())
        else:
            region = Region(1, 0, 79, 20, whole_level=True)
            self.b.replace_terrain(region=region, from_char=frm, to_char=to, percent=chance,
                                   span=self.span())

    def d_spill(self, t):
        char, light = mapchar_of(self.s, t["typ"], t["lit"], "des.spill")
        self.b.spill(coord=self.coord_in(t, what="des.spill"),
                     mapchar=MapCharValue(char, map_char_to_type(char), light),
                     direction=self.word(DIRECTIONS, t["dir"], "des.spill dir", -1),
                     count=int(t["count"] or 1), span=self.span())

    def d_wallwalk(self, t):
        fc, fl = mapchar_of(self.s, t["fg"], None, "des.wallwalk")
        bc, bl = mapchar_of(self.s, t["bg"] if t["bg"] is not None else ".", None, "des.wallwalk")
        self.b.wallwalk(coord=self.coord_in(t, what="des.wallwalk"),
                        fg=MapCharValue(fc, map_char_to_type(fc), fl),
                        bg=MapCharValue(bc, map_char_to_type(bc), bl),
                        percent=int(t["chance"] if t["chance"] is not None else 100),
                        span=self.span())

    def d_mazewalk(self, *args):
        t = self.table_arg(args)
        if t is not None:
            coord = self.coord_in(t, what="des.mazewalk")
            direction = self.word(DIRECTIONS, t["dir"], "des.mazewalk dir", -1)
            stocked = t["stocked"]
            stocked = None if stocked is None else int(bool(stocked))
            fillchar = t["typ"]
        else:
            coord = self.coord_in(None, args, 0, "des.mazewalk")
            i = 2 if len(args) > 1 and is_num(args[0]) else 1
            direction = self.word(DIRECTIONS, args[i] if i < len(args) else None,
                                  "des.mazewalk dir", -1)
            stocked, fillchar = None, None
        self.b.mazewalk(coord=coord, direction=direction, stocked=stocked, fillchar=fillchar,
                        span=self.span())

    def d_wallify(self, *args):
        sel = None
        if args:
            t = self.table_arg(args)
            if t is not None:
                if t["selection"] is not None:
                    sel = self.s.selections.sel_of(t["selection"], "des.wallify")
                elif t["x1"] is not None:
                    from unlev.stdlib.selection import Selection
                    x1, y1 = self.b.locate(Coord(int(t["x1"]), int(t["y1"])))
                    x2, y2 = self.b.locate(Coord(int(t["x2"]), int(t["y2"])))
                    sel = Selection.fillrect(x1, y1, x2, y2)
            else:
                sel = self.s.selections.sel_of(args[0], "des.wallify")
        self.b.wallify(selection=sel, span=self.span())

    def _region_call(self, method, args, what):
        if not args or args[0] is None:
            region = Region(0, 0, 79, 20, whole_level=True)
        else:
            t = self.table_arg(args)
            if t is not None and t["region"] is not None:
                region = self.region_of(t["region"], what)
            elif t is not None and t[1] is None:
                region = self.region_of(t, what)
            else:
                region = self.region_of(args[0], what)
        method(region=region, span=self.span())

    def d_non_diggable(self, *args):
        self._region_call(self.b.non_diggable, args, "des.non_diggable")

    def d_non_passwall(self, *args):
        self._region_call(self.b.non_passwall, args, "des.non_passwall")

    # -- doors and features ----------------------------------------------------------------
    def d_door(self, *args):
        s = self.s
        t = self.table_arg(args)
        if t is not None and t["x"] is None and t["coord"] is None and t["selection"] is None \
                and self.room_depth > 0:
            # a door on the current room's wall (ROOMDOOR)
            secret = t["secret"]
            secret = -1 if secret is None else (int(secret) if is_num(secret) else int(bool(secret)))
            self.b.roomdoor(secret=secret,
                            state=self.word(DOOR_STATES, t["state"], "des.door state", -1),
                            walls=self.word(WALLS, t["wall"], "des.door wall", -1),
                            pos=int(t["pos"]) if t["pos"] is not None else -1, span=self.span())
            return
        if t is not None:
            state = self.word(DOOR_STATES, t["state"], "des.door state", -1)
            if t["selection"] is not None:
                sel = s.selections.sel_of(t["selection"], "des.door")
            else:
                sel = _point(self.b.locate(self.coord_in(t, what="des.door")))
        else:
            state = self.word(DOOR_STATES, args[0] if args else None, "des.door state", -1)
            sel, _ = self.selection_in(args, 1, "des.door")
        self.b.door(state=state, selection=sel, span=self.span())

    def d_drawbridge(self, t):
        self.b.drawbridge(coord=self.coord_in(t, what="des.drawbridge"),
                          direction=self.word(DIRECTIONS, t["dir"], "des.drawbridge dir", -1),
                          state=self.word(dict(open=1, closed=0, random=-1), t["state"],
                                          "des.drawbridge state", -1), span=self.span())

    def _feature(self, kind, args):
        if kind not in FEATURES:
            if kind in ("tree", "throne", "ice", "lava", "water", "cloud"):
                char = {"tree": "T", "throne": "\\", "ice": "I", "lava": "L", "water": "W",
                        "cloud": "C"}[kind]
                sel, _ = self.selection_in(args, 0, "des.feature")
                self.b.terrain(selection=sel, mapchar=MapCharValue(char, map_char_to_type(char)),
                               span=self.span())
                return
            raise self.s.error(f"des.feature: unknown feature {kind!r}")
        t = self.table_arg(args)
        if t is not None:
            sel = _point(self.b.locate(self.coord_in(t, what="des.feature")))
        elif args:
            sel, _ = self.selection_in(args, 0, "des.feature")
        else:
            sel = _point(self.b.locate(Coord(0, 0, True)))
        getattr(self.b, kind)(selection=sel, span=self.span())

    def d_feature(self, *args):
        t = self.table_arg(args)
        if t is not None:
            self._feature(str(t["type"]).lower(), args)
        else:
            self._feature(str(args[0]).lower(), args[1:])

    def d_fountain(self, *args):
        self._feature("fountain", args)

    def d_sink(self, *args):
        self._feature("sink", args)

    def d_pool(self, *args):
        self._feature("pool", args)

    def d_stair(self, *args):
        self._stair(self.b.stair, args, "des.stair")

    def d_ladder(self, *args):
        self._stair(self.b.ladder, args, "des.ladder")

    def _stair(self, method, args, what):
        t = self.table_arg(args)
        if t is not None:
            up = self.word({"up": 1, "down": 0}, t["dir"], what + " dir", 0)
            coord = self.coord_in(t, what=what)
        else:
            up = self.word({"up": 1, "down": 0}, args[0] if args else None, what + " dir", 0)
            coord = self.coord_in(None, args, 1, what)
        method(coord=coord, up=up, span=self.span())

    def d_altar(self, *args):
        t = self.table_arg(args) or self.s.table()
        align = self.align_of(t["align"]) or Align("random")
        self.b.altar(coord=self.coord_in(t, what="des.altar"), align=align,
                     altar_type=self.word(ALTAR_TYPES, t["type"], "des.altar type", 0),
                     span=self.span())

    def d_grave(self, *args):
        t = self.table_arg(args) or self.s.table()
        coord = self.coord_in(t, what="des.grave")
        text = t["text"]
        if t["unlev_no_text"]:
            self.b.grave(coord=coord, text=None, random_text=False, span=self.span())
        else:
            self.b.grave(coord=coord, text=None if text is None else str(text),
                         random_text=text is None, span=self.span())

    def d_engraving(self, *args):
        t = self.table_arg(args)
        if t is None:
            coord = self.coord_in(None, args, 0, "des.engraving")
            i = 2 if len(args) > 2 and is_num(args[0]) else 1
            etype = self.word(ENGRAVINGS, args[i] if i < len(args) else None,
                              "des.engraving type", 1)
            text = args[i + 1] if i + 1 < len(args) else ""
        else:
            coord = self.coord_in(t, what="des.engraving")
            etype = self.word(ENGRAVINGS, t["type"], "des.engraving type", 1)
            text = t["text"] if t["text"] is not None else ""
        self.b.engraving(coord=coord, etype=etype, text=str(text), span=self.span())

    def d_gold(self, *args):
        t = self.table_arg(args)
        if t is not None:
            amount = t["amount"]
            coord = self.coord_in(t, what="des.gold")
        else:
            amount = args[0] if args else None
            coord = self.coord_in(None, args, 1, "des.gold")
        if amount is None:
            amount = self.s.rng.rnd(200)
        self.b.gold(amount=int(amount), coord=coord, span=self.span())

    def d_trap(self, *args):
        t = self.table_arg(args)
        if t is not None:
            name = t["type"]
            coord = self.coord_in(t, what="des.trap")
        else:
            name = args[0] if args else None
            coord = self.coord_in(None, args, 1, "des.trap")
        if name is not None and str(name).lower() == "random":
            name = None
        self.b.trap(name=None if name is None else str(name), coord=coord, span=self.span())

    # -- level regions -------------------------------------------------------------------
    def d_levregion(self, t):
        typ = str(t["type"] or "stair-down").lower()
        if typ not in LEVREGION_TYPES:
            raise self.s.error(f"des.levregion: unknown type {typ!r}")
        kind, up = LEVREGION_TYPES[typ]
        self._levregion(kind, up, t, "des.levregion", default_whole=True)

    def d_teleport_region(self, t):
        up = self.word({"up": 1, "down": 0}, t["dir"], "des.teleport_region dir", None)
        self._levregion("teleport", up, t, "des.teleport_region", default_whole=True)

    def _levregion(self, kind, up, t, what, default_whole):
        def islev(key):
            v = t[key]
            return default_whole if v is None else bool(v)
        area = self.region_of(t["region"], what, islev("region_islev"))
        if t["exclude"] is not None:
            exclude = self.region_of(t["exclude"], what, islev("exclude_islev"))
        else:
            exclude = Region(0, 0, 0, 0, whole_level=True)
        dest = t["name"]
        self.b.levregion(kind=kind, area=area, exclude=exclude, up=up,
                         dest=None if dest is None else str(dest), span=self.span())

    # -- rooms, regions, corridors -----------------------------------------------------------
    def d_room(self, *args):
        s = self.s
        t = self.table_arg(args)
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
            align = (self.word(HALIGN, t["xalign"], "des.room xalign", -1),
                     self.word(VALIGN, t["yalign"], "des.room yalign", -1))
        else:
            align = None
        subroom = self.room_depth > 0
        ok = self.b.begin_room(subroom=subroom, rtype=rtype,
                               chance=int(t["chance"]) if t["chance"] is not None else 100,
                               light=light_of(t["lit"], -1), pos=pos, align=align, size=size,
                               # sp_lev.c lspo_room's defaults: filled, joined
                               filled=_int_or(t["filled"], 1),
                               irregular=_int_or(t["irregular"], 0),
                               joined=_int_or(t["joined"], 1), span=self.span())
        if ok:
            self.room_depth += 1
            try:
                self.call(t["contents"], self.room_table())
            finally:
                self.room_depth -= 1
        self.b.end_room()

    def room_table(self):
        b = self.b.room_bounds()
        if b is None:
            return self.s.table()
        lx, ly, hx, hy = b
        return self.s.table(lx=lx, ly=ly, hx=hx, hy=hy, width=hx - lx + 1, height=hy - ly + 1)

    def d_region(self, *args):
        s = self.s
        t = self.table_arg(args)
        if t is None:
            t = s.table(region=args[0], lit=args[1] if len(args) > 1 else None)
            region = self.region_of(args[0], "des.region")
        else:
            region = self.region_of(t["region"] if t["region"] is not None else t,
                                    "des.region", bool(t["region_islev"]))
        rtype = t["type"]
        rtype = "ordinary" if rtype is None else str(rtype)
        has_contents = t["contents"] is not None
        self.b.begin_region(region=region, light=light_of(t["lit"], -1), rtype=rtype,
                            # sp_lev.c lspo_region's defaults: unfilled, joined
                            filled=_int_or(t["filled"], 0),
                            irregular=_int_or(t["irregular"], 0),
                            joined=_int_or(t["joined"], 1), has_contents=has_contents,
                            span=self.span())
        try:
            self.call(t["contents"])
        finally:
            self.b.end_region()

    def d_corridor(self, *args):
        t = self.table_arg(args)
        if t is None:
            self.b.random_corridors(style=None, span=self.span())
            return
        src = (int(t["srcroom"]), self.word(WALLS, t["srcwall"], "des.corridor srcwall", -1),
               int(t["srcdoor"] if t["srcdoor"] is not None else 0))
        if t["nxcor"] is not None:
            dst = int(t["nxcor"])
        else:
            dst = (int(t["destroom"]),
                   self.word(WALLS, t["destwall"], "des.corridor destwall", -1),
                   int(t["destdoor"] if t["destdoor"] is not None else 0))
        self.b.corridor(src=src, dst=dst, span=self.span())

    def d_random_corridors(self, style=None):
        self.b.random_corridors(style=None if style is None else int(style), span=self.span())

    def d_vaultgen(self, frequency=0):
        self.b.vaultgen(frequency=int(frequency), span=self.span())

    # -- population ---------------------------------------------------------------------------
    def d_monster(self, *args):
        s = self.s
        t = self.table_arg(args)
        attrs = {}
        inventory = None
        if t is None:
            mon = self.monster_value(args[0] if args else None)
            coord = self.coord_in(None, args, 1, "des.monster")
        else:
            mon = self.monster_value(t)
            coord = self.coord_in(t, what="des.monster")
            for key, value in t.items():
                if not isinstance(key, str) or key in ("id", "class", "x", "y", "coord",
                                                       "humidity"):
                    continue
                if key == "inventory":
                    inventory = value
                elif key == "align":
                    attrs["align"] = self.align_of(value)
                elif key == "appear_as":
                    kind, _, what = str(value).partition(":")
                    if kind not in APPEAR:
                        raise s.error(f"des.monster: appear_as {value!r} must start with ter:, obj: or mon:")
                    attrs["appear"] = (APPEAR[kind], what)
                elif key in ("peaceful", "asleep"):
                    attrs[key] = _opt_int(value)
                elif key == "name":
                    attrs["name"] = str(value)
                else:
                    attrs[key] = _plain(value)
            attrs = _in_order(attrs, t, s)
        self.b.begin_monster(monster=mon, coord=coord, attrs=attrs,
                             has_inventory=inventory is not None, span=self.span())
        self.holder_depth += 1
        try:
            self.call(inventory)
        finally:
            self.holder_depth -= 1
            self.b.end_monster()

    def d_object(self, *args):
        s = self.s
        t = self.table_arg(args)
        attrs = {}
        contents = None
        if t is None:
            obj = self.object_value(args[0] if args else None)
            coord = self.coord_in(None, args, 1, "des.object")
            if len(args) <= 1 and self.holder_depth > 0:
                coord = None
        else:
            obj = self.object_value(t)
            has_coord = t["x"] is not None or t["coord"] is not None
            coord = self.coord_in(t, what="des.object")
            if not has_coord and self.holder_depth > 0:
                coord = None
            for key, value in t.items():
                if not isinstance(key, str) or key in ("id", "class", "x", "y", "coord",
                                                       "humidity"):
                    continue
                if key == "contents":
                    if lua_callable(s, value):
                        contents = value
                elif key == "buc":
                    if str(value).lower() in CURSES_37:
                        s.warn(f"des.object buc {value!r}: unlev's loader has no such state; "
                               "using the likeliest state it allows")
                        attrs["curse"] = CURSES_37[str(value).lower()]
                    elif str(value).lower() != "random":
                        attrs["curse"] = self.word(CURSES, value, "des.object buc")
                elif key == "montype":
                    attrs["montype"] = self.monster_value(value)
                elif key == "name":
                    attrs["name"] = str(value)
                else:
                    attrs[key] = _plain(value)
            attrs = _in_order(attrs, t, s)
        if contents is not None:
            self.b.begin_container(object=obj, coord=coord, attrs=attrs, span=self.span())
            self.holder_depth += 1
            try:
                self.call(contents)
            finally:
                self.holder_depth -= 1
                self.b.end_container()
        else:
            self.b.object(object=obj, coord=coord, attrs=attrs, span=self.span())

    def d_mineralize(self, t=None):
        t = t if t is not None else self.s.table()
        vals = [int(t[k]) if t[k] is not None else -1
                for k in ("kelp_pool", "kelp_moat", "gold_prob", "gem_prob")]
        self.b.mineralize(kelp_pool=vals[0], kelp_moat=vals[1], gold_prob=vals[2],
                          gem_prob=vals[3], span=self.span())

    def d_mon_generation(self, percent, entries):
        out = [(int(e[1]), self.monster_value(e[2])) for e in entries.values()]
        self.b.mon_generation(percent=int(percent), entries=out, span=self.span())

    def d_sounds(self, frequency, entries):
        hows = {"hear": 0, "pline": 1, "verbal": 2, "feel": 3}
        out = [(self.word(hows, e[1], "des.sounds"), str(e[2])) for e in entries.values()]
        self.b.sounds(frequency=int(frequency), entries=out, span=self.span())

    # -- the rest of 3.7's des.* ------------------------------------------------------------
    def d_reset_level(self, *_a):
        self.s.warn("des.reset_level: ignored (unlev starts every run on a fresh level)")

    def d_finalize_level(self, *_a):
        pass

    def d_gas_cloud(self, *_a):
        self.s.warn("des.gas_cloud: gas clouds are not modelled by unlev; ignored")

    def d_exclusion(self, *_a):
        self.s.warn("des.exclusion: exclusion zones are not modelled by unlev; ignored")


_STAND_INS: dict = {}


def _stand_in(table: str, cls, name: str) -> Tuple[str, bool]:
    """A name unlev's (UnNetHack's) data lacks: the stand-in the des-file runner uses
    for NetHack 3.6/3.4.3 levels (:mod:`unlev.generate.dialect_levels`), and whether
    any table knows the name."""
    key = (table, cls, name)
    if key not in _STAND_INS:
        from unlev.generate import dialect_levels
        from unlev.stdlib import data
        look = data.lookup_monster if table == "monsters" else data.lookup_object
        if look(name, cls).ok:
            _STAND_INS[key] = (name, True)
        else:
            fn = (dialect_levels.monster_stand_in if table == "monsters"
                  else dialect_levels.object_stand_in)
            found = None
            for dialect in ("nethack36", "nethack343"):
                if dialect_levels.dialect_row(dialect, table, name, cls) is not None:
                    found = fn(dialect, cls, name)
                    break
            _STAND_INS[key] = ((found, True) if found is not None
                               else (fn("nethack36", cls, name), False))
    return _STAND_INS[key]


def lua_callable(s, v) -> bool:
    return s.lua_type(v) == "function"


def _point(xy):
    from unlev.stdlib.selection import Selection
    return Selection.point(*xy)


# the class words 3.7 reads off an object's name
_CLASS_PREFIXES = (("ring of ", "="), ("potion of ", "!"), ("scroll of ", "?"),
                   ("spellbook of ", "+"), ("wand of ", "/"))


def _int_or(v, default: int) -> int:
    """A table field as the game's get_table_int_opt/boolean_opt reads it."""
    return default if v is None else int(v)


def _opt_int(v):
    if v is None:
        return None
    if isinstance(v, bool):
        return int(v)
    return int(v)


def _plain(v):
    if isinstance(v, bool) or isinstance(v, str):
        return v
    if is_num(v):
        return int(v)
    return v


def _in_order(attrs: dict, t, s) -> dict:
    """The attributes in the order the converter wrote them (``unlev_order``), which is
    the des-file's: the builder sees the same dict as from the des-file."""
    order = t["unlev_order"]
    if order is None:
        return attrs
    keys = [str(k) for k in order.values()]
    out = {k: attrs[k] for k in keys if k in attrs}
    out.update({k: v for k, v in attrs.items() if k not in out})
    return out
