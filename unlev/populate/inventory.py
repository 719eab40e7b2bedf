"""What a monster carries from birth in UnNetHack: makemon.c's ``m_initweap`` and
``m_initinv`` cases where UnNetHack differs from NetHack 3.7 (giants, angels and the
Aleax, hobbits and dwarves, the Executioner, mercenaries, miners, One-eyed Sam, the
quantum mechanic's box, vampires' cloaks and blood, Cthulhu, weeping angels, Mines
gnomes' candles, soldiers' armour), their tables, and ``_makemon``'s special item
(Croesus's sword, a nemesis's Bell).

Why a module of its own: the game equips every monster it makes (des-file monsters,
their groups, room fillers, maze stockers, shopkeepers, priests), and the level's
carried objects -- hundreds on some levels -- are these.  The skeleton (_makemon's
order, the two switches, muse.c's items after them) and the cases both games share are
:mod:`unlev.populate.kit`; the bag being filled is :mod:`unlev.populate.bag`, muse.c's
items :mod:`unlev.populate.muse` (all re-exported here, where callers found them);
3.7's own cases are :mod:`unlev.populate.inventory37`.

All draws come from the monster stream.  Not modelled: m_dowear (what is worn does not
change what is carried), the candle a gnome in the Mines lights (the candle is
modelled, not its light).  A domestic animal's saddle is makemon's
(:mod:`unlev.populate.makemon`).
"""

from __future__ import annotations

from typing import List, Optional

from unlev.model.level import COLNO, ROWNO, Object
from unlev.populate import food, herokit, kit
from unlev.populate.bag import Bag, Where, monster_level, obj_kind
from unlev.populate.kinds import adj_lev
from unlev.populate.muse import rnd_defensive_item, rnd_misc_item, rnd_offensive_item
from unlev.populate.mksobj import next_ident
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG

# what callers imported from here before the bag, muse.c's items and the shared cases
# had modules of their own
__all__ = ["Bag", "Where", "adj_lev", "equip", "m_initinv", "m_initweap", "monster_level",
           "rnd_defensive_item", "rnd_misc_item", "rnd_offensive_item", "special_item"]

def _quest_role(pm: data.Monster, role: str, where: Where) -> bool:
    """makemon.c quest_mon_represents_role(): the quest leader or nemesis of the
    hero's own role (a human)."""
    return (pm.class_name == "S_HUMAN" and where.role == role
            and pm.sound in ("MS_LEADER", "MS_NEMESIS"))


def special_item(pm: data.Monster, x: int, y: int, rng: RNG, where: Where,
                 attrs: Optional[dict] = None) -> List[Object]:
    """_makemon()'s ``mitem``: the Wizard's spellbook of dig on the Earth level,
    Croesus's sword, a nemesis's Bell, Pestilence's potion (mongets).  _makemon()
    gives it before the level-making sleep, the worm's tail and the group, long
    before m_initweap; a shape-changer gets none."""
    bag = Bag(pm, x, y, rng, where, attrs or {})
    if "M2_SHAPESHIFTER" in pm.m2 and not pm.name.startswith("vampire") \
            and pm.name != "Vlad the Impaler":
        return []
    mitem = None
    if pm.name == "Wizard of Yendor":
        mitem = ("dig", "+") if where.earth_level else None
    elif pm.name == "Croesus":
        mitem = ("two-handed sword", ")")
    elif pm.sound == "MS_NEMESIS":
        mitem = ("Bell of Opening", "(")
    elif pm.name == "Pestilence":
        mitem = ("sickness", "!")
    if mitem is not None:
        bag.gets(*mitem)
    return bag.items


