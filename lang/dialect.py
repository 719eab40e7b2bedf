"""The three des-file dialects: which grammar, lexicon, tables and data each uses, and
how ``--dialect auto`` tells them apart.

* ``unnethack``: UnNetHack's lev_comp (the shared grammar, :mod:`unlev.lang.grammar`);
* ``nethack36``: NetHack 3.6's, the shared grammar less a few statements plus its own
  ``MAZE:`` header (:mod:`unlev.lang.grammar_nethack36`);
* ``nethack343``: NetHack 3.4.3's older language without variables or flow control,
  sharing the shared grammar's leaf rules (:mod:`unlev.lang.grammar_nethack343`);
* ``unnethack35``: UnNetHack 3.5's first new lev_comp (chances before the colon,
  ``filled,true`` region flags; :mod:`unlev.lang.grammar_unnethack35`);
* ``unnethack352``: UnNetHack 3.5.2's, 3.4.3's language with ``LEVEL:`` levels of
  statements in any order, ROOM blocks, IF/ELSE, TERRAIN, SPILL, RANDLINE
  (:mod:`unlev.lang.grammar_unnethack352`);
* ``unnethack351``: UnNetHack 3.5.1's, the step before: 3.4.3's headers, flat rooms
  and ``contained``, with ``IF [N%] THEN ... ENDIF``, ROOMDOOR, TERRAIN, SPILL
  (:mod:`unlev.lang.grammar_unnethack351`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..stdlib.records import record

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import List, Optional, Tuple

DIALECTS = ("unnethack", "nethack36", "nethack343", "unnethack35", "unnethack352",
            "unnethack351")
CHOICES = DIALECTS + ("auto",)
DEFAULT = "unnethack"

_LABELS = {"unnethack": "UnNetHack", "nethack36": "NetHack 3.6", "nethack343": "NetHack 3.4.3",
           "unnethack35": "UnNetHack 3.5", "unnethack352": "UnNetHack 3.5.2",
           "unnethack351": "UnNetHack 3.5.1"}


def label(dialect: str) -> str:
    return _LABELS.get(dialect, dialect)


def check_name(dialect: str) -> str:
    if dialect not in CHOICES:
        raise ValueError(f"unknown dialect {dialect!r}; choose one of {', '.join(CHOICES)}")
    return dialect


def grammar_of(dialect: str):
    """The dialect's grammar namespace as written (its rules' docstrings in one form on
    every Python: see :func:`_plain_docstrings`): what variants compose from."""
    return _plain_docstrings(_grammar_of(dialect))


def parsing_grammar(dialect: str):
    """The namespace PLY builds the dialect's parser (and shipped tables) from: its
    grammar with the pass-through unit rules folded
    (:func:`unlev.lang.grammar_inline.fold_units`)."""
    from .grammar_inline import fold_units
    return fold_units(grammar_of(dialect))


def _plain_docstrings(ns):
    """Dedent every grammar rule's docstring in place, as ``inspect.cleandoc`` does.

    PLY's table signature is built from the rules' docstrings, and Python 3.13 strips
    their common indentation when compiling: the shipped tables, signed on an older
    Python, looked stale there, so every first parse rebuilt the LALR tables (seconds)
    and rewrote ``_parsetab.py`` inside the installed package (a fresh clone's tree came
    out modified, and parallel test workers raced on the file).  Cleaned here, the
    docstrings -- and so the signature -- are the same on 3.9 to 3.13."""
    import types
    items = vars(ns) if not isinstance(ns, dict) else ns
    for name, f in list(items.items()):
        if name.startswith("p_") and isinstance(f, types.FunctionType):
            doc = getattr(f, "__doc__", None)
            if doc and "\n" in doc:
                clean = cleandoc(doc)
                if clean != doc:
                    f.__doc__ = clean
    return ns


def cleandoc(doc: str) -> str:
    """``inspect.cleandoc`` without importing ``inspect`` (with ``ast``, ``dis`` and
    ``tokenize``, some 4 ms of a check's start; ``tests/test_tables.py`` holds the two
    equal): tabs expanded, the first line stripped on the left, the smallest indentation
    of the other non-blank lines taken off each of them, blank lines at either end
    dropped."""
    lines = doc.expandtabs().split("\n")
    indents = [len(ln) - len(ln.lstrip()) for ln in lines[1:] if ln.lstrip()]
    lines[0] = lines[0].lstrip()
    if indents:
        cut = min(indents)
        lines[1:] = [ln[cut:] for ln in lines[1:]]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def _grammar_of(dialect: str):
    if dialect == "nethack36":
        from . import grammar_nethack36
        return grammar_nethack36.grammar()
    if dialect == "nethack343":
        from . import grammar_nethack343
        return grammar_nethack343.grammar()
    if dialect == "unnethack35":
        from . import grammar_unnethack35
        return grammar_unnethack35.grammar()
    if dialect == "unnethack352":
        from . import grammar_unnethack352
        return grammar_unnethack352.grammar()
    if dialect == "unnethack351":
        from . import grammar_unnethack351
        return grammar_unnethack351.grammar()
    from . import grammar
    return grammar


def tabmodule_of(dialect: str) -> str:
    return "_parsetab" if dialect == "unnethack" else f"_parsetab_{dialect}"


def lexicon_of(dialect: str):
    if dialect == "nethack36":
        from .grammar_nethack36 import LEXICON
        return LEXICON
    if dialect == "nethack343":
        from .grammar_nethack343 import LEXICON
        return LEXICON
    if dialect == "unnethack352":
        from .grammar_unnethack352 import LEXICON
        return LEXICON
    if dialect == "unnethack351":
        from .grammar_unnethack351 import LEXICON
        return LEXICON
    from .lexer import UNNETHACK
    return UNNETHACK


def oracle_of(dialect: str):
    """Name validation against the dialect's own monster/object/trap tables."""
    from .dialect_data import oracle_for
    return oracle_for(dialect)


