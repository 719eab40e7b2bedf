"""The game's deviations from the des-file documentation, as one switch for a run.

Why it exists: UnNetHack's loader does not always do what its documentation says
(``../shared/reference/reference-deviations.md``).  unlev follows the documentation
by default and reproduces the game with ``--compat game``.  The deviations live in
three layers -- the selection algebra (here in stdlib), the interpreter
(:mod:`unlev.lang.evaluator`) and the loader (:mod:`unlev.generate`) -- so one
:class:`Compat` value carries one section for each, and each layer reads its own
section.  ``Compat.named("game")`` is the one place a command-line word becomes a
value.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from .records import FACTORY, record

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Union

NAMES = ("documented", "game")


def _all_on(cls):
    return cls(**{f.name: True for f in fields(cls)})


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class SelectionCompat:
    """Which of the game's selection bugs to reproduce (stdlib/selection.py).

    The first five flags are the selection rows of reference-deviations.md; the last two
    are further differences found while reading spo_lev.c.
    """

    floodfill_empty: bool = False
    """The loader's flood-check pointer is never set, so floodfill selects nothing."""
    ellipse_fill_inverted: bool = False
    """circle/ellipse negate their fill argument: ``filled`` outlines, ``unfilled`` fills."""
    zero_line_diagonal: bool = False
    """line(a)-(a) runs diagonally to the top-left until the y counter wraps."""
    randline_no_endpoints: bool = False
    """randline only sets points reached as midpoints; end points are usually missing."""
    filter_random_light_any: bool = False
    """The light value is masked to 0..255, so ``(c, random)`` behaves like plain ``c``."""
    randline_rough_schar: bool = False
    """Roughness is passed through a signed char: 200 becomes -56 (a straight line)."""
    filter_exact_type: bool = False
    """filter by map character compares types exactly: ``'x'`` (MAX_TYPE) and ``'w'``
    (MATCH_WALL) never match, where NetHack 3.6 treats them as wildcards."""

    def __init__(self, floodfill_empty: bool = False, ellipse_fill_inverted: bool = False,
                 zero_line_diagonal: bool = False, randline_no_endpoints: bool = False,
                 filter_random_light_any: bool = False, randline_rough_schar: bool = False,
                 filter_exact_type: bool = False) -> None:
        object.__setattr__(self, "floodfill_empty", floodfill_empty)
        object.__setattr__(self, "ellipse_fill_inverted", ellipse_fill_inverted)
        object.__setattr__(self, "zero_line_diagonal", zero_line_diagonal)
        object.__setattr__(self, "randline_no_endpoints", randline_no_endpoints)
        object.__setattr__(self, "filter_random_light_any", filter_random_light_any)
        object.__setattr__(self, "randline_rough_schar", randline_rough_schar)
        object.__setattr__(self, "filter_exact_type", filter_exact_type)


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class EvalCompat:
    """Deviations of UnNetHack's loader that belong to the interpreter, not to
    selections (lang/evaluator.py, lang/expressions.py)."""

    gradient_copies_random_center: bool = False
    """``gradient(..., coord)`` without a second coordinate: lev_comp emits SPO_COPY of the
    unresolved coordinate, so for ``random`` the game picks two independent random
    points and the "centre" becomes the segment between them (documented: one point)."""

    def __init__(self, gradient_copies_random_center: bool = False) -> None:
        object.__setattr__(self, "gradient_copies_random_center", gradient_copies_random_center)


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class BuildCompat:
    """Deviations of UnNetHack's loader from the documented statements (the loader in
    unlev/generate)."""

    plain_wallify_is_noop: bool = False
    """``WALLIFY`` without a selection: lev_comp packs the region (-1,-1,-1,-1) into
    bytes, so spo_wallify reads 255s instead of the "whole map" markers and
    wallify_map() clamps them to an empty box: nothing happens (documented: the map
    area is wallified)."""

    corridor_walls_swapped: bool = False
    """``CORRIDOR: (room, north, door), ...``: spo_lev.c's search_door() looks for a
    ``north`` door on the bottom wall and a ``south`` door on the top wall, so the
    corridor starts inside the room and is not dug (documented: the named wall)."""

    def __init__(self, plain_wallify_is_noop: bool = False,
                 corridor_walls_swapped: bool = False) -> None:
        object.__setattr__(self, "plain_wallify_is_noop", plain_wallify_is_noop)
        object.__setattr__(self, "corridor_walls_swapped", corridor_walls_swapped)


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class Compat:
    """The run's deviations, one section per layer.  ``Compat()`` is the documented
    language; ``Compat.game()`` what UnNetHack does."""

    selection: SelectionCompat = field(default_factory=SelectionCompat)
    eval: EvalCompat = field(default_factory=EvalCompat)
    build: BuildCompat = field(default_factory=BuildCompat)

    def __init__(self, selection: SelectionCompat = FACTORY, eval: EvalCompat = FACTORY,
                 build: BuildCompat = FACTORY) -> None:
        object.__setattr__(self, "selection",
                           SelectionCompat() if selection is FACTORY else selection)
        object.__setattr__(self, "eval", EvalCompat() if eval is FACTORY else eval)
        object.__setattr__(self, "build", BuildCompat() if build is FACTORY else build)

    @classmethod
    def game(cls) -> "Compat":
        return _GAME

    @classmethod
    def documented(cls) -> "Compat":
        return _DOC

    @classmethod
    def named(cls, name: str) -> "Compat":
        """``"documented"`` or ``"game"`` (the ``--compat`` words); ValueError else."""
        if name == "game":
            return _GAME
        if name == "documented":
            return _DOC
        raise ValueError(f"unknown compat mode {name!r} (known: {', '.join(NAMES)})")

    @classmethod
    def of(cls, value: Union[bool, "Compat", SelectionCompat, None]) -> "Compat":
        """Accept ``True``/``False``/``None``, a ready :class:`Compat`, or a selection
        section alone (the other sections documented)."""
        if isinstance(value, Compat):
            return value
        if isinstance(value, SelectionCompat):
            return cls(selection=value)
        return _GAME if value else _DOC

    @property
    def is_game(self) -> bool:
        """Every deviation of the game on (what ``--compat game`` asks for)."""
        return self == _GAME

    @property
    def name(self) -> str:
        return "game" if self == _GAME else "documented" if self == _DOC else "custom"


_DOC = Compat()
_GAME = Compat(_all_on(SelectionCompat), _all_on(EvalCompat), _all_on(BuildCompat))
