"""What fill_empty_maze() puts in a stocked MAZEWALK's maze: the calls
:func:`unlev.generate.maze.mazewalk` makes for objects, boulders, monsters, gold and
traps, answered with the population's makers.

Why a module of its own: the maze walker knows mkmaze.c's walk and its random draws,
not how a monster or an object is made; this adapter hands each request to
:mod:`~unlev.populate.makemon`, :mod:`~unlev.populate.make` and
:mod:`~unlev.populate.traps` with the shared :class:`BuildState`.
"""

from __future__ import annotations

from unlev.generate import locations
from unlev.generate.state import BuildState
from unlev.model.level import isok
from unlev.populate import kinds, makemon, mksobj, traps, traps37
from unlev.populate.make import add_monster, add_object, make_object, mkgold, object_kind
from unlev.stdlib import data


class MazeStocker:
    """fill_empty_maze()'s calls, made on the level being built."""

    def __init__(self, st: BuildState) -> None:
        self.st = st

    def is_ok_location(self, level, x, y, humidity):
        return locations.is_ok_location(self.st, x, y, humidity, sp=False)

    def object(self, level, rng, x, y, gem_class):
        obj = self.st.population_context().random_object(rng, "*" if gem_class else None)
        make_object(self.st, x, y, obj, "maze", rng, artif=True)   # mkobj_at(.., TRUE)

    def boulder(self, level, rng, x, y):
        mksobj.next_ident(rng)                  # mksobj_at(BOULDER): its id, nothing more
        add_object(level, x, y, object_kind("boulder"), "maze")

    def monster(self, level, rng, x, y, name):
        st = self.st
        mrng = st.mon_rng
        if st.monster_at(x, y) is not None or not isok(x, y):
            return                    # makemon() without MM_ADJACENTOK gives up
        pm = data.get_monster(name) if name else makemon.random_kind_for(st, x, y, mrng)
        if pm is None:
            return
        mon = add_monster(level, x, y, pm, "maze")
        makemon.birth_draws(st, pm, mrng, mon)
        if not name:
            makemon.make_group(st, pm, x, y, mrng)
        makemon.equip(st, mon, mrng)

    def gold(self, level, rng, x, y):
        mkgold(self.st, 0, x, y, rng)

    def rndtrap(self, level, rng):
        ctx = level.context
        if traps37.applies():            # NetHack 3.7's rndtrap for a 3.7 level
            return traps37.rndtrap(rng, can_dig_down=level.can_dig_down(),
                                   noteleport=level.flags.noteleport,
                                   in_endgame=ctx.in_endgame)
        return kinds.random_fill_trap(rng, can_dig_down=level.can_dig_down(),
                                      noteleport=level.flags.noteleport,
                                      in_endgame=ctx.in_endgame)

    def is_pit_or_hole(self, ttyp):
        return ttyp is not None and ttyp.name in ("PIT", "SPIKED_PIT", "HOLE", "TRAPDOOR")

    def boulder_at(self, level, x, y):
        return any(o.x == x and o.y == y and o.id == "boulder" for o in level.objects)

    def trap(self, level, rng, x, y, ttyp):
        if ttyp is not None:             # 3.7 makes no trapped door or chest here
            traps.maketrap(self.st, x, y, ttyp)
