"""The shipped data tables (stdlib/data, stdlib/data/<dialect>) are what the importer
makes of the games' sources under its own limits (issue 34: the limits on C files and
macro expansion must not cut a real table short).

Without the sources (CI): every shipped table is byte for byte what the importer's
writer makes of its content -- no row edited by hand, none in a shape the importer
does not write -- and records the importer's header (the feature macros it was read
with).  With the mirrors of the games' repositories (fetched code stays out of the
repository; skipped without them): each tree at the commit its profile.json names is
imported again, with the default limits and with limits 25 times tighter than those,
and every table comes out identical to the shipped one."""

import json
import os
import re
import subprocess
import tarfile
import io  # noqa: I001
from pathlib import Path

import pytest

from unlev.lang.limits import DEFAULT
from unlev.tools.data.config_features import config_features
from unlev.tools.data.importer import dump, import_tables
from unlev.tools.data.importer_nethack37 import import_tables37
from tiers import quick_subset

DATA = Path(__file__).resolve().parent.parent / "stdlib" / "data"
DIALECTS = {"unnethack": DATA, "nethack36": DATA / "nethack36",
            "nethack343": DATA / "nethack343", "nethack37": DATA / "nethack37"}
MIRRORS = {"UnNetHack/UnNetHack": "UnNetHack+UnNetHack", "NetHack/NetHack": "NetHack+NetHack",
           "Vanilla-NetHack/NetHack-3.4.3": "Vanilla-NetHack+NetHack-3.4.3"}


def _tables(folder: Path):
    """profile.json, and the tables it lists (the built-in profiles list none: every
    other .json file of the folder)."""
    meta = json.loads((folder / "profile.json").read_text(encoding="utf-8"))
    names = meta.get("tables") or sorted(p.stem for p in folder.glob("*.json")
                                         if p.name != "profile.json")
    return meta, {name: folder / f"{name}.json" for name in names}


# made by tools/gen_places.py from the dungeon and the game's dumps, not by the importer
NOT_IMPORTED = {"places"}


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_each_shipped_table_is_what_the_importer_writes(tmp_path, dialect):
    meta, tables = _tables(DIALECTS[dialect])
    assert tables, dialect
    for name, path in tables.items():
        if name in NOT_IMPORTED:
            continue
        shipped = path.read_bytes()
        content = json.loads(shipped)
        out = tmp_path / f"{name}.json"
        dump(out, content)
        assert out.read_bytes() == shipped, f"{dialect}/{name}.json is not the writer's output"
        if name != "levcomp":
            assert isinstance(content.get("features"), list), f"{dialect}/{name}.json"
            assert content["features"] == sorted(content["features"])


def _source_tree(dialect: str, into: Path) -> Path:
    """The tree the dialect's profile names (repository and commit), from its mirror."""
    meta, _ = _tables(DIALECTS[dialect])
    m = re.search(r"github:([\w.-]+/[\w.-]+).*commit ([0-9a-f]{7,40})", meta["source"])
    assert m, meta["source"]
    git_dir = os.path.join(os.environ.get("UNLEV_MIRRORS", "/work/.mirror"),
                           MIRRORS[m.group(1)], "repo")
    if not os.path.isdir(git_dir):
        pytest.skip(f"no mirror of {m.group(1)} at {git_dir}")
    try:
        raw = subprocess.run(["git", "--git-dir", git_dir, "archive", m.group(2), "include",
                              "src", "util", "dat"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip(f"commit {m.group(2)} not in the mirror {git_dir}")
    tree = into / dialect
    with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
        # the "data" filter (refuses links out of the tree) where this Python has it
        extra = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}
        tar.extractall(tree, **extra)
    return tree


TIGHT = DEFAULT.__class__(**{**vars(DEFAULT), "c_file_size": DEFAULT.c_file_size // 25,
                             "cpp_tokens": DEFAULT.cpp_tokens // 25})


@pytest.mark.parametrize("limits", [DEFAULT, TIGHT], ids=["default-limits", "tight-limits"])
# the quick tier (the default run) imports UnNetHack's sources; the full tier (--full)
# every game's
@pytest.mark.parametrize("dialect", quick_subset(sorted(DIALECTS),
                                                 {sorted(DIALECTS).index("unnethack")}))
def test_the_shipped_tables_come_out_of_the_sources(tmp_path, dialect, limits):
    tree = _source_tree(dialect, tmp_path)
    if dialect == "nethack37":
        # as `unlev data import` reads a 3.7 tree: with its config.h's feature macros
        tables, _warnings = import_tables37([tree], define=config_features([tree]),
                                            limits=limits)
    else:
        tables, _warnings = import_tables([tree], dialect, limits=limits)
    _meta, shipped = _tables(DIALECTS[dialect])
    assert sorted(tables) == sorted(set(shipped) - NOT_IMPORTED)
    for name, table in tables.items():
        out = tmp_path / f"{name}.json"
        dump(out, table)
        assert out.read_bytes() == shipped[name].read_bytes(), f"{dialect}/{name}.json"
