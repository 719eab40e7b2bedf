"""The game's generator (stdlib/isaac.py): UnNetHack's ISAAC word for word against
numbers computed by the C (rnd_isaac.c of 24dce72, seeded as rnd.c set_random_state
seeds it; tests/fixtures/isaac_reference.json), and allmain.c init_level_seeds
against every shared dump's GAMESEED, LEVELSEED and ledger number."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from unlev.stdlib import isaac
from unlev.stdlib.rng import RNG

TABLE = json.loads((Path(__file__).parent / "fixtures" / "isaac_reference.json").read_text())


@pytest.mark.parametrize("row", TABLE["streams"], ids=lambda r: str(r["seed"]))
def test_isaac_words_are_the_c_ones(row):
    src = isaac.IsaacSource(isaac.seed_bytes(row["seed"]))
    words = [src.next_u32() for _ in range(4096)]
    assert words[:16] == row["first"]
    for index, value in row["at"].items():      # across the 256-word block ends
        assert words[int(index)] == value, index


def test_rng_of_a_seed_is_both_game_streams():
    # set_random_state seeds default_rng and mon_rng alike; RND(x) is word % x
    row = TABLE["streams"][4]
    core, mon = isaac.random_state(row["seed"])
    assert [core.next_u32() for _ in range(16)] == row["first"]
    assert [mon.next_u32() for _ in range(16)] == row["first"]
    rng = RNG(row["seed"])
    assert [rng.rn2(1000) for _ in range(8)] == [w % 1000 for w in row["first"][:8]]
    assert rng.rnd(6) == row["first"][8] % 6 + 1
    assert rng.d(2, 4) == 2 + row["first"][9] % 4 + row["first"][10] % 4


@pytest.mark.parametrize("row", TABLE["level_seeds"], ids=lambda r: str(r["game_seed"]))
def test_level_seeds_are_the_c_ones(row):
    seeds = isaac.level_seeds(row["game_seed"], row["serverseed"])
    assert len(seeds) == isaac.MAXLINFO
    for ledger, value in row["ledger"].items():
        assert seeds[int(ledger)] == value
        assert isaac.level_seed(row["game_seed"], int(ledger), row["serverseed"]) == value


def test_a_ledger_outside_the_table_is_refused():
    for bad in (0, 512):
        with pytest.raises(ValueError, match="outside 1..511"):
            isaac.level_seed(1, bad)


@pytest.mark.parametrize("text,value", [
    ("12345", 12345), ("-1", 0xFFFFFFFF), ("u1", 1), ("ui", 1), ("uo", 0),
    ("u10", 32), ("uio", 32), ("uzz", 1023), ("uL", 1), ("4294967295", 0xFFFFFFFF)])
def test_game_seeds_as_the_game_prints_them(text, value):
    assert isaac.parse_game_seed(text) == value


@pytest.mark.parametrize("text", ["u!", "4294967296", "uzzzzzzzz", "x12"])
def test_bad_game_seeds_are_refused(text):
    with pytest.raises(ValueError):
        isaac.parse_game_seed(text)


def _headers(folder: Path):
    pat = re.compile(r"^GAMESEED (\d+)\nLEVELSEED (\d+)\nWHERE .*?\bledger=(\d+)", re.M)
    for path in sorted(folder.glob("*.txt.gz")):
        with gzip.open(path, "rt", encoding="ascii", errors="replace") as fh:
            text = fh.read()
        found = [(path.stem, int(m[1]), int(m[2]), int(m[3])) for m in pat.finditer(text)]
        assert len(found) == text.count("=== seed"), path      # no dump left out
        yield from found


# the full tier's (--full): a sweep of every game dump (~0.9 s)
@pytest.mark.slow
def test_every_dump_level_seed_comes_from_its_game_seed(game_reference):
    # init_level_seeds: set_random_state(game seed), level_info[i].seed = rn2(INT_MAX)
    folders = [game_reference, game_reference.parent / "game-reference-extra"]
    cache: dict = {}
    checked = wrong = 0
    for folder in folders:
        if not folder.is_dir():
            continue
        for name, game, level, ledger in _headers(folder):
            if game not in cache:
                cache[game] = isaac.level_seeds(game)
            checked += 1
            if cache[game][ledger] != level:
                wrong += 1
            # and it is that ledger's seed, not a neighbour's
            assert cache[game][ledger - 1] != level and cache[game][ledger + 1] != level
    assert checked >= 2000      # 211 x 10, and 210 x 30 more in -extra
    assert wrong == 0


def test_two_streams_of_one_seed_are_independent():
    # the second source of a seed is a copy of the first one's seeded state
    row = TABLE["streams"][1]
    a = isaac.IsaacSource(isaac.seed_bytes(row["seed"]))
    first = [a.next_u32() for _ in range(300)]
    b = isaac.IsaacSource(isaac.seed_bytes(row["seed"]))
    assert [b.next_u32() for _ in range(16)] == row["first"]
    assert first[:16] == row["first"] and a.next_u32() != first[0]


def _plain_update(m, a, b, c):
    """isaac_update written step by step, as rnd_isaac.c reads (no unrolling, every
    sum masked): the reference the fast block is held to."""
    c = (c + 1) & isaac.MASK
    b = (b + c) & isaac.MASK
    r = [0] * 256
    for i in range(256):
        x = m[i]
        shift = i % 4
        if shift == 0:
            a = (a ^ (a << 13)) & isaac.MASK
        elif shift == 1:
            a ^= a >> 6
        elif shift == 2:
            a = (a ^ (a << 2)) & isaac.MASK
        else:
            a ^= a >> 16
        a = (a + m[(i + 128) % 256]) & isaac.MASK
        y = (m[(x >> 2) % 256] + a + b) & isaac.MASK
        m[i] = y
        b = (m[(y >> 10) % 256] + x) & isaac.MASK
        r[i] = b
    return r, a, b, c


@pytest.mark.parametrize("seed", [b"", b"\x01", b"abc", isaac.seed_bytes(0),
                                  isaac.seed_bytes(0x9E3779B9), bytes(range(200)) * 7])
def test_fast_blocks_are_the_plain_update_for_64_blocks(seed):
    src = isaac.IsaacSource(seed)
    words = [src.next_u32() for _ in range(256 * 64)]
    m, a, b, c, first = isaac._SEEDED[seed]
    assert list(first) == words[:256]
    # run the plain update from the state the seeding left; the seeding's own last
    # update is checked against the C by the fixture's words
    m = list(m)
    for k in range(1, 64):
        r, a, b, c = _plain_update(m, a, b, c)
        assert words[256 * k:256 * (k + 1)] == r[::-1], k


def test_drawing_leaves_the_shared_seeding_alone():
    seed = isaac.seed_bytes(TABLE["streams"][3]["seed"])
    one = isaac.IsaacSource(seed)
    drawn = [one.next_u32() for _ in range(1000)]
    again = isaac.IsaacSource(seed).word_function()
    assert [again() for _ in range(1000)] == drawn
    assert drawn[:16] == TABLE["streams"][3]["first"]
