"""What a new monster is given, the part UnNetHack and NetHack 3.7 share: makemon.c's
``_makemon`` order (special item, ``m_initweap`` for an armed monster, ``m_initinv``) as
one skeleton that takes a game's tables of class cases, and the cases of both switches
in which the two games agree (Kops, orcs, trolls, kobolds, centaurs, wraiths, zombies,
salamanders, demons, elves, quest guardians, the default weapon; nymphs, giants' gems,
Nazgul, liches, mummies, leprechauns, shopkeepers' and priests' kits).

Why a module of its own: :mod:`unlev.populate.inventory` (UnNetHack's makemon.c) and
:mod:`unlev.populate.inventory37` (3.7's) were two copies of the same skeleton and of
these cases; each now keeps only the cases where its game differs and its tables.  A
difference of a name or a flag (the elven ruler, the ogre ranks, the named demons'
weapons) is the bag's :class:`unlev.populate.bag.Rules`.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional

from unlev.model.level import Object
from unlev.populate.bag import Bag, armed, monster_level, obj_kind
from unlev.populate.kinds import rnd_class
from unlev.populate.muse import rnd_defensive_item, rnd_misc_item, rnd_offensive_item
from unlev.stdlib import data

#: one case of m_initweap()'s switch
WeaponCase = Callable[[Bag], None]
#: one case of m_initinv()'s switch (the monster's m_lev is the second argument)
InventoryCase = Callable[[Bag, int], None]
#: _makemon()'s special item: (pm, x, y, rng, where, attrs) -> the objects
SpecialItem = Callable[..., List[Object]]


def fill(bag: Bag, special_item: Optional[SpecialItem], weapons: Dict[str, WeaponCase],
         inventory: Dict[str, InventoryCase]) -> List[Object]:
    """_makemon()'s inventory for the monster of ``bag``: the special item (None: makemon
    gave it already), then on any level but the Rogue level m_initweap (armed monsters)
    and m_initinv, by the game's tables of class cases."""
    pm, where = bag.pm, bag.where
    if special_item is not None:
        bag.items.extend(special_item(pm, bag.x, bag.y, bag.rng, where, bag.attrs))
    if where.rogue_level:
        return bag.items
    m_lev = monster_level(pm, where.difficulty)
    if armed(pm):
        m_initweap(bag, m_lev, weapons)
    m_initinv(bag, m_lev, inventory)
    return bag.items


def m_initweap(bag: Bag, m_lev: int, cases: Dict[str, WeaponCase]) -> None:
    """makemon.c m_initweap(): the weapons (and some armour) of an armed monster, by its
    class as the C's switch reads (``cases``; :func:`general_weapon` for the rest),
    then an offensive item for a monster of high enough level."""
    cases.get(bag.pm.class_name, general_weapon)(bag)
    if m_lev > bag.rng.rn2(75):
        item = rnd_offensive_item(bag)
        if item is not None:
            bag.gets(*item)


def m_initinv(bag: Bag, m_lev: int, cases: Dict[str, InventoryCase]) -> None:
    """makemon.c m_initinv(): what a monster carries besides its weapons, by its class
    (``cases``); then, but for 12 soldiers in 13, a defensive and a miscellaneous item
    for a monster of high enough level, and gold for a greedy one that has none."""
    pm, rng = bag.pm, bag.rng
    case = cases.get(pm.class_name)
    if case is not None:
        case(bag, m_lev)
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
        bag.gold(rng.d(bag.where.difficulty, 5 if bag.items else 10))


# -- m_initweap's cases ------------------------------------------------------------------

def general_weapon(bag: Bag) -> None:
    """m_initweap()'s default: by ``rnd(14 - 2 * bias)`` (lords 1, princes 2, extra nasty
    1), a weapon for strong monsters or missiles for the rest."""
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


def dwarf_weapons(bag: Bag) -> None:
    """A dwarf's cloak and iron shoes, then 1 in 4 its fighting kit (short sword, a
    mattock or an axe or spear with a roundshield, a helm, rare mithril), else a
    pick-axe (1 in 3) or a dagger."""
    rng, g = bag.rng, bag.gets
    if rng.rn2(7):
        g("dwarvish cloak", "[")
    if rng.rn2(7):
        g("iron shoes", "[")
    if rng.rn2(4):
        g(*(("pick-axe", "(") if not rng.rn2(3) else ("dagger", ")")))
        return
    g("dwarvish short sword", ")")
    if rng.rn2(2):
        g("dwarvish mattock", ")")
    else:
        g("axe" if rng.rn2(2) else "dwarvish spear", ")")
        g("dwarvish roundshield", "[")
    g("dwarvish iron helm", "[")
    if not rng.rn2(3):
        g("dwarvish mithril-coat", "[")


