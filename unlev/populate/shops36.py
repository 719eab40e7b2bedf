"""NetHack 3.6.x's ``stock_room()`` and ``mkshobj_at()`` (shknam.c): a shop's wares as
3.6 lays them out, for levels made by NetHack 3.6's loader.

Why a module of its own: UnNetHack's stock_room (:mod:`unlev.populate.shops`) has
its black market and rainbow aisles; NetHack 3.6.x has neither, and two things of its
own that change every shop's draws:

- **The tribute.**  ``context.tribute.enabled`` is set for every new game
  (allmain.c), so until a bookstore has stocked its novel (``tribute.bookstock``)
  stock_room() counts the squares it will stock and draws ``rnd(stockcount)``: one
  square singled out.  In a "rare books" (or "second-hand bookstore") shop that square
  gets a novel (``mksobj_at(SPE_NOVEL, x, y, FALSE, FALSE)``: no mimic roll, no
  initialisation) and the tribute is stocked; in any other shop the square is stocked
  as the others.  unlev builds one level: the first bookstore of the level stocks it.
- **The health food store.**  Its 70% row is ``VEGETARIAN_CLASS`` (the importer
  reads it as a row without a class in a shop that has one), stocked by
  ``mkveggy_at()`` as 3.7 does (:mod:`unlev.populate.shopveg`).

Otherwise as UnNetHack: the shopkeeper (``shkinit()``), the door made usable, every
square but the row inside the door (``stock_room_goodpos()``, with no terrain test),
a mimic ``rn2(100) < depth`` times, else ``get_shop_item()``'s row.
"""

from __future__ import annotations

from unlev.model.records import Room
from unlev.populate import shops
from unlev.populate.context import MakeContext
from unlev.populate.make import make_object, new_object, note_ground, object_kind
from unlev.populate import mksobj, shopveg
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

GAMES = ("nethack36",)
_BOOKSTORES = ("rare books", "second-hand bookstore")


def applies(game: str) -> bool:
    return game in GAMES


def stock_room(st: MakeContext, shp_indx: int, room: Room, rng: RNG) -> None:
    """3.6.x stock_room(): the shopkeeper, the door, the tribute's square, the wares."""
    level = st.level
    shp = data.shop_of_room(shp_indx)
    if shp is None:
        st.warn(f"stock_room: no shop type {shp_indx}")
        return
    if shops.shkinit(st, shp, room, rng) is None:
        return
    door = level.doors[room.fdoor]
    shops.fix_shop_door(level, room, door)
    level.extras["has_shop"] = True
    rmno = shops.shop_room_number(level, room)
    spots = [(sx, sy) for sx in range(room.lx, room.hx + 1)
             for sy in range(room.ly, room.hy + 1)
             if shops.stock_goodpos(level, room, rmno, door, sx, sy)]
    special = 0
    if not getattr(st, "tribute_bookstock", False) and spots:
        special = rng.rnd(len(spots))
    for n, (sx, sy) in enumerate(spots, 1):
        mkshobj_at(st, shp, sx, sy, n == special, rng)


def mkshobj_at(st: MakeContext, shp: data.ShopType, x: int, y: int, special: bool,
               rng: RNG) -> None:
    """3.6.x mkshobj_at(): the tribute's novel, a mimic, or one of the shop's wares."""
    if special and shp.name in _BOOKSTORES:
        novel = new_object(x, y, object_kind("novel"), "shop")
        mksobj.next_ident(rng)              # mksobj_at(SPE_NOVEL, ..., FALSE, FALSE)
        note_ground(st.level, novel)
        st.level.objects.append(novel)
        st.tribute_bookstock = True
        return
    depth = abs(st.level.context.depth)
    if shops.shop_mimic(st, shp, x, y, depth, rng):
        return
    row = shops.shop_item(shp, rng)
    if row.obj is not None:
        make_object(st, x, y, object_kind(row.obj, row.cls), "shop", rng, artif=True)
    elif row.cls is None and shp.cls is not None:       # VEGETARIAN_CLASS
        shopveg.mkveggy_at(st, x, y, rng)
    else:
        obj = st.population_context().random_object(rng, row.cls)
        make_object(st, x, y, obj, "shop", rng, artif=True)
