"""The NetHack 3.6 and 3.4.3 dialects: selection, detection, and each difference from
UnNetHack's language, in the tree and when run."""

from __future__ import annotations

import pytest

from unlev.cli import main as cli_main
from unlev.lang import ast as A
from unlev.lang.diagnostics import DesError
from unlev.lang.dialect import detect
from unlev.lang.frontend import compile_text
from unlev.generate.build import build_level
from unlev.stdlib.compat import Compat


def c36(text, **kw):
    return compile_text(text, "t.des", dialect="nethack36", **kw)


def c343(text, **kw):
    return compile_text(text, "t.des", dialect="nethack343", **kw)


def rejects(fn, text):
    with pytest.raises(DesError) as e:
        fn(text)
    return e.value


def stmts(compiled, i=0):
    return compiled.tree.levels[i].body.statements


def find(tree, cls):
    return [n for n in A.walk(tree) if isinstance(n, cls)]


MAZE36 = 'MAZE:"t",\' \'\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n'


# ------------------------------------------------------------------ selection
def test_dialect_choice_is_validated():
    with pytest.raises(ValueError):
        compile_text('LEVEL:"a"\n', dialect="nethack37")


def test_auto_is_the_default_and_unnethack_rejects_maze_header():
    """Issue 18: a new user's 3.6/3.4.3 file is read in its own dialect without flags;
    forcing UnNetHack still rejects 3.6's MAZE header."""
    assert compile_text(MAZE36).dialect == "nethack36"
    rejects(lambda t: compile_text(t, dialect="unnethack"), MAZE36)
    assert compile_text('LEVEL:"a"\n').dialect == "unnethack"


def test_when_no_dialect_parses_the_likeliest_is_reported_with_what_was_tried():
    from unlev.lang.diagnostics import DesError, Span
    from unlev.lang.frontend import _likeliest

    def err(line, msg="syntax error at \"X\""):
        return DesError(msg, Span("f.des", line, 1))

    # no evidence: the dialect that read furthest wins and the hint says what was tried
    e = _likeliest([("unnethack", err(2)), ("nethack36", err(5)), ("nethack343", err(3))],
                   evidence=False)
    assert e.diagnostics[0].span.line == 5
    assert "reads furthest as NetHack 3.6" in e.diagnostics[0].hint
    assert "tried: UnNetHack, NetHack 3.6, NetHack 3.4.3" in e.diagnostics[0].hint
    # a file read to its end with only static errors reads furthest of all
    e = _likeliest([("nethack36", err(9)), ("unnethack", err(2, "unknown monster"))],
                   evidence=False)
    assert e.diagnostics[0].message == "unknown monster"
    # evidence for the first guess: its errors, untouched
    e = _likeliest([("unnethack", err(2)), ("nethack36", err(5))], evidence=True)
    assert e.diagnostics[0].span.line == 2 and e.diagnostics[0].hint is None
    # end to end: an UnNetHack-only statement keeps UnNetHack's error
    with pytest.raises(DesError) as ex:
        compile_text('LEVEL:"t"\nSPILL:(1,1),\'.\',north,3\nSPLAT:1\n')
    assert ex.value.diagnostics[0].span.line == 3


@pytest.mark.parametrize("text,dialect,why", [
    (MAZE36, "nethack36", "MAZE"),
    ('MAZE:"t",\' \'\nGEOMETRY:center,center\nMAP\n.\nENDMAP\nRANDOM_PLACES:(0,0)\n',
     "nethack343", "RANDOM_PLACES"),
    ('LEVEL:"t"\nROOM:"ordinary",lit,(1,1),(left,top),(3,3)\nRANDOM_CORRIDORS\n',
     "nethack343", "ROOM"),
    ('LEVEL:"t"\nSPILL:(1,1),\'.\',north,3\n', "unnethack", "SPILL"),
    ('LEVEL:"t"\nMESSAGE:"hi"\n', "unnethack", "nothing"),
])
def test_auto_detects_and_says_why(text, dialect, why):
    c = compile_text(text, dialect="auto")
    assert c.dialect == dialect
    assert why in c.dialect_reason


