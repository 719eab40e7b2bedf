"""The machinery of the syntax tree: the :func:`node` decorator that makes a slotted
dataclass of each node class, the :class:`Node` base, side fields, extension records, and
the walks over a tree (:func:`children`, :func:`walk`, :func:`dump`).

Why a module of its own: the node classes (:mod:`unlev.lang.ast` for statements,
:mod:`unlev.lang.ast_expressions` for values) say *what* a des-file holds; this says how
every node behaves -- compared and printed as the dataclass it is, slotted so that a
stray attribute fails at once, walked the same way by the checker, the depth limit and
``unlev parse --ast``.  It follows no C function: lev_comp's parser builds opcodes, not a
tree.  Import the names from :mod:`unlev.lang.ast`, which re-exports them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, Tuple

from .diagnostics import Span



def side(default=None, factory=None):
    """A side field: what a pass after parsing records on a node (see the module
    docstring); ``factory`` for a mutable default."""
    meta = {"side": True}
    if factory is not None:
        return field(default_factory=factory, compare=False, repr=False, metadata=meta)
    return field(default=default, compare=False, repr=False, metadata=meta)


def _slots_of(cls) -> set:
    out = set()
    for base in cls.__mro__[1:]:
        out.update(getattr(base, "__slots__", ()))
    return out


def _key_of(names: Tuple[str, ...]):
    """A function giving the tuple of a node's ``names`` (what a dataclass's __eq__
    compares)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        name = names[0]
        return lambda n: (getattr(n, name),)
    return lambda n: ()


def _annotations_of(cls):
    """(name, declared type) of every field of ``cls``, its bases' first."""
    seen = {}
    for base in reversed(cls.__mro__):
        seen.update(base.__dict__.get("__annotations__", {}))
    return seen.items()


def node(cls):
    """``@dataclass`` with ``__slots__`` (Python 3.9 has no ``slots=True``): the class
    is made again with a slot per field it adds.

    The dataclass makes only ``__init__``: ``__eq__`` and ``__repr__`` are
    :class:`Node`'s, read from the class's ``_compared`` and ``_shown`` field names and
    answering what the dataclass's own would.  Compiling three methods for each of the
    ~90 node classes was most of this module's import (20 ms of every ``unlev`` run
    that parses).
    """
    if not cls.__dict__.get("__doc__"):
        # what the dataclass would write, without its inspect.signature() (a third of
        # what remained of the import): the class and its fields' declared types
        cls.__doc__ = (f"{cls.__name__}("
                       + ", ".join(f"{k}: {v}" for k, v in _annotations_of(cls)) + ")")
    cls = dataclass(cls, eq=False, repr=False)
    inherited = _slots_of(cls)
    extra = tuple(getattr(cls, "_extra_slots", ()))
    own = tuple(f.name for f in fields(cls) if f.name not in inherited) + extra
    ns = {k: v for k, v in cls.__dict__.items()
          if k not in own and k not in ("__dict__", "__weakref__", "_extra_slots")}
    ns["__slots__"] = own
    ns["_compared"] = staticmethod(_key_of(tuple(f.name for f in fields(cls) if f.compare)))
    ns["_shown"] = tuple(f.name for f in fields(cls) if f.repr)
    new = type(cls)(cls.__name__, cls.__bases__, ns)
    new.__qualname__ = cls.__qualname__
    return new


@node
class Node:
    span: Span
    # extension records (unlev.lang.extensions): plain slots, unset until recorded
    _extra_slots = ("ext", "ext_args")

    def __eq__(self, other):
        # a dataclass's: the same class, then the compared fields as a tuple
        if other.__class__ is self.__class__:
            return self._compared(self) == other._compared(other)
        return NotImplemented

    __hash__ = None     # as a dataclass with eq and without frozen: unhashable

    @recursive_repr()
    def __repr__(self):
        # a dataclass's: the class's qualified name and each shown field's repr
        return (f"{self.__class__.__qualname__}("
                + ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
                + ")")


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
_FIELD_NAMES: dict = {}


def _field_names(cls) -> tuple:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = tuple(f.name for f in fields(cls)
                      if f.name != "span" and not f.metadata.get("side"))
        _FIELD_NAMES[cls] = names
    return names


def children(node: Node) -> list:
    """Every direct child node of ``node`` (through lists, tuples and dicts), as a list:
    the checker and the depth limit walk every node of every file with it."""
    out: list = []
    for name in _field_names(type(node)):
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
        elif type(value) in _CONTAINERS:
            _nodes_in(value, out)
    return out


_CONTAINERS = (list, tuple, dict)


def _nodes_in(value, out: list) -> None:
    if isinstance(value, Node):
        out.append(value)
    elif type(value) is dict:
        for v in value.values():
            _nodes_in(v, out)
    elif type(value) in _CONTAINERS:
        for v in value:
            _nodes_in(v, out)


def walk(node: Node):
    """Pre-order walk over a subtree."""
    yield node
    for c in children(node):
        yield from walk(c)


def dump(node: Any, indent: int = 0, with_spans: bool = False) -> str:
    """A readable multi-line dump of a tree (``unlev parse --ast``)."""
    pad = "  " * indent
    if isinstance(node, Node):
        head = type(node).__name__
        if with_spans:
            head += f" @{node.span.line}:{node.span.col}"
        parts = []
        simple = []
        for f in fields(node):
            if f.name == "span" or f.metadata.get("side"):
                continue
            v = getattr(node, f.name)
            if isinstance(v, Node) or (isinstance(v, (list, tuple)) and any(isinstance(x, (Node, tuple)) for x in v)) or (isinstance(v, dict) and any(isinstance(x, Node) for x in v.values())):
                parts.append((f.name, v))
            else:
                simple.append(f"{f.name}={v!r}")
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


assert is_dataclass(Node)
