"""How long the REPL takes to answer (a script, not a test).

    python benchmarks/bench_repl.py [--statements 100]

Feeds a session of statements (one TERRAIN, N variable definitions, a monster for
every tenth) to :class:`unlev.tools.repl.core.Repl` and reports the time per input (parse, run,
redraw), per selection preview, and for a ``:seed`` rebuild that runs them all again.
A REPL should answer well under 100 ms.
"""

from __future__ import annotations

import argparse
import io
import time

from unlev.tools.repl.core import Repl


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--statements", type=int, default=100)
    n = ap.parse_args().statements
    repl = Repl(out=io.StringIO())
    lines = ["TERRAIN: fillrect (1,1,70,18), '.'"]
    lines += [f"$p{i} = ({i % 70 + 1},{i % 18 + 1})" for i in range(n)]
    lines += [f"MONSTER: random, $p{i}" for i in range(0, n, 10)]
    t = time.perf_counter()
    for line in lines:
        repl.feed(line)
    per = (time.perf_counter() - t) / len(lines)
    print(f"{len(lines)} statements: {1000 * per:.1f} ms each (parse, run, redraw)")
    t = time.perf_counter()
    for _ in range(20):
        repl.feed("grow(north|west, filter(30%, circle((40,10),6)))")
    print(f"selection preview: {1000 * (time.perf_counter() - t) / 20:.1f} ms each")
    t = time.perf_counter()
    repl.feed(":seed 9")
    print(f":seed rebuild running {len(repl.history)} statements again: "
          f"{1000 * (time.perf_counter() - t):.0f} ms")


if __name__ == "__main__":
    main()
