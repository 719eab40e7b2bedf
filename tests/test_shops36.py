"""NetHack 3.6.x's stock_room()/mkshobj_at() (shknam.c) on its loader
(unlev/populate/shops36.py): the tribute's novel in the level's first bookstore, one
per level; a health food store's VEGETARIAN_CLASS row made by mkveggy_at()."""

from __future__ import annotations

from collections import Counter

from unlev.generate.build import build_level
from unlev.lang.frontend import compile_text
from unlev.model.level import Level
from unlev.populate import shops36
from unlev.populate.context import MakeContext
from unlev.stdlib import data
from unlev.stdlib.rng import RNG
from unlev.stdlib.profiles import builtin

SHOPS = """LEVEL: "shops"
ROOM: "book shop", lit, (1,1), (left,top), (6,4) {
  ROOMDOOR: false, closed, south, 2
}
ROOM: "book shop", lit, (5,1), (right,top), (6,4) {
  ROOMDOOR: false, closed, south, 2
}
ROOM: "ordinary", lit, (3,4), (center,center), (4,3) { }
RANDOM_CORRIDORS
"""


def _shop_objects(text, dialect, seed):
    lv = build_level(compile_text(text, dialect=dialect), seed=seed)
    return [o for o in lv.objects if o.attrs.get("from") == "shop"], lv


def test_the_first_bookstore_of_a_36_level_stocks_the_tribute_novel():
    """3.6.x stock_room(): with context.tribute.enabled (allmain.c), rnd(stockcount)
    singles out a square; a bookstore makes a novel there and sets bookstock, so the
    second bookstore makes none; UnNetHack has no tribute."""
    stocked = 0
    for seed in range(1, 6):
        objs, _lv = _shop_objects(SHOPS, "nethack36", seed)
        novels = [o for o in objs if o.id == "novel"]
        books = [o for o in objs if o.attrs.get("class") == "+" and o.id != "novel"]
        if books:
            stocked += 1
            assert len(novels) == 1, seed           # one, in the first bookstore only
            assert novels[0].attrs == {"class": "+", "from": "shop"}   # not initialised
    assert stocked >= 3


def test_a_health_food_stores_vegetarian_row_makes_vegetarian_food():
    """mkveggy_at(): shkveg()'s rnd over the veggy foods' oc_prob (veggy material,
    eggs, tins, corpses), never meat; a meat tin is spinach (HEALTHY_TIN)."""
    made = Counter()
    with data.tables_of(str(builtin("nethack36").path)):
        shp = next(s for s in data.shop_types() if s.name == "health food store")
        assert shp.stock[0].cls is None and shp.cls is not None   # VEGETARIAN_CLASS
        for seed in range(1, 40):
            level = Level()
            st = MakeContext(RNG(seed), level)
            st.game = "nethack36"
            shops36.mkshobj_at(st, shp, 5, 5, False, RNG(seed))
            for o in level.objects:
                made[o.id] += 1
                if o.id == "tin":
                    assert o.attrs.get("spe") == 1 or o.attrs.get("montype") in (
                        "lichen", "brown mold", "yellow mold", "green mold", "red mold",
                        "shrieker", "violet fungus", "gray ooze", "brown pudding")
    meat = {"tripe ration", "meatball", "meat stick", "huge chunk of meat", "meat ring"}
    assert made and not meat & set(made)
    assert {"food ration", "slime mold", "fruit juice"} & set(made)
