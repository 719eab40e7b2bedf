"""Reading the wish string of dNetHack's ``'#'`` object class, as its game reads it.

Why this module exists: dNetHack's lev_comp takes ``OBJECT:'#',"blessed +3 elven
bow",(x,y)``: the class ``'#'`` marks an "externally-parsed object", whose name is not
looked up by the compiler but handed whole to the game, where ``create_object()``
(dNetHack's sp_lev.c) makes it with ``readobjnam(name, &dummy, WISH_MKLEV)``, the
function that reads a player's wish (objnam.c).  A profile declares the form with the
``wish_objects`` syntax (:mod:`unlev.lang.extension_decl`); this module turns the
string into what a plain OBJECT statement says: the object's name and class from the
profile's objects, and the prefixes ``readobjnam()`` reads into the object: a count,
``blessed``/``holy``, ``uncursed``, ``cursed``/``unholy``, ``fixed``/``rustproof``/
``erodeproof`` (made erodeproof), ``+N``/``-N`` (the enchantment), ``named X``, and
``trapped`` for a box.

Not modelled, and said so (:attr:`Wish.unread`): dNetHack's own words -- materials
(``mithril``, ``gold``), sizes (``large``), object properties (``wrathful``,
``flaming``) and erosion words -- which its ``readobjnam()`` turns into object
properties unlev does not keep; an artifact named by its own name (``Sting of the
Poison Queen``), which ``artifact_name()`` would find.  A string that names no object
of the profile is what ``readobjnam()`` makes of one: a random object of the class
word it ends with (``amulet``: objnam.c's ``wrp[]``), else of any class (``mkobj(
RANDOM_CLASS)``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

_BLESS = {"blessed": 1, "holy": 1, "uncursed": 2, "cursed": 3, "unholy": 3}
_PROOF = ("fixed", "rustproof", "erodeproof", "fireproof", "corrodeproof", "rotproof")
_ARTICLES = ("a", "an", "the")
_SPE = re.compile(r"[+-]\d+$")
# readobjnam()'s class words (objnam.c's wrp[] and wrpsym[])
_CLASS_WORDS = {"wand": "/", "ring": "=", "potion": "!", "scroll": "?", "gem": "*",
                "amulet": '"', "spellbook": "+", "weapon": ")", "armor": "[", "armour": "[",
                "tool": "(", "food": "%", "comestible": "%"}


@dataclass
class Wish:
    """What a wish string asks for."""

    name: Optional[str] = None           # the profile's object name; None: random
    cls: Optional[str] = None            # its class symbol
    count: Optional[int] = None
    curse: Optional[int] = None          # CURSE_TYPE values: 1 blessed, 2 uncursed, 3 cursed
    spe: Optional[int] = None
    erodeproof: bool = False
    trapped: bool = False
    called: Optional[str] = None         # "named X"
    unread: List[str] = field(default_factory=list)   # words unlev does not model


def read_wish(text: str, names: Sequence[str],
              classes_of: Callable[[str], List[str]]) -> Wish:
    """The wish ``text`` against the profile's object ``names`` (``classes_of(name)``:
    the class symbols an object of that name has)."""
    wish = Wish()
    body = text.strip()
    m = re.search(r"\s+(?:named|called)\s+(.+)$", body, re.I)
    if m:
        wish.called = m.group(1).strip()
        body = body[:m.start()]
    words = body.split()
    lower = {n.lower(): n for n in names}
    found = _longest_name(words, lower)
    after: List[str] = []
    if found is None and "of" in [w.lower() for w in words]:
        # "X of Y" read as the X (a mask of a kind of monster, a statue of someone)
        cut = [w.lower() for w in words].index("of")
        found = _longest_name(words[:cut], lower)
        if found is not None:
            after = words[cut:]
            words = words[:cut]
    if found is not None:
        wish.name, used = found
        words = words[:len(words) - used]
        # "wand of nothing": the class word and "of" before a bare name
        if len(words) >= 2 and words[-1].lower() == "of" and words[-2].lower() in _CLASS_WORDS:
            words = words[:-2]
    elif words and words[-1].lower() in _CLASS_WORDS:      # "gold amulet": any amulet
        wish.cls = _CLASS_WORDS[words[-1].lower()]
        words = words[:-1]
    for i, word in enumerate(words):
        w = word.lower()
        if w.isdigit() and i == 0:
            wish.count = int(w)
        elif w in _ARTICLES:
            pass
        elif w in _BLESS:
            wish.curse = _BLESS[w]
        elif w in _PROOF:
            wish.erodeproof = True
        elif w == "trapped":
            wish.trapped = True
        elif _SPE.match(w):
            wish.spe = int(w)
        else:
            wish.unread.append(word)
    wish.unread += after
    if wish.name is not None:
        cls = classes_of(wish.name)
        wish.cls = cls[0] if cls else None
    elif not wish.cls:
        wish.unread = [text.strip()]
    return wish


def _longest_name(words: List[str], lower: Dict[str, str]) -> Optional[Tuple[str, int]]:
    """The object name the words end with, the longest first, and how many words it took."""
    for k in range(len(words), 0, -1):
        cand = " ".join(words[len(words) - k:]).lower()
        if cand in lower:
            return lower[cand], k
    return None
