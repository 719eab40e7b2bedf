"""Check each LEVEL as soon as it is parsed and keep only its outline (``unlev check``).

Why this module exists: lev_comp writes each level's file as soon as the level's last
statement is read (lev_main.c's ``write_level_file`` from the grammar's level rule)
and forgets it; unlev's front end kept the whole tree until the end of the file, so
checking a large des-file took memory in proportion to the file.  When the caller
wants only the diagnostics, the parser hands each finished top-level LEVEL here
(:func:`unlev.lang.grammar._streamed`): its depth is measured, the checker
(:mod:`unlev.lang.checker`, one :class:`Checker` for the whole file, so it sees the
header and the levels in source order as ``check_file`` does) runs on it, and the tree
keeps the LEVEL with an empty body.  The checker's findings are held apart and added
after the parser's, in the order a whole-file check gives.

Nothing is streamed where the result could differ from checking the finished tree:
a tree rewrite that runs after the parse (a profile's extensions, --lenient, NetHack
3.6's filled circles), an INCLUDE in the header, a level past the depth limit (left
whole for the parser's own depth check), or once the parse has reported an error (PLY's
recovery may drop symbols already reduced; a streamed level the finished tree lacks
has its findings dropped).
"""

from __future__ import annotations

from typing import List, Optional

from . import ast as A
from .checker import Checker
from .diagnostics import Reporter


class LevelStream:
    """The level sink of one parse (``DesParser.level_sink``)."""

    def __init__(self, parser, compat_warnings: bool, dialect: str) -> None:
        self.parser = parser
        self.reporter = Reporter()
        self.checker = Checker(self.reporter, compat_warnings)
        self.checker.dialect = dialect
        self.open = True                 # still streaming
        self.scanned = 0                 # the parser's findings looked at so far
        self.header_items = 0            # findings of the header: reporter.items[:n]
        self.levels: List[A.Level] = []  # the outlines handed back, in order
        self.spans: List[tuple] = []     # (first, end) of each level's findings

    def __call__(self, level: A.Level, header) -> A.Level:
        if not self.open:
            return level
        if header is None or self._error_since_last():
            self.open = False
            return level
        from .parser import deeper_than
        if deeper_than(level, self.parser.limits.depth - 1) is not None:
            self.open = False            # the parser's depth check finds it whole
            return level
        if not self.levels:
            if any(isinstance(h, A.Include) for h in header) or \
                    deeper_than(A.DesFile(level.span, list(header), []),
                                 self.parser.limits.depth) is not None:
                self.open = False
                return level
            for node in header:
                self.checker.statement(node)
            self.header_items = len(self.reporter.items)
        first = len(self.reporter.items)
        self.checker.block(level.body.statements)
        self.spans.append((first, len(self.reporter.items)))
        outline = A.Level(level.span, level.name, level.flags, A.Block(level.body.span, []))
        self.levels.append(outline)
        return outline

    def _error_since_last(self) -> bool:
        """Whether the parser reported an error since the last level (each finding
        looked at once: a file of many levels and many warnings stays linear)."""
        items = self.parser.reporter.items
        new = items[self.scanned:]
        self.scanned = len(items)
        return any(d.severity == "error" for d in new)

    @property
    def started(self) -> bool:
        return bool(self.levels)

    def finish(self, tree: A.DesFile) -> Optional[List]:
        """The findings of the whole file's check, given the finished tree: the levels
        not streamed are checked now, after the streamed ones, as ``check_file`` would.
        None when the tree holds none of the streamed levels (the parser put an empty
        tree in its place, or PLY's recovery from an error in a LEVEL line dropped the
        header and the levels before it): every level in it is whole, so the caller
        checks it as usual.  A streamed level the tree lost keeps no findings."""
        kept = {id(lv) for lv in tree.levels}
        if not any(id(lv) in kept for lv in self.levels):
            return None
        items = list(self.reporter.items[:self.header_items])
        for lv, (first, end) in zip(self.levels, self.spans):
            if id(lv) in kept:
                items += self.reporter.items[first:end]
        streamed = {id(lv) for lv in self.levels}
        rest = Reporter()
        self.checker.r = rest
        for lv in tree.levels:
            if id(lv) not in streamed:
                self.checker.block(lv.body.statements)
        return items + rest.items
