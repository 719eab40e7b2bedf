"""The statistical tests behind ``unlev compare`` (no SciPy: small, exact enough, seeded).

Why these tests: each level gives only a handful of samples per side (the game's dumps
hold 10 seeds), values are small integers with many ties, and items inside one level
are not independent.  So numeric measures use the Mann-Whitney U test (rank-based,
tie-corrected normal approximation, continuity-corrected), proportions use Fisher's
exact test, and category mixes use a permutation test on the total-variation distance
that permutes whole samples (levels), never single items.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def stdev(xs: Sequence[float]) -> float:
    if len(xs) < 2:
        return 0.0
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))


def mann_whitney_p(a: Sequence[float], b: Sequence[float]) -> float:
    """Two-sided p-value of the Mann-Whitney U test (normal approximation with tie
    and continuity correction).  1.0 when either side is empty or all values tie."""
    n1, n2 = len(a), len(b)
    if n1 == 0 or n2 == 0:
        return 1.0
    tagged = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    n = n1 + n2
    r1 = 0.0
    ties = 0.0
    i = 0
    while i < n:
        j = i
        while j + 1 < n and tagged[j + 1][0] == tagged[i][0]:
            j += 1
        rank = (i + j) / 2 + 1
        t = j - i + 1
        ties += t ** 3 - t
        r1 += rank * sum(1 for k in range(i, j + 1) if tagged[k][1] == 0)
        i = j + 1
    u1 = r1 - n1 * (n1 + 1) / 2
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if var <= 0:
        return 1.0
    z = max(0.0, abs(u1 - n1 * n2 / 2) - 0.5) / math.sqrt(var)
    return min(1.0, math.erfc(z / math.sqrt(2)))


def cliffs_delta(a: Sequence[float], b: Sequence[float]) -> float:
    """Cliff's delta: P(a > b) - P(a < b) over all pairs, in [-1, 1] (0 when the two
    samples interleave evenly, +-1 when they do not overlap): a count's effect size
    that does not depend on its unit or scale."""
    if not a or not b:
        return 0.0
    gt = lt = 0
    for x in a:
        for y in b:
            if x > y:
                gt += 1
            elif x < y:
                lt += 1
    return (gt - lt) / (len(a) * len(b))


def fisher_exact_p(a: int, b: int, c: int, d: int) -> float:
    """Two-sided p-value of Fisher's exact test on the 2x2 table [[a, b], [c, d]]
    (sum of the probabilities of tables no more likely than the observed one)."""
    r1, r2, c1 = a + b, c + d, a + c
    n = r1 + r2
    if n == 0:
        return 1.0
    denom = math.comb(n, c1)

    def prob(k: int) -> float:
        return math.comb(r1, k) * math.comb(r2, c1 - k) / denom

    lo, hi = max(0, c1 - r2), min(r1, c1)
    p_obs = prob(a)
    total = sum(p for p in (prob(k) for k in range(lo, hi + 1)) if p <= p_obs * (1 + 1e-7))
    return min(1.0, total)


def tvd(a: Dict, b: Dict) -> float:
    """Total-variation distance between two count tables (0 = same mix, 1 = disjoint)."""
    ta, tb = sum(a.values()), sum(b.values())
    if ta == 0 or tb == 0:
        return 0.0 if ta == tb else 1.0
    keys = set(a) | set(b)
    return 0.5 * sum(abs(a.get(k, 0) / ta - b.get(k, 0) / tb) for k in keys)


# Enough permutations that a clear difference survives Holm's correction over a level's
# tests: 1/20,000 times 54 tests is 0.0027, below ALPHA; 999 could not go below 0.016.
MAX_PERMUTATIONS = 19_999


def permutation_tvd_p(ours: List[Counter], game: List[Counter], seed: int = 0,
                      max_perm: int = MAX_PERMUTATIONS,
                      stop_hits: int = 20) -> Tuple[float, float]:
    """(observed TVD, p-value) of the pooled category mix of two groups of samples
    (see :func:`permutation_mix`)."""
    r = permutation_mix(ours, game, seed, max_perm, stop_hits)
    return r.observed, r.p


@dataclass
class PermutationResult:
    observed: float       # total-variation distance of the two pooled mixes
    p: float
    null_mean: float      # its mean over the permutations: what chance alone gives
    permutations: int

    @property
    def excess(self) -> float:
        """The distance beyond what sampling alone makes (the effect size of a mix:
        the plain TVD of two small samples of one mix is well above zero)."""
        return max(0.0, self.observed - self.null_mean)


def permutation_mix(ours: List[Counter], game: List[Counter], seed: int = 0,
                    max_perm: int = MAX_PERMUTATIONS,
                    stop_hits: int = 20) -> PermutationResult:
    """Permutation test of the pooled category mix of two groups of samples.

    The statistic is Pearson's chi-square of the pooled 2 x k table: unlike the
    total-variation distance it weighs a category one side never makes (trap doors
    where the game makes falling rocks) by its rarity, not by its small share.  The
    table's own chi-square distribution does not apply (items of one level are not
    independent), so under "same generator" whole samples are permuted between the
    groups, which makes the test exact.  Sequential stopping (Besag & Clifford): once
    ``stop_hits`` permutations reach the observed distance the p-value is clearly
    large and the loop ends early; otherwise ``max_perm`` permutations are drawn (only
    a mix that differs pays for all of them).
    """
    keys = sorted(set().union(*ours, *game), key=str)
    if not keys:
        return PermutationResult(0.0, 1.0, 0.0, 0)
    # sparse rows: most samples hold few of the categories
    rows = [[(j, s[k]) for j, k in enumerate(keys) if s.get(k, 0)] for s in ours + game]
    n1 = len(ours)
    total = [0] * len(keys)
    for row in rows:
        for j, v in row:
            total[j] += v
    tot_all = sum(total)
    pairs = list(enumerate(total))

    def stats(idx: List[int]) -> Tuple[float, float]:
        """(chi-square, TVD) of the mix of samples ``idx`` against the rest."""
        g1 = [0] * len(keys)
        for i in idx:
            for j, v in rows[i]:
                g1[j] += v
        t1 = sum(g1)
        t2 = tot_all - t1
        if t1 == 0 or t2 == 0:
            return (0.0, 0.0) if t1 == t2 else (float(tot_all), 1.0)
        tvd_ = chi = 0.0
        scale = tot_all * tot_all / (t1 * t2)
        for j, tt in pairs:
            x = g1[j]
            tvd_ += abs(x / t1 - (tt - x) / t2)
            e = x - tt * t1 / tot_all
            chi += e * e * scale / tt
        return chi, 0.5 * tvd_

    order = list(range(len(rows)))
    observed_chi, observed = stats(order[:n1])
    if observed <= 1e-12:
        return PermutationResult(0.0, 1.0, 0.0, 0)
    rng = random.Random(seed)
    hits = 0
    acc = 0.0
    small = n1 <= len(order) - n1
    for i in range(1, max_perm + 1):
        rng.shuffle(order)
        chi, d = stats(order[:n1] if small else order[n1:])
        acc += d
        if chi >= observed_chi * (1 - 1e-9):
            hits += 1
            if hits >= stop_hits:
                return PermutationResult(observed, hits / i, acc / i, i)
    return PermutationResult(observed, (hits + 1) / (max_perm + 1), acc / max_perm, max_perm)


def min_detectable_p(n1: int, n2: int) -> float:
    """The smallest p-value the U test can give for these sample sizes (complete
    separation, no ties): what 'cannot tell' means for tiny samples."""
    return mann_whitney_p(list(range(n1)), list(range(n1, n1 + n2)))


def summarize(xs: Sequence[float]) -> Dict[str, Optional[float]]:
    if not xs:
        return {"n": 0, "mean": None, "min": None, "max": None}
    return {"n": len(xs), "mean": round(mean(xs), 3), "min": min(xs), "max": max(xs)}
