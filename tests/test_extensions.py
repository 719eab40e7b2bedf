"""Declared extensions (unlev.lang.extensions): a profile's statements, flags, map
characters, door states, materials and flags, monster and object words, light states,
keyword spellings and named syntax changes -- parsed through the composed grammar,
handed to the builder, modelled as their base or kept in the level's JSON."""

from __future__ import annotations

import functools

import pytest

from unlev.generate.build import build_level
from unlev.lang.diagnostics import DesError
from unlev.lang.extensions import ExtensionError, load, parser_for
from unlev.lang.frontend import compile_file, compile_text
from unlev.model.level import D_CLOSED, D_ISOPEN, D_LOCKED
from unlev.output.export import level_to_dict
from unlev.stdlib import terrain as T
from unlev.stdlib.grid import ROWNO

from evalkit import run_compiled
from tiers import quick_subset

EXT = {
    "statements": {
        "FORGE": {"args": ["selection"], "places": "Z"},
        "MAGIC_CHEST": {"args": ["coord"]},
        "MINDEPTH": {"args": ["int"]},
        "LEVER": {"args": ["coord", "string?", "int?"]},
        "TILESET": {"args": ["raw"]},
    },
    "flags": ["outdoors"],
    "map_chars": {"g": {"terrain": "grass", "base": "."},
                  "Z": {"terrain": "forge", "base": "{"}},
    "door_states": {"ajar": {"base": "open"}},
    "door_materials": ["iron", "wooden"],
    "door_flags": ["irondoor"],
    "monster_flags": ["dead"],
    "object_attributes": {"forged_qual": "int", "affixed": "flag"},
    "light_states": {"mineslight": {"base": "lit"}},
    "keywords": {"ctrapped": "trapped"},
}

ROOMY = """LEVEL: "t"
INIT_MAP: solidfill, ' '
GEOMETRY: left, top
MAP
-------
|.....|
|.....|
|.....|
-------
ENDMAP
"""


def compiled(body: str, ext=EXT, dialect="unnethack", **kw):
    return compile_text(ROOMY + body, extensions=ext, dialect=dialect, **kw)


def level(body: str, ext=EXT, seed=1, **kw):
    return build_level(compiled(body, ext), seed=seed, finish=False, **kw)


def recorded(body: str, ext=EXT):
    return run_compiled(compiled(body, ext)).of("extension")


def typ_at(lev, x, y):
    """The terrain at MAP-relative (x, y)."""
    return lev.typ[(lev.xstart + x) * ROWNO + lev.ystart + y]


def flg_at(lev, x, y):
    return lev.flg[(lev.xstart + x) * ROWNO + lev.ystart + y]


def rel(lev, cells):
    return [(c["x"] - lev.xstart, c["y"] - lev.ystart) for c in cells]


# ------------------------------------------------------------------ the schema
@pytest.mark.parametrize("bad, words", [
    ({"statment": {}}, "unknown key"),
    ({"statements": {"FORGE": {"args": ["sel"]}}}, "unknown shape 'sel'"),
    ({"statements": {"forge": {"args": []}}}, "upper-case"),
    ({"statements": {"X": {"args": ["int?", "coord"]}}}, "required argument after an optional"),
    ({"statements": {"X": {"args": ["int"], "places": "T"}}}, "must be a \"selection\""),
    ({"map_chars": {"g": {"terrain": "grass", "base": "q"}}}, "not a terrain character"),
    ({"map_chars": {"gg": {"terrain": "grass", "base": "."}}}, "one printable character"),
    ({"door_states": {"ajar": {"base": "wide"}}}, "base must be one of"),
    ({"object_attributes": {"x": "coord"}}, "\"flag\" or \"int\""),
    ({"syntax": ["tabs"]}, "unknown 'tabs'"),
])
def test_schema_errors_name_the_place(bad, words):
    with pytest.raises(ExtensionError) as e:
        load(bad)
    assert words in str(e.value)
    assert str(e.value).startswith("extensions.")


