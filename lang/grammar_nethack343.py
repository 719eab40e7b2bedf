"""NetHack 3.4.3's des-file dialect (``util/lev_comp.y`` of 3.4.3), built on the leaf
rules of the shared grammar (regions, justification, states, alignments, level-region
statements, corridors' ends...) with its own level structure on top.

3.4.3 has no variables, expressions or flow control. A level is either

* a MAZE level: ``MAZE: "name", filler``, FLAGS, INIT_MAP, MESSAGEs, then up to nine
  maze-parts, each a NOMAP or GEOMETRY+MAP, its random registers
  (``RANDOM_PLACES/RANDOM_MONSTERS/RANDOM_OBJECTS``, shuffled, used as ``place[N]``,
  ``monster[N]``, ``object[N]``) and its details; or
* a ROOM level: ``LEVEL: "name"``, FLAGS, INIT_MAP, MESSAGEs, RANDOM_MONSTERS/OBJECTS,
  ROOMs and SUBROOMs (a SUBROOM names its parent's NAME), each followed by its NAME,
  CHANCE, room DOORs and contents, then RANDOM_CORRIDORS or CORRIDORs.

The tree it builds is the shared one, so the evaluator and loader run it: registers
become shuffled arrays (``$place``...), a chance prefix ``MONSTER[50%]:`` becomes
``[50%]: MONSTER``, ``contained`` objects move into the CONTAINER before them, and a
SUBROOM goes first into its parent's block (3.4.3 makes every room before filling
any). Unknown monster and object names are warnings (the game makes a random one).

This module is the level structure (levels, maze-parts, rooms, corridors); the details
inside them are :mod:`unlev.lang.grammar_nethack343_details`.
"""

from __future__ import annotations

from . import ast as A
from . import grammar as G
from . import grammar_statements
from .grammar_compose import compose
from .grammar_nethack343_details import MAX_REGISTERS, owner as _o
from . import grammar_nethack343_details as details
from .lexer import KEYWORDS, Lexicon

NAME = "nethack343"

_S = {
    "MESSAGE": "MESSAGE_ID", "MAZE": "MAZE_ID", "NOMAP": "NOMAP_ID", "LEVEL": "LEVEL_ID",
    "INIT_MAP": "LEV_INIT_ID", "FLAGS": "FLAGS_ID", "GEOMETRY": "GEOMETRY_ID",
    "OBJECT": "OBJECT_ID", "CONTAINER": "COBJECT_ID", "MONSTER": "MONSTER_ID",
    "TRAP": "TRAP_ID", "DOOR": "DOOR_ID", "DRAWBRIDGE": "DRAWBRIDGE_ID",
    "MAZEWALK": "MAZEWALK_ID", "WALLIFY": "WALLIFY_ID", "REGION": "REGION_ID",
    "RANDOM_OBJECTS": "RANDOM_OBJECTS_ID", "RANDOM_MONSTERS": "RANDOM_MONSTERS_ID",
    "RANDOM_PLACES": "RANDOM_PLACES_ID", "ALTAR": "ALTAR_ID", "LADDER": "LADDER_ID",
    "STAIR": "STAIR_ID", "PORTAL": "PORTAL_ID", "TELEPORT_REGION": "TELEPRT_ID",
    "BRANCH": "BRANCH_ID", "FOUNTAIN": "FOUNTAIN_ID", "SINK": "SINK_ID", "POOL": "POOL_ID",
    "NON_DIGGABLE": "NON_DIGGABLE_ID", "NON_PASSWALL": "NON_PASSWALL_ID", "ROOM": "ROOM_ID",
    "SUBROOM": "SUBROOM_ID", "RANDOM_CORRIDORS": "RAND_CORRIDOR_ID",
    "CORRIDOR": "CORRIDOR_ID", "GOLD": "GOLD_ID", "ENGRAVING": "ENGRAVING_ID",
    "NAME": "NAME_ID", "CHANCE": "CHANCE_ID", "levregion": "LEV", "object": "O_REGISTER",
    "monster": "M_REGISTER", "place": "P_REGISTER", "align": "A_REGISTER",
    "contained": "CONTAINED",
}
# The valued words 3.4.3's lev_comp knows: the shared table's, but FILLING the other
# way round from later lev_comps.
_V = {w: KEYWORDS[w] for w in (
    "open", "closed", "locked", "nodoor", "broken", "north", "east", "south", "west",
    "random", "none", "left", "half-left", "center", "half-right", "right", "top",
    "bottom", "lit", "unlit", "noalign", "law", "neutral", "chaos", "coaligned",
    "noncoaligned", "peaceful", "hostile", "asleep", "awake", "m_feature", "m_monster",
    "m_object", "sanctum", "shrine", "altar", "up", "down", "false", "true", "dust",
    "engrave", "burn", "mark", "blessed", "uncursed", "cursed", "noteleport",
    "hardfloor", "nommap", "shortsighted", "arboreal")}
