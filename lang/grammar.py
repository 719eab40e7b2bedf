"""The des-file grammar (PLY yacc), rule for rule as UnNetHack's ``util/lev_comp.y``.

The productions build :mod:`unlev.lang.ast` nodes. The few checks that lev_comp makes
while parsing and that need parse-time state (the typed variable table, function
scopes) live here too; the rest are in :mod:`unlev.lang.checker`.

This module only defines the rules; :mod:`unlev.lang.parser` builds the tables once
and drives them.
"""

from __future__ import annotations

from collections import deque

from . import ast as A
from .lexer import (CORE_FUNCTIONS, D_BROKEN, D_CLOSED, D_ISOPEN, D_LOCKED,
                    D_NODOOR, tokens as _lexer_tokens)
from ..stdlib.terrain import CORR, INVALID_TYPE, MAX_TYPE, ROOM, map_char_to_type

tokens = _lexer_tokens

precedence = (
    ("left", "+", "-"),
    ("left", "*", "/", "%"),
)

start = "file"

ROOM_TYPES = [
    "ordinary", "rndvault", "throne", "swamp", "vault", "beehive", "morgue", "barracks",
    "zoo", "delphi", "temple", "lemurepit", "anthole", "cocknest", "garden", "leprehall",
    "shop", "armor shop", "scroll shop", "potion shop", "weapon shop", "food shop",
    "ring shop", "wand shop", "tool shop", "book shop", "tin shop", "music shop",
    "candle shop", "pet shop", "black market", "black market foyer",
]

_VAR_TYPES = {"INT": "int", "STRING": "string", "COORD": "coord", "REGION": "region",
              "MAPCHAR": "mapchar", "MONST": "monster", "OBJ": "object", "SEL": "selection"}


def span_of(p, i=1):
    """The span of symbol ``i`` of production ``p``."""
    return p.parser.owner.span_at(p, i)


def _var_node(p, i):
    tokname = p.slice[i].type  # VARSTRING_INT_ARRAY ...
    core = tokname[len("VARSTRING_"):]
    is_array = core.endswith("_ARRAY")
    if is_array:
        core = core[: -len("_ARRAY")]
    return A.Var(span_of(p, i), p[i], _VAR_TYPES[core], is_array)


def _owner(p):
    return p.parser.owner


def carry(p, k=1):
    """Give the nonterminal being built the position of symbol ``k`` (PLY does not
    track nonterminal positions with tracking off), so errors about it point home."""
    if len(p.slice) <= k:
        return  # an empty alternative has no position of its own
    sym = p.slice[k]
    line = getattr(sym, "lineno", 0)
    if line:
        p.slice[0].lineno = line
        p.slice[0].lexpos = sym.lexpos
        p.slice[0].text = getattr(sym, "text", None)


# ============================================================== file structure
def p_file(p):
    """file : header_stmts
            | header_stmts levels"""
    levels = p[2] if len(p) > 2 else []
    p[0] = A.DesFile(_owner(p).file_span(), p[1], levels)
    included_levels = [lv for inc in p[1] if isinstance(inc, A.Include)
                       for lv in getattr(getattr(inc, "tree", None), "levels", [])]
    # lev_comp compiles the LEVELs of an INCLUDEd file as levels of this one.
    p[0].levels = included_levels + p[0].levels
    if not p[0].levels and not _owner(p).include_stack:
        _owner(p).error("the file defines no LEVEL", _owner(p).file_span(),
                        'a des-file needs at least one LEVEL: "name"')


def p_header_stmts(p):
    """header_stmts :
                    | header_stmt header_stmts"""
    p[0] = [] if len(p) == 1 else [p[1]] + p[2]


def p_header_stmt(p):
    """header_stmt : function_define
                   | include_def"""
    p[0] = p[1]


def p_include_def(p):
    """include_def : INCLUDE_ID STRING"""
    p[0] = _owner(p).include(A.Include(span_of(p), p[2]))


def p_levels(p):
    """levels : level
              | level levels"""
    p[0] = [p[1]] + (p[2] if len(p) > 2 else [])


def p_level(p):
    """level : level_def flags levstatements"""
    name, span = p[1]
    p[0] = A.Level(span, name, p[2], A.Block(span, list(p[3])))


def p_level_def(p):
    """level_def : LEVEL_ID ':' STRING"""
    p[0] = start_level_def(p)


def start_level_def(p):
    """lev_comp's start_level_def: the name checks and a fresh variable table;
    ``p[3]`` is the name in every dialect's level header."""
    name = p[3]
    o = _owner(p)
    if "." in name:
        o.error(f"Invalid dot ('.') in level name '{name}'.", span_of(p, 3))
    elif len(name) > 14:
        o.error(f"Level names limited to 14 characters ('{name}').", span_of(p, 3))
    o.new_level()
    return (name, span_of(p))


def p_flags(p):
    """flags :
             | FLAGS_ID ':' flag_list"""
    p[0] = [] if len(p) == 1 else p[3]
    _owner(p).level_flags = {name for name, _bits in p[0]}


def p_flag_list(p):
    """flag_list : FLAG_TYPE ',' flag_list
                 | FLAG_TYPE"""
    item = (p.slice[1].text, p[1])
    p[0] = [item] + (p[3] if len(p) > 2 else [])


def p_levstatements(p):
    """levstatements :
                     | levstatement levstatements"""
    # Right recursion reduces the last statement first: the list grows at its front,
    # so it is a deque (O(1) there) until the rule that uses it makes it a list.
    if len(p) == 1:
        p[0] = deque()
    else:
        if p[1] is not None:
            p[2].appendleft(p[1])
        p[0] = p[2]


def p_stmt_block(p):
    """stmt_block : '{' levstatements '}'"""
    p[0] = A.Block(span_of(p), list(p[2]))


def p_levstatement(p):
    """levstatement : message
                    | lev_init
                    | altar_detail
                    | grave_detail
                    | mon_generation
                    | sounds_detail
                    | branch_region
                    | corridor
                    | variable_define
                    | shuffle_detail
                    | diggable_detail
                    | door_detail
                    | wallwalk_detail
                    | drawbridge_detail
                    | engraving_detail
                    | mineralize
                    | fountain_detail
                    | gold_detail
                    | switchstatement
                    | forstatement
                    | loopstatement
                    | ifstatement
                    | chancestatement
                    | exitstatement
                    | breakstatement
                    | function_define
                    | function_call
                    | corefunc_stmt
                    | vaultgen_stmt
                    | ladder_detail
                    | map_definition
                    | mazewalk_detail
                    | monster_detail
                    | object_detail
                    | passwall_detail
                    | pool_detail
                    | portal_region
                    | random_corridors
                    | region_detail
                    | room_def
                    | subroom_def
                    | sink_detail
                    | terrain_detail
                    | replace_terrain_detail
                    | spill_detail
                    | stair_detail
                    | stair_region
                    | teleprt_region
                    | trap_detail
                    | wallify_detail"""
    p[0] = p[1]


