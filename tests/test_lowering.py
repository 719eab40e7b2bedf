"""The one lowering pass (unlev.lang.lowering, issue 27): each rewrite runs for the
dialect it serves, the tree phase once per parse from the parser, the loader phase on a
copy kept with the compile."""

import pytest

from unlev.lang import ast as A
from unlev.lang import lowering
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file, compile_text
from unlev.lang.session import FragmentSession
from unlev.lang.level_builder import RecordingBuilder
from unlev.stdlib.rng import RNG

CIRCLE = "$s = selection: circle((5,5),3)\n"


def circles(tree):
    return [n.filling for n in A.walk(tree) if isinstance(n, A.SelCircle)]


def test_36_fills_a_circle_that_names_no_filling_and_unnethack_does_not():
    assert circles(compile_text('MAZE:"t",\' \'\n' + CIRCLE, "x.des",
                                dialect="nethack36").tree) == [1]
    assert circles(compile_text('LEVEL:"t"\n' + CIRCLE, "x.des",
                                dialect="unnethack").tree) == [None]


def test_the_tree_phase_runs_once_per_parse_for_the_top_file_only(tmp_path, monkeypatch):
    seen = []
    real = lowering.lower
    monkeypatch.setattr(lowering, "lower",
                        lambda tree, *a: (seen.append(tree), real(tree, *a)))
    (tmp_path / "inc.des").write_text("# included\n")
    top = tmp_path / "top.des"
    top.write_text('INCLUDE "inc.des"\nLEVEL:"t"\n$x = 1\n')
    compiled = compile_file(str(top), dialect="unnethack")
    assert seen == [compiled.tree]                  # not the INCLUDEd file's own tree
    seen.clear()
    with pytest.raises(DesError):
        compile_text('LEVEL:"t"\n$x = = 1\n', "bad.des", dialect="unnethack")
    assert seen == []                               # a file with errors is not lowered


def test_a_repl_fragment_is_lowered_by_the_same_pass(monkeypatch):
    seen = []
    real = lowering.lower
    monkeypatch.setattr(lowering, "lower",
                        lambda tree, *a: (seen.append(a[0]), real(tree, *a)))
    session = FragmentSession(RecordingBuilder(), RNG(1))
    session.start()
    fragment = session.parse("$x = 1")
    assert fragment.kind == "statements" and seen == ["unnethack"]


def test_the_loader_phase_works_on_a_copy_and_says_its_stand_ins():
    text = 'MAZE:"t",\' \'\nMONSTER:(\'D\',"red dragon"),(1,1)\n'
    compiled = compile_text(text, "x.des", dialect="nethack36")
    level = compiled.tree.levels[0]
    notes = []
    run = lowering.loader_level(compiled, level, warn=lambda t, sp: notes.append((t, sp.line)))
    names = [n.name for n in A.walk(run) if isinstance(n, A.MonsterSpec)]
    assert names != ["red dragon"] and names[0]     # UnNetHack has no red dragon
    assert [n.name for n in A.walk(level) if isinstance(n, A.MonsterSpec)] == ["red dragon"]
    assert notes == [(f'monster "red dragon" is not in UnNetHack; using "{names[0]}"', 2)]
    assert lowering.loader_level(compiled, level) is run          # kept with the compile


def test_the_maze_fill_follows_the_compat_mode():
    compiled = compile_text('MAZE:"t",\'.\'\n', "x.des", dialect="nethack36")
    level = compiled.tree.levels[0]

    def fill(game):
        init = [n for n in A.walk(lowering.loader_level(compiled, level, game=game))
                if isinstance(n, A.InitMap)]
        return init[0].fill.char

    assert (fill(False), fill(True)) == (".", " ")


def test_every_rewrite_names_its_dialect_and_phase():
    assert {r.phase for r in lowering.REWRITES} == {"tree", "loader"}
    for r in lowering.REWRITES:
        assert r.serves and getattr(lowering, r.name) is r.run