def test_auto_falls_back_to_the_dialect_that_parses():
    # Looks like 3.4.3 to the markers (object[0]) but only parses as 3.6 ($object).
    text = 'LEVEL:"t"\n$object = object: { \'[\' }\nOBJECT:$object[0],(1,1)\n'
    assert detect(text).dialect == "unnethack"
    c = compile_text(text, dialect="auto")
    assert c.dialect in ("unnethack", "nethack36")


def test_cli_dialect_option_and_show(tmp_path, capsys):
    f = tmp_path / "m.des"
    f.write_text(MAZE36)
    assert cli_main(["check", str(f)]) == 0                      # auto, the default
    assert cli_main(["check", "--dialect", "unnethack", str(f)]) == 1
    capsys.readouterr()
    assert cli_main(["check", "--dialect", "nethack36", str(f)]) == 0
    assert cli_main(["parse", "--dialect", "auto", "--show-dialect", str(f)]) == 0
    err = capsys.readouterr().err
    assert "dialect nethack36 (a MAZE: header at line 1)" in err


# ------------------------------------------------------------------ NetHack 3.6
def test_36_maze_header_solid_fill_and_mazelevel_flag():
    c = c36(MAZE36)
    lv = c.tree.levels[0]
    init = stmts(c)[0]
    assert isinstance(init, A.InitMap) and init.style == "solidfill" and init.fill.char == " "
    assert ("mazelevel", 0x80) in lv.flags


def test_36_maze_random_is_a_maze_grid():
    init = stmts(c36('MAZE:"t",random\n'))[0]
    assert init.style == "mazegrid" and init.fill.char == "-"


def test_36_maze_fill_follows_documentation_unless_game_compat():
    text = 'MAZE:"t",\'.\'\n'
    c = c36(text)
    assert any("MAZE fill" in w.message for w in c.warnings)
    doc = build_level(c, seed=1, finish=False)
    game = build_level(c, seed=1, finish=False, compat=Compat.game())
    assert doc.cell(40, 10) != game.cell(40, 10)
    assert game.cell(40, 10) == build_level(c36('MAZE:"t",\' \'\n'), seed=1, finish=False).cell(40, 10)


def test_36_line_takes_a_comma_not_a_dash():
    c = c36('LEVEL:"t"\nTERRAIN:line (1,1),(5,5),\'.\'\nTERRAIN:randline (1,1),(9,3),2,\'#\'\n')
    assert find(c.tree, A.SelLine) and find(c.tree, A.SelRandLine)
    rejects(c36, 'LEVEL:"t"\nTERRAIN:line (1,1)-(5,5),\'.\'\n')
    assert find(compile_text('LEVEL:"t"\nTERRAIN:line (1,1)-(5,5),\'.\'\n').tree, A.SelLine)


def test_36_circles_are_filled_by_default():
    c = c36('LEVEL:"t"\nTERRAIN:circle((10,10),3),\'.\'\nTERRAIN:ellipse((10,10),3,2,unfilled),\'.\'\n')
    circle, = find(c.tree, A.SelCircle)
    ellipse, = find(c.tree, A.SelEllipse)
    assert circle.filling == 1 and ellipse.filling == 0
    un = compile_text('LEVEL:"t"\nTERRAIN:circle((10,10),3),\'.\'\n')
    assert find(un.tree, A.SelCircle)[0].filling is None


def test_36_filled_circle_runs_solid():
    c = c36('LEVEL:"t"\nINIT_MAP:solidfill,\' \'\nTERRAIN:circle((20,10),3),\'.\'\n')
    lv = build_level(c, seed=1, finish=False)
    assert lv.cell(20, 10) == lv.cell(21, 10)  # the centre is part of the shape
    assert lv.cell(20, 10) != lv.cell(30, 10)


