"""The pytest plugin (``pytest --unlev DIR``), run with pytester: collection of level x
seed items, failures with the harness' messages, snapshots, and pytest-xdist."""

from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

GOOD = """\
LEVEL: "yard"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
-------
|.....|
|.....|
-------
ENDMAP
STAIR:(1,1),up
STAIR:(5,2),down
"""
# cut in two by a wall no one can dig through: unreachable even with the game's means
BROKEN = GOOD.replace('"yard"', '"pond"').replace("|.....|\n|.....|",
                                                   "|..|..|\n|..|..|").replace(
    "ENDMAP\n", "ENDMAP\nNON_DIGGABLE:(0,0,6,3)\n")


@pytest.fixture(scope="module")
def warm():
    """Import and warm unlev here: pytester's in-process runs drop every module
    imported during the run, so without this each run would load the data again."""
    import importlib
    from unlev.tools.harness.jobs import Settings, build
    from unlev.tools.harness.snapshot import make_snapshot
    from unlev.lang.frontend import compile_text
    for name in ("unlev.tools.lint", "unlev.tools.harness.config", "unlev.tools.harness.invariants"):
        importlib.import_module(name)
    compiled = compile_text(GOOD, "warm.des")
    make_snapshot(build(compiled, compiled.tree.levels[0], 1, Settings()), 1, "warm.des")


@pytest.fixture
def levels(pytester, warm):
    d = pytester.mkdir("levels")
    (d / "yard.des").write_text(GOOD)
    (d / "pond.des").write_text(BROKEN)
    (d / "notes.txt").write_text("not a des-file")
    return d


def test_plugin_is_registered_by_entry_point():
    from importlib.metadata import entry_points
    eps = entry_points()
    group = eps.select(group="pytest11") if hasattr(eps, "select") else eps.get("pytest11", [])
    assert "unlev.tools.harness.pytest_plugin" in {ep.value for ep in group}


def test_collects_every_level_and_seed(pytester, levels):
    result = pytester.runpytest("--unlev", "levels", "--unlev-seeds", "1..2",
                                "--collect-only", "-q")
    result.stdout.fnmatch_lines([
        "levels/pond.des::pond[[]seed=1[]]",
        "levels/pond.des::pond[[]seed=2[]]",
        "levels/yard.des::yard[[]seed=1[]]",
        "levels/yard.des::yard[[]seed=2[]]",
        "4 tests collected*",
    ])


def test_without_the_option_des_files_are_ignored(pytester, levels):
    pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    result = pytester.runpytest("-q")
    result.assert_outcomes(passed=1)


def test_broken_level_fails_with_the_check_message(pytester, levels):
    result = pytester.runpytest("--unlev", "levels", "--unlev-seeds", "1..3")
    result.assert_outcomes(passed=3, failed=3)
    result.stdout.fnmatch_lines([
        "*[[]reachable[]] at (*): stairs down is not reachable from the up stairs*",
        # pytest 9 adds " - [reachable]..." to the summary line, pytest 8 (Python 3.9)
        # does not: the reason itself is matched above
        "FAILED levels/pond.des::pond[[]seed=1[]]*",
    ])
    assert "Traceback" not in result.stdout.str()


def test_config_file_switches_a_check_off(pytester, levels):
    (pytester.path / "unlev-test.ini").write_text("[pond]\nskip = reachable\n")
    result = pytester.runpytest("--unlev", "levels", "--unlev-seeds", "1")
    result.assert_outcomes(passed=2)


def test_snapshots_created_compared_and_updated(pytester, levels):
    args = ["--unlev", "levels", "--unlev-seeds", "1", "--unlev-snapshots", "snaps",
            "-k", "yard"]
    pytester.runpytest(*args).assert_outcomes(passed=1)
    assert (pytester.path / "snaps" / "yard" / "yard" / "seed-1.json.gz").is_file()
    (levels / "yard.des").write_text(GOOD + "OBJECT: ('(', \"chest\"), (2,2)\n")
    result = pytester.runpytest(*args)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*snapshot differs*", "*+ object chest at (*) is new*"])
    pytester.runpytest(*args, "--unlev-update").assert_outcomes(passed=1)
    pytester.runpytest(*args).assert_outcomes(passed=1)


def test_des_file_error_is_a_collection_error(pytester, levels):
    (levels / "bad.des").write_text('LEVEL: "bad"\nSTAIR: (1,1), sideways\n')
    result = pytester.runpytest("--unlev", "levels", "--unlev-seeds", "1")
    result.assert_outcomes(errors=1)        # pytest stops after collection errors
    result.stdout.fnmatch_lines(["*bad.des:2:15: error: syntax error at \"sideways\"*"])
    assert "Traceback" not in result.stdout.str()


def test_bad_seed_list_is_a_usage_error(pytester, levels):
    result = pytester.runpytest("--unlev", "levels", "--unlev-seeds", "9..1")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*runs backwards*"])


def test_lint_item(pytester, levels):
    (levels / "yard.des").write_text(GOOD + "OBJECT: ('(', \"chest\"), (9,2)\n")
    result = pytester.runpytest("--unlev", "levels", "--unlev-seeds", "1", "--unlev-lint",
                                "-k", "yard")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*yard.des:12:25: warning: (9,2) is outside the 7x4 MAP*"])


def test_works_under_xdist(pytester, levels):
    pytest.importorskip("xdist")
    result = pytester.runpytest_subprocess("--unlev", "levels", "--unlev-seeds", "1..2",
                                           "-n", "2", "-p", "xdist")
    result.assert_outcomes(passed=2, failed=2)
    result.stdout.fnmatch_lines(["*2 workers*"])


def test_unlev_data_and_lenient_reach_the_items(pytester, warm, tmp_path):
    from pathlib import Path
    from unlev.tools.data.importer import import_tables, write_profile
    mini = Path(__file__).parent / "fixtures" / "minivariant"
    tables, _w = import_tables([mini], "nethack36")
    write_profile(tmp_path / "mini", "mini", "nethack36", tables)
    d = pytester.mkdir("grove")
    (d / "grove.des").write_text('LEVEL:"grove"\nROOM:"ordinary",lit,(3,3),(center,center),'
                                 '(6,4) {\n  MONSTER:(\'#\',"tree blight"),(1,1)\n}\n')
    plain = pytester.runpytest("--unlev", "grove", "--unlev-seeds", "1", "-p", "no:randomly")
    plain.assert_outcomes(errors=1)
    mine = pytester.runpytest("--unlev", "grove", "--unlev-seeds", "1", "-p", "no:randomly",
                              "--unlev-data", str(tmp_path / "mini"))
    mine.assert_outcomes(passed=1)
    loose = pytester.runpytest("--unlev", "grove", "--unlev-seeds", "1", "-p", "no:randomly",
                               "--unlev-lenient")
    loose.assert_outcomes(passed=1)
    again = pytester.runpytest("--unlev", "grove", "--unlev-seeds", "1", "-p", "no:randomly")
    again.assert_outcomes(errors=1)     # the runs in this process left nothing set
