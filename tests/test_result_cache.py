"""``unlev check``'s and ``unlev lint``'s result cache (``unlev/tools/result_cache.py``)
and the repeat check's fast path (``unlev/tools/quick_check.py``): a repeat check is
answered from it with the same output, and every part of the key, changed on its own,
makes a miss of both the fast path and the per-file entries; entries are whole or
ignored, ``--no-cache`` leaves the cache alone, and two processes share it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from unlev.cli import main
from unlev.tools import check as C
from unlev.tools import quick_check as Q

GOOD = 'LEVEL: "a"\nINIT_MAP: solidfill, \' \'\nMONSTER: \'d\', random\n'
WARN = 'LEVEL: "a"\nROOM: "ordinary", random, random, random, random {\n  ROOM: "x", lit, (1,1), (1,1), (2,2) { }\n}\n'


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "unlev.toml").write_text("")
    (tmp_path / "a.des").write_text(GOOD)
    monkeypatch.chdir(tmp_path)
    return tmp_path


class Spy:
    """Counts the files really checked (a hit checks none) and whether the fast path
    answered the last run (``self.fast``)."""

    def __init__(self, monkeypatch) -> None:
        self.calls = 0
        self.fast = None
        real = C._check_one
        real_answer = Q.answer

        def counting(path, args):
            self.calls += 1
            return real(path, args)

        def answering(argv):
            code = real_answer(argv)
            self.fast = code is not None
            return code
        monkeypatch.setattr(C, "_check_one", counting)
        monkeypatch.setattr(Q, "answer", answering)

    def run(self, capsys, *argv):
        before = self.calls
        self.fast = None
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
    assert spy.fast is False
    again = spy.run(capsys, "a.des", "w.des", "bad.des")
    assert again[2] == 0                         # nothing checked again
    assert spy.fast is True                      # answered before argparse
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


def missed_then_hit(spy, capsys, *argv):
    """The run after a change: neither the fast path nor the per-file entries answer
    (the file is checked); the run after that: the fast path answers, checking nothing."""
    miss = spy.run(capsys, *argv)
    assert (spy.fast, miss[2]) == (False, 1)
    hit = spy.run(capsys, *argv)
    assert (spy.fast, hit[2]) == (True, 0)
    assert hit[:2] == miss[:2]
    return miss


@pytest.mark.parametrize("part", sorted(KEY_CHANGES))
def test_each_option_is_part_of_the_key(project, monkeypatch, capsys, part):
    spy = Spy(monkeypatch)
    missed_then_hit(spy, capsys, "a.des")
    missed_then_hit(spy, capsys, *KEY_CHANGES[part], "a.des")


def test_the_content_is_part_of_the_key(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    missed_then_hit(spy, capsys, "a.des")
    (project / "a.des").write_text(GOOD + "MONSTER: 'd', random\n")
    missed_then_hit(spy, capsys, "a.des")
    (project / "a.des").write_text(GOOD)            # back as it was: the first entries
    spy.run(capsys, "a.des")
    assert spy.calls == 2


def test_unlev_itself_is_part_of_the_key(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    missed_then_hit(spy, capsys, "a.des")
    monkeypatch.setattr(Q, "_STAMP", ["another unlev, or an edited grammar"])
    missed_then_hit(spy, capsys, "a.des")


def test_the_stamp_changes_with_a_module(monkeypatch):
    monkeypatch.setattr(Q, "_STAMP", [])
    first = Q.source_stamp()
    import unlev.lang.grammar as G
    import unlev.tools.check as T
    for module in (G, T):
        st = os.stat(module.__file__)
        try:
            os.utime(module.__file__, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
            monkeypatch.setattr(Q, "_STAMP", [])
            assert Q.source_stamp() != first, module
        finally:
            os.utime(module.__file__, ns=(st.st_atime_ns, st.st_mtime_ns))
    monkeypatch.setattr(Q, "_STAMP", [])
    assert Q.source_stamp() == first


@pytest.mark.parametrize("variable,value", [("NO_COLOR", "1"), ("UNLEV_LIMITS", "depth=300")])
def test_the_environment_is_part_of_the_key(project, monkeypatch, capsys, variable, value):
    monkeypatch.delenv(variable, raising=False)
    spy = Spy(monkeypatch)
    missed_then_hit(spy, capsys, "a.des")
    monkeypatch.setenv(variable, value)
    missed_then_hit(spy, capsys, "a.des")


def test_a_terminal_is_part_of_the_key(project, monkeypatch, capsys):
    (project / "w.des").write_text(WARN)
    spy = Spy(monkeypatch)
    plain = missed_then_hit(spy, capsys, "w.des")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    coloured = missed_then_hit(spy, capsys, "w.des")
    assert "\x1b[" in coloured[1] and "\x1b[" not in plain[1]


def test_the_project_config_is_part_of_the_key(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    missed_then_hit(spy, capsys, "a.des")
    (project / "unlev.toml").write_text("lenient = true\n")
    missed_then_hit(spy, capsys, "a.des")
    (project / "unlev.toml").write_text("lenient = false\n")
    missed_then_hit(spy, capsys, "a.des")


def test_a_pyproject_tool_unlev_table_is_the_config(tmp_path, monkeypatch, capsys):
    (tmp_path / "pyproject.toml").write_text('[tool.unlev]\ndialect = "unnethack"\n')
    (tmp_path / "a.des").write_text(GOOD)
    monkeypatch.chdir(tmp_path)
    spy = Spy(monkeypatch)
    first = missed_then_hit(spy, capsys, "a.des")
    assert first[:2] == (0, "1 passed, 0 failed\n")
    assert (tmp_path / ".unlev_cache" / "runs").is_dir()         # beside the config
    (tmp_path / "pyproject.toml").write_text('[tool.unlev]\ndialect = "nethack36"\n')
    missed_then_hit(spy, capsys, "a.des")
    (tmp_path / "pyproject.toml").write_text('[tool.unlev\n')     # not TOML: usage error
    assert spy.run(capsys, "a.des")[0] == 2 and spy.fast is False


def test_a_new_file_in_a_folder_is_seen(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    spy.run(capsys, ".")
    spy.run(capsys, ".")
    assert spy.fast is True
    (project / "b.des").write_text(GOOD.replace('"a"', '"b"'))
    code, text, checked = spy.run(capsys, ".")
    assert (spy.fast, checked, text) == (False, 1, "2 passed, 0 failed\n")   # a partial hit


def test_a_broken_run_entry_is_a_miss(project, monkeypatch, capsys):
    (project / "w.des").write_text(WARN)
    spy = Spy(monkeypatch)
    first = spy.run(capsys, "a.des", "w.des")
    (run,) = [p for p in (project / ".unlev_cache" / "runs").rglob("*") if p.is_file()]
    whole = run.read_bytes()
    for broken in (whole[:len(whole) // 2], whole[:-1], whole + b"1\nx", b"", b"x\n"):
        run.write_bytes(broken)
        again = spy.run(capsys, "a.des", "w.des")
        assert (spy.fast, again[:2]) == (False, first[:2]), broken
        assert run.read_bytes() == whole                 # written again, whole


@pytest.mark.parametrize("argv", [["--no-cache"], ["--output-format", "json"], ["--fix"],
                                  ["--quiet", "-j1"], ["--no-compat"]])
def test_what_the_fast_path_does_not_answer(project, monkeypatch, capsys, argv):
    spy = Spy(monkeypatch)
    spy.run(capsys, *argv, "a.des")
    spy.run(capsys, *argv, "a.des")
    assert spy.fast is False


def test_the_fast_path_reads_the_options_as_the_parser_does():
    from unlev.cli import build_argparser
    ap = build_argparser("check")
    check = ap._subparsers._group_actions[0].choices["check"]
    flags, valued = set(), set()
    for action in check._actions:
        (valued if action.nargs is None and action.option_strings
         and action.const is None and not isinstance(action.default, bool)
         and action.dest not in ("help",) else flags).update(action.option_strings)
    answered_elsewhere = {"-h", "--help", "--no-cache", "--fix"}
    assert valued == Q.VALUED
    assert flags - answered_elsewhere == Q.FLAGS


def test_a_data_profile_folder_is_part_of_the_key(project, monkeypatch, capsys):
    import shutil
    from unlev.stdlib.profiles import builtin
    shutil.copytree(builtin("nethack36").path, project / "prof")
    spy = Spy(monkeypatch)
    missed_then_hit(spy, capsys, "--data", "./prof", "a.des")
    monsters = project / "prof" / "monsters.json"
    st = monsters.stat()
    os.utime(monsters, ns=(st.st_atime_ns, st.st_mtime_ns + 1000))
    missed_then_hit(spy, capsys, "--data", "./prof", "a.des")


def test_an_included_file_is_checked_on_every_hit(project, monkeypatch, capsys):
    (project / "inc.des").write_text('FUNCTION f() {\n  MESSAGE: "hi"\n}\n')
    (project / "m.des").write_text('INCLUDE "inc.des"\nLEVEL: "a"\nf()\n')
    spy = Spy(monkeypatch)
    assert spy.run(capsys, "m.des")[:3] == (0, "1 passed, 0 failed\n", 1)
    assert spy.run(capsys, "m.des")[2] == 0
    assert spy.fast is True
    (project / "inc.des").write_text('FUNCTION g() {\n  MESSAGE: "hi"\n}\n')
    code, text, checked = spy.run(capsys, "m.des")
    assert checked == 1 and code == 1            # f is gone: the cached pass was stale
    assert spy.fast is False


def test_a_failed_file_with_an_include_is_not_cached(project, monkeypatch, capsys):
    (project / "m.des").write_text('INCLUDE "nowhere.des"\nLEVEL: "a"\n')
    spy = Spy(monkeypatch)
    spy.run(capsys, "m.des")
    assert spy.run(capsys, "m.des")[2] == 1


def test_a_broken_entry_is_a_miss_and_is_rewritten(project, monkeypatch, capsys):
    spy = Spy(monkeypatch)
    spy.run(capsys, "a.des")
    import shutil
    shutil.rmtree(project / ".unlev_cache" / "runs")     # the per-file entry alone
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


def test_a_data_profile_found_by_name_is_left_to_the_full_path(project, monkeypatch,
                                                              capsys, tmp_path_factory):
    import shutil
    from unlev.stdlib.profiles import builtin
    shelf = tmp_path_factory.mktemp("profiles")
    shutil.copytree(builtin("nethack36").path, shelf / "myprof")
    monkeypatch.setenv("UNLEV_PROFILES", str(shelf))
    spy = Spy(monkeypatch)
    first = spy.run(capsys, "--data", "myprof", "a.des")
    again = spy.run(capsys, "--data", "myprof", "a.des")
    assert (spy.fast, again[2]) == (False, 0)        # the per-file entry answers
    assert again[:2] == first[:2]


def test_a_config_changed_during_the_check_is_not_recorded(project, monkeypatch, capsys):
    real = C._check_one

    def editing(path, args):                 # the config changes while the file is checked
        (project / "unlev.toml").write_text("lenient = true\n")
        return real(path, args)
    monkeypatch.setattr(C, "_check_one", editing)
    main(["check", "a.des"])
    capsys.readouterr()
    assert not (project / ".unlev_cache" / "runs").exists()
    spy = Spy(monkeypatch)
    missed_then_hit(spy, capsys, "a.des")    # keyed by the config as it is now
