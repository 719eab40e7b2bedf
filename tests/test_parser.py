"""The des-file front end, part 1: file structure, variables, expressions, flow control.

Every test parses a small example and states the shape of the tree it must give
(node types and field values); see test_parser_statements.py for the level statements,
test_parser_errors.py for malformed input and test_cli_check.py for the command line.
"""

from __future__ import annotations

import pytest

from unlev.lang import ast as A
from unlev.lang.lexer import LEVEL_FLAGS

from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file

from parsekit import (S, all_nodes, assign, at, compile_ok, compile_path_ok, find, src,
                      statements, stmt, time_limit, value)


# ====================================================================== INCLUDE
def _write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(src(text), encoding="latin-1")
    return path


def test_include_functions_from_a_relative_path(tmp_path):
    _write(tmp_path / "lib" / "funcs.des", """
        FUNCTION treasure($n:int) {
          GOLD: $n, (1,1)
        }
    """)
    main = _write(tmp_path / "main.des", """
        INCLUDE "lib/funcs.des"
        LEVEL:"main"
        NOMAP
        treasure(5)
    """)
    tree = compile_path_ok(main).tree
    (inc,) = tree.header
    assert isinstance(inc, A.Include)
    assert inc.path == "lib/funcs.des"
    assert inc.resolved is not None and inc.resolved.endswith("funcs.des")
    assert (inc.span.line, inc.span.col) == (1, 1)
    included = getattr(inc, "tree")
    assert [type(n).__name__ for n in included.header] == ["FunctionDef"]
    assert included.header[0].name == "treasure"
    call = tree.levels[0].body.statements[-1]
    assert call == A.FunctionCall(S, "treasure", [A.Int(S, 5)])


def test_include_is_relative_to_the_including_file(tmp_path):
    # sub/a.des includes "b.des": that is sub/b.des, not the b.des beside main.des.
    _write(tmp_path / "sub" / "a.des", 'INCLUDE "b.des"\n')
    _write(tmp_path / "sub" / "b.des", "FUNCTION from_sub() { EXIT }\n")
    _write(tmp_path / "b.des", "FUNCTION from_top() { EXIT }\n")
    main = _write(tmp_path / "main.des", """
        INCLUDE "sub/a.des"
        LEVEL:"main"
        from_sub()
    """)
    tree = compile_path_ok(main).tree
    inner = getattr(getattr(tree.header[0], "tree").header[0], "tree")
    assert [f.name for f in inner.header] == ["from_sub"]


def test_included_levels_become_levels_of_the_file(tmp_path):
    _write(tmp_path / "more.des", """
        LEVEL:"inc"
        NOMAP
        GOLD:1,(1,1)
    """)
    main = _write(tmp_path / "main.des", """
        INCLUDE "more.des"
        LEVEL:"main"
        NOMAP
    """)
    tree = compile_path_ok(main).tree
    assert [lv.name for lv in tree.levels] == ["inc", "main"]


def test_include_missing_file(tmp_path):
    main = _write(tmp_path / "main.des", 'INCLUDE "nowhere.des"\nLEVEL:"x"\n')
    with pytest.raises(DesError) as info:
        compile_file(str(main))
    d = find(info.value.diagnostics, "Cannot open file for including")
    assert "nowhere.des" in d.message
    assert d.span.file == str(main) and at(d) == (1, 1)


@pytest.mark.parametrize("layout", ["self", "pair"])
def test_include_cycle(tmp_path, layout):
    if layout == "self":
        main = _write(tmp_path / "main.des", 'INCLUDE "main.des"\nLEVEL:"x"\n')
        where = main
    else:
        _write(tmp_path / "a.des", 'INCLUDE "b.des"\n')
        where = _write(tmp_path / "b.des", 'INCLUDE "a.des"\n')
        main = _write(tmp_path / "main.des", 'INCLUDE "a.des"\nLEVEL:"x"\n')
    with pytest.raises(DesError) as info:
        with time_limit(10):
            compile_file(str(main))
    d = find(info.value.diagnostics, "include cycle")
    assert d.span.file.endswith(where.name) and at(d) == (1, 1)


