"""The front door stays thin: ``unlev --help`` and ``unlev check`` load neither the other
commands nor the level half, and the command table agrees with the commands' parsers."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from unlev.cli import COMMANDS, build_argparser

# Modules (and their submodules) a command must not load unless it is the one running.
OTHER_COMMANDS = ("unlev.tools.run", "unlev.tools.repl", "unlev.tools.compare",
                  "unlev.tools.harness", "unlev.tools.lint")
THIRD_PARTY_TERMINAL = ("rich", "prompt_toolkit")
LEVEL_HALF = ("unlev.model", "unlev.generate", "unlev.populate", "unlev.output")

PROBE = """
import sys
from unlev.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
modules = sorted(sys.modules)
import json
json.dump({"code": code, "modules": modules}, sys.__stderr__)
"""


def loaded_by(*argv):
    """(exit code, modules loaded) of the CLI run with ``argv`` in a fresh interpreter."""
    r = subprocess.run([sys.executable, "-c", PROBE, *map(str, argv)],
                       capture_output=True, text=True, timeout=120)
    result = json.loads(r.stderr.splitlines()[-1])
    return result["code"], result["modules"]


def under(modules, prefixes):
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes)]


def test_check_loads_no_other_command_nor_the_level_half(tmp_path):
    des = tmp_path / "tiny.des"
    des.write_text('LEVEL:"tiny"\nROOM:"ordinary",random,random,random,random {\n}\n')
    code, modules = loaded_by("check", des)
    assert code == 0
    assert "unlev.tools.check" in modules
    assert under(modules, OTHER_COMMANDS + THIRD_PARTY_TERMINAL + LEVEL_HALF) == []


def test_help_loads_no_command_at_all():
    code, modules = loaded_by("--help")
    assert code == 0
    assert under(modules, ("unlev.tools", "unlev.lang") + THIRD_PARTY_TERMINAL
                 + LEVEL_HALF) == []


def test_a_commands_help_loads_only_that_command():
    code, modules = loaded_by("lint", "--help")
    assert code == 0
    assert "unlev.tools.lint" in modules
    assert under(modules, ("unlev.tools.run", "unlev.tools.repl", "unlev.tools.compare",
                           "unlev.tools.harness")) == []


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_table_agrees_with_the_commands_parser(command):
    # The one-line help of the table (all `unlev --help` shows) is the one the
    # command's module gives its parser, and no module adds a command the table lacks.
    assert build_argparser(command).format_help() == build_argparser().format_help()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_loaded_parser_is_the_commands_own(command):
    # A stand-in has no options and no func; the command's module sets both.
    args, _rest = build_argparser(command).parse_known_args([command, "x"])
    assert args.command == command
    assert callable(args.func)


def test_help_loads_neither_typing_nor_shutil():
    # 2 ms each at start-up: the annotations are strings, the width is found without
    # shutil (cli._terminal_columns)
    code, modules = loaded_by("--help")
    assert code == 0
    # what the interpreter loads before unlev (Python 3.9's importlib.abc imports typing
    # for setuptools' editable-install finder at start-up) is not unlev's to avoid
    started = set(json.loads(subprocess.run(
        [sys.executable, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, timeout=120).stdout))
    assert not {"typing", "shutil"} & (set(modules) - started)


@pytest.mark.parametrize("columns", [None, "37", "61", "133", "0", "wide"])
@pytest.mark.parametrize("command", [None, "check", "run"])
def test_help_is_as_wide_as_argparse_makes_it(monkeypatch, columns, command):
    import argparse
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    ap = build_argparser(command)
    if command:
        ap = ap._subparsers._group_actions[0].choices[command]
    ours = ap.format_help()
    ap._get_formatter = lambda: argparse.ArgumentParser._get_formatter(ap)
    assert ours == ap.format_help()


def test_a_first_check_loads_no_cache_and_no_tables_it_does_not_need(tmp_path):
    """``check --no-cache`` loads no result cache (hashlib, its JSON); a file naming no
    monster, object or trap does not load the game's tables; one that does still has
    its names checked."""
    tiny = tmp_path / "tiny.des"
    tiny.write_text("LEVEL: \"tiny\"\nINIT_MAP: solidfill, ' '\n")
    code, modules = loaded_by("check", "--no-cache", tiny)
    assert code == 0
    assert under(modules, ("unlev.tools.result_cache", "hashlib", "unlev.stdlib.data",
                           "unlev.stdlib.data_tables")) == []
    # nor json (no profile is read), nor the syntax tree's declarations and generator
    assert under(modules, ("json", "unlev.lang.ast_spec", "unlev.lang.ast_gen")) == []
    bad = tmp_path / "bad.des"
    bad.write_text("LEVEL: \"bad\"\nINIT_MAP: solidfill, ' '\nMONSTER: ('d', \"jackall\"), (1,1)\n")
    code, modules = loaded_by("check", "--no-cache", bad)
    assert code == 1
    assert "unlev.stdlib.data" in modules and "unlev.tools.result_cache" not in modules
    code, modules = loaded_by("check", tiny)          # with the cache: it is loaded
    assert code == 0 and "unlev.tools.result_cache" in modules


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_without_the_other_commands_stand_ins_a_command_parses_the_same(command):
    # main() builds only the command's own parser: the same values, the same help
    full, alone = build_argparser(command), build_argparser(command, others=False)
    assert alone._subparsers._group_actions[0].choices.keys() <= \
        full._subparsers._group_actions[0].choices.keys()
    assert command in alone._subparsers._group_actions[0].choices
    assert vars(alone.parse_known_args([command, "x"])[0]) == \
        vars(full.parse_known_args([command, "x"])[0])
    mine = alone._subparsers._group_actions[0].choices[command]
    theirs = full._subparsers._group_actions[0].choices[command]
    assert mine.format_help() == theirs.format_help()
    assert alone.format_usage() == full.format_usage()


def test_a_check_does_not_import_inspect_and_the_stand_in_serves_a_use(tmp_path):
    """PLY and dataclasses import ``inspect`` (with ``ast``, ``dis``, ``tokenize``) but a
    check never uses it: ``unlev check`` leaves a stand-in (``unlev.cli.defer_import``)
    that imports the real module at its first use."""
    import dataclasses
    # Python 3.13's dataclasses read a class's annotations with inspect.get_annotations:
    # there the stand-in is realised by the first dataclass a check makes (the check is
    # the same, only not faster); before 3.13 nothing a check does uses inspect
    needs_inspect = "get_annotations" in dataclasses._process_class.__code__.co_names
    want = ["ast", "dis", "tokenize"] if needs_inspect else []
    des = tmp_path / "tiny.des"
    des.write_text('LEVEL:"tiny"\nMESSAGE:"hi"\n')
    code, modules = loaded_by("check", "--no-cache", des)
    assert code == 0
    assert "ply.yacc" in modules and "dataclasses" in modules
    assert [m for m in ("ast", "dis", "tokenize") if m in modules] == want
    # names looked up in the game's tables: their records are no dataclasses made with
    # a signature from inspect either
    des.write_text('LEVEL:"tiny"\nROOM:"ordinary",random,random,random,random {\n'
                   'MONSTER:(\'d\',"jackal"),random\nOBJECT:(\')\',"long sword"),random\n}\n')
    code, modules = loaded_by("check", "--no-cache", des)
    assert code == 0 and "unlev.stdlib.data_tables" in modules
    assert [m for m in ("ast", "dis", "tokenize") if m in modules] == want
    probe = """
