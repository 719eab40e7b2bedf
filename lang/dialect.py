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
from functools import lru_cache
from dataclasses import dataclass
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
    """The namespace PLY builds the dialect's parser from."""
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
@dataclass
class Detection:
    dialect: str
    reason: str
    others: Tuple[str, ...] = ()   # the remaining dialects, most likely first


_M = re.MULTILINE
# Statements and forms only 3.4.3's lev_comp has.
_MARKERS_343 = [
    (re.compile(r"^[ \t]*(RANDOM_PLACES|RANDOM_MONSTERS|RANDOM_OBJECTS)[ \t]*:", _M), "{0} register"),
    (re.compile(r"(?<![$\w])(place|monster|object)[ \t]*\[[ \t]*[0-9]", _M), "{0}[N] register"),
    (re.compile(r"\bcontained\b"), "a 'contained' object"),
    (re.compile(r"^[ \t]*(MONSTER|OBJECT|TRAP)[ \t]*\[[ \t]*[0-9]+%[ \t]*\][ \t]*:", _M),
     "{0}[N%]: chance before the colon"),
    (re.compile(r"^[ \t]*(NAME|CHANCE)[ \t]*:", _M), "room {0}:"),
    (re.compile(r"^[ \t]*(MONSTER|OBJECT)[ \t]*:[ \t]*('.'|random)[ \t]*,[ \t]*(\"[^\"\n]*\"|random)"
                r"[ \t]*,[ \t]*(\(|random|place)", _M), "{0}: class, name, place"),
]
_MARKERS_UN = [
    (re.compile(r"^[ \t]*(INCLUDE|SPILL|WALLWALK|MON_GENERATION|SOUNDS|VAULTGEN)\b", _M), "{0}"),
    (re.compile(r"\b(level|hero|time|room)\.[a-z_]+"), "core function {0}.*"),
    (re.compile(r"\$[A-Za-z_][A-Za-z_0-9]*\.(x|y|length)\b"), "a variable method .{0}"),
    (re.compile(r"\b(sheollev|rndvault|stormy)\b"), "'{0}'"),
    (re.compile(r"\b(randline|line)[ \t]*(\([^()]*\)|\$\w+)[ \t]*-"), "{0} a-b"),
]
# UnNetHack's words that NetHack 3.6-based variants (EvilHack, xNetHack, SpliceHack)
# took too: evidence for UnNetHack only when nothing of another dialect is there
_SHARED_UN = [
    (re.compile(r"\b(noflipx|noflipy|noflip)\b"), "'{0}'"),
]
# The chance before the colon with a parenthesised name (3.4.3 writes 'c', "name"), and
# region flags ending in a boolean: UnNetHack 3.5's first new lev_comp.
_MARKERS_35 = [
    (re.compile(r"^[ \t]*(MONSTER|OBJECT|CONTAINER|TRAP|TERRAIN)[ \t]*\[[ \t]*[0-9]+%[ \t]*\]"
                r"[ \t]*:[ \t]*(\(|\$)", _M), "{0}[N%]: with a lev_comp 3.5 argument"),
]
# 3.4.3 ends REGION's flags in a boolean too: it is UnNetHack 3.5 only in a file written
# for the new lev_comp (parenthesised monsters and objects)
_REGION_35 = (re.compile(r"^[ \t]*REGION[ \t]*:.*,[ \t]*(filled|unfilled)[ \t]*,[ \t]*"
                         r"(true|false)\b", _M), "REGION: ..., {0}, true|false")
_NEW_SPEC = re.compile(r"^[ \t]*(MONSTER|OBJECT|CONTAINER)[ \t]*:[ \t]*\(", _M)
# UnNetHack 3.5.2's lev_comp: 3.4.3's argument forms (the 343 markers) with statements
# and forms 3.4.3 lacks; a file with both and no MAZE: header is 3.5.2's
_MARKERS_352 = [
    (re.compile(r"^[ \t]*INIT_MAP[ \t]*:[ \t]*(solidfill|mazegrid|mines)\b", _M), "INIT_MAP: {0}"),
    (re.compile(r"^[ \t]*(ROOMDOOR|RANDLINE|REPLACE_TERRAIN|SPILL|TERRAIN)[ \t]*(\[|:)", _M),
     "{0}:"),
    (re.compile(r"^[ \t]*(IF)[ \t]*(\[|\{)", _M), "{0} [N%] {{ }}"),
    (re.compile(r"^[ \t]*(SUBROOM|ROOM)[ \t]*:[^\n]*\n[ \t]*\{", _M), "a {0} block"),
    (re.compile(r"^[ \t]*(GEOMETRY|NOMAP)\b", _M), "{0} without a MAZE: header"),
    (re.compile(r"^[ \t]*FLAGS[ \t]*:[^\n]*\b(mazelevel|premapped|shroud|noflipx|noflipy|noflip)\b",
                _M), "the level flag {0}"),
]
_MARKERS_343_FORMS = [m for m in _MARKERS_343 if "chance" not in m[1]]
_MAZE_HEADER = re.compile(r"^[ \t]*MAZE[ \t]*:", _M)
# UnNetHack's markers 3.5.2 did not have yet (it had SPILL and the noflip flags)
_MARKERS_UN_LATER = [
    (re.compile(r"^[ \t]*(INCLUDE|WALLWALK|MON_GENERATION|SOUNDS|VAULTGEN)\b", _M), "{0}"),
    (re.compile(r"\b(level|hero|time|room)\.[a-z_]+"), "core function {0}.*"),
    (re.compile(r"\$[A-Za-z_][A-Za-z_0-9]*\.(x|y|length)\b"), "a variable method .{0}"),
    (re.compile(r"\b(sheollev|rndvault|stormy)\b"), "'{0}'"),
]
_MARKERS_36 = [
    (re.compile(r"^[ \t]*MAZE[ \t]*:", _M), "a MAZE: header"),
    (re.compile(r"\b(randline|line)[ \t]*(\([^()]*\)|\$\w+)[ \t]*,"), "{0} a,b"),
]


