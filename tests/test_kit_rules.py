"""One skeleton serves UnNetHack's and NetHack 3.7's monster kits (:mod:`unlev.populate.kit`,
:mod:`unlev.populate.muse`); where the games differ by a name or a flag the bag's
:class:`unlev.populate.bag.Rules` decide.  These tests give the same monster and the same
scripted draws to an UnNetHack bag and a 3.7 bag and state what each game's C does:
the merged code must still ask each game's own draws, in each game's order.

The bags are made over UnNetHack's tables (the shared cases read names only through the
rules; ``make`` is replaced by a maker that draws nothing, as in the 3.7 inventory tests)."""

from unlev.model.level import Object
from unlev.populate import inventory, inventory37, kit, muse
from unlev.stdlib import data

import drawkit

Scripted = drawkit.Scripted


def _plain_make(self, kind, init=True, artif=False):
    return Object(self.x, self.y, kind.name, attrs={"class": kind.class_symbol})


def _bags(monkeypatch, name, answers, **where):
    monkeypatch.setattr(inventory.Bag, "make", _plain_make)
    pm = data.monster_named(name)
    un = inventory.Bag(pm, 1, 1, Scripted(answers), inventory.Where(**where), {})
    n37 = inventory37.Bag37(pm, 1, 1, Scripted(answers), inventory37.Where37(**where), {})
    return un, n37


def test_offensive_case_ten_draws_for_oil_only_in_unnethack(monkeypatch):
    # muse.c case 10: UnNetHack "rn2(30) ? WAN_FIRE : POT_OIL"; 3.7 the wand, no draw.
    # An Angel (difficulty > 7): rn2(35) for the wand of death, rn2(13) for the case.
    un, n37 = _bags(monkeypatch, "Angel", [1, 10, 0])
    assert muse.rnd_offensive_item(un) == ("oil", "!")
    assert un.rng.asked == [("rn2", 35), ("rn2", 13), ("rn2", 30)]
    assert muse.rnd_offensive_item(n37) == ("fire", "/")
    assert n37.rng.asked == [("rn2", 35), ("rn2", 13)]


def test_sokoban_draws_digging_again_only_in_nethack37(monkeypatch):
    # 3.7's rnd_defensive_item: case 7 in Sokoban is drawn again 3 times in 4
    un, n37 = _bags(monkeypatch, "soldier", [7, 1, 3])
    assert muse.rnd_defensive_item(un) == ("digging", "/")
    assert un.rng.asked == [("rn2", 10)]
    n37.where.in_sokoban = True
    assert muse.rnd_defensive_item(n37) == ("healing", "!")
    assert n37.rng.asked == [("rn2", 10), ("rn2", 4), ("rn2", 10)]


def test_the_shared_ogre_case_reads_each_games_ranks(monkeypatch):
    # m_initweap S_OGRE: rn2(3) for the king (3.7: tyrant), rn2(6) for the lord
    # (leader), rn2(12) for the rest; 0 gives the battle-axe
    un, _ = _bags(monkeypatch, "ogre king", [0])
    kit.ogre_weapons(un)
    assert un.rng.asked == [("rn2", 3)] and [o.id for o in un.items] == ["battle-axe"]
    _, n37 = _bags(monkeypatch, "ogre king", [1])
    kit.ogre_weapons(n37)          # no "ogre king" among 3.7's ranks: the common odds
    assert n37.rng.asked == [("rn2", 12)] and [o.id for o in n37.items] == ["club"]


def test_orcus_gets_the_wand_of_death_only_in_nethack37(monkeypatch):
    # 3.7's m_initweap S_DEMON: Orcus's wand of death before the general case; the
    # general case's rnd(14 - 2 * bias) answered 6: nothing more
    un, n37 = _bags(monkeypatch, "Orcus", [6])
    kit.demon_weapons(un)
    assert [o.id for o in un.items] == []
    kit.demon_weapons(n37)
    assert [o.id for o in n37.items] == ["death"]


def test_both_games_fill_through_the_same_skeleton(monkeypatch):
    # a rogue-level monster gets only its special item in either game: the skeleton
    # stops before m_initweap, with no draw
    for module in (inventory, inventory37):
        rng = Scripted([])
        items = module.equip(data.monster_named("soldier"), 1, 1, rng,
                             module.Where(rogue_level=True), {}, with_special=False)
        assert items == [] and rng.asked == []
