"""Each des.* function reaches the builder as the des-file statement of the same meaning."""

import pytest

pytest.importorskip("lupa")

from unlev.lang.level_builder import RecordingBuilder
from unlev.lang.values import Align, Coord, MapCharValue, MonsterValue, ObjectValue, Region
from unlev.lua.runtime import LuaSession
from unlev.stdlib.rng import RNG
from unlev.model.constants import D_CLOSED


def calls(code):
    b = RecordingBuilder()
    s = LuaSession(b, RNG(1), "t.lua")
    s.run(code)
    return b


def one(code, name):
    got = calls(code).of(name)
    assert len(got) == 1, got
    return got[0]


def test_level_init_solidfill_mazegrid_mines():
    a = one('des.level_init({ style = "solidfill", fg = " ", lit = 0 })', "init_map")
    assert a["style"] == "solidfill" and a["fill"].char == " " and a["fill"].light == 0
    a = one('des.level_init({ style = "mazegrid", bg = "-" })', "init_map")
    assert a["style"] == "mazegrid" and a["fill"].char == "-"
    a = one('des.level_init({ style = "mines", fg = ".", bg = " ", smoothed = true, '
            'joined = true, lit = 1, walled = true })', "init_map")
    assert (a["fg"], a["bg"], a["smoothed"], a["joined"], a["lit"], a["walled"]) == \
        (".", " ", True, True, 1, 1)


def test_level_flags_message():
    b = RecordingBuilder()
    from unlev.model.level import Level
    b.level = Level()
    s = LuaSession(b, RNG(1), "t.lua")
    s.run('des.level_flags("noteleport", "hardfloor")')
    assert b.level.flags.noteleport
    assert one('des.message("hi")', "message")["text"] == "hi"


def test_map_forms():
    a = one('des.map([[\n---\n|.|\n---\n]])', "map")
    assert a["lines"] == ["---", "|.|", "---"] and a["halign"] == 3 and a["valign"] == 3
    a = one('des.map({ halign = "left", valign = "top", map = [[\n..\n]] })', "map")
    assert (a["halign"], a["valign"]) == (1, 1)
    a = one('des.map({ x = 3, y = 4, map = [[\n..\n]] })', "map")
    assert a["coord"] == Coord(3, 4)


def test_terrain_and_replace_terrain():
    a = one('des.terrain(3, 4, "L")', "terrain")
    assert a["mapchar"] == MapCharValue("L", a["mapchar"].typ, -2) and (3, 4) in a["selection"]
    a = one('des.terrain(selection.area(1, 1, 2, 2), { typ = ".", lit = 1 })', "terrain")
    assert len(a["selection"]) == 4 and a["mapchar"].light == 1
    a = one('des.terrain({ x = 5, y = 6, typ = "T" })', "terrain")
    assert (5, 6) in a["selection"]
    a = one('des.replace_terrain({ region = {1, 2, 3, 4}, fromterrain = ".", '
            'toterrain = "T", chance = 30 })', "replace_terrain")
    assert a["region"] == Region(1, 2, 3, 4) and a["percent"] == 30
    assert a["from_char"].char == "." and a["to_char"].char == "T"


def test_room_subroom_contents_door():
    b = calls('des.room({ type = "ordinary", lit = 1, x = 3, y = 3, xalign = "center", '
              'yalign = "top", w = 5, h = 4, contents = function() '
              'des.room({ w = 2, h = 2, contents = function() des.door({ state = "open", '
              'wall = "north" }) end }) end })')
    rooms = b.of("room")
    assert rooms[0]["rtype"] == "ordinary" and rooms[0]["pos"] == (3, 3)
    assert rooms[0]["align"] == (3, 1) and rooms[0]["size"] == (5, 4) and not rooms[0]["subroom"]
    assert rooms[1]["subroom"]
    rd = b.of("roomdoor")[0]
    assert rd["state"] == 2 and rd["walls"] == 1
    assert b.names() == ["room", "room", "roomdoor", "endroom", "endroom"]


def test_room_and_region_defaults_are_3_7s():
    # sp_lev.c lspo_room: filled 1, irregular 0, joined TRUE; lspo_region: filled 0,
    # joined TRUE -- an unjoined default leaves random_corridors nothing to join
    r = one('des.room({ w = 3, h = 3 })', "room")
    assert (r["filled"], r["irregular"], r["joined"]) == (1, 0, 1)
    r = one('des.room({ w = 3, h = 3, joined = false, filled = 0 })', "room")
    assert (r["filled"], r["joined"]) == (0, 0)
    g = one('des.region({ region = {1, 1, 3, 3}, lit = 1, type = "ordinary" })', "region")
    assert (g["filled"], g["irregular"], g["joined"]) == (0, 0, 1)


def test_random_corridors_join_default_rooms():
    from unlev.lua.runtime import run_lua_text
    from unlev.stdlib import terrain as T
    lv = run_lua_text('des.level_init({ style = "solidfill", fg = " " })\n'
                      'des.room({ x = 1, y = 1, w = 4, h = 3 })\n'
                      'des.room({ x = 5, y = 1, w = 4, h = 3 })\n'
                      'des.random_corridors()\n', "t.lua", seed=1)
    assert lv.count(T.CORR) > 0 and lv.count(T.DOOR) + lv.count(T.SDOOR) >= 2


