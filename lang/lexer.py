"""The des-file lexer (PLY), token for token as UnNetHack's ``util/lev_comp.l``.

Two things make this lexer unusual, both inherited from the reference:

* Variables are lexed *by type*: ``$x`` becomes ``VAR_INT``, ``VAR_COORD_ARRAY``... from
  the table of variables defined so far, which the parser keeps up to date. The grammar
  is written over these typed tokens exactly as lev_comp's is, so we accept what it
  accepts.
* ``MAP`` at the start of a line switches to a mode where whole lines are taken verbatim
  until ``ENDMAP``; ``#`` starts a comment only when it is the first non-blank of a line.

The older dialects' own word and number rules are in :mod:`unlev.lang.lexer_dialects`.

Keywords are case-sensitive. Numbers follow flex's longest match: ``-5`` is one
``MINUS_INTEGER`` token (so ``$x-1`` is a syntax error, as in the game's compiler).
"""

from __future__ import annotations

import re

import ply.lex as lex

from .diagnostics import Columns, DesError, Span
from .fastlex import MasterLexer, master_pattern
from .lexer_dialects import VAR_TOKEN, DialectRules, c_atoi

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Callable, Dict, Optional, Tuple

    # A variable lookup: name -> (type, is_array) or None.
    VarLookup = Callable[[str], Optional[Tuple[str, bool]]]

# lev_comp's largest MAP block (MAP_X_LIM x MAP_Y_LIM in lev_main.c)
MAP_X_LIM, MAP_Y_LIM = 76, 21
# MAP rows may carry digits (column rulers); they are not squares
_NO_DIGITS = str.maketrans("", "", "0123456789")

# --- keyword table: text -> (token type, value) ---------------------------------

# Values are the ones lev_comp attaches (rm.h / sp_lev.h / align.h constants).
D_NODOOR, D_BROKEN, D_ISOPEN, D_CLOSED, D_LOCKED, D_TRAPPED, D_SECRET = 0, 1, 2, 4, 8, 16, 32
W_NORTH, W_SOUTH, W_EAST, W_WEST = 1, 2, 4, 8
AM_NONE, AM_CHAOTIC, AM_NEUTRAL, AM_LAWFUL = 0, 1, 2, 4
AM_SPLEV_CO, AM_SPLEV_NONCO, AM_SPLEV_RANDOM = 0x20, 0x40, 0x80
DRY, WET, HOT, SOLID, ANY_LOC = 0x1, 0x2, 0x4, 0x8, 0x10

LEVEL_FLAGS = {
    "noteleport": 0x1, "hardfloor": 0x2, "nommap": 0x4, "shortsighted": 0x8,
    "arboreal": 0x10, "noflipx": 0x20, "noflipy": 0x40, "noflip": 0x60,
    "mazelevel": 0x80, "premapped": 0x100, "shroud": 0x200, "stormy": 0x400,
    "graveyard": 0x800, "icedpools": 0x1000, "solidify": 0x2000, "corrmaze": 0x4000,
    "inaccessibles": 0x8000, "sky": 0x10000, "sheol": 0x20000, "rndvault": 0x40000,
}

