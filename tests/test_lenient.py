"""The lenient mode (compile_file(..., lenient=True)): unknown statements, flags, map
characters and statements the grammar cannot read become warnings (code ``lenient``)
with a visible placeholder, so the rest of the level is made; without it they stay
errors."""

from __future__ import annotations

import pytest

from unlev.generate.build import build_level
from unlev.lang.diagnostics import DesError
from unlev.lang.extensions import counts
from unlev.lang.frontend import compile_text
from unlev.output.export import level_to_dict
from unlev.stdlib import terrain as T
from unlev.stdlib.grid import ROWNO

from evalkit import run_compiled

TEXT = """LEVEL: "t"
FLAGS: noteleport, spooky
INIT_MAP: solidfill, ' '
GEOMETRY: left, top
MAP
-----
|.q.|
-----
ENDMAP
MAGIC_CHEST: (1,1), "gold"
DOOR: iron, locked, (4,1)
TERRAIN: (3,1), 'q'
MESSAGE: "still here"
"""


def lenient(text=TEXT, **kw):
    return compile_text(text, lenient=True, **kw)     # dialect auto: UnNetHack first


def test_without_the_lenient_mode_each_is_an_error():
    with pytest.raises(DesError) as e:
        compile_text(TEXT)
    messages = [d.message for d in e.value.diagnostics if d.severity == "error"]
    assert any("spooky" in m for m in messages)
    assert any("'q'" in m for m in messages)


def test_each_unknown_thing_is_one_warning_saying_what_replaced_it():
    c = lenient()
    said = [w.message for w in c.warnings if w.code == "lenient"]
    assert "unknown flag 'spooky' kept as a placeholder (no effect)" in said
    assert "unknown statement MAGIC_CHEST kept as a placeholder (not run)" in said
    assert "unknown map character 'q' drawn as '.' (a placeholder)" in said
    assert 'syntax error at "iron": the statement was skipped (a placeholder)' in said
    assert counts(c.warnings) == {"flag": 1, "statement": 1, "map": 1, "other": 1}


def test_the_rest_of_the_level_runs_and_the_placeholders_reach_the_builder():
    run = run_compiled(lenient())
    assert run.messages() == ["still here"]
    got = [(r["kind"], r["name"], r["args"].get("raw")) for r in run.of("extension")]
    assert ("unknown statement", "MAGIC_CHEST", '(1,1), "gold"') in got
    assert ("unknown statement", "DOOR", "DOOR: iron, locked, (4,1)") in got
    assert ("flag", "spooky", None) in got


def test_an_unknown_map_character_is_floor_named_in_the_json():
    lev = build_level(lenient(), seed=1, finish=False)
    x0, y0 = lev.xstart, lev.ystart
    assert lev.typ[(x0 + 2) * ROWNO + y0 + 1] == T.ROOM
    cells = level_to_dict(lev, seed=1)["extras"]["extension_terrain"]
    assert [(c["x"] - x0, c["y"] - y0, c["terrain"]) for c in cells] == \
        [(2, 1, "unknown 'q'"), (3, 1, "unknown 'q'")]
    kept = [r["name"] for r in level_to_dict(lev, seed=1)["extras"]["extensions"]]
    assert kept == ["spooky", "MAGIC_CHEST", "DOOR"]


def test_a_profile_declaration_wins_over_the_placeholder():
    c = lenient(extensions={"statements": {"MAGIC_CHEST": {"args": ["coord", "string"]}},
                            "door_materials": ["iron"]})
    said = " ".join(w.message for w in c.warnings if w.code == "lenient")
    assert "MAGIC_CHEST" not in said and "iron" not in said and "spooky" in said


def test_loader_tolerated_errors_are_warnings():
    text = 'LEVEL: "t"\nROOM: "ordinary", lit, (25,3), (center,center), (5,3) { }\n'
    with pytest.raises(DesError, match="between 1-5"):
        compile_text(text)
    c = lenient(text)
    assert [w.message for w in c.warnings if w.code == "lenient"] == \
        ["Room positions should be between 1-5: (25,3)!"]
    assert build_level(c, seed=1, finish=False).rooms


def test_a_quoted_double_quote_is_not_an_unterminated_string():
    """The syntax error after OBJECT:('"',...) is reported where it is (the '"' map
    character once made the hint claim an unterminated string)."""
    text = 'LEVEL: "t"\nOBJECT: (\'"\', "amulet of ESP"), (1,1)\nDOOR: iron, locked, (4,1)\n'
    with pytest.raises(DesError) as e:
        compile_text(text)
    assert e.value.diagnostics[0].message == 'syntax error at "iron"'


def test_auto_prefers_a_dialect_that_reads_the_file_to_placeholders():
    text = 'MAZE: "t", \' \'\nFLAGS: noteleport\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
    assert compile_text(text, dialect="auto", lenient=True).dialect == "nethack36"
    odd = text + "LEVER: (1,0)\n"
    c = compile_text(odd, dialect="auto", lenient=True)
    assert c.dialect == "nethack36" and "read with lenient placeholders" in c.dialect_reason
    assert [w.message for w in c.warnings if w.code == "lenient"] == \
        ["unknown statement LEVER kept as a placeholder (not run)"]


def test_the_errors_say_where_a_variants_words_go():
    with pytest.raises(DesError) as e:
        compile_text('LEVEL: "t"\nMAGIC_CHEST: (1,1)\n', dialect="unnethack")
    assert "declared in its profile (--data), or kept as a placeholder with --lenient" in \
        e.value.diagnostics[0].hint
    with pytest.raises(DesError) as e:
        compile_text(TEXT.replace("FLAGS: noteleport, spooky\n", ""), dialect="unnethack")
    assert "drawn as placeholders with --lenient" in e.value.diagnostics[0].hint
