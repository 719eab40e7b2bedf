"""The work of a Lua level's calls into unlev, charged to the step limit.

Why a module of its own: the Lua instruction limit counts Lua's own instructions, and a
call into Python is one of them whatever it costs -- ``for i = 1, 1e8 do
selection.area(0,0,78,20) end`` or a hundred million ``nh.rn2`` ran for many minutes
within it.  Every ``des.*``, ``selection.*`` and ``nh.*`` function is installed through
:func:`charged`, which counts its call against the builder's step limit
(``BuildState.spend``, as a des-file's statements are counted; a Lua file's calls all
together; a selection function also by the squares it works on) and gives an error of the builder's that has no place of its own the Lua line
of the call, read while that call's frame still runs.
"""

from __future__ import annotations

from typing import Callable, Optional

from unlev.lang.diagnostics import DesError

CALL = 1                                # nh.*: a number or a question
DES = 20                                # des.*: a statement (its own work is charged too;
                                        # a real level makes a few hundred, at most 2,000
                                        # things: far under the limit)
# a selection function is charged as a call and by the squares it works on: those of
# the selections it is given and of the one it makes, one step per SELECTION_SQUARES.
# NetHack 3.7's own test_sel.lua makes over 10,000 selections in one run, mostly of a
# few squares (a flat 106 per call stopped it); a whole-map one (1,659 squares) costs
# about 50, so a loop of them meets the step limit after some 20,000 calls (seconds),
# not a million (minutes)
SELECTION = 1
SELECTION_SQUARES = 32


def charged(session, fn: Callable, weight: int,
            measure: Optional[Callable] = None) -> Callable:
    """``fn`` charging ``weight`` steps before it runs and, with ``measure``, the
    steps ``measure(args, result)`` says its work was worth after."""
    def call(*args):
        try:
            state = getattr(session.builder, "state", None)
            if state is not None:
                state.spend(weight)
            if measure is None or state is None:
                return fn(*args)
            result = fn(*args)
            state.spend(measure(args, result))
            return result
        except DesError as e:
            first = e.diagnostics[0] if e.diagnostics else None
            if first is not None and (first.span is None or first.span.line == 0):
                raise session.error(first.message, first.hint) from None
            raise
    return call
