"""The language server reads an edited file level by level (unlev/editor/incremental.py):
what it publishes must be exactly what reading the whole file gives whenever it says
so, and an edit must read again only the LEVEL it is in."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from unlev.editor import analysis as A
from unlev.editor.incremental import LevelPieces
from unlev.editor.lsp import diagnostics_for, quick_diagnostics

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("UNLEV_CORPUS", REPO.parent / "shared" / "corpus"))

HEADER = """# a header
FUNCTION used() {
  MONSTER: 'd', random
}
FUNCTION unused() {
  OBJECT: random, random
}
"""
LEVEL = """LEVEL: "lv{i}"
INIT_MAP: solidfill, ' '
$place = selection: floodfill (1,1)
MONSTER: random, random
{call}
IF [50%] {{
  OBJECT: random, random
}}
"""


def _file(n=4, calls=("used()",), header=HEADER):
    return header + "".join(LEVEL.format(i=i, call=calls[i % len(calls)]) for i in range(n))


def _dump(diags):
    return [(d.range.start.line, d.range.start.character, d.range.end.line,
             d.range.end.character, d.message, d.severity, d.code) for d in diags]


def _same_as_whole(text, path="t.des", pieces=None):
    pieces = pieces or LevelPieces()
    quick, exact = quick_diagnostics(pieces, text, path, A.Settings())
    assert exact, "read level by level"
    assert _dump(quick) == _dump(diagnostics_for(text, path, A.Settings()))
    return quick


def _committed():
    files = sorted((REPO / "samples").glob("*.des"))
    files += sorted((REPO / "tests" / "fuzz_regressions").glob("*.des"))
    files += sorted((REPO / "tests" / "fixtures").rglob("*.des"))
    return files


@pytest.mark.parametrize("path", _committed(), ids=lambda p: p.name)
def test_levels_read_one_by_one_say_what_the_whole_file_says(path):
    text = path.read_text(encoding="latin-1")
    pieces = LevelPieces()
    quick, exact = quick_diagnostics(pieces, text, str(path), A.Settings())
    if exact:
        assert _dump(quick) == _dump(diagnostics_for(text, str(path), A.Settings()))


@pytest.mark.skipif(not (CORPUS / "unnethack").is_dir(), reason="no corpus here")
# the full tier's (--full): a sweep of the corpus (~1.1 s)
@pytest.mark.slow
def test_every_unnethack_corpus_file_read_by_levels_is_the_whole_file():
    exact = 0
    for path in sorted((CORPUS / "unnethack").glob("*.des")):
        text = path.read_text(encoding="latin-1")
        quick, ok = quick_diagnostics(LevelPieces(), text, str(path), A.Settings())
        if ok:
            exact += 1
            assert _dump(quick) == _dump(diagnostics_for(text, str(path), A.Settings())), path
    assert exact >= 20


def test_an_edit_reads_again_only_its_level_and_a_header_edit_all():
    pieces = LevelPieces()
    text = _file(6)
    _same_as_whole(text, pieces=pieces)
    assert pieces.read == 6
    lines = text.split("\n")
    at = lines.index('LEVEL: "lv3"') + 2
    edited = "\n".join(lines[:at] + ["OBJECT: \"boulder\", (2,2)"] + lines[at:])
    quick = _same_as_whole(edited, pieces=pieces)
    assert pieces.read == 1
    # the levels after the edit moved down a line: their findings did too
    flood = {d.range.start.line for d in quick if "floodfill" in d.message}
    moved = edited.split("\n").index('LEVEL: "lv4"') + 2
    assert moved in flood and moved - 1 not in flood and len(flood) == 6
    _same_as_whole(edited, pieces=pieces)
    assert pieces.read == 0
    _same_as_whole("# another comment\n" + edited, pieces=pieces)
    assert pieces.read == 6


def test_a_header_finding_is_kept_only_when_every_level_has_it():
    """lint's unused FUNCTION: ``unused`` is never called; ``used`` is called by one
    level of four, so reading that level alone would call it unused elsewhere."""
    text = _file(4, calls=("used()", "", "", ""))
    quick = _same_as_whole(text)
    unused = [d.message for d in quick if "never called" in d.message]
    assert unused == ["FUNCTION unused is never called [dead]"]


def test_the_whole_file_is_read_where_levels_alone_cannot_tell():
    pieces = LevelPieces()
    late = _file(2) + 'LEVEL: "late"\nFUNCTION f() { MONSTER: random, random }\nf()\n'
    assert pieces.findings(late, "t.des", "auto") == (None, "a FUNCTION inside a level")
    inc = 'INCLUDE "x.des"\n' + _file(2, header="")
    assert pieces.findings(inc, "t.des", "auto") == (None, "an INCLUDE")
    assert pieces.findings("MONSTER: random, random\n", "t.des", "auto")[1] == "no LEVEL line"
    assert pieces.findings(_file(2), "t.des", "nethack36")[1] == "the nethack36 dialect"
    broken = _file(3).replace("MONSTER: random, random", "MONSTER: random,", 1)
    found, why = pieces.findings(broken, "t.des", "auto")
    assert why == "an error" and any(d.severity == "error" for d in found)
    quick, exact = quick_diagnostics(pieces, broken, "t.des", A.Settings())
    assert not exact and quick


def test_levels_each_under_the_token_limit_but_not_together_read_the_whole_file(
        monkeypatch):
    from unlev.editor import incremental
    from unlev.lang.limits import Limits
    text = _file(3)
    found, why = LevelPieces().findings(text, "t.des", "auto")
    assert why == ""
    # a piece (the header and one level) is ~60 tokens, the file 127
    monkeypatch.setattr(incremental, "DEFAULT_LIMITS", Limits.from_text("tokens=100"))
    found, why = LevelPieces().findings(text, "t.des", "auto")
    assert why == "the file's token limit"


def test_the_server_publishes_the_whole_files_diagnostics_in_the_end(tmp_path):
    """Over the pipe: a clean file's diagnostics (read level by level) and, for an
    edit that leaves an error, the last diagnostics published (the whole file's) are
    what reading the whole file gives."""
    import json
    from test_lsp import Client
    c = Client()
    try:
        c.request("initialize", {"processId": os.getpid(), "rootUri": tmp_path.as_uri(),
                                 "capabilities": {}})
        c.notify("initialized", {})
        uri = (tmp_path / "t.des").as_uri()
        path = str(tmp_path / "t.des")
        text = _file(5)
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "des", "version": 1, "text": text}})

        def lsp_json(diags):
            return sorted(json.dumps({"line": d.range.start.line, "col": d.range.start.character,
                                      "message": d.message}) for d in diags)

        def got_json(diags):
            return sorted(json.dumps({"line": d["range"]["start"]["line"],
                                      "col": d["range"]["start"]["character"],
                                      "message": d["message"]}) for d in diags)
        assert got_json(c.diagnostics(uri)) == lsp_json(diagnostics_for(text, path))
        broken = text.replace("MONSTER: random, random", "MONSTER: random,", 1)
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                            "contentChanges": [{"text": broken}]})
        want = lsp_json(diagnostics_for(broken, path))
        seen = []
        while not seen or seen[-1] != want:
            seen.append(got_json(c.diagnostics(uri)))
        assert len(seen) <= 2 and any("error" in m or "syntax" in m for m in seen[-1])
    finally:
        c.close()
