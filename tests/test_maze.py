"""MAZEWALK (spo_mazewalk + walkfrom) and fill_empty_maze."""

from unlev.stdlib.rng import RNG
from unlev.stdlib import terrain as T
from unlev.model.level import Level, ROWNO
from unlev.generate.mapgen.init import InitSpec, init_level
from unlev.generate import maze, walls


def grid_level(seed=0, corrmaze=False):
    lv = Level()
    if corrmaze:
        lv.flags.apply_des_flags(["corrmaze"])
    rng = RNG(seed)
    init_level(lv, rng, InitSpec.mazegrid(T.HWALL))
    return lv, rng


def test_full_grid_mazes_are_perfect_and_complete():
    for seed in range(40):
        lv, rng = grid_level(seed)
        x, y = maze.maze0xy(rng)
        assert x % 2 and y % 2
        maze.walkfrom(lv, rng, x, y)
        nodes, edges = maze.maze_graph(lv)
        assert maze.is_perfect_maze(nodes, edges), seed
        assert len(nodes) == 38 * 9                 # x 3..77, y 3..19
        walls.wallification(lv)
        assert walls.wall_join_errors(lv) == []


def test_maze_is_deterministic():
    a, ra = grid_level(5)
    maze.walkfrom(a, ra, 3, 3)
    b, rb = grid_level(5)
    maze.walkfrom(b, rb, 3, 3)
    c, rc = grid_level(6)
    maze.walkfrom(c, rc, 3, 3)
    assert a.grid_bytes() == b.grid_bytes() and ra.calls == rb.calls
    assert a.grid_bytes() != c.grid_bytes()


def test_corrmaze_uses_corridors_on_stone():
    lv, rng = grid_level(2, corrmaze=True)
    maze.walkfrom(lv, rng, 5, 5)
    assert lv.count(T.ROOM) == 0 and lv.count(T.CORR) == 2 * 38 * 9 - 1
    nodes, edges = maze.maze_graph(lv)
    assert maze.is_perfect_maze(nodes, edges)


def test_walker_never_returns_to_its_start():
    # a one-row corridor with the start in the middle is split: the recursive C
    # walker finishes one side and never comes back to the start cell (MICRO does)
    def corridor():
        lv = Level()
        for x in range(3, 30, 2):
            lv.set_typ(x, 9, T.STONE)
        for x in range(1, 32):
            for y in (7, 8, 10, 11):
                lv.set_typ(x, y, T.HWALL)
        for x in range(4, 30, 2):
            lv.set_typ(x, 9, T.STONE)
        return lv
    lv = corridor()
    maze.walkfrom(lv, RNG(1), 15, 9)
    carved = [x for x in range(3, 30) if lv.at(x, 9) == T.ROOM]
    assert 15 in carved
    assert min(carved) == 15 or max(carved) == 15     # only one side was walked
    lv2 = corridor()
    maze.walkfrom(lv2, RNG(1), 15, 9, micro=True)
    carved2 = [x for x in range(3, 30) if lv2.at(x, 9) == T.ROOM]
    assert carved2 == list(range(3, 30))


def test_micro_walk_is_also_perfect():
    lv, rng = grid_level(3)
    maze.walkfrom(lv, rng, 41, 11, micro=True)
    nodes, edges = maze.maze_graph(lv)
    assert maze.is_perfect_maze(nodes, edges) and len(nodes) == 38 * 9


def test_walkfrom_marks_touched_and_keeps_doors():
    lv, rng = grid_level(4)
    lv.set_typ(3, 3, T.DOOR)
    lv.set_flags(3, 3, 4)
    maze.walkfrom(lv, rng, 3, 3)
    assert lv.at(3, 3) == T.DOOR and lv.flags_at(3, 3) == 4
    assert not lv.is_touched(3, 3)                   # a door start is not marked
    assert lv.is_touched(5, 3) or lv.is_touched(3, 5)
    assert lv.is_touched(77, 19) and not lv.is_touched(1, 1)


def test_okay_bounds():
    lv = Level()
    assert maze.okay(lv, 5, 5, 1)          # east to (7,5)
    assert not maze.okay(lv, 3, 3, 3)      # west to (1,3): x < 3
    assert not maze.okay(lv, 77, 5, 1)     # east to (79,5): x > 78
    assert not maze.okay(lv, 5, 19, 2)     # south to (5,21)
    lv.set_typ(7, 5, T.ROOM)
    assert not maze.okay(lv, 5, 5, 1)


