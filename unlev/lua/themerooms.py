"""NetHack 3.7's ordinary room-and-corridor level with its themed rooms: mklev.c's
``makerooms`` running ``dat/themerms.lua``, then the parts of ``makelevel`` that
shape the level (``sort_rooms``, ``generate_stairs``, ``makecorridors``, the vault),
and ``themerooms_post_level_generate``.

Why: 3.7 makes every ordinary level of a dungeon that names a themed-room file
(dungeon.lua's ``themerooms``) by calling the file's Lua functions:
``pre_themerooms_generate`` once, ``themerooms_generate`` until the free space runs
out (or a tenth failed room), ``post_themerooms_generate``, and after the level is
joined and filled ``post_level_generate``.  A themed room is made by the same
``des.room``/``des.map``/``des.region`` as a special level's, with three differences
the loader follows while ``in_mk_themerooms`` is set (sp_lev.c): a room is unfilled
unless it says ``filled``, a room or map that cannot be placed as asked fails
(``themeroom_failed``; check_room refuses to shrink a room; a map is put at a random
spot where it overwrites nothing, 100 tries) and everything after a failure is
skipped until the next call.  Forcing one room (``forced``) replaces
``themerooms_generate``'s reservoir sampling by that room, as the game's later
debugging hook does; a room is named by its ``name`` field where the file gives one,
else by the comment line written above it in the file ("Fake Delphi"), else by its
number.

The rooms are filled as 3.7's makelevel fills them (:mod:`unlev.lua.mklev37`: per
room monsters, traps, gold, fountains, sinks, altars, graves, statues, boxes,
objects, the bonus item).  Not the game's yet, and said so in the note: there are no
niches and no special rooms (shops, zoos...), the vault is built without its guard's
gold or a Ludios portal, random graffiti are not written, and the draws are not
aligned with the game's stream.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple, Union

from unlev.stdlib.grid import COLNO, ROWNO

MAXNROFROOMS = 40


class ThemedRoomError(ValueError):
    """A forced themed room the file does not have (one line for the user)."""
_NO_ROOM = 0


# ------------------------------------------------------------------ room names
def room_names(text: str) -> List[Optional[str]]:
    """The name of each entry of the file's ``themerooms`` list, in order, as the file
    writes them: a ``name = "..."`` field, else the comment line above the entry,
    else its first comment; None where there is none.  Read from the text (the
    entries are three-space indented at the list's top level, as in NetHack's file)."""
    m = re.search(r"^themerooms\s*=\s*\{\s*$", text, re.M)
    if m is None:
        return []
    names: List[Optional[str]] = []
    pending: Optional[str] = None
    current: Optional[int] = None
    for line in text[m.end():].splitlines():
        if re.match(r"^\};?\s*$", line):
            break
        top = re.match(r"^ {3}(\S.*)$", line)
        if top:
            body = top.group(1)
            if body.startswith("--"):
                pending = body[2:].strip()
                continue
            if body.startswith("function") or body.startswith("{"):
                names.append(pending)
                current = len(names) - 1
                pending = None
            continue
        if current is None:
            continue
        field = re.match(r'^\s+name\s*=\s*"([^"]+)"', line)
        if field:
            names[current] = field.group(1)
        elif names[current] is None:
            comment = re.match(r"^\s+--\s*(.+)$", line)
            if comment:
                names[current] = comment.group(1).strip().strip('"').replace('"', "")
    return names


def resolve_forced(text: str, count: int, which: Union[int, str]) -> int:
    """The 1-based index of the forced room: a number, or a name (case ignored)."""
    if isinstance(which, int) or str(which).isdigit():
        n = int(which)
        if not 1 <= n <= count:
            raise ThemedRoomError(f"no themed room {n}: the file has {count} (1..{count})")
        return n
    names = room_names(text)
    want = str(which).strip().lower()
    for i, name in enumerate(names, 1):
        if name is not None and name.lower() == want:
            return i
    known = ", ".join(f'{i} "{n}"' for i, n in enumerate(names, 1) if n) or "none"
    raise ThemedRoomError(f"no themed room named {which!r}; named ones: {known}")


# ------------------------------------------------------------------ makelevel
_FORCE_LUA = """
do
  local forced = %d
  themerooms_generate = function()
    local r = themerooms[forced]
    if type(r) == "table" then r.contents() else r() end
  end
