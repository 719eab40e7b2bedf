"""The measures of ``unlev compare``: each turns two groups of samples into a verdict.

Why this module exists: every measure must say how it decides, so the decision rules
live here in one place (and in the README).  Verdicts:

* ``match``     -- the test finds no difference (p >= :data:`ALPHA`), or both sides are
  the same constant;
* ``tolerance`` -- the difference is significant but its effect size is below the
  measure's floor (random parts only: a deterministic value never gets a floor);
* ``differs``   -- significant and at or above the floor, or both sides constant and
  unequal.

Effect sizes are unit-free, so one floor serves every count (issue 16: a blanket 10 %
count tolerance hid real gaps, e.g. a 3.5 % stacking difference on a level whose
object count never varies): Cliff's delta for numbers (how much more often one side's
level has the larger value), the difference of rates for proportions, and for mixes
the distance beyond what chance alone gives (the observed total-variation distance
minus its mean under permutation).

``known`` is given later to a ``differs`` that docs/known-differences.md explains.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

from unlev.tools.compare.place import FLIP_NAMES, MapTemplate, Placement, class_masks, locate
from unlev.tools.compare.position import KINDS as POSITION_KINDS, occupancy, places
from unlev.tools.compare.sample import Sample
from unlev.tools.compare.stats import (cliffs_delta, fisher_exact_p, mann_whitney_p, mean,
                                       permutation_mix, MAX_PERMUTATIONS)
from unlev.model.level import ROWNO
from unlev.stdlib import terrain as T

ALPHA = 0.01          # per measure
CELL_ALPHA = 0.001    # per square of the fixed-terrain comparison
DELTA_FLOOR = 0.2     # Cliff's delta below which a significant count difference is tolerated
RATE_FLOOR = 0.05     # difference of rates below which a proportion is tolerated
MIX_FLOOR = 0.02      # excess total-variation distance below which a mix is tolerated

MATCH, TOLERANCE, DIFFERS, KNOWN = "match", "tolerance", "differs", "known"
RANK = {MATCH: 0, TOLERANCE: 1, KNOWN: 2, DIFFERS: 3}


@dataclass
class Measure:
    group: str            # placement, branches, terrain, structure, population, position, flags
    name: str
    test: str             # how it was decided
    ours: object          # summary of our samples
    game: object          # summary of the game's samples
    effect: float         # size of the difference, in the measure's own unit
    p: Optional[float]
    verdict: str
    tolerance: Optional[float] = None
    detail: List[str] = field(default_factory=list)
    reason: str = ""      # for KNOWN: the documented reason
    size: Optional[float] = None      # unit-free effect size, compared with ``tolerance``
    # the smallest p the test could give for the pooled data (None: small enough to
    # count); a test that could never be significant is left out of the level's
    # correction (Tarone), see holm_correct
    min_p: Optional[float] = field(default=None, repr=False)
    p_level: Optional[float] = None   # p corrected for the level's other tests (Holm)
    # which side is larger: +1 ours, -1 the game's, 0 neither; None for a test without a
    # direction (mixes, fixed squares).  The pooled test over levels (pooled.py) adds
    # signed evidence, so a small effect the same way on many levels adds up.
    direction: Optional[int] = None
    # each sample's value standardized within its side (ours by seed, the game's by dump):
    # the pooled test estimates from them how much the levels' runs of one seed (or one
    # game seed) move together, which adding levels up must allow for
    residuals: Optional[Tuple[List[float], List[float]]] = field(default=None, repr=False)

    def to_dict(self) -> dict:
        d = asdict(self)
        d.pop("residuals")
        for k in ("p", "p_level", "min_p"):
            if d[k] is not None:
                d[k] = float(f"{d[k]:.3g}")
        d["effect"] = round(d["effect"], 4)
        if d["size"] is not None:
            d["size"] = round(d["size"], 4)
        return d


def _num_summary(xs: Sequence[float]) -> str:
    if not xs:
        return "-"
    lo, hi = min(xs), max(xs)
    m = mean(xs)
    ms = f"{m:.3g}" if m != int(m) else str(int(m))
    return ms if lo == hi else f"{ms} [{lo:g}..{hi:g}]"


def standardized(xs: Sequence[float]) -> List[float]:
    """(x - mean) / standard deviation (population), all 0 for a constant."""
    xs = [float(x) for x in xs]
    m = mean(xs)
    sd = (sum((x - m) ** 2 for x in xs) / len(xs)) ** 0.5 if xs else 0.0
    return [round((x - m) / sd, 3) if sd > 0 else 0.0 for x in xs]


def numeric(group: str, name: str, ours: Sequence[float], game: Sequence[float],
            floor: float = DELTA_FLOOR) -> Measure:
    """Mann-Whitney U on per-sample values; the effect floor is on Cliff's delta."""
    ours, game = list(ours), list(game)
    mo, mg = mean(ours), mean(game)
    effect = abs(mo - mg)
    const = len(set(ours)) <= 1 and len(set(game)) <= 1
    size = abs(cliffs_delta(ours, game)) if ours and game else 0.0
    tol: Optional[float] = floor
    if not ours or not game:
        p, verdict = None, MATCH
    elif const:
        p = 1.0 if ours[0] == game[0] else mann_whitney_p(ours, game)
        verdict = MATCH if p >= ALPHA else DIFFERS
        tol = 0.0
    else:
        p = mann_whitney_p(ours, game)
        verdict = MATCH if p >= ALPHA else (TOLERANCE if size < floor else DIFFERS)
    pooled = sorted(ours + game)
    if len(set(pooled)) <= 1:
        min_p = 1.0
    else:   # the most extreme split of the pooled values, either way round
        n1 = len(ours)
        min_p = min(mann_whitney_p(pooled[:n1], pooled[n1:]),
                    mann_whitney_p(pooled[len(pooled) - n1:], pooled[:len(pooled) - n1]))
    d = cliffs_delta(ours, game) if ours and game else 0.0
    return Measure(group, name, "exact" if const else "Mann-Whitney U", _num_summary(ours),
                   _num_summary(game), effect, p, verdict, tol, size=size, min_p=min_p,
                   direction=(d > 0) - (d < 0),
                   residuals=(standardized(ours), standardized(game)))