_SIMPLE = {
    # statements
    "MESSAGE": "MESSAGE_ID", "NOMAP": "NOMAP_ID", "LEVEL": "LEVEL_ID",
    "INIT_MAP": "LEV_INIT_ID", "mazegrid": "MAZE_GRID_ID", "solidfill": "SOLID_FILL_ID",
    "mines": "MINES_ID", "sheollev": "SHEOL_ID", "rogue": "ROGUELEV_ID",
    "FLAGS": "FLAGS_ID", "GEOMETRY": "GEOMETRY_ID", "obj": "object_ID",
    "object": "object_ID", "OBJECT": "OBJECT_ID", "CONTAINER": "COBJECT_ID",
    "MONSTER": "MONSTER_ID", "monster": "monster_ID", "TRAP": "TRAP_ID",
    "DOOR": "DOOR_ID", "ROOMDOOR": "ROOMDOOR_ID", "DRAWBRIDGE": "DRAWBRIDGE_ID",
    "MAZEWALK": "MAZEWALK_ID", "WALLIFY": "WALLIFY_ID", "REGION": "REGION_ID",
    "ALTAR": "ALTAR_ID", "LADDER": "LADDER_ID", "STAIR": "STAIR_ID", "PORTAL": "PORTAL_ID",
    "TELEPORT_REGION": "TELEPRT_ID", "BRANCH": "BRANCH_ID", "FOUNTAIN": "FOUNTAIN_ID",
    "SINK": "SINK_ID", "POOL": "POOL_ID", "WALLWALK": "WALLWALK_ID",
    "NON_DIGGABLE": "NON_DIGGABLE_ID", "NON_PASSWALL": "NON_PASSWALL_ID", "IF": "IF_ID",
    "ELSE": "ELSE_ID", "EXIT": "EXIT_ID", "ROOM": "ROOM_ID", "SUBROOM": "SUBROOM_ID",
    "RANDOM_CORRIDORS": "RAND_CORRIDOR_ID", "CORRIDOR": "CORRIDOR_ID", "SPILL": "SPILL_ID",
    "TERRAIN": "TERRAIN_ID", "terrain": "terrain_ID", "REPLACE_TERRAIN": "REPLACE_TERRAIN_ID",
    "MON_GENERATION": "MON_GENERATION_ID", "GOLD": "GOLD_ID", "GRAVE": "GRAVE_ID",
    "ENGRAVING": "ENGRAVING_ID", "MINERALIZE": "MINERALIZE_ID", "NAME": "NAME_ID",
    "name": "NAME_ID", "CHANCE": "CHANCE_ID", "FOR": "FOR_ID", "TO": "TO_ID",
    "LOOP": "LOOP_ID", "SWITCH": "SWITCH_ID", "CASE": "CASE_ID", "BREAK": "BREAK_ID",
    "DEFAULT": "DEFAULT_ID", "FUNCTION": "FUNCTION_ID", "INCLUDE": "INCLUDE_ID",
    "SOUNDS": "SOUNDS_ID", "SHUFFLE": "SHUFFLE_ID", "VAULTGEN": "VAULTGEN_ID",
    "montype": "MONTYPE_ID", "selection": "selection_ID", "rect": "rect_ID",
    "fillrect": "fillrect_ID", "line": "line_ID", "randline": "randline_ID",
    "grow": "grow_ID", "floodfill": "flood_ID", "rndcoord": "rndcoord_ID",
    "circle": "circle_ID", "ellipse": "ellipse_ID", "filter": "filter_ID",
    "gradient": "gradient_ID", "complement": "complement_ID", "levregion": "LEV",
    "quantity": "QUANTITY_ID", "buried": "BURIED_ID", "eroded": "ERODED_ID",
    "erodeproof": "ERODEPROOF_ID", "recharged": "RECHARGED_ID", "invisible": "INVIS_ID",
    "greased": "GREASED_ID", "female": "FEMALE_ID", "cancelled": "CANCELLED_ID",
    "revived": "REVIVED_ID", "avenge": "AVENGE_ID", "fleeing": "FLEEING_ID",
    "blinded": "BLINDED_ID", "paralyzed": "PARALYZED_ID", "stunned": "STUNNED_ID",
    "confused": "CONFUSED_ID", "seen_traps": "SEENTRAPS_ID", "all": "ALL_ID",
    "align": "A_REGISTER",
}