def equip(pm: data.Monster, x: int, y: int, rng: RNG, where: Where,
          attrs: Optional[dict] = None, with_special: bool = True) -> List[Object]:
    """The inventory _makemon() gives a new monster of kind ``pm`` at (x, y):
    the special item (unless ``with_special`` is False: makemon gave it already,
    :func:`special_item`), then m_initweap (armed monsters) and m_initinv.
    ``attrs``: the monster's record (``shopkeeper``, ``priest``, ``peaceful``...).
    A shape-changer born in another form gets nothing (makemon.equip does not call
    this); one whose newcham() failed keeps its shape and gets this inventory."""
    bag = Bag(pm, x, y, rng, where, attrs or {})
    return kit.fill(bag, special_item if with_special else None,
                    _WEAPONS_BY_CLASS, _INVENTORY_BY_CLASS)


def m_initweap(bag: Bag, m_lev: int) -> None:
    """makemon.c m_initweap() with UnNetHack's cases (:func:`unlev.populate.kit.m_initweap`)."""
    kit.m_initweap(bag, m_lev, _WEAPONS_BY_CLASS)


def m_initinv(bag: Bag, m_lev: int) -> None:
    """makemon.c m_initinv() with UnNetHack's cases (:func:`unlev.populate.kit.m_initinv`)."""
    kit.m_initinv(bag, m_lev, _INVENTORY_BY_CLASS)


# -- m_initweap's cases where UnNetHack differs ------------------------------------------

def _giant_weapons(bag: Bag) -> None:
    """S_GIANT: a boulder to throw half the time (an ettin a club)."""
    if bag.rng.rn2(2):
        if bag.pm.name != "ettin":
            bag.gets("boulder", "`")
        else:
            bag.gets("club", ")")


def _angel_weapons(bag: Bag) -> None:
    """S_ANGEL: the Aleax's copy of the hero's gear (:mod:`unlev.populate.herokit`)
    and 1 in 4 an amulet of reflection; any other angel its blessed rustproof sword, sometimes Demonbane
    or Sunsword, and a shield."""
    pm, rng = bag.pm, bag.rng
    if pm.name == "Aleax":
        # it mimics the hero: m_inityour() copies each thing in use (its id, the
        # hero's quantity, rustproof); a long sword when nothing is wielded
        gear = herokit.gear_in_use(bag.where.role, bag.where.hero_race)
        if not any(slot == "uwep" for slot, *_ in gear):
            bag.gets("long sword", ")")
        for _slot, name, cls, quan in gear:
            o = bag.make(obj_kind(name, cls), init=False)
            if quan > 1:
                o.attrs["quantity"] = quan
            o.attrs["erodeproof"] = True
            bag.pick(o)
        if not rng.rn2(4):
            bag.gets("amulet of reflection", '"')
        return
    lord = "M2_LORD" in pm.m2
    # mksobj(LONG_SWORD, FALSE, FALSE) first (its id), then the draws
    sword = bag.make(obj_kind("long sword", ")"), init=False)
    sword.attrs.update(curse="blessed", erodeproof=True)
    if not rng.rn2(20) or lord:
        bag.name_after(sword, "Demonbane" if rng.rn2(2) else "Sunsword")
    # spe = max(spe, rn2(4)): the macro draws rn2(4) for the test and, as 0 is
    # never greater, again for the value
    rng.rn2(4)
    spe = rng.rn2(4)
    if spe:
        sword.attrs["spe"] = spe
    bag.pick(sword)
    shield = "shield of reflection" if (not rng.rn2(4) or lord) else "large shield"
    bag.special(shield, "[", erodeproof=True)


def _humanoid_weapons(bag: Bag) -> None:
    """S_HUMANOID: a hobbit's blade and rare mithril; a dwarf's kit
    (:func:`unlev.populate.kit.dwarf_weapons`), and booze outside the Mines."""
    pm, rng, g = bag.pm, bag.rng, bag.gets
    if pm.name == "hobbit":
        g(("dagger", "elven dagger", "sling")[rng.rn2(3)], ")")
        if not rng.rn2(10):
            g("elven mithril-coat", "[")
        if not rng.rn2(10):
            g("dwarvish cloak", "[")
    elif "M2_DWARF" in pm.m2:
        kit.dwarf_weapons(bag)
        if not bag.where.in_mines and rng.rn2(7):
            g("booze", "!")


