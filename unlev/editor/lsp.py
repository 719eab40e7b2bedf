"""``unlev lsp``: a language server for des-files, over stdio (pygls).

Why so thin: it translates between LSP and :mod:`unlev.editor.analysis` (symbols,
definitions, references, completion, hover from a token scan, so they answer at once on
every keystroke) and the front end (diagnostics: the errors of ``unlev check`` and the
warnings of ``unlev lint``, with their codes and hints), which runs in a worker thread a
short moment after the last edit so that typing never waits for it.  Each document is
read with the settings every command would use for it (``--data``/``--lenient``/
``--dialect`` given to ``unlev lsp``, else the project's ``unlev.toml``): its profile's
names, extensions and lenient placeholders reach diagnostics, completion and hover.
The workspace's des-files the editor has not opened get their diagnostics too, once at
start-up, from the result cache when it has them (:mod:`unlev.editor.workspace`).
"""

from __future__ import annotations

import os
import threading
import time
import urllib.parse
from typing import Dict, List, Optional

from lsprotocol import types as T
from pygls.server import LanguageServer

from unlev import __version__
from unlev.editor import analysis as A
from unlev.editor.incremental import LevelPieces

# The pause after a keystroke before diagnostics are made: an edit reads again only
# the LEVEL it is in (unlev.editor.incremental), so a short pause is enough.
DEBOUNCE_SECONDS = 0.03
# The pause after the client's last report of changed files before the workspace's
# unopened files are looked at again (a checkout changes many at once).
WATCH_SECONDS = 0.3
# The workspace's unopened files wait while the user types: this long after an edit.
TYPING_SECONDS = 0.5
# ... and before the whole file is read when the levels alone could not say (an error
# while typing): a further pause, so that typing does not read the whole file each time.
WHOLE_FILE_SECONDS = 0.25


def _path(uri: str) -> str:
    p = urllib.parse.urlparse(uri)
    return urllib.parse.unquote(p.path) if p.scheme == "file" else uri


def _range(start, end) -> T.Range:
    return T.Range(T.Position(*start), T.Position(*end))


def diagnostics_for(text: str, path: str,
                    settings: Optional[A.Settings] = None) -> List[T.Diagnostic]:
    """The front end's errors and warnings, and lint's findings, as LSP diagnostics; a
    config or profile that cannot be read is one error on the first line."""
    return findings(text, path, settings)[0]


def findings(text: str, path: str, settings: Optional[A.Settings] = None):
    """(:func:`diagnostics_for`'s diagnostics, the other files the result read through
    INCLUDE -- None when they are not known: a failed file that INCLUDEs, a config
    error -- for the result cache of :mod:`unlev.editor.workspace`)."""
    from unlev.lang.diagnostics import DesError
    from unlev.lang.frontend import compile_text
    from unlev.tools.lint import lint_tree
    settings = settings or A.Settings()
    if settings.error:
        return [T.Diagnostic(range=_range((0, 0), (0, 1)), message=settings.error,
                             severity=T.DiagnosticSeverity.Error, code="config",
                             source="unlev")], None
    try:
        compiled = compile_text(text, path, data=settings.data, lenient=settings.lenient,
                                dialect=None if settings.dialect == "auto" else settings.dialect)
        found = list(compiled.warnings) + list(lint_tree(compiled.tree, path))
        includes = [f for f in compiled.sources.texts if f != path]
    except DesError as e:
        found = e.diagnostics
        includes = None if "INCLUDE" in text else []
    return as_lsp(found, text, path), includes


def as_lsp(found, text: str, path: str) -> List[T.Diagnostic]:
    """unlev's findings as LSP diagnostics, in the order of their places (the same
    list whether the file was read whole or level by level)."""
    seen = set()
    lines = text.split("\n")
    out = []
    order = sorted(found, key=lambda d: (d.span.line, d.span.col, d.severity, d.message,
                                         d.hint or "", d.code or ""))
    for d in order:
        if d.span.file not in (path, "<input>") and d.span.line:
            continue                     # an INCLUDEd file's own finding
        line = max(d.span.line - 1, 0)
        col = max(d.span.col - 1, 0)
        key = (line, col, d.message)
        if key in seen:
            continue
        seen.add(key)
        sev = (T.DiagnosticSeverity.Error if d.severity == "error"
               else T.DiagnosticSeverity.Warning)
        msg = d.message + (f"\nhint: {d.hint}" if d.hint else "")
        end = col + max(d.span.length, 1)
        if d.span.length <= 1 and line < len(lines):
            end = max(end, A.token_end(lines[line], col))   # underline the whole token
        out.append(T.Diagnostic(range=_range((line, col), (line, end)),
                                message=msg, severity=sev, code=d.code or None,
                                source="unlev"))
    return out


