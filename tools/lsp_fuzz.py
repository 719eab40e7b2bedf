"""Protocol fuzz of ``unlev lsp``: malformed frames, bodies and positions mixed with real
requests, then one ordinary request that must still be answered.

    python tools/lsp_fuzz.py [--count 10000] [--seed 1]

Prints: messages sent, answers received, errors answered with an id, whether the server
answered at the end, and whether it wrote a traceback.  Exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import threading
import time

TEXT = 'LEVEL: "yard"\nINIT_MAP: solidfill, \' \'\nMONSTER: (\'G\', "gnome lord"), (1,1)\n'
URI = "file:///fuzz/yard.des"
METHODS = ["textDocument/hover", "textDocument/completion", "textDocument/definition",
           "textDocument/references", "textDocument/documentSymbol",
           "textDocument/codeAction", "workspace/executeCommand", "no/such/method"]
BAD_NUMBERS = [-1, 2 ** 31, 2 ** 63, None, "3", 1.5, True, [], {}, -2 ** 31]


def frame(body: bytes, length=None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def message(rng: random.Random, k: int) -> bytes:
    """One frame: a third of them malformed on the wire or in JSON, a third with odd
    params, the rest ordinary requests and edits."""
    r = rng.random()
    if r < 0.33:
        kind = rng.randrange(11)
        if kind == 9:               # short: announces more than it sends (resynchronised)
            body = json.dumps({"jsonrpc": "2.0", "id": k, "method": "x"}).encode()
            body = body[:rng.randrange(len(body))]
            return frame(body, len(body) + rng.randint(1, 300))
        if kind == 10:              # a length far beyond the body limit, then the body
            return frame(b"{}", rng.choice([10 ** 12, 2 ** 63, 65 * 1024 * 1024]))
        if kind == 0:
            return frame(rng.choice([b"null", b"[]", b"1", b'"x"', b"true", b"[{}]"]))
        if kind == 1:
            return frame(bytes(rng.randrange(128, 256) for _ in range(rng.randint(1, 40))))
        if kind == 2:
            return frame(b"[" * rng.choice([100, 1000, 100000]))
        if kind == 3:
            return frame(b'{"jsonrpc": "2.0", "id": %d, "method": ' % k)   # cut short
        if kind == 4:
            return frame(json.dumps({"jsonrpc": "1.0", "id": k, "method": "x"}).encode())
        if kind == 5:
            return frame(json.dumps({"jsonrpc": "2.0", "id": [k], "method": "x"}).encode())
        if kind == 6:
            return b"X-Junk: yes\r\n" + frame(b"{}")
        if kind == 7:
            return frame(json.dumps({"jsonrpc": "2.0", "id": k, "method": 5}).encode())
        return frame(b'{"a": ' + b'{"b": ' * 70 + b"1" + b"}" * 71)
    pos = {"line": rng.randrange(0, 5), "character": rng.randrange(0, 40)}
    if r < 0.66:
        pos = {"line": rng.choice(BAD_NUMBERS + [0, 1]),
               "character": rng.choice(BAD_NUMBERS + [0, 3])}
        if rng.random() < 0.2:
            pos = rng.choice([None, [], "here", {}])
    method = rng.choice(METHODS)
    uri = URI if rng.random() < 0.8 else rng.choice(["file:///etc/passwd", "", "x:y",
                                                     "file:///nonexistent.des"])
    params = {"textDocument": {"uri": uri}, "position": pos,
              "context": {"includeDeclaration": True, "diagnostics": []},
              "range": {"start": pos, "end": pos}}
    if method == "workspace/executeCommand":
        params = {"command": "unlev.preview", "arguments": rng.choice([[], [5], [uri], None])}
    if rng.random() < 0.15:
        body = {"jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": {"textDocument": {"uri": URI, "version": k},
                           "contentChanges": [{"text": TEXT + "#" * rng.randrange(10)}]}}
    else:
        body = {"jsonrpc": "2.0", "id": k, "method": method, "params": params}
    return frame(json.dumps(body).encode())


class Server:
    def __init__(self) -> None:
        self.p = subprocess.Popen([sys.executable, "-m", "unlev.cli", "lsp"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.answers: dict = {}
        self.count = 0
        self.errors_with_id = 0
        self.lock = threading.Condition()
        self.stderr = b""
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()

    def _read(self) -> None:
        out = self.p.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            msg = json.loads(out.read(length))
            with self.lock:
                self.count += 1
                if "id" in msg and msg.get("id") is not None:
                    self.answers[msg["id"]] = msg
                    if "error" in msg:
                        self.errors_with_id += 1
                self.lock.notify_all()

    def _read_err(self) -> None:
        self.stderr = self.p.stderr.read()

    def send(self, data: bytes) -> None:
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def wait_for(self, msg_id, seconds: float = 60.0):
        deadline = time.time() + seconds
        with self.lock:
            while msg_id not in self.answers and time.time() < deadline:
                self.lock.wait(0.5)
            return self.answers.get(msg_id)


def run(count: int, seed: int) -> dict:
    rng = random.Random(seed)
    s = Server()
    s.send(frame(json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize",
                             "params": {"capabilities": {}}}).encode()))
    s.wait_for("init")
    s.send(frame(json.dumps({"jsonrpc": "2.0", "method": "initialized",
                             "params": {}}).encode()))
    s.send(frame(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "des", "version": 1, "text": TEXT}}}
    ).encode()))
    for k in range(count):
        s.send(message(rng, 1000 + k))
    s.send(frame(json.dumps({"jsonrpc": "2.0", "id": "last", "method": "textDocument/hover",
                             "params": {"textDocument": {"uri": URI},
                                        "position": {"line": 2, "character": 1}}}).encode()))
    last = s.wait_for("last", 300)
    alive = s.p.poll() is None
    s.p.stdin.close()
    try:
        s.p.wait(30)
    except subprocess.TimeoutExpired:
        s.p.kill()
    time.sleep(0.2)
    return {"sent": count, "answers": s.count, "errors_with_id": s.errors_with_id,
            "answered_at_the_end": bool(last and "result" in last), "alive": alive,
            "traceback": b"Traceback" in s.stderr, "exit": s.p.returncode,
            "first_traceback": s.stderr[s.stderr.find(b"Traceback"):][:3000].decode(
                "utf-8", "replace") if b"Traceback" in s.stderr else ""}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.time()
    r = run(args.count, args.seed)
    print(f"{r['sent']} messages in {time.time() - t0:.0f} s: {r['answers']} answers, "
          f"{r['errors_with_id']} errors with the request's id; answered at the end: "
          f"{r['answered_at_the_end']}; traceback: {r['traceback']}; exit {r['exit']}")
    return 0 if r["answered_at_the_end"] and not r["traceback"] else 1


if __name__ == "__main__":
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
    sys.exit(main())
