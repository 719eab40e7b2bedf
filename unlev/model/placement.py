"""Where a level is made: its place in the dungeon, known from its LEVEL name.

Why in the model: the loader, the Lua runtime, the REPL and the tools (context options,
compare) all ask where the game usually puts a level and what that place changes
(depth, difficulty, branch, ledger number, the dungeon's switches); the answer is a
:class:`~unlev.model.context.DungeonContext`, a thing of the model, read from
UnNetHack's dungeon.def (``stdlib/data/places.json``, made by ``tools/gen_places.py``),
or NetHack 3.7's dungeon.lua for a 3.7 level (:mod:`unlev.model.places37`).
:func:`place_level` is the one place a run's context and the hero's are settled.
"""

from __future__ import annotations

import dataclasses
from typing import Optional, Tuple

from unlev.model import places37
from unlev.model.context import DungeonContext
from unlev.stdlib import data
from unlev.stdlib.builtins import RunContext


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
    known sibling; None for a level the table cannot place.  While the active tables
    carry a dungeon of their own (NetHack 3.7's profile, :func:`unlev.stdlib.data.tables_of`),
    the place is that dungeon's (:mod:`unlev.model.places37`)."""
    if places37.applies():
        return places37.usual_place(name)
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
        # a 3.7 place's difficulty is 3.7's level_difficulty, never UnNetHack's
        # (which adds 15 in Gehennom): kept even where it is the depth
        if place["difficulty"] != place["depth"] or place.get("own_difficulty"):
            usual_difficulty = place["difficulty"]
        branch = place.get("branch")
        ledger = place.get("ledger")
        special = place.get("special")
        town = place.get("town")
        if "bottom" in place:     # the level count matters at the ends only
            dunlevs = dunlev if place["bottom"] else dunlev + 1
    if depth is not None:
        own = place is not None and place.get("own_difficulty")
        usual_difficulty = depth if own else None
    stronghold = name.rstrip("0123456789").rstrip("-") == "castle"
    if stronghold and branch is None:
        # dungeon.def: CHAINBRANCH "Gehennom" "castle" + (0, 0) no_down -- the castle is
        # the branch's end that makes no stairs; the game still places it (its draws)
        branch = "none"
    return DungeonContext(
        depth=usual_depth if depth is None else depth, dunlev=dunlev,
        level_difficulty=difficulty if difficulty is not None else usual_difficulty,
        dungeon_name=dungeon, in_mines=dungeon == "The Gnomish Mines",
        in_sokoban=dungeon == "Sokoban", in_endgame=dungeon == "The Elemental Planes",
        is_waterlevel=name == "water", on_wizard_tower_level=dungeon == "The Wizard's Tower",
        is_stronghold=stronghold,
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


def place_level(name: str, context: Optional[DungeonContext] = None,
                run_context: Optional[RunContext] = None
                ) -> Tuple[DungeonContext, RunContext]:
    """The level's place and the hero's context for a build: ``context`` as given, else
    guessed from the name (a depth or difficulty the run context gives places it);
    the run context's depth 0 (the default) becomes the place's depth and difficulty."""
    if context is None:
        given = run_context is not None and run_context.depth != 0
        context = guess_context(
            name, run_context.depth if given else None,
            run_context.difficulty if given and run_context.difficulty > 0 else None)
    if run_context is None:
        run_context = RunContext()
    if run_context.depth == 0:
        run_context = dataclasses.replace(run_context, depth=context.depth,
                                          difficulty=context.difficulty)
    return context, run_context
