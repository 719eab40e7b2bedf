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

from typing import Callable, Dict, Optional

from unlev.model.level import Object
from unlev.stdlib import data
from unlev.stdlib.rng import RNG
from unlev.populate import mksobj37

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


class _Init:
    """What one mksobj(init=TRUE) call knows: the new object's fields so far (``a``),
    its kind and name, the stream, and the statue's and the artifact chance's
    parameters (see :func:`init_fields`)."""

    __slots__ = ("obj", "kind", "name", "rng", "a", "statue_book", "difficulty",
                 "montype_size", "artif")

    def __init__(self, obj, kind, rng, statue_book, difficulty, montype_size, artif):
        self.obj, self.kind, self.rng = obj, kind, rng
        self.name = kind.name or ""
        self.a: dict = {}
        self.statue_book, self.difficulty = statue_book, difficulty
        self.montype_size, self.artif = montype_size, artif


def _weapon(c: _Init) -> None:
    """WEAPON_CLASS: a stack of missiles, then 1 in 11 blessed-or-not and enchanted,
    else 1 in 10 cursed and negatively enchanted, else blessorcurse(10); missiles
    poisoned 1 in 100; the artifact chance 1 in 20."""
    a, rng, kind = c.a, c.rng, c.kind
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
    if c.artif and not rng.rn2(20):
        a["artifact_chance"] = True         # mk_artifact(): the caller's


def _food(c: _Init) -> None:
    """FOOD_CLASS (corpses, eggs and tins draw their monster in make.py first)."""
    a, rng, name = c.a, c.rng, c.name
    if name == "kelp frond":
        a["quantity"] = rng.rnd(2)
    elif name == "tin":
        blessorcurse(a, 10, rng)
    elif name == "slime mold":
        a["spe"] = 1        # current_fruit: the hero's fruit, the first one named
    if name not in ("corpse", "meat ring", "kelp frond") and not rng.rn2(6):
        a["quantity"] = 2


def _gem(c: _Init) -> None:
    """GEM_CLASS: a loadstone is cursed, rocks come by the half-dozen, other gems
    (not luckstones) in pairs 1 time in 6."""
    a, rng, name = c.a, c.rng, c.name
    if name == "loadstone":
        a["curse"] = "cursed"
    elif name == "rock":
        a["quantity"] = rng.rn1(6, 6)
    elif name != "luckstone" and not rng.rn2(6):
        a["quantity"] = 2


def _tool(c: _Init) -> None:
    """TOOL_CLASS: candles, lamps, charged tools and instruments."""
    a, rng, name = c.a, c.rng, c.name
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


def _amulet(c: _Init) -> None:
    """AMULET_CLASS: the bad ones are cursed 9 times in 10."""
    if c.rng.rn2(10) and c.name in _BAD_AMULETS:
        c.a["curse"] = "cursed"
    else:
        blessorcurse(c.a, 10, c.rng)


def _potion_or_scroll(c: _Init) -> None:
    """POTION_CLASS, SCROLL_CLASS: blessorcurse(4) (mail excepted)."""
    if c.name != "mail":
        blessorcurse(c.a, 4, c.rng)


def _spellbook(c: _Init) -> None:
    """SPBOOK_CLASS: blessorcurse(17)."""
    blessorcurse(c.a, 17, c.rng)


def _armor(c: _Init) -> None:
    """ARMOR_CLASS: the bad ones (and 1 in 11 of the rest) cursed and negatively
    enchanted 9 times in 10, else 1 in 10 enchanted (half of them blessed), else
    blessorcurse(10); the artifact chance 1 in 40."""
    a, rng = c.a, c.rng
    if rng.rn2(10) and (c.name in _BAD_ARMOR or not rng.rn2(11)):
        a["curse"] = "cursed"
        a["spe"] = -rng.rne(3)
    elif not rng.rn2(10):
        if rng.rn2(2):
            a["curse"] = "blessed"
        a["spe"] = rng.rne(3)
    else:
        blessorcurse(a, 10, rng)
    if c.artif and not rng.rn2(40):
        a["artifact_chance"] = True         # mk_artifact(): the caller's


