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

import functools
import re
from typing import Optional, Tuple

from unlev.lang.values import Coord
from unlev.stdlib.compat import Compat
from unlev.stdlib.selection import W_EAST, W_NORTH, W_SOUTH, W_WEST, Selection
from unlev.stdlib.terrain import (INVALID_TYPE, MATCH_WALL, MAX_TYPE, STONE, is_stwall,
                                 map_char_to_type)

from .charge import SELECTION, SELECTION_SQUARES, charged

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
    """The ``selection`` module of one Lua session: handles, coordinates, and the
    table of functions it installs."""

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

    def compat(self):
        return getattr(self.s, "compat", None) or Compat()

    def lead(self, args):
        """3.7 lets most constructors take a selection first, which they add to."""
        if args and self.handle(args[0]) is not None:
            return self.handle(args[0]), list(args[1:])
        return None, list(args)

    def result(self, target: Optional[Handle], sel: Selection, region=None):
        """What ``line``, ``rect``, ``fillrect``, ``randline`` return: with a selection
        given first, a copy of it with the shape added (nhlsel.c clones it first; the
        selection given is unchanged); else a new selection of the shape."""
        if target is not None:
            return self.new(target.sel | sel)
        return self.new(sel, region)

    def into(self, target: Optional[Handle], sel: Selection):
        """What ``circle`` and ``ellipse`` return: the selection given first, with the
        shape added to it (nhlsel.c draws into it), else a new one."""
        if target is not None:
            target.sel = target.sel | sel
            target.region = None
            return self.wrap(target)
        return self.new(sel)

    def squares_worked(self, args, result) -> int:
        """The steps a selection function's work is charged (:mod:`.charge`): the
        squares of the selections it was given and of the one it returned."""
        squares = 0
        for v in args[:2]:
            h = self.handle(v)
            if h is not None:
                squares += len(h.sel)
        h = self.handle(result)
        if h is not None:
            squares += len(h.sel)
        return squares // SELECTION_SQUARES

    # -- the API -----------------------------------------------------------------------
    def install(self) -> None:
        """The ``selection`` module and the metatable of its values, from
        :data:`SELECTION_FUNCTIONS` with each function bound to this session."""
        s = self.s
        api_table = s.table()
        for name, fn in SELECTION_FUNCTIONS.items():
            api_table[name] = charged(s, functools.partial(fn, self), SELECTION,
                                      None if name in ONE_SQUARE else self.squares_worked)
        wrap, module = s.lua.execute(_SEL_LUA, api_table)
        self.wrap = wrap
        s.env["selection"] = module


# -- the functions, each of the SelectionAPI and the call's arguments (nhlsel.c's l_selection_*)
def l_selection_new(api, *_a):
    return api.new(Selection.empty())


def l_selection_clone(api, sel):
    h = api.handle(sel)
    return api.new(api.sel_of(sel, "clone"), h.region if h else None)


def l_selection_set(api, *args):
    """nhlsel.c l_selection_setpoint: ``sel:set(x, y[, value])`` sets (value 0:
    clears) a square of ``sel`` and returns it; ``sel:set()`` a random square;
    ``selection.set(x, y)`` makes a new selection of one square."""
    s = api.s
    if len(args) == 2 and is_num(args[0]) and is_num(args[1]):
        args = (api.new(Selection.empty()),) + tuple(args)
    h = api.handle(args[0]) if args else None
    if h is None:
        raise s.error("selection.set: expected a selection first (or x, y)")
    sel, rest = args[0], list(args[1:])
    value = 1
    if not rest or rest[0] is None or (is_num(rest[0]) and len(rest) > 1 and is_num(rest[1])
                                       and int(rest[0]) == -1 and int(rest[1]) == -1):
        x, y = api.locate(Coord(0, 0, True))
        i = 2 if len(rest) >= 2 else len(rest)
    else:
        c, i = api.coords(rest, 0, "selection.set")
        x, y = api.locate(c)
    if i < len(rest) and rest[i] is not None:
        value = int(rest[i])
    pt = Selection.point(x, y)
    h.sel = (h.sel | pt) if value else (h.sel - pt)
    h.region = None
    return sel


def l_selection_get(api, sel, *args):
    """nhlsel.c l_selection_getpoint: 1 or 0, a Lua number (``lua_pushnumber``)."""
    c, _ = api.coords(list(args), 0, "selection.get")
    return 1.0 if api.locate(c) in api.sel_of(sel, "selection.get") else 0.0


