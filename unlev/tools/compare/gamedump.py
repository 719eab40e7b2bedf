"""The real game's level dumps (``../shared/game-reference``), read into our level model.

Why this module exists: ``unlev compare`` measures unlev against levels the real
UnNetHack generated.  Those arrive as text dumps (format in the reference folder's
README); reading them into :class:`unlev.model.level.Level` lets the comparison treat the
game's levels and ours alike.  :func:`format_dump` writes our own levels in the same
format, so the comparison can be tested on dumps whose origin is known.
"""

from __future__ import annotations

import zlib
import os
import re
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Tuple

from unlev.model.level import (COLNO, MAXNROFROOMS, NO_ROOM, ROOMOFFSET, ROWNO, SHARED,
                         SHARED_PLUS, W_NONDIGGABLE, Engraving, Level, Monster, Object,
                         Room, Stairway, Trap)
from unlev.stdlib import data
from unlev.stdlib import terrain as T


class DumpFormatError(ValueError):
    """A dump that does not follow the documented format (with the line it failed on)."""

    def __init__(self, message: str, source: str = "", line: int = 0):
        where = f"{source}:{line}: " if source else (f"line {line}: " if line else "")
        super().__init__(where + message)
        self.source = source
        self.line = line


@dataclass
class GameDump:
    """One dump: one level as the game generated it for one game seed."""

    name: str
    loaded: str = ""
    gameseed: int = 0
    levelseed: int = 0
    where: Dict[str, object] = field(default_factory=dict)
    flags: Dict[str, int] = field(default_factory=dict)
    map_rows: List[str] = field(default_factory=list)
    typ_rows: List[str] = field(default_factory=list)
    lit_rows: List[str] = field(default_factory=list)
    nondig_rows: List[str] = field(default_factory=list)
    roomno_rows: List[str] = field(default_factory=list)
    overview_rows: List[str] = field(default_factory=list)
    stairs: List[Stairway] = field(default_factory=list)
    doors: List[Tuple[int, int, str, int]] = field(default_factory=list)   # x, y, typ, mask
    altars: List[Tuple[int, int, int, int]] = field(default_factory=list)  # x, y, align, shrine
    engravings: List[Engraving] = field(default_factory=list)
    rooms: List[Room] = field(default_factory=list)
    traps: List[Trap] = field(default_factory=list)
    monsters: List[Monster] = field(default_factory=list)
    objects: List[Object] = field(default_factory=list)   # floor and buried, top level

    @property
    def depth(self) -> int:
        return int(self.where.get("depth", 1))

    def to_level(self) -> Level:
        """The dump as a :class:`Level` (grids, rooms, stairs, entities)."""
        return dump_to_level(self)


# --------------------------------------------------------------------------- reading
_GRID_SECTIONS = ("TYP", "LIT", "NONDIG", "ROOMNO")
_KV = re.compile(r'(\w+)=("[^"]*"|\S*)')


def kv_fields(text: str) -> Dict[str, object]:
    """A dump line's ``key=value`` fields as a dict: quoted values as text without the
    quotes, numbers as ints, anything else as text (also what ``--where`` reads)."""
    out: Dict[str, object] = {}
    for k, v in _KV.findall(text):
        if v.startswith('"'):
            out[k] = v[1:-1]
        else:
            try:
                out[k] = int(v)
            except ValueError:
                out[k] = v
    return out


def _bar_fields(rest: str) -> Tuple[List[str], Dict[str, object]]:
    parts = rest.split("|")
    plain = [p for p in parts if "=" not in p]
    kv = {}
    for p in parts:
        if "=" in p:
            k, v = p.split("=", 1)
            try:
                kv[k] = int(v)
            except ValueError:
                kv[k] = v
    return plain, kv


# The game names a slime mold by the hero's fruit name (objnam.c, ``pl_fruit``); the
# dumps were made with the default, so a food object called "fruit" is a slime mold.
_SLIME_MOLD = "slime mold"


def _food_class() -> int:
    return next(c.index for c in data.object_classes() if c.symbol == "%")


def _trap_name_of(ttyp: int) -> str:
    try:
        return data.trap_by_index(ttyp).name
    except (IndexError, KeyError):
        return f"TRAP{ttyp}"


