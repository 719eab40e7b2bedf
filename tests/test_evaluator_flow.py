"""The evaluator's control flow, scoping and functions, against lev_comp.y's code
generation and spo_lev.c's interpreter: IF/ELSE, [N%], SWITCH, LOOP, FOR, BREAK, EXIT,
SHUFFLE, FUNCTION frames, INCLUDE, failed rooms and the step limit."""

from __future__ import annotations

from collections import Counter

import pytest

from evalkit import messages, run, run_compiled
from unlev.lang.level_builder import RecordingBuilder
from unlev.lang.diagnostics import DesError
from unlev.lang.evaluator import DEFAULT_STEP_LIMIT
from unlev.lang.frontend import compile_file


# ====================================================================== IF and [N%]
@pytest.mark.parametrize("cond, taken", [
    ("[1 == 1]", True), ("[1 == 2]", False), ("[1 != 2]", True), ("[2 != 2]", False),
    ("[1 < 2]", True), ("[2 < 2]", False), ("[2 <= 2]", True), ("[3 <= 2]", False),
    ("[3 > 2]", True), ("[2 > 2]", False), ("[2 >= 2]", True), ("[1 >= 2]", False),
    ("[1 <> 2]", True), ("[7]", True), ("[0]", False), ("[(-1)]", True), ("[2 - 2]", False),
    ("[100%]", True), ("[0%]", False),
])
def test_if_all_condition_forms(cond, taken):
    assert messages(f'IF {cond} {{ MESSAGE: "then" }}\nMESSAGE: "next"') == (
        ["then", "next"] if taken else ["next"])
    assert messages(f'IF {cond} {{ MESSAGE: "then" }} ELSE {{ MESSAGE: "else" }}') == (
        ["then"] if taken else ["else"])
    assert messages(f'{cond}: MESSAGE: "one"') == (["one"] if taken else [])


def test_if_on_variables_and_nested_if():
    body = ('$a = 5\n$b = 3\n'
            'IF [$a > $b] { IF [$a - $b == 2] { MESSAGE: "x" } ELSE { MESSAGE: "y" } } '
            'ELSE { MESSAGE: "z" }')
    assert messages(body) == ["x"]


@pytest.mark.parametrize("percent", [10, 30, 75])
def test_percent_chance_is_statistically_n_percent(percent):
    # comparestmt PERCENT: val > rn2(100)
    r = run(f'LOOP [2000] {{ [{percent}%]: MESSAGE: "hit" }}', seed=percent)
    hits = len(r.messages())
    expected = 2000 * percent / 100
    sigma = (2000 * percent / 100 * (1 - percent / 100)) ** 0.5
    assert abs(hits - expected) < 4 * sigma


def test_if_percent_with_else_is_statistical_too():
    r = run('LOOP [2000] { IF [40%] { MESSAGE: "a" } ELSE { MESSAGE: "b" } }', seed=2)
    c = Counter(r.messages())
    assert c["a"] + c["b"] == 2000
    assert abs(c["a"] - 800) < 4 * (2000 * 0.4 * 0.6) ** 0.5


def test_chance_statement_with_a_comparison():
    assert messages('$x = 3\n[$x == 3]: MESSAGE: "yes"\n[$x]: MESSAGE: "true"\n'
                    '[$x - 3]: MESSAGE: "false"') == ["yes", "true"]


# ====================================================================== SWITCH
def switch_src(value):
    return (f"SWITCH [{value}] {{\n"
            ' CASE 0: MESSAGE: "0"\n BREAK\n'
            ' CASE 1: MESSAGE: "1"\n'            # falls through to 2
            ' CASE 2: MESSAGE: "2"\n BREAK\n'
            ' CASE 3: MESSAGE: "3"\n'
            ' DEFAULT: MESSAGE: "d"\n'
            ' CASE 5: MESSAGE: "5"\n'
            '}\nMESSAGE: "end"')


@pytest.mark.parametrize("value, out", [
    (0, ["0", "end"]),
    (1, ["1", "2", "end"]),               # fall-through without BREAK
    (2, ["2", "end"]),
    (3, ["3", "d", "5", "end"]),          # through DEFAULT into the next CASE
    (4, ["d", "5", "end"]),               # no case: DEFAULT, wherever it is
    (5, ["5", "end"]),
    (9, ["d", "5", "end"]),
])
def test_switch_on_an_expression_is_used_as_is(value, out):
    assert messages(f"$v = {value}\n" + switch_src("$v")) == out
    if value:
        assert messages(switch_src(f"{value}d1")) == out   # dice are used as is too


def test_switch_without_a_match_or_default_does_nothing():
    body = 'SWITCH [$v] { CASE 1: MESSAGE: "1" CASE 2: MESSAGE: "2" }\nMESSAGE: "end"'
    assert messages("$v = 7\n" + body) == ["end"]
    assert messages("$v = 2\n" + body) == ["2", "end"]


