"""``unlev check -j`` and ``unlev lint -j`` start their workers without forking the
command's process (issue 32): a process with threads (the language server, a test
runner, Python 3.12+'s warning) must not fork, as its child may deadlock.  The workers
come from a fork server (else are spawned) and get the run's options sent to them."""

from __future__ import annotations

import os
import threading

import pytest

from unlev.cli import main

LEVEL = """\
LEVEL: "{name}"
ROOM: "ordinary", random, random, random, random {{
  OBJECT: ('(', "chest"), random
  MONSTER: ('d', "jackal"), random
}}
"""
BROKEN = 'LEVEL: "broken"\nROOM: "ordinary", random, random, random, random {\n  MONSTER: (\'d\', "jackall"), random\n}\n'


@pytest.fixture
def folder(tmp_path):
    for i in range(5):
        (tmp_path / f"l{i}.des").write_text(LEVEL.format(name=f"lvl{i}"))
    (tmp_path / "z_broken.des").write_text(BROKEN)
    return tmp_path


def _no_fork(monkeypatch):
    def refuse():
        raise AssertionError("the command forked its own process")
    monkeypatch.setattr(os, "fork", refuse)


@pytest.mark.parametrize("command", ["check", "lint"])
def test_jobs_give_what_one_process_gives_without_forking(folder, command, capsys,
                                                           monkeypatch):
    code1 = main([command, str(folder), "-j", "1", "--no-cache"])
    one = capsys.readouterr()
    stop = threading.Event()
    busy = threading.Thread(target=stop.wait, daemon=True)    # a process with threads
    busy.start()
    _no_fork(monkeypatch)
    try:
        code2 = main([command, str(folder), "-j", "2", "--no-cache"])
        two = capsys.readouterr()
        # with the result cache, which is sent to the workers: filled, then read
        code3 = main([command, str(folder), "-j", "2"])
        three = capsys.readouterr()
        code4 = main([command, str(folder), "-j", "2"])
        four = capsys.readouterr()
    finally:
        stop.set()
    assert code1 == code2 == code3 == code4 == 1
    assert (one.out, one.err) == (two.out, two.err) == (three.out, three.err) \
        == (four.out, four.err)
    assert "jackall" in two.err                 # the broken file's error, from a worker


def test_the_pool_is_not_forked_from_this_process():
    from unlev.tools.executor import worker_pool
    pool = worker_pool(2, _note_start, ("x",))
    try:
        got = pool.map(_started_with, range(4))
    finally:
        pool.close()
        pool.join()
    assert {g[0] for g in got} == {"x"}         # what the initializer was sent
    assert all(g[1] != os.getpid() for g in got)
    assert {g[2] for g in got} <= {"forkserver", "spawn"}


_STARTED: list = []


def _note_start(value) -> None:
    _STARTED[:] = [value]


def _started_with(_):
    import multiprocessing
    return _STARTED[0], os.getpid(), multiprocessing.get_start_method()
