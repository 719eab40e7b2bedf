"""Parse tables from their marshal cache (issue 17): the same data as the shipped module,
refreshed when the module changes, and a broken cache is only a slower start."""

import importlib
import marshal
import os
import types

import pytest

from unlev.lang import _parsetab, tables
from unlev.lang.dialect import DIALECTS


def test_cached_tables_are_the_modules(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    mod = tables.load("_parsetab")
    for f in ("_lr_signature", "_lr_action", "_lr_goto", "_lr_productions"):
        assert getattr(mod, f) == getattr(_parsetab, f)


def test_a_stale_or_broken_cache_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setattr(tables, "_cache_paths",
                        lambda name: iter([str(tmp_path / (name + ".marshal"))]))
    path = tmp_path / "_parsetab.marshal"
    path.write_bytes(b"not marshal data")
    assert tables.load("_parsetab")._lr_signature == _parsetab._lr_signature
    key, data = marshal.loads(path.read_bytes())
    assert tuple(key) == tables._key(os.path.join(tables._HERE, "_parsetab.py"))
    # a key that does not match the module (it changed): the module is read again
    path.write_bytes(marshal.dumps(((1, 2, (3, 4)), {"_lr_signature": "old"})))
    assert tables.load("_parsetab")._lr_signature == _parsetab._lr_signature


def _as_python_313_compiles(doc):
    """A docstring as Python 3.13's compiler keeps it: the first line stripped on the
    left, the common indentation of the other lines removed."""
    first, *rest = doc.split("\n")
    margin = min((len(ln) - len(ln.lstrip(" ")) for ln in rest if ln.strip()), default=0)
    return "\n".join([first.lstrip()] + [ln[margin:] if ln.strip() else "" for ln in rest])


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_shipped_tables_match_the_grammar_on_every_python(dialect, monkeypatch):
    """PLY signs the tables with the rules' docstrings, which Python 3.13 dedents: the
    shipped tables must match both the docstrings as written and as 3.13 compiles them,
    or the first parse on one of them rebuilds the tables and rewrites the package's
    ``_parsetab`` module."""
    from ply import yacc

    from unlev.lang.dialect import grammar_of, parsing_grammar, tabmodule_of
    shipped = importlib.import_module(f"unlev.lang.{tabmodule_of(dialect)}")

    def signature():
        # the tables are built from the grammar with its unit rules folded
        pinfo = yacc.ParserReflect(dict(vars(parsing_grammar(dialect))),
                                   log=yacc.NullLogger())
        pinfo.get_all()
        return pinfo.signature()

    assert shipped._lr_signature == signature()
    grammar = grammar_of(dialect)
    ns = dict(grammar if isinstance(grammar, dict) else vars(grammar))
    for name, f in ns.items():
        if name.startswith("p_") and isinstance(f, types.FunctionType) and f.__doc__:
            monkeypatch.setattr(f, "__doc__", _as_python_313_compiles(f.__doc__))
    assert shipped._lr_signature == signature()
