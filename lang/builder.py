"""The interface between the evaluator and whatever builds the level.

The evaluator knows the language, not NetHack: each level statement reaches a
:class:`LevelBuilder` as one method call with fully evaluated arguments. The builder
also answers the few questions the language asks of the level (terrain under a
selection, where a relative coordinate lands, the current room).

:class:`RecordingBuilder` keeps every call in a list; tests use it to run scripts end
to end at the language level, with a blank 80x21 level of stone.
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

COLNO, ROWNO = 80, 21


class LevelBuilder:
    """Base class: statement methods record nothing; queries describe an empty level.

    Subclasses override what they build. Every statement method has the signature
    ``statement(kind, **args)`` routed through :meth:`statement`, so a builder may
    implement ``do_<name>`` methods or override :meth:`statement` wholesale.
    """

    # -- queries ------------------------------------------------------------------
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

    def mon_at(self, x: int, y: int, monster) -> int:
        return 0

    def obj_at(self, x: int, y: int, obj) -> int:
        return 0

    def carrying(self, obj) -> int:
        return 0

    # -- rooms: the evaluator runs a room's contents only when this returns True --------
    def begin_room(self, **args) -> bool:
        self.statement("room", **args)
        return True

    def end_room(self) -> None:
        self.statement("endroom")

    def begin_region(self, **args) -> None:
        self.statement("region", **args)

    def end_region(self) -> None:
        self.statement("endregion")

    def begin_container(self, **args) -> None:
        self.statement("container", **args)

    def end_container(self) -> None:
        self.statement("endcontainer")

    def begin_monster(self, **args) -> None:
        self.statement("monster", **args)

    def end_monster(self) -> None:
        self.statement("endmonster")

    # -- everything else ----------------------------------------------------------------
    def statement(self, kind: str, /, **args: Any) -> None:
        method = getattr(self, "do_" + kind, None)
        if method is not None:
            method(**args)


class RecordingBuilder(LevelBuilder):
    """Records ``(name, args)`` for each statement; the level stays blank stone."""

    def __init__(self) -> None:
        self.calls: List[Tuple[str, dict]] = []
        self.fail_rooms = False

    def statement(self, kind: str, /, **args: Any) -> None:
        self.calls.append((kind, args))

    def begin_room(self, **args) -> bool:
        self.statement("room", **args)
        return not self.fail_rooms

    def names(self) -> List[str]:
        return [n for n, _a in self.calls]

    def of(self, name: str) -> List[dict]:
        return [a for n, a in self.calls if n == name]
