"""The wall modes mklev() gives secret doors at its very end.

Why it exists: mklev.c ``mklev`` ends with display.c ``set_wall_state``, which for
every wall and secret door writes a wall mode (how it joins its neighbours, for the
display) into the low bits of the square's flags.  A secret door keeps its door state
in those same flags (rm.h: ``doormask`` and ``wall_info`` are one field), so its
``D_CLOSED`` bit is overwritten and only ``D_LOCKED``/``D_TRAPPED`` survive: that is
why the game's dumps show a secret door with mask 0, 1, 2, 8, 9 or 10 and never 4.
unlev draws walls from their types and keeps no wall modes, so only the secret doors'
modes are set here (``set_wall`` with the door's ``horizontal`` bit).
"""

from __future__ import annotations

from unlev.model.level import COLNO, ROWNO, WM_MASK, Level
from unlev.stdlib import terrain as T

_WM_W_LEFT, _WM_W_RIGHT = 1, 2          # rm.h; WM_W_TOP/BOTTOM are the same values


def _check_pos(level: Level, x: int, y: int, which: int) -> int:
    """display.c check_pos: ``which`` off the map or beside rock, a corridor or a
    secret corridor, else 0."""
    if not (1 <= x <= COLNO - 1 and 0 <= y <= ROWNO - 1):
        return which
    t = level.typ[x * ROWNO + y]
    if t < T.POOL or t in (T.CORR, T.SCORR):
        return which
    return 0


def set_secret_door_modes(level: Level) -> None:
    """set_wall_state() for the secret doors: flags = (flags & ~WM_MASK) | set_wall()."""
    typ, flg, horiz = level.typ, level.flg, level.horiz
    for x in range(COLNO):
        for y in range(ROWNO):
            i = x * ROWNO + y
            if typ[i] != T.SDOOR:
                continue
            if horiz[i]:
                a = _check_pos(level, x, y - 1, _WM_W_LEFT)
                b = _check_pos(level, x, y + 1, _WM_W_RIGHT)
            else:
                a = _check_pos(level, x - 1, y, _WM_W_LEFT)
                b = _check_pos(level, x + 1, y, _WM_W_RIGHT)
            mode = 0 if (a and b) else a + b
            flg[i] = (flg[i] & ~WM_MASK) | mode
