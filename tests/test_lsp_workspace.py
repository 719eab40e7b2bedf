"""The language server's diagnostics for the workspace's des-files the editor has not
opened (issue 29: the server uses the result cache for them), over a real pipe to
``unlev lsp``: they equal what the server publishes once the file is opened; a second
server answers them from the cache; each part of the key, changed on its own, is a
miss; a broken entry is a miss, never a crash; two servers share the folder."""

from __future__ import annotations

import json
import os
import time

import pytest

pytest.importorskip("pygls")

from test_lsp import Client  # noqa: E402

from unlev.tools import result_cache as RC  # noqa: E402

# The tests marked slow are the full tier's (--full): real servers and their quiet
# periods (~34 s of wall in all); the quick tier keeps a second server answering from the
# cache and the unlev stamp in the key.

GOOD = 'LEVEL: "good"\nINIT_MAP: solidfill, \' \'\nMONSTER: \'d\', random\n'
# lint: a SWITCH case never taken
LINTY = ('LEVEL: "linty"\nIF [50%] {\n}\nSWITCH [1] {\n  CASE 2:\n'
         '    MESSAGE: "never"\n}\n')
BAD = 'LEVEL: "bad"\nINIT_MAP: solidfill, \' \'\nMONSTER: (\'d\', "jackall"), random\n'
INCLUDED = 'FUNCTION f() {\n  MESSAGE: "hi"\n}\n'
MAIN = 'INCLUDE "inc.des"\nLEVEL: "main"\nf()\n'


@pytest.fixture
def ws(tmp_path):
    """A project: unlev.toml (the cache goes beside it), five des-files, one in a
    sub-folder, one INCLUDEd by another."""
    root = tmp_path / "ws"
    (root / "sub").mkdir(parents=True)
    (root / "unlev.toml").write_text("")
    (root / "good.des").write_text(GOOD)
    (root / "linty.des").write_text(LINTY)
    (root / "sub" / "bad.des").write_text(BAD)
    (root / "inc.des").write_text(INCLUDED)
    (root / "main.des").write_text(MAIN)
    (root / "notes.txt").write_text("not a des-file")
    return root


FILES = ["good.des", "inc.des", "linty.des", "main.des", "sub/bad.des"]


