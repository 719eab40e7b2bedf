"""The calibration tool (issue 35): unlev against itself over many levels, per level and
pooled, and the same run with a small defect planted on the stand-in game."""

import json

import pytest

from unlev.tools.compare import calibrate as C
from unlev.tools.compare.measures import DIFFERS


def _corpus(unnethack_corpus):
    return [str(unnethack_corpus[0].parent)]


def test_calibration_writes_a_line_per_level_and_resumes(tmp_path, game_reference,
                                                         unnethack_corpus):
    out = tmp_path / "cal.jsonl"
    told = []
    rows = C.calibrate(_corpus(unnethack_corpus), str(game_reference), 3, str(out),
                       ["oracle", "soko1-1"], told.append)
    assert sorted(r["level"] for r in rows) == ["oracle", "soko1-1"]
    assert len(out.read_text().splitlines()) == 2
    assert told[0].startswith("[1/2] ") and "n=3 " in told[0] and "s in all)" in told[-1]
    for r in rows:
        assert r["error"] == "" and r["plant"] is None and len(r["measures"]) > 25
    # a rerun reads the file back and builds nothing
    again = []
    rows2 = C.calibrate(_corpus(unnethack_corpus), str(game_reference), 3, str(out),
                        ["oracle", "soko1-1"], again.append)
    assert again == [] and [r["level"] for r in rows2] == [r["level"] for r in rows]
    # the measures come back as Measures, and the summary states the rate it promises
    ms = [C.measure_from_dict(m) for m in rows[0]["measures"]]
    assert [m.to_dict() for m in ms] == [{k: v for k, v in d.items() if k != "residuals"}
                                         for d in rows[0]["measures"]]
    # with the values the pooled test's design effect needs
    counted = [m for m in ms if m.direction is not None]
    assert counted and all(len(m.residuals[0]) == 3 for m in counted)
    lines = C.summarize(rows, 3)
    assert lines[0].startswith("n=3: unlev against itself, 2 levels: ")
    assert "expected at most 0.02" in lines[0]
    assert any(line.startswith("n=3: pooled over levels: ") and "family-wise 1%" in line
               for line in lines)


# the full tier's (--full): the hiders calibration, 21 fillers x 20 builds (~7 s)
@pytest.mark.slow
def test_a_small_systematic_defect_is_seen_pooled_and_on_no_level(game_reference,
                                                                  unnethack_corpus):
    """Half the objects under spiders and snakes gone (the issue's hider example, at half
    strength) on the quest fillers at the reference's 10 seeds: too small for any one
    level, plain over the levels that show it."""
    rows = C.calibrate(_corpus(unnethack_corpus), str(game_reference), 10, None,
                       ["*-fil*"], plant="hiders", strength=0.5)
    shown = [r for r in rows if r["changed"]]
    assert len(rows) >= 20 and len(shown) >= 10
    per_level = [r["level"] for r in shown
                 if "monsters on objects" in r["differs"] or "objects on floor" in r["differs"]]
    assert len(per_level) <= 1, per_level
    from unlev.tools.compare.pooled import pooled_measures
    pooled = {p.name: p for p in pooled_measures(
        [[C.measure_from_dict(m) for m in r["measures"]] for r in rows])}
    p = pooled["monsters on objects"]
    assert p.verdict == DIFFERS and p.statistic > 0, p.describe()   # ours has more
    lines = C.summarize(rows, 10)
    assert lines[0].startswith(f"n=10: hiders planted: it changes {len(shown)} of ")
    assert any(line.strip().startswith("monsters on objects: Stouffer") for line in lines)


def test_the_command_refuses_an_unknown_defect(capsys, game_reference, unnethack_corpus):
    assert C.main([*_corpus(unnethack_corpus), "--reference", str(game_reference),
                   "--plant", "gremlins"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("calibrate: error: no defect named 'gremlins'")
    assert C.main([*_corpus(unnethack_corpus), "--reference", str(game_reference),
                   "--plant", "hiders=lots"]) == 2
    assert "the strength in 'hiders=lots' is not a number" in capsys.readouterr().err
    assert C.main([*_corpus(unnethack_corpus), "--reference", str(game_reference),
                   "--sizes", "ten"]) == 2
    assert capsys.readouterr().err == "calibrate: error: sizes 'ten' are not whole numbers\n"


def test_the_command_prints_both_counts(tmp_path, capsys, game_reference, unnethack_corpus):
    assert C.main([*_corpus(unnethack_corpus), "--reference", str(game_reference),
                   "--sizes", "2", "--level", "oracle", "--level", "minefill",
                   "--level", "soko2-1", "--out", str(tmp_path / "c"), "--no-progress"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    assert out.out.startswith("n=2: unlev against itself, 3 levels: ")
    assert "n=2: pooled over levels: " in out.out
    assert len((tmp_path / "c-2.jsonl").read_text().splitlines()) == 3
    json.loads((tmp_path / "c-2.jsonl").read_text().splitlines()[0])


# the full tier's (--full): a second calibration of three sizes
@pytest.mark.slow
def test_smaller_sizes_are_the_first_seeds_of_the_largest(tmp_path, game_reference,
                                                          unnethack_corpus):
    both = C.calibrate_sizes(_corpus(unnethack_corpus), str(game_reference), [2, 4],
                             {2: str(tmp_path / "a-2.jsonl"), 4: None}, ["oracle"])
    alone = C.calibrate(_corpus(unnethack_corpus), str(game_reference), 2, None, ["oracle"])
    assert both[2][0]["measures"] == alone[0]["measures"]
    assert both[4][0]["seeds"] == 4 and len(both[4][0]["measures"]) > 25
    assert len((tmp_path / "a-2.jsonl").read_text().splitlines()) == 1
