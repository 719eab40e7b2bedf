"""The machinery of the syntax tree: the :class:`Node` base, side fields, extension
records, and the walks over a tree (:func:`children`, :func:`walk`, :func:`dump`).

Why a module of its own: the node classes (:mod:`unlev.lang.ast` for statements,
:mod:`unlev.lang.ast_expressions` for values, both written by :mod:`unlev.lang.ast_gen`
from the declarations in :mod:`unlev.lang.ast_spec`) say *what* a des-file holds; this
says how every node behaves -- compared and printed as the dataclass it is declared as,
slotted so that a stray attribute fails at once, walked the same way by the checker, the
depth limit and ``unlev parse --ast``.  It follows no C function: lev_comp's parser
builds opcodes, not a tree.  Import the names from :mod:`unlev.lang.ast`, which
re-exports them.

Each generated class carries its field lists: ``_fields`` (every field, in order),
``_compared`` (what ``__eq__`` compares), ``_shown`` (what ``repr`` shows), ``_walked``
(what :func:`children` and :func:`dump` look in: neither the span nor a side field),
``_side`` (the side fields) and ``_factories`` (a default made per node, ``{}`` or
``[]``); its ``_children()`` lists its child nodes.  :func:`dataclasses.fields` and
:func:`dataclasses.is_dataclass` still answer for a node class: its
``__dataclass_fields__`` is a plain dataclass of the same fields, made on the first
question (no run of ``unlev`` asks).
"""

from __future__ import annotations

from operator import methodcaller
from reprlib import recursive_repr

from ..stdlib.records import FACTORY


# FACTORY: the default of a parameter whose field's default is made per node (``attrs``
# of a MONSTER: a new dict each time), shown as a dataclass shows it


def side(default=None, factory=None):
    """A side field (in a declaration): what a pass after parsing records on a node --
    not compared, not shown, not walked; ``factory`` for a mutable default."""
    from dataclasses import field
    meta = {"side": True}
    if factory is not None:
        return field(default_factory=factory, compare=False, repr=False, metadata=meta)
    return field(default=default, compare=False, repr=False, metadata=meta)


_TWINS: dict = {}


def _twin(cls):
    """A plain dataclass with the fields of node class ``cls`` (names, declared types,
    defaults, compare/repr flags, side fields' metadata), made once, for
    :func:`dataclasses.fields` and friends."""
    twin = _TWINS.get(cls)
    if twin is None:
        import dataclasses
        types: dict = {}
        for base in reversed(cls.__mro__):
            types.update(base.__dict__.get("__annotations__", {}))
        init = cls.__init__
        names = init.__code__.co_varnames[1:init.__code__.co_argcount]
        given = init.__defaults__ or ()
        defaults = dict(zip(names[len(names) - len(given):], given))
        spec = []
        for name in cls._fields:
            kw = {}
            if name in cls._side:
                kw = {"compare": False, "repr": False, "metadata": {"side": True}}
            else:
                kw = {"compare": name in cls._compared, "repr": name in cls._shown}
            if defaults.get(name, None) is FACTORY:
                kw["default_factory"] = cls._factories[name]
            elif name in defaults:
                kw["default"] = defaults[name]
            spec.append((name, types.get(name, "object"), dataclasses.field(**kw)))
        twin = _TWINS[cls] = dataclasses.make_dataclass(cls.__name__, spec, eq=False,
                                                        repr=False)
    return twin


class _Declared:
    """A node class's ``__dataclass_fields__`` (or ``__dataclass_params__``): its
    :func:`_twin`'s."""

    def __init__(self, attribute: str) -> None:
        self.attribute = attribute

    def __get__(self, instance, owner):
        return getattr(_twin(owner), self.attribute)


