"""MONSTER and MON_GENERATION, and the makemon() steps every populator shares.

Why a module of its own: a monster's kind is chosen on the monster stream
(sp_lev.c ``create_monster``: a named kind, a class, or ``rndmonst`` fitted to the
spot), placed by ``pm_to_humidity`` and ``enexto``, and a random kind brings its
group (makemon.c ``m_initgrp``); special rooms, shops and temples make monsters with
the same :func:`makemon` and move squatters with :func:`rloc`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

from unlev.lang.values import Coord, MonsterValue
from unlev.stdlib import data
from unlev.populate import placeholders
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.model.level import (
    COLNO, ROWNO, Monster, isok,
)
from unlev.generate.maze import (
    DRY, WET, HOT, SOLID, NO_LOC_WARN,
)
from unlev.populate.make import (
    ALIGN_NAMES, add_monster, des_monster_attrs, mon_generation_record,
)

from unlev.generate.state import BuildState
from unlev.generate.alignment import amask2align, amask_of, sp_amask_to_amask
from unlev.populate.make import make_object, monster_data
from unlev.populate import inventory, kinds, mplayer, shapechange
from unlev.generate import locations

G_NOGEN = data.load_table("monsters")["gen_flag_bits"]["G_NOGEN"]



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
    record = des_monster_attrs(attrs)
    record["spot"] = "random" if coord.random else "fixed"   # the des-file chose it
    if placeholders.is_placeholder(pm):
        record["placeholder"] = True
    if attrs.get("align") is not None:
        al = amask2align(amask)
        record["alignment"] = ALIGN_NAMES.get(al, str(al))
    mon = add_monster(lev, x, y, pm, "des", **record)
    birth_draws(st, pm, rng)
    hide_object(st, mon, rng)
    if anymon:
        make_group(st, pm, x, y, rng)
    equip(st, mon, rng)
    if attrs.get("align") is None and pm.name in mplayer.ROLE_MONSTERS:
        # sp_lev.c create_monster: a role monster of random alignment is mk_mplayer()'s,
        # which makes it hostile before its gear (rnd_misc_item may then give
        # invisibility); the des-file's peaceful comes afterwards
        mon.attrs["inventory"].extend(
            mplayer.mplayer_items(pm, mon.x, mon.y, rng, where_of(st),
                                  dict(mon.attrs, peaceful=False)))
        if attrs.get("peaceful") not in (0, 1):      # mk_mplayer; the des-file's word wins
            mon.attrs["peaceful"] = False
    return mon


def hide_object(st: BuildState, mon: Monster, rng: RNG) -> None:
    """makemon.c _makemon(): while the level is being made, a spider or snake
    (classes ``s`` and ``S``) gets a random object on its square to hide under
    (``mkobj_at(0, x, y, TRUE)``)."""
    pm = mon.attrs.get("data")
    if pm is None or pm.class_name not in ("S_SPIDER", "S_SNAKE"):
        return
    kind = st.population_context().random_object(rng)
    make_object(st, mon.x, mon.y, kind, "hider", rng)


def disposition(st: BuildState, mon: Monster, rng: RNG) -> bool:
    """_makemon()'s peacefulness (peace_minded; a unicorn of the hero's alignment is
    peaceful, an orc never is to an elf) and sleep (leprechauns always, nymphs and
    jabberwocks 4 in 5; while the level is made, demons, wumpuses, long worms and
    giant eels 4 in 5); a des-file's or a filler's own word is kept.

    Returns makemon's own peacefulness, which m_initinv sees (rnd_misc_item: no
    invisibility for a peaceful monster): makemon always runs peace_minded, and
    sp_lev.c create_monster or a filler sets its own word only after makemon."""
    pm = mon.attrs.get("data")
    a = mon.attrs
    if pm is None:
        return bool(a.get("peaceful"))
    peaceful = peace_minded(st, pm, rng)
    hero = getattr(st.run_context, "alignment", 0)
    race = str(getattr(st.run_context, "race", "human") or "human").lower()
    if pm.class_name == "S_ORC" and race == "elf":
        peaceful = False
    elif pm.class_name == "S_UNICORN" and "M2_JEWELS" in pm.m2 and \
            (hero > 0) - (hero < 0) == (pm.alignment > 0) - (pm.alignment < 0):
        peaceful = True
    if "M2_DEMON" in pm.m2 and "M2_PRINCE" in pm.m2 and pm.sound == "MS_BRIBE":
        peaceful = True              # a demon prince who takes bribes waits to talk
    a.setdefault("peaceful", peaceful)
    if "asleep" not in a:
        asleep = False
        if pm.class_name == "S_LEPRECHAUN":
            asleep = True
        elif pm.class_name in ("S_JABBERWOCK", "S_NYMPH"):
            asleep = bool(rng.rn2(5))
        if not asleep and (("M2_DEMON" in pm.m2 and "M2_LORD" not in pm.m2
                            and "M2_PRINCE" not in pm.m2)
                           or pm.name in ("wumpus", "long worm", "giant eel")):
            asleep = bool(rng.rn2(5))
        if asleep:
            a["asleep"] = True
    return peaceful


def equip(st: BuildState, mon: Monster, rng: RNG) -> None:
    """The end of makemon.c _makemon(): a shape-changer takes its first form
    (:mod:`unlev.populate.shapechange`; the record keeps the species it was made as
    under ``shapechanger``), any other monster gets its own inventory
    (:func:`unlev.populate.inventory.equip`), after what it was given already."""
    pm = mon.attrs.get("data")
    if pm is None:
        return
    born_peaceful = disposition(st, mon, rng)
    if shapechange.changes_at_birth(pm):
        form = shapechange.birth_form(pm, rng)
        if mon.attrs.get("appear_kind") == "monster":   # sp_lev.c: M_AP_MONSTER wins
            form = data.monster_named(str(mon.attrs.get("appear_as"))) or form
        if form is not None:              # newcham(): born in that form, with nothing
            mon.id = form.name
            mon.attrs.update(data=form, shapechanger=pm.name)
            mon.attrs["class"] = form.symbol
            return
    seen = mon.attrs if born_peaceful == bool(mon.attrs.get("peaceful")) else \
        dict(mon.attrs, peaceful=born_peaceful)
    mon.attrs.setdefault("inventory", []).extend(
        inventory.equip(pm, mon.x, mon.y, rng, where_of(st), seen))


def where_of(st: BuildState) -> inventory.Where:
    """What of this level a new monster's equipment depends on."""
    lev = st.level
    return inventory.Where(
        difficulty=st.population_context().level_difficulty,
        in_mines=lev.context.in_mines, earth_level=lev.name == "earth",
        noteleport=lev.flags.noteleport,
        role=getattr(st.run_context, "role", "") or "", ledger_no=lev.context.ledger,
        level=lev)


