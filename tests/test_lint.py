"""unlev.tools.lint: each finding on a small des-file, its exact place and format, and the
``unlev lint`` command."""

from __future__ import annotations

import textwrap

import pytest

from unlev.cli import main
from unlev.lang.frontend import compile_text
from unlev.tools.lint import CODES, code_of, lint_tree


def lint(text: str, ignore=()):
    compiled = compile_text(textwrap.dedent(text), "l.des")
    found = lint_tree(compiled.tree, "l.des", ignore)
    return found, compiled


def codes(found):
    return [code_of(d) for d in found]


CLEAN = """\
LEVEL: "clean"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
-------
|..+..|
-------
ENDMAP
DOOR: locked, (3,1)
$places = { (1,1), (5,1) }
SHUFFLE: $places
STAIR: $places[0], up
STAIR: $places[rnd(2)], down
REGION: (1,1,5,1), lit, "ordinary"
"""


def test_clean_file_has_no_findings():
    found, _ = lint(CLEAN)
    assert found == []


def test_map_rows_of_unequal_length():
    found, compiled = lint(CLEAN.replace("|..+..|\n", "|..+..\n"))
    assert codes(found) == ["map-rows"]
    d = found[0]
    assert (d.span.line, d.span.col) == (6, 7)
    assert "MAP row 2 is 6 characters wide, the widest is 7" in d.message


def test_door_in_map_without_door_statement():
    found, compiled = lint(CLEAN.replace("DOOR: locked, (3,1)\n", ""))
    assert codes(found) == ["map-door"]
    text = found[0].format(compiled.sources)
    assert text.splitlines()[:3] == [
        "l.des:6:4: warning: '+' at map (3,1) has no DOOR statement: it stays an empty "
        "doorway [map-door]",
        "|..+..|",
        "   ^"]


def test_door_statement_with_unknown_cells_silences_map_door():
    found, _ = lint(CLEAN.replace("DOOR: locked, (3,1)", "DOOR: locked, rndcoord(fillrect(0,0,6,2))"))
    assert "map-door" not in codes(found)


def test_coordinate_outside_the_map():
    found, compiled = lint(CLEAN.replace("{ (1,1), (5,1) }", "{ (1,1), (7,1) }"))
    assert codes(found) == ["outside-map"]
    assert "(7,1) is outside the 7x3 MAP" in found[0].message
    assert (found[0].span.line, found[0].span.col) == (10, 20)


def test_region_reaching_outside_the_map():
    found, _ = lint(CLEAN.replace("REGION: (1,1,5,1)", "REGION: (1,1,5,3)"))
    assert codes(found) == ["outside-map"]
    assert "region (1,1,5,3) reaches outside the 7x3 MAP" in found[0].message


@pytest.mark.parametrize("stmt", [
    "TELEPORT_REGION: (5,1,1,1), (0,0,0,0), down",
    "STAIR: levregion(60,5,20,9), (0,0,0,0), down",
    "$r = region(5,2,1,1)",
])
def test_swapped_corners(stmt):
    found, _ = lint(CLEAN + stmt + "\n")
    assert codes(found) == ["swapped"]
    assert "has its corners swapped" in found[0].message


def test_room_relative_coordinates_are_not_checked_against_the_map():
    found, _ = lint("""\
    LEVEL: "rooms"
    ROOM: "ordinary", random, random, random, (3,3) {
      OBJECT: '(', (2,2)
    }
    """)
    assert found == []


def test_coordinates_without_map_are_checked_against_the_level():
    found, _ = lint("""\
    LEVEL: "nomap"
    INIT_MAP: solidfill, '.'
    REPLACE_TERRAIN: (0,0,79,21), '.', 'T', 5%
    """)
    assert codes(found) == ["outside-map"]
    assert "reaches outside the level" in found[0].message


@pytest.mark.parametrize("index, shown", [("3", "3"), ("1d3", "1..3"), ("rnd(4)", "0..3"),
                                          ("rnd(3) + 1", "1..3"), ("(-1)", "-1")])
