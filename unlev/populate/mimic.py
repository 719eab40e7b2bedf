"""What a new mimic pretends to be (makemon.c ``set_mimic_sym``), with the game's draws.

Why a module of its own: _makemon() calls set_mimic_sym() for every mimic it makes,
and the choice draws from the monster stream (a random object class and a whole
mkobj() of it, which is made and thrown away; a random monster for a statue, corpse,
egg or tin) -- under ``--compat game`` every one of those draws must be made, or
every monster after the first mimic of a level is another one.  The level records
only a shop mimic's look (``appear_as``, :mod:`unlev.populate.shops`); this module
returns the look as a name and leaves the recording to the caller.
"""

from __future__ import annotations

from typing import Optional

from unlev.model.constants import DELPHI, ROOMOFFSET, SHOPBASE, TEMPLE, VAULT, ZOO
from unlev.model.level import Object
from unlev.populate import food, mksobj
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG

# makemon.c syms[]: the stairs (two entries), ring, wand, weapon, food, coin, scroll,
# potion, armour, amulet, tool, rock, gem, spellbook, and the mimic's own ']' twice
_SYMS = ("upstair", "dnstair", "=", "/", ")", "%", "$", "?", "!", "[", '"', "(", "`",
         "*", "+", "]", "]")
_DOOR_LEFT = ("HWALL", "TLCORNER", "TRWALL", "BLCORNER", "TDWALL", "CROSSWALL", "TUWALL")
_BY_MONSTER = ("statue", "figurine", "corpse", "egg", "tin")


def _is_door_or_wall(typ: int) -> bool:
    return typ in (T.DOOR, T.SDOOR, T.SCORR) or T.is_wall(typ)


def _shop_item(rt: int, rng: RNG):
    """shknam.c get_shop_item() for shop type ``rt - SHOPBASE``: (name, class)."""
    types = data.shop_types()
    i = rt - SHOPBASE
    if not 0 <= i < len(types):
        return None, None
    j = rng.rnd(100)
    rows = types[i].stock
    row = rows[-1]
    for r in rows:
        j -= r.prob
        if j <= 0:
            row = r
            break
    return row.obj, row.cls


def set_mimic_sym(st, mon, rng: RNG) -> Optional[str]:
    """The look set_mimic_sym() gives the mimic on its square; the draws on ``rng``
    (the monster stream inside makemon)."""
    from unlev.populate.make import init_object
    level = st.level
    x, y = mon.x, mon.y
    typ = st.typ(x, y)
    rno = level.roomno_at(x, y) - ROOMOFFSET
    room = level.room_by_roomno(rno + ROOMOFFSET) if rno >= 0 else None
    rt = room.rtype if room is not None else 0
    pctx = st.population_context()
    here = [o for o in level.objects if o.x == x and o.y == y and not o.buried]
    if here:
        return str(here[-1].id)
    if _is_door_or_wall(typ):
        return "door"
    if level.flags.is_maze_lev and not level.context.in_sokoban and rng.rn2(2):
        appear = "statue"
    elif rno < 0 and st.trap_at(x, y) is None:
        return "boulder"
    elif rt in (ZOO, VAULT):
        return "gold piece"
    elif rt == DELPHI:
        if not rng.rn2(2):
            return "fountain"
        appear = "statue"
    elif rt == TEMPLE:
        return "altar"
    else:
        sym = None
        if rt >= SHOPBASE:
            name, sym = _shop_item(rt, rng)
            if name is not None:
                appear = name
                sym = "named"
            elif sym is None:
                sym = _SYMS[rng.rn2(len(_SYMS) - 2) + 2]
        else:
            sym = _SYMS[rng.rn2(len(_SYMS))]
        if sym == "named":
            pass
        elif sym in ("upstair", "dnstair"):
            return sym
        elif sym == "]":
            return "strange object"
        elif sym == "$":
            return "gold piece"
        else:
            # mkobj(class, FALSE): made with its set-up, then thrown away
            kind = pctx.random_object(rng, sym)
            thrown = Object(x, y, kind.name or kind.description, attrs={"class": sym})
            mksobj.next_ident(rng)
            init_object(st, thrown, kind, rng)
            appear = str(thrown.id)
    if appear in _BY_MONSTER:
        pm = pctx.rndmonnum(st.mon_rng)
        if pm is not None:
            if appear == "corpse" and "G_NOCORPSE" in pm.gen_flags:
                first = data.monster_named("archeologist").index
                last = data.monster_named("wizard").index
                rng.rn1(last - first + 1, first)
            elif appear == "egg":
                food.can_be_hatched(pm, rng)
    return appear
