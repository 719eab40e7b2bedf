"""The repeat check's fast path (``unlev/tools/quick_check.py``) prints exactly what the
full path prints: standard output, standard error and the exit code, byte for byte, in
real processes, on files with warnings, errors, INCLUDE, --lenient, --show-dialect,
-q, a folder, and -j; and it is the path that answered (the full path's command module,
``unlev.tools.check``, never loaded: a plain check's full path no longer loads argparse
either, ``unlev.tools.check_argv``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from unlev.tools import quick_check as Q

REPO = Path(__file__).resolve().parent.parent

GOOD = 'LEVEL: "a"\nINIT_MAP: solidfill, \' \'\nMONSTER: \'d\', random\n'
WARN = ('LEVEL: "w"\nROOM: "ordinary", random, random, random, random {\n'
        '  ROOM: "x", lit, (1,1), (1,1), (2,2) { }\n}\n')
BAD = 'LEVEL: "b"\nMONSTER: "no such thing", random\n'
LENIENT = 'LEVEL: "l"\nMONSTER: "no such thing", random\nOBJECT: "no such stone", random\n'
NH36 = 'MAZE: "m", \' \'\nFLAGS: noteleport\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'

WRAPPER = """import os, sys
from unlev.cli import main
code = main(sys.argv[1:])
sys.stdout.flush()
sys.stderr.flush()
with open(os.environ["UNLEV_TEST_MARK"], "w") as fh:
    fh.write("full" if "unlev.tools.check" in sys.modules else "fast")
sys.exit(code)
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = tmp_path_factory.mktemp("quick")
    (root / "unlev.toml").write_text("")
    files = {"good.des": GOOD, "warn.des": WARN, "bad.des": BAD, "lenient.des": LENIENT,
             "nh36.des": NH36, "inc.des": 'FUNCTION f() {\n  MESSAGE: "hi"\n}\n',
             "main.des": 'INCLUDE "inc.des"\nLEVEL: "m"\nf()\n',
             "sub/deep.des": WARN.replace('"w"', '"d"'), "sub/also.des": GOOD}
    for name, text in files.items():
        (root / name).parent.mkdir(exist_ok=True)
        (root / name).write_text(text)
    return root


def run(project, argv):
    env = dict(os.environ, UNLEV_TEST_MARK=str(project / "mark"))
    env.pop("NO_COLOR", None)
    p = subprocess.run([sys.executable, "-c", WRAPPER, *argv], cwd=project, env=env,
                       capture_output=True, timeout=300)
    return (p.returncode, p.stdout, p.stderr), (project / "mark").read_text()


CASES = {
    "warnings and an error": ["check", "good.des", "warn.des", "bad.des"],
    "include": ["check", "main.des", "warn.des"],
    "lenient": ["check", "--lenient", "lenient.des", "warn.des"],
    "show dialect": ["check", "--show-dialect", "nh36.des", "good.des", "warn.des"],
    "quiet folder": ["check", "-q", "."],
    "folder, workers": ["check", "-j", "2", "--select", "game-deviation", "."],
    "dialect and ignore": ["check", "--dialect", "unnethack", "--ignore", "lev-comp",
                           "warn.des", "sub"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_fast_path_prints_what_the_full_path_prints(project, case):
    argv = CASES[case]
    reference, how = run(project, [argv[0], "--no-cache", *argv[1:]])
    assert how == "full"
    first, how = run(project, argv)               # the full path, which records the run
    assert how == "full"
    assert first == reference
    again, how = run(project, argv)
    assert how == "fast", case
    assert again == reference
    assert reference[1] and reference[2]          # a summary, and words on stderr


def test_a_file_changed_since_is_checked_by_the_full_path(project):
    argv = ["check", "good.des", "warn.des"]
    run(project, argv)
    assert run(project, argv)[1] == "fast"
    (project / "warn.des").write_text(WARN + "MONSTER: 'd', random\n")
    try:
        got, how = run(project, argv)
        assert how == "full"
        assert got == run(project, ["check", "--no-cache", *argv[1:]])[0]
    finally:
        (project / "warn.des").write_text(WARN)


@pytest.mark.parametrize("argv,paths", [
    (["check", "a.des"], ["a.des"]),
    (["check", "-q", "-j", "3", "--select", "x", "a", "--dialect", "auto", "b"], ["a", "b"]),
    (["check", "--output-format", "text", "-"], ["-"]),
])
def test_the_paths_of_a_command_line(argv, paths):
    assert Q.paths_of(argv) == paths


@pytest.mark.parametrize("argv", [
    ["lint", "a.des"], ["check"], ["check", "-q"], ["check", "--no-cache", "a.des"],
    ["check", "--fix", "a.des"], ["check", "--output-format", "json", "a.des"],
    ["check", "-j", "x", "a.des"], ["check", "--sel", "x", "a.des"], ["check", "-j4", "a.des"],
    ["check", "--select=x", "a.des"], ["check", "--", "a.des"], ["check", "a.des", "--select"],
])
def test_what_the_fast_path_leaves_to_argparse(argv):
    with pytest.raises(Q._Decline):
        Q.paths_of(argv)


def test_the_entry_format_round_trips():
    fields = ["", "a\nb", "\udcff surrogate", "é", "12\n", "x" * 1000]
    assert Q._unpack(Q._pack(fields)) == fields
    for broken in (Q._pack(fields)[:-1], b"5\nabc", b"x\nabc", b"-1\n"):
        with pytest.raises(ValueError):
            Q._unpack(broken)


def test_the_config_lookup_sees_every_config_on_the_way_up(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    (tmp_path / "sub").mkdir()
    seen, found = Q.config_lookup(str(tmp_path / "sub" / "a.des"))
    assert found is None and seen[0].startswith(str(tmp_path / "pyproject.toml") + ":")
    (tmp_path / "unlev.toml").write_text("")
    seen2, found = Q.config_lookup(str(tmp_path / "sub"))
    assert found == str(tmp_path / "unlev.toml") and seen2 != seen
    (tmp_path / "sub" / "pyproject.toml").write_text("[project]\nname = 'unlev-levels'\n")
    seen3, found = Q.config_lookup(str(tmp_path / "sub"))     # names unlev, no table
    assert found == str(tmp_path / "unlev.toml") and len(seen3) == len(seen2) + 1
    (tmp_path / "sub" / "pyproject.toml").write_text("[tool.unlev]\n")
    assert Q.config_lookup(str(tmp_path / "sub"))[1] == str(tmp_path / "sub" / "pyproject.toml")
    (tmp_path / "sub" / "pyproject.toml").write_text("[tool.unlev\n")
    with pytest.raises(Q._Decline):
        Q.config_lookup(str(tmp_path / "sub"))
