"""The unit rules folded before PLY builds the tables (``lang/grammar_inline.py``):
fewer reductions, the same language, trees and diagnostics, no LR conflict."""

import glob
import os
import random

import pytest
from ply import yacc

from unlev.lang import ast as A
from unlev.lang import parser as P
from unlev.lang.diagnostics import DesError
from unlev.lang.dialect import DIALECTS, grammar_of, parsing_grammar
from unlev.lang.frontend import compile_text
from unlev.lang.grammar_compose import parse_doc
from unlev.lang.grammar_inline import FOLDS, fold_units

HERE = os.path.dirname(__file__)
ROOT = os.path.dirname(HERE)


def _rules(ns):
    out = set()
    for name, f in vars(ns).items():
        if name.startswith("p_") and name != "p_error" and callable(f):
            for lhs, alts in parse_doc(f.__doc__ or ""):
                out.update((lhs, a) for a in alts)
    return out


class _Log(yacc.PlyLogger):
    def __init__(self):
        self.lines = []

    def warning(self, msg, *args, **kwargs):
        self.lines.append(msg % args)

    error = critical = warning

    def info(self, msg, *args, **kwargs):
        if "conflict" in msg:
            self.lines.append(msg % args)

    debug = info


def _build(ns, log=None):
    log = log or _Log()
    parser = yacc.yacc(module=ns, start="file", debug=log is not None, debuglog=log,
                       write_tables=False, errorlog=log)
    return parser, [ln for ln in log.lines if "conflict" in ln]


def test_the_hot_unit_rules_are_folded_in_the_unnethack_grammar():
    written, folded = _rules(grammar_of("unnethack")), _rules(parsing_grammar("unnethack"))
    for pair in (("coord_or_var", "encodecoord"), ("levstatement", "monster_detail"),
                 ("monster_or_var", "encodemonster"), ("object_or_var", "encodeobj")):
        assert pair in written and pair not in folded
    # the inner's alternatives now stand under the outer, with the inner's action
    assert ("coord_or_var", "'(' INTEGER ',' INTEGER ')'") in folded
    assert ("levstatement", "MONSTER_ID ':' monster_or_var ',' coord_or_var stmt_block") in folded
    # an inner another rule still names keeps its rules; one nothing names goes
    assert ("encodecoord", "RANDOM_TYPE") in folded          # encodecoord_list
    assert not any(lhs == "monster_detail" for lhs, _a in folded)
    # every other rule is kept as written
    removed = {(o, i) for o, i in FOLDS}
    assert {r for r in written if r[0] not in {i for _o, i in FOLDS}} - removed <= folded


def test_a_dialects_own_action_is_never_folded():
    # 3.5.2's object_detail asks p.slice[0] which rule it serves: left as written
    written = _rules(grammar_of("unnethack352"))
    assert ("levstatement", "object_detail") in written
    assert ("levstatement", "object_detail") in _rules(parsing_grammar("unnethack352"))


def test_a_fold_the_grammar_lacks_is_skipped_and_the_namespace_left_alone():
    g = grammar_of("nethack343")
    assert fold_units(g, (("no_such_rule", "encodecoord"),)) is g


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_folded_grammar_has_no_lr_conflict(dialect):
    _parser, written = _build(grammar_of(dialect))
    _parser, folded = _build(parsing_grammar(dialect))
    assert folded == written == []


def _committed_files():
    files = sorted(glob.glob(os.path.join(ROOT, "samples", "**", "*.des"), recursive=True))
    files += sorted(glob.glob(os.path.join(HERE, "fixtures", "**", "*.des"), recursive=True))
    files += sorted(glob.glob(os.path.join(HERE, "fuzz_regressions", "*.des")))
    return files


def _outcome(text, path, dialect="auto"):
    """The tree (spans included) and every diagnostic of a file."""
    try:
        compiled = compile_text(text, path, dialect=dialect)
    except DesError as e:
        return "error", [_said(d) for d in e.diagnostics]
    return (compiled.dialect, A.dump(compiled.tree, with_spans=True),
            [_said(d) for d in compiled.warnings])


def _said(d):
    return (d.format(), d.span.length if hasattr(d.span, "length") else None, d.hint)


