"""Run one LEVEL of a compiled des-file and get the finished :class:`Level`.

This is the one call the CLI and the harness need: :func:`build` is the one way a
level is built -- its place settled (:func:`unlev.model.placement.place_level`), a
:class:`~unlev.generate.game_builder.GameBuilder` (the loader) on one random stream,
the level's script run on it, then what the game does after the script
(:func:`finish_built_level`, :func:`unlev.generate.finish.finish_level`).  A des-file
LEVEL's script is the evaluator (:func:`build_level`), a NetHack 3.7 Lua file's the Lua
session (:func:`unlev.lua.runtime.run_lua_text`).
"""

from __future__ import annotations

import contextlib
import os
from typing import Callable, Optional

from unlev.generate.game_builder import GameBuilder
from unlev.generate.loaders import loader_for, tables_for
from unlev.generate.lregions import fixup_special
from unlev.generate.mklev_draws import draw_before_script
from unlev.generate.wall_state import set_secret_door_modes
from unlev.populate.mineral import mineralize
from unlev.populate.roomfill import fill_rooms
from unlev.generate.finish import finish_level, post_process_level
from unlev.generate.fixups import ensure_way_out, setup_waterlevel, special_level_fixups
from unlev.lang import ast as A
from unlev.lang.evaluator import Evaluator
from unlev.lang.lowering import loader_level
from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS, Limits
from unlev.model.level import DungeonContext, Level
from unlev.model.placement import place_level
from unlev.stdlib import data
from unlev.stdlib.builtins import RunContext
from unlev.stdlib.rng import RNG
from unlev.stdlib.compat import Compat
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


def build_level(compiled, level_node: Optional[A.Level] = None, seed: int = 0,
                context: Optional[DungeonContext] = None, compat: Compat = Compat(),
                force_flip: bool = False, run_context: Optional[RunContext] = None,
                warn: Optional[Callable] = None, finish: bool = True,
                post_mklev: bool = True, flip_bits: Optional[int] = None) -> Level:
    """Generate one level: the script on a fresh level, then the game's finishing steps.

    ``context`` says where the level is (depth, dungeon...; guessed from the level's name
    when None, see :func:`unlev.model.placement.guess_context`); ``run_context`` is what the
    script's ``level.*``/``hero.*`` functions read; its ``depth`` 0 (the default) means
    "where the game usually puts this level", and a depth given there also places the
    level when ``context`` is None.
    ``compat`` is the run's :class:`~unlev.stdlib.compat.Compat`: ``Compat.game()``
    switches the selections, the evaluator and the builder to the game's deviations.
    ``force_flip`` keeps the random flips on every level (the game keeps them only in Sokoban); ``flip_bits`` replaces the
    level's allowed flips (0: never flip, as FLAGS: noflip).  ``finish=False`` stops right
    after the script (for tests and debugging).  ``post_mklev`` also runs what mklev()
    does to every new level once the loader is done: bound_digging (the non-diggable
    frame round the used area), mineralize (kelp, gold and gems in the rock) and
    post_process_level (an axe where trees grow).  The builder's impossible() messages
    are in ``level.extras["warnings"]``.  The run's limits are those the file was
    compiled under (``compiled.limits``, from ``Settings.limits``).
    """
    limits = getattr(compiled, "limits", DEFAULT_LIMITS)
    if level_node is None:
        level_node = compiled.tree.levels[0]
    tables = tables_for(compiled)
    # NetHack 3.6/3.4.3 levels: stand-ins for names the level's tables lack, the MAZE fill.
    with data.tables_of(tables):
        level_node = loader_level(compiled, level_node, game=Compat.of(compat).is_game,
                                  warn=warn)

    def script(builder, rng, run_context) -> None:
        ev = Evaluator(builder, rng, context=run_context, compat=compat, warn=warn,
                       limits=limits)
        ev.run_level(level_node, compiled.tree.header)

    loader = loader_for(compiled)
    if not loader.flips:
        flip_bits = 0               # NetHack 3.6 and 3.4.3 never flip a level
    return build(level_node.name, script, seed=seed, context=context,
                 run_context=run_context, compat=compat, warn=warn,
                 lenient=placeholders_wanted(compiled), finish=finish,
                 post_mklev=post_mklev, force_flip=force_flip, flip_bits=flip_bits,
                 unnethack_mklev=True, post_process=loader.post_process, limits=limits,
                 tables=tables, loader_game=loader.game)


