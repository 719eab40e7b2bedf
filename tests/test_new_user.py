"""What a new user trips on (issue 32): one meaning per option across the commands, no
hint naming an option that does not exist, checks that fail with a non-zero exit, and
the small output promises ("wrote PATH", verdicts on stderr).

Each test here failed before its fix: the parser walk found 20 options whose meaning
differed between two commands, the hint walk found ``--step-limit``; ``convert
--verify`` and ``compare`` exited 0 whatever they found."""

from __future__ import annotations

import argparse
import ast
import io
import os
import re

import pytest

from unlev.cli import COMMANDS, build_argparser, main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "samples", "bigrm.des")


def command_parsers():
    """{command: its real parser}, each built as ``unlev COMMAND`` builds it."""
    out = {}
    for cmd in COMMANDS:
        ap = build_argparser(cmd)
        sub = next(a for a in ap._actions if isinstance(a, argparse._SubParsersAction))
        out[cmd] = sub.choices[cmd]
    return out


def _strip_defaults(text: str) -> str:
    """A help text without its "(default ...)" / "(auto: ...)" part: the default may
    differ by command (check picks its -j by the files' size), the meaning may not."""
    return re.sub(r"\s*\((?:default|auto)[^()]*(?:\([^()]*\)[^()]*)*\)", "", text or "")


def _probe(parse):
    out = []
    for text in ("0", "3", "1..4", "x", "Samurai", "2026-01-02"):
        try:
            out.append(repr(parse(text)))
        except Exception as e:
            out.append(type(e).__name__)
    return out


# Options two commands share on purpose with a different subject, each with why; the
# test below fails if one of these stops differing (so the list cannot rot) and for any
# other difference.
SUBJECT_DIFFERS = {
    # run and repl pick the one LEVEL to run (repl cannot run "all"); test and compare
    # filter the many they run with globs
    "--level": [{"run"}, {"repl"}, {"test", "compare"}],
    # the syntax is one (PATH, or - / nothing for stdout); what is written is run's
    # levels or compare's report
    "--json": [{"run"}, {"compare"}],
    # one syntax (a PATH to write a page to); what the page shows is run's levels or
    # test's report of failures and changed snapshots
    "--html": [{"run"}, {"test"}],
    # one seed syntax; compare --exact also uses the list to pick the game seeds of
    # the dumps it builds
    "--seeds": [{"test"}, {"compare"}],
    # a level seed everywhere; serve's page starts with it
    "--seed": [{"run", "repl"}, {"lua-test"}, {"serve"}],
}


def test_options_shared_by_two_commands_mean_the_same():
    parsers = command_parsers()
    by_option = {}
    for cmd, p in parsers.items():
        for a in p._actions:
            for o in a.option_strings:
                if o not in ("-h", "--help"):
                    by_option.setdefault(o, []).append((cmd, a))
    assert len([o for o, v in by_option.items() if len(v) > 1]) > 20   # the walk walks
    problems = []
    for option, users in sorted(by_option.items()):
        groups = {}
        for cmd, a in users:
            key = (type(a).__name__, a.nargs, a.const, a.metavar,
                   tuple(sorted(a.choices)) if a.choices is not None else None,
                   getattr(a.type, "__qualname__", None),
                   tuple(_probe(a.type)) if a.type else None,
                   _strip_defaults(a.help))
            groups.setdefault(key, set()).add(cmd)
        if len(groups) == 1:
            continue
        allowed = SUBJECT_DIFFERS.get(option)
        found = sorted(map(sorted, groups.values()))
        if allowed is None or found != sorted(map(sorted, allowed)):
            problems.append(f"{option}: {found}")
    assert problems == []
    for option, groups in SUBJECT_DIFFERS.items():   # still needed, still true
        assert all(any(option in {o for a in parsers[c]._actions for o in a.option_strings}
                       for c in g) for g in groups)


def test_lsp_dialects_come_from_the_registry():
    from unlev.lang.dialect import CHOICES
    lsp = command_parsers()["lsp"]
    dialect = next(a for a in lsp._actions if "--dialect" in a.option_strings)
    assert set(dialect.choices) == set(CHOICES)
    assert {"unnethack351", "unnethack352"} <= set(dialect.choices)


def test_convert_takes_the_common_options():
    convert = command_parsers()["convert"]
    options = {o for a in convert._actions for o in a.option_strings}
    assert {"--include-path", "--lenient", "--dialect", "--data"} <= options


