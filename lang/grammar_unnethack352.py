"""UnNetHack 3.5.2's des-file dialect (``util/lev_comp.y`` of UnNetHack 3.5.2, 2009):
NetHack 3.4.3's language with the first pieces of UnNetHack's own, composed from the
3.4.3 grammar (:mod:`unlev.lang.grammar_nethack343`) whose leaf rules it keeps
(registers, ``'c', "name"`` monsters and objects, ``MONSTER[50%]:`` chances, regions,
level regions...).

What 3.5.2's compiler has on top of 3.4.3's, all of it here:

* a level is ``LEVEL: "name"``, FLAGS, an INIT_MAP of a style (``solidfill``,
  ``mazegrid``, ``mines``) and then statements in any order: MAP parts (``GEOMETRY``
  straight after the header is fine), registers, rooms and details alike; there is no
  ``MAZE:`` header (a maze level says ``FLAGS: mazelevel``);
* ROOM and SUBROOM take their contents in a ``{ }`` block; a SUBROOM sits in its
  parent's block and still names it; NAME and CHANCE are statements of the room block;
  ROOMDOOR places a door on a room's wall (DOOR is a map door);
* ``IF [N%] { ... } ELSE { ... }`` and EXIT; a CONTAINER's contents are a block of
  OBJECTs (and IFs) without positions;
* TERRAIN (a point, a horizontal or vertical run, a rectangle ``filled``/``unfilled``),
  REPLACE_TERRAIN, RANDLINE and SPILL, each with a light state;
* MAZEWALK's stocked flag and fill character, GEOMETRY by coordinate and the
  keep-region boolean, ``blood`` engravings and UnNetHack's level flags.

The loader of that release (``src/sp_lev.c``, ``sp_level_coder``) already runs the
opcodes UnNetHack's later loader runs, so the tree is the shared one and runs with
UnNetHack's semantics. Differences kept in mind: RANDLINE's thickness (``thick`` of
``line_midpoint``) is only honoured as 1 (a warning says so); NAME and CHANCE name the
room whose block holds them (lev_comp takes the last room opened, which is the same
in every file of the release).
"""

from __future__ import annotations

from collections import deque

from . import ast as A
from . import grammar as G
from .grammar_compose import compose
from .lexer import KEYWORDS, LEVEL_FLAGS, Lexicon

NAME = "unnethack352"
MAX_REGISTERS = 10
MAX_NESTED_IFS = 20
COLNO, ROWNO = 80, 21

# lev_comp.l of 3.5.2: 3.4.3's words and the new ones; FILLING the 3.4.3 way round
# (filled 0, unfilled 1) and only the level flags it knew.
_S = {
    "MESSAGE": "MESSAGE_ID", "NOMAP": "NOMAP_ID", "LEVEL": "LEVEL_ID",
    "INIT_MAP": "LEV_INIT_ID", "mazegrid": "MAZE_GRID_ID", "solidfill": "SOLID_FILL_ID",
    "mines": "MINES_ID", "FLAGS": "FLAGS_ID", "GEOMETRY": "GEOMETRY_ID",
    "OBJECT": "OBJECT_ID", "CONTAINER": "COBJECT_ID", "MONSTER": "MONSTER_ID",
    "TRAP": "TRAP_ID", "DOOR": "DOOR_ID", "ROOMDOOR": "ROOMDOOR_ID",
    "DRAWBRIDGE": "DRAWBRIDGE_ID", "MAZEWALK": "MAZEWALK_ID", "WALLIFY": "WALLIFY_ID",
    "REGION": "REGION_ID", "RANDOM_OBJECTS": "RANDOM_OBJECTS_ID",
    "RANDOM_MONSTERS": "RANDOM_MONSTERS_ID", "RANDOM_PLACES": "RANDOM_PLACES_ID",
    "ALTAR": "ALTAR_ID", "LADDER": "LADDER_ID", "STAIR": "STAIR_ID", "PORTAL": "PORTAL_ID",
    "TELEPORT_REGION": "TELEPRT_ID", "BRANCH": "BRANCH_ID", "FOUNTAIN": "FOUNTAIN_ID",
    "SINK": "SINK_ID", "POOL": "POOL_ID", "NON_DIGGABLE": "NON_DIGGABLE_ID",
    "NON_PASSWALL": "NON_PASSWALL_ID", "IF": "IF_ID", "ELSE": "ELSE_ID", "EXIT": "EXIT_ID",
    "ROOM": "ROOM_ID", "SUBROOM": "SUBROOM_ID", "RANDOM_CORRIDORS": "RAND_CORRIDOR_ID",
    "CORRIDOR": "CORRIDOR_ID", "SPILL": "SPILL_ID", "RANDLINE": "RANDLINE_ID",
    "TERRAIN": "TERRAIN_ID", "REPLACE_TERRAIN": "REPLACE_TERRAIN_ID", "GOLD": "GOLD_ID",
    "ENGRAVING": "ENGRAVING_ID", "NAME": "NAME_ID", "CHANCE": "CHANCE_ID",
    "levregion": "LEV", "object": "O_REGISTER", "monster": "M_REGISTER",
    "place": "P_REGISTER", "align": "A_REGISTER",
}
_V = {w: KEYWORDS[w] for w in (
    "horizontal", "vertical", "open", "closed", "locked", "nodoor", "broken", "north",
    "east", "south", "west", "random", "none", "left", "half-left", "center",
    "half-right", "right", "top", "bottom", "lit", "unlit", "noalign", "law", "neutral",
    "chaos", "coaligned", "noncoaligned", "peaceful", "hostile", "asleep", "awake",
    "m_feature", "m_monster", "m_object", "sanctum", "shrine", "altar", "up", "down",
    "false", "true", "dust", "engrave", "burn", "mark", "blood", "blessed", "uncursed",
    "cursed")}
