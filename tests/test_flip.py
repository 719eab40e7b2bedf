"""Level flipping (sp_lev.c flip_level / flip_level_rnd, mkmaze.c get_level_extends)."""

from unlev.stdlib.rng import RNG
from unlev.stdlib import terrain as T
from unlev.model import level as L
from unlev.model.level import (
    Level, level_from_ascii, DungeonContext, Stairway, Monster, Object, Trap,
    Engraving, LevRegion, Area,
)
from unlev.generate import flip, walls, rooms as R

ROOM_ART = [
    "-------",
    "|.....|",
    "|.{...|",
    "|...|.+",
    "-------",
]


def sample(maze=False, ctx=None):
    lv = level_from_ascii(ROOM_ART, x0=10, y0=8, level=Level(ctx or DungeonContext()))
    lv.flags.is_maze_lev = maze
    walls.wallification(lv)
    return lv


def test_level_extends_are_one_outside_or_tight_on_mazelevels():
    lv = sample()
    assert walls.get_level_extends(lv) == (9, 7, 17, 13)
    lvm = sample(maze=True)
    # the door in the right column is not a wall: that side still grows by 2
    assert walls.get_level_extends(lvm) == (10, 8, 17, 12)
    lvm.set_typ(10, 9, T.ROOM)        # a non-wall in the left column: grows by 2 there
    assert walls.get_level_extends(lvm)[0] == 9


def test_level_extends_of_a_full_level_are_clamped():
    lv = Level()
    for x in range(1, 80):
        for y in range(21):
            lv.set_typ(x, y, T.ROOM)
    assert walls.get_level_extends(lv) == (0, -1, 79, 21)
    assert flip.flip_area(lv) == (1, 0, 79, 20)


def test_vertical_flip_mirrors_the_used_area():
    lv = sample()
    area = flip.flip_level(lv, L.FLIP_VERTICAL)
    assert area == (9, 7, 17, 13)
    # rows 8..12 mirror onto 12..8 around 10 (miny+maxy = 20)
    assert lv.to_ascii("des", 10, 16, 8, 12) == "\n".join(reversed(ROOM_ART))
    assert walls.wall_join_errors(lv) == []
    assert lv.at(12, 10) == T.FOUNTAIN     # middle row stays
    assert lv.at(16, 9) == T.DOOR


def test_horizontal_flip_and_corners_recomputed():
    lv = sample()
    flip.flip_level(lv, L.FLIP_HORIZONTAL)
    # columns mirror around (9+17)/2 = 13
    assert lv.to_ascii("des", 10, 16, 8, 12) == "\n".join(r[::-1] for r in ROOM_ART)
    assert lv.at(10, 8) == T.TLCORNER and lv.at(16, 12) == T.BRCORNER
    assert lv.at(12, 12) == T.TUWALL and lv.at(12, 11) == T.VWALL
    assert walls.wall_join_errors(lv) == []


def test_double_flip_is_identity_for_a_wallified_level():
    lv = sample()
    before = lv.grid_bytes()
    flip.flip_level(lv, 3)
    assert lv.grid_bytes() != before
    flip.flip_level(lv, 3)
    assert lv.grid_bytes() == before


def test_free_standing_corner_is_not_mirrored_unless_asked():
    def one():
        lv = Level()
        for x in range(10, 15):
            for y in range(5, 10):
                lv.set_typ(x, y, T.ROOM)
        lv.set_typ(11, 6, T.TLCORNER)
        return lv
    lv = one()
    flip.flip_level(lv, L.FLIP_HORIZONTAL)
    assert T.TLCORNER in lv.typ and T.TRCORNER not in lv.typ
    lv2 = one()
    flip.flip_level(lv2, L.FLIP_HORIZONTAL, mirror_wall_types=True)
    assert T.TRCORNER in lv2.typ and T.TLCORNER not in lv2.typ


def test_flip_moves_rooms_doors_stairs_regions_and_entities():
    lv = sample()
    room = R.add_room(lv, 11, 9, 15, 11, False, L.OROOM, True)
    R.add_door(lv, 16, 11, room)
    lv.stairs.append(Stairway(11, 9, up=True))
    lv.stairs.append(Stairway(70, 2, up=False))        # outside the area: still flipped
    lv.monsters.append(Monster(12, 9, "newt", coords={"home": (13, 9), "far": (60, 3)}))
    lv.monsters.append(Monster(60, 3, "jackal"))        # outside: left alone
    lv.objects.append(Object(15, 11, "rock", buried=True))
    lv.traps.append(Trap(13, 9, "rolling boulder trap", launch=(11, 9), launch2=(15, 9)))
    lv.engravings.append(Engraving(70, 2, "x"))
    lv.lregions.append(LevRegion(Area(11, 9, 12, 10), Area(0, 0, 0, 0), rtype=L.LR_UPSTAIR))
    flip.flip_level(lv, L.FLIP_HORIZONTAL)              # fx(v) = 26 - v
    assert (room.lx, room.hx, room.ly, room.hy) == (11, 15, 9, 11)
    assert lv.doors == [(10, 11)]
    assert (lv.stairs[0].x, lv.stairs[1].x) == (15, 26 - 70)
    m = lv.monsters[0]
    assert (m.x, m.y) == (14, 9) and m.coords == {"home": (13, 9), "far": (60, 3)}
    assert (lv.monsters[1].x, lv.monsters[1].y) == (60, 3)
    assert lv.objects[0].x == 11
    t = lv.traps[0]
    assert t.x == 13 and t.launch == (15, 9) and t.launch2 == (11, 9)
    assert lv.engravings[0].x == 26 - 70
    r = lv.lregions[0]
    assert (r.inarea.x1, r.inarea.x2) == (14, 15)
    assert (r.delarea.x1, r.delarea.x2) == (26, 26)      # an empty area is moved too


