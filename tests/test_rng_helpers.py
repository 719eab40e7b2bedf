"""stdlib/rng.py's helpers draw their words themselves (one call per draw): each must
give, count and consume exactly what the game's definition through ``rn2`` gives
(rnd.c ``rn2``/``rnd``/``d``/``rne``, the ``rn1`` macro, ``rnf``), bad bounds included."""

from __future__ import annotations

import pytest

from unlev.stdlib.rng import RNG


def _by_rn2(rng: RNG, name: str, args):
    """The helper spelled with rn2 alone, as the game's macros and rnd.c define it."""
    rn2 = rng.rn2
    if name == "rn1":
        x, y = args
        return rn2(x) + y
    if name == "d":
        n, x = args
        if x < 0 or n < 0 or (x == 0 and n != 0):
            return 1
        return n + sum(rn2(x) for _ in range(n))
    if name == "rnf":
        num, den = args
        return rn2(den) < num
    if name == "rne":
        (x,) = args
        r = [rn2(x + 2) < 2 for _ in range(10)]
        n = 1
        while n < 5 and r[n - 1]:
            n += 1
        return n
    raise AssertionError(name)


CALLS = [("rn1", (7, 3)), ("rn1", (1, 0)), ("rn1", (0, 4)), ("rn1", (-3, 2)),
         ("d", (3, 6)), ("d", (0, 0)), ("d", (2, 0)), ("d", (-1, 4)), ("d", (1, 1)),
         ("d", (12, 100)),
         ("rnf", (1, 3)), ("rnf", (2, 2)), ("rnf", (1, 0)), ("rnf", (0, -5)),
         ("rne", (4,)), ("rne", (0,)), ("rne", (-2,)), ("rne", (-9,)), ("rne", (1,))]


@pytest.mark.parametrize("seed", [0, 1, 746088356])
def test_each_helper_is_its_rn2_definition(seed):
    fast, plain = RNG(seed), RNG(seed)
    for _ in range(40):                     # many words, across a block end
        for name, args in CALLS:
            got = getattr(fast, name)(*args)
            want = _by_rn2(plain, name, args)
            assert got == want, (name, args)
            assert fast.calls == plain.calls, (name, args)
    assert fast.word() == plain.word()      # the same number of words consumed