def proportion(group: str, name: str, ours: Sequence[bool], game: Sequence[bool],
               floor: float = RATE_FLOOR) -> Measure:
    """Fisher's exact test on how often something happens."""
    a, n1 = sum(ours), len(ours)
    c, n2 = sum(game), len(game)
    ro, rg = a / n1 if n1 else 0.0, c / n2 if n2 else 0.0
    effect = abs(ro - rg)
    const = a in (0, n1) and c in (0, n2)
    if not n1 or not n2:
        p, verdict = None, MATCH
    else:
        p = fisher_exact_p(a, n1 - a, c, n2 - c)
        if const:
            verdict = MATCH if p >= ALPHA else DIFFERS
        else:
            verdict = MATCH if p >= ALPHA else (TOLERANCE if effect < floor else DIFFERS)
    c1 = a + c          # the margins stay; the most extreme table they allow
    min_p = min((fisher_exact_p(k, n1 - k, c1 - k, n2 - c1 + k)
                 for k in range(max(0, c1 - n2), min(n1, c1) + 1)), default=1.0)
    return Measure(group, name, "exact" if const else "Fisher exact", f"{a}/{n1}",
                   f"{c}/{n2}", effect, p, verdict, None if const else floor, size=effect,
                   min_p=min_p, direction=(ro > rg) - (ro < rg),
                   residuals=(standardized([int(v) for v in ours]),
                              standardized([int(v) for v in game])))


def _kind_summary(cs: Sequence[Counter], top: int = 4) -> str:
    total = Counter()
    for c in cs:
        total.update(c)
    n = sum(total.values())
    if not n:
        return "-"
    parts = [f"{k} {v / n:.0%}" for k, v in total.most_common(top)]
    if len(total) > top:
        parts.append(f"+{len(total) - top}")
    return ", ".join(parts)


def _one_side_never(ours: Sequence[Counter], game: Sequence[Counter]) -> bool:
    """Whether some kind occurs on one side in several levels (3 or more) and never on
    the other: a category one side never makes."""
    seen_o, seen_g = Counter(), Counter()
    for c in ours:
        seen_o.update(k for k, v in c.items() if v)
    for c in game:
        seen_g.update(k for k, v in c.items() if v)
    return any(n >= 3 and not seen_g[k] for k, n in seen_o.items()) or \
        any(n >= 3 and not seen_o[k] for k, n in seen_g.items())


