"""The language server's gate: LSP frames read from the client with bounds, and every
malformed one answered with the protocol's error instead of reaching pygls.

Why a module of its own: pygls reads a frame's whole announced body at once (a
``Content-Length`` of a terabyte is a MemoryError), and a body it cannot parse -- not
UTF-8, JSON that is not an object, nesting deep enough to exhaust the recursion -- stays
in its buffer and makes it deaf to every later message.  Here each frame is read with a
cap on the headers and the body, checked (UTF-8, JSON, an object, ``jsonrpc`` 2.0, a
string method, positions inside LSP's ``uinteger`` range), and either handed on whole or
answered with the JSON-RPC error the specification gives (-32700 parse error, -32600
invalid request, -32602 invalid params), carrying the request's id when it has one.

A client that announces more bytes than it sends (a short frame) is resynchronised:
a ``Content-Length: N`` header line cannot occur inside a JSON body (its keys are
quoted, its strings hold no raw line ends), so where one shows in what was read as a
body -- or at the end of a line read as a header, or in the bytes an oversized body's
skip drops -- the short frame is answered with a parse error and reading starts again
at that header.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from typing import Iterator, Optional, Tuple, Union

MAX_HEADER_LINE = 8192          # bytes of one header line
MAX_HEADERS = 32                # header lines of one frame
MAX_BODY = 64 * 1024 * 1024     # bytes of one body (a 1 MB des-file is ~1.1 MB of JSON)
MAX_NESTING = 64                # JSON arrays and objects inside one another (LSP: ~6)
UINTEGER_MAX = 2 ** 31 - 1      # LSP's uinteger: a line or character number

PARSE_ERROR, INVALID_REQUEST, INVALID_PARAMS = -32700, -32600, -32602

_LENGTH = re.compile(rb"content-length:[ \t]*(\d{1,20})[ \t]*$", re.I)
# the next frame's header, where a short frame's body ran into it
_NEXT_HEADER = re.compile(rb"content-length:[ \t]*\d{1,20}[ \t]*\r?\n", re.I)
_HEADER_TAIL = 64               # bytes kept between the chunks a skip looks at

Frame = Tuple[str, Union[bytes, dict]]     # ("frame", raw) or ("error", response)


def error_response(msg_id, code: int, message: str) -> dict:
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


class Pushback:
    """A byte stream with bytes put back in front of it (what a short frame's body had
    read of the next frame)."""

    def __init__(self, rfile) -> None:
        self.rfile = rfile
        self.buf = b""

    def unread(self, data: bytes) -> None:
        self.buf = data + self.buf

    def readline(self, limit: int) -> bytes:
        if self.buf:
            end = self.buf.find(b"\n", 0, limit)
            if end >= 0 or len(self.buf) >= limit:
                n = end + 1 if end >= 0 else limit
                line, self.buf = self.buf[:n], self.buf[n:]
                return line
            head, self.buf = self.buf, b""
            return head + self.rfile.readline(limit - len(head))
        return self.rfile.readline(limit)

    def read1(self, n: int) -> bytes:
        """Up to ``n`` bytes, as many as have come (blocking only for the first)."""
        if self.buf:
            head, self.buf = self.buf[:n], self.buf[n:]
            return head
        read1 = getattr(self.rfile, "read1", None)
        return read1(n) if read1 is not None else self.rfile.read(n)

    def read(self, n: int) -> bytes:
        if self.buf:
            head, self.buf = self.buf[:n], self.buf[n:]
            if len(head) < n:
                head += self.rfile.read(n - len(head))
            return head
        return self.rfile.read(n)


def _short_frame() -> Frame:
    return "error", error_response(None, PARSE_ERROR, "a frame ended before its "
                                   "Content-Length: the next frame's header came first")


def read_frames(rfile) -> Iterator[Frame]:
    """Each frame of a byte stream: ``("frame", header + body)`` to hand on, or
    ``("error", response)`` to send back.  Ends at the end of the stream."""
    rfile = Pushback(rfile)
    while True:
        length: Optional[int] = None
        count = 0
        while True:
            line = rfile.readline(MAX_HEADER_LINE + 1)
            if not line:
                return
            if line in (b"\r\n", b"\n"):
                if length is not None:
                    break
                continue                       # a stray blank line: no frame yet
            count += 1
            if len(line) > MAX_HEADER_LINE or count > MAX_HEADERS:
                yield "error", error_response(None, INVALID_REQUEST,
                                              "a frame's headers are too long")
                _skip_line(rfile, line)
                continue
            m = _LENGTH.search(line.rstrip(b"\r\n"))
            if m:
                if m.start() > 0:               # a short frame's rest, then a header
                    yield _short_frame()
                length = int(m.group(1))
        if length > MAX_BODY:
            yield "error", error_response(None, INVALID_REQUEST,
                                          f"a body of {length:,} bytes is more than "
                                          f"{MAX_BODY:,}; it is skipped")
            if not _skip(rfile, length):
                return
            continue
        body, nxt = _read_body(rfile, length)
        if nxt is not None:                     # a short frame ran into the next one
            rfile.unread(body[nxt:])
            yield _short_frame()
            continue
        if len(body) < length:
            return
        yield check(body)


def _read_body(rfile: Pushback, length: int) -> Tuple[bytes, Optional[int]]:
    """The body, read as it comes; where the next frame's header starts in it when the
    client sent less than it announced (then the rest is not waited for), else None."""
    parts: list = []
    got = 0
    tail = b""
    while got < length:
        chunk = rfile.read1(min(length - got, 1 << 20))
        if not chunk:
            break
        seen = tail + chunk
        nxt = _NEXT_HEADER.search(seen)
        if nxt is not None:
            body = b"".join(parts) + chunk
            return body, len(body) - len(seen) + nxt.start()
        parts.append(chunk)
        got += len(chunk)
        tail = seen[-_HEADER_TAIL:]
    return b"".join(parts), None


def _skip_line(rfile, line: bytes) -> None:
    while line and not line.endswith(b"\n"):
        line = rfile.readline(MAX_HEADER_LINE + 1)


def _skip(rfile: Pushback, length: int) -> bool:
    """Read and drop ``length`` bytes a megabyte at a time; False at the stream's end.
    A frame header among them (the announced length was a lie) stops the skip there."""
    tail = b""
    while length > 0:
        got = rfile.read1(min(length, 1 << 20))     # what has come: a lie is not waited on
        if not got:
            return False
        length -= len(got)
        seen = tail + got
        nxt = _NEXT_HEADER.search(seen)
        if nxt is not None:
            rfile.unread(seen[nxt.start():])
            return True
        tail = seen[-_HEADER_TAIL:]
    return True


def check(body: bytes) -> Frame:
    """A body that pygls can take (the frame, rebuilt), or the error to answer with."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        return "error", error_response(None, PARSE_ERROR, f"the body is not UTF-8 "
                                       f"(byte {e.start})")
    if too_deep(text):
        return "error", error_response(None, PARSE_ERROR, f"the body nests more than "
                                       f"{MAX_NESTING} levels deep")
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError) as e:
        return "error", error_response(None, PARSE_ERROR, f"the body is not JSON ({e})")
    if not isinstance(msg, dict):
        return "error", error_response(None, INVALID_REQUEST,
                                       "a message is a JSON object")
    msg_id = msg.get("id")
    if not (msg_id is None or isinstance(msg_id, str)
            or (isinstance(msg_id, int) and not isinstance(msg_id, bool))):
        return "error", error_response(None, INVALID_REQUEST, "an id is a number or a string")
    if msg.get("jsonrpc") != "2.0":
        return "error", error_response(msg_id, INVALID_REQUEST, 'jsonrpc must be "2.0"')
    if "method" in msg and not isinstance(msg["method"], str):
        return "error", error_response(msg_id, INVALID_REQUEST, "a method is a string")
    if "method" not in msg and "result" not in msg and "error" not in msg:
        return "error", error_response(msg_id, INVALID_REQUEST,
                                       "neither a request nor a response")
    params = msg.get("params")
    if params is not None and not isinstance(params, (dict, list)):
        return "error", error_response(msg_id, INVALID_PARAMS,
                                       "params are an object or an array")
    why = bad_positions(params)
    if why:
        if "id" in msg:
            return "error", error_response(msg_id, INVALID_PARAMS, why)
        return "drop", b""                      # a notification gets no answer
    data = text.encode("utf-8")
    return "frame", b"Content-Length: %d\r\n\r\n" % len(data) + data


