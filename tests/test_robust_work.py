"""Work the step limit weighs (issue 34): a statement that does much work is charged by
that work and stopped as soon as it passes the limit, so every run below ends in the
step-limit (or entities) error within seconds of CPU, not in minutes."""

import time

import pytest

from unlev.cli import main
from unlev.lang import limits as L
from unlev.lang.evaluator import Evaluator
from unlev.lang.level_builder import RecordingBuilder

from tiers import quick_subset


def run_file(tmp_path, text, capsys, *extra):
    p = tmp_path / "x.des"
    p.write_text(text)
    t0 = time.process_time()
    code = main(["run", str(p), "--seed", "1", "--json", str(tmp_path / "o.json"), *extra])
    err = capsys.readouterr().err
    assert "Traceback" not in err and "internal error" not in err, err[-500:]
    return code, err, time.process_time() - t0


HEAD = 'LEVEL: "x"\nINIT_MAP: solidfill, \' \'\n'
STEPS = 'UNLEV_LIMITS="steps=N"'


# each runs to the default step limit: the quick tier (the default run) keeps those under
# ~0.4 s, the full tier (--full) all (SPILL, MINERALIZE and WALLWALK take 0.7-1.3 s)
@pytest.mark.parametrize("body", quick_subset([
    "SPILL: (10,10), 'P', north, 2147483647",
    "LOOP [1000000] { WALLIFY }",
    "LOOP [1000000] { MINERALIZE }",
    "LOOP [1000000] { MAZEWALK: (3,3), east }",
    'LOOP [5000] { PORTAL: (1,1,70,18), (0,0,0,0), "town" }',
    'LOOP [1000000] { REGION: (1,1,20,10), lit, "ordinary" }',
    # found by robust2's probes: each ran minutes with no step charged
    "LOOP [1000000] { INIT_MAP: mines, '.', ' ', true, true, lit, false }",
    "LOOP [1000000] { NON_DIGGABLE: (0,0,78,20) }",
    "LOOP [1000000] { NON_PASSWALL: (0,0,78,20) }",
    "LOOP [1000000] { REPLACE_TERRAIN: (0,0,78,20), ' ', '.', 50% }",
    "TERRAIN: fillrect(0,0,78,20), '.'\nLOOP [1000000] { WALLWALK: (5,5), ' ', '.', 50% }",
], {1, 3, 4, 5, 6, 7, 8, 9}))
def test_a_statements_work_is_charged_to_the_step_limit(tmp_path, capsys, body):
    code, err, seconds = run_file(tmp_path, HEAD + body + "\n", capsys)
    assert code == 1 and "steps" in err and STEPS in err, err
    assert f"x.des:{2 + body.count(chr(10)) + 1}:" in err   # the statement that went over
    assert seconds < 10


def test_a_non_merging_quantity_is_entities_not_two_billion_objects(tmp_path, capsys):
    code, err, seconds = run_file(tmp_path, HEAD + 'OBJECT: "boulder", (5,5), '
                                  'quantity: 2147483647\n', capsys)
    assert code == 1 and "x.des:3:1: error: more than 2,000 objects" in err
    assert seconds < 10


def test_a_non_merging_quantity_is_linear_not_quadratic(tmp_path, capsys):
    # 1,900 boulders on one square: each used to be compared with all before it
    code, err, seconds = run_file(tmp_path, HEAD + 'OBJECT: "boulder", (5,5), '
                                  'quantity: 1900\n', capsys)
    assert code == 0
    import json
    doc = json.loads((tmp_path / "o.json").read_text())
    assert sum(1 for o in doc["levels"][0]["objects"] if o["name"] == "boulder") == 1900
    assert seconds < 5


