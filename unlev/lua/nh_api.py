"""``nh.*``, ``u``, ``nhc`` and the helpers of 3.7's ``dat/nhlib.lua`` (written anew).

Every random number a level file draws comes from the run's one RNG:

* ``nh.rn2(n)`` is :meth:`RNG.rn2` (0 for ``n <= 0``, drawing nothing);
* ``nh.random(n)`` is ``rn2(n)``; ``nh.random(base, range)`` is ``base + rn2(range)``;
* ``math.random(n)`` is ``1 + rn2(n)``; ``math.random(a, b)`` is ``a + rn2(b - a + 1)``;
* ``d(n, x)`` draws n times ``1 + rn2(x)`` (the same words as the des-file's dice),
  ``percent(p)`` is ``rn2(100) < p`` (a des-file's ``[p%]``), ``shuffle(t)`` swaps
  ``t[i]`` with ``t[1 + rn2(i)]`` from the end (a des-file's SHUFFLE);
* ``align`` starts as ``{"chaos", "neutral", "law"}`` and is shuffled with ``shuffle``
  before the level runs: the same two draws as the des-file's align register, whose
  ``align[0]``, ``align[1]``, ``align[2]`` are Lua's ``align[2]``, ``align[1]``,
  ``align[3]`` (``unlev convert`` writes them so).

Extensions a converted des-file may call (3.7 has no equivalent; the converter marks
each with an ``-- unlev:`` note): ``nh.unlev_exit()``, ``nh.unlev_time(name)``,
``nh.unlev_room(field)``, ``nh.unlev_mon_at``/``nh.unlev_obj_at``.
"""

from __future__ import annotations

import functools

from unlev.stdlib.builtins import time_function

from .charge import CALL, charged


class ExitLevel(Exception):
    """nh.unlev_exit(): the converted form of a des-file EXIT inside a function."""

ALIGN_NAMES = {-1: "chaotic", 0: "neutral", 1: "lawful"}

# our own helpers, in Lua, run in the level's environment before the level
_NHLIB = r"""
local rn2 = nh.rn2
math.random = function(a, b)
  if a == nil then error("math.random needs at least one argument", 2) end
  if b == nil then return 1 + rn2(a) end
  return a + rn2(b - a + 1)
end

function shuffle(list)
  for i = #list, 2, -1 do
    local j = 1 + rn2(i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

function d(dice, faces)
  if faces == nil then return 1 + rn2(dice) end
  local total = 0
  for _ = 1, dice do total = total + 1 + rn2(faces) end
  return total
end

function percent(p)
  return rn2(100) < p
end

function monkfoodshop()
  if u.role == "Monk" then return "health food shop" end
  return "food shop"
end

-- Gehennom's random lava pools and river, outside the protected area.
function hell_tweaks(protected)
  local open = protected:negate()
  if percent(20 + u.depth) then
    local pools = selection.new()
    for _ = 1, 5 + math.random(u.depth) do pools:set() end
    pools = pools | selection.grow(selection.new():set(), "west")
    pools = pools | selection.grow(selection.new():set(), "north")
    pools = pools | selection.grow(selection.new():set(), "random")
    pools = pools & open
    if percent(80) then
      local shore = pools:clone():grow("all") & open
      des.terrain(shore:percentage(10 * math.random(1, 8)), ".")
    end
    des.terrain(pools, "L")
  end
  if percent(50) then
    local rivers = selection.new()
    local wanted = (nhc.COLNO * nhc.ROWNO - protected:numpoints()) / 12
    local tries = 0
    repeat
      local floor = selection.match(".")
      local a, b = floor:rndcoord(), floor:rndcoord()
      local river = selection.randline(selection.new(), a.x, a.y, b.x, b.y, 10)
      if percent(50) then river = river:grow("north") end
      if percent(50) then river = river:grow("west") end
      rivers = (rivers | river) & open
      tries = tries + 1
    until rivers:numpoints() > wanted or tries > 7
    if percent(60) then
      local banks = rivers:clone():grow() & open
      des.terrain(banks:percentage(10 * math.random(1, 6)), ".")
    end
    des.terrain(rivers, "L")
  end
end

align = { "chaos", "neutral", "law" }
shuffle(align)
"""


class NhAPI:
    """The ``nh`` table of one Lua session (with ``u`` and ``nhc``), from
    :data:`NH_FUNCTIONS` with each function bound to the session."""

    def __init__(self, session) -> None:
        self.s = session

    @property
    def ctx(self):
        return self.s.run_context

    def install(self) -> None:
        s = self.s
        ctx = self.ctx
        from unlev.stdlib.grid import COLNO, ROWNO
        nh = s.table()
        for name, fn in NH_FUNCTIONS.items():
            nh[name] = charged(s, functools.partial(fn, s), CALL)
        s.env["nh"] = nh
        u = s.table(role=ctx.role, race=ctx.race, gender="female", name=ctx.hero_name,
                    alignment=ALIGN_NAMES.get(ctx.alignment, "neutral"),
                    depth=max(ctx.depth, 1))
        u["uhave"] = s.table(amulet=False, bell=False, book=False, menorah=False)
        s.env["u"] = u
        s.env["nhc"] = s.table(COLNO=COLNO, ROWNO=ROWNO, DLB=0)
        s.exec_helper(_NHLIB, "nhlib")


