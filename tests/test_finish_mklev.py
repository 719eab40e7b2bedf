"""What mklev() does after the special-level loader (unlev.finish)."""

from unlev.finish import finish_level, mark_graveyard
from unlev.lang.frontend import compile_file
from unlev.level import Level
from unlev.run import build_level
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