def categorical(group: str, name: str, ours: Sequence[Counter], game: Sequence[Counter],
                floor: float = MIX_FLOOR, seed: int = 0) -> Optional[Measure]:
    """Permutation test (whole samples) on the total-variation distance of the pooled
    mixes; the effect floor is on the distance beyond chance.  None when one side has
    nothing at all (its count measure says so)."""
    ours, game = list(ours), list(game)
    if not any(sum(c.values()) for c in ours) or not any(sum(c.values()) for c in game):
        return None
    const = all(c == ours[0] for c in ours) and all(c == game[0] for c in game)
    r = permutation_mix(ours, game, seed=seed)
    effect, p = r.observed, r.p
    if const:
        if ours[0] != game[0]:
            # a constant mix on both sides: as sure as the sample sizes allow
            p = fisher_exact_p(len(ours), 0, 0, len(game))
        verdict = MATCH if p >= ALPHA else DIFFERS
        tol_used: Optional[float] = None
    else:
        verdict = MATCH if p >= ALPHA else (TOLERANCE if r.excess < floor else DIFFERS)
        tol_used = floor
        if verdict == TOLERANCE and _one_side_never(ours, game):
            # issue 35: no effect floor hides a kind one side never makes (the game's
            # monsters never stand on a closed door; ours did on 8 levels)
            verdict = DIFFERS
    m = Measure(group, name, "exact" if const else "permutation chi-square", _kind_summary(ours),
                _kind_summary(game), effect, p, verdict, tol_used, size=r.excess)
    pooled = Counter()
    for c in ours + game:
        pooled.update(c)
    if len(pooled) <= 1 or all(c == ours[0] for c in ours + game):
        m.min_p = 1.0       # one kind only, or every sample the same: nothing to permute
    if verdict != MATCH:
        to, tg = Counter(), Counter()
        for c in ours:
            to.update(c)
        for c in game:
            tg.update(c)
        no, ng = sum(to.values()) or 1, sum(tg.values()) or 1
        # ties by name: a set's order changes from one process to the next
        gaps = sorted(set(to) | set(tg), key=lambda k: (-abs(to[k] / no - tg[k] / ng), str(k)))
        m.detail = [f"{k}: ours {to[k] / len(ours):.2f}/level, game {tg[k] / len(game):.2f}/level"
                    for k in gaps[:6]]
    return m


# ------------------------------------------------------------------ placement / frames
@dataclass
class Frame:
    """How squares of different samples are lined up: ``absolute`` (same square) or
    the box of one MAP template (``template``), undoing each sample's placement."""

    kind: str
    template: Optional[MapTemplate] = None
    placements_ours: List[Placement] = field(default_factory=list)
    placements_game: List[Placement] = field(default_factory=list)

    def describe(self) -> str:
        if self.kind == "absolute":
            return "whole level, square by square"
        return f"inside {self.template.key} ({self.template.width}x{self.template.height})"


def locate_all(templates: Sequence[MapTemplate], samples: Sequence[Sample]
               ) -> List[Dict[str, Optional[Placement]]]:
    out = []
    for s in samples:
        masks = class_masks(s.typ)
        out.append({t.key: locate(t, masks) for t in templates})
    return out


def placement_measures(templates: Sequence[MapTemplate], loc_o, loc_g) -> List[Measure]:
    out: List[Measure] = []
    several = len(templates) > 1
    for t in templates:
        po = [d[t.key] for d in loc_o]
        pg = [d[t.key] for d in loc_g]
        if not any(po) and not any(pg):
            m = proportion("branches", f"{t.key} laid", [False] * len(po), [False] * len(pg))
            m.detail = ["not found in any sample on either side (the level's later "
                        "statements change it beyond recognition)"]
            out.append(m)
            continue
        if several or not all(po) or not all(pg):
            out.append(proportion("branches", f"{t.key} laid",
                                  [p is not None for p in po], [p is not None for p in pg]))
        fo = [p for p in po if p]
        fg = [p for p in pg if p]
        if fo and fg:
            out.append(numeric("placement", f"{t.key} x", [p.x for p in fo], [p.x for p in fg]))
            out.append(numeric("placement", f"{t.key} y", [p.y for p in fo], [p.y for p in fg]))
            m = categorical("placement", f"{t.key} flip",
                            [Counter([FLIP_NAMES[p.flip]]) for p in fo],
                            [Counter([FLIP_NAMES[p.flip]]) for p in fg])
            if m is not None:
                out.append(m)
    return out


