"""INIT_MAP generators: solid fill, maze grid, mines (mkmap.c), Sheol, Rogue."""

import time

import pytest

from unlev.stdlib.rng import RNG
from unlev.stdlib import terrain as T
from unlev.model.level import Level, DungeonContext, ROWNO, COLNO, W_NONDIGGABLE, D_NODOOR
from unlev.generate.mapgen.init import InitSpec, init_level, UnsupportedInitStyle, LIT_RANDOM
from unlev.generate.mapgen import mines, sheol, sheol_voronoi, init as mapgen
from unlev.generate import walls


def make(spec, seed=42, **ctx):
    lv = Level(DungeonContext(**ctx))
    rng = RNG(seed)
    init_level(lv, rng, spec)
    return lv, rng


def components(lv, pred, diagonal=True):
    cells = {(x, y) for x in range(1, COLNO) for y in range(ROWNO) if pred(lv.at(x, y))}
    steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy)]
    if not diagonal:
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    comps = []
    while cells:
        start = cells.pop()
        comp, todo = {start}, [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in steps:
                n = (x + dx, y + dy)
                if n in cells:
                    cells.discard(n)
                    comp.add(n)
                    todo.append(n)
        comps.append(comp)
    return comps


# -- solidfill / mazegrid ---------------------------------------------------------------
def test_solidfill_leaves_columns_1_and_79():
    lv, rng = make(InitSpec.solidfill(T.HWALL))
    assert lv.at(2, 0) == T.HWALL and lv.at(78, 20) == T.HWALL
    assert lv.at(1, 5) == T.STONE and lv.at(79, 5) == T.STONE
    assert rng.calls == 0 and lv.init_present


def test_solidfill_random_light_draws_once():
    lv, rng = make(InitSpec.solidfill(T.ROOM, LIT_RANDOM), seed=5)
    assert rng.calls == 1
    lits = {lv.lit_at(x, y) for x in range(2, 79) for y in range(21)}
    assert len(lits) == 1                      # one draw for the whole fill
    lv2, _ = make(InitSpec.solidfill(T.LAVAPOOL, 0))
    assert lv2.lit_at(40, 10) == 1


def test_mazegrid_pattern_and_corrmaze():
    lv, _ = make(InitSpec.mazegrid(T.HWALL))
    assert lv.to_ascii("des", 2, 8, 0, 4) == "\n".join([
        "       ", "       ", "-------", "-.-.-.-".replace(".", " "), "-------"])
    assert lv.at(1, 5) == T.STONE and lv.at(79, 5) == T.STONE
    lv2 = Level()
    lv2.flags.apply_des_flags(["corrmaze"])
    init_level(lv2, RNG(1), InitSpec.mazegrid(T.HWALL))
    assert lv2.count(T.STONE) == COLNO * ROWNO


def test_unsupported_style():
    with pytest.raises(UnsupportedInitStyle):
        make(InitSpec(style=mapgen.LVLINIT_MAZE))
    with pytest.raises(UnsupportedInitStyle):
        make(InitSpec(style="bogus"))
    assert issubclass(UnsupportedInitStyle, NotImplementedError)


# -- mines --------------------------------------------------------------------------------
MINES = dict(fg=T.ROOM, bg=T.STONE, smoothed=True, joined=True, lit=1, walled=1)


def test_mines_is_deterministic_and_seed_dependent():
    a, ra = make(InitSpec.mines(**MINES), seed=7, depth=4)
    b, rb = make(InitSpec.mines(**MINES), seed=7, depth=4)
    c, _ = make(InitSpec.mines(**MINES), seed=8, depth=4)
    assert a.grid_bytes() == b.grid_bytes() and ra.calls == rb.calls
    assert a.grid_bytes() != c.grid_bytes()


def test_mines_border_stays_background():
    lv, _ = make(InitSpec.mines(T.ROOM, T.STONE, False, False, 0, 0), seed=3)
    for y in range(ROWNO):
        assert lv.at(1, y) == T.STONE and lv.at(79, y) == T.STONE
    for x in range(1, COLNO):
        assert lv.at(x, 0) == T.STONE and lv.at(x, 20) == T.STONE
    assert lv.count(T.ROOM) > 300


def test_init_fill_fills_two_fifths():
    lv = Level()
    mines.init_map(lv, T.STONE)
    rng = RNG(9)
    mines.init_fill(lv, rng, T.STONE, T.ROOM)
    assert lv.count(T.ROOM) == (78 * 20 * 2) // 5
    assert rng.calls >= 2 * 624 and rng.calls % 2 == 0


def test_pass_one_rules():
    lv = Level()
    mines.init_map(lv, T.STONE)
    # a lone floor cell dies; a stone cell with 5+ floor neighbours is born
    lv.set_typ(10, 10, T.ROOM)
    for x in range(30, 35):
        for y in range(9, 14):
            lv.set_typ(x, y, T.ROOM)
    lv.set_typ(32, 11, T.STONE)
    # in place: a ring of 5 cells dies one by one as the scan removes its neighbours
    for x, y in ((50, 9), (51, 9), (52, 9), (50, 10), (52, 10)):
        lv.set_typ(x, y, T.ROOM)
    mines.pass_one(lv, T.STONE, T.ROOM)
    assert lv.at(10, 10) == T.STONE
    assert lv.at(32, 11) == T.ROOM
    assert lv.at(51, 10) == T.STONE and lv.at(52, 10) == T.STONE


def test_joined_mines_are_one_cave_and_leave_no_rooms():
    for seed in (1, 2, 3):
        lv, _ = make(InitSpec.mines(T.ROOM, T.STONE, True, True, 0, 0), seed=seed)
        comps = components(lv, lambda t: t == T.ROOM)
        assert len(comps) == 1, seed
        assert lv.rooms == [] and not any(lv.roomno)


def test_unjoined_mines_have_several_caves():
    lv, _ = make(InitSpec.mines(T.ROOM, T.STONE, True, False, 0, 0), seed=1)
    assert len(components(lv, lambda t: t == T.ROOM)) > 1


def test_walled_mines_wallify_cleanly():
    for seed in range(4):
        lv, _ = make(InitSpec.mines(**MINES), seed=seed, depth=3)
        assert lv.count(T.HWALL) + lv.count(T.VWALL) > 100
        walls.wallification(lv)
        assert walls.wall_join_errors(lv) == []
        # every floor cell is lit, and so is every wall
        for x in range(1, COLNO):
            for y in range(ROWNO):
                t = lv.at(x, y)
                if t == T.ROOM or walls.IS_WALL_T[t]:
                    assert lv.lit_at(x, y)
                if t == T.STONE:
                    assert not lv.lit_at(x, y)


def test_mines_filling_backfills_and_marks_cavernous():
    spec = InitSpec.mines(T.ROOM, T.STONE, True, True, 0, 1, filling=T.LAVAPOOL)
    lv, _ = make(spec, seed=4)
    assert lv.count(T.STONE) == ROWNO              # only column 0 keeps stone
    assert lv.count(T.LAVAPOOL) > 0 and lv.at(1, 0) == T.LAVAPOOL
    assert all(lv.lit_at(x, y) for x, y in lv.find(T.LAVAPOOL))
    assert lv.flags.is_cavernous_lev and not lv.flags.is_maze_lev
    assert lv.at(0, 0) == T.STONE             # column 0 untouched


def test_mines_lava_background_lit_and_unwalled():
    lv, _ = make(InitSpec.mines(T.ROOM, T.LAVAPOOL, True, True, 0, 0), seed=4)
    assert all(lv.lit_at(x, y) for x, y in lv.find(T.LAVAPOOL))
    assert lv.count(T.HWALL) == 0


def test_mines_random_light_in_the_gnomish_mines():
    # above Minetown: rn2(2) then rnf(9, 10); Minetown itself: rn2(2) only
    base = dict(fg=T.ROOM, bg=T.STONE, smoothed=False, joined=False, lit=LIT_RANDOM,
                walled=0)
    lit_count = 0
    for seed in range(30):
        lv = Level(DungeonContext(depth=3, in_mines=True, minetown_depth=6))
        spec = InitSpec.mines(**base)
        rng = RNG(seed)
        first = RNG(seed).rn2(2)
        init_level(lv, rng, spec)
        assert spec.lit in (0, 1)
        lit_count += spec.lit
        assert first in (0, 1)
    assert lit_count >= 20                     # ~90% lit above Minetown
    lv = Level(DungeonContext(depth=6, in_mines=True, minetown_depth=6))
    spec = InitSpec.mines(**base)
    rng = RNG(3)
    init_level(lv, rng, spec)
    assert spec.lit == RNG(3).rn2(2)


def test_mines_depth_lit_draw_when_lit_negative():
    spec = InitSpec.mines(T.ROOM, T.STONE, False, False, -5, 0)   # not -1: mkmap draws
    lv, rng = make(spec, seed=2, depth=30)
    assert rng.calls > 624


def test_mines_is_fast():
    t = time.process_time()
    make(InitSpec.mines(**MINES), seed=11)
    assert time.process_time() - t < 0.5


# -- Sheol --------------------------------------------------------------------------------
def test_sheol_levels_are_deterministic_reachable_and_lit():
    for dunlev, seed in ((2, 1), (3, 2)):
        lv, rng = make(InitSpec.sheol(), seed=seed, depth=40, dunlev=dunlev)
        lv2, rng2 = make(InitSpec.sheol(), seed=seed, depth=40, dunlev=dunlev)
        assert lv.grid_bytes() == lv2.grid_bytes() and rng.calls == rng2.calls
        typ = lv.typ
        # floor near both ends (verify_stairs_place)
        assert any(typ[x * ROWNO + y] == T.ROOM for x in range(1, 16) for y in range(ROWNO))
        assert any(typ[x * ROWNO + y] == T.ROOM for x in range(65, 80) for y in range(ROWNO))
        assert all(lv.lit[k] for k in range(ROWNO, COLNO * ROWNO))
        for x, y in lv.find(T.HWALL) + lv.find(T.VWALL):
            assert lv.flags_at(x, y) & W_NONDIGGABLE
        assert lv.flags.is_cavernous_lev
        # passable terrain is one region through ice walls (the C's plug check)
        passable = {T.ICE, T.POOL, T.ROOM, T.ICEWALL, T.CRYSTALICEWALL}
        comps = components(lv, lambda t: t in passable, diagonal=False)
        assert len([c for c in comps if any(lv.at(*p) in (T.ICE, T.POOL, T.ROOM)
                                             for p in c)]) == 1


def test_sheol_voronoi_matches_brute_force():
    rng = RNG(5)
    px, py, pt = sheol_voronoi.place_points(rng, sheol.OPENTYPS, 60)
    m = sheol_voronoi.assign(px, py, pt)
    for x in range(1, COLNO, 3):
        for y in range(ROWNO):
            d = [(px[i] - x) ** 2 + (py[i] - y) ** 2 for i in range(60)]
            assert m.get(x, y) == pt[d.index(min(d))]


def test_sheol_shake_position_keeps_the_tenth_move():
    rng = RNG(8)
    x, y = sheol.shake_position(rng, 40, 10)
    assert rng.calls >= 30 and abs(x - 40) <= 3 and abs(y - 10) <= 3


def test_isqrt():
    assert [sheol.isqrt(v) for v in (0, 1, 3, 4, 15, 16, 17, 99, 100)] == \
        [0, 1, 1, 2, 3, 4, 4, 9, 10]


# -- Rogue --------------------------------------------------------------------------------
def test_rogue_level_structure():
    for seed in range(5):
        lv, rng = make(InitSpec.rogue(), seed=seed, depth=15)
        lv2, _ = make(InitSpec.rogue(), seed=seed, depth=15)
        assert lv.grid_bytes() == lv2.grid_bytes()
        assert 1 <= lv.nroom <= 9
        for r in lv.rooms:
            third_x = (r.lx - 1) // 26
            assert (r.hx - 1) // 26 == third_x         # each room inside its ninth
            assert 2 <= r.hx - r.lx + 1 <= 23
        for x, y in lv.doors:
            assert lv.at(x, y) == T.DOOR and lv.flags_at(x, y) == D_NODOOR
        walls.wallification(lv)
        assert walls.wall_join_errors(lv) == []
        # rooms, doors and corridors form one connected level
        open_t = {T.ROOM, T.DOOR, T.CORR}
        assert len(components(lv, lambda t: t in open_t, diagonal=False)) == 1


def test_rogue_mimic_hook_called_for_trapped_doors():
    calls = []
    found = False
    for seed in range(200):
        lv = Level(DungeonContext(depth=20))
        calls.clear()
        from unlev.generate.mapgen.rogue import makeroguerooms
        makeroguerooms(lv, RNG(seed), mimic_hook=lambda lv, rng, x, y: calls.append((x, y)))
        if calls:
            found = True
            assert all(lv.at(x, y) == T.DOOR for x, y in calls)
            break
    assert found


def test_trapped_door_mimic_is_a_real_mimic_species():
    """mklev.c dosdoor(): a trapped door on a difficulty >= 9 level becomes, one time
    in five, makemon(mkclass(S_MIMIC, 0)) -- a small, large or giant mimic, never a
    monster named "mimic" (issue 35, gap 7: bigrm-14 and the quest fillers)."""
    from unlev.lang.frontend import compile_text as _compile
    from unlev.generate.build import build_level as _build
    from unlev.model.level import DungeonContext as _Ctx
    from unlev.stdlib import data as _data
    made = []
    for seed in range(1, 120):
        lv = _build(_compile('LEVEL:"rg"\nFLAGS:mazelevel\nINIT_MAP:rogue\n'), seed=seed,
                    context=_Ctx(depth=20))
        made += [m for m in lv.monsters if m.attrs.get("from") == "trapped door"]
        assert all(m.id != "mimic" for m in lv.monsters), seed
    assert made
    assert {m.id for m in made} <= {"small mimic", "large mimic", "giant mimic"}
    assert all(_data.monster_named(m.id) is not None for m in made)


def test_mines_lighting_follows_minetown_from_the_levels_own_place():
    """sp_lev.c adjust_mines_lightning(): a random-lit Mines level is lit 9 times in
    10 above Minetown, once in 10 below.  Minetown's depth follows from dungeon.def's
    RNDLEVEL "minetn" @ (3, 2) when the caller does not give it (issue 35, gap 3: the
    game's Minefill at Mines level 1 was lit 95 of 100, ours 19 of 40)."""
    from unlev.lang.frontend import compile_text as _compile
    from unlev.generate.build import build_level as _build
    src = "LEVEL:\"minefill\"\nINIT_MAP:mines,'.',' ',true,true,random,true\n"

    def lit(dunlev: int, town=None) -> int:
        n = 0
        for seed in range(1, 41):
            ctx = DungeonContext(depth=2 + dunlev, dunlev=dunlev, in_mines=True,
                                 dungeon_name="The Gnomish Mines", is_town=town)
            lv = _build(_compile(src), seed=seed, context=ctx)
            sq = [(x, y) for x in range(COLNO) for y in range(ROWNO)
                  if lv.typ_at(x, y) == T.ROOM]
            n += sum(lv.lit_at(x, y) for x, y in sq) * 2 > len(sq)
        return n
    assert lit(1) >= 32 and lit(3) >= 32          # above Minetown (at 4 for a level 3)
    assert lit(4) <= 8 and lit(6) <= 8            # below it (at 3 for a level 4)
    assert 8 < lit(4, town=True) < 32             # Minetown itself: rn2(2) stands
