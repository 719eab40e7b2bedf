"""The game's random numbers: UnNetHack's 32-bit ISAAC and how it is seeded.

Why it exists: UnNetHack reseeds its generator with the level's own seed right before
it builds a level (mklev.c ``mklev`` -> rnd.c ``set_random_state``), so a generator
that gives the game's words, drawn in the game's order, builds the game's level.
This module follows:

* rnd_isaac.c (Terriberry's ISAAC, 256-word state): ``isaac_init`` with a byte seed,
  ``isaac_next_uint32`` handing out the result block from its end;
* rnd.c ``set_random_state(x)``: the 32-bit ``x`` as 8 little-endian bytes (the upper
  four zero) seeds *both* streams, ``default_rng`` and ``mon_rng``; ``RND(x)`` is the
  next word of the active stream ``% x`` (:class:`unlev.stdlib.rng.RNG` does that);
* allmain.c ``init_level_seeds``: the game seed (plus ``sysopt.serverseed`` when the
  player set the seed) seeds the generator, then ``level_info[i].seed = rn2(INT_MAX)``
  for every ledger number i = 1 .. MAXLINFO-1 (511).

``tests/fixtures/isaac_reference.json`` holds words computed by the C for a few seeds.
"""

from __future__ import annotations

import itertools
from typing import Iterator, List, Sequence, Tuple

MASK = 0xFFFFFFFF
SIZE = 256                  # ISAAC_SZ = 1 << ISAAC_SZ_LOG (8)
INT_MAX = 0x7FFFFFFF
MAXLINFO = 512              # dungeon.h: ledger numbers 1..511 have a seed
_GOLDEN = 0x9E3779B9


# the state right after isaac_init, by seed (a level seeds both streams alike):
# (m after the first update, a, b, c, that update's words in the order handed out)
_SEEDED: dict = {}


def _mix(x) -> Tuple[int, ...]:
    """isaac_mix: the eight-word scramble of the seeding."""
    a, b, c, d, e, f, g, h = x
    a ^= (b << 11) & MASK; d = (d + a) & MASK; b = (b + c) & MASK
    b ^= c >> 2;           e = (e + b) & MASK; c = (c + d) & MASK
    c ^= (d << 8) & MASK;  f = (f + c) & MASK; d = (d + e) & MASK
    d ^= e >> 16;          g = (g + d) & MASK; e = (e + f) & MASK
    e ^= (f << 10) & MASK; h = (h + e) & MASK; f = (f + g) & MASK
    f ^= g >> 4;           a = (a + f) & MASK; g = (g + h) & MASK
    g ^= (h << 8) & MASK;  b = (b + g) & MASK; h = (h + a) & MASK
    h ^= a >> 9;           c = (c + h) & MASK; a = (a + b) & MASK
    return a, b, c, d, e, f, g, h


# isaac_update's steps four at a time: the four words' places and the four words 128
# places on (wrapping), so that the loop does no index arithmetic
_STEPS = tuple((i, i + 1, i + 2, i + 3, i ^ 128, (i ^ 128) + 1, (i ^ 128) + 2, (i ^ 128) + 3)
               for i in range(0, SIZE, 4))


def _block(m: List[int], a: int, b: int, c: int) -> Tuple[List[int], int, int, int]:
    """isaac_update: the next 256 result words, in the order isaac_next_uint32 hands
    them out (r[255] first), and the new a, b, c; ``m`` is updated in place.

    One tight function for the whole block (it is most of the cost of a level's
    words): the mask and every index are constants or loop variables, each step masks
    once after its addition (the low 32 bits of a sum do not depend on the addends'
    high bits), and the block is reversed once at the end.
    """
    c = (c + 1) & 0xFFFFFFFF
    b = (b + c) & 0xFFFFFFFF
    r = [0] * SIZE
    for i0, i1, i2, i3, j0, j1, j2, j3 in _STEPS:
        x = m[i0]
        a = ((a ^ (a << 13)) + m[j0]) & 0xFFFFFFFF
        m[i0] = y = (m[(x >> 2) & 255] + a + b) & 0xFFFFFFFF
        r[i0] = b = (m[(y >> 10) & 255] + x) & 0xFFFFFFFF
        x = m[i1]
        a = ((a ^ (a >> 6)) + m[j1]) & 0xFFFFFFFF
        m[i1] = y = (m[(x >> 2) & 255] + a + b) & 0xFFFFFFFF
        r[i1] = b = (m[(y >> 10) & 255] + x) & 0xFFFFFFFF
        x = m[i2]
        a = ((a ^ (a << 2)) + m[j2]) & 0xFFFFFFFF
        m[i2] = y = (m[(x >> 2) & 255] + a + b) & 0xFFFFFFFF
        r[i2] = b = (m[(y >> 10) & 255] + x) & 0xFFFFFFFF
        x = m[i3]
        a = ((a ^ (a >> 16)) + m[j3]) & 0xFFFFFFFF
        m[i3] = y = (m[(x >> 2) & 255] + a + b) & 0xFFFFFFFF
        r[i3] = b = (m[(y >> 10) & 255] + x) & 0xFFFFFFFF
    r.reverse()
    return r, a, b, c


