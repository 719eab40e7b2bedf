"""The cyclic garbage collector while ``unlev check`` loads what it needs (issue 29).

Why a module of its own: a first check spends its start-up importing modules and
reading the parse tables, the plan and the game's names -- some hundred thousand
objects that live as long as the process. Each of them counts towards the collector's
next run, and every run walks them all again: 25-30 collections, 4-5 ms of the 45 ms a
check of NetHack 3.6's corpus spends before its workers fork, for no garbage (the
check's objects are freed by their reference counts; a check of a 9 MB file peaks the
same with the collector off). So, as mypy's command does, ``unlev check`` run as the
program holds the collector until its first file is checked -- by then the parser,
the lexer and the names it reads are loaded -- then freezes what exists (moved out of
the collector's sight for good: a forked worker does not copy the pages a collection
would walk) and lets the collector run again for the rest of the files, whose garbage
it collects as before.

Only the command run as the program holds it (``unlev.cli.main`` with no ``argv``); a
program that calls ``main(argv)`` keeps its collector as it is. A collector its
program turned off stays off. lev_comp is C: this follows no C function.
"""

from __future__ import annotations

import gc

_held = False       # whether hold() turned the collector off and release() is owed


def hold() -> None:
    """Turn the collector off while the command loads (when it is on)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """What exists now is what the command loaded: freeze it and turn the collector
    on again, once, when :func:`hold` turned it off (a no-op otherwise)."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()