_V.update({"filled": ("FILLING", 0), "unfilled": ("FILLING", 1)})
KEYWORDS_343 = {k: (v, None) for k, v in _S.items()}
KEYWORDS_343.update(_V)

LEXICON = Lexicon(NAME, KEYWORDS_343, "-|}{+ABCISHKPLWTF\\#. 0123456789\r", state="nh343",
                  core_functions=False)

# Shared nonterminals this grammar stands on.
SHARED = {
    "levels", "flags", "flag_list", "h_justif", "v_justif", "lev_region", "region",
    "teleprt_detail", "stair_region", "portal_region", "teleprt_region", "branch_region",
    "corr_spec", "door_pos", "walled", "secret", "room_align", "room_size", "roomfill",
    "room_pos", "subroom_pos", "trap_name", "room_type", "door_state", "light_state",
    "altar_type", "engraving_type", "alignment", "a_register", "random_corridors",
}
DROP = ["random_corridors : RAND_CORRIDOR_ID ':' all_integers",
        "random_corridors : RAND_CORRIDOR_ID ':' RANDOM_TYPE"]

span_of = G.span_of


# ============================================================== levels
def p_x343_file(p):
    """file :
            | levels"""
    read = p[1] if len(p) > 1 else None
    p[0] = A.DesFile(_o(p).file_span(), [], list(read or ()))
    G.streamed_file(p, p[0], read)


def p_x343_level(p):
    """level : maze_level
             | room_level"""
    p[0] = p[1]


def _header_name(p, i):
    name = p[i]
    o = _o(p)
    if "." in name:
        o.error("Invalid dot ('.') in level name.", span_of(p, i))
    elif len(name) > 8:
        o.error("Level names limited to 8 characters.", span_of(p, i))
    o.new_level()
    o.registers = {}
    o.init_present = False
    o.in_room = False
    return name


def p_x343_maze_def(p):
    """maze_def : MAZE_ID ':' STRING ',' filling"""
    p[0] = (_header_name(p, 3), span_of(p), p[5])


def p_x343_filling(p):
    """filling : CHAR
               | RANDOM_TYPE"""
    if p.slice[1].type == "RANDOM_TYPE":
        p[0] = None
    else:
        o = _o(p)
        from ..stdlib.terrain import INVALID_TYPE, MAX_TYPE, map_char_to_type
        t = map_char_to_type(p[1])
        if t == INVALID_TYPE or t >= MAX_TYPE:
            o.warning("Invalid fill character in MAZE declaration", span_of(p))
        p[0] = A.MapChar(span_of(p), p[1])


def p_x343_maze_level(p):
    """maze_level : maze_def flags lev_init messages regions"""
    name, span, filling = p[1]
    body = []
    if p[3] is not None:
        body.append(p[3])
    elif filling is None:
        body.append(A.InitMap(span, "mazegrid", fill=A.MapChar(span, "-")))
    else:
        body.append(A.InitMap(span, "solidfill", fill=filling))
    body += p[4]
    for part in p[5]:
        body += part
    flags = [("mazelevel", 0x80)] + p[2]
    p[0] = A.Level(span, name, flags, A.Block(span, body))


def p_x343_level_def(p):
    """level_def : LEVEL_ID ':' STRING"""
    p[0] = (_header_name(p, 3), span_of(p))


