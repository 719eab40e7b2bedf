"""What every maker of the population gets: the level, the two random streams, the
hero's context and the warnings channel, with the terrain questions they all ask.

Why it exists: makemon, mkobj, maketrap and the room fills (mkroom.c, makemon.c,
mkobj.c, trap.c) read the level and draw numbers, but never the special-level
loader's state (its room stack, container stack, free rectangles).  The loader's own
:class:`~unlev.generate.state.BuildState` extends this class, so the loader hands
itself to a maker, and a maker cannot reach what is the loader's.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional

from unlev.lang.diagnostics import Span
from unlev.model.context import PLANES, level_alignment
from unlev.model.level import (
    COLNO, DB_LAVA, DB_MOAT, DB_UNDER, DOORMAX, NO_ROOM, ROWNO, SHOPBASE, DungeonContext,
    Level, Monster, Room, Trap, isok,
)
from unlev.populate import kinds, mkclass37, mksobj37
from unlev.stdlib import data, terrain as T
from unlev.stdlib.rng import RNG


# makemon.c mbirth_limit(): how many of a kind may be born before it is extinct
_BIRTH_LIMITS = {"erinys": 3, "Nazgul": 9, "weeping archangel": 7}


def extinct_kinds(level: Level) -> frozenset:
    """The kinds makemon.c ``propagate()`` has made extinct (``G_EXTINCT``) by the
    monsters made so far: a unique at its birth, an erinys, Nazgul or weeping
    archangel once ``mbirth_limit`` of them were born (not a G_NOGEN kind).  Each
    birth of such a kind calls ``reset_rndmonst(mndx)``, which takes it out of the
    cached rndmonst table at once; mkclass's ``mk_gen_ok`` refuses it too.  A
    petrified monster of Medusa's statues is made with MM_NOCOUNTBIRTH."""
    counts: dict = {}
    out: set = set()
    for mon in level.monsters:
        _count_birth(mon, counts, out)
    return frozenset(out)


def _birth_kind(mon):
    """The kind whose birth :func:`extinct_kinds` counts for this monster: a unique or a
    kind with a birth limit (not G_NOGEN), not a petrified statue's; else None."""
    pm = mon.attrs.get("data")
    if pm is None or mon.attrs.get("from") == "petrified":
        return None
    if "G_UNIQ" in pm.gen_flags:
        return pm
    if pm.name in _BIRTH_LIMITS and "G_NOGEN" not in pm.gen_flags:
        return pm
    return None


def _count_birth(mon, counts: dict, out: set) -> None:
    """One monster's birth as :func:`extinct_kinds` counts it."""
    pm = _birth_kind(mon)
    if pm is None:
        return
    if "G_UNIQ" in pm.gen_flags:
        out.add(pm.index)
        return
    counts[pm.index] = counts.get(pm.index, 0) + 1
    if counts[pm.index] >= _BIRTH_LIMITS[pm.name]:
        out.add(pm.index)


