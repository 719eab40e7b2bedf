"""Running NetHack 3.6, 3.4.3 and variants' levels on unlev's loader (which follows
UnNetHack's and runs on UnNetHack's data tables).

The loaders share their statements; what differs for a level of another game is
settled here, on a copy of the level's tree, before the evaluator runs it:

* monsters and objects the other game's data profile has but UnNetHack does not (3.6's
  "red dragon", the Wizard's "Dark One", EvilHack's new monsters...) get a stand-in:
  the UnNetHack monster or object of the same class with the nearest level (cost for
  objects). The substitution is reported through ``warn``. The profile is the one
  the file was checked against (``--data``), else the dialect's built-in one; a name
  no table has (let through by ``--lenient``) is left for the builder's placeholders
  (:mod:`unlev.populate.placeholders`);
* NetHack 3.6's ``MAZE: "name", 'c'`` fills the level with ``c`` as documented; with
  the game's compatibility (``Compat.game()``) it leaves solid stone, as 3.6's lev_comp
  turns the character into an invalid type that the game's fill skips.
"""

from __future__ import annotations

import copy
from typing import Callable, Optional

from unlev.lang import ast as A
from unlev.lang.dialect_data import is_unnethack

def prepare(compiled, level: A.Level, game: bool = False,
            warn: Optional[Callable[[str], None]] = None) -> A.Level:
    """The level as unlev's loader should run it (the level itself for UnNetHack):
    made once per compiled file, level and ``game`` and kept in ``compiled.prepared``."""
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
    cached = cache.get(key) if cache is not None else None
    if cached is not None:
        return cached
    out = copy.deepcopy(level)
    notes = []
    if opcode_loader:
        _unchanced_rooms(out)
    from unlev.stdlib import data
    kinds = {A.MonsterSpec: ("monster", "monsters", monster_stand_in,
                             data.is_monster_class_symbol),
             A.ObjectSpec: ("object", "objects", object_stand_in,
                            data.is_object_class_symbol)}
    for n in (() if plain else A.walk(out)):     # UnNetHack's names need no stand-ins
        kind = kinds.get(type(n))
        if kind is not None:
            _stand_in(n, profile, lenient, notes, *kind)
        elif isinstance(n, A.InitMap) and getattr(n, "maze_header", False) and game:
            n.fill = A.MapChar(n.fill.span, " ", 0)
    # "line:col: text", each at the name it replaces
    out.stand_ins = [f"{sp.line}:{sp.col}: {text}" for sp, text in notes]  # type: ignore[attr-defined]
    if cache is not None:
        cache[key] = out
    if warn is not None:
        for sp, text in notes:
            warn(text, sp)
    return out


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


# UnNetHack 3.5.1's and 3.5.2's loader (sp_level_coder): lev_comp zero-filled a room
# and set its chance only from CHANCE, and build_room draws rn2(100) only for a room
# with a chance
OPCODE_LOADERS = ("unnethack351", "unnethack352")


def _unchanced_rooms(level: A.Level) -> None:
    """A room without CHANCE (100 in the tree) draws nothing there: chance 0 for
    ``build_room``, which skips the draw for 0."""
    for n in A.walk(level):
        if isinstance(n, A.Room) and n.chance == 100:
            n.chance = 0


def _class_in(profile, table: str, symbol: str) -> bool:
    """Whether a profile's table has a class of that symbol."""
    from unlev.stdlib.profiles import ProfileError, resolve
    try:
        classes = resolve(profile).table(table)["classes"]
    except ProfileError:        # a dialect with no data profile of its own
        return False
    return any(c.get("symbol") == symbol for c in classes)


def dialect_row(dialect, table: str, name: str, cls):
    """The row of ``name`` in a profile's table (a built-in profile's name or a
    :class:`unlev.stdlib.profiles.Profile`), or None."""
    from unlev.stdlib.profiles import ProfileError, resolve
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
    from unlev.stdlib import data
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
    from unlev.stdlib import data
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