def p_levstatement_error(p):
    """levstatement : error"""
    placeholder = _owner(p).recovered()   # None, or the lenient mode's placeholder
    p[0] = placeholder


# ============================================================== INIT_MAP
def p_lev_init_solid(p):
    """lev_init : LEV_INIT_ID ':' SOLID_FILL_ID ',' terrain_type"""
    _owner(p).set_map_size(None)
    p[0] = A.InitMap(span_of(p), "solidfill", fill=p[5])


def p_lev_init_mazegrid(p):
    """lev_init : LEV_INIT_ID ':' MAZE_GRID_ID ',' CHAR"""
    _owner(p).check_map_char(p[5], span_of(p, 5), "INIT_MAP: Invalid fill char type.",
                             allow_see_through=False)
    _owner(p).set_map_size(None)
    p[0] = A.InitMap(span_of(p), "mazegrid", fill=A.MapChar(span_of(p, 5), p[5]))


def p_lev_init_simple(p):
    """lev_init : LEV_INIT_ID ':' SHEOL_ID
                | LEV_INIT_ID ':' ROGUELEV_ID"""
    p[0] = A.InitMap(span_of(p), "sheollev" if p.slice[3].type == "SHEOL_ID" else "rogue")


def lenient_init_char(o, ch) -> None:
    """--lenient: an INIT_MAP character the dialect lacks (dNetHack's 's') becomes a
    placeholder, as in a MAP (reported once, drawn as floor), not an error."""
    from ..stdlib.terrain import INVALID_TYPE, map_char_to_type
    if o.lenient and isinstance(ch, str) and len(ch) == 1 and \
            ch not in getattr(o.lexicon, "ext_map_chars", ()) and \
            map_char_to_type(ch) == INVALID_TYPE:
        o.lenient_placeholder_char(ch)


def p_lev_init_mines(p):
    """lev_init : LEV_INIT_ID ':' MINES_ID ',' CHAR ',' CHAR ',' BOOLEAN ',' BOOLEAN ',' light_state ',' walled opt_fillchar"""
    o = _owner(p)
    fg, bg = p[5], p[7]
    lenient_init_char(o, fg)
    lenient_init_char(o, bg)
    fgt, bgt = o.map_type(fg), o.map_type(bg)
    if fgt == INVALID_TYPE or fgt >= MAX_TYPE:
        o.error("INIT_MAP: Invalid foreground type.", span_of(p, 5))
    if bgt == INVALID_TYPE or bgt >= MAX_TYPE:
        o.error("INIT_MAP: Invalid background type.", span_of(p, 7))
    if p[11] and fgt not in (CORR, ROOM):
        o.error("INIT_MAP: Invalid foreground type for joined map.", span_of(p, 5),
                "a joined mines map needs '.' or '#' as foreground")
    if p[16] is not None:
        o.check_map_char(p[16], span_of(p, 16), "INIT_MAP: Invalid fill char type.")
    o.set_map_size(None)
    p[0] = A.InitMap(span_of(p), "mines", fg=fg, bg=bg, smoothed=bool(p[9]), joined=bool(p[11]),
                     lit=p[13], walled=p[15], fillchar=p[16])


def p_opt_limited(p):
    """opt_limited :
                   | ',' LIMITED"""
    p[0] = False if len(p) == 1 else bool(p[2])


def p_opt_coord_or_var(p):
    """opt_coord_or_var :
                        | ',' coord_or_var"""
    p[0] = None if len(p) == 1 else p[2]


def p_opt_fillchar(p):
    """opt_fillchar :
                    | ',' CHAR"""
    p[0] = None if len(p) == 1 else p[2]
    if len(p) > 1:
        carry(p, 2)


def p_walled(p):
    """walled : BOOLEAN
              | RANDOM_TYPE"""
    carry(p)
    p[0] = p[1]


# ============================================================== variables
def p_any_var_array(p):
    """any_var_array : VARSTRING_INT_ARRAY
                     | VARSTRING_STRING_ARRAY
                     | VARSTRING_COORD_ARRAY
                     | VARSTRING_REGION_ARRAY
                     | VARSTRING_MAPCHAR_ARRAY
                     | VARSTRING_MONST_ARRAY
                     | VARSTRING_OBJ_ARRAY
                     | VARSTRING_SEL_ARRAY"""
    p[0] = _var_node(p, 1)


def p_any_var(p):
    """any_var : VARSTRING_INT
               | VARSTRING_STRING
               | VARSTRING_COORD
               | VARSTRING_REGION
               | VARSTRING_MAPCHAR
               | VARSTRING_MONST
               | VARSTRING_OBJ
               | VARSTRING_SEL"""
    p[0] = _var_node(p, 1)


def p_any_var_or_arr(p):
    """any_var_or_arr : any_var_array
                      | any_var
                      | VARSTRING"""
    p[0] = p[1] if isinstance(p[1], A.Var) else A.Var(span_of(p), p[1], "", False)


def p_any_var_or_unk(p):
    """any_var_or_unk : VARSTRING
                      | any_var"""
    p[0] = p[1] if isinstance(p[1], A.Var) else A.Var(span_of(p), p[1], "", False)


def p_shuffle_detail(p):
    """shuffle_detail : SHUFFLE_ID ':' any_var_array"""
    p[0] = A.Shuffle(span_of(p), p[3])


def p_shuffle_detail_bad(p):
    """shuffle_detail : SHUFFLE_ID ':' any_var
                      | SHUFFLE_ID ':' VARSTRING"""
    if isinstance(p[3], A.Var):
        _owner(p).error(f"Trying to shuffle non-array variable '{p[3].name}'", span_of(p, 3))
    else:
        _owner(p).error(f"Trying to shuffle undefined variable '{p[3]}'", span_of(p, 3))
    p[0] = None


def _define(p, vtype, is_array, value):
    target = p[1]
    _owner(p).define_var(target, vtype, is_array)
    p[0] = A.Assign(target.span, target.name, vtype, is_array, value)


def p_variable_define_int(p):
    """variable_define : any_var_or_arr '=' math_expr_var"""
    _define(p, "int", False, p[3])


def p_variable_define_sel(p):
    """variable_define : any_var_or_arr '=' selection_ID ':' ter_selection"""
    _define(p, "selection", False, p[5])


def p_variable_define_str(p):
    """variable_define : any_var_or_arr '=' string_expr"""
    _define(p, "string", False, p[3])


def p_variable_define_mapchar(p):
    """variable_define : any_var_or_arr '=' terrainid ':' mapchar_or_var"""
    _define(p, "mapchar", False, p[5])


