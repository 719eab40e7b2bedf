"""ISAAC64, the random generator NetHack 3.7 draws every number from.

Why a module of its own: 3.7 replaced the system ``random()`` with ISAAC64 (Bob
Jenkins' ISAAC on 64-bit words, in Timothy Terriberry's formulation that 3.7 ships
as ``src/isaac64.c``) and seeds it in ``rnd.c`` ``init_isaac64`` with the eight bytes
of the seed, lowest first.  ``rn2(x)`` is then ``isaac64_next_uint64() % x`` on the
core stream.  With this module unlev can draw what the game draws for a seed
(:class:`Isaac64Random`), which the mazesofmenace fixtures check
(``tests/test_isaac64.py``).  Written from the algorithm's description; numbers
(the golden ratio constant, shifts 21/5/12/33 and 9,9,23,15,14,20,17,14) are
ISAAC64's.
"""

from __future__ import annotations

from typing import List

SZ_LOG = 8
SZ = 1 << SZ_LOG                     # 256 words of state and of output
MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C13
_MIX_SHIFTS = (9, 9, 23, 15, 14, 20, 17, 14)


def _mix(x: List[int]) -> None:
    """Scramble eight words, pairwise: even steps shift right, odd steps left."""
    for i in range(0, 8, 2):
        x[i] = (x[i] - x[(i + 4) & 7]) & MASK
        x[(i + 5) & 7] ^= x[(i + 7) & 7] >> _MIX_SHIFTS[i]
        x[(i + 7) & 7] = (x[(i + 7) & 7] + x[i]) & MASK
        j = i + 1
        x[j] = (x[j] - x[(j + 4) & 7]) & MASK
        x[(j + 5) & 7] ^= (x[(j + 7) & 7] << _MIX_SHIFTS[j]) & MASK
        x[(j + 7) & 7] = (x[(j + 7) & 7] + x[j]) & MASK


class Isaac64:
    """One ISAAC64 stream: :meth:`next_uint64` gives the next 64-bit output."""

    __slots__ = ("m", "r", "a", "b", "c", "n")

    def __init__(self, seed: bytes = b"") -> None:
        self.a = self.b = self.c = 0
        self.r = [0] * SZ
        self.m = [0] * SZ
        self.n = 0
        self.reseed(seed)

    @classmethod
    def from_seed(cls, seed: int) -> "Isaac64":
        """rnd.c init_isaac64: the seed (an unsigned long) as 8 little-endian bytes."""
        return cls((seed & MASK).to_bytes(8, "little"))

    def reseed(self, seed: bytes) -> None:
        seed = bytes(seed[: SZ * 8])
        r = self.r
        whole = len(seed) // 8
        for i in range(whole):
            r[i] ^= int.from_bytes(seed[i * 8:i * 8 + 8], "little")
        if len(seed) % 8:
            r[whole] ^= int.from_bytes(seed[whole * 8:], "little")
        x = [GOLDEN] * 8
        for _ in range(4):
            _mix(x)
        m = self.m
        for src in (r, m):
            for i in range(0, SZ, 8):
                for j in range(8):
                    x[j] = (x[j] + src[i + j]) & MASK
                _mix(x)
                m[i:i + 8] = x
        self._update()

    def _update(self) -> None:
        m, r = self.m, self.r
        a = self.a
        self.c = (self.c + 1) & MASK
        b = (self.b + self.c) & MASK
        half = SZ // 2
        low = (SZ - 1) << 3
        for i in range(SZ):
            x = m[i]
            k = i & 3
            if k == 0:
                a = ~(a ^ (a << 21)) & MASK
            elif k == 1:
                a ^= a >> 5
            elif k == 2:
                a = (a ^ (a << 12)) & MASK
            else:
                a ^= a >> 33
            a = (a + m[(i + half) % SZ]) & MASK
            y = (m[(x & low) >> 3] + a + b) & MASK
            m[i] = y
            b = (m[(y >> (SZ_LOG + 3)) & (SZ - 1)] + x) & MASK
            r[i] = b
        self.a, self.b, self.n = a, b, SZ

    def next_uint64(self) -> int:
        if not self.n:
            self._update()
        self.n -= 1
        return self.r[self.n]


class Isaac64Random:
    """NetHack 3.7's core random functions over one ISAAC64 stream (rnd.c): ``rn2``,
    ``rnd``, ``d``, and ``rne`` as 3.7 has it (at most max(ulevel/3, 5), stopping
    early instead of capping afterwards).  ``draws`` counts raw draws, as the
    fixtures' ``rngRawCallStart`` does."""

    def __init__(self, seed: int) -> None:
        self.stream = Isaac64.from_seed(seed)
        self.draws = 0

    def raw(self) -> int:
        self.draws += 1
        return self.stream.next_uint64()

    def skip(self, n: int) -> None:
        for _ in range(n):
            self.raw()

    def rn2(self, x: int) -> int:
        if x <= 0:              # the released game's RND(0) would divide by zero
            return 0
        return self.raw() % x

    def rnd(self, x: int) -> int:
        return self.rn2(x) + 1

    def d(self, n: int, x: int) -> int:
        return n + sum(self.rn2(x) for _ in range(n))

    def rne(self, x: int, ulevel: int = 1) -> int:
        cap = 5 if ulevel < 15 else ulevel // 3
        tmp = 1
        while tmp < cap and not self.rn2(x):
            tmp += 1
        return tmp


class Isaac64Source:
    """A word source (:class:`unlev.stdlib.rng.WordSource`) of 3.7's core stream.  Its
    words are the full 64-bit outputs: 3.7's RND reduces the 64-bit draw (``% x``),
    and :class:`~unlev.stdlib.rng.RNG` reduces whatever word its source gives."""

    def __init__(self, seed: int) -> None:
        self.stream = Isaac64.from_seed(seed)

    def next_u32(self) -> int:          # the protocol's name; the value is 64 bits wide
        return self.stream.next_uint64()

    def word_function(self):
        return self.stream.next_uint64

    def bits_function(self):
        nxt = self.stream.next_uint64
        return lambda _n: nxt()


def nethack37_rng(seed: int):
    """An :class:`~unlev.stdlib.rng.RNG` drawing what NetHack 3.7 draws for ``seed``:
    ISAAC64 seeded by init_isaac64, ``rn2`` as ``% x`` of the 64-bit draw, and 3.7's
    ``rne`` (and so ``rnz``)."""
    from .rng import RNG

    class RNG37(RNG):
        def rne(self, x: int, ulevel: int = 1) -> int:
            cap = 5 if ulevel < 15 else ulevel // 3
            tmp = 1
            while tmp < cap and not self.rn2(x):
                tmp += 1
            return tmp

    return RNG37(seed, Isaac64Source(seed))
