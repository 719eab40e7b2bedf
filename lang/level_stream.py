"""Check each LEVEL as soon as it is parsed and keep only its outline (``unlev check``).

Why this module exists: lev_comp writes each level's file as soon as the level's last
statement is read (lev_main.c's ``write_level_file`` from the grammar's level rule)
and forgets it; unlev's front end kept the whole tree until the end of the file, so
checking a large des-file took memory in proportion to the file.  When the caller
wants only the diagnostics, the parser hands each statement of a LEVEL's own list here
as soon as it is reduced (:func:`unlev.lang.grammar._streamed_statement`; the list is
left-recursive, so PLY reduces it statement by statement): its depth is measured, the
checker (:mod:`unlev.lang.checker`, one :class:`Checker` for the whole file, so it
sees the header and the statements in source order as ``check_file`` does) runs on it,
and the list does not keep it; the finished LEVEL (:func:`unlev.lang.grammar.streamed_level`)
is its outline with an empty body.  Memory then stays that of one statement, however
long the level.  The checker's findings are held apart and added after the parser's,
in the order a whole-file check gives.

Nothing is streamed where the result could differ from checking the finished tree:
a tree rewrite that runs after the parse (a profile's extensions, --lenient; NetHack
3.6's filled circles, the one rewrite of a statement's own nodes, are filled in each
statement as it is streamed, before it is checked), an INCLUDE in the header, a statement past the depth limit (left
in the tree for the parser's own depth check), or once the parse has reported an error
(PLY's recovery may drop symbols already reduced: the statements streamed into a LEVEL
the finished tree lacks have their findings dropped).
"""

from __future__ import annotations


from . import ast as A
from .checker import Checker, scan_statement
from .diagnostics import Reporter
from .lowering import fill_circles

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import List, Optional


class _Group:
    """The statements of one LEVEL that were checked as they were read: their findings
    are ``reporter.items[first:end]``; ``level`` is the LEVEL the parser made of the
    list (None while it is read, or when PLY's recovery dropped it)."""

    __slots__ = ("body", "first", "end", "level")

    def __init__(self, body, first: int) -> None:
        self.body = body
        self.first = self.end = first
        self.level: Optional[A.Level] = None


class LevelStream:
    """The level sink of one parse (``DesParser.level_sink``)."""

    def __init__(self, parser, compat_warnings: bool, dialect: str) -> None:
        self.parser = parser
        self.reporter = Reporter()
        self.checker = Checker(self.reporter, compat_warnings)
        self.checker.dialect = dialect
        # the tree phase's rewrite of 3.6 levels (lowering.filled_circles), done here
        self.fill_circles = dialect == "nethack36"
        self.open = True                 # still streaming
        self.scanned = 0                 # the parser's findings looked at so far
        self.header_done = False         # the header is checked: reporter.items[:n]
        self.header_items = 0
        self.groups: List[_Group] = []   # one per LEVEL with statements checked, in order
        self.prechecked: set = set()      # ids of the preludes checked (statement())
        # the depth a level's statement may reach below itself: the file, the LEVEL and
        # its block stand above it
        self.depth_below = parser.limits.depth - 3

    def _start(self, header) -> bool:
        """Check the header, once, before the first statement or LEVEL streamed; False
        (and streaming stops) when it cannot be: an INCLUDE, past the depth limit."""
        if header is None or any(isinstance(h, A.Include) for h in header):
            self.open = False
            return False
        from .parser import deeper_than
        span = header[0].span if header else None
        if deeper_than(A.DesFile(span, list(header), []), self.parser.limits.depth) is not None:
            self.open = False
            return False
        for node in header:
            self.checker.statement(node)
        self.header_items = len(self.reporter.items)
        self.header_done = True
        return True

    def statement(self, stmt: A.Node, body, header, prelude=()) -> bool:
        """A statement of a LEVEL's own list (``body``, the list being read), just
        reduced: True when it was checked and the list need not keep it.  ``prelude``:
        the statements the level's header line makes, which its body will begin with
        (3.6's ``MAZE:`` fill); they are checked before the level's first statement and
        left in its body for the tree (:meth:`finish` does not check them again)."""
        if not self.open:
            return False
        if header is None or (len(self.parser.reporter.items) != self.scanned
                              and self._error_since_last()):
            self.open = False
            return False
        if not self.header_done and not self._start(header):
            return False
        # the file, the LEVEL and its block stand above a level's statement; one walk
        # for the depth limit and the checker's expressions
        scanned = scan_statement(stmt, self.depth_below)
        if scanned is None:
            self.open = False            # the parser's depth check finds it in the tree
            return False
        group = self.groups[-1] if self.groups else None
        if group is None or group.body is not body:
            group = _Group(body, len(self.reporter.items))
            self.groups.append(group)
            for s in prelude:
                self.checker.statement(s)
                self.prechecked.add(id(s))
        if self.fill_circles:
            for found in scanned.values():
                fill_circles(found)
        self.checker.scanned = scanned
        try:
            self.checker.statement(stmt)
        finally:
            self.checker.scanned = None
        group.end = len(self.reporter.items)
        return True

    def __call__(self, level: A.Level, header, body) -> A.Level:
        """A LEVEL just reduced from ``body``, given back as it is: its list holds only
        the statements not streamed (none while streaming), and the findings of those
        that were are kept with it."""
        group = self.groups[-1] if self.groups and self.groups[-1].body is body else None
        if self.open and (header is None or self._error_since_last()):
            self.open = False
        if self.open and not self.header_done:
            self._start(header)          # a LEVEL without statements
        if self.open and group is None:
            group = _Group(body, len(self.reporter.items))
            self.groups.append(group)
            # a level none of whose statements came: its prelude (3.6's MAZE: fill) is
            # checked here, in its place among the levels
            rest = {id(s) for s in body}
            for s in level.body.statements:
                if id(s) not in rest:
                    self.checker.statement(s)
                    self.prechecked.add(id(s))
            group.end = len(self.reporter.items)
        if group is not None:
            group.level = level          # its list kept only what was not streamed
        return level

    def _error_since_last(self) -> bool:
        """Whether the parser reported an error since the last look (each finding
        looked at once: a file of many statements and many warnings stays linear)."""
        items = self.parser.reporter.items
        if len(items) == self.scanned:
            return False
        new = items[self.scanned:]
        self.scanned = len(items)
        return any(d.severity == "error" for d in new)

    @property
    def started(self) -> bool:
        return self.header_done

    def finish(self, tree: A.DesFile) -> Optional[List]:
        """The findings of the whole file's check, given the finished tree: what was not
        streamed is checked now, after what was, as ``check_file`` would.  None when the
        tree holds none of the LEVELs streamed into (the parser put an empty tree in its
        place, or PLY's recovery from an error in a LEVEL line dropped the header and
        the levels before it): every level in it is whole, so the caller checks it as
        usual.  Statements streamed into a LEVEL the tree lost keep no findings."""
        kept = {id(lv) for lv in tree.levels}
        live = [g for g in self.groups if g.level is not None and id(g.level) in kept]
        if not live:
            return None
        items = list(self.reporter.items[:self.header_items])
        for g in live:
            items += self.reporter.items[g.first:g.end]
        rest = Reporter()
        self.checker.r = rest
        for lv in tree.levels:           # a streamed level's list holds only the rest
            self.checker.block([s for s in lv.body.statements
                                if id(s) not in self.prechecked])
        return items + rest.items
