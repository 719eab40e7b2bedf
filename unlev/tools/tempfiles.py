"""Temporary files written beside their target and renamed into place, and the clean-up
of those a killed writer left behind.

Why a module of its own: ``unlev test`` (snapshots) and ``unlev check`` (its result
cache) write a file whole or not at all -- a temporary name in the same folder, then a
rename -- and a worker killed with SIGKILL between the two leaves the temporary file
for good.  Both name their temporaries with :func:`prefix` (``.tmp-<pid>@<host>-``) and
call :func:`clean_leftovers` on a folder before writing into it: a temporary whose writer
is gone (no process of that id on this host), or that is older than any write takes, is
removed.  A writer on another host (Dask workers sharing a folder) is judged by age
only: its process ids mean nothing here.
Leftovers are only ever removed, never read; a symbolic link or a directory with such a
name is left alone (it was not made here)."""

from __future__ import annotations

import os
import re
import stat
import time

STALE_SECONDS = 600     # no write of a snapshot or cache entry takes this long
_NAME = re.compile(r"^\.tmp-(?:(\d+)@([A-Za-z0-9_.]*)-)?")


def prefix() -> str:
    """The prefix of this process's temporary files (``tempfile.mkstemp(prefix=...)``)."""
    return f".tmp-{os.getpid()}@{_host()}-"


def _host() -> str:
    import socket
    return re.sub(r"[^A-Za-z0-9_.]", "_", socket.gethostname())[:64]


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0              # someone else's process: treat it as the writer
    return True


def clean_leftovers(folder: str, now: float | None = None) -> int:
    """Remove the leftover temporaries of ``folder`` (not of its subfolders); returns how
    many.  Errors (the folder missing or unreadable, a file another process removed
    meanwhile) are not this function's business: it removes what it can."""
    now = time.time() if now is None else now
    removed, host = 0, _host()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for e in entries:
        m = _NAME.match(e.name)
        if m is None:
            continue
        try:
            st = e.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        writer_gone = (m.group(1) is not None and m.group(2) == host
                       and not _alive(int(m.group(1))))
        if writer_gone or now - st.st_mtime > STALE_SECONDS:
            try:
                os.unlink(e.path)
                removed += 1
            except OSError:
                pass
    return removed
