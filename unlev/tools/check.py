"""``unlev parse`` and ``unlev check``: read des-files and report what is wrong, without
generating a level.

Why a module of its own: these two are the language half's front end as a command
(:func:`unlev.lang.frontend.compile_file`: lexer, grammar of the dialect, checker), the
counterpart of lev_comp reading a file; they need nothing of the level half, so the
front door (``unlev/cli.py``) can run them without loading it.
"""

from __future__ import annotations

import argparse
import sys

from unlev.lang import ast as A
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file
from unlev.tools.common import (LINT_ONLY_CODES, add_common_options, find_des_files,
                                format_diagnostic,
                                report_failed_dialect,
                                format_des_error,
                                report_dialect, shown, unreadable)


def add_parser(subparsers) -> None:
    """Add the ``parse`` and ``check`` parsers (both commands live here)."""
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
    c.add_argument("-q", "--quiet", action="store_true", help="do not print warnings")
    c.add_argument("--no-compat-warnings", action="store_true",
                   help="do not note where the game's loader differs from the documentation "
                   "(these notes show only with --select game-deviation, or in unlev lint)")
    c.add_argument("--select", action="append", default=[], metavar="CODE",
                   help="show only warnings with this code (repeatable); names the lint "
                   "notes map-rows and game-deviation too, which check hides by default")
    c.add_argument("--ignore", action="append", default=[], metavar="CODE",
                   help="hide warnings with this code (repeatable); a comment line "
                   "'# unlev: ignore[CODE]' above a statement hides them there")
    add_common_options(c)
    c.set_defaults(func=cmd_check)


def cmd_parse(args) -> int:
    if unreadable("parse", [args.file]):
        return 2
    try:
        compiled = compile_file(args.file, include_path=args.include_path,
                                dialect=args.dialect)
    except DesError as e:
        print(format_des_error(e, args.file), file=sys.stderr)
        return 1
    report_dialect(args, args.file, compiled)
    for w in compiled.warnings:
        print(format_diagnostic(w, compiled.sources), file=sys.stderr)
    if args.highlight:
        from rich.console import Console
        from rich.syntax import Syntax
        from unlev.editor.pygments_lexer import DesLexer
        text = "\n".join(compiled.sources.texts[args.file])
        Console(highlight=False).print(Syntax(text, DesLexer(), line_numbers=True,
                                              theme="monokai"))
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


def cmd_check(args) -> int:
    if unreadable("check", args.paths):
        return 2
    files = find_des_files(args.paths)
    if not files:
        print("unlev check: no des-files found", file=sys.stderr)
        return 2
    passed = failed = 0
    skipped: dict = {}       # --lenient: unknown names let through, by kind
    for f in files:
        if f.endswith(".lua"):
            if check_lua(f):
                passed += 1
            else:
                failed += 1
            continue
        try:
            compiled = compile_file(f, include_path=args.include_path,
                                    compat_warnings=not args.no_compat_warnings,
                                    dialect=args.dialect)
        except DesError as e:
            failed += 1
            print(format_des_error(e, f), file=sys.stderr)
            report_failed_dialect(args, f, e)
            continue
        passed += 1
        report_dialect(args, f, compiled)
        for w in compiled.warnings:
            if w.code == "unknown-name":
                kind = w.message.split()[1].rstrip("!")    # monster / object / trap
                skipped[kind] = skipped.get(kind, 0) + 1
        if not args.quiet:
            for w in compiled.warnings:
                if shown(w, compiled.sources, args.select, args.ignore, LINT_ONLY_CODES):
                    print(format_diagnostic(w, compiled.sources), file=sys.stderr)
    held = ", ".join(f"{n} {kind} name{'s' if n > 1 else ''}" for kind, n in sorted(skipped.items()))
    print(f"{passed} passed, {failed} failed" + (f" (--lenient let through {held})"
                                                   if held else ""))
    return 0 if failed == 0 else 1
