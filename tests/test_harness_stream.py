"""``unlev test`` in constant memory (issue 29): the result rows go to a file as they
come and every output is written from it a row at a time -- byte for byte what the
old list-based reports made (tests/reportkit.py, the old code kept as the oracle), in
the same order, whatever order the workers finish in; and no row is held in memory
once its batch is stored."""

from __future__ import annotations

import gc
import io
import json
import random
import tracemalloc
import types

import pytest
from rich.console import Console

import reportkit
from test_harness import LEVELS as HARNESS_LEVELS
from tiers import quick_subset
from unlev.cli import main
from unlev.tools.harness import command, report
from unlev.tools.harness.jobs import ERROR, FAILED, PASSED, LevelRef, Settings, \
    list_jobs, run_job
from unlev.tools.harness.rows import SEEDS_PER_BATCH, RunRows

# ------------------------------------------------------------------ made-up rows
NASTY = ['plain', 'quote " and <tag> & amp', "</script><!-- x -->", "tab\there\rcr",
         "é ✓ 中", "two\nlines\n", "", "  "]


def made_up_row(rnd: random.Random, path: str, level: str, seed: int) -> dict:
    outcome = rnd.choice([PASSED, PASSED, FAILED, ERROR])
    r = {"file": path, "level": level, "seed": seed, "outcome": outcome,
         "violations": [], "skipped": sorted(rnd.sample(["doors", "maze", "lint"], 1)),
         "snapshot": rnd.choice([None, "created", "match", "updated", "changed",
                                 "missing"]),
         "diff": rnd.choice(NASTY), "diff_summary": rnd.choice(NASTY), "error": "",
         "seconds": round(rnd.random() * 3, 4)}
    if outcome == FAILED:
        for _ in range(rnd.randint(0, 3)):
            r["violations"].append({"check": rnd.choice(["reachable", "embedded", "stairs"]),
                                    "message": rnd.choice(NASTY),
                                    "at": rnd.choice([None, [3, 4]])})
        r["map"] = "-----\n|.<.|\n-----\n"
        if rnd.random() < 0.5:
            r["marked_map"], r["command"] = "  X", f"unlev test {path} --seeds {seed}"
            r["old_map"] = "<script>"
    elif outcome == ERROR:
        r["error"] = rnd.choice(NASTY[:6]) + "\nsecond line"
    return r


def made_up_run(seed: int, contiguous: bool):
    rnd = random.Random(seed)
    files = ["a/one.des", "b/two & <three>.des", "four.des"]
    rows = []
    for f in files:
        for lv in range(rnd.randint(1, 4)):
            for s in range(1, rnd.randint(1, 5)):
                rows.append(made_up_row(rnd, f, f"lv{lv}{NASTY[lv % 3]}", s))
    if not contiguous:
        rnd.shuffle(rows)
    lint = {"a/one.des": ["a/one.des:1:1: warning: <x> & \"y\" [code]"], "four.des": [],
            "nowhere.des": ["not a file of the run"]}
    return rows, lint


def table_text(table) -> str:
    buf = io.StringIO()
    Console(file=buf, width=160, highlight=False).print(table)
    return buf.getvalue()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("contiguous", [True, False])
def test_streamed_reports_are_the_old_reports_byte_for_byte(seed, contiguous):
    rows, lint = made_up_run(seed, contiguous)
    secs = 12.34567 + seed
    seeds = [1, 2, 3]

    def streamed(writer, *a):
        buf = io.StringIO()
        writer(buf, lambda: iter(rows), *a)
        return buf.getvalue()

    old_xml = reportkit.junit_xml(rows, lint)
    old_json = reportkit.json_report(rows, secs, seeds, lint)
    old_html = reportkit.html_report(rows, secs, seeds, lint)
    # the list forms (any order) and, for rows in stretches, the streamed ones
    assert report.junit_xml(rows, lint) == old_xml
    assert report.json_report(rows, secs, seeds, lint) == old_json
    assert report.html_report(rows, secs, seeds, lint) == old_html
    if contiguous:
        assert streamed(report.write_junit_xml, lint, True) == old_xml
        assert streamed(report.write_json_report, secs, seeds, lint, True) == old_json
        assert streamed(report.write_html_report, secs, seeds, lint) == old_html
    json.loads(old_json)
    for only in (False, True):
        assert table_text(report.summary_table(iter(rows), only, contiguous)) == \
            table_text(reportkit.summary_table(rows, only))


