"""The level model: what every generation step writes to and every output reads.

``level``: :class:`~unlev.model.level.Level` -- UnNetHack's ``levl[][]`` grid as flat
column-major arrays (types, flags, lighting, room numbers) plus everything a des-file
adds (rooms, doors, stairs, regions, monsters, objects, traps, engravings) -- and the
record classes; ``constants``: the C constants of rm.h/mkroom.h/sp_lev.h (with
``get_location``'s humidity bits); ``context``: where in the dungeon the level is made
(:class:`~unlev.model.context.DungeonContext`); ``rect``: the free-rectangle list rooms
are placed in (rect.c); ``spots``: random spots in a room (mkroom.c ``somexy``).  The
grid's size is defined once, in :mod:`unlev.stdlib.grid`.
"""