def too_deep(text: str) -> bool:
    """Whether JSON text nests arrays and objects more than MAX_NESTING deep (counted
    without parsing, strings skipped), so json.loads and pygls never recurse that far."""
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def bad_positions(value) -> Optional[str]:
    """Why a position in ``value`` is not one LSP allows (``line`` and ``character`` are
    uintegers: whole numbers 0..2^31-1), or None."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            for key in ("position", "start", "end"):
                if key in v and not isinstance(v[key], dict):
                    return f"{key} must be a position: {{line, character}}"
            if "line" in v or "character" in v:
                for key in ("line", "character"):
                    n = v.get(key)
                    if isinstance(n, bool) or not isinstance(n, int) \
                            or not 0 <= n <= UINTEGER_MAX:
                        return f"a position's {key} must be a whole number 0..{UINTEGER_MAX}"
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return None


class OneLine(logging.Formatter):
    """pygls's log records as one line each, without their tracebacks: a malformed
    message it rejects is reported, not dumped as a stack (the answer says the rest)."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage().strip().splitlines()
        return f"unlev lsp: {record.levelname.lower()}: {text[0] if text else ''}"


def quiet_pygls_logs(stream) -> None:
    handler = logging.StreamHandler(stream)
    handler.setFormatter(OneLine())
    log = logging.getLogger("pygls")
    log.handlers[:] = [handler]
    log.propagate = False
    log.setLevel(logging.ERROR)


def encode(response: dict) -> bytes:
    body = json.dumps(response).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class LockedTransport:
    """stdout for pygls and for the gate's own answers: one writer at a time (the
    diagnostics thread and the server's loop both write)."""

    def __init__(self, rfile, wfile) -> None:
        self.rfile, self.wfile = rfile, wfile
        self.lock = threading.Lock()

    def write(self, data) -> None:
        if isinstance(data, str):
            data = data.encode("utf-8")
        with self.lock:
            self.wfile.write(data)
            self.wfile.flush()

    def close(self) -> None:
        self.rfile.close()
        self.wfile.close()
