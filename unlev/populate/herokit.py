"""The hero's starting equipment in use: what an Aleax copies.

Why this module exists: UnNetHack's Aleax "mimics" the hero (makemon.c m_initweap,
S_ANGEL): for the hero's wielded weapon, alternate weapon, quiver and each worn piece of
armour, in the order uwep, uswapwep, uquiver, uarm, uarmc, uarmh, uarms, uarmg,
uarmf, uarmu, m_inityour() makes ``mksobj(otyp, FALSE, FALSE)`` (an id, no other
draw) with the hero's quantity, rustproof; with no wielded weapon the Aleax gets
``mongets(LONG_SWORD)`` instead.  A level made in a new game meets the hero as
u_init.c ``u_init`` left it: ``ini_inv`` gives each role its kit (the ``trobj``
tables), puts armour on by slot and fills the weapon slots in that order (ammunition
and missiles to the quiver, the first other weapon or weapon-tool in hand, the next
one as the alternate), after the race's substitutions (``inv_subs``: an elf's
elven dagger, an orc's orcish ring mail...).

What u_init draws cannot be known here (the game's stream before the level is made
is not replayed), so these stay the tables' own values: a Barbarian's two-handed
sword and axe (half the time the game gives a battle-axe and short sword), the
quantities of a Caveman's flint, a Ranger's arrows, a Rogue's daggers, a Samurai's
ya, a Tourist's darts and a Convict's rocks (drawn in u_init and mksobj), and the
rare extra kits (an Archeologist's or Tourist's tin opener).  The number of objects
-- the draws -- is right in those cases, their kind or quantity may not be.
"""

from __future__ import annotations

from typing import List, Tuple

#: (slot, object name, class, quantity) per role, in u_init.c's kit order reduced to
#: what ini_inv() puts in use; slots are the C's names
_KITS = {
    "Archeologist": (("uwep", "bullwhip", ")", 1), ("uswapwep", "pick-axe", "(", 1),
                     ("uarm", "leather jacket", "[", 1), ("uarmh", "fedora", "[", 1)),
    "Barbarian": (("uwep", "two-handed sword", ")", 1), ("uswapwep", "axe", ")", 1),
                  ("uarm", "ring mail", "[", 1)),
    "Caveman": (("uwep", "club", ")", 1), ("uswapwep", "sling", ")", 1),
                ("uquiver", "flint", "*", 15), ("uarm", "leather armor", "[", 1)),
    "Convict": (("uquiver", "rock", "*", 1), ("uarmu", "striped shirt", "[", 1)),
    "Healer": (("uwep", "scalpel", ")", 1), ("uarmg", "leather gloves", "[", 1)),
    "Knight": (("uwep", "long sword", ")", 1), ("uswapwep", "lance", ")", 1),
               ("uarm", "ring mail", "[", 1), ("uarmh", "helmet", "[", 1),
               ("uarms", "small shield", "[", 1), ("uarmg", "leather gloves", "[", 1)),
    "Monk": (("uarmc", "robe", "[", 1), ("uarmg", "leather gloves", "[", 1)),
    "Priest": (("uwep", "mace", ")", 1), ("uarmc", "robe", "[", 1),
               ("uarms", "small shield", "[", 1)),
    "Ranger": (("uwep", "dagger", ")", 1), ("uswapwep", "bow", ")", 1),
               ("uquiver", "arrow", ")", 50), ("uarmc", "cloak of displacement", "[", 1)),
    "Rogue": (("uwep", "short sword", ")", 1), ("uswapwep", "dagger", ")", 10),
              ("uarm", "leather armor", "[", 1)),
    "Samurai": (("uwep", "katana", ")", 1), ("uswapwep", "short sword", ")", 1),
                ("uquiver", "ya", ")", 25), ("uarm", "splint mail", "[", 1)),
    "Tourist": (("uquiver", "dart", ")", 25), ("uarmu", "Hawaiian shirt", "[", 1)),
    "Valkyrie": (("uwep", "long sword", ")", 1), ("uswapwep", "dagger", ")", 1),
                 ("uarms", "small shield", "[", 1)),
    "Wizard": (("uwep", "quarterstaff", ")", 1),
               ("uarmc", "cloak of magic resistance", "[", 1)),
}
_GENDERED = {"Cavewoman": "Caveman", "Priestess": "Priest"}

#: u_init.c inv_subs[]: the race's own version of a kit item
_SUBS = {
    "elf": {"dagger": "elven dagger", "spear": "elven spear",
            "short sword": "elven short sword", "bow": "elven bow",
            "arrow": "elven arrow", "helmet": "elven leather helm",
            "cloak of displacement": "elven cloak"},
    "orc": {"dagger": "orcish dagger", "spear": "orcish spear",
            "short sword": "orcish short sword", "bow": "orcish bow",
            "arrow": "orcish arrow", "helmet": "orcish helm",
            "small shield": "orcish shield", "ring mail": "orcish ring mail",
            "chain mail": "orcish chain mail"},
    "dwarf": {"spear": "dwarvish spear", "short sword": "dwarvish short sword",
              "helmet": "dwarvish iron helm"},
}

#: the order the Aleax copies the slots in (makemon.c m_initweap)
SLOTS = ("uwep", "uswapwep", "uquiver", "uarm", "uarmc", "uarmh", "uarms", "uarmg",
         "uarmf", "uarmu")


def gear_in_use(role: str, race: str) -> List[Tuple[str, str, str, int]]:
    """(slot, object name, class, quantity) of what a new hero of ``role`` and
    ``race`` wields, readies, quivers and wears, in the Aleax's order; empty for an
    unknown role.  An elven Priest's mace is a club (u_init.c)."""
    role = _GENDERED.get(role, role)
    subs = _SUBS.get(str(race).lower(), {})
    out = []
    for slot, name, cls, quan in _KITS.get(role, ()):
        if role == "Priest" and name == "mace" and str(race).lower() == "elf":
            name = "club"
        out.append((slot, subs.get(name, name), cls, quan))
    return sorted(out, key=lambda g: SLOTS.index(g[0]))
