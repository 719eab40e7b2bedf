"""The master-pattern lexer (``lang/fastlex.py``) gives the parser PLY's tokens.

Each file is compiled twice, once with PLY's own lexer loop (``DesLexer.engine =
"ply"``) and once with the master-pattern driver, and everything the parser pulled
(type, value, line, position and text of every token, in order) is compared, with the
outcome: the tree with its spans, or every diagnostic. The variables' types come from
the parser as it goes, so the comparison runs through the real parser, not a token
dump. The dialects the driver serves (UnNetHack's and UnNetHack 3.5's, strict and
lenient: a profile's words through the lexicon; NetHack 3.6's and UnNetHack 3.5.2's
inclusive states), on the committed files, every fuzz regression, the corpus and the
UnNetHack releases when they are there.
"""

from __future__ import annotations

import pytest

from unlev.lang import ast as A
from unlev.lang import parser as P
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file
from unlev.lang.lexer import DesLexer

from conftest import REPO, _corpus_root, unnethack_release

COMMITTED = sorted(
    [*REPO.glob("samples/**/*.des"), *REPO.glob("tests/fixtures/**/*.des"),
     *REPO.glob("tests/fuzz_regressions/*")])


def _tok(t):
    return (t.type, repr(t.value), t.lineno, t.lexpos, repr(getattr(t, "text", None)))


def _run(monkeypatch, engine, path, dialect, lenient):
    seen = []
    real_input = P._PushbackLexer.input

    def recording_input(self, text):
        # what PLY will call for each token: the master lexer's generator, set by
        # input(), or the class's token method
        real_input(self, text)
        token = self.token

        def recording():
            tok = token()
            seen.append(None if tok is None else _tok(tok))
            return tok
        self.token = recording
    with monkeypatch.context() as mp:
        mp.setattr(DesLexer, "engine", engine)
        mp.setattr(P._PushbackLexer, "input", recording_input)
        try:
            c = compile_file(str(path), dialect=dialect, lenient=lenient)
            out = A.dump(c.tree, with_spans=True) + "\n".join(map(str, c.warnings))
        except DesError as e:
            out = "\n".join(str(d) for d in (e.diagnostics or [e]))
    return seen, out


def _same(monkeypatch, path, dialect="unnethack", lenient=False):
    ply = _run(monkeypatch, "ply", path, dialect, lenient)
    fast = _run(monkeypatch, "master", path, dialect, lenient)
    for i, (a, b) in enumerate(zip(ply[0], fast[0])):
        assert a == b, f"{path} ({dialect}): token {i} differs: PLY {a}, master {b}"
    assert len(ply[0]) == len(fast[0]), f"{path}: token count differs"
    assert ply[1] == fast[1], f"{path}: the outcome differs"
    return len(ply[0])


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: str(p.relative_to(REPO)))
def test_committed_files_and_fuzz_regressions(monkeypatch, path):
    for dialect in ("unnethack", "unnethack35"):
        for lenient in (False, True):
            _same(monkeypatch, path, dialect, lenient)
    for dialect in ("nethack36", "unnethack352"):     # the inclusive states it serves
        _same(monkeypatch, path, dialect)


@pytest.mark.parametrize("dialect,driver", [
    ("unnethack", "MasterLexer"), ("unnethack35", "MasterLexer"),
    ("nethack36", "MasterLexer"), ("unnethack352", "MasterLexer"),
    ("nethack343", "Lexer"), ("unnethack351", "Lexer")])
def test_which_states_the_driver_serves(dialect, driver):
    # 3.4.3's and 3.5.1's states have their own indentation and comment rules
    from unlev.lang.dialect import lexicon_of
    lx = DesLexer("<t>", None, lexicon_of(dialect))
    assert type(lx.lexer).__name__ == driver


def test_an_inclusive_state_tries_its_own_rules_first(monkeypatch):
    # 3.6's word rule takes "5-3" and "lit2" whole; UnNetHack 3.5.2 reads "randomly"
    # as the keyword "random" then 'l', 'y'; both back to their state after a MAP
    from unlev.lang.dialect import lexicon_of
    text = 'MAP\n..\nENDMAP\n  # note\nx 5-3 lit2 randomly 50% $v [7%] 3d4\n'
    for dialect in ("nethack36", "unnethack352"):
        seen = {}
        for engine in ("ply", "master"):
            monkeypatch.setattr(DesLexer, "engine", engine)
            lx = DesLexer("<t>", None, lexicon_of(dialect))
            lx.input(text)
            seen[engine] = [(t.type, repr(t.value), t.lineno, t.lexpos) for t in lx]
        assert seen["master"] == seen["ply"], dialect
        assert seen["ply"][0][0] == "MAP_ID" and len(seen["ply"]) > 8


@pytest.mark.parametrize("text", [
    # numbers, long numbers, numbers and keywords glued to '[' or '%', dice, signs
    'x 12 0012 12345678901234567890 7[ lit% random[ random 50% 3d4 -5 5-3\n',
    # a MAP with blanks after the word (3.6's MAP rule wants none), then a good one
    'MAP  \n..\nENDMAP\nMAP\n.|.\nENDMAP\nx 3\n',
    # a MAP row with a character no MAP holds: the rules report it
    'MAP\n.Q.\nENDMAP\n',
])
def test_the_inlined_words_and_maps_of_36_are_the_rules(monkeypatch, text):
    # 3.6's keywords, numbers and MAP blocks are made in the driver's loop: the same
    # tokens (or the same error) as its rules make them
    from unlev.lang.dialect import lexicon_of
    seen = {}
    for engine in ("ply", "master"):
        monkeypatch.setattr(DesLexer, "engine", engine)
        lx = DesLexer("<t>", None, lexicon_of("nethack36"))
        lx.input(text)
        try:
            seen[engine] = [(t.type, repr(t.value), t.lineno, t.lexpos,
                             repr(getattr(t, "text", None))) for t in lx]
        except DesError as e:
            seen[engine] = str(e)
    assert seen["master"] == seen["ply"]
    assert seen["ply"]


