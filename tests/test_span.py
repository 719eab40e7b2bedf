"""``Span`` writes its fields itself (the parser makes one per node): it must still be
the frozen dataclass it was -- equal, hashed, shown, replaced, pickled and refused
assignment exactly as a plain ``@dataclass(frozen=True)`` twin."""

import copy
import dataclasses
import pickle

import pytest

from unlev.lang.diagnostics import Span


@dataclasses.dataclass(frozen=True)
class Twin:
    file: str
    line: int
    col: int
    length: int = 1


CASES = [("a.des", 1, 1), ("a.des", 3, 7, 4), ("<input>", 0, 0, 0)]


@pytest.mark.parametrize("args", CASES)
def test_span_is_its_frozen_dataclass_twin(args):
    s, t = Span(*args), Twin(*args)
    assert dataclasses.astuple(s) == dataclasses.astuple(t)
    assert repr(s) == repr(t).replace("Twin", "Span")
    assert hash(s) == hash(dataclasses.astuple(t)) == hash(t)
    assert s == Span(**dataclasses.asdict(t)) and s != t
    assert [f.name for f in dataclasses.fields(s)] == ["file", "line", "col", "length"]
    for name in ("file", "line", "col", "length"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(s, name, 9)
        changed = dataclasses.replace(s, **{name: 9})
        assert changed != s and getattr(changed, name) == 9
    assert pickle.loads(pickle.dumps(s)) == s and copy.deepcopy(s) == s


def test_span_keywords_and_default_length():
    assert Span(file="f", line=2, col=3) == Span("f", 2, 3, 1)
    assert str(Span("f", 2, 3, 5)) == "f:2:3"
    with pytest.raises(TypeError):
        Span("f", 2)
    assert {Span("f", 1, 1): 1}[Span("f", 1, 1)] == 1
