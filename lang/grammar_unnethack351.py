"""UnNetHack 3.5.1's des-file dialect (``util/lev_comp.y`` of UnNetHack 3.5.1, 2009):
the step between NetHack 3.4.3's compiler and 3.5.2's, composed from the 3.5.2 grammar
(:mod:`unlev.lang.grammar_unnethack352`) with 3.4.3's rules it still had.

What 3.5.1 has that 3.5.2 changed, all of it here:

* a level starts ``MAZE: "name", filler`` (3.4.3's header: a maze grid for ``random``,
  else a solid fill, and the ``mazelevel`` flag) or ``LEVEL: "name"``; INIT_MAP is
  3.4.3's ``INIT_MAP: fg, bg, smoothed, joined, lit, walled`` (no style word);
* ``IF [N%] THEN ... ELSE ... ENDIF`` instead of braces;
* ROOM and SUBROOM are flat statements as in 3.4.3: what follows belongs to the last
  room (the loader's ``croom``, ``sp_level_coder`` of 3.5.1) and a SUBROOM to the last
  ROOM; unlev nests them as 3.5.2 writes them, a corridor, MAP or level-wide statement
  closing the rooms;
* a ``contained`` object goes into the CONTAINER before it (no ``{ }`` contents);
* ROOMDOOR takes one wall, MAZEWALK no stocking flag; no RANDLINE; comments start in
  column 1; the level flags are 3.4.3's.

Everything else (statements in any order, TERRAIN, REPLACE_TERRAIN, SPILL, ROOMDOOR,
EXIT, GEOMETRY by coordinate) is 3.5.2's, and runs with UnNetHack's semantics as 3.5.2
does.
"""

from __future__ import annotations

from . import ast as A
from . import grammar as G
from . import grammar_nethack343 as G343
from . import grammar_nethack343_details as G343D
from .grammar_compose import compose
from .grammar_unnethack352 import KEYWORDS_352, MAX_NESTED_IFS, assign_room_chance, if_chance
from .lexer import Lexicon

NAME = "unnethack351"

KEYWORDS_351 = {k: v for k, v in KEYWORDS_352.items()
                if k not in ("mazegrid", "solidfill", "mines", "RANDLINE", "noflipx", "noflipy",
                             "noflip", "mazelevel", "premapped", "shroud")}
KEYWORDS_351.update({"MAZE": ("MAZE_ID", None), "THEN": ("THEN_ID", None),
                     "ENDIF": ("ENDIF_ID", None), "contained": ("CONTAINED", None)})

LEXICON = Lexicon(NAME, KEYWORDS_351, "-|}{+xABCISHKPLWTF\\#. 0123456789\r",
                  state="unh351", core_functions=False)

# 3.5.2's rules 3.5.1 does not have, or has otherwise
DROP = [
    "level", "lev_init", "opt_fillchar", "ifstatement", "cobj_ifstatement", "if_head",
    "room_def", "subroom_def", "room_head", "subroom_head", "room_name", "room_chance",
    "door_detail : ROOMDOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos",
    "door_wall", "dir_list", "object_detail", "cobj_detail", "cobj_statements",
    "cobj_statement", "randline_detail", "opt_int", "levstatement : randline_detail",
    "mazewalk_detail : MAZEWALK_ID ':' coordinate ',' DIRECTION ',' BOOLEAN opt_fillchar",
]

span_of = G.span_of

# statements that are the level's, not a room's: they end the rooms before them
_LEVEL_WIDE = (A.Corridor, A.RandomCorridors, A.MapStmt, A.LevRegionStmt, A.NonDiggable,
               A.NonPasswall, A.InitMap)


def _o(p):
    return p.parser.owner


def p_x351_level(p):
    """level : maze_def flags lev_init levstatements
             | level_def flags lev_init levstatements"""
    flags = p[2]
    body = []
    if p.slice[1].type == "maze_def":
        name, span, filling = p[1]
        if p[3] is None:
            if filling is None:
                body.append(A.InitMap(span, "mazegrid", fill=A.MapChar(span, "-")))
            else:
                body.append(A.InitMap(span, "solidfill", fill=filling))
        flags = [("mazelevel", 0x80)] + flags
    else:
        name, span = p[1]
    if p[3] is not None:
        body.append(p[3])
    body += _nest_rooms(G343.gather_contents(p, list(p[4])))
    _o(p).last_room = None
    p[0] = A.Level(span, name, flags, A.Block(span, body))


