"""The syntax tree's nodes (lang/ast.py) compare and print as the dataclasses they
are declared as: ``node()`` has the dataclass make only ``__init__`` and Node's own
``__eq__``/``__repr__`` answer from the class's field lists.  Each node class is held
to a plain dataclass of the same fields."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from unlev.lang import ast
from unlev.lang.diagnostics import Span

NODE_CLASSES = [c for c in vars(ast).values()
                if inspect.isclass(c) and issubclass(c, ast.Node)]


def _twin(cls):
    """A plain @dataclass with ``cls``'s fields (their compare/repr flags kept)."""
    spec = [(f.name, object, dataclasses.field(compare=f.compare, repr=f.repr))
            for f in dataclasses.fields(cls)]
    return dataclasses.make_dataclass(cls.__name__, spec)


def _values(cls, salt):
    return {f.name: (Span("a.des", 1, 2 + salt) if f.name == "span" else [f.name, salt])
            for f in dataclasses.fields(cls)}


def test_every_node_class_is_checked():
    assert len(NODE_CLASSES) > 80 and ast.Node in NODE_CLASSES


@pytest.mark.parametrize("cls", NODE_CLASSES, ids=lambda c: c.__name__)
def test_a_node_compares_and_prints_as_its_dataclass_twin(cls):
    twin = _twin(cls)
    twin.__qualname__ = cls.__qualname__
    a, b = _values(cls, 0), _values(cls, 0)
    assert (cls(**a) == cls(**b)) == (twin(**a) == twin(**b)) is True
    assert repr(cls(**a)) == repr(twin(**a))
    for f in dataclasses.fields(cls):           # each field changed in turn
        c = dict(a, **{f.name: ["other"]})
        assert (cls(**a) == cls(**c)) == (twin(**a) == twin(**c)) == (not f.compare), f.name
        assert (cls(**a) != cls(**c)) == f.compare, f.name
        assert repr(cls(**c)) == repr(twin(**c))
    with pytest.raises(TypeError):
        hash(cls(**a))


def test_nodes_of_two_classes_are_never_equal():
    span = Span("a.des", 1, 1)
    assert ast.Int(span, 3) != ast.Str(span, 3)
    assert ast.Int(span, 3).__eq__(ast.Str(span, 3)) is NotImplemented
    assert ast.Int(span, 3) != 3


def test_a_node_holding_itself_prints_without_recursing():
    n = ast.Str(Span("a.des", 1, 1), None)
    n.value = n
    assert repr(n) == "Str(span=Span(file='a.des', line=1, col=1, length=1), value=...)"
