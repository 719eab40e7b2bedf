"""The core functions of the language that do not touch the level.

``time.*`` are computed from a date the caller sets (``RunContext.date``), so a run is
reproducible; ``level.*``/``hero.*`` come from the run's configuration. The formulas are
UnNetHack's (``src/hacklib.c``).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from typing import Optional

from .rng import c_trunc_div

DEFAULT_DATE = _dt.datetime(2026, 1, 15, 12, 0)
# the hero's alignment as --align names it and RunContext.alignment holds it
ALIGNMENTS = {"lawful": 1, "neutral": 0, "chaotic": -1}


@dataclass
class RunContext:
    """What a level run knows about the game around it (documented CLI defaults)."""

    depth: int = 0               # 0: not given (a run uses the level's usual depth)
    difficulty: int = 0          # 0: the same as depth
    role: str = "Valkyrie"
    race: str = "human"
    hero_name: str = "Agnar"
    alignment: int = 0           # hero's alignment: -1 chaotic, 0 neutral, 1 lawful
    date: _dt.datetime = field(default_factory=lambda: DEFAULT_DATE)
    in_sokoban: bool = False
    in_hell: bool = False
    level_name: str = ""
    #: the game's seed and sysconf SERVERSEED, when known (a dump's GAMESEED,
    #: --game-seed): what the game shuffled at its start (unlev.populate.oinit)
    game_seed: Optional[int] = None
    serverseed: int = 0
    #: the game's rndmonst table is still the one made at its start (a starting tin
    #: or egg asked rndmonnum, and the level was made without arriving on it, as the
    #: dump harness does): WHERE's ``rndmonst=start`` (unlev.populate.kinds
    #: start_table_monster)
    rndmonst_from_start: bool = False

    @property
    def level_difficulty(self) -> int:
        return self.difficulty if self.difficulty > 0 else max(self.depth, 1)


def phase_of_the_moon(d: _dt.datetime) -> int:
    """0..7, 0 new moon, 4 full moon (NetHack's formula)."""
    diy = d.timetuple().tm_yday - 1
    goldn = ((d.year - 1900) % 19) + 1
    epact = (11 * goldn + 18) % 30
    if (epact == 25 and goldn > 11) or epact == 24:
        epact += 1
    return ((((diy + epact) * 6) + 11) % 177) // 22 & 7


def time_function(name: str, d: _dt.datetime) -> int:
    """The value of ``time.<name>`` at date ``d``."""
    m, md = d.month, d.day
    table = {
        "discordian_holiday": md == 23 and m == 5,
        "pirateday": md == 19 and m == 9,
        "aprilfoolsday": m == 4 and md == 1,
        "piday": (m == 3 and md == 14) or (md == 22 and m == 7),
        "towelday": md == 25 and m == 5,
        "midnight": d.hour == 0,
        "night": d.hour < 6 or d.hour > 21,
        "friday_13th": d.weekday() == 4 and md == 13,
        "phase_of_the_moon": phase_of_the_moon(d),
        "yyyymmdd": d.year * 10000 + m * 100 + md,
    }
    return int(table[name])


TIME_FUNCTIONS = ("discordian_holiday", "pirateday", "aprilfoolsday", "piday", "towelday",
                  "midnight", "night", "friday_13th", "phase_of_the_moon", "yyyymmdd")


def c_long(v: int) -> int:
    """A value as spo_lev.c's opvars hold it: a C ``long`` (64 bits), wrapping on
    overflow as the game's arithmetic does in practice -- so no value grows without
    bound (a number squared in a loop stays 64 bits, as in the game)."""
    if -0x8000000000000000 <= v <= 0x7FFFFFFFFFFFFFFF:
        return v
    return (v + 0x8000000000000000) % 0x10000000000000000 - 0x8000000000000000


def c_div(a: int, b: int) -> int:
    """The language's ``/``: C truncation; a divisor below 1 gives 0 (as spo_lev.c)."""
    return c_trunc_div(a, b) if b >= 1 else 0


def c_mod(a: int, b: int) -> int:
    """The language's ``%``: C remainder (sign of the dividend); a divisor below 1 gives 0."""
    if b < 1:
        return 0
    r = abs(a) % b
    return r if a >= 0 else -r


def atoi(s: str) -> int:
    """C's atoi: leading blanks, an optional sign, digits; anything else stops it."""
    s = s.lstrip(" \t\n\r\f\v")
    sign = 1
    if s[:1] in "+-" and s[:1]:
        sign = -1 if s[0] == "-" else 1
        s = s[1:]
    digits = ""
    for ch in s:
        if not ch.isdigit():
            break
        digits += ch
    return sign * int(digits) if digits else 0
