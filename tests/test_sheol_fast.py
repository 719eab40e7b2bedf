"""Sheol's shortcuts change nothing: the read-ahead point placement, the one-square
type lookups and the early rejection of doomed maps give the draws and the levels of
the plain port of mksheol.c (init_level_base_voronoi, plug_unreachable_places)."""

import pytest

from unlev.stdlib.rng import RNG
from unlev.stdlib import terrain as T
from unlev.model.level import Level, DungeonContext, COLNO, ROWNO
from unlev.generate.mapgen import sheol, sheol_voronoi as V


class PlainSource:
    """A word source that cannot read ahead (only ``next_u32``)."""

    def __init__(self, seed):
        import random
        self._r = random.Random(seed)

    def next_u32(self):
        return self._r.getrandbits(32)


def _after(rng):
    return rng.calls, rng.word()


def test_peek_bytes_reads_the_next_words_without_drawing_them():
    rng, twin = RNG(7), RNG(7)
    rng.rn2(5)
    twin.rn2(5)
    buf = rng.peek_bytes(6)
    words = [int.from_bytes(buf[4 * i:4 * i + 4], "little") for i in range(6)]
    assert rng.calls == 1
    assert words == [twin.word() for _ in range(6)]
    rng.skip(4)
    assert rng.calls == 5 and rng.word() == words[4]
    assert RNG(1, source=PlainSource(1)).peek_bytes(3) is None


@pytest.mark.parametrize("vtyps", [sheol.OPENTYPS, sheol.TYPS])
@pytest.mark.parametrize("numpoints", [1, 37, 170, 199, 250, 300])
def test_fast_placement_equals_the_word_by_word_port(vtyps, numpoints):
    for seed in range(1, 8):
        a, b = RNG(seed), RNG(seed)
        assert V.place_points(a, vtyps, numpoints) == \
            V.place_points_exact(b, vtyps, numpoints)
        assert _after(a) == _after(b)


def test_forced_placements_and_plain_sources_fall_back_to_the_port():
    # 450 points do not fit 1659 squares 2 apart: the C forces points in after 1001
    # failed tries, which the read-ahead hands to the port
    a, b = RNG(3), RNG(3)
    px, py, pt = V.place_points(a, sheol.OPENTYPS, 450)
    assert (px, py, pt) == V.place_points_exact(b, sheol.OPENTYPS, 450)
    assert _after(a) == _after(b)
    close = {(x, y) for x, y in zip(px, py)}
    assert len(close) < 450 or any(
        (x + dx, y + dy) in close for x, y in zip(px, py)
        for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
    c, d = RNG(4, source=PlainSource(4)), RNG(4)
    assert V.place_points(c, sheol.TYPS, 120) == V.place_points_exact(d, sheol.TYPS, 120)
    assert c.calls == d.calls


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
    for seed in range(1, 40):
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


@pytest.mark.parametrize("dunlev,seed", [(1, 2), (1, 4), (1, 10), (3, 1)])
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
