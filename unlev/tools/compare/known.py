"""Differences from the game that are understood: docs/known-differences.md, as data.

Why this module exists: a ``differs`` verdict that has a documented reason should not
hide the undocumented ones, so ``unlev compare`` marks it ``known`` and names the
reason.  Every entry here has a section in docs/known-differences.md (a test checks
that each ``doc`` heading exists there).
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from typing import Optional, Sequence, Tuple


@dataclass(frozen=True)
class KnownDifference:
    levels: Tuple[str, ...]     # fnmatch patterns of level names
    measures: Tuple[str, ...]   # fnmatch patterns of measure names
    doc: str                    # the heading in docs/known-differences.md
    reason: str                 # one line for the report

    def covers(self, level: str, measure: str) -> bool:
        return (any(fnmatch.fnmatchcase(level, p) for p in self.levels)
                and any(fnmatch.fnmatchcase(measure, p) for p in self.measures))


_HIDERS = ("Con-*", "Hea-*", "Ran-*", "Tou-*", "Rog-strt", "bigrm-*", "earth", "fire",
            "water", "air", "medusa-*", "medufill", "heck-*")

KNOWN: Tuple[KnownDifference, ...] = (
    KnownDifference(
        ("*",), ("objects carried",), "Monster inventories",
        "monsters get no starting inventory (makemon.c m_initweap/m_initinv not modelled)"),
    KnownDifference(
        ("*",), ("objects in containers",), "Statue spellbooks and container contents",
        "statues get no spellbook (mksobj), some containers stay emptier than the game's"),
    KnownDifference(
        _HIDERS, ("objects on floor", "object classes", "object kinds", "monsters on objects",
                  "objects where", "objects on terrain", "objects to stairs", "objects squares"),
        "Objects under hiding monsters",
        "spiders and snakes made at level creation get an object to hide under (makemon.c)"),
    KnownDifference(
        ("Rog-strt", "Rog-loca", "Rog-goal", "heck-a-4"), ("monster kinds",),
        "Shape-changers in their random form",
        "the game lists chameleons and doppelgangers in the form they took at creation"),
    KnownDifference(
        ("Con-strt", "Con-fila"), ("monster kinds", "monsters"),
        "Web spiders and the monster stream",
        "our monster stream replays the main stream, so webs land on earlier monsters"),
)


def known_reason(level: str, measure: str,
                 table: Sequence[KnownDifference] = KNOWN) -> Optional[KnownDifference]:
    for k in table:
        if k.covers(level, measure):
            return k
    return None
