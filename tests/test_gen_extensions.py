"""tools/gen_extensions.py: a variant's declarations from its lev_comp against its
base's, on a small source tree written here; and the shipped example declarations
(docs/examples/extensions/) load and parse what their variants write."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from unlev.lang.extensions import load
from unlev.lang.frontend import compile_text

from evalkit import run_compiled

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tools"))
import gen_extensions  # noqa: E402

BASE_L = r"""%%
<MAPC>[-|}{+xABCISHKPLWTF\\#. 0123456789]*\r?\n	{ return MAP_ID; }
DOOR		ST_RET(DOOR_ID);
FOUNTAIN	ST_RET(FOUNTAIN_ID);
locked		{ savetoken(yytext); yylval.i=D_LOCKED; return DOOR_STATE; }
trapped     { savetoken(yytext); yylval.i=1; return TRAPPED_STATE; }
lit		{ savetoken(yytext); yylval.i=1; return LIGHT_STATE; }
noteleport	{ savetoken(yytext); yylval.i=NOTELEPORT; return FLAG_TYPE; }
%%
"""
BASE_Y = r"""%%
levstatement : door_detail
	| fountain_detail
	;
door_detail : DOOR_ID ':' door_state ',' ter_selection
	  { add_opvars(splev, "io", VA_PASS2((long)$3, SPO_DOOR)); }
	;
fountain_detail : FOUNTAIN_ID ':' ter_selection
	  { add_opvars(splev, "o", VA_PASS1(SPO_FOUNTAIN)); }
	;
engraving_detail : ENGRAVING_ID ':' coord_or_var ',' engraving_type ',' string_expr
	;
%%
"""
BASE_C = r"""
static int
what_map_char(c)
char c;
{
    switch (c) {
    case '.':
        return ROOM;
    case 'T':
        return TREE;
    }
    return INVALID_TYPE;
}
"""
VAR_L = BASE_L.replace("PLWTF", "PLWTFgw").replace(
    "FOUNTAIN	ST_RET(FOUNTAIN_ID);",
    "FOUNTAIN	ST_RET(FOUNTAIN_ID);\nPUDDLE		ST_RET(PUDDLE_ID);\nLEVER		ST_RET(LEVER_ID);\n"
    "dead		ST_RET(DEAD_ID);\n"
    "iron		{ savetoken(yytext); yylval.i=IRON; return DOOR_MATERIAL; }\n"
    "ctrapped	{ savetoken(yytext); yylval.i=1; return TRAPPED_STATE; }\n"
    "dim		{ savetoken(yytext); yylval.i=2; return LIGHT_STATE; }\n"
    "spooky		{ savetoken(yytext); yylval.i=SPOOKY; return FLAG_TYPE; }")
VAR_Y = BASE_Y.replace("""	| fountain_detail
	;""", """	| fountain_detail
	| puddle_detail
	| lever_detail
	;
puddle_detail : PUDDLE_ID ':' ter_selection
	  { add_opvars(splev, "o", VA_PASS1(SPO_PUDDLE)); }
	;
lever_detail : LEVER_ID ':' coord_or_var ',' string_expr
	  { /* a { brace in a comment } */ add_opvars(splev, "o", VA_PASS1(SPO_LEVER)); }
	;
monster_info : DEAD_ID
	;
engraving_text : string_expr
	| RANDOM_TYPE
	;""").replace("engraving_type ',' string_expr", "engraving_type ',' engraving_text")
VAR_C = BASE_C.replace("""    case 'T':""", """    case 'g':
        return GRASS;
    case 'w':
        return PUDDLE;
    case 'T':""")


def tree(root: Path, lex: str, yacc: str, main: str) -> Path:
    (root / "util").mkdir(parents=True)
    (root / "util" / "lev_comp.l").write_text(lex)
    (root / "util" / "lev_comp.y").write_text(yacc)
    (root / "util" / "lev_main.c").write_text(main)
    return root


@pytest.fixture
def generated(tmp_path):
    base = tree(tmp_path / "base", BASE_L, BASE_Y, BASE_C)
    var = tree(tmp_path / "variant", VAR_L, VAR_Y, VAR_C)
    return gen_extensions.generate(str(var), str(base), "nethack36", "toyhack")


def test_each_kind_of_difference_is_declared(generated):
    ext = generated["extensions"]
    assert (generated["name"], generated["base"]) == ("toyhack", "nethack36")
    assert ext["map_chars"] == {"g": {"terrain": "grass", "base": "."},
                                "w": {"terrain": "puddle", "base": "}"}}
    assert ext["statements"] == {"PUDDLE": {"args": ["selection"], "places": "w"},
                                 "LEVER": {"args": ["coord", "string"]}}
    assert ext["door_materials"] == ["iron"]
    assert ext["flags"] == ["spooky"]
    assert ext["monster_flags"] == ["dead"]
    assert ext["keywords"] == {"ctrapped": "trapped"}
    assert ext["light_states"] == {"dim": {"base": "lit"}}
    assert ext["syntax"] == ["engraving_random_text"]
    assert "map character 'g' (GRASS) drawn as '.'" in generated["generated_from"]["review"]


def test_the_declarations_run_a_variant_level(generated):
    text = ('MAZE: "t", \' \'\nFLAGS: noteleport, spooky\nGEOMETRY:center,center\nMAP\n'
            '.gw.\nENDMAP\nPUDDLE: (0,0)\nLEVER: (1,0), "up"\nDOOR: iron, locked, (3,0)\n')
    run = run_compiled(compile_text(text, dialect="nethack36",
                                    extensions=generated["extensions"]))
    kinds = [(r["kind"], r["name"]) for r in run.of("extension")]
    assert kinds == [("flag", "spooky"), ("terrain", "grass"), ("terrain", "puddle"),
                     ("terrain", "puddle"), ("statement", "LEVER"), ("door", "iron")]


@pytest.mark.parametrize("name, dialect, text", [
    ("evilhack", "nethack36",
     'MAZE: "t", \' \'\nFLAGS: noteleport, rndvault\nGEOMETRY:center,center\nMAP\n.gUtaws.\n'
     'ENDMAP\nMAGIC_CHEST: (0,0)\nFORGE: (1,0)\nDOOR: steel, locked, (7,0)\n'
     'MONSTER: (\'@\', "watchman"), (2,0), dead\n'
     'OBJECT: (\')\', "long sword"), (3,0), forged_qual: 2\nVAULTGEN: 3\nMINDEPTH: 8\n'),
    ("xnethack", "nethack36",
     'MAZE: "t", \' \'\nFLAGS: outdoors\nINIT_MAP: mines, \'.\', \' \', true, true, mineslight, '
     'false\nTREE: (1,1)\nDOOR: locked&irondoor, (5,5)\n'
     '$g = selection: gradient(radial, (0, 3, limited), (5,5))\nTERRAIN: $g, \',\'\n'
     'ENGRAVING: (2,2), engrave, random\nROOM: "ordinary", lit, (37,10), (center,center), '
     '(5,3) { }\n'),
    ("slashem", "nethack343",
     'MAZE: "t", \' \'\nFLAGS: noteleport, lethe, spooky\nGEOMETRY:center,center\nMAP\n.+Z\n'
     'ENDMAP\nDOOR: locked, (1,0), "The Key of Law"\n'),
])
def test_the_shipped_examples_parse_their_variants(name, dialect, text):
    doc = json.loads((REPO / "docs" / "examples" / "extensions" / f"{name}.json").read_text())
    assert doc["name"] == name and doc["base"] == dialect
    load(doc["extensions"])
    c = compile_text(text, dialect=dialect, extensions=doc["extensions"])
    assert c.tree.levels and not [w for w in c.warnings if w.code == "lenient"]
