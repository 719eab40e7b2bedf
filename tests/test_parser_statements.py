"""The des-file front end, part 2: selections and every level statement, with the tree
each one must give (see test_parser.py for the helpers' conventions)."""

from __future__ import annotations

import pytest

from unlev.lang import ast as A
from unlev.lang.lexer import (AM_CHAOTIC, AM_LAWFUL, AM_NEUTRAL, AM_NONE, AM_SPLEV_CO,
                              AM_SPLEV_NONCO, D_BROKEN, D_CLOSED, D_ISOPEN, D_LOCKED,
                              D_NODOOR, D_SECRET, W_EAST, W_NORTH, W_SOUTH, W_WEST)

from parsekit import S, statements, stmt, selection


def I(n):  # noqa: E743
    return A.Int(S, n)


def C(x, y):
    return A.CoordLit(S, x, y)


def R(x1, y1, x2, y2, whole_level=False):
    return A.RegionLit(S, x1, y1, x2, y2, whole_level)


def M(ch, light=-2):
    return A.MapChar(S, ch, light)


SEL = A.Var(S, "$s", "selection")
SEL_SETUP = "$s = selection: fillrect(1,1,5,5)"


# ====================================================================== selections
@pytest.mark.parametrize("text, expected", [
    ("(3,4)", A.SelCoord(S, C(3, 4))),
    ("random", A.SelCoord(S, A.RandomCoord(S, 0))),
    ("rect (5,3,72,18)", A.SelRect(S, R(5, 3, 72, 18), False)),
    ("fillrect (5,3,72,18)", A.SelRect(S, R(5, 3, 72, 18), True)),
    ("fillrect $r", A.SelRect(S, A.Var(S, "$r", "region"), True)),
    ("line (1,1)-(76,20)", A.SelLine(S, C(1, 1), C(76, 20))),
    ("line $c-(2,2)", A.SelLine(S, A.Var(S, "$c", "coord"), C(2, 2))),
    ("randline (1,1)-(40,11), 4", A.SelRandLine(S, C(1, 1), C(40, 11), I(4))),
    ("randline (1,1)-(40,11), $n * 2",
     A.SelRandLine(S, C(1, 1), C(40, 11), A.BinOp(S, "*", A.Var(S, "$n", "int"), I(2)))),
    ("grow($s)", A.SelGrow(S, 0x0F, SEL)),
    ("grow(north, $s)", A.SelGrow(S, W_NORTH, SEL)),
    ("grow(north|west, $s)", A.SelGrow(S, W_NORTH | W_WEST, SEL)),
    ("grow(south|east|west, line (1,1)-(3,3))",
     A.SelGrow(S, W_SOUTH | W_EAST | W_WEST, A.SelLine(S, C(1, 1), C(3, 3)))),
    ("filter(20%, $s)", A.SelFilterPercent(S, 20, SEL)),
    ("filter($s, rect (1,1,9,9))", A.SelFilterSel(S, SEL, A.SelRect(S, R(1, 1, 9, 9), False))),
    ("filter('L', $s)", A.SelFilterMapChar(S, M("L"), SEL)),
    ("filter(('.', lit), $s)", A.SelFilterMapChar(S, M(".", 1), SEL)),
    ("filter($t, $s)", A.SelFilterMapChar(S, A.Var(S, "$t", "mapchar"), SEL)),
    ("floodfill (3,3)", A.SelFlood(S, C(3, 3))),
    ("floodfill $c", A.SelFlood(S, A.Var(S, "$c", "coord"))),
    ("circle((5,10), 3)", A.SelCircle(S, C(5, 10), I(3), None)),
    ("circle((5,10), 3, unfilled)", A.SelCircle(S, C(5, 10), I(3), 0)),
    ("circle((5,10), 3, filled)", A.SelCircle(S, C(5, 10), I(3), 1)),
    ("ellipse((35,10), 3, 5)", A.SelEllipse(S, C(35, 10), I(3), I(5), None)),
    ("ellipse((35,10), 3, 5, unfilled)", A.SelEllipse(S, C(35, 10), I(3), I(5), 0)),
    ("ellipse((35,10), 3, 5, filled)", A.SelEllipse(S, C(35, 10), I(3), I(5), 1)),
    ("gradient(radial, (1 - 9), (11,10))",
     A.SelGradient(S, 0, I(1), I(9), False, C(11, 10), None)),
    ("gradient(radial, (1 - 9, limited), (11,10))",
     A.SelGradient(S, 0, I(1), I(9), True, C(11, 10), None)),
    ("gradient(square, (0 - 3, unlimited), (1,1), (5,5))",
     A.SelGradient(S, 1, I(0), I(3), False, C(1, 1), C(5, 5))),
    ("gradient(square, ($n - $n * 2, limited), $c, $c)",
     A.SelGradient(S, 1, A.Var(S, "$n", "int"),
                   A.BinOp(S, "*", A.Var(S, "$n", "int"), I(2)), True,
                   A.Var(S, "$c", "coord"), A.Var(S, "$c", "coord"))),
    ("complement $s", A.SelComplement(S, SEL)),
    ("complement(rect (1,1,2,2))", A.SelComplement(S, A.SelRect(S, R(1, 1, 2, 2), False))),
    ("rndcoord($s)", A.SelCoord(S, A.RndCoord(S, SEL))),
    ("$s", SEL),
    ("($s)", SEL),
    ("$s & (1,1)", A.SelUnion(S, SEL, A.SelCoord(S, C(1, 1)))),
    ("$s & $s & $s", A.SelUnion(S, SEL, A.SelUnion(S, SEL, SEL))),
    ("rect (5,5,50,18) & rect (10,2,40,13)",
     A.SelUnion(S, A.SelRect(S, R(5, 5, 50, 18), False), A.SelRect(S, R(10, 2, 40, 13), False))),
    ("complement $s & (1,1)", A.SelUnion(S, A.SelComplement(S, SEL), A.SelCoord(S, C(1, 1)))),
])
def test_selection_forms(text, expected):
    setup = """
        $s = selection: fillrect(1,1,5,5)
        $r = (1,1,9,9)
        $c = (2,2)
        $n = 2
        $t = terrain: 'T'
    """
    assert selection(text, setup) == expected


