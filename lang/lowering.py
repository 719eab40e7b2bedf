"""The one lowering pass: every rewrite of a parsed tree, and the dialect each serves.

Why a module of its own: the grammars build a tree of what the file says; a few things
the game's compiler or loader does are not said in the file (NetHack 3.6's lev_comp
fills a ``circle`` that names no filling; a profile's declared map characters are drawn
as their base character; UnNetHack 3.5.1's loader draws no chance for a room without
CHANCE; another game's monster is made as UnNetHack's nearest one).  They used to be
three ``finish``/``prepare`` functions in three modules (``lang/extensions.py``,
``lang/grammar_nethack36.py``, ``generate/dialect_levels.py``); here they are one table,
:data:`REWRITES`, as pycparser gathers its tree fixes in ``ast_transforms``.

A rewrite belongs to one of two phases:

* ``tree``: rewrites of the tree itself, which every tool (check, lint, convert, the
  editor) sees.  :func:`lower` runs them, once per parse, from the one place a parse
  ends: :meth:`unlev.lang.parser.DesParser.parse_source` on the top file, when it read
  without errors (what a file INCLUDEs is lowered with it).
* ``loader``: what unlev's loader (UnNetHack's) needs of another game's level, on a
  copy of it, so the tools keep the file's own names.  It depends on the run's
  ``--compat`` (``game`` for the MAZE fill), so the copy is made on the first build of
  a level in each compat mode and kept on the compile's result
  (:attr:`unlev.lang.frontend.Compiled.prepared`): :func:`loader_level`.

The stand-in rules (:func:`monster_stand_in`, :func:`object_stand_in`) are also what the
Lua runtime uses for a converted 3.6/3.4.3 level's names.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from ..stdlib.records import record
from . import ast as A
from .diagnostics import Span
from .dialect_data import is_unnethack

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Callable, List, Optional


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class Rewrite:
    """One rewrite: its name, the dialects or inputs it serves, its phase, and what it
    does (the function's docstring says how)."""

    name: str
    serves: str
    phase: str          # "tree" or "loader"
    run: Callable

    def __init__(self, name: str, serves: str, phase: str, run: Callable) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "serves", serves)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "run", run)


# ----------------------------------------------------------------------- tree phase
def lower(tree: A.DesFile, dialect: str, ext, reporter) -> None:
    """The tree phase: every ``tree`` rewrite of :data:`REWRITES` whose dialect this is
    (``ext``: the profile's declared extensions and the lenient mode, or None)."""
    if ext:
        extension_records(tree, ext, reporter)
    if dialect == "nethack36":
        filled_circles(tree)


def filled_circles(tree: A.DesFile) -> None:
    """NetHack 3.6: what lev_comp writes where the file says nothing -- ``circle`` and
    ``ellipse`` without a filling keyword are filled (it pushes 1)."""
    for level in tree.levels:
        fill_circles(A.walk(level))


def fill_circles(nodes) -> None:
    """:func:`filled_circles` on some nodes (``unlev check`` rewrites each statement of
    a 3.6 level as it is read: :mod:`unlev.lang.level_stream`)."""
    for n in nodes:
        if isinstance(n, (A.SelCircle, A.SelEllipse)) and n.filling is None:
            n.filling = 1


def extension_records(tree: A.DesFile, ext, reporter) -> None:
    """A profile's extensions (and --lenient): make the tree speak the base language.
    Declared map characters become their base character, remembering the terrain name
    (MAP squares, ``'c'`` arguments); a statement's extension arguments follow it as
    records; the loader's named syntax goes on the level; unknown map characters and
    flags (lenient) are reported once per character."""
    from .extensions import LOADER_SYNTAX
    if ext.statement_args:
        for node in list(A.walk(tree)):
            if isinstance(node, A.Block):
                out = []
                for st in node.statements:
                    out.append(st)
                    out.extend(A.ext_records(st, "ext_args") if st is not None else ())
                node.statements = out
    loader = [s for s in ext.syntax if s in LOADER_SYNTAX]
    for level in tree.levels:
        if loader:
            level.ext_syntax = tuple(loader)
        for word, bits in level.flags:
            if isinstance(bits, str) and ext.flags.get(bits):
                reporter.warning(f"unknown flag '{bits}' kept as a placeholder (no effect)",
                                 level.span, "declare it in the profile's extensions flags",
                                 "lenient")
    if ext.map_chars:
        _base_map_chars(tree, ext, reporter, set())


