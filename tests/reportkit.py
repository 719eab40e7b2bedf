"""The reports of ``unlev test`` as they were made before issue 29 (a list of every
result row, each report made whole): the oracle the streamed reports are compared
with, byte for byte (tests/test_harness_stream.py).  Kept as it was; do not "fix" it
to follow the new code.
"""

from __future__ import annotations

import io
import json
import os
import xml.etree.ElementTree as ET
from collections import OrderedDict
from typing import Dict, List

from rich.console import Console

from unlev.output.words import count
from unlev.tools.harness.jobs import ERROR, FAILED, PASSED, describe_failure

def per_level(results: List[dict]) -> "OrderedDict[tuple, dict]":
    """Results grouped by (file, level), in run order."""
    groups: "OrderedDict[tuple, dict]" = OrderedDict()
    for r in results:
        g = groups.setdefault((r["file"], r["level"]), {
            "file": r["file"], "level": r["level"], "passed": 0, "failed": 0, "errors": 0,
            "failed_seeds": [], "checks": {}, "snapshot": {}, "seconds": 0.0})
        if r["outcome"] == PASSED:
            g["passed"] += 1
        elif r["outcome"] == FAILED:
            g["failed"] += 1
            g["failed_seeds"].append(r["seed"])
        else:
            g["errors"] += 1
            g["failed_seeds"].append(r["seed"])
        for v in r["violations"]:
            g["checks"][v["check"]] = g["checks"].get(v["check"], 0) + 1
        if r["snapshot"]:
            g["snapshot"][r["snapshot"]] = g["snapshot"].get(r["snapshot"], 0) + 1
        g["seconds"] += r["seconds"]
    return groups


def counts(results: List[dict]) -> Dict[str, int]:
    c = {PASSED: 0, FAILED: 0, ERROR: 0}
    for r in results:
        c[r["outcome"]] += 1
    return c


def _seeds_text(seeds: List[int], limit: int = 6) -> str:
    shown = ",".join(str(s) for s in seeds[:limit])
    return shown + (f",+{len(seeds) - limit}" if len(seeds) > limit else "")


def summary_table(results: List[dict], only_failing: bool = False):
    from rich.table import Table
    t = Table(title="unlev test", show_lines=False)
    t.add_column("level")
    t.add_column("file")
    t.add_column("passed", justify="right")
    t.add_column("failed", justify="right")
    t.add_column("failing seeds")
    t.add_column("checks broken")
    t.add_column("snapshots")
    for g in per_level(results).values():
        bad = g["failed"] + g["errors"]
        if only_failing and not bad:
            continue
        checks = ", ".join(f"{k}×{v}" for k, v in sorted(g["checks"].items()))
        if g["errors"]:
            checks = (checks + ", " if checks else "") + f"error×{g['errors']}"
        snaps = ", ".join(f"{k} {v}" for k, v in sorted(g["snapshot"].items()))
        style = "red" if bad else None
        t.add_row(g["level"], os.path.basename(g["file"]), str(g["passed"]),
                  str(bad), _seeds_text(g["failed_seeds"]), checks, snaps, style=style)
    return t


def _added(values) -> float:
    """The values added one after the other, as ``sum()`` did when this code was the
    command's: from Python 3.12 on ``sum()`` of floats compensates its rounding, and a
    suite's time could then differ from the command's running total in the last
    printed digit (0.015 against 0.016)."""
    total = 0
    for v in values:
        total += v
    return total


def junit_xml(results: List[dict], lint: Dict[str, list] = None) -> str:
    """One testsuite per des-file, one testcase per level and seed."""
    root = ET.Element("testsuites", name="unlev test")
    by_file: "OrderedDict[str, List[dict]]" = OrderedDict()
    for r in results:
        by_file.setdefault(r["file"], []).append(r)
    tot = counts(results)
    root.set("tests", str(len(results)))
    root.set("failures", str(tot[FAILED]))
    root.set("errors", str(tot[ERROR]))
    for path, rs in by_file.items():
        c = counts(rs)
        suite = ET.SubElement(root, "testsuite", name=path, tests=str(len(rs)),
                              failures=str(c[FAILED]), errors=str(c[ERROR]),
                              time=f"{_added(r['seconds'] for r in rs):.3f}")
        for r in rs:
            case = ET.SubElement(suite, "testcase", classname=os.path.basename(path),
                                 name=f"{r['level']}[seed={r['seed']}]",
                                 time=f"{r['seconds']:.3f}")
            if r["outcome"] == FAILED:
                checks = sorted({v["check"] for v in r["violations"]})
                if r["snapshot"] in ("changed", "missing"):
                    checks.append("snapshot")
                f = ET.SubElement(case, "failure", message="broken: " + ", ".join(checks))
                f.text = describe_failure(r)
            elif r["outcome"] == ERROR:
                e = ET.SubElement(case, "error", message=r["error"].split("\n")[0])
                e.text = r["error"]
        if lint and lint.get(path):
            out = ET.SubElement(suite, "system-out")
            out.text = "\n".join(lint[path])
    ET.indent(root) if hasattr(ET, "indent") else None
    return ET.tostring(root, encoding="unicode") + "\n"


