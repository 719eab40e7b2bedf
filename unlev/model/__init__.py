"""The level model: what every generation step writes to and every output reads.

``level``: :class:`~unlev.model.level.Level` -- UnNetHack's ``levl[][]`` grid as flat
column-major arrays (types, flags, lighting, room numbers) plus everything a des-file
adds (rooms, doors, stairs, regions, monsters, objects, traps, engravings) -- the
record classes, the C constants of rm.h/mkroom.h/sp_lev.h, and
:class:`~unlev.model.level.DungeonContext` (where in the dungeon the level is made).
``rect``: the free-rectangle list rooms are placed in (rect.c).  The grid's size is
defined once, in :mod:`unlev.stdlib.grid`.
"""
