"""``unlev check``'s and ``unlev lint``'s result cache (``unlev/tools/result_cache.py``): a repeat check is
answered from it with the same output, and every part of the key, changed on its own,
makes a miss; entries are whole or ignored, ``--no-cache`` leaves the cache alone, and
two processes share it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from unlev.cli import main
from unlev.tools import check as C
from unlev.tools import result_cache as RC

GOOD = 'LEVEL: "a"\nINIT_MAP: solidfill, \' \'\nMONSTER: \'d\', random\n'
WARN = 'LEVEL: "a"\nROOM: "ordinary", random, random, random, random {\n  ROOM: "x", lit, (1,1), (1,1), (2,2) { }\n}\n'


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "unlev.toml").write_text("")
    (tmp_path / "a.des").write_text(GOOD)
    monkeypatch.chdir(tmp_path)
    return tmp_path


class Spy:
    """Counts the files really checked (a hit checks none)."""

    def __init__(self, monkeypatch) -> None:
        self.calls = 0
        real = C._check_one

        def counting(path, args):
            self.calls += 1
            return real(path, args)
        monkeypatch.setattr(C, "_check_one", counting)

    def run(self, capsys, *argv):
        before = self.calls
        code = main(["check", "-j", "1", *argv])
        out = capsys.readouterr()
        return code, out.out + out.err, self.calls - before


def _entries(project):
    return sorted(p for p in (project / ".unlev_cache").rglob("*.json")) \
        if (project / ".unlev_cache").is_dir() else []


def test_a_repeat_check_is_a_hit_with_the_same_output(project, monkeypatch, capsys):
    (project / "w.des").write_text(WARN)
    (project / "bad.des").write_text('LEVEL: "a"\nMONSTER: "no such thing", random\n')
    spy = Spy(monkeypatch)
    first = spy.run(capsys, "a.des", "w.des", "bad.des")
    assert first[2] == 3 and first[0] == 1
    assert len(_entries(project)) == 3
    again = spy.run(capsys, "a.des", "w.des", "bad.des")
    assert again[2] == 0                         # nothing checked again
    assert again[:2] == first[:2]                # same exit code, same words
    assert "no such thing" in again[1]


KEY_CHANGES = {
    "dialect": ["--dialect", "unnethack"],
    "profile": ["--data", "nethack36"],
    "lenient": ["--lenient"],
    "compat notes": ["--no-compat-warnings"],
    "select": ["--select", "map-rows"],
    "ignore": ["--ignore", "unknown-name"],
    "quiet": ["-q"],
    "show dialect": ["--show-dialect"],
    "include path": ["--include-path", "."],
    "include policy": ["--include-anywhere"],
}


@pytest.mark.parametrize("part", sorted(KEY_CHANGES))
def test_each_option_is_part_of_the_key(project, monkeypatch, capsys, part):
    spy = Spy(monkeypatch)
    assert spy.run(capsys, "a.des")[2] == 1
    assert spy.run(capsys, "a.des")[2] == 0
    assert spy.run(capsys, *KEY_CHANGES[part], "a.des")[2] == 1, part
    assert spy.run(capsys, *KEY_CHANGES[part], "a.des")[2] == 0, part


def test_the_content_is_part_of_the_key(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    spy.run(capsys, "a.des")
    (project / "a.des").write_text(GOOD + "MONSTER: 'd', random\n")
    assert spy.run(capsys, "a.des")[2] == 1


def test_unlev_itself_is_part_of_the_key(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    spy.run(capsys, "a.des")
    monkeypatch.setattr(RC, "_SOURCE_STAMP", ["another unlev, or an edited grammar"])
    assert spy.run(capsys, "a.des")[2] == 1


def test_the_stamp_changes_with_a_module(monkeypatch):
    monkeypatch.setattr(RC, "_SOURCE_STAMP", [])
    first = RC.source_stamp()
    import unlev.lang.grammar as G
    st = os.stat(G.__file__)
    try:
        os.utime(G.__file__, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
        monkeypatch.setattr(RC, "_SOURCE_STAMP", [])
        assert RC.source_stamp() != first
    finally:
        os.utime(G.__file__, ns=(st.st_atime_ns, st.st_mtime_ns))


def test_an_included_file_is_checked_on_every_hit(project, monkeypatch, capsys):
    (project / "inc.des").write_text('FUNCTION f() {\n  MESSAGE: "hi"\n}\n')
    (project / "m.des").write_text('INCLUDE "inc.des"\nLEVEL: "a"\nf()\n')
    spy = Spy(monkeypatch)
    assert spy.run(capsys, "m.des")[:3] == (0, "1 passed, 0 failed\n", 1)
    assert spy.run(capsys, "m.des")[2] == 0
    (project / "inc.des").write_text('FUNCTION g() {\n  MESSAGE: "hi"\n}\n')
    code, text, checked = spy.run(capsys, "m.des")
    assert checked == 1 and code == 1            # f is gone: the cached pass was stale


def test_a_failed_file_with_an_include_is_not_cached(project, monkeypatch, capsys):
    (project / "m.des").write_text('INCLUDE "nowhere.des"\nLEVEL: "a"\n')
    spy = Spy(monkeypatch)
    spy.run(capsys, "m.des")
    assert spy.run(capsys, "m.des")[2] == 1


def test_a_broken_entry_is_a_miss_and_is_rewritten(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    spy.run(capsys, "a.des")
    (entry,) = _entries(project)
    entry.write_text('{"key": "')
    assert spy.run(capsys, "a.des")[2] == 1
    assert json.loads(entry.read_text())["result"]["value"][0] is True
    assert spy.run(capsys, "a.des")[2] == 0


def test_no_cache_neither_reads_nor_writes(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    spy.run(capsys, "--no-cache", "a.des")
    assert _entries(project) == []
    spy.run(capsys, "a.des")
    assert spy.run(capsys, "--no-cache", "a.des")[2] == 1


def test_two_processes_share_the_cache(project):
    for i in range(12):
        (project / f"f{i}.des").write_text(GOOD.replace('"a"', f'"a{i}"'))
    cmd = [sys.executable, "-m", "unlev.cli", "check", "-j", "1", "."]
    procs = [subprocess.Popen(cmd, cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True) for _ in range(2)]
    outs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0]
    assert outs[0] == outs[1]
    entries = _entries(project)
    assert len(entries) == 13
    for e in entries:
        assert json.loads(e.read_text())["result"]["value"][0] is True
    assert not list((project / ".unlev_cache").rglob(".tmp-*"))
    again = subprocess.run(cmd, cwd=project, capture_output=True, text=True, timeout=300)
    assert (again.stdout, again.stderr) == outs[0]


LINTY = 'LEVEL: "a"\nIF [50%] {\n}\nSWITCH [1] {\n  CASE 2:\n    MESSAGE: "never"\n}\n'


def test_lint_repeats_from_the_cache_and_keys_its_options(project, monkeypatch, capsys):
    from unlev.tools import lint as L
    (project / "l.des").write_text(LINTY)
    calls = []
    real = L._lint_one
    monkeypatch.setattr(L, "_lint_one", lambda p, a: calls.append(p) or real(p, a))

    def run(*argv):
        code = main(["lint", *argv])
        out = capsys.readouterr()
        return code, out.out + out.err
    first = run("l.des")
    assert calls == ["l.des"] and "warning" in first[1]
    assert run("l.des") == first and calls == ["l.des"]          # a hit
    code, _ = run("--exit-zero", "l.des")                         # an option: a miss
    assert code == 0 and len(calls) == 2
    run("--no-cache", "l.des")
    assert len(calls) == 3
    # lint and check share the folder, never an entry
    spy = Spy(monkeypatch)
    assert spy.run(capsys, "l.des")[2] == 1
