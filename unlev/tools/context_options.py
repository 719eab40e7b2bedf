"""The options that say where and for whom a level is made (``--depth``,
``--difficulty``, ``--role``, ``--race``, ``--align``, ``--date``), shared by ``unlev
run``, ``unlev test`` and the ``unlev.lua`` runner, and the contexts they give.

Why a module of its own: a level checked by ``unlev test`` must be the level ``unlev run``
draws with the same options; one parser and one :func:`contexts` keep them so.
"""

from __future__ import annotations

import argparse
import datetime as _dt
from typing import Optional, Tuple

from unlev.stdlib.builtins import ALIGNMENTS, DEFAULT_DATE

ROLES = ("Archeologist", "Barbarian", "Caveman", "Convict", "Healer", "Knight", "Monk",
         "Priest", "Ranger", "Rogue", "Samurai", "Tourist", "Valkyrie", "Wizard")
_ROLE_ALIASES = {"cavewoman": "Caveman", "priestess": "Priest"}
RACES = ("human", "elf", "dwarf", "gnome", "orc", "vampire")


# --- option types (argparse turns ValueError/ArgumentTypeError into exit 2) -----------
def _role(text: str) -> str:
    t = text.strip().lower()
    if t in _ROLE_ALIASES:
        return _ROLE_ALIASES[t]
    for r in ROLES:
        if t == r.lower() or t == r[:3].lower():
            return r
    raise argparse.ArgumentTypeError(
        f"unknown role {text!r} (one of: {', '.join(ROLES)}, or their first 3 letters)")


def _race(text: str) -> str:
    t = text.strip().lower()
    for r in RACES:
        if t == r or t == r[:3]:
            return r
    raise argparse.ArgumentTypeError(f"unknown race {text!r} (one of: {', '.join(RACES)})")


def _align(text: str) -> str:
    t = text.strip().lower()
    for a in ALIGNMENTS:
        if t == a or t == a[:3]:
            return a
    raise argparse.ArgumentTypeError(f"unknown alignment {text!r} (lawful, neutral or chaotic)")


def _date(text: str) -> _dt.datetime:
    """A date alone means noon, the default time of day (so time.night is 0)."""
    try:
        return _dt.datetime.strptime(text, "%Y-%m-%dT%H:%M")
    except ValueError:
        pass
    try:
        return _dt.datetime.strptime(text, "%Y-%m-%d").replace(hour=12)
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"bad date {text!r}: write YYYY-MM-DD or YYYY-MM-DDTHH:MM")


def count_type(minimum: int):
    def parse(text: str) -> int:
        try:
            v = int(text, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if v < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}: {v}")
        return v
    return parse



def add_context_options(p: argparse.ArgumentParser) -> None:
    """``--depth --difficulty --role --race --align --date`` (all default None: where the
    game makes the level, for a neutral human Valkyrie, on DEFAULT_DATE)."""
    p.add_argument("--depth", type=count_type(1), default=None, metavar="N",
                   help="dungeon depth the level is made at (default: where the game "
                   "makes a level of that name, e.g. 5-8 for oracle; 1 for an unknown name)")
    p.add_argument("--difficulty", type=count_type(1), default=None, metavar="N",
                   help="level difficulty for random monsters and objects (default: the depth)")
    p.add_argument("--role", type=_role, default=None, metavar="ROLE",
                   help="the hero's role for hero.role and role-dependent choices "
                   "(default Valkyrie; full name or 3 letters)")
    p.add_argument("--race", type=_race, default=None, metavar="RACE",
                   help="the hero's race: " + ", ".join(RACES) + " (default human)")
    p.add_argument("--align", type=_align, default=None, metavar="ALIGN",
                   help="the hero's alignment: lawful, neutral or chaotic (default neutral)")
    p.add_argument("--date", type=_date, default=None, metavar="YYYY-MM-DD[THH:MM]",
                   help="the date time.* functions see; a date alone means noon "
                   f"(default {DEFAULT_DATE:%Y-%m-%dT%H:%M}, so runs are reproducible)")


CONTEXT_KEYS = ("depth", "difficulty", "role", "race", "align", "date")


def context_values(args) -> Tuple:
    """The context options of parsed ``args`` as a small picklable tuple (for jobs sent to
    other processes), in :data:`CONTEXT_KEYS` order."""
    return tuple(getattr(args, k, None) for k in CONTEXT_KEYS)


def contexts(name: str, values: Optional[Tuple] = None):
    """(DungeonContext, RunContext) for a level named ``name`` made with the context
    option ``values`` (see :func:`context_values`; None: all defaults)."""
    from unlev.model.placement import guess_context
    from unlev.stdlib.builtins import RunContext
    depth, difficulty, role, race, align, date = values or (None,) * 6
    # no --depth: where the game usually puts this level (unlev.model.placement.usual_place)
    context = guess_context(name, depth, difficulty)
    rc = RunContext(depth=context.depth, difficulty=context.difficulty, level_name=name,
                    in_sokoban=context.in_sokoban,
                    in_hell=context.dungeon_name in ("Gehennom", "Sheol"))
    if role:
        rc.role = role
    if race:
        rc.race = race
    if align:
        rc.alignment = ALIGNMENTS[align]
    if date:
        rc.date = date
    return context, rc
