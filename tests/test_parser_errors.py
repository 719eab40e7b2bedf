"""Malformed des-files: each error must be reported with its message, line and column
(and a hint where one helps); the parser must recover and go on; warnings too.

The ``test_bug_*`` tests and the cases marked as former bugs pin parser bugs found by
this suite and since fixed; each states what lev_comp.y does.
"""

from __future__ import annotations

import pytest

from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_text

from parsekit import (Hang, at, compile_ok, diagnostics, errors, find, src, time_limit,
                      warnings)

WIDE = "." * 77
TALL = "\n        ".join(["..."] * 22)  # indented like the snippets below
MANY_CASES = " ".join(f"CASE {i}: EXIT" for i in range(21))

# Known bugs: see the module docstring.

# (id, source, message substring, line, column)
CASES = [
    ("unknown-attribute-keyword", """
        LEVEL:"t"
        OBJECT:'(',(1,1),blesed
     """, 'syntax error at "blesed"', 2, 18),
    ("unknown-statement-keyword", """
        LEVEL:"t"
        FOOBAR:(1,1)
     """, 'syntax error at ":"', 2, 7),
    ("keyword-wrong-case", """
        LEVEL:"t"
        NOMAP
        Gold:1,(1,1)
     """, 'syntax error at ":"', 3, 5),
    ("missing-comma", """
        LEVEL:"t"
        GOLD:100 (1,1)
     """, 'syntax error at "("', 2, 10),
    ("missing-comma-in-monster", """
        LEVEL:"t"
        MONSTER:'d' (1,1)
     """, 'syntax error at "("', 2, 13),
    ("unterminated-string", """
        LEVEL:"t"
        MESSAGE:"abc
     """, "unterminated string", 2, 9),
    ("nested-switch", """
        LEVEL:"t"
        SWITCH [3] {
        CASE 1:
          SWITCH [2] { CASE 0: EXIT }
        }
     """, "Cannot nest switch-statements", 4, 3),
    ("break-outside-a-block", """
        LEVEL:"t"
        BREAK
     """, "Cannot use BREAK outside a statement block", 2, 1),
    ("break-in-if-at-top-level", """
        LEVEL:"t"
        IF [50%] { BREAK }
     """, "Cannot use BREAK outside a statement block", 2, 12),
    ("undefined-variable", """
        LEVEL:"t"
        MESSAGE:$nope
     """, 'syntax error at "$nope"', 2, 9),
    ("level-variable-unseen-in-function", """
        LEVEL:"t"
        $x = 1
        FUNCTION f() { GOLD:$x,(1,1) }
     """, 'syntax error at "$x"', 3, 21),
    ("undefined-function", """
        LEVEL:"t"
        foo()
     """, "Function 'foo' not defined.", 2, 1),
    ("function-called-before-definition", """
        LEVEL:"t"
        later()
        FUNCTION later() { EXIT }
     """, "Function 'later' not defined.", 2, 1),
    ("nested-function-definition", """
        LEVEL:"t"
        FUNCTION f() { FUNCTION g() { EXIT } }
     """, "Recursively defined functions not allowed (function g).", 2, 25),
    ("recursive-call", """
        LEVEL:"t"
        FUNCTION f() { f() }
     """, "Function 'f' calls itself", 2, 16),
    ("function-defined-twice", """
        FUNCTION f() { EXIT }
        FUNCTION f() { EXIT }
        LEVEL:"t"
     """, "Function 'f' already defined once.", 2, 10),
    ("function-argument-types", """
        LEVEL:"t"
        FUNCTION f($a:int, $b:string) { EXIT }
        f("x", 1)
     """, "Function 'f' requires params 'int, str', got 'str, int' instead.", 3, 1),
    ("function-argument-count", """
        LEVEL:"t"
        FUNCTION f($a:int) { EXIT }
        f(1, 2)
     """, "Function 'f' requires params 'int', got 'int, int' instead.", 3, 1),
    ("function-missing-argument", """
        LEVEL:"t"
        FUNCTION f($a:int) { EXIT }
        f()
     """, "Function 'f' requires params 'int', got '' instead.", 3, 1),
    ("function-parameter-of-bad-type", """
        LEVEL:"t"
        FUNCTION f($a:coord) { EXIT }
     """, 'syntax error at "coord"', 2, 15),
    ("core-function-argument-type", """
        LEVEL:"t"
        $x = rnd("a")
     """, "Core function 'rnd' requires 'int' parameter, got 'str' instead.", 2, 6),
    ("core-function-argument-count", """
        LEVEL:"t"
        $x = coord(1)
     """, "Core function 'coord' requires 'int, int' parameters, got 'int' instead.", 2, 6),
    ("core-function-without-parameters", """
        LEVEL:"t"
        $x = hero.role(1)
     """, "Core function 'hero.role' takes no parameters.", 2, 6),
    ("core-function-needing-parameters", """
        LEVEL:"t"
        $x = rnd
     """, "Core function 'rnd' requires 'int' parameter", 2, 6),
    ("bare-negative-literal", """
        LEVEL:"t"
        $x = -5
     """, 'syntax error at "-5"', 2, 6),
    ("minus-without-spaces", """
        LEVEL:"t"
        $y = 2
        $x = $y-1
     """, 'syntax error at "-1"', 3, 8),
    ("plus-without-spaces", """
        LEVEL:"t"
        $y = 2
        $x = $y+1
     """, 'syntax error at "+1"', 3, 8),
    ("redefine-variable-type", """
        LEVEL:"t"
        $x = 1
        $x = "s"
     """, "Trying to redefine variable '$x' as string, when it is integer.", 3, 1),
    ("redefine-variable-as-array", """
        LEVEL:"t"
        $x = (1,1)
        $x = { (1,1), (2,2) }
     """, "Trying to redefine variable '$x' as coordinate array, when it is coordinate.", 3, 1),
    ("region-swapped-corners", """
        LEVEL:"t"
        NON_DIGGABLE:(10,10,5,5)
     """, "Region start > end: (10,10,5,5)!", 2, 14),
    ("coordinates-out-of-range", """
        LEVEL:"t"
        GOLD:1,(80,3)
     """, "Coordinates (80,3) out of map range!", 2, 8),
    ("coordinates-row-out-of-range", """
        LEVEL:"t"
        TRAP:random,(3,21)
     """, "Coordinates (3,21) out of map range!", 2, 13),
    ("region-outside-the-map", """
        LEVEL:"t"
        GEOMETRY:center,center
        MAP
        ...
        ...
        ENDMAP
        TELEPORT_REGION:(1,1,5,5),(0,0,0,0)
     """, "Region (1,1,5,5) out of map range (x2)!", 7, 17),
    ("levregion-out-of-level", """
        LEVEL:"t"
        STAIR:levregion(1,0,80,20),(0,0,0,0),up
     """, "Region (1,0,80,20) out of level range (x2)!", 2, 7),
    ("room-position-out-of-range", """
        LEVEL:"t"
        ROOM:"ordinary",lit,(6,1),(left,top),(3,3) { }
     """, "Room positions should be between 1-5: (6,1)!", 2, 21),
    ("room-position-zero", """
        LEVEL:"t"
        ROOM:"ordinary",lit,(3,0),(left,top),(3,3) { }
     """, "Room positions should be between 1-5: (3,0)!", 2, 21),
    ("unknown-map-char", """
        LEVEL:"t"
        TERRAIN:(1,1),'Z'
     """, "Unknown map char type 'Z'!", 2, 15),
    ("unknown-map-char-in-map", """
        LEVEL:"t"
        GEOMETRY:center,center
        MAP
        Z....
        ENDMAP
     """, "invalid character 'Z' in a MAP block", 4, 1),
    ("tab-in-map", """
        LEVEL:"t"
        GEOMETRY:center,center
        MAP
        \t....
        ENDMAP
     """, "tab character in a MAP block", 4, 1),
    ("map-too-wide", f"""
        LEVEL:"t"
        GEOMETRY:center,center
        MAP
        {WIDE}
        ENDMAP
     """, "Map too large at (77 x 1), max is (76 x 21)", 3, 1),
    ("map-too-tall", f"""
        LEVEL:"t"
        GEOMETRY:center,center
        MAP
        {TALL}
        ENDMAP
     """, "Map too large at (3 x 22), max is (76 x 21)", 3, 1),
    ("map-without-endmap", """
        LEVEL:"t"
        GEOMETRY:center,center
        MAP
        .....
        .....
     """, "MAP block has no ENDMAP", 3, 1),
    ("map-without-geometry", """
        LEVEL:"t"
        MAP
        .....
        ENDMAP
     """, 'syntax error at "MAP"', 2, 1),
    ("object-without-coord", """
        LEVEL:"t"
        OBJECT:'('
     """, "Object needs a coord when not contained.", 2, 1),
    ("object-in-function-without-coord", """
        LEVEL:"t"
        FUNCTION f() { OBJECT:'(' }
     """, "Object needs a coord when not contained.", 2, 16),
    ("contained-object-with-coord", """
        LEVEL:"t"
        CONTAINER:'(',(1,1) { OBJECT:'(',(2,2) }
     """, "Object cannot have a coord when contained.", 2, 34),
    ("inventory-object-with-coord", """
        LEVEL:"t"
        MONSTER:'d',(1,1) {
          OBJECT:'[',random
        }
     """, "Object cannot have a coord when contained.", 3, 14),
    ("duplicate-monster-attribute", """
        LEVEL:"t"
        MONSTER:'d',(1,1),peaceful,hostile
     """, "MONSTER extra info defined twice.", 2, 28),
    ("duplicate-monster-name", """
        LEVEL:"t"
        MONSTER:'d',(1,1),"a","b"
     """, "MONSTER extra info defined twice.", 2, 23),
    ("duplicate-monster-alignment", """
        LEVEL:"t"
        MONSTER:'d',(1,1),align:random,law
     """, "MONSTER extra info defined twice.", 2, 32),
    ("duplicate-object-attribute", """
        LEVEL:"t"
        OBJECT:'(',(1,1),blessed,cursed
     """, "OBJECT extra info defined twice.", 2, 26),
    ("duplicate-object-spe", """
        LEVEL:"t"
        OBJECT:'(',(1,1),+1,-1
     """, "OBJECT extra info defined twice.", 2, 21),
    ("duplicate-object-coord", """
        LEVEL:"t"
        OBJECT:'(',(1,1),random
     """, "OBJECT extra info defined twice.", 2, 18),
    ("object-state-not-a-lock", """
        LEVEL:"t"
        OBJECT:'(',(1,1),open
     """, "OBJECT state can only be locked or broken.", 2, 18),
    ("seen-trap-listed-twice", """
        LEVEL:"t"
        MONSTER:'d',(1,1),seen_traps:"arrow"|"arrow"
     """, "Monster seen_traps, trap 'arrow' listed twice.", 2, 30),
    ("register-index-overflow", """
        LEVEL:"t"
        ALTAR:(1,1),align[3],altar
     """, "Register Index overflow!", 2, 19),
    ("drawbridge-state", """
        LEVEL:"t"
        DRAWBRIDGE:(1,1),north,locked
     """, "A drawbridge can only be open, closed or random!", 2, 24),
    ("vaultgen-without-flag", """
        LEVEL:"t"
        VAULTGEN:5
     """, "VAULTGEN without rndvault FLAG.", 2, 1),
    ("vaultgen-frequency", """
        LEVEL:"t"
        FLAGS:rndvault
        VAULTGEN:0
     """, "Invalid VAULTGEN frequency", 3, 10),
    ("mid-line-comment", """
        LEVEL:"t"
        GOLD:1,(1,1) # money
     """, "'#' starts a comment only at the beginning of a line", 2, 14),
    ("unexpected-end-of-file", """
        LEVEL:"t"
        ROOM:"ordinary",lit,random,random,random {
     """, "syntax error: unexpected end of file", 2, 42),
    ("else-without-block", """
        LEVEL:"t"
        IF [50%] { EXIT } ELSE
     """, "syntax error: unexpected end of file", 2, 19),
    ("keyword-as-function-name", """
        LEVEL:"t"
        FUNCTION LEVEL() { EXIT }
     """, 'syntax error at "LEVEL"', 2, 10),
    ("core-function-as-function-name", """
        LEVEL:"t"
        FUNCTION rnd() { EXIT }
     """, 'syntax error at "rnd"', 2, 10),
    ("shuffle-non-array", """
        LEVEL:"t"
        $x = 5
        SHUFFLE:$x
     """, "Trying to shuffle non-array variable '$x'", 3, 9),
    ("shuffle-undefined", """
        LEVEL:"t"
        SHUFFLE:$y
     """, "Trying to shuffle undefined variable '$y'", 2, 9),
    ("method-of-unknown-variable", """
        LEVEL:"t"
        $x = $c.x
     """, "Trying to use a method of unknown variable '$c'.", 2, 6),
    ("unknown-method", """
        LEVEL:"t"
        $c = (1,2)
        $x = $c.z
     """, "variable '$c' (coordinate) has no method '.z'", 3, 6),
    ("length-of-a-non-array", """
        LEVEL:"t"
        $i = 3
        $x = $i.length
     """, "variable '$i' (integer) has no method '.length'", 3, 6),
    ("dot-in-level-name", """
        LEVEL:"this.is"
     """, "Invalid dot ('.') in level name 'this.is'.", 1, 7),
    ("level-name-too-long", """
        LEVEL:"abcdefghijklmnop"
     """, "Level names limited to 14 characters ('abcdefghijklmnop').", 1, 7),
    ("percent-over-100", """
        LEVEL:"t"
        IF [101%] { EXIT }
     """, "Unexpected percentile '101%'", 2, 4),
    pytest.param("chance-on-ordinary-room", """
        LEVEL:"t"
        ROOM:"ordinary"[50%],lit,random,random,random { }
     """, "Only typed rooms can have a chance.", 2, 6),
    ("roomdoor-random-wall-fixed-pos", """
        LEVEL:"t"
        ROOMDOOR:false,closed,random,3
     """, "If the door wall is random, so must be its pos!", 2, 1),
    ("switch-default-twice", """
        LEVEL:"t"
        SWITCH [3] { DEFAULT: EXIT DEFAULT: EXIT }
     """, "Switch default case already used.", 2, 28),
    ("switch-too-many-cases", f"""
        LEVEL:"t"
        SWITCH [3] {{ {MANY_CASES} }}
     """, "Too many cases in a switch.", 2, 1),
    ("no-level", """
        FUNCTION f() { EXIT }
     """, "the file defines no LEVEL", 1, 1),
    ("statement-before-level", """
        GOLD:1,(1,1)
        LEVEL:"t"
     """, 'syntax error at "GOLD"', 1, 1),
    ("flags-after-a-statement", """
        LEVEL:"t"
        NOMAP
        FLAGS:noteleport
     """, 'syntax error at "FLAGS"', 3, 1),
    ("malformed-map-character", """
        LEVEL:"t"
        TERRAIN:(1,1),'ab'
     """, "malformed map character", 2, 15),
    ("lone-exclamation-mark", """
        LEVEL:"t"
        IF [1 ! 2] { EXIT }
     """, "unexpected '!'", 2, 7),
    ("unknown-monster-name", """
        LEVEL:"t"
        MONSTER:"newtt",(1,1)
     """, 'Unknown monster "newtt"!', 2, 9),
    ("unknown-monster-class", """
        LEVEL:"t"
        MONSTER:'%',(1,1)
     """, "Unknown monster class '%'!", 2, 9),
    ("unknown-object-name", """
        LEVEL:"t"
        OBJECT:"wand of wishin",(1,1)
     """, 'Unknown object "wand of wishin"!', 2, 8),
    ("unknown-trap", """
        LEVEL:"t"
        TRAP:"arow",(1,1)
     """, "Unknown trap type 'arow'!", 2, 6),
    ("unknown-trap-in-seen-traps", """
        LEVEL:"t"
        MONSTER:'d',(1,1),seen_traps:"arow"
     """, "Unknown trap type 'arow'!", 2, 30),
    ("unknown-monster-in-mon-generation", """
        LEVEL:"t"
        MON_GENERATION:50%,(1,"dragon of doom")
     """, "Monster generation: Invalid monster name", 2, 23),
    ("invalid-init-map-fill", """
        LEVEL:"t"
        INIT_MAP:mines,'.',' ',true,true,lit,false,'Q'
     """, "INIT_MAP: Invalid fill char type.", 2, 44),
    # Errors found in a reduction of a nonterminal without a node of its own (door
    # state, room type, an info of MONSTER/OBJECT...) take the span of the lookahead
    # token since parsing went without PLY's position tracking (parser.py span_at falls
    # back to last_span()); at the end of a file that happens to be right.
    pytest.param("drawbridge-state-then-a-statement", """
        LEVEL:"t"
        DRAWBRIDGE:(1,1),north,locked
        EXIT
     """, "A drawbridge can only be open, closed or random!", 2, 24),
    pytest.param("duplicate-monster-attribute-mid-list", """
        LEVEL:"t"
        MONSTER:'d',(1,1),peaceful,hostile,asleep
     """, "MONSTER extra info defined twice.", 2, 28),
    pytest.param("duplicate-object-attribute-then-a-statement", """
        LEVEL:"t"
        OBJECT:'(',(1,1),blessed,cursed
        EXIT
     """, "OBJECT extra info defined twice.", 2, 26),
    pytest.param("mazewalk-bad-fill-char", """
        LEVEL:"t"
        MAZEWALK:(1,1),south,false,'Q'
        EXIT
     """, "Unknown map char type 'Q'!", 2, 28),
    pytest.param("init-map-bad-fill-then-a-statement", """
        LEVEL:"t"
        INIT_MAP:mines,'.',' ',true,true,lit,false,'Q'
        EXIT
     """, "INIT_MAP: Invalid fill char type.", 2, 44),
]


