"""Where a level is run by default: the game's usual place for it (places.json)."""

from unlev.model.placement import guess_context, usual_place


def test_known_levels_take_the_games_place():
    med = guess_context("medusa-2")
    assert (med.dungeon_name, med.depth, med.difficulty) == ("The Dungeons of Doom", 23, 23)
    soko = guess_context("soko1-4")
    assert soko.in_sokoban and soko.dunlev == 1 and soko.depth == 4
    # Gehennom: difficulty is not the depth
    assert guess_context("sanctum").difficulty > guess_context("sanctum").depth


def test_siblings_and_other_roles_are_placed_like_their_kin():
    assert usual_place("Arc-fila") == usual_place("Pri-fila")
    assert usual_place("bigrm-99") is not None
    assert usual_place("no-such-level") is None
    assert guess_context("no-such-level").depth == 1


def test_given_depth_wins_and_resets_difficulty():
    ctx = guess_context("sanctum", depth=5)
    assert ctx.depth == 5 and ctx.difficulty == 5
    assert guess_context("oracle", depth=5, difficulty=9).difficulty == 9


def test_of_two_levels_with_one_name_the_last_is_found():
    from unlev.lang.frontend import compile_text
    from unlev.generate.build import find_level
    c = compile_text('LEVEL:"a"\nMESSAGE:"one"\nLEVEL:"a"\nMESSAGE:"two"\n')
    assert find_level(c, "a") is c.tree.levels[1]
    assert find_level(c) is c.tree.levels[0]


def test_branches_and_dungeon_ends_come_with_the_place():
    mines1 = guess_context("minefill")
    assert mines1.branch == "up" and mines1.dunlev == 1
    assert guess_context("castle-1").dunlevs == guess_context("castle-1").dunlev  # bottom
    assert guess_context("oracle").branch is None
    # where the game's dungeon varies (the big room), no branch is assumed
    assert guess_context("bigrm-3").branch is None


def test_mines_top_level_gets_its_branch_instead_of_a_second_up_stair(corpus_root):
    from unlev.lang.frontend import compile_file
    from unlev.generate.build import build_level
    c = compile_file(str(corpus_root / "unnethack" / "mines.des"))
    for seed in (1, 2, 3):
        lv = build_level(c, find_level_named(c, "minefill"), seed=seed)
        ups = [s for s in lv.stairs if s.up]
        assert len(ups) == 1 and ups[0].tolev == "branch"
        assert sum(1 for s in lv.stairs if not s.up) == 1


def find_level_named(compiled, name):
    from unlev.generate.build import find_level
    return find_level(compiled, name)


def test_context_carries_dungeon_def_flags_and_ledger():
    """dungeon.c Is_special(), the s_level LEVELDESC town flag and ledger_no(), from
    dungeon.def and the game's WHERE lines (mineralize and nameshk read them)."""
    from unlev.model.placement import guess_context
    mt = guess_context("minetn-1")
    assert (mt.is_special, mt.is_town, mt.ledger_no, mt.ledger) == (True, True, 53, 53)
    fill = guess_context("minefill")
    assert (fill.is_special, fill.is_town) == (False, False)
    assert guess_context("townfill-1").is_town is True     # LEVELDESC town follows townfill
    assert guess_context("town-1").is_town is False
    assert guess_context("Bar-loca").is_special is True    # "x-loca" in dungeon.def
    assert guess_context("Bar-fila").is_special is False
    # a depth given by hand: in the Dungeons of Doom the ledger is the depth; in a
    # dungeon after it (the Mines) the depth does not tell it, the usual one stands
    assert guess_context("oracle", depth=9).ledger == 9
    assert guess_context("minetn-1", depth=9).ledger == 53


def test_mineralize_skips_special_town_levels_and_keeps_mines_fillers():
    """mklev.c mineralize(): special levels are skipped unless in the Mines and not a
    town; townfill (a special town level of the Town branch) gets no gold or gems."""
    from unlev.model.level import Level
    from unlev.model.placement import guess_context
    from unlev.populate.mineral import mineralize
    from unlev.stdlib.rng import RNG

    def gold_after(name):
        lv = Level(guess_context(name), name)         # all stone: room for minerals
        mineralize(lv, RNG(3))
        return sum(1 for o in lv.objects if o.id == "gold piece")

    assert gold_after("minefill") > 0
    assert gold_after("townfill-1") == 0
    assert gold_after("minetn-1") == 0
