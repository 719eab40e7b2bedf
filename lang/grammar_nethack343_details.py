"""NetHack 3.4.3's des-file dialect, its details: the statements inside a maze-part or a
room (MONSTER, OBJECT and CONTAINER, DOOR, TRAP, DRAWBRIDGE, MAZEWALK, WALLIFY, LADDER,
STAIR, NON_DIGGABLE, NON_PASSWALL, REGION, ALTAR, FOUNTAIN/SINK/POOL, GOLD, ENGRAVING),
the ``[N%]`` chance prefix and the coordinates and register references they take.

Why a module of its own: ``util/lev_comp.y`` of 3.4.3 reads in two halves, the level
structure (MAZE and ROOM levels, maze-parts, rooms, corridors:
:mod:`unlev.lang.grammar_nethack343`) and these details, its ``*_detail`` rules, which
build the shared tree's statement nodes.  :func:`~unlev.lang.grammar_nethack343.grammar`
composes both.
"""

from __future__ import annotations

from . import ast as A
from . import grammar as G
from .lexer import D_CLOSED, D_ISOPEN

MAX_REGISTERS = 10

span_of = G.span_of


def owner(p):
    """The parser object that reads the file (errors, warnings, the registers)."""
    return p.parser.owner


_o = owner


def register_ref(p, kind, vtype):
    o = _o(p)
    n = p[3]
    span = span_of(p)
    if n >= MAX_REGISTERS:
        o.error("Register Index overflow!", span_of(p, 3))
    elif n >= getattr(o, "registers", {}).get(kind, 0):
        o.warning(f"{kind}[{n}] has no value: this part's RANDOM_{kind.upper()}S list "
                  f"has {o.registers.get(kind, 0)}", span)
    return A.Index(span, A.Var(span, kind, vtype, True), A.Int(span_of(p, 3), n))


# ============================================================== details
def _chance(p, i, stmt):
    pct = p[i]
    if pct is None:
        return stmt
    return A.Chance(stmt.span, A.CondPercent(stmt.span, pct), stmt)


def p_x343_chance(p):
    """chance :
              | PERCENT"""
    if len(p) == 1:
        p[0] = None
        return
    if p[1] <= 0 or p[1] > 100:
        _o(p).error("Expected percentile chance.", span_of(p))
    p[0] = p[1] if p[1] < 100 else None


def p_x343_monster_detail(p):
    """monster_detail : MONSTER_ID chance ':' monster_c ',' m_name ',' coordinate monster_infos"""
    o = _o(p)
    cls, name = p[4], p[6]
    span = span_of(p)
    if isinstance(cls, A.Index):
        spec = cls if name is None else A.MonsterSpec(span, None, name)
    else:
        if name is not None and not o.monster_known(cls, name):
            o.warning("Invalid monster name!  Making random monster.", span_of(p, 6),
                      o.monster_hint(cls, name))
            name = None
        spec = A.MonsterSpec(span, cls, name)
    p[0] = _chance(p, 2, A.Monster(span, spec, p[8], p[9], None))


def p_x343_monster_c(p):
    """monster_c : CHAR
                 | RANDOM_TYPE
                 | M_REGISTER '[' INTEGER ']'"""
    kind = p.slice[1].type
    if kind == "CHAR":
        if not _o(p).monster_class_known(p[1]):
            _o(p).unknown_name("Unknown monster class!", span_of(p))
        p[0] = p[1]
    elif kind == "RANDOM_TYPE":
        p[0] = None
    else:
        p[0] = register_ref(p, "monster", "monster")


def p_x343_names(p):
    """m_name : STRING
              | RANDOM_TYPE
       o_name : STRING
              | RANDOM_TYPE"""
    G.carry(p)
    p[0] = None if p.slice[1].type == "RANDOM_TYPE" else p[1]


def p_x343_monster_infos(p):
    """monster_infos :
                     | monster_infos monster_info"""
    if len(p) == 1:
        p[0] = {}
        return
    key, value = p[2]
    p[1][key] = value
    p[0] = p[1]


