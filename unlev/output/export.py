"""A generated level as plain JSON data, and a deterministic text form of it.

Why this module exists: ``unlev run --json``, the regression snapshots and any outside
tool need one documented, stable picture of everything a :class:`~unlev.model.level.Level`
holds (docs/json-schema.md; machine-readable schema in ``unlev/output/schema/``).  Entity
attributes are serialised generically -- whatever a populator puts in
``Monster.attrs`` shows up without a change here; data-table records become names.

:func:`dumps` gives byte-identical text for equal data: keys keep the order they
were built in (fixed by this module; free-form attribute keys are sorted), lists of
plain values stay on one line (a map row is one line, so diffs are readable).
"""

from __future__ import annotations

import dataclasses
import enum
import json
from functools import lru_cache
from json.encoder import encode_basestring
from typing import Any, Dict, Iterable, List, Optional

from unlev.model.level import (
    COLNO, D_BROKEN, D_CLOSED, D_ISOPEN, D_LOCKED, D_TRAPPED, LR_BRANCH, LR_DOWNSTAIR,
    LR_DOWNTELE, LR_PORTAL, LR_TELE, LR_UPSTAIR, LR_UPTELE, ROWNO, W_NONDIGGABLE,
    W_NONPASSWALL, Level, LevelFlags, Room,
)
from unlev.model.level import Monster as LevelMonster
from unlev.model.level import Object as LevelObject
from unlev.stdlib import data
from unlev.stdlib import terrain as T

FORMAT = "unlev-level"
VERSION = 1
"""Bump on any change that can break a reader (removed/renamed keys, changed meaning);
adding keys keeps the version."""

_LR_NAMES = {LR_DOWNSTAIR: "downstair", LR_UPSTAIR: "upstair", LR_PORTAL: "portal",
             LR_BRANCH: "branch", LR_TELE: "teleport", LR_UPTELE: "teleport-up",
             LR_DOWNTELE: "teleport-down"}
_ALIGN_OF_AMASK = {0: "unaligned", 1: "chaotic", 2: "neutral", 4: "lawful"}
_ENGRAVING_TYPES = {1: "dust", 2: "engrave", 3: "burn", 4: "mark", 5: "blood",
                    6: "headstone"}
_B32 = "0123456789abcdefghijklmnopqrstuv"


