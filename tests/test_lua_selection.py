"""The selection type: each method and operator against unlev's Selection."""

import pytest

pytest.importorskip("lupa")

from unlev.lang.level_builder import RecordingBuilder
from unlev.lua.runtime import LuaSession
from unlev.stdlib.rng import RNG
from unlev.stdlib.selection import Selection


def sel(code, seed=1):
    b = RecordingBuilder()
    s = LuaSession(b, RNG(seed), "t.lua")
    s.run("des.terrain(" + code + ', ".")')
    return b.of("terrain")[0]["selection"]


def value(code, seed=1):
    b = RecordingBuilder()
    s = LuaSession(b, RNG(seed), "t.lua")
    s.run("des.message(tostring(" + code + "))")
    return b.of("message")[0]["text"]


def test_new_set_get_numpoints_clone():
    assert sel("selection.new()") == Selection.empty()
    assert sel("selection.new():set(3, 4):set({5, 6})") == Selection.from_points([(3, 4), (5, 6)])
    # nhlsel.c l_selection_getpoint pushes a number (lua_pushnumber), not a boolean
    assert value("selection.new():set(3, 4):get(3, 4)") == "1.0"
    assert value("selection.new():set(3, 4):get(3, 5)") == "0.0"
    assert value("selection.area(1, 1, 3, 3):numpoints()") == "9"
    assert value("#selection.area(1, 1, 3, 3)") == "9"
    assert sel("selection.area(1, 1, 2, 2):clone()") == Selection.fillrect(1, 1, 2, 2)


def test_rect_fillrect_line_circle_ellipse():
    assert sel("selection.rect(1, 1, 4, 4)") == Selection.rect(1, 1, 4, 4)
    assert sel("selection.fillrect(1, 1, 4, 4)") == Selection.fillrect(1, 1, 4, 4)
    assert sel("selection.line(1, 1, 6, 3)") == Selection.line(6, 3, 1, 1)
    assert sel("selection.circle(10, 10, 3)") == Selection.circle(10, 10, 3)
    assert sel("selection.circle(10, 10, 3, true)") == Selection.circle(10, 10, 3, True)
    assert sel("selection.ellipse(10, 10, 5, 3)") == Selection.ellipse(10, 10, 5, 3)


def test_random_methods_draw_from_the_rng():
    def rng_after_align(seed):
        r = RNG(seed)
        r.rn2(3), r.rn2(2)
        return r
    base = Selection.fillrect(1, 1, 10, 10)
    assert sel("selection.area(1, 1, 10, 10):percentage(50)", 4) == \
        base.filter_percent(50, rng_after_align(4))
    assert sel("selection.randline(1, 1, 20, 10, 5)", 4) == \
        Selection.randline(20, 10, 1, 1, 5, rng_after_align(4))
    assert sel('selection.gradient({ type = "radial", x = 10, y = 10, mindist = 1, maxdist = 5 })', 4) == \
        Selection.gradient(10, 10, 1, 5, rng_after_align(4))
    r = rng_after_align(4)
    x, y = base.rndcoord(r)
    assert value('(function() local c = selection.area(1, 1, 10, 10):rndcoord(); '
                 'return c.x .. "," .. c.y end)()', 4) == f"{x},{y}"


def test_grow_negate_operators():
    p = Selection.point(5, 5)
    assert sel("selection.new():set(5, 5):grow()") == p.grow("all")
    # 3.7's grow spreads toward the direction (selvar.c selection_do_grow)
    assert sel('selection.grow(selection.new():set(5, 5), "north")') == \
        Selection.from_points([(5, 4), (5, 5)])
    assert sel("selection.new():set(5, 5):negate()") == ~p
    a, b = "selection.area(1, 1, 4, 4)", "selection.area(3, 3, 6, 6)"
    A, B = Selection.fillrect(1, 1, 4, 4), Selection.fillrect(3, 3, 6, 6)
    assert sel(f"({a} | {b})") == A | B
    assert sel(f"({a} + {b})") == A | B
    assert sel(f"({a} & {b})") == A & B
    assert sel(f"({a} ~ {b})") == A ^ B
    assert sel(f"({a} - {b})") == A - B
    assert sel(f"(~{a})") == ~A


def test_filter_mapchar_match_floodfill_bounds_iterate():
    # on the blank recording level everything is stone (' ')
    assert sel('selection.area(1, 1, 3, 3):filter_mapchar(" ")') == Selection.fillrect(1, 1, 3, 3)
    assert sel('selection.area(1, 1, 3, 3):filter_mapchar(".")') == Selection.empty()
    assert len(sel('selection.match(" ")')) > 1000
    assert len(sel("selection.floodfill(5, 5)")) > 1000
    assert value('(function() local b = selection.area(2, 3, 7, 8):bounds(); '
                 'return b.lx .. b.ly .. b.hx .. b.hy end)()') == "2378"
    assert value('(function() local n = 0; selection.area(1, 1, 2, 3):iterate('
                 'function(x, y) n = n + x + y end); return n end)()') == str(
                     sum(x + y for x in (1, 2) for y in (1, 2, 3)))


def test_room_selection_is_the_rooms_floor():
    # selvar.c selection_from_mkroom: the room's numbered, non-edge squares
    from unlev.lua.runtime import run_lua_text
    lv = run_lua_text('des.level_init({ style = "solidfill", fg = " " })\n'
                      'des.room({ x = 3, y = 3, w = 4, h = 2, contents = function()\n'
                      '  local s = selection.room()\n'
                      '  assert(s:numpoints() == 8, s:numpoints())\n'
                      '  des.terrain(s, "L")\n'
                      'end })\n'
                      'assert(selection.room(0):numpoints() == 8)\n'
                      'assert(selection.room(5):numpoints() == 0)\n'
                      'assert(selection.room():numpoints() == 0)\n', "r.lua", seed=1)
    from unlev.stdlib import terrain as T
    r = lv.rooms[0]
    assert lv.count(T.LAVAPOOL) == 8 == (r.hx - r.lx + 1) * (r.hy - r.ly + 1)