# ====================================================================== FUNCTION
def test_function_definitions_with_typed_parameters():
    tree = compile_ok("""
        FUNCTION f($a:int, $b:string, $c:integer, $d:str) {
          MESSAGE: $b . $d
          GOLD: $a + $c, (1,1)
        }
        FUNCTION nothing() { EXIT }
        LEVEL:"t"
        NOMAP
    """).tree
    f, g = tree.header
    assert isinstance(f, A.FunctionDef) and f.name == "f"
    assert f.params == [("$a", "int"), ("$b", "string"), ("$c", "int"), ("$d", "string")]
    assert f.body.statements == [
        A.Message(S, A.Concat(S, A.Var(S, "$b", "string"), A.Var(S, "$d", "string"))),
        A.Gold(S, A.BinOp(S, "+", A.Var(S, "$a", "int"), A.Var(S, "$c", "int")),
               A.CoordLit(S, 1, 1)),
    ]
    assert g == A.FunctionDef(S, "nothing", [], A.Block(S, [A.Exit(S)]))
    assert (f.span.line, f.span.col) == (1, 1)


def test_function_calls_with_every_kind_of_argument():
    stmts = statements("""
        FUNCTION f($n:int, $s:string) { EXIT }
        FUNCTION g() { EXIT }
        $i = 2
        f(1, "a")
        f($i * 3, "x" . hero.role)
        g()
    """)
    fdef, gdef, _i, c1, c2, c3 = stmts
    assert isinstance(fdef, A.FunctionDef) and isinstance(gdef, A.FunctionDef)  # a FUNCTION may also be defined in a level
    assert c1 == A.FunctionCall(S, "f", [A.Int(S, 1), A.Str(S, "a")])
    assert c2 == A.FunctionCall(S, "f", [
        A.BinOp(S, "*", A.Var(S, "$i", "int"), A.Int(S, 3)),
        A.Concat(S, A.Str(S, "x"), A.CoreCall(S, "hero.role", [], "s"))])
    assert c3 == A.FunctionCall(S, "g", [])
    assert (c2.span.line, c2.span.col) == (7, 1)


def test_function_body_has_its_own_variables():
    # The body cannot see $outer, and its $outer (a string) does not clash with the
    # level's integer $outer.
    stmts = statements("""
        $outer = 1
        FUNCTION f() { $outer = "text" }
        $after = $outer + 1
    """)
    assert stmts[0].vtype == "int"
    assert stmts[1].body.statements[0].vtype == "string"
    assert stmts[2].value == A.BinOp(S, "+", A.Var(S, "$outer", "int"), A.Int(S, 1))


# ====================================================================== LEVEL, FLAGS
def test_level_and_several_flags():
    tree = compile_ok("""
        LEVEL:"one"
        FLAGS:noteleport,hardfloor,mazelevel,premapped
        NOMAP
        LEVEL:"two"
        NOMAP
    """).tree
    one, two = tree.levels
    assert one.name == "one" and two.name == "two"
    assert one.flags == [("noteleport", LEVEL_FLAGS["noteleport"]), ("hardfloor", 0x2),
                         ("mazelevel", 0x80), ("premapped", 0x100)]
    assert two.flags == []
    assert (one.span.line, two.span.line) == (1, 4)
    assert one.body.statements == [A.MapStmt(S)]


@pytest.mark.parametrize("flag", sorted(LEVEL_FLAGS))
def test_every_level_flag(flag):
    tree = compile_ok(f'LEVEL:"t"\nFLAGS:{flag}\nNOMAP\n').tree
    assert tree.levels[0].flags == [(flag, LEVEL_FLAGS[flag])]


def test_variables_do_not_outlive_their_level():
    tree = compile_ok("""
        LEVEL:"a"
        $x = 1
        LEVEL:"b"
        $x = "now a string"
    """).tree
    assert tree.levels[1].body.statements[0].vtype == "string"


