"""How far a des-file may go before unlev stops it with an error.

Why a module of its own: a regression harness runs des-files from pull requests, and a
careless or hostile file must end in ``file:line:col: error: ...`` within seconds, not
in a RecursionError, a memory blow-up or an hour of dice.  The game has limits of its
own only by accident (C ints, fixed arrays); these are unlev's, far above anything a
real level uses (the corpora's deepest nesting is 6, their longest array 30), and each
is configurable: ``UNLEV_LIMITS="depth=500,steps=5000000"`` in the environment, or
:func:`set_limits` from Python.  ``steps`` is also ``--step-limit``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class Limits:
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

    @classmethod
    def from_text(cls, text: str) -> "Limits":
        """``"depth=500, steps=5000000"`` over the defaults; raises ValueError."""
        known = {f.name for f in fields(cls)}
        values = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, value = part.partition("=")
            name = name.strip()
            if name not in known:
                raise ValueError(f"unknown limit {name!r} (known: {', '.join(sorted(known))})")
            values[name] = int(value)
            if values[name] < 1:
                raise ValueError(f"limit {name} must be at least 1")
        return replace(cls(), **values)


def _from_environment() -> Limits:
    text = os.environ.get("UNLEV_LIMITS", "")
    try:
        return Limits.from_text(text)
    except ValueError:
        return Limits()     # a bad setting is reported by the CLI, which reads it again


LIMITS = [_from_environment()]


def limits() -> Limits:
    return LIMITS[0]


def set_limits(new: Limits) -> None:
    LIMITS[0] = new


def hint(name: str) -> str:
    return f"the limit is {getattr(limits(), name):,}; raise it with UNLEV_LIMITS=\"{name}=N\""


def is_limit_error(err) -> bool:
    """Whether a DesError is one of these limits (its hint says how to raise it): such
    a file fails the same in every dialect, so ``auto`` tries no other."""
    return any(d.hint and "raise it with UNLEV_LIMITS" in d.hint for d in err.diagnostics)