def _seeded(seed: bytes) -> tuple:
    """isaac_init: r[] holds the seed bytes (little-endian words), m[] zero; it ends
    with an update.  Returns what :data:`_SEEDED` keeps."""
    seed = seed[:SIZE * 4]
    r = [0] * SIZE
    for i in range(len(seed) // 4):
        r[i] ^= int.from_bytes(seed[4 * i:4 * i + 4], "little")
    tail = len(seed) % 4
    if tail:
        r[len(seed) // 4] ^= int.from_bytes(seed[-tail:], "little")
    x = (_GOLDEN,) * 8
    for _ in range(4):
        x = _mix(x)
    m = [0] * SIZE
    for source in (r, m):
        for i in range(0, SIZE, 8):
            x = _mix([(u + v) & MASK for u, v in zip(x, source[i:i + 8])])
            m[i:i + 8] = x
    first, a, b, c = _block(m, 0, 0, 0)
    return tuple(m), a, b, c, tuple(first)


def _blocks(m: Tuple[int, ...], a: int, b: int, c: int,
            first: Tuple[int, ...]) -> Iterator[Sequence[int]]:
    """The blocks of one stream: the seeding's words, then one update per block (the
    state is copied only when the stream needs its second block)."""
    yield first
    state = list(m)
    while True:
        words, a, b, c = _block(state, a, b, c)
        yield words


class IsaacSource:
    """One ``isaac_ctx``, a :class:`unlev.stdlib.rng.WordSource`.

    The words are handed out as rnd_isaac.c does: each update fills a block of 256,
    read from its last word to its first.  The stream is a C-level chain over the
    blocks, so the next word (:meth:`word_function`, what the RNG calls) is the
    chain's own ``__next__``: no Python frame per word, one per 256.
    """

    __slots__ = ("_next",)

    def __init__(self, seed: bytes) -> None:
        seeded = _SEEDED.get(seed)
        if seeded is None:
            if len(_SEEDED) >= 16:
                _SEEDED.clear()
            # set_random_state seeds two streams alike: the second one reuses this
            seeded = _SEEDED[seed] = _seeded(seed)
        self._next = itertools.chain.from_iterable(_blocks(*seeded)).__next__

    def next_u32(self) -> int:
        return self._next()

    def word_function(self):
        return self._next


def seed_bytes(seed: int) -> bytes:
    """rnd.c set_random_state: the unsigned 32-bit seed as 8 little-endian bytes."""
    return (seed & MASK).to_bytes(4, "little") + bytes(4)


def random_state(seed: int) -> Tuple[IsaacSource, IsaacSource]:
    """rnd.c set_random_state(seed): (default_rng, mon_rng), both seeded alike."""
    b = seed_bytes(seed)
    return IsaacSource(b), IsaacSource(b)


def level_seeds(game_seed: int, serverseed: int = 0) -> List[int]:
    """allmain.c init_level_seeds: the seed of every ledger number, index = ledger
    (index 0 holds the game seed, as level_info[0].seed does).  ``serverseed`` is
    sysconf's SERVERSEED, added (unsigned, mod 2**32) to a seed the player chose."""
    src = IsaacSource(seed_bytes((game_seed + serverseed) & MASK))
    nxt = src.next_u32
    return [game_seed & MASK] + [nxt() % INT_MAX for _ in range(1, MAXLINFO)]


def level_seed(game_seed: int, ledger: int, serverseed: int = 0) -> int:
    """The seed mklev() reseeds with for the level at ledger number ``ledger``."""
    if not 1 <= ledger < MAXLINFO:
        raise ValueError(f"ledger number {ledger} is outside 1..{MAXLINFO - 1}")
    return level_seeds(game_seed, serverseed)[ledger]


_B32 = "oi23456789abcdefghjkmnpqrstvwxyz"


def parse_game_seed(text: str) -> int:
    """A game seed as the game prints it (``u`` + base32: end.c, insight.c) or as a
    number (options.c: ``atoi``, so a negative number wraps to unsigned).  The digits
    are base32.c's ``encode_base32`` alphabet (o for 0, i for 1; no l or u), read here
    as the inverse of that encoding, with I and L as 1.  (The game's own
    ``decode_base32`` skips a lower-case o, so a printed seed with a zero digit, typed
    back into the game's ``seed`` option, gives another game.)"""
    t = text.strip()
    if t[:1] == "u" and len(t) > 1:
        value = 0
        for ch in t[1:].lower():
            ch = {"0": "o", "1": "i", "l": "i"}.get(ch, ch)
            k = _B32.find(ch)
            if k < 0:
                raise ValueError(f"bad base-32 digit {ch!r} in game seed {text!r}")
            value = value * 32 + k
        if value > MASK:
            raise ValueError(f"game seed {text!r} is larger than 32 bits")
        return value
    value = int(t, 10)
    if -(1 << 31) <= value < 0:
        value &= MASK
    if not 0 <= value <= MASK:
        raise ValueError(f"game seed {value} is outside 0..{MASK}")
    return value
