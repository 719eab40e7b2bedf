"""The rule for the shared material (corpus, game dumps): skip with the reason where it is
absent, fail under CI=true, where a skipped test would make a green run that tested
nothing (the brief: tests "skip with a reason where absent — but fail when CI=true")."""

import pytest

from conftest import missing


def test_absent_material_is_a_skip_with_its_reason(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no des-file corpus"):
        missing("no des-file corpus")


@pytest.mark.parametrize("value", ["true", "1", "TRUE"])
def test_absent_material_fails_under_ci(monkeypatch, value):
    monkeypatch.setenv("CI", value)
    with pytest.raises(pytest.fail.Exception, match="no game reference dumps.*CI=true"):
        missing("no game reference dumps")


def test_ci_false_still_skips(monkeypatch):
    monkeypatch.setenv("CI", "false")
    with pytest.raises(pytest.skip.Exception):
        missing("no des-file corpus")
