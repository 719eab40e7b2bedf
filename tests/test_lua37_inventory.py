"""NetHack 3.7's monster inventories (issue 31): makemon.c's m_initweap/m_initinv and
muse.c's rnd_*_item as 3.7 has them (:mod:`unlev.populate.inventory37`), used while
3.7's tables are active; UnNetHack's tables keep UnNetHack's kits.

The draw-order tests answer each draw from a list (the objects' own mksobj draws are
left out: ``make`` is replaced by a maker that draws nothing), so they state the C's
order of draws and fail when another is asked.  The level tests run committed Lua
snippets."""

from collections import Counter

import pytest

pytest.importorskip("lupa")

from unlev.lua.runtime import run_lua_text, tables_folder  # noqa: E402
from unlev.model.level import Object  # noqa: E402
from unlev.populate import inventory37  # noqa: E402
from unlev.stdlib import data  # noqa: E402
from unlev.stdlib.builtins import RunContext  # noqa: E402

import drawkit  # noqa: E402

Scripted = drawkit.Scripted


@pytest.fixture
def tables37(monkeypatch):
    def make(self, kind, init=True, artif=False):
        return Object(self.x, self.y, kind.name, attrs={"class": kind.class_symbol})
    monkeypatch.setattr(inventory37.Bag37, "make", make)
    with data.tables_of(tables_folder("nethack37")):
        assert inventory37.applies()
        yield


def _bag(name, rng, **where):
    pm = data.monster_named(name)
    return inventory37.Bag37(pm, 10, 10, rng, inventory37.Where37(**where), {})


def test_a_giant_gets_its_boulder_then_a_big_weapon_one_time_in_five(tables37):
    rng = Scripted([1, 0, 0, 74])
    bag = _bag("hill giant", rng)
    inventory37.m_initweap(bag, 0)
    assert [o.id for o in bag.items] == ["boulder", "battle-axe"]
    assert rng.asked == [("rn2", 2), ("rn2", 5), ("rn2", 2), ("rn2", 75)]
    rng = Scripted([0, 74])                       # an ettin: no rn2(5) at all
    bag = _bag("ettin", rng)
    inventory37.m_initweap(bag, 0)
    assert bag.items == [] and rng.asked == [("rn2", 2), ("rn2", 75)]


def test_a_hobbits_sling_comes_with_flint_or_rocks(tables37):
    rng = Scripted([2, 0, 4, 9, 9, 74])
    bag = _bag("hobbit", rng)
    inventory37.m_initweap(bag, 0)
    assert [(o.id, o.attrs.get("quantity")) for o in bag.items] == \
        [("sling", None), ("flint", 7)]
    assert rng.asked == [("rn2", 3), ("rn2", 4), ("rn2", 6), ("rn2", 10), ("rn2", 10),
                         ("rn2", 75)]


def test_a_dwarf_without_a_fighting_kit_gets_a_pick_or_dagger_and_no_booze(tables37):
    rng = Scripted([1, 1, 1, 2, 74])
    bag = _bag("dwarf", rng)
    inventory37.m_initweap(bag, 0)
    assert [o.id for o in bag.items] == ["dwarvish cloak", "iron shoes", "dagger"]
    assert rng.asked == [("rn2", 7), ("rn2", 7), ("rn2", 4), ("rn2", 3), ("rn2", 75)]


def test_a_soldiers_polearm_is_drawn_over_partisan_to_bec_de_corbin(tables37):
    # 3.7 moved the lance and the mattock out of that range (its loop, drawing again
    # until the skill is P_POLEARMS, so ends at the first draw): twelve polearms
    first = data.object_named("partisan", ")").index
    last = data.object_named("bec de corbin", ")").index
    assert last - first + 1 == 12
    assert all(data.object_by_index(i).subtype == "P_POLEARMS"
               for i in range(first, last + 1))
    glaive = data.object_named("glaive", ")").index
    rng = Scripted([0, glaive - first, 1, 74])
    bag = _bag("soldier", rng)
    inventory37.m_initweap(bag, 0)
    assert [o.id for o in bag.items] == ["glaive", "dagger"]
    assert rng.asked == [("rn2", 3), ("rn2", 12), ("rn2", 2), ("rn2", 75)]


