"""``unlev compare --reference`` on damaged dumps (issue 34): every kind of damage is one
``unlev compare: error: FILE...`` line and exit 2, never a traceback, and a reference
file is read with bounds (a symlink to /dev/zero is refused before it is read)."""

import gzip
import os
import re

import pytest

from unlev.cli import main
from unlev.tools.compare.gamedump import format_dumps

from test_compare import SELF_DES, _compiled, _reference_from_ours


@pytest.fixture
def ref(tmp_path):
    """A good reference for selfcmp (plain text), its des-file, and the dump text."""
    _reference_from_ours(tmp_path, _compiled(), range(1, 3))
    des = tmp_path / "selfcmp.des"
    des.write_text(SELF_DES.format(align="center"))
    good = (tmp_path / "selfcmp.txt").read_text()
    (tmp_path / "selfcmp.txt").unlink()
    return tmp_path, des, good


def _gz(tmp, data: bytes):
    (tmp / "selfcmp.txt.gz").write_bytes(data)


DAMAGE = {
    "truncated gzip": lambda t, g: _gz(t, gzip.compress(g.encode())[:200]),
    "not gzip": lambda t, g: _gz(t, b"this is not gzip at all"),
    "seed not a number": lambda t, g: (t / "selfcmp.txt").write_text(
        re.sub(r"GAMESEED \d+", "GAMESEED twelve", g, count=1)),
    "200-character row": lambda t, g: (t / "selfcmp.txt").write_text(
        g.replace("\nMAP\n", "\nMAP\n" + "." * 200 + "\n", 1)),
    "no END": lambda t, g: (t / "selfcmp.txt").write_text(g.rsplit("END", 1)[0]),
    "huge dlevel": lambda t, g: (t / "selfcmp.txt").write_text(
        re.sub(r"dlevel=\d+", "dlevel=2147483648", g, count=1)
        if "dlevel=" in g else re.sub(r"WHERE ", "WHERE dlevel=2147483648 ", g, count=1)),
    "binary garbage": lambda t, g: (t / "selfcmp.txt").write_bytes(bytes(range(256)) * 4),
    "unknown record": lambda t, g: (t / "selfcmp.txt").write_text(
        g.replace("\nOVERVIEW\n", "\nBOGUS 1 2\nOVERVIEW\n", 1)),
    "bad monster line": lambda t, g: (t / "selfcmp.txt").write_text(
        g.replace("\nOVERVIEW\n", "\nMON x\nOVERVIEW\n", 1)),
    "symlink to /dev/zero": lambda t, g: os.symlink("/dev/zero", t / "selfcmp.txt"),
    "a directory": lambda t, g: (t / "selfcmp.txt.gz").mkdir(),
}
if hasattr(os, "mkfifo"):
    DAMAGE["a FIFO"] = lambda t, g: os.mkfifo(t / "selfcmp.txt")


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_reference_is_one_error_line(ref, capsys, kind):
    tmp, des, good = ref
    if kind == "symlink to /dev/zero" and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    DAMAGE[kind](tmp, good)
    code = main(["compare", str(des), "--reference", str(tmp), "--seeds", "2", "-j", "1"])
    got = capsys.readouterr()
    assert "Traceback" not in got.err + got.out and "internal error" not in got.err
    assert code == 2, got.err + got.out
    lines = got.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("unlev compare: error: ") \
        and "selfcmp.txt" in lines[0], got.err


def test_the_good_reference_still_compares(ref, capsys):
    tmp, des, good = ref
    (tmp / "selfcmp.txt").write_text(good)
    assert main(["compare", str(des), "--reference", str(tmp), "--seeds", "2",
                 "-j", "1"]) == 0


def test_a_multi_member_gzip_reads_as_gzip_open_does(ref, capsys):
    tmp, des, good = ref
    first, second = good.split("=== seed", 2)[1:3]
    _gz(tmp, gzip.compress(("=== seed" + first).encode()) +
        gzip.compress(("=== seed" + second).encode()))
    assert main(["compare", str(des), "--reference", str(tmp), "--seeds", "2",
                 "-j", "1"]) == 0
    assert format_dumps  # the module's writer is what made the good file
