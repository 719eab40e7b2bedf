"""Where NetHack 3.7's dungeon (``dat/dungeon.lua``) puts each of its levels: dungeon,
level in it, depth, difficulty, the branch there, whether it is the bottom.

Why: a 3.7 level was placed by UnNetHack's dungeon (``stdlib/data/places.json``, from
UnNetHack's game dumps): its castle at depth 28, Medusa at 23, Sokoban and the Quest
where UnNetHack has them, the tutorial nowhere.  3.7's dungeon is in the nethack37
profile (``dungeon.json``, read by :mod:`unlev.tools.data.dungeon_lua`); this module
lays it out as dungeon.c's ``init_dungeons`` does, with one difference said plainly:
where the game draws (a dungeon's size ``rn1(range, base)``, a level's place among its
possible places ``rn2(npossible)``, a branch's level ``rn2(num)``), the middle of the
range is taken, so the answer is one fixed, typical layout and not a game's.  Followed:
``init_dungeon_dungeons`` (size, ledger start), ``init_dungeon_set_entry``,
``init_dungeon_set_depth`` (a branch's depth: a portal stays at its depth, stairs move
one), ``level_range`` (negative bases count from the bottom, chain levels from their
chain), ``possible_places``/``place_level`` (a level never takes a placed one's
place), ``parent_dlevel`` (a branch avoids levels that already have one), the
endgame's ``dummy`` shift, and ``level_difficulty`` (the endgame counts from the
Sanctum's depth, a branch built upwards adds twice the climb).

Filler levels have no place in dungeon.lua; they are put where the game makes them:
a dungeon's ``lvlfill`` (``minefill``, ``hellfill``) on its first level without a
special one, a quest's ``-fila`` between its start and locate levels and ``-filb``
between its locate and goal levels (mklev.c ``makelevel``).
"""

from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

from unlev.stdlib import data


def _middle(n: int) -> int:
    """The middle answer of ``rn2(n)``."""
    return (n - 1) // 2


def _level_range(nlev: int, base: int, rand: int, chain_at: Optional[int]) -> Tuple[int, int]:
    """dungeon.c level_range: (first level, how many) for a base and range."""
    if chain_at is not None:
        base += chain_at
    elif base < 0:
        base = nlev + base + 1
    base = max(1, min(base, nlev))
    if rand == -1:
        return base, nlev - base + 1
    if rand:
        return base, (nlev - base + 1 if base + rand - 1 > nlev else rand)
    return base, 1


class _Dungeon:
    def __init__(self, index: int, d: dict, ledger_start: int):
        self.index, self.d = index, d
        self.name: str = d["name"]
        rng = d.get("range") or 0
        self.nlev: int = d["base"] + _middle(rng) if rng else d["base"]
        entry = d.get("entry") or 0
        if entry < 0:
            self.entry = max(1, self.nlev + entry + 1)
        elif entry > 0:
            self.entry = min(entry, self.nlev)
        else:
            self.entry = 1
        self.ledger_start = ledger_start
        self.depth_start = 1
        self.levels: Dict[str, int] = {}          # special level -> dlevel
        self.branch_at: Dict[int, Optional[str]] = {}   # dlevel -> branch kind here


def _parent_branch(dungeons: List[_Dungeon], child: str):
    for p in dungeons:
        for b in p.d.get("branches", []):
            if b["name"] == child:
                return p, b
    return None, None


def _branch_kinds(b: dict) -> Tuple[Optional[str], Optional[str]]:
    """What a branch leaves at its parent end and its child end (correct_branch_type:
    a no_down/no_up branch has a stair at one end only)."""
    if b["type"] == "portal":
        return "portal", "portal"
    up = b["up"]
    parent, child = ("up", "down") if up else ("down", "up")
    if b["type"] == "no_down":
        return (parent, None) if up else (None, child)
    if b["type"] == "no_up":
        return (None, child) if up else (parent, None)
    return parent, child


@lru_cache(maxsize=None)
def _layout(path: str) -> Dict[str, dict]:
    with open(path, encoding="utf-8") as fh:
        table = json.load(fh)
    return layout(table)


def layout(table: dict) -> Dict[str, dict]:
    """Every level dungeon.lua names (and the fillers), with its place: the keys of
    ``stdlib/data/places.json``'s rows."""
    return _places(_dungeons(table))


