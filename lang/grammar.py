"""The des-file grammar (PLY yacc), rule for rule as UnNetHack's ``util/lev_comp.y``.

The productions build :mod:`unlev.lang.ast` nodes. The few checks that lev_comp makes
while parsing and that need parse-time state (the typed variable table, function
scopes) live here too; the rest are in :mod:`unlev.lang.checker`.

This module holds the file structure, variables, functions and flow control, and
gathers the other statement families (``grammar_statements``: maps, rooms, terrain and
features; ``grammar_contents``: monsters, objects, traps; ``grammar_values``: values,
expressions, selections) into the one namespace PLY reads; the dialect grammars
compose theirs from it (:mod:`unlev.lang.grammar_compose`). Rules that differ only in
a few symbols are templates expanded into PLY functions
(:func:`~unlev.lang.grammar_compose.parameterized`). :mod:`unlev.lang.parser` builds
the tables once and drives them.
"""

from __future__ import annotations

from collections import deque

from . import ast as A
from . import grammar_contents, grammar_statements, grammar_values
from .grammar_compose import expand_templates, parameterized, rule_functions
from .grammar_statements import ROOM_TYPES
from .grammar_support import carry, owner, span_of, var_node
from .lexer import CORE_FUNCTIONS, tokens as _lexer_tokens

tokens = _lexer_tokens

precedence = (
    ("left", "+", "-"),
    ("left", "*", "/", "%"),
)

start = "file"


# ============================================================== file structure
def p_file(p):
    """file : header_stmts
            | header_stmts levels"""
    read = p[2] if len(p) > 2 else None
    p[0] = A.DesFile(owner(p).file_span(), list(p[1]), list(read or ()))
    included_levels = [lv for inc in p[1] if isinstance(inc, A.Include)
                       for lv in getattr(getattr(inc, "tree", None), "levels", [])]
    # lev_comp compiles the LEVELs of an INCLUDEd file as levels of this one.
    p[0].levels = included_levels + p[0].levels
    taken = streamed_file(p, p[0], read)
    if not p[0].levels and not taken and not owner(p).include_stack:
        owner(p).error("the file defines no LEVEL", owner(p).file_span(),
                        'a des-file needs at least one LEVEL: "name"')


def p_header_stmts(p):
    """header_stmts :
                    | header_stmt header_stmts"""
    p[0] = deque() if len(p) == 1 else _in_front(p[1], p[2])


def p_header_stmt(p):
    """header_stmt : function_define
                   | include_def"""
    p[0] = p[1]


def p_include_def(p):
    """include_def : INCLUDE_ID STRING"""
    p[0] = owner(p).include(A.Include(span_of(p), p[2]))


def p_levels(p):
    """levels : level
              | levels level"""
    # Left recursion, as ``levstatements``: each LEVEL joins the list as soon as it is
    # reduced, so PLY's stack holds the one list and not every LEVEL of the file until
    # its end; a LEVEL the level sink took whole (``unlev check`` has its findings and
    # keeps nothing of it: one streamed statement by statement is None here) is
    # counted by the sink, not kept.
    if len(p) == 2:
        p.slice[0].value = levels = []
    else:                   # p[0] = p[1], with p[2] added, read past PLY's p[i] calls
        p.slice[0].value = levels = p.slice[1].value
    level = p.slice[-1].value
    o = owner(p)
    sink = getattr(o, "level_sink", None)
    if sink is not None and not o.include_stack and sink.joined(
            levels, level, None if level is None else _header_below(p)):
        return
    levels.append(level)


def p_level(p):
    """level : level_def flags levstatements"""
    name, span = p[1]
    p[0] = streamed_level(p, A.Level(span, name, p[2], A.Block(span, list(p[3]))), p[3])


def p_level_def(p):
    """level_def : LEVEL_ID ':' STRING"""
    p[0] = start_level_def(p)


def start_level_def(p):
    """lev_comp's start_level_def: the name checks and a fresh variable table;
    ``p[3]`` is the name in every dialect's level header."""
    name = p[3]
    o = owner(p)
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
    owner(p).level_flags = {name for name, _bits in p[0]}


def p_flag_list(p):
    """flag_list : FLAG_TYPE ',' flag_list
                 | FLAG_TYPE"""
    item = (p.slice[1].text, p[1])
    p[0] = [item] + (p[3] if len(p) > 2 else [])


def p_levstatements(p):
    """levstatements :
                     | levstatements levstatement"""
    # Left recursion: PLY reduces each statement into the list as soon as it is read,
    # so its stack stays short however long the level (a right-recursive list held
    # every statement of a level on the stack until the level's end); ``unlev check``
    # takes a LEVEL's own statements from here one by one (``_streamed_statement``).
    if len(p) == 1:
        p[0] = deque()
    else:                   # p[0] = p[1], with p[2] added, read past PLY's p[i] calls
        p.slice[0].value = body = p.slice[1].value
        if p.slice[2].value is not None and not _streamed_statement(p, body, p.slice[2].value):
            body.append(p.slice[2].value)


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
    placeholder = owner(p).recovered()   # None, or the lenient mode's placeholder
    p[0] = placeholder


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
    p[0] = var_node(p, 1)


def p_any_var(p):
    """any_var : VARSTRING_INT
               | VARSTRING_STRING
               | VARSTRING_COORD
               | VARSTRING_REGION
               | VARSTRING_MAPCHAR
               | VARSTRING_MONST
               | VARSTRING_OBJ
               | VARSTRING_SEL"""
    p[0] = var_node(p, 1)


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
        owner(p).error(f"Trying to shuffle non-array variable '{p[3].name}'", span_of(p, 3))
    else:
        owner(p).error(f"Trying to shuffle undefined variable '{p[3]}'", span_of(p, 3))
    p[0] = None


