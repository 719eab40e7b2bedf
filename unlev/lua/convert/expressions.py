"""Expressions and selections: the des-file's values as Lua expressions
(``rnd`` -> ``nh.rn2``, dice -> ``d``, selection operators -> ``selection.*``), as
sp_lev.c's expression and selection opcodes become nhlsel.c's calls in 3.7.
"""

from __future__ import annotations

from typing import Optional

from unlev.lang import ast as A

from unlev.stdlib.selection import W_ANY

from .base import ConvertError, lua_string


class ExpressionsMixin:
    """``e_*`` (expressions), ``s_*`` (selections), statement coordinates."""

    def e_Int(self, n):
        return str(n.value)

    def e_Str(self, n):
        return lua_string(n.value)

    def e_Dice(self, n):
        return f"d({max(n.count, 1)}, {max(n.sides, 1)})"

    def e_Var(self, n):
        return self.name(n.name)

    def e_Index(self, n):
        arr = self.name(n.var.name)
        if isinstance(n.index, A.Int):
            k = n.index.value
            length = self.array_len.get(n.var.name)
            if length is not None and 0 <= k < length:
                return f"{arr}[{k + 1}]"
            return f"{arr}[{k} % #{arr} + 1]"
        return f"{arr}[({self.ex(n.index)}) % #{arr} + 1]"

    def e_Method(self, n):
        v = self.name(n.var.name)
        return f"#{v}" if n.method == "length" else f"{v}.{n.method}"

    def e_BinOp(self, n):
        a, b = self.ex(n.left), self.ex(n.right)
        if n.op in "+-*":
            return f"({a} {n.op} {b})"
        helper = "idiv" if n.op == "/" else "imod"
        self.helpers.add(helper)
        return f"{helper}({a}, {b})"

    def e_Concat(self, n):
        return f"({self.ex(n.left)} .. {self.ex(n.right)})"

    def e_CoordLit(self, n):
        return f"{{ x = {n.x}, y = {n.y} }}"

    def e_RandomCoord(self, n):
        if n.humidity:
            return f"{{ random = true, humidity = {n.humidity} }}"
        return "{ random = true }"

    def e_RndCoord(self, n):
        return f"selection.rndcoord({self.sel(n.selection)})"

    def e_RegionLit(self, n):
        return f"{{ {n.x1}, {n.y1}, {n.x2}, {n.y2} }}"

    def e_MapChar(self, n):
        if n.light == -2:
            return lua_string(n.char)
        return f"{{ typ = {lua_string(n.char)}, lit = {n.light} }}"

    def _spec(self, n, allow_nil=False):
        if n.cls is None and n.name is None:
            return "nil" if allow_nil else "{}"
        if n.cls and n.name:
            return f"{{ id = {lua_string(n.name)}, class = {lua_string(n.cls)} }}"
        return lua_string(n.name if n.name else n.cls)

    def e_MonsterSpec(self, n):
        return self._spec(n)

    def e_ObjectSpec(self, n):
        return self._spec(n)

    def e_ArrayLit(self, n):
        return "{ " + ", ".join(self.ex(i) for i in n.items) + " }"

    def e_CoreCall(self, n):
        args = [self.ex(a) for a in n.args]
        name = n.name
        if name.startswith("time."):
            return f"nh.unlev_time({lua_string(name[5:])})"
        simple = {"rnd": lambda: f"nh.rn2({args[0]})",
                  "string": lambda: f"tostring({args[0]})", "str": lambda: f"tostring({args[0]})",
                  "coord": lambda: f"{{ x = {args[0]}, y = {args[1]} }}",
                  "region": lambda: "{ " + ", ".join(args) + " }",
                  "level.depth": lambda: "u.depth",
                  "level.difficulty": lambda: "nh.level_difficulty()",
                  "hero.name": lambda: "u.name", "hero.role": lambda: "u.role",
                  "hero.race": lambda: "u.race", "hero.carrying": lambda: "0"}
        if name in simple:
            return simple[name]()
        if name in ("integer", "int"):
            self.helpers.add("atoi")
            return f"atoi({args[0]})"
        if name == "level.obj_at":
            return f"nh.unlev_obj_at({args[0]}, {args[1]})"
        if name == "level.mon_at":
            return f"nh.unlev_mon_at({args[0]}, {args[1]})"
        if name.startswith("room."):
            return f"nh.unlev_room({lua_string(name[5:])})"
        raise ConvertError(f"unknown core function {name}")

    # -- selections ------------------------------------------------------------------
    def sel(self, n) -> str:
        """A Lua selection for a node of selection (or coordinate) value."""
        if isinstance(n, A.CoordLit):
            return f"selection.new():set({n.x}, {n.y})"
        if isinstance(n, (A.RandomCoord, A.RndCoord, A.CoreCall)) and \
                getattr(n, "returns", "c") == "c":
            return f"selection.new():set({self.ex(n)})"
        if isinstance(n, (A.Var, A.Index)) and getattr(n, "vtype", None) == "coord":
            return f"selection.new():set({self.ex(n)})"
        if isinstance(n, A.Index) and n.var.vtype == "coord":
            return f"selection.new():set({self.ex(n)})"
        if type(n).__name__.startswith("Sel"):
            return getattr(self, "s_" + type(n).__name__)(n)
        return self.ex(n)

    def coord_args(self, n) -> str:
        if isinstance(n, A.CoordLit):
            return f"{n.x}, {n.y}"
        return self.ex(n)

    def s_SelCoord(self, n):
        return self.sel(n.coord) if not isinstance(n.coord, (A.Var, A.Index)) else \
            f"selection.new():set({self.ex(n.coord)})"

    def s_SelRect(self, n):
        f = "area" if n.filled else "rect"
        if isinstance(n.region, A.RegionLit):
            r = n.region
            return f"selection.{f}({r.x1}, {r.y1}, {r.x2}, {r.y2})"
        return f"selection.{f}({self.ex(n.region)})"

    def s_SelLine(self, n):
        return f"selection.line({self.coord_args(n.start)}, {self.coord_args(n.end)})"

    def s_SelRandLine(self, n):
        return (f"selection.randline({self.coord_args(n.start)}, {self.coord_args(n.end)}, "
                f"{self.ex(n.roughness)})")

    def s_SelGrow(self, n):
        if n.directions == W_ANY:
            return f"selection.grow({self.sel(n.selection)}, \"all\")"
        # 3.7's grow("north") spreads north and brings a diagonal only for two
        # directions; the des-file's spreads the other way with both diagonals
        self.helpers.add("grow_des")
        return f"grow_des({self.sel(n.selection)}, {n.directions})"

    def s_SelFilterPercent(self, n):
        return f"selection.percentage({self.sel(n.selection)}, {n.percent})"

    def s_SelFilterSel(self, n):
        return f"({self.sel(n.filter)} & {self.sel(n.selection)})"

    def s_SelFilterMapChar(self, n):
        return f"selection.filter_mapchar({self.sel(n.selection)}, {self.ex(n.mapchar)})"

    def s_SelFlood(self, n):
        return f"selection.floodfill({self.coord_args(n.coord)})"

    def s_SelCircle(self, n):
        extra = "" if n.filling is None else (", true" if n.filling else ", false")
        return f"selection.circle({self.coord_args(n.center)}, {self.ex(n.radius)}{extra})"

    def s_SelEllipse(self, n):
        extra = "" if n.filling is None else (", true" if n.filling else ", false")
        return (f"selection.ellipse({self.coord_args(n.center)}, {self.ex(n.a)}, "
                f"{self.ex(n.b)}{extra})")

    def s_SelGradient(self, n):
        parts = [f"type = {lua_string('square' if n.kind == 1 else 'radial')}",
                 f"mindist = {self.ex(n.mindist)}", f"maxdist = {self.ex(n.maxdist)}"]
        if n.limited:
            parts.append("limited = true")
        centre = self.coord_fields(n.center)
        if centre:                  # None: a plain random centre, 3.7's default
            parts.append(centre)
        if n.center2 is not None:
            c2 = n.center2
            if isinstance(c2, A.CoordLit):
                parts.append(f"x2 = {c2.x}, y2 = {c2.y}")
            else:
                parts.append(f"x2 = ({self.ex(c2)}).x, y2 = ({self.ex(c2)}).y")
        return "selection.gradient({ " + ", ".join(parts) + " })"

    def s_SelComplement(self, n):
        return f"(~{self.sel(n.selection)})"

    def s_SelUnion(self, n):
        return f"({self.sel(n.left)} | {self.sel(n.right)})"

    # -- coordinates in statements ---------------------------------------------------
    def coord_fields(self, n) -> Optional[str]:
        """``x = , y = `` / ``coord = `` for a statement's option table; None for a plain
        random coordinate (3.7's default)."""
        if isinstance(n, A.CoordLit):
            return f"x = {n.x}, y = {n.y}"
        if isinstance(n, A.RandomCoord):
            if n.humidity:
                return f"humidity = {n.humidity}"
            return None
        return f"coord = {self.ex(n)}"
