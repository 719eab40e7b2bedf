"""NetHack 3.7's Lua API as the game has it (issue 31): selection value semantics as
nhlsel.c/selvar.c compute them, the nh.* functions the level files and NetHack's own
tests call, and the ``unlev lua-test`` runner.  Each case is a small Lua snippet that
asserts in Lua; NetHack's own test files are run by tests/test_lua_nethack_tests.py
when a NetHack tree is given."""

import os

import pytest

pytest.importorskip("lupa")

from unlev.lua.runtime import run_lua_text  # noqa: E402
from unlev.lua.testrun import run_lua_tests  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def run(code: str):
    """Run a snippet on a stone level; the snippet asserts with Lua's assert."""
    return run_lua_text('des.level_init({ style = "solidfill", fg = " " })\n' + code,
                        "snippet.lua", 1, finish=False)


def test_get_is_a_number():
    run('local s = selection.new():set(2, 3)\n'
        'assert(s:get(2, 3) == 1 and math.type(s:get(2, 3)) == "float")\n'
        'assert(s:get(2, 4) == 0)')


def test_shapes_copy_the_selection_given():
    # nhlsel.c l_selection_line/rect/fillrect/randline/grow clone their selection
    for call in ("s:line(1, 1, 5, 5)", "s:rect(1, 1, 3, 3)", "s:fillrect(1, 1, 3, 3)",
                 "s:randline(1, 1, 5, 5, 0)", "s:grow()"):
        run(f'local s = selection.new():set(10, 10)\nlocal r = {call}\n'
            f'assert(s:numpoints() == 1, "{call} changed its selection")\n'
            f'assert(r:numpoints() > 1 and r:get(10, 10) == 1)')


def test_circle_and_ellipse_draw_into_the_selection_given():
    # ... while l_selection_circle/ellipse draw into it and return it
    run('local s = selection.new()\nlocal r = s:circle(40, 10, 3, 1)\n'
        'assert(s:numpoints() == r:numpoints() and s:numpoints() > 1)')


def test_set_forms():
    run('local s = selection.set(4, 5)\nassert(s:numpoints() == 1 and s:get(4, 5) == 1)\n'
        'local t = selection.new():set(1, 1):set(1, 1, 0)\nassert(t:numpoints() == 0)\n'
        'local u = selection.new():set()\nassert(u:numpoints() == 1)')


def test_grow_directions_as_selvar():
    run('local s = selection.new():set(5, 5)\n'
        'local n = s:grow("north")\nassert(n:numpoints() == 2 and n:get(5, 4) == 1)\n'
        'local ne = n:grow("east")\nassert(ne:numpoints() == 4 and ne:get(6, 4) == 1)')


def test_bounds_are_map_coordinates():
    # l_selection_getbounds does not make them relative; before any MAP x is off by 1
    run('local b = selection.new():set(5, 5):set(7, 6):bounds()\n'
        'assert(b.lx == 6 and b.ly == 5 and b.hx == 8 and b.hy == 6, b.lx)')


def test_match_fragments_and_walls():
    run('des.terrain(5, 5, ".")\ndes.terrain(6, 5, ".")\ndes.terrain(7, 5, ".")\n'
        'assert(selection.match("...") :numpoints() == 1)\n'
        'assert(selection.match(" \\n.\\n "):numpoints() == 3)\n'
        'des.terrain(5, 4, "-")\ndes.terrain(6, 6, "|")\n'
        'assert(selection.match("www\\n...\\nwww"):numpoints() == 1)\n'
        'local ok = pcall(selection.match, "..")\nassert(not ok, "even width accepted")')


def test_filter_mapchar_w_is_any_wall_or_stone():
    run('des.terrain(3, 3, "-")\ndes.terrain(4, 3, ".")\n'
        'local s = selection.area(3, 3, 4, 3):filter_mapchar("w")\n'
        'assert(s:numpoints() == 1 and s:get(3, 3) == 1)')


