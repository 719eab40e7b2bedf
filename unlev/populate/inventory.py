"""What a monster carries from birth: makemon.c ``m_initweap`` (weapons and armour
by class and species), ``m_initinv`` (soldiers' rations, nymphs' mirrors,
leprechauns' gold, priests' robes, shopkeepers' wands...), the special items of
``_makemon`` (Croesus's sword, a nemesis's Bell), and muse.c's
``rnd_offensive_item`` / ``rnd_defensive_item`` / ``rnd_misc_item`` that a monster
of high enough level gets on top.

Why a module of its own: the game equips every monster it makes (des-file monsters,
their groups, room fillers, maze stockers, shopkeepers, priests), and the level's
carried objects -- hundreds on some levels -- are these.  Each object is made as
``mongets`` makes it: ``mksobj(otyp, init=TRUE)`` (:mod:`unlev.populate.mksobj`),
then the owner's touches (demons never carry blessed things, princes no poor gear);
identical objects merge into one stack, as ``mpickobj`` merges them.

m_initweap and m_initinv are tables of one function per class, as the C's
switches read.  All draws come from the monster stream.  Not modelled: the Aleax's
copy of the hero's gear (there is no hero), m_dowear (what is worn does not change
what is carried), the candle a gnome in the Mines lights (the candle is modelled, not
its light).  A domestic animal's saddle is makemon's (:mod:`unlev.populate.makemon`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from unlev.model.level import COLNO, ROWNO, Level, Object
from unlev.populate import artifacts
from unlev.populate.kinds import adj_lev, rnd_class
from unlev.populate.mksobj import init_fields, next_ident
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG


@dataclass
class Where:
    """What of the level and the game the equipment depends on."""

    difficulty: int = 1
    in_mines: bool = False
    earth_level: bool = False
    rogue_level: bool = False
    noteleport: bool = False
    role: str = ""                 # the hero's role ("Priest"), for quest leaders/nemeses
    ledger_no: int = 1             # o_init.c setgemprobs: which gems a giant can carry
    level: Optional[Level] = None  # the level being made: where a Mines gnome's candle burns
    #: youprop.h See_invisible for the new hero: polyself.c init_uasmon() gives the hero
    #: its race's M1 flags (an elf's M1_SEE_INVIS), attrib.c mon_abil[] a Monk's at XL 1
    hero_sees_invisible: bool = False
    in_hell: bool = False          # Inhell: Gehennom (its demon court stops teleports)
    #: the cloak that looks like an "opera cloak" in this game (o_init.c's shuffle)
    opera_cloak: str = "cloak of invisibility"


def _obj(name: str, cls: str) -> data.Object:
    found = data.object_named(name, cls)
    if found is None:
        raise KeyError(f"no object {name!r} of class {cls!r}")
    return found


class Bag:
    """A monster's inventory being filled (mongets, m_initthrow, mpickobj)."""

    def __init__(self, pm: data.Monster, x: int, y: int, rng: RNG, where: Where,
                 attrs: dict):
        self.pm, self.x, self.y, self.rng, self.where, self.attrs = pm, x, y, rng, where, attrs
        self.items: List[Object] = []

    def make(self, kind: data.Object, init: bool = True, artif: bool = False) -> Object:
        o = Object(self.x, self.y, kind.name or kind.description,
                   attrs={"class": kind.class_symbol})
        next_ident(self.rng)                    # mksobj's o_id
        if init:
            init_fields(o, kind, self.rng, artif=artif)
            if o.attrs.pop("artifact_chance", False):
                artifacts.mk_artifact(self.where.level, o, self.rng)
        return o

    def name_after(self, o: Object, name: str) -> None:
        """oname() with an artifact's name: only while that artifact does not exist."""
        if artifacts.may_name(self.where.level, name) and \
                not any(i.attrs.get("artifact") == name for i in self.items):
            o.attrs["name"] = o.attrs["artifact"] = name

    def pick(self, o: Object) -> None:
        """mpickobj(): into the inventory, merged with an identical stack."""
        kind = data.object_named(o.id, o.attrs.get("class"))
        if kind is not None and kind.merge:
            for have in self.items:
                if have.id == o.id and _same(have.attrs, o.attrs):
                    have.attrs["quantity"] = (have.attrs.get("quantity", 1)
                                              + o.attrs.get("quantity", 1))
                    return
        self.items.append(o)

    def gets(self, name: str, cls: str) -> int:
        """mongets(): the object, made and touched up for its owner; its spe."""
        if data.active_tables() is not None and data.object_named(name, cls) is None:
            # another game's tables (3.7's) without UnNetHack's item (blood, ...):
            # mongets() of an object the game lacks makes nothing
            return 0
        kind = _obj(name, cls)
        o = self.make(kind)
        a = o.attrs
        if self.pm.symbol == "&":
            if a.get("curse") == "blessed":
                a["curse"] = "cursed"
        elif self._lawful_minion():
            # lawful minions get nothing cursed, negative or rusting
            if a.get("curse") == "cursed":
                a.pop("curse")
            if a.get("spe", 0) < 0:
                a.pop("spe")
            a["erodeproof"] = True
        elif _is_mplayer(self.pm) and cls == ")" and \
                str(kind.subtype) in _SWORD_SKILLS:
            a["spe"] = 3 + self.rng.rn2(4)
        if name in ("Candelabrum of Invocation", "Bell of Opening"):
            a.pop("curse", None)
        elif name == "Book of the Dead":
            a["curse"] = "cursed"
        if "M2_PRINCE" in self.pm.m2:
            if cls == ")" and a.get("spe", 0) < 1:
                a["spe"] = 1
            elif cls == "[" and a.get("spe", 0) < 0:
                a.pop("spe", None)
        spe = a.get("spe", 0)
        self.pick(o)
        return spe

    def _lawful_minion(self) -> bool:
        """mondata.h is_lminion(): an M2_MINION whose priest.c mon_aligntyp() is
        lawful: its EMIN alignment once makemon made it a minion (``minion_align``),
        else its kind's (a roamer becomes a minion only after makemon)."""
        if "M2_MINION" not in self.pm.m2:
            return False
        align = self.attrs.get("minion_align", self.pm.alignment)
        return align != _A_NONE and align > 0

    def throw(self, name: str, n: int) -> None:
        """m_initthrow(): a stack of rn1(n, 3) missiles."""
        o = self.make(_obj(name, ")"))
        o.attrs["quantity"] = self.rng.rn1(n, 3)
        if name == "orcish arrow":
            o.attrs["poisoned"] = True
        self.pick(o)

    def special(self, kind_name: str, cls: str, **attrs) -> Object:
        """mksobj(otyp, FALSE, FALSE) with the fields the caller sets."""
        o = self.make(_obj(kind_name, cls), init=False)
        o.attrs.update(attrs)
        self.pick(o)
        return o

    def gold(self, amount: int) -> None:
        o = self.make(_obj("gold piece", "$"), init=False)
        o.attrs["quantity"] = amount
        self.pick(o)