def choose_frame(templates: Sequence[MapTemplate], loc_o, loc_g) -> Frame:
    """The biggest template found in every sample of both sides gives the frame, unless
    it lies at the same place, unflipped, everywhere (then squares line up as they are)."""
    for t in sorted(templates, key=lambda t: -t.nonstone):
        po = [d[t.key] for d in loc_o]
        pg = [d[t.key] for d in loc_g]
        if po and pg and all(po) and all(pg):
            spots = {(p.x, p.y, p.flip) for p in po + pg}
            if len(spots) == 1 and next(iter(spots))[2] == 0:
                return Frame("absolute")
            return Frame("template", t, po, pg)
    return Frame("absolute")


def _framed(frame: Frame, grids: Sequence[bytes], placements: Sequence[Placement]
            ) -> List[Dict[Tuple[int, int], int]]:
    out = []
    if frame.kind == "absolute":
        return [dict(((i // ROWNO, i % ROWNO), v) for i, v in enumerate(g)) for g in grids]
    t = frame.template
    for g, pl in zip(grids, placements):
        cells = {}
        for x in range(pl.x, pl.x + t.width):
            for y in range(pl.y, pl.y + t.height):
                cells[pl.frame(t, x, y)] = g[x * ROWNO + y]
        out.append(cells)
    return out


def _max_hits(n_const: int, n_other: int) -> int:
    """The most squares of the other side that may share the constant side's value
    while the square still counts as made otherwise (Fisher p < :data:`CELL_ALPHA`);
    -1 when these sample sizes can never tell."""
    h = -1
    while h + 1 <= n_other and fisher_exact_p(n_const, 0, h + 1, n_other - h - 1) < CELL_ALPHA:
        h += 1
    return h


def _popcount(v: int) -> int:
    return bin(v).count("1")


def fixed_cells(group: str, name: str, frame: Frame, ours: Sequence[Sequence],
                game: Sequence[Sequence], show=str, seed: int = 0,
                max_perm: int = MAX_PERMUTATIONS // 2, stop_hits: int = 20) -> Measure:
    """Squares one side always makes the same: the other side must make them too.

    A square is *made otherwise* when one side always has value v there and the other
    side has it so rarely that Fisher's exact test on "has v" gives p <
    :data:`CELL_ALPHA` (a square fixed on both sides with different values is the
    extreme case).  How many squares are made otherwise is the statistic, and its
    p-value comes from permuting whole samples between the sides (issue 16): squares
    that are constant in a small sample by chance, and squares that change together
    (one room's lighting, one MAP's placement), are then accounted for exactly, and
    the measure takes part in the level's Holm correction like any other.  Only a
    square where v fills between min(n1, n2) and max(n1, n2) + h of all samples can be
    made otherwise under some permutation, so the others are left out of the loop."""
    fo = _framed(frame, ours, frame.placements_ours)
    fg = _framed(frame, game, frame.placements_game)
    keys = set(fo[0]) if fo else set()
    for d in fo[1:] + fg:
        keys &= set(d)
    n1, n2 = len(fo), len(fg)
    n = n1 + n2
    h1, h2 = _max_hits(n2, n1), _max_hits(n1, n2)     # hits allowed on side 1 / side 2
    lo, hi = min(n1, n2), max(n1 + h2, n2 + h1)
    fixed = 0
    wrong: List[Tuple[int, int]] = []
    values = {}
    candidates: List[List[int]] = []        # per square: masks of the values that may fix
    for k in sorted(keys):
        vo = [d[k] for d in fo]
        vg = [d[k] for d in fg]
        so, sg = len(set(vo)) == 1, len(set(vg)) == 1
        if so or sg:
            fixed += 1
            values[k] = (vo, vg)
            if so and sum(1 for v in vg if v == vo[0]) <= h2:
                wrong.append(k)
            elif sg and sum(1 for v in vo if v == vg[0]) <= h1:
                wrong.append(k)
        masks: Dict[object, int] = {}
        for i, v in enumerate(vo + vg):
            masks[v] = masks.get(v, 0) | (1 << i)
        if len(masks) > 1:
            ms = [m for m in masks.values() if lo <= _popcount(m) <= hi]
            if ms:
                candidates.append(ms)
    observed = len(wrong)
    p: Optional[float] = 1.0
    if observed and n1 and n2:
        rng = random.Random(seed)
        full = (1 << n) - 1
        hits = 0
        p = None
        idx = list(range(n))
        for it in range(1, max_perm + 1):
            ma = 0
            for i in rng.sample(idx, n1):
                ma |= 1 << i
            mb = full ^ ma
            count = 0
            for ms in candidates:
                for m in ms:
                    if (ma & ~m == 0 and _popcount(mb & m) <= h2) or \
                            (mb & ~m == 0 and _popcount(ma & m) <= h1):
                        count += 1
                        break
                if count >= observed:
                    break
            if count >= observed:
                hits += 1
                if hits >= stop_hits:
                    p = hits / it
                    break
        if p is None:
            p = (hits + 1) / (max_perm + 1)
    detail = []
    for k in sorted(wrong)[:12]:
        vo, vg = values[k]
        co, cg = Counter(vo).most_common(2), Counter(vg).most_common(2)
        detail.append(f"({k[0]},{k[1]}): ours " + "/".join(f"{show(v)}x{c}" for v, c in co)
                      + ", game " + "/".join(f"{show(v)}x{c}" for v, c in cg))
    agree = 1.0 - observed / fixed if fixed else 1.0
    m = Measure(group, name, f"fixed squares, permuted ({frame.describe()})",
                f"{fixed} fixed", f"{agree:.2%} agree", observed, p,
                MATCH if p >= ALPHA else DIFFERS, 0)
    m.detail = detail
    if not candidates:
        m.min_p = 1.0       # no permutation can make a square otherwise
    return m


def typ_name(t: int) -> str:
    return T.TERRAIN_NAMES[t] if 0 <= t < len(T.TERRAIN_NAMES) else str(t)


# ------------------------------------------------------------------ one level
NUMERIC_GROUPS = {
    "structure": ("rooms", "lit rooms", "room floor area", "subrooms", "doors", "trapped doors", "up stairs",
                  "down stairs", "up ladder", "down ladder"),
    "population": ("traps", "monsters", "monsters on objects", "objects on floor", "objects buried",
                   "objects in containers", "objects carried", "engravings",
                   "object quantity"),
}
KIND_GROUPS = {
    "terrain": ("wall shapes",),
    "structure": ("room types", "door states"),
    "population": ("trap kinds", "monster kinds", "object classes", "object kinds"),
    # issue 35: what counts cannot see
    "details": ("stack sizes", "enchantments", "curse states", "container contents",
                "inventory contents", "monster sleep", "monster peacefulness",
                "engraving texts", "altar alignments", "stair destinations"),
}


def level_measures(templates: Sequence[MapTemplate], ours: Sequence[Sample],
                   game: Sequence[Sample]) -> Tuple[List[Measure], Frame]:
    """Every measure of one level."""
    out: List[Measure] = []
    loc_o = locate_all(templates, ours)
    loc_g = locate_all(templates, game)
    out += placement_measures(templates, loc_o, loc_g)
    frame = choose_frame(templates, loc_o, loc_g)
    out.append(fixed_cells("terrain", "terrain of fixed squares", frame,
                           [s.typ for s in ours], [s.typ for s in game], typ_name))
    out.append(fixed_cells("terrain", "lighting of fixed squares", frame,
                           [s.lit for s in ours], [s.lit for s in game]))
    out.append(fixed_cells("terrain", "non-diggable fixed squares", frame,
                           [s.nondig for s in ours], [s.nondig for s in game]))
    for key in sorted(k for k in ours[0].numbers if k.startswith("terrain ")):
        a = [s.numbers[key] for s in ours]
        b = [s.numbers[key] for s in game]
        if any(a) or any(b):
            out.append(numeric("terrain", f"{key[8:]} squares", a, b))
    out.append(numeric("terrain", "lit squares", [s.numbers["lit squares"] for s in ours],
                       [s.numbers["lit squares"] for s in game]))
    for group, keys in NUMERIC_GROUPS.items():
        for key in keys:
            a = [s.numbers[key] for s in ours]
            b = [s.numbers[key] for s in game]
            if any(a) or any(b):
                out.append(numeric(group, key, a, b))
    for group, keys in KIND_GROUPS.items():
        for key in keys:
            m = categorical(group, key, [s.kinds[key] for s in ours],
                            [s.kinds[key] for s in game])
            if m is not None:
                out.append(m)
    for flag in sorted(ours[0].flags):
        a = [s.flags[flag] for s in ours]
        b = [s.flags[flag] for s in game]
        if any(a) or any(b):
            out.append(proportion("flags", f"flag {flag}", [bool(v) for v in a],
                                  [bool(v) for v in b], floor=0.0))
    out += position_measures(frame, ours, game)
    holm_correct(out)
    return out, frame


def position_measures(frame, ours: Sequence[Sample], game: Sequence[Sample]) -> list:
    """Every position measure of one level (see :mod:`unlev.tools.compare.position`)."""
    out = []
    po = frame.placements_ours or [None] * len(ours)
    pg = frame.placements_game or [None] * len(game)
    for kind in POSITION_KINDS:
        if not any(s.points.get(kind) for s in ours) and not any(
                s.points.get(kind) for s in game):
            continue
        mo = [places(s, kind, frame, p) for s, p in zip(ours, po)]
        mg = [places(s, kind, frame, p) for s, p in zip(game, pg)]
        for i, what in enumerate(("where", "on terrain", "to stairs")):
            a = [m[i] for m in mo]
            b = [m[i] for m in mg]
            if any(c is None for c in a + b):
                continue
            m = categorical("position", f"{kind} {what}", a, b)
            if m is not None:
                if what == "where":
                    m.test += f" ({frame.describe()})"
                out.append(m)
        m = fixed_cells("position", f"{kind} squares", frame,
                        [occupancy(s, kind) for s in ours],
                        [occupancy(s, kind) for s in game], lambda v: v or "nothing")
        out.append(m)
    return out


def holm_correct(measures: Sequence[Measure]) -> None:
    """Holm's step-down correction over a level's tests: a level has some sixty, so at
    a plain 1 % a few levels in a corpus would differ by chance.  Verdicts are taken
    again on the corrected p (``p_level``): family-wise, a level differs by chance at
    most 1 % of the time.

    Tests that could not be significant whatever the split of the pooled data (both
    sides the same constant, a table whose margins allow no small p) do not count
    (Tarone's refinement for discrete tests: the K tests whose smallest possible p is
    at most ALPHA/K are the family).  Every test here is conditional on the pooled
    data, so leaving those out keeps the family-wise rate, and a level of many
    deterministic measures does not dilute its random ones."""
    tested = [(m.p, i) for i, m in enumerate(measures) if m.p is not None]
    floor_p = {i: (measures[i].min_p or 0.0) for _p, i in tested}
    k = len(tested)
    for kk in range(1, len(tested) + 1):
        if sum(1 for v in floor_p.values() if v <= ALPHA / kk) <= kk:
            k = kk
            break
    family = sorted((p, i) for p, i in tested if floor_p[i] <= ALPHA / k)
    n = len(family)
    running = 0.0
    for rank, (p, i) in enumerate(family):
        running = max(running, min(1.0, (n - rank) * p))
        measures[i].p_level = running
    in_family = {i for _p, i in family}
    for p, i in tested:
        if i not in in_family:      # could never reach ALPHA / k: never significant
            measures[i].p_level = min(1.0, max(p * k, ALPHA))
    for p, i in tested:
        m = measures[i]
        if m.verdict in (DIFFERS, TOLERANCE) and m.p_level >= ALPHA:
            m.verdict = MATCH


def level_verdict(measures: Sequence[Measure]) -> str:
    worst = MATCH
    for m in measures:
        if RANK[m.verdict] > RANK[worst]:
            worst = m.verdict
    return worst