class Server:
    """``unlev lsp`` on the workspace; what it sends is read by a thread into a queue."""

    def __init__(self, root, *options, capabilities=None):
        import queue
        import threading
        self.c = Client(*options, workspace=True)
        self.root = root
        self.c.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(),
                                      "capabilities": capabilities or {}})
        self.queue = queue.Queue()
        self.published = []         # what workspace_report saw, in order
        self.seen = []              # every message taken from the queue

        def read():
            while True:
                try:
                    msg = self.c.read()
                except (ValueError, OSError):
                    return
                if "method" in msg and "id" in msg:      # the server asks: answered
                    self.c.send({"jsonrpc": "2.0", "id": msg["id"], "result": None})
                self.queue.put(msg)
        threading.Thread(target=read, daemon=True).start()
        self.c.notify("initialized", {})

    def next(self, timeout):
        import queue
        try:
            msg = self.queue.get(timeout=timeout)
        except queue.Empty:
            return None
        self.seen.append(msg)
        return msg

    def workspace_report(self, timeout=120):
        """({relative path: diagnostics} published by the pass, its log message)."""
        got, end = {}, time.time() + timeout
        while time.time() < end:
            msg = self.next(1.0) or {}
            if msg.get("method") == "textDocument/publishDiagnostics":
                self.published.append(msg["params"])
                path = msg["params"]["uri"][len(self.root.as_uri()) + 1:]
                got[path] = msg["params"]["diagnostics"]
            elif msg.get("method") == "window/logMessage" and \
                    "workspace des-file" in msg["params"]["message"]:
                return got, msg["params"]["message"]
        raise AssertionError("no end of the workspace's diagnostics")

    def settled(self, uri, quiet=1.5, timeout=60, seen=False):
        """The last diagnostics published for ``uri`` once nothing more comes (with
        ``seen``, counting those workspace_report took)."""
        last, end = None, time.time() + timeout
        if seen:
            for p in self.published:
                if p["uri"] == uri:
                    last = p["diagnostics"]
        while time.time() < end:
            msg = self.next(quiet)
            if msg is None:
                if last is not None:
                    return last
                continue
            if msg.get("method") == "textDocument/publishDiagnostics" and \
                    msg["params"]["uri"] == uri:
                last = msg["params"]["diagnostics"]
        raise AssertionError("no diagnostics")

    def all_settle_to(self, want, quiet=1.5, timeout=60):
        """The last diagnostics published for each document of ``want`` (uri -> the
        diagnostics expected): once every one equals its expected value and nothing
        more comes for ``quiet`` seconds (a slow machine's whole-file read may follow a
        first, level-by-level publishing), or at the timeout.  One quiet wait for all
        the documents, not one each."""
        last, end = {}, time.time() + timeout
        while time.time() < end:
            msg = self.next(quiet if last == want else 0.5)
            if msg is None:
                if last == want:
                    return last
                continue
            if msg.get("method") == "textDocument/publishDiagnostics" and \
                    msg["params"]["uri"] in want:
                last[msg["params"]["uri"]] = msg["params"]["diagnostics"]
        return last

    def close(self):
        try:
            self.c.send({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
            self.c.notify("exit", None)
            self.c.p.wait(timeout=10)
        except Exception:  # noqa: BLE001 - killed below either way
            pass
        finally:
            self.c.p.kill()
            self.c.p.wait()
            for pipe in (self.c.p.stdin, self.c.p.stdout, self.c.p.stderr):
                if pipe is not None:
                    pipe.close()


def counts(message):
    """(from the cache, read) of the pass's log message."""
    import re
    m = re.search(r"\((\d+) from the cache, (\d+) read\)", message)
    return int(m.group(1)), int(m.group(2))


def report(root, *options):
    s = Server(root, *options)
    try:
        return s.workspace_report()
    finally:
        s.close()


def entries(root):
    return sorted((root / ".unlev_cache").rglob("*.json"))


@pytest.mark.slow
def test_unopened_files_get_what_opening_them_publishes(ws):
    s = Server(ws)
    try:
        got, message = s.workspace_report()
        assert sorted(got) == FILES and counts(message) == (0, 5)
        assert got["good.des"] == [] and got["main.des"] == []
        # an INCLUDEd file alone is no level, as `unlev check` says of it too
        assert [d["code"] for d in got["inc.des"]] == ["level-name"]
        assert got["sub/bad.des"][0]["severity"] == 1 and \
            "jackall" in got["sub/bad.des"][0]["message"]
        assert [d["code"] for d in got["linty.des"]] == ["dead"]      # lint's finding
        # every file opened, then each one's last publishing awaited (together)
        for rel in FILES:
            path = ws / rel
            s.c.notify("textDocument/didOpen", {"textDocument": {
                "uri": path.as_uri(), "languageId": "des", "version": 1,
                "text": path.read_text()}})
        want = {(ws / rel).as_uri(): got[rel] for rel in FILES}
        assert s.all_settle_to(want) == want
    finally:
        s.close()


def test_a_second_server_answers_from_the_cache(ws):
    first, message = report(ws)
    assert counts(message) == (0, 5)
    stored = entries(ws)
    assert len(stored) == 5
    for e in stored:
        entry = json.loads(e.read_text())
        assert isinstance(entry["result"]["diagnostics"], list)
    mtimes = [e.stat().st_mtime_ns for e in stored]
    second, message = report(ws)
    assert counts(message) == (5, 0) and second == first
    assert [e.stat().st_mtime_ns for e in stored] == mtimes      # nothing rewritten


@pytest.mark.slow
def test_each_key_part_changed_is_a_miss(ws):
    first, _ = report(ws)
    # the file's content: that file alone is read again
    (ws / "good.des").write_text(GOOD.replace("'d'", "'f'"))
    got, message = report(ws)
    assert counts(message) == (4, 1) and got["linty.des"] == first["linty.des"]
    # an INCLUDEd file: the file that INCLUDEs it is read again (and the file itself)
    (ws / "inc.des").write_text(INCLUDED.replace("f()", "g()"))
    got, message = report(ws)
    assert counts(message) == (3, 2)
    assert got["main.des"] and got["main.des"][0]["severity"] == 1     # f is gone
    # (a failed file that INCLUDEs is never stored: the files it read are not known)
    assert counts(report(ws)[1]) == (4, 1)
    (ws / "inc.des").write_text(INCLUDED)          # as it was: the old entries fit
    got, message = report(ws)
    assert counts(message) == (5, 0) and got["main.des"] == first["main.des"] == []
    # the server's options: the dialect, --lenient: every file read again
    for option in (["--dialect", "unnethack"], ["--lenient"]):
        got, message = report(ws, *option)
        assert counts(message) == (0, 5), option
        assert counts(report(ws, *option)[1]) == (5, 0), option
    # the project's config (a data profile) as well
    (ws / "unlev.toml").write_text('dialect = "unnethack"\n')
    assert counts(report(ws)[1]) == (5, 0)            # the same settings as --dialect's
    (ws / "unlev.toml").write_text('data = "nethack36"\n')
    assert counts(report(ws)[1]) == (0, 5)


def test_unlevs_stamp_is_part_of_the_key(ws, monkeypatch):
    """In the server's own code (a process cannot be handed another stamp): the
    diagnostics of a file made once, a hit, then a miss under another unlev."""
    from unlev.editor import analysis as A
    from unlev.editor.lsp import as_lsp, findings
    from unlev.editor.workspace import DiskDiagnostics
    path = str(ws / "linty.des")
    settings = A.settings_for(path)
    made = DiskDiagnostics(findings, as_lsp).of(path, settings)
    assert made[1] is False and made[0]
    again = DiskDiagnostics(findings, as_lsp).of(path, settings)
    assert again == (made[0], True)
    from unlev.tools import quick_check as Q      # the stamp check's and lint's keys use
    monkeypatch.setattr(Q, "_STAMP", ["another unlev, or an edited grammar"])
    assert RC.source_stamp() == "another unlev, or an edited grammar"
    assert DiskDiagnostics(findings, as_lsp).of(path, settings) == (made[0], False)
    # and the data profile, given to the server rather than by the config
    other = A.settings_for(path, data="nethack36")
    assert DiskDiagnostics(findings, as_lsp).of(path, other)[1] is False


@pytest.mark.slow
def test_a_broken_entry_is_a_miss_never_a_crash(ws):
    first, _ = report(ws)
    stored = entries(ws)
    good = json.loads(stored[0].read_text())
    broken = [
        '{"key": "',                                            # half written
        "",                                                     # empty
        json.dumps({**good, "result": 5}),                      # another shape
        json.dumps({**good, "result": {"diagnostics": [{"range": 7}]}}),    # bad values
        json.dumps({**good, "key": "0" * 64}),                  # another file's
    ]
    for entry, text in zip(stored, broken):
        entry.write_text(text)
    got, message = report(ws)
    assert counts(message) == (0, 5) and got == first
    assert counts(report(ws)[1]) == (5, 0)            # rewritten whole
    assert not list((ws / ".unlev_cache").rglob(".tmp-*"))


@pytest.mark.slow
def test_two_servers_share_the_folder(ws):
    for i in range(8):
        (ws / f"more{i}.des").write_text(GOOD.replace('"good"', f'"more{i}"'))
    a, b = Server(ws), Server(ws)
    try:
        (got_a, msg_a), (got_b, msg_b) = a.workspace_report(), b.workspace_report()
    finally:
        a.close()
        b.close()
    assert got_a == got_b and len(got_a) == 13
    assert sum(counts(msg_a)) == sum(counts(msg_b)) == 13
    assert len(entries(ws)) == 13
    for e in entries(ws):
        assert isinstance(json.loads(e.read_text())["result"]["diagnostics"], list)
    assert not list((ws / ".unlev_cache").rglob(".tmp-*"))
    got, message = report(ws)
    assert counts(message) == (13, 0) and got == got_a


@pytest.mark.slow
def test_an_open_document_is_its_unsaved_text_and_closing_it_shows_the_file(ws):
    s = Server(ws)
    try:
        uri = (ws / "good.des").as_uri()
        unsaved = GOOD + "MONSTER: ('d', \"jackall\"), random\n"
        s.c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "des", "version": 1, "text": unsaved}})
        s.workspace_report()
        live = s.settled(uri, seen=True)       # the last published, whenever it came
        assert live and "jackall" in live[0]["message"]     # never the disk's []
        s.c.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        assert s.settled(uri) == []
    finally:
        s.close()