def quick_diagnostics(pieces, text: str, path: str, settings: A.Settings):
    """(LSP diagnostics read level by level, or None; whether they are the whole
    file's exactly) -- :mod:`unlev.editor.incremental`, kept in ``pieces``."""
    if settings.error or settings.data is not None or settings.lenient:
        return None, False
    found, why = pieces.findings(text, path, settings.dialect)
    return (None if found is None else as_lsp(found, text, path)), not why


class DesServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("unlev", __version__)
        self.indexes: Dict[str, A.TextIndex] = {}
        self.pieces: Dict[str, LevelPieces] = {}     # each document's levels, read
        self.timers: Dict[str, threading.Timer] = {}
        self.lock = threading.Lock()
        # --data/--lenient/--dialect given to `unlev lsp` (None: the project's config)
        self.options: Dict[str, object] = {}
        self.use_cache = True            # unlev lsp --no-cache: False
        self.workspace_diagnostics = True    # unlev lsp --open-files-only: False
        self.workspace_pass = None       # unlev.editor.workspace.WorkspacePass
        self.disk = None                 # unlev.editor.workspace.DiskDiagnostics
        self.disk_shown: Dict[str, list] = {}    # path -> the disk's diagnostics shown
        self.generation = 0              # of the whole workspace passes
        self.last_edit = float("-inf")   # time.monotonic() of the last open/change
        self.exit_code = 0

    def start_io(self, stdin=None, stdout=None):
        """pygls's stdio loop with the gate of :mod:`unlev.editor.frames` in front: each
        frame read with bounds and checked, a malformed one answered with the protocol's
        error, so the server keeps answering whatever it is sent."""
        import sys
        from unlev.editor.frames import LockedTransport, encode, quiet_pygls_logs, read_frames
        quiet_pygls_logs(sys.stderr)
        rfile = stdin or sys.stdin.buffer
        transport = LockedTransport(rfile, stdout or sys.stdout.buffer)
        self._stop_event = threading.Event()         # what pygls's shutdown sets
        self.lsp.connection_made(transport)          # type: ignore[arg-type]
        frames = read_frames(rfile)

        async def serve() -> None:
            while not self._stop_event.is_set():
                kind, item = await self.loop.run_in_executor(
                    self.thread_pool_executor, next, frames, ("end", b""))
                if kind == "end":
                    break
                if kind == "frame":
                    self.lsp.data_received(item)
                elif kind == "error":
                    transport.write(encode(item))

        try:
            self.loop.run_until_complete(serve())
        except BrokenPipeError:
            pass
        except KeyboardInterrupt:
            pass
        except SystemExit as e:                      # the protocol's exit (pygls)
            self.exit_code = e.code if isinstance(e.code, int) else 0
        finally:
            self.shutdown()

    def settings(self, uri: str) -> A.Settings:
        """Looked up each time: an edited unlev.toml counts at the next keystroke."""
        return A.settings_for(_path(uri), **self.options)

    def reindex(self, uri: str, text: str) -> None:
        idx = A.index(text)
        with self.lock:                  # after a workspace file's publishing, if any
            self.last_edit = time.monotonic()
            self.indexes[uri] = idx
            self.disk_shown.pop(_path(uri), None)     # the live document's from now
            old = self.timers.pop(uri, None)
            if old is not None:
                old.cancel()
            t = threading.Timer(DEBOUNCE_SECONDS, self.publish, (uri, text))
            t.daemon = True
            self.timers[uri] = t
            t.start()

    def publish(self, uri: str, text: str) -> None:
        """Diagnostics read level by level when those are the file's exactly; else those
        at once and then the whole file's (unlev.editor.incremental says when)."""
        def stale() -> bool:
            idx = self.indexes.get(uri)
            return idx is None or idx.text != text   # edited since: a newer run follows
        if stale():
            return
        try:
            path = _path(uri)
            settings = self.settings(uri)
            with self.lock:
                pieces = self.pieces.setdefault(uri, LevelPieces())
            quick, exact = quick_diagnostics(pieces, text, path, settings)
            if quick is not None and not stale():
                self.publish_diagnostics(uri, quick)
            if exact:
                return
            if quick is not None:
                time.sleep(WHOLE_FILE_SECONDS)
            if stale():
                return
            diags = diagnostics_for(text, path, settings)
            if not stale():
                self.publish_diagnostics(uri, diags)
        except (OSError, ValueError):
            pass        # the client went away meanwhile (a closed pipe): nobody to tell

    def busy(self) -> bool:
        """Whether an opened document's diagnostics are pending or being made, or its
        text was edited a moment ago (typing: the next keystroke should not wait for a
        workspace file's parse, one parse runs at a time)."""
        with self.lock:
            if time.monotonic() - self.last_edit < TYPING_SECONDS:
                return True
            return any(t.is_alive() for u, t in self.timers.items() if u != "<workspace>")

    def is_open(self, path: str) -> bool:
        return any(_path(u) == path for u in list(self.indexes))

    def publish_disk(self, path: str, diags) -> bool:
        """Publish a workspace file's diagnostics as on disk, unless the editor has it
        open (then its live document's are the ones shown) or they are already shown:
        whether the file's diagnostics are the disk's now."""
        with self.lock:
            if self.is_open(path):
                return False
            if self.disk_shown.get(path) != diags:
                self.publish_diagnostics("file://" + urllib.parse.quote(path), diags)
                self.disk_shown[path] = diags
            return True

    def forget_gone(self, files: List[str]) -> None:
        """After a whole pass: a file shown before that is no longer in the workspace
        (deleted, its folder removed) has its diagnostics taken away."""
        keep = set(files)
        with self.lock:
            for path in [p for p in self.disk_shown if p not in keep]:
                del self.disk_shown[path]
                if not self.is_open(path):
                    self.publish_diagnostics("file://" + urllib.parse.quote(path), [])

    def workspace_roots(self) -> List[str]:
        folders = [_path(f.uri) for f in self.workspace.folders.values()]
        root = self.workspace.root_path
        return folders or ([root] if root else [])

    def in_workspace(self, path: str) -> bool:
        roots = [os.path.join(os.path.abspath(r), "") for r in self.workspace_roots()]
        return path.endswith(".des") and any(path.startswith(r) for r in roots)

    def start_workspace_pass(self, files=None) -> None:
        """Diagnostics of the workspace's unopened des-files (or of ``files`` alone), in
        a worker thread (unlev.editor.workspace); a whole pass stops an older one."""
        from unlev.editor import workspace as W
        with self.lock:
            if self.disk is None:
                self.disk = W.DiskDiagnostics(findings, as_lsp, self.use_cache,
                                              W.Worker(self.options))
            if files is None:
                self.generation += 1
            mine = self.generation
        stop = getattr(self, "_stop_event", None)

        def stopped() -> bool:
            return (stop is not None and stop.is_set()) or self.generation != mine
        whole = files is None
        total = None
        if whole:
            files, total = W.des_files(self.workspace_roots())
        run = W.WorkspacePass(files, len(files) if total is None else total, self.disk,
                              lambda p: A.settings_for(p, **self.options), self.publish_disk,
                              self.busy, stopped,
                              (lambda m: self.show_message_log(m, T.MessageType.Info))
                              if whole else (lambda m: None),
                              self.forget_gone if whole else None)
        if whole:
            self.workspace_pass = run
        run.start()

    def files_changed(self) -> None:
        """Files changed on disk (the client's watcher): a whole pass a moment after the
        last change -- the cache answers for every file but the changed ones and those
        INCLUDEing them; only diagnostics that differ are published."""
        with self.lock:
            old = self.timers.pop("<workspace>", None)
            if old is not None:
                old.cancel()
            t = threading.Timer(WATCH_SECONDS, self.start_workspace_pass)
            t.daemon = True
            self.timers["<workspace>"] = t
            t.start()

    def index_of(self, uri: str) -> A.TextIndex:
        """The index of a document the client sent; an empty one for any other URI --
        the server never reads a path from disk because a request named it."""
        idx = self.indexes.get(uri)
        if idx is None:
            doc = self.workspace.text_documents.get(uri)
            if doc is None:
                return A.index("")
            idx = self.indexes[uri] = A.index(doc.source)
        return idx