def p_x343_monster_info(p):
    """monster_info : ',' STRING
                    | ',' MON_ATTITUDE
                    | ',' MON_ALERTNESS
                    | ',' alignment
                    | ',' MON_APPEARANCE STRING"""
    kind = p.slice[2].type
    if kind == "STRING":
        p[0] = ("name", A.Str(span_of(p, 2), p[2]))
    elif kind == "MON_ATTITUDE":
        p[0] = ("peaceful", p[2])
    elif kind == "MON_ALERTNESS":
        p[0] = ("asleep", p[2])
    elif kind == "alignment":
        p[0] = ("align", p[2])
    else:
        p[0] = ("appear", (p[2], A.Str(span_of(p, 3), p[3])))


def p_x343_object_detail(p):
    """object_detail : OBJECT_ID object_desc
                     | COBJECT_ID object_desc"""
    pct, obj = p[2]
    if p.slice[1].type == "COBJECT_ID":
        obj.container = True
        obj.contents = A.Block(obj.span, [])
        obj.contained = False  # type: ignore[attr-defined]
    obj.span = span_of(p)
    p[0] = obj if pct is None else A.Chance(obj.span, A.CondPercent(obj.span, pct), obj)


def _wish_objects(o) -> bool:
    """The profile declares dNetHack's ``'#'`` class (a wish string, ``wish_objects``)."""
    ext = getattr(o, "extensions", None)
    return ext is not None and "wish_objects" in getattr(ext, "syntax", ())


def _wish_object(p, text, attrs):
    """dNetHack's ``'#'``: the wish string read as the game's readobjnam() reads it
    (:mod:`unlev.lang.wish_names`), as the object and infos of a plain OBJECT."""
    from .wish_names import read_wish
    o = _o(p)
    oracle = o.oracle
    wish = read_wish(text or "", oracle.object_names(), oracle.object_classes)
    if wish.curse is not None:
        attrs["curse"] = wish.curse
    if wish.spe is not None:
        attrs["spe"] = A.Int(span_of(p, 5), wish.spe)
    if wish.count is not None:
        attrs["quantity"] = A.Int(span_of(p, 5), wish.count)
    if wish.erodeproof:
        attrs["eroded"] = A.Int(span_of(p, 5), -1)
    if wish.trapped:
        attrs["trapped"] = 1
    if wish.called is not None:
        attrs["name"] = A.Str(span_of(p, 5), wish.called)
    attrs["ext:wish"] = A.Str(span_of(p, 5), text or "")
    if wish.unread:
        made = wish.name or ("a random object" if not wish.cls else f"a random {wish.cls!r}")
        o.warning(f"wish \"{text}\" made as {made}; unlev does not read "
                  f"{' '.join(repr(w) for w in wish.unread)}", span_of(p, 5),
                  "dNetHack's readobjnam() makes materials, sizes and properties unlev "
                  "does not model", code="extension")
    return A.ObjectSpec(span_of(p, 2), wish.cls, wish.name)


def p_x343_object_desc(p):
    """object_desc : chance ':' object_c ',' o_name ',' object_where object_infos"""
    o = _o(p)
    cls, name = p[3], p[5]
    span = span_of(p, 2)
    if cls == "#" and _wish_objects(o):
        spec = _wish_object(p, name, p[8])
    elif isinstance(cls, A.Index):
        spec = cls if name is None else A.ObjectSpec(span, None, name)
    else:
        if name is not None and not o.object_known(cls, name):
            o.warning("Illegal object name!  Making random object.", span_of(p, 5),
                      o.object_hint(cls, name))
            name = None
        spec = A.ObjectSpec(span, cls, name)
    where = p[7]
    obj = A.Object(span, spec, p[8], None if where == "contained" else where)
    obj.contained = where == "contained"  # type: ignore[attr-defined]
    p[0] = (p[1], obj)


