"""NetHack 3.6's des-file dialect: the shared (UnNetHack) grammar minus what 3.6's
``util/lev_comp.y`` lacks, plus its ``MAZE:`` header and comma-separated lines.

3.6's compiler is the ancestor of UnNetHack's current one, so almost every rule is
shared. What differs, all of it here:

* no INCLUDE, core functions, ``$var.method``, MON_GENERATION, SOUNDS, WALLWALK, SPILL,
  VAULTGEN or ``INIT_MAP: sheollev``; an empty file is a valid (empty) des-file;
* ``MAZE: "name", filler`` starts a level: ``random`` lays a maze grid, a map character
  a solid fill, and the level gets the ``mazelevel`` flag;
* ``line (a),(b)`` and ``randline (a),(b),r`` take a comma, not ``-``;
* ``circle``/``ellipse`` without a filling keyword are filled (lev_comp passes 1; the
  lowering pass, :func:`unlev.lang.lowering.filled_circles`, writes it in the tree);
* the lexer's last word rule makes any run of ``[-_a-zA-Z0-9]`` one token (see
  :class:`unlev.lang.lexer.DesLexer`), so ``5-3`` is an unknown word and FUNCTION
  names (never lexed as names) cannot be defined;
* fewer level flags and map characters.
"""

from __future__ import annotations

from . import ast as A
from . import grammar as G
from .grammar_compose import compose
from .lexer import KEYWORDS, Lexicon

NAME = "nethack36"

_NOT_KEYWORDS = {
    "CHANCE", "INCLUDE", "MON_GENERATION", "SOUNDS", "SPILL", "VAULTGEN", "WALLWALK",
    "feel", "hear", "pline", "verbal", "sheollev", "noflip", "noflipx", "noflipy",
    "rndvault", "sheol", "sky", "stormy",
}
KEYWORDS_36 = {k: v for k, v in KEYWORDS.items() if k not in _NOT_KEYWORDS}
KEYWORDS_36["MAZE"] = ("MAZE_ID", None)

LEXICON = Lexicon(NAME, KEYWORDS_36, "-|}{+xABCISHKPLWTF\\#. 0123456789\r", state="nh36",
                  core_functions=False)

DROP = [
    # file structure: no header statements, no INCLUDE; 3.6's own file/level rules below
    "header_stmts", "header_stmt", "include_def", "file", "level",
    # statements 3.6 does not have
    "mon_generation", "mon_gen_list", "mon_gen_part", "monster",
    "sounds_detail", "sounds_list", "lvl_sound_part",
    "wallwalk_detail", "opt_spercent", "spill_detail", "vaultgen_stmt",
    "levstatement : mon_generation", "levstatement : sounds_detail",
    "levstatement : wallwalk_detail", "levstatement : spill_detail",
    "levstatement : vaultgen_stmt", "levstatement : corefunc_stmt",
    "lev_init : LEV_INIT_ID ':' SHEOL_ID",
    # no core functions or methods
    "corefunc_stmt", "corefunc_int", "corefunc_str", "corefunc_coord", "corefunc_region",
    "corefunc_param_part", "corefunc_param_list", "corefunc_params_list",
    "encodexobj", "xobject_or_var",
    "coord_or_var : corefunc_coord", "encoderegion : corefunc_region",
    "math_expr_var : corefunc_int", "math_expr_var : METHOD_INT",
    "string_or_var : corefunc_str",
]

REPLACE = {
    "ter_selection_x : line_ID coord_or_var '-' coord_or_var":
        "line_ID coord_or_var ',' coord_or_var",
    "ter_selection_x : randline_ID coord_or_var '-' coord_or_var ',' math_expr_var":
        "randline_ID coord_or_var ',' coord_or_var ',' math_expr_var",
}


# ------------------------------------------------------------------ 3.6's own rules
def p_file_36(p):
    """file :
            | levels"""
    read = p[1] if len(p) > 1 else None
    p[0] = A.DesFile(p.parser.owner.file_span(), [], list(read or ()))
    G.streamed_file(p, p[0], read)


def p_level_36(p):
    """level : level_def flags levstatements"""
    name, span = p[1][:2]
    prelude = list(p[1][2:])
    flags = p[2]
    if prelude:
        # MAZE's SPO_LEVEL_FLAGS comes first; FLAGS: adds to it.
        flags = [("mazelevel", 0x80)] + flags
    p[0] = G.streamed_level(p, A.Level(span, name, flags,
                                       A.Block(span, prelude + list(p[3]))), p[3])


def p_level_def_maze(p):
    """level_def : MAZE_ID ':' STRING ',' mazefiller"""
    name, span = G.start_level_def(p)
    o = p.parser.owner
    o.set_map_size(None)
    fill = p[5]
    if fill is None:
        init = A.InitMap(span, "mazegrid", fill=A.MapChar(span, "-"))
    else:
        init = A.InitMap(span, "solidfill", fill=fill)
        init.maze_header = True  # type: ignore[attr-defined]
    p[0] = (name, span, init)


def p_mazefiller(p):
    """mazefiller : RANDOM_TYPE
                  | CHAR"""
    if p.slice[1].type == "RANDOM_TYPE":
        p[0] = None
    else:
        # lev_comp 3.6 maps the character twice (what_map_char of a terrain number), so
        # the game always gets INVALID_TYPE, which its fill skips: the level stays
        # stone. The tree keeps what the file says; the loader decides (compat).
        p[0] = A.MapChar(G.span_of(p), p[1], 0)


GRAMMAR = None


def grammar():
    """The composed 3.6 grammar namespace (built once)."""
    global GRAMMAR
    if GRAMMAR is None:
        GRAMMAR = compose(G, drop=DROP, replace=REPLACE,
                          extra=[p_file_36, p_level_36, p_level_def_maze, p_mazefiller],
                          tokens=list(G.tokens) + ["MAZE_ID"])
    return GRAMMAR
