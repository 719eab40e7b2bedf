"""UnNetHack 3.5.2's des-file syntax (``--dialect unnethack352``, from that release's
``util/lev_comp.y``): 3.4.3's argument forms in ``LEVEL:`` levels of free statements,
ROOM blocks, IF/ELSE, ROOMDOOR, TERRAIN/REPLACE_TERRAIN/SPILL/RANDLINE; ``auto``
telling it from 3.4.3 and UnNetHack 3.5. The hand-written files in
``tests/fixtures/unnethack352`` use every construct; the release's own ``dat/`` is read
from a mirror of UnNetHack's repository when there is one (``$UNLEV_UNNETHACK_GIT``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import built_level_problems, unnethack_release

from unlev.generate.build import build_level
from unlev.lang import ast as A
from unlev.lang.diagnostics import DesError
from unlev.lang.dialect import detect
from unlev.lang.frontend import compile_file, compile_text
from unlev.stdlib import terrain as T

from evalkit import run_compiled

FIXTURES = Path(__file__).parent / "fixtures" / "unnethack352"
TAG = "3.5.2-20091204"


def c352(text, **kw):
    return compile_text(text, "t.des", dialect="unnethack352", **kw)


def body(tree):
    return tree.levels[0].body.statements


def bare(s):
    """A monster, object, trap or TERRAIN is always inside its Chance (100 too)."""
    return s.statement if isinstance(s, A.Chance) else s


def bares(statements):
    return [bare(s) for s in statements]


# ------------------------------------------------------------------ the fixtures
@pytest.mark.parametrize("name", ["rooms.des", "maze.des"])
def test_auto_reads_the_fixtures_as_352_and_no_other_dialect_does(name):
    path = FIXTURES / name
    compiled = compile_file(str(path), dialect="auto")
    assert compiled.dialect == "unnethack352"
    for other in ("nethack343", "unnethack", "unnethack35"):
        with pytest.raises(DesError):
            compile_file(str(path), dialect=other)


@pytest.mark.parametrize("name", ["rooms.des", "maze.des"])
def test_the_fixtures_run_with_seeds_1_to_5(name):
    compiled = compile_file(str(FIXTURES / name), dialect="auto")
    shapes = set()
    for seed in range(1, 6):
        level = build_level(compiled, seed=seed)
        shapes.add(bytes(level.typ))
        assert any(level.typ)                   # something was drawn
    assert len(shapes) > 1                      # the seeds make different levels


def test_rooms_nest_subrooms_and_take_name_chance_and_roomdoors():
    tree = compile_file(str(FIXTURES / "rooms.des"), dialect="unnethack352").tree
    hall, zoo = [s for s in body(tree) if isinstance(s, A.Room)]
    assert hall.room_name == "hall" and zoo.chance == 40
    assert zoo.flags.filled == 0 and hall.flags.filled == 1
    (sub,) = [s for s in hall.body.statements if isinstance(s, A.Room)]
    assert sub.subroom and sub.parent_name == "hall" and sub.rtype == "temple"
    (door,) = [s for s in sub.body.statements if isinstance(s, A.RoomDoor)]
    assert door.walls == 1 | 8 and door.state == 0 and door.secret == 0   # north|west, nodoor
    box = [s for s in bares(hall.body.statements) if isinstance(s, A.Object) and s.container][0]
    inner = box.contents.statements
    assert isinstance(bare(inner[0]), A.Object) and bare(inner[0]).coord is None
    assert isinstance(inner[1], A.If) and inner[1].orelse is not None


def test_if_else_exit_and_a_bare_if():
    tree = compile_file(str(FIXTURES / "rooms.des"), dialect="unnethack352").tree
    top_if = [s for s in body(tree) if isinstance(s, A.If)][0]
    assert top_if.cond.percent == 31          # rn2(100) <= 30: see if_chance
    assert isinstance(top_if.then.statements[-1], A.Exit)
    (bare,) = top_if.orelse.statements
    assert isinstance(bare, A.If) and bare.cond.percent == 101


def test_registers_are_arrays_of_the_level():
    tree = compile_file(str(FIXTURES / "maze.des"), dialect="unnethack352").tree
    assigns = [s for s in body(tree) if isinstance(s, A.Assign)]
    assert [a.name for a in assigns] == ["place", "monster"]
    assert len(assigns[0].value.items) == 3
    mon = [s for s in bares(body(tree)) if isinstance(s, A.Monster)][0]
    assert isinstance(mon.spec, A.Index) and isinstance(mon.coord, A.Index)


# ------------------------------------------------------------------ terrain
def test_terrain_shapes():
    tree = c352('LEVEL:"t"\nINIT_MAP:solidfill,\' \'\n'
                "TERRAIN:(2,4),'T',lit\n"
                "TERRAIN[50%]:(1,1),horizontal,3,'P',unlit\n"
                "TERRAIN:(7,1),vertical,2,'}',random\n"
                "TERRAIN:(6,1,8,4),unfilled,'L',lit\n"
                "TERRAIN:(6,1,8,4),filled,'L',lit\n").tree
    point, chance, vert, outline, filled = body(tree)[1:]
    assert chance.cond.percent == 50 and point.cond.percent == 100
    point, run, vert, outline, filled = bares(body(tree)[1:])
    assert isinstance(point.selection, A.SelCoord) and point.mapchar.light == 1
    assert (run.selection.end.x, run.selection.end.y) == (3, 1) and run.mapchar.light == 0
    assert (vert.selection.end.x, vert.selection.end.y) == (7, 2)
    assert vert.mapchar.light == 1          # random in a one-bit field: lit
    assert not outline.selection.filled and filled.selection.filled


def test_a_horizontal_run_draws_n_squares():
    text = ('LEVEL:"t"\nFLAGS:noflip\nINIT_MAP:solidfill,\' \'\n'
            "TERRAIN:(10,5),horizontal,4,'T',lit\nTERRAIN:(10,7),'T',lit\n")
    level = build_level(c352(text), seed=1, finish=False)
    (y,) = {y for y in range(21) for x in range(80) if level.at(x, y) == T.TREE} - {
        y for y in range(21) if sum(level.at(x, y) == T.TREE for x in range(80)) == 1}
    trees = [x for x in range(80) if level.at(x, y) == T.TREE]
    (x0,) = [x for x in range(80) if level.at(x, y + 2) == T.TREE]
    assert trees == [x0, x0 + 1, x0 + 2, x0 + 3]


def test_replace_terrain_spill_randline_mazewalk():
    tree = c352('LEVEL:"t"\nINIT_MAP:mazegrid,\'-\'\n'
                "REPLACE_TERRAIN:(1,1,9,4),'.','C',lit,10%\n"
                "SPILL:(3,2),'W',east,4,unlit\n"
                "RANDLINE:(1,1),(9,4),'I',lit,3\n"
                "MAZEWALK:(9,2),east,false,'.'\n").tree
    rep, spill, line, walk = body(tree)[1:]
    assert rep.percent == 10 and rep.to_char.char == "C" and rep.to_char.light == 1
    assert spill.count.value == 4 and spill.mapchar.light == 0 and spill.direction == 4
    assert isinstance(line.selection, A.SelRandLine) and line.selection.roughness.value == 3
    assert walk.stocked == 0 and walk.fillchar == "."


def test_a_thick_randline_is_drawn_thin_with_a_warning():
    compiled = c352('LEVEL:"t"\nINIT_MAP:solidfill,\' \'\nRANDLINE:(1,1),(9,4),\'P\',lit,10,2\n')
    assert any("thickness 2" in w.message for w in compiled.warnings)


def test_a_statement_without_a_chance_still_draws_one():
    """create_monster and create_object draw rn2(100) against the default 100: the
    draws after them see the generator moved on, as in the game."""
    plain = c352('LEVEL:"t"\nINIT_MAP:solidfill,\'.\'\nMONSTER:\'d\',"jackal",(1,1)\n'
                 'OBJECT:\'%\',"apple",(2,2)\nTRAP:"pit",(3,3)\n')
    for s in body(plain.tree)[1:]:
        assert isinstance(s, A.Chance) and s.cond.percent == 100


def test_if_n_percent_runs_when_the_draw_is_at_most_n():
    """sp_level_coder jumps over an IF's block only when rn2(100) > N: 3.5.2's
    ``IF [1%]`` is today's ``IF [2%]``, not today's ``IF [1%]``."""
    def ran(text, dialect):
        compiled = compile_text('LEVEL:"t"\nIF [' + text + '%] {\n  MESSAGE: "in"\n}\n',
                                dialect=dialect)
        return [bool(run_compiled(compiled, seed=s).messages()) for s in range(1, 301)]
    old = ran("1", "unnethack352")
    assert old == ran("2", "unnethack")
    assert old != ran("1", "unnethack")


def test_the_chance_is_drawn_when_run():
    text = 'LEVEL:"t"\nINIT_MAP:solidfill,\'.\'\nMONSTER[50%]:\'d\',"jackal",(1,1)\n'
    made = [len(run_compiled(c352(text), seed=s).of("monster")) for s in range(1, 41)]
    assert set(made) == {0, 1}


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize("text, message", [
    ('LEVEL:"t"\nROOMDOOR:false,nodoor,north,random\n', "Roomdoor without room?!"),
    ('LEVEL:"t"\nROOM:"ordinary",lit,(1,1),(left,top),(3,3) {\n'
     'ROOMDOOR:false,nodoor,random,2\n}\n', "If the door wall is random, so must be its pos!"),
    ('LEVEL:"t"\nNAME:"x"\n', "There's no room to name?!"),
    ('LEVEL:"t"\nROOM:"ordinary",lit,(1,1),(left,top),(3,3) {\nCHANCE:50\n}\n',
     "Only typed rooms can have a chance!"),
    ('LEVEL:"t"\nMONSTER:\'d\',"jackal",(80,1)\n', "Coordinates out of map range!"),
    ('LEVEL:"t"\nSPILL:(1,1),\'W\',east,0,lit\n', "SPILL: Invalid count!"),
    ('LEVEL:"t"\nMONSTER:(\'d\',"jackal"),(1,1)\n', 'syntax error at "("'),
])
def test_errors_point_at_the_statement(text, message):
    with pytest.raises(DesError) as e:
        c352(text)
    d = e.value.diagnostics[0]
    assert d.message == message
    assert d.span.line >= 2
    rendered = e.value.render() if hasattr(e.value, "render") else str(e.value)
    assert f"t.des:{d.span.line}:{d.span.col}: error: {message}" in rendered


def test_the_lexer_takes_indented_comments_and_sign_numbers():
    tree = c352('LEVEL:"t"\n   # indented\nINIT_MAP:solidfill,\' \'\n'
                'OBJECT:\')\',"long sword",(1,1),blessed,+2\n').tree
    obj = bare(body(tree)[1])
    assert obj.attrs["spe"].value == 2


# ------------------------------------------------------------------ auto
@pytest.mark.parametrize("text, dialect", [
    ('LEVEL:"t"\nINIT_MAP:mines,\'.\',\' \',true,true,lit,false\n'
     'MONSTER:\'d\',"jackal",random\n', "unnethack352"),
    ('LEVEL:"t"\nFLAGS:mazelevel\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
     'OBJECT:\'(\',"chest",(1,0)\n', "unnethack352"),
    # 3.4.3's own: a MAZE header, rooms without blocks
    ('MAZE:"t",\' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
     'OBJECT:\'(\',"chest",(1,0)\n', "nethack343"),
    ('LEVEL:"t"\nROOM:"ordinary",random,random,random,random\n'
     'MONSTER:\'d\',"jackal",random\nRANDOM_CORRIDORS\n', "nethack343"),
    # UnNetHack 3.5.3's chance before the colon with a parenthesised spec
    ('LEVEL:"t"\nINIT_MAP:mines,\'.\',\' \',true,true,lit,false\n'
     'MONSTER[50%]:(\'h\',"mind flayer"),random\n', "unnethack35"),
    # a later UnNetHack file
    ('LEVEL:"t"\nINIT_MAP:mines,\'.\',\' \',true,true,lit,false\n'
     'MON_GENERATION:50%,(1,\'d\')\nMONSTER:(\'d\',"jackal"),random\n', "unnethack"),
])
def test_auto_tells_352_from_its_neighbours(text, dialect):
    assert detect(text).dialect == dialect


# ------------------------------------------------------------------ the release's files
# the full tier's (--full): a sweep of the whole release (~2 s)
@pytest.mark.slow
def test_every_file_of_the_release_reads_as_352_and_runs(tmp_path):
    release = unnethack_release(TAG, tmp_path)
    if not release:
        pytest.skip(f"no UnNetHack mirror with tag {TAG}: set $UNLEV_UNNETHACK_GIT")
    assert len(release) == 29
    failed, levels, problems = [], 0, []
    for path in release:
        f = path.name
        try:
            compiled = compile_file(str(path), dialect="auto")
        except DesError as e:
            failed.append((f, e.diagnostics[0].message))
            continue
        assert compiled.dialect == "unnethack352", f
        for lv in compiled.tree.levels:
            levels += 1
            problems += built_level_problems(compiled, lv)
    assert failed == []
    assert problems == []
    assert levels == 194


@pytest.mark.parametrize("dialect", ["unnethack352", "unnethack351"])
def test_the_shipped_tables_are_the_grammars(dialect):
    """``lang/_parsetab_<dialect>.py`` is rebuilt with ``parser.build_tables`` when the
    composed grammar changes; a stale module would be rewritten at every first use."""
    import importlib

    from ply import yacc

    from unlev.lang.dialect import parsing_grammar, tabmodule_of
    shipped = importlib.import_module(f"unlev.lang.{tabmodule_of(dialect)}")
    pinfo = yacc.ParserReflect(dict(vars(parsing_grammar(dialect))), log=yacc.NullLogger())
    pinfo.get_all()
    assert shipped._lr_signature == pinfo.signature()


def test_a_room_without_chance_draws_nothing_when_run():
    """lev_comp 3.5.x zero-filled a room and build_room drew rn2(100) only for a chance:
    the run copy (the lowering's loader phase) has chance 0 there, the tree keeps 100."""
    from unlev.lang.lowering import loader_level
    compiled = compile_file(str(FIXTURES / "rooms.des"), dialect="unnethack352")
    level = compiled.tree.levels[0]
    ran = loader_level(compiled, level)
    rooms = [n for n in A.walk(ran) if isinstance(n, A.Room)]
    assert [r.chance for r in rooms] == [0, 0, 40]          # hall, temple, zoo
    assert [n.chance for n in A.walk(level) if isinstance(n, A.Room)] == [100, 100, 40]
    later = compile_text('LEVEL:"t"\nROOM:"ordinary",random,random,random,random {\n}\n',
                         dialect="unnethack")
    assert loader_level(later, later.tree.levels[0]) is later.tree.levels[0]


@pytest.mark.parametrize("dialect, text", [
    ("unnethack352", 'LEVEL:"t"\nINIT_MAP:solidfill,\' \'\nFOG:(1,1),lit\nDOOR:iron,locked,(2,2)\n'
                     'ROOM:"ordinary",random,random,random,random {\n'
                     'ROOMDOOR:iron,false,rusty,north,random\n}\n'),
    ("unnethack351", 'LEVEL:"t"\nFOG:(1,1),lit\nDOOR:iron,locked,(2,2)\n'
                     'ROOM:"ordinary",random,random,random,random\n'
                     'ROOMDOOR:iron,false,rusty,north,random\n'),
])
def test_a_profiles_declarations_compose_with_the_older_grammars(dialect, text):
    """Declared statements take 3.4.3's argument shapes and stand anywhere; door
    materials go before DOOR's and ROOMDOOR's state, as in the later grammars."""
    ext = {"statements": {"FOG": {"args": ["coord", "light"]}},
           "door_materials": {"iron": "closed"}, "door_states": {"rusty": "locked"}}
    stmts = compile_text(text, dialect=dialect, extensions=ext).tree.levels[0].body.statements
    fog = [s for s in stmts if type(s).__name__ == "ExtensionStmt"][0]
    assert fog.name == "FOG" and [k for k, _v in fog.args] == ["coord", "light"]
    door = [s for s in stmts if isinstance(s, A.Door)][0]
    room = [s for s in stmts if isinstance(s, A.Room)][0]
    (roomdoor,) = [s for s in room.body.statements if isinstance(s, A.RoomDoor)]
    assert door.state == 8 and roomdoor.state == 8          # locked; rusty is locked
