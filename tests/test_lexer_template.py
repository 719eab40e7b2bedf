"""The des-file lexer's PLY template (lang/lexer.py ``build_template``) is built without
PLY's validation of the rules, to spare every run that parses 2-3 ms: here PLY validates
the same rules (no error, no warning) and the two builds are the same lexer."""

from __future__ import annotations

import pytest
from ply import lex

from unlev.lang import lexer as L
from unlev.lang.lexer import DesLexer, build_template


class _Recording:
    def __init__(self):
        self.lines = []

    def _record(self, kind, msg, *args):
        self.lines.append(f"{kind}: {msg % args if args else msg}")

    def error(self, msg, *args, **kwargs):
        self._record("error", msg, *args)

    def warning(self, msg, *args, **kwargs):
        self._record("warning", msg, *args)

    def info(self, msg, *args, **kwargs):
        pass

    debug = critical = info


def _tables(t):
    return (t.lexstateinfo, t.lexstateretext, t.lexstaterenames, t.lexstateignore,
            {s: f and f.__name__ for s, f in t.lexstateerrorf.items()},
            {s: f and f.__name__ for s, f in t.lexstateeoff.items()},
            t.lextokens, t.lexliterals, t.lexreflags,
            {s: [(cre.pattern, [f and (f[0] and f[0].__name__, f[1]) for f in findex])
                 for cre, findex in groups] for s, groups in t.lexstatere.items()})


def test_ply_validates_the_rules_without_a_word():
    log = _Recording()
    build_template(errorlog=log)
    assert log.lines == []


def test_the_unvalidated_build_is_the_validated_one():
    assert _tables(build_template()) == _tables(build_template(errorlog=_Recording()))
    assert build_template().lexoptimize is False


def test_a_broken_rule_fails_plys_validation(monkeypatch):
    """The validation the test above relies on does catch a bad rule."""
    def t_BROKEN(self, t):
        r"(unclosed"
        return t
    monkeypatch.setattr(DesLexer, "t_BROKEN", t_BROKEN, raising=False)
    log = _Recording()
    with pytest.raises(SyntaxError):
        build_template(errorlog=log)
    assert any("t_BROKEN" in line for line in log.lines), log.lines


def test_a_rule_returning_an_unknown_type_is_still_reported():
    lx = L.DesLexer("a.des")
    lx.lexer = build_template().clone(lx)      # PLY's own loop, as 3.4.3's files use
    lx.input("x")
    lx.lexer.lexstatere = {s: [(cre, [(lambda t: _with_type(t, "NO_SUCH"), "X")
                                      if f and f[0] else f for f in findex])
                               for cre, findex in groups]
                           for s, groups in lx.lexer.lexstatere.items()}
    lx.lexer.lexre = lx.lexer.lexstatere["INITIAL"]
    with pytest.raises(lex.LexError, match="unknown token type 'NO_SUCH'"):
        lx.lexer.token()


def _with_type(t, type_):
    t.type = type_
    return t