def rect_like(filled: bool, name: str):
    """``rect`` (the border) or ``fillrect``/``area`` (the whole box)."""
    def fn(api, *args):
        s = api.s
        target, rest = api.lead(args)
        if len(rest) == 1 and s.is_table(rest[0]):
            t = rest[0]
            rest = [t[1], t[2], t[3], t[4]]
        if len(rest) < 4 or not all(is_num(v) for v in rest[:4]):
            raise s.error(f"selection.{name}: expected x1, y1, x2, y2")
        x1, y1, x2, y2 = (int(v) for v in rest[:4])
        raw = (x1, y1, x2, y2)
        x1, x2 = min(x1, x2), max(x1, x2)
        y1, y2 = min(y1, y2), max(y1, y2)
        ax1, ay1 = api.locate(Coord(x1, y1))
        ax2, ay2 = api.locate(Coord(x2, y2))
        make = Selection.fillrect if filled else Selection.rect
        return api.result(target, make(ax1, ay1, ax2, ay2), raw if filled else None)
    return fn


def l_selection_line(api, *args):
    target, rest = api.lead(args)
    c1, i = api.coords(rest, 0, "selection.line")
    c2, i = api.coords(rest, i, "selection.line")
    x1, y1 = api.locate(c2)        # the evaluator resolves the end first
    x2, y2 = api.locate(c1)
    return api.result(target, Selection.line(x1, y1, x2, y2, compat=api.compat()))


def l_selection_randline(api, *args):
    target, rest = api.lead(args)
    c1, i = api.coords(rest, 0, "selection.randline")
    c2, i = api.coords(rest, i, "selection.randline")
    rough = int(rest[i]) if i < len(rest) and rest[i] is not None else 0
    x1, y1 = api.locate(c2)
    x2, y2 = api.locate(c1)
    try:
        sel = Selection.randline(x1, y1, x2, y2, rough, api.s.rng, compat=api.compat())
    except ValueError as e:
        raise api.s.error(f"selection.randline: {e}") from None
    return api.result(target, sel)


def l_selection_grow(api, sel, dirs="all"):
    if dirs is None:
        dirs = "all"
    if isinstance(dirs, str) and dirs.lower() == "random":
        dirs = (W_NORTH, W_SOUTH, W_EAST, W_WEST)[api.s.rng.rn2(4)]
    try:
        return api.new(api.sel_of(sel, "grow").grow_toward(
            int(dirs) if is_num(dirs) else str(dirs)))
    except ValueError as e:
        raise api.s.error(f"selection.grow: {e}") from None


def l_selection_filter_mapchar(api, sel, mapchar, lit=None):
    """selvar.c selection_filter_mapchar: the squares of ``sel`` whose terrain
    matches (``w`` any wall or stone, ``x`` anything) and whose light is ``lit``
    (-2 or none: any; -1: each kept on an ``rn2(2)``; 0/1: exactly), in map order."""
    s = api.s
    char, light = mapchar_of(s, mapchar, lit, "selection.filter_mapchar")
    typ = typ_of_char(char)
    if typ == INVALID_TYPE:
        raise s.error(f"selection.filter_mapchar: erroneous map character {char!r}")
    at, lit_at, rn2 = s.builder.terrain_at, s.builder.lit_at, s.rng.rn2
    out = []
    for x, y in sorted(api.sel_of(sel, "filter_mapchar")):
        if not match_maptyps(typ, at(x, y)):
            continue
        if light == -1:
            if rn2(2):
                out.append((x, y))
        elif light in (0, 1):
            if lit_at(x, y) == light:
                out.append((x, y))
        else:
            out.append((x, y))
    return api.new(Selection.from_points(out))


def l_selection_match(api, mapchar, lit=None):
    """nhlsel.c l_selection_match: the squares where a map fragment (odd width and
    height, centred on the square) matches; a light state (unlev's) filters a single
    character as ``filter_mapchar`` does."""
    s = api.s
    if lit is not None:
        return l_selection_filter_mapchar(api, api.new(Selection.full()), mapchar, lit)
    char, _light = mapchar_of(s, mapchar, None, "selection.match")
    try:
        return api.new(match_fragment(s, char))
    except ValueError as e:
        raise s.error(f"selection.match: {e}") from None