def test_rndcoord_as_a_coordinate_and_nested_in_a_selection():
    stmts = statements("""
        $c = rndcoord(rect (5,5,50,18) & rect (10,2,40,13))
        $g = selection: circle(rndcoord(fillrect(3,3,9,15)), 2, filled)
    """)
    assert stmts[0].vtype == "coord"
    assert stmts[0].value == A.RndCoord(S, A.SelUnion(
        S, A.SelRect(S, R(5, 5, 50, 18), False), A.SelRect(S, R(10, 2, 40, 13), False)))
    assert stmts[1].value == A.SelCircle(
        S, A.RndCoord(S, A.SelRect(S, R(3, 3, 9, 15), True)), I(2), 1)


def test_selection_statement_span():
    node = stmt("$s = selection: line (1,1)-(5,5)", A.Assign)
    assert (node.value.span.line, node.value.span.col) == (3, 17)


# ====================================================================== ROOM / SUBROOM / ROOMDOOR
def test_room_with_every_field():
    node = stmt("""
        ROOM: "zoo" [40%], unlit, (1,5), (half-right,center), (5,4), unfilled, irregular, unjoined {
          OBJECT: random, random
        }
    """, A.Room)
    assert (node.rtype, node.chance, node.light, node.pos, node.align, node.size) == \
        ("zoo", 40, 0, (1, 5), (4, 3), (5, 4))
    assert node.flags == A.RoomFlags(S, filled=0, irregular=1, joined=0)
    assert node.subroom is False
    assert node.body.statements == [A.Object(S, A.ObjectSpec(S), {}, A.RandomCoord(S, 0))]


def test_room_defaults_and_random_fields():
    node = stmt('ROOM: "ordinary", random, random, random, random { }', A.Room)
    assert (node.rtype, node.chance, node.light, node.pos, node.align, node.size) == \
        ("ordinary", 100, -1, None, None, None)
    assert node.flags == A.RoomFlags(S, filled=1, irregular=0, joined=1)
    assert node.body == A.Block(S, [])
    random_type = stmt("ROOM: random, lit, (3,3), (left,top), (2,2), filled { }", A.Room)
    assert random_type.rtype is None and random_type.flags.filled == 1