def _known_bug(c) -> bool:
    return hasattr(c, "marks")  # a pytest.param(...)


def _case(c):
    if _known_bug(c):
        return pytest.param(*c.values[1:], id=c.values[0])
    return pytest.param(*c[1:], id=c[0])


def _case_id(c):
    return c.values[0] if _known_bug(c) else c[0]


@pytest.mark.parametrize("text, message, line, col", [_case(c) for c in CASES])
def test_error_message_line_and_column(text, message, line, col):
    d = find(errors(text), message)
    assert at(d) == (line, col), f"{d.span}: {d.message}"
    assert d.span.file == "t.des"


def test_there_are_enough_negative_cases():
    assert len([c for c in CASES if not _known_bug(c)]) >= 30
    assert len({_case_id(c) for c in CASES}) == len(CASES)


@pytest.mark.parametrize("text, hint", [
    ('LEVEL:"t"\n$x = -5\n', "parentheses"),
    ('LEVEL:"t"\n$y = 2\n$x = $y-1\n', "spaces"),
    ('LEVEL:"t"\nMESSAGE:$nope\n', "not defined"),
    ('LEVEL:"t"\nOBJECT:\'(\',(1,1),blesed\n', "not a keyword"),
    ('LEVEL:"t"\nFUNCTION LEVEL() { EXIT }\n', "keyword"),
    ('LEVEL:"t"\nFUNCTION rnd() { EXIT }\n', "core function"),
    ('LEVEL:"t"\nMAP\n.\nENDMAP\n', "GEOMETRY"),
    ('LEVEL:"t"\nGOLD:1,(1,1) # x\n', "own line"),
    ('LEVEL:"t"\nMONSTER:"newtt",(1,1)\n', "newt"),
    ('LEVEL:"t"\nTRAP:"arow",(1,1)\n', "arrow"),
    ('LEVEL:"t"\nSTAIR:(1,1,5,5),(0,0,0,0),up\n', "levregion"),
])
def test_hints(text, hint):
    d = errors(text)[0]
    assert d.hint and hint in d.hint, (d.message, d.hint)


