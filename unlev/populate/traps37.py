"""NetHack 3.7's ``mktrap`` (mklev.c): the kind of a random trap, the spider on a web
and the dead adventurer on a trap of a shallow level, for levels built with 3.7's
tables.

Why a module of its own: a 3.7 level (``dat/*.lua``) is populated from 3.7's tables
(:func:`unlev.stdlib.data.tables_of`), but its traps went through UnNetHack's
``mktrap``: UnNetHack's trap list (an ice trap where 3.7 has the polymorph trap, no
trapped door or chest), its Sheol bias and its ``rnf(6, 7)`` roll before a web's
spider.  3.7 differs in three ways, followed here:

- ``traptype_rnd``: ``rnd(TRAPNUM - 1)`` over 3.7's ``enum trap_types`` (trap.h; 25
  kinds), refusing the trapped door and chest, portals and vibrating squares, kinds
  too hard for the level's difficulty, fire traps outside Gehennom, teleporters on a
  no-teleport level and holes 6 times in 7; in Gehennom a fire trap first, 1 time in 5
  (``rn2(5)``), and the Rogue level's seven classic traps (``traptype_roguelvl``).
- A web always gets its giant spider (``makemon``, no roll), unless the des-file said
  ``spider_on_web = false``.
- ``mktrap_victim``: every trap made by ``mktrap`` without ``MKTRAP_NOVICTIM`` draws
  ``rnd(4)``; where ``level_difficulty() <= rnd(4)`` and the trap can kill (arrow,
  dart, falling rock, bear, land mine, rolling boulder with its boulder, sleeping gas,
  fire, magic) it gets the trap's own missile, cursed possessions and a corpse.

The level records keep UnNetHack's trap numbering (the exporter's); a 3.7 kind is
carried by its name, which both lists share for every kind a random trap can be.
:func:`applies` is the switch: the active tables are 3.7's when their trap table has
3.7's trapped chest.
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import Optional, Tuple

from unlev.model.level import Trap
from unlev.populate import food, kinds
from unlev.populate.context import MakeContext
from unlev.populate.make import make_object, object_kind
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

# traptype_rnd's refusals that do not depend on the level: kinds made only by what
# they guard (trapped door, chest) or only where a level puts them (portal, square)
_NEVER = ("TRAPPED_DOOR", "TRAPPED_CHEST", "MAGIC_PORTAL", "VIBRATING_SQUARE")
# the least level difficulty of a kind (traptype_rnd)
_MIN_DIFFICULTY = {"ROLLING_BOULDER_TRAP": 2, "SLP_GAS_TRAP": 2, "LEVEL_TELEP": 5,
                   "SPIKED_PIT": 5, "LANDMINE": 6, "WEB": 7, "STATUE_TRAP": 8,
                   "POLY_TRAP": 8}
# traptype_roguelvl's rn2(7)
_ROGUE = ("BEAR_TRAP", "ARROW_TRAP", "DART_TRAP", "TRAPDOOR", "PIT", "SLP_GAS_TRAP",
          "RUST_TRAP")
# the kinds mktrap leaves a victim on: below HOLE in 3.7's enum, or a magic trap, and
# neither a squeaky board, a rust trap nor a pit
_VICTIM_KINDS = ("ARROW_TRAP", "DART_TRAP", "ROCKTRAP", "BEAR_TRAP", "LANDMINE",
                 "ROLLING_BOULDER_TRAP", "SLP_GAS_TRAP", "FIRE_TRAP", "MAGIC_TRAP")
# the trap's own missile (mktrap_victim)
_MISSILE = {"ARROW_TRAP": "arrow", "DART_TRAP": "dart", "ROCKTRAP": "rock"}
# the possession's class by rn2(4): weapon, tool, food, gem
_POSSESSION_CLASSES = (")", "(", "%", "*")


@lru_cache(maxsize=None)
def _order_of(folder: str) -> Optional[Tuple[str, ...]]:
    """3.7's trap names by enum value (index 0 is NO_TRAP) from a profile's trap table,
    or None when the table is not 3.7's."""
    path = os.path.join(folder, "traps.json")
    if not os.path.isfile(path):
        return None
    with open(path, encoding="utf-8") as fh:
        table = json.load(fh)
    names = {t["index"]: t["name"] for t in table.get("traps", ())}
    if "TRAPPED_CHEST" not in names.values():
        return None
    return tuple(["NO_TRAP"] + [names.get(i, "") for i in range(1, table["trapnum"])])


def trap_order() -> Optional[Tuple[str, ...]]:
    """The active tables' 3.7 trap enum (NO_TRAP first), or None if they are not 3.7's."""
    folder = data.active_tables()
    return None if folder is None else _order_of(folder)


def applies() -> bool:
    """True while a level is populated from NetHack 3.7's tables."""
    return trap_order() is not None


def _kind(name: str) -> data.Trap:
    for t in data.traps():
        if t.name == name:
            return t
    raise KeyError(name)


def traptype_rnd(rng: RNG, difficulty: int, *, in_gehennom: bool = False,
                 noteleport: bool = False, spider_on_web: bool = True) -> Optional[str]:
    """One try of 3.7's ``traptype_rnd``: a kind's name, or None (NO_TRAP)."""
    order = trap_order() or ()
    name = order[rng.rnd(len(order) - 1)]
    if name in _NEVER:
        return None
    if name == "WEB" and not spider_on_web:
        return name                   # MKTRAP_NOSPIDERONWEB lifts the depth limit
    if difficulty < _MIN_DIFFICULTY.get(name, 0):
        return None
    if name == "LEVEL_TELEP" and noteleport:
        return None
    if name == "FIRE_TRAP" and not in_gehennom:
        return None
    if name == "TELEP_TRAP" and noteleport:
        return None
    if name == "HOLE" and rng.rn2(7):
        return None
    return name


