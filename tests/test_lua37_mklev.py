"""NetHack 3.7's population of an ordinary level's rooms (issue 31,
:mod:`unlev.lua.mklev37`): mklev.c fill_ordinary_room's monsters, traps, gold,
furniture, statues, boxes and objects, and the bonus item (a Mines branch level's
food, a supply chest above the Oracle), on levels made with the committed themed-room
file ``tests/fixtures/lua37/themed_small.lua``."""

import os
from types import SimpleNamespace

import pytest

pytest.importorskip("lupa")

from unlev.lua import mklev37  # noqa: E402
from unlev.lua.runtime import tables_folder  # noqa: E402
from unlev.lua.themerooms import run_themed_text  # noqa: E402
from unlev.model.constants import FILL_NORMAL, OROOM  # noqa: E402
from unlev.model.context import DungeonContext  # noqa: E402
from unlev.model.records import Room  # noqa: E402
from unlev.stdlib import data  # noqa: E402

SMALL = os.path.join(os.path.dirname(__file__), "fixtures", "lua37", "themed_small.lua")
with open(SMALL, encoding="utf-8") as _fh:
    TEXT = _fh.read()

FOODS = {"food ration", "cram ration", "lembas wafer"}
SUPPLY = {"healing", "extra healing", "speed", "gain energy", "enchant weapon",
          "enchant armor", "confuse monster", "scare monster", "digging"}


class Scripted:
    def __init__(self, answers):
        self.answers = list(answers)
        self.asked = []

    def rn2(self, x):
        self.asked.append(("rn2", x))
        return self.answers.pop(0)


