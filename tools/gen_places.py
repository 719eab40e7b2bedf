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


_DUNGEON_LEVEL = re.compile(r'^(RND)?LEVEL:\s*"([^"]+)"[^@]*@\s*\([^)]*\)\s*(.*)$')


def _special_levels(corpus_dir):
    """dungeon.def's special levels: {name pattern: has LEVELDESC town}.  A RNDLEVEL of
    n variants is name-1..name-n; a quest level "x-strt" stands for every role's."""
    out: dict = {}
    path = os.path.join(corpus_dir or "", "dungeon.def")
    if not corpus_dir or not os.path.isfile(path):
        return out
    last: list = []
    with open(path, encoding="latin-1") as fh:
        for line in fh:
            line = line.split("#", 1)[0].strip()
            m = _DUNGEON_LEVEL.match(line)
            if m:
                rnd, name, rest = m.groups()
                if rnd:
                    count = int(rest.split()[-1])
                    last = [f"{name}-{i}" for i in range(1, count + 1)]
                else:
                    last = [name]
                for n in last:
                    out[n] = False
            elif line.startswith("LEVELDESC:") and "town" in line:
                for n in last:
                    out[n] = True
    return out


def _special(name: str, specials: dict):
    """(Is_special, LEVELDESC town) of a level name."""
    if name in specials:
        return True, specials[name]
    if len(name) > 4 and name[3] == "-" and "x" + name[3:] in specials:
        return True, specials["x" + name[3:]]
    return False, False


def _fixed(counts: collections.Counter):
    value, n = counts.most_common(1)[0]
    return value if n >= 0.8 * sum(counts.values()) else None


def places(ref_dir: str, corpus_dir=None) -> dict:
    from unlev.tools.compare.dumpcontext import branch_of
    from unlev.tools.compare.gamedump import read_dumps
    portals = _own_portals(corpus_dir)
    specials = _special_levels(corpus_dir)
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
            "bottom": bottoms.most_common(1)[0][0],
            # ledger_no() (shopkeepers' names use it) and dungeon.def's special levels
            # (mineralize skips them) with their LEVELDESC town flag
            "ledger": int(ledger)}
        if specials:
            out[name]["special"], out[name]["town"] = _special(name, specials)
    return out


if __name__ == "__main__":
    ref = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "shared", "game-reference")
    corpus = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(__file__), "..", "..", "shared", "corpus", "unnethack")
    json.dump({"source": "UnNetHack game dumps (WHERE and STAIR lines) and dungeon.def",
               "levels": places(ref, corpus)},
              sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")
