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


def test_without_a_config_only_the_walled_in_fills_are_left(corpus_root, capsys):
    """Issue 32: a maintainer's first run on the game's own files, with no config: the
    reachability tiers, the teleport tier (Rog-loca), the maze rule (Juiblex) and the
    walled-in-later rule (the heck levels) let the game's designs through.  Left: what
    the game's own room fill and fix-ups put where the level is rock (Fort Ludios' safes,
    Medusa's statues under the Ludios vault); the game does it at the same rates
    (corpus-unlev-test.ini)."""
    code = main(["test", str(corpus_root / "unnethack"), "--seeds", "1..2",
                 "--no-progress", "--table", "failing", "-j", "1", "--lint", "off"])
    out = capsys.readouterr().out
    findings = [ln.strip() for ln in out.splitlines() if ln.strip().startswith("[")]
    failed = [ln.split()[1] for ln in out.splitlines() if ln.startswith("FAIL ")]
    assert set(failed) <= {"knox-3", "medusa-2", "medusa-4"}, out[-3000:]
    assert all(f.startswith("[embedded]") and ("placed by fill" in f
                                               or "placed by fixup_special" in f)
               for f in findings), findings
    assert code == (1 if failed else 0)


def test_the_findings_it_lets_through_are_still_seen_underneath(corpus_root):
    """What the tiers let through is still there (the checks did not go blind): heck-b-4
    seed 3 has things in rock, placed at random spots a later MAP walled in."""
    from unlev.generate.build import build_level
    from unlev.lang.frontend import compile_file
    from unlev.model.level import ROWNO
    from unlev.stdlib import terrain as T
    from unlev.tools.harness.invariants import check_level
    compiled = compile_file(str(corpus_root / "unnethack" / "heck.des"))
    node = next(lv for lv in compiled.tree.levels if lv.name == "heck-b-4")
    level = build_level(compiled, node, seed=3)
    walled = [t for t in level.objects + level.monsters
              if T.is_rock(level.typ[t.x * ROWNO + t.y]) and t.attrs.get("spot") == "random"]
    assert walled
    assert [v for v in check_level(level, None) if v.check == "embedded"] == []
