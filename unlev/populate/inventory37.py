"""What a monster carries from birth in NetHack 3.7: makemon.c's ``m_initweap`` and
``m_initinv`` of 3.7, the special item of ``_makemon`` (``mitem``), and muse.c's
``rnd_offensive_item`` / ``rnd_defensive_item`` / ``rnd_misc_item`` as 3.7 has them.

Why a module of its own: :mod:`unlev.populate.inventory` follows UnNetHack's
makemon.c, and 3.7's differs in what is given and in the draws made for it, so a 3.7
level equipped by UnNetHack's code holds UnNetHack's kits and moves the monster stream
by UnNetHack's draws.  Used only while NetHack 3.7's tables are active
(:func:`applies`); des-file levels keep UnNetHack's inventories.

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
from unlev.populate import inventory, traps37
from unlev.populate.inventory import Bag, Where, monster_level
from unlev.populate.kinds import rnd_class
from unlev.stdlib import data
from unlev.stdlib.rng import RNG


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


def _obj(name: str, cls: str) -> data.Object:
    found = data.object_named(name, cls)
    if found is None:
        raise KeyError(f"no object {name!r} of class {cls!r} in NetHack 3.7's tables")
    return found


class Bag37(Bag):
    """A 3.7 monster's inventory being filled: 3.7's mongets and m_initthrow."""

    def gets(self, name: str, cls: str) -> int:
        """3.7's mongets(): UnNetHack's touches, and the Candelabrum's spe is 0."""
        _obj(name, cls)                          # every 3.7 item is in 3.7's tables
        spe = super().gets(name, cls)
        if name == "Candelabrum of Invocation":
            for o in self.items:
                if o.id == name:
                    o.attrs.pop("spe", None)
                    o.attrs.pop("curse", None)
            return 0
        return spe

    def throw_kind(self, name: str, cls: str, n: int) -> None:
        """m_initthrow(): mksobj(otyp, TRUE, FALSE), a stack of ``rn1(n, 3)``."""
        o = self.make(_obj(name, cls))
        o.attrs["quantity"] = self.rng.rn1(n, 3)
        if name == "orcish arrow":
            o.attrs["poisoned"] = True
        self.pick(o)

    def throw(self, name: str, n: int) -> None:
        self.throw_kind(name, ")", n)


def _armed(pm: data.Monster) -> bool:
    return any(a.type == "AT_WEAP" for a in pm.attacks)


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
    attrs = attrs or {}
    bag = Bag37(pm, x, y, rng, where, attrs)
    if with_special:
        bag.items.extend(special_item(pm, x, y, rng, where, attrs))
    if where.rogue_level:
        return bag.items
    m_lev = monster_level(pm, where.difficulty)
    if _armed(pm):
        m_initweap(bag, m_lev)
    m_initinv(bag, m_lev)
    return bag.items


# -- m_initweap ---------------------------------------------------------------------------

def m_initweap(bag: Bag37, m_lev: int) -> None:
    """3.7's m_initweap(): the class's case (one function each), the general case for
    the rest and for true demons after theirs, then an offensive item for a monster
    of high enough level."""
    fill = _WEAPONS_BY_CLASS.get(bag.pm.class_name, _general_weapon)
    fill(bag)
    if m_lev > bag.rng.rn2(75):
        item = rnd_offensive_item(bag)
        if item is not None:
            bag.gets(*item)


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
        _elf_weapons(bag)
    elif pm.sound == "MS_PRIEST" or _quest_role(pm, "Cleric", bag.where):
        mace = bag.make(_obj("mace", ")"), init=False)
        mace.attrs["spe"] = rng.rnd(3)
        if not rng.rn2(2):
            mace.attrs["curse"] = "cursed"
        bag.pick(mace)
    elif pm.name == "ninja":
        g("shuriken" if rng.rn2(4) else "dart", ")")
        g("short sword" if rng.rn2(4) else "axe", ")")
    elif pm.sound == "MS_GUARDIAN":
        _guardian_gear(bag)


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
            first = _obj("partisan", ")").index
            last = _obj("bec de corbin", ")").index
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


