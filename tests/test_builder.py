"""GameBuilder: des-file statements run on a real Level, as UnNetHack's loader runs them."""

from __future__ import annotations


import pytest

from unlev.generate.game_builder import GameBuilder
from unlev.generate.locations import get_location_coord
from unlev.lang.frontend import compile_text
from unlev.lang.values import Coord
from unlev.model.level import (
    D_CLOSED, D_ISOPEN, D_LOCKED, D_NODOOR, LR_BRANCH, LR_DOWNSTAIR, LR_UPTELE,
    W_NONDIGGABLE, DungeonContext, Level,
)
from unlev.model.constants import DRY, WET
from unlev.generate.build import build_level
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.stdlib.compat import Compat
from unlev.generate.walls import wall_join_errors


def run(text: str, seed: int = 1, finish: bool = False, **kw) -> Level:
    compiled = compile_text(text)
    return build_level(compiled, seed=seed, finish=finish, **kw)


def rows(level: Level, x0: int, y0: int, x1: int, y1: int) -> list:
    return level.to_ascii(x0=x0, x1=x1, y0=y0, y1=y1).split("\n")


HEADER = 'LEVEL:"test"\nFLAGS:noteleport\n'


# ------------------------------------------------------------------ MAP placement
def test_map_center_geometry_and_relative_coordinates():
    lv = run(HEADER + """GEOMETRY:center,center
MAP
-----
|...|
-----
ENDMAP
TERRAIN:(2,1),'L'
""")
    # xstart = 2 + (78-2-5)/2 = 37 (odd), ystart = 2 + (20-2-3)/2 = 9 (odd)
    assert (lv.xstart, lv.ystart, lv.xsize, lv.ysize) == (37, 9, 5, 3)
    assert rows(lv, 37, 9, 41, 11) == ["-----", "|.L.|", "-----"]
    assert lv.lit_at(39, 10) == 1          # lava is always lit
    assert lv.is_touched(37, 9) and not lv.is_touched(36, 9)
    assert lv.flags.noteleport


@pytest.mark.parametrize("init,expect", [(False, 3), (True, 1)])
def test_map_left_depends_on_init_map(init, expect):
    init_map = "INIT_MAP:solidfill,' '\n" if init else ""
    lv = run(HEADER + init_map + "GEOMETRY:left,top\nMAP\n...\nENDMAP\n")
    assert (lv.xstart, lv.ystart) == (expect, 3)
    assert lv.at(expect, 3) == T.ROOM


def test_map_alignment_values_exact():
    def xs(word):
        return run(HEADER + f"GEOMETRY:{word},center\nMAP\n.....\nENDMAP\n").xstart
    # x_maze_max = 78, xsize = 5: (71/4)=17 -> 19; 71/2=35 -> 37; 213/4=53 -> 55; 78-5-1=72 -> 73
    assert [xs(w) for w in ("left", "half-left", "center", "half-right", "right")] == \
        [3, 19, 37, 55, 73]


def test_map_see_through_and_padding():
    lv = run(HEADER + """INIT_MAP:solidfill,'T'
GEOMETRY:left,top
MAP
.x.
.
ENDMAP
""")
    assert rows(lv, 1, 3, 3, 4) == [".T.", ".  "]   # 'x' keeps the tree; short row padded


def test_map_keep_region_false_restores_frame():
    lv = run(HEADER + """GEOMETRY:center,center,false
MAP
...
ENDMAP
TERRAIN:(1,1),'L'
""")
    assert lv.at(2, 1) == T.LAVAPOOL           # relative to the whole level again
    assert (lv.xstart, lv.ystart) == (1, 0)


def test_map_at_coordinate_and_nomap():
    lv = run(HEADER + """GEOMETRY:(10,4)
MAP
..
ENDMAP
""")
    assert (lv.xstart, lv.ystart) == (11, 4)
    assert lv.at(11, 4) == T.ROOM and lv.at(12, 4) == T.ROOM
    lv = run(HEADER + "NOMAP\nTERRAIN:(5,5),'L'\n")
    assert lv.at(6, 5) == T.LAVAPOOL


