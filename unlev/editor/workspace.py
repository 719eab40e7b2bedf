"""Diagnostics for the des-files of the editor's workspace that it has not opened.

Why a module of its own: an editor shows the problems of the files it has open, but a
project's broken file is usually one nobody opened.  Language servers answer with the
diagnostics of every file of the workspace; ``unlev lsp`` publishes them
(``textDocument/publishDiagnostics``, which the protocol lets a server send for any
document, opened or not, and every client shows) once the client is initialized, for
every des-file under the workspace folders -- the files ``unlev check FOLDER`` reads
(:func:`unlev.tools.common.find_des_files`: every ``*.des`` below it).  A file the
editor has open is the server's live document, its unsaved text (:mod:`unlev.editor.lsp`),
never the disk's; when it is closed, its file's diagnostics are published again.

Each file's diagnostics come from the result cache (:class:`unlev.tools.result_cache.
DiagnosticsCache`: its bytes and path, the INCLUDEd files' hashes, unlev's stamp, the
dialect, --lenient, the data profile and the limits it is read with) when they are
there, else from the front end and lint -- the same :func:`unlev.editor.lsp.findings`
an opened document gets -- in the server's worker thread, and are stored for the next
server (or the next start of this one).  A second server on the same folder answers
from the cache without reading any file through the front end.

Why not LSP 3.17's pull model (``workspace/diagnostic``): the server's diagnostics of
an opened document are pushed a moment after each keystroke (the settle time issue 29
measures); a server declaring ``diagnosticProvider`` is asked ``textDocument/diagnostic``
for the opened documents as well, and a client may keep pulled and pushed diagnostics
in separate collections (VS Code's client library does: a file would show both), so
offering pull means moving the opened documents to it too -- not done.
Pushing serves every client, pull-capable or not, from the same cache.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Callable, Dict, Iterable, List, Optional, Tuple

from unlev.editor import analysis as A

# a workspace with more des-files than this (an editor opened on a home folder) gets
# the first ones only; the log message says so
MAX_FILES = 10000


def des_files(roots: Iterable[str]) -> Tuple[List[str], int]:
    """(the des-files ``unlev check`` would read under each root, at most MAX_FILES of
    them; how many were found), each once, as absolute paths."""
    from unlev.tools.common import find_des_files
    seen: Dict[str, None] = {}
    for root in roots:
        if root and os.path.isdir(root):
            for f in find_des_files([os.path.abspath(root)]):
                seen.setdefault(f, None)
    found = sorted(seen)
    return found[:MAX_FILES], len(found)


class DiskDiagnostics:
    """The diagnostics of files as they are on disk, from the result cache or made
    (``make(text, path, settings)`` -> (LSP diagnostics, the other files the result
    read, or None when they are not known); ``to_lsp(findings, text, path)``: unlev's
    findings as LSP diagnostics -- both the server's own, handed in)."""

    def __init__(self, make: Callable, to_lsp: Callable, use_cache: bool = True,
                 worker: Optional[Worker] = None) -> None:
        self.make, self.to_lsp = make, to_lsp
        self.use_cache = use_cache
        self.worker = worker            # None: made in the calling thread
        self.hits = self.misses = 0

    def cache_for(self, path: str, settings: A.Settings):
        """The cache for ``path`` read with ``settings`` (its folder: beside the
        project's config, else the user's cache folder, as for ``unlev check``)."""
        if not self.use_cache:
            return None
        from unlev.lang.settings import DEFAULT
        from unlev.tools.result_cache import DiagnosticsCache, default_folder
        try:                # looked up each time, as the settings are: a new unlev.toml counts
            folder = default_folder(path)
        except (OSError, ValueError):          # an unreadable config: settings say so
            return None
        # made each time too: a variant profile's files edited meanwhile change its key
        return DiagnosticsCache(folder, settings.dialect, bool(settings.lenient),
                                settings.data, DEFAULT.limits)

    def of(self, path: str, settings: A.Settings):
        """(the LSP diagnostics of ``path`` as on disk, whether they came from the
        cache); a file that cannot be read as a regular file gets the front end's
        error about it, never cached."""
        from unlev.lang.diagnostics import DesError
        from unlev.lang.sources import decode
        from unlev.tools.result_cache import regular_file_bytes
        if settings.error:
            return self.make("", path, settings)[0], False
        data = regular_file_bytes(path)
        if data is None:
            return unreadable(path, self.to_lsp), False
        cache = self.cache_for(path, settings)
        key = cache.key_of(path, data) if cache is not None else None
        if cache is not None:
            found = stored(cache.get(key))
            if found is not None:
                self.hits += 1
                return found, True
        self.misses += 1
        try:
            text = decode(data, path)
        except DesError as e:
            return self.to_lsp(e.diagnostics, "", path), False
        made = self.worker.make(self.make, text, path) if self.worker is not None else None
        if made is None or made[0] is None:
            made = self.make(text, path, settings)
        diags, includes = made
        if cache is not None and includes is not None:
            cache.put(key, path, {"diagnostics": converter().unstructure(diags)}, includes)
        return diags, False


class Worker:
    """One process that makes the pass's missing diagnostics, so that an opened
    document's never waits for a workspace file's parse (one parse runs at a time in a
    process: ``lang/parser.py``'s lock).  Started at a pass's first miss from the fork
    server of :func:`unlev.tools.executor.worker_pool` (never forked from the server,
    which has threads), ended when no pass uses it; a worker that cannot start or dies
    leaves the work to the pass's own thread."""

    def __init__(self, options: dict) -> None:
        self.options = dict(options)
        self.lock = threading.Lock()
        self.pool = None
        self.users = 0
        self.failed = False

    def acquire(self) -> None:
        with self.lock:
            self.users += 1

    def release(self) -> None:
        with self.lock:
            self.users -= 1
            if self.users <= 0 and self.pool is not None:
                self.pool.terminate()
                self.pool = None

    def make(self, make: Callable, text: str, path: str):
        """``make``'s (diagnostics, includes) for the file, made in the worker; None
        when the worker cannot."""
        with self.lock:
            if self.failed:
                return None
            if self.pool is None:
                from unlev.tools.executor import worker_pool
                try:
                    self.pool = worker_pool(1, start_worker, (self.options,))
                except (OSError, ValueError, RuntimeError):
                    self.failed = True
                    return None
            pool = self.pool
        try:
            found, includes = pool.apply(made_in_worker, (make, text, path))
        except Exception:  # noqa: BLE001 - a worker gone or a pickling failure: here instead
            return None
        return stored({"diagnostics": found}), includes


_WORKER_OPTIONS: list = []


def start_worker(options: dict) -> None:
    """The worker's start: its standard output is the server's protocol channel, so
    nothing of it may be written there."""
    import sys
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.close(null)
    sys.stdout = open(os.devnull, "w")
    _WORKER_OPTIONS[:] = [options]


def made_in_worker(make: Callable, text: str, path: str):
    """In the worker: (the file's diagnostics as JSON data, the files it INCLUDEd)."""
    diags, includes = make(text, path, A.settings_for(path, **_WORKER_OPTIONS[0]))
    return converter().unstructure(diags), includes


_CONVERTER: list = []


def converter():
    """lsprotocol's converter between LSP values and JSON data, made once (making one
    registers every type of the protocol: ~8 ms)."""
    if not _CONVERTER:
        from lsprotocol.converters import get_converter
        _CONVERTER.append(get_converter())
    return _CONVERTER[0]


def stored(result) -> Optional[list]:
    """An entry's diagnostics as LSP values; None (a miss) for anything else: an entry
    of another shape, or one a tool or a crash left broken."""
    if not isinstance(result, dict) or not isinstance(result.get("diagnostics"), list):
        return None
    from lsprotocol import types as T
    conv = converter()
    try:
        return [conv.structure(d, T.Diagnostic) for d in result["diagnostics"]]
    except Exception:  # noqa: BLE001 - cattrs' errors vary with the damage: all a miss
        return None


def unreadable(path: str, to_lsp: Callable) -> list:
    """The front end's own error for a file it will not read (a FIFO, a device, a file
    over the size limit, a vanished one)."""
    from unlev.lang.diagnostics import DesError, Span
    from unlev.lang.sources import read_source
    try:
        read_source(path)
    except DesError as e:
        return to_lsp(e.diagnostics, "", path)
    except OSError as e:
        d = DesError(f"cannot read: {e.strerror}", Span(path, 1, 1))
        return to_lsp(d.diagnostics, "", path)
    return []


class WorkspacePass:
    """One run over the workspace's des-files in a worker thread: each unopened file's
    diagnostics published, a pause while the opened documents' own are being made
    (``busy()``), ``finish(files)`` and a log message at the end with the counts and
    the time; it stops early once ``stopped()`` (the server's end, a newer pass)."""

    def __init__(self, files: List[str], total: int, disk: DiskDiagnostics,
                 settings_of: Callable, publish: Callable, busy: Callable,
                 stopped: Callable, log: Callable,
                 finish: Optional[Callable] = None) -> None:
        self.files, self.total, self.disk = files, total, disk
        self.settings_of, self.publish, self.busy = settings_of, publish, busy
        self.stopped, self.log, self.finish = stopped, log, finish
        self.thread = threading.Thread(target=self.run, daemon=True,
                                       name="unlev-workspace-diagnostics")

    def start(self) -> "WorkspacePass":
        self.thread.start()
        return self

    def run(self) -> None:
        worker = self.disk.worker
        if worker is not None:
            worker.acquire()
        try:
            self.walk()
        finally:
            if worker is not None:
                worker.release()

    def walk(self) -> None:
        t0 = time.perf_counter()
        hits = misses = done = 0
        for path in self.files:
            while self.busy() and not self.stopped():
                time.sleep(0.02)        # an opened document's diagnostics go first
            if self.stopped():
                return
            try:
                diags, hit = self.disk.of(path, self.settings_of(path))
            except Exception:  # noqa: BLE001 - one file's failure is not the pass's
                continue
            if self.publish(path, diags):
                done += 1
                hits += hit
                misses += not hit
        if self.finish is not None:
            self.finish(self.files)
        more = (f"; {self.total - len(self.files)} more not read (over {MAX_FILES})"
                if self.total > len(self.files) else "")
        self.log(f"unlev: diagnostics of {done} workspace des-file{'s' if done != 1 else ''}"
                 f" ({hits} from the cache, {misses} read) in "
                 f"{(time.perf_counter() - t0) * 1000:.0f} ms{more}")
