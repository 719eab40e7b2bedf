"""Where the independent jobs of ``unlev test`` and ``unlev compare`` run.

Why this module exists: both commands cut their work into small picklable jobs (a
level and some seeds) whose results are plain data.  This is the one place that runs
such jobs: in this process, on local worker processes (``-j N``, one per core by
default), or on an existing Dask distributed cluster (``--scheduler ADDRESS``, e.g.
``tcp://10.0.0.5:8786``) for sweeps bigger than one machine.  Results come back as the
jobs finish, each with its job's number, so a command can report progress and still
put the results in job order: they are the same wherever the jobs ran.

On a cluster the workers must have the same unlev installed (checked before the jobs
are sent) and see the des-files (and the snapshot and reference folders) under the
same paths; the commands send absolute paths, so a worker started elsewhere finds them.  A missing
``distributed`` package or an unreachable scheduler is an :class:`ExecutorError`
with a one-line message, never a traceback.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Callable, Iterator, Optional, Sequence, Tuple, TypeVar

T = TypeVar("T")
R = TypeVar("R")

DEFAULT_CONNECT_TIMEOUT = 10.0      # seconds to reach a scheduler


class ExecutorError(Exception):
    """The jobs cannot be run where they were asked to run."""


def add_executor_options(p) -> None:
    from unlev.tools.common import JOBS_HELP
    p.add_argument("-j", "--jobs", type=int, default=0, metavar="N", help=JOBS_HELP)
    p.add_argument("--scheduler", metavar="ADDRESS", default=None,
                   help="run the jobs on a Dask distributed cluster instead of local "
                   "processes (its scheduler's address, e.g. tcp://127.0.0.1:8786; needs "
                   "pip install 'unlev[dask]', and the files at the same paths on the "
                   "workers)")
    p.add_argument("--scheduler-timeout", type=float, default=DEFAULT_CONNECT_TIMEOUT,
                   metavar="SECONDS",
                   help=f"how long to try to reach the scheduler (default "
                   f"{DEFAULT_CONNECT_TIMEOUT:g})")


def _pool_context():
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def run_unordered(fn: Callable[[T], R], items: Sequence[T], *, workers: int = 1,
                  scheduler: Optional[str] = None,
                  connect_timeout: float = DEFAULT_CONNECT_TIMEOUT
                  ) -> Iterator[Tuple[int, R]]:
    """``(i, fn(items[i]))`` for every item, as the jobs finish.  ``fn`` must be a
    module-level function and the items picklable (they may cross machines)."""
    if scheduler:
        yield from _on_dask(fn, items, scheduler, connect_timeout)
    elif workers <= 1 or len(items) <= 1:
        for i, item in enumerate(items):
            yield i, fn(item)
    else:
        ex = ProcessPoolExecutor(max_workers=min(workers, len(items)),
                                 mp_context=_pool_context(), initializer=watch_parent,
                                 initargs=(os.getpid(),))
        finished = False
        try:
            with _terminate_as_interrupt():
                futures = {ex.submit(fn, item): i for i, item in enumerate(items)}
                for f in as_completed(futures):
                    # a finished future is let go with its result (the caller keeps
                    # what it wants): all of them held to the end grew with the jobs
                    yield futures.pop(f), f.result()
            finished = True
        finally:
            if finished:
                ex.shutdown(wait=True)
            else:
                _stop_now(ex)


def _stop_now(ex: ProcessPoolExecutor) -> None:
    """Interrupted (Ctrl-C, SIGTERM, an error): drop the queued jobs and end the workers
    now -- not after the jobs they hold, which may be writing snapshots."""
    procs = list((getattr(ex, "_processes", None) or {}).values())
    for p in procs:
        try:
            p.terminate()
        except (OSError, AttributeError):
            pass
    ex.shutdown(wait=False, cancel_futures=True)
    for p in procs:
        try:
            p.join(2)
            if p.is_alive():
                p.kill()
        except (OSError, AttributeError, ValueError, AssertionError):
            pass


@contextlib.contextmanager
def _terminate_as_interrupt():
    """SIGTERM (and SIGINT, unless it was inherited ignored) end the command as Ctrl-C
    does, its workers stopped first, instead of killing the parent alone; restored
    afterwards.  Main thread only."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(_sig, _frame):
        raise KeyboardInterrupt

    # SIGINT too, unless it was ignored when the command started: a non-interactive
    # shell starts `cmd &` (and nohup a command) with SIGINT ignored so that Ctrl-C
    # meant for the foreground does not reach it, and a program keeps that choice
    # (POSIX's convention for an ignored signal); SIGTERM always stops it
    sigs = [signal.SIGTERM]
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        sigs.append(signal.SIGINT)
    old = {sig: signal.signal(sig, interrupt) for sig in sigs}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def _end_now() -> None:
    """End this worker at once: no cleanup, no queued job taken up."""
    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))


