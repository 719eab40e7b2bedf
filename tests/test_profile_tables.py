"""A level is made from its own game's tables (issue 30, part 5), and the 3.6/3.4.3
loaders' own fixup_special() steps (mkmaze.c).

The tables: ``unlev.generate.loaders.tables_for`` takes them from the run's settings
(the ``--data`` profile, else the dialect's shipped one) and ``build()`` makes them the
active tables while the level is made, so rndmonst(), mkobj(), mktrap(), the room fills
and the shops draw from that game's ``mons[]``, ``objects[]``, traps and ``shtypes[]``.
The test over the JSON asks that no monster, object or trap name outside the profile
appears in five seeds of every level of the NetHack 3.6 and 3.4.3 corpora (before this
change 55 names of UnNetHack's came out of the 3.6 corpus alone: amphiteres, ice traps,
iron safes...).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from unlev.generate.build import build_level
from unlev.generate.loaders import tables_for
from unlev.lang.frontend import compile_file, compile_text
from unlev.model.level import SHOPBASE
from unlev.output.export import level_to_dict
from unlev.stdlib import data, profiles
from unlev.stdlib import terrain as T

from tiers import SLOW

REPO = Path(__file__).resolve().parent.parent


def _corpus() -> Path | None:
    env = os.environ.get("UNLEV_CORPUS")
    for c in ([Path(env)] if env else []) + [REPO.parent / "shared" / "corpus"]:
        if c.is_dir():
            return c
    return None


def _corpus_files():
    root = _corpus()
    if root is None:
        return [pytest.param(None, None, marks=pytest.mark.skip(reason="no corpus"))]
    files = [(game, f) for game in ("nethack36", "nethack343")
             for f in sorted((root / game).glob("*.des"))]
    # the quick tier (the default run) checks every 4th file of the two games, the full
    # tier (--full) every file
    return [pytest.param(game, f, id=f"{game}/{f.name}", marks=() if i % 4 == 0 else SLOW)
            for i, (game, f) in enumerate(files)]


def _names(profile):
    mons = {r["name"] for r in profile.table("monsters")["monsters"]}
    objs = {r["name"] for r in profile.table("objects")["objects"] if r.get("name")}
    traps = {r["name"] for r in profile.table("traps")["traps"]}
    return mons, objs, traps


def _outside(doc: dict, mons, objs, traps) -> set:
    """Every monster, object (contents and inventories too, a statue's or corpse's
    monster) and trap name of the exported level that the tables do not have."""
    bad = set()

    def obj(o):
        if o["name"] not in objs:
            bad.add(("object", o["name"]))
        kind = o["attrs"].get("montype") or o["attrs"].get("corpsenm")
        if isinstance(kind, str) and kind not in mons:
            bad.add(("monster type", kind))
        for inner in o["contents"]:
            obj(inner)

    for m in doc["monsters"]:
        if m["name"] not in mons:
            bad.add(("monster", m["name"]))
        for o in m["inventory"]:
            if isinstance(o, dict):
                obj(o)
    for o in doc["objects"]:
        obj(o)
    for t in doc["traps"]:
        if t["type"] not in traps:
            bad.add(("trap", t["type"]))
    return bad


def _json(compiled, level) -> dict:
    # what `unlev run --json` writes, through its JSON text
    with data.tables_of(tables_for(compiled)):
        return json.loads(json.dumps(level_to_dict(level, seed=0)))


# ------------------------------------------------------------------ which tables
def test_the_tables_come_from_the_runs_settings(tmp_path):
    assert tables_for(compile_text('LEVEL:"t"\n', dialect="unnethack")).is_unnethack
    c36 = compile_text('MAZE:"t",\' \'\n', dialect="nethack36")
    assert tables_for(c36).folder == str(profiles.resolve("nethack36").path.resolve())
    assert "monsters" in tables_for(c36).which and "shops" in tables_for(c36).which
    # the loader numbers room types as UnNetHack does: the rooms table stays UnNetHack's
    assert "rooms" not in tables_for(c36).which
    # a variant's profile: its own folder
    prof = _variant(tmp_path)
    c = compile_text('MAZE:"t",\' \'\n', data=str(prof.path))
    assert tables_for(c).folder == str(prof.path.resolve())
    # the maker's state holds the value the build used
    lv = build_level(c36, seed=1)
    assert lv is not None and data.active().is_unnethack     # restored after the build


@pytest.mark.parametrize("game,path", _corpus_files())
def test_no_name_outside_the_profile_in_five_seeds_of_every_level(game, path, full_sweep):
    """Seeds 1-5 with --full-sweep (CI); by default seeds 1-2 of every level (the same
    path through the tables, fewer random draws from them)."""
    mons, objs, traps = _names(profiles.resolve(game))
    c = compile_file(str(path), dialect=game)
    bad = {}
    for node in c.tree.levels:
        for seed in range(1, 6 if full_sweep else 3):
            for item in _outside(_json(c, build_level(c, node, seed=seed)),
                                 mons, objs, traps):
                bad.setdefault(item, (node.name, seed))
    assert not bad, bad


def test_the_check_would_see_unnethacks_names():
    # the control: the same level made from UnNetHack's tables has names 3.6 lacks
    mons, objs, traps = _names(profiles.resolve("nethack36"))
    c = compile_text(ZOO, dialect="unnethack")
    seen = set()
    for seed in range(1, 6):
        seen |= _outside(_json(c, build_level(c, seed=seed)), mons, objs, traps)
    assert seen


ZOO = """LEVEL:"zoo"
ROOM:"zoo",lit,(3,3),(center,center),(11,6) {
  MONSTER:random,random
  OBJECT:random,random
  OBJECT:'!',random
  TRAP:random,random
  TRAP:random,random
}
ROOM:"ordinary",lit,(1,1),(left,top),(9,5) {
  LOOP [12] { MONSTER:':',random }
  LOOP [30] { MONSTER:random,random }
  LOOP [30] { OBJECT:random,random }
  LOOP [8] { TRAP:random,random }
}
RANDOM_CORRIDORS
"""


def _variant(tmp_path):
    """A variant-like profile made from NetHack 3.6's tables: its newt is called
    "ember newt", a name no other game has, so a level made from UnNetHack's or 3.6's
    tables cannot show it."""
    out = tmp_path / "emberhack"
    src = profiles.resolve("nethack36").path
    shutil.copytree(src, out)
    meta = json.loads((out / "profile.json").read_text())
    meta.update(name="emberhack", base="nethack36")
    (out / "profile.json").write_text(json.dumps(meta))
    mons = json.loads((out / "monsters.json").read_text())
    for r in mons["monsters"]:
        if r["name"] == "newt":
            r["name"] = "ember newt"
    (out / "monsters.json").write_text(json.dumps(mons))
    return profiles.load(out)


def test_a_variants_random_monsters_are_its_own(tmp_path):
    prof = _variant(tmp_path)
    mons, objs, traps = _names(prof)
    c = compile_text(ZOO, dialect="unnethack", data=str(prof.path))
    made = []
    for seed in range(1, 6):
        doc = _json(c, build_level(c, seed=seed))
        assert not _outside(doc, mons, objs, traps), seed
        made += [m["name"] for m in doc["monsters"]]
    # rndmonst() on the variant's mons[]: its renamed newt, never UnNetHack's newt
    assert "ember newt" in made and "newt" not in made


# ------------------------------------------------------------------------ shops
def test_a_shop_of_a_room_type_is_the_games_own_row():
    """shknam.c shtypes[]: a room type's shop is the row of the same room type in the
    level's game (NetHack 3.6's CANDLESHOP is its 12th row, UnNetHack's its 14th);
    3.4.3's general store has probability 44 (UnNetHack's 41)."""
    candle = data.get_room_type("candle shop").value
    assert data.shop_of_room(candle - SHOPBASE).name == "lighting store"
    with data.tables_of(data.Tables.of(profiles.resolve("nethack36").path)):
        shop = data.shop_of_room(candle - SHOPBASE)
        assert shop.name == "lighting store" and shop.index == 11
    general = data.shop_of_room(0)
    with data.tables_of(data.Tables.of(profiles.resolve("nethack343").path)):
        assert data.shop_of_room(0).prob == 44 != general.prob
        assert data.shop_of_room(candle - SHOPBASE).index == 10
        # UnNetHack's tin shop is in no vanilla game: no row, stock_room() warns
        assert data.shop_of_room(data.get_room_type("tin shop").value - SHOPBASE) is None


# ------------------------------------------------- fixup_special (mkmaze.c) per game
def _corpus_level(game, file, name):
    root = _corpus()
    if root is None:
        pytest.skip("no corpus")
    c = compile_file(str(root / game / file), dialect=game)
    return c, next(lv for lv in c.tree.levels if lv.name == name)


def test_no_sokoban_prizes_under_the_elbereths_in_nethack36():
    """NetHack 3.6's fixup_special() has no Sokoban prize step (its des-file places
    the bag and the amulet itself); UnNetHack's puts one under each burned Elbereth."""
    c, node = _corpus_level("nethack36", "sokoban.des", "soko1-1")
    for seed in (1, 2, 3):
        lv = build_level(c, node, seed=seed)
        assert not [o for o in lv.objects if o.attrs.get("sokoprize")], seed
    cu, nu = _corpus_level("unnethack", "sokoban.des", "soko1-1")
    assert [o for o in build_level(cu, nu, seed=1).objects if o.attrs.get("sokoprize")]


