"""The shipped data tables are read from their ``marshal`` copies when these are current
(``stdlib/shipped.py`` ``shipped_table``): the same data as the JSON, a copy of a
changed JSON (or of another Python) not used, a broken or unwritable copy only a slower
start."""

from __future__ import annotations

import json
import marshal
import os
import sys

import pytest

from unlev.stdlib import shipped as D


@pytest.fixture
def copies(tmp_path, monkeypatch):
    """The copies kept under ``tmp_path`` (the first place, then the second)."""
    places = [tmp_path / "beside", tmp_path / "cache"]
    monkeypatch.setattr(D, "_table_copies",
                        lambda name: [str(p / f"{name}.json.marshal") for p in places])
    return places


def _json(name):
    with open(os.path.join(D.DATA_DIR, f"{name}.json"), encoding="utf-8") as fh:
        return json.load(fh)


@pytest.mark.parametrize("name", ["monsters", "objects", "traps", "rooms", "shops",
                                  "epitaphs"])
def test_the_copy_holds_the_json_and_is_read_next_time(copies, name):
    want = _json(name)
    assert D.shipped_table(name) == want                 # parsed, and the copy written
    path = copies[0] / f"{name}.json.marshal"
    key, data = marshal.loads(path.read_bytes())
    assert data == want
    st = os.stat(os.path.join(D.DATA_DIR, f"{name}.json"))
    assert tuple(key) == (st.st_size, st.st_mtime_ns, tuple(sys.version_info[:2]))
    # the copy is what is read now: a marked copy under the same key comes back
    path.write_bytes(marshal.dumps((key, {"marked": True})))
    assert D.shipped_table(name) == {"marked": True}


def test_a_stale_or_broken_copy_is_not_used(copies):
    want = _json("traps")
    path = copies[0] / "traps.json.marshal"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"not marshal data")
    assert D.shipped_table("traps") == want
    key, _ = marshal.loads(path.read_bytes())            # rewritten whole
    path.write_bytes(marshal.dumps(((1, 2, (3, 4)), {"old": True})))   # a changed JSON
    assert D.shipped_table("traps") == want
    path.write_bytes(marshal.dumps(((key[0], key[1], (2, 7)), {"old": True})))  # other Python
    assert D.shipped_table("traps") == want


def test_an_unwritable_first_place_uses_the_second_and_none_still_reads(copies, tmp_path):
    copies[0].write_text("a file where the folder would be")
    want = _json("rooms")
    assert D.shipped_table("rooms") == want
    assert (copies[1] / "rooms.json.marshal").is_file()
    copies[1].rename(tmp_path / "moved")
    copies[1].write_text("not a folder either")
    assert D.shipped_table("rooms") == want
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def test_a_shipped_games_tables_are_read_from_copies_too(copies, tmp_path):
    """NetHack 3.6's tables (a built-in profile's, read by every 3.6 check) go through
    a copy as UnNetHack's do; a table anywhere else is parsed as it is."""
    from unlev.stdlib import profiles
    path = os.path.join(D.DATA_DIR, "nethack36", "monsters.json")
    with open(path, encoding="utf-8") as fh:
        want = json.load(fh)
    assert D.read_json_table(path) == want
    copy = copies[0] / "nethack36" / "monsters.json.marshal"
    key, data = marshal.loads(copy.read_bytes())
    assert data == want
    copy.write_bytes(marshal.dumps((key, {"marked": True})))
    assert D.read_json_table(path) == {"marked": True}          # the copy is what is read
    profiles._read_json.cache_clear()
    try:
        assert profiles.resolve("nethack36").table("monsters") == {"marked": True}
    finally:
        profiles._read_json.cache_clear()
    own = tmp_path / "mine" / "monsters.json"
    own.parent.mkdir()
    own.write_text('{"monsters": []}')
    assert D.read_json_table(str(own)) == {"monsters": []}
    assert not list((tmp_path / "beside").glob("**/mine*"))       # no copy of it
