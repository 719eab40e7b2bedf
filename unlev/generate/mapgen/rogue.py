"""The Rogue tribute level (``INIT_MAP: rogue``), extralev.c makeroguerooms() ported.

Why this module exists: ``bigrm-14`` and the Rogue level start from Rogue's 3x3 grid:
each ninth of the map holds a walled room or a bare corridor junction; a random walk
(with a 1/10 chance of extra links) decides which neighbours connect; doorways
(D_NODOOR) are cut and L-shaped corridors dug between them.

Doors are made with mklev.c dodoor()/dosdoor(), which draw the door state, maybe a
trap (by level difficulty, ``level.context.difficulty``) and, for a trapped door on a
difficulty >= 9 level, maybe a mimic (rn2(5)).  Making the mimic is the population
code's job: ``mimic_hook(level, rng, x, y)`` is called at the point where the game calls
makemon(); without a hook a placeholder Monster("mimic") is recorded and no random
numbers are drawn for it (so the stream diverges from the game's in that rare case).
"""

from __future__ import annotations

from typing import Callable, Optional

from unlev.stdlib import terrain as T
from unlev.model.level import (
    ROWNO, D_NODOOR, D_ISOPEN, D_LOCKED, D_CLOSED, D_TRAPPED, DOORMAX, OROOM,
    Level, Monster,
)
from unlev.generate.rooms import add_door, add_room

# Order in which `f(rn2(a), rn2(b))` draws: GCC (the game's usual compiler) computes
# the arguments right to left.  Set False to model a left-to-right compiler.
ARGS_RIGHT_TO_LEFT = True
UP, DOWN, LEFT, RIGHT = 1, 2, 4, 8


class _RR:
    __slots__ = ("rlx", "rly", "dx", "dy", "real", "doortable", "nroom")

    def __init__(self) -> None:
        self.rlx = self.rly = self.dx = self.dy = 0
        self.real = False
        self.doortable = 0
        self.nroom = 0


def dosdoor(level: Level, rng, x: int, y: int, aroom, dtype: int,
            mimic_hook: Optional[Callable] = None, shdoor: bool = False) -> None:
    """mklev.c dosdoor(): make a door (or secret door) with the game's random state."""
    typ = level.typ
    k = x * ROWNO + y
    diff = level.context.difficulty
    if not (0 < typ[k] <= T.DBWALL):
        dtype = T.DOOR
    typ[k] = dtype
    flg = level.flg
    if dtype == T.DOOR:
        if not rng.rn2(3):
            if not rng.rn2(5):
                mask = D_ISOPEN
            elif not rng.rn2(6):
                mask = D_LOCKED
            else:
                mask = D_CLOSED
            if mask != D_ISOPEN and not shdoor and diff >= 5 and not rng.rn2(25):
                mask |= D_TRAPPED
        else:
            mask = D_ISOPEN if shdoor else D_NODOOR
        flg[k] = mask
        if mask & D_TRAPPED:
            # the C also requires that not all three mimic species are extinct
            if diff >= 9 and not rng.rn2(5):
                flg[k] = D_NODOOR
                if mimic_hook is not None:
                    mimic_hook(level, rng, x, y)
                else:
                    level.monsters.append(Monster(x, y, "mimic",
                                                  attrs={"from": "trapped door"}))
    else:
        if shdoor or not rng.rn2(5):
            mask = D_LOCKED
        else:
            mask = D_CLOSED
        if not shdoor and diff >= 4 and not rng.rn2(20):
            mask |= D_TRAPPED
        flg[k] = mask
    add_door(level, x, y, aroom)


def dodoor(level: Level, rng, x: int, y: int, aroom, mimic_hook=None) -> None:
    if len(level.doors) >= DOORMAX:
        return
    dosdoor(level, rng, x, y, aroom, T.DOOR, mimic_hook)


