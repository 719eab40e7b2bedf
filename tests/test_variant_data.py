"""Data profiles for variants (issue 15): the importer (on unlev's own tables and on a
small made-up source tree, tests/fixtures/minivariant), ``--data``, the config file,
``--lenient`` names with placeholders, and what ``auto`` says about unknown names."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_text
from unlev.stdlib import data, profiles

REPO = Path(__file__).resolve().parent.parent
MINI = REPO / "tests" / "fixtures" / "minivariant"

TREE_LEVEL = """LEVEL:"grove"
ROOM:"ordinary",lit,(3,3),(center,center),(10,5) {
  MONSTER:('#',"tree blight"),(1,1)
  MONSTER:"jackal",(2,2)
  OBJECT:"magic chest",(3,3)
  TRAP:"lever",(4,4)
}
"""


def unlev(*args, cwd=None, env=None):
    full = dict(os.environ, **(env or {}))
    return subprocess.run([sys.executable, "-m", "unlev", *args], capture_output=True,
                          text=True, cwd=cwd, env=full)


@pytest.fixture(scope="module")
def mini_profile(tmp_path_factory):
    from unlev.tools.data.importer import import_tables, write_profile
    out = tmp_path_factory.mktemp("profiles") / "mini"
    tables, _warnings = import_tables([MINI], "nethack36")
    write_profile(out, "mini", "nethack36", tables, source=str(MINI))
    return profiles.load(out)


# ----------------------------------------------------------------------------- importer
def test_the_importer_reads_a_variants_own_tables():
    from unlev.tools.data.importer import import_tables
    tables, warnings = import_tables([MINI], "nethack36")
    mons = {m["name"]: m for m in tables["monsters"]["monsters"]}
    assert list(mons) == ["jackal", "tree blight", "long worm tail"]
    assert mons["tree blight"]["symbol"] == "#" and mons["tree blight"]["level"] == 6
    assert mons["tree blight"]["m2"] == ["M2_HOSTILE", "M2_STRONG"]
    # makedefs' mstrength(): level 0, a small group and one bite make difficulty 1
    assert mons["jackal"]["difficulty"] == 1
    assert tables["monsters"]["special_pm"] == 2
    objs = {o["name"]: o for o in tables["objects"]["objects"]}
    assert objs["magic chest"]["class"] == ")" and objs["magic chest"]["material"] == "WOOD"
    # the classes are an enum, as in NetHack 3.6's objclass.h: their names are still read
    assert objs["magic chest"]["class_name"] == "WEAPON_CLASS"
    assert [c["name"] for c in tables["objects"]["classes"]] == [
        "ILLOBJ_CLASS", "WEAPON_CLASS", "GEM_CLASS"]
    assert tables["objects"]["last_gem"] == objs["jade"]["index"]
    assert [t["name"] for t in tables["traps"]["des_names"]] == ["arrow", "bear", "lever"]
    assert [r["name"] for r in tables["rooms"]["des_names"]] == ["ordinary", "throne", "grove"]
    # optional tables are reported missing, not fatal
    assert "shops" not in tables and any("shops" in w for w in warnings)


def test_an_import_without_monst_c_is_an_error(tmp_path):
    from unlev.tools.data.importer import SourceError, import_tables
    with pytest.raises(SourceError, match="src/monst.c"):
        import_tables([tmp_path], "nethack36")


def test_the_base_dialect_is_read_from_lev_comp_y(tmp_path):
    from unlev.tools.data.command import detect_base
    assert detect_base([MINI]) == "nethack36"
    (tmp_path / "util").mkdir()
    (tmp_path / "util" / "lev_comp.y").write_text("%token INCLUDE_ID SPILL_ID IF_ID\n")
    assert detect_base([tmp_path]) == "unnethack"
    (tmp_path / "util" / "lev_comp.y").write_text("%token MAZE_ID\n")
    assert detect_base([tmp_path]) == "nethack343"


def test_config_h_switches_become_feature_macros(tmp_path):
    from unlev.tools.data.config_features import config_features
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "config.h").write_text(
        "#ifndef CONFIG_H\n#define CONFIG_H\n#define KOPS\n/* #define SEDUCE */\n"
        "#define COMPRESS \"/bin/gzip\"\n#ifdef UNIX\n#define YEOMAN\n#endif\n#endif\n")
    assert config_features([tmp_path]) == ["KOPS", "YEOMAN"]


def test_unlev_data_import_writes_a_profile_every_command_can_use(tmp_path):
    r = unlev("data", "import", str(MINI), "--name", "mini", "--out", str(tmp_path / "mini"))
    assert r.returncode == 0, r.stderr
    assert "base dialect nethack36" in r.stderr
    meta = json.loads((tmp_path / "mini" / "profile.json").read_text())
    assert meta["name"] == "mini" and meta["base"] == "nethack36" and meta["extensions"] == {}
    des = tmp_path / "grove.des"
    des.write_text(TREE_LEVEL)
    assert unlev("check", str(des)).returncode == 1
    ok = unlev("check", str(des), "--data", str(tmp_path / "mini"))
    assert ok.returncode == 0, ok.stderr
    # by name, from the profile search path
    by_name = unlev("check", str(des), "--data", "mini", env={"UNLEV_PROFILES": str(tmp_path)})
    assert by_name.returncode == 0, by_name.stderr
    listed = unlev("data", "list", env={"UNLEV_PROFILES": str(tmp_path)})
    assert "mini\tnethack36\t" in listed.stdout and "unnethack\tunnethack\tbuilt-in" in listed.stdout


def test_an_unknown_profile_is_a_usage_error(tmp_path):
    des = tmp_path / "a.des"
    des.write_text('LEVEL:"a"\n')
    r = unlev("check", str(des), "--data", "no-such-variant",
              env={"UNLEV_PROFILES": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)})
    assert r.returncode == 2
    assert "no data profile named 'no-such-variant'" in r.stderr
    assert "unlev data import" in r.stderr


def test_builtin_profiles_go_through_the_same_loader():
    for name in profiles.BUILTIN:
        p = profiles.builtin(name)
        # NetHack 3.7 has no des dialect: its profile reads des-files as 3.6's
        assert p.base == {"nethack37": "nethack36"}.get(name, name) and p.builtin
        table = "monsters" if name == "unnethack" else f"{name}/monsters"
        assert p.table("monsters") == data.load_table(table)
    assert profiles.resolve("unnethack").is_default
    assert not profiles.resolve("nethack36").is_default


@pytest.mark.parametrize("name,env", [("unnethack", "UNLEV_UNNETHACK_SRC"),
                                      ("nethack36", "UNLEV_NETHACK36_SRC"),
                                      ("nethack343", "UNLEV_NETHACK343_SRC")])
def test_the_shipped_tables_come_out_of_the_importer(name, env):
    """unlev's own tables are the importer's output for the game's source (run with the
    source tree in $UNLEV_UNNETHACK_SRC / $UNLEV_NETHACK36_SRC / $UNLEV_NETHACK343_SRC;
    the revisions are in each built-in profile.json's ``source``)."""
    src = os.environ.get(env)
    if not src or not (Path(src) / "src" / "monst.c").is_file():
        pytest.skip(f"no {name} source tree: set ${env}")
    from unlev.tools.data.importer import import_tables
    tables, _w = import_tables([Path(src)], name)
    shipped = profiles.builtin(name)
    for t in profiles.TABLES:
        assert tables[t] == shipped.table(t), t
    # the optional tables too (shops, epitaphs, dungeon): each shipped one is the
    # importer's, and each the importer reads is shipped (places.json is made from the
    # game's dumps, not its source)
    optional = {f.stem for f in shipped.path.glob("*.json")} - {"profile", "places"}
    assert optional == set(tables)
    for t in optional - set(profiles.TABLES):
        assert tables[t] == shipped.table(t), t