def p_x351_ifstatement(p):
    """ifstatement : if_head THEN_ID levstatements ENDIF_ID
                   | if_head THEN_ID levstatements ELSE_ID levstatements ENDIF_ID
       if_head : IF_ID chance"""
    if p.slice[0].type == "if_head":
        o = _o(p)
        depth = getattr(o, "if_depth", 0)
        if depth >= MAX_NESTED_IFS:
            o.error("Too deeply nested IF-statements!", span_of(p))
        o.if_depth = depth + 1
        p[0] = (if_chance(span_of(p), p[2]), span_of(p))
        return
    cond, span = p[1]
    _o(p).if_depth -= 1
    then = A.Block(span_of(p, 2), _nest_rooms(list(p[3])))
    orelse = A.Block(span_of(p, 4), _nest_rooms(list(p[5]))) if len(p) > 5 else None
    p[0] = A.If(span, cond, then, orelse)


def _flags(fill):
    return A.RoomFlags(None, filled=fill, irregular=0, joined=1)


def p_x351_room_def(p):
    """room_def : ROOM_ID ':' room_type ',' light_state ',' room_pos ',' room_align ',' room_size roomfill
       subroom_def : SUBROOM_ID ':' room_type ',' light_state ',' subroom_pos ',' room_size ',' STRING roomfill"""
    o = _o(p)
    if p.slice[1].type == "ROOM_ID":
        room = A.Room(span_of(p), p[3], 100, p[5], p[7], p[9], p[11], _flags(p[12]),
                      A.Block(span_of(p), []))
    else:
        room = A.Room(span_of(p), p[3], 100, p[5], p[7], None, p[9], _flags(p[12]),
                      A.Block(span_of(p), []), subroom=True)
        room.parent_name = p[11]  # type: ignore[attr-defined]
    room.flags.span = room.span
    room.room_name = None  # type: ignore[attr-defined]
    o.last_room = room
    p[0] = room


def p_x351_room_name_chance(p):
    """room_name : NAME_ID ':' STRING
       room_chance : CHANCE_ID ':' INTEGER"""
    # lev_comp sets them on the last ROOM or SUBROOM at once (get_last_opcode_data2)
    o = _o(p)
    room = getattr(o, "last_room", None)
    naming = p.slice[1].type == "NAME_ID"
    if room is None:
        o.error("There's no room to name?!" if naming
                else "There's no room to assign a chance to?!", span_of(p))
    elif naming:
        if room.room_name is not None:
            o.error("This room already has a name!", span_of(p))
        else:
            room.room_name = p[3]
    else:
        assign_room_chance(o, room, p)
    p[0] = None


def p_x351_roomdoor(p):
    """door_detail : ROOMDOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos
       door_wall : DIRECTION
                 | RANDOM_TYPE"""
    if p.slice[0].type == "door_wall":
        G.carry(p)
        p[0] = p[1]
        return
    o = _o(p)
    if p[7] == -1 and p[9] != -1:
        o.error("If the door wall is random, so must be its pos!", span_of(p))
    elif getattr(o, "last_room", None) is None:
        o.error("Roomdoor without room?!", span_of(p))
    p[0] = A.RoomDoor(span_of(p), p[3], p[5], p[7], p[9])


def _nest_rooms(statements):
    """Flat ROOM/SUBROOM statements as blocks: the loader's ``croom`` is the last room
    or subroom made, ``mkr`` the last ROOM a SUBROOM goes into."""
    out, room, target = [], None, None
    for s in statements:
        if isinstance(s, A.Room) and not s.subroom:
            room = target = s
            out.append(s)
        elif isinstance(s, A.Room) and room is not None:
            room.body.statements.append(s)
            target = s
        elif isinstance(s, _LEVEL_WIDE) or target is None:
            room = target = None
            out.append(s)
        else:
            target.body.statements.append(s)
    return out


GRAMMAR = None


def grammar():
    """The composed UnNetHack 3.5.1 grammar namespace (built once)."""
    global GRAMMAR
    if GRAMMAR is None:
        from . import grammar_unnethack352
        base = grammar_unnethack352.grammar()
        extra = [f for n, f in sorted(globals().items()) if n.startswith("p_x351_")]
        extra += [G343.p_x343_maze_def, G343.p_x343_filling, G343.p_x343_lev_init,
                  G343D.p_x343_object_detail, G343D.p_x343_object_desc,
                  G343D.p_x343_object_where]
        tokens = sorted(set(base.tokens) - {"RANDLINE_ID", "MAZE_GRID_ID", "SOLID_FILL_ID",
                                            "MINES_ID"} | {"THEN_ID", "ENDIF_ID"})
        GRAMMAR = compose(base, drop=DROP, extra=extra, tokens=tokens, precedence=())
    return GRAMMAR
