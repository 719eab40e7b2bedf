"""Is a level's statistical difference chance?  unlev's runs measured twice: against the
game's dumps and against unlev's own builds of those dumps.

Why this module exists: ``unlev compare`` (statistical) sets unlev's seeds (1..10, each
the level seed of one run, in the context of the matching dump) against the game's ten
or thirty dumps of a level, and says "differs" when a measure is unlikely under one
generator.  With many levels a few such verdicts come by chance (issue 35's
calibration: at most 1 % a level), and the game's side is the same dumps in every seed
window, so one unusual game sample makes a level differ window after window.  The exact
mode (:mod:`exact`, mklev.c ``mklev`` reseeding from the dump's ``LEVELSEED``) builds
each dump's own level; where those builds are identical to the dumps, unlev made the
game's sample itself.  Measured against those builds, a difference that remains is a
difference between two samples of unlev -- chance, not a generator's difference --
and one that goes away points at the dumps that are not identical.

``python -m unlev.tools.compare.chance CORPUS --reference DIR --level NAME --seeds 1..10``
prints, per level and seed window, how many dumps the exact builds reproduce and each
measure that differs against the game and against the exact builds, with its p-value.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import List, Optional, Sequence

from unlev.lang import ast as A
from unlev.tools.compare.measures import DIFFERS, Measure


@dataclass
class ChanceResult:
    level: str
    seeds: List[int]
    dumps: int
    identical: int                   # dumps whose exact build is the dump, every layer
    against_game: List[Measure] = field(default_factory=list)
    against_exact: List[Measure] = field(default_factory=list)

    def differing(self, which: str) -> List[Measure]:
        ms = self.against_game if which == "game" else self.against_exact
        return [m for m in ms if m.verdict == DIFFERS]

    def lines(self) -> List[str]:
        head = (f"{self.level} seeds {self.seeds[0]}..{self.seeds[-1]}: exact builds "
                f"identical to {self.identical} of {self.dumps} dumps")
        out = [head]
        for label, which in (("against the game's dumps", "game"),
                             ("against unlev's exact builds", "exact")):
            bad = self.differing(which)
            text = ", ".join(f"{m.name} (p {_p(m):.2g})" for m in bad) or "match"
            out.append(f"  {label}: {text}")
        return out


def _p(m: Measure) -> float:
    return m.p_level if m.p_level is not None else (m.p if m.p is not None else 1.0)


def level_chance(compiled, node: A.Level, dumps, seeds: Sequence[int], compat=None
                 ) -> ChanceResult:
    """unlev's runs at ``seeds`` (each in its dump's context, as ``unlev compare``)
    measured against ``dumps`` and against unlev's exact builds of the same dumps."""
    from unlev.stdlib.compat import Compat
    from unlev.tools.compare.command import compare_samples, iter_ours
    from unlev.tools.compare.exact import build_for_dump, compare_texts
    from unlev.tools.compare.gamedump import format_dump
    from unlev.tools.compare.sample import sample_of
    compat = compat or Compat.game()
    own = sum(1 for n in A.walk(node) if isinstance(n, A.LevRegionStmt) and n.kind == "portal")
    game, exact, identical = [], [], 0
    for d in dumps:
        theirs = d.to_level()
        ours = build_for_dump(compiled, node, d, own)
        if not compare_texts(format_dump(theirs, d.levelseed, d.where),
                             format_dump(ours, d.levelseed, d.where)):
            identical += 1
        game.append(sample_of(theirs))
        exact.append(sample_of(ours))
    runs = [sample_of(lv) for lv in iter_ours(compiled, node, list(seeds), dumps, compat)]
    res = ChanceResult(node.name, list(seeds), len(dumps), identical)
    res.against_game, _ = compare_samples(compiled, node, runs, game)
    res.against_exact, _ = compare_samples(compiled, node, runs, exact)
    return res


def main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse
    import os
    from unlev.tools.common import seed_list
    from unlev.tools.compare.command import levels_with_reference
    from unlev.tools.compare.gamedump import read_dumps, reference_files
    ap = argparse.ArgumentParser(
        prog="python -m unlev.tools.compare.chance",
        description="a level's statistical differences against the game's dumps and "
        "against unlev's exact builds of the same dumps")
    ap.add_argument("paths", nargs="+", metavar="FILE|DIR")
    ap.add_argument("--reference", action="append", required=True, metavar="DIR",
                    help="the game's dumps (repeat it to pool folders)")
    ap.add_argument("--level", action="append", required=True, metavar="NAME")
    ap.add_argument("--seeds", action="append", default=[], metavar="LIST",
                    help="a seed window of ours (repeatable; default 1..10)")
    a = ap.parse_args(argv)
    try:
        windows = [seed_list(s) for s in (a.seeds or ["1..10"])]
    except ValueError as e:
        print(f"chance: error: {e}", file=sys.stderr)
        return 2
    files = {}
    for folder in a.reference:
        if not os.path.isdir(folder):
            print(f"chance: error: no reference dumps at {folder}", file=sys.stderr)
            return 2
        for name, path in reference_files(folder).items():
            files.setdefault(name, []).append(path)
    todo, _errors = levels_with_reference(a.paths, {n: p[0] for n, p in files.items()},
                                          a.level)
    if not todo:
        print(f"chance: error: no level named {', '.join(a.level)} has dumps in "
              f"{', '.join(a.reference)}", file=sys.stderr)
        return 2
    for _f, compiled, node in todo:
        dumps = [d for path in files[node.name] for d in read_dumps(path)]
        for seeds in windows:
            for line in level_chance(compiled, node, dumps, seeds).lines():
                print(line, flush=True)
    return 0


if __name__ == "__main__":      # pragma: no cover
    raise SystemExit(main())
