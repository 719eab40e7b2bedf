"""Representative subsets of parametrised sweeps for the quick tier.

The default ``python -m pytest`` is the quick tier: it deselects the tests marked
``slow`` (tests/conftest.py); ``--full`` runs them as well, as CI does.  A sweep whose
every case is worth running in CI but not on every run of the default command keeps a
few cases unmarked, chosen here, and marks the rest slow, so the quick tier still runs
a case of each kind.
"""

from __future__ import annotations

import pytest

SLOW = pytest.mark.slow


def quick_subset(values, kept, several=False):
    """``values`` for ``pytest.mark.parametrize``, each marked slow but those whose
    index is in ``kept`` (a range or a set of indices).  ``several``: each value is a
    tuple of several arguments, as parametrize takes them for several names."""
    kept = set(kept)
    return [pytest.param(*(v if several else (v,)), marks=() if i in kept else SLOW)
            for i, v in enumerate(values)]


def every(n: int, values) -> range:
    """The indices of every ``n``-th value, the first included."""
    return range(0, len(values), n)