def test_error_spans_cover_the_token():
    d = find(errors('LEVEL:"t"\n$x = -25\n'), "syntax error")
    assert (d.span.col, d.span.length) == (6, 3)
    d = find(errors('LEVEL:"t"\nMESSAGE:$nope\n'), "syntax error")
    assert (d.span.col, d.span.length) == (9, 5)


def test_error_raises_the_first_error_with_all_diagnostics():
    with pytest.raises(DesError) as info:
        compile_text(src("""
            LEVEL:"t"
            GOLD:1,(80,1)
            GOLD:1,(90,1)
        """), "t.des")
    err = info.value
    assert err.message == "Coordinates (80,1) out of map range!"
    assert (err.span.line, err.span.col) == (2, 8)
    assert [d.span.line for d in err.diagnostics if d.severity == "error"] == [2, 3]
    assert str(err) == "t.des:2:8: error: Coordinates (80,1) out of map range!"


# ====================================================================== recovery
def test_recovery_after_a_syntax_error_reports_later_errors():
    errs = errors("""
        LEVEL:"t"
        GOLD 1,(1,1)
        MONSTER:'d',(1,1)
        GOLD:1,(99,1)
        $x = 1
        $x = "s"
    """)
    assert [(d.span.line, d.span.col) for d in errs] == [(2, 6), (4, 8), (6, 1)]
    assert "syntax error" in errs[0].message
    assert "out of map range" in errs[1].message
    assert "redefine" in errs[2].message


