"""The artifacts a new object may become (artifact.c ``mk_artifact``) and the named ones
a maker gives (do_name.c ``oname``).

Why a module of its own: when mksobj()'s artifact chance hits (``artif`` and
``!rn2(20)`` for a weapon, ``!rn2(40)`` for armour), artifact.c mk_artifact() gathers,
in artilist.h's order, the artifacts of the object's own type that random generation
may make (no SPFX_NOGEN) and that do not exist yet, and names the object after one of
them (``rn2(n)``; no draw when there is none).  An artifact exists once anything was
made or named as it: oname() names an object after an artifact only when that
artifact does not exist yet (an Angel's second Demonbane stays a plain long sword).
unlev keeps no game-wide artifact list; what exists is what the level holds so far
(a fresh game has made none before its level: init_artifacts() clears the list, and
no role starts with one).
"""

from __future__ import annotations

from typing import Iterable, Optional, Set

from unlev.model.level import Level, Object
from unlev.stdlib.rng import RNG

# artilist.h of UnNetHack 24dce72, in order (the dummy entry and the obsolete
# Palantir left out): (name, base object, made by random generation)
ARTIFACTS = (
    ("Excalibur", "long sword", False), ("Luck Blade", "broadsword", True),
    ("Stormbringer", "runesword", True), ("Thiefbane", "two-handed sword", False),
    ("Mjollnir", "war hammer", True), ("Cleaver", "battle-axe", True),
    ("Grimtooth", "orcish dagger", True), ("Orcrist", "elven broadsword", True),
    ("Sting", "elven dagger", True), ("Magicbane", "athame", True),
    ("Frost Brand", "long sword", True), ("Fire Brand", "long sword", True),
    ("Dragonbane", "dwarvish spear", True), ("Demonbane", "long sword", True),
    ("Werebane", "silver saber", True), ("Grayswandir", "silver saber", True),
    ("Giantslayer", "sling", True), ("Ogresmasher", "war hammer", True),
    ("Trollsbane", "morning star", True), ("Vorpal Blade", "long sword", True),
    ("Snickersnee", "katana", True), ("Sunsword", "long sword", True),
    ("Itlachiayaque", "shield of reflection", False),
    ("The Heart of Ahriman", "luckstone", False), ("The Sceptre of Might", "mace", False),
    ("The Iron Ball of Liberation", "heavy iron ball", False),
    ("The Staff of Aesculapius", "quarterstaff", False),
    ("The Magic Mirror of Merlin", "mirror", False),
    ("The Eyes of the Overworld", "lenses", False),
    ("The Mitre of Holiness", "helm of brilliance", False),
    ("The Longbow of Diana", "bow", False),
    ("The Master Key of Thievery", "skeleton key", False),
    ("The Tsurugi of Muramasa", "tsurugi", False),
    ("The Platinum Yendorian Express Card", "credit card", False),
    ("The Orb of Fate", "crystal ball", False),
    ("The Eye of the Aethiopica", "amulet of ESP", False),
    ("The Earthstone", "sapphire", False), ("The Moonstone", "black opal", False),
    ("The Sunstone", "diamond", False),
)
NAMES = frozenset(a[0] for a in ARTIFACTS)


def _walk(objs: Iterable[Object]):
    for o in objs:
        yield o
        yield from _walk(o.contents)


def existing(level: Optional[Level]) -> Set[str]:
    """The artifacts the level holds so far: on the floor, buried, in containers and
    in monsters' inventories."""
    if level is None:
        return set()
    out: Set[str] = set()
    carried = [o for m in level.monsters for o in (m.attrs.get("inventory") or ())
               if isinstance(o, Object)]
    for o in _walk(list(level.objects) + carried):
        for key in ("artifact", "name"):
            name = o.attrs.get(key)
            if name in NAMES:
                out.add(name)
    return out


def mk_artifact(level: Optional[Level], obj: Object, rng: RNG) -> None:
    """artifact.c mk_artifact(obj, A_NONE): name ``obj`` after one of the artifacts
    of its type that random generation may make and that do not exist yet."""
    have = existing(level)
    eligible = [name for name, base, made in ARTIFACTS
                if base == obj.id and made and name not in have]
    if eligible:
        name = eligible[rng.rn2(len(eligible))]
        obj.attrs["artifact"] = obj.attrs["name"] = name


def named(level: Optional[Level], obj: Object, name: str) -> None:
    """do_name.c oname() of a des-file's named object (sp_lev.c create_object): an
    artifact's name on an object of its base type makes that artifact, unless it
    exists already (artifact_exists)."""
    for art, base, _made in ARTIFACTS:
        if art == name and base == obj.id and art not in existing(level):
            obj.attrs["artifact"] = art
            return


def may_name(level: Optional[Level], name: str) -> bool:
    """do_name.c oname(): an object is named after an artifact only while that
    artifact does not exist."""
    return name not in NAMES or name not in existing(level)
