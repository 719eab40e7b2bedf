"""The shared grammar's contents of a level: MONSTER (with its infos and inventory
block), OBJECT and CONTAINER, TRAP and MON_GENERATION, as UnNetHack's
``util/lev_comp.y`` writes them, with lev_comp's checks made while parsing (a field
given twice, unknown trap and monster class names).

Why a module of its own: the grammar is split by statement family;
:mod:`unlev.lang.grammar` gathers the families for PLY.
"""

from __future__ import annotations

from . import ast as A
from .grammar_support import carry, owner, span_of
from .lexer import D_BROKEN, D_LOCKED


# ============================================================== MONSTER generation
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
        if not owner(p).monster_known(None, p[4]):
            owner(p).error("Monster generation: Invalid monster name", span_of(p, 4))
    else:
        spec = A.MonsterSpec(span_of(p, 4), p[4], None)
    p[0] = (p[2], spec)


# ============================================================== MONSTER / OBJECT
def p_monster_detail(p):
    """monster_detail : MONSTER_ID ':' monster_or_var ',' coord_or_var
                      | MONSTER_ID ':' monster_or_var ',' coord_or_var monster_infos
                      | MONSTER_ID ':' monster_or_var ',' coord_or_var stmt_block
                      | MONSTER_ID ':' monster_or_var ',' coord_or_var monster_infos stmt_block"""
    # lev_comp's ``monster_desc`` and its possibly empty info list written out in the
    # statement (one PLY reduction per MONSTER instead of three: issue 29)
    attrs, block = {}, None
    if len(p) > 6:
        if p.slice[6].type == "monster_infos":
            attrs = p[6]
            if len(p) > 7:
                block = p[7]
        else:
            block = p[6]
    p[0] = A.Monster(span_of(p), p[3], p[5], attrs, block)


def p_monster_infos(p):
    """monster_infos : ',' monster_info
                     | monster_infos ',' monster_info"""
    _extra_infos(p, "MONSTER")


def _extra_infos(p, statement: str) -> None:
    """A MONSTER's or an OBJECT's extra fields, each (key, value): a dict; lev_comp
    refuses a field given twice."""
    if len(p) == 3:
        key, value = p[2]
        p[0] = {key: value}
        return
    attrs = p[1]
    key, value = p[3]
    if key in attrs:
        owner(p).error(f"{statement} extra info defined twice.", span_of(p, 3))
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
    o = owner(p)
    if not o.trap_known(p[1]):
        o.unknown_name(f"Unknown trap type '{p[1]}'!", span_of(p), o.trap_hint(p[1]))
    rest = p[3] if len(p) > 2 else []
    if p[1] in rest:
        o.error(f"Monster seen_traps, trap '{p[1]}' listed twice.", span_of(p))
    p[0] = [p[1]] + rest


def p_object_detail(p):
    """object_detail : OBJECT_ID ':' object_or_var
                     | OBJECT_ID ':' object_or_var object_infos
                     | COBJECT_ID ':' object_or_var stmt_block
                     | COBJECT_ID ':' object_or_var object_infos stmt_block"""
    # lev_comp's ``object_desc`` and its possibly empty info list written out in the
    # statement (one PLY reduction per OBJECT instead of three: issue 29)
    container = p.slice[1].type == "COBJECT_ID"
    attrs = dict(p[4]) if len(p) > 4 and p.slice[4].type == "object_infos" else {}
    coord = attrs.pop("coord", None)
    p[0] = A.Object(span_of(p), p[3], attrs, coord, p[len(p) - 1] if container else None,
                    container)


def p_object_infos(p):
    """object_infos : ',' object_info
                    | ',' coord_or_var
                    | object_infos ',' object_info
                    | object_infos ',' coord_or_var"""
    # the position is written here rather than as ``object_info : coord_or_var``: one
    # reduction less for most OBJECTs (issue 29); a position given twice is reported
    # where the one-symbol rule's tuple put it (span_at finds no node: the last token)
    if p.slice[len(p) - 1].type != "coord_or_var":
        _extra_infos(p, "OBJECT")
        return
    attrs = {} if len(p) == 3 else p[1]
    if "coord" in attrs:
        owner(p).error("OBJECT extra info defined twice.", owner(p).last_span())
    attrs["coord"] = p[len(p) - 1]
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
                   | GREASED_ID"""
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
            owner(p).error("OBJECT state can only be locked or broken.", span_of(p))
        p[0] = ("locked" if p[1] == D_LOCKED else "broken", 1)
    elif kind == "TRAPPED_STATE":
        p[0] = ("trapped", p[1])
    elif kind == "RECHARGED_ID":
        p[0] = ("recharged", p[3])
    elif kind == "INVIS_ID":
        p[0] = ("invisible", 1)
    else:
        p[0] = ("greased", 1)


# ============================================================== TRAP
def p_trap_detail(p):
    """trap_detail : TRAP_ID ':' trap_name ',' coord_or_var"""
    p[0] = A.Trap(span_of(p), p[3], p[5])


def p_trap_name(p):
    """trap_name : STRING
                 | RANDOM_TYPE"""
    carry(p)
    if p.slice[1].type == "RANDOM_TYPE":
        p[0] = None
        return
    o = owner(p)
    if not o.trap_known(p[1]):
        o.unknown_name(f"Unknown trap type '{p[1]}'!", span_of(p), o.trap_hint(p[1]))
    p[0] = p[1]


def p_monster(p):
    """monster : CHAR"""
    carry(p)
    o = owner(p)
    if not o.monster_class_known(p[1]):
        o.error(f"Unknown monster class '{p[1]}'!", span_of(p))
    p[0] = p[1]
