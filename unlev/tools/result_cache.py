"""Remembered results of ``unlev check``: a file checked before, unchanged, with the same
options and the same unlev, is answered from the cache (as ruff's and mypy's caches do).

Why a module of its own: a result is only as good as its key, and the key is the whole
story: the file's bytes, unlev's version and a stamp of its own source files (the
grammar, its tables and the checker among them), every option that changes what is
printed (the dialect, the data profile and its files, --lenient, the include path and
policy, --select/--ignore/--quiet, the compat notes, --show-dialect, the limits,
whether standard error is a terminal). The files a result read through INCLUDE are
listed in the entry with their hashes and checked on every hit. Entries are written
to a temporary name and renamed into place, so two processes sharing the folder each
see a whole entry or none; an entry that cannot be read is a miss.

The folder is ``.unlev_cache/`` beside the project's ``unlev.toml`` (or
``pyproject.toml`` with ``[tool.unlev]``), else ``unlev/results`` in the user's cache
folder (``$XDG_CACHE_HOME``, else ``~/.cache``). ``--no-cache`` neither reads nor
writes it.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path
from typing import Iterable, Optional

from unlev.tools.quick_check import digest, folder_stamp
from unlev.tools.quick_check import source_stamp as quick_source_stamp

SCHEMA = 3
# what never changes a file's result: the files themselves, how many processes, the
# command line as it was typed (its options are here one by one)
_NOT_KEYS = {"paths", "jobs", "func", "command", "no_cache", "result_cache", "argv"}


def _digest(data: bytes) -> str:
    return digest(data)


def source_stamp() -> str:
    """unlev's version and a stamp of each of its modules (``quick_check.source_stamp``,
    which the repeat check's fast path computes too): any edit to the grammar, its
    tables or the checker makes every entry a miss."""
    return quick_source_stamp()


def _profile_stamp(profile) -> str:
    """The data profile a compile uses: its name and folder, and its files' stamps."""
    if profile is None:
        return "none"
    folder = getattr(profile, "path", None)
    parts = [repr(getattr(profile, "name", profile)), str(folder)]
    # a built-in profile's tables are unlev's own files, in its source stamp
    if folder and not getattr(profile, "builtin", False) and os.path.isdir(str(folder)):
        parts.append(folder_stamp(str(folder)))
    return "\n".join(parts)


def default_folder(start: Optional[str]) -> Path:
    """``.unlev_cache`` beside the project config found from ``start``, else the
    user's cache folder."""
    from unlev.tools.project_config import find
    found = find(start)
    if found is not None:
        return found[0].parent / ".unlev_cache"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "unlev" / "results"


