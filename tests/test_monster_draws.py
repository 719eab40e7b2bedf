"""The monster layer's draws and flags against what the game's C does with the same
numbers: makemon.c get_override_mon over spo_lev.c's MON_GENERATION list, the
STRAT_WAITMASK that makemon.c gives M3_WAITFORU/M3_CLOSE kinds, shknam.c shkinit's
objects."""

from __future__ import annotations

import pytest

from unlev.populate import kinds
from unlev.populate.make import add_monster
from unlev.model.level import Level
from unlev.stdlib import data

import drawkit


Scripted = drawkit.Scripted


# Convict.des's Con-loca: MON_GENERATION:86%, (64,"giant beetle"), (16,'r'),
# (16,"soldier ant"), (4,'s')
_CON_LOCA = {"percent": 86, "monsters": [
    {"weight": 64, "name": "giant beetle"}, {"weight": 16, "class": "r"},
    {"weight": 16, "name": "soldier ant"}, {"weight": 4, "class": "s"}]}


def test_mon_generation_rows_keep_the_des_files_order():
    # spo_mon_generation pops the tuples last-first and prepends each: the list the
    # game walks is the des-file's order (Con-loca seed 1: rnd(100) = 78 falls on 'r',
    # and the game's next draw is mkclass's rnd(9) over the rats)
    chance, rows = kinds.mon_gen_override(_CON_LOCA)
    assert chance == 86 and [r[2] for r in rows] == ["giant beetle", "r", "soldier ant", "s"]
    rng = Scripted([78, 2])
    pm = kinds.override_monster(rng, rows, 14)
    assert rng.asked == [("rnd", 100), ("rnd", 9)] and pm.symbol == "r"
    rng = Scripted([64])
    assert kinds.override_monster(rng, rows, 14).name == "giant beetle"
    rng = Scripted([97, 0, 0, 0, 0, 1])   # the last 4 of 100: class 's', then mkclass
    assert kinds.override_monster(rng, rows, 14).symbol == "s"


def test_kinds_that_wait_for_the_hero_are_made_waiting():
    lev = Level()
    for name, waits in (("inmate", True), ("Robert the Lifer", True),
                        ("Warden Arianna", True), ("prison guard", False),
                        ("giant spider", False)):
        pm = data.monster_named(name)
        assert pm is not None, name
        mon = add_monster(lev, 1, 1, pm, "des")
        assert bool(mon.attrs.get("waiting")) is waits, name
    # the des-file's word can only add to it (sp_lev.c sets, never clears)
    spider = add_monster(lev, 2, 2, data.monster_named("giant spider"), "des", waiting=1)
    assert spider.attrs["waiting"]


def _bag(name, answers, **where):
    from unlev.populate import inventory
    return inventory.Bag(data.monster_named(name), 1, 1, Scripted(answers),
                         inventory.Where(**where), {"peaceful": True})


def test_a_shopkeeper_or_priest_may_get_a_wand_of_digging_inside_makemon():
    # muse.c rnd_defensive_item case 7 refuses isshk/ispriest/isgd, which shkinit()
    # and priestini() set only after makemon(): while the kit is made, only a floater
    from unlev.populate import inventory
    for name in ("shopkeeper", "aligned priest"):
        bag = _bag(name, [7])
        bag.attrs.update(shopkeeper=True, priest=True)
        assert inventory.rnd_defensive_item(bag) == ("digging", "/"), name
    assert inventory.rnd_defensive_item(_bag("floating eye", [7])) is None


def test_a_peaceful_monster_gets_invisibility_when_the_hero_sees_invisible():
    # muse.c rnd_misc_item: "mpeaceful && !See_invisible" refuses; an elf hero sees
    # invisible (init_uasmon takes the race's M1_SEE_INVIS), so does a Monk
    from unlev.populate import inventory
    # rn2(30) no polymorph, rn2(40) no life saving, rn2(3) = 1, rn2(6) potion
    assert inventory.rnd_misc_item(_bag("shopkeeper", [1, 1, 1])) is None
    seen = _bag("shopkeeper", [1, 1, 1, 3], hero_sees_invisible=True)
    assert inventory.rnd_misc_item(seen) == ("invisibility", "!")