@pytest.mark.parametrize("stmt", [
    "INCLUDE \"x.des\"", "SPILL:(1,1),'.',north,3", "WALLWALK:(1,1),'.'",
    "MON_GENERATION:50%,(1,'a')", "SOUNDS:5,(hear,\"x\")", "VAULTGEN:3",
    "$x = level.depth", "$c = (1,1)\n$y = $c.x", "INIT_MAP:sheollev",
    "FUNCTION f() { MESSAGE:\"x\" }",
])
def test_36_lacks_unnethack_statements(stmt):
    rejects(c36, f'LEVEL:"t"\n{stmt}\n')


def test_36_words_are_flex_longest_match():
    rejects(c36, 'LEVEL:"t"\n$a = 5-3\n')           # one unknown word "5-3"
    (assign,) = stmts(c36('LEVEL:"t"\n$a = 5 + 3\n'))
    assert isinstance(assign.value, A.BinOp) and assign.value.op == "+"
    rejects(c36, 'LEVEL:"t"\n$a2 = 5\n')             # variables take letters only
    rejects(c36, 'LEVEL:"t"\nMESSAGE:"a"\nrandomly\n')


def test_36_flags_and_map_chars():
    rejects(c36, 'LEVEL:"t"\nFLAGS:noflip\n')
    level = c36('LEVEL:"t"\nFLAGS:noteleport,mazelevel\n').tree.levels[0]
    assert [name for name, _bit in level.flags] == ["noteleport", "mazelevel"]
    rejects(c36, 'LEVEL:"t"\nGEOMETRY:center,center\nMAP\n.M.\nENDMAP\n')
    (m,) = stmts(compile_text('LEVEL:"t"\nGEOMETRY:center,center\nMAP\n.M.\nENDMAP\n'))
    assert m.lines == [".M."]


def test_36_empty_file_is_valid():
    assert c36("").tree.levels == []
    assert c36("# only a comment\n").tree.levels == []


def test_36_names_checked_against_36_data():
    (red,) = stmts(c36('LEVEL:"t"\nMONSTER:(\'D\',"red dragon"),(1,1)\n'))
    assert red.spec.name == "red dragon"
    (glow,) = stmts(compile_text('LEVEL:"t"\nMONSTER:(\'D\',"glowing dragon"),(1,1)\n'))
    assert glow.spec.name == "glowing dragon"
    e = rejects(c36, 'LEVEL:"t"\nMONSTER:(\'D\',"glowing dragon"),(1,1)\n')
    assert "glowing dragon" in str(e)
    w = c343('MAZE:"t",\' \'\nNOMAP\nMONSTER:\'D\',"glowing dragon",random\n').warnings
    assert any("Making random monster" in x.message for x in w)


def test_36_monster_unnethack_lacks_is_made_from_36s_tables_when_run():
    # issue 30: a 3.6 level is made from NetHack 3.6's tables, so no stand-in is needed
    c = c36('LEVEL:"t"\nINIT_MAP:solidfill,\'.\'\nMONSTER:(\'D\',"red dragon"),(10,10)\n')
    notes = []
    lv = build_level(c, seed=3, finish=False, warn=lambda m, *span: notes.append(m))
    assert not any("is not in UnNetHack" in n for n in notes), notes
    assert [m.id for m in lv.monsters] == ["red dragon"]
    assert lv.monsters[0].attrs["data"].symbol == "D"


# ------------------------------------------------------------------ NetHack 3.4.3
MAZE343 = """MAZE:"t",' '
GEOMETRY:center,center
MAP
.....
.+...
.....
ENDMAP
RANDOM_PLACES:(0,0),(4,2),(2,1)
RANDOM_MONSTERS:'D','L'
RANDOM_OBJECTS:'[',')'
MONSTER:monster[0],random,place[0]
MONSTER[50%]:'@',"Oracle",place[1],peaceful
OBJECT:object[1],random,place[2]
CONTAINER:'(',"chest",(3,0)
OBJECT:'[',"leather armor",contained,cursed,+2,"worn"
OBJECT:'%',"corpse",(3,2),"lichen",0
DOOR:locked,(1,1)
"""


