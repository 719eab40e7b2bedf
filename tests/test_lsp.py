"""The language server driven as an editor drives it: LSP messages over a pipe to
``unlev lsp`` (issue 21): open, change, diagnostics, completion, hover, definition,
references, symbols, the preview action."""

import json
import os
import subprocess
import sys
import time
import urllib.request

import pytest

# The tests marked slow are the full tier's (--full): each starts a fresh unlev lsp
# (~0.35 s of start-up); the quick tier keeps the round trips of diagnostics, completion,
# hover, definition and references, and the preview.

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
    def __init__(self, *options, workspace=False):
        # the tests of opened documents leave the workspace's other files alone
        # (test_lsp_workspace.py tests them): no publishing of a file before it is opened
        if not workspace:
            options = ("--open-files-only", *options)
        self.p = subprocess.Popen([sys.executable, "-m", "unlev.cli", "lsp", *options],
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
            self.p.wait()
            for pipe in (self.p.stdin, self.p.stdout, self.p.stderr):
                if pipe is not None:
                    pipe.close()


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


@pytest.mark.slow
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
    assert 'gnome king' in labels


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


@pytest.mark.slow
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
    url = client.request("workspace/executeCommand", {"command": "unlev.preview",
                                                      "arguments": [uri]})
    assert url.startswith("http://127.0.0.1:") and "?file=" in url
    base, query = url.split("?", 1)
    page = urllib.request.urlopen(base, timeout=30).read().decode()
    assert '<script type="application/json" id="unlev-boot">' in page

    def answer():
        with urllib.request.urlopen(base + "api/state?" + query + "&seed=1", timeout=60) as r:
            return json.loads(r.read())
    first = answer()
    assert first["error"] is None and first["levels"] == ["yard"]
    # an unsaved edit: the page's next answer is the buffer's, not the file's
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": TEXT.replace(
                                                 'LEVEL: "yard"', 'LEVEL: "unsaved"')}]})
    for _ in range(100):
        if answer()["levels"] == ["unsaved"]:
            break
        time.sleep(0.05)
    assert answer()["levels"] == ["unsaved"]
    assert 'LEVEL: "yard"' in (tmp_path / "yard.des").read_text()     # the disk is unchanged


# ------------------------------------------------- a variant's data (issue 15)
TOY = os.path.join(os.path.dirname(__file__), "fixtures", "variant-src")
TOY_LEVEL = """MAZE: "embers", ' '
FLAGS: noteleport, smoky
GEOMETRY: center, center
MAP
.e.
ENDMAP
EMBER: (0,0)
MONSTER: (':', "ember newt"), (1,0)
"""


def _toy_profile(where):
    from unlev.tools.data.command import import_profile
    assert import_profile(os.path.join(TOY, "toyhack"), "toyhack", where,
                          base_src=[os.path.join(TOY, "base")], say=lambda m: None) == 0
    return where


def _started(*options, root):
    c = Client(*options)
    c.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(),
                             "capabilities": {}})
    c.notify("initialized", {})
    return c


@pytest.mark.slow
def test_the_server_reads_the_projects_unlev_toml(tmp_path):
    _toy_profile(tmp_path / "profiles" / "toyhack")
    project = tmp_path / "project"
    project.mkdir()
    (project / "unlev.toml").write_text(f'data = "{tmp_path / "profiles" / "toyhack"}"\n')
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    c = _started(root=tmp_path)
    try:
        uri = open_doc(c, project, TOY_LEVEL)
        assert c.diagnostics(uri) == []
        labels = [i["label"] for i in c.request("textDocument/completion",
                                                at(uri, 7, 21))["items"]]
        assert 'ember newt' in labels      # a MONSTER statement: the profile's monsters
        details = {i["detail"] for i in c.request("textDocument/completion",
                                                  at(uri, 7, 21))["items"]}
        assert details == {"monster"}
        text = c.request("textDocument/hover", at(uri, 6, 2))["contents"]["value"]
        assert text.startswith("`EMBER`: a statement the toyhack data declares")
        # the same text outside the project: the variant's words are errors
        other = open_doc(c, elsewhere, TOY_LEVEL)
        diags = c.diagnostics(other)
        assert diags and diags[0]["severity"] == 1
    finally:
        c.close()


@pytest.mark.slow
def test_the_servers_data_option_and_a_bad_config(tmp_path):
    prof = _toy_profile(tmp_path / "toyhack")
    c = _started("--data", str(prof), root=tmp_path)
    try:
        uri = open_doc(c, tmp_path, TOY_LEVEL)
        assert c.diagnostics(uri) == []
    finally:
        c.close()
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "unlev.toml").write_text('datta = "x"\n')
    c = _started(root=tmp_path)
    try:
        uri = open_doc(c, bad, TOY_LEVEL)
        diags = c.diagnostics(uri)
        assert [(d["code"], d["range"]["start"]["line"]) for d in diags] == [("config", 0)]
        assert "unknown setting 'datta'" in diags[0]["message"]
    finally:
        c.close()


# ------------------------------------------------- a session as editors send it (issue 32)
# the client capabilities Neovim 0.9's built-in client and VS Code announce for
# completion (abridged): snippets, insert/replace edits, label details
EDITOR_CAPABILITIES = {
    "textDocument": {
        "completion": {"completionItem": {"snippetSupport": True, "insertReplaceSupport": True,
                                          "labelDetailsSupport": True,
                                          "resolveSupport": {"properties": ["documentation"]}},
                       "contextSupport": True},
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "definition": {"linkSupport": True},
        "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": [
            "", "quickfix", "refactor", "source"]}}},
        "publishDiagnostics": {"relatedInformation": True},
    },
    "window": {"showDocument": {"support": True}},
}

