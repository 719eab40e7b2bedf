"""The shared grammar's values: states, alignments, the typed ``*_or_var`` values
(string, coordinate, region, map character, monster, object), integer and string
expressions, core function calls and selections, as UnNetHack's ``util/lev_comp.y``
writes them, with lev_comp's range and name checks.

Why a module of its own: every statement family takes these values;
:mod:`unlev.lang.grammar` gathers the families for PLY. The rules that differ only in
their type (the ``*_or_var`` values, the core function calls) are written once as
templates (:func:`unlev.lang.grammar_compose.parameterized`).
"""

from __future__ import annotations

from . import ast as A
from .grammar_compose import expand_templates, parameterized
from .grammar_support import carry, owner, span_of, var_node


# ============================================================== states
def p_simple_states(p):
    """door_state : DOOR_STATE
                  | RANDOM_TYPE
       light_state : LIGHT_STATE
                   | RANDOM_TYPE
       altar_type : ALTAR_TYPE
                  | RANDOM_TYPE
       engraving_type : ENGRAVING_TYPE
                      | RANDOM_TYPE"""
    carry(p)
    p[0] = p[1]


def p_alignment(p):
    """alignment : ALIGNMENT
                 | a_register
                 | RANDOM_TYPE
       alignment_prfx : ALIGNMENT
                      | a_register"""
    kind = p.slice[1].type
    if kind == "ALIGNMENT":
        p[0] = A.AlignSpec(span_of(p), "fixed", p[1])
    elif kind == "a_register":
        p[0] = p[1]
    else:
        p[0] = A.AlignSpec(span_of(p), "random", 0)


def p_alignment_prfx_random(p):
    """alignment_prfx : A_REGISTER ':' RANDOM_TYPE"""
    p[0] = A.AlignSpec(span_of(p), "random", 0)


def p_a_register(p):
    """a_register : A_REGISTER '[' INTEGER ']'"""
    if p[3] >= 3:
        owner(p).error("Register Index overflow!", span_of(p, 3),
                        "the align register has three entries: align[0], align[1], align[2]")
    p[0] = A.AlignSpec(span_of(p), "register", p[3])


# ============================================================== values
def p_string_or_var(p):
    """string_or_var : STRING
                     | VARSTRING_STRING
                     | VARSTRING_STRING_ARRAY '[' math_expr_var ']'
                     | corefunc_str"""
    kind = p.slice[1].type
    if kind == "STRING":
        p[0] = A.Str(span_of(p), p[1])
    elif kind == "VARSTRING_STRING":
        p[0] = var_node(p, 1)
    elif kind == "VARSTRING_STRING_ARRAY":
        p[0] = A.Index(span_of(p), var_node(p, 1), p[3])
    else:
        p[0] = p[1]


def p_integer_or_var(p):
    """integer_or_var : math_expr_var"""
    p[0] = p[1]


def p_coord_or_var(p):
    """coord_or_var : encodecoord
                    | corefunc_coord
                    | rndcoord_ID '(' ter_selection ')'
                    | VARSTRING_COORD
                    | VARSTRING_COORD_ARRAY '[' math_expr_var ']'"""
    kind = p.slice[1].type
    if kind in ("encodecoord", "corefunc_coord"):
        p[0] = p[1]
    elif kind == "rndcoord_ID":
        p[0] = A.RndCoord(span_of(p), p[3])
    elif kind == "VARSTRING_COORD":
        p[0] = var_node(p, 1)
    else:
        p[0] = A.Index(span_of(p), var_node(p, 1), p[3])


def p_encodecoord(p):
    """encodecoord : '(' INTEGER ',' INTEGER ')'
                   | RANDOM_TYPE
                   | RANDOM_TYPE_BRACKET humidity_flags ']'"""
    kind = (s := p.slice)[1].type       # the values read past PLY's p[i] calls
    if kind == "RANDOM_TYPE":
        s[0].value = A.RandomCoord(span_of(p), 0)
    elif kind == "RANDOM_TYPE_BRACKET":
        s[0].value = A.RandomCoord(span_of(p), s[2].value)
    else:
        x, y = s[2].value, s[4].value
        if x < 0 or y < 0 or x >= 80 or y >= 21:
            owner(p).error(f"Coordinates ({x},{y}) out of map range!", span_of(p))
        s[0].value = A.CoordLit(span_of(p), x, y)