_VALUED: Dict[str, Tuple[str, object]] = {
    "radial": ("GRADIENT_TYPE", 0), "square": ("GRADIENT_TYPE", 1),
    "dry": ("HUMIDITY_TYPE", DRY), "wet": ("HUMIDITY_TYPE", WET),
    "hot": ("HUMIDITY_TYPE", HOT), "solid": ("HUMIDITY_TYPE", SOLID),
    "any": ("HUMIDITY_TYPE", ANY_LOC),
    "hear": ("MSG_OUTPUT_TYPE", 0), "pline": ("MSG_OUTPUT_TYPE", 1),
    "verbal": ("MSG_OUTPUT_TYPE", 2), "feel": ("MSG_OUTPUT_TYPE", 3),
    "trapped": ("TRAPPED_STATE", 1), "not_trapped": ("TRAPPED_STATE", 0),
    "horizontal": ("HORIZ_OR_VERT", 1), "vertical": ("HORIZ_OR_VERT", 2),
    "open": ("DOOR_STATE", D_ISOPEN), "closed": ("DOOR_STATE", D_CLOSED),
    "locked": ("DOOR_STATE", D_LOCKED), "nodoor": ("DOOR_STATE", D_NODOOR),
    "broken": ("DOOR_STATE", D_BROKEN), "secret": ("DOOR_STATE", D_SECRET),
    "north": ("DIRECTION", W_NORTH), "east": ("DIRECTION", W_EAST),
    "south": ("DIRECTION", W_SOUTH), "west": ("DIRECTION", W_WEST),
    "random": ("RANDOM_TYPE", -1), "none": ("NONE", -2),
    "left": ("LEFT_OR_RIGHT", 1), "half-left": ("LEFT_OR_RIGHT", 2),
    "center": ("CENTER", 3), "half-right": ("LEFT_OR_RIGHT", 4),
    "right": ("LEFT_OR_RIGHT", 5), "top": ("TOP_OR_BOT", 1), "bottom": ("TOP_OR_BOT", 5),
    "lit": ("LIGHT_STATE", 1), "unlit": ("LIGHT_STATE", 0),
    "filled": ("FILLING", 1), "unfilled": ("FILLING", 0),
    "regular": ("IRREGULAR", 0), "irregular": ("IRREGULAR", 1),
    "unjoined": ("JOINED", 1), "joined": ("JOINED", 0),
    "limited": ("LIMITED", 1), "unlimited": ("LIMITED", 0),
    "noalign": ("ALIGNMENT", AM_NONE), "law": ("ALIGNMENT", AM_LAWFUL),
    "neutral": ("ALIGNMENT", AM_NEUTRAL), "chaos": ("ALIGNMENT", AM_CHAOTIC),
    "coaligned": ("ALIGNMENT", AM_SPLEV_CO), "noncoaligned": ("ALIGNMENT", AM_SPLEV_NONCO),
    "peaceful": ("MON_ATTITUDE", 1), "hostile": ("MON_ATTITUDE", 0),
    "asleep": ("MON_ALERTNESS", 1), "awake": ("MON_ALERTNESS", 0),
    # monst.h's M_AP_FURNITURE, M_AP_MONSTER, M_AP_OBJECT
    "m_feature": ("MON_APPEARANCE", 1), "m_monster": ("MON_APPEARANCE", 3),
    "m_object": ("MON_APPEARANCE", 2),
    "sanctum": ("ALTAR_TYPE", 2), "shrine": ("ALTAR_TYPE", 1), "altar": ("ALTAR_TYPE", 0),
    "up": ("UP_OR_DOWN", 1), "down": ("UP_OR_DOWN", 0),
    "false": ("BOOLEAN", 0), "true": ("BOOLEAN", 1),
    "dust": ("ENGRAVING_TYPE", 1), "engrave": ("ENGRAVING_TYPE", 2),
    "burn": ("ENGRAVING_TYPE", 3), "mark": ("ENGRAVING_TYPE", 4),
    "blood": ("ENGRAVING_TYPE", 5),
    "blessed": ("CURSE_TYPE", 1), "uncursed": ("CURSE_TYPE", 2), "cursed": ("CURSE_TYPE", 3),
}
for _flag, _bits in LEVEL_FLAGS.items():
    _VALUED[_flag] = ("FLAG_TYPE", _bits)

KEYWORDS: Dict[str, Tuple[str, object]] = {k: (v, None) for k, v in _SIMPLE.items()}
KEYWORDS.update(_VALUED)

# Core functions: name -> (parameter signature, return type), util/lev_main.c core_vars.
# Signature letters: i int, s string, c coord, r region, O object, M monster.
CORE_FUNCTIONS: Dict[str, Tuple[str, str]] = {
    "time.discordian_holiday": ("", "i"), "time.pirateday": ("", "i"),
    "time.aprilfoolsday": ("", "i"), "time.piday": ("", "i"), "time.towelday": ("", "i"),
    "time.midnight": ("", "i"), "time.night": ("", "i"), "time.friday_13th": ("", "i"),
    "time.phase_of_the_moon": ("", "i"), "time.yyyymmdd": ("", "i"),
    "level.difficulty": ("", "i"), "level.depth": ("", "i"),
    "level.obj_at": ("Oc", "i"), "level.mon_at": ("Mc", "i"),
    "hero.name": ("", "s"), "hero.role": ("", "s"), "hero.race": ("", "s"),
    "hero.carrying": ("O", "i"),
    "string": ("i", "s"), "str": ("i", "s"), "integer": ("s", "i"), "int": ("s", "i"),
    "coord": ("ii", "c"), "region": ("iiii", "r"), "rnd": ("i", "i"),
    "room.width": ("", "i"), "room.height": ("", "i"), "room.x": ("", "i"),
    "room.y": ("", "i"),
}
_CFUNC_TOKEN = {"i": "CFUNC_INT", "s": "CFUNC_STR", "c": "CFUNC_COORD", "r": "CFUNC_REGION"}