_V.update({"filled": ("FILLING", 0), "unfilled": ("FILLING", 1)})
_V.update({f: ("FLAG_TYPE", LEVEL_FLAGS[f]) for f in (
    "noteleport", "hardfloor", "nommap", "arboreal", "shortsighted", "noflipx", "noflipy",
    "noflip", "mazelevel", "premapped", "shroud")})
KEYWORDS_352 = {k: (v, None) for k, v in _S.items()}
KEYWORDS_352.update(_V)

LEXICON = Lexicon(NAME, KEYWORDS_352, "-|}{+xABCISHKPLWTF\\#. 0123456789\r",
                  state="unh352", core_functions=False)

# 3.4.3's rules 3.5.2 does not have, or has otherwise (its own are below)
DROP = [
    "level", "maze_def", "filling", "maze_level", "room_level", "lev_init", "messages",
    "regions", "aregion", "map_definition", "reg_init", "rreg_init", "init_rreg",
    "map_details", "map_detail", "rooms", "roomlist", "aroom", "room_def", "subroom_def",
    "room_details", "room_detail", "room_name", "room_chance", "room_door", "door_wall",
    "corridors_def", "corridors", "object_detail", "object_desc", "object_where",
    "door_detail", "init_reg", "chance",
    "mazewalk_detail", "coord",
]

span_of = G.span_of


def _o(p):
    return p.parser.owner


def _chance(pct, stmt):
    """The statement inside a Chance (lev_comp keeps the chance in the opcode;
    ``sp_lev.c`` draws ``rn2(100)`` against it, 100 included)."""
    return A.Chance(stmt.span, A.CondPercent(stmt.span, pct), stmt)


# ============================================================== level structure
def p_x352_level(p):
    """level : level_def flags lev_init levstatements"""
    name, span = p[1]
    body = ([p[3]] if p[3] is not None else []) + list(p[4])
    p[0] = A.Level(span, name, p[2], A.Block(span, body))


def p_x352_levstatements(p):
    """levstatements :
                     | levstatement levstatements"""
    if len(p) == 1:
        p[0] = deque()
        return
    item = p[1]
    if isinstance(item, list):          # a register: its array and its shuffle
        p[2].extendleft(reversed(item))
    elif item is not None:
        p[2].appendleft(item)
    p[0] = p[2]


def p_x352_levstatement(p):
    """levstatement : message
                    | altar_detail
                    | branch_region
                    | corridor
                    | diggable_detail
                    | door_detail
                    | drawbridge_detail
                    | engraving_detail
                    | fountain_detail
                    | gold_detail
                    | ifstatement
                    | exitstatement
                    | init_reg
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
                    | room_chance
                    | room_name
                    | sink_detail
                    | terrain_detail
                    | replace_terrain_detail
                    | spill_detail
                    | randline_detail
                    | stair_detail
                    | stair_region
                    | teleprt_region
                    | trap_detail
                    | wallify_detail"""
    p[0] = p[1]