def _known_options():
    """Every option a hint may name: unlev's commands, the pytest plugin's, the
    compare self-test's."""
    known = set()
    for p in command_parsers().values():
        known |= {o for a in p._actions for o in a.option_strings}
    known |= {o for a in build_argparser()._actions for o in a.option_strings}

    class Group:
        def addoption(self, *names, **_kw):
            known.update(names)

    class Parser:
        def getgroup(self, *_a, **_kw):
            return Group()

    from unlev.tools.harness import pytest_plugin
    pytest_plugin.pytest_addoption(Parser())
    from unlev.tools.compare import selftest
    with pytest.raises(SystemExit):
        import contextlib
        with contextlib.redirect_stdout(io.StringIO()):
            selftest.main(["--help"])
    from unlev.tools.compare import calibrate     # python -m tools of their own
    from unlev.lang import ast_gen
    for module in (selftest, calibrate, ast_gen):
        with open(module.__file__) as fh:
            src = fh.read()
        known |= set(re.findall(r"add_argument\(\"(--[a-z-]+)\"", src))
        known |= set(re.findall(r"\"-[a-z]\", \"(--[a-z-]+)\"", src))
    return known


def _hint_strings():
    """(file:line, text) of every string literal in the package that is not a
    docstring (docstrings may speak of options of other programs)."""
    for top in ("unlev", "lang", "stdlib"):
        for d, _dirs, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if not f.endswith(".py"):
                    continue
                path = os.path.join(d, f)
                with open(path, encoding="utf-8") as fh:
                    nodes = list(ast.walk(ast.parse(fh.read())))
                docs = set()
                for n in nodes:
                    body = getattr(n, "body", None)
                    if (isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef,
                                       ast.AsyncFunctionDef)) and body
                            and isinstance(body[0], ast.Expr)
                            and isinstance(body[0].value, ast.Constant)):
                        docs.add(id(body[0].value))
                for n in nodes:
                    if (isinstance(n, ast.Constant) and isinstance(n.value, str)
                            and id(n) not in docs):
                        yield f"{os.path.relpath(path, ROOT)}:{n.lineno}", n.value


def test_every_option_a_message_names_exists():
    known = _known_options()
    named = {}
    for where, text in _hint_strings():
        for option in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*[a-z0-9](?![\w-])", text):
            named.setdefault(option, where)
    assert "--update" in named and "--seed" in named     # the walk sees the hints
    assert {o: w for o, w in named.items() if o not in known} == {}


def test_step_limit_error_names_no_missing_option(tmp_path, capsys):
    f = tmp_path / "loop.des"
    f.write_text('LEVEL: "loop"\nLOOP [2000000] { }\n')
    code = main(["run", str(f), "--seed", "1", "--json", str(tmp_path / "o.json")])
    err = capsys.readouterr().err
    assert code == 1 and "steps" in err
    assert "--step-limit" not in err


# ------------------------------------------------------------------ one syntax of --seeds
@pytest.mark.parametrize("text, seeds", [("7", [7]), ("1..3", [1, 2, 3]), ("1-3", [1, 2, 3]),
                                         ("1,5,9", [1, 5, 9]), ("1..2,5-6", [1, 2, 5, 6])])
def test_seeds_mean_the_same_in_every_command(text, seeds):
    parsers = command_parsers()
    got = {}
    for cmd, flag in (("test", "--seeds"), ("compare", "--seeds"), ("convert", "--verify")):
        a = next(a for a in parsers[cmd]._actions if flag in a.option_strings)
        got[cmd] = a.type(text)
    assert got == {"test": seeds, "compare": seeds, "convert": seeds}
    from unlev.tools.harness.config import parse_seeds
    assert parse_seeds(text) == seeds          # unlev-test.ini and the pytest plugin


@pytest.mark.parametrize("argv", [["test", "x", "--seeds", "a"],
                                  ["compare", "x", "--seeds", "5..1"],
                                  ["convert", "x", "--verify", "1..b"]])
def test_a_bad_seed_list_is_a_usage_error(argv, capsys):
    with pytest.raises(SystemExit) as e:
        main(argv)
    err = capsys.readouterr().err
    assert e.value.code == 2 and f"unlev {argv[0]}: error:" in err and "seed" in err


