"""How a regression run is reported: summary table, JUnit XML, JSON and HTML.

Why this module exists: CI systems read JUnit XML, scripts read JSON, people read the
table and the page; all are made from the same job results (jobs.run_job), in job
order.  ``unlev test`` keeps those rows on disk (unlev.tools.harness.rows), not in a
list, so every report here is written from ``rows``, a function giving the rows afresh
for each pass, a row at a time: nothing grows with the number of runs but the table's
rows.  Each report is written to a file as it is made, byte for byte what the former
whole-document writers made (json.dumps of the document, ElementTree's indented
document, the preview page with the document inside); ``junit_xml``, ``json_report``
and ``html_report`` give the same text for a list.

``contiguous``: every (file, level), and every file, is one stretch of the rows (as
``unlev test`` lists them unless a file is named twice); then a level's group or a
file's test suite is finished when the next begins.  Otherwise (a list of any order)
the groups are merged as before, and the rows held while a report is made.
"""

from __future__ import annotations

import io
import json
import os
import uuid
import xml.etree.ElementTree as ET
from collections import OrderedDict
from typing import Callable, Dict, Iterable, Iterator, List, Optional, TextIO

from unlev.tools.harness.jobs import ERROR, FAILED, PASSED, describe_failure

Rows = Callable[[], Iterable[dict]]     # the rows in job order, afresh on each call


def _new_group(r: dict) -> dict:
    return {"file": r["file"], "level": r["level"], "passed": 0, "failed": 0, "errors": 0,
            "failed_seeds": [], "checks": {}, "snapshot": {}, "seconds": 0.0}


def _add(g: dict, r: dict) -> None:
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


def level_groups(results: Iterable[dict], contiguous: bool = False) -> Iterator[dict]:
    """Results grouped by (file, level), in run order; ``contiguous``: each group is
    given as soon as the next begins, none kept."""
    if not contiguous:
        yield from per_level(results).values()
        return
    g: Optional[dict] = None
    for r in results:
        if g is None or (g["file"], g["level"]) != (r["file"], r["level"]):
            if g is not None:
                yield g
            g = _new_group(r)
        _add(g, r)
    if g is not None:
        yield g


def per_level(results: Iterable[dict]) -> "OrderedDict[tuple, dict]":
    """Results grouped by (file, level), in run order."""
    groups: "OrderedDict[tuple, dict]" = OrderedDict()
    for r in results:
        key = (r["file"], r["level"])
        g = groups.get(key)
        if g is None:
            g = groups[key] = _new_group(r)
        _add(g, r)
    return groups


def counts(results: Iterable[dict]) -> Dict[str, int]:
    c = {PASSED: 0, FAILED: 0, ERROR: 0}
    for r in results:
        c[r["outcome"]] += 1
    return c


def _seeds_text(seeds: List[int], limit: int = 6) -> str:
    shown = ",".join(str(s) for s in seeds[:limit])
    return shown + (f",+{len(seeds) - limit}" if len(seeds) > limit else "")


def summary_table(results: Iterable[dict], only_failing: bool = False,
                  contiguous: bool = False):
    from rich.table import Table
    t = Table(title="unlev test", show_lines=False)
    t.add_column("level")
    t.add_column("file")
    t.add_column("passed", justify="right")
    t.add_column("failed", justify="right")
    t.add_column("failing seeds")
    t.add_column("checks broken")
    t.add_column("snapshots")
    for g in level_groups(results, contiguous):
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


# ------------------------------------------------------------------ JUnit XML
# ElementTree's indent() of the whole document, written piece by piece: the
# root's children two spaces in, a suite's four, a case's failure six; each element
# serialized by ElementTree itself (its escaping of text and attributes).
def _open_tag(elem: ET.Element) -> str:
    """``<tag attr="...">`` as ElementTree writes it (a '>' inside a value is escaped,
    so the first one ends the tag)."""
    elem.text = "-"
    text = ET.tostring(elem, encoding="unicode")
    return text[:text.index(">") + 1]


def _test_case(r: dict, classname: str) -> ET.Element:
    case = ET.Element("testcase", classname=classname,
                      name=f"{r['level']}[seed={r['seed']}]", time=f"{r['seconds']:.3f}")
    if r["outcome"] == FAILED:
        checks = sorted({v["check"] for v in r["violations"]})
        if r["snapshot"] in ("changed", "missing"):
            checks.append("snapshot")
        f = ET.SubElement(case, "failure", message="broken: " + ", ".join(checks))
        f.text = describe_failure(r)
    elif r["outcome"] == ERROR:
        e = ET.SubElement(case, "error", message=r["error"].split("\n")[0])
        e.text = r["error"]
    if len(case):
        case.text = "\n      "
        case[-1].tail = "\n    "
    return case


def _by_file(rows: Rows, contiguous: bool) -> Rows:
    """The rows with each file's in one stretch (first appearance order)."""
    if contiguous:
        return rows
    groups: "OrderedDict[str, List[dict]]" = OrderedDict()
    for r in rows():
        groups.setdefault(r["file"], []).append(r)
    return lambda: (r for rs in groups.values() for r in rs)


