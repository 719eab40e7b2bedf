"""Wall joining, wallify_map, boundary removal and wall properties (mkmaze.c/sp_lev.c)."""

from unlev.model.level import (
    Level, level_from_ascii, W_NONDIGGABLE, W_NONPASSWALL, ROWNO, COLNO,
)
from unlev.stdlib import terrain as T
from unlev.generate import walls


def box(level, x0, y0, x1, y1):
    return level.to_ascii("box", x0, x1, y0, y1)


def test_room_with_inner_wall_and_door_joins_like_the_game():
    lv = level_from_ascii([
        "-------",
        "|.....|",
        "|..|..|",
        "|--+--|",
        "|.....|",
        "-------",
    ], x0=3, y0=2)
    walls.wallification(lv)
    assert box(lv, 3, 2, 9, 7) == "\n".join([
        "┌─────┐",
        "│.....│",
        "│..│..│",
        "├──+──┤",
        "│.....│",
        "└─────┘",
    ])
    assert walls.wall_join_errors(lv) == []


def test_cross_and_tee_walls():
    lv = level_from_ascii([
        "-------",
        "|..|..|",
        "|--|--|",
        "|..|..|",
        "-------",
    ], x0=10, y0=5)
    walls.wallification(lv)
    assert box(lv, 10, 5, 16, 9) == "\n".join([
        "┌──┬──┐",
        "│..│..│",
        "├──┼──┤",
        "│..│..│",
        "└──┴──┘",
    ])


def test_walls_buried_in_rock_become_stone():
    lv = level_from_ascii([
        "---",
        "| |",
        "---",
    ], x0=20, y0=5)
    walls.wallification(lv)
    assert box(lv, 20, 5, 22, 7) == "   \n   \n   "


def test_free_standing_wall_keeps_its_type():
    lv = Level()
    for x in range(5, 10):
        for y in range(3, 8):
            lv.set_typ(x, y, T.ROOM)
    lv.set_typ(7, 5, T.TLCORNER)      # a pillar: no wall neighbour, no arm
    walls.wallification(lv)
    assert lv.at(7, 5) == T.TLCORNER
    assert walls.wall_join_errors(lv) == []


def test_map_edge_counts_as_rock():
    # a wall row on y=0 with floor below: out-of-bounds above is solid
    lv = Level()
    for x in range(1, 8):
        lv.set_typ(x, 0, T.HWALL)
        lv.set_typ(x, 1, T.ROOM)
    lv.set_typ(4, 1, T.VWALL)
    lv.set_typ(4, 2, T.HWALL)
    walls.wallification(lv)
    assert lv.at(4, 0) == T.TDWALL
    assert lv.at(1, 0) == T.HWALL


def test_wall_join_errors_reports_wrong_corner():
    lv = level_from_ascii(["----", "|..|", "----"], x0=2, y0=2)
    walls.wallification(lv)
    assert walls.wall_join_errors(lv) == []
    lv.set_typ(2, 2, T.TRCORNER)
    errs = walls.wall_join_errors(lv)
    assert errs == [(2, 2, T.TRCORNER, T.TLCORNER)]
    assert "TLCORNER" in walls.format_wall_errors(errs)


def test_wall_join_errors_redundant_option():
    lv = level_from_ascii(["---", "---", "---"], x0=30, y0=8)
    assert any(e[3] == T.STONE for e in walls.wall_join_errors(lv, redundant=True))


def test_spine_bits_arms():
    lv = level_from_ascii(["-----", "|.|.|", "-----"], x0=2, y0=2)
    # the middle bottom of the inner wall: north wall, east/west walls
    assert walls.spine_bits(lv, 4, 4) == 0b1011
    assert walls.SPINE_ARRAY[0b1011] == T.TUWALL
    for t, arms in walls.WALL_ARMS.items():
        assert walls.SPINE_ARRAY[arms] == t


