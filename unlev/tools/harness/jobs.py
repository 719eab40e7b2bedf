"""One regression job: build a LEVEL with a seed, check it, compare its snapshot.

Why this module exists: ``unlev test`` (in worker processes) and the pytest plugin
(one test item per job) must do exactly the same thing for a level and seed, and a
job must be cheap to send to another process: a :class:`Job` and :class:`Settings`
are small picklable values, the result a plain dict.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
import traceback
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

from unlev.tools.harness.config import SkipConfig, directives_of, skipped_checks
from unlev.lang.diagnostics import DesError
from unlev.lang.limits import Limits

PASSED, FAILED, ERROR = "passed", "failed", "error"


@dataclass(frozen=True)
class Job:
    path: str
    level: str
    index: int           # position of the LEVEL in its file
    seed: int
    label: str = ""      # the level's name, made unique in its file (``name#index``)

    @property
    def name(self) -> str:
        return f"{self.label or self.level}[seed={self.seed}]"


@dataclass(frozen=True)
class LevelRef:
    """One LEVEL of a file, to be run under every seed of the run: ``unlev test`` keeps
    one of these per level (its jobs are made where they run), not a :class:`Job` per
    level and seed."""
    path: str
    level: str
    index: int           # position of the LEVEL in its file
    label: str = ""      # the level's name, made unique in its file (``name#index``)

    def jobs(self, seeds) -> List[Job]:
        return [Job(self.path, self.level, self.index, s, self.label) for s in seeds]


@dataclass(frozen=True)
class Settings:
    snapshots: Optional[str] = None     # snapshot directory; None: no snapshots
    update: bool = False                # (re)write snapshots instead of comparing
    ci: bool = False                    # a missing snapshot fails instead of being made
    compat: str = "documented"          # or "game" (see unlev run --compat)
    no_flip: bool = False
    include_path: Tuple[str, ...] = ()
    config: SkipConfig = field(default_factory=SkipConfig)
    dialect: str = "auto"
    context: Tuple = ()                 # run's --depth ... --date (context_options)
    data: Optional[str] = None          # --data: the profile's folder (None: the dialect's)
    lenient: bool = False               # --lenient: unknown names make placeholders
    timeout: float = 60.0               # --timeout: seconds one run may take (0: none)
    limits: Limits = field(default_factory=Limits)  # UNLEV_LIMITS (unlev.lang.limits)


@lru_cache(maxsize=8)
def front_settings(dialect: str, data: Optional[str], lenient: bool,
                   limits: Optional[Limits] = None):
    """The front end's :class:`~unlev.lang.settings.Settings` for a run's --dialect,
    --data, --lenient and limits (the profile read once per process: a worker process
    gets the picklable words, not the profile)."""
    from unlev.lang.settings import Settings as FrontSettings
    return FrontSettings.from_options(dialect, data, lenient, limits=limits)


def file_key(path: str) -> str:
    return os.path.splitext(os.path.basename(path))[0]


# ------------------------------------------------------------------ per-process caches
_COMPILED: Dict[tuple, tuple] = {}   # a changed file is compiled again


def compiled_file(path: str, settings: Optional[Settings] = None):
    """(compiled, directives, required-features cache) of a des-file, once per
    process, read with the run's include path, dialect, data and lenient settings;
    raises DesError."""
    settings = settings or Settings()
    include_path, dialect = settings.include_path, settings.dialect
    try:
        st = os.stat(path)
        stamp = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    key = (os.path.abspath(path), stamp, tuple(include_path), dialect, settings.data,
           settings.lenient, settings.limits)
    hit = _COMPILED.get(key)
    if hit is None:
        from unlev.lang.frontend import compile_file
        compiled = compile_file(path, include_path=list(include_path), compat_warnings=False,
                                settings=front_settings(dialect, settings.data,
                                                        settings.lenient, settings.limits))
        directives, _problems = directives_of(path)
        hit = (compiled, directives, {})
        _COMPILED[key] = hit
    return hit


def list_levels(path: str, settings: Optional[Settings] = None) -> List[LevelRef]:
    """Every LEVEL of a file, in file order; raises DesError when the file does not
    compile.  A NetHack 3.7 ``.lua`` file holds one level, named by the file."""
    if path.endswith(".lua"):
        from unlev.lua.runtime import check_lua_text, level_name_of
        with open(path, encoding="utf-8", errors="replace") as fh:
            check_lua_text(fh.read(), path)
        name = level_name_of(path)
        return [LevelRef(path, name, 0, name)]
    compiled, _d, _r = compiled_file(path, settings)
    levels = compiled.tree.levels
    names = [lv.name for lv in levels]
    labels = [n if names.count(n) == 1 else f"{n}#{i}" for i, n in enumerate(names)]
    return [LevelRef(path, lv.name, i, labels[i]) for i, lv in enumerate(levels)]


def list_jobs(path: str, seeds: List[int], settings: Optional[Settings] = None) -> List[Job]:
    """Every LEVEL x seed of a file (level by level, the seeds in order); raises
    DesError when the file does not compile."""
    return [j for ref in list_levels(path, settings) for j in ref.jobs(seeds)]


def build(compiled, node, seed: int, settings: Settings):
    from unlev.generate.build import build_level
    from unlev.stdlib.compat import Compat
    from unlev.tools.context_options import contexts

    context, rc = contexts(node.name, settings.context or None)
    game = settings.compat == "game"
    kwargs = {"flip_bits": 0} if settings.no_flip else {}
    return build_level(compiled, node, seed=seed, context=context,
                       compat=Compat.named(settings.compat),
                       force_flip=not game, run_context=rc, **kwargs)


# ------------------------------------------------------------------ the job
def run_job(job: Job, settings: Settings) -> dict:
    """Build, check and compare one level; never raises (errors become results)."""
    t0 = time.perf_counter()
    result = {"file": job.path, "level": job.label or job.level, "seed": job.seed,
              "outcome": PASSED,
              "violations": [], "skipped": [], "snapshot": None, "diff": "",
              "diff_summary": "", "error": "", "seconds": 0.0}
    try:
        with _time_limit(settings.timeout):
            _run(job, settings, result)
    except RunTimeout:
        result["outcome"] = ERROR
        result["error"] = (f"the run took more than {settings.timeout:g} s and was stopped "
                           "(--timeout SECONDS sets the limit)")
    except DesError as e:
        from unlev.tools.common import format_des_error
        result["outcome"] = ERROR
        result["error"] = format_des_error(e, job.path)
    except Exception as e:   # a bug in unlev: say where, without a traceback dump
        tb = traceback.extract_tb(e.__traceback__)
        where = f" ({os.path.basename(tb[-1].filename)}:{tb[-1].lineno})" if tb else ""
        result["outcome"] = ERROR
        result["error"] = f"internal error: {type(e).__name__}: {e}{where}"
    result["seconds"] = round(time.perf_counter() - t0, 4)
    return result


class RunTimeout(Exception):
    """One run went past ``--timeout``."""


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Stop the run (RunTimeout) after ``seconds`` of wall-clock time: a level the step
    limit does not stop (a slow finishing step) cannot hold the whole test run.  In the
    main thread a signal (SIGALRM) stops it; in another thread (a Dask worker runs jobs
    in threads, where no signal can reach) :func:`_thread_time_limit`."""
    if not seconds or seconds <= 0:
        yield
        return
    if threading.current_thread() is not threading.main_thread() \
            or not hasattr(signal, "setitimer"):
        with _thread_time_limit(seconds):
            yield
        return

    def expire(_sig, _frame):
        raise RunTimeout()

    old = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