def test_door_region_corridors():
    a = one('des.door("locked", 4, 5)', "door")
    assert a["state"] == 8 and (4, 5) in a["selection"]
    b = calls('des.region({ region = {1, 1, 4, 4}, lit = 1, type = "temple", filled = 1, '
              'contents = function() des.monster() end })')
    r = b.of("region")[0]
    assert r["region"] == Region(1, 1, 4, 4) and r["rtype"] == "temple" and r["has_contents"]
    assert b.names() == ["region", "monster", "endmonster", "endregion"]
    a = one('des.corridor({ srcroom = 0, srcwall = "south", srcdoor = 0, destroom = 1, '
            'destwall = "north", destdoor = 0 })', "corridor")
    assert a["src"] == (0, 2, 0) and a["dst"] == (1, 1, 0)
    assert one("des.random_corridors()", "random_corridors")["style"] is None


def test_monster_object_forms():
    a = one('des.monster("L", 5, 6)', "monster")
    assert a["monster"] == MonsterValue("L", None) and a["coord"] == Coord(5, 6)
    a = one('des.monster({ id = "lich", x = 1, y = 2, peaceful = 1, asleep = 0, '
            'align = "law", name = "Bob", appear_as = "obj:boulder" })', "monster")
    assert a["monster"] == MonsterValue(None, "lich") and a["peaceful"] == 1
    assert a["align"] == Align("fixed", 4) and a["name"] == "Bob" and a["appear"] == (2, "boulder")
    a = one("des.monster()", "monster")
    assert a["monster"].is_random and a["coord"].random
    b = calls('des.monster({ id = "orc", inventory = function() des.object("dagger") end })')
    assert b.names() == ["monster", "object", "endmonster"]
    assert b.of("object")[0]["coord"] is None
    a = one('des.object({ id = "long sword", x = 1, y = 1, buc = "cursed", spe = 3, '
            'quantity = 2 })', "object")
    assert a["object"] == ObjectValue(None, "long sword") and a["curse"] == 3 and a["spe"] == 3
    b = calls('des.object({ id = "chest", contents = function() des.object("*") end })')
    assert b.names() == ["container", "object", "endcontainer"]
    a = one('des.object({ id = "statue", x = 1, y = 1, montype = "C" })', "object")
    assert a["montype"] == MonsterValue("C", None)


def test_traps_stairs_features():
    a = one('des.trap("hole", 2, 3)', "trap")
    assert a["name"] == "hole" and a["coord"] == Coord(2, 3)
    assert one("des.trap()", "trap")["name"] is None
    a = one('des.stair("up", 1, 1)', "stair")
    assert a["up"] == 1 and a["coord"] == Coord(1, 1)
    a = one('des.ladder({ dir = "down", x = 2, y = 2 })', "ladder")
    assert a["up"] == 0
    assert (1, 2) in one("des.fountain(1, 2)", "fountain")["selection"]
    assert (1, 2) in one('des.feature("sink", 1, 2)', "sink")["selection"]
    assert (1, 2) in one('des.feature({ type = "pool", x = 1, y = 2 })', "pool")["selection"]
    a = one('des.altar({ x = 1, y = 1, align = "chaos", type = "shrine" })', "altar")
    assert a["align"] == Align("fixed", 1) and a["altar_type"] == 1
    a = one('des.altar({ align = align[1] })', "altar")
    assert a["align"].kind == "fixed"


def test_engraving_gold_grave_drawbridge_mazewalk():
    a = one('des.engraving({ x = 1, y = 1, type = "burn", text = "Elbereth" })', "engraving")
    assert a["etype"] == 3 and a["text"] == "Elbereth"
    a = one("des.gold({ amount = 50, x = 1, y = 1 })", "gold")
    assert a["amount"] == 50
    a = one('des.grave({ x = 1, y = 1, text = "RIP" })', "grave")
    assert a["text"] == "RIP" and not a["random_text"]
    assert one("des.grave()", "grave")["random_text"]
    a = one('des.drawbridge({ dir = "east", state = "closed", x = 5, y = 5 })', "drawbridge")
    # the loader's door state, as a des-file's DRAWBRIDGE gives it (D_CLOSED)
    assert a["direction"] == 4 and a["state"] == D_CLOSED
    a = one('des.mazewalk({ x = 1, y = 2, dir = "west", stocked = false })', "mazewalk")
    assert a["direction"] == 8 and a["stocked"] == 0
    a = one('des.mazewalk(3, 4, "north")', "mazewalk")
    assert a["coord"] == Coord(3, 4) and a["direction"] == 1


