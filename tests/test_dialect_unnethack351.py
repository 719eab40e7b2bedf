"""UnNetHack 3.5.1's des-file syntax (``--dialect unnethack351``, from that release's
``util/lev_comp.y``): 3.4.3's headers, flat rooms and ``contained`` objects with
``IF [N%] THEN ... ELSE ... ENDIF``, ROOMDOOR, TERRAIN, SPILL and REPLACE_TERRAIN.
``tests/fixtures/unnethack351/flat.des`` is hand-written; the release's own files are
read from a mirror of UnNetHack's repository when there is one."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import built_level_problems, unnethack_release

from unlev.generate.build import build_level
from unlev.lang import ast as A
from unlev.lang.diagnostics import DesError
from unlev.lang.dialect import detect
from unlev.lang.frontend import compile_file, compile_text

FIXTURE = Path(__file__).parent / "fixtures" / "unnethack351" / "flat.des"
TAG = "3.5.1-20090526"


def c351(text):
    return compile_text(text, "t.des", dialect="unnethack351")


def levels():
    return compile_file(str(FIXTURE), dialect="unnethack351").tree.levels


def test_auto_reads_the_fixture_as_351_and_no_other_dialect_does():
    assert compile_file(str(FIXTURE), dialect="auto").dialect == "unnethack351"
    for other in ("nethack343", "unnethack352", "unnethack"):
        with pytest.raises(DesError):
            compile_file(str(FIXTURE), dialect=other)


def test_the_fixture_runs_with_seeds_1_to_5():
    compiled = compile_file(str(FIXTURE), dialect="auto")
    for lv in compiled.tree.levels:
        made = {bytes(build_level(compiled, lv, seed=s).typ) for s in range(1, 6)}
        assert len(made) > 1


def test_the_maze_header_fills_and_flags_the_level():
    maze = levels()[0]
    assert ("mazelevel", 0x80) in maze.flags
    init = maze.body.statements[0]
    assert isinstance(init, A.InitMap) and init.style == "solidfill" and init.fill.char == " "


def test_if_then_else_endif_and_contained_objects():
    stmts = levels()[0].body.statements
    chest = [s.statement for s in stmts if isinstance(s, A.Chance) and s.statement.container][0]
    (apple,) = chest.contents.statements
    assert apple.statement.spec.name == "apple"
    (cond,) = [s for s in stmts if isinstance(s, A.If)]
    assert cond.cond.percent == 51            # the block runs for rn2(100) <= 50
    assert isinstance(cond.then.statements[0].statement, A.Terrain)
    assert isinstance(cond.orelse.statements[0], A.Spill)


def test_flat_rooms_nest_as_the_loader_fills_them():
    stmts = levels()[1].body.statements
    hall, zoo, corridors = stmts
    assert isinstance(corridors, A.RandomCorridors)       # the level's, not the zoo's
    assert hall.room_name == "hall" and zoo.chance == 40 and zoo.flags.filled == 0
    jackal, temple = hall.body.statements
    assert isinstance(jackal.statement, A.Monster) and temple.subroom and temple.parent_name == "hall"
    altar, door = temple.body.statements
    # a ROOMDOOR after a SUBROOM is the subroom's (the loader's croom)
    assert isinstance(altar, A.Altar) and door.walls == 1
    (zoodoor,) = zoo.body.statements
    assert zoodoor.state == 8 and zoodoor.walls == -1


@pytest.mark.parametrize("text, message", [
    ('LEVEL:"t"\nROOMDOOR:false,nodoor,north,random\n', "Roomdoor without room?!"),
    ('LEVEL:"t"\nROOM:"ordinary",lit,(1,1),(left,top),(3,3)\nROOMDOOR:false,nodoor,north|west,2\n',
     'syntax error at "|"'),
    ('LEVEL:"t"\nIF [50%] {\nEXIT\n}\n', 'syntax error at "{"'),
    ('LEVEL:"t"\nOBJECT:\'%\',"apple",contained\n',
     "a 'contained' object needs a CONTAINER before it"),
])
def test_errors(text, message):
    with pytest.raises(DesError) as e:
        c351(text)
    d = e.value.diagnostics[0]
    assert d.message == message and d.span.line >= 2
    assert f"t.des:{d.span.line}:{d.span.col}: error: {message}" in str(e.value)


@pytest.mark.parametrize("text, dialect", [
    ('LEVEL:"t"\nIF [50%] THEN\nMONSTER:\'d\',"jackal",random\nENDIF\n', "unnethack351"),
    ('LEVEL:"t"\nROOM:"ordinary",random,random,random,random\n'
     'ROOMDOOR:false,nodoor,north,random\nMONSTER:\'d\',"jackal",random\n', "unnethack351"),
    # the same with 3.5.2's room block
    ('LEVEL:"t"\nROOM:"ordinary",random,random,random,random\n{\n'
     'ROOMDOOR:false,nodoor,north,random\nMONSTER:\'d\',"jackal",random\n}\n', "unnethack352"),
    ('MAZE:"t",\' \'\nNOMAP\nMONSTER:\'d\',"jackal",random\n', "nethack343"),
])
def test_auto_tells_351_from_343_and_352(text, dialect):
    assert detect(text).dialect == dialect


# the full tier's (--full): a sweep of the whole release (~3 s)
@pytest.mark.slow
def test_every_file_of_the_release_reads_and_runs(tmp_path):
    release = unnethack_release(TAG, tmp_path)
    if not release:
        pytest.skip(f"no UnNetHack mirror with tag {TAG}: set $UNLEV_UNNETHACK_GIT")
    assert len(release) == 29
    failed, dialects, problems = [], set(), []
    for path in release:
        f = path.name
        try:
            compiled = compile_file(str(path), dialect="unnethack351")
        except DesError as e:
            failed.append((f, e.diagnostics[0].message))
            continue
        dialects.add(compile_file(str(path), dialect="auto").dialect)
        for lv in compiled.tree.levels:
            problems += built_level_problems(compiled, lv)
    assert failed == []
    assert problems == []
    assert dialects == {"nethack343", "unnethack351"}