TWO_LEVELS = """LEVEL: "first"
$monster = "soldier"
MONSTER: ('@', $monster), random
LEVEL: "second"
ROOM: "ordinary", random, random, random, random {
  $monster = "watchman"
  MONSTER: ('@', $monster), random
  MONSTER: "sol
}
"""


@pytest.fixture
def editor(tmp_path):
    c = Client()
    c.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(),
                             "capabilities": EDITOR_CAPABILITIES,
                             "clientInfo": {"name": "Neovim", "version": "0.9.5"}})
    c.notify("initialized", {})
    yield c
    c.close()


def _apply(line, edit):
    a, b = edit["range"]["start"]["character"], edit["range"]["end"]["character"]
    return line[:a] + edit["newText"] + line[b:]


@pytest.mark.slow
def test_completing_sol_gives_soldier_with_an_edit(editor, tmp_path):
    uri = open_doc(editor, tmp_path, TWO_LEVELS)
    line = TWO_LEVELS.split("\n")[7]
    got = editor.request("textDocument/completion", at(uri, 7, len(line)))
    assert got["isIncomplete"] is False
    items = {i["label"]: i for i in got["items"]}
    assert "soldier" in items and not any(lb.startswith('"') for lb in items)
    item = items["soldier"]
    assert item["filterText"] == "soldier"
    assert _apply(line, item["textEdit"]) == '  MONSTER: "soldier"'
    # monsters only (a MONSTER statement), each once
    assert all(i["detail"] == "monster" for i in got["items"])
    labels = [i["label"] for i in got["items"]]
    assert len(labels) == len(set(labels))


@pytest.mark.slow
def test_every_name_is_reachable_and_each_once(editor, tmp_path):
    from unlev.stdlib import data
    text = 'LEVEL: "x"\nMONSTER: "\nOBJECT: "\nTRAP: "\n'
    uri = open_doc(editor, tmp_path, text)
    monsters = editor.request("textDocument/completion", at(uri, 1, 10))["items"]
    assert {i["label"] for i in monsters} == {m.name for m in data.monsters()}
    objects = [i["label"] for i in editor.request("textDocument/completion",
                                                  at(uri, 2, 9))["items"]]
    assert len(objects) == len(set(objects)) and "kraken" not in objects
    assert "land mine" in objects and "wishing" in objects
    traps = editor.request("textDocument/completion", at(uri, 3, 7))["items"]
    assert "land mine" in {i["label"] for i in traps}


@pytest.mark.slow
def test_hover_real_speed_keywords_and_flags(editor, tmp_path):
    uri = open_doc(editor, tmp_path, TWO_LEVELS + 'FLAGS: noteleport\n')
    text = editor.request("textDocument/hover", at(uri, 1, 14))["contents"]["value"]
    assert "soldier" in text and "speed 10" in text and "?" not in text
    text = editor.request("textDocument/hover", at(uri, 2, 3))["contents"]["value"]
    assert text.startswith("**MONSTER** (statement)")
    text = editor.request("textDocument/hover", at(uri, 9, 10))["contents"]["value"]
    assert text.startswith("**noteleport** (FLAGS value)")


@pytest.mark.slow
def test_definition_lands_in_the_cursors_level(editor, tmp_path):
    uri = open_doc(editor, tmp_path, TWO_LEVELS)
    loc = editor.request("textDocument/definition", at(uri, 6, 18))
    assert loc["range"]["start"]["line"] == 5
    loc = editor.request("textDocument/definition", at(uri, 2, 16))
    assert loc["range"]["start"]["line"] == 1


@pytest.mark.slow
def test_preview_runs_the_unsaved_buffer_with_its_seed(editor, tmp_path):
    uri = open_doc(editor, tmp_path)
    actions = editor.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0},
                                                "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})
    assert actions[0]["kind"] == "source.unlev.preview"
    edited = TEXT + 'ENGRAVING: (3,1), burn, "not saved yet"\n'
    editor.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"text": edited}]})
    out = editor.request("workspace/executeCommand", {"command": "unlev.preview",
                                                      "arguments": [uri, 7]})
    # the page of unlev serve on the buffer: its level state is the unsaved text's
    import json
    import urllib.parse
    import urllib.request
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(out).query))
    assert query["seed"] == "7"
    api = out.split("?")[0] + "api/state?" + urllib.parse.urlencode(query)
    with urllib.request.urlopen(api, timeout=30) as r:
        state = json.loads(r.read().decode("utf-8"))
    assert "not saved yet" in json.dumps(state)
    assert "not saved yet" not in (tmp_path / "yard.des").read_text()


@pytest.mark.slow
def test_an_error_underlines_the_whole_token(editor, tmp_path):
    uri = open_doc(editor, tmp_path, TEXT.replace('"gnome lord"', '"gnome lordd"'))
    (d,) = [d for d in editor.diagnostics(uri) if d["severity"] == 1]
    r = d["range"]
    line = TEXT.replace('"gnome lord"', '"gnome lordd"').split("\n")[r["start"]["line"]]
    assert line[r["start"]["character"]:r["end"]["character"]] == '(\'G\', "gnome lordd")'


@pytest.mark.slow
def test_exit_leaves_at_once_with_the_protocols_code(tmp_path):
    """After ``exit`` the process goes without the interpreter's teardown (collecting
    the tables' objects took 1-3 s, and clients waiting for it gave up), with the code
    the protocol asks: 0 after ``shutdown``, 1 without."""
    for shut, code in ((True, 0), (False, 1)):
        c = _started(root=tmp_path)
        uri = open_doc(c, tmp_path)
        assert c.diagnostics(uri) == []
        if shut:
            c.request("shutdown", None)
        start = time.time()
        c.notify("exit", None)
        assert c.p.wait(timeout=20) == code
        assert time.time() - start < 5
