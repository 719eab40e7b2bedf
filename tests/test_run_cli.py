"""``unlev run``: every option and exit code, both through ``main(argv)`` and through a
real subprocess (``python -m unlev``), plus the determinism of the JSON across
processes.

Each behaviour is tested in-process (fast); the subprocess tests at the end run every
option and exit code through the installed entry point in a few combined runs (a
process start costs about a second) and check they agree with the in-process run."""

from __future__ import annotations

import html as html_lib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from unlev.cli import main

REPO = Path(__file__).resolve().parent.parent
BIGRM = "samples/bigrm.des"
CAVES = "samples/caves.des"
ANSI = re.compile(r"\x1b\[[0-9;]*m")

MODES = ["main"]


def _env(**extra):
    env = {k: v for k, v in os.environ.items()
           if k not in ("FORCE_COLOR", "NO_COLOR", "COLUMNS", "LINES", "TERM", "UNLEV_TRACEBACK")}
    env.update(extra)
    return env


def run(mode, argv, capsys=None, env=None):
    """(exit code, stdout, stderr) of ``unlev ARGV`` run in-process or as a process.
    The working directory is the repository, so sample paths stay relative."""
    if mode == "main":
        cwd = os.getcwd()
        os.chdir(REPO)
        try:
            try:
                rc = main(list(argv))
            except SystemExit as e:      # argparse: --help and usage errors
                rc = e.code if isinstance(e.code, int) else 2
        finally:
            os.chdir(cwd)
        out, err = capsys.readouterr()
        return rc, out, err
    p = subprocess.run([sys.executable, "-m", "unlev", *argv], cwd=REPO, env=env or _env(),
                       capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def run_json(mode, argv, capsys):
    rc, out, err = run(mode, ["run", *argv, "--json"], capsys)
    assert rc == 0, err
    return json.loads(out)


@pytest.fixture(params=MODES)
def mode(request):
    return request.param


# --- help -------------------------------------------------------------------------------
def test_main_help_mentions_run_with_an_example(mode, capsys):
    rc, out, _ = run(mode, ["--help"], capsys)
    assert rc == 0 and "examples:" in out and "unlev run samples/bigrm.des --seed 42 --show" in out


def test_run_help_documents_every_option_with_examples(mode, capsys):
    rc, out, _ = run(mode, ["run", "--help"], capsys)
    assert rc == 0
    for opt in ("--level", "--seed", "--show", "--json", "--svg", "--html", "--depth",
                "--difficulty", "--role", "--race", "--align", "--date", "--no-flip",
                "--include-path", "--compat", "--color", "--quiet"):
        assert opt in out, opt
    assert "examples:" in out and "unlev run samples/bigrm.des --seed 42 --show" in out
    assert "Exit codes" in out


def test_no_command_is_a_usage_error(mode, capsys):
    rc, _, _ = run(mode, [], capsys)
    assert rc == 2


# --- drawing ------------------------------------------------------------------------------
def test_show_draws_the_map_and_summary_without_colour_when_piped(mode, capsys):
    rc, out, err = run(mode, ["run", BIGRM, "--seed", "42", "--show"], capsys)
    assert rc == 0, err
    assert "\x1b" not in out
    lines = out.splitlines()
    assert all(len(ln) <= 80 for ln in lines[:21])
    assert any(ln.strip().startswith("-----") for ln in lines[:21])
    assert "bigrm-u  seed 42" in out and "forest centaur" in out
    # the drawing is the JSON's display map
    doc = run_json(mode, [BIGRM, "--seed", "42"], capsys)
    assert [ln.ljust(80) for ln in lines[:21]] == doc["levels"][0]["display"]


def test_drawing_is_the_default_output(mode, capsys):
    rc, out, _ = run(mode, ["run", BIGRM, "--seed", "42"], capsys)
    rc2, out2, _ = run(mode, ["run", BIGRM, "--seed", "42", "--show"], capsys)
    assert rc == rc2 == 0 and out == out2 and "seed 42" in out


@pytest.mark.parametrize("color, coloured", [("always", True), ("never", False),
                                             ("auto", False)])
def test_color_option(mode, capsys, color, coloured):
    rc, out, _ = run(mode, ["run", BIGRM, "--seed", "42", "--color", color], capsys)
    assert rc == 0
    assert bool(ANSI.search(out)) == coloured
    assert "seed 42" in ANSI.sub("", out)


# --- seeds and levels -------------------------------------------------------------------
def test_random_seed_is_printed_and_repeats(mode, capsys):
    rc, out, err = run(mode, ["run", BIGRM, "--json"], capsys)
    assert rc == 0
    m = re.search(r"seed (\d+) \(repeat with --seed \1\)", err)
    assert m, err
    seed = int(m.group(1))
    doc = json.loads(out)
    assert doc["seed"] == seed
    again = run_json(mode, [BIGRM, "--seed", str(seed)], capsys)
    assert again == doc


def test_quiet_hides_the_random_seed_note(mode, capsys):
    rc, _, err = run(mode, ["run", BIGRM, "--json", "-q"], capsys)
    assert rc == 0 and "seed" not in err


def test_different_seeds_give_different_levels(mode, capsys):
    a = run_json(mode, [BIGRM, "--seed", "1"], capsys)["levels"][0]
    b = run_json(mode, [BIGRM, "--seed", "2"], capsys)["levels"][0]
    assert a["display"] != b["display"]


@pytest.mark.parametrize("which, names", [
    ("all", ["cave-lake", "cave-fire"]), ("cave-fire", ["cave-fire"]), ("1", ["cave-lake"]),
    ("2", ["cave-fire"])])
def test_level_option_selects(mode, capsys, which, names):
    doc = run_json(mode, [CAVES, "--seed", "3", "--level", which], capsys)
    assert [lv["name"] for lv in doc["levels"]] == names


def test_a_level_alone_is_the_same_as_in_the_full_run(mode, capsys):
    full = run_json(mode, [CAVES, "--seed", "3"], capsys)
    alone = run_json(mode, [CAVES, "--seed", "3", "--level", "cave-fire"], capsys)
    assert alone["levels"][0] == full["levels"][1]


def test_all_levels_are_drawn_one_after_another(mode, capsys):
    rc, out, _ = run(mode, ["run", CAVES, "--seed", "3"], capsys)
    assert rc == 0 and out.index("cave-lake  seed 3") < out.index("cave-fire  seed 3")


@pytest.mark.parametrize("which", ["nope", "3", "0"])
def test_unknown_level_is_a_usage_error(mode, capsys, which):
    rc, out, err = run(mode, ["run", CAVES, "--level", which, "--seed", "1"], capsys)
    assert rc == 2 and "cave-lake" in err or "2 levels" in err


# --- outputs ------------------------------------------------------------------------------
def test_json_to_a_file(mode, capsys, tmp_path):
    path = tmp_path / "out.json"
    rc, out, _ = run(mode, ["run", BIGRM, "--seed", "5", "--json", str(path)], capsys)
    assert rc == 0 and out == ""
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["format"] == "unlev-level" and doc["levels"][0]["seed"] == 5
    assert doc == run_json(mode, [BIGRM, "--seed", "5"], capsys)


def test_json_to_stdout_with_show_is_a_usage_error(mode, capsys):
    rc, _, err = run(mode, ["run", BIGRM, "--show", "--json"], capsys)
    assert rc == 2 and "--json" in err


def test_show_and_json_file_together(mode, capsys, tmp_path):
    path = tmp_path / "o.json"
    rc, out, _ = run(mode, ["run", BIGRM, "--seed", "5", "--show", "--json", str(path)], capsys)
    assert rc == 0 and "seed 5" in out and path.exists()


def test_svg_and_html_exports(mode, capsys, tmp_path):
    svg, html = tmp_path / "m.svg", tmp_path / "m.html"
    rc, out, _ = run(mode, ["run", BIGRM, "--seed", "42", "--svg", str(svg),
                            "--html", str(html)], capsys)
    assert rc == 0 and out == ""              # nothing drawn on the terminal
    s = svg.read_text(encoding="utf-8")
    h = html.read_text(encoding="utf-8")
    assert s.lstrip().startswith("<svg") and "bigrm-u" in s
    assert "--seed 42" in html_lib.unescape(s).replace("\xa0", " ")
    assert "<html" in h.lower() and "bigrm-u" in h and "forest centaur" in h
    assert re.search(r"color:\s*#", h)        # coloured spans


def test_unwritable_output_is_a_usage_error(mode, capsys, tmp_path):
    bad = tmp_path / "no" / "such" / "dir" / "x.json"
    rc, _, err = run(mode, ["run", BIGRM, "--seed", "1", "--json", str(bad)], capsys)
    assert rc == 2 and "cannot write" in err


# --- where the level is made --------------------------------------------------------------
def test_depth_and_difficulty(mode, capsys):
    lv = run_json(mode, [BIGRM, "--seed", "4", "--depth", "12", "--difficulty", "7"],
                  capsys)["levels"][0]
    assert lv["context"]["depth"] == 12 and lv["context"]["level_difficulty"] == 7
    assert lv["options"]["depth"] == 12 and lv["options"]["difficulty"] == 7


def test_depth_changes_what_the_script_does(mode, capsys):
    shallow = run_json(mode, [CAVES, "--level", "cave-fire", "--seed", "2"], capsys)
    deep = run_json(mode, [CAVES, "--level", "cave-fire", "--seed", "2", "--depth", "12"],
                    capsys)
    names = lambda d: {o["name"] for o in d["levels"][0]["objects"]}  # noqa: E731
    assert "fire resistance" in names(shallow) and "katana" in names(deep)


HERO_DES = """LEVEL: "hero"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
.....
.....
ENDMAP
MESSAGE: hero.role . "/" . hero.race
ALTAR: (2,1), coaligned, altar
"""


@pytest.fixture
def hero_des(tmp_path):
    p = tmp_path / "hero.des"
    p.write_text(HERO_DES, encoding="utf-8")
    return str(p)


@pytest.mark.parametrize("argv, message, altar", [
    ([], "Valkyrie/human", "neutral"),
    (["--role", "Samurai", "--race", "dwarf", "--align", "lawful"], "Samurai/dwarf", "lawful"),
    (["--role", "wiz", "--race", "elf", "--align", "cha"], "Wizard/elf", "chaotic"),
])
def test_role_race_align(mode, capsys, hero_des, argv, message, altar):
    lv = run_json(mode, [hero_des, "--seed", "1", *argv], capsys)["levels"][0]
    assert lv["messages"] == [message]
    assert [a["alignment"] for a in lv["altars"]] == [altar]


@pytest.mark.parametrize("date, message", [
    ("2026-01-15T23:30", "The hall is full of whispers."),
    ("2026-01-15", "Sunlight falls through cracks in the ceiling."),
])
def test_date(mode, capsys, date, message):
    lv = run_json(mode, [BIGRM, "--seed", "1", "--date", date], capsys)["levels"][0]
    assert lv["messages"] == [message]
    assert lv["options"]["date"].startswith(date[:10])


def test_no_flip(mode, capsys):
    flipped = [run_json(mode, [BIGRM, "--seed", str(s)], capsys)["levels"][0]["extras"]["flipped"]
               for s in range(1, 5)]
    assert any(flipped), "the documented behaviour flips some levels"
    for s in range(1, 5):
        lv = run_json(mode, [BIGRM, "--seed", str(s), "--no-flip"], capsys)["levels"][0]
        assert lv["extras"]["flipped"] == 0 and lv["options"]["flip"] == "none"


FLOOD_DES = """LEVEL: "flood"
INIT_MAP: solidfill, ' '
GEOMETRY:center,center
MAP
-------
|.....|
|.....|
-------
ENDMAP
TERRAIN: floodfill(1,1), 'L'
"""


def test_compat_game_reproduces_the_game(mode, capsys, tmp_path):
    p = tmp_path / "flood.des"
    p.write_text(FLOOD_DES, encoding="utf-8")
    doc_lv = run_json(mode, [str(p), "--seed", "1"], capsys)["levels"][0]
    game_lv = run_json(mode, [str(p), "--seed", "1", "--compat", "game"], capsys)["levels"][0]
    assert doc_lv["terrain_counts"].get("LAVAPOOL") == 10       # the documented floodfill
    assert "LAVAPOOL" not in game_lv["terrain_counts"]           # the game's: empty
    assert game_lv["options"]["compat"] == "game"
    assert game_lv["options"]["flip"] == "sokoban-only"
    for s in range(1, 5):       # the game flips Sokoban only
        lv = run_json(mode, [BIGRM, "--seed", str(s), "--compat", "game"], capsys)["levels"][0]
        assert lv["extras"]["flipped"] == 0


def test_compat_game_silences_compat_warnings(mode, capsys, tmp_path):
    p = tmp_path / "flood.des"
    p.write_text(FLOOD_DES, encoding="utf-8")
    _, _, err = run(mode, ["run", str(p), "--seed", "1", "--json", "/dev/null"], capsys)
    _, _, err_game = run(mode, ["run", str(p), "--seed", "1", "--json", "/dev/null",
                                "--compat", "game"], capsys)
    assert "floodfill" in err and "warning" in err
    assert "warning" not in err_game


def test_include_path(mode, capsys, tmp_path):
    inc = tmp_path / "lib"
    inc.mkdir()
    (inc / "parts.des").write_text('FUNCTION hello() {\n  MESSAGE: "included"\n}\n',
                                   encoding="utf-8")
    main_des = tmp_path / "main.des"
    main_des.write_text('INCLUDE "parts.des"\nLEVEL: "inc"\nINIT_MAP: solidfill, \' \'\n'
                        'NOMAP\nhello()\n', encoding="utf-8")
    rc, _, err = run(mode, ["run", str(main_des), "--seed", "1", "--json"], capsys)
    assert rc == 1 and "parts.des" in err
    lv = run_json(mode, [str(main_des), "--seed", "1", "--include-path", str(inc)],
                  capsys)["levels"][0]
    assert lv["messages"] == ["included"]


# --- errors -------------------------------------------------------------------------------
def test_des_file_error_exits_1_with_position_and_caret(mode, capsys, tmp_path):
    p = tmp_path / "bad.des"
    p.write_text('LEVEL: "bad"\nMONSTER: (\'d\', "jackal"), (3,3), hostile, bogus\n',
                 encoding="utf-8")
    rc, out, err = run(mode, ["run", str(p), "--seed", "1"], capsys)
    assert rc == 1 and out == ""
    assert re.search(rf"{re.escape(str(p))}:2:\d+: error: ", err)
    assert "^" in err and "Traceback" not in err


def test_missing_file_exits_2(mode, capsys):
    # a file-system error (README: 2), the same message as every other command
    rc, _, err = run(mode, ["run", "no/such/file.des"], capsys)
    assert rc == 2 and "cannot read no/such/file.des" in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [
    ["--seed", "x"], ["--seed", "-1"], ["--depth", "0"], ["--difficulty", "zero"],
    ["--date", "2026-13-01"], ["--date", "tomorrow"], ["--role", "Jester"],
    ["--race", "hobbit"], ["--align", "good"], ["--color", "rainbow"],
    ["--compat", "both"], ["--frobnicate"],
])
def test_bad_option_values_exit_2(mode, capsys, argv):
    rc, out, err = run(mode, ["run", BIGRM, *argv], capsys)
    assert rc == 2 and out == "" and "error" in err and "Traceback" not in err