# Variable types, as lev_comp names them in messages (spovar2str).
VAR_TYPES = ("int", "string", "coord", "region", "mapchar", "monster", "object", "selection")
TYPE_WORDS = {"int": "integer", "string": "string", "coord": "coordinate",
              "region": "region", "mapchar": "mapchar", "monster": "monster",
              "object": "object", "selection": "selection"}

# Methods: (variable type, is array, method) -> return type
METHODS = {("coord", False, "x"): "int", ("coord", True, "length"): "int",
           ("coord", False, "y"): "int"}
for _t in VAR_TYPES:
    METHODS[(_t, True, "length")] = "int"


def type_words(vtype: str, is_array: bool) -> str:
    return TYPE_WORDS[vtype] + (" array" if is_array else "")


tokens = sorted(
    {v for v, _ in KEYWORDS.values()}
    | {"CHAR", "INTEGER", "PERCENT", "SPERCENT", "MINUS_INTEGER", "PLUS_INTEGER", "DICE",
       "STRING", "MAP_ID", "NQSTRING", "VARSTRING", "COMPARE_TYPE", "RANDOM_TYPE_BRACKET",
       "CFUNC", "CFUNC_INT", "CFUNC_STR", "CFUNC_COORD", "CFUNC_REGION", "METHOD_INT"}
    | {f"VARSTRING_{t}" for t in VAR_TOKEN.values()}
    | {f"VARSTRING_{t}_ARRAY" for t in VAR_TOKEN.values()}
)

literals = [",", ":", "(", ")", "[", "]", "{", "}", "=", "|", "&", ".", "+", "-", "*",
            "/", "%"]

# Tokens only the other dialects' lexers make (the UnNetHack grammar never sees them, so
# its tables keep their signature): 3.6's and 3.4.3's own keywords and registers,
# 3.6's catch-all word and 3.4.3's stray character.
DIALECT_TOKENS = ["MAZE_ID", "RANDOM_OBJECTS_ID", "RANDOM_MONSTERS_ID", "RANDOM_PLACES_ID",
                  "CONTAINED", "O_REGISTER", "M_REGISTER", "P_REGISTER", "UNKNOWN_TYPE",
                  "UNKNOWN_CHAR", "RANDLINE_ID", "THEN_ID", "ENDIF_ID"]


class Lexicon:
    """What one dialect's lexer knows: its keyword table, the characters a MAP line may
    hold, and the lexer state whose extra rules give its own word and number syntax."""

    def __init__(self, name: str, keywords: Dict[str, Tuple[str, object]], map_chars: str,
                 state: str = "INITIAL", core_functions: bool = True) -> None:
        self.name = name
        self.keywords = keywords
        self.map_chars = frozenset(map_chars)
        self.state = state
        self.core_functions = core_functions
        self.extra_tokens: Tuple[str, ...] = ()   # token types a profile's words lex as


_MAP_LINE_CHARS = "-|}{+xABCISHKMPLWTtFYU\\#. 0123456789\r"
UNNETHACK = Lexicon("unnethack", KEYWORDS, _MAP_LINE_CHARS)


def unclosed_string_before(text: str, end: int) -> Optional[int]:
    """Where a string that runs over the end of its line opens, if one does before
    ``end`` (lev_comp's strings may span lines, so the lexer took the next line's
    quote as its end; a syntax error after it is almost always that missing quote)."""
    pos = 0
    while True:
        m = _STRING_OR_COMMENT.search(text, pos, end)
        if m is None:
            return None
        if m.group(0).startswith('"') and "\n" in m.group(0):
            return m.start()
        pos = m.end()


_STRING_OR_COMMENT = re.compile(r"""'\\?"'|"[^"]*"|^[ \t]*#[^\n]*""", re.M)   # '"' is a char


