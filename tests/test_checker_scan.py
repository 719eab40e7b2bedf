"""``unlev check`` walks each streamed statement once (``checker.scan_statement``) for
the depth limit and the checker's deviation warnings, where it walked it twice
(``parser.deeper_than``, then ``checker._own_expressions``).  The one walk must find
what the two found: the same nodes, for the same statements, in the same order, and
the same answer at the depth limit."""

from __future__ import annotations

from pathlib import Path

import pytest

from unlev.lang import ast as A
from unlev.lang.checker import _MAY_DEVIATE, _is_statement, _own_expressions, scan_statement
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file
from unlev.lang.parser import deeper_than

REPO = Path(__file__).resolve().parent.parent

# every construct the checker warns about, inside statements inside statements,
# several to a statement, so that an order or an owner mixed up shows
NESTED = """LEVEL: "scan"
INIT_MAP: solidfill, ' '
$a = selection: floodfill (1,1) & circle((5,5), 2, filled)
IF [50%] {
  TERRAIN: line (1,1)-(1,1) & randline (1,1)-(9,9), 3, '.'
  LOOP [2] {
    TERRAIN: ellipse((5,5),2,3,filled) & filter('.', line (2,2)-(2,2)), 'T'
    TERRAIN: circle((9,9),1), '.'
  }
  TERRAIN: floodfill (3,3), 'L'
} ELSE {
  SWITCH [2] {
    CASE 0: TERRAIN: filter(('.', random), circle((4,4),1,unfilled)), '.'
    DEFAULT: TERRAIN: line (1,1)-(3,3), '.'
  }
}
TERRAIN: randline (1,1)-(9,9), 3 & floodfill (1,1), '.'
"""


def _statements(tree):
    """Every statement-like node of a tree, outermost first."""
    out, stack = [], [tree]
    while stack:
        n = stack.pop()
        if _is_statement(n):
            out.append(n)
        stack.extend(A.children(n))
    return out


def _same_as_two_walks(tree, limit=197):
    for level in tree.levels:
        for stmt in level.body.statements:
            scanned = scan_statement(stmt, limit)
            if deeper_than(stmt, limit) is not None:
                assert scanned is None
                continue
            assert scanned is not None
            inner = _statements(stmt)
            assert set(scanned) == {id(s) for s in inner} | {id(stmt)}
            for s in inner:
                want = [n for n in _own_expressions(s) if isinstance(n, _MAY_DEVIATE)]
                assert [id(n) for n in scanned[id(s)]] == [id(n) for n in want], s


def test_nested_deviations_are_found_in_the_checkers_order():
    c = compile_file("scan.des", text=NESTED)
    _same_as_two_walks(c.tree)
    found = [n for s in c.tree.levels[0].body.statements
             for lst in scan_statement(s, 197).values() for n in lst]
    assert len(found) >= 14          # the file's deviating constructs, all found


def test_the_depth_limit_is_where_deeper_than_puts_it():
    deep = "IF [50%] {\n" * 8 + "MONSTER: random, random\n" + "}\n" * 8
    c = compile_file("deep.des", text='LEVEL: "d"\nINIT_MAP: solidfill, \' \'\n' + deep)
    stmt = c.tree.levels[0].body.statements[-1]
    depths = [d for d in range(40) if deeper_than(stmt, d) is None]
    edge = depths[0]                 # the smallest limit the statement is within
    assert edge > 8
    assert scan_statement(stmt, edge) is not None
    assert scan_statement(stmt, edge - 1) is None


def test_streamed_check_reports_each_deviation_where_the_tree_check_does():
    def outcome(stream):
        c = compile_file("scan.des", text=NESTED, stream_levels=stream)
        return [(d.message, d.span) for d in c.warnings]
    streamed = outcome(True)
    assert streamed == outcome(False)
    assert sum(" in the game" in m for m, _s in streamed) == 11     # as counted by hand


def _committed():
    return sorted([*REPO.glob("samples/**/*.des"), *REPO.glob("tests/fixtures/**/*.des")])


