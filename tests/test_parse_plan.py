"""A dialect's parser is bound from its kept plan (``lang/tables.py``
``planned_namespace``) while the tables and the grammar's modules are as they were: the
same functions, the same trees, no grammar composed; anything changed, and the grammar
is composed, folded and signed again."""

from __future__ import annotations

import pytest

from unlev.lang import ast as A
from unlev.lang import dialect as D
from unlev.lang import parser as P
from unlev.lang import tables as T

DIALECTS = ["unnethack", "nethack36", "nethack343"]
TEXT = {"unnethack": 'LEVEL:"t"\nROOM:"ordinary",random,random,random,random {\n'
                     '  MONSTER:(\'d\',"jackal"),random\n}\n',
        "nethack36": 'MAZE:"t",\' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
                     'MONSTER:(\'d\',"jackal"),(1,0)\n',
        "nethack343": 'MAZE:"t",\' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n'
                      'MONSTER:\'d\',"jackal",(1,0)\n'}


@pytest.fixture
def fresh(monkeypatch):
    """The parsers built anew (and put back as they were after)."""
    saved = dict(P._PARSERS)
    P._PARSERS.clear()
    yield
    P._PARSERS.clear()
    P._PARSERS.update(saved)


def _tree(dialect):
    return A.dump(P.parse_text(TEXT[dialect], "t.des", dialect=dialect), with_spans=True)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_plan_binds_the_functions_the_grammar_gives(fresh, monkeypatch, dialect):
    name = D.tabmodule_of(dialect)
    want = _tree(dialect)                       # composed (or planned), and the plan kept
    composed = dict(vars(D.parsing_grammar(dialect)))
    planned = T.planned_namespace(name)
    assert planned is not None
    assert planned.keys() >= {k for k in composed if k.startswith("p_")}
    for k, f in planned.items():
        if k.startswith("p_"):
            assert f.__code__ is composed[k].__code__, k        # the same action
    # a fresh build reads the plan: no grammar composed, the same tree
    P._PARSERS.clear()

    def no_composing(_d):
        raise AssertionError("the grammar was composed")
    monkeypatch.setattr(D, "parsing_grammar", no_composing)
    assert _tree(dialect) == want


def test_a_changed_module_or_tables_is_composed_again(fresh, monkeypatch):
    _tree("nethack36")
    name = D.tabmodule_of("nethack36")
    assert T.planned_namespace(name) is not None
    real = T.source_key

    def moved(path):            # grammar_values.py edited since the plan was kept
        key = real(path)
        return (key[0] + 1, *key[1:]) if path.endswith("grammar_values.py") else key
    monkeypatch.setattr(T, "source_key", moved)
    assert T.planned_namespace(name) is None
    # the plan the composing below would keep has the moved key: not written over the
    # real one, which other tests (other processes) read at the same time
    monkeypatch.setattr(T, "keep_plan", lambda *a: None)
    P._PARSERS.clear()
    calls = []
    real_pg = D.parsing_grammar
    monkeypatch.setattr(D, "parsing_grammar", lambda d: calls.append(d) or real_pg(d))
    _tree("nethack36")
    assert calls == ["nethack36"]


def test_a_plan_naming_a_missing_function_is_not_used(fresh, monkeypatch):
    _tree("unnethack")
    from unlev.lang import grammar_values
    some = next(k for k in vars(grammar_values) if k.startswith("p_"))
    monkeypatch.delattr(grammar_values, some)
    assert T.planned_namespace(D.tabmodule_of("unnethack")) is None


def test_no_plan_is_kept_for_a_function_its_module_does_not_hold(tmp_path, monkeypatch):
    kept = []
    monkeypatch.setattr(T, "write_copy", lambda *a: kept.append(a))

    def p_stray(p):
        "stray : X"
    T.keep_plan("_parsetab_none", {"p_stray": p_stray}, "unlev.lang.grammar")
    assert kept == []
