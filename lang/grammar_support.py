"""What every rule action of the shared des-file grammar uses.

Why a module of its own: the shared grammar (UnNetHack's ``util/lev_comp.y``) is written
in four modules by statement family (:mod:`unlev.lang.grammar` for the file, variables,
functions and flow control; ``grammar_statements``, ``grammar_contents`` and
``grammar_values``), and their actions share these few helpers: the position of a
symbol, the :class:`unlev.lang.parser.DesParser` that owns the parse, and the typed
variable nodes that lev_comp's ``VARSTRING_*`` tokens become.
"""

from __future__ import annotations

from . import ast as A

VAR_TYPES = {"INT": "int", "STRING": "string", "COORD": "coord", "REGION": "region",
             "MAPCHAR": "mapchar", "MONST": "monster", "OBJ": "object", "SEL": "selection"}


def span_of(p, i=1):
    """The span of symbol ``i`` of production ``p``."""
    return p.parser.owner.span_at(p, i)


def var_node(p, i):
    """The variable of symbol ``i``, a ``VARSTRING_<TYPE>[_ARRAY]`` token, typed."""
    tokname = p.slice[i].type  # VARSTRING_INT_ARRAY ...
    core = tokname[len("VARSTRING_"):]
    is_array = core.endswith("_ARRAY")
    if is_array:
        core = core[: -len("_ARRAY")]
    return A.Var(span_of(p, i), p[i], VAR_TYPES[core], is_array)


def owner(p):
    """The :class:`~unlev.lang.parser.DesParser` running this parse."""
    return p.parser.owner


def carry(p, k=1):
    """Give the nonterminal being built the position of symbol ``k`` (PLY does not
    track nonterminal positions with tracking off), so errors about it point home."""
    if len(p.slice) <= k:
        return  # an empty alternative has no position of its own
    sym = p.slice[k]
    line = getattr(sym, "lineno", 0)
    if line:
        p.slice[0].lineno = line
        p.slice[0].lexpos = sym.lexpos
        p.slice[0].text = getattr(sym, "text", None)
