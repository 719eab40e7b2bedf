"""What a player-monster carries: mplayer.c ``mk_mplayer`` (not in the endgame), which
sp_lev.c ``create_monster`` calls for a role monster (``knight``, ``samurai``...)
whose alignment the des-file leaves random.

Why a module of its own: these are the quest homes' and goals' knights, samurai and
apprentices, with a weapon of their role and a handful of wands, potions and scrolls
on top of what :mod:`unlev.populate.inventory` gives any monster.  The endgame's named
player-monsters (``mk_mplayer(special)``: armour, gems, gold, the fake Amulet) are not
made by any des-file statement and are not modelled.
"""

from __future__ import annotations

from typing import List, Optional

from unlev.model.level import Object
from unlev.populate.bag import Bag, Where
from unlev.populate.muse import rnd_defensive_item, rnd_misc_item, rnd_offensive_item
from unlev.populate.kinds import rnd_class
from unlev.stdlib import data
from unlev.stdlib.rng import RNG


ROLE_MONSTERS = ("archeologist", "barbarian", "caveman", "cavewoman", "convict", "healer",
                 "knight", "monk", "priest", "priestess", "ranger", "rogue", "samurai",
                 "tourist", "valkyrie", "wizard")


# weapon.c rwep[]: what weapon.c mon_might_throw_wep() says a monster may throw
_MIGHT_THROW = frozenset((
    "dwarvish spear", "silver spear", "elven spear", "spear", "orcish spear", "javelin",
    "shuriken", "ya", "silver arrow", "elven arrow", "arrow", "orcish arrow",
    "crossbow bolt", "silver dagger", "elven dagger", "dagger", "orcish dagger", "knife",
    "flint", "rock", "loadstone", "luckstone", "dart", "cream pie"))


# UnNetHack renamed the dragon scale mails; another game's tables keep objnam's names
_OTHER_NAMES = {"magic dragon scale mail": "gray dragon scale mail",
                "acid dragon scale mail": "yellow dragon scale mail"}


def _armour(name: str) -> Optional[int]:
    """The object index of an armour by its name (UnNetHack's, else the other
    games'); None when the tables in use have neither."""
    found = data.object_named(name, "[") or data.object_named(_OTHER_NAMES.get(name, ""), "[")
    return found.index if found is not None else None


def _role_choices(name: str, weapon: Optional[str], rng: RNG, pick) -> Optional[str]:
    """mk_mplayer()'s switch on the role: its weapon and the draws for its armour,
    helmet and shield (``pick`` draws an rnd_class over a named armour range); one
    function per case."""
    case = _ROLE_CASES.get(name)
    return weapon if case is None else case(weapon, rng, pick)


def _archeologist(weapon, rng, pick):
    return "bullwhip" if rng.rn2(2) else weapon


def _barbarian(weapon, rng, pick):
    if rng.rn2(2):
        weapon = "two-handed sword" if rng.rn2(2) else "battle-axe"
    if rng.rn2(2):
        pick("plate mail", "chain mail")
    return weapon


def _caveman(weapon, rng, pick):
    if rng.rn2(4):
        return "mace"
    return "club" if rng.rn2(2) else weapon


def _healer(weapon, rng, pick):
    if rng.rn2(4):
        weapon = "quarterstaff"
    elif rng.rn2(2):
        weapon = "unicorn horn" if rng.rn2(2) else "scalpel"
    if rng.rn2(4):
        rng.rn2(2)                  # helm of brilliance or telepathy
    rng.rn2(2)                      # no shield
    return weapon


def _knight(weapon, rng, pick):
    if rng.rn2(4):
        weapon = "long sword"
    if rng.rn2(2):
        pick("plate mail", "chain mail")
    return weapon


def _monk(weapon, rng, pick):
    weapon = "shuriken" if not rng.rn2(3) else None
    rng.rn2(2)                      # no shield
    return weapon


def _priest(weapon, rng, pick):
    if rng.rn2(2):
        weapon = "mace"
    if rng.rn2(2):
        pick("plate mail", "chain mail")
    rng.rn2(4)                      # a robe
    if rng.rn2(4):
        rng.rn2(2)                  # helm of brilliance or telepathy
    rng.rn2(2)                      # no shield
    return weapon


def _ranger(weapon, rng, pick):
    return "elven dagger" if rng.rn2(2) else weapon


