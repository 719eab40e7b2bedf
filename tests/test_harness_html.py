"""``unlev test --html``: the report page holds every run, and a changed snapshot's
stored and new maps (the squares that differ are what the page marks); a failing
invariant's level is drawn with the squares it names."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

LEVEL = """LEVEL: "yard"
INIT_MAP: solidfill, ' '
GEOMETRY: center, center
MAP
-----
|...|
|...|
-----
ENDMAP
STAIR: (1,1), up
STAIR: (3,2), down
"""


def _test(*argv, cwd):
    return subprocess.run([sys.executable, "-m", "unlev.cli", "test", *argv, "--no-progress",
                           "-j", "1"], capture_output=True, text=True, cwd=cwd)


def boot_of(page: str) -> dict:
    return json.loads(re.search(r'id="unlev-boot">(.*?)</script>', page, re.S).group(1))


def test_changed_snapshot_keeps_both_maps(tmp_path):
    f = tmp_path / "yard.des"
    f.write_text(LEVEL)
    r = _test(str(f), "--seeds", "1,2", "--snapshots", str(tmp_path / "snap"), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    f.write_text(LEVEL.replace("|...|\n|...|", "|.{.|\n|...|"))
    out = tmp_path / "report.html"
    r = _test(str(f), "--seeds", "1,2", "--snapshots", str(tmp_path / "snap"), "--html",
              str(out), cwd=tmp_path)
    assert r.returncode == 1
    boot = boot_of(out.read_text())
    assert boot["mode"] == "report" and boot["failed"] == 2 and boot["passed"] == 0
    res = boot["results"][0]
    assert res["snapshot"] == "changed"
    old, new = res["old_map"].splitlines(), res["map"].splitlines()
    changed = [(x, y) for y in range(len(new)) for x in range(len(new[y]))
               if x >= len(old[y]) or old[y][x] != new[y][x]]
    assert len(changed) == 1 and new[changed[0][1]][changed[0][0]] == "{"
    assert "1 map cell" in res["diff_summary"]


def test_passing_runs_are_listed_without_maps(tmp_path):
    f = tmp_path / "yard.des"
    f.write_text(LEVEL)
    out = tmp_path / "r.html"
    r = _test(str(f), "--seeds", "1..3", "--html", str(out), cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    boot = boot_of(out.read_text())
    assert [x["seed"] for x in boot["results"]] == [1, 2, 3]
    assert all(x["outcome"] == "passed" and x["map"] is None for x in boot["results"])
