"""Reading des-files (issue 19): INCLUDE stays inside the project, byte-order marks and
other encodings, the file-size limit."""

import os

import pytest

from unlev.cli import main
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file


@pytest.fixture
def project(tmp_path):
    (tmp_path / "levels").mkdir()
    (tmp_path / "levels" / "lib").mkdir()
    (tmp_path / "levels" / "lib" / "ok.des").write_text('LEVEL:"inc"\n')
    (tmp_path / "secret.txt").write_text("root:x:0:0:SECRET\n")
    return tmp_path


def errors_of(path):
    with pytest.raises(DesError) as e:
        compile_file(str(path), dialect="unnethack")
    return e.value.diagnostics


@pytest.mark.parametrize("target, why", [
    ("/etc/passwd", "an absolute path"),
    ("../secret.txt", "outside the including file's folder"),
    ("lib/../../secret.txt", "outside the including file's folder"),
    ("/proc/self/status", "an absolute path"),
])
def test_include_outside_the_project_is_refused_unread(project, target, why):
    f = project / "levels" / "a.des"
    f.write_text(f'INCLUDE "{target}"\nLEVEL:"a"\n')
    d = errors_of(f)[0]
    assert d.message == f"INCLUDE '{target}' refused: " + d.message.split(": ", 1)[1]
    assert why in d.message and (d.span.line, d.span.col) == (1, 1)
    assert "SECRET" not in " ".join(x.message for x in errors_of(f)) and "root" not in d.message


def test_include_inside_the_project_and_the_include_path_works(project, tmp_path):
    f = project / "levels" / "a.des"
    f.write_text('INCLUDE "lib/ok.des"\nLEVEL:"a"\n')
    assert [lv.name for lv in compile_file(str(f), dialect="unnethack").tree.levels] == \
        ["inc", "a"]
    other = tmp_path / "shared"
    other.mkdir()
    (other / "common.des").write_text('LEVEL:"common"\n')
    f.write_text('INCLUDE "common.des"\nLEVEL:"a"\n')
    c = compile_file(str(f), include_path=[str(other)], dialect="unnethack")
    assert [lv.name for lv in c.tree.levels] == ["common", "a"]


def test_a_symlink_out_of_the_project_is_refused(project):
    os.symlink(project / "secret.txt", project / "levels" / "link.des")
    f = project / "levels" / "a.des"
    f.write_text('INCLUDE "link.des"\nLEVEL:"a"\n')
    assert "refused" in errors_of(f)[0].message


def test_include_anywhere_lifts_it(project, capsys):
    f = project / "levels" / "a.des"
    (project / "other.des").write_text('LEVEL:"o"\n')
    f.write_text('INCLUDE "../other.des"\nLEVEL:"a"\n')
    assert main(["check", str(f)]) == 1
    assert main(["check", "--include-anywhere", str(f)]) == 0
    assert main(["check", str(f)]) == 1        # nothing of the last run stays set


def test_utf8_bom_is_accepted_and_utf16_named(tmp_path):
    f = tmp_path / "bom.des"
    f.write_bytes(b"\xef\xbb\xbfLEVEL:\"a\"\n")
    assert compile_file(str(f), dialect="unnethack").tree.levels[0].name == "a"
    f.write_bytes('LEVEL:"a"\n'.encode("utf-16"))
    d = errors_of(f)[0]
    assert "UTF-16 encoded" in d.message and "iconv" in d.hint


def test_file_size_limit(tmp_path):
    from unlev.lang import limits as L
    from unlev.lang.settings import Settings
    f = tmp_path / "big.des"
    f.write_text('LEVEL:"a"\n' + "# x\n" * 100)
    with pytest.raises(DesError) as e:
        compile_file(str(f), dialect="unnethack",
                     settings=Settings(limits=L.Limits.from_text("file_size=100")))
    d = e.value.diagnostics[0]
    assert "more than a des-file may be" in d.message and "file_size" in d.hint