def test_every_vampires_cloak_is_its_games_opera_cloak(game_reference):
    # o_init.c init_objects shuffles the cloaks on the game's stream right after
    # init_level_seeds; m_initinv gives a vampire the one that looks like an opera
    # cloak (no draw of its own): every vampire's cloak in the dumps is the computed one
    import gzip
    import re
    from unlev.populate.oinit import object_with_description
    cloaks = {"cloak of protection", "cloak of invisibility", "cloak of magic resistance",
              "cloak of displacement"}
    seen = set()
    checked = 0
    for path in sorted(game_reference.glob("*.txt.gz")):
        with gzip.open(path, "rt") as fh:
            text = fh.read()
        for part in text.split("=== seed ")[1:]:
            gs = int(re.search(r"^GAMESEED (\d+)", part, re.M).group(1))
            mons = {m.group(2): m.group(1) for m in
                    re.finditer(r"^MON \d+ \d+ ([^|]+)\|.*\|id=(\d+)$", part, re.M)}
            for o in re.finditer(r"^OBJ 0 0 ([^|]+)\|.*where=mon:(\d+)\|", part, re.M):
                if o.group(1) in cloaks and mons.get(o.group(2), "").startswith("vampire"):
                    want = object_with_description("opera cloak", "cloak of protection", gs)
                    assert o.group(1) == want, (path.name, gs)
                    seen.add(want)
                    checked += 1
    assert checked >= 50 and len(seen) == 4


# levels whose monsters (with their inventories) are the game's in these dumps, though
# another layer may still differ: (des-file, level, dumps, what made them so)
MONSTERS_EXACT = [
    ("tower.des", "tower4", (1, 2, 3, 4, 5), "vampires' opera cloaks"),
    ("dragons.des", "drgnB", (1, 2, 3, 4, 5, 6, 7, 8, 9, 10), "long worms' tails"),
    ("endgame.des", "astral", (1, 2, 3, 4), "Angels' max(spe, rn2(4)), minions' gear, "
     "Demonbane/Sunsword"),
    ("medusa.des", "medusa-1", (1, 6, 7, 8), "petrified monsters made where "
     "makemon_rnd_goodpos puts them, fixup_special's player statues"),
]


@pytest.mark.parametrize("des,level,seeds,why", MONSTERS_EXACT,
                         ids=[m[1] for m in MONSTERS_EXACT])
def test_these_levels_monsters_are_the_games(corpus_root, game_reference, des, level,
                                             seeds, why):
    from unlev.lang.frontend import compile_file
    from unlev.generate.build import find_level
    from unlev.tools.compare import exact
    from unlev.tools.compare.gamedump import read_dumps
    compiled = compile_file(str(corpus_root / "unnethack" / des))
    dumps = read_dumps(str(game_reference / f"{level}.txt.gz"))
    for k in seeds:
        r = exact.compare_dump(compiled, find_level(compiled, level), dumps[k - 1], k)
        assert "monsters" not in r.differs, r.line()


def test_a_long_worms_tail_is_laid_square_by_square():
    # makemon.c: initworm(rn2(5)) then place_worm_tail_randomly: random_dir from the
    # last square (rn2(3) - 1 across; rn2(3) - 1 down when x moved, else rn2(2))
    from unlev.populate import makemon
    from unlev.populate.context import MakeContext
    from unlev.stdlib import terrain as T
    lev = Level()
    for x in range(1, 79):
        for y in range(1, 20):
            lev.set_typ(x, y, T.ROOM)
    worm = add_monster(lev, 40, 10, data.monster_named("long worm"), "des")
    st = MakeContext(Scripted([]), lev, mon_rng=Scripted([]))
    # two segments: (+1, +0) then x stays (rn2(3) = 1) and y goes up (rn2(2) = 0)
    rng = Scripted([2, 2, 1, 1, 0])
    makemon.worm_tail(st, worm, rng)
    assert rng.asked == [("rn2", 5), ("rn2", 3), ("rn2", 3), ("rn2", 3), ("rn2", 2)]
    assert makemon.tail_squares(worm) == [(41, 10), (41, 9)]
    assert st.monster_at(41, 9) is worm and (41, 10) in makemon.occupied_squares(lev)