# ------------------------------------------------------------------ auto-detection
@record()
@dataclass(init=False, repr=False, eq=False)
class Detection:
    """What ``auto`` decided: the dialect, why, and the others to try after it."""

    dialect: str
    reason: str
    others: Tuple[str, ...] = ()   # the remaining dialects, most likely first

    def __init__(self, dialect: str, reason: str, others: Tuple[str, ...] = ()) -> None:
        self.dialect = dialect
        self.reason = reason
        self.others = others


_M = re.MULTILINE


class _Lazy:
    """A pattern compiled at its first use: most files need few of the ~30 patterns
    below (the words of :data:`_NEEDLES` rule most out) and a run given its dialect
    none, so a check of a small file compiled them all for nothing."""

    __slots__ = ("pattern", "flags", "_rx")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._rx = None

    def _compiled(self):
        rx = self._rx
        if rx is None:
            rx = self._rx = re.compile(self.pattern, self.flags)
        return rx

    @property
    def groups(self) -> int:
        return self._compiled().groups

    def search(self, text: str):
        return self._compiled().search(text)

    def match(self, text: str, pos: int = 0):
        return self._compiled().match(text, pos)

    def sub(self, repl, text: str) -> str:
        return self._compiled().sub(repl, text)

# Statements and forms only 3.4.3's lev_comp has.
_MARKERS_343 = [
    (_Lazy(r"^[ \t]*(RANDOM_PLACES|RANDOM_MONSTERS|RANDOM_OBJECTS)[ \t]*:", _M), "{0} register"),
    (_Lazy(r"(?<![$\w])(place|monster|object)[ \t]*\[[ \t]*[0-9]", _M), "{0}[N] register"),
    (_Lazy(r"\bcontained\b"), "a 'contained' object"),
    (_Lazy(r"^[ \t]*(MONSTER|OBJECT|TRAP)[ \t]*\[[ \t]*[0-9]+%[ \t]*\][ \t]*:", _M),
     "{0}[N%]: chance before the colon"),
    (_Lazy(r"^[ \t]*(NAME|CHANCE)[ \t]*:", _M), "room {0}:"),
    (_Lazy(r"^[ \t]*(MONSTER|OBJECT)[ \t]*:[ \t]*('.'|random)[ \t]*,[ \t]*(\"[^\"\n]*\"|random)"
                r"[ \t]*,[ \t]*(\(|random|place)", _M), "{0}: class, name, place"),
]
_MARKERS_UN = [
    (_Lazy(r"^[ \t]*(INCLUDE|SPILL|WALLWALK|MON_GENERATION|SOUNDS|VAULTGEN)\b", _M), "{0}"),
    (_Lazy(r"\b(level|hero|time|room)\.[a-z_]+"), "core function {0}.*"),
    (_Lazy(r"\$[A-Za-z_][A-Za-z_0-9]*\.(x|y|length)\b"), "a variable method .{0}"),
    (_Lazy(r"\b(sheollev|rndvault|stormy)\b"), "'{0}'"),
    (_Lazy(r"\b(randline|line)[ \t]*(\([^()]*\)|\$\w+)[ \t]*-"), "{0} a-b"),
]
# UnNetHack's words that NetHack 3.6-based variants (EvilHack, xNetHack, SpliceHack)
# took too: evidence for UnNetHack only when nothing of another dialect is there
_SHARED_UN = [
    (_Lazy(r"\b(noflipx|noflipy|noflip)\b"), "'{0}'"),
]
# The chance before the colon with a parenthesised name (3.4.3 writes 'c', "name"), and
# region flags ending in a boolean: UnNetHack 3.5's first new lev_comp.
_MARKERS_35 = [
    (_Lazy(r"^[ \t]*(MONSTER|OBJECT|CONTAINER|TRAP|TERRAIN)[ \t]*\[[ \t]*[0-9]+%[ \t]*\]"
                r"[ \t]*:[ \t]*(\(|\$)", _M), "{0}[N%]: with a lev_comp 3.5 argument"),
]
# 3.4.3 ends REGION's flags in a boolean too: it is UnNetHack 3.5 only in a file written
# for the new lev_comp (parenthesised monsters and objects)
_REGION_35 = (_Lazy(r"^[ \t]*REGION[ \t]*:.*,[ \t]*(filled|unfilled)[ \t]*,[ \t]*"
                         r"(true|false)\b", _M), "REGION: ..., {0}, true|false")