def watch_parent(pid: int) -> None:
    """A worker's initializer: end the worker as soon as the process that started the
    pool (``pid``) is gone -- killed with SIGKILL, it can tell nobody.  The worker's own
    parent is the fork server, which outlives it, so PR_SET_PDEATHSIG alone would not
    do; a thread waits on a pidfd (Linux), else polls once a second."""
    def wait_then_exit() -> None:
        try:
            fd = os.pidfd_open(pid)           # type: ignore[attr-defined]
        except ProcessLookupError:
            _end_now()
        except (AttributeError, OSError):
            fd = None
        if fd is not None:
            select.select([fd], [], [])
        else:
            while True:
                time.sleep(1.0)
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    break
                except OSError:
                    continue
        _end_now()

    # Ctrl-C in a terminal reaches the whole process group: the parent stops the
    # workers itself, a worker does not print a KeyboardInterrupt traceback of its own
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=wait_then_exit, name="unlev-parent-watch", daemon=True).start()


def worker_pool(jobs: int, initializer: Callable[..., None], initargs: tuple = (),
                preload: Sequence[str] = ()):
    """A ``multiprocessing`` pool of ``jobs`` workers for ``unlev check -j`` and ``unlev
    lint -j``, started as :func:`run_unordered`'s are: from a fork server (else spawned),
    never forked from this process, which may hold threads (Python 3.12+ warns that such
    a fork can deadlock the child).  A worker has nothing of this process's state, so
    what it needs comes as ``initializer(*initargs)`` (picklable: the run's options);
    ``preload`` names modules the fork server imports once for all its workers."""
    ctx = _pool_context()
    if preload and ctx.get_start_method() == "forkserver":
        ctx.set_forkserver_preload(list(preload))      # no effect once the server runs
    return ctx.Pool(jobs, initializer=_start_pool_worker,
                    initargs=(os.getpid(), initializer, initargs))


def _start_pool_worker(parent: int, initializer: Callable[..., None], initargs: tuple) -> None:
    watch_parent(parent)
    initializer(*initargs)


def run_ordered(fn: Callable[[T], R], items: Sequence[T], **where) -> list:
    """Every ``fn(item)``, in item order (see :func:`run_unordered`)."""
    out: list = [None] * len(items)
    for i, r in run_unordered(fn, items, **where):
        out[i] = r
    return out


def connect(address: str, timeout: float = DEFAULT_CONNECT_TIMEOUT):
    """A ``distributed.Client`` on the scheduler at ``address``, or ExecutorError."""
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
        from distributed.comm.registry import backends
    except ImportError:
        raise ExecutorError("--scheduler needs Dask's 'distributed' package: "
                            "pip install 'unlev[dask]'") from None
    # a malformed address is refused here: a Client made with one hangs on closing
    try:
        scheme, where = parse_address(address)
        if scheme not in backends:
            raise ValueError(f"unknown scheme {scheme!r} (known: "
                             f"{', '.join(sorted(backends))})")
        if scheme in ("tcp", "tls", "ws", "wss"):
            parse_host_port(where)
    except ValueError as e:
        raise ExecutorError(f"bad scheduler address {address!r}: {e}") from None
    try:
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as e:
        reason = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {reason}") \
            from None


def unlev_version() -> str:
    """This process's unlev version (run on every worker to compare with ours)."""
    from unlev import __version__
    return __version__


def check_workers(client) -> None:
    """ExecutorError when a worker's unlev is missing or another version than ours:
    the jobs would fail on it with a Dask traceback, or give other levels."""
    from unlev import __version__
    try:
        found = client.run(unlev_version)
    except Exception as e:  # noqa: BLE001 - unlev missing on a worker, a dead worker
        raise ExecutorError(f"the Dask workers cannot run unlev ({type(e).__name__}: "
                            f"{_first_line(e)}); install unlev {__version__} on every "
                            "worker") from None
    other = {w: v for w, v in found.items() if v != __version__}
    if other:
        w, v = next(iter(other.items()))
        raise ExecutorError(f"{len(other)} Dask worker(s) run unlev {v} (e.g. {w}), "
                            f"this one {__version__}: install the same unlev on every worker")


def _first_line(e: BaseException) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def _on_dask(fn, items, address: str, timeout: float):
    client = connect(address, timeout)
    try:
        check_workers(client)
        from distributed import as_completed as dask_completed
        futures = client.map(fn, list(items), pure=False)
        number = {f.key: i for i, f in enumerate(futures)}
        try:
            for fut, result in dask_completed(futures, with_results=True, loop=client.loop):
                yield number[fut.key], result
        except ExecutorError:
            raise
        except Exception as e:  # noqa: BLE001 - a job failed on a worker: one line
            raise ExecutorError(f"a job failed on a Dask worker: {type(e).__name__}: "
                                f"{_first_line(e)} (do the workers have the same Python "
                                "packages and see the files at the same paths?)") from None
    finally:
        client.close()