class _Lines:
    def __init__(self, lines: List[str], source: str, first: int):
        self.lines, self.source, self.first, self.i = lines, source, first, 0

    def error(self, msg: str) -> DumpFormatError:
        return DumpFormatError(msg, self.source, self.first + self.i)

    def peek(self) -> Optional[str]:
        return self.lines[self.i] if self.i < len(self.lines) else None

    def take(self) -> str:
        if self.i >= len(self.lines):
            raise self.error("unexpected end of dump")
        s = self.lines[self.i]
        self.i += 1
        return s

    def grid(self, title: str) -> List[str]:
        rows = []
        for _ in range(ROWNO):
            row = self.take()
            if len(row) != COLNO:
                # trailing blanks may have been stripped by an editor: pad, never cut
                if len(row) > COLNO:
                    raise self.error(f"{title} row longer than {COLNO} characters")
                row = row.ljust(COLNO)
            rows.append(row)
        return rows


def parse_dump(lines: List[str], source: str = "", first_line: int = 1) -> GameDump:
    """One dump, from its ``NAME`` line to its ``END`` line (both included)."""
    L = _Lines(lines, source, first_line)
    d = _read_header(L, source, first_line)
    _read_grids(L, d)
    state = _Owners()
    while True:
        line = L.take()
        if line == "OVERVIEW":
            d.overview_rows = L.grid("OVERVIEW")
            if L.take() != "END":
                raise L.error("expected END after OVERVIEW")
            return d
        word, _, rest = line.partition(" ")
        reader = _RECORDS.get(word)
        if reader is None:
            raise L.error(f"unknown record {word!r}")
        try:
            reader(d, rest, state, L)
        except DumpFormatError:
            raise
        except (ValueError, IndexError, KeyError) as e:
            raise L.error(f"bad {word} line: {e}") from None


def _read_header(L: _Lines, source: str, first_line: int) -> GameDump:
    """The six header lines, in their order, into a GameDump."""
    head: Dict[str, str] = {}
    for key in ("NAME", "LOADED", "GAMESEED", "LEVELSEED", "WHERE", "FLAGS"):
        line = L.take()
        word, _, rest = line.partition(" ")
        if word != key:
            raise L.error(f"expected a {key} line, found {line[:30]!r}")
        head[key] = rest
    try:
        d = GameDump(name=head["NAME"].strip(), loaded=head["LOADED"].strip(),
                     gameseed=int(head["GAMESEED"]), levelseed=int(head["LEVELSEED"]),
                     where=kv_fields(head["WHERE"]),
                     flags={k: int(v) for k, v in kv_fields(head["FLAGS"]).items()})
    except ValueError as e:
        raise DumpFormatError(f"bad header: {e}", source, first_line) from None
    for key, value in d.where.items():
        # the game's levels are schar-numbered: a depth of two billion is no dump's
        if isinstance(value, int) and not -128 <= value <= 127:
            raise DumpFormatError(f"WHERE {key}={value} is out of range (-128..127)",
                                  source, first_line + 4)
    return d


def _read_grids(L: _Lines, d: GameDump) -> None:
    """MAP ... ENDMAP, then the four titled grids."""
    if L.take() != "MAP":
        raise L.error("expected MAP")
    d.map_rows = L.grid("MAP")
    if L.take() != "ENDMAP":
        raise L.error("expected ENDMAP")
    for title, attr in zip(_GRID_SECTIONS, ("typ_rows", "lit_rows", "nondig_rows",
                                            "roomno_rows")):
        if L.take() != title:
            raise L.error(f"expected {title}")
        setattr(d, attr, L.grid(title))


class _Owners:
    """Where the next MON's inventory and a contained OBJ go: the latest monster (until
    a floor object) and the latest object at each nesting depth."""

    def __init__(self) -> None:
        self.owner: Optional[Monster] = None
        self.containers: Dict[int, Object] = {}


def _read_stair(d: GameDump, rest: str, state: _Owners, L: _Lines) -> None:
    x, y, updown, kind, to = rest.split()
    dn, dl = to.split("=", 1)[1].split(":")
    d.stairs.append(Stairway(int(x), int(y), updown == "up", kind == "ladder",
                             (int(dn), int(dl))))


