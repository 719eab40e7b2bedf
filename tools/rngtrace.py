"""Where two random-draw logs first part: the game's and unlev's, draw by draw.

Why: to make the game's own level, unlev must draw every number the game draws, on
the same stream and in the same order.  Both sides write one line per word drawn
(``<stream> <fn> <x> <value> <caller>``, see unlev.stdlib.rnglog): unlev with
``UNLEV_RNG_LOG=FILE``, the game from a build of UnNetHack whose rnd.c writes the same
lines (docs/notes/issue-28-exact.md tells how that build is made; it is a developer's
instrument, not part of unlev).  This tool reads two logs and prints the first draw
where they differ (index, both callers, both moduli and values) with the draws just
before it, so one can read the game's C at the caller and see what unlev does instead.

    python tools/rngtrace.py game.log unlev.log [--stream core|mon] [--context 5]

Lines starting with ``#`` (reseeds) are skipped.  Two draws agree when stream, helper,
modulus and value agree; the callers are shown, never compared (C and Python name
their functions differently).  Exit status 0 when the shorter log is a prefix of the
longer one, 1 when they part, 2 for a bad argument.
"""

from __future__ import annotations

import argparse
import sys
from typing import Iterator, List, NamedTuple, Optional, Sequence, Tuple


class Draw(NamedTuple):
    stream: str
    fn: str
    x: int
    value: int
    caller: str
    line: int           # line number in its file

    def key(self) -> Tuple[str, str, int, int]:
        return self.stream, self.fn, self.x, self.value

    def show(self) -> str:
        return f"{self.stream} {self.fn}({self.x}) = {self.value}  at {self.caller}"


def read_log(lines: Sequence[str], stream: Optional[str] = None) -> List[Draw]:
    out: List[Draw] = []
    for n, ln in enumerate(lines, 1):
        ln = ln.strip()
        if not ln or ln.startswith("#"):
            continue
        parts = ln.split(" ", 4)
        if len(parts) < 4:
            raise ValueError(f"line {n}: expected 'stream fn x value caller', got {ln!r}")
        s, fn, x, v = parts[:4]
        if stream is not None and s != stream:
            continue
        out.append(Draw(s, fn, int(x), int(v), parts[4] if len(parts) > 4 else "?", n))
    return out


def first_parting(a: Sequence[Draw], b: Sequence[Draw]) -> Optional[int]:
    """Index of the first draw that differs, len of the shorter when one is a prefix of
    the other and they differ in length, None when they are the same."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x.key() != y.key():
            return i
    if len(a) != len(b):
        return min(len(a), len(b))
    return None


def report(a: Sequence[Draw], b: Sequence[Draw], names=("game", "unlev"),
           context: int = 5) -> Iterator[str]:
    i = first_parting(a, b)
    if i is None:
        yield f"the logs agree: {len(a)} draws"
        return
    if i >= min(len(a), len(b)):
        short = names[0] if len(a) < len(b) else names[1]
        longer = b if len(a) < len(b) else a
        yield (f"the logs agree for {i} draws, then the {short} log ends; next in the other: "
               + longer[i].show())
        return
    yield f"the logs part at draw {i} (0-based; {i} draws agree before it)"
    for k in range(max(0, i - context), i):
        yield f"  {k:6d}  both  {a[k].show()}   | {b[k].caller}"
    w = max(len(n) for n in names)
    yield f"> {i:6d}  {names[0]:<{w}}  {a[i].show()}"
    yield f"> {i:6d}  {names[1]:<{w}}  {b[i].show()}"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="the game's log")
    ap.add_argument("unlev", help="unlev's log (UNLEV_RNG_LOG)")
    ap.add_argument("--stream", choices=("core", "mon"), default=None,
                    help="compare one stream only (default: both, in the order drawn)")
    ap.add_argument("--context", type=int, default=5, help="agreeing draws shown before")
    a = ap.parse_args(argv)
    logs = []
    for path in (a.game, a.unlev):
        try:
            with open(path, encoding="ascii", errors="replace") as fh:
                logs.append(read_log(fh.read().splitlines(), a.stream))
        except OSError as e:
            print(f"rngtrace: error: cannot read {path}: {e.strerror}", file=sys.stderr)
            return 2
        except ValueError as e:
            print(f"rngtrace: error: {path}: {e}", file=sys.stderr)
            return 2
    for line in report(logs[0], logs[1], context=a.context):
        print(line)
    return 0 if first_parting(*logs) in (None, min(map(len, logs))) else 1


if __name__ == "__main__":
    sys.exit(main())
