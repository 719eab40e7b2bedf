"""Generate stdlib/data/places.json: where UnNetHack's dungeon puts each special level.

Why: a level's depth, difficulty and dungeon change what the loader does (random
monster difficulty, Sokoban prizes, Medusa's Ludios vault, mineralize...).  A des-file
alone does not say where the game puts it, so ``unlev run`` defaults to the place the
game used.  Read from the game's own dumps (``WHERE`` lines of
shared/game-reference/*.txt.gz), taking for each level the most common place over
the dumped seeds.  A variant maintainer regenerates it from dumps of their game:

    python tools/gen_places.py ../shared/game-reference > stdlib/data/places.json
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


def places(ref_dir: str) -> dict:
    out = {}
    for fname in sorted(os.listdir(ref_dir)):
        if not fname.endswith(".txt.gz"):
            continue
        seen = collections.Counter()
        with gzip.open(os.path.join(ref_dir, fname), "rt") as fh:
            for line in fh:
                m = _WHERE.match(line)
                if m:
                    seen[m.groups()] += 1
        if not seen:
            continue
        dnum, dname, dlevel, depth, ledger, difficulty = seen.most_common(1)[0][0]
        out[fname[:-len(".txt.gz")]] = {
            "dnum": int(dnum), "dungeon": dname, "dlevel": int(dlevel),
            "depth": int(depth), "difficulty": int(difficulty)}
    return out


if __name__ == "__main__":
    ref = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "shared", "game-reference")
    json.dump({"source": "UnNetHack game dumps (WHERE lines)", "levels": places(ref)},
              sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