def test_the_spill_stops_at_the_limit_it_was_given(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("UNLEV_LIMITS", "steps=2000")
    code, err, seconds = run_file(tmp_path, HEAD + "SPILL: (10,10), 'P', north, 5000\n",
                                  capsys)
    assert code == 1 and "more than 2000 steps" in err and seconds < 2


def test_the_evaluator_honours_the_steps_limit_it_is_given():
    limits = L.Limits.from_text("steps=1234")
    assert Evaluator(RecordingBuilder(), limits=limits).step_limit == 1234
    assert Evaluator(RecordingBuilder(), step_limit=99, limits=limits).step_limit == 99
    assert Evaluator(RecordingBuilder()).step_limit == L.Limits().steps


def test_the_step_limit_hint_names_a_setting_that_exists(tmp_path, capsys):
    code, err, _ = run_file(tmp_path, HEAD + "LOOP [2000000] { $x = 1 }\n", capsys)
    assert code == 1 and STEPS in err and "--step-limit" not in err


@pytest.mark.parametrize("setting, words", [
    ("bogus=3", "unknown limit 'bogus'"),
    ("steps=x", "wants a whole number"),
    ("steps", "wants a whole number"),
    ("steps=0", "between 1 and"),
    ("depth=-4", "wants a whole number"),
])
def test_a_bad_unlev_limits_is_a_usage_error(tmp_path, capsys, monkeypatch, setting, words):
    monkeypatch.setenv("UNLEV_LIMITS", setting)
    p = tmp_path / "x.des"
    p.write_text(HEAD)
    assert main(["check", str(p)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("unlev check: error: UNLEV_LIMITS: ") and words in err
    assert err.count("\n") == 1


def test_a_good_unlev_limits_is_accepted(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("UNLEV_LIMITS", "steps=5_000, depth=300")
    p = tmp_path / "x.des"
    p.write_text(HEAD)
    assert main(["check", str(p)]) == 0


def test_an_irregular_region_at_the_edge_is_an_error_not_an_internal_error(tmp_path, capsys):
    code, err, _ = run_file(tmp_path, HEAD + 'REGION: (79,0,79,0), lit, "ordinary", '
                            'irregular\n', capsys)
    assert code == 1 and "x.des:3:1: error: irregular REGION" in err


def test_lenient_unnethack35_with_an_unknown_name_makes_a_placeholder(tmp_path, capsys):
    # the dialect has no data profile of its own: no table knows the name
    code, err, _ = run_file(tmp_path, HEAD + 'MONSTER: "blorpx", (3,3)\n', capsys,
                            "--dialect", "unnethack35", "--lenient")
    assert code == 0


def test_convert_of_a_gradient_round_a_random_centre(tmp_path, capsys):
    p = tmp_path / "x.des"
    p.write_text(HEAD + "$s = selection: gradient(radial, (1 - 3), random)\n"
                 "TERRAIN: $s, 'L'\n")
    assert main(["convert", str(p), "-o", str(tmp_path / "out")]) == 0
    assert "Traceback" not in capsys.readouterr().err
    lua = (tmp_path / "out" / "x.lua").read_text()
    assert 'selection.gradient({ type = "radial", mindist = 1, maxdist = 3 })' in lua


def test_unlev_test_stops_a_run_past_its_time_limit(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("UNLEV_LIMITS", "steps=1000000000")
    p = tmp_path / "slow.des"
    p.write_text(HEAD + "LOOP [100000000] { $x = 1 }\n")
    t0 = time.perf_counter()
    code = main(["test", str(p), "--seeds", "1", "--timeout", "1", "--no-progress",
                 "--lint", "off", "-j", "1"])
    out = capsys.readouterr().out
    assert code == 1 and "took more than 1 s and was stopped" in out
    assert time.perf_counter() - t0 < 30


def test_unlev_test_timeout_is_validated(capsys):
    with pytest.raises(SystemExit) as e:
        main(["test", "--timeout", "soon"])
    assert e.value.code == 2 and "not a number of seconds" in capsys.readouterr().err


def test_the_repl_stops_a_runaway_statement_and_reads_the_next_line():
    import io
    from unlev.tools.repl.core import Repl
    out = io.StringIO()
    repl = Repl(out=out)
    t0 = time.process_time()
    repl.feed("SPILL: (10,10), 'P', north, 2147483647")
    repl.feed('OBJECT: "boulder", (5,5), quantity: 2147483647')
    assert time.process_time() - t0 < 20
    text = out.getvalue()
    assert "steps" in text and "more than 2,000 objects" in text
    assert "internal error" not in text
    repl.feed("$x = 41 + 1")
    repl.feed("$x")
    assert "42" in out.getvalue()


# the full tier's (--full): waits out a 1 s time limit and 1.5 s more; the quick
# tier keeps unlev test's time limit
@pytest.mark.slow
def test_the_time_limit_stops_a_run_in_a_thread_too(tmp_path, capsys, monkeypatch):
    """A Dask worker runs jobs in threads, where SIGALRM cannot reach: the limit is
    raised in the thread itself, and a run that ends in time is left alone."""
    import threading
    from unlev.lang.limits import Limits
    from unlev.tools.harness.jobs import Settings, list_jobs, run_job
    slow = tmp_path / "slow.des"
    slow.write_text(HEAD + "LOOP [100000000] { $x = 1 }\n")
    quick = tmp_path / "quick.des"
    quick.write_text(HEAD)
    settings = Settings(timeout=1.0, limits=Limits.from_text("steps=1000000000"))
    got = {}

    def worker():
        for p in (slow, quick):
            got[p.name] = run_job(list_jobs(str(p), [1], settings)[0], settings)
        time.sleep(1.5)             # a withdrawn limit must not fire later
        got["after"] = "still running"

    t0 = time.perf_counter()
    t = threading.Thread(target=worker)
    t.start()
    t.join(60)
    assert not t.is_alive() and time.perf_counter() - t0 < 30
    assert "took more than 1 s and was stopped" in got["slow.des"]["error"]
    assert got["quick.des"]["outcome"] != "error", got["quick.des"]
    assert got["after"] == "still running"