def test_no_ludios_vault_on_medusas_island_in_nethack36_and_343():
    """3.6.x's and 3.4.3's fixup_special() add only the statues to Medusa's level;
    their Ludios portal is mk_knox_portal()'s, in an ordinary level's vault."""
    for game in ("nethack36", "nethack343"):
        c, node = _corpus_level(game, "medusa.des", "medusa-1")
        for seed in range(1, 6):
            lv = build_level(c, node, seed=seed)
            assert "ludios_vault" not in lv.extras, (game, seed)
            assert not [t for t in lv.traps if t.ttyp == "MAGIC_PORTAL"
                        and t.attrs.get("destination") == "Fort Ludios"]
    cu, nu = _corpus_level("unnethack", "medusa.des", "medusa-1")
    assert any("ludios_vault" in build_level(cu, nu, seed=s).extras for s in range(1, 6))


def _morgue_door_sides(c, node, seeds):
    sides = set()
    for seed in seeds:
        lv = build_level(c, node, seed=seed)
        morgue = next(r for r in lv.rooms if r.rtype == 6)
        before = build_level(c, node, seed=seed, finish=False)
        for x in range(morgue.lx - 1, morgue.hx + 2):
            for y in (morgue.ly - 1, morgue.hy + 1):
                if lv.typ_at(x, y) == T.SDOOR != before.typ_at(x, y):
                    sides.add("north" if y < morgue.ly else "south")
        for y in range(morgue.ly, morgue.hy + 1):
            for x in (morgue.lx - 1, morgue.hx + 1):
                if lv.typ_at(x, y) == T.SDOOR != before.typ_at(x, y):
                    sides.add("west" if x < morgue.lx else "east")
    return sides


