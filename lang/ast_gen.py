"""The writer of the syntax tree's node classes: ``lang/ast_expressions.py`` and
``lang/ast.py`` from the declarations in ``lang/ast_spec.py``, and :func:`node`, which
makes a class declared at run time (a variant's extension statement) the same way.

Why a module of its own: made as dataclasses when the tree's modules were imported, the
~90 node classes cost every ``unlev`` run that parses some 15 ms (each dataclass
compiles its ``__init__`` from text, and ``dataclasses`` pulls in ``inspect``).  As
pycparser's ``_ast_gen.py`` writes ``c_ast.py`` from ``_c_ast.cfg``, this writes each
class out once, into modules that are committed: a slot per field, an ``__init__`` with
the declaration's parameters and defaults, a dataclass's ``__eq__`` (the same class,
then the compared fields as a tuple), the field lists
(:mod:`unlev.lang.ast_base` says which), and ``_children``, the field-by-field walk
:func:`unlev.lang.ast_base.children` returns.  It follows no C function.

    python -m unlev.lang.ast_gen            rewrite the two modules from the declarations
    python -m unlev.lang.ast_gen --check    exit 1, naming it, when either is stale

``tests/test_ast_nodes.py`` runs the check and holds each written class to its
declaration.
"""

from __future__ import annotations

import ast as pyast
import dataclasses
import io
import os
import sys
import tokenize

from .ast_base import CONTAINERS, FACTORY, SCALARS, Node, nodes_in

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = ("ast_expressions", "ast")     # the generated modules, values first
WIDTH = 92

# the names the generated code reads from unlev.lang.ast_base
_BASE_NAMES = ("CONTAINERS", "FACTORY", "Node", "SCALARS", "nodes_in")
_MUTABLE_FACTORIES = (list, dict, set)


class DeclarationError(Exception):
    """A declaration the generator cannot write out."""


# ----------------------------------------------------------------- reading the declarations
def _source_notes(source: str) -> dict:
    """{class name: (its docstring as written or None, {field: (annotation text,
    trailing comment)})} from a declarations module's text."""
    comments = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            comments[tok.start[0]] = tok.string
    notes = {}
    for cdef in pyast.parse(source).body:
        if not isinstance(cdef, pyast.ClassDef):
            continue
        doc = None
        body = cdef.body
        if body and isinstance(body[0], pyast.Expr) and isinstance(body[0].value, pyast.Constant) \
                and isinstance(body[0].value.value, str):
            doc = body[0].value.value
        fields = {}
        for st in body:
            if isinstance(st, pyast.AnnAssign) and isinstance(st.target, pyast.Name):
                text = pyast.get_source_segment(source, st.annotation)
                fields[st.target.id] = (text, comments.get(st.end_lineno))
        notes[cdef.name] = (doc, fields)
    return notes


def _default_text(f) -> str:
    """The default of an ``__init__`` parameter as source text."""
    if f.default_factory is not dataclasses.MISSING:
        if f.default_factory not in _MUTABLE_FACTORIES:
            raise DeclarationError(f"field {f.name!r}: a default factory must be one of "
                                   "list, dict, set")
        return "FACTORY"
    text = repr(f.default)
    try:
        same = pyast.literal_eval(text) == f.default
    except (ValueError, SyntaxError):
        same = False
    if not same:
        raise DeclarationError(f"field {f.name!r}: the default {text} is not a literal")
    return text


def _wrap(head: str, items, tail: str, indent: str) -> list:
    """``head + ", ".join(items) + tail`` as lines no wider than :data:`WIDTH`, the
    continuation lines under the first item."""
    lines, line = [], indent + head
    pad = " " * len(line)
    for i, item in enumerate(items):
        piece = item + (", " if i < len(items) - 1 else tail)
        if len(line) + len(piece.rstrip()) > WIDTH and line.strip() != head.strip():
            lines.append(line.rstrip())
            line = pad
        line += piece
    if not items:
        line += tail
    lines.append(line.rstrip())
    return lines


def _q(name: str) -> str:
    return f'"{name}"'


def _doc_lines(doc: str, indent: str) -> list:
    """A docstring as written (continuation lines keep their indentation)."""
    if '"""' in doc or doc.endswith(('"', "\\")):
        raise DeclarationError(f"docstring {doc[:30]!r}... cannot be written with triple quotes")
    return (indent + '"""' + doc + '"""').split("\n")


