"""What a monster carries from birth in NetHack 3.7: the cases of 3.7's makemon.c
``m_initweap`` and ``m_initinv`` where it differs from UnNetHack's, their tables, the
special item of ``_makemon`` (``mitem``), and 3.7's :class:`Rules` for the shared code.

Why a module of its own: :mod:`unlev.populate.inventory` follows UnNetHack's
makemon.c, and 3.7's differs in what is given and in the draws made for it, so a 3.7
level equipped by UnNetHack's code holds UnNetHack's kits and moves the monster stream
by UnNetHack's draws.  Used only while NetHack 3.7's tables are active
(:func:`applies`); des-file levels keep UnNetHack's inventories.  The skeleton and the
cases the two games share are :mod:`unlev.populate.kit`, muse.c's items
:mod:`unlev.populate.muse`; both read :data:`RULES37` through the :class:`Bag37`.

3.7's differences from UnNetHack's makemon.c, all followed here:

- giants other than ettins get a two-handed sword or battle-axe 1 time in 5 on top
  of the boulder;
- soldiers' polearms are drawn PARTISAN..BEC_DE_CORBIN again until the kind's skill
  is P_POLEARMS (the lance and the mattock sit in that range);
- no Executioner, miner, prison guard, weeping angels, Cthulhu, vampire cloak or
  blood; the Elvenking is the elven monarch, the ogre king/lord the ogre
  tyrant/leader;
- a humanoid angel gets a long sword (3 in 5) or a mace, made an artifact when
  ``!rn2(20)`` or it is a lord *and* its alignment is lawful, the artifact drawn
  Sunsword (3 in 5) or Demonbane, which sticks only when the base matches (Sunsword
  a long sword, Demonbane a mace: 3.7's artilist.h); spe ``rn2(4)`` for the sword,
  ``rn1(4, 3)`` for the mace;
- a hobbit's sling comes with flint (1 in 4) or rocks, ``rn1(6, 3)`` of them; a
  dwarf carries no booze and its other choice is one draw, ``!rn2(3) ? pick-axe :
  dagger``;
- Orcus gets the wand of death, Asmodeus wands of cold and fire;
- a guard carries a cursed tin whistle; a watch captain nothing besides armour;
- a gnome gets a candle ``!rn2(20)`` in the Mines, ``!rn2(60)`` elsewhere, with no
  look at the floor;
- S_QUANTMECH draws ``rn2(20)`` for every member, only the quantum mechanic gets the
  box;
- ``rnd_offensive_item``: no oil (case 10 is the wand of fire), and no helmet is worn
  while makemon fills the inventory (m_dowear comes after m_initinv), so only an
  amorphous, wall-walking or unsolid monster gets the scroll of earth;
- ``rnd_defensive_item``: in Sokoban a wand of digging is drawn again 3 times in 4;
- the mercenaries' armour counts ARM_BONUS from the table's ``a_ac`` (oc1), so
  banded mail counts 6 as splint mail does;
- ``mitem``: Vlad gets the Candelabrum (spe 0, neither blessed nor cursed), the Wizard
  the spellbook of dig on the Earth level only as the first Wizard.

Not modelled (as in :mod:`unlev.populate.inventory`): m_dowear, lit candles, the
Schroedinger cat corpse's own mksobj draws (its random monster and rot timer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from unlev.model.level import Object
from unlev.populate import kit, traps37
from unlev.populate.bag import A_NONE, Bag, Rules, Where, obj_kind
from unlev.populate.muse import (  # noqa: F401 -- where 3.7's callers found them
    noteleport_level, refuses_items, rnd_defensive_item, rnd_offensive_item,
)
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

#: 3.7's names and muse.c flags where the shared cases ask (:class:`Rules`)
RULES37 = Rules(
    elf_ruler="elven monarch",
    ogre_odds={"ogre tyrant": 3, "ogre leader": 6},
    demon_weapons={"balrog": (("bullwhip", ")"), ("broadsword", ")")),
                   "Orcus": (("death", "/"),), "Dispater": (("striking", "/"),),
                   "Yeenoghu": (("flail", ")"),)},
    oil_for_fire=False, sokoban_redraws_digging=True, floaters=("S_EYE", "S_LIGHT"))


def applies() -> bool:
    """True while a level is populated from NetHack 3.7's tables."""
    return traps37.applies()


@dataclass
class Where37(Where):
    """:class:`Where` plus what only 3.7's inventories read."""

    in_sokoban: bool = False      # muse.c rnd_defensive_item(): Sokoban


def where37(where: Where, dungeon_name: str) -> Where37:
    """The 3.7 view of a level's :class:`Where`."""
    return Where37(**where.__dict__, in_sokoban=dungeon_name == "Sokoban")