def p_x343_room_level(p):
    """room_level : level_def flags lev_init messages rreg_init rooms corridors_def"""
    name, span = p[1]
    body = ([p[3]] if p[3] is not None else []) + p[4] + p[5]
    body += _attach_subrooms(p, p[6]) + p[7]
    p[0] = A.Level(span, name, p[2], A.Block(span, body))


def p_x343_lev_init(p):
    """lev_init :
                | LEV_INIT_ID ':' CHAR ',' CHAR ',' BOOLEAN ',' BOOLEAN ',' light_state ',' walled"""
    if len(p) == 1:
        p[0] = None
        return
    o = _o(p)
    from ..stdlib.terrain import CORR, INVALID_TYPE, ROOM, map_char_to_type
    for i in (3, 5):
        grammar_statements.lenient_init_char(o, p[i])
    fg, bg = o.map_type(p[3]), o.map_type(p[5])
    if fg == INVALID_TYPE:
        o.error("Invalid foreground type.", span_of(p, 3))
    if bg == INVALID_TYPE:
        o.error("Invalid background type.", span_of(p, 5))
    if p[9] and fg not in (CORR, ROOM):
        o.error("Invalid foreground type for joined map.", span_of(p, 3))
    o.init_present = True
    o.set_map_size(None)
    p[0] = A.InitMap(span_of(p), "mines", fg=p[3], bg=p[5], smoothed=bool(p[7]),
                     joined=bool(p[9]), lit=p[11], walled=p[13])


def p_x343_messages(p):
    """messages :
                | message messages"""
    p[0] = [] if len(p) == 1 else [p[1]] + p[2]


def p_x343_message(p):
    """message : MESSAGE_ID ':' STRING"""
    if len(p[3]) > 256:
        _o(p).error("Message string too long (>256 characters)", span_of(p, 3))
    p[0] = A.Message(span_of(p), A.Str(span_of(p, 3), p[3]))


# ============================================================== maze parts
def p_x343_regions(p):
    """regions : aregion
               | aregion regions"""
    p[0] = [p[1]] + (p[2] if len(p) > 2 else [])


def p_x343_aregion(p):
    """aregion : map_definition reg_init map_details"""
    p[0] = [p[1]] + p[2] + gather_contents(p, p[3])


def p_x343_map_definition(p):
    """map_definition : NOMAP_ID
                      | GEOMETRY_ID ':' h_justif ',' v_justif MAP_ID"""
    o = _o(p)
    o.registers = {}
    o.in_room = False
    if len(p) == 2:
        o.set_map_size(None)
        o.current_map = None
        p[0] = A.MapStmt(span_of(p))
        return
    block = p[6]
    node = A.MapStmt(span_of(p), halign=p[3], valign=p[5], lines=block.lines,
                     first_line=block.first_line)
    o.scan_map(node, span_of(p, 6), block.size)
    o.current_map = node.lines
    p[0] = node


def p_x343_reg_init(p):
    """reg_init :
                | reg_init init_reg
       rreg_init :
                 | rreg_init init_rreg"""
    p[0] = [] if len(p) == 1 else p[1] + p[2]


def _register(p, kind, vtype, items, what):
    o = _o(p)
    span = span_of(p)
    if kind in o.registers:
        o.error(f"{what} registers already initialized!", span)
    if len(items) > MAX_REGISTERS:
        o.error(f"{what if what != 'Location' else 'Location'} list too long!", span)
    o.registers[kind] = len(items)
    var = A.Var(span, kind, vtype, True)
    return [A.Assign(span, kind, vtype, True, A.ArrayLit(span, vtype, items)),
            A.Shuffle(span, var)]


def p_x343_init_reg(p):
    """init_reg : RANDOM_OBJECTS_ID ':' object_list
                | RANDOM_PLACES_ID ':' place_list
                | RANDOM_MONSTERS_ID ':' monster_list
       init_rreg : RANDOM_OBJECTS_ID ':' object_list
                 | RANDOM_MONSTERS_ID ':' monster_list"""
    kind = p.slice[1].type
    if kind == "RANDOM_OBJECTS_ID":
        p[0] = _register(p, "object", "object", p[3], "Object")
    elif kind == "RANDOM_PLACES_ID":
        p[0] = _register(p, "place", "coord", p[3], "Location")
    else:
        p[0] = _register(p, "monster", "monster", p[3], "Monster")