def p_x343_object_c(p):
    """object_c : CHAR
                | RANDOM_TYPE
                | O_REGISTER '[' INTEGER ']'"""
    kind = p.slice[1].type
    if kind == "CHAR":
        if p[1] == "#" and _wish_objects(_o(p)):
            pass                        # a wish string follows (dNetHack)
        elif not _o(p).object_class_known(p[1]):
            _o(p).unknown_name("Unknown char class!", span_of(p))
        p[0] = p[1]
    elif kind == "RANDOM_TYPE":
        p[0] = None
    else:
        p[0] = register_ref(p, "object", "object")


def p_x343_object_where(p):
    """object_where : coordinate
                    | CONTAINED"""
    p[0] = "contained" if p.slice[1].type == "CONTAINED" else p[1]


def p_x343_object_infos(p):
    """object_infos :
                    | ',' curse_state ',' monster_id ',' enchantment optional_name
                    | ',' curse_state ',' enchantment optional_name
                    | ',' monster_id ',' enchantment optional_name"""
    attrs = {}
    for item in p[1:]:
        if isinstance(item, tuple):
            key, value = item
            if value is not None:
                attrs[key] = value
    p[0] = attrs


def p_x343_curse_state(p):
    """curse_state : RANDOM_TYPE
                   | CURSE_TYPE"""
    p[0] = ("curse", None if p.slice[1].type == "RANDOM_TYPE" else p[1])


def p_x343_monster_id(p):
    """monster_id : STRING"""
    known = _o(p).monster_known(None, p[1])
    p[0] = ("montype", A.MonsterSpec(span_of(p), None, p[1]) if known else None)


def p_x343_enchantment(p):
    """enchantment : RANDOM_TYPE
                   | INTEGER"""
    p[0] = ("spe", None if p.slice[1].type == "RANDOM_TYPE" else A.Int(span_of(p), p[1]))


def p_x343_optional_name(p):
    """optional_name :
                     | ',' NONE
                     | ',' STRING"""
    named = len(p) > 1 and p.slice[2].type == "STRING"
    p[0] = ("name", A.Str(span_of(p, 2), p[2]) if named else None)


def p_x343_door_detail(p):
    """door_detail : DOOR_ID ':' door_state ',' coordinate"""
    coord = p[5]
    o = _o(p)
    if isinstance(coord, A.CoordLit) and getattr(o, "current_map", None):
        rows = o.current_map
        # off the MAP (negative too: the game reads outside its array) matches nothing
        ch = (rows[coord.y][coord.x] if 0 <= coord.y < len(rows)
              and 0 <= coord.x < len(rows[coord.y]) else " ")
        if ch not in "+S":
            o.error("Door decl doesn't match the map", span_of(p))
    p[0] = A.Door(span_of(p), p[3], A.SelCoord(coord.span, coord))


def p_x343_trap_detail(p):
    """trap_detail : TRAP_ID chance ':' trap_name ',' coordinate"""
    p[0] = _chance(p, 2, A.Trap(span_of(p), p[4], p[6]))


def p_x343_drawbridge_detail(p):
    """drawbridge_detail : DRAWBRIDGE_ID ':' coordinate ',' DIRECTION ',' door_state"""
    if p[7] not in (D_ISOPEN, D_CLOSED):
        _o(p).error("A drawbridge can only be open or closed!", span_of(p, 7))
    p[0] = A.Drawbridge(span_of(p), p[3], p[5], p[7])


def p_x343_mazewalk_detail(p):
    """mazewalk_detail : MAZEWALK_ID ':' coordinate ',' DIRECTION"""
    p[0] = A.MazeWalk(span_of(p), p[3], p[5])


def p_x343_wallify_detail(p):
    """wallify_detail : WALLIFY_ID"""
    p[0] = A.Wallify(span_of(p), None)