# ------------------------------------------------------------------- names and hints
def test_an_unknown_name_names_data_and_lenient_and_no_far_off_guess():
    with pytest.raises(DesError) as e:
        compile_text('LEVEL:"t"\nMONSTER:"tree blight",random\n', dialect="unnethack")
    d = e.value.diagnostics[0]
    assert d.message == 'Unknown monster "tree blight"!'
    assert "yellow light" not in d.hint            # not a near spelling: no guess
    assert "--data NAME" in d.hint and "--lenient" in d.hint


def test_a_typo_still_gets_its_did_you_mean():
    with pytest.raises(DesError) as e:
        compile_text('LEVEL:"t"\nMONSTER:"minotuar",random\n', dialect="unnethack")
    assert e.value.diagnostics[0].hint.startswith('did you mean "minotaur"?')
    assert data.suggest("tree blight", [m.name for m in data.monsters()]) == []


def test_a_profile_makes_the_variants_names_known(mini_profile):
    compiled = compile_text(TREE_LEVEL, data=mini_profile)
    assert compiled.dialect == "nethack36"          # the profile's base is tried first
    assert compiled.data is mini_profile
    with pytest.raises(DesError):
        compile_text(TREE_LEVEL, dialect="nethack36")


def test_a_variants_name_is_made_from_its_own_tables(mini_profile):
    # issue 30: a level built with a variant's profile is made from the variant's
    # tables (unlev.generate.loaders.tables_for), so its own monster is no stand-in
    from unlev.generate.build import build_level
    compiled = compile_text(TREE_LEVEL.replace('OBJECT:"magic chest",(3,3)\n', "")
                            .replace('TRAP:"lever",(4,4)\n', ""), data=mini_profile)
    notes = []
    level = build_level(compiled, seed=1, warn=lambda m, *a: notes.append(m))
    names = [m.id for m in level.monsters]
    assert "jackal" in names and "tree blight" in names
    blight = next(m for m in level.monsters if m.id == "tree blight")
    row = next(r for r in mini_profile.table("monsters")["monsters"]
               if r["name"] == "tree blight")
    assert blight.attrs["data"].index == row["index"]
    assert not any("is not in UnNetHack" in n for n in notes)
    assert not level.extras.get("placeholders")


