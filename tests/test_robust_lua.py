"""A NetHack 3.7 Lua level file is held to the same limits as a des-file (issue 34):
the work of a ``des.*`` call is charged to the step limit and the error names the Lua
line of the call; Lua values are bounded by the ``lua_memory`` limit, so a doubling
string is one error line, not gigabytes."""

import time

import pytest

from unlev.cli import main

from tiers import quick_subset

pytest.importorskip("lupa")

INIT = 'des.level_init({ style = "solidfill", fg = " " })\n'


def run_lua(tmp_path, capsys, text):
    p = tmp_path / "x.lua"
    p.write_text(text)
    t0 = time.process_time()
    code = main(["run", str(p), "--seed", "1"])
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" not in err, err[-500:]
    return code, err, time.process_time() - t0


# each runs to the default step limit: the quick tier (the default run) keeps the three
# under ~0.3 s, the full tier (--full) all five
@pytest.mark.parametrize("call", quick_subset([
    'des.level_init({ style="mines", fg=".", bg=" ", smoothed=true, joined=true })',
    'des.replace_terrain({ region={0,0,78,20}, fromterrain=" ", toterrain=".", chance=50 })',
    'des.non_diggable(selection.area(0,0,78,20))',
    # calls whose Python work the Lua instruction count did not weigh (minutes each)
    'nh.rn2(5)',
    'des.map({ map = "...\\n...", x = 1, y = 1 })',
], {0, 1, 2}))
def test_the_work_of_a_des_call_is_charged_and_placed(tmp_path, capsys, call):
    code, err, seconds = run_lua(tmp_path, capsys,
                                 INIT + "for i = 1, 100000000 do\n  " + call + "\nend\n")
    assert code == 1 and 'UNLEV_LIMITS="steps=N"' in err, err
    assert "x.lua:3:1: error:" in err          # the line of the call, not line 0
    assert seconds < 20


@pytest.mark.parametrize("body, line", [
    # too few instructions for the hook to have noted a line: the error says line 1
    ('local s = "ab"\nfor i = 1, 60 do s = s .. s end\n', 1),
    ('local t = {}\nfor i = 1, 100000000 do t[i] = "abcdefghijklmnop" .. i end\n', 3),
])
def test_lua_memory_is_bounded(tmp_path, capsys, monkeypatch, body, line):
    monkeypatch.setenv("UNLEV_LIMITS", "lua_memory=50000000")
    code, err, seconds = run_lua(tmp_path, capsys, INIT + body)
    assert code == 1 and "took more than 50,000,000 bytes" in err, err
    assert 'UNLEV_LIMITS="lua_memory=N"' in err
    assert f"x.lua:{line}:1: error:" in err.split("\n")[0]
    assert seconds < 20


def test_a_real_sized_lua_level_is_under_the_memory_limit(tmp_path, capsys):
    code, err, _ = run_lua(tmp_path, capsys, INIT + 'local t = {}\nfor i = 1, 10000 do '
                           't[i] = "x" .. i end\ndes.terrain(selection.area(1,1,5,5), ".")\n')
    assert code == 0, err


@pytest.mark.parametrize("expr", ["selection.ellipse(40,10,2147483647,3)",
                                  "selection.circle(40,10,-2147483647)"])
def test_a_selections_radius_is_held_to_the_radius_limit(tmp_path, capsys, expr):
    """unlev convert writes a des-file's circle as selection.circle: the des-file's
    radius limit held, the Lua one did not (11 GB for the ellipse)."""
    code, err, seconds = run_lua(tmp_path, capsys, INIT + "local s = " + expr + "\n")
    assert code == 1 and "x.lua:2:1: error: a radius of" in err
    assert 'UNLEV_LIMITS="radius=N"' in err and seconds < 10


# the floodfill takes ~4.5 s to reach the default step limit: the full tier's (--full)
@pytest.mark.parametrize("body", quick_subset([
    "local s = selection.area(0,0,78,20)",
    "local s = selection.negate()",
    "local s = whole | selection.negate()",
    "local s = whole:clone()",
    "local s = selection.floodfill(1,1)",
], {0, 1, 2, 3}))
def test_a_loop_of_whole_map_selections_is_stopped_in_seconds(tmp_path, capsys, body):
    """A selection call is charged by the squares it works on: a whole-map one about
    50 steps, so a loop of them meets the step limit after some 20,000 calls, not
    after a million (about 2 minutes of CPU when each call cost 1)."""
    code, err, seconds = run_lua(tmp_path, capsys, INIT + "local whole = selection.negate()\n"
                                 "for i = 1, 100000000 do\n  " + body + "\nend\n")
    assert code == 1 and 'UNLEV_LIMITS="steps=N"' in err, err
    assert "x.lua:4:1: error:" in err
    assert seconds < 10


def test_small_selections_and_reading_squares_stay_cheap(tmp_path, capsys):
    """What NetHack 3.7's test_sel.lua does -- tens of thousands of ``get`` on whole-map
    selections, thousands of small ones -- stays far under the step limit: a one-square
    call is charged as a call, a small selection by its few squares."""
    code, err, _ = run_lua(tmp_path, capsys, INIT + (
        "local whole = selection.negate()\n"
        "local n = 0\n"
        "for i = 1, 80000 do n = n + whole:get(i % 78, i % 21) end\n"
        "for i = 1, 20000 do local s = selection.area(1,1,3,3) | selection.new() end\n"
        "assert(n == 80000)\n"))
    assert code == 0, err
