"""Random object kinds chosen the way UnNetHack (and NetHack 3.7) choose them: mkobj.c
``mkobj``'s class table and ``oc_prob`` walk (:func:`random_object`,
:func:`random_object_class`), o_init.c ``init_objects`` / ``setgemprobs``
(:func:`object_probabilities`) and objnam.c ``rnd_class``.

Why a module of its own: these are the object half of :mod:`unlev.populate.kinds`
(which re-exports them, where callers found them); they read only the object tables and
the stream they are given, and each draws exactly what its C counterpart draws, in the
same order.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Dict, Optional, Tuple

from unlev.stdlib import data
from unlev.stdlib.data import Object
from unlev.stdlib.rng import RNG


@data.clears_with_tables
@lru_cache(maxsize=None)
def object_probabilities(class_symbol: str, ledger_no: int = 1) -> Tuple[Tuple[Object, int], ...]:
    """The class's objects with their ``oc_prob`` as the running game has them.

    o_init.c ``init_objects`` gives a class whose probabilities are all zero an even
    share of 1000; ``setgemprobs`` (run for every new level) zeroes the
    ``9 - ledger_no/3`` most valuable gems and spreads 171 per mille over the rest of
    the real gems.  *ledger_no* is the level's ledger number: the depth in the
    Dungeons of Doom, larger in branches listed after it in dungeon.def (Gehennom,
    the Mines, ...).
    """
    objs = list(data.objects_of_class(class_symbol))
    probs = [o.prob for o in objs]
    gem_sym = next(c.symbol for c in data.object_classes() if c.name == "GEM_CLASS")
    if class_symbol == gem_sym:
        first = objs[0].index
        last_gem = data.last_gem()
        j = 0
        while j < 9 - ledger_no // 3:
            probs[j] = 0
            j += 1
        first += j
        for idx in range(first, last_gem + 1):
            probs[idx - objs[0].index] = (171 + idx - first) // (last_gem + 1 - first)
    if sum(probs) == 0:
        n = len(objs)
        probs = [(1000 + i) // n for i in range(n)]
    return tuple(zip(objs, probs))


def random_object_class(rng: RNG, *, table: Optional[str] = None, in_gehennom: bool = False,
                        rogue_level: bool = False) -> str:
    """The class walk at the top of mkobj.c ``mkobj(RANDOM_CLASS)``: one ``rnd(100)``
    over ``mkobjprobs`` (``hellprobs`` in Gehennom, ``rogueprobs`` on the Rogue level).
    *table* forces a table, e.g. ``"boxiprobs"`` for container contents."""
    if table is None:
        table = "rogueprobs" if rogue_level else ("hellprobs" if in_gehennom else "mkobjprobs")
    rows = data.object_class_probabilities(table)
    tprob = rng.rnd(100)
    for prob, sym in rows:
        tprob -= prob
        if tprob <= 0:
            return sym
    return rows[-1][1]  # pragma: no cover - the tables add up to 100


def random_object(rng: RNG, oclass: Optional[str] = None, *, in_gehennom: bool = False,
                  in_sheol: bool = False, rogue_level: bool = False,
                  ledger_no: int = 1) -> Object:
    """mkobj.c ``mkobj(oclass)``'s choice of object type.

    *oclass* is a class symbol (``')'``, ``'['``, ...) or None for RANDOM_CLASS.  As in
    the C code, ``rnd(1000)`` is drawn first, then (for a random class) ``rnd(100)`` to
    pick the class from mkobjprobs / hellprobs / rogueprobs; the type is then the
    object at which the running sum of :func:`object_probabilities` reaches the first
    number.  Game state it cannot know: whether the level is in Gehennom (Sheol counts:
    it is hellish) or the Rogue level, and *ledger_no* for gem probabilities (default
    1, the top of the dungeon).  Creating the object (``mksobj``) is not done here.
    """
    summed = data.load_table("objects").get("probability_total") == "sum"
    if not summed:
        prob = rng.rnd(1000)
    if oclass is None:
        oclass = random_object_class(rng, in_gehennom=in_gehennom or in_sheol,
                                     rogue_level=rogue_level)
    data.object_class(oclass)          # raises UnknownNameError for a bad symbol
    rows = object_probabilities(oclass, ledger_no)
    if summed:
        # NetHack 3.7's mkobj(): the class first, then rnd(oclass_prob_totals[class])
        # (o_init.c init_oclass_probs sums the class; rings are 1 each, 28 in all)
        prob = rng.rnd(sum(p for _, p in rows) or 1)
    for obj, p in rows:
        prob -= p
        if prob <= 0:
            return obj
    raise RuntimeError(f"probtype error, oclass={oclass!r}")


def rnd_class(rng: RNG, first: int, last: int, ledger_no: int = 1) -> int:
    """objnam.c ``rnd_class(first, last)``: an object index in [first, last] weighted by
    oc_prob (uniform if they are all zero).  Returns 0 if nothing was picked."""
    if first == last:
        return first
    current: Dict[int, int] = {}
    for sym in {data.object_by_index(i).class_symbol for i in range(first, last + 1)}:
        current.update((ob.index, p) for ob, p in object_probabilities(sym, ledger_no))
    probs = {i: current[i] for i in range(first, last + 1)}
    total = sum(probs.values())
    if not total:
        return first + rng.rn2(last - first + 1)
    x = rng.rnd(total)
    for i in range(first, last + 1):
        if probs[i]:
            x -= probs[i]
            if x <= 0:
                return i
    return 0