def test_recovery_inside_a_block_and_in_a_later_level():
    errs = errors("""
        LEVEL:"a"
        LOOP [2] {
          GOLD 1
          OBJECT:'(',(1,1)
        }
        LEVEL:"b"
        BREAK
    """)
    assert [(d.span.line, d.span.col) for d in errs] == [(3, 8), (7, 1)]
    assert "BREAK" in errs[1].message


def test_recovery_after_a_static_error_keeps_the_tree_and_all_errors():
    # Static errors (not syntax errors) never stop the parser.
    errs = errors("""
        LEVEL:"t"
        ALTAR:(1,1),align[5],altar
        GOLD:1,(80,1)
        OBJECT:'('
        foo()
    """)
    assert len(errs) == 4
    assert [d.span.line for d in errs] == [2, 3, 4, 5]


def test_many_errors_are_capped_and_each_reported_once():
    # parser.py error(): past max_errors it raises the reporter's errors as a DesError,
    # and _parse_text adds that DesError's diagnostics to the same reporter again.
    text = 'LEVEL:"t"\n' + "GOLD:1,(99,1)\n" * 40
    lines = [d.span.line for d in errors(text)]
    assert len(lines) == len(set(lines))
    assert 1 <= len(lines) <= 21


# ====================================================================== warnings
def test_warning_unequal_map_rows():
    ws = warnings("""
        LEVEL:"t"
        GEOMETRY:center,center
        MAP
        .....
        ...
        .....
        ENDMAP
    """)
    (w,) = ws
    assert w.severity == "warning"
    assert "MAP row 2 is 3 characters wide, the widest is 5" in w.message
    assert at(w) == (5, 4)