def _rogue(weapon, rng, pick):
    if rng.rn2(2):
        return "short sword" if rng.rn2(2) else "orcish dagger"
    return weapon


def _samurai(weapon, rng, pick):
    return "katana" if rng.rn2(2) else weapon


def _valkyrie(weapon, rng, pick):
    if rng.rn2(2):
        weapon = "war hammer"
    if rng.rn2(2):
        pick("plate mail", "chain mail")
    return weapon


def _wizard(weapon, rng, pick):
    if rng.rn2(4):
        weapon = "quarterstaff" if rng.rn2(2) else "athame"
    if rng.rn2(2):
        rng.rn2(2)                  # black or silver dragon scale mail
    rng.rn2(4)                      # helm of brilliance
    return weapon


# mk_mplayer()'s switch: the role monster -> its case
_ROLE_CASES = {
    "archeologist": _archeologist, "barbarian": _barbarian, "caveman": _caveman,
    "cavewoman": _caveman, "healer": _healer, "knight": _knight, "monk": _monk,
    "priest": _priest, "priestess": _priest, "ranger": _ranger, "rogue": _rogue,
    "samurai": _samurai, "valkyrie": _valkyrie, "wizard": _wizard,
}


def mplayer_items(pm: data.Monster, x: int, y: int, rng: RNG, where: Where,
                  attrs: Optional[dict] = None,
                  have: Optional[List[Object]] = None) -> List[Object]:
    """mplayer.c mk_mplayer(special=FALSE): what a player-monster (a des-file's
    ``knight`` of no given alignment) gets on top of makemon()'s gear: a weapon of
    its role (+0..+3, often erodeproof or greased) and one to three offensive, one to
    three defensive and one to three miscellaneous items.  (The armour the game
    picks too is worn only by the endgame's named player-monsters.)"""
    bag = Bag(pm, x, y, rng, where, attrs or {})
    # mpickobj() merges into what makemon gave already (``have``): the whole
    # inventory is returned
    bag.items = list(have or [])
    name = pm.name

    def pick(first: str, last: str) -> None:
        lo, hi = _armour(first), _armour(last)
        if lo is not None and hi is not None:
            rnd_class(rng, lo, hi, where.ledger_no)

    def maybe(first: str, last: str) -> None:
        if rng.rn2(8):                  # !rn2(8): nothing, else rnd_class
            pick(first, last)

    if rng.rn2(2):
        weapon = "long sword"
    else:
        first = data.object_named("spear", ")").index
        last = data.object_named("bullwhip", ")").index
        weapon = data.object_by_index(rnd_class(rng, first, last)).name
    # the armour, cloak, helmet and shield: drawn here, worn only by the endgame's
    # named player-monsters (special), so unlev keeps none of them
    pick("magic dragon scale mail", "acid dragon scale mail")     # GRAY..YELLOW
    maybe("oilskin cloak", "cloak of displacement")
    maybe("elven leather helm", "helm of telepathy")
    maybe("elven shield", "shield of reflection")
    m_lev = rng.rnd(16)                 # special == FALSE: rnd(16), then its hit points
    rng.d(m_lev, 10)
    weapon = _role_choices(name, weapon, rng, pick)
    if weapon is not None:
        kind = data.object_named(weapon, ")") or data.object_named(weapon)
        o = bag.make(kind)
        spe = rng.rn2(4)
        if spe:
            o.attrs["spe"] = spe
        else:
            o.attrs.pop("spe", None)
        if not rng.rn2(3):
            o.attrs["erodeproof"] = True
        elif not rng.rn2(2):
            o.attrs["greased"] = True
        if kind.merge and kind.name in _MIGHT_THROW:
            extra = rng.rn2(4 if str(kind.subtype) == "P_SPEAR" else 8)
            if extra:
                o.attrs["quantity"] = o.attrs.get("quantity", 1) + extra
        bag.pick(o)
    for pick in (rnd_offensive_item, rnd_defensive_item, rnd_misc_item):
        for _ in range(rng.rnd(3)):
            # makemon and the special kit's m_dowear() have dressed it by now
            item = rnd_offensive_item(bag, dressed=True) if pick is rnd_offensive_item \
                else pick(bag)
            if item is not None:
                bag.gets(*item)
    return bag.items
