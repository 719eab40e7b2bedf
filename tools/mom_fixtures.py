"""Issue 31's reference figures: NetHack 3.7's own level files run by unlev, cell for
cell against the C-generated grids of davidbau/mazesofmenace
(``test/comparison/maps/seed{1,42,100}_special_*.session.json``).

    python tools/mom_fixtures.py --mirror DIR --nh37 DAT [--levels knox,tower1,...]
                                 [--write-facts tests/fixtures/lua37/mom_grids.json]

``--mirror`` is a fetched copy of the repository (a git directory, as ``fetch`` makes,
or a work tree); ``--nh37`` NetHack 3.7's ``dat/`` folder.  For each fixture level the
terrain (``typGrid``, 3.7's type numbers, 21 rows of 80) is compared with unlev's
level built from the same ``.lua`` file, unflipped, then under each of 3.7's four
final flips (flip_level over get_level_extends' box): unlev does not draw the game's
stream (the fixture's RNG cannot be aligned, see the note), so the flip the game drew
is not known and the best of the four is reported, with which one.

The levels are made as the fixtures were: by 3.7's ``#wizloaddes`` on the hero's
level 1 (:mod:`unlev.lua.wizload`), the Elemental Planes by the game's mklev (the
hero went there); ``--mklev`` makes them all as the game's mklev does.

``--aligned`` makes each level on the game's own stream instead, from the raw draw
where the fixture's level starts (found from its logged draws by tools/nh37_align.py),
with 3.7's flips drawn and kept: no best-of-four, the game's draws decide.

``--write-facts`` writes the fixture grids of the levels asked for (only those, as
row strings) for ``tests/test_mom_fixtures.py``, which needs no network.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

GROUPS = {"knox": "knox", "castle": "castle", "tower1": "vlad", "tower2": "vlad",
          "tower3": "vlad", "fire": "planes", "air": "planes", "earth": "planes",
          "water": "planes", "astral": "planes", "medusa": "medusa",
          "wizard1": "wizard", "wizard2": "wizard", "wizard3": "wizard"}
# the planes' fixtures were made by the hero travelling there (gen_planes_with_amulet.py:
# the game's own mklev); every other group by #wizloaddes on the hero's level 1
MADE_BY_MKLEV = ("planes",)
FIXED = ("knox", "tower1", "tower2", "tower3", "fire", "castle")


def read_fixture(mirror: str, seed: int, group: str) -> dict:
    rel = f"test/comparison/maps/seed{seed}_special_{group}.session.json"
    path = os.path.join(mirror, rel)
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    out = subprocess.run(["git", "--git-dir", mirror, "show", f"HEAD:{rel}"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def unlev_grid(dat: str, level: str, seed: int, wizload: bool = True):
    """unlev's terrain of the level, unflipped, as 3.7's type numbers [y][x]; made as
    ``#wizloaddes`` makes it (the fixtures' way, :mod:`unlev.lua.wizload`) unless
    ``wizload`` is False (as the game's mklev makes it)."""
    from unlev.lua.nh_api import TYPE_NUMBER_37
    from unlev.lua.runtime import run_lua_file
    from unlev.stdlib.grid import COLNO, ROWNO
    from unlev.stdlib.terrain import TERRAIN_NAMES
    lv = run_lua_file(os.path.join(dat, level + ".lua"), seed, flip_bits=0, wizload=wizload)
    return [[TYPE_NUMBER_37.get(TERRAIN_NAMES[lv.typ_at(x, y)], -1) for x in range(COLNO)]
            for y in range(ROWNO)], lv.flags.is_maze_lev


def aligned_grid(dat: str, level: str, seed: int, fixture_level: dict, words, wizload: bool):
    """unlev's terrain of the level made on the game's own stream: NetHack 3.7's
    ISAAC64 for ``seed`` from the raw draw where the fixture's level starts
    (tools/nh37_align.py finds it from the fixture's logged draws), with 3.7's flips
    drawn and kept.  None if the start is not in ``words``."""
    import nh37_align
    from unlev.lua.nh_api import TYPE_NUMBER_37
    from unlev.lua.runtime import run_lua_file
    from unlev.stdlib.grid import COLNO, ROWNO
    from unlev.stdlib.terrain import TERRAIN_NAMES
    draws = nh37_align.level_draws(nh37_align.logged_draws(fixture_level), not wizload)
    idx = nh37_align.place_on_stream(draws, words, complete=bool(fixture_level.get("rng")))
    if not idx:
        return None
    rng = nh37_align.recording_rng(seed, idx[0])
    lv = run_lua_file(os.path.join(dat, level + ".lua"), seed, generator=rng, wizload=wizload)
    return [[TYPE_NUMBER_37.get(TERRAIN_NAMES[lv.typ_at(x, y)], -1) for x in range(COLNO)]
            for y in range(ROWNO)]


def extents(grid, maze: bool):
    """mkmaze.c get_level_extends on 3.7's numbers (STONE 0, walls 1..12)."""
    rows, cols = len(grid), len(grid[0])

    def scan(cells):
        found = nonwall = False
        for c in cells:
            if c != 0:
                found = True
                nonwall |= not (1 <= c <= 12)
        return found, nonwall

    def edge(order, line):
        for i in order:
            found, nonwall = scan(line(i))
            if found:
                return i, nonwall
        return order[-1], False

    xmin, nw = edge(range(cols), lambda x: (grid[y][x] for y in range(rows)))
    xmin = max(xmin - (1 if nw or not maze else 0), 0)
    xmax, nw = edge(range(cols - 1, -1, -1), lambda x: (grid[y][x] for y in range(rows)))
    xmax = min(xmax + (1 if nw or not maze else 0), cols - 1)
    ymin, nw = edge(range(rows), lambda y: (grid[y][x] for x in range(xmin, xmax + 1)))
    ymin = max(ymin - (1 if nw or not maze else 0), 0)
    ymax, nw = edge(range(rows - 1, -1, -1), lambda y: (grid[y][x] for x in range(xmin, xmax + 1)))
    ymax = min(ymax + (1 if nw or not maze else 0), rows - 1)
    return max(xmin, 1), ymin, xmax, ymax


# sp_lev.c flip_level's wall fixes, on 3.7's numbers: top-bottom swaps TL/BL and TR/BR
# corners and the up/down tees; left-right swaps TL/TR and BL/BR and the left/right tees
FLIP_Y = {3: 5, 5: 3, 4: 6, 6: 4, 8: 9, 9: 8}
FLIP_X = {3: 4, 4: 3, 5: 6, 6: 5, 10: 11, 11: 10}


def flipped(grid, bits: int, box):
    """sp_lev.c flip_level: bit 1 flips top-bottom, bit 2 left-right, inside the box."""
    minx, miny, maxx, maxy = box
    out = [row[:] for row in grid]
    for y in range(miny, maxy + 1):
        for x in range(minx, maxx + 1):
            sx = (maxx - x) + minx if bits & 2 else x
            sy = (maxy - y) + miny if bits & 1 else y
            c = grid[sy][sx]
            if bits & 1:
                c = FLIP_Y.get(c, c)
            if bits & 2:
                c = FLIP_X.get(c, c)
            out[y][x] = c
    return out


def same_cells(a, b) -> int:
    return sum(1 for ra, rb in zip(a, b) for ca, cb in zip(ra, rb) if ca == cb)


def best_flip(ours, maze, theirs):
    box = extents(ours, maze)
    scores = [(same_cells(flipped(ours, bits, box), theirs), bits) for bits in range(4)]
    return max(scores)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--nh37", required=True, help="NetHack 3.7's dat/ folder")
    ap.add_argument("--levels", default=",".join(FIXED))
    ap.add_argument("--seeds", default="1,42,100")
    ap.add_argument("--write-facts", default=None)
    ap.add_argument("--aligned", action="store_true",
                    help="make each level on the game's own stream from the fixture's "
                         "start (3.7's flips drawn and kept) and compare unflipped grids")
    ap.add_argument("--mklev", action="store_true",
                    help="make the levels as the game's mklev does, not as #wizloaddes "
                         "(which made the fixtures) does")
    args = ap.parse_args()
    facts = {}
    total_same = total = 0
    words = {}
    for level in args.levels.split(","):
        for seed in (int(s) for s in args.seeds.split(",")):
            fx = read_fixture(args.mirror, seed, GROUPS[level])
            fixture_level = next(L for L in fx["levels"] if L["levelName"] == level)
            theirs = fixture_level["typGrid"]
            wizload = not args.mklev and GROUPS[level] not in MADE_BY_MKLEV
            if args.aligned:
                if seed not in words:
                    from unlev.stdlib.isaac64 import Isaac64
                    gen = Isaac64.from_seed(seed)
                    words[seed] = [gen.next_uint64() for _ in range(30000)]
                ours = aligned_grid(args.nh37, level, seed, fixture_level, words[seed],
                                    wizload)
                if ours is None:
                    print(f"{level:8s} seed {seed:3d}: the level's start is not on the stream")
                    continue
                n, bits = same_cells(ours, theirs), "drawn"
            else:
                ours, maze = unlev_grid(args.nh37, level, seed, wizload=wizload)
                n, bits = best_flip(ours, maze, theirs)
            cells = len(theirs) * len(theirs[0])
            total_same, total = total_same + n, total + cells
            print(f"{level:8s} seed {seed:3d}: {n}/{cells} cells identical "
                  f"({100 * n / cells:.1f}%), flip {bits}")
            if args.write_facts:
                facts[f"{level}/{seed}"] = ["".join(chr(48 + c) for c in row) for row in theirs]
    print(f"all: {total_same}/{total} ({100 * total_same / max(total, 1):.1f}%)")
    if args.write_facts:
        with open(args.write_facts, "w", encoding="utf-8") as fh:
            json.dump({"source": "davidbau/mazesofmenace test/comparison/maps "
                                 "seed*_special_*.session.json typGrid (C NetHack 3.7); "
                                 "each row: chr(48 + 3.7 type number)",
                       "grids": facts}, fh, indent=1)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