# ------------------------------------------------------------------------- lenient
def test_lenient_names_are_warnings_and_placeholders():
    from unlev.generate.build import build_level
    from unlev.output.render import display_rows, placeholder_line
    compiled = compile_text(TREE_LEVEL, dialect="unnethack", lenient=True)
    codes = [w.code for w in compiled.warnings]
    assert codes.count("unknown-name") == 3
    level = build_level(compiled, seed=1)
    mon = next(m for m in level.monsters if m.id == "tree blight")
    assert mon.attrs["placeholder"] is True
    obj = next(o for o in level.objects if o.id == "magic chest")
    assert obj.attrs["placeholder"] is True
    trap = next(t for t in level.traps if t.ttyp == "lever")
    assert trap.attrs["placeholder"] is True
    rows = display_rows(level)
    assert rows[mon.y][mon.x] == "I" and rows[obj.y][obj.x] == "]" and rows[trap.y][trap.x] == "^"
    assert level.extras["placeholders"] == {"monster": {"tree blight": 1},
                                            "object": {"magic chest": 1},
                                            "trap": {"lever": 1}}
    assert placeholder_line(level).startswith("placeholders: 3 (monster \"tree blight\"")
    # the real jackal is not a placeholder
    assert "placeholder" not in next(m for m in level.monsters if m.id == "jackal").attrs


def test_lenient_lookups_in_the_data_module():
    lk = data.lookup_monster("tree blight", "T", lenient=True)
    assert lk.ok and lk.placeholder and lk.item.symbol == "I" and lk.item.name == "tree blight"
    assert not data.lookup_monster("tree blight", "T").ok
    assert data.lookup_object("magic chest", lenient=True).item.class_symbol == "]"
    assert data.lookup_trap("lever", lenient=True).placeholder
    assert not data.lookup_monster("newt", lenient=True).placeholder