import sys
from unlev import cli
cli.defer_import("inspect")
import ply.yacc, inspect
stand_in = inspect
assert type(stand_in) is cli._Deferred and "dis" not in sys.modules
assert stand_in.cleandoc("  a\\n    b\\n") == "a\\nb"       # the first use loads it
real = sys.modules["inspect"]
assert real is not stand_in and type(real) is type(sys) and "dis" in sys.modules
assert ply.yacc.inspect.getmodule is real.getmodule
import inspect as again
assert again is real
print("ok")
"""
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                       timeout=120)
    assert r.stdout.strip() == "ok", r.stderr


def test_defer_import_leaves_an_imported_module_alone():
    import inspect

    from unlev.cli import defer_import
    defer_import("inspect")
    assert sys.modules["inspect"] is inspect


def test_a_check_run_as_the_program_leaves_with_its_output_and_code(tmp_path):
    """``unlev check`` run as the program ends without the interpreter's teardown
    (``unlev.cli._leave``): everything it wrote reaches the pipes, in order, and the
    exit code is the check's; called in process, ``main`` returns."""
    good = tmp_path / "good.des"
    good.write_text('LEVEL:"tiny"\nROOM:"ordinary",random,random,random,random {\n'
                    + 'MONSTER:(\'d\',"jackal"),random\n' * 300 + "}\n")
    bad = tmp_path / "bad.des"
    bad.write_text('LEVEL:"tiny"\nMONSTER:(\'d\',"no such monster"),random\n')
    for files, code, tail in (([good], 0, "1 passed, 0 failed"),
                              ([good, bad], 1, "1 passed, 1 failed")):
        r = subprocess.run([sys.executable, "-m", "unlev.cli", "check", "--no-cache",
                            "-j", "1", *map(str, files)],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == code
        assert r.stdout.splitlines() == [tail]
        if code:
            assert "no such monster" in r.stderr
    probe = ("import sys\nfrom unlev.cli import main\n"
             f"code = main(['check', '--no-cache', {str(good)!r}])\nprint('returned', code)\n")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                       timeout=120)
    assert r.stdout.splitlines() == ["1 passed, 0 failed", "returned 0"]


@pytest.mark.parametrize("dialect,text", [
    ("unnethack", "LEVEL: \"u\"\nROOM: \"ordinary\", random, random, random, random {\n"
                  "  MONSTER: ('d', \"jackal\"), random\n  OBJECT: ('(', \"chest\"), random\n}\n"),
    ("nethack36", "MAZE: \"n\", ' '\nGEOMETRY: center, center\nMAP\n...\n...\nENDMAP\n"
                  "MONSTER: ('d', \"jackal\"), (1,1)\nOBJECT: ('(', \"chest\"), (0,0)\n"),
    ("nethack343", "MAZE: \"o\", ' '\nGEOMETRY: center, center\nMAP\n...\nENDMAP\n"
                   "MONSTER: 'd', \"jackal\", (1,0)\n"),
])
def test_a_check_loads_neither_typing_nor_threading(tmp_path, dialect, text):
    # ~2 ms and ~0.6 ms of a first check's start: the front end's annotations are
    # strings (typing only under TYPE_CHECKING), the tables' per-thread state is
    # _thread's local; the names are checked all the same
    des = tmp_path / f"{dialect}.des"
    des.write_text(text)
    code, modules = loaded_by("check", "--no-cache", "--dialect", dialect, des)
    assert code == 0
    started = set(json.loads(subprocess.run(
        [sys.executable, "-c", "import json, sys; print(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, timeout=120).stdout))
    assert not {"typing", "threading"} & (set(modules) - started)
    bad = tmp_path / f"bad-{dialect}.des"
    bad.write_text(text.replace("jackal", "jackall"))
    r = subprocess.run([sys.executable, "-m", "unlev.cli", "check", "--no-cache",
                        "--dialect", dialect, str(bad)], capture_output=True, text=True,
                       timeout=120)
    assert 'did you mean "jackal"?' in r.stderr    # the misspelt name is still found
