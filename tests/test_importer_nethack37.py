"""The importer on NetHack 3.7's layout (issue 31): the monster table is
include/monsters.h, which src/monst.c includes; the importer does not read it yet and
says so, as ``unlev data: error:``, instead of failing half-way with a traceback."""

import pytest

from unlev.tools.data.importer import SourceError, import_tables


def test_nethack37_layout_is_refused_with_a_message(tmp_path):
    (tmp_path / "include").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "include" / "monsters.h").write_text('MON(NAM("giant ant"), S_ANT)\n')
    (tmp_path / "src" / "monst.c").write_text('#include "monsters.h"\n')
    with pytest.raises(SourceError, match="NetHack 3.7's layout"):
        import_tables([tmp_path], base="nethack36")


def test_the_command_prints_one_error_line(tmp_path, capsys):
    from unlev.cli import main
    (tmp_path / "include").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "include" / "monsters.h").write_text("\n")
    (tmp_path / "src" / "monst.c").write_text('#include "monsters.h"\n')
    assert main(["data", "import", str(tmp_path), "--name", "x", "--base", "nethack36",
                 "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr()
    text = err.out + err.err
    assert "unlev data: error:" in text and "Traceback" not in text
