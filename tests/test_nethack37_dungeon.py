"""NetHack 3.7's dungeon (issue 31): ``dat/dungeon.lua`` read as data by the importer
(``unlev.tools.data.dungeon_lua``) and laid out as dungeon.c's init_dungeons does,
with the middle of every range (``unlev.model.places37``); a 3.7 level is placed there
(castle at 27, Medusa at 24, the valley at 28 with 3.7's difficulty, Sokoban built
upwards), a level run with UnNetHack's tables where UnNetHack's dungeon puts it."""

import json
import os

import pytest

from unlev.model import places37
from unlev.model.placement import guess_context
from unlev.stdlib import data, profiles
from unlev.tools.data.dungeon_lua import DungeonLuaError, dungeon_table

SHIPPED = str(profiles.builtin("nethack37").path)

SMALL = """-- a small dungeon.lua
dungeon = {
   {
      name = "Top",  -- the main one
      base = 10, range = 3,
      themerooms = "themerms.lua",
      branches = {
         { name = "Side", base = 2, range = 3 },
         { name = "Up", chainlevel = "mid", base = 1, direction = "up" },
         { name = "Hole", base = 4, branchtype = "portal" },
      },
      levels = {
         { name = "mid", base = 4, range = 3, nlevels = 2 },
         { name = "last", base = -1 },
         { name = "other", base = -3, range = 3 },
         { name = "another", base = -3, range = 3 },
      }
   },
   { name = "Side", base = 3, flags = { "mazelike" }, lvlfill = "sidefill",
     levels = { { name = "sideend", base = -1, flags = "town" } } },
   { name = "Up", base = 2, entry = -1, levels = { { name = "up1", base = 1 } } },
   { name = "Hole", base = 1, levels = { { name = "hole", base = 1 } } },
}
"""


def test_dungeon_lua_is_read_as_the_dgn_comp_table():
    t = dungeon_table(SMALL, "small.lua")
    top, side, up, hole = t["dungeons"]
    assert (top["base"], top["range"], top["themerooms"]) == (10, 3, "themerms.lua")
    assert [b["type"] for b in top["branches"]] == ["stair", "stair", "portal"]
    assert [b["up"] for b in top["branches"]] == [False, True, False]
    assert top["levels"][0] == {"name": "mid", "bones": None, "base": 4, "range": 3,
                                "chain": None, "chance": 100, "variants": 2, "kinds": [],
                                "alignment": None}
    assert side["kinds"] == ["mazelike"] and side["lvlfill"] == "sidefill"
    assert side["levels"][0]["kinds"] == ["town"] and up["entry"] == -1


@pytest.mark.parametrize("text, where", [
    ("dungeon = { { name = 'x' } }", "t.lua:1"),
    ("dungeon = {\n { name = \"x\", base = 1 }\n print()", "t.lua:3"),
    ("dungeon = {\n { name = \"x\" base = 1 } }", "t.lua:2"),
])
def test_anything_but_the_table_literal_is_an_error_with_its_line(text, where):
    with pytest.raises(DungeonLuaError, match=where):
        dungeon_table(text, "t.lua")


def test_the_small_dungeon_laid_out_as_init_dungeons_does():
    p = places37.layout(dungeon_table(SMALL))
    # Top has 10 + rn2(3) -> 11 levels; mid at 4 + rn2(3) -> 5
    assert p["mid"]["dlevel"] == 5 and p["mid-1"] == p["mid-2"] == p["mid"]
    assert p["last"]["dlevel"] == 11 and p["last"]["bottom"]
    # other: 9..11 less last's 11 -> 9 or 10, the middle 9; another: 10
    assert (p["other"]["dlevel"], p["another"]["dlevel"]) == (9, 10)
    # Side's branch: levels 2..4, parent_dlevel's (rn2(3) + 1) % 3 -> 4; stairs down
    assert p["sidefill"]["dlevel"] == 1 and p["sidefill"]["depth"] == 5
    assert p["sidefill"]["branch"] == "up" and p["sideend"]["town"]
    assert p["sideend"]["ledger"] == 11 + 3
    # Up: from mid + 1 = 6 going up, entry at its bottom: top level at depth 4,
    # difficulty of a dungeon built upwards: depth + 2 * (entry - dlevel + 1)
    assert (p["up1"]["depth"], p["up1"]["difficulty"]) == (4, 4 + 2 * 2)
    # a portal keeps the depth
    assert p["hole"]["depth"] == 4 and p["hole"]["branch"] == "portal"