def _base_map_chars(tree: A.DesFile, ext, reporter, reported: set) -> None:
    def report(ch, span):
        d = ext.map_chars[ch]
        if d.unknown and ch not in reported:
            reported.add(ch)
            reporter.warning(f"unknown map character {ch!r} drawn as {d.base!r} "
                             "(a placeholder)", span,
                             "declare it in the profile's extensions map_chars",
                             "lenient")

    for node in A.walk(tree):
        if isinstance(node, A.MapStmt) and node.lines:
            squares = []
            lines = []
            for dy, line in enumerate(node.lines):
                row = []
                for dx, ch in enumerate(line):
                    d = ext.map_chars.get(ch)
                    if d is not None:
                        squares.append((dx, dy, d.terrain, d.base))
                        report(ch, Span(node.span.file, node.first_line + dy, dx + 1))
                        ch = d.base
                    row.append(ch)
                lines.append("".join(row))
            if squares:
                node.lines = lines
                node.ext_terrain = squares
        elif isinstance(node, A.MapChar) and node.char in ext.map_chars:
            d = ext.map_chars[node.char]
            report(node.char, node.span)
            node.ext_terrain = d.terrain
            node.char = d.base
        elif isinstance(node, A.InitMap):
            for attr in ("fg", "bg", "fillchar"):
                ch = getattr(node, attr, None)
                if isinstance(ch, str) and ch in ext.map_chars:
                    report(ch, node.span)
                    setattr(node, attr, ext.map_chars[ch].base)
        elif isinstance(node, A.Include) and getattr(node, "tree", None) is not None:
            extension_records(node.tree, ext, reporter)


# --------------------------------------------------------------------- loader phase
# UnNetHack 3.5.1's and 3.5.2's loader (sp_level_coder): lev_comp zero-filled a room
# and set its chance only from CHANCE, and build_room draws rn2(100) only for a room
# with a chance
OPCODE_LOADERS = ("unnethack351", "unnethack352")


def loader_level(compiled, level: A.Level, game: bool = False,
                 warn: Optional[Callable[[str], None]] = None) -> A.Level:
    """The loader phase: ``level`` as unlev's loader should run it -- the level itself
    for UnNetHack, else a copy with the ``loader`` rewrites of :data:`REWRITES` --
    made once per compiled file, level and ``game`` (``--compat game``) and kept in
    ``compiled.prepared``.  The stand-ins are said through ``warn`` on every call."""
    dialect = getattr(compiled, "dialect", "unnethack")
    profile = getattr(compiled, "data", None)
    if profile is None or getattr(profile, "is_default", False):
        # UnNetHack's older releases have no profile of their own: UnNetHack's data
        profile = "unnethack" if is_unnethack(dialect) else dialect
    lenient = bool(getattr(compiled, "lenient", False))
    plain = is_unnethack(profile) and not lenient
    opcode_loader = dialect in OPCODE_LOADERS
    if plain and not opcode_loader:
        return level
    cache = getattr(compiled, "prepared", None)
    key = (id(level), game)
    out = cache.get(key) if cache is not None else None
    if out is None:
        out = copy.deepcopy(level)
        notes: List[tuple] = []
        if opcode_loader:
            unchanced_rooms(out)
        if not plain:               # UnNetHack's names need no stand-ins
            stand_ins(out, profile, lenient, notes)
            if game:
                maze_fill_as_the_game(out)
        out.stand_ins = notes       # (span, text), each at the name it replaces
        if cache is not None:
            cache[key] = out
    if warn is not None:
        for sp, text in out.stand_ins:
            warn(text, sp)
    return out


def unchanced_rooms(level: A.Level) -> None:
    """UnNetHack 3.5.1/3.5.2: a room without CHANCE (100 in the tree) draws nothing
    there: chance 0 for ``build_room``, which skips the draw for 0."""
    for n in A.walk(level):
        if isinstance(n, A.Room) and n.chance == 100:
            n.chance = 0


def maze_fill_as_the_game(level: A.Level) -> None:
    """NetHack 3.6/3.4.3 under ``--compat game``: ``MAZE: "name", 'c'`` leaves solid
    stone, as 3.6's lev_comp turns the character into an invalid type the game's fill
    skips (documented: the level is filled with ``c``)."""
    for n in A.walk(level):
        if isinstance(n, A.InitMap) and getattr(n, "maze_header", False):
            n.fill = A.MapChar(n.fill.span, " ", 0)