class _RogueGrid:
    """extralev.c's 3 x 3 grid of rogue rooms (``r[x][y]``) and the functions that walk
    and join it: ``roguejoin``, ``roguecorr``, ``miniwalk``."""

    def __init__(self, level: Level, rng, mimic_hook: Optional[Callable]) -> None:
        self.level, self.rng, self.mimic_hook = level, rng, mimic_hook
        self.r = [[_RR() for _ in range(3)] for _ in range(3)]   # r[x][y]

    def corr(self, x: int, y: int) -> None:
        self.level.typ[x * ROWNO + y] = T.CORR

    def roguejoin(self, x1, y1, x2, y2, horiz) -> None:
        if horiz:
            middle = x1 + self.rng.rn2(x2 - x1 + 1)
            for x in range(min(x1, middle), max(x1, middle) + 1):
                self.corr(x, y1)
            for y in range(min(y1, y2), max(y1, y2) + 1):
                self.corr(middle, y)
            for x in range(min(middle, x2), max(middle, x2) + 1):
                self.corr(x, y2)
        else:
            middle = y1 + self.rng.rn2(y2 - y1 + 1)
            for y in range(min(y1, middle), max(y1, middle) + 1):
                self.corr(x1, y)
            for x in range(min(x1, x2), max(x1, x2) + 1):
                self.corr(x, middle)
            for y in range(min(middle, y2), max(middle, y2) + 1):
                self.corr(x2, y)

    def door_at(self, x, y, room_index) -> None:
        dodoor(self.level, self.rng, x, y, self.level.rooms[room_index], self.mimic_hook)
        self.level.flg[x * ROWNO + y] = D_NODOOR

    def corr_down(self, x: int, y: int) -> None:
        """roguecorr(x, y, DOWN)."""
        rng, here = self.rng, self.r[x][y]
        here.doortable &= ~DOWN
        if not here.real:
            fromx = here.rlx + 1 + 26 * x
            fromy = here.rly + 7 * y
        else:
            fromx = here.rlx + rng.rn2(here.dx) + 1 + 26 * x
            fromy = here.rly + here.dy + 7 * y
            self.door_at(fromx, fromy, here.nroom)
            fromy += 1
        if y >= 2:
            return
        y += 1
        there = self.r[x][y]
        there.doortable &= ~UP
        if not there.real:
            tox = there.rlx + 1 + 26 * x
            toy = there.rly + 7 * y
        else:
            tox = there.rlx + rng.rn2(there.dx) + 1 + 26 * x
            toy = there.rly - 1 + 7 * y
            self.door_at(tox, toy, there.nroom)
            toy -= 1
        self.roguejoin(fromx, fromy, tox, toy, False)

    def corr_right(self, x: int, y: int) -> None:
        """roguecorr(x, y, RIGHT)."""
        rng, here = self.rng, self.r[x][y]
        here.doortable &= ~RIGHT
        if not here.real:
            fromx = here.rlx + 1 + 26 * x
            fromy = here.rly + 7 * y
        else:
            fromx = here.rlx + here.dx + 1 + 26 * x
            fromy = here.rly + rng.rn2(here.dy) + 7 * y
            self.door_at(fromx, fromy, here.nroom)
            fromx += 1
        if x >= 2:
            return
        x += 1
        there = self.r[x][y]
        there.doortable &= ~LEFT
        if not there.real:
            tox = there.rlx + 1 + 26 * x
            toy = there.rly + 7 * y
        else:
            tox = there.rlx - 1 + 1 + 26 * x
            toy = there.rly + rng.rn2(there.dy) + 7 * y
            self.door_at(tox, toy, there.nroom)
            tox -= 1
        self.roguejoin(fromx, fromy, tox, toy, True)

    def miniwalk(self, x: int, y: int) -> None:
        # the C recursion: after a recursive call the loop continues from the cell
        # it moved to (as in walkfrom)
        r, rng = self.r, self.rng
        while True:
            dirs = []
            dt = r[x][y].doortable
            if x > 0 and not (dt & LEFT) and (not r[x - 1][y].doortable or not rng.rn2(10)):
                dirs.append(0)
            if x < 2 and not (dt & RIGHT) and (not r[x + 1][y].doortable or not rng.rn2(10)):
                dirs.append(1)
            if y > 0 and not (dt & UP) and (not r[x][y - 1].doortable or not rng.rn2(10)):
                dirs.append(2)
            if y < 2 and not (dt & DOWN) and (not r[x][y + 1].doortable or not rng.rn2(10)):
                dirs.append(3)
            if not dirs:
                return
            d = dirs[rng.rn2(len(dirs))]
            dx, dy, leave, enter = _MINIWALK_STEPS[d]
            r[x][y].doortable |= leave
            x, y = x + dx, y + dy
            r[x][y].doortable |= enter
            self.miniwalk(x, y)

    def lay_out(self) -> None:
        """Each cell a real room (its size and place) or a crossing, drawn row by row."""
        rng = self.rng
        nroom = 0
        for y in range(3):
            for x in range(3):
                here = self.r[x][y]
                if not rng.rn2(5) and (nroom or (x < 2 and y < 2)):
                    here.real = False
                    here.rlx = rng.rn1(22, 2)
                    here.rly = rng.rn1(4 if y == 2 else 3, 2)
                else:
                    here.real = True
                    here.dx = rng.rn1(22, 2)
                    here.dy = rng.rn1(4 if y == 2 else 3, 2)
                    here.rlx = rng.rnd(23 - here.dx + 1)
                    here.rly = rng.rnd((5 if y == 2 else 4) - here.dy + 1)
                    nroom += 1
                here.doortable = 0

    def add_rooms(self) -> None:
        level = self.level
        level.rooms.clear()          # the C resets nroom before adding the rooms
        for y in range(3):
            for x in range(3):
                here = self.r[x][y]
                if here.real:
                    here.nroom = len(level.rooms)
                    lowx = 1 + 26 * x + here.rlx
                    lowy = 7 * y + here.rly
                    hix = 1 + 26 * x + here.rlx + here.dx - 1
                    hiy = 7 * y + here.rly + here.dy - 1
                    add_room(level, lowx, lowy, hix, hiy, not self.rng.rn2(7), OROOM, False)

    def join(self) -> None:
        for y in range(3):
            for x in range(3):
                here = self.r[x][y]
                if here.doortable & DOWN:
                    self.corr_down(x, y)
                if here.doortable & RIGHT:
                    self.corr_right(x, y)


# miniwalk's four directions: (dx, dy, the door bit of the cell left, of the cell entered)
_MINIWALK_STEPS = ((-1, 0, LEFT, RIGHT), (1, 0, RIGHT, LEFT), (0, -1, UP, DOWN),
                   (0, 1, DOWN, UP))


def makeroguerooms(level: Level, rng, mimic_hook: Optional[Callable] = None) -> None:
    """extralev.c makeroguerooms()."""
    grid = _RogueGrid(level, rng, mimic_hook)
    grid.lay_out()
    # miniwalk(rn2(3), rn2(3)): C leaves the order of argument evaluation open; GCC
    # on x86-64 evaluates these calls right to left, which we follow by default.
    if ARGS_RIGHT_TO_LEFT:
        sy = rng.rn2(3)
        sx = rng.rn2(3)
    else:
        sx = rng.rn2(3)
        sy = rng.rn2(3)
    grid.miniwalk(sx, sy)
    grid.add_rooms()
    grid.join()
