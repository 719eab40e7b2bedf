"""What UnNetHack's loader keeps between statements, as one object the statement
modules share (the game's ``sp_coder`` and the loader's globals).

Why it exists: ``spo_lev.c`` keeps its state in globals (the room stack ``tmproomlist``
/ ``failed_room`` / ``n_subroom``, ``xstart``.., the free-rectangle list, the monster
an OBJECT goes into, the container stack).  Here that state is a :class:`BuildState`
handed explicitly to the focused modules that run each family of statements
(:mod:`~unlev.generate.maps`, :mod:`~unlev.generate.features`,
:mod:`~unlev.generate.room_statements`, :mod:`~unlev.generate.monster_statements`, ...), so no
module needs another one's private names.  What the makers of the population may see
(the level, the streams, the terrain questions) is the base class,
:class:`~unlev.populate.context.MakeContext`.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional

from unlev.lang.diagnostics import DesError, Span
from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS, Limits, hint, steps_hint, \
    steps_message
from unlev.model.level import Level, Monster, Object, Room
from unlev.model.rect import RectList
from unlev.populate.context import MakeContext
from unlev.stdlib.rng import RNG
from unlev.stdlib.compat import Compat

MAX_NESTED_ROOMS = 5       # sp_lev.h


class BuildState(MakeContext):
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
    unused draws (hit points, gender) are drawn too (populate/makemon.py).
    """

    def __init__(self, rng: RNG, level: Level, compat: Compat,
                 mon_rng: Optional[RNG] = None, run_context: Any = None,
                 warn_to: Optional[Callable[[str, Optional[Span]], None]] = None,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        super().__init__(rng, level, compat, mon_rng=mon_rng, run_context=run_context,
                         warn_to=warn_to)
        self.limits = limits    # the run's (Settings.limits): entities, placements, steps
        self.placement_failures = 0
        self.work = 0           # squares tried by random placements since last asked
        self.work_cap = limits.steps     # the most work one statement may do (spend)
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
        #: whose loader builds the level (unlev.generate.loaders: "unnethack",
        #: "nethack36", "nethack343"): fixup_special's additions differ by game
        self.game = "unnethack"

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
        if len(things) >= self.limits.entities:
            raise DesError(f"more than {self.limits.entities:,} {what} on the level", span,
                           hint("entities", self.limits))

    @property
    def croom(self) -> Optional[Room]:
        """The room being filled (the innermost ROOM/SUBROOM), or None."""
        return self.roomlist[self.n_sub - 1]
