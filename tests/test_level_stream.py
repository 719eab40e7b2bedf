"""``unlev check`` checks each LEVEL as it is parsed and keeps only its outline
(lang/level_stream.py): the diagnostics must be exactly those of checking the finished
tree, in the same order, and the streamed levels' statements must really be let go."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from unlev.cli import main
from unlev.lang import ast as A
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file

REPO = Path(__file__).resolve().parent.parent

HEADER = """FUNCTION helper() {
  MONSTER: 'd', random
}
"""
LEVEL = """LEVEL: "lv{i}"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
------
|....|
------
ENDMAP
$place = selection: floodfill (1,1)
MONSTER: random, random
helper()
IF [50%] {{
  OBJECT: random, random
}}
"""


def _outcome(path, text, stream, **kw):
    """(ok?, every diagnostic with its place and code, in order, the levels' names)."""
    try:
        c = compile_file(path, text=text, stream_levels=stream, **kw)
    except DesError as e:
        return ("error", [(d.severity, d.message, d.span, d.hint, d.code)
                          for d in e.diagnostics], None)
    return ("ok", [(d.severity, d.message, d.span, d.hint, d.code) for d in c.warnings],
            [(lv.name, lv.span, lv.flags) for lv in c.tree.levels])


def _both(path, text, **kw):
    """The streamed check's outcome, having asserted it is the whole tree check's: the
    same diagnostics in the same order; of the levels, the streamed tree keeps only
    those not streamed whole, which are the last of the file's (the streaming stops at
    the first error and never starts again)."""
    streamed = _outcome(path, text, True, **kw)
    whole = _outcome(path, text, False, **kw)
    assert streamed[:2] == whole[:2]
    if whole[2] is not None:
        kept = streamed[2]
        assert kept == (whole[2][len(whole[2]) - len(kept):] if kept else [])
    return streamed


def _many(n=5, header=HEADER, broken=None, line=None):
    text = header + "".join(LEVEL.format(i=i) for i in range(n))
    if broken is not None:
        lines = text.split("\n")
        lines.insert(line, broken)
        text = "\n".join(lines)
    return text


def _committed():
    files = sorted((REPO / "samples").glob("*.des"))
    files += sorted((REPO / "tests" / "fuzz_regressions").glob("*.des"))
    return files


@pytest.mark.parametrize("path", _committed(), ids=lambda p: p.name)
def test_streamed_check_says_what_the_whole_tree_check_says(path):
    text = path.read_text(encoding="latin-1")
    for cw in (True, False):
        _both(str(path), text, compat_warnings=cw)


@pytest.mark.parametrize("broken, line", [
    (None, None),
    ('LEVEL: 5', 40),                 # a LEVEL line PLY's recovery pops back through
    ('LEVEL: "a.b"', 40),             # an error reported by a level's own header
    ('MONSTER: (', 44),               # a syntax error inside a later level
    ('BREAK', 30),                    # a checker error in a later level
    ('}', 3),                         # in the header
    ('nosuch()', 50),                 # a function the header does not define
])
def test_streamed_check_with_errors_anywhere_is_the_whole_tree_check(broken, line):
    text = _many(broken=broken, line=line)
    for cw in (True, False):
        streamed = _both("many.des", text, compat_warnings=cw)
    if broken is None:
        assert streamed[0] == "ok" and streamed[2] == []     # all 5 taken whole
        # the floodfill deviation of every level, after the parser's own findings
        assert sum(d[4] == "game-deviation" for d in streamed[1]) == 0  # cw=False last
    else:
        assert streamed[0] == "error"


@pytest.mark.parametrize("where", ["level", "header"])
def test_a_level_past_the_depth_limit_is_reported_as_without_streaming(where):
    from unlev.lang.limits import Limits
    from unlev.lang.settings import Settings
    settings = Settings.from_options("unnethack", None, False,
                                     limits=Limits.from_text("depth=12"))
    deep = "IF [50%] {\n" * 8 + "MONSTER: random, random\n" + "}\n" * 8
    if where == "level":
        text = _many(3) + 'LEVEL: "deep"\nINIT_MAP: solidfill, \' \'\n' + deep + \
            _many(2, "")
    else:
        text = _many(3, HEADER + "FUNCTION deep() {\n" + deep + "}\n")
    streamed = _both("deep.des", text, settings=settings)
    assert streamed[0] == "error" and any("nested more than" in d[1] for d in streamed[1])
    assert _outcome("deep.des", _many(3), True, settings=settings)[0] == "ok"


def test_streamed_levels_are_let_go_whole(own_heap):
    def monsters(name):
        """The MONSTER statements alive that were read from the file ``name``."""
        gc.collect()
        return sum(type(o) is A.Monster and o.span.file == name for o in gc.get_objects())
    text = _many(40)
    whole = compile_file("whole.des", text=text)
    streamed = compile_file("streamed.des", text=text, stream_levels=True)
    assert monsters("whole.des") == 41           # the header's FUNCTION's and 40 levels'
    assert monsters("streamed.des") == 1         # the header's: the levels' are gone
    assert len(whole.tree.levels) == 40 and all(lv.body.statements
                                                for lv in whole.tree.levels)
    assert streamed.tree.levels == []            # nor is their outline kept
    assert [str(w).replace("streamed.des", "whole.des") for w in streamed.warnings] == \
        [str(w) for w in whole.warnings]


def test_a_long_level_is_checked_statement_by_statement(monkeypatch):
    """One LEVEL of many statements: each of its own statements is checked as PLY
    reduces it and is not kept, so neither PLY's stack nor the level's list grows with
    the level (a right-recursive statement list held them all on the stack)."""
    from unlev.lang import grammar
    seen = []
    real = grammar._streamed_statement

    def spy(p, body, statement):
        taken = real(p, body, statement)
        seen.append((len(p.stack), len(body), taken))
        return taken
    monkeypatch.setattr(grammar, "_streamed_statement", spy)
    body = "".join(f"OBJECT: \"boulder\", ({i % 70 + 1},{i % 19 + 1})\n" for i in range(2000))
    text = HEADER + 'LEVEL: "long"\nINIT_MAP: solidfill, \' \'\n' + body + "helper()\n" + \
        "IF [50%] {\n  OBJECT: random, random\n  OBJECT: random, random\n}\n"
    streamed = _outcome("long.des", text, True)
    # INIT_MAP, the 2,000 OBJECTs, the call and the IF; not the statements in blocks
    assert sum(taken for _s, _b, taken in seen) == 2003 and len(seen) == 2006
    assert max(depth for depth, _b, taken in seen if taken) <= 8
    assert max(kept for _d, kept, taken in seen if taken) == 0
    assert _both("long.des", text) == streamed
    assert streamed[0] == "ok"


@pytest.mark.parametrize("broken, line", [
    ('OBJECT: "boulder"', 9),         # a syntax error after statements were streamed
    ('}', 9),                         # a brace the level cannot shift
    ('BREAK', 9),                     # a checker error among streamed statements
    ('OBJECT: "no such object", (1,1)', 9),   # an error the parser reports
    ('FUNCTION late() { MONSTER: random, random }', 9),   # a function defined late
])
def test_a_level_whose_streaming_stops_halfway_is_checked_as_a_whole(broken, line):
    """An error in the middle of a level stops the streaming there: what was streamed
    keeps its findings, the rest of the level is checked with the finished tree."""
    text = _many(3, broken=broken, line=line + 15)
    for cw in (True, False):
        _both("half.des", text, compat_warnings=cw)


def test_nothing_is_streamed_where_a_rewrite_follows_the_parse(tmp_path):
    """An INCLUDE in the header, --lenient (an extension set) and NetHack 3.6 (its
    filled circles) keep the whole tree."""
    inc = tmp_path / "funcs.des"
    inc.write_text(HEADER)
    main_file = tmp_path / "main.des"
    main_file.write_text('INCLUDE "funcs.des"\n' + _many(2, ""))
    c = compile_file(str(main_file), stream_levels=True)
    assert all(lv.body.statements for lv in c.tree.levels)
    c = compile_file("m.des", text=_many(2), stream_levels=True, lenient=True)
    assert all(lv.body.statements for lv in c.tree.levels)
    c = compile_file("m.des", text='MAZE: "x", \' \'\nNOMAP\nMONSTER: random, random\n',
                     dialect="nethack36", stream_levels=True)
    assert all(lv.body.statements for lv in c.tree.levels)


def test_unlev_check_output_is_the_same_as_the_whole_tree_check(tmp_path, capsys,
                                                                monkeypatch):
    path = tmp_path / "many.des"
    path.write_text(_many(6, broken='MONSTER: "no such monster", random', line=60))
    args = ["check", "--no-cache", "--select", "game-deviation", str(path)]
    code = main(args)
    streamed = capsys.readouterr()
    from unlev.lang import frontend
    real = frontend.compile_file

    def whole(*a, **k):
        k["stream_levels"] = False
        return real(*a, **k)
    monkeypatch.setattr(frontend, "compile_file", whole)
    assert main(args) == code == 1
    assert capsys.readouterr() == streamed
    assert "no such monster" in streamed.err


SMALL = {"unnethack": 'LEVEL: "l{i}"\nINIT_MAP: mines, \'.\', \' \', true, true, random, '
                      'true\nMONSTER: random, random\nOBJECT: random, random\n',
         "nethack36": 'MAZE: "m{i}", \' \'\nNOMAP\nMONSTER: random, random\n',
         # checked a whole LEVEL at a time (no statement streaming in these grammars)
         "nethack343": 'MAZE: "m{i}", \' \'\nGEOMETRY:center,center\nMAP\n...\n...\nENDMAP\n'
                       'MONSTER: \'d\', random, random\n',
         "unnethack352": 'LEVEL: "l{i}"\nROOM: "ordinary", lit, (3,3), (center,center), (5,5)\n'
                         '{{\nMONSTER: \'d\', random, random\n}}\n'}


@pytest.mark.parametrize("dialect", sorted(SMALL))
def test_what_a_check_keeps_does_not_grow_with_the_number_of_levels(dialect, own_heap):
    """A file of N small LEVELs and one of 4N: the streamed check's peak (the text is
    the caller's and not counted) and the AST and stream objects it leaves alive with
    its result are the same.  A right-recursive level list held every LEVEL on PLY's
    stack till the file's end, and the stream kept an outline and a group of each
    (~2 KB a LEVEL: 1 MB more for 500 more LEVELs); NetHack 3.4.3's and UnNetHack
    3.5.2's kept the whole tree."""
    import tracemalloc

    def ours():
        return sum(1 for o in gc.get_objects()
                   if type(o).__module__.startswith(("unlev.lang.ast",
                                                     "unlev.lang.level_stream")))

    def measure(n):
        text = "".join(SMALL[dialect].format(i=i) for i in range(n))
        gc.collect()
        before = ours()
        tracemalloc.start()
        try:
            c = compile_file(f"m{n}.des", text=text, stream_levels=True, dialect=dialect)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        gc.collect()
        assert not c.warnings
        return peak, ours() - before, len(c.tree.levels)

    measure(10)                          # the tables and the data, loaded once
    peak, kept, levels = measure(500)
    peak4, kept4, levels4 = measure(2000)
    assert kept4 == kept
    assert peak4 < peak * 1.25 + 16384, (peak, peak4)
    assert levels == levels4 == 0        # all taken whole: no outline kept either


@pytest.mark.parametrize("dialect", ["nethack343", "unnethack352"])
@pytest.mark.parametrize("broken", [None, 'MAZE: 5', 'LEVEL: "a.b"', 'MONSTER: (', '}',
                                    'MONSTER: \'d\', "no such monster", random', 'ENDMAP'])
@pytest.mark.parametrize("line", [0, 1, 9, 18, 30])
def test_a_level_checked_whole_says_what_the_tree_check_says(dialect, broken, line):
    """The grammars without statement streaming hand each LEVEL to the check whole as
    it joins the level list: with an error in the first, a middle or the last LEVEL
    (or none), the diagnostics are the whole tree check's, in the same order."""
    lines = "".join(SMALL[dialect].format(i=i) for i in range(5)).split("\n")
    if broken is not None:
        lines.insert(line, broken)
    streamed = _both(f"{dialect}.des", "\n".join(lines), dialect=dialect)
    if broken is None:
        assert streamed[0] == "ok" and streamed[2] == []


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("dialect, text", [
    ("unnethack", 'LEVEL: "a"\nLEVEL: "b"\n'),                     # LEVELs without statements
    ("nethack36", 'MAZE: "a", random\nMAZE: "b", \' \'\n'),        # only their MAZE: fill
    ("nethack36", 'MAZE: "a", random\nNOMAP\nMONSTER: random, random\n'),
    ("nethack343", 'MAZE: "a", \' \'\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n'),
    ("unnethack", 'LEVEL: "a"\nIF [50%] {\n  MONSTER: random, random\n}\n'),
])
def test_a_tiny_depth_limit_is_reported_as_without_streaming(depth, dialect, text):
    """A LEVEL taken whole leaves the tree, so the parser's depth check no longer sees
    its block or its MAZE: fill: under a limit those already pass, the stream does not
    take it (a limit below 3 streams nothing; a prelude is measured as a statement)."""
    from unlev.lang.limits import Limits
    from unlev.lang.settings import Settings
    settings = Settings.from_options(dialect, None, False,
                                     limits=Limits.from_text(f"depth={depth}"))
    _both("tiny.des", text * 2, settings=settings)
