"""The level invariants of unlev.tools.harness.invariants, each caught on a small hand-made broken
level (and each quiet on its repaired twin)."""

from __future__ import annotations

import textwrap

import pytest

from unlev.tools.harness.invariants import (
    CHECKS, Violation, check_level, components, parse_directives, required_features,
)
from unlev.lang.frontend import compile_text
from unlev.model.level import (D_CLOSED, D_NODOOR, ROWNO, W_NONDIGGABLE, Object, Stairway,
                               level_from_ascii)
from unlev.generate.build import build_level
from unlev.stdlib import terrain as T


def build(text: str, seed: int = 1, name: str = "t.des"):
    compiled = compile_text(textwrap.dedent(text), name)
    node = compiled.tree.levels[0]
    level = build_level(compiled, node, seed=seed)
    return level, required_features(node, compiled.tree.header)


def checks_of(violations):
    return sorted({v.check for v in violations})


ROOM_PAIR = """\
LEVEL: "pair"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
---------
|...{}..|
|...{}..|
---------
ENDMAP
STAIR:(1,1),up
STAIR:(7,2),down
"""


# ------------------------------------------------------------------ reachable
def test_stairs_across_water_are_reached_by_the_games_means():
    """Water between the stairs is the game's design (levitation crosses it); a wall no
    one can dig through is not."""
    level, req = build(ROOM_PAIR.replace("{", "}"))
    assert check_level(level, req) == []
    level, req = build(ROOM_PAIR.replace("{}", "||").replace(
        "ENDMAP\n", "ENDMAP\nNON_DIGGABLE:(0,0,8,3)\n"))
    found = check_level(level, req)
    assert checks_of(found) == ["reachable"]
    (v,) = found
    down = next(s for s in level.stairs if not s.up)
    assert v.at == (down.x, down.y)
    assert "stairs down is not reachable from the up stairs, not even crossing water" \
        in v.message
    # the same wall, diggable: a pick-axe gets there
    level, req = build(ROOM_PAIR.replace("{}", "||"))
    assert check_level(level, req) == []


def test_stairs_on_one_floor_are_reachable():
    level, req = build(ROOM_PAIR.replace("{}", ".."))
    assert check_level(level, req) == []


def test_fountain_is_walkable_but_water_is_not():
    level, req = build(ROOM_PAIR.replace("}", "."))    # '{' fountains stay
    assert check_level(level, req) == []


def test_arrival_region_is_the_start_without_up_stairs():
    text = """\
    LEVEL: "arrive"
    INIT_MAP: solidfill, ' '
    GEOMETRY:center,center
    MAP
    ---------
    |...}...|
    |...}...|
    ---------
    ENDMAP
    NON_DIGGABLE:(0,0,8,3)
    TELEPORT_REGION:(1,1,2,2),(0,0,0,0)
    STAIR:(7,2),down
    """
    level, req = build(text.replace("}", "|"))
    found = check_level(level, req)
    assert [v.check for v in found] == ["reachable"]
    assert "from the arrival region" in found[0].message
    level, req = build(text.replace("}", "."))
    assert check_level(level, req) == []
    level, req = build(text)            # water: crossed
    assert check_level(level, req) == []


def _grid(rows, door_mask=None):
    lev = level_from_ascii(rows, x0=1, y0=1)
    for i, t in enumerate(lev.typ):
        if t == T.DOOR:
            lev.flg[i] = door_mask
    return lev


def test_no_diagonal_step_through_a_real_door():
    rows = ["-----",
            "|.|--",
            "--+.|",
            "  ---"]
    lev = _grid(rows, D_CLOSED)
    comp = components(lev)
    a, door, b = (2, 2), (3, 3), (4, 3)
    assert comp[door[0] * ROWNO + door[1]] == comp[b[0] * ROWNO + b[1]]
    assert comp[a[0] * ROWNO + a[1]] != comp[door[0] * ROWNO + door[1]]
    # a broken or missing door is an empty doorway: diagonals are fine
    lev = _grid(rows, D_NODOOR)
    comp = components(lev)
    assert comp[a[0] * ROWNO + a[1]] == comp[b[0] * ROWNO + b[1]]


