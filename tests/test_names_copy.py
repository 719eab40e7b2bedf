"""A profile's names oracle (``lang/dialect_data.py`` ``TableOracle``) is read from a
``marshal`` copy of what it keeps when that copy is current: the same answers as read
from the tables, the copy written and then read, a changed table (or a broken copy)
read again from the tables."""

from __future__ import annotations

import json
import marshal
import os
import shutil

import pytest

from unlev.lang import dialect_data as DD
from unlev.stdlib import profiles

NH36 = profiles.builtin("nethack36").path


@pytest.fixture
def profile_dir(tmp_path, monkeypatch):
    """A copy of NetHack 3.6's profile as a user's profile folder, the user cache under
    ``tmp_path``."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "nh36copy"
    folder.mkdir()
    for t in ("monsters", "objects", "traps", "rooms"):
        shutil.copy(NH36 / f"{t}.json", folder / f"{t}.json")
    (folder / "profile.json").write_text(json.dumps({"name": "nh36copy",
                                                     "base": "nethack36"}))
    return folder


def _copies(tmp_path):
    return sorted((tmp_path / "cache" / "unlev" / "derived").glob("names-*.marshal"))


def _answers(oracle, mons, objs):
    out = []
    for name, cls in mons:
        for n in (name, name.upper(), name + "x"):
            out.append((oracle.monster_known(cls, n), oracle.monster_known(None, n),
                        oracle.monster_known("?", n)))
    for name, cls in objs:
        for n in (name, name.title(), name + "x"):
            out.append((oracle.object_known(cls, n), oracle.object_known(None, n)))
    return out


def test_the_copy_answers_as_the_tables_and_is_read_next_time(profile_dir, tmp_path):
    profile = profiles.load(profile_dir)
    first = DD.TableOracle(profile)             # read from the tables, the copy written
    (copy,) = _copies(tmp_path)
    again = DD.TableOracle(profile)             # read from the copy
    mons = json.loads((profile_dir / "monsters.json").read_text())["monsters"]
    objs = json.loads((profile_dir / "objects.json").read_text())["objects"]
    mons = [(m["name"], m["symbol"]) for m in mons]
    objs = [(o["name"], o["class"]) for o in objs if o.get("name")]
    want = _answers(first, mons, objs)
    assert {a for row in want for a in row} == {True, False}
    assert _answers(again, mons, objs) == want
    assert again.monster_names() == first.monster_names() == [n for n, _c in mons]
    assert again.trap_names() == first.trap_names() and again.trap_names()
    assert again.room_type_names() == first.room_type_names()
    # what is read next is the copy: a marked copy under the same key comes back
    key, names = marshal.loads(copy.read_bytes())
    names["traps"] = {"marked trap"}
    copy.write_bytes(marshal.dumps((key, names)))
    assert DD.TableOracle(profile).trap_names() == ["marked trap"]


def test_a_changed_table_is_read_again(profile_dir, tmp_path):
    profile = profiles.load(profile_dir)
    assert not DD.TableOracle(profile).monster_known(None, "grue")
    table = json.loads((profile_dir / "monsters.json").read_text())
    table["monsters"].append(dict(table["monsters"][0], name="grue"))
    (profile_dir / "monsters.json").write_text(json.dumps(table))
    profiles._read_json.cache_clear()       # what a new process reads: the changed file
    assert DD.TableOracle(profile).monster_known(None, "grue")
    assert DD.TableOracle(profile).monster_known(None, "GRUE")      # the folded index too


def test_a_broken_copy_is_only_a_slower_start(profile_dir, tmp_path):
    profile = profiles.load(profile_dir)
    DD.TableOracle(profile)
    (copy,) = _copies(tmp_path)
    copy.write_bytes(b"\x00 not marshal")
    oracle = DD.TableOracle(profile)
    assert oracle.monster_known("d", "jackal") and not oracle.monster_known("d", "jackall")
    key, _names = marshal.loads(copy.read_bytes())          # and written anew
    assert key[1] == tuple(str(profile_dir / f"{t}.json")
                           for t in ("monsters", "objects", "traps", "rooms"))


def test_an_unwritable_cache_still_answers(profile_dir, tmp_path, monkeypatch):
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    oracle = DD.TableOracle(profiles.load(profile_dir))
    assert oracle.object_known(")", "long sword") and not oracle.object_known(")", "lung sword")


def test_a_shipped_profile_keeps_its_copy_beside_its_tables():
    oracle = DD.TableOracle("nethack36")
    assert oracle.monster_known("d", "jackal")
    path = os.path.join(str(NH36), "names.marshal")
    if os.access(str(NH36), os.W_OK):       # an installed package may be read-only
        with open(path, "rb") as fh:
            key, _names = marshal.loads(fh.read())
        assert key[0] == DD._NAMES_FORMAT and key[1][0] == str(NH36 / "monsters.json")


# UnNetHack's name questions (unlev.stdlib.data.monster_name_known/object_name_known)
# read their index of the active tables the same way.

def test_the_data_name_index_is_kept_and_read(tmp_path, monkeypatch):
    from unlev.stdlib import data
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "game"
    folder.mkdir()
    for t in ("monsters", "objects"):
        shutil.copy(os.path.join(data.__file__.rsplit(os.sep, 1)[0], "data", f"{t}.json"),
                    folder / f"{t}.json")
    with data.tables_of(str(folder), ("monsters", "objects")):
        data._name_index.cache_clear()
        assert data.monster_name_known("jackal", "d")
        assert not data.monster_name_known("jackal", "C")
        assert data.object_name_known("long sword", ")")
        (copy,) = (tmp_path / "cache" / "unlev" / "derived").glob("name-index-*.marshal")
        key, index = marshal.loads(copy.read_bytes())
        assert key[1] == (str(folder / "monsters.json"), str(folder / "objects.json"))
        # the copy is what is read next: a marked index under the same key answers
        names, mclasses, onames, oclasses, bases = index
        names["marked beast"] = frozenset({mclasses["d"]})
        copy.write_bytes(marshal.dumps((key, (names, mclasses, onames, oclasses, bases))))
        data._name_index.cache_clear()
        data.monster_name_known.cache_clear()
        assert data.monster_name_known("Marked Beast", "d")
    data._name_index.cache_clear()
    data.monster_name_known.cache_clear()


def test_a_check_of_well_spelt_names_reads_no_table_whole(tmp_path):
    # in a fresh process, with the copies in place (a first run writes them)
    import subprocess
    import sys
    des = tmp_path / "t.des"
    des.write_text('LEVEL:"t"\nROOM:"ordinary",random,random,random,random {\n'
                   '  MONSTER:(\'d\',"jackal"),random\n  OBJECT:(\')\',"long sword"),random\n'
                   '  MONSTER:\'d\',random\n  OBJECT:\'%\',random\n}\n')
    code = ("import sys\nfrom unlev.lang.frontend import compile_file\n"
            "from unlev.stdlib import shipped\nread = []\nreal = shipped.shipped_table\n"
            "def spy(name):\n    read.append(name)\n    return real(name)\n"
            "shipped.shipped_table = spy\n"
            "import unlev.stdlib.data_tables as D\nD.shipped_table = spy\n"
            f"compile_file({str(des)!r}, dialect='unnethack')\nprint(sorted(set(read)))\n")
    for _ in range(2):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout
    assert "monsters" not in out and "objects" not in out, out
