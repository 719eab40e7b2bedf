"""The interface between the evaluator and whatever builds the level.

Why it exists: the evaluator knows the language, not NetHack.  Each level statement
reaches a :class:`LevelBuilder` as one method call with fully evaluated arguments, one
method per statement kind with explicit parameters, so a misspelt statement or argument
fails loudly instead of being dropped.  The builder also answers the few questions the
language asks of the level (terrain under a selection, where a relative coordinate
lands, the current room).

Two implementations: ``unlev.generate.game_builder.GameBuilder`` does what UnNetHack's
loader does; :class:`RecordingBuilder` here keeps every call in a list, so tests can run
scripts end to end at the language level on a blank 80x21 level of stone.
``STATEMENTS`` names every statement method; ``tests/test_builder_interface.py``
checks both builders implement each one with the declared parameters.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from typing import Any, List, Mapping, Optional, Sequence, Tuple

from ..stdlib.grid import COLNO, ROWNO   # the blank level of the queries below


class LevelBuilder(ABC):
    """What the evaluator calls.  Queries have defaults describing an empty level;
    statement methods are abstract: a builder says what it does with each."""

    # -- queries --------------------------------------------------------------------
    def locate(self, coord, humidity: int = 0) -> Tuple[int, int]:
        """Absolute (x, y) of a coordinate as written (relative to the MAP or room)."""
        if coord.random:
            return (1, 0)
        return (coord.x, coord.y)

    def locate_region(self, region) -> Tuple[int, int, int, int]:
        return (region.x1, region.y1, region.x2, region.y2)

    def to_relative(self, x: int, y: int) -> Tuple[int, int]:
        """Inverse of locate for rndcoord(): the game subtracts the MAP origin."""
        return (x, y)

    def terrain_at(self, x: int, y: int) -> int:
        return 0

    def lit_at(self, x: int, y: int) -> int:
        return 0

    def room_bounds(self) -> Optional[Tuple[int, int, int, int]]:
        """(lx, ly, hx, hy) of the current room, or None outside rooms."""
        return None

    def limit_work(self, steps: int) -> None:
        """The most work one statement may do: past it the builder stops the statement
        with the step-limit error (the evaluator charges the work after the statement,
        too late for a SPILL of two billion squares)."""

    def work_done(self) -> int:
        """Squares the builder examined since last asked (random placements that search
        the map): the evaluator counts them against the step limit."""
        return 0

    def room_squares(self, index: Optional[int] = None) -> List[Tuple[int, int]]:
        """The floor squares of room ``index`` (0-based), or of the current room."""
        return []

    def mon_at(self, x: int, y: int, monster) -> int:
        return 0

    def obj_at(self, x: int, y: int, obj) -> int:
        return 0

    def carrying(self, obj) -> int:
        return 0

    # -- the level --------------------------------------------------------------------
    @abstractmethod
    def start_level(self, name: str, flags: Sequence[str], span=None) -> None:
        """LEVEL (and FLAGS): a new level starts."""

    @abstractmethod
    def end_level(self) -> None:
        """The script has ended (or EXITed)."""

    @abstractmethod
    def message(self, text: str, span=None) -> None: ...

    @abstractmethod
    def init_map(self, style: str, fill, fg, bg, smoothed, joined, lit, walled, fillchar,
                 span=None) -> None: ...

    @abstractmethod
    def map(self, halign, valign, coord, keep_region, lines: Sequence[str], first_line: int,
            span=None) -> None: ...

    @abstractmethod
    def terrain(self, selection, mapchar, span=None) -> None: ...

    @abstractmethod
    def replace_terrain(self, region, from_char, to_char, percent: int, span=None) -> None: ...

    @abstractmethod
    def spill(self, coord, mapchar, direction: int, count: int, span=None) -> None: ...

    @abstractmethod
    def wallwalk(self, coord, fg, bg, percent: int, span=None) -> None: ...

    @abstractmethod
    def mazewalk(self, coord, direction: int, stocked, fillchar, span=None) -> None: ...

    @abstractmethod
    def wallify(self, selection, span=None) -> None: ...

    @abstractmethod
    def non_diggable(self, region, span=None) -> None: ...

    @abstractmethod
    def non_passwall(self, region, span=None) -> None: ...

    # -- doors and dungeon features ------------------------------------------------------
    @abstractmethod
    def door(self, state: int, selection, span=None) -> None: ...

    @abstractmethod
    def roomdoor(self, secret: int, state: int, walls: int, pos: int, span=None) -> None: ...

    @abstractmethod
    def drawbridge(self, coord, direction: int, state: int, span=None) -> None: ...

    @abstractmethod
    def fountain(self, selection, span=None) -> None: ...

    @abstractmethod
    def sink(self, selection, span=None) -> None: ...

    @abstractmethod
    def pool(self, selection, span=None) -> None: ...

    @abstractmethod
    def stair(self, coord, up: int, span=None) -> None: ...

    @abstractmethod
    def ladder(self, coord, up: int, span=None) -> None: ...

    @abstractmethod
    def altar(self, coord, align, altar_type: int, span=None) -> None: ...

    @abstractmethod
    def grave(self, coord, text: Optional[str], random_text: bool, span=None) -> None: ...

    @abstractmethod
    def engraving(self, coord, etype: int, text: str, span=None) -> None: ...

    @abstractmethod
    def levregion(self, kind: str, area, exclude, up, dest, span=None) -> None: ...

    # -- rooms and regions: the evaluator runs a room's contents only when begin_room
    #    returns True --------------------------------------------------------------------
    @abstractmethod
    def begin_room(self, subroom: bool, rtype, chance, light, pos, align, size,
                   filled, irregular, joined, span=None) -> bool: ...

    @abstractmethod
    def end_room(self) -> None: ...

    @abstractmethod
    def begin_region(self, region, light, rtype, filled, irregular, joined,
                     has_contents: bool, span=None) -> None: ...

    @abstractmethod
    def end_region(self) -> None: ...

    @abstractmethod
    def corridor(self, src, dst, span=None) -> None: ...

    @abstractmethod
    def random_corridors(self, style, span=None) -> None: ...

    @abstractmethod
    def vaultgen(self, frequency: int, span=None) -> None: ...

    # -- population ----------------------------------------------------------------------
    @abstractmethod
    def begin_monster(self, monster, coord, attrs: Mapping[str, Any], has_inventory: bool,
                      span=None) -> None:
        """MONSTER; the OBJECTs up to :meth:`end_monster` are its inventory."""

    @abstractmethod
    def end_monster(self) -> None: ...

    @abstractmethod
    def object(self, object, coord, attrs: Mapping[str, Any], span=None) -> None: ...

    @abstractmethod
    def begin_container(self, object, coord, attrs: Mapping[str, Any], span=None) -> None:
        """CONTAINER; the OBJECTs up to :meth:`end_container` go inside it."""

    @abstractmethod
    def end_container(self) -> None: ...

    @abstractmethod
    def trap(self, name: Optional[str], coord, span=None) -> None: ...

    @abstractmethod
    def gold(self, amount: int, coord, span=None) -> None: ...

    @abstractmethod
    def mineralize(self, kelp_pool: int, kelp_moat: int, gold_prob: int, gem_prob: int,
                   span=None) -> None: ...

    @abstractmethod
    def mon_generation(self, percent: int, entries, span=None) -> None: ...

    @abstractmethod
    def sounds(self, frequency: int, entries, span=None) -> None: ...

    # -- a profile's declared extensions (unlev.lang.extensions) -------------------------
    @abstractmethod
    def extension(self, kind: str, name: str, args: Mapping[str, Any], span=None) -> None:
        """What a variant adds, evaluated: ``kind`` is ``terrain`` (``args``: ``base``
        map character, ``squares`` drawn as it), ``statement`` (``args``: ``args``,
        ``shapes``; or ``raw``), ``door``, ``monster``, ``object``, ``flag``,
        ``engraving``, or in the lenient mode ``unknown statement``.  The base part of
        a statement has already reached its own method; a builder models what it can
        and keeps the rest."""


STATEMENTS: Tuple[str, ...] = tuple(sorted(LevelBuilder.__abstractmethods__))

# what RecordingBuilder records a call under (the statement's historical name)
_RECORDED_AS = {"start_level": "level", "end_level": "endlevel", "begin_room": "room", "end_room": "endroom",
                "begin_region": "region", "end_region": "endregion",
                "begin_monster": "monster", "end_monster": "endmonster",
                "begin_container": "container", "end_container": "endcontainer"}


class RecordingBuilder(LevelBuilder):
    """Records ``(name, args)`` for each statement; the level stays blank stone.

    The attributes of MONSTER/OBJECT/CONTAINER are recorded beside the other arguments
    (``of("object")[0]["quantity"]``)."""

    def __init__(self) -> None:
        self.calls: List[Tuple[str, dict]] = []
        self.fail_rooms = False

    def names(self) -> List[str]:
        return [n for n, _a in self.calls]

    def of(self, name: str) -> List[dict]:
        return [a for n, a in self.calls if n == name]


def _recorder(name: str):
    signature = inspect.signature(getattr(LevelBuilder, name))

    def record(self, *args, **kwargs):
        bound = signature.bind(self, *args, **kwargs)   # a wrong argument fails here
        values = dict(bound.arguments)
        del values["self"]
        values.update(values.pop("attrs", None) or {})
        if "span" not in values and "span" in signature.parameters:
            values["span"] = None
        self.calls.append((_RECORDED_AS.get(name, name), values))
        if name == "begin_room":
            return not self.fail_rooms
        return None

    record.__name__ = record.__qualname__ = name
    record.__signature__ = signature             # type: ignore[attr-defined]
    record.__doc__ = f"Record a {name} statement."
    return record


for _name in STATEMENTS:
    setattr(RecordingBuilder, _name, _recorder(_name))
RecordingBuilder.__abstractmethods__ = frozenset()
