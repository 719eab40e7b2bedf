"""tools/fuzz.py's workers run many inputs each (issue 34): each kind of finding the
harness exists to report still counts there.  One fault of each kind is planted in the
code an input runs -- a traceback in ``unlev check``'s path, an internal error the REPL
reports, an input over its CPU limit (in Python, and with the timer's signal blocked so
that only the parent's watchdog can stop it), one over the memory limit, and a worker
that dies -- and each must come back as its finding, with the input, while ordinary
inputs before and after them come back ok from the same workers."""

import os
import signal
import sys
import time

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
import fuzz  # noqa: E402

from unlev.lang import frontend  # noqa: E402
from unlev.tools.repl import core as repl_core  # noqa: E402

FINE = 'LEVEL: "fine"\nINIT_MAP: solidfill, \' \'\nTERRAIN: (3,3), \'.\'\n'


def _busy(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


@pytest.fixture
def planted(monkeypatch):
    compile_text = frontend.compile_text

    def planted_compile(text, *args, **kwargs):
        if "PLANT-TRACEBACK" in text:
            return [][1]                              # IndexError, not a DesError
        if "PLANT-SLOW-BLOCKED" in text:
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGPROF, signal.SIGALRM})
            _busy(30)
        if "PLANT-SLOW" in text:
            _busy(30)
        if "PLANT-MEMORY" in text:
            hog = bytearray(160 * 1024 * 1024)
            for i in range(0, len(hog), 4096):        # touched: resident, not only mapped
                hog[i] = 1
        if "PLANT-DEATH" in text:
            os.kill(os.getpid(), signal.SIGKILL)
        return compile_text(text, *args, **kwargs)

    execute = repl_core.Repl.execute

    def planted_execute(self, text):
        if "PLANT-INTERNAL" in text:
            raise KeyError("planted")                 # the REPL says "internal error"
        return execute(self, text)

    monkeypatch.setattr(frontend, "compile_text", planted_compile)
    monkeypatch.setattr(repl_core.Repl, "execute", planted_execute)


def _resident_mb() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    return 0


# the memory limit of these runs: 100 MB over what the test process (which the worker
# is forked from) already holds -- a pytest worker deep in the suite holds hundreds
LIMIT_MB = [100]


def _run(texts, repl=False, **kw):
    jobs = [(t, 0.5, repl) for t in texts]
    got = {}
    LIMIT_MB[0] = _resident_mb() + 100
    for index, res, job in fuzz.run_inputs(jobs, workers=1, memory_mb=LIMIT_MB[0],
                                           clock="cpu", grace=0.5, **kw):
        got[index] = (res, job)
    assert sorted(got) == list(range(len(texts)))     # every input answered, once
    return [got[i] for i in range(len(texts))]


# the full tier's (--full): a fuzz campaign in worker processes (~4 s)
@pytest.mark.slow
def test_each_kind_of_finding_is_reported_by_the_same_workers(planted):
    texts = [FINE, "# PLANT-TRACEBACK\n" + FINE, FINE, "# PLANT-SLOW\n" + FINE, FINE,
             "# PLANT-MEMORY\n" + FINE, FINE, "# PLANT-DEATH\n" + FINE, FINE,
             "# PLANT-SLOW-BLOCKED\n" + FINE, FINE]
    results = _run(texts)
    outcomes = [res[0] for res, _job in results]
    assert outcomes == ["ok", "crash", "ok", "slow", "ok", "memory", "ok", "crash", "ok",
                        "slow", "ok"], [(r[0], r[2], r[3]) for r, _ in results]
    assert "IndexError" in results[1][0][2]
    assert "signal 9" in results[7][0][2]
    assert "watchdog" in results[9][0][2]
    # a finding gives its input back (to be minimized and saved); an ordinary one does not
    for i in (1, 3, 5, 7, 9):
        assert results[i][1][0] == texts[i]
    assert results[0][1] is None
    # each input's CPU and resident peak are its own: the ones after a slow or a large
    # input are neither
    assert results[4][0][1] < 0.5 and results[6][0][3] < LIMIT_MB[0]


def test_an_internal_error_in_the_repl_is_a_finding(planted):
    results = _run([FINE, "TERRAIN: (1,1), '.'\n# PLANT-INTERNAL\n", FINE], repl=True)
    assert [r[0] for r, _ in results] == ["ok", "crash", "ok"]
    assert "internal error" in results[1][0][2]


def test_the_memory_finding_counts_a_peak_that_is_freed_again(planted):
    # the hog is freed before the input ends: its peak, not what is left, is measured
    res, _job = _run(["# PLANT-MEMORY\n" + FINE])[0]
    assert res[0] == "memory" and res[3] > LIMIT_MB[0]