class _Lists:
    """The field lists of a declared class (:mod:`unlev.lang.ast_base` says what each is
    for) and those of the node class it extends."""

    def __init__(self, decl) -> None:
        fields = dataclasses.fields(decl)
        base_fields = dataclasses.fields(decl.__bases__[0])
        inherited = {f.name for f in base_fields}
        self.fields = fields
        self.own = [f.name for f in fields if f.name not in inherited]
        self.names = [f.name for f in fields]
        self.side = [f.name for f in fields if f.metadata.get("side")]
        self.compared = [f.name for f in fields if f.compare]
        self.shown = [f.name for f in fields if f.repr]
        self.walked = [n for n in self.names if n != "span" and n not in self.side]
        self.base_walked = [f.name for f in base_fields
                            if f.name != "span" and not f.metadata.get("side")]
        self.factories = {f.name: f.default_factory.__name__ for f in fields
                          if f.default_factory is not dataclasses.MISSING}


def _names_tuple(attribute: str, names) -> list:
    return _wrap(f"{attribute} = (", [_q(n) for n in names], ",)" if len(names) == 1 else ")",
                 "    ")


def _init_lines(lists: _Lists, fnotes: dict) -> list:
    """``__init__``: a dataclass's parameters and defaults (a default made per node is
    :data:`~unlev.lang.ast_base.FACTORY` in the signature, as a dataclass's is)."""
    params = []
    for f in lists.fields:
        p = f"{f.name}: {fnotes.get(f.name, (None, None))[0] or f.type}"
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            p += " = " + _default_text(f)
        params.append(p)
    out = _wrap("def __init__(", ["self"] + params, ") -> None:", "    ")
    for name in lists.names:
        if name in lists.factories:
            out.append(f"        self.{name} = {lists.factories[name]}() if {name} is FACTORY "
                       f"else {name}")
        else:
            out.append(f"        self.{name} = {name}")
    return out


def _eq_lines(compared) -> list:
    """A dataclass's ``__eq__``: the same class, then the compared fields as tuples."""
    comma = "," if len(compared) == 1 else ""
    mine = "(" + ", ".join(f"self.{n}" for n in compared) + comma + ")"
    theirs = "(" + ", ".join(f"other.{n}" for n in compared) + comma + ")"
    out = ["    def __eq__(self, other):", "        if other.__class__ is self.__class__:"]
    if len(mine) + len(theirs) + 19 <= WIDTH:
        out.append(f"            return {mine} == {theirs}")
    else:
        out += _wrap("return ((", [f"self.{n}" for n in compared], ")", "            ")
        out += _wrap("        == (", [f"other.{n}" for n in compared], "))", "            ")
    return out + ["        return NotImplemented", "", "    __hash__ = None"]


def _children_lines(walked) -> list:
    """``_children``: each walked field's value if it is a node, else the nodes inside
    it if it is a list, tuple or dict -- after one test that skips the plain values."""
    out = ["    def _children(self) -> list:"]
    if len(walked) == 1:
        return out + [f"        value = self.{walked[0]}",
                      "        if type(value) in SCALARS:",
                      "            return []",
                      "        if isinstance(value, Node):",
                      "            return [value]",
                      "        out: list = []",
                      "        if type(value) in CONTAINERS:",
                      "            nodes_in(value, out)",
                      "        return out"]
    out.append("        out: list = []")
    for name in walked:
        out += [f"        value = self.{name}",
                "        if type(value) not in SCALARS:",
                "            if isinstance(value, Node):",
                "                out.append(value)",
                "            elif type(value) in CONTAINERS:",
                "                nodes_in(value, out)"]
    return out + ["        return out"]


def class_source(decl, notes) -> str:
    """The code of the node class declared by dataclass ``decl`` (deriving from one node
    class); ``notes``: (its docstring as written or None, {field: (annotation text,
    comment)}), :func:`_source_notes` of the class."""
    doc, fnotes = notes
    lists = _Lists(decl)
    if doc is None:
        # what the dataclass machinery wrote for a class without one: its fields and
        # their declared types
        types: dict = {}
        for b in reversed(decl.__mro__):
            types.update(b.__dict__.get("__annotations__", {}))
        doc = f"{decl.__name__}(" + ", ".join(f"{k}: {v}" for k, v in types.items()) + ")"
    out = [f"class {decl.__name__}({decl.__bases__[0].__name__}):"]
    out += _doc_lines(doc, "    ") + [""]
    for f in lists.fields:
        if f.name in lists.own:
            text, comment = fnotes.get(f.name, (None, None))
            out.append(f"    {f.name}: {text or f.type}" + (f"  {comment}" if comment else ""))
    out += [""] if lists.own else []
    out += _names_tuple("__slots__", lists.own) + _names_tuple("__match_args__", lists.names)
    for attribute, names in (("_fields", lists.names), ("_compared", lists.compared),
                             ("_shown", lists.shown), ("_walked", lists.walked),
                             ("_side", lists.side)):
        out += _names_tuple(attribute, names)
    if lists.factories:
        out.append("    _factories = {" + ", ".join(
            f"{_q(k)}: {v}" for k, v in lists.factories.items()) + "}")
    out += [""] + _init_lines(lists, fnotes) + [""] + _eq_lines(lists.compared)
    if lists.walked != lists.base_walked:
        out += [""] + _children_lines(lists.walked)
    return "\n".join(out) + "\n"