def p_variable_define_monster(p):
    """variable_define : any_var_or_arr '=' monsterid ':' monster_or_var"""
    _define(p, "monster", False, p[5])


def p_variable_define_object(p):
    """variable_define : any_var_or_arr '=' objectid ':' object_or_var"""
    _define(p, "object", False, p[5])


def p_variable_define_coord(p):
    """variable_define : any_var_or_arr '=' coord_or_var"""
    _define(p, "coord", False, p[3])


def p_variable_define_region(p):
    """variable_define : any_var_or_arr '=' region_or_var"""
    _define(p, "region", False, p[3])


def p_variable_define_arrays(p):
    """variable_define : any_var_or_arr '=' '{' integer_list '}'
                       | any_var_or_arr '=' '{' encodecoord_list '}'
                       | any_var_or_arr '=' '{' encoderegion_list '}'
                       | any_var_or_arr '=' '{' string_list '}'"""
    kind = p.slice[4].type
    etype = {"integer_list": "int", "encodecoord_list": "coord",
             "encoderegion_list": "region", "string_list": "string"}[kind]
    _define(p, etype, True, A.ArrayLit(span_of(p, 3), etype, p[4]))


def p_variable_define_typed_arrays(p):
    """variable_define : any_var_or_arr '=' terrainid ':' '{' mapchar_list '}'
                       | any_var_or_arr '=' monsterid ':' '{' encodemonster_list '}'
                       | any_var_or_arr '=' objectid ':' '{' encodeobj_list '}'"""
    etype = {"mapchar_list": "mapchar", "encodemonster_list": "monster",
             "encodeobj_list": "object"}[p.slice[6].type]
    _define(p, etype, True, A.ArrayLit(span_of(p, 5), etype, p[6]))


def p_lists(p):
    """encodeobj_list : encodeobj
                      | encodeobj_list ',' encodeobj
       encodemonster_list : encodemonster
                          | encodemonster_list ',' encodemonster
       mapchar_list : mapchar
                    | mapchar_list ',' mapchar
       encoderegion_list : encoderegion
                         | encoderegion_list ',' encoderegion
       encodecoord_list : encodecoord
                        | encodecoord_list ',' encodecoord
       integer_list : math_expr_var
                    | integer_list ',' math_expr_var
       string_list : string_expr
                   | string_list ',' string_expr"""
    if len(p) == 2:
        p[0] = [p[1]]
    else:                       # grown in place: an array of 10^5 items stays linear
        p[1].append(p[3])
        p[0] = p[1]


# ============================================================== functions
def p_function_define(p):
    """function_define : FUNCTION_ID NQSTRING '(' func_begin func_params_list ')' stmt_block"""
    o = _owner(p)
    params = p[5]
    fdef = A.FunctionDef(span_of(p), p[2], params, p[7])
    o.end_function(fdef)
    p[0] = fdef


def p_func_begin(p):
    """func_begin :"""
    o = _owner(p)
    o.begin_function(p[-2], span_of(p, -2))


def p_function_call(p):
    """function_call : NQSTRING '(' func_call_params_list ')'"""
    p[0] = A.FunctionCall(span_of(p), p[1], p[3])


def p_func_param_type(p):
    """func_param_type : CFUNC_INT
                       | CFUNC_STR"""
    if p[1] in ("int", "integer"):
        p[0] = "int"
    elif p[1] in ("str", "string"):
        p[0] = "string"
    else:
        _owner(p).error(f"Unknown function parameter type '{p[1]}'", span_of(p))
        p[0] = "int"


def p_func_param_part(p):
    """func_param_part : any_var_or_arr ':' func_param_type"""
    var = p[1]
    _owner(p).define_var(var, p[3], False)
    p[0] = (var.name, p[3])


def p_func_param_list(p):
    """func_param_list : func_param_part
                       | func_param_list ',' func_param_part"""
    p[0] = [p[1]] if len(p) == 2 else p[1] + [p[3]]


def p_func_params_list(p):
    """func_params_list :
                        | func_param_list"""
    p[0] = [] if len(p) == 1 else p[1]


def p_func_call_param_part(p):
    """func_call_param_part : math_expr_var
                            | string_expr"""
    p[0] = p[1]


def p_func_call_param_list(p):
    """func_call_param_list : func_call_param_part
                            | func_call_param_list ',' func_call_param_part"""
    p[0] = [p[1]] if len(p) == 2 else p[1] + [p[3]]


def p_func_call_params_list(p):
    """func_call_params_list :
                             | func_call_param_list"""
    p[0] = [] if len(p) == 1 else p[1]


# ============================================================== flow control
def p_exitstatement(p):
    """exitstatement : EXIT_ID"""
    p[0] = A.Exit(span_of(p))


def p_opt_percent(p):
    """opt_percent :
                   | PERCENT"""
    carry(p)
    p[0] = 100 if len(p) == 1 else p[1]


def p_opt_spercent(p):
    """opt_spercent :
                    | ',' SPERCENT"""
    p[0] = 100 if len(p) == 1 else p[2]


def p_comparestmt_percent(p):
    """comparestmt : PERCENT"""
    p[0] = A.CondPercent(span_of(p), p[1])


def p_comparestmt_compare(p):
    """comparestmt : '[' math_expr_var COMPARE_TYPE math_expr_var ']'"""
    p[0] = A.CondCompare(span_of(p), p[3], p[2], p[4])


def p_comparestmt_truth(p):
    """comparestmt : '[' math_expr_var ']'"""
    p[0] = A.CondTruth(span_of(p), p[2])


def p_switchstatement(p):
    """switchstatement : SWITCH_ID '[' integer_or_var ']' '{' switchcases '}'"""
    expr = p[3]
    p[0] = A.Switch(span_of(p), expr, is_constant(expr), p[6])


def is_constant(expr) -> bool:
    """lev_comp's notion of a constant switch value: no variable, dice or core function."""
    for n in A.walk(expr):
        if isinstance(n, (A.Var, A.Index, A.Method, A.Dice, A.CoreCall)):
            return False
    return True


def p_switchcases(p):
    """switchcases :
                   | switchcase switchcases"""
    p[0] = [] if len(p) == 1 else [p[1]] + p[2]


def p_switchcase(p):
    """switchcase : CASE_ID all_integers ':' levstatements
                  | DEFAULT_ID ':' levstatements"""
    if len(p) == 5:
        p[0] = A.SwitchArm(span_of(p), p[2], list(p[4]))
    else:
        p[0] = A.SwitchArm(span_of(p), None, list(p[3]))


def p_breakstatement(p):
    """breakstatement : BREAK_ID"""
    p[0] = A.Break(span_of(p))


def p_for_to_span(p):
    """for_to_span : '.' '.'
                   | TO_ID"""


