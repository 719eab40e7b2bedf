"""Random trap kinds chosen the way UnNetHack chooses them: mklev.c ``mktrap``'s choice
of kind for a random trap (:func:`random_trap`: what ``TRAP: random`` makes), the end
of ``mktrap`` (:func:`fall_through_or_rocks`, :func:`web_spider`) and sp_lev.c
``rndtrap`` (:func:`random_fill_trap`, the random fill of a MAZEWALK level).

Why a module of its own: these are the trap half of :mod:`unlev.populate.kinds` (which
re-exports them, where callers found them); they read only the trap table and the
stream they are given, and each draws exactly what its C counterpart draws, in the
same order.
"""

from __future__ import annotations

from functools import lru_cache

from unlev.stdlib import data
from unlev.stdlib.data import Trap
from unlev.stdlib.rng import RNG


@data.clears_with_tables
@lru_cache(maxsize=None)
def _T(name: str) -> int:
    for t in data.traps():
        if t.name == name:
            return t.index
    raise KeyError(name)


def _trapnum() -> int:
    return data.load_table("traps")["trapnum"]


_ROGUE_TRAPS = ("BEAR_TRAP", "ARROW_TRAP", "DART_TRAP", "TRAPDOOR", "PIT", "SLP_GAS_TRAP",
                "RUST_TRAP")
# mktrap(): the level difficulty a kind needs (the rest may come at any difficulty)
_MIN_DIFFICULTY = {"ROLLING_BOULDER_TRAP": 2, "SLP_GAS_TRAP": 2, "LEVEL_TELEP": 5,
                   "SPIKED_PIT": 5, "LANDMINE": 6, "WEB": 7, "STATUE_TRAP": 8,
                   "POLY_TRAP": 8}


def _mktrap_refuses(rng: RNG, name: str, lvl: int, inhell: bool, insheol: bool,
                    noteleport: bool) -> bool:
    """Whether mktrap() draws the random kind ``name`` again: never a portal or the
    vibrating square, not below its difficulty, no teleporters on a no-teleport level,
    fire traps only in Gehennom but Sheol, ice traps only in Sheol, a hole 6 times in
    7 (the only case that draws)."""
    if name in ("MAGIC_PORTAL", "VIBRATING_SQUARE") or lvl < _MIN_DIFFICULTY.get(name, 0):
        return True
    if name in ("LEVEL_TELEP", "TELEP_TRAP") and noteleport:
        return True
    if name == "FIRE_TRAP":
        return not inhell or insheol
    if name == "ICE_TRAP":
        return not insheol
    return name == "HOLE" and bool(rng.rn2(7))


def random_trap(rng: RNG, difficulty: int, *, in_gehennom: bool = False,
                in_sheol: bool = False, rogue_level: bool = False,
                noteleport: bool = False, can_fall_through: bool = True) -> Trap:
    """mklev.c ``mktrap(0 or -1, ...)``: the kind of a random trap on a level.

    This is what ``TRAP: random`` in a des-file produces.  On the Rogue level one of
    seven classic traps; in Gehennom (not Sheol) a fire trap 1 time in 5 and in Sheol
    an ice trap 1 time in 3; otherwise ``rnd(TRAPNUM-1)`` until a kind fits the level's
    difficulty: no magic portals or vibrating squares; rolling boulder and sleeping gas
    from difficulty 2; level teleporters from 5 (never on a no-teleport level); spiked
    pits from 5; land mines from 6; webs from 7; statue and polymorph traps from 8; fire
    traps only in Gehennom, ice traps only in Sheol; holes are re-rolled 6 times in 7.
    Finally a trap door or hole becomes a falling rock trap where one cannot fall
    through the floor.

    *difficulty* is ``level_difficulty()``.  Game state it cannot know, with defaults:
    in_gehennom/in_sheol False, rogue_level False, *noteleport* (the level's
    noteleport flag) False, *can_fall_through* (``Can_fall_thru``: not the bottom level
    of its dungeon, no hard floor, or the Castle) True.  The caller must still roll
    :func:`web_spider` after placing the trap, as mktrap does.
    """
    # Sheol is a "hellish" dungeon of its own in dungeon.def, so Insheol implies Inhell
    inhell, insheol = in_gehennom or in_sheol, in_sheol
    if rogue_level:
        kind = _T(_ROGUE_TRAPS[rng.rn2(7)])
    elif inhell and not insheol and not rng.rn2(5):
        kind = _T("FIRE_TRAP")
    elif insheol and not rng.rn2(3):
        kind = _T("ICE_TRAP")
    else:
        n = _trapnum()
        while True:
            kind = rng.rnd(n - 1)
            if not _mktrap_refuses(rng, data.trap_by_index(kind).name, difficulty,
                                   inhell, insheol, noteleport):
                break
    return fall_through_or_rocks(data.trap_by_index(kind), can_fall_through)


def fall_through_or_rocks(trap: Trap, can_fall_through: bool) -> Trap:
    """The end of mklev.c ``mktrap``, for named and random kinds alike: a trap door
    or hole where nothing can fall (``!Can_fall_thru``) is a falling rock trap."""
    if trap.name in ("TRAPDOOR", "HOLE") and not can_fall_through:
        return data.trap_by_index(_T("ROCKTRAP"))
    return trap


def web_spider(rng: RNG, difficulty: int, trap: Trap) -> bool:
    """The end of mklev.c ``mktrap``: True if a giant spider is made on the new trap.
    Draws ``rnf(6, 7)`` whenever difficulty >= 7, whatever the trap (as the C code
    does); only a web gets the spider."""
    if difficulty >= 7 and rng.rnf(6, 7):
        return trap.name == "WEB"
    return False


def random_fill_trap(rng: RNG, *, can_dig_down: bool = True, noteleport: bool = False,
                     in_endgame: bool = False) -> Trap:
    """sp_lev.c / spo_lev.c ``rndtrap()``: used when a MAZEWALK level is filled with
    random traps (not by ``TRAP: random``, which uses :func:`random_trap`).  Ignores
    difficulty: ``rnd(TRAPNUM-1)`` until the kind is not a hole, vibrating square or
    magic portal, not a trap door where one cannot dig down (``Can_dig_down``), not a
    (level) teleporter on a no-teleport level, not a rolling boulder or falling rock
    trap in the endgame."""
    n = _trapnum()
    while True:
        kind = rng.rnd(n - 1)
        if not rndtrap_refuses(data.trap_by_index(kind).name, can_dig_down=can_dig_down,
                               noteleport=noteleport, in_endgame=in_endgame):
            return data.trap_by_index(kind)


def rndtrap_refuses(name: str, *, can_dig_down: bool, noteleport: bool,
                    in_endgame: bool) -> bool:
    """The kinds sp_lev.c ``rndtrap()`` draws again (UnNetHack's and NetHack 3.7's
    alike): a hole, vibrating square or magic portal; a trap door where one cannot dig
    down; a (level) teleporter on a no-teleport level; a rolling boulder or falling rock
    trap in the endgame."""
    return (name in ("HOLE", "VIBRATING_SQUARE", "MAGIC_PORTAL")
            or (name == "TRAPDOOR" and not can_dig_down)
            or (name in ("LEVEL_TELEP", "TELEP_TRAP") and noteleport)
            or (name in ("ROLLING_BOULDER_TRAP", "ROCKTRAP") and in_endgame))
