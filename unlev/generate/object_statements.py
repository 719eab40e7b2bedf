"""OBJECT, CONTAINER and GOLD: objects where the des-file puts them, into the
monster or container being filled (sp_lev.c ``create_object``, spo_lev.c
``spo_object``, ``spo_gold``).

Why a module of its own: an object's kind, quantity and curse come from the des-file
or the game's random tables (:mod:`~unlev.populate.kinds`, :func:`~unlev.populate.make.mkgold`), its place from
:mod:`~unlev.generate.locations`, and it may land in an inventory or a box; the
loader's container stack lives in :class:`~unlev.generate.state.BuildState`.
"""

from __future__ import annotations

from typing import Optional

from unlev.generate import locations
from unlev.generate.state import BuildState
from unlev.lang.values import Coord, MonsterValue, ObjectValue
from unlev.model.constants import DRY
from unlev.model.level import Object
from unlev.populate import artifacts, food, inventory, placeholders
from unlev.populate.make import (
    des_object_attrs, init_object, mkgold, new_object,
)
from unlev.populate import makemon
from unlev.populate.makemon import G_NOGEN, where_of
from unlev.populate.merge import add_to_container, add_to_inventory, stackobj
from unlev.populate.mksobj import blessorcurse, next_ident
from unlev.stdlib import data
from unlev.stdlib import terrain as T


def do_gold(st: BuildState, amount: int, coord: Coord):
    x, y = locations.get_location_coord(st, coord, DRY)
    if amount == -1:
        amount = st.rng.rnd(200)
    mkgold(st, amount, x, y, st.rng)


# -- objects -----------------------------------------------------------------------------
def do_object(st: BuildState, object: ObjectValue, coord, attrs: dict):
    spo_object(st, object, coord, attrs, container=False)


def begin_container(st: BuildState, object: ObjectValue, coord, attrs: dict):
    spo_object(st, object, coord, attrs, container=True)


def end_container(st: BuildState) -> None:
    if st.containers:
        st.containers.pop()


def spo_object(st: BuildState, ov: ObjectValue, coord, attrs: dict, container: bool) -> None:
    specific = None
    if ov is not None and ov.name is not None:
        specific = placeholders.object_kind(st, ov.name, ov.cls)
    quan = attrs.get("quantity", -1)
    quancnt = quan if specific is not None else 0
    first = True
    while True:
        if not first:
            # a non-merging quantity makes that many objects: each is an entity and
            # work (the GameBuilder counted the first)
            st.spend(25)
            st.room_for_entity(st.level.objects, "objects")
        first = False
        create_object(st, ov, specific, coord, attrs, container)
        quancnt -= 1
        if not (quancnt > 0 and specific is not None and not specific.merge):
            break


