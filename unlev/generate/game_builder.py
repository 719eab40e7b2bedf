"""The level builder: runs each des-file statement on a real :class:`~unlev.model.level.Level`.

Why this module exists: the evaluator (:mod:`unlev.lang.evaluator`) knows the language
and hands every level statement to a :class:`~unlev.lang.level_builder.LevelBuilder`.
:class:`GameBuilder` is the builder that does what UnNetHack's loader does with each
statement -- the opcode handlers of ``spo_lev.c`` and the helpers they call in
``sp_lev.c``, ``mklev.c``, ``mkroom.c`` and ``rect.c``.  It is a front door only: the
loader's state between statements is a :class:`~unlev.generate.state.BuildState`, and
each family of statements runs in its own module:

=====================================  ====================================================
:mod:`unlev.generate.maps`             LEVEL, INIT_MAP, MAP, TERRAIN, REPLACE_TERRAIN, SPILL,
                                       WALLWALK, MAZEWALK, WALLIFY, NON_DIGGABLE, ...
:mod:`unlev.generate.features`         DOOR, ROOMDOOR, DRAWBRIDGE, FOUNTAIN/SINK/POOL, STAIR,
                                       LADDER, ALTAR, GRAVE, ENGRAVING
:mod:`unlev.generate.room_statements`  ROOM, SUBROOM, REGION, VAULTGEN
:mod:`unlev.generate.corridors`        CORRIDOR, RANDOM_CORRIDORS
:mod:`unlev.generate.lregions`         BRANCH, PORTAL, TELEPORT_REGION, STAIR regions
:mod:`unlev.generate.monster_statements` MONSTER, MON_GENERATION
:mod:`unlev.generate.object_statements`  OBJECT, CONTAINER, GOLD
:mod:`unlev.generate.trap_statements`    TRAP
:mod:`unlev.populate.mineral`          MINERALIZE
=====================================  ====================================================

Two loaders live in the game and both matter here: the opcode handlers in
``spo_lev.c`` use that file's own ``get_location`` (no swamp test), while the
coordinates of monsters, objects, stairs, altars, ... go through ``sp_lev.c``'s
``get_location_coord`` (:mod:`unlev.generate.locations`).  Where the loader
contradicts the documented language, the documented meaning is the default and
the ``build`` section of :class:`~unlev.stdlib.compat.Compat` (on with ``Compat.game()``) gives the game's.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from unlev.generate import (corridors, extensions, features, locations, lregions, maps,
                            room_statements)
from unlev.model.constants import ANY_LOC
from unlev.generate.state import BuildState
from unlev.stdlib.compat import Compat
from unlev.lang.level_builder import LevelBuilder
from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS, Limits
from unlev.model.level import COLNO, ROOMOFFSET, ROWNO, DungeonContext, Level
from unlev.generate import monster_statements, object_statements, trap_statements
from unlev.populate import mineral
from unlev.populate.make import monster_data
from unlev.stdlib.rng import RNG


class GameBuilder(LevelBuilder):
    """Builds a :class:`Level` the way UnNetHack's des-file loader does.

    ``rng`` must be the evaluator's RNG (the script and the loader share one stream);
    ``mon_rng`` is the monster-creation stream (default: a fresh RNG with the same
    seed, as the game seeds both from the level seed).
    """

    def __init__(self, rng: RNG, level: Optional[Level] = None,
                 context: Optional[DungeonContext] = None,
                 compat: Optional[Compat] = None, mon_rng: Optional[RNG] = None,
                 run_context: Any = None, warn=None, limits: Limits = DEFAULT_LIMITS) -> None:
        level = level if level is not None else Level(context)
        if context is not None:
            level.context = context
        self.state = BuildState(rng, level, Compat.of(compat),
                                mon_rng=mon_rng, run_context=run_context, warn_to=warn,
                                limits=limits)

    # what callers read of the state (the REPL swaps the stream for its previews)
    @property
    def level(self) -> Level:
        return self.state.level

    @property
    def rng(self) -> RNG:
        return self.state.rng

    @rng.setter
    def rng(self, value: RNG) -> None:
        self.state.rng = value

    @property
    def warnings(self):
        return self.state.warnings

    # -- queries the evaluator asks ---------------------------------------------------
    def locate(self, coord, humidity: int = 0) -> Tuple[int, int]:
        return locations.get_location_coord(self.state, coord, humidity or ANY_LOC)

    def locate_region(self, region) -> Tuple[int, int, int, int]:
        st = self.state
        x1, y1, x2, y2 = locations.region_bytes(region)
        x1, y1 = locations.get_location(st, x1, y1, ANY_LOC, st.croom, sp=False)
        x2, y2 = locations.get_location(st, x2, y2, ANY_LOC, st.croom, sp=False)
        return x1, y1, x2, y2

    def to_relative(self, x: int, y: int) -> Tuple[int, int]:
        return x - self.level.xstart, y - self.level.ystart

    def terrain_at(self, x: int, y: int) -> int:
        return self.state.typ(x, y)

    def lit_at(self, x: int, y: int) -> int:
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            return self.level.lit[x * ROWNO + y]
        return 0

    def room_bounds(self):
        r = self.state.croom
        return None if r is None else (r.lx, r.ly, r.hx, r.hy)

    def limit_work(self, steps):
        self.state.work_cap = steps

    def work_done(self):
        work, self.state.work = self.state.work, 0
        return work

    def room_squares(self, index=None):
        """NetHack 3.7 selvar.c selection_from_mkroom(): the squares inside the room's
        bounds that carry its number and are not its edge.  A subroom is not in the
        rooms array the number is counted from, so it has none."""
        lv = self.state.level
        if index is None:
            r = self.state.croom
        else:
            r = lv.rooms[index] if 0 <= index < len(lv.rooms) else None
        if r is None or r not in lv.rooms:
            return []
        rmno = lv.rooms.index(r) + ROOMOFFSET
        return [(x, y) for y in range(r.ly, r.hy + 1) for x in range(r.lx, r.hx + 1)
                if 0 <= x < COLNO and 0 <= y < ROWNO and not lv.edge[x * ROWNO + y]
                and lv.roomno[x * ROWNO + y] == rmno]

    def mon_at(self, x: int, y: int, monster) -> int:
        if not (0 <= x < COLNO and 0 <= y < ROWNO):
            return 0
        m = self.state.monster_at(x, y)
        if m is None:
            return 0
        if monster is None or monster.is_random:
            return 1
        info = monster_data(m)
        if monster.name is not None and (info is None or info.name != monster.name):
            return 0
        if monster.cls is not None and (info is None or info.symbol != monster.cls):
            return 0
        return 1

    def obj_at(self, x: int, y: int, obj) -> int:
        if obj is None or obj.name is None or not (0 <= x < COLNO and 0 <= y < ROWNO):
            return 0   # sobj_at() of a class-only or random object never matches
        return int(any(o.x == x and o.y == y and o.id == obj.name and not o.buried
                       for o in self.level.objects))

    def carrying(self, obj) -> int:
        return 0    # no hero while the level is made

    # -- the level and its terrain ------------------------------------------------------
    def start_level(self, name, flags, span=None):
        maps.do_level(self.state, name, flags, span)

    def end_level(self):
        maps.do_endlevel(self.state)

    def message(self, text, span=None):
        maps.do_message(self.state, text)

    def init_map(self, style, fill, fg, bg, smoothed, joined, lit, walled, fillchar,
                 span=None):
        maps.do_init_map(self.state, style, fill=fill, fg=fg, bg=bg, smoothed=smoothed,
                         joined=joined, lit=lit, walled=walled, fillchar=fillchar, span=span)

    def map(self, halign, valign, coord, keep_region, lines, first_line, span=None):
        # first_line (where the MAP's rows start in the file) serves diagnostics only
        maps.do_map(self.state, halign=halign, valign=valign, coord=coord,
                    keep_region=keep_region, lines=lines, span=span)

    def terrain(self, selection, mapchar, span=None):
        maps.do_terrain(self.state, selection, mapchar)

    def replace_terrain(self, region, from_char, to_char, percent, span=None):
        maps.do_replace_terrain(self.state, region, from_char, to_char, percent)

    def spill(self, coord, mapchar, direction, count, span=None):
        maps.do_spill(self.state, coord, mapchar, direction, count)

    def wallwalk(self, coord, fg, bg, percent, span=None):
        maps.do_wallwalk(self.state, coord, fg, bg, percent)

    def mazewalk(self, coord, direction, stocked, fillchar, span=None):
        maps.do_mazewalk(self.state, coord, direction, stocked=stocked, fillchar=fillchar)

    def wallify(self, selection, span=None):
        maps.do_wallify(self.state, selection)

    def non_diggable(self, region, span=None):
        maps.do_non_diggable(self.state, region)

    def non_passwall(self, region, span=None):
        maps.do_non_passwall(self.state, region)

    # -- doors and dungeon features -------------------------------------------------------
    def door(self, state, selection, span=None):
        features.do_door(self.state, state, selection)

    def roomdoor(self, secret, state, walls, pos, span=None):
        features.do_roomdoor(self.state, secret, state, walls, pos, span=span)

    def drawbridge(self, coord, direction, state, span=None):
        features.do_drawbridge(self.state, coord, direction, state, span=span)

    def fountain(self, selection, span=None):
        features.do_fountain(self.state, selection)

    def sink(self, selection, span=None):
        features.do_sink(self.state, selection)

    def pool(self, selection, span=None):
        features.do_pool(self.state, selection)

    def stair(self, coord, up, span=None):
        features.do_stair(self.state, coord, up, span=span)

    def ladder(self, coord, up, span=None):
        features.do_ladder(self.state, coord, up)

    def altar(self, coord, align, altar_type, span=None):
        features.do_altar(self.state, coord, align, altar_type)

    def grave(self, coord, text, random_text, span=None):
        features.do_grave(self.state, coord, text, random_text)

    def engraving(self, coord, etype, text, span=None):
        features.do_engraving(self.state, coord, etype, text)

    def levregion(self, kind, area, exclude, up, dest, span=None):
        # each region is placed after the script, searching its area then the map:
        # counted as an entity and charged as the search (step limit)
        self._room_for(self.state.level.lregions, "level regions", span)
        self.state.spend(2 * COLNO * ROWNO)
        lregions.do_levregion(self.state, kind, area, exclude, up=up, dest=dest)

    # -- rooms, regions, corridors ----------------------------------------------------------
    def begin_room(self, subroom, rtype, chance, light, pos, align, size, filled,
                   irregular, joined, span=None) -> bool:
        return room_statements.begin_room(
            self.state, span=span, subroom=subroom, rtype=rtype, chance=chance, light=light,
            pos=pos, align=align, size=size, filled=filled, irregular=irregular,
            joined=joined)

    def end_room(self):
        room_statements.end_room(self.state)

    def begin_region(self, region, light, rtype, filled, irregular, joined, has_contents,
                     span=None):
        room_statements.begin_region(self.state, region, light, rtype=rtype, filled=filled,
                                     irregular=irregular, joined=joined,
                                     has_contents=has_contents, span=span)

    def end_region(self):
        room_statements.end_region(self.state)

    def corridor(self, src, dst, span=None):
        corridors.do_corridor(self.state, src, dst)

    def random_corridors(self, style, span=None):
        corridors.do_random_corridors(self.state, style)

    def vaultgen(self, frequency, span=None):
        room_statements.do_vaultgen(self.state, frequency)

    # -- population -----------------------------------------------------------------------
    def _room_for(self, things: list, what: str, span) -> None:
        """The entities limit (unlev.lang.limits): a LOOP of a billion OBJECTs ends in
        an error, not in gigabytes."""
        # making a monster, object or trap is many times the work of a plain statement:
        # counted so (step limit), a LOOP of TRAPs that replace one another stops in time
        self.state.spend(25)
        self.state.room_for_entity(things, what, span)

    def begin_monster(self, monster, coord, attrs, has_inventory, span=None):
        self._room_for(self.state.level.monsters, "monsters", span)
        monster_statements.begin_monster(self.state, monster, coord, attrs, has_inventory)

    def end_monster(self):
        monster_statements.end_monster(self.state)

    def object(self, object, coord, attrs, span=None):
        self._room_for(self.state.level.objects, "objects", span)
        object_statements.do_object(self.state, object, coord, attrs)

    def begin_container(self, object, coord, attrs, span=None):
        self._room_for(self.state.level.objects, "objects", span)
        object_statements.begin_container(self.state, object, coord, attrs)

    def end_container(self):
        object_statements.end_container(self.state)

    def trap(self, name, coord, span=None):
        self._room_for(self.state.level.traps, "traps", span)
        trap_statements.do_trap(self.state, name, coord)

    def gold(self, amount, coord, span=None):
        object_statements.do_gold(self.state, amount, coord)

    def mineralize(self, kelp_pool, kelp_moat, gold_prob, gem_prob, span=None):
        self.state.spend(2 * COLNO * ROWNO)     # two passes over the map (step limit)
        mineral.do_mineralize(self.state, kelp_pool, kelp_moat, gold_prob, gem_prob)

    def mon_generation(self, percent, entries, span=None):
        monster_statements.do_mon_generation(self.state, percent, entries)

    def sounds(self, frequency, entries, span=None):
        maps.do_sounds(self.state, frequency, entries)

    # -- a profile's declared extensions ------------------------------------------------
    def extension(self, kind, name, args, span=None):
        extensions.do_extension(self.state, kind, name, args, span)
