"""NetHack data tables, lev_comp-style lookups and the random choosers (stdlib.data,
unlev.populate.kinds, tools/gen_data.py)."""

from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import missing

from unlev.stdlib import data
from unlev.populate import kinds as populate
from unlev.stdlib.rng import RNG

REPO = Path(__file__).resolve().parent.parent
REF = Path(os.environ.get("UNLEV_NETHACK_SRC", "/work/ref"))
sys.path.insert(0, str(REPO / "tools"))

G_NOGEN = 0x0200


# ---------------------------------------------------------------------------------------
# tables
# ---------------------------------------------------------------------------------------
# The sizes of UnNetHack's own tables at the revision the shipped profile names
# (stdlib/data/profile.json: commit 24dce72794): monst.c's mons[] has 435 entries before
# its terminator (NUMMONS), objects.c's objects[] 541 (NUM_OBJECTS); a regenerated
# table of another revision must change these on purpose.
NUMMONS = 435
NUM_OBJECTS = 541


def test_table_sizes():
    assert "24dce72794" in data.load_table("profile")["source"]
    assert len(data.monsters()) == NUMMONS
    assert len(data.objects()) == NUM_OBJECTS
    assert len(data.traps()) == 24            # ARROW_TRAP .. VIBRATING_SQUARE
    assert len(data.room_types()) == 32       # lev_comp's room names (BLACKMARKET on)
    assert len(data.monster_classes()) == 61  # 1 .. MAXMCLASSES-1
    assert len(data.object_classes()) == 17   # 1 .. MAXOCLASSES-1
    assert [m.index for m in data.monsters()] == list(range(NUMMONS))
    assert [o.index for o in data.objects()] == list(range(NUM_OBJECTS))


def test_object_counts_by_class():
    counts = collections.Counter(o.class_symbol for o in data.objects())
    assert counts == {"[": 85, ")": 70, "+": 65, "(": 52, "/": 49, "=": 44, "?": 44,
                      "!": 40, "*": 37, "%": 29, '"': 17, ".": 3, "`": 2, "]": 1, "$": 1,
                      "0": 1, "_": 1}
    # each class is one contiguous block starting at its base
    bases = data.object_class_bases()
    for sym, n in counts.items():
        block = data.objects()[bases[sym]:bases[sym] + n]
        assert all(o.class_symbol == sym for o in block)


def test_known_monsters():
    jackal = data.get_monster("jackal")
    assert (jackal.symbol, jackal.class_name, jackal.level) == ("d", "S_DOG", 0)
    assert jackal.frequency == 3 and "G_SGROUP" in jackal.gen_flags and jackal.genocidable
    assert jackal.attacks[0] == data.Attack("AT_BITE", "AD_PHYS", 1, 2)
    medusa = data.get_monster("Medusa")
    assert medusa.unique and medusa.nogen and medusa.symbol == "@"
    assert "MR_STONE" in medusa.resists and medusa.has("M1_SWIM")
    turtle = data.get_monster("giant turtle")
    assert turtle.symbol == ":" and turtle.ac == -5 and turtle.move == 2
    # UnNetHack's own generation flags are read
    assert "G_NOSHEOL" in jackal.gen_flags
    assert data.get_monster("hell hound").has("G_HELL")
    assert data.monsters()[data.special_pm()].name == "long worm tail"
    assert not data.lookup_monster("Cerberus").ok       # CHARON is off


def test_difficulty_matches_makedefs():
    # values of the game's generated monstr[] (makedefs' mstrength)
    expect = {"jackal": 1, "grid bug": 1, "leprechaun": 4, "soldier ant": 6,
              "Demogorgon": 57, "giant turtle": 9}
    assert {n: data.get_monster(n).difficulty for n in expect} == expect


def test_known_objects():
    ls = data.get_object("long sword")
    assert ls.class_symbol == ")" and ls.class_name == "WEAPON_CLASS"
    assert ls.material == "IRON" and ls.merge == 0 and ls.prob == 50
    assert data.get_object("elven mithril-coat").material == "MITHRIL"
    wand = data.get_object("wishing", "/")      # objects[] names carry no class prefix
    assert wand.charged == 1 and wand.class_symbol == "/"
    # a name shared by several classes resolves to the first one without a class
    assert data.get_object("levitation").class_symbol == "="
    assert data.get_object("levitation", "!").class_symbol == "!"
    arrow = data.get_object("arrow")
    assert arrow.merge == 1
    assert data.get_object("elven dagger").description == "runed dagger"
    assert data.objects()[0].name == "strange object"
    # spare appearances keep their index but have no name and probability 0
    spares = [o for o in data.objects() if o.name is None]
    assert spares and all(o.prob == 0 and o.description for o in spares)