_NEW_SPEC = _Lazy(r"^[ \t]*(MONSTER|OBJECT|CONTAINER)[ \t]*:[ \t]*\(", _M)
# UnNetHack 3.5.2's lev_comp: 3.4.3's argument forms (the 343 markers) with statements
# and forms 3.4.3 lacks; a file with both and no MAZE: header is 3.5.2's
_MARKERS_352 = [
    (_Lazy(r"^[ \t]*INIT_MAP[ \t]*:[ \t]*(solidfill|mazegrid|mines)\b", _M), "INIT_MAP: {0}"),
    (_Lazy(r"^[ \t]*(ROOMDOOR|RANDLINE|REPLACE_TERRAIN|SPILL|TERRAIN)[ \t]*(\[|:)", _M),
     "{0}:"),
    (_Lazy(r"^[ \t]*(IF)[ \t]*(\[|\{)", _M), "{0} [N%] {{ }}"),
    (_Lazy(r"^[ \t]*(SUBROOM|ROOM)[ \t]*:[^\n]*\n[ \t]*\{", _M), "a {0} block"),
    (_Lazy(r"^[ \t]*(GEOMETRY|NOMAP)\b", _M), "{0} without a MAZE: header"),
    (_Lazy(r"^[ \t]*FLAGS[ \t]*:[^\n]*\b(mazelevel|premapped|shroud|noflipx|noflipy|noflip)\b",
                _M), "the level flag {0}"),
]
_MARKERS_343_FORMS = [m for m in _MARKERS_343 if "chance" not in m[1]]
_MAZE_HEADER = _Lazy(r"^[ \t]*MAZE[ \t]*:", _M)
# UnNetHack's markers 3.5.2 did not have yet (it had SPILL and the noflip flags)
_MARKERS_UN_LATER = [
    (_Lazy(r"^[ \t]*(INCLUDE|WALLWALK|MON_GENERATION|SOUNDS|VAULTGEN)\b", _M), "{0}"),
    (_Lazy(r"\b(level|hero|time|room)\.[a-z_]+"), "core function {0}.*"),
    (_Lazy(r"\$[A-Za-z_][A-Za-z_0-9]*\.(x|y|length)\b"), "a variable method .{0}"),
    (_Lazy(r"\b(sheollev|rndvault|stormy)\b"), "'{0}'"),
]
_MARKERS_36 = [
    (_Lazy(r"^[ \t]*MAZE[ \t]*:", _M), "a MAZE: header"),
    (_Lazy(r"\b(randline|line)[ \t]*(\([^()]*\)|\$\w+)[ \t]*,"), "{0} a,b"),
]


# A comment line, and a MAP block's rows, each found from the newline before it (the
# body is searched with a newline put before its first line): a pattern led by a
# newline is searched for that character at C speed, where one led by ``^`` is tried
# at every character (2.6 -> 0.8 ms for the comments of the UnNetHack corpus)
_COMMENT = _Lazy(r"\n[ \t]*#[^\n]*")
# a MAP block's rows hold no statement: the markers need not search them (a huge MAP
# would otherwise cost every marker a pass over it); its line count is kept. A row
# cannot start another MAP, so an unterminated block is scanned once, not once per MAP
# (the word MAP is matched and given back: a look-behind for it was tried at every
# character)
_MAP_ROWS = _Lazy(r"\nMAP([ \t]*\r?\n(?:(?!MAP|ENDMAP)[^\n]*\n)*?)(?=ENDMAP)")