def test_subroom_and_roomdoor():
    node = stmt("""
        ROOM: "ordinary", lit, (3,3), (center,center), (31,15) {
          SUBROOM: "shop" [90%], lit, (2,2), (3,4) {
            ROOMDOOR: false, closed, south, random
          }
          SUBROOM: "tool shop", unlit, random, random, unfilled {
            ROOMDOOR: random, random, random, random
          }
          ROOMDOOR: true, locked, north|west, 2
          BREAK
        }
    """, A.Room)
    sub1, sub2, door, brk = node.body.statements
    assert isinstance(brk, A.Break)
    assert (sub1.subroom, sub1.rtype, sub1.chance, sub1.light, sub1.pos, sub1.align,
            sub1.size) == (True, "shop", 90, 1, (2, 2), None, (3, 4))
    assert sub1.body.statements == [A.RoomDoor(S, 0, D_CLOSED, W_SOUTH, -1)]
    assert (sub2.rtype, sub2.pos, sub2.size, sub2.flags.filled) == ("tool shop", None, None, 0)
    assert sub2.body.statements == [A.RoomDoor(S, -1, -1, -1, -1)]
    assert door == A.RoomDoor(S, 1, D_LOCKED, W_NORTH | W_WEST, 2)


@pytest.mark.parametrize("rtype", ["ordinary", "throne", "swamp", "vault", "beehive", "morgue",
                                   "barracks", "zoo", "delphi", "temple", "shop",
                                   "candle shop", "black market"])
def test_room_types(rtype):
    node = stmt(f'ROOM: "{rtype}", lit, random, random, random {{ }}', A.Room)
    assert node.rtype == rtype


# ====================================================================== corridors
@pytest.mark.parametrize("text, style", [
    ("RANDOM_CORRIDORS", None), ("RANDOM_CORRIDORS: 3", 3), ("RANDOM_CORRIDORS: random", -1),
    ("RANDOM_CORRIDORS: +2", 2), ("RANDOM_CORRIDORS: -1", -1),
])
def test_random_corridors(text, style):
    assert stmt(text, A.RandomCorridors) == A.RandomCorridors(S, style)


def test_corridor_both_forms():
    a, b = statements("""
        CORRIDOR: (0,north,1), (1,south,random)
        CORRIDOR: (2,east,random), 3
    """)
    assert a == A.Corridor(S, A.CorridorEnd(S, 0, W_NORTH, 1), A.CorridorEnd(S, 1, W_SOUTH, -1))
    assert b == A.Corridor(S, A.CorridorEnd(S, 2, W_EAST, -1), 3)


# ====================================================================== REGION
def test_region_with_flags_and_contents():
    node = stmt("""
        REGION: (1,1,5,5), lit, "temple", filled, irregular {
          ALTAR: (2,2), coaligned, shrine
          BREAK
        }
    """, A.RegionStmt)
    assert (node.region, node.light, node.rtype) == (R(1, 1, 5, 5), 1, "temple")
    assert node.flags == A.RoomFlags(S, filled=1, irregular=1, joined=1)
    assert node.body.statements == [
        A.Altar(S, C(2, 2), A.AlignSpec(S, "fixed", AM_SPLEV_CO), 1), A.Break(S)]


def test_region_plain_and_with_variable():
    a, b, c = statements("""
        REGION: (01,04,09,05), lit, "barracks"
        $r = (0,0,3,3)
        REGION: $r, random, random, unfilled, joined
    """)
    assert a == A.RegionStmt(S, R(1, 4, 9, 5), 1, "barracks",
                             A.RoomFlags(S, filled=1, irregular=0, joined=1), None)
    assert c.region == A.Var(S, "$r", "region")
    assert (c.light, c.rtype, c.body) == (-1, None, None)
    assert c.flags == A.RoomFlags(S, filled=0, irregular=0, joined=1)


