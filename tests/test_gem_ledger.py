"""Which gems a level can have: o_init.c ``setgemprobs(&u.uz)`` reads the level's
*ledger* number (dungeon.c ``ledger_no``), not its depth.  The Ruins of Moria and the
Mines come after Gehennom and Sheol in dungeon.def, so their ledger is 50-80 even at
depth 3-17, and every gem can be made there (moria1-1's 200 random gems)."""

from __future__ import annotations

from collections import Counter

from unlev.model.placement import guess_context
from unlev.generate.build import build_level
from unlev.lang.frontend import compile_text
from unlev.model.context import DungeonContext
from unlev.populate.kinds import object_probabilities

GEMS = 'LEVEL:"gems"\nINIT_MAP:solidfill,\'.\'\nLOOP [150] { OBJECT:\'*\',random }\n'
PRECIOUS = {"dilithium crystal", "diamond", "ruby", "jacinth"}


def _gem_kinds(ctx: DungeonContext, seeds=range(1, 4)) -> Counter:
    out: Counter = Counter()
    for s in seeds:
        lv = build_level(compile_text(GEMS), seed=s, context=ctx)
        out.update(str(o.id) for o in lv.objects)
    return out


def test_setgemprobs_zeroes_the_precious_gems_by_ledger():
    # setgemprobs: 9 - ledger/3 gems get oc_prob 0; from ledger 27 on, none
    probs = lambda ledger: {o.name: p for o, p in object_probabilities("*", ledger)}
    assert [probs(15)[g] for g in ("dilithium crystal", "diamond", "ruby", "jacinth")] \
        == [0, 0, 0, 0]
    assert probs(15)["sapphire"] > 0
    assert all(probs(70)[g] == 7 for g in PRECIOUS)


def test_random_gems_follow_the_ledger_not_the_depth():
    """sp_lev.c create_object -> mkobj(GEM_CLASS): the oc_prob of setgemprobs(ledger)."""
    moria = _gem_kinds(DungeonContext(depth=15, dunlev=6, ledger_no=72,
                                      dungeon_name="The Ruins of Moria"))
    shallow = _gem_kinds(DungeonContext(depth=15, dunlev=6, ledger_no=15,
                                        dungeon_name="The Ruins of Moria"))
    # 450 gems at 7 per mille each: about 3 of every precious kind; at ledger 15, none
    assert sum(moria[g] for g in PRECIOUS) >= 4
    assert sum(shallow[g] for g in PRECIOUS) == 0


def test_a_branch_level_made_at_a_given_depth_keeps_its_usual_ledger():
    """dungeon.c ledger_no: the Dungeons of Doom's ledger is the depth; a later
    dungeon's counts the levels of the dungeons before it, which a depth does not tell."""
    assert guess_context("moria1-1", depth=15).ledger == guess_context("moria1-1").ledger
    assert guess_context("moria1-1", depth=15).ledger > 27
    assert guess_context("oracle", depth=7).ledger == 7