def test_an_area_the_level_gives_a_way_to_teleport_is_reached():
    """Rog-loca's south-west closets hold a scroll of teleportation: a stair the random
    STAIR puts there is reached by teleporting, unless the level forbids it."""
    walled = ROOM_PAIR.replace("{}", "||").replace(
        "ENDMAP\n", "ENDMAP\nNON_DIGGABLE:(0,0,8,3)\n")
    scroll = "OBJECT: ('?', \"teleportation\"), (6,1)\n"
    level, req = build(walled + scroll)
    assert any(o.id == "teleportation" for o in level.objects)
    assert check_level(level, req) == []
    wand = "OBJECT: ('/', \"teleportation\"), (6,1)\n"      # not a way the file gives
    assert checks_of(check_level(*build(walled + wand))) == ["reachable"]
    level, req = build(walled.replace('"pair"\n', '"pair"\nFLAGS: noteleport\n') + scroll)
    assert level.flags.noteleport
    assert checks_of(check_level(level, req)) == ["reachable"]


def test_reachable_uses_recorded_stairs():
    lev = _grid(["-------",
                 "|..|..|",
                 "-------"])
    lev.stairs = [Stairway(2, 2, True), Stairway(6, 2, False)]
    for s in lev.stairs:
        lev.typ[s.x * ROWNO + s.y] = T.STAIRS
    for i, t in enumerate(lev.typ):          # walls no one can dig through
        if 0 < t <= T.DBWALL:
            lev.flg[i] |= W_NONDIGGABLE
    (v,) = check_level(lev, None, skip=set(CHECKS) - {"reachable"})
    assert v.at == (6, 2)
    lev.typ[4 * ROWNO + 2] = T.SDOOR              # a secret door can be found
    assert check_level(lev, None, skip=set(CHECKS) - {"reachable"}) == []


# ------------------------------------------------------------------ embedded
EMBEDDED = """\
LEVEL: "emb"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
-------
|.....|
|.....|
-------
ENDMAP
MONSTER: ('d', "jackal"), random
OBJECT: ('(', "chest"), random
MONSTER: ('d', "coyote"), (0,0)
OBJECT: ('(', "large box"), (6,0)
TERRAIN: fillrect(1,1,5,2), '-'
"""


def test_randomly_placed_things_walled_in_later_pass():
    """A random spot passed get_location()'s test for open ground when it was drawn;
    the game's own heck levels wall such things in with a later MAP (and Medusa's with
    the Ludios vault), so a later statement walling them in is the file's design."""
    level, req = build(EMBEDDED)
    inside = [t for t in level.monsters + level.objects
              if t.id in ("jackal", "chest")]
    assert len(inside) == 2
    for t in inside:
        assert T.is_rock(level.typ[t.x * ROWNO + t.y]) and t.attrs["spot"] == "random"
    assert [v for v in check_level(level, req) if v.check == "embedded"] == []


def test_things_no_statement_placed_in_rock_are_caught():
    """What the generator put in rock itself (a room fill, a maze stocker), where no
    dig reaches, is still a failure: the des-file never asked for it there."""
    lev = _grid(["-------",
                 "|.....|",
                 "-------"])
    for i, t in enumerate(lev.typ):
        if 0 < t <= T.DBWALL:
            lev.flg[i] |= W_NONDIGGABLE
    lev.objects = [Object(3, 1, "chest", attrs={"from": "fill_rooms"}),
                   Object(3, 3, "rock", attrs={"spot": "random"}),
                   Object(4, 3, "safe", attrs={"from": "fill"})]
    lev.objects[2].placed_on_ground = True          # walled in after it was placed
    (v,) = check_level(lev, None, skip=set(CHECKS) - {"embedded"})
    assert v.at == (3, 1) and "placed by fill_rooms" in v.message


def test_the_placement_notes_whether_it_was_on_open_ground():
    from unlev.populate.make import add_object
    from unlev.stdlib import data
    lev = _grid(["-----",
                 "|...|",
                 "-----"])
    for i, t in enumerate(lev.typ):
        if 0 < t <= T.DBWALL:
            lev.flg[i] |= W_NONDIGGABLE
    on_floor = add_object(lev, 2, 2, data.get_object("chest"), "fill")
    in_wall = add_object(lev, 2, 1, data.get_object("chest"), "fill")
    assert on_floor.placed_on_ground is True and in_wall.placed_on_ground is False
    assert "placed_on_ground" not in on_floor.attrs           # not in the exported record
    lev.typ[2 * ROWNO + 2] = T.STONE                          # walled in later
    assert [v.at for v in check_level(lev, None, skip=set(CHECKS) - {"embedded"})] == [(2, 1)]


