"""The ``unlev`` command line: a table of commands, each imported only when it runs.

Exit codes: 0 ok, 1 an error in a des-file, 2 a usage error. A des-file error is
printed as ``file:line:col: error: message`` with the source line and a caret;
never as a Python traceback.

Why so thin: ``unlev --help`` and ``unlev check`` should not pay for the level half,
the REPL's terminal (prompt_toolkit), rich or the statistics of ``compare``. The table
below gives each command's one-line help, which is all ``unlev --help`` needs; the
module of the command being run adds its real parser (options, description, examples).
"""

from __future__ import annotations

import os
import sys
# no argparse at the top: a repeat ``unlev check`` answered by unlev.tools.quick_check
# never parses the command line with it
# no typing import: ``unlev --help`` would pay 2 ms for it (the annotations are strings)

from . import __version__

EXAMPLES_MAIN = """examples:
  unlev run samples/bigrm.des --seed 42 --show    generate a level and draw it
  unlev run samples/bigrm.des --seed 42 --json    the same level as JSON
  unlev check samples/                    check every des-file under samples/
  unlev parse samples/bigrm.des --ast     show the syntax tree
"""

# command -> (module, one-line help), in the order ``unlev --help`` lists them.  The
# module has ``add_parser(subparsers)``, which adds the parser of each command it serves
# (with this same help; tests/test_cli_lazy.py holds them equal) and sets ``func`` (a
# function of the parsed args returning the exit code) with ``set_defaults``.
COMMANDS: dict[str, tuple[str, str]] = {
    "parse": ("unlev.tools.check", "parse a des-file and report syntax errors"),
    "check": ("unlev.tools.check", "parse and statically check des-files"),
    "run": ("unlev.tools.run",
            "generate the levels of a des-file; draw them or export them"),
    "repl": ("unlev.tools.repl.command",
             "try selections and statements on a live level"),
    "compare": ("unlev.tools.compare.command",
                "measure levels against the real game's dumps"),
    "test": ("unlev.tools.harness.command",
             "run levels under many seeds: invariants, snapshots, lint"),
    "lint": ("unlev.tools.lint",
             "warn about legal code that likely does not do what was meant"),
    "convert": ("unlev.tools.convert",
                "convert a des-file to NetHack 3.7 Lua (one file per LEVEL)"),
    "lua-test": ("unlev.tools.lua_test",
                 "run a NetHack 3.7 Lua test file (test/test_sel.lua...) on unlev"),
    "lsp": ("unlev.editor.command",
            "a language server for des-files (LSP over stdio)"),
    "data": ("unlev.tools.data.command",
             "import a variant's data tables from its source; list the data profiles"),
    "serve": ("unlev.tools.serve.command",
              "a browser preview of a des-file that follows its edits"),
    "explain": ("unlev.tools.diagnostic_formats", "say what a diagnostic code means"),
    "docs": ("unlev.tools.docs",
             "print unlev's documentation (json-schema, known-differences, ...)"),
}


def _terminal_columns() -> int:
    """The terminal's width as shutil.get_terminal_size finds it ($COLUMNS, else the
    terminal of standard output, else 80), without importing shutil: with bz2, lzma
    and zlib it is 2 ms of every unlev run, and argparse wants only this number."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def command_of(argv: list[str]) -> str | None:
    """The command named in ``argv``: its first word that is not an option (the top
    level takes no option with a value), or None."""
    for a in argv:
        if a == "--":
            continue
        if not a.startswith("-"):
            return a
    return None


def build_argparser(command: str | None = None,
                    others: bool = True) -> "argparse.ArgumentParser":
    """The parser, with the real parser of ``command`` (and of the other commands its
    module serves) and a stand-in, its one-line help only, for every other command.
    ``others=False`` leaves the stand-ins out when ``command`` is one of the table's
    (:func:`main` does): they would change nothing (the usage names no command, a known
    command is no error) and cost ~1 ms, argparse asking gettext for three messages of
    each."""
    import argparse
    import importlib

    class _Parser(argparse.ArgumentParser):
        def _get_formatter(self):
            # argparse's own asks shutil for the width; HelpFormatter takes 2 off it
            return self.formatter_class(prog=self.prog, width=_terminal_columns() - 2)

        def error(self, message):  # argparse's default exits 2 as well; keep its format
            self.print_usage(sys.stderr)
            self.exit(2, f"{self.prog}: error: {message}\n")

    ap = _Parser(prog="unlev", description="Run NetHack special-level des-files "
                 "(UnNetHack dialect) without the game.",
                 epilog=EXAMPLES_MAIN, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"unlev {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    loaded = COMMANDS[command][0] if command in COMMANDS else None
    for name, (module, help_text) in COMMANDS.items():
        if module != loaded and (others or loaded is None):
            sub.add_parser(name, help=help_text)
        elif module == loaded and name not in sub.choices:
            importlib.import_module(module).add_parser(sub)
    return ap


class _Deferred(type(sys)):
    """A stand-in for a standard module that the front end's imports name but a check
    never calls: PLY's ``lex`` and ``yacc`` and ``dataclasses`` import ``inspect`` (which
    imports ``ast``, ``dis``, ``tokenize``: some 4 ms of a 50 ms check), and use it only
    to build a grammar's tables or a dataclass without a docstring.  The first use of
    any of its names imports the real module (which then stands in ``sys.modules``) and
    copies its names here, so the modules holding the stand-in see the real one's."""

    def __getattr__(self, name: str):
        if name.startswith("__") and name.endswith("__") and name != "__all__":
            raise AttributeError(name)      # the import system's questions: not a use
        import importlib
        if sys.modules.get(self.__name__) is self:
            del sys.modules[self.__name__]
        real = importlib.import_module(self.__name__)
        vars(self).update(vars(real))
        return getattr(real, name)


