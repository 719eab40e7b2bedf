"""What ``mksobj(otyp, init=TRUE)`` sets on a new object besides its kind: quantity,
enchantment or charges (``spe``), blessed or cursed, and the spellbook inside a
statue (mkobj.c ``mksobj``, ``blessorcurse``; rnd.c ``rne``).

Why a module of its own: every maker of objects (des-file OBJECT, random objects,
monster inventories, hiders' objects, box contents) goes through the same
initialisation in the game, and the JSON records its outcome.  Containers and
corpses, which need the level (box contents, a random monster), stay in
:func:`unlev.populate.make.init_object`, which calls :func:`init_fields`.

The draws come from the caller's stream; the population code passes the monster
stream, so that a level's terrain keeps the shape it had before these fields were
modelled.  Record keys (absent means the default): ``quantity`` (> 1), ``spe``
(non-zero), ``curse`` (``blessed``/``cursed``), ``poisoned`` (bool).  A key the
des-file gave already is left alone, as the loader writes its values over mksobj's.
"""

from __future__ import annotations

from typing import Callable, Optional

from unlev.model.level import Object
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

# obj.h is_multigen() / is_poisonable(): weapons whose skill lies in -P_SHURIKEN..-P_BOW
# (arrows, sling ammunition, bolts, darts, shuriken), made by the half-dozen
_MULTIGEN_SKILLS = ("-P_BOW", "-P_SLING", "-P_CROSSBOW", "-P_DART", "-P_SHURIKEN")
_NODIR = 1                     # objclass.h: a wand that needs no direction
_BAD_ARMOR = ("fumble boots", "levitation boots", "helm of opposite alignment",
              "gauntlets of fumbling", "tinfoil hat")
_BAD_RINGS = ("teleportation", "polymorph", "aggravate monster", "hunger")
_BAD_AMULETS = ("amulet of strangulation", "amulet of change", "amulet of restful sleep")


def is_multigen(kind: data.Object) -> bool:
    """objects.c is_multigen(): weapons made in stacks (arrows, darts, shuriken...)."""
    return kind.class_symbol == ")" and str(kind.subtype) in _MULTIGEN_SKILLS


def _curse(attrs: dict, value: str) -> None:
    attrs["curse"] = value


def blessorcurse(attrs: dict, chance: int, rng: RNG) -> None:
    """mkobj.c blessorcurse(): 1 in ``chance`` blessed or cursed (even odds)."""
    if attrs.get("curse") in ("blessed", "cursed"):
        return
    if not rng.rn2(chance):
        _curse(attrs, "cursed" if not rng.rn2(2) else "blessed")


def next_ident(rng: RNG) -> None:
    """mkobj.c ``next_ident``: every new object (mksobj) and monster (makemon) takes
    the next id, which moves on by ``rnd(2)``.  unlev keeps no ids, but the draw is on
    the stream the maker draws from, so the numbers after it are the game's."""
    rng.rnd(2)


