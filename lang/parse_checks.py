"""lev_comp's checks made while it parses: MAP blocks, names, core function calls.

Split from :mod:`unlev.lang.parser` (issue 27's size goal).  UnNetHack's ``lev_comp.y``
checks much in its grammar actions rather than after the parse: map characters and a
MAP's size (``scan_map``, ``check_map_region``: lev_comp's "Map too large" and
"out of map range" errors), monster, object and trap names against the game's tables
(``check_monster_char``, ``check_object_char``, ``get_monster_id``...), and a core
function's parameter letters (``core_function`` / ``decode_parm_str``).
``ParseChecks`` is a mixin of :class:`~unlev.lang.parser.DesParser`: the grammar's
actions call these methods on the parser, which holds the lexicon, oracle and reporter.
"""

from __future__ import annotations


from . import ast as A
from .diagnostics import Span
from .lexer import CORE_FUNCTIONS, MAP_X_LIM, MAP_Y_LIM
from ..stdlib.grid import COLNO, ROWNO
from ..stdlib.terrain import INVALID_TYPE, MAX_TYPE, map_char_to_type

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Optional

# MAP rows may carry digits (column rulers); they are not squares
_NO_DIGITS = str.maketrans("", "", "0123456789")


def short_map_rows(rows, width: int):
    """``(row index, message, hint)`` for the first MAP row shorter than ``width``
    (the one wording ``unlev check``, ``run``, ``lint`` and ``test`` use), or None."""
    short = [(i, r) for i, r in enumerate(rows) if len(r) < width and r.strip()]
    if not short:
        return None
    i, r = short[0]
    more = (f" (and {len(short) - 1} more row{'s' if len(short) > 2 else ''})"
            if len(short) > 1 else "")
    return (i, f"MAP row {i + 1} is {len(r)} characters wide, the widest is "
            f"{width}{more}", "lev_comp pads short rows with solid rock")