def p_x352_levstatement_error(p):
    """levstatement : error"""
    p[0] = _o(p).recovered()


def p_x352_lev_init(p):
    """lev_init :
                | LEV_INIT_ID ':' SOLID_FILL_ID ',' CHAR
                | LEV_INIT_ID ':' MAZE_GRID_ID ',' CHAR
                | LEV_INIT_ID ':' MINES_ID ',' CHAR ',' CHAR ',' BOOLEAN ',' BOOLEAN ',' light_state ',' walled opt_fillchar"""
    if len(p) == 1:
        p[0] = None
        return
    o = _o(p)
    o.set_map_size(None)
    style = p.slice[3].type
    if style != "MINES_ID":
        o.check_map_char(p[5], span_of(p, 5), "INIT_MAP: Invalid fill char type.",
                         allow_see_through=False)
        if style == "SOLID_FILL_ID":
            p[0] = A.InitMap(span_of(p), "solidfill", fill=A.MapChar(span_of(p, 5), p[5], -2))
        else:
            p[0] = A.InitMap(span_of(p), "mazegrid", fill=A.MapChar(span_of(p, 5), p[5]))
        return
    from ..stdlib.terrain import CORR, INVALID_TYPE, ROOM
    fg, bg = o.map_type(p[5]), o.map_type(p[7])
    if fg == INVALID_TYPE:
        o.error("INIT_MAP: Invalid foreground type.", span_of(p, 5))
    if bg == INVALID_TYPE:
        o.error("INIT_MAP: Invalid background type.", span_of(p, 7))
    if p[11] and fg not in (CORR, ROOM):
        o.error("INIT_MAP: Invalid foreground type for joined map.", span_of(p, 5),
                "a joined mines map needs '.' or '#' as foreground")
    if p[16] is not None:
        o.check_map_char(p[16], span_of(p, 16), "INIT_MAP: Invalid fill char type.")
    p[0] = A.InitMap(span_of(p), "mines", fg=p[5], bg=p[7], smoothed=bool(p[9]),
                     joined=bool(p[11]), lit=p[13], walled=p[15], fillchar=p[16])


def p_x352_opt_fillchar(p):
    """opt_fillchar :
                    | ',' CHAR"""
    p[0] = None if len(p) == 1 else p[2]


def p_x352_init_reg(p):
    """init_reg : RANDOM_OBJECTS_ID ':' object_list
                | RANDOM_PLACES_ID ':' place_list
                | RANDOM_MONSTERS_ID ':' monster_list"""
    # A register list is a level's, set again by a later list (lev_comp's on_plist...).
    kind, vtype = {"RANDOM_OBJECTS_ID": ("object", "object"),
                   "RANDOM_PLACES_ID": ("place", "coord"),
                   "RANDOM_MONSTERS_ID": ("monster", "monster")}[p.slice[1].type]
    o = _o(p)
    span = span_of(p)
    items = p[3]
    if len(items) > MAX_REGISTERS:
        o.error(f"{ {'place': 'Location', 'object': 'Object', 'monster': 'Monster'}[kind]} "
                "list too long!", span)
    if not isinstance(getattr(o, "registers", None), dict):
        o.registers = {}
    o.registers[kind] = len(items)
    var = A.Var(span, kind, vtype, True)
    p[0] = [A.Assign(span, kind, vtype, True, A.ArrayLit(span, vtype, items)),
            A.Shuffle(span, var)]


def p_x352_coord(p):
    """coord : '(' INTEGER ',' INTEGER ')'"""
    x, y = p[2], p[4]
    if x < 0 or y < 0 or x >= COLNO or y >= ROWNO:
        _o(p).error("Coordinates out of map range!", span_of(p))
    p[0] = A.CoordLit(span_of(p), x, y)


def p_x352_chance(p):
    """chance :
              | PERCENT"""
    # sp_lev.c draws rn2(100) against a monster's, object's, trap's and TERRAIN's chance
    # even when it is the default 100 (create_monster, create_object, create_trap,
    # set_terrain): the statement is a Chance whatever its percentage
    if len(p) == 1:
        p[0] = 100
        return
    if p[1] <= 0 or p[1] > 100:
        _o(p).error("Expected percentile chance.", span_of(p))
    p[0] = p[1]