def _elf_weapons(bag: Bag37) -> None:
    rng, g = bag.rng, bag.gets
    if rng.rn2(2):
        g("elven mithril-coat" if rng.rn2(2) else "elven cloak", "[")
    if rng.rn2(2):
        g("elven leather helm", "[")
    elif not rng.rn2(4):
        g("elven boots", "[")
    if rng.rn2(2):
        g("elven dagger", ")")
    pick = rng.rn2(3)
    if pick == 0:
        if not rng.rn2(4):
            g("elven shield", "[")
        if rng.rn2(3):
            g("elven short sword", ")")
        g("elven bow", ")")
        bag.throw("elven arrow", 12)
    elif pick == 1:
        g("elven broadsword", ")")
        if rng.rn2(2):
            g("elven shield", "[")
    elif rng.rn2(2):
        g("elven spear", ")")
        g("elven shield", "[")
    if bag.pm.name == "elven monarch":
        if rng.rn2(3) or bag.where.earth_level:
            g("pick-axe", "(")
        if not rng.rn2(50):
            g("crystal ball", "(")


def _guardian_gear(bag: Bag37) -> None:
    rng, g, name = bag.rng, bag.gets, bag.pm.name
    if name in ("student", "attendant", "abbot", "acolyte", "guide", "apprentice"):
        if rng.rn2(2):
            g("dagger" if rng.rn2(3) else "knife", ")")
        if rng.rn2(5):
            g("leather jacket" if rng.rn2(3) else "leather cloak", "[")
        if rng.rn2(3):
            g("low boots" if rng.rn2(3) else "high boots", "[")
        if rng.rn2(3):
            g("healing", "!")
    elif name in ("chieftain", "page", "roshi", "warrior"):
        g("long sword" if rng.rn2(3) else "short sword", ")")
        g("chain mail" if rng.rn2(3) else "leather armor", "[")
        if rng.rn2(2):
            g("low boots" if rng.rn2(2) else "high boots", "[")
        if not rng.rn2(3):
            g("leather cloak", "[")
        if not rng.rn2(3):
            g("bow", ")")
            bag.throw("arrow", 12)
    elif name == "hunter":
        g("short sword" if rng.rn2(3) else "dagger", ")")
        if rng.rn2(2):
            g("leather jacket" if rng.rn2(2) else "leather armor", "[")
        g("bow", ")")
        bag.throw("arrow", 12)
    elif name == "thug":
        g("club", ")")
        g("dagger" if rng.rn2(3) else "knife", ")")
        if rng.rn2(2):
            g("leather gloves", "[")
        g("leather jacket" if rng.rn2(2) else "leather armor", "[")
    elif name == "neanderthal":
        g("club", ")")
        g("leather armor", "[")


# 3.7's artilist.h: the two artifacts an angel's weapon may become, by base kind
_ANGEL_ARTIFACTS = {"Sunsword": "long sword", "Demonbane": "mace"}


def _angel_weapons(bag: Bag37) -> None:
    """S_ANGEL, humanoid ones: a blessed rustproof long sword or mace, maybe Sunsword
    or Demonbane, and a rustproof shield (of reflection for lords, else 1 in 4)."""
    pm, rng = bag.pm, bag.rng
    if "M1_HUMANOID" not in pm.m1:
        return
    lord = "M2_LORD" in pm.m2
    weapon = bag.make(_obj("long sword" if rng.rn2(5) > 1 else "mace", ")"), init=False)
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
        if rng.rn2(7):
            g("dwarvish cloak", "[")
        if rng.rn2(7):
            g("iron shoes", "[")
        if not rng.rn2(4):
            g("dwarvish short sword", ")")
            if rng.rn2(2):
                g("dwarvish mattock", ")")
            else:
                g("axe" if rng.rn2(2) else "dwarvish spear", ")")
                g("dwarvish roundshield", "[")
            g("dwarvish iron helm", "[")
            if not rng.rn2(3):
                g("dwarvish mithril-coat", "[")
        else:
            g(*(("pick-axe", "(") if not rng.rn2(3) else ("dagger", ")")))