def test_warning_unknown_room_type():
    (w,) = warnings("""
        LEVEL:"t"
        ROOM:"morgu",lit,random,random,random { }
    """)
    assert 'Unknown room type "morgu"!  Making ordinary room...' in w.message
    assert at(w) == (2, 6)
    assert w.hint and "morgue" in w.hint


def test_unknown_room_type_becomes_ordinary():
    tree = compile_ok('LEVEL:"t"\nREGION:(0,0,1,1),lit,"kitchen"\n').tree
    assert tree.levels[0].body.statements[0].rtype == "ordinary"


def test_warning_humidity_flag_twice():
    (w,) = warnings("""
        LEVEL:"t"
        GOLD:1,random[dry,wet,dry]
    """)
    assert w.message == "Humidity flag used twice."
    assert w.span.line == 2 and 15 <= w.span.col <= 23


@pytest.mark.parametrize("sel, message, col", [
    ("floodfill(1,1)", "floodfill differs in the game", 17),
    ("circle((5,5),2,filled)", "circle filling differs in the game", 17),
    ("circle((5,5),2,unfilled)", "circle filling differs in the game", 17),
    ("ellipse((5,5),2,3,unfilled)", "ellipse filling differs in the game", 17),
    ("randline (1,1)-(5,5), 3", "randline end points differ in the game", 17),
    ("line (1,1)-(1,1)", "zero-length line differs in the game", 17),
    ("filter(('.', random), fillrect(1,1,5,5))", "filter with random light differs", 17),
    ("(1,1) & grow(floodfill(2,2))", "floodfill differs in the game", 30),
])
def test_compat_warnings(sel, message, col):
    ws = warnings(f'LEVEL:"t"\nNOMAP\n$s = selection: {sel}\n')
    (w,) = ws
    assert message in w.message
    assert at(w) == (3, col)
    assert w.hint and "--compat game" in w.hint