def l_selection_flood(api, *args):
    """nhlsel.c l_selection_flood: ``selection.floodfill(x, y[, diagonals])``, the
    squares of the start's terrain type connected to it."""
    target, rest = api.lead(args)
    c, i = api.coords(rest, 0, "selection.floodfill")
    diagonals = bool(rest[i]) if i < len(rest) and rest[i] is not None else False
    x, y = api.locate(c)
    return api.result(target, Selection.floodfill(x, y, api.s.builder.terrain_at,
                                                  diagonals=diagonals, compat=api.compat()))


def _radius(api, r: int) -> int:
    """The radius limit a des-file's circle and ellipse have (unlev.lang.limits): the
    walk round a radius of 2147483647 took gigabytes and minutes."""
    from unlev.lang.limits import hint
    limits = api.s.limits
    if abs(r) > limits.radius:
        raise api.s.error(f"a radius of {r:,}, far beyond the map", hint("radius", limits))
    return r


def l_selection_circle(api, *args):
    target, rest = api.lead(args)
    c, i = api.coords(rest, 0, "selection.circle")
    r = _radius(api, int(rest[i]))
    filled = opt_bool(rest[i + 1]) if i + 1 < len(rest) else None
    x, y = api.locate(c)
    return api.into(target, Selection.circle(x, y, r, filled, compat=api.compat()))


def l_selection_ellipse(api, *args):
    target, rest = api.lead(args)
    c, i = api.coords(rest, 0, "selection.ellipse")
    a, b = _radius(api, int(rest[i])), _radius(api, int(rest[i + 1]))
    filled = opt_bool(rest[i + 2]) if i + 2 < len(rest) else None
    x, y = api.locate(c)
    return api.into(target, Selection.ellipse(x, y, a, b, filled, compat=api.compat()))


def l_selection_gradient(api, *args):
    s = api.s
    target, rest = api.lead(args)
    if not rest or not s.is_table(rest[0]):
        raise s.error("selection.gradient: expected a table {type=, x=, y=, mindist=, maxdist=}")
    t = rest[0]
    kind = t["type"] or "radial"
    mind, maxd = int(t["mindist"] or 0), int(t["maxdist"] or 0)
    c1 = coord_of(s, t, "selection.gradient", default=None)
    x, y = api.locate(c1)
    if t["x2"] is not None:
        x2, y2 = api.locate(Coord(int(t["x2"]), int(t["y2"])))
    else:
        x2, y2 = x, y
    try:
        sel = Selection.gradient(x, y, mind, maxd, s.rng, x2=x2, y2=y2, kind=kind,
                                 limited=bool(t["limited"]))
    except ValueError as e:
        raise s.error(f"selection.gradient: {e}") from None
    return api.result(target, sel)


def l_selection_iterate(api, sel, fn):
    for x, y in sorted(api.sel_of(sel, "iterate"), key=lambda p: (p[1], p[0])):
        rx, ry = api.s.builder.to_relative(x, y)
        fn(rx, ry)


def l_selection_not(api, sel=None, *_operand_again):
    if sel is None:
        return api.new(Selection.full())
    return api.new(~api.sel_of(sel, "negate"))


def l_selection_filter_percent(api, sel, p):
    return api.new(api.sel_of(sel, "percentage").filter_percent(int(p), api.s.rng))


def l_selection_rndcoord(api, sel, remove=None, *_ignored):
    s = api.s
    h = api.handle(sel)
    if h is None:
        raise s.error("selection.rndcoord: expected a selection")
    if remove and remove != 0:
        pt, rest = h.sel.rndcoord_remove(s.rng)
        h.sel = rest
    else:
        pt = h.sel.rndcoord(s.rng)
    if pt is None:
        return s.table(x=-1, y=-1)
    return api.rel(*pt)


def l_selection_room(api, index=None):
    # nhlsel.c l_selection_room: room N (0-based) or the room being made
    return api.new(Selection.from_points(
        api.s.builder.room_squares(None if index is None else int(index))))


def l_selection_numpoints(api, sel, *_):
    return len(api.sel_of(sel, "numpoints"))


