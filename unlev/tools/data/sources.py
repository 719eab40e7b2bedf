"""Where the importer's files come from: one or more source trees laid out as
NetHack's (``include/``, ``src/``, ``util/``, ``dat/``), a file taken from the first
tree that has it.

Why a module of its own: the table reader (:mod:`.importer`) and the extension
generator (:mod:`.declarations`) both read trees, and neither should import the other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence


class Sources:
    """The trees of one import, searched in order."""

    def __init__(self, dirs: Sequence[Path]):
        self.dirs = [Path(d) for d in dirs]

    def find(self, rel: str) -> Optional[Path]:
        for d in self.dirs:
            p = d / rel
            if p.is_file():
                return p
        return None


class SourceError(Exception):
    """A source tree the importer cannot read a required table from."""
