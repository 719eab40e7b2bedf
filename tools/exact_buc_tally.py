"""Curse states of one object class, the game's dumps against unlev's exact builds.

Why: issue 35's calibration measured a gap (spellbooks blessed or cursed less often in
unlev) with unlev's own seeds, a statistical pointer.  Built from each dump's own
LEVELSEED and WHERE (``unlev compare --exact``'s builds), the same dumps' objects can be
counted side by side: where the two tallies agree, unlev's objects of that class are
made as the game's in the levels the dumps hold.

    UNLEV_CORPUS=/work/shared/corpus python tools/exact_buc_tally.py \\
        ../shared/game-reference [--class 10]

``--class`` is the dump's object class number (10 spellbooks, 9 scrolls, 2 weapons...).
Prints, for the game and for unlev, the count by place (floor, in a container, carried
by a monster) and curse state (B, U, C), and the share blessed or cursed.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter


def tally(corpus: str, reference: str, cls: int):
    from unlev.lang import ast as A
    from unlev.tools.compare import exact
    from unlev.tools.compare.gamedump import format_dump
    sides = {"game": Counter(), "unlev": Counter()}
    mark = f"|class={cls}|"
    for _f, compiled, node, dumps in exact.plan_levels([corpus], [reference]):
        own = sum(1 for n in A.walk(node)
                  if isinstance(n, A.LevRegionStmt) and n.kind == "portal")
        for _k, d in dumps:
            ours = exact.build_for_dump(compiled, node, d, own)
            for side, level in (("game", d.to_level()), ("unlev", ours)):
                for ln in format_dump(level, d.levelseed, d.where).splitlines():
                    if ln.startswith("OBJ") and mark in ln:
                        where = re.search(r"where=(\w+)", ln).group(1)
                        buc = re.search(r"buc=(\w)", ln).group(1)
                        sides[side][(where, buc)] += 1
    return sides


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("reference", help="a folder of game dumps (../shared/game-reference)")
    ap.add_argument("--class", dest="cls", type=int, default=10,
                    help="object class number in the dumps (default 10, spellbooks)")
    args = ap.parse_args(argv)
    corpus = os.path.join(os.environ.get("UNLEV_CORPUS", "../shared/corpus"), "unnethack")
    for side, counts in tally(corpus, args.reference, args.cls).items():
        total = sum(counts.values())
        marked = sum(n for (_w, b), n in counts.items() if b != "U")
        cells = ", ".join(f"{w} {b} {n}" for (w, b), n in sorted(counts.items()))
        share = f"{100 * marked / total:.1f} %" if total else "-"
        print(f"{side}: {cells}; {marked} of {total} blessed or cursed ({share})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
