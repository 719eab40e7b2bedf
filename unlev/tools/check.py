"""``unlev parse`` and ``unlev check``: read des-files and report what is wrong, without
generating a level.

Why a module of its own: these two are the language half's front end as a command
(:func:`unlev.lang.frontend.compile_file`: lexer, grammar of the dialect, checker), the
counterpart of lev_comp reading a file; they need nothing of the level half, so the
front door (``unlev/cli.py``) can run them without loading it.
"""

from __future__ import annotations

import io
import os
import sys

from unlev.lang.diagnostics import DesError
from unlev.tools.collector import release
from unlev.tools.common import (LINT_ONLY_CODES, add_common_options, find_des_files,
                                format_diagnostic,
                                report_failed_dialect,
                                format_des_error,
                                report_dialect, shown, unreadable)


def add_parser(subparsers) -> None:
    """Add the ``parse`` and ``check`` parsers (both commands live here)."""
    import argparse     # here: a plain check is read without it (unlev.tools.check_argv)
    p = subparsers.add_parser(
        "parse", help="parse a des-file and report syntax errors",
        description="Parse one des-file; with --ast print its syntax tree.",
        epilog="example:\n  unlev parse samples/bigrm.des --ast",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file")
    p.add_argument("--ast", action="store_true", help="print the syntax tree")
    p.add_argument("--spans", action="store_true", help="with --ast: show line:col of each node")
    p.add_argument("--highlight", action="store_true",
                   help="print the file highlighted (the des Pygments lexer)")
    add_common_options(p)
    p.set_defaults(func=cmd_parse)

    c = subparsers.add_parser(
        "check", help="parse and statically check des-files",
        description="Parse and check every des-file given (directories are searched for "
        "*.des). A NetHack 3.7 level file (FILE.lua) is compiled, as luac -p does. "
        "Prints 'N passed, M failed'; exits 0 only if all pass.",
        epilog="examples:\n  unlev check samples/bigrm.des\n"
        "  unlev check ../shared/corpus/unnethack/",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("paths", nargs="+", metavar="FILE|DIR")
    from unlev.tools.common import JOBS_HELP, QUIET_HELP
    c.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    c.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                   help=JOBS_HELP.replace("(default: one per core;", "(default: one per "
                                          "core for a folder of des-files, one for a few "
                                          "small files;"))
    c.add_argument("--no-compat-warnings", action="store_true",
                   help="do not note where the game's loader differs from the documentation "
                   "(these notes show only with --select game-deviation, or in unlev lint)")
    from unlev.tools.common import IGNORE_HELP, SELECT_HELP
    from unlev.tools.diagnostic_formats import add_output_format_option
    add_output_format_option(c)
    c.add_argument("--select", action="append", default=[], metavar="CODE", help=SELECT_HELP)
    c.add_argument("--ignore", action="append", default=[], metavar="CODE", help=IGNORE_HELP)
    c.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the result cache (.unlev_cache/ beside "
                   "the project's unlev.toml, else the user's cache folder)")
    from unlev.tools.common import FIX_HELP
    c.add_argument("--fix", action="store_true", help=FIX_HELP)
    add_common_options(c)
    c.set_defaults(func=cmd_check)


def cmd_parse(args) -> int:
    from unlev.lang import ast as A
    from unlev.lang.frontend import compile_file
    if unreadable("parse", [args.file]):
        return 2
    try:
        compiled = compile_file(args.file, include_path=args.include_path,
                                settings=args.settings)
    except DesError as e:
        print(format_des_error(e, args.file), file=sys.stderr)
        return 1
    report_dialect(args, args.file, compiled)
    for w in compiled.warnings:
        print(format_diagnostic(w, compiled.sources), file=sys.stderr)
    if args.highlight:
        from rich.console import Console
        from rich.syntax import Syntax
        from unlev.output.pygments_lexer import DesLexer
        text = "\n".join(compiled.sources.texts[args.file])
        console = Console(highlight=False)
        syntax = Syntax(text, DesLexer(), line_numbers=True, theme="monokai")
        if console.is_terminal:
            console.print(syntax)
        else:       # piped: whole lines, not cut at 80 columns
            from unlev.tools.common import print_unpadded
            print_unpadded(console, syntax, 1000)
    elif args.ast:
        print(A.dump(compiled.tree, with_spans=args.spans))
    else:
        n = len(compiled.tree.levels)
        print(f"{args.file}: ok ({n} level{'s' if n != 1 else ''})")
    return 0


def check_lua(path: str) -> bool:
    """A NetHack 3.7 Lua level file is checked as ``luac -p`` would: it compiles."""
    from unlev.lua.runtime import check_lua_text
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        check_lua_text(text, path)
    except OSError as e:
        print(f"{path}: error: cannot read: {e.strerror}", file=sys.stderr)
        return False
    except DesError as e:
        print(format_des_error(e, path), file=sys.stderr)
        return False
    return True


def check_one(path: str, args):
    """Check one file, printing its errors and warnings to standard error: (passed,
    what --lenient let through by kind); from the result cache when it has the file."""
    cache = None if path.endswith(".lua") else getattr(args, "result_cache", None)
    try:
        if cache is None:   # --no-cache: the cache's module (hashlib, json) is not loaded
            ok, held, _includes = _check_one(path, args)
            return ok, held
        from unlev.tools.result_cache import cached

        def work():
            ok, held, includes = _check_one(path, args)
            return [ok, held], includes
        ok, held = cached(cache, path, work)
        return ok, held
    finally:
        release()           # what the first file's check loaded is loaded for good


def _check_one(path: str, args):
    """(passed, what --lenient let through, the other files it read or None when they
    are not known: a failed file that INCLUDEs is not cached)."""
    if path.endswith(".lua"):
        return check_lua(path), {}, None
    from unlev.lang.frontend import compile_file
    sink = getattr(args, "sink", None)
    try:
        compiled = compile_file(path, include_path=args.include_path,
                                compat_warnings=not args.no_compat_warnings,
                                settings=args.settings, stream_levels=True)
    except DesError as e:
        if sink is not None:
            sink.emit_error(e, path)
        else:
            print(format_des_error(e, path), file=sys.stderr)
        report_failed_dialect(args, path, e)
        if getattr(args, "result_cache", None) is None:
            return False, {}, None
        from unlev.tools.result_cache import includes_unknown
        return False, {}, includes_unknown(path)
    report_dialect(args, path, compiled)
    if not args.quiet:
        for w in compiled.warnings:
            if shown(w, compiled.sources, args.select, args.ignore, LINT_ONLY_CODES):
                if sink is not None:
                    sink.emit(w, compiled.sources, path)
                else:
                    print(format_diagnostic(w, compiled.sources), file=sys.stderr)
    return True, lenient_counts(compiled.warnings), [f for f in compiled.sources.texts
                                                     if f != path]


def lenient_counts(warnings) -> dict:
    """What placeholders stand for in a file read with --lenient: unknown monster,
    object and trap names, and (unlev.lang.extensions.counts) statements, flags and
    map characters, by kind."""
    if not any(w.code in ("unknown-name", "lenient") for w in warnings):
        return {}                   # nothing let through: no need of the extensions module
    from unlev.lang.extensions import counts
    held: dict = {}
    for w in warnings:
        if w.code == "unknown-name":
            kind = w.message.split()[1].rstrip("!") + " name"   # monster / object / trap
            held[kind] = held.get(kind, 0) + 1
    for kind, n in counts(warnings).items():
        held[kind] = held.get(kind, 0) + n
    return held


class CapturedStderr(io.StringIO):
    """A worker's standard error, kept for the parent to print in file order; it
    answers isatty() as the real one does, so colours are decided as without workers."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self._tty = tty

    def isatty(self) -> bool:
        return self._tty


_WORKER_ARGS: list = []      # a worker's copy of the run's options (_start_worker)


def _start_worker(args, dialect: str) -> None:
    """A ``check -j`` worker's start: the run's options (sent, not inherited: the pool
    does not fork this process) and the dialect's parser, loaded once per worker."""
    from unlev.lang.parser import preload
    _WORKER_ARGS[:] = [args]
    preload(dialect)


def _check_in_worker(path: str):
    return check_capturing(path, _WORKER_ARGS[0])


def check_capturing(path: str, args):
    """:func:`check_one`, its standard error kept: (passed, held, text) for the
    command to print in file order."""
    real = sys.stderr
    sys.stderr = CapturedStderr(real.isatty())
    try:
        ok, held = check_one(path, args)
        return ok, held, sys.stderr.getvalue()
    finally:
        sys.stderr = real


def close_pool(pool) -> None:
    """Wait for the workers after every result came (the jobs are done); on an error or
    Ctrl-C, with results still owed, stop them rather than let them work on."""
    if sys.exc_info()[0] is None:
        pool.close()
    else:
        pool.terminate()
    pool.join()


def check_jobs(args, files) -> int:
    """How many processes check ``files``: one per core for a folder's worth of
    des-files (a lev_comp run per file is what make does; a process per core is what
    a Python front end can do), one for a few small files where starting workers costs more."""
    if args.jobs:
        return max(1, args.jobs)
    if len(files) < 4 or not hasattr(os, "fork"):
        return 1
    try:
        size = sum(os.path.getsize(f) for f in files)
    except OSError:
        return 1
    return min(os.cpu_count() or 1, len(files)) if size >= 64 * 1024 else 1


def fresh_results(args, todo: list, jobs: int):
    """(the (passed, held, text) of each file of ``todo`` in order, what to call once
    they are read or the command stops) from ``jobs`` processes: this one alone; else
    workers forked from here (no other thread: what a check loads is loaded once,
    by the check of one file, before the fork: ``unlev.tools.check_fork``); else a fork
    server's pool."""
    if jobs == 1:
        return ((*check_one(f, args), "") for f in todo), lambda: None
    dialect = "unnethack" if args.dialect == "auto" else args.dialect
    from unlev.tools.check_fork import MAX_FILES, can_fork, forked_results
    if can_fork() and len(todo) <= MAX_FILES:
        # (no preload of a dialect's parser: the file forked_results checks before the
        # fork loads the one it is read with, which for a folder of 3.6 files is not
        # UnNetHack's)
        forked = forked_results(todo, jobs, lambda f: check_capturing(f, args),
                                plan=lambda order: check_plan(todo, order, args))
        return forked, forked.close         # closing reaps the workers (stopped if owed)
    from unlev.tools.executor import worker_pool
    pool = worker_pool(jobs, _start_worker, (args, dialect),
                       preload=("unlev.tools.check", "unlev.lang.frontend"))
    return pool.imap(_check_in_worker, todo), lambda: close_pool(pool)


def check_plan(files: list, order: list, args, tries: int = 8) -> list:
    """The order in which ``check -j`` checks ``files`` (``order``: their numbers,
    biggest first), the first before forking its workers: the smallest of the few
    smallest files that read in the dialect the biggest does (else the smallest), so
    that what its check loads (that dialect's parser, lexer and names, some 20 ms) is
    loaded once for every process and is what the big files need -- NetHack 3.6's
    ``oracle.des``, the smallest of its folder, reads as UnNetHack.  A small file seen
    to read in another dialect comes next: its check loads that dialect, as long as a
    big file's, and taken last it would keep one process busy alone."""
    des = [i for i in order if not files[i].endswith(".lua")]
    head, other = order[-1], []
    if len(des) >= 3:
        from unlev.lang.frontend import first_dialect
        # (a guess from the biggest file's head: a whole detection of it was a
        # millisecond or two before the fork)
        want = first_dialect(files[des[0]], args.settings, head=8192)
        for i in (reversed(des[-tries:]) if want is not None else ()):
            if first_dialect(files[i], args.settings) == want:
                head = i
                break
            other.append(i)
    return [head, *other, *(i for i in order if i != head and i not in other)]


def cmd_check(args) -> int:
    if unreadable("check", args.paths):
        return 2
    files = find_des_files(args.paths)
    if not files:
        print("unlev check: no des-files found", file=sys.stderr)
        return 2
    if getattr(args, "fix", False):
        from unlev.tools.fixes import fix_file
        for f in files:
            if f.endswith(".lua"):
                continue
            n = fix_file(f, {"include_path": args.include_path, "compat_warnings": False,
                             "settings": args.settings})
            release()       # (as after a check: the collector on again, what is loaded frozen)
            if n:
                print(f"{f}: fixed {n} misspelt name{'s' if n > 1 else ''}", file=sys.stderr)
    fmt = getattr(args, "output_format", "text")
    if fmt != "text":       # diagnostics as data: collected here, written at the end
        from unlev.tools.diagnostic_formats import Sink
        args.sink = Sink(fmt)
    use_cache = not args.no_cache and fmt == "text"     # the cache keeps text diagnostics
    if use_cache:
        from unlev.tools.result_cache import ResultCache, default_folder
        args.result_cache = ResultCache(default_folder(files[0]), "check", args,
                                        profile=args.settings.data,
                                        limits=args.settings.limits)
    hits = {}
    if use_cache:
        for f in files:
            if not f.endswith(".lua"):
                hit = args.result_cache.get(args.result_cache.key(f))
                if hit is not None:
                    hits[f] = (*hit["value"], hit["stderr"])
    todo = [f for f in files if f not in hits]
    jobs = 1 if fmt != "text" else check_jobs(args, todo)
    fresh, stop = fresh_results(args, todo, jobs)
    results = (hits[f] if f in hits else next(fresh) for f in files)
    from unlev.tools.quick_check import Tally
    tally = Tally()
    try:
        for ok, held, text in results:
            if text:
                sys.stderr.write(text)
                sys.stderr.flush()
            tally.add(ok, held)
    finally:
        stop()
    summary = tally.line()
    if getattr(args, "sink", None) is not None:
        args.sink.flush()
        print(summary, file=sys.stderr)      # stdout holds the document alone
    else:
        print(summary)
    if use_cache and not getattr(args, "fix", False):
        from unlev.tools.quick_check import record
        record(args, files)                 # the next such run is answered before argparse
    return tally.code()