def _define(p, vtype, is_array, value):
    target = p[1]
    owner(p).define_var(target, vtype, is_array)
    p[0] = A.Assign(target.span, target.name, vtype, is_array, value)


@parameterized(
    ("int", "math_expr_var", "int", False),
    ("sel", "selection_ID ':' ter_selection", "selection", False),
    ("str", "string_expr", "string", False),
    ("mapchar", "terrainid ':' mapchar_or_var", "mapchar", False),
    ("monster", "monsterid ':' monster_or_var", "monster", False),
    ("object", "objectid ':' object_or_var", "object", False),
    ("coord", "coord_or_var", "coord", False),
    ("region", "region_or_var", "region", False),
    ("int_array", "'{' integer_list '}'", "int", True),
    ("coord_array", "'{' encodecoord_list '}'", "coord", True),
    ("region_array", "'{' encoderegion_list '}'", "region", True),
    ("str_array", "'{' string_list '}'", "string", True),
    ("mapchar_array", "terrainid ':' '{' mapchar_list '}'", "mapchar", True),
    ("monster_array", "monsterid ':' '{' encodemonster_list '}'", "monster", True),
    ("object_array", "objectid ':' '{' encodeobj_list '}'", "object", True),
)
def p_variable_define_xxx(p, _name, _rhs, vtype, is_array):
    """variable_define : any_var_or_arr '=' yyy"""
    # The value is the last symbol; an array's items are the list inside its braces.
    last = len(p) - 1
    if is_array:
        _define(p, vtype, True, A.ArrayLit(span_of(p, last - 2), vtype, p[last - 1]))
    else:
        _define(p, vtype, False, p[last])


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
    o = owner(p)
    params = p[5]
    fdef = A.FunctionDef(span_of(p), p[2], params, p[7])
    o.end_function(fdef)
    p[0] = fdef


def p_func_begin(p):
    """func_begin :"""
    o = owner(p)
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
        owner(p).error(f"Unknown function parameter type '{p[1]}'", span_of(p))
        p[0] = "int"


def p_func_param_part(p):
    """func_param_part : any_var_or_arr ':' func_param_type"""
    var = p[1]
    owner(p).define_var(var, p[3], False)
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
    owner(p).define_var(var, "int", False)
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
    o = owner(p)
    if p[3] < 1:
        o.error("Invalid VAULTGEN frequency", span_of(p, 3))
    if not o.level_has_flag("rndvault"):
        o.error("VAULTGEN without rndvault FLAG.", span_of(p))
    p[0] = A.VaultGen(span_of(p), p[3])


# ============================================================== the other families
for _family in (grammar_statements, grammar_contents, grammar_values):
    globals().update(rule_functions(_family))
expand_templates(globals())


# The DesParser currently parsing (PLY's error hook gets no parser argument).
ACTIVE: list = []


def p_error(tok):
    ACTIVE[-1].syntax_error(tok)


__all__ = ["tokens", "precedence", "start", "ROOM_TYPES", "CORE_FUNCTIONS",
           "carry", "span_of", "start_level_def"]


def _in_front(item, rest: deque) -> deque:
    """A right-recursive list grows at its front: a deque does it in O(1) (a list
    copied at each reduction made a file of N LEVELs cost N*N/2 copies); the rule that
    uses the whole list makes it a list."""
    rest.appendleft(item)
    return rest


def streamed_level(p, level, body):
    """A finished LEVEL, handed to the parse's level sink when it has one (``unlev
    check``: :mod:`unlev.lang.level_stream` has checked its statements as they were
    read); the top file's only, never an INCLUDEd file's.  ``body`` is the statement
    list the level was read into.  None when the sink took the LEVEL whole (``levels``
    does not keep it)."""
    o = owner(p)
    sink = getattr(o, "level_sink", None)
    if sink is None or o.include_stack:
        return level
    return sink(level, _header_below(p), body)


def streamed_file(p, tree, levels) -> int:
    """How many LEVELs of the file's level list (``levels``, None when it has none) the
    parse's level sink took whole: they are not in ``tree`` but the file has them.  The
    sink learns which tree the top file's parse made of which list."""
    o = owner(p)
    sink = getattr(o, "level_sink", None)
    if sink is None or o.include_stack:
        return 0
    return sink.file_read(tree, levels)


def _streamed_statement(p, body, statement) -> bool:
    """Whether the parse's level sink took a statement of a LEVEL's own list (not one
    inside a block) and checked it, so the list need not keep it."""
    o = p.parser.owner
    sink = o.level_sink
    stack = p.stack
    if sink is None or o.include_stack or stack[-1].type != "flags":
        return False        # ``level : level_def flags levstatements``: the level's own
    # what the level_def holds past its name and place: the statements its header line
    # makes (NetHack 3.6's MAZE: fill), first in the level's body
    below = stack[-2] if len(stack) > 2 else None
    prelude = (below.value[2:] if below is not None and below.type == "level_def"
               and isinstance(below.value, tuple) else ())
    return sink.statement(statement, body, _header_below(p), prelude)


def _header_below(p):
    """The header statements under the LEVELs on PLY's stack (``file : header_stmts
    levels``), () in a grammar without them (NetHack 3.6's ``file : levels``), or
    None."""
    below = p.stack[1] if len(p.stack) > 1 else None
    if below is not None and below.type == "header_stmts":
        return below.value
    return () if not _has_header(p.parser) else None


def _has_header(parser) -> bool:
    """Whether the grammar of ``parser`` (PLY's, one per dialect) reads a header."""
    found = getattr(parser, "unlev_has_header", None)
    if found is None:
        found = parser.unlev_has_header = any(prod.name == "header_stmts"
                                              for prod in parser.productions)
    return found
