"""Population: the makers of the monsters, objects and traps a level gets, as the game
makes them (makemon.c, mkobj.c, trap.c, mkroom.c).

Why a package: a maker takes the level, the two random streams and the hero's
context (:class:`~unlev.populate.context.MakeContext`) and never sees the
special-level loader; the loader's statements (:mod:`unlev.generate`) and its
finishing steps call the makers, never the other way round (setup.cfg's
import-linter contract).

``context``: what a maker gets.  ``kinds``: the random choices with the game's draws
(rndmonst, mkclass, mkobj, mktrap).  ``makemon``: makemon() and its steps (groups,
peacefulness, goodpos/enexto, rloc).  ``make``, ``mksobj``, ``merge``: the records
left on the level, mksobj's fields, stacking.  ``inventory``, ``mplayer``,
``shapechange``: what monsters carry and are.  ``traps``: maketrap() and the objects
traps bring.  ``mineral``: mklev's mineralize.  ``roomfill``, ``shops``, ``temples``:
the special rooms filled after the script.  ``placeholders``: lenient stand-ins.
"""