# ====================================================================== INIT_MAP
@pytest.mark.parametrize("text, expected", [
    ("INIT_MAP:solidfill,' '", A.InitMap(S, "solidfill", fill=A.MapChar(S, " ", -2))),
    ("INIT_MAP: solidfill, ('T', lit)", A.InitMap(S, "solidfill", fill=A.MapChar(S, "T", 1))),
    ("INIT_MAP:mazegrid,'-'", A.InitMap(S, "mazegrid", fill=A.MapChar(S, "-", -2))),
    ("INIT_MAP:mines,'.',' ',true,true,random,true",
     A.InitMap(S, "mines", fg=".", bg=" ", smoothed=True, joined=True, lit=-1, walled=1)),
    ("INIT_MAP:mines,'#','-',false,false,lit,random,'L'",
     A.InitMap(S, "mines", fg="#", bg="-", smoothed=False, joined=False, lit=1, walled=-1,
               fillchar="L")),
    ("INIT_MAP:rogue", A.InitMap(S, "rogue")),
    ("INIT_MAP:sheollev", A.InitMap(S, "sheollev")),
])
def test_init_map(text, expected):
    assert stmt(text, A.InitMap, prelude="") == expected


# ====================================================================== MESSAGE
def test_message_with_concatenation():
    node = stmt('MESSAGE: "a" . "b" . $s', A.Message, prelude='$s = "c"')
    assert node.text == A.Concat(S, A.Concat(S, A.Str(S, "a"), A.Str(S, "b")),
                                 A.Var(S, "$s", "string"))
    assert (node.span.line, node.span.col) == (3, 1)


def test_message_of_a_core_function_and_an_array_element():
    node = stmt('MESSAGE: str(3) . $a[1]', A.Message, prelude='$a = { "x", "y" }')
    assert node.text == A.Concat(
        S, A.CoreCall(S, "str", [A.Int(S, 3)], "s"),
        A.Index(S, A.Var(S, "$a", "string", True), A.Int(S, 1)))


# ====================================================================== GEOMETRY / MAP
@pytest.mark.parametrize("h, hv", [("left", 1), ("half-left", 2), ("center", 3),
                                   ("half-right", 4), ("right", 5)])
@pytest.mark.parametrize("v, vv", [("top", 1), ("center", 3), ("bottom", 5)])
def test_geometry_alignment_words(h, hv, v, vv):
    node = stmt(f"GEOMETRY:{h},{v}\nMAP\n..\nENDMAP\n", A.MapStmt, prelude="")
    assert (node.halign, node.valign, node.coord, node.keep_region) == (hv, vv, None, 1)
    assert node.lines == [".."]


def test_geometry_optional_boolean():
    off = stmt("GEOMETRY:center,center,false\nMAP\n.\nENDMAP\n", A.MapStmt, prelude="")
    on = stmt("GEOMETRY:(3,4),true\nMAP\n.\nENDMAP\n", A.MapStmt, prelude="")
    assert off.keep_region == 0
    assert on.keep_region == 1 and on.coord == A.CoordLit(S, 3, 4)


def test_geometry_coordinate_forms():
    lit, var = statements("""
        GEOMETRY:(10,5)
        MAP
        .
        ENDMAP
        $place = (2,3)
        GEOMETRY:$place
        MAP
        .
        ENDMAP
    """, prelude="")[0::2]
    assert lit.coord == A.CoordLit(S, 10, 5) and lit.halign is None and lit.valign is None
    assert var.coord == A.Var(S, "$place", "coord")


def test_map_lines_digits_stripped_and_first_line():
    node = stmt("""
        GEOMETRY:center,center
        MAP
        0123
        |..|1
        2-..-
        ENDMAP
    """, A.MapStmt, prelude="")
    # lev_comp drops digits (line numbering) from MAP rows; the first row is left empty.
    assert node.lines == ["", "|..|", "-..-"]
    assert node.first_line == 4
    assert (node.span.line, node.span.col) == (2, 1)


def test_map_after_indented_comment_and_trailing_statements():
    stmts = statements("""
        GEOMETRY:left,top
        MAP
        ---
        |.|
        ---
        ENDMAP
          # a comment line, indented
        GOLD:1,(1,1)
    """, prelude="")
    assert [type(s).__name__ for s in stmts] == ["MapStmt", "Gold"]
    assert stmts[0].lines == ["---", "|.|", "---"]
    assert stmts[1].span.line == 9


def test_nomap():
    assert stmt("NOMAP", A.MapStmt, prelude="") == A.MapStmt(S)


