"""``unlev compare``: how close unlev's levels are to the ones the real game generates.

Why a package: the game's dumps (``../shared/game-reference``) hold a few seeds per
corpus level, and their seeds do not correspond to ours, so the comparison is
statistical and has several parts.  ``gamedump``: the dumps read into our
:class:`~unlev.model.level.Level` (and ours written in their format).  ``place``: where
each MAP landed and whether the level was flipped, read off the terrain.  ``sample``:
one level reduced to what is measured, the same way for both sides.  ``position``:
where monsters, objects and traps stand, as place words.  ``stats``: the tests
(Mann-Whitney U, Fisher, a permutation test), without SciPy.  ``measures``: each
measure and its verdict (a level's p-values Holm-corrected together).  ``known``:
docs/known-differences.md as data, so an explained difference is marked and an
unexplained one still shows.  ``report``: the tables; ``command``: the command and
:func:`~.command.run_compare`.  ``selftest``: unlev against its own dumps, with and
without a planted gap: what the instrument can see.
"""
