"""Statistical behaviour of random population over many seeds (a few seconds each).

Tolerance: a frequency measured over n draws must lie within 4 standard deviations
of the game's probability p, i.e. |p_hat - p| <= 4 * sqrt(p * (1 - p) / n).  The seeds
are fixed, so these tests are deterministic; 4 sd keeps them meaningful (an error of
a few per cent in a table would fail) without tuning them to one seed set.
"""

from __future__ import annotations

from collections import Counter

import pytest

from unlev.lang.frontend import compile_text
from unlev.model.level import DungeonContext
from unlev.populate.make import monster_data
from unlev.generate.build import build_level
from unlev.stdlib import data
from unlev.populate import kinds as populate

SEEDS = range(1, 2001)
ROOM = 'LEVEL:"stats"\nROOM:"ordinary",lit,(3,3),(center,center),(10,5) {\n%s\n}\n'


def levels(body: str, context: DungeonContext, seeds=SEEDS):
    compiled = compile_text(ROOM % body)
    for seed in seeds:
        yield build_level(compiled, seed=seed, context=context, finish=False, post_mklev=False)


def within(count: int, n: int, p: float) -> bool:
    return abs(count / n - p) <= 4 * (p * (1 - p) / n) ** 0.5 + 1e-12


# the full tier's (--full): a large sample of random monsters (~2 s)
@pytest.mark.slow
def test_random_monsters_at_depth_5_never_nogen_unique_hellish_or_too_hard():
    ctx = DungeonContext(depth=5)
    hardest = populate.max_monster_difficulty(5)          # (5 + hero level 1) / 2 = 3
    first = Counter()
    made = 0
    for lv in levels("MONSTER:random,random", ctx):
        assert lv.monsters
        first[lv.monsters[0].id] += 1
        for m in lv.monsters:                               # the group included
            pm = monster_data(m)
            made += 1
            assert not pm.nogen and not pm.unique, m.id
            assert "G_HELL" not in pm.gen_flags and "G_SHEOL" not in pm.gen_flags, m.id
            assert pm.difficulty <= hardest, (m.id, pm.difficulty)
    assert made >= 2000
    # the kinds come in rndmonst()'s proportions
    weights = populate.rndmonst_weights(5)
    total = sum(w for _, w in weights)
    assert len(first) >= 0.8 * len(weights)
    for mon, w in weights:
        assert within(first[mon.name], len(SEEDS), w / total), mon.name


def test_random_monsters_in_gehennom_respect_hell_flags():
    ctx = DungeonContext(depth=30, dungeon_name="Gehennom", level_difficulty=45)
    for lv in levels("MONSTER:random,random", ctx, seeds=range(1, 401)):
        for m in lv.monsters:
            # rndmonst() chose the species; a shape-changer's form is select_newcham_form()'s
            # (a doppelganger's may be a role monster, a chameleon's any polyok() one)
            born_as = m.attrs.get("shapechanger")
            pm = data.monster_named(born_as) if born_as else monster_data(m)
            assert "G_NOHELL" not in pm.gen_flags and not pm.nogen and not pm.unique, m.id
            assert pm.alignment <= 0 or "G_HELL" in pm.gen_flags, m.id   # uncommon()


# the full tier's (--full): a large sample (~1 s); the quick tier keeps Gehennom's
# object and monster draws
@pytest.mark.slow
def test_random_object_classes_follow_mkobjprobs():
    ctx = DungeonContext(depth=5)
    classes = Counter()
    for lv in levels("OBJECT:random,random", ctx):
        classes[lv.objects[0].attrs["class"]] += 1
    n = sum(classes.values())
    assert n == len(SEEDS)
    for prob, sym in data.object_class_probabilities("mkobjprobs"):
        assert within(classes[sym], n, prob / 100), (sym, classes[sym], prob)


def test_random_objects_in_gehennom_follow_hellprobs():
    ctx = DungeonContext(depth=30, dungeon_name="Gehennom")
    classes = Counter()
    for lv in levels("OBJECT:random,random", ctx, seeds=range(1, 1001)):
        classes[lv.objects[0].attrs["class"]] += 1
    n = sum(classes.values())
    for prob, sym in data.object_class_probabilities("hellprobs"):
        assert within(classes[sym], n, prob / 100), (sym, classes[sym], prob)


# the full tier's (--full): a large sample (~1 s)
@pytest.mark.slow
def test_objects_within_a_class_follow_their_probabilities():
    ctx = DungeonContext(depth=5)
    kinds = Counter()
    for lv in levels("OBJECT:'!',random", ctx, seeds=range(1, 1501)):
        kinds[lv.objects[0].id] += 1
    n = sum(kinds.values())
    for obj, p in populate.object_probabilities("!", 5):
        if obj.name:
            assert within(kinds[obj.name], n, p / 1000), obj.name


def test_general_store_sells_like_mkobj():
    """A general store's wares are mkobj(RANDOM_CLASS): the class table again."""
    text = '''LEVEL:"gs"
GEOMETRY:left,top
MAP
--------
|......|
+......|
|......|
|......|
--------
ENDMAP
DOOR:open,(0,2)
REGION:(1,1,6,4),lit,"shop"
'''
    compiled = compile_text(text)
    classes = Counter()
    for seed in range(1, 121):
        lv = build_level(compiled, seed=seed)
        classes.update(o.attrs["class"] for o in lv.objects if o.attrs.get("from") == "shop")
    n = sum(classes.values())
    assert n >= 2000
    for prob, sym in data.object_class_probabilities("mkobjprobs"):
        assert within(classes[sym], n, prob / 100), (sym, classes[sym], prob)
