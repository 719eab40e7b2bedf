"""Damaged snapshots and unwritable folders (issue 34): each damaged snapshot is one
line saying which file and why, ``--update`` repairs it, an unwritable folder is
``cannot write ...`` and exit 2, and snapshots are written whole with the user's umask."""

import gzip
import os
import shutil

import pytest

from unlev.cli import main
from unlev.tools.harness.snapshot import SnapshotStore, _safe

HERE = os.path.dirname(__file__)
SAMPLE = os.path.join(HERE, "..", "samples", "bigrm.des")


def run(args, capsys):
    code = main(["test", *args, "--no-progress", "--lint", "off"])
    got = capsys.readouterr()
    text = got.out + got.err
    assert "Traceback" not in text and "internal error" not in text, text
    return code, text


@pytest.fixture
def stored(tmp_path, capsys):
    src = tmp_path / "bigrm.des"
    shutil.copy(SAMPLE, src)
    snaps = tmp_path / "S"
    code, _ = run([str(src), "--seeds", "1", "--snapshots", str(snaps)], capsys)
    assert code == 0
    js = next(snaps.rglob("seed-1.json.gz"))
    return src, snaps, js


def _loop(p):
    p.unlink()
    os.symlink(p.name, p)          # a symlink to itself


def _truncate(p):
    p.write_bytes(p.read_bytes()[:40])


def _not_gzip(p):
    p.write_bytes(b"plain words, not gzip")


def _not_utf8(p):
    p.write_bytes(gzip.compress(b"\xff\xfe{\x80}"))


def _directory(p):
    p.unlink()
    p.mkdir()
    (p / "inside").write_text("x")


def _wrong_shape(p):
    p.write_bytes(gzip.compress(b"[1, 2, 3]"))


def _text_not_utf8(p):
    p.with_name("seed-1.txt").write_bytes(b"\xff\xff\n")


def _fifo(p):
    p.unlink()
    os.mkfifo(p)


DAMAGE = [_loop, _truncate, _not_gzip, _not_utf8, _directory, _wrong_shape, _text_not_utf8]
if hasattr(os, "mkfifo"):
    DAMAGE.append(_fifo)


@pytest.mark.parametrize("damage", DAMAGE, ids=[d.__name__.strip("_") for d in DAMAGE])
def test_a_damaged_snapshot_is_one_line_and_update_repairs_it(stored, capsys, damage):
    src, snaps, js = stored
    damage(js)
    code, text = run([str(src), "--seeds", "1", "--snapshots", str(snaps)], capsys)
    assert code == 1
    # one message (rich may wrap a long path over two screen lines)
    assert text.count("damaged snapshot") == 1, text
    message = text.split("damaged snapshot")[1].split("\n\n")[0]
    assert "seed-1." in message and "replace it)" in message, text
    code, text = run([str(src), "--seeds", "1", "--snapshots", str(snaps), "--update"],
                     capsys)
    if damage is _directory:        # a directory with files in it is not thrown away
        assert code == 1 and "cannot write" in text
        return
    assert code == 0, text
    code, text = run([str(src), "--seeds", "1", "--snapshots", str(snaps), "--ci"], capsys)
    assert code == 0, text


def test_an_unwritable_snapshot_folder_is_cannot_write_exit_2(tmp_path, capsys):
    (tmp_path / "file").write_text("x")
    code, text = run([SAMPLE, "--seeds", "1", "--snapshots", str(tmp_path / "file" / "S")],
                     capsys)
    assert code == 2
    assert text.startswith("unlev test: error: cannot write ") and text.count("\n") == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_snapshot_folder_is_cannot_write_exit_2(tmp_path, capsys):
    snaps = tmp_path / "S"
    snaps.mkdir()
    snaps.chmod(0o500)
    try:
        code, text = run([SAMPLE, "--seeds", "1", "--snapshots", str(snaps)], capsys)
    finally:
        snaps.chmod(0o700)
    assert code == 2 and "cannot write" in text


def test_snapshots_get_the_users_umask(tmp_path, capsys):
    old = os.umask(0o027)
    try:
        code, _ = run([SAMPLE, "--seeds", "1", "--snapshots", str(tmp_path / "S")], capsys)
    finally:
        os.umask(old)
    assert code == 0
    for f in (tmp_path / "S").rglob("seed-1.*"):
        assert (f.stat().st_mode & 0o777) == 0o640, f


def test_a_symlink_in_a_snapshots_place_is_replaced_not_followed(stored, capsys, tmp_path):
    src, snaps, js = stored
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    txt = js.with_name("seed-1.txt")
    txt.unlink()
    os.symlink(victim, txt)
    code, _ = run([str(src), "--seeds", "1", "--snapshots", str(snaps), "--update"], capsys)
    assert victim.read_text() == "keep me" and not txt.is_symlink()


@pytest.mark.parametrize("name", [".", "..", "../..", "/etc", "a/../../b"])
def test_snapshot_paths_stay_under_their_folder(tmp_path, name):
    store = SnapshotStore(str(tmp_path / "S"))
    for p in store.paths(name, name, 1):
        assert os.path.commonpath([str(tmp_path / "S"), os.path.abspath(p)]) == \
            str(tmp_path / "S")
    assert _safe("..") == "_.."


def _dead_pid():
    import subprocess
    import sys
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_a_killed_writers_temporary_files_are_removed_not_read(stored, capsys, tmp_path):
    """A worker killed with SIGKILL between writing a snapshot's temporary file and
    renaming it leaves ``.tmp-*`` in the folder; the next run that writes there removes
    those whose writer is gone or that are too old, and nothing else."""
    import time
    from unlev.tools import tempfiles
    src, snaps, js = stored
    folder = js.parent
    host = tempfiles.prefix().split("@", 1)[1]
    dead = folder / f".tmp-{_dead_pid()}@{host}seed-1.json.gz"
    dead.write_bytes(b"half a snapshot")
    old = folder / ".tmp-abc123"                        # an older unlev's name
    old.write_bytes(b"x")
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    fresh = folder / ".tmp-def456"                      # maybe being written: kept
    fresh.write_bytes(b"x")
    live = folder / f".tmp-{os.getpid()}@{host}xyz"     # its writer runs: kept
    live.write_bytes(b"x")
    other_host = folder / f".tmp-{_dead_pid()}@another.host-xyz"   # judged by age
    other_host.write_bytes(b"x")
    secret = tmp_path / "secret"
    secret.write_text("keep me")
    link = folder / f".tmp-{_dead_pid()}@{host}link"    # not a file made here
    os.symlink(secret, link)
    if hasattr(os, "mkfifo"):
        fifo = folder / f".tmp-{_dead_pid()}@{host}fifo"
        os.mkfifo(fifo)                                 # opening it would block
    code, text = run([str(src), "--seeds", "1", "--snapshots", str(snaps), "--update"],
                     capsys)
    assert code == 0, text
    assert not dead.exists() and not old.exists()
    assert fresh.exists() and live.exists() and other_host.exists()
    assert os.path.islink(link) and secret.read_text() == "keep me"
    if hasattr(os, "mkfifo"):
        assert fifo.exists()
    names = sorted(p.name for p in folder.iterdir() if not p.name.startswith(".tmp-"))
    assert names == ["seed-1.json.gz", "seed-1.txt"]


def test_temporary_files_carry_the_writers_pid_and_host():
    from unlev.tools import tempfiles
    m = tempfiles._NAME.match(tempfiles.prefix() + "abc")
    assert m and int(m.group(1)) == os.getpid() and m.group(2)
