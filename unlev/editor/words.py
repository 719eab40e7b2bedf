"""What the editor's hover says about a des-file keyword or a FLAGS value.

Why a module of its own: the words are data (one line each, from the des-file
documentation and what the game's loader, sp_lev.c, does with each statement), and the
language server should not load the front end to explain a word.  Words of a profile's
declared extensions are explained by :mod:`unlev.editor.analysis` from the profile.
"""

from __future__ import annotations

from typing import Optional

STATEMENTS = {
    "ALTAR": "ALTAR: coord, alignment, type — an altar (type altar, shrine or sanctum)",
    "BRANCH": "BRANCH: region, region — where the stairs or portal to a branch go",
    "BREAK": "BREAK — leave the SWITCH case or the LOOP being run",
    "CASE": "CASE n: — one branch of a SWITCH",
    "CHANCE": "CHANCE: n — the next statement happens with n% chance (older dialects)",
    "CONTAINER": "CONTAINER: object, coord { ... } — an object whose contents the block makes",
    "CORRIDOR": "CORRIDOR: from, to — a corridor between two rooms' doors (or random)",
    "DEFAULT": "DEFAULT: — the SWITCH branch taken when no CASE matches",
    "DOOR": "DOOR: state, coord — a door (open, closed, locked, nodoor, broken, random)",
    "DRAWBRIDGE": "DRAWBRIDGE: coord, direction, state — a drawbridge over water or lava",
    "ELSE": "ELSE — the branch of an IF taken when the condition fails",
    "ENGRAVING": "ENGRAVING: coord, type, text — an engraving (dust, engrave, burn, mark, blood)",
    "EXIT": "EXIT — stop running the level script here",
    "FLAGS": "FLAGS: flag, ... — level flags (noteleport, hardfloor, nommap, ...)",
    "FOR": "FOR $i = a TO b { ... } — run the block once per number",
    "FOUNTAIN": "FOUNTAIN: coord — a fountain",
    "FUNCTION": "FUNCTION name(...) { ... } — a function the level can call",
    "GEOMETRY": "GEOMETRY: halign, valign — where the next MAP goes on the level",
    "GOLD": "GOLD: amount, coord — a pile of gold",
    "GRAVE": "GRAVE: coord, text — a grave, with an epitaph (random without one)",
    "IF": "IF [condition] { ... } — run the block when the condition (or percent) holds",
    "INCLUDE": "INCLUDE \"file\" — read another des-file here",
    "INIT_MAP": "INIT_MAP: style, ... — fill the level first (solidfill, mines, ...)",
    "LADDER": "LADDER: coord, up|down — a ladder",
    "LEVEL": "LEVEL: \"name\" — start a level; the name is the file the game loads",
    "LOOP": "LOOP [n] { ... } — run the block n times",
    "MAZE": "MAZE: \"name\", filling — start a maze-style level (older dialects)",
    "MAZEWALK": "MAZEWALK: coord, direction — carve a maze from a spot",
    "MESSAGE": "MESSAGE: \"text\" — shown to the hero on arriving",
    "MINERALIZE": "MINERALIZE — put gold and gems into the rock, as the game does",
    "MONSTER": "MONSTER: class or (class, name), coord, ... — a monster",
    "MON_GENERATION": "MON_GENERATION: chance, monsters — random monsters this level makes",
    "NAME": "NAME: \"text\" — a name for the next room or monster",
    "NOMAP": "NOMAP — the level has no MAP of its own",
    "NON_DIGGABLE": "NON_DIGGABLE: region — walls in the region cannot be dug",
    "NON_PASSWALL": "NON_PASSWALL: region — walls in the region cannot be phased through",
    "OBJECT": "OBJECT: class or (class, name), coord, ... — an object",
    "POOL": "POOL: coord — a pool of water",
    "PORTAL": "PORTAL: region, region, \"level\" — a magic portal to a level",
    "RANDOM_CORRIDORS": "RANDOM_CORRIDORS — join the rooms with corridors as mklev does",
    "RANDOM_MONSTERS": "RANDOM_MONSTERS: classes — what random monster letters mean",
    "RANDOM_OBJECTS": "RANDOM_OBJECTS: classes — what random object letters mean",
    "RANDOM_PLACES": "RANDOM_PLACES: coords — the places 'place[n]' picks from",
    "REGION": "REGION: area, lit, type — a lit/unlit area or a special room",
    "REPLACE_TERRAIN": "REPLACE_TERRAIN: area, from, to, percent — change terrain squares",
    "ROOM": "ROOM: type, lit, position, align, size { ... } — a room",
    "ROOMDOOR": "ROOMDOOR: secret, state, wall, position — a door in the room's wall",
    "SHUFFLE": "SHUFFLE: $array — shuffle an array in place",
    "SINK": "SINK: coord — a sink",
    "SOUNDS": "SOUNDS: ... — level sounds",
    "SPILL": "SPILL: coord, terrain, direction, length — spill terrain in a line",
    "STAIR": "STAIR: coord, up|down — a staircase",
    "SUBROOM": "SUBROOM: type, lit, position, size { ... } — a room inside a room",
    "SWITCH": "SWITCH [n] { CASE ... } — run one CASE chosen at random",
    "TELEPORT_REGION": "TELEPORT_REGION: region, region — where arrivals by teleport land",
    "TERRAIN": "TERRAIN: selection, terrain — set the terrain of squares",
    "TO": "TO — the upper bound of a FOR",
    "TRAP": "TRAP: type, coord — a trap",
    "VAULTGEN": "VAULTGEN — make a vault as mklev does",
    "WALLIFY": "WALLIFY — turn the stone around the floor into walls",
    "WALLWALK": "WALLWALK: coord — carve along walls (UnNetHack)",
}

FLAGS = {
    "noteleport": "teleporting within the level does not work",
    "hardfloor": "the floor cannot be dug through",
    "nommap": "magic mapping does not work",
    "shortsighted": "monsters do not see the hero from afar",
    "arboreal": "the outdoors: stone is drawn as trees",
    "mazelevel": "the level counts as a maze",
    "noflip": "the level is never flipped",
    "premapped": "the level starts mapped (as Sokoban's)",
    "graveyard": "the level counts as a graveyard",
    "icedpools": "pools freeze to ice",
    "corrmaze": "the maze is made of corridors",
    "inaccessibles": "closed-off areas get joined or filled, as the game does",
}


def keyword_hover(word: str) -> Optional[str]:
    """The hover text of a statement keyword or a FLAGS value, or None."""
    if word in STATEMENTS:
        text = STATEMENTS[word]
        return f"**{word}** (statement): `{text.split(' — ')[0]}` — {text.split(' — ', 1)[1]}"
    if word in FLAGS:
        return f"**{word}** (FLAGS value): {FLAGS[word]}"
    return None
