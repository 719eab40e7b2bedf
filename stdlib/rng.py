"""One seeded random-number source for a whole run.

Every random choice in unlev goes through an :class:`RNG`, so the same seed gives the
same level on any machine.  The helpers are NetHack's (rnd.c ``rn2``, ``rnd``, ``rn1``,
``d``, ``rne``, ``rnz``); the raw 32-bit words come from a swappable *source*.  The
default source is the game's own, UnNetHack's ISAAC seeded as rnd.c
``set_random_state`` seeds it (:mod:`unlev.stdlib.isaac`): ``RNG(n)`` is the stream the
game makes a level with when that level's seed (the dump's ``LEVELSEED``) is ``n``.
With ``UNLEV_RNG_LOG`` set every draw is logged (:mod:`unlev.stdlib.rnglog`).
"""

from __future__ import annotations

import functools
import random
from typing import Protocol, Sequence, TypeVar

from unlev.stdlib import rnglog
from unlev.stdlib.isaac import IsaacSource, seed_bytes

T = TypeVar("T")


class WordSource(Protocol):
    """Anything that yields uniformly distributed unsigned 32-bit integers."""

    def next_u32(self) -> int: ...


class MersenneSource:
    """Python's Mersenne Twister, seeded from an int (unlev's words before it had the
    game's; kept for tests that want a source unlike the game's).

    ``getrandbits`` on an int-seeded ``random.Random`` is stable across CPython
    releases, unlike ``randrange``/``choice`` whose algorithms have changed.
    """

    def __init__(self, seed: int) -> None:
        self._r = random.Random(seed)

    def next_u32(self) -> int:
        return self._r.getrandbits(32)

    def word_function(self):
        """A callable giving the next word, without a Python frame per call."""
        return functools.partial(self._r.getrandbits, 32)

    def bits_function(self):
        """``getrandbits`` itself: ``f(32)`` is the next word, about three times
        cheaper than calling the partial of :meth:`word_function`."""
        return self._r.getrandbits