def test_wallify_map_rules():
    # stone next to floor becomes HWALL when the first floor seen is in another row,
    # VWALL when it is beside; CROSSWALL boundaries count as floor
    lv = Level()
    for x in range(10, 13):
        for y in range(5, 7):
            lv.set_typ(x, y, T.ROOM)
    walls.wallify_map(lv, 1, 0, COLNO - 1, ROWNO - 1)
    # rows above are scanned first: (9,6) sees the floor at (10,5) before (10,6)
    assert lv.to_ascii("des", 9, 13, 4, 7) == "\n".join([
        "-----",
        "|...|",
        "-...-",
        "-----",
    ])
    assert lv.at(9, 4) == T.HWALL and lv.at(13, 7) == T.HWALL
    assert lv.at(9, 5) == T.VWALL and lv.at(9, 6) == T.HWALL
    walls.wallification(lv)
    assert lv.at(9, 6) == T.VWALL and lv.at(9, 7) == T.BLCORNER


def test_wallify_map_respects_box_and_crosswall():
    lv = Level()
    lv.set_typ(20, 10, T.CROSSWALL)
    walls.wallify_map(lv, 19, 9, 21, 11)
    assert lv.at(19, 10) == T.VWALL and lv.at(20, 9) == T.HWALL
    assert lv.at(18, 10) == T.STONE          # outside the box


def test_remove_boundary_syms_only_touched_and_inside_maze_area():
    lv = Level()
    for x, y in ((10, 5), (11, 5), (78, 5), (12, 20)):
        lv.set_typ(x, y, T.CROSSWALL)
    for x, y in ((10, 5), (78, 5), (12, 20)):
        lv.touch(x, y)
    walls.remove_boundary_syms(lv)
    assert lv.at(10, 5) == T.ROOM
    assert lv.at(11, 5) == T.CROSSWALL        # not laid by the des-file
    assert lv.at(78, 5) == T.CROSSWALL        # x == x_maze_max: the C stops before
    assert lv.at(12, 20) == T.CROSSWALL       # y == y_maze_max


def test_set_wall_property_and_solidify():
    lv = level_from_ascii(["----", "|..|", "----"], x0=5, y0=5)
    lv.set_typ(9, 6, T.TREE)
    lv.set_typ(10, 6, T.IRONBARS)
    lv.set_typ(11, 6, T.POOL)
    walls.set_wall_property(lv, 0, 0, 11, 6, W_NONDIGGABLE)
    assert lv.flags_at(5, 5) & W_NONDIGGABLE
    assert lv.flags_at(9, 6) & W_NONDIGGABLE
    assert lv.flags_at(10, 6) & W_NONDIGGABLE
    assert lv.flags_at(3, 3) & W_NONDIGGABLE          # stone counts
    assert not lv.flags_at(6, 6) & W_NONDIGGABLE      # floor does not
    assert not lv.flags_at(11, 6)                     # pool does not
    assert not lv.flags_at(5, 7)                      # outside the box
    lv2 = level_from_ascii(["----", "|..|", "----"], x0=5, y0=5)
    lv2.touch(5, 5)
    walls.solidify_map(lv2)
    both = W_NONDIGGABLE | W_NONPASSWALL
    assert lv2.flags_at(6, 5) == both and lv2.flags_at(40, 10) == both
    assert lv2.flags_at(5, 5) == 0 and lv2.flags_at(6, 6) == 0


def test_fix_wall_spines_bughack_area():
    # inside the bughack area stone is not solid: a wall line in rock keeps arms
    lv = Level()
    for x in range(10, 15):
        lv.set_typ(x, 5, T.HWALL)
    lv.set_typ(12, 4, T.VWALL)
    walls.fix_wall_spines(lv)
    assert lv.at(12, 5) == T.HWALL       # rock everywhere around: no T
    walls.fix_wall_spines(lv, bughack=(9, 3, 15, 7))
    assert lv.at(12, 5) == T.TUWALL


def test_bound_digging_frames_used_area():
    lv = level_from_ascii(["-----", "|...|", "-----"], x0=10, y0=8)
    walls.bound_digging(lv)
    assert lv.flags_at(8, 9) & W_NONDIGGABLE          # left of the extent
    assert not lv.flags_at(12, 9) & W_NONDIGGABLE     # inside
    lv2 = level_from_ascii(["-----", "|...|", "-----"], x0=10, y0=8)
    walls.bound_digging(lv2, earth_level=True)
    assert not any(lv2.flg)


def test_bad_bounds_raise():
    import pytest
    with pytest.raises(ValueError):
        walls.wallification(Level(), 5, 0, 4, 3)