def test_an_angels_artifact_sticks_only_to_its_base(tables37):
    # mace (rn2(5) = 1), the artifact roll hits (rn2(20) = 0, lawful), Sunsword is
    # drawn (rn2(5) = 4) but it is a long sword: the mace stays plain, spe rn1(4, 3)
    rng = Scripted([1, 0, 4, 2, 1, 74])
    bag = _bag("Angel", rng)
    bag.attrs["minion_align"] = 1
    inventory37.m_initweap(bag, 0)
    mace, shield = bag.items
    assert (mace.id, mace.attrs.get("spe"), mace.attrs.get("artifact")) == ("mace", 5, None)
    assert mace.attrs["curse"] == "blessed" and shield.id == "large shield"
    assert rng.asked == [("rn2", 5), ("rn2", 20), ("rn2", 5), ("rn2", 4), ("rn2", 4),
                         ("rn2", 75)]
    # a chaotic minion: the roll is made, no artifact is drawn
    rng = Scripted([3, 0, 0, 0, 74])
    bag = _bag("Angel", rng)
    bag.attrs["minion_align"] = -1
    inventory37.m_initweap(bag, 0)
    assert [o.id for o in bag.items] == ["long sword", "shield of reflection"]
    assert rng.asked == [("rn2", 5), ("rn2", 20), ("rn2", 4), ("rn2", 4), ("rn2", 75)]
    # Demonbane on a mace sticks
    rng = Scripted([0, 0, 0, 0, 1, 74])
    bag = _bag("Angel", rng)
    bag.attrs["minion_align"] = 1
    inventory37.m_initweap(bag, 0)
    assert bag.items[0].attrs.get("artifact") == "Demonbane"


def test_muse_items_are_37s(tables37):
    # case 10 is the wand of fire (UnNetHack: rn2(30) for oil first)
    rng = Scripted([1, 10])
    assert inventory37.rnd_offensive_item(_bag("Angel", rng)) == ("fire", "/")
    assert rng.asked == [("rn2", 35), ("rn2", 13)]
    # in Sokoban the wand of digging is drawn again 3 times in 4
    rng = Scripted([7, 1, 3])
    item = inventory37.rnd_defensive_item(_bag("soldier", rng, in_sokoban=True))
    assert item == ("healing", "!")
    assert rng.asked == [("rn2", 10), ("rn2", 4), ("rn2", 10)]
    rng = Scripted([7])
    assert inventory37.rnd_defensive_item(_bag("soldier", rng)) == ("digging", "/")


def test_a_guard_carries_a_cursed_whistle(tables37):
    # mac -1: no plate-mail roll (mac < -1 fails before its draw), splint mail
    # (rn2(5), rn2(3)), then one of each pair in the four rounds, then the whistle
    rng = Scripted([1, 1, 1, 1, 1, 1])
    bag = _bag("guard", rng)
    inventory37._merc_armor(bag)
    assert [o.id for o in bag.items] == ["splint mail", "helmet", "small shield",
                                         "low boots", "leather gloves", "tin whistle"]
    assert bag.items[-1].attrs["curse"] == "cursed"
    assert rng.asked == [("rn2", 5), ("rn2", 3)] + [("rn2", 3)] * 4


def _level(names, data_name=None, seed=1, depth=20):
    body = "".join(f'des.monster("{m}", {2 + i % 70}, {2 + i // 70})\n'
                   for i, m in enumerate(names))
    text = ('des.level_init({ style = "solidfill", fg = "." })\n'
            'des.level_flags("mazelevel", "noflip")\n' + body)
    return run_lua_text(text, "inv.lua", seed, name="inv", data=data_name,
                        run_context=RunContext(depth=depth, level_name="inv"))


def _carried(level):
    c = Counter()
    for m in level.monsters:
        for o in m.attrs.get("inventory", []):
            c[(m.id, o.id)] += 1
    return c


def test_a_37_level_gives_37s_kits():
    lev = _level(["Vlad the Impaler", "Asmodeus", "Orcus"] + ["hill giant"] * 40)
    c = _carried(lev)
    assert c[("Vlad the Impaler", "Candelabrum of Invocation")] == 1
    assert c[("Asmodeus", "cold")] >= 1 and c[("Asmodeus", "fire")] >= 1
    assert c[("Orcus", "death")] >= 1
    assert c[("hill giant", "two-handed sword")] + c[("hill giant", "battle-axe")] > 0


def test_unnethacks_tables_keep_unnethacks_kits():
    c = _carried(_level(["Vlad the Impaler"] + ["hill giant"] * 40, data_name="unnethack"))
    assert c[("Vlad the Impaler", "Candelabrum of Invocation")] == 0
    assert c[("hill giant", "two-handed sword")] + c[("hill giant", "battle-axe")] == 0
