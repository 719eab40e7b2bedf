"""Time to build every level of the UnNetHack corpus (a script, not a test).

    python benchmarks/bench_build.py [--corpus DIR] [--seed 1] [--repeat 3] [--profile]
                                     [--mersenne]

Compiles each des-file once (not timed), then builds every LEVEL once with
``unlev.generate.build.build_level`` (script, finishing steps, population) and prints the
per-level median, the slowest levels and the total of the best of ``--repeat``
passes, and the CPU time of the best and the median pass (quote that on a shared
machine).  Issue 4's target: the whole corpus in under 3 seconds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from unlev.lang.frontend import compile_file
from unlev.generate.build import build_level

REPO = Path(__file__).resolve().parent.parent


def default_corpus() -> Path:
    env = os.environ.get("UNLEV_CORPUS")
    return Path(env) if env else REPO.parent / "shared" / "corpus"


def one_pass(compiled, seed: int, cpu: list = None) -> dict:
    """Wall time of each level; ``cpu`` gets the pass's CPU time appended (on a
    shared machine the CPU time is the figure to quote)."""
    times = {}
    c0 = time.process_time()
    for fname, c in compiled:
        for i, node in enumerate(c.tree.levels):
            t0 = time.perf_counter()
            build_level(c, node, seed=seed)
            times[f"{fname}:{node.name}#{i}"] = time.perf_counter() - t0
    if cpu is not None:
        cpu.append(time.process_time() - c0)
    return times


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true", help="cProfile one pass instead")
    ap.add_argument("--mersenne", action="store_true",
                    help="draw Python's Mersenne Twister words instead of the game's ISAAC "
                         "(unlev's words before issue 28): what the game's words cost, "
                         "though the levels differ")
    args = ap.parse_args(argv)
    if args.mersenne:
        import unlev.stdlib.rng as rng
        rng.IsaacSource = lambda seed: rng.MersenneSource(int.from_bytes(seed, "little"))
    root = (args.corpus or default_corpus()) / "unnethack"
    files = sorted(root.glob("*.des"))
    if not files:
        print(f"no des-files under {root}", file=sys.stderr)
        return 2
    compiled = [(p.name, compile_file(str(p))) for p in files]
    if args.profile:
        import cProfile
        import pstats
        prof = cProfile.Profile()
        prof.enable()
        one_pass(compiled, args.seed)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)
        return 0
    best = None
    cpu: list = []
    for _ in range(args.repeat):
        times = one_pass(compiled, args.seed, cpu)
        if best is None or sum(times.values()) < sum(best.values()):
            best = times
    total = sum(best.values())
    print(f"{len(best)} levels from {len(files)} files, seed {args.seed}, best of {args.repeat}")
    print(f"total {total:.2f} s   median {statistics.median(best.values()) * 1000:.1f} ms/level"
          f"   mean {total / len(best) * 1000:.1f} ms/level")
    print(f"CPU: best pass {min(cpu):.2f} s, median {statistics.median(cpu):.2f} s"
          f"   (load average {os.getloadavg()[0]:.1f})")
    print("slowest:")
    for name, t in sorted(best.items(), key=lambda kv: -kv[1])[:8]:
        print(f"  {t * 1000:7.1f} ms  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