def test_map_doors_and_walls_get_their_bits():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
-+S-
|..|
ENDMAP
""")
    assert lv.at(4, 3) == T.DOOR and lv.horizontal_at(4, 3) == 1
    assert lv.at(5, 3) == T.SDOOR and lv.doormask_at(5, 3) == D_CLOSED
    assert lv.horizontal_at(3, 3) == 1 and lv.horizontal_at(3, 4) == 0


# ------------------------------------------------------------------ coordinates
def _builder_on(text: str):
    compiled = compile_text(text)
    rng = RNG(3)
    b = GameBuilder(rng)
    from unlev.lang.evaluator import Evaluator
    Evaluator(b, rng).run_level(compiled.tree.levels[0], compiled.tree.header)
    return b


def test_random_coordinates_respect_humidity():
    b = _builder_on(HEADER + """GEOMETRY:center,center
MAP
}}}}}}
}....}
}}}}}}
ENDMAP
""")
    lv = b.level
    for _ in range(30):
        x, y = get_location_coord(b.state, Coord(0, 0, True), DRY)
        assert lv.at(x, y) == T.ROOM
        x, y = get_location_coord(b.state, Coord(0, 0, True), WET)
        assert lv.at(x, y) == T.MOAT
        x, y = get_location_coord(b.state, Coord(0, 0, True, WET), DRY)   # random[wet] wins
        assert lv.at(x, y) == T.MOAT
    # inside the map frame
    x, y = b.locate(Coord(0, 0, True))
    assert lv.xstart <= x < lv.xstart + 6 and lv.ystart <= y < lv.ystart + 3


def test_random_coordinate_falls_back_to_default_humidity():
    b = _builder_on(HEADER + "GEOMETRY:center,center\nMAP\n...\nENDMAP\n")
    # no water anywhere: random[wet] is retried with the statement's DRY
    x, y = get_location_coord(b.state, Coord(0, 0, True, WET), DRY)
    assert b.level.at(x, y) == T.ROOM


def test_relative_coordinates_and_rndcoord_inverse():
    b = _builder_on(HEADER + "GEOMETRY:center,center\nMAP\n...\nENDMAP\n")
    assert b.locate(Coord(2, 0)) == (b.level.xstart + 2, b.level.ystart)
    assert b.to_relative(*b.locate(Coord(1, 0))) == (1, 0)


# ------------------------------------------------------------------ terrain statements
def test_terrain_replace_terrain_and_features():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
.......
.......
ENDMAP
TERRAIN:line (0,0)-(6,0),'T'
REPLACE_TERRAIN:(0,0,6,1),'.','P',100%
FOUNTAIN:(3,1)
""")
    assert rows(lv, 3, 3, 9, 4) == ["TTTTTTT", "PPP{PPP"]


def test_door_states_and_secret_doors():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
---------
|.......|
---------
ENDMAP
DOOR:locked,(1,0)
DOOR:open,(2,0)
DOOR:nodoor,(3,0)
DOOR:secret,(4,0)
""")
    assert lv.at(4, 3) == T.DOOR and lv.doormask_at(4, 3) == D_LOCKED
    assert lv.doormask_at(5, 3) == D_ISOPEN
    assert lv.doormask_at(6, 3) == D_NODOOR
    assert lv.at(7, 3) == T.SDOOR and lv.doormask_at(7, 3) == D_CLOSED
    assert all(lv.horizontal_at(x, 3) for x in range(4, 8))


def test_non_diggable_and_stairs():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
-----
|...|
-----
ENDMAP
NON_DIGGABLE:(0,0,4,2)
STAIR:(1,1),down
LADDER:(3,1),up
""")
    assert lv.wall_info_at(3, 3) & W_NONDIGGABLE
    assert not lv.wall_info_at(4, 4) & W_NONDIGGABLE     # floor never is
    assert lv.at(4, 4) == T.STAIRS and lv.at(6, 4) == T.LADDER
    assert [(s.x, s.y, s.up, s.isladder) for s in lv.stairs] == [(4, 4, False, False), (6, 4, True, True)]


def test_wallify_documented_and_game():
    text = HEADER + "GEOMETRY:left,top\nMAP\n   \n . \n   \nENDMAP\nWALLIFY\n"
    doc = run(text)
    assert doc.at(4, 4) == T.ROOM and doc.at(3, 4) == T.VWALL and doc.at(4, 3) == T.HWALL
    game = run(text, compat=Compat.game())
    assert game.at(3, 4) == T.STONE           # the loader's WALLIFY does nothing
    assert Compat.game().build.plain_wallify_is_noop and not Compat().build.plain_wallify_is_noop