def test_reports_of_no_rows_are_the_old_ones():
    for lint in ({}, {"x.des": ["w"]}):
        assert report.junit_xml([], lint) == reportkit.junit_xml([], lint)
        assert report.json_report([], 0.0, [1], lint) == reportkit.json_report([], 0.0, [1], lint)
        assert report.html_report([], 0.0, [1], lint) == reportkit.html_report([], 0.0, [1], lint)


# ------------------------------------------------------------------ the row file
def test_rows_come_back_in_job_order_whatever_order_they_were_stored_in():
    seeds = list(range(1, 2 * SEEDS_PER_BATCH + 8))     # three batches per level
    rnd = random.Random(5)
    with RunRows(seeds) as run:
        run.add_failed_file({"file": "bad.des", "level": "(compile)", "seed": 0,
                             "outcome": ERROR, "snapshot": None})
        refs = [LevelRef("a.des", f"l{i}", i, f"l{i}") for i in range(3)] + \
            [LevelRef("b.des", "m", 0, "m")]
        for ref in refs:
            run.add_level(ref)
        run.planned()
        assert run.contiguous and run.level_count == 5
        assert run.job_count == 4 * len(seeds)
        order = list(range(len(run.batches)))
        rnd.shuffle(order)
        for b in order:
            lv, chunk = run.batches[b]
            run.put(b, [{"file": ref.path, "level": ref.label, "seed": s, "outcome": PASSED,
                         "snapshot": None} for ref in lv for s in chunk])
        expected = [("bad.des", "(compile)", 0)] + [(r.path, r.label, s) for r in refs
                                                    for s in seeds]
        for _ in range(2):      # read as often as asked
            assert [(r["file"], r["level"], r["seed"]) for r in run.rows()] == expected
        assert run.tally()["runs"] == len(expected)


def test_a_file_named_twice_reads_as_the_old_merge_had_it():
    """The old command kept ``{job: row}``: a job run twice (its file named twice)
    showed its last run at both places; the groups and suites merge."""
    with RunRows([1, 2]) as run:
        ref = LevelRef("a.des", "x", 0, "x")
        run.add_level(ref)
        run.add_level(LevelRef("b.des", "y", 0, "y"))
        run.add_level(ref)
        run.planned()
        assert not run.contiguous and run.level_count == 2
        (lv, chunk), (lv_b, _c) = run.batches
        assert lv == [ref, ref]         # both runs of a.des:x in one batch, as before
        run.put(0, [{"file": "a.des", "level": "x", "seed": s, "run": n,
                     "outcome": PASSED, "snapshot": None} for n in (1, 2) for s in chunk])
        run.put(1, [{"file": "b.des", "level": "y", "seed": s, "run": 1,
                     "outcome": PASSED, "snapshot": None} for s in chunk])
        assert [(r["file"], r["seed"], r["run"]) for r in run.rows()] == [
            ("a.des", 1, 2), ("a.des", 2, 2), ("b.des", 1, 1), ("b.des", 2, 1),
            ("a.des", 1, 2), ("a.des", 2, 2)]


def test_a_batch_that_never_came_is_not_read_as_empty():
    with RunRows([1]) as run:
        run.add_level(LevelRef("a.des", "x", 0, "x"))
        run.planned()
        with pytest.raises(LookupError):
            list(run.rows())


