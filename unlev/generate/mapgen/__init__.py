"""INIT_MAP's map generators: how a level starts before its statements draw on it.

``init`` dispatches on the style (solidfill, mines-style caves, rogue, sheol...);
``mines`` is mkmap.c's cave generator, ``rogue`` extralev.c's Rogue level, ``sheol``
mksheol.c's frozen filler levels.
"""