def test_levregions_are_recorded_in_level_coordinates():
    lv = run(HEADER + """GEOMETRY:center,center
MAP
.....
ENDMAP
BRANCH:(0,0,0,0),(0,0,0,0)
TELEPORT_REGION:levregion(1,0,10,20),(0,0,4,0),up
STAIR:levregion(60,0,79,20),(0,0,0,0),down
""")
    kinds = [r.rtype for r in lv.lregions]
    assert kinds == [LR_BRANCH, LR_UPTELE, LR_DOWNSTAIR]
    tele = lv.lregions[1]
    assert (tele.inarea.x1, tele.inarea.x2) == (1, 10)
    assert (tele.delarea.x1, tele.delarea.y1, tele.delarea.x2) == (lv.xstart, lv.ystart, lv.xstart + 4)


# ------------------------------------------------------------------ rooms and regions
def test_region_lights_and_makes_rooms():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
-------
|.....|
|.....|
-------
ENDMAP
REGION:(1,1,2,2),lit,"ordinary"
REGION:(4,1,5,2),unlit,"morgue"
""")
    assert lv.lit_at(4, 4) == 1 and lv.lit_at(3, 3) == 1      # walls lit too
    assert lv.lit_at(8, 4) == 0
    assert len(lv.rooms) == 1 and lv.rooms[0].rtype == 6        # MORGUE
    r = lv.rooms[0]
    assert (r.lx, r.ly, r.hx, r.hy) == (7, 4, 8, 5)
    assert lv.room_by_roomno(lv.roomno_at(7, 4)) is r


def test_irregular_region_is_flood_filled():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
-------
|..|..|
|..|..|
-------
ENDMAP
REGION:(1,1,1,1),lit,"temple",filled,irregular
""")
    r = lv.rooms[0]
    assert r.irregular and (r.lx, r.ly, r.hx, r.hy) == (4, 4, 5, 5)
    assert lv.lit_at(7, 4) == 0


def test_rooms_subrooms_and_failed_rooms_skip_contents():
    lv = run("""LEVEL:"rooms"
ROOM:"ordinary",lit,(3,3),(center,center),(8,5) {
  SUBROOM:"ordinary",lit,(4,2),(3,2) {
    TERRAIN:(0,0),'L'
  }
  SUBROOM:"ordinary",lit,(0,0),(2,2) {
    SUBROOM:"ordinary",lit,(0,0),(1,1) {
      TERRAIN:(0,0),'T'
    }
  }
}
""", finish=True)
    assert len(lv.rooms) == 1 and len(lv.subrooms) == 2
    room = lv.rooms[0]
    assert room.hx - room.lx + 1 == 8 and room.hy - room.ly + 1 == 5
    sub = lv.subrooms[0]
    # x + w + 1 == width and y + h + 1 == height push the subroom to the far walls
    assert (sub.lx - room.lx, sub.ly - room.ly) == (5, 3)
    assert lv.at(sub.lx, sub.ly) == T.LAVAPOOL
    assert lv.count(T.TREE) == 0            # a 2x2 parent is too small: skipped
    assert not wall_join_errors(lv)


def test_random_rooms_and_corridors_connect():
    lv = run("""LEVEL:"rnd"
ROOM:"ordinary",random,random,random,random { }
ROOM:"ordinary",random,random,random,random { }
ROOM:"ordinary",random,random,random,random { }
ROOM:"ordinary",random,random,random,random { }
RANDOM_CORRIDORS
""", seed=7, finish=True)
    assert len(lv.rooms) >= 2
    assert lv.count(T.CORR) > 0 and len(lv.doors) >= 2
    assert not wall_join_errors(lv)


def test_roomdoor_on_the_named_wall():
    lv = run("""LEVEL:"door"
ROOM:"ordinary",lit,(3,3),(center,center),(12,8) {
  ROOMDOOR:false,nodoor,south,0
  SUBROOM:"ordinary",lit,(4,3),(4,3) {
    ROOMDOOR:false,locked,north,2
  }
}
""")
    # a door needs a non-rock square beyond its wall: never true around a room in
    # solid stone, so only the subroom gets one
    r, s = lv.rooms[0], lv.subrooms[0]
    assert lv.count(T.DOOR) == 1
    assert lv.at(s.lx + 2, s.ly - 1) == T.DOOR
    assert lv.doormask_at(s.lx + 2, s.ly - 1) == D_LOCKED
    assert "create_door: Can't find a proper place!" in lv.extras["warnings"]