def test_a_keyword_spelling_must_name_a_base_keyword():
    with pytest.raises(ExtensionError, match="'trapd' is not a keyword"):
        compile_text('LEVEL:"t"\n', extensions={"keywords": {"ctrapped": "trapd"}})


def test_the_grammar_is_built_once_per_shape_of_extensions():
    a = parser_for("unnethack", load(EXT))
    renamed = dict(EXT, flags=["other"], door_materials=["steel"])
    assert parser_for("unnethack", load(renamed)) is a      # words are lexed, not parsed
    assert parser_for("unnethack", load({"statements": {"X": {"args": ["int"]}}})) is not a


# ------------------------------------------------------------------ statements
def test_without_the_profile_a_variant_statement_is_a_syntax_error():
    with pytest.raises(DesError, match='syntax error'):
        compile_text(ROOMY + "MAGIC_CHEST:(2,2)\n")


def test_a_statement_that_places_terrain_draws_its_base_and_names_its_squares():
    lev = level("FORGE:(2,2)\nFORGE:(4,3)\n")
    assert typ_at(lev, 2, 2) == T.FOUNTAIN and typ_at(lev, 4, 3) == T.FOUNTAIN
    cells = level_to_dict(lev, seed=1)["extras"]["extension_terrain"]
    assert set(zip(rel(lev, cells), [(c["terrain"], c["base"]) for c in cells])) == \
        {((2, 2), ("forge", "{")), ((4, 3), ("forge", "{"))}


def test_an_unmodelled_statement_reaches_the_builder_with_evaluated_arguments():
    recs = recorded("MAGIC_CHEST:(3,2)\nMINDEPTH:4 + 4\nLEVER:(1,1),\"up\"\n")
    got = {r["name"]: r["args"] for r in recs if r["kind"] == "statement"}
    assert got["MAGIC_CHEST"]["args"] == [(3, 2)]     # the recording builder: as written
    assert got["MINDEPTH"]["args"] == [8]
    assert got["LEVER"] == {"args": [(1, 1), "up"], "shapes": ["coord", "string"]}


def test_an_unmodelled_statement_is_kept_in_the_json_and_reported_once():
    lev = level("MAGIC_CHEST:(3,2)\nMAGIC_CHEST:(4,2)\n")
    d = level_to_dict(lev, seed=1)
    kept = [r for r in d["extras"]["extensions"] if r["name"] == "MAGIC_CHEST"]
    x0, y0 = lev.xstart, lev.ystart
    assert [r["args"]["args"] for r in kept] == [[[x0 + 3, y0 + 2]], [[x0 + 4, y0 + 2]]]
    assert [r["line"] for r in kept] == [11, 12]
    said = [w for w in d["warnings"] if "MAGIC_CHEST" in w]
    assert len(said) == 1 and "kept in the level's JSON" in said[0]


def test_a_raw_statement_keeps_its_text():
    recs = recorded('TILESET: "gnomish mines", 3\n')
    assert recs == [{"kind": "statement", "name": "TILESET",
                     "args": {"raw": '"gnomish mines", 3'}, "span": recs[0]["span"]}]


def test_a_declared_statement_with_a_wrong_argument_is_a_syntax_error():
    with pytest.raises(DesError, match="syntax error"):
        compiled('MAGIC_CHEST:"here"\n')


def test_more_arguments_after_a_base_statement():
    ext = {"statement_args": {"DOOR": ["string?", "int?"]}}
    body = 'DOOR: locked, (6,2), "The Key of Law"\nDOOR: closed, (6,3)\nDOOR: open, (6,1), "k", 2\n'
    with pytest.raises(DesError):
        compiled(body, ext={})
    run = run_compiled(compiled(body, ext))
    assert [d["state"] for d in run.of("door")] == [D_LOCKED, D_CLOSED, D_ISOPEN]
    assert [r["args"]["args"] for r in run.of("extension")] == [["The Key of Law"], ["k", 2]]
    with pytest.raises(ExtensionError, match="optional shapes"):
        load({"statement_args": {"DOOR": ["string"]}})