def test_array_index_that_can_wrap(index, shown):
    found, _ = lint(f"""\
    LEVEL: "arr"
    INIT_MAP: solidfill, '.'
    $a = {{ 1, 2, 3 }}
    $n = $a[{index}]
    """)
    assert codes(found) == ["index-wrap"]
    assert f"index of $a can be {shown} but the array has 3 elements" in found[0].message


def test_array_index_in_range_or_unknown_is_quiet():
    found, _ = lint("""\
    LEVEL: "arr"
    INIT_MAP: solidfill, '.'
    $a = { 1, 2, 3 }
    $i = 7
    $n = $a[rnd(3)]
    $m = $a[$i]
    $k = $a[rnd($a.length)]
    $j = $a[1d3 - 1]
    """)
    assert found == []


def test_dead_statements():
    found, _ = lint("""\
    FUNCTION unused() {
      MESSAGE: "never"
    }
    LEVEL: "dead"
    INIT_MAP: solidfill, '.'
    [0%]: MESSAGE: "zero"
    IF [0%] { MESSAGE: "no" } ELSE { MESSAGE: "yes" }
    SWITCH [2] {
      CASE 0: MESSAGE: "a"
        BREAK
        MESSAGE: "after break"
      CASE 1: MESSAGE: "b"
        BREAK
      CASE 2: MESSAGE: "c"
        BREAK
      DEFAULT: MESSAGE: "d"
    }
    EXIT
    MESSAGE: "after exit"
    """)
    msgs = [d.message for d in found]
    assert set(codes(found)) == {"dead"}
    lines = sorted(d.span.line for d in found)
    assert lines == [1, 6, 7, 11, 14, 16, 19], msgs
    assert any("CASE 2 can never run: SWITCH [2] picks 0..1" in m for m in msgs)
    assert any("DEFAULT can never run" in m for m in msgs)
    assert any("FUNCTION unused is never called" in m for m in msgs)


def test_switch_fallthrough_keeps_a_case_alive():
    found, _ = lint("""\
    LEVEL: "fall"
    INIT_MAP: solidfill, '.'
    SWITCH [1] {
      CASE 0: MESSAGE: "a"
      CASE 5: MESSAGE: "reached by falling through"
        BREAK
    }
    """)
    assert found == []


def test_ignore_switches_a_code_off():
    found, _ = lint(CLEAN.replace("DOOR: locked, (3,1)\n", ""), ignore=["map-door"])
    assert found == []


def test_every_code_is_documented():
    import unlev.tools.lint as L
    for c in CODES:
        assert f"``{c}``" in L.__doc__


# ------------------------------------------------------------------ the command
def test_lint_command_output_and_exit_codes(tmp_path, capsys):
    bad = tmp_path / "bad.des"
    bad.write_text(CLEAN.replace("DOOR: locked, (3,1)\n", ""))
    good = tmp_path / "good.des"
    good.write_text(CLEAN)
    assert main(["lint", str(good)]) == 0
    assert main(["lint", str(tmp_path)]) == 1
    out, err = capsys.readouterr()
    # as unlev check: findings on stderr, the summary on stdout
    assert f"{bad}:6:4: warning: '+' at map (3,1)" in err
    assert out.splitlines() == ["0 warnings in 1 file", "1 warning in 2 files"]
    assert main(["lint", str(bad), "--exit-zero"]) == 0
    assert main(["lint", str(bad), "--ignore", "map-door"]) == 0


def test_lint_command_reports_syntax_errors_without_traceback(tmp_path, capsys):
    f = tmp_path / "broken.des"
    f.write_text('LEVEL: "x"\nSTAIR: (1,1), sideways\n')
    assert main(["lint", str(f)]) == 1
    _out, err = capsys.readouterr()
    assert f"{f}:2:" in err and "error:" in err and "Traceback" not in err
    assert main(["lint", str(tmp_path / "nothing-here")]) == 2
