"""NetHack 3.7's own dat/*.lua level files run on unlev (read from the mirror of
NetHack/NetHack; skipped where absent).  A sample runs here; UNLEV_LUA_FULL=1 runs every
level under seeds 1..5."""

import os
import subprocess

import pytest

pytest.importorskip("lupa")

from unlev.tools.convert import build_lua_like_run

MIRROR = os.environ.get("UNLEV_NETHACK37_GIT", "/work/.mirror/NetHack+NetHack/repo")
FULL = bool(os.environ.get("UNLEV_LUA_FULL"))
# not levels (libraries, the dungeon description)
NOT_LEVELS = {"nhlib.lua", "nhcore.lua", "dungeon.lua", "quest.lua", "themerms.lua"}
SAMPLE = ["oracle.lua", "castle.lua", "medusa-2.lua", "minefill.lua", "soko1-1.lua",
          "bigrm-3.lua", "bigrm-11.lua", "Val-goal.lua", "juiblex.lua", "hellfill.lua",
          "wizard1.lua", "knox.lua", "tut-1.lua", "tut-2.lua"]


def _files():
    if not os.path.isdir(MIRROR):
        return []
    try:
        out = subprocess.run(["git", "--git-dir", MIRROR, "ls-tree", "--name-only", "HEAD",
                              "dat/"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return [os.path.basename(f) for f in out.split() if f.endswith(".lua")
            and os.path.basename(f) not in NOT_LEVELS]


FILES = _files()


def _text(name):
    return subprocess.run(["git", "--git-dir", MIRROR, "show", f"HEAD:dat/{name}"],
                          capture_output=True, text=True, check=True).stdout


@pytest.mark.skipif(not FILES, reason=f"no NetHack 3.7 mirror at {MIRROR}")
@pytest.mark.parametrize("name", FILES if FULL else SAMPLE)
def test_nethack37_level_runs(name):
    if name not in FILES:
        pytest.skip(f"{name} not in this NetHack revision")
    text = _text(name)
    for seed in (range(1, 6) if FULL else (1,)):
        level = build_lua_like_run(name, seed, text=text)
        assert level.name == name[:-4]