def _read_door(d: GameDump, rest: str, state: _Owners, L: _Lines) -> None:
    x, y, *more = rest.split()
    kv = kv_fields(" ".join(more))
    d.doors.append((int(x), int(y), str(kv["typ"]), int(kv["mask"])))


def _read_altar(d: GameDump, rest: str, state: _Owners, L: _Lines) -> None:
    x, y, *more = rest.split()
    kv = kv_fields(" ".join(more))
    d.altars.append((int(x), int(y), int(kv["align"]), int(kv["shrine"])))


def _read_engraving(d: GameDump, rest: str, state: _Owners, L: _Lines) -> None:
    x, y, etype, _ = rest.split(" ", 3)
    text = rest[rest.index('"') + 1:rest.rindex('"')]
    d.engravings.append(Engraving(int(x), int(y), text, int(etype.split("=")[1])))


def _read_room(d: GameDump, rest: str, state: _Owners, L: _Lines) -> None:
    k, *more = rest.split()
    kv = kv_fields(" ".join(more))
    r = Room(int(kv["lx"]), int(kv["ly"]), int(kv["hx"]), int(kv["hy"]),
             rtype=int(kv["rtype"]), rlit=int(kv["rlit"]))
    r.orig_rtype = r.rtype
    r.doorct = int(kv["doors"])
    r.needjoining = False
    r.resident = {"nsub": int(kv["nsub"]), "index": int(k)}
    d.rooms.append(r)


def _read_trap(d: GameDump, rest: str, state: _Owners, L: _Lines) -> None:
    x, y, more = rest.split(" ", 2)
    name, _, ttyp = more.rpartition(" ttyp=")
    d.traps.append(Trap(int(x), int(y), _trap_name_of(int(ttyp)),
                        attrs={"game_name": name, "ttyp": int(ttyp)}))


def _read_monster(d: GameDump, rest: str, state: _Owners, L: _Lines) -> None:
    x, y, more = rest.split(" ", 2)
    plain, kv = _bar_fields(more)
    state.owner = Monster(int(x), int(y), plain[0], attrs=dict(kv, inventory=[]))
    d.monsters.append(state.owner)
    state.containers = {}


def _read_object(d: GameDump, rest: str, state: _Owners, L: _Lines) -> None:
    x, y, more = rest.split(" ", 2)
    plain, kv = _bar_fields(more)
    name = plain[0]
    artifact = plain[1] if len(plain) > 1 else ""
    attrs = dict(kv)
    if artifact:
        attrs["artifact"] = artifact
    kind = name
    if ":" in name and name.split(":")[0] in ("corpse", "statue", "figurine", "egg", "tin"):
        kind, attrs["montype"] = name.split(":", 1)
    elif kind == "fruit" and kv.get("class") == _food_class():
        kind = _SLIME_MOLD          # named by the hero's fruit (pl_fruit)
        attrs["game_name"] = name
    where = str(kv.get("where", "floor"))
    depth = int(kv.get("depth", 0))
    obj = Object(int(x), int(y), kind, buried=where == "buried", attrs=attrs)
    if where.startswith("in:"):
        parent = state.containers.get(depth - 1)
        if parent is None:
            raise L.error("contained object without its container")
        parent.contents.append(obj)
    elif where.startswith("mon:"):
        if state.owner is None:
            raise L.error("monster inventory without a monster")
        state.owner.attrs["inventory"].append(obj)
    else:
        d.objects.append(obj)
        state.owner = None
    state.containers[depth] = obj


# record word -> its reader (the dump format's README lists them)
_RECORDS = {"STAIR": _read_stair, "DOOR": _read_door, "ALTAR": _read_altar,
            "ENGR": _read_engraving, "ROOM": _read_room, "TRAP": _read_trap,
            "MON": _read_monster, "OBJ": _read_object}


