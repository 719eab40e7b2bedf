"""The value classes made with stdlib/records.py (``@record`` over a dataclass declared
without its methods, with an ``__init__`` written out) behave as the plain dataclasses
they were: each is held to a dataclass of the same fields -- parameters and defaults,
repr, equality and hash with each field changed in turn, the frozen ones' errors."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from unlev.lang.diagnostics import Diagnostic, SourceCache, Span
from unlev.lang.dialect import Detection
from unlev.lang.frontend import Compiled
from unlev.lang.limits import Limits
from unlev.lang.lowering import Rewrite
from unlev.lang.settings import Settings
from unlev.stdlib.compat import BuildCompat, Compat, EvalCompat, SelectionCompat
from unlev.stdlib.data_tables import (Attack, Monster, MonsterClass, Object, ObjectClass,
                                     RoomType, ShopStock, ShopType, Tables, Trap)
from unlev.stdlib.profiles import Profile
from unlev.stdlib.records import FACTORY, record

RECORDS = [(Limits, True), (SelectionCompat, True), (EvalCompat, True), (BuildCompat, True),
           (Compat, True), (Detection, False), (Rewrite, True), (Settings, True),
           (Profile, True), (Diagnostic, False), (SourceCache, False), (Span, True),
           (Compiled, False),
           # the game's tables' records (stdlib/data_tables.py)
           (Tables, True), (Attack, True), (MonsterClass, True), (Monster, True),
           (ObjectClass, True), (Object, True), (Trap, True), (ShopStock, True),
           (ShopType, True), (RoomType, True)]
# records whose __repr__ is their own (@record(repr=False)): their twin shows them so
OWN_REPR = {Monster: "<Monster #", Object: "<Object #"}


def _twin(cls, frozen):
    spec = []
    for f in dataclasses.fields(cls):
        kw = {"compare": f.compare, "repr": f.repr, "hash": f.hash}
        if f.default is not dataclasses.MISSING:
            kw["default"] = f.default
        if f.default_factory is not dataclasses.MISSING:
            kw["default_factory"] = f.default_factory
        spec.append((f.name, f.type, dataclasses.field(**kw)))
    twin = dataclasses.make_dataclass(cls.__name__, spec, frozen=frozen,
                                      repr=cls not in OWN_REPR)
    twin.__qualname__ = cls.__qualname__
    if cls in OWN_REPR:
        twin.__repr__ = vars(cls)["__repr__"]
    return twin


@pytest.mark.parametrize("cls", list(OWN_REPR), ids=lambda c: c.__name__)
def test_a_record_keeps_its_own_repr(cls):
    value = cls(**_values(cls, 0))
    assert repr(value).startswith(OWN_REPR[cls])
    assert vars(cls)["__repr__"].__module__ == cls.__module__


def _values(cls, salt):
    return {f.name: (f.name, salt) for f in dataclasses.fields(cls)}


@pytest.mark.parametrize("cls,frozen", RECORDS, ids=lambda c: getattr(c, "__name__", ""))
def test_a_record_has_its_fields_parameters_and_defaults(cls, frozen):
    twin = _twin(cls, frozen)
    assert dataclasses.is_dataclass(cls)
    want = [(p.name, p.default, p.kind) for p in inspect.signature(twin).parameters.values()]
    got = [(p.name, p.default, p.kind) for p in inspect.signature(cls).parameters.values()]
    assert [(n, repr(d) if d is FACTORY else d, k) for n, d, k in got] == \
        [(n, repr(d) if repr(d) == "<factory>" else d, k) for n, d, k in want]
    required = [f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    if not required:
        assert cls() == twin_as(cls, twin())
        assert repr(cls()) == repr(twin())


def twin_as(cls, value):
    """The twin's value as one of ``cls`` (the same field values)."""
    return cls(**{f.name: getattr(value, f.name) for f in dataclasses.fields(value)})


@pytest.mark.parametrize("cls,frozen", RECORDS, ids=lambda c: getattr(c, "__name__", ""))
def test_a_record_compares_hashes_and_prints_as_its_twin(cls, frozen):
    twin = _twin(cls, frozen)
    a, b = _values(cls, 0), _values(cls, 0)
    assert (cls(**a) == cls(**b)) is True and repr(cls(**a)) == repr(twin(**a))
    assert cls(**a).__eq__(object()) is NotImplemented and cls(**a) != twin(**a)
    if frozen:
        assert hash(cls(**a)) == hash(twin(**a))
    else:
        with pytest.raises(TypeError):
            hash(cls(**a))
    for f in dataclasses.fields(cls):           # each field changed in turn
        c = dict(a, **{f.name: ("other",)})
        assert (cls(**a) == cls(**c)) == (twin(**a) == twin(**c)), f.name
        assert repr(cls(**c)) == repr(twin(**c))
        if frozen:
            assert (hash(cls(**a)) == hash(cls(**c))) == (hash(twin(**a)) == hash(twin(**c)))


@pytest.mark.parametrize("cls,frozen", RECORDS, ids=lambda c: getattr(c, "__name__", ""))
def test_a_frozen_record_refuses_changes_as_its_twin(cls, frozen):
    twin = _twin(cls, frozen)
    name = dataclasses.fields(cls)[0].name
    mine, theirs = cls(**_values(cls, 0)), twin(**_values(cls, 0))
    for obj in (mine, theirs):
        if frozen:
            with pytest.raises(dataclasses.FrozenInstanceError) as e:
                setattr(obj, name, 1)
            with pytest.raises(dataclasses.FrozenInstanceError) as d:
                delattr(obj, name)
            assert (str(e.value), str(d.value)) == (f"cannot assign to field {name!r}",
                                                    f"cannot delete field {name!r}")
        else:
            setattr(obj, name, 1)
            assert getattr(obj, name) == 1


def test_replace_and_asdict_work_on_records():
    limits = dataclasses.replace(Limits(), depth=7)
    assert limits.depth == 7 and limits == Limits(depth=7) and limits != Limits()
    assert dataclasses.asdict(Compat.named("game"))["build"]["corridor_walls_swapped"] is True
    assert Compat().selection is not Compat().selection
    assert Compat() == Compat.named("documented") and Compat.named("game").is_game
    assert Settings().replace(lenient=True) == Settings(lenient=True)


def test_record_gives_a_plain_class_the_dataclass_methods():
    @record()
    @dataclasses.dataclass(init=False, repr=False, eq=False)
    class Pair:
        a: int
        b: int = dataclasses.field(default=0, compare=False, repr=False)

        def __init__(self, a, b=0):
            self.a, self.b = a, b
    assert Pair(1, 2) == Pair(1, 3) and Pair(1) != Pair(2)
    assert repr(Pair(1, 2)).endswith("Pair(a=1)")
    with pytest.raises(TypeError):
        hash(Pair(1))