_RIDERS = ("Death", "Famine", "Pestilence")
_HIT_DIE = {"MZ_TINY": 4, "MZ_SMALL": 6, "MZ_LARGE": 10, "MZ_HUGE": 12, "MZ_GIGANTIC": 15}


@lru_cache(maxsize=None)
def _first_adult_dragon() -> int:
    """PM_GRAY_DRAGON: the first dragon after the babies (its name differs by variant)."""
    return min(m.index for m in data.monsters()
               if m.class_name == "S_DRAGON" and not m.name.startswith("baby "))


def birth_draws(st: BuildState, pm, rng: RNG) -> None:
    """makemon.c _makemon()'s draws before the monster's kit: newmonhp()'s hit points
    (by adj_lev()'s level and the size's hit die) and the gender of a monster mons[]
    does not fix (the quest's leader and nemesis have theirs already).  unlev keeps
    neither value, but the game's monster stream moves on by these numbers, and where
    the next random monster stands depends on how far it has moved (BuildState)."""
    pctx = st.population_context()
    m_lev = kinds.adj_lev(pm, pctx.level_difficulty, pctx.hero_level)
    if pm.class_name == "S_GOLEM" or pm.level > 49:
        pass
    elif pm.name in _RIDERS:
        rng.d(8, 8)
    elif pm.class_name == "S_DRAGON" and pctx.plane is not None and \
            pm.index >= _first_adult_dragon():
        rng.d(m_lev, 8)
    elif m_lev == 0:
        rng.rnd(4)
    elif pm.sound == "MS_LEADER":
        rng.rnd(30)
    else:
        rng.d(m_lev, _HIT_DIE.get(pm.size, 8))
    if not ({"M2_FEMALE", "M2_MALE"} & pm.m2) and pm.sound not in ("MS_LEADER", "MS_NEMESIS"):
        rng.rn2(2)


def born(st: BuildState, mon: Monster, rng: RNG) -> Monster:
    """What _makemon() does to any new monster while the level is made: the hider's
    object, then the inventory."""
    birth_draws(st, mon.attrs["data"], rng)
    hide_object(st, mon, rng)
    equip(st, mon, rng)
    return mon


