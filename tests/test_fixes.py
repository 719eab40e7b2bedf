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


# -- unlev lint --fix: map doors ------------------------------------------------------
DOORS = ('LEVEL:"doors"\nINIT_MAP:solidfill,\' \'\nGEOMETRY:center,center\n'
         'MAP\n-----\n|.+.|\n|+..|\n-----\nENDMAP\nDOOR:locked,(2,1)\n'
         'OBJECT:"chest",(1,1)\n')


def test_lint_fix_writes_the_map_doors_down_and_the_level_stays_the_same(tmp_path, capsys):
    path = tmp_path / "doors.des"
    path.write_text(DOORS)
    before = tmp_path / "before.json"
    assert main(["run", str(path), "--seed", "3", "-q", "--json", str(before)]) == 0
    assert main(["lint", str(path), "--no-cache"]) == 1
    assert "'+' at map (1,2) has no DOOR statement" in capsys.readouterr().err
    assert main(["lint", str(path), "--no-cache", "--fix"]) == 0
    err = capsys.readouterr().err
    assert f"{path}: wrote DOOR:nodoor for 1 map door without a DOOR statement" in err
    assert "map-door" not in err
    # the named door keeps its statement; the unnamed one gets its own, after ENDMAP
    assert path.read_text() == DOORS.replace("ENDMAP\n", "ENDMAP\nDOOR:nodoor,(1,2)\n")
    after = tmp_path / "after.json"
    assert main(["run", str(path), "--seed", "3", "-q", "--json", str(after)]) == 0
    assert after.read_bytes() == before.read_bytes()       # what the game made anyway


def test_lint_fix_leaves_map_doors_when_the_code_is_ignored(tmp_path, capsys):
    path = tmp_path / "doors.des"
    path.write_text(DOORS)
    assert main(["lint", str(path), "--no-cache", "--fix", "--ignore", "map-door"]) == 0
    assert path.read_text() == DOORS
    assert "wrote" not in capsys.readouterr().err


def test_a_343_maze_part_gets_its_doors_after_its_registers(tmp_path, capsys):
    text = ('MAZE:"m",\' \'\nGEOMETRY:center,center\nMAP\n---\n|+|\n---\nENDMAP\n'
            'RANDOM_PLACES:(1,1)\nMONSTER:\'d\',"jackal",place[0]\n')
    path = tmp_path / "old.des"
    path.write_text(text)
    assert main(["lint", str(path), "--no-cache", "--fix", "--dialect", "nethack343"]) == 0
    assert path.read_text() == text.replace("RANDOM_PLACES:(1,1)\n",
                                            "RANDOM_PLACES:(1,1)\nDOOR:nodoor,(1,1)\n")
