"""Reading (and writing) the game's level dumps: unlev.tools.compare.gamedump."""

import pytest

from unlev.tools.compare.gamedump import (DumpFormatError, format_dump, format_dumps, parse_dumps,
                            read_dumps, reference_files)
from unlev.lang.frontend import compile_file
from unlev.model.level import D_CLOSED, D_LOCKED, D_TRAPPED, ROWNO, SHARED, W_NONDIGGABLE
from unlev.generate.build import build_level
from unlev.stdlib import terrain as T

BLANK = " " * 80
ZERO = "0" * 80
DOT = "." * 80


def _grid(rows, fill):
    out = [fill] * 21
    for y, row in rows.items():
        out[y] = row.ljust(80, fill[0])
    return out


def hand_dump(extra_records=(), end=True):
    map_rows = _grid({2: " |.+.S_<"}, BLANK)
    typ_rows = _grid({2: "01KIKARL"}, ZERO)
    lit_rows = _grid({2: "01111111"}, ZERO)
    nondig = _grid({0: "1" * 80, 2: "11000000"}, ZERO)
    roomno = _grid({2: ".00*0Y00"}, DOT)
    lines = ["=== seed 3", "NAME testlev", "LOADED testlev", "GAMESEED 16777219",
             "LEVELSEED 42",
             'WHERE dnum=3 dname="The Gnomish Mines" dlevel=2 depth=4 ledger=9 role=Pri '
             "race=human align=-1 ulevel=1 difficulty=5",
             "FLAGS maze=1 cavernous=0 noteleport=1 hardfloor=0 nommap=0 shortsighted=0 "
             "arboreal=0 sokoban_rules=0 graveyard=1 sky=0",
             "MAP", *map_rows, "ENDMAP", "TYP", *typ_rows, "LIT", *lit_rows,
             "NONDIG", *nondig, "ROOMNO", *roomno,
             "STAIR 7 2 up stairs to=0:3",
             "STAIR 9 9 down ladder to=10:2",
             "DOOR 3 2 typ=DOOR mask=20 closed",
             "ALTAR 6 2 align=-128 shrine=1",
             'ENGR 4 2 type=6 "He said "hi" twice"',
             "DOOR 5 2 typ=SDOOR mask=8 locked",
             "ROOM 0 lx=2 ly=2 hx=7 hy=2 rtype=10 rlit=1 doors=2 nsub=1",
             "TRAP 4 2 falling rock trap ttyp=3",
             "MON 4 2 gnome lord|peaceful=1|asleep=0|waiting=1|female=0|id=7",
             "OBJ 0 0 sack||class=6|quan=1|spe=0|buc=U|where=mon:7|depth=1",
             "OBJ 0 0 gold piece||class=12|quan=12|spe=0|buc=U|where=in:sack|depth=2",
             "OBJ 0 0 dagger||class=2|quan=1|spe=1|buc=C|where=mon:7|depth=1",
             "OBJ 5 2 statue:plains centaur||class=14|quan=1|spe=1|buc=U|where=floor|depth=0",
             "OBJ 0 0 light||class=10|quan=1|spe=0|buc=U|where=in:statue|depth=1",
             "OBJ 6 2 long sword|Excalibur|class=2|quan=1|spe=0|buc=B|where=floor|depth=0",
             "OBJ 3 2 gold piece||class=12|quan=6|spe=0|buc=U|where=buried|depth=0",
             *extra_records, "OVERVIEW", *map_rows]
    if end:
        lines.append("END")
    return "\n".join(lines) + "\n"


def test_header_grids_and_records_are_read():
    (d,) = parse_dumps(hand_dump())
    assert (d.name, d.gameseed, d.levelseed) == ("testlev", 16777219, 42)
    assert d.where["dname"] == "The Gnomish Mines" and d.where["depth"] == 4
    assert d.where["role"] == "Pri" and d.where["align"] == -1
    assert d.flags["noteleport"] == 1 and d.flags["graveyard"] == 1 and d.flags["hardfloor"] == 0
    assert [(s.x, s.y, s.up, s.isladder, s.tolev) for s in d.stairs] == [
        (7, 2, True, False, (0, 3)), (9, 9, False, True, (10, 2))]
    assert d.doors == [(3, 2, "DOOR", 20), (5, 2, "SDOOR", 8)]
    assert d.altars == [(6, 2, -128, 1)]
    assert d.engravings[0].text == 'He said "hi" twice' and d.engravings[0].etype == 6
    assert d.rooms[0].rtype == 10 and d.rooms[0].rlit == 1 and d.rooms[0].doorct == 2
    assert d.traps[0].ttyp == "ROCKTRAP" and d.traps[0].attrs["game_name"] == "falling rock trap"
    (mon,) = d.monsters
    assert mon.id == "gnome lord" and mon.attrs["peaceful"] == 1 and mon.attrs["waiting"] == 1
    sack, dagger = mon.attrs["inventory"]
    assert sack.id == "sack" and [c.id for c in sack.contents] == ["gold piece"]
    assert sack.contents[0].attrs["quan"] == 12 and dagger.attrs["buc"] == "C"
    statue, sword, gold = d.objects
    assert statue.id == "statue" and statue.attrs["montype"] == "plains centaur"
    assert [c.id for c in statue.contents] == ["light"]
    assert sword.attrs["artifact"] == "Excalibur"
    assert gold.buried and not statue.buried