def parse_dumps(text: str, source: str = "") -> List[GameDump]:
    """Every dump of a reference file (``=== seed N`` ... ``END`` blocks)."""
    lines = text.split("\n")
    out: List[GameDump] = []
    i = 0
    while i < len(lines):
        if lines[i].startswith("=== seed"):
            start = i + 1
            j = start
            while j < len(lines) and lines[j] != "END":
                j += 1
            if j >= len(lines):
                raise DumpFormatError("dump without END", source, start)
            out.append(parse_dump(lines[start:j + 1], source, start + 1))
            i = j + 1
        elif lines[i].strip():
            raise DumpFormatError(f"text outside a dump: {lines[i][:30]!r}", source, i + 1)
        else:
            i += 1
    return out


MAX_DUMP_BYTES = 256 * 1024 * 1024     # a reference file, read or unpacked (the biggest: ~2 MB)


def read_dumps(path: str) -> List[GameDump]:
    """A reference file, gzip-compressed (``.gz``) or plain.  DumpFormatError (one line,
    with the file) for a file that is not a regular file (a FIFO, /dev/zero behind a
    symlink: refused before it is read), bigger than MAX_DUMP_BYTES read or unpacked,
    not a whole gzip file, or not in the dump format."""
    path = str(path)
    raw = _read_bounded(path)
    if path.endswith(".gz"):
        packed, parts, size = raw, [], 0
        while packed:                  # one gzip member after another, as gzip.open reads
            unpack = zlib.decompressobj(wbits=31)
            try:
                part = unpack.decompress(packed, MAX_DUMP_BYTES + 1 - size)
            except zlib.error as e:
                raise DumpFormatError(f"not a gzip file ({e})", path) from None
            size += len(part)
            parts.append(part)
            if size > MAX_DUMP_BYTES or unpack.unconsumed_tail:
                raise DumpFormatError(f"unpacks to more than {MAX_DUMP_BYTES:,} bytes", path)
            if not unpack.eof:
                raise DumpFormatError("a truncated gzip file (it ends early)", path)
            packed = unpack.unused_data
        raw = b"".join(parts)
    return parse_dumps(raw.decode("ascii", errors="replace"), path)


def _read_bounded(path: str) -> bytes:
    from unlev.lang.sources import special_kind
    try:
        kind = special_kind(os.stat(path).st_mode)
        if kind is not None:
            raise DumpFormatError(f"{kind}, not a dump file", path)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            kind = special_kind(os.fstat(fd).st_mode)
            if kind is not None:
                raise DumpFormatError(f"{kind}, not a dump file", path)
            with os.fdopen(os.dup(fd), "rb") as fh:
                raw = fh.read(MAX_DUMP_BYTES + 1)
        finally:
            os.close(fd)
    except OSError as e:
        raise DumpFormatError(f"cannot read: {e.strerror or e}", path) from None
    if len(raw) > MAX_DUMP_BYTES:
        raise DumpFormatError(f"more than {MAX_DUMP_BYTES:,} bytes", path)
    return raw


def reference_files(directory: str) -> Dict[str, str]:
    """Level name -> reference file, for every dump file in ``directory``."""
    out = {}
    for f in sorted(os.listdir(directory)):
        for ext in (".txt.gz", ".txt"):
            if f.endswith(ext):
                out[f[:-len(ext)]] = os.path.join(directory, f)
                break
    return out


# --------------------------------------------------------------------------- to Level
def _roomno_value(ch: str) -> int:
    if ch == ".":
        return NO_ROOM
    if ch == "*":
        return SHARED
    if ch == "+":
        return SHARED_PLUS
    return (ord(ch) - 48 + ROOMOFFSET) & 0x3F


