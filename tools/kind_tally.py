"""Pooled tallies of kinds over every level: unlev against the game's dumps.

Why: issue 35's smaller gaps (statue traps, potions of paralysis on the floor, blessed
floor weapons, cursed spellbooks) are single cells of a mix, a few hundred items over
the whole corpus; the compare's tests see mixes per level and pooled per measure, not
one cell.  This adds each cell up over the levels, ours (seeds 1..N, each run in the
context of the matching dump, as ``unlev compare`` places it) and the game's (its N
dumps), and prints the counts with a z for the difference of two Poisson counts.

    python tools/kind_tally.py ../shared/game-reference [--level GLOB] \\
        --cell "trap kinds=statue" --cell "curse states=floor + cursed"

Without --cell it prints issue 35's cells.  Items of one level are not independent, so
a z here is a pointer to where to look, not a test (the pooled test of
``unlev compare`` is that).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections import Counter

ISSUE_35_CELLS = (
    ("trap kinds", "statue"),
    ("object kinds", "paralysis"),
    ("curse states", "floor ) blessed"), ("curse states", "floor ) cursed"),
    ("curse states", "floor + blessed"), ("curse states", "floor + cursed"),
    ("curse states", "container + blessed"), ("curse states", "container + cursed"),
    ("curse states", "carried + blessed"), ("curse states", "carried + cursed"),
)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/kind_tally.py", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("reference", help="the game's dumps (a folder of LEVEL.txt.gz)")
    ap.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                     "shared", "corpus", "unnethack"))
    ap.add_argument("--level", action="append", default=[], metavar="GLOB")
    ap.add_argument("--cell", action="append", default=[], metavar="MEASURE=KIND")
    a = ap.parse_args(argv)
    from unlev.stdlib.compat import Compat
    from unlev.tools.compare.command import levels_with_reference, run_ours
    from unlev.tools.compare.gamedump import read_dumps, reference_files
    from unlev.tools.compare.sample import sample_of
    cells = [tuple(c.split("=", 1)) for c in a.cell] or list(ISSUE_35_CELLS)
    refs = reference_files(a.reference)
    todo, _errors = levels_with_reference([a.corpus], refs, set(a.level) or None)
    ours, game = Counter(), Counter()
    for k, (_f, compiled, node) in enumerate(todo):
        dumps = read_dumps(refs[node.name])
        for side, samples in (
                (ours, [sample_of(lv) for lv in run_ours(compiled, node,
                                                         range(1, len(dumps) + 1), dumps,
                                                         Compat.game())]),
                (game, [sample_of(d.to_level()) for d in dumps])):
            for s in samples:
                for measure, kind in cells:
                    side[(measure, kind)] += s.kinds[measure].get(kind, 0)
        print(f"[{k + 1}/{len(todo)}] {node.name}", file=sys.stderr, flush=True)
    print(f"{len(todo)} levels")
    for cell in cells:
        o, g = ours[cell], game[cell]
        z = (o - g) / math.sqrt(o + g) if o + g else 0.0
        print(f"{cell[0]:14} {cell[1]:24} ours {o:6} game {g:6} "
              f"ratio {o / g if g else float('nan'):.3f} z {z:+.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