# ============================================================== flow control
def p_x352_exitstatement(p):
    """exitstatement : EXIT_ID"""
    p[0] = A.Exit(span_of(p))


def _if_head(p):
    o = _o(p)
    depth = getattr(o, "if_depth", 0)
    if depth >= MAX_NESTED_IFS:
        o.error("Too deeply nested IF-statements!", span_of(p))
    o.if_depth = depth + 1
    return if_chance(span_of(p), p[2])


def if_chance(span, percent):
    """``IF [N%]``: lev_comp emits a compare of ``rn2(100)`` with N and a jump over the
    block when it is greater (SPO_CMP, SPO_JG in ``sp_level_coder``), so the block runs
    for ``rn2(100) <= N``: N+1 chances in 100, as ``percent > rn2(100)`` does with N+1."""
    return A.CondPercent(span, percent + 1)


def p_x352_if_head(p):
    """if_head : IF_ID chance"""
    p[0] = (_if_head(p), span_of(p))


def p_x352_ifstatement(p):
    """ifstatement : if_head '{' levstatements '}'
                   | if_head '{' levstatements '}' ELSE_ID '{' levstatements '}'
       cobj_ifstatement : if_head '{' cobj_statements '}'
                        | if_head '{' cobj_statements '}' ELSE_ID '{' cobj_statements '}'"""
    cond, span = p[1]
    _o(p).if_depth -= 1
    then = A.Block(span_of(p, 2), list(p[3]))
    orelse = A.Block(span_of(p, 6), list(p[7])) if len(p) > 5 else None
    p[0] = A.If(span, cond, then, orelse)


# ============================================================== rooms
def _room_open(p, room):
    o = _o(p)
    if not isinstance(getattr(o, "room_stack", None), list):
        o.room_stack = []
    o.room_stack.append(room)
    room.room_name = None  # type: ignore[attr-defined]


def _in_room(p) -> bool:
    return bool(getattr(_o(p), "room_stack", None))


def _flags(fill):
    return A.RoomFlags(None, filled=fill, irregular=0, joined=1)


def p_x352_room_head(p):
    """room_head : ROOM_ID ':' room_type ',' light_state ',' room_pos ',' room_align ',' room_size roomfill"""
    room = A.Room(span_of(p), p[3], 100, p[5], p[7], p[9], p[11], _flags(p[12]),
                  A.Block(span_of(p), []))
    room.flags.span = room.span
    _room_open(p, room)
    p[0] = room


def p_x352_subroom_head(p):
    """subroom_head : SUBROOM_ID ':' room_type ',' light_state ',' subroom_pos ',' room_size ',' STRING roomfill"""
    room = A.Room(span_of(p), p[3], 100, p[5], p[7], None, p[9], _flags(p[12]),
                  A.Block(span_of(p), []), subroom=True)
    room.flags.span = room.span
    room.parent_name = p[11]  # type: ignore[attr-defined]
    _room_open(p, room)
    p[0] = room


def p_x352_room_def(p):
    """room_def : room_head '{' levstatements '}'
       subroom_def : subroom_head '{' levstatements '}'"""
    room = p[1]
    _o(p).room_stack.pop()
    room.body = A.Block(room.span, list(p[3]))
    p[0] = room


def p_x352_room_name(p):
    """room_name : NAME_ID ':' STRING"""
    # lev_comp names the room being read at once (get_last_opcode_data2)
    o = _o(p)
    if not _in_room(p):
        o.error("There's no room to name?!", span_of(p))
    elif o.room_stack[-1].room_name is not None:
        o.error("This room already has a name!", span_of(p))
    else:
        o.room_stack[-1].room_name = p[3]
    p[0] = None


def p_x352_room_chance(p):
    """room_chance : CHANCE_ID ':' INTEGER"""
    o = _o(p)
    room = o.room_stack[-1] if _in_room(p) else None
    if room is None:
        o.error("There's no room to assign a chance to?!", span_of(p))
    else:
        assign_room_chance(o, room, p)
    p[0] = None


def assign_room_chance(o, room, p) -> None:
    """CHANCE: of a room, with the checks 3.5.1's and 3.5.2's lev_comp make."""
    if room.chance != 100:
        o.error("This room already assigned a chance!", span_of(p))
    elif room.rtype == "ordinary":
        o.error("Only typed rooms can have a chance!", span_of(p))
    elif not 1 <= p[3] <= 99:
        o.error("The chance is supposed to be percentile.", span_of(p, 3))
    else:
        room.chance = p[3]


