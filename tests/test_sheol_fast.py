"""Sheol's shortcuts change nothing: the point placement on a grid of marks, the
one-square type lookups and the early rejection of doomed maps give the draws and the
levels of the plain port of mksheol.c (init_level_base_voronoi, plug_unreachable_places)."""

import pytest

from unlev.stdlib.rng import RNG
from unlev.stdlib import terrain as T
from unlev.model.level import Level, DungeonContext, COLNO, ROWNO
from unlev.generate.mapgen import sheol, sheol_voronoi as V

from tiers import quick_subset


def _after(rng):
    return rng.calls, rng.word()


def c_placement(rng, vtyps, numpoints, forced_after=1001):
    """init_level_base_voronoi()'s loop as the C writes it: every try is compared
    with every earlier point (dist2 < 4 is too close); after ``forced_after`` failed
    tries of one point the next try is taken whatever it is."""
    px, py, pt = [], [], []
    tries = 0
    while len(px) < numpoints:
        x = rng.rn1(COLNO - 1, 1)
        y = rng.rn2(ROWNO)
        t = vtyps[rng.rn2(len(vtyps))]
        tries += 1
        if tries <= forced_after and any((x - a) ** 2 + (y - b) ** 2 < 4
                                         for a, b in zip(px, py)):
            continue
        px.append(x)
        py.append(y)
        pt.append(t)
        tries = 0
    return px, py, pt


@pytest.mark.parametrize("vtyps", [sheol.OPENTYPS, sheol.TYPS])
@pytest.mark.parametrize("numpoints", [1, 37, 150, 300])
def test_placement_follows_the_c(vtyps, numpoints):
    for seed in range(1, 4):
        a, b = RNG(seed), RNG(seed)
        assert V.place_points(a, vtyps, numpoints) == c_placement(b, vtyps, numpoints)
        assert _after(a) == _after(b)


def test_a_point_is_forced_in_after_too_many_failed_tries(monkeypatch):
    monkeypatch.setattr(V, "FORCED_AFTER", 4)
    a, b = RNG(3), RNG(3)
    px, py, pt = V.place_points(a, sheol.OPENTYPS, 300)
    assert (px, py, pt) == c_placement(b, sheol.OPENTYPS, 300, forced_after=4)
    assert _after(a) == _after(b)
    # some point was forced in next to another one
    assert any((px[i] - px[j]) ** 2 + (py[i] - py[j]) ** 2 < 4
               for i in range(300) for j in range(i))


@pytest.mark.parametrize("numpoints", [2, 60, 300])
def test_one_square_types_equal_the_whole_map(numpoints):
    for seed in (1, 2):
        pts = V.Points.place(RNG(seed), sheol.OPENTYPS, numpoints)
        m = pts.terrain()
        assert [pts.type_at(x, y) for x in range(1, COLNO) for y in range(ROWNO)] == \
            [m.get(x, y) for x in range(1, COLNO) for y in range(ROWNO)]
        # a map of classes over part of the squares agrees with the whole map
        part = V.colmask(3, 40, 2, 17)
        cls = pts.terrain(sheol.FLOOD_CLASSES, part)
        for x, y in ((3, 2), (40, 17), (20, 9), (33, 4)):
            assert cls.get(x, y) == sheol.FLOOD_CLASSES[m.get(x, y)]
        assert not cls.mask(*set(sheol.FLOOD_CLASSES.values())) & ~part


def test_a_doomed_map_is_one_the_flood_rejects():
    doomed = undecided = 0
    # with the game's ISAAC words a map the shortcut cannot decide is rare: 3 of
    # seeds 1-119 give one (58, 94, 116)
    for seed in range(1, 120):
        rng = RNG(seed)
        pts = V.Points.place(rng, sheol.OPENTYPS, 200)
        m = pts.terrain()
        for _ in range(3):
            start = sheol.pick_start(rng, lambda x, y: m.get(x, y) in sheol.ROOM_OR_ICE)
            if start is None:
                continue
            verdict = sheol.flood_verdict(m, *start)
            if sheol.corner_doomed(pts, start):
                doomed += 1
                assert verdict == sheol.STAT_REJECT
            else:
                undecided += 1       # left to the flood
    assert doomed > 20 and undecided > 0


# the quick tier (the default run) leaves out (1, 10), the costliest (~1.8 s); the full
# tier (--full) runs all four
@pytest.mark.parametrize("dunlev,seed", quick_subset([(1, 2), (1, 4), (1, 10), (3, 1)], {0, 1, 3},
                                                     several=True))
def test_shortcuts_make_the_same_level_with_the_same_draws(dunlev, seed):
    # seeds 4 and 10 take the open variant (hundreds of rejected maps), 2 and (3, 1)
    # the path-carving one
    levels = []
    for shortcuts in (True, False):
        lv = Level(DungeonContext(depth=40, dunlev=dunlev))
        rng = RNG(seed)
        sheol.mksheol(lv, rng, shortcuts=shortcuts)
        levels.append((lv.grid_bytes(), _after(rng)))
    assert levels[0] == levels[1]
    assert levels[0][1][0] > 5000