_COMMENT = re.compile(r"^[ \t]*#[^\n]*", _M)
# a MAP block's rows hold no statement: the markers need not search them (a huge MAP
# would otherwise cost every marker a pass over it); its line count is kept. A row
# cannot start another MAP, so an unterminated block is scanned once, not once per MAP
_MAP_ROWS = re.compile(r"(?<=^MAP)[ \t]*\r?\n(?:(?!MAP|ENDMAP)[^\n]*\n)*?(?=ENDMAP)", _M)


def _strip_comments(text: str) -> str:
    body = _COMMENT.sub("", text)
    return _MAP_ROWS.sub(lambda m: "\n" * m.group(0).count("\n"), body)


class _Markers:
    """One class of markers as a single alternation, so finding the earliest of them is
    one pass over the text instead of one per marker (at equal positions the marker
    listed first wins, as it did when each was searched on its own)."""

    def __init__(self, markers) -> None:
        parts, self.groups = [], []
        at = 1
        for rx, what in markers:
            parts.append(f"({rx.pattern})")
            self.groups.append((at, at + 1 if rx.groups else None, what))
            at += 1 + rx.groups
        self.rx = re.compile("|".join(parts), _M)

    def first(self, text: str) -> Optional[str]:
        m = self.rx.search(text)
        if m is None:
            return None
        for outer, inner, what in self.groups:
            if m.start(outer) >= 0:
                line = text.count("\n", 0, m.start()) + 1
                return f"{what.format(m.group(inner) if inner else '')} at line {line}"
        return None


@lru_cache(maxsize=None)
def _alternation(markers: tuple) -> _Markers:
    """Compiled on first use: detection is not on the import path of every command."""
    return _Markers(markers)


def _first(markers, text) -> Optional[str]:
    return _alternation(tuple(markers)).first(text)


def _unnethack352(body: str) -> Optional[str]:
    """3.4.3's argument forms (not the chance before the colon, which 3.5.3 kept) with
    a statement or form 3.4.3 lacks, in a file without a MAZE: header or a later
    UnNetHack's statements."""
    old = _first(_MARKERS_343_FORMS, body)
    if not old or _MAZE_HEADER.search(body) or _first(_MARKERS_UN_LATER, body):
        return None
    new = _first(_MARKERS_352, body)
    return f"{new} with 3.4.3's {old}" if new else None


# UnNetHack 3.5.1's lev_comp: IF ... THEN ... ENDIF, or 3.5's statements in a file whose
# rooms take no { } blocks
_THEN_351 = re.compile(r"^[ \t]*(IF)[ \t]*(\[[^\]\n]*\][ \t]*)?THEN\b|^[ \t]*(ENDIF)\b", _M)
_MARKERS_352_ONLY = [m for m in _MARKERS_352 if "INIT_MAP" in m[1] or "flag" in m[1]] + [
    (re.compile(r"^[ \t]*(RANDLINE)[ \t]*:", _M), "{0}")]
_STMT_351 = re.compile(r"^[ \t]*(ROOMDOOR|REPLACE_TERRAIN|SPILL|TERRAIN)[ \t]*(\[|:)", _M)


def _unnethack351(body: str) -> Optional[str]:
    """3.4.3's forms with what 3.5.1's compiler added (and without 3.5.2's blocks)."""
    old = _first(_MARKERS_343, body)
    if not old or _first(_MARKERS_UN_LATER, body):
        return None
    if "{" in body or _first(_MARKERS_352_ONLY, body):
        return None
    m = _THEN_351.search(body) or _STMT_351.search(body)
    if m is None:
        return None
    line = body.count("\n", 0, m.start()) + 1
    word = next(g for g in m.groups() if g and g[0].isalpha())
    return f"{word} at line {line} with 3.4.3's {old}"


def detect(text: str) -> Detection:
    """Guess the dialect of a des-file from what only one dialect has."""
    body = _strip_comments(text)
    m351 = _unnethack351(body)
    if m351:
        return Detection("unnethack351", m351, ("nethack343", "unnethack352", "unnethack"))
    m352 = _unnethack352(body)
    if m352:
        return Detection("unnethack352", m352, ("nethack343", "unnethack", "nethack36"))
    m35 = _first(_MARKERS_35, body)
    if not m35 and _NEW_SPEC.search(body):
        m35 = _first([_REGION_35], body)
    if m35:
        return Detection("unnethack35", m35, ("unnethack", "nethack343", "nethack36"))
    m343 = _first(_MARKERS_343, body)
    m36 = _first(_MARKERS_36, body)
    # the words each dialect owns weigh more than a word two share: a 3.6 file with
    # noflip is 3.6's when it has a MAZE: header, UnNetHack's only with nothing else
    mun = _first(_MARKERS_UN, body)
    if mun is None and not (m343 or m36):
        mun = _first(_SHARED_UN, body)
    if m343 and not mun:
        return Detection("nethack343", m343, ("nethack36", "unnethack"))
    if mun:
        return Detection("unnethack", mun, ("nethack36", "nethack343"))
    rooms_without_blocks = (re.search(r"^[ \t]*(ROOM|SUBROOM)[ \t]*:", body, _M)
                            and "{" not in body)
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