def write_junit_xml(fh: TextIO, rows: Rows, lint: Optional[Dict[str, list]] = None,
                    contiguous: bool = False) -> None:
    """One testsuite per des-file, one testcase per level and seed."""
    rows = _by_file(rows, contiguous)
    suites: "OrderedDict[str, list]" = OrderedDict()   # file -> [tests, c, seconds]
    for r in rows():
        s = suites.get(r["file"])
        if s is None:
            s = suites[r["file"]] = [0, {PASSED: 0, FAILED: 0, ERROR: 0}, 0]
        s[0] += 1
        s[1][r["outcome"]] += 1
        s[2] += r["seconds"]
    root = ET.Element("testsuites", name="unlev test")
    root.set("tests", str(sum(s[0] for s in suites.values())))
    root.set("failures", str(sum(s[1][FAILED] for s in suites.values())))
    root.set("errors", str(sum(s[1][ERROR] for s in suites.values())))
    if not suites:
        fh.write(ET.tostring(root, encoding="unicode") + "\n")
        return
    fh.write(_open_tag(root))
    path: Optional[str] = None
    pending: Optional[ET.Element] = None     # written when the next comes: its tail

    def flush(tail: str) -> None:
        fh.write(ET.tostring(pending, encoding="unicode") + tail)

    def close_suite() -> None:
        nonlocal pending
        extra = lint.get(path) if lint else None
        if extra:
            flush("\n    ")
            pending = ET.Element("system-out")
            pending.text = "\n".join(extra)
        flush("\n  ")                        # the suite's last child: dedented
        pending = None
        fh.write("</testsuite>")

    for r in rows():
        if r["file"] != path:
            if path is not None:
                close_suite()
            path = r["file"]
            tests, c, seconds = suites[path]
            suite = ET.Element("testsuite", name=path, tests=str(tests),
                               failures=str(c[FAILED]), errors=str(c[ERROR]),
                               time=f"{seconds:.3f}")
            fh.write("\n  " + _open_tag(suite) + "\n    ")
            classname = os.path.basename(path)
        else:
            flush("\n    ")
        pending = _test_case(r, classname)
    close_suite()
    fh.write("\n</testsuites>\n")


def junit_xml(results: List[dict], lint: Dict[str, list] = None) -> str:
    """One testsuite per des-file, one testcase per level and seed."""
    buf = io.StringIO()
    write_junit_xml(buf, lambda: results, lint)
    return buf.getvalue()


# ------------------------------------------------------------------ JSON
def _json_member(key: str, value, last: bool = False) -> str:
    """``"key": value`` as json.dumps(indent=1) writes it one level in."""
    text = json.dumps({key: value}, indent=1)
    return text[2:-2] + ("\n" if last else ",\n")


def _json_list(fh: TextIO, key: str, items: Iterable) -> None:
    """A long list member, an item at a time (the items two levels in)."""
    fh.write(f" {json.dumps(key)}: [")
    first = True
    for item in items:
        fh.write(("\n  " if first else ",\n  ")
                 + json.dumps(item, indent=1).replace("\n", "\n  "))
        first = False
    fh.write("]" if first else "\n ]")
    fh.write(",\n")


def write_json_report(fh: TextIO, rows: Rows, seconds: float, seeds: List[int],
                      lint: Optional[Dict[str, list]] = None,
                      contiguous: bool = False) -> None:
    if not contiguous:
        held = list(rows())
        rows = lambda: held          # noqa: E731 - the groups merge over the list
    c = counts(rows())
    fh.write("{\n")
    for key, value in (("format", "unlev-test-report"), ("version", 1), ("seeds", seeds),
                       ("seconds", round(seconds, 3)), ("passed", c[PASSED]),
                       ("failed", c[FAILED]), ("errors", c[ERROR])):
        fh.write(_json_member(key, value))
    _json_list(fh, "levels", (dict(g, seconds=round(g["seconds"], 3))
                              for g in level_groups(rows(), contiguous)))
    _json_list(fh, "results", rows())
    fh.write(_json_member("lint", lint or {}, last=True))
    fh.write("}\n")


def json_report(results: List[dict], seconds: float, seeds: List[int],
                lint: Dict[str, list] = None) -> str:
    buf = io.StringIO()
    write_json_report(buf, lambda: results, seconds, seeds, lint)
    return buf.getvalue()


# ------------------------------------------------------------------ HTML
_HTML_KEEP = ("file", "level", "seed", "outcome", "violations", "skipped", "snapshot",
              "diff", "diff_summary", "error", "map", "old_map")


def _script_json(value) -> str:
    """A value as the preview page's boot JSON writes it (unlev.output.preview)."""
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            .replace("</", "<\\/").replace("<!--", "<\\!--"))


def write_html_report(fh: TextIO, rows: Rows, seconds: float, seeds: List[int],
                      lint: Optional[Dict[str, list]] = None) -> None:
    """The report as a page (the preview page in its ``report`` mode): every level's
    runs, and for each failure its details with the level drawn (the squares an
    invariant names marked) or, for a changed snapshot, the stored and the new level
    side by side with the changed squares marked.  The page is made around a marker
    in place of the results, which are then written a row at a time."""
    from unlev.output.preview import page_html
    c = counts(rows())
    marker = f"unlev-results-{uuid.uuid4().hex}"
    doc = {"mode": "report", "title": "unlev test report",
           "seeds": seeds, "seconds": round(seconds, 3),
           "passed": c[PASSED], "failed": c[FAILED], "errors": c[ERROR],
           "results": marker, "lint": lint or {}}
    page = page_html(doc, title="unlev test report")
    before, sep, after = page.partition(_script_json(marker))
    if not sep or sep in after:
        raise RuntimeError("the report page does not hold its results marker once")
    fh.write(before + "[")
    first = True
    for r in rows():
        fh.write(("" if first else ",") + _script_json({k: r.get(k) for k in _HTML_KEEP}))
        first = False
    fh.write("]" + after)


def html_report(results: List[dict], seconds: float, seeds: List[int],
                lint: Dict[str, list] = None) -> str:
    buf = io.StringIO()
    write_html_report(buf, lambda: results, seconds, seeds, lint)
    return buf.getvalue()
