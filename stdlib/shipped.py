"""The shipped games' JSON tables (``data/*.json``), read from their ``marshal`` copies.

Why a module of its own: a built-in profile (NetHack 3.6's, 3.4.3's) reads its
``profile.json`` and tables through here, and a check of a NetHack 3.6 file needs
nothing else of :mod:`unlev.stdlib.data_tables` (the records, the table switching, its
lock): importing that was a millisecond of every first 3.6 check.  It follows no C
function.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import List


DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


def _data_text(filename: str) -> str:
    # the tables beside this module, as an install puts them; importlib.resources (some
    # 6 ms to import, the most of a first check's table loading) only where they are
    # not files (a zipped install)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", filename)
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except FileNotFoundError:     # pragma: no cover - a zipped install
        from importlib.resources import files
        return (files(__package__) / "data" / filename).read_text(encoding="utf-8")


def read_json_table(path: str) -> dict:
    """The JSON table at ``path``: one of the shipped games' (``data/<game>/...``, a
    built-in profile's, as NetHack 3.6's that every 3.6 check reads) from its
    ``marshal`` copy as :func:`shipped_table` keeps it, any other parsed."""
    real = os.path.realpath(path)
    rel = os.path.relpath(real, os.path.realpath(DATA_DIR))
    if rel.endswith(".json") and not rel.startswith(os.pardir) and not os.path.isabs(rel):
        return shipped_table(rel[:-len(".json")].replace(os.sep, "/"))
    import json
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def shipped_table(name: str) -> dict:
    """A shipped table (``data/<name>.json``; ``name`` may name a game's folder too,
    ``nethack36/monsters``), from its ``marshal`` copy when that is
    current: reading the copy is some 2 ms less than parsing the JSON of the monsters
    and objects (and ``json`` need not be imported), which every first check naming a
    monster or an object paid (issue 29).  The copy is kept as the parse tables' is
    (:mod:`unlev.lang.tables`): beside the data (``data/<name>.json.marshal``), else in
    the user's cache, keyed by the JSON's size and modification time and the Python
    version, written whole under a temporary name."""
    from .copies import read_copy, source_key, write_copy
    try:
        key = source_key(os.path.join(DATA_DIR, f"{name}.json"))
    except OSError:               # pragma: no cover - a zipped install: no file to key
        import json
        return json.loads(_data_text(f"{name}.json"))
    copies = _table_copies(name)
    data = read_copy(copies, key)
    if data is None:
        import json
        data = json.loads(_data_text(f"{name}.json"))
        write_copy(copies, key, data)
    return data


def _table_copies(name: str) -> List[str]:
    from .copies import user_cache
    return [os.path.join(DATA_DIR, f"{name}.json.marshal"),
            user_cache("data", f"{name}.json.marshal")]