def p_x352_door_detail(p):
    """door_detail : ROOMDOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos
                   | DOOR_ID ':' door_state ',' coordinate"""
    o = _o(p)
    if p.slice[1].type == "DOOR_ID":
        p[0] = A.Door(span_of(p), p[3], A.SelCoord(p[5].span, p[5]))
        return
    if p[7] == -1 and p[9] != -1:
        o.error("If the door wall is random, so must be its pos!", span_of(p))
    elif not _in_room(p):
        o.error("Roomdoor without room?!", span_of(p))
    p[0] = A.RoomDoor(span_of(p), p[3], p[5], p[7], p[9])


def p_x352_door_wall(p):
    """door_wall : dir_list
                 | RANDOM_TYPE
       dir_list : DIRECTION
                | DIRECTION '|' dir_list"""
    G.carry(p)
    p[0] = p[1] if len(p) == 2 else (p[1] | p[3])


# ============================================================== maps
def p_x352_map_definition(p):
    """map_definition : NOMAP_ID
                      | GEOMETRY_ID ':' h_justif ',' v_justif roomfill MAP_ID
                      | GEOMETRY_ID ':' coordinate roomfill MAP_ID"""
    o = _o(p)
    if len(p) == 2:
        o.set_map_size(None)
        p[0] = A.MapStmt(span_of(p))
        return
    if len(p) == 8:
        block = p[7]
        node = A.MapStmt(span_of(p), halign=p[3], valign=p[5], keep_region=p[6],
                         lines=block.lines, first_line=block.first_line)
        o.scan_map(node, span_of(p, 7), block.size)
    else:
        block = p[5]
        node = A.MapStmt(span_of(p), coord=p[3], keep_region=p[4], lines=block.lines,
                         first_line=block.first_line)
        o.scan_map(node, span_of(p, 5), block.size)
    p[0] = node


# ============================================================== objects
def _object(p, cls, name, span, attrs, where):
    o = _o(p)
    if isinstance(cls, A.Index):
        spec = cls if name is None else A.ObjectSpec(span, None, name)
    else:
        if name is not None and not o.object_known(cls, name):
            o.warning("Illegal object name!  Making random object.", span,
                      o.object_hint(cls, name))
            name = None
        spec = A.ObjectSpec(span, cls, name)
    return A.Object(span, spec, attrs, where)


def p_x352_object_detail(p):
    """object_detail : OBJECT_ID chance ':' object_c ',' o_name ',' coordinate object_infos
                     | COBJECT_ID chance ':' object_c ',' o_name ',' coordinate object_infos '{' cobj_statements '}'
       cobj_detail : OBJECT_ID chance ':' object_c ',' o_name object_infos
                   | COBJECT_ID chance ':' object_c ',' o_name object_infos '{' cobj_statements '}'"""
    placed = p.slice[0].type == "object_detail"
    attrs_at = 9 if placed else 7
    obj = _object(p, p[4], p[6], span_of(p), p[attrs_at], p[8] if placed else None)
    if p.slice[1].type == "COBJECT_ID":
        obj.container = True
        obj.contents = A.Block(span_of(p, attrs_at + 1), list(p[attrs_at + 2]))
    p[0] = _chance(p[2], obj)


def p_x352_cobj_statements(p):
    """cobj_statements :
                       | cobj_statement cobj_statements
       cobj_statement : cobj_detail
                      | cobj_ifstatement"""
    if p.slice[0].type == "cobj_statement":
        p[0] = p[1]
    elif len(p) == 1:
        p[0] = deque()
    else:
        p[2].appendleft(p[1])
        p[0] = p[2]


# ============================================================== terrain
def _mapchar(p, i, light, message):
    """The terrain and its light. set_terrain, replace_terrain, spill_terrain and
    line_midpoint store the light state in the square's one-bit ``lit``: ``random``
    (-1) is lit there, not a coin flip."""
    _o(p).check_map_char(p[i], span_of(p, i), message, allow_see_through=False)
    return A.MapChar(span_of(p, i), p[i], 1 if light == -1 else light)


