"""How far a des-file may go before unlev stops it with an error.

Why a module of its own: a regression harness runs des-files from pull requests, and a
careless or hostile file must end in ``file:line:col: error: ...`` within seconds, not
in a RecursionError, a memory blow-up or an hour of dice.  The game has limits of its
own only by accident (C ints, fixed arrays); these are unlev's, far above anything a
real level uses (the corpora's deepest nesting is 6, their longest array 30), and each
is configurable: ``UNLEV_LIMITS="depth=500,steps=5000000"`` in the environment, read
once by ``unlev.cli`` into the run's :class:`unlev.lang.settings.Settings`
(``settings.limits``), or a :class:`Limits` value given to the compile or the build
from Python.  There is no module-global: the parser, the evaluator, the loader and the
importer read the value they were handed (``DEFAULT`` when none).  A bad setting (an
unknown name, a value that is not a whole number from 1) is a usage error of every
command (``unlev.cli`` asks :func:`from_environment` first).  The steps count statements, LOOP rounds and the work of
each statement: the builder charges a SPILL's squares, a quantity's objects, WALLIFY,
MINERALIZE, MAZEWALK, WALLWALK, INIT_MAP, REPLACE_TERRAIN, NON_DIGGABLE/NON_PASSWALL, PORTAL
and REGION placement as it goes (``BuildState.spend``); a Lua level file's ``des.*`` calls
are charged the same, all of them together, and its Lua values are held to ``lua_memory``
(Lua's own allocator refuses past it: ``unlev.lua.runtime``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace

from ..stdlib.records import record


MAXIMUM = 2 ** 62       # a limit is a number the arithmetic stays exact with


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class Limits:
    """unlev's limits, each a field (its default and what it counts beside it)."""

    steps: int = 1_000_000          # statements and LOOP/FOR rounds run for one level
    depth: int = 200                # nesting of blocks and expressions in the source
    string: int = 1_000_000         # characters in a string value
    array: int = 1_000_000          # elements of an array value
    dice: int = 1_000_000           # dice rolled by one dice expression (NdM)
    entities: int = 2_000           # monsters, objects or traps on one level (corpus max 379)
    placements: int = 100           # random placements that find no place on one level
    radius: int = 1_000             # radius of a circle or ellipse (the map is 80 x 21)
    file_size: int = 16_000_000     # bytes of a des-file (with what it INCLUDEs)
    tokens: int = 100_000           # tokens of a des-file with what it INCLUDEs (the
                                    # largest file of the corpora and variants: 15,000)
    includes: int = 200             # INCLUDEs read for one des-file, all depths together
    include_bytes: int = 4_000_000  # bytes of all the files one des-file INCLUDEs
    c_file_size: int = 16_000_000   # bytes of a C file `unlev data import` reads (the
                                    # biggest of NetHack 3.7's: under 1 MB)
    cpp_tokens: int = 3_000_000     # tokens the importer's macro expansion may make of
                                    # one file (3.7's objects.c: well under 1 million)
    lua_memory: int = 100_000_000   # bytes a Lua level file's values may hold (3.7's
                                    # levels: a few MB; `s = s .. s` would take it all)

    def __init__(self, steps: int = 1_000_000, depth: int = 200, string: int = 1_000_000,
                 array: int = 1_000_000, dice: int = 1_000_000, entities: int = 2_000,
                 placements: int = 100, radius: int = 1_000, file_size: int = 16_000_000,
                 tokens: int = 100_000, includes: int = 200, include_bytes: int = 4_000_000,
                 c_file_size: int = 16_000_000, cpp_tokens: int = 3_000_000,
                 lua_memory: int = 100_000_000) -> None:
        # the fields' defaults again (tests/test_records.py holds them equal)
        for name, value in (("steps", steps), ("depth", depth), ("string", string),
                            ("array", array), ("dice", dice), ("entities", entities),
                            ("placements", placements), ("radius", radius),
                            ("file_size", file_size), ("tokens", tokens),
                            ("includes", includes), ("include_bytes", include_bytes),
                            ("c_file_size", c_file_size), ("cpp_tokens", cpp_tokens),
                            ("lua_memory", lua_memory)):
            object.__setattr__(self, name, value)

    @classmethod
    def from_text(cls, text: str) -> "Limits":
        """``"depth=500, steps=5000000"`` over the defaults; raises ValueError."""
        known = {f.name for f in fields(cls)}
        values = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, eq, value = part.partition("=")
            name = name.strip()
            if name not in known:
                raise ValueError(f"unknown limit {name!r} (known: {', '.join(sorted(known))})")
            value = value.strip().replace("_", "")
            if not eq or not value.isdigit() or not value.isascii():
                raise ValueError(f"limit {name} wants a whole number, as in {name}=1000")
            values[name] = int(value)
            if not 1 <= values[name] <= MAXIMUM:
                raise ValueError(f"limit {name} must be between 1 and {MAXIMUM:,}")
        return replace(cls(), **values)


def from_environment() -> Limits:
    """The limits ``UNLEV_LIMITS`` sets; ValueError (its message names the variable) for
    a bad setting: the CLI reports it as a usage error before any command runs."""
    try:
        return Limits.from_text(os.environ.get("UNLEV_LIMITS", ""))
    except ValueError as exc:
        raise ValueError(f"UNLEV_LIMITS: {exc}") from None


DEFAULT = Limits()


def hint(name: str, limits: Limits) -> str:
    """How to raise limit ``name``: its value in ``limits`` (the limits in force)."""
    return f"the limit is {getattr(limits, name):,}; raise it with UNLEV_LIMITS=\"{name}=N\""


def steps_hint(limit: int) -> str:
    """The step limit's hint: the same words as :func:`hint`, for the limit in force
    (an Evaluator may run under its own ``step_limit``)."""
    return ("check LOOP counts, FOR bounds and quantities; the limit is "
            f"{limit:,}; raise it with UNLEV_LIMITS=\"steps=N\"")


def steps_message(limit: int) -> str:
    return (f"the level script ran more than {limit} steps (statements, LOOP rounds "
            "and the work of each statement) and was stopped")


def is_limit_error(err) -> bool:
    """Whether a DesError is one of these limits (its hint says how to raise it): such
    a file fails the same in every dialect, so ``auto`` tries no other."""
    return any(d.hint and "raise it with UNLEV_LIMITS" in d.hint for d in err.diagnostics)
