"""NetHack 3.6.x's and 3.4.3's ``mktrap()`` (mklev.c) after the trap's kind: the
spider on a web and, in 3.6, the dead adventurer on a trap of a shallow level.

Why a module of its own: a 3.6 or 3.4.3 level (or a variant's built by their loader,
:mod:`unlev.generate.loaders`) has its traps made by its own game's ``mktrap()``,
which ``create_trap()`` (sp_lev.c) calls for every ``TRAP:``.  The kind is chosen as
UnNetHack chooses it (the Rogue level's seven, a fire trap 1 time in 5 in Gehennom --
3.4.3 has that bias too -- then ``rnd(TRAPNUM - 1)`` with the same refusals, by name
over the game's own trap list), but neither game has UnNetHack's Sheol step (an ice
trap 1 time in 3), and what follows differs:

- **The spider.**  UnNetHack draws ``rnf(6, 7)`` on a level of difficulty 7 or more
  before a web gets its giant spider; 3.6.x (``if (kind == WEB) makemon(...)`` on the
  trap ``maketrap()`` made) and 3.4.3 (on the kind asked for, whether or not the trap
  was made) always make it, with no draw.
- **The victim** (3.6.x only; 3.4.3 has none): every trap made draws ``rnd(4)``; where
  ``level_difficulty() <= rnd(4)`` and the kind is below ``HOLE`` in 3.6's list and not
  a squeaky board, rust trap or pit (an arrow, dart, falling rock, bear trap, land
  mine, rolling boulder with its boulder, sleeping gas or fire trap), the trap gets its
  missile, cursed possessions and a corpse -- 3.7's ``mktrap_victim()`` without its
  role monsters (:func:`unlev.populate.traps37.mktrap_victim`).
"""

from __future__ import annotations

from typing import Optional

from unlev.model.level import Trap
from unlev.populate import kinds, traps37
from unlev.populate.context import MakeContext
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

#: the games whose mktrap() this module follows
GAMES = ("nethack36", "nethack343")
# 3.6's kinds below HOLE that are not a squeaky board, rust trap or pit
_VICTIM_KINDS = ("ARROW_TRAP", "DART_TRAP", "ROCKTRAP", "BEAR_TRAP", "LANDMINE",
                 "ROLLING_BOULDER_TRAP", "SLP_GAS_TRAP", "FIRE_TRAP")


def applies(game: str) -> bool:
    return game in GAMES


def random_kind(rng: RNG, difficulty: int, *, in_gehennom: bool, rogue_level: bool,
                noteleport: bool, can_fall_through: bool) -> data.Trap:
    """mktrap(0)'s kind: UnNetHack's choice without its Sheol step."""
    return kinds.random_trap(rng, difficulty, in_gehennom=in_gehennom, in_sheol=False,
                             rogue_level=rogue_level, noteleport=noteleport,
                             can_fall_through=can_fall_through)


def spider_on_web(game: str, kind: data.Trap, trap: Optional[Trap]) -> bool:
    """A giant spider is made on the web (no draw): 3.6.x on the trap made, 3.4.3 on
    the kind asked for."""
    if game == "nethack343":
        return kind.name == "WEB"
    return trap is not None and trap.ttyp == "WEB"


def wants_victim(game: str, rng: RNG, difficulty: int, trap: Optional[Trap]) -> bool:
    """3.6.x's test for a victim (its ``rnd(4)`` is drawn for every trap made): 3.7's
    test over 3.6's kinds (no magic trap)."""
    return game == "nethack36" and trap is not None and \
        traps37.wants_victim(rng, difficulty, trap, kinds=_VICTIM_KINDS)


def mktrap_victim(st: MakeContext, trap: Trap, difficulty: int, rng: RNG) -> None:
    """What a dead adventurer left on a 3.6 trap."""
    traps37.mktrap_victim(st, trap, difficulty, rng, player_monsters=False)
