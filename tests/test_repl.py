"""The REPL: fragments against a live level (unlev.lang.session), the engine fed line by
line (unlev.tools.repl.core.Repl), the piped-stdin CLI, and the terminal front end's pieces."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from unlev.generate.game_builder import GameBuilder
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file
from unlev.lang.session import FragmentSession, UNSET, needs_more
from unlev.model.level import Level
from unlev.tools.repl.core import MORE, PROMPT, Repl
from unlev.tools.repl.view import map_rows
from unlev.generate.build import build_level
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG

REPO = Path(__file__).resolve().parent.parent

YARD = """\
# two small levels for the REPL's tests
FUNCTION ring($r:int) {
  TERRAIN: circle((20,8), $r), 'P'
}

LEVEL: "yard"
FLAGS: noteleport
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
-----------------------------------------
""" + "|.......................................|\n" * 15 + """\
-----------------------------------------
ENDMAP
$floor = selection: fillrect (1,1,39,15)
FOR $i = 1 TO 3 {
  OBJECT: random, random
}
ring(4)
MONSTER: random, random

LEVEL: "yard2"
TERRAIN: fillrect (2,2,12,6), '.'
"""


@pytest.fixture
def yard(tmp_path):
    path = tmp_path / "yard.des"
    path.write_text(YARD)
    return str(path)


# ============================================================== the language layer
@pytest.fixture
def session():
    rng = RNG(3)
    s = FragmentSession(GameBuilder(rng, Level()), rng)
    s.start()
    return s


def run(session, text):
    frag = session.parse(text)
    assert frag.kind == "statements"
    session.run(frag)
    return frag


def test_variables_and_functions_persist_between_fragments(session):
    run(session, "$n = 3")
    run(session, "FUNCTION dig($w:int) { FOR $i = 1 TO $w { TERRAIN: coord($i, 1), '.' } }")
    run(session, "dig($n + 1)")
    lv = session.builder.level
    # no MAP: coordinates are relative to (1,0), so x 1..4 lands on x 2..5
    assert [lv.typ_at(x, 1) for x in range(1, 7)] == [T.STONE] + [T.ROOM] * 4 + [T.STONE]
    assert session.vars["$n"] == ("int", False)
    assert "dig" in session.functions


def test_lexer_types_variables_from_earlier_fragments(session):
    run(session, "$s = selection: rect (1,1,5,5)")
    # `$s` lexes as a selection only because the session remembers its type
    frag = session.parse("grow($s)")
    assert (frag.kind, frag.vtype) == ("expression", "selection")
    assert len(session.evaluate(frag).selection) == 7 * 7 - 1   # all but the centre


def test_expression_kinds(session):
    run(session, "$x = 4")
    shown = session.evaluate(session.parse("$x * 5 + 1"))
    assert (shown.vtype, shown.value, shown.selection) == ("int", 21, None)
    shown = session.evaluate(session.parse("(3,4)"))
    assert shown.vtype == "selection" and shown.selection.points() == [(4, 4)]
    shown = session.evaluate(session.parse("(2,2,4,3)"))
    assert shown.vtype == "region" and len(shown.selection) == 6
    shown = session.evaluate(session.parse('"a" . "b"'))
    assert (shown.vtype, shown.value) == ("string", "ab")
    lone = session.parse("$x")
    assert lone.kind == "variable" and session.evaluate(lone).value == 4


def test_fragment_errors_point_into_the_input(session):
    with pytest.raises(DesError) as e:
        session.parse("TERRAIN: fillrect (1,1,10,10) '.'")
    span = e.value.span
    assert (span.file, span.line, span.col) == ("<input 1>", 1, 31)
    with pytest.raises(DesError) as e:
        session.parse("IF [50%] {\n  MONSTER: 'd', (1,1)\n  $q\n}")
    assert (e.value.span.line, e.value.span.col) == (4, 1)
    # an expression's error is the expression's, not the statement grammar's
    with pytest.raises(DesError) as e:
        session.parse("circle((40,10), 6, 7)")
    assert e.value.span.col == 20


def test_failed_fragment_commits_nothing(session):
    with pytest.raises(DesError):
        session.parse("$a = 1\nTERRAIN: nonsense")
    assert "$a" not in session.vars
    with pytest.raises(DesError, match="redefine"):
        run(session, "$a = 1")
        session.parse('$a = "text"')


def test_variable_typed_in_a_branch_not_taken_is_unset(session):
    run(session, "IF [0%] { $never = 2 }")
    assert ("$never", "int", False, UNSET) in session.variables()
    with pytest.raises(DesError, match="not defined"):
        session.evaluate(session.parse("$never"))


def test_preview_rng_leaves_the_level_stream_alone(session):
    before = session.evaluator.rng.calls
    session.evaluate(session.parse("filter(50%, fillrect (1,1,40,15))"), RNG(9))
    assert session.evaluator.rng.calls == before
    assert session.builder.rng is session.evaluator.rng


def test_start_from_a_file_level_keeps_its_variables(yard):
    compiled = compile_file(yard)
    rng = RNG(0)
    s = FragmentSession(GameBuilder(rng, Level()), rng)
    s.start(compiled.tree.levels[0], compiled.tree.header, compiled.sources)
    assert s.vars["$floor"] == ("selection", False)
    assert s.vars["$i"] == ("int", False)
    assert "ring" in s.functions
    assert s.evaluator.frame.values["$i"] == 4     # a FOR variable ends past its bound
    shown = s.evaluate(s.parse("$floor"))
    assert len(shown.selection) == 39 * 15


@pytest.mark.parametrize("text, more", [
    ("IF [50%] {", True), ("IF [50%] {\n}", False), ("MAP\n...", True),
    ("MAP\n...\nENDMAP", False), ("TERRAIN: (1,1),", True), ("circle((1,1),", True),
    ("TERRAIN: (1,1), '{'", False), ('MESSAGE: "{"', False), ("(3,4)", False),
])
def test_needs_more(text, more):
    assert needs_more(text) is more


# ============================================================== the engine
def make(**kw):
    out = io.StringIO()
    repl = Repl(out=out, **kw)
    return repl, out


def feed(repl, out, *lines):
    out.seek(0)
    out.truncate()
    for line in lines:
        repl.feed(line)
    return out.getvalue()


def grid_of(text):
    """The 21 map rows of a drawing (ruler and labels removed), padded to 80."""
    lines = text.split("\n")
    start = next(i for i, l in enumerate(lines) if l.startswith("  0 ") or l == "  0")
    return [l[4:].ljust(80) for l in lines[start:start + 21]]


def test_selection_is_drawn_with_its_point_count():
    repl, out = make()
    text = feed(repl, out, "rect (10,2,14,4)")
    rows = grid_of(text)
    # relative x 10..14 are absolute 11..15 (the default origin is (1,0))
    assert rows[2][11:16] == "*****" and rows[2][10] == " " and rows[2][16] == " "
    assert rows[3][11:16] == "*   *"
    assert sum(r.count("*") for r in rows) == 12
    assert "selection: 12 points, (10,2) to (14,4)" in text
    assert repl.history == []                # a preview is not a statement


def test_statement_runs_and_redraws():
    repl, out = make()
    text = feed(repl, out, "TERRAIN: fillrect (0,0,2,1), 'L'")
    rows = grid_of(text)
    assert rows[0][1:4] == "}}}" and rows[1][1:4] == "}}}" and rows[2][1:4] == "   "
    assert "6 cells changed" in text
    assert Repl.level.fget(repl).typ_at(1, 0) == T.LAVAPOOL


def test_multiline_block_prompts_for_more_and_runs_once_closed():
    repl, out = make()
    repl.feed("$n = 2")
    repl.feed("IF [100%] {")
    assert repl.prompt == MORE
    repl.feed("  LOOP [$n] { OBJECT: '[', (5,5) }")
    assert repl.level.objects == []       # nothing has run yet
    text = feed(repl, out, "} ELSE {", "  $n = 7", "}")
    assert repl.prompt == PROMPT
    assert len(repl.level.objects) == 2
    assert "+2 objects" in text
    assert repl.session.evaluator.frame.values["$n"] == 2


def test_syntax_error_prints_a_caret_under_the_input_and_goes_on():
    repl, out = make()
    text = feed(repl, out, "TERRAIN: fillrect (1,1,10,10) '.'")
    lines = text.split("\n")
    i = lines.index("error: syntax error at \"'.'\"")
    assert lines[i + 1] == "  TERRAIN: fillrect (1,1,10,10) '.'"
    assert lines[i + 2] == "  " + " " * 30 + "^~~"
    text = feed(repl, out, "(1,1)")
    assert "selection: 1 point" in text


def test_runtime_error_leaves_the_level_as_it_was():
    repl, out = make()
    repl.feed("TERRAIN: fillrect (0,0,5,5), '.'")
    repl.feed("IF [0%] { $k = 1 }")
    before = repl.level.typ[:]
    text = feed(repl, out, "TERRAIN: fillrect (0,0,20,5), 'L'", "LOOP [$k] { TERRAIN: (0,0), 'T' }")
    assert "error: Variable '$k' not defined." in text
    assert "(the level is as it was before this input)" in text
    assert repl.level.typ_at(12, 3) == T.LAVAPOOL and repl.level.typ_at(1, 0) == T.LAVAPOOL
    feed(repl, out, ":undo")
    assert repl.level.typ == before


def test_vars_lists_types_values_and_functions():
    repl, out = make()
    for line in ("$c = (12,5)", "$s = selection: line (1,1)-(4,1)", "$names = { \"a\", \"b\" }",
                 "FUNCTION f($k:int, $t:string) { }"):
        repl.feed(line)
    text = feed(repl, out, ":vars")
    assert text.split("\n")[:4] == [
        "$c             coord            (12,5)",
        '$names         string array     {"a", "b"}',
        "$s             selection        selection of 4 points",
        "FUNCTION f(k:int, t:string)",
    ]


def test_seed_rebuilds_with_the_same_statements():
    repl, out = make(seed=1)
    repl.feed("TERRAIN: fillrect (0,0,40,10), '.'")
    repl.feed("LOOP [6] { MONSTER: random, random }")
    first = [(m.x, m.y) for m in repl.level.monsters]
    feed(repl, out, ":seed 2")
    second = [(m.x, m.y) for m in repl.level.monsters]
    assert len(second) >= 6 and first != second
    feed(repl, out, ":seed 1")
    assert [(m.x, m.y) for m in repl.level.monsters] == first


def test_previews_do_not_change_what_statements_draw():
    plain, out1 = make(seed=5)
    peeked, out2 = make(seed=5)
    for repl in (plain, peeked):
        repl.feed("TERRAIN: fillrect (0,0,40,10), '.'")
    peeked.feed("filter(50%, fillrect (0,0,40,10))")
    peeked.feed("rndcoord(fillrect (0,0,40,10))")
    for repl in (plain, peeked):
        repl.feed("TERRAIN: filter(30%, fillrect (0,0,40,10)), 'T'")
    assert plain.level.typ == peeked.level.typ


def test_save_writes_a_des_file_that_makes_the_same_level(tmp_path):
    repl, out = make(seed=11)
    for line in ("FLAGS: noteleport", "TERRAIN: fillrect (0,0,30,8), '.'", "$where = (5,5)",
                 "MONSTER: random, $where", "OBJECT: random, random", "TERRAIN: (0,0), '#'",
                 "TERRAIN: bogus"):
        repl.feed(line)
    path = tmp_path / "mine.des"
    text = feed(repl, out, f":save {path}")
    assert f"wrote {path}: 6 statements" in text
    saved = path.read_text()
    assert 'LEVEL: "mine"\nFLAGS: noteleport\n' in saved and "bogus" not in saved
    level = build_level(compile_file(str(path)), seed=11, finish=False, post_mklev=False)
    assert level.typ == repl.level.typ
    assert [(m.x, m.y, m.id) for m in level.monsters] == \
        [(m.x, m.y, m.id) for m in repl.level.monsters]
    assert [(o.x, o.y, o.id) for o in level.objects] == [(o.x, o.y, o.id) for o in repl.level.objects]
    assert level.flags.noteleport and repl.level.flags.noteleport
    assert "1 statement typed" in feed(repl, out, ":undo", ":undo", ":undo", ":undo", ":undo", ":show")


def test_load_file_then_add_and_save(tmp_path, yard):
    repl, out = make(seed=4)
    text = feed(repl, out, f":load {yard}")
    assert f'LEVEL "yard" of {yard} (seed 4)' in text
    base = build_level(compile_file(yard), seed=4, finish=False, post_mklev=False)
    assert repl.level.typ == base.typ
    assert [(o.x, o.y) for o in repl.level.objects] == [(o.x, o.y) for o in base.objects]
    text = feed(repl, out, "$floor")   # the file's own variable
    assert "selection: 585 points" in text
    repl.feed("TERRAIN: filter(10%, $floor), 'T'")
    repl.feed("ring(2)")               # the file's own function
    repl.feed("FLAGS: hardfloor")
    path = tmp_path / "more.des"
    feed(repl, out, f":save {path}")
    saved = path.read_text()
    assert "FLAGS: noteleport,hardfloor\n" in saved and "yard2" not in saved
    again = build_level(compile_file(str(path)), seed=4, finish=False, post_mklev=False)
    assert again.typ == repl.level.typ and again.typ != base.typ
    assert again.flags.hardfloor
    text = feed(repl, out, ":level", ":level nope", ":level yard2")
    assert "levels: [yard], yard2" in text and "no LEVEL named 'nope'" in text
    assert repl.level.name == "yard2" and repl.history == []


def test_load_reports_file_errors_and_keeps_the_session(tmp_path):
    bad = tmp_path / "bad.des"
    bad.write_text('LEVEL: "bad"\nTERRAIN: (1,1)\n')
    repl, out = make()
    repl.feed("$x = 1")
    text = feed(repl, out, f":load {bad}")
    assert f"{bad}:2:" in text and "error" in text
    assert repl.session.vars == {"$x": ("int", False)}


def test_undefined_variable_hint_points_to_vars():
    repl, out = make()
    text = feed(repl, out, "filter(50%, $nosuch)")
    assert "hint: variable '$nosuch' is not defined (yet): :vars lists the variables" in text


def test_reset_unknown_command_and_quit():
    repl, out = make()
    repl.feed("$x = 1")
    text = feed(repl, out, ":reset", ":frobnicate", ":vars")
    assert "back to the empty level" in text
    assert "error: unknown command :frobnicate" in text
    assert "no variables or functions yet" in text
    repl.feed(":quit")
    assert repl.done


def test_map_block_over_several_lines():
    repl, out = make()
    text = feed(repl, out, "GEOMETRY:left,top", "MAP", "---", "|.|", "---", "ENDMAP")
    assert text.count("cells changed") == 1  # one input over six lines
    lines = text.split("\n")
    units = next(l for l in lines if l.lstrip().startswith("0123"))
    zero = units.index("0")                  # the ruler counts from the MAP's origin
    row0, row1 = (l.ljust(90) for l in lines if l.startswith("  0 ") or l.startswith("  1 "))
    assert row0[zero:zero + 4] == "--- " and row1[zero:zero + 4] == "|.| "
    assert row0[:zero].strip() == "0"
    assert repl.level.xstart == zero - 4


def test_file_errors_at_startup_are_des_errors(tmp_path):
    bad = tmp_path / "bad.des"
    bad.write_text('LEVEL: "bad"\nTERRAIN: (1,1)\n')
    with pytest.raises(DesError):
        Repl(str(bad), out=io.StringIO())


# ============================================================== piped stdin (the CLI)
def run_cli(args, stdin):
    env = dict(os.environ, UNLEV_HISTORY=os.devnull)
    return subprocess.run([sys.executable, "-m", "unlev", "repl", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120, cwd=REPO)


def test_scripted_session_through_stdin():
    script = "\n".join([
        "circle((40,10),3)",                         # a selection
        "TERRAIN: fillrect (30,5,50,15), '.'",       # a statement
        "IF [100%] {",                               # a multi-line block
        "  $spot = (40,10)",
        "  MONSTER: ('d', \"jackal\"), $spot",
        "}",
        "TERRAIN: (1,1) 'T'",                        # an error
        ":vars",
        ":quit",
        "(1,1)",                                     # never read
    ]) + "\n"
    res = run_cli(["--seed", "3"], script)
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "unlev> circle((40,10),3)" in out
    assert "selection: 16 points, (37,7) to (43,13)" in out
    assert "231 cells changed" in out
    assert "  ...> }" in out and "+1 monster" in out
    assert "error: syntax error at \"'T'\"\n  TERRAIN: (1,1) 'T'\n                 ^~~" in out
    assert "$spot          coord            (40,10)" in out
    assert "unlev> (1,1)" not in out
    assert "hint" not in out
    assert "Traceback" not in out + res.stderr


def test_cli_with_file_level_and_bad_file(tmp_path):
    yard = tmp_path / "yard.des"
    yard.write_text(YARD)
    res = run_cli([str(yard), "--level", "yard2", "--seed", "2", "--no-echo"], ":show\n")
    assert res.returncode == 0, res.stderr
    assert 'LEVEL "yard2"' in res.stdout and "seed 2" in res.stdout
    assert "unlev> " not in res.stdout
    bad = tmp_path / "bad.des"
    bad.write_text('LEVEL: "bad"\nTERRAIN: (1,1)\n')
    res = run_cli([str(bad)], "")
    assert res.returncode == 1
    assert f"{bad}:2:" in res.stderr and "Traceback" not in res.stderr
    res = run_cli([str(yard), "--level", "nope"], "")
    assert res.returncode == 2 and "no LEVEL named 'nope'" in res.stderr


def test_unterminated_input_at_end_of_stdin_is_reported():
    res = run_cli([], "IF [50%] {\n  $x = 1\n")
    assert res.returncode == 0
    assert "unexpected end of file" in res.stdout


# ============================================================== terminal pieces
def test_highlighting_styles_tokens():
    from unlev.tools.repl.prompt import highlight_line
    repl, _out = make()
    repl.feed("$x = 1")
    pieces = highlight_line("TERRAIN: circle($x, 2), '.'  $y", repl)
    assert "".join(t for _s, t in pieces) == "TERRAIN: circle($x, 2), '.'  $y"
    styles = {t: s for s, t in pieces}
    assert styles["TERRAIN"] == "class:keyword"
    assert styles["$x"] == "class:variable"
    assert styles["$y"] == "class:unknown-variable"
    assert styles["'.'"] == "class:string" and styles["2"] == "class:number"
    assert highlight_line(":vars", repl) == [("class:meta", ":vars")]


def test_completion_of_keywords_variables_functions_and_commands():
    from prompt_toolkit.document import Document
    from unlev.tools.repl.prompt import DesCompleter
    repl, _out = make()
    repl.feed("$monster_spot = (3,3)")
    repl.feed("FUNCTION make_pool() { }")
    comp = DesCompleter(repl)

    def complete(text):
        return {c.text for c in comp.get_completions(Document(text, len(text)), None)}
    assert "TERRAIN" in complete("TERR")
    assert complete("MONSTER: 'd', $mon") == {"$monster_spot"}
    assert "make_pool" in complete("make_")
    assert complete(":se") == {":seed"}
    assert "rndcoord" in complete("rndc")


def test_map_rows_show_monsters_over_terrain():
    repl, _out = make()
    repl.feed("TERRAIN: fillrect (0,0,3,0), '.'")
    repl.feed("MONSTER: ('d', \"jackal\"), (1,0)")
    assert map_rows(repl.level)[0][1:5] == ".d.."


def test_new_seed_drops_an_input_that_now_fails():
    def takes_branch(seed):
        repl, _out = make(seed=seed)
        repl.feed("IF [50%] { $z = 2 }")
        return "$z" in repl.session.evaluator.frame.values
    outcomes = {takes_branch(s): s for s in range(40)}
    assert set(outcomes) == {True, False}
    repl, out = make(seed=outcomes[True])
    repl.feed("IF [50%] { $z = 2 }")
    repl.feed("LOOP [$z] { OBJECT: '[', (3,3) }")
    assert len(repl.history) == 2 and len(repl.level.objects) == 2
    text = feed(repl, out, f":seed {outcomes[False]}")
    assert "error: Variable '$z' not defined. (in input 2, line 1)" in text
    assert "(input 2 failed this time and was dropped)" in text
    assert len(repl.history) == 1 and repl.level.objects == []


def test_a_fault_below_the_repl_does_not_end_the_session(monkeypatch):
    repl, out = make()
    repl.feed("TERRAIN: (1,1), '.'")

    def broken(frag):
        raise IndexError("boom")
    monkeypatch.setattr(repl.session, "run", broken)
    text = feed(repl, out, "TERRAIN: (2,2), 'L'")
    assert "error: internal error: IndexError: boom" in text
    assert repl.level.typ_at(2, 1) == T.ROOM and repl.level.typ_at(3, 2) == T.STONE
    assert "selection: 1 point" in feed(repl, out, "(5,5)")


def test_narrow_terminal_drawing_fits_80_columns():
    repl, out = make()
    repl.width = 80
    text = feed(repl, out, "rect (0,0,78,20)")
    lines = text.split("\n")[:-2]
    assert max(len(l) for l in lines) == 79
    assert lines[1].startswith("0123456789")     # x 1 is relative 0, at the left edge
    assert lines[2] == "*" * 79 and lines[3] == "*" + " " * 77 + "*"


# ============================================================== unfinished inputs (issue 18, 6)
def test_commands_work_inside_an_unfinished_input():
    repl, out = make()
    text = feed(repl, out, "circle((40,10),6", ":help")
    assert ":cancel" in text and "Type a selection expression" in text
    assert repl.buffer == ["circle((40,10),6"]          # the input still waits
    text = feed(repl, out, ")")
    assert "points" in text and not repl.buffer


def test_cancel_drops_the_unfinished_input_and_is_hinted():
    repl, out = make()
    text = feed(repl, out, "IF [50%] {")
    assert ":cancel drops it" in text
    text = feed(repl, out, ":cancel")
    assert "dropped" in text and not repl.buffer
    assert "nothing to cancel" in feed(repl, out, ":cancel")


def test_a_statement_after_a_broken_line_is_not_swallowed():
    repl, out = make()
    text = feed(repl, out, "circle((40,10),6", "TERRAIN: fillrect(1,1,3,3), 'L'")
    assert "unexpected end of file" in text               # the broken input is reported
    assert repl.level.count(T.LAVAPOOL) == 9               # and the statement ran
    assert not repl.buffer


def test_a_block_still_goes_on_over_statement_lines():
    repl, out = make()
    feed(repl, out, "IF [100%] {", "TERRAIN: fillrect(1,1,3,3), 'L'")
    assert len(repl.buffer) == 2                           # inside the block: waiting
    feed(repl, out, "}")
    assert repl.level.count(T.LAVAPOOL) == 9 and not repl.buffer
