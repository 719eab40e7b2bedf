"""The converter's common ground: Lua spelling of names and strings, the tables
of 3.7's words (door states, walls, alignments...), and :class:`ConverterBase`, the
output buffer, comment carrying and statement dispatch every statement family uses.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from unlev.lang import ast as A

from ..des.common import ALIGNMENTS, ALTAR_TYPES, DOOR_STATES

LUA_KEYWORDS = {"and", "break", "do", "else", "elseif", "end", "false", "for", "function",
                "goto", "if", "in", "local", "nil", "not", "or", "repeat", "return", "then",
                "true", "until", "while"}
RESERVED = LUA_KEYWORDS | {"des", "selection", "nh", "u", "nhc", "align", "d", "percent",
                            "shuffle", "math", "string", "table", "idiv", "imod", "type",
                            "print", "error", "pairs", "ipairs", "tostring", "tonumber",
                            "select", "next", "monkfoodshop", "hell_tweaks",
                            "grow_des"}
ALIGN_NAME = {v: k for k, v in ALIGNMENTS.items()}
DOOR_NAME = {v: k for k, v in DOOR_STATES.items()}
ALTAR_NAME = {v: k for k, v in ALTAR_TYPES.items()}
ENGR_NAME = {1: "dust", 2: "engrave", 3: "burn", 4: "mark", 5: "blood", -1: "random"}
HALIGN = {1: "left", 2: "half-left", 3: "center", 4: "half-right", 5: "right", -1: "random"}
VALIGN = {1: "top", 3: "center", 5: "bottom", -1: "random"}
WALL_NAME = {1: "north", 2: "south", 4: "east", 8: "west", 15: "all", -1: "random"}
CURSE_NAME = {1: "blessed", 2: "uncursed", 3: "cursed"}
APPEAR_NAME = {1: "ter", 2: "obj", 3: "mon"}
# the des-file's align[i] is Lua's align[ALIGN_INDEX[i]] (see nh_api)
ALIGN_INDEX = {0: 2, 1: 1, 2: 3}

HELPERS = {
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
    "grow_des": "-- the des-file's grow: a direction adds each square whose neighbour on that\n"
                "-- side (or on either diagonal beside it) is selected (N=1, S=2, E=4, W=8)\n"
                "local function grow_des(sel, dirs)\n"
                "  local steps = { { 8, -1, 0 }, { 9, -1, -1 }, { 1, 0, -1 }, { 5, 1, -1 },\n"
                "                  { 4, 1, 0 }, { 6, 1, 1 }, { 2, 0, 1 }, { 10, -1, 1 } }\n"
                "  local origin = selection.new():set(0, 0):bounds()\n"
                "  local out = sel:clone()\n"
                "  sel:iterate(function(x, y)\n"
                "    for _, s in ipairs(steps) do\n"
                "      local nx, ny = x - s[2], y - s[3]\n"
                "      local ax, ay = nx + origin.lx, ny + origin.ly\n"
                "      if dirs & s[1] ~= 0 and ax >= 0 and ax < nhc.COLNO and ay >= 0\n"
                "          and ay < nhc.ROWNO then\n"
                "        out:set(nx, ny)\n"
                "      end\n"
                "    end\n"
                "  end)\n"
                "  return out\nend",
    "atoi": "-- the des-file's integer(): the leading number of a string, else 0\n"
            "local function atoi(s)\n"
            "  return math.tointeger(tonumber(string.match(s, \"^%s*([-+]?%d+)\"))) or 0\n"
            "end",
}


class ConvertError(Exception):
    """A construct the converter cannot write in Lua."""


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


def long_string(text: str) -> str:
    eq = ""
    while f"]{eq}]" in text:
        eq += "="
    return f"[{eq}[\n{text}]{eq}]"



class ConverterBase:
    """Output, comments, names, conditions and dispatch of one LEVEL's conversion."""


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
        if n in RESERVED or n[:1].isdigit():
            return n + "_"
        return n


    def ex(self, n) -> str:
        fn = getattr(self, "e_" + type(n).__name__, None)
        if fn is None:
            raise ConvertError(f"cannot convert {type(n).__name__}")
        return fn(n)


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

    def emit_raw(self, text: str) -> None:
        """Emit without indenting continuation lines (a map's rows must stay as they are)."""
        pad = "  " * self.depth
        self.out.append(pad + text)


def before(value, node) -> bool:
    if isinstance(value, tuple):
        value = next((v for v in value if isinstance(v, A.Node)), None)
    if not isinstance(value, A.Node):
        return False
    return (value.span.line, value.span.col) < (node.span.line, node.span.col)


def is_coordish(n) -> bool:
    var = n.var if isinstance(n, A.Index) else n
    return getattr(var, "vtype", None) == "coord"


def lua_const(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return lua_string(v)
    raise ConvertError(f"cannot write {v!r} in Lua")


def lua_bool(v) -> str:
    if v is None:
        return "false"
    if v == -1:
        return "-1"
    return "true" if v else "false"
