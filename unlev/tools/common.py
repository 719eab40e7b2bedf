"""What every command that reads des-files shares: the common options (include path,
dialect), saying which dialect a file was read as, finding des-files under folders,
and printing a DesError with its source lines.

Why a module of its own: the commands (unlev/tools/*) and the front door (unlev/cli.py)
both need these; living here, neither imports the other.
"""

from __future__ import annotations

import os
import re
import sys

from unlev.lang.diagnostics import DesError
from unlev.tools.quick_check import find_des_files  # noqa: F401 - the commands' one

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:           # argparse is imported where it is used: a plain check has none
    import argparse
    from typing import List, Optional


DIALECT_HELP = "des-file dialect (default auto: decided from each file, see --show-dialect)"
DATA_HELP = ("the data profile whose monster, object and trap names the files use: "
             "unnethack, nethack36, nethack343, nethack37 (a NetHack 3.7 .lua file's "
             "default) or one made by 'unlev data import' "
             "(default: each dialect's own; or 'data' in unlev.toml / [tool.unlev] of "
             "pyproject.toml)")
LENIENT_HELP = ("unknown monster, object and trap names are warnings and the level shows "
                "a placeholder for each (default: errors)")


def add_common_options(p: argparse.ArgumentParser) -> None:
    """Options every command that reads des-files takes (one place, so a new one such
    as a dialect switch reaches every command at once)."""
    p.add_argument("--include-path", action="append", default=[], metavar="DIR",
                   help="another directory to look for INCLUDEd files in")
    p.add_argument("--include-anywhere", action="store_true",
                   help="let INCLUDE read any file (default: only under the des-file's "
                   "folder and the --include-path folders)")
    from unlev.lang.dialect import CHOICES
    p.add_argument("--dialect", default="auto", choices=list(CHOICES), help=DIALECT_HELP)
    p.add_argument("--show-dialect", action="store_true",
                   help="say which dialect each file was read as, and why")
    p.add_argument("--data", metavar="NAME|DIR", default=None, help=DATA_HELP)
    p.add_argument("--lenient", action="store_true", default=None, help=LENIENT_HELP)


SEEDS_HELP = ("seeds: one seed (7), a range (1..10 or 1-10) or a list (1,5,9 or 1..5,20..22)")


def seed_list(text: str) -> List[int]:
    """``7``, ``1..10``, ``1-10``, ``1,5,9`` or ``1..5,20..22`` -> the seeds in order,
    no repeats; raises ValueError with a message for the user.  One syntax and one
    meaning for every ``--seeds`` (test, compare, the pytest plugin, convert --verify):
    a lone number is that seed, never a count."""
    seeds: List[int] = []
    for part in str(text).replace(" ", "").split(","):
        if not part:
            continue
        m = re.fullmatch(r"(\d+)(?:(?:\.\.|-)(\d+))?", part)
        if not m:
            raise ValueError(f"bad seed list {text!r}: write e.g. 7, 1..10, 1-10 or 1,5,9")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) is not None else lo
        if hi < lo:
            raise ValueError(f"seed range {part!r} runs backwards")
        seeds.extend(range(lo, hi + 1))
    if not seeds:
        raise ValueError(f"bad seed list {text!r}: no seeds")
    return list(dict.fromkeys(seeds))


def seeds_type(text: str) -> List[int]:
    """:func:`seed_list` as an argparse type (a bad list is a usage error, exit 2)."""
    try:
        return seed_list(text)
    except ValueError as e:
        import argparse
        raise argparse.ArgumentTypeError(str(e)) from None


class DefaultSeeds(list):
    """The seeds an option gives when ``--seeds`` is not on the command line: equal to
    the list it holds, and recognisable as not chosen (``compare --exact`` then builds
    every dump)."""