# -- the functions, each of the Lua session and the call's arguments (nhlua.c's nhl_*)
def nhl_rn2(s, n):
    return s.rng.rn2(int(n))


def nhl_random(s, a, b=None):
    if b is None:
        return s.rng.rn2(int(a))
    return int(a) + s.rng.rn2(int(b))


def time_of(s, name):
    return time_function(str(name), s.run_context.date)


def nhl_is_genocided(s, _name):
    return False


def unlev_room(s, name):
    b = s.builder.room_bounds()
    if b is None:
        return 0
    lx, ly, hx, hy = b
    return {"width": hx - lx + 1, "height": hy - ly + 1, "x": lx, "y": ly}[str(name)]


def unlev_mon_at(s, mon, where):
    from .selection_api import coord_of
    ax, ay = s.builder.locate(coord_of(s, where, "nh.unlev_mon_at"))
    return s.builder.mon_at(ax, ay, s.des.monster_value(mon))


def unlev_obj_at(s, obj, where):
    from .selection_api import coord_of
    ax, ay = s.builder.locate(coord_of(s, where, "nh.unlev_obj_at"))
    return s.builder.obj_at(ax, ay, s.des.object_value(obj))


def unlev_exit(s):
    raise ExitLevel()


def nhl_pline(s, text, *_rest):
    s.builder.message(text=str(text), span=s.span())


def nhl_s_suffix(s, t):
    return str(t) + ("'" if str(t).endswith("s") else "'s")


def nhl_dnum_name(s, _n=None):
    return s.builder.level.context.dungeon_name


# 3.7's terrain types (include/rm.h) and their names (cmd.c levltyp[]), by unlev's
# type name; a type 3.7 lacks keeps unlev's name in lower case and has no number
TYPES_37 = (
    ("STONE", "stone"), ("VWALL", "vertical wall"), ("HWALL", "horizontal wall"),
    ("TLCORNER", "top-left corner wall"), ("TRCORNER", "top-right corner wall"),
    ("BLCORNER", "bottom-left corner wall"), ("BRCORNER", "bottom-right corner wall"),
    ("CROSSWALL", "cross wall"), ("TUWALL", "tee-up wall"), ("TDWALL", "tee-down wall"),
    ("TLWALL", "tee-left wall"), ("TRWALL", "tee-right wall"),
    ("DBWALL", "drawbridge wall"), ("TREE", "tree"), ("SDOOR", "secret door"),
    ("SCORR", "secret corridor"), ("POOL", "pool"), ("MOAT", "moat"), ("WATER", "water"),
    ("DRAWBRIDGE_UP", "drawbridge up"), ("LAVAPOOL", "lava pool"),
    ("LAVAWALL", "lava wall"), ("IRONBARS", "iron bars"), ("DOOR", "door"),
    ("CORR", "corridor"), ("ROOM", "room"), ("STAIRS", "stairs"), ("LADDER", "ladder"),
    ("FOUNTAIN", "fountain"), ("THRONE", "throne"), ("SINK", "sink"), ("GRAVE", "grave"),
    ("ALTAR", "altar"), ("ICE", "ice"), ("DRAWBRIDGE_DOWN", "drawbridge down"),
    ("AIR", "air"), ("CLOUD", "cloud"),
)
TYPE_NUMBER_37 = {name: i for i, (name, _n) in enumerate(TYPES_37)}
TYPE_NAME_37 = dict(TYPES_37)
# rm.h's flag bits nhlua.c nhl_getmap reports, by terrain
_DOOR_BITS = {"broken": 1, "isopen": 2, "closed": 4, "locked": 8, "trapped": 16}
MAP_FLAGS = {"ALTAR": {"shrine": 4}, "THRONE": {"looted": 1},
             "TREE": {"looted": 1, "swarm": 2}, "FOUNTAIN": {"looted": 1, "warned": 2},
             "SINK": {"pudding": 1, "dishwasher": 2, "ring": 4}}


def abs_xy(s, args, what):
    """nhlua.c nhl_get_xy_params + cvt_to_abscoord: ``x, y`` or ``{x=, y=}``."""
    from .selection_api import coord_of, is_num
    if len(args) >= 2 and is_num(args[0]) and is_num(args[1]):
        x, y = int(args[0]), int(args[1])
    elif args and s.is_table(args[0]):
        c = coord_of(s, args[0], what)
        x, y = c.x, c.y
    else:
        raise s.error(f"{what}: incorrect arguments")
    lv = s.builder.level
    x, y = x + lv.xstart, y + lv.ystart
    from unlev.stdlib.grid import COLNO, ROWNO
    if not (1 <= x < COLNO and 0 <= y < ROWNO):
        raise s.error(f"{what}: coordinates out of range")
    return x, y


