"""A log of every random draw, in the form the game's instrumented build writes.

Why it exists: making the game's level cell for cell means drawing every number the
game draws, on the same stream, in the same order.  When a level comes out different,
the first draw where unlev and the game part says where to look.  The game side is a
build of UnNetHack with a log of our own writing in rnd.c (``RND``, with the caller of
``rn2``/``rnd``/``d``... recorded by a macro); this module writes the same lines from
:class:`unlev.stdlib.rng.RNG`, and ``tools/rngtrace.py`` finds the first parting.

One line per word drawn (``RND(x)`` in the game)::

    <stream> <fn> <x> <value> <caller>

``stream`` is ``core`` (``default_rng``) or ``mon`` (``mon_rng``); ``fn`` the helper the
draw was made for (rn2, rnd, d, rnl, word); ``x`` the modulus and ``value`` the result
of ``RND(x)`` (the word itself for ``word``, x 0); ``caller`` who asked, ``file:function:line``.
A reseed (rnd.c ``set_random_state``) writes ``# seed <n>``.

The log is switched on by the environment variable ``UNLEV_RNG_LOG`` (a file name) or
by :func:`open_log`; it is a developer's instrument and costs nothing when off.
"""

from __future__ import annotations

import inspect
import os
import sys
from typing import Optional, TextIO

_sink: Optional[TextIO] = None
_env_checked = False


def open_log(path: Optional[str]) -> None:
    """Send the draws of every RNG made from now on to ``path`` (None: stop)."""
    global _sink, _env_checked
    _env_checked = True
    if _sink is not None and _sink not in (sys.stdout, sys.stderr):
        _sink.close()
    _sink = None
    if path:
        _sink = sys.stdout if path == "-" else open(path, "w", encoding="ascii")


def sink() -> Optional[TextIO]:
    """The open log, or None (the first call reads ``UNLEV_RNG_LOG``)."""
    global _env_checked
    if not _env_checked:
        _env_checked = True
        path = os.environ.get("UNLEV_RNG_LOG")
        if path:
            open_log(path)
    return _sink


_HERE = os.path.dirname(os.path.abspath(__file__))
_SKIP = (os.path.join(_HERE, "rng.py"), os.path.join(_HERE, "rnglog.py"))


def caller() -> str:
    """``file:function:line`` of the first frame outside the RNG's own modules."""
    f = inspect.currentframe()
    while f is not None and f.f_code.co_filename in _SKIP:
        f = f.f_back
    if f is None:
        return "?"
    return f"{os.path.basename(f.f_code.co_filename)}:{f.f_code.co_name}:{f.f_lineno}"


def write(stream: str, fn: str, x: int, value: int) -> None:
    out = _sink
    if out is not None:
        out.write(f"{stream} {fn} {x} {value} {caller()}\n")


def reseed(seed: int) -> None:
    out = sink()
    if out is not None:
        out.write(f"# seed {seed}\n")
