"""NetHack 3.7's data profile (issue 31): the importer reads 3.7's layout
(include/monsters.h, objects.h, defsym.h, sp_lev.c's name lists, dat/epitaph.txt) into
the shipped ``nethack37`` profile.  The profile's facts are checked on the committed
tables; the import itself is checked against NetHack's tree where a mirror is there
(fetched code stays out of the repository; skipped where absent)."""

import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import missing
from unlev.stdlib import data, profiles

MIRROR = os.environ.get("UNLEV_NETHACK37_GIT", "/work/.mirror/NetHack+NetHack/repo")
COMMIT = "79c889502c"
SHIPPED = Path(profiles.builtin("nethack37").path)


def test_the_profile_is_built_in_and_loads():
    p = profiles.resolve("nethack37")
    assert p.builtin and p.base == "nethack36" and not p.is_default
    assert p.has_table("epitaphs")


def test_monsters_are_3_7s():
    mons = profiles.builtin("nethack37").table("monsters")["monsters"]
    names = {m["name"] for m in mons}
    assert len(mons) == 382
    # NAMS(male, female, neutral): named by the neutral form, the others kept
    cleric = next(m for m in mons if m["name"] == "aligned cleric")
    assert cleric["names"] == ["priest", "priestess", "aligned cleric"]
    assert "dwarf leader" in names and "dwarf lord" not in names
    # UnNetHack's own monsters are not there
    assert not names & {"lindworm", "glowing dragon", "tatzelworm", "snow ant", "leviathan"}
    ant = mons[0]
    assert (ant["name"], ant["symbol"], ant["difficulty"], ant["frequency"]) == \
        ("giant ant", "a", 4, 3)


def test_objects_are_3_7s():
    table = profiles.builtin("nethack37").table("objects")
    names = {o["name"] for o in table["objects"]}
    assert not names & {"iron safe", "flood", "detection"}
    assert {"chest", "large box", "Amulet of Yendor"} <= names
    # o_init.c: the generic objects (1..17) are skipped by bases[]
    assert table["bases"][")"] == 18 and table["bases"]["]"] == 0
    assert table["probability_total"] == "sum"
    rings = [o for o in table["objects"][table["bases"]["="]:table["bases"]['"']]]
    assert sum(o["prob"] for o in rings) == 28


def test_epitaphs_and_no_depth_engravings():
    ep = profiles.builtin("nethack37").table("epitaphs")
    assert ep["depth_engravings"] == {}
    assert len(ep["epitaphs"]) > 300
    assert not any("Blumenkraft" in t for t in ep["epitaphs"])


def test_tables_of_switches_and_restores():
    assert data.monster_named("lindworm") is not None
    with data.tables_of(str(SHIPPED)):
        assert data.monster_named("lindworm") is None
        assert data.monster_named("dwarf lady").name == "dwarf leader"
        assert data.lookup_monster("Dwarf Lady").get().name == "dwarf leader"
        assert data.object_named("iron safe") is None
        assert data.depth_engravings(23) == ()
        # traps and rooms stay UnNetHack's unless asked for
        assert data.load_table("traps") is data.load_table("traps")
        assert "ICE_TRAP" in [t["name"] for t in data.load_table("traps")["traps"]]
        assert [o.name for o in data.objects_of_class("=")][0] == "adornment"
    assert data.monster_named("lindworm") is not None
    assert data.object_named("iron safe") is not None


def _tree(tmp_path):
    out = tmp_path / "nh"
    out.mkdir()
    try:
        arch = subprocess.run(["git", "--git-dir", MIRROR, "archive", COMMIT, "include",
                               "src", "dat"], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(out)], input=arch, check=True)
    except (OSError, subprocess.CalledProcessError):
        missing(f"no NetHack 3.7 mirror with commit {COMMIT} at {MIRROR}")
    return out


def test_the_import_gives_the_shipped_tables(tmp_path):
    from unlev.cli import main
    tree = _tree(tmp_path)
    out = tmp_path / "prof"
    assert main(["data", "import", str(tree), "--name", "nethack37", "--out", str(out)]) == 0
    for t in ("monsters", "objects", "traps", "rooms", "epitaphs", "dungeon"):
        got = json.loads((out / f"{t}.json").read_text())
        want = json.loads((SHIPPED / f"{t}.json").read_text())
        assert got == want, t


def test_a_broken_3_7_tree_is_one_error_line(tmp_path, capsys):
    from unlev.cli import main
    (tmp_path / "include").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "include" / "monsters.h").write_text("\n")
    (tmp_path / "src" / "monst.c").write_text('#include "monsters.h"\n')
    assert main(["data", "import", str(tmp_path), "--name", "x", "--base", "nethack36",
                 "--out", str(tmp_path / "out")]) != 0
    err = capsys.readouterr()
    text = err.out + err.err
    assert "unlev data: error:" in text and "Traceback" not in text


def test_the_3_6_reader_points_to_the_3_7_one(tmp_path):
    from unlev.tools.data.importer import SourceError, import_tables
    (tmp_path / "include").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "include" / "monsters.h").write_text('MON(NAM("giant ant"), S_ANT)\n')
    (tmp_path / "src" / "monst.c").write_text('#include "monsters.h"\n')
    with pytest.raises(SourceError, match="import_tables37"):
        import_tables([tmp_path], base="nethack36")
