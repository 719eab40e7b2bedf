"""Generate stdlib/data/places.json: where UnNetHack's dungeon puts each special level.

For each level: dungeon, level in it, depth, difficulty, the branch the dungeon puts
there ("up"/"down" stairs to another dungeon, a "portal", or none) and whether it is
the bottom of its dungeon (no stairs down are made there).  A branch counts only where
the game puts it in at least 8 of 10 dumps.

Why: a level's depth, difficulty and dungeon change what the loader does (random
monster difficulty, Sokoban prizes, Medusa's Ludios vault, mineralize...).  A des-file
alone does not say where the game puts it, so ``unlev run`` defaults to the place the
game used.  Read from the game's own dumps (``WHERE`` lines of
shared/game-reference/*.txt.gz), taking for each level the most common place over
the dumped seeds.  A variant maintainer regenerates it from dumps of their game:

    python tools/gen_places.py ../shared/game-reference [CORPUS_DIR] > stdlib/data/places.json

CORPUS_DIR (the des-files) tells a level's own PORTALs from its branch portal.
"""

from __future__ import annotations

import collections
import gzip
import json
import os
import re
import sys

_WHERE = re.compile(r'^WHERE dnum=(-?\d+) dname="([^"]*)" dlevel=(-?\d+) depth=(-?\d+) '
                    r'ledger=(-?\d+) .*difficulty=(-?\d+)')


def _own_portals(corpus_dir) -> dict:
    """How many PORTAL regions each LEVEL of the des-files makes itself."""
    from unlev.lang import ast as A
    from unlev.lang.frontend import compile_file
    out: dict = {}
    if not corpus_dir or not os.path.isdir(corpus_dir):
        return out
    for fname in sorted(os.listdir(corpus_dir)):
        if fname.endswith(".des"):
            for node in compile_file(os.path.join(corpus_dir, fname)).tree.levels:
                out[node.name] = sum(1 for n in A.walk(node)
                                     if isinstance(n, A.LevRegionStmt) and n.kind == "portal")
    return out


def _fixed(counts: collections.Counter):
    value, n = counts.most_common(1)[0]
    return value if n >= 0.8 * sum(counts.values()) else None


def places(ref_dir: str, corpus_dir=None) -> dict:
    from unlev.tools.compare.command import branch_of
    from unlev.tools.compare.gamedump import read_dumps
    portals = _own_portals(corpus_dir)
    out = {}
    for fname in sorted(os.listdir(ref_dir)):
        if not fname.endswith(".txt.gz"):
            continue
        name = fname[:-len(".txt.gz")]
        seen = collections.Counter()
        with gzip.open(os.path.join(ref_dir, fname), "rt") as fh:
            for line in fh:
                m = _WHERE.match(line)
                if m:
                    seen[m.groups()] += 1
        if not seen:
            continue
        dnum, dname, dlevel, depth, ledger, difficulty = seen.most_common(1)[0][0]
        branches = collections.Counter()
        bottoms = collections.Counter()
        for d in read_dumps(os.path.join(ref_dir, fname)):
            branches[branch_of(d, portals.get(name, 0))] += 1
            down = any(not s.up and s.tolev and s.tolev[0] == d.where.get("dnum")
                       for s in d.stairs)
            bottoms[not down] += 1
        out[name] = {
            "dnum": int(dnum), "dungeon": dname, "dlevel": int(dlevel),
            "depth": int(depth), "difficulty": int(difficulty),
            # a branch only where the dungeon always puts one (8 dumps in 10): where
            # it varies with the game (big room, Gehennom's mazes) a run makes none
            "branch": _fixed(branches),
            "bottom": bottoms.most_common(1)[0][0]}
    return out


if __name__ == "__main__":
    ref = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "shared", "game-reference")
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(__file__), "..", "..", "shared", "corpus", "unnethack")
    json.dump({"source": "UnNetHack game dumps (WHERE and STAIR lines)",
               "levels": places(ref, corpus)},
              sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
