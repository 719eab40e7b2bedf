"""The Lua runtime: sandbox, errors with positions, nh.* and nhlib helpers' draws."""

import pytest

pytest.importorskip("lupa")

from unlev.lang.diagnostics import DesError
from unlev.lua.runtime import LuaLevelError, run_lua_text
from unlev.output.render import display_rows
from unlev.stdlib.rng import RNG

BASE = 'des.level_init({ style = "solidfill", fg = " " })\n'


def run(text, seed=1, **kw):
    return run_lua_text(BASE + text, "t.lua", seed, name="test", finish=False, **kw)


@pytest.mark.parametrize("code", [
    'io.open("/etc/passwd")', 'os.execute("true")', 'require("os")', 'dofile("/etc/passwd")',
    'loadfile("/etc/passwd")', 'debug.getinfo(1)', 'package.loadlib("x", "y")',
    'load("return 1")()', 'python.eval("1")', 'string.dump(print)',
    'collectgarbage()',
])
def test_sandbox_refuses(code):
    with pytest.raises(DesError):
        run(code)


def test_python_objects_are_opaque():
    # a handle's Python attributes are not reachable
    with pytest.raises(Exception):
        run('local s = selection.new(); local h = rawget(s, "_h"); local c = h.__class__')
    with pytest.raises(Exception):
        run('local f = nh.rn2; local g = f.__globals__')


def test_cannot_write_files(tmp_path):
    target = tmp_path / "x.txt"
    with pytest.raises(DesError):
        run(f'local f = io.open("{target}", "w"); f:write("x")')
    assert not target.exists()


def test_error_has_file_and_line():
    with pytest.raises(LuaLevelError) as e:
        run("local a = 1\n\nerror('boom')\n")
    d = e.value.diagnostics[0]
    assert d.span.file == "t.lua" and d.span.line == 4 and "boom" in d.message
    with pytest.raises(LuaLevelError) as e:
        run('\ndes.monster({ id = "lich", x = 1, y = 1, align = "sideways" })\n')
    assert e.value.diagnostics[0].span.line == 3
    with pytest.raises(LuaLevelError) as e:
        run("x = = 1")
    assert e.value.diagnostics[0].span.line == 2


def test_runaway_script_stopped():
    with pytest.raises(LuaLevelError) as e:
        run_lua_text("while true do end", "t.lua", 1, name="test", finish=False,
                     instruction_limit=2_000_000)
    assert "instructions" in str(e.value.diagnostics[0].message)


def test_random_helpers_draw_like_the_rng():
    # nhlib shuffles align first (rn2(3), rn2(2)); then the script's own draws
    lv = run('des.message(tostring(nh.rn2(10)) .. " " .. tostring(math.random(6)) .. " "'
             ' .. tostring(math.random(3, 5)) .. " " .. tostring(d(2, 6)) .. " "'
             ' .. tostring(percent(50)) .. " " .. tostring(nh.random(4, 3)))', seed=7)
    r = RNG(7)
    r.rn2(3), r.rn2(2)
    r.rn2(2)            # BASE's solid fill has no "lit": 3.7 draws its light
    want = [r.rn2(10), 1 + r.rn2(6), 3 + r.rn2(3)]
    want.append(r.d(2, 6))
    want.append("true" if r.rn2(100) < 50 else "false")
    want.append(4 + r.rn2(3))
    assert lv.messages == [" ".join(str(w) for w in want)]


def test_shuffle_and_align_register():
    lv = run('local t = {1, 2, 3, 4}; shuffle(t); des.message(table.concat(t, ","));'
             'des.message(table.concat(align, ","))', seed=3)
    r = RNG(3)
    ralign = ["chaos", "neutral", "law"]   # the evaluator's order, its swap rule
    i = r.rn2(3)
    ralign[2], ralign[i] = ralign[i], ralign[2]
    if r.rn2(2):
        ralign[0], ralign[1] = ralign[1], ralign[0]
    r.rn2(2)            # BASE's solid fill has no "lit": 3.7 draws its light
    t = [1, 2, 3, 4]
    for k in range(3, 0, -1):
        j = r.rn2(k + 1)
        t[k], t[j] = t[j], t[k]
    assert lv.messages[0] == ",".join(map(str, t))
    lua_align = lv.messages[1].split(",")
    # des-file align[0], [1], [2] are Lua's align[2], [1], [3]
    assert [lua_align[1], lua_align[0], lua_align[2]] == ralign


def test_nh_and_u():
    lv = run('des.message(u.role .. " " .. tostring(u.depth) .. " " .. '
             'tostring(nh.level_difficulty()) .. " " .. tostring(nh.is_genocided("lich")))')
    role, depth, diff, gen = lv.messages[0].split()
    assert role == "Valkyrie" and int(depth) >= 1 and int(diff) >= 1 and gen == "false"


def test_same_seed_same_level():
    code = 'des.map([[\n-----\n|...|\n-----\n]])\ndes.monster()\ndes.object()\n'
    a = display_rows(run_lua_text(BASE + code, "t.lua", 5, name="test"))
    b = display_rows(run_lua_text(BASE + code, "t.lua", 5, name="test"))
    assert a == b