class Bag37(Bag):
    """A 3.7 monster's inventory being filled: 3.7's mongets and rules."""

    rules = RULES37

    def gets(self, name: str, cls: str) -> int:
        """3.7's mongets(): UnNetHack's touches, and the Candelabrum's spe is 0."""
        obj_kind(name, cls)                      # every 3.7 item is in 3.7's tables
        spe = super().gets(name, cls)
        if name == "Candelabrum of Invocation":
            for o in self.items:
                if o.id == name:
                    o.attrs.pop("spe", None)
                    o.attrs.pop("curse", None)
            return 0
        return spe


def _shapechanger(pm: data.Monster) -> bool:
    """mon.c pm_to_cham(): any M2_SHAPESHIFTER."""
    return "M2_SHAPESHIFTER" in pm.m2


def special_item(pm: data.Monster, x: int, y: int, rng: RNG, where: Where,
                 attrs: Optional[dict] = None) -> List[Object]:
    """3.7's _makemon() ``mitem``: Vlad's Candelabrum, the first Wizard's spellbook of
    dig on the Earth level, Croesus's two-handed sword, a nemesis's Bell, Pestilence's
    potion of sickness.  A shape-changer other than Vlad takes its first form and gets
    nothing (allow_minvent is FALSE)."""
    bag = Bag37(pm, x, y, rng, where, attrs or {})
    mitem = None
    if pm.name == "Vlad the Impaler":
        mitem = ("Candelabrum of Invocation", "(")
    if _shapechanger(pm):
        if pm.name != "Vlad the Impaler":
            return []
    elif pm.name == "Wizard of Yendor":
        if where.earth_level and not _other_wizard(where, x, y):
            mitem = ("dig", "+")
    elif pm.name == "Croesus":
        mitem = ("two-handed sword", ")")
    elif pm.sound == "MS_NEMESIS":
        mitem = ("Bell of Opening", "(")
    elif pm.name == "Pestilence":
        mitem = ("sickness", "!")
    if mitem is not None:
        bag.gets(*mitem)
    return bag.items


def _other_wizard(where: Where, x: int, y: int) -> bool:
    """context.no_of_wizards > 1: another Wizard of Yendor is on the level already."""
    level = where.level
    if level is None:
        return False
    return any(m.id == "Wizard of Yendor" and (m.x, m.y) != (x, y) for m in level.monsters)


def equip(pm: data.Monster, x: int, y: int, rng: RNG, where: Where,
          attrs: Optional[dict] = None, with_special: bool = True) -> List[Object]:
    """The inventory 3.7's _makemon() gives a new monster of kind ``pm``: the special
    item (unless makemon gave it already), then, with allow_minvent, m_initweap for an
    armed monster and m_initinv (each returns at once on the Rogue level).  A
    shape-changer born in another form gets nothing (newcham clears allow_minvent):
    :func:`unlev.populate.makemon.equip` does not ask then."""
    bag = Bag37(pm, x, y, rng, where, attrs or {})
    return kit.fill(bag, special_item if with_special else None,
                    _WEAPONS_BY_CLASS, _INVENTORY_BY_CLASS)


def m_initweap(bag: Bag37, m_lev: int) -> None:
    """3.7's m_initweap(): :func:`unlev.populate.kit.m_initweap` with 3.7's cases."""
    kit.m_initweap(bag, m_lev, _WEAPONS_BY_CLASS)


def m_initinv(bag: Bag37, m_lev: int) -> None:
    """3.7's m_initinv(): :func:`unlev.populate.kit.m_initinv` with 3.7's cases."""
    kit.m_initinv(bag, m_lev, _INVENTORY_BY_CLASS)


# -- m_initweap ---------------------------------------------------------------------------

def _giant_weapons(bag: Bag37) -> None:
    """S_GIANT: a boulder (an ettin a club) half the time, then for all but ettins a
    two-handed sword or battle-axe 1 time in 5."""
    rng, ettin = bag.rng, bag.pm.name == "ettin"
    if rng.rn2(2):
        bag.gets("club" if ettin else "boulder", ")" if ettin else "`")
    if not ettin and not rng.rn2(5):
        bag.gets("two-handed sword" if rng.rn2(2) else "battle-axe", ")")


def _human_weapons(bag: Bag37) -> None:
    """S_HUMAN: mercenaries, elves, priests (and the Cleric quest's), ninjas and quest
    guardians, in the C's order of tests."""
    pm, rng, g = bag.pm, bag.rng, bag.gets
    if "M2_MERC" in pm.m2:
        _mercenary_weapons(bag)
    elif "M2_ELF" in pm.m2:
        kit.elf_weapons(bag)
    elif pm.sound == "MS_PRIEST" or _quest_role(pm, "Cleric", bag.where):
        kit.priest_mace(bag)
    elif pm.name == "ninja":
        g("shuriken" if rng.rn2(4) else "dart", ")")
        g("short sword" if rng.rn2(4) else "axe", ")")
    elif pm.sound == "MS_GUARDIAN":
        kit.guardian_gear(bag)