def test_class_probabilities_add_up():
    for table in ("mkobjprobs", "boxiprobs", "rogueprobs", "hellprobs"):
        assert sum(p for p, _ in data.object_class_probabilities(table)) == 100
    for cls in data.object_classes():
        for ledger in (1, 5, 13, 30):
            total = sum(p for _, p in populate.object_probabilities(cls.symbol, ledger))
            assert total == 1000, (cls.symbol, ledger)


def test_gem_probabilities_depend_on_depth():
    shallow = dict((o.name, p) for o, p in populate.object_probabilities("*", 1))
    deep = dict((o.name, p) for o, p in populate.object_probabilities("*", 27))
    assert shallow["dilithium crystal"] == 0 and shallow["jade"] > 0
    assert deep["dilithium crystal"] > 0
    assert data.objects()[data.last_gem()].name == "jade"


def test_traps_and_rooms():
    names = {t.name: t.index for t in data.traps()}
    assert names["ARROW_TRAP"] == 1 and names["VIBRATING_SQUARE"] == 24
    assert data.get_trap("falling rock").name == "ROCKTRAP"
    assert data.get_trap("cold").name == "ICE_TRAP"
    assert data.trap_by_index(24).des_name is None
    assert data.get_room_type("throne").value == 2
    assert data.get_room_type("candle shop").const == "CANDLESHOP"
    assert data.get_room_type("black market").value == 34


# ---------------------------------------------------------------------------------------
# lookups
# ---------------------------------------------------------------------------------------
def test_monster_lookup_case_rules():
    exact = data.lookup_monster("jackal")
    assert exact.ok and exact.exact and exact.warning is None
    folded = data.lookup_monster("JACKAL")
    assert folded.ok and not folded.exact
    assert folded.warning == 'Monster type "JACKAL" matches "jackal".'
    assert data.get_monster("jackal", "d").name == "jackal"
    bad = data.lookup_monster("jackal", "f")
    assert not bad.ok and bad.error.message == "Unknown monster ('f', \"jackal\")!"
    with pytest.raises(data.UnknownNameError) as e:
        data.get_monster("jakal")
    assert e.value.message == 'Unknown monster "jakal"!'
    assert "jackal" in e.value.suggestions and "jackal" in e.value.hint


def test_object_lookup_rules():
    assert data.get_object("strange object").index == 0
    assert data.lookup_object("Long Sword").warning == 'Object type "Long Sword" matches "long sword".'
    assert data.get_object("long sword", ")").index == data.get_object("long sword").index
    res = data.lookup_object("long sword", "[")
    assert res.error.message == "Unknown object ('[', \"long sword\")!"
    res = data.lookup_object("lnog sword")
    assert res.error.message == 'Unknown object "lnog sword"!'
    assert res.error.suggestions[0] == "long sword"


def test_trap_room_lookups_are_case_sensitive():
    res = data.lookup_trap("Arrow")
    assert not res.ok and res.error.message == "Unknown trap type 'Arrow'!"
    assert res.error.suggestions == ["arrow"]
    room = data.lookup_room_type("Throne")
    assert room.error.severity == "warning"
    assert room.error.message == 'Unknown room type "Throne"!  Making ordinary room...'


def test_class_symbols():
    assert data.monster_class("d").name == "S_DOG"
    assert data.is_monster_class_symbol("~") and not data.is_monster_class_symbol("I")
    assert data.object_class(")").name == "WEAPON_CLASS"
    with pytest.raises(data.UnknownNameError, match="Unknown monster class '7'!"):
        data.monster_class("7")
    with pytest.raises(data.UnknownNameError, match="Unknown object class 'x'!"):
        data.object_class("x")
    assert [m.symbol for m in data.monsters_of_class("d")] == ["d"] * 15


def test_suggest():
    assert data.suggest("gnome lrod", ["gnome lord", "gnome king", "dwarf"])[0] == "gnome lord"
    assert data.suggest("ZZZZ", ["gnome lord"]) == []
    assert data.suggest("Gnome Lord", ["gnome lord"]) == ["gnome lord"]