def kop_weapons(bag: Bag) -> None:
    """S_KOP: cream pies to throw, a club or a rubber hose."""
    rng = bag.rng
    if not rng.rn2(4):
        bag.throw_kind("cream pie", "%", 2)
    if not rng.rn2(3):
        bag.gets("club" if rng.rn2(2) else "rubber hose", ")")


def orc_weapons(bag: Bag) -> None:
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
    for item, c in (("orcish cloak", "["), ("orcish short sword", ")"), ("iron shoes", "[")):
        if not rng.rn2(3):
            g(item, c)
    if not rng.rn2(3):
        g("orcish bow", ")")
        bag.throw("orcish arrow", 12)
    if not rng.rn2(3):
        g("Uruk-hai shield", "[")


def ogre_weapons(bag: Bag) -> None:
    """S_OGRE: a battle-axe (likelier for the higher ranks) or a club."""
    n = bag.rules.ogre_odds.get(bag.pm.name, 12)
    bag.gets("battle-axe" if not bag.rng.rn2(n) else "club", ")")


def troll_weapons(bag: Bag) -> None:
    """S_TROLL: half the time a polearm."""
    rng = bag.rng
    if not rng.rn2(2):
        bag.gets(("ranseur", "partisan", "glaive", "spetum")[rng.rn2(4)], ")")


def kobold_weapons(bag: Bag) -> None:
    """S_KOBOLD: darts 1 time in 4."""
    if not bag.rng.rn2(4):
        bag.throw("dart", 12)


def centaur_weapons(bag: Bag) -> None:
    """S_CENTAUR: half the time a bow and arrows (forest centaurs) or a crossbow."""
    if bag.rng.rn2(2):
        if bag.pm.name == "forest centaur":
            bag.gets("bow", ")")
            bag.throw("arrow", 12)
        else:
            bag.gets("crossbow", ")")
            bag.throw("crossbow bolt", 12)


def wraith_weapons(bag: Bag) -> None:
    """S_WRAITH: a knife and a long sword."""
    bag.gets("knife", ")")
    bag.gets("long sword", ")")


def zombie_weapons(bag: Bag) -> None:
    """S_ZOMBIE: leather armour and a knife or short sword, each 1 in 4."""
    rng = bag.rng
    if not rng.rn2(4):
        bag.gets("leather armor", "[")
    if not rng.rn2(4):
        bag.gets("knife" if rng.rn2(3) else "short sword", ")")


def lizard_weapons(bag: Bag) -> None:
    """S_LIZARD: a salamander's spear, trident or stiletto."""
    rng = bag.rng
    if bag.pm.name == "salamander":
        bag.gets("spear" if rng.rn2(7) else "trident" if rng.rn2(3) else "stiletto", ")")


def demon_weapons(bag: Bag) -> None:
    """S_DEMON: the named demons' own weapons (the game's rules), then the default case
    for a true demon (not a djinni or mail daemon)."""
    name, g = bag.pm.name, bag.gets
    if name == "horned devil":
        g("trident" if bag.rng.rn2(4) else "bullwhip", ")")
    for item in bag.rules.demon_weapons.get(name, ()):
        g(*item)
    if "M2_DEMON" in bag.pm.m2:
        general_weapon(bag)


def priest_mace(bag: Bag) -> None:
    """A priest's mace: mksobj(MACE, FALSE, FALSE) first (its id), then spe and curse."""
    mace = bag.make(obj_kind("mace", ")"), init=False)
    mace.attrs["spe"] = bag.rng.rnd(3)
    if not bag.rng.rn2(2):
        mace.attrs["curse"] = "cursed"
    bag.pick(mace)


def elf_weapons(bag: Bag) -> None:
    """Elves: mithril or a cloak, a helm or boots, a dagger, one of three fighting
    styles; the elven ruler a pick-axe and rarely a crystal ball."""
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
    if bag.pm.name == bag.rules.elf_ruler:
        if rng.rn2(3) or bag.where.earth_level:
            g("pick-axe", "(")
        if not rng.rn2(50):
            g("crystal ball", "(")


