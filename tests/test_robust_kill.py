"""Killed runs end cleanly (issue 34): ``unlev test -j 2`` killed with SIGKILL, SIGTERM
or SIGINT leaves no process behind (its workers watch the parent; SIGTERM and SIGINT
stop them first) and writes no snapshot after the kill; a SIGINT inherited ignored
stays ignored."""

import os
import signal
import subprocess
import sys
import time

import pytest

HERE = os.path.dirname(__file__)
CORPUS = os.path.join(HERE, "..", "samples")

# the full tier's (--full): each test waits on a parallel run it starts and kills (~3 s);
# the quick tier keeps test_check_fork.py's Ctrl-C of a parallel check
pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"),
                                 reason="counts processes through /proc"),
              pytest.mark.slow]


def session_members(sid: int):
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if os.getsid(int(name)) == sid:
                    found.append(int(name))
            except OSError:
                pass
    return found


def snapshot_count(root):
    return sum(1 for _r, _d, files in os.walk(root) for f in files if f.endswith(".txt"))


def start_run(snaps, sigint):
    """``unlev test -j 2`` in a session of its own, SIGINT as ``sigint`` (SIG_DFL: as a
    terminal starts it; SIG_IGN: as a non-interactive shell starts ``cmd &``), once it
    has written a few snapshots."""
    proc = subprocess.Popen([sys.executable, "-m", "unlev", "test", CORPUS, "--seeds",
                             "1..400", "--snapshots", str(snaps), "--update", "-j", "2",
                             "--no-progress", "--lint", "off"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, sigint))
    deadline = time.time() + 120
    while snapshot_count(snaps) < 5 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
    return proc


def kill_all(proc):
    for pid in session_members(proc.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_a_killed_parallel_test_run_leaves_no_process(tmp_path, sig):
    snaps = tmp_path / "snaps"
    proc = start_run(snaps, signal.SIG_DFL)
    try:
        assert proc.poll() is None, "the run ended before it could be killed"
        assert len(session_members(proc.pid)) >= 3      # the parent and its workers
        os.kill(proc.pid, sig)
        proc.wait(30)
        deadline = time.time() + 20
        while session_members(proc.pid) and time.time() < deadline:
            time.sleep(0.2)
        assert session_members(proc.pid) == []
        written = snapshot_count(snaps)
        time.sleep(1.0)
        assert snapshot_count(snaps) == written         # nobody writes after the end
    finally:
        kill_all(proc)


def test_an_inherited_ignored_sigint_stays_ignored(tmp_path):
    """Started with SIGINT ignored (``cmd &`` in a script, nohup), the run keeps that
    choice: a SIGINT does not stop it (it used to install its own handler over the
    ignore); SIGTERM still ends it and every worker."""
    snaps = tmp_path / "snaps"
    proc = start_run(snaps, signal.SIG_IGN)
    try:
        assert proc.poll() is None, "the run ended before it could be signalled"
        os.kill(proc.pid, signal.SIGINT)
        time.sleep(2.0)
        assert proc.poll() is None, "SIGINT stopped a run that was started ignoring it"
        os.kill(proc.pid, signal.SIGTERM)
        proc.wait(30)
        deadline = time.time() + 20
        while session_members(proc.pid) and time.time() < deadline:
            time.sleep(0.2)
        assert session_members(proc.pid) == []
    finally:
        kill_all(proc)
