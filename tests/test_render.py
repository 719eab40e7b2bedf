"""Drawing a level: NetHack's default symbols and colours on a level holding every kind
of square, and the rich output with colour forced, refused and piped."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from unlev.output import render
from unlev.lang.frontend import compile_text
from unlev.model.level import ROWNO, Level, Monster, Object, Trap
from unlev.generate.build import build_level
from unlev.stdlib import terrain as T

DES = r"""
LEVEL: "rendertest"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
--------------------------
|.{\K.P}LITtFMWAC.|......|
|.....................#..|
|....................SH..|
-----------------------|--
ENDMAP
REGION: (1,1,16,3), lit, "ordinary"
REGION: (18,1,24,3), unlit, "ordinary"
DOOR: open, (3,0)
DOOR: closed, (5,0)
DOOR: broken, (7,0)
DOOR: nodoor, (9,0)
DOOR: open, (0,2)
DOOR: locked, (25,2)
STAIR: (1,3), up
STAIR: (2,3), down
LADDER: (3,3), down
ALTAR: (4,3), noalign, altar
ALTAR: (5,3), law, altar
GRAVE: (6,3)
TRAP: "web", (7,3)
TRAP: "magic portal", (8,3)
TRAP: "fire", (9,3)
OBJECT: "boulder", (10,3)
OBJECT: ('!', "water"), (11,3)
OBJECT: ('?', "identify"), (11,3)
OBJECT: ('/', "digging"), (12,3)
MONSTER: ('d', "jackal"), (13,3)
MONSTER: (' ', "ghost"), (14,3)
MONSTER: ('@', "Woodland-elf"), (15,3)
"""


@pytest.fixture(scope="module")
def level():
    # without mklev's mineralize: its kelp and gold land where the seed's words put
    # them (with the game's ISAAC words, kelp on a pool of seed 1); the drawing of the
    # des-file's own things is under test
    return build_level(compile_text(DES, "rendertest.des"), seed=1, flip_bits=0,
                       post_mklev=False)


@pytest.fixture(scope="module")
def grid(level):
    return render.glyph_grid(level)


def at(level, grid, rx, ry):
    """The glyph at map-relative (rx, ry)."""
    return grid[level.ystart + ry][level.xstart + rx]


def test_display_rows_shape(level):
    rows = render.display_rows(level)
    assert len(rows) == 21 and all(len(r) == 80 for r in rows)
    assert rows[0] == " " * 80


@pytest.mark.parametrize("rx, ry, ch, color", [
    (0, 1, "|", "CLR_GRAY"),          # wall
    (1, 1, ".", "CLR_GRAY"),          # lit floor
    (2, 1, "{", "CLR_BLUE"),          # fountain
    (3, 1, "\\", "CLR_YELLOW"),       # throne (HI_GOLD)
    (4, 1, "#", "CLR_GRAY"),          # sink
    (6, 1, "}", "CLR_BLUE"),          # pool
    (7, 1, "}", "CLR_BLUE"),          # moat
    (8, 1, "}", "CLR_RED"),           # lava
    (9, 1, ".", "CLR_CYAN"),          # ice
    (10, 1, "#", "CLR_GREEN"),        # tree
    (11, 1, "#", "CLR_BLACK"),        # dead tree
    (12, 1, "#", "CLR_CYAN"),         # iron bars (HI_METAL)
    (13, 1, "}", "CLR_GREEN"),        # bog
    (14, 1, "}", "CLR_BLUE"),         # water
    (15, 1, " ", "CLR_CYAN"),         # air
    (16, 1, "#", "CLR_GRAY"),         # cloud
    (19, 1, ".", "CLR_BLACK"),        # dark floor
    (22, 2, "#", "CLR_BLACK"),        # dark corridor
    (21, 3, "|", "CLR_GRAY"),         # secret door: drawn as the wall it hides in
    (22, 3, " ", None),               # secret corridor: drawn as stone
    (3, 0, "|", "CLR_BROWN"),         # open door in a horizontal wall
    (5, 0, "+", "CLR_BROWN"),         # closed door
    (7, 0, ".", "CLR_GRAY"),          # broken door
    (9, 0, ".", "CLR_GRAY"),          # doorway
    (0, 2, "-", "CLR_BROWN"),         # open door in a vertical wall
    (25, 2, "+", "CLR_BROWN"),        # locked door
    (1, 3, "<", "CLR_WHITE"),         # stairs up
    (2, 3, ">", "CLR_WHITE"),         # stairs down
    (3, 3, ">", "CLR_BROWN"),         # ladder down
    (4, 3, "_", "CLR_RED"),           # unaligned altar
    (5, 3, "_", "CLR_GRAY"),          # aligned altar
    (6, 3, "|", "CLR_GRAY"),          # grave
    (7, 3, '"', "CLR_GRAY"),          # web
    (8, 3, "^", "CLR_BRIGHT_MAGENTA"),  # magic portal
    (9, 3, "^", "CLR_ORANGE"),        # fire trap
    (10, 3, "`", "CLR_GRAY"),         # boulder
    (11, 3, "?", "CLR_WHITE"),        # the scroll placed last is on top of the potion
    (12, 3, "/", None),               # a wand: colour from the objects table (checked below)
    (13, 3, "d", "CLR_BROWN"),        # jackal
    (14, 3, " ", None),               # ghost: NetHack draws it as a blank
    (15, 3, "@", "CLR_GREEN"),        # Woodland-elf
])
def test_symbols_and_colours(level, grid, rx, ry, ch, color):
    g = at(level, grid, rx, ry)
    assert g.ch == ch, (rx, ry, g)
    if color is not None:
        assert g.color == color, (rx, ry, g)


def test_object_and_monster_colours_come_from_the_data_tables(level, grid):
    from unlev.stdlib import data
    wand = at(level, grid, 12, 3)
    assert wand.color == data.get_object("digging", "/").color
    ghost = at(level, grid, 14, 3)
    assert ghost.layer == "monster" and ghost.color == data.get_monster("ghost").color


def test_piles_are_inverse_and_boulders_are_not(level, grid):
    assert at(level, grid, 11, 3).inverse
    assert not at(level, grid, 12, 3).inverse
    lev = Level(name="pile")
    lev.typ[10 * ROWNO + 5] = T.ROOM
    lev.objects += [Object(10, 5, "boulder"), Object(10, 5, "boulder")]
    assert not render.glyph_grid(lev)[5][10].inverse


def test_layers_monster_over_object_over_trap_over_terrain():
    lev = Level(name="layers")
    lev.typ[10 * ROWNO + 5] = T.ROOM
    lev.lit[10 * ROWNO + 5] = 1
    assert render.display_rows(lev)[5][10] == "."
    lev.traps.append(Trap(10, 5, "ARROW_TRAP"))
    assert render.display_rows(lev)[5][10] == "^"
    lev.objects.append(Object(10, 5, "long sword"))
    assert render.display_rows(lev)[5][10] == ")"
    lev.objects.append(Object(10, 5, "buried treasure?", buried=True))
    assert render.display_rows(lev)[5][10] == ")"
    lev.monsters.append(Monster(10, 5, "newt"))
    assert render.display_rows(lev)[5][10] == ":"


def test_arboreal_levels_draw_stone_as_trees():
    lev = Level(name="wood")
    assert render.display_rows(lev)[3][3] == " "
    lev.flags.arboreal = True
    g = render.glyph_grid(lev)[3][3]
    assert (g.ch, g.color) == ("#", "CLR_GREEN")


def test_walls_take_the_colour_of_their_dungeon():
    lev = Level(name="minefill")
    lev.typ[5 * ROWNO + 5] = T.VWALL
    assert render.glyph_grid(lev)[5][5].color == "CLR_GRAY"
    lev.context.in_mines = True
    assert render.glyph_grid(lev)[5][5].color == "CLR_BROWN"
    lev.context.in_mines = False
    lev.context.dungeon_name = "Gehennom"
    assert render.glyph_grid(lev)[5][5].color == "CLR_RED"


def test_lit_and_dark_floor_differ_in_style(level, grid):
    lit = render.glyph_style(at(level, grid, 1, 1))
    dark = render.glyph_style(at(level, grid, 19, 1))
    assert lit and dark and lit != dark


def _print(level, **console_kw):
    buf = io.StringIO()
    Console(file=buf, width=120, **console_kw).print(
        render.level_view(level, seed=1, source="rendertest.des"))
    return buf.getvalue()


ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_forced_colour_output_has_the_colour_codes(level):
    out = _print(level, force_terminal=True, color_system="standard")
    assert ANSI.search(out)
    assert "\x1b[31m}" in out          # lava in red
    assert "\x1b[34m{" in out          # fountain in blue
    plain = ANSI.sub("", out)
    assert [ln.ljust(80) for ln in plain.splitlines()[:21]] == render.display_rows(level)


def test_output_without_colour_has_no_codes_and_80_columns(level):
    out = _print(level, color_system=None, force_terminal=False)
    assert "\x1b" not in out
    lines = out.splitlines()
    assert [ln.ljust(80) for ln in lines[:21]] == render.display_rows(level)
    assert all(len(ln) <= 80 for ln in lines[:21])


def test_summary_lists_name_seed_counts_and_positions(level):
    out = _print(level, color_system=None)
    text = out[out.index("rendertest  seed 1"):]
    assert "rendertest.des" in text
    assert "3 monsters" in text and "4 objects" in text and "3 traps" in text
    x, y = level.xstart + 13, level.ystart + 3
    assert re.search(rf"jackal\s+1\s+{x},{y}", text)
    assert re.search(r"web\s+1\s", text)


def test_summary_groups_and_truncates_long_position_lists():
    lev = Level(name="many")
    for x in range(1, 30):
        lev.typ[x * ROWNO + 5] = T.ROOM
        lev.monsters.append(Monster(x, 5, "newt"))
    rows = render.entity_rows(lev)
    assert len(rows) == 1 and rows[0][2] == "newt" and rows[0][3] == 29
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(render.summary(lev, seed=5))
    assert "+21 more" in out.getvalue()


def test_summary_table_is_capped_with_a_pointer_to_the_json():
    lev = Level(name="bazaar")
    names = [o.name for o in __import__("unlev.stdlib.data", fromlist=["x"]).objects()
             if o.name and o.class_symbol == ")"][:12]
    for i, name in enumerate(names):
        lev.objects.append(Object(1 + i, 3, name))
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(render.summary(lev, max_rows=5))
    text = out.getvalue()
    assert names[4] in text and names[5] not in text
    assert "7 more kinds (7 things); --json lists everything" in text


def test_counted_nouns_agree_with_their_number():
    from unlev.output.words import count
    assert count(1, "rooms") == "1 room" and count(2, "rooms") == "2 rooms"
    assert count(0, "levels") == "0 levels" and count(1, "levels") == "1 level"
    assert count(1, "stairs") == "1 staircase" and count(3, "stairs") == "3 stairs"
    assert count(1, "lint warnings") == "1 lint warning"
