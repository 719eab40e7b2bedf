"""mksobj()'s food that names a monster: the egg's and the tin's monster, and the
timers that set_corpsenm() starts for an egg or a corpse (mkobj.c ``mksobj`` FOOD_CLASS,
``set_corpsenm``, ``start_corpse_timeout``; timeout.c ``attach_egg_hatch_timeout``;
mon.c ``can_be_hatched``; eat.c ``set_tin_variety``).

Why a module of its own: these draws need a random monster (``rndmonnum``, on the
monster stream) besides the object maker's stream, and under ``--compat game`` every
one of them must be made where the game makes it, or every draw after the first egg
or tin of a level is another number.  The records they leave: an egg's or tin's
``montype`` (the dump's ``egg:garter snake``, ``tin:newt``), a tin's ``spe`` (1 for
spinach, ``-(variety + 1)`` otherwise, as the game stores it).  Timers are not kept;
only their draws are made.
"""

from __future__ import annotations

from typing import Callable, Optional

from unlev.stdlib import data
from unlev.stdlib.rng import RNG
from unlev.populate import mksobj37

RandomMonster = Callable[[], Optional[data.Monster]]

# mondata.c grownups[]: the little forms whose grown form lays eggs (little_to_big);
# an egg of a little one is an egg of its grown form
_GROWN_LAYER = {
    "chickatrice": "cockatrice", "cave spider": "giant spider",
    "baby long worm": "long worm", "baby purple worm": "purple worm",
    "baby crocodile": "crocodile", "baby glowing dragon": "glowing dragon",
    # decl.h: UnNetHack's dragons under their own names (PM_BABY_GRAY_DRAGON is
    # the baby tatzelworm, ...)
    "baby tatzelworm": "tatzelworm", "baby amphitere": "amphitere",
    "baby draken": "draken", "baby lindworm": "lindworm", "baby sarkany": "sarkany",
    "baby sirrush": "sirrush", "baby leviathan": "leviathan", "baby wyvern": "wyvern",
    "baby guivre": "guivre",
    "red naga hatchling": "red naga", "black naga hatchling": "black naga",
    "golden naga hatchling": "golden naga", "guardian naga hatchling": "guardian naga",
    "white naga hatchling": "white naga",
}
_TIN_VARIETIES = 16          # eat.c tintxts[]: TTSZ - 1 kinds to pick from
_ROTTEN_TIN, _HOMEMADE_TIN = 4, 5
_NONROTTING_37 = ("lizard", "lichen", "Death", "Pestilence", "Famine", "acid blob")
_RIDERS = ("Death", "Pestilence", "Famine")


def can_be_hatched(pm: data.Monster, rng: RNG) -> Optional[str]:
    """mon.c can_be_hatched(): the monster an egg of ``pm`` hatches into, or None.
    A queen bee's or winged gargoyle's own egg is one only when BREEDER_EGG's
    ``!rn2(77)`` says so -- a draw made for every egg-layer but killer bees and
    gargoyles."""
    name = "scorpion" if pm.name == "Scorpius" else pm.name
    name = _GROWN_LAYER.get(name, name)
    if name in ("killer bee", "gargoyle"):
        return name
    grown = data.monster_named(name)
    if grown is None or "M1_OVIPAROUS" not in grown.m1:
        return None
    breeder = not rng.rn2(77)
    if breeder or name not in ("queen bee", "winged gargoyle"):
        return name
    return None


def egg_kind(rndmonnum: RandomMonster, rng: RNG) -> Optional[str]:
    """mksobj(EGG): a generic egg, or 1 time in 3 up to 200 rndmonnum()s until one
    can be hatched."""
    if rng.rn2(3):
        return None
    for _ in range(200):
        pm = rndmonnum()
        if pm is None:
            return None
        hatch = can_be_hatched(pm, rng)
        if hatch is not None:
            return hatch
    return None


def undead_to_corpse(name: str) -> str:
    """mon.c undead_to_corpse(): a zombie's or mummy's corpse is of what it was."""
    for suffix in (" zombie", " mummy"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    if name in ("vampire", "vampire lord", "vampire mage"):
        return "human"
    return name


def tin_contents(rndmonnum: RandomMonster, rng: RNG) -> tuple:
    """mksobj(TIN): ``(montype, spe)``.  Spinach 1 time in 6 (spe 1); else up to 200
    rndmonnum()s for a monster with nutrition that leaves a corpse, and
    set_tin_variety(RANDOM_TIN)'s ``rn2(TTSZ - 1)`` (a rotten tin of a lizard or lichen
    is homemade).  An empty tin (no monster found) keeps spe 0."""
    if not rng.rn2(6):
        return None, 1
    for _ in range(200):
        pm = rndmonnum()
        if pm is None:
            break
        name = undead_to_corpse(pm.name)
        # the kind itself when it stays (the two werejackals share their name)
        kind = pm if name == pm.name else (data.monster_named(name) or pm)
        if kind.nutrition and "G_NOCORPSE" not in kind.gen_flags:
            if mksobj37.applies():
                # 3.7's tintxts[]: 15 kinds, rotten first, homemade second; lizards,
                # lichens, riders and acid blobs never rot (nonrotting_corpse)
                r = rng.rn2(15)
                if r == 0 and name in _NONROTTING_37:
                    r = 1
                return name, -(r + 1)
            r = rng.rn2(_TIN_VARIETIES)
            if r == _ROTTEN_TIN and name in ("lizard", "lichen"):
                r = _HOMEMADE_TIN
            return name, -(r + 1)
    return None, 0


def egg_hatch_timer(rng: RNG) -> bool:
    """timeout.c attach_egg_hatch_timeout(egg, 0): ``rnd(i) > 150`` tried for i from
    151 to 200 -- the draws of a typed egg's hatching time.  False when no try
    succeeded (about one egg in a thousand): the egg gets no timer and never hatches."""
    for i in range(151, 201):
        if rng.rnd(i) > 150:
            return True
    return False


def corpse_timer(name: str, rng: RNG) -> None:
    """mkobj.c start_corpse_timeout() while the level is made: ``rnz(25)`` for when it
    rots (lizards and lichens never do), then a Rider's revival time (``rn2(3)`` a
    turn from 12 on).  A troll's revival needs the monster the corpse remembers, which
    a new corpse has not; zombification only follows a kill."""
    if name in ("lizard", "lichen"):
        return
    rng.rnz(25)
    if name in _RIDERS:
        for _ in range(12, 500):
            if not rng.rn2(3):
                break


def special_corpse(name: Optional[str]) -> bool:
    """mkobj.c special_corpse(): corpses whose timer is not the usual rotting one
    (lizards, lichens, the Riders, trolls); renaming from or to one restarts it."""
    if not name:
        return False
    if name in ("lizard", "lichen") or name in _RIDERS:
        return True
    pm = data.monster_named(name)
    return pm is not None and pm.class_name == "S_TROLL"
