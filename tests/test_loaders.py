"""Each dialect on its own game's loader (issue 30, unlev/generate/loaders.py): one test
per modelled difference, citing the C function, and the whole NetHack 3.6 corpus
never flipped and without an axe."""

from __future__ import annotations

import pytest

from unlev.generate.build import build_level
from unlev.generate.loaders import NETHACK343, NETHACK36, UNNETHACK, loader_for, loader_of
from unlev.lang.frontend import compile_file, compile_text
from unlev.stdlib import terrain as T
from unlev.stdlib.grid import COLNO, ROWNO

# A wooded map: UnNetHack's place_axe() (mklev.c) finds trees to put an axe by, and a
# shape whose flips show.
WOOD_36 = """MAZE: "wood", ' '
GEOMETRY:center,center
MAP
TTTTTTTTTT....
TTTTTTTTTT....
TTTTTTTTTT....
TTTTTTTTTT....
..............
ENDMAP
"""
WOOD_UN = WOOD_36.replace('MAZE: "wood", \' \'', 'LEVEL: "wood"')


def _runs(text, dialect, seeds=range(1, 13)):
    c = compile_text(text, dialect=dialect)
    # force_flip as `unlev run` has it by default (flips everywhere)
    return [build_level(c, seed=s, force_flip=True) for s in seeds]


def _axes(level):
    return [o for o in level.objects if o.attrs.get("from") == "place_axe"]


def test_the_loader_of_each_dialect_and_profile_base():
    assert loader_of("nethack36") is NETHACK36 and loader_of("nethack343") is NETHACK343
    for d in ("unnethack", "unnethack35", "unnethack352", "unnethack351"):
        assert loader_of(d) is UNNETHACK
    c = compile_text(WOOD_36, dialect="nethack36")
    assert loader_for(c) is NETHACK36


def test_unnethack_flips_and_places_an_axe_by_trees():
    """The control: UnNetHack's sp_level_coder() ends in flip_level_rnd(), its mklev()
    in post_process_level() -> place_axe()."""
    runs = _runs(WOOD_UN, "unnethack")
    assert any(lv.extras["flipped"] for lv in runs)
    assert any(_axes(lv) for lv in runs)


@pytest.mark.parametrize("dialect,text", [
    ("nethack36", WOOD_36),
    ("nethack343", WOOD_36),
])
def test_nethack_36_and_343_never_flip(dialect, text):
    """NetHack 3.6.x sp_lev.c sp_level_coder() and 3.4.3 sp_lev.c load_special() have no
    flip_level_rnd(): no flip, even where `unlev run` flips UnNetHack's levels."""
    for lv in _runs(text, dialect):
        assert lv.extras["flipped"] == 0
        # the map as drawn: its trees on the left of its floor, on its top rows
        trees = [(x, y) for x in range(COLNO) for y in range(ROWNO)
                 if lv.typ[x * ROWNO + y] == T.TREE]
        top = min(y for _x, y in trees)
        floor = [x for x in range(COLNO) if lv.typ[x * ROWNO + top] == T.ROOM]
        assert max(x for x, y in trees if y == top) < min(floor)
        assert max(y for _x, y in trees) == top + 3      # four rows of trees, then floor


@pytest.mark.parametrize("dialect", ["nethack36", "nethack343"])
def test_nethack_36_and_343_mklev_ends_without_post_process_level(dialect):
    """NetHack 3.6.x and 3.4.3 mklev.c mklev(): bound_digging() and mineralize() last;
    no post_process_level(), so no place_axe() and no place_random_engraving()."""
    for lv in _runs(WOOD_36, dialect):
        assert not _axes(lv)
        assert not [e for e in lv.engravings
                    if getattr(e, "attrs", {}).get("from") == "post_process_level"]


def test_a_variant_profile_is_built_by_the_loader_its_base_names(tmp_path):
    import shutil
    from unlev.stdlib import profiles
    out = tmp_path / "v36"
    shutil.copytree(profiles.builtin("nethack36").path, out)
    (out / "profile.json").write_text('{"name": "v36", "base": "nethack36", "extensions": {}}')
    c = compile_text(WOOD_UN, dialect="unnethack", data=str(out))
    assert loader_for(c) is NETHACK36
    for lv in [build_level(c, seed=s, force_flip=True) for s in range(1, 9)]:
        assert lv.extras["flipped"] == 0 and not _axes(lv)


# the full tier's (--full): a sweep of NetHack 3.6's corpus (~2 s)
@pytest.mark.slow
def test_every_nethack36_corpus_level_unflipped_and_without_an_axe(corpus_root):
    files = sorted((corpus_root / "nethack36").glob("*.des"))
    assert files
    built = 0
    for f in files:
        c = compile_file(str(f), dialect="nethack36")
        for node in c.tree.levels:
            for seed in (1, 2):
                lv = build_level(c, node, seed=seed, force_flip=True)
                assert lv.extras["flipped"] == 0, (f.name, node.name, seed)
                assert not _axes(lv), (f.name, node.name, seed)
                built += 1
    assert built >= 2 * len(files)


@pytest.mark.parametrize("dialect", ["nethack36", "nethack343"])
def test_the_castle_and_the_priest_quest_are_graveyards_in_36_and_343(dialect):
    """3.6.x's and 3.4.3's fixup_special() (mkmaze.c): ``Role_if(PM_PRIEST) &&
    In_quest(&u.uz)`` and ``Is_stronghold(&u.uz)`` set level.flags.graveyard;
    UnNetHack's does not (the control: the same level read as UnNetHack's)."""
    for name in ("castle", "Pri-loca", "Pri-strt"):
        text = WOOD_36.replace('"wood"', f'"{name}"')
        lv = build_level(compile_text(text, dialect=dialect), seed=1)
        assert lv.flags.graveyard, name
    lv = build_level(compile_text(WOOD_36.replace('"wood"', '"Kni-loca"'), dialect=dialect),
                     seed=1)
    assert not lv.flags.graveyard
    un = WOOD_UN.replace('"wood"', '"Pri-loca"')
    assert not build_level(compile_text(un, dialect="unnethack"), seed=1).flags.graveyard
