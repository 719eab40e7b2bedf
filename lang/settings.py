"""The settings of one run of the front end, as one value passed down.

Why it exists: the command line (and a project's ``unlev.toml`` / ``[tool.unlev]``)
decide the dialect, the data profile, lenient reading and the INCLUDE policy once;
every compile of that run -- the file, what it INCLUDEs, the files of a folder in
worker processes -- must read them alike.  They used to be module globals set by
``unlev/cli.py``; a value built once and handed to :func:`unlev.lang.frontend.compile_file`
(and pickled to workers) cannot leak from one run, test or thread into another.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..stdlib.compat import Compat
from ..stdlib.records import FACTORY, record
from .limits import Limits

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Any, Optional


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class Settings:
    """What a run of the front end reads.

    ``dialect``: a dialect name or ``auto``; ``data``: the resolved data profile
    (:class:`unlev.stdlib.profiles.Profile`) whose names files may use, None for each
    dialect's own tables; ``lenient``: unknown names, statements, flags and map
    characters become warnings and placeholders; ``include_anywhere``: INCLUDE may read
    files outside the des-file's folder and the include path; ``compat``: the game's
    deviations to reproduce (:class:`unlev.stdlib.compat.Compat`, one section per layer);
    ``limits``: how far a file may go (:class:`unlev.lang.limits.Limits`; the command line
    reads ``UNLEV_LIMITS`` into it), read by the lexer's budget, the parser, the
    evaluator and, through the :class:`~unlev.lang.frontend.Compiled` result, the loader.
    """

    dialect: str = "auto"
    data: Optional[Any] = None
    lenient: bool = False
    include_anywhere: bool = False
    compat: Compat = field(default_factory=Compat)
    limits: Limits = field(default_factory=Limits)

    def __init__(self, dialect: str = "auto", data: Optional[Any] = None,
                 lenient: bool = False, include_anywhere: bool = False,
                 compat: Compat = FACTORY, limits: Limits = FACTORY) -> None:
        object.__setattr__(self, "dialect", dialect)
        object.__setattr__(self, "data", data)
        object.__setattr__(self, "lenient", lenient)
        object.__setattr__(self, "include_anywhere", include_anywhere)
        object.__setattr__(self, "compat", Compat() if compat is FACTORY else compat)
        object.__setattr__(self, "limits", Limits() if limits is FACTORY else limits)

    def replace(self, **changes) -> "Settings":
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_options(cls, dialect: Optional[str] = None, data=None, lenient: bool = False,
                     include_anywhere: bool = False, compat: str = "documented",
                     limits: Optional[Limits] = None) -> "Settings":
        """From the command line's words: the dialect checked, the profile resolved
        (raises ``unlev.stdlib.profiles.ProfileError`` or ValueError); ``limits``
        None: the defaults."""
        from .dialect import check_name
        profile = None
        if data is not None:
            from ..stdlib.profiles import resolve
            profile = resolve(data)
        return cls(dialect=check_name(dialect or "auto"), data=profile,
                   lenient=bool(lenient), include_anywhere=bool(include_anywhere),
                   compat=Compat.named(compat), limits=limits or Limits())


DEFAULT = Settings()
