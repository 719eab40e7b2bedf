"""The ``selection`` type of NetHack 3.7's level files, on unlev's :class:`Selection`.

A Lua selection is a table ``{_h = handle}`` with a shared metatable: methods are
called with ``sel:method(...)`` or ``selection.method(sel, ...)``, and the operators
``|`` (union), ``&`` (intersection), ``~`` (complement), ``^`` (symmetric difference),
``+`` (union) and ``-`` (difference) give new selections.  ``set`` changes the selection
it is called on (as in 3.7) and returns it; every other method returns a new one.

Coordinates are relative to the current MAP, resolved as the des-file evaluator does
(the builder's ``locate``), so a converted des-file selects the same squares and draws
the same random numbers: ``rndcoord``, ``percentage``, ``randline``, ``gradient`` and
``filter_mapchar`` with a random light state draw from the run's RNG in the
evaluator's order.  ``set``/``rndcoord`` coordinates come back relative as well.
"""

from __future__ import annotations

from typing import Optional, Tuple

from unlev.lang.values import Coord
from unlev.stdlib.selection import Selection
from unlev.stdlib.terrain import map_char_to_type

_SEL_LUA = r"""
local api = ...
local mt = {}
local methods = {}
mt.__index = methods
mt.__name = "selection"
local function wrap(h) return setmetatable({ _h = h }, mt) end
for name, fn in pairs(api) do methods[name] = fn end
mt.__bor = api.union
mt.__add = api.union
mt.__band = api.intersect
mt.__bxor = api.xor
mt.__sub = api.difference
mt.__bnot = api.negate
mt.__unm = api.negate
mt.__len = api.numpoints
mt.__tostring = function(s) return "selection(" .. api.numpoints(s) .. " points)" end
mt.__metatable = "selection"
local module = {}
for name, fn in pairs(methods) do module[name] = fn end
return wrap, module
"""


class Handle:
    """The Python side of one Lua selection (opaque to Lua)."""
    __slots__ = ("sel", "region")

    def __init__(self, sel: Selection, region: Optional[Tuple[int, int, int, int]] = None):
        self.sel = sel
        self.region = region       # the relative rectangle it was made from, if any