def test_constant_switch_is_a_uniform_random_choice():
    # lev_comp adds SPO_RN2 when the value is a constant: SWITCH [4] is rn2(4)
    body = ('LOOP [4000] { SWITCH [4] { CASE 0: MESSAGE: "0" BREAK CASE 1: MESSAGE: "1" BREAK '
            'CASE 2: MESSAGE: "2" BREAK CASE 3: MESSAGE: "3" BREAK DEFAULT: MESSAGE: "x" } }')
    c = Counter(messages(body, seed=4))
    assert set(c) == {"0", "1", "2", "3"}
    sigma = (4000 * 0.25 * 0.75) ** 0.5
    assert all(abs(n - 1000) < 4 * sigma for n in c.values())


def test_constant_switch_arithmetic_is_still_constant_and_one_means_zero():
    c = Counter(messages('LOOP [300] { SWITCH [2 * 3] { CASE 5: MESSAGE: "5" BREAK '
                         'DEFAULT: MESSAGE: "x" } }'))
    assert 20 < c["5"] < 90 and c["5"] + c["x"] == 300
    assert messages('SWITCH [1] { CASE 0: MESSAGE: "zero" BREAK CASE 1: MESSAGE: "one" }') == ["zero"]


def test_switch_inside_a_loop_break_leaves_only_the_switch():
    body = ('LOOP [3] { SWITCH [$n] { CASE 0: MESSAGE: "c0" BREAK MESSAGE: "no" } '
            'MESSAGE: "after" }')
    assert messages("$n = 0\n" + body) == ["c0", "after"] * 3


# ====================================================================== LOOP and FOR
@pytest.mark.parametrize("count, times", [(3, 3), (1, 1), (0, 1), ("(-5)", 1), ("2 * 3", 6)])
def test_loop_runs_count_times_and_at_least_once(count, times):
    assert messages(f'LOOP [{count}] {{ MESSAGE: "x" }}') == ["x"] * times


def test_loop_count_is_read_once_even_if_the_body_changes_it():
    r = run('$n = 3\nLOOP [$n] { $n = $n + 10\nMESSAGE: string($n) }')
    assert r.messages() == ["13", "23", "33"]
    assert r.var("$n") == 33


def test_loop_with_dice_count_draws_once():
    for seed in range(1, 6):
        r = run('$c = 0\nLOOP [2d4] { $c = $c + 1 }\nMESSAGE: string($c)', seed=seed)
        assert 2 <= r.var("$c") <= 8


def test_for_counts_up_inclusive_and_leaves_end_plus_step():
    r = run('FOR $i = 1 TO 4 { MESSAGE: string($i) }')
    assert r.messages() == ["1", "2", "3", "4"]
    assert r.var("$i") == 5


def test_for_counts_down_inclusive():
    r = run('FOR $i = 3 TO (-1) { MESSAGE: string($i) }')
    assert r.messages() == ["3", "2", "1", "0", "-1"]
    assert r.var("$i") == -2


def test_for_with_start_equal_to_end_runs_once_with_step_zero():
    r = run('FOR $i = 2 .. 2 { MESSAGE: string($i) }')
    assert r.messages() == ["2"]
    assert r.var("$i") == 2       # step = sign(end - start) = 0


def test_for_bounds_are_expressions_evaluated_once():
    r = run('$n = 3\nFOR $i = $n - 2 TO $n * 2 { $n = 100 }\nMESSAGE: string($i)')
    assert r.messages() == ["7"]


def test_for_compares_the_variable_before_stepping_it():
    # the body may move the variable; the loop ends when it equals the end after a round
    r = run('FOR $i = 0 TO 7 { MESSAGE: string($i)\n$i = $i + 1 }')
    assert r.messages() == ["0", "2", "4", "6"]
    assert r.var("$i") == 8


def test_nested_for_over_the_same_variable_shares_the_hidden_bounds():
    # lev_comp keeps "$i end" and "$i step" as frame variables: the inner FOR overwrites
    # the outer one's, so after the inner loop ($i = 5, end 5, step 0) the outer one stops.
    r = run('FOR $i = 1 TO 3 { MESSAGE: "o"\nFOR $i = 5 TO 5 { MESSAGE: "i" } }')
    assert r.messages() == ["o", "i"]
    assert r.var("$i") == 5


def test_nested_for_loops():
    r = run('FOR $x = 1 TO 2 { FOR $y = 1 TO 3 { MESSAGE: string($x) . string($y) } }')
    assert r.messages() == ["11", "12", "13", "21", "22", "23"]
    assert (r.var("$x"), r.var("$y")) == (3, 4)


# ====================================================================== BREAK and EXIT
def test_break_leaves_a_loop():
    assert messages('LOOP [5] { MESSAGE: "a"\nBREAK\nMESSAGE: "b" }\nMESSAGE: "after"') == ["a", "after"]


