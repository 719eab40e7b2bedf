"""``--dialect auto``'s one-pass scan (``lang/dialect.py`` ``_Scan``) finds what
searching every marker on its own finds, and searches each marker at most once."""

from __future__ import annotations

import re

import pytest

from unlev.lang import dialect as D

from conftest import REPO, _corpus_root


def _all_markers():
    out = {}
    for name in dir(D):
        v = getattr(D, name)
        items = v if isinstance(v, list) else [v]
        for item in items:
            rx = item[0] if isinstance(item, tuple) and item else item
            if isinstance(rx, (re.Pattern, D._Lazy)):
                out[(rx.pattern, rx.flags)] = rx
    return list(out.values())


def _files():
    files = [*REPO.glob("samples/**/*.des"), *REPO.glob("tests/fixtures/**/*.des"),
             *REPO.glob("tests/fuzz_regressions/*")]
    root = _corpus_root()
    if root is not None:
        files += sorted(root.glob("*/*.des"))
    return files


def test_every_needle_list_belongs_to_a_marker():
    patterns = {rx.pattern for rx in _all_markers()}
    assert set(D._NEEDLES) <= patterns
    # every marker has its words (the comment and MAP patterns are no markers)
    assert patterns - set(D._NEEDLES) == {D._COMMENT.pattern, D._MAP_ROWS.pattern}


def test_a_small_file_compiles_no_pattern_it_does_not_need(monkeypatch):
    lazy = [rx for rx in _all_markers() if isinstance(rx, D._Lazy)]
    assert len(lazy) >= 30
    for rx in lazy:
        monkeypatch.setattr(rx, "_rx", None)       # as in a fresh process
    assert D.detect('LEVEL:"tiny"\nMESSAGE:"hi"\n').dialect == "unnethack"
    assert [rx.pattern for rx in lazy if rx._rx is not None] == []
    text = 'LEVEL:"x"\nMONSTER:(\'a\',"b"),(1,1)\n'
    assert D.detect(text).dialect == "unnethack"
    compiled = {rx.pattern for rx in lazy if rx._rx is not None}
    assert compiled and compiled <= {p for p, words in D._NEEDLES.items()
                                     if any(w in text for w in words)}


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_the_scan_finds_what_each_search_finds(path):
    body = D._strip_comments(path.read_text(encoding="latin-1"))
    scan = D._Scan(body)
    for rx in _all_markers():
        want = rx.search(body)
        got = scan.search(rx)
        assert (got and got.span()) == (want and want.span()), rx.pattern


def test_a_body_without_the_words_is_not_searched():
    class Counting:
        pattern = r"\bcontained\b"
        flags = 0
        calls = 0

        def search(self, body):
            Counting.calls += 1
            return None

        def match(self, body, pos=0):     # the prefilter's check of a place it found
            Counting.calls += 1
            return None
    scan = D._Scan("LEVEL: \"x\"\n")
    assert scan.search(Counting()) is None and Counting.calls == 0
    scan = D._Scan("OBJECT: '(', \"bag\", contained\n")
    scan.search(Counting())
    scan.search(Counting())
    assert Counting.calls == 1           # searched once, then remembered


def test_each_marker_is_searched_at_most_once_per_file(monkeypatch):
    calls = []
    real = D._Scan.search

    def counting(self, rx):
        if (rx.pattern, rx.flags) not in self._hits:
            calls.append((rx.pattern, rx.flags))
        return real(self, rx)
    monkeypatch.setattr(D._Scan, "search", counting)
    # a 3.4.3 file: 3.4.3's markers are asked for by 3.5.1's, 3.5.2's and 3.4.3's tests
    d = D.detect('MAZE: "x", \' \'\nOBJECT: \'(\', "bag", place[0]\nNAME: "x"\n')
    assert d.dialect == "nethack343"
    assert len(calls) == len(set(calls))


def test_the_first_of_a_class_at_equal_positions_is_the_one_listed_first():
    body = "\nMONSTER[50%]: ('a', \"x\"), (1,1)\n"
    # both the 3.4.3 chance marker and the 3.5 one match at line 2: 3.5's list has one
    assert D._Scan(body).first(D._MARKERS_35).startswith("MONSTER[N%]: with a lev_comp 3.5")
    got = D._Scan(body).first(D._MARKERS_343)
    assert got == "MONSTER[N%]: chance before the colon at line 2"


@pytest.mark.parametrize("body", [
    "contained", "xcontained contained", "_contained\ncontained", "containedx contained",
    "$monster[1] monster [2]", "amonster[1]\nplace[3]", "object[", "\tMAZE : 'x'",
    "MAZE:", "  MAZE:\n", "x MAZE:\nMAZE:", "MAZEMAZE:\n\nMAZE:", "level.x hero.y",
    "line (1,1),(2,2), line (1,1)-(2,2)", "noflip\nnoflipx", "",
])
def test_the_prefilter_finds_the_markers_own_first_match(body):
    for rx in _all_markers():
        want = rx.search(body)
        got = D._search(rx, body)
        assert (got and (got.span(), got.groups())) == (want and (want.span(), want.groups())), \
            (rx.pattern, body)


def test_a_marker_with_an_alternative_at_the_top_is_searched_whole():
    assert D._top_level_alternation(r"^a|^b")
    assert not D._top_level_alternation(r"^(a|b)[|]\|")
    assert D._prefilter(re.compile(r"^[ \t]*(IF)\b|^[ \t]*(ENDIF)\b", re.M)) is None


# The body as the markers saw it before the comment and MAP patterns were led by a
# newline: comment lines (from a line start) and MAP rows cut with ``^`` patterns.
_OLD_COMMENT = re.compile(r"^[ \t]*#[^\n]*", re.M)
_OLD_MAP_ROWS = re.compile(r"^MAP([ \t]*\r?\n(?:(?!MAP|ENDMAP)[^\n]*\n)*?)(?=ENDMAP)", re.M)


def _old_strip(text):
    body = _OLD_COMMENT.sub("", text)
    return _OLD_MAP_ROWS.sub(lambda m: "MAP" + "\n" * m.group(1).count("\n"), body)


_EDGES = ["", "#", "# only a comment", "  \t# first line\nLEVEL:\"x\"\n", "#a\n#b\n\n#c",
          "MAP\n..\nENDMAP\n", "x\nMAP\r\n#.#\n|.|\nENDMAP\nMAP\n..\nENDMAP",
          "MAP\n..\n", "MAPX\n..\nENDMAP", "a MAP\n..\nENDMAP\n", "MAP\nMAP\n..\nENDMAP\n",
          "ROOM: \"x\" # not a comment line\n  # one\nMAP \n#\nENDMAP # c\n#\n",
          "\n\n#\n\nMAP\n\nENDMAP\n\n", "MAP\n..\nENDMAPMAP\n..\nENDMAP"]


@pytest.mark.parametrize("text", _EDGES + [None], ids=lambda t: repr(t)[:30])
def test_the_body_is_the_one_the_line_start_patterns_made(text):
    texts = [text] if text is not None else [p.read_text(encoding="latin-1")
                                             for p in _files()]
    for t in texts:
        assert D._strip_comments(t) == _old_strip(t)


def test_the_scan_remembers_which_words_the_body_holds():
    body = D._strip_comments((REPO / "samples").glob("*.des").__next__()
                             .read_text(encoding="latin-1"))
    scan = D._Scan(body)
    words = {w for ws in D._NEEDLES.values() for w in ws}
    assert {w: scan.holds(w) for w in words} == {w: w in body for w in words}
    assert scan._words == {w: w in body for w in words}