@pytest.mark.parametrize("path", _committed(), ids=lambda p: str(p.relative_to(REPO)))
def test_committed_files(path):
    try:
        c = compile_file(str(path))
    except DesError:
        pytest.skip("the file does not compile (a fixture of an error)")
    _same_as_two_walks(c.tree)


def test_corpus_files(compiled_unnethack):
    for _path, compiled in compiled_unnethack:
        _same_as_two_walks(compiled.tree)


# NetHack 3.6 levels are streamed too: lev_comp 3.6 fills a circle or an ellipse that
# names no filling (lowering.filled_circles), and each statement is filled as it is
# streamed, before the checker looks at it
CIRCLES36 = """MAZE: "c36", ' '
GEOMETRY:center,center
MAP
.....
.....
ENDMAP
TERRAIN: circle((2,1), 1), '.'
IF [50%] {
  TERRAIN: ellipse((2,1), 2, 1) & circle((1,1), 1, unfilled), 'T'
}
"""


def _warnings(path, text, stream, dialect):
    try:
        c = compile_file(path, text=text, stream_levels=stream, dialect=dialect)
    except DesError as e:
        return ("error", [(d.message, d.span, d.hint) for d in e.diagnostics])
    return ("ok", [(d.message, d.span, d.hint) for d in c.warnings])


def test_nethack36_circles_are_filled_before_a_streamed_check():
    streamed = _warnings("c36.des", CIRCLES36, True, "nethack36")
    assert streamed == _warnings("c36.des", CIRCLES36, False, "nethack36")
    # the two without a filling are filled (and so warned about), as the third
    assert sum("filling differs" in m for m, _s, _h in streamed[1]) == 3


def test_nethack36_corpus_streamed_is_the_whole_tree_check(corpus_root):
    files = sorted((corpus_root / "nethack36").glob("*.des"))
    assert files
    for path in files:
        text = path.read_text(encoding="latin-1")
        assert _warnings(str(path), text, True, "nethack36") == \
            _warnings(str(path), text, False, "nethack36"), path


def test_nethack36_maze_fill_is_checked_before_the_levels_statements():
    # MAZE: "x", 'T' makes the level's first statement (its fill), which the checker
    # warns about; the statements after it are streamed: the fill's warning stays first,
    # in two levels, and the level without statements keeps its own
    text = ("MAZE: \"one\", 'T'\nTERRAIN: floodfill (1,1), '.'\n"
            "IF [50%] {\n  TERRAIN: circle((2,2), 1), '.'\n}\n"
            "MAZE: \"two\", 'T'\n"
            "MAZE: \"three\", 'L'\nTERRAIN: floodfill (3,3), '.'\n")
    streamed = _warnings("maze.des", text, True, "nethack36")
    assert streamed == _warnings("maze.des", text, False, "nethack36")
    messages = [m for m, _s, _h in streamed[1]]
    fills = [i for i, m in enumerate(messages) if m.startswith("MAZE fill")]
    assert len(fills) == 3 and fills[0] == 0, messages


def _leaves_hold_no_node(tree):
    from unlev.lang.checker import _LEAF, _scan_kind
    leaves = 0
    for n in A.walk(tree):
        if _scan_kind(type(n)) == _LEAF:
            leaves += 1
            assert A.children(n) == [], n
    return leaves


def _leaves_in(paths):
    leaves = 0
    for path in paths:
        try:
            leaves += _leaves_hold_no_node(compile_file(str(path)).tree)
        except DesError:
            continue
    return leaves


def test_a_leaf_by_its_declared_fields_holds_no_node():
    # scan_statement does not walk below a node whose walked fields are all declared
    # plain values (lang/ast_spec.py): no such node may hold one
    leaves = _leaves_hold_no_node(compile_file("scan.des", text=NESTED).tree)
    assert leaves + _leaves_in(_committed()) > 300


def test_a_leaf_holds_no_node_in_the_corpus(compiled_unnethack):
    assert sum(_leaves_hold_no_node(c.tree) for _p, c in compiled_unnethack) > 10000
