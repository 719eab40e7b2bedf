"""des.levregion and des.teleport_region take their region in map coordinates unless
``region_islev`` says otherwise, as NetHack 3.7 reads them (issue 31)."""

import pytest

pytest.importorskip("lupa")

from unlev.lua.runtime import run_lua_text  # noqa: E402


LEVREGION = """
des.level_init({ style = "solidfill", fg = " " })
des.level_flags("mazelevel", "noflip")
des.map({ halign = "center", valign = "center", map = [[
-------
|.....|
|.....|
-------]] })
des.object("boulder", 3, 2)
des.levregion({ type = "stair-up", region = {3, 2, 3, 2} %s })
"""


def test_a_levregion_is_in_map_coordinates_unless_region_islev():
    """sp_lev.c l_get_lregion: ``region_islev`` defaults to false, so levregion_add
    turns the region into level coordinates with the map's origin (tower3's branch
    stair is on its niche, as in the game's grid)."""
    lv = run_lua_text(LEVREGION % "", "r.lua", 1, name="r", flip_bits=0)
    (boulder,) = [(o.x, o.y) for o in lv.objects if o.id == "boulder"]
    assert boulder != (3, 2)
    assert [(s.x, s.y) for s in lv.stairs if s.up] == [boulder]
    # with region_islev the numbers are level coordinates: the boulder's own square
    # written in level coordinates is the stair's (a map square would not be: (3, 2)
    # of the level is stone, and the stair went to a random square of the room, which
    # could be the boulder's by chance)
    bx, by = boulder
    islev = LEVREGION.replace("region = {3, 2, 3, 2} %s",
                              f"region = {{{bx}, {by}, {bx}, {by}}}, region_islev = 1")
    lv = run_lua_text(islev, "r.lua", 1, name="r", flip_bits=0)
    assert [(s.x, s.y) for s in lv.stairs if s.up] == [boulder]
    shifted = islev.replace(f"{{{bx}, {by}, {bx}, {by}}}", f"{{{bx + 1}, {by}, {bx + 1}, {by}}}")
    lv = run_lua_text(shifted, "r.lua", 1, name="r", flip_bits=0)
    assert [(s.x, s.y) for s in lv.stairs if s.up] == [(bx + 1, by)]
