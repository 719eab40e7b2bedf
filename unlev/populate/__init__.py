"""Population: the monsters, objects and traps a level gets, as the game makes them.

The statements (``monsters``: MONSTER, ``objects``: OBJECT/CONTAINER/GOLD,
``trap_statements``: TRAP, ``mineral``: MINERALIZE and mklev's mineralize), the
random choices with the game's draws (``kinds``: rndmonst, mkclass, mkobj, mktrap),
the records left on the level and the makemon/mksobj steps they share (``make``),
what traps bring (``traps``), the special rooms filled after the script
(``roomfill``, ``shops``, ``temples``) and a stocked maze (``maze_stock``).
"""
