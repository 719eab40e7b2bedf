"""``unlev test``: run every LEVEL of some des-files under many seeds, check each
result and compare it with its stored snapshot.

Why this module exists: variant maintainers learn about broken levels (unreachable
stairs, monsters in walls, mazes cut in two) from players.  This command runs every
level x seed in parallel (jobs.run_job does one), checks the invariants
(unlev.tools.harness.invariants), compares snapshots (unlev.tools.harness.snapshot), lints the files
(unlev.tools.lint) and reports: details of each failure, a summary table, ``N passed, M
failed``, and on request JUnit XML, JSON and HTML (unlev.tools.harness.report).
Memory does not grow with the levels and seeds run: each batch's result rows go to a
file as they come (unlev.tools.harness.rows) and every output is written from it, a
row at a time, in job order, after the run.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import sys
import time
from typing import Dict, Iterable, List, Optional, Tuple

from unlev.tools.harness.config import ConfigError, SkipConfig, directives_of, parse_seeds
from unlev.tools.harness.jobs import ERROR, FAILED, PASSED, Job, LevelRef, Settings, \
    describe_failure, list_levels, run_job
from unlev.tools.harness.rows import RowFileError, RunRows
from unlev.tools.executor import DEFAULT_CONNECT_TIMEOUT, ExecutorError, \
    add_executor_options, run_unordered
from unlev.lang.diagnostics import DesError
from unlev.output.words import count

EXAMPLES = """examples:
  unlev test ../shared/corpus/unnethack/ --seeds 1..10
  unlev test mylevels/ --snapshots snapshots/ --update      record what the levels look like
  unlev test mylevels/ --snapshots snapshots/ --junit-xml report.xml -j 4

switching a check off for one level (checks: reachable, embedded, doors, maze, stairs,
lint, snapshot):
  in the des-file, under the LEVEL line:   # unlev-test: skip reachable -- across water
  or in unlev-test.ini:                    [medusa-*]
                                           skip = reachable
exit status: 0 all passed, 1 a run failed, 2 usage error
"""


def add_parser(subparsers) -> None:
    from unlev.tools.common import add_common_options, add_compat_option
    p = subparsers.add_parser(
        "test", help="run levels under many seeds: invariants, snapshots, lint",
        description="Run every LEVEL of the des-files under every seed; check what must "
        "always hold (stairs reachable, nothing embedded in rock, doors in walls, mazes "
        "connected, the stairs asked for exist), compare with stored snapshots, lint. "
        "Ends with a summary table and 'N passed, M failed'.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="*", default=["."], metavar="PATH",
                   help="des-files or directories to search (default: .)")
    from unlev.tools.common import add_seeds_option
    add_seeds_option(p)
    p.add_argument("--snapshots", metavar="DIR",
                   help="compare with the snapshots in DIR (new ones are created)")
    p.add_argument("--update", action="store_true",
                   help="(re)write the snapshots that differ, and say what changed")
    p.add_argument("--ci", action="store_true",
                   help="a missing snapshot is a failure instead of being created")
    add_executor_options(p)
    p.add_argument("--timeout", type=_seconds, default=60.0, metavar="SECONDS",
                   help="stop a run that takes longer (one level, one seed; default 60; "
                   "0: no limit)")
    from unlev.tools.common import LEVEL_FILTER_HELP
    p.add_argument("--level", action="append", default=[], metavar="GLOB",
                   help=LEVEL_FILTER_HELP)
    p.add_argument("--config", metavar="FILE",
                   help="per-level settings (default: ./unlev-test.ini if present)")
    p.add_argument("--junit-xml", metavar="FILE", help="write a JUnit XML report")
    p.add_argument("--json-report", metavar="FILE", help="write a JSON report")
    p.add_argument("--html", metavar="PATH",
                   help="write the report as a page: each failure with its level drawn, "
                   "a changed snapshot's two levels side by side with the changed squares "
                   "marked")
    p.add_argument("--lint", choices=("warn", "error", "off"), default="warn",
                   help="lint findings: show them (default), fail on them, or skip lint")
    add_compat_option(p)
    from unlev.tools.context_options import add_context_options
    add_context_options(p)
    from unlev.tools.common import NO_FLIP_HELP, QUIET_HELP
    p.add_argument("--no-flip", action="store_true", help=NO_FLIP_HELP)
    p.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    p.add_argument("--table", choices=("auto", "all", "failing"), default="auto",
                   help="summary rows: every level or only failing ones (auto: all "
                   "when 40 levels or fewer)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_common_options(p)
    p.set_defaults(func=cmd_test)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 86400:
        raise argparse.ArgumentTypeError("between 0 and 86400 seconds")
    return value


# ------------------------------------------------------------------ running jobs
def _run_batch(batch: Tuple[List[Job], Settings]) -> List[dict]:
    jobs, settings = batch
    return [run_job(j, settings) for j in jobs]


def _batches(jobs: List[Job]) -> List[List[Job]]:
    """All seeds of one level go to one worker (it compiles the file once)."""
    out: Dict[Tuple[str, int], List[Job]] = {}
    for j in jobs:
        out.setdefault((j.path, j.index), []).append(j)
    return list(out.values())


def _run_levels(batch: Tuple[List[LevelRef], List[int], Settings]) -> List[dict]:
    refs, seeds, settings = batch
    return [run_job(j, settings) for ref in refs for j in ref.jobs(seeds)]


def run_into(run: RunRows, settings: Settings, workers: int = 1, progress=None,
             scheduler: Optional[str] = None,
             connect_timeout: float = DEFAULT_CONNECT_TIMEOUT) -> None:
    """Run every batch of ``run`` (wherever the jobs run, as :func:`run_jobs`) and store
    each batch's rows in it as they come; ``progress`` is called with them too."""
    for i, rs in run_unordered(_run_levels, [(refs, seeds, settings)
                                             for refs, seeds in run.batches],
                               workers=workers, scheduler=scheduler,
                               connect_timeout=connect_timeout):
        run.put(i, rs)
        if progress:
            progress(rs)