def test_a_lawful_minions_gear_is_never_cursed(monkeypatch):
    # makemon.c mongets: is_lminion (an Angel is lawful by its kind until makemon
    # makes it a minion of a drawn alignment) clears the curse, a negative spe, rust
    from unlev.model.level import Object
    from unlev.populate import inventory

    def cursed(self, kind, init=True):
        return Object(1, 1, kind.name, attrs={"class": "[", "curse": "cursed", "spe": -1})
    monkeypatch.setattr(inventory.Bag, "make", cursed)
    angel = _bag("Angel", [])
    angel.gets("leather armor", "[")
    got = angel.items[0].attrs
    assert "curse" not in got and "spe" not in got and got["erodeproof"]
    chaotic = _bag("Angel", [])
    chaotic.attrs["minion_align"] = -1
    chaotic.gets("leather armor", "[")
    assert chaotic.items[0].attrs["curse"] == "cursed"


def test_the_artifact_chance_names_an_artifact_that_does_not_exist_yet():
    # artifact.c mk_artifact(obj, A_NONE): the generated artifacts of the object's
    # type, in artilist order, not yet made (rn2(n)); none: no draw
    from unlev.model.level import Object
    from unlev.populate import artifacts
    lev = Level()
    sword = Object(1, 1, "long sword", attrs={"class": ")"})
    rng = Scripted([1])
    artifacts.mk_artifact(lev, sword, rng)
    # Frost Brand, Fire Brand, Demonbane, Vorpal Blade, Sunsword (Excalibur is NOGEN)
    assert rng.asked == [("rn2", 5)] and sword.attrs["artifact"] == "Fire Brand"
    lev.objects.append(sword)
    second = Object(2, 2, "long sword", attrs={"class": ")"})
    rng = Scripted([0])
    artifacts.mk_artifact(lev, second, rng)
    assert rng.asked == [("rn2", 4)] and second.attrs["artifact"] == "Frost Brand"
    plate = Object(3, 3, "plate mail", attrs={"class": "["})
    rng = Scripted([])
    artifacts.mk_artifact(lev, plate, rng)
    assert rng.asked == [] and "artifact" not in plate.attrs
    # oname(): an Angel's Demonbane only while there is none
    assert artifacts.may_name(lev, "Demonbane")
    lev.objects.append(Object(4, 4, "long sword", attrs={"artifact": "Demonbane"}))
    assert not artifacts.may_name(lev, "Demonbane") and artifacts.may_name(lev, "Fido")


def test_gehennoms_demon_court_stops_teleport_items():
    # teleport.c noteleport_level(): in Gehennom a demon lord or prince on the level
    # makes rnd_defensive_item draw again for anyone else (asmod-1)
    from unlev.populate import inventory
    lev = Level()
    add_monster(lev, 5, 5, data.monster_named("Asmodeus"), "des")
    bag = _bag("barbed devil", [6, 3], in_hell=True, level=lev)
    assert inventory.rnd_defensive_item(bag) == ("healing", "!")
    assert bag.rng.asked == [("rn2", 11), ("rn2", 11)]
    ruler = _bag("Juiblex", [6, 1], in_hell=True, level=lev)
    assert inventory.rnd_defensive_item(ruler) == ("teleportation", "?")


def test_a_pony_gets_its_saddle_when_the_chance_hits():
    # makemon.c: !rn2(100) && is_domestic && can_saddle -> put_saddle_on_mon makes
    # mksobj(SADDLE, TRUE, FALSE) (an id) and puts it on
    from unlev.populate import makemon
    from unlev.populate.context import MakeContext
    from unlev.stdlib.rng import RNG
    assert [m.name for m in data.monsters() if "M2_DOMESTIC" in m.m2
            and makemon.can_saddle(m)] == ["pony", "horse", "warhorse"]
    lev = Level()
    pony = add_monster(lev, 5, 5, data.monster_named("pony"), "des", born_peaceful=False)
    # m_initinv: rn2(50) and rn2(100) above the pony's level, then rn2(100) = 0, id
    rng = Scripted([49, 99, 0, 1])
    makemon.equip(MakeContext(RNG(1), lev, mon_rng=RNG(1)), pony, rng)
    assert [o.id for o in pony.attrs["inventory"]] == ["saddle"]
    assert rng.asked == [("rn2", 50), ("rn2", 100), ("rn2", 100), ("rnd", 2)]
    dog = add_monster(lev, 6, 6, data.monster_named("dog"), "des", born_peaceful=False)
    makemon.equip(MakeContext(RNG(1), lev, mon_rng=RNG(1)), dog, Scripted([49, 99, 0]))
    assert dog.attrs["inventory"] == []


