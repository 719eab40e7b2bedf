"""The parse tables, loaded without compiling a 300 KB Python module.

Why a module of its own: PLY ships its LALR tables as a Python module
(``_parsetab.py``); importing it compiles it when no bytecode cache is written (CI,
``PYTHONDONTWRITEBYTECODE``), which was 0.14 s of every ``unlev check`` and a 70 MB memory
peak.  The same data is kept in a ``marshal`` file beside it (or in the user's cache when
the package folder is read-only), keyed by the module's size and modification time, so a
changed grammar (PLY rewrites the module) refreshes it.  PLY reads a module object as
readily as a module name, so the parser is built as before.

The parser is made from the tables with PLY's own table reader and LR parser
(:func:`parser_from`), after comparing the tables' signature with the grammar's
(:func:`signature`): PLY's ``yacc()`` asks ``inspect`` for every rule's module (and
reflects the grammar twice), and importing ``inspect`` (with ``ast``, ``dis``,
``tokenize``) was some 4 ms of every check (issue 29). A grammar whose signature
differs still goes through ``yacc()``, which rebuilds and rewrites its tables.
"""

from __future__ import annotations

import importlib
import os
import sys
import types

from ..stdlib.copies import read_copy, source_key, user_cache, write_copy

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Optional

_FIELDS = ("_tabversion", "_lr_method", "_lr_signature", "_lr_action", "_lr_goto",
           "_lr_productions")
_HERE = os.path.dirname(os.path.abspath(__file__))


def _cache_paths(name: str):
    return [os.path.join(_HERE, name + ".marshal"), user_cache(name + ".marshal")]


def signature(ns: dict) -> str:
    """The signature PLY's ``yacc()`` computes for the grammar namespace ``ns`` and keeps
    in the tables (``_lr_signature``): the start symbol, the precedence words, the
    sorted token names and the docstrings of the ``p_`` rules, joined, the rules in
    the order of (first line, module, name, docstring). ``tests/test_tables.py`` holds
    it equal to PLY's ``ParserReflect.signature`` for every dialect's grammar."""
    parts = []
    start = ns.get("start")
    if start:
        parts.append(start)
    prec = ns.get("precedence")
    if prec:
        parts.append("".join("".join(level) for level in prec))
    tokens = ns.get("tokens")
    if tokens:
        parts.append(" ".join(sorted(tokens)))
    rules = []
    for name, f in ns.items():
        if name.startswith("p_") and name != "p_error" and isinstance(
                f, (types.FunctionType, types.MethodType)):
            # what inspect.getmodule answers for a function: the module it names
            module = str(sys.modules.get(f.__module__))
            rules.append((f.__code__.co_firstlineno, module, name, f.__doc__))
    rules.sort()
    parts.extend(doc for _line, _module, _name, doc in rules if doc)
    return "".join(parts)


def parser_from(ns: dict, tables):
    """PLY's LR parser of the grammar ``ns`` from its ``tables`` (a module object of
    :func:`load`), as ``yacc()`` makes it when the signatures agree: the tables read by
    PLY's ``LRTable``, each production bound to its rule function."""
    from ply import yacc
    lr = yacc.LRTable()
    lr.read_table(tables)
    lr.bind_callables(ns)
    return yacc.LRParser(lr, ns.get("p_error"))


def load(name: str) -> Optional[types.ModuleType]:
    """The table module ``name`` (e.g. ``_parsetab``) as a module object, from its
    marshal cache when that is current; None when the module does not exist."""
    py = os.path.join(_HERE, name + ".py")
    try:
        key = source_key(py)
    except OSError:
        return None
    places = list(_cache_paths(name))
    data = read_copy(places, key)
    if data is not None:
        mod = types.ModuleType(name)
        mod.__dict__.update(data)
        return mod
    mod = importlib.import_module(f"{__package__}.{name}")
    write_copy(places, key, {f: getattr(mod, f) for f in _FIELDS if hasattr(mod, f)})
    return mod


# The rule functions a dialect's productions call, by the names the tables give them,
# kept beside its tables (``<tabmodule>.plan.marshal``) with the keys of the modules
# they and the grammar's composition come from.  While the tables and those modules are
# as they were, the parser is bound from it without composing the dialect's grammar,
# folding its unit rules and signing it (some 2 ms of every first check of a dialect,
# issue 29): the functions are the same, so are the actions.  A folded rule's function
# is its inner rule's with another docstring (grammar_compose.retitled): the same code,
# which PLY calls and never reads the docstring of.
_PLAN_VERSION = 2
_COMPOSERS = ("unlev.lang.dialect", "unlev.lang.grammar_compose", "unlev.lang.grammar_inline")


def _same_function(a, b) -> bool:
    return a is b or (isinstance(a, types.FunctionType) and isinstance(b, types.FunctionType)
                      and a.__code__ is b.__code__ and a.__globals__ is b.__globals__
                      and a.__closure__ == b.__closure__ and a.__defaults__ == b.__defaults__
                      and a.__kwdefaults__ == b.__kwdefaults__)


def keep_plan(name: str, ns: dict, grammar_module: str) -> None:
    """Keep the plan of the tables ``name`` that the rule functions of ``ns`` (whose
    signature the tables carry) were bound to; nothing is kept when a function is not
    its module's attribute of its name (it could not be found again)."""
    funcs, modules = {}, set(_COMPOSERS) | {grammar_module}
    for key, f in ns.items():
        if not (key.startswith("p_") and callable(f)):
            continue
        module = sys.modules.get(getattr(f, "__module__", None) or "")
        if module is None or not _same_function(getattr(module, f.__name__, None), f):
            return
        funcs[key] = (module.__name__, f.__name__)
        modules.add(module.__name__)
    try:
        files = {m: os.path.relpath(sys.modules[m].__file__, _HERE) for m in modules}
        if any(f.startswith(os.pardir) or os.path.isabs(f) for f in files.values()):
            return          # (kept by the name of a file beside the tables)
        keys = [(f, source_key(os.path.join(_HERE, f))) for _m, f in sorted(files.items())]
        tab_key = source_key(os.path.join(_HERE, name + ".py"))
    except (OSError, KeyError, AttributeError, TypeError, ValueError):
        return
    write_copy(_cache_paths(name + ".plan"), (_PLAN_VERSION, tab_key), (keys, funcs))


def planned_namespace(name: str) -> Optional[dict]:
    """The rule functions of the tables ``name`` by the names its productions call, from
    its kept plan while that is current; None otherwise."""
    try:
        tab_key = source_key(os.path.join(_HERE, name + ".py"))
    except OSError:
        return None
    plan = read_copy(_cache_paths(name + ".plan"), (_PLAN_VERSION, tab_key))
    if plan is None:
        return None
    keys, funcs = plan
    try:
        # the files are stat'ed where they are, not imported (the fold's module is
        # read only to compose the grammar)
        for filename, key in keys:
            if tuple(source_key(os.path.join(_HERE, filename))) != tuple(key):
                return None
        modules = {m: importlib.import_module(m) for m, _attr in funcs.values()}
        ns = {k: getattr(modules[m], attr) for k, (m, attr) in funcs.items()}
    except (OSError, ImportError, AttributeError, KeyError, TypeError, ValueError):
        return None
    ns["start"] = "file"
    return ns
