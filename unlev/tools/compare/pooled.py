"""The pooled test of ``unlev compare``: one measure over every level at once.

Why this module exists: a level gives ten or forty samples a side, and each level's
verdict is corrected for its own sixty-odd tests, so an effect that is small on every
level is missed on every level -- yet it is systematic (issue 35: hider objects switched
off changed 148 levels and were flagged on 32; "quantity per stack" 1.09 vs 1.38 over
the corpus, flagged nowhere).  Levels are independent runs of independent seeds, so
their evidence can be added:

* a test with a direction (counts by Mann-Whitney, yes/no outcomes by Fisher) gives a
  signed z per level, ``z_i = sign_i * Phi^-1(1 - p_i / 2)`` with the sign of the
  level's difference (ours larger: +); Stouffer's ``Z = sum z_i / sqrt(k)`` is then
  large only when the levels lean the same way;
* a test without one (mixes, fixed squares: permutation p-values) is combined by
  Fisher's method, ``-2 sum ln p_i`` against chi-square with ``2k`` degrees of freedom.

Both need p-values that are uniform or conservative under "same generator", which the
per-level tests are (exact, permutation, or continuity-corrected); a level whose test
could never tell anything (its smallest possible p is 1: both sides the same constant)
is left out.

And both need the levels to be independent, which they are not: unlev runs seed s of
every level from the same random stream, and the game derives a level's seed from the
game seed and the level's place, so levels alike in build (the quest fillers, the heck
variants) come out alike under one seed.  Measured on unlev against itself (40 seeds,
211 levels): "objects on floor" gave Z -4.5 without this, a false alarm.  So Stouffer's
variance is widened by the design effect measured on the run itself: each measure's
values standardized per level (``Measure.residuals``), averaged over the levels for
each seed index; under independence k times the square of that average is 1 on
average, and ``1 + (k - 1) rho`` when the levels' runs of one seed correlate by rho.
Each side's factor is weighed by its share of the difference's variance (1/n of its
samples), and a factor under 1 counts as 1.  Fisher's combination (mixes, squares) has
no such correction; the calibration measures it (no alarm at 10 or 40 seeds).  Over the measures, Holm's correction at ALPHA makes the pooled table's
false-alarm rate family-wise 1 % (measured: docs/notes/issue-35-*.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Dict, List, Optional, Sequence

from unlev.tools.compare.measures import ALPHA, DIFFERS, MATCH, Measure

MIN_LEVELS = 3          # fewer than this: the per-level verdicts say it all
_N = NormalDist()


@dataclass
class PooledMeasure:
    name: str
    test: str             # "Stouffer (signed)" or "Fisher's combination"
    levels: int           # levels whose test could tell something
    up: int               # levels where ours is larger (directional tests only)
    down: int             # levels where the game's is larger
    statistic: float      # Z, or the chi-square of Fisher's method
    p: float
    flagged: int          # levels where this measure differs on its own
    inflation: float = 1.0            # the design effect Stouffer's variance was widened by
    p_all: Optional[float] = None     # p corrected over the pooled measures (Holm)
    verdict: str = MATCH

    def describe(self) -> str:
        lean = (f", ours larger on {self.up} and smaller on {self.down}"
                if self.test.startswith("Stouffer") else "")
        stat = (f"Z {self.statistic:+.1f} (design effect {self.inflation:.2g})"
                if self.test.startswith("Stouffer")
                else f"chi-square {self.statistic:.0f} on {2 * self.levels} df")
        return (f"{self.name}: {self.test} over {self.levels} levels{lean}: {stat}, "
                f"p {_fmt(self.p)} (corrected {_fmt(self.p_all)}); differs on "
                f"{self.flagged} level{'s' if self.flagged != 1 else ''} alone")

    def to_dict(self) -> dict:
        return {"name": self.name, "test": self.test, "levels": self.levels, "up": self.up,
                "down": self.down, "statistic": round(self.statistic, 3),
                "inflation": round(self.inflation, 3),
                "p": _round(self.p), "p_all": _round(self.p_all), "verdict": self.verdict,
                "flagged": self.flagged}


def _fmt(p: Optional[float]) -> str:
    return "-" if p is None else f"{p:.2g}"


def _round(p: Optional[float]) -> Optional[float]:
    return None if p is None else float(f"{p:.3g}")


def pooled_name(name: str) -> str:
    """The name a measure is pooled under: every MAP template's placement together."""
    return "MAP@* " + name.split(" ", 1)[1] if name.startswith("MAP@") else name


