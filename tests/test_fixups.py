"""fixup_special()'s per-level additions, the Plane of Water's bubbles and
ensure_way_out(), on small hand-made levels and on the real levels they belong to."""

from __future__ import annotations

import pytest

from unlev.lang.frontend import compile_file, compile_text
from unlev.model.level import D_CLOSED
from unlev.generate.build import build_level, find_level
from unlev.stdlib import terrain as T


def corpus_level(corpus_root, fname, name, seed=1, **kw):
    compiled = compile_file(str(corpus_root / "unnethack" / fname))
    return build_level(compiled, find_level(compiled, name), seed=seed, **kw)


def made(src, seed=1, name="t", **kw):
    return build_level(compile_text(src), seed=seed, **kw)


# ------------------------------------------------------------------------ Sokoban
SOKO_TOP = """LEVEL:"soko1-9"
ROOM:"ordinary",lit,(3,3),(center,center),(9,5) {
ENGRAVING:(1,1),burn,"Elbereth"
ENGRAVING:(3,1),burn,"Elbereth"
ENGRAVING:(5,1),burn,"Elbereth"
ENGRAVING:(7,1),dust,"Elbereth"
ENGRAVING:(7,3),burn,"Elber"
}
"""


@pytest.mark.parametrize("seed", range(1, 9))
def test_sokoban_top_level_prizes_under_burned_elbereths(seed):
    lv = made(SOKO_TOP, seed=seed)
    prizes = [o for o in lv.objects if o.attrs.get("sokoprize")]
    assert len(prizes) == 3
    spots = {(e.x, e.y) for e in lv.engravings if e.etype == 3 and e.text == "Elbereth"}
    assert {(o.x, o.y) for o in prizes} == spots
    # the newest engraving gets the bag, the next a cloak, the oldest an amulet
    newest_first = [e for e in reversed(lv.engravings) if (e.x, e.y) in spots]
    kinds = [next(o.id for o in prizes if (o.x, o.y) == (e.x, e.y)) for e in newest_first]
    assert kinds[0] == "bag of holding"
    assert kinds[1] in ("cloak of magic resistance", "cloak of displacement")
    assert kinds[2] in ("amulet of life saving", "amulet of flying", "amulet of reflection")


def test_sokoban_prizes_are_made_with_init_and_never_cursed():
    # mkmaze.c fixup_special: mksobj_at(prize, x, y, TRUE, FALSE), so the bag of
    # holding gets mkbox_cnts' rn2(2) contents; then cursed = FALSE, spe >= 0
    filled = 0
    for seed in range(1, 21):
        prizes = [o for o in made(SOKO_TOP, seed=seed).objects if o.attrs.get("sokoprize")]
        bag, = [o for o in prizes if o.id == "bag of holding"]
        assert len(bag.contents) <= 1
        filled += len(bag.contents)
        for o in prizes:
            assert o.attrs.get("curse") != "cursed" and o.attrs.get("spe", 0) >= 0
    assert 0 < filled < 20


def test_no_prizes_below_the_top_level():
    lv = made(SOKO_TOP.replace("soko1-9", "soko2-9"))
    assert not [o for o in lv.objects if o.attrs.get("sokoprize")]


def test_real_sokoban_top_levels_have_their_three_prizes(corpus_root):
    for name in ("soko1-1", "soko1-4"):
        lv = corpus_level(corpus_root, "sokoban.des", name)
        assert sum(1 for o in lv.objects if o.attrs.get("sokoprize")) == 3, name


