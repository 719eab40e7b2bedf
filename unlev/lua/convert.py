"""des-file (UnNetHack, NetHack 3.6, 3.4.3) -> NetHack 3.7 Lua, one chunk per LEVEL.

Why here: a maintainer porting a variant to 3.7 rewrites every des-file; this writes the
Lua 3.7 lays out (``des.*`` calls with option tables, ``selection`` values, ``percent``,
``math.random``, ``shuffle``), keeping the des-file's comments (``#`` lines become
``--`` lines before the statement that follows them).  Anything 3.7 cannot express is
still written so that unlev runs it, with an ``-- unlev: ...`` note saying what 3.7
lacks.

Random numbers are written so that, run by unlev (:mod:`unlev.lua.runtime`), the Lua
draws exactly what the des-file draws, in the same order: ``[p%]`` -> ``percent(p)``,
``rnd(n)`` -> ``nh.rn2(n)``, ``NdM`` -> ``d(N, M)``, ``SWITCH [n]`` -> ``nh.rn2(n)``,
``SHUFFLE`` -> ``shuffle``, random coordinates left to the statement (3.7's default),
and the align register read through the index map of :mod:`unlev.lua.nh_api`.
"""

from __future__ import annotations

import os
import re
from typing import Dict, List, Optional, Tuple

from unlev.lang import ast as A
from unlev.stdlib.selection import W_ANY, W_EAST, W_NORTH, W_SOUTH, W_WEST

from .des_api import ALIGNMENTS, ALTAR_TYPES, DOOR_STATES

_LUA_KEYWORDS = {"and", "break", "do", "else", "elseif", "end", "false", "for", "function",
                 "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then",
                 "true", "until", "while"}
_RESERVED = _LUA_KEYWORDS | {"des", "selection", "nh", "u", "nhc", "align", "d", "percent",
                             "shuffle", "math", "string", "table", "idiv", "imod", "type",
                             "print", "error", "pairs", "ipairs", "tostring", "tonumber",
                             "select", "next", "monkfoodshop", "hell_tweaks"}
_DIR_NAME = {W_NORTH: "north", W_SOUTH: "south", W_EAST: "east", W_WEST: "west", W_ANY: "all"}
_ALIGN_NAME = {v: k for k, v in ALIGNMENTS.items()}
_DOOR_NAME = {v: k for k, v in DOOR_STATES.items()}
_ALTAR_NAME = {v: k for k, v in ALTAR_TYPES.items()}
_ENGR_NAME = {1: "dust", 2: "engrave", 3: "burn", 4: "mark", 5: "blood", -1: "random"}
_HALIGN = {1: "left", 2: "half-left", 3: "center", 4: "half-right", 5: "right", -1: "random"}
_VALIGN = {1: "top", 3: "center", 5: "bottom", -1: "random"}
_WALL_NAME = {1: "north", 2: "south", 4: "east", 8: "west", 15: "all", -1: "random"}
_CURSE_NAME = {1: "blessed", 2: "uncursed", 3: "cursed"}
_APPEAR_NAME = {1: "ter", 2: "obj", 3: "mon"}
# the des-file's align[i] is Lua's align[_ALIGN_INDEX[i]] (see nh_api)
_ALIGN_INDEX = {0: 2, 1: 1, 2: 3}

_HELPERS = {
    "idiv": "-- the des-file's integer '/': C truncation; a divisor below 1 gives 0\n"
            "local function idiv(a, b)\n"
            "  if b < 1 then return 0 end\n"
            "  local q = math.abs(a) // b\n"
            "  if a < 0 then return -q end\n"
            "  return q\nend",
    "imod": "-- the des-file's '%': C remainder; a divisor below 1 gives 0\n"
            "local function imod(a, b)\n"
            "  if b < 1 then return 0 end\n"
            "  local r = math.abs(a) % b\n"
            "  if a < 0 then return -r end\n"
            "  return r\nend",
    "atoi": "-- the des-file's integer(): the leading number of a string, else 0\n"
            "local function atoi(s)\n"
            "  return math.tointeger(tonumber(string.match(s, \"^%s*([-+]?%d+)\"))) or 0\n"
            "end",
}


class ConvertError(Exception):
    pass