def _shipped():
    with open(os.path.join(SHIPPED, "dungeon.json"), encoding="utf-8") as fh:
        return places37.layout(json.load(fh))


def test_37s_own_dungeon_places_its_levels():
    p = _shipped()
    assert (p["castle"]["depth"], p["castle"]["bottom"]) == (27, True)
    assert p["medusa-3"]["depth"] == 24 and p["oracle"]["depth"] == 7
    assert (p["valley"]["depth"], p["valley"]["difficulty"], p["valley"]["branch"]) \
        == (28, 28, "up")
    assert p["sanctum"]["dungeon"] == "Gehennom" and p["sanctum"]["bottom"]
    # Sokoban: entered from the level below the Oracle, its top is the hardest
    assert [p[f"soko{i}-1"]["depth"] for i in (4, 3, 2, 1)] == [7, 6, 5, 4]
    assert [p[f"soko{i}-2"]["difficulty"] for i in (4, 3, 2, 1)] == [9, 10, 11, 12]
    assert p["soko4-1"]["branch"] == "down"
    # the endgame: astral at -5 (the dummy level's shift), difficulty the Sanctum's
    assert [p[n]["depth"] for n in ("astral", "water", "fire", "air", "earth")] \
        == [-5, -4, -3, -2, -1]
    assert p["astral"]["difficulty"] == p["sanctum"]["depth"]
    assert p["x-fila"]["dlevel"] == p["x-strt"]["dlevel"] + 1 < p["x-loca"]["dlevel"]
    assert p["x-strt"]["branch"] == "portal" and p["knox"]["branch"] == "portal"
    assert p["minefill"]["dungeon"] == "The Gnomish Mines" and p["minetn-7"]["town"]
    assert p["tut-1"]["dungeon"] == "The Tutorial" and p["tut-1"]["depth"] == 1
    # ledgers run on from dungeon to dungeon
    assert p["valley"]["ledger"] == p["castle"]["ledger"] + 1


def test_placement_reads_the_active_profiles_dungeon():
    with data.tables_of(SHIPPED):
        assert places37.applies()
        c = guess_context("castle")
        assert (c.depth, c.dungeon_name) == (27, "The Dungeons of Doom")
        v = guess_context("valley")
        assert (v.depth, v.difficulty, v.branch) == (28, 28, "up")   # no +15
        assert guess_context("Arc-loca").dungeon_name == "The Quest"
        assert guess_context("valley", depth=40).difficulty == 40
    assert not places37.applies()
    assert guess_context("castle-1").depth == 28          # UnNetHack's own


def test_a_37_level_is_placed_in_37s_dungeon():
    pytest.importorskip("lupa")
    from unlev.lua.runtime import run_lua_text
    text = 'des.level_init({ style = "solidfill", fg = "." })\n'
    lv = run_lua_text(text, "castle.lua", 1, name="castle")
    assert lv.context.depth == 27
    lv = run_lua_text(text, "castle.lua", 1, name="castle", data="unnethack")
    assert lv.context.depth == 28                          # UnNetHack's castle-1


def test_unlev_run_places_a_37_file_in_37s_dungeon(tmp_path):
    pytest.importorskip("lupa")
    from unlev.cli import main
    f = tmp_path / "valley.lua"
    f.write_text('des.level_init({ style = "solidfill", fg = "." })\n')
    out = tmp_path / "v.json"
    assert main(["run", str(f), "--seed", "1", "--json", str(out)]) == 0
    ctx = json.loads(out.read_text())["levels"][0]["context"]
    assert (ctx["dungeon_name"], ctx["depth"], ctx["level_difficulty"]) == ("Gehennom", 28, 28)