def create_object(st: BuildState, ov: ObjectValue, specific, coord, attrs: dict,
                   container: bool) -> None:
    rng = st.rng
    if coord is None:
        coord = Coord(0, 0, True, 0)
    x, y = locations.get_location_coord(st, coord, DRY)
    pctx = st.population_context()
    if ov is None or ov.is_random:
        kind = pctx.random_object(rng)
    elif specific is not None:
        kind = specific
    elif ov.cls == "$":
        gold = mkgold(st, 0, x, y, rng)
        if attrs.get("quantity", -1) > 0:      # gold merges: the quantity replaces
            gold.attrs["quantity"] = attrs["quantity"]
        gold.attrs["spot"] = "random" if coord.random else "fixed"
        place_object(st, gold, attrs, container, already_placed=True)
        return
    else:
        kind = pctx.random_object(rng, ov.cls)
    record = des_object_attrs(attrs)
    if attrs.get("quantity", -1) > 0 and kind.merge:
        record["quantity"] = attrs["quantity"]
    mt = record.get("montype")
    random_montype = isinstance(mt, MonsterValue) and mt.name is None and mt.cls is None
    if random_montype:
        del record["montype"]        # sp_lev.c: rndmonnum() after mksobj, see below
    elif isinstance(mt, MonsterValue):
        record["montype"] = corpsenm(st, mt, pctx)
    record["spot"] = "random" if coord.random else "fixed"   # the des-file chose it
    if placeholders.is_placeholder(kind):
        record["placeholder"] = True
    partial = record.pop("curse") if record.get("curse") in PARTIAL_CURSES else None
    # mksobj() first, with a monster of its own where it draws one; the des-file's
    # monster replaces it below
    obj = new_object(x, y, kind, "des", buried=bool(attrs.get("buried")),
                     **{k: v for k, v in record.items() if k != "montype"})
    next_ident(rng)                                   # mksobj's o_id
    # create_object(): mkobj_at/mksobj_at(..., artif = !named)
    init_object(st, obj, kind, rng, artif=not attrs.get("name"))
    if attrs.get("name"):
        artifacts.named(st.level, obj, str(attrs["name"]))
    if partial is not None:
        partial_curse(obj, partial, rng)
    if random_montype:
        record["montype"] = corpsenm(st, mt, pctx)
    if "montype" in record:
        timed_egg = kind.name == "egg" and bool(obj.attrs.get("montype"))
        set_corpsenm_draws(kind.name, record["montype"], rng, timed_egg)
    for key in ("locked", "trapped", "montype"):      # the des-file's word wins
        if key in record:
            obj.attrs[key] = record[key]
    if record.get("broken"):
        obj.attrs["locked"] = False
    if container:
        obj.contents.clear()                          # delete_contents()
    if kind.name == "statue" and st.level.name.startswith("medusa") and "montype" not in record:
        petrified(st, obj)
    place_object(st, obj, attrs, container)


def set_corpsenm_draws(kind_name: str, montype, rng, timed_egg: bool = False) -> None:
    """mkobj.c set_corpsenm(), which sp_lev.c create_object() calls for the des-file's
    monster after mksobj() made the object with one of its own: a corpse's rotting
    timer starts again; an egg of a monster gets its hatching time, unless mksobj()
    typed it already (a hatching egg keeps the time it had)."""
    if not montype:
        return
    if kind_name == "corpse":
        food.corpse_timer(montype, rng)
    elif kind_name == "egg" and not timed_egg:
        food.egg_hatch_timer(rng)


# NetHack 3.7's partial curse states (sp_lev.c get_table_buc), which only Lua levels give
PARTIAL_CURSES = (4, 5, 6)


def partial_curse(obj: Object, state: int, rng) -> None:
    """sp_lev.c create_object, 3.7: not-cursed uncurses what mksobj made, not-blessed
    unblesses it, not-uncursed blesses or curses an uncursed one (blessorcurse 1)."""
    made = obj.attrs.get("curse")
    if state == 4 and made == "cursed" or state == 6 and made == "blessed":
        obj.attrs.pop("curse", None)
    elif state == 5:
        blessorcurse(obj.attrs, 1, rng)


def petrified(st: BuildState, obj: Object) -> None:
    """sp_lev.c create_object() on Medusa's level: a statue the des-file gave no
    monster is a petrified monster.  The game makes the monster -- of the statue's
    random kind, then of rndmonnum()'s, until one could be stoned -- with
    ``makemon(.., 0, 0)`` on a random good square (a snake's or spider's object to
    hide under stays there on the floor), moves what it carries into the statue and
    removes it; one that cannot be stoned is removed with its inventory."""
    pctx = st.population_context()
    pm = data.monster_named(obj.attrs.get("montype") or "")
    for _ in range(1000):
        was = None
        if pm is not None:
            was = makemon.makemon_anywhere(st, pm, "petrified")
        if was is not None:
            st.level.monsters.remove(was)          # mongone()
            if not _stoneproof(pm):
                obj.attrs["montype"] = pm.name
                obj.contents.extend(was.attrs.get("inventory") or [])
                return
            # mon.c mongone() -> steal.c mdrop_special_objs(): obj_resists(obj, 0, 0)
            # draws rn2(100) (main stream) for each thing it carried, but for the
            # invocation items, the Amulet and a Rider's corpse
            for carried in was.attrs.get("inventory") or ():
                if carried.id not in _ALWAYS_RESIST:
                    st.rng.rn2(100)
        pm = pctx.rndmonnum(st.mon_rng)


