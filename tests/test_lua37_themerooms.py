"""NetHack 3.7's ordinary level with its themed rooms (issue 31): a themed-room file
(dat/themerms.lua) run as mklev.c's makerooms runs it -- its hooks, themed mode's
failures (a failed room skips what follows until the next call), maps placed where
they overwrite nothing, unfilled themed rooms -- then sorted rooms, stairs and
corridors; ``--themed-room`` forces one room by number or name.  The cases use a
small committed themed-room file; NetHack's own file is run from the mirror."""

import json
import os
import subprocess

import pytest

pytest.importorskip("lupa")

from conftest import missing  # noqa: E402
from unlev.lua.themerooms import (ThemedRoomError, is_themed_room_file,  # noqa: E402
                                  resolve_forced, room_names, run_themed_text)
from unlev.stdlib import terrain as T  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SMALL = os.path.join(HERE, "fixtures", "lua37", "themed_small.lua")
with open(SMALL, encoding="utf-8") as fh:
    TEXT = fh.read()
MIRROR = os.environ.get("UNLEV_NETHACK37_GIT", "/work/.mirror/NetHack+NetHack/repo")


def _run(seed, forced=None, depth=3):
    return run_themed_text(TEXT, SMALL, seed, depth=depth, forced=forced, flip_bits=0)


def _count(lv, t):
    return sum(1 for v in lv.typ if v == t)


def test_the_file_is_known_and_its_rooms_are_named():
    assert is_themed_room_file(TEXT)
    assert not is_themed_room_file('des.room({ type = "ordinary" })\n')
    assert room_names(TEXT) == ["the plain one", "Fountain cross", "Doomed", "Lit box"]
    assert resolve_forced(TEXT, 4, "fountain CROSS") == 2 and resolve_forced(TEXT, 4, "3") == 3
    with pytest.raises(ThemedRoomError, match="the file has 4"):
        resolve_forced(TEXT, 4, 9)
    with pytest.raises(ThemedRoomError, match='2 "Fountain cross"'):
        resolve_forced(TEXT, 4, "Delphi")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_ordinary_level_of_rooms_stairs_and_corridors(seed):
    lv = _run(seed)
    assert len(lv.rooms) >= 3
    assert sorted(s.up for s in lv.stairs) == [False, True]
    assert _count(lv, T.CORR) > 10
    assert [r.lx for r in lv.rooms] == sorted(r.lx for r in lv.rooms)    # sort_rooms
    assert "in_mk_themerooms" not in lv.extras and "themed_rooms" not in lv.extras


def test_a_forced_map_room_is_placed_where_it_overwrites_nothing():
    lv = _run(1, forced="Fountain cross")
    assert _count(lv, T.FOUNTAIN) >= 3
    for i, v in enumerate(lv.typ):          # each fountain sits inside its own walls
        if v == T.FOUNTAIN:
            x, y = divmod(i, 21)
            assert lv.typ[(x - 1) * 21 + y] == T.ROOM and lv.typ[(x + 1) * 21 + y] == T.ROOM
            assert T.is_wall(lv.typ[x * 21 + y - 1]) and T.is_wall(lv.typ[x * 21 + y + 1])


def test_a_failed_themed_room_skips_the_rest_of_its_call():
    # the map taller than the level cannot be placed: the small room after it in the
    # same call is not made either (sp_lev.c: themeroom_failed), and makerooms gives up
    lv = _run(1, forced="Doomed")
    assert lv.rooms == [] and lv.stairs == []


def test_a_containers_contents_get_its_handle_and_themed_rooms_are_unfilled():
    lv = _run(2, forced=4)
    chests = [o for o in lv.objects if o.id == "chest"]
    assert len(chests) >= 2 and len(lv.objects) == len(chests)   # nothing else: unfilled
    (text,) = [e.text for e in lv.engravings]
    assert sorted(text.split(";")) == sorted(f"{o.x},{o.y}" for o in chests)


def test_forcing_by_number_and_the_command_line(tmp_path, capsys):
    from unlev.cli import main
    out = tmp_path / "t.json"
    assert main(["run", SMALL, "--seed", "1", "--depth", "3", "--themed-room", "2",
                 "--json", str(out)]) == 0
    lv = json.loads(out.read_text())["levels"][0]
    assert lv["context"]["depth"] == 3
    assert main(["run", SMALL, "--seed", "1", "--themed-room", "7"]) == 2
    err = capsys.readouterr().err
    assert "unlev run: error: no themed room 7: the file has 4 (1..4)" in err
    level = tmp_path / "lev.lua"
    level.write_text('des.level_init({ style = "solidfill", fg = "." })\n')
    assert main(["run", str(level), "--themed-room", "1"]) == 2
    assert "applies to a themed-room file" in capsys.readouterr().err


def test_obj_new_class_and_addcontent():
    from unlev.lua.runtime import run_lua_text
    text = """
des.level_init({ style = "solidfill", fg = "." })
des.level_flags("mazelevel", "noflip")
local glass = obj.new("worthless piece of white glass")
local chain = obj.new("iron chain")
assert(glass:class().material == 19 and chain:class().material == 11)
local box = des.object({ id = "chest", x = 5, y = 5 })
box:addcontent(glass)
local t = box:totable()
assert(t.NO_OBJ == nil and t.ox ~= nil)
"""
    lv = run_lua_text(text, "o.lua", 1, name="o")
    (chest,) = [o for o in lv.objects if o.id == "chest"]
    assert "worthless piece of white glass" in [c.id for c in chest.contents]


@pytest.fixture(scope="module")
def nethack_themes():
    try:
        return subprocess.run(["git", "--git-dir", MIRROR, "show", "HEAD:dat/themerms.lua"],
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        missing(f"no NetHack 3.7 mirror at {MIRROR}")


def test_every_room_of_nethacks_themerms_lua_can_be_forced(nethack_themes):
    names = room_names(nethack_themes)
    assert len(names) == 31 and names[1] == "Fake Delphi"
    for n in range(1, len(names) + 1):
        lv = run_themed_text(nethack_themes, "themerms.lua", n, depth=9, forced=n)
        assert lv.rooms, n
    delphi = run_themed_text(nethack_themes, "themerms.lua", 3, depth=5,
                             forced="Fake Delphi")
    assert sum(1 for r in delphi.rooms for _ in r.subrooms) >= 2


def test_nethacks_themerms_lua_makes_ordinary_levels(nethack_themes):
    for seed in range(1, 6):
        lv = run_themed_text(nethack_themes, "themerms.lua", seed, depth=seed + 2)
        assert len(lv.rooms) >= 3 and len(lv.stairs) == 2
