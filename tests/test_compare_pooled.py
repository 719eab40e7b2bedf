"""The pooled test over levels (issue 35): a small effect the same way on many levels is
reported, though no level shows it alone; and chance alone does not make it fire."""

import math
import random

from unlev.tools.compare.command import LevelResult, Report
from unlev.tools.compare.measures import DIFFERS, MATCH, holm_correct, numeric, proportion
from unlev.tools.compare.pooled import chi2_sf_even, pool, pooled_measures, pooled_name

N = 10      # the game-reference's seeds per level


def _levels(shift: float, n_levels: int = 60, seed: int = 4):
    """Per level a count measure (``shifted``: the game's values ``shift`` higher on
    average, about a third of their spread: Cliff's delta near 0.2) and a
    yes/no measure that is the same on both sides, Holm-corrected as compare does."""
    rng = random.Random(seed)
    out = []
    for _ in range(n_levels):
        base = rng.randint(4, 30)
        ours = [base + rng.randint(0, 10) for _ in range(N)]
        game = [base + rng.randint(0, 10) + (1 if rng.random() < shift else 0)
                for _ in range(N)]
        same_o = [rng.random() < 0.4 for _ in range(N)]
        same_g = [rng.random() < 0.4 for _ in range(N)]
        ms = [numeric("population", "shifted", ours, game),
              proportion("flags", "same", same_o, same_g)]
        holm_correct(ms)
        out.append(ms)
    return out


def test_a_small_systematic_shift_is_caught_pooled_but_on_no_level():
    levels = _levels(shift=1.0)
    assert not any(m.verdict == DIFFERS for ms in levels for m in ms)
    by = {p.name: p for p in pooled_measures(levels)}
    shifted = by["shifted"]
    assert shifted.verdict == DIFFERS and shifted.p_all < 1e-3, shifted.describe()
    assert shifted.statistic < 0 and shifted.down > shifted.up    # the game's larger
    assert shifted.flagged == 0 and shifted.levels == 60
    assert by["same"].verdict == MATCH


def test_no_shift_no_pooled_alarm_in_forty_tries():
    fired = 0
    for seed in range(40):
        fired += any(p.verdict == DIFFERS for p in pooled_measures(_levels(0.0, seed=seed)))
    assert fired <= 1       # family-wise 1 %: 0.4 expected in 40 tries


def test_stouffer_needs_the_levels_to_lean_the_same_way():
    """The same per-level p-values add up when the levels lean one way and cancel when
    half lean each way."""
    ps = [m.p for level in _levels(1.0) for m in level if m.name == "shifted"]

    def measures(sign):
        out = []
        for i, p in enumerate(ps):
            m = numeric("population", "shifted", [0, 1], [0, 1])
            m.p, m.direction, m.residuals = p, sign(i), None   # independent levels
            out.append(m)
        return out
    one_way = pool("shifted", measures(lambda i: -1))
    both = pool("shifted", measures(lambda i: -1 if i % 2 else 1))
    assert one_way.p < 1e-6 and one_way.down == 60
    assert both.p > 0.01 and both.up == both.down == 30


def test_fishers_combination_for_mixes_and_levels_that_cannot_tell_are_left_out():
    from unlev.tools.compare.measures import Measure
    mix = [Measure("p", "kinds", "permutation", "-", "-", 0.1, 0.04, MATCH, min_p=None)
           for _ in range(10)]
    silent = [Measure("p", "kinds", "exact", "-", "-", 0.0, 1.0, MATCH, min_p=1.0)
              for _ in range(30)]
    r = pool("kinds", mix + silent)
    assert r.test == "Fisher's combination" and r.levels == 10
    x = -20 * math.log(0.04)
    assert abs(r.statistic - x) < 1e-9 and abs(r.p - chi2_sf_even(x, 20)) < 1e-12
    assert r.p < 1e-5
    assert pool("kinds", mix[:2]) is None          # too few levels to pool


def test_chi_square_tail_in_closed_form():
    # df 2: exp(-x/2); df 4: exp(-x/2)(1 + x/2)
    assert abs(chi2_sf_even(3.0, 2) - math.exp(-1.5)) < 1e-12
    assert abs(chi2_sf_even(3.0, 4) - math.exp(-1.5) * 2.5) < 1e-12
    assert chi2_sf_even(0.0, 10) == 1.0
    assert 0.0 <= chi2_sf_even(5000.0, 400) < 1e-100


def test_map_placements_pool_under_one_name():
    assert pooled_name("MAP@3 x") == "MAP@* x" and pooled_name("monsters") == "monsters"


def test_the_report_summary_counts_pooled_differences():
    levels = _levels(1.0)
    rep = Report("ref", N, [LevelResult(f"lv{i}", "f.des", N, N, measures=ms)
                            for i, ms in enumerate(levels)])
    assert rep.counts()[DIFFERS] == 0
    line = rep.summary_line()
    assert line.startswith("60 levels match, 0 differ")
    assert line.endswith("pooled over the levels, 1 of 2 measures differ")
    d = rep.to_dict()
    assert [p["name"] for p in d["pooled"] if p["verdict"] == DIFFERS] == ["shifted"]


def test_the_printed_report_shows_the_pooled_table_and_the_rate_chance_gives():
    import io
    from rich.console import Console
    from unlev.tools.compare.report import print_report
    rep = Report("ref", N, [LevelResult(f"lv{i}", "f.des", N, N, measures=ms)
                            for i, ms in enumerate(_levels(1.0))])
    buf = io.StringIO()
    print_report(rep, console=Console(file=buf, width=200, highlight=False))
    text = buf.getvalue()
    assert "pooled over the levels (measures that differ)" in text
    row = next(line for line in text.splitlines() if "shifted" in line and "Stouffer" in line)
    assert "differs" in row and "60" in row
    assert "By chance alone at most 1% of the levels differ (0.6 of 60 expected)" in text


def _shared_seed_levels(seed: int, n_levels: int = 60, share: float = 0.5):
    """Levels whose runs of one seed index move together (``share`` of the variance is
    the seed's, on each side its own): what unlev's seed s on every level, and the
    game's level seeds shared by levels at one place, make."""
    rng = random.Random(seed)
    so = [rng.gauss(0, 1) for _ in range(N)]
    sg = [rng.gauss(0, 1) for _ in range(N)]
    a, b = share ** 0.5, (1 - share) ** 0.5
    out = []
    for _ in range(n_levels):
        ours = [round(10 + 3 * (a * so[i] + b * rng.gauss(0, 1)), 1) for i in range(N)]
        game = [round(10 + 3 * (a * sg[i] + b * rng.gauss(0, 1)), 1) for i in range(N)]
        ms = [numeric("population", "correlated", ours, game)]
        holm_correct(ms)
        out.append(ms)
    return out


def test_levels_that_move_together_under_one_seed_are_not_a_pooled_alarm():
    """Without the design effect, Stouffer takes 60 correlated levels for 60 witnesses
    and fires on most runs; with it, at the rate it states."""
    from unlev.tools.compare.pooled import design_effect
    fired = naive = 0
    for seed in range(40):
        levels = _shared_seed_levels(seed)
        r = pool("correlated", [ms[0] for ms in levels])
        fired += r.p < 0.01
        assert r.inflation == design_effect([ms[0] for ms in levels]) and r.inflation > 5
        for ms in levels:
            ms[0].residuals = None
        naive += pool("correlated", [ms[0] for ms in levels]).p < 0.01
    assert naive >= 15
    assert fired <= 2
