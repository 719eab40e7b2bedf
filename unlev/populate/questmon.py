"""The hero's quest monsters as the game's mons[] has them (role.c ``role_init``).

Why a module of its own: mons[] is not the same in every game.  When the game
starts, ``role_init`` fixes up the three quest monsters of the hero's role: the
leader is MS_LEADER, peaceful, M3_CLOSE and of the hero's alignment times three;
the guardians are peaceful and of that alignment; the nemesis is MS_NEMESIS, not
peaceful but nasty, stalking and hostile, M3_WANTSARTI and M3_WAITFORU.  For most
roles the table already says so, but one monster serves two roles: the Master of
Thieves is the Rogues' leader in mons[] and the Tourists' nemesis, so on a
Tourist's quest he is made as a nemesis (newmonhp's hit dice instead of a leader's
135 + rnd(30), the Bell of Opening, no peace_minded draw...).

u_init.c ``u_init`` also rebuilds the shambling horror at every game's start from the
game seed's stream: its level, size, speed, alignment, attacks and most flags are
random (unlev cannot know them without replaying u_init), but its M2 flags always
start from M2_NOPOLY | M2_HOSTILE and never keep M2_PEACEFUL, M2_MERC, M2_WERE or
M2_PNAME: it is never peaceful (peace_minded draws nothing for it).

The MONSTER statement asks :func:`as_in_game` for the kind it makes.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, Optional

from unlev.stdlib import data

# role.c roles[]: ldrnum, guardnum, neminum (UnNetHack's names)
QUEST_MONSTERS = {
    "Archeologist": ("Lord Carnarvon", "student", "Schliemann"),
    "Barbarian": ("Pelias", "chieftain", "Thoth Amon"),
    "Caveman": ("Shaman Karnov", "neanderthal", "Tiamat"),
    "Convict": ("Robert the Lifer", "inmate", "Warden Arianna"),
    "Healer": ("Hippocrates", "attendant", "Cyclops"),
    "Knight": ("King Arthur", "page", "Ixoth"),
    "Monk": ("Grand Master", "abbot", "Master Kaen"),
    "Priest": ("Arch Priest", "acolyte", "Nalzok"),
    "Rogue": ("Master of Thieves", "thug", "Master Assassin"),
    "Ranger": ("Orion", "hunter", "Scorpius"),
    "Samurai": ("Lord Sato", "roshi", "Ashikaga Takauji"),
    "Tourist": ("Twoflower", "guide", "Master of Thieves"),
    "Valkyrie": ("Norn", "warrior", "Lord Surtur"),
    "Wizard": ("Neferet the Green", "apprentice", "Anaraxis the Black"),
}
_ROLE_ALIASES = {"Cavewoman": "Caveman", "Priestess": "Priest"}


def as_in_game(pm: data.Monster, run_context: Any) -> data.Monster:
    """``pm`` as role_init() left it for the run's role and alignment (the same
    record when the run has no role or ``pm`` is none of its quest monsters)."""
    if pm.name == "shambling horror":
        return _shambler(pm)
    role = getattr(run_context, "role", None)
    if not role:
        return pm
    role = _ROLE_ALIASES.get(str(role), str(role))
    if pm.name not in QUEST_MONSTERS.get(role, ()):
        return pm
    align = getattr(run_context, "alignment", 0) or 0
    return _fixed(pm, role, int(align))


@lru_cache(maxsize=None)
def _fixed(pm: data.Monster, role: str, align: int) -> data.Monster:
    leader, guardian, nemesis = QUEST_MONSTERS[role]
    m2, m3 = set(pm.m2), set(pm.m3)
    sound, alignment = pm.sound, pm.alignment
    if pm.name == leader:
        sound, alignment = "MS_LEADER", align * 3
        m2.add("M2_PEACEFUL")
        m3.add("M3_CLOSE")
    elif pm.name == guardian:
        alignment = align * 3
        m2.add("M2_PEACEFUL")
    if pm.name == nemesis:
        sound = "MS_NEMESIS"
        m2.discard("M2_PEACEFUL")
        m2.update(("M2_NASTY", "M2_STALK", "M2_HOSTILE"))
        m3.update(("M3_WANTSARTI", "M3_WAITFORU"))
    return dataclasses.replace(pm, sound=sound, alignment=alignment,
                               m2=frozenset(m2), m3=frozenset(m3))


@lru_cache(maxsize=None)
def _shambler(pm: data.Monster) -> data.Monster:
    """The part of u_init.c's shambling horror every game shares."""
    m2 = (set(pm.m2) | {"M2_NOPOLY", "M2_HOSTILE"}) - {
        "M2_MERC", "M2_PEACEFUL", "M2_WERE", "M2_PNAME"}
    return dataclasses.replace(pm, m2=frozenset(m2))
