"""The report of ``unlev compare`` as rich tables (the JSON form is Report.to_dict)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from unlev.tools.compare.measures import DIFFERS, KNOWN, MATCH, TOLERANCE

STYLE = {MATCH: "green", TOLERANCE: "yellow", KNOWN: "cyan", DIFFERS: "bold red"}
WORD = {MATCH: "match", TOLERANCE: "within tolerance", KNOWN: "differs (known)",
        DIFFERS: "differs"}


def _p(p) -> str:
    return "-" if p is None else (f"{p:.2g}" if p >= 0.001 else "<0.001")


def _verdict(v: str) -> str:
    return f"[{STYLE[v]}]{WORD[v]}[/]"


def print_report(report, details: bool = False, worst: int = 25, console=None) -> None:
    if console is None:
        import sys
        console = Console(highlight=False, width=None if sys.stdout.isatty() else 200)
    con = console
    levels = Table(title=f"unlev vs the game: {len(report.results)} levels, "
                   f"{report.seeds} seeds of ours each", show_lines=False)
    for col in ("level", "verdict", "match", "tol.", "known", "differs", "worst measure"):
        levels.add_column(col)
    for r in report.results:
        counts = {v: 0 for v in STYLE}
        for m in r.measures:
            counts[m.verdict] += 1
        bad = [m for m in r.measures if m.verdict in (DIFFERS, KNOWN)]
        bad.sort(key=lambda m: (m.verdict != DIFFERS, m.p if m.p is not None else 0))
        note = r.error or (f"{bad[0].name}: ours {bad[0].ours}, game {bad[0].game}"
                           if bad else "")
        levels.add_row(r.level, _verdict(r.verdict), str(counts[MATCH]),
                       str(counts[TOLERANCE]), str(counts[KNOWN]), str(counts[DIFFERS]),
                       note[:70])
    con.print(levels)
    if details:
        for r in report.results:
            t = Table(title=f"{r.level} ({r.frame})")
            for col in ("group", "measure", "ours", "game", "test", "p", "p (level)",
                        "verdict"):
                t.add_column(col)
            for m in r.measures:
                t.add_row(m.group, m.name, str(m.ours), str(m.game), m.test, _p(m.p),
                          _p(m.p_level), _verdict(m.verdict))
            con.print(t)
    rows = report.worst(worst)
    if rows:
        t = Table(title=f"worst differences (top {len(rows)})")
        for col in ("level", "measure", "ours", "game", "test", "p (level)", "verdict",
                    "why / where"):
            t.add_column(col)
        for r, m in rows:
            why = m.reason or "; ".join(m.detail[:2])
            t.add_row(r.level, m.name, str(m.ours)[:40], str(m.game)[:40], m.test[:24],
                      _p(m.p_level if m.p_level is not None else m.p), _verdict(m.verdict),
                      why[:90])
        con.print(t)
    pooled = [p for p in report.pooled() if details or p.verdict == DIFFERS]
    if pooled:
        t = Table(title="pooled over the levels (measures that differ)" if not details
                  else "pooled over the levels")
        for col in ("measure", "test", "levels", "ours larger/smaller", "statistic",
                    "p (all)", "verdict", "differs alone on"):
            t.add_column(col)
        for p in pooled:
            stouffer = p.test.startswith("Stouffer")
            t.add_row(p.name, p.test, str(p.levels), f"{p.up}/{p.down}" if stouffer else "-",
                      f"Z {p.statistic:+.1f}" if stouffer else f"{p.statistic:.0f}",
                      _p(p.p_all), _verdict(p.verdict), str(p.flagged))
        con.print(t)
    con.print(report.summary_line())
    n = len(report.results)
    if n > 1:
        from unlev.tools.compare.measures import ALPHA
        con.print(f"By chance alone at most {ALPHA:.0%} of the levels differ ({ALPHA * n:.2g} "
                  f"of {n} expected) and the pooled table differs {ALPHA:.0%} of the time "
                  "(unlev against itself: docs/notes/issue-35-calibration.md)")
