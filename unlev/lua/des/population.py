"""Monsters and objects (with inventories and container contents), and UnNetHack's
``mineralize``/``mon_generation``/``sounds``, as sp_lev.c's ``lspo_monster`` and
``lspo_object`` do.

Each ``lspo_*`` function takes the session's :class:`~unlev.lua.des_api.DesAPI`
(``api``: argument helpers, the builder, the Lua session) and the call's arguments.
"""

from __future__ import annotations


from .common import APPEAR, CURSES, CURSES_37, in_order, lua_callable, opt_int, plain
from .. import obj_api


def lspo_monster(api, *args):
    s = api.s
    t = api.table_arg(args)
    attrs = {}
    inventory = None
    if t is None:
        mon = api.monster_value(args[0] if args else None)
        coord = api.coord_in(None, args, 1, "des.monster")
    else:
        mon = api.monster_value(t)
        coord = api.coord_in(t, what="des.monster")
        for key, value in t.items():
            if not isinstance(key, str) or key in ("id", "class", "x", "y", "coord",
                                                   "humidity"):
                continue
            if key == "inventory":
                inventory = value
            elif key == "align":
                attrs["align"] = api.align_of(value)
            elif key == "appear_as":
                kind, _, what = str(value).partition(":")
                if kind not in APPEAR:
                    raise s.error(f"des.monster: appear_as {value!r} must start with ter:, obj: or mon:")
                attrs["appear"] = (APPEAR[kind], what)
            elif key in ("peaceful", "asleep"):
                attrs[key] = opt_int(value)
            elif key == "name":
                attrs["name"] = str(value)
            else:
                attrs[key] = plain(value)
        attrs = in_order(attrs, t, s)
    named_gender_draw(api, mon)
    api.b.begin_monster(monster=mon, coord=coord, attrs=attrs,
                         has_inventory=inventory is not None, span=api.span())
    api.holder_depth += 1
    try:
        api.call(inventory)
    finally:
        api.holder_depth -= 1
        api.b.end_monster()


def named_gender_draw(api, mon) -> None:
    """sp_lev.c find_montype(): a monster given by name, of a species neither always
    male nor always female, named by its neutral name (not a NAMS male/female form),
    gets its gender drawn (rn2(2)) while the arguments are read, before
    create_monster's draws.  Only for 3.7's own level files: a converted des-file's
    lev_comp drew nothing there."""
    if mon.name is None or not getattr(api.s, "own_level", True):
        return
    from unlev.stdlib import data
    found = data.lookup_monster(mon.name, mon.cls)
    if not found.ok:
        return
    pm = found.item
    gendered_name = mon.name.lower() in (n.lower() for n in pm.other_names)
    if not gendered_name and not ({"M2_MALE", "M2_FEMALE"} & set(pm.m2)):
        api.s.rng.rn2(2)


def lspo_object(api, *args):
    s = api.s
    t = api.table_arg(args)
    attrs = {}
    contents = None
    if t is None:
        obj = api.object_value(args[0] if args else None)
        coord = api.coord_in(None, args, 1, "des.object")
        if len(args) <= 1 and api.holder_depth > 0:
            coord = None
    else:
        obj = api.object_value(t)
        has_coord = t["x"] is not None or t["coord"] is not None
        coord = api.coord_in(t, what="des.object")
        if not has_coord and api.holder_depth > 0:
            coord = None
        for key, value in t.items():
            if not isinstance(key, str) or key in ("id", "class", "x", "y", "coord",
                                                   "humidity"):
                continue
            if key == "contents":
                if lua_callable(s, value):
                    contents = value
            elif key == "buc":
                if str(value).lower() in CURSES_37:
                    attrs["curse"] = CURSES_37[str(value).lower()]
                elif str(value).lower() != "random":
                    attrs["curse"] = api.word(CURSES, value, "des.object buc")
            elif key == "montype":
                attrs["montype"] = api.monster_value(value)
            elif key == "name":
                attrs["name"] = str(value)
            else:
                attrs[key] = plain(value)
        attrs = in_order(attrs, t, s)
    lev = getattr(api.b, "level", None)
    before = len(lev.objects) if lev is not None else 0
    if contents is not None:
        api.b.begin_container(object=obj, coord=coord, attrs=attrs, span=api.span())
        st = getattr(api.b, "state", None)
        box = st.containers[-1] if st is not None and st.containers else None
        api.holder_depth += 1
        try:
            api.call(contents, obj_api.handle(s, box))
        finally:
            api.holder_depth -= 1
            api.b.end_container()
    else:
        api.b.object(object=obj, coord=coord, attrs=attrs, span=api.span())
    made = lev.objects[before] if lev is not None and len(lev.objects) > before else None
    return obj_api.handle(s, made)


def lspo_mineralize(api, t=None):
    t = t if t is not None else api.s.table()
    vals = [int(t[k]) if t[k] is not None else -1
            for k in ("kelp_pool", "kelp_moat", "gold_prob", "gem_prob")]
    api.b.mineralize(kelp_pool=vals[0], kelp_moat=vals[1], gold_prob=vals[2],
                      gem_prob=vals[3], span=api.span())


def lspo_mon_generation(api, percent, entries):
    out = [(int(e[1]), api.monster_value(e[2])) for e in entries.values()]
    api.b.mon_generation(percent=int(percent), entries=out, span=api.span())


def lspo_sounds(api, frequency, entries):
    hows = {"hear": 0, "pline": 1, "verbal": 2, "feel": 3}
    out = [(api.word(hows, e[1], "des.sounds"), str(e[2])) for e in entries.values()]
    api.b.sounds(frequency=int(frequency), entries=out, span=api.span())
