"""The inventory being filled for a new monster, and what every kit maker reads: makemon.c's
``mongets`` / ``m_initthrow`` / ``mpickobj`` (:class:`Bag`), the level facts a kit depends
on (:class:`Where`), newmonhp()'s ``m_lev`` (:func:`monster_level`), and the per-game
rules (:class:`Rules`) where UnNetHack's makemon.c and muse.c and NetHack 3.7's differ only
in a name or a flag.

Why a module of its own: UnNetHack's kits (:mod:`unlev.populate.inventory`), 3.7's
(:mod:`unlev.populate.inventory37`), the class cases both games share
(:mod:`unlev.populate.kit`), muse.c's items (:mod:`unlev.populate.muse`) and the endgame's
player monsters (:mod:`unlev.populate.mplayer`) all fill a :class:`Bag`; keeping it below
them lets each be a module of its own with no import cycle.

Each object is made as ``mongets`` makes it: ``mksobj(otyp, init=TRUE)``
(:mod:`unlev.populate.mksobj`), then the owner's touches (demons never carry blessed
things, princes no poor gear); identical objects merge into one stack, as ``mpickobj``
merges them.  All draws come from the monster stream.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

from unlev.model.level import Level, Object
from unlev.populate import artifacts
from unlev.populate.kinds import adj_lev
from unlev.populate.mksobj import init_fields, next_ident
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

A_NONE = -128                     # align.h: the unaligned
# objects.h is_sword(): a weapon of skill P_SHORT_SWORD .. P_SABER
SWORD_SKILLS = ("P_SHORT_SWORD", "P_BROAD_SWORD", "P_LONG_SWORD", "P_TWO_HANDED_SWORD",
                "P_SCIMITAR", "P_SABER")


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
    hero_race: str = "human"       # the Aleax copies the hero's kit (herokit)
    #: mksobj(CORPSE)'s own monster, drawn on the monster stream (make.random_corpse_kind)
    corpse_kind: Optional[Callable[[], Optional[str]]] = None


@dataclass(frozen=True)
class Rules:
    """What one game's makemon.c and muse.c say where the shared code asks: the names of
    its ranks and the flags of its muse.c cases."""

    #: the elven ruler who may carry a pick-axe and a crystal ball
    elf_ruler: str
    #: ogre rank -> the ``rn2(n)`` of its battle-axe (the rest: 12)
    ogre_odds: Dict[str, int]
    #: named demons' m_initweap kits, before a true demon's default case
    demon_weapons: Dict[str, Tuple[Tuple[str, str], ...]]
    #: rnd_offensive_item case 10: ``rn2(30) ? fire : oil`` (else always fire)
    oil_for_fire: bool
    #: rnd_defensive_item: in Sokoban the wand of digging is drawn again 3 times in 4
    sokoban_redraws_digging: bool
    #: classes that float and so are given no wand of digging
    floaters: Tuple[str, ...] = ("S_EYE",)


UNNETHACK = Rules(
    elf_ruler="Elvenking",
    ogre_odds={"ogre king": 3, "ogre lord": 6},
    demon_weapons={"balrog": (("bullwhip", ")"), ("broadsword", ")")),
                   "Dispater": (("striking", "/"),), "Yeenoghu": (("flail", ")"),)},
    oil_for_fire=True, sokoban_redraws_digging=False)


def obj_kind(name: str, cls: str) -> data.Object:
    """The object kind ``name`` of class ``cls`` in the active tables (it must exist)."""
    found = data.object_named(name, cls)
    if found is None:
        raise KeyError(f"no object {name!r} of class {cls!r} in the active tables")
    return found


class Bag:
    """A monster's inventory being filled (mongets, m_initthrow, mpickobj), by UnNetHack's
    rules; :class:`unlev.populate.inventory37.Bag37` is 3.7's."""

    rules: Rules = UNNETHACK

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
                if have.id == o.id and same_stack(have.attrs, o.attrs):
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
        kind = obj_kind(name, cls)
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
        elif is_mplayer(self.pm) and cls == ")" and \
                str(kind.subtype) in SWORD_SKILLS:
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
        return align != A_NONE and align > 0

    def throw_kind(self, name: str, cls: str, n: int) -> None:
        """m_initthrow(): mksobj(otyp, TRUE, FALSE), a stack of ``rn1(n, 3)``."""
        o = self.make(obj_kind(name, cls))
        o.attrs["quantity"] = self.rng.rn1(n, 3)
        if name == "orcish arrow":
            o.attrs["poisoned"] = True
        self.pick(o)

    def throw(self, name: str, n: int) -> None:
        """m_initthrow() of a weapon-class missile."""
        self.throw_kind(name, ")", n)

    def special(self, kind_name: str, cls: str, **attrs) -> Object:
        """mksobj(otyp, FALSE, FALSE) with the fields the caller sets."""
        o = self.make(obj_kind(kind_name, cls), init=False)
        o.attrs.update(attrs)
        self.pick(o)
        return o

    def gold(self, amount: int) -> None:
        o = self.make(obj_kind("gold piece", "$"), init=False)
        o.attrs["quantity"] = amount
        self.pick(o)


def is_mplayer(pm: data.Monster) -> bool:
    """mondata.h is_mplayer(): the role monsters, archeologist .. wizard."""
    first = data.monster_named("archeologist")
    last = data.monster_named("wizard")
    return first is not None and last is not None and first.index <= pm.index <= last.index


def same_stack(a: dict, b: dict) -> bool:
    """Whether two objects of one kind merge into one stack (mpickobj's merge test)."""
    keys = ("curse", "spe", "poisoned", "name", "montype")
    return all(a.get(k) == b.get(k) for k in keys)


def armed(pm: data.Monster) -> bool:
    """Whether m_initweap() is called: the monster has a weapon attack."""
    return any(a.type == "AT_WEAP" for a in pm.attacks)


def monster_level(pm: data.Monster, difficulty: int) -> int:
    """makemon.c newmonhp()'s ``m_lev``: adj_lev(), but for a "special" monster of
    level 50 and more (not a golem or a Rider) a quarter of its fixed hit points,
    ``2 * (mlevel - 6) / 4`` (Dispater: 36, not adj_lev's 50)."""
    if pm.level > 49 and pm.class_name != "S_GOLEM" and \
            pm.name not in ("Death", "Famine", "Pestilence"):
        return 2 * (pm.level - 6) // 4
    return adj_lev(pm, difficulty)