# ------------------------------------------------------------------ entities
def test_monsters_objects_traps_gold_engravings():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
-----------
|.........|
|.........|
-----------
ENDMAP
MONSTER:('d',"jackal"),(1,1),asleep
MONSTER:'d',(2,1)
MONSTER:random,random
OBJECT:('(',"chest"),(3,1)
OBJECT:'%',random
TRAP:"pit",(4,1)
TRAP:random,random
GOLD:50,(5,1)
ENGRAVING:(6,1),burn,"Elbereth"
CONTAINER:('(',"large box"),(7,1) {
  OBJECT:('?',"blank paper")
}
MONSTER:('@',"watchman"),(8,1) {
  OBJECT:(')',"dagger")
}
""")
    mons = {(m.x, m.y): m for m in lv.monsters}
    assert mons[(4, 4)].id == "jackal" and mons[(4, 4)].attrs["asleep"] == 1
    assert mons[(5, 4)].attrs["class"] == "d"
    assert len(lv.monsters) == 4
    assert all(lv.at(m.x, m.y) == T.ROOM for m in lv.monsters)
    objs = {(o.x, o.y): o for o in lv.objects}
    assert objs[(6, 4)].id == "chest"
    assert objs[(8, 4)].id == "gold piece" and objs[(8, 4)].attrs["quantity"] == 50
    box = objs[(10, 4)]
    assert [o.id for o in box.contents] == ["blank paper"]
    assert [o.id for o in mons[(11, 4)].attrs["inventory"]] == ["dagger"]
    traps = {(t.x, t.y): t for t in lv.traps}
    assert traps[(7, 4)].ttyp == "PIT" and len(lv.traps) == 2
    assert [(e.x, e.y, e.text) for e in lv.engravings] == [(9, 4, "Elbereth")]


def test_altar_in_temple_gets_a_priest():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
-----
|...|
-----
ENDMAP
REGION:(1,1,3,1),lit,"temple"
ALTAR:(2,1),law,shrine
""")
    assert lv.at(5, 4) == T.ALTAR
    assert lv.flags_at(5, 4) & 7 == 4 and lv.flags_at(5, 4) & 8    # lawful shrine
    assert [m.id for m in lv.monsters] == ["aligned priest"]


# ------------------------------------------------------------------ whole runs
def test_build_is_deterministic():
    text = """LEVEL:"det"
ROOM:"ordinary",random,random,random,random { MONSTER:random,random }
ROOM:"ordinary",random,random,random,random { OBJECT:random,random }
RANDOM_CORRIDORS
"""
    a, b = run(text, seed=11, finish=True), run(text, seed=11, finish=True)
    assert a.grid_bytes() == b.grid_bytes()
    assert [(m.x, m.y, m.id) for m in a.monsters] == [(m.x, m.y, m.id) for m in b.monsters]


# ------------------------------------------------------------------ after the script
def test_branch_kind_from_context_and_mineralize():
    text = HEADER + """GEOMETRY:center,center
MAP
.......
.......
ENDMAP
BRANCH:(1,0,1,0),(0,0,0,0)
"""
    ctx = DungeonContext(depth=5)
    lv = run(text, context=ctx, finish=True)
    assert lv.extras["branch"] == (lv.xstart + 1, lv.ystart)
    assert lv.at(lv.xstart + 1, lv.ystart) == T.ROOM       # unknown kind: only noted
    ctx.branch = "up"
    lv = run(text, context=ctx, finish=True)
    assert lv.at(lv.xstart + 1, lv.ystart) == T.STAIRS
    assert [(s.up, s.tolev) for s in lv.stairs] == [(True, "branch")]


def test_mineralize_statement_buries_gold_in_rock():
    lv = run("LEVEL:\"minefill\"\nMINERALIZE:0,0,1000,0\n", finish=True)
    gold = [o for o in lv.objects if o.id == "gold piece"]
    assert len(gold) > 100
    assert any(o.buried for o in gold) and not all(o.buried for o in gold)
    assert all(lv.at(o.x, o.y) == T.STONE for o in gold)


# ------------------------------------------------------------------ more statements
def test_spill_grows_a_blob_from_a_spot():
    lv = run(HEADER + """GEOMETRY:center,center
MAP
.........
.........
.........
ENDMAP
SPILL:(4,1),'P',east,5
""")
    pools = lv.find(T.POOL)
    assert (lv.xstart + 4, lv.ystart + 1) in pools
    assert 1 <= len(pools) <= 5


