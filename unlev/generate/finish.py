"""What the game does to a special level after its script has run.

Why this module exists: sp_level_coder() (spo_lev.c) ends every des-file the same
way, and the order matters for the random stream and for the result:

1. link_doors_rooms()   -- orient every door, register it with its rooms
2. fill_rooms()         -- stock special rooms (population code: ``fill_rooms`` hook)
3. remove_boundary_syms() -- ``B`` boundaries laid by the des-file become floor
4. ensure_way_out()     -- only with FLAGS:inaccessibles (``ensure_way_out`` hook)
5. wallification(1, 0, COLNO-1, ROWNO-1) -- unless FLAGS:corrmaze
6. flip_level_rnd()     -- draws rn2(2) per allowed axis; keeps flips on Sokoban only
7. count_level_features()
8. solidify_map()       -- only with FLAGS:solidify
9. fixup_special()      -- level regions, branch, special-level fixups (hook)

and then what mklev() does once makelevel() is over and that depends on no random
draw: a level that got a morgue is marked a graveyard (``mark_graveyard``).

:func:`finish_level` runs exactly this sequence; the steps that place monsters and
objects or need the dungeon are hooks supplied by the builder/population code.
"""

from __future__ import annotations

from typing import Callable, Optional

from unlev.stdlib import terrain as T
from unlev.model.level import COLNO, ROWNO, Engraving, Level
from unlev.generate.rooms import link_doors_rooms
from unlev.model.spots import somex, somexy, somey
from unlev.stdlib import data
from unlev.generate.walls import remove_boundary_syms, solidify_map, wallification
from unlev.generate.flip import flip_level_rnd
from unlev.populate import mksobj
from unlev.populate.make import new_object, object_kind

Hook = Optional[Callable[[Level, object], None]]


def count_level_features(level: Level) -> None:
    """mklev.c count_level_features(): fountains and sinks on the level."""
    level.flags.nfountains = level.typ.count(T.FOUNTAIN)
    level.flags.nsinks = level.typ.count(T.SINK)


def finish_level(level: Level, rng, *, fill_rooms: Hook = None,
                 ensure_way_out: Hook = None, fixup_special: Hook = None,
                 force_flip: bool = False, flip_bits: Optional[int] = None,
                 mirror_wall_types: bool = False) -> int:
    """Run the tail of sp_level_coder() on ``level``; returns the flip mask applied.

    ``force_flip`` keeps random flips on every level (the documented behaviour)
    instead of only on Sokoban levels (the game's actual behaviour).
    """
    link_doors_rooms(level)
    if fill_rooms is not None:
        fill_rooms(level, rng)
    remove_boundary_syms(level)
    if level.flags.check_inaccessibles and ensure_way_out is not None:
        ensure_way_out(level, rng)
    if not level.flags.corrmaze:
        wallification(level, 1, 0, COLNO - 1, ROWNO - 1)
    flipped = flip_level_rnd(level, rng, flip_bits, force_everywhere=force_flip,
                             mirror_wall_types=mirror_wall_types)
    count_level_features(level)
    if level.flags.solidify:
        solidify_map(level)
    if fixup_special is not None:
        fixup_special(level, rng)
    mark_graveyard(level)
    return flipped


def mark_graveyard(level: Level) -> None:
    """mklev(): a level whose morgue survived fixup_special() is a graveyard (fewer
    undead corpses), whether or not its des-file says FLAGS:graveyard."""
    if level.extras.get("has_morgue"):
        level.flags.graveyard = True


def post_process_level(level: Level, rng) -> None:
    """mklev.c post_process_level(), the last step of mklev() (after mineralize): the
    fixed engraving of depths 23 and 42, then an axe on a level with trees."""
    place_random_engraving(level, rng)
    place_axe(level, rng)


BURN = 3                      # engrave.h: a burnt engraving


def _occupied(level: Level, x: int, y: int) -> bool:
    """mklev.c occupied(): a trap, furniture, lava or water on the square."""
    t = level.typ[x * ROWNO + y]
    return (any(tr.x == x and tr.y == y for tr in level.traps) or T.is_furniture(t)
            or t in (T.LAVAPOOL, T.POOL, T.MOAT, T.WATER))


def place_random_engraving(level: Level, rng) -> None:
    """mklev.c place_random_engravings(): at depth 23 (the Illuminati) and 42 (the
    Hitchhiker's Guide) a random text of the list is burnt on a free square of a
    random room but the last (any square in Gehennom or with at most one room),
    1000 tries at most."""
    texts = data.depth_engravings(level.context.depth)
    if not texts:
        return
    text = texts[rng.rn2(len(texts))]
    inhell = level.context.dungeon_name in ("Gehennom", "Sheol")
    rooms = level.rooms
    for _ in range(1000):
        if inhell or len(rooms) <= 1:
            x, y = rng.rn2(COLNO), rng.rn2(ROWNO)
        else:
            room = rooms[rng.rn2(len(rooms) - 1)]
            spot = _somexyspace(level, room, rng)
            x, y = spot if spot is not None else (somex(rng, room), somey(rng, room))
        if not _occupied(level, x, y):
            level.engravings.append(Engraving(x, y, text, BURN,
                                              attrs={"from": "post_process_level"}))
            return


def _somexyspace(level: Level, room, rng):
    """mkroom.c somexyspace(room, flags 0): a floor, corridor or ice square of the
    room that is not occupied (100 tries)."""
    for _ in range(100):
        spot = somexy(level, rng, room)
        if spot is None:
            continue
        t = level.typ[spot[0] * ROWNO + spot[1]]
        if t in (T.ROOM, T.CORR, T.ICE) and not _occupied(level, *spot):
            return spot
    return None


def _ilog2(v: int) -> int:
    return v.bit_length() - 1 if v > 0 else -1


def place_axe(level: Level, rng) -> None:
    """mklev.c place_axe(): the more trees (dead ones count, and stone on an arboreal
    level), the likelier an axe lies somewhere open; up to 100 tries for a spot."""
    used = level.typ[ROWNO:]                       # column 0 is never on the map
    trees = used.count(T.TREE) + used.count(T.DEADTREE)
    if level.flags.arboreal:
        trees += used.count(T.STONE)
    if trees <= 0 or rng.rnf(_ilog2(trees), trees):
        return
    tries = 0
    while True:
        x, y = rng.rn2(COLNO), rng.rn2(ROWNO)
        if level.typ[x * ROWNO + y] > T.DOOR:     # SPACE_POS
            break
        tries += 1
        if tries >= 100:
            return
    # mksobj(AXE, init=TRUE, artif=FALSE): its id, then a weapon's enchantment and curse
    axe = new_object(x, y, object_kind("axe"), "place_axe")
    mksobj.next_ident(rng)
    mksobj.init_fields(axe, object_kind("axe"), rng)
    level.objects.append(axe)
