"""The free-rectangle list rooms are placed in: rect.c ported.

Why this module exists: a des-file ROOM (without a MAP) is placed the way the game
places the rooms of an ordinary level: ``create_room`` picks or checks a free
rectangle of the level, and ``split_rects`` cuts the new room (with its margin) out of
every free rectangle it touches.  The list's order and the ``rn2(rect_cnt)`` pick
decide where random rooms go, so the bookkeeping is kept exactly as in the C,
including its limit of 50 rectangles and the swap-with-last removal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional

from unlev.model.level import COLNO, ROWNO

MAXRECT = 50
XLIM = 4
YLIM = 3


@dataclass
class Rect:
    lx: int
    ly: int
    hx: int
    hy: int

    def copy(self) -> "Rect":
        return Rect(self.lx, self.ly, self.hx, self.hy)


def _intersect(r1: Rect, r2: Rect) -> Optional[Rect]:
    if r2.lx > r1.hx or r2.ly > r1.hy or r2.hx < r1.lx or r2.hy < r1.ly:
        return None
    r3 = Rect(max(r2.lx, r1.lx), max(r2.ly, r1.ly), min(r2.hx, r1.hx), min(r2.hy, r1.hy))
    if r3.lx > r3.hx or r3.ly > r3.hy:
        return None
    return r3


class RectList:
    """``rect[]`` and ``rect_cnt``; a fresh list holds the whole level (init_rect).

    The C array is kept as it is, stale entries past ``rect_cnt`` included: split_rects
    can read one of them after a recursive split has shortened the list."""

    def __init__(self) -> None:
        self.rect: List[Rect] = [Rect(0, 0, 0, 0) for _ in range(MAXRECT + 1)]
        self.rect[0] = Rect(0, 0, COLNO - 1, ROWNO - 1)
        self.count = 1

    def __len__(self) -> int:
        return self.count

    @property
    def rects(self) -> List[Rect]:
        return self.rect[:self.count]

    def index_of(self, r: Rect) -> int:
        key = (r.lx, r.ly, r.hx, r.hy)
        for i in range(self.count):
            q = self.rect[i]
            if (q.lx, q.ly, q.hx, q.hy) == key:
                return i
        return -1

    def get_rect(self, r: Rect) -> Optional[Rect]:
        """The first free rectangle containing ``r``."""
        for i in range(self.count):
            q = self.rect[i]
            if r.lx >= q.lx and r.ly >= q.ly and r.hx <= q.hx and r.hy <= q.hy:
                return q
        return None

    def rnd_rect(self, rng) -> Optional[Rect]:
        return self.rect[rng.rn2(self.count)] if self.count > 0 else None

    def remove(self, r: Rect) -> None:
        i = self.index_of(r)
        if i >= 0:
            self.count -= 1
            self.rect[i] = self.rect[self.count].copy()

    def add(self, r: Rect) -> None:
        if self.count >= MAXRECT:
            return
        if self.get_rect(r) is not None:
            return
        self.rect[self.count] = r.copy()
        self.count += 1

    def split(self, r1: Rect, r2: Rect) -> None:
        """split_rects(): take ``r2`` (inside ``r1``) out of the free space."""
        old = r1.copy()
        self.remove(r1)
        for i in range(self.count - 1, -1, -1):
            r = _intersect(self.rect[i], r2)
            if r is not None:
                self.split(self.rect[i], r)
        if r2.ly - old.ly - 1 > (2 * YLIM if old.hy < ROWNO - 1 else YLIM + 1) + 4:
            r = old.copy()
            r.hy = r2.ly - 2
            self.add(r)
        if r2.lx - old.lx - 1 > (2 * XLIM if old.hx < COLNO - 1 else XLIM + 1) + 4:
            r = old.copy()
            r.hx = r2.lx - 2
            self.add(r)
        if old.hy - r2.hy - 1 > (2 * YLIM if old.ly > 0 else YLIM + 1) + 4:
            r = old.copy()
            r.ly = r2.hy + 2
            self.add(r)
        if old.hx - r2.hx - 1 > (2 * XLIM if old.lx > 0 else XLIM + 1) + 4:
            r = old.copy()
            r.lx = r2.hx + 2
            self.add(r)