def test_drawbridge_directions_flip():
    lv = sample()
    lv.set_typ(13, 12, T.DRAWBRIDGE_UP)
    lv.set_flags(13, 12, L.DB_SOUTH | L.DB_LAVA)
    lv.set_typ(10, 10, T.DRAWBRIDGE_DOWN)
    lv.set_flags(10, 10, L.DB_WEST)
    flip.flip_level(lv, 3)
    assert lv.at(13, 8) == T.DRAWBRIDGE_UP and lv.flags_at(13, 8) == L.DB_NORTH | L.DB_LAVA
    assert lv.at(16, 10) == T.DRAWBRIDGE_DOWN and lv.flags_at(16, 10) == L.DB_EAST


def test_touched_map_is_not_flipped():
    lv = sample()
    lv.touch(11, 9)
    flip.flip_level(lv, L.FLIP_VERTICAL)
    assert lv.is_touched(11, 9) and not lv.is_touched(11, 11)


def test_pit_conjoined_bits_quirk():
    assert flip.flip_encoded_dir_bits(1, 0b00000010) == 0b10000000
    assert flip.flip_encoded_dir_bits(2, 0b00000010) == 0b00001000
    lv = sample()
    lv.traps.append(Trap(12, 9, "pit", is_pit=True, conjoined=0b00000010))
    flip.flip_level(lv, 3)                 # applied once per axis with the full mask
    assert lv.traps[0].conjoined == 0b00000010
    lv2 = sample()
    lv2.traps.append(Trap(12, 9, "pit", is_pit=True, conjoined=0b00000010))
    flip.flip_level(lv2, L.FLIP_VERTICAL)
    assert lv2.traps[0].conjoined == 0b10000000


def test_flip_level_rnd_draws_but_keeps_only_on_sokoban():
    lv = sample()
    rng = RNG(4)
    before = lv.grid_bytes()
    assert flip.flip_level_rnd(lv, rng) == 0
    assert rng.calls == 2 and lv.grid_bytes() == before
    lv.flags.apply_des_flags(["noflipy"])          # clears the horizontal bit
    rng = RNG(4)
    flip.flip_level_rnd(lv, rng)
    assert rng.calls == 1
    rng = RNG(4)
    assert flip.flip_level_rnd(lv, rng, allowed_bits=0) == 0 and rng.calls == 0


def test_flip_level_rnd_on_sokoban_and_forced():
    seen = set()
    for seed in range(40):
        lv = sample(ctx=DungeonContext(in_sokoban=True))
        rng = RNG(seed)
        expect = 0
        probe = RNG(seed)
        if probe.rn2(2):
            expect |= 1
        if probe.rn2(2):
            expect |= 2
        c = flip.flip_level_rnd(lv, rng)
        assert c == expect
        seen.add(c)
        lvf = sample()
        assert flip.flip_level_rnd(lvf, RNG(seed), force_everywhere=True) == expect
        assert lvf.grid_bytes() == lv.grid_bytes()
    assert seen == {0, 1, 2, 3}


def test_wizard_tower_levels_never_flip_horizontally():
    for seed in range(8):
        lv = sample(ctx=DungeonContext(on_wizard_tower_level=True))
        assert flip.flip_level_rnd(lv, RNG(seed), force_everywhere=True) & 2 == 0


def test_swapbits():
    assert flip.swapbits(0b01, 0, 1) == 0b10
    assert flip.swapbits(0b11, 0, 1) == 0b11


def test_finish_level_runs_the_coder_tail_in_order():
    from unlev.generate.finish import finish_level
    lv = level_from_ascii([
        "-------",
        "|.....|",
        "|.{.B.|",
        "|...|.+",
        "-------",
    ], x0=10, y0=8)
    for x in range(10, 17):
        for y in range(8, 13):
            lv.touch(x, y)
    lv.flags.apply_des_flags(["solidify"])
    order = []
    rng = RNG(3)
    c = finish_level(lv, rng, fill_rooms=lambda l, r: order.append("fill"),
                     ensure_way_out=lambda l, r: order.append("way out"),
                     fixup_special=lambda l, r: order.append("fixup"))
    assert order == ["fill", "fixup"]          # no FLAGS:inaccessibles
    assert c == 0 and rng.calls == 2           # flips drawn, not kept
    assert lv.at(14, 10) == T.ROOM             # boundary removed
    assert lv.at(10, 8) == T.TLCORNER          # wallified
    assert lv.flags.nfountains == 1
    assert lv.horizontal_at(16, 11) == 0       # door oriented
    assert lv.flags_at(5, 5) == L.W_NONDIGGABLE | L.W_NONPASSWALL
    assert lv.flags_at(10, 8) == 0             # laid by the des-file


def test_finish_level_corrmaze_skips_wallification():
    from unlev.generate.finish import finish_level
    lv = level_from_ascii(["----", "|..|", "----"], x0=5, y0=5)
    lv.flags.apply_des_flags(["corrmaze"])
    finish_level(lv, RNG(1))
    assert lv.at(5, 5) == T.HWALL