def test_the_wizards_morgue_gets_its_secret_door_on_three_walls_in_nethack36():
    """3.6.x's and 3.4.3's fixup_special(): create_secret_door(croom, W_SOUTH | W_EAST
    | W_WEST) for the Wizard's tower; UnNetHack's: W_EAST | W_WEST only."""
    c, node = _corpus_level("nethack36", "yendor.des", "wizard1")
    sides = _morgue_door_sides(c, node, range(1, 13))
    assert "south" in sides and "north" not in sides and sides & {"east", "west"}
    cu, nu = _corpus_level("unnethack", "yendor.des", "wizard1")
    assert _morgue_door_sides(cu, nu, range(1, 13)) <= {"east", "west"}


def test_nethack343_minetown_1_is_not_a_sacked_orcish_town():
    """3.4.3's fixup_special() has no "ransacked" step (its minetn-1 is Frontier Town);
    3.6's names the orc gang (check_ransacked: minetn-1)."""
    c, node = _corpus_level("nethack343", "mines.des", "minetn-1")
    assert all("orc_gang" not in build_level(c, node, seed=s).extras for s in (1, 2))
    c6, n6 = _corpus_level("nethack36", "mines.des", "minetn-1")
    assert "orc_gang" in build_level(c6, n6, seed=1).extras


def test_a_makers_name_the_variant_lacks_falls_back_to_unnethacks_tables(tmp_path):
    """mklev.c mktrap() in Gehennom asks for FIRE_TRAP by name; a variant that renamed
    it (EvilHack's FIRE_TRAP_SET) cannot give the maker its row: the level is made
    from UnNetHack's tables, with a warning and ``extras["tables_fallback"]`` saying
    why, not an internal error."""
    prof = _variant(tmp_path)
    traps = json.loads((prof.path / "traps.json").read_text())
    for r in traps["traps"]:
        if r["name"] == "FIRE_TRAP":
            r["name"] = "FIRE_TRAP_SET"
    (prof.path / "traps.json").write_text(json.dumps(traps))
    prof = profiles.load(prof.path)
    hell = 'LEVEL:"valley"\nROOM:"ordinary",lit,(3,3),(center,center),(12,7) {\n' \
           '  LOOP [20] { TRAP:random,random }\n}\n'
    c = compile_text(hell, dialect="unnethack", data=str(prof.path))
    notes, fell = [], 0
    for seed in range(1, 4):
        lv = build_level(c, seed=seed, warn=lambda m, *a: notes.append(m))
        if "tables_fallback" in lv.extras:
            fell += 1
            assert "FIRE_TRAP" in lv.extras["tables_fallback"]
            assert "FIRE_TRAP" in [t.ttyp for t in lv.traps]      # UnNetHack's own
    assert fell and any("made from UnNetHack's tables" in n for n in notes)
