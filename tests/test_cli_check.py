"""`unlev parse` / `unlev check` on the real corpus, their exit codes and output, and
robustness: mutated corpus files must give a des-file error, never a traceback."""

from __future__ import annotations

import contextlib
import io
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from unlev.cli import main
from unlev.lang import ast as A
from unlev.lang.frontend import compile_file

from parsekit import Hang, time_limit

REPO = Path(__file__).resolve().parent.parent

N_CORPUS_FILES = 35


def run_main(argv):
    """Run the CLI in-process: (exit code, stdout, stderr); usage errors exit via SystemExit."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def run_cli(*args, timeout=120):
    """Run ``python -m unlev`` in a subprocess."""
    return subprocess.run([sys.executable, "-m", "unlev", *map(str, args)],
                          capture_output=True, text=True, timeout=timeout)


# ====================================================================== the corpus
def test_every_corpus_file_parses(unnethack_corpus):
    assert len(unnethack_corpus) == N_CORPUS_FILES
    failures = {}
    levels = 0
    for path in unnethack_corpus:
        try:
            tree = compile_file(str(path)).tree
        except Exception as exc:  # noqa: BLE001 - collect them all, report together
            failures[path.name] = f"{type(exc).__name__}: {exc}"
            continue
        assert isinstance(tree, A.DesFile)
        assert tree.levels, path.name
        levels += len(tree.levels)
    assert failures == {}
    assert levels > N_CORPUS_FILES  # several files hold more than one LEVEL


def test_check_passes_on_the_corpus(corpus_root):
    code, out, err = run_main(["check", str(corpus_root / "unnethack")])
    assert code == 0, err[-2000:]
    assert out.strip().splitlines()[-1] == f"{N_CORPUS_FILES} passed, 0 failed"
    assert "error:" not in err and "Traceback" not in err
    assert "warning:" in err  # the corpus does use constructs the game gets wrong


def test_check_warnings_quiet_and_switched_off(corpus_root):
    # Rogue.des uses floodfill, which the game's loader gets wrong: a lint note that
    # check shows only when asked (issue 18: check reports real problems by default).
    rogue = corpus_root / "unnethack" / "Rogue.des"
    code, _out, err = run_main(["check", str(rogue)])
    assert code == 0 and err == ""
    code, _out, err = run_main(["check", "--select", "game-deviation", str(rogue)])
    assert code == 0 and ("Rogue.des:45:23: warning: floodfill differs in the game "
                          "[game-deviation]") in err
    code, _out, err = run_main(["lint", "--select", "game-deviation", str(rogue)])
    assert "Rogue.des:45:23: warning: floodfill differs in the game [game-deviation]" in err
    code, out, err = run_main(["check", "-q", str(rogue)])
    assert (code, out, err) == (0, "1 passed, 0 failed\n", "")
    code, _out, err = run_main(["check", "--no-compat-warnings", "--select", "game-deviation",
                                str(rogue)])
    assert code == 0 and "floodfill" not in err


def test_every_warning_has_a_code_and_suppression_comments_work(tmp_path):
    f = tmp_path / "s.des"
    f.write_text('LEVEL:"s"\nGEOMETRY:center,center\nMAP\n---\n|.|\n--\nENDMAP\n'
                 "# unlev: ignore[game-deviation]\n"
                 "TERRAIN: floodfill(1,1), '.'\n"
                 "TERRAIN: floodfill(1,1), '.'\n")
    code, out, err = run_main(["check", "--select", "map-rows", "--select", "game-deviation",
                               str(f)])
    warnings = [l for l in err.splitlines() if ": warning:" in l]
    assert all(l.endswith("]") for l in warnings) and len(warnings) == 2
    assert "s.des:6:" in warnings[0] and "[map-rows]" in warnings[0]
    assert "s.des:10:" in warnings[1]            # line 9 is suppressed by the comment
    code, out, err = run_main(["check", "--ignore", "game-deviation", "--select",
                               "game-deviation", str(f)])
    assert ": warning:" not in err
    code, _out, err = run_main(["lint", str(f)])
    assert "s.des:9:" not in err and "s.des:10:10" in err


def test_parse_ast_output(corpus_root):
    code, out, err = run_main(["parse", str(corpus_root / "unnethack" / "castle.des"), "--ast"])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "DesFile(header=[])"
    for name in ("Level(name='castle", "MapStmt(", "Drawbridge(", "Monster", "MonsterSpec(",
                 "Object", "ObjectSpec(", "LevRegionStmt(kind='teleport'", "NonDiggable",
                 "Feature(kind='fountain')", "Trap(", "CoordLit(x="):
        assert name in out, name


def test_parse_ast_with_spans_and_plain_parse(corpus_root):
    oracle = corpus_root / "unnethack" / "oracle.des"
    code, out, _err = run_main(["parse", str(oracle), "--ast", "--spans"])
    assert code == 0
    assert out.startswith("DesFile @1:1")
    assert "    Level @6:1(name='oracle')" in out and "RandomCorridors @" in out
    code, out, _err = run_main(["parse", str(oracle)])
    assert (code, out) == (0, f"{oracle}: ok (1 level)\n")


# ====================================================================== exit codes
BAD = 'LEVEL:"bad"\nNOMAP\nGOLD: 1, (90,1)\n'


def test_exit_code_0_for_a_good_file(tmp_path):
    good = tmp_path / "good.des"
    good.write_text('LEVEL:"good"\nNOMAP\nGOLD: 1, (1,1)\n')
    assert run_main(["check", str(good)])[:2] == (0, "1 passed, 0 failed\n")
    assert run_main(["parse", str(good)])[0] == 0


@pytest.mark.parametrize("command", ["check", "parse"])
def test_exit_code_1_and_error_format(tmp_path, command):
    bad = tmp_path / "bad.des"
    bad.write_text(BAD)
    code, out, err = run_main([command, str(bad)])
    assert code == 1
    lines = err.splitlines()
    assert lines[0] == f"{bad}:3:10: error: Coordinates (90,1) out of map range! [range]"
    assert lines[1] == "GOLD: 1, (90,1)"
    assert lines[2] == " " * 9 + "^"
    if command == "check":
        assert out == "0 passed, 1 failed\n"


def test_error_format_with_hint_and_wide_caret(tmp_path):
    bad = tmp_path / "neg.des"
    bad.write_text('LEVEL:"t"\n$x = -25\n')
    code, _out, err = run_main(["check", str(bad)])
    assert code == 1
    assert err.splitlines()[:4] == [
        f'{bad}:2:6: error: syntax error at "-25" [syntax]',
        "$x = -25",
        "     ^~~",
        "hint: a negative number must be written in parentheses, e.g. (-5); "
        "'a-1' needs spaces: 'a - 1'",
    ]


def test_check_counts_passed_and_failed_files(tmp_path):
    (tmp_path / "a.des").write_text('LEVEL:"a"\nNOMAP\n')
    (tmp_path / "b.des").write_text(BAD)
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "c.des").write_text('LEVEL:"c"\nNOMAP\n')
    (sub / "notes.txt").write_text("not a des-file")
    code, out, err = run_main(["check", str(tmp_path)])
    assert code == 1
    assert out == "2 passed, 1 failed\n"
    assert err.count("error:") == 1 and "b.des:3:10" in err


def test_missing_file_is_an_error_not_a_traceback(tmp_path):
    code, _out, err = run_main(["check", str(tmp_path / "nope.des")])
    assert code == 2       # a file-system error, as the README says (not 1: no des-file)
    assert "nope.des" in err and "error:" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    [],                                  # no command
    ["check"],                           # no file
    ["parse"],
    ["check", "--bogus", "x.des"],       # unknown option
    ["parse", "x.des", "--frobnicate"],
    ["frobnicate"],                      # unknown command
])
def test_exit_code_2_for_usage_errors(argv):
    code, _out, err = run_main(argv)
    assert code == 2


def test_usage_error_messages():
    code, _out, err = run_main(["check", "--bogus", "x.des"])
    assert code == 2 and "unrecognized arguments: --bogus" in err
    code, _out, err = run_main(["check"])
    assert code == 2 and "required" in err


def test_exit_code_2_when_a_directory_has_no_des_files(tmp_path):
    code, _out, err = run_main(["check", str(tmp_path)])
    assert code == 2 and "no des-files found" in err


def test_exit_codes_through_a_subprocess(tmp_path):
    bad = tmp_path / "bad.des"
    bad.write_text(BAD)
    proc = run_cli("check", bad)
    assert proc.returncode == 1
    assert f"{bad}:3:10: error:" in proc.stderr and "Traceback" not in proc.stderr
    assert run_cli().returncode == 2
    assert run_cli("check", "--bogus").returncode == 2


# ====================================================================== robustness
MUTANTS = 200
SEED = 20240611
SMALL = 20_000  # bytes: mutate the files up to this size, to keep the test quick


def _mutate(rng: random.Random, text: str):
    kind = rng.choice(["delete", "duplicate", "swap", "truncate"])
    if kind == "delete":  # a token-sized chunk
        i = rng.randrange(len(text))
        return kind, text[:i] + text[i + rng.randint(1, 8):]
    if kind == "duplicate":
        lines = text.split("\n")
        i = rng.randrange(len(lines))
        return kind, "\n".join(lines[:i + 1] + lines[i:])
    if kind == "swap":
        i = rng.randrange(len(text) - 1)
        return kind, text[:i] + text[i + 1] + text[i] + text[i + 2:]
    return kind, text[:rng.randrange(len(text))]


@pytest.fixture(scope="module")
def mutant_runs(unnethack_corpus, tmp_path_factory):
    """Check MUTANTS mutated corpus files through ``main``; one record per mutant.

    An input that takes far longer than its original file is stopped and recorded as
    "hang" (the limit scales with the original's parse time).
    """
    originals = []
    for path in unnethack_corpus:
        if path.stat().st_size > SMALL:
            continue
        start = time.process_time()
        compile_file(str(path))
        originals.append((path, path.read_text(encoding="latin-1"),
                          0.3 + 6 * (time.process_time() - start)))
    rng = random.Random(SEED)
    where = tmp_path_factory.mktemp("mutants")
    runs = []
    for n in range(MUTANTS):
        path, text, limit = rng.choice(originals)
        kind, mutant = _mutate(rng, text)
        target = where / f"{n:03d}-{kind}-{path.name}"
        target.write_text(mutant, encoding="latin-1")
        for attempt in (1, 2):
            out, err = io.StringIO(), io.StringIO()
            try:
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    with time_limit(limit):
                        outcome = main(["check", "-q", str(target)])
            except Hang:
                # an endless input hangs every time; a first run that paid for a cold
                # start (a table, an import) in this worker is given a second run
                outcome = "hang"
                continue
            except SystemExit as exc:
                outcome = f"SystemExit({exc.code})"
            except Exception as exc:  # noqa: BLE001 - that is what we look for
                outcome = f"{type(exc).__name__}: {exc}"
            break
        runs.append((target, kind, outcome, err.getvalue()))
    return runs


def _crashes(mutant_runs):
    return [(t.name, o) for t, _k, o, _e in mutant_runs if o not in (0, 1, "hang")]


# the full tier's (--full), as the three below: the mutants fixture runs 100+ mutated
# corpus files
@pytest.mark.slow
def test_mutated_corpus_files_never_crash(mutant_runs):
    assert _crashes(mutant_runs) == []
    tracebacks = [t.name for t, _k, o, e in mutant_runs if "Traceback" in e]
    assert tracebacks == []
    outcomes = [o for _t, _k, o, _e in mutant_runs]
    # The mutations do something: many inputs now fail, and some still pass.
    assert outcomes.count(1) >= MUTANTS // 5
    assert outcomes.count(0) >= 10
    assert {k for _t, k, _o, _e in mutant_runs} == {"delete", "duplicate", "swap", "truncate"}


@pytest.mark.slow
def test_failed_mutants_report_file_line_and_column(mutant_runs):
    for target, _kind, outcome, err in mutant_runs:
        if outcome == 1:
            first = err.splitlines()[0]
            assert first.startswith(f"{target}:"), first
            assert ": error: " in first


@pytest.mark.slow
def test_mutated_corpus_files_never_hang(mutant_runs):
    hangs = [t.name for t, _k, o, _e in mutant_runs if o == "hang"]
    assert hangs == []


@pytest.mark.slow
def test_mutants_through_a_subprocess(mutant_runs, tmp_path):
    picks = []
    for wanted in (0, 1):
        picks.append(next(t for t, _k, o, _e in mutant_runs if o == wanted))
    broken = tmp_path / "broken.des"
    broken.write_text('LEVEL:"x"\nMONSTER: \'d\', (1,1), "Fido", peaceful peaceful\n'
                      'OBJECT: "\n')
    picks.append(broken)
    for path in picks:
        proc = run_cli("check", path)
        assert proc.returncode in (0, 1), proc.stderr
        assert "Traceback" not in proc.stderr
        last = proc.stdout.strip().splitlines()[-1]
        assert last in ("1 passed, 0 failed", "0 passed, 1 failed")
    assert proc.returncode == 1 and "broken.des:2:" in proc.stderr


def test_check_in_worker_processes_reports_as_one_process_does():
    # -j 2 forks workers; their errors and warnings come back in file order, the same
    # text, the same summary and exit code as checking the files one after another
    folders = [str(REPO / "samples"), str(REPO / "tests" / "fuzz_regressions")]
    one = run_main(["check", "-j", "1", *folders])
    two = run_main(["check", "-j", "2", *folders])
    assert one[0] == two[0] == 1
    assert one[1] == two[1] and "passed" in one[1] and " 0 failed" not in one[1]
    assert one[2] == two[2] and one[2].count("error:") >= 3