# ------------------------------------------------------------------ map characters
def test_map_characters_draw_as_their_base_and_are_named():
    text = """LEVEL: "t"
INIT_MAP: solidfill, ' '
GEOMETRY: left, top
MAP
-----
|gZ.|
-----
ENDMAP
"""
    with pytest.raises(DesError, match="invalid character 'g' in a MAP block"):
        compile_text(text)
    lev = build_level(compile_text(text, extensions=EXT), seed=1, finish=False)
    x0, y0 = lev.xstart, lev.ystart
    assert typ_at(lev, 1, 1) == T.ROOM and typ_at(lev, 2, 1) == T.FOUNTAIN
    cells = level_to_dict(lev, seed=1)["extras"]["extension_terrain"]
    assert [(c["x"] - x0, c["y"] - y0, c["terrain"]) for c in cells] == \
        [(1, 1, "grass"), (2, 1, "forge")]


def test_a_quoted_map_character_in_terrain_and_init_map():
    lev = level("TERRAIN:(2,2),'g'\n")
    assert typ_at(lev, 2, 2) == T.ROOM
    assert rel(lev, level_to_dict(lev, seed=1)["extras"]["extension_terrain"]) == [(2, 2)]
    c = compile_text('LEVEL:"t"\nINIT_MAP: mines, \'g\', \' \', true, true, lit, false\n',
                     extensions=EXT)
    assert c.tree.levels[0].body.statements[0].fg == "."


def test_a_square_drawn_over_later_leaves_the_declared_terrain():
    lev = level("TERRAIN:(2,2),'g'\nTERRAIN:(2,2),'#'\n")
    assert level_to_dict(lev, seed=1)["extras"]["extension_terrain"] == []


# ------------------------------------------------------------------ doors
def test_door_material_makes_a_door_and_keeps_the_material():
    recs = recorded("DOOR: iron, locked, (6,2)\n")
    assert recs[0]["kind"] == "door" and recs[0]["args"]["material"] == "iron"
    lev = level("DOOR: iron, locked, (6,2)\n")
    assert typ_at(lev, 6, 2) == T.DOOR and flg_at(lev, 6, 2) & D_LOCKED
    kept = level_to_dict(lev, seed=1)["extras"]["extensions"]
    assert kept[0]["name"] == "iron"
    assert kept[0]["args"]["squares"] == [[lev.xstart + 6, lev.ystart + 2]]


def test_combined_door_flags_keep_the_state_and_the_flag():
    lev = level("DOOR: open&irondoor, (6,2)\nDOOR: irondoor, (6,3)\n")
    assert flg_at(lev, 6, 2) == D_ISOPEN
    assert flg_at(lev, 6, 3) == D_CLOSED          # a flag alone: a closed door
    kept = level_to_dict(lev, seed=1)["extras"]["extensions"]
    x0, y0 = lev.xstart, lev.ystart
    assert [(r["name"], r["args"]["squares"]) for r in kept] == \
        [("irondoor", [[x0 + 6, y0 + 2]]), ("irondoor", [[x0 + 6, y0 + 3]])]


def test_a_declared_door_state_is_its_base():
    lev = level("DOOR: ajar, (6,2)\n")
    assert flg_at(lev, 6, 2) == D_ISOPEN
    c = compiled("DOOR: ajar, (6,2)\n")
    assert any(w.code == "extension" and "ajar" in w.message for w in c.warnings)


def test_roomdoor_takes_a_material():
    text = """LEVEL: "t"
ROOM: "ordinary", lit, (1,1), (left,top), (5,3) {
  ROOMDOOR: wooden, false, closed, north, random
}
"""
    recs = run_compiled(compile_text(text, extensions=EXT)).of("extension")
    assert [(r["kind"], r["name"]) for r in recs] == [("door", "wooden")]