def test_compare_seeds_are_a_list_not_a_count():
    compare = command_parsers()["compare"]
    args = compare.parse_args(["x", "--seeds", "10"])
    assert args.seeds == [10]
    assert compare.parse_args(["x"]).seeds == list(range(1, 11))


# ------------------------------------------------------------------ repl as run
def test_repl_level_by_number_and_a_random_seed_said(capsys, monkeypatch):
    caves = os.path.join(ROOT, "samples", "caves.des")
    monkeypatch.setattr("sys.stdin", io.StringIO(":show\n"))
    assert main(["repl", caves, "--level", "2", "--color", "never", "--no-echo"]) == 0
    out, err = capsys.readouterr()
    from unlev.lang.frontend import compile_file
    second = compile_file(caves).tree.levels[1].name
    assert f'LEVEL "{second}"' in out
    m = re.search(r"unlev: seed (\d+) \(repeat with --seed \1\)", err)
    assert m, err
    monkeypatch.setattr("sys.stdin", io.StringIO(":show\n"))
    assert main(["repl", caves, "--level", "9", "--no-echo"]) == 2
    assert "--level 9: the file has" in capsys.readouterr().err


# ------------------------------------------------------------------ checks that fail
def test_convert_verify_fails_when_not_identical(monkeypatch, capsys, tmp_path):
    import unlev.tools.convert as cmd
    monkeypatch.setattr(cmd, "verify_file",
                        lambda *a, **k: (1, 2, ["bigrm seed 2: JSON differs: line 3"]))
    code = main(["convert", SAMPLE, "-o", "-", "--verify", "1..2"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "byte-identical" not in out and "differs" not in out     # stdout: Lua only
    assert "1 of 2 level x seed runs give byte-identical JSON" in err
    monkeypatch.setattr(cmd, "verify_file", lambda *a, **k: (2, 2, []))
    assert main(["convert", SAMPLE, "-o", str(tmp_path), "--verify", "1..2"]) == 0


def test_convert_verify_without_lua_is_an_error(monkeypatch, capsys, tmp_path):
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "lupa" else real(name, *a))
    code = main(["convert", SAMPLE, "-o", str(tmp_path), "--verify", "1"])
    out, err = capsys.readouterr()
    assert code == 2 and "Lua fails" not in out
    assert "unlev convert: error: --verify runs the Lua and needs lupa" in err


def test_compare_fails_on_an_unexplained_difference():
    from unlev.tools.compare.command import LevelResult, Report, failing
    from unlev.tools.compare.measures import DIFFERS, KNOWN, MATCH, Measure

    def level(verdict):
        m = Measure("stairs", "count", "1", "1", "exact", 1.0, 0.0, verdict)
        return LevelResult("x", "x.des", 1, 1, measures=[m])

    assert level(DIFFERS).verdict == DIFFERS and level(MATCH).verdict == MATCH
    assert not failing(Report("ref", 1, [level(MATCH), level(KNOWN)]))
    assert failing(Report("ref", 1, [level(MATCH), level(DIFFERS)]))
    assert failing(Report("ref", 1, [LevelResult("y", "y.des", 0, 0, error="des-file error")]))


def test_compare_progress_piped_is_one_line_per_level():
    from unlev.tools.compare.command import LevelResult, _Progress
    buf = io.StringIO()
    p = _Progress(buf)
    p(LevelResult("oracle", "o.des", 1, 1))
    p(LevelResult("bigrm-1", "b.des", 1, 1))
    p.close()
    lines = buf.getvalue().splitlines()
    assert len(lines) == 2 and lines[1].startswith("compare: 2 levels done")
    assert "\r" not in buf.getvalue()


# ------------------------------------------------------------------ test and lint
RAGGED = """\
LEVEL: "ragged"
ROOM: "ordinary", random, random, random, random { }
LEVEL: "fine"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
-------
|.....|
|.....|
-------
ENDMAP
STAIR:(1,1),up
STAIR:(5,2),down
"""


def test_test_level_counts_only_its_own_lint(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = RAGGED.replace('LEVEL: "ragged"\n', 'LEVEL: "ragged"\nINIT_MAP: solidfill, \' \'\n'
                          "GEOMETRY:center,center\nMAP\n---\n|.|\n|..|\n---\nENDMAP\n")
    (tmp_path / "two.des").write_text(text)
    main(["test", "two.des", "--seeds", "1", "-j", "1", "--no-progress"])
    both = capsys.readouterr().out
    assert "[map-rows]" in both                       # the ragged LEVEL has a finding
    main(["test", "two.des", "--seeds", "1", "-j", "1", "--no-progress", "--level", "fine"])
    fine = capsys.readouterr().out
    assert "[map-rows]" not in fine and "lint warning" not in fine


def test_test_quiet_hides_lint_and_json_report_says_wrote(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = RAGGED.replace('LEVEL: "ragged"\n', 'LEVEL: "ragged"\nINIT_MAP: solidfill, \' \'\n'
                          "GEOMETRY:center,center\nMAP\n---\n|.|\n|..|\n---\nENDMAP\n")
    (tmp_path / "two.des").write_text(text)
    main(["test", "two.des", "--seeds", "1", "-j", "1", "-q", "--json-report", "r.json"])
    out, err = capsys.readouterr()
    assert "[map-rows]" not in out and "passed" in out
    assert "wrote r.json" in err and os.path.exists("r.json")


def test_lint_in_parallel_says_what_serial_says(tmp_path, capsys):
    corpus = os.path.join(ROOT, "samples")
    assert main(["lint", corpus, "-j", "1", "--exit-zero"]) == 0
    serial = capsys.readouterr()
    assert main(["lint", corpus, "-j", "2", "--exit-zero"]) == 0
    parallel = capsys.readouterr()
    assert serial == parallel


def test_lint_unknown_code_is_a_usage_error(capsys):
    assert main(["lint", SAMPLE, "--ignore", "bogus"]) == 2
    assert "unlev lint: error: unknown code 'bogus'" in capsys.readouterr().err


def test_plugin_names_its_own_update_option():
    from unlev.tools.harness.jobs import describe_failure
    r = {"error": "", "violations": [], "snapshot": "missing"}
    assert "--unlev-update" in describe_failure(r, update_option="--unlev-update")
    assert "--update " in describe_failure(r)


# ------------------------------------------------------------------ README promises
def test_to_ascii_draws_up_stairs_as_up_stairs():
    from unlev.generate.build import build_level
    from unlev.lang.frontend import compile_file
    compiled = compile_file(SAMPLE)
    level = build_level(compiled, compiled.tree.levels[0], seed=42, force_flip=True)
    rows = level.to_ascii().split("\n")
    assert level.stairs and any(s.up for s in level.stairs)
    for s in level.stairs:
        assert rows[s.y][s.x] == ("<" if s.up else ">")


def test_readme_has_no_stray_lines_and_current_commands():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as fh:
        text = fh.read()
    assert "\nX\n" not in text and "is being built" not in text
    assert "--verify 5 " not in text and "--seeds 10 " not in text


# ------------------------------------------------------------------ output
def test_piped_run_has_no_padding_and_says_what_it_wrote(tmp_path):
    import subprocess
    import sys
    out = subprocess.run([sys.executable, "-m", "unlev.cli", "run", SAMPLE, "--seed", "42",
                          "--show", "--svg", str(tmp_path / "a.svg"), "--json",
                          str(tmp_path / "a.json"), "--html", str(tmp_path / "a.html")],
                         capture_output=True, text=True)
    assert out.returncode == 0
    lines = out.stdout.split("\n")
    assert len(lines) > 20 and not [ln for ln in lines if ln != ln.rstrip()]
    for name in ("a.svg", "a.html", "a.json"):
        assert f"wrote {tmp_path / name}" in out.stderr
    svg = (tmp_path / "a.svg").read_text()
    assert "cdnjs" not in svg and "@font-face" not in svg and "<circle" not in svg
    assert "<title>unlev run bigrm.des --seed 42</title>" in svg


def test_piped_highlight_keeps_long_lines_whole(tmp_path):
    import subprocess
    import sys
    f = tmp_path / "long.des"
    comment = "# " + "a" * 150
    f.write_text(f'LEVEL: "x"\n{comment}\n')
    out = subprocess.run([sys.executable, "-m", "unlev.cli", "parse", str(f), "--highlight"],
                         capture_output=True, text=True)
    assert out.returncode == 0 and comment in out.stdout
    assert all(ln == ln.rstrip() for ln in out.stdout.split("\n"))


def test_docs_go_through_a_pager_on_a_terminal(tmp_path, monkeypatch, capsys):
    paged = tmp_path / "paged.txt"
    monkeypatch.setenv("PAGER", f"cat > {paged}")
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert main(["docs", "json-schema"]) == 0
    text = paged.read_text()
    assert "The level JSON format" in text and "# The level JSON format" not in text
    monkeypatch.setattr("sys.stdout.isatty", lambda: False)
    assert main(["docs", "json-schema"]) == 0
    assert capsys.readouterr().out.startswith("# The level JSON format")


# ------------------------------------------------------------------ the game's means
POND = """\
LEVEL: "pond"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
---------
|...}...|
|...}...|
---------
ENDMAP
STAIR:(1,1),up
STAIR:(7,2),down
"""


def test_water_between_the_stairs_is_crossed_by_the_games_means(tmp_path, capsys):
    """A pond between the stairs is the game's design (Medusa, the Healer's home):
    levitation crosses it, so it passes with no config; behind a wall no one can dig
    through the same stairs fail, with the map drawn and the command that reproduces
    it."""
    f = tmp_path / "pond.des"
    f.write_text(POND)
    assert main(["test", str(f), "--seeds", "1", "-j", "1", "--no-progress"]) == 0
    capsys.readouterr()
    f.write_text(POND.replace("}", "|").replace("ENDMAP\n", "ENDMAP\nNON_DIGGABLE:(0,0,8,3)\n"))
    assert main(["test", str(f), "--seeds", "1", "-j", "1", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "stairs down is not reachable from the up stairs, not even crossing water" in out
    # the map, with '<' (on either side: the level may be flipped)
    assert re.search(r"^\s+\d+ .*(\|<\.\.\||\|\.\.<\|)", out, re.M)
    assert "    X: (" in out                                    # the problem marked
    assert f"reproduce: unlev test {f} --level pond --seeds 1" in out


def test_a_planted_unreachable_stair_in_a_game_file_fails(tmp_path, capsys):
    """A copy of the game's Oracle with its down stairs shut in non-diggable walls."""
    src = os.path.join(ROOT, "..", "shared", "corpus", "unnethack", "oracle.des")
    if not os.path.exists(src):
        pytest.skip("no UnNetHack corpus at ../shared/corpus")
    with open(src, encoding="latin-1") as fh:
        text = fh.read()
    assert main(["test", src, "--seeds", "1..3", "-j", "1", "--no-progress"]) == 0
    capsys.readouterr()
    planted = text + ('\nTERRAIN: (1,1), \'-\'\nTERRAIN: (3,1), \'-\'\nTERRAIN: (2,0), \'-\'\n'
                      'TERRAIN: (2,2), \'-\'\nTERRAIN: (1,0), \'-\'\nTERRAIN: (3,0), \'-\'\n'
                      'TERRAIN: (1,2), \'-\'\nTERRAIN: (3,2), \'-\'\n'
                      'NON_DIGGABLE: (0,0,4,3)\nSTAIR: (2,1), down\n')
    copy = tmp_path / "oracle.des"
    copy.write_text(planted, encoding="latin-1")
    code = main(["test", str(copy), "--seeds", "1", "-j", "1", "--no-progress"])
    out = capsys.readouterr().out
    assert code == 1 and "[reachable]" in out and "    X: (" in out and "reproduce:" in out


# ------------------------------------------------------------------ one finding, one text
ROWS = """\
LEVEL: "ragged"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
---
|.|
|..|
----
ENDMAP
LEVEL: "plain"
ROOM: "ordinary", random, random, random, random { }
"""


def test_a_finding_reads_the_same_in_run_and_lint_and_only_for_its_level(tmp_path, capsys):
    f = tmp_path / "rows.des"
    f.write_text(ROWS)
    out = str(tmp_path / "o.json")
    main(["run", str(f), "--seed", "1", "--json", out])
    run_err = capsys.readouterr().err
    main(["lint", str(f)])
    lint_err = capsys.readouterr().err
    first = [ln for ln in run_err.splitlines() if "[map-rows]" in ln]
    assert first and first == [ln for ln in lint_err.splitlines() if "[map-rows]" in ln]
    assert "MAP row 1 is 3 characters wide, the widest is 4 (and 1 more row)" in first[0]
    main(["run", str(f), "--seed", "1", "--json", out, "--level", "plain"])
    assert "[map-rows]" not in capsys.readouterr().err
    main(["run", str(f), "--seed", "1", "--json", out, "--level", "ragged"])
    assert "[map-rows]" in capsys.readouterr().err


# ------------------------------------------------------------------ snapshots
def test_snapshots_umask_stale_levels_and_one_diff_per_level(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    f = tmp_path / "two.des"
    f.write_text(RAGGED)
    old = os.umask(0o022)
    try:
        assert main(["test", "two.des", "--seeds", "1..3", "-j", "1", "--no-progress",
                     "--snapshots", "s", "--no-flip", "--lint", "off"]) == 0
    finally:
        os.umask(old)
    snap = tmp_path / "s" / "two" / "fine" / "seed-1.txt"
    assert oct(snap.stat().st_mode & 0o777) == "0o644"
    capsys.readouterr()
    # the fixed LEVEL changes the same way under every seed: its diff is printed once
    f.write_text(RAGGED.replace("|.....|\n|.....|", "|.....|\n|..{..|"))
    assert main(["test", "two.des", "--seeds", "1..3", "-j", "1", "--no-progress",
                 "--snapshots", "s", "--no-flip", "--lint", "off"]) == 1
    out = capsys.readouterr().out
    assert out.count("snapshot differs") == 1
    assert "fine seed 2: the same snapshot difference as seed 1" in out
    # a renamed LEVEL: its old snapshots are reported, and --update removes them
    f.write_text(RAGGED.replace('"fine"', '"finer"'))
    main(["test", "two.des", "--seeds", "1", "-j", "1", "--no-progress", "--snapshots", "s", "--no-flip",
          "--lint", "off"])
    out = capsys.readouterr().out
    assert f"stale snapshots {os.path.join('s', 'two', 'fine')}: no LEVEL of" in out
    main(["test", "two.des", "--seeds", "1", "-j", "1", "--no-progress", "--snapshots", "s", "--no-flip",
          "--lint", "off", "--update"])
    assert not (tmp_path / "s" / "two" / "fine").exists()


def test_the_instrument_self_test_tells_its_progress():
    from unlev.tools.compare.selftest import _progress_line
    buf = io.StringIO()
    tell = _progress_line(buf)
    tell("n=10: building level 1 of 2 (oracle)")
    tell("n=10: building level 2 of 2 (bigrm-1)")
    assert buf.getvalue().splitlines() == ["selftest: n=10: building level 1 of 2 (oracle)",
                                           "selftest: n=10: building level 2 of 2 (bigrm-1)"]


# ------------------------------------------------------------------ diagnostics as data
def test_lint_and_check_output_formats(tmp_path, capsys):
    import json
    f = tmp_path / "rows.des"
    f.write_text(ROWS)
    assert main(["lint", str(f), "--output-format", "json"]) == 1
    out, err = capsys.readouterr()
    (item,) = json.loads(out)
    assert item["code"] == "map-rows" and item["line"] == 5 and item["file"] == str(f)
    assert "1 warning in 1 file" in err
    main(["lint", str(f), "--output-format", "github"])
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"::warning file={f},line=5,col=") and "title=map-rows::" in line
    main(["lint", str(f), "--output-format", "sarif"])
    doc = json.loads(capsys.readouterr().out)
    assert doc["version"] == "2.1.0"
    (res,) = doc["runs"][0]["results"]
    assert res["ruleId"] == "map-rows" and res["locations"][0]["physicalLocation"][
        "region"]["startLine"] == 5
    bad = tmp_path / "bad.des"
    bad.write_text('LEVEL: "x"\nMONSTER: "gnome lordd", random\n')
    assert main(["check", str(bad), "--output-format", "json"]) == 1
    out, err = capsys.readouterr()
    (item,) = json.loads(out)
    assert item["severity"] == "error" and item["line"] == 2 and "gnome lordd" in item["message"]
    assert "0 passed, 1 failed" in err


def test_explain_says_what_a_code_means(capsys):
    assert main(["explain", "map-door"]) == 0
    assert capsys.readouterr().out.startswith("map-door: A '+' in a MAP with no DOOR")
    assert main(["explain", "[map-rows]"]) == 0
    capsys.readouterr()
    assert main(["explain", "mapdoor"]) == 2
    assert "did you mean map-door?" in capsys.readouterr().err
    from unlev.tools.diagnostic_formats import EXPLAIN
    from unlev.tools.lint import CODES
    assert set(CODES) <= set(EXPLAIN)          # every lint code is explained
