"""What must hold on every generated level, whatever the seed.

Why this module exists: a des-file can produce a broken level on some seeds only
(stairs cut off by water, a monster walled in, a door in the middle of a room).  The
regression harness (``unlev test``) and the pytest plugin run these checks on every
level they build; each check has a name so it can be switched off per level (see
:func:`parse_directives` and the harness' config file).

Checks (names used to switch them off):

``reachable``  every walkable area holding stairs, a ladder, the branch or a portal
               is reachable from the up stairs (else from the arrival region), in
               three tiers: walking, else with the means the game's design assumes
               (crossing water and lava, digging through rock and walls that are
               not non-diggable, cutting trees), else by teleporting where the level
               itself puts a way to (a scroll of teleportation or a teleportation
               trap in the cut-off area or the arrival's, on a level that allows
               teleporting); only what none reaches fails.
``embedded``   no monster or object sits in solid rock or a wall the hero cannot dig
               to (non-diggable, or shut off from all ground), unless a des-file
               statement placed it (on its exact spot, or on a random spot, which was
               open ground when drawn), or it was placed on open ground and walled in
               by what came after (the game's own levels do both), or it is a
               monster that lives in rock, an object buried or mineralized into the
               rock.
``doors``      every door and secret door has walls on both sides along one axis.
``maze``       what each MAZEWALK carved is still one connected area; a walk that
               carved (almost) nothing must open onto a maze another walk made, or
               have started on ground already open and opened only cells joined to
               it.
``stairs``     the level has every staircase, ladder, branch and portal the des-file
               asks for unconditionally.

Movement model for ``reachable``/``maze``: the hero walks in 8 directions over
floor-like terrain, secret doors and corridors (they can be found), and closed or
locked doors (they can be opened or kicked); never diagonally into or out of a door
that has a door in it; raised drawbridges count as openable.  Walking, water, lava,
trees, iron bars and rock block; with the game's means (the second tier of
``reachable``) only iron bars and non-diggable rock and walls do.  Boulders and traps
are ignored.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

from unlev.lang import ast as A
from unlev.model.level import (
    COLNO, D_BROKEN, D_NODOOR, LR_BRANCH, LR_DOWNTELE, LR_TELE, LR_UPTELE, ROWNO, VAULT,
    W_NONDIGGABLE, Level, isok,
)
from unlev.stdlib import terrain as T

CHECKS = ("reachable", "embedded", "doors", "maze", "stairs")


WALKABLE = frozenset({
    T.DOOR, T.CORR, T.ROOM, T.STAIRS, T.LADDER, T.FOUNTAIN, T.THRONE, T.SINK, T.GRAVE,
    T.ALTAR, T.ICE, T.BOG, T.MAGIC_PLATFORM, T.DRAWBRIDGE_DOWN, T.AIR, T.CLOUD,
    T.SDOOR, T.SCORR, T.DRAWBRIDGE_UP, T.DBWALL,
})
_DOORS = (T.DOOR, T.SDOOR)
_WALLISH = frozenset(range(T.VWALL, T.DBWALL + 1)) | {T.DOOR, T.SDOOR, T.IRONBARS}
_STEPS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))


@dataclass(frozen=True)
class Violation:
    """One broken invariant; ``at`` is the map cell it is about, when there is one."""

    check: str
    message: str
    at: Optional[Tuple[int, int]] = None

    def __str__(self) -> str:
        where = f" at ({self.at[0]},{self.at[1]})" if self.at else ""
        return f"[{self.check}]{where}: {self.message}"

    def to_dict(self) -> dict:
        return {"check": self.check, "message": self.message,
                "at": list(self.at) if self.at else None}


@dataclass
class Required:
    """What a LEVEL asks for whatever its random choices: counts of stairs and ladders
    by direction, and whether a branch/portal must exist."""

    up_stairs: int = 0
    down_stairs: int = 0
    up_ladders: int = 0
    down_ladders: int = 0
    branch: bool = False
    portals: int = 0
    where: Dict[str, A.Node] = field(default_factory=dict)   # kind -> a statement asking


# ------------------------------------------------------------------ movement
def _blocks_diagonal(level: Level, i: int) -> bool:
    t = level.typ[i]
    if t == T.SDOOR:
        return True
    if t == T.DOOR:
        return (level.flg[i] & ~(D_NODOOR | D_BROKEN)) != 0
    return False


# What the game's design assumes a hero can cross besides walking (the second tier of
# `reachable`): water and lava (levitation, water walking: Medusa's island, Juiblex's
# swamp, the Healer's home), trees (an axe) and rock and walls that are not
# non-diggable (a pick-axe, wand of digging: the Plane of Earth, closed quarters).
_CROSSED = frozenset({T.POOL, T.MOAT, T.WATER, T.LAVAPOOL, T.TREE, T.DEADTREE, T.ICEWALL})
_DUG = frozenset(range(T.STONE, T.DBWALL + 1)) | {T.CRYSTALICEWALL, T.SCORR}
MEANS = ("crossing water and lava (levitation)", "digging through rock and walls that "
         "are not non-diggable", "melting ice walls", "cutting trees")


def means_cells(level: Level) -> List[bool]:
    """Per cell, whether a hero with the game's assumed means passes it: walking
    ground, water, lava, trees, and rock or walls without W_NONDIGGABLE."""
    typ, flg = level.typ, level.flg
    return [t in WALKABLE or t in _CROSSED or (t in _DUG and not flg[i] & W_NONDIGGABLE)
            for i, t in enumerate(typ)]


def components(level: Level, walkable: Iterable[int] = WALKABLE,
               cells: Optional[Sequence[bool]] = None) -> List[int]:
    """A component number per cell (index x*ROWNO+y); -1 where the hero cannot stand.
    ``cells`` (a bool per cell) replaces the terrain types of ``walkable``."""
    typ = level.typ
    if cells is None:
        wanted = set(walkable)
        cells = [t in wanted for t in typ]
    comp = [-1] * len(typ)
    n = 0
    for start in range(ROWNO, len(typ)):          # column 0 is never on the map
        if comp[start] != -1 or not cells[start]:
            continue
        comp[start] = n
        queue = deque([start])
        while queue:
            i = queue.popleft()
            x, y = divmod(i, ROWNO)
            diag_blocked = _blocks_diagonal(level, i)
            for dx, dy in _STEPS:
                nx, ny = x + dx, y + dy
                if not isok(nx, ny):
                    continue
                j = nx * ROWNO + ny
                if comp[j] != -1 or not cells[j]:
                    continue
                if dx and dy and (diag_blocked or _blocks_diagonal(level, j)):
                    continue
                comp[j] = n
                queue.append(j)
        n += 1
    return comp


def _describe(level: Level, kind: str, x: int, y: int) -> str:
    return f"{kind} at ({x},{y})"


def _targets(level: Level) -> List[Tuple[str, int, int]]:
    out = []
    for s in level.stairs:
        what = "ladder" if s.isladder else "stairs"
        if s.tolev == "branch":
            what = "branch " + what
        out.append((f"{what} {'up' if s.up else 'down'}", s.x, s.y))
    branch = level.extras.get("branch")
    if branch and not any((s.x, s.y) == tuple(branch) for s in level.stairs):
        out.append(("branch", branch[0], branch[1]))
    for t in level.traps:
        if t.ttyp == "MAGIC_PORTAL":
            dest = t.attrs.get("destination")
            out.append((f"portal to {dest}" if dest else "portal", t.x, t.y))
    # a closed vault is meant to be dug into (the Fort Ludios portal waits in one)
    return [t for t in out if not _in_vault(level, t[1], t[2])]


def _in_vault(level: Level, x: int, y: int) -> bool:
    return any(r.rtype == VAULT and r.lx <= x <= r.hx and r.ly <= y <= r.hy
               for r in level.rooms)


def _region_cells(level: Level, rtypes: Sequence[int]) -> List[Tuple[int, int]]:
    cells = []
    for r in level.lregions:
        if r.rtype not in rtypes:
            continue
        a, d = r.inarea, r.delarea
        for x in range(max(1, a.x1), min(COLNO - 1, a.x2) + 1):
            for y in range(max(0, a.y1), min(ROWNO - 1, a.y2) + 1):
                if d.x1 <= x <= d.x2 and d.y1 <= y <= d.y2 and (d.x1 or d.x2):
                    continue
                cells.append((x, y))
    return cells


def check_reachable(level: Level, comp: Optional[List[int]] = None) -> List[Violation]:
    targets = _targets(level)
    if not targets:
        return []
    comp = comp if comp is not None else components(level)
    ups = [(s.x, s.y) for s in level.stairs if s.up]
    if ups:
        origin = ("the up stairs" if any(s.up and not s.isladder for s in level.stairs)
                  else "the up ladder")
        starts = ups
    else:
        starts = (_region_cells(level, (LR_TELE, LR_DOWNTELE))
                  or _region_cells(level, (LR_UPTELE,))
                  or _region_cells(level, (LR_BRANCH,)))
        origin = "the arrival region"
        if not starts:
            # arriving anywhere: everything of interest must at least hang together
            starts = [(targets[0][1], targets[0][2])]
            origin = _describe(level, targets[0][0], targets[0][1], targets[0][2])
    start_comps = {comp[x * ROWNO + y] for x, y in starts if isok(x, y)} - {-1}
    if not start_comps:
        return [Violation("reachable", f"{origin} is not on walkable ground", starts[0])]
    missed = [(kind, x, y) for kind, x, y in targets
              if (comp[x * ROWNO + y] if isok(x, y) else -1) not in start_comps]
    if not missed:
        return []
    # the second tier: what walking does not reach, the game's means may (its own
    # levels are made so: islands, lakes of lava, solid rock); only what they cannot
    # reach either is a failure
    wide = components(level, cells=means_cells(level))
    wide_starts = {wide[x * ROWNO + y] for x, y in starts if isok(x, y)} - {-1}
    # the third tier: an area the des-file gives a way to teleport (Rog-loca's closets
    # hold a scroll of teleportation) is joined to the level by teleporting
    tele = _teleport_areas(level, wide)
    out = []
    for kind, x, y in missed:
        c = wide[x * ROWNO + y] if isok(x, y) else -1
        if c in wide_starts or (c != -1 and (c in tele or wide_starts & tele)):
            continue
        why = " (not on walkable ground)" if comp[x * ROWNO + y] == -1 else ""
        out.append(Violation("reachable", f"{kind} is not reachable from {origin}{why}, "
                             f"not even {', '.join(MEANS[:-1])} or {MEANS[-1]}", (x, y)))
    return out


def _teleport_areas(level: Level, comp: List[int]) -> Set[int]:
    """The areas (numbers of ``comp``) where the level itself puts a way to teleport:
    a scroll of teleportation or a teleportation trap; none on a no-teleport level."""
    if level.flags.noteleport:
        return set()
    spots = [(o.x, o.y) for o in level.objects
             if o.id == "teleportation" and o.attrs.get("class") == "?" and not o.buried]
    spots += [(t.x, t.y) for t in level.traps if t.ttyp == "TELEP_TRAP"]
    return {comp[x * ROWNO + y] for x, y in spots if isok(x, y)} - {-1}


# ------------------------------------------------------------------ entities in rock
def _in_rock(level: Level, x: int, y: int) -> bool:
    return isok(x, y) and T.is_rock(level.typ[x * ROWNO + y])


def _dug_out(level: Level, x: int, y: int, cells: List[bool], comp: List[int],
             reached: Set[int]) -> bool:
    """Whether a thing in rock at (x, y) is within the game's means: its square can be
    dug and joins, by the means of :func:`means_cells`, ground the hero reaches."""
    i = x * ROWNO + y
    return cells[i] and comp[i] in reached


def check_embedded(level: Level) -> List[Violation]:
    """Things in rock or a wall; those in rock the hero can dig to from the ground
    (the second tier, as for ``reachable``: the game's own filler levels wall in what
    they placed before) pass."""
    found = _embedded(level)
    if not found:
        return []
    cells = means_cells(level)
    comp = components(level, cells=cells)
    walk = components(level)
    reached = {comp[i] for i, c in enumerate(walk) if c != -1}
    return [v for v in found if not _dug_out(level, v.at[0], v.at[1], cells, comp, reached)]


# A des-file statement's own spot: a fixed one is where the file wants the thing; a
# random one passed get_location()'s test for open ground when it was drawn, so rock
# there now was made by what came after (the game's heck levels' mines edges, the Ludios
# vault on Medusa's islets, Fort Ludios' walls do it too).
_DES_SPOTS = ("fixed", "random")


def _walled_in_later(record) -> bool:
    """Placed on open ground (the placement noted it: unlev.populate.make) and walled
    in by what came after: the game's fills and fix-ups do it too (Fort Ludios' safes,
    the Ludios vault's walls over Medusa's statues, a later MAP over a group of
    monsters).  What was put into rock itself still fails."""
    return getattr(record, "placed_on_ground", False) is True


def _in_its_room(record) -> bool:
    """Given a random spot of its room (the placement noted the room:
    unlev.populate.make.note_room_spot) and lying in that room's rectangle: the
    game draws such a spot from the rectangle (somexy() of a regular room, somex() and
    somey()), whatever the level made of it, so rock there is the rectangle the level
    gave the room.  Fort Ludios' court, whose REGION takes in stone, gets its coffer
    there, and fixup_special()'s last statue on Medusa's island lands on the island's
    walls, in the game too.  Such a thing outside its room still fails."""
    room = getattr(record, "spot_of_room", None)
    if room is None:
        return False
    return room.lx <= record.x <= room.hx and room.ly <= record.y <= room.hy


def _embedded(level: Level) -> List[Violation]:
    out = []
    for m in level.monsters:
        if m.is_vault_guard or not _in_rock(level, m.x, m.y):
            continue
        if m.attrs.get("spot") in _DES_SPOTS or _walled_in_later(m):
            continue
        pm = m.attrs.get("data")
        if pm is not None and "M1_WALLWALK" in getattr(pm, "m1", ()):
            continue
        t = T.TERRAIN_NAMES[level.typ[m.x * ROWNO + m.y]]
        out.append(Violation("embedded", f"monster {m.id} in {t}{_origin(m.attrs)}",
                             (m.x, m.y)))
    for o in level.objects:
        if o.buried or not _in_rock(level, o.x, o.y):
            continue
        if (o.attrs.get("spot") in _DES_SPOTS or o.attrs.get("from") == "mineralize"
                or _walled_in_later(o) or _in_its_room(o)):
            continue
        t = T.TERRAIN_NAMES[level.typ[o.x * ROWNO + o.y]]
        out.append(Violation("embedded", f"object {o.id} in {t}{_origin(o.attrs)}",
                             (o.x, o.y)))
    return out


def _origin(attrs: dict) -> str:
    src = attrs.get("from")
    if src and src != "des":
        return f" (placed by {src})"
    if attrs.get("spot") == "random":
        return " (des-file statement, random spot)"
    return ""


# ------------------------------------------------------------------ doors
def check_doors(level: Level) -> List[Violation]:
    out = []
    typ = level.typ
    for x in range(1, COLNO):
        for y in range(ROWNO):
            t = typ[x * ROWNO + y]
            if t not in _DOORS:
                continue

            def wall(xx, yy):
                return isok(xx, yy) and typ[xx * ROWNO + yy] in _WALLISH

            if (wall(x - 1, y) and wall(x + 1, y)) or (wall(x, y - 1) and wall(x, y + 1)):
                continue
            name = "secret door" if t == T.SDOOR else "door"
            out.append(Violation("doors", f"{name} is not set in a wall "
                                 f"(neighbours W,E,N,S: {_names(level, x, y)})", (x, y)))
    return out


def _names(level: Level, x: int, y: int) -> str:
    parts = []
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        xx, yy = x + dx, y + dy
        parts.append(T.TERRAIN_NAMES[level.typ[xx * ROWNO + yy]] if isok(xx, yy) else "edge")
    return ",".join(parts)


# ------------------------------------------------------------------ mazes
def check_maze(level: Level, comp: Optional[List[int]] = None) -> List[Violation]:
    walks = level.extras.get("mazewalks") or []
    if not walks:
        return []
    comp = comp if comp is not None else components(level)
    out = []
    # a walk that finds the maze already made (MAZEWALK from both ends) only opens
    # its first step; that is fine when the step joins a maze another walk carved
    mazes = {comp[x * ROWNO + y] for w in walks if len(w["cells"]) > 2
             for x, y in w["cells"]} - {-1}
    for w in walks:
        sx, sy = w["start"]
        cells = w["cells"]
        if len(cells) <= 2:
            joined = {comp[x * ROWNO + y] for x, y in list(cells) + [(sx, sy)] if isok(x, y)}
            # a walk that starts on ground already open and opens only cells joined to
            # it found no stone and cut nothing off (Juiblex's swamp, in the game too:
            # its walls are the MAP's)
            on_ground = (isok(sx, sy) and (sx, sy) not in cells
                         and comp[sx * ROWNO + sy] != -1 and len(joined) == 1)
            if not joined & mazes and not on_ground:
                out.append(Violation("maze", "MAZEWALK carved no maze (no stone to walk "
                                     "into) and joins no maze", (sx, sy)))
            continue
        groups: Dict[int, List[Tuple[int, int]]] = {}
        for x, y in cells:
            c = comp[x * ROWNO + y]
            if c != -1:
                groups.setdefault(c, []).append((x, y))
        if len(groups) > 1:
            parts = sorted(groups.values(), key=len, reverse=True)
            cut = parts[1]
            out.append(Violation(
                "maze", f"the maze walked from ({sx},{sy}) falls apart into {len(parts)} "
                f"areas ({', '.join(str(len(p)) for p in parts)} cells); a cut-off part "
                f"starts at ({cut[0][0]},{cut[0][1]})", cut[0]))
    return out


# ------------------------------------------------------------------ stairs asked for
def required_features(level_node: A.Level, header: Sequence[A.Node] = ()) -> Required:
    """The stairs, ladders, branch and portals a LEVEL creates on every run: statements
    reached without passing a condition, a chance, a SWITCH or a FOR (LOOP bodies run
    at least once; called FUNCTIONs are followed; ROOMs count when their chance is
    100)."""
    funcs = {}
    for n in header:
        if isinstance(n, A.FunctionDef):
            funcs[n.name] = n
    req = Required()
    _collect_functions(level_node.body.statements, funcs)
    _walk_required(level_node.body.statements, funcs, req, set())
    return req


def _collect_functions(stmts, funcs) -> None:
    for s in stmts:
        if isinstance(s, A.FunctionDef):
            funcs[s.name] = s


def _walk_required(stmts, funcs, req: Required, calling: Set[str]) -> None:
    for s in stmts:
        if isinstance(s, (A.Exit, A.Break)):
            return
        if isinstance(s, A.Stair):
            if s.up:
                req.up_stairs += 1
                req.where.setdefault("up stairs", s)
            else:
                req.down_stairs += 1
                req.where.setdefault("down stairs", s)
        elif isinstance(s, A.Ladder):
            if s.up:
                req.up_ladders += 1
                req.where.setdefault("up ladder", s)
            else:
                req.down_ladders += 1
                req.where.setdefault("down ladder", s)
        elif isinstance(s, A.LevRegionStmt):
            if s.kind == "stair":
                if s.up:
                    req.up_stairs += 1
                    req.where.setdefault("up stairs", s)
                else:
                    req.down_stairs += 1
                    req.where.setdefault("down stairs", s)
            elif s.kind == "branch":
                req.branch = True
                req.where.setdefault("branch", s)
            elif s.kind == "portal":
                req.portals += 1
                req.where.setdefault("portal", s)
        elif isinstance(s, A.Room):
            if s.chance >= 100:
                _walk_required(s.body.statements, funcs, req, calling)
        elif isinstance(s, A.RegionStmt):
            if s.body is not None:
                _walk_required(s.body.statements, funcs, req, calling)
        elif isinstance(s, A.Loop):
            _walk_required(s.body.statements, funcs, req, calling)
        elif isinstance(s, A.FunctionCall):
            f = funcs.get(s.name)
            if f is not None and s.name not in calling:
                _walk_required(f.body.statements, funcs, req, calling | {s.name})


def check_stairs(level: Level, req: Optional[Required]) -> List[Violation]:
    out = []
    typ = level.typ
    for s in level.stairs:
        t = typ[s.x * ROWNO + s.y] if isok(s.x, s.y) else -1
        want = T.LADDER if s.isladder else T.STAIRS
        if t != want:
            what = "ladder" if s.isladder else "stairs"
            name = T.TERRAIN_NAMES[t] if t >= 0 else "off the map"
            out.append(Violation("stairs", f"{what} {'up' if s.up else 'down'} recorded "
                                 f"here but the cell is {name}", (s.x, s.y)))
    if req is None:
        return out
    # A branch staircase is a staircase the hero uses like any other, so it answers the
    # des-file's STAIR in its direction; and mklev.c mkstairs() makes no up stairs on a
    # dungeon's first level nor down stairs on its last, where the branch (or nothing)
    # takes their place.
    ctx = level.context
    top = getattr(ctx, "dunlev", 0) == 1
    bottom = bool(getattr(ctx, "dunlevs", 0)) and ctx.dunlev == ctx.dunlevs
    have = {
        "up stairs": sum(1 for s in level.stairs if s.up and not s.isladder),
        "down stairs": sum(1 for s in level.stairs if not s.up and not s.isladder),
        "up ladder": sum(1 for s in level.stairs if s.up and s.isladder),
        "down ladder": sum(1 for s in level.stairs if not s.up and s.isladder),
        "portal": sum(1 for t in level.traps if t.ttyp == "MAGIC_PORTAL"
                      and t.attrs.get("destination") != "branch"),
    }
    want = {"up stairs": 0 if top else req.up_stairs,
            "down stairs": 0 if bottom else req.down_stairs,
            "up ladder": req.up_ladders, "down ladder": req.down_ladders,
            "portal": req.portals}
    for kind, n in want.items():
        if have[kind] < n:
            node = req.where.get(kind)
            line = f" (asked for at line {node.span.line})" if node is not None else ""
            out.append(Violation("stairs", f"the des-file asks for {n} {kind}, the level "
                                 f"has {have[kind]}{line}"))
    if req.branch and "branch" not in level.extras:
        node = req.where.get("branch")
        line = f" (asked for at line {node.span.line})" if node is not None else ""
        out.append(Violation("stairs", f"the des-file asks for a branch, the level has "
                             f"none{line}"))
    return out


# ------------------------------------------------------------------ all together
def check_level(level: Level, required: Optional[Required] = None,
                skip: Iterable[str] = ()) -> List[Violation]:
    """Every check not in ``skip``; ``required`` (from :func:`required_features`)
    enables the count part of the ``stairs`` check."""
    skip = set(skip)
    out: List[Violation] = []
    comp = None
    if "reachable" not in skip or "maze" not in skip:
        comp = components(level)
    if "reachable" not in skip:
        out += check_reachable(level, comp)
    if "embedded" not in skip:
        out += check_embedded(level)
    if "doors" not in skip:
        out += check_doors(level)
    if "maze" not in skip:
        out += check_maze(level, comp)
    if "stairs" not in skip:
        out += check_stairs(level, required)
    return out


# ------------------------------------------------------------------ switching checks off
DIRECTIVE = re.compile(r"^\s*#\s*unlev-test\s*:\s*skip\s+(?P<names>[A-Za-z_,\s-]+?)\s*(?:--.*)?$")
_LEVEL_LINE = re.compile(r'^\s*(?:LEVEL|MAZE)\s*:\s*"(?P<name>[^"]*)"')


def parse_directives(text: str) -> Tuple[Dict[Optional[str], Set[str]], List[str]]:
    """Checks switched off by comments: ``# unlev-test: skip reachable, doors -- why``.

    A directive applies to the LEVEL it is written under (between that LEVEL line and
    the next); written before the first LEVEL it applies to every level of the file
    (key None).  Returns (level name -> skipped checks, problems found)."""
    out: Dict[Optional[str], Set[str]] = {}
    problems: List[str] = []
    current: Optional[str] = None
    for lineno, line in enumerate(text.splitlines(), 1):
        m = _LEVEL_LINE.match(line)
        if m:
            current = m.group("name")
            continue
        if "unlev-test" not in line:
            continue
        d = DIRECTIVE.match(line)
        if not d:
            problems.append(f"line {lineno}: unreadable unlev-test directive "
                            f"(write '# unlev-test: skip CHECK[, CHECK] -- reason')")
            continue
        names = {n.strip() for n in re.split(r"[,\s]+", d.group("names")) if n.strip()}
        bad = names - set(CHECKS) - {"lint", "snapshot"}
        if bad:
            problems.append(f"line {lineno}: unknown check(s) {', '.join(sorted(bad))}; "
                            f"known: {', '.join(CHECKS)}, lint, snapshot")
        out.setdefault(current, set()).update(names - bad)
    return out, problems
