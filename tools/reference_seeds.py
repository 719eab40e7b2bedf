"""Which of the game's reference games made their random monsters from the wrong table.

Why: a level reached in the game rebuilds rndmonst's table for its own difficulty and
alignment (do.c ``goto_level`` calls ``reset_rndmonst(NON_PM)`` before ``mklev``), so a
newt on a Gehennom level (difficulty ~48, weakest allowed monster 8 by makemon.c
``min_monster_difficulty``) cannot come from there.  Some reference games have them on
every level: their levels keep the table of the game's first level.  This script counts
those first-level monsters per dump, groups the dumps by game seed, and, for a family of
levels, gives their share with and without the seeds it finds, so the reason written in
docs/known-differences.md ("Random monsters from the first level's table") can be re-run.

    python tools/reference_seeds.py [--reference DIR ...] [--levels soko1 oracle ...]
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from unlev.tools.compare.gamedump import read_dumps  # noqa: E402

# rndmonst's choices on the first level (difficulty 1, hero level 1): the commonest
FIRST_LEVEL = {"newt", "jackal", "lichen", "grid bug", "sewer rat", "fox", "kobold",
               "goblin"}
SEED_PERIOD = 16777216      # README: a level missing from game N was taken from N + k*2^24
SHARE = 0.15                # a dump whose monsters are this much first-level ones


def dumps_by_seed(references):
    """game seed -> [(level name, share of first-level monsters, monsters)]."""
    out = collections.defaultdict(list)
    for ref in references:
        for path in sorted(glob.glob(os.path.join(ref, "*.txt.gz"))):
            for d in read_dumps(path):
                n = len(d.monsters)
                if n:
                    k = sum(1 for m in d.monsters if m.id in FIRST_LEVEL)
                    out[int(d.gameseed) % SEED_PERIOD].append((d.name, k / n, n))
    return out


def main(argv=None) -> int:
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--reference", action="append",
                   help="a folder of dumps (repeatable; default: game-reference and "
                        "game-reference-extra beside the repository)")
    p.add_argument("--levels", nargs="*", default=["soko1", "oracle", "bigrm", "heck-c",
                                                   "wizard", "Tou-loca"],
                   help="level-name prefixes to give the share for")
    args = p.parse_args(argv)
    refs = args.reference or [os.path.join(here, "..", "..", "shared", d)
                              for d in ("game-reference", "game-reference-extra")]
    by_seed = dumps_by_seed(refs)
    print("seed  dumps  with first-level monsters  mean share")
    odd = set()
    for seed in sorted(by_seed):
        rows = by_seed[seed]
        high = sum(1 for _n, share, _m in rows if share > SHARE)
        mean = sum(share for _n, share, _m in rows) / len(rows)
        if mean > 0.1:
            odd.add(seed)
        print(f"{seed:4d}  {len(rows):5d}  {high:25d}  {mean:10.3f}")
    print(f"games whose levels keep the first level's table: {sorted(odd)}")
    for prefix in args.levels:
        tot = [0, 0]
        rest = [0, 0]
        for seed, rows in by_seed.items():
            for name, share, n in rows:
                if name.startswith(prefix):
                    tot[0] += share * n
                    tot[1] += n
                    if seed not in odd:
                        rest[0] += share * n
                        rest[1] += n
        if tot[1] and rest[1]:
            print(f"{prefix:10s} share of first-level monsters: all games "
                  f"{tot[0] / tot[1]:.3f}, without {sorted(odd)} {rest[0] / rest[1]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