def p_humidity_flags(p):
    """humidity_flags : HUMIDITY_TYPE
                      | HUMIDITY_TYPE ',' humidity_flags"""
    if len(p) == 2:
        p[0] = p[1]
    else:
        if p[1] & p[3]:
            owner(p).warning("Humidity flag used twice.", span_of(p))
        p[0] = p[1] | p[3]


@parameterized(
    ("region", "encoderegion", "REGION"),
    ("mapchar", "mapchar", "MAPCHAR"),
    ("monster", "encodemonster", "MONST"),
    ("object", "encodeobj", "OBJ"),
    ("xobject", "encodexobj", "OBJ"),
)
def p_xxx_or_var(p, _name, _literal, _token):
    """xxx_or_var : yyy
                  | VARSTRING_zzz
                  | VARSTRING_zzz_ARRAY '[' math_expr_var ']'"""
    if len(p) == 5:
        p[0] = A.Index(span_of(p), var_node(p, 1), p[3])
    elif p.slice[1].type.startswith("VARSTRING_"):
        p[0] = var_node(p, 1)
    else:
        p[0] = p[1]


def p_encoderegion(p):
    """encoderegion : '(' INTEGER ',' INTEGER ',' INTEGER ',' INTEGER ')'
                    | corefunc_region"""
    if len(p) == 2:
        p[0] = p[1]
        return
    x1, y1, x2, y2 = p[2], p[4], p[6], p[8]
    if x1 > x2 or y1 > y2:
        owner(p).error(f"Region start > end: ({x1},{y1},{x2},{y2})!", span_of(p),
                        "write the top-left corner first")
    p[0] = A.RegionLit(span_of(p), x1, y1, x2, y2)


def p_mapchar(p):
    """mapchar : CHAR
               | '(' CHAR ',' light_state ')'"""
    ch = p[1] if len(p) == 2 else p[2]
    span = span_of(p) if len(p) == 2 else span_of(p, 2)
    owner(p).check_map_char(ch, span, f"Unknown map char type '{ch}'!")
    p[0] = A.MapChar(span_of(p), ch, -2 if len(p) == 2 else p[4])


def p_encodemonster(p):
    """encodemonster : STRING
                     | CHAR
                     | '(' CHAR ',' STRING ')'
                     | RANDOM_TYPE"""
    _encode_spec(p, "monster", A.MonsterSpec)


def _encode_spec(p, noun: str, spec) -> None:
    """A monster or an object by name, by class, by both or random: its ``spec`` node,
    after the name or class is checked against the tables (``ParseChecks.name_known``)."""
    o, s = p.parser.owner, p.slice
    kind, span = s[1].type, span_of(p)
    if kind == "STRING":
        name = s[1].value
        if not o.name_known(noun, None, name):
            o.unknown_name(f'Unknown {noun} "{name}"!', span, o.name_hint(noun, None, name))
        p[0] = spec(span, None, name)
    elif kind == "CHAR":
        if not o.class_known(noun, s[1].value):
            o.unknown_name(f"Unknown {noun} class '{s[1].value}'!", span)
        p[0] = spec(span, s[1].value, None)
    elif kind == "RANDOM_TYPE":
        p[0] = spec(span, None, None)
    else:
        cls, name = s[2].value, s[4].value
        if not o.name_known(noun, cls, name):
            o.unknown_name(f"Unknown {noun} ('{cls}', \"{name}\")!", span,
                           o.name_hint(noun, cls, name))
        p[0] = spec(span, cls, name)


def p_encodexobj(p):
    """encodexobj : '(' CHAR ',' STRING ')'
                  | objectid ':' STRING"""
    o = owner(p)
    if len(p) == 6:
        if not o.object_known(p[2], p[4]):
            o.unknown_name(f"Unknown object ('{p[2]}', \"{p[4]}\")!", span_of(p), o.object_hint(p[2], p[4]))
        p[0] = A.ObjectSpec(span_of(p), p[2], p[4])
    else:
        if not o.object_known(None, p[3]):
            o.unknown_name(f'Unknown object "{p[3]}"!', span_of(p, 3), o.object_hint(None, p[3]))
        p[0] = A.ObjectSpec(span_of(p), None, p[3])


def p_encodeobj(p):
    """encodeobj : STRING
                 | CHAR
                 | '(' CHAR ',' STRING ')'
                 | RANDOM_TYPE"""
    _encode_spec(p, "object", A.ObjectSpec)