def _kop_weapons(bag: Bag37) -> None:
    rng = bag.rng
    if not rng.rn2(4):
        bag.throw_kind("cream pie", "%", 2)
    if not rng.rn2(3):
        bag.gets("club" if rng.rn2(2) else "rubber hose", ")")


def _orc_weapons(bag: Bag37) -> None:
    rng, g, name = bag.rng, bag.gets, bag.pm.name
    if rng.rn2(2):
        g("orcish helm", "[")
    kind = name
    if name == "orc-captain":
        kind = "Mordor orc" if rng.rn2(2) else "Uruk-hai"
    if kind == "Mordor orc":
        for item, c in (("scimitar", ")"), ("orcish shield", "["), ("knife", ")"),
                        ("orcish chain mail", "[")):
            if not rng.rn2(3):
                g(item, c)
    elif kind == "Uruk-hai":
        for item, c in (("orcish cloak", "["), ("orcish short sword", ")"),
                        ("iron shoes", "[")):
            if not rng.rn2(3):
                g(item, c)
        if not rng.rn2(3):
            g("orcish bow", ")")
            bag.throw("orcish arrow", 12)
        if not rng.rn2(3):
            g("Uruk-hai shield", "[")
    elif name != "orc shaman" and rng.rn2(2):
        g("orcish dagger" if (name == "goblin" or rng.rn2(2) == 0) else "scimitar", ")")


def _ogre_weapons(bag: Bag37) -> None:
    name = bag.pm.name
    n = 3 if name == "ogre tyrant" else 6 if name == "ogre leader" else 12
    bag.gets("battle-axe" if not bag.rng.rn2(n) else "club", ")")


def _troll_weapons(bag: Bag37) -> None:
    rng = bag.rng
    if not rng.rn2(2):
        bag.gets(("ranseur", "partisan", "glaive", "spetum")[rng.rn2(4)], ")")


def _kobold_weapons(bag: Bag37) -> None:
    if not bag.rng.rn2(4):
        bag.throw("dart", 12)


def _centaur_weapons(bag: Bag37) -> None:
    if bag.rng.rn2(2):
        if bag.pm.name == "forest centaur":
            bag.gets("bow", ")")
            bag.throw("arrow", 12)
        else:
            bag.gets("crossbow", ")")
            bag.throw("crossbow bolt", 12)


def _wraith_weapons(bag: Bag37) -> None:
    bag.gets("knife", ")")
    bag.gets("long sword", ")")


def _zombie_weapons(bag: Bag37) -> None:
    rng = bag.rng
    if not rng.rn2(4):
        bag.gets("leather armor", "[")
    if not rng.rn2(4):
        bag.gets("knife" if rng.rn2(3) else "short sword", ")")


def _lizard_weapons(bag: Bag37) -> None:
    rng = bag.rng
    if bag.pm.name == "salamander":
        bag.gets("spear" if rng.rn2(7) else "trident" if rng.rn2(3) else "stiletto", ")")


_DEMON_WEAPONS = {"balrog": (("bullwhip", ")"), ("broadsword", ")")),
                  "Orcus": (("death", "/"),), "Dispater": (("striking", "/"),),
                  "Yeenoghu": (("flail", ")"),)}


def _demon_weapons(bag: Bag37) -> None:
    """S_DEMON: the named demons' own (Orcus's wand of death), then for a true demon
    (not a djinni or mail daemon) the general case."""
    name, g = bag.pm.name, bag.gets
    if name == "horned devil":
        g("trident" if bag.rng.rn2(4) else "bullwhip", ")")
    for item in _DEMON_WEAPONS.get(name, ()):
        g(*item)
    if "M2_DEMON" in bag.pm.m2:
        _general_weapon(bag)