def make_group(st: BuildState, pm, x: int, y: int, rng: RNG) -> None:
    """makemon()'s companions of a random monster: a small group (G_SGROUP, half
    the time) or a large one (G_LGROUP); at hero level 1 that is 1 or 2 more,
    fewer when peace_minded() says a companion would be peaceful."""
    flags = pm.gen_flags
    if "G_SGROUP" in flags and rng.rn2(2):
        n = 3
    elif "G_LGROUP" in flags:
        n = 10 if rng.rn2(3) else 3
    else:
        return
    cnt = max(rng.rnd(n) // 4, 1)          # u.ulevel < 3: a quarter
    mx, my = x, y
    for _ in range(cnt):
        if peace_minded(st, pm, rng):
            continue
        spot = enexto(st, mx, my, pm, rng)
        if spot is None:
            continue
        mx, my = spot
        born(st, add_monster(st.level, mx, my, pm, "group", peaceful=False), rng)


# role.c urole.initrecord: the hero's alignment record when the game starts
_INIT_RECORD = {"Archeologist": 10, "Barbarian": 10, "Caveman": 0, "Cavewoman": 0,
                "Convict": -10, "Healer": 10, "Knight": 10, "Monk": 10, "Priest": 0,
                "Priestess": 0, "Rogue": 10, "Ranger": 10, "Samurai": 10, "Tourist": 0,
                "Valkyrie": 0, "Wizard": 0}
# role.c races[]: which monster races the hero's race loves and hates (M2_ flags)
_RACE_LOVE = {"elf": ("M2_ELF",), "dwarf": ("M2_DWARF", "M2_GNOME"),
              "gnome": ("M2_DWARF", "M2_GNOME")}
_RACE_HATE = {"human": ("M2_GNOME", "M2_ORC"), "elf": ("M2_ORC",), "dwarf": ("M2_ORC",),
              "gnome": ("M2_HUMAN",), "orc": ("M2_HUMAN", "M2_ELF", "M2_DWARF"),
              "vampire": ("M2_ELF", "M2_GNOME", "M2_DWARF", "M2_ORC")}


def peace_minded(st: BuildState, pm, rng: RNG) -> bool:
    """makemon.c peace_minded() for a new hero of the run's role, race and alignment
    (the alignment record the role starts with)."""
    if "M2_PEACEFUL" in pm.m2:
        return True
    if "M2_HOSTILE" in pm.m2:
        return False
    if pm.sound in ("MS_LEADER", "MS_GUARDIAN"):
        return True
    if pm.sound == "MS_NEMESIS":
        return False
    race = str(getattr(st.run_context, "race", "human") or "human").lower()
    if any(f in pm.m2 for f in _RACE_LOVE.get(race, ())):
        return True
    if any(f in pm.m2 for f in _RACE_HATE.get(race, ())):
        return False
    hero = getattr(st.run_context, "alignment", 0)
    mal = pm.alignment
    if (mal > 0) - (mal < 0) != (hero > 0) - (hero < 0):
        return False
    record = _INIT_RECORD.get(str(getattr(st.run_context, "role", "")), 0)
    if "M2_MINION" in pm.m2:
        return record >= 0
    return bool(rng.rn2(16 + max(record, -15))) and bool(rng.rn2(2 + abs(mal)))


def random_kind_for(st: BuildState, x: int, y: int, rng: RNG):
    """_makemon(NULL, x, y): rndmonst() until the kind can live on the spot (at
    most 51 draws; the last one is kept anyway)."""
    pctx = st.population_context()
    tryct = 0
    while True:
        pm = pctx.random_monster(rng)
        if pm is None:
            return None
        if goodpos(st, x, y, pm, rng) or tryct >= 50:
            return pm
        tryct += 1


def goodpos(st: BuildState, x: int, y: int, pm, rng: RNG, occupied=None) -> bool:
    """``occupied``: the monsters' squares, when the caller asks about many squares."""
    if not isok(x, y):
        return False
    if (occupied is not None and (x, y) in occupied) or \
            (occupied is None and st.monster_at(x, y) is not None):
        return False
    m1 = pm.m1 if pm is not None else frozenset()
    if pm is not None:
        if st.is_pool(x, y):
            return ("M1_SWIM" in m1 or pm.class_name == "S_EYE" or "M1_FLY" in m1
                    or "M1_CLING" in m1)
        if pm.class_name == "S_EEL" and rng.rn2(13):
            return False
        if st.is_lava(x, y):
            if pm.name == "floating eye":
                return False
            return (pm.class_name == "S_EYE" or "M1_FLY" in m1
                    or pm.name in ("fire elemental", "salamander"))
        if "M1_WALLWALK" in m1 and st.typ(x, y) < T.POOL:
            return True
    if st.typ(x, y) < T.DOOR:
        return False
    if any(o.x == x and o.y == y and o.id == "boulder" for o in st.level.objects):
        return pm is not None and "M2_ROCKTHROW" in pm.m2
    return True


def enexto(st: BuildState, xx: int, yy: int, pm, rng: RNG):
    """teleport.c enexto(): a random good spot in the nearest ring around (xx, yy)."""
    good = []
    # one pass over the monsters, not one per square: a crowded level stays quadratic
    occupied = {(m.x, m.y) for m in st.level.monsters}
    rangemax = max(max(xx - 1, COLNO - 1 - xx), max(yy, ROWNO - 1 - yy))
    rng_ = 1
    while True:
        xmin, xmax = max(1, xx - rng_), min(COLNO - 1, xx + rng_)
        ymin, ymax = max(0, yy - rng_), min(ROWNO - 1, yy + rng_)
        for x in range(xmin, xmax + 1):
            for y in (ymin, ymax):
                if goodpos(st, x, y, pm, rng, occupied):
                    good.append((x, y))
                    if len(good) >= 15:
                        break
            if len(good) >= 15:
                break
        if len(good) < 15:
            for y in range(ymin, ymax):
                for x in (xmin, xmax):
                    if goodpos(st, x, y, pm, rng, occupied):
                        good.append((x, y))
                        if len(good) >= 15:
                            break
                if len(good) >= 15:
                    break
        rng_ += 1
        if good or rng_ > rangemax:
            break
    if not good:
        return None
    return good[rng.rn2(len(good))]


def pm_to_humidity(pm) -> int:
    """sp_lev.c pm_to_humidity(): where a monster may be put by a random coordinate."""
    loc = DRY
    m1 = pm.m1
    if pm.class_name == "S_EEL" or "M1_AMPHIBIOUS" in m1 or "M1_BREATHLESS" in m1 or "M1_SWIM" in m1:
        loc = WET
    if "M1_FLY" in m1 or pm.class_name == "S_EYE":
        loc |= HOT | WET
    if "M1_WALLWALK" in m1 or pm.class_name == "S_GHOST":
        loc |= SOLID
    if pm.name in ("fire vortex", "flaming sphere", "fire elemental", "salamander"):
        loc |= HOT
    return loc


def rloc(st: BuildState, mon: Monster, rng: RNG) -> bool:
    """teleport.c rloc(): move a monster to a random spot it can stand on (random
    tries, then a scan); False when the level has none."""
    pm = monster_data(mon)
    others = [m for m in st.level.monsters if m is not mon]
    saved = st.level.monsters
    st.level.monsters = others
    try:
        for _ in range(500):
            x = rng.rn1(COLNO - 3, 2)
            y = rng.rn2(ROWNO)
            if goodpos(st, x, y, pm, rng):
                mon.x, mon.y = x, y
                return True
        for x in range(1, COLNO):
            for y in range(ROWNO):
                if isok(x, y) and goodpos(st, x, y, pm, rng):
                    mon.x, mon.y = x, y
                    return True
    finally:
        st.level.monsters = saved
    return False


def makemon(st: BuildState, pm: Optional[data.Monster], x: int, y: int, origin: str,
            rng: Optional[RNG] = None, **attrs) -> Optional[Monster]:
    """makemon(pm, x, y, ...) on a given square: nothing when the square is taken or
    off the map; a random kind (rndmonst() fitted to the spot) with its group when
    ``pm`` is None.  Draws from the monster stream."""
    rng = rng or st.mon_rng
    if not isok(x, y) or st.monster_at(x, y) is not None:
        return None
    anymon = pm is None
    if anymon:
        pm = random_kind_for(st, x, y, rng)
        if pm is None:
            return None
    mon = add_monster(st.level, x, y, pm, origin, **attrs)
    birth_draws(st, pm, rng)
    hide_object(st, mon, rng)
    if anymon:
        make_group(st, pm, x, y, rng)
    equip(st, mon, rng)
    return mon