class SelectionAPI:
    def __init__(self, session) -> None:
        self.s = session
        self.wrap = None

    # -- conversions -------------------------------------------------------------------
    def handle(self, v) -> Optional[Handle]:
        if self.s.is_table(v):
            h = v["_h"]
            if isinstance(h, Handle):
                return h
        return None

    def new(self, sel: Selection, region=None):
        return self.wrap(Handle(sel, region))

    def sel_of(self, v, what: str = "selection") -> Selection:
        h = self.handle(v)
        if h is None:
            raise self.s.error(f"{what}: expected a selection, got {self.s.lua_type(v) or type(v).__name__}")
        return h.sel

    def coords(self, args, i: int, what: str):
        """(Coord, next index) from ``args[i:]``: ``x, y`` or a table ``{x, y}``/``{x=,y=}``."""
        s = self.s
        if i < len(args) and s.is_table(args[i]) and self.handle(args[i]) is None:
            return coord_of(s, args[i], what), i + 1
        if i + 1 < len(args) and is_num(args[i]) and is_num(args[i + 1]):
            return Coord(int(args[i]), int(args[i + 1])), i + 2
        raise s.error(f"{what}: expected a coordinate (x, y or {{x, y}})")

    def locate(self, coord: Coord) -> Tuple[int, int]:
        return self.s.builder.locate(coord)

    def rel(self, x: int, y: int):
        rx, ry = self.s.builder.to_relative(x, y)
        return self.s.table(x=rx, y=ry)

    # -- the API -----------------------------------------------------------------------
    def install(self) -> None:
        s = self.s
        rng = s.rng
        compat = lambda: getattr(s, "compat", None) or __import__(
            "unlev.stdlib.compat", fromlist=["Compat"]).Compat()

        def lead(args):
            """3.7 lets most constructors take a selection first, which they add to."""
            if args and self.handle(args[0]) is not None:
                return self.handle(args[0]), list(args[1:])
            return None, list(args)

        def result(target: Optional[Handle], sel: Selection, region=None):
            if target is not None:
                target.sel = target.sel | sel
                target.region = None
                return self.wrap(target)
            return self.new(sel, region)

        def new(*_a):
            return self.new(Selection.empty())

        def clone(sel):
            h = self.handle(sel)
            return self.new(self.sel_of(sel, "clone"), h.region if h else None)

        def set_(sel, *args):
            h = self.handle(sel)
            if h is None:
                raise s.error("selection.set: expected a selection first")
            if len(args) == 0 or args[0] is None:
                x, y = self.locate(Coord(0, 0, True))
            else:
                c, _ = self.coords(list(args), 0, "selection.set")
                x, y = self.locate(c)
            h.sel = h.sel | Selection.point(x, y)
            h.region = None
            return sel

        def get(sel, *args):
            c, _ = self.coords(list(args), 0, "selection.get")
            return self.locate(c) in self.sel_of(sel, "selection.get")

        def rect_like(filled: bool, name: str):
            def fn(*args):
                target, rest = lead(args)
                if len(rest) == 1 and s.is_table(rest[0]):
                    t = rest[0]
                    rest = [t[1], t[2], t[3], t[4]]
                if len(rest) < 4 or not all(is_num(v) for v in rest[:4]):
                    raise s.error(f"selection.{name}: expected x1, y1, x2, y2")
                x1, y1, x2, y2 = (int(v) for v in rest[:4])
                raw = (x1, y1, x2, y2)
                x1, x2 = min(x1, x2), max(x1, x2)
                y1, y2 = min(y1, y2), max(y1, y2)
                ax1, ay1 = self.locate(Coord(x1, y1))
                ax2, ay2 = self.locate(Coord(x2, y2))
                make = Selection.fillrect if filled else Selection.rect
                return result(target, make(ax1, ay1, ax2, ay2), raw if filled else None)
            return fn

        def line(*args):
            target, rest = lead(args)
            c1, i = self.coords(rest, 0, "selection.line")
            c2, i = self.coords(rest, i, "selection.line")
            x1, y1 = self.locate(c2)        # the evaluator resolves the end first
            x2, y2 = self.locate(c1)
            return result(target, Selection.line(x1, y1, x2, y2, compat=compat()))

        def randline(*args):
            target, rest = lead(args)
            c1, i = self.coords(rest, 0, "selection.randline")
            c2, i = self.coords(rest, i, "selection.randline")
            rough = int(rest[i]) if i < len(rest) and rest[i] is not None else 0
            x1, y1 = self.locate(c2)
            x2, y2 = self.locate(c1)
            try:
                sel = Selection.randline(x1, y1, x2, y2, rough, rng, compat=compat())
            except ValueError as e:
                raise s.error(f"selection.randline: {e}") from None
            return result(target, sel)

        def grow(sel, dirs="all"):
            if dirs is None:
                dirs = "all"
            if isinstance(dirs, str) and dirs.lower() == "random":
                from unlev.stdlib.selection import W_NORTH, W_SOUTH, W_EAST, W_WEST
                dirs = (W_NORTH, W_SOUTH, W_EAST, W_WEST)[rng.rn2(4)]
            try:
                return self.new(self.sel_of(sel, "grow").grow(
                    int(dirs) if is_num(dirs) else str(dirs)))
            except ValueError as e:
                raise s.error(f"selection.grow: {e}") from None

        def filter_mapchar(sel, mapchar, lit=None):
            char, light = mapchar_of(s, mapchar, lit, "selection.filter_mapchar")
            return self.new(self.sel_of(sel, "filter_mapchar").filter_mapchar(
                map_char_to_type(char), light, terrain_at=s.builder.terrain_at,
                lit_at=s.builder.lit_at, rng=rng, compat=compat()))

        def match(mapchar, lit=None):
            char, light = mapchar_of(s, mapchar, lit, "selection.match")
            if len(char) != 1:
                return self.new(match_fragment(s, char))
            return self.new(Selection.full().filter_mapchar(
                map_char_to_type(char), light, terrain_at=s.builder.terrain_at,
                lit_at=s.builder.lit_at, rng=rng, compat=compat()))

        def floodfill(*args):
            target, rest = lead(args)
            c, i = self.coords(rest, 0, "selection.floodfill")
            x, y = self.locate(c)
            return result(target, Selection.floodfill(x, y, s.builder.terrain_at,
                                                      compat=compat()))

        def circle(*args):
            target, rest = lead(args)
            c, i = self.coords(rest, 0, "selection.circle")
            r = int(rest[i])
            filled = _opt_bool(rest[i + 1]) if i + 1 < len(rest) else None
            x, y = self.locate(c)
            return result(target, Selection.circle(x, y, r, filled, compat=compat()))

        def ellipse(*args):
            target, rest = lead(args)
            c, i = self.coords(rest, 0, "selection.ellipse")
            a, b = int(rest[i]), int(rest[i + 1])
            filled = _opt_bool(rest[i + 2]) if i + 2 < len(rest) else None
            x, y = self.locate(c)
            return result(target, Selection.ellipse(x, y, a, b, filled, compat=compat()))

        def gradient(*args):
            target, rest = lead(args)
            if not rest or not s.is_table(rest[0]):
                raise s.error("selection.gradient: expected a table {type=, x=, y=, mindist=, maxdist=}")
            t = rest[0]
            kind = t["type"] or "radial"
            mind, maxd = int(t["mindist"] or 0), int(t["maxdist"] or 0)
            c1 = coord_of(s, t, "selection.gradient", default=None)
            x, y = self.locate(c1)
            if t["x2"] is not None:
                x2, y2 = self.locate(Coord(int(t["x2"]), int(t["y2"])))
            else:
                x2, y2 = x, y
            try:
                sel = Selection.gradient(x, y, mind, maxd, rng, x2=x2, y2=y2, kind=kind,
                                         limited=bool(t["limited"]))
            except ValueError as e:
                raise s.error(f"selection.gradient: {e}") from None
            return result(target, sel)

        def iterate(sel, fn):
            for x, y in sorted(self.sel_of(sel, "iterate"), key=lambda p: (p[1], p[0])):
                rx, ry = s.builder.to_relative(x, y)
                fn(rx, ry)

        def negate(sel=None, *_operand_again):
            if sel is None:
                return self.new(Selection.full())
            return self.new(~self.sel_of(sel, "negate"))

        def percentage(sel, p):
            return self.new(self.sel_of(sel, "percentage").filter_percent(int(p), rng))

        def rndcoord(sel, remove=None, *_ignored):
            h = self.handle(sel)
            if h is None:
                raise s.error("selection.rndcoord: expected a selection")
            if remove and remove != 0:
                pt, rest = h.sel.rndcoord_remove(rng)
                h.sel = rest
            else:
                pt = h.sel.rndcoord(rng)
            if pt is None:
                return s.table(x=-1, y=-1)
            return self.rel(*pt)

        def room(index=None):
            # nhlsel.c l_selection_room: room N (0-based) or the room being made
            return self.new(Selection.from_points(
                s.builder.room_squares(None if index is None else int(index))))

        def numpoints(sel, *_):
            return len(self.sel_of(sel, "numpoints"))

        def bounds(sel):
            box = self.sel_of(sel, "bounds").bounding_box()
            if box is None:
                return s.table(lx=0, ly=0, hx=0, hy=0)
            lx, ly = s.builder.to_relative(box[0], box[1])
            hx, hy = s.builder.to_relative(box[2], box[3])
            return s.table(lx=lx, ly=ly, hx=hx, hy=hy)

        def binop(name, op):
            def fn(a, b):
                return self.new(op(self.sel_of(a, name), self.sel_of(b, name)))
            return fn

        def filter_selection(sel, other):
            return self.new(self.sel_of(sel, "filter").filter_selection(self.sel_of(other)))

        api = {
            "new": new, "clone": clone, "set": set_, "get": get,
            "rect": rect_like(False, "rect"), "fillrect": rect_like(True, "fillrect"),
            "area": rect_like(True, "area"), "line": line, "randline": randline,
            "grow": grow, "filter_mapchar": filter_mapchar, "match": match,
            "floodfill": floodfill, "circle": circle, "ellipse": ellipse,
            "gradient": gradient, "iterate": iterate, "negate": negate,
            "percentage": percentage, "rndcoord": rndcoord, "numpoints": numpoints,
            "bounds": bounds, "filter": filter_selection, "room": room,
            "union": binop("|", lambda a, b: a | b),
            "intersect": binop("&", lambda a, b: a & b),
            "xor": binop("^", lambda a, b: a ^ b),
            "difference": binop("-", lambda a, b: a - b),
        }
        api_table = s.table()
        for k, v in api.items():
            api_table[k] = v
        wrap, module = s.lua.execute(_SEL_LUA, api_table)
        self.wrap = wrap
        s.env["selection"] = module


