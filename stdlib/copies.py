"""Keyed ``marshal`` copies of data that is slow to read from its source.

Why a module of its own: two things every check reads are faster from a ``marshal``
copy than from where they live -- PLY's parse tables (a 300 KB Python module, compiled
when no bytecode cache is written: :mod:`unlev.lang.tables`) and the shipped games'
JSON tables (:mod:`unlev.stdlib.data_tables`).  Both keep their copy the same way: in
the first of a list of places that can be written (beside the source, else the user's
cache), keyed by the source's size and modification time and the Python version (a
changed source, or another Python's ``marshal``, is not read), written whole under a
temporary name so that two processes never read half a copy.  It follows no C
function.
"""

from __future__ import annotations

import marshal
import os
import sys

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Iterable, List, Optional


def source_key(path: str) -> tuple:
    """The key a copy of ``path`` is kept under (OSError when there is no such file)."""
    st = os.stat(path)
    return (st.st_size, st.st_mtime_ns, tuple(sys.version_info[:2]))


def user_cache(*parts: str) -> str:
    """``parts`` under the user's cache folder for unlev (``$XDG_CACHE_HOME/unlev``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "unlev", *parts)


def read_copy(places: Iterable[str], key: tuple) -> Optional[object]:
    """The data of the first copy in ``places`` kept under ``key``; None when there is
    none (a missing, broken, stale or foreign copy is passed over)."""
    for path in places:
        try:
            # one read, then loads: marshal.load on a file object reads it a few bytes
            # at a time (13 ms for the 350 KB parse tables against 1.3 ms)
            with open(path, "rb") as fh:
                stored, data = marshal.loads(fh.read())
        except (OSError, EOFError, ValueError, TypeError):
            continue
        if tuple(stored) == tuple(key):
            return data
    return None


def write_copy(places: List[str], key: tuple, data) -> None:
    """Keep ``data`` under ``key`` in the first of ``places`` that can be written (none:
    nothing is kept, and the next run reads the source again)."""
    for path in places:
        tmp = f"{path}.{os.getpid()}.tmp"
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(tmp, "wb") as fh:
                fh.write(marshal.dumps((key, data)))
            os.replace(tmp, path)
            return
        except (OSError, ValueError):
            try:
                os.unlink(tmp)
            except OSError:
                pass


def derived(sources: List[str], version: int, read, beside: Optional[str] = None,
            name: str = "derived"):
    """``read()``, data worked out of the files ``sources``, from its copy when that is
    current: keyed by ``version`` (raise it when what ``read`` makes changes), the
    sources' paths and their keys; kept at ``beside`` (a shipped table's folder) or
    else in the user's cache. A source without a file to key: ``read()`` each time."""
    try:
        key = (version, tuple(sources), tuple(source_key(p) for p in sources))
    except OSError:
        return read()
    # a file name of its own per set of sources (the key holds them: a shared name is
    # only a miss)
    tag = sum(i * b for i, b in enumerate("\0".join(sources).encode("utf-8",
                                                                   "surrogateescape"), 1))
    places = [user_cache("derived", f"{name}-{tag:x}.marshal")]
    if beside is not None:
        places.insert(0, beside)
    data = read_copy(places, key)
    if data is None:
        data = read()
        write_copy(places, key, data)
    return data