def test_spill_from_a_random_wall_starts_in_the_wall():
    lv = run(HEADER + """GEOMETRY:center,center
MAP
-------
|.....|
|.....|
-------
ENDMAP
SPILL:random,'L',south,1
""", seed=5)
    lava = lv.find(T.LAVAPOOL)
    # the wall next to the random spot is broken through, then one cell is spilled
    assert len(lava) in (1, 2)
    assert all(lv.lit_at(x, y) for x, y in lava)


def test_wallwalk_paints_along_the_wall():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
-------
|.....|
|.....|
|.....|
-------
ENDMAP
WALLWALK:(1,1),'P',100%
""")
    ring = {(x, y) for x in range(4, 9) for y in range(4, 7)} - {(5, 5), (6, 5), (7, 5)}
    assert set(lv.find(T.POOL)) == ring


def test_mazewalk_carves_odd_cells_and_stocks():
    lv = run("""LEVEL:"maze"
FLAGS:mazelevel
INIT_MAP:mazegrid,'-'
MAZEWALK:(3,3),east
""", finish=True)
    assert lv.count(T.ROOM) > 300
    assert all(lv.at(x, y) == T.ROOM for x in range(5, 77, 2) for y in range(3, 19, 2)
               if lv.at(x, y) != T.STONE)
    assert not wall_join_errors(lv)
    assert lv.objects or lv.monsters        # MAZEWALK without arguments stocks the maze


def test_drawbridge_open_and_closed():
    lv = run(HEADER + """GEOMETRY:left,top
MAP
|}}
|}}
ENDMAP
DRAWBRIDGE:(1,0),west,open
DRAWBRIDGE:(1,1),west,closed
""")
    assert lv.at(4, 3) == T.DRAWBRIDGE_DOWN and lv.at(3, 3) == T.DOOR
    assert lv.at(4, 4) == T.DRAWBRIDGE_UP and lv.at(3, 4) == T.DBWALL
    assert lv.wall_info_at(3, 4) & W_NONDIGGABLE


def test_levregion_stairs_are_placed_inside_their_region():
    for seed in (1, 2, 3):
        lv = run(HEADER + """GEOMETRY:center,center
MAP
...........
...........
ENDMAP
STAIR:(0,0,3,1),(0,0,0,0),up
""", seed=seed, finish=True)
        [s] = lv.stairs
        assert s.up and lv.xstart <= s.x <= lv.xstart + 3 and lv.ystart <= s.y <= lv.ystart + 1
        assert (s.x, s.y) != (lv.xstart, lv.ystart)        # the excluded cell


def test_random_monster_of_water_kind_goes_into_water():
    lv = run(HEADER + """GEOMETRY:center,center
MAP
}}}}}}}}}}
}........}
}}}}}}}}}}
ENDMAP
MONSTER:(';',"giant eel"),random
MONSTER:('d',"jackal"),random
""")
    eel, jackal = lv.monsters
    assert lv.at(eel.x, eel.y) == T.MOAT
    assert lv.at(jackal.x, jackal.y) == T.ROOM


def test_core_queries_room_and_rndcoord():
    lv = run("""LEVEL:"q"
ROOM:"ordinary",lit,(3,3),(center,center),(7,4) {
  $w = room.width
  $h = room.height
  IF [$w == 7] { TERRAIN:(0,0),'L' }
  IF [$h == 4] { TERRAIN:(6,3),'T' }
  MONSTER:('d',"jackal"),(3,1)
  IF [level.mon_at(monster:'d',(3,1))] { OBJECT:('(',"chest"),(3,2) }
  IF [level.mon_at(monster:'d',(4,1))] { OBJECT:('(',"large box"),(3,2) }
}
""")
    r = lv.rooms[0]
    assert lv.at(r.lx, r.ly) == T.LAVAPOOL and lv.at(r.hx, r.hy) == T.TREE
    assert [o.id for o in lv.objects] == ["chest"]


def test_region_inside_a_room_ends_the_room():
    """spo_region refuses to be a subroom ("region as subroom") but its ENDROOM still
    pops the room: later statements of the ROOM block are relative to the map."""
    lv = run("""LEVEL:"r"