def defer_import(name: str) -> None:
    """Put a :class:`_Deferred` stand-in for the module ``name`` in ``sys.modules``,
    unless it is imported already (unlev check and unlev parse: ``inspect``; they run
    no thread of their own, and their worker processes are forked)."""
    if name not in sys.modules:
        sys.modules[name] = _Deferred(name)


def main(argv: list[str] | None = None) -> int:
    """Run the command ``argv`` names (default: this program's arguments) and return its
    exit code.  Run as the program (no ``argv``), ``unlev check`` leaves through
    :func:`_leave` when it is done."""
    if argv is None:
        code = _main(sys.argv[1:], program=True)
        if sys.argv[1:2] == ["check"]:
            _leave(code)
        return code
    return _main(argv)


def _leave(code: int) -> None:
    """End this process now, its output flushed, without the interpreter's teardown:
    freeing every object a check made (the parse tables, the game's tables, the name
    indices) one by one is 6-9 ms of a small file's check and 16-27 ms of a corpus's,
    for nothing (issue 29; mypy leaves the same way).  A check starts no thread and
    registers no exit handler; a stream that cannot be flushed leaves the normal way,
    which reports it as before."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            return
    os._exit(code)


def _main(argv: list[str], program: bool = False) -> int:
    """``program``: run as the program itself (``main()`` without ``argv``)."""
    if argv[:1] in (["check"], ["parse"]):
        defer_import("inspect")
    if argv[:1] == ["check"]:
        # a repeat check the result cache answers whole: before argparse and the settings
        try:
            from .tools.quick_check import answer
            code = answer(argv)
        except KeyboardInterrupt:
            return 130
        except BrokenPipeError:
            return 0
        if code is not None:
            return code
        if program:
            from .tools.collector import hold
            hold()          # until its first file is checked (the collector's docstring)
    args = None
    if argv[:1] == ["check"]:       # its plain invocations read without argparse
        from .tools.check_argv import check_args
        args = check_args(argv)
    if args is None:
        ap = build_argparser(command_of(argv), others=False)
        args = ap.parse_args(argv)
    args.argv = list(argv)      # the words typed (quick_check.record keys a run by them)
    if not args.command:
        ap.print_help()             # (the fast reading always names its command)
        return 2
    from .lang.limits import from_environment
    try:
        limits = from_environment()
    except ValueError as e:
        print(f"unlev {args.command}: error: {e}", file=sys.stderr)
        return 2
    try:
        code = _settings(args, limits)
        if code:
            return code
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def _settings(args, limits=None) -> int:
    """Build the run's one :class:`~unlev.lang.settings.Settings` value (``args.settings``)
    from --dialect, --data, --lenient, --include-anywhere and --compat, else the project's
    unlev.toml / [tool.unlev], and the ``limits`` UNLEV_LIMITS set; every command hands
    it to its compiles and builds.  2 (a usage error) for a config or profile that
    cannot be read."""
    from .lang.settings import Settings
    if not any(hasattr(args, a) for a in ("data", "dialect", "include_anywhere", "compat")):
        args.settings = Settings(limits=limits) if limits is not None else Settings()
        return 0
    from .stdlib.profiles import ProfileError
    try:
        if hasattr(args, "data"):
            from .tools.project_config import ConfigError, apply
            try:
                apply(args)
            except ConfigError as e:
                raise ProfileError(str(e)) from None
        args.settings = Settings.from_options(
            getattr(args, "dialect", None), getattr(args, "data", None),
            bool(getattr(args, "lenient", False)),
            bool(getattr(args, "include_anywhere", False)),
            getattr(args, "compat", None) or "documented", limits)
    except ProfileError as e:
        print(f"unlev {args.command}: error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
