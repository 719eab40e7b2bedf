"""Run one LEVEL of a compiled des-file and get the finished :class:`Level`.

This is the one call the CLI and the harness need: it wires the evaluator (the
language) to :class:`~unlev.generate.game_builder.GameBuilder` (the loader) on one random stream,
then runs what the game does after the script (:func:`unlev.generate.finish.finish_level`).
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Optional

from unlev.generate import dialect_levels
from unlev.generate.game_builder import BuildCompat, GameBuilder
from unlev.generate.loaders import loader_for
from unlev.generate.lregions import fixup_special
from unlev.populate.mineral import mineralize
from unlev.populate.roomfill import fill_rooms
from unlev.generate.finish import finish_level, post_process_level
from unlev.generate.fixups import ensure_way_out, setup_waterlevel, special_level_fixups
from unlev.lang import ast as A
from unlev.lang.evaluator import Evaluator
from unlev.model.level import DungeonContext, Level
from unlev.stdlib import data
from unlev.stdlib.builtins import RunContext
from unlev.stdlib.rng import RNG
from unlev.stdlib.selection import Compat
from unlev.generate.walls import bound_digging


def find_level(compiled, name: Optional[str] = None) -> A.Level:
    """The LEVEL called ``name`` (the first one when None).  Of two LEVELs with one
    name the last counts: lev_comp writes each to ``<name>.lev``, so the second
    overwrites the first (Monk.des has two ``Mon-filb``)."""
    levels = compiled.tree.levels
    if name is None:
        return levels[0]
    for lv in reversed(levels):
        if lv.name == name:
            return lv
    raise KeyError(f"no LEVEL named {name!r}; the file has "
                   + ", ".join(lv.name for lv in levels))


# Level-name prefixes of UnNetHack's dungeon.def and the dungeon each lives in.
_DUNGEON_OF_PREFIX = (
    ("soko", "Sokoban"), ("minefill", "The Gnomish Mines"),
    ("minetn", "The Gnomish Mines"), ("minend", "The Gnomish Mines"),
    ("valley", "Gehennom"), ("sanctum", "Gehennom"), ("juiblex", "Gehennom"),
    ("orcus", "Gehennom"), ("asmod", "Gehennom"), ("baalz", "Gehennom"),
    ("heck-", "Gehennom"), ("hellfill", "Gehennom"), ("sheol", "Sheol"),
    ("palace_", "Sheol"), ("tower", "Vlad's Tower"), ("wizard", "The Wizard's Tower"),
    ("drgn", "The Dragon Caves"), ("moria", "The Ruins of Moria"), ("knox", "Fort Ludios"),
    ("blkmar", "One-eyed Sam's Market"), ("advcal", "Advent Calendar"),
    ("town", "Town"), ("earth", "The Elemental Planes"), ("air", "The Elemental Planes"),
    ("fire", "The Elemental Planes"), ("water", "The Elemental Planes"),
    ("astral", "The Elemental Planes"),
)


_PLACES: Optional[dict] = None


def _places() -> dict:
    global _PLACES
    if _PLACES is None:
        _PLACES = data.load_table("places")["levels"]
    return _PLACES


def usual_place(name: str) -> Optional[dict]:
    """Where the game usually puts LEVEL ``name`` (stdlib/data/places.json, made by
    tools/gen_places.py): dungeon, level in it, depth, difficulty.  Variants of a level
    (``bigrm-15``) and other roles' quest levels (``Arc-fila``) take the place of a
    known sibling; None for a level the table cannot place."""
    table = _places()
    if name in table:
        return table[name]
    if len(name) > 4 and name[3] == "-":            # quest level of another role
        for known, place in table.items():
            if len(known) > 4 and known[3] == "-" and known[4:] == name[4:]:
                return place
    stem = name.rstrip("0123456789")
    for known in sorted(table):
        if stem and known.rstrip("0123456789") == stem:
            return table[known]
    return None


def guess_context(name: str, depth: Optional[int] = None,
                  difficulty: Optional[int] = None) -> DungeonContext:
    """A DungeonContext for a level known only by its LEVEL name: the dungeon it lives
    in according to UnNetHack's dungeon.def, where the game usually puts it
    (:func:`usual_place`; ``depth``/``difficulty`` override) with the branch the
    dungeon puts there and whether it is the bottom of its dungeon, and the switches that
    change how the game builds it there (Sokoban flips, the Plane of Water accepts any
    spot, Mines lighting and mineralize, the Wizard's Tower never flips left-right...)."""
    dungeon = "The Dungeons of Doom"
    if len(name) > 4 and name[3] == "-" and name[:3].istitle():
        dungeon = "The Quest"
    for prefix, dname in _DUNGEON_OF_PREFIX:
        if name.startswith(prefix):
            dungeon = dname
            break
    place = usual_place(name)
    dunlev = 1
    usual_depth, usual_difficulty = 1, None
    branch = dunlevs = ledger = special = town = None
    if place is not None:
        dungeon = place["dungeon"]
        dunlev = place["dlevel"]
        usual_depth = place["depth"]
        if place["difficulty"] != place["depth"]:
            usual_difficulty = place["difficulty"]
        branch = place.get("branch")
        ledger = place.get("ledger")
        special = place.get("special")
        town = place.get("town")
        if "bottom" in place:     # the level count matters at the ends only
            dunlevs = dunlev if place["bottom"] else dunlev + 1
    if depth is not None:
        usual_difficulty = None
    return DungeonContext(
        depth=usual_depth if depth is None else depth, dunlev=dunlev,
        level_difficulty=difficulty if difficulty is not None else usual_difficulty,
        dungeon_name=dungeon, in_mines=dungeon == "The Gnomish Mines",
        in_sokoban=dungeon == "Sokoban", in_endgame=dungeon == "The Elemental Planes",
        is_waterlevel=name == "water", on_wizard_tower_level=dungeon == "The Wizard's Tower",
        is_stronghold=name.rstrip("0123456789").rstrip("-") == "castle",
        branch=branch, dunlevs=dunlevs, is_special=special, is_town=town,
        ledger_no=_ledger_at(dungeon, ledger, depth))


def _ledger_at(dungeon: str, usual_ledger: Optional[int], depth: Optional[int]) -> Optional[int]:
    """ledger_no(&u.uz) of a level made at ``depth``.  In the Dungeons of Doom the ledger
    is the depth (None says so); in the other dungeons it counts the levels of every
    dungeon listed before them in dungeon.def (Gehennom, Sheol... before the Mines), so
    a depth tells nothing of it and the usual place's ledger stands.  It matters for
    o_init.c setgemprobs: a Mines or Moria level at depth 15 has ledger 70 or so and
    all the gems, where ledger 15 would leave out the four most precious."""
    if depth is None or dungeon != "The Dungeons of Doom":
        return usual_ledger
    return None


def build_level(compiled, level_node: Optional[A.Level] = None, seed: int = 0,
                context: Optional[DungeonContext] = None, compat: Compat = Compat(),
                force_flip: bool = False, run_context: Optional[RunContext] = None,
                warn: Optional[Callable] = None, finish: bool = True,
                post_mklev: bool = True, flip_bits: Optional[int] = None) -> Level:
    """Generate one level: the script on a fresh level, then the game's finishing steps.

    ``context`` says where the level is (depth, dungeon...; guessed from the level's name
    when None, see :func:`guess_context`); ``run_context`` is what the
    script's ``level.*``/``hero.*`` functions read; its ``depth`` 0 (the default) means
    "where the game usually puts this level", and a depth given there also places the
    level when ``context`` is None.
    ``compat`` is the selection Compat: ``Compat.game()`` switches the evaluator and the
    builder to the game's deviations too.  ``force_flip`` keeps the random flips on
    every level (the game keeps them only in Sokoban); ``flip_bits`` replaces the
    level's allowed flips (0: never flip, as FLAGS: noflip).  ``finish=False`` stops right
    after the script (for tests and debugging).  ``post_mklev`` also runs what mklev()
    does to every new level once the loader is done: bound_digging (the non-diggable
    frame round the used area), mineralize (kelp, gold and gems in the rock) and
    post_process_level (an axe where trees grow).  The builder's impossible() messages
    are in ``level.extras["warnings"]``.
    """
    if level_node is None:
        level_node = compiled.tree.levels[0]
    # NetHack 3.6/3.4.3 levels: stand-ins for names UnNetHack lacks, the MAZE fill.
    level_node = dialect_levels.prepare(compiled, level_node,
                                        game=Compat.of(compat) == Compat.game(), warn=warn)
    if context is None:
        given = run_context is not None and run_context.depth != 0
        context = guess_context(
            level_node.name, run_context.depth if given else None,
            run_context.difficulty if given and run_context.difficulty > 0 else None)
    if run_context is None:
        run_context = RunContext()
    if run_context.depth == 0:
        run_context = dataclasses.replace(run_context, depth=context.depth,
                                          difficulty=context.difficulty)
    rng = RNG(seed)
    builder = GameBuilder(rng, Level(context, level_node.name), context=context,
                          compat=BuildCompat.for_selection_compat(compat),
                          run_context=run_context, warn=warn)
    builder.state.lenient = placeholders_wanted(compiled)
    ev = Evaluator(builder, rng, context=run_context, compat=compat, warn=warn)
    ev.run_level(level_node, compiled.tree.header)
    loader = loader_for(compiled)
    if not loader.flips:
        flip_bits = 0               # NetHack 3.6 and 3.4.3 never flip a level
    return finish_built_level(builder, rng, finish=finish, post_mklev=post_mklev,
                              force_flip=force_flip, flip_bits=flip_bits,
                              post_process=loader.post_process)


def placeholders_wanted(compiled) -> bool:
    """Whether names UnNetHack's tables lack are made as placeholders
    (unlev.populate.placeholders): with --lenient, and under a variant's --data profile,
    whose names the checker accepted (a variant's trap has no stand-in)."""
    profile = getattr(compiled, "data", None)
    return bool(getattr(compiled, "lenient", False)) or (
        profile is not None and not getattr(profile, "is_default", True))


def finish_built_level(builder, rng, *, finish: bool = True, post_mklev: bool = True,
                       force_flip: bool = False, flip_bits: Optional[int] = None,
                       post_process: bool = True) -> Level:
    """What the loader and mklev() do once a level's script has run (the tail of
    sp_level_coder(), fixup_special(), then bound_digging, mineralize and
    post_process_level): shared by des-files and NetHack 3.7 Lua levels."""
    level = builder.level
    if finish:
        # the flip mask applied, for checks that hold coordinates recorded before it
        def fixups(lv: Level, r) -> None:
            if lv.context.is_waterlevel:
                setup_waterlevel(lv, r)
            fixup_special(builder.state, lv, r)
            special_level_fixups(builder.state, lv, r)

        level.extras["flipped"] = finish_level(
            level, rng,
            fill_rooms=lambda lv, r: fill_rooms(builder.state, lv, r),
            ensure_way_out=lambda lv, r: ensure_way_out(builder.state, lv, r),
            fixup_special=fixups, force_flip=force_flip,
            flip_bits=flip_bits)
        if post_mklev:
            bound_digging(level, earth_level=level.name == "earth")
            mineralize(level, rng)
            if post_process:        # UnNetHack's mklev() only (loaders.py)
                post_process_level(level, rng)
    level.extras["warnings"] = builder.warnings
    return level