# ====================================================================== DOOR / DRAWBRIDGE
@pytest.mark.parametrize("word, state", [
    ("open", D_ISOPEN), ("closed", D_CLOSED), ("locked", D_LOCKED), ("nodoor", D_NODOOR),
    ("broken", D_BROKEN), ("secret", D_SECRET), ("random", -1),
])
def test_door_states(word, state):
    node = stmt(f"DOOR: {word}, (3,3)", A.Door)
    assert node == A.Door(S, state, A.SelCoord(S, C(3, 3)))


def test_door_on_a_selection():
    node = stmt("DOOR: random, line (1,1)-(1,4) & (5,5)", A.Door)
    assert node.selection == A.SelUnion(S, A.SelLine(S, C(1, 1), C(1, 4)), A.SelCoord(S, C(5, 5)))


@pytest.mark.parametrize("text, direction, state", [
    ("DRAWBRIDGE: (25,18), north, closed", W_NORTH, D_CLOSED),
    ("DRAWBRIDGE: (25,18), east, open", W_EAST, D_ISOPEN),
    ("DRAWBRIDGE: (25,18), west, random", W_WEST, -1),
])
def test_drawbridge(text, direction, state):
    assert stmt(text, A.Drawbridge) == A.Drawbridge(S, C(25, 18), direction, state)


# ====================================================================== MAZEWALK / WALLIFY / WALLWALK
def test_mazewalk_short_and_long_forms():
    a, b, c = statements("""
        MAZEWALK: (0,6), west
        MAZEWALK: $c, north, true
        MAZEWALK: (1,1), south, false, '.'
    """, prelude="$c = (2,2)")
    assert a == A.MazeWalk(S, C(0, 6), W_WEST, None, None)
    assert b == A.MazeWalk(S, A.Var(S, "$c", "coord"), W_NORTH, 1, None)
    assert c == A.MazeWalk(S, C(1, 1), W_SOUTH, 0, ".")


def test_wallify_both_forms():
    a, b = statements("""
        WALLIFY
        WALLIFY: fillrect(5,5,40,15)
    """)
    assert a == A.Wallify(S, None)
    assert b == A.Wallify(S, A.SelRect(S, R(5, 5, 40, 15), True))


@pytest.mark.parametrize("text, expected", [
    ("WALLWALK: (1,1), '.'", A.WallWalk(S, C(1, 1), M("."), None, 100)),
    ("WALLWALK: (1,1), '.', 50%", A.WallWalk(S, C(1, 1), M("."), None, 50)),
    ("WALLWALK: (1,1), '.', '-'", A.WallWalk(S, C(1, 1), M("."), M("-"), 100)),
    ("WALLWALK: (1,1), ('.', lit), $t, 25%",
     A.WallWalk(S, C(1, 1), M(".", 1), A.Var(S, "$t", "mapchar"), 25)),
])
def test_wallwalk(text, expected):
    assert stmt(text, A.WallWalk, prelude="$t = terrain: 'T'") == expected


# ====================================================================== terrain
def test_terrain():
    a, b, c = statements("""
        TERRAIN: random, 'L'
        TERRAIN: line (1,1)-(40,11), ('T', lit)
        TERRAIN: $s, $t
    """, prelude="$s = selection: (1,1)\n$t = terrain: ('.', unlit)")
    assert a == A.Terrain(S, A.SelCoord(S, A.RandomCoord(S, 0)), M("L"))
    assert b == A.Terrain(S, A.SelLine(S, C(1, 1), C(40, 11)), M("T", 1))
    assert c == A.Terrain(S, SEL, A.Var(S, "$t", "mapchar"))


def test_replace_terrain():
    node = stmt("REPLACE_TERRAIN: (1,1,50,20), '.', ('L', random), 25%", A.ReplaceTerrain)
    assert node == A.ReplaceTerrain(S, R(1, 1, 50, 20), M("."), M("L", -1), 25)