def add_seeds_option(p: argparse.ArgumentParser, default: str = "1..10",
                     flag: str = "--seeds", what: str = "run each level with") -> None:
    """``--seeds LIST``, spelt and meaning the same in every command."""
    p.add_argument(flag, type=seeds_type,
                   default=None if default is None else DefaultSeeds(seed_list(default)),
                   metavar="LIST", help=f"{SEEDS_HELP}: the seeds to {what}"
                   + (f" (default {default})" if default else ""))


JOBS_HELP = "worker processes (default: one per core; 1 runs in this process)"
QUIET_HELP = "print no warnings (nor run's random seed): errors and results only"
COLOR_HELP = "colour in the terminal (auto: only when writing to a terminal)"
NO_FLIP_HELP = "never flip a level, as if it had FLAGS: noflip"
LEVEL_FILTER_HELP = ("only the LEVELs named (a glob such as 'soko*' matches several; "
                     "repeatable; default: every LEVEL)")


FIX_HELP = ("first rewrite in place what a finding is sure of, then run as usual: a "
            "misspelt monster, object or trap name whose error suggests exactly one known "
            "name; and, in lint, each map '+' no DOOR statement names, written as the "
            "DOOR:nodoor the game makes of it (the level stays the same)")
IGNORE_HELP = ("hide warnings with this code (repeatable); a comment line "
               "'# unlev: ignore[CODE]' above a statement hides them there")
SELECT_HELP = ("show only warnings with this code (repeatable); names the lint notes "
               "map-rows and game-deviation too, which check hides by default")


def print_unpadded(console, renderable, width: int = 400) -> None:
    """Print ``renderable`` to a console that is not a terminal: lines whole (``width``
    wide at most, never cut at 80) and without the spaces rich pads them with, which a
    file, a diff or a grep should not get."""
    console.width = max(console.width, width)
    with console.capture() as cap:
        console.print(renderable, width=width)
    text = cap.get()
    console.file.write("\n".join(line.rstrip() for line in text.split("\n")))
    console.file.flush()


COMPAT_CHOICES = ("documented", "game")


def _compat_word(text: str) -> str:
    word = {"doc": "documented", "docs": "documented"}.get(text.lower(), text.lower())
    if word not in COMPAT_CHOICES:
        import argparse
        raise argparse.ArgumentTypeError(
            f"invalid choice: {text!r} (choose from {', '.join(COMPAT_CHOICES)})")
    return word


def add_compat_option(p: argparse.ArgumentParser, default: str = "documented",
                      why: str = "") -> None:
    """``--compat documented|game``, spelt the same in every command (``doc`` is
    accepted for documented)."""
    p.add_argument("--compat", type=_compat_word, default=default, metavar="{documented,game}",
                   help="documented: what the des-file documentation says; game: reproduce "
                   f"the game's loader deviations (default {default}{why})")


def report_failed_dialect(args, path: str, err) -> None:
    """With --show-dialect, for a file no dialect reads: which dialects were tried and
    whose errors are shown."""
    if getattr(args, "show_dialect", False) and getattr(err, "tried", None):
        from unlev.lang.dialect import label
        names = getattr(err, "unknown_names", [])
        more = ""
        if names and not getattr(args, "data", None):
            more = (f"; {len(names)} of them are unknown names: a variant's file? "
                    "try --data NAME (unlev data import) or --lenient")
        print(f"{path}: no dialect reads it (tried: {', '.join(label(c) for c in err.tried)}); "
              f"the errors are {label(err.dialect)}'s{more}", file=sys.stderr)


def report_dialect(args, path: str, compiled) -> None:
    """With --show-dialect: 'FILE: dialect nethack36 (a MAZE: header at line 3)'."""
    if getattr(args, "show_dialect", False):
        why = f" ({compiled.dialect_reason})" if compiled.dialect_reason else ""
        print(f"{path}: dialect {compiled.dialect}{why}", file=sys.stderr)


