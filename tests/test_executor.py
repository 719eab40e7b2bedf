"""Where ``unlev test`` and ``unlev compare`` run their jobs (unlev.tools.executor): here,
local processes, or a Dask distributed cluster -- with the same results; and a clear
one-line error when the cluster cannot be used."""

import json
import os
import socket
import sys
import time

import pytest

from unlev.cli import main
from unlev.tools import executor
from unlev.tools.executor import ExecutorError, run_ordered, run_unordered

REPO_SAMPLES = ["samples/bigrm.des", "samples/maze.des"]


def _samples():
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    return [str(root / s) for s in REPO_SAMPLES]


def test_local_runs_give_every_result_in_item_order():
    items = [-5, 3, -2, 0, 7, -1]
    assert run_ordered(abs, items) == [5, 3, 2, 0, 7, 1]
    assert run_ordered(abs, items, workers=2) == [5, 3, 2, 0, 7, 1]
    seen = sorted(run_unordered(abs, items, workers=2))
    assert seen == [(0, 5), (1, 3), (2, 2), (3, 0), (4, 7), (5, 1)]


def _free_port() -> int:
    """A loopback port nobody listens on (bound, then released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# the full tier's (--full): waits for a connection to fail (~2 s)
@pytest.mark.slow
def test_an_unreachable_scheduler_is_a_one_line_error(capsys):
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{_free_port()}"
    with pytest.raises(ExecutorError, match="cannot reach the Dask scheduler"):
        executor.connect(address, timeout=1)
    rc = main(["test", *_samples(), "--seeds", "1", "--no-progress", "--lint", "off",
               "--scheduler", address, "--scheduler-timeout", "1"])
    err = capsys.readouterr().err
    assert rc == 2
    assert f"unlev test: error: cannot reach the Dask scheduler at {address}" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_malformed_address_is_refused_before_connecting(capsys):
    pytest.importorskip("distributed")
    for bad in ("nonsense://host:1", "tcp://localhost", "tcp://localhost:port"):
        rc = main(["test", *_samples(), "--seeds", "1", "--no-progress", "--lint", "off",
                   "--scheduler", bad, "--scheduler-timeout", "1"])
        err = capsys.readouterr().err
        assert rc == 2 and f"bad scheduler address {bad!r}" in err and "Traceback" not in err


def test_without_distributed_the_option_says_what_to_install(monkeypatch, capsys,
                                                             game_reference, corpus_root):
    monkeypatch.setitem(sys.modules, "distributed", None)      # import fails
    rc = main(["compare", str(corpus_root / "unnethack" / "oracle.des"), "--reference",
               str(game_reference), "--seeds", "1", "--scheduler", "tcp://127.0.0.1:8786"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "unlev compare: error: --scheduler needs Dask's 'distributed' package" in err
    assert "unlev[dask]" in err and "Traceback" not in err


# ------------------------------------------------------------------ on a Dask cluster
@pytest.fixture(scope="module")
def cluster():
    """A Dask cluster on loopback, inside this process (threads), for the module."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp", host="127.0.0.1",
                                  dashboard_address=None) as c:
        yield c.scheduler_address


def _without_times(report: dict) -> dict:
    report.pop("seconds", None)
    for key in ("results", "levels"):
        for r in report.get(key, []):
            r.pop("seconds", None)
    return report


def test_jobs_on_a_cluster_come_back_in_item_order(cluster):
    items = list(range(-20, 20, 3))
    assert run_ordered(abs, items, scheduler=cluster) == [abs(i) for i in items]


def test_unlev_test_on_a_cluster_reports_what_the_local_run_reports(cluster, tmp_path):
    reports = []
    for where in (["-j", "1"], ["--scheduler", cluster]):
        out = tmp_path / f"report{len(reports)}.json"
        snaps = tmp_path / f"snaps{len(reports)}"
        rc = main(["test", *_samples(), "--seeds", "1..3", "--no-progress",
                   "--snapshots", str(snaps), "--json-report", str(out), *where])
        assert rc == 0
        reports.append(_without_times(json.loads(out.read_text())))
        # the workers wrote the snapshots (same filesystem here)
        assert len(list(snaps.rglob("seed-*.json.gz"))) == 3 * len(_levels())
    assert reports[0] == reports[1]
    assert len(reports[0]["results"]) == 3 * len(_levels())