_ALWAYS_RESIST = ("Amulet of Yendor", "Book of the Dead", "Candelabrum of Invocation",
                  "Bell of Opening")


def _stoneproof(pm) -> bool:
    """mondata.h resists_ston() / poly_when_stoned(): no statue of these."""
    return "MR_STONE" in pm.resists or (pm.class_name == "S_GOLEM" and pm.name != "stone golem")


def corpsenm(st: BuildState, mt: MonsterValue, pctx) -> Optional[str]:
    """The monster of a corpse/statue/figurine: mkclass() draws from the main
    stream, rndmonst() from the monster stream (the game wraps only the latter)."""
    if mt.name is not None:
        return mt.name
    if mt.cls is not None:
        pm = pctx.random_monster_of_class(st.rng, mt.cls, spc=G_NOGEN)
    else:
        pm = pctx.rndmonnum(st.mon_rng)
    return pm.name if pm is not None else None


_RIDERS = ("Death", "Famine", "Pestilence")
# objclass.h is_organic(): materials up to WOOD
_ORGANIC = ("LIQUID", "WAX", "VEGGY", "FLESH", "PAPER", "CLOTH", "LEATHER", "WOOD")


def bury_an_obj(st: BuildState, obj: Object) -> bool:
    """dig.c bury_an_obj() for a des-file's buried object (sp_lev.c create_object):
    obj_resists(obj, 0, 0) draws rn2(100) for all but the invocation items, the
    Amulet and Riders' corpses, which stay on the floor unburied; a rock not under
    ice merges into the ground (gone: returns False); organic things (potions
    under ice) start rotting unless obj_resists(obj, 5, 95), the timer's rnd(250)."""
    rng = st.rng
    if obj.id in _ALWAYS_RESIST or (obj.id == "corpse" and obj.attrs.get("montype") in _RIDERS):
        obj.buried = False
        return True
    rng.rn2(100)
    under_ice = st.typ(obj.x, obj.y) == T.ICE
    if obj.id == "rock" and not under_ice:
        return False
    if obj.id == "corpse":
        return True
    kind = data.object_named(str(obj.id), obj.attrs.get("class"))
    if kind is None:
        return True
    rots = kind.class_symbol == "!" if under_ice else kind.material in _ORGANIC
    if rots and not rng.rn2(100) < (95 if obj.attrs.get("artifact") else 5):
        rng.rnd(250)
    return True


def place_object(st: BuildState, obj: Object, attrs: dict, container: bool,
                  already_placed: bool = False) -> None:
    lev = st.level
    inside = bool(st.containers)
    if inside or st.invent_monster is not None:
        if already_placed and obj in lev.objects:
            lev.objects.remove(obj)
        if inside:
            holder = st.containers[-1]
            if holder is not None:
                obj.x, obj.y = holder.x, holder.y      # carried: where its holder is
                add_to_container(holder, obj)
            elif container:
                st.containers.append(None)       # its contents vanish with it
                return
        else:
            holder = st.invent_monster
            obj.x, obj.y = holder.x, holder.y
            # mpickobj() -> add_to_minv(): an identical stack takes it in
            add_to_inventory(holder.attrs.setdefault("inventory", []), obj)
    elif not already_placed:
        if obj.buried and not bury_an_obj(st, obj):
            return                                 # a rock merges into the ground
        if container or obj.buried or not stackobj(lev, obj):
            lev.objects.append(obj)
    if container:
        st.containers.append(obj)