def dump_to_level(d: GameDump) -> Level:
    """Our level model filled from a dump.  Door states go to ``flg`` of door squares,
    the non-diggable mark to ``flg`` of stone and wall squares, as in the game."""
    lev = Level(name=d.name)
    lev.context.depth = d.depth
    for y in range(ROWNO):
        trow, lrow, nrow, rrow = d.typ_rows[y], d.lit_rows[y], d.nondig_rows[y], d.roomno_rows[y]
        for x in range(COLNO):
            i = x * ROWNO + y
            t = ord(trow[x]) - 48
            lev.typ[i] = t if 0 <= t < T.MAX_TYPE else T.STONE
            lev.lit[i] = 1 if lrow[x] == "1" else 0
            if nrow[x] == "1" and t <= T.DBWALL:
                lev.flg[i] = W_NONDIGGABLE
            lev.roomno[i] = _roomno_value(rrow[x])
            if t in (T.HWALL, T.IRONBARS):
                lev.horiz[i] = 1
    for x, y, _typ, mask in d.doors:
        lev.flg[x * ROWNO + y] = mask & 0x1F
        lev.doors.append((x, y))
    for x, y, align, shrine in d.altars:
        lev.flg[x * ROWNO + y] = _altar_mask(align) | (_AM_SHRINE if shrine else 0)
    lev.rooms = list(d.rooms)
    # subrooms: known only through ROOMNO; their bounds are those of their squares
    subs: Dict[int, List[int]] = {}
    for y in range(ROWNO):
        for x, ch in enumerate(d.roomno_rows[y]):
            j = ord(ch) - 48 - (MAXNROFROOMS + 1)
            if ch not in ".*+" and j >= 0:
                b = subs.setdefault(j, [x, y, x, y])
                b[0], b[1] = min(b[0], x), min(b[1], y)
                b[2], b[3] = max(b[2], x), max(b[3], y)
    for j in sorted(subs):
        lx, ly, hx, hy = subs[j]
        lev.subrooms.append(Room(lx, ly, hx, hy, is_subroom=True, needjoining=False))
    lev.stairs = list(d.stairs)
    lev.engravings = list(d.engravings)
    lev.traps = list(d.traps)
    lev.monsters = list(d.monsters)
    lev.objects = list(d.objects)
    fl = lev.flags
    fl.is_maze_lev = bool(d.flags.get("maze"))
    fl.is_cavernous_lev = bool(d.flags.get("cavernous"))
    for k in ("noteleport", "hardfloor", "nommap", "shortsighted", "arboreal",
              "sokoban_rules", "graveyard", "sky"):
        setattr(fl, k, bool(d.flags.get(k)))
    lev.extras["game_dump"] = {"gameseed": d.gameseed, "levelseed": d.levelseed,
                               "where": dict(d.where)}
    return lev


_AM_SHRINE = 8


def _altar_mask(align: int) -> int:
    """rm.h's altar mask of an alignment (chaotic 1, neutral 2, lawful 4, none 0)."""
    return {-1: 1, 0: 2, 1: 4}.get(align, 0)


def _altar_align(mask: int) -> int:
    """align.h Amask2align, as the game's dump writes it: none for 0, lawful for 4,
    else the mask less 2 (a mask of 3, which sp_amask_to_amask can make, reads lawful)."""
    m = mask & 7
    return -128 if m == 0 else 1 if m == 4 else m - 2


# --------------------------------------------------------------------------- writing
def _typ_char(t: int) -> str:
    return chr(48 + t)


_MAP_CHAR = {T.DBWALL: "=", T.DRAWBRIDGE_UP: "}", T.DRAWBRIDGE_DOWN: "D",
             T.GRAVE: "g", T.ALTAR: "_", T.MAGIC_PLATFORM: "m", T.CROSSWALL: "-"}


def _map_char(lev: Level, x: int, y: int, stairs: Dict[Tuple[int, int], Stairway]) -> str:
    t = lev.typ[x * ROWNO + y]
    if t in (T.STAIRS, T.LADDER):
        s = stairs.get((x, y))
        up = s.up if s is not None else False
        if t == T.STAIRS:
            return "<" if up else ">"
        return "h" if up else "j"
    if t in _MAP_CHAR:
        return _MAP_CHAR[t]
    if T.is_wall(t):
        return "|" if t == T.VWALL else "-"
    return T.TERRAIN_CHAR.get(t, " ")


def _roomno_char(v: int) -> str:
    if v == NO_ROOM:
        return "."
    if v == SHARED:
        return "*"
    if v == SHARED_PLUS:
        return "+"
    return chr(48 + v - ROOMOFFSET)


_BUC = {"blessed": "B", "cursed": "C", "uncursed": "U"}