class DesLexer(DialectRules):
    """PLY lexer for one source text, with file name, columns and typed variables."""

    tokens = tokens + DIALECT_TOKENS
    literals = literals
    # nh36/nh343/unh352/unh351 are inclusive: their rules (lang/lexer_dialects.py) are
    # tried first, then the shared ones.
    states = (("map", "exclusive"), ("nh36", "inclusive"), ("nh343", "inclusive"),
              ("unh352", "inclusive"), ("unh351", "inclusive"))

    # "master": lang/fastlex.py drives the rules in the shared state (the same tokens,
    # faster); "ply": PLY's own loop, the reference tests/test_fastlex.py compares with.
    engine = "master"

    def __init__(self, filename: str = "<input>", lookup_var: Optional[VarLookup] = None,
                 lexicon: Optional[Lexicon] = None):
        self.filename = filename
        self.lookup_var: VarLookup = lookup_var or (lambda name: None)
        self.lexicon = lexicon or UNNETHACK
        self.keywords = self.lexicon.keywords
        template = _template_lexer()
        self._map_lines: list = []
        self._map_start = None
        if self.engine == "master":
            state = self.lexicon.state
            master = master_pattern(template, DesLexer, state)
            if master is not None:
                self.lexer = MasterLexer(self, template, master,
                                         (CORE_FUNCTIONS, _CFUNC_TOKEN, c_atoi), state)
                return
        self.lexer = template.clone(self)
        # PLY 3.11's clone() keeps only the last master regex of each state; the
        # inclusive dialect states have two (their own rules, then the shared ones).
        self.lexer.lexstatere = {
            state: [(cre, [(getattr(self, f[0].__name__), f[1]) if f and f[0] else f
                           for f in findex]) for cre, findex in groups]
            for state, groups in template.lexstatere.items()}
        # PLY's clone() rebinds rule and error functions but not the end-of-file ones.
        self.lexer.lexstateeoff = {state: getattr(self, f.__name__)
                                   for state, f in self.lexer.lexstateeoff.items()}
        if self.lexicon.extra_tokens:
            self.lexer.lextokens_all = self.lexer.lextokens_all | set(self.lexicon.extra_tokens)

    # -- positions -------------------------------------------------------------
    def input(self, text: str) -> None:
        self.text = text
        self.columns = Columns(text)             # columns: the lexer's, the parser's spans'
        self.lexer.input(text)
        self.lexer.lineno = 1
        self.lexer.begin(self.lexicon.state)

    def column(self, lexpos: int) -> int:
        return self.columns.column(lexpos)

    def span_of(self, tok) -> Span:
        length = len(str(tok.text)) if hasattr(tok, "text") else 1
        return Span(self.filename, tok.lineno, self.column(tok.lexpos), max(1, length))

    def token(self):
        return self.lexer.token()

    def __iter__(self):
        while True:
            t = self.token()
            if t is None:
                return
            yield t

    # -- MAP blocks --------------------------------------------------------------
    def t_MAPSTART(self, t):
        r"^MAP[ \t]*\r?\n"
        t.lexer.lineno += 1
        self.start_map(t.lineno, t.lexpos)
        t.lexer.begin("map")

    def start_map(self, line: int, pos: int) -> None:
        """A MAP block begins at ``line``, text position ``pos``."""
        self._map_lines = []
        self._map_size = [0, 0]            # widest row (digits aside), rows
        self._map_start = (line, pos)

    def end_map(self, t):
        """``t`` made the MAP_ID token of the block read since :meth:`start_map`."""
        t.type = "MAP_ID"
        t.text = "MAP"
        t.value = MapBlock(self._map_lines, self._map_start[0] + 1, tuple(self._map_size))
        t.lineno, t.lexpos = self._map_start
        return t

    def t_map_ENDMAP(self, t):
        r"ENDMAP"
        self.end_map(t)
        t.lexer.begin(self.lexicon.state)
        return t

    def t_map_line(self, t):
        r"[-|}{+xABCISHKMPLWTtFYU\\\#.\ 0-9]*\r?\n"
        line = t.value.rstrip("\n").rstrip("\r")
        if not self.lexicon.map_chars.issuperset(line):
            for i, ch in enumerate(line):
                if ch not in self.lexicon.map_chars:
                    t.lexpos += i
                    self._map_error_at(t, ch)
        self.keep_map_row(line)
        t.lexer.lineno += 1

    def keep_map_row(self, line: str) -> None:
        """The size is measured while reading: rows past lev_comp's limit are counted,
        not kept, so an oversized MAP costs neither time nor memory before its error."""
        size = self._map_size
        width = len(line.translate(_NO_DIGITS))
        if width > size[0]:
            size[0] = width
        size[1] += 1
        if size[1] <= MAP_Y_LIM + 1:
            self._map_lines.append(line)

    def t_map_bad(self, t):
        r"[^\n]+\n?"
        # A line with a character no MAP may hold (PLY would otherwise fall back to
        # literal tokens inside the map and report a confusing syntax error first).
        valid = self.lexicon.map_chars
        for i, ch in enumerate(t.value.rstrip("\n").rstrip("\r")):
            if ch not in valid:
                t.lexpos += i
                self._map_error_at(t, ch)
        if t.value.endswith("\n"):
            # a profile's own map characters (the lexicon's, beyond the rule's set)
            self.keep_map_row(t.value.rstrip("\n").rstrip("\r"))
            t.lexer.lineno += 1
            return
        line, _pos = self._map_start
        raise DesError("MAP block has no ENDMAP", Span(self.filename, line, 1, 3))

    def _map_error_at(self, t, ch):
        span = Span(self.filename, t.lexer.lineno, self.column(t.lexpos))
        if ch == "\t":
            raise DesError("tab character in a MAP block", span,
                           "lev_comp only accepts map characters and spaces inside MAP")
        valid = "".join(c for c in "-|}{+xABCISHKMPLWTtFYU\\#." if c in self.lexicon.map_chars)
        raise DesError(f"invalid character {ch!r} in a MAP block", span,
                       f"valid map characters are: {' '.join(valid)} and space; a variant's "
                       "own are declared in its profile (--data), or drawn as placeholders "
                       "with --lenient")

    def t_map_error(self, t):
        self._map_error_at(t, t.value[0])

    t_map_ignore = ""

    def t_map_eof(self, t):
        line, _pos = self._map_start
        raise DesError("MAP block has no ENDMAP", Span(self.filename, line, 1, 3))

    # -- comments and layout --------------------------------------------------------
    def t_COMMENT(self, t):
        r"^[ \t]*\#[^\n]*(\n|\Z)"
        if t.value.endswith("\n"):
            t.lexer.lineno += 1

    def t_newline(self, t):
        r"\r?\n"
        t.lexer.lineno += 1

    def t_whitespace(self, t):
        r"[ \t]+"
        # Not t_ignore: that would skip indentation before a '#' comment line.

    # -- numbers and literals (order matters: PLY tries function rules in order) ------
    def t_PERCENT(self, t):
        r"\[\ *[0-9]+%\ *\]"
        t.text = t.value
        t.value = c_atoi(t.value.strip("[] %"))
        if not 0 <= t.value <= 100:
            self.fail_at(f"Unexpected percentile '{t.value}%'", t)
        return t

    def t_DICE(self, t):
        r"[0-9]+d[0-9]+"
        t.text = t.value
        n, d = t.value.split("d")
        t.value = (c_atoi(n), c_atoi(d))
        return t

    def t_MINUS_INTEGER(self, t):
        r"-[0-9]+"
        t.text = t.value
        t.value = c_atoi(t.value)
        return t

    def t_PLUS_INTEGER(self, t):
        r"\+[0-9]+"
        t.text = t.value
        t.value = c_atoi(t.value)
        return t

    def t_SPERCENT(self, t):
        r"[0-9]+%"
        t.text = t.value
        t.value = c_atoi(t.value[:-1])
        if not 0 <= t.value <= 100:
            self.fail_at(f"Unexpected percentile '{t.value}%'", t)
        return t

    def t_INTEGER(self, t):
        r"[0-9]+"
        t.text = t.value
        t.value = c_atoi(t.value)
        return t

    def t_STRING(self, t):
        r'"[^"]*"'
        t.text = t.value
        t.lexer.lineno += t.value.count("\n")
        t.value = t.value[1:-1]
        return t

    def t_VARIABLE(self, t):
        r"\$[a-zA-Z_](\.?[a-zA-Z_0-9]+)*"
        t.text = t.value
        name, _, method = t.value.partition(".")
        info = self.lookup_var(name)
        if method:
            if info is None:
                self.fail_at(f"Trying to use a method of unknown variable '{name}'.", t)
            ret = METHODS.get((info[0], info[1], method))
            if ret is None:
                self.fail_at(f"variable '{name}' ({type_words(*info)}) has no method '.{method}'", t,
                           "coordinates have .x and .y; arrays have .length")
            t.type = "METHOD_INT"
            t.value = (name, method)
            return t
        t.value = name
        if info is None:
            t.type = "VARSTRING"
        else:
            vtype, is_array = info
            t.type = f"VARSTRING_{VAR_TOKEN[vtype]}" + ("_ARRAY" if is_array else "")
        return t

    def t_HALFWORD(self, t):
        r"half-left|half-right|random\["
        t.text = t.value
        if t.value == "random[":
            t.type, t.value = "RANDOM_TYPE_BRACKET", -1
        else:
            t.type, t.value = self.keywords[t.value]
        return t

    def t_IDENT(self, t):
        r"[a-zA-Z_](\.?[a-zA-Z_0-9]+)*"
        t.text = t.value
        kw = self.keywords.get(t.value)
        if kw is not None:
            t.type, value = kw
            t.value = value if value is not None else t.value
            return t
        core = CORE_FUNCTIONS.get(t.value)
        if core is not None:
            t.type = _CFUNC_TOKEN.get(core[1], "CFUNC")
            return t
        t.type = "NQSTRING"
        return t

    def t_COMPARE_TYPE(self, t):
        r"==|!=|<>|<=|>=|<|>"
        t.text = t.value
        t.value = "!=" if t.value == "<>" else t.value
        return t

    def t_CHAR(self, t):
        r"'\\.'|'.'"
        t.text = t.value
        t.value = t.value[2] if len(t.value) == 4 else t.value[1]
        return t

    def t_LITERAL(self, t):
        r"[,:()\[\]{}=|&.+\-*/%]"
        t.text = t.value
        t.type = t.value
        return t

    def t_error(self, t):
        ch = t.value[0]
        span = Span(self.filename, t.lexer.lineno, self.column(t.lexpos))
        if ch == "#":
            raise DesError("'#' starts a comment only at the beginning of a line", span,
                           "lev_comp has no end-of-line comments: move the comment to its own line")
        if ch == '"':
            start = unclosed_string_before(t.lexer.lexdata, t.lexpos)
            if start is not None:      # an earlier string ran over its line: it is the one
                line = t.lexer.lexdata.count("\n", 0, start) + 1
                raise DesError("unterminated string",
                               Span(self.filename, line, self.column(start)),
                               'a string ends on its own line with \'"\'')
            raise DesError("unterminated string", span, 'a string runs to the next \'"\'')
        if ch == "'":
            raise DesError("malformed map character", span,
                           "a map character is one character in single quotes, e.g. '.'")
        if ch == "!":
            raise DesError("unexpected '!'", span, "did you mean '!='?")
        raise DesError(f"unexpected character {ch!r}", span)