WATCHING = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}


@pytest.mark.slow
def test_files_changed_on_disk_are_read_again_and_only_changes_published(ws):
    s = Server(ws, capabilities=WATCHING)
    try:
        first, _ = s.workspace_report()
        (ws / "good.des").write_text(BAD.replace('"bad"', '"good"'))
        (ws / "linty.des").unlink()
        (ws / "new.des").write_text(GOOD.replace('"good"', '"new"'))
        s.c.notify("workspace/didChangeWatchedFiles", {"changes": [
            {"uri": (ws / "good.des").as_uri(), "type": 2},
            {"uri": (ws / "linty.des").as_uri(), "type": 3},
            {"uri": (ws / "new.des").as_uri(), "type": 1}]})
        got, message = s.workspace_report()
        assert counts(message) == (3, 2)
        assert sorted(got) == ["good.des", "linty.des", "new.des"]     # what changed
        assert "jackall" in got["good.des"][0]["message"]
        assert got["linty.des"] == [] and got["new.des"] == []
    finally:
        s.close()


@pytest.mark.slow
def test_the_server_asks_to_watch_des_files_when_the_client_can(ws):
    s = Server(ws, capabilities=WATCHING)
    try:
        s.workspace_report()
        end, seen = time.time() + 10, []
        while time.time() < end and not seen:
            seen = [r for m in s.seen if m.get("method") == "client/registerCapability"
                    for r in m["params"]["registrations"]]
            s.next(0.5)
        assert [r["method"] for r in seen] == ["workspace/didChangeWatchedFiles"]
        assert seen[0]["registerOptions"]["watchers"] == [{"globPattern": "**/*.des"}]
    finally:
        s.close()