def _wand(c: _Init) -> None:
    """WAND_CLASS: charges (a wand of wishing 1 to 3), blessorcurse(17)."""
    a, rng = c.a, c.rng
    if c.name == "wishing":
        a["spe"] = 2 if rng.rnf(2, 3) else 1 if rng.rnf(1, 2) else 3
    else:
        a["spe"] = rng.rn1(5, 11 if c.kind.dir == _NODIR else 4)
    blessorcurse(a, 17, rng)


def _ring(c: _Init) -> None:
    """RING_CLASS: a chargeable ring's enchantment follows its curse; the bad ones
    (and 1 in 9 of the rest) are cursed 9 times in 10."""
    a, rng = c.a, c.rng
    if c.kind.charged:
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
    elif rng.rn2(10) and (c.name in _BAD_RINGS or not rng.rn2(9)):
        a["curse"] = "cursed"


def _rock(c: _Init) -> None:
    """ROCK_CLASS: a statue of a non-tiny monster may hold a spellbook."""
    obj, rng = c.obj, c.rng
    if c.name != "statue" or c.statue_book is None:
        return
    if c.montype_size is not None and c.montype_size > 0 and \
            rng.rn2(c.difficulty // 2 + 10) > 10:
        book = c.statue_book()
        if book is not None:
            # mkobj(SPBOOK_CLASS, FALSE): FALSE is artif; mkobj makes it with
            # mksobj(init=TRUE): an id and a spellbook's curse like any other
            inner = Object(obj.x, obj.y, book.name or book.description,
                           attrs={"class": "+", "from": "statue"})
            next_ident(rng)
            init_fields(inner, book, rng, difficulty=c.difficulty)
            obj.contents.append(inner)


# mksobj()'s switch on the object's class
_BY_CLASS: Dict[str, Callable[[_Init], None]] = {
    ")": _weapon, "%": _food, "*": _gem, "(": _tool, '"': _amulet, "!": _potion_or_scroll,
    "?": _potion_or_scroll, "+": _spellbook, "[": _armor, "/": _wand, "=": _ring,
    "`": _rock,
}


def init_fields(obj: Object, kind: data.Object, rng: RNG, *,
                statue_book: Optional[Callable[[], Optional[data.Object]]] = None,
                difficulty: int = 1, montype_size: Optional[int] = None,
                artif: bool = False) -> None:
    """mksobj(init=TRUE)'s quantity, spe and curse for ``obj`` of ``kind``: one
    function per object class, as mksobj()'s switch reads.

    ``statue_book`` makes the spellbook a statue of a non-tiny monster holds
    (``montype_size``: its MZ_ size value) with a chance growing with
    ``difficulty``: ``rn2(difficulty/2 + 10) > 10``.  ``artif`` is mksobj()'s: a
    weapon may become an artifact 1 time in 20, armour 1 in 40: the record then has
    ``artifact_chance``, which the caller turns into mk_artifact()'s choice
    (:func:`unlev.populate.artifacts.mk_artifact`, the next draw in the game)."""
    given = {k for k in ("quantity", "spe", "curse") if k in obj.attrs}
    c = _Init(obj, kind, rng, statue_book, difficulty, montype_size, artif)
    by_class = _BY_CLASS.get(kind.class_symbol)
    if by_class is not None:
        by_class(c)
    if mksobj37.applies():              # NetHack 3.7's mkobj_erosions()
        mksobj37.erosions(c.a, kind, rng, given | _given_erosion(obj))
    for key, value in c.a.items():
        if key in given:
            continue
        if (key == "quantity" and value <= 1) or (key == "spe" and value == 0):
            continue
        obj.attrs[key] = value


def _given_erosion(obj: Object) -> set:
    """The erosion fields the level file gave the object (kept over the draws)."""
    return {k for k in ("eroded", "eroded2", "erodeproof", "greased") if k in obj.attrs}
