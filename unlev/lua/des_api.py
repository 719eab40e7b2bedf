"""``des.*``: NetHack 3.7's level statements mapped onto unlev's LevelBuilder.

Each function accepts 3.7's forms (positional ``des.monster("L", 5, 6)`` and the
table form ``des.monster({ id = "lich", x = 5, y = 6, peaceful = 1 })``) and makes the
one builder call the des-file statement of the same meaning makes, with the same values
(:mod:`unlev.lang.values`), so a level converted by ``unlev convert`` builds what the
des-file builds.  ``contents``/``inventory`` functions run between the builder's
``begin_*`` and ``end_*``, as a des-file's nested block does.

Coordinates are relative to the current MAP; a missing coordinate is ``random``.
Keys 3.7 does not have (``humidity``, ``unlev_*``) come from converted des-files and are
each marked there with an ``-- unlev:`` note.
"""

from __future__ import annotations

import functools
from typing import Optional

from unlev.lang.values import Align, Coord, MonsterValue, ObjectValue, Region

from .charge import DES, charged
from .des import DES_FUNCTIONS
from .des.common import ALIGNMENTS, CLASS_PREFIXES, MONSTER_NAMES_37, stand_in
from .selection_api import coord_of, is_num


class DesAPI:
    """The ``des`` table of one Lua session: the argument helpers the ``lspo_*``
    functions of :mod:`unlev.lua.des` share, and the nesting they keep (rooms,
    inventories)."""

    def __init__(self, session) -> None:
        self.s = session
        self.room_depth = 0
        self.holder_depth = 0          # inside a monster's inventory or a container
        self.mazewalked = False
        # NetHack 3.7's gi.in_mk_themerooms / gt.themeroom_failed, while makerooms()
        # runs themerms.lua (unlev.lua.themerooms)
        self.in_mk_themerooms = False
        self.themeroom_failed = False

    # -- argument helpers ----------------------------------------------------------------
    def table_arg(self, args):
        """The options table of a call, when its first argument is a (non-selection) table."""
        if args and self.s.is_table(args[0]) and self.s.selections.handle(args[0]) is None \
                and args[0][1] is None:
            return args[0]
        return None

    def word(self, table: dict, v, what: str, default=None):
        if v is None:
            return default
        if is_num(v) or isinstance(v, bool):
            return int(v)
        key = str(v).lower()
        if key not in table:
            raise self.s.error(f"{what}: unknown value {v!r} (one of: {', '.join(sorted(table))})")
        return table[key]

    def coord_in(self, t, args=None, start: int = 0, what: str = "") -> Coord:
        """A statement's coordinate: ``x=, y=`` or ``coord=`` in the table, or ``x, y`` /
        ``{x, y}`` positionally from ``args[start]``; random when absent."""
        s = self.s
        if t is not None:
            if t["x"] is not None and t["y"] is not None:
                return Coord(int(t["x"]), int(t["y"]))
            if t["coord"] is not None:
                return coord_of(s, t["coord"], what)
            return Coord(0, 0, True, int(t["humidity"] or 0))
        if args is not None and start < len(args):
            if start + 1 < len(args) and is_num(args[start]) and is_num(args[start + 1]):
                return Coord(int(args[start]), int(args[start + 1]))
            if s.is_table(args[start]):
                return coord_of(s, args[start], what)
        return Coord(0, 0, True)

    def region_of(self, v, what: str, whole: bool = False) -> Region:
        s = self.s
        h = s.selections.handle(v)
        if h is not None:
            if h.region is not None:
                return Region(*h.region, whole_level=whole)
            box = h.sel.bounding_box()
            if box is None:
                raise s.error(f"{what}: the selection is empty")
            x1, y1 = s.builder.to_relative(box[0], box[1])
            x2, y2 = s.builder.to_relative(box[2], box[3])
            return Region(x1, y1, x2, y2, whole_level=whole)
        if s.is_table(v):
            vals = [v[1], v[2], v[3], v[4]]
            if any(x is None for x in vals):
                vals = [v["x1"], v["y1"], v["x2"], v["y2"]]
            if any(x is None for x in vals):
                raise s.error(f"{what}: expected a region {{x1, y1, x2, y2}}")
            return Region(*(int(x) for x in vals), whole_level=whole)
        raise s.error(f"{what}: expected a region")

    def selection_in(self, args, i: int, what: str):
        """A selection argument: a Lua selection, or a coordinate (x, y / {x, y})."""
        s = self.s
        from unlev.stdlib.selection import Selection
        h = s.selections.handle(args[i]) if i < len(args) else None
        if h is not None:
            return h.sel, i + 1
        c, j = s.selections.coords(list(args), i, what)
        x, y = s.builder.locate(c)
        return Selection.point(x, y), j

    def monster_value(self, v) -> MonsterValue:
        cls, name = self._spec(v)
        if name is not None:
            name = self._known_or_stand_in("monsters", cls, name)
        return MonsterValue(cls, name)

    def object_value(self, v) -> ObjectValue:
        cls, name = self._spec(v)
        if name is not None and " of " in name:
            # sp_lev.c find_objtype: "scroll of earth" is the scroll named "earth"
            for prefix, symbol in CLASS_PREFIXES:
                if name.lower().startswith(prefix):
                    cls, name = cls or symbol, name[len(prefix):]
                    break
        if name is not None:
            name = self._known_or_stand_in("objects", cls, name)
        return ObjectValue(cls, name)

    def _known_or_stand_in(self, table: str, cls, name: str) -> str:
        """3.7 stops with "Unknown monster id"; a name no table of unlev's knows may be
        one 3.7 added, so the level goes on with a stand-in, and says so."""
        if table == "monsters" and name.lower() in MONSTER_NAMES_37:
            from unlev.stdlib import data
            # unlev's spelling, unless the tables are 3.7's and know the name
            if not data.lookup_monster(name, cls).ok:
                name = MONSTER_NAMES_37[name.lower()]
        got, known = stand_in(table, cls, name)
        if not known:
            what = "monster" if table == "monsters" else "object"
            from unlev.stdlib import data
            tables = ("the level's data profile" if data.active_tables() is not None
                      else "unlev's UnNetHack data")
            self.s.warn(f"unknown {what} {name!r} (not in {tables}, NetHack 3.6's or "
                        f"3.4.3's): made as {got!r}")
        return got

    def _spec(self, v):
        if v is None:
            return None, None
        if self.s.is_table(v):
            ident = v["id"]
            if self.s.is_table(ident):        # id = a spec held in a variable
                return self._spec(ident)
            cls = v["class"]
            if ident is not None and len(str(ident)) == 1 and cls is None:
                return str(ident), None
            return (None if cls is None else str(cls)), (None if ident is None else str(ident))
        v = str(v)
        return (v, None) if len(v) == 1 else (None, v)

    def align_of(self, v) -> Optional[Align]:
        if v is None:
            return None
        if is_num(v):
            return Align("fixed", int(v))
        key = str(v).lower()
        if key == "random":
            return Align("random")
        if key not in ALIGNMENTS:
            raise self.s.error(f"unknown alignment {v!r}")
        return Align("fixed", ALIGNMENTS[key])

    def span(self):
        return self.s.span()

    @property
    def b(self):
        return self.s.builder

    def call(self, fn, *a, **kw):
        """Run a contents/inventory function given by the level file."""
        if fn is not None:
            fn(*a, **kw)

    # -- statements ----------------------------------------------------------------------
    def install(self) -> None:
        s = self.s
        des = s.table()
        for name, fn in DES_FUNCTIONS.items():
            des[name] = charged(s, functools.partial(fn, self), DES)
        s.env["des"] = des

    def finish(self) -> None:
        pass