def guardian_gear(bag: Bag) -> None:
    """MS_GUARDIAN: the quest guardians' kits, by kind."""
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


# -- m_initinv's cases -------------------------------------------------------------------

def shopkeeper_kit(bag: Bag) -> None:
    """A shopkeeper's skeleton key and wands: the C's switch on ``rn2(4)`` falls through
    from the case drawn."""
    bag.gets("skeleton key", "(")
    first = bag.rng.rn2(4)
    for i, (item, c) in enumerate((("magic missile", "/"), ("extra healing", "!"),
                                   ("healing", "!"), ("striking", "/"))):
        if i >= first:
            bag.gets(item, c)


def priest_kit(bag: Bag) -> None:
    """A priest's robe (or cloak), small shield and gold."""
    rng, g = bag.rng, bag.gets
    g("robe" if rng.rn2(7) else "cloak of protection" if rng.rn2(3)
      else "cloak of magic resistance", "[")
    g("small shield", "[")
    bag.gold(rng.rn1(10, 20))


def monk_robe(bag: Bag) -> None:
    """A Monk quest leader's or nemesis's robe."""
    bag.gets("robe" if bag.rng.rn2(11) else "cloak of magic resistance", "[")


def nymph_inventory(bag: Bag, m_lev: int) -> None:
    """S_NYMPH: a mirror, a potion of object detection, each half the time."""
    if not bag.rng.rn2(2):
        bag.gets("mirror", "(")
    if not bag.rng.rn2(2):
        bag.gets("object detection", "!")


def giant_inventory(bag: Bag, m_lev: int) -> None:
    """S_GIANT: a minotaur's wand of digging; a true giant's gems (``rn2(m_lev / 2)``
    stacks of two to four; rn2(0) draws nothing)."""
    pm, rng = bag.pm, bag.rng
    if pm.name == "minotaur":
        if not rng.rn2(3) or bag.where.earth_level:
            bag.gets("digging", "/")
    elif "M2_GIANT" in pm.m2:
        first = obj_kind("dilithium crystal", "*").index
        last = obj_kind("luckstone", "*").index - 1
        for _ in range(rng.rn2(m_lev // 2) if m_lev // 2 > 0 else 0):
            gem = data.object_by_index(rnd_class(rng, first, last, bag.where.ledger_no))
            o = bag.make(gem, init=False)
            o.attrs["quantity"] = rng.rn1(2, 3)
            bag.pick(o)


def wraith_inventory(bag: Bag, m_lev: int) -> None:
    """S_WRAITH: a Nazgul's cursed ring of invisibility."""
    if bag.pm.name == "Nazgul":
        bag.special("invisibility", "=", curse="cursed")


def lich_inventory(bag: Bag, m_lev: int) -> None:
    """S_LICH: a master lich's athame or wand, an arch-lich's athame or staff."""
    rng, name = bag.rng, bag.pm.name
    if name == "master lich" and not rng.rn2(13):
        bag.gets(*(("athame", ")") if rng.rn2(7) else ("nothing", "/")))
    elif name == "arch-lich" and not rng.rn2(3):
        # mksobj(rn2(3) ? ATHAME : QUARTERSTAFF, TRUE, rn2(13) ? FALSE : TRUE): the
        # game's compiler evaluates the arguments right to left (the trace shows
        # rn2(13) first)
        artif = not rng.rn2(13)
        o = bag.make(obj_kind("athame" if rng.rn2(3) else "quarterstaff", ")"), artif=artif)
        if o.attrs.get("spe", 0) < 2:
            o.attrs["spe"] = rng.rnd(3)
        if not rng.rn2(4):
            o.attrs["erodeproof"] = True
        bag.pick(o)


def mummy_inventory(bag: Bag, m_lev: int) -> None:
    """S_MUMMY: its wrapping 6 times in 7."""
    if bag.rng.rn2(7):
        bag.gets("mummy wrapping", "[")


def leprechaun_inventory(bag: Bag, m_lev: int) -> None:
    """S_LEPRECHAUN: d(difficulty, 30) gold."""
    bag.gold(bag.rng.d(bag.where.difficulty, 30))