def run_jobs(jobs: List[Job], settings: Settings, workers: int = 1,
             progress=None, scheduler: Optional[str] = None,
             connect_timeout: float = DEFAULT_CONNECT_TIMEOUT) -> List[dict]:
    """Every job's result, in job order wherever the jobs ran (unlev.tools.executor:
    here, ``workers`` local processes, or the Dask cluster at ``scheduler``).
    ``progress`` is called with each batch's results as it finishes."""
    batches = _batches(jobs)
    done: Dict[Job, dict] = {}
    for i, rs in run_unordered(_run_batch, [(b, settings) for b in batches],
                               workers=workers, scheduler=scheduler,
                               connect_timeout=connect_timeout):
        done.update(zip(batches[i], rs))
        if progress:
            progress(rs)
    return [done[j] for j in jobs]


# ------------------------------------------------------------------ the command
def cmd_test(args) -> int:
    from rich.console import Console
    from unlev.tools.common import find_des_files, format_des_error

    err = Console(stderr=True, highlight=False)
    out = Console(highlight=False, width=None if sys.stdout.isatty() else 160,
                  soft_wrap=False)
    try:
        seeds = parse_seeds(args.seeds)
        config = SkipConfig.find(args.config, args.paths)
    except ConfigError as e:
        print(f"unlev test: error: {e}", file=sys.stderr)
        return 2
    if (args.update or args.ci) and not args.snapshots:
        print("unlev test: error: --update and --ci need --snapshots DIR", file=sys.stderr)
        return 2
    from unlev.tools.common import unreadable
    from unlev.tools.context_options import context_values
    if unreadable("test", args.paths):
        return 2
    writes = args.update or not args.ci          # --ci alone only reads snapshots
    if args.snapshots and writes and not _writable_folder(args.snapshots):
        return 2
    files = find_des_files(args.paths)
    if not files:
        print("unlev test: error: no des-files found", file=sys.stderr)
        return 2
    if args.scheduler:
        # a Dask worker runs in its own directory, maybe on another machine: every path
        # it is sent must be absolute (the same paths on every worker)
        files = [os.path.abspath(f) for f in files]
        args.include_path = [os.path.abspath(d) for d in args.include_path]
        if args.snapshots:
            args.snapshots = os.path.abspath(args.snapshots)
    settings = Settings(snapshots=args.snapshots, update=args.update, ci=args.ci,
                        compat=args.compat, no_flip=args.no_flip,
                        include_path=tuple(args.include_path), config=config,
                        dialect=args.dialect, context=context_values(args),
                        data=_data_folder(args), lenient=bool(getattr(args, "lenient", False)),
                        timeout=args.timeout, limits=args.settings.limits)
    t0 = time.perf_counter()
    try:
        return _plan_run_report(files, seeds, settings, config, t0, args, out, err)
    except RowFileError as e:
        print(f"unlev test: error: {e}", file=sys.stderr)
        return 2