# ------------------------------------------------------------------------- Medusa
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_medusa_gets_statues_and_the_ludios_vault_where_the_game_puts_it(corpus_root, seed):
    lv = corpus_level(corpus_root, "medusa.des", "medusa-1", seed=seed)
    statues = [o for o in lv.objects if o.id == "statue" and o.attrs.get("from") == "fixup_special"]
    assert 1 <= len(statues) <= 5
    assert all(o.attrs["montype"] for o in statues)
    # the game's dumps put this vault at (25,5) on medusa-1 in every seed
    assert lv.extras["ludios_vault"] == (25, 5)
    assert any(t.ttyp == "MAGIC_PORTAL" and (t.x, t.y) == (25, 5) for t in lv.traps)
    safe = next(o for o in lv.objects if (o.x, o.y) == (25, 5) and o.id == "iron safe")
    assert safe.contents[0].id == "gold piece" and safe.contents[0].attrs["quantity"] >= 51
    assert lv.typ_at(24, 5) == T.VWALL and lv.typ_at(25, 4) == T.HWALL
    assert lv.flags.has_vault


@pytest.mark.parametrize("branch", ["portal", "up"])
def test_medusa_on_a_branch_level_gets_no_ludios_vault(corpus_root, branch):
    # mklev.c get_floating_branch(): a level that has a branch already
    # (Is_branchlev) gets no Ludios portal, so the game's Medusa always has exactly one
    # magic portal (issue 35, gap 6: ours had 1.2 a level, two when the branch was a portal)
    import dataclasses
    from unlev.model.placement import guess_context
    ctx = dataclasses.replace(guess_context("medusa-1", 24, 24), branch=branch)
    for seed in (1, 2, 3):
        lv = corpus_level(corpus_root, "medusa.des", "medusa-1", seed=seed, context=ctx)
        portals = [t for t in lv.traps if t.ttyp == "MAGIC_PORTAL"]
        assert "ludios_vault" not in lv.extras
        assert len(portals) == (1 if branch == "portal" else 0)
        assert all(t.attrs.get("destination") != "Fort Ludios" for t in portals)


def test_medusa_statues_are_never_of_stone_resistant_monsters(corpus_root):
    from unlev.stdlib import data
    for seed in range(1, 7):
        lv = corpus_level(corpus_root, "medusa.des", "medusa-2", seed=seed)
        for o in lv.objects:
            if o.id == "statue" and o.attrs.get("from") == "fixup_special":
                assert "MR_STONE" not in data.get_monster(o.attrs["montype"]).resists


# ----------------------------------------------------------- secret doors, Ludios
def test_wizard_tower_morgue_gets_a_secret_door_east_or_west(corpus_root):
    for seed in (1, 2, 3):
        lv = corpus_level(corpus_root, "yendor.des", "wizard1", seed=seed)
        morgue = next(r for r in lv.rooms if r.rtype == 6)
        sdoors = [(x, y) for x in (morgue.lx - 1, morgue.hx + 1)
                  for y in range(morgue.ly, morgue.hy + 1) if lv.typ_at(x, y) == T.SDOOR]
        assert sdoors, seed
        assert all(lv.flags_at(x, y) == D_CLOSED for x, y in sdoors)


def test_sanctum_temple_gets_a_secret_door(corpus_root):
    lv = corpus_level(corpus_root, "gehennom.des", "sanctum")
    temple = next(r for r in lv.rooms if r.rtype == 10)
    ring = [(x, y) for x in range(temple.lx - 1, temple.hx + 2)
            for y in range(temple.ly - 1, temple.hy + 2) if not temple.lx <= x <= temple.hx
            or not temple.ly <= y <= temple.hy]
    assert any(lv.typ_at(x, y) == T.SDOOR for x, y in ring)


def test_fort_ludios_treasury(corpus_root):
    lv = corpus_level(corpus_root, "knox.des", "knox-1")
    assert not any(r.rtype == 6 for r in lv.rooms), "the morgue becomes an ordinary room"
    gold = [o for o in lv.objects if o.id == "gold piece" and 600 <= o.attrs.get("quantity", 0) < 900]
    assert len(gold) >= 20
    traps = {t.ttyp for t in lv.traps if any((g.x, g.y) == (t.x, t.y) for g in gold)}
    assert traps and traps <= {"LANDMINE", "SPIKED_PIT"}
    assert not lv.flags.graveyard