# the full tier's (--full): waits out a time limit on the cluster
@pytest.mark.slow
def test_the_time_limit_holds_on_a_cluster(cluster, tmp_path, capsys, monkeypatch):
    """A Dask worker runs a job in a thread, where no signal reaches: --timeout is
    raised in that thread (issue 34; before, a cluster's runs had no time limit)."""
    monkeypatch.setenv("UNLEV_LIMITS", "steps=1000000000")
    slow = tmp_path / "slow.des"
    slow.write_text('LEVEL: "slow"\nLOOP [100000000] { $x = 1 }\n')
    t0 = time.perf_counter()
    rc = main(["test", str(slow), "--seeds", "1", "--timeout", "1", "--no-progress",
               "--lint", "off", "--scheduler", cluster])
    out = capsys.readouterr().out
    assert rc == 1 and "took more than 1 s and was stopped" in out, out
    assert time.perf_counter() - t0 < 60


def _levels():
    from unlev.lang.frontend import compile_file
    return [lv for f in _samples() for lv in compile_file(f).tree.levels]


# the full tier's (--full): compare's measures on a cluster (~3 s); the quick tier
# keeps unlev test on the cluster
@pytest.mark.slow
def test_unlev_compare_on_a_cluster_reports_what_the_local_run_reports(
        cluster, tmp_path, game_reference, corpus_root):
    files = [str(corpus_root / "unnethack" / f) for f in ("oracle.des", "medusa.des")]
    reports = []
    codes = []
    for where in (["-j", "1"], ["-j", "2"], ["--scheduler", cluster]):
        out = tmp_path / f"compare{len(reports)}.json"
        codes.append(main(["compare", *files, "--reference", str(game_reference),
                           "--seeds", "1..2", "--json", str(out), *where]))
        reports.append(_without_times(json.loads(out.read_text())))
    assert reports[0] == reports[1] == reports[2]
    assert codes[0] == codes[1] == codes[2] and codes[0] in (0, 1)   # 1: a difference
    assert len(reports[0]["levels"]) > 5


def test_jobs_for_a_cluster_carry_absolute_paths(tmp_path, monkeypatch):
    """A Dask worker runs in its own directory (maybe on another machine): a relative
    path sent as it is made every run fail with 'cannot read file' there."""
    import shutil
    import unlev.tools.harness.command as harness
    shutil.copy(_samples()[0], tmp_path / "level.des")
    monkeypatch.chdir(tmp_path)
    sent = []

    def fake_run(fn, items, **where):
        sent.extend(items)
        return iter(())

    monkeypatch.setattr(harness, "run_unordered", fake_run)
    with pytest.raises(KeyError):      # the fake runs nothing: no results to collect
        main(["test", "level.des", "--seeds", "1", "--no-progress", "--snapshots", "snaps",
              "--include-path", "inc", "--scheduler", "tcp://127.0.0.1:1"])
    levels, _seeds, settings = sent[0]
    assert levels and all(os.path.isabs(r.path) for r in levels)
    assert os.path.isabs(settings.snapshots)
    assert all(os.path.isabs(d) for d in settings.include_path)


class _Client:
    def __init__(self, answer):
        self.answer = answer

    def run(self, fn):
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


def test_a_worker_without_our_unlev_is_one_line():
    from unlev import __version__
    from unlev.tools.executor import ExecutorError, check_workers
    check_workers(_Client({"tcp://a:1": __version__}))
    with pytest.raises(ExecutorError, match=r"run unlev 0\.0\.1 .* install the same unlev"):
        check_workers(_Client({"tcp://a:1": __version__, "tcp://b:1": "0.0.1"}))
    with pytest.raises(ExecutorError, match=r"cannot run unlev \(ModuleNotFoundError: "
                                            r"No module named 'unlev'\)"):
        check_workers(_Client(ModuleNotFoundError("No module named 'unlev'")))
