"""``unlev check -j N`` in a process without threads: N-1 workers forked from the command
itself, the command checking files too, the biggest files first, the results printed
in file order.

Why a module of its own: the pool of ``unlev.tools.executor.worker_pool`` starts a
fork server (a fresh interpreter importing the front end), forks the workers from it,
and each worker then loads the dialect's parse tables; the command only waits. On the
UnNetHack corpus that start-up is a large part of a first check's wall time (issue
29). A process with no other thread may fork safely (Python 3.12+ warns only about a
fork with threads, which the fork server is kept for): the command loads the dialect's
parser once, forks, and the workers start with everything loaded. lev_comp has no
workers: this follows no C function (``make -j`` runs one lev_comp per file).

How the work is shared: the command checks one small file before the fork (what a
check loads on first use is then loaded once for all): the smallest, or as ``plan``
orders them (``unlev check``: the smallest of the dialect the biggest file is read in,
see :func:`unlev.tools.check.check_plan`); the other files' numbers,
biggest file first, are written to a pipe before the fork; each process (the workers and the command) reads four bytes at
a time -- one file -- until the pipe is empty (a pipe read of four bytes is atomic).
A worker sends each result (the file's number, passed, what --lenient let through,
the text it wrote to standard error) on a pipe of its own, as ``marshal`` data with a
length; the command takes them between its own files and yields every result in file
order. A worker ignores SIGINT (Ctrl-C reaches the whole process group: the command
stops its workers itself); a worker whose command is gone dies at its next result
(the pipe is closed: EPIPE) and never reads another file after it; a file whose worker
died before answering is checked by the command itself.
"""

from __future__ import annotations

import gc
import marshal
import os
import select
import signal
import sys

MAX_FILES = 15_000          # 4 bytes each, all in the pipe before the fork (64 KiB)


def can_fork() -> bool:
    """Whether this process may fork its workers: POSIX but not macOS (whose system
    libraries are not safe to use in a forked child: Python's own default there is
    spawn), no other thread running (counted by the kernel where it can be, as Python
    3.12's warning counts them)."""
    if not hasattr(os, "fork") or sys.platform == "darwin":
        return False
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        import threading
        return threading.active_count() == 1


def biggest_first(files: list) -> list:
    """The numbers of ``files``, the biggest file first (a big file started last would
    keep one process busy after the others are done)."""
    def size(i: int) -> int:
        try:
            return os.path.getsize(files[i])
        except OSError:
            return 0
    return sorted(range(len(files)), key=lambda i: -size(i))


def forked_results(files: list, jobs: int, check, plan=None):
    """``check(path) -> (passed, held, text)`` for every file, in file order, from
    ``jobs`` processes (this one and jobs-1 forked workers). ``plan(order)``: the
    numbers in the order to check them, given them biggest first, the first checked
    before the fork (default: the smallest file, then the others biggest first)."""
    order = biggest_first(files)
    # a small file first, here: what a check loads on first use (the parser, the
    # checker, the game's names; ~20 ms a dialect) is then loaded once, before the
    # fork, for every process
    order = order[-1:] + order[:-1] if plan is None else plan(order)
    head, rest = order[0], order[1:]
    done = {head: check(files[head])}
    task_r, task_w = os.pipe()
    os.write(task_w, b"".join(i.to_bytes(4, "little") for i in rest))
    os.close(task_w)                    # every number is in the pipe: EOF when it is empty
    sys.stdout.flush()
    sys.stderr.flush()
    workers: dict = {}                  # result pipe -> [pid, bytes so far]
    pids: list = []
    try:
        # what exists now is shared with the workers: the collector leaves it alone, so
        # it does not copy the pages it would walk (some 10 ms of a corpus check); a
        # freeze made before (unlev.tools.collector: the command's start-up) is kept
        frozen_before = gc.get_freeze_count()
        gc.freeze()
        try:
            for _ in range(max(0, min(jobs, len(files)) - 1)):
                res_r, res_w = os.pipe()
                pid = os.fork()
                if pid == 0:
                    _worker(task_r, res_w, [res_r, *workers], files, check)
                os.close(res_w)
                workers[res_r] = [pid, b""]
                pids.append(pid)
        finally:
            if not frozen_before:
                gc.unfreeze()
        yield from _collect(files, task_r, workers, check, done)
    finally:
        os.close(task_r)
        for fd in list(workers):
            os.close(fd)
        _reap(pids, stop=sys.exc_info()[0] is not None or bool(workers))


def _collect(files, task_r, workers, check, results: dict):
    tasks_left = True
    for want in range(len(files)):
        while want not in results:
            _take(workers, results, wait=False)
            if want in results:
                break
            if tasks_left:
                got = os.read(task_r, 4)
                if len(got) == 4:
                    i = int.from_bytes(got, "little")
                    results[i] = check(files[i])
                    continue
                tasks_left = False
            if workers:
                _take(workers, results, wait=True)
            else:                       # a worker died before answering: check it here
                results[want] = check(files[want])
        yield results.pop(want)


def _take(workers: dict, results: dict, wait: bool) -> None:
    """Read what the workers have sent (waiting for something when ``wait``); a
    worker's pipe at its end is closed and forgotten."""
    ready, _, _ = select.select(list(workers), [], [], None if wait else 0)
    for fd in ready:
        chunk = os.read(fd, 1 << 16)
        slot = workers[fd]
        if not chunk:
            os.close(fd)
            del workers[fd]
            continue
        data = slot[1] + chunk
        while len(data) >= 4:
            n = int.from_bytes(data[:4], "little")
            if len(data) < 4 + n:
                break
            i, ok, held, text = marshal.loads(data[4:4 + n])
            results[i] = (ok, held, text)
            data = data[4 + n:]
        slot[1] = data


def _worker(task_r: int, res_w: int, others: list, files: list, check) -> None:
    """A forked worker's whole life: check files until the pipe of numbers is empty,
    then leave without running the command's exit handlers."""
    code = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for fd in others:
            os.close(fd)
        while True:
            got = os.read(task_r, 4)
            if len(got) < 4:
                break
            i = int.from_bytes(got, "little")
            ok, held, text = check(files[i])
            data = marshal.dumps((i, ok, held, text))
            data = len(data).to_bytes(4, "little") + data
            while data:
                data = data[os.write(res_w, data):]
    except BaseException:               # noqa: BLE001 - the command checks the file again
        code = 1
    finally:
        try:                            # nothing of a check goes there; as a pool's worker
            sys.stdout.flush()          # does, what might is not lost
        except BaseException:           # noqa: BLE001
            pass
        os._exit(code)


def _reap(pids: list, stop: bool) -> None:
    """Wait for the workers; on an error, Ctrl-C or results still owed, end them first."""
    for pid in pids:
        if stop:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            os.waitpid(pid, 0)
        except (OSError, ChildProcessError):
            pass
