"""The token scan behind the language server: symbols and occurrences on broken text,
completion from the file's dialect."""

from unlev.editor import analysis as A


def test_broken_text_still_has_symbols_and_variables():
    idx = A.index('LEVEL: "a"\n$x = 1\nTERRAIN: ((( $x\nFUNCTION f() {\n}\nf()\n')
    assert [(s.name, s.kind) for s in idx.symbols] == [("a", "level"), ("f", "function")]
    assert [o.defines for o in idx.variables["x"]] == [True, False]
    assert [o.defines for o in idx.functions["f"]] == [True, False]


def test_names_in_strings_comments_and_maps_are_not_names():
    idx = A.index('LEVEL: "a"\n# $ghost = 1\nMESSAGE: "$notavar"\nMAP\n$$$\nENDMAP\n$y = 2\n')
    assert list(idx.variables) == ["y"]


def test_completion_names_follow_the_dialect():
    idx = A.index("")
    unh = {n for n, _k in A.completions(idx, '"', "unnethack")}
    nh36 = {n for n, _k in A.completions(idx, '"', "nethack36")}
    assert '"falling rock"' in unh and '"falling rock"' in nh36
    assert '"None"' not in nh36
    assert unh != nh36                       # each dialect's own monsters and objects
    assert A.dialect_of('MAZE: "x", \' \'\n') == "nethack36"