# ------------------------------------------------------------------ words
def test_flags_monster_flags_and_object_attributes_reach_the_builder():
    body = ('MONSTER: (\'d\', "jackal"), (2,2), dead\n'
            'OBJECT: (\')\', "long sword"), (3,2), forged_qual: 3, affixed\n')
    text = ROOMY.replace('LEVEL: "t"\n', 'LEVEL: "t"\nFLAGS: noteleport, outdoors\n') + body
    run = run_compiled(compile_text(text, extensions=EXT))
    assert run.of("level")[0]["flags"] == ["noteleport"]
    got = [(r["kind"], r["name"], r["args"].get("value")) for r in run.of("extension")]
    assert got == [("flag", "outdoors", None), ("monster", "dead", 1),
                   ("object", "forged_qual", 3), ("object", "affixed", 1)]
    assert "ext:dead" not in run.of("monster")[0]


def test_a_light_state_is_its_base_and_a_keyword_spelling_is_the_keyword():
    c = compile_text('LEVEL:"t"\nINIT_MAP: mines, \'.\', \' \', true, true, mineslight, false\n'
                     'OBJECT: (\'(\', "chest"), (1,1), ctrapped\n', extensions=EXT)
    init, obj = c.tree.levels[0].body.statements
    assert init.lit == 1 and obj.attrs["trapped"] == 1


# ------------------------------------------------------------------ named syntax
def test_gradient_with_a_comma():
    body = "$g = selection: gradient(radial, (0, 3, limited), (3,3))\n"
    with pytest.raises(DesError):
        compiled(body)
    c = compiled(body, ext={"syntax": ["gradient_comma"]})
    assert c.tree.levels[0].body.statements[-1].value.__class__.__name__ == "SelGradient"


def test_engraving_with_random_text_is_kept():
    recs = recorded("ENGRAVING: (2,2), engrave, random\n", ext={"syntax": ["engraving_random_text"]})
    assert [(r["kind"], r["name"]) for r in recs] == [("engraving", "random text")]


def test_room_coordinates_place_a_room_on_the_level():
    text = 'LEVEL: "t"\nROOM: "ordinary", lit, (40,10), (center,center), (11,5) { }\n'
    with pytest.raises(DesError, match="between 1-5"):
        compile_text(text)
    c = compile_text(text, extensions={"syntax": ["room_coordinates"]})
    lev = build_level(c, seed=1, finish=False)
    r = lev.rooms[0]
    assert (r.lx, r.ly, r.hx, r.hy) == (40 - 5, 10 - 2, 40 - 5 + 10, 10 - 2 + 4)


# ------------------------------------------------------------------ other bases
def test_a_nethack36_profile():
    text = 'MAZE: "t", \' \'\nFLAGS: noteleport, outdoors\nGEOMETRY:center,center\nMAP\n.g.\nENDMAP\n' \
           'FORGE:(0,0)\n'
    c = compile_text(text, dialect="nethack36", extensions=EXT)
    lev = build_level(c, seed=1, finish=False)
    cells = {c["terrain"] for c in level_to_dict(lev, seed=1)["extras"]["extension_terrain"]}
    assert cells == {"grass", "forge"}


def test_a_nethack343_profile_takes_flags_and_coordinate_statements():
    ext = {"flags": ["lethe"], "statements": {"ALTAR_X": {"args": ["coord", "int"]}}}
    text = 'MAZE: "t", \' \'\nFLAGS: noteleport, lethe\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n' \
           'ALTAR_X:(1,0),3\n'
    with pytest.raises(DesError):
        compile_text(text, dialect="nethack343")
    run = run_compiled(compile_text(text, dialect="nethack343", extensions=ext))
    got = [(r["kind"], r["name"]) for r in run.of("extension")]
    assert got == [("flag", "lethe"), ("statement", "ALTAR_X")]


def test_a_shape_the_base_lacks_is_a_profile_error():
    with pytest.raises(ExtensionError, match="does not exist in the nethack343 dialect"):
        compile_text('MAZE: "t", \' \'\n', dialect="nethack343",
                     extensions={"statements": {"X": {"args": ["selection"]}}})