def _general_weapon(bag: Bag37) -> None:
    """The default case: by ``rnd(14 - 2 * bias)`` (lords 1, princes 2, extra nasty 1),
    a weapon for strong monsters or missiles for the rest."""
    pm, rng, g = bag.pm, bag.rng, bag.gets
    bias = ("M2_LORD" in pm.m2) + 2 * ("M2_PRINCE" in pm.m2) + ("M2_NASTY" in pm.m2)
    strong = "M2_STRONG" in pm.m2
    roll = rng.rnd(14 - 2 * bias)
    if roll == 1:
        if strong:
            g("battle-axe", ")")
        else:
            bag.throw("dart", 12)
    elif roll == 2:
        if strong:
            g("two-handed sword", ")")
        else:
            g("crossbow", ")")
            bag.throw("crossbow bolt", 12)
    elif roll == 3:
        g("bow", ")")
        bag.throw("arrow", 12)
    elif roll == 4:
        if strong:
            g("long sword", ")")
        else:
            bag.throw("dagger", 3)
    elif roll == 5:
        g("lucern hammer" if strong else "aklys", ")")


_WEAPONS_BY_CLASS = {
    "S_GIANT": _giant_weapons, "S_HUMAN": _human_weapons, "S_ANGEL": _angel_weapons,
    "S_HUMANOID": _humanoid_weapons, "S_KOP": _kop_weapons, "S_ORC": _orc_weapons,
    "S_OGRE": _ogre_weapons, "S_TROLL": _troll_weapons, "S_KOBOLD": _kobold_weapons,
    "S_CENTAUR": _centaur_weapons, "S_WRAITH": _wraith_weapons,
    "S_ZOMBIE": _zombie_weapons, "S_LIZARD": _lizard_weapons, "S_DEMON": _demon_weapons,
}


# -- m_initinv ----------------------------------------------------------------------------

_MERC_AC = {"guard": -1, "soldier": 3, "sergeant": 0, "lieutenant": -2, "captain": -3,
            "watchman": 3, "watch captain": -2}


def m_initinv(bag: Bag37, m_lev: int) -> None:
    """3.7's m_initinv(): the class's case, then (but for 12 soldiers in 13) a
    defensive and a miscellaneous item for a monster of high enough level, and gold
    for a greedy one that has none."""
    pm, rng, where = bag.pm, bag.rng, bag.where
    fill = _INVENTORY_BY_CLASS.get(pm.class_name)
    if fill is not None:
        fill(bag, m_lev)
    if pm.name == "soldier" and rng.rn2(13):
        return
    if m_lev > rng.rn2(50):
        item = rnd_defensive_item(bag)
        if item is not None:
            bag.gets(*item)
    if m_lev > rng.rn2(100):
        item = inventory.rnd_misc_item(bag)
        if item is not None:
            bag.gets(*item)
    if "M2_GREEDY" in pm.m2 and not any(o.id == "gold piece" for o in bag.items) \
            and not rng.rn2(5):
        bag.gold(rng.d(where.difficulty, 5 if bag.items else 10))


def _arm_bonus(bag: Bag37, name: str) -> int:
    """mongets() of a piece of armour and its ARM_BONUS: the table's a_ac plus spe
    (unlev keeps no erosion)."""
    spe = bag.gets(name, "[")
    return _obj(name, "[").oc1 + spe


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
        whistle = bag.make(_obj("tin whistle", "("))
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
    pm, rng, g, where = bag.pm, bag.rng, bag.gets, bag.where
    if "M2_MERC" in pm.m2:
        _merc_armor(bag)
    elif pm.name == "shopkeeper":
        g("skeleton key", "(")
        first = rng.rn2(4)              # the C's switch falls through from there
        for i, (item, c) in enumerate((("magic missile", "/"), ("extra healing", "!"),
                                       ("healing", "!"), ("striking", "/"))):
            if i >= first:
                g(item, c)
    elif pm.sound == "MS_PRIEST" or _quest_role(pm, "Cleric", where):
        g("robe" if rng.rn2(7) else "cloak of protection" if rng.rn2(3)
          else "cloak of magic resistance", "[")
        g("small shield", "[")
        bag.gold(rng.rn1(10, 20))
    elif _quest_role(pm, "Monk", where):
        g("robe" if rng.rn2(11) else "cloak of magic resistance", "[")