def _quest_role(pm: data.Monster, role: str, where: Where) -> bool:
    """makemon.c quest_mon_represents_role(): the leader or nemesis of the hero's role
    (3.7 calls the priest role Cleric; a hero given as "Priest" is the same role)."""
    hero = "Cleric" if where.role == "Priest" else where.role
    return (pm.class_name == "S_HUMAN" and hero == role
            and pm.sound in ("MS_LEADER", "MS_NEMESIS"))


def _mercenary_weapons(bag: Bag37) -> None:
    rng, name = bag.rng, bag.pm.name
    w1 = w2 = None
    if name in ("watchman", "soldier"):
        if not rng.rn2(3):
            first = obj_kind("partisan", ")").index
            last = obj_kind("bec de corbin", ")").index
            while True:
                kind = data.object_by_index(rng.rn1(last - first + 1, first))
                if kind.subtype == "P_POLEARMS":
                    break
            w1 = kind.name
            w2 = "dagger" if rng.rn2(2) else "knife"
        else:
            w1 = "spear" if rng.rn2(2) else "short sword"
    elif name == "sergeant":
        w1 = "flail" if rng.rn2(2) else "mace"
    elif name == "lieutenant":
        w1 = "broadsword" if rng.rn2(2) else "long sword"
    elif name in ("captain", "watch captain"):
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


# 3.7's artilist.h: the two artifacts an angel's weapon may become, by base kind
_ANGEL_ARTIFACTS = {"Sunsword": "long sword", "Demonbane": "mace"}


def _angel_weapons(bag: Bag37) -> None:
    """S_ANGEL, humanoid ones: a blessed rustproof long sword or mace, maybe Sunsword
    or Demonbane, and a rustproof shield (of reflection for lords, else 1 in 4)."""
    pm, rng = bag.pm, bag.rng
    if "M1_HUMANOID" not in pm.m1:
        return
    lord = "M2_LORD" in pm.m2
    weapon = bag.make(obj_kind("long sword" if rng.rn2(5) > 1 else "mace", ")"), init=False)
    align = bag.attrs.get("minion_align", pm.alignment)
    if (not rng.rn2(20) or lord) and align != A_NONE and align > 0:
        art = "Sunsword" if rng.rn2(5) > 1 else "Demonbane"
        if _ANGEL_ARTIFACTS[art] == weapon.id:
            bag.name_after(weapon, art)
    weapon.attrs.update(curse="blessed", erodeproof=True)
    spe = rng.rn2(4) if weapon.id == "long sword" else rng.rn1(4, 3)
    if spe:
        weapon.attrs["spe"] = spe
    bag.pick(weapon)
    shield = "shield of reflection" if (not rng.rn2(4) or lord) else "large shield"
    bag.special(shield, "[", erodeproof=True)


def _humanoid_weapons(bag: Bag37) -> None:
    """S_HUMANOID: a hobbit's dagger, elven dagger or sling with flint or rocks, rare
    mithril and cloak; a dwarf's cloak, shoes and fighting kit or pick-axe/dagger."""
    pm, rng, g = bag.pm, bag.rng, bag.gets
    if pm.name == "hobbit":
        pick = rng.rn2(3)
        if pick == 0:
            g("dagger", ")")
        elif pick == 1:
            g("elven dagger", ")")
        else:
            g("sling", ")")
            bag.throw_kind("flint" if not rng.rn2(4) else "rock", "*", 6)
        if not rng.rn2(10):
            g("elven mithril-coat", "[")
        if not rng.rn2(10):
            g("dwarvish cloak", "[")
    elif "M2_DWARF" in pm.m2:
        kit.dwarf_weapons(bag)


# 3.7's m_initweap() switch: its own cases here, the shared ones in kit
_WEAPONS_BY_CLASS = {
    "S_GIANT": _giant_weapons, "S_HUMAN": _human_weapons, "S_ANGEL": _angel_weapons,
    "S_HUMANOID": _humanoid_weapons, "S_KOP": kit.kop_weapons, "S_ORC": kit.orc_weapons,
    "S_OGRE": kit.ogre_weapons, "S_TROLL": kit.troll_weapons,
    "S_KOBOLD": kit.kobold_weapons, "S_CENTAUR": kit.centaur_weapons,
    "S_WRAITH": kit.wraith_weapons, "S_ZOMBIE": kit.zombie_weapons,
    "S_LIZARD": kit.lizard_weapons, "S_DEMON": kit.demon_weapons,
}


# -- m_initinv ----------------------------------------------------------------------------

