"""NetHack 3.7's dungeon description (``dat/dungeon.lua``) as the table dgn_comp's
reader makes of a ``dungeon.def`` (:mod:`unlev.tools.data.dungeon`).

Why: 3.7 dropped dgn_comp; its dungeon is a Lua table, ``dungeon = { {...}, ... }``,
that dungeon.c's ``init_dungeons`` reads field by field (``get_table_str``,
``get_table_int_opt``...).  The importer keeps it beside the monsters and objects so
that a 3.7 level is placed where 3.7's dungeon puts it (:mod:`unlev.model.places37`),
not where UnNetHack's does.  The file is a table literal, so it is parsed here as
data (strings, integers, nested tables, ``--`` comments), never run.  The fields and
their defaults are init_dungeons's: a dungeon's ``range`` 0, ``entry`` 0, ``chance``
100, ``flags`` a word or a list of words (``town``, ``hellish``, ``mazelike``,
``roguelike``, ``unconnected``), ``alignment`` (``unaligned``/``noalign`` are none),
3.7's own ``lvlfill`` and ``themerooms``; a level's ``chainlevel``, ``chance`` 100
and ``nlevels`` (the variants ``name-1``..``name-N``); a branch's ``branchtype``
(stair when absent) and ``direction`` (down when absent).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Optional, Union

from unlev.tools.data.dungeon import ALIGNMENTS

_TOKEN = re.compile(r'\s*(?:(--[^\n]*)|"((?:[^"\\\n]|\\.)*)"|(-?\d+)'
                    r'|([A-Za-z_][A-Za-z_0-9]*)|([{}=,]))')


class DungeonLuaError(ValueError):
    """dungeon.lua holds something other than the table literal dungeon.c reads."""


def _tokens(text: str, where: str) -> List[tuple]:
    out, pos = [], 0
    line = 1
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            rest = text[pos:].strip()
            if not rest:
                break
            raise DungeonLuaError(f"{where}:{line}: unexpected {rest[:1]!r}")
        line += text.count("\n", pos, m.end())
        pos = m.end()
        comment, string, number, word, op = m.groups()
        if comment is not None:
            continue
        if string is not None:
            out.append(("str", string, line))
        elif number is not None:
            out.append(("int", int(number), line))
        elif word is not None:
            out.append(("word", word, line))
        elif op is not None:
            out.append(("op", op, line))
    return out


Value = Union[str, int, bool, dict, list]


class _Parser:
    def __init__(self, toks, where):
        self.toks, self.i, self.where = toks, 0, where

    def _peek(self, k=0):
        return self.toks[self.i + k] if self.i + k < len(self.toks) else ("eof", None, -1)

    def _take(self, kind=None, value=None):
        tok = self._peek()
        if (kind and tok[0] != kind) or (value is not None and tok[1] != value):
            want = value if value is not None else kind
            raise DungeonLuaError(f"{self.where}:{tok[2]}: expected {want!r}, "
                                  f"found {tok[1]!r}")
        self.i += 1
        return tok

    def value(self) -> Value:
        kind, val, _ = self._peek()
        if kind == "op" and val == "{":
            return self.table()
        if kind == "word" and val in ("true", "false"):
            self.i += 1
            return val == "true"
        if kind in ("str", "int"):
            self.i += 1
            return val
        raise DungeonLuaError(f"{self.where}:{self._peek()[2]}: unexpected {val!r}")

    def table(self) -> Union[dict, list]:
        """A table: its named fields as a dict, or its positional items as a list."""
        self._take("op", "{")
        named: dict = {}
        items: list = []
        while not (self._peek()[0] == "op" and self._peek()[1] == "}"):
            if self._peek()[0] == "word" and self._peek(1)[1] == "=":
                key = self._take("word")[1]
                self._take("op", "=")
                named[key] = self.value()
            else:
                items.append(self.value())
            if self._peek()[1] == ",":
                self.i += 1
            elif not (self._peek()[0] == "op" and self._peek()[1] == "}"):
                raise DungeonLuaError(f"{self.where}:{self._peek()[2]}: expected ',' or '}}'")
        self._take("op", "}")
        if named and items:
            raise DungeonLuaError(f"{self.where}: a table mixes fields and items")
        return named if named else items


def parse_dungeon_lua(text: str, where: str = "dungeon.lua") -> list:
    """The ``dungeon`` table of dungeon.lua, as Python lists and dicts."""
    p = _Parser(_tokens(text, where), where)
    p._take("word", "dungeon")
    p._take("op", "=")
    table = p.table()
    if p._peek()[0] != "eof":
        raise DungeonLuaError(f"{where}:{p._peek()[2]}: text after the dungeon table")
    if not isinstance(table, list):
        raise DungeonLuaError(f"{where}: dungeon is not a list of dungeons")
    return table


def _words(v) -> List[str]:
    if v is None:
        return []
    return [v] if isinstance(v, str) else [str(w) for w in v]


def _align(v) -> Optional[str]:
    return None if v is None else ALIGNMENTS.get(str(v), str(v))


def _level(t: dict) -> dict:
    return {"name": t["name"], "bones": t.get("bonetag"), "base": t["base"],
            "range": t.get("range", 0), "chain": t.get("chainlevel"),
            "chance": t.get("chance", 100), "variants": t.get("nlevels", 1),
            "kinds": _words(t.get("flags")), "alignment": _align(t.get("alignment"))}


def _branch(t: dict) -> dict:
    return {"name": t["name"], "chain": t.get("chainlevel"), "base": t["base"],
            "range": t.get("range", 0), "type": t.get("branchtype", "stair"),
            "up": t.get("direction", "down") == "up"}


def dungeon_table(text: str, where: str = "dungeon.lua") -> dict:
    """dungeon.lua in the shape of the dungeon.def reader's table (``dungeons`` with
    their ``levels`` and ``branches``), plus 3.7's ``lvlfill`` and ``themerooms``."""
    out = []
    for d in parse_dungeon_lua(text, where):
        if not isinstance(d, dict) or "name" not in d or "base" not in d:
            raise DungeonLuaError(f"{where}: a dungeon without a name or a base")
        out.append({"name": d["name"], "bones": d.get("bonetag"), "base": d["base"],
                    "range": d.get("range", 0), "chance": d.get("chance", 100),
                    "entry": d.get("entry", 0), "kinds": _words(d.get("flags")),
                    "alignment": _align(d.get("alignment")) or "none",
                    "protofile": d.get("protofile"), "lvlfill": d.get("lvlfill"),
                    "themerooms": d.get("themerooms"),
                    "levels": [_level(t) for t in d.get("levels", [])],
                    "branches": [_branch(t) for t in d.get("branches", [])]})
    return {"dungeons": out}


def read_dungeon_lua(path: Path) -> dict:
    return dungeon_table(path.read_text(encoding="latin-1"), str(path))
