"""The game context of a dump: where the game made the level and for which hero.

Why a module of its own: the statistical comparison (command.py) puts each of its
runs where the game made the matching dump, the exact one (exact.py) builds each
dump's own level, and ``unlev run --from-dump`` does the same for one dump; all read
the dump's ``WHERE`` line and stairs the same way (dungeon.c's ``u.uz``: dungeon,
level, depth, ledger number; the branch dungeon.def puts there; the hero).
"""

from __future__ import annotations

from typing import Dict, Optional

from unlev.model.level import VAULT
from unlev.stdlib.builtins import RunContext
from unlev.tools.compare.gamedump import GameDump

ROLE_NAMES = {"Arc": "Archeologist", "Bar": "Barbarian", "Cav": "Caveman",
              "Con": "Convict", "Hea": "Healer", "Kni": "Knight", "Mon": "Monk",
              "Pri": "Priest", "Ran": "Ranger", "Rog": "Rogue", "Sam": "Samurai",
              "Tou": "Tourist", "Val": "Valkyrie", "Wiz": "Wizard"}


def branch_of(dump: GameDump, own_portals: int = 0) -> Optional[str]:
    """The branch the game put on the level (what dungeon.def connects there): stairs
    to another dungeon, or a magic portal the des-file did not make itself."""
    dnum = dump.where.get("dnum")
    for s in dump.stairs:
        if s.tolev and s.tolev[0] != dnum:
            return "up" if s.up else "down"
    vaults = [r for r in dump.rooms if r.rtype == VAULT]
    # a portal inside a vault is Fort Ludios's (mk_knox_vault), not this level's branch
    portals = sum(1 for t in dump.traps if t.ttyp == "MAGIC_PORTAL"
                  and not any(v.lx <= t.x <= v.hx and v.ly <= t.y <= v.hy for v in vaults))
    return "portal" if portals > own_portals else None


def contexts_for(dump: GameDump, name: str, own_portals: int = 0):
    """The DungeonContext and RunContext of the place the game made ``dump``."""
    from unlev.model.placement import guess_context
    w = dump.where
    depth = int(w.get("depth", 1))
    diff = int(w.get("difficulty", depth))
    ctx = guess_context(name, depth, diff)
    ctx.dunlev = int(w.get("dlevel", ctx.dunlev))
    if w.get("dname"):
        ctx.dungeon_name = str(w["dname"])
    branch = branch_of(dump, own_portals)
    if branch is not None or ctx.branch != "none":     # a "none" branch leaves no trace
        ctx.branch = branch
    # the bottom of its dungeon gets no down stairs (mkstairs refuses them); a level
    # whose dump has a way down inside its dungeon is not the bottom
    dnum = w.get("dnum")
    way_down = any(not s.up and s.tolev and s.tolev[0] == dnum for s in dump.stairs)
    ctx.dunlevs = ctx.dunlev + 1 if way_down else ctx.dunlev
    run = RunContext(depth=depth, difficulty=diff,
                     role=ROLE_NAMES.get(str(w.get("role")), "Valkyrie"),
                     race=str(w.get("race", "human")), alignment=int(w.get("align", 0)),
                     level_name=name, game_seed=dump.gameseed,
                     rndmonst_from_start=str(w.get("rndmonst", "")) == "start")
    return ctx, run


def place_from_where(context, where: Optional[Dict[str, object]]):
    """The DungeonContext with a WHERE line's dungeon, level and ledger number."""
    import dataclasses
    if not where:
        return context
    changes = {}
    if "dlevel" in where:
        changes["dunlev"] = int(where["dlevel"])
    if where.get("dname"):
        changes["dungeon_name"] = str(where["dname"])
    if "ledger" in where:
        changes["ledger_no"] = int(where["ledger"])
    return dataclasses.replace(context, **changes)
