"""The shared grammar's level statements: INIT_MAP, MAP, rooms, doors, corridors, level
regions, terrain and dungeon features, as UnNetHack's ``util/lev_comp.y`` writes them.

Why a module of its own: the grammar is split by statement family so each part reads
on its own; :mod:`unlev.lang.grammar` gathers every family into the one namespace PLY
builds the tables from. MONSTER, OBJECT and TRAP are in ``grammar_contents``, the
values they take in ``grammar_values``.
"""

from __future__ import annotations

from . import ast as A
from .grammar_support import carry, owner, span_of
from .lexer import D_CLOSED, D_ISOPEN
from ..stdlib.terrain import CORR, INVALID_TYPE, MAX_TYPE, ROOM

ROOM_TYPES = [
    "ordinary", "rndvault", "throne", "swamp", "vault", "beehive", "morgue", "barracks",
    "zoo", "delphi", "temple", "lemurepit", "anthole", "cocknest", "garden", "leprehall",
    "shop", "armor shop", "scroll shop", "potion shop", "weapon shop", "food shop",
    "ring shop", "wand shop", "tool shop", "book shop", "tin shop", "music shop",
    "candle shop", "pet shop", "black market", "black market foyer",
]


# ============================================================== INIT_MAP
def p_lev_init_solid(p):
    """lev_init : LEV_INIT_ID ':' SOLID_FILL_ID ',' terrain_type"""
    owner(p).set_map_size(None)
    p[0] = A.InitMap(span_of(p), "solidfill", fill=p[5])


def p_lev_init_mazegrid(p):
    """lev_init : LEV_INIT_ID ':' MAZE_GRID_ID ',' CHAR"""
    owner(p).check_map_char(p[5], span_of(p, 5), "INIT_MAP: Invalid fill char type.",
                             allow_see_through=False)
    owner(p).set_map_size(None)
    p[0] = A.InitMap(span_of(p), "mazegrid", fill=A.MapChar(span_of(p, 5), p[5]))


def p_lev_init_simple(p):
    """lev_init : LEV_INIT_ID ':' SHEOL_ID
                | LEV_INIT_ID ':' ROGUELEV_ID"""
    p[0] = A.InitMap(span_of(p), "sheollev" if p.slice[3].type == "SHEOL_ID" else "rogue")


def lenient_init_char(o, ch) -> None:
    """--lenient: an INIT_MAP character the dialect lacks (dNetHack's 's') becomes a
    placeholder, as in a MAP (reported once, drawn as floor), not an error."""
    from ..stdlib.terrain import map_char_to_type
    if o.lenient and isinstance(ch, str) and len(ch) == 1 and \
            ch not in getattr(o.lexicon, "ext_map_chars", ()) and \
            map_char_to_type(ch) == INVALID_TYPE:
        o.lenient_placeholder_char(ch)


def p_lev_init_mines(p):
    """lev_init : LEV_INIT_ID ':' MINES_ID ',' CHAR ',' CHAR ',' BOOLEAN ',' BOOLEAN ',' light_state ',' walled opt_fillchar"""
    o = owner(p)
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
        owner(p).error("Only typed rooms can have a chance.", span_of(p))
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
        owner(p).error(f"Room positions should be between 1-5: ({p[2]},{p[4]})!", span_of(p))
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
        owner(p).error("If the door wall is random, so must be its pos!", span_of(p))
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
    owner(p).set_map_size(None)


def p_map_definition_align(p):
    """map_definition : GEOMETRY_ID ':' h_justif ',' v_justif roomfill MAP_ID"""
    block = p[7]
    p[0] = A.MapStmt(span_of(p), halign=p[3], valign=p[5], keep_region=p[6],
                     lines=block.lines, first_line=block.first_line)
    owner(p).scan_map(p[0], span_of(p, 7), block.size)


def p_map_definition_coord(p):
    """map_definition : GEOMETRY_ID ':' coord_or_var roomfill MAP_ID"""
    block = p[5]
    p[0] = A.MapStmt(span_of(p), coord=p[3], keep_region=p[4], lines=block.lines,
                     first_line=block.first_line)
    owner(p).scan_map(p[0], span_of(p, 5), block.size)


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


# ============================================================== terrain statements
def p_drawbridge_detail(p):
    """drawbridge_detail : DRAWBRIDGE_ID ':' coord_or_var ',' DIRECTION ',' door_state"""
    if p[7] not in (D_ISOPEN, D_CLOSED, -1):
        owner(p).error("A drawbridge can only be open, closed or random!", span_of(p, 7))
    p[0] = A.Drawbridge(span_of(p), p[3], p[5], p[7])


def p_mazewalk_detail(p):
    """mazewalk_detail : MAZEWALK_ID ':' coord_or_var ',' DIRECTION
                       | MAZEWALK_ID ':' coord_or_var ',' DIRECTION ',' BOOLEAN opt_fillchar"""
    if len(p) == 6:
        p[0] = A.MazeWalk(span_of(p), p[3], p[5])
    else:
        if p[8] is not None:
            owner(p).check_map_char(p[8], span_of(p, 8), f"Unknown map char type '{p[8]}'!")
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
        owner(p).check_map_char(p[1], span_of(p), "INIT_MAP: Invalid fill char type.",
                                 allow_see_through=False)
        p[0] = A.MapChar(span_of(p), p[1], -2)
    else:
        owner(p).check_map_char(p[2], span_of(p, 2), "INIT_MAP: Invalid fill char type.",
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
    """region_detail : REGION_ID ':' region_or_var ',' light_state ',' room_type optroomregionflags
                     | REGION_ID ':' region_or_var ',' light_state ',' room_type optroomregionflags stmt_block"""
    # lev_comp's ``region_detail_end`` (nothing or a block) written out: one PLY
    # reduction less per REGION (issue 29)
    flags = p[8]
    body = p[9] if len(p) > 9 else None
    rtype = p[7]
    # lev_comp's "Cannot use lev statements in non-permanent REGION" can never fire:
    # it shifts the room type of unfilled regions before testing it, so every REGION
    # with contents counts as permanent. We accept the same.
    p[0] = A.RegionStmt(span_of(p), p[3], p[5], rtype, flags, body)


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


def p_room_type(p):
    """room_type : STRING
                 | RANDOM_TYPE"""
    carry(p)
    if p.slice[1].type == "RANDOM_TYPE":
        p[0] = None
        return
    name = p[1]
    if name not in ROOM_TYPES:
        o = owner(p)
        # lev_comp warns and makes an ordinary room (a --data profile's type: the variant's)
        o.unknown_room_type(name, span_of(p), ROOM_TYPES)
        name = "ordinary"
    p[0] = name


def p_optroomregionflags(p):
    """optroomregionflags :
                          | ',' roomregionflags"""
    if len(p) == 1:
        p[0] = A.RoomFlags(owner(p).last_span(), filled=1, irregular=0, joined=1)
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