# ------------------------------------------------------------------ end to end
# test_harness's two levels, the down stair of the first at (9,3) instead of (7,3)
LEVELS = HARNESS_LEVELS.replace("STAIR:(7,3),down", "STAIR:(9,3),down")
assert LEVELS != HARNESS_LEVELS


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "two.des").write_text(LEVELS)     # a lint finding, a failure
    (tmp_path / "levels" / "bad.des").write_text('LEVEL: "bad"\nSTAIR: (1,1), sideways\n')
    many = "".join(f'LEVEL: "m{i}"\nINIT_MAP: solidfill, \' \'\nGEOMETRY:center,center\n'
                   "MAP\n---\n|.|\n---\nENDMAP\n" for i in range(45))
    (tmp_path / "many.des").write_text(many)
    # the command's clock stands still: its "in N s" is 0.0 in old and new alike
    monkeypatch.setattr(command, "time", types.SimpleNamespace(perf_counter=lambda: 0.0))
    return tmp_path


REPORTS = ["--junit-xml", "r/j.xml", "--json-report", "r/r.json", "--html", "r/p.html"]


def same_as_old(capsys, project, argv, lint_times=1, **terminal):
    """Run ``unlev test ARGV`` with every report; the rows it ran (from its JSON
    report) given to the old code make the same standard output and report files."""
    code = main(["test", *argv, *REPORTS, "--no-progress"])
    out, _err = capsys.readouterr()
    doc = json.loads((project / "r" / "r.json").read_text())
    rows, seeds, lint = doc["results"], doc["seeds"], doc["lint"]
    lint_count = lint_times * sum(len(m) for m in lint.values())   # counted per listing
    assert out == reportkit.terminal(rows, lint, lint_count, 0.0, seeds, **terminal)
    assert (project / "r" / "j.xml").read_text() == reportkit.junit_xml(rows, lint)
    assert (project / "r" / "r.json").read_text() == \
        reportkit.json_report(rows, 0.0, seeds, lint)
    assert (project / "r" / "p.html").read_text() == \
        reportkit.html_report(rows, 0.0, seeds, lint)
    return code, out, rows


# the quick tier (the default run) runs it in one process, the full tier (--full) in two
# worker processes as well
@pytest.mark.parametrize("jobs", quick_subset(["1", "2"], {0}))
def test_the_command_prints_and_writes_what_the_old_code_did(project, capsys, jobs):
    code, out, rows = same_as_old(capsys, project, ["levels", "many.des", "--seeds", "1..3",
                                                    "-j", jobs])
    assert code == 1 and "FAIL pond seed 2" in out and "(compile)" in out
    assert "[outside-map]" in out and "(48 levels run; only failing" in out
    # the rows are the runs' own, in job order (one level, the seeds in order, ...)
    settings = Settings()
    expected = [run_job(j, settings) for f in ("levels/two.des", "many.des")
                for j in list_jobs(f, [1, 2, 3], settings)]
    got = [r for r in rows if r["level"] != "(compile)"]
    assert [dict(r, seconds=0) for r in got] == [dict(r, seconds=0) for r in expected]
    same_as_old(capsys, project, ["levels", "--seeds", "1", "--table", "all", "-q",
                                  "--lint", "error", "-j", jobs], quiet=True, lint="error",
                table="all")


def test_snapshots_created_changed_and_updated_as_before(project, capsys):
    snap = ["levels", "--seeds", "1..3", "--snapshots", "snaps", "--lint", "off"]
    _c, out, _r = same_as_old(capsys, project, snap + ["-j", "2"], lint="off",
                              snapshots="snaps")
    assert "created 6 snapshots in snaps" in out
    des = project / "levels" / "two.des"
    des.write_text(LEVELS.replace('"chest"', '"large box"'))
    _c, out, _r = same_as_old(capsys, project, snap + ["-j", "1"], lint="off",
                              snapshots="snaps")
    assert "the same snapshot difference as seed" in out or "snapshot differs" in out
    _c, out, _r = same_as_old(capsys, project, snap + ["--update", "-j", "2"], lint="off",
                              snapshots="snaps", update=True)
    assert "updated yard seed 1: " in out
    _c, out, _r = same_as_old(capsys, project, snap + ["--update", "-j", "1"], lint="off",
                              snapshots="snaps", update=True)
    assert "no snapshot changed" in out