def unreadable(command: str, paths: List[str]) -> Optional[int]:
    """The file-system check every command makes before it reads anything: for the
    first path that cannot be read, ``unlev CMD: error: cannot read PATH: reason`` and
    exit code 2 (README: 0 ok, 1 an error in a des-file, 2 usage or file system)."""
    from unlev.lang.sources import refuse_special
    for p in paths:
        try:
            if "\0" in p:
                raise OSError(0, "its name holds a NUL byte")
            if os.path.isdir(p):
                os.listdir(p)
            else:
                # a FIFO, a device or a socket is refused before it is opened (opening a
                # FIFO waits for a writer); the open does not block either
                why = refuse_special(p)
                if why is not None:
                    raise OSError(0, f"{why}, not a regular file")
                os.close(os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)))
        except OSError as e:
            print(f"unlev {command}: error: cannot read {p}: {e.strerror}", file=sys.stderr)
            return 2
    return None


def format_des_error(err: DesError, path: str = "") -> str:
    """The ``file:line:col: error:`` text, source line and caret of a DesError; on a
    colour terminal the source line is highlighted by the des Pygments lexer."""
    sources = sources_of(err, path)
    if not colour_stderr():
        return err.format(sources)
    return "\n".join(highlight_source_line(d.format(sources), d) for d in err.diagnostics)


def format_diagnostic(d, sources) -> str:
    """One warning or error for standard error: its source line highlighted by the des
    lexer on a colour terminal, as errors are."""
    text = d.format(sources)
    return highlight_source_line(text, d) if colour_stderr() else text


def colour_stderr() -> bool:
    return sys.stderr.isatty() and not os.environ.get("NO_COLOR")


def highlight_source_line(text: str, diagnostic) -> str:
    """A formatted diagnostic with its quoted source line (the line after the head)
    coloured as ``pygmentize -l des`` colours it."""
    lines = text.split("\n")
    if diagnostic.span is None or not diagnostic.span.line or len(lines) < 2:
        return text
    from pygments import highlight
    from pygments.formatters import TerminalFormatter
    from unlev.output.pygments_lexer import DesLexer
    lines[1] = highlight(lines[1], DesLexer(), TerminalFormatter()).rstrip("\n")
    return "\n".join(lines)


def sources_of(err: DesError, path: str):
    from unlev.lang.diagnostics import SourceCache
    from unlev.lang.sources import read_source
    cache = SourceCache()
    for d in err.diagnostics:
        f = d.span.file
        if f not in cache.texts and os.path.isfile(f):
            try:
                cache.add(f, read_source(f))
            except DesError:
                pass
    return cache


# Warning codes that are notes rather than problems: shown by `unlev lint`, and by
# `unlev check` only when --select names them.
LINT_ONLY_CODES = frozenset({"map-rows", "game-deviation"})

_SUPPRESS = re.compile(r"^\s*#\s*unlev:\s*ignore\[([^\]]*)\]")


def suppressed_codes(sources, file: str, line: int) -> frozenset:
    """Codes a ``# unlev: ignore[code, ...]`` comment switches off for ``line``: the
    comment lines right above it (a des-file comment must start its line)."""
    codes = set()
    n = line - 1
    while n >= 1:
        text = sources.line(file, n) if sources else None
        if text is None or not text.lstrip().startswith("#"):
            break
        m = _SUPPRESS.match(text)
        if m:
            codes.update(c.strip() for c in m.group(1).split(",") if c.strip())
        n -= 1
    return frozenset(codes)


def shown(diag, sources, select=(), ignore=(), default_hidden=frozenset()) -> bool:
    """Whether a warning is printed: --select names the codes to show (lint-only ones
    included), --ignore the codes to hide, and a suppression comment hides it too."""
    code = diag.code or ""
    if select and code not in select:
        return False
    if not select and code in default_hidden:
        return False
    if code in ignore:
        return False
    return code not in suppressed_codes(sources, diag.span.file, diag.span.line)
