"""``unlev data import`` on what variants really write (issue 30): monster macros with
other fields, an enum class count under another name, a shop struct with an extra
field, UnNetHack 3.5-style and Lua-era trees as bases, and failures that name the file
and the construct instead of showing Python's words.

The source trees are tests/fixtures/variant-src: ``widehack`` (written for these tests,
laid over ``toyhack``: only the files it changes) and trees made in tmp_path.  The
numbers are worked out by hand from the fixture's C text.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from unlev.stdlib import profiles

REPO = Path(__file__).resolve().parent.parent
FIXTURE = REPO / "tests" / "fixtures" / "variant-src"
TOY = FIXTURE / "toyhack"
WIDE = FIXTURE / "widehack"


@pytest.fixture(scope="module")
def wide_tables():
    from unlev.tools.data.importer import import_tables
    return import_tables([WIDE, TOY], "nethack36")


def _mon(tables, name):
    return next(m for m in tables["monsters"]["monsters"] if m["name"] == name)


def test_monster_fields_are_read_by_parameter_name(wide_tables):
    tables, warnings = wide_tables
    rat = _mon(tables, "sewer rat")
    # MON has four flag words of its own names in place of flg1..flg3: kept as they are
    assert rat["extra_fields"] == {"fmove": 1, "fbody": 2, "fmind": 3, "fsense": 4}
    assert rat["mflags1"] == rat["mflags2"] == rat["mflags3"] == 0
    assert rat["color"] == "CLR_BROWN" and rat["frequency"] == 1
    assert any("has no flg1/flg2/flg3" in w and "fmove" in w for w in warnings)
    # a weight written 20 * 1.5 is 30, as C stores it in an int field
    assert rat["weight"] == 30


def test_split_armour_class_rows_are_read_as_the_compiler_expands_them(wide_tables):
    tables, _w = wide_tables
    # LVL(0, 12, 7, ...): NAT_AC(7) -> nac 3; 10 - (3 + 0 + 0) = 7
    assert _mon(tables, "sewer rat")["ac"] == 7
    # LVL_DODGE(9, 12, 2, 0, -3): DODGE_AC(2) -> dac 8; 10 - 8 = 2; the level is 9
    troll = _mon(tables, "bog troll")
    assert (troll["level"], troll["ac"], troll["alignment"]) == (9, 2, -3)
    # LVL_PARTS passes AC_PARTS(2, 3, 1) through: 10 - (2 + 3 + 1) = 4
    newt = _mon(tables, "ember newt")
    assert (newt["level"], newt["move"], newt["ac"]) == (1, 6, 4)


def test_an_attack_macro_of_another_name_is_an_attack_list(wide_tables):
    troll = _mon(wide_tables[0], "bog troll")
    assert [a["type"] for a in troll["attacks"]] == ["AT_WEAP", "AT_CLAW", "AT_BITE"]
    # mstrength(): level 9; AT_WEAP ranged +1, ac < 4 +1, three attacks +3, weapon
    # attack of a monster without M2_STRONG 0, AD_COLD +1, 4d6 > 23 +1: n = 7 -> 9 + 3
    assert troll["difficulty"] == 12


def test_the_class_count_of_an_enum_named_otherwise(wide_tables):
    classes = wide_tables[0]["monsters"]["classes"]
    # enum { S_RODENT = 1, ..., S_WORM_TAIL, MAX_MONSTER_CLASSES }: classes 1..4
    assert [c["name"] for c in classes] == ["S_RODENT", "S_TROLL", "S_LIZARD", "S_WORM_TAIL"]


def test_shop_rows_are_read_by_struct_field_name(wide_tables):
    shops = wide_tables[0]["shops"]
    assert [s["name"] for s in shops["shops"]] == ["ring and gem dealer"]
    shop = shops["shops"][0]
    assert shop["class"] == "=" and shop["prob"] == 100
    assert shop["stock"] == [{"prob": 70, "class": "="}, {"prob": 30, "class": "*"}]
    assert shops["shopkeeper_names"] == {"shkrings": ["Ashby", "Cinderford"]}


def _tree(tmp_path, files):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return tmp_path


def test_a_row_of_the_wrong_shape_is_one_error_naming_file_and_construct(tmp_path):
    src = tmp_path / "bad"
    shutil.copytree(TOY, src)
    monst = src / "src" / "monst.c"
    monst.write_text(monst.read_text().replace(
        "M2_HOSTILE, M3_INFRAVISIBLE, CLR_BROWN),", "M2_HOSTILE, CLR_BROWN),", 1))
    r = subprocess.run([sys.executable, "-m", "unlev", "data", "import", str(src),
                        "--name", "bad", "--out", str(tmp_path / "out")],
                       capture_output=True, text=True)
    assert r.returncode == 1
    errors = [l for l in r.stderr.splitlines() if "error" in l]
    # (the line number is cpre's, which counts a #define's continuation lines as one)
    assert len(errors) == 1 and re.fullmatch(
        r"unlev data: error: monst\.c:1[01]: MON\(\.\.\.\): expected 12 arguments, got 11",
        errors[0]), r.stderr
    assert "Traceback" not in r.stderr


def test_a_missing_class_count_is_the_symbol_tables_length_or_one_error(tmp_path):
    src = tmp_path / "nocount"
    shutil.copytree(TOY, src)
    (src / "include" / "monsym.h").write_text(
        "#define S_RODENT 1\n#define S_TROLL 2\n#define S_LIZARD 3\n#define S_WORM_TAIL 4\n")
    from unlev.tools.data.importer import SourceError, import_tables
    tables, warnings = import_tables([src], "nethack36")
    assert len(tables["monsters"]["classes"]) == 4        # def_monsyms[5]: 1..4
    assert ("include/monsym.h: none of MAXMCLASSES, MAX_MONSTER_CLASSES is defined; the "
            "class count is drawing.c's def_monsyms[] length (5)") in warnings
    (src / "src" / "drawing.c").write_text(
        (TOY / "src" / "drawing.c").read_text().replace("def_monsyms", "other_monsyms"))
    with pytest.raises(SourceError) as e:
        import_tables([src], "nethack36")
    assert str(e.value) == "src/drawing.c: no initializer for array 'def_monsyms'"


def test_a_shop_table_of_another_shape_is_a_warning_in_words(tmp_path):
    src = _tree(tmp_path / "oddshop", {"src/shknam.c": (
        "const struct shclass shtypes[] = {\n"
        "    { \"odd shop\", RING_CLASS, 100, D_SHOP, 7, 0 },\n"
        "    { (char *) 0, 0, 0, 0, 0, 0 }\n};\n")})
    from unlev.tools.data.importer import import_tables
    tables, warnings = import_tables([src, TOY], "nethack36")
    assert "shops" not in tables
    shop = [w for w in warnings if w.startswith("no shops table")]
    assert shop == ["no shops table: shknam.c: shtypes[] row 'odd shop': no {prob, type} "
                    "pairs where struct shclass has iprobs"]


def test_a_missing_optional_array_is_said_without_repr_quotes(wide_tables):
    warnings = wide_tables[1]
    assert "no epitaphs table: src/engrave.c is required (epitaphs)" in warnings
    assert not any('"' in w and "initializer" in w for w in warnings)


LEV_COMP_35 = """%token <i> MONSTER_ID INCLUDE_ID SPILL_ID IF_ID
%%
monster_detail : MONSTER_ID chance ':' monster_desc
               ;