def _obj_line(o: Object, where: str, depth: int) -> str:
    name = str(o.id)
    mt = o.attrs.get("montype")
    if mt and name in ("corpse", "statue", "figurine", "egg", "tin"):
        name = f"{name}:{mt}"
    cls = o.attrs.get("class")
    if isinstance(cls, str):            # our records keep the class symbol
        cls = next((c.index for c in data.object_classes() if c.symbol == cls), None)
    if not isinstance(cls, int):
        look = data.lookup_object(str(o.id))
        cls = look.item.class_index if look.item is not None else 1
    quan = o.attrs.get("quan", o.attrs.get("quantity", 1))
    buc = o.attrs.get("buc") or _BUC.get(str(o.attrs.get("curse")), "U")   # ours: curse
    return (f"OBJ {o.x} {o.y} {name}|{o.attrs.get('artifact', '')}|class={cls}|quan={quan}"
            f"|spe={o.attrs.get('spe', 0)}|buc={buc}|where={where}"
            f"|depth={depth}")


def _obj_lines(o: Object, where: str, depth: int) -> Iterable[str]:
    yield _obj_line(o, where, depth)
    for c in o.contents:
        yield from _obj_lines(c, f"in:{o.id}", depth + 1)


def format_dump(lev: Level, seed: int = 1, where: Optional[Dict[str, object]] = None,
                flags: Optional[Dict[str, int]] = None) -> str:
    """One of our levels as a game dump (without the ``=== seed`` line).  For tests and
    for comparing unlev with itself; fields we do not model are written as the
    documented neutral values."""
    w = _where_fields(lev, where)
    out = _header_lines(lev, seed, w, flags)
    stairs = {(s.x, s.y): s for s in lev.stairs}
    out += _grid_lines(lev, stairs)
    out += _stair_lines(lev, w)
    out += _feature_lines(lev)
    out += _thing_lines(lev)
    out.append("OVERVIEW")
    out += ["".join(_map_char(lev, x, y, stairs) for x in range(COLNO)) for y in range(ROWNO)]
    out.append("END")
    return "\n".join(out) + "\n"


def _where_fields(lev: Level, where: Optional[Dict[str, object]]) -> Dict[str, object]:
    w = {"dnum": 0, "dname": '"The Dungeons of Doom"', "dlevel": lev.context.dunlev,
         "depth": lev.context.depth, "ledger": lev.context.depth, "role": "Val",
         "race": "human", "align": 0, "ulevel": 1, "difficulty": lev.context.difficulty}
    if where:
        w.update({k: (f'"{v}"' if k == "dname" and not str(v).startswith('"') else v)
                  for k, v in where.items()})
    return w


def _header_lines(lev: Level, seed: int, w: Dict[str, object],
                  flags: Optional[Dict[str, int]]) -> List[str]:
    fl = lev.flags
    f = {"maze": int(fl.is_maze_lev), "cavernous": int(fl.is_cavernous_lev),
         "noteleport": int(fl.noteleport), "hardfloor": int(fl.hardfloor),
         "nommap": int(fl.nommap), "shortsighted": int(fl.shortsighted),
         "arboreal": int(fl.arboreal), "sokoban_rules": 0, "graveyard": int(fl.graveyard),
         "sky": int(fl.sky)}
    if flags:
        f.update(flags)
    return [f"NAME {lev.name}", f"LOADED {lev.name}", f"GAMESEED {seed}", f"LEVELSEED {seed}",
            "WHERE " + " ".join(f"{k}={v}" for k, v in w.items()),
            "FLAGS " + " ".join(f"{k}={v}" for k, v in f.items())]


def _grid_lines(lev: Level, stairs) -> List[str]:
    """MAP ... ENDMAP and the TYP, LIT, NONDIG and ROOMNO grids."""
    rng_rows = range(ROWNO)
    out = ["MAP"]
    out += ["".join(_map_char(lev, x, y, stairs) for x in range(COLNO)) for y in rng_rows]
    out.append("ENDMAP")
    out.append("TYP")
    out += ["".join(_typ_char(lev.typ[x * ROWNO + y]) for x in range(COLNO)) for y in rng_rows]
    out.append("LIT")
    out += ["".join("1" if lev.lit[x * ROWNO + y] else "0" for x in range(COLNO))
            for y in rng_rows]
    out.append("NONDIG")
    out += ["".join("1" if (lev.typ[x * ROWNO + y] <= T.DBWALL
                            and lev.flg[x * ROWNO + y] & W_NONDIGGABLE) else "0"
                    for x in range(COLNO)) for y in rng_rows]
    out.append("ROOMNO")
    out += ["".join(_roomno_char(lev.roomno[x * ROWNO + y]) for x in range(COLNO))
            for y in rng_rows]
    return out