def _plan_run_report(files, seeds, settings, config, t0, args, out, err) -> int:
    from unlev.tools.common import format_des_error
    with RunRows(seeds) as run:
        lint_text: Dict[str, List[str]] = {}
        lint_count = 0
        for f in files:
            try:
                refs = list_levels(f, settings)
            except DesError as e:
                run.add_failed_file({"file": f, "level": "(compile)", "seed": 0,
                                     "outcome": ERROR, "violations": [], "skipped": [],
                                     "snapshot": None, "diff": "", "diff_summary": "",
                                     "error": format_des_error(e, f), "seconds": 0.0})
                continue
            if args.level:
                refs = [r for r in refs
                        if any(fnmatch.fnmatchcase(r.level, g) for g in args.level)]
            for ref in refs:
                run.add_level(ref)
            if f.endswith(".lua"):     # a Lua level: no des-file directives, nothing to lint
                continue
            _directives, problems = directives_of(f)
            for pr in problems:
                print(f"{pr} [warning]", file=sys.stderr)
            if args.lint != "off" and refs and seeds:
                msgs = _lint(f, settings, {r.level for r in refs}, config)
                if msgs:
                    lint_text[f] = msgs
                    lint_count += len(msgs)
        run.planned()

        try:
            _execute(run, settings, args, err)
        except ExecutorError as e:
            print(f"unlev test: error: {e}", file=sys.stderr)
            return 2
        seconds = time.perf_counter() - t0
        if args.snapshots and not args.level:
            _stale_snapshots(run.level_refs(), args, out)
        return _report(run, lint_text, lint_count, seconds, seeds, args, out)


def _stale_snapshots(refs: Iterable[LevelRef], args, out) -> None:
    """Say which snapshot folders belong to no LEVEL of their file any more (a renamed
    LEVEL's old snapshots were left behind silently); ``--update`` removes them."""
    import shutil
    from unlev.tools.harness.jobs import file_key
    from unlev.tools.harness.snapshot import SnapshotStore
    store = SnapshotStore(args.snapshots)
    by_file: Dict[str, set] = {}
    for r in refs:
        by_file.setdefault(r.path, set()).add(r.label or r.level)
    for path, levels in sorted(by_file.items()):
        for folder in store.stale_levels(file_key(path), levels):
            if args.update:
                shutil.rmtree(folder)
                out.print(f"removed {folder}: no LEVEL of {path} has that name now",
                          markup=False)
            else:
                out.print(f"stale snapshots {folder}: no LEVEL of {path} has that name "
                          "now (renamed or removed? --update removes them)", markup=False)


def _writable_folder(path: str) -> bool:
    """The snapshot folder exists or can be made, and a file can be made in it; else
    ``unlev test: error: cannot write PATH: reason`` (exit 2), once, before any run."""
    import tempfile
    try:
        os.makedirs(path, exist_ok=True)
        if not os.path.isdir(path):
            raise NotADirectoryError(20, "Not a directory")
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        print(f"unlev test: error: cannot write {path}: {e.strerror or e}", file=sys.stderr)
        return False
    return True


def _data_folder(args):
    prof = args.settings.data
    if prof is None:
        return None
    return prof.name if prof.builtin else str(prof.path)


def _lint(path: str, settings: Settings, levels, config: SkipConfig) -> List[str]:
    from unlev.tools.harness.jobs import compiled_file
    from unlev.tools.lint import lint_tree
    compiled, directives, _r = compiled_file(path, settings)
    if "lint" in directives.get(None, set()):
        return []
    if levels and all("lint" in (directives.get(lv, set()) | config.skipped(lv))
                      for lv in levels):
        return []
    found = lint_tree(compiled.tree, path)
    starts = sorted((lv.span.line, lv.name) for lv in compiled.tree.levels)

    def level_of(line: int):
        """The LEVEL a finding's line belongs to (the last one starting before it)."""
        name = None
        for start, lv in starts:
            if start <= line:
                name = lv
        return name

    kept = []
    for d in found:
        lv = level_of(d.span.line)
        if levels and lv is not None and lv not in levels:
            continue        # --level: another LEVEL's finding is not this run's
        if lv is not None and d.code in config.lint_ignored(lv):
            continue
        kept.append(d.format(compiled.sources))
    return kept