# the full tier's (--full): every corpus file through both grammars (~1.7 s); the
# quick tier keeps the folded grammar's conflict checks
@pytest.mark.slow
def test_the_folded_tables_give_the_trees_and_diagnostics_of_the_written_grammar(monkeypatch):
    """Each committed des-file (samples, fixtures, the fuzz findings: syntax errors and
    their recovery among them) parsed with the shipped (folded) tables and with tables
    built from the grammar as written: the same trees, spans and diagnostics."""
    files = _committed_files()
    assert len(files) > 35
    texts = []
    rnd = random.Random(29)
    for path in files:
        with open(path, encoding="latin-1") as fh:
            text = fh.read()
        texts.append((path, text, "auto"))
        # read as every dialect: most are syntax errors there, each grammar's
        texts.extend((path, text, d) for d in DIALECTS)
        # and mutants with a syntax error: a separator dropped or doubled, a word
        # cut, so the errors, their hints and the recovery after them are compared
        seps = [i for i, c in enumerate(text) if c in ",:()[]{}'\""]
        for k in range(4 if seps else 0):
            i = rnd.choice(seps)
            cut = text[:i] + (text[i] * 2 if k % 2 else "") + text[i + 1:]
            texts.append((f"{path}~{k}", cut, "auto"))
    folded = [_outcome(t, p, d) for p, t, d in texts]
    unfolded = {d: _build(grammar_of(d))[0] for d in DIALECTS}
    for d, parser in unfolded.items():
        monkeypatch.setitem(P._PARSERS, d, parser)
    written = [_outcome(t, p, d) for p, t, d in texts]
    assert sum(r[0] == "error" for r in written) > 200     # errors are compared too
    for (path, _t, d), a, b in zip(texts, folded, written):
        assert a == b, (path, d)


DUPLICATES = """LEVEL: "dup"
OBJECT: ('(', "chest"), (1,1), (2,2)
OBJECT: ('(', "chest"), (1,1), cursed, random
CONTAINER: ('(', "chest"), random, (3,3) {
  OBJECT: (')', "dagger"), name:"a", name:"b"
}
MONSTER: ('k', "kobold"), (4,4), peaceful, hostile
MONSTER: ('k', "kobold"), (4,4), asleep {
}
OBJECT: ('(', "chest") (1,1)
"""


def test_monster_and_object_written_out_keep_their_diagnostics():
    """MONSTER and OBJECT read their description and infos in the statement rule, and
    OBJECT its position as an info of its own: a field given twice is reported where
    the grammar of lev_comp's shape reported it (a position: at the token read after
    it, as before), a missing position and a syntax error too."""
    with pytest.raises(DesError) as e:
        compile_text(DUPLICATES, "dup.des", dialect="unnethack")
    got = [(d.span.line, d.span.col, d.span.length, d.message) for d in e.value.diagnostics]
    twice = "OBJECT extra info defined twice."
    assert got == [(3, 1, 6, twice), (4, 1, 9, twice), (4, 42, 1, twice),
                   (5, 38, 4, twice), (7, 44, 7, "MONSTER extra info defined twice."),
                   (10, 1, 6, "Object needs a coord when not contained."),
                   (10, 24, 1, 'syntax error at "("')]


def test_monster_and_object_trees():
    tree = compile_text('LEVEL: "t"\nMONSTER: (\'k\', "kobold"), (4,4), peaceful {\n'
                        '  OBJECT: (\'(\', "chest")\n}\nMONSTER: \'k\', random\n'
                        'CONTAINER: \'(\', (1,2), cursed {\n}\nOBJECT: \'(\', random\n',
                        "t.des", dialect="unnethack").tree
    m1, m2, c, o = tree.levels[0].body.statements
    assert isinstance(m1, A.Monster) and m1.attrs and m1.inventory is not None
    assert isinstance(m2, A.Monster) and m2.attrs == {} and m2.inventory is None
    assert c.container and isinstance(c.coord, A.CoordLit) and "curse" in c.attrs
    assert c.contents is not None and not o.container and o.contents is None


def test_the_partial_statement_reduced_by_the_error_recovery_keeps_its_infos():
    """On a syntax error PLY pops its stack to a state that reduces on the ``error``
    token: a MONSTER or OBJECT broken in a later info is reduced with the infos read
    so far (the OBJECT keeps its position, so no "needs a coord" error follows). A
    grammar whose info list cannot end there (the last info written in the statement
    rule, tried and reverted) popped further and reduced an OBJECT without infos."""
    text = ('LEVEL: "rec"\n'
            'OBJECT: (\'*\', "luckstone"), (63,04), blessed, 0, name "Heart"\n'
            'MONSTER: (\'k\', "kobold"), (4,4), peaceful, name "x"\n'
            "OBJECT: '(', (1,1)\n")
    with pytest.raises(DesError) as e:
        compile_text(text, "rec.des", dialect="unnethack")
    got = [(d.span.line, d.span.col, d.message) for d in e.value.diagnostics]
    assert got == [(2, 55, 'syntax error at ""Heart""'), (3, 44, 'syntax error at "name"')]