def test_levregion_teleport_nondiggable_wallify():
    a = one('des.levregion({ type = "stair-up", region = {1, 2, 3, 4}, '
            'exclude = {0, 0, 0, 0}, exclude_islev = 1 })', "levregion")
    # 3.7's l_get_lregion: region_islev defaults to false (map coordinates)
    assert a["kind"] == "stair" and a["up"] == 1 and not a["area"].whole_level
    assert a["exclude"].whole_level
    a = one('des.levregion({ type = "stair-up", region = {1, 2, 3, 4}, region_islev = 1 })',
            "levregion")
    assert a["area"].whole_level
    a = one('des.levregion({ type = "portal", region = {1, 2, 3, 4}, region_islev = 0, '
            'name = "fire" })', "levregion")
    assert a["kind"] == "portal" and a["dest"] == "fire" and not a["area"].whole_level
    a = one('des.teleport_region({ region = {1, 1, 5, 5}, dir = "down" })', "levregion")
    assert a["kind"] == "teleport" and a["up"] == 0
    a = one("des.non_diggable(selection.area(0, 0, 10, 5))", "non_diggable")
    assert a["region"] == Region(0, 0, 10, 5)
    assert one("des.non_passwall(selection.area(1, 1, 2, 2))", "non_passwall")["region"] == Region(1, 1, 2, 2)
    assert one("des.wallify()", "wallify")["selection"] is None
    assert len(one("des.wallify({ selection = selection.area(1, 1, 2, 2) })", "wallify")["selection"]) == 4


def test_unnethack_extensions():
    a = one('des.spill({ x = 1, y = 1, typ = "}", dir = "east", count = 5 })', "spill")
    assert a["count"] == 5 and a["direction"] == 4
    a = one('des.mineralize({ gold_prob = 10 })', "mineralize")
    assert a["gold_prob"] == 10 and a["gem_prob"] == -1
    a = one('des.mon_generation(50, { { 10, "L" } })', "mon_generation")
    assert a["entries"] == [(10, MonsterValue("L", None))]
    a = one('des.sounds(100, { { "hear", "a sound" } })', "sounds")
    assert a["entries"] == [(0, "a sound")]
    assert one("des.vaultgen(3)", "vaultgen")["frequency"] == 3
    calls("des.reset_level(); des.finalize_level()")


def test_object_class_prefix_names_as_3_7_reads_them():
    # sp_lev.c find_objtype strips "scroll of " etc. and keeps the class
    a = one('des.object("scroll of earth")', "object")
    assert (a["object"].cls, a["object"].name) == ("?", "earth")
    a = one('des.object({ id = "wand of striking" })', "object")
    assert (a["object"].cls, a["object"].name) == ("/", "striking")
    a = one('des.object("amulet of ESP")', "object")
    assert a["object"].name == "amulet of ESP"


def test_level_init_swamp_as_3_7_makes_it():
    # sp_lev.c lspo_level_init: fg ROOM, bg MOAT for a swamp; lvlfill_swamp: the even
    # squares of even rows from x=2 are fg, and each 2x2 block has a second fg square
    # when its other three were all bg
    a = one('des.level_init({ style = "swamp", lit = 0 })', "init_map")
    assert (a["style"], a["fg"], a["bg"], a["lit"]) == ("swamp", ".", "}", 0)
    from unlev.lua.runtime import run_lua_text
    from unlev.stdlib import terrain as T
    lv = run_lua_text('des.level_init({ style = "swamp", lit = 0 })', "sw.lua", seed=3,
                      finish=False, post_mklev=False)
    for x in range(2, 77, 2):
        for y in range(0, 19, 2):
            assert lv.at(x, y) == T.ROOM
            block = [lv.at(x + dx, y + dy) for dx, dy in ((1, 0), (0, 1), (1, 1))]
            assert block.count(T.ROOM) >= 1 and set(block) <= {T.ROOM, T.MOAT}
    assert lv.at(1, 5) == T.STONE and lv.at(3, 1) in (T.ROOM, T.MOAT)


def test_sink_pool_wallwalk():
    assert (4, 5) in one("des.sink(4, 5)", "sink")["selection"]
    assert (6, 7) in one("des.pool({ x = 6, y = 7 })", "pool")["selection"]
    a = one('des.wallwalk({ x = 3, y = 4, fg = "-", bg = ".", chance = 40 })', "wallwalk")
    assert a["fg"].char == "-" and a["bg"].char == "." and a["percent"] == 40


def test_gas_cloud_is_reported_and_exclusion_kept():
    from unlev.model.level import Level
    b = RecordingBuilder()
    b.level = Level()
    said = []
    s = LuaSession(b, RNG(1), "t.lua", warn=lambda m, span=None: said.append((m, span.line)))
    s.run('des.gas_cloud({ x = 1, y = 1, ttl = 5 })\ndes.exclusion({ type = "teleport", '
          'region = { 1, 1, 5, 5 } })')
    assert [line for _m, line in said] == [1]
    assert "gas clouds are not modelled" in said[0][0]
    # sp_lev.c lspo_exclusion: the zone is kept (issue 31), in map coordinates
    zone = b.level.extras["exclusion_zones"][0]
    assert zone["type"] == "teleport" and (zone["hx"] - zone["lx"], zone["hy"] - zone["ly"]) == (4, 4)