def test_a_file_named_twice_is_reported_as_before(project, capsys):
    same_as_old(capsys, project, ["levels/two.des", "many.des", "levels/two.des",
                                  "--seeds", "1,2", "-j", "2"], lint_times=2)


# ------------------------------------------------------------------ memory
def _live_rows() -> int:
    gc.collect()
    return sum(1 for o in gc.get_objects()
               if type(o) is dict and "outcome" in o and "violations" in o and "seed" in o)


def test_no_row_is_held_when_the_report_begins(project, capsys, monkeypatch, own_heap):
    """Every run's row is on disk when the reports are made: none in memory (the old
    command held all 3 x 46 here), and a report pass holds at most one batch."""
    seen = {}
    real_report, real_read = command._report, RunRows._read

    def counting_report(run, *a, **k):
        seen["at_start"] = _live_rows()
        return real_report(run, *a, **k)

    def counting_read(self, slot):
        got = real_read(self, slot)
        seen["reads"] = seen.get("reads", 0) + 1
        if seen["reads"] in (3, 60, 200):    # a few samples: a count walks the whole heap
            seen["most"] = max(seen.get("most", 0), _live_rows())
        return got

    monkeypatch.setattr(command, "_report", counting_report)
    monkeypatch.setattr(RunRows, "_read", counting_read)
    main(["test", "levels/two.des", "many.des", "--seeds", "1..3", "-j", "1",
          "--no-progress", "--lint", "off", *REPORTS])
    capsys.readouterr()
    assert seen["at_start"] == 0 and seen["reads"] > 200
    assert 0 < seen["most"] <= 3 * 2     # the batch just read, and the one before it


def _quietly(argv):
    """Run the command, its output thrown away."""
    import contextlib
    import os
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null), \
            contextlib.redirect_stderr(null):
        main(argv)


def _memory(monkeypatch, argv):
    """(bytes held when the reports begin, after a collection; peak bytes) of one
    command, standard output thrown away (it is not the command's memory)."""
    seen = {}
    real = command._report

    def at_report(*a, **k):
        gc.collect()
        seen["held"] = tracemalloc.get_traced_memory()[0]
        return real(*a, **k)

    monkeypatch.setattr(command, "_report", at_report)
    gc.collect()
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        _quietly(argv)
        return seen["held"] - start, tracemalloc.get_traced_memory()[1] - start
    finally:
        tracemalloc.stop()


# the full tier's (--full): 400 seeds under tracemalloc (~15 s); the quick tier
# keeps the streamed report's no-row-held check
@pytest.mark.slow
def test_memory_does_not_grow_with_the_seeds(project, monkeypatch, own_heap):
    """One failing level (its rows carry drawings) under 80 and 320 seeds, every report
    written.  The old command (measured with tests/reportkit's code in place) held
    436 KB more when its reports began and peaked 1.5 MB higher; now ~15 KB (the seed
    lists) and ~9 KB."""
    (project / "pond.des").write_text(LEVELS[LEVELS.index('LEVEL: "pond"'):])
    base = ["test", "pond.des", "-j", "1", "--no-progress", "--lint", "off", *REPORTS]
    # warm: imports, tables, caches (untraced: tracemalloc would only slow it down)
    _quietly(base + ["--seeds", "1..70"])
    held_s, peak_s = _memory(monkeypatch, base + ["--seeds", "1..80"])
    held_l, peak_l = _memory(monkeypatch, base + ["--seeds", "1..320"])
    assert held_l - held_s < 100_000, (held_s, held_l)
    assert peak_l - peak_s < 400_000, (peak_s, peak_l)


def test_no_room_for_the_row_file_is_a_one_line_error(project, capsys, monkeypatch):
    import tempfile
    monkeypatch.setattr(tempfile, "tempdir", str(project / "no" / "such" / "folder"))
    code = main(["test", "levels/two.des", "--seeds", "1", "-j", "1", "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err
    assert err.startswith("unlev test: error: cannot make the run's row file in ") \
        and "(TMPDIR sets the folder)" in err and err.count("\n") == 1, err
