"""Which game's loader builds a level, and what that loader does differently.

Why this module exists: unlev's loader follows UnNetHack's ``sp_lev.c`` and
``mklev.c``; a NetHack 3.6 or 3.4.3 des-file must come out as *its* game makes it, not
as UnNetHack would.  The statements are shared; the steps after the script are not.
What is modelled here, each with the C function it follows:

* **Flips.**  UnNetHack's ``sp_level_coder()`` ends with ``flip_level_rnd()``; NetHack
  3.6.x's ``sp_level_coder()`` (sp_lev.c) and 3.4.3's ``load_special()`` (sp_lev.c)
  have no flipping at all (it came with NetHack 3.7): a 3.6 or 3.4.3 level is never
  flipped, whatever ``unlev run`` does by default for UnNetHack's levels.
* **What mklev() does last.**  UnNetHack's ``mklev()`` calls ``post_process_level()``
  after ``mineralize()``: the fixed engravings of depths 23 and 42
  (``place_random_engraving``) and an axe on a level with trees (``place_axe``).
  NetHack 3.6.x's and 3.4.3's ``mklev()`` (mklev.c) end with ``bound_digging()`` and
  ``mineralize()``: no engraving, no axe.

* **The tables.**  Each game's makers draw from its own ``mons[]``, ``objects[]``,
  trap list, room and shop tables (``rndmonst()``, ``mkobj()``, ``mktrap()``,
  ``fill_ordinary_room()``, ``mkshop()``): a level is built from its profile's tables
  (:func:`tables_for`), a 3.6 file without ``--data`` from NetHack 3.6's.

A level's loader is its game's: the dialect's (UnNetHack's releases all run on
UnNetHack's loader), or for a variant's data profile the game its profile extends
(``base`` in profile.json: EvilHack's profile extends nethack36, so EvilHack's files
are built by NetHack 3.6's loader), unless the profile names its loader apart
(``"loader"``: SporkHack's grammar is UnNetHack 3.5's, its loader NetHack 3.4.3's).
"""

from __future__ import annotations

from dataclasses import dataclass

from unlev.lang.dialect_data import is_unnethack
from unlev.stdlib import data


@dataclass(frozen=True)
class Loader:
    """What one game's loader does after a level's script."""

    game: str
    flips: bool             # sp_level_coder() ends with flip_level_rnd()
    post_process: bool      # mklev() ends with post_process_level()


UNNETHACK = Loader("unnethack", flips=True, post_process=True)
NETHACK36 = Loader("nethack36", flips=False, post_process=False)
NETHACK343 = Loader("nethack343", flips=False, post_process=False)

_BY_GAME = {"unnethack": UNNETHACK, "nethack36": NETHACK36, "nethack343": NETHACK343}


def loader_of(dialect_or_base: str) -> Loader:
    """The loader of a dialect or of a profile's base (UnNetHack's releases: UnNetHack's;
    anything unlev does not know: UnNetHack's, the loader it follows)."""
    if is_unnethack(dialect_or_base):
        return UNNETHACK
    return _BY_GAME.get(dialect_or_base, UNNETHACK)


def loader_for(compiled) -> Loader:
    """The loader that builds a compiled file's levels: a variant profile's base game,
    else the file's dialect's game."""
    profile = getattr(compiled, "data", None)
    if profile is not None and not getattr(profile, "is_default", True):
        return loader_of(getattr(profile, "loader", "") or profile.base)
    return loader_of(getattr(compiled, "dialect", "unnethack") or "unnethack")


def tables_for(compiled) -> data.Tables:
    """The tables a compiled file's levels are built from: its ``--data`` profile's,
    else its dialect's own shipped profile's (NetHack 3.6's, 3.4.3's); UnNetHack's
    for UnNetHack and its releases, and for a dialect with no profile of its own."""
    from unlev.stdlib.profiles import ProfileError, resolve
    profile = getattr(compiled, "data", None)
    if profile is None or getattr(profile, "is_default", True):
        dialect = getattr(compiled, "dialect", "unnethack") or "unnethack"
        if is_unnethack(dialect):
            return data.UNNETHACK_TABLES
        try:
            profile = resolve(dialect)
        except ProfileError:
            return data.UNNETHACK_TABLES
    if getattr(profile, "is_default", True):
        return data.UNNETHACK_TABLES
    return data.Tables.of(str(profile.path))