def _z(p: float) -> float:
    """|z| of a two-sided p (p down to the smallest float stays finite)."""
    p = min(1.0, max(p, 1e-300))
    return 0.0 if p >= 1.0 else -_N.inv_cdf(p / 2)


def chi2_sf_even(x: float, df: int) -> float:
    """P(chi-square with an even ``df`` > x), in closed form (a Poisson tail)."""
    k = df // 2
    if x <= 0:
        return 1.0
    h = x / 2
    # sum_{j<k} e^-h h^j / j!, each term in logs (h and k reach the thousands)
    total = 0.0
    for j in range(k):
        total += math.exp(-h + j * math.log(h) - math.lgamma(j + 1))
    return min(1.0, total)


def _informative(m: Measure) -> bool:
    return m.p is not None and (m.min_p is None or m.min_p < 1.0)


def design_effect(measures: Sequence[Measure]) -> float:
    """How much the variance of the levels' summed z exceeds k (see the module's
    docstring): at least 1; 1 without residuals."""
    factors, inv_n = [], []
    for side in (0, 1):
        by_index: Dict[int, List[float]] = {}
        sizes = []
        for m in measures:
            if m.residuals is None:
                continue
            r = m.residuals[side]
            sizes.append(len(r))
            if any(r):
                for i, v in enumerate(r):
                    by_index.setdefault(i, []).append(v)
        vals = [len(v) * (sum(v) / len(v)) ** 2 for v in by_index.values() if len(v) >= 2]
        factors.append(sum(vals) / len(vals) if vals else 1.0)
        inv_n.append(len(sizes) / sum(sizes) if sizes and sum(sizes) else 1.0)
    w = inv_n[0] / (inv_n[0] + inv_n[1])
    return max(1.0, w * factors[0] + (1 - w) * factors[1])


def pool(name: str, measures: Sequence[Measure]) -> Optional[PooledMeasure]:
    """The pooled test of one measure's per-level results (None: too few levels)."""
    ms = [m for m in measures if _informative(m)]
    if len(ms) < MIN_LEVELS:
        return None
    flagged = sum(1 for m in measures if m.verdict == DIFFERS)
    if all(m.direction is not None for m in ms):
        zs = [(m.direction or 0) * _z(m.p) for m in ms]
        inflation = design_effect(ms)
        z = sum(zs) / math.sqrt(len(zs) * inflation)
        p = min(1.0, math.erfc(abs(z) / math.sqrt(2)))
        return PooledMeasure(name, "Stouffer (signed)", len(ms),
                             sum(1 for m in ms if (m.direction or 0) > 0),
                             sum(1 for m in ms if (m.direction or 0) < 0), z, p, flagged,
                             inflation)
    x = -2.0 * sum(math.log(min(1.0, max(m.p, 1e-300))) for m in ms)
    return PooledMeasure(name, "Fisher's combination", len(ms), 0, 0, x,
                         chi2_sf_even(x, 2 * len(ms)), flagged)


def pooled_measures(levels: Sequence[Sequence[Measure]],
                    alpha: float = ALPHA) -> List[PooledMeasure]:
    """Every measure pooled over ``levels`` (each a level's list of measures), Holm-
    corrected over the measures; sorted by corrected p."""
    by: Dict[str, List[Measure]] = {}
    for ms in levels:
        for m in ms:
            by.setdefault(pooled_name(m.name), []).append(m)
    out = [r for r in (pool(name, ms) for name, ms in sorted(by.items())) if r is not None]
    order = sorted(range(len(out)), key=lambda i: out[i].p)
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (len(out) - rank) * out[i].p))
        out[i].p_all = running
        out[i].verdict = DIFFERS if running < alpha else MATCH
    out.sort(key=lambda r: (r.p_all, r.name))
    return out