# ====================================================================== variables
@pytest.mark.parametrize("rhs, vtype, expected", [
    ("5", "int", A.Int(S, 5)),
    ('"str"', "string", A.Str(S, "str")),
    ("(40,12)", "coord", A.CoordLit(S, 40, 12)),
    ("random", "coord", A.RandomCoord(S, 0)),
    ("(5,5,40,12)", "region", A.RegionLit(S, 5, 5, 40, 12)),
    ("terrain:'T'", "mapchar", A.MapChar(S, "T", -2)),
    ("TERRAIN:('.', lit)", "mapchar", A.MapChar(S, ".", 1)),
    ("monster:'d'", "monster", A.MonsterSpec(S, "d", None)),
    ('monster:"little dog"', "monster", A.MonsterSpec(S, None, "little dog")),
    ("MONSTER:('d', \"jackal\")", "monster", A.MonsterSpec(S, "d", "jackal")),
    ("monster:random", "monster", A.MonsterSpec(S, None, None)),
    ("object:'/'", "object", A.ObjectSpec(S, "/", None)),
    ('obj:"elven cloak"', "object", A.ObjectSpec(S, None, "elven cloak")),
    ("OBJECT:('?', \"identify\")", "object", A.ObjectSpec(S, "?", "identify")),
    ("selection:(55,12)", "selection", A.SelCoord(S, A.CoordLit(S, 55, 12))),
])
def test_variables_of_every_type(rhs, vtype, expected):
    node = assign(rhs)
    assert (node.name, node.vtype, node.is_array) == ("$v", vtype, False)
    assert node.value == expected


@pytest.mark.parametrize("rhs, vtype, items", [
    ("{ 1, 2, 3 }", "int", [A.Int(S, 1), A.Int(S, 2), A.Int(S, 3)]),
    ('{ "a", "b" }', "string", [A.Str(S, "a"), A.Str(S, "b")]),
    ("{ (1,2), (40,12) }", "coord", [A.CoordLit(S, 1, 2), A.CoordLit(S, 40, 12)]),
    ("{ (5,5,40,12), (1,1,20,18) }", "region",
     [A.RegionLit(S, 5, 5, 40, 12), A.RegionLit(S, 1, 1, 20, 18)]),
    ("terrain: { 'T', 'L', ('.', unlit) }", "mapchar",
     [A.MapChar(S, "T", -2), A.MapChar(S, "L", -2), A.MapChar(S, ".", 0)]),
    ("monster: { 'n', \"newt\", ('d', \"little dog\") }", "monster",
     [A.MonsterSpec(S, "n", None), A.MonsterSpec(S, None, "newt"),
      A.MonsterSpec(S, "d", "little dog")]),
    ("object: { '/', \"elven cloak\", ('?', \"identify\") }", "object",
     [A.ObjectSpec(S, "/", None), A.ObjectSpec(S, None, "elven cloak"),
      A.ObjectSpec(S, "?", "identify")]),
])
def test_arrays_of_every_type(rhs, vtype, items):
    node = assign(rhs)
    assert (node.vtype, node.is_array) == (vtype, True)
    assert node.value == A.ArrayLit(S, vtype, items)


def test_copying_variables_keeps_their_type():
    stmts = statements("""
        $i = 1
        $s = "a"
        $c = (1,1)
        $r = (1,1,2,2)
        $t = terrain:'L'
        $m = monster:'d'
        $o = object:'('
        $l = selection: fillrect(1,1,3,3)
        $i2 = $i
        $s2 = $s
        $c2 = $c
        $r2 = $r
        $t2 = terrain: $t
        $m2 = monster: $m
        $o2 = object: $o
        $l2 = selection: $l
    """)
    copies = stmts[8:]
    assert [(n.name, n.vtype) for n in copies] == [
        ("$i2", "int"), ("$s2", "string"), ("$c2", "coord"), ("$r2", "region"),
        ("$t2", "mapchar"), ("$m2", "monster"), ("$o2", "object"), ("$l2", "selection")]
    assert [n.value for n in copies] == [
        A.Var(S, "$i", "int"), A.Var(S, "$s", "string"), A.Var(S, "$c", "coord"),
        A.Var(S, "$r", "region"), A.Var(S, "$t", "mapchar"), A.Var(S, "$m", "monster"),
        A.Var(S, "$o", "object"), A.Var(S, "$l", "selection")]