_MERC_AC = {"guard": -1, "soldier": 3, "sergeant": 0, "lieutenant": -2, "captain": -3,
            "watchman": 3, "watch captain": -2}


def _arm_bonus(bag: Bag37, name: str) -> int:
    """mongets() of a piece of armour and its ARM_BONUS: the table's a_ac plus spe
    (unlev keeps no erosion)."""
    spe = bag.gets(name, "[")
    return obj_kind(name, "[").oc1 + spe


def _merc_armor(bag: Bag37) -> None:
    """Soldiers, officers, guards and the watch: armour approximating their AC in five
    rounds, then a whistle (the watch; a guard's is cursed) or rations and a bugle."""
    rng, name = bag.rng, bag.pm.name
    mac = _MERC_AC.get(name, 0)
    if mac < -1 and rng.rn2(5):
        mac += _arm_bonus(bag, "plate mail" if rng.rn2(5) else "crystal plate mail")
    elif mac < 3 and rng.rn2(5):
        mac += _arm_bonus(bag, "splint mail" if rng.rn2(3) else "banded mail")
    elif rng.rn2(5):
        mac += _arm_bonus(bag, "ring mail" if rng.rn2(3) else "studded leather armor")
    else:
        mac += _arm_bonus(bag, "leather armor")
    for first, second in (("helmet", "dented pot"), ("small shield", "large shield"),
                          ("low boots", "high boots"), ("leather gloves", "leather cloak")):
        if mac < 10 and rng.rn2(3):
            mac += _arm_bonus(bag, first)
        elif mac < 10 and rng.rn2(2):
            mac += _arm_bonus(bag, second)
    if name == "watch captain":
        return
    if name == "watchman":
        if rng.rn2(3):
            bag.gets("tin whistle", "(")
    elif name == "guard":
        whistle = bag.make(obj_kind("tin whistle", "("))
        whistle.attrs["curse"] = "cursed"
        bag.pick(whistle)
    else:
        if not rng.rn2(3):
            bag.gets("K-ration", "%")
        if not rng.rn2(2):
            bag.gets("C-ration", "%")
        if name != "soldier" and not rng.rn2(3):
            bag.gets("bugle", "(")


def _human_inventory(bag: Bag37, m_lev: int) -> None:
    """S_HUMAN: mercenaries' armour, a shopkeeper's key and wands, a priest's (or the
    Cleric quest's) robe, shield and gold, a Monk quest monster's robe."""
    pm, where = bag.pm, bag.where
    if "M2_MERC" in pm.m2:
        _merc_armor(bag)
    elif pm.name == "shopkeeper":
        kit.shopkeeper_kit(bag)
    elif pm.sound == "MS_PRIEST" or _quest_role(pm, "Cleric", where):
        kit.priest_kit(bag)
    elif _quest_role(pm, "Monk", where):
        kit.monk_robe(bag)

def _quantmech_inventory(bag: Bag37, m_lev: int) -> None:
    """Every S_QUANTMECH draws; the quantum mechanic's box holds a dead housecat."""
    if not bag.rng.rn2(20) and bag.pm.name == "quantum mechanic":
        box = bag.make(obj_kind("large box", "("), init=False)
        box.attrs["spe"] = 1
        cat = Object(bag.x, bag.y, "corpse", attrs={"class": "%", "montype": "housecat"})
        box.contents.append(cat)
        bag.pick(box)


def _demon_inventory(bag: Bag37, m_lev: int) -> None:
    """An ice devil's spear 1 in 4; Asmodeus's wands of cold and fire."""
    name = bag.pm.name
    if name == "ice devil" and not bag.rng.rn2(4):
        bag.gets("spear", ")")
    elif name == "Asmodeus":
        bag.gets("cold", "/")
        bag.gets("fire", "/")


def _gnome_inventory(bag: Bag37, m_lev: int) -> None:
    """A candle, 1 in 20 in the Mines (the level is being made), else 1 in 60."""
    rng = bag.rng
    if not rng.rn2(20 if bag.where.in_mines else 60):
        candle = bag.make(obj_kind("tallow candle" if rng.rn2(4) else "wax candle", "("))
        candle.attrs.pop("quantity", None)
        bag.pick(candle)


# 3.7's m_initinv() switch
_INVENTORY_BY_CLASS = {
    "S_HUMAN": _human_inventory, "S_NYMPH": kit.nymph_inventory,
    "S_GIANT": kit.giant_inventory, "S_WRAITH": kit.wraith_inventory,
    "S_LICH": kit.lich_inventory, "S_MUMMY": kit.mummy_inventory,
    "S_QUANTMECH": _quantmech_inventory, "S_LEPRECHAUN": kit.leprechaun_inventory,
    "S_DEMON": _demon_inventory, "S_GNOME": _gnome_inventory,
}