def l_selection_bounds(api, sel):
    """nhlsel.c l_selection_getbounds: the bounding box in map coordinates (not
    relative to the MAP, unlike ``rndcoord`` and ``iterate``)."""
    s = api.s
    box = api.sel_of(sel, "bounds").bounding_box()
    if box is None:
        return s.table(lx=0, ly=0, hx=0, hy=0)
    return s.table(lx=box[0], ly=box[1], hx=box[2], hy=box[3])


def binop(name, op):
    """A set operator (``|``, ``&``, ``^``, ``-``) as a function of two selections."""
    def fn(api, a, b):
        return api.new(op(api.sel_of(a, name), api.sel_of(b, name)))
    return fn


def l_selection_filter_selection(api, sel, other):
    return api.new(api.sel_of(sel, "filter").filter_selection(api.sel_of(other)))


# the functions that read or change one square, or count (a bit count): charged as a
# call, whatever the size of the selection they are given (test_sel.lua asks ``get``
# of every square of whole-map selections, 73,000 times)
ONE_SQUARE = frozenset({"get", "set", "numpoints", "bounds", "rndcoord"})

# name -> function(api, *args), as nhlsel.c registers them in l_selection_methods
SELECTION_FUNCTIONS = {
    "new": l_selection_new, "clone": l_selection_clone, "set": l_selection_set,
    "get": l_selection_get,
    "rect": rect_like(False, "rect"), "fillrect": rect_like(True, "fillrect"),
    "area": rect_like(True, "area"), "line": l_selection_line,
    "randline": l_selection_randline, "grow": l_selection_grow,
    "filter_mapchar": l_selection_filter_mapchar, "match": l_selection_match,
    "floodfill": l_selection_flood, "circle": l_selection_circle,
    "ellipse": l_selection_ellipse, "gradient": l_selection_gradient,
    "iterate": l_selection_iterate, "negate": l_selection_not,
    "percentage": l_selection_filter_percent, "rndcoord": l_selection_rndcoord,
    "numpoints": l_selection_numpoints, "bounds": l_selection_bounds,
    "filter": l_selection_filter_selection, "room": l_selection_room,
    "union": binop("|", lambda a, b: a | b),
    "intersect": binop("&", lambda a, b: a & b),
    "xor": binop("^", lambda a, b: a ^ b),
    "difference": binop("-", lambda a, b: a - b),
}


def typ_of_char(ch: str) -> int:
    """3.7's splev_chr2typ: a map character's terrain type; ``w`` is MATCH_WALL."""
    return MATCH_WALL if ch == "w" else map_char_to_type(ch)


def match_maptyps(typ: int, levtyp: int) -> bool:
    """sp_lev.c match_maptyps: MATCH_WALL matches stone and walls, a real type
    only itself, anything else (``x``, unknown characters) every square."""
    if typ == MATCH_WALL and not is_stwall(levtyp):
        return False
    return not (typ < MAX_TYPE and typ != levtyp)


def match_fragment(s, text: str) -> Selection:
    """sp_lev.c mapfrag_fromstr/mapfrag_match: the squares (x >= 1) where every
    character of the fragment, centred on the square, matches the terrain (stone off
    the map).  Raises ValueError for a fragment of even width or height, or whose
    centre is not a terrain."""
    from unlev.stdlib.grid import COLNO, ROWNO
    text = re.sub(r"[0-9]", "", text)
    rows = text.split("\n")
    if rows and rows[-1] == "":
        rows.pop()
    h = len(rows)
    w = max((len(r) for r in rows), default=0)
    if not (w % 2 and h % 2):
        raise ValueError("mapfragment needs to have odd height and width")
    rows = [r.ljust(w) for r in rows]
    cells = [(dx - w // 2, dy - h // 2, typ_of_char(ch))
             for dy, r in enumerate(rows) for dx, ch in enumerate(r)]
    if cells[len(cells) // 2][2] in (MAX_TYPE, INVALID_TYPE):     # TYP_CANNOT_MATCH
        raise ValueError("mapfragment center must be valid terrain")
    at = s.builder.terrain_at
    pts = []
    for x in range(1, COLNO):
        for y in range(ROWNO):
            if all(match_maptyps(t, at(x + dx, y + dy) if 1 <= x + dx < COLNO
                                 and 0 <= y + dy < ROWNO else STONE)
                   for dx, dy, t in cells):
                pts.append((x, y))
    return Selection.from_points(pts)


# -- value helpers shared with des_api -------------------------------------------------
def is_num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def opt_bool(v):
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