def _human_weapons(bag: Bag) -> None:
    """S_HUMAN: the Executioner, mercenaries, elves, priests, ninjas, quest
    guardians and miners, in the C's order of tests."""
    pm, where, name = bag.pm, bag.where, bag.pm.name
    if name == "Executioner":
        _executioner_weapons(bag)
    elif "M2_MERC" in pm.m2:
        _mercenary_weapons(bag)
    elif "M2_ELF" in pm.m2:
        kit.elf_weapons(bag)
    elif pm.sound == "MS_PRIEST" or _quest_role(pm, "Priest", where):
        kit.priest_mace(bag)
    elif name == "ninja":
        bag.gets("shuriken" if bag.rng.rn2(4) else "dart", ")")
        bag.gets("short sword" if bag.rng.rn2(4) else "axe", ")")
    elif pm.sound == "MS_GUARDIAN":
        kit.guardian_gear(bag)
    elif name == "miner":
        bag.gets("pick-axe", "(")
        bag.pick(bag.make(obj_kind("brass lantern", "(")))


def _executioner_weapons(bag: Bag) -> None:
    # mksobj(BATTLE_AXE, FALSE, FALSE) first (its id), then its spe
    axe = bag.make(obj_kind("battle-axe", ")"), init=False)
    bag.name_after(axe, "Cleaver")
    axe.attrs.update(curse="blessed", erodeproof=True)
    spe = bag.rng.rn2(6)
    if spe:
        axe.attrs["spe"] = spe
    bag.pick(axe)
    bag.gets("cloak of magic resistance", "[")


def _mercenary_weapons(bag: Bag) -> None:
    """Soldiers and watchmen (a polearm and a dagger or knife, or a spear or short
    sword), sergeants, lieutenants, captains and guards by rank."""
    rng, name = bag.rng, bag.pm.name
    w1 = w2 = None
    if name in ("watchman", "soldier"):
        if not rng.rn2(3):
            first = data.object_named("partisan", ")").index
            last = data.object_named("bec de corbin", ")").index
            w1 = data.object_by_index(rng.rn1(last - first + 1, first)).name
            w2 = "dagger" if rng.rn2(2) else "knife"
        else:
            w1 = "spear" if rng.rn2(2) else "short sword"
    elif name == "sergeant":
        w1 = "flail" if rng.rn2(2) else "mace"
    elif name == "lieutenant":
        w1 = "broadsword" if rng.rn2(2) else "long sword"
    elif name in ("prison guard", "captain", "watch captain"):
        w1 = "long sword" if rng.rn2(2) else "silver saber"
    else:
        if not rng.rn2(4):
            w1 = "dagger"
        if not rng.rn2(7):
            w2 = "spear"
    if w1:
        bag.gets(w1, ")")
    if not w2 and w1 != "dagger" and not rng.rn2(4):
        w2 = "knife"
    if w2:
        bag.gets(w2, ")")


# -- m_initinv's cases where UnNetHack differs ------------------------------------------

_MERC_AC = {"guard": -1, "prison guard": -2, "soldier": 3, "sergeant": 0,
            "lieutenant": -2, "captain": -3, "watchman": 3, "watch captain": -2}


def _human_inventory(bag: Bag, m_lev: int) -> None:
    """S_HUMAN: mercenaries' armour, a shopkeeper's key and wands, One-eyed Sam's
    gear, a priest's robe, shield and gold, a Monk quest monster's robe."""
    pm, where, name = bag.pm, bag.where, bag.pm.name
    if "M2_MERC" in pm.m2:
        _merc_armor(bag)
    elif name == "shopkeeper":
        kit.shopkeeper_kit(bag)
    elif name == "One-eyed Sam":
        _one_eyed_sam_gear(bag)
    elif pm.sound == "MS_PRIEST" or _quest_role(pm, "Priest", where):
        kit.priest_kit(bag)
    elif _quest_role(pm, "Monk", where):
        kit.monk_robe(bag)


