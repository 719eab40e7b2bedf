"""The tools: everything the ``unlev`` command does, one module or package per command.

Why a package of its own: the tools sit on top of the level half and the language
(they generate, draw and check levels; nothing below imports them), and each is loaded
only when it runs -- ``unlev/cli.py`` is a table of commands, so ``unlev --help`` and
``unlev check`` never pay for the REPL's terminal or the statistics of ``compare``.

``common``: the options and helpers every command that reads des-files shares
(include path, dialect, finding des-files, printing a DesError).  ``check``: ``unlev
parse`` and ``unlev check`` (the language's front end only, as lev_comp reads a file).
``run``: ``unlev run`` (build_level, then draw or export).  ``lint``: legal code that
likely does not do what was meant.  ``repl/``: ``unlev repl``.  ``harness/``: ``unlev
test`` and its pytest plugin.  ``compare/``: ``unlev compare``, measured against the
real game's dumps.  ``convert``: ``unlev convert`` (des-file -> 3.7 Lua).  ``lua_test``: ``unlev lua-test``
(NetHack 3.7's own Lua test files on unlev).  A new command is a module here with ``add_parser(subparsers)`` and a
line in ``cli.COMMANDS`` (docs/architecture.md).
"""
