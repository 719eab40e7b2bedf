"""Issue 4's acceptance over the real corpus: every level of the 35 UnNetHack files
builds with seeds 1..20, without and with flipping, stays inside the level, has the
stairs its des-file asked for, leaves no wrongly joined wall, and every MAZEWALK maze
is perfect (connected, no cycles) as the walker made it."""

from __future__ import annotations

import pytest

from unlev.generate.game_builder import GameBuilder
from unlev.model.level import COLNO, LR_DOWNSTAIR, LR_UPSTAIR, ROWNO
from unlev.generate.build import build_level
from unlev.stdlib import terrain as T
from unlev.generate.walls import format_wall_errors, wall_join_errors

from tiers import quick_subset

# seeds 1-2 by default; the other blocks with --full-sweep (CI's 3.11 run): all 20
SEED_BLOCKS = [range(1, 3), range(3, 6), range(6, 11), range(11, 16), range(16, 21)]
# the quick tier (the default run) builds seeds 1-2 with the game's own flips; the
# forced flips and the other seed blocks are the full tier's (--full, CI)


@pytest.fixture(scope="module")
def compiled_corpus(compiled_unnethack):
    return [(p.name, c) for p, c in compiled_unnethack]


class _StairCounter:
    """Counts the STAIR/LADDER statements a run actually executes."""

    def __init__(self, monkeypatch):
        self.asked = []
        counter = self
        real_stair, real_ladder = GameBuilder.stair, GameBuilder.ladder

        def stair(builder, coord, up, span=None):
            counter.asked.append(("stairs", bool(up)))
            return real_stair(builder, coord, up, span=span)

        def ladder(builder, coord, up, span=None):
            counter.asked.append(("ladder", bool(up)))
            return real_ladder(builder, coord, up, span=span)

        monkeypatch.setattr(GameBuilder, "stair", stair)
        monkeypatch.setattr(GameBuilder, "ladder", ladder)


def _maze_problems(lv) -> list:
    """A walk's carved cells, as recorded when it ended, must form a tree."""
    problems = []
    for walk in lv.extras.get("mazewalks", []):
        cells = {tuple(c) for c in walk["cells"]}
        if len(cells) < 2:
            continue
        edges = sum(1 for (x, y) in cells for n in ((x + 1, y), (x, y + 1)) if n in cells)
        seen, todo = set(), [next(iter(cells))]
        while todo:
            c = todo.pop()
            if c in seen:
                continue
            seen.add(c)
            x, y = c
            todo.extend(n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                        if n in cells and n not in seen)
        if len(seen) != len(cells):
            problems.append(f"maze from {walk['start']} in {len(cells) - len(seen)} cut-off cells")
        elif edges != len(cells) - 1:
            problems.append(f"maze from {walk['start']} has {edges - len(cells) + 1} cycles")
    return problems


def _problems(lv, asked) -> list:
    out = []
    things = [*lv.monsters, *lv.objects, *lv.traps, *lv.engravings, *lv.stairs]
    out += [f"{t} outside the level" for t in things if not (0 <= t.x < COLNO and 0 <= t.y < ROWNO)]
    for room in lv.rooms + lv.subrooms:
        if not (0 <= room.lx <= room.hx < COLNO and 0 <= room.ly <= room.hy < ROWNO):
            out.append(f"room {room.lx},{room.ly}-{room.hx},{room.hy} outside the level")
    # every stair asked for is there (a region's stairs are asked by the region)
    want = {("stairs", True): 0, ("stairs", False): 0, ("ladder", True): 0, ("ladder", False): 0}
    for kind in asked:
        want[kind] += 1
    for r in lv.lregions:
        if r.rtype in (LR_UPSTAIR, LR_DOWNSTAIR):
            want[("stairs", r.rtype == LR_UPSTAIR)] += 1
    # at an end of its dungeon the game makes no stairs off that end (a branch may
    # stand there instead)
    ctx = lv.context
    if ctx.dunlevs is not None:
        if ctx.dunlev == 1:
            want[("stairs", True)] = 0
        if ctx.dunlev == ctx.dunlevs:
            want[("stairs", False)] = 0
    have = {k: 0 for k in want}
    for s in lv.stairs:
        have[("ladder" if s.isladder else "stairs", s.up)] += 1
        expected = T.LADDER if s.isladder else T.STAIRS
        if lv.typ_at(s.x, s.y) != expected:
            out.append(f"{'ladder' if s.isladder else 'stairs'} at {s.x},{s.y} overwritten by "
                       f"{T.TERRAIN_NAMES[lv.typ_at(s.x, s.y)]}")
    for kind, n in want.items():
        # a level asks for one staircase of a kind: a second STAIR of it replaces nothing
        if n and not have[kind]:
            out.append(f"no {kind[0]} {'up' if kind[1] else 'down'} although asked {n}x")
    out += [w for w in lv.extras.get("warnings", []) if "bogus stair" in w]
    errors = wall_join_errors(lv)
    if errors:
        out.append(format_wall_errors(errors)[:300])
    out += _maze_problems(lv)
    return out


@pytest.mark.parametrize("flip", quick_subset([False, True], {0}),
                         ids=["game-flips", "forced-flips"])
@pytest.mark.parametrize("seeds", quick_subset(SEED_BLOCKS, {0}),
                         ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_every_corpus_level_builds_soundly(compiled_corpus, monkeypatch, seeds, flip,
                                          full_sweep):
    if seeds.start > 1 and not full_sweep:
        pytest.skip("seeds 3-20 of the acceptance sweep run with --full-sweep (CI runs them)")
    counter = _StairCounter(monkeypatch)
    failures, runs = [], 0
    for fname, compiled in compiled_corpus:
        for node in compiled.tree.levels:
            for seed in seeds:
                counter.asked.clear()
                runs += 1
                try:
                    lv = build_level(compiled, node, seed=seed, force_flip=flip)
                except Exception as exc:  # report every failing level at once
                    failures.append(f"{fname}:{node.name} seed {seed}: {exc!r}")
                    continue
                for p in _problems(lv, counter.asked):
                    failures.append(f"{fname}:{node.name} seed {seed}: {p}")
    # ../shared/corpus/README.md: the UnNetHack corpus holds 306 LEVEL definitions
    assert runs == 306 * len(seeds)
    assert not failures, f"{len(failures)} problems:\n" + "\n".join(failures[:25])