@pytest.mark.parametrize("sel", ["circle((5,5),2)", "ellipse((5,5),2,3)", "line (1,1)-(2,2)",
                                 "filter(('.', lit), fillrect(1,1,5,5))", "fillrect(1,1,3,3)"])
def test_no_compat_warning_where_game_and_documentation_agree(sel):
    assert warnings(f'LEVEL:"t"\nNOMAP\n$s = selection: {sel}\n') == []


def test_compat_warnings_can_be_switched_off():
    text = 'LEVEL:"t"\nNOMAP\n$s = selection: floodfill(1,1) & circle((5,5),2,filled)\n'
    assert len(warnings(text)) == 2
    assert warnings(text, compat_warnings=False) == []


def test_compat_warnings_in_statements_and_functions():
    ws = warnings("""
        FUNCTION f() { TERRAIN: randline (1,1)-(5,5), 2, '.' }
        LEVEL:"t"
        NOMAP
        LOOP [2] { TERRAIN: floodfill(3,3), 'L' }
    """)
    assert sorted((w.span.line, w.message) for w in ws) == [
        (1, "randline end points differ in the game"), (4, "floodfill differs in the game")]


def test_warnings_do_not_stop_compilation_and_come_with_errors():
    ds = diagnostics("""
        LEVEL:"t"
        ROOM:"kitchen",lit,random,random,random { }
        GOLD:1,(99,1)
    """)
    assert [d.severity for d in ds] == ["error", "warning"]


