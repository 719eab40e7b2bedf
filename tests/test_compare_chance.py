"""unlev.tools.compare.chance: unlev's runs measured against the game's dumps and against
unlev's own exact builds of those dumps (mklev.c ``mklev``: the dump's LEVELSEED)."""

import io
import contextlib

from unlev.lang.frontend import compile_file
from unlev.generate.build import find_level
from unlev.tools.compare.chance import level_chance, main
from unlev.tools.compare.gamedump import read_dumps


def _level(unnethack_corpus, game_reference, name, stem):
    path = next(p for p in unnethack_corpus if p.stem == stem)
    compiled = compile_file(str(path))
    return compiled, find_level(compiled, name), read_dumps(str(game_reference / f"{name}.txt.gz"))


def test_where_the_exact_builds_are_the_dumps_both_verdicts_agree(unnethack_corpus,
                                                                   game_reference):
    # soko2-4's ten dumps are built cell for cell by the exact mode, so the game's
    # sample and unlev's builds of it are one sample: every measure's p is the same
    compiled, node, dumps = _level(unnethack_corpus, game_reference, "soko2-4", "sokoban")
    res = level_chance(compiled, node, dumps, range(11, 21))
    assert (res.identical, res.dumps) == (10, 10)
    game = {m.name: m.p for m in res.against_game}
    exact = {m.name: m.p for m in res.against_exact}
    assert game and game == exact
    assert [m.name for m in res.differing("game")] == [m.name for m in res.differing("exact")]


def test_a_dump_the_exact_build_does_not_reproduce_is_told_apart(unnethack_corpus,
                                                                  game_reference):
    # the game's side changed (half of every dump's floor objects taken away): the exact
    # builds no longer reproduce those dumps, and the two measures now part
    compiled, node, dumps = _level(unnethack_corpus, game_reference, "soko2-4", "sokoban")
    for d in dumps:
        d.objects = d.objects[::2]
    res = level_chance(compiled, node, dumps, range(11, 21))
    assert res.identical == 0
    game = {m.name: m.p for m in res.against_game}
    exact = {m.name: m.p for m in res.against_exact}
    assert game["objects on floor"] < 0.01 <= exact["objects on floor"]
    assert "objects on floor" in {m.name for m in res.differing("game")}
    assert "objects on floor" not in {m.name for m in res.differing("exact")}


def test_the_command_reports_each_window(unnethack_corpus, game_reference):
    corpus = str(unnethack_corpus[0].parent)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        rc = main([corpus, "--reference", str(game_reference), "--level", "soko2-4",
                   "--seeds", "1..3", "--seeds", "4..6"])
    assert rc == 0
    text = out.getvalue()
    assert "soko2-4 seeds 1..3: exact builds identical to 10 of 10 dumps" in text
    assert "soko2-4 seeds 4..6:" in text
    assert text.count("against unlev's exact builds:") == 2


def test_bad_input_is_one_line(capsys, unnethack_corpus, game_reference):
    corpus = str(unnethack_corpus[0].parent)
    assert main([corpus, "--reference", str(game_reference), "--level", "soko2-4",
                 "--seeds", "9..1"]) == 2
    assert capsys.readouterr().err.startswith("chance: error: seed range")
    assert main([corpus, "--reference", str(game_reference), "--level", "nosuch"]) == 2
    assert "no level named nosuch" in capsys.readouterr().err
