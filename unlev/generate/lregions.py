"""Level regions: BRANCH, PORTAL, TELEPORT_REGION and STAIR regions, recorded by
their statement and placed after the script (mkmaze.c ``fixup_special``,
``place_lregion``, ``put_lregion_here``; mklev.c ``place_branch``).

Why a module of its own: the regions are recorded while the script runs but placed
only once the level is finished, where stairs, the branch and portals need a free
spot away from the excluded area.
"""

from __future__ import annotations

from collections import Counter

from unlev.model import spots
from unlev.lang.values import Region
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.model.level import (
    COLNO, ROWNO, LA_UP, LA_DOWN, OROOM, LR_DOWNSTAIR, LR_UPSTAIR, LR_PORTAL, LR_BRANCH, LR_TELE, LR_UPTELE,
    LR_DOWNTELE, Area, LevRegion, Level, Stairway, Trap,
)
from unlev.model.constants import ANY_LOC

from unlev.generate.state import BuildState
from unlev.generate import features
from unlev.generate import locations




# -- level regions ----------------------------------------------------------------------
def do_levregion(st: BuildState, kind: str, area: Region, exclude: Region, up=None, dest=None):
    if kind == "stair":
        rtype = LR_UPSTAIR if up else LR_DOWNSTAIR
    elif kind == "portal":
        rtype = LR_PORTAL
    elif kind == "branch":
        rtype = LR_BRANCH
    else:
        rtype = LR_TELE if up is None else (LR_UPTELE if up else LR_DOWNTELE)
    ia = Area(area.x1, area.y1, area.x2, area.y2)
    da = Area(exclude.x1, exclude.y1, exclude.x2, exclude.y2)
    if not area.whole_level:
        ia.x1, ia.y1 = locations.get_location(st, ia.x1, ia.y1, ANY_LOC, None, sp=False)
        ia.x2, ia.y2 = locations.get_location(st, ia.x2, ia.y2, ANY_LOC, None, sp=False)
    if not exclude.whole_level:
        da.x1, da.y1 = locations.get_location(st, da.x1, da.y1, ANY_LOC, None, sp=False)
        da.x2, da.y2 = locations.get_location(st, da.x2, da.y2, ANY_LOC, None, sp=False)
    st.level.lregions.append(LevRegion(ia, da, area.whole_level, exclude.whole_level,
                                         rtype, 0, dest or ""))


def fixup_special(st: BuildState, level: Level, rng: RNG) -> None:
    """mkmaze.c fixup_special(), the part about level regions: stairs, portals and the
    branch are placed in their region (else anywhere); teleport regions stay recorded.

    What a branch is depends on the dungeon: ``context.branch`` may say ``"up"`` or
    ``"down"`` (branch stairs), ``"portal"``, or ``"none"`` (a branch whose end here
    makes nothing, as the castle's); unknown (None), the spot is only kept in
    ``level.extras["branch"]``.  With a known branch and no BRANCH region, the game
    places the branch anywhere (in a room when there are rooms)."""
    added_branch = False
    for r in level.lregions:
        if r.rtype in (LR_BRANCH, LR_PORTAL, LR_UPSTAIR, LR_DOWNSTAIR):
            added_branch = added_branch or r.rtype == LR_BRANCH
            a, d = r.inarea, r.delarea
            if not place_lregion(st, level, rng, a.x1, a.y1, a.x2, a.y2,
                                  d.x1, d.y1, d.x2, d.y2, r):
                if not place_lregion(st, level, rng, 0, 0, 0, 0,
                                      d.x1, d.y1, d.x2, d.y2, r):
                    st.warn(f"Couldn't place lregion type {r.rtype}!")
    if not added_branch and level.context.branch:
        r = LevRegion(Area(), Area(), rtype=LR_BRANCH)
        place_lregion(st, level, rng, 0, 0, 0, 0, 0, 0, 0, 0, r)


def _trap_spots(level: Level) -> Counter:
    """How many traps stand on each square: what bad_location asks of every square it
    tries, answered without a walk over all the traps each time (a level of many
    PORTALs made their placement quadratic); kept up to date by put_lregion_here."""
    return Counter((t.x, t.y) for t in level.traps)