# ------------------------------------------------------------------ the REPL's session
def test_a_fragment_session_takes_the_profile():
    from unlev.lang.level_builder import RecordingBuilder
    from unlev.lang.session import FragmentSession
    from unlev.stdlib.rng import RNG
    b = RecordingBuilder()
    plain = FragmentSession(RecordingBuilder(), RNG(1))
    plain.start()
    with pytest.raises(DesError):
        plain.parse("MAGIC_CHEST:(3,2)")
    s = FragmentSession(b, RNG(1), extensions=EXT)
    s.start()
    s.run(s.parse("MAGIC_CHEST:(3,2)"))
    s.run(s.parse("TERRAIN:(1,1),'g'"))
    assert [(r["kind"], r["name"]) for r in b.of("extension")] == \
        [("statement", "MAGIC_CHEST"), ("terrain", "grass")]
    assert b.of("terrain")[0]["mapchar"].char == "."


def test_auto_skips_a_dialect_the_profile_cannot_extend():
    ext = {"statements": {"FORGE": {"args": ["selection"], "places": "U"}},
           "map_chars": {"U": {"terrain": "forge", "base": "{"}}}
    text = 'MAZE: "t", \' \'\nGEOMETRY:center,center\nMAP\n.U.\nENDMAP\nFORGE:(0,0)\n'
    assert compile_text(text, dialect="auto", extensions=ext).dialect == "nethack36"
    with pytest.raises(ExtensionError):
        compile_text('MAZE: "t", \' \'\nRANDOM_PLACES: (1,1)\n', dialect="auto",
                     extensions={"statements": {"X": {"args": ["selection"]}}})


# ------------------------------------------------------------------ the base stays itself
def _tree_or_error(path, **kw):
    from unlev.lang import ast as A
    try:
        return A.dump(compile_file(path, **kw).tree)
    except DesError as e:
        return "error: " + e.diagnostics[0].message


# the quick tier (the default run) reads NetHack 3.6's corpus with xNetHack's profile, the
# full tier (--full) each pair (~0.7 s each)
@pytest.mark.parametrize("profile, corpus", quick_subset([
    (None, "unnethack"), ("evilhack", "nethack36"), ("xnethack", "nethack36"),
    ("slashem", "nethack343")], {2}, several=True))
def test_a_profile_leaves_the_base_games_files_as_they_read(corpus_root, profile, corpus):
    """The composed grammar adds, never changes: the game's own files read to the same
    tree with the variant's declarations (every kind of them, for UnNetHack)."""
    import json
    from pathlib import Path
    if profile is None:
        ext = EXT
    else:
        doc = Path(__file__).resolve().parent.parent / "docs" / "examples" / "extensions"
        ext = json.loads((doc / f"{profile}.json").read_text())["extensions"]
    files = sorted((corpus_root / corpus).glob("*.des"))
    assert files
    changed = [f.name for f in files
               if _base_tree(str(f), corpus) !=
               _tree_or_error(str(f), dialect=corpus, extensions=ext)]
    assert changed == []


@functools.lru_cache(maxsize=None)
def _base_tree(path, dialect):
    """A base game's file read without extensions, once for the profiles that extend
    that game (evilhack's and xnethack's both read NetHack 3.6's corpus)."""
    return _tree_or_error(path, dialect=dialect)


def test_a_profile_cannot_take_a_base_statement_and_keeps_base_flags():
    with pytest.raises(ExtensionError, match="FOUNTAIN is a keyword of the unnethack dialect"):
        compile_text('LEVEL:"t"\n', dialect="unnethack",
                     extensions={"statements": {"FOUNTAIN": {"args": ["coord"]}}})
    c = compile_text('LEVEL:"t"\nFLAGS: noteleport, outdoors\n', dialect="unnethack",
                     extensions={"flags": ["noteleport", "outdoors"]})
    assert c.tree.levels[0].flags == [("noteleport", 1), ("outdoors", "outdoors")]
