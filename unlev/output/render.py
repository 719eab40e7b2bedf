"""Drawing a level the way the game's screen shows it, fully revealed.

Why this module exists: the CLI's ``--show``, the SVG/HTML exports, the JSON
``display`` map and the REPL all need the same picture of a level.  The symbols and
colours are NetHack's defaults (``defsyms[]`` in drawing.c, the monster and object
tables' colours, UnNetHack's mapglyph.c tweaks: coloured walls per dungeon or room
type, altar colours, lit corridors, branch stairs, piles in inverse video).  The
picture is what a hero would see with the whole level mapped and in view: every
wall from every side, lit floor bright and unlit floor dark, every trap, the top
object of each pile and every monster.

:func:`display_rows` is the plain-text core (no rich needed); :func:`map_text`,
:func:`summary` and :func:`level_view` are rich renderables built on it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Dict, List, NamedTuple, Optional, Tuple

from unlev.model.level import (
    COLNO, D_BROKEN, D_ISOPEN, DB_BOG, DB_ICE, DB_LAVA, DB_MOAT, DB_UNDER, LA_DOWN,
    LR_DOWNTELE, ROWNO, Level,
)
from unlev.output.words import count, object_name
from unlev.stdlib import data
from unlev.stdlib import terrain as T

# --- mkroom.h room types that colour walls (mapglyph.c) -----------------------------------
_SWAMP, _VAULT, _BEEHIVE, _DELPHI, _LEPREHALL, _COCKNEST, _ANTHOLE = 3, 4, 5, 9, 11, 12, 13
_GARDEN, _ARMORY, _LEMUREPIT = 14, 15, 16

# align.h altar masks
_AM_MASK, _AM_SHRINE = 0x07, 0x08


class Glyph(NamedTuple):
    """One screen cell: the character, its colour (a ``CLR_*`` name, None = the
    terminal's default), what layer it comes from and what it shows."""

    ch: str
    color: Optional[str]
    layer: str            # "terrain", "trap", "object" or "monster"
    what: str             # defsyms explanation, or the monster / object / trap name
    inverse: bool = False  # a pile of several objects (the game's MG_INVERSE)


# drawing.c defsyms[]: (character, colour, explanation) of the map symbols we draw.
# HI_METAL = CLR_CYAN, HI_GOLD = CLR_YELLOW, HI_ZAP = CLR_BRIGHT_BLUE (color.h).
DEFSYMS: Dict[str, Tuple[str, Optional[str], str]] = {
    "stone": (" ", None, "unexplored area"),
    "vwall": ("|", "CLR_GRAY", "wall"), "hwall": ("-", "CLR_GRAY", "wall"),
    "tlcorn": ("-", "CLR_GRAY", "wall"), "trcorn": ("-", "CLR_GRAY", "wall"),
    "blcorn": ("-", "CLR_GRAY", "wall"), "brcorn": ("-", "CLR_GRAY", "wall"),
    "crwall": ("-", "CLR_GRAY", "wall"), "tuwall": ("-", "CLR_GRAY", "wall"),
    "tdwall": ("-", "CLR_GRAY", "wall"), "tlwall": ("|", "CLR_GRAY", "wall"),
    "trwall": ("|", "CLR_GRAY", "wall"),
    "ndoor": (".", "CLR_GRAY", "doorway"),
    "vodoor": ("-", "CLR_BROWN", "open door"), "hodoor": ("|", "CLR_BROWN", "open door"),
    "vcdoor": ("+", "CLR_BROWN", "closed door"), "hcdoor": ("+", "CLR_BROWN", "closed door"),
    "bars": ("#", "CLR_CYAN", "iron bars"), "tree": ("#", "CLR_GREEN", "tree"),
    "deadtree": ("#", "CLR_BLACK", "dead tree"),
    "room": (".", "CLR_GRAY", "floor of a room"),
    "darkroom": (".", "CLR_BLACK", "dark part of a room"),
    "corr": ("#", "CLR_BLACK", "corridor"), "litcorr": ("#", "CLR_GRAY", "lit corridor"),
    "upstair": ("<", "CLR_WHITE", "staircase up"), "dnstair": (">", "CLR_WHITE", "staircase down"),
    "upladder": ("<", "CLR_BROWN", "ladder up"), "dnladder": (">", "CLR_BROWN", "ladder down"),
    "altar": ("_", "CLR_GRAY", "altar"), "grave": ("|", "CLR_GRAY", "grave"),
    "throne": ("\\", "CLR_YELLOW", "opulent throne"), "sink": ("#", "CLR_GRAY", "sink"),
    "fountain": ("{", "CLR_BLUE", "fountain"), "pool": ("}", "CLR_BLUE", "water"),
    "ice": (".", "CLR_CYAN", "ice"), "bog": ("}", "CLR_GREEN", "muddy swamp"),
    "magicplatform": (".", "CLR_GRAY", "magic platform"),
    "lava": ("}", "CLR_RED", "molten lava"),
    "vodbridge": (".", "CLR_BROWN", "lowered drawbridge"),
    "hodbridge": (".", "CLR_BROWN", "lowered drawbridge"),
    "vcdbridge": ("#", "CLR_BROWN", "raised drawbridge"),
    "hcdbridge": ("#", "CLR_BROWN", "raised drawbridge"),
    "air": (" ", "CLR_CYAN", "air"), "cloud": ("#", "CLR_GRAY", "cloud"),
    "icewall": ("8", "CLR_BRIGHT_CYAN", "ice wall"),
    "crystalicewall": ("8", "CLR_WHITE", "crystal ice wall"),
    "water": ("}", "CLR_BLUE", "water"),
}

# The trap symbols of defsyms[], in trap.h order (index 1 = ARROW_TRAP ... 24).
TRAP_SYMS: Tuple[Tuple[str, str, str], ...] = (
    ("^", "CLR_CYAN", "arrow trap"), ("^", "CLR_CYAN", "dart trap"),
    ("^", "CLR_GRAY", "falling rock trap"), ("^", "CLR_BROWN", "squeaky board"),
    ("^", "CLR_CYAN", "bear trap"), ("^", "CLR_RED", "land mine"),
    ("^", "CLR_GRAY", "rolling boulder trap"), ("^", "CLR_BRIGHT_BLUE", "sleeping gas trap"),
    ("^", "CLR_BLUE", "rust trap"), ("^", "CLR_ORANGE", "fire trap"),
    ("^", "CLR_BLACK", "pit"), ("^", "CLR_BLACK", "spiked pit"),
    ("^", "CLR_BROWN", "hole"), ("^", "CLR_BROWN", "trap door"),
    ("^", "CLR_MAGENTA", "teleportation trap"), ("^", "CLR_MAGENTA", "level teleporter"),
    ("^", "CLR_BRIGHT_MAGENTA", "magic portal"), ('"', "CLR_GRAY", "web"),
    ("^", "CLR_GRAY", "statue trap"), ("^", "CLR_BRIGHT_BLUE", "magic trap"),
    ("^", "CLR_BRIGHT_BLUE", "anti-magic field"), ("^", "CLR_WHITE", "ice trap"),
    ("^", "CLR_BRIGHT_GREEN", "polymorph trap"), ("^", "CLR_MAGENTA", "vibrating square"),
)

_WALL_SYM = {
    T.VWALL: "vwall", T.HWALL: "hwall", T.TLCORNER: "tlcorn", T.TRCORNER: "trcorn",
    T.BLCORNER: "blcorn", T.BRCORNER: "brcorn", T.CROSSWALL: "crwall",
    T.TUWALL: "tuwall", T.TDWALL: "tdwall", T.TLWALL: "tlwall", T.TRWALL: "trwall",
}
_SIMPLE_SYM = {
    T.IRONBARS: "bars", T.TREE: "tree", T.DEADTREE: "deadtree", T.POOL: "pool",
    T.MOAT: "pool", T.FOUNTAIN: "fountain", T.SINK: "sink", T.ALTAR: "altar",
    T.GRAVE: "grave", T.THRONE: "throne", T.LAVAPOOL: "lava", T.ICE: "ice",
    T.MAGIC_PLATFORM: "magicplatform", T.AIR: "air", T.CLOUD: "cloud",
    T.ICEWALL: "icewall", T.CRYSTALICEWALL: "crystalicewall", T.WATER: "water",
    T.BOG: "bog",
}
_WALL_COLOR_OF_ROOM = {
    _DELPHI: "CLR_BRIGHT_BLUE", _BEEHIVE: "CLR_YELLOW", _GARDEN: "CLR_GREEN",
    _COCKNEST: "CLR_GREEN", _ANTHOLE: "CLR_BROWN", _SWAMP: "CLR_GREEN",
    _LEPREHALL: "CLR_BRIGHT_GREEN", _VAULT: "CLR_CYAN", _ARMORY: "CLR_CYAN",
    _LEMUREPIT: "CLR_RED",
}


# --- lookups in the data tables ------------------------------------------------------------
@data.clears_with_tables        # one cache per game's tables
@lru_cache(maxsize=None)
def _objects_by_name() -> Dict[str, Tuple[data.Object, ...]]:
    """Object records by real name and by description (for unnamed ones)."""
    out: Dict[str, List[data.Object]] = {}
    for o in data.objects():
        key = o.name if o.name is not None else o.description
        if key:
            out.setdefault(key, []).append(o)
    return {k: tuple(v) for k, v in out.items()}


@data.clears_with_tables        # one cache per game's tables
@lru_cache(maxsize=None)
def _trap_index_by_name() -> Dict[str, int]:
    out: Dict[str, int] = {}
    for t in data.traps():
        out[t.name] = t.index
        if t.des_name:
            out.setdefault(t.des_name, t.index)
    for i, (_ch, _c, what) in enumerate(TRAP_SYMS, 1):
        out.setdefault(what, i)
    return out


def object_records(obj) -> Tuple[data.Object, ...]:
    """The data-table records an object may be: one when known (the populator stored
    its record in ``attrs`` or the name is unique), several when only an ambiguous
    name is known (``"teleportation"`` is a scroll, a wand and a spellbook)."""
    for v in obj.attrs.values():
        if isinstance(v, data.Object):
            return (v,)
    name = obj.id if isinstance(obj.id, str) else getattr(obj.id, "name", None)
    if name is None:
        return ()
    cands = _objects_by_name().get(name, ())
    cls = obj.attrs.get("class")
    if isinstance(cls, str) and len(cands) > 1:
        narrowed = tuple(o for o in cands if o.class_symbol == cls)
        if narrowed:
            return narrowed
    return cands


def monster_record(mon) -> Optional[data.Monster]:
    """The data-table record of a placed monster (None for an unknown kind)."""
    rec = mon.attrs.get("data")
    if isinstance(rec, data.Monster):
        return rec
    if isinstance(mon.id, data.Monster):
        return mon.id
    if isinstance(mon.id, str):
        lk = data.lookup_monster(mon.id)
        if lk.ok and lk.exact:
            return lk.item
    return None


def trap_index(trap) -> Optional[int]:
    """trap.h's number of a placed trap (1..24), None if unknown."""
    t = trap.ttyp
    if isinstance(t, int):
        return t if 1 <= t <= len(TRAP_SYMS) else None
    if isinstance(t, data.Trap):
        return t.index
    if isinstance(t, str):
        return _trap_index_by_name().get(t)
    return None


# --- the terrain layer ------------------------------------------------------------------
@lru_cache(maxsize=None)
def _sym(name: str, color: Optional[str] = None) -> Glyph:
    # a Glyph is immutable and DEFSYMS constant: one per (name, colour), made once
    # (the REPL redraws the whole map after every statement)
    ch, c, what = DEFSYMS[name]
    return Glyph(ch, c if color is None else color, "terrain", what)


def _wall_color(level: Level, x: int, y: int, tower) -> Optional[str]:
    """UnNetHack's coloured walls (mapglyph.c): by dungeon, else by room type."""
    ctx, name = level.context, level.name
    if tower is not None and tower[0] <= x <= tower[2] and tower[1] <= y <= tower[3]:
        return "CLR_MAGENTA"
    dname = ctx.dungeon_name
    if dname == "Vlad's Tower":
        return "CLR_ORANGE"
    if name.startswith("knox") or dname == "Fort Ludios" or ctx.in_sokoban or dname == "Sokoban":
        return "CLR_CYAN"
    if name.startswith("valley"):
        return "CLR_BLACK"
    if dname in ("Gehennom", "Sheol"):
        return "CLR_RED"
    if ctx.in_mines or dname == "The Gnomish Mines":
        return "CLR_BROWN"
    if name == "astral":
        return "CLR_WHITE"
    room = level.room_by_roomno(level.roomno[x * ROWNO + y])
    if room is not None:
        return _WALL_COLOR_OF_ROOM.get(room.rtype)
    return None


def _wizard_tower_area(level: Level):
    """The tower's bounds on the Wizard's levels: the exclusion area of the
    level-teleport region (dungeon.c In_W_tower)."""
    if not level.context.on_wizard_tower_level:
        return None
    for r in level.lregions:
        if r.rtype == LR_DOWNTELE and r.delarea.x1 > 0:
            a = r.delarea
            return (a.x1, a.y1, a.x2, a.y2)
    return None


def _stair_map(level: Level) -> Dict[Tuple[int, int], object]:
    return {(s.x, s.y): s for s in level.stairs}


def terrain_glyph(level: Level, x: int, y: int, stairs=None, tower=None) -> Glyph:
    """display.c back_to_glyph() for a square seen from every side, plus mapglyph.c's
    colour rules."""
    i = x * ROWNO + y
    t = level.typ[i]
    flg = level.flg[i]
    lit = level.lit[i]
    if t in (T.STONE, T.SCORR):
        return _sym("tree") if level.flags.arboreal else _sym("stone")
    if t == T.ROOM:
        return _sym("room" if lit else "darkroom")
    if t == T.CORR:
        # mapglyph.c: a lit corridor drawn with the dark corridor's character is white
        return _sym("litcorr", "CLR_WHITE") if lit else _sym("corr")
    if t in _WALL_SYM or t == T.SDOOR:
        if t == T.SDOOR:
            name = "hwall" if level.horiz[i] else "vwall"
        else:
            name = _WALL_SYM[t]
        g = _sym(name)
        color = _wall_color(level, x, y, tower)
        return g._replace(color=color) if color is not None else g
    if t == T.DOOR:
        if flg == 0 or flg & D_BROKEN:
            return _sym("ndoor")
        if flg & D_ISOPEN:
            return _sym("hodoor" if level.horiz[i] else "vodoor")
        return _sym("hcdoor" if level.horiz[i] else "vcdoor")
    if t in (T.STAIRS, T.LADDER):
        s = (stairs if stairs is not None else _stair_map(level)).get((x, y))
        down = (not s.up) if s is not None else bool(flg & LA_DOWN)
        if t == T.LADDER:
            return _sym("dnladder" if down else "upladder")
        g = _sym("dnstair" if down else "upstair")
        tolev = getattr(s, "tolev", None)
        if tolev == "branch":      # stairs to another dungeon are yellow (mapglyph.c)
            g = g._replace(color="CLR_YELLOW")
        return g
    if t == T.ALTAR:
        amask = flg
        if (level.name in ("astral", "sanctum")) and amask & _AM_SHRINE:
            return _sym("altar", "CLR_BRIGHT_MAGENTA")
        if amask & _AM_MASK == 0:
            return _sym("altar", "CLR_RED")
        return _sym("altar")
    if t == T.DBWALL:
        return _sym("hcdbridge" if level.horiz[i] else "vcdbridge")
    if t == T.DRAWBRIDGE_UP:
        under = flg & DB_UNDER
        if under == DB_MOAT:
            return _sym("pool")
        if under == DB_LAVA:
            return _sym("lava")
        if under == DB_ICE:
            return _sym("ice")
        if under == DB_BOG:
            return _sym("bog")
        return _sym("room" if lit else "darkroom")
    if t == T.DRAWBRIDGE_DOWN:
        return _sym("hodbridge" if level.horiz[i] else "vodbridge")
    name = _SIMPLE_SYM.get(t)
    if name is not None:
        return _sym(name)
    return _sym("room" if lit else "darkroom")


# --- the whole picture -----------------------------------------------------------------------
def terrain_grid(level: Level) -> List[List[Glyph]]:
    """``grid[y][x]``: the terrain layer alone (what lies under traps, objects and
    monsters), 21 rows of 80."""
    stairs = _stair_map(level)
    tower = _wizard_tower_area(level)
    return [[terrain_glyph(level, x, y, stairs, tower) for x in range(COLNO)]
            for y in range(ROWNO)]


def glyph_grid(level: Level) -> List[List[Glyph]]:
    """``grid[y][x]``: what the game's screen shows at every square, 21 rows of 80."""
    grid = terrain_grid(level)

    def inside(x, y):
        return isinstance(x, int) and isinstance(y, int) and 0 <= x < COLNO and 0 <= y < ROWNO

    for trap in level.traps:
        if not inside(trap.x, trap.y):
            continue
        ti = trap_index(trap)
        # a variant's own trap (its table's index past UnNetHack's symbols): a plain ^
        ch, color, what = TRAP_SYMS[ti - 1] if ti and ti <= len(TRAP_SYMS) else (
            "^", None, str(trap.ttyp))
        grid[trap.y][trap.x] = Glyph(ch, color, "trap", what)
    piles: Dict[Tuple[int, int], int] = {}
    for obj in level.objects:      # the last one placed is on top (place_object)
        if obj.buried or not inside(obj.x, obj.y):
            continue
        piles[(obj.x, obj.y)] = piles.get((obj.x, obj.y), 0) + 1
        grid[obj.y][obj.x] = object_glyph(obj)
    for (x, y), n in piles.items():
        g = grid[y][x]
        if n > 1 and g.what != "boulder":
            grid[y][x] = g._replace(inverse=True)
    for mon in level.monsters:
        if inside(mon.x, mon.y):
            grid[mon.y][mon.x] = monster_glyph(mon)
    return grid


def object_glyph(obj) -> Glyph:
    recs = object_records(obj)
    name = obj.id if isinstance(obj.id, str) else str(getattr(obj.id, "name", obj.id))
    if not recs:
        return Glyph("]", None, "object", name)       # the strange object's symbol
    rec = recs[0]
    color = rec.color if isinstance(rec.color, str) and rec.color.startswith("CLR_") else None
    return Glyph(rec.class_symbol, color, "object", object_name(name, rec.class_symbol))


def monster_glyph(mon) -> Glyph:
    rec = monster_record(mon)
    name = mon.id if isinstance(mon.id, str) else str(getattr(mon.id, "name", mon.id))
    if rec is None:
        if isinstance(mon.id, str) and len(mon.id) == 1 and data.is_monster_class_symbol(mon.id):
            return Glyph(mon.id, None, "monster", name)
        return Glyph("?", None, "monster", name)
    return Glyph(rec.symbol, rec.color, "monster", rec.name)


def display_rows(level: Level) -> List[str]:
    """The characters the game would show, one string of 80 per row (index = x)."""
    return ["".join(g.ch for g in row) for row in glyph_grid(level)]


# --- rich renderables -----------------------------------------------------------------------
# How a tty shows NetHack's colours: the 8 low-intensity ANSI colours, the high ones
# bright; CLR_BLACK as dark grey (the game's use_darkgray), so dark floor stays visible.
RICH_COLORS: Dict[str, str] = {
    "CLR_BLACK": "bright_black", "CLR_RED": "red", "CLR_GREEN": "green",
    "CLR_BROWN": "yellow", "CLR_BLUE": "blue", "CLR_MAGENTA": "magenta",
    "CLR_CYAN": "cyan", "CLR_GRAY": "white", "CLR_ORANGE": "bright_red",
    "CLR_BRIGHT_GREEN": "bright_green", "CLR_YELLOW": "bright_yellow",
    "CLR_BRIGHT_BLUE": "bright_blue", "CLR_BRIGHT_MAGENTA": "bright_magenta",
    "CLR_BRIGHT_CYAN": "bright_cyan", "CLR_WHITE": "bright_white",
}


def glyph_style(g: Glyph) -> str:
    """The rich style of one screen cell."""
    style = RICH_COLORS.get(g.color or "", "")
    if g.inverse:
        style = (style + " reverse").strip()
    return style


def map_text(level: Level, grid: Optional[List[List[Glyph]]] = None):
    """The coloured map: a rich Text of 21 lines of 80 cells (column = x)."""
    from rich.text import Text
    if grid is None:
        grid = glyph_grid(level)
    text = Text(no_wrap=True, overflow="crop", end="\n")
    for y, row in enumerate(grid):
        run_style, run = None, []
        for g in row:
            style = glyph_style(g)
            if style != run_style and run:
                text.append("".join(run), style=run_style or None)
                run = []
            run_style = style
            run.append(g.ch)
        if run:
            text.append("".join(run), style=run_style or None)
        if y < len(grid) - 1:
            text.append("\n")
    return text


def _set_flags(level: Level) -> List[str]:
    """The level's flags that are on, by the des-file words where there is one."""
    f = level.flags
    words = [("noteleport", f.noteleport), ("hardfloor", f.hardfloor), ("nommap", f.nommap),
             ("shortsighted", f.shortsighted), ("arboreal", f.arboreal),
             ("mazelevel", f.is_maze_lev), ("cavernous", f.is_cavernous_lev),
             ("shroud", not f.hero_memory), ("stormy", f.stormy), ("graveyard", f.graveyard),
             ("icedpools", f.icedpools), ("corrmaze", f.corrmaze), ("sky", f.sky),
             ("premapped", f.premapped), ("solidify", f.solidify),
             ("inaccessibles", f.check_inaccessibles), ("rndvault", f.rndvault),
             ("noflipx", f.noflipx), ("noflipy", f.noflipy)]
    return [w for w, on in words if on]


def _where(points: List[Tuple[int, int]], limit: int = 8) -> str:
    shown = " ".join(f"{x},{y}" for x, y in points[:limit])
    if len(points) > limit:
        shown += f" +{len(points) - limit} more"
    return shown


def entity_rows(level: Level) -> List[Tuple[Glyph, str, str, int, List[Tuple[int, int]]]]:
    """(glyph, kind, name, count, positions) for the summary table: monsters, traps,
    objects on the floor and buried, engravings; the same name grouped, first seen first."""
    groups: Dict[Tuple[str, str], list] = {}

    def add(kind: str, g: Glyph, name: str, x: int, y: int) -> None:
        key = (kind, name)
        if key not in groups:
            groups[key] = [g, []]
        groups[key][1].append((x, y))

    for m in level.monsters:
        g = monster_glyph(m)
        add("monster", g, g.what, m.x, m.y)
    for t in level.traps:
        ti = trap_index(t)
        ch, color, what = TRAP_SYMS[ti - 1] if ti and ti <= len(TRAP_SYMS) else (
            "^", None, str(t.ttyp))
        add("trap", Glyph(ch, color, "trap", what), what, t.x, t.y)
    for o in level.objects:
        g = object_glyph(o)
        add("buried" if o.buried else "object", g, g.what, o.x, o.y)
    for e in level.engravings:
        add("engraving", Glyph("~", None, "engraving", e.text), repr(e.text), e.x, e.y)
    return [(g, kind, name, len(pts), pts) for (kind, name), (g, pts) in groups.items()]


def summary(level: Level, *, seed: Optional[int] = None, source: Optional[str] = None,
            max_rows: int = 40):
    """What is below the map: name, seed, flags, messages, counts, and a table of
    everything placed with its positions (``max_rows`` kinds at most; the JSON has
    everything)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    head = Text()
    head.append(level.name or "(unnamed level)", style="bold")
    if seed is not None:
        head.append(f"  seed {seed}")
    if source:
        head.append(f"  {source}", style="dim")
    ctx = level.context
    head.append(f"  depth {ctx.depth}, {ctx.dungeon_name}", style="dim")
    lines = [head]
    flags = _set_flags(level)
    lines.append(Text("flags: " + (", ".join(flags) if flags else "none")))
    flipped = level.extras.get("flipped")
    if flipped:
        lines.append(Text("flipped: " + {1: "top/bottom", 2: "left/right",
                                          3: "top/bottom and left/right"}.get(flipped, str(flipped))))
    for msg in level.messages:
        lines.append(Text("message: " + msg, style="italic"))
    for w in level.extras.get("warnings") or []:
        lines.append(Text("warning: " + str(w), style="yellow"))
    held = placeholder_line(level)
    if held:
        lines.append(Text(held, style="magenta"))
    gold = sum(o.attrs.get("quantity", 0) or 0 for o in level.objects
               if o.id == "gold piece" and isinstance(o.attrs.get("quantity", 0), int))
    n_doors = level.typ.count(T.DOOR) + level.typ.count(T.SDOOR)
    counts = [("rooms", len(level.rooms)), ("subrooms", len(level.subrooms)),
              ("doors", n_doors), ("stairs", len(level.stairs)),
              ("monsters", len(level.monsters)), ("objects", len(level.objects)),
              ("traps", len(level.traps)), ("engravings", len(level.engravings)),
              ("gold", gold)]
    shown = [count(n, w) for w, n in counts if n or w in ("monsters", "objects", "traps")]
    lines.append(Text(", ".join(shown)))
    rows = entity_rows(level)
    if rows:
        table = Table(box=None, show_header=True, header_style="bold", pad_edge=False,
                      padding=(0, 1))
        table.add_column("", no_wrap=True)
        table.add_column("kind", no_wrap=True)
        table.add_column("what", overflow="fold")
        table.add_column("n", justify="right", no_wrap=True)
        table.add_column("where (x,y)", overflow="fold")
        for g, kind, name, n, pts in rows[:max_rows]:
            table.add_row(Text(g.ch, style=glyph_style(g) or None), kind, name, str(n),
                          _where(pts))
        lines.append(table)
        if len(rows) > max_rows:
            rest = rows[max_rows:]
            lines.append(Text(f"... {len(rest)} more kinds ({sum(r[3] for r in rest)} "
                              "things); --json lists everything", style="dim"))
    return Group(*lines)


def placeholder_line(level: Level) -> str:
    """``placeholders: 3 (monster "tree blight" x2, trap "lever")``: what --lenient
    stood in for names the data lacks, or "" when nothing was."""
    table = level.extras.get("placeholders") or {}
    items = [(kind, name, n) for kind, names in table.items() for name, n in names.items()]
    if not items:
        return ""
    total = sum(n for _k, _nm, n in items)
    shown = ", ".join(f'{kind} "{name}"' + (f" x{n}" if n > 1 else "")
                      for kind, name, n in items)
    return f"placeholders: {total} ({shown}): names UnNetHack's tables lack"


def level_view(level: Level, *, seed: Optional[int] = None, source: Optional[str] = None):
    """The map and its summary, ready for ``Console.print``."""
    from rich.console import Group
    return Group(map_text(level), summary(level, seed=seed, source=source))