def p_forstmt_start(p):
    """forstmt_start : FOR_ID any_var_or_unk '=' math_expr_var for_to_span math_expr_var"""
    var = p[2]
    _owner(p).define_var(var, "int", False)
    p[0] = (var.name, p[4], p[6], span_of(p))


def p_forstatement(p):
    """forstatement : forstmt_start stmt_block"""
    name, start_, end, span = p[1]
    p[0] = A.For(span, name, start_, end, p[2])


def p_loopstatement(p):
    """loopstatement : LOOP_ID '[' integer_or_var ']' stmt_block"""
    p[0] = A.Loop(span_of(p), p[3], p[5])


def p_chancestatement(p):
    """chancestatement : comparestmt ':' levstatement"""
    p[0] = A.Chance(p[1].span, p[1], p[3]) if p[3] is not None else None


def p_ifstatement(p):
    """ifstatement : IF_ID comparestmt stmt_block
                   | IF_ID comparestmt stmt_block ELSE_ID stmt_block"""
    p[0] = A.If(span_of(p), p[2], p[3], p[5] if len(p) > 4 else None)


def p_vaultgen_stmt(p):
    """vaultgen_stmt : VAULTGEN_ID ':' INTEGER"""
    o = _owner(p)
    if p[3] < 1:
        o.error("Invalid VAULTGEN frequency", span_of(p, 3))
    if not o.level_has_flag("rndvault"):
        o.error("VAULTGEN without rndvault FLAG.", span_of(p))
    p[0] = A.VaultGen(span_of(p), p[3])


# ============================================================== simple statements
def p_message(p):
    """message : MESSAGE_ID ':' string_expr"""
    p[0] = A.Message(span_of(p), p[3])


def p_wallwalk_detail(p):
    """wallwalk_detail : WALLWALK_ID ':' coord_or_var ',' mapchar_or_var opt_spercent
                       | WALLWALK_ID ':' coord_or_var ',' mapchar_or_var ',' mapchar_or_var opt_spercent"""
    if len(p) == 7:
        p[0] = A.WallWalk(span_of(p), p[3], p[5], None, p[6])
    else:
        p[0] = A.WallWalk(span_of(p), p[3], p[5], p[7], p[8])


def p_random_corridors(p):
    """random_corridors : RAND_CORRIDOR_ID
                        | RAND_CORRIDOR_ID ':' all_integers
                        | RAND_CORRIDOR_ID ':' RANDOM_TYPE"""
    p[0] = A.RandomCorridors(span_of(p), None if len(p) == 2 else p[3])


def p_corridor(p):
    """corridor : CORRIDOR_ID ':' corr_spec ',' corr_spec
                | CORRIDOR_ID ':' corr_spec ',' all_integers"""
    p[0] = A.Corridor(span_of(p), p[3], p[5])


def p_corr_spec(p):
    """corr_spec : '(' INTEGER ',' DIRECTION ',' door_pos ')'"""
    p[0] = A.CorridorEnd(span_of(p), p[2], p[4], p[6])


def p_room_begin(p):
    """room_begin : room_type opt_percent ',' light_state"""
    rtype, chance = p[1], p[2]
    if chance < 100 and rtype == "ordinary":
        _owner(p).error("Only typed rooms can have a chance.", span_of(p))
    p[0] = (rtype, chance, p[4])


def p_subroom_def(p):
    """subroom_def : SUBROOM_ID ':' room_begin ',' subroom_pos ',' room_size optroomregionflags stmt_block"""
    rtype, chance, light = p[3]
    p[0] = A.Room(span_of(p), rtype, chance, light, p[5], None, p[7], p[8], p[9], subroom=True)


def p_room_def(p):
    """room_def : ROOM_ID ':' room_begin ',' room_pos ',' room_align ',' room_size optroomregionflags stmt_block"""
    rtype, chance, light = p[3]
    p[0] = A.Room(span_of(p), rtype, chance, light, p[5], p[7], p[9], p[10], p[11])


def p_roomfill(p):
    """roomfill :
                | ',' BOOLEAN"""
    p[0] = 1 if len(p) == 1 else p[2]


def p_room_pos(p):
    """room_pos : '(' INTEGER ',' INTEGER ')'
                | RANDOM_TYPE"""
    if len(p) == 2:
        p[0] = None
        return
    if not (1 <= p[2] <= 5 and 1 <= p[4] <= 5):
        _owner(p).error(f"Room positions should be between 1-5: ({p[2]},{p[4]})!", span_of(p))
    p[0] = (p[2], p[4])


def p_subroom_pos(p):
    """subroom_pos : '(' INTEGER ',' INTEGER ')'
                   | RANDOM_TYPE"""
    if len(p) == 2:
        p[0] = None
        return
    p[0] = (p[2], p[4])


def p_room_align(p):
    """room_align : '(' h_justif ',' v_justif ')'
                  | RANDOM_TYPE"""
    p[0] = None if len(p) == 2 else (p[2], p[4])


def p_room_size(p):
    """room_size : '(' INTEGER ',' INTEGER ')'
                 | RANDOM_TYPE"""
    p[0] = None if len(p) == 2 else (p[2], p[4])


def p_door_detail_room(p):
    """door_detail : ROOMDOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos"""
    if p[7] == -1 and p[9] != -1:
        _owner(p).error("If the door wall is random, so must be its pos!", span_of(p))
    p[0] = A.RoomDoor(span_of(p), p[3], p[5], p[7], p[9])


def p_door_detail(p):
    """door_detail : DOOR_ID ':' door_state ',' ter_selection"""
    p[0] = A.Door(span_of(p), p[3], p[5])


def p_secret(p):
    """secret : BOOLEAN
              | RANDOM_TYPE"""
    carry(p)
    p[0] = p[1]


def p_door_wall(p):
    """door_wall : dir_list
                 | RANDOM_TYPE"""
    carry(p)
    p[0] = p[1]


def p_dir_list(p):
    """dir_list : DIRECTION
                | DIRECTION '|' dir_list"""
    carry(p)
    p[0] = p[1] if len(p) == 2 else (p[1] | p[3])


def p_door_pos(p):
    """door_pos : INTEGER
                | RANDOM_TYPE"""
    carry(p)
    p[0] = p[1]


def p_map_definition_nomap(p):
    """map_definition : NOMAP_ID"""
    p[0] = A.MapStmt(span_of(p))
    _owner(p).set_map_size(None)


def p_map_definition_align(p):
    """map_definition : GEOMETRY_ID ':' h_justif ',' v_justif roomfill MAP_ID"""
    block = p[7]
    p[0] = A.MapStmt(span_of(p), halign=p[3], valign=p[5], keep_region=p[6],
                     lines=block.lines, first_line=block.first_line)
    _owner(p).scan_map(p[0], span_of(p, 7), block.size)


