"""UnNetHack 3.5's des-file dialect: the first releases of the new lev_comp
(``util/lev_comp.y`` of UnNetHack 3.5.3, 2010), written as the shared grammar plus
what that compiler took and the later one no longer does.

What differs, all of it here:

* a chance before the colon of MONSTER, OBJECT, CONTAINER, TRAP and TERRAIN
  (``MONSTER[50%]: ('h', "mind flayer"), random``): lev_comp 3.5 wrapped the statement
  in an IF, as ``[50%]: MONSTER: ...`` does now;
* REGION's and ROOM's flags were ``filled`` then a boolean for ``irregular``
  (``REGION:(4,3,6,6),unlit,"ordinary",unfilled,true``; lev_comp's ``prefilled``), and
  a ROOM took a bare boolean for filled (``roomfill``);
* ``WALLIFY:`` took a region (``WALLIFY:(1,0,70,20)``), the later one a selection.

The releases before it (3.5.1, 3.5.2) use NetHack 3.4.3's compiler (``--dialect
nethack343``); 5.x and later read as ``unnethack``.
"""

from __future__ import annotations

from . import ast as A
from . import grammar as G
from .grammar_compose import compose, extended, rule_function

NAME = "unnethack35"


def _chance(p, extras):
    """``STMT[N%]:`` is ``[N%]: STMT:``: the statement inside a Chance."""
    cond = extras[0]
    p[0] = A.Chance(cond.span, cond, p[0])


def _prefilled(p):
    """``, FILLING`` and ``, FILLING, BOOLEAN`` (irregular), as the flags node the
    shared rule makes (bits: 1 filled, 2 irregular)."""
    bits = p[2] | ((1 if len(p) > 3 and p[4] else 0) << 1)
    p[0] = A.RoomFlags(G.span_of(p, 2), filled=bits & 1, irregular=(bits >> 1) & 1, joined=1)


def _roomfill(p):
    p[0] = A.RoomFlags(G.span_of(p, 2), filled=1 if p[2] else 0, irregular=0, joined=1)


def _wallify_region(p):
    sel = A.SelRect(G.span_of(p, 3), p[3], True)
    p[0] = A.Wallify(G.span_of(p), sel)


def _rules():
    out = []
    mon = "MONSTER_ID ':' monster_or_var ',' coord_or_var"
    for lhs, alt in (("monster_detail", mon),
                     ("monster_detail", mon + " monster_infos"),
                     ("monster_detail", mon + " stmt_block"),
                     ("monster_detail", mon + " monster_infos stmt_block"),
                     ("object_detail", "OBJECT_ID ':' object_or_var"),
                     ("object_detail", "OBJECT_ID ':' object_or_var object_infos"),
                     ("object_detail", "COBJECT_ID ':' object_or_var stmt_block"),
                     ("object_detail", "COBJECT_ID ':' object_or_var object_infos stmt_block"),
                     ("trap_detail", "TRAP_ID ':' trap_name ',' coord_or_var"),
                     ("terrain_detail", "TERRAIN_ID ':' ter_selection ',' mapchar_or_var")):
        fname = "p_old_chance_" + "_".join(w.lower() for w in alt.split() if w[0].isalpha())
        out.append(extended(G, lhs, alt, {1: ["comparestmt"]}, fname, _chance))
    out.append(rule_function("p_old_prefilled", "optroomregionflags : ',' FILLING\n"
                             "    | ',' FILLING ',' BOOLEAN", _prefilled))
    out.append(rule_function("p_old_roomfill", "optroomregionflags : ',' BOOLEAN", _roomfill))
    out.append(rule_function("p_old_wallify", "wallify_detail : WALLIFY_ID ':' region_or_var",
                             _wallify_region))
    return out


# the later flag list ("filled, irregular, joined") takes the place the old rules need
DROP = ["optroomregionflags : ',' roomregionflags", "roomregionflags", "roomregionflag",
        "wallify_detail : WALLIFY_ID ':' ter_selection"]

GRAMMAR = None


def grammar():
    """The composed UnNetHack 3.5 grammar namespace (built once)."""
    global GRAMMAR
    if GRAMMAR is None:
        GRAMMAR = compose(G, drop=DROP, extra=_rules())
    return GRAMMAR