def _stair_lines(lev: Level, w: Dict[str, object]) -> List[str]:
    out = []
    for s in lev.stairs:
        if isinstance(s.tolev, tuple):
            dn, dl = s.tolev
        elif s.tolev == "branch":           # another dungeon, not known here
            dn, dl = -1, 1
        else:                               # the next level of the same dungeon
            dn, dl = w["dnum"], int(w["dlevel"]) + (-1 if s.up else 1)
        out.append(f"STAIR {s.x} {s.y} {'up' if s.up else 'down'} "
                   f"{'ladder' if s.isladder else 'stairs'} to={dn}:{dl}")
    return out


def _feature_lines(lev: Level) -> List[str]:
    """DOOR, ALTAR and ENGR records in map order (y outer), then the ROOMs."""
    out = []
    engr = {(e.x, e.y): e for e in lev.engravings}
    for y in range(ROWNO):
        for x in range(COLNO):
            i = x * ROWNO + y
            t = lev.typ[i]
            if t in (T.DOOR, T.SDOOR):
                m = lev.flg[i]
                words = ["nodoor"] if m == 0 else [w_ for b, w_ in ((1, "broken"), (2, "open"),
                                                                   (4, "closed"), (8, "locked"))
                                                   if m & b]
                out.append(f"DOOR {x} {y} typ={'DOOR' if t == T.DOOR else 'SDOOR'} mask={m} "
                           + " ".join(words))
            elif t == T.ALTAR:
                m = lev.flg[i]
                out.append(f"ALTAR {x} {y} align={_altar_align(m)} "
                           f"shrine={1 if m & _AM_SHRINE else 0}")
            if (x, y) in engr:
                e = engr[(x, y)]
                et = e.etype if isinstance(e.etype, int) else 1
                out.append(f'ENGR {x} {y} type={et} "{e.text}"')
    for k, r in enumerate(lev.rooms):
        out.append(f"ROOM {k} lx={r.lx} ly={r.ly} hx={r.hx} hy={r.hy} rtype={r.rtype} "
                   f"rlit={r.rlit} doors={r.doorct} nsub={len(r.subrooms)}")
    return out


def _thing_lines(lev: Level) -> List[str]:
    """TRAPs, MONs with their inventories, floor objects, then buried ones."""
    out = []
    trap_index = {t.name: t.index for t in data.traps()}
    for t in lev.traps:
        n = trap_index.get(str(t.ttyp), 0)
        des = data.trap_by_index(n).des_name if n else "trap"
        out.append(f"TRAP {t.x} {t.y} {t.attrs.get('game_name', des)} ttyp={n}")
    for mid, m in enumerate(lev.monsters, 1):
        a = m.attrs
        out.append(f"MON {m.x} {m.y} {m.id}|peaceful={int(bool(a.get('peaceful', 0)))}"
                   f"|asleep={int(bool(a.get('asleep', 0)))}|waiting={int(bool(a.get('waiting', 0)))}"
                   f"|female={int(bool(a.get('female', 0)))}|id={mid}")
        for o in a.get("inventory") or ():
            if isinstance(o, Object):
                out.extend(_obj_lines(o, f"mon:{mid}", 1))
    for o in lev.objects:
        if not o.buried:
            out.extend(_obj_lines(o, "floor", 0))
    for o in lev.objects:
        if o.buried:
            out.extend(_obj_lines(o, "buried", 0))
    return out


def format_dumps(levels: Iterable[Level], where: Optional[Dict[str, object]] = None) -> str:
    """Several levels as one reference file (seeds 1, 2, ...)."""
    parts = []
    for n, lev in enumerate(levels, 1):
        parts.append(f"=== seed {n}\n" + format_dump(lev, n, where))
    return "".join(parts)