def p_map_definition_coord(p):
    """map_definition : GEOMETRY_ID ':' coord_or_var roomfill MAP_ID"""
    block = p[5]
    p[0] = A.MapStmt(span_of(p), coord=p[3], keep_region=p[4], lines=block.lines,
                     first_line=block.first_line)
    _owner(p).scan_map(p[0], span_of(p, 5), block.size)


def p_h_justif(p):
    """h_justif : LEFT_OR_RIGHT
                | CENTER"""
    carry(p)
    p[0] = p[1]


def p_v_justif(p):
    """v_justif : TOP_OR_BOT
                | CENTER"""
    carry(p)
    p[0] = p[1]


def p_sounds_detail(p):
    """sounds_detail : SOUNDS_ID ':' integer_or_var ',' sounds_list"""
    p[0] = A.Sounds(span_of(p), p[3], p[5])


def p_sounds_list(p):
    """sounds_list : lvl_sound_part
                   | lvl_sound_part ',' sounds_list"""
    p[0] = [p[1]] + (p[3] if len(p) > 2 else [])


def p_lvl_sound_part(p):
    """lvl_sound_part : '(' MSG_OUTPUT_TYPE ',' string_expr ')'"""
    p[0] = (p[2], p[4])


def p_mon_generation(p):
    """mon_generation : MON_GENERATION_ID ':' SPERCENT ',' mon_gen_list"""
    p[0] = A.MonGeneration(span_of(p), p[3], p[5])


def p_mon_gen_list(p):
    """mon_gen_list : mon_gen_part
                    | mon_gen_part ',' mon_gen_list"""
    p[0] = [p[1]] + (p[3] if len(p) > 2 else [])


def p_mon_gen_part(p):
    """mon_gen_part : '(' integer_or_var ',' monster ')'
                    | '(' integer_or_var ',' STRING ')'"""
    if p.slice[4].type == "STRING":
        spec = A.MonsterSpec(span_of(p, 4), None, p[4])
        if not _owner(p).monster_known(None, p[4]):
            _owner(p).error("Monster generation: Invalid monster name", span_of(p, 4))
    else:
        spec = A.MonsterSpec(span_of(p, 4), p[4], None)
    p[0] = (p[2], spec)


# ============================================================== MONSTER / OBJECT
def p_monster_detail(p):
    """monster_detail : MONSTER_ID ':' monster_desc
                      | MONSTER_ID ':' monster_desc stmt_block"""
    spec, coord, attrs = p[3]
    p[0] = A.Monster(span_of(p), spec, coord, attrs, p[4] if len(p) > 4 else None)


def p_monster_desc(p):
    """monster_desc : monster_or_var ',' coord_or_var monster_infos"""
    p[0] = (p[1], p[3], p[4])


def p_monster_infos(p):
    """monster_infos :
                     | monster_infos ',' monster_info"""
    if len(p) == 1:
        p[0] = {}
        return
    attrs = p[1]
    key, value = p[3]
    if key in attrs:
        _owner(p).error("MONSTER extra info defined twice.", span_of(p, 3))
    attrs[key] = value
    p[0] = attrs


def p_monster_info(p):
    """monster_info : string_expr
                    | MON_ATTITUDE
                    | MON_ALERTNESS
                    | alignment_prfx
                    | MON_APPEARANCE string_expr
                    | FEMALE_ID
                    | INVIS_ID
                    | CANCELLED_ID
                    | REVIVED_ID
                    | AVENGE_ID
                    | FLEEING_ID ':' integer_or_var
                    | BLINDED_ID ':' integer_or_var
                    | PARALYZED_ID ':' integer_or_var
                    | STUNNED_ID
                    | CONFUSED_ID
                    | SEENTRAPS_ID ':' seen_trap_mask"""
    carry(p)
    kind = p.slice[1].type
    simple = {"FEMALE_ID": "female", "INVIS_ID": "invisible", "CANCELLED_ID": "cancelled",
              "REVIVED_ID": "revived", "AVENGE_ID": "avenge", "STUNNED_ID": "stunned",
              "CONFUSED_ID": "confused"}
    if kind == "string_expr":
        p[0] = ("name", p[1])
    elif kind == "MON_ATTITUDE":
        p[0] = ("peaceful", p[1])
    elif kind == "MON_ALERTNESS":
        p[0] = ("asleep", p[1])
    elif kind == "alignment_prfx":
        p[0] = ("align", p[1])
    elif kind == "MON_APPEARANCE":
        p[0] = ("appear", (p[1], p[2]))
    elif kind in simple:
        p[0] = (simple[kind], 1)
    elif kind in ("FLEEING_ID", "BLINDED_ID", "PARALYZED_ID"):
        p[0] = (kind[:-3].lower(), p[3])
    else:
        p[0] = ("seen_traps", p[3])


def p_seen_trap_mask(p):
    """seen_trap_mask : STRING
                      | ALL_ID
                      | STRING '|' seen_trap_mask"""
    if p.slice[1].type == "ALL_ID":
        p[0] = ["all"]
        return
    o = _owner(p)
    if not o.trap_known(p[1]):
        o.unknown_name(f"Unknown trap type '{p[1]}'!", span_of(p), o.trap_hint(p[1]))
    rest = p[3] if len(p) > 2 else []
    if p[1] in rest:
        o.error(f"Monster seen_traps, trap '{p[1]}' listed twice.", span_of(p))
    p[0] = [p[1]] + rest


def p_object_detail(p):
    """object_detail : OBJECT_ID ':' object_desc
                     | COBJECT_ID ':' object_desc stmt_block"""
    spec, attrs, coord = p[3]
    container = p.slice[1].type == "COBJECT_ID"
    p[0] = A.Object(span_of(p), spec, attrs, coord, p[4] if container else None, container)


def p_object_desc(p):
    """object_desc : object_or_var object_infos"""
    attrs = dict(p[2])
    coord = attrs.pop("coord", None)
    p[0] = (p[1], attrs, coord)


def p_object_infos(p):
    """object_infos :
                    | object_infos ',' object_info"""
    if len(p) == 1:
        p[0] = {}
        return
    attrs = p[1]
    key, value = p[3]
    if key in attrs:
        _owner(p).error("OBJECT extra info defined twice.", span_of(p, 3))
    attrs[key] = value
    p[0] = attrs