def _nymph_inventory(bag: Bag37, m_lev: int) -> None:
    if not bag.rng.rn2(2):
        bag.gets("mirror", "(")
    if not bag.rng.rn2(2):
        bag.gets("object detection", "!")


def _giant_inventory(bag: Bag37, m_lev: int) -> None:
    """A minotaur's wand of digging; a true giant's ``rn2(m_lev / 2)`` stacks of two to
    four gems (3.7's rn2(0) draws nothing)."""
    pm, rng = bag.pm, bag.rng
    if pm.name == "minotaur":
        if not rng.rn2(3) or bag.where.earth_level:
            bag.gets("digging", "/")
    elif "M2_GIANT" in pm.m2:
        first = _obj("dilithium crystal", "*").index
        last = _obj("luckstone", "*").index - 1
        for _ in range(rng.rn2(m_lev // 2) if m_lev // 2 > 0 else 0):
            gem = data.object_by_index(rnd_class(rng, first, last, bag.where.ledger_no))
            o = bag.make(gem, init=False)
            o.attrs["quantity"] = rng.rn1(2, 3)
            bag.pick(o)


def _wraith_inventory(bag: Bag37, m_lev: int) -> None:
    if bag.pm.name == "Nazgul":
        bag.special("invisibility", "=", curse="cursed")


def _lich_inventory(bag: Bag37, m_lev: int) -> None:
    rng, name = bag.rng, bag.pm.name
    if name == "master lich" and not rng.rn2(13):
        bag.gets(*(("athame", ")") if rng.rn2(7) else ("nothing", "/")))
    elif name == "arch-lich" and not rng.rn2(3):
        # mksobj(rn2(3) ? ATHAME : QUARTERSTAFF, TRUE, rn2(13) ? FALSE : TRUE):
        # the arguments are evaluated right to left, as in UnNetHack's build
        artif = not rng.rn2(13)
        o = bag.make(_obj("athame" if rng.rn2(3) else "quarterstaff", ")"), artif=artif)
        if o.attrs.get("spe", 0) < 2:
            o.attrs["spe"] = rng.rnd(3)
        if not rng.rn2(4):
            o.attrs["erodeproof"] = True
        bag.pick(o)


def _mummy_inventory(bag: Bag37, m_lev: int) -> None:
    if bag.rng.rn2(7):
        bag.gets("mummy wrapping", "[")


def _quantmech_inventory(bag: Bag37, m_lev: int) -> None:
    """Every S_QUANTMECH draws; the quantum mechanic's box holds a dead housecat."""
    if not bag.rng.rn2(20) and bag.pm.name == "quantum mechanic":
        box = bag.make(_obj("large box", "("), init=False)
        box.attrs["spe"] = 1
        cat = Object(bag.x, bag.y, "corpse", attrs={"class": "%", "montype": "housecat"})
        box.contents.append(cat)
        bag.pick(box)


def _leprechaun_inventory(bag: Bag37, m_lev: int) -> None:
    bag.gold(bag.rng.d(bag.where.difficulty, 30))


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
        candle = bag.make(_obj("tallow candle" if rng.rn2(4) else "wax candle", "("))
        candle.attrs.pop("quantity", None)
        bag.pick(candle)


_INVENTORY_BY_CLASS = {
    "S_HUMAN": _human_inventory, "S_NYMPH": _nymph_inventory, "S_GIANT": _giant_inventory,
    "S_WRAITH": _wraith_inventory, "S_LICH": _lich_inventory, "S_MUMMY": _mummy_inventory,
    "S_QUANTMECH": _quantmech_inventory, "S_LEPRECHAUN": _leprechaun_inventory,
    "S_DEMON": _demon_inventory, "S_GNOME": _gnome_inventory,
}


# -- muse.c -------------------------------------------------------------------------------

A_NONE = -128                     # align.h


def refuses_items(pm: data.Monster) -> bool:
    """muse.c: animals, exploders, the mindless, ghosts and Kops get no items."""
    return ("M1_ANIMAL" in pm.m1 or "M1_MINDLESS" in pm.m1
            or any(a.type == "AT_EXPL" for a in pm.attacks)
            or pm.class_name in ("S_GHOST", "S_KOP"))


def _demon_ruler(pm: data.Monster) -> bool:
    """mondata.h is_dlord() or is_dprince()."""
    return "M2_DEMON" in pm.m2 and ("M2_LORD" in pm.m2 or "M2_PRINCE" in pm.m2)


def noteleport_level(bag: Bag37) -> bool:
    """teleport.c noteleport_level(): in Gehennom a demon lord or prince on the level
    (m_blocks_teleporting) stops anyone but such a ruler; else the level's flag."""
    where = bag.where
    if where.in_hell and where.level is not None and not _demon_ruler(bag.pm):
        if any(m.attrs.get("data") is not None and _demon_ruler(m.attrs["data"])
               for m in where.level.monsters):
            return True
    return where.noteleport

def rnd_offensive_item(bag: Bag37):
    """3.7's rnd_offensive_item(): nothing is worn yet, so case 0 gives the scroll of
    earth only to a monster a falling rock misses (amorphous, wall-walking,
    unsolid), else falls to the wand of striking; case 10 is the wand of fire."""
    pm, rng = bag.pm, bag.rng
    if refuses_items(pm):
        return None
    diff = pm.difficulty
    if diff > 7 and not rng.rn2(35):
        return ("death", "/")
    pick = rng.rn2(9 - (diff < 4) + 4 * (diff > 6))
    if pick == 0 and ({"M1_AMORPHOUS", "M1_WALLWALK", "M1_UNSOLID"} & set(pm.m1)):
        return ("earth", "?")
    return {0: ("striking", "/"), 1: ("striking", "/"), 2: ("acid", "!"),
            3: ("confusion", "!"), 4: ("blindness", "!"), 5: ("sleeping", "!"),
            6: ("paralysis", "!"), 7: ("magic missile", "/"), 8: ("magic missile", "/"),
            9: ("sleep", "/"), 10: ("fire", "/"), 11: ("cold", "/"),
            12: ("lightning", "/")}[pick]


def rnd_defensive_item(bag: Bag37):
    """3.7's rnd_defensive_item(): teleportation (tried again once on a no-teleport
    level), create monster, healing, digging (tried again 3 times in 4 in Sokoban;
    never for a floater)."""
    pm, rng = bag.pm, bag.rng
    if refuses_items(pm):
        return None
    diff = pm.difficulty
    trycnt = 0
    while True:
        pick = rng.rn2(8 + (diff > 3) + (diff > 6) + (diff > 8))
        if pick in (6, 9):
            if noteleport_level(bag):
                trycnt += 1
                if trycnt < 2:
                    continue
            return ("teleportation", "/") if not rng.rn2(3) else ("teleportation", "?")
        if pick == 7 and getattr(bag.where, "in_sokoban", False) and rng.rn2(4):
            continue
        break
    if pick in (0, 1):
        return ("teleportation", "?")
    if pick in (8, 10):
        return ("create monster", "/") if not rng.rn2(3) else ("create monster", "?")
    if pick == 2:
        return ("create monster", "?")
    if pick == 3:
        return ("healing", "!")
    if pick == 4:
        return ("extra healing", "!")
    if pick == 5:
        return ("sickness", "!") if pm.name == "Pestilence" else ("full healing", "!")
    # pick 7: a floater (S_EYE, S_LIGHT) does not dig down; isshk, isgd and
    # ispriest are set only after makemon returns
    if pm.class_name in ("S_EYE", "S_LIGHT"):
        return None
    return ("digging", "/")
