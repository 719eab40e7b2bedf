"""NetHack 3.7's ``#wizloaddes``: a level file made as that wizard-mode command makes it.

Why this module exists: the C-generated reference grids of davidbau/mazesofmenace
(``test/comparison/maps/seed*_special_*.session.json``) were made by ``#wizloaddes``
(wizcmds.c ``wiz_load_splua``: ``lspo_reset_level(NULL)``, ``load_special(file)``,
``lspo_finalize_level(NULL)``), not by the game's own ``mklev`` -> ``makemaz`` ->
``load_special``.  Two things make such a level differ from the game's, and both
show in the terrain:

* it is made where the hero stands, ``u.uz`` (the fixtures' checkpoints say Dungeons
  of Doom level 1): depth and difficulty 1, not a special level there, and the branch
  of that level -- dungeon.lua's ``The Elemental Planes`` (``no_down``, ``up``): up
  stairs -- is what a ``levregion`` of type branch places, or fixup_special places
  anywhere when the file has none (Vlad's towers get an up stair);
* ``lspo_finalize_level(NULL)`` (sp_lev.c) runs the loader's tail a second time over
  the finished level: ``link_doors_rooms``, ``remove_boundary_syms`` -- which now
  finds the CROSSWALL joints the first wallification made inside the map
  (``SpLev_Map`` is still set) and turns them into floor (the towers' doors), then
  ``map_cleanup``, ``wallification`` (unless corrmaze), no flip (``L`` is NULL),
  ``count_level_features``, ``fixup_special`` again (its level regions were freed by
  the first; the branch is already made -- ``made_branch`` -- so only its spot is
  drawn), and ``level_finalize_topology`` (mklev.c: ``bound_digging``,
  ``mineralize``).

The game itself never does this: :func:`unlev.lua.runtime.run_lua_file` keeps making
levels as ``mklev`` does; ``wizload=True`` asks for this way (``unlev run FILE.lua
--wizloaddes``, whatever place or depth is asked; ``tools/mom_fixtures.py`` compares
the fixtures with it).
Not followed: ``fill_special_room`` for every room a second time (the throne room of
Fort Ludios is stocked twice by the command; unlev stocks it once).
"""

from __future__ import annotations

from unlev.generate.finish import count_level_features
from unlev.generate.lregions import place_lregion
from unlev.generate.rooms import link_doors_rooms
from unlev.generate.walls import bound_digging, remove_boundary_syms, wallification
from unlev.model.context import DungeonContext
from unlev.model.level import COLNO, LR_BRANCH, ROWNO, Area, Level, LevRegion
from unlev.populate.mineral import mineralize

def hero_level_context() -> DungeonContext:
    """``u.uz`` of the fixtures' hero: Dungeons of Doom level 1.  dungeon.lua: the
    Dungeons of Doom's branch at base 1 is "The Elemental Planes", branchtype
    "no_down", direction "up" -- the up stairs of level 1; and mkstairs makes no up
    stair a level file asks for there (``dunlev == 1``: the castle's ``stair-up``
    region), which needs the dungeon's level count (its bottom, the castle's level
    in 3.7's layout while 3.7's tables are active)."""
    from unlev.model import places37
    castle = places37.usual_place("castle") if places37.applies() else None
    dunlevs = castle["dlevel"] if castle and castle.get("bottom") else None
    return DungeonContext(depth=1, dunlev=1, dungeon_name="The Dungeons of Doom",
                          level_difficulty=1, branch="up", is_special=False,
                          is_town=False, ledger_no=1, dunlevs=dunlevs)


def finalize_again(state, level: Level, rng) -> None:
    """sp_lev.c ``lspo_finalize_level(NULL)`` then mklev.c ``level_finalize_topology``
    after ``load_special`` has made the level (see the module docstring)."""
    link_doors_rooms(level)
    remove_boundary_syms(level)
    if not level.flags.corrmaze:
        wallification(level, 1, 0, COLNO - 1, ROWNO - 1)
    count_level_features(level)
    if level.context.branch and not level.rooms:
        # fixup_special: no level region is left, so place_lregion(LR_BRANCH) over the
        # whole level: with rooms place_branch returns at once (made_branch), without
        # them a spot is drawn first
        region = LevRegion(Area(), Area(), rtype=LR_BRANCH)
        place_lregion(state, level, rng, 0, 0, 0, 0, 0, 0, 0, 0, region)
    bound_digging(level, earth_level=level.name == "earth")
    mineralize(level, rng)
