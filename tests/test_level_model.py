"""The level model (unlev.model.level) and the room/door helpers (unlev.generate.rooms)."""

import time

import pytest

from unlev.stdlib.rng import RNG
from unlev.stdlib import terrain as T
from unlev.model import level as L
from unlev.model.level import Level, level_from_ascii, isok, idx, ROWNO, COLNO
from unlev.generate import rooms as R
from unlev.model import spots
from unlev.generate import walls


# -- grid -----------------------------------------------------------------------------
def test_dimensions_and_isok():
    assert (COLNO, ROWNO) == (80, 21)
    assert (L.X_MAZE_MAX, L.Y_MAZE_MAX) == (78, 20)
    assert not isok(0, 5) and isok(1, 0) and isok(79, 20)
    assert not isok(80, 5) and not isok(5, 21) and not isok(5, -1)


def test_flat_storage_is_column_major():
    lv = Level()
    lv.set_typ(3, 4, T.FOUNTAIN)
    assert idx(3, 4) == 3 * 21 + 4
    assert lv.typ[3 * 21 + 4] == T.FOUNTAIN and lv.at(3, 4) == T.FOUNTAIN
    assert len(lv.typ) == 80 * 21


def test_bitfield_widths_are_the_games():
    lv = Level()
    lv.set_flags(5, 5, 0xFF)
    assert lv.flags_at(5, 5) == 0x1F                   # flags: 5 bits
    lv.set_roomno(5, 5, L.MAXNROFROOMS + 1 + 30 + L.ROOMOFFSET)
    assert lv.roomno_at(5, 5) == (74 & 0x3F)           # roomno: 6 bits
    lv.add_wall_info(6, 6, L.W_NONDIGGABLE)
    lv.add_wall_info(6, 6, L.W_NONPASSWALL)
    assert lv.wall_info_at(6, 6) == 0x18
    c = lv.cell(6, 6)
    assert c.flags == 0x18 and c.typ == T.STONE


def test_door_constants_match_rm_h():
    assert (L.D_NODOOR, L.D_BROKEN, L.D_ISOPEN, L.D_CLOSED, L.D_LOCKED, L.D_TRAPPED) == \
        (0, 1, 2, 4, 8, 16)
    assert (L.W_NONDIGGABLE, L.W_NONPASSWALL) == (8, 16)
    assert (L.NO_ROOM, L.SHARED, L.ROOMOFFSET) == (0, 1, 3)


def test_set_typlit_semantics():
    lv = Level()
    rng = RNG(1)
    lv.set_typlit(5, 5, T.ROOM, -2, rng)
    assert lv.lit_at(5, 5) == 0 and rng.calls == 0
    lv.set_typlit(5, 5, T.LAVAPOOL, 0, rng)
    assert lv.lit_at(5, 5) == 1                       # lava is always lit
    lv.set_typlit(6, 5, T.ROOM, -1, rng)
    assert rng.calls == 1                             # one rn2(2) per cell
    lv.set_typlit(7, 5, T.MAX_TYPE, 1, rng)           # 'x': keep terrain, set light
    assert lv.at(7, 5) == T.STONE and lv.lit_at(7, 5) == 1


def test_set_levltyp_keeps_stairs():
    lv = Level()
    lv.set_typ(5, 5, T.STAIRS)
    assert not lv.set_levltyp(5, 5, T.ROOM) and lv.at(5, 5) == T.STAIRS
    assert lv.set_levltyp(6, 5, T.LAVAPOOL) and lv.lit_at(6, 5) == 1
    assert not lv.set_levltyp(0, 5, T.ROOM)           # column 0 is not on the map


def test_ascii_round_trip():
    art = ["-----", "|.{.|", "|.+.|", "-----"]
    lv = level_from_ascii(art, x0=10, y0=3)
    assert lv.to_ascii("des", 10, 14, 3, 6) == "\n".join(art)
    assert lv.horizontal_at(10, 3) == 1 and lv.horizontal_at(10, 4) == 0
    assert lv.find(T.FOUNTAIN) == [(12, 4)] and lv.count(T.DOOR) == 1


def test_a_level_costs_milliseconds():
    t = time.process_time()
    for _ in range(20):
        lv = level_from_ascii(["-------", "|.....|", "-------"], x0=2, y0=2)
        walls.wallification(lv)
        lv.grid_bytes()
    per = (time.process_time() - t) / 20
    assert per < 0.05, per


# -- FLAGS ------------------------------------------------------------------------------
def test_flags_by_name_and_bits():
    f = L.LevelFlags()
    f.apply_des_flags("noteleport, hardfloor,mazelevel,premapped,shroud,sky")
    assert f.noteleport and f.hardfloor and f.is_maze_lev and f.premapped and f.sky
    assert not f.hero_memory
    g = L.LevelFlags()
    g.apply_des_flags(L.GRAVEYARD | L.SOLIDIFY | L.CORRMAZE | L.ICEDPOOLS)
    assert g.graveyard and g.solidify and g.corrmaze and g.icedpools
    with pytest.raises(ValueError):
        g.apply_des_flags(["teleport"])


