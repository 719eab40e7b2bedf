"""Tests for unlev.stdlib.selection.

Expected cell sets were worked out by hand from UnNetHack's spo_lev.c (the
op_selection_* helpers and the SPO_SEL_* opcode handlers); the hypothesis tests check
the algebraic properties the interpreter relies on.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings, strategies as st

from unlev.stdlib.compat import BuildCompat, Compat, EvalCompat, SelectionCompat
from unlev.stdlib.rng import RNG
from unlev.stdlib.selection import (
    COLNO, ROWNO, W_ANY, W_EAST, W_NORTH, W_SOUTH, W_WEST, Selection,
    line_dist_coord, parse_dirs,
)
from unlev.stdlib.terrain import (
    HWALL, MAP_CHARS, MATCH_WALL, MAX_TYPE, POOL, ROOM, STONE, VWALL,
)

S = Selection
FULL = (1 << (COLNO * ROWNO)) - 1


class SeqSource:
    """A word source that replays given words, so tests can predict every draw."""

    def __init__(self, words):
        self.words = list(words)

    def next_u32(self):
        return self.words.pop(0)


def seq_rng(*words):
    return RNG(0, source=SeqSource(words))


def pic(text, origin=(0, 0)):
    return S.from_ascii(text, origin=origin)


class Grid:
    """A tiny level for the level-reading operations: map characters and a lit mask."""

    def __init__(self, text, lit_text=None):
        rows = text.strip("\n").split("\n")
        self.typ = {}
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                self.typ[(x, y)] = MAP_CHARS[ch]
        self.lit = {}
        if lit_text:
            for y, row in enumerate(lit_text.strip("\n").split("\n")):
                for x, ch in enumerate(row):
                    self.lit[(x, y)] = int(ch)

    def terrain_at(self, x, y):
        return self.typ.get((x, y), STONE)

    def lit_at(self, x, y):
        return self.lit.get((x, y), 0)


def neighbours8(p):
    x, y = p
    return {(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {p}


def is_8_connected(sel):
    pts = set(sel)
    if not pts:
        return True
    start = next(iter(pts))
    seen, todo = {start}, [start]
    while todo:
        for q in neighbours8(todo.pop()):
            if q in pts and q not in seen:
                seen.add(q)
                todo.append(q)
    return seen == pts


# ---------------------------------------------------------------------------------
# value type
# ---------------------------------------------------------------------------------


def test_empty_and_full():
    assert len(S.empty()) == 0 and not S.empty()
    assert len(S.full()) == COLNO * ROWNO and S.full()
    assert (0, 0) in S.full() and (79, 20) in S.full()
    assert S.full().count() == 1680


def test_contains_rejects_off_map_and_junk():
    s = S.point(3, 4)
    assert (3, 4) in s
    assert (4, 3) not in s
    assert (-1, 4) not in S.full() and (80, 0) not in S.full() and (0, 21) not in S.full()
    assert "ab" not in s and 5 not in s and (1, 2, 3) not in s


def test_iteration_is_game_order():
    s = S.from_points([(5, 1), (2, 7), (2, 3), (0, 20), (79, 0)])
    assert list(s) == [(0, 20), (2, 3), (2, 7), (5, 1), (79, 0)]
    assert s.points() == list(s)


def test_from_points_drops_off_map_cells():
    s = S.from_points([(-1, 0), (80, 3), (3, 21), (3, -1), (4, 4)])
    assert list(s) == [(4, 4)]
    assert S.point(80, 0) == S.empty()


def test_equality_hash_and_immutability():
    a = S.from_points([(1, 1), (2, 2)])
    b = S.point(2, 2) | S.point(1, 1)
    assert a == b and hash(a) == hash(b)
    assert len({a, b, S.point(1, 1)}) == 2
    assert a != S.point(1, 1)
    with pytest.raises(AttributeError):
        a._mask = 0
    with pytest.raises(ValueError):
        S(1 << 1680)
    with pytest.raises(ValueError):
        S(-1)


def test_bounding_box():
    assert S.empty().bounding_box() is None
    assert S.point(7, 9).bounding_box() == (7, 9, 7, 9)
    s = S.from_points([(10, 15), (3, 18), (40, 2)])
    assert s.bounding_box() == (3, 2, 40, 18)
    assert S.full().bounding_box() == (0, 0, 79, 20)


def test_ascii_round_trip():
    art = """
        #..#
        .##.
        #..#
    """
    s = pic(art, origin=(10, 5))
    assert list(s) == [(10, 5), (10, 7), (11, 6), (12, 6), (13, 5), (13, 7)]
    assert s.to_ascii() == "#..#\n.##.\n#..#"
    assert s.to_ascii((9, 5, 13, 5), on="X", off="-") == "-X--X"
    assert S.from_ascii("a b\n.c.", on="c") == S.point(1, 1)


def test_repr_mentions_points_or_size():
    assert "(3, 4)" in repr(S.point(3, 4))
    assert "1680 cells" in repr(S.full())


# ---------------------------------------------------------------------------------
# set algebra
# ---------------------------------------------------------------------------------


def test_set_operators():
    a = S.from_points([(1, 1), (2, 2), (3, 3)])
    b = S.from_points([(2, 2), (4, 4)])
    assert a | b == S.from_points([(1, 1), (2, 2), (3, 3), (4, 4)])
    assert a & b == S.point(2, 2)
    assert a - b == S.from_points([(1, 1), (3, 3)])
    assert a ^ b == S.from_points([(1, 1), (3, 3), (4, 4)])
    assert a.union(b) == a | b and a.intersection(b) == a & b
    assert a.difference(b) == a - b and a.symmetric_difference(b) == a ^ b
    assert S.point(2, 2) <= a and not (b <= a) and a >= S.point(1, 1)
    assert S.point(2, 2) < a and not (a < a) and a > S.point(3, 3)
    assert a.isdisjoint(S.point(9, 9)) and not a.isdisjoint(b)


def test_complement_covers_column_zero():
    c = S.point(5, 5).complement()
    assert len(c) == 1679
    assert (0, 0) in c and (5, 5) not in c
    assert ~S.empty() == S.full()


def test_translate_drops_cells_leaving_the_map():
    s = S.from_points([(0, 0), (5, 20), (79, 10)])
    assert s.translate(1, 1) == S.from_points([(1, 1)])
    assert s.translate(-1, -1) == S.from_points([(4, 19), (78, 9)])


# ---------------------------------------------------------------------------------
# rect / fillrect
# ---------------------------------------------------------------------------------


def test_rect_outline():
    expected = pic("""
        #####
        #...#
        #...#
        #####
    """, origin=(5, 3))
    assert S.rect(5, 3, 9, 6) == expected
    assert S.rect(9, 6, 5, 3) == expected  # corners are sorted first


def test_fillrect_and_reversed_corners():
    assert S.fillrect(9, 6, 5, 3) == pic("#####\n#####\n#####\n#####", origin=(5, 3))
    assert len(S.fillrect(0, 0, 79, 20)) == 1680


def test_rect_far_corner_clamped_to_the_map_edge():
    s = S.rect(70, 18, 90, 25)
    # right side drawn at x = 79 and bottom at y = 20, not lost off the map
    assert all((79, y) in s for y in range(18, 21))
    assert all((x, 20) in s for x in range(70, 80))
    assert s == S.rect(70, 18, 79, 20)
    assert S.fillrect(-5, -5, 2, 1) == S.fillrect(0, 0, 2, 1)


def test_rect_wholly_right_of_the_map_leaves_column_79():
    # sorted x1 = 85 stays, x2 = 90 clamps to 79: the x loop is empty but the
    # vertical sides run, and only x2's side is on the map.
    assert S.rect(85, 5, 90, 8) == S.from_points([(79, y) for y in range(5, 9)])
    assert S.fillrect(85, 5, 90, 8) == S.empty()


# ---------------------------------------------------------------------------------
# line
# ---------------------------------------------------------------------------------


def test_line_shallow_hand_traced():
    assert set(S.line(0, 0, 5, 2)) == {(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2)}


def test_line_steep_hand_traced():
    assert set(S.line(0, 0, 2, 5)) == {(0, 0), (0, 1), (1, 2), (1, 3), (2, 4), (2, 5)}


def test_line_is_not_symmetric():
    assert set(S.line(0, 0, 4, 1)) == {(0, 0), (1, 0), (2, 1), (3, 1), (4, 1)}
    assert set(S.line(4, 1, 0, 0)) == {(0, 0), (1, 0), (2, 0), (3, 1), (4, 1)}


def test_line_axes_and_diagonal():
    assert S.line(3, 7, 3, 2) == S.fillrect(3, 2, 3, 7)
    assert S.line(9, 4, 2, 4) == S.fillrect(2, 4, 9, 4)
    assert S.line(1, 1, 4, 4) == S.from_points([(1, 1), (2, 2), (3, 3), (4, 4)])


def test_line_end_clamped_before_drawing():
    # clamping changes the slope: it is not the same as clipping the long line
    assert S.line(0, 0, 100, 10) == S.line(0, 0, 79, 10)
    assert (79, 10) in S.line(0, 0, 100, 10)


def test_zero_length_line():
    assert S.line(5, 3, 5, 3) == S.point(5, 3)
    assert S.line(5, 3, 5, 3, compat=True) == S.from_points([(5, 3), (4, 2), (3, 1), (2, 0)])
    assert S.line(0, 9, 0, 9, compat=True) == S.point(0, 9)
    assert S.line(60, 20, 60, 20, compat=SelectionCompat(zero_line_diagonal=True)) == \
        S.from_points([(60 - k, 20 - k) for k in range(21)])


# ---------------------------------------------------------------------------------
# randline
# ---------------------------------------------------------------------------------


def test_randline_without_roughness_is_deterministic():
    rng = RNG(1)
    assert S.randline(0, 0, 4, 0, 0, rng) == S.fillrect(0, 0, 4, 0)
    assert S.randline(0, 0, 4, 0, 1, rng) == S.fillrect(0, 0, 4, 0)
    assert rng.calls == 0


def test_randline_compat_misses_the_far_end_point():
    # midpoints floor toward the start, so (4,0) is never a midpoint
    assert S.randline(0, 0, 4, 0, 0, RNG(1), compat=True) == S.fillrect(0, 0, 3, 0)
    # reversed, the lost end point is the start: it is the one with larger x
    assert S.randline(4, 0, 0, 0, 0, RNG(1), compat=True) == S.fillrect(0, 0, 3, 0)


def test_randline_compat_anti_diagonal_pair_keeps_only_the_corner():
    # midpoint of (1,0)-(0,1) rounds to (0,0); every deeper level lands there too
    assert S.randline(1, 0, 0, 1, 5, RNG(1), compat=True) == S.point(0, 0)
    assert S.randline(1, 0, 0, 1, 5, RNG(1)) == S.from_points([(0, 0), (1, 0), (0, 1)])


def test_randline_same_seed_same_line():
    a = S.randline(2, 2, 70, 18, 12, RNG(42))
    b = S.randline(2, 2, 70, 18, 12, RNG(42))
    assert a == b
    r = RNG(42)
    S.randline(2, 2, 70, 18, 12, r)
    assert r.calls >= 2  # rough >= 2 draws two numbers per displaced midpoint


def test_randline_first_draws_go_to_the_top_midpoint():
    # rough 4 on (0,5)-(8,5): base midpoint (4,5); dx = rn2(4) - 2, dy = rn2(4) - 2
    rng = seq_rng(3, 0, *([0] * 200))
    s = S.randline(0, 5, 8, 5, 4, rng)
    assert (5, 3) in s  # (4 + 3 - 2, 5 + 0 - 2)


def test_randline_roughness_through_signed_char_in_compat():
    r1, r2 = RNG(5), RNG(5)
    S.randline(0, 5, 40, 5, 256, r1)  # documented: clipped to 40, draws numbers
    s = S.randline(0, 5, 40, 5, 256, r2, compat=True)  # 256 wraps to 0: straight
    assert r1.calls > 0 and r2.calls == 0
    assert s == S.fillrect(0, 5, 39, 5)


def test_randline_that_would_hang_the_game_raises():
    with pytest.raises(ValueError):
        S.randline(300, 5, 79, 5, 10, RNG(1))


# ---------------------------------------------------------------------------------
# grow
# ---------------------------------------------------------------------------------


def test_grow_all_directions():
    assert S.point(10, 10).grow() == S.fillrect(9, 9, 11, 11)
    assert S.point(10, 10).grow(W_ANY) == S.point(10, 10).grow("north|south|east|west")


def test_grow_north_spreads_south_with_diagonals():
    assert S.point(10, 10).grow("north") == pic("""
        .#.
        ###
    """, origin=(9, 10))


def test_grow_each_single_direction():
    p = S.point(10, 10)
    assert p.grow(W_SOUTH) == p | S.fillrect(9, 9, 11, 9)
    assert p.grow(W_EAST) == p | S.fillrect(9, 9, 9, 11)
    assert p.grow(W_WEST) == p | S.fillrect(11, 9, 11, 11)
    assert p.grow(0) == p


def test_grow_north_west_uses_five_neighbours():
    # the cell to the SE is reached via NW (north or west), the one to the NE via
    # SW (west), the one to the SW via NE (north); the cell to the NW needs SE
    # (south or east), so it stays out.
    assert S.point(10, 10).grow(W_NORTH | W_WEST) == pic("""
        ..#
        .##
        ###
    """, origin=(9, 9))


def test_grow_does_not_wrap_between_columns():
    assert S.point(5, 20).grow("north") == S.point(5, 20)
    assert S.point(5, 0).grow("south") == S.point(5, 0)
    assert S.point(0, 0).grow() == S.fillrect(0, 0, 1, 1)
    assert S.point(79, 20).grow() == S.fillrect(78, 19, 79, 20)


def test_parse_dirs():
    assert parse_dirs("north|west") == W_NORTH | W_WEST
    assert parse_dirs(["south", "east"]) == W_SOUTH | W_EAST
    assert parse_dirs(7) == 7
    with pytest.raises(ValueError):
        parse_dirs("up")


# ---------------------------------------------------------------------------------
# filters
# ---------------------------------------------------------------------------------


def test_filter_percent_order_and_threshold():
    s = S.from_points([(3, 1), (1, 5), (1, 2), (2, 0)])  # game order: (1,2) (1,5) (2,0) (3,1)
    rng = seq_rng(10, 60, 49, 50)
    assert s.filter_percent(50, rng) == S.from_points([(1, 2), (2, 0)])


def test_filter_percent_draws_once_per_cell_even_at_100():
    s = S.fillrect(0, 0, 4, 4)
    rng = RNG(3)
    assert s.filter_percent(100, rng) == s and rng.calls == 25
    rng = RNG(3)
    assert s.filter_percent(0, rng) == S.empty() and rng.calls == 25


def test_filter_selection_is_intersection():
    a, b = S.fillrect(0, 0, 5, 5), S.fillrect(3, 3, 9, 9)
    assert a.filter_selection(b) == S.fillrect(3, 3, 5, 5)


LEVEL = Grid("""
.....
.||P.
.-P..
""", lit_text="""
11100
00011
11111
""")


def test_filter_mapchar_by_type_and_light():
    everything = S.fillrect(0, 0, 4, 2)
    kw = dict(terrain_at=LEVEL.terrain_at, lit_at=LEVEL.lit_at)
    assert everything.filter_mapchar(POOL, **kw) == S.from_points([(3, 1), (2, 2)])
    assert everything.filter_mapchar(ROOM, 1, **kw) == S.from_points(
        [(0, 0), (1, 0), (2, 0), (4, 1), (0, 2), (3, 2), (4, 2)])
    assert everything.filter_mapchar(ROOM, 0, **kw) == S.from_points([(3, 0), (4, 0), (0, 1)])
    assert S.point(0, 0).filter_mapchar(ROOM, terrain_at=LEVEL.terrain_at) == S.point(0, 0)


def test_filter_mapchar_random_light():
    s = S.fillrect(0, 0, 4, 2)
    # ROOM cells in game order: (0,0) (0,1) (0,2) (1,0) (2,0) (3,0) (3,2) (4,0) (4,1) (4,2)
    rng = seq_rng(1, 0, 1, 0, 0, 0, 0, 0, 1, 1)
    got = s.filter_mapchar(ROOM, -1, terrain_at=LEVEL.terrain_at, rng=rng)
    assert got == S.from_points([(0, 0), (0, 2), (4, 1), (4, 2)])
    assert rng.calls == 10


def test_filter_mapchar_random_light_compat_is_plain_char():
    s = S.fillrect(0, 0, 4, 2)
    rng = RNG(1)
    got = s.filter_mapchar(ROOM, -1, terrain_at=LEVEL.terrain_at, rng=rng, compat=True)
    assert got == s.filter_mapchar(ROOM, terrain_at=LEVEL.terrain_at)
    assert len(got) == 10 and rng.calls == 0


def test_filter_mapchar_wildcards():
    s = S.fillrect(0, 0, 4, 2)
    walls = s.filter_mapchar(MATCH_WALL, terrain_at=LEVEL.terrain_at)
    assert walls == S.from_points([(1, 1), (2, 1), (1, 2)])
    assert s.filter_mapchar(MAX_TYPE, terrain_at=LEVEL.terrain_at) == s
    assert s.filter_mapchar(MATCH_WALL, terrain_at=LEVEL.terrain_at, compat=True) == S.empty()
    assert s.filter_mapchar(MAX_TYPE, terrain_at=LEVEL.terrain_at, compat=True) == S.empty()


def test_filter_mapchar_needs_what_it_reads():
    with pytest.raises(ValueError):
        S.full().filter_mapchar(ROOM, 1, terrain_at=LEVEL.terrain_at)
    with pytest.raises(ValueError):
        S.full().filter_mapchar(ROOM, -1, terrain_at=LEVEL.terrain_at)


# ---------------------------------------------------------------------------------
# floodfill
# ---------------------------------------------------------------------------------


FLOOD = Grid("""
....-....
.--.-.--.
.-.-.-...
..-...-..
""")


def test_floodfill_four_way():
    got = S.floodfill(1, 0, FLOOD.terrain_at)
    # (1,3) and column 0 would join in if the fill could pass through column 0
    assert got == pic("""
        .###.....
        ...#.....
        .........
        .........
    """)


def test_floodfill_with_diagonals_reaches_further():
    four = S.floodfill(5, 0, FLOOD.terrain_at)
    eight = S.floodfill(5, 0, FLOOD.terrain_at, diagonals=True)
    assert four == pic("""
        .....####
        .....#..#
        ......###
        .......##
    """)
    assert four < eight
    assert (2, 2) in eight and (0, 3) not in eight


def test_floodfill_start_in_column_zero_is_empty():
    assert S.floodfill(0, 0, FLOOD.terrain_at) == S.empty()


def test_floodfill_compat_is_always_empty():
    assert S.floodfill(1, 0, FLOOD.terrain_at, compat=True) == S.empty()


def test_flood_with_a_predicate():
    got = S.flood(3, 3, lambda x, y: x + y <= 8)
    assert got == S.from_points((x, y) for x in range(1, 9) for y in range(ROWNO) if x + y <= 8)
    assert S.flood(3, 3, lambda x, y: False) == S.point(3, 3)  # the start always counts


def test_flood_does_not_wrap_from_the_bottom_row_to_the_next_column():
    # (5,20) and (6,0) are neighbours in bit order but not on the map
    assert S.flood(5, 20, S.from_points([(5, 20), (6, 0)])) == S.point(5, 20)
    assert S.flood(6, 0, S.from_points([(5, 20), (6, 0)]), diagonals=True) == S.point(6, 0)


def test_flood_over_a_selection_region():
    region = S.rect(10, 5, 20, 10)
    assert S.flood(10, 5, region) == region
    assert S.flood(10, 5, region - S.point(15, 5) - S.point(15, 10)) != region
    assert S.flood(10, 5, region - S.point(15, 5) - S.point(15, 10), diagonals=True) \
        == S.flood(10, 5, region - S.point(15, 5) - S.point(15, 10))


# ---------------------------------------------------------------------------------
# circle / ellipse
# ---------------------------------------------------------------------------------


def test_circle_radius_two_outline_and_filled():
    assert S.circle(5, 5, 2) == pic("""
        .###.
        #...#
        #...#
        #...#
        .###.
    """, origin=(3, 3))
    assert S.circle(5, 5, 2, filled=True) == pic("""
        .###.
        #####
        #####
        #####
        .###.
    """, origin=(3, 3))


def test_circle_small_radii():
    assert S.circle(5, 5, 1) == S.from_points([(4, 5), (5, 4), (5, 6), (6, 5)])
    assert S.circle(5, 5, 1, True) == S.circle(5, 5, 1) | S.point(5, 5)
    assert S.circle(5, 5, 0) == S.point(5, 5)
    assert S.circle(5, 5, 0, filled=True) == S.empty()  # McIlroy's filled loop draws no row


def test_ellipse_three_by_one():
    assert S.ellipse(10, 10, 3, 1) == pic("""
        .#####.
        #.....#
        .#####.
    """, origin=(7, 9))
    assert S.ellipse(10, 10, 3, 1, True) == pic("""
        .#####.
        #######
        .#####.
    """, origin=(7, 9))


def test_ellipse_fill_inverted_in_compat():
    outline, solid = S.ellipse(30, 10, 6, 4), S.ellipse(30, 10, 6, 4, True)
    assert outline < solid
    assert S.ellipse(30, 10, 6, 4, True, compat=True) == outline
    assert S.ellipse(30, 10, 6, 4, False, compat=True) == solid
    assert S.ellipse(30, 10, 6, 4, None, compat=True) == outline
    assert S.ellipse(30, 10, 6, 4, False) == outline


def test_ellipse_clipped_at_map_edge():
    s = S.circle(0, 0, 3, True)
    assert s.bounding_box() == (0, 0, 3, 3)
    assert S.ellipse(5, 5, -1, 3) == S.empty()


# ---------------------------------------------------------------------------------
# gradient and line_dist_coord
# ---------------------------------------------------------------------------------


def test_line_dist_coord_truncates():
    # foot of the perpendicular is (5.96, 1.79), truncated to (5, 1): distance 4, not 3
    assert line_dist_coord(0, 0, 10, 3, 5, 5) == 4
    # float: 13/22 * 22 comes out as 12.99999..., truncated to 12 -- a cell on the
    # segment is one away from it
    assert line_dist_coord(0, 5, 22, 5, 13, 5) == 1
    assert line_dist_coord(0, 5, 22, 5, 12, 5) == 0
    assert line_dist_coord(3, 3, 3, 3, 6, 7) == 5
    assert line_dist_coord(0, 0, 10, 0, 15, 0) == 5  # clamped to the end point


@pytest.mark.parametrize("seg", [(0, 5, 22, 5), (79, 3, 0, 3), (3, 2, 70, 19), (10, 20, 11, 0),
                                 (40, 10, 40, 10), (0, 0, 37, 0)])
def test_bulk_distances_match_the_scalar_definition(seg):
    from unlev.stdlib.bitboard import POINTS as _POINTS
    from unlev.stdlib.selection_shapes import _line_dists
    assert _line_dists(*seg, _POINTS) == [line_dist_coord(*seg, x, y) for x, y in _POINTS]


def ring(cx, cy, d):
    return S.from_points((x, y) for x in range(COLNO) for y in range(ROWNO)
                         if d * d <= (x - cx) ** 2 + (y - cy) ** 2 < (d + 1) ** 2)


def test_gradient_radial_ring_and_draw_count():
    rng = RNG(7)
    got = S.gradient(10, 10, 2, 3, rng, limited=True)
    assert got == ring(10, 10, 3)  # dofs = 1: d - 2 > 0 always, for d == 3 only
    assert rng.calls == len(ring(10, 10, 2)) + len(ring(10, 10, 3))


def test_gradient_unlimited_keeps_everything_past_maxd():
    rng = RNG(7)
    got = S.gradient(40, 10, 3, 2, rng)  # mind/maxd swapped back
    far = S.from_points((x, y) for x in range(COLNO) for y in range(ROWNO)
                        if (x - 40) ** 2 + (y - 10) ** 2 >= 9)
    assert got == far
    assert rng.calls == len(far) + len(ring(40, 10, 2))


def test_gradient_square_is_chebyshev_for_a_point():
    got = S.gradient(10, 10, 2, 3, RNG(1), kind="square", limited=True)
    assert got == S.rect(7, 7, 13, 13)
    assert S.gradient(10, 10, 2, 3, RNG(1), kind=1, limited=True) == got


def test_gradient_square_with_a_line_centre():
    # the game's "square" distance: min(d(cell), max(d(x, cy), d(cx, y)),
    # max(d(x2, cy), d(cx, y2))) with every d measured to the segment
    x, y, x2, y2 = 10, 5, 20, 15

    def d(px, py):
        return line_dist_coord(x, y, x2, y2, px, py)

    for k in (2, 4):
        expected = S.from_points(
            (cx, cy) for cx in range(COLNO) for cy in range(ROWNO)
            if min(d(cx, cy), max(d(x, cy), d(cx, y)), max(d(x2, cy), d(cx, y2))) == k)
        got = S.gradient(x, y, k - 1, k, RNG(1), x2=x2, y2=y2, kind="square", limited=True)
        assert got == expected and got


def test_gradient_line_centre_keeps_the_float_truncation():
    got = S.gradient(0, 5, 0, 1, RNG(1), x2=22, y2=5, limited=True)
    assert (13, 5) in got  # on the segment, but the game measures distance 1
    assert (12, 5) not in got and (12, 6) in got


def test_gradient_probability_and_draw_order():
    # mind 0, maxd 4: cells at distance d are kept when d > rn2(4)
    rng = seq_rng(*([3] * 2000))
    got = S.gradient(40, 10, 0, 4, rng, limited=True)
    assert got == S.from_points((x, y) for x in range(COLNO) for y in range(ROWNO)
                                if 16 <= (x - 40) ** 2 + (y - 10) ** 2 < 25)


def test_gradient_rejects_unknown_kind():
    with pytest.raises(ValueError):
        S.gradient(1, 1, 0, 3, RNG(1), kind="diamond")


# ---------------------------------------------------------------------------------
# rndcoord
# ---------------------------------------------------------------------------------


def test_rndcoord_never_picks_column_zero():
    rng = RNG(1)
    assert S.fillrect(0, 0, 0, 20).rndcoord(rng) is None
    assert rng.calls == 0
    s = S.fillrect(0, 0, 1, 0)
    assert all(s.rndcoord(RNG(i)) == (1, 0) for i in range(20))


def test_rndcoord_counts_in_game_order():
    s = S.from_points([(0, 3), (4, 1), (2, 9), (2, 2), (7, 0)])
    # candidates (x >= 1) in game order: (2,2) (2,9) (4,1) (7,0); word 6 % 4 = 2
    assert s.rndcoord(seq_rng(6)) == (4, 1)
    p, rest = s.rndcoord_remove(seq_rng(6))
    assert p == (4, 1) and rest == s - S.point(4, 1)
    assert S.empty().rndcoord_remove(RNG(1)) == (None, S.empty())


# ---------------------------------------------------------------------------------
# compat flags
# ---------------------------------------------------------------------------------


def test_compat_selection():
    assert Compat.of(True) == Compat.game()
    assert Compat.of(False) == Compat() == Compat.documented()
    game = Compat.game()
    for section, cls in ((game.selection, SelectionCompat), (game.eval, EvalCompat),
                         (game.build, BuildCompat)):
        assert all(getattr(section, f.name) for f in dataclasses.fields(cls))
        assert not any(getattr(cls(), f.name) for f in dataclasses.fields(cls))
    sel = game.selection
    assert sel.floodfill_empty and sel.ellipse_fill_inverted and sel.zero_line_diagonal
    assert sel.randline_no_endpoints and sel.filter_random_light_any
    assert not Compat().selection.floodfill_empty
    assert game.is_game and game.name == "game" and Compat().name == "documented"
    assert Compat.named("game") is game and Compat.named("documented") == Compat()
    with pytest.raises(ValueError, match="unknown compat mode 'gaem'"):
        Compat.named("gaem")
    only = Compat.of(SelectionCompat(floodfill_empty=True))
    assert only.name == "custom" and not only.is_game
    assert S.floodfill(1, 0, FLOOD.terrain_at, compat=only) == S.empty()
    assert S.line(5, 3, 5, 3, compat=only) == S.point(5, 3)


# ---------------------------------------------------------------------------------
# properties
# ---------------------------------------------------------------------------------

masks = st.one_of(
    st.integers(0, FULL),
    st.lists(st.tuples(st.integers(0, COLNO - 1), st.integers(0, ROWNO - 1)), max_size=30)
    .map(lambda pts: S.from_points(pts).mask),
)
sels = masks.map(S)
xs = st.integers(0, COLNO - 1)
ys = st.integers(0, ROWNO - 1)


@given(sels)
def test_complement_is_an_involution(s):
    assert ~~s == s
    assert s | ~s == S.full() and not (s & ~s)
    assert len(s) + len(~s) == COLNO * ROWNO


@given(sels, sels, sels)
def test_union_laws(a, b, c):
    assert a | b == b | a
    assert a | a == a
    assert (a | b) | c == a | (b | c)
    assert a <= a | b
    assert a.union(b, c) == a | b | c


@given(sels, st.integers(0, 15))
def test_grow_is_monotone(s, dirs):
    g = s.grow(dirs)
    assert s <= g
    assert g <= s.grow(W_ANY)


@given(st.lists(st.tuples(xs, ys), max_size=12), st.integers(0, 15))
def test_grow_matches_its_definition(pts, dirs):
    s = S.from_points(pts)
    offsets = [(W_WEST, -1, 0), (W_WEST | W_NORTH, -1, -1), (W_NORTH, 0, -1),
               (W_NORTH | W_EAST, 1, -1), (W_EAST, 1, 0), (W_EAST | W_SOUTH, 1, 1),
               (W_SOUTH, 0, 1), (W_SOUTH | W_WEST, -1, 1)]
    expected = set(s)
    for x in range(COLNO):
        for y in range(ROWNO):
            if any(dirs & need and (x + ox, y + oy) in s for need, ox, oy in offsets):
                expected.add((x, y))
    assert set(s.grow(dirs)) == expected


@given(sels, st.integers(-10, 110), st.integers(0, 2**32))
def test_filter_percent_is_a_subset(s, pct, seed):
    rng = RNG(seed)
    assert s.filter_percent(pct, rng) <= s
    assert rng.calls == len(s)


@given(sels, st.integers(0, 2**32))
def test_filter_mapchar_is_a_subset(s, seed):
    got = s.filter_mapchar(ROOM, -1, terrain_at=lambda x, y: ROOM if (x + y) % 3 else HWALL,
                           rng=RNG(seed))
    assert got <= s
    assert all((x + y) % 3 for x, y in got)


@given(sels, sels)
def test_filter_selection_is_a_subset(a, b):
    assert a.filter_selection(b) <= a and a.filter_selection(b) <= b


@settings(max_examples=150)
@given(xs, ys, xs, ys, st.integers(-3, 100), st.integers(0, 2**32))
def test_randline_has_end_points_and_is_8_connected(x1, y1, x2, y2, rough, seed):
    s = S.randline(x1, y1, x2, y2, rough, RNG(seed))
    assert (x1, y1) in s and (x2, y2) in s
    assert is_8_connected(s)


@given(xs, ys, xs, ys, st.integers(0, 2**32))
def test_randline_compat_differs_only_by_end_points(x1, y1, x2, y2, seed):
    doc = S.randline(x1, y1, x2, y2, 6, RNG(seed))
    game = S.randline(x1, y1, x2, y2, 6, RNG(seed), compat=True)
    assert game <= doc
    assert doc - game <= S.from_points([(x1, y1), (x2, y2)])


@settings(max_examples=40)
@given(xs, ys, st.one_of(st.none(), st.tuples(xs, ys)), st.integers(0, 12),
       st.integers(0, 12), st.booleans(), st.integers(0, 2**32))
def test_gradient_respects_min_and_max_distance(x, y, end, mind, maxd, limited, seed):
    x2, y2 = end if end else (x, y)
    got = S.gradient(x, y, mind, maxd, RNG(seed), x2=x2, y2=y2, limited=limited)
    lo, hi = min(mind, maxd), max(mind, maxd)
    for cx, cy in got:
        d = line_dist_coord(x, y, x2, y2, cx, cy)
        assert d > lo
        assert not limited or d <= hi


@given(sels, st.integers(0, 2**32))
def test_rndcoord_is_a_member_off_column_zero(s, seed):
    p = s.rndcoord(RNG(seed))
    if p is None:
        assert not (s - S.fillrect(0, 0, 0, 20))
    else:
        assert p in s and p[0] >= 1


@given(sels)
def test_iteration_sorted_and_counted(s):
    pts = list(s)
    assert pts == sorted(pts)
    assert len(pts) == len(s) == len(set(pts))
    assert S.from_points(pts) == s


@given(sels)
def test_ascii_round_trip_property(s):
    if s:
        x1, y1, _, _ = s.bounding_box()
        assert S.from_ascii(s.to_ascii(), origin=(x1, y1)) == s


@settings(max_examples=40)
@given(st.integers(0, 2**32), st.integers(2, 4), st.integers(1, COLNO - 1), ys, st.booleans())
def test_floodfill_is_a_connected_same_terrain_region(seed, kinds, x, y, diagonals):
    pick = random.Random(seed).choice
    cells = [pick([ROOM, POOL, STONE, VWALL][:kinds]) for _ in range(COLNO * ROWNO)]
    terrain = lambda cx, cy: cells[cx * ROWNO + cy]  # noqa: E731
    got = S.floodfill(x, y, terrain, diagonals=diagonals)
    assert (x, y) in got
    assert all(terrain(cx, cy) == terrain(x, y) and cx >= 1 for cx, cy in got)
    # closed: no same-terrain neighbour outside the fill
    for cx, cy in got:
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if diagonals:
            steps += [(1, 1), (-1, -1), (1, -1), (-1, 1)]
        for dx, dy in steps:
            nx, ny = cx + dx, cy + dy
            if 1 <= nx < COLNO and 0 <= ny < ROWNO and terrain(nx, ny) == terrain(x, y):
                assert (nx, ny) in got