def p_object_info(p):
    """object_info : CURSE_TYPE
                   | MONTYPE_ID ':' monster_or_var
                   | all_ints_push
                   | NAME_ID ':' string_expr
                   | QUANTITY_ID ':' integer_or_var
                   | BURIED_ID
                   | LIGHT_STATE
                   | ERODED_ID ':' integer_or_var
                   | ERODEPROOF_ID
                   | DOOR_STATE
                   | TRAPPED_STATE
                   | RECHARGED_ID ':' integer_or_var
                   | INVIS_ID
                   | GREASED_ID
                   | coord_or_var"""
    carry(p)
    kind = p.slice[1].type
    if kind == "CURSE_TYPE":
        p[0] = ("curse", p[1])
    elif kind == "MONTYPE_ID":
        p[0] = ("montype", p[3])
    elif kind == "all_ints_push":
        p[0] = ("spe", p[1])
    elif kind == "NAME_ID":
        p[0] = ("name", p[3])
    elif kind == "QUANTITY_ID":
        p[0] = ("quantity", p[3])
    elif kind == "BURIED_ID":
        p[0] = ("buried", 1)
    elif kind == "LIGHT_STATE":
        p[0] = ("lit", p[1])
    elif kind == "ERODED_ID":
        p[0] = ("eroded", p[3])
    elif kind == "ERODEPROOF_ID":
        # lev_comp stores erodeproof as "eroded -1": the two cannot both be given.
        p[0] = ("eroded", A.Int(span_of(p), -1))
    elif kind == "DOOR_STATE":
        if p[1] not in (D_LOCKED, D_BROKEN):
            _owner(p).error("OBJECT state can only be locked or broken.", span_of(p))
        p[0] = ("locked" if p[1] == D_LOCKED else "broken", 1)
    elif kind == "TRAPPED_STATE":
        p[0] = ("trapped", p[1])
    elif kind == "RECHARGED_ID":
        p[0] = ("recharged", p[3])
    elif kind == "INVIS_ID":
        p[0] = ("invisible", 1)
    elif kind == "GREASED_ID":
        p[0] = ("greased", 1)
    else:
        p[0] = ("coord", p[1])


# ============================================================== terrain statements
def p_trap_detail(p):
    """trap_detail : TRAP_ID ':' trap_name ',' coord_or_var"""
    p[0] = A.Trap(span_of(p), p[3], p[5])


def p_drawbridge_detail(p):
    """drawbridge_detail : DRAWBRIDGE_ID ':' coord_or_var ',' DIRECTION ',' door_state"""
    if p[7] not in (D_ISOPEN, D_CLOSED, -1):
        _owner(p).error("A drawbridge can only be open, closed or random!", span_of(p, 7))
    p[0] = A.Drawbridge(span_of(p), p[3], p[5], p[7])


def p_mazewalk_detail(p):
    """mazewalk_detail : MAZEWALK_ID ':' coord_or_var ',' DIRECTION
                       | MAZEWALK_ID ':' coord_or_var ',' DIRECTION ',' BOOLEAN opt_fillchar"""
    if len(p) == 6:
        p[0] = A.MazeWalk(span_of(p), p[3], p[5])
    else:
        if p[8] is not None:
            _owner(p).check_map_char(p[8], span_of(p, 8), f"Unknown map char type '{p[8]}'!")
        p[0] = A.MazeWalk(span_of(p), p[3], p[5], p[7], p[8])


def p_wallify_detail(p):
    """wallify_detail : WALLIFY_ID
                      | WALLIFY_ID ':' ter_selection"""
    p[0] = A.Wallify(span_of(p), p[3] if len(p) > 2 else None)


def p_ladder_detail(p):
    """ladder_detail : LADDER_ID ':' coord_or_var ',' UP_OR_DOWN"""
    p[0] = A.Ladder(span_of(p), p[3], p[5])


def p_stair_detail(p):
    """stair_detail : STAIR_ID ':' coord_or_var ',' UP_OR_DOWN"""
    p[0] = A.Stair(span_of(p), p[3], p[5])


def p_stair_region(p):
    """stair_region : STAIR_ID ':' lev_region ',' lev_region ',' UP_OR_DOWN"""
    p[0] = A.LevRegionStmt(span_of(p), "stair", p[3], p[5], up=p[7])


def p_portal_region(p):
    """portal_region : PORTAL_ID ':' lev_region ',' lev_region ',' STRING"""
    p[0] = A.LevRegionStmt(span_of(p), "portal", p[3], p[5], dest=p[7])


def p_teleprt_region(p):
    """teleprt_region : TELEPRT_ID ':' lev_region ',' lev_region teleprt_detail"""
    p[0] = A.LevRegionStmt(span_of(p), "teleport", p[3], p[5], up=p[6])


def p_branch_region(p):
    """branch_region : BRANCH_ID ':' lev_region ',' lev_region"""
    p[0] = A.LevRegionStmt(span_of(p), "branch", p[3], p[5])


def p_teleprt_detail(p):
    """teleprt_detail :
                      | ',' UP_OR_DOWN"""
    carry(p)
    p[0] = None if len(p) == 1 else p[2]


def p_features(p):
    """fountain_detail : FOUNTAIN_ID ':' ter_selection
       sink_detail : SINK_ID ':' ter_selection
       pool_detail : POOL_ID ':' ter_selection"""
    kind = {"FOUNTAIN_ID": "fountain", "SINK_ID": "sink", "POOL_ID": "pool"}[p.slice[1].type]
    p[0] = A.Feature(span_of(p), kind, p[3])


def p_terrain_type(p):
    """terrain_type : CHAR
                    | '(' CHAR ',' light_state ')'"""
    if len(p) == 2:
        _owner(p).check_map_char(p[1], span_of(p), "INIT_MAP: Invalid fill char type.",
                                 allow_see_through=False)
        p[0] = A.MapChar(span_of(p), p[1], -2)
    else:
        _owner(p).check_map_char(p[2], span_of(p, 2), "INIT_MAP: Invalid fill char type.",
                                 allow_see_through=False)
        p[0] = A.MapChar(span_of(p), p[2], p[4])


def p_replace_terrain_detail(p):
    """replace_terrain_detail : REPLACE_TERRAIN_ID ':' region_or_var ',' mapchar_or_var ',' mapchar_or_var ',' SPERCENT"""
    p[0] = A.ReplaceTerrain(span_of(p), p[3], p[5], p[7], p[9])


def p_terrain_detail(p):
    """terrain_detail : TERRAIN_ID ':' ter_selection ',' mapchar_or_var"""
    p[0] = A.Terrain(span_of(p), p[3], p[5])


def p_spill_detail(p):
    """spill_detail : SPILL_ID ':' coord_or_var ',' mapchar_or_var ',' DIRECTION ',' math_expr_var"""
    p[0] = A.Spill(span_of(p), p[3], p[5], p[7], p[9])


def p_diggable_detail(p):
    """diggable_detail : NON_DIGGABLE_ID ':' region_or_var"""
    p[0] = A.NonDiggable(span_of(p), p[3])


def p_passwall_detail(p):
    """passwall_detail : NON_PASSWALL_ID ':' region_or_var"""
    p[0] = A.NonPasswall(span_of(p), p[3])


