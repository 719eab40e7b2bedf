"""NetHack 3.7's Lua level files, run on unlev's builder; des-files converted to Lua.

NetHack 3.7 replaced des-files with Lua scripts (``dat/*.lua``) that call a ``des.*``
API, build ``selection`` values and draw random numbers through ``nh.*``.  This package
runs such scripts in an embedded, sandboxed Lua (``lupa``) with unlev implementing that
API on the same :class:`~unlev.generate.game_builder.GameBuilder` and finishing steps the
des-file evaluator uses, so rendering, JSON, the harness and compare work on Lua levels
too; and it converts des-files of the three dialects to idiomatic 3.7 Lua (the
``unlev convert`` command is :mod:`unlev.tools.convert`).

=====================  ==============================================================
:mod:`.runtime`        the sandboxed Lua, error mapping, :func:`run_lua_file`
:mod:`.des_api`        ``des.*``: the argument helpers; installs :mod:`.des`'s table
:mod:`.des`            ``des.*`` as a name -> function table, one module per family
:mod:`.selection_api`  the ``selection`` type: its function table and operators
:mod:`.nh_api`         ``nh.*`` (a function table), ``u``, ``nhc``, nhlib.lua's helpers
:mod:`.convert`        des-file AST -> 3.7 Lua, one chunk per LEVEL (a package: one
                       module per statement family)
:mod:`.testrun`        NetHack 3.7's own Lua test files run on unlev (the command is
                       :mod:`unlev.tools.lua_test`)
=====================  ==============================================================

Random numbers: every draw goes through the run's one :class:`~unlev.stdlib.rng.RNG`
(``nh.rn2``, ``math.random``, ``d``, ``percent``, ``shuffle`` and the selection methods),
designed so a converted des-file draws exactly what the des-file draws.
"""

from .runtime import LuaLevelError, run_lua_file, run_lua_text  # noqa: F401
