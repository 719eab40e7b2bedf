"""Snapshot diffs (unlev.tools.harness.snapshot) on hand-written snapshots: every kind of
change is named, nothing is reported for equal snapshots, writes are atomic."""

from __future__ import annotations

import json
import os

from unlev.tools.harness.snapshot import Snapshot, SnapshotStore, diff_snapshots

MAP = ["-----", "|.d.|", "-----"]


def snap(rows=MAP, monsters=(), objects=(), terrain=None, **extra):
    doc = {"name": "t", "display": rows,
           "terrain": terrain or [["ROOM"] * 5 for _ in rows],
           "monsters": list(monsters), "objects": list(objects)}
    doc.update(extra)
    return Snapshot("\n".join(rows) + "\n", json.dumps(doc, indent=1))


def mon(name, x, y, **attrs):
    return {"name": name, "x": x, "y": y, "attrs": attrs}


def test_equal_snapshots_have_no_diff():
    d = diff_snapshots(snap(), snap())
    assert not d and d.text == "" and d.summary == ""


def test_map_cells_are_marked_with_carets():
    d = diff_snapshots(snap(), snap(rows=["-----", "|..d|", "-----"]))
    assert d.cells == 2
    lines = d.text.splitlines()
    assert lines[0] == "map: 2 cells look different"
    assert lines[1:4] == ["  y=1  - |.d.|", "       + |..d|", "           ^^"]


def test_entities_new_gone_moved_and_changed():
    old = snap(monsters=[mon("jackal", 2, 1), mon("newt", 1, 1), mon("gnome", 3, 1, asleep=0)])
    new = snap(monsters=[mon("jackal", 3, 2), mon("kobold", 1, 2), mon("gnome", 3, 1, asleep=1)])
    d = diff_snapshots(old, new)
    assert "monsters: 1 new, 1 gone, 1 moved, 1 changed" in d.text
    assert "~ monster jackal moved (2,1) -> (3,2)" in d.text
    assert "- monster newt at (1,1) is gone" in d.text
    assert "+ monster kobold at (1,2) is new" in d.text
    assert "* monster gnome at (3,1) changed: asleep: 0 -> 1" in d.text


def test_terrain_and_other_keys():
    terrain = [["ROOM"] * 5 for _ in MAP]
    terrain[1][2] = "POOL"
    d = diff_snapshots(snap(lit=[[0, 0], [0, 0]], stairs=[1]),
                       snap(terrain=terrain, lit=[[0, 1], [1, 0]], stairs=[1, 2]))
    assert "terrain: 1 cell changed\n  (2,1) ROOM -> POOL" in d.text
    assert "also changed: lit (2 cells); stairs (1 -> 2 entries)" in d.text
    assert d.summary == "1 terrain; also lit, stairs"


def test_form_only_difference_is_said_so():
    a = snap()
    b = Snapshot(a.text, json.dumps(json.loads(a.json)))
    assert diff_snapshots(a, b).text.startswith("the snapshot files differ in form only")


def test_store_round_trip_and_safe_names(tmp_path):
    store = SnapshotStore(str(tmp_path))
    s = snap()
    store.write("vaults", "vlt-%04i#3", 7, s)
    assert store.load("vaults", "vlt-%04i#3", 7) == s
    assert store.load("vaults", "vlt-%04i#3", 8) is None
    txt, js = store.paths("vaults", "vlt-%04i#3", 7)
    assert os.path.dirname(txt).endswith(os.path.join("vaults", "vlt-_04i_3"))
    assert sorted(os.listdir(os.path.dirname(txt))) == ["seed-7.json.gz", "seed-7.txt"]
