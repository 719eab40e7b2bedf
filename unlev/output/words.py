"""The words unlev prints: counted nouns ("1 room", "2 rooms", "1 staircase") and
objects' full names ("potion of healing", not "healing").

Why a module of its own: every summary (the drawing's, the REPL's, ``unlev test``'s,
``unlev compare``'s) counts things and names objects; one helper keeps "1 rooms" and
bare "identify" out of all of them.
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


# objnam.c xname(): the classes whose table names are bare ("healing") and the word the
# game puts before them when the object is known
_CLASS_WORDS = {"!": "potion", "?": "scroll", "/": "wand", "=": "ring", "+": "spellbook"}
_NAMED_AS_IS = {"Book of the Dead"}


def object_name(name: str, class_symbol: Optional[str]) -> str:
    """``object_name("healing", "!")`` is "potion of healing", as the game names a
    known object; names that already say what they are stay as they are."""
    word = _CLASS_WORDS.get(class_symbol or "")
    if word is None or name in _NAMED_AS_IS or name.startswith(word):
        return name
    return f"{word} of {name}"
