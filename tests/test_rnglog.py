"""The draw log (stdlib/rnglog.py): one line per word with stream, helper, modulus,
value and caller, and a logged RNG draws exactly what an unlogged one draws."""

from __future__ import annotations

from unlev.stdlib import rnglog
from unlev.stdlib.rng import RNG


def _draws(rng):
    return [rng.rn2(10), rng.rnd(6), rng.d(2, 4), rng.rn1(5, 3), rng.rnz(100),
            rng.word() & 0xFF]


def test_a_logged_rng_draws_what_an_unlogged_one_does(tmp_path):
    plain = _draws(RNG(77))
    log = tmp_path / "draws.log"
    rnglog.open_log(str(log))
    try:
        logged = _draws(RNG(77))
        RNG(77, stream="mon").rn2(5)      # the monster stream: no reseed line of its own
    finally:
        rnglog.open_log(None)
    assert logged == plain
    lines = log.read_text().splitlines()
    assert lines[0] == "# seed 77"
    assert sum(ln.startswith("#") for ln in lines) == 1
    assert lines[-1].startswith("mon rn2 5 ")
    body = [ln.split() for ln in lines[1:-1]]
    # rn2, rnd, d x2, rn1 (an rn2), rnz: rn2 + rne's 10 rnf draws + rn2, the word
    assert [b[1] for b in body[:5]] == ["rn2", "rnd", "d", "d", "rn2"]
    assert body[0][:3] == ["core", "rn2", "10"] and int(body[0][3]) == plain[0]
    assert int(body[1][3]) + 1 == plain[1]
    assert len(body) == 5 + 12 + 1 and body[-1][1] == "word"
    # the caller is this test, not the RNG's own modules
    assert all(b[4].startswith("test_rnglog.py:_draws:") for b in body)


def test_without_a_log_nothing_is_written(tmp_path, monkeypatch):
    rnglog.open_log(None)
    assert rnglog.sink() is None
    assert type(RNG(1)) is RNG
