"""``des.*``, NetHack 3.7's level statements, as a table of functions (name -> function),
as sp_lev.c registers its ``lspo_*`` functions in ``nhl_functions``; one module per
statement family.  :class:`~unlev.lua.des_api.DesAPI` installs the table, binding each
function to the session.

==================  ==================================================================
:mod:`.common`      3.7's words, table-field readers, stand-ins
:mod:`.level`       message, level_flags, the unmodelled calls
:mod:`.maps`        level_init, map, terrain, mazewalk, wallify, non_diggable...
:mod:`.features`    door, feature, stair, altar, grave, engraving, gold, trap, levregion
:mod:`.rooms`       room, region, corridor
:mod:`.population`  monster, object, UnNetHack's mineralize/mon_generation/sounds
==================  ==================================================================
"""

from __future__ import annotations

from . import features
from . import level
from . import maps
from . import population
from . import rooms

# name -> function(api, *args), in sp_lev.c's nhl_functions order where 3.7 has the name
DES_FUNCTIONS = {
    "message": level.lspo_message,
    "level_flags": level.lspo_level_flags,
    "reset_level": level.lspo_reset_level,
    "finalize_level": level.lspo_finalize_level,
    "gas_cloud": level.lspo_gas_cloud,
    "exclusion": level.lspo_exclusion,
    "level_init": maps.lspo_level_init,
    "map": maps.lspo_map,
    "terrain": maps.lspo_terrain,
    "replace_terrain": maps.lspo_replace_terrain,
    "spill": maps.lspo_spill,
    "wallwalk": maps.lspo_wallwalk,
    "mazewalk": maps.lspo_mazewalk,
    "wallify": maps.lspo_wallify,
    "non_diggable": maps.lspo_non_diggable,
    "non_passwall": maps.lspo_non_passwall,
    "wall_property": maps.lspo_wall_property,
    "door": features.lspo_door,
    "drawbridge": features.lspo_drawbridge,
    "feature": features.lspo_feature,
    "fountain": features.lspo_fountain,
    "sink": features.lspo_sink,
    "pool": features.lspo_pool,
    "stair": features.lspo_stair,
    "ladder": features.lspo_ladder,
    "altar": features.lspo_altar,
    "grave": features.lspo_grave,
    "engraving": features.lspo_engraving,
    "gold": features.lspo_gold,
    "trap": features.lspo_trap,
    "levregion": features.lspo_levregion,
    "teleport_region": features.lspo_teleport_region,
    "room": rooms.lspo_room,
    "region": rooms.lspo_region,
    "corridor": rooms.lspo_corridor,
    "random_corridors": rooms.lspo_random_corridors,
    "vaultgen": rooms.lspo_vaultgen,
    "monster": population.lspo_monster,
    "object": population.lspo_object,
    "mineralize": population.lspo_mineralize,
    "mon_generation": population.lspo_mon_generation,
    "sounds": population.lspo_sounds,
}