def test_internal_error_is_reported_without_traceback(capsys, monkeypatch):
    import unlev.generate.build

    def boom(*a, **k):
        raise RuntimeError("kaboom")

    monkeypatch.setattr(unlev.generate.build, "build_level", boom)
    rc, out, err = run("main", ["run", BIGRM, "--seed", "9"], capsys)
    assert rc == 1 and "internal error" in err and "kaboom" in err
    assert "seed 9" in err and "Traceback" not in err


# --- determinism across processes -----------------------------------------------------------
def test_same_seed_gives_byte_identical_json_in_separate_processes():
    outs = []
    for hashseed in ("1", "2"):
        p = subprocess.run([sys.executable, "-m", "unlev", "run", BIGRM, "--seed", "42",
                            "--json"], cwd=REPO, env=_env(PYTHONHASHSEED=hashseed),
                           capture_output=True, timeout=120)
        assert p.returncode == 0, p.stderr
        outs.append(p.stdout)
    assert outs[0] == outs[1] and len(outs[0]) > 10000


# --- the same through a real process ------------------------------------------------------
def test_subprocess_help_and_the_readme_command(capsys):
    rc, out, _ = run("subprocess", ["--help"])
    assert rc == 0 and "run" in out
    rc, out, _ = run("subprocess", ["run", "--help"])
    assert rc == 0 and "--no-flip" in out and "examples:" in out
    rc, out, err = run("subprocess", ["run", BIGRM, "--seed", "42", "--show"])
    assert rc == 0, err
    assert "\x1b" not in out and "bigrm-u  seed 42" in out
    rc_main, out_main, _ = run("main", ["run", BIGRM, "--seed", "42", "--show"], capsys)
    assert out == out_main


