"""Placeholders for names the data tables lack (``--lenient``).

Why: a variant maintainer previewing a level before importing the variant's data
(or with a name even the variant lacks) wants to see the rest of the level, not an
error.  With ``BuildState.lenient`` set, a MONSTER, OBJECT or TRAP whose name is
unknown is still made, from a placeholder record (:func:`unlev.stdlib.data.
placeholder_monster` and friends: a monster drawn as a magenta ``I``, an object as
the game's "strange object" ``]``, a trap as a plain ``^``), carries
``attrs["placeholder"] = True`` and the unknown name, and is counted in
``level.extras["placeholders"]`` (``{"monster": {"tree blight": 2}, ...}``) for the
summary and the JSON.  Without ``lenient`` the look-ups raise as lev_comp would
(``get_monster_id``, ``get_object_id``, ``get_trap_type`` in util/lev_main.c).
"""

from __future__ import annotations

from typing import Optional

from unlev.stdlib import data


def _count(st, kind: str, name: str) -> None:
    table = st.level.extras.setdefault("placeholders", {})
    per_kind = table.setdefault(kind, {})
    per_kind[name] = per_kind.get(name, 0) + 1


def monster_kind(st, name: str, cls: Optional[str]) -> data.Monster:
    lk = data.lookup_monster(name, cls, lenient=getattr(st, "lenient", False))
    if lk.placeholder:
        _count(st, "monster", name)
    return lk.get()


def object_kind(st, name: str, cls: Optional[str]) -> data.Object:
    lk = data.lookup_object(name, cls, lenient=getattr(st, "lenient", False))
    if lk.placeholder:
        _count(st, "object", name)
    return lk.get()


def trap_kind(st, name: str) -> data.Trap:
    lk = data.lookup_trap(name, lenient=getattr(st, "lenient", False))
    if lk.placeholder:
        _count(st, "trap", name)
    return lk.get()


def is_placeholder(record) -> bool:
    """A monster, object or trap record made for an unknown name."""
    return getattr(record, "index", None) == -1 or (
        isinstance(record, data.Trap) and record.index == 0)