_TEMPLATE = None


def _template_lexer():
    """PLY compiles the rules once; each DesLexer gets a clone bound to it (building a
    lexer per parsed file cost more than lexing a small file)."""
    global _TEMPLATE
    if _TEMPLATE is None:
        _TEMPLATE = build_template()
    return _TEMPLATE


def build_template(errorlog=None):
    """PLY's lexer of the rules.  Without ``errorlog``, built in PLY's optimized mode
    with no table file (``lextab=""``): the same lexer without PLY's validation of the
    rules (each rule's pattern compiled on its own, this module's source read for
    duplicates: 2-3 ms of every run that parses).  The rules are the code's, not the
    user's: ``tests/test_lexer_template.py`` has PLY validate them (an ``errorlog``
    given: no error, no warning) and holds both builds equal.  The token loop still
    checks the token type each rule returns, as it does unoptimized."""
    template = lex.lex(module=DesLexer.__new__(DesLexer),
                       reflags=int(re.VERBOSE | re.MULTILINE), optimize=errorlog is None,
                       lextab="", debug=False, errorlog=errorlog or lex.NullLogger())
    template.lexoptimize = False
    return template


class MapBlock:
    """The verbatim lines of a MAP ... ENDMAP block and the line the first one is on."""

    __slots__ = ("lines", "first_line", "size")

    def __init__(self, lines, first_line: int, size: Optional[Tuple[int, int]] = None) -> None:
        self.lines = list(lines)
        self.first_line = first_line
        # (width, height) as read: the lines past the limit are not kept
        self.size = size

    def __repr__(self) -> str:
        return f"MapBlock({len(self.lines)} lines from line {self.first_line})"