def test_floodfill_diagonals():
    run('des.terrain(5, 5, "L")\ndes.terrain(6, 6, "L")\n'
        'assert(selection.floodfill(5, 5):numpoints() == 1)\n'
        'assert(selection.floodfill(5, 5, true):numpoints() == 2)')


def test_getmap_gettrap_feature_flags():
    run('des.feature({ type = "throne", x = 10, y = 5, looted = true })\n'
        'local m = nh.getmap(10, 5)\n'
        'assert(m.typ_name == "throne" and m.mapchr == "\\\\" and m.flags.looted == true)\n'
        'assert(m.typ == 29)\n'   # rm.h THRONE in 3.7's numbering
        'des.trap("level teleport", 12, 5)\n'
        'assert(nh.gettrap(12, 5).ttyp_name == "level teleport")')


def test_ui_calls_are_harmless():
    run('nh.parse_config("OPTIONS=mention_walls")\nassert(nh.eckey("movewest") == "h")\n'
        'nh.callback("cmd_before", "x")\nnh.gamestate()')


def test_lua_test_runner_counts_each_test_function():
    report = run_lua_tests(os.path.join(HERE, "fixtures", "lua37", "test_mini.lua"))
    assert [(r.name, r.passed) for r in report.results] == [
        ("test_passes", True), ("test_fails_on_purpose", False), ("test_reset_level", True)]
    assert "helper saw 0" in report.results[1].message
    assert report.error is None


def test_lua_test_command_exit_status(capsys):
    from unlev.cli import main
    path = os.path.join(HERE, "fixtures", "lua37", "test_mini.lua")
    assert main(["lua-test", path]) == 1
    out = capsys.readouterr().out
    assert "2/3 test functions pass" in out and "FAIL test_fails_on_purpose" in out
    assert main(["lua-test", os.path.join(HERE, "no-such.lua")]) == 2


def test_wall_property_and_region_light():
    lv = run('des.terrain(selection.area(2, 2, 6, 2), "-")\n'
             'des.wall_property({ x1 = 2, y1 = 2, x2 = 4, y2 = 2, property = "nonpasswall" })\n'
             'des.region(selection.area(10, 10, 10, 10), "lit")\n'
             'local m = nh.getmap(11, 11)\nassert(m.lit == true, "grown by one square")\n'
             'assert(nh.getmap(12, 12).lit == false)')
    assert lv.rooms == []          # region(selection, "lit") makes no room in 3.7


def test_map_contents_get_its_size_and_coordinates_reset():
    run('des.map({ x = 30, y = 5, map = "...\\n...\\n...", contents = function(m)\n'
        '  assert(m.width == 3 and m.height == 3)\n'
        '  des.terrain(0, 0, "L")\n'
        'end })\n'
        'assert(nh.getmap(30, 5).mapchr == "L", "contents were relative to the map")\n'
        'des.terrain(0, 0, "T")\nassert(nh.getmap(0, 0).mapchr == "T")')


def test_replace_terrain_corners_and_fragments():
    run('des.replace_terrain({ x1 = 2, y1 = 3, x2 = 4, y2 = 5, fromterrain = " ",'
        ' toterrain = "I" })\n'
        'assert(nh.getmap(2, 3).mapchr == "I" and nh.getmap(1, 3).mapchr == " ")\n'
        'assert(selection.match("I"):numpoints() == 9)\n'
        'des.replace_terrain({ mapfragment = "III", toterrain = "L" })\n'
        'assert(nh.getmap(3, 4).mapchr == "L" and nh.getmap(2, 4).mapchr == "I")')


def test_level_flags_of_37():
    lv = run('des.level_flags("sokoban", "noflipx", "hot", "nomongen")')
    assert lv.flags.sokoban_rules and lv.flags.temperature == 1
    assert lv.flags.allow_flips == 1          # 3.7's noflipx keeps the x flip off: bit 2
    assert lv.extras["level_flags"] == ["nomongen"]