@pytest.mark.parametrize("text, expected", [
    ("SPILL: random, 'L', north, 20", A.Spill(S, A.RandomCoord(S, 0), M("L"), W_NORTH, I(20))),
    ("SPILL: (3,3), ('.', lit), south, 2d4",
     A.Spill(S, C(3, 3), M(".", 1), W_SOUTH, A.Dice(S, 2, 4))),
])
def test_spill(text, expected):
    assert stmt(text, A.Spill) == expected


def test_mineralize_both_forms():
    a, b = statements("""
        MINERALIZE
        MINERALIZE: 0, (-1), 10 * 2, 1000
    """)
    assert a == A.Mineralize(S)
    assert b == A.Mineralize(S, I(0), I(-1), A.BinOp(S, "*", I(10), I(2)), I(1000))


def test_non_diggable_and_non_passwall():
    a, b, c = statements("""
        NON_DIGGABLE: (0,0,13,12)
        NON_PASSWALL: $r
        NON_DIGGABLE: region(1, 1, 2, 2)
    """, prelude="$r = (5,5,40,12)")
    assert a == A.NonDiggable(S, R(0, 0, 13, 12))
    assert b == A.NonPasswall(S, A.Var(S, "$r", "region"))
    assert c == A.NonDiggable(S, A.CoreCall(S, "region", [I(1), I(1), I(2), I(2)], "r"))


# ====================================================================== features
@pytest.mark.parametrize("text, align", [
    ("ALTAR: (50,14), chaos, altar", A.AlignSpec(S, "fixed", AM_CHAOTIC)),
    ("ALTAR: (50,14), law, altar", A.AlignSpec(S, "fixed", AM_LAWFUL)),
    ("ALTAR: (50,14), neutral, altar", A.AlignSpec(S, "fixed", AM_NEUTRAL)),
    ("ALTAR: (50,14), noalign, altar", A.AlignSpec(S, "fixed", AM_NONE)),
    ("ALTAR: (50,14), coaligned, altar", A.AlignSpec(S, "fixed", AM_SPLEV_CO)),
    ("ALTAR: (50,14), noncoaligned, altar", A.AlignSpec(S, "fixed", AM_SPLEV_NONCO)),
    ("ALTAR: (50,14), align[0], altar", A.AlignSpec(S, "register", 0)),
    ("ALTAR: (50,14), align[2], altar", A.AlignSpec(S, "register", 2)),
    ("ALTAR: (50,14), random, altar", A.AlignSpec(S, "random", 0)),
])
def test_altar_alignments(text, align):
    assert stmt(text, A.Altar) == A.Altar(S, C(50, 14), align, 0)


@pytest.mark.parametrize("word, kind", [("altar", 0), ("shrine", 1), ("sanctum", 2),
                                        ("random", -1)])
def test_altar_types(word, kind):
    assert stmt(f"ALTAR: random, law, {word}", A.Altar).altar_type == kind


def test_fountain_sink_pool():
    a, b, c = statements("""
        FOUNTAIN: (1,1)
        SINK: $s
        POOL: fillrect(1,1,3,3)
    """, prelude=SEL_SETUP)
    assert a == A.Feature(S, "fountain", A.SelCoord(S, C(1, 1)))
    assert b == A.Feature(S, "sink", SEL)
    assert c == A.Feature(S, "pool", A.SelRect(S, R(1, 1, 3, 3), True))


def test_grave_three_forms():
    a, b, c = statements("""
        GRAVE: (10,5), "Any epitaph " . "message"
        GRAVE: (10,5), random
        GRAVE: (10,5)
    """)
    assert a == A.Grave(S, C(10, 5), A.Concat(S, A.Str(S, "Any epitaph "), A.Str(S, "message")),
                        False)
    assert b == A.Grave(S, C(10, 5), None, True)
    assert c == A.Grave(S, C(10, 5), None, False)


def test_gold():
    node = stmt("GOLD: 400 + 10d100, (01,05)", A.Gold)
    assert node == A.Gold(S, A.BinOp(S, "+", I(400), A.Dice(S, 10, 100)), C(1, 5))


@pytest.mark.parametrize("word, etype", [("dust", 1), ("engrave", 2), ("burn", 3),
                                         ("mark", 4), ("blood", 5), ("random", -1)])
