"""What one random word costs (a script, not a test).

    python benchmarks/bench_words.py [--words 512000] [--repeat 5]

Why: every level draws its words from UnNetHack's ISAAC (``stdlib/isaac.py``), written
in Python, where the words before issue 28 came from Python's Mersenne Twister, in C.
A corpus build draws about 645,000 words (2,520 blocks of 256), so the ISAAC word's
price, times that, is what the game's words add to a build.  Prints the CPU
nanoseconds per word of the RNG's word function for ISAAC and for the Mersenne source,
per ``RNG.rn2`` call, and per 256-word ISAAC block (the update alone); the best of
``--repeat`` runs, with the load average.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from unlev.stdlib import isaac
from unlev.stdlib.rng import RNG, MersenneSource


def per_call(fn, n: int) -> float:
    """CPU nanoseconds per call of ``fn()`` over ``n`` calls."""
    t = time.process_time()
    for _ in range(n):
        fn()
    return (time.process_time() - t) / n * 1e9


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--words", type=int, default=512_000)
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    n = args.words
    best: dict = {}

    def keep(name, value):
        best[name] = min(best.get(name, value), value)

    for _ in range(args.repeat):
        keep("ISAAC word", per_call(isaac.IsaacSource(isaac.seed_bytes(7)).word_function(), n))
        keep("Mersenne word", per_call(MersenneSource(7).word_function(), n))
        rn2 = RNG(7).rn2
        keep("RNG.rn2 (ISAAC)", per_call(lambda: rn2(10), n))
        m, a, b, c, _first = isaac._SEEDED[isaac.seed_bytes(7)]
        state = [list(m), a, b, c]

        def block():
            _r, state[1], state[2], state[3] = isaac._block(state[0], *state[1:])
        keep("ISAAC block (256 words)", per_call(block, max(1, n // 256)))
    print(f"python {sys.version.split()[0]}, best of {args.repeat}, "
          f"load average {os.getloadavg()[0]:.1f}")
    for name, ns in best.items():
        print(f"  {name:26} {ns / 1000:8.2f} us" if ns > 10_000 else f"  {name:26} {ns:8.0f} ns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