@contextlib.contextmanager
def _thread_time_limit(seconds: float):
    """The time limit in a thread that is not the main one: a timer thread raises
    RunTimeout in it asynchronously (CPython's PyThreadState_SetAsyncExc), which Python
    delivers at the thread's next bytecode -- so not inside one long call into C, a
    regular expression or Lua (Lua has its own instruction limit).  Disarmed under a
    lock on the way out; a RunTimeout set but not yet raised is withdrawn then.
    Elsewhere than CPython, no limit."""
    try:
        import ctypes
        set_async = ctypes.pythonapi.PyThreadState_SetAsyncExc
    except (ImportError, AttributeError):
        yield
        return
    ident = ctypes.c_ulong(threading.get_ident())
    lock = threading.Lock()
    state = {"armed": True, "fired": False}

    def fire() -> None:
        with lock:
            if state["armed"]:
                state["fired"] = True
                set_async(ident, ctypes.py_object(RunTimeout))

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            state["armed"] = False
            timer.cancel()
            if state["fired"]:
                set_async(ident, None)      # withdraw one not raised yet


def _run_lua(job: Job, settings: Settings, result: dict) -> None:
    """A Lua level: built as ``unlev run FILE.lua`` builds it; what it must create is not
    known statically, so only the invariants that hold for every level are checked."""
    from types import SimpleNamespace
    from unlev.tools.convert import build_lua_like_run
    from unlev.tools.harness.invariants import Required, check_level

    skip = skipped_checks(job.level, {}, settings.config, job.seed)
    result["skipped"] = sorted(skip)
    from unlev.tools.context_options import CONTEXT_KEYS
    values = dict(zip(CONTEXT_KEYS, settings.context or (None,) * len(CONTEXT_KEYS)))
    level = build_lua_like_run(job.path, job.seed,
                               SimpleNamespace(compat=settings.compat, no_flip=settings.no_flip,
                                               limits=settings.limits, **values))
    violations = check_level(level, Required(), skip)
    result["violations"] = [v.to_dict() for v in violations]
    if violations:
        result["outcome"] = FAILED
        result["map"] = _screen(level)      # for the HTML report's drawing
    if settings.snapshots and "snapshot" not in skip:
        _compare_snapshot(job, settings, level, result)