def test_check_counts_what_lenient_let_through(tmp_path):
    des = tmp_path / "grove.des"
    des.write_text(TREE_LEVEL)
    strict = unlev("check", str(des), "--dialect", "unnethack")
    assert strict.returncode == 1 and "0 passed, 1 failed" in strict.stdout
    r = unlev("check", str(des), "--dialect", "unnethack", "--lenient")
    assert r.returncode == 0
    assert "1 passed, 0 failed (--lenient let through 1 monster name, 1 object name, " \
           "1 trap name)" in r.stdout
    run = unlev("run", str(des), "--seed", "1", "--lenient", "--dialect", "unnethack")
    assert run.returncode == 0
    assert 'placeholders: 3 (monster "tree blight", object "magic chest", trap "lever")' \
        in run.stdout


# --------------------------------------------------------------------------- auto
def test_auto_suggests_data_when_no_dialect_reads_the_names(tmp_path):
    des = tmp_path / "v.des"
    des.write_text('MAZE:"v",\' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
                   'MONSTER:(\'#\',"tree blight"),(0,0)\n')
    r = unlev("check", str(des), "--show-dialect")
    assert r.returncode == 1
    assert "no dialect reads it (tried:" in r.stderr
    assert "of them are unknown names: a variant's file? try --data NAME" in r.stderr


def test_auto_names_data_when_the_first_error_is_not_a_name():
    from unlev.lang.frontend import compile_file, unknown_names
    src = ('MAZE:"v",\' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
           'MONSTER:"tree blight",(0,0)\nMONSTER:"gold golem dragon",(1,0)\n'
           'MAGIC_CHEST:(2,0)\n')
    with pytest.raises(DesError) as e:
        compile_file("v.des", text=src)
    assert len(unknown_names(e.value)) == 2
    first = e.value.diagnostics[0]
    assert "--data" in first.hint


# ----------------------------------------------------------------------- config
def test_unlev_toml_is_found_upward_and_the_command_line_wins(tmp_path):
    r = unlev("data", "import", str(MINI), "--name", "mini", "--out", str(tmp_path / "prof"))
    assert r.returncode == 0, r.stderr
    (tmp_path / "unlev.toml").write_text('data = "prof"\n')
    sub = tmp_path / "dat"
    sub.mkdir()
    (sub / "grove.des").write_text(TREE_LEVEL)
    assert unlev("check", "dat/grove.des", cwd=tmp_path).returncode == 0
    assert unlev("check", str(sub / "grove.des"), cwd="/").returncode == 0
    assert unlev("check", str(sub / "grove.des"), "--data", "unnethack",
                 "--dialect", "nethack36").returncode == 1


def test_pyproject_tool_unlev_and_bad_settings(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.unlev]\nlenient = true\n')
    (tmp_path / "grove.des").write_text(TREE_LEVEL)
    r = unlev("check", str(tmp_path / "grove.des"), "--dialect", "unnethack")
    assert r.returncode == 0 and "--lenient let through" in r.stdout
    (tmp_path / "unlev.toml").write_text('datta = "x"\n')
    bad = unlev("check", str(tmp_path / "grove.des"))
    assert bad.returncode == 2 and "unknown setting 'datta'" in bad.stderr


# ------------------------------------------------------------------------ sweep
def test_the_sweep_sorts_first_errors_by_owner():
    sys.path.insert(0, str(REPO / "tools"))
    import variant_sweep
    kinds = {}
    for src in ('LEVEL:"a"\nMONSTER:"tree blight",random\n',
                'LEVEL:"a"\nMAGIC_CHEST:(1,1)\n',
                'MAZE:"a",\' \'\nGEOMETRY:center,center\nMAP\n.w.\nENDMAP\n'):
        with pytest.raises(DesError) as e:
            compile_text(src)
        k = variant_sweep.first_error_kind(e.value, src)
        kinds[k] = variant_sweep.owner(k)
    assert kinds == {"unknown name": "data", "statement MAGIC_CHEST": "language",
                     "map character": "language"}


