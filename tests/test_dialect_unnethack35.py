"""UnNetHack 3.5's des-file syntax (``--dialect unnethack35``): the chance before the
colon, ``filled,true`` region flags, a room's bare boolean, WALLIFY of a region; and
``auto`` telling it apart from NetHack 3.4.3's chance prefix."""

from __future__ import annotations

import pytest

from unlev.lang import ast as A
from unlev.lang.diagnostics import DesError
from unlev.lang.dialect import detect
from unlev.lang.frontend import compile_text

from evalkit import run_compiled


def c35(text, **kw):
    return compile_text(text, "t.des", dialect="unnethack35", **kw)


def body(tree):
    return tree.levels[0].body.statements


@pytest.mark.parametrize("stmt, kind", [
    ("MONSTER[50%]:('h',\"mind flayer\"),random", A.Monster),
    ("OBJECT[75%]:('[',\"levitation boots\"),+0,(1,1)", A.Object),
    ("TRAP[25%]:\"spiked pit\", (7,2)", A.Trap),
    ("TERRAIN[10%]:(1,1),'T'", A.Terrain),
])
def test_a_chance_before_the_colon_is_a_chance_statement(stmt, kind):
    text = 'LEVEL:"t"\n' + stmt + "\n"
    with pytest.raises(DesError):
        compile_text(text, dialect="unnethack")
    (node,) = body(c35(text).tree)
    assert isinstance(node, A.Chance) and isinstance(node.statement, kind)
    assert node.cond.percent == int(stmt.split("[")[1].split("%")[0])


def test_a_chance_container_keeps_its_contents():
    (node,) = body(c35('LEVEL:"t"\nCONTAINER[40%]:(\'(\',"sack"),(1,1) {\n'
                       '  OBJECT:(\'%\',"apple")\n}\n').tree)
    assert node.statement.container and len(node.statement.contents.statements) == 1


def test_the_chance_is_drawn_when_run():
    text = 'LEVEL:"t"\nMONSTER[50%]:(\'d\',"jackal"),(1,1)\n'
    made = [len(run_compiled(c35(text), seed=s).of("monster")) for s in range(1, 41)]
    assert set(made) == {0, 1}


def test_region_flags_end_in_a_boolean_for_irregular():
    tree = c35('LEVEL:"t"\nREGION:(4,3,6,6),unlit,"ordinary",unfilled,true\n'
               'REGION:(1,1,2,2),lit,"zoo",filled\n').tree
    a, b = body(tree)
    assert (a.flags.filled, a.flags.irregular) == (0, 1)
    assert (b.flags.filled, b.flags.irregular) == (1, 0)
    with pytest.raises(DesError):          # the later flag list is not 3.5's
        c35('LEVEL:"t"\nREGION:(1,1,2,2),lit,"zoo",filled,irregular\n')


def test_a_room_takes_a_boolean_for_filled():
    (room,) = body(c35('LEVEL:"t"\nROOM:"zoo",lit,(1,1),(left,top),(5,3),false {\n}\n').tree)
    assert room.flags.filled == 0


def test_wallify_takes_a_region():
    (node,) = body(c35('LEVEL:"t"\nWALLIFY:(1,0,70,20)\n').tree)
    assert isinstance(node.selection, A.SelRect) and node.selection.filled


@pytest.mark.parametrize("text, dialect", [
    ('LEVEL:"t"\nMONSTER[50%]:(\'h\',"mind flayer"),random\n', "unnethack35"),
    ('LEVEL:"t"\nREGION:(4,3,6,6),unlit,"ordinary",unfilled,true\n'
     'MONSTER:(\'d\',"jackal"),(1,1)\n', "unnethack35"),
    ('MAZE:"t",\' \'\nNOMAP\nMONSTER[50%]:\'h\',"mind flayer",random\n', "nethack343"),
])
def test_auto_tells_it_from_343s_chance_prefix(text, dialect):
    d = detect(text)
    assert d.dialect == dialect
    assert compile_text(text, dialect="auto").dialect == dialect


def test_343s_own_region_boolean_is_not_taken_for_35():
    text = 'MAZE:"t",\' \'\nNOMAP\nREGION:(4,3,6,6),unlit,"ordinary",unfilled,true\n'
    assert detect(text).dialect != "unnethack35"
    assert compile_text(text, dialect="auto").dialect == "nethack343"
