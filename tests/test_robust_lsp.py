"""The language server on malformed input (issue 34): every bad frame, body or position
gets the protocol's error (with the request's id when it has one) and the server keeps
answering; it reads no path it was never sent; the preview writes safely, in time."""

import json
import os
import sys

import pytest

pytest.importorskip("pygls")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))

import lsp_fuzz  # noqa: E402
from lsp_fuzz import URI, TEXT, Server, frame  # noqa: E402

from unlev.editor import frames as F  # noqa: E402

from tiers import quick_subset  # noqa: E402


def started():
    s = Server()
    s.send(frame(json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize",
                             "params": {"capabilities": {}}}).encode()))
    assert s.wait_for("init")
    s.send(frame(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": URI, "languageId": "des", "version": 1, "text": TEXT}}}
    ).encode()))
    return s


def hover(s, msg_id, uri=URI, line=2, character=18):
    s.send(frame(json.dumps({"jsonrpc": "2.0", "id": msg_id, "method": "textDocument/hover",
                             "params": {"textDocument": {"uri": uri},
                                        "position": {"line": line, "character": character}}}
                            ).encode()))
    return s.wait_for(msg_id)


def finish(s):
    s.p.stdin.close()
    s.p.wait(30)
    assert b"Traceback" not in s.stderr and b"MemoryError" not in s.stderr


# a fresh server each (~0.35 s): the quick tier (the default run) sends a JSON null, a
# deep nesting and a cut body, the full tier (--full) every body
@pytest.mark.parametrize("body", quick_subset(
    [b"null", b"[]", b"1", b"\xff\xfe\x80", b"[" * 100000,
     b'{"jsonrpc": "2.0", "id": 1, "meth', b"{" * 5000], {0, 4, 5}))
def test_a_bad_body_is_answered_and_the_server_still_answers(body):
    s = started()
    s.send(frame(body))
    got = hover(s, "after")
    assert got and "result" in got and "gnome lord" in json.dumps(got["result"])
    finish(s)


def test_a_huge_content_length_is_an_error_not_a_memory_error():
    s = started()
    s.send(b"Content-Length: 1000000000000\r\n\r\n{}")
    s.p.stdin.close()
    s.p.wait(30)
    assert s.count >= 1 and b"Traceback" not in s.stderr and b"MemoryError" not in s.stderr


def test_an_oversized_body_is_skipped_and_the_server_still_answers(monkeypatch):
    s = started()
    s.send(frame(b"x" * (F.MAX_BODY + 10)))
    got = hover(s, "after")
    assert got and "result" in got
    finish(s)


# the quick tier sends a negative line and a string character, the full tier each
@pytest.mark.parametrize("line, character", quick_subset(
    [(-1, 0), (2 ** 31, 0), (None, 0), (0, "3"), (0, 1.5), (True, 0)], {0, 3}, several=True))
def test_a_position_out_of_range_gets_invalid_params_with_the_id(line, character):
    s = started()
    got = hover(s, 77, line=line, character=character)
    assert got["id"] == 77 and got["error"]["code"] == -32602
    assert "result" in hover(s, "after")
    finish(s)


def test_a_document_never_sent_is_not_read_from_disk(tmp_path):
    secret = tmp_path / "secret.des"
    secret.write_text('LEVEL: "x"\nMONSTER: (\'G\', "gnome king"), (1,1)\n')
    s = started()
    got = hover(s, 5, uri="file://" + str(secret), line=1, character=20)
    assert got["id"] == 5 and "gnome king" not in json.dumps(got)
    s.send(frame(json.dumps({"jsonrpc": "2.0", "id": 6, "method": "textDocument/documentSymbol",
                             "params": {"textDocument": {"uri": "file://" + str(secret)}}}
                            ).encode()))
    assert s.wait_for(6)["result"] == []
    finish(s)


def test_the_preview_refuses_a_document_never_opened(tmp_path):
    s = started()
    s.send(frame(json.dumps({"jsonrpc": "2.0", "id": 9, "method": "workspace/executeCommand",
                             "params": {"command": "unlev.preview",
                                        "arguments": ["file:///etc/passwd"]}}).encode()))
    assert s.wait_for(9).get("result") is None
    finish(s)