def test_lenient_unknown_classes_are_placeholders_too():
    from unlev.generate.build import build_level
    src = 'LEVEL:"t"\nROOM:"ordinary",lit,(3,3),(center,center),(6,4) {\n' \
          "  MONSTER:'#',(1,1)\n  OBJECT:'~',(2,2)\n}\n"
    with pytest.raises(DesError) as e:
        compile_text(src, dialect="unnethack")
    assert "--lenient" in e.value.diagnostics[0].hint
    level = build_level(compile_text(src, dialect="unnethack", lenient=True), seed=3)
    assert level.extras["placeholders"] == {"monster": {"monster of class '#'": 1},
                                            "object": {"object of class '~'": 1}}


def test_a_variants_room_type_is_named_as_the_variants(mini_profile):
    src = 'LEVEL:"t"\nROOM:"grove",lit,(3,3),(center,center),(6,4) {\n}\n'
    mine = compile_text(src, data=mini_profile)
    assert [(w.code, w.message) for w in mine.warnings if "grove" in w.message] == [
        ("variant-room", 'room type "grove" is the mini data\'s; unlev makes an ordinary room')]
    plain = compile_text(src, dialect="nethack36")
    assert any(w.message.startswith('Unknown room type "grove"!') for w in plain.warnings)


def test_a_variants_trap_is_its_own_without_lenient(mini_profile):
    from unlev.generate.build import build_level
    src = 'LEVEL:"t"\nROOM:"ordinary",lit,(3,3),(center,center),(6,4) {\n' \
          '  TRAP:"lever",(1,1)\n}\n'
    with pytest.raises(DesError):
        compile_text(src, dialect="nethack36")
    compiled = compile_text(src, data=mini_profile)
    assert not compiled.lenient
    level = build_level(compiled, seed=1)
    # the profile's traps are the level's: its LEVER is a trap of its own, no placeholder
    assert [(t.ttyp, t.attrs.get("placeholder")) for t in level.traps] == [("LEVER", None)]
    assert not level.extras.get("placeholders")


def test_lenient_unknown_classes_in_nethack343(tmp_path):
    # SLASH'EM's killer coins are a monster class ('$') 3.4.3 lacks
    from unlev.generate.build import build_level
    src = ("MAZE:\"coins\",' '\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n"
           "MONSTER:'$',\"pile of killer coins\",(1,1)\n")
    with pytest.raises(DesError) as e:
        compile_text(src, dialect="nethack343")
    assert e.value.diagnostics[0].message == "Unknown monster class!"
    assert "--lenient" in e.value.diagnostics[0].hint
    compiled = compile_text(src, dialect="nethack343", lenient=True)
    level = build_level(compiled, seed=1)
    # 3.4.3 makes a random monster of the class for an unknown name: the class is what
    # the placeholder stands for
    assert level.extras["placeholders"] == {"monster": {"monster of class '$'": 1}}


def test_run_makes_a_variants_names_from_its_profile(tmp_path):
    r = unlev("data", "import", str(MINI), "--name", "mini", "--out", str(tmp_path / "mini"))
    assert r.returncode == 0, r.stderr
    des = tmp_path / "grove.des"
    des.write_text(TREE_LEVEL.replace('OBJECT:"magic chest",(3,3)\n', ""))
    run = unlev("run", str(des), "--seed", "1", "--data", str(tmp_path / "mini"))
    assert run.returncode == 0, run.stderr
    # made from the profile's own tables: no stand-in, no placeholder
    assert "is not in UnNetHack" not in run.stderr
    assert "tree blight" in run.stdout and "LEVER" in run.stdout
    assert "placeholders" not in run.stdout
