"""Expressions: what every value in a des-file evaluates to -- integers with C's
guards, strings, dice, variables and arrays, coordinates and regions, map characters,
monster and object specs, core function calls, and the selection algebra.

Why a module of its own: one visitor per concern.  :class:`ExpressionEvaluator` holds
the ``e_*`` methods (one per expression node of :mod:`unlev.lang.ast`); the statement
visitor, :class:`unlev.lang.evaluator.Evaluator`, builds on it and owns the state both
read: ``frame`` (variables), ``rng``, ``builder`` (the questions about the level),
``ctx`` (hero, date, depth), ``compat`` (its ``selection`` and ``eval`` sections), ``ralign`` and ``warn``.
Semantics follow spo_lev.c's opvars and spo_* selection opcodes.
"""

from __future__ import annotations

from typing import Callable, Dict

from . import ast as A
from .diagnostics import DesError
from .values import Align, Coord, MapCharValue, MonsterValue, ObjectValue, Region
from ..stdlib.builtins import atoi, c_div, c_long, c_mod, time_function
from .limits import Limits, hint
from ..stdlib.grid import COLNO, ROWNO
from ..stdlib.selection import Selection
from ..stdlib.terrain import map_char_to_type


class ExpressionEvaluator:
    """Evaluates expression nodes; the statement evaluator derives from it."""

    _eval_cache: Dict[type, Callable]
    limits: "Limits"        # the run's (unlev.lang.limits), set by the Evaluator

    def attrs(self, attrs: dict) -> dict:
        out = {}
        for key, value in attrs.items():
            if isinstance(value, A.AlignSpec):
                out[key] = self.align(value)
            elif key == "appear":
                out[key] = (value[0], self.eval(value[1]))
            elif isinstance(value, A.Node):
                out[key] = self.eval(value)
            else:
                out[key] = value
        return out

    def align(self, spec: A.AlignSpec) -> Align:
        if spec.kind == "register":
            return Align("fixed", self.ralign[spec.value])
        return Align(spec.kind, spec.value)


    # ================================================================== expressions
    def eval(self, node: A.Node):
        fn = self._eval_cache.get(type(node))
        if fn is None:
            fn = getattr(self, "e_" + type(node).__name__)
            self._eval_cache[type(node)] = fn
        return fn(node)

    def e_Int(self, n: A.Int) -> int:
        return n.value

    def e_Str(self, n: A.Str) -> str:
        return n.value

    def e_Dice(self, n: A.Dice) -> int:
        if n.count > self.limits.dice:
            # the game rolls them one by one too: 2147483647d6 is minutes of CPU
            raise DesError(f"{n.count:,} dice in one roll", n.span,
                           hint("dice", self.limits))
        return self.rng.d(max(n.count, 1), max(n.sides, 1))

    def e_Var(self, n: A.Var):
        return self.frame.get(n.name, n.span)

    def e_Index(self, n: A.Index):
        arr = self.frame.get(n.var.name, n.var.span)
        i = self.eval(n.index)
        if not arr:
            raise DesError(f"array '{n.var.name}' is empty", n.span)
        if i < 0:
            raise DesError(f"negative index {i} into '{n.var.name}' (the game reads outside the "
                           "array here)", n.span)
        if i >= len(arr):
            self.warn(f"index {i} is past the end of '{n.var.name}' ({len(arr)} items); "
                      f"the game wraps it to {i % len(arr)}", n.span)
        return arr[i % len(arr)]

    def e_Method(self, n: A.Method) -> int:
        value = self.frame.get(n.var.name, n.var.span)
        if n.method == "length":
            return len(value)
        if isinstance(value, Coord):
            return value.x if n.method == "x" else value.y
        raise DesError(f"'.{n.method}' needs a coordinate", n.span)

    def e_BinOp(self, n: A.BinOp) -> int:
        a, b = self.eval(n.left), self.eval(n.right)
        op = n.op
        if op == "+":
            return c_long(a + b)
        if op == "-":
            return c_long(a - b)
        if op == "*":
            return c_long(a * b)
        if op == "/":
            if b < 1:
                self.warn(f"division by {b}: the game's loader gives 0", n.span)
            return c_div(a, b)
        if b < 1:
            self.warn(f"remainder by {b}: the game's loader gives 0", n.span)
        return c_mod(a, b)

    def e_Concat(self, n: A.Concat) -> str:
        text = str(self.eval(n.left)) + str(self.eval(n.right))
        if len(text) > self.limits.string:
            raise DesError(f"a string of {len(text):,} characters", n.span,
                           hint("string", self.limits))
        return text

    def e_CoordLit(self, n: A.CoordLit) -> Coord:
        return Coord(n.x, n.y)

    def e_RandomCoord(self, n: A.RandomCoord) -> Coord:
        return Coord(0, 0, True, n.humidity)

    def e_RndCoord(self, n: A.RndCoord) -> Coord:
        sel = self.selection(n.selection)
        pt = sel.rndcoord(self.rng)
        if pt is None:
            return Coord(-1, -1)
        return Coord(*self.builder.to_relative(*pt))

    def e_RegionLit(self, n: A.RegionLit) -> Region:
        return Region(n.x1, n.y1, n.x2, n.y2, n.whole_level)

    def e_MapChar(self, n: A.MapChar) -> MapCharValue:
        return MapCharValue(n.char, map_char_to_type(n.char), n.light)

    def e_MonsterSpec(self, n: A.MonsterSpec) -> MonsterValue:
        return MonsterValue(n.cls, n.name)

    def e_ObjectSpec(self, n: A.ObjectSpec) -> ObjectValue:
        return ObjectValue(n.cls, n.name)

    def e_ArrayLit(self, n: A.ArrayLit) -> list:
        if len(n.items) > self.limits.array:
            raise DesError(f"an array of {len(n.items):,} elements", n.span,
                           hint("array", self.limits))
        return [self.eval(i) for i in n.items]

    def e_CoreCall(self, n: A.CoreCall):
        name = n.name
        args = [self.eval(a) for a in n.args]
        if name.startswith("time."):
            return time_function(name[5:], self.ctx.date)
        if name == "rnd":
            return self.rng.rn2(args[0]) if args[0] > 0 else 0
        if name in ("string", "str"):
            return str(args[0])
        if name in ("integer", "int"):
            return atoi(args[0])
        if name == "coord":
            return Coord(args[0], args[1])
        if name == "region":
            return Region(*args)
        if name == "level.depth":
            return max(self.ctx.depth, 1)
        if name == "level.difficulty":
            return self.ctx.level_difficulty
        if name == "hero.name":
            return self.ctx.hero_name
        if name == "hero.role":
            return self.ctx.role
        if name == "hero.race":
            return self.ctx.race
        if name == "hero.carrying":
            return self.builder.carrying(args[0])
        if name == "level.obj_at":
            x, y = self.builder.locate(args[1])
            return self.builder.obj_at(x, y, args[0])
        if name == "level.mon_at":
            x, y = self.builder.locate(args[1])
            return self.builder.mon_at(x, y, args[0])
        if name.startswith("room."):
            b = self.builder.room_bounds()
            if b is None:
                return 0
            lx, ly, hx, hy = b
            return {"room.width": hx - lx + 1, "room.height": hy - ly + 1,
                    "room.x": lx, "room.y": ly}[name]
        raise DesError(f"Unknown core function '{name}'", n.span)

    # -- selections ------------------------------------------------------------------------
    def selection(self, node: A.Node) -> Selection:
        value = self.eval(node)
        if isinstance(value, Coord):
            x, y = self.builder.locate(value)
            return Selection.point(x, y)
        self.charge(len(value), node)
        return value

    def charge(self, work: int, node: A.Node) -> None:
        """Count the squares a statement's selection covers, and the squares a selection
        function spreads over or weighs, against the step limit, so a LOOP of whole-map
        TERRAINs or of floodfills assigned to a variable stops as soon as a LOOP of small
        ones."""

    def e_SelCoord(self, n: A.SelCoord) -> Selection:
        x, y = self.builder.locate(self.eval(n.coord))
        return Selection.point(x, y)

    def e_SelRect(self, n: A.SelRect) -> Selection:
        x1, y1, x2, y2 = self._region_abs(self.eval(n.region))
        sel = (Selection.fillrect if n.filled else Selection.rect)(x1, y1, x2, y2)
        self.charge(len(sel) + 1, n)        # the squares it covers on the map
        return sel

    def _region_abs(self, r: Region):
        # The game sorts the corners, then converts each (spo_lev.c SEL_RECT); the
        # clamping that follows is Selection.rect/fillrect's, sorting never again.
        x1, x2 = min(r.x1, r.x2), max(r.x1, r.x2)
        y1, y2 = min(r.y1, r.y2), max(r.y1, r.y2)
        ax1, ay1 = self.builder.locate(Coord(x1, y1))
        ax2, ay2 = self.builder.locate(Coord(x2, y2))
        return ax1, ay1, ax2, ay2

    def e_SelLine(self, n: A.SelLine) -> Selection:
        start, end = self.eval(n.start), self.eval(n.end)
        # The game pops the second coordinate first and draws from it.
        x1, y1 = self.builder.locate(end)
        x2, y2 = self.builder.locate(start)
        return Selection.line(x1, y1, x2, y2, compat=self.compat)

    def e_SelRandLine(self, n: A.SelRandLine) -> Selection:
        start, end = self.eval(n.start), self.eval(n.end)
        rough = self.eval(n.roughness)
        x1, y1 = self.builder.locate(end)
        x2, y2 = self.builder.locate(start)
        try:
            sel = Selection.randline(x1, y1, x2, y2, rough, self.rng, compat=self.compat)
        except ValueError as exc:
            raise DesError(f"randline: {exc}", n.span) from None
        self.charge(_MAP_SQUARES, n)        # its midpoint recursion costs a map scan
        return sel

    def e_SelGrow(self, n: A.SelGrow) -> Selection:
        return self.selection(n.selection).grow(n.directions)

    def e_SelFilterPercent(self, n: A.SelFilterPercent) -> Selection:
        return self.selection(n.selection).filter_percent(n.percent, self.rng)

    def e_SelFilterSel(self, n: A.SelFilterSel) -> Selection:
        f = self.selection(n.filter)
        s = self.selection(n.selection)
        return s.filter_selection(f)

    def e_SelFilterMapChar(self, n: A.SelFilterMapChar) -> Selection:
        mc = self.eval(n.mapchar)
        s = self.selection(n.selection)
        return s.filter_mapchar(mc.typ, mc.light, terrain_at=self.builder.terrain_at,
                                lit_at=self.builder.lit_at, rng=self.rng, compat=self.compat)

    def e_SelFlood(self, n: A.SelFlood) -> Selection:
        x, y = self.builder.locate(self.eval(n.coord))
        self.charge(_MAP_SQUARES, n)        # it asks every square of the map
        return Selection.floodfill(x, y, self.builder.terrain_at, compat=self.compat)

    def _radius(self, r: int, n: A.Node) -> int:
        # the game walks the whole radius: 2147483647 would be hours and gigabytes
        if abs(r) > self.limits.radius:
            raise DesError(f"a radius of {r:,}, far beyond the map", n.span,
                           hint("radius", self.limits))
        return r

    def e_SelCircle(self, n: A.SelCircle) -> Selection:
        x, y = self.builder.locate(self.eval(n.center))
        r = self._radius(self.eval(n.radius), n)
        filled = None if n.filling is None else bool(n.filling)
        self.charge(_ellipse_work(r, r, filled), n)
        return Selection.circle(x, y, r, filled, compat=self.compat)

    def e_SelEllipse(self, n: A.SelEllipse) -> Selection:
        x, y = self.builder.locate(self.eval(n.center))
        a, b = self._radius(self.eval(n.a), n), self._radius(self.eval(n.b), n)
        filled = None if n.filling is None else bool(n.filling)
        self.charge(_ellipse_work(a, b, filled), n)
        return Selection.ellipse(x, y, a, b, filled, compat=self.compat)

    def e_SelGradient(self, n: A.SelGradient) -> Selection:
        mind, maxd = self.eval(n.mindist), self.eval(n.maxdist)
        c1 = self.eval(n.center)
        c2 = self.eval(n.center2) if n.center2 is not None else None
        x, y = self.builder.locate(c1)
        if c2 is not None:
            x2, y2 = self.builder.locate(c2)
        elif c1.random and self.compat.eval.gradient_copies_random_center:
            x2, y2 = self.builder.locate(c1)  # the copied `random` is resolved again
        else:
            x2, y2 = x, y
        self.charge(_MAP_SQUARES, n)        # every square of the map is weighed
        return Selection.gradient(x, y, mind, maxd, self.rng, x2=x2, y2=y2, kind=n.kind,
                                  limited=n.limited)

    def e_SelComplement(self, n: A.SelComplement) -> Selection:
        return self.selection(n.selection).complement()

    def e_SelUnion(self, n: A.SelUnion) -> Selection:
        return self.selection(n.left) | self.selection(n.right)


_MAP_SQUARES = COLNO * ROWNO


def _ellipse_work(a: int, b: int, filled) -> int:
    """The points an ellipse's algorithm visits, charged before it runs: its outline,
    or its whole box when it may be solid (either fill word may mean solid, as the
    game swaps them)."""
    if filled is None:
        return 4 * (a + b) + 4
    return (2 * a + 1) * (2 * b + 1)