def p_x343_lists(p):
    """object_list : object_char
                   | object_char ',' object_list
       monster_list : monster_char
                    | monster_char ',' monster_list
       place_list : coord
                  | coord ',' place_list"""
    p[0] = [p[1]] + (p[3] if len(p) > 2 else [])


def p_x343_object_char(p):
    """object_char : CHAR"""
    o = _o(p)
    if not o.object_class_known(p[1]):
        o.unknown_name("Unknown char class!", span_of(p))
    p[0] = A.ObjectSpec(span_of(p), p[1], None)


def p_x343_monster_char(p):
    """monster_char : CHAR"""
    o = _o(p)
    if not o.monster_class_known(p[1]):
        o.unknown_name("Unknown monster class!", span_of(p))
    p[0] = A.MonsterSpec(span_of(p), p[1], None)


def p_x343_map_details(p):
    """map_details :
                   | map_details map_detail"""
    p[0] = [] if len(p) == 1 else p[1] + ([p[2]] if p[2] is not None else [])


def p_x343_map_detail(p):
    """map_detail : monster_detail
                  | object_detail
                  | door_detail
                  | trap_detail
                  | drawbridge_detail
                  | region_detail
                  | stair_region
                  | portal_region
                  | teleprt_region
                  | branch_region
                  | altar_detail
                  | fountain_detail
                  | mazewalk_detail
                  | wallify_detail
                  | ladder_detail
                  | stair_detail
                  | gold_detail
                  | engraving_detail
                  | diggable_detail
                  | passwall_detail"""
    p[0] = p[1]


# ============================================================== rooms
def p_x343_rooms(p):
    """rooms :
             | roomlist
       roomlist : aroom
                | aroom roomlist"""
    if len(p) == 1:
        p[0] = []
    elif p.slice[0].type == "rooms":
        p[0] = p[1]
    else:
        p[0] = [p[1]] + (p[2] if len(p) > 2 else [])


def p_x343_aroom(p):
    """aroom : room_def room_details
             | subroom_def room_details"""
    room, parent = p[1]
    name = chance = None
    body = []
    for item in p[2]:
        if isinstance(item, tuple):
            key, value, span = item
            if key == "name":
                if name is not None:
                    _o(p).error("This room already has a name!", span)
                else:
                    name = value
            else:
                if chance is not None:
                    _o(p).error("This room already assigned a chance!", span)
                elif room.rtype == "ordinary":
                    _o(p).error("Only typed rooms can have a chance!", span)
                elif not 1 <= value <= 99:
                    _o(p).error("The chance is supposed to be percentile.", span)
                else:
                    chance = value
        else:
            body.append(item)
    if chance is not None:
        room.chance = chance
    room.body = A.Block(room.span, gather_contents(p, body))
    room.room_name = name      # type: ignore[attr-defined]
    room.parent_name = parent  # type: ignore[attr-defined]
    _o(p).in_room = False
    p[0] = room


def _flags(fill):
    return A.RoomFlags(None, filled=fill, irregular=0, joined=1)


def p_x343_room_def(p):
    """room_def : ROOM_ID ':' room_type ',' light_state ',' room_pos ',' room_align ',' room_size roomfill"""
    _o(p).in_room = True
    room = A.Room(span_of(p), p[3], 100, p[5], p[7], p[9], p[11], _flags(p[12]),
                  A.Block(span_of(p), []))
    room.flags.span = room.span
    p[0] = (room, None)


def p_x343_subroom_def(p):
    """subroom_def : SUBROOM_ID ':' room_type ',' light_state ',' subroom_pos ',' room_size ',' STRING roomfill"""
    _o(p).in_room = True
    pos = p[7]
    if pos is not None and (pos[0] < 0 or pos[1] < 0):
        _o(p).error("Invalid subroom position !", span_of(p, 7))
    room = A.Room(span_of(p), p[3], 100, p[5], pos, None, p[9], _flags(p[12]),
                  A.Block(span_of(p), []), subroom=True)
    room.flags.span = room.span
    p[0] = (room, p[11])


