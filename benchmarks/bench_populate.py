"""Cost of populating levels: the whole corpus x seeds 1..N (a script, not a test).

    python benchmarks/bench_populate.py [--corpus DIR] [--seeds 20]

Builds every LEVEL of the UnNetHack corpus for each seed with population (the
script's MONSTER/OBJECT/TRAP/GOLD statements, the filling of special rooms, maze
stocking, mineralize) and reports: the total time, the median and the slowest
per-level build time, the part spent in population code (timed around the
builder's population entry points and fill_rooms), how many monsters and objects
were made, and any error.  Target: population a small share of each build, the
median level well under 50 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict
from pathlib import Path

from unlev.generate import game_builder as B
from unlev.populate import roomfill
from unlev.lang.frontend import compile_file
from unlev.generate.build import build_level

REPO = Path(__file__).resolve().parent.parent
_POPULATION = ("begin_monster", "object", "begin_container", "trap", "gold", "altar",
               "grave")


def _timed(spent: dict, key: str, fn):
    def wrapper(*a, **kw):
        t = time.perf_counter()
        try:
            return fn(*a, **kw)
        finally:
            spent[key] += time.perf_counter() - t
    return wrapper


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=os.environ.get("UNLEV_CORPUS",
                                                        str(REPO.parent / "shared" / "corpus")))
    ap.add_argument("--seeds", type=int, default=20)
    args = ap.parse_args()
    files = sorted((Path(args.corpus) / "unnethack").glob("*.des"))
    if not files:
        raise SystemExit(f"no corpus under {args.corpus}")

    spent: dict = defaultdict(float)
    for name in _POPULATION:
        setattr(B.GameBuilder, name, _timed(spent, name, getattr(B.GameBuilder, name)))
    import unlev.generate.build as run_mod
    run_mod.fill_rooms = _timed(spent, "fill_rooms", roomfill.fill_rooms)

    per_level, errors = [], []
    monsters = objects = 0
    t0 = time.perf_counter()
    for path in files:
        compiled = compile_file(str(path))
        for node in compiled.tree.levels:
            for seed in range(1, args.seeds + 1):
                t = time.perf_counter()
                try:
                    lv = build_level(compiled, node, seed=seed)
                except Exception as e:          # noqa: BLE001 - reported
                    errors.append(f"{path.name}:{node.name} seed {seed}: {e!r}")
                    continue
                per_level.append((time.perf_counter() - t, node.name, seed))
                monsters += len(lv.monsters)
                objects += len(lv.objects)
    total = time.perf_counter() - t0
    times = sorted(t for t, _, _ in per_level)
    pop = sum(spent.values())
    print(f"levels built: {len(per_level)} ({len(files)} files, seeds 1..{args.seeds}), "
          f"errors: {len(errors)}")
    print(f"total {total:.1f} s; per level median {statistics.median(times) * 1000:.1f} ms, "
          f"90th percentile {times[int(0.9 * len(times))] * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.0f} ms")
    print(f"population code: {pop:.1f} s ({100 * pop / total:.0f}% of the total); "
          + ", ".join(f"{k} {v:.1f} s" for k, v in sorted(spent.items(), key=lambda kv: -kv[1])))
    print(f"made {monsters} monsters and {objects} floor objects "
          f"({monsters / len(per_level):.1f} and {objects / len(per_level):.1f} per level)")
    slow = defaultdict(list)
    for t, name, _ in per_level:
        slow[name].append(t)
    worst = sorted(slow.items(), key=lambda kv: -statistics.median(kv[1]))[:5]
    print("slowest levels (median): " + ", ".join(
        f"{n} {statistics.median(v) * 1000:.0f} ms" for n, v in worst))
    for e in errors[:10]:
        print("ERROR", e)


if __name__ == "__main__":
    main()
