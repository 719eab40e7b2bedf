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


# The parser's spans keep their position in the text and work their column out when it
# is read (DesParser.span_at, Span.__getattr__): the same column, and the same span in
# every other way, as one made with its column.

def test_columns_are_the_search_back_for_the_last_newline():
    import random
    from unlev.lang.diagnostics import Columns
    rng = random.Random(29)
    for text in ["", "x", "\n", "\n\n", "ab\ncd", "ab\n", "\tx\r\n  y\n\nzz",
                 "".join(rng.choice("ab \t\n") for _ in range(500))]:
        columns = Columns(text)
        positions = list(range(len(text) + 2))
        # forward (the search goes back only to the last position read), then in any order
        for pos in positions + rng.sample(positions, len(positions)):
            assert columns.column(pos) == pos - text.rfind("\n", 0, pos), (text, pos)


TEXT = ('LEVEL: "spans"\nINIT_MAP: solidfill, \' \'\n\t$x = 5\n'
        'MONSTER: (\'d\', "jackal"), (3,4), hostile\n'
        '   OBJECT: \'(\', random\nTRAP: "web", random\n'
        'IF [50%] {\n  TERRAIN: line (1,1)-(9,9) & floodfill (2,2), \'.\'\n}\n')


def _parser_spans():
    from unlev.lang import ast as A
    from unlev.lang.parser import DesParser
    tree = DesParser().parse(TEXT, "spans.des")
    return [n.span for n in A.walk(tree)]


def test_a_parsers_span_reads_its_column_from_the_text():
    spans = _parser_spans()
    lazy = [(s, s.__dict__["_pos"]) for s in spans if "_at" in s.__dict__]
    assert len(lazy) > 20
    for s, pos in lazy:
        want = pos - TEXT.rfind("\n", 0, pos)
        assert TEXT.count("\n", 0, pos) + 1 == s.line
        assert s.col == want and "_at" not in s.__dict__ and s.__dict__["col"] == want


@pytest.mark.parametrize("how", ["pickle", "copy", "deepcopy", "replace", "eq", "hash",
                                 "repr", "str", "astuple", "frozen"])
def test_a_parsers_span_is_the_span_it_stands_for(how):
    spans = {id(s): s for s in _parser_spans() if "_at" in s.__dict__}
    assert len(spans) > 20
    for s, pos in [(s, s.__dict__["_pos"]) for s in spans.values()]:
        eager = Span(s.file, s.line, pos - TEXT.rfind("\n", 0, pos), s.length)
        if how == "pickle":
            data = pickle.dumps(s)
            assert data == pickle.dumps(eager) and b"solidfill" not in data
            assert pickle.loads(data) == eager
        elif how == "copy":
            assert copy.copy(s) == eager and "_at" not in copy.copy(s).__dict__
        elif how == "deepcopy":
            assert copy.deepcopy(s) == eager and "_at" not in copy.deepcopy(s).__dict__
        elif how == "replace":
            assert dataclasses.replace(s, line=99) == dataclasses.replace(eager, line=99)
        elif how == "eq":
            assert s == eager and eager == s and s != Span(s.file, s.line, eager.col + 1)
        elif how == "hash":
            assert hash(s) == hash(eager)
        elif how == "repr":
            assert repr(s) == repr(eager)
        elif how == "str":
            assert str(s) == str(eager)
        elif how == "astuple":
            assert dataclasses.astuple(s) == dataclasses.astuple(eager)
        else:
            with pytest.raises(dataclasses.FrozenInstanceError):
                s.col = 3
            with pytest.raises(AttributeError):
                s.nothing


class Marked(Span):
    """A subclass with an attribute of its own (Span.__setattr__ lets a subclass have
    them): pickled and copied with it."""


def test_a_subclass_keeps_its_own_attributes_through_pickle_and_copy():
    m = Marked("f", 2, 3, 4)
    m.mark = "x"
    for other in (pickle.loads(pickle.dumps(m)), copy.copy(m), copy.deepcopy(m)):
        assert type(other) is Marked and other.mark == "x" and other == m
