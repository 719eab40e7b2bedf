"""Fuzz of ``unlev serve``: malformed request lines, methods, headers, paths and query
strings mixed with ordinary requests, then one ordinary request that must still be
answered.  ``unlev serve`` speaks plain HTTP/1 only (the page polls ``/api/version``;
there is no websocket or server-sent-events endpoint to fuzz).

    python tools/serve_fuzz.py [--count 2000] [--seed 1] [--file samples/bigrm.des]

Each request goes over a socket of its own.  A finding is: a reply that is not an HTTP
status line (or no reply where one is owed), an answer holding "internal error" or
"Traceback", a request answered after more than ``--slow`` seconds, the server's death,
or a traceback on its standard error.  Prints the counts; exit 1 on any finding.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time

PATHS = ["/", "/index.html", "/api/state", "/api/version", "/api/state/", "/api",
         "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "//api/state", "/api/state%00",
         "/\u00e9", "/api/version?", "*", "http://evil.example/api/state", "/" + "a" * 5000]
NUMBERS = ["1", "0", "-1", "2", "99", "2147483648", "9223372036854775808", str(10 ** 30),
           "9" * 5000, "1e9", "0x10", " 5 ", "", "\u0663", "1.5", "nan", "-0", "+3",
           "%00", "1%00", "１"]
FILES = ["", "bigrm.des", "BIGRM.des", "../bigrm.des", "/etc/passwd", "%00", "a\x00b",
         "bigrm.des%00.txt", "\u00e9.des", "." * 300]
METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "TRACE", "CONNECT", "get",
           "G\x00T", "X" * 300, ""]


def request_bytes(rng: random.Random, file: str, host: str) -> tuple:
    """(bytes to send, whether an HTTP reply is owed: False when the request is cut
    short or is no request at all, when closing without a word is fair too)."""
    r = rng.random()
    if r < 0.45:                                   # an ordinary question, odd values
        q = []
        for key in ("file", "level", "seed"):
            if rng.random() < 0.8:
                value = (rng.choice(FILES + [file]) if key == "file"
                         else rng.choice(NUMBERS))
                q.append(f"{key}={value if rng.random() < 0.5 else _quote(value)}")
        if rng.random() < 0.2:
            q.append(q[0] if q else "x=1")         # a repeated key
        if rng.random() < 0.1:
            q.append("%zz=%")                      # bad percent-encoding
        path = rng.choice(["/api/state", "/api/version", "/", "/api/state"])
        target = path + ("?" + "&".join(q) if q else "")
        return _get(target, host), True
    if r < 0.65:                                   # odd paths and methods
        method = rng.choice(METHODS)
        target = rng.choice(PATHS)
        return (f"{method} {target} HTTP/1.1\r\nHost: {host}\r\n\r\n"
                .encode("utf-8", "surrogatepass")), bool(method)
    if r < 0.8:                                    # odd headers
        kind = rng.randrange(6)
        base = "GET /api/version HTTP/1.1\r\n"
        if kind == 0:
            head = base + "\r\n"                                     # no Host
        elif kind == 1:
            head = base + f"Host: {rng.choice(['evil.example', '', 'localhost:1', '[::1]', 'x' * 9000])}\r\n\r\n"
        elif kind == 2:
            head = base + f"Host: {host}\r\n" + "X-A: b\r\n" * rng.choice([50, 101, 500]) + "\r\n"
        elif kind == 3:
            head = base + f"Host: {host}\r\nno colon here\r\n\r\n"
        elif kind == 4:
            head = base + f"Host: {host}\r\nContent-Length: {rng.choice(['-1', 'x', '99999999999'])}\r\n\r\n"
        else:
            head = base + f"Host: {host}\r\nX-Long: {'y' * 70000}\r\n\r\n"
        return head.encode("latin-1"), True
    if r < 0.9:                                    # not a request line at all
        kind = rng.randrange(5)
        if kind == 0:
            return bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))), False
        if kind == 1:
            return b"GET / HTTP/9.9\r\n\r\n", True
        if kind == 2:
            return b"GET " + b"/" * 70000 + b" HTTP/1.1\r\n\r\n", True
        if kind == 3:
            return b"GET /\r\n\r\n", False             # HTTP/0.9
        return b"\r\n\r\n\r\n", False
    # cut short: the client goes away mid-request
    whole = _get("/api/state?seed=3", host)
    return whole[:rng.randrange(1, len(whole))], False


def _quote(value: str) -> str:
    import urllib.parse
    return urllib.parse.quote(value, safe="")


def _get(target: str, host: str) -> bytes:
    return (f"GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
            .encode("utf-8", "surrogatepass"))


def ask(port: int, data: bytes, timeout: float) -> tuple:
    """(reply bytes, seconds); the socket is closed for writing after the request."""
    t0 = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        chunks = []
        try:
            while True:
                got = s.recv(65536)
                if not got:
                    break
                chunks.append(got)
        except socket.timeout:
            chunks.append(b"<<timeout>>")
        except OSError:
            pass
    return b"".join(chunks), time.perf_counter() - t0


class Server:
    def __init__(self, file: str) -> None:
        self.p = subprocess.Popen([sys.executable, "-m", "unlev", "serve", file, "--port", "0",
                                   "--seed", "1"], stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        line = self.p.stdout.readline().decode()
        self.port = int(line.split("http://", 1)[1].split("/", 1)[0].rsplit(":", 1)[1])
        self.stderr = b""
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        for line in self.p.stderr:
            self.stderr += line

    def stop(self) -> None:
        self.p.terminate()
        self.p.wait(10)


def run(count: int, seed: int, file: str, slow: float, timeout: float, out=print) -> dict:
    rng = random.Random(seed)
    server = Server(file)
    host = f"127.0.0.1:{server.port}"
    name = os.path.relpath(file) if not os.path.isabs(file) else file
    counts = {"answered": 0, "closed": 0, "findings": 0, "slowest": 0.0}
    findings = []
    t0 = time.perf_counter()
    try:
        for k in range(count):
            data, owed = request_bytes(rng, name, host)
            reply, seconds = ask(server.port, data, timeout)
            counts["slowest"] = max(counts["slowest"], seconds)
            why = None
            if reply.startswith(b"HTTP/1."):
                counts["answered"] += 1
                if b"internal error" in reply or b"Traceback" in reply:
                    why = "an internal error in the answer"
            elif not reply:
                counts["closed"] += 1
                if owed:
                    why = "no reply"
            else:
                why = "not an HTTP reply"
            if seconds > slow:
                why = why or f"{seconds:.1f} s"
            if server.p.poll() is not None:
                why = "the server died"
            if why:
                counts["findings"] += 1
                findings.append((k, why, data[:200], reply[:300]))
                out(f"  request {k + 1}: {why}: {data[:120]!r} -> {reply[:160]!r}")
                if server.p.poll() is not None:
                    break
            if (k + 1) % 500 == 0:
                out(f"  {k + 1} requests, {counts}")
        reply, _ = ask(server.port, _get(f"/api/version?file={_quote(name)}", host), timeout)
        counts["answers_at_the_end"] = reply.startswith(b"HTTP/1.0 200") or \
            reply.startswith(b"HTTP/1.1 200")
        if counts["answers_at_the_end"]:
            body = reply.split(b"\r\n\r\n", 1)[1]
            counts["answers_at_the_end"] = "version" in json.loads(body)
    finally:
        server.stop()
    counts["traceback"] = b"Traceback" in server.stderr
    counts["stderr_lines"] = len(server.stderr.splitlines())
    counts["seconds"] = round(time.perf_counter() - t0)
    counts["findings_list"] = findings
    return counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--file", default=os.path.join(os.path.dirname(__file__), "..",
                                                   "samples", "bigrm.des"))
    ap.add_argument("--slow", type=float, default=20.0,
                    help="seconds after which an answer is a finding (default 20)")
    ap.add_argument("--timeout", type=float, default=60.0)
    args = ap.parse_args()
    got = run(args.count, args.seed, args.file, args.slow, args.timeout)
    print(f"{args.count} requests in {got['seconds']} s: {got['answered']} answered, "
          f"{got['closed']} closed without a reply, {got['findings']} findings; slowest "
          f"{got['slowest']:.2f} s; answered at the end: {got['answers_at_the_end']}; "
          f"traceback: {got['traceback']}; {got['stderr_lines']} lines on stderr")
    ok = not got["findings"] and got["answers_at_the_end"] and not got["traceback"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
