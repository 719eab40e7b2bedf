"""Artifacts on a new level: artifact.c ``mk_artifact`` (a random object's artifact
chance) and do_name.c ``oname`` (a des-file's name that is an artifact's).

Why a module of its own: mksobj() gives a weapon made with ``artif`` one chance in
20 (armour one in 40) of becoming an artifact, and a named des-file object whose
name is an artifact's of its kind *is* that artifact; either way the artifact then
exists and is not made again (``artiexist[]``).  The draw of the chance is
:mod:`unlev.populate.mksobj`'s; here the choice among the candidates
(``rn2(n)``, drawn only when there is one) and the record's ``artifact`` key
(the artifact's name, as the game's dumps print it).

Which artifacts exist is read off the level itself (every object on the floor,
buried, carried or contained), as the game knows it from ``artiexist[]`` at the
start of a new game: none exists before the level is made.

The table is UnNetHack's ``artilist[]`` (include/artilist.h, 24dce72: the
BLACKMARKET build's Thiefbane included, the obsolete Palantir left out, as the
game is built): each artifact's name, the object it is made of, and whether it
is SPFX_NOGEN (never made at random, only named or given).  Variants with other
artifacts (NetHack 3.4.3/3.6/3.7) use the same table: an artifact name that is
not one of theirs is a plain name there.
"""

from __future__ import annotations

from typing import Iterable, Optional, Tuple

from unlev.model.level import Level, Object
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

# (name, object, SPFX_NOGEN) in artilist[] order (the order rn2(n) picks from)
ARTIFACTS: Tuple[Tuple[str, str, bool], ...] = (
    ("Excalibur", "long sword", True),
    ("Luck Blade", "broadsword", False),
    ("Stormbringer", "runesword", False),
    ("Thiefbane", "two-handed sword", True),
    ("Mjollnir", "war hammer", False),
    ("Cleaver", "battle-axe", False),
    ("Grimtooth", "orcish dagger", False),
    ("Orcrist", "elven broadsword", False),
    ("Sting", "elven dagger", False),
    ("Magicbane", "athame", False),
    ("Frost Brand", "long sword", False),
    ("Fire Brand", "long sword", False),
    ("Dragonbane", "dwarvish spear", False),
    ("Demonbane", "long sword", False),
    ("Werebane", "silver saber", False),
    ("Grayswandir", "silver saber", False),
    ("Giantslayer", "sling", False),
    ("Ogresmasher", "war hammer", False),
    ("Trollsbane", "morning star", False),
    ("Vorpal Blade", "long sword", False),
    ("Snickersnee", "katana", False),
    ("Sunsword", "long sword", False),
    ("Itlachiayaque", "shield of reflection", True),
    ("The Heart of Ahriman", "luckstone", True),
    ("The Sceptre of Might", "mace", True),
    ("The Iron Ball of Liberation", "heavy iron ball", True),
    ("The Staff of Aesculapius", "quarterstaff", True),
    ("The Magic Mirror of Merlin", "mirror", True),
    ("The Eyes of the Overworld", "lenses", True),
    ("The Mitre of Holiness", "helm of brilliance", True),
    ("The Longbow of Diana", "bow", True),
    ("The Master Key of Thievery", "skeleton key", True),
    ("The Tsurugi of Muramasa", "tsurugi", True),
    ("The Platinum Yendorian Express Card", "credit card", True),
    ("The Orb of Fate", "crystal ball", True),
    ("The Eye of the Aethiopica", "amulet of ESP", True),
    ("The Earthstone", "sapphire", True),
    ("The Moonstone", "black opal", True),
    ("The Sunstone", "diamond", True),
)


def _all_objects(objects: Iterable[Object]) -> Iterable[Object]:
    for o in objects:
        yield o
        yield from _all_objects(o.contents)


def existing(level: Level) -> set:
    """The names of the artifacts the level holds already (``artiexist[]``)."""
    found = {o.attrs.get("artifact") for o in _all_objects(level.objects)}
    for mon in level.monsters:
        found.update(o.attrs.get("artifact") for o in _all_objects(mon.attrs.get("inventory", ())))
    found.discard(None)
    return found


def mk_artifact(level: Level, obj: Object, kind: data.Object, rng: RNG) -> Optional[str]:
    """artifact.c mk_artifact(otmp, A_NONE): one of the artifacts made of ``kind``
    that does not exist yet and may be made at random (SPFX_NOGEN ones only when
    the kind is unique), picked by ``rn2(n)``; none, and no draw, when there is
    no candidate.  Returns the artifact's name, also set as ``obj``'s ``artifact``."""
    exists = existing(level)
    unique = bool(kind.unique)
    eligible = [name for name, made_of, nogen in ARTIFACTS
                if made_of == kind.name and (not nogen or unique) and name not in exists]
    if not eligible:
        return None
    name = eligible[rng.rn2(len(eligible))]
    obj.attrs["artifact"] = name
    return name


def oname(level: Level, obj: Object, kind: data.Object, name: str) -> Optional[str]:
    """do_name.c oname(): a name that is exactly an artifact's of this kind makes the
    object that artifact unless it exists already (artifact_exists)."""
    if obj.attrs.get("artifact") or not name:
        return obj.attrs.get("artifact")
    for art, made_of, _nogen in ARTIFACTS:
        if art == name and made_of == kind.name:
            if art in existing(level):
                return None
            obj.attrs["artifact"] = art
            return art
    return None
