"""Replay the real game's main random stream for a dump, to tell a mechanism from luck.

Why: ``unlev compare`` can only say that a frequency differs; when the game's dumps
are at a tail (tower3's ``[75%]`` niche objects: 37 of 40 in the training dumps) the
question is whether the game draws differently or the dumps are just those draws.
Every dump carries ``LEVELSEED``, and UnNetHack reseeds right before making the
level (mklev.c ``mklev`` -> rnd.c ``set_random_state``: the 32-bit seed as 8
little-endian bytes, the upper four zero, given to ``isaac_init`` for both the main
and the monster stream).  The generator is unlev's own port of rnd_isaac.c,
:mod:`unlev.stdlib.isaac`; ``RND(x)`` is ``next % x`` (rnd.c).

    python tools/game_stream.py --level tower3 --object "long sword" --chance 75

lists the main-stream positions at which ``rn2(100) < chance`` says, in every dump,
whether the object is on the level: a position that agrees in all 40 dumps is the
draw of the ``[N%]`` prefix (lev_comp.y ``comparestmt``: ``N, 100, SPO_RN2`` then
``SPO_CMP``/``SPO_JLE``).  For tower3 that is position 12 (SHUFFLE's nine draws and
three others come first), 40 of 40: the game runs the prefix as documented, and the 34
long swords in 40 dumps are those 40 seeds' draws.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import sys
from typing import Iterator, List, Sequence, Tuple

from unlev.stdlib.isaac import IsaacSource, seed_bytes


def level_stream(levelseed: int) -> IsaacSource:
    """rnd.c set_random_state(seed): the main stream of the level made with it."""
    return IsaacSource(seed_bytes(levelseed))


def dumps(path: str) -> Iterator[str]:
    with gzip.open(path, "rt", encoding="ascii", errors="replace") as fh:
        text = fh.read()
    for part in text.split("=== seed")[1:]:
        yield part


def chance_positions(texts: Sequence[str], obj: str, chance: int, limit: int = 200
                     ) -> List[Tuple[int, int]]:
    """(position, dumps agreeing) for the main-stream positions < ``limit`` whose
    ``rn2(100) < chance`` matches whether a floor ``obj`` is in the dump."""
    seen, draws = [], []
    for text in texts:
        seed = int(re.search(r"^LEVELSEED (\d+)", text, re.M).group(1))
        seen.append(re.search(rf"^OBJ \d+ \d+ {re.escape(obj)}\|.*where=floor", text, re.M)
                    is not None)
        g = level_stream(seed)
        draws.append([g.next_u32() % 100 for _ in range(limit)])
    return [(p, sum((d[p] < chance) == s for d, s in zip(draws, seen))) for p in range(limit)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", required=True)
    ap.add_argument("--object", required=True, help="object name as the dump writes it")
    ap.add_argument("--chance", type=int, required=True, help="the N of [N%%]")
    ap.add_argument("--reference", action="append",
                    help="dump folder (repeatable; default ../shared/game-reference "
                         "and ../shared/game-reference-extra)")
    ap.add_argument("--limit", type=int, default=200, help="positions to try")
    a = ap.parse_args(argv)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    folders = a.reference or [os.path.join(here, "..", "shared", f)
                              for f in ("game-reference", "game-reference-extra")]
    texts = [t for f in folders for p in [os.path.join(f, a.level + ".txt.gz")]
             if os.path.exists(p) for t in dumps(p)]
    if not texts:
        print(f"game_stream: no dumps of {a.level}", file=sys.stderr)
        return 2
    rows = chance_positions(texts, a.object, a.chance, a.limit)
    best = max(n for _, n in rows)
    present = sum(1 for t in texts
                  if re.search(rf"^OBJ \d+ \d+ {re.escape(a.object)}\|.*where=floor", t, re.M))
    print(f"{a.level}: {a.object} on the floor in {present} of {len(texts)} dumps")
    for p, n in rows:
        if n == best:
            print(f"  main-stream position {p}: rn2(100) < {a.chance} agrees in {n} of {len(texts)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