# ====================================================================== fixed bugs (regression tests)
# Each states what lev_comp.y (or any parser) does; see the module docstring.


@pytest.mark.parametrize("init", ["INIT_MAP:solidfill,' '", "INIT_MAP:mazegrid,'-'",
                                  "INIT_MAP:mines,'.',' ',true,true,lit,false"])
def test_bug_init_map_sets_the_map_size_to_the_level(init):
    # lev_comp.y lev_init (solidfill, mazegrid, mines): max_x_map = COLNO-1, max_y_map = ROWNO;
    # grammar.py p_lev_init_solid/_mazegrid/_mines leave the previous size (0 x 0).
    compile_ok(f'LEVEL:"t"\n{init}\nTELEPORT_REGION:(1,1,75,19),(0,0,0,0)\n')


def test_bug_levregion_x_must_be_positive():
    # lev_comp.y lev_region: "if ($3 <= 0 || $3 >= COLNO) ... out of level range (x1)".
    d = find(errors('LEVEL:"t"\nBRANCH:levregion(0,0,10,10),(0,0,0,0)\n'), "out of level range (x1)")
    assert at(d) == (2, 8)


def test_bug_eroded_and_erodeproof_are_the_same_info():
    # lev_comp.y object_info: ERODED_ID and ERODEPROOF_ID both set bit 0x0080.
    d = find(errors('LEVEL:"t"\nOBJECT:\'(\',(1,1),eroded:1,erodeproof\n'),
             "OBJECT extra info defined twice.")
    assert at(d) == (2, 27)


def test_bug_joined_mines_need_floor_or_corridor_foreground():
    # lev_comp.y: "if (joined && fg != CORR && fg != ROOM)"; grammar.py tests fg >= 41.
    d = find(errors('LEVEL:"t"\nINIT_MAP:mines,\'-\',\' \',true,true,lit,false\n'),
             "INIT_MAP: Invalid foreground type for joined map.")
    assert at(d) == (2, 16)


@pytest.mark.parametrize("init, message", [
    ("INIT_MAP:solidfill,'x'", "INIT_MAP: Invalid fill char type."),
    ("INIT_MAP:mazegrid,'x'", "INIT_MAP: Invalid fill char type."),
    ("INIT_MAP:mines,'x','.',true,false,lit,false", "INIT_MAP: Invalid foreground type."),
    ("INIT_MAP:mines,'.','x',true,false,lit,false", "INIT_MAP: Invalid background type."),
])
def test_bug_see_through_x_is_no_fill(init, message):
    # lev_comp.y lev_init: "filling == INVALID_TYPE || filling >= MAX_TYPE" ('x' is MAX_TYPE).
    find(errors(f'LEVEL:"t"\n{init}\n'), message)


def test_bug_empty_parentheses_on_a_parameterless_core_function():
    # lev_comp.y corefunc_params_list: empty "()" passes " ", which is not "".
    d = find(errors('LEVEL:"t"\n$x = level.depth()\n'),
             "Core function 'level.depth' takes no parameters.")
    assert at(d) == (2, 6)


