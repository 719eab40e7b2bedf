"""makemon(): the steps of making a monster that every maker shares (makemon.c).

Why a module of its own: a random kind is fitted to its spot (``rndmonst``,
``goodpos``, ``enexto``) and brings its group (``m_initgrp``); a new monster draws its
birth numbers, hides under an object, gets its weapons and inventory and decides
whether it is peaceful.  The MONSTER statement (:mod:`unlev.generate.monster_statements`),
special rooms, shops and temples all make monsters with the same :func:`makemon` and
move squatters with :func:`rloc`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Optional

from unlev.model.constants import DRY, HOT, SOLID, WET
from unlev.model.level import (
    COLNO, D_CLOSED, D_LOCKED, ROWNO, W_NONPASSWALL, Monster, Object, isok,
)
from unlev.populate import (inventory, inventory37, kinds, makemon37, mimic, mksobj, oinit,
                            shapechange, traps37)
from unlev.populate.context import MakeContext
from unlev.populate.make import add_monster, make_object, monster_data, random_corpse_kind
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG

G_NOGEN = data.load_table("monsters")["gen_flag_bits"]["G_NOGEN"]


def hide_object(st: MakeContext, mon: Monster, rng: RNG) -> None:
    """makemon.c _makemon(): while the level is being made, a spider or snake
    (classes ``s`` and ``S``) gets a random object on its square to hide under
    (``mkobj_at(0, x, y, TRUE)``) -- only ``if (x && y)``: on row 0 (or column 0)
    it gets none."""
    pm = mon.attrs.get("data")
    if pm is None or pm.class_name not in ("S_SPIDER", "S_SNAKE"):
        return
    if not (mon.x and mon.y):
        return
    kind = st.population_context().random_object(rng)
    make_object(st, mon.x, mon.y, kind, "hider", rng, artif=True)


def disposition(st: MakeContext, mon: Monster, rng: RNG) -> bool:
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
    if "peaceful" not in a:
        a["peaceful"] = peaceful
        a["peaceful_by_makemon"] = True      # (emin_draws may change it; popped by equip)
    if pm.class_name == "S_MIMIC":
        # set_mimic_sym(): the look and its draws; a shop keeps the look it gave
        look = mimic.set_mimic_sym(st, mon, rng)
        if a.get("from") == "shop mimic" and look is not None:
            a["appear_as"] = look
    # the draws are made whatever the des-file says: it sets its word after makemon
    asleep = False
    if pm.class_name == "S_LEPRECHAUN":
        asleep = True
    elif pm.class_name in ("S_JABBERWOCK", "S_NYMPH"):
        asleep = bool(rng.rn2(5))
    if asleep and "asleep" not in a:
        a["asleep"] = True
    return peaceful


def mklev_sleep(st: MakeContext, mon: Monster, rng: RNG) -> None:
    """_makemon() while the level is made (in_mklev): demons (not lords or princes),
    wumpuses, long worms and giant eels sleep 4 times in 5; after the special item."""
    pm = mon.attrs.get("data")
    if pm is None:
        return
    if (("M2_DEMON" in pm.m2 and "M2_LORD" not in pm.m2 and "M2_PRINCE" not in pm.m2)
            or pm.name in ("wumpus", "long worm", "giant eel")):
        if makemon37.hero_has_amulet(st):
            return                  # && !u.uhave.amulet: no draw (3.7's endgame)
        if rng.rn2(5) and "asleep" not in mon.attrs:
            mon.attrs["asleep"] = True


#: do_name.c ghostnames[]: how many names rndghostname() picks from
_GHOST_NAMES = 39


def named_at_birth(st: MakeContext, mon: Monster, rng: RNG) -> None:
    """_makemon()'s chain of special kinds before the special item: a ghost is
    christened with do_name.c rndghostname() (``rn2(7)``, then one of the names or
    the hero's); unlev keeps no name, the draws are made."""
    pm = mon.attrs.get("data")
    if pm is not None and pm.name == "ghost" and not shapechange.changes_at_birth(pm):
        if rng.rn2(7):
            rng.rn2(_GHOST_NAMES)


def emin_draws(st: MakeContext, mon: Monster, rng: RNG) -> None:
    """_makemon(): an aligned or high priest made without MM_EPRI/MM_EMIN (not a
    temple's priestini nor a des-file's roamer with an alignment), and one Angel in
    three made without MM_EMIN, becomes a roaming minion: its alignment
    ``rn2(3) - 1``, renegade 1 in 3; peaceful when of the hero's alignment and
    loyal, or of another and renegade."""
    pm = mon.attrs.get("data")
    a = mon.attrs
    if pm is None or a.get("priest") or "alignment" in a:
        return
    if pm.name in ("aligned priest", "high priest"):
        pass
    elif pm.name == "Angel":
        if rng.rn2(3):
            return
    else:
        return
    align = rng.rn2(3) - 1
    a["minion_align"] = align
    renegade = not rng.rn2(3)
    hero = getattr(st.run_context, "alignment", 0)
    a["born_peaceful"] = (not renegade) if align == hero else renegade
    if a.get("peaceful_by_makemon"):
        a["peaceful"] = a["born_peaceful"]


def equip(st: MakeContext, mon: Monster, rng: RNG) -> None:
    """The end of makemon.c _makemon(): a shape-changer takes its first form
    (:mod:`unlev.populate.shapechange`; the record keeps the species it was made as
    under ``shapechanger``), any other monster gets its own inventory
    (:func:`unlev.populate.inventory.equip`), after what it was given already."""
    pm = mon.attrs.get("data")
    if pm is None:
        return
    born_peaceful = mon.attrs.pop("born_peaceful") if "born_peaceful" in mon.attrs \
        else disposition(st, mon, rng)
    given = bool(mon.attrs.pop("special_given", False))
    mon.attrs.pop("peaceful_by_makemon", None)
    if shapechange.changes_at_birth(pm):
        form = shapechange.birth_form(pm, rng)
        if mon.attrs.get("appear_kind") == "monster":   # sp_lev.c: M_AP_MONSTER wins
            form = data.monster_named(str(mon.attrs.get("appear_as"))) or form
        if form is not None and form is not pm:
            # newcham(): mgender_from_permonst() (1 in 10 flips the gender of a form
            # that has either), then the new form's hit points
            if not ({"M2_MALE", "M2_FEMALE", "M2_NEUTER"} & form.m2):
                rng.rn2(10)
            newmonhp(st, form, rng, body=pm)
        # newcham(): born in that form, with nothing; its own form again ("still the
        # same monster", newcham returns 0) leaves _makemon's allow_minvent set, and
        # the shape-changer gets its inventory draws like any monster (Rog-loca seed 8)
        if form is not None and form is not pm:
            mon.id = form.name
            mon.attrs.update(data=form, shapechanger=pm.name)
            mon.attrs["class"] = form.symbol
            # newcham(): a long worm form gets its worm number and its tail at once
            worm_tail(st, mon, rng)
            return
        # newcham() returned 0 -- no form in 20 tries, or its own form ("still the
        # same monster"): it keeps its shape and gets its inventory like any other
        if form is pm:
            mon.attrs["shapechanger"] = pm.name
    seen = mon.attrs if born_peaceful == bool(mon.attrs.get("peaceful")) else \
        dict(mon.attrs, peaceful=born_peaceful)
    maker = inventory37.equip if inventory37.applies() else inventory.equip
    mon.attrs.setdefault("inventory", []).extend(
        maker(pm, mon.x, mon.y, rng, where_of(st), seen, with_special=not given))
    # _makemon(): a domestic animal that can wear one gets a saddle 1 time in 100
    # (the draw is made for every monster with an inventory): steed.c
    # put_saddle_on_mon() makes it, mksobj(SADDLE, TRUE, FALSE), and puts it on
    if not rng.rn2(100) and "M2_DOMESTIC" in pm.m2 and can_saddle(pm):
        saddle = data.object_named("saddle", "(")
        if saddle is not None:
            worn = Object(mon.x, mon.y, saddle.name, attrs={"class": "(", "worn": "saddle"})
            mksobj.next_ident(rng)
            mksobj.init_fields(worn, saddle, rng)
            mon.attrs["inventory"].append(worn)


# steed.c steeds[]: the classes that can be ridden
_STEED_CLASSES = ("S_QUADRUPED", "S_UNICORN", "S_ANGEL", "S_CENTAUR", "S_DRAGON",
                  "S_JABBERWOCK")


def can_saddle(pm) -> bool:
    """steed.c can_saddle(): a steed class, medium or bigger, not humanoid (but a
    centaur), not amorphous, noncorporeal, whirly or unsolid."""
    m1 = pm.m1
    return (pm.class_name in _STEED_CLASSES and pm.size_value >= 2
            and ("M1_HUMANOID" not in m1 or pm.class_name == "S_CENTAUR")
            and "M1_AMORPHOUS" not in m1 and pm.class_name != "S_GHOST"
            and pm.class_name != "S_VORTEX" and pm.name != "air elemental"
            and "M1_UNSOLID" not in m1)


def where_of(st: MakeContext) -> inventory.Where:
    """What of this level a new monster's equipment depends on (made again only when
    something it is made of changed: asked twice for every monster)."""
    lev = st.level
    key = (st.population_context(), id(lev), id(lev.context), lev.name,
           lev.flags.noteleport, id(st.run_context), st.rng.seed, data.active())
    made_of, made = st.where_cache
    if made_of == key:
        return made
    made = _where_of(st)
    st.where_cache = (key, made)
    return made


def _where_of(st: MakeContext) -> inventory.Where:
    lev = st.level
    race = str(getattr(st.run_context, "race", "") or "").lower()
    role = str(getattr(st.run_context, "role", "") or "")
    run = st.run_context
    game_seed = getattr(run, "game_seed", None)
    if game_seed is None:
        game_seed = st.rng.seed          # not known: the level seed stands for it
    cloak = oinit.object_with_description("opera cloak", "cloak of protection", game_seed,
                                          getattr(run, "serverseed", 0) or 0)
    where = inventory.Where(
        in_hell=st.population_context().in_gehennom,
        hero_sees_invisible=race == "elf" or role == "Monk",
        opera_cloak=cloak or "cloak of invisibility",
        difficulty=st.population_context().level_difficulty,
        in_mines=lev.context.in_mines, earth_level=lev.name == "earth",
        noteleport=lev.flags.noteleport,
        role=getattr(st.run_context, "role", "") or "", ledger_no=lev.context.ledger,
        level=lev, corpse_kind=lambda: random_corpse_kind(st), hero_race=race or "human")
    if inventory37.applies():
        return inventory37.where37(where, lev.context.dungeon_name)
    return where


_RIDERS = ("Death", "Famine", "Pestilence")
_HIT_DIE = {"MZ_TINY": 4, "MZ_SMALL": 6, "MZ_LARGE": 10, "MZ_HUGE": 12, "MZ_GIGANTIC": 15}


@data.clears_with_tables
@lru_cache(maxsize=None)
def _first_adult_dragon() -> int:
    """PM_GRAY_DRAGON: the first dragon after the babies (its name differs by variant)."""
    return min(m.index for m in data.monsters()
               if m.class_name == "S_DRAGON" and not m.name.startswith("baby "))


def birth_draws(st: MakeContext, pm, rng: RNG, mon: Optional[Monster] = None) -> None:
    """makemon.c _makemon()'s draws before the monster's kit: newmonhp()'s hit points
    (by adj_lev()'s level and the size's hit die) and the gender of a monster mons[]
    does not fix (the quest's leader and nemesis have theirs already).  unlev keeps
    neither value, but the game's monster stream moves on by these numbers, and where
    the next random monster stands depends on how far it has moved (MakeContext).
    First of all the monster's id (mkobj.c next_ident, ``rnd(2)``)."""
    mksobj.next_ident(rng)
    if traps37.applies():           # NetHack 3.7's hit points and gender draws
        makemon37.newmonhp(st, pm, rng)
        makemon37.gender_draw(pm, rng)
    else:
        newmonhp(st, pm, rng)
        if not ({"M2_FEMALE", "M2_MALE"} & pm.m2) and pm.sound not in ("MS_LEADER", "MS_NEMESIS"):
            rng.rn2(2)
    if mon is not None:
        # then peace_minded() and the sleep of some classes, before the hider's object,
        # the group and the inventory (equip() takes the answer from here)
        mon.attrs["born_peaceful"] = disposition(st, mon, rng)
        # _makemon()'s switch on the class right after peace_minded: a spider's or
        # snake's object to hide under comes before the special item (Scorpius's)
        hide_object(st, mon, rng)
        named_at_birth(st, mon, rng)
        special = inventory37.special_item if inventory37.applies() else inventory.special_item
        mon.attrs.setdefault("inventory", []).extend(
            special(pm, mon.x, mon.y, rng, where_of(st), mon.attrs))
        mon.attrs["special_given"] = True
        mklev_sleep(st, mon, rng)
        worm_tail(st, mon, rng)
        emin_draws(st, mon, rng)


MAX_NUM_WORMS = 32               # worm.c: wormno 1..31; a level with more gets no tails


def tail_squares(mon: Monster):
    """The squares of a long worm's tail segments (``coords`` tail1, tail2, ...)."""
    return [c for k, c in mon.coords.items() if k.startswith("tail")]


def occupied_squares(level) -> set:
    """Every square a monster stands on, a long worm's tail segments included
    (worm.c place_worm_seg puts the worm in level.monsters[][] there too)."""
    out = set()
    for m in level.monsters:
        out.add((m.x, m.y))
        out.update(tail_squares(m))
    return out


def worm_tail(st: MakeContext, mon: Monster, rng: RNG) -> None:
    """makemon.c _makemon(): a long worm with a free worm number (worm.c get_wormno)
    gets ``rn2(5)`` tail segments (initworm); place_worm_tail_randomly() lays them
    one after the other, each on a random neighbour of the last (random_dir) that
    goodpos() accepts, at most 50 tries a segment, the rest dropped when one finds
    no room.  The segments take their squares from later monsters."""
    pm = mon.attrs.get("data")
    if pm is None or pm.name != "long worm":
        return
    if sum(1 for m in st.level.monsters if m.attrs.get("wormno")) >= MAX_NUM_WORMS - 1:
        return
    mon.attrs["wormno"] = True
    segments = rng.rn2(5)
    ox, oy = mon.x, mon.y
    for k in range(1, segments + 1):
        tryct = 0
        while True:
            nx, ny = _random_dir(ox, oy, rng)
            # goodpos(.., worm, 0): no monster there, the worm's own squares included
            if goodpos(st, nx, ny, pm, rng, occupied_squares(st.level)) or tryct >= 50:
                break
            tryct += 1
        if tryct >= 50:
            return
        mon.coords[f"tail{k}"] = (nx, ny)
        ox, oy = nx, ny


def _random_dir(x: int, y: int, rng: RNG):
    """worm.c random_dir(): one of the squares next to (x, y), drawn as the C does."""
    if x > 1:
        nx = x + (rng.rn2(3) - 1 if x < COLNO else -rng.rn2(2))
    else:
        nx = x + rng.rn2(2)
    if nx == x:
        if y > 1:
            ny = y + ((1 if rng.rn2(2) else -1) if y < ROWNO else -1)
        else:
            ny = y + 1
    elif y > 1:
        ny = y + (rng.rn2(3) - 1 if y < ROWNO else -rng.rn2(2))
    else:
        ny = y + rng.rn2(2)
    return nx, ny


def newmonhp(st: MakeContext, pm, rng: RNG, body=None) -> None:
    """makemon.c newmonhp(): the hit points' draws (by adj_lev()'s level and the
    size's hit die); made at birth and again by newcham() for a new form.  The hit
    die is the size of the monster's current body (``mtmp->data``): newcham() asks
    before the monster takes the new form, so ``body`` is then the old one."""
    body = pm if body is None else body
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
        rng.d(m_lev, _HIT_DIE.get(body.size, 8))


def born(st: MakeContext, mon: Monster, rng: RNG) -> Monster:
    """What _makemon() does to any new monster while the level is made: the birth
    draws (with the hider's object), then the inventory."""
    birth_draws(st, mon.attrs["data"], rng, mon)
    equip(st, mon, rng)
    return mon


def make_group(st: MakeContext, pm, x: int, y: int, rng: RNG, asleep: bool = False) -> None:
    """makemon()'s companions of a random monster: a small group (G_SGROUP, half
    the time) or a large one (G_LGROUP); at hero level 1 that is 1 or 2 more,
    fewer when peace_minded() says a companion would be peaceful.

    makemon.c m_initgrp() makes each companion with the leader's own makemon flags
    (plus MM_NOGRP), so a leader made MM_ASLEEP (fill_zoo's) has sleeping
    companions: ``asleep``."""
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
        extra = {"asleep": True} if asleep else {}
        born(st, add_monster(st.level, mx, my, pm, "group", peaceful=False, **extra), rng)


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


def hero_alignment_record(run_context) -> int:
    """u.ualign.record when the game starts: attrib.c newhp() sets the role's
    initrecord, then u_init.c's race switch adjalign(-5) for a vampire (its gods
    start less pleased)."""
    record = _INIT_RECORD.get(str(getattr(run_context, "role", "")), 0)
    if str(getattr(run_context, "race", "") or "").lower() == "vampire":
        record -= 5
    return record


def peace_minded(st: MakeContext, pm, rng: RNG) -> bool:
    """makemon.c peace_minded() for a new hero of the run's role, race and alignment
    (the alignment record the hero starts with)."""
    if "M2_PEACEFUL" in pm.m2:
        return True
    if "M2_HOSTILE" in pm.m2:
        return False
    if pm.sound in ("MS_LEADER", "MS_GUARDIAN"):
        return True
    if pm.sound == "MS_NEMESIS":
        return False
    race = str(getattr(st.run_context, "race", "human") or "human").lower()
    role = str(getattr(st.run_context, "role", ""))
    love, hate = _RACE_LOVE.get(race, ()), _RACE_HATE.get(race, ())
    if role == "Convict":
        # u_init.c: a Convict is a pariah of its race, hated by the race's allies
        love, hate = (), hate + love
    if any(f in pm.m2 for f in love):
        return True
    if any(f in pm.m2 for f in hate):
        return False
    hero = getattr(st.run_context, "alignment", 0)
    mal = pm.alignment
    if (mal > 0) - (mal < 0) != (hero > 0) - (hero < 0):
        return False
    record = hero_alignment_record(st.run_context)
    if "M2_MINION" in pm.m2:
        return record >= 0
    return bool(rng.rn2(16 + max(record, -15))) and bool(rng.rn2(2 + abs(mal)))


def random_kind_for(st: MakeContext, x: int, y: int, rng: RNG):
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


def goodpos(st: MakeContext, x: int, y: int, pm, rng: RNG, occupied=None,
            no_monster: bool = False) -> bool:
    """teleport.c goodpos()/badpos() for a new monster of kind ``pm`` (None: any).
    ``occupied``: the monsters' squares, when the caller asks about many squares.
    ``no_monster``: the C's ``goodpos(x, y, NULL, 0)`` (fixup_special's statues),
    which asks no m_at() -- only a monster being placed is kept off another."""
    if not isok(x, y):
        return False
    if not no_monster and (
            (occupied is not None and (x, y) in occupied) or
            (occupied is None and st.monster_at(x, y) is not None)):
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
        # hack.c may_passwall(): a wall-walker may stand anywhere but in a wall or
        # tree made non-passwall -- on a boulder's floor square too, which the
        # boulder test below would refuse (castle-1 seed 2: a xorn on one)
        if "M1_WALLWALK" in m1 and may_passwall(st, x, y):
            return True
    if st.typ(x, y) < T.DOOR:
        return False
    # teleport.c badpos(): no monster on a closed (or locked) door but an amorphous one
    if st.typ(x, y) == T.DOOR and st.level.doormask_at(x, y) & (D_CLOSED | D_LOCKED) \
            and not (pm is not None and "M1_AMORPHOUS" in m1):
        return False
    if any(o.x == x and o.y == y and o.id == "boulder" for o in st.level.objects):
        return pm is not None and "M2_ROCKTHROW" in pm.m2
    return True


def may_passwall(st: MakeContext, x: int, y: int) -> bool:
    """hack.c may_passwall(): False only for a wall, stone or tree whose
    W_NONPASSWALL bit is set."""
    typ = st.typ(x, y)
    if typ <= T.DBWALL or typ in (T.TREE, T.DEADTREE):
        return not st.level.flg[x * ROWNO + y] & W_NONPASSWALL
    return True


def enexto(st: MakeContext, xx: int, yy: int, pm, rng: RNG):
    """teleport.c enexto(): a random good spot in the nearest ring around (xx, yy)."""
    good = []
    # one pass over the monsters, not one per square: a crowded level stays quadratic
    occupied = occupied_squares(st.level)
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
    """sp_lev.c pm_to_humidity(): where a monster may be put by a random coordinate.
    3.7's differs in two places: the breathless are not put in water, and lights float
    as eyes do."""
    game37 = traps37.applies()
    loc = DRY
    m1 = pm.m1
    if pm.class_name == "S_EEL" or "M1_AMPHIBIOUS" in m1 or "M1_SWIM" in m1 \
            or (not game37 and "M1_BREATHLESS" in m1):
        loc = WET
    if "M1_FLY" in m1 or pm.class_name == "S_EYE" or (game37 and pm.class_name == "S_LIGHT"):
        loc |= HOT | WET
    if "M1_WALLWALK" in m1 or pm.class_name == "S_GHOST":
        loc |= SOLID
    if pm.name in ("fire vortex", "flaming sphere", "fire elemental", "salamander"):
        loc |= HOT
    return loc


def rloc(st: MakeContext, mon: Monster, rng: RNG) -> bool:
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


def makemon(st: MakeContext, pm: Optional[data.Monster], x: int, y: int, origin: str,
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
    birth_draws(st, pm, rng, mon)
    if anymon:
        make_group(st, pm, x, y, rng, asleep=attrs.get("asleep") is True)
    equip(st, mon, rng)
    return mon


def rnd_goodpos(st: MakeContext, pm, rng: RNG):
    """makemon.c makemon_rnd_goodpos() while the level is made: 50 random squares
    (``rn1(COLNO - 3, 2)``, ``rn2(ROWNO)``) that goodpos() may accept, then the first
    good one of a scan of the map starting from the last square tried; None when the
    map has none (makemon() then makes nothing)."""
    nx = ny = 0
    for _ in range(50):
        nx, ny = rng.rn1(COLNO - 3, 2), rng.rn2(ROWNO)
        if goodpos(st, nx, ny, pm, rng):
            return nx, ny
    occupied = occupied_squares(st.level)
    for dx in range(COLNO):
        for dy in range(ROWNO):
            x = (dx + nx) % (COLNO - 1) + 1
            y = (dy + ny) % (ROWNO - 1) + 1
            if goodpos(st, x, y, pm, rng, occupied):
                return x, y
    return None


def makemon_anywhere(st: MakeContext, pm, origin: str, rng: Optional[RNG] = None,
                     **attrs) -> Optional[Monster]:
    """makemon(pm, 0, 0, ...): the monster on a random good square (rnd_goodpos)."""
    rng = rng or st.mon_rng
    spot = rnd_goodpos(st, pm, rng)
    if spot is None:
        return None
    return makemon(st, pm, spot[0], spot[1], origin, rng, **attrs)


def door_mimic(st: MakeContext):
    """mklev.c dosdoor()'s mimic on a trapped door (difficulty >= 9, one in five):
    ``makemon(mkclass(S_MIMIC, 0), x, y, NO_MM_FLAGS)``, a small, large or giant
    mimic by the level's difficulty, which set_mimic_sym() shows as a closed door
    (the square is a door: M_AP_FURNITURE, no random draw).  Returned as the
    ``mimic_hook`` of :func:`unlev.generate.mapgen.rogue.dosdoor`."""
    def hook(level, rng: RNG, x: int, y: int) -> None:
        pm = st.population_context().random_monster_of_class(rng, "m")
        if pm is None:
            return
        makemon(st, pm, x, y, "trapped door", appear_kind="feature", appear_as="closed door")
    return hook
