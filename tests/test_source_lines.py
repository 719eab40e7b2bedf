"""``SourceCache`` keeps a file's text and finds its lines in it (``SourceLines``):
they must be exactly ``str.splitlines()``'s, every line end Python knows included, and
the text must be the parser's own, not a copy."""

from __future__ import annotations

import random

import pytest

from unlev.lang import diagnostics
from unlev.lang.diagnostics import SourceCache, SourceLines

ENDS = ["\n", "\r", "\r\n", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028",
        "\u2029"]


def _texts():
    yield from ["", "a", "\n", "\n\n", "a\n", "a\nb", "\r\n", "\r\r\n", "\n\r", "a\r\nb\r\n"]
    rng = random.Random(29)
    pieces = ENDS + ["ab", " ", "\t", "é", "MONSTER: random, random"]
    for _ in range(3000):
        yield "".join(rng.choice(pieces) for _ in range(rng.randrange(12)))


@pytest.mark.parametrize("chunk", [1, 3, None])
def test_the_lines_are_splitlines_lines(chunk, monkeypatch):
    """Also with the text seen a few characters at a time: every chunk boundary falls
    after a newline, and an '\\r' before one ('\\r\\n') stays one line end."""
    if chunk is not None:
        monkeypatch.setattr(diagnostics, "_CHUNK", chunk)
    for text in _texts():
        want = text.splitlines()
        lines = SourceLines(text)
        assert len(lines) == len(want), repr(text)
        assert list(lines) == want, repr(text)
        assert lines == want and lines[:] == want and lines[1:-1] == want[1:-1]
        for i in range(-len(want), len(want)):
            assert lines[i] == want[i], (repr(text), i)


def test_a_line_past_the_end_is_none_as_before():
    cache = SourceCache()
    text = "LEVEL: \"x\"\r\nMONSTER: random, random\n"
    cache.add("f.des", text)
    assert cache.texts["f.des"].text is text
    assert [cache.line("f.des", n) for n in range(4)] == \
        [None, 'LEVEL: "x"', "MONSTER: random, random", None]
    try:
        cache.texts["f.des"][2]
    except IndexError:
        pass
    else:
        raise AssertionError("a line past the end was given")
    assert "\n".join(cache.texts["f.des"]) == "\n".join(text.splitlines())
