"""The HTTP server of ``unlev serve``: the preview page and the two questions it asks.

Why a module of its own: the page (unlev/output/preview_page) needs a back end that
builds a level on request and says when the file changed on disk.  The standard
library's ``http.server`` (threaded) is enough for one designer on loopback: ``/`` is
the page, ``/api/state?file=&level=&seed=`` the answer of
:func:`unlev.tools.serve.state.build_state`, ``/api/version?file=`` a signature of the
file and of every file it INCLUDEs (size and modification time) that the page polls
four times a second to re-render within a second of a save.  Only the files the server
was started on are served; nothing else on disk is reachable through it, and a request
whose Host is not this server's name is refused (DNS rebinding).
"""

from __future__ import annotations

import json
import os
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Dict, List, Optional, Tuple

LEVEL_SUFFIXES = (".des", ".lua")


def level_files(target: str) -> List[str]:
    """The des-files (and Lua levels) of ``target``: the file itself, or every one under
    the folder, sorted."""
    if os.path.isdir(target):
        out = []
        for dirpath, dirs, files in os.walk(target):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            out.extend(os.path.join(dirpath, f) for f in sorted(files)
                       if f.endswith(LEVEL_SUFFIXES))
        return out
    return [target]


class Source:
    """Where the levels come from: files on disk (``unlev serve``) or a text held in
    memory (the language server's unsaved buffer, through ``text_of``)."""

    def __init__(self, files: List[str],
                 text_of: Optional[Callable[[str], Optional[Tuple[str, str]]]] = None,
                 settings_of: Optional[Callable[[str], object]] = None):
        self.files = files
        self.text_of = text_of          # name -> (text, version) or None for disk
        self.settings_of = settings_of  # name -> the front end's Settings for it
        self._includes: Dict[str, List[str]] = {}
        self.lock = threading.Lock()    # builds share module-level tables: one at a time

    def names(self) -> List[str]:
        return [os.path.relpath(f) if not os.path.isabs(f) else f for f in self.files]

    def resolve(self, name: str) -> Optional[str]:
        if not name:
            return self.files[0] if self.files else None
        for f, n in zip(self.files, self.names()):
            if name in (f, n):
                return f
        return None

    def version(self, path: str) -> str:
        if self.text_of is not None:
            held = self.text_of(path)
            if held is not None:
                return str(held[1])
        parts = []
        for p in [path] + self._includes.get(path, []):
            try:
                st = os.stat(p)
                parts.append(f"{st.st_mtime_ns}:{st.st_size}")
            except OSError:
                parts.append("missing")
        return "/".join(parts)

    def build(self, path: str, level: int, seed: int, args) -> dict:
        from unlev.tools.serve.state import build_state
        text = None
        if self.text_of is not None:
            held = self.text_of(path)
            if held is not None:
                text = held[0]
        if self.settings_of is not None:
            import copy
            args = copy.copy(args)
            args.settings = self.settings_of(path)
        with self.lock:
            version = self.version(path)
            answer = build_state(path, level=level, seed=seed, args=args, text=text,
                                 files=self.names(), version=version,
                                 name=self.names()[self.files.index(path)])
            includes = [f for f in answer.pop("includes", []) if f != path]
            if includes != self._includes.get(path, []):
                self._includes[path] = includes
                answer["version"] = self.version(path)
        return answer


def make_handler(source: Source, args, page: str, allowed_host: str = "localhost"):
    class Handler(BaseHTTPRequestHandler):
        server_version = "unlev-serve"
        # a request line without a version is read as HTTP/1.0, not 0.9: every reply,
        # an error's too, starts with a status line (0.9's has none, only the body)
        default_request_version = "HTTP/1.0"

        def log_message(self, fmt, *a):       # quiet: the terminal shows the URL only
            pass

        def _send(self, code: int, body: bytes, ctype: str) -> None:
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _host_ok(self) -> bool:
            """A page of another site that resolves its name to this machine (DNS
            rebinding) sends its own name as Host: only the names of this server pass."""
            host = (self.headers.get("Host") or "").strip().lower()
            name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
            name = name.strip("[]")
            bound = self.server.server_address[0]
            return name in ("127.0.0.1", "localhost", "::1", bound, allowed_host)

        def _json(self, value, code: int = 200) -> None:
            self._send(code, json.dumps(value).encode("utf-8"), "application/json")

        def do_GET(self):  # noqa: N802 - http.server's name
            if not self._host_ok():
                self._json({"error": "unexpected Host header"}, 403)
                return
            url = urllib.parse.urlsplit(self.path)
            q = dict(urllib.parse.parse_qsl(url.query))
            if url.path in ("/", "/index.html"):
                self._send(200, page.encode("utf-8"), "text/html; charset=utf-8")
                return
            if url.path not in ("/api/state", "/api/version"):
                self._json({"error": f"no such page: {url.path}"}, 404)
                return
            path = source.resolve(q.get("file", ""))
            if path is None:
                self._json({"error": f"not a file of this server: {q.get('file')!r}"}, 404)
                return
            if url.path == "/api/version":
                self._json({"version": source.version(path)})
                return
            try:
                level = int(q.get("level", "1"))
                seed = int(q.get("seed", "1"))
            except ValueError:
                self._json({"error": "level and seed are numbers"}, 400)
                return
            if seed < 0:
                self._json({"error": "the seed is 0 or more"}, 400)
                return
            self._json(source.build(path, level, seed, args))

    return Handler


class PreviewServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A browser that closed the page mid-answer is no news; anything else is one
        line, never a traceback."""
        import sys
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return
        print(f"unlev serve: error: answering {client_address[0]}: "
              f"{type(exc).__name__}: {exc}", file=sys.stderr, flush=True)


def make_server(source: Source, args, host: str = "127.0.0.1", port: int = 0,
                seed: int = 1, title: str = "unlev serve") -> ThreadingHTTPServer:
    """A server (not yet serving) for ``source``; ``port`` 0 takes a free one."""
    from unlev.output.preview import page_html
    names = source.names()
    page = page_html({"mode": "serve", "file": names[0] if names else None, "files": names,
                      "level": 1, "seed": seed, "title": title}, title=title)
    return PreviewServer((host, port), make_handler(source, args, page,
                                                    allowed_host=host.lower()))
