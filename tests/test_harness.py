"""``unlev test`` end to end on small hand-made levels in tmp_path: snapshots created,
an intentional change shown as a readable diff, ``--update``, reports, switches,
errors, and parallel runs agreeing with serial ones."""

from __future__ import annotations

import gzip
import json
import os
import xml.etree.ElementTree as ET

import pytest

from unlev.cli import main
from unlev.tools.harness.command import run_jobs
from unlev.tools.harness.config import ConfigError, SkipConfig, parse_seeds
from unlev.tools.harness.jobs import Settings, list_jobs

LEVELS = """\
LEVEL: "yard"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
---------
|.......|
|.......|
|.......|
---------
ENDMAP
STAIR:(1,1),up
STAIR:(7,3),down
MONSTER: ('d', "jackal"), (3,2)
OBJECT: ('(', "chest"), (5,1)

LEVEL: "pond"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
---------
|...|...|
|...|...|
---------
ENDMAP
NON_DIGGABLE:(0,0,8,3)
STAIR:(1,1),up
STAIR:(7,2),down
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "two.des").write_text(LEVELS)
    return tmp_path


def run(capsys, *argv):
    code = main(["test", *argv, "--no-progress"])
    out, err = capsys.readouterr()
    return code, out, err


def yard_only(text: str) -> str:
    return text.split('LEVEL: "pond"')[0]


# ------------------------------------------------------------------ snapshots
def test_snapshots_created_then_matched(project, capsys):
    (project / "levels" / "two.des").write_text(yard_only(LEVELS))
    code, out, _ = run(capsys, "levels", "--seeds", "1..2", "--snapshots", "snaps", "-j", "1")
    assert code == 0, out
    assert "created 2 snapshots in snaps" in out
    assert "2 passed, 0 failed" in out
    for seed in (1, 2):
        txt = project / "snaps" / "two" / "yard" / f"seed-{seed}.txt"
        doc = json.loads(gzip.decompress(
            (project / "snaps" / "two" / "yard" / f"seed-{seed}.json.gz").read_bytes()))
        assert doc["name"] == "yard" and doc["seed"] == seed
        assert "d" in txt.read_text() and txt.read_text().count("\n") == 21
    code, out, _ = run(capsys, "levels", "--seeds", "1..2", "--snapshots", "snaps", "-j", "1")
    assert code == 0 and "created" not in out and "match 2" in out


def test_intentional_change_is_shown_as_a_readable_diff(project, capsys):
    des = project / "levels" / "two.des"
    des.write_text(yard_only(LEVELS))
    assert run(capsys, "levels", "--seeds", "1", "--snapshots", "snaps", "-j", "1")[0] == 0
    des.write_text(yard_only(LEVELS).replace("(3,2)", "(4,3)").replace(
        "|.......|\n|.......|\n---", "|.......|\n|.{.....|\n---"))
    code, out, _ = run(capsys, "levels", "--seeds", "1", "--snapshots", "snaps", "-j", "1")
    assert code == 1
    assert "FAIL yard seed 1 (two.des)" in out
    assert "snapshot differs (" in out
    assert "map: 3 cells look different" in out
    assert "terrain: 1 cell changed" in out
    assert "ROOM -> FOUNTAIN" in out
    assert "monsters: 1 moved" in out
    assert "~ monster jackal moved (" in out
    assert "(run with --update to accept the new level)" in out
    assert "0 passed, 1 failed" in out
    # the stored snapshot was left alone
    assert run(capsys, "levels", "--seeds", "1", "--snapshots", "snaps", "-j", "1")[0] == 1


def test_update_rewrites_and_says_what_changed(project, capsys):
    des = project / "levels" / "two.des"
    des.write_text(yard_only(LEVELS))
    run(capsys, "levels", "--seeds", "1..2", "--snapshots", "snaps", "-j", "1")
    before = gzip.decompress((project / "snaps" / "two" / "yard" / "seed-1.json.gz")
                             .read_bytes()).decode()
    des.write_text(yard_only(LEVELS).replace('"chest"', '"large box"'))
    code, out, _ = run(capsys, "levels", "--seeds", "1..2", "--snapshots", "snaps",
                       "--update", "-j", "1")
    assert code == 0
    assert "updated yard seed 1: " in out and "updated yard seed 2: " in out
    assert "objects 1 new, 1 gone" in out
    after = gzip.decompress((project / "snaps" / "two" / "yard" / "seed-1.json.gz")
                            .read_bytes()).decode()
    assert after != before and '"large box"' in after
    leftovers = [f for f in os.listdir(project / "snaps" / "two" / "yard") if f.startswith(".tmp")]
    assert leftovers == []
    code, out, _ = run(capsys, "levels", "--seeds", "1..2", "--snapshots", "snaps", "-j", "1")
    assert code == 0 and "match 2" in out
    code, out, _ = run(capsys, "levels", "--seeds", "1..2", "--snapshots", "snaps",
                       "--update", "-j", "1")
    assert "no snapshot changed" in out


def test_ci_mode_fails_on_a_missing_snapshot(project, capsys):
    (project / "levels" / "two.des").write_text(yard_only(LEVELS))
    code, out, _ = run(capsys, "levels", "--seeds", "1", "--snapshots", "snaps", "--ci",
                       "-j", "1")
    assert code == 1 and "no stored snapshot" in out
    assert not (project / "snaps").exists()


# ------------------------------------------------------------------ checks, summary
def test_invariant_failure_summary_and_exit_code(project, capsys):
    code, out, _ = run(capsys, "levels", "--seeds", "1..3", "-j", "1")
    assert code == 1
    assert "FAIL pond seed 1 (two.des)" in out
    assert "[reachable] at (" in out and "stairs down is not reachable from the up stairs" in out
    assert "3 passed, 3 failed" in out
    assert "6 runs (2 levels x 3 seeds)" in out
    table = out[out.index("unlev test"):]
    assert "pond" in table and "reachable×3" in table and "1,2,3" in table


def test_directive_in_the_des_file_switches_a_check_off(project, capsys):
    des = project / "levels" / "two.des"
    des.write_text(LEVELS.replace('STAIR:(7,2),down\n',
                                  'STAIR:(7,2),down\n# unlev-test: skip reachable -- a pond\n'))
    code, out, _ = run(capsys, "levels", "--seeds", "1", "-j", "1")
    assert code == 0 and "2 passed, 0 failed" in out


def test_config_entry_switches_a_check_off(project, capsys):
    (project / "unlev-test.ini").write_text("[po*]\nskip = reachable ; across the water\n")
    code, out, _ = run(capsys, "levels", "--seeds", "1", "-j", "1")
    assert code == 0
    (project / "unlev-test.ini").write_text("[pond]\nskip = everything\n")
    code, _out, err = run(capsys, "levels", "--seeds", "1", "-j", "1")
    assert code == 2 and "unknown check(s) everything" in err


def test_reports(project, capsys):
    code, out, _ = run(capsys, "levels", "--seeds", "1..2", "-j", "1",
                       "--junit-xml", "out/junit.xml", "--json-report", "out/report.json")
    assert code == 1
    root = ET.parse(project / "out" / "junit.xml").getroot()
    assert root.get("tests") == "4" and root.get("failures") == "2"
    cases = root.findall(".//testcase")
    assert sorted(c.get("name") for c in cases) == [
        "pond[seed=1]", "pond[seed=2]", "yard[seed=1]", "yard[seed=2]"]
    fail = next(c for c in cases if c.get("name") == "pond[seed=1]").find("failure")
    assert fail.get("message") == "broken: reachable"
    assert "stairs down is not reachable" in fail.text
    doc = json.loads((project / "out" / "report.json").read_text())
    assert (doc["passed"], doc["failed"], doc["errors"]) == (2, 2, 0)
    assert doc["seeds"] == [1, 2]
    pond = next(g for g in doc["levels"] if g["level"] == "pond")
    assert pond["checks"] == {"reachable": 2} and pond["failed_seeds"] == [1, 2]


def test_lint_findings_are_shown_and_can_fail_the_run(project, capsys):
    des = project / "levels" / "two.des"
    des.write_text(yard_only(LEVELS).replace("STAIR:(7,3),down", "STAIR:(9,3),down"))
    code, out, _ = run(capsys, "levels", "--seeds", "1", "-j", "1", "--level", "yard")
    assert "two.des:12:7: warning: (9,3) is outside the 9x5 MAP [outside-map]" in out
    assert "1 lint warning" in out
    code_err = main(["test", "levels", "--seeds", "1", "-j", "1", "--lint", "error",
                     "--no-progress"])
    capsys.readouterr()
    assert code_err == 1


def test_des_file_errors_are_failures_without_traceback(project, capsys):
    (project / "levels" / "bad.des").write_text('LEVEL: "bad"\nSTAIR: (1,1), sideways\n')
    code, out, err = run(capsys, "levels", "--seeds", "1", "-j", "1")
    assert code == 1
    assert "ERROR (compile)" in out and "bad.des:2:" in out and "error:" in out
    assert "Traceback" not in out + err


@pytest.mark.parametrize("argv, message", [
    (["nowhere"], "cannot read nowhere: No such file or directory"),
    (["levels", "--seeds", "5..1"], "runs backwards"),
    (["levels", "--update"], "--update and --ci need --snapshots"),
])
def test_usage_errors_exit_2(project, capsys, argv, message):
    try:
        code, _out, err = run(capsys, *argv)
    except SystemExit as e:            # argparse's own usage error (a bad --seeds)
        code, err = e.code, capsys.readouterr().err
    assert code == 2 and message in err


def test_level_filter_and_duplicate_level_names(project, capsys):
    (project / "levels" / "two.des").write_text(yard_only(LEVELS) * 2)
    jobs = list_jobs(str(project / "levels" / "two.des"), [1])
    assert [j.label for j in jobs] == ["yard#0", "yard#1"]
    code, out, _ = run(capsys, "levels", "--seeds", "1", "-j", "1", "--snapshots", "s")
    assert code == 0 and "2 runs (2 levels x 1 seed)" in out
    assert sorted(os.listdir(project / "s" / "two")) == ["yard_0", "yard_1"]


# ------------------------------------------------------------------ parallel = serial
def test_parallel_and_serial_runs_agree(project, tmp_path):
    path = str(project / "levels" / "two.des")
    jobs = list_jobs(path, [1, 2, 3])
    serial = run_jobs(jobs, Settings(), workers=1)
    parallel = run_jobs(jobs, Settings(), workers=2)

    def strip(rs):
        return [{k: v for k, v in r.items() if k != "seconds"} for r in rs]

    assert strip(serial) == strip(parallel)
    assert [r["outcome"] for r in serial] == ["passed"] * 3 + ["failed"] * 3


def test_parallel_snapshots_match_serial_ones(project, capsys):
    assert run(capsys, "levels", "--seeds", "1..3", "--snapshots", "a", "-j", "1")[0] == 1
    assert run(capsys, "levels", "--seeds", "1..3", "--snapshots", "b", "-j", "2")[0] == 1
    for root, _dirs, files in os.walk(project / "a"):
        for f in files:
            mine = os.path.join(root, f)
            other = mine.replace(str(project / "a"), str(project / "b"))
            with open(mine, "rb") as a, open(other, "rb") as b:
                assert a.read() == b.read()


# ------------------------------------------------------------------ settings
@pytest.mark.parametrize("text, seeds", [("1..3", [1, 2, 3]), ("4", [4]),
                                         ("1,5, 9", [1, 5, 9]), ("1..2,2..3", [1, 2, 3])])
def test_parse_seeds(text, seeds):
    assert parse_seeds(text) == seeds


@pytest.mark.parametrize("text", ["", "a..b", "3..1", "1..", ","])
def test_parse_seeds_rejects(text):
    with pytest.raises(ConfigError):
        parse_seeds(text)


def test_skip_config_globs(tmp_path):
    p = tmp_path / "unlev-test.ini"
    p.write_text("[medusa-*]\nskip = reachable, embedded\n[medusa-2]\nskip = doors\n")
    cfg = SkipConfig.load(str(p))
    assert cfg.skipped("medusa-2") == {"reachable", "embedded", "doors"}
    assert cfg.skipped("medusa-1") == {"reachable", "embedded"}
    assert cfg.skipped("castle") == set()


# ------------------------------------------------------------------ run's context options
def test_context_options_reach_the_level(tmp_path, monkeypatch, capsys):
    # the same --depth/--role as unlev run: the snapshot made with them holds the stair
    # the level only makes deep down, and the hero's role in its message
    monkeypatch.chdir(tmp_path)
    (tmp_path / "deep.des").write_text(
        'LEVEL: "deep"\nINIT_MAP: solidfill, \'.\'\n$r = hero.role\nMESSAGE: $r\n'
        'IF [level.depth >= 9] {\n  STAIR: (5,5), up\n}\n')
    args = ["deep.des", "--seeds", "1", "--lint", "off", "--snapshots", "snaps"]
    assert run(capsys, *args)[0] == 0                              # created: no stair
    code, out, _ = run(capsys, *args, "--depth", "9", "--role", "wiz")
    assert code == 1 and "ROOM -> STAIRS" in out and "stairs (0 -> 1 entries)" in out
    assert "context (depth)" in out and "messages" in out


# ------------------------------------------------------------------ compact snapshots
def test_snapshots_are_compressed_deterministic_and_old_ones_still_read(project, capsys):
    import gzip
    import json as _json
    (project / "levels" / "two.des").write_text(yard_only(LEVELS))
    assert run(capsys, "levels", "--seeds", "1", "--snapshots", "snaps")[0] == 0
    folder = project / "snaps" / "two" / "yard"
    gz = folder / "seed-1.json.gz"
    first = gz.read_bytes()
    doc = _json.loads(gzip.decompress(first))
    assert doc["name"] == "yard" and len(first) < 0.2 * len(gzip.decompress(first))
    gz.unlink()
    assert run(capsys, "levels", "--seeds", "1", "--snapshots", "snaps")[0] == 0
    assert gz.read_bytes() == first                 # no time in the gzip header
    # a snapshot from before compression (plain .json) is compared as before
    gz.unlink()
    (folder / "seed-1.json").write_text(gzip.decompress(first).decode())
    code, out, _ = run(capsys, "levels", "--seeds", "1", "--snapshots", "snaps")
    assert code == 0 and "match" in out
    doc["objects"] = []
    (folder / "seed-1.json").write_text(_json.dumps(doc))
    code, out, _ = run(capsys, "levels", "--seeds", "1", "--snapshots", "snaps")
    assert code == 1 and "changed" in out


def test_config_suppresses_per_seed_range_and_per_lint_code(project, capsys):
    # the unreachable pond: off for seeds 1..2 only; the lint code off for the level
    (project / "unlev-test.ini").write_text(
        "[pond]\nskip = reachable\nseeds = 1..2\nlint = map-door\n"
        "reason = the pond is crossed by swimming, on purpose\n")
    from unlev.tools.harness.config import SkipConfig
    cfg = SkipConfig.load(str(project / "unlev-test.ini"))
    assert cfg.skipped("pond", 1) == {"reachable"} and cfg.skipped("pond", 3) == set()
    assert cfg.skipped("pond") == set() and cfg.lint_ignored("pond") == {"map-door"}
    assert cfg.entries[0][4] == "the pond is crossed by swimming, on purpose"
    (project / "bad.ini").write_text("[pond]\nseeds = 5..1\n")
    code, _out, err = run(capsys, "levels", "--config", "bad.ini")
    assert code == 2 and "seeds" in err
