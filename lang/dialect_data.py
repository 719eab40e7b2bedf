"""Name validation against a data profile's tables (:mod:`unlev.stdlib.profiles`).

UnNetHack's tables are :mod:`unlev.stdlib.data`'s. NetHack 3.6's and 3.4.3's are the
built-in profiles of those names, a variant's the profile ``unlev data import`` made
(``--data``); the lookups follow lev_comp's rules (exact name first, then ASCII
case-insensitive; a class symbol restricts the search to that class), as
:mod:`unlev.stdlib.data` does.
"""

from __future__ import annotations

from functools import lru_cache

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Dict, List

# UnNetHack's own releases, whatever their des-file syntax: one game, its data tables
# and its loader
UNNETHACK_RELEASES = ("unnethack", "unnethack35", "unnethack352", "unnethack351")


def is_unnethack(dialect) -> bool:
    return dialect in UNNETHACK_RELEASES




def _fold(name: str) -> str:
    """lev_comp's second pass: C's tolower, A-Z only (asked only of a name not found as
    written: a check of well-spelt names does not load the data tables' module)."""
    from ..stdlib.data_tables import ascii_lower
    return ascii_lower(name)


class TableOracle:
    """lev_comp's name checks over one dialect's monsters.json/objects.json/traps.json."""

    def __init__(self, dialect) -> None:
        """``dialect``: a built-in profile's name or a :class:`Profile`."""
        from ..stdlib import profiles
        profile = profiles.resolve(dialect)
        self.dialect = profile.name
        self.profile_name = profile.name
        names = _names_copy(profile, self._names)
        self._mons = names["mons"]
        self._mclasses = names["mclasses"]
        self._objs = names["objs"]
        self._oclasses = names["oclasses"]
        self._traps = names["traps"]
        self._rooms = names["rooms"]
        self._mon_index = names["mon_index"]
        self._obj_index = names["obj_index"]

    def _names(self, profile) -> dict:
        """What the checks ask of the profile's tables, read from them."""
        mons = profile.table("monsters")
        objs = profile.table("objects")
        traps = profile.table("traps")
        names = {
            "mons": [(m["name"], m["symbol"]) for m in mons["monsters"]],
            "mclasses": {c["symbol"] for c in mons["classes"] if c.get("symbol")},
            "objs": [(o["name"], o["class"]) for o in objs["objects"] if o.get("name")],
            "oclasses": {c["symbol"] for c in objs["classes"] if c.get("symbol")},
            "traps": {t["name"] for t in traps["des_names"]},
            "rooms": [r["name"] for r in profile.table("rooms")["des_names"]],
        }
        names["mon_index"] = self._index(names["mons"])
        names["obj_index"] = self._index(names["objs"])
        return names

    def monster_class_known(self, ch) -> bool:
        return ch in self._mclasses

    def object_class_known(self, ch) -> bool:
        return ch in self._oclasses

    def _index(self, rows) -> Dict:
        """The names of ``rows`` by class (None: every class), as written and folded:
        lev_comp's two passes (exact, then ASCII case-insensitive) as two set tests."""
        index: Dict = {None: (set(), set())}
        for n, c in rows:
            for key in (None, c):
                exact, folded = index.setdefault(key, (set(), set()))
                exact.add(n)
                folded.add(_fold(n))
        return index

    _NONE = (frozenset(), frozenset())

    def _find(self, index: Dict, name, cls) -> bool:
        exact, folded = index.get(cls, self._NONE)
        return name in exact or _fold(name) in folded

    def monster_known(self, cls, name) -> bool:
        return self._find(self._mon_index, name, cls)

    def object_known(self, cls, name) -> bool:
        return self._find(self._obj_index, name, cls)

    def trap_known(self, name) -> bool:
        return name in self._traps

    def monster_names(self) -> List[str]:
        return [n for n, _c in self._mons]

    def object_names(self) -> List[str]:
        return [n for n, _c in self._objs]

    def monster_classes(self, name) -> List[str]:
        return sorted({c for n, c in self._mons if n == name})

    def object_classes(self, name) -> List[str]:
        return sorted({c for n, c in self._objs if n == name})

    def trap_names(self) -> List[str]:
        return sorted(self._traps)

    def room_type_names(self) -> List[str]:
        return list(self._rooms)


class DataOracle:
    """Answers "is this a real monster/object/trap?" for the checks lev_comp makes,
    from UnNetHack's data tables (:mod:`unlev.stdlib.data`)."""

    profile_name = "unnethack"

    def __getattr__(self, name):
        """``data``, the tables' module, is loaded at the first question: a file that
        names no monster, object or trap does not pay for importing it."""
        if name != "data":
            raise AttributeError(name)
        from ..stdlib import data
        self.data = data
        return data

    def monster_class_known(self, ch) -> bool:
        return self.data.monster_class_symbol_known(ch)

    def object_class_known(self, ch) -> bool:
        return self.data.object_class_symbol_known(ch)

    def monster_known(self, cls, name) -> bool:
        return self.data.monster_name_known(name, cls)

    def object_known(self, cls, name) -> bool:
        return self.data.object_name_known(name, cls)

    def trap_known(self, name) -> bool:
        return self.data.lookup_trap(name).ok

    def monster_names(self):
        return [m.name for m in self.data.monsters()]

    def monster_classes(self, name) -> list:
        return sorted({m.symbol for m in self.data.monsters() if m.name == name})

    def object_classes(self, name) -> list:
        return sorted({o.class_symbol for o in self.data.objects() if o.name == name})

    def object_names(self):
        return [o.name for o in self.data.objects() if o.name]

    def trap_names(self):
        return list(self.data.trap_des_names())


# The names a TableOracle reads, kept as a marshal copy (unlev.stdlib.copies.derived)
# keyed by the tables' sizes and times: the first check of a NetHack 3.6 file read the
# whole monster and object tables and indexed their names, some 5 ms (issue 29). Raise
# the format's number when what _names keeps changes.
_NAMES_FORMAT = 1
_NAME_TABLES = ("monsters", "objects", "traps", "rooms")


def _names_copy(profile, read) -> dict:
    """``read(profile)`` from its copy when that is current, else read and kept: beside
    a shipped profile's tables, in the user's cache for any profile."""
    import os
    from ..stdlib.copies import derived
    folder = str(profile.path)
    sources = [os.path.join(folder, f"{t}.json") for t in _NAME_TABLES]
    beside = os.path.join(folder, "names.marshal") if profile.builtin else None
    return derived(sources, _NAMES_FORMAT, lambda: read(profile), beside,
                   f"names-{os.path.basename(folder) or 'data'}")


_ORACLES: Dict[str, object] = {}


def oracle_for(dialect: str):
    o = _ORACLES.get(dialect)
    if o is None:
        if is_unnethack(dialect):     # one game, its own tables
            o = DataOracle()
        else:
            o = TableOracle(dialect)
        _ORACLES[dialect] = o
    return o


def oracle_for_profile(profile):
    """The oracle of a data profile (a built-in one is shared with its dialect's)."""
    if profile.builtin:
        return oracle_for(profile.name)
    key = f"{profile.path}"
    o = _ORACLES.get(key)
    if o is None:
        o = _ORACLES[key] = TableOracle(profile)
    return o


@lru_cache(maxsize=None)
def has_tables(dialect: str) -> bool:
    try:
        from ..stdlib.data import load_table
        load_table(f"{dialect}/monsters")
        return True
    except (OSError, ValueError):
        return False
