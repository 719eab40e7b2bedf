"""Identical objects stacking: invent.c ``mergable()``, ``stackobj()`` (a floor object
joins its twin on the square, sp_lev.c create_object) and mkobj.c
``add_to_container()`` (an object put in a box, statue or sack joins its twin inside:
mkbox_cnts' random contents and a des-file's container contents) and
``add_to_minv()`` (an object a des-file gives a monster, through steal.c ``mpickobj``,
joins its twin in the monster's inventory).

Why a module of its own: the floor (objects.py) and the containers' random contents
(make.py, which objects.py imports) both need it.
"""

from __future__ import annotations

from unlev.model.level import Object
from unlev.stdlib import data


# invent.c mergable(): what must agree for two objects of one kind to merge
_MERGE_KEYS = ("curse", "spe", "poisoned", "greased", "eroded", "broken", "trapped",
               "lit", "invisible", "name", "montype")
# reviving corpses never merge (invent.c mergable: is_reviver)
_REVIVERS = ("troll", "ice troll", "rock troll", "water troll", "Olog-hai",
             "Death", "Pestilence", "Famine")


def _merge_value(obj: Object, key: str):
    """An attribute as mergable() sees it: an absent curse is uncursed, an absent
    spe is 0, an absent flag is false."""
    value = obj.attrs.get(key)
    if (key == "curse" and value == "uncursed") or value in (0, False):
        return None
    return value


def mergable(other: Object, obj: Object) -> bool:
    """invent.c mergable(): ``obj`` may join ``other`` (same kind, a kind that merges,
    the same curse, enchantment, erosion, name, monster...; coins always)."""
    if other is obj or other.id != obj.id or other.contents or obj.contents:
        return False
    if other.attrs.get("class") != obj.attrs.get("class"):
        return False        # otyp differs: a scroll and a spellbook of blank paper

    kind = data.object_named(obj.id, obj.attrs.get("class"))
    if kind is None or not kind.merge:
        return False
    if kind.class_symbol == "$":
        return True
    if kind.name == "corpse" and obj.attrs.get("montype") in _REVIVERS:
        return False
    if kind.name == "egg" and (other.attrs.get("montype") or obj.attrs.get("montype")):
        # hatching eggs never merge: an egg of a monster has its hatch timer (timeout.c
        # attach_egg_hatch_timeout fails to start one about once in a thousand eggs,
        # which unlev does not record)
        return False
    if any(_merge_value(other, k) != _merge_value(obj, k) for k in _MERGE_KEYS):
        return False
    return not (kind.class_symbol in (")", "[") and
                other.attrs.get("erodeproof") != obj.attrs.get("erodeproof"))


def _merge_into(other: Object, obj: Object) -> None:
    other.attrs["quantity"] = other.attrs.get("quantity", 1) + obj.attrs.get("quantity", 1)


def stackobj(lev, obj: Object) -> bool:
    """invent.c stackobj(): a new floor object joins an identical one on its square
    (sp_lev.c create_object calls it for everything it puts on the floor); True when
    it merged, the other's quantity grown by its own."""
    kind = data.object_named(obj.id, obj.attrs.get("class"))
    if kind is None or not kind.merge:
        return False        # mergable() would say no to every other: not quadratic
    for other in lev.objects:
        if other.buried or (other.x, other.y) != (obj.x, obj.y):
            continue
        if mergable(other, obj):
            _merge_into(other, obj)
            return True
    return False


def add_to_container(holder: Object, obj: Object) -> bool:
    """mkobj.c add_to_container(): an object put in a box, a statue or a sack joins an
    identical one already inside (mkbox_cnts' random contents and a des-file's
    contents both go through it: an ice box's corpses of one monster, a safe's gold,
    stack); True when it merged."""
    for other in holder.contents:
        if mergable(other, obj):
            _merge_into(other, obj)
            return True
    holder.contents.append(obj)
    return False


def add_to_inventory(items: list, obj: Object) -> bool:
    """mkobj.c add_to_minv() (steal.c mpickobj() for a des-file's MONSTER {...}
    contents): the object joins an identical stack the monster already carries, so
    two uncursed scrolls of one kind are one stack of 2; True when it merged."""
    for other in items:
        if mergable(other, obj):
            _merge_into(other, obj)
            return True
    items.append(obj)
    return False