def lua_string(s: str) -> str:
    out = ['"']
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append("\\%03d" % ord(ch))
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _long_string(text: str) -> str:
    eq = ""
    while f"]{eq}]" in text:
        eq += "="
    return f"[{eq}[\n{text}]{eq}]"


class LevelConverter:
    """Converts one LEVEL (with the file's header functions) to one Lua chunk."""

    def __init__(self, compiled, level: A.Level, source_lines: List[str],
                 comment_range: Tuple[int, int], path: str) -> None:
        self.compiled = compiled
        self.level = level
        self.path = path
        self.out: List[str] = []
        self.depth = 0
        self.helpers: set = set()
        self.notes = 0
        self.comments = {i + 1: line for i, line in enumerate(source_lines)
                         if line.lstrip().startswith("#")}
        self.comment_lo, self.comment_hi = comment_range
        self.emitted_comments: set = set()
        self.array_len: Dict[str, Optional[int]] = {}
        self.tmp = 0
        self.preamble_end = 0
        # loop/switch/room/function nesting, innermost last: what BREAK/EXIT become
        self.ctx: List[str] = []

    # -- output ----------------------------------------------------------------------
    def emit(self, text: str) -> None:
        pad = "  " * self.depth
        for line in text.split("\n"):
            self.out.append(pad + line if line else "")

    def note(self, text: str) -> None:
        self.notes += 1
        self.emit(f"-- unlev: {text}")

    def comments_before(self, line: int) -> None:
        for ln in sorted(k for k in self.comments if k < line and k not in self.emitted_comments
                         and (self.comment_lo <= k < self.comment_hi
                              or k < self.preamble_end)):
            self.emitted_comments.add(ln)
            body = self.comments[ln].lstrip()[1:]
            self.emit("--" + (body if body.startswith(" ") or not body else " " + body))

    def fresh(self, base: str) -> str:
        self.tmp += 1
        return f"{base}{self.tmp}"

    # -- names -----------------------------------------------------------------------
    @staticmethod
    def name(n: str) -> str:
        n = re.sub(r"\W", "_", n.lstrip("$"))
        if n in _RESERVED or n[:1].isdigit():
            return n + "_"
        return n

    # -- expressions -----------------------------------------------------------------
    def ex(self, n) -> str:
        fn = getattr(self, "e_" + type(n).__name__, None)
        if fn is None:
            raise ConvertError(f"cannot convert {type(n).__name__}")
        return fn(n)

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
        d = _DIR_NAME.get(n.directions)
        arg = lua_string(d) if d else str(n.directions)
        return f"selection.grow({self.sel(n.selection)}, {arg})"

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

    def table(self, parts) -> str:
        parts = [p for p in parts if p]
        return "{ " + ", ".join(parts) + " }" if parts else "{}"

    # -- conditions ------------------------------------------------------------------
    def cond(self, c) -> str:
        if isinstance(c, A.CondPercent):
            return f"percent({c.percent})"
        if isinstance(c, A.CondTruth):
            return f"{self.ex(c.expr)} ~= 0"
        op = "~=" if c.op == "!=" else c.op
        return f"{self.ex(c.left)} {op} {self.ex(c.right)}"

    # -- statements ------------------------------------------------------------------
    def block(self, statements) -> None:
        self.depth += 1
        for s in statements:
            self.stmt(s)
        self.depth -= 1

    def stmt(self, s) -> None:
        self.comments_before(s.span.line)
        fn = getattr(self, "x_" + type(s).__name__, None)
        if fn is None:
            raise ConvertError(f"cannot convert statement {type(s).__name__}")
        fn(s)

    def x_FunctionDef(self, s):
        pass    # written at the top of the level

    def x_Include(self, s):
        self.note(f"INCLUDE \"{s.path}\": its FUNCTIONs are written above")

    def x_FunctionCall(self, s):
        self.emit(f"{self.name(s.name)}({', '.join(self.ex(a) for a in s.args)})")

    def x_CoreFuncStmt(self, s):
        self.emit(f"local _ = {self.ex(s.call)}")

    def x_Assign(self, s):
        value = self.sel(s.value) if s.vtype == "selection" and not s.is_array else self.ex(s.value)
        if isinstance(s.value, A.Var) and s.value.is_array:
            value = f"{{ table.unpack({value}) }}"   # arrays are copied on assignment
        self.emit(f"{self.name(s.name)} = {value}")

    def x_Shuffle(self, s):
        self.emit(f"shuffle({self.name(s.var.name)})")

    def x_Exit(self, s):
        if not any(c in ("function", "room") for c in self.ctx):
            self.emit("do return end")
        else:
            self.note("EXIT inside a function or room: 3.7 has no way to end the level there")
            self.emit("nh.unlev_exit()")

    def x_Break(self, s):
        inner = self.ctx[-1] if self.ctx else "level"
        if inner in ("loop", "switch"):
            self.emit("break")
        elif inner == "room":
            self.emit("do return end")
        elif inner == "level":
            self.emit("do return end")
        else:
            self.note("BREAK in a function outside a loop ends the caller's loop in the "
                      "des-file; here it only returns from the function")
            self.emit("do return end")

    def x_If(self, s):
        self.emit(f"if {self.cond(s.cond)} then")
        self.block(s.then.statements)
        orelse = s.orelse
        while orelse is not None:
            if len(orelse.statements) == 1 and isinstance(orelse.statements[0], A.If) \
                    and orelse.statements[0].span.line == orelse.span.line:
                inner = orelse.statements[0]
                self.emit(f"elseif {self.cond(inner.cond)} then")
                self.block(inner.then.statements)
                orelse = inner.orelse
            else:
                self.emit("else")
                self.block(orelse.statements)
                orelse = None
        self.emit("end")

    def x_Chance(self, s):
        self.emit(f"if {self.cond(s.cond)} then")
        self.block([s.statement])
        self.emit("end")

    def x_Switch(self, s):
        var = self.fresh("case")
        if s.random:
            if isinstance(s.expr, A.Int):
                value = f"nh.rn2({s.expr.value})" if s.expr.value > 1 else "0"
            else:
                e = self.ex(s.expr)
                value = f"(({e}) > 1 and nh.rn2({e}) or 0)"
        else:
            value = self.ex(s.expr)
        self.emit(f"local {var} = {value}")
        arms = s.arms
        simple = all(arm.body and isinstance(arm.body[-1], A.Break)
                     and not any(isinstance(x, A.Break) for x in arm.body[:-1])
                     for arm in arms[:-1]) and \
            all(a.value is not None for a in arms[:-1])
        if simple and arms:
            for i, arm in enumerate(arms):
                body = arm.body[:-1] if arm.body and isinstance(arm.body[-1], A.Break) else arm.body
                if arm.value is None:
                    self.emit("else" if i else "do")
                else:
                    self.emit(f"{'if' if i == 0 else 'elseif'} {var} == {arm.value} then")
                self.ctx.append("switch-flat")
                self.block([b for b in body])
                self.ctx.pop()
            self.emit("end")
            return
        # cases fall through, as in the des-file: find the first arm, run from there
        values = [a.value for a in arms]
        start = self.fresh("from")
        known = ", ".join(f"[{v}] = {i + 1}" for i, v in enumerate(values) if v is not None
                          and v not in values[:i])
        default = next((i + 1 for i, v in enumerate(values) if v is None), "nil")
        self.emit(f"local {start} = ({{ {known} }})[{var}] or {default}")
        self.emit("repeat")
        self.depth += 1
        self.emit(f"if {start} == nil then break end")
        self.ctx.append("switch")
        for i, arm in enumerate(arms):
            self.emit(f"if {start} <= {i + 1} then")
            self.block(arm.body)
            self.emit("end")
        self.ctx.pop()
        self.depth -= 1
        self.emit("until true")

    def x_Loop(self, s):
        if isinstance(s.count, A.Int):
            count = str(max(s.count.value, 1))
        else:
            count = f"math.max({self.ex(s.count)}, 1)"
        self.emit(f"for _ = 1, {count} do")
        self.ctx.append("loop")
        self.block(s.body.statements)
        self.ctx.pop()
        self.emit("end")

    def x_For(self, s):
        v = self.name(s.var)
        if isinstance(s.start, A.Int) and isinstance(s.end, A.Int) and s.start.value != s.end.value:
            step = "" if s.end.value > s.start.value else ", -1"
            loopvar = self.fresh("i")
            self.emit(f"for {loopvar} = {s.start.value}, {s.end.value}{step} do")
            self.depth += 1
            self.emit(f"{v} = {loopvar}")
            self.depth -= 1
            self.ctx.append("loop")
            self.block(s.body.statements)
            self.ctx.pop()
            self.emit("end")
            return
        self.note("FOR with computed bounds: written as a while loop with the des-file's "
                  "semantics (at least once, inclusive, either direction)")
        last, step = self.fresh("last"), self.fresh("step")
        self.emit(f"{v} = {self.ex(s.start)}")
        self.emit(f"local {last} = {self.ex(s.end)}")
        self.emit(f"local {step} = ({last} > {v}) and 1 or (({last} < {v}) and -1 or 0)")
        self.emit("while true do")
        self.ctx.append("loop")
        self.block(s.body.statements)
        self.ctx.pop()
        self.depth += 1
        cur = self.fresh("cur")
        self.emit(f"local {cur} = {v}")
        self.emit(f"{v} = {cur} + {step}")
        self.emit(f"if {cur} == {last} then break end")
        self.depth -= 1
        self.emit("end")

    # rooms and regions
    def room_fields(self, s) -> List[str]:
        parts = [f"type = {lua_string(s.rtype)}" if s.rtype else None]
        if s.chance != 100:
            parts.append(f"chance = {s.chance}")
        parts.append(f"lit = {s.light}")
        if s.pos is not None:
            parts.append(f"x = {s.pos[0]}, y = {s.pos[1]}")
        if s.align is not None:
            parts.append(f"xalign = {lua_string(_HALIGN.get(s.align[0], 'random'))}, "
                         f"yalign = {lua_string(_VALIGN.get(s.align[1], 'random'))}")
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
                parts.append(f"appear_as = {lua_string(_APPEAR_NAME.get(kind, 'obj') + ':')} .. "
                             f"{self.ex(what) if isinstance(what, A.Node) else lua_string(str(what))}")
            elif isinstance(value, A.Node):
                parts.append(f"{key} = {self.ex(value)}")
            else:
                parts.append(f"{key} = {_lua_const(value)}")
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
            return f"align[{_ALIGN_INDEX[a.value]}]"
        if a.kind == "random":
            return '"random"'
        return lua_string(_ALIGN_NAME.get(a.value, str(a.value)))

    def obj_fields(self, s) -> List[str]:
        parts = self.spec_fields(s.spec)

        def attr(key, value):
            if key == "curse":
                return f"buc = {lua_string(_CURSE_NAME.get(value, 'random'))}"
            if key == "montype":
                return f"montype = {self.ex(value)}"
            if isinstance(value, A.Node):
                return f"{key} = {self.ex(value)}"
            return f"{key} = {_lua_const(value)}"

        if s.coord is not None:
            early = [k for k, v in s.attrs.items() if _before(v, s.coord)]
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

    def x_Message(self, s):
        self.emit(f"des.message({self.ex(s.text)})")

    def x_InitMap(self, s):
        style = s.style.lower()
        if style == "solidfill":
            parts = ['style = "solidfill"', f"fg = {lua_string(s.fill.char)}"]
            if s.fill.light != -2:
                parts.append(f"lit = {s.fill.light}")
        elif style == "mazegrid":
            ch = s.fill.char if s.fill is not None else (s.fillchar or "-")
            parts = ['style = "mazegrid"', f"bg = {lua_string(ch)}"]
        elif style == "mines":
            parts = ['style = "mines"', f"fg = {lua_string(s.fg)}", f"bg = {lua_string(s.bg)}",
                     f"smoothed = {_lua_bool(s.smoothed)}", f"joined = {_lua_bool(s.joined)}",
                     f"lit = {s.lit if s.lit is not None else 0}",
                     f"walled = {_lua_bool(s.walled) if s.walled in (0, 1, None) else s.walled}"]
            if s.fillchar:
                parts.append(f"filling = {lua_string(s.fillchar)}")
        else:
            self.note(f"INIT_MAP style {style}: not a 3.7 style; unlev runs it")
            parts = [f"style = {lua_string(style)}"]
        self.emit(f"des.level_init({self.table(parts)})")

    def x_MapStmt(self, s):
        parts = []
        if s.coord is not None:
            parts.append(self.coord_fields(s.coord) or "coord = { random = true }")
        else:
            if s.halign is not None:
                parts.append(f"halign = {lua_string(_HALIGN.get(s.halign, 'center'))}")
            if s.valign is not None:
                parts.append(f"valign = {lua_string(_VALIGN.get(s.valign, 'center'))}")
        if s.keep_region != 1:
            self.note("the des-file asks not to keep the MAP's region (3.7 has no such option)")
            parts.append(f"unlev_keep_region = {s.keep_region}")
        text = "\n".join(s.lines or []) + "\n"
        if parts == ['halign = "center"', 'valign = "center"'] or not parts:
            self.emit_raw(f"des.map({_long_string(text)})")
        else:
            self.emit_raw("des.map({ " + ", ".join(parts) + f", map = {_long_string(text)} }})")

    def emit_raw(self, text: str) -> None:
        """Emit without indenting continuation lines (a map's rows must stay as they are)."""
        pad = "  " * self.depth
        self.out.append(pad + text)

    def x_VaultGen(self, s):
        self.note("VAULTGEN: UnNetHack's random vaults; 3.7 has no statement for it")
        self.emit(f"des.vaultgen({s.frequency})")

    def x_RoomDoor(self, s):
        if s.walls in _WALL_NAME:
            wall = lua_string(_WALL_NAME[s.walls])
        else:
            self.note("a door on several walls (a bit mask): 3.7 names one wall")
            wall = str(s.walls)
        parts = [f"state = {lua_string(_DOOR_NAME.get(s.state, 'random'))}", f"wall = {wall}"]
        if s.secret != -1:
            parts.append(f"secret = {s.secret}")
        if s.pos != -1:
            parts.append(f"pos = {s.pos}")
        self.emit(f"des.door({self.table(parts)})")

    def x_Door(self, s):
        state = lua_string(_DOOR_NAME.get(s.state, "random"))
        sel = s.selection
        if isinstance(sel, A.SelCoord):
            sel = sel.coord
        if isinstance(sel, A.CoordLit):
            self.emit(f"des.door({state}, {sel.x}, {sel.y})")
        elif isinstance(sel, A.RandomCoord) and not sel.humidity:
            self.emit(f"des.door({{ state = {state}, coord = {self.ex(sel)} }})")
        elif isinstance(sel, (A.Var, A.Index)) and _is_coordish(sel):
            self.emit(f"des.door({{ state = {state}, coord = {self.ex(sel)} }})")
        else:
            self.note("DOOR on a whole selection: 3.7's des.door takes one spot")
            self.emit(f"des.door({{ state = {state}, selection = {self.sel(sel)} }})")

    def x_Corridor(self, s):
        parts = [f"srcroom = {s.src.room}", f"srcwall = {lua_string(_WALL_NAME.get(s.src.wall, 'random'))}",
                 f"srcdoor = {s.src.door}"]
        if isinstance(s.dst, A.CorridorEnd):
            parts += [f"destroom = {s.dst.room}",
                      f"destwall = {lua_string(_WALL_NAME.get(s.dst.wall, 'random'))}",
                      f"destdoor = {s.dst.door}"]
        else:
            self.note("CORRIDOR to a number (an nxcor corridor): not in 3.7")
            parts.append(f"nxcor = {s.dst}")
        self.emit(f"des.corridor({self.table(parts)})")

    def x_RandomCorridors(self, s):
        if s.style is None:
            self.emit("des.random_corridors()")
        else:
            self.note("RANDOM_CORRIDORS with a style: 3.7's has none")
            self.emit(f"des.random_corridors({s.style})")

    def x_Drawbridge(self, s):
        parts = [f"dir = {lua_string(_WALL_NAME.get(s.direction, 'random'))}",
                 f"state = {lua_string({1: 'open', 0: 'closed'}.get(s.state, 'random'))}",
                 self.coord_fields(s.coord)]
        self.emit(f"des.drawbridge({self.table(parts)})")

    def x_MazeWalk(self, s):
        parts = [self.coord_fields(s.coord),
                 f"dir = {lua_string(_WALL_NAME.get(s.direction, 'random'))}"]
        if s.stocked is not None:
            parts.append(f"stocked = {_lua_bool(s.stocked)}")
        if s.fillchar is not None:
            parts.append(f"typ = {lua_string(s.fillchar)}")
        self.emit(f"des.mazewalk({self.table(parts)})")

    def x_Wallify(self, s):
        if s.selection is None:
            self.emit("des.wallify()")
        else:
            self.emit(f"des.wallify({{ selection = {self.sel(s.selection)} }})")

    def x_WallWalk(self, s):
        self.note("WALLWALK: UnNetHack's; 3.7 has no such statement")
        parts = [self.coord_fields(s.coord), f"fg = {self.ex(s.fg)}"]
        if s.bg is not None:
            parts.append(f"bg = {self.ex(s.bg)}")
        parts.append(f"chance = {s.percent}")
        self.emit(f"des.wallwalk({self.table(parts)})")

    def x_Ladder(self, s):
        self.stair("des.ladder", s)

    def x_Stair(self, s):
        self.stair("des.stair", s)

    def stair(self, head, s):
        d = lua_string("up" if s.up else "down")
        if isinstance(s.coord, A.CoordLit):
            self.emit(f"{head}({d}, {s.coord.x}, {s.coord.y})")
        elif isinstance(s.coord, A.RandomCoord) and not s.coord.humidity:
            self.emit(f"{head}({d})")
        else:
            self.emit(f"{head}({self.table([f'dir = {d}', self.coord_fields(s.coord)])})")

    def x_LevRegionStmt(self, s):
        def region(key, r):
            if isinstance(r, A.RegionLit):
                out = f"{key} = {{ {r.x1}, {r.y1}, {r.x2}, {r.y2} }}"
                return out + f", {key}_islev = {1 if r.whole_level else 0}"
            return f"{key} = {self.ex(r)}"
        parts = [region("region", s.area), region("exclude", s.exclude)]
        if s.kind == "teleport":
            if s.up is not None:
                parts.append(f"dir = {lua_string('up' if s.up else 'down')}")
            self.emit(f"des.teleport_region({self.table(parts)})")
            return
        typ = {"stair": "stair-up" if s.up else "stair-down", "portal": "portal",
               "branch": "branch"}[s.kind]
        parts.insert(0, f"type = {lua_string(typ)}")
        if s.dest:
            parts.append(f"name = {lua_string(s.dest)}")
        self.emit(f"des.levregion({self.table(parts)})")

    def x_Feature(self, s):
        sel = s.selection.coord if isinstance(s.selection, A.SelCoord) else s.selection
        if isinstance(sel, A.CoordLit):
            self.emit(f"des.feature({lua_string(s.kind)}, {sel.x}, {sel.y})")
        else:
            self.emit(f"des.feature({lua_string(s.kind)}, {self.sel(sel)})")

    def x_Terrain(self, s):
        sel = s.selection.coord if isinstance(s.selection, A.SelCoord) else s.selection
        mc = s.mapchar
        if isinstance(mc, A.MapChar) and mc.light == -2 and isinstance(sel, A.CoordLit):
            self.emit(f"des.terrain({sel.x}, {sel.y}, {lua_string(mc.char)})")
        elif isinstance(mc, A.MapChar) and mc.light == -2:
            self.emit(f"des.terrain({self.sel(sel)}, {lua_string(mc.char)})")
        else:
            self.emit(f"des.terrain({self.sel(sel)}, {self.ex(mc)})")

    def x_ReplaceTerrain(self, s):
        r = s.region
        parts = []
        if isinstance(r, A.RegionLit):
            parts.append(f"region = {{ {r.x1}, {r.y1}, {r.x2}, {r.y2} }}")
            if r.whole_level:
                parts.append("region_islev = 1")
        else:
            parts.append(f"region = {self.ex(r)}")
        frm, to = s.from_char, s.to_char
        parts.append(f"fromterrain = {self.ex(frm)}")
        if isinstance(to, A.MapChar) and to.light != -2:
            parts.append(f"toterrain = {lua_string(to.char)}, lit = {to.light}")
        else:
            parts.append(f"toterrain = {self.ex(to)}")
        parts.append(f"chance = {s.percent}")
        self.emit(f"des.replace_terrain({self.table(parts)})")

    def x_Spill(self, s):
        self.note("SPILL: UnNetHack's; 3.7 has no such statement")
        parts = [self.coord_fields(s.coord), f"typ = {self.ex(s.mapchar)}",
                 f"dir = {lua_string(_WALL_NAME.get(s.direction, 'random'))}",
                 f"count = {self.ex(s.count)}"]
        self.emit(f"des.spill({self.table(parts)})")

    def _region_stmt(self, head, r):
        if isinstance(r, A.RegionLit):
            if r.whole_level:
                self.note("a levregion() here is relative to the level, not the MAP")
            self.emit(f"{head}(selection.area({r.x1}, {r.y1}, {r.x2}, {r.y2}))")
        else:
            self.emit(f"{head}({{ region = {self.ex(r)} }})")

    def x_NonDiggable(self, s):
        self._region_stmt("des.non_diggable", s.region)

    def x_NonPasswall(self, s):
        self._region_stmt("des.non_passwall", s.region)

    def x_Altar(self, s):
        parts = [self.coord_fields(s.coord), f"align = {self.align(s.align)}",
                 f"type = {lua_string(_ALTAR_NAME.get(s.altar_type, 'random'))}"]
        self.emit(f"des.altar({self.table(parts)})")

    def x_Grave(self, s):
        parts = [self.coord_fields(s.coord)]
        if s.text is not None:
            parts.append(f"text = {self.ex(s.text)}")
        elif not s.random_text:
            self.note("a grave without an epitaph: 3.7 always engraves one")
            parts.append("unlev_no_text = true")
        self.emit(f"des.grave({self.table(parts)})")

    def x_Gold(self, s):
        parts = [f"amount = {self.ex(s.amount)}", self.coord_fields(s.coord)]
        self.emit(f"des.gold({self.table(parts)})")

    def x_Engraving(self, s):
        parts = [self.coord_fields(s.coord), f"type = {lua_string(_ENGR_NAME.get(s.etype, 'random'))}",
                 f"text = {self.ex(s.text)}"]
        self.emit(f"des.engraving({self.table(parts)})")

    def x_Mineralize(self, s):
        self.note("MINERALIZE with probabilities: UnNetHack's; 3.7 mineralizes by itself")
        parts = []
        for key in ("kelp_pool", "kelp_moat", "gold_prob", "gem_prob"):
            v = getattr(s, key)
            if v is not None:
                parts.append(f"{key} = {self.ex(v)}")
        self.emit(f"des.mineralize({self.table(parts)})")

    def x_Trap(self, s):
        if s.name is None:
            f = self.coord_fields(s.coord)
            self.emit(f"des.trap({{ {f} }})" if f else "des.trap()")
        elif isinstance(s.coord, A.CoordLit):
            self.emit(f"des.trap({lua_string(s.name)}, {s.coord.x}, {s.coord.y})")
        elif isinstance(s.coord, A.RandomCoord) and not s.coord.humidity:
            self.emit(f"des.trap({lua_string(s.name)})")
        else:
            self.emit(f"des.trap({self.table([f'type = {lua_string(s.name)}', self.coord_fields(s.coord)])})")

    def x_MonGeneration(self, s):
        self.note("MON_GENERATION: UnNetHack's; 3.7 has no such statement")
        entries = ", ".join(f"{{ {self.ex(w)}, {self.ex(m)} }}" for w, m in s.entries)
        self.emit(f"des.mon_generation({s.percent}, {{ {entries} }})")

    def x_Sounds(self, s):
        self.note("LEVEL_SOUNDS: UnNetHack's; 3.7 has no such statement")
        hows = {0: "hear", 1: "pline", 2: "verbal", 3: "feel"}
        entries = ", ".join(f"{{ {lua_string(hows.get(h, 'hear'))}, {self.ex(t)} }}"
                            for h, t in s.entries)
        self.emit(f"des.sounds({self.ex(s.frequency)}, {{ {entries} }})")

    # -- the whole level -------------------------------------------------------------
    def convert(self, header: List[A.Node], functions: List[A.FunctionDef]) -> str:
        lv = self.level
        self._collect_arrays()
        body_out: List[str] = []
        saved, self.out = self.out, body_out
        # the level's variables: one frame, declared once at the top
        names = _assigned(lv.body.statements)
        loopvars = _for_vars(lv.body.statements)
        all_vars = sorted(set(names) | set(loopvars))
        self.comments_before(lv.span.line + 1)
        flags = [f for f, _b in lv.flags]
        if all_vars:
            for i in range(0, len(all_vars), 12):
                self.emit("local " + ", ".join(self.name(v) for v in all_vars[i:i + 12]))
        for fdef in functions:
            self.function(fdef)
        if flags:
            self.emit("des.level_flags(" + ", ".join(lua_string(f) for f in flags) + ")")
        for s in lv.body.statements:
            self.stmt(s)
        self.comments_before(10 ** 9)
        self.out = saved
        head = [f"-- {lv.name}.lua: converted by unlev from {os.path.basename(self.path)} "
                f"(LEVEL \"{lv.name}\", {getattr(self.compiled, 'dialect', 'unnethack')} dialect)"]
        for h in sorted(self.helpers):
            head.append(_HELPERS[h])
        head.append("")
        return "\n".join(head + body_out) + "\n"

    def function(self, f: A.FunctionDef) -> None:
        self.comments_before(f.span.line)
        params = [self.name(p) for p, _t in f.params]
        self.emit(f"function {self.name(f.name)}({', '.join(params)})")
        names = sorted((set(_assigned(f.body.statements)) | set(_for_vars(f.body.statements)))
                       - {p for p, _t in f.params})
        self.depth += 1
        if names:
            self.emit("local " + ", ".join(self.name(v) for v in names))
        self.depth -= 1
        self.ctx.append("function")
        self.block(f.body.statements)
        self.ctx.pop()
        self.emit("end")

    def _collect_arrays(self) -> None:
        counts: Dict[str, int] = {}
        lengths: Dict[str, int] = {}
        for n in A.walk(self.level):
            if isinstance(n, A.Assign):
                counts[n.name] = counts.get(n.name, 0) + 1
                if isinstance(n.value, A.ArrayLit):
                    lengths[n.name] = len(n.value.items)
        self.array_len = {k: v for k, v in lengths.items() if counts.get(k) == 1}


