"""Where ``des.map`` puts a map while NetHack 3.7 makes its themed rooms (sp_lev.c
lspo_map under ``in_mk_themerooms``).

Why a module of its own: a themed room's map (dat/themerms.lua's shaped rooms) gives
neither a spot nor an alignment; 3.7 then draws a random spot and refuses one where
the map would overwrite anything -- a square that is not stone, or that belongs to a
room, in the map or in the ring around it -- trying 100 times before the themed room
fails.  The run of themed rooms itself is :mod:`unlev.lua.themerooms`.
"""

from __future__ import annotations

from typing import List, Optional

from unlev.lang.values import Coord
from unlev.stdlib import terrain as T
from unlev.stdlib.grid import COLNO, ROWNO

_NO_ROOM = 0


def themed_map_spot(api, lines: List[str]) -> Optional[Coord]:
    """sp_lev.c lspo_map while themed rooms are made, with neither x, y nor an
    alignment: a random spot (inside the current room, or anywhere), tried 100 times,
    where the map and a ring around it overwrite nothing; None if there is none (the
    themed room fails).  The coordinate is relative to the level's frame (1, 0)."""
    b = api.b
    st, lev, rng = b.state, b.level, api.s.rng
    wid = max((len(r) for r in lines), default=0)
    hei = len(lines)
    croom = st.croom
    for tryct in range(101):
        if croom is not None:
            x = max(1, rng.rn1(croom.hx - croom.lx + 1, croom.lx) - wid)
            y = max(1, rng.rn1(croom.hy - croom.ly + 1, croom.ly) - hei)
            xstart, ystart = x + croom.lx, y + croom.ly
        else:
            xstart = 1 + rng.rn2(max(1, COLNO - 1 - wid))
            ystart = rng.rn2(max(1, ROWNO - wid))        # sic: 3.7 uses the width
        if ystart < 0 or ystart + hei > ROWNO:
            return None
        if _free_for_map(lev, lines, xstart, ystart, wid, hei):
            return Coord(xstart - 1, ystart)
        if tryct >= 100:
            break
    return None


def _free_for_map(lev, lines, xstart, ystart, wid, hei) -> bool:
    """Themed rooms never overwrite anything: stone with no room all around the map,
    and under it stone or the map's own terrain ('x' is see-through)."""
    for y in range(ystart - 1, min(ROWNO, ystart + hei) + 1):
        for x in range(xstart - 1, min(COLNO, xstart + wid) + 1):
            if not (0 <= x < COLNO and 0 <= y < ROWNO):
                return False
            i = x * ROWNO + y
            here, rno = lev.typ[i], lev.roomno[i]
            if y < ystart or y >= ystart + hei or x < xstart or x >= xstart + wid:
                if here != T.STONE or rno != _NO_ROOM:
                    return False
                continue
            row = lines[y - ystart]
            ch = row[x - xstart] if x - xstart < len(row) else " "
            want = T.map_char_to_type(ch)
            if want >= T.MAX_TYPE:
                continue
            if (here != T.STONE and here != want) or rno != _NO_ROOM:
                return False
    return True