def test_break_from_an_if_leaves_the_for_and_keeps_the_variable():
    r = run('FOR $x = 1 TO 10 { MESSAGE: string($x)\nIF [$x == 3] { BREAK } }\nMESSAGE: "after"')
    assert r.messages() == ["1", "2", "3", "after"]
    assert r.var("$x") == 3


def test_break_leaves_only_the_innermost_loop():
    body = 'LOOP [2] { MESSAGE: "o"\nLOOP [3] { MESSAGE: "i"\nBREAK }\nMESSAGE: "back" }'
    assert messages(body) == ["o", "i", "back"] * 2


def test_break_in_room_contents_closes_the_room_and_stays_in_the_loop():
    r = run('LOOP [2] { ROOM: "ordinary", random, random, random, random {\n'
            'MESSAGE: "in"\nBREAK\nMESSAGE: "no" }\nMESSAGE: "after" }')
    assert r.names() == ["level"] + ["room", "message", "endroom", "message"] * 2 + ["endlevel"]
    assert r.messages() == ["in", "after"] * 2


def test_break_in_a_subroom_and_in_region_contents():
    r = run('ROOM: "ordinary", random, random, random, (8,6) {\n'
            '  SUBROOM: "ordinary", random, (1,1), (2,2) { MESSAGE: "sub"\nBREAK\nMESSAGE: "no" }\n'
            '  MESSAGE: "outer" }\n'
            'REGION: (1,1,5,5), lit, "ordinary" { MESSAGE: "reg"\nBREAK\nMESSAGE: "no" }\n'
            'MESSAGE: "end"')
    assert r.messages() == ["sub", "outer", "reg", "end"]
    assert r.names() == ["level", "room", "room", "message", "endroom", "message", "endroom",
                         "region", "message", "endregion", "message", "endlevel"]
    assert r.of("room")[1]["subroom"] is True


def test_break_in_a_container_and_in_a_monster_inventory():
    r = run('LOOP [2] {\n'
            'CONTAINER: (\'(\', "chest"), (1,1) { OBJECT: \'!\'\nBREAK\nOBJECT: \'?\' }\n'
            'MONSTER: \'d\', (2,2) { OBJECT: \'%\'\nBREAK\nOBJECT: \'?\' }\n'
            'MESSAGE: "after" }')
    once = ["container", "object", "endcontainer", "monster", "object", "endmonster", "message"]
    assert r.names() == ["level"] + once * 2 + ["endlevel"]
    assert [o["object"].cls for o in r.of("object")] == ["!", "%", "!", "%"]


def test_exit_ends_the_level_from_anywhere():
    body = ('FUNCTION stop() { LOOP [3] { MESSAGE: "in"\nEXIT } }\n'
            'MESSAGE: "a"\nstop()\nMESSAGE: "never"')
    r = run(body)
    assert r.messages() == ["a", "in"]
    assert r.names()[-1] == "endlevel"
    r = run('FOR $i = 1 TO 5 { IF [$i == 2] { EXIT }\nMESSAGE: string($i) }\nMESSAGE: "never"')
    assert r.messages() == ["1"]
    assert r.var("$i") == 2


# ====================================================================== SHUFFLE
def test_shuffle_is_a_permutation_and_deterministic_per_seed():
    body = '$a = { 1, 2, 3, 4, 5, 6, 7, 8 }\nSHUFFLE: $a\n$s = { "x", "y" }\nSHUFFLE: $s'
    orders = set()
    for seed in range(1, 11):
        a = run(body, seed=seed).var("$a")
        assert sorted(a) == [1, 2, 3, 4, 5, 6, 7, 8]
        assert run(body, seed=seed).var("$a") == a
        orders.add(tuple(a))
    assert len(orders) >= 8


def test_shuffled_array_feeds_later_statements():
    r = run('$p = { (1,1), (2,2), (3,3) }\nSHUFFLE: $p\nOBJECT: \'!\', $p[0]\nOBJECT: \'?\', $p[2]',
            seed=3)
    coords = [o["coord"] for o in r.of("object")]
    assert coords == [r.var("$p")[0], r.var("$p")[2]]


# ====================================================================== functions and scopes
def test_function_parameters_bind_in_order_and_locals_vanish():
    header = ('FUNCTION f($x:int, $s:string, $y:integer) {\n'
              '  $loc = $x * 10 + $y\n  MESSAGE: $s . string($loc)\n  $x = 0 }\n')
    r = run('$x = 1\n$loc = 99\nf(4, "v=", 2)\nMESSAGE: string($x) . "/" . string($loc)', header=header)
    assert r.messages() == ["v=42", "1/99"]
    assert set(r.ev.frame.values) == {"$x", "$loc"}