# --- generic reduction ----------------------------------------------------------------------
def jsonable(value: Any) -> Any:
    """Reduce any value a populator may leave on a level to JSON data.

    Data-table records become their names, level entities their dicts, sets sorted
    lists, dict keys strings (sorted), tuples lists; anything else its ``name`` or,
    failing that, its ``str`` (never a memory address)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and value not in (float("inf"), float("-inf")) else str(value)
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (data.Monster, data.Object, data.Trap, data.RoomType)):
        return _record_name(value)
    if isinstance(value, LevelObject):
        return object_to_dict(value)
    if isinstance(value, LevelMonster):
        return monster_to_dict(value)
    if isinstance(value, Room):
        return f"room {value.lx},{value.ly}-{value.hx},{value.hy}"
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        items = [jsonable(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    name = getattr(value, "name", None)
    if isinstance(name, str):
        return name
    text = str(value)
    return type(value).__name__ if " at 0x" in text else text


def _record_name(rec) -> str:
    name = getattr(rec, "name", None)
    if name is None:
        name = getattr(rec, "description", None)
    return str(name)


# --- grids ------------------------------------------------------------------------------------
def _rows(level: Level, cell) -> List[str]:
    return ["".join(cell(x * ROWNO + y) for x in range(COLNO)) for y in range(ROWNO)]


def terrain_rows(level: Level) -> List[List[str]]:
    names = T.TERRAIN_NAMES
    typ = level.typ
    out = []
    for y in range(ROWNO):
        row = []
        for x in range(COLNO):
            t = typ[x * ROWNO + y]
            row.append(names[t] if t < len(names) else f"TYPE_{t}")
        out.append(row)
    return out


def _grids(level: Level) -> Dict[str, Any]:
    typ, flg = level.typ, level.flg

    def nondig(i):
        return "1" if typ[i] <= T.DBWALL and flg[i] & W_NONDIGGABLE else "0"

    def nonpass(i):
        return "1" if typ[i] <= T.DBWALL and flg[i] & W_NONPASSWALL else "0"

    return {
        "terrain": terrain_rows(level),
        "lit": _rows(level, lambda i: "1" if level.lit[i] else "0"),
        "nondiggable": _rows(level, nondig),
        "nonpasswall": _rows(level, nonpass),
        "cell_flags": _rows(level, lambda i: _B32[flg[i] & 31]),
        "horizontal": _rows(level, lambda i: "1" if level.horiz[i] else "0"),
        "roomno": [[level.roomno[x * ROWNO + y] for x in range(COLNO)] for y in range(ROWNO)],
    }


# --- entities ---------------------------------------------------------------------------------
def _pos(x, y) -> Dict[str, Any]:
    return {"x": x, "y": y}


def object_to_dict(obj: LevelObject) -> Dict[str, Any]:
    """An object with its class (when the data tables tell it), quantity, curse state,
    enchantment (``spe``, 0 when none) and contents."""
    from unlev.output.render import object_glyph, object_records
    recs = object_records(obj)
    classes = sorted({r.class_symbol for r in recs})
    g = object_glyph(obj)
    attrs = {k: v for k, v in obj.attrs.items() if not isinstance(v, data.Object)}
    quantity = attrs.get("quantity")
    d: Dict[str, Any] = _pos(obj.x, obj.y)
    d["name"] = jsonable(obj.id)
    d["class"] = classes[0] if len(classes) == 1 else None
    if len(classes) > 1:
        d["possible_classes"] = classes
    d["symbol"] = g.ch
    d["color"] = g.color
    d["quantity"] = quantity if isinstance(quantity, int) and quantity > 0 else 1
    curse = attrs.get("curse", "uncursed")
    d["curse"] = curse if curse in ("blessed", "uncursed", "cursed") else None
    spe = attrs.get("spe", 0)
    d["spe"] = spe if isinstance(spe, int) and not isinstance(spe, bool) else 0
    d["buried"] = bool(obj.buried)
    d["attrs"] = jsonable(attrs)
    d["contents"] = [object_to_dict(o) for o in obj.contents]
    return d


def monster_to_dict(mon: LevelMonster) -> Dict[str, Any]:
    from unlev.output.render import monster_glyph, monster_record
    rec = monster_record(mon)
    g = monster_glyph(mon)
    attrs = {k: v for k, v in mon.attrs.items() if k not in ("data", "inventory")}
    inventory = mon.attrs.get("inventory") or []
    d: Dict[str, Any] = _pos(mon.x, mon.y)
    d["name"] = rec.name if rec is not None else jsonable(mon.id)
    d["symbol"] = g.ch
    d["color"] = g.color
    d["attrs"] = jsonable(attrs)
    d["coords"] = jsonable(mon.coords)
    d["vault_guard"] = bool(mon.is_vault_guard)
    d["inventory"] = [object_to_dict(o) if isinstance(o, LevelObject) else jsonable(o)
                      for o in inventory]
    return d


def trap_to_dict(trap) -> Dict[str, Any]:
    from unlev.output.render import TRAP_SYMS, trap_index
    ti = trap_index(trap)
    d: Dict[str, Any] = _pos(trap.x, trap.y)
    d["type"] = jsonable(trap.ttyp)
    d["ttyp"] = ti
    # a variant's own trap past UnNetHack's 24 (exported under its tables): no name here
    d["name"] = TRAP_SYMS[ti - 1][2] if ti and ti <= len(TRAP_SYMS) else None
    d["attrs"] = jsonable(trap.attrs)
    if trap.launch is not None:
        d["launch"] = jsonable(trap.launch)
    if trap.launch2 is not None:
        d["launch2"] = jsonable(trap.launch2)
    if trap.is_pit or trap.conjoined:
        d["conjoined"] = trap.conjoined
    return d


def engraving_to_dict(e) -> Dict[str, Any]:
    d: Dict[str, Any] = _pos(e.x, e.y)
    d["text"] = e.text
    et = e.etype
    d["type"] = _ENGRAVING_TYPES.get(et, jsonable(et)) if isinstance(et, int) else jsonable(et)
    d["attrs"] = jsonable(e.attrs)
    return d


@data.clears_with_tables
@lru_cache(maxsize=None)
def _room_type_names() -> Dict[int, str]:
    out: Dict[int, str] = {}
    for rt in data.room_types():
        out.setdefault(rt.value, rt.name)
    return out


def room_to_dict(level: Level, room: Room) -> Dict[str, Any]:
    d: Dict[str, Any] = {
        "roomno": level.room_roomno(room),
        "lx": room.lx, "ly": room.ly, "hx": room.hx, "hy": room.hy,
        "type": _room_type_names().get(room.rtype, f"rtype {room.rtype}"),
        "rtype": room.rtype,
        "lit": bool(room.rlit) if room.rlit in (0, 1) else room.rlit,
        "irregular": bool(room.irregular),
    }
    skip = {"lx", "ly", "hx", "hy", "rtype", "rlit", "irregular", "subrooms", "parent",
            "is_subroom"}
    for f in dataclasses.fields(room):
        if f.name not in skip:
            d[f.name] = jsonable(getattr(room, f.name))
    d["subrooms"] = [room_to_dict(level, s) for s in room.subrooms]
    return d


def _doors(level: Level) -> List[Dict[str, Any]]:
    out = []
    for y in range(ROWNO):
        for x in range(COLNO):
            i = x * ROWNO + y
            t = level.typ[i]
            if t not in (T.DOOR, T.SDOOR):
                continue
            mask = level.flg[i]
            words = []
            if t == T.DOOR:
                if mask == 0:
                    words.append("nodoor")
                for bit, word in ((D_BROKEN, "broken"), (D_ISOPEN, "open"),
                                  (D_CLOSED, "closed"), (D_LOCKED, "locked"),
                                  (D_TRAPPED, "trapped")):
                    if mask & bit:
                        words.append(word)
            else:      # a secret door's low bits hold the wall mode, not a door state
                words.append("secret")
                for bit, word in ((D_LOCKED, "locked"), (D_TRAPPED, "trapped")):
                    if mask & bit:
                        words.append(word)
            out.append({"x": x, "y": y, "terrain": T.TERRAIN_NAMES[t], "mask": mask,
                        "state": words})
    return out


def _altars(level: Level) -> List[Dict[str, Any]]:
    out = []
    for y in range(ROWNO):
        for x in range(COLNO):
            i = x * ROWNO + y
            if level.typ[i] == T.ALTAR:
                m = level.flg[i]
                out.append({"x": x, "y": y, "alignment": _ALIGN_OF_AMASK.get(m & 7, m & 7),
                            "shrine": bool(m & 8), "sanctum": bool(m & 16)})
    return out


def _area(a) -> List[int]:
    return [a.x1, a.y1, a.x2, a.y2]


def _region(r) -> Dict[str, Any]:
    return {"type": _LR_NAMES.get(r.rtype, str(r.rtype)), "area": _area(r.inarea),
            "area_is_level": bool(r.in_islev), "exclude": _area(r.delarea),
            "exclude_is_level": bool(r.del_islev), "name": r.rname or None,
            "padding": r.padding}


def _stairs(level: Level) -> List[Dict[str, Any]]:
    return [{"x": s.x, "y": s.y, "direction": "up" if s.up else "down",
             "kind": "ladder" if s.isladder else "stairs",
             "destination": jsonable(s.tolev)} for s in level.stairs]


def _flags(flags: LevelFlags) -> Dict[str, Any]:
    d = {f.name: jsonable(getattr(flags, f.name)) for f in dataclasses.fields(flags)}
    return d


def _gold(level: Level) -> Dict[str, int]:
    tally = {"floor": 0, "buried": 0, "contained": 0, "carried": 0}

    def amount(o):
        q = o.attrs.get("quantity")
        return q if isinstance(q, int) and q > 0 else 1

    def walk(objs: Iterable, where: str):
        for o in objs:
            if o.id == "gold piece":
                tally[where] += amount(o)
            walk(o.contents, "contained")

    for o in level.objects:
        if o.id == "gold piece":
            tally["buried" if o.buried else "floor"] += amount(o)
        walk(o.contents, "contained")
    for m in level.monsters:
        inv = [o for o in (m.attrs.get("inventory") or []) if isinstance(o, LevelObject)]
        walk(inv, "carried")
    tally["total"] = sum(tally.values())
    return tally


def _terrain_counts(level: Level) -> Dict[str, int]:
    counts: Dict[str, int] = {}
    for x in range(1, COLNO):
        for y in range(ROWNO):
            t = level.typ[x * ROWNO + y]
            name = T.TERRAIN_NAMES[t] if t < len(T.TERRAIN_NAMES) else f"TYPE_{t}"
            counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items()))


# --- the level --------------------------------------------------------------------------------
def live_terrain(level: Level) -> list:
    """The declared-terrain squares still drawn as their base (a later statement may
    have drawn something else there): what the JSON reports."""
    out, seen = [], set()
    for c in reversed(level.extras.get("extension_terrain", ())):
        key = (c["x"], c["y"])
        if key in seen:
            continue
        seen.add(key)
        if level.typ[c["x"] * ROWNO + c["y"]] == c["typ"]:
            out.append({k: c[k] for k in ("x", "y", "terrain", "base")})
    return sorted(out, key=lambda c: (c["y"], c["x"]))


def level_to_dict(level: Level, *, seed: int, source: Optional[str] = None,
                  options: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """Everything ``level`` holds as JSON data (schema: docs/json-schema.md).

    ``seed`` is the seed the level was built with, ``source`` the des-file as the user
    named it, ``options`` the run's settings worth recording (compat, flips, date...).
    """
    from unlev.output.render import display_rows
    extras = dict(level.extras)
    warnings = extras.pop("warnings", [])
    if "extension_terrain" in extras:     # a profile's terrain, where it still is
        extras["extension_terrain"] = live_terrain(level)
    d: Dict[str, Any] = {
        "name": level.name,
        "source": source,
        "seed": seed,
        "options": jsonable(options or {}),
        "context": jsonable(level.context),
        "flags": _flags(level.flags),
        "messages": list(level.messages),
        "warnings": [str(w) for w in warnings],
        "map_area": {"xstart": level.xstart, "ystart": level.ystart,
                     "xsize": level.xsize, "ysize": level.ysize},
        "size": {"columns": COLNO, "rows": ROWNO},
        "display": display_rows(level),
    }
    d.update(_grids(level))
    d["terrain_counts"] = _terrain_counts(level)
    d["doors"] = _doors(level)
    d["altars"] = _altars(level)
    d["rooms"] = [room_to_dict(level, r) for r in level.rooms]
    d["regions"] = [_region(r) for r in level.lregions]
    d["stairs"] = _stairs(level)
    d["monsters"] = [monster_to_dict(m) for m in level.monsters]
    d["objects"] = [object_to_dict(o) for o in level.objects]
    d["traps"] = [trap_to_dict(t) for t in level.traps]
    d["engravings"] = [engraving_to_dict(e) for e in level.engravings]
    d["gold"] = _gold(level)
    d["extras"] = jsonable(extras)
    return d


def document(levels: List[Dict[str, Any]], *, source: Optional[str] = None,
             seed: Optional[int] = None) -> Dict[str, Any]:
    """The top-level JSON document ``unlev run --json`` writes: the format tag and
    version, then one entry per level run."""
    return {"format": FORMAT, "version": VERSION, "source": source, "seed": seed,
            "levels": levels}


# --- text -------------------------------------------------------------------------------------
_INLINE_WIDTH = 100
_LONG_STRING = 40


def _scalar(v) -> bool:
    return v is None or isinstance(v, (bool, int, float, str))


def _scalar_text(v) -> str:
    """json.dumps of one plain value, without its per-call overhead."""
    if isinstance(v, str):
        return encode_basestring(v)
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    if isinstance(v, int):
        return int.__repr__(v)
    return json.dumps(v, allow_nan=False)


def dumps(obj: Any, indent: int = 2) -> str:
    """Deterministic JSON text (ends with a newline).  A list of plain values (a grid
    row), and any container whose one-line form is short, is written on one line; a
    long list of long strings (map rows) has one string per line."""
    parts: List[str] = []
    _emit(obj, 0, indent, parts)
    parts.append("\n")
    return "".join(parts)


def _one_line(obj) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "), allow_nan=False)


def _emit(obj, level: int, indent: int, out: List[str]) -> None:
    if _scalar(obj):
        out.append(_scalar_text(obj))
        return
    if isinstance(obj, tuple):
        obj = list(obj)
    if not isinstance(obj, (list, dict)):
        raise TypeError(f"not JSON data: {type(obj).__name__}")
    if not obj:
        out.append("[]" if isinstance(obj, list) else "{}")
        return
    line = _one_line(obj)
    if isinstance(obj, list) and all(_scalar(v) for v in obj) and not (
            len(line) + level * indent > _INLINE_WIDTH
            and all(isinstance(v, str) and len(v) >= _LONG_STRING for v in obj)):
        out.append(line)
        return
    if len(line) + level * indent <= _INLINE_WIDTH:
        out.append(line)
        return
    pad = " " * ((level + 1) * indent)
    if isinstance(obj, list):
        out.append("[\n")
        for i, v in enumerate(obj):
            out.append(pad)
            _emit(v, level + 1, indent, out)
            out.append(",\n" if i < len(obj) - 1 else "\n")
        out.append(" " * (level * indent) + "]")
    else:
        out.append("{\n")
        items = list(obj.items())
        for i, (k, v) in enumerate(items):
            if not isinstance(k, str):
                raise TypeError(f"JSON object key is not a string: {k!r}")
            out.append(pad + encode_basestring(k) + ": ")
            _emit(v, level + 1, indent, out)
            out.append(",\n" if i < len(items) - 1 else "\n")
        out.append(" " * (level * indent) + "}")


class DocumentWriter:
    """:func:`document` written to ``out`` a level at a time: the same text as
    ``dumps(document(levels, ...))``, with one level's dictionary in memory at a time
    (``unlev run --level all`` on a file of thousands of levels)."""

    def __init__(self, out, *, source: Optional[str] = None, seed: Optional[int] = None,
                 indent: int = 2) -> None:
        self.out = out
        self.indent = indent
        self.source, self.seed = source, seed
        self.count = 0
        self.held: Optional[List[Dict[str, Any]]] = None     # levels too small to stream
        parts = ["{\n"]
        pad = " " * indent
        for key, value in document([], source=source, seed=seed).items():
            parts.append(pad + encode_basestring(key) + ": ")
            if key != "levels":
                _emit(value, 1, indent, parts)
                parts.append(",\n")
        self.head = "".join(parts)

    def add(self, level_dict: Dict[str, Any]) -> None:
        if self.count == 0 and len(_one_line(level_dict)) + 2 * self.indent <= _INLINE_WIDTH:
            self.held = []               # dumps might write such a list on one line
        if self.held is not None:
            self.held.append(level_dict)
            self.count += 1
            return
        parts = [self.head + "[\n" if self.count == 0 else ",\n", " " * (2 * self.indent)]
        _emit(level_dict, 2, self.indent, parts)
        self.out.write("".join(parts))
        self.count += 1

    def close(self) -> None:
        if self.held is not None or self.count == 0:
            self.out.write(dumps(document(self.held or [], source=self.source,
                                          seed=self.seed), self.indent))
        else:
            self.out.write("\n" + " " * self.indent + "]\n}\n")


# --- the schema -------------------------------------------------------------------------------
def load_schema() -> Dict[str, Any]:
    """The JSON Schema (draft 2020-12) of :func:`document`'s output, shipped in the package."""
    try:
        from importlib.resources import files
        text = (files("unlev.output") / "schema" / "level.schema.json").read_text(encoding="utf-8")
    except (ImportError, TypeError, ModuleNotFoundError):  # pragma: no cover - old Pythons
        from pathlib import Path
        text = (Path(__file__).parent / "schema" / "level.schema.json").read_text(encoding="utf-8")
    return json.loads(text)