def p_string_expr(p):
    """string_expr : string_or_var
                   | string_expr '.' string_or_var"""
    p[0] = p[1] if len(p) == 2 else A.Concat(span_of(p), p[1], p[3])


def p_math_expr_leaf(p):
    """math_expr_var : INTEGER
                     | dice
                     | '(' MINUS_INTEGER ')'
                     | corefunc_int
                     | METHOD_INT
                     | VARSTRING_INT
                     | VARSTRING_INT_ARRAY '[' math_expr_var ']'"""
    kind = p.slice[1].type
    if kind == "INTEGER":
        p[0] = A.Int(span_of(p), p[1])
    elif kind in ("dice", "corefunc_int"):
        p[0] = p[1]
    elif kind == "(":
        p[0] = A.Int(span_of(p, 2), p[2])
    elif kind == "METHOD_INT":
        name, method = p[1]
        info = owner(p).lookup_var(name)
        var = A.Var(span_of(p), name, info[0], info[1])
        p[0] = A.Method(span_of(p), var, method)
    elif kind == "VARSTRING_INT":
        p[0] = var_node(p, 1)
    else:
        p[0] = A.Index(span_of(p), var_node(p, 1), p[3])


def p_math_expr_binop(p):
    """math_expr_var : math_expr_var '+' math_expr_var
                     | math_expr_var '-' math_expr_var
                     | math_expr_var '*' math_expr_var
                     | math_expr_var '/' math_expr_var
                     | math_expr_var '%' math_expr_var"""
    p[0] = A.BinOp(span_of(p, 2), p[2], p[1], p[3])


def p_math_expr_paren(p):
    """math_expr_var : '(' math_expr_var ')'"""
    p[0] = p[2]


# ============================================================== core functions
def p_corefunc_param_part(p):
    """corefunc_param_part : math_expr_var
                           | string_expr
                           | xobject_or_var
                           | coord_or_var
                           | region_or_var
                           | monsterid ':' encodemonster"""
    p[0] = p[1] if len(p) == 2 else p[3]


def p_corefunc_param_list(p):
    """corefunc_param_list : corefunc_param_part
                           | corefunc_param_part ',' corefunc_param_list"""
    p[0] = [p[1]] + (p[3] if len(p) > 2 else [])


def p_corefunc_params_list(p):
    """corefunc_params_list :
                            | corefunc_param_list"""
    p[0] = [] if len(p) == 1 else p[1]


def _corecall(p, returns):
    name = p[1]
    args = p[3] if len(p) > 2 else []
    node = A.CoreCall(span_of(p), name, args, returns)
    owner(p).check_corecall(node, had_parens=len(p) > 2)
    return node


def p_corefunc_stmt(p):
    """corefunc_stmt : CFUNC '(' corefunc_params_list ')'"""
    p[0] = A.CoreFuncStmt(span_of(p), _corecall(p, " "))


@parameterized(("int", "CFUNC_INT", "i"), ("str", "CFUNC_STR", "s"),
               ("coord", "CFUNC_COORD", "c"), ("region", "CFUNC_REGION", "r"))
def p_corefunc_xxx(p, _name, _token, returns):
    """corefunc_xxx : yyy
                    | yyy '(' corefunc_params_list ')'"""
    p[0] = _corecall(p, returns)