def _run(job: Job, settings: Settings, result: dict) -> None:
    from unlev.tools.harness.invariants import check_level, required_features

    if job.path.endswith(".lua"):
        _run_lua(job, settings, result)
        return

    compiled, directives, required = compiled_file(job.path, settings)
    levels = compiled.tree.levels
    node = levels[job.index] if job.index < len(levels) else None
    if node is None or node.name != job.level:
        node = next((lv for lv in levels if lv.name == job.level), None)
        if node is None:
            raise DesError(f"no LEVEL named {job.level!r} in {job.path}")
    skip = skipped_checks(job.level, directives, settings.config, job.seed)
    result["skipped"] = sorted(skip)
    if job.index not in required:
        required[job.index] = required_features(node, compiled.tree.header)
    level = build(compiled, node, job.seed, settings)
    violations = check_level(level, required[job.index], skip)
    result["violations"] = [v.to_dict() for v in violations]
    if violations:
        result["outcome"] = FAILED
        result["map"] = _screen(level)      # for the HTML report's drawing
        # the problem spots marked on the des-file's map, and how to see it again
        result["marked_map"] = marked_map(level, [v.at for v in violations if v.at])
        result["command"] = reproducing_command(job, settings)
    if settings.snapshots and "snapshot" not in skip:
        _compare_snapshot(job, settings, level, result)


def _screen(level) -> str:
    from unlev.output.render import display_rows
    return "\n".join(row.rstrip() for row in display_rows(level)) + "\n"


