"""MONSTER and MON_GENERATION: the des-file's monsters (sp_lev.c ``create_monster``,
spo_lev.c ``spo_monster``, ``spo_mon_generation``).

Why a module of its own: a monster's kind is chosen on the monster stream (a named
kind, a class, or ``rndmonst`` fitted to the spot), placed through the loader's
``get_location`` (:mod:`unlev.generate.locations`) within the current room, and then
made by the population's :mod:`~unlev.populate.makemon`; a monster with an inventory
block becomes the holder of the OBJECTs that follow (the loader's monster stack).
"""

from __future__ import annotations

from typing import Optional

from unlev.generate import locations
from unlev.generate.alignment import amask2align, amask_of, sp_amask_to_amask
from unlev.generate.state import BuildState
from unlev.lang.values import Coord, MonsterValue
from unlev.model.constants import DRY, NO_LOC_WARN
from unlev.model.level import COLNO, ROWNO, Monster
from unlev.populate import mplayer, placeholders, questmon
from unlev.populate.make import ALIGN_NAMES, add_monster, des_monster_attrs, mon_generation_record
from unlev.populate.makemon import (
    G_NOGEN, birth_draws, enexto, equip, make_group, pm_to_humidity,
    random_kind_for, where_of,
)


# -- records without map effects ----------------------------------------------------------
def do_mon_generation(st: BuildState, percent: int, entries):
    """spo_mon_generation(): the level's own random-monster table (kept for
    the random monsters made after it, see populate.LevelContext.mon_gen)."""
    if "mon_generation" in st.level.extras:
        st.warn("monster generation override already defined.")
        return
    st.level.extras["mon_generation"] = mon_generation_record(percent, entries)


# -- monsters ----------------------------------------------------------------------------
def begin_monster(st: BuildState, monster: MonsterValue, coord: Coord, attrs: dict,
                  has_inventory: bool) -> None:
    mon = create_monster(st, monster, coord, attrs)
    if mon is not None and has_inventory:
        mon.attrs["inventory"] = []     # sp_lev.c create_monster: discard_minvent()
    st.monster_stack.append(st.invent_monster)
    st.invent_monster = mon if (mon is not None and has_inventory) else None


def end_monster(st: BuildState) -> None:
    st.invent_monster = st.monster_stack.pop() if st.monster_stack else None


def create_monster(st: BuildState, mv: MonsterValue, coord: Coord, attrs: dict) -> Optional[Monster]:
    """create_monster() with the monster stream: kind, then place."""
    rng = st.mon_rng
    lev = st.level
    pctx = st.population_context()
    amask = sp_amask_to_amask(st, amask_of(attrs.get("align")), rng)
    pm = None
    if mv is not None and not mv.is_random:
        if mv.name is not None:
            pm = placeholders.monster_kind(st, mv.name, mv.cls)
        else:
            pm = pctx.random_monster_of_class(rng, mv.cls, spc=G_NOGEN)
    if pm is not None and lev.context.in_mines:
        race = getattr(st.run_context, "race", "human")
        flag = {"dwarf": "M2_DWARF", "gnome": "M2_GNOME"}.get(race)
        if flag and flag in pm.m2 and rng.rn2(3):
            pm = None
    if pm is not None:
        loc = pm_to_humidity(pm)
        x, y = locations.get_location_coord_rng(st, coord, loc | NO_LOC_WARN, rng)
        if x == -1 and y == -1:
            loc |= DRY
            x, y = locations.get_location_coord_rng(st, coord, loc, rng)
    else:
        x, y = locations.get_location_coord_rng(st, coord, DRY, rng)
    if st.monster_at(x, y) is not None:
        spot = enexto(st, x, y, pm, rng)
        if spot is None:
            # makemon() refuses an occupied spot; on a full level every further one is
            # refused after a scan of the whole map, so they count as failed placements
            locations.count_failed_placement(st)
            return None
        x, y = spot
    croom = st.croom
    if croom is not None and not croom.inside(x, y):
        return None
    anymon = pm is None
    if anymon:
        pm = random_kind_for(st, x, y, rng)
        if pm is None:
            return None
    if not (0 <= x < COLNO and 0 <= y < ROWNO):
        return None
    pm = questmon.as_in_game(pm, st.run_context)     # role.c role_init's fix-ups
    record = des_monster_attrs(attrs)
    record["spot"] = "random" if coord.random else "fixed"   # the des-file chose it
    if placeholders.is_placeholder(pm):
        record["placeholder"] = True
    if attrs.get("align") is not None:
        al = amask2align(amask)
        record["alignment"] = ALIGN_NAMES.get(al, str(al))
    mon = add_monster(lev, x, y, pm, "des", **record)
    birth_draws(st, pm, rng, mon)       # with the hider's object
    if anymon:
        make_group(st, pm, x, y, rng)
    equip(st, mon, rng)
    if attrs.get("align") is None and pm.name in mplayer.ROLE_MONSTERS:
        # sp_lev.c create_monster: a role monster of random alignment is mk_mplayer()'s,
        # which makes it hostile before its gear (rnd_misc_item may then give
        # invisibility); the des-file's peaceful comes afterwards
        mon.attrs["inventory"] = mplayer.mplayer_items(
            pm, mon.x, mon.y, rng, where_of(st), dict(mon.attrs, peaceful=False),
            have=mon.attrs["inventory"])
        if attrs.get("peaceful") not in (0, 1):      # mk_mplayer; the des-file's word wins
            mon.attrs["peaceful"] = False
    return mon
