"""``unlev check --fix`` (issue 32): a misspelt name whose error suggests exactly one
known name is rewritten in place; nothing else is touched."""

from __future__ import annotations

from unlev.cli import main
from unlev.lang.diagnostics import Diagnostic, Span
from unlev.tools.fixes import apply_fixes, name_fixes

BAD = ('# caf\xe9 level\nLEVEL:"t"\nMONSTER:(\'@\',"soldeir"),(1,1)\n'
       'OBJECT:"chset",(2,2)\nMONSTER:"gnome lrd",(3,3)\n')


def test_fix_rewrites_the_misspelt_names_and_nothing_else(tmp_path, capsys):
    path = tmp_path / "bad.des"
    path.write_bytes(BAD.encode("latin-1"))
    assert main(["check", str(path), "--no-cache"]) == 1
    capsys.readouterr()
    assert main(["check", str(path), "--no-cache", "--fix"]) == 0
    out, err = capsys.readouterr()
    assert f"{path}: fixed 3 misspelt names" in err and out == "1 passed, 0 failed\n"
    want = BAD.replace("soldeir", "soldier").replace("chset", "chest") \
        .replace("gnome lrd", "gnome lord")
    assert path.read_bytes() == want.encode("latin-1")      # the comment's byte kept


def test_a_name_without_one_suggestion_is_left(tmp_path, capsys):
    path = tmp_path / "far.des"
    text = 'LEVEL:"t"\nMONSTER:"qqqqqqqqqqqqqq",(1,1)\n'
    path.write_text(text)
    assert main(["check", str(path), "--no-cache", "--fix"]) == 1
    assert path.read_text() == text
    assert "fixed" not in capsys.readouterr().err


def test_only_the_files_own_errors_at_their_place():
    here = Span("a.des", 2, 9)
    diags = [Diagnostic("error", 'Unknown monster "soldeir"!', here, 'did you mean "soldier"?'),
             Diagnostic("error", 'Unknown monster "soldeir"!', Span("inc.des", 2, 9),
                        'did you mean "soldier"?'),
             Diagnostic("error", "Coordinates (90,1) out of map range!", here)]
    fixes = name_fixes(diags, "a.des")
    assert fixes == [(2, 9, "soldeir", "soldier")]
    text = 'LEVEL:"soldeir"\nMONSTER:"soldeir",(1,1)\n'
    assert apply_fixes(text, fixes) == ('LEVEL:"soldeir"\nMONSTER:"soldier",(1,1)\n', 1)
