"""``unlev check``'s plain command lines are read without argparse
(``unlev.tools.check_argv``): the same values argparse gives, and every other command
line left to argparse (its messages and exit codes)."""

from __future__ import annotations

import pytest

from unlev.cli import build_argparser
from unlev.tools.check_argv import _FLAGS, _VALUED, check_args

PLAIN = [
    ["check", "a.des"],
    ["check", "a.des", "b.des", "dir/"],
    ["check", "--no-cache", "a.des"],
    ["check", "-q", "--quiet", "a.des"],
    ["check", "-j", "1", "a.des"],
    ["check", "--jobs", "12", "a.des", "b.des"],
    ["check", "a.des", "b.des", "-j", "3", "--no-cache"],
    ["check", "--select", "map-rows", "--select", "game-deviation", "a.des"],
    ["check", "--ignore", "unknown-name", "a.des", "--ignore", "x"],
    ["check", "--include-path", "inc", "--include-path", "other", "a.des"],
    ["check", "--dialect", "nethack36", "--data", "nethack36", "a.des"],
    ["check", "--dialect", "auto", "a.des"],
    ["check", "--output-format", "json", "a.des"],
    ["check", "--output-format", "text", "a.des"],
    ["check", "--lenient", "--include-anywhere", "--show-dialect", "a.des"],
    ["check", "--no-compat-warnings", "--fix", "a.des"],
    ["check", "", "a.des"],
    ["check", "check", "a b.des"],
    ["check", "-j", "0", "a.des"],
]

LEFT_TO_ARGPARSE = [
    ["check"],                                  # no file: argparse's error
    ["check", "-q"],
    ["check", "a.des", "-q", "b.des"],          # two runs of files: argparse's error
    ["check", "--quie", "a.des"],               # an abbreviation argparse accepts
    ["check", "--jobs=2", "a.des"],
    ["check", "-j2", "a.des"],
    ["check", "-qj", "2", "a.des"],
    ["check", "-j", "x", "a.des"],
    ["check", "-j", "-1", "a.des"],
    ["check", "-j", "٣", "a.des"],
    ["check", "-j"],
    ["check", "--dialect", "klingon", "a.des"],
    ["check", "--output-format", "xml", "a.des"],
    ["check", "--select", "-x", "a.des"],
    ["check", "--help"],
    ["check", "-h", "a.des"],
    ["check", "--", "a.des"],
    ["check", "-", "a.des"],
    ["check", "--nonsense", "a.des"],
    ["parse", "a.des"],
    [],
]


def argparse_values(argv):
    args = build_argparser(argv[0], others=False).parse_args(argv)
    return vars(args)


@pytest.mark.parametrize("argv", PLAIN, ids=" ".join)
def test_a_plain_check_is_read_as_argparse_reads_it(argv):
    args = check_args(argv)
    assert args is not None
    assert vars(args) == argparse_values(argv)


@pytest.mark.parametrize("argv", LEFT_TO_ARGPARSE, ids=lambda a: " ".join(a) or "none")
def test_anything_else_is_left_to_argparse(argv):
    assert check_args(argv) is None


def test_every_option_of_the_tables_is_checks_and_every_check_option_is_known():
    """The tables name only options of the real parser with the right kind (a flag, an
    option with a value), and every option of the real parser is in them (or -h)."""
    ap = build_argparser("check", others=False)
    sub = next(a for a in ap._actions if a.dest == "command").choices["check"]
    flags, valued = set(), set()
    for action in sub._actions:
        for s in action.option_strings:
            (flags if action.nargs == 0 else valued).add(s)
    assert set(_FLAGS) == flags - {"-h", "--help"}
    assert set(_VALUED) == valued


def test_a_check_is_run_from_the_fast_reading(tmp_path, capsys):
    from unlev.cli import main
    des = tmp_path / "a.des"
    des.write_text('LEVEL:"tiny"\nMESSAGE:"hi"\n')
    assert main(["check", "--no-cache", str(des)]) == 0
    assert capsys.readouterr().out == "1 passed, 0 failed\n"
    bad = tmp_path / "b.des"
    bad.write_text('LEVEL:"tiny"\nMESSAGE:\n')
    assert main(["check", "--no-cache", str(bad)]) == 1
    with pytest.raises(SystemExit) as e:    # two runs of files: argparse's usage error
        main(["check", str(des), "-q", str(bad)])
    assert e.value.code == 2
    assert "unrecognized arguments" in capsys.readouterr().err