def test_indexing_every_array_type():
    stmts = statements("""
        $ci = { (1,1), (2,2) }
        $ri = { (1,1,2,2) }
        $ti = terrain: { 'T', 'L' }
        $mi = monster: { 'd' }
        $oi = object: { '(' }
        $ii = { 4, 5 }
        GOLD: $ii[1], $ci[$ii[0]]
        NON_DIGGABLE: $ri[0]
        TERRAIN: (1,1), $ti[1]
        MONSTER: $mi[0], (1,1)
        OBJECT: $oi[0], (1,1)
    """)
    gold, nd, ter, mon, obj = stmts[6:]
    ii = A.Var(S, "$ii", "int", True)
    assert gold.amount == A.Index(S, ii, A.Int(S, 1))
    assert gold.coord == A.Index(S, A.Var(S, "$ci", "coord", True), A.Index(S, ii, A.Int(S, 0)))
    assert nd.region == A.Index(S, A.Var(S, "$ri", "region", True), A.Int(S, 0))
    assert ter.mapchar == A.Index(S, A.Var(S, "$ti", "mapchar", True), A.Int(S, 1))
    assert mon.spec == A.Index(S, A.Var(S, "$mi", "monster", True), A.Int(S, 0))
    assert obj.spec == A.Index(S, A.Var(S, "$oi", "object", True), A.Int(S, 0))


def test_methods_length_x_y():
    node = value("$a.length + $c.x * $c.y + $m.length", setup="""
        $a = { 1, 2, 3 }
        $c = (4, 10)
        $m = monster: { 'd', 'T' }
    """)
    a = A.Var(S, "$a", "int", True)
    c = A.Var(S, "$c", "coord")
    assert node == A.BinOp(
        S, "+",
        A.BinOp(S, "+", A.Method(S, a, "length"),
                A.BinOp(S, "*", A.Method(S, c, "x"), A.Method(S, c, "y"))),
        A.Method(S, A.Var(S, "$m", "monster", True), "length"))


# ====================================================================== math
def I(n):  # noqa: E743 - short for the expected trees below
    return A.Int(S, n)


@pytest.mark.parametrize("text, expected", [
    ("1 + 2 * 3", A.BinOp(S, "+", I(1), A.BinOp(S, "*", I(2), I(3)))),
    ("(1 + 2) * 3", A.BinOp(S, "*", A.BinOp(S, "+", I(1), I(2)), I(3))),
    ("1 - 2 - 3", A.BinOp(S, "-", A.BinOp(S, "-", I(1), I(2)), I(3))),
    ("10 / 2 % 3", A.BinOp(S, "%", A.BinOp(S, "/", I(10), I(2)), I(3))),
    ("8 - 6 / 2", A.BinOp(S, "-", I(8), A.BinOp(S, "/", I(6), I(2)))),
    ("2d6", A.Dice(S, 2, 6)),
    ("3d6 * (2 + 3)", A.BinOp(S, "*", A.Dice(S, 3, 6), A.BinOp(S, "+", I(2), I(3)))),
    ("400 + 10d100", A.BinOp(S, "+", I(400), A.Dice(S, 10, 100))),
    ("(-1) * (-3)", A.BinOp(S, "*", I(-1), I(-3))),
    ("((7))", I(7)),
    ("rnd(5) + level.depth", A.BinOp(S, "+", A.CoreCall(S, "rnd", [I(5)], "i"),
                                     A.CoreCall(S, "level.depth", [], "i"))),
])
def test_math_expressions(text, expected):
    assert value(text) == expected


def test_binop_span_is_the_operator():
    node = value("1 + 2 * 3")
    assert (node.span.line, node.span.col) == (3, 8)
    assert (node.right.span.line, node.right.span.col) == (3, 12)