def test_engraving(word, etype):
    node = stmt(f'ENGRAVING: (12,03), {word}, "You are now " . $s', A.Engraving,
                prelude='$s = "here"')
    assert node == A.Engraving(S, C(12, 3), etype,
                               A.Concat(S, A.Str(S, "You are now "), A.Var(S, "$s", "string")))


def test_ladder_and_stair_at_a_point():
    a, b, c = statements("""
        LADDER: (1,1), up
        LADDER: random, down
        STAIR: $c, down
    """, prelude="$c = (4,4)")
    assert a == A.Ladder(S, C(1, 1), 1)
    assert b == A.Ladder(S, A.RandomCoord(S, 0), 0)
    assert c == A.Stair(S, A.Var(S, "$c", "coord"), 0)


def test_stair_region_forms():
    a, b = statements("""
        STAIR: (1,1,5,5), (0,0,0,0), up
        STAIR: levregion(1,0,15,20), (1,18,4,20), down
    """)
    assert a == A.LevRegionStmt(S, "stair", R(1, 1, 5, 5), R(0, 0, 0, 0), up=1)
    assert b == A.LevRegionStmt(S, "stair", R(1, 0, 15, 20, True), R(1, 18, 4, 20), up=0)


def test_portal():
    node = stmt('PORTAL: levregion(57,1,78,19), (0,0,0,0), "fire"', A.LevRegionStmt)
    assert node == A.LevRegionStmt(S, "portal", R(57, 1, 78, 19, True), R(0, 0, 0, 0),
                                   dest="fire")


@pytest.mark.parametrize("text, up", [
    ("TELEPORT_REGION: (69,16,69,16), (0,0,0,0)", None),
    ("TELEPORT_REGION: (69,16,69,16), (0,0,0,0), up", 1),
    ("TELEPORT_REGION: (69,16,69,16), (0,0,0,0), down", 0),
])
def test_teleport_region(text, up):
    node = stmt(text, A.LevRegionStmt)
    assert node == A.LevRegionStmt(S, "teleport", R(69, 16, 69, 16), R(0, 0, 0, 0), up=up)


def test_teleport_region_with_two_levregions():
    node = stmt("TELEPORT_REGION: levregion(56,0,79,20), levregion(1,0,55,20), down",
                A.LevRegionStmt)
    assert (node.area, node.exclude, node.up) == (R(56, 0, 79, 20, True), R(1, 0, 55, 20, True), 0)


def test_branch():
    node = stmt("BRANCH: levregion(51,2,77,18), (0,0,40,20)", A.LevRegionStmt)
    assert node == A.LevRegionStmt(S, "branch", R(51, 2, 77, 18, True), R(0, 0, 40, 20))


def test_trap():
    a, b = statements("""
        TRAP: "falling rock", (1,1)
        TRAP: random, random
    """)
    assert a == A.Trap(S, "falling rock", C(1, 1))
    assert b == A.Trap(S, None, A.RandomCoord(S, 0))


def test_random_coordinate_with_humidity():
    node = stmt("TRAP: random, random[dry, wet, hot]", A.Trap)
    assert node.coord == A.RandomCoord(S, 0x1 | 0x2 | 0x4)


# ====================================================================== MONSTER
def test_monster_with_every_attribute():
    node = stmt("""
        MONSTER: 'd', (4,4), "Idefix", peaceful, asleep, law, m_feature "boulder", female, invisible, cancelled, revived, avenge, stunned, confused, fleeing: 40, blinded: 20, paralyzed: 1d4, seen_traps: "arrow"|"dart"
    """, A.Monster)
    assert node.spec == A.MonsterSpec(S, "d", None)
    assert node.coord == C(4, 4)
    assert node.inventory is None
    assert node.attrs == {
        "name": A.Str(S, "Idefix"), "peaceful": 1, "asleep": 1,
        "align": A.AlignSpec(S, "fixed", AM_LAWFUL), "appear": (1, A.Str(S, "boulder")),
        "female": 1, "invisible": 1, "cancelled": 1, "revived": 1, "avenge": 1,
        "stunned": 1, "confused": 1, "fleeing": I(40), "blinded": I(20),
        "paralyzed": A.Dice(S, 1, 4), "seen_traps": ["arrow", "dart"],
    }


