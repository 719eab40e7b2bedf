"""The ``unlev`` command line.

Exit codes: 0 ok, 1 an error in a des-file, 2 a usage error. A des-file error is
printed as ``file:line:col: error: message`` with the source line and a caret;
never as a Python traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from . import __version__
from .lang import ast as A
from .lang.diagnostics import DesError
from .lang.frontend import compile_file
from .tools.common import (add_common_options, find_des_files, report_dialect, sources_of)

EXAMPLES_MAIN = """examples:
  unlev run samples/bigrm.des --seed 42 --show    generate a level and draw it
  unlev run samples/bigrm.des --seed 42 --json    the same level as JSON
  unlev check samples/                    check every des-file under samples/
  unlev parse samples/bigrm.des --ast     show the syntax tree
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse's default exits 2 as well; keep its format
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


# Sub-commands living in their own modules: each has ``add_parser(subparsers)`` that
# adds its parser and sets ``func`` (a function taking the parsed args, returning the
# exit code) with ``set_defaults``.  Listed by module name, imported when the parser
# is built.
COMMAND_MODULES: List[str] = ["tools.run", "tools.repl.command", "tools.compare.command",
                              "tools.harness.command", "tools.lint"]


def build_argparser() -> argparse.ArgumentParser:
    ap = _Parser(prog="unlev", description="Run NetHack special-level des-files "
                 "(UnNetHack dialect) without the game.",
                 epilog=EXAMPLES_MAIN, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"unlev {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("parse", help="parse a des-file and report syntax errors",
                       description="Parse one des-file; with --ast print its syntax tree.",
                       epilog="example:\n  unlev parse samples/bigrm.des --ast",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file")
    p.add_argument("--ast", action="store_true", help="print the syntax tree")
    p.add_argument("--spans", action="store_true", help="with --ast: show line:col of each node")
    add_common_options(p)
    p.set_defaults(func=cmd_parse)

    c = sub.add_parser("check", help="parse and statically check des-files",
                       description="Parse and check every des-file given (directories are "
                       "searched for *.des). Prints 'N passed, M failed'; exits 0 only if all pass.",
                       epilog="examples:\n  unlev check samples/bigrm.des\n  unlev check ../shared/corpus/unnethack/",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("paths", nargs="+", metavar="FILE|DIR")
    c.add_argument("-q", "--quiet", action="store_true", help="do not print warnings")
    c.add_argument("--no-compat-warnings", action="store_true",
                   help="do not warn where the game's loader differs from the documentation")
    add_common_options(c)
    c.set_defaults(func=cmd_check)
    import importlib
    for name in COMMAND_MODULES:
        importlib.import_module(f"{__package__}.{name}").add_parser(sub)
    return ap


def cmd_parse(args) -> int:
    try:
        compiled = compile_file(args.file, include_path=args.include_path,
                                dialect=args.dialect)
    except DesError as e:
        print(e.format(sources_of(e, args.file)), file=sys.stderr)
        return 1
    report_dialect(args, args.file, compiled)
    for w in compiled.warnings:
        print(w.format(compiled.sources), file=sys.stderr)
    if args.ast:
        print(A.dump(compiled.tree, with_spans=args.spans))
    else:
        n = len(compiled.tree.levels)
        print(f"{args.file}: ok ({n} level{'s' if n != 1 else ''})")
    return 0


def cmd_check(args) -> int:
    files = find_des_files(args.paths)
    if not files:
        print("unlev check: no des-files found", file=sys.stderr)
        return 2
    passed = failed = 0
    for f in files:
        try:
            compiled = compile_file(f, include_path=args.include_path,
                                    compat_warnings=not args.no_compat_warnings,
                                    dialect=args.dialect)
        except DesError as e:
            failed += 1
            print(e.format(sources_of(e, f)), file=sys.stderr)
            continue
        passed += 1
        report_dialect(args, f, compiled)
        if not args.quiet:
            for w in compiled.warnings:
                print(w.format(compiled.sources), file=sys.stderr)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def main(argv: Optional[List[str]] = None) -> int:
    ap = build_argparser()
    args = ap.parse_args(argv)
    if not args.command:
        ap.print_help()
        return 2
    try:
        if getattr(args, "dialect", None):
            # Commands that call compile_file without a dialect get this one.
            from .lang.frontend import set_default_dialect
            set_default_dialect(args.dialect)
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
