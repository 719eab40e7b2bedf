"""The Lua half through the command line: ``unlev run|check|test FILE.lua`` and
``unlev convert`` (the wiring in unlev/cli.py, tools/run.py, tools/check.py and the
harness's jobs)."""

import json

import pytest

pytest.importorskip("lupa")

from unlev.cli import main

LEVEL = """-- a small 3.7 level
des.level_init({ style = "solidfill", fg = " " })
des.room({ x = 1, y = 1, w = 4, h = 3, contents = function()
  des.monster("newt")
end })
des.room({ x = 5, y = 1, w = 4, h = 3 })
des.random_corridors()
"""


@pytest.fixture
def lua_file(tmp_path):
    p = tmp_path / "tiny.lua"
    p.write_text(LEVEL)
    return p


def test_run_lua_json_is_the_level_named_by_the_file(lua_file, capsys):
    assert main(["run", str(lua_file), "--seed", "3", "--json", "-"]) == 0
    doc = json.loads(capsys.readouterr().out)
    (lv,) = doc["levels"]
    assert lv["name"] == "tiny" and len(lv["rooms"]) == 2
    assert [m["name"] for m in lv["monsters"]].count("newt") == 1


def test_run_lua_same_seed_same_json(lua_file, capsys):
    main(["run", str(lua_file), "--seed", "5", "--json", "-"])
    a = capsys.readouterr().out
    main(["run", str(lua_file), "--seed", "5", "--json", "-"])
    assert capsys.readouterr().out == a


def test_run_lua_error_has_file_and_line(tmp_path, capsys):
    p = tmp_path / ("a-long-folder-name-that-lua-would-cut-" * 3)
    p.mkdir()
    p = p / "oops.lua"
    p.write_text('des.level_init({ style = "solidfill", fg = " " })\n'
                 'local t = nil\nt.x = 1\n')
    assert main(["run", str(p), "--seed", "1", "--json", "-"]) == 1
    err = capsys.readouterr().err
    assert f"{p}:3:1: error:" in err and "Traceback" not in err


def test_run_lua_unknown_monster_warns_with_its_line(tmp_path, capsys):
    # 3.7 stops with "Unknown monster id"; unlev's tables lack 3.7's additions, so the
    # level is made with a stand-in and the warning says which
    p = tmp_path / "odd.lua"
    p.write_text('des.level_init({ style = "solidfill", fill = "." })\n'
                 'des.monster({ id = "no such monster", x = 3, y = 3 })\n')
    assert main(["run", str(p), "--seed", "1", "--json", "-"]) == 0
    out = capsys.readouterr()
    assert f"{p}:2:1: warning: unknown monster 'no such monster'" in out.err
    lv = json.loads(out.out)["levels"][0]
    assert len(lv["monsters"]) == 1
    assert any("no such monster" in w for w in lv["warnings"])


def test_run_lua_rejects_a_foreign_level_name(lua_file, capsys):
    assert main(["run", str(lua_file), "--level", "oracle"]) == 2
    assert "its one level is 'tiny'" in capsys.readouterr().err


def test_check_lua_compiles_like_luac(lua_file, tmp_path, capsys):
    bad = tmp_path / "bad.lua"
    bad.write_text("des.room({\n")
    assert main(["check", str(lua_file)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out
    assert main(["check", str(lua_file), str(bad)]) == 1
    out = capsys.readouterr()
    assert "1 passed, 1 failed" in out.out and f"{bad}:2:1: error:" in out.err


def test_unlev_test_runs_lua_levels(lua_file, capsys):
    assert main(["test", str(lua_file), "--seeds", "1..3"]) == 0
    assert "3 passed, 0 failed" in capsys.readouterr().out


def test_convert_then_run_gives_the_des_files_level(tmp_path, capsys):
    des = tmp_path / "two.des"
    des.write_text('LEVEL:"two"\nROOM:"ordinary",lit,(3,3),(center,center),(5,3) {\n'
                   '  OBJECT:(\'!\',"water"),random\n}\nROOM:"ordinary",random,random,'
                   'random,random {\n  MONSTER:(\'d\',"jackal"),random\n}\n'
                   'RANDOM_CORRIDORS\n')
    out = tmp_path / "lua"
    assert main(["convert", str(des), "-o", str(out)]) == 0
    converted = out / "two.lua"
    assert converted.exists() and "des.room(" in converted.read_text()
    capsys.readouterr()
    main(["run", str(des), "--seed", "9", "--json", "-"])
    from_des = json.loads(capsys.readouterr().out)["levels"][0]
    main(["run", str(converted), "--seed", "9", "--json", "-"])
    from_lua = json.loads(capsys.readouterr().out)["levels"][0]
    for key in ("terrain", "rooms", "monsters", "objects", "doors"):
        assert from_lua[key] == from_des[key], key


def test_run_places_a_37_level_as_the_game_does(tmp_path):
    # issue 31: 3.7's castle.lua was made at depth 1 (kobolds in the throne room)
    import json
    import pytest
    pytest.importorskip("lupa")
    from unlev.cli import main
    lua = tmp_path / "castle.lua"
    lua.write_text('des.level_init({ style = "solidfill", fg = " " })\n')
    out = tmp_path / "c.json"
    assert main(["run", str(lua), "--seed", "1", "--json", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert doc["levels"][0]["context"]["depth"] >= 25
    conv = tmp_path / "conv" / "castle.lua"
    conv.parent.mkdir()
    conv.write_text("-- castle.lua: converted by unlev from castle.des\n"
                    'des.level_init({ style = "solidfill", fg = " " })\n')
    assert main(["run", str(conv), "--seed", "1", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["levels"][0]["context"]["depth"] == 1