@pytest.mark.parametrize("attr, key, val", [
    ("hostile", "peaceful", 0),
    ("awake", "asleep", 0),
    ("align[1]", "align", A.AlignSpec(S, "register", 1)),
    ("align: random", "align", A.AlignSpec(S, "random", 0)),
    ("coaligned", "align", A.AlignSpec(S, "fixed", AM_SPLEV_CO)),
    ('m_monster "newt"', "appear", (3, A.Str(S, "newt"))),
    ('m_object "boulder"', "appear", (2, A.Str(S, "boulder"))),
    ("seen_traps: all", "seen_traps", ["all"]),
    ("seen_traps: \"land mine\"", "seen_traps", ["land mine"]),
    ("fleeing: $n", "fleeing", A.Var(S, "$n", "int")),
    ("$name", "name", A.Var(S, "$name", "string")),
    ('"Mr. " . $name', "name", A.Concat(S, A.Str(S, "Mr. "), A.Var(S, "$name", "string"))),
])
def test_monster_attribute_variants(attr, key, val):
    node = stmt(f"MONSTER: ('d', \"jackal\"), random, {attr}", A.Monster,
                prelude='$n = 3\n$name = "Rex"')
    assert node.spec == A.MonsterSpec(S, "d", "jackal")
    assert node.attrs == {key: val}


def test_monster_specs():
    a, b, c, d = statements("""
        MONSTER: "hill giant", (1,1)
        MONSTER: random, random
        MONSTER: $m, (5,5)
        MONSTER: $ms[1], (5,5)
    """, prelude="$m = monster: 'T'\n$ms = monster: { 'd', 'T' }")
    assert a.spec == A.MonsterSpec(S, None, "hill giant")
    assert b.spec == A.MonsterSpec(S, None, None) and b.coord == A.RandomCoord(S, 0)
    assert c.spec == A.Var(S, "$m", "monster")
    assert d.spec == A.Index(S, A.Var(S, "$ms", "monster", True), I(1))


def test_monster_with_inventory():
    node = stmt("""
        MONSTER: ('@', "Norn"), (35,10), peaceful {
          OBJECT: '['
          CONTAINER: '(' { OBJECT: '!' }
          BREAK
        }
    """, A.Monster)
    assert node.attrs == {"peaceful": 1}
    assert node.inventory.statements == [
        A.Object(S, A.ObjectSpec(S, "[", None), {}, None),
        A.Object(S, A.ObjectSpec(S, "(", None), {}, None,
                 A.Block(S, [A.Object(S, A.ObjectSpec(S, "!", None), {}, None)]), True),
        A.Break(S),
    ]


# ====================================================================== OBJECT / CONTAINER
def test_object_with_every_attribute():
    node = stmt("""
        OBJECT: '?', (5,5), blessed, montype: ('d', "little dog"), +4, name: "foobar", quantity: 20, buried, invisible, lit, greased, locked, trapped, eroded: 2, recharged: 3
    """, A.Object)
    assert node.spec == A.ObjectSpec(S, "?", None)
    assert node.coord == C(5, 5)
    assert (node.container, node.contents) == (False, None)
    assert node.attrs == {
        "curse": 1, "montype": A.MonsterSpec(S, "d", "little dog"), "spe": I(4),
        "name": A.Str(S, "foobar"), "quantity": I(20), "buried": 1, "invisible": 1,
        "lit": 1, "greased": 1, "locked": 1, "trapped": 1, "eroded": I(2), "recharged": I(3),
    }