server = DesServer()


@server.feature(T.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: DesServer, params: T.DidOpenTextDocumentParams) -> None:
    ls.reindex(params.text_document.uri, params.text_document.text)


@server.feature(T.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: DesServer, params: T.DidChangeTextDocumentParams) -> None:
    doc = ls.workspace.get_document(params.text_document.uri)
    ls.reindex(doc.uri, doc.source)


@server.feature(T.INITIALIZED)
def initialized(ls: DesServer, params: T.InitializedParams) -> None:
    if not ls.workspace_diagnostics:
        return
    ls.start_workspace_pass()
    caps = ls.client_capabilities.workspace
    watched = caps.did_change_watched_files if caps is not None else None
    if watched is not None and watched.dynamic_registration:
        # the client watches the files (a server's own watcher would duplicate its work)
        ls.register_capability(T.RegistrationParams(registrations=[T.Registration(
            id="unlev-des-files", method=T.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=T.DidChangeWatchedFilesRegistrationOptions(
                watchers=[T.FileSystemWatcher(glob_pattern="**/*.des")]))]))


@server.feature(T.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def watched_files_changed(ls: DesServer, params: T.DidChangeWatchedFilesParams) -> None:
    if ls.workspace_diagnostics and any(
            ls.in_workspace(_path(c.uri)) for c in params.changes):
        ls.files_changed()


@server.feature(T.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
def folders_changed(ls: DesServer, params: T.DidChangeWorkspaceFoldersParams) -> None:
    if ls.workspace_diagnostics:
        ls.files_changed()


@server.feature(T.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: DesServer, params: T.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    with ls.lock:
        ls.indexes.pop(uri, None)
        ls.pieces.pop(uri, None)
    # a workspace file closed: what is on disk is what the workspace has again
    path = _path(uri)
    if ls.workspace_diagnostics and ls.in_workspace(path) and os.path.isfile(path):
        ls.start_workspace_pass([path])


@server.feature(T.TEXT_DOCUMENT_COMPLETION,
                T.CompletionOptions(trigger_characters=["$", '"']))
def completion(ls: DesServer, params: T.CompletionParams) -> T.CompletionList:
    idx = ls.index_of(params.text_document.uri)
    line = idx.lines[params.position.line] if params.position.line < len(idx.lines) else ""
    head = line[:params.position.character]
    import re
    m = re.search(r'(\$?[A-Za-z_][A-Za-z_0-9.]*|\$|"[^"]*)$', head)
    prefix = m.group(1) if m else ""
    kinds = {"keyword": T.CompletionItemKind.Keyword, "constant": T.CompletionItemKind.Constant,
             "function": T.CompletionItemKind.Function, "variable": T.CompletionItemKind.Variable,
             "monster": T.CompletionItemKind.Class, "object": T.CompletionItemKind.Value,
             "trap": T.CompletionItemKind.Event}
    kinds["room"] = T.CompletionItemKind.Enum
    settings = ls.settings(params.text_document.uri)
    dialect = settings.dialect if settings.dialect != "auto" else A.dialect_of(idx.text)
    pos = params.position
    if prefix.startswith('"'):
        # a name: the label and the filter text are the bare name (an editor filters
        # them against what was typed after the quote); the edit replaces what was
        # typed and closes the quote unless one follows
        typed = prefix[1:]
        rng = _range((pos.line, pos.character - len(typed)), (pos.line, pos.character))
        close = "" if line[pos.character:pos.character + 1] == '"' else '"'
        found = A.name_completions(typed, dialect, settings.data, line)
        items = [T.CompletionItem(label=name, kind=kinds.get(kind.split(",")[0]),
                                  detail=kind, filter_text=name,
                                  text_edit=T.TextEdit(range=rng, new_text=name + close))
                 for name, kind in found]
    else:
        rng = _range((pos.line, pos.character - len(prefix)), (pos.line, pos.character))
        items = [T.CompletionItem(label=label, kind=kinds.get(kind), detail=kind,
                                  filter_text=label,
                                  text_edit=T.TextEdit(range=rng, new_text=label))
                 for label, kind in A.completions(idx, prefix, dialect, settings.data)]
    # every match is sent, so the list is complete: the editor may filter it further
    return T.CompletionList(is_incomplete=False, items=items)


@server.feature(T.TEXT_DOCUMENT_HOVER)
def hover(ls: DesServer, params: T.HoverParams) -> Optional[T.Hover]:
    idx = ls.index_of(params.text_document.uri)
    settings = ls.settings(params.text_document.uri)
    dialect = settings.dialect if settings.dialect != "auto" else A.dialect_of(idx.text)
    text = A.hover(idx, (params.position.line, params.position.character), dialect,
                   profile=settings.data)
    if not text:
        return None
    return T.Hover(contents=T.MarkupContent(kind=T.MarkupKind.Markdown, value=text))


@server.feature(T.TEXT_DOCUMENT_DEFINITION)
def definition(ls: DesServer, params: T.DefinitionParams) -> Optional[T.Location]:
    idx = ls.index_of(params.text_document.uri)
    at = (params.position.line, params.position.character)
    word, _a, _b = A.word_at(idx, at)
    d = A.definition(idx, word, at)
    if d is None:
        return None
    return T.Location(uri=params.text_document.uri, range=_range(d.start, d.end))


@server.feature(T.TEXT_DOCUMENT_REFERENCES)
def references(ls: DesServer, params: T.ReferenceParams) -> List[T.Location]:
    idx = ls.index_of(params.text_document.uri)
    word, _a, _b = A.word_at(idx, (params.position.line, params.position.character))
    return [T.Location(uri=params.text_document.uri, range=_range(o.start, o.end))
            for o in A.occurrences(idx, word)
            if params.context.include_declaration or not o.defines]


@server.feature(T.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def symbols(ls: DesServer, params: T.DocumentSymbolParams) -> List[T.DocumentSymbol]:
    idx = ls.index_of(params.text_document.uri)
    kinds = {"level": T.SymbolKind.Module, "function": T.SymbolKind.Function,
             "map": T.SymbolKind.Array}
    return [T.DocumentSymbol(name=s.name, kind=kinds[s.kind], range=_range(s.start, s.end),
                             selection_range=_range(s.start, s.end), detail=s.kind)
            for s in idx.symbols]


# a kind of its own under "source" (a whole-file action, not a fix): clients list
# it with their source actions, and none decodes it as a bare command
PREVIEW_KIND = "source.unlev.preview"


@server.feature(T.TEXT_DOCUMENT_CODE_ACTION,
                T.CodeActionOptions(code_action_kinds=[PREVIEW_KIND]))
def code_actions(ls: DesServer, params: T.CodeActionParams) -> List[T.CodeAction]:
    return [T.CodeAction(title="Run the level (seed 1) and open the HTML preview",
                         kind=PREVIEW_KIND,
                         command=T.Command(title="Run and preview", command="unlev.preview",
                                           arguments=[params.text_document.uri, 1]))]


@server.thread()
@server.command("unlev.preview")
def preview(ls: DesServer, args) -> Optional[str]:
    """Open the page of ``unlev serve`` on the document as it is in the editor, unsaved
    edits included (the page follows them); returns the page's address."""
    uri = args[0] if isinstance(args, list) and args and isinstance(args[0], str) else None
    if uri is None or uri not in ls.workspace.text_documents:
        # only a document the client opened is previewed: nothing is read from disk
        ls.show_message("unlev: preview needs a des-file open in the editor",
                        T.MessageType.Error)
        return None
    try:
        seed = int(args[1]) if len(args) > 1 and args[1] is not None else 1
    except (TypeError, ValueError):
        seed = 1
    path = _path(uri)
    url = _preview_server(ls, path) + "?" + urllib.parse.urlencode({"file": path,
                                                                    "seed": seed})
    try:
        ls.show_document(T.ShowDocumentParams(uri=url, external=True))
    except Exception:  # noqa: BLE001 - an editor without showDocument: the address is returned
        pass
    return url


def _uri_of(ls: DesServer, path: str) -> str:
    for u in list(ls.indexes):
        if _path(u) == path:
            return u
    return "file://" + urllib.parse.quote(path)


def _preview_server(ls: DesServer, path: str) -> str:
    """The address of the language server's one preview server (started on first use, on
    loopback), which now also serves ``path`` from the editor's buffer."""
    import zlib
    from unlev.tools.serve.server import Source, make_server
    from unlev.tools.serve.state import run_args
    with ls.lock:
        found = getattr(ls, "preview_source", None)
        if found is None:
            def text_of(p: str):
                for u, idx in list(ls.indexes.items()):
                    if _path(u) == p:
                        return idx.text, "buffer:%08x" % zlib.crc32(idx.text.encode("utf-8"))
                return None
            def settings_of(p: str):
                """The document's own settings (its project's profile, dialect, lenient)."""
                from unlev.lang.settings import Settings
                s = ls.settings(_uri_of(ls, p))
                return Settings(dialect=s.dialect, data=s.data, lenient=bool(s.lenient))
            source = Source([], text_of=text_of, settings_of=settings_of)
            httpd = make_server(source, run_args(), port=0, title="unlev preview")
            threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.2},
                             daemon=True).start()
            ls.preview_source = source
            ls.preview_url = "http://127.0.0.1:%d/" % httpd.server_address[1]
        if path not in ls.preview_source.files:
            ls.preview_source.files.append(path)
        return ls.preview_url