def _dungeons(table: dict) -> List[_Dungeon]:
    """init_dungeons(): the dungeons with their special levels and branches placed."""
    dungeons: List[_Dungeon] = []
    ledger = 0
    for i, d in enumerate(table["dungeons"]):
        dg = _Dungeon(i, d, ledger)
        ledger += dg.nlev
        if i and "unconnected" not in d.get("kinds", ()):
            parent, b = _parent_branch(dungeons, dg.name)
            if parent is not None:
                chain = parent.levels.get(b["chain"]) if b.get("chain") else None
                start, num = _level_range(parent.nlev, b["base"], b.get("range") or 0,
                                          chain)
                pick = j = _middle(num)
                while True:                   # parent_dlevel: skip taken levels
                    pick = 0 if pick + 1 >= num else pick + 1
                    if start + pick not in parent.branch_at or pick == j:
                        break
                at = start + pick
                here, there = _branch_kinds(b)
                parent.branch_at[at] = here
                dg.branch_at[dg.entry] = there
                from_depth = parent.depth_start + at - 1
                step = 0 if b["type"] == "portal" else (-1 if b["up"] else 1)
                dg.depth_start = from_depth + step - (dg.entry - 1)
        taken: List[int] = []
        for lv in d.get("levels", []):
            chain = dg.levels.get(lv["chain"]) if lv.get("chain") else None
            start, num = _level_range(dg.nlev, lv["base"], lv.get("range") or 0, chain)
            free = [n for n in range(start, start + num) if n not in taken]
            at = free[_middle(len(free))] if free else start
            taken.append(at)
            dg.levels[lv["name"]] = at
        if "dummy" in dg.levels and dg.nlev > 1 - dg.depth_start:
            dg.depth_start -= 1
        dungeons.append(dg)
    return dungeons


def _places(dungeons: List[_Dungeon]) -> Dict[str, dict]:
    sanctum = None
    for dg in dungeons:
        if "sanctum" in dg.levels:
            sanctum = dg.depth_start + dg.levels["sanctum"] - 1
    out: Dict[str, dict] = {}
    for dg in dungeons:
        kinds = dg.d.get("kinds", ())
        builds_up = dg.entry == dg.nlev and dg.nlev > 1

        def place(dlevel: int, special: bool, town: bool = False) -> dict:
            depth = dg.depth_start + dlevel - 1
            difficulty = depth
            if dg.name == "The Elemental Planes" and sanctum is not None:
                difficulty = sanctum                   # + u.ulevel / 2, hero level 1
            elif builds_up:
                difficulty += 2 * (dg.entry - dlevel + 1)
            return {"bottom": dlevel == dg.nlev, "branch": dg.branch_at.get(dlevel),
                    "depth": depth, "difficulty": difficulty, "dlevel": dlevel,
                    "dnum": dg.index, "dungeon": dg.name, "ledger": dg.ledger_start + dlevel,
                    "special": special, "town": town, "own_difficulty": True}

        for lv in dg.d.get("levels", []):
            at = dg.levels[lv["name"]]
            p = place(at, True, "town" in lv.get("kinds", ()) or "town" in kinds)
            out[lv["name"]] = p
            if (lv.get("variants") or 1) > 1:
                for k in range(1, lv["variants"] + 1):
                    out.setdefault(f"{lv['name']}-{k}", p)
        fill = dg.d.get("lvlfill")
        if fill:
            spots = [n for n in range(1, dg.nlev + 1) if n not in dg.levels.values()]
            if spots:
                out[fill] = place(spots[0], False)
        if "x-strt" in dg.levels and "x-loca" in dg.levels:
            out["x-fila"] = place(dg.levels["x-strt"] + 1, False)
            out["x-filb"] = place(dg.levels["x-loca"] + 1, False)
    return out


def _table_path() -> Optional[str]:
    folder = data.active_tables()
    return None if folder is None else _dungeon_of(folder)


@lru_cache(maxsize=None)
def _dungeon_of(folder: str) -> Optional[str]:
    """The dungeon table of a profile's folder that lists one, or None."""
    path = os.path.join(folder, "dungeon.json")
    profile = os.path.join(folder, "profile.json")
    if not (os.path.isfile(path) and os.path.isfile(profile)):
        return None
    with open(profile, encoding="utf-8") as fh:
        if "dungeon" not in json.load(fh).get("tables", ()):
            return None
    return path


def applies() -> bool:
    """True while the active tables (:func:`unlev.stdlib.data.tables_of`) carry a
    dungeon of their own (NetHack 3.7's profile)."""
    return _table_path() is not None


@lru_cache(maxsize=None)
def _branches(path: str) -> Dict[str, Tuple[int, ...]]:
    with open(path, encoding="utf-8") as fh:
        table = json.load(fh)
    return {dg.name: tuple(sorted(dg.branch_at)) for dg in _dungeons(table)}


def branch_dlevels(dungeon: str) -> Tuple[int, ...]:
    """The levels of ``dungeon`` (dlevels) that hold a branch to another dungeon in
    the active profile's layout (dungeon.c Is_branchlev); () without one."""
    path = _table_path()
    return () if path is None else _branches(path).get(dungeon, ())


def usual_place(name: str) -> Optional[dict]:
    """Where the active profile's dungeon puts level ``name`` (see the module), or
    None: the name as the game spells it, a variant (``bigrm-7``, ``medusa-3``), a
    quest level of any role (``Arc-loca`` is ``x-loca``)."""
    path = _table_path()
    if path is None:
        return None
    table = _layout(path)
    if name in table:
        return table[name]
    if len(name) > 4 and name[3] == "-" and name[:3].istitle():
        return table.get("x" + name[3:])
    return None
