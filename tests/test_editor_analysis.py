"""The token scan behind the language server: symbols and occurrences on broken text,
completion from the file's dialect."""

from unlev.editor import analysis as A


def test_broken_text_still_has_symbols_and_variables():
    idx = A.index('LEVEL: "a"\n$x = 1\nTERRAIN: ((( $x\nFUNCTION f() {\n}\nf()\n')
    assert [(s.name, s.kind) for s in idx.symbols] == [("a", "level"), ("f", "function")]
    assert [o.defines for o in idx.variables["x"]] == [True, False]
    assert [o.defines for o in idx.functions["f"]] == [True, False]


def test_names_in_strings_comments_and_maps_are_not_names():
    idx = A.index('LEVEL: "a"\n# $ghost = 1\nMESSAGE: "$notavar"\nMAP\n$$$\nENDMAP\n$y = 2\n')
    assert list(idx.variables) == ["y"]


def test_completion_names_follow_the_dialect():
    idx = A.index("")
    unh = {n for n, _k in A.completions(idx, '"', "unnethack")}
    nh36 = {n for n, _k in A.completions(idx, '"', "nethack36")}
    assert 'falling rock' in unh and 'falling rock' in nh36
    assert 'None' not in nh36
    assert unh != nh36                       # each dialect's own monsters and objects
    assert A.dialect_of('MAZE: "x", \' \'\n') == "nethack36"


# ------------------------------------------------- a variant's data (issue 15)
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

TOY = Path(__file__).resolve().parent / "fixtures" / "variant-src"


@pytest.fixture(scope="module")
def toy_project(tmp_path_factory):
    """A variant's project: its imported profile and an unlev.toml naming it."""
    from unlev.tools.data.command import import_profile
    root = tmp_path_factory.mktemp("toyproject")
    assert import_profile(TOY / "toyhack", "toyhack", root / "profiles" / "toyhack",
                          base_src=[TOY / "base"], say=lambda m: None) == 0
    (root / "unlev.toml").write_text('data = "profiles/toyhack"\n')
    (root / "dat").mkdir()
    des = root / "dat" / "embers.des"
    des.write_text('MAZE: "embers", \' \'\n')
    return root, des


def test_a_document_takes_the_projects_config_and_the_server_options_win(toy_project):
    root, des = toy_project
    s = A.settings_for(str(des))
    assert s.data.name == "toyhack" and s.config == str(root / "unlev.toml")
    assert s.error is None and s.lenient is False
    assert A.settings_for(str(des), data="nethack36").data.name == "nethack36"
    assert A.settings_for(str(des), lenient=True).lenient is True
    # a file outside any project: no profile
    assert A.settings_for(str(TOY / "README.md")).data is None


def test_a_bad_config_or_profile_is_an_error_to_show_not_a_crash(tmp_path):
    (tmp_path / "unlev.toml").write_text('datta = "x"\n')
    des = tmp_path / "a.des"
    des.write_text("")
    assert "unknown setting 'datta'" in A.settings_for(str(des)).error
    (tmp_path / "unlev.toml").write_text('data = "no-such-variant"\n')
    assert "no data profile named 'no-such-variant'" in A.settings_for(str(des)).error


def test_completion_offers_the_profiles_names_and_declared_words(toy_project):
    _root, des = toy_project
    prof = A.settings_for(str(des)).data
    idx = A.index("")
    got = A.completions(idx, '"ember', "nethack36", prof)
    assert got == [('ember dagger', "object"), ('ember forge', "room"),
                   ('ember newt', "monster"), ('ember vent', "trap"),
                   ('ember walking', "object")]
    assert ("EMBER", "keyword") in A.completions(idx, "EMB", "nethack36", prof)
    assert A.completions(idx, "smo", "nethack36", prof) == [("smoky", "constant")]
    assert A.completions(idx, "char", "nethack36", prof) == [("charred", "constant")]
    # without the profile, neither
    assert A.completions(idx, '"ember', "nethack36") == []
    assert ("EMBER", "keyword") not in A.completions(idx, "EMB", "nethack36")


def test_hover_explains_the_profiles_names_and_declarations(toy_project):
    _root, des = toy_project
    prof = A.settings_for(str(des)).data
    idx = A.index('MONSTER: (\':\', "ember newt"), (1,1)\nEMBER: (0,0)\nFLAGS: smoky\n'
                  'OBJECT: "bow", (2,2)\n')
    assert A.hover(idx, (0, 20), profile=prof) == (
        "**ember newt** (monster `:`, toyhack data): level 1, speed 6, AC 8, difficulty 2")
    assert A.hover(idx, (1, 2), profile=prof) == (
        "`EMBER`: a statement the toyhack data declares: arguments selection; places "
        "map character `e`")
    assert A.hover(idx, (2, 9), profile=prof) == "`smoky`: a flag the toyhack data declares"
    assert "toyhack data" in A.hover(idx, (3, 11), profile=prof)
    assert A.hover(idx, (0, 20)) is None           # UnNetHack has no ember newt


def test_hover_on_a_level_name_says_where_the_dungeon_puts_it(toy_project):
    idx = A.index('MAZE: "soko1-2", \' \'\nLEVEL: "oracle"\nLEVEL: "embers"\n')
    assert A.hover(idx, (0, 8), "unnethack") == (
        "level **soko1-2** (unnethack's dungeon): Sokoban, level 1 (variant 2)")
    assert A.hover(idx, (1, 9), "nethack36") == (
        "level **oracle** (nethack36's dungeon): The Dungeons of Doom, level 5 (+0..4)")
    prof = A.settings_for(str(toy_project[1])).data
    assert A.hover(idx, (2, 9), "nethack36", prof) == (
        "level **embers** (toyhack's dungeon): The Ember Pits, level -1 (counted from the "
        "bottom)")
    assert A.hover(idx, (2, 9), "nethack36") == (
        "level **embers**: not placed by nethack36's dungeon description")