def test_function_body_does_not_see_the_callers_variables():
    # the parser knows $v inside f (defined in a branch never taken); at run time the
    # function's frame must not find the caller's $v
    header = 'FUNCTION f() { IF [0] { $v = 1 }\nMESSAGE: string($v) }\n'
    with pytest.raises(DesError) as e:
        run("$v = 5\nf()", header=header)
    assert "'$v' not defined" in str(e.value)
    assert e.value.span.line == 2


def test_function_calls_get_fresh_frames_and_may_call_each_other():
    header = ('FUNCTION inner($n:int) { $t = $n * 2\nMESSAGE: string($t) }\n'
              'FUNCTION outer($n:int) { $t = 1\ninner($n + 1)\nMESSAGE: string($t) }\n')
    assert messages('outer(3)\nouter(10)', header=header) == ["8", "1", "22", "1"]


def test_function_defined_in_a_branch_not_taken_still_exists():
    # lev_comp defines functions at compile time, wherever they are written
    r = run('IF [0] { FUNCTION g() { MESSAGE: "g" } }\ng()\ng()')
    assert r.messages() == ["g", "g"]


def test_function_loops_and_break_inside_the_function():
    header = 'FUNCTION count($n:int) { FOR $i = 1 TO $n { IF [$i > 2] { BREAK }\nMESSAGE: string($i) } }\n'
    assert messages('count(5)\ncount(1)', header=header) == ["1", "2", "1"]


def test_included_functions(tmp_path):
    (tmp_path / "lib.des").write_text(
        'FUNCTION greet($who:string) { MESSAGE: "hello " . $who }\n')
    main = tmp_path / "main.des"
    main.write_text('INCLUDE "lib.des"\nLEVEL: "main"\ngreet("you")\ngreet("me")\n')
    r = run_compiled(compile_file(str(main)))
    assert r.messages() == ["hello you", "hello me"]
    assert r.of("message")[0]["span"].file.endswith("lib.des")


def test_included_levels_are_levels_of_the_including_file(tmp_path):
    # lev_comp compiles the LEVELs of an INCLUDEd file as its own, before the rest.
    (tmp_path / "lib.des").write_text('LEVEL: "lib"\nMESSAGE: "lib level"\n')
    main = tmp_path / "main.des"
    main.write_text('INCLUDE "lib.des"\nLEVEL: "main"\nMESSAGE: "main level"\n')
    compiled = compile_file(str(main))
    assert [lv.name for lv in compiled.tree.levels] == ["lib", "main"]


def test_each_level_starts_with_fresh_variables():
    r = run('$a = 1\nLEVEL: "second"\n$b = 2')
    assert r.ev.frame.values == {"$b": 2}


# ====================================================================== rooms that fail
def test_failed_room_skips_its_contents_and_subrooms():
    b = RecordingBuilder()
    b.fail_rooms = True
    r = run('ROOM: "ordinary", random, random, random, random {\n'
            '  MESSAGE: "in"\n'
            '  SUBROOM: "ordinary", random, (1,1), (2,2) { MESSAGE: "sub" }\n'
            '  EXIT }\n'
            'MESSAGE: "after"', builder=b)
    assert r.names() == ["level", "room", "endroom", "message", "endlevel"]
    assert r.messages() == ["after"]


def test_room_contents_run_when_the_room_is_built():
    r = run('ROOM: "ordinary", random, random, random, random {\n'
            '  MESSAGE: "in"\n  SUBROOM: "ordinary", random, (1,1), (2,2) { MESSAGE: "sub" } }')
    assert r.names() == ["level", "room", "message", "room", "message", "endroom", "endroom",
                         "endlevel"]


# ====================================================================== the step limit
def test_runaway_loop_stops_with_a_clear_error_and_span():
    with pytest.raises(DesError) as e:
        run('$x = 0\nLOOP [1000000000] {\n  $x = $x + 1\n}', step_limit=5000)
    assert "more than 5000 steps" in str(e.value)
    assert e.value.span.line in (3, 4)


@pytest.mark.parametrize("body", ["LOOP [2000000000] { }", "FOR $i = 0 TO 2000000000 { }"])
def test_empty_runaway_loops_are_stopped_too(body):
    with pytest.raises(DesError) as e:
        run(body, step_limit=10000)
    assert "steps" in str(e.value)
    assert e.value.span.line == 2


def test_runaway_for_whose_body_skips_the_end():
    with pytest.raises(DesError):
        run('FOR $i = 0 TO 5 { $i = 10 }', step_limit=3000)


def test_step_limit_is_configurable():
    body = 'LOOP [3000] { MESSAGE: "x" }'
    with pytest.raises(DesError):
        run(body, step_limit=2000)
    assert len(run(body, step_limit=10000).messages()) == 3000
    assert DEFAULT_STEP_LIMIT >= 65536
