"""NetHack 3.7's fixed-map levels as the C game makes them: unlev's terrain of
dat/{knox,tower1-3,fire,castle}.lua (read from the NetHack/NetHack mirror) against the
grids of davidbau/mazesofmenace's fixtures for seeds 1, 42, 100, kept as facts in
tests/fixtures/lua37/mom_grids.json (written by tools/mom_fixtures.py).  The levels
are made as the fixtures were: by #wizloaddes on the hero's level 1
(unlev.lua.wizload), the fire plane by the game's mklev.  unlev does not draw the
game's stream, so each grid is compared under the best of 3.7's four final flips;
the floors are the figures measured for issue 31 (the note), so a regression fails."""

import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("lupa")

from conftest import missing  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import mom_fixtures  # noqa: E402

MIRROR = os.environ.get("UNLEV_NETHACK37_GIT", "/work/.mirror/NetHack+NetHack/repo")
with open(os.path.join(HERE, "fixtures", "lua37", "mom_grids.json"), encoding="utf-8") as fh:
    GRIDS = json.load(fh)["grids"]
# identical cells of 1680 (21 rows of 80), at least.  Every cell below 1680 is a random
# draw the stream does not align (docs/notes/issue-31-nethack37.md, fifth session):
# knox's throne and secret door (percent(50) each), the towers' branch stair (placed
# anywhere), the castle's mazes and branch stair, which move with any change to the
# draws (1597-1621 this session); 1590 is the castle's fixed part with its walls.
FLOORS = {"knox": 1676, "tower1": 1678, "tower2": 1678, "tower3": 1680, "fire": 1680,
          "castle": 1590}


@pytest.fixture(scope="module")
def dat(tmp_path_factory):
    out = tmp_path_factory.mktemp("dat37")
    for level in FLOORS:
        try:
            text = subprocess.run(["git", "--git-dir", MIRROR, "show", f"HEAD:dat/{level}.lua"],
                                  capture_output=True, text=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            missing(f"no NetHack 3.7 mirror at {MIRROR}")
        (out / f"{level}.lua").write_text(text)
    return str(out)


@pytest.mark.parametrize("key", sorted(GRIDS))
def test_fixed_map_level_matches_the_game(key, dat):
    level, seed = key.split("/")
    theirs = [[ord(c) - 48 for c in row] for row in GRIDS[key]]
    wizload = mom_fixtures.GROUPS[level] not in mom_fixtures.MADE_BY_MKLEV
    ours, maze = mom_fixtures.unlev_grid(dat, level, int(seed), wizload=wizload)
    same, _flip = mom_fixtures.best_flip(ours, maze, theirs)
    assert same >= FLOORS[level], f"{key}: {same}/1680"