def test_mazewalk_start_adjustment():
    # MAZEWALK from (10,4) going east: step to (11,4) (opened); x odd; y even -> y-1
    lv, rng = grid_level(7)
    maze.mazewalk(lv, rng, 10, 4, maze.W_EAST)
    assert lv.at(11, 4) == T.ROOM and lv.at(11, 3) == T.ROOM
    # going west from (12,6): step to (11,6); y even, not south -> (11,5)
    lv2, rng2 = grid_level(7)
    maze.mazewalk(lv2, rng2, 12, 6, "west")
    assert lv2.at(11, 6) == T.ROOM and lv2.at(11, 5) == T.ROOM
    # going south from (10,2): step to (10,3); x even -> x-1=9 opened too
    lv3, rng3 = grid_level(7)
    maze.mazewalk(lv3, rng3, 10, 2, maze.W_SOUTH)
    assert lv3.at(10, 3) == T.ROOM and lv3.at(9, 3) == T.ROOM
    # the pre-opened step cell may close one loop: the walk itself is a tree
    nodes, edges = maze.maze_graph(lv3)
    assert len(edges) in (len(nodes) - 1, len(nodes))
    assert maze.is_connected(nodes, edges)


def test_mazewalk_east_from_even_x_moves_east():
    lv, rng = grid_level(8)
    maze.mazewalk(lv, rng, 9, 5, maze.W_EAST)     # step to (10,5): even -> (11,5)
    assert lv.at(10, 5) == T.ROOM and lv.at(11, 5) == T.ROOM


def test_mazewalk_custom_terrain_and_door_step():
    lv, rng = grid_level(9)
    lv.set_typ(11, 5, T.DOOR)
    maze.mazewalk(lv, rng, 10, 5, maze.W_EAST, ftyp=T.CORR)
    assert lv.at(11, 5) == T.DOOR
    assert lv.count(T.CORR) > 100 and lv.count(T.ROOM) == 0


def test_mazewalk_off_map_start_does_nothing():
    lv, rng = grid_level(1)
    before = lv.grid_bytes()
    maze.mazewalk(lv, rng, 0, 5, maze.W_EAST)
    assert lv.grid_bytes() == before and rng.calls == 0


class CountingFiller(maze.PlaceholderFiller):
    def __init__(self):
        self.calls = []

    def object(self, level, rng, x, y, gem_class):
        self.calls.append(("obj", x, y))
        super().object(level, rng, x, y, gem_class)

    def monster(self, level, rng, x, y, name):
        self.calls.append(("mon", name))
        super().monster(level, rng, x, y, name)


def test_fill_empty_maze_counts_and_positions():
    lv, rng = grid_level(12)
    filler = CountingFiller()
    maze.mazewalk(lv, rng, 2, 3, maze.W_EAST, stocked=True, filler=filler)
    mapcount, mapcountmax = maze.maze_fill_counts(lv)
    mapfact = mapcount * 100 // mapcountmax
    assert mapfact > 50
    nobj = sum(1 for c in filler.calls if c[0] == "obj")
    assert 1 <= nobj <= 20 * mapfact // 100
    assert sum(1 for c in filler.calls if c == ("mon", "minotaur")) <= 1
    for o in lv.objects + lv.monsters + lv.traps:
        assert o.x % 2 and o.y % 2 and lv.is_touched(o.x, o.y)
        assert lv.at(o.x, o.y) in (T.ROOM, T.CORR)
    assert any(o.id == "boulder" for o in lv.objects)


def test_fill_empty_maze_skips_small_mazes():
    lv = Level()
    rng = RNG(1)
    for x in range(3, 9):
        lv.touch(x, 3)
    maze.fill_empty_maze(lv, rng)
    assert rng.calls == 0 and not lv.objects


def test_mazexy_finds_carved_cells():
    lv, rng = grid_level(13)
    maze.walkfrom(lv, rng, 3, 3)
    for _ in range(10):
        x, y = maze.mazexy(lv, rng)
        assert lv.typ[x * ROWNO + y] == T.ROOM


def test_is_ok_location_humidity():
    lv = Level()
    lv.set_typ(5, 5, T.ROOM)
    lv.set_typ(6, 5, T.POOL)
    lv.set_typ(7, 5, T.LAVAPOOL)
    assert maze.is_ok_location(lv, 5, 5, maze.DRY)
    assert not maze.is_ok_location(lv, 6, 5, maze.DRY)
    assert maze.is_ok_location(lv, 6, 5, maze.WET)
    assert maze.is_ok_location(lv, 7, 5, maze.HOT)
    assert maze.is_ok_location(lv, 8, 5, maze.SOLID)
    assert maze.is_ok_location(lv, 8, 5, maze.ANY_LOC)
