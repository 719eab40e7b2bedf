"""``unlev check -j`` in a process without threads forks its workers itself
(``unlev/tools/check_fork.py``): the same output as one process, in file order, the
biggest files first; a worker that dies has its file checked by the command; Ctrl-C
(SIGINT to the process group) ends the command with 130 and no process left; a
command killed with SIGKILL leaves no worker working on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from unlev.tools import check_fork as F

from test_robust_kill import session_members

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="forks, counts processes through /proc")

LEVEL = 'LEVEL: "{name}"\nROOM: "ordinary", random, random, random, random {{\n' \
        '  MONSTER: (\'d\', "jackal"), random\n}}\n'
BROKEN = 'LEVEL: "broken"\nMONSTER: (\'d\', "jackall"), random\n'


def slow_level(name: str, lines: int) -> str:
    return f'LEVEL: "{name}"\nINIT_MAP: solidfill, \' \'\n' + \
        "".join(f'MONSTER: (\'d\', "jackal"), ({i % 70 + 1},{i % 19 + 1})\n'
                for i in range(lines))


def test_results_come_in_file_order_from_every_process(tmp_path):
    files = []
    for i, size in enumerate([3, 40, 1, 25, 7, 60, 2]):
        p = tmp_path / f"f{i}.des"
        p.write_text("x" * size)
        files.append(str(p))
    assert [files[i] for i in F.biggest_first(files)] == \
        [files[i] for i in (5, 1, 3, 4, 0, 6, 2)]

    def check(f):
        time.sleep(0.1)                 # long enough for every process to take a file
        return True, {"pid": os.getpid()}, os.path.basename(f)
    got = list(F.forked_results(files, 3, check))
    assert [g[2] for g in got] == [os.path.basename(f) for f in files]
    assert os.getpid() in {g[1]["pid"] for g in got}      # the command checks files too


def test_a_file_whose_worker_died_is_checked_by_the_command(tmp_path, monkeypatch):
    forked = []
    real_fork = os.fork

    def fork():
        pid = real_fork()
        forked.append(pid)
        return pid
    monkeypatch.setattr(os, "fork", fork)
    files = [str(tmp_path / f"f{i}.des") for i in range(6)]
    for f in files:
        open(f, "w").close()
    parent = os.getpid()

    def check(f):
        if os.getpid() != parent:
            os.kill(os.getpid(), signal.SIGKILL)          # every worker dies at once
        return True, {}, f
    got = list(F.forked_results(files, 3, check))
    assert [g[2] for g in got] == files
    assert len(forked) == 2
    for pid in forked:                                    # the dead workers were reaped
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def test_jobs_print_what_one_process_prints(tmp_path):
    for i in range(6):
        (tmp_path / f"l{i}.des").write_text(LEVEL.format(name=f"l{i}"))
    (tmp_path / "big.des").write_text(slow_level("big", 300))
    (tmp_path / "m_broken.des").write_text(BROKEN)

    def run(*jobs):
        p = subprocess.run([sys.executable, "-m", "unlev", "check", "--no-cache", *jobs,
                            str(tmp_path)], capture_output=True, timeout=300)
        return p.returncode, p.stdout, p.stderr
    one = run("-j", "1")
    assert one[0] == 1 and b"jackall" in one[2] and one[1] == b"7 passed, 1 failed\n"
    assert run("-j", "3") == one
    assert run() == one


def _start(folder, files=60):
    for i in range(files):           # ~0.25 s a file: 15 s of work for one process
        (folder / f"s{i:02}.des").write_text(slow_level(f"s{i}", 3000))
    return subprocess.Popen([sys.executable, "-m", "unlev", "check", "--no-cache", "-j", "2",
                             str(folder)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)


def _wait_for_workers(proc, n=2, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline and proc.poll() is None:
        if len(session_members(proc.pid)) >= n:
            return
        time.sleep(0.05)
    pytest.fail("the workers never started")


def _gone(sid, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if not session_members(sid):
            return True
        time.sleep(0.1)
    return False


def test_ctrl_c_stops_the_workers_and_exits_130(tmp_path):
    proc = _start(tmp_path)
    try:
        _wait_for_workers(proc)
        time.sleep(0.3)
        os.killpg(proc.pid, signal.SIGINT)             # as a terminal's Ctrl-C does
        _out, err = proc.communicate(timeout=60)
        assert proc.returncode == 130
        assert b"Traceback" not in err
        assert _gone(proc.pid)
    finally:
        for pid in session_members(proc.pid):
            os.kill(pid, signal.SIGKILL)


# the full tier's (--full): waits on a killed command (~2 s)
@pytest.mark.slow
def test_a_killed_command_leaves_no_worker_working(tmp_path):
    proc = _start(tmp_path)
    try:
        _wait_for_workers(proc)
        time.sleep(0.3)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        # the worker ends at its next result (its pipe is closed), not after 60 files
        assert _gone(proc.pid, timeout=5)
    finally:
        for pid in session_members(proc.pid):
            os.kill(pid, signal.SIGKILL)


def test_forking_is_asked_only_without_threads_and_not_on_macos(monkeypatch):
    import threading
    monkeypatch.setattr(sys, "platform", "linux")
    stop = threading.Event()
    t = threading.Thread(target=stop.wait, daemon=True)
    t.start()
    try:
        assert F.can_fork() is False
    finally:
        stop.set()
        t.join()
    monkeypatch.setattr(sys, "platform", "darwin")
    assert F.can_fork() is False


def test_only_the_parsers_the_files_need_are_built(tmp_path):
    """No parser is preloaded before the fork: the check of the one file before it
    builds the parser that file is read with (a folder of NetHack 3.6 files builds
    3.6's, not UnNetHack's as well)."""
    for i in range(4):
        (tmp_path / f"f{i}.des").write_text(
            f'MAZE:"x{i}",\' \'\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n')
    probe = ("import sys\nfrom unlev.cli import main\nfrom unlev.lang import parser\n"
             f"code = main(['check', '--no-cache', '-j', '2', {str(tmp_path)!r}])\n"
             "print(code, sorted(parser._PARSERS))\n")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                       timeout=120)
    assert r.stdout.splitlines() == ["4 passed, 0 failed", "0 ['nethack36']"], r.stderr


def test_a_plan_chooses_the_file_checked_before_the_fork(tmp_path):
    files = []
    for i, size in enumerate([30, 5, 60, 1]):
        p = tmp_path / f"f{i}.des"
        p.write_text("x" * size)
        files.append(str(p))
    seen = []

    def plan(order):
        seen.append(list(order))
        return [1, 3, 2, 0]

    def check(f):
        return True, {"pid": os.getpid()}, os.path.basename(f)
    got = list(F.forked_results(files, 2, check, plan=plan))
    assert seen == [[2, 0, 1, 3]]                            # biggest first
    assert [g[2] for g in got] == [os.path.basename(f) for f in files]
    assert got[1][1]["pid"] == os.getpid()                  # checked here, before the fork


def _des(path, text, pad=0):
    path.write_text(text + "# " + "." * pad + "\n")
    return str(path)


def test_check_plan_starts_with_a_small_file_of_the_big_files_dialect(tmp_path):
    from types import SimpleNamespace

    from unlev.lang.settings import Settings
    from unlev.tools.check import check_plan
    maze36 = 'MAZE:"m{}",\' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
    plain = 'LEVEL: "p"\nROOM: "ordinary", random, random, random, random {\n}\n'
    files = [_des(tmp_path / "big.des", maze36.format(0), 4000),
             _des(tmp_path / "tiny_un.des", plain),                  # the smallest
             _des(tmp_path / "small36.des", maze36.format(1), 40),
             _des(tmp_path / "mid36.des", maze36.format(2), 900)]
    order = F.biggest_first(files)
    assert files[order[-1]].endswith("tiny_un.des")
    auto = SimpleNamespace(settings=Settings())
    plan = check_plan(files, order, auto)
    named = [os.path.basename(files[i]) for i in plan]
    # 3.6's parser loaded before the fork; UnNetHack's file next (it loads UnNetHack's)
    assert named == ["small36.des", "tiny_un.des", "big.des", "mid36.des"]
    fixed = SimpleNamespace(settings=Settings(dialect="nethack36"))
    assert [os.path.basename(files[i]) for i in check_plan(files, order, fixed)] == \
        ["tiny_un.des", "big.des", "mid36.des", "small36.des"]


def test_a_freeze_made_before_the_fork_is_kept_by_the_command(tmp_path):
    # unlev check freezes what its start-up loaded (unlev.tools.collector); the fork's
    # own freeze must not be undone in the command with it
    import gc
    files = []
    for i in range(4):
        p = tmp_path / f"f{i}.des"
        p.write_text("x" * (i + 1))
        files.append(str(p))
    gc.freeze()
    assert gc.get_freeze_count() > 0
    got = list(F.forked_results(files, 2, lambda f: (True, {}, "")))
    assert len(got) == 4
    assert gc.get_freeze_count() > 0