ROOM:"ordinary",lit,(3,3),(center,center),(7,4) {
  REGION:(10,10,11,11),lit,"morgue"
  TERRAIN:(1,1),'L'
}
""")
    assert "region as subroom" in lv.extras["warnings"]
    assert lv.at(2, 1) == T.LAVAPOOL


def test_guess_context_from_level_names():
    from unlev.model.placement import guess_context
    assert guess_context("soko2-3").in_sokoban
    assert guess_context("minetn-1").in_mines
    assert guess_context("water").is_waterlevel and guess_context("astral").in_endgame
    assert guess_context("Pri-fila").dungeon_name == "The Quest"
    assert guess_context("heck-b-2").dungeon_name == "Gehennom"
    assert guess_context("bigrm-3").dungeon_name == "The Dungeons of Doom"


def test_sokoban_levels_flip_like_the_game():
    text = 'LEVEL:"soko1-9"\nGEOMETRY:center,center\nMAP\n-----\n|..L|\n-----\nENDMAP\n'
    flips = {run(text, seed=s, finish=True).find(T.ROOM)[0][0] for s in range(1, 12)}
    assert len(flips) == 2                       # both ways, depending on the seed
    other = 'LEVEL:"bigrm-9"\nGEOMETRY:center,center\nMAP\n-----\n|..L|\n-----\nENDMAP\n'
    assert len({run(other, seed=s, finish=True).find(T.ROOM)[0][0] for s in range(1, 12)}) == 1


def _two_rooms_with_doors(compat):
    from unlev.generate import rooms as R
    b = GameBuilder(RNG(1), compat=compat)
    lv = b.level
    left = R.add_room(lv, 5, 5, 10, 8, True)
    right = R.add_room(lv, 30, 5, 35, 8, True)
    lv.set_typ(11, 6, T.DOOR)       # east wall of the left room
    lv.set_typ(29, 7, T.DOOR)       # west wall of the right room
    lv.set_typ(7, 9, T.DOOR)        # south wall of the left room
    lv.set_typ(32, 4, T.DOOR)       # north wall of the right room
    return b, lv


def test_corridor_between_room_doors():
    from unlev.generate.maze import W_EAST, W_WEST, W_NORTH, W_SOUTH
    b, lv = _two_rooms_with_doors(Compat())
    b.corridor(src=(0, W_EAST, 0), dst=(1, W_WEST, 0))
    assert lv.at(12, 6) == T.CORR and lv.at(28, 7) == T.CORR
    b.corridor(src=(0, W_SOUTH, 0), dst=(1, W_NORTH, 0))
    assert lv.at(7, 10) == T.CORR and lv.at(32, 3) == T.CORR
    # the loader looks for a "south" door on the top wall: none there, nothing dug
    b, lv = _two_rooms_with_doors(Compat.game())
    b.corridor(src=(0, W_SOUTH, 0), dst=(1, W_NORTH, 0))
    assert lv.count(T.CORR) == 0


def test_filled_vault_region_gets_gold_unfilled_does_not():
    text = HEADER + """GEOMETRY:left,top
MAP
----
|..|
|..|
----
ENDMAP
REGION:(1,1,2,2),lit,"vault"{FILLED}
"""
    lv = run(text.replace("{FILLED}", ""), finish=True)
    gold = sorted((o.x, o.y) for o in lv.objects if o.id == "gold piece")
    assert gold == [(4, 4), (4, 5), (5, 4), (5, 5)]
    assert lv.rooms[0].needfill == 1
    lv = run(text.replace("{FILLED}", ",unfilled"), finish=True)
    assert not lv.objects and lv.rooms[0].needfill == 2


def test_zoo_like_rooms_are_stocked():
    text = HEADER + """GEOMETRY:left,top
MAP
-------
|.....|
|.....|
-------
ENDMAP
REGION:(1,1,5,2),lit,"{KIND}"
"""
    lv = run(text.replace("{KIND}", "barracks"), finish=True)
    assert len(lv.monsters) == 10
    assert {m.id for m in lv.monsters} <= {"soldier", "sergeant", "lieutenant", "captain"}
    assert all(m.attrs["asleep"] for m in lv.monsters) and lv.extras["has_barracks"]
    lv = run(text.replace("{KIND}", "throne"), finish=True)
    assert lv.count(T.THRONE) == 1
    assert any(m.id.endswith("king") for m in lv.monsters)
    assert any(o.id in ("chest", "iron safe") and o.contents for o in lv.objects)
    lv = run(text.replace("{KIND}", "zoo"), finish=True)
    assert len(lv.monsters) >= 10 and len(lv.objects) == 10      # gold on every square
