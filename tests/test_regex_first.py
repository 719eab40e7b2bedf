"""``lang/regex_first.py``: the characters a pattern's match can begin with, never one
too few (the master lexer would then miss a rule), "any" for what it cannot read."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from unlev.lang.regex_first import ASCII, first_chars

FLAGS = re.VERBOSE | re.MULTILINE


@pytest.mark.parametrize("pattern,want", [
    (r"^MAP\r?\n", "M"),
    (r"\[\ *[0-9]+%\ *\]", "["),
    (r"[,:()\[\]{}=|&.+\-*/%]", "%&()*+,-./:=[]{|}"),
    (r"(a|b)?c", "abc"),
    (r"(?<![$\w])(place|monster)", "mp"),
    (r"\bfoo|bar", "bf"),
    (r"[<>]=?|!=|==", "!<=>"),
    (r"\d+d\d+", "0123456789"),
    (r"(?:x*)*y", "xy"),
    (r"(?=a)ab", "a"),
    (r"a(?i:b)", "a"),
    (r"é|x", "x"),                    # a non-ASCII first character is never listed
    (r"\W", "".join(c for c in ASCII if not (c.isalnum() or c == "_"))),
])
def test_first_characters(pattern, want):
    assert "".join(sorted(first_chars(pattern, FLAGS))) == want


@pytest.mark.parametrize("pattern", [
    r"a*", r"(a|)", r".", r"[^a]", r"(?i)abc", r"(?i:a)b", r"(a)?\1", r"x?", r"(?=a)"])
def test_what_it_cannot_read_or_may_match_nothing_is_any(pattern):
    assert first_chars(pattern, FLAGS) is None
    assert first_chars("abc", FLAGS | re.IGNORECASE) is None


def test_the_lexers_rules_are_read():
    from unlev.lang.lexer import DesLexer
    rules = [n for n in dir(DesLexer) if n.startswith("t_") and callable(getattr(DesLexer, n))
             and getattr(DesLexer, n).__doc__]
    assert len(rules) > 20
    read = {n: first_chars(getattr(DesLexer, n).__doc__, FLAGS) for n in rules}
    assert read["t_STRING"] == {'"'} and read["t_CHAR"] == {"'"}
    assert sum(v is not None for v in read.values()) > len(rules) // 2


ATOMS = ["a", "b", "ab", "[ab]", "[a-c]", r"\d", r"\w", r"\s", "x?", "(a|bc)", "(?:a|)",
         "b*", "c+", "(?=a)", r"(?<!b)", "^", r"\b", "é", "[^a]", ".", "(?:ab)?", "[-_]",
         r"\$", "%", "(?i:a)"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=4),
       st.lists(st.sampled_from(list("abcx1_- $%é\n")), min_size=1, max_size=6))
def test_no_match_begins_with_a_character_left_out(parts, text):
    pattern = "".join(parts) if len(parts) < 3 else "|".join(parts[:2]) + "".join(parts[2:])
    first = first_chars(pattern, 0)
    rx = re.compile(pattern)
    s = "".join(text)
    for pos in range(len(s) + 1):
        m = rx.match(s, pos)
        if m is None:
            continue
        if m.end() == pos:              # an empty match: only "any" allows it
            assert first is None, (pattern, s, pos)
        elif first is not None and s[pos] in ASCII:
            assert s[pos] in first, (pattern, s, pos)
