"""NetHack 3.7's ``obj`` handles (nhlobj.c) as far as a level is made with them:
what ``des.object`` returns and hands its ``contents`` function, and ``obj.new``.

Why: themed rooms (dat/themerms.lua) use them while the level is made -- the buried
treasure reads its chest's spot with ``otmp:totable()``, the water-surrounded vault
makes an escape item with ``obj.new(name)``, asks its material with ``itm:class()``
and puts it in a chest with ``box:addcontent(itm)``.  Timers (``start_timer``,
``stop_timer``) run as the game is played, so they change nothing unlev makes.
Followed: nhlobj.c ``l_obj_new_readobjnam`` (an object made by name, initialised as
mksobj does), ``l_obj_to_table`` (``ox``, ``oy``, ``otyp_name``... and ``NO_OBJ``
for no object), ``l_obj_objects_to_table`` (``class()``: the material as objects.h's
number), ``l_obj_add_to_container``.
"""

from __future__ import annotations

from typing import Optional

from unlev.model.level import Object

# objclass.h's materials, in enum order (LIQUID is 1)
MATERIALS = ("LIQUID", "WAX", "VEGGY", "FLESH", "PAPER", "CLOTH", "LEATHER", "WOOD",
             "BONE", "DRAGON_HIDE", "IRON", "METAL", "COPPER", "SILVER", "GOLD",
             "PLATINUM", "MITHRIL", "PLASTIC", "GLASS", "GEMSTONE", "MINERAL")


def _noop(*_args):
    return None


def handle(s, o: Optional[Object]):
    """A Lua table standing for object ``o`` (None: no object)."""
    def totable(_self=None):
        if o is None:
            return s.table(NO_OBJ=1)
        return s.table(ox=o.x, oy=o.y, otyp_name=o.id, quan=o.attrs.get("quantity", 1),
                       buried=1 if getattr(o, "buried", False) else 0)

    def klass(_self=None):
        from unlev.stdlib import data
        kind = data.object_named(o.id) if o is not None else None
        mat = getattr(kind, "material", None) if kind is not None else None
        number = MATERIALS.index(mat) + 1 if mat in MATERIALS else 0
        return s.table(material=number, name=o.id if o is not None else None)

    def addcontent(_self, other):
        item = other["unlev_object"] if s.is_table(other) else None
        if o is not None and isinstance(item, Object):
            item.x, item.y = o.x, o.y
            o.contents.append(item)
        return None

    t = s.table(totable=totable, stop_timer=_noop, start_timer=_noop, has_timer=_noop,
                addcontent=addcontent)
    t["class"] = klass
    t["unlev_object"] = o
    return t


def obj_new(api, name):
    """obj.new(name): an object of that name, made and initialised as mksobj does
    (its draws), held by no one until added to a container."""
    from unlev.populate import make, mksobj
    s, st = api.s, api.b.state
    ov = api.object_value(str(name))
    from unlev.stdlib import data
    kind = data.object_named(ov.name, ov.cls) if ov.name is not None else None
    if kind is None:
        raise s.error(f"obj.new: unknown object {name!r}")
    o = make.new_object(0, 0, kind, "obj.new")
    mksobj.next_ident(st.rng)
    make.init_object(st, o, kind, st.rng)
    return handle(s, o)


def install(api) -> None:
    s = api.s
    s.env["obj"] = s.table(new=lambda name: obj_new(api, name))
