"""Population: the makers of the monsters, objects and traps a level gets, as the game
makes them (makemon.c, mkobj.c, trap.c, mkroom.c).

Why a package: a maker takes the level, the two random streams and the hero's
context (:class:`~unlev.populate.context.MakeContext`) and never sees the
special-level loader; the loader's statements (:mod:`unlev.generate`) and its
finishing steps call the makers, never the other way round (setup.cfg's
import-linter contract).

``context``: what a maker gets.  ``kinds``: the random choices with the game's draws
(rndmonst, mkclass; mkobj's in ``object_kinds``, mktrap's in ``trap_kinds``, both
re-exported by ``kinds``).  ``makemon``: makemon() and its steps (groups,
peacefulness, goodpos/enexto, rloc).  ``make``, ``mksobj``, ``merge``: the records
left on the level, mksobj's fields, stacking.  ``bag``, ``muse``, ``kit``,
``inventory``, ``inventory37``: what monsters carry (the bag being filled; muse.c's
items; _makemon's skeleton and the cases UnNetHack and 3.7 share; each game's own
cases).  ``mplayer``, ``shapechange``: the endgame's player monsters, what monsters are.  ``traps``: maketrap() and the objects
traps bring.  ``mineral``: mklev's mineralize.  ``roomfill``, ``shops``, ``temples``:
the special rooms filled after the script.  ``placeholders``: lenient stand-ins.
"""
