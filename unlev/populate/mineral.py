"""Kelp, gold and gems in the rock: mklev.c ``mineralize``, run by MINERALIZE and on
every new level once the loader is done.

Why a module of its own: mineralize() is both a statement and one of mklev()'s
finishing steps (:func:`unlev.generate.build.build_level` calls it after the script),
with its own rules about which levels it skips.
"""

from __future__ import annotations


from unlev.populate.mksobj import next_ident
from unlev.populate import kinds
from unlev.stdlib import terrain as T
from unlev.stdlib.builtins import c_div as _cdiv
from unlev.stdlib.rng import RNG
from unlev.model.level import (
    COLNO, ROWNO, W_NONDIGGABLE, Level,
)
from unlev.populate.make import (
    add_object, new_object,
    object_kind,
)

from unlev.populate.context import MakeContext

_FILLER_SUFFIXES = ("fill", "fil", "fila", "filb")



def do_mineralize(st: MakeContext, kelp_pool=-1, kelp_moat=-1, gold_prob=-1, gem_prob=-1):
    mineralize(st.level, st.rng, kelp_pool, kelp_moat, gold_prob, gem_prob,
               skip_lvl_checks=True)


def is_special_level(level: Level) -> bool:
    """Is_special(): the level is one of the dungeon's special levels (not a filler).
    ``context.is_special`` says it; unknown, fillers are told by their names."""
    known = level.context.is_special
    if known is not None:
        return bool(known)
    return not level.name.endswith(_FILLER_SUFFIXES)


def mineralize(level: Level, rng: RNG, kelp_pool: int = -1, kelp_moat: int = -1,
               goldprob: int = -1, gemprob: int = -1, skip_lvl_checks: bool = False) -> None:
    """mklev.c mineralize(): kelp in pools and moats, then gold and gems in solid rock
    (a third of them buried).  mklev() runs it on every new level, where it gives up
    on special levels (the Oracle and the Mines' non-town levels excepted), in
    Gehennom, Vlad's Tower and on arboreal levels; MINERALIZE runs it unchecked."""
    ctx = level.context
    if not skip_lvl_checks and ctx.in_endgame:
        return
    _kelp(level, rng, 10 if kelp_pool < 0 else kelp_pool, 30 if kelp_moat < 0 else kelp_moat)
    if not skip_lvl_checks and _no_minerals(level):
        return
    if goldprob < 0:
        goldprob = 20 + _cdiv(ctx.depth, 3)
    if gemprob < 0:
        gemprob = goldprob // 4
    if not skip_lvl_checks:
        if ctx.in_mines:
            goldprob *= 2
            gemprob *= 3
        elif ctx.dungeon_name == "The Quest":
            goldprob //= 4
            gemprob //= 6
    typ, flg = level.typ, level.flg
    for x in range(2, COLNO - 2):
        y = 1
        while y < ROWNO - 1:
            if typ[x * ROWNO + y + 1] != T.STONE:
                y += 3
                continue
            if typ[x * ROWNO + y] != T.STONE:
                y += 2
                continue
            if (not flg[x * ROWNO + y] & W_NONDIGGABLE
                    and all(typ[(x + dx) * ROWNO + y + dy] == T.STONE
                            for dx, dy in ((0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0),
                                           (1, 1), (-1, 1)))):
                _minerals_at(level, rng, x, y, goldprob, gemprob)
            y += 1


def _kelp(level: Level, rng: RNG, kelp_pool: int, kelp_moat: int) -> None:
    """mineralize()'s kelp: a frond 1 in ``kelp_pool`` on each pool square, 1 in
    ``kelp_moat`` on each moat square."""
    typ = level.typ
    for x in range(2, COLNO - 2) if (T.POOL in typ or T.MOAT in typ) else ():
        for y in range(1, ROWNO - 1):
            t = typ[x * ROWNO + y]
            if (kelp_pool and t == T.POOL and not rng.rn2(kelp_pool)) or \
                    (kelp_moat and t == T.MOAT and not rng.rn2(kelp_moat)):
                # mksobj_at(KELP_FROND, init=TRUE): its id, then mksobj's rnd(2) quantity
                next_ident(rng)
                add_object(level, x, y, object_kind("kelp frond"), "mineralize",
                           quantity=rng.rnd(2))


def _no_minerals(level: Level) -> bool:
    """Where mklev()'s mineralize() gives up after the kelp: Gehennom, Sheol, Vlad's
    Tower, arboreal levels, special levels but the Oracle and the Mines' filler."""
    ctx = level.context
    return (ctx.dungeon_name in ("Gehennom", "Sheol", "Vlad's Tower") or level.flags.arboreal
            or (is_special_level(level) and level.name != "oracle"
                and (not ctx.in_mines or bool(level.town))))


def _minerals_at(level: Level, rng: RNG, x: int, y: int, goldprob: int, gemprob: int) -> None:
    """mineralize() on one square closed in by rock: gold ``goldprob`` in 1000, gems
    ``gemprob`` in 1000, each buried 1 time in 3."""
    ctx = level.context
    if rng.rn2(1000) < goldprob:
        next_ident(rng)                 # mksobj(GOLD_PIECE)'s id
        quan = 1 + rng.rnd(goldprob * 3)
        buried = not rng.rn2(3)
        level.objects.append(new_object(x, y, object_kind("gold piece"), "mineralize",
                                        buried=buried, quantity=quan))
    if rng.rn2(1000) < gemprob:
        for _ in range(rng.rnd(2 + ctx.dunlev // 3)):
            gem = kinds.random_object(rng, "*", ledger_no=ctx.ledger)
            next_ident(rng)             # mksobj()'s id
            # mksobj()'s quantity draw for gems
            if gem.name == "rock":
                rng.rn1(6, 6)
                continue
            quan = 1
            if gem.name not in ("loadstone", "luckstone") and not rng.rn2(6):
                quan = 2
            buried = not rng.rn2(3)
            # mksobj(init)'s GEM_CLASS: a loadstone is cursed
            extra = {"curse": "cursed"} if gem.name == "loadstone" else {}
            level.objects.append(new_object(x, y, gem, "mineralize", buried=buried,
                                            quantity=quan, **extra))