def test_a_special_demons_level_is_a_quarter_of_its_fixed_hit_points():
    # makemon.c newmonhp(): mlevel > 49 means fixed hit points 2 * (mlevel - 6) and
    # m_lev = mhp / 4 -- what m_initweap/m_initinv compare with rn2(75), rn2(100)
    from unlev.populate import inventory
    dispater = data.monster_named("Dispater")
    assert dispater.level > 49
    assert inventory.monster_level(dispater, 30) == 2 * (dispater.level - 6) // 4
    newt = data.monster_named("newt")
    assert inventory.monster_level(newt, 1) == inventory.adj_lev(newt, 1)


def test_a_wall_walker_may_stand_on_a_boulder_but_not_in_a_non_passwall_wall():
    # teleport.c goodpos: passes_walls(mdat) && may_passwall(x, y) is TRUE before the
    # boulder test (hack.c may_passwall: only a wall, stone or tree with W_NONPASSWALL
    # refuses); castle-1 seed 2's xorn stands on fill_empty_maze's boulder
    from unlev.model.constants import W_NONPASSWALL
    from unlev.model.records import Object
    from unlev.populate import makemon
    from unlev.populate.context import MakeContext
    from unlev.stdlib import terrain as T
    lev = Level()
    for x in range(1, 79):
        for y in range(1, 20):
            lev.set_typ(x, y, T.ROOM)
    lev.objects.append(Object(10, 10, "boulder"))
    lev.set_typ(12, 10, T.VWALL)
    lev.set_typ(13, 10, T.VWALL)
    lev.set_flags(13, 10, W_NONPASSWALL)
    st = MakeContext(Scripted([]), lev, mon_rng=Scripted([]))
    xorn, troll = data.monster_named("xorn"), data.monster_named("troll")
    giant = data.monster_named("stone giant")
    rng = Scripted([])
    assert makemon.goodpos(st, 10, 10, xorn, rng)
    assert not makemon.goodpos(st, 10, 10, troll, rng)
    assert makemon.goodpos(st, 10, 10, giant, rng)        # throws rocks
    assert makemon.goodpos(st, 12, 10, xorn, rng)
    assert not makemon.goodpos(st, 13, 10, xorn, rng)
    assert not makemon.goodpos(st, 12, 10, troll, rng)


def test_the_start_of_the_games_rndmonst_table():
    # makemon.c rndmonst_state, cached by a starting tin's or egg's rndmonnum() on
    # the first level of the Dungeons of Doom (u_init.c ini_inv): rnd(21) over
    # jackal 3, fox 1, kobold 1, goblin 2, sewer rat 1, grid bug 3, lichen 4, kobold
    # zombie 1, newt 5, whatever the level (Gehennom's own flags are not asked)
    def pick(n, **kw):
        rng = Scripted([n])
        pm = kinds.start_table_monster(rng, **kw)
        assert rng.asked == [("rnd", 21)]
        return pm.name
    assert [pick(n) for n in (1, 3, 4, 5, 7, 8, 11, 15, 16, 17, 21)] == [
        "jackal", "jackal", "fox", "kobold", "goblin", "sewer rat", "grid bug",
        "lichen", "kobold zombie", "newt", "newt"]
    assert pick(9, in_gehennom=True) == "grid bug"
    ctx = kinds.LevelContext(depth=40, in_gehennom=True, start_table=True)
    rng = Scripted([21])
    assert ctx.random_monster(rng).name == "newt" and rng.asked == [("rnd", 21)]
    assert kinds.LevelContext(depth=40, in_gehennom=True).level_difficulty == 55