def test_343_registers_become_shuffled_arrays():
    c = c343(MAZE343)
    body = stmts(c)
    assigns = {s.name: s for s in body if isinstance(s, A.Assign)}
    assert set(assigns) == {"place", "monster", "object"}
    assert len(assigns["place"].value.items) == 3
    assert sum(isinstance(s, A.Shuffle) for s in body) == 3
    mon = next(s for s in body if isinstance(s, A.Monster))
    assert isinstance(mon.spec, A.Index) and mon.spec.var.name == "monster"
    assert isinstance(mon.coord, A.Index) and mon.coord.var.name == "place"


def test_343_chance_prefix_and_monster_options():
    chance = next(s for s in stmts(c343(MAZE343)) if isinstance(s, A.Chance))
    assert chance.cond.percent == 50
    assert chance.statement.spec.name == "Oracle" and chance.statement.attrs["peaceful"] == 1


def test_343_contained_objects_move_into_the_container():
    body = stmts(c343(MAZE343))
    chest = next(s for s in body if isinstance(s, A.Object) and s.container)
    inner, = chest.contents.statements
    assert inner.spec.name == "leather armor" and inner.coord is None
    assert inner.attrs["curse"] == 3 and inner.attrs["spe"].value == 2
    assert inner.attrs["name"].value == "worn"
    corpse = [s for s in body if isinstance(s, A.Object) and getattr(s.spec, "name", None) == "corpse"][0]
    assert corpse.attrs["montype"].name == "lichen"
    rejects(c343, MAZE343.replace('CONTAINER:\'(\',"chest",(3,0)\n', ""))


def test_343_door_must_match_the_map():
    rejects(c343, MAZE343.replace("DOOR:locked,(1,1)", "DOOR:locked,(2,1)"))


def test_343_level_names_and_register_limits():
    rejects(c343, 'MAZE:"ninechars",\' \'\nNOMAP\n')
    rejects(c343, MAZE343 + "MONSTER:'D',random,place[10]\n")
    bad = c343(MAZE343 + "MONSTER:'D',random,place[5]\n")
    assert any("place[5]" in w.message for w in bad.warnings)


def test_343_unknown_names_are_warnings_and_random():
    c = c343(MAZE343.replace('"Oracle"', '"Orakel"'))
    assert any("Making random monster" in w.message for w in c.warnings)


ROOMS343 = """LEVEL:"r"
ROOM:"ordinary",lit,(1,1),(left,top),(6,4)
NAME:"big"
DOOR:false,closed,south,random
MONSTER:'d',random,random
ROOM:"zoo",unlit,(5,5),(right,bottom),(4,3)
CHANCE:40
SUBROOM:"temple",lit,(1,1),(2,2),"big"
ALTAR:(0,0),align[1],shrine
RANDOM_CORRIDORS
"""


def test_343_room_level_structure():
    c = c343(ROOMS343)
    rooms = [s for s in stmts(c) if isinstance(s, A.Room)]
    big, zoo = rooms
    sub = big.body.statements[0]
    assert isinstance(sub, A.Room) and sub.subroom and sub.rtype == "temple"
    assert any(isinstance(s, A.RoomDoor) and s.walls == 2 for s in big.body.statements)
    assert zoo.chance == 40
    assert isinstance(stmts(c)[-1], A.RandomCorridors)


def test_343_room_checks():
    rejects(c343, ROOMS343.replace('"big"\nDOOR', '"big"\nCHANCE:50\nDOOR'))  # ordinary room
    rejects(c343, ROOMS343.replace('(2,2),"big"', '(2,2),"nosuch"'))
    rejects(c343, ROOMS343.replace("CHANCE:40", "CHANCE:100"))


def test_343_lexer_has_no_words_and_signed_integers():
    rejects(c343, 'MAZE:"t",\' \'\nNOMAP\n$x = 1\n')
    rejects(c343, 'MAZE:"t",\' \'\nNOMAP\n  # indented comment\n')
    assert c343('MAZE:"t",\' \'\nNOMAP\nOBJECT:\'[\',random,random,blessed,-2\n')


