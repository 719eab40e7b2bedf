"""des-file (UnNetHack, NetHack 3.6, 3.4.3) -> NetHack 3.7 Lua, one chunk per LEVEL.

Why here: a maintainer porting a variant to 3.7 rewrites every des-file; this writes the
Lua 3.7 lays out (``des.*`` calls with option tables, ``selection`` values, ``percent``,
``math.random``, ``shuffle``), keeping the des-file's comments (``#`` lines become
``--`` lines before the statement that follows them).  Anything 3.7 cannot express is
still written so that unlev runs it, with an ``-- unlev: ...`` note saying what 3.7
lacks.

Random numbers are written so that, run by unlev (:mod:`unlev.lua.runtime`), the Lua
draws exactly what the des-file draws, in the same order: ``[p%]`` -> ``percent(p)``,
``rnd(n)`` -> ``nh.rn2(n)``, ``NdM`` -> ``d(N, M)``, ``SWITCH [n]`` -> ``nh.rn2(n)``,
``SHUFFLE`` -> ``shuffle``, random coordinates left to the statement (3.7's default),
and the align register read through the index map of :mod:`unlev.lua.nh_api`.

Modules, one per statement family (a mixin each, composed by :class:`LevelConverter`):

==================  ===============================================================
:mod:`.base`        names, strings, 3.7's word tables, output and dispatch
:mod:`.expressions` expressions and selections
:mod:`.control`     IF, SWITCH, LOOP, FOR, BREAK/EXIT, assignments, calls
:mod:`.contents`    rooms, regions, monsters, objects (statements with contents)
:mod:`.features`    maps, doors, corridors, stairs, terrain, traps, other features
:mod:`.level`       the whole LEVEL, its functions; the entry points
==================  ===============================================================
"""

from .base import ConvertError, lua_string  # noqa: F401
from .level import LevelConverter, convert_compiled, convert_file  # noqa: F401