end
"""


def make_level(session, text: str, forced: Optional[Union[int, str]] = None) -> None:
    """Run ``text`` (a themed-room file) as makelevel runs it for an ordinary level,
    on the session's fresh level."""
    api, b = session.des, session.builder
    st, lev, rng = b.state, b.level, session.rng
    session.run(text)
    if forced is not None:
        count = int(session.lua.eval("function(t) return #t end")(session.env["themerooms"]))
        session.run(_FORCE_LUA % resolve_forced(text, count, forced))
    _themed(session, True)
    session.run("pre_themerooms_generate()")
    vault = makerooms(session)
    session.run("post_themerooms_generate()")
    _themed(session, False)
    sort_rooms(lev, st)
    generate_stairs(st, lev, rng)
    from unlev.generate.corridors import makecorridors
    makecorridors(st, 0)
    from unlev.populate import traps37
    if traps37.applies():               # 3.7's tables: makelevel fills the rooms
        from unlev.lua import mklev37
        mklev37.populate(st, {tuple(b) for b in lev.extras.get("themed_rooms", ())},
                         build_vault=lambda: vault is not None and build_vault(st, lev, vault))
    elif vault is not None:
        build_vault(st, lev, vault)
    _themed(session, True)
    lev.xstart, lev.ystart, lev.xsize, lev.ysize = 1, 0, COLNO - 1, ROWNO
    session.run("post_level_generate()")
    _themed(session, False)
    lev.extras.pop("themed_rooms", None)


def _themed(session, on: bool) -> None:
    api, lev = session.des, session.builder.level
    api.in_mk_themerooms = on
    api.themeroom_failed = False
    if on:
        lev.extras["in_mk_themerooms"] = True
    else:
        lev.extras.pop("in_mk_themerooms", None)


def makerooms(session) -> Optional[Tuple[int, int]]:
    """mklev.c makerooms: themed rooms until no free rectangle is left; one vault
    spot is tried once a sixth of the rooms are there.  Returns the vault's spot."""
    api, b = session.des, session.builder
    st, lev, rng = b.state, b.level, session.rng
    tried_vault = False
    tries = 0
    vault = None
    while len(lev.rooms) < MAXNROFROOMS - 1 and st.rects.rnd_rect(rng) is not None:
        if len(lev.rooms) >= MAXNROFROOMS // 6 and rng.rn2(2) and not tried_vault:
            tried_vault = True
            vault = create_vault(st)
        else:
            api.themeroom_failed = False
            session.run("themerooms_generate()")
            if api.themeroom_failed:
                tries += 1
                if tries > 11 or len(lev.rooms) >= MAXNROFROOMS // 6:
                    break
    return vault


def create_vault(st) -> Optional[Tuple[int, int]]:
    """mklev.c create_vault(): ``create_room(-1, -1, 2, 2, -1, -1, VAULT, TRUE)``,
    which only reserves the spot."""
    from unlev.generate.room_statements import create_room
    from unlev.model.constants import VAULT
    saved, said = st.warn_to, len(st.warnings)
    st.warn_to = None                  # not the loader's "only reserved" note
    try:
        room = create_room(st, -1, -1, 2, 2, -1, -1, VAULT, 1)
    finally:
        st.warn_to = saved
        del st.warnings[said:]
    return None if room is None else (room.lx, room.ly)


def build_vault(st, lev, spot: Tuple[int, int]) -> bool:
    """makelevel's vault: a 2x2 lit room where check_room still allows it, to be
    filled with gold at the end of the level (FILL_NORMAL).  True if it was made."""
    from unlev.generate import rooms as R
    from unlev.generate.room_statements import check_room
    from unlev.model.constants import FILL_NORMAL, VAULT
    ok, x, w, y, h = check_room(st, spot[0], 1, spot[1], 1, True)
    if ok:
        vault = R.add_room(lev, x, y, x + w, y + h, True, VAULT, special=False)
        vault.needfill = FILL_NORMAL
        lev.flags.has_vault = True
    return bool(ok)


def sort_rooms(lev, st) -> None:
    """mklev.c sort_rooms(): rooms in order of their left edge, the map's room numbers
    renumbered to match."""
    from unlev.model.constants import ROOMOFFSET
    order = sorted(range(len(lev.rooms)), key=lambda i: lev.rooms[i].lx)
    if order == list(range(len(order))):
        return
    new_of = {old: new for new, old in enumerate(order)}
    lev.rooms[:] = [lev.rooms[i] for i in order]
    rn = lev.roomno
    for k in range(len(rn)):
        v = rn[k]
        if ROOMOFFSET <= v < ROOMOFFSET + len(order):
            rn[k] = new_of[v - ROOMOFFSET] + ROOMOFFSET
    st.smeq[:] = list(range(len(lev.rooms)))


