"""The language server driven as an editor drives it: LSP messages over a pipe to
``unlev lsp`` (issue 21): open, change, diagnostics, completion, hover, definition,
references, symbols, the preview action."""

import json
import os
import subprocess
import sys
import time

import pytest

pytest.importorskip("pygls")

TEXT = '''FUNCTION guards($n: int) {
  LOOP [$n] { MONSTER: ('@', "watchman"), random }
}
LEVEL: "yard"
INIT_MAP: solidfill, ' '
GEOMETRY: center, center
MAP
-----
|...|
-----
ENDMAP
$count = 3
guards($count)
MONSTER: ('G', "gnome lord"), (1,1)
OBJECT: ('!', "healing"), (2,1)
'''


class Client:
    def __init__(self):
        self.p = subprocess.Popen([sys.executable, "-m", "unlev.cli", "lsp"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.notes = []

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = 0
        while True:
            line = self.p.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            msg = self.read()
            if msg.get("id") == self.next_id and "method" not in msg:
                return msg.get("result")
            if "method" in msg:
                self.notes.append(msg)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            for n in list(self.notes):
                if n["method"] == "textDocument/publishDiagnostics" and \
                        n["params"]["uri"] == uri:
                    self.notes.remove(n)
                    return n["params"]["diagnostics"]
            self.notes.append(self.read())
        raise AssertionError("no diagnostics")

    def close(self):
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.p.wait(timeout=5)
        finally:
            self.p.kill()


@pytest.fixture
def client(tmp_path):
    c = Client()
    c.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(),
                             "capabilities": {}})
    c.notify("initialized", {})
    yield c
    c.close()


def open_doc(client, tmp_path, text=TEXT):
    path = tmp_path / "yard.des"
    path.write_text(text)
    uri = path.as_uri()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "des", "version": 1, "text": text}})
    return uri


def at(uri, line, char):
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": char}}


def test_diagnostics_follow_edits(client, tmp_path):
    uri = open_doc(client, tmp_path)
    assert client.diagnostics(uri) == []
    broken = TEXT.replace('"gnome lord"', '"gnome lordd"')
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": broken}]})
    diags = client.diagnostics(uri)
    assert diags and diags[0]["severity"] == 1 and diags[0]["range"]["start"]["line"] == 13
    assert "gnome lordd" in diags[0]["message"] and 'did you mean "gnome lord"' in \
        diags[0]["message"]


def test_lint_findings_carry_their_codes(client, tmp_path):
    uri = open_doc(client, tmp_path, TEXT.replace("|...|", "|.+.|"))
    diags = client.diagnostics(uri)
    assert any(d.get("code") == "map-door" and d["severity"] == 2 for d in diags)


def test_completion_keywords_variables_and_names(client, tmp_path):
    uri = open_doc(client, tmp_path, TEXT + "MONS\n$co\nMONSTER: \"gnome k\n")
    labels = [i["label"] for i in client.request("textDocument/completion",
                                                 at(uri, 15, 4))["items"]]
    assert "MONSTER" in labels and all(lb.startswith("MONS") for lb in labels)
    labels = [i["label"] for i in client.request("textDocument/completion",
                                                 at(uri, 16, 3))["items"]]
    assert labels == ["$count"]
    labels = [i["label"] for i in client.request("textDocument/completion",
                                                 at(uri, 17, 17))["items"]]
    assert '"gnome king"' in labels


def test_hover_monster_object_and_constant(client, tmp_path):
    uri = open_doc(client, tmp_path)
    text = client.request("textDocument/hover", at(uri, 13, 20))["contents"]["value"]
    assert "gnome lord" in text and "monster `G`" in text
    text = client.request("textDocument/hover", at(uri, 14, 18))["contents"]["value"]
    assert "healing" in text and "object `!`" in text
    text = client.request("textDocument/hover", at(uri, 12, 9))["contents"]["value"]
    assert text == "`$count` = `3`"


def test_definition_and_references(client, tmp_path):
    uri = open_doc(client, tmp_path)
    loc = client.request("textDocument/definition", at(uri, 12, 10))
    assert loc["range"]["start"] == {"line": 11, "character": 0}
    loc = client.request("textDocument/definition", at(uri, 12, 2))
    assert loc["range"]["start"] == {"line": 0, "character": 9}
    refs = client.request("textDocument/references",
                          dict(at(uri, 11, 2), context={"includeDeclaration": True}))
    assert sorted(r["range"]["start"]["line"] for r in refs) == [11, 12]


def test_document_symbols(client, tmp_path):
    uri = open_doc(client, tmp_path)
    syms = client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    assert [(s["name"], s["detail"]) for s in syms] == [
        ("guards", "function"), ("yard", "level"), ("MAP", "map")]


def test_preview_action(client, tmp_path):
    uri = open_doc(client, tmp_path)
    actions = client.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0},
                                                "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})
    assert actions[0]["command"]["command"] == "unlev.preview"
    out = client.request("workspace/executeCommand", {"command": "unlev.preview",
                                                      "arguments": [uri]})
    assert out.endswith(".html") and "<title>unlev run yard.des --seed 1</title>" in \
        open(out).read()