def test_rndmonnum_falls_back_to_any_common_kind_when_rndmonst_gives_none():
    # mkobj.c rndmonnum "plan B": rn1(SPECIAL_PM - LOW_PM, LOW_PM) until the kind is
    # not unique, G_NOGEN, G_HELL outside Gehennom or prohibited
    everyone = frozenset(m.index for m in data.monsters()[:data.special_pm()])
    ctx = kinds.LevelContext(depth=1, gone=everyone)
    unique = data.monster_named("Medusa").index
    hellish = next(m.index for m in data.monsters() if "G_HELL" in m.gen_flags)
    newt = data.monster_named("newt").index
    rng = Scripted([unique, hellish, newt])
    assert ctx.rndmonnum(rng).name == "newt"
    assert rng.asked == [("rn2", data.special_pm())] * 3


def test_a_kind_born_to_its_limit_or_a_unique_is_extinct():
    # makemon.c propagate(): a unique is extinct at its birth; an erinys after 3
    # births (mbirth_limit), and reset_rndmonst(mndx) takes it out of the table
    from unlev.populate.context import MakeContext, extinct_kinds
    lev = Level()
    erinys = data.monster_named("erinys")
    for x in (10, 11):
        add_monster(lev, x, 5, erinys, "des")
    add_monster(lev, 12, 5, erinys, "petrified")        # MM_NOCOUNTBIRTH
    assert extinct_kinds(lev) == frozenset()
    add_monster(lev, 13, 5, erinys, "des")
    medusa = data.monster_named("Medusa")
    add_monster(lev, 14, 5, medusa, "des")
    assert extinct_kinds(lev) == {erinys.index, medusa.index}
    st = MakeContext(Scripted([]), lev, mon_rng=Scripted([]))
    assert erinys.index in st.population_context().gone
    weights = dict((m.name, w) for m, w in kinds.rndmonst_weights(56, in_sheol=True))
    gone = dict((m.name, w) for m, w in kinds.rndmonst_weights(56, in_sheol=True,
                                                                gone={erinys.index}))
    assert weights["erinys"] == 4 and "erinys" not in gone
    assert sum(weights.values()) - sum(gone.values()) == 4


def test_the_aleax_copies_the_heros_gear_in_use():
    # makemon.c m_initweap (S_ANGEL, PM_ALEAX) copies uwep, uswapwep, uquiver, uarm,
    # uarmc, uarmh, uarms, uarmg, uarmf, uarmu in that order, as u_init.c ini_inv put
    # the role's kit in use, after the race's substitutions
    from unlev.populate.herokit import gear_in_use
    assert [g[1] for g in gear_in_use("Priest", "human")] == ["mace", "robe", "small shield"]
    assert [g[1] for g in gear_in_use("Priestess", "elf")] == ["club", "robe", "small shield"]
    assert [g[1] for g in gear_in_use("Knight", "orc")] == [
        "long sword", "lance", "orcish ring mail", "orcish helm", "orcish shield",
        "leather gloves"]
    ranger = gear_in_use("Ranger", "elf")
    assert [g[0] for g in ranger] == ["uwep", "uswapwep", "uquiver", "uarmc"]
    assert [g[1] for g in ranger] == ["elven dagger", "elven bow", "elven arrow", "elven cloak"]
    assert not any(g[0] == "uwep" for g in gear_in_use("Monk", "human"))
    assert gear_in_use("no such role", "human") == []


def test_an_aleax_without_a_hero_weapon_draws_a_long_sword():
    # a Monk wields nothing: mongets(LONG_SWORD) (id and init), then the robe and
    # gloves copied (an id each, rustproof), then the amulet's rn2(4)
    from unlev.populate import inventory
    from unlev.stdlib import data
    from unlev.stdlib.rng import RNG
    where = inventory.Where(difficulty=10, role="Monk", hero_race="human")
    items = inventory.equip(data.monster_named("Aleax"), 10, 10, RNG(5), where)
    names = [o.id for o in items]
    assert names[:3] == ["long sword", "robe", "leather gloves"]
    assert all(o.attrs.get("erodeproof") for o in items[1:3])