def test_subprocess_every_option_at_once(capsys, tmp_path, hero_des):
    """One process run with every option: each one's effect is visible, and the JSON
    is the one main() writes for the same arguments."""
    inc = tmp_path / "lib"
    inc.mkdir()
    (inc / "parts.des").write_text('FUNCTION hello() {\n  MESSAGE: "included"\n}\n',
                                   encoding="utf-8")
    des = tmp_path / "all.des"
    des.write_text('INCLUDE "parts.des"\n' + HERO_DES + "hello()\n"
                   'IF [time.night] { MESSAGE: "night" }\n'
                   'IF [level.depth == 12] { MESSAGE: "deep" }\n'
                   'TERRAIN: floodfill(0,0), \'L\'\n'
                   'LEVEL: "other"\nINIT_MAP: solidfill, \' \'\nNOMAP\n', encoding="utf-8")
    out_json, svg, html = tmp_path / "a.json", tmp_path / "a.svg", tmp_path / "a.html"
    argv = ["run", str(des), "--level", "1", "--seed", "3", "--depth", "12",
            "--difficulty", "7", "--role", "Samurai", "--race", "dwarf", "--align", "lawful",
            "--date", "2026-01-15T23:30", "--no-flip", "--compat", "game",
            "--include-path", str(inc), "--json", str(out_json), "--svg", str(svg),
            "--html", str(html), "--show", "--color", "always", "-q"]
    rc, out, err = run("subprocess", argv)
    assert rc == 0, err
    assert ANSI.search(out) and "hero  seed 3" in ANSI.sub("", out) and err == ""
    doc = json.loads(out_json.read_text(encoding="utf-8"))
    assert [lv["name"] for lv in doc["levels"]] == ["hero"]
    lv = doc["levels"][0]
    assert lv["messages"] == ["Samurai/dwarf", "included", "night", "deep"]
    assert [a["alignment"] for a in lv["altars"]] == ["lawful"]
    assert lv["context"]["depth"] == 12 and lv["context"]["level_difficulty"] == 7
    assert lv["extras"]["flipped"] == 0 and "LAVAPOOL" not in lv["terrain_counts"]
    assert lv["options"] == {"compat": "game", "flip": "none", "depth": 12, "difficulty": 7,
                             "role": "Samurai", "race": "dwarf", "align": "lawful",
                             "date": "2026-01-15T23:30"}
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<svg")
    assert "<html" in html.read_text(encoding="utf-8").lower()
    main_json = tmp_path / "m.json"
    margv = [a if a != str(out_json) else str(main_json) for a in argv]
    rc_m, _, _ = run("main", margv, capsys)
    assert rc_m == 0 and main_json.read_bytes() == out_json.read_bytes()