def test_dump_becomes_a_level():
    (d,) = parse_dumps(hand_dump())
    lev = d.to_level()
    i = lambda x, y: x * ROWNO + y  # noqa: E731
    assert lev.typ[i(1, 2)] == T.VWALL and lev.typ[i(3, 2)] == T.DOOR
    assert lev.typ[i(5, 2)] == T.SDOOR and lev.typ[i(7, 2)] == T.STAIRS
    assert lev.flg[i(3, 2)] == D_TRAPPED | D_CLOSED
    assert lev.flg[i(5, 2)] == D_LOCKED
    assert lev.flg[i(0, 2)] & W_NONDIGGABLE and lev.flg[i(0, 0)] & W_NONDIGGABLE
    assert not lev.flg[i(0, 5)] & W_NONDIGGABLE
    assert lev.lit[i(2, 2)] == 1 and lev.lit[i(0, 2)] == 0
    assert lev.roomno[i(2, 2)] == 3 and lev.roomno[i(3, 2)] == SHARED
    assert len(lev.subrooms) == 1 and (lev.subrooms[0].lx, lev.subrooms[0].hx) == (5, 5)
    assert lev.flags.is_maze_lev and lev.flags.noteleport and lev.flags.graveyard
    assert lev.context.depth == 4


def test_malformed_dumps_are_reported_with_their_line():
    with pytest.raises(DumpFormatError, match="without END"):
        parse_dumps(hand_dump(end=False))
    with pytest.raises(DumpFormatError, match="unknown record 'BOGUS'") as e:
        parse_dumps(hand_dump(extra_records=["BOGUS 1 2"]))
    assert e.value.line > 100
    bad = hand_dump().replace("GAMESEED", "GAMESEAD")
    with pytest.raises(DumpFormatError, match="expected a GAMESEED line"):
        parse_dumps(bad)
    with pytest.raises(DumpFormatError, match="bad TRAP line"):
        parse_dumps(hand_dump(extra_records=["TRAP 1 x pit ttyp=11"]))


SMALL = """\
LEVEL:"selftest"
FLAGS:noteleport
GEOMETRY:center,center
MAP
-----------
|.........|
|.........+
|.........|
-----------
ENDMAP
DOOR:locked,(10,2)
STAIR:(2,2),up
FOUNTAIN:(5,2)
TRAP:random,random
OBJECT:('%',"food ration"),(3,3)
MONSTER:('d',"jackal"),(7,1)
"""


def test_our_level_written_as_a_dump_reads_back_the_same(tmp_path):
    compiled = compile_file("selftest.des", text=SMALL)
    lev = build_level(compiled, seed=5)
    (d,) = parse_dumps(format_dumps([lev]))
    back = d.to_level()
    assert back.typ == lev.typ and back.lit == lev.lit and back.roomno == lev.roomno
    doors = [i for i, t in enumerate(lev.typ) if t in (T.DOOR, T.SDOOR)]
    assert doors and all(back.flg[i] == lev.flg[i] for i in doors)
    assert [(s.x, s.y, s.up) for s in back.stairs] == [(s.x, s.y, s.up) for s in lev.stairs]
    assert [m.id for m in back.monsters] == [m.id for m in lev.monsters]
    assert [(o.x, o.y, o.id) for o in back.objects] == [(o.x, o.y, o.id) for o in lev.objects]
    assert [(t.x, t.y, t.ttyp) for t in back.traps] == [(t.x, t.y, t.ttyp) for t in lev.traps]
    assert back.flags.noteleport and not back.flags.hardfloor
    text = format_dump(lev, seed=9)
    assert text.startswith("NAME selftest\n") and "GAMESEED 9" in text and text.endswith("END\n")


def test_every_reference_dump_reads(game_reference):
    files = reference_files(str(game_reference))
    assert len(files) == 211 and "oracle" in files
    for name in ("oracle", "soko1-1", "minefill"):
        dumps = read_dumps(files[name])
        assert [d.gameseed % 16777216 for d in dumps] == list(range(1, 11))
        for d in dumps:
            assert d.name == name and len(d.typ_rows) == 21
            lev = d.to_level()
            # the MAP picture and the exact TYP agree square by square
            for y, row in enumerate(d.map_rows):
                for x, ch in enumerate(row):
                    t = lev.typ[x * ROWNO + y]
                    if ch == "|":
                        assert t == T.VWALL
                    elif ch == ".":
                        assert t == T.ROOM
                    elif ch == " ":
                        assert t == T.STONE
            ups = [s for s in d.stairs if s.up]
            assert all(lev.typ[s.x * ROWNO + s.y] in (T.STAIRS, T.LADDER) for s in ups)


def test_object_classes_are_written_as_numbers_and_read_as_symbols():
    from unlev.tools.compare.sample import object_class_symbol
    from unlev.model.level import Level, Object
    lev = Level(name="cls")
    lev.objects.append(Object(5, 5, "teleportation", attrs={"class": "/"}))   # the wand
    lev.objects.append(Object(6, 5, "teleportation", attrs={"class": "?"}))   # the scroll
    (d,) = parse_dumps(format_dumps([lev]))
    assert [o.attrs["class"] for o in d.objects] == [11, 9]
    assert [object_class_symbol(o) for o in d.objects] == ["/", "?"]
    assert [object_class_symbol(o) for o in lev.objects] == ["/", "?"]


def test_the_games_fruit_is_read_as_a_slime_mold():
    """objnam.c names a slime mold by the hero's fruit (pl_fruit): the dumps say "fruit",
    never "slime mold", so a food object called "fruit" is a slime mold; a potion of fruit
    juice keeps its name."""
    (d,) = parse_dumps(hand_dump([
        "OBJ 8 2 fruit||class=7|quan=2|spe=1|buc=U|where=floor|depth=0",
        "OBJ 9 2 fruit juice||class=8|quan=1|spe=0|buc=U|where=floor|depth=0"]))
    kinds = {o.x: o.id for o in d.objects}
    assert kinds[8] == "slime mold" and kinds[9] == "fruit juice"
    assert next(o for o in d.objects if o.x == 8).attrs["game_name"] == "fruit"
