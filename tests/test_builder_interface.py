"""The evaluator -> builder interface is typed and complete.

Every statement node the three grammars can build has an evaluator handler; every
builder call the evaluator makes is a method declared on LevelBuilder; both builders
(the game's and the recording one) implement every declared statement with the
declared parameters, and a misspelt argument fails instead of vanishing.
"""

from __future__ import annotations

import ast
import inspect
import os
import re

import pytest

from unlev.generate.game_builder import GameBuilder
from unlev.lang import ast as A
from unlev.lang.evaluator import Evaluator
from unlev.lang.level_builder import STATEMENTS, LevelBuilder, RecordingBuilder
from unlev.lang.values import Coord
from unlev.stdlib.rng import RNG

LANG = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lang")
GRAMMARS = ("grammar.py", "grammar_statements.py", "grammar_contents.py", "grammar_values.py",
            "grammar_nethack36.py", "grammar_nethack343.py")


def _constructed_nodes() -> set:
    """Names of AST classes the grammar actions construct (``A.Name(...)``)."""
    names = set()
    for g in GRAMMARS:
        with open(os.path.join(LANG, g), encoding="utf-8") as fh:
            tree = ast.parse(fh.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "A":
                names.add(node.func.attr)
    return names


def _builder_calls() -> set:
    """Builder methods the evaluator calls (``self.builder.name(``)."""
    calls = set()
    for module in ("evaluator.py", "level_statements.py"):
        with open(os.path.join(LANG, module), encoding="utf-8") as fh:
            calls |= set(re.findall(r"self\.builder\.(\w+)\(", fh.read()))
    return calls


def test_every_statement_node_the_grammars_build_has_a_handler():
    missing = []
    for name in sorted(_constructed_nodes()):
        cls = getattr(A, name, None)
        assert cls is not None, f"the grammar builds A.{name}, which lang/ast.py lacks"
        if not (isinstance(cls, type) and issubclass(cls, A.Node)):
            continue                  # a helper function of lang/ast.py
        if not (hasattr(Evaluator, "x_" + name) or hasattr(Evaluator, "e_" + name)):
            missing.append(name)
    # nodes that only ever sit inside another node's fields (read by its parent's handler)
    parts = {"DesFile", "Level", "Block", "SwitchArm", "CorridorEnd", "AlignSpec",
             "RoomFlags", "CondPercent", "CondTruth", "CondCompare", "Param", "MapLines"}
    missing = [n for n in missing if n not in parts]
    assert not missing, f"statement/expression nodes without an evaluator handler: {missing}"


def test_the_evaluator_calls_only_declared_statements_and_all_of_them():
    queries = {"locate", "locate_region", "to_relative", "terrain_at", "lit_at",
               "room_bounds", "mon_at", "obj_at", "carrying", "work_done"}
    calls = _builder_calls()
    undeclared = calls - set(STATEMENTS) - queries
    assert not undeclared
    # FOUNTAIN/SINK/POOL reach the builder through getattr(builder, node.kind)
    uncalled = set(STATEMENTS) - calls - {"fountain", "sink", "pool"}
    assert not uncalled, f"declared but never called: {uncalled}"


@pytest.mark.parametrize("kind", ["fountain", "sink", "pool"])
def test_feature_kinds_are_statements(kind):
    assert kind in STATEMENTS


@pytest.mark.parametrize("builder_cls", [GameBuilder, RecordingBuilder])
def test_both_builders_implement_every_statement_with_its_declared_parameters(builder_cls):
    for name in STATEMENTS:
        impl = builder_cls.__dict__.get(name)
        assert impl is not None, f"{builder_cls.__name__} has no handler for {name}"
        declared = list(inspect.signature(getattr(LevelBuilder, name)).parameters)
        actual = list(inspect.signature(impl).parameters)
        assert actual == declared, f"{builder_cls.__name__}.{name}: {actual} != {declared}"
    assert not getattr(builder_cls, "__abstractmethods__", None)


def test_the_interface_cannot_be_instantiated_without_handlers():
    class Partial(LevelBuilder):
        def message(self, text, span=None):
            pass

    with pytest.raises(TypeError):
        Partial()


def test_a_misspelt_argument_fails_in_both_builders():
    rec = RecordingBuilder()
    with pytest.raises(TypeError):
        rec.stair(coord=Coord(1, 1), upp=1)
    game = GameBuilder(RNG(1))
    with pytest.raises(TypeError):
        game.stair(coord=Coord(1, 1), upp=1)


def test_recording_builder_records_under_the_statement_names():
    rec = RecordingBuilder()
    rec.start_level(name="x", flags=["noteleport"])
    rec.object(object=None, coord=None, attrs={"quantity": 3})
    rec.end_level()
    assert rec.names() == ["level", "object", "endlevel"]
    assert rec.of("object") == [{"object": None, "coord": None, "quantity": 3, "span": None}]