def p_region_detail(p):
    """region_detail : REGION_ID ':' region_or_var ',' light_state ',' room_type optroomregionflags region_detail_end"""
    flags = p[8]
    body = p[9]
    rtype = p[7]
    # lev_comp's "Cannot use lev statements in non-permanent REGION" can never fire:
    # it shifts the room type of unfilled regions before testing it, so every REGION
    # with contents counts as permanent. We accept the same.
    p[0] = A.RegionStmt(span_of(p), p[3], p[5], rtype, flags, body)


def p_region_detail_end(p):
    """region_detail_end :
                         | stmt_block"""
    p[0] = None if len(p) == 1 else p[1]


def p_altar_detail(p):
    """altar_detail : ALTAR_ID ':' coord_or_var ',' alignment ',' altar_type"""
    p[0] = A.Altar(span_of(p), p[3], p[5], p[7])


def p_grave_detail(p):
    """grave_detail : GRAVE_ID ':' coord_or_var ',' string_expr
                    | GRAVE_ID ':' coord_or_var ',' RANDOM_TYPE
                    | GRAVE_ID ':' coord_or_var"""
    if len(p) == 4:
        p[0] = A.Grave(span_of(p), p[3], None, False)
    elif p.slice[5].type == "RANDOM_TYPE":
        p[0] = A.Grave(span_of(p), p[3], None, True)
    else:
        p[0] = A.Grave(span_of(p), p[3], p[5], False)


def p_gold_detail(p):
    """gold_detail : GOLD_ID ':' math_expr_var ',' coord_or_var"""
    p[0] = A.Gold(span_of(p), p[3], p[5])


def p_engraving_detail(p):
    """engraving_detail : ENGRAVING_ID ':' coord_or_var ',' engraving_type ',' string_expr"""
    p[0] = A.Engraving(span_of(p), p[3], p[5], p[7])


def p_mineralize(p):
    """mineralize : MINERALIZE_ID ':' integer_or_var ',' integer_or_var ',' integer_or_var ',' integer_or_var
                  | MINERALIZE_ID"""
    if len(p) == 2:
        p[0] = A.Mineralize(span_of(p))
    else:
        p[0] = A.Mineralize(span_of(p), p[3], p[5], p[7], p[9])


def p_trap_name(p):
    """trap_name : STRING
                 | RANDOM_TYPE"""
    carry(p)
    if p.slice[1].type == "RANDOM_TYPE":
        p[0] = None
        return
    o = _owner(p)
    if not o.trap_known(p[1]):
        o.unknown_name(f"Unknown trap type '{p[1]}'!", span_of(p), o.trap_hint(p[1]))
    p[0] = p[1]


def p_room_type(p):
    """room_type : STRING
                 | RANDOM_TYPE"""
    carry(p)
    if p.slice[1].type == "RANDOM_TYPE":
        p[0] = None
        return
    name = p[1]
    if name not in ROOM_TYPES:
        o = _owner(p)
        # lev_comp warns and makes an ordinary room (a --data profile's type: the variant's)
        o.unknown_room_type(name, span_of(p), ROOM_TYPES)
        name = "ordinary"
    p[0] = name


def p_optroomregionflags(p):
    """optroomregionflags :
                          | ',' roomregionflags"""
    if len(p) == 1:
        p[0] = A.RoomFlags(_owner(p).last_span(), filled=1, irregular=0, joined=1)
    else:
        bits = p[2]
        p[0] = A.RoomFlags(span_of(p, 2), filled=bits & 1, irregular=(bits >> 1) & 1,
                           joined=0 if bits & 4 else 1)


def p_roomregionflags(p):
    """roomregionflags : roomregionflag
                       | roomregionflag ',' roomregionflags"""
    p[0] = p[1] if len(p) == 2 else (p[1] | p[3])


def p_roomregionflag(p):
    """roomregionflag : FILLING
                      | IRREGULAR
                      | JOINED"""
    carry(p)
    shift = {"FILLING": 0, "IRREGULAR": 1, "JOINED": 2}[p.slice[1].type]
    p[0] = p[1] << shift


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
        _owner(p).error("Register Index overflow!", span_of(p, 3),
                        "the align register has three entries: align[0], align[1], align[2]")
    p[0] = A.AlignSpec(span_of(p), "register", p[3])


def p_monster(p):
    """monster : CHAR"""
    carry(p)
    o = _owner(p)
    if not o.monster_class_known(p[1]):
        o.error(f"Unknown monster class '{p[1]}'!", span_of(p))
    p[0] = p[1]


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
        p[0] = _var_node(p, 1)
    elif kind == "VARSTRING_STRING_ARRAY":
        p[0] = A.Index(span_of(p), _var_node(p, 1), p[3])
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
        p[0] = _var_node(p, 1)
    else:
        p[0] = A.Index(span_of(p), _var_node(p, 1), p[3])


def p_encodecoord(p):
    """encodecoord : '(' INTEGER ',' INTEGER ')'
                   | RANDOM_TYPE
                   | RANDOM_TYPE_BRACKET humidity_flags ']'"""
    kind = p.slice[1].type
    if kind == "RANDOM_TYPE":
        p[0] = A.RandomCoord(span_of(p), 0)
    elif kind == "RANDOM_TYPE_BRACKET":
        p[0] = A.RandomCoord(span_of(p), p[2])
    else:
        x, y = p[2], p[4]
        if x < 0 or y < 0 or x >= 80 or y >= 21:
            _owner(p).error(f"Coordinates ({x},{y}) out of map range!", span_of(p))
        p[0] = A.CoordLit(span_of(p), x, y)


def p_humidity_flags(p):
    """humidity_flags : HUMIDITY_TYPE
                      | HUMIDITY_TYPE ',' humidity_flags"""
    if len(p) == 2:
        p[0] = p[1]
    else:
        if p[1] & p[3]:
            _owner(p).warning("Humidity flag used twice.", span_of(p))
        p[0] = p[1] | p[3]


def p_region_or_var(p):
    """region_or_var : encoderegion
                     | VARSTRING_REGION
                     | VARSTRING_REGION_ARRAY '[' math_expr_var ']'"""
    kind = p.slice[1].type
    if kind == "encoderegion":
        p[0] = p[1]
    elif kind == "VARSTRING_REGION":
        p[0] = _var_node(p, 1)
    else:
        p[0] = A.Index(span_of(p), _var_node(p, 1), p[3])


def p_encoderegion(p):
    """encoderegion : '(' INTEGER ',' INTEGER ',' INTEGER ',' INTEGER ')'
                    | corefunc_region"""
    if len(p) == 2:
        p[0] = p[1]
        return
    x1, y1, x2, y2 = p[2], p[4], p[6], p[8]
    if x1 > x2 or y1 > y2:
        _owner(p).error(f"Region start > end: ({x1},{y1},{x2},{y2})!", span_of(p),
                        "write the top-left corner first")
    p[0] = A.RegionLit(span_of(p), x1, y1, x2, y2)