def test_noflip_words_are_crossed_in_spo_lev():
    f = L.LevelFlags()
    f.apply_des_flags(["noflipx"])
    assert f.allow_flips == L.FLIP_HORIZONTAL          # the vertical bit went
    assert f.intended_flip_bits() == L.FLIP_VERTICAL
    f2 = L.LevelFlags()
    f2.apply_des_flags(["noflip"])
    assert f2.allow_flips == 0
    f3 = L.LevelFlags()
    f3.apply_des_flags(["rndvault"])
    assert f3.allow_flips == 0


def test_sheol_flag_is_ignored_by_the_loader():
    f = L.LevelFlags()
    f.apply_des_flags(["sheol", "noteleport"])
    assert not f.sheol and f.noteleport and f.raw_bits & L.SHEOL_LEV


def test_context_difficulty_defaults_to_depth():
    assert L.DungeonContext(depth=12).difficulty == 12
    assert L.DungeonContext(depth=12, level_difficulty=3).difficulty == 3


# -- rooms --------------------------------------------------------------------------------
def test_add_room_draws_walls_and_lights_the_ring():
    lv = Level()
    room = R.add_room(lv, 5, 3, 8, 5, True)
    assert lv.to_ascii("box", 4, 9, 2, 6) == "\n".join([
        "┌────┐", "│....│", "│....│", "│....│", "└────┘"])
    assert room.rlit == 1 and lv.lit_at(4, 2) == 1 and lv.lit_at(10, 3) == 0
    assert lv.horizontal_at(6, 2) == 1 and lv.horizontal_at(4, 4) == 0
    special = R.add_room(lv, 20, 3, 22, 4, False, L.OROOM, True)
    assert lv.at(20, 3) == T.STONE and special.rlit == 0
    assert lv.nroom == 2 and lv.room_roomno(special) == 4


def test_add_room_clamps_to_the_edges():
    lv = Level()
    room = R.add_room(lv, 0, 0, 79, 20, False, L.OROOM, True)
    assert (room.lx, room.ly, room.hx, room.hy) == (1, 1, 78, 19)


def test_topologize_sets_roomno_edges_and_shared_walls():
    lv = Level()
    a = R.add_room(lv, 3, 3, 5, 5, False)
    b = R.add_room(lv, 7, 3, 9, 5, False)     # shares wall column 6
    R.topologize(lv, a)
    R.topologize(lv, b)
    assert lv.roomno_at(4, 4) == 3 and lv.roomno_at(8, 4) == 4
    assert lv.roomno_at(6, 4) == L.SHARED and lv.edge_at(6, 4) == 1
    assert lv.roomno_at(2, 4) == 3 and lv.edge_at(4, 4) == 0
    assert lv.room_by_roomno(4) is b


def test_subroom_numbers_and_doors_arrays():
    lv = Level()
    a = R.add_room(lv, 3, 3, 12, 8, False)
    b = R.add_room(lv, 20, 3, 25, 8, False)
    s = R.add_subroom(lv, a, 5, 5, 7, 6, False)
    assert s.parent is a and a.subrooms == [s]
    assert lv.room_roomno(s) == L.MAXNROFROOMS + 1 + 0 + L.ROOMOFFSET
    R.add_door(lv, 26, 5, b)
    R.add_door(lv, 2, 5, a)          # inserted before b's doors
    R.add_door(lv, 8, 5, s)          # subrooms are another array: appended
    assert lv.doors == [(2, 5), (26, 5), (8, 5)]
    assert R.room_doors(lv, a) == [(2, 5)] and R.room_doors(lv, b) == [(26, 5)]
    assert (b.fdoor, b.doorct) == (1, 1)


def test_link_doors_rooms_orients_and_registers():
    lv = Level()
    a = R.add_room(lv, 3, 3, 6, 6, False)
    lv.set_typ(7, 4, T.DOOR)          # east wall
    lv.set_typ(4, 2, T.SDOOR)         # north wall
    lv.set_typ(40, 10, T.DOOR)        # no room
    R.link_doors_rooms(lv)
    assert lv.horizontal_at(4, 2) == 1 and lv.horizontal_at(7, 4) == 0
    assert sorted(R.room_doors(lv, a)) == [(4, 2), (7, 4)]
    R.link_doors_rooms(lv)            # idempotent
    assert a.doorct == 2


def test_door_orientation_in_rock():
    lv = Level()
    lv.set_typ(10, 10, T.DOOR)
    for x in range(9, 12):
        lv.set_typ(x, 9, T.ROOM)
        lv.set_typ(x, 11, T.ROOM)
    R.set_door_orientation(lv, 10, 10)
    assert lv.horizontal_at(10, 10) == 1    # rock left and right