# ====================================================================== core functions
@pytest.mark.parametrize("text, vtype, expected", [
    ("rnd(10)", "int", A.CoreCall(S, "rnd", [I(10)], "i")),
    ("level.depth", "int", A.CoreCall(S, "level.depth", [], "i")),
    ("level.difficulty", "int", A.CoreCall(S, "level.difficulty", [], "i")),
    ("hero.role", "string", A.CoreCall(S, "hero.role", [], "s")),
    ("hero.race", "string", A.CoreCall(S, "hero.race", [], "s")),
    ("hero.name", "string", A.CoreCall(S, "hero.name", [], "s")),
    ("str(42)", "string", A.CoreCall(S, "str", [I(42)], "s")),
    ("string(1 + 1)", "string", A.CoreCall(S, "string", [A.BinOp(S, "+", I(1), I(1))], "s")),
    ('int("12")', "int", A.CoreCall(S, "int", [A.Str(S, "12")], "i")),
    ('integer("3")', "int", A.CoreCall(S, "integer", [A.Str(S, "3")], "i")),
    ("coord(3, 4)", "coord", A.CoreCall(S, "coord", [I(3), I(4)], "c")),
    ("region(1, 2, 3, 4)", "region", A.CoreCall(S, "region", [I(1), I(2), I(3), I(4)], "r")),
    ("time.night", "int", A.CoreCall(S, "time.night", [], "i")),
    ("time.phase_of_the_moon", "int", A.CoreCall(S, "time.phase_of_the_moon", [], "i")),
    ("time.yyyymmdd", "int", A.CoreCall(S, "time.yyyymmdd", [], "i")),
    ("time.friday_13th", "int", A.CoreCall(S, "time.friday_13th", [], "i")),
    ("room.width", "int", A.CoreCall(S, "room.width", [], "i")),
    ('hero.carrying(object:"amulet of life saving")', "int",
     A.CoreCall(S, "hero.carrying", [A.ObjectSpec(S, None, "amulet of life saving")], "i")),
    ("level.obj_at(('(', \"chest\"), (3,3))", "int",
     A.CoreCall(S, "level.obj_at", [A.ObjectSpec(S, "(", "chest"), A.CoordLit(S, 3, 3)], "i")),
    ("level.mon_at(monster:'d', (3,3))", "int",
     A.CoreCall(S, "level.mon_at", [A.MonsterSpec(S, "d", None), A.CoordLit(S, 3, 3)], "i")),
])
def test_core_functions(text, vtype, expected):
    node = assign(text)
    assert node.vtype == vtype
    assert node.value == expected


def test_core_function_results_used_as_coord_and_region():
    stmts = statements("""
        $x = 3
        GOLD: 1, coord($x, $x + 1)
        NON_DIGGABLE: region(0, 0, $x, 5)
    """)
    gold, nd = stmts[1:]
    xv = A.Var(S, "$x", "int")
    assert gold.coord == A.CoreCall(S, "coord", [xv, A.BinOp(S, "+", xv, I(1))], "c")
    assert nd.region == A.CoreCall(S, "region", [I(0), I(0), xv, I(5)], "r")


# ====================================================================== IF / chance
@pytest.mark.parametrize("cond_text, expected", [
    ("[25%]", A.CondPercent(S, 25)),
    ("[ 25% ]", A.CondPercent(S, 25)),
    ("[2*2 == 4]", A.CondCompare(S, "==", A.BinOp(S, "*", I(2), I(2)), I(4))),
    ("[$i != 1]", A.CondCompare(S, "!=", A.Var(S, "$i", "int"), I(1))),
    ("[$i <> 1]", A.CondCompare(S, "!=", A.Var(S, "$i", "int"), I(1))),
    ("[$i < 1]", A.CondCompare(S, "<", A.Var(S, "$i", "int"), I(1))),
    ("[$i <= 1]", A.CondCompare(S, "<=", A.Var(S, "$i", "int"), I(1))),
    ("[$i > 1]", A.CondCompare(S, ">", A.Var(S, "$i", "int"), I(1))),
    ("[$i >= level.depth]",
     A.CondCompare(S, ">=", A.Var(S, "$i", "int"), A.CoreCall(S, "level.depth", [], "i"))),
    ("[$i]", A.CondTruth(S, A.Var(S, "$i", "int"))),
    ("[0]", A.CondTruth(S, I(0))),
    ("[time.night]", A.CondTruth(S, A.CoreCall(S, "time.night", [], "i"))),
])
def test_if_conditions(cond_text, expected):
    node = stmt(f"IF {cond_text} {{ EXIT }}", A.If, prelude="$i = 1")
    assert node.cond == expected
    assert node.then == A.Block(S, [A.Exit(S)])
    assert node.orelse is None