def test_subprocess_exit_codes(tmp_path):
    bad = tmp_path / "bad.des"
    bad.write_text('LEVEL: "bad"\nOBJECT: "no such thing", (1,1)\n', encoding="utf-8")
    rc, out, err = run("subprocess", ["run", str(bad), "--seed", "1"])
    assert rc == 1 and f"{bad}:2:" in err and "error" in err and "Traceback" not in err
    rc, out, err = run("subprocess", ["run", BIGRM, "--seed", "x"])
    assert rc == 2 and "Traceback" not in err
    rc, out, err = run("subprocess", ["run", BIGRM, "--level", "nope"])
    assert rc == 2 and "bigrm-u" in err


def test_subprocess_random_seed_note():
    rc, out, err = run("subprocess", ["run", BIGRM, "--json"])
    assert rc == 0 and re.search(r"seed \d+ \(repeat with --seed \d+\)", err)
    seed = int(re.search(r"seed (\d+)", err).group(1))
    assert json.loads(out)["seed"] == seed


def test_json_of_several_levels_is_written_level_by_level_and_whole(tmp_path, capsys,
                                                                    monkeypatch):
    """--json alone streams the levels (constant memory); the file appears whole, only
    when every level was built, with the same text standard output gets."""
    import json

    from unlev.cli import main
    from unlev.lang.diagnostics import DesError, Span
    from unlev.tools import run as R
    src = tmp_path / "two.des"
    src.write_text('LEVEL: "a"\nINIT_MAP: solidfill, \' \'\nLEVEL: "b"\n'
                   'INIT_MAP: solidfill, \' \'\n')
    out = tmp_path / "out.json"
    real = R.build_one
    built = []

    def failing_b(compiled, node, *a, **k):
        built.append(node.name)
        if node.name == "b":
            raise DesError("b cannot be built", Span(str(src), 3, 1))
        return real(compiled, node, *a, **k)
    with monkeypatch.context() as mp:
        mp.setattr(R, "build_one", failing_b)
        assert main(["run", str(src), "--seed", "2", "--json", str(out), "-q"]) == 1
    assert built == ["a", "b"]                # a was built (and streamed) first
    assert not out.exists()                   # b failed: nothing in place
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".unlev-run-")]
    assert main(["run", str(src), "--seed", "2", "--json", str(out), "-q"]) == 0
    capsys.readouterr()
    assert main(["run", str(src), "--seed", "2", "--json", "-", "-q"]) == 0
    text = capsys.readouterr().out
    assert out.read_text() == text
    assert [lv["name"] for lv in json.loads(text)["levels"]] == ["a", "b"]