class MakeContext:
    """The level being populated, its streams and its context.

    ``rng`` is the main stream (the game's ``default_rng``); ``mon_rng`` the
    monster-creation stream (the game's ``use_mon_rng``); ``run_context`` what the
    hero is (role, race, alignment); ``compat`` the run's deviations switch;
    ``lenient`` makes placeholders of unknown names (:mod:`unlev.populate.placeholders`).
    """

    def __init__(self, rng: RNG, level: Level, compat: Any = None,
                 mon_rng: Optional[RNG] = None, run_context: Any = None,
                 warn_to: Optional[Callable[[str, Optional[Span]], None]] = None) -> None:
        self.rng = rng
        self.mon_rng = mon_rng if mon_rng is not None else RNG(rng.seed, stream="mon")
        self.level = level
        self.compat = compat
        self.run_context = run_context
        self.warnings: List[str] = []
        #: the game's tables this level is made from (unlev.stdlib.data.Tables), set
        #: by the build from the run's settings; active while the level is made
        self.tables = data.UNNETHACK_TABLES
        #: whose loader makes the level ("unnethack", "nethack36", "nethack343"): the
        #: makers that differ by game (traps36, shops36) ask it
        self.game = "unnethack"
        self.warn_to = warn_to
        self.lenient = False
        self._population = (None, None)     # (what it was made of, LevelContext)
        # extinct_kinds counted on as monsters are made: (level, monsters counted, the
        # last one counted, the finished monsters' counts and kinds)
        self._births: Any = (None, 0, None, {}, set())
        self._births_frozen: Optional[frozenset] = None
        self.where_cache: Any = (None, None)    # makemon.where_of's last (key, Where)

    @property
    def context(self) -> DungeonContext:
        return self.level.context

    def warn(self, message: str, span: Optional[Span] = None) -> None:
        """The game's impossible()/warning(): recorded, and passed on if asked."""
        self.warnings.append(message)
        if self.warn_to is not None:
            self.warn_to(message, span)

    def population_context(self) -> kinds.LevelContext:
        """What the random monster/object/trap choices read of this level.  Asked
        for every monster and object, it is made again only when what it is made of
        changed: the level or its context (set once per build), the level's flags, or
        its MON_GENERATION record (a new record for each statement), or the monsters
        made (a kind may have gone extinct: :func:`extinct_kinds`)."""
        lev = self.level
        key = (id(lev), id(lev.context), lev.name, lev.flags.noteleport, lev.flags.hardfloor,
               id(lev.extras.get("mon_generation")))
        gone = self._extinct_now()
        made_of, made = self._population
        if made_of == key and made.gone == gone:
            return made
        made = self._make_population_context(gone)
        self._population = (key, made)
        return made

    def _extinct_now(self) -> frozenset:
        """:func:`extinct_kinds` of the level, without walking every monster again for
        every new one: the monsters before the last are counted once (the last one is
        counted afresh each time: its record may still change while it is being made,
        a shape-changer's form, a statue's petrified monster)."""
        lev = self.level
        mons = lev.monsters
        level, n, last, counts, out = self._births
        if level is not lev or n > len(mons) or (n and mons[n - 1] is not last):
            level, n, counts, out = lev, 0, {}, set()
            self._births_frozen = None
        # count every monster before the last one for good
        while n < len(mons) - 1:
            if _birth_kind(mons[n]) is not None:
                _count_birth(mons[n], counts, out)
                self._births_frozen = None
            n += 1
        if self._births_frozen is None:
            self._births_frozen = frozenset(out)
        self._births = (level, n, mons[n - 1] if n else None, counts, out)
        if len(mons) > n and _birth_kind(mons[n]) is not None:   # the newest, on a copy
            c, o = dict(counts), set(out)
            _count_birth(mons[n], c, o)
            return frozenset(o)
        return self._births_frozen

    def _make_population_context(self, gone: frozenset) -> kinds.LevelContext:
        ctx = self.level.context
        name = ctx.dungeon_name
        # NetHack 3.7's tables: its mkclass() (mkclass37); else UnNetHack's
        extra = {}
        if mksobj37.applies():
            make = mkclass37.LevelContext37
            extra["temperature"] = getattr(self.level.flags, "temperature", 0) or 0
        else:
            make = kinds.LevelContext
        return make(**extra,
            depth=ctx.depth, difficulty=ctx.difficulty,
            in_gehennom=name in ("Gehennom", "Sheol"), in_sheol=name == "Sheol",
            noteleport=self.level.flags.noteleport,
            can_fall_through=self.level.can_fall_thru(), ledger_no=ctx.ledger,
            level_align=level_alignment(name, self.level.name),
            # makemon.c _rndmonst(): no pets in the black market (Is_blackmarket)
            blackmarket=name == "One-eyed Sam's Market",
            plane=(self.level.name if ctx.in_endgame and self.level.name in PLANES
                   else None),
            mon_gen=kinds.mon_gen_override(self.level.extras.get("mon_generation")),
            start_table=bool(getattr(self.run_context, "rndmonst_from_start", False)),
            gone=gone)

    # -- terrain predicates -------------------------------------------------------------
    def typ(self, x: int, y: int) -> int:
        """The terrain type at (x, y); stone off the map."""
        if 0 <= x < COLNO and 0 <= y < ROWNO:
            return self.level.typ[x * ROWNO + y]
        return T.STONE

    def is_pool(self, x: int, y: int) -> bool:
        if not isok(x, y):
            return False
        i = x * ROWNO + y
        t = self.level.typ[i]
        return t in (T.POOL, T.MOAT, T.WATER) or (
            t == T.DRAWBRIDGE_UP and (self.level.flg[i] & DB_UNDER) == DB_MOAT)

    def is_lava(self, x: int, y: int) -> bool:
        if not isok(x, y):
            return False
        i = x * ROWNO + y
        t = self.level.typ[i]
        return t == T.LAVAPOOL or (
            t == T.DRAWBRIDGE_UP and (self.level.flg[i] & DB_UNDER) == DB_LAVA)

    def bydoor(self, x: int, y: int) -> bool:
        for xx, yy in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if isok(xx, yy) and self.typ(xx, yy) in (T.DOOR, T.SDOOR):
                return True
        return False

    def okdoor(self, x: int, y: int) -> bool:
        return (self.typ(x, y) in (T.HWALL, T.VWALL) and len(self.level.doors) < DOORMAX
                and not self.bydoor(x, y))

    def trap_at(self, x: int, y: int) -> Optional[Trap]:
        for t in self.level.traps:
            if t.x == x and t.y == y:
                return t
        return None

    def monster_at(self, x: int, y: int) -> Optional[Monster]:
        for m in self.level.monsters:
            if m.x == x and m.y == y:
                return m
            if m.coords and (x, y) in [c for k, c in m.coords.items() if k.startswith("tail")]:
                return m                    # a long worm's tail segment (makemon.worm_tail)
        return None

    def in_rooms(self, x: int, y: int, rtype: int) -> Optional[Room]:
        """The room of that type whose floor or walls hold (x, y), if any (in_rooms)."""
        rno = self.level.roomno[x * ROWNO + y] if isok(x, y) else NO_ROOM
        room = self.level.room_by_roomno(rno)
        if room is not None and (room.rtype == rtype or (rtype == SHOPBASE and room.rtype >= SHOPBASE)):
            return room
        for room in self.level.rooms:
            if room.inside(x, y) and (room.rtype == rtype or (rtype == SHOPBASE and room.rtype >= SHOPBASE)):
                return room
        return None
