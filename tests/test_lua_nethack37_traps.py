"""NetHack 3.7's mktrap on a 3.7 level (issue 31): random traps come from 3.7's trap
enum (``traptype_rnd``: no ice trap, a polymorph trap where UnNetHack has the ice
trap, never a trapped door or chest), a web always gets its spider, and on shallow
levels a trap that can kill has its dead adventurer (``mktrap_victim``).  Small
committed Lua snippets; UnNetHack's tables (``data="unnethack"``) keep UnNetHack's
mktrap."""

from collections import Counter

import pytest

pytest.importorskip("lupa")

from unlev.lua.runtime import run_lua_text, tables_folder  # noqa: E402
from unlev.populate import traps37  # noqa: E402
from unlev.stdlib import data  # noqa: E402
from unlev.stdlib.builtins import RunContext  # noqa: E402


class Scripted:
    """An RNG answering rnd/rn2 from a list, recording the calls."""

    def __init__(self, answers):
        self.answers = list(answers)
        self.calls = []

    def rnd(self, x):
        self.calls.append(("rnd", x))
        return self.answers.pop(0)

    def rn2(self, x):
        self.calls.append(("rn2", x))
        return self.answers.pop(0)


def _traps(n, name="", depth=12):
    arg = f'"{name}"' if name else ""
    return (f'des.level_init({{ style = "solidfill", fg = "." }})\n'
            f'des.level_flags("mazelevel", "noflip")\n'
            f'for i = 1, {n} do des.trap({arg}) end\n')


def _run(text, seed, depth, data_name=None):
    return run_lua_text(text, "traps.lua", seed, name="traps",
                        run_context=RunContext(depth=depth, level_name="traps"),
                        data=data_name)


def test_traptype_rnd_draws_over_37s_enum():
    with data.tables_of(tables_folder("nethack37")):
        assert traps37.applies()
        rng = Scripted([22])
        assert traps37.traptype_rnd(rng, 8) == "POLY_TRAP"      # UnNetHack's 22: ice
        assert rng.calls == [("rnd", 25)]                        # TRAPNUM - 1 = 25
        assert traps37.traptype_rnd(Scripted([22]), 7) is None   # too hard at 7
        assert traps37.traptype_rnd(Scripted([24]), 30) is None  # trapped door
        assert traps37.traptype_rnd(Scripted([25]), 30) is None  # trapped chest
        assert traps37.traptype_rnd(Scripted([10]), 30) is None  # fire: Gehennom only
        assert traps37.traptype_rnd(Scripted([10]), 30, in_gehennom=True) == "FIRE_TRAP"
        assert traps37.traptype_rnd(Scripted([18]), 3) is None   # web from 7 ...
        assert traps37.traptype_rnd(Scripted([18]), 3, spider_on_web=False) == "WEB"
        assert traps37.traptype_rnd(Scripted([13, 1]), 30) is None   # hole, rn2(7)
        assert traps37.traptype_rnd(Scripted([13, 0]), 30) == "HOLE"
    with data.tables_of(None):
        assert not traps37.applies()


@pytest.mark.parametrize("seed", [1, 2])
def test_random_traps_of_a_37_level_are_37s(seed):
    lv = _run(_traps(300), seed, 12)
    kinds = Counter(t.ttyp for t in lv.traps)
    assert sum(kinds.values()) > 150
    assert "ICE_TRAP" not in kinds and "FIRE_TRAP" not in kinds
    assert kinds["POLY_TRAP"] > 0
    assert not {"MAGIC_PORTAL", "VIBRATING_SQUARE"} & set(kinds)


def test_a_web_always_has_its_spider_on_a_37_level():
    for seed in (1, 2, 3):
        lv = _run(_traps(40, "web"), seed, 10)
        webs = {(t.x, t.y) for t in lv.traps if t.ttyp == "WEB"}
        spiders = {(m.x, m.y) for m in lv.monsters if m.id == "giant spider"}
        assert webs and spiders == webs


def _on(lv, x, y):
    return [o.id for o in lv.objects if (o.x, o.y) == (x, y)]


def test_shallow_traps_have_victims_on_a_37_level():
    lv = _run(_traps(15, "arrow"), 1, 1)
    assert lv.traps
    for t in lv.traps:            # difficulty 1 <= rnd(4): always a victim
        here = _on(lv, t.x, t.y)
        assert "arrow" in here and "corpse" in here and len(here) >= 3
        assert all(o.attrs.get("curse") == "cursed" for o in lv.objects
                   if (o.x, o.y) == (t.x, t.y) and o.id not in ("arrow", "corpse"))
    deep = _run(_traps(15, "arrow"), 1, 10)
    assert deep.traps and not deep.objects
    boards = _run(_traps(15, "board"), 1, 1)      # a squeaky board never kills
    assert boards.traps and not boards.objects


def test_unnethacks_tables_keep_unnethacks_mktrap():
    lv = _run(_traps(15, "arrow"), 1, 1, data_name="unnethack")
    assert lv.traps and not lv.objects


def test_rndtrap_of_a_37_maze_fill():
    """sp_lev.c rndtrap: rnd(25) over 3.7's enum; a trapped door or chest passes the
    filter but maketrap makes nothing of it (None)."""
    with data.tables_of(tables_folder("nethack37")):
        assert traps37.rndtrap(Scripted([22])).name == "POLY_TRAP"
        assert traps37.rndtrap(Scripted([24])) is None             # trapped door
        assert traps37.rndtrap(Scripted([25])) is None             # trapped chest
        assert traps37.rndtrap(Scripted([13, 17, 23, 1])).name == "ARROW_TRAP"
        assert traps37.rndtrap(Scripted([14, 2]), can_dig_down=False).name == "DART_TRAP"
        assert traps37.rndtrap(Scripted([3, 9]), in_endgame=True).name == "RUST_TRAP"


MAZE = """
des.level_init({ style = "mazegrid", bg = "-" })
des.level_flags("mazelevel", "noflip")
des.mazewalk(1, 1, "east")
"""


def test_a_37_maze_is_stocked_with_37s_traps():
    kinds = Counter()
    for seed in range(1, 9):
        lv = _run(MAZE, seed, 20)
        kinds.update(t.ttyp for t in lv.traps)
    assert sum(kinds.values()) > 20
    assert "ICE_TRAP" not in kinds and "HOLE" not in kinds
    theirs = Counter()
    for seed in range(1, 9):         # UnNetHack's rndtrap has its ice trap
        theirs.update(t.ttyp for t in _run(MAZE, seed, 20, "unnethack").traps)
    assert "ICE_TRAP" in theirs and theirs != kinds


def test_des_trap_flags_spider_on_web_and_victim():
    """3.7's des.trap: spider_on_web = false makes no spider, victim = false no dead
    adventurer (create_trap's MKTRAP_NOSPIDERONWEB, MKTRAP_NOVICTIM)."""
    def traps(extra):
        return (f'des.level_init({{ style = "solidfill", fg = "." }})\n'
                f'des.level_flags("mazelevel", "noflip")\n'
                f'for i = 1, 12 do des.trap({{ {extra} }}) end\n')
    lv = _run(traps('type = "web", spider_on_web = false'), 1, 10)
    assert any(t.ttyp == "WEB" for t in lv.traps) and not lv.monsters
    lv = _run(traps('type = "arrow", victim = false'), 1, 1)
    assert lv.traps and not lv.objects
    lv = _run(traps('type = "arrow", victim = true'), 1, 1)
    assert lv.objects