COURT_WITH_STONE = """\
LEVEL: "court"
FLAGS: noflip
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
---------
|...|   |
|...|   |
|...|   |
---------
ENDMAP
NON_DIGGABLE:(0,0,8,4)
REGION:(1,1,7,3),lit,"throne"
"""


def test_a_courts_coffer_on_stone_its_region_takes_in_passes():
    """Fort Ludios' throne room REGION takes in stone beyond the room's walls, and
    fill_zoo() gives the royal coffer any square of the rectangle (somexy()), stone
    too, in the game as in unlev: the level's rectangle, not a thing put into rock.
    The same coffer outside its room's rectangle still fails."""
    on_stone = []
    for seed in range(1, 40):
        level, req = build(COURT_WITH_STONE, seed=seed)
        coffer = next(o for o in level.objects if o.id == "chest")
        if T.is_rock(level.typ[coffer.x * ROWNO + coffer.y]):
            on_stone.append(seed)
            assert coffer.spot_of_room is not None
            assert "spot_of_room" not in coffer.attrs       # not in the exported record
            assert [v for v in check_level(level, req) if v.check == "embedded"] == []
            coffer.x = coffer.spot_of_room.lx - 1           # the room's west wall
            (v,) = [v for v in check_level(level, req) if v.check == "embedded"]
            assert v.at == (coffer.x, coffer.y) and "chest" in v.message
    assert on_stone, "no seed put the coffer on the stone of its rectangle"


def test_things_put_on_a_wall_by_the_des_file_are_allowed():
    level, req = build(EMBEDDED.replace("TERRAIN: fillrect(1,1,5,2), '-'\n", ""))
    coyote = next(m for m in level.monsters if m.id == "coyote")
    box = next(o for o in level.objects if o.id == "large box")
    assert T.is_wall(level.typ[coyote.x * ROWNO + coyote.y])
    assert T.is_wall(level.typ[box.x * ROWNO + box.y])
    assert [v for v in check_level(level, req) if v.check == "embedded"] == []


def test_wall_walkers_may_stand_in_rock():
    level, req = build(EMBEDDED.replace("('d', \"jackal\")", "('X', \"xorn\")"))
    xorn = next(m for m in level.monsters if m.id == "xorn")
    assert T.is_rock(level.typ[xorn.x * ROWNO + xorn.y])
    assert xorn.attrs["spot"] == "random"
    xorn.attrs["spot"] = None            # even where no statement chose its spot
    assert [v for v in check_level(level, req) if v.check == "embedded"] == []


# ------------------------------------------------------------------ doors
DOOR = """\
LEVEL: "door"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
-------
|.....|
|..+..|
|.....|
-------
ENDMAP
DOOR: closed, (3,2)
"""


def test_door_in_the_middle_of_a_room_is_caught():
    level, req = build(DOOR)
    (v,) = check_level(level, req)
    assert v.check == "doors" and "ROOM,ROOM,ROOM,ROOM" in v.message
    assert level.typ[v.at[0] * ROWNO + v.at[1]] == T.DOOR


def test_door_in_a_wall_or_a_row_of_bars_is_fine():
    level, req = build(DOOR.replace("|..+..|", "---+---"))
    assert check_level(level, req) == []
    level, req = build(DOOR.replace("|..+..|", "|FF+FF|"))
    assert check_level(level, req) == []


# ------------------------------------------------------------------ mazes
MAZE = """\
LEVEL: "mz"
FLAGS: mazelevel
INIT_MAP: mazegrid, '-'
MAZEWALK: (3,3), east
"""


def test_maze_cut_in_two_is_caught():
    level, req = build(MAZE + "TERRAIN: fillrect(38,0,40,20), ' '\n")
    found = [v for v in check_level(level, req) if v.check == "maze"]
    assert len(found) == 1 and "falls apart" in found[0].message
    assert len(level.extras["mazewalks"]) == 1


def test_whole_maze_passes():
    level, req = build(MAZE)
    assert len(level.extras["mazewalks"][0]["cells"]) > 300
    assert [v for v in check_level(level, req) if v.check == "maze"] == []


def test_maze_check_follows_a_flip():
    compiled = compile_text(MAZE, "m.des")
    for seed in range(1, 9):
        level = build_level(compiled, seed=seed, force_flip=True)
        if level.extras["flipped"]:
            break
    assert level.extras["flipped"]
    assert [v for v in check_level(level) if v.check == "maze"] == []


