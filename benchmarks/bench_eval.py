"""Throughput of the evaluator over the UnNetHack corpus (a script, not a test).

    python benchmarks/bench_eval.py [--corpus DIR] [--seeds 20] [--repeat 3] [--compat game]
                                    [--profile]

Each des-file is compiled once (timed separately); then every LEVEL of every file is run
against a RecordingBuilder for seeds 1..N.  The best of ``--repeat`` passes is reported,
with per-level and per-statement rates and the slowest files.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from unlev.lang.level_builder import RecordingBuilder
from unlev.lang.evaluator import Evaluator
from unlev.lang.frontend import compile_file
from unlev.stdlib.rng import RNG
from unlev.stdlib.compat import Compat

REPO = Path(__file__).resolve().parent.parent


def default_corpus() -> Path:
    env = os.environ.get("UNLEV_CORPUS")
    return Path(env) if env else REPO.parent / "shared" / "corpus"


def run_pass(compiled, seeds, compat):
    """One pass over every level and seed; returns (runs, steps, calls, per-file seconds)."""
    runs = steps = calls = 0
    per_file = {}
    for name, c in compiled:
        t0 = time.perf_counter()
        for level in c.tree.levels:
            for seed in seeds:
                b = RecordingBuilder()
                ev = Evaluator(b, RNG(seed), compat=compat)
                ev.run_level(level, c.tree.header)
                runs += 1
                steps += ev.steps
                calls += len(b.calls)
        per_file[name] = time.perf_counter() - t0
    return runs, steps, calls, per_file


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=None,
                    help="corpus root (with an unnethack/ folder) or a folder of .des files")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--compat", choices=("doc", "game"), default="doc")
    ap.add_argument("--profile", action="store_true", help="cProfile one pass, top 20 by own time")
    args = ap.parse_args(argv)

    root = args.corpus or default_corpus()
    folder = root / "unnethack" if (root / "unnethack").is_dir() else root
    files = sorted(folder.glob("*.des"))
    if not files:
        print(f"no .des files under {folder} (set --corpus or $UNLEV_CORPUS)", file=sys.stderr)
        return 2

    t0 = time.perf_counter()
    compiled = [(f.name, compile_file(str(f))) for f in files]
    t_compile = time.perf_counter() - t0
    n_levels = sum(len(c.tree.levels) for _n, c in compiled)
    seeds = range(1, args.seeds + 1)
    compat = Compat.game() if args.compat == "game" else Compat()

    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.runcall(run_pass, compiled, seeds, compat)
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        return 0

    best = None
    for _ in range(max(1, args.repeat)):
        t0 = time.perf_counter()
        runs, steps, calls, per_file = run_pass(compiled, seeds, compat)
        elapsed = time.perf_counter() - t0
        if best is None or elapsed < best[0]:
            best = (elapsed, runs, steps, calls, per_file)
    elapsed, runs, steps, calls, per_file = best

    print(f"corpus      {folder}  ({len(files)} files, {n_levels} levels)")
    print(f"compile     {t_compile:8.3f} s   (once per file)")
    print(f"evaluate    {elapsed:8.3f} s   best of {args.repeat}: {runs} level runs "
          f"(seeds 1..{args.seeds}, compat {args.compat})")
    print(f"            {elapsed / runs * 1e3:8.3f} ms per level run, {runs / elapsed:,.0f} runs/s")
    print(f"            {steps:,} steps ({steps / elapsed:,.0f}/s), {calls:,} builder calls "
          f"({calls / elapsed:,.0f}/s)")
    print("slowest files:")
    for name, secs in sorted(per_file.items(), key=lambda kv: -kv[1])[:5]:
        print(f"  {name:16s} {secs:7.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