def init_fields(obj: Object, kind: data.Object, rng: RNG, *,
                statue_book: Optional[Callable[[], Optional[data.Object]]] = None,
                difficulty: int = 1, montype_size: Optional[int] = None,
                artif: bool = False) -> None:
    """mksobj(init=TRUE)'s quantity, spe and curse for ``obj`` of ``kind``.

    ``statue_book`` makes the spellbook a statue of a non-tiny monster holds
    (``montype_size``: its MZ_ size value) with a chance growing with
    ``difficulty``: ``rn2(difficulty/2 + 10) > 10``.  ``artif`` is mksobj()'s: a
    weapon may become an artifact 1 time in 20, armour 1 in 40: the record then gets
    ``artifact_chance``, which the caller turns into
    :func:`unlev.populate.artifacts.mk_artifact` (it needs the level)."""
    given = {k for k in ("quantity", "spe", "curse") if k in obj.attrs}
    a: dict = {}
    cls = kind.class_symbol
    name = kind.name or ""
    if cls == ")":
        if is_multigen(kind):
            a["quantity"] = rng.rn1(6, 6)
        if not rng.rn2(11):
            a["spe"] = rng.rne(3)
            if rng.rn2(2):
                a["curse"] = "blessed"
        elif not rng.rn2(10):
            a["curse"] = "cursed"
            a["spe"] = -rng.rne(3)
        else:
            blessorcurse(a, 10, rng)
        if is_multigen(kind) and not rng.rn2(100):
            a["poisoned"] = True
        if artif and not rng.rn2(20):
            a["artifact_chance"] = True         # the maker calls artifacts.mk_artifact
    elif cls == "%":
        if name == "kelp frond":
            a["quantity"] = rng.rnd(2)
        elif name == "tin":
            blessorcurse(a, 10, rng)
        elif name == "slime mold":
            a["spe"] = 1        # current_fruit: the hero's fruit, the first one named
        if name not in ("corpse", "meat ring", "kelp frond") and not rng.rn2(6):
            a["quantity"] = 2
    elif cls == "*":
        if name == "loadstone":
            a["curse"] = "cursed"
        elif name == "rock":
            a["quantity"] = rng.rn1(6, 6)
        elif name != "luckstone" and not rng.rn2(6):
            a["quantity"] = 2
    elif cls == "(":
        if name in ("tallow candle", "wax candle"):
            a["spe"] = 1
            a["quantity"] = 1 + (rng.rn2(7) if rng.rn2(2) else 0)
            blessorcurse(a, 5, rng)
        elif name in ("brass lantern", "oil lamp"):
            a["spe"] = 1
            rng.rn1(500, 1000)                    # its age (fuel), not recorded
            blessorcurse(a, 5, rng)
        elif name == "magic lamp":
            a["spe"] = 1
            blessorcurse(a, 2, rng)
        elif name in ("expensive camera", "tinning kit", "magic marker"):
            a["spe"] = rng.rn1(60, 20)
        elif name == "can of grease":
            a["spe"] = rng.rnd(25)
            blessorcurse(a, 10, rng)
        elif name == "crystal ball":
            a["spe"] = rng.rnd(5)
            blessorcurse(a, 2, rng)
        elif name in ("horn of plenty", "bag of tricks"):
            a["spe"] = rng.rnd(20)
        elif name == "figurine":
            blessorcurse(a, 4, rng)
        elif name == "Bell of Opening":
            a["spe"] = 3
        elif name in ("magic flute", "magic harp", "frost horn", "fire horn",
                      "drum of earthquake"):
            a["spe"] = rng.rn1(5, 4)
    elif cls == '"':
        if rng.rn2(10) and name in _BAD_AMULETS:
            a["curse"] = "cursed"
        else:
            blessorcurse(a, 10, rng)
    elif cls in ("!", "?"):
        if name != "mail":
            blessorcurse(a, 4, rng)
    elif cls == "+":
        blessorcurse(a, 17, rng)
    elif cls == "[":
        if rng.rn2(10) and (name in _BAD_ARMOR or not rng.rn2(11)):
            a["curse"] = "cursed"
            a["spe"] = -rng.rne(3)
        elif not rng.rn2(10):
            if rng.rn2(2):
                a["curse"] = "blessed"
            a["spe"] = rng.rne(3)
        else:
            blessorcurse(a, 10, rng)
        if artif and not rng.rn2(40):
            a["artifact_chance"] = True         # (no armour is made so: all are NOGEN)
    elif cls == "/":
        if name == "wishing":
            a["spe"] = 2 if rng.rnf(2, 3) else 1 if rng.rnf(1, 2) else 3
        else:
            a["spe"] = rng.rn1(5, 11 if kind.dir == _NODIR else 4)
        blessorcurse(a, 17, rng)
    elif cls == "=":
        if kind.charged:
            blessorcurse(a, 3, rng)
            spe = 0
            sign = {"blessed": 1, "cursed": -1}.get(a.get("curse"), 0)
            if rng.rn2(10):
                if rng.rn2(10) and sign:
                    spe = sign * rng.rne(3)
                else:
                    spe = rng.rne(3) if rng.rn2(2) else -rng.rne(3)
            if spe == 0:
                spe = rng.rn2(4) - rng.rn2(3)
            if spe < 0 and rng.rn2(5):
                a["curse"] = "cursed"
            a["spe"] = spe
        elif rng.rn2(10) and (name in _BAD_RINGS or not rng.rn2(9)):
            a["curse"] = "cursed"
    elif cls == "`" and name == "statue" and statue_book is not None:
        if montype_size is not None and montype_size > 0 and \
                rng.rn2(difficulty // 2 + 10) > 10:
            book = statue_book()
            if book is not None:
                # mkobj(SPBOOK_CLASS, FALSE): FALSE is artif; mkobj makes it with
                # mksobj(init=TRUE): an id and a spellbook's curse like any other
                inner = Object(obj.x, obj.y, book.name or book.description,
                               attrs={"class": "+", "from": "statue"})
                next_ident(rng)
                init_fields(inner, book, rng, difficulty=difficulty)
                obj.contents.append(inner)
    for key, value in a.items():
        if key in given:
            continue
        if (key == "quantity" and value <= 1) or (key == "spe" and value == 0):
            continue
        obj.attrs[key] = value