@pytest.mark.parametrize("attr, key, val", [
    ("uncursed", "curse", 2),
    ("cursed", "curse", 3),
    ("-2", "spe", I(-2)),
    ("+0", "spe", I(0)),
    ("3", "spe", I(3)),
    ("2d3", "spe", A.Dice(S, 2, 3)),
    ("montype: 'd'", "montype", A.MonsterSpec(S, "d", None)),
    ("montype: \"newt\"", "montype", A.MonsterSpec(S, None, "newt")),
    ("montype: $m", "montype", A.Var(S, "$m", "monster")),
    ("name: $s . \"!\"", "name", A.Concat(S, A.Var(S, "$s", "string"), A.Str(S, "!"))),
    ("quantity: 1d6 + $n", "quantity", A.BinOp(S, "+", A.Dice(S, 1, 6), A.Var(S, "$n", "int"))),
    ("unlit", "lit", 0),
    ("broken", "broken", 1),
    ("not_trapped", "trapped", 0),
    ("erodeproof", "eroded", I(-1)),  # lev_comp: erodeproof is "eroded -1"
])
def test_object_attribute_variants(attr, key, val):
    node = stmt(f"OBJECT: \"elven cloak\", (1,1), {attr}", A.Object,
                prelude='$m = monster: "newt"\n$s = "x"\n$n = 1')
    assert node.spec == A.ObjectSpec(S, None, "elven cloak")
    assert node.attrs == {key: val}


def test_object_position_may_come_after_attributes():
    node = stmt("OBJECT: ('/', \"wishing\"), blessed, random", A.Object)
    assert node.spec == A.ObjectSpec(S, "/", "wishing")
    assert node.coord == A.RandomCoord(S, 0) and node.attrs == {"curse": 1}


def test_object_specs():
    a, b, c = statements("""
        OBJECT: random, random
        OBJECT: $o, (1,1)
        OBJECT: $os[0], (1,1)
    """, prelude="$o = object: '('\n$os = object: { '!', '?' }")
    assert a.spec == A.ObjectSpec(S, None, None)
    assert b.spec == A.Var(S, "$o", "object")
    assert c.spec == A.Index(S, A.Var(S, "$os", "object", True), I(0))


def test_container_with_nested_contents():
    node = stmt("""
        CONTAINER: "large box", (5,5), locked {
          OBJECT: '$'
          CONTAINER: "sack" {
            OBJECT: "gold piece", quantity: 10
            [50%]: OBJECT: '!'
          }
          IF [50%] { BREAK }
        }
    """, A.Object)
    assert (node.container, node.spec, node.coord, node.attrs) == \
        (True, A.ObjectSpec(S, None, "large box"), C(5, 5), {"locked": 1})
    first, sack, cond = node.contents.statements
    assert first == A.Object(S, A.ObjectSpec(S, "$", None), {}, None)
    assert sack.container and sack.coord is None
    gold, chance = sack.contents.statements
    assert gold.attrs == {"quantity": I(10)} and gold.coord is None
    assert chance.statement == A.Object(S, A.ObjectSpec(S, "!", None), {}, None)
    assert isinstance(cond, A.If)


# ====================================================================== level-wide settings
def test_mon_generation():
    node = stmt('MON_GENERATION: 75%, (9, \'a\'), (1, "fire giant"), ($n, \'D\')',
                A.MonGeneration, prelude="$n = 2")
    assert node.percent == 75
    assert node.entries == [
        (I(9), A.MonsterSpec(S, "a", None)), (I(1), A.MonsterSpec(S, None, "fire giant")),
        (A.Var(S, "$n", "int"), A.MonsterSpec(S, "D", None))]


def test_sounds():
    node = stmt('SOUNDS: 200, (hear, "falling rocks."), (pline, "Kaboom!"), '
                '(verbal, "Mwahahah!"), (feel, "hot!" . $s)', A.Sounds, prelude='$s = "!"')
    assert node.frequency == I(200)
    assert node.entries == [
        (0, A.Str(S, "falling rocks.")), (1, A.Str(S, "Kaboom!")), (2, A.Str(S, "Mwahahah!")),
        (3, A.Concat(S, A.Str(S, "hot!"), A.Var(S, "$s", "string")))]


def test_vaultgen_with_rndvault_flag():
    node = stmt("VAULTGEN: 7", A.VaultGen, flags="rndvault")
    assert node == A.VaultGen(S, 7)
    also = stmt("VAULTGEN: 1", A.VaultGen, flags="noteleport,rndvault")
    assert also.frequency == 1
