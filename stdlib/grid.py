"""The map grid: its size and how a square is addressed -- defined once.

Why it exists: the selection algebra, the parser's MAP checks, the level model and
every generator address the same 80x21 grid (rm.h ``COLNO``/``ROWNO``).  Squares are
stored column by column in flat arrays, as ``levl[x][y]`` is laid out in C, so the
square (x, y) is element ``x * ROWNO + y`` (:func:`idx`); hot loops write that
expression inline with these constants.
"""

COLNO = 80
ROWNO = 21
NCELLS = COLNO * ROWNO
X_MAZE_MAX = (COLNO - 1) & ~1    # 78: decl.c x_maze_max, the last column a maze uses
Y_MAZE_MAX = (ROWNO - 1) & ~1    # 20: decl.c y_maze_max


def isok(x: int, y: int) -> bool:
    """The game's isok(): x==0 is never a valid map column."""
    return 1 <= x <= COLNO - 1 and 0 <= y <= ROWNO - 1


def idx(x: int, y: int) -> int:
    """Index of (x, y) in the flat, column-major arrays."""
    return x * ROWNO + y
