"""Which characters a regular expression's match can begin with, read from ``re``'s own
parse of it: what the master lexer dispatches on.

Why a module of its own: the master lexer (:mod:`unlev.lang.fastlex`) matches one
alternation of every rule at each token, and the regex engine tries the alternatives in
turn -- a comma, the commonest token, failed sixteen rules before the literal rule took
it.  Knowing, for each ASCII character, which rules can begin with it, the lexer tries
only those, in the same order, and so finds the same match.  The answer must never
leave a rule out: anything this module cannot read (a negated class, a back reference,
case folding, a pattern that can match the empty string) counts as "any character".
It follows no C function (lev_comp's flex scanner dispatches on the character by its
own tables).
"""

from __future__ import annotations

import re

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import FrozenSet, Optional, Tuple

try:                                            # Python 3.11+
    from re import _constants as C, _parser as P
except ImportError:                             # pragma: no cover - Python 3.9, 3.10
    import sre_constants as C                   # type: ignore[no-redef]
    import sre_parse as P                       # type: ignore[no-redef]

ASCII = tuple(chr(c) for c in range(128))


class _Any(Exception):
    """The pattern may begin with any character (or this module cannot tell)."""


_CATEGORIES = {
    C.CATEGORY_DIGIT: r"\d", C.CATEGORY_NOT_DIGIT: r"\D",
    C.CATEGORY_SPACE: r"\s", C.CATEGORY_NOT_SPACE: r"\S",
    C.CATEGORY_WORD: r"\w", C.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = tuple(getattr(C, n) for n in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if hasattr(C, n))
_ZERO_WIDTH = (C.AT, C.ASSERT, C.ASSERT_NOT)


def first_chars(pattern: str, flags: int = 0) -> Optional[FrozenSet[str]]:
    """The ASCII characters a match of ``pattern`` can begin with; None when that may be
    any character.  A non-ASCII character is never in the set: a caller dispatching on
    the set must send those to the whole pattern."""
    if flags & re.IGNORECASE:
        return None
    parsed = P.parse(pattern, flags)
    state = getattr(parsed, "state", None) or getattr(parsed, "pattern", None)
    if state is None or state.flags & re.IGNORECASE:      # (?i) at the start sets it here
        return None
    try:
        chars, nullable = _sequence(parsed)
    except _Any:
        return None
    return None if nullable else frozenset(chars)


def _sequence(items) -> Tuple[set, bool]:
    """(first characters, whether it can match the empty string) of a sequence."""
    out: set = set()
    for op, av in items:
        chars, nullable = _item(op, av)
        out |= chars
        if not nullable:
            return out, False
    return out, True


def _item(op, av) -> Tuple[set, bool]:
    if op is C.LITERAL:
        return ({chr(av)} if av < 128 else set()), False
    if op is C.IN:
        return _charset(av), False
    if op in _ZERO_WIDTH:           # a line start, a look-ahead or -behind: consumes none
        return set(), True
    if op is C.SUBPATTERN:
        _group, add_flags, _del_flags, sub = av
        if add_flags & re.IGNORECASE:
            raise _Any
        return _sequence(sub)
    if op is C.BRANCH:
        out, nullable = set(), False
        for branch in av[1]:
            chars, n = _sequence(branch)
            out |= chars
            nullable = nullable or n
        return out, nullable
    if op in _REPEATS:
        low, _high, sub = av
        chars, nullable = _sequence(sub)
        return chars, nullable or low == 0
    if getattr(C, "ATOMIC_GROUP", None) is not None and op is C.ATOMIC_GROUP:
        return _sequence(av)
    raise _Any                      # ANY, NOT_LITERAL, GROUPREF...: could be anything


def _charset(items) -> set:
    out: set = set()
    for op, av in items:
        if op is C.LITERAL:
            if av < 128:
                out.add(chr(av))
        elif op is C.RANGE:
            low, high = av
            out.update(chr(c) for c in range(low, min(high, 127) + 1))
        elif op is C.CATEGORY and av in _CATEGORIES:
            rx = re.compile(_CATEGORIES[av])
            out.update(c for c in ASCII if rx.match(c))
        else:                       # NEGATE, an unknown category: could be anything
            raise _Any
    return out
