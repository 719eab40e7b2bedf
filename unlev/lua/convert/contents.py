"""Statements with contents: rooms, regions, monsters (with inventory) and objects
(with container contents), as 3.7's ``des.room``/``des.region``/``des.monster``/
``des.object`` with a ``contents`` function.
"""

from __future__ import annotations

from typing import List

from unlev.lang import ast as A

from .base import (ALIGN_INDEX, ALIGN_NAME, APPEAR_NAME, CURSE_NAME, HALIGN, VALIGN, before,
                   lua_const, lua_string)


class ContentsMixin:
    """``x_Room``, ``x_RegionStmt``, ``x_Monster``, ``x_Object`` and their fields."""

    def room_fields(self, s) -> List[str]:
        parts = [f"type = {lua_string(s.rtype)}" if s.rtype else None]
        if s.chance != 100:
            parts.append(f"chance = {s.chance}")
        parts.append(f"lit = {s.light}")
        if s.pos is not None:
            parts.append(f"x = {s.pos[0]}, y = {s.pos[1]}")
        if s.align is not None:
            parts.append(f"xalign = {lua_string(HALIGN.get(s.align[0], 'random'))}, "
                         f"yalign = {lua_string(VALIGN.get(s.align[1], 'random'))}")
        if s.size is not None:
            parts.append(f"w = {s.size[0]}, h = {s.size[1]}")
        for key in ("filled", "irregular", "joined"):
            v = getattr(s.flags, key)
            if v is not None:
                parts.append(f"{key} = {v}")
        return parts

    def contents(self, head: str, parts: List[str], body, ctx: str, arg: str = "") -> None:
        if body is None:
            self.emit(f"{head}({self.table(parts)})")
            return
        inner = [p for p in parts if p]
        self.emit(f"{head}({{ " + ", ".join(inner) + (", " if inner else "")
                  + f"contents = function({arg})")
        self.ctx.append(ctx)
        self.block(body.statements)
        self.ctx.pop()
        self.emit("end })")

    def x_Room(self, s):
        if s.subroom:
            pass   # a des.room inside another room's contents is a subroom in 3.7 too
        self.contents("des.room", self.room_fields(s), s.body, "room")

    def x_RegionStmt(self, s):
        r = s.region
        parts = []
        if isinstance(r, A.RegionLit):
            parts.append(f"region = {{ {r.x1}, {r.y1}, {r.x2}, {r.y2} }}")
            if r.whole_level:
                parts.append("region_islev = 1")
        else:
            parts.append(f"region = {self.ex(r)}")
        parts.append(f"lit = {s.light}")
        if s.rtype and s.rtype != "ordinary":
            parts.append(f"type = {lua_string(s.rtype)}")
        for key in ("filled", "irregular", "joined"):
            v = getattr(s.flags, key)
            if v is not None:
                parts.append(f"{key} = {v}")
        self.contents("des.region", parts, s.body, "room")

    def x_Monster(self, s):
        parts = self.spec_fields(s.spec)
        parts.append(self.coord_fields(s.coord))
        for key, value in s.attrs.items():
            if key == "align":
                parts.append(f"align = {self.align(value)}")
            elif key == "appear":
                kind, what = value
                parts.append(f"appear_as = {lua_string(APPEAR_NAME.get(kind, 'obj') + ':')} .. "
                             f"{self.ex(what) if isinstance(what, A.Node) else lua_string(str(what))}")
            elif isinstance(value, A.Node):
                parts.append(f"{key} = {self.ex(value)}")
            else:
                parts.append(f"{key} = {lua_const(value)}")
        if s.inventory is None:
            self.emit_short("des.monster", s.spec, s.coord, s.attrs, parts)
            return
        self.ctx.append("room")
        inner = [p for p in parts if p]
        self.emit("des.monster({ " + ", ".join(inner) + (", " if inner else "")
                  + "inventory = function()")
        self.block(s.inventory.statements)
        self.ctx.pop()
        self.emit("end })")

    def emit_short(self, head, spec, coord, attrs, parts):
        """3.7's short forms where they say the same: ``des.monster("L", 5, 6)``."""
        if not attrs and isinstance(spec, (A.MonsterSpec, A.ObjectSpec)) and \
                bool(spec.cls) != bool(spec.name) and \
                isinstance(coord, (A.CoordLit, A.RandomCoord)) and \
                not (isinstance(coord, A.RandomCoord) and coord.humidity):
            name = lua_string(spec.name or spec.cls)
            if isinstance(coord, A.CoordLit):
                self.emit(f"{head}({name}, {coord.x}, {coord.y})")
            else:
                self.emit(f"{head}({name})")
            return
        t = self.table(parts)
        self.emit(f"{head}()" if t == "{}" else f"{head}({t})")

    def spec_fields(self, spec) -> List[str]:
        if isinstance(spec, (A.MonsterSpec, A.ObjectSpec)):
            parts = []
            if spec.name:
                parts.append(f"id = {lua_string(spec.name)}")
            if spec.cls:
                parts.append(f"class = {lua_string(spec.cls)}")
            return parts
        return [f"id = {self.ex(spec)}"]

    def align(self, a: A.AlignSpec) -> str:
        if a.kind == "register":
            return f"align[{ALIGN_INDEX[a.value]}]"
        if a.kind == "random":
            return '"random"'
        return lua_string(ALIGN_NAME.get(a.value, str(a.value)))

    def obj_fields(self, s) -> List[str]:
        parts = self.spec_fields(s.spec)

        def attr(key, value):
            if key == "curse":
                return f"buc = {lua_string(CURSE_NAME.get(value, 'random'))}"
            if key == "montype":
                return f"montype = {self.ex(value)}"
            if isinstance(value, A.Node):
                return f"{key} = {self.ex(value)}"
            return f"{key} = {lua_const(value)}"

        if s.coord is not None:
            early = [k for k, v in s.attrs.items() if before(v, s.coord)]
            parts += [attr(k, s.attrs[k]) for k in early]
            parts.append(self.coord_fields(s.coord))
            parts += [attr(k, v) for k, v in s.attrs.items() if k not in early]
        else:
            parts += [attr(k, v) for k, v in s.attrs.items()]
        return parts

    def x_Object(self, s):
        parts = self.obj_fields(s)
        if s.container:
            inner = [p for p in parts if p]
            self.emit("des.object({ " + ", ".join(inner) + (", " if inner else "")
                      + "contents = function()")
            self.ctx.append("room")
            self.block(s.contents.statements if s.contents is not None else [])
            self.ctx.pop()
            self.emit("end })")
            return
        if s.coord is None:
            if not s.attrs and isinstance(s.spec, A.ObjectSpec) and bool(s.spec.cls) != bool(s.spec.name):
                self.emit(f"des.object({lua_string(s.spec.name or s.spec.cls)})")
            else:
                t = self.table(parts)
                self.emit("des.object()" if t == "{}" else f"des.object({t})")
            return
        self.emit_short("des.object", s.spec, s.coord, s.attrs, parts)
