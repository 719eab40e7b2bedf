"""tools/game_stream.py: the game's own main stream (rnd_isaac.c, seeded by rnd.c
set_random_state with the dump's LEVELSEED) explains the game's dumps draw by draw."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import game_stream  # noqa: E402


def test_tower3s_chance_prefix_is_one_rn2_100_at_a_fixed_position(game_reference):
    # lev_comp.y comparestmt + spo_lev.c SPO_RN2/SPO_CMP/SPO_JLE: [75%]: OBJECT is
    # made when rn2(100) < 75; in tower3 the long sword's draw is the 13th of the main
    # stream (SHUFFLE's nine and three others first), so one position must explain
    # every dump
    texts = list(game_stream.dumps(str(game_reference / "tower3.txt.gz")))
    assert len(texts) == 10
    rows = game_stream.chance_positions(texts, "long sword", 75, limit=60)
    perfect = [p for p, n in rows if n == len(texts)]
    assert perfect == [12]


def test_the_stream_depends_on_the_seed():
    a = [game_stream.level_stream(1).next_u32() for _ in range(5)]
    b = [game_stream.level_stream(2).next_u32() for _ in range(5)]
    assert a != b and all(0 <= v <= 0xFFFFFFFF for v in a + b)
