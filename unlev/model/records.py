"""What a des-file adds to a level besides terrain: rooms, level regions, stairs,
monsters, objects, traps and engravings, as plain records (the C structs they stand
for are named on each class).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple, Optional

from unlev.model.constants import (  # noqa: F401
    FILL_NONE, LR_TELE, OROOM,
)

# --------------------------------------------------------------------------------
@dataclass(eq=False)
class Room:
    """``struct mkroom``.  Bounds are the floor (walls are one outside)."""

    lx: int
    ly: int
    hx: int
    hy: int
    rtype: int = OROOM
    orig_rtype: int = OROOM
    rlit: int = 0
    needfill: int = FILL_NONE
    needjoining: bool = True
    doorct: int = 0
    fdoor: int = 0
    irregular: bool = False
    subrooms: list = field(default_factory=list)   # sbrooms[]
    parent: Optional["Room"] = None
    is_subroom: bool = False
    resident: Any = None

    @property
    def nsubrooms(self) -> int:
        return len(self.subrooms)

    def inside(self, x: int, y: int) -> bool:
        """inside_room(): the floor plus the surrounding wall ring."""
        return self.lx - 1 <= x <= self.hx + 1 and self.ly - 1 <= y <= self.hy + 1


@dataclass
class Area:
    x1: int = 0
    y1: int = 0
    x2: int = 0
    y2: int = 0


@dataclass
class LevRegion:
    """``lev_region``: a stair/portal/branch/teleport region, placed after the script."""

    inarea: Area
    delarea: Area
    in_islev: bool = False
    del_islev: bool = False
    rtype: int = LR_TELE
    padding: int = 0
    rname: str = ""


@dataclass
class Stairway:
    x: int
    y: int
    up: bool
    isladder: bool = False
    tolev: Optional[tuple] = None      # (dnum, dlevel) if known


@dataclass
class Monster:
    """A monster placed on the level.  ``coords`` holds extra map positions tied to it
    (shopkeeper spot, shop door, priest's altar...) that flip with the level."""

    x: int
    y: int
    id: Any = None                      # monster name / index / class, the populators' choice
    attrs: dict = field(default_factory=dict)
    coords: dict = field(default_factory=dict)
    is_vault_guard: bool = False


@dataclass
class Object:
    x: int
    y: int
    id: Any = None
    buried: bool = False
    attrs: dict = field(default_factory=dict)
    contents: list = field(default_factory=list)


@dataclass
class Trap:
    """A trap.  For flipping, a trap with ``launch`` set (and not ``is_pit``) is a
    rolling boulder trap whose launch points move too; a pit's ``conjoined`` bits
    are transformed."""

    x: int
    y: int
    ttyp: Any = None
    launch: Optional[tuple] = None      # rolling boulder trap start
    launch2: Optional[tuple] = None
    conjoined: int = 0                  # pits: encoded direction bits
    is_pit: bool = False
    attrs: dict = field(default_factory=dict)


@dataclass
class Engraving:
    x: int
    y: int
    text: str = ""
    etype: Any = None
    attrs: dict = field(default_factory=dict)


class Cell(NamedTuple):
    """A read-only snapshot of one ``struct rm`` (for tests and debugging)."""

    typ: int
    flags: int
    horizontal: int
    lit: int
    roomno: int
    edge: int
    touched: int