def test_if_else():
    node = stmt("""
        IF [50%] {
          GOLD:1,(1,1)
        } ELSE {
          EXIT
          EXIT
        }
    """, A.If)
    assert node.cond == A.CondPercent(S, 50)
    assert node.then.statements == [A.Gold(S, I(1), A.CoordLit(S, 1, 1))]
    assert node.orelse == A.Block(S, [A.Exit(S), A.Exit(S)])
    assert (node.span.line, node.span.col) == (3, 1)


def test_nested_if_and_empty_blocks():
    node = stmt("IF [1] { IF [2] { } ELSE { } }", A.If)
    inner = node.then.statements[0]
    assert inner == A.If(S, A.CondTruth(S, I(2)), A.Block(S, []), A.Block(S, []))


@pytest.mark.parametrize("text, cond", [
    ("[50%]: MONSTER: random, random", A.CondPercent(S, 50)),
    ("[$i == 1]: MONSTER: random, random", A.CondCompare(S, "==", A.Var(S, "$i", "int"), I(1))),
    ("[$i]: MONSTER: random, random", A.CondTruth(S, A.Var(S, "$i", "int"))),
])
def test_chance_statement(text, cond):
    node = stmt(text, A.Chance, prelude="$i = 1")
    assert node.cond == cond
    assert node.statement == A.Monster(S, A.MonsterSpec(S, None, None), A.RandomCoord(S, 0), {})


def test_chance_of_a_block_statement():
    node = stmt("[10%]: IF [5%] { EXIT }", A.Chance)
    assert node.statement == A.If(S, A.CondPercent(S, 5), A.Block(S, [A.Exit(S)]))


# ====================================================================== SWITCH
def test_switch_with_cases_default_and_break():
    node = stmt("""
        SWITCH [4] {
          CASE 0:
            EXIT
            BREAK
          CASE -1:
          CASE +2:
            GOLD:1,(1,1)
          DEFAULT:
            BREAK
        }
    """, A.Switch)
    assert node.expr == I(4) and node.random is True
    assert node.arms == [
        A.SwitchArm(S, 0, [A.Exit(S), A.Break(S)]),
        A.SwitchArm(S, -1, []),
        A.SwitchArm(S, 2, [A.Gold(S, I(1), A.CoordLit(S, 1, 1))]),
        A.SwitchArm(S, None, [A.Break(S)]),
    ]


@pytest.mark.parametrize("expr_text, is_random", [
    ("3", True),                    # a constant N means rn2(N)
    ("2 + 3", True),
    ("(7)", True),
    ("$i", False),                  # variables, dice, core functions are used as-is
    ("$a[0]", False),
    ("$a.length", False),
    ("1d3 - 1", False),
    ("rnd(3)", False),
    ("level.depth % 3", False),
])
def test_switch_constant_or_expression(expr_text, is_random):
    node = stmt(f"SWITCH [{expr_text}] {{ DEFAULT: EXIT }}", A.Switch,
                prelude="$i = 1\n$a = { 1 }")
    assert node.random is is_random


# ====================================================================== LOOP / FOR / EXIT / SHUFFLE
def test_loop():
    node = stmt("LOOP [$n + 1] { OBJECT: random, random\n BREAK }", A.Loop, prelude="$n = 3")
    assert node.count == A.BinOp(S, "+", A.Var(S, "$n", "int"), I(1))
    assert node.body.statements == [
        A.Object(S, A.ObjectSpec(S, None, None), {}, A.RandomCoord(S, 0)), A.Break(S)]


@pytest.mark.parametrize("span_text", ["TO", ".."])
def test_for_with_to_and_dots(span_text):
    node = stmt(f"FOR $x = 2 {span_text} 2*10 {{ OBJECT: random, coord($x, 1) }}", A.For)
    assert node.var == "$x"
    assert node.start == I(2)
    assert node.end == A.BinOp(S, "*", I(2), I(10))
    obj = node.body.statements[0]
    assert obj.coord == A.CoreCall(S, "coord", [A.Var(S, "$x", "int"), I(1)], "c")


