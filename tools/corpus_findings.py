"""Which of ``unlev test``'s findings on the game's own des-files the game shares.

    python tools/corpus_findings.py [CORPUS_DIR] [--reference DIR] [--seeds 10]

For every LEVEL of the corpus folder that has game dumps, runs the same invariant checks
on unlev's levels (seeds 1..N) and on the game's levels (the dumps, read back as levels)
and prints, per level and check, how many of each fail.  A finding the game's levels
share at a like rate is the des-file's design (e.g. stairs across water), defended in
``corpus-unlev-test.ini``; one only unlev shows is a difference to look into.  On the
game's side ``embedded`` counts the dumps with an object in rock or a wall other than
gold and gems (the dumps do not say which objects mineralize() buried, the one thing
that check exempts, and it only ever buries gold and gems), or a monster there that
cannot pass walls.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from unlev.tools.compare.gamedump import dump_to_level, read_dumps, reference_files  # noqa: E402
from unlev.tools.harness.invariants import check_level, required_features  # noqa: E402
from unlev.tools.harness.jobs import Settings, build, compiled_file  # noqa: E402
from unlev.tools.common import find_des_files  # noqa: E402


def _in_rock(level, obj) -> bool:
    from unlev.output.render import object_records
    from unlev.stdlib import terrain as T
    recs = object_records(obj)
    if recs and recs[0].class_symbol in ("$", "*"):
        return False
    t = level.at(obj.x, obj.y)
    return t == T.STONE or T.VWALL <= t <= T.DBWALL


def _mon_in_rock(level, mon) -> bool:
    from unlev.stdlib import data
    from unlev.stdlib import terrain as T
    pm = data.monster_named(mon.id if isinstance(mon.id, str) else str(mon.id))
    if pm is not None and ("M1_WALLWALK" in pm.m1 or pm.name in ("xorn", "earth elemental")):
        return False
    t = level.at(mon.x, mon.y)
    return t == T.STONE or T.VWALL <= t <= T.DBWALL


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="?", default="../shared/corpus/unnethack")
    ap.add_argument("--reference", default="../shared/game-reference")
    ap.add_argument("--seeds", type=int, default=10)
    args = ap.parse_args()
    refs = reference_files(args.reference)
    rows = []
    for path in find_des_files([args.corpus]):
        compiled, _d, _r = compiled_file(path)
        for node in compiled.tree.levels:
            ours = collections.Counter()
            req = required_features(node, compiled.tree.header)
            for seed in range(1, args.seeds + 1):
                lv = build(compiled, node, seed, Settings())
                for check in {v.check for v in check_level(lv, req)}:
                    ours[check] += 1
            game = collections.Counter()
            n_game = 0
            if node.name in refs:
                for d in read_dumps(refs[node.name]):
                    n_game += 1
                    lv = dump_to_level(d)
                    for check in {v.check for v in check_level(lv, None)}:
                        if check != "embedded":
                            game[check] += 1
                    if any(_in_rock(lv, o) for o in lv.objects) or \
                            any(_mon_in_rock(lv, m) for m in lv.monsters):
                        game["embedded"] += 1
            for check in sorted(set(ours) | set(game)):
                rows.append((os.path.basename(path), node.name, check, ours[check],
                             args.seeds, game[check], n_game))
    print(f"{'file':14} {'level':12} {'check':10} {'unlev':>7} {'game':>7}")
    for f, name, check, a, na, b, nb in rows:
        game = f"{b}/{nb}" if nb else "-"
        print(f"{f:14} {name:12} {check:10} {a:>3}/{na:<3} {game:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