def p_x352_terrain_detail(p):
    """terrain_detail : TERRAIN_ID chance ':' coordinate ',' CHAR ',' light_state
                      | TERRAIN_ID chance ':' coordinate ',' HORIZ_OR_VERT ',' INTEGER ',' CHAR ',' light_state
                      | TERRAIN_ID chance ':' region ',' FILLING ',' CHAR ',' light_state"""
    # set_terrain: a point, a run of N squares right or down, a rectangle (filled or
    # its outline)
    span = span_of(p)
    kind = p.slice[6].type
    if kind == "CHAR":
        sel = A.SelCoord(p[4].span, p[4])
        ch = _mapchar(p, 6, p[8], "Terrain: illegal map char")
    elif kind == "HORIZ_OR_VERT":
        start, n = p[4], p[8]
        ch = _mapchar(p, 10, p[12], "Terrain: illegal map char")
        if isinstance(start, A.CoordLit):
            end = (A.CoordLit(start.span, start.x + n - 1, start.y) if p[6] == 1
                   else A.CoordLit(start.span, start.x, start.y + n - 1))
            sel = A.SelLine(span_of(p, 4), start, end)
        else:
            _o(p).error("TERRAIN: a run of squares needs a fixed start here", span_of(p, 4),
                        "unlev draws a horizontal/vertical TERRAIN from a coordinate")
            sel = A.SelCoord(start.span, start)
        if n < 1:
            p[0] = None
            return
    else:
        sel = A.SelRect(span_of(p, 4), p[4], p[6] == 0)
        ch = _mapchar(p, 8, p[10], "Terrain: illegal map char")
    p[0] = _chance(p[2], A.Terrain(span, sel, ch))


def p_x352_replace_terrain_detail(p):
    """replace_terrain_detail : REPLACE_TERRAIN_ID ':' region ',' CHAR ',' CHAR ',' light_state ',' SPERCENT"""
    src = _mapchar(p, 5, -2, "Replace terrain: illegal 'from' map char")
    dst = _mapchar(p, 7, p[9], "Replace terrain: illegal 'to' map char")
    p[0] = A.ReplaceTerrain(span_of(p), p[3], src, dst, p[11])


def p_x352_randline_detail(p):
    """randline_detail : RANDLINE_ID ':' coordinate ',' coordinate ',' CHAR ',' light_state ',' INTEGER opt_int"""
    ch = _mapchar(p, 7, p[9], "RANDLINE: Invalid map character!")
    if p[12] > 1:
        _o(p).warning(f"RANDLINE thickness {p[12]} is drawn as 1 by unlev", span_of(p))
    sel = A.SelRandLine(span_of(p), p[3], p[5], A.Int(span_of(p, 11), p[11]))
    p[0] = A.Terrain(span_of(p), sel, ch)


def p_x352_opt_int(p):
    """opt_int :
               | ',' INTEGER"""
    p[0] = 0 if len(p) == 1 else p[2]


def p_x352_spill_detail(p):
    """spill_detail : SPILL_ID ':' coordinate ',' CHAR ',' DIRECTION ',' INTEGER ',' light_state"""
    ch = _mapchar(p, 5, p[11], "SPILL: Invalid map character!")
    if p[9] < 1:
        _o(p).error("SPILL: Invalid count!", span_of(p, 9))
    p[0] = A.Spill(span_of(p), p[3], ch, p[7], A.Int(span_of(p, 9), p[9]))


def p_x352_mazewalk_detail(p):
    """mazewalk_detail : MAZEWALK_ID ':' coordinate ',' DIRECTION
                       | MAZEWALK_ID ':' coordinate ',' DIRECTION ',' BOOLEAN opt_fillchar"""
    if len(p) == 6:
        p[0] = A.MazeWalk(span_of(p), p[3], p[5])
        return
    if p[8] is not None:
        _o(p).check_map_char(p[8], span_of(p, 8), f"Unknown map char type '{p[8]}'!")
    p[0] = A.MazeWalk(span_of(p), p[3], p[5], p[7], p[8])


GRAMMAR = None


def grammar():
    """The composed UnNetHack 3.5.2 grammar namespace (built once)."""
    global GRAMMAR
    if GRAMMAR is None:
        from . import grammar_nethack343
        base = grammar_nethack343.grammar()
        extra = [f for n, f in sorted(globals().items()) if n.startswith("p_x352_")]
        tokens = sorted(set(base.tokens) | {"RANDLINE_ID"})
        GRAMMAR = compose(base, drop=DROP, extra=extra, tokens=tokens, precedence=())
    return GRAMMAR
