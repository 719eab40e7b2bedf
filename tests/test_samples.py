"""Every sample des-file runs, with a fixed seed, to exactly the level stored in
tests/snapshots/samples/ (the JSON ``unlev run --json`` writes).

A deliberate change to generation changes the snapshots: look at the diff, then
regenerate them with

    python tools/update_sample_snapshots.py

and commit the new files with the change that caused them.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from unlev.cli import main

from tiers import quick_subset

REPO = Path(__file__).resolve().parent.parent
SAMPLES = sorted((REPO / "samples").glob("*.des"))
SNAPSHOTS = REPO / "tests" / "snapshots" / "samples"
SEED = 1


def snapshot_path(sample: Path) -> Path:
    return SNAPSHOTS / f"{sample.stem}.seed{SEED}.json"


def run_sample(sample: Path, tmp_path: Path, monkeypatch) -> str:
    monkeypatch.chdir(REPO)           # the JSON records the path as given: keep it relative
    out = tmp_path / f"{sample.stem}.json"
    rc = main(["run", f"samples/{sample.name}", "--seed", str(SEED), "--json", str(out), "-q"])
    assert rc == 0
    return out.read_text(encoding="utf-8")


def test_there_are_samples_and_a_big_room():
    names = {p.name for p in SAMPLES}
    assert "bigrm.des" in names and len(names) >= 4


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_sample_matches_snapshot(sample, tmp_path, monkeypatch):
    text = run_sample(sample, tmp_path, monkeypatch)
    snap = snapshot_path(sample)
    if not snap.exists():
        pytest.fail(f"no snapshot {snap.relative_to(REPO)}; create it with "
                    "python tools/update_sample_snapshots.py")
    expected = snap.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(list(difflib.unified_diff(
            expected.splitlines(True), text.splitlines(True),
            f"stored {snap.name}", "generated now", n=1))[:80])
        pytest.fail(f"{sample.name} --seed {SEED} no longer gives its snapshot:\n{diff}\n"
                    "If the change is intended: python tools/update_sample_snapshots.py")


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.stem)
def test_sample_levels_are_sound(sample, tmp_path, monkeypatch):
    """Beyond the snapshot: every level has both stairs, at least one monster, no
    warning from the loader, and its stairs are drawn where the records say."""
    doc = json.loads(run_sample(sample, tmp_path, monkeypatch))
    assert doc["levels"], sample.name
    for lv in doc["levels"]:
        assert lv["warnings"] == [], (sample.name, lv["name"], lv["warnings"])
        dirs = sorted(s["direction"] for s in lv["stairs"])
        assert dirs == ["down", "up"], (sample.name, lv["name"])
        assert lv["monsters"], (sample.name, lv["name"])
        for s in lv["stairs"]:
            ch = lv["display"][s["y"]][s["x"]]
            on_it = [m for m in lv["monsters"] if (m["x"], m["y"]) == (s["x"], s["y"])]
            on_it += [o for o in lv["objects"] if (o["x"], o["y"]) == (s["x"], s["y"])]
            assert on_it or ch == ("<" if s["direction"] == "up" else ">")


def test_samples_pass_the_static_checker(capsys):
    rc = main(["check", *[str(p) for p in SAMPLES]])
    out = capsys.readouterr()
    assert rc == 0 and f"{len(SAMPLES)} passed, 0 failed" in out.out
    assert "warning" not in out.err, out.err


def test_no_stale_snapshots():
    stems = {f"{p.stem}.seed{SEED}.json" for p in SAMPLES}
    stale = [p.name for p in SNAPSHOTS.glob("*.json") if p.name not in stems]
    assert not stale, f"snapshots without a sample: {stale}"


# the quick tier (the default run) runs the first sample's many seeds, the full tier
# (--full) every sample's (caves alone takes ~1.6 s)
@pytest.mark.parametrize("sample", quick_subset(SAMPLES, {0}), ids=lambda p: p.stem)
def test_samples_keep_every_invariant_over_many_seeds(sample):
    """Our own samples must be sound levels: every invariant of `unlev test` holds
    (stairs reachable, nothing in rock, doors in walls, mazes whole, stairs present)
    for seeds 1..40, with flips anywhere as `unlev run` makes them, except what a
    sample switches off with an explained ``# unlev-test: skip`` comment."""
    from unlev.tools.harness.invariants import check_level, required_features
    from unlev.lang.frontend import compile_file
    from unlev.generate.build import build_level

    from unlev.tools.harness.invariants import parse_directives

    compiled = compile_file(str(sample))
    skips, unreadable = parse_directives(sample.read_text(encoding="latin-1"))
    assert not unreadable
    problems = []
    for node in compiled.tree.levels:
        required = required_features(node, compiled.tree.header)
        skip = skips.get(None, set()) | skips.get(node.name, set())
        for seed in range(1, 41):
            lv = build_level(compiled, node, seed=seed, force_flip=True)
            problems += [f"{node.name} seed {seed}: {v}"
                         for v in check_level(lv, required, skip=skip)]
    assert not problems, "\n".join(problems[:10])
