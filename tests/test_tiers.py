"""The two tiers of the suite (tests/conftest.py): the default run (the quick tier)
deselects the tests marked slow and says how many and which option runs them; --full,
--full-sweep or a -m expression run every test.  Run with pytester on a small project
that uses the repository's own conftest.py and tiers.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tiers import SLOW, every, quick_subset

pytest_plugins = ["pytester"]

HERE = Path(__file__).resolve().parent

SAMPLE = '''
import pytest
from tiers import quick_subset

def test_quick():
    pass

@pytest.mark.slow
def test_slow():
    pass

@pytest.mark.parametrize("n", quick_subset([1, 2, 3], {0}))
def test_sweep(n):
    pass
'''

LINE = ("quick tier: 3 tests marked slow were left out; `python -m pytest --full` runs "
        "every test (CI does)")


@pytest.fixture
def project(pytester):
    pytester.makeconftest((HERE / "conftest.py").read_text())
    pytester.makepyfile(tiers=(HERE / "tiers.py").read_text(), test_sample=SAMPLE)
    pytester.makeini("[pytest]\nmarkers =\n    slow: the full tier's\n")
    return pytester


def test_the_default_run_deselects_the_slow_tests_and_says_how_to_run_them(project):
    result = project.runpytest("-p", "no:cacheprovider", "-n", "0")
    result.assert_outcomes(passed=2, deselected=3)
    result.stdout.fnmatch_lines(["*test_sample.py ..*"])
    assert LINE in result.stdout.str()
    assert "SKIP" not in result.stdout.str()        # left out, not skipped


@pytest.mark.parametrize("option", [["--full"], ["--full-sweep"], ["-m", "slow or not slow"]])
def test_the_full_tier_runs_every_test(project, option):
    result = project.runpytest("-p", "no:cacheprovider", "-n", "0", *option)
    result.assert_outcomes(passed=5)
    assert "quick tier" not in result.stdout.str()


def test_a_mark_expression_chooses_by_itself(project):
    result = project.runpytest("-p", "no:cacheprovider", "-n", "0", "-m", "slow")
    result.assert_outcomes(passed=3, deselected=2)
    assert "quick tier" not in result.stdout.str()


def test_under_xdist_the_workers_count_reaches_the_summary(project):
    pytest.importorskip("xdist")
    result = project.runpytest_subprocess("-p", "no:cacheprovider", "-n", "2")
    result.assert_outcomes(passed=2)
    lines = result.stdout.str().splitlines()
    assert LINE in lines
    assert lines.index(LINE) == len(lines) - 2         # just above the counts


def test_quick_subset_marks_all_but_the_kept_cases():
    cases = quick_subset(["a", "b", "c", "d"], every(3, "abcd"))
    assert [c.values for c in cases] == [("a",), ("b",), ("c",), ("d",)]
    assert [bool(c.marks) for c in cases] == [False, True, True, False]
    assert all(c.marks == (SLOW,) for c in cases if c.marks)
    pairs = quick_subset([(1, "x"), (2, "y")], {1}, several=True)
    assert [p.values for p in pairs] == [(1, "x"), (2, "y")]
    assert [bool(p.marks) for p in pairs] == [True, False]