@pytest.mark.parametrize("text", [
    'LEVEL:"t"\n}\n',
    'LEVEL:"t"\nGOLD:1,(1,1)\n}\nGOLD:1,(1,1)\n',
    'LEVEL:"t"\nROOM:"ordinary",lit,(3,3),(center,center),(9,9)\nROOM:"ordinary",lit,(3,3),(center,center),(9,9) {\n}\n',
    'LEVEL:"t"\nLOOP [4] {\n  TRAP: random, rand\nLEVEL:"u"\n',
])
def test_bug_recovery_never_loops_forever(text):
    # parser.py syntax_error resynchronises on '}' or LEVEL, which cannot follow the
    # `levstatement : error` reduction there; PLY then shifts 'error' and reduces it
    # forever without reading input. lev_comp reports a syntax error and stops.
    with time_limit(1):
        try:
            compile_text(text, "t.des")
        except DesError as err:
            assert any("syntax error" in d.message for d in err.diagnostics)
        else:
            pytest.fail("no syntax error reported")


def test_bug_if_nesting_is_limited_like_loop_nesting():
    # lev_comp.y ifstatement/chancestatement/loopstatement share n_if_list (at most 20
    # open); checker.py counts LOOP and FOR only.
    text = 'LEVEL:"t"\n' + "IF [1] {\n" * 21 + "EXIT\n" + "}\n" * 21
    d = find(errors(text), "IF: Too deeply nested conditionals.")
    assert at(d) == (22, 1)


def test_bug_for_and_loop_nesting_are_counted_apart():
    # lev_comp.y: FOR counts in n_forloops, LOOP in n_if_list, each up to 20;
    # checker.py _loop adds both to one loop_depth, so 12 + 12 fails there.
    text = ('LEVEL:"t"\n' + "LOOP [1] {\n" * 12 + "FOR $i = 1 TO 2 {\n" * 12 + "EXIT\n"
            + "}\n" * 24)
    compile_ok(text)


def test_deep_nesting_limits_that_hold():
    text = 'LEVEL:"t"\n' + "LOOP [1] {\n" * 21 + "EXIT\n" + "}\n" * 21
    assert at(find(errors(text), "LOOP: Too deeply nested conditionals.")) == (22, 1)
    text = 'LEVEL:"t"\n' + "FOR $i = 1 TO 2 {\n" * 21 + "EXIT\n" + "}\n" * 21
    assert at(find(errors(text), "FOR: Too deeply nested loops.")) == (22, 1)
    compile_ok('LEVEL:"t"\n' + "LOOP [1] {\n" * 20 + "EXIT\n" + "}\n" * 20)


def test_bug_syntax_error_inside_a_chance_statement_is_no_crash():
    # grammar.py p_chancestatement keeps Chance(statement=None) after error recovery;
    # the checker then calls A.children(None) -> TypeError.
    errs = errors('LEVEL:"t"\n[50%]: OBEJCT: \'/\',(1,1)\nGOLD:1,(1,1)\n')
    assert at(errs[0]) == (2, 14)


def test_bug_bad_character_inside_a_map_row_is_one_clean_error():
    # lexer.py: in the exclusive "map" state PLY still returns literals ('.', '-', '|'...)
    # when t_map_line fails, so the row yields a spurious 'syntax error at "."' first.
    errs = errors('LEVEL:"t"\nGEOMETRY:center,center\nMAP\n..Z..\nENDMAP\n')
    assert [(d.message, at(d)) for d in errs] == [("invalid character 'Z' in a MAP block", (4, 3))]


def test_bug_last_map_row_without_newline():
    errs = errors('LEVEL:"t"\nGEOMETRY:center,center\nMAP\n.....')
    assert [(d.message, at(d)) for d in errs] == [("MAP block has no ENDMAP", (3, 1))]


def test_time_limit_interrupts_an_endless_loop():
    """The harness of the hang tests above: Hang really interrupts an endless loop."""
    with pytest.raises(Hang):
        with time_limit(0.2):
            while True:
                pass


def test_a_known_name_in_the_wrong_class_says_which_class_it_has():
    from unlev.lang.diagnostics import DesError
    from unlev.lang.frontend import compile_text
    src = 'LEVEL:"t"\nMONSTER:(\'d\',"newt"),random\nOBJECT:(\'[\',"large box"),random\n'
    try:
        compile_text(src)
    except DesError as e:
        hints = [d.hint for d in e.diagnostics]
    else:
        raise AssertionError("accepted a newt of class d")
    assert hints == ['"newt" is a monster of class \':\': write (\':\', "newt")',
                     '"large box" is an object of class \'(\': write (\'(\', "large box")']
