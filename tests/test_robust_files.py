"""Des-files and INCLUDEs read safely (issue 34): special files are refused before they
are opened (a FIFO no longer hangs check, lint or test), an INCLUDE is read by the one
descriptor whose real path was checked (no check-then-open window), a NUL byte in a
name is an error, and inclusions are counted and weighed against limits."""

import os
import threading
from pathlib import Path

import pytest

from unlev.cli import main
from unlev.lang import limits as L
from unlev.lang import sources as S
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file
from unlev.lang.settings import Settings

LEVEL = 'LEVEL: "x"\nINIT_MAP: solidfill, \'.\'\n'
SECRET = "SECRET-FIRST-LINE-do-not-show"

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def one_error(capsys, both=False):
    got = capsys.readouterr()
    err = got.err + (got.out if both else "")
    assert "Traceback" not in err and "internal error" not in err, err
    return err


def test_an_include_name_with_a_nul_byte_is_an_error(tmp_path, capsys):
    p = tmp_path / "x.des"
    p.write_text('INCLUDE "a\x00b"\n' + LEVEL)
    assert main(["check", str(p)]) == 1
    err = one_error(capsys)
    assert "x.des:1:1: error: INCLUDE" in err and "NUL byte" in err


def test_an_include_name_with_a_nul_byte_anywhere_is_an_error(tmp_path, capsys):
    p = tmp_path / "x.des"
    p.write_text('INCLUDE "a\x00b"\n' + LEVEL)
    assert main(["check", "--include-anywhere", str(p)]) == 1
    assert "x.des:1:1: error: Cannot open file for including" in one_error(capsys)


@needs_fifo
@pytest.mark.parametrize("command", [["check"], ["lint"], ["test", "--seeds", "1"]])
def test_a_fifo_in_a_folder_is_refused_not_waited_on(tmp_path, capsys, command):
    (tmp_path / "ok.des").write_text(LEVEL)
    os.mkfifo(tmp_path / "pipe.des")
    done = []
    t = threading.Thread(target=lambda: done.append(main(command + [str(tmp_path)])),
                         daemon=True)
    t.start()
    t.join(60)
    assert done == [1], "the command waited on the FIFO"
    err = one_error(capsys, both=True)
    assert "pipe.des" in err and "a FIFO" in err


@needs_fifo
@pytest.mark.parametrize("command", ["check", "run", "lint"])
def test_a_fifo_named_on_the_command_line_is_a_usage_error(tmp_path, capsys, command):
    os.mkfifo(tmp_path / "pipe.des")
    done = []
    t = threading.Thread(target=lambda: done.append(main([command, str(tmp_path / "pipe.des")])),
                         daemon=True)
    t.start()
    t.join(60)
    assert done == [2]
    err = one_error(capsys)
    assert err.startswith(f"unlev {command}: error: cannot read") and "a FIFO" in err


@needs_fifo
def test_an_included_fifo_is_refused(tmp_path, capsys):
    os.mkfifo(tmp_path / "pipe.des")
    p = tmp_path / "x.des"
    p.write_text('INCLUDE "pipe.des"\n' + LEVEL)
    done = []
    t = threading.Thread(target=lambda: done.append(main(["check", str(p)])), daemon=True)
    t.start()
    t.join(60)
    assert done == [1]
    assert "x.des:1:1: error: cannot read" in one_error(capsys)


def test_inclusions_are_counted(tmp_path):
    settings = Settings(limits=L.Limits.from_text("includes=20"))
    (tmp_path / "leaf.des").write_text("# a comment\n")
    (tmp_path / "mid.des").write_text('INCLUDE "leaf.des"\n' * 10)
    p = tmp_path / "x.des"
    p.write_text('INCLUDE "mid.des"\n' * 5 + LEVEL)
    with pytest.raises(DesError) as e:
        compile_file(str(p), settings=settings)
    d = e.value.diagnostics[0]
    assert "more than 20 INCLUDEs" in d.message and 'UNLEV_LIMITS="includes=N"' in d.hint


def test_included_bytes_are_weighed(tmp_path):
    # 5 x 10 inclusions of a 7 KB leaf: 350 KB lexed from under 8 KB on disk
    settings = Settings(limits=L.Limits.from_text("include_bytes=100000"))
    (tmp_path / "leaf.des").write_text("#" + "x" * 7000 + "\n")
    (tmp_path / "mid.des").write_text('INCLUDE "leaf.des"\n' * 10)
    p = tmp_path / "x.des"
    p.write_text('INCLUDE "mid.des"\n' * 5 + LEVEL)
    with pytest.raises(DesError) as e:
        compile_file(str(p), settings=settings)
    d = e.value.diagnostics[0]
    assert "more than 100,000 bytes INCLUDEd" in d.message
    assert 'UNLEV_LIMITS="include_bytes=N"' in d.hint


def test_the_default_limits_stop_the_include_bomb(tmp_path):
    (tmp_path / "leaf.des").write_text("#" + "x" * 7000 + "\n")
    for k in range(4):
        inner = "leaf.des" if k == 0 else f"m{k - 1}.des"
        (tmp_path / f"m{k}.des").write_text(f'INCLUDE "{inner}"\n' * 10)
    p = tmp_path / "x.des"
    p.write_text('INCLUDE "m3.des"\n' * 10 + LEVEL)
    with pytest.raises(DesError) as e:
        compile_file(str(p))
    assert "INCLUDE" in e.value.diagnostics[0].message


def _swap_setup(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET + "\nmore\n")
    (root / "leaf.des").write_text("# an ordinary leaf\n")
    top = root / "top.des"
    top.write_text('INCLUDE "leaf.des"\n' + LEVEL)
    return root, secret, top


def test_a_file_swapped_after_the_check_is_not_read(tmp_path, monkeypatch):
    # the swap happens exactly between the containment check and the open
    root, secret, top = _swap_setup(tmp_path)
    real_open = S.open_regular

    def swap_then_open(path, where):
        if path.endswith("leaf.des"):
            os.unlink(path)
            os.symlink(secret, path)
        return real_open(path, where)

    monkeypatch.setattr(S, "open_regular", swap_then_open)
    with pytest.raises(DesError) as e:
        compile_file(str(top))
    text = "\n".join(d.message for d in e.value.diagnostics)
    assert "refused: outside" in text and SECRET not in text


def test_the_symlink_swap_race_leaks_nothing(tmp_path):
    root, secret, top = _swap_setup(tmp_path)
    leaf = str(root / "leaf.des")
    stop = threading.Event()

    def swapper():
        while not stop.is_set():
            tmp = leaf + ".new"
            for make in (lambda: os.symlink(secret, tmp),
                         lambda: Path(tmp).write_text("# an ordinary leaf\n")):
                try:
                    make()
                    os.replace(tmp, leaf)
                except OSError:
                    pass

    t = threading.Thread(target=swapper, daemon=True)
    t.start()
    leaks = refused = 0
    try:
        for _ in range(150):
            try:
                compile_file(str(top))
            except DesError as e:
                text = "\n".join(f"{d.message} {d.hint or ''}" for d in e.diagnostics)
                leaks += SECRET in text
                refused += "refused" in text
    finally:
        stop.set()
        t.join(5)
    assert leaks == 0