_A_NONE = -128
# objects.h is_sword(): a weapon of skill P_SHORT_SWORD .. P_SABER
_SWORD_SKILLS = ("P_SHORT_SWORD", "P_BROAD_SWORD", "P_LONG_SWORD", "P_TWO_HANDED_SWORD",
                 "P_SCIMITAR", "P_SABER")


def _is_mplayer(pm: data.Monster) -> bool:
    """mondata.h is_mplayer(): the role monsters, archeologist .. wizard."""
    first = data.monster_named("archeologist")
    last = data.monster_named("wizard")
    return first is not None and last is not None and first.index <= pm.index <= last.index


def _same(a: dict, b: dict) -> bool:
    keys = ("curse", "spe", "poisoned", "name", "montype")
    return all(a.get(k) == b.get(k) for k in keys)


def _armed(pm: data.Monster) -> bool:
    return any(a.type == "AT_WEAP" for a in pm.attacks)


def _refuses_items(pm: data.Monster) -> bool:
    """muse.c: animals, exploders, the mindless, ghosts and Kops use no items."""
    return ("M1_ANIMAL" in pm.m1 or "M1_MINDLESS" in pm.m1
            or any(a.type == "AT_EXPL" for a in pm.attacks)
            or pm.class_name in ("S_GHOST", "S_KOP"))


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
    A shape-changer born in another form gets nothing (newcham clears _makemon's
    allow_minvent); :func:`unlev.populate.makemon.equip` does not ask then."""
    attrs = attrs or {}
    bag = Bag(pm, x, y, rng, where, attrs)
    if with_special:
        bag.items.extend(special_item(pm, x, y, rng, where, attrs))
    if where.rogue_level:
        return bag.items
    m_lev = monster_level(pm, where.difficulty)
    if _armed(pm):
        m_initweap(bag, m_lev)
    m_initinv(bag, m_lev)
    return bag.items


def monster_level(pm: data.Monster, difficulty: int) -> int:
    """makemon.c newmonhp()'s ``m_lev``: adj_lev(), but for a "special" monster of
    level 50 and more (not a golem or a Rider) a quarter of its fixed hit points,
    ``2 * (mlevel - 6) / 4`` (Dispater: 36, not adj_lev's 50)."""
    if pm.level > 49 and pm.class_name != "S_GOLEM" and \
            pm.name not in ("Death", "Famine", "Pestilence"):
        return 2 * (pm.level - 6) // 4
    return adj_lev(pm, difficulty)


def m_initweap(bag: Bag, m_lev: int) -> None:
    """makemon.c m_initweap(): the weapons (and some armour) of an armed monster, by
    its class as the C's switch reads (one function per case below), then an
    offensive item for a monster of high enough level."""
    _WEAPONS_BY_CLASS.get(bag.pm.class_name, _general_weapon)(bag)
    if m_lev > bag.rng.rn2(75):
        item = rnd_offensive_item(bag)
        if item is not None:
            bag.gets(*item)


def _giant_weapons(bag: Bag) -> None:
    """S_GIANT: a boulder to throw half the time (an ettin a club)."""
    if bag.rng.rn2(2):
        if bag.pm.name != "ettin":
            bag.gets("boulder", "`")
        else:
            bag.gets("club", ")")


def _angel_weapons(bag: Bag) -> None:
    """S_ANGEL: the Aleax's long sword (no hero weapon to copy) and 1 in 4 an amulet
    of reflection; any other angel its blessed rustproof sword, sometimes Demonbane
    or Sunsword, and a shield."""
    pm, rng = bag.pm, bag.rng
    if pm.name == "Aleax":
        bag.gets("long sword", ")")
        if not rng.rn2(4):
            bag.gets("amulet of reflection", '"')
        return
    lord = "M2_LORD" in pm.m2
    # mksobj(LONG_SWORD, FALSE, FALSE) first (its id), then the draws
    sword = bag.make(_obj("long sword", ")"), init=False)
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
    """S_HUMANOID: a hobbit's blade and rare mithril; a dwarf's cloak, shoes and
    either its fighting kit or a pick-axe or dagger, and booze outside the Mines."""
    pm, rng, g = bag.pm, bag.rng, bag.gets
    if pm.name == "hobbit":
        g(("dagger", "elven dagger", "sling")[rng.rn2(3)], ")")
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
            _dwarf_fighting_kit(bag)
        else:
            _pick_or_dagger(bag)
        if not bag.where.in_mines and rng.rn2(7):
            g("booze", "!")


def _dwarf_fighting_kit(bag: Bag) -> None:
    rng, g = bag.rng, bag.gets
    g("dwarvish short sword", ")")
    if rng.rn2(2):
        g("dwarvish mattock", ")")
    else:
        g("axe" if rng.rn2(2) else "dwarvish spear", ")")
        g("dwarvish roundshield", "[")
    g("dwarvish iron helm", "[")
    if not rng.rn2(3):
        g("dwarvish mithril-coat", "[")


def _kop_weapons(bag: Bag) -> None:
    """S_KOP: cream pies to throw, a club or a rubber hose."""
    rng = bag.rng
    if not rng.rn2(4):
        o = bag.make(_obj("cream pie", "%"))
        o.attrs["quantity"] = rng.rn1(2, 3)
        bag.pick(o)
    if not rng.rn2(3):
        bag.gets("club" if rng.rn2(2) else "rubber hose", ")")


def _orc_weapons(bag: Bag) -> None:
    """S_ORC: a helm half the time; Mordor orcs' and Uruk-hai's kits (an orc-captain
    takes one of the two); other orcs but shamans a dagger or scimitar."""
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
        _uruk_hai_kit(bag)
    elif name != "orc shaman" and rng.rn2(2):
        g("orcish dagger" if (name == "goblin" or rng.rn2(2) == 0) else "scimitar", ")")


def _uruk_hai_kit(bag: Bag) -> None:
    rng, g = bag.rng, bag.gets
    if not rng.rn2(3):
        g("orcish cloak", "[")
    if not rng.rn2(3):
        g("orcish short sword", ")")
    if not rng.rn2(3):
        g("iron shoes", "[")
    if not rng.rn2(3):
        g("orcish bow", ")")
        bag.throw("orcish arrow", 12)
    if not rng.rn2(3):
        g("Uruk-hai shield", "[")


def _ogre_weapons(bag: Bag) -> None:
    """S_OGRE: a battle-axe (likelier for lords and kings) or a club."""
    name = bag.pm.name
    n = 3 if name == "ogre king" else 6 if name == "ogre lord" else 12
    bag.gets("battle-axe" if not bag.rng.rn2(n) else "club", ")")


def _troll_weapons(bag: Bag) -> None:
    """S_TROLL: half the time a polearm."""
    rng = bag.rng
    if not rng.rn2(2):
        bag.gets(("ranseur", "partisan", "glaive", "spetum")[rng.rn2(4)], ")")


def _kobold_weapons(bag: Bag) -> None:
    """S_KOBOLD: darts 1 time in 4."""
    if not bag.rng.rn2(4):
        bag.throw("dart", 12)


def _centaur_weapons(bag: Bag) -> None:
    """S_CENTAUR: half the time a bow and arrows (forest centaurs) or a crossbow."""
    if bag.rng.rn2(2):
        if bag.pm.name == "forest centaur":
            bag.gets("bow", ")")
            bag.throw("arrow", 12)
        else:
            bag.gets("crossbow", ")")
            bag.throw("crossbow bolt", 12)


def _wraith_weapons(bag: Bag) -> None:
    """S_WRAITH: a knife and a long sword."""
    bag.gets("knife", ")")
    bag.gets("long sword", ")")


def _zombie_weapons(bag: Bag) -> None:
    """S_ZOMBIE: leather armour and a knife or short sword, each 1 in 4."""
    rng = bag.rng
    if not rng.rn2(4):
        bag.gets("leather armor", "[")
    if not rng.rn2(4):
        bag.gets("knife" if rng.rn2(3) else "short sword", ")")


def _lizard_weapons(bag: Bag) -> None:
    """S_LIZARD: a salamander's spear, trident or stiletto."""
    rng = bag.rng
    if bag.pm.name == "salamander":
        bag.gets("spear" if rng.rn2(7) else "trident" if rng.rn2(3) else "stiletto", ")")


def _demon_weapons(bag: Bag) -> None:
    """S_DEMON: the named demons' own weapons, then the default for any M2_DEMON."""
    name, g = bag.pm.name, bag.gets
    if name == "balrog":
        g("bullwhip", ")")
        g("broadsword", ")")
    elif name == "horned devil":
        g("trident" if bag.rng.rn2(4) else "bullwhip", ")")
    elif name == "Dispater":
        g("striking", "/")
    elif name == "Yeenoghu":
        g("flail", ")")
    if "M2_DEMON" in bag.pm.m2:
        _general_weapon(bag)


def _pick_or_dagger(bag: Bag) -> None:
    if not bag.rng.rn2(3):
        bag.gets("pick-axe", "(")
    else:
        bag.gets("dagger", ")")


def _general_weapon(bag: Bag) -> None:
    """m_initweap()'s default: some chance of a weapon, better for lords and princes."""
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


def _human_weapons(bag: Bag) -> None:
    """S_HUMAN: the Executioner, mercenaries, elves, priests, ninjas, quest
    guardians and miners, in the C's order of tests."""
    pm, where, name = bag.pm, bag.where, bag.pm.name
    if name == "Executioner":
        _executioner_weapons(bag)
    elif "M2_MERC" in pm.m2:
        _mercenary_weapons(bag)
    elif "M2_ELF" in pm.m2:
        _elf_weapons(bag)
    elif pm.sound == "MS_PRIEST" or _quest_role(pm, "Priest", where):
        _priest_mace(bag)
    elif name == "ninja":
        bag.gets("shuriken" if bag.rng.rn2(4) else "dart", ")")
        bag.gets("short sword" if bag.rng.rn2(4) else "axe", ")")
    elif pm.sound == "MS_GUARDIAN":
        _guardian_gear(bag)
    elif name == "miner":
        bag.gets("pick-axe", "(")
        bag.pick(bag.make(_obj("brass lantern", "(")))


def _executioner_weapons(bag: Bag) -> None:
    # mksobj(BATTLE_AXE, FALSE, FALSE) first (its id), then its spe
    axe = bag.make(_obj("battle-axe", ")"), init=False)
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


def _elf_weapons(bag: Bag) -> None:
    """Elves: mithril or a cloak, a helm or boots, a dagger, one of three fighting
    styles; the Elvenking a pick-axe and rarely a crystal ball."""
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
    if bag.pm.name == "Elvenking":
        if rng.rn2(3) or bag.where.earth_level:
            g("pick-axe", "(")
        if not rng.rn2(50):
            g("crystal ball", "(")


def _priest_mace(bag: Bag) -> None:
    # mksobj(MACE, FALSE, FALSE) first (its id), then spe and curse
    mace = bag.make(_obj("mace", ")"), init=False)
    mace.attrs["spe"] = bag.rng.rnd(3)
    if not bag.rng.rn2(2):
        mace.attrs["curse"] = "cursed"
    bag.pick(mace)


def _guardian_gear(bag: Bag) -> None:
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


# m_initweap()'s switch: one function per class case (the default is _general_weapon)
_WEAPONS_BY_CLASS = {
    "S_GIANT": _giant_weapons, "S_HUMAN": _human_weapons, "S_ANGEL": _angel_weapons,
    "S_HUMANOID": _humanoid_weapons, "S_KOP": _kop_weapons, "S_ORC": _orc_weapons,
    "S_OGRE": _ogre_weapons, "S_TROLL": _troll_weapons, "S_KOBOLD": _kobold_weapons,
    "S_CENTAUR": _centaur_weapons, "S_WRAITH": _wraith_weapons,
    "S_ZOMBIE": _zombie_weapons, "S_LIZARD": _lizard_weapons, "S_DEMON": _demon_weapons,
}


_MERC_AC = {"guard": -1, "prison guard": -2, "soldier": 3, "sergeant": 0,
            "lieutenant": -2, "captain": -3, "watchman": 3, "watch captain": -2}


def m_initinv(bag: Bag, m_lev: int) -> None:
    """makemon.c m_initinv(): what a monster carries besides its weapons, by its class
    as the C's switch reads (one function per case below); then, but for most
    soldiers, a defensive and a miscellaneous item for a monster of high enough
    level, and gold for a greedy one that has none."""
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
        item = rnd_misc_item(bag)
        if item is not None:
            bag.gets(*item)
    if "M2_GREEDY" in pm.m2 and not any(o.id == "gold piece" for o in bag.items) \
            and not rng.rn2(5):
        bag.gold(rng.d(where.difficulty, 5 if bag.items else 10))


def _human_inventory(bag: Bag, m_lev: int) -> None:
    """S_HUMAN: mercenaries' armour, a shopkeeper's key and wands, One-eyed Sam's
    gear, a priest's robe, shield and gold, a Monk quest monster's robe."""
    pm, rng, g, where, name = bag.pm, bag.rng, bag.gets, bag.where, bag.pm.name
    if "M2_MERC" in pm.m2:
        _merc_armor(bag)
    elif name == "shopkeeper":
        g("skeleton key", "(")
        first = rng.rn2(4)              # the C's switch falls through from there
        for i, (item, c) in enumerate((("magic missile", "/"), ("extra healing", "!"),
                                       ("healing", "!"), ("striking", "/"))):
            if i >= first:
                g(item, c)
    elif name == "One-eyed Sam":
        _one_eyed_sam_gear(bag)
    elif pm.sound == "MS_PRIEST" or _quest_role(pm, "Priest", where):
        g("robe" if rng.rn2(7) else "cloak of protection" if rng.rn2(3)
          else "cloak of magic resistance", "[")
        g("small shield", "[")
        bag.gold(rng.rn1(10, 20))
    elif _quest_role(pm, "Monk", where):
        g("robe" if rng.rn2(11) else "cloak of magic resistance", "[")


def _one_eyed_sam_gear(bag: Bag) -> None:
    sam = ((("two-handed sword", ")"), {"artifact": "Thiefbane"}),
           (("shield of reflection", "["), {}),
           (("magic dragon scale mail", "["), {}),   # GRAY_DRAGON_SCALE_MAIL
           (("speed boots", "["), {}))
    for (item, c), extra in sam:
        # mksobj(.., FALSE, FALSE), mpickobj, then spe += rnd(5)
        o = bag.make(_obj(item, c), init=False)
        if extra:
            bag.name_after(o, extra["artifact"])
        o.attrs["spe"] = bag.rng.rnd(5)
        bag.pick(o)
    bag.special("amulet of life saving", '"')
    bag.gets("skeleton key", "(")


def _nymph_inventory(bag: Bag, m_lev: int) -> None:
    """S_NYMPH: a mirror, a potion of object detection, each half the time."""
    if not bag.rng.rn2(2):
        bag.gets("mirror", "(")
    if not bag.rng.rn2(2):
        bag.gets("object detection", "!")


def _giant_inventory(bag: Bag, m_lev: int) -> None:
    """S_GIANT: a minotaur's wand of digging; a true giant's gems (rn2(level / 2)
    stacks of two to four)."""
    pm, rng = bag.pm, bag.rng
    if pm.name == "minotaur":
        if not rng.rn2(3) or bag.where.earth_level:
            bag.gets("digging", "/")
    elif "M2_GIANT" in pm.m2:
        first = data.object_named("dilithium crystal", "*").index
        last = data.object_named("luckstone", "*").index - 1
        for _ in range(rng.rn2(m_lev // 2) if m_lev // 2 > 0 else 0):
            gem = data.object_by_index(rnd_class(rng, first, last, bag.where.ledger_no))
            o = bag.make(gem, init=False)
            o.attrs["quantity"] = rng.rn1(2, 3)
            bag.pick(o)


def _wraith_inventory(bag: Bag, m_lev: int) -> None:
    """S_WRAITH: a Nazgul's cursed ring of invisibility."""
    if bag.pm.name == "Nazgul":
        bag.special("invisibility", "=", curse="cursed")


def _lich_inventory(bag: Bag, m_lev: int) -> None:
    """S_LICH: a master lich's athame or wand, an arch-lich's athame or staff."""
    rng, name = bag.rng, bag.pm.name
    if name == "master lich" and not rng.rn2(13):
        _master_lich_item(bag)
    elif name == "arch-lich" and not rng.rn2(3):
        # mksobj(rn2(3) ? ATHAME : QUARTERSTAFF, TRUE, rn2(13) ? FALSE : TRUE): the
        # game's compiler evaluates the arguments right to left (the trace shows
        # rn2(13) first)
        artif = not rng.rn2(13)
        kind = _obj("athame" if rng.rn2(3) else "quarterstaff", ")")
        o = bag.make(kind, artif=artif)
        if o.attrs.get("spe", 0) < 2:
            o.attrs["spe"] = rng.rnd(3)
        if not rng.rn2(4):
            o.attrs["erodeproof"] = True
        bag.pick(o)


def _mummy_inventory(bag: Bag, m_lev: int) -> None:
    """S_MUMMY: its wrapping 6 times in 7."""
    if bag.rng.rn2(7):
        bag.gets("mummy wrapping", "[")


def _quantum_mechanic_inventory(bag: Bag, m_lev: int) -> None:
    """S_QUANTMECH: 1 in 20 a large box holding a dead housecat."""
    if not bag.rng.rn2(20):
        box = bag.make(_obj("large box", "("), init=False)
        box.attrs["spe"] = 1
        cat = Object(bag.x, bag.y, "corpse", attrs={"class": "%", "montype": "housecat"})
        box.contents.append(cat)
        bag.pick(box)


def _leprechaun_inventory(bag: Bag, m_lev: int) -> None:
    """S_LEPRECHAUN: d(difficulty, 30) gold."""
    bag.gold(bag.rng.d(bag.where.difficulty, 30))


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


# m_initinv()'s switch: one function per class case
_INVENTORY_BY_CLASS = {
    "S_HUMAN": _human_inventory, "S_NYMPH": _nymph_inventory, "S_GIANT": _giant_inventory,
    "S_WRAITH": _wraith_inventory, "S_LICH": _lich_inventory, "S_MUMMY": _mummy_inventory,
    "S_QUANTMECH": _quantum_mechanic_inventory, "S_LEPRECHAUN": _leprechaun_inventory,
    "S_VAMPIRE": _vampire_inventory, "S_DEMON": _demon_inventory,
    "S_HUMANOID": _humanoid_inventory, "S_GNOME": _gnome_inventory,
    "S_ANGEL": _angel_inventory,
}


def _master_lich_item(bag: Bag) -> None:
    if bag.rng.rn2(7):
        bag.gets("athame", ")")
    else:
        bag.gets("nothing", "/")


def _gnome_candle(bag: Bag) -> None:
    """makemon.c m_initinv(), S_GNOME: in the Mines, one gnome in five looks at a random
    square (a second one if the first is not room floor) and gets a candle, lit, if it
    is dark room floor, else one in five times an unlit one; elsewhere one in ten.
    (The lighting itself is not recorded: a carried candle looks the same.)"""
    rng = bag.rng

    def candle() -> None:
        made = bag.make(_obj("tallow candle" if rng.rn2(4) else "wax candle", "("))
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


def rnd_offensive_item(bag: Bag):
    """muse.c rnd_offensive_item(): an attack wand, potion or scroll (or nothing)."""
    pm, rng = bag.pm, bag.rng
    if _refuses_items(pm):
        return None
    diff = pm.difficulty
    if diff > 7 and not rng.rn2(35):
        return ("death", "/")
    pick = rng.rn2(9 - (diff < 4) + 4 * (diff > 6))
    if pick == 0:
        helmet = any(o.attrs.get("class") == "[" and _is_metal_helmet(o) for o in bag.items)
        if helmet or "M1_AMORPHOUS" in pm.m1 or "M1_WALLWALK" in pm.m1 \
                or pm.class_name == "S_GHOST" or "M1_UNSOLID" in pm.m1:
            return ("earth", "?")
        return ("striking", "/")
    if pick == 10:
        return ("fire", "/") if rng.rn2(30) else ("oil", "!")
    return {1: ("striking", "/"), 2: ("acid", "!"), 3: ("confusion", "!"),
            4: ("blindness", "!"), 5: ("sleeping", "!"), 6: ("paralysis", "!"),
            7: ("magic missile", "/"), 8: ("magic missile", "/"), 9: ("sleep", "/"),
            11: ("cold", "/"), 12: ("lightning", "/")}[pick]


_METAL_HELMETS = ("helmet", "dwarvish iron helm", "orcish helm", "helm of brilliance",
                  "helm of opposite alignment", "helm of telepathy", "dented pot")


def _is_metal_helmet(o: Object) -> bool:
    return o.id in _METAL_HELMETS


def rnd_defensive_item(bag: Bag):
    """muse.c rnd_defensive_item(): an escape or healing item (or nothing)."""
    pm, rng = bag.pm, bag.rng
    if _refuses_items(pm):
        return None
    diff = pm.difficulty
    trycnt = 0
    while True:
        pick = rng.rn2(8 + (diff > 3) + (diff > 6) + (diff > 8))
        if pick in (6, 9):
            if _noteleport_level(bag):
                trycnt += 1
                if trycnt < 2:
                    continue
            if not rng.rn2(3):
                return ("teleportation", "/")
            return ("teleportation", "?")
        break
    if pick in (0, 1):
        return ("teleportation", "?")
    if pick in (8, 10):
        if not rng.rn2(3):
            return ("create monster", "/")
        return ("create monster", "?")
    if pick == 2:
        return ("create monster", "?")
    if pick == 3:
        return ("healing", "!")
    if pick == 4:
        return ("extra healing", "!")
    if pick == 5:
        return ("sickness", "!") if pm.name == "Pestilence" else ("full healing", "!")
    if pick == 7:
        # muse.c also refuses a shopkeeper, a vault guard and a temple priest, but
        # shkinit(), priestini() and the vault code set isshk/ispriest/isgd only after
        # makemon() has returned: while it fills the inventory, only a floater refuses
        if pm.class_name == "S_EYE":
            return None
        return ("digging", "/")
    return None


def _is_demon_ruler(pm: data.Monster) -> bool:
    return "M2_DEMON" in pm.m2 and ("M2_LORD" in pm.m2 or "M2_PRINCE" in pm.m2)


def _noteleport_level(bag: Bag) -> bool:
    """teleport.c noteleport_level(): the level's flag, or in Gehennom a demon lord or
    prince on the level (the new monster is on it already) for anyone but such a ruler."""
    where = bag.where
    if where.in_hell and where.level is not None and not _is_demon_ruler(bag.pm):
        for m in where.level.monsters:
            pm = m.attrs.get("data")
            if pm is not None and _is_demon_ruler(pm):
                return True
    return where.noteleport


def rnd_misc_item(bag: Bag):
    """muse.c rnd_misc_item(): polymorph, life saving, speed, invisibility or gain
    level (or nothing)."""
    pm, rng = bag.pm, bag.rng
    if _refuses_items(pm):
        return None
    if pm.difficulty < 6 and not rng.rn2(30):
        return ("polymorph", "!") if rng.rn2(6) else ("polymorph", "/")
    nonliving = ("M2_UNDEAD" in pm.m2 or pm.class_name == "S_GOLEM"
                 or pm.name in ("manes",) or pm.class_name == "S_VORTEX")
    vampshifter = "M2_SHAPESHIFTER" in pm.m2 and pm.name.startswith("vampire")
    if not rng.rn2(40) and not nonliving and not vampshifter:
        return ("amulet of life saving", '"')
    pick = rng.rn2(3)
    if pick == 0:                   # (muse.c's isgd is not set yet inside makemon)
        return ("speed", "!") if rng.rn2(6) else ("speed monster", "/")
    if pick == 1:
        if bag.attrs.get("peaceful") and not bag.where.hero_sees_invisible:
            return None
        return ("invisibility", "!") if rng.rn2(6) else ("make invisible", "/")
    return ("gain level", "!")