def test_343_filled_and_unfilled_regions():
    region = lambda f: next(s for s in stmts(c343(
        f'MAZE:"t",\' \'\nNOMAP\nREGION:(1,1,4,4),lit,"ordinary"{f}\n')) if isinstance(s, A.RegionStmt))
    assert region("").flags.filled == 1
    assert region(",unfilled").flags.filled == 0
    assert region(",filled,true").flags.irregular == 1


def test_343_levels_run():
    for text in (MAZE343, ROOMS343):
        c = c343(text)
        lv = build_level(c, seed=5)
        assert lv.to_ascii().strip()


def test_nethack36_unnamed_objects_are_not_named_none():
    # objects.c 3.6 writes a missing name as its macro None (a null char pointer); the
    # generated table had taken it for the name "None" (issue 15)
    import json
    from unlev.lang.diagnostics import DesError
    from unlev.stdlib.shipped import _data_text
    rows = json.loads(_data_text("nethack36/objects.json"))["objects"]
    assert not [r for r in rows if r.get("name") == "None" or r.get("description") == "None"]
    with pytest.raises(DesError) as e:
        compile_text("MAZE:\"x\",' '\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n"
                     "OBJECT:('?',\"None\"),(1,0)\n", "n.des", dialect="nethack36")
    assert "Unknown object" in e.value.diagnostics[0].message
    assert '"None"' not in (e.value.diagnostics[0].hint or "")


def test_nethack36_terrain_takes_only_its_own_map_characters():
    # a 3.6 MAP rejects UnNetHack's 't' and 'M'; TERRAIN and REPLACE_TERRAIN now too
    for ch in "tM":
        with pytest.raises(DesError) as e:
            compile_text(f"LEVEL:\"x\"\nTERRAIN:(1,1),'{ch}'\n", "t.des", dialect="nethack36")
        assert e.value.diagnostics[0].message == f"Unknown map char type '{ch}'!"
    compile_text("LEVEL:\"x\"\nTERRAIN:(1,1),'t'\n", "t.des", dialect="unnethack")


def test_nethack343_unknown_flag_is_named_whole():
    with pytest.raises(DesError) as e:
        compile_text("MAZE:\"x\",' '\nFLAGS: mazelevel\nGEOMETRY:center,center\nMAP\n...\n"
                     "ENDMAP\n", "f.des", dialect="nethack343")
    d = e.value.diagnostics[0]
    assert d.message == 'syntax error at "mazelevel"' and d.span.length == 9
    assert "not a flag of NetHack 3.4.3" in d.hint and "noteleport" in d.hint


def test_show_dialect_speaks_for_a_file_no_dialect_reads(tmp_path, capsys):
    from unlev.cli import main
    p = tmp_path / "bad.des"
    p.write_text('LEVEL:"x"\nMONSTR: \'d\'\n')
    assert main(["check", "--show-dialect", str(p)]) == 1
    err = capsys.readouterr().err
    assert (f"{p}: no dialect reads it (tried: UnNetHack, NetHack 3.6, NetHack 3.4.3); "
            "the errors are UnNetHack's") in err


def test_prepared_levels_belong_to_their_compile():
    """The lowering's loader phase makes the loader's copy of a level once per compile
    and keeps it with the compiled file, not in a module-global cache."""
    from unlev.lang import lowering
    text = 'LEVEL:"t"\nMONSTER:(\'D\',"red dragon"),(1,1)\n'
    first, second = c36(text), c36(text)
    a = lowering.loader_level(first, first.tree.levels[0])
    assert a is not first.tree.levels[0]                   # a 3.6 level gets a copy
    assert lowering.loader_level(first, first.tree.levels[0]) is a      # made once
    assert lowering.loader_level(second, second.tree.levels[0]) is not a
    assert first.prepared and not [v for v in vars(lowering).values()
                                    if isinstance(v, dict) and a in v.values()]