def random_kind(rng: RNG, difficulty: int, *, in_gehennom: bool = False,
                rogue_level: bool = False, noteleport: bool = False,
                can_fall_through: bool = True, spider_on_web: bool = True) -> data.Trap:
    """3.7's ``mktrap(0, ...)`` choice of kind, as a trap record of unlev's table."""
    if rogue_level:
        name: Optional[str] = _ROGUE[rng.rn2(7)]
    elif in_gehennom and not rng.rn2(5):
        name = "FIRE_TRAP"
    else:
        name = None
        while name is None:
            name = traptype_rnd(rng, difficulty, in_gehennom=in_gehennom,
                                noteleport=noteleport, spider_on_web=spider_on_web)
    if name in ("HOLE", "TRAPDOOR") and not can_fall_through:
        name = "ROCKTRAP"
    return _kind(name)


def wants_victim(rng: RNG, difficulty: int, trap: Trap,
                 kinds: Tuple[str, ...] = _VICTIM_KINDS) -> bool:
    """mktrap's test for a victim: the ``rnd(4)`` is drawn for every trap it makes;
    ``kinds``: the game's kinds that take one (3.6 lacks the magic trap)."""
    roll = rng.rnd(4)
    if difficulty > roll or trap.ttyp not in kinds:
        return False
    if trap.ttyp == "ROLLING_BOULDER_TRAP":
        launch = getattr(trap, "launch", None)
        if launch is None or tuple(launch) == (trap.x, trap.y):
            return False
    return True


def _victim_race(rng: RNG, kind: str, difficulty: int) -> Tuple[str, bool]:
    """The corpse's race (rn2(15)) and whether a gnome's candle is due."""
    roll = rng.rn2(15)
    if roll == 0:
        if kind == "SLP_GAS_TRAP" and not (difficulty <= 2 and rng.rn2(2)):
            return "human", False
        return "elf", False
    if roll <= 2:
        return "dwarf", False
    if roll <= 5:
        return "orc", False
    if roll <= 9:
        return "gnome", True
    return "human", False


def _player_monster(rng: RNG) -> str:
    """``rn1(PM_WIZARD - PM_ARCHEOLOGIST, PM_ARCHEOLOGIST)``: a role's monster,
    archeologist to valkyrie."""
    first = data.monster_named("archeologist")
    last = data.monster_named("wizard")
    pick = rng.rn1(last.index - first.index, first.index)
    return data.monsters()[pick].name


def mktrap_victim(st: MakeContext, trap: Trap, difficulty: int, rng: RNG,
                  player_monsters: bool = True) -> None:
    """mklev.c ``mktrap_victim``: what a dead adventurer left on the trap.
    ``player_monsters``: a human victim is a role's monster 24 times in 25 (3.7; NetHack
    3.6.x's mktrap() leaves a plain human)."""
    x, y = trap.x, trap.y
    missile = _MISSILE.get(trap.ttyp)
    if missile is not None:
        o = make_object(st, x, y, object_kind(missile), "trap victim", rng)
        if missile == "arrow":
            o.attrs.pop("poisoned", None)
    while True:
        oclass = _POSSESSION_CLASSES[rng.rn2(4)]
        kind = st.population_context().random_object(rng, oclass)
        o = make_object(st, x, y, kind, "trap victim", rng)
        o.attrs["curse"] = "cursed"         # after mksobj's own choice, as the C does
        if rng.rn2(5):
            break
    race, candle = _victim_race(rng, trap.ttyp, difficulty)
    if candle and not rng.rn2(10):
        which = "tallow candle" if rng.rn2(4) else "wax candle"
        o = make_object(st, x, y, object_kind(which), "trap victim", rng)
        o.attrs["quantity"] = 1
        o.attrs["curse"] = "cursed"
    if race == "human" and player_monsters and rng.rn2(25):
        race = _player_monster(rng)
    make_object(st, x, y, object_kind("corpse"), "trap victim", rng, montype=race)
    if food.special_corpse(race):
        food.corpse_timer(race, rng)


def rndtrap(rng: RNG, *, can_dig_down: bool = True, noteleport: bool = False,
            in_endgame: bool = False) -> Optional[data.Trap]:
    """sp_lev.c ``rndtrap`` of 3.7, for a maze's random fill (``fill_empty_maze``):
    ``rnd(TRAPNUM - 1)`` over 3.7's enum, never a hole, vibrating square or portal, no
    trap door where one cannot dig down, no teleporter on a no-teleport level, no
    rolling boulder or falling rock in the endgame.  A trapped door or chest is not
    refused here, but trap.c's ``maketrap`` makes nothing of it: None."""
    order = trap_order() or ()
    while True:
        name = order[rng.rnd(len(order) - 1)]
        if kinds.rndtrap_refuses(name, can_dig_down=can_dig_down, noteleport=noteleport,
                                 in_endgame=in_endgame):
            continue
        if name in ("TRAPPED_DOOR", "TRAPPED_CHEST"):
            return None
        return _kind(name)
