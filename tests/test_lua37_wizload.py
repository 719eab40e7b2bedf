"""NetHack 3.7's #wizloaddes (unlev.lua.wizload): a level file made as that command
makes it -- on the hero's level 1 of the Dungeons of Doom, then lspo_finalize_level's
second pass -- against the same file made as the game's mklev makes it.  Snippets
written for these tests; the mazesofmenace grids (made by the command) are compared
in tests/test_mom_fixtures.py."""

import pytest

pytest.importorskip("lupa")

from unlev.lua.runtime import run_lua_text  # noqa: E402
from unlev.stdlib import terrain as T  # noqa: E402

# two doors under a row of secret doors: the first wallification makes the wall
# squares between them CROSSWALLs (their four neighbours are walls or doors)
JOINTS = """
des.level_init({ style = "solidfill", fg = " " })
des.level_flags("mazelevel", "noflip")
des.map({ x = 10, y = 5, map = [[
 |.|.|.|
--S-S-S--
|.......|
---------
]] })
des.door("closed", 3, 2)
des.door("closed", 5, 2)
"""


def joints(level):
    return [level.typ_at(x, 6) for x in (14, 16)]


def test_the_game_keeps_the_joints_the_wallification_made():
    level = run_lua_text(JOINTS, "joints.lua", 1)
    assert joints(level) == [T.CROSSWALL, T.CROSSWALL]
    assert level.stairs == []          # made at its usual place: no branch here


def test_wizloaddes_turns_the_joints_into_floor_and_places_the_branch():
    level = run_lua_text(JOINTS, "joints.lua", 1, wizload=True)
    # remove_boundary_syms of the second pass: CROSSWALLs inside the map -> ROOM
    assert joints(level) == [T.ROOM, T.ROOM]
    # the walls next to them are wallified again, not left as they were
    assert level.typ_at(13, 6) == T.SDOOR and level.typ_at(15, 6) == T.SDOOR
    # Dungeons of Doom level 1's branch: up stairs to the Elemental Planes
    (stair,) = level.stairs
    assert stair.up and level.typ_at(stair.x, stair.y) == T.STAIRS
    assert level.context.depth == 1 and level.context.difficulty == 1


STAIR_REGIONS = """
des.level_init({ style = "solidfill", fg = " " })
des.level_flags("mazelevel", "noflip")
des.map({ halign = "center", valign = "center", map = [[
-------
|.....|
|.....|
-------
]] })
des.levregion({ region = {1,1,1,1}, type = "stair-up" })
des.levregion({ region = {5,2,5,2}, type = "stair-down" })
"""


def test_no_up_stair_on_level_one():
    # mkstairs makes no stair off the top of the dungeon: at level 1 only the down
    # stair of the two regions is made (the branch stair is placed as well)
    level = run_lua_text(STAIR_REGIONS, "stairs.lua", 3, wizload=True)
    ordinary = [s for s in level.stairs if s.tolev != "branch"]
    assert [s.up for s in ordinary] == [False]
    made = run_lua_text(STAIR_REGIONS, "stairs.lua", 3)
    assert sorted(s.up for s in made.stairs) == [False, True]


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_closed_drawbridge_is_closed(seed):
    # lspo_drawbridge: "closed" is closed; unlev drew it at random (the castle's)
    text = """
des.level_init({ style = "solidfill", fg = " " })
des.level_flags("mazelevel", "noflip")
des.map({ halign = "center", valign = "center", map = [[
}}}}---
}}}}|.|
}}}}---
]] })
des.drawbridge({ dir = "east", state = "closed", x = 3, y = 1 })
"""
    level = run_lua_text(text, "bridge.lua", seed)
    kinds = set(level.typ)
    assert T.DRAWBRIDGE_UP in kinds and T.DRAWBRIDGE_DOWN not in kinds
    opened = run_lua_text(text.replace('"closed"', '"open"'), "bridge.lua", seed)
    assert T.DRAWBRIDGE_DOWN in set(opened.typ)


def test_unlev_run_wizloaddes(tmp_path, capsys):
    import json

    from unlev.cli import main
    lua = tmp_path / "joints.lua"
    lua.write_text(JOINTS)
    out = tmp_path / "out.json"
    assert main(["run", str(lua), "--seed", "1", "--wizloaddes", "--json", str(out)]) == 0
    (level,) = json.loads(out.read_text())["levels"]
    assert level["context"]["depth"] == 1 and level["context"]["branch"] == "up"
    assert [s["destination"] for s in level["stairs"]] == ["branch"]
    des = tmp_path / "x.des"
    des.write_text('MAZE:"x",\' \'\n')
    assert main(["run", str(des), "--wizloaddes"]) == 2
    err = capsys.readouterr().err
    assert "unlev run: error: --wizloaddes applies to NetHack 3.7 .lua files" in err