class ResultCache:
    """The results of one command (``tool``) run with one set of options."""

    def __init__(self, folder: Path, tool: str, args, profile=None, limits=None,
                 tty: Optional[bool] = None) -> None:
        self.folder = Path(folder)
        options = {k: v for k, v in sorted(vars(args).items()) if k not in _NOT_KEYS}
        self.options = json.dumps({
            "schema": SCHEMA, "tool": tool, "unlev": source_stamp(),
            "options": {k: repr(v) for k, v in options.items()},
            "profile": _profile_stamp(profile), "limits": repr(limits),
            "tty": sys.stderr.isatty() if tty is None else tty,
            "no_color": bool(os.environ.get("NO_COLOR")),    # colours on a terminal
            "cwd": os.getcwd(),
        }, sort_keys=True)
        self.hits = self.misses = 0

    def key(self, path: str) -> Optional[str]:
        """The entry's name for ``path`` as it is now; None when it cannot be read."""
        data = _read_regular(path)
        if data is None:
            return None
        return _digest(self.options.encode() + b"\0" + path.encode() + b"\0" + data)

    def _entry(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"

    def get(self, key: Optional[str]) -> Optional[dict]:
        """The stored result, if its INCLUDEd files are as they were; else None."""
        entry = None
        if key is not None:
            try:
                with open(self._entry(key), encoding="utf-8") as fh:
                    entry = json.load(fh)
                if entry.get("key") != key or not all(
                        _file_digest(p) == h for p, h in entry.get("includes", [])):
                    entry = None
            except (OSError, ValueError, TypeError, AttributeError):
                entry = None
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        return entry["result"]

    def stored(self, path: str):
        """(the hash of ``path``'s bytes, its INCLUDEd files with their hashes, its
        stored result) when the cache holds a result for ``path`` as it is now, else
        None (read after a check, for ``quick_check.record``)."""
        data = _read_regular(path)
        if data is None:
            return None
        key = _digest(self.options.encode() + b"\0" + path.encode() + b"\0" + data)
        try:
            with open(self._entry(key), encoding="utf-8") as fh:
                entry = json.load(fh)
            if entry.get("key") != key:
                return None
            includes = [(str(p), str(h)) for p, h in entry.get("includes", [])]
            if not all(_file_digest(p) == h for p, h in includes):
                return None
            result = entry["result"]
            ok, held = result["value"]
            if not isinstance(result["stderr"], str) or not isinstance(held, dict):
                return None
        except (OSError, ValueError, TypeError, AttributeError, KeyError):
            return None
        return _digest(data), includes, result

    def put(self, key: Optional[str], path: str, result, includes: Iterable[str]) -> None:
        """Store ``result`` (JSON data) for ``path``; a file that changed while it was
        checked, or an entry that cannot be written, is simply not stored."""
        if key is None or self.key(path) != key:
            return
        inc = []
        for p in sorted(set(includes)):
            h = _file_digest(p)
            if h is None:
                return
            inc.append((p, h))
        entry = self._entry(key)
        try:
            entry.parent.mkdir(parents=True, exist_ok=True)
            import tempfile             # only when storing: a repeat check never does
            from unlev.tools import tempfiles
            tempfiles.clean_leftovers(str(entry.parent))   # a killed writer's, never read
            fd, tmp = tempfile.mkstemp(dir=entry.parent, prefix=tempfiles.prefix(),
                                       suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({"key": key, "includes": inc, "result": result}, fh)
            os.replace(tmp, entry)
        except OSError:
            try:
                os.unlink(tmp)
            except (OSError, UnboundLocalError):
                pass


class _Tee(io.StringIO):
    """Standard error as it is, and a copy of what was written to it for the cache."""

    def __init__(self, real) -> None:
        super().__init__()
        self._real = real

    def write(self, text: str) -> int:
        self._real.write(text)
        return super().write(text)

    def flush(self) -> None:
        self._real.flush()

    def isatty(self) -> bool:
        return self._real.isatty()


def cached(cache: Optional[ResultCache], path: str, work):
    """``work()`` for ``path`` -- which prints to standard error and returns (value, the
    other files it read or None when unknown) -- or its remembered value and words:
    the value (JSON data) either way."""
    if cache is None:
        return work()[0]
    key = cache.key(path)
    hit = cache.get(key)
    if hit is not None:
        sys.stderr.write(hit["stderr"])
        return hit["value"]
    real = sys.stderr
    sys.stderr = tee = _Tee(real)
    try:
        value, includes = work()
    finally:
        sys.stderr = real
    if includes is not None:
        cache.put(key, path, {"value": value, "stderr": tee.getvalue()}, includes)
    return value


def includes_unknown(path: str):
    """The other files a failed compile read, as far as the cache can know: none for a
    file without INCLUDE, unknown (None: not cached) with one, or when it cannot be
    read as a regular file (a FIFO is never opened)."""
    data = _read_regular(path)
    if data is None:
        return None
    return None if b"INCLUDE" in data else []


def _read_regular(path: str) -> Optional[bytes]:
    """A regular file's bytes as the front end reads them (a FIFO, a device or a file
    over the size limit is never opened or read to its end: no key, no caching), or
    None."""
    from unlev.lang.diagnostics import DesError, Span
    from unlev.lang.sources import open_regular, read_bounded
    try:
        fd = open_regular(path, Span(path, 0, 0))
    except DesError:
        return None
    try:
        return read_bounded(fd, path, Span(path, 0, 0))
    except (DesError, OSError):
        return None
    finally:
        os.close(fd)


def _file_digest(path: str) -> Optional[str]:
    data = _read_regular(path)
    return None if data is None else _digest(data)


# --- the language server's entries -------------------------------------------------
# What ``unlev lsp`` publishes for a des-file of the workspace that the editor has not
# opened: the structured LSP diagnostics (ranges, severity, code, message, related
# information), the front end's findings and lint's together -- not ``unlev check``'s
# printed text, so a kind of its own, never read as a check entry nor a check entry as
# one (the kind is part of every key).

LSP_KIND = "lsp-diagnostics"


class DiagnosticsCache(ResultCache):
    """The language server's remembered diagnostics, for one set of the settings it
    reads a file with: the dialect, --lenient, the data profile (its files' stamps
    when it is not a built-in one) and the limits; with unlev's stamp and the kind.
    The file's path and bytes complete the key (:meth:`key_of`) and the INCLUDEd
    files' hashes are checked on every hit, as for ``unlev check``.  Not the working
    folder nor the terminal: the server reads files by their absolute paths and
    prints nothing."""

    def __init__(self, folder: Path, dialect: str, lenient: bool, profile=None,
                 limits=None) -> None:   # noqa: D107 - the parent's options are the args'
        self.folder = Path(folder)
        self.options = json.dumps({
            "schema": SCHEMA, "kind": LSP_KIND, "unlev": source_stamp(),
            "options": {"dialect": str(dialect), "lenient": bool(lenient)},
            "profile": _profile_stamp(profile), "limits": repr(limits),
        }, sort_keys=True)
        self.hits = self.misses = 0

    def key_of(self, path: str, data: bytes) -> str:
        """The entry's name for ``path`` holding ``data`` (bytes already read)."""
        return _digest(self.options.encode() + b"\0" + path.encode() + b"\0" + data)


def regular_file_bytes(path: str) -> Optional[bytes]:
    """A regular file's bytes as the front end reads them, or None (a FIFO, a device,
    a file over the size limit, one that cannot be read): what a key is made of."""
    return _read_regular(path)
