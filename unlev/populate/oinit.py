"""The game's shuffled object appearances, from its game seed (o_init.c ``init_objects``).

Why a module of its own: a few makers ask for an object by its *appearance*, which
the game shuffles once at the start of the game, not per level: makemon.c
``m_initinv`` gives a vampire the cloak whose description is "opera cloak".  Which
cloak that is depends on the game seed only: allmain.c ``newgame`` calls
``init_level_seeds`` (``set_random_state(game seed [+ serverseed])`` and one
``rn2(INT_MAX)`` per ledger number 1..511) and then ``init_objects``, whose first
draws are the gem colours (turquoise, aquamarine: ``rn2(2)``; fluorite: ``rn2(4)``)
and then ``shuffle_all``: rings, amulets, scrolls, spellbooks and wands (classes with
descriptions, in class order; amulets, scrolls and spellbooks only up to their last
magic, non-unique object), then the helmets, the gloves and the cloaks.  Each
``shuffle(lo, hi)`` swaps every object whose name is not known with a random one at
or after it (``rn2(hi - j + 1)``, drawn again while it lands on a known one).

Nothing here touches the level's own streams: these draws happen before the level
is made, on the game's stream.
"""

from __future__ import annotations

from functools import lru_cache
from typing import List, Optional

from unlev.stdlib import data
from unlev.stdlib.isaac import MAXLINFO, MASK, IsaacSource, seed_bytes

# shuffle_all(): the classes shuffled as a whole (their first object has a description),
# in class order, and the ones that stop at their last magic, non-unique object
_WHOLE_CLASSES = ("=", '"', "?", "+", "/")
_TO_LAST_MAGIC = ('"', "?", "+")
# then the armour sets, by the names of the objects that bound them
_ARMOUR_SETS = (("helmet", "helm of telepathy"), ("leather gloves", "gauntlets of dexterity"),
                ("cloak of protection", "cloak of displacement"))


class _Stream:
    def __init__(self, game_seed: int, serverseed: int) -> None:
        self.next_u32 = IsaacSource(seed_bytes((game_seed + serverseed) & MASK)).next_u32
        for _ in range(1, MAXLINFO):            # init_level_seeds
            self.next_u32()

    def rn2(self, x: int) -> int:
        return self.next_u32() % x


def _shuffle(rng: _Stream, descr: List[int], objs, lo: int, hi: int) -> None:
    known = [bool(objs[j].name_known) for j in range(len(objs))]
    if sum(1 for j in range(lo, hi + 1) if not known[j]) < 2:
        return
    for j in range(lo, hi + 1):
        if known[j]:
            continue
        while True:
            i = j + rng.rn2(hi - j + 1)
            if not known[i]:
                break
        descr[j], descr[i] = descr[i], descr[j]


def _class_range(objs, symbol: str):
    idx = [o.index for o in objs if o.class_symbol == symbol]
    return (min(idx), max(idx)) if idx else (None, None)


@data.clears_with_tables
@lru_cache(maxsize=64)
def _descriptions(game_seed: int, serverseed: int) -> tuple:
    """objects[].oc_descr_idx after init_objects, as far as the cloaks."""
    objs = data.objects()
    rng = _Stream(game_seed, serverseed)
    descr = list(range(len(objs)))
    rng.rn2(2)                  # turquoise
    rng.rn2(2)                  # aquamarine
    rng.rn2(4)                  # fluorite
    for symbol in _WHOLE_CLASSES:
        first, last = _class_range(objs, symbol)
        if first is None:
            continue            # a variant's tables without the class
        j = last
        if symbol in _TO_LAST_MAGIC:
            while not objs[j].magic or objs[j].unique:
                j -= 1
        _shuffle(rng, descr, objs, first, j)
    for lo_name, hi_name in _ARMOUR_SETS:
        lo, hi = data.object_named(lo_name, "["), data.object_named(hi_name, "[")
        if lo is None or hi is None:
            continue            # a variant that renamed or dropped the set's ends
        _shuffle(rng, descr, objs, lo.index, hi.index)
    return tuple(descr)


def object_with_description(description: str, first_name: str, game_seed: int,
                            serverseed: int = 0) -> Optional[str]:
    """The name of the object that shows ``description`` in the game of ``game_seed``,
    looked for from the object ``first_name`` on (as m_initinv looks for the opera
    cloak from CLOAK_OF_PROTECTION); None when no named object has it."""
    first = data.object_named(first_name, "[")
    if first is None:
        return None             # a game's tables without that object (a small variant)
    objs = data.objects()
    descr = _descriptions(game_seed & MASK, serverseed & MASK)
    start = first.index
    for i in range(start, len(descr)):
        if objs[descr[i]].description == description:
            return objs[i].name
    return None

