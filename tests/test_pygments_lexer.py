"""The des Pygments lexer (issue 21): every corpus file without an error token, its word
lists the dialects' own, and ``pygmentize -l des`` finding it by the entry point."""

import glob
import shutil
import subprocess
import sys

import pytest
from pygments.lexers import get_lexer_by_name
from pygments.token import Comment, Error, Keyword, Name, String

from unlev.output import pygments_lexer as P


def tokens(text):
    return list(P.DesLexer().get_tokens(text))


def test_every_corpus_file_highlights_without_error_tokens(corpus_root):
    files = sorted(glob.glob(str(corpus_root / "*" / "*.des")))
    assert len(files) >= 80
    for f in files:
        with open(f, encoding="latin-1") as fh:
            errs = [v for t, v in tokens(fh.read()) if t is Error]
        assert not errs, (f, errs[:5])


def test_tokens_mean_what_they_are():
    got = tokens('# note\nLEVEL: "x"\n$a = 3d6\nOBJECT: (\'\\\'\', "boulder"), random\n'
                 'MAP\n.-|\nENDMAP\n')
    kinds = {v: t for t, v in got}
    assert kinds["# note"] is Comment.Single and kinds["LEVEL"] is Keyword
    assert kinds['"x"'] is String.Double and kinds["$a"] is Name.Variable
    assert kinds["random"] is Keyword.Constant and kinds["'\\''"] is String.Char
    assert kinds[".-|\n"] is String.Other and kinds["ENDMAP"] is Keyword


def test_a_character_outside_the_language_is_an_error_token():
    assert any(t is Error for t, _v in tokens('LEVEL: "x"\n@@@\n'))


def test_word_lists_are_the_dialects_own():
    from unlev.lang.dialect import lexicon_of
    from unlev.lang.lexer import CORE_FUNCTIONS
    words = set()
    for d in ("unnethack", "nethack36", "nethack343"):
        words |= set(lexicon_of(d).keywords)
    assert set(P.STATEMENTS) | set(P.OPTIONS) == words
    assert set(P.FUNCTIONS) == set(CORE_FUNCTIONS)


def test_registered_with_pygments():
    assert isinstance(get_lexer_by_name("des"), P.DesLexer)
    # this interpreter's Pygments (python -m pygments is pygmentize), not whichever
    # pygmentize happens to be first on PATH
    out = subprocess.run([sys.executable, "-m", "pygments", "-l", "des", "-f", "html"],
                         input='LEVEL: "x"\n', capture_output=True, text=True,
                         check=True).stdout
    assert '<span class="k">LEVEL</span>' in out


def test_unlev_parse_highlight(capsys):
    from unlev.cli import main
    assert main(["parse", "samples/bigrm.des", "--highlight"]) == 0
    out = capsys.readouterr().out
    assert out.lstrip().startswith("1 # bigrm.des")


def test_error_excerpts_are_highlighted_on_a_terminal(monkeypatch):
    from unlev.lang.diagnostics import DesError
    from unlev.lang.frontend import compile_text
    from unlev.tools import common
    with pytest.raises(DesError) as e:
        compile_text('LEVEL: "x"\nMONSTR: (\'d\', "jackal"), (5,5)\n', "t.des",
                     dialect="unnethack")
    monkeypatch.setattr(common, "colour_stderr", lambda: False)
    plain = common.format_des_error(e.value)
    monkeypatch.setattr(common, "colour_stderr", lambda: True)
    coloured = common.format_des_error(e.value)
    assert "\x1b[" not in plain and "\x1b[" in coloured
    assert coloured.split("\n")[0] == plain.split("\n")[0]           # the head is as is
    import re
    assert re.sub(r"\x1b\[[0-9;]*m", "", coloured) == plain


def test_warnings_are_highlighted_like_errors(monkeypatch, tmp_path, capsys):
    from unlev.cli import main
    from unlev.tools import common
    monkeypatch.setattr(common, "colour_stderr", lambda: True)
    p = tmp_path / "w.des"
    p.write_text('LEVEL: "a"\nINIT_MAP: solidfill, \' \'\nTERRAIN: randline (1,1),(5,5),3, '
                 "'.'\n")
    main(["lint", str(p)])
    err = capsys.readouterr().err
    assert "warning: randline" in err and "\x1b[" in err.split("\n")[1]