# ----------------------------------------------------------- Orcish Town, advent
def test_the_ransacked_town_names_most_of_its_orcs_after_the_gang():
    # the game's kludge: whatever level is called minetn-1 in the Mines is the sacked town
    src = """LEVEL:"minetn-1"
ROOM:"ordinary",lit,(3,3),(center,center),(12,6) {
LOOP [20] { MONSTER:('o',"hill orc"),random }
MONSTER:('o',"orc-captain"),random
}
"""
    named = 0
    for seed in (1, 2, 3):
        lv = made(src, seed=seed)
        gang = lv.extras["orc_gang"]
        assert gang[0].isupper()
        for m in lv.monsters:
            if m.attrs.get("gang"):
                assert m.id == "hill orc"
                assert m.attrs["name"].endswith(" of " + gang)
                named += 1
    assert 40 <= named <= 60          # nine in ten of 60 hill orcs (of 63 orcs)


def test_advent_calendar_numbers_24_doors(corpus_root):
    lv = corpus_level(corpus_root, "advcal.des", "advcal")
    marks = sorted(int(e.text) for e in lv.engravings if e.etype == 4 and e.text.isdigit())
    assert marks == list(range(1, 25))
    treats = [o for o in lv.objects if o.attrs.get("from") == "advent calendar"]
    assert len(treats) == 24


# ---------------------------------------------------------- the Plane of Water
def test_water_plane_bubbles_are_lit_air_inside_the_water(corpus_root):
    lv = corpus_level(corpus_root, "endgame.des", "water")
    bubbles = lv.extras["bubbles"]
    assert len(bubbles) >= 8
    for b in bubbles:
        assert 4 <= b["x"] and b["x"] + b["w"] - 1 <= 77
        assert 2 <= b["y"] and b["y"] + b["h"] - 1 <= 19
        cells = [(x, y) for x in range(b["x"], b["x"] + b["w"])
                 for y in range(b["y"], b["y"] + b["h"]) if lv.typ_at(x, y) == T.AIR]
        assert cells and all(lv.lit_at(x, y) for x, y in cells)
    # the game's ten dumps of this level hold 151..534 air squares of 1520
    assert 100 <= lv.count(T.AIR) <= 600 and lv.count(T.AIR) + lv.count(T.WATER) == 1520


# ------------------------------------------------------------- ensure_way_out
CLOSED_ROOMS = """LEVEL:"t"
FLAGS:inaccessibles
INIT_MAP:solidfill,' '
GEOMETRY:center,center
MAP
-----------
|....|....|
|....|....|
|....|....|
-----------
ENDMAP
STAIR:(1,1),up
"""


@pytest.mark.parametrize("seed", range(1, 6))
def test_inaccessibles_opens_a_door_into_the_cut_off_room(seed):
    lv = made(CLOSED_ROOMS, seed=seed)
    doors = lv.find(T.DOOR)
    assert len(doors) == 1
    (x, y), = doors
    # it is on the dividing wall, with floor on both sides
    assert lv.typ_at(x - 1, y) == T.ROOM and lv.typ_at(x + 1, y) == T.ROOM


def test_without_the_flag_the_room_stays_closed():
    lv = made(CLOSED_ROOMS.replace("FLAGS:inaccessibles\n", ""))
    assert lv.find(T.DOOR) == []


def test_a_pocket_with_no_wall_to_break_gets_a_hole_or_an_escape_item():
    src = """LEVEL:"t"
FLAGS:inaccessibles
INIT_MAP:solidfill,' '
GEOMETRY:center,center
MAP
-----   -----
|...|   |...|
-----   -----
ENDMAP
STAIR:(1,1),up
"""
    for seed in range(1, 6):
        lv = made(src, seed=seed)
        fixes = [t for t in lv.traps if t.ttyp in ("HOLE", "TRAPDOOR")]
        items = [o for o in lv.objects if o.attrs.get("from") == "ensure_way_out"]
        assert len(fixes) + len(items) == 1
        spot = (fixes or items)[0]
        assert spot.x > lv.stairs[0].x + 4
