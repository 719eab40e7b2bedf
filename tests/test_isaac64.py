"""NetHack 3.7's generator, ISAAC64 seeded as rnd.c init_isaac64 does, against the C
game's own outputs: the first values of davidbau/mazesofmenace's golden reference
(test/comparison/golden/isaac64_seed{0,42}.txt, from the C isaac64.c), kept here as
facts."""

from unlev.stdlib.isaac64 import Isaac64, Isaac64Random

# seed -> the first raw 64-bit outputs of the C generator
GOLDEN = {
    0: [0x9D39247E33776D41],
    42: [0xBBD61FA5105A596A, 0x9B3CC89C4ACB57BA, 0xF2469CCFA2BC2790],
}


def test_first_outputs_are_the_c_generators():
    for seed, values in GOLDEN.items():
        s = Isaac64.from_seed(seed)
        assert [s.next_uint64() for _ in values] == values


def test_rn2_is_the_raw_value_modulo():
    # golden files give "raw rn2(100)": 0xbbd61fa5105a596a % 100 == 98
    g = Isaac64Random(42)
    assert g.rn2(100) == 98 and g.draws == 1
    assert g.rn2(100) == 66 and g.rn2(100) == 48


def test_rne_stops_at_its_cap():
    # 3.7's rne: at most 5 below level 15, whatever the draws
    g = Isaac64Random(7)
    assert all(1 <= g.rne(1) <= 5 for _ in range(20))     # rn2(1) is always 0: the cap
    assert Isaac64Random(7).rne(1) == 5


def test_a_second_block_of_output():
    # past the first 256 outputs the state is regenerated (isaac64_update): the C
    # generator's 257th..259th and 500th values for seed 42
    s = Isaac64.from_seed(42)
    out = [s.next_uint64() for _ in range(500)]
    assert out[256:259] == [0x074EE3CEE3BF5FBE, 0x6F6A3ADA3DC10BD6, 0xC816A44167628FFF]
    assert out[499] == 0x4163E62D7ECD4296


def test_a_lua_level_draws_the_games_numbers():
    # --generator nethack37: mklev's getbones() draws rn2(3) first, then nhlib's
    # shuffle(align) takes two draws (rn2(3), rn2(2)), as 3.7's nhlib.lua does; the
    # level's own first rn2(100) is then the C generator's fourth output % 100 (seed
    # 42: 45).  #wizloaddes calls load_special without getbones: the third (48)
    import pytest
    pytest.importorskip("lupa")
    from unlev.lua.runtime import run_lua_text
    s = Isaac64.from_seed(42)
    out = [s.next_uint64() for _ in range(4)]
    assert (out[2] % 100, out[3] % 100) == (48, 45)
    lv = run_lua_text('des.message(tostring(nh.rn2(100)))', "t.lua", 42, finish=False,
                      generator="nethack37")
    assert lv.messages == ["45"]
    lv = run_lua_text('des.message(tostring(nh.rn2(100)))', "t.lua", 42, finish=False,
                      generator="nethack37", wizload=True)
    assert lv.messages == ["48"]


def test_unknown_generator_is_refused():
    import pytest
    pytest.importorskip("lupa")
    from unlev.lua.runtime import run_lua_text
    with pytest.raises(ValueError, match="unknown generator"):
        run_lua_text("", "t.lua", 1, generator="mt19937")


def test_the_37_generator_is_one_stream():
    import pytest
    pytest.importorskip("lupa")
    from unlev.lua.runtime import new_session
    s = new_session("t.lua", 1, generator="nethack37")
    assert s.builder.state.mon_rng is s.rng
    d = new_session("t.lua", 1)
    assert d.builder.state.mon_rng is not d.rng        # unlev's own: two streams