class ParseChecks:
    """The checks lev_comp makes in its grammar actions (a mixin of the parser)."""

    def unknown_room_type(self, name: str, span: Span, known) -> None:
        """lev_comp's warning for a room type it lacks (it makes an ordinary room); a
        type the --data profile has is said to be the variant's, not unknown."""
        names = getattr(self.oracle, "room_type_names", lambda: [])()
        if name in names:
            self.warning(f'room type "{name}" is the {self.oracle.profile_name} data\'s; '
                         "unlev makes an ordinary room", span, code="variant-room")
            return
        self.warning(f'Unknown room type "{name}"!  Making ordinary room...', span,
                     self.suggest_name(name, known))

    def suggest(self, name: str, candidates, cutoff: float = 0.6) -> Optional[str]:
        import difflib                  # only for a misspelt word: not at start-up
        close = difflib.get_close_matches(name, list(candidates), n=1, cutoff=cutoff)
        return f'did you mean "{close[0]}"?' if close else None

    def suggest_name(self, name: str, candidates) -> Optional[str]:
        """A "did you mean" for a game name: only a near spelling (a typo), never a
        different creature ("tree blight" is not "yellow light")."""
        from ..stdlib.data import NAME_CUTOFF
        return self.suggest(name, candidates, NAME_CUTOFF)


    # ------------------------------------------------------------------ maps
    def check_map_char(self, ch: str, span: Span, message: str,
                       allow_see_through: bool = True) -> None:
        if ch in getattr(self.lexicon, "ext_map_chars", ()):
            return              # a profile's own character, drawn as its declared base
        if self.lenient and ch not in self.lexicon.map_chars and len(ch) == 1:
            from .extensions import lenient_map_char
            if lenient_map_char(self, ch):
                return
        t = map_char_to_type(ch)
        valid = self.lexicon.map_chars
        if t == INVALID_TYPE or (not allow_see_through and t >= MAX_TYPE) or \
                (ch != " " and ch not in valid):
            # the dialect's own set: a 3.6 TERRAIN takes no UnNetHack-only 't' or 'M'
            shown = " ".join(c for c in " #.-|+ABCSH{\\K}PLIWTtFMxYU"
                             if c == " " and c or c in valid)
            self.error(message, span, f"map characters: ' ' {shown.strip()}")

    def lenient_placeholder_char(self, ch: str) -> bool:
        """A map character neither the dialect nor the profile knows, as a lenient
        placeholder (for the grammar's actions, which do not import extensions)."""
        from .extensions import lenient_map_char
        return lenient_map_char(self, ch)

    def map_type(self, ch: str) -> int:
        """The terrain type of a map character; a profile's own is its base's."""
        decl = getattr(self.lexicon, "ext_map_chars", {}).get(ch)
        return map_char_to_type(decl.base if decl is not None else ch)

    def set_map_size(self, size) -> None:
        if size is None:
            self.max_x_map, self.max_y_map = COLNO - 1, ROWNO
        else:
            self.max_x_map, self.max_y_map = size

    def scan_map(self, node: A.MapStmt, span: Span, size=None) -> None:
        """lev_comp's MAP checks; ``size`` is the (width, height) the lexer measured
        when it kept only the rows up to the limit."""
        rows = [line.translate(_NO_DIGITS) for line in node.lines]
        width, height = size or (max((len(r) for r in rows), default=0), len(rows))
        found = short_map_rows(rows, width)
        if found is not None:
            dy, message, hint = found
            self.warning(message, Span(span.file, node.first_line + dy, len(rows[dy]) + 1),
                         hint, code="map-rows")
        if width > MAP_X_LIM or height > MAP_Y_LIM:
            self.error(f"Map too large at ({width} x {height}), max is ({MAP_X_LIM} x {MAP_Y_LIM})", span)
        node.lines = rows
        self.max_x_map, self.max_y_map = width - 1, height - 1

    def check_map_region(self, x1, y1, x2, y2, span: Span) -> None:
        for name, v, hi in (("x1", x1, self.max_x_map), ("y1", y1, self.max_y_map),
                            ("x2", x2, self.max_x_map), ("y2", y2, self.max_y_map)):
            if v < 0 or v > hi:
                self.error(f"Region ({x1},{y1},{x2},{y2}) out of map range ({name})!", span,
                           "use levregion(...) for coordinates relative to the whole level")
                return

    # ------------------------------------------------------------------ names
    def level_has_flag(self, flag: str) -> bool:
        return flag in self.level_flags

    def name_known(self, noun: str, cls, name) -> bool:
        """Whether ``monster`` or ``object`` ``noun`` named ``name`` (of class ``cls``,
        or any) is in the tables, asked of the oracle once per parse: a des-file names
        the same few monsters and objects over and over, and the oracle's answer goes
        through the data tables' lookups (a parse runs under one set of tables)."""
        key = (noun, cls, name)
        known = self.names_known.get(key)
        if known is None:
            ask = self.monster_known if noun == "monster" else self.object_known
            known = self.names_known[key] = ask(cls, name)
        return known

    def class_known(self, noun: str, ch) -> bool:
        """Whether ``ch`` is a monster or object class (``noun``)."""
        if noun == "monster":
            return self.monster_class_known(ch)
        return self.object_class_known(ch)

    def name_hint(self, noun: str, cls, name) -> Optional[str]:
        """The hint for an unknown monster or object name (``noun``)."""
        if noun == "monster":
            return self.monster_hint(cls, name)
        return self.object_hint(cls, name)

    def monster_class_known(self, ch): return self.oracle.monster_class_known(ch)
    def object_class_known(self, ch): return self.oracle.object_class_known(ch)
    def monster_known(self, cls, name): return self.oracle.monster_known(cls, name)
    def object_known(self, cls, name): return self.oracle.object_known(cls, name)
    def trap_known(self, name): return self.oracle.trap_known(name)
    def monster_hint(self, cls, name):
        if cls is not None and self.oracle.monster_known(None, name):
            return _class_hint("monster", name, self.oracle.monster_classes(name))
        return self.suggest_name(name, self.oracle.monster_names())

    def object_hint(self, cls, name):
        if cls is not None and self.oracle.object_known(None, name):
            return _class_hint("object", name, self.oracle.object_classes(name))
        return self.suggest_name(name, self.oracle.object_names())

    def trap_hint(self, name): return self.suggest_name(name, self.oracle.trap_names())

    # ------------------------------------------------------------------ core functions
    def check_corecall(self, node: A.CoreCall, had_parens: bool) -> None:
        params, ret = CORE_FUNCTIONS[node.name]
        got = "".join(arg_letter(a) for a in node.args)
        if had_parens and not node.args:
            got = " "  # lev_comp passes "nothing" for empty parentheses
        if got != params:
            if params == "":
                self.error(f"Core function '{node.name}' takes no parameters.", node.span)
            else:
                self.error(f"Core function '{node.name}' requires '{decode_params(params)}' parameter"
                           f"{'s' if len(params) > 1 else ''}, got '{decode_params(got)}' instead.",
                           node.span)
        if ret != node.returns:
            self.error(f"Core function '{node.name}' does not return '{decode_params(node.returns)}' value.",
                       node.span)



def _class_hint(what: str, name: str, classes) -> Optional[str]:
    """The name is right but the class is not: say which class it has."""
    if not classes:
        return None
    which = " or ".join(f"'{c}'" for c in classes)
    return f'"{name}" is {"an" if what == "object" else "a"} {what} of class {which}: ' \
           f"write ({classes[0]!r}, \"{name}\")"


def arg_letter(node) -> str:
    """The lev_comp parameter letter (i s c r O M) of an argument expression."""
    if isinstance(node, (A.Int, A.Dice, A.BinOp, A.Method)):
        return "i"
    if isinstance(node, (A.Str, A.Concat)):
        return "s"
    if isinstance(node, A.CoreCall):
        return node.returns
    if isinstance(node, (A.CoordLit, A.RandomCoord, A.RndCoord)):
        return "c"
    if isinstance(node, A.RegionLit):
        return "r"
    if isinstance(node, A.ObjectSpec):
        return "O"
    if isinstance(node, A.MonsterSpec):
        return "M"
    if isinstance(node, (A.Var, A.Index)):
        var = node if isinstance(node, A.Var) else node.var
        return {"int": "i", "string": "s", "coord": "c", "region": "r", "object": "O",
                "monster": "M", "mapchar": "m"}.get(var.vtype, "?")
    return "?"


def decode_params(letters: str) -> str:
    words = {"i": "int", "r": "region", "s": "str", "O": "obj", "c": "coord", " ": "nothing",
             "m": "mapchar", "M": "monster"}
    return ", ".join(words.get(c, "unknown") for c in letters)