def bad_location(st: BuildState, level: Level, x: int, y: int, nlx, nly, nhx, nhy,
                 spots: Counter) -> bool:
    t = st.typ(x, y)
    occupied = (spots[(x, y)] > 0 or T.STAIRS <= t <= T.ALTAR
                or st.is_lava(x, y) or st.is_pool(x, y))
    return (occupied or (nlx <= x <= nhx and nly <= y <= nhy)
            or not ((t == T.CORR and level.flags.is_maze_lev) or t in (T.ROOM, T.ICE, T.AIR)))


def place_lregion(st: BuildState, level, rng, lx, ly, hx, hy, nlx, nly, nhx, nhy, region) -> bool:
    if not lx:
        if region.rtype == LR_BRANCH and level.rooms:
            return place_branch_in_room(st, level, rng, region)
        lx, hx, ly, hy = 0, COLNO - 1, 0, ROWNO - 1
    oneshot = lx == hx and ly == hy
    spots = _trap_spots(level)
    for _ in range(200):
        x = rng.rn1(hx - lx + 1, lx)
        y = rng.rn1(hy - ly + 1, ly)
        if put_lregion_here(st, level, x, y, nlx, nly, nhx, nhy, region, oneshot, spots):
            return True
    for x in range(lx, hx + 1):
        for y in range(ly, hy + 1):
            if put_lregion_here(st, level, x, y, nlx, nly, nhx, nhy, region, True, spots):
                return True
    return False


def put_lregion_here(st: BuildState, level, x, y, nlx, nly, nhx, nhy, region, oneshot,
                     spots: Counter) -> bool:
    if bad_location(st, level, x, y, nlx, nly, nhx, nhy, spots):
        if not oneshot:
            return False
        t = st.trap_at(x, y) if spots[(x, y)] else None
        if t is not None and t.ttyp not in ("MAGIC_PORTAL", "VIBRATING_SQUARE"):
            level.traps.remove(t)
            spots[(x, y)] -= 1
        if bad_location(st, level, x, y, nlx, nly, nhx, nhy, spots):
            return False
    lregion_thing(st, level, x, y, region)
    return True


def lregion_thing(st: BuildState, level, x, y, region) -> None:
    if region.rtype == LR_PORTAL:
        level.traps.append(Trap(x, y, "MAGIC_PORTAL", attrs={"destination": region.rname}))
    elif region.rtype in (LR_UPSTAIR, LR_DOWNSTAIR):
        features.mkstairs(st, x, y, region.rtype == LR_UPSTAIR, force=False)
    elif region.rtype == LR_BRANCH:
        if "branch" in level.extras or "branch_without_stairs" in level.extras:
            return                   # place_branch() makes one branch per level
        kind = level.context.branch
        if kind == "none":
            # dungeon.def's no_down end (the castle's Gehennom branch): place_branch
            # makes no stairs, but its spot was drawn
            level.extras["branch_without_stairs"] = (x, y)
            return
        level.extras["branch"] = (x, y)
        if kind == "portal":
            level.traps.append(Trap(x, y, "MAGIC_PORTAL", attrs={"destination": "branch"}))
        elif kind in ("up", "down"):
            up = kind == "up"
            level.stairs.append(Stairway(x, y, up, False, "branch"))
            level.set_flags(x, y, LA_UP if up else LA_DOWN)
            level.set_typ(x, y, T.STAIRS)


def place_branch_in_room(st: BuildState, level, rng, region) -> bool:
    """place_branch() without a spot: mklev.c find_branch_room() picks it."""
    x, y = find_branch_room(level, rng)
    lregion_thing(st, level, x, y, region)
    return True


def find_branch_room(level: Level, rng: RNG):
    """mklev.c find_branch_room(): up to 99 random rooms until an ordinary one has a
    free spot (somexyspace with flags 2, which never succeeds, then with none), then
    the last room once more; the spot last tried if none was found (the game warns
    and uses it).  The C also skips the rooms of the up and down stairs, but
    UnNetHack never sets upstairs_room/dnstairs_room (decl.c), so none is skipped."""
    rooms = level.rooms
    croom = None
    for _ in range(99):
        croom = rooms[rng.rn2(len(rooms))]
        if croom.rtype != OROOM:
            continue
        for flags in (spots.SPACE_FLAG_NEVER, 0):
            found, pos = spots.somexyspace(level, rng, croom, flags)
            if found:
                return pos
    pos = None
    for flags in (spots.SPACE_FLAG_NEVER, 0):
        found, pos = spots.somexyspace(level, rng, croom, flags)
        if found:
            return pos
    return pos if pos is not None else (croom.lx, croom.ly)