def _stairs_room_good(lev, i: int, phase: int, themed) -> bool:
    room = lev.rooms[i]
    if room.rtype != 0 and not (phase < 2 and i in themed):
        return False
    if not (room.needjoining or phase < 0):
        return False
    has = any(room.lx <= s.x <= room.hx and room.ly <= s.y <= room.hy for s in lev.stairs)
    return not has or phase < 1


def _stairs_room(lev, rng, themed):
    """generate_stairs_find_room(): a joined ordinary room without stairs, relaxing
    to themed rooms, rooms with stairs, then any room."""
    for phase in (2, 1, 0):
        good = [i for i in range(len(lev.rooms)) if _stairs_room_good(lev, i, phase, themed)]
        if good:
            return lev.rooms[good[rng.rn2(len(good))]]
    return lev.rooms[rng.rn2(len(lev.rooms))]


def generate_stairs(st, lev, rng) -> None:
    """mklev.c generate_stairs(): stairs down (not on the bottom level), then up
    (not on the first level), in different rooms where possible."""
    from unlev.generate.features import mkstairs
    from unlev.model.spots import somex, somexy, somey
    if not lev.rooms:
        return
    bounds = {tuple(b) for b in lev.extras.get("themed_rooms", ())}
    themed = {i for i, r in enumerate(lev.rooms) if (r.lx, r.ly, r.hx, r.hy) in bounds}
    ctx = lev.context
    for up in (False, True):
        if (not up and ctx.dunlevs is not None and ctx.dunlev >= ctx.dunlevs) or \
                (up and ctx.dunlev == 1):
            continue
        croom = _stairs_room(lev, rng, themed)
        spot = somexy(lev, rng, croom)
        if spot is None:
            spot = (somex(rng, croom), somey(rng, croom))
        mkstairs(st, spot[0], spot[1], up, False)


# ------------------------------------------------------------------ a run
def is_themed_room_file(text: str) -> bool:
    """A themed-room file (dat/themerms.lua): it defines the ``themerooms`` list and
    ``themerooms_generate``, where a level file calls ``des.*`` itself."""
    return bool(re.search(r"^themerooms\s*=", text, re.M)
                and re.search(r"^function\s+themerooms_generate\b", text, re.M))


def ordinary_context(depth: int):
    """The place of an ordinary level of the Dungeons of Doom at ``depth``."""
    from unlev.model.context import DungeonContext
    from unlev.model.placement import usual_place
    castle = usual_place("castle")
    bottom = castle["dlevel"] if castle and castle["dungeon"] == "The Dungeons of Doom" \
        else None
    return DungeonContext(depth=depth, dunlev=depth, dungeon_name="The Dungeons of Doom",
                          dunlevs=bottom, ledger_no=None)


def run_themed_text(text: str, path: str, seed: int, *, name: Optional[str] = None,
                    depth: Optional[int] = None, forced=None, run_context=None,
                    compat=None, warn=None, generator: Optional[str] = None, data=None,
                    force_flip: bool = False, flip_bits: Optional[int] = None,
                    **_ignored):
    """An ordinary level made with the themed-room file ``text`` (see the module), at
    ``depth`` (default: the run context's, else 1), populated from ``data``'s tables
    (default NetHack 3.7's); ``forced`` makes every room the one named or numbered."""
    import dataclasses
    from unlev.generate.build import finish_built_level
    from unlev.lua.runtime import new_session, tables_folder
    from unlev.stdlib.builtins import RunContext
    from unlev.stdlib.data import tables_of
    name = name or "ordinary"
    if depth is None:
        depth = run_context.depth if run_context is not None and run_context.depth else 1
    rc = dataclasses.replace(run_context or RunContext(), depth=depth, level_name=name)
    with tables_of(tables_folder(data)):
        session = new_session(path, seed, name=name, context=ordinary_context(depth),
                              run_context=rc, compat=compat, warn=warn,
                              generator=generator)
        make_level(session, text, forced)
        session.des.finish()
        builder = session.builder
        builder.end_level()
        return finish_built_level(builder, session.rng, force_flip=force_flip,
                                  flip_bits=flip_bits)
