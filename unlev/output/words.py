"""Counted nouns for what unlev prints ("1 room", "2 rooms", "1 staircase").

Why a module of its own: every summary (the drawing's, the REPL's, ``unlev test``'s,
``unlev compare``'s) counts things; one helper keeps "1 rooms" out of all of them.
"""

from __future__ import annotations

from typing import Optional

_IRREGULAR = {"stairs": "staircase", "gold": "gold"}


def count(n: int, plural: str, singular: Optional[str] = None) -> str:
    """``count(1, "rooms")`` is "1 room"; ``count(2, "rooms")`` "2 rooms"."""
    if n == 1:
        if singular is None:
            singular = _IRREGULAR.get(plural, plural[:-1] if plural.endswith("s") else plural)
        return f"{n} {singular}"
    return f"{n} {plural}"