class RNG:
    """NetHack's random helpers over a :class:`WordSource`.

    ``RND(x)`` in the game is ``next_u32() % x``; we keep that exact reduction so that
    the game's source reproduces the game's numbers.  Without a ``source`` the words are
    the game's ISAAC seeded with ``seed`` (rnd.c ``set_random_state``); ``stream`` names
    the stream in the draw log (``core`` for the game's ``default_rng``, ``mon`` for
    its ``mon_rng``).
    """

    def __init__(self, seed: int = 0, source: WordSource | None = None,
                 stream: str = "core") -> None:
        self.seed = seed
        self.stream = stream
        self.source = source if source is not None else IsaacSource(seed_bytes(seed))
        self.calls = 0
        if rnglog.sink() is not None:
            if stream == "core":        # one line per set_random_state, as the game's
                rnglog.reseed(seed)
            self.__class__ = TracedRNG      # the same RNG, every draw logged

    @property
    def source(self) -> WordSource:
        return self._source

    @source.setter
    def source(self, src: WordSource) -> None:
        # level generation draws millions of words: take the fastest way to the next one
        self._source = src
        fast = getattr(src, "word_function", None)
        self._word = fast() if fast is not None else src.next_u32
        bits = getattr(src, "bits_function", None)
        if bits is not None:
            self._bits = bits()
        else:
            word = self._word
            self._bits = lambda _n: word()

    @property
    def word(self):
        """The raw 32-bit draw itself (uncounted), for the hottest loops to call
        directly; ``rng.word() % x`` is what :meth:`rn2` computes."""
        return self._word

    @property
    def bits(self):
        """``bits(32)`` is the draw :attr:`word` makes, by the cheapest call there is
        (uncounted; pass only 32)."""
        return self._bits

    # The helpers below draw their words themselves (one Python call per draw, not
    # two or three through rn2); TracedRNG keeps the call-by-call versions, whose
    # every draw is logged under the helper's name.

    def _rnd_raw(self, x: int) -> int:
        self.calls += 1
        return self._word() % x

    def rn2(self, x: int) -> int:
        """0 <= rn2(x) < x; the game answers 0 for x <= 0 (with a warning)."""
        if x <= 0:
            return 0
        self.calls += 1
        return self._word() % x

    def rnd(self, x: int) -> int:
        """1 <= rnd(x) <= x; the game answers 1 for x <= 0."""
        if x <= 0:
            return 1
        self.calls += 1
        return self._word() % x + 1

    def rn1(self, x: int, y: int) -> int:
        """rn2(x) + y, the game's macro."""
        if x <= 0:
            return y
        self.calls += 1
        return self._word() % x + y

    def d(self, n: int, x: int) -> int:
        """n dice of x sides: n <= d(n, x) <= n*x; bad arguments give 1 as in the game."""
        if x < 0 or n < 0 or (x == 0 and n != 0):
            return 1
        word = self._word
        total = n
        for _ in range(n):
            total += word() % x
        self.calls += n
        return total

    def rnf(self, numerator: int, denominator: int) -> bool:
        if denominator <= 0:
            return 0 < numerator
        self.calls += 1
        return self._word() % denominator < numerator

    def rne(self, x: int, ulevel: int = 1) -> int:
        """UnNetHack's rne: always draws MAXULEV/3 = 10 numbers, then counts."""
        utmp = 5 if ulevel < 15 else ulevel // 3
        if x + 2 <= 0:
            r = [True] * 10             # rn2 of a bad bound answers 0, and 0 < 2
        else:
            word, bound = self._word, x + 2
            r = [word() % bound < 2 for _ in range(10)]
            self.calls += 10
        n = 1
        while n < utmp and r[n - 1]:
            n += 1
        return n

    def rnz(self, i: int) -> int:
        x = i
        tmp = 1000 + self.rn2(1000)
        tmp *= self.rne(4)
        if self.rn2(2):
            x = c_trunc_div(x * tmp, 1000)
        else:
            x = c_trunc_div(x * 1000, tmp)
        return x

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.rn2(len(seq))]

    def shuffle(self, items: list) -> None:
        """In-place shuffle the way spo_lev.c shuffles arrays (swap with rn2(i+1))."""
        for i in range(len(items) - 1, 0, -1):
            j = self.rn2(i + 1)
            items[i], items[j] = items[j], items[i]


class TracedRNG(RNG):
    """An :class:`RNG` whose every word is written to the draw log (rnglog): what
    ``RNG`` becomes while the log is on."""

    # each draw through rn2 or _rnd_raw, so that each is logged as it always was
    def rn1(self, x: int, y: int) -> int:
        return self.rn2(x) + y

    def d(self, n: int, x: int) -> int:
        if x < 0 or n < 0 or (x == 0 and n != 0):
            return 1
        total = n
        for _ in range(n):
            total += self._rnd_raw(x)
        return total

    def rnf(self, numerator: int, denominator: int) -> bool:
        return self.rn2(denominator) < numerator

    def rne(self, x: int, ulevel: int = 1) -> int:
        utmp = 5 if ulevel < 15 else ulevel // 3
        r = [self.rnf(2, x + 2) for _ in range(10)]
        n = 1
        while n < utmp and r[n - 1]:
            n += 1
        return n

    def _rnd_raw(self, x: int) -> int:
        self.calls += 1
        v = self._source.next_u32() % x
        rnglog.write(self.stream, "d", x, v)
        return v

    def rn2(self, x: int) -> int:
        if x <= 0:
            return 0
        self.calls += 1
        v = self._source.next_u32() % x
        rnglog.write(self.stream, "rn2", x, v)
        return v

    def rnd(self, x: int) -> int:
        if x <= 0:
            return 1
        self.calls += 1
        v = self._source.next_u32() % x
        rnglog.write(self.stream, "rnd", x, v)
        return v + 1

    @property
    def word(self):
        nxt, stream = self._source.next_u32, self.stream

        def word() -> int:
            v = nxt()
            rnglog.write(stream, "word", 0, v)
            return v
        return word

    @property
    def bits(self):
        word = self.word
        return lambda _n: word()


def c_trunc_div(a: int, b: int) -> int:
    """C integer division: truncates toward zero (shared by every stdlib port of C)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q