def test_the_preview_writes_in_a_folder_of_its_own(tmp_path):
    import tempfile
    des = tmp_path / "yard.des"
    des.write_text(TEXT)
    uri = "file://" + str(des)
    planted = os.path.join(tempfile.gettempdir(), "unlev-preview-yard.html")
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    made = False
    if not os.path.lexists(planted):
        os.symlink(victim, planted)
        made = True
    try:
        s = started()
        s.send(frame(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                                 "params": {"textDocument": {"uri": uri, "languageId": "des",
                                                             "version": 1, "text": TEXT}}}
                                ).encode()))
        s.send(frame(json.dumps({"jsonrpc": "2.0", "id": 10,
                                 "method": "workspace/executeCommand",
                                 "params": {"command": "unlev.preview", "arguments": [uri]}}
                                ).encode()))
        out = s.wait_for(10, 120)["result"]
        # the preview is unlev serve's page on the buffer, at a loopback address: no
        # file is written anywhere, so a symlink planted at the old /tmp name is inert
        assert out.startswith("http://127.0.0.1:") and "yard.des" in out
        assert victim.read_text() == "keep me"
        finish(s)
    finally:
        if made:
            os.unlink(planted)


# the full tier's (--full): a fuzz
@pytest.mark.slow
def test_a_protocol_fuzz_leaves_the_server_answering():
    r = lsp_fuzz.run(2000, seed=34)
    assert r["answered_at_the_end"] and r["alive"] and not r["traceback"], \
        r["first_traceback"]
    assert r["errors_with_id"] > 100


def test_the_gate_checks_bodies_without_recursion():
    assert F.check(b"[" * 200000)[0] == "error"
    assert F.check(b'{"jsonrpc": "2.0", "method": "x", "params": {"position": null}}')[0] \
        == "drop"
    kind, resp = F.check(b'{"jsonrpc": "2.0", "id": "a", "method": "x", '
                         b'"params": {"position": {"line": -1, "character": 0}}}')
    assert kind == "error" and resp["id"] == "a" and resp["error"]["code"] == -32602
    assert F.check(b'{"jsonrpc": "2.0", "id": 1, "method": "x"}')[0] == "frame"


# -- a short frame: the client announced more than it sent ---------------------------
def _msg(i):
    return json.dumps({"jsonrpc": "2.0", "id": i, "method": "shutdown"}).encode()


def _frames(data):
    import io
    return list(F.read_frames(io.BytesIO(data)))


def test_the_gate_resynchronises_after_a_short_frame():
    short = b"Content-Length: 200\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 1, "me'
    got = _frames(short + frame(_msg(2)) + frame(_msg(3)))
    assert [k for k, _ in got] == ["error", "frame", "frame"], got
    assert got[0][1]["error"]["code"] == F.PARSE_ERROR
    assert json.loads(got[1][1].split(b"\r\n\r\n", 1)[1])["id"] == 2
    assert json.loads(got[2][1].split(b"\r\n\r\n", 1)[1])["id"] == 3


def test_a_lying_huge_length_skips_only_to_the_next_header():
    got = _frames(b"Content-Length: 1000000000000\r\n\r\n{}" + frame(_msg(5)))
    assert [k for k, _ in got] == ["error", "frame"], got
    assert json.loads(got[1][1].split(b"\r\n\r\n", 1)[1])["id"] == 5


def test_a_header_split_by_a_short_frame_loses_at_most_one_frame():
    # the short body ends inside the next frame's header: that frame is lost, the one
    # after it is read again
    nxt = frame(_msg(6))
    short = b"Content-Length: 40\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 1, "m'
    data = short + nxt[:40 - 31] + nxt[40 - 31:] + frame(_msg(7))
    got = _frames(data)
    ids = [json.loads(v.split(b"\r\n\r\n", 1)[1])["id"] for k, v in got if k == "frame"]
    assert ids[-1] == 7 and all(k in ("error", "frame") for k, _ in got)


def test_a_json_body_holding_a_header_like_string_is_not_cut():
    text = "Content-Length: 12\r\n\r\n{}"                 # escaped in JSON: not a header
    body = json.dumps({"jsonrpc": "2.0", "id": 8, "method": "x", "params": {"t": text}})
    got = _frames(frame(body.encode()))
    assert [k for k, _ in got] == ["frame"]


def test_the_server_answers_after_a_lying_huge_length():
    s = started()
    s.send(b"Content-Length: 1000000000000\r\n\r\n{}")
    got = hover(s, "after")
    assert got and "result" in got
    finish(s)


def test_the_server_answers_after_a_short_frame():
    s = started()
    s.send(b"Content-Length: 500\r\n\r\n" + b'{"jsonrpc": "2.0", "id": 1, "method": "te')
    got = hover(s, "after")
    assert got and "result" in got and "gnome lord" in json.dumps(got["result"])
    finish(s)