def build(name: str, script: Callable, *, seed: int = 0,
          context: Optional[DungeonContext] = None, run_context: Optional[RunContext] = None,
          compat=None, warn: Optional[Callable] = None, lenient: bool = False,
          finish: bool = True, post_mklev: bool = True, force_flip: bool = False,
          flip_bits: Optional[int] = None, unnethack_mklev: bool = False,
          post_process: bool = True, limits: Limits = DEFAULT_LIMITS,
          tables: Optional[data.Tables] = None, loader_game: str = "unnethack") -> Level:
    """The one way a level is built, whatever its script: place it, make the loader on
    a fresh level and one random stream, run ``script(builder, rng, run_context)``,
    then finish it as the game does.  ``lenient`` makes placeholders of names no table
    has (:mod:`unlev.populate.placeholders`).  ``unnethack_mklev`` (des-files) adds,
    under --compat game, what UnNetHack's mklev() does around the script that no
    loader statement does: its draws before the script (mklev_draws) and the secret
    doors' wall modes at the end (wall_state).  ``limits``: the run's
    (:class:`unlev.lang.limits.Limits`), read by the loader (entities, placements).
    ``tables``: the game's tables the level is made from
    (:func:`unlev.generate.loaders.tables_for`; None: the tables already active, as
    the Lua runtime sets them), kept in the loader's state (``MakeContext.tables``)
    and active while the level is made.  ``loader_game``: whose loader it is
    (:mod:`unlev.generate.loaders`), for fixup_special's additions."""
    def run(tables):
        scope = contextlib.nullcontext() if tables is None else data.tables_of(tables)
        with scope:
            return _build(name, script, seed=seed, context=context,
                          run_context=run_context, compat=compat, warn=warn,
                          lenient=lenient, finish=finish, post_mklev=post_mklev,
                          force_flip=force_flip, flip_bits=flip_bits,
                          unnethack_mklev=unnethack_mklev, post_process=post_process,
                          limits=limits, tables=tables, loader_game=loader_game)

    if tables is None or tables.is_unnethack:
        return run(tables)
    try:
        return run(tables)
    except (LookupError, AttributeError, RuntimeError) as e:
        # a maker asked for a thing by the name unlev's makers know (UnNetHack's
        # "Elvenking", FIRE_TRAP, "brass lantern") that this variant renamed or dropped,
        # or drew from a class whose probabilities its mkobj() reads otherwise: the
        # level is made from UnNetHack's tables, and says so
        what = e.args[0] if isinstance(e, KeyError) and e.args else str(e)
        note = (f"the level's tables ({os.path.basename(tables.folder)}) lack {what}, "
                f"which unlev's makers use; the level is made from UnNetHack's tables")
        if warn is not None:
            warn(note, None)
        level = run(data.UNNETHACK_TABLES)
        level.extras["tables_fallback"] = note
        return level


def _build(name: str, script: Callable, *, seed, context, run_context, compat, warn,
           lenient, finish, post_mklev, force_flip, flip_bits, unnethack_mklev,
           post_process, limits, tables, loader_game) -> Level:
    context, run_context = place_level(name, context, run_context)
    rng = RNG(seed)
    game = Compat.of(compat).is_game
    if game and unnethack_mklev:
        # what mklev() draws between the reseed and the script (getbones, makemaz)
        draw_before_script(rng, name)
    builder = GameBuilder(rng, Level(context, name), context=context,
                          compat=Compat.of(compat), run_context=run_context, warn=warn,
                          limits=limits)
    builder.state.lenient = lenient
    builder.state.game = loader_game
    builder.state.tables = tables if tables is not None else data.active()
    script(builder, rng, run_context)
    level = finish_built_level(builder, rng, finish=finish, post_mklev=post_mklev,
                               force_flip=force_flip, flip_bits=flip_bits,
                               post_process=post_process)
    if game and unnethack_mklev and finish and post_mklev:
        set_secret_door_modes(level)        # the end of mklev(): set_wall_state()
    return level


def placeholders_wanted(compiled) -> bool:
    """Whether names UnNetHack's tables lack are made as placeholders
    (unlev.populate.placeholders): with --lenient, and under a variant's --data profile,
    whose names the checker accepted (a variant's trap has no stand-in)."""
    profile = getattr(compiled, "data", None)
    return bool(getattr(compiled, "lenient", False)) or (
        profile is not None and not getattr(profile, "is_default", True))


def finish_built_level(builder, rng, *, finish: bool = True, post_mklev: bool = True,
                       force_flip: bool = False, flip_bits: Optional[int] = None,
                       post_process: bool = True, limits: Limits = DEFAULT_LIMITS) -> Level:
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
