"""Check each LEVEL as soon as it is parsed and keep nothing of it (``unlev check``).

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
is not kept either: the file's level list is left-recursive too (``levels : levels
level``), so PLY's stack holds the one list, and a LEVEL streamed whole is counted, not
added to it.  Memory then stays that of one statement, however long the level and
however many the levels (the file's text aside).  The grammars that read a LEVEL's
statements otherwise (NetHack 3.4.3's, UnNetHack 3.5.1/3.5.2's: no tree rewrite follows
their parse either) hand each LEVEL here whole as it joins the list
(:meth:`LevelStream.joined`): memory stays that of one LEVEL.  The checker's findings
are held apart and added after the parser's, in the order a whole-file check gives.

Nothing is streamed where the result could differ from checking the finished tree:
a tree rewrite that runs after the parse (a profile's extensions, --lenient; NetHack
3.6's filled circles, the one rewrite of a statement's own nodes, are filled in each
statement as it is streamed, before it is checked), an INCLUDE in the header, a
statement past the depth limit (left in the tree for the parser's own depth check;
under a limit below 3 nothing is), or once the parse has reported an error
(PLY's recovery may drop symbols already reduced: the statements streamed into a LEVEL
the finished tree lacks have their findings dropped).  What that needs is O(1): the
findings of the LEVELs streamed are one slice of this module's reporter, and PLY's
recovery keeps or pops the level list they joined whole (only a ``levstatements`` takes
the ``error`` token; an error in a LEVEL line pops the list, the header and all), so
the slice counts when the finished tree was made of that list and not otherwise.
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
    """The statements of the LEVEL being read that were checked as they were read: their
    findings are ``reporter.items[first:end]``; ``prechecked``: the ids of the statements
    its header line made (3.6's ``MAZE:`` fill), checked before its first statement."""

    __slots__ = ("body", "first", "end", "prechecked")

    def __init__(self, body, first: int) -> None:
        self.body = body
        self.first = self.end = first
        self.prechecked: set = set()


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
        self.current: Optional[_Group] = None    # the LEVEL being read, once it streamed
        self.done: Optional[_Group] = None       # the LEVEL just reduced, till it joins
        # The level list (``levels``) the streamed LEVELs joined and what of them it
        # holds: their findings, reporter.items[live_first:live_end], and how many it
        # does not keep (taken whole).  PLY holds one level list at a time: a list that
        # replaces it means its recovery popped the old one, LEVELs and all.
        self.list: Optional[list] = None
        self.live_first = self.live_end = 0
        self.taken = 0
        self.prechecked: set = set()      # ids of the preludes checked in LEVELs kept
        self.tree = self.tree_list = None  # what the top file's parse made of which list
        # the depth a level's statement may reach below itself: the file, the LEVEL and
        # its block stand above it; under a limit below 3 (a LEVEL's block, or its first
        # statement, is already too deep) nothing is streamed
        self.depth_below = parser.limits.depth - 3
        if self.depth_below < 0:
            self.open = False

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
        group = self.current
        if group is None or group.body is not body:
            if not self._shallow(prelude):
                return False
            group = self.current = _Group(body, len(self.reporter.items))
            for s in prelude:
                self.checker.statement(s)
                group.prechecked.add(id(s))
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

    def __call__(self, level: A.Level, header, body) -> Optional[A.Level]:
        """A LEVEL just reduced from ``body``: None when it was streamed whole (every
        statement checked, its findings kept here: the level list need not keep it),
        else the LEVEL, whose list holds the statements not streamed."""
        group = self.current if self.current is not None and self.current.body is body \
            else None
        self.current = None
        if self.open and (header is None or self._error_since_last()):
            self.open = False
        if self.open and not self.header_done:
            self._start(header)          # a LEVEL without statements
        if self.open and group is None:
            # a level none of whose statements came: its prelude (3.6's MAZE: fill) is
            # checked here, in its place among the levels
            rest = {id(s) for s in body}
            prelude = [s for s in level.body.statements if id(s) not in rest]
            if self._shallow(prelude):
                group = _Group(body, len(self.reporter.items))
                for s in prelude:
                    self.checker.statement(s)
                    group.prechecked.add(id(s))
                group.end = len(self.reporter.items)
        self.done = group
        if self.open:
            return None                  # nothing of it is left to check
        if group is not None:            # streamed in part: its prelude was checked
            self.prechecked |= group.prechecked
        return level

    def joined(self, levels: list, level: Optional[A.Level], header) -> bool:
        """The LEVEL just reduced joins the level list ``levels`` (PLY's ``levels``
        rule): True when the list need not keep it -- :meth:`__call__` took it (None),
        or, in a grammar whose LEVELs are not read statement by statement (NetHack
        3.4.3's and UnNetHack 3.5.1/3.5.2's), it is checked whole here.  ``header``:
        the file's header below the list (as for :meth:`statement`), given with a
        LEVEL only."""
        group, self.done = self.done, None
        taken = level is None
        if group is None and not taken and self.open:
            group = self._whole(level, header)
            taken = group is not None
        if group is None:
            return False
        if levels is not self.list:      # a new list: any before it was popped
            self.list = levels
            self.live_first = group.first
            self.taken = 0
        self.live_end = group.end
        self.taken += taken
        return taken

    def _whole(self, level: A.Level, header) -> Optional[_Group]:
        """Check a whole LEVEL, its findings in a group of their own; None (and the
        streaming stops) where the tree's check would differ: an error reported, the
        header's INCLUDE, a node past the depth limit (the parser's check finds it)."""
        if header is None or self._error_since_last():
            self.open = False
            return None
        if not self.header_done and not self._start(header):
            return None
        statements = level.body.statements
        scans = self._scans(statements)  # one walk each, for the depth and the checker
        if scans is None:
            return None
        group = _Group(None, len(self.reporter.items))
        checker = self.checker
        try:
            for s, scanned in zip(statements, scans):
                checker.scanned = scanned
                checker.statement(s)
        finally:
            checker.scanned = None
        group.end = len(self.reporter.items)
        return group

    def _shallow(self, statements) -> bool:
        """Whether no node of ``statements`` (a level's own) is past the depth limit."""
        return self._scans(statements) is not None

    def _scans(self, statements) -> Optional[list]:
        """The :func:`scan_statement` of each of ``statements`` (a level's own); None
        when a node is past the depth limit: the streaming stops and the tree keeps
        them for the parser's check."""
        scans = []
        for s in statements:
            scanned = scan_statement(s, self.depth_below)
            if scanned is None:
                self.open = False
                return None
            scans.append(scanned)
        return scans

    def file_read(self, tree: A.DesFile, levels: Optional[list]) -> int:
        """The top file's parse made ``tree`` of the level list ``levels`` (None: it has
        none): how many LEVELs the list has that the tree does not keep."""
        self.tree, self.tree_list = tree, levels
        return self.taken if levels is not None and levels is self.list else 0

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
        place, or PLY's recovery from an error in a LEVEL line popped the level list with
        the header and the levels before it): every level in it is whole, so the caller
        checks it as usual.  Statements streamed into a LEVEL the tree lost keep no
        findings."""
        if self.list is None or tree is not self.tree or self.tree_list is not self.list:
            return None
        items = self.reporter.items[:self.header_items]
        items += self.reporter.items[self.live_first:self.live_end]
        rest = Reporter()
        self.checker.r = rest
        for lv in tree.levels:           # a level streamed in part holds only the rest
            self.checker.block([s for s in lv.body.statements
                                if id(s) not in self.prechecked])
        return items + rest.items