def test_tables_load_lazily():
    code = ("import unlev.stdlib.data as d, unlev.populate.kinds as p; "
            "print(d.load_table.cache_info().currsize)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd="/", check=True)
    assert out.stdout.strip() == "0"


# ---------------------------------------------------------------------------------------
# random choices
# ---------------------------------------------------------------------------------------
def test_random_monster_respects_rndmonst_rules():
    seen = collections.Counter()
    maxd = 3                                # (difficulty 5 + hero level 1) // 2
    for seed in range(2000):
        rng = RNG(seed)
        m = populate.random_monster(rng, 5)
        assert rng.calls == 1
        assert m is not None
        assert not m.unique and not m.nogen
        assert m.difficulty <= maxd
        assert not m.has("G_HELL")
        assert m.index < data.special_pm()
        seen[m.name] += 1
    assert len(seen) > 20


def test_random_monster_distribution_matches_weights():
    weights = populate.rndmonst_weights(10, level_align="lawful")
    total = sum(w for _, w in weights)
    rng = RNG(7)
    n = 20000
    counts = collections.Counter(populate.random_monster(rng, 10, level_align="lawful").index
                                 for _ in range(n))
    chi2 = sum((counts[m.index] - n * w / total) ** 2 / (n * w / total) for m, w in weights)
    dof = len(weights) - 1
    # the 99.9th percentile of chi-square is below dof + 4.5*sqrt(2*dof) for these dofs
    assert chi2 < dof + 4.5 * (2 * dof) ** 0.5, chi2


def test_random_monster_hell_and_alignment():
    for seed in range(300):
        m = populate.random_monster(RNG(seed), 30, in_gehennom=True, hero_level=14)
        assert not m.has("G_NOHELL") and m.alignment <= 0
    lawful = dict((m.name, w) for m, w in populate.rndmonst_weights(8, level_align="lawful"))
    chaotic = dict((m.name, w) for m, w in populate.rndmonst_weights(8, level_align="chaotic"))
    assert lawful["hill orc"] < chaotic["hill orc"]          # orcs are chaotic
    assert populate.random_monster(RNG(1), 0, gone=range(NUMMONS)) is None


def test_random_monster_of_class():
    for seed in range(500):
        m = populate.random_monster_of_class(RNG(seed), "d", 3)
        assert m.symbol == "d" and not m.unique and not m.nogen
    nogen = set()
    for seed in range(500):
        m = populate.random_monster_of_class(RNG(seed), "@", 40, spc=G_NOGEN, hero_level=14)
        assert m.symbol == "@" and not m.unique
        assert m.name not in ("human", "elf")              # placeholders
        if m.nogen:
            nogen.add(m.name)
    assert nogen                                            # G_NOGEN allowed by spc
    assert populate.random_monster_of_class(RNG(0), "d", 3, gone=range(NUMMONS)) is None


def test_random_object_classes_follow_mkobjprobs():
    expected = data.object_class_probabilities("mkobjprobs")
    rng = RNG(12345)
    n = 20000
    counts = collections.Counter()
    for _ in range(n):
        before = rng.calls
        o = populate.random_object(rng)
        assert rng.calls - before == 2           # rnd(1000), then rnd(100)
        assert o.prob > 0 and o.name is not None
        counts[o.class_symbol] += 1
    assert set(counts) == {sym for _, sym in expected}
    chi2 = sum((counts[s] - n * p / 100) ** 2 / (n * p / 100) for p, s in expected)
    assert chi2 < 29.59     # chi-square, 10 degrees of freedom, p = 0.001
    for p, s in expected:   # and no class is off by more than 1.5 percentage points
        assert abs(counts[s] / n - p / 100) < 0.015


def test_random_object_within_class():
    rng = RNG(3)
    names = collections.Counter(populate.random_object(rng, "!").name for _ in range(4000))
    assert all(data.get_object(nm, "!").class_symbol == "!" for nm in names)
    # potion of water has oc_prob 92 (9.2 %), booze 42
    assert 0.07 < names["water"] / 4000 < 0.115
    hell = collections.Counter(populate.random_object(RNG(s), in_gehennom=True).class_symbol
                               for s in range(3000))
    assert hell["!"] < hell[")"]                 # hellprobs: 1 % potions, 20 % weapons
    with pytest.raises(data.UnknownNameError):
        populate.random_object(RNG(0), "x")


def test_random_trap_rules():
    too_hard_at_1 = {"LEVEL_TELEP", "SPIKED_PIT", "LANDMINE", "WEB", "STATUE_TRAP",
                     "POLY_TRAP", "FIRE_TRAP", "ICE_TRAP", "MAGIC_PORTAL", "VIBRATING_SQUARE",
                     "ROLLING_BOULDER_TRAP", "SLP_GAS_TRAP"}
    kinds = collections.Counter(populate.random_trap(RNG(s), 1).name for s in range(2000))
    assert not set(kinds) & too_hard_at_1 and len(kinds) >= 8
    hell = collections.Counter(populate.random_trap(RNG(s), 25, in_gehennom=True).name
                               for s in range(1000))
    assert hell["FIRE_TRAP"] > 150                # 1 in 5 up front, more from the loop
    assert "ICE_TRAP" not in hell
    no_fall = {populate.random_trap(RNG(s), 10, can_fall_through=False).name for s in range(1000)}
    assert not no_fall & {"TRAPDOOR", "HOLE"}
    fill = {populate.random_fill_trap(RNG(s), noteleport=True).name for s in range(1000)}
    assert not fill & {"HOLE", "MAGIC_PORTAL", "VIBRATING_SQUARE", "TELEP_TRAP", "LEVEL_TELEP"}
    assert "WEB" in fill                           # rndtrap ignores difficulty


def test_level_difficulty_and_context():
    assert populate.level_difficulty(10) == 10
    assert populate.level_difficulty(10, in_gehennom=True) == 25
    ctx = populate.LevelContext(depth=4)
    assert ctx.level_difficulty == 4
    a = [ctx.random_monster(RNG(s)).name for s in range(20)]
    b = [populate.random_monster(RNG(s), 4).name for s in range(20)]
    assert a == b


def test_names_in_real_game_dumps_resolve(game_reference):
    """Every monster, object and trap the real game put on its levels is in our tables."""
    import gzip
    import re
    mons, objs, traps = set(), set(), set()
    for path in sorted(game_reference.glob("*.txt.gz")):
        with gzip.open(path, "rt") as fh:
            for line in fh:
                if line.startswith("MON "):
                    mons.add(line.split(" ", 3)[3].split("|")[0])
                elif line.startswith("OBJ "):
                    rest = line.split(" ", 3)[3]
                    cls = int(re.search(r"class=(\d+)", rest).group(1))
                    objs.add((rest.split("|")[0].split(":")[0], cls))
                elif line.startswith("TRAP "):
                    m = re.match(r"TRAP \d+ \d+ (.*) ttyp=(\d+)", line)
                    traps.add((m.group(1), int(m.group(2))))
    if not mons:
        missing(f"no dumps under {game_reference}")
    assert all(data.lookup_monster(n).exact for n in mons)
    sym = {c.index: c.symbol for c in data.object_classes()}
    # "fruit" is the slime mold under the player's fruit name
    missing = [(n, c) for n, c in objs if not data.lookup_object(n, sym[c]).ok and n != "fruit"]
    assert missing == []
    by_index = {t.index: t.name for t in data.traps()}
    assert {("arrow trap", "ARROW_TRAP"), ("land mine", "LANDMINE")} <= \
        {(n, by_index[i]) for n, i in traps}


# ---------------------------------------------------------------------------------------
# the generator
# ---------------------------------------------------------------------------------------
def test_preprocessor_basics():
    from cpre import Preprocessor, evaluate, find_calls
    pp = Preprocessor(defines={"FEATURE": "1"}, protected={"ROW"})
    toks = pp.process_text(
        "#define TWO 2\n#define ADD(a, b) ((a) + (b))\n"
        "#ifdef FEATURE\n#define X ADD(TWO, 3)\n#else\n#define X 0\n#endif\n"
        "#if 0\nROW(99)\n#endif\n"
        "enum e { E_A = 5, E_B };\nROW(X, \"s\" \"t\", -1)\n")
    calls = find_calls(toks, "ROW")
    assert len(calls) == 1
    assert evaluate(calls[0].args[0]) == 5
    assert pp.enums == {"E_A": 5, "E_B": 6}
    assert evaluate(pp.expand(pp.process_text("7 / -2"))) == -3     # C truncation


@pytest.mark.skipif(not (REF / "src" / "monst.c").is_file(), reason="no reference source")
def test_generated_tables_are_up_to_date(tmp_path):
    import gen_data
    assert gen_data.main(["--source", str(REF), "--out", str(tmp_path)]) == 0
    for name in ("monsters", "objects", "traps", "rooms"):
        fresh = json.loads((tmp_path / f"{name}.json").read_text())
        assert fresh == data.load_table(name), name
