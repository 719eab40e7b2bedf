"""Where a level is run by default: the game's usual place for it (places.json)."""

from unlev.run import guess_context, usual_place


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
    from unlev.run import find_level
    c = compile_text('LEVEL:"a"\nMESSAGE:"one"\nLEVEL:"a"\nMESSAGE:"two"\n')
    assert find_level(c, "a") is c.tree.levels[1]
    assert find_level(c) is c.tree.levels[0]
