"""``unlev serve`` under malformed requests (issue 34): every request line, method,
header, path and query string gets an HTTP reply with a status line (or, for bytes that
are no request, a closed connection), never an internal error or a traceback, and the
server answers an ordinary request afterwards.  tools/serve_fuzz.py is the fuzz; this
runs a few hundred of its requests."""

import os
import socket
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))

import serve_fuzz  # noqa: E402

SAMPLE = os.path.join(os.path.dirname(__file__), "..", "samples", "bigrm.des")

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_INET"), reason="needs sockets")


# the full tier's (--full): a fuzz
@pytest.mark.slow
def test_a_serve_fuzz_finds_nothing_and_the_server_still_answers():
    got = serve_fuzz.run(400, 3434, SAMPLE, slow=30.0, timeout=60.0, out=lambda *_: None)
    assert got["findings_list"] == []
    assert got["answers_at_the_end"] and not got["traceback"]
    assert got["answered"] > 300


@pytest.mark.parametrize("request_line", [b"GET /\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
                                          b"\xb2\x87\xd2\x9bM\xec\r\n\r\n", b"GET\r\n\r\n"])
def test_every_reply_starts_with_a_status_line(request_line):
    """A request line without a version was answered as HTTP/0.9: the body alone, no
    status line, which no HTTP/1 client can read as an error."""
    server = serve_fuzz.Server(SAMPLE)
    try:
        reply, _ = serve_fuzz.ask(server.port, request_line, 30)
        assert reply.startswith(b"HTTP/1."), reply[:80]
    finally:
        server.stop()