def p_x343_ladder_stair(p):
    """ladder_detail : LADDER_ID ':' coordinate ',' UP_OR_DOWN
       stair_detail : STAIR_ID ':' coordinate ',' UP_OR_DOWN"""
    node = A.Ladder if p.slice[1].type == "LADDER_ID" else A.Stair
    p[0] = node(span_of(p), p[3], p[5])


def p_x343_dig_pass(p):
    """diggable_detail : NON_DIGGABLE_ID ':' region
       passwall_detail : NON_PASSWALL_ID ':' region"""
    node = A.NonDiggable if p.slice[1].type == "NON_DIGGABLE_ID" else A.NonPasswall
    p[0] = node(span_of(p), p[3])


def p_x343_region_detail(p):
    """region_detail : REGION_ID ':' region ',' light_state ',' room_type prefilled"""
    reg, bits = p[3], p[8]
    irregular = (bits >> 1) & 1
    o = _o(p)
    if reg.x1 > reg.x2 or reg.y1 > reg.y2:
        o.error("Region start > end!", span_of(p, 3))
    if p[7] == "vault" and (irregular or reg.x2 - reg.x1 != 1 or reg.y2 - reg.y1 != 1):
        o.error("Vaults must be exactly 2x2!", span_of(p))
    flags = A.RoomFlags(span_of(p), filled=0 if bits & 1 else 1, irregular=irregular, joined=1)
    p[0] = A.RegionStmt(span_of(p), reg, p[5], p[7], flags, None)


def p_x343_prefilled(p):
    """prefilled :
                 | ',' FILLING
                 | ',' FILLING ',' BOOLEAN"""
    p[0] = 0 if len(p) == 1 else p[2] + ((p[4] << 1) if len(p) > 3 else 0)


def p_x343_altar_detail(p):
    """altar_detail : ALTAR_ID ':' coordinate ',' alignment ',' altar_type"""
    p[0] = A.Altar(span_of(p), p[3], p[5], p[7])


def p_x343_features(p):
    """fountain_detail : FOUNTAIN_ID ':' coordinate
       sink_detail : SINK_ID ':' coordinate
       pool_detail : POOL_ID ':' coordinate"""
    kind = {"FOUNTAIN_ID": "fountain", "SINK_ID": "sink", "POOL_ID": "pool"}[p.slice[1].type]
    p[0] = A.Feature(span_of(p), kind, A.SelCoord(p[3].span, p[3]))


def p_x343_gold_detail(p):
    """gold_detail : GOLD_ID ':' amount ',' coordinate"""
    p[0] = A.Gold(span_of(p), p[3], p[5])


def p_x343_amount(p):
    """amount : INTEGER
              | RANDOM_TYPE"""
    # A random amount is rnd(200) in 3.4.3's loader.
    p[0] = A.Dice(span_of(p), 1, 200) if p.slice[1].type == "RANDOM_TYPE" else A.Int(span_of(p), p[1])


def p_x343_engraving_detail(p):
    """engraving_detail : ENGRAVING_ID ':' coordinate ',' engraving_type ',' STRING"""
    p[0] = A.Engraving(span_of(p), p[3], p[5], A.Str(span_of(p, 7), p[7]))


def p_x343_coordinate(p):
    """coordinate : coord
                  | P_REGISTER '[' INTEGER ']'
                  | RANDOM_TYPE"""
    kind = p.slice[1].type
    if kind == "coord":
        p[0] = p[1]
    elif kind == "RANDOM_TYPE":
        p[0] = A.RandomCoord(span_of(p), 0)
    else:
        p[0] = register_ref(p, "place", "coord")


def p_x343_coord(p):
    """coord : '(' INTEGER ',' INTEGER ')'"""
    o = _o(p)
    x, y = p[2], p[4]
    if (not getattr(o, "in_room", False) and not getattr(o, "init_present", False)
            and (x < 0 or x > o.max_x_map or y < 0 or y > o.max_y_map)):
        o.error("Coordinates out of map range!", span_of(p))
    p[0] = A.CoordLit(span_of(p), x, y)
