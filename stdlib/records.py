"""The methods a dataclass would write, without compiling them when the class is made.

Why a module of its own: ``@dataclass`` writes each method it adds as source text and
compiles it (``exec``) when the class is made: 0.3-1 ms a class, some 4 ms of every
``unlev check`` of a small file for the handful of value classes every run imports
(the limits, the compat sections, dialect detection's verdict, the lowering's rewrites).
Such a class is declared ``@record(frozen=...)`` over ``@dataclass(init=False,
repr=False, eq=False)`` -- still a dataclass to :func:`dataclasses.fields`,
:func:`dataclasses.replace` and :func:`dataclasses.asdict` -- with its own
``__init__`` (written out, parameters and defaults as its fields say), and gets here
the ``__repr__``, ``__eq__``, ``__hash__`` and, frozen, the ``__setattr__`` and
``__delattr__`` the dataclass would have made: the same results, the same errors.
``tests/test_records.py`` holds each such class to a plain dataclass of the same
fields.  It follows no C function.
"""

from __future__ import annotations

import dataclasses
from reprlib import recursive_repr


class _Factory:
    """The default of a parameter whose field's default is made per value (a
    ``default_factory``): an ``__init__`` written out tests ``is FACTORY`` and calls the
    factory; shown as a dataclass's signature shows it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<factory>"


FACTORY = _Factory()


def record(frozen: bool = False, repr: bool = True):
    """Give a dataclass declared with ``init=False, repr=False, eq=False`` the methods
    ``@dataclass(frozen=frozen, repr=repr)`` would give it (its ``__init__`` is its own;
    with ``repr=False`` so is its ``__repr__``)."""
    make_repr = repr

    def make(cls):
        fields = dataclasses.fields(cls)
        names = tuple(f.name for f in fields)
        shown = tuple(f.name for f in fields if f.repr)
        compared = tuple(f.name for f in fields if f.compare)
        hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))

        @recursive_repr()
        def __repr__(self):
            return (f"{self.__class__.__qualname__}("
                    + ", ".join(f"{n}={getattr(self, n)!r}" for n in shown) + ")")

        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return (tuple(getattr(self, n) for n in compared)
                        == tuple(getattr(other, n) for n in compared))
            return NotImplemented

        if make_repr:
            cls.__repr__ = __repr__
        cls.__eq__ = __eq__
        if frozen:
            def __hash__(self):
                return hash(tuple(getattr(self, n) for n in hashed))

            def __setattr__(self, name, value):
                if type(self) is cls or name in names:
                    raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
                super(cls, self).__setattr__(name, value)

            def __delattr__(self, name):
                if type(self) is cls or name in names:
                    raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
                super(cls, self).__delattr__(name)

            cls.__hash__ = __hash__
            cls.__setattr__ = __setattr__
            cls.__delattr__ = __delattr__
        else:
            cls.__hash__ = None     # eq without frozen: unhashable, as a dataclass
        for fn in ((__repr__,) if make_repr else ()) + (cls.__eq__, cls.__hash__) + (
                (cls.__setattr__, cls.__delattr__) if frozen else ()):
            if fn is not None:
                fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
        return cls
    return make