def json_report(results: List[dict], seconds: float, seeds: List[int],
                lint: Dict[str, list] = None) -> str:
    c = counts(results)
    doc = {
        "format": "unlev-test-report", "version": 1,
        "seeds": seeds, "seconds": round(seconds, 3),
        "passed": c[PASSED], "failed": c[FAILED], "errors": c[ERROR],
        "levels": [dict(g, seconds=round(g["seconds"], 3)) for g in per_level(results).values()],
        "results": results,
        "lint": lint or {},
    }
    return json.dumps(doc, indent=1, sort_keys=False) + "\n"


def html_report(results: List[dict], seconds: float, seeds: List[int],
                lint: Dict[str, list] = None) -> str:
    """The report as a page (the preview page in its ``report`` mode): every level's
    runs, and for each failure its details with the level drawn (the squares an
    invariant names marked) or, for a changed snapshot, the stored and the new level
    side by side with the changed squares marked."""
    from unlev.output.preview import page_html
    c = counts(results)
    keep = ("file", "level", "seed", "outcome", "violations", "skipped", "snapshot",
            "diff", "diff_summary", "error", "map", "old_map")
    doc = {"mode": "report", "title": "unlev test report",
           "seeds": seeds, "seconds": round(seconds, 3),
           "passed": c[PASSED], "failed": c[FAILED], "errors": c[ERROR],
           "results": [{k: r.get(k) for k in keep} for r in results],
           "lint": lint or {}}
    return page_html(doc, title="unlev test report")


def terminal(results: List[dict], lint_text: Dict[str, List[str]], lint_count: int,
             seconds: float, seeds: List[int], *, quiet=False, lint="warn", update=False,
             snapshots=None, table="auto") -> str:
    """What the old ``_report`` printed on standard output (a console 160 wide, as
    ``unlev test`` has when its output is not a terminal)."""
    buf = io.StringIO()
    out = Console(file=buf, highlight=False, width=160, soft_wrap=False)
    for msgs in ([] if quiet and lint != "error" else lint_text.values()):
        for m in msgs:
            out.print(m, markup=False)
    bad = [r for r in results if r["outcome"] != PASSED]
    shown: Dict[tuple, int] = {}
    for r in bad:
        head = "ERROR" if r["outcome"] == ERROR else "FAIL"
        text = describe_failure(r)
        same = (r["file"], r["level"], r["snapshot"], r["diff"]) \
            if r["snapshot"] == "changed" and not r["violations"] and not r["error"] else None
        if same is not None and same in shown:
            out.print(f"[bold red]{head}[/] {r['level']} seed {r['seed']}: the same "
                      f"snapshot difference as seed {shown[same]}")
            continue
        if same is not None:
            shown[same] = r["seed"]
        out.print(f"\n[bold red]{head}[/] {r['level']} seed {r['seed']} "
                  f"({os.path.basename(r['file'])})")
        for line in text.split("\n"):
            out.print("  " + line, markup=False)
    created = [r for r in results if r["snapshot"] == "created"]
    updated = [r for r in results if r["snapshot"] == "updated"]
    for r in updated:
        out.print(f"updated {r['level']} seed {r['seed']}: {r['diff_summary']}", markup=False)
    if created:
        out.print(f"created {len(created)} snapshot{'s' if len(created) != 1 else ''} "
                  f"in {snapshots}", markup=False)
    if update and not updated:
        out.print("no snapshot changed", markup=False)
    levels = {(r["file"], r["level"]) for r in results}
    mode = table
    if mode == "auto":
        mode = "all" if len(levels) <= 40 else "failing"
    if mode == "all" or bad:
        out.print()
        out.print(summary_table(results, only_failing=(mode == "failing")))
        if mode == "failing" and len(levels) > 40:
            out.print(f"({len(levels)} levels run; only failing ones listed: --table all "
                      "lists every one)", markup=False)
    c = counts(results)
    failed = c[FAILED] + c[ERROR]
    lint_part = f", {count(lint_count, 'lint warnings')}" if lint_count else ""
    out.print(f"{c[PASSED]} passed, {failed} failed{lint_part}", markup=False)
    out.print(f"{count(len(results), 'runs')} ({count(len(levels), 'levels')} x "
              f"{count(len(seeds), 'seeds')}) in "
              f"{seconds:.1f} s", markup=False)
    return buf.getvalue()
