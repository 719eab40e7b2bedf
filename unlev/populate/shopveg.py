"""The health food store's stock, as NetHack 3.6 and 3.7 make it: shknam.c
mkveggy_at() and shkveg(), with eat.c set_tin_variety(HEALTHY_TIN) (the same in both).

Why this module exists: the health food store (3.6's and 3.7's shop kinds,
``shops.json``; UnNetHack and 3.4.3 have none) fills 70% of its squares from a
pseudo-class VEGETARIAN_CLASS, which the 3.7 importer keeps as a stock row with
``"vegetarian": true`` and 3.6's as a row without a class; unlev stocked it with any
food.
shkveg() draws ``rnd(maxprob)`` over the food kinds veggy_item() accepts for a bare
type (vegetable matter, eggs, and tins and corpses, whose species it stands in as a
lichen), mksobj_at() makes it (init and artifact chance), and a tin is made healthy:
a tin of a non-vegetarian species (or none) becomes spinach, else its variety is
drawn again (``rn2(15)``) until it is a fodder one and not rotten (a cursed tin may
stay rotten); a homemade tin may go bad first (``!rn2(7)`` unless blessed), and
lizards, lichens, riders and acid blobs never rot.  :func:`unlev.populate.shops.mkshobj_at`
(3.7) and :func:`unlev.populate.shops36.mkshobj_at` (3.6) call :func:`mkveggy_at` for
such a row.
"""

from __future__ import annotations

from unlev.populate.make import make_object
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

# eat.c tintxts[]: the fodder column of 3.7's 15 kinds (rotten first, homemade second)
FODDER = (0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1)
ROTTEN, HOMEMADE = 0, 1
NONROTTING = ("lizard", "lichen", "Death", "Pestilence", "Famine", "acid blob")
VEGAN_CLASSES = ("S_BLOB", "S_JELLY", "S_FUNGUS", "S_VORTEX", "S_LIGHT", "S_GHOST")


def veggy_kinds():
    """shknam.c veggy_item(NULL, otyp) over the food class, in table order."""
    return [o for o in data.objects_of_class("%")
            if o.material == "VEGGY" or o.name in ("egg", "tin", "corpse")]


def vegetarian(name) -> bool:
    """mondata.h vegetarian(): vegan classes (elementals but the stalker, golems but
    the flesh and leather ones), or a pudding but the black one."""
    found = data.lookup_monster(name) if name else None
    if found is None or not found.ok:
        return False
    pm = found.item
    cls = pm.class_name
    return (cls in VEGAN_CLASSES
            or (cls == "S_ELEMENTAL" and pm.name != "stalker")
            or (cls == "S_GOLEM" and pm.name not in ("flesh golem", "leather golem"))
            or (cls == "S_PUDDING" and pm.name != "black pudding"))


def healthy_tin(obj, rng: RNG) -> None:
    """eat.c set_tin_variety(obj, HEALTHY_TIN) on a tin made by mksobj."""
    montype = obj.attrs.get("montype")
    if montype is None or not vegetarian(montype):
        obj.attrs.pop("montype", None)
        obj.attrs["spe"] = 1                       # spinach
        return
    cursed = obj.attrs.get("curse") == "cursed"
    spe = obj.attrs.get("spe", 0)
    if cursed:
        r = ROTTEN                                 # tin_variety(obj, FALSE)
    elif spe < 0:
        r = -spe - 1
    else:
        r = rng.rn2(len(FODDER))
    if r == HOMEMADE and obj.attrs.get("curse") != "blessed" and not rng.rn2(7):
        r = ROTTEN
    if r == ROTTEN and montype in NONROTTING:
        r = HOMEMADE
    while (r == ROTTEN and not cursed) or not FODDER[r]:
        r = rng.rn2(len(FODDER))
    obj.attrs["spe"] = -(r + 1)


def mkveggy_at(st, x: int, y: int, rng: RNG) -> None:
    """shknam.c mkveggy_at(): shkveg()'s kind, made on (x, y), a tin made healthy."""
    kinds = veggy_kinds()
    prob = rng.rnd(sum(k.prob for k in kinds))
    i = 0
    prob -= kinds[0].prob
    while prob > 0:
        i += 1
        prob -= kinds[i].prob
    kind = kinds[i]
    obj = make_object(st, x, y, kind, "shop", rng, artif=True)
    if kind.name == "tin":
        healthy_tin(obj, rng)
