"""Variants' own lev_comp constructs and loaders (issue 30, fourth session): SporkHack's
``irregular`` word in the UnNetHack 3.5 flag list, dNetHack's ``'#'`` wish-string
objects, a profile whose base the file's words do not suggest, and a profile that names
its loader apart from its grammar (SporkHack's sp_lev.c comments out
``flip_level_rnd()``).  Profiles are made in tmp_path from the shipped tables."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from unlev.generate.build import build_level
from unlev.generate.loaders import NETHACK343, UNNETHACK, loader_for
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_text
from unlev.lang.wish_names import read_wish
from unlev.output.export import level_to_dict
from unlev.stdlib import profiles

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "variant-src"


def _profile(tmp_path, name, builtin, meta):
    out = tmp_path / name
    shutil.copytree(profiles.builtin(builtin).path, out,
                    ignore=shutil.ignore_patterns("nethack36", "nethack343", "nethack37",
                                                  "*.py", "__pycache__"))
    (out / "profile.json").write_text(json.dumps(dict({"name": name}, **meta)))
    return str(out)


# ------------------------------------------------------------ SporkHack: irregular
IRREG = """LEVEL: "spork"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
--------
|......|
|......|
--------
ENDMAP
REGION:(1,1,6,2),lit,"ordinary",unfilled,irregular
REGION:(1,1,2,1),lit,"zoo",filled,irregular
"""


def test_irregular_is_a_word_of_sporkhacks_flag_list():
    """SporkHack's lev_comp.y: ``roomflag : irregular_ID | FILLING`` where UnNetHack
    3.5's took ``filled`` then a boolean; spo_region() makes the room irregular
    (ROOMF_IRREG) and prefilled only with ``filled`` (ROOMF_FILLED)."""
    with pytest.raises(DesError, match="irregular"):
        compile_text(IRREG, dialect="unnethack35")
    c = compile_text(IRREG, dialect="unnethack35", extensions={"syntax": ["irregular_word"]})
    regions = [n for n in c.tree.levels[0].body.statements if type(n).__name__ == "RegionStmt"]
    assert [(r.flags.filled, r.flags.irregular) for r in regions] == [(0, 1), (1, 1)]
    lev = build_level(c, seed=1, finish=False)
    assert lev.rooms and all(r.irregular for r in lev.rooms)


def test_a_profile_base_the_words_do_not_suggest_is_tried_first(tmp_path):
    """SporkHack's Monk.des has UnNetHack's MON_GENERATION and a ``OBJECT[50%]:`` in a
    monster's block: auto guessed UnNetHack alone and never tried the profile's base,
    UnNetHack 3.5, the only dialect that reads it."""
    text = ('LEVEL: "monk"\nMON_GENERATION: 50%, (1, \'a\')\n'
            "MONSTER:('@',\"abbot\"),(3,3) {\n  OBJECT[50%]:'?'\n}\n")
    with pytest.raises(DesError):
        compile_text(text)
    prof = _profile(tmp_path, "spork", "unnethack", {"base": "unnethack35"})
    c = compile_text(text, data=prof)
    assert c.dialect == "unnethack35"


# ------------------------------------------------------------ dNetHack: '#' objects
NAMES = ["long sword", "two-handed sword", "mask", "box", "elven arrow", "nothing",
         "amulet of ESP", "amulet of magical breathing"]
CLASSES = {"long sword": [")"], "two-handed sword": [")"], "mask": ["("], "box": ["("],
           "elven arrow": [")"], "nothing": ["/"], "amulet of ESP": ['"'],
           "amulet of magical breathing": ['"']}


@pytest.mark.parametrize("text, want", [
    ("blessed fixed flaming +4 two-handed sword",
     dict(name="two-handed sword", cls=")", curse=1, spe=4, erodeproof=True,
          unread=["flaming"])),
    ("30 blessed fixed silver elven arrow",
     dict(name="elven arrow", count=30, curse=1, erodeproof=True, unread=["silver"])),
    ("cracked stone mask of a human",
     dict(name="mask", cls="(", unread=["cracked", "stone", "of", "a", "human"])),
    ("trapped gold box", dict(name="box", trapped=True, unread=["gold"])),
    ("cursed +12 deep long sword named The Sword of the Deeps",
     dict(name="long sword", curse=3, spe=12, called="The Sword of the Deeps")),
    ("blessed wand of nothing", dict(name="nothing", cls="/", curse=1, unread=[])),
    ("gold amulet", dict(name=None, cls='"', unread=["gold"])),
    ("wrathful mithril sword", dict(name=None, cls=None, unread=["wrathful mithril sword"])),
])
def test_a_wish_string_is_read_as_readobjnam_reads_its_prefixes(text, want):
    wish = read_wish(text, NAMES, lambda n: CLASSES.get(n, []))
    for key, value in want.items():
        assert getattr(wish, key) == value, (key, wish)


WISH = """MAZE: "dn", ' '
GEOMETRY:center,center
MAP
.....
.....
ENDMAP
OBJECT:'#',"blessed +2 long sword",(1,1)
OBJECT:'#',"3 cursed fixed elven arrow",(2,1)
"""


def test_dnethack_wish_objects_are_made_as_the_object_they_name(tmp_path):
    """dNetHack's create_object() (sp_lev.c): class '#' is readobjnam(name) -- the
    object, its blessing, enchantment, count and erodeproofing from the string."""
    with pytest.raises(DesError, match="Unknown char class"):
        compile_text(WISH, dialect="nethack343")
    prof = _profile(tmp_path, "dn", "nethack343",
                    {"base": "nethack343", "extensions": {"syntax": ["wish_objects"]}})
    c = compile_text(WISH, dialect="nethack343", data=prof)
    lev = build_level(c, seed=1)
    made = {o["name"]: o for o in level_to_dict(lev, seed=1)["objects"]
            if o["attrs"].get("from") == "des"}
    sword, arrows = made["long sword"], made["elven arrow"]
    assert (sword["curse"], sword["spe"]) == ("blessed", 2)
    assert (arrows["curse"], arrows["quantity"]) == ("cursed", 3)
    assert arrows["attrs"]["erodeproof"] is True
    recs = [r for r in lev.extras["extensions"] if r["name"] == "wish"]
    assert [r["args"]["value"] for r in recs] == ["blessed +2 long sword",
                                                  "3 cursed fixed elven arrow"]


# ------------------------------------------------------------ a loader apart
WOOD = """LEVEL: "wood"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
TTTTTTTTTT....
TTTTTTTTTT....
TTTTTTTTTT....
..............
ENDMAP
"""


def test_a_profile_names_its_loader_apart_from_its_grammar(tmp_path):
    """SporkHack reads UnNetHack 3.5's language, but its sp_level_coder() has
    ``/* flip_level_rnd(coder->allow_flips); */`` and its mklev() no
    post_process_level(): "loader": "nethack343" -- never flipped, no axe."""
    spork = _profile(tmp_path, "spork", "unnethack", {"base": "unnethack35"})
    c = compile_text(WOOD, dialect="unnethack35", data=spork)
    assert loader_for(c) is UNNETHACK
    assert any(build_level(c, seed=s, force_flip=True).extras["flipped"] for s in range(1, 9))
    spork2 = _profile(tmp_path, "spork2", "unnethack",
                      {"base": "unnethack35", "loader": "nethack343"})
    c = compile_text(WOOD, dialect="unnethack35", data=spork2)
    assert loader_for(c) is NETHACK343
    for lv in [build_level(c, seed=s, force_flip=True) for s in range(1, 9)]:
        assert lv.extras["flipped"] == 0
        assert not [o for o in lv.objects if o.attrs.get("from") == "place_axe"]


def test_a_loader_profiles_do_not_have_is_refused(tmp_path):
    bad = _profile(tmp_path, "bad", "unnethack", {"base": "unnethack35", "loader": "slashem"})
    with pytest.raises(profiles.ProfileError, match='"loader" is \'slashem\''):
        profiles.load(bad)


# ------------------------------------------------------------ the importer finds them
def _tree(tmp_path, sp_lev: str, patchlevel: str = "0", sys_c: bool = False):
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "include").mkdir()
    (tmp_path / "src" / "sp_lev.c").write_text(sp_lev)
    (tmp_path / "include" / "patchlevel.h").write_text(
        f"#define VERSION_MAJOR\t{patchlevel}\n#define VERSION_MINOR\t7\n")
    if sys_c:
        (tmp_path / "src" / "sys.c").write_text("/* sysconf */\n")
    return [tmp_path]


def test_the_importer_names_the_loader_of_a_tree_that_does_not_flip(tmp_path):
    from unlev.tools.data.command import detect_loader
    coder = "void\nsp_level_coder(coder)\n{\n    link_doors_rooms();\n%s}\n"
    off = _tree(tmp_path / "a", coder % "/*    flip_level_rnd(coder->allow_flips);*/\n")
    on = _tree(tmp_path / "b", coder % "    flip_level_rnd(coder->allow_flips);\n")
    off36 = _tree(tmp_path / "c", coder % "", sys_c=True)
    assert detect_loader(off, "unnethack35") == "nethack343"
    assert detect_loader(on, "unnethack35") is None
    assert detect_loader(off36, "unnethack") == "nethack36"
    assert detect_loader(off, "nethack36") is None       # not an UnNetHack grammar


def test_the_importer_declares_the_irregular_word_and_wish_objects(tmp_path):
    from unlev.tools.data.declarations import generate
    util = tmp_path / "util"
    shutil.copytree(FIXTURE / "toyhack" / "util", util)
    lex = util / "lev_comp.l"
    lex.write_text(lex.read_text().replace(
        "locked\t", "irregular\t\tST_RET(irregular_ID);\nfemale\t\tST_RET(FEMALE_ID);\nlocked\t", 1))
    y = util / "lev_comp.y"
    y.write_text(y.read_text().replace("%%", "%%\nroomflag : irregular_ID\n\t\t;\nmonster_info : FEMALE_ID\n\t\t;\n", 1)
                 + '/* yyerror("Name given for externally-parsed object"); */\n')
    g = generate([tmp_path], [FIXTURE / "base"], "unnethack35", "spork")
    assert set(g["extensions"]["syntax"]) >= {"irregular_word", "wish_objects"}
    # a word unlev's lexer of the base already reads is not declared (the base digest
    # lists only lev_comp.l's words with a value)
    assert "monster_flags" not in g["extensions"]
    g = generate([tmp_path], [FIXTURE / "base"], "nethack36", "spork")
    assert "irregular_word" not in g["extensions"].get("syntax", [])


def test_a_variants_own_trap_is_drawn_as_a_plain_caret():
    """A trap whose index in the variant's table is past UnNetHack's trap symbols
    (EvilHack's SPEAR_TRAP_SET is its 26th) is drawn as a plain ^ when the level is
    exported under the variant's tables, and its JSON has no UnNetHack name -- both were
    an IndexError (render's glyph grid, export's trap_to_dict)."""
    import dataclasses
    from unlev.model.level import Level, Trap
    from unlev.output.render import TRAP_SYMS, glyph_grid
    from unlev.stdlib import data
    spear = dataclasses.replace(data.traps()[0], name="SPEAR_TRAP_SET",
                                index=len(TRAP_SYMS) + 2)
    lv = Level()
    lv.traps.append(Trap(5, 5, spear))
    assert glyph_grid(lv)[5][5].ch == "^"
    from unlev.output.export import trap_to_dict
    d = trap_to_dict(lv.traps[0])
    assert d["type"] == "SPEAR_TRAP_SET" and d["name"] is None