def _strip_comments(text: str) -> str:
    """The text without its comment lines (each left empty) and with each MAP block's
    rows left empty: the body the markers are searched in, the same lines."""
    # (a text without '#' has no comment, one without "MAP" no MAP block: neither
    # pattern need be compiled for it)
    body = "\n" + text
    if "#" in text:
        body = _COMMENT.sub("\n", body)
    if "MAP" in body:
        body = _MAP_ROWS.sub(lambda m: "\nMAP" + "\n" * m.group(1).count("\n"), body)
    return body[1:]


# A marker that opens with a zero-width test (a word boundary, a look-behind, a line
# start) is tried at every character of the body.  Without the test the rest of it
# starts with a word or a newline, which the regex engine looks for fast; each place
# the rest matches is then tried with the whole marker, so the first match found is
# the whole marker's first match, the very same match object.
_OPENERS = (r"\b", r"(?<![$\w])")
_PREFILTERS: dict = {}


def _prefilter(rx):
    """(the marker without its opening test, how far its matches start before the
    marker's, whether the body's start must be tried first), or None."""
    key = (rx.pattern, rx.flags)
    found = _PREFILTERS.get(key)
    if found is None:
        found = _PREFILTERS[key] = _make_prefilter(rx) or ()
    return found or None


def _make_prefilter(rx):
    pattern = rx.pattern
    if _top_level_alternation(pattern):
        return None
    for opener in _OPENERS:
        if pattern.startswith(opener):
            return re.compile(pattern[len(opener):], rx.flags), 0, False
    if pattern.startswith("^") and rx.flags & re.MULTILINE:
        return re.compile("\n" + pattern[1:], rx.flags), 1, True
    return None


def _top_level_alternation(pattern: str) -> bool:
    """Whether ``pattern`` has a ``|`` outside every group and character class (its
    opening test would then belong to one alternative only)."""
    depth, i, in_class = 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if pattern[i + 1:i + 2] == "]":
                i += 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            return True
        i += 1
    return False


def _search(rx, body: str):
    """``rx.search(body)``, the same match, found through its prefilter when it has
    one."""
    pre = _prefilter(rx)
    if pre is None:
        return rx.search(body)
    rest, shift, at_start = pre
    if at_start:
        m = rx.match(body)
        if m is not None:
            return m
    pos = 0
    while True:
        m = rest.search(body, pos)
        if m is None:
            return None
        start = m.start() + shift
        whole = rx.match(body, start)
        if whole is not None:
            return whole
        pos = m.start() + 1


