"""Throughput of the selection operations (a script, not a test).

    python benchmarks/bench_selection.py [--n 10000] [--seed 1] [--only grow,ellipse]

Inputs are generated up front from a fixed seed so only the operation is timed.  Whole
levels call these a few dozen times at most, so the figures say whether the bit-mask
design leaves head-room, not whether anything is "fast enough" in isolation.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from unlev.stdlib.rng import RNG
from unlev.stdlib.selection import COLNO, ROWNO, Selection
from unlev.stdlib.terrain import POOL, ROOM, STONE, VWALL

S = Selection


def random_selection(r: random.Random) -> Selection:
    kind = r.randrange(3)
    if kind == 0:  # dense noise
        return S(r.getrandbits(COLNO * ROWNO))
    if kind == 1:  # a few blobs
        s = S.empty()
        for _ in range(r.randrange(1, 5)):
            x, y = r.randrange(COLNO), r.randrange(ROWNO)
            s |= S.fillrect(x, y, x + r.randrange(10), y + r.randrange(5))
        return s
    return S.from_points((r.randrange(COLNO), r.randrange(ROWNO)) for _ in range(r.randrange(1, 40)))


def random_level(r: random.Random):
    """Terrain with sizeable same-type regions, so floodfills are not trivially small."""
    cells = [STONE] * (COLNO * ROWNO)
    for _ in range(25):
        t = r.choice([ROOM, POOL, VWALL, STONE])
        x, y = r.randrange(COLNO), r.randrange(ROWNO)
        for cx in range(x, min(COLNO, x + r.randrange(3, 25))):
            for cy in range(y, min(ROWNO, y + r.randrange(2, 9))):
                cells[cx * ROWNO + cy] = t
    return cells


def build_cases(n: int, seed: int):
    r = random.Random(seed)
    rng = RNG(seed)
    levels = [random_level(r) for _ in range(16)]
    terrain = [(lambda c: (lambda x, y: c[x * ROWNO + y]))(c) for c in levels]
    lit = lambda x, y: (x + y) & 1  # noqa: E731
    sels = [random_selection(r) for _ in range(256)]

    def pt():
        return r.randrange(COLNO), r.randrange(ROWNO)

    cases = {}
    cases["grow"] = [(lambda s, d: lambda: s.grow(d))(r.choice(sels), r.randrange(1, 16))
                     for _ in range(n)]
    cases["floodfill"] = [(lambda x, y, t, d: lambda: S.floodfill(x, y, t, diagonals=d))(
        r.randrange(1, COLNO), r.randrange(ROWNO), r.choice(terrain), r.random() < 0.3)
        for _ in range(n)]
    cases["ellipse"] = [(lambda c, a, b, f: lambda: S.ellipse(c[0], c[1], a, b, f))(
        pt(), r.randrange(0, 30), r.randrange(0, 10), r.choice([None, True, False]))
        for _ in range(n)]
    cases["line"] = [(lambda a, b: lambda: S.line(a[0], a[1], b[0], b[1]))(pt(), pt())
                     for _ in range(n)]
    cases["randline"] = [(lambda a, b, k: lambda: S.randline(a[0], a[1], b[0], b[1], k, rng))(
        pt(), pt(), r.randrange(0, 20)) for _ in range(n)]
    cases["filter_percent"] = [(lambda s, p: lambda: s.filter_percent(p, rng))(
        r.choice(sels), r.randrange(101)) for _ in range(n)]
    cases["filter_mapchar"] = [(lambda s, t, lt: lambda: s.filter_mapchar(
        ROOM, lt, terrain_at=t, lit_at=lit, rng=rng))(
        r.choice(sels), r.choice(terrain), r.choice([-2, -1, 0, 1])) for _ in range(n)]
    cases["gradient_point"] = [(lambda c, lo, hi, sq, lim: lambda: S.gradient(
        c[0], c[1], lo, hi, rng, kind=sq, limited=lim))(
        pt(), r.randrange(0, 6), r.randrange(3, 15), r.randrange(2), r.random() < 0.5)
        for _ in range(n)]
    cases["gradient_line"] = [(lambda c, e, lo, hi, sq: lambda: S.gradient(
        c[0], c[1], lo, hi, rng, x2=e[0], y2=e[1], kind=sq))(
        pt(), pt(), r.randrange(0, 6), r.randrange(3, 15), r.randrange(2)) for _ in range(n)]
    cases["rndcoord"] = [(lambda s: lambda: s.rndcoord(rng))(r.choice(sels)) for _ in range(n)]
    cases["union+complement"] = [(lambda a, b: lambda: ~(a | b))(r.choice(sels), r.choice(sels))
                                 for _ in range(n)]
    cases["iterate"] = [(lambda s: lambda: sum(1 for _ in s))(r.choice(sels)) for _ in range(n)]
    return cases


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10_000, help="operations per kind")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated operation names")
    args = ap.parse_args(argv)

    cases = build_cases(args.n, args.seed)
    wanted = [k for k in args.only.split(",") if k] or list(cases)
    print(f"python {sys.version.split()[0]}, n = {args.n}, seed = {args.seed}")
    print(f"{'operation':<18} {'ops/s':>12} {'us/op':>10}")
    for name in wanted:
        calls = cases[name]
        t0 = time.perf_counter()
        for call in calls:
            call()
        dt = time.perf_counter() - t0
        print(f"{name:<18} {len(calls) / dt:>12,.0f} {dt / len(calls) * 1e6:>10.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