def test_exclusion_zones_are_kept():
    lv = run('des.exclusion({ type = "teleport-up", region = { 2, 3, 10, 5 } })')
    assert lv.extras["exclusion_zones"] == [
        {"type": "teleport-up", "lx": 3, "ly": 3, "hx": 11, "hy": 5}]


def test_partial_curse_states():
    # sp_lev.c create_object: not-cursed uncurses, not-blessed unblesses
    seen = set()
    for seed in range(1, 40):
        lv = run_lua_text('for i = 1, 6 do des.object({ id = "long sword", buc = "not-cursed" })\n'
                          'des.object({ id = "ring mail", buc = "not-blessed" }) end',
                          "snippet.lua", seed, finish=False)
        swords = [o for o in lv.objects if o.id == "long sword"]
        mails = [o for o in lv.objects if o.id == "ring mail"]
        assert swords and mails
        assert all(o.attrs.get("curse") != "cursed" for o in swords)
        assert all(o.attrs.get("curse") != "blessed" for o in mails)
        seen |= {("sword", o.attrs.get("curse")) for o in swords}
        seen |= {("mail", o.attrs.get("curse")) for o in mails}
    # ... and keep the other states mksobj gives (not "the likeliest state")
    assert ("sword", "blessed") in seen and ("mail", "cursed") in seen


def test_object_returns_a_handle_with_timers():
    run('local o = des.object({ id = "corpse", montype = "newt" })\n'
        'o:stop_timer("rot-corpse")\no:start_timer("zombify-mon", 1000)')


def test_37_levels_are_placed_where_the_game_puts_them():
    # 3.7's castle/valley/asmodeus are UnNetHack's castle-1/valley-1/asmod-1: not depth 1
    for name, at_least in (("castle", 25), ("valley", 26), ("asmodeus", 26)):
        lv = run_lua_text("", f"{name}.lua", 1, finish=False)
        assert lv.context.depth >= at_least, (name, lv.context.depth)


MEDUSA_SPOT = ('des.level_init({ style = "solidfill", fg = " " })\n'
               'des.map({ x = 20, y = 5, map = [[\n}}}}}}\n}}}}}}\n}}..}}\n}}...}\n'
               '}}}}}}\n}}}}}}\n]] })\n')


def test_no_ludios_vault_on_37s_medusa():
    # 3.7's fixup_special makes statues on Medusa's island, no Fort Ludios vault; a
    # converted UnNetHack level keeps UnNetHack's vault and portal
    own = run_lua_text(MEDUSA_SPOT, "medusa-1.lua", 1)
    assert not [t for t in own.traps if t.ttyp == "MAGIC_PORTAL"]
    assert "ludios_portal" not in own.extras
    converted = run_lua_text('-- medusa-1.lua: converted by unlev from medusa.des\n'
                             + MEDUSA_SPOT, "medusa-1.lua", 1)
    assert [t for t in converted.traps if t.ttyp == "MAGIC_PORTAL"]


def test_37s_other_names_of_a_monster():
    # monsters.h NAMS(male, female, neutral): any of 3.7's names is the monster, not a
    # stand-in (a corpse of an "aligned cleric" was a jackal's); with the nethack37
    # profile (the default) the monster is named as 3.7's table names it (neutral)
    said = []
    text = ('des.monster("Vampire Lady", 5, 5)\n'
            'des.object({ id = "corpse", x = 6, y = 5, montype = "aligned cleric" })')
    lv = run_lua_text(text, "t.lua", 1, finish=False, warn=lambda m, s=None: said.append(m))
    assert [m.id for m in lv.monsters] == ["vampire leader"]
    assert lv.objects[0].attrs["montype"] == "aligned cleric"
    assert not [m for m in said if "unknown" in m]
    # with UnNetHack's tables, the names unlev's tables know the monster by
    lv = run_lua_text(text, "t.lua", 1, finish=False, data="unnethack",
                      warn=lambda m, s=None: said.append(m))
    assert [m.id for m in lv.monsters] == ["vampire lord"]
    assert lv.objects[0].attrs["montype"] == "aligned priest"
    assert not [m for m in said if "unknown" in m]
