"""What every command does the same way (issue 18, points 7 and 8): a file that cannot be
read is a file-system error (exit 2, ``unlev CMD: error: cannot read PATH: reason``),
``--compat`` has one spelling, defaults are stated as they are."""

import pytest

from unlev.cli import build_argparser, main

COMMANDS = ["run", "parse", "check", "repl", "lint", "test", "compare", "convert"]


@pytest.mark.parametrize("command", COMMANDS)
def test_missing_file_is_exit_2_with_one_message(command, tmp_path, capsys, monkeypatch):
    with open("/dev/null") as null:
        monkeypatch.setattr("sys.stdin", null)
        missing = str(tmp_path / "nope.des")
        assert main([command, missing]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"unlev {command}: error: cannot read {missing}: " \
                          "No such file or directory"


def test_unreadable_folder_among_good_files_stops_check_before_work(tmp_path, capsys):
    good = tmp_path / "a.des"
    good.write_text('LEVEL: "a"\n')
    assert main(["check", str(good), str(tmp_path / "gone")]) == 2
    out = capsys.readouterr()
    assert "passed" not in out.out and "cannot read" in out.err


@pytest.mark.parametrize("command, default", [("run", "documented"), ("test", "documented"),
                                              ("repl", "documented"), ("compare", "game")])
def test_compat_has_one_spelling(command, default):
    ap = build_argparser(command)
    sub = ap._subparsers._group_actions[0].choices[command]
    for word, meant in (("documented", "documented"), ("game", "game"), ("doc", "documented")):
        args = sub.parse_args(["x.des", "--compat", word])
        assert args.compat == meant
    assert sub.parse_args(["x.des"]).compat == default
    with pytest.raises(SystemExit):
        sub.parse_args(["x.des", "--compat", "gam"])


def test_help_states_the_real_defaults():
    run = build_argparser("run")._subparsers._group_actions[0].choices["run"]
    depth = next(a for a in run._actions if a.dest == "depth")
    assert "(default 1)" not in depth.help and "where the game" in depth.help
    repl = build_argparser("repl")._subparsers._group_actions[0].choices["repl"]
    # as unlev run: no --seed is a random one (said on stderr), not a fixed 1
    assert repl.parse_args([]).seed is None and run.parse_args(["x"]).seed is None


def test_deviation_hint_names_the_loader_for_other_dialects(tmp_path, capsys):
    p = tmp_path / "a.des"
    p.write_text("LEVEL: \"a\"\nINIT_MAP: solidfill, ' '\n"
                 "TERRAIN: randline (1,1),(5,5),3, '.'\n")
    main(["lint", str(p), "--dialect", "nethack36"])
    both = capsys.readouterr()
    assert "unlev runs NetHack 3.6 files on UnNetHack's loader" in both.out + both.err
    main(["lint", str(p), "--dialect", "unnethack"])
    both = capsys.readouterr()
    assert "randline" in both.out + both.err and "unlev runs" not in both.out + both.err


def test_compare_says_when_a_file_is_not_unnethack(tmp_path, capsys):
    from unlev.lang.settings import Settings
    from unlev.tools.compare.command import levels_with_reference
    p = tmp_path / "oracle.des"
    p.write_text('MAZE: "oracle", \' \'\nGEOMETRY:center,center\nMAP\n...\nENDMAP\n')
    chosen, errors = levels_with_reference([str(p)], {"oracle": "x"},
                                           settings=Settings(dialect="nethack343"))
    assert not errors and [c[2].name for c in chosen] == ["oracle"]
    assert "is a NetHack 3.4.3 file; the reference dumps are UnNetHack's" in \
        capsys.readouterr().err


def test_docs_named_in_help_are_installed_and_printed(capsys):
    # --help and compare's report name docs/json-schema.md and docs/known-differences.md;
    # they ship as package data of unlev.docs
    assert main(["docs"]) == 0
    listed = capsys.readouterr().out.split()
    assert {"json-schema", "known-differences", "architecture"} <= set(listed)
    assert main(["docs", "docs/json-schema.md"]) == 0
    assert capsys.readouterr().out.startswith("# The level JSON format")
    assert main(["docs", "nope"]) == 2
    assert "no document 'nope'" in capsys.readouterr().err


def test_check_and_lint_use_the_same_streams(tmp_path, capsys):
    # diagnostics on stderr, the summary line on stdout, for both commands
    p = tmp_path / "a.des"
    p.write_text('LEVEL: "a"\nROOM: "ordinary", random, random, random, random {\n'
                 '  OBJECT: \'!\', random\n}\nROOM: "dragon shop", random, random, random, '
                 'random {\n}\nRANDOM_CORRIDORS\n')
    main(["check", str(p)])
    out, err = capsys.readouterr()
    assert out == "1 passed, 0 failed\n" and "warning:" in err
    p.write_text('LEVEL: "a"\nINIT_MAP: solidfill, \' \'\nTERRAIN: randline (1,1),(5,5),3, '
                 '\'.\'\n')
    main(["lint", str(p)])
    out, err = capsys.readouterr()
    assert out == "1 warning in 1 file\n" and "warning: randline" in err