def stand_ins(level: A.Level, profile, lenient: bool, notes: list) -> None:
    """Another game's or a variant's monsters and objects (3.6's "red dragon", the
    Wizard's "Dark One", EvilHack's...) that UnNetHack lacks: the UnNetHack monster or
    object of the same class with the nearest level (cost for objects), said in
    ``notes``.  The profile is the one the file was checked against (``--data``), else
    the dialect's built-in one; a name no table has (let through by ``--lenient``) is
    left for the builder's placeholders (:mod:`unlev.populate.placeholders`)."""
    from ..stdlib import data
    kinds = {A.MonsterSpec: ("monster", "monsters", monster_stand_in,
                             data.is_monster_class_symbol),
             A.ObjectSpec: ("object", "objects", object_stand_in,
                            data.is_object_class_symbol)}
    for n in A.walk(level):
        kind = kinds.get(type(n))
        if kind is not None:
            _stand_in(n, profile, lenient, notes, *kind)


def _stand_in(n, profile, lenient: bool, notes: list, noun: str, table: str, stand_in,
              is_class) -> None:
    """A monster or object the profile names and UnNetHack lacks becomes the nearest
    UnNetHack one (said in ``notes``); a class UnNetHack lacks is dropped, or named as
    a placeholder under ``--lenient`` when no table has it."""
    if n.name:
        sub = stand_in(profile, n.cls, n.name, lenient)
        if sub != n.name:
            notes.append((n.span, f'{noun} "{n.name}" is not in UnNetHack; using "{sub}"'))
            n.name = sub
            if n.cls and not is_class(n.cls):
                n.cls = None            # a class UnNetHack lacks (EvilHack's trees '#')
    elif n.cls and not is_class(n.cls):
        if lenient and not _class_in(profile, table, n.cls):
            n.name, n.cls = f"{noun} of class '{n.cls}'", None     # no table has it
            return
        notes.append((n.span, f"{noun} class '{n.cls}' is not in UnNetHack; "
                              f"using a random {noun}"))
        n.cls = None


def _class_in(profile, table: str, symbol: str) -> bool:
    """Whether a profile's table has a class of that symbol."""
    from ..stdlib.profiles import ProfileError, resolve
    try:
        classes = resolve(profile).table(table)["classes"]
    except ProfileError:        # a dialect with no data profile of its own
        return False
    return any(c.get("symbol") == symbol for c in classes)


def dialect_row(dialect, table: str, name: str, cls):
    """The row of ``name`` in a profile's table (a built-in profile's name or a
    :class:`unlev.stdlib.profiles.Profile`), or None."""
    from ..stdlib.profiles import ProfileError, resolve
    try:
        rows = resolve(dialect).table(table)[table]
    except ProfileError:        # a dialect with no data profile (unnethack35): no row
        return None
    low = name.lower()
    key = "symbol" if table == "monsters" else "class"
    for r in rows:
        if r.get("name") and r["name"].lower() == low and (cls is None or r[key] == cls):
            return r
    return None


def monster_stand_in(dialect, cls: Optional[str], name: str, lenient: bool = False) -> str:
    """UnNetHack's monster for another table's ``name``: of its class, nearest level."""
    from ..stdlib import data
    if data.lookup_monster(name, cls).ok:
        return name
    row = dialect_row(dialect, "monsters", name, cls)
    if row is None and lenient:
        return name                    # no table knows it: the builder's placeholder
    symbol = cls or (row["symbol"] if row else None)
    level = row["level"] if row else 0
    pool = [m for m in data.monsters() if symbol is None or m.symbol == symbol]
    if not pool:
        pool = list(data.monsters())
    best = min(pool, key=lambda m: (abs(m.level - level), m.index))
    return best.name


def object_stand_in(dialect, cls: Optional[str], name: str, lenient: bool = False) -> str:
    """UnNetHack's object for another table's ``name``: of its class, nearest cost."""
    from ..stdlib import data
    if data.lookup_object(name, cls).ok:
        return name
    row = dialect_row(dialect, "objects", name, cls)
    if row is None and lenient:
        return name
    symbol = cls or (row["class"] if row else None)
    cost = row["cost"] if row else 0
    pool = [o for o in data.objects() if o.name and (symbol is None or o.class_symbol == symbol)]
    if not pool:
        pool = [o for o in data.objects() if o.name]
    best = min(pool, key=lambda o: (abs(o.cost - cost), o.index))
    return best.name


REWRITES = (
    Rewrite("extension_records", "a --data profile's declared extensions; --lenient",
            "tree", extension_records),
    Rewrite("filled_circles", "nethack36", "tree", filled_circles),
    Rewrite("unchanced_rooms", "unnethack351, unnethack352 (the opcode loader)",
            "loader", unchanced_rooms),
    Rewrite("stand_ins", "nethack36, nethack343, a variant's --data profile, --lenient",
            "loader", stand_ins),
    Rewrite("maze_fill_as_the_game", "nethack36, nethack343 under --compat game",
            "loader", maze_fill_as_the_game),
)
"""Every rewrite after parsing, the dialect or input it serves and its phase."""
