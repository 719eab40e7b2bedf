"""Accept/reject agreement with the real NetHack 3.6.6 lev_comp (Debian's
nethack-common), on the 3.6 corpus and on mutated copies of it. Skipped where
lev_comp is not installed; tools/levcomp_diff.py runs the larger measurement."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from conftest import missing

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import levcomp_diff as D  # noqa: E402

LEV_COMP = D.find_lev_comp()
needs_lev_comp = pytest.mark.skipif(LEV_COMP is None,
                                    reason="no lev_comp: apt-get install nethack-common")


@pytest.fixture(scope="module")
def levels(corpus_root):
    found = D.corpus_levels(corpus_root / "nethack36")
    if not found:
        missing("no NetHack 3.6 des-files in the corpus")
    return found


@needs_lev_comp
def test_corpus_levels_accepted_by_both(levels):
    lc = D.LevComp(LEV_COMP)
    try:
        for text in levels[:40]:
            assert lc.accepts(text) is True
            assert D.unlev_accepts(text)
    finally:
        lc.close()


@needs_lev_comp
def test_lev_comp_rejects_what_unlev_rejects_on_known_cases():
    lc = D.LevComp(LEV_COMP)
    try:
        for text in ['MAZE:"x",random\nMONSTER:"no such thing",(1,1)\n',
                     'LEVEL:"x"\n$a = 5-3\n', 'LEVEL:"x"\nSPILL:(1,1),\'.\',north,3\n',
                     'LEVEL:"x"\nTERRAIN:line (1,1)-(2,2),\'.\'\n']:
            assert lc.accepts(text) is False
            assert not D.unlev_accepts(text)
    finally:
        lc.close()


@needs_lev_comp
# the full tier's (--full): mutants through lev_comp and unlev (~1 s)
@pytest.mark.slow
def test_mutants_agree(levels):
    res = D.run(levels, count=150, seed=11, lev_comp=LEV_COMP)
    assert res.total >= 150
    rate = res.agree / res.total
    shown = "\n".join(f"{w}: lev_comp={t} unlev={o}" for w, t, o, _ in res.disagreements[:10])
    assert rate >= 0.99, shown