def test_the_committed_files_are_lexed_at_all(monkeypatch):
    # (a file refused before lexing, e.g. one over a size limit, pulls no token)
    assert sum(_same(monkeypatch, p) > 0 for p in COMMITTED) > len(COMMITTED) * 3 // 4


def test_the_master_driver_is_the_one_in_use():
    lx = DesLexer("<t>")
    assert type(lx.lexer).__name__ == "MasterLexer"
    lx.input("LEVEL:\"x\"\nMAP\n..\nENDMAP\n")
    kinds = [t.type for t in lx]
    assert kinds == ["LEVEL_ID", ":", "STRING", "MAP_ID"]


def test_a_map_row_with_a_foreign_character_is_reported_where_it_is(monkeypatch):
    text = 'LEVEL:"x"\nMAP\n..\n.Q.\nENDMAP\n'
    for engine in ("ply", "master"):
        monkeypatch.setattr(DesLexer, "engine", engine)
        with pytest.raises(DesError) as err:
            list(iter(_lexed(text)))
        assert (err.value.span.line, err.value.span.col) == (4, 2), engine


def _lexed(text):
    lx = DesLexer("<t>")
    lx.input(text)
    return lx


# the full tier's (--full): every corpus file with both lexers; the quick tier keeps
# the committed files and the fuzz regressions
@pytest.mark.slow
def test_corpus(monkeypatch):
    root = _corpus_root()
    if root is None:
        pytest.skip("no des-file corpus")
    files = sorted(root.glob("*/*.des"))
    assert files
    total = sum(_same(monkeypatch, f) for f in files)
    assert total > 100_000
    for f in sorted(root.glob("nethack36/*.des")):      # in their own dialect's state
        _same(monkeypatch, f, "nethack36")


# the full tier's (--full): every file of the releases with both lexers
@pytest.mark.slow
def test_unnethack_releases(monkeypatch, tmp_path):
    done = 0
    for tag in ("3.5.1-20090526", "3.5.2-20091204", "3.5.3-20100904", "5.1.0-20131208"):
        into = tmp_path / tag
        into.mkdir()
        for f in unnethack_release(tag, into):
            _same(monkeypatch, f, "unnethack35" if tag.startswith("3.5.3") else "unnethack")
            done += 1
    if not done:
        pytest.skip("no UnNetHack mirror")


def test_the_lexer_answers_as_plys_after_a_rule_raised():
    # a caller that catches a lexical error and asks again gets what PLY's own loop
    # gives (the same error again, at the same place), not the end of the master
    # lexer's generator (StopIteration)
    def outcomes(engine):
        lx = DesLexer.__new__(DesLexer)
        lx.engine = engine
        lx.__init__("<t>")
        lx.input('MESSAGE: "a"\n\x01\nMESSAGE: "b"\n')
        out = []
        for _ in range(6):
            try:
                tok = lx.token()
                out.append(None if tok is None else tok.type)
            except DesError as e:
                out.append(str(e))
        return out
    master = outcomes("master")
    assert master == outcomes("ply")
    assert master[:3] == ["MESSAGE_ID", ":", "STRING"] and "error" in master[3]


@pytest.mark.parametrize("dialect", ["unnethack", "nethack36", "unnethack352"])
@pytest.mark.parametrize("text", [
    # comments at a line start, after blanks, '#' mid-line; CRLF; a lone CR; tabs
    '# c\n  # d\n\tLEVEL:"x" # not a comment\r\nMESSAGE:"a"\r\n\r\n',
    # every kind of token after every kind of skip, and none: glued punctuation
    'x:(1,2),[50%]{$v=3d4}-5+6<=7>8!=9==0 "s",\'c\',\'\\\'\' 2.5|a&b*c/d%e\n',
    # a character no rule begins with (non-ASCII, control), then more tokens
    'x "é" é x\n', 'x \x01 y\n', 'x\r y\n', '\n\n   \t\nx\n',
    # a comment as the last line with no newline, blanks at the end
    'x\n# end', 'x   ', 'MAP\n..\nENDMAP\n#\nMAP\n..\nENDMAP',
])
def test_the_first_character_dispatch_finds_the_masters_tokens(monkeypatch, dialect, text):
    # the driver tries the rules that can begin with the token's first character
    # (lang/regex_first.py), the skip matched first: the same tokens (or error) as
    # PLY's loop
    from unlev.lang.dialect import lexicon_of
    seen = {}
    for engine in ("ply", "master"):
        monkeypatch.setattr(DesLexer, "engine", engine)
        lx = DesLexer("<t>", None, lexicon_of(dialect))
        lx.input(text)
        out = []
        try:
            for t in lx:
                out.append((t.type, repr(t.value), t.lineno, t.lexpos))
        except DesError as e:
            out.append(str(e))
        seen[engine] = out
    assert seen["master"] == seen["ply"]
    assert seen["ply"]


def test_the_dispatch_serves_the_states_it_can_read():
    from unlev.lang import fastlex, lexer
    template = lexer._template_lexer()
    for state in ("INITIAL", "nh36", "unh352"):
        skip, takers, only_literal = fastlex.dispatch_patterns(template, DesLexer, state)
        assert "," in only_literal and "[" not in only_literal     # '[' begins [50%] too
        assert takers.get("é") is None and takers.get(" ") is None
        assert "t_STRING" in takers.get('"').groupindex
        assert skip.match("  # c\n\n  x").end() == 9