# Words at least one of which every match of a marker holds: a body without any of them
# cannot match, and a substring test costs far less than a regex search (which, for a
# pattern starting with \b, ^ or a look-behind, is tried at every character).
_NEEDLES = {
    r"^[ \t]*(RANDOM_PLACES|RANDOM_MONSTERS|RANDOM_OBJECTS)[ \t]*:": ("RANDOM_",),
    r"(?<![$\w])(place|monster|object)[ \t]*\[[ \t]*[0-9]": ("place", "monster", "object"),
    r"\bcontained\b": ("contained",),
    r"^[ \t]*(NAME|CHANCE)[ \t]*:": ("NAME", "CHANCE"),
    r"^[ \t]*(INCLUDE|SPILL|WALLWALK|MON_GENERATION|SOUNDS|VAULTGEN)\b":
        ("INCLUDE", "SPILL", "WALLWALK", "MON_GENERATION", "SOUNDS", "VAULTGEN"),
    r"^[ \t]*(INCLUDE|WALLWALK|MON_GENERATION|SOUNDS|VAULTGEN)\b":
        ("INCLUDE", "WALLWALK", "MON_GENERATION", "SOUNDS", "VAULTGEN"),
    r"\b(level|hero|time|room)\.[a-z_]+": ("level.", "hero.", "time.", "room."),
    r"\$[A-Za-z_][A-Za-z_0-9]*\.(x|y|length)\b": ("$",),
    r"\b(noflipx|noflipy|noflip)\b": ("noflip",),
    r"\b(sheollev|rndvault|stormy)\b": ("sheollev", "rndvault", "stormy"),
    r"\b(randline|line)[ \t]*(\([^()]*\)|\$\w+)[ \t]*-": ("line",),
    r"\b(randline|line)[ \t]*(\([^()]*\)|\$\w+)[ \t]*,": ("line",),
    r"^[ \t]*MAZE[ \t]*:": ("MAZE",),
    r"^[ \t]*(IF)[ \t]*(\[[^\]\n]*\][ \t]*)?THEN\b|^[ \t]*(ENDIF)\b": ("IF", "ENDIF"),
    r"^[ \t]*(MONSTER|OBJECT|TRAP)[ \t]*\[[ \t]*[0-9]+%[ \t]*\][ \t]*:":
        ("MONSTER", "OBJECT", "TRAP"),
    r"^[ \t]*(MONSTER|OBJECT)[ \t]*:[ \t]*('.'|random)[ \t]*,[ \t]*(\"[^\"\n]*\"|random)"
    r"[ \t]*,[ \t]*(\(|random|place)": ("MONSTER", "OBJECT"),
    r"^[ \t]*(MONSTER|OBJECT|CONTAINER|TRAP|TERRAIN)[ \t]*\[[ \t]*[0-9]+%[ \t]*\]"
    r"[ \t]*:[ \t]*(\(|\$)": ("MONSTER", "OBJECT", "CONTAINER", "TRAP", "TERRAIN"),
    r"^[ \t]*REGION[ \t]*:.*,[ \t]*(filled|unfilled)[ \t]*,[ \t]*(true|false)\b": ("REGION",),
    r"^[ \t]*(MONSTER|OBJECT|CONTAINER)[ \t]*:[ \t]*\(": ("MONSTER", "OBJECT", "CONTAINER"),
    r"^[ \t]*INIT_MAP[ \t]*:[ \t]*(solidfill|mazegrid|mines)\b": ("INIT_MAP",),
    r"^[ \t]*(ROOMDOOR|RANDLINE|REPLACE_TERRAIN|SPILL|TERRAIN)[ \t]*(\[|:)":
        ("ROOMDOOR", "RANDLINE", "TERRAIN", "SPILL"),
    r"^[ \t]*(IF)[ \t]*(\[|\{)": ("IF",),
    r"^[ \t]*(SUBROOM|ROOM)[ \t]*:[^\n]*\n[ \t]*\{": ("ROOM",),
    r"^[ \t]*(GEOMETRY|NOMAP)\b": ("GEOMETRY", "NOMAP"),
    r"^[ \t]*FLAGS[ \t]*:[^\n]*\b(mazelevel|premapped|shroud|noflipx|noflipy|noflip)\b":
        ("FLAGS",),
    r"^[ \t]*(RANDLINE)[ \t]*:": ("RANDLINE",),
    r"^[ \t]*(ROOMDOOR|REPLACE_TERRAIN|SPILL|TERRAIN)[ \t]*(\[|:)": ("ROOMDOOR", "TERRAIN", "SPILL"),
    r"^[ \t]*(ROOM|SUBROOM)[ \t]*:": ("ROOM",),
}


class _Scan:
    """The markers found in one comment-free body: each marker's first match, searched
    at most once per file whatever number of marker classes and questions share it
    (3.4.3's markers are asked about three times), and not at all when the body lacks
    every word its matches hold (:data:`_NEEDLES`)."""

    def __init__(self, body: str) -> None:
        self.body = body
        self._hits: dict = {}
        self._words: dict = {}          # needle word -> whether the body holds it

    def holds(self, word: str) -> bool:
        """Whether the body holds ``word``, remembered: several markers share their
        words (MONSTER, ROOM, INCLUDE...), and a word absent costs a pass over the body."""
        try:
            return self._words[word]
        except KeyError:
            found = self._words[word] = word in self.body
            return found

    def search(self, rx):
        """``rx.search(body)``, remembered."""
        key = (rx.pattern, rx.flags)
        try:
            return self._hits[key]
        except KeyError:
            pass
        needles = _NEEDLES.get(rx.pattern)
        if needles is not None and not any(map(self.holds, needles)):
            m = None
        else:
            m = _search(rx, self.body)
        self._hits[key] = m
        return m

    def first(self, markers) -> Optional[str]:
        """The earliest marker of a class, described; at equal positions the one listed
        first (as one alternation of the class would find it)."""
        best = None
        for rx, what in markers:
            m = self.search(rx)
            if m is not None and (best is None or m.start() < best[0].start()):
                best = (m, rx, what)
        if best is None:
            return None
        m, rx, what = best
        line = self.body.count("\n", 0, m.start()) + 1
        return f"{what.format(m.group(1) if rx.groups else '')} at line {line}"