def p_mapchar_or_var(p):
    """mapchar_or_var : mapchar
                      | VARSTRING_MAPCHAR
                      | VARSTRING_MAPCHAR_ARRAY '[' math_expr_var ']'"""
    kind = p.slice[1].type
    if kind == "mapchar":
        p[0] = p[1]
    elif kind == "VARSTRING_MAPCHAR":
        p[0] = _var_node(p, 1)
    else:
        p[0] = A.Index(span_of(p), _var_node(p, 1), p[3])


def p_mapchar(p):
    """mapchar : CHAR
               | '(' CHAR ',' light_state ')'"""
    ch = p[1] if len(p) == 2 else p[2]
    span = span_of(p) if len(p) == 2 else span_of(p, 2)
    _owner(p).check_map_char(ch, span, f"Unknown map char type '{ch}'!")
    p[0] = A.MapChar(span_of(p), ch, -2 if len(p) == 2 else p[4])


def p_monster_or_var(p):
    """monster_or_var : encodemonster
                      | VARSTRING_MONST
                      | VARSTRING_MONST_ARRAY '[' math_expr_var ']'"""
    kind = p.slice[1].type
    if kind == "encodemonster":
        p[0] = p[1]
    elif kind == "VARSTRING_MONST":
        p[0] = _var_node(p, 1)
    else:
        p[0] = A.Index(span_of(p), _var_node(p, 1), p[3])


def p_encodemonster(p):
    """encodemonster : STRING
                     | CHAR
                     | '(' CHAR ',' STRING ')'
                     | RANDOM_TYPE"""
    o = _owner(p)
    kind = p.slice[1].type
    if kind == "STRING":
        if not o.monster_known(None, p[1]):
            o.unknown_name(f'Unknown monster "{p[1]}"!', span_of(p), o.monster_hint(None, p[1]))
        p[0] = A.MonsterSpec(span_of(p), None, p[1])
    elif kind == "CHAR":
        if not o.monster_class_known(p[1]):
            o.unknown_name(f"Unknown monster class '{p[1]}'!", span_of(p))
        p[0] = A.MonsterSpec(span_of(p), p[1], None)
    elif kind == "RANDOM_TYPE":
        p[0] = A.MonsterSpec(span_of(p), None, None)
    else:
        if not o.monster_known(p[2], p[4]):
            o.unknown_name(f"Unknown monster ('{p[2]}', \"{p[4]}\")!", span_of(p), o.monster_hint(p[2], p[4]))
        p[0] = A.MonsterSpec(span_of(p), p[2], p[4])


def p_object_or_var(p):
    """object_or_var : encodeobj
                     | VARSTRING_OBJ
                     | VARSTRING_OBJ_ARRAY '[' math_expr_var ']'
       xobject_or_var : encodexobj
                      | VARSTRING_OBJ
                      | VARSTRING_OBJ_ARRAY '[' math_expr_var ']'"""
    kind = p.slice[1].type
    if kind in ("encodeobj", "encodexobj"):
        p[0] = p[1]
    elif kind == "VARSTRING_OBJ":
        p[0] = _var_node(p, 1)
    else:
        p[0] = A.Index(span_of(p), _var_node(p, 1), p[3])


def p_encodexobj(p):
    """encodexobj : '(' CHAR ',' STRING ')'
                  | objectid ':' STRING"""
    o = _owner(p)
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
    o = _owner(p)
    kind = p.slice[1].type
    if kind == "STRING":
        if not o.object_known(None, p[1]):
            o.unknown_name(f'Unknown object "{p[1]}"!', span_of(p), o.object_hint(None, p[1]))
        p[0] = A.ObjectSpec(span_of(p), None, p[1])
    elif kind == "CHAR":
        if not o.object_class_known(p[1]):
            o.unknown_name(f"Unknown object class '{p[1]}'!", span_of(p))
        p[0] = A.ObjectSpec(span_of(p), p[1], None)
    elif kind == "RANDOM_TYPE":
        p[0] = A.ObjectSpec(span_of(p), None, None)
    else:
        if not o.object_known(p[2], p[4]):
            o.unknown_name(f"Unknown object ('{p[2]}', \"{p[4]}\")!", span_of(p), o.object_hint(p[2], p[4]))
        p[0] = A.ObjectSpec(span_of(p), p[2], p[4])


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
        info = _owner(p).lookup_var(name)
        var = A.Var(span_of(p), name, info[0], info[1])
        p[0] = A.Method(span_of(p), var, method)
    elif kind == "VARSTRING_INT":
        p[0] = _var_node(p, 1)
    else:
        p[0] = A.Index(span_of(p), _var_node(p, 1), p[3])


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
    _owner(p).check_corecall(node, had_parens=len(p) > 2)
    return node


def p_corefunc_stmt(p):
    """corefunc_stmt : CFUNC '(' corefunc_params_list ')'"""
    p[0] = A.CoreFuncStmt(span_of(p), _corecall(p, " "))


def p_corefunc_int(p):
    """corefunc_int : CFUNC_INT
                    | CFUNC_INT '(' corefunc_params_list ')'"""
    p[0] = _corecall(p, "i")


def p_corefunc_str(p):
    """corefunc_str : CFUNC_STR
                    | CFUNC_STR '(' corefunc_params_list ')'"""
    p[0] = _corecall(p, "s")


def p_corefunc_coord(p):
    """corefunc_coord : CFUNC_COORD
                      | CFUNC_COORD '(' corefunc_params_list ')'"""
    p[0] = _corecall(p, "c")


def p_corefunc_region(p):
    """corefunc_region : CFUNC_REGION
                       | CFUNC_REGION '(' corefunc_params_list ')'"""
    p[0] = _corecall(p, "r")


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
        p[0] = _var_node(p, 1)
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
    o = _owner(p)
    for name, v, lo, hi in (("x1", x1, 1, 79), ("y1", y1, 0, 20), ("x2", x2, 1, 79),
                            ("y2", y2, 0, 20)):
        if v < lo or v > hi:
            o.error(f"Region ({x1},{y1},{x2},{y2}) out of level range ({name})!", span_of(p))
            break
    p[0] = A.RegionLit(span_of(p), x1, y1, x2, y2, whole_level=True)


def p_region(p):
    """region : '(' INTEGER ',' INTEGER ',' INTEGER ',' INTEGER ')'"""
    x1, y1, x2, y2 = p[2], p[4], p[6], p[8]
    _owner(p).check_map_region(x1, y1, x2, y2, span_of(p))
    p[0] = A.RegionLit(span_of(p), x1, y1, x2, y2)


# The DesParser currently parsing (PLY's error hook gets no parser argument).
ACTIVE: list = []


def p_error(tok):
    ACTIVE[-1].syntax_error(tok)


__all__ = ["tokens", "precedence", "start", "ROOM_TYPES", "CORE_FUNCTIONS"]
