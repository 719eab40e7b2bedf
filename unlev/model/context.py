"""Where and how a level is made: its des-file flags (:class:`LevelFlags`, the game's
``level.flags``) and its place in the dungeon (:class:`DungeonContext`, the bits of
``u.uz`` and dungeon.def the generators read).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Optional

from unlev.model.constants import (  # noqa: F401
    ARBOREAL, CHECK_INACCESSIBLES, CORRMAZE, DES_FLAG_BITS, FLAG_RNDVAULT, FLIP_HORIZONTAL,
    FLIP_VERTICAL, GRAVEYARD, HARDFLOOR, ICEDPOOLS, MAZELEVEL, NOFLIPX,
    NOFLIPY, NOMMAP, NOTELEPORT, PREMAPPED, SHORTSIGHTED, SHROUD,
    SKYMAP, SOLIDIFY, STORMY,
)

@dataclass
class LevelFlags:
    """``level.flags`` plus the per-run coder switches the FLAGS statement sets.

    ``allow_flips`` is the coder's flip mask (bit 1 = vertical, bit 2 = horizontal).
    ``hero_memory`` is cleared by ``shroud``.  ``icedpools`` is spo_lev.c's static.
    """

    noteleport: bool = False
    hardfloor: bool = False
    nommap: bool = False
    shortsighted: bool = False
    arboreal: bool = False
    is_maze_lev: bool = False        # "mazelevel"
    is_cavernous_lev: bool = False
    hero_memory: bool = True         # cleared by "shroud"
    stormy: bool = False
    graveyard: bool = False
    has_vault: bool = False
    icedpools: bool = False
    corrmaze: bool = False
    sky: bool = False
    sheol: bool = False              # never set by spo_level_flags (see apply_des_flags)
    sokoban_rules: bool = False
    temperature: int = 0
    nfountains: int = 0              # count_level_features()
    nsinks: int = 0
    # coder switches
    premapped: bool = False
    solidify: bool = False
    check_inaccessibles: bool = False
    rndvault: bool = False
    noflipx: bool = False            # the words as written, for reporting
    noflipy: bool = False
    allow_flips: int = 3
    raw_bits: int = 0                # OR of every FLAGS value seen

    def apply_des_flags(self, flags: "int | str | Iterable[str]") -> None:
        """Do what spo_level_flags() does with a FLAGS value (bit mask or words).

        Faithful quirk: spo_lev.c clears ``allow_flips`` bit 1 (the *vertical*
        flip) for ``noflipx`` and bit 2 (the *horizontal* flip) for ``noflipy`` --
        the opposite of NetHack 3.7's Lua loader.  ``sheol`` is accepted by the
        compiler but ignored by the loader.
        """
        if isinstance(flags, str):
            flags = [w.strip() for w in flags.split(",") if w.strip()]
        if not isinstance(flags, int):
            bits = 0
            for word in flags:
                try:
                    bits |= DES_FLAG_BITS[word.lower()]
                except KeyError:
                    raise ValueError(f"unknown level flag {word!r}") from None
            flags = bits
        self.raw_bits |= flags
        if flags & NOTELEPORT:
            self.noteleport = True
        if flags & HARDFLOOR:
            self.hardfloor = True
        if flags & NOMMAP:
            self.nommap = True
        if flags & SHORTSIGHTED:
            self.shortsighted = True
        if flags & ARBOREAL:
            self.arboreal = True
        if flags & NOFLIPX:
            self.noflipx = True
            self.allow_flips &= ~1
        if flags & NOFLIPY:
            self.noflipy = True
            self.allow_flips &= ~2
        if flags & MAZELEVEL:
            self.is_maze_lev = True
        if flags & PREMAPPED:
            self.premapped = True
        if flags & SHROUD:
            self.hero_memory = False
        if flags & STORMY:
            self.stormy = True
        if flags & GRAVEYARD:
            self.graveyard = True
        if flags & ICEDPOOLS:
            self.icedpools = True
        if flags & SOLIDIFY:
            self.solidify = True
        if flags & CORRMAZE:
            self.corrmaze = True
        if flags & CHECK_INACCESSIBLES:
            self.check_inaccessibles = True
        if flags & SKYMAP:
            self.sky = True
        if flags & FLAG_RNDVAULT:
            self.rndvault = True
            self.allow_flips = 0

    def intended_flip_bits(self) -> int:
        """The flip mask the flag *names* promise (noflipx = no left/right flip)."""
        bits = 3
        if self.noflipx:
            bits &= ~FLIP_HORIZONTAL
        if self.noflipy:
            bits &= ~FLIP_VERTICAL
        if self.rndvault:
            bits = 0
        return bits


# dungeon.def ALIGNMENT of each dungeon (unaligned/noalign: none), and the LEVALIGN of
# special levels.  dgn_comp.y gives a LEVALIGN to the level defined *last*, so the
# Town's "LEVALIGN: lawful", written before its first level, lands on soko3.
DUNGEON_ALIGNMENT = {"The Gnomish Mines": "lawful", "Sokoban": "neutral",
                     "One-eyed Sam's Market": "chaotic", "Vlad's Tower": "chaotic",
                     "The Dragon Caves": "chaotic", "The Wizard's Tower": "chaotic"}
LEVEL_ALIGNMENT = {"oracle": "neutral", "medusa": "chaotic", "soko3": "lawful"}
PLANES = ("astral", "water", "fire", "air", "earth")


def level_alignment(dungeon_name: str, level_name: str) -> Optional[str]:
    """The alignment makemon.c align_shift() reads: the special level's own
    (dungeon.c init_level: its LEVALIGN, else its dungeon's), None when unaligned."""
    stem = level_name.split("-")[0] if level_name else ""      # soko3-2 -> soko3
    return LEVEL_ALIGNMENT.get(stem) or DUNGEON_ALIGNMENT.get(dungeon_name)


@dataclass
class DungeonContext:
    """Where the level is in the dungeon: the bits of ``u.uz`` the generators read.

    ``depth`` is the absolute depth (``depth(&u.uz)``), ``dunlev`` the level number
    inside its dungeon (``u.uz.dlevel``; Sheol's generator uses it).
    """

    depth: int = 1
    dunlev: int = 1
    dungeon_name: str = "The Dungeons of Doom"
    level_difficulty: Optional[int] = None    # defaults to depth
    in_mines: bool = False
    minetown_depth: Optional[int] = None
    in_sokoban: bool = False
    in_endgame: bool = False
    on_wizard_tower_level: bool = False
    is_waterlevel: bool = False
    # the dungeon lets one dig down here (False: dungeon.c Invocation_lev, or a caller
    # who knows better); the bottom of a dungeon and a hard floor forbid it anyway,
    # see :meth:`can_dig_down_with`
    can_dig_down: bool = True
    is_stronghold: bool = False        # the Castle: dungeon.c Is_stronghold()
    branch: Optional[str] = None       # what dungeon.def connects here: "up"/"down" stairs, "portal",
    #                                    "none" (a branch end that makes nothing: the castle)
    dunlevs: Optional[int] = None      # levels in this dungeon (None: unknown, an interior level)
    # dungeon.c Is_special(): one of dungeon.def's LEVEL/RNDLEVELs, not a filler (None:
    # unknown, then told by the name: fillers end in fill/fil/fila/filb)
    is_special: Optional[bool] = None
    is_town: Optional[bool] = None     # dungeon.def LEVELDESC town (None: unknown, see Level.town)
    ledger_no: Optional[int] = None    # dungeon.c ledger_no() (None: unknown, the depth stands in)

    @property
    def ledger(self) -> int:
        """ledger_no(&u.uz), the depth where the dungeon layout is unknown."""
        return self.depth if self.ledger_no is None else self.ledger_no

    @property
    def difficulty(self) -> int:
        return self.depth if self.level_difficulty is None else self.level_difficulty

    @property
    def is_bottom(self) -> bool:
        """dungeon.c Is_botlevel(): the last level of its dungeon (False when unknown)."""
        return self.dunlevs is not None and self.dunlev >= self.dunlevs

    def can_dig_down_with(self, hardfloor: bool) -> bool:
        """dungeon.c Can_dig_down() for a level whose ``hardfloor`` flag is given:
        not a hard floor, not the bottom of its dungeon, not the invocation level."""
        return self.can_dig_down and not hardfloor and not self.is_bottom

    def can_fall_thru_with(self, hardfloor: bool) -> bool:
        """dungeon.c Can_fall_thru(): Can_dig_down, or the Castle (whose trap doors
        lead to Gehennom although it is the bottom of the Dungeons of Doom)."""
        return self.can_dig_down_with(hardfloor) or self.is_stronghold