def p_x343_room_details(p):
    """room_details :
                    | room_details room_detail"""
    p[0] = [] if len(p) == 1 else p[1] + ([p[2]] if p[2] is not None else [])


def p_x343_room_detail(p):
    """room_detail : room_name
                   | room_chance
                   | room_door
                   | monster_detail
                   | object_detail
                   | trap_detail
                   | altar_detail
                   | fountain_detail
                   | sink_detail
                   | pool_detail
                   | gold_detail
                   | engraving_detail
                   | stair_detail"""
    p[0] = p[1]


def p_x343_room_name(p):
    """room_name : NAME_ID ':' STRING"""
    p[0] = ("name", p[3], span_of(p))


def p_x343_room_chance(p):
    """room_chance : CHANCE_ID ':' INTEGER"""
    p[0] = ("chance", p[3], span_of(p))


def p_x343_room_door(p):
    """room_door : DOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos"""
    if p[7] == -1 and p[9] != -1:
        _o(p).error("If the door wall is random, so must be its pos!", span_of(p))
    p[0] = A.RoomDoor(span_of(p), p[3], p[5], p[7], p[9])


def p_x343_door_wall(p):
    """door_wall : DIRECTION
                 | RANDOM_TYPE"""
    G.carry(p)
    p[0] = p[1]


def p_x343_corridors_def(p):
    """corridors_def : random_corridors
                     | corridors
       corridors :
                 | corridors corridor"""
    if p.slice[0].type == "corridors_def":
        p[0] = p[1] if isinstance(p[1], list) else [p[1]]
    elif len(p) == 1:
        p[0] = []
    else:
        p[0] = p[1] + [p[2]]


def p_x343_corridor(p):
    """corridor : CORRIDOR_ID ':' corr_spec ',' corr_spec
                | CORRIDOR_ID ':' corr_spec ',' INTEGER"""
    p[0] = A.Corridor(span_of(p), p[3], p[5])


# ============================================================== helpers

def gather_contents(p, statements):
    """Move each ``contained`` object into the CONTAINER most recently declared."""
    out = []
    last = None
    for s in statements:
        obj = s.statement if isinstance(s, A.Chance) else s
        if isinstance(obj, A.Object) and getattr(obj, "contained", False):
            if last is None:
                _o(p).error("a 'contained' object needs a CONTAINER before it", obj.span)
                continue
            last.contents.statements.append(s)
            continue
        if isinstance(obj, A.Object) and obj.container:
            last = obj
        out.append(s)
    return out


def _attach_subrooms(p, rooms):
    """Put each SUBROOM first in the block of the ROOM it names."""
    by_name = {}
    out = []
    pending = []
    for r in rooms:
        if getattr(r, "room_name", None):
            by_name.setdefault(r.room_name, r)
        if r.subroom:
            pending.append(r)
        else:
            out.append(r)
    inserted = {}
    for sub in pending:
        parent = by_name.get(sub.parent_name)
        if parent is None or parent is sub:
            _o(p).error(f"Subroom error : parent room '{sub.parent_name}' not found!", sub.span)
            continue
        k = inserted.get(id(parent), 0)
        parent.body.statements.insert(k, sub)
        inserted[id(parent)] = k + 1
    return out


GRAMMAR = None


def grammar():
    """The composed 3.4.3 grammar namespace (built once)."""
    global GRAMMAR
    if GRAMMAR is None:
        extra = [f for space in (globals(), vars(details))
                 for n, f in sorted(space.items()) if n.startswith("p_x343_")]
        tokens = sorted(set(G.tokens) | {"MAZE_ID", "RANDOM_OBJECTS_ID", "RANDOM_MONSTERS_ID",
                                           "RANDOM_PLACES_ID", "CONTAINED", "O_REGISTER",
                                           "M_REGISTER", "P_REGISTER"})
        GRAMMAR = compose(G, keep_only=SHARED, drop=DROP, extra=extra, tokens=tokens,
                          precedence=())
    return GRAMMAR