def module_source(name: str) -> str:
    """The text of generated module ``name`` (``ast_expressions`` or ``ast``)."""
    from . import ast_spec
    with open(ast_spec.__file__, encoding="utf-8") as fh:
        notes = _source_notes(fh.read())
    values = [c.__name__ for c in ast_spec.VALUES]
    classes = ast_spec.VALUES if name == "ast_expressions" else ast_spec.STATEMENTS
    out = ['"""' + ast_spec.MODULE_DOCS[name] + '"""', "",
           "# GENERATED by lang/ast_gen.py from lang/ast_spec.py: do not edit by hand.", "",
           "from __future__ import annotations", ""]
    if name == "ast":
        out += ["from .ast_base import (  # noqa: F401  (re-exported: A.walk, A.dump...)",
                "    CONTAINERS, FACTORY, SCALARS, Node, add_ext_record, children, dump,",
                "    ext_records, field_names, nodes_in, side, walk)"]
        out.append("from .ast_expressions import (  # noqa: F401  (re-exported: A.Int, "
                   "A.SelRect...)")
        out += _wrap("", values, ")", "    ")
        out.append("from .diagnostics import Span  # noqa: F401  (the nodes' span type, "
                   "for A.Span readers)")
    else:
        out.append("from .ast_base import CONTAINERS, FACTORY, SCALARS, Node, nodes_in, side  "
                   "# noqa: F401")
    for cls in classes:
        out += ["", ""]
        out.append(class_source(cls, notes.get(cls.__name__)).rstrip("\n"))
    if name == "ast":
        out += ["", "", "def __getattr__(name: str):",
                '    # node(): a node class declared at run time, made as the ones above',
                '    if name == "node":',
                "        from .ast_gen import node",
                "        return node",
                '    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")']
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------- at run time
def node(cls):
    """A node class from a declaration made at run time (``@node`` over a class of
    annotated fields deriving from a node class): a dataclass reads the declaration,
    then the class is written and made as the generated ones are.  Methods and other
    attributes of the declaration are kept."""
    doc = cls.__dict__.get("__doc__")
    if doc is None:
        cls.__doc__ = cls.__name__   # (spares the dataclass its inspect.signature())
    decl = dataclasses.dataclass(cls)
    namespace = {name: globals()[name] for name in _BASE_NAMES}
    namespace[cls.__bases__[0].__name__] = cls.__bases__[0]
    source = "from __future__ import annotations\n" + class_source(
        decl, (doc, {}))
    exec(compile(source, f"<node {cls.__qualname__}>", "exec"), namespace)
    made = namespace[cls.__name__]
    fields = {f.name for f in dataclasses.fields(decl)}
    for key, value in cls.__dict__.items():
        if key not in made.__dict__ and key not in fields and not key.startswith("__dataclass") \
                and key not in ("__dict__", "__weakref__"):
            setattr(made, key, value)
    made.__module__ = cls.__module__
    made.__qualname__ = cls.__qualname__
    return made


# ----------------------------------------------------------------- the command
def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m unlev.lang.ast_gen",
                                 description="Write the syntax tree's node classes from "
                                 "lang/ast_spec.py.")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1, naming it, when a module is stale")
    check = ap.parse_args(argv).check
    stale = []
    for name in MODULES:
        path = os.path.join(HERE, name + ".py")
        text = module_source(name)
        try:
            with open(path, encoding="utf-8") as fh:
                old = fh.read()
        except FileNotFoundError:
            old = None
        if old == text:
            continue
        if check:
            stale.append(path)
        else:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(text)
            print(f"wrote {path}")
    for path in stale:
        print(f"{path} is stale: run python -m unlev.lang.ast_gen", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":      # pragma: no cover
    sys.exit(main())
