"""What mklev() does after the special-level loader (unlev.generate.finish)."""

from unlev.generate.finish import finish_level, mark_graveyard
from unlev.lang.frontend import compile_file
from unlev.model.level import Level
from unlev.generate.build import build_level
from unlev.stdlib.rng import RNG

MORGUE_DES = """\
LEVEL:"morguetest"
INIT_MAP:solidfill,' '
GEOMETRY:center,center
MAP
---------
|.......|
|.......|
---------
ENDMAP
REGION:(1,1,7,2),unlit,"morgue"
"""


def test_a_level_with_a_morgue_becomes_a_graveyard():
    lev = build_level(compile_file("m.des", text=MORGUE_DES), seed=3)
    assert lev.extras.get("has_morgue") and lev.flags.graveyard
    plain = build_level(compile_file("p.des", text=MORGUE_DES.replace('"morgue"', '"ordinary"')),
                        seed=3)
    assert not plain.flags.graveyard


def test_graveyard_mark_follows_the_morgue_flag_only():
    lev = Level()
    finish_level(lev, RNG(1))
    assert not lev.flags.graveyard
    lev.extras["has_morgue"] = True
    mark_graveyard(lev)
    assert lev.flags.graveyard


def _tree_level(n_trees):
    lev = Level()
    for x in range(10, 40):
        for y in range(5, 10):
            lev.set_typ(x, y, 27)                 # ROOM
    for i in range(n_trees):
        lev.set_typ(10 + i, 5, 13)                # TREE
    return lev


def test_a_lone_tree_always_brings_an_axe_onto_open_ground():
    from unlev.generate.finish import post_process_level
    for seed in range(20):
        lev = _tree_level(1)
        post_process_level(lev, RNG(seed))
        axes = [o for o in lev.objects if o.id == "axe"]
        # rnf(ilog2(1)=0, 1) is never true: one tree always gets its axe, unless 100
        # random squares all miss the 150 open ones (practically never)
        assert len(axes) == 1
        assert lev.typ[axes[0].x * 21 + axes[0].y] > 25


def test_no_trees_no_axe_and_many_trees_only_sometimes():
    from unlev.generate.finish import post_process_level
    lev = Level()
    post_process_level(lev, RNG(1))
    assert lev.objects == []
    got = 0
    for seed in range(200):
        lev = _tree_level(30)                     # rnf(4, 30): an axe 26 times in 30
        post_process_level(lev, RNG(seed))
        got += any(o.id == "axe" for o in lev.objects)
    assert 150 < got < 200