# ============================================================== selections
def p_ter_selection_x(p):
    """ter_selection_x : coord_or_var
                       | rect_ID region_or_var
                       | fillrect_ID region_or_var
                       | line_ID coord_or_var '-' coord_or_var
                       | randline_ID coord_or_var '-' coord_or_var ',' math_expr_var
                       | grow_ID '(' ter_selection ')'
                       | grow_ID '(' dir_list ',' ter_selection ')'
                       | filter_ID '(' SPERCENT ',' ter_selection ')'
                       | filter_ID '(' ter_selection ',' ter_selection ')'
                       | filter_ID '(' mapchar_or_var ',' ter_selection ')'
                       | flood_ID coord_or_var
                       | circle_ID '(' coord_or_var ',' math_expr_var ')'
                       | circle_ID '(' coord_or_var ',' math_expr_var ',' FILLING ')'
                       | ellipse_ID '(' coord_or_var ',' math_expr_var ',' math_expr_var ')'
                       | ellipse_ID '(' coord_or_var ',' math_expr_var ',' math_expr_var ',' FILLING ')'
                       | gradient_ID '(' GRADIENT_TYPE ',' '(' math_expr_var '-' math_expr_var opt_limited ')' ',' coord_or_var opt_coord_or_var ')'
                       | complement_ID ter_selection_x
                       | VARSTRING_SEL
                       | '(' ter_selection ')'"""
    s = p.slice
    kind = s[1].type
    sp = span_of(p)
    if kind == "coord_or_var":
        p[0] = A.SelCoord(sp, p[1])
    elif kind in ("rect_ID", "fillrect_ID"):
        p[0] = A.SelRect(sp, p[2], kind == "fillrect_ID")
    elif kind == "line_ID":
        p[0] = A.SelLine(sp, p[2], p[4])
    elif kind == "randline_ID":
        p[0] = A.SelRandLine(sp, p[2], p[4], p[6])
    elif kind == "grow_ID":
        if len(p) == 5:
            p[0] = A.SelGrow(sp, 0x0F, p[3])
        else:
            p[0] = A.SelGrow(sp, p[3], p[5])
    elif kind == "filter_ID":
        what = s[3].type
        if what == "SPERCENT":
            p[0] = A.SelFilterPercent(sp, p[3], p[5])
        elif what == "ter_selection":
            p[0] = A.SelFilterSel(sp, p[3], p[5])
        else:
            p[0] = A.SelFilterMapChar(sp, p[3], p[5])
    elif kind == "flood_ID":
        p[0] = A.SelFlood(sp, p[2])
    elif kind == "circle_ID":
        p[0] = A.SelCircle(sp, p[3], p[5], p[7] if len(p) > 7 else None)
    elif kind == "ellipse_ID":
        p[0] = A.SelEllipse(sp, p[3], p[5], p[7], p[9] if len(p) > 9 else None)
    elif kind == "gradient_ID":
        p[0] = A.SelGradient(sp, p[3], p[6], p[8], p[9], p[12], p[13])
    elif kind == "complement_ID":
        p[0] = A.SelComplement(sp, p[2])
    elif kind == "VARSTRING_SEL":
        p[0] = var_node(p, 1)
    else:
        p[0] = p[2]


def p_ter_selection(p):
    """ter_selection : ter_selection_x
                     | ter_selection_x '&' ter_selection"""
    p[0] = p[1] if len(p) == 2 else A.SelUnion(span_of(p, 2), p[1], p[3])


def p_dice(p):
    """dice : DICE"""
    n, d = p[1]
    p[0] = A.Dice(span_of(p), n, d)


def p_all_integers(p):
    """all_integers : MINUS_INTEGER
                    | PLUS_INTEGER
                    | INTEGER"""
    carry(p)
    p[0] = p[1]


def p_all_ints_push(p):
    """all_ints_push : MINUS_INTEGER
                     | PLUS_INTEGER
                     | INTEGER
                     | dice"""
    p[0] = p[1] if p.slice[1].type == "dice" else A.Int(span_of(p), p[1])


def p_ids(p):
    """objectid : object_ID
                | OBJECT_ID
       monsterid : monster_ID
                 | MONSTER_ID
       terrainid : terrain_ID
                 | TERRAIN_ID"""
    p[0] = p[1]


def p_lev_region(p):
    """lev_region : region
                  | LEV '(' INTEGER ',' INTEGER ',' INTEGER ',' INTEGER ')'"""
    if len(p) == 2:
        p[0] = p[1]
        return
    x1, y1, x2, y2 = p[3], p[5], p[7], p[9]
    o = owner(p)
    for name, v, lo, hi in (("x1", x1, 1, 79), ("y1", y1, 0, 20), ("x2", x2, 1, 79),
                            ("y2", y2, 0, 20)):
        if v < lo or v > hi:
            o.error(f"Region ({x1},{y1},{x2},{y2}) out of level range ({name})!", span_of(p))
            break
    p[0] = A.RegionLit(span_of(p), x1, y1, x2, y2, whole_level=True)


def p_region(p):
    """region : '(' INTEGER ',' INTEGER ',' INTEGER ',' INTEGER ')'"""
    x1, y1, x2, y2 = p[2], p[4], p[6], p[8]
    owner(p).check_map_region(x1, y1, x2, y2, span_of(p))
    p[0] = A.RegionLit(span_of(p), x1, y1, x2, y2)


expand_templates(globals())