@pytest.mark.slow
def test_no_cache_and_open_files_only(ws):
    got, message = report(ws, "--no-cache")
    assert len(got) == 5 and counts(message) == (0, 5)
    assert not (ws / ".unlev_cache").exists()
    s = Server(ws, "--open-files-only")
    try:
        time.sleep(2.0)
        seen = []
        while not s.queue.empty():
            seen.append(s.queue.get())
        assert not [n for n in seen if n.get("method") in (
            "textDocument/publishDiagnostics", "window/logMessage")]
    finally:
        s.close()


@pytest.mark.slow
def test_files_the_front_end_will_not_read_get_its_error_and_no_entry(ws):
    """A UTF-16 file and a FIFO named *.des: the front end's own error, never a hang
    (a FIFO is never opened for reading) and never an entry."""
    (ws / "wide.des").write_bytes(GOOD.encode("utf-16"))
    os.mkfifo(ws / "pipe.des")
    got, message = report(ws)
    assert counts(message) == (0, 7)
    assert got["wide.des"][0]["severity"] == 1 and "UTF-16" in got["wide.des"][0]["message"]
    assert got["pipe.des"][0]["severity"] == 1
    assert len(entries(ws)) == 5
    assert counts(report(ws)[1]) == (5, 2)


@pytest.mark.slow
def test_check_and_the_server_never_read_each_others_entries(ws):
    """`unlev check` on the folder after a server: check's own kind of entry (its printed
    text), the same output as without the cache; the server's entries untouched and
    still all hits."""
    import subprocess
    import sys
    report(ws)
    mine = {e: e.stat().st_mtime_ns for e in entries(ws)}
    cmd = [sys.executable, "-m", "unlev.cli", "check", "-j", "1", "."]
    fresh = subprocess.run(cmd + ["--no-cache"], cwd=ws, capture_output=True, text=True,
                           timeout=300)
    for _ in range(2):              # the first fills check's entries, the second reads them
        got = subprocess.run(cmd, cwd=ws, capture_output=True, text=True, timeout=300)
        assert (got.returncode, got.stdout, got.stderr) == \
            (fresh.returncode, fresh.stdout, fresh.stderr)
    assert len(entries(ws)) > len(mine)
    assert {e: e.stat().st_mtime_ns for e in mine} == mine
    assert counts(report(ws)[1]) == (5, 0)
