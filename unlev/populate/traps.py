"""trap.c maketrap(): a trap on a square, and the objects some traps bring.

Why this module exists: making a trap replaces an older one (never a portal or the
vibrating square), is refused on stairs, altars and the like, and turns the floor of
pits and holes into plain floor or corridor; a statue trap is a statue of a random monster standing on the
trap, a rolling boulder trap has its boulder waiting a few squares away (with, now
and then, what is left of an unlucky archeologist), and these objects are part of
the level whoever asked for the trap (TRAP statement, random traps, maze stocking).

The statue trap's statue holds what its monster was born with (trap.c maketrap()
makes the monster, moves its inventory into the statue and removes it).
"""

from __future__ import annotations

from typing import Optional, Tuple

from unlev.model.level import COLNO, D_CLOSED, D_LOCKED, ROWNO, Trap, isok
from unlev.populate.make import add_object, make_object, new_object, object_kind
from unlev.populate.mksobj import next_ident
from unlev.populate import food, inventory
from unlev.populate import makemon
from unlev.populate.makemon import where_of
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.populate.context import MakeContext

# xdir[] / ydir[] of decl.c: W, NW, N, NE, E, SE, S, SW
_XDIR = (-1, -1, 0, 1, 1, 1, 0, -1)
_YDIR = (0, -1, -1, -1, 0, 1, 1, 1)


def statue_trap_statue(st: MakeContext, x: int, y: int) -> None:
    """trap.c maketrap(STATUE_TRAP): a statue of rndmonnum()'s monster (ten tries to
    avoid a unicorn of the hero's alignment), drawn from the monster stream, made
    without mksobj's init (no statue spellbook) and filled with the monster's gear."""
    pctx = st.population_context()
    mrng = st.mon_rng
    hero = getattr(st.run_context, "alignment", 0)
    pm = None
    for _ in range(10):
        pm = pctx.rndmonnum(mrng)
        if pm is None:
            break
        unicorn = pm.class_name == "S_UNICORN" and "M2_JEWELS" in pm.m2
        if not (unicorn and (hero > 0) - (hero < 0) == (pm.alignment > 0) - (pm.alignment < 0)):
            break
    # mkcorpstat(STATUE, NULL, mptr, x, y, CORPSTAT_NONE): mksobj_at without init (its
    # id; no spellbook of its own), whose statue still gets rndmonnum()'s monster
    # before mkcorpstat puts mptr in its place
    statue = new_object(x, y, object_kind("statue"), "statue trap",
                        montype=pm.name if pm is not None else None)
    next_ident(st.rng)
    pctx.rndmonnum(mrng)
    st.level.objects.append(statue)
    if pm is not None:
        # makemon(&mons[corpsenm], 0, 0, MM_NOCOUNTBIRTH) on a random good square, its
        # inventory moved into the statue, the monster removed (mongone: nothing left
        # to draw for)
        mon = makemon.makemon_anywhere(st, pm, "statue trap")
        if mon is not None:
            st.level.monsters.remove(mon)
            statue.contents.extend(mon.attrs.get("inventory") or [])


def _clear_path(st: MakeContext, x: int, y: int, distance: int, dx: int, dy: int) -> Tuple[bool, int, int]:
    """trap.c isclearpath(): nothing solid and no closed door for ``distance`` steps."""
    level = st.level
    while distance > 0:
        distance -= 1
        x += dx
        y += dy
        if not isok(x, y):
            return False, x, y
        t = level.typ_at(x, y)
        if t < T.POOL or (t == T.DOOR and level.doormask_at(x, y) & (D_LOCKED | D_CLOSED)):
            return False, x, y
    return True, x, y


def mkroll_launch(st: MakeContext, trap: Trap, x: int, y: int, rng: RNG) -> None:
    """trap.c mkroll_launch() for a rolling boulder trap: a boulder 2..8 squares
    away on a line that is clear both ways (not on water or lava); the trap's launch
    points are where it starts and where it rolls to.  No room: the trap has no
    boulder and launches from itself."""
    distance = rng.rn1(5, 4)
    tmp = rng.rn2(8)
    trycount = 0
    success = False
    cc = bcc = (x, y)
    while distance >= 2:
        dx, dy = _XDIR[tmp], _YDIR[tmp]
        tx, ty = x + distance * dx, y + distance * dy
        if st.is_pool(tx, ty) or st.is_lava(tx, ty):
            success = False
        else:
            success, cx, cy = _clear_path(st, x, y, distance, dx, dy)
            if success:
                cc = (cx, cy)
        other, bx, by = _clear_path(st, x, y, distance, -dx, -dy)
        if other:
            bcc = (bx, by)
        else:
            success = False
        if success:
            break
        tmp = 0 if tmp + 1 > 7 else tmp + 1
        trycount += 1
        if trycount % 8 == 0:
            distance -= 1
    level = st.level
    if not success:
        cc = bcc = (x, y)
    else:
        if rng.rnf(1, 10):
            # mkcorpstat(CORPSE, 0, archeologist, init): a random corpse made and renamed
            body = make_object(st, cc[0], cc[1], object_kind("corpse"),
                               "rolling boulder trap", rng)
            if food.special_corpse(body.attrs.get("montype")):
                food.corpse_timer("archeologist", rng)
            body.attrs["montype"] = "archeologist"
            make_object(st, cc[0], cc[1], object_kind("fedora"), "rolling boulder trap", rng)
            if rng.rnf(1, 3):
                make_object(st, cc[0], cc[1], object_kind("bullwhip"),
                            "rolling boulder trap", rng)
        next_ident(rng)                          # mksobj(BOULDER, TRUE, FALSE)
        add_object(level, cc[0], cc[1], object_kind("boulder"), "rolling boulder trap")
    trap.launch = cc
    trap.launch2 = bcc


def maketrap(st: MakeContext, x: int, y: int, kind) -> Optional[Trap]:
    lev = st.level
    if not (0 <= x < COLNO and 0 <= y < ROWNO):
        return None
    old = st.trap_at(x, y)
    i = x * ROWNO + y
    t = lev.typ[i]
    if old is not None:
        if old.ttyp in ("MAGIC_PORTAL", "VIBRATING_SQUARE"):
            return None
        trap = old
        trap.ttyp = kind.name
    elif T.STAIRS <= t <= T.ALTAR and (t != T.GRAVE or kind.name not in ("PIT", "HOLE")):
        return None
    else:
        trap = Trap(x, y, kind.name)
        lev.traps.append(trap)
    trap.is_pit = kind.name in ("PIT", "SPIKED_PIT")
    trap.attrs["des_name"] = kind.des_name
    if kind.name == "STATUE_TRAP":
        statue_trap_statue(st, x, y)
    elif kind.name == "ROLLING_BOULDER_TRAP":
        mkroll_launch(st, trap, x, y, st.rng)
    if kind.name in ("PIT", "SPIKED_PIT", "HOLE", "TRAPDOOR"):
        lev.flg[i] = 0
        if t >= T.ROOM:
            lev.typ[i] = T.ROOM
        elif t in (T.STONE, T.SCORR):
            lev.typ[i] = T.CORR
        elif 0 < t <= T.DBWALL or t == T.SDOOR:
            lev.typ[i] = (T.ROOM if lev.flags.is_maze_lev else
                          T.CORR if lev.flags.is_cavernous_lev else T.DOOR)
    return trap
