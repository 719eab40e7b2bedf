"""Hints for the typos a new user makes (issue 18, point 5): misspelt keywords and
functions, unquoted map characters, the line where an unterminated string starts, other
dialects' forms -- and a skipped block does not cascade into more errors."""

import pytest

from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_text


def first_error(text, dialect="unnethack"):
    with pytest.raises(DesError) as e:
        compile_text(text, "t.des", dialect=dialect)
    return e.value.diagnostics


@pytest.mark.parametrize("line, where, hint", [
    ("MONSTR: ('d', \"jackal\"), (5,5)", (2, 7), '\'MONSTR\' is not a statement or function; '
                                                'did you mean "MONSTER"?'),
    ("TERRAIN: circel((40,10),5), '.'", (2, 10), 'did you mean "circle"?'),
    ("TERRAIN: (5,5), T", (2, 17), "a map character is quoted: 'T'"),
    ("MONSTER: 'd', \"jackal\", (5,5)", (2, 15), "is NetHack 3.4.3's form; this dialect "
                                                 "writes ('d', \"jackal\")"),
])
def test_hints_for_typos(line, where, hint):
    d = first_error('LEVEL: "a"\n' + line + "\n")[0]
    assert (d.span.line, d.span.col) == where
    assert hint in d.hint


def test_centre_is_corrected_and_the_rooms_block_does_not_cascade():
    diags = first_error('LEVEL: "a"\nROOM: "ordinary", random, random, (centre,center), '
                        '(5,5) {\n  OBJECT: \'!\', random\n}\nMESSAGE: "after"\n')
    assert len(diags) == 1
    assert diags[0].span.line == 2 and 'did you mean "center"?' in diags[0].hint


def test_unterminated_string_is_reported_where_it_starts():
    diags = first_error('LEVEL: "a"\nMESSAGE: "ok"\nMESSAGE: "unclosed\nMESSAGE: "x"\n'
                        'OBJECT: \'!\', random\n')
    d = diags[0]
    assert d.message == "unterminated string" and (d.span.line, d.span.col) == (3, 10)


def test_a_quote_in_a_comment_is_not_a_string():
    diags = first_error('# it\'s "quoted\nLEVEL: "a"\nMONSTR: \'d\', (1,1)\n')
    assert diags[0].message.startswith("syntax error")
