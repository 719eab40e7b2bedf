"""Every level of the UnNetHack corpus runs through the evaluator, seeds 1..20."""

from __future__ import annotations

import pytest

from unlev.lang.level_builder import RecordingBuilder
from unlev.lang.evaluator import Evaluator
from unlev.stdlib.rng import RNG
from unlev.stdlib.compat import Compat

SEEDS = range(1, 21)


@pytest.fixture(scope="module")
def compiled_corpus(compiled_unnethack):
    """Each corpus file compiled once, shared by every seed and test here."""
    return [(path.name, c) for path, c in compiled_unnethack]


def run_level(compiled, level, seed, compat=Compat()):
    b = RecordingBuilder()
    Evaluator(b, RNG(seed), compat=compat).run_level(level, compiled.tree.header)
    return b


def test_corpus_levels_run_for_twenty_seeds(compiled_corpus, full_sweep):
    """Twenty seeds of every level with --full-sweep (CI), five by default."""
    seeds = SEEDS if full_sweep else SEEDS[:5]
    assert len(compiled_corpus) == 35
    runs = 0
    for name, compiled in compiled_corpus:
        assert compiled.tree.levels, name
        for level in compiled.tree.levels:
            for seed in seeds:
                b = run_level(compiled, level, seed)
                names = b.names()
                assert names[0] == "level" and names[-1] == "endlevel", (name, level.name, seed)
                assert b.calls[0][1]["name"] == level.name
                assert names.count("room") == names.count("endroom"), (name, level.name, seed)
                runs += 1
    assert runs >= 35 * len(seeds)


def test_corpus_runs_are_deterministic_per_seed(compiled_corpus):
    picked = [c for c in compiled_corpus if c[0] in ("bigroom.des", "vaults.des", "Healer.des")]
    assert len(picked) == 3
    for name, compiled in picked:
        level = compiled.tree.levels[0]
        a, b = run_level(compiled, level, 7), run_level(compiled, level, 7)
        assert a.calls == b.calls, name
        # different seeds give different levels somewhere in the file
        differ = any(run_level(compiled, lv, 1).calls != run_level(compiled, lv, 2).calls
                     for lv in compiled.tree.levels)
        assert differ, name


def test_corpus_runs_in_compat_game_mode(compiled_corpus):
    for name, compiled in compiled_corpus:
        for level in compiled.tree.levels:
            b = run_level(compiled, level, 3, compat=Compat.game())
            assert b.names()[-1] == "endlevel", (name, level.name)