def test_drawn_levels_are_drawn_as_they_are_built_and_let_go(tmp_path, capsys,
                                                              monkeypatch, own_heap):
    """Drawn alone (the default), each level is drawn before the next is built and no
    built level is kept (constant memory); the text is what drawing the whole list at
    the end gives (the path taken when --json is asked for as well)."""
    import gc

    from unlev.cli import main
    from unlev.lang.diagnostics import DesError, Span
    from unlev.tools import run as R
    src = tmp_path / "three.des"
    src.write_text("".join(f'LEVEL: "{n}"\nINIT_MAP: solidfill, \' \'\n'
                           f'MONSTER: random, random\n' for n in "abc"))
    from unlev.model.level import Level
    real = R.build_one
    seen = []

    def watched(compiled, node, *a, **k):
        gc.collect()
        # (level about to be built, levels drawn so far, built levels still alive)
        seen.append((node.name, capsys.readouterr().out.count("  seed 4  "),
                     sum(type(o) is Level for o in gc.get_objects())))
        if node.name == "c":
            raise DesError("c cannot be built", Span(str(src), 7, 1))
        return real(compiled, node, *a, **k)
    with monkeypatch.context() as mp:
        mp.setattr(R, "build_one", watched)
        assert main(["run", str(src), "--seed", "4", "--color", "never", "-q"]) == 1
    assert seen == [("a", 0, 0), ("b", 1, 0), ("c", 1, 0)]
    assert "c cannot be built" in capsys.readouterr().err

    src.write_text("".join(f'LEVEL: "{n}"\nINIT_MAP: solidfill, \' \'\n'
                           f'MONSTER: random, random\n' for n in "ab"))
    assert main(["run", str(src), "--seed", "4", "--color", "never", "-q"]) == 0
    streamed = capsys.readouterr().out
    assert main(["run", str(src), "--seed", "4", "--color", "never", "-q", "--show",
                 "--json", str(tmp_path / "out.json")]) == 0
    at_the_end = capsys.readouterr().out
    assert streamed == at_the_end
    assert streamed.count("  seed 4  ") == 2