def _one_eyed_sam_gear(bag: Bag) -> None:
    sam = ((("two-handed sword", ")"), {"artifact": "Thiefbane"}),
           (("shield of reflection", "["), {}),
           (("magic dragon scale mail", "["), {}),   # GRAY_DRAGON_SCALE_MAIL
           (("speed boots", "["), {}))
    for (item, c), extra in sam:
        # mksobj(.., FALSE, FALSE), mpickobj, then spe += rnd(5)
        o = bag.make(obj_kind(item, c), init=False)
        if extra:
            bag.name_after(o, extra["artifact"])
        o.attrs["spe"] = bag.rng.rnd(5)
        bag.pick(o)
    bag.special("amulet of life saving", '"')
    bag.gets("skeleton key", "(")


def _quantum_mechanic_inventory(bag: Bag, m_lev: int) -> None:
    """S_QUANTMECH: 1 in 20 a large box holding a dead housecat."""
    rng = bag.rng
    if not rng.rn2(20):
        box = bag.make(obj_kind("large box", "("), init=False)
        # the cat is mksobj(CORPSE, TRUE, FALSE): its id, a monster of its own and that
        # one's rot timer; set_corpsenm(PM_HOUSECAT) starts the timer again (the
        # stop_timer after it draws nothing)
        next_ident(rng)
        drawn = bag.where.corpse_kind() if bag.where.corpse_kind is not None else None
        if drawn:
            food.corpse_timer(drawn, rng)
        food.corpse_timer("housecat", rng)
        box.attrs["spe"] = 1
        cat = Object(bag.x, bag.y, "corpse", attrs={"class": "%", "montype": "housecat"})
        box.contents.append(cat)
        bag.pick(box)


def _vampire_inventory(bag: Bag, m_lev: int) -> None:
    """S_VAMPIRE: 1 in 8 the opera cloak, half the time blood."""
    rng = bag.rng
    if rng.rnf(1, 8):
        # the cloak whose appearance is "opera cloak": the game's start shuffled it
        # (no draw here; unlev.populate.oinit)
        bag.gets(bag.where.opera_cloak, "[")
    if rng.rn2(2):
        bag.gets("vampire blood" if m_lev > rng.rn2(30) else "blood", "!")


def _demon_inventory(bag: Bag, m_lev: int) -> None:
    """S_DEMON: an ice devil's spear 1 in 4 (not AT_WEAP, so not in m_initweap)."""
    if bag.pm.name == "ice devil" and not bag.rng.rn2(4):
        bag.gets("spear", ")")


def _humanoid_inventory(bag: Bag, m_lev: int) -> None:
    """S_HUMANOID: Cthulhu's Amulet and potion."""
    if bag.pm.name == "Cthulhu":
        bag.gets("Amulet of Yendor", '"')
        bag.gets("full healing", "!")


def _gnome_inventory(bag: Bag, m_lev: int) -> None:
    _gnome_candle(bag)


def _angel_inventory(bag: Bag, m_lev: int) -> None:
    """S_ANGEL: the weeping angels' blindness, an archangel's wand and amulet."""
    rng, name = bag.rng, bag.pm.name
    if name in ("weeping angel", "weeping archangel") and not rng.rn2(3):
        bag.gets("blindness", "!")
    if name == "weeping archangel" and not rng.rn2(3):
        bag.gets("lightning", "/")
        bag.gets("amulet of reflection", '"')