def _execute(run: RunRows, settings: Settings, args, err) -> None:
    workers = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    where = dict(workers=workers, scheduler=args.scheduler,
                 connect_timeout=args.scheduler_timeout)
    total = run.job_count
    show = not args.no_progress and not getattr(args, "quiet", False) and err.is_terminal \
        and total
    if not show:
        run_into(run, settings, **where)
        return
    from rich.progress import (BarColumn, MofNCompleteColumn, Progress, SpinnerColumn,
                               TextColumn, TimeElapsedColumn, TimeRemainingColumn)
    failed = [0]
    with Progress(SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(),
                  MofNCompleteColumn(), TextColumn("[red]{task.fields[failed]} failed"),
                  TimeElapsedColumn(), TimeRemainingColumn(), console=err,
                  transient=False) as prog:
        task = prog.add_task("levels", total=total, failed=0)

        def advance(rs: List[dict]) -> None:
            failed[0] += sum(1 for r in rs if r["outcome"] != PASSED)
            last = rs[-1]["level"] if rs else ""
            prog.update(task, advance=len(rs), failed=failed[0], description=last)

        run_into(run, settings, progress=advance, **where)


def _report(run: RunRows, lint_text: Dict[str, List[str]], lint_count: int,
            seconds: float, seeds: List[int], args, out) -> int:
    """The terminal's report and the report files, each written from the run's rows in
    job order, a row at a time (a pass over the row file each)."""
    from unlev.tools.harness.report import summary_table, write_html_report, \
        write_json_report, write_junit_xml

    for msgs in ([] if getattr(args, "quiet", False) and args.lint != "error"
                 else lint_text.values()):
        for m in msgs:
            out.print(m, markup=False)
    tally = run.tally()
    failed = tally[FAILED] + tally[ERROR]
    shown: Dict[bytes, int] = {}       # a failure told once per level, not per seed
    for r in (run.rows() if failed else ()):
        if r["outcome"] == PASSED:
            continue
        head = "ERROR" if r["outcome"] == ERROR else "FAIL"
        text = describe_failure(r)
        same = _digest(r["file"], r["level"], r["snapshot"], r["diff"]) \
            if r["snapshot"] == "changed" and not r["violations"] and not r["error"] else None
        if same is not None and same in shown:
            out.print(f"[bold red]{head}[/] {r['level']} seed {r['seed']}: the same "
                      f"snapshot difference as seed {shown[same]}")
            continue
        if same is not None:
            shown[same] = r["seed"]
        out.print(f"\n[bold red]{head}[/] {r['level']} seed {r['seed']} "
                  f"({os.path.basename(r['file'])})")
        for line in text.split("\n"):
            out.print("  " + line, markup=False)
    shown.clear()
    for r in (run.rows() if tally["updated"] else ()):
        if r["snapshot"] == "updated":
            out.print(f"updated {r['level']} seed {r['seed']}: {r['diff_summary']}",
                      markup=False)
    created = tally["created"]
    if created:
        out.print(f"created {created} snapshot{'s' if created != 1 else ''} "
                  f"in {args.snapshots}", markup=False)
    if args.update and not tally["updated"]:
        out.print("no snapshot changed", markup=False)
    levels = run.level_count
    mode = args.table
    if mode == "auto":
        mode = "all" if levels <= 40 else "failing"
    if mode == "all" or failed:
        out.print()
        out.print(summary_table(run.rows(), only_failing=(mode == "failing"),
                                contiguous=run.contiguous))
        if mode == "failing" and levels > 40:
            out.print(f"({levels} levels run; only failing ones listed: --table all "
                      "lists every one)", markup=False)
    lint_part = f", {count(lint_count, 'lint warnings')}" if lint_count else ""
    out.print(f"{tally[PASSED]} passed, {failed} failed{lint_part}", markup=False)
    out.print(f"{count(tally['runs'], 'runs')} ({count(levels, 'levels')} x "
              f"{count(len(seeds), 'seeds')}) in "
              f"{seconds:.1f} s", markup=False)
    if args.junit_xml:
        _write(args.junit_xml, lambda fh: write_junit_xml(fh, run.rows, lint_text,
                                                          contiguous=run.contiguous))
    if args.json_report:
        _write(args.json_report, lambda fh: write_json_report(
            fh, run.rows, seconds, seeds, lint_text, contiguous=run.contiguous))
    if args.html:
        _write(args.html, lambda fh: write_html_report(fh, run.rows, seconds, seeds,
                                                       lint_text))
    if failed or (args.lint == "error" and lint_count):
        return 1
    return 0


def _digest(*parts) -> bytes:
    """A short stand-in for a failure's (file, level, snapshot, diff): the diff text
    itself is not kept."""
    import hashlib
    return hashlib.sha256(repr(parts).encode("utf-8", "surrogatepass")).digest()


def _write(path: str, write) -> None:
    """``write(fh)`` writes a report into ``path`` (folders made as needed)."""
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    with open(path, "w", encoding="utf-8") as fh:
        write(fh)
    print(f"wrote {path}", file=sys.stderr)
