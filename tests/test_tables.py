"""Parse tables from their marshal cache (issue 17): the same data as the shipped module,
refreshed when the module changes, and a broken cache is only a slower start."""

import importlib
import marshal
import os
import types

import pytest

from unlev.lang import _parsetab, tables
from unlev.lang.dialect import DIALECTS
from unlev.stdlib.copies import source_key


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
    assert tuple(key) == source_key(os.path.join(tables._HERE, "_parsetab.py"))
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


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_signature_is_plys(dialect):
    """The parser is made from the tables without PLY's reflection when
    :func:`tables.signature` equals the tables' signature: it must be the one PLY's
    ``yacc()`` computes, or a stale table would be used (or a good one rebuilt)."""
    from ply import yacc

    from unlev.lang.dialect import parsing_grammar, tabmodule_of
    grammar = parsing_grammar(dialect)
    ns = dict(grammar if isinstance(grammar, dict) else vars(grammar))
    ns["start"] = "file"
    pinfo = yacc.ParserReflect(dict(ns), log=yacc.NullLogger())
    pinfo.get_all()
    assert tables.signature(ns) == pinfo.signature()
    assert tables.load(tabmodule_of(dialect))._lr_signature == tables.signature(ns)
    # a rule's words changed: another signature
    name = next(k for k in sorted(ns) if k.startswith("p_") and ns[k].__doc__)
    changed = dict(ns)
    changed[name] = types.FunctionType(ns[name].__code__, ns[name].__globals__, name)
    changed[name].__doc__ = ns[name].__doc__ + " EXTRA"
    assert tables.signature(changed) != tables.signature(ns)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_parser_from_the_tables_is_the_one_yacc_makes(dialect):
    from ply import yacc

    from unlev.lang.dialect import parsing_grammar, tabmodule_of
    grammar = parsing_grammar(dialect)
    ns = dict(grammar if isinstance(grammar, dict) else vars(grammar))
    ns["start"] = "file"
    mod = tables.load(tabmodule_of(dialect))
    ours = tables.parser_from(ns, mod)
    plys = yacc.yacc(module=grammar, start="file", debug=False, write_tables=False,
                     tabmodule=mod, outputdir="", errorlog=yacc.NullLogger())
    assert ours.action == plys.action and ours.goto == plys.goto
    assert ours.defaulted_states == plys.defaulted_states
    assert ours.errorfunc is plys.errorfunc
    assert [(p.name, p.len, p.func, p.callable) for p in ours.productions] == [
        (p.name, p.len, p.func, p.callable) for p in plys.productions]


def test_a_changed_grammar_goes_to_yacc(monkeypatch):
    """A signature that differs from the tables': PLY's ``yacc()`` builds the parser (and
    rewrites the tables), as before."""
    from unlev.lang import parser
    calls = []
    monkeypatch.setattr(parser, "_PARSERS", {})
    # (a changed grammar is a changed module: its kept plan is not current,
    # tests/test_parse_plan.py)
    monkeypatch.setattr(tables, "planned_namespace", lambda name: None)
    monkeypatch.setattr(tables, "signature", lambda ns: "another grammar")
    monkeypatch.setattr(parser.yacc, "yacc", lambda **kw: calls.append(kw) or "built")
    assert parser._build_parser("unnethack") == "built"
    assert calls[0]["tabmodule"] == "_parsetab"


def test_cleandoc_is_inspects():
    import inspect

    from unlev.lang.dialect import cleandoc, grammar_of
    docs = ["", "x", "\n", "  a\n\n    b\n      c\n  ", "\ta\n\tb", "a\n \n  b\n",
            "\n\n  a\n  b\n\n", "first\n    second\n  third"]
    # Whitespace other than blanks and tabs: inspect.cleandoc took it off up to 3.12,
    # and leaves it from 3.13 on (blanks only, as 3.13's compiler dedents docstrings);
    # no rule's docstring holds any, and ours takes it off, as the older ones do
    assert cleandoc("a\n\u3000b") == "a\nb" and cleandoc("\u3000a\n b") == "a\nb"
    for dialect in DIALECTS:
        g = grammar_of(dialect)
        ns = g if isinstance(g, dict) else vars(g)
        docs += [f.__doc__ for k, f in ns.items() if k.startswith("p_") and f.__doc__]
    for doc in docs:
        assert cleandoc(doc) == inspect.cleandoc(doc), repr(doc)
