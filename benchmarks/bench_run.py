"""Cost of ``unlev run``'s output stages per level (a script, not a test).

    python benchmarks/bench_run.py [--corpus DIR] [--seeds 5] [--samples-only]

For every LEVEL of the samples (and of the corpus unless --samples-only), builds the
level for seeds 1..N and times separately: build_level, the display map
(render.display_rows), the JSON (export.level_to_dict + dumps) and the rich drawing
(rendered to a string).  Reports totals, means per level and the slowest levels.
Target: the display map, the JSON and the drawing each under 0.1 s per level on average
(measured: about 8, 32 and 57 ms against 24 ms to build, whole corpus, seed 1).
"""

from __future__ import annotations

import argparse
import io
import os
import time
from pathlib import Path

from rich.console import Console

from unlev.output import export, render
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file
from unlev.generate.build import build_level

REPO = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=os.environ.get("UNLEV_CORPUS",
                                                        str(REPO.parent / "shared" / "corpus")))
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--samples-only", action="store_true")
    args = ap.parse_args()
    files = sorted((REPO / "samples").glob("*.des"))
    corpus = Path(args.corpus) / "unnethack"
    if not args.samples_only and corpus.is_dir():
        files += sorted(corpus.glob("*.des"))
    totals = {"build": 0.0, "display": 0.0, "json": 0.0, "draw": 0.0}
    per_level = []
    n = failed = 0
    json_bytes = 0
    for f in files:
        try:
            compiled = compile_file(str(f))
        except DesError:
            failed += 1
            continue
        for node in compiled.tree.levels:
            spent = dict.fromkeys(totals, 0.0)
            for seed in range(1, args.seeds + 1):
                t0 = time.perf_counter()
                try:
                    level = build_level(compiled, node, seed=seed, force_flip=True)
                except Exception:
                    failed += 1
                    continue
                t1 = time.perf_counter()
                render.display_rows(level)
                t2 = time.perf_counter()
                text = export.dumps(export.level_to_dict(level, seed=seed, source=str(f)))
                t3 = time.perf_counter()
                Console(file=io.StringIO(), width=80, force_terminal=True).print(
                    render.level_view(level, seed=seed))
                t4 = time.perf_counter()
                for k, v in zip(totals, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                    spent[k] += v
                json_bytes += len(text)
                n += 1
            for k in totals:
                totals[k] += spent[k]
            per_level.append((sum(spent.values()), f.name, node.name, spent))
    if not n:
        print("nothing ran")
        return
    print(f"{n} level runs ({failed} failed or skipped), {len(files)} files, seeds 1..{args.seeds}")
    for k, v in totals.items():
        print(f"  {k:8s} total {v:7.2f} s   mean {1000 * v / n:7.2f} ms/level")
    print(f"  JSON     mean {json_bytes / n / 1024:.1f} KiB/level")
    print("slowest levels (all stages, all seeds):")
    for total, fname, lname, spent in sorted(per_level, reverse=True)[:8]:
        parts = ", ".join(f"{k} {1000 * v:.0f}" for k, v in spent.items())
        print(f"  {total:6.2f} s  {fname}:{lname}  ({parts} ms)")


if __name__ == "__main__":
    main()
