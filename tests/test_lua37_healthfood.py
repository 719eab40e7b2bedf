"""NetHack 3.7's health food store stock (unlev.populate.shopveg): shknam.c
mkveggy_at() makes only what veggy_item() accepts, and its tins are healthy."""

from collections import Counter

import pytest

pytest.importorskip("lupa")

from unlev.lua.runtime import new_session, tables_folder  # noqa: E402
from unlev.populate import shopveg  # noqa: E402
from unlev.stdlib import data  # noqa: E402
from unlev.stdlib.data import tables_of  # noqa: E402


def test_the_vegetarian_row_is_kept_from_the_profile():
    with tables_of(tables_folder()):
        (shop,) = [s for s in data.shop_types() if s.name == "health food store"]
        assert [r.vegetarian for r in shop.stock] == [True] + [False] * (len(shop.stock) - 1)


def test_mkveggy_at_makes_vegetarian_food_and_healthy_tins():
    with tables_of(tables_folder()):
        session = new_session("veg.lua", 1)
        session.run('des.level_init({ style = "solidfill", fg = ".", lit = 0 })')
        st = session.builder.state
        for _ in range(300):
            shopveg.mkveggy_at(st, 5, 5, st.rng)
        made = st.level.objects
        allowed = {k.name for k in shopveg.veggy_kinds()}
        assert {o.id for o in made} <= allowed
        assert not {"meatball", "tripe ration", "meat stick", "huge chunk of meat"} & allowed
        tins = [o for o in made if o.id == "tin"]
        assert tins
        for tin in tins:
            montype = tin.attrs.get("montype")
            if montype is None:
                assert tin.attrs["spe"] == 1                    # spinach
            else:
                assert shopveg.vegetarian(montype)
                r = -tin.attrs["spe"] - 1
                assert shopveg.FODDER[r] and r != shopveg.ROTTEN
        assert Counter(o.id for o in made).most_common(1)[0][0] == "food ration"
