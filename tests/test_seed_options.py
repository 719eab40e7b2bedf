"""Seeds on the command line (unlev/tools/seed_options.py): ``--seed`` is the game's
level seed, ``--game-seed`` derives it as init_level_seeds does from the level's
ledger number and says which it used, ``--where``/``--from-dump`` give the game
context of a dump in one go; bad mixes are one-line usage errors."""

from __future__ import annotations

import gzip
import json

import pytest

from unlev.cli import main
from unlev.stdlib import isaac
from unlev.tools.seed_options import parse_where

SOKO = "sokoban.des"


def _run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _json(out):
    return json.loads(out)["levels"][0]


def test_seed_is_the_level_seed(capsys, corpus_root):
    path = str(corpus_root / "unnethack" / SOKO)
    code, out, err = _run(capsys, ["run", path, "--level", "soko3-1", "--seed", "750462489",
                                   "--json", "-q"])
    assert code == 0 and _json(out)["seed"] == 750462489


def test_game_seed_derives_the_level_seed_from_the_ledger(capsys, corpus_root):
    path = str(corpus_root / "unnethack" / SOKO)
    code, out, err = _run(capsys, ["run", path, "--level", "soko3-1", "--game-seed", "1",
                                   "--json"])
    # soko3-1 is at ledger 68 (dungeon.def); the dump of game seed 1 has LEVELSEED 750462489
    assert code == 0
    assert "soko3-1: level seed 750462489 (game seed 1, ledger 68)" in err
    assert _json(out)["seed"] == 750462489 == isaac.level_seed(1, 68)


def test_game_seed_in_the_games_own_form_and_a_serverseed(capsys, corpus_root):
    path = str(corpus_root / "unnethack" / SOKO)
    code, out, err = _run(capsys, ["run", path, "--level", "soko3-1", "--game-seed", "ui",
                                   "--serverseed", "3", "--ledger", "5", "--json"])
    assert code == 0
    want = isaac.level_seeds(4)[5]       # u + "i" is 1; the server adds 3
    assert f"level seed {want} (game seed 1, serverseed 3, ledger 5)" in err
    assert _json(out)["seed"] == want


def test_from_dump_takes_its_level_seed_and_place(capsys, corpus_root, game_reference,
                                                   tmp_path):
    path = str(corpus_root / "unnethack" / SOKO)
    with gzip.open(game_reference / "soko3-1.txt.gz", "rt") as fh:
        text = fh.read()
    dump = tmp_path / "soko.txt"
    dump.write_text(text)
    code, out, err = _run(capsys, ["run", path, "--from-dump", f"{dump}:2", "--json",
                                   "--compat", "game"])
    assert code == 0
    second = text.split("=== seed 2\n")[1]
    levelseed = int(second.split("LEVELSEED ")[1].split()[0])
    lv = _json(out)
    assert lv["seed"] == levelseed and lv["name"] == "soko3-1"
    assert f"level seed {levelseed} (the dump's LEVELSEED; game seed 2)" in err
    code, out, err = _run(capsys, ["run", path, "--from-dump", f"{dump}:99"])
    assert code == 2 and "has no '=== seed 99'" in err


@pytest.mark.parametrize("argv,message", [
    (["--seed", "1", "--game-seed", "2"], "not allowed with argument"),
    (["--serverseed", "3", "--seed", "1"], "--serverseed is used only with --game-seed"),
    (["--seed", "4294967296"], "must be 0..4294967295"),
    (["--game-seed", "u!"], "bad base-32 digit"),
    (["--where", "nothing here"], "no key=value fields"),
])
def test_bad_seed_options_are_one_line_errors(capsys, argv, message):
    try:
        code = main(["run", "samples/bigrm.des", *argv])
    except SystemExit as e:      # argparse's own errors
        code = e.code
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


def test_bad_seed_options_after_parsing_exit_2(capsys):
    code, out, err = _run(capsys, ["run", "samples/bigrm.des", "--ledger", "3"])
    assert code == 2 and err == "unlev run: error: --ledger is used only with --game-seed\n"


def test_game_seed_of_a_level_without_a_fixed_place_asks_for_the_ledger(capsys):
    code, out, err = _run(capsys, ["run", "samples/bigrm.des", "--game-seed", "1"])
    assert code == 2 and "give its ledger number with --ledger or --where" in err


def test_where_line_fields():
    w = parse_where('WHERE dnum=5 dname="Sokoban" dlevel=3 depth=6 ledger=68 role=Pri '
                    'race=human align=0 ulevel=1 difficulty=7')
    assert w == {"dnum": 5, "dname": "Sokoban", "dlevel": 3, "depth": 6, "ledger": 68,
                 "role": "Pri", "race": "human", "align": 0, "ulevel": 1, "difficulty": 7}