"""
LEV_COMP_5 = LEV_COMP_35.replace("MONSTER_ID chance ':'", "MONSTER_ID ':'")


@pytest.mark.parametrize("text,base", [
    (LEV_COMP_35, "unnethack35"),
    (LEV_COMP_5, "unnethack"),
    (LEV_COMP_35.replace("INCLUDE_ID ", ""), "unnethack352"),
    (LEV_COMP_35 + "if_stmt : IF_ID chance THEN_ID ;\n", "unnethack351"),
    ("%token <i> IF_ID MAZE_ID\n%%\n", "nethack36"),
    ("%token <i> MAZE_ID\n%%\n", "nethack343"),
])
def test_the_base_dialect_of_a_lev_comp(tmp_path, text, base):
    from unlev.tools.data.command import detect_base
    _tree(tmp_path, {"util/lev_comp.y": text})
    assert detect_base([tmp_path]) == base


def test_without_lev_comp_the_des_files_tell_the_base(tmp_path):
    """A NetHack 3.7-based tree: Lua levels, its 3.6 des-files kept, no lev_comp.y."""
    from unlev.tools.data.command import detect_base, detect_base_from_levels
    _tree(tmp_path, {
        "dat/a.des": 'MAZE: "a", \' \'\nFLAGS: noteleport, noflip\n',
        "dat/b.des": 'MAZE: "b", random\n',
        "dat/c.des": 'LEVEL: "c"\nROOM: "ordinary", random, random, random, random {\n}\n',
        "dat/a.lua": 'des.level_init({ style = "solidfill" })\n'})
    assert detect_base([tmp_path]) is None
    # c.des has nothing of one dialect in particular: it does not vote
    assert detect_base_from_levels([tmp_path]) == ("nethack36", 2, 3)


def test_every_dialect_is_a_base_and_profile_base(tmp_path):
    from unlev.lang.dialect import DIALECTS
    from unlev.tools.data.command import BASE_DIALECTS
    assert set(BASE_DIALECTS) == set(DIALECTS)
    assert set(profiles.BASES) == set(DIALECTS)
    r = subprocess.run([sys.executable, "-m", "unlev", "data", "--help"],
                       capture_output=True, text=True)
    assert "unnethack35" in r.stdout and "unnethack351" in r.stdout


def test_a_3_5_based_import_declares_no_keyword_of_its_base(tmp_path):
    """UnNetHack 3.5's FLAGS, LEVEL, INIT_MAP differ in shape from today's digest;
    declaring them made every read with the profile fail."""
    from unlev.tools.data.command import _drop_base_words
    generated = {"extensions": {"statements": {"FLAGS": {"args": ["raw"]},
                                               "EMBER": {"args": ["selection"]}}},
                 "generated_from": {"review": ["statement FLAGS: arguments ['flag_list'] "
                                               "have no shape; declared raw"]}}
    _drop_base_words(generated, "unnethack35")
    assert generated["extensions"]["statements"] == {"EMBER": {"args": ["selection"]}}
    assert generated["generated_from"]["review"] == [
        "statement FLAGS: a keyword of the unnethack35 dialect already; not declared"]


def test_a_profile_on_unnethack35_reads_its_files(tmp_path):
    from unlev.lang.frontend import compile_text
    from unlev.stdlib import profiles as P
    out = tmp_path / "oldun"
    shutil.copytree(P.builtin("unnethack").path, out,
                    ignore=shutil.ignore_patterns("nethack36", "nethack343", "*.py"))
    (out / "profile.json").write_text('{"name": "oldun", "base": "unnethack35", '
                                      '"extensions": {}}')
    prof = P.load(out)
    assert prof.base == "unnethack35"
    c = compile_text('LEVEL: "x"\nMONSTER[50%]: (\'d\', "jackal"), random\n',
                     dialect="auto", data=prof)
    assert c.dialect == "unnethack35"


def test_import_and_show_count_alike(tmp_path):
    out = tmp_path / "toy"
    r = subprocess.run([sys.executable, "-m", "unlev", "data", "import", str(TOY),
                        "--name", "toy", "--out", str(out)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    s = subprocess.run([sys.executable, "-m", "unlev", "data", "show", str(out)],
                       capture_output=True, text=True)
    for kind in ("monsters", "objects"):
        line = next(l for l in s.stdout.splitlines() if l.startswith(kind + ":"))
        count = line.split(":", 1)[1].strip()
        assert f"{count.split(' ', 1)[0]} {kind}" + (
            " " + count.split(" ", 1)[1] if " " in count else "") in r.stdout, (line, r.stdout)


def test_a_tree_with_lev_comp_l_but_no_lev_comp_y_declares_its_lexers_words(tmp_path):
    """SpliceHack on NetHack 3.7 kept util/lev_comp.l and lev_main.c, not lev_comp.y:
    its flags (noflip there, smoky here) are declared, statements are not."""
    from unlev.tools.data.declarations import generate
    for f in ("lev_comp.l", "lev_main.c"):
        (tmp_path / "util").mkdir(exist_ok=True)
        shutil.copy(TOY / "util" / f, tmp_path / "util" / f)
    g = generate([tmp_path], [FIXTURE / "base"], "nethack36", "toy", lexer_only=True)
    assert g["extensions"]["flags"] == ["smoky"]
    assert "statements" not in g["extensions"]
    assert g["extensions"]["map_chars"] == {"e": {"terrain": "ember", "base": "."}}
    assert any(r.startswith("no util/lev_comp.y") for r in g["generated_from"]["review"])


def test_room_positions_checked_against_the_map_are_real_coordinates(tmp_path):
    """dNetHack's lev_comp says "Room position should be in map bounds!" where 3.4.3
    says "between 1 & 5" (and its create_room() takes xabs = xtmp): room_coordinates."""
    from unlev.tools.data.declarations import generate
    shutil.copytree(TOY / "util", tmp_path / "util")
    y = tmp_path / "util" / "lev_comp.y"
    y.write_text(y.read_text() + '\n/* yyerror("Room position should be in map bounds!"); */\n')
    g = generate([tmp_path], [FIXTURE / "base"], "nethack36", "toy")
    assert g["extensions"]["syntax"] == ["room_coordinates"]


def test_room_coordinates_in_a_3_4_3_based_variant(tmp_path):
    """dNetHack's des-files are 3.4.3's language with ROOM positions as squares."""
    from unlev.generate.build import build_level
    from unlev.lang.diagnostics import DesError
    from unlev.lang.frontend import compile_text
    out = tmp_path / "d343"
    shutil.copytree(profiles.builtin("nethack343").path, out)
    (out / "profile.json").write_text(
        '{"name": "d343", "base": "nethack343", "extensions": {"syntax": ["room_coordinates"]}}')
    text = ('LEVEL: "oracle"\nROOM: "ordinary" , lit, (40,10), (center,center), (11,9)\n'
            'ROOM: "ordinary" , random, random, random, random\n'
            'RANDOM_CORRIDORS\n')
    with pytest.raises(DesError):
        compile_text(text, dialect="nethack343")
    c = compile_text(text, dialect="nethack343", data=str(out))
    level = build_level(c, seed=1)
    big = next(r for r in level.rooms if (r.hx - r.lx + 1, r.hy - r.ly + 1) == (11, 9))
    assert (big.lx + big.hx) // 2 == 40 and (big.ly + big.hy) // 2 == 10
