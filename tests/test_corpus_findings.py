"""The game's own des-files under ``unlev test`` (issue 18, point 3): every finding is
either fixed in unlev or defended, with its reason, in corpus-unlev-test.ini."""

import os

from unlev.cli import main
from unlev.tools.harness.config import SkipConfig

INI = os.path.join(os.path.dirname(__file__), "..", "corpus-unlev-test.ini")


def test_every_defended_finding_has_a_reason():
    cfg = SkipConfig.load(INI)
    assert len(cfg.entries) >= 20
    for pattern, checks, _seeds, lint, reason in cfg.entries:
        assert checks or lint, pattern
        assert len(reason) > 30, f"[{pattern}] says too little about why"


def test_the_corpus_passes_with_its_defences(corpus_root, capsys):
    code = main(["test", str(corpus_root / "unnethack"), "--seeds", "1..2", "--config", INI,
                 "--no-progress", "--table", "failing", "-j", "1"])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert "612 passed, 0 failed" in out and "lint warning" not in out


def test_without_them_the_findings_show(corpus_root, capsys):
    # the defences are what makes the difference: the checks still fire underneath
    # (Medusa's island no longer needs one: the game's means cross its water)
    code = main(["test", str(corpus_root / "unnethack" / "heck.des"), "--level", "heck-b-4",
                 "--seeds", "3", "--no-progress", "--lint", "off", "-j", "1"])
    assert code == 1 and "[embedded]" in capsys.readouterr().out
    code = main(["test", str(corpus_root / "unnethack" / "medusa.des"), "--level", "medusa-2",
                 "--seeds", "2", "--no-progress", "--lint", "off", "-j", "1"])
    assert code == 0, capsys.readouterr().out
