"""What UnNetHack's loader keeps between statements, as one object the statement
modules share.

Why it exists: ``spo_lev.c`` keeps its state in globals (the room stack ``tmproomlist``
/ ``failed_room`` / ``n_subroom``, ``xstart``.., the free-rectangle list, the monster
an OBJECT goes into, the container stack).  Here that state is a :class:`BuildState`
handed explicitly to the focused modules that run each family of statements
(:mod:`~unlev.generate.maps`, :mod:`~unlev.generate.features`,
:mod:`~unlev.generate.room_statements`, :mod:`~unlev.populate.monsters`, ...), so no
module needs another one's private names.  The small terrain questions every one of
them asks (``typ``, ``is_pool``, ``trap_at``...) live here too.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Callable, List, Optional

from unlev.lang.diagnostics import DesError, Span
from unlev.lang.limits import hint, limits, steps_hint, steps_message
from unlev.model.level import (
    COLNO, DB_LAVA, DB_MOAT, DB_UNDER, DOORMAX, NO_ROOM, ROWNO, SHOPBASE, DungeonContext,
    Level, Monster, Object, Room, Trap, isok,
)
from unlev.model.context import PLANES, level_alignment
from unlev.model.rect import RectList
from unlev.populate import kinds
from unlev.stdlib import terrain as T
from unlev.stdlib.rng import RNG
from unlev.stdlib.selection import Compat

MAX_NESTED_ROOMS = 5       # sp_lev.h


@dataclass(frozen=True)
class BuildCompat:
    """Deviations of UnNetHack's loader from the documented statements.

    ``BuildCompat()`` is the documented language; ``BuildCompat.game()`` the loader.
    """

    plain_wallify_is_noop: bool = False
    """``WALLIFY`` without a selection: lev_comp packs the region (-1,-1,-1,-1) into
    bytes, so spo_wallify reads 255s instead of the "whole map" markers and
    wallify_map() clamps them to an empty box: nothing happens (documented: the map
    area is wallified)."""

    corridor_walls_swapped: bool = False
    """``CORRIDOR: (room, north, door), ...``: spo_lev.c's search_door() looks for a
    ``north`` door on the bottom wall and a ``south`` door on the top wall, so the
    corridor starts inside the room and is not dug (documented: the named wall)."""

    @classmethod
    def game(cls) -> "BuildCompat":
        return cls(**{f.name: True for f in fields(cls)})

    @classmethod
    def documented(cls) -> "BuildCompat":
        return cls()

    @classmethod
    def for_selection_compat(cls, compat: Compat) -> "BuildCompat":
        """One switch for a run: the game's selections imply the game's loader."""
        return cls.game() if compat == Compat.game() else cls.documented()


class BuildState:
    """The level being built and the loader's state between statements.

    ``rng`` is the evaluator's stream (script and loader share it); ``mon_rng`` the
    monster-creation stream (the game's ``use_mon_rng``); ``run_context`` what the
    script's ``hero.*`` functions read (role, race, alignment).

    The monster stream starts where the main one does (rnd.c ``set_random_state`` seeds
    both ISAAC contexts with the level seed), and the game draws from it everything of
    sp_lev.c ``create_monster`` (spo_lev.c ``spo_monster`` wraps it in ``use_mon_rng``:
    kind, random spot) and of ``makemon()``.  So a random monster's spot replays the
    numbers the main stream gave earlier random objects and traps, and lands on one of
    them whenever the two streams have moved on by the same count: Wiz-goal's random
    bats stand on its random objects 6.4 times a level in the game.  How often that
    happens depends on how many numbers each step draws, which is why makemon's
    unused draws (hit points, gender) are drawn too (populate/monsters.py).
    """

    def __init__(self, rng: RNG, level: Level, compat: BuildCompat,
                 mon_rng: Optional[RNG] = None, run_context: Any = None,
                 warn_to: Optional[Callable[[str, Optional[Span]], None]] = None) -> None:
        self.rng = rng
        self.mon_rng = mon_rng if mon_rng is not None else RNG(rng.seed)
        self.level = level
        self.compat = compat
        self.run_context = run_context
        self.warnings: List[str] = []
        self.placement_failures = 0
        self.work = 0           # squares tried by random placements since last asked
        self.work_cap = limits().steps   # the most work one statement may do (spend)
        self.warn_to = warn_to
        self.rects = RectList()
        self.smeq: List[int] = []
        # the coder's room stack (tmproomlist / failed_room / n_subroom)
        self.roomlist: List[Optional[Room]] = [None] * (MAX_NESTED_ROOMS + 1)
        self.failed: List[bool] = [False] * (MAX_NESTED_ROOMS + 1)
        self.n_sub = 1
        self.region_endroom: List[bool] = []
        self.ok_func: Optional[Callable[[int], bool]] = None   # sp_lev.c is_ok_location_func
        self.invent_monster: Optional[Monster] = None
        self.containers: List[Optional[Object]] = []
        self.monster_stack: List[Optional[Monster]] = []
        self.finished = False
        self.lenient = False    # unknown names make placeholders (populate.placeholders)

    def spend(self, work: int) -> None:
        """Count ``work`` against the step limit, and stop the statement (the step-limit
        error) as soon as its work passes it: a loop that may run two billion times
        calls this on each round."""
        self.work += work
        if self.work > self.work_cap:
            raise DesError(steps_message(self.work_cap), None, steps_hint(self.work_cap))

    def room_for_entity(self, things: list, what: str, span: Optional[Span] = None) -> None:
        """The entities limit (unlev.lang.limits): a LOOP of a billion OBJECTs, or an
        OBJECT of a billion boulders, ends in an error, not in gigabytes."""
        if len(things) >= limits().entities:
            raise DesError(f"more than {limits().entities:,} {what} on the level", span,
                           hint("entities"))

    @property
    def context(self) -> DungeonContext:
        return self.level.context

    @property
    def croom(self) -> Optional[Room]:
        """The room being filled (the innermost ROOM/SUBROOM), or None."""
        return self.roomlist[self.n_sub - 1]

    def warn(self, message: str, span: Optional[Span] = None) -> None:
        """The game's impossible()/warning(): recorded, and passed on if asked."""
        self.warnings.append(message)
        if self.warn_to is not None:
            self.warn_to(message, span)

    def population_context(self) -> kinds.LevelContext:
        """What the random monster/object/trap choices read of this level."""
        ctx = self.level.context
        name = ctx.dungeon_name
        return kinds.LevelContext(
            depth=ctx.depth, difficulty=ctx.difficulty,
            in_gehennom=name in ("Gehennom", "Sheol"), in_sheol=name == "Sheol",
            noteleport=self.level.flags.noteleport,
            can_fall_through=self.level.can_fall_thru(), ledger_no=ctx.ledger,
            level_align=level_alignment(name, self.level.name),
            plane=(self.level.name if ctx.in_endgame and self.level.name in PLANES
                   else None),
            mon_gen=kinds.mon_gen_override(self.level.extras.get("mon_generation")))

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