def test_second_walk_into_a_finished_maze_is_fine():
    level, req = build(MAZE + "MAZEWALK: (75,17), west\n")
    walks = level.extras["mazewalks"]
    assert len(walks) == 2 and len(walks[1]["cells"]) <= 2
    assert [v for v in check_level(level, req) if v.check == "maze"] == []


def test_mazewalk_with_no_stone_is_caught():
    # started in a wall: what it opened is cut off from all ground
    level, req = build('LEVEL: "mz"\nINIT_MAP: solidfill, \'-\'\nMAZEWALK: (10,10), east\n')
    (v,) = [v for v in check_level(level, req) if v.check == "maze"]
    assert "carved no maze" in v.message


def test_mazewalk_from_open_ground_that_finds_no_stone_passes():
    """Juiblex's MAZEWALKs start on the swamp's open squares and carve nothing, in the
    game too: a walk that started on ground already open and opened only squares
    joined to it cuts nothing off."""
    level, req = build('LEVEL: "mz"\nINIT_MAP: solidfill, \'.\'\nMAZEWALK: (10,10), east\n')
    (walk,) = level.extras["mazewalks"]
    assert len(walk["cells"]) <= 2 and walk["start"] not in walk["cells"]
    assert [v for v in check_level(level, req) if v.check == "maze"] == []


# ------------------------------------------------------------------ stairs asked for
def test_stairs_drawn_over_are_caught():
    text = ROOM_PAIR.replace("}", ".") + "GEOMETRY:center,center\nMAP\n---------\n" \
        "|.......|\n|.......|\n---------\nENDMAP\n"
    level, req = build(text)
    found = check_level(level, req)
    assert [v.check for v in found] == ["stairs", "stairs"]
    assert all("recorded here but the cell is ROOM" in v.message for v in found)


def test_stairs_that_cannot_be_placed_are_missing():
    text = """\
    LEVEL: "st2"
    INIT_MAP: solidfill, ' '
    GEOMETRY:center,center
    MAP
    #######
    ENDMAP
    STAIR:levregion(1,0,79,20),(0,0,0,0),down
    """
    level, req = build(text)
    (v,) = check_level(level, req)
    assert v.check == "stairs"
    assert "asks for 1 down stairs, the level has 0 (asked for at line 7)" in v.message


def test_required_features_count_only_what_always_runs():
    compiled = compile_text(textwrap.dedent("""\
    FUNCTION mkdown() {
      STAIR: (2,2), down
    }
    LEVEL: "req"
    INIT_MAP: solidfill, '.'
    STAIR: (1,1), up
    [50%]: STAIR: (3,3), down
    IF [50%] { LADDER: (4,4), up }
    LOOP [2] { BRANCH: (5,5,6,6), (0,0,0,0) }
    mkdown()
    PORTAL: (7,7,7,7), (0,0,0,0), "oracle"
    ROOM: "ordinary", random, random, random, random { LADDER: random, down }
    ROOM: "zoo" [50%], random, random, random, random { STAIR: random, down }
    """), "r.des")
    req = required_features(compiled.tree.levels[0], compiled.tree.header)
    assert (req.up_stairs, req.down_stairs, req.up_ladders, req.down_ladders) == (1, 1, 0, 1)
    assert req.branch and req.portals == 1


# ------------------------------------------------------------------ switching off
def test_checks_switched_off_are_not_run():
    level, req = build(ROOM_PAIR.replace("{", "}"))
    assert check_level(level, req, skip={"reachable"}) == []


def test_directives_apply_to_their_level_or_the_whole_file():
    text = textwrap.dedent("""\
    # unlev-test: skip doors
    LEVEL: "a"
    # unlev-test: skip reachable, maze -- stairs across the water on purpose
    LEVEL: "b"
    #unlev-test:skip stairs
    # unlev-test: skip nonsense
    # unlev-test please
    """)
    found, problems = parse_directives(text)
    assert found == {None: {"doors"}, "a": {"reachable", "maze"}, "b": {"stairs"}}
    assert len(problems) == 2
    assert "line 6: unknown check(s) nonsense" in problems[0]
    assert "line 7: unreadable" in problems[1]


def test_violation_text():
    v = Violation("doors", "door is not set in a wall", (3, 4))
    assert str(v) == "[doors] at (3,4): door is not set in a wall"
    assert v.to_dict() == {"check": "doors", "message": "door is not set in a wall",
                           "at": [3, 4]}


@pytest.mark.parametrize("check", CHECKS)
def test_every_check_is_documented(check):
    import unlev.tools.harness.invariants as inv
    assert f"``{check}``" in inv.__doc__
