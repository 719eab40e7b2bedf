"""unlev convert: every corpus level converts, parses with a real luac, and runs to the
des-file's JSON.  The full sweep (all levels x seeds 1..5) runs with UNLEV_LUA_FULL=1."""

import glob
import os
import shutil
import subprocess

import pytest

from conftest import missing

pytest.importorskip("lupa")

from unlev.tools.convert import verify_file
from unlev.lua.convert import convert_compiled, convert_file
from unlev.lang.frontend import compile_text

FULL = bool(os.environ.get("UNLEV_LUA_FULL"))
LUAC = shutil.which("luac5.4") or shutil.which("luac")


@pytest.fixture(scope="module")
def corpus_files(corpus_root):
    files = sorted(glob.glob(os.path.join(str(corpus_root), "*", "*.des")))
    if not files:
        missing(f"no des-files under {corpus_root}")
    return files


# the full tier's (--full): a sweep of the corpus through luac (~2 s)
@pytest.mark.slow
def test_every_corpus_level_converts_and_parses_with_luac(tmp_path, corpus_files):
    n = 0
    for path in corpus_files:
        for name, text in convert_file(path):
            n += 1
            out = tmp_path / f"{n}-{name}.lua"
            out.write_text(text)
            assert text.startswith(f"-- {name}.lua")
    assert n >= 500
    if LUAC is None:
        pytest.skip("no luac on PATH (apt-get install lua5.4): conversion checked, parsing not")
    files = sorted(str(p) for p in tmp_path.glob("*.lua"))
    for f in files:   # one file a call: luac 5.4 can crash on hundreds at once
        r = subprocess.run([LUAC, "-p", f], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("rel", ["unnethack/oracle.des", "unnethack/bigroom.des",
                                 "nethack36/sokoban.des", "nethack343/knox.des"])
def test_converted_levels_give_identical_json(rel, corpus_root):
    path = os.path.join(str(corpus_root), rel)
    if not os.path.exists(path):
        missing(f"{rel} not in the corpus")
    same, total, diffs = verify_file(path, range(1, 6 if FULL else 2))
    assert same == total, diffs[:3]


@pytest.mark.skipif(not FULL, reason="the full corpus x seeds 1..5 sweep takes minutes; "
                                     "set UNLEV_LUA_FULL=1")
def test_full_sweep_share(corpus_files):
    same = total = 0
    for path in corpus_files:
        s, t, _d = verify_file(path, range(1, 6))
        same, total = same + s, total + t
    assert same / total >= 0.95


def test_comments_notes_and_random_calls():
    text = """# a leading comment
LEVEL: "demo"
# the map
INIT_MAP: solidfill, ' '
$places = { (1,1), (2,2), (3,3) }
SHUFFLE: $places
[40%]: MONSTER: 'L', $places[0]
SWITCH [3] {
  CASE 0:
    OBJECT: '*', random
    BREAK
  DEFAULT:
    TRAP: "hole", (4,4)
    BREAK
}
SPILL: (5,5), '}', east, 3
IF [50%] {
  ALTAR: (6,6), align[0], shrine
}
"""
    compiled = compile_text(text, "demo.des")
    (name, lua), = convert_compiled(compiled, text, "demo.des")
    assert name == "demo"
    assert "-- a leading comment" in lua and "-- the map" in lua
    assert "shuffle(places)" in lua and "percent(40)" in lua and "nh.rn2(3)" in lua
    assert "places[1]" in lua and "align[2]" in lua
    assert "-- unlev: SPILL" in lua
    if LUAC:
        r = subprocess.run([LUAC, "-p", "-"], input=lua, capture_output=True, text=True)
        assert r.returncode == 0, r.stderr


def test_converted_demo_runs_like_the_des_file(tmp_path):
    text = """LEVEL: "demo"
INIT_MAP: solidfill, ' '
GEOMETRY: center, center
MAP
-------
|.....|
|.....|
-------
ENDMAP
$places = { (1,1), (2,2), (3,1) }
SHUFFLE: $places
[60%]: MONSTER: 'L', $places[0]
LOOP [2] { OBJECT: random, random }
TERRAIN: filter(50%, fillrect(1,1,5,2)), 'L'
STAIR: $places[1], up
"""
    p = tmp_path / "demo.des"
    p.write_text(text)
    same, total, diffs = verify_file(str(p), range(1, 4))
    assert same == total, diffs