def _gnome_candle(bag: Bag) -> None:
    """makemon.c m_initinv(), S_GNOME: in the Mines, one gnome in five looks at a random
    square (a second one if the first is not room floor) and gets a candle, lit, if it
    is dark room floor, else one in five times an unlit one; elsewhere one in ten.
    (The lighting itself is not recorded: a carried candle looks the same.)"""
    rng = bag.rng

    def candle() -> None:
        made = bag.make(obj_kind("tallow candle" if rng.rn2(4) else "wax candle", "("))
        made.attrs.pop("quantity", None)
        bag.pick(made)

    if bag.where.in_mines and rng.rnf(1, 5):
        level = bag.where.level
        x, y = rng.rnd(COLNO - 1), rng.rn2(ROWNO)
        if level is None or level.typ_at(x, y) != T.ROOM:
            x, y = rng.rnd(COLNO - 1), rng.rn2(ROWNO)
        if level is not None and level.typ_at(x, y) == T.ROOM and not level.lit_at(x, y):
            candle()
        elif not rng.rn2(5):
            candle()
    elif not rng.rn2(10):
        candle()


def _merc_armor(bag: Bag) -> None:
    """m_initinv() for soldiers and watchmen: armour approximating their AC, rations,
    a bugle or a whistle."""
    rng, g, name = bag.rng, bag.gets, bag.pm.name
    mac = _MERC_AC.get(name, 0)
    if mac < -1 and rng.rn2(5):
        mac += 7 + g("plate mail" if rng.rn2(5) else "crystal plate mail", "[")
    elif mac < 3 and rng.rn2(5):
        mac += 6 + g("splint mail" if rng.rn2(3) else "banded mail", "[")
    elif rng.rn2(5):
        mac += 3 + g("ring mail" if rng.rn2(3) else "studded leather armor", "[")
    else:
        mac += 2 + g("leather armor", "[")
    for first, first_ac, second, second_ac in (
            ("helmet", 1, "dented pot", 1), ("small shield", 1, "large shield", 2),
            ("low boots", 1, "high boots", 2), ("leather gloves", 1, "leather cloak", 1)):
        if mac < 10 and rng.rn2(3):
            mac += first_ac + g(first, "[")
        elif mac < 10 and rng.rn2(2):
            mac += second_ac + g(second, "[")
    if name not in ("guard", "prison guard", "watchman", "watch captain"):
        if not rng.rn2(3):
            g("K-ration", "%")
        if not rng.rn2(2):
            g("C-ration", "%")
        if name != "soldier" and not rng.rn2(3):
            g("bugle", "(")
    elif name == "watchman" and rng.rn2(3):
        g("tin whistle", "(")


# m_initweap()'s switch: one function per class case (the default is kit.general_weapon)
_WEAPONS_BY_CLASS = {
    "S_GIANT": _giant_weapons, "S_HUMAN": _human_weapons, "S_ANGEL": _angel_weapons,
    "S_HUMANOID": _humanoid_weapons, "S_KOP": kit.kop_weapons, "S_ORC": kit.orc_weapons,
    "S_OGRE": kit.ogre_weapons, "S_TROLL": kit.troll_weapons,
    "S_KOBOLD": kit.kobold_weapons, "S_CENTAUR": kit.centaur_weapons,
    "S_WRAITH": kit.wraith_weapons, "S_ZOMBIE": kit.zombie_weapons,
    "S_LIZARD": kit.lizard_weapons, "S_DEMON": kit.demon_weapons,
}

# m_initinv()'s switch: one function per class case
_INVENTORY_BY_CLASS = {
    "S_HUMAN": _human_inventory, "S_NYMPH": kit.nymph_inventory,
    "S_GIANT": kit.giant_inventory, "S_WRAITH": kit.wraith_inventory,
    "S_LICH": kit.lich_inventory, "S_MUMMY": kit.mummy_inventory,
    "S_QUANTMECH": _quantum_mechanic_inventory, "S_LEPRECHAUN": kit.leprechaun_inventory,
    "S_VAMPIRE": _vampire_inventory, "S_DEMON": _demon_inventory,
    "S_HUMANOID": _humanoid_inventory, "S_GNOME": _gnome_inventory,
    "S_ANGEL": _angel_inventory,
}
