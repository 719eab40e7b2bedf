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


# Every difference this table used to excuse (monster inventories, statue and container
# contents, hider objects, shape-changers, web spiders) is modelled now (issue 16), so
# none is excused: what still differs is reported as unexplained until it is understood.
KNOWN: Tuple[KnownDifference, ...] = ()


def known_reason(level: str, measure: str,
                 table: Sequence[KnownDifference] = KNOWN) -> Optional[KnownDifference]:
    for k in table:
        if k.covers(level, measure):
            return k
    return None