def test_flood_fill_rm_is_eight_connected_and_counts():
    lv = level_from_ascii([
        "......",
        ".    .",
        ". .. .",
        "   . .",
    ], x0=10, y0=5)
    lv.set_typ(16, 9, T.ROOM)             # only diagonal to (15,8)
    res = R.flood_fill_rm(lv, 10, 5, 7, True, False)
    assert res.n_loc_filled == 12
    assert (res.min_rx, res.min_ry, res.max_rx, res.max_ry) == (10, 5, 16, 9)
    assert lv.roomno_at(16, 9) == 7 and lv.lit_at(16, 9) == 1
    assert lv.roomno_at(12, 7) == 0 and lv.roomno_at(13, 8) == 0   # the island


def test_flood_fill_rm_anyroom_marks_walls():
    lv = level_from_ascii(["-----", "|...|", "|.T.|", "-----"], x0=3, y0=3)
    res = R.flood_fill_rm(lv, 4, 4, 5, True, True)
    assert res.n_loc_filled == 6
    assert lv.edge_at(3, 3) == 1 and lv.roomno_at(3, 3) == 5 and lv.lit_at(3, 3) == 1
    assert lv.roomno_at(5, 5) == 5        # the tree counts as room
    lv2 = level_from_ascii(["-----", "|...|", "-----"], x0=3, y0=3)
    lv2.set_roomno(3, 3, 9)
    R.flood_fill_rm(lv2, 4, 4, 5, False, True)
    assert lv2.roomno_at(3, 3) == L.SHARED


def test_somexy_irregular_and_subrooms():
    lv = Level()
    rng = RNG(3)
    a = R.add_room(lv, 10, 5, 20, 10, False)
    s = R.add_subroom(lv, a, 12, 6, 14, 8, False)
    for _ in range(50):
        x, y = spots.somexy(lv, rng, a)
        assert a.lx <= x <= a.hx and a.ly <= y <= a.hy
        assert not spots.inside_room(s, x, y)
    lv2 = level_from_ascii(["...", ". .", "..."], x0=30, y0=5)
    irr = R.add_room(lv2, 30, 5, 32, 7, False, L.OROOM, True)
    irr.irregular = True
    R.flood_fill_rm(lv2, 30, 5, lv2.room_roomno(irr), False, False)
    for _ in range(20):
        x, y = spots.somexy(lv2, rng, irr)
        assert lv2.at(x, y) == T.ROOM


def test_remove_rooms_keeps_partial_overlaps():
    lv = Level()
    R.add_room(lv, 5, 5, 8, 8, False, L.OROOM, True)      # inside
    part = R.add_room(lv, 30, 5, 50, 8, False, L.OROOM, True)
    part.irregular = True
    last = R.add_room(lv, 60, 5, 62, 6, False, L.OROOM, True)
    lv.set_roomno(61, 5, 2 + L.ROOMOFFSET)
    notes = R.remove_rooms(lv, 1, 1, 40, 15)
    assert lv.rooms == [last, part] and notes == []
    assert lv.roomno_at(61, 5) == 0 + L.ROOMOFFSET      # renumbered


def test_light_region():
    lv = Level()
    lv.set_typ(11, 11, T.LAVAPOOL)
    lv.set_lit(11, 11, 1)
    R.light_region(lv, 10, 10, 12, 12, True)
    assert lv.lit_at(9, 9) == 1 and lv.lit_at(13, 13) == 1 and lv.lit_at(14, 13) == 0
    R.light_region(lv, 10, 10, 12, 12, False)
    assert lv.lit_at(10, 10) == 0 and lv.lit_at(9, 9) == 1 and lv.lit_at(11, 11) == 1


def test_dig_corridor_connects_and_is_deterministic():
    def run(seed):
        lv = Level()
        ok = R.dig_corridor(lv, RNG(seed), (5, 5), (40, 15), False, T.CORR, T.STONE)
        return ok, bytes(lv.typ)

    ok, grid = run(11)
    assert ok and run(11) == (ok, grid)
    lv = Level()
    lv.typ[:] = grid
    assert lv.at(40, 15) == T.CORR and lv.count(T.CORR) >= 35 + 10 + 1 - 1
    # the corridor is 4-connected from start to end
    seen, todo = {(5, 5)}, [(5, 5)]
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n not in seen and isok(*n) and lv.at(*n) == T.CORR:
                seen.add(n)
                todo.append(n)
    assert (40, 15) in seen


def test_dig_corridor_refuses_bad_coordinates_and_strange_terrain():
    lv = Level()
    assert not R.dig_corridor(lv, RNG(1), (0, 5), (10, 5), False, T.CORR, T.STONE)
    for y in range(0, 21):
        lv.set_typ(8, y, T.POOL)
    assert not R.dig_corridor(lv, RNG(1), (5, 5), (12, 5), False, T.CORR, T.STONE)