def nhl_getmap(s, *args):
    """nhlua.c nhl_getmap: what the map holds at a square (3.7's numbers and names)."""
    from unlev.stdlib.terrain import TERRAIN_CHAR, TERRAIN_NAMES
    x, y = abs_xy(s, args, "nh.getmap")
    lv = s.builder.level
    typ = lv.typ_at(x, y)
    name = TERRAIN_NAMES[typ]
    bits = lv.flags_at(x, y)
    flags = s.table()
    if name == "DOOR":
        flags["nodoor"] = bits == 0
        for key, bit in _DOOR_BITS.items():
            flags[key] = bool(bits & bit)
    for key, bit in MAP_FLAGS.get(name, {}).items():
        flags[key] = bool(bits & bit)
    return s.table(glyph=0, typ=TYPE_NUMBER_37.get(name, -1),
                   typ_name=TYPE_NAME_37.get(name, name.lower()),
                   mapchr=TERRAIN_CHAR.get(typ, "x"), seenv=0,
                   horizontal=bool(lv.horizontal_at(x, y)), lit=bool(lv.lit_at(x, y)),
                   waslit=False, roomno=lv.roomno_at(x, y), edge=bool(lv.edge_at(x, y)),
                   candig=False, has_trap=any(tr.x == x and tr.y == y for tr in lv.traps),
                   flags=flags)


def nhl_gettrap(s, *args):
    """nhlua.c nhl_gettrap: the trap at a square (its des-file name as ttyp_name)."""
    from unlev.stdlib import data
    x, y = abs_xy(s, args, "nh.gettrap")
    for tr in s.builder.level.traps:
        if tr.x == x and tr.y == y:
            kind = next((k for k in data.traps() if k.name == tr.ttyp), None)
            return s.table(tx=x, ty=y, ttyp=kind.index if kind else -1,
                           ttyp_name=kind.des_name if kind else str(tr.ttyp).lower(),
                           tseen=bool(tr.attrs.get("seen", False)), madeby_u=False)
    raise s.error(f"nh.gettrap: no trap at ({x - s.builder.level.xstart}, "
                  f"{y - s.builder.level.ystart})")


# 3.7's default keys (cmd.c, without number_pad) for the commands the tutorial names
ECKEYS = {"movewest": "h", "movesouth": "j", "movenorth": "k", "moveeast": "l",
          "movenorthwest": "y", "movenortheast": "u", "movesouthwest": "b",
          "movesoutheast": "n", "close": "c", "down": ">", "up": "<", "drop": "d",
          "eat": "e", "fire": "f", "glance": ";", "kick": "^D", "loot": "M-l",
          "pickup": ",", "puton": "P", "quiver": "Q", "read": "r", "remove": "R",
          "run": "G", "search": "s", "swap": "x", "takeoff": "T", "throw": "t",
          "travel": "_", "twoweapon": "X", "wait": ".", "wear": "W", "wield": "w",
          "zap": "z"}


def nhl_eckey(s, name):
    """nhlua.c nhl_get_cmd_key: the key of a command (the game's default binding; the
    player's own bindings are UI, which unlev has none of)."""
    return ECKEYS.get(str(name), "#" + str(name))


def nhl_ui_noop(s, *_args):
    """A call about the game's interface or options (``parse_config``, ``callback``,
    ``gamestate``, ``start_timer_at``...): nothing to do when only the level is made."""
    return None


# name -> function(session, *args), as nhlua.c registers them in nhl_functions
NH_FUNCTIONS = {
    "rn2": nhl_rn2, "random": nhl_random, "is_genocided": nhl_is_genocided,
    "level_difficulty": lambda s: s.run_context.level_difficulty,
    "phase_of_the_moon": lambda s: time_of(s, "phase_of_the_moon"),
    "friday_13th": lambda s: bool(time_of(s, "friday_13th")),
    "night": lambda s: bool(time_of(s, "night")),
    "midnight": lambda s: bool(time_of(s, "midnight")),
    "pline": nhl_pline, "verbalize": nhl_pline,
    "s_suffix": nhl_s_suffix,
    "stairways": lambda s: s.table(),
    "dnum_name": nhl_dnum_name, "dungeon_name": nhl_dnum_name,
    "debug_flags": lambda s, *_a: None,
    "unlev_exit": unlev_exit, "unlev_time": time_of, "unlev_room": unlev_room,
    "unlev_mon_at": unlev_mon_at, "unlev_obj_at": unlev_obj_at,
    "getmap": nhl_getmap, "gettrap": nhl_gettrap, "eckey": nhl_eckey,
    "parse_config": nhl_ui_noop, "callback": nhl_ui_noop, "gamestate": nhl_ui_noop,
    "start_timer_at": nhl_ui_noop, "impossible": nhl_pline,
}