def test_an_ordinary_rooms_rolls_come_in_the_cs_order():
    # every roll misses: nothing is made, and the draws asked are fill_ordinary_room's
    # in 3.7's order (depth 10, difficulty 10, four rooms)
    rng = Scripted([1] * 11)
    ctx = SimpleNamespace(level_difficulty=10, rogue_level=False)
    st = SimpleNamespace(rng=rng, level=SimpleNamespace(context=DungeonContext(depth=10)),
                         population_context=lambda: ctx)
    room = Room(10, 5, 14, 8, rtype=OROOM, needfill=FILL_NORMAL)
    mklev37.fill_ordinary_room(st, room, set(), False, 4)
    assert rng.asked == [("rn2", 3),            # the monster
                         ("rn2", 8 - 10 // 6),  # traps
                         ("rn2", 3),            # gold
                         ("rn2", 10), ("rn2", 60), ("rn2", 60),   # fountain, sink, altar
                         ("rn2", 80 - 2 * 10),  # grave
                         ("rn2", 20),           # statue
                         ("rn2", 4 * 5 // 2),   # box or chest
                         ("rn2", 27 + 3 * 10),  # graffiti
                         ("rn2", 3)]            # objects
    # an unfilled room draws nothing
    rng = Scripted([])
    st.rng = rng
    mklev37.fill_ordinary_room(st, Room(10, 5, 14, 8, rtype=OROOM), set(), False, 4)
    assert rng.asked == []


def _run(seed, depth):
    return run_themed_text(TEXT, SMALL, seed, depth=depth, forced=1, flip_bits=0)


def _from(level, origin):
    return [o for o in level.objects if o.attrs.get("from") == origin]


def test_filled_ordinary_rooms_get_3_7s_population():
    monsters = objects = traps = 0
    for seed in range(1, 5):
        lv = _run(seed, 10)
        monsters += sum(1 for m in lv.monsters if m.attrs.get("from") == "fill")
        objects += len(_from(lv, "fill"))
        traps += len(lv.traps)
        assert all(t.ttyp != "ICE_TRAP" for t in lv.traps)       # UnNetHack's only
    assert monsters > 0 and objects > 0 and traps > 0


def test_the_mines_branch_level_has_its_food():
    with data.tables_of(tables_folder("nethack37")):
        depth = mklev37._mines_branch_depth()
    assert depth == 4                        # dungeon.lua's Mines, the middle of 2..4
    for seed in range(1, 4):
        bonus = _from(_run(seed, depth), "bonus")
        assert [o.id in FOODS for o in bonus] == [True]


def test_a_supply_chest_above_the_oracle_holds_a_good_item():
    chests = []
    for seed in range(1, 9):
        chests += _from(_run(seed, 2), "bonus")
    assert chests, "2 levels in 3 get one: 8 seeds give at least one"
    for box in chests:
        assert box.id in ("chest", "large box")
        assert any(o.id in SUPPLY and o.attrs.get("curse") != "cursed" for o in box.contents)


def test_no_bonus_item_below_the_oracle():
    for seed in range(1, 4):
        assert _from(_run(seed, 9), "bonus") == []


# -- the special room (unlev.lua.mkroom37) ---------------------------------------------

def _first_with(rtype, depth, seeds=range(1, 61)):
    """The first of these seeds' levels whose chain made a room of ``rtype``."""
    for seed in seeds:
        lv = _run(seed, depth)
        rooms = [r for r in lv.rooms if r.rtype == rtype]
        if rooms:
            return lv, rooms
    raise AssertionError(f"no room of type {rtype} at depth {depth} in seeds {seeds}")


def _inside(room, things):
    return [t for t in things if room.lx <= t.x <= room.hx and room.ly <= t.y <= room.hy]


def test_a_temple_gets_its_shrine_and_priest_and_no_ordinary_fill():
    from unlev.model.constants import TEMPLE
    from unlev.stdlib import terrain as T
    lv, (temple,) = _first_with(TEMPLE, 13)
    altars = [(x, y) for x in range(temple.lx, temple.hx + 1)
              for y in range(temple.ly, temple.hy + 1) if lv.typ_at(x, y) == T.ALTAR]
    assert len(altars) == 1
    x, y = altars[0]
    assert abs(2 * x - (temple.lx + temple.hx)) <= 1 and abs(2 * y - (temple.ly + temple.hy)) <= 1
    assert lv.flags_at(x, y) & 8                                   # AM_SHRINE
    assert [m.id for m in _inside(temple, lv.monsters)] == ["aligned cleric"]
    assert not [o for o in _inside(temple, lv.objects) if o.attrs.get("from") == "fill"]
    assert lv.extras.get("has_temple")


def test_barracks_are_stocked_with_soldiers_at_the_end():
    lv, (barracks,) = _first_with(7, 20)
    squad = {m.id for m in _inside(barracks, lv.monsters)}
    assert squad and squad <= {"soldier", "sergeant", "lieutenant", "captain"}


def test_above_level_5_the_only_special_rooms_are_shops_and_the_vault():
    from unlev.model.constants import SHOPBASE
    for seed in range(1, 7):
        assert all(r.rtype in (OROOM, 4) or r.rtype >= SHOPBASE for r in _run(seed, 3).rooms)


def test_a_shop_is_one_of_3_7s_kinds_with_its_shopkeeper():
    from unlev.model.constants import SHOPBASE
    for seed in range(1, 21):
        lv = _run(seed, 3)
        shops = [r for r in lv.rooms if r.rtype >= SHOPBASE]
        if shops:
            break
    (shop,) = shops
    with data.tables_of(tables_folder("nethack37")):
        kind = data.shop_of_room(shop.rtype - SHOPBASE)
        names = {k.name for k in data.shop_types()}
    assert kind is not None and kind.name in names
    assert shop.doorct == 1 and shop.rlit
    assert "shopkeeper" in [m.id for m in _inside(shop, lv.monsters)]
    wares = [o for o in _inside(shop, lv.objects) if o.attrs.get("from") == "shop"]
    classes = {row.cls for row in kind.stock}
    assert wares and all(o.attrs.get("class") in classes for o in wares)
    assert lv.extras.get("has_shop")


def test_shop_room_numbers_stay_unnethacks_and_find_3_7s_kinds_by_name():
    unn = data.shop_types()
    assert [data.shop_of_room(i) for i in range(len(unn))] == list(unn)
    assert data.shop_of_room(len(unn)) is None
    with data.tables_of(tables_folder("nethack37")):
        lighting = data.shop_of_room(13)                # UnNetHack's "candle shop" number
        assert lighting.name == "lighting store" and lighting.index == 11   # 3.7's own
        health = data.shop_of_room(len(unn))            # 3.7's kind UnNetHack lacks
        assert health.name == "health food store"
        assert data.shop_room_index(health) == len(unn)
        assert data.shop_of_room(10) is None            # UnNetHack's canned food factory


CANDLE_SHOP = """
des.level_init({ style = "solidfill", fg = " " })
des.level_flags("mazelevel", "noflip")
des.map({ x = 10, y = 5, map = [[
-------
|.....|
|.....+
|.....|
-------]] })
des.region({ region = {1, 1, 5, 3}, lit = 1, type = "candle shop", filled = 1 })
"""


def test_a_3_7_levels_candle_shop_is_3_7s_lighting_store_stocked():
    from unlev.lua.runtime import run_lua_text
    warnings = []
    lv = run_lua_text(CANDLE_SHOP, "candle.lua", 1, name="candle",
                      warn=lambda message, span=None: warnings.append(message))
    assert not [w for w in warnings if "shop type" in str(w)]
    wares = {o.id for o in lv.objects if o.attrs.get("from") == "shop"}
    assert wares and wares <= {"wax candle", "tallow candle", "brass lantern", "oil lamp",
                                "magic lamp", "oil", "light"}
    assert "shopkeeper" in {m.id for m in lv.monsters}


# -- niches (mklev.c make_niches) ---------------------------------------------------------

def test_a_trapdoor_niche_has_vlads_engraving_in_front_of_its_door():
    from unlev.stdlib import terrain as T
    found = 0
    for seed in range(1, 9):
        lv = _run(seed, 12)                             # levels 6..24: trap door niches
        for t in lv.traps:
            if not t.attrs.get("once"):
                continue
            texts = {(e.x, e.y): e.text for e in lv.engravings}
            front = (texts.get((t.x, t.y - 2)), texts.get((t.x, t.y + 2)))
            if t.ttyp == "TELEP_TRAP":                  # the vault's teleporter niche
                assert "ad aerarium" in front
                continue
            # the niche was a secret corridor; trap.c maketrap() makes a trap
            # door's SCORR a corridor
            assert t.ttyp == "TRAPDOOR" and lv.typ_at(t.x, t.y) == T.CORR
            assert "Vlad was here" in front
            found += 1
    assert found
    for seed in range(1, 5):                            # not above level 6
        assert "Vlad was here" not in {e.text for e in _run(seed, 3).engravings}


def test_a_vault_has_its_gold_and_sometimes_the_ludios_portal_in_its_corner():
    vaults = portals = 0
    for seed in range(1, 13):
        lv = _run(seed, 15)
        for v in [r for r in lv.rooms if r.rtype == 4]:
            vaults += 1
            gold = [o for o in _inside(v, lv.objects) if o.id == "gold piece"]
            assert len(gold) == 4                       # one heap on each square
            for t in lv.traps:
                if t.ttyp == "MAGIC_PORTAL":
                    assert (t.x, t.y) == (v.hx, v.hy)
                    portals += 1
    assert vaults and portals
    for seed in range(1, 7):                            # not above level 11
        assert not [t for t in _run(seed, 9).traps if t.ttyp == "MAGIC_PORTAL"]


def test_a_blessed_fountain_has_its_horizontal_bit():
    # mklev.c mkfount: !rn2(7) sets blessedftn, rm.h's name for the horizontal bit
    from unlev.stdlib import terrain as T
    fountains = blessed = 0
    for seed in range(1, 41):
        level = _run(seed, 5)
        for i, t in enumerate(level.typ):
            if t == T.FOUNTAIN:
                fountains += 1
                blessed += bool(level.horiz[i])
    assert fountains >= 10
    assert 0 < blessed < fountains
