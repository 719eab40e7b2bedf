"""Run-time values of the language besides int, str and Selection.

Coordinates and regions stay *as written* (relative to the MAP or room, maybe random)
until a level statement or selection needs them: only the builder knows where the MAP
is and which room is current, exactly as the game resolves them at each opcode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Coord:
    x: int = 0
    y: int = 0
    random: bool = False
    humidity: int = 0     # random[dry,wet,...] flags; 0 means the statement's default

    def __str__(self) -> str:
        if self.random:
            return "random" if not self.humidity else f"random[{self.humidity:#x}]"
        return f"({self.x},{self.y})"


@dataclass(frozen=True)
class Region:
    x1: int
    y1: int
    x2: int
    y2: int
    whole_level: bool = False   # levregion(...)

    def __str__(self) -> str:
        pre = "levregion" if self.whole_level else ""
        return f"{pre}({self.x1},{self.y1},{self.x2},{self.y2})"


@dataclass(frozen=True)
class MapCharValue:
    """A terrain character and a light state (1 lit, 0 unlit, -1 random, -2 unchanged)."""
    char: str
    typ: int
    light: int = -2

    def __str__(self) -> str:
        return f"'{self.char}'" if self.light == -2 else f"('{self.char}',{self.light})"


@dataclass(frozen=True)
class _Kind:
    """A monster or object as written: by class symbol, name, both, or neither (random)."""
    cls: Optional[str] = None
    name: Optional[str] = None

    @property
    def is_random(self) -> bool:
        return self.cls is None and self.name is None

    def __str__(self) -> str:
        if self.is_random:
            return "random"
        return f"('{self.cls}',\"{self.name}\")" if self.cls and self.name else (
            f"'{self.cls}'" if self.cls else f'"{self.name}"')


@dataclass(frozen=True)
class MonsterValue(_Kind):
    pass


@dataclass(frozen=True)
class ObjectValue(_Kind):
    pass


@dataclass(frozen=True)
class Align:
    """An alignment as written: fixed AM_* mask, ``align[i]`` register, or random."""
    kind: str    # fixed register random
    value: int = 0
