"""Generation: the special-level loader -- what UnNetHack's loader does with each
des-file statement -- and what the game does to a special level once its script ran.

``build.build_level`` is the entry point (evaluator + :class:`~.game_builder.GameBuilder`
on one random stream, then the finishing steps).  ``game_builder`` is the front door of
the loader; ``state`` holds what the loader keeps between statements (the game's
``sp_coder``: room stack, container stack, free rectangles); one module per family of
statements (``maps``, ``features``, ``room_statements``, ``corridors``, ``lregions``,
``monster_statements``, ``object_statements``, ``trap_statements``, ``extensions``)
with ``locations`` for coordinates; the level-making machinery they use (``rooms``,
``maze``, ``maze_stock``, ``walls``, ``flip``, ``mapgen/``); after the script,
``finish`` and ``fixups`` (NetHack 3.6/3.4.3 levels are adapted to it by the loader
phase of :mod:`unlev.lang.lowering`).  The
monsters, objects and traps themselves are made by :mod:`unlev.populate`.
See docs/architecture.md.
"""