def _unnethack352(scan: _Scan) -> Optional[str]:
    """3.4.3's argument forms (not the chance before the colon, which 3.5.3 kept) with
    a statement or form 3.4.3 lacks, in a file without a MAZE: header or a later
    UnNetHack's statements."""
    old = scan.first(_MARKERS_343_FORMS)
    if not old or scan.search(_MAZE_HEADER) or scan.first(_MARKERS_UN_LATER):
        return None
    new = scan.first(_MARKERS_352)
    return f"{new} with 3.4.3's {old}" if new else None


# UnNetHack 3.5.1's lev_comp: IF ... THEN ... ENDIF, or 3.5's statements in a file whose
# rooms take no { } blocks
_THEN_351 = _Lazy(r"^[ \t]*(IF)[ \t]*(\[[^\]\n]*\][ \t]*)?THEN\b|^[ \t]*(ENDIF)\b", _M)
_MARKERS_352_ONLY = [m for m in _MARKERS_352 if "INIT_MAP" in m[1] or "flag" in m[1]] + [
    (_Lazy(r"^[ \t]*(RANDLINE)[ \t]*:", _M), "{0}")]
_STMT_351 = _Lazy(r"^[ \t]*(ROOMDOOR|REPLACE_TERRAIN|SPILL|TERRAIN)[ \t]*(\[|:)", _M)


def _unnethack351(scan: _Scan) -> Optional[str]:
    """3.4.3's forms with what 3.5.1's compiler added (and without 3.5.2's blocks)."""
    body = scan.body
    old = scan.first(_MARKERS_343)
    if not old or scan.first(_MARKERS_UN_LATER):
        return None
    if "{" in body or scan.first(_MARKERS_352_ONLY):
        return None
    m = scan.search(_THEN_351) or scan.search(_STMT_351)
    if m is None:
        return None
    line = body.count("\n", 0, m.start()) + 1
    word = next(g for g in m.groups() if g and g[0].isalpha())
    return f"{word} at line {line} with 3.4.3's {old}"


_ROOMS = _Lazy(r"^[ \t]*(ROOM|SUBROOM)[ \t]*:", _M)


def detect(text: str) -> Detection:
    """Guess the dialect of a des-file from what only one dialect has.

    The whole decision is here, in this order; each marker class is searched at most
    once per file (:class:`_Scan`), so reordering or reweighting them costs nothing."""
    scan = _Scan(_strip_comments(text))
    body = scan.body
    m351 = _unnethack351(scan)
    if m351:
        return Detection("unnethack351", m351, ("nethack343", "unnethack352", "unnethack"))
    m352 = _unnethack352(scan)
    if m352:
        return Detection("unnethack352", m352, ("nethack343", "unnethack", "nethack36"))
    m35 = scan.first(_MARKERS_35)
    if not m35 and scan.search(_NEW_SPEC):
        m35 = scan.first([_REGION_35])
    if m35:
        return Detection("unnethack35", m35, ("unnethack", "nethack343", "nethack36"))
    m343 = scan.first(_MARKERS_343)
    m36 = scan.first(_MARKERS_36)
    # the words each dialect owns weigh more than a word two share: a 3.6 file with
    # noflip is 3.6's when it has a MAZE: header, UnNetHack's only with nothing else
    mun = scan.first(_MARKERS_UN)
    if mun is None and not (m343 or m36):
        mun = scan.first(_SHARED_UN)
    if m343 and not mun:
        return Detection("nethack343", m343, ("nethack36", "unnethack"))
    if mun:
        return Detection("unnethack", mun, ("nethack36", "nethack343"))
    rooms_without_blocks = scan.search(_ROOMS) and "{" not in body
    if rooms_without_blocks:
        return Detection("nethack343", "ROOM: without a { } block", ("nethack36", "unnethack"))
    if m36:
        return Detection("nethack36", m36, ("nethack343", "unnethack"))
    return Detection("unnethack", "nothing specific to another dialect",
                     ("nethack36", "nethack343"))


def candidates(text: str) -> List[Tuple[str, str]]:
    """(dialect, reason) to try in order for ``auto``."""
    d = detect(text)
    return [(d.dialect, d.reason)] + [(o, f"it parses as {label(o)}") for o in d.others]