def test_for_defines_an_integer_variable():
    stmts = statements("""
        $lo = 1
        FOR $i = $lo..(-2) { BREAK }
        $after = $i * 2
    """)
    loop, after = stmts[1:]
    assert loop.start == A.Var(S, "$lo", "int") and loop.end == I(-2)
    assert after.value == A.BinOp(S, "*", A.Var(S, "$i", "int"), I(2))


def test_exit():
    node = stmt("EXIT", A.Exit)
    assert (node.span.line, node.span.col, node.span.length) == (3, 1, 4)


@pytest.mark.parametrize("decl, vtype", [
    ("{ 1, 2 }", "int"), ('{ "a" }', "string"), ("{ (1,1) }", "coord"),
    ("{ (1,1,2,2) }", "region"), ("terrain: { 'T' }", "mapchar"),
    ("monster: { 'd', 'T' }", "monster"), ("object: { '(' }", "object"),
])
def test_shuffle_every_array_type(decl, vtype):
    node = statements(f"$a = {decl}\nSHUFFLE: $a")[-1]
    assert node == A.Shuffle(S, A.Var(S, "$a", vtype, True))


# ====================================================================== lexical details
def test_comments_whole_lines_only():
    stmts = statements("""
        # a comment
           # an indented comment
        GOLD:1,(1,1)
        #GOLD:2,(2,2)
    """)
    assert stmts == [A.Gold(S, I(1), A.CoordLit(S, 1, 1))]


def test_keywords_and_strings_with_odd_characters():
    node = stmt('MESSAGE: "# not a comment, \'quoted\' $nope"', A.Message)
    assert node.text == A.Str(S, "# not a comment, 'quoted' $nope")


def test_escaped_map_character():
    node = stmt("TERRAIN:(1,1),'\\\\'", A.Terrain)
    assert node.mapchar == A.MapChar(S, "\\", -2)


def test_crlf_line_endings():
    text = 'LEVEL:"t"\r\nGEOMETRY:center,center\r\nMAP\r\n.-.\r\nENDMAP\r\nGOLD:1,(1,0)\r\n'
    tree = compile_ok(text).tree
    mp, gold = tree.levels[0].body.statements
    assert mp.lines == [".-."]
    assert gold.span.line == 6


def test_statement_spans():
    stmts = statements("""
        GOLD: 1, (1,1)
          TRAP: "arrow", (2,2)
    """)
    assert [(s.span.line, s.span.col) for s in stmts] == [(3, 1), (4, 3)]
    assert stmts[1].span.file == "t.des"


def test_whole_file_tree_walk():
    tree = compile_ok("""
        FUNCTION f() { GOLD: 1, (1,1) }
        LEVEL:"t"
        NOMAP
        f()
        LOOP [2] { IF [50%] { OBJECT: '(', random } }
    """).tree
    names = {type(n).__name__ for n in A.walk(tree)}
    assert {"DesFile", "FunctionDef", "Level", "Loop", "If", "Object", "ObjectSpec",
            "Gold", "FunctionCall"} <= names
    assert len(all_nodes(tree, A.CoordLit)) == 1


@pytest.mark.parametrize("dialect, level", [
    ("unnethack", 'LEVEL: "l{i}"\nINIT_MAP: solidfill, \' \'\n'),
    ("nethack36", 'MAZE: "l{i}", \' \'\nNOMAP\n'),
    ("nethack343", 'MAZE: "l{i}", \' \'\nNOMAP\n'),
])
def test_many_levels_and_header_statements_are_lists_in_file_order(dialect, level):
    """The file-level lists (LEVELs, FUNCTIONs before them) grow at their front while
    parsing (right recursion, a deque there); the tree holds plain lists in file order."""
    head = "".join(f"FUNCTION f{i}() {{ }}\n" for i in range(3)) if dialect == "unnethack" \
        else ""
    text = head + "".join(level.format(i=i) for i in range(300))
    tree = compile_file("many.des", text=text, dialect=dialect).tree
    assert type(tree.levels) is list and type(tree.header) is list
    assert [lv.name for lv in tree.levels] == [f"l{i}" for i in range(300)]
    assert [h.name for h in tree.header] == [f"f{i}" for i in range(len(tree.header))]
    assert len(tree.header) == (3 if dialect == "unnethack" else 0)
