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
from .diagnostics import Span

VAR_TYPES = {"INT": "int", "STRING": "string", "COORD": "coord", "REGION": "region",
             "MAPCHAR": "mapchar", "MONST": "monster", "OBJ": "object", "SEL": "selection"}


def span_of(p, i=1):
    """The span of symbol ``i`` of production ``p`` (``DesParser.span_at``): a token's
    place, or the span of the node a nonterminal built.  Nearly every node of a parse
    gets one, so a token's span is made here without further calls, with its position
    in the text in place of its column, which is worked out when it is read
    (:meth:`unlev.lang.diagnostics.Span.__getattr__`: most spans of a check are never
    read)."""
    sym = p.stack[i] if i < 0 else p.slice[i]
    try:
        line = sym.lineno                   # a token, or a symbol carry() placed
    except AttributeError:
        line = 0
    if not line:
        # A nonterminal: PLY tracks no positions (tracking is off for speed), but
        # the node it built knows its span.
        value = getattr(sym, "value", None)
        if isinstance(value, A.Node):
            return value.span
        if isinstance(value, (list, tuple)) and value and isinstance(value[0], A.Node):
            return value[0].span
        return p.parser.owner.last_span()
    text = getattr(sym, "text", None)
    lx = p.parser.owner.lexers[-1].inner    # the owner's lexer.inner, one call less
    # the fields written one by one, as Span.__init__ does, without its call
    span = _new_span(Span)
    d = span.__dict__
    d["file"] = lx.filename
    d["line"] = line
    d["_at"] = lx.columns
    d["_pos"] = sym.lexpos
    d["length"] = (len(text) or 1) if text.__class__ is str else 1
    return span


_new_span = object.__new__


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
    s = p.slice
    if len(s) <= k:
        return  # an empty alternative has no position of its own
    sym = s[k]
    line = getattr(sym, "lineno", 0)
    if line:
        top = s[0]
        top.lineno = line
        top.lexpos = sym.lexpos
        top.text = getattr(sym, "text", None)
