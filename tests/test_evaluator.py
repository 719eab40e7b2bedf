"""The evaluator's values and expressions: integers with C semantics, dice, strings,
coordinates, regions, map characters, monster/object specs, selections, arrays, the
built-in functions, determinism and the compatibility switches.

Control flow, scoping and functions are in test_evaluator_flow.py; the corpus run is in
test_evaluator_corpus.py.  Every expectation follows UnNetHack's src/spo_lev.c.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from evalkit import run, strip_spans
from unlev.lang.level_builder import RecordingBuilder
from unlev.lang.diagnostics import DesError
from unlev.lang.evaluator import Evaluator
from unlev.lang.frontend import compile_text
from unlev.lang.values import Align, Coord, MapCharValue, MonsterValue, ObjectValue, Region
from unlev.stdlib.builtins import RunContext
from unlev.stdlib.rng import RNG
from unlev.stdlib.compat import Compat, EvalCompat
from unlev.stdlib.selection import Selection
from unlev.stdlib.terrain import map_char_to_type


# ====================================================================== integers
@pytest.mark.parametrize("expr, value", [
    ("7 / 2", 3),
    ("(-7) / 2", -3),          # C truncates toward zero, not toward minus infinity
    ("(-7) % 2", -1),          # C's remainder takes the dividend's sign
    ("7 % 3", 1),
    ("(-1) / 3", 0),
    ("2 + 3 * 4", 14),
    ("(2 + 3) * 4", 20),
    ("10 - 2 - 3", 5),         # left associative
    ("100 / 10 / 5", 2),
    ("17 % 5 * 2", 4),
    ("(-3) * (-3)", 9),
])
def test_integer_arithmetic_is_c_arithmetic(expr, value):
    r = run(f"$v = {expr}")
    assert r.var("$v") == value
    assert r.warnings == []


@pytest.mark.parametrize("expr, what", [
    ("7 / 0", "division by 0"),
    ("7 / (-2)", "division by -2"),
    ("7 % 0", "remainder by 0"),
    ("(-7) % (-3)", "remainder by -3"),
])
def test_division_by_zero_or_negative_gives_zero_with_a_warning(expr, what):
    # spo_lev.c SPO_MATH_DIV: "if (OV_i(b) >= 1) ... else OV_i(a) = 0"; SPO_MATH_MOD: "> 0"
    r = run(f"$v = {expr}")
    assert r.var("$v") == 0
    assert len(r.warnings) == 1
    msg, span = r.warnings[0]
    assert what in msg and "0" in msg
    assert span.line == 2


def test_dice_stay_in_range_and_reach_both_ends():
    r = run('LOOP [600] { MESSAGE: string(3d6) }')
    rolls = [int(m) for m in r.messages()]
    assert len(rolls) == 600
    assert min(rolls) == 3 and max(rolls) == 18
    assert 9.5 < sum(rolls) / len(rolls) < 11.5     # mean 10.5


def test_dice_in_expressions_and_one_sided_dice():
    r = run("$a = 1d1 * 10 + 2d1\n$b = 5 + 1d4")
    assert r.var("$a") == 12
    assert 6 <= r.var("$b") <= 9


# ====================================================================== strings
def test_string_concatenation_and_string_functions():
    r = run('$n = 42\n'
            '$s = "a" . "b" . string($n) . str((-5))\n'
            '$t = $s . "!"\n'
            'MESSAGE: $t . " done"')
    assert r.var("$s") == "ab42-5"
    assert r.messages() == ["ab42-5! done"]


@pytest.mark.parametrize("text, value", [
    ("42", 42), ("  -7", -7), ("+3", 3), ("12abc", 12), ("abc", 0), ("", 0), ("- 5", 0),
    ("\t 9 9", 9),
])
def test_integer_has_atoi_semantics(text, value):
    r = run(f'$v = integer("{text}")\n$w = int("{text}")')
    assert r.var("$v") == value and r.var("$w") == value


# ====================================================================== typed values
def test_coordinates_regions_and_their_methods():
    r = run("$c = (5,6)\n$x = $c.x * 10 + $c.y\n$d = coord(3, 4)\n$g = (1,2,30,15)\n"
            "$h = region(2,3,4,5)\n$r = random\n")
    assert r.var("$c") == Coord(5, 6)
    assert r.var("$x") == 56
    assert r.var("$d") == Coord(3, 4)
    assert r.var("$g") == Region(1, 2, 30, 15)
    assert r.var("$h") == Region(2, 3, 4, 5)
    assert r.var("$r").random is True


def test_map_characters_carry_their_light_state():
    r = run("$a = terrain: 'L'\n$b = terrain: ('.', lit)\n$c = terrain: ('.', unlit)\n"
            "$d = terrain: ('#', random)\nTERRAIN: (3,3), $b")
    assert r.var("$a") == MapCharValue("L", map_char_to_type("L"), -2)
    assert r.var("$b") == MapCharValue(".", map_char_to_type("."), 1)
    assert r.var("$c").light == 0
    assert r.var("$d").light == -1
    (t,) = r.of("terrain")
    assert t["mapchar"] == MapCharValue(".", map_char_to_type("."), 1)
    assert t["selection"] == Selection.point(3, 3)


def test_monster_and_object_specs_reach_the_builder():
    r = run('$m = monster: "jackal"\n'
            'MONSTER: (\'d\', "jackal"), (1,2), hostile\n'
            'MONSTER: $m, (2,2)\n'
            'MONSTER: random, random\n'
            'OBJECT: (\'?\', "identify"), (3,3), cursed\n'
            'OBJECT: \'/\', (4,4)\n')
    mons = r.of("monster")
    assert [m["monster"] for m in mons] == [MonsterValue("d", "jackal"), MonsterValue(None, "jackal"),
                                            MonsterValue(None, None)]
    assert mons[0]["coord"] == Coord(1, 2)
    assert mons[2]["monster"].is_random and mons[2]["coord"].random
    objs = r.of("object")
    assert objs[0]["object"] == ObjectValue("?", "identify") and objs[0]["coord"] == Coord(3, 3)
    assert "curse" in objs[0]
    assert objs[1]["object"] == ObjectValue("/", None)
    assert r.names() == ["level", "monster", "endmonster", "monster", "endmonster", "monster",
                         "endmonster", "object", "object", "endlevel"]


@pytest.mark.parametrize("infos, draws", [
    ("1d100, rndcoord($s)", "$d = 1d100\n$c = rndcoord($s)"),
    ("rndcoord($s), 1d100", "$c = rndcoord($s)\n$d = 1d100"),
    ("rndcoord($s), cursed, 1d100", "$c = rndcoord($s)\n$d = 1d100"),
])
def test_object_infos_are_evaluated_in_source_order(infos, draws):
    # lev_comp pushes an OBJECT's infos (the coordinate is one of them) in source order,
    # so random draws happen in the order they are written.
    body = "$s = selection: fillrect(1,1,70,18)\n"
    for seed in (5, 6, 7):
        a = run(body + f"OBJECT: '!', {infos}", seed=seed)
        b = run(body + draws, seed=seed)
        (obj,) = a.of("object")
        assert obj["spe"] == b.var("$d")
        assert obj["coord"] == b.var("$c")


# ====================================================================== arrays
ARRAYS = [   # (type word or "", literal, values)
    ("", "{ 4, 5, 6 }", [4, 5, 6]),
    ("", '{ "x", "y" . "z", "w" }', ["x", "yz", "w"]),
    ("", "{ (1,2), (3,4), (5,6) }", [Coord(1, 2), Coord(3, 4), Coord(5, 6)]),
    ("", "{ (1,1,2,2), (3,3,4,4), (5,5,6,6) }",
     [Region(1, 1, 2, 2), Region(3, 3, 4, 4), Region(5, 5, 6, 6)]),
    ("terrain", "{ 'T', ('.', unlit), ('L', random) }",
     [MapCharValue("T", map_char_to_type("T"), -2), MapCharValue(".", map_char_to_type("."), 0),
      MapCharValue("L", map_char_to_type("L"), -1)]),
    ("monster", '{ \'n\', "newt", (\'d\', "jackal") }',
     [MonsterValue("n"), MonsterValue(None, "newt"), MonsterValue("d", "jackal")]),
    ("object", '{ \'/\', "elven cloak", (\'?\', "identify") }',
     [ObjectValue("/"), ObjectValue(None, "elven cloak"), ObjectValue("?", "identify")]),
]


@pytest.mark.parametrize("kind, literal, items", ARRAYS)
def test_arrays_of_every_type_length_and_indexing(kind, literal, items):
    typed = f"{kind}: " if kind else ""
    r = run(f"$a = {typed}{literal}\n$n = $a.length\n$e0 = {typed}$a[0]\n"
            f"$e2 = {typed}$a[1 + 1]\n")
    assert r.var("$a") == items
    assert r.var("$n") == 3
    assert r.var("$e0") == items[0]
    assert r.var("$e2") == items[2]
    assert r.warnings == []


def test_index_past_the_end_wraps_modulo_the_length_with_a_warning():
    # opvar_var_conversion: OV_i(array_idx) % tmp->array_len
    r = run("$a = { 10, 20, 30 }\n$v = $a[4]\n$w = $a[3 * 3]\n")
    assert r.var("$v") == 20
    assert r.var("$w") == 10
    assert len(r.warnings) == 2
    msg, span = r.warnings[0]
    assert "past the end" in msg and "wraps it to 1" in msg
    assert span.line == 3


def test_negative_index_is_an_error_with_a_span():
    # C's % keeps the sign: the game would read before the array
    with pytest.raises(DesError) as e:
        run("$a = { 10, 20, 30 }\n$i = 0 - 2\n$v = $a[$i]\n")
    assert "negative index -2" in str(e.value)
    assert e.value.span.line == 4


def test_array_index_may_be_any_expression_and_element_feeds_statements():
    r = run("$a = { (1,2), (3,4) }\n$i = 1\nGRAVE: $a[$i * 3 - 2], random\n"
            "$m = monster: { 'd', 'n' }\nMONSTER: $m[1], $a[0]")
    (grave,) = r.of("grave")
    assert grave["coord"] == Coord(3, 4)
    (mon,) = r.of("monster")
    assert mon["monster"] == MonsterValue("n") and mon["coord"] == Coord(1, 2)


def test_redefinition_replaces_a_variable():
    r = run("$a = { 1, 2, 3 }\n$a = { 7 }\n$v = 1\n$v = $v + 1\n")
    assert r.var("$a") == [7] and r.var("$v") == 2


# ====================================================================== selections
def test_rectangles_wholly_off_the_map_select_nothing():
    """spo_lev.c SPO_SEL_RECT/FILLRECT sort the corners once, clamp the low corner up
    and the high one down, then loop x1..x2 / y1..y2: off the map both loops are empty.
    (The evaluator used to clamp, then Selection sorted again: the map edge was drawn.)"""
    r = run("TERRAIN: fillrect (84,5,89,8), 'L'\n"
            "TERRAIN: fillrect (4,22,9,25), 'L'\n"
            "TERRAIN: fillrect (89,25,94,30), 'L'\n"
            "TERRAIN: rect (89,25,94,30), 'L'\n"
            "TERRAIN: rect (85,5,90,8), 'L'\n")
    sels = [t["selection"] for t in r.of("terrain")]
    assert sels[:4] == [Selection.empty()] * 4
    # only the sides' loop runs: x2's side, clamped onto the map, as the game draws it
    assert sels[4] == Selection.from_points([(79, y) for y in range(5, 9)])


def test_selection_expressions_through_terrain():
    r = run("$s = selection: rect (1,1,3,3)\n"
            "TERRAIN: $s & (10,10), 'L'\n"
            "TERRAIN: fillrect (5,5,6,6), '.'\n"
            "TERRAIN: complement fillrect (0,0,79,19), 'T'\n"
            "TERRAIN: filter(fillrect(1,1,4,4), rect(2,2,8,8)), 'W'\n"
            "TERRAIN: grow(north, (20,10)), 'P'\n"
            "TERRAIN: line (1,1)-(4,1), '#'\n")
    sels = [t["selection"] for t in r.of("terrain")]
    assert sels[0] == Selection.rect(1, 1, 3, 3) | Selection.point(10, 10)
    assert sels[1] == Selection.fillrect(5, 5, 6, 6)
    assert sels[2] == Selection.fillrect(0, 20, 79, 20)
    assert sels[3] == Selection.rect(2, 2, 8, 8) & Selection.fillrect(1, 1, 4, 4)
    assert sels[4] == Selection.from_points([(20, 10), (19, 11), (20, 11), (21, 11)])
    assert sels[5] == Selection.from_points([(x, 1) for x in range(1, 5)])


def test_rndcoord_picks_a_point_of_the_selection():
    r = run("$s = selection: fillrect (10,5,12,6)\n"
            "LOOP [50] { $c = rndcoord($s)\nMESSAGE: string($c.x) . \",\" . string($c.y) }")
    seen = {tuple(map(int, m.split(","))) for m in r.messages()}
    assert seen <= {(x, y) for x in range(10, 13) for y in range(5, 7)}
    assert len(seen) >= 4


def test_rndcoord_of_an_empty_selection_is_minus_one():
    r = run("$s = selection: filter((1,1), (2,2))\n$c = rndcoord($s)")
    assert r.var("$c") == Coord(-1, -1)


class ShapeBuilder(RecordingBuilder):
    """A level whose terrain is stone with a 3x2 block of type 5 at (5..7, 5..6)."""

    def terrain_at(self, x, y):
        return 5 if 5 <= x <= 7 and 5 <= y <= 6 else 0


def test_floodfill_fills_as_documented_and_is_empty_with_compat_game():
    body = "TERRAIN: floodfill(6,5), 'L'"
    doc = run(body, builder=ShapeBuilder())
    game = run(body, builder=ShapeBuilder(), compat=Compat.game())
    assert doc.of("terrain")[0]["selection"] == Selection.fillrect(5, 5, 7, 6)
    assert len(game.of("terrain")[0]["selection"]) == 0
    assert game.ev.compat.eval == EvalCompat(gradient_copies_random_center=True)
    assert doc.ev.compat.eval == EvalCompat()
    also_game = run(body, builder=ShapeBuilder(), compat=True)     # the API's boolean form
    assert len(also_game.of("terrain")[0]["selection"]) == 0


class RandomSpots(RecordingBuilder):
    """Resolves each `random` coordinate to the next of a fixed list of spots."""

    def __init__(self):
        super().__init__()
        self.spots = [(10, 10), (30, 12)]
        self.random_locates = 0

    def locate(self, coord, humidity=0):
        if coord.random:
            self.random_locates += 1
            return self.spots[(self.random_locates - 1) % 2]
        return (coord.x, coord.y)


def test_gradient_around_random_resolves_the_copied_centre_again_with_compat_game():
    # lev_comp emits SPO_COPY of the unresolved coordinate when coord2 is missing
    body = "$g = selection: gradient(radial, (0 - 2, limited), random)"
    doc = run(body, builder=RandomSpots())
    game = run(body, builder=RandomSpots(), compat=Compat(eval=EvalCompat(gradient_copies_random_center=True)))
    assert doc.builder.random_locates == 1
    assert game.builder.random_locates == 2
    # the game's "centre" is the segment between the two points, so cells along it, far
    # from the first spot, are selected; the documented gradient stays within 2 of (10,10)
    assert sum(1 for x, _y in game.var("$g") if 15 <= x <= 25) >= 5
    assert doc.var("$g") and all(abs(x - 10) <= 2 and abs(y - 10) <= 2 for x, y in doc.var("$g"))


# ====================================================================== align register
def expected_align(seed):
    rng = RNG(seed)
    r = [1, 2, 4]
    i = rng.rn2(3)
    r[2], r[i] = r[i], r[2]
    if rng.rn2(2):
        r[0], r[1] = r[1], r[0]
    return r


def test_align_register_is_shuffled_once_per_level_as_the_game_does():
    body = ("ALTAR: (1,1), align[0], altar\nALTAR: (2,1), align[1], altar\n"
            "ALTAR: (3,1), align[2], shrine\nALTAR: (4,1), align[0], altar")
    perms = Counter()
    for seed in range(1, 121):
        r = run(body, seed=seed)
        got = [a["align"] for a in r.of("altar")]
        assert all(isinstance(a, Align) and a.kind == "fixed" for a in got)
        values = [a.value for a in got]
        assert values[:3] == expected_align(seed)
        assert sorted(values[:3]) == [1, 2, 4]
        assert values[3] == values[0]               # no reshuffle within a level
        perms[tuple(values[:3])] += 1
    assert len(perms) == 6
    assert min(perms.values()) >= 8                 # 120 runs, 20 expected per permutation


def test_align_register_keeps_shuffling_from_level_to_level():
    # ralign is a static array in spo_lev.c: each level shuffles the previous order
    compiled = compile_text('LEVEL: "a"\nALTAR: (1,1), align[0], altar\n'
                            'LEVEL: "b"\nALTAR: (1,1), align[0], altar\n')
    b = RecordingBuilder()
    ev = Evaluator(b, RNG(3))
    for level in compiled.tree.levels:
        ev.run_level(level, compiled.tree.header)
    rng = RNG(3)
    r = [1, 2, 4]
    firsts = []
    for _ in range(2):
        i = rng.rn2(3)
        r[2], r[i] = r[i], r[2]
        if rng.rn2(2):
            r[0], r[1] = r[1], r[0]
        firsts.append(r[0])
    assert [a["align"].value for a in b.of("altar")] == firsts


# ====================================================================== built-ins
def test_rnd_is_zero_to_n_minus_one():
    r = run("LOOP [400] { MESSAGE: string(rnd(4)) }\n$z = rnd(0)\n$y = rnd(1)")
    counts = Counter(int(m) for m in r.messages())
    assert set(counts) == {0, 1, 2, 3}
    assert min(counts.values()) > 60
    assert r.var("$z") == 0 and r.var("$y") == 0


TIME_FUNCS = ["discordian_holiday", "pirateday", "aprilfoolsday", "piday", "towelday",
              "midnight", "night", "friday_13th", "phase_of_the_moon", "yyyymmdd"]


def time_values(when: dt.datetime) -> dict:
    body = "\n".join(f"$v_{name} = time.{name}" for name in TIME_FUNCS)
    r = run(body, context=RunContext(date=when))
    return {name: r.var(f"$v_{name}") for name in TIME_FUNCS}


@pytest.mark.parametrize("when, expected", [
    (dt.datetime(2026, 4, 1, 12, 0), {"aprilfoolsday": 1, "yyyymmdd": 20260401}),
    (dt.datetime(2026, 9, 19, 12, 0), {"pirateday": 1, "yyyymmdd": 20260919}),
    (dt.datetime(2026, 2, 13, 12, 0), {"friday_13th": 1}),
    (dt.datetime(2026, 11, 13, 23, 0), {"friday_13th": 1, "night": 1}),
    (dt.datetime(2026, 5, 23, 0, 30), {"discordian_holiday": 1, "midnight": 1, "night": 1}),
    (dt.datetime(2026, 5, 25, 5, 59), {"towelday": 1, "night": 1}),
    (dt.datetime(2026, 3, 14, 6, 0), {"piday": 1}),
    (dt.datetime(2026, 7, 22, 21, 59), {"piday": 1}),
    (dt.datetime(2026, 1, 3, 22, 0), {"night": 1, "phase_of_the_moon": 4}),  # a full moon
    (dt.datetime(2026, 1, 18, 12, 0), {"phase_of_the_moon": 0}),      # a new moon
    (dt.datetime(2026, 3, 3, 12, 0), {"phase_of_the_moon": 4}),       # a full moon
    (dt.datetime(2026, 3, 19, 12, 0), {"phase_of_the_moon": 0}),
    (dt.datetime(2026, 3, 13, 1, 0), {"friday_13th": 1, "night": 1}),
])
def test_time_functions_for_chosen_dates(when, expected):
    got = time_values(when)
    for name in TIME_FUNCS:
        if name == "yyyymmdd":
            want = expected.get(name, when.year * 10000 + when.month * 100 + when.day)
        elif name == "phase_of_the_moon":
            if name not in expected:
                assert 0 <= got[name] <= 7
                continue
            want = expected[name]
        else:
            want = expected.get(name, 0)
        assert got[name] == want, name


def test_friday_the_13th_needs_both():
    assert time_values(dt.datetime(2026, 8, 13, 12))["friday_13th"] == 0   # a Thursday
    assert time_values(dt.datetime(2026, 2, 20, 12))["friday_13th"] == 0   # a Friday the 20th


def test_level_and_hero_functions_come_from_the_run_context():
    body = ('$d = level.depth\n$f = level.difficulty\n'
            'MESSAGE: hero.name . "/" . hero.role . "/" . hero.race')
    r = run(body, context=RunContext(depth=7, role="Archeologist", race="dwarf", hero_name="Ada"))
    assert (r.var("$d"), r.var("$f")) == (7, 7)
    assert r.messages() == ["Ada/Archeologist/dwarf"]
    r = run(body, context=RunContext(depth=7, difficulty=12))
    assert (r.var("$d"), r.var("$f")) == (7, 12)


class RoomBoundsBuilder(RecordingBuilder):
    """Reports the bounds (10,5)-(14,8) while a room is open."""

    def __init__(self):
        super().__init__()
        self.depth = 0

    def begin_room(self, **args):
        self.depth += 1
        return super().begin_room(**args)

    def end_room(self):
        self.depth -= 1
        super().end_room()

    def room_bounds(self):
        return (10, 5, 14, 8) if self.depth else None


def test_room_functions_ask_the_builder_for_the_current_room():
    body = ('MESSAGE: string(room.width) . "x" . string(room.height)\n'
            'ROOM: "ordinary", random, random, random, random {\n'
            '  MESSAGE: string(room.width) . "x" . string(room.height) . "@" . string(room.x) . "," . string(room.y)\n'
            '  FOR $i = 1 TO room.width - 3 { MESSAGE: string($i) }\n'
            '}\n')
    r = run(body, builder=RoomBoundsBuilder())
    assert r.messages() == ["0x0", "5x4@10,5", "1", "2"]


# ====================================================================== determinism
DETERMINISM_SRC = """
$places = { (1,1), (5,5), (9,9), (13,13) }
SHUFFLE: $places
LOOP [3 + 1d4] { MONSTER: random, random }
[50%]: OBJECT: '!', random
SWITCH [4] { CASE 0: MESSAGE: "a" BREAK CASE 1: MESSAGE: "b" BREAK DEFAULT: MESSAGE: "c" }
OBJECT: '?', $places[0]
TERRAIN: filter(40%, fillrect(1,1,20,10)), 'L'
MESSAGE: string(rnd(1000))
"""


def test_same_seed_same_calls_different_seeds_differ():
    first = [strip_spans(run(DETERMINISM_SRC, seed=s).calls) for s in range(1, 9)]
    again = [strip_spans(run(DETERMINISM_SRC, seed=s).calls) for s in range(1, 9)]
    assert first == again
    assert len({repr(c) for c in first}) == 8


def test_one_evaluator_per_seed_gives_the_same_calls_as_a_fresh_compile():
    compiled = compile_text('LEVEL: "t"\n' + DETERMINISM_SRC)
    calls = []
    for _ in range(2):
        b = RecordingBuilder()
        Evaluator(b, RNG(11)).run_level(compiled.tree.levels[0], compiled.tree.header)
        calls.append(b.calls)
    assert calls[0] == calls[1]
    assert calls[0][0][0] == "level" and calls[0][-1][0] == "endlevel"
