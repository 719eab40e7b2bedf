"""Generation: what UnNetHack's loader does with each des-file statement, and what the
game does to a special level once its script has run.

``build.build_level`` is the entry point (evaluator + :class:`~.game_builder.GameBuilder`
on one random stream, then the finishing steps).  ``game_builder`` is the front door of
the loader; ``state`` holds what the loader keeps between statements; one module per
family of statements (``maps``, ``features``, ``room_statements``, ``corridors``,
``lregions``) with ``locations`` for coordinates; the level-making machinery they use
(``rooms``, ``maze``, ``walls``, ``flip``, ``mapgen/``); after the script, ``finish``
and ``fixups``; ``dialect_levels`` adapts NetHack 3.6/3.4.3 levels.
See docs/architecture.md.
"""