def match_fragment(s, text: str) -> Selection:
    """The squares where a map fragment (rows of map characters, centred on the square)
    matches the terrain; ``x`` in the fragment matches anything."""
    from unlev.stdlib.grid import COLNO, ROWNO
    rows = [r for r in text.split("\n") if r != ""]
    h = len(rows)
    w = max(len(r) for r in rows)
    cx, cy = w // 2, h // 2
    cells = [(dx - cx, dy - cy, map_char_to_type(ch)) for dy, r in enumerate(rows)
             for dx, ch in enumerate(r) if ch != "x"]
    at = s.builder.terrain_at
    pts = []
    for x in range(1, COLNO):
        for y in range(ROWNO):
            if all(0 <= x + dx < COLNO and 0 <= y + dy < ROWNO and at(x + dx, y + dy) == t
                   for dx, dy, t in cells):
                pts.append((x, y))
    return Selection.from_points(pts)


# -- value helpers shared with des_api -------------------------------------------------
def is_num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _opt_bool(v):
    if v is None:
        return None
    if isinstance(v, bool):
        return v
    return bool(int(v))


def coord_of(s, v, what: str, default="random") -> Coord:
    """A Coord from a Lua coordinate table: ``{x, y}``, ``{x=, y=}``, ``{random=true,
    humidity=n}``; a table without x/y gives ``default``."""
    if s.is_table(v):
        if v["random"]:
            return Coord(0, 0, True, int(v["humidity"] or 0))
        x = v["x"] if v["x"] is not None else v[1]
        y = v["y"] if v["y"] is not None else v[2]
        if x is not None and y is not None:
            return Coord(int(x), int(y))
        if v["coord"] is not None:
            return coord_of(s, v["coord"], what, default)
    if v is None and default == "random":
        return Coord(0, 0, True)
    raise s.error(f"{what}: expected a coordinate")


_LIGHT_WORDS = {"lit": 1, "unlit": 0, "random": -1}


def light_of(v, default: int = -2) -> int:
    if v is None:
        return default
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, str):
        return _LIGHT_WORDS.get(v.lower(), default)
    return int(v)


def mapchar_of(s, v, lit, what: str):
    """(char, light) of ``"c"`` or ``{typ="c", lit=n}``."""
    if s.is_table(v):
        char = v["typ"] if v["typ"] is not None else v[1]
        light = light_of(v["lit"] if v["lit"] is not None else lit)
    else:
        char, light = v, light_of(lit)
    if not isinstance(char, str) or not char:
        raise s.error(f"{what}: expected a map character")
    return char, light