def _assigned(statements) -> List[str]:
    out: List[str] = []
    for n in statements:
        for m in A.walk(n):
            if isinstance(m, A.Assign) and m.name not in out:
                out.append(m.name)
            if isinstance(m, A.FunctionDef):
                pass
    return out


def _for_vars(statements) -> List[str]:
    return [m.var for n in statements for m in A.walk(n) if isinstance(m, A.For)]


def _before(value, node) -> bool:
    if isinstance(value, tuple):
        value = next((v for v in value if isinstance(v, A.Node)), None)
    if not isinstance(value, A.Node):
        return False
    return (value.span.line, value.span.col) < (node.span.line, node.span.col)


def _is_coordish(n) -> bool:
    var = n.var if isinstance(n, A.Index) else n
    return getattr(var, "vtype", None) == "coord"


def _lua_const(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return lua_string(v)
    raise ConvertError(f"cannot write {v!r} in Lua")


def _lua_bool(v) -> str:
    if v is None:
        return "false"
    if v == -1:
        return "-1"
    return "true" if v else "false"


def _all_functions(compiled, level: A.Level) -> List[A.FunctionDef]:
    from unlev.lang.evaluator import Evaluator
    seen: Dict[str, A.FunctionDef] = {}

    def header(nodes):
        for n in nodes:
            if isinstance(n, A.FunctionDef):
                seen.setdefault(n.name, n)
            elif isinstance(n, A.Include) and getattr(n, "tree", None) is not None:
                header(n.tree.header)
    header(compiled.tree.header)
    for f in Evaluator.nested_functions(level):
        seen.setdefault(f.name, f)
    return list(seen.values())


def convert_compiled(compiled, text: str, path: str) -> List[Tuple[str, str]]:
    """``[(level name, Lua text)]`` for every LEVEL of a compiled des-file.  Of two
    LEVELs with one name both are converted (the caller decides which file wins; the
    game keeps the last)."""
    lines = text.splitlines()
    levels = compiled.tree.levels
    starts = [lv.span.line for lv in levels]
    out = []
    for i, lv in enumerate(levels):
        lo = starts[i]
        hi = starts[i + 1] if i + 1 < len(levels) else len(lines) + 1
        conv = LevelConverter(compiled, lv, lines, (1 if i == 0 else lo, hi), path)
        conv.preamble_end = starts[0]   # the file's opening comments head every level
        out.append((lv.name, conv.convert(compiled.tree.header, _all_functions(compiled, lv))))
    return out


def convert_file(path: str, dialect: Optional[str] = "auto") -> List[Tuple[str, str]]:
    from unlev.lang.frontend import compile_file
    with open(path, encoding="latin-1") as fh:
        text = fh.read()
    compiled = compile_file(path, dialect=dialect, text=text)
    return convert_compiled(compiled, text, path)
