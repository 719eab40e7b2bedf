"""Blanks at the end of the input (issue 34, found by robust2's 100,000-input fuzz: the
REPL given endgame.des's rows line by line stopped answering).  The fast lexer's one
pattern skipped blanks with ``(?:[ \\t]+)*``, which a failing match backtracks through
in 2^n ways for n blanks: a file whose last line ends in 30 blanks hung ``unlev check``,
and the REPL's test for an unfinished input hung on such a line.  Each case below took
well over 2 s of CPU before the fix (26 blanks: about 15 s; 30: minutes)."""

import io
import time

import pytest

from unlev.cli import main
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_text
from unlev.lang.session import needs_more

BLANKS = " " * 26


def cpu(fn, *args):
    t0 = time.process_time()
    result = fn(*args)
    return result, time.process_time() - t0


@pytest.mark.parametrize("text", [
    'LEVEL: "x"\n-' + BLANKS,                   # a token, then blanks, then the end
    'LEVEL: "x"\n-' + BLANKS + "\n",
    'LEVEL: "x"\n---------------' + BLANKS + "\n" + BLANKS,
    'LEVEL: "x"\n$a = 1 ' + "\t " * 13 + "@",    # blanks before a character no rule takes
])
def test_a_failing_match_after_blanks_is_not_exponential(text):
    def compile_it():
        try:
            compile_text(text, "x.des")
            return "level"
        except DesError as e:
            return e.diagnostics[0].message
    result, seconds = cpu(compile_it)
    assert "syntax error" in result or "character" in result or result == "level", result
    assert seconds < 2, f"{seconds:.1f} s"


def test_trailing_blanks_on_the_last_line_are_fine(tmp_path, capsys):
    p = tmp_path / "x.des"
    p.write_text('LEVEL: "x"\nINIT_MAP: solidfill, \' \'' + BLANKS)
    code, seconds = cpu(main, ["check", str(p)])
    assert code == 0 and seconds < 2, capsys.readouterr().err


def test_the_repls_unfinished_input_check_is_linear():
    result, seconds = cpu(needs_more, "-" * 15 + " " * 100_000)
    assert result is False and seconds < 2


def test_the_repl_answers_after_a_row_of_dashes_and_blanks():
    from unlev.tools.repl.core import Repl
    out = io.StringIO()
    repl = Repl(out=out)
    t0 = time.process_time()
    repl.feed(" " * 30 + "-" * 15 + BLANKS)
    repl.feed('$x = 5')
    repl.finish_input()
    assert time.process_time() - t0 < 5
    assert "internal error" not in out.getvalue()