class Node:
    """Every node: ``span``, where it starts in its file; ``ext``/``ext_args``, its
    extension records (unlev.lang.extensions: plain slots, unset until recorded)."""

    span: Span

    __slots__ = ("span", "ext", "ext_args")
    __match_args__ = ("span",)
    _fields = ("span",)
    _compared = ("span",)
    _shown = ("span",)
    _walked = ()
    _side = ()
    _factories: dict = {}

    __dataclass_fields__ = _Declared("__dataclass_fields__")
    __dataclass_params__ = _Declared("__dataclass_params__")

    def __init__(self, span: Span) -> None:
        self.span = span

    def __eq__(self, other):
        # a dataclass's: the same class, then the compared fields as a tuple (each
        # generated class has its own, written out)
        if other.__class__ is self.__class__:
            return ([getattr(self, name) for name in self._compared]
                    == [getattr(other, name) for name in self._compared])
        return NotImplemented

    __hash__ = None     # as a dataclass with eq and without frozen: unhashable

    @recursive_repr()
    def __repr__(self):
        # a dataclass's: the class's qualified name and each shown field's repr
        return (f"{self.__class__.__qualname__}("
                + ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
                + ")")

    def _children(self) -> list:
        return []


def ext_records(n: "Node", name: str = "ext") -> list:
    """The extension records a node holds (``ext`` or ``ext_args``), [] when none."""
    return getattr(n, name, None) or []


def add_ext_record(n: "Node", name: str, record) -> None:
    """Append to a node's extension records, making the list on first use."""
    try:
        getattr(n, name).append(record)
    except AttributeError:
        setattr(n, name, [record])


# ----------------------------------------------------------------- utilities
def field_names(node) -> tuple:
    """Every field of a node (or node class), in order: the span and side fields too."""
    return node._fields


# children(node): every direct child node of ``node`` (through lists, tuples and dicts),
# as a list: the checker and the depth limit walk every node of every file with it.
# Each class's ``_children`` is written out by the generator: for each walked field, in
# order, the value if it is a node, else the nodes inside it (:func:`nodes_in`) if it is
# a list, tuple or dict.  A method caller, not a function: no Python call of its own
# around the class's method (a check walks some 34,000 nodes on the UnNetHack corpus).
children = methodcaller("_children")


def walked_fields(kind: type) -> tuple:
    """The fields of node class ``kind`` that :func:`children` and :func:`dump` look in."""
    return kind._walked


CONTAINERS = (list, tuple, dict)
# the values a field holds most often, which hold no node: the generated walks test a
# field's value against these first, and only then against Node and CONTAINERS
SCALARS = frozenset((str, int, bool, type(None)))


def nodes_in(value, out: list) -> None:
    """Append to ``out`` the nodes in ``value``: itself, or those inside it (lists,
    tuples and dicts' values, at any depth)."""
    if isinstance(value, Node):
        out.append(value)
    elif type(value) is dict:
        for v in value.values():
            nodes_in(v, out)
    elif type(value) in CONTAINERS:
        for v in value:
            nodes_in(v, out)


def walk(node: Node):
    """Pre-order walk over a subtree."""
    yield node
    for c in node._children():
        yield from walk(c)


def dump(node, indent: int = 0, with_spans: bool = False) -> str:
    """A readable multi-line dump of a tree (``unlev parse --ast``)."""
    pad = "  " * indent
    if isinstance(node, Node):
        head = type(node).__name__
        if with_spans:
            head += f" @{node.span.line}:{node.span.col}"
        parts = []
        simple = []
        for name in node._walked:
            v = getattr(node, name)
            if isinstance(v, Node) or (isinstance(v, (list, tuple)) and any(isinstance(x, (Node, tuple)) for x in v)) or (isinstance(v, dict) and any(isinstance(x, Node) for x in v.values())):
                parts.append((name, v))
            else:
                simple.append(f"{name}={v!r}")
        out = pad + head + ("(" + ", ".join(simple) + ")" if simple else "")
        for name, v in parts:
            out += "\n" + pad + f"  {name}:"
            if isinstance(v, Node):
                out += "\n" + dump(v, indent + 2, with_spans)
            elif isinstance(v, dict):
                for k, x in v.items():
                    out += "\n" + pad + f"    {k}: " + (("\n" + dump(x, indent + 3, with_spans)) if isinstance(x, Node) else repr(x))
            else:
                for x in v:
                    out += "\n" + dump(x, indent + 2, with_spans)
        return out
    if isinstance(node, tuple):
        return pad + "(" + ", ".join(dump(x, 0, with_spans).strip() for x in node) + ")"
    return pad + repr(node)
