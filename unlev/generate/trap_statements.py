"""TRAP: a trap of the named or a random kind (sp_lev.c ``create_trap``, mklev.c
``mktrap``, trap.c ``maketrap``); with NetHack 3.7's tables, 3.7's ``mktrap``
(:mod:`~unlev.populate.traps37`); on NetHack 3.6's and 3.4.3's loaders, theirs
(:mod:`~unlev.populate.traps36`).

Why a module of its own: the statement finds the trap's spot through the loader (in
the current room, or ``get_location``, never on stairs) and picks its kind; making
it is the population's ``maketrap`` (:mod:`~unlev.populate.traps`), which may bring
objects (statues, rolling boulders) and changes the terrain under pits and holes.
"""

from __future__ import annotations

from typing import Optional

from unlev.generate import locations, room_statements
from unlev.generate.state import BuildState
from unlev.lang.values import Coord
from unlev.model.constants import DRY
from unlev.populate import kinds, placeholders, traps36, traps37
from unlev.populate.make import add_monster
from unlev.populate.makemon import born
from unlev.populate.traps import maketrap
from unlev.stdlib import data
from unlev.stdlib import terrain as T


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
    rules37 = traps37.applies()         # NetHack 3.7's mktrap for a 3.7 level
    flags37 = lev.extras.get("mktrap_flags", {})       # des.trap's spider_on_web, victim
    if name is None and rules37:
        kind = traps37.random_kind(st.rng, pctx.level_difficulty,
                                   in_gehennom=pctx.in_gehennom,
                                   rogue_level=pctx.rogue_level,
                                   noteleport=pctx.noteleport,
                                   can_fall_through=lev.can_fall_thru(),
                                   spider_on_web=flags37.get("spider_on_web", True))
    elif name is None and traps36.applies(st.game):     # 3.6's/3.4.3's: no Sheol step
        kind = traps36.random_kind(st.rng, pctx.level_difficulty,
                                   in_gehennom=pctx.in_gehennom,
                                   rogue_level=pctx.rogue_level,
                                   noteleport=pctx.noteleport,
                                   can_fall_through=lev.can_fall_thru())
    elif name is None:
        kind = pctx.random_trap(st.rng)
    else:
        kind = kinds.fall_through_or_rocks(placeholders.trap_kind(st, name),
                                           lev.can_fall_thru())
    trap = maketrap(st, x, y, kind)
    if trap is not None and placeholders.is_placeholder(kind):
        trap.attrs["placeholder"] = True
    if rules37:
        spider = trap is not None and trap.ttyp == "WEB" and \
            flags37.get("spider_on_web", True)
    elif traps36.applies(st.game):
        spider = traps36.spider_on_web(st.game, kind, trap)
    else:
        spider = kinds.web_spider(st.rng, pctx.level_difficulty, kind)
    if spider and st.monster_at(x, y) is None:
        born(st, add_monster(lev, x, y, data.monster_named("giant spider"), "web"),
                      st.mon_rng)
    if rules37:
        if trap is not None and flags37.get("victim", True) and \
                traps37.wants_victim(st.rng, pctx.level_difficulty, trap):
            traps37.mktrap_victim(st, trap, pctx.level_difficulty, st.rng)
    elif traps36.wants_victim(st.game, st.rng, pctx.level_difficulty, trap):
        traps36.mktrap_victim(st, trap, pctx.level_difficulty, st.rng)