def marked_map(level, spots) -> str:
    """The level's map (the des-file characters, '<' and '>' for stairs) with each
    problem spot marked X (no map character: 'Y' would read as a crystal ice wall),
    framed by column and row numbers, and cut to the rows and columns that are not all
    stone; the legend under it gives each X's coordinates."""
    rows = [list(r) for r in level.to_ascii().split("\n")]
    marks = {}
    for at in dict.fromkeys(tuple(a) for a in spots):
        x, y = at
        if 0 <= y < len(rows) and 0 <= x < len(rows[y]):
            rows[y][x] = "X"
            marks[(x, y)] = rows[y][x]
    used_y = [y for y, r in enumerate(rows) if any(c != " " for c in r)] or [0]
    used_x = [x for x in range(len(rows[0])) if any(r[x] != " " for r in rows)] or [0]
    x0, x1, y0, y1 = min(used_x), max(used_x), min(used_y), max(used_y)
    tens = "".join(str(x // 10 % 10) if x % 10 == 0 else " " for x in range(x0, x1 + 1))
    ones = "".join(str(x % 10) for x in range(x0, x1 + 1))
    out = ["    " + tens.rstrip(), "    " + ones]
    for y in range(y0, y1 + 1):
        out.append(f"{y:>3} " + "".join(rows[y][x0:x1 + 1]).rstrip())
    if marks:
        out.append("    X: " + ", ".join(f"({x},{y})" for x, y in marks))
    return "\n".join(out)


def reproducing_command(job: Job, settings: Settings) -> str:
    """The ``unlev test`` command line that runs this one level and seed again with
    the same settings (and ``unlev run`` to look at it)."""
    import shlex
    from unlev.tools.context_options import CONTEXT_KEYS
    words = ["unlev", "test", job.path, "--level", job.level, "--seeds", str(job.seed)]
    if settings.compat != "documented":
        words += ["--compat", settings.compat]
    if settings.no_flip:
        words.append("--no-flip")
    if settings.dialect != "auto":
        words += ["--dialect", settings.dialect]
    if settings.data:
        words += ["--data", settings.data]
    if settings.lenient:
        words.append("--lenient")
    for d in settings.include_path:
        words += ["--include-path", d]
    for key, value in zip(CONTEXT_KEYS, settings.context or ()):
        if value is not None:
            text = value.strftime("%Y-%m-%dT%H:%M") if hasattr(value, "strftime") else value
            words += ["--" + key, str(text)]
    return " ".join(shlex.quote(w) for w in words)


def _compare_snapshot(job: Job, settings: Settings, level, result: dict) -> None:
    from unlev.tools.harness.snapshot import (SnapshotError, SnapshotStore, diff_snapshots,
                                              make_snapshot)

    store = SnapshotStore(settings.snapshots)
    key = file_key(job.path)
    name = job.label or job.level
    new = make_snapshot(level, job.seed, os.path.basename(job.path))
    if settings.update or not settings.ci:          # a run that may write: a killed
        store.clean(key, name)                      # writer's temporaries go
    try:
        old = store.load(key, name, job.seed)
    except SnapshotError as e:
        if settings.update:                 # --update writes a good one over it
            _write_snapshot(store, key, name, job.seed, new, result)
            if not result["error"]:
                result["snapshot"] = "updated"
                result["diff_summary"] = f"replaced a damaged snapshot ({e})"
            return
        result["outcome"] = ERROR
        result["error"] = f"{e} (run with --update to replace it)"
        return
    if old is None:
        if settings.ci and not settings.update:
            result["snapshot"] = "missing"
            result["outcome"] = FAILED
            return
        _write_snapshot(store, key, name, job.seed, new, result)
        if not result["error"]:
            result["snapshot"] = "created"
        return
    diff = diff_snapshots(old, new)
    if not diff:
        result["snapshot"] = "match"
        return
    result["diff"] = diff.text
    result["diff_summary"] = diff.summary
    result["map"], result["old_map"] = new.text, old.text   # both drawn by the HTML report
    if settings.update:
        _write_snapshot(store, key, name, job.seed, new, result)
        if not result["error"]:
            result["snapshot"] = "updated"
    else:
        result["snapshot"] = "changed"
        result["outcome"] = FAILED


def _write_snapshot(store, key, name, seed, new, result: dict) -> None:
    """Write a snapshot; one that cannot be written is the job's error (``cannot write
    PATH: reason``) -- the command checks the folder itself before it starts."""
    from unlev.tools.harness.snapshot import SnapshotWriteError
    try:
        store.write(key, name, seed, new)
    except SnapshotWriteError as e:
        result["outcome"] = ERROR
        result["error"] = str(e)


def describe_failure(result: dict, update_option: str = "--update") -> str:
    """The text shown for a failed or erroring job; ``update_option`` is how the
    caller's command line spells "accept the new snapshots" (the pytest plugin's is
    ``--unlev-update``)."""
    lines = []
    if result["error"]:
        lines.append(result["error"])
    for v in result["violations"]:
        at = f" at ({v['at'][0]},{v['at'][1]})" if v.get("at") else ""
        lines.append(f"[{v['check']}]{at}: {v['message']}")
    if result.get("marked_map"):
        lines.append(result["marked_map"])
    if result.get("command"):
        lines.append(f"reproduce: {result['command']}")
    if result["snapshot"] == "changed":
        lines.append(f"snapshot differs ({result['diff_summary']}):")
        lines.append(result["diff"])
        lines.append(f"(run with {update_option} to accept the new level)")
    elif result["snapshot"] == "missing":
        lines.append(f"no stored snapshot (run with {update_option} to create it)")
    return "\n".join(lines)
