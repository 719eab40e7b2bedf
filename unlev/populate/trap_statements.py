"""TRAP: a trap of the named or a random kind (sp_lev.c ``create_trap``, mklev.c
``mktrap``, trap.c ``maketrap``).

Why a module of its own: besides the trap itself, making one may bring objects
(:mod:`~unlev.populate.traps`: statues, rolling boulders) and follows the rules on
what may stand where (no trap on stairs, holes need a floor to fall through).
"""

from __future__ import annotations

from typing import Optional

from unlev.lang.values import Coord
from unlev.stdlib import data
from unlev.populate import placeholders
from unlev.populate import kinds
from unlev.stdlib import terrain as T
from unlev.model.level import (
    COLNO, ROWNO, Trap,
)
from unlev.generate.maze import (
    DRY,
)
from unlev.populate.make import (
    add_monster,
)
from unlev.populate.traps import mkroll_launch, statue_trap_statue
from unlev.populate import monsters

from unlev.generate.state import BuildState
from unlev.generate import locations
from unlev.generate import room_statements




def do_trap(st: BuildState, name: Optional[str], coord: Coord):
    """create_trap() + mktrap(): a trap of the named or a random kind."""
    lev = st.level
    croom = st.croom
    if croom is not None:
        x, y = room_statements.get_free_room_loc(st, croom, coord)
    else:
        for _ in range(101):
            x, y = locations.get_location_coord(st, coord, DRY)
            if st.typ(x, y) not in (T.STAIRS, T.LADDER):
                break
        else:
            return
    if st.is_pool(x, y) or st.typ(x, y) == T.BOG:
        return
    pctx = st.population_context()
    if name is None:
        kind = pctx.random_trap(st.rng)
    else:
        kind = kinds.fall_through_or_rocks(placeholders.trap_kind(st, name),
                                           lev.can_fall_thru())
    trap = maketrap(st, x, y, kind)
    if trap is not None and placeholders.is_placeholder(kind):
        trap.attrs["placeholder"] = True
    if kinds.web_spider(st.rng, pctx.level_difficulty, kind) and \
            st.monster_at(x, y) is None:
        monsters.born(st, add_monster(lev, x, y, data.monster_named("giant spider"), "web"),
                      st.mon_rng)


def maketrap(st: BuildState, x: int, y: int, kind) -> Optional[Trap]:
    lev = st.level
    if not (0 <= x < COLNO and 0 <= y < ROWNO):
        return None
    old = st.trap_at(x, y)
    i = x * ROWNO + y
    t = lev.typ[i]
    if old is not None:
        if old.ttyp in ("MAGIC_PORTAL", "VIBRATING_SQUARE"):
            return None
        trap = old
        trap.ttyp = kind.name
    elif T.STAIRS <= t <= T.ALTAR and (t != T.GRAVE or kind.name not in ("PIT", "HOLE")):
        return None
    else:
        trap = Trap(x, y, kind.name)
        lev.traps.append(trap)
    trap.is_pit = kind.name in ("PIT", "SPIKED_PIT")
    trap.attrs["des_name"] = kind.des_name
    if kind.name == "STATUE_TRAP":
        statue_trap_statue(st, x, y)
    elif kind.name == "ROLLING_BOULDER_TRAP":
        mkroll_launch(st, trap, x, y, st.rng)
    if kind.name in ("PIT", "SPIKED_PIT", "HOLE", "TRAPDOOR"):
        lev.flg[i] = 0
        if t >= T.ROOM:
            lev.typ[i] = T.ROOM
        elif t in (T.STONE, T.SCORR):
            lev.typ[i] = T.CORR
        elif 0 < t <= T.DBWALL or t == T.SDOOR:
            lev.typ[i] = (T.ROOM if lev.flags.is_maze_lev else
                          T.CORR if lev.flags.is_cavernous_lev else T.DOOR)
    return trap
