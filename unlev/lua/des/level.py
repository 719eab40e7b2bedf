"""The level as a whole: messages, flags (3.7's own words too), exclusion zones,
``reset_level``, and ``gas_cloud`` (not modelled), as sp_lev.c's ``lspo_message``,
``lspo_level_flags``, ``lspo_exclusion``... do.

Each ``lspo_*`` function takes the session's :class:`~unlev.lua.des_api.DesAPI`
(``api``: argument helpers, the builder, the Lua session) and the call's arguments.
"""

from __future__ import annotations

from unlev.lang.values import Coord

from .common import FLAGS


def lspo_message(api, text):
    api.b.message(text=str(text), span=api.span())


# sp_lev.c lspo_level_flags, 3.7: the words whose meaning differs from the des-file's
# loader or that it lacks; the rest go through LevelFlags.apply_des_flags
FLAG_WORDS_37 = ("sokoban", "noflipx", "noflipy", "noflip", "temperate", "hot", "cold",
                 "nomongen", "nodeathdrops", "noautosearch", "fumaroles")


def lspo_level_flags(api, *flags):
    words = []
    lev = getattr(api.b, "level", None)
    for f in flags:
        key = str(f).lower()
        if key in FLAG_WORDS_37:
            if lev is not None:
                level_flag_37(lev, key)
        elif key in FLAGS:
            words.append(key)
        else:
            api.s.warn(f"level flag {f!r} is not known to unlev's loader; ignored")
    if words and lev is not None:
        lev.flags.apply_des_flags(words)


def level_flag_37(lev, key):
    """One of 3.7's own level flags: noflipx keeps the left-right flip off (coder bit
    2; the des-file loader clears bit 1 for it), sokoban the Sokoban rules; the flags
    unlev's model has no field for are kept in ``extras["level_flags"]``."""
    fl = lev.flags
    if key == "sokoban":
        fl.sokoban_rules = True
    elif key in ("noflipx", "noflipy", "noflip"):
        # as the des-file word of the same effect (LevelFlags speaks the des loader's)
        fl.apply_des_flags([{"noflipx": "noflipy", "noflipy": "noflipx"}.get(key, key)])
    elif key in ("temperate", "hot", "cold"):
        fl.temperature = {"temperate": 0, "hot": 1, "cold": -1}[key]
    else:
        kept = lev.extras.setdefault("level_flags", [])
        if key not in kept:
            kept.append(key)


def lspo_reset_level(api, *_a):
    """sp_lev.c lspo_reset_level: the level being made is thrown away and a fresh one
    started (NetHack's tests use it between cases)."""
    s = api.s
    if s.make_builder is None:
        s.warn("des.reset_level: ignored (this session cannot start a new level)")
        return
    s.builder = s.make_builder()
    api.room_depth = api.holder_depth = 0
    api.mazewalked = False


def lspo_finalize_level(api, *_a):
    pass


def lspo_gas_cloud(api, *_a):
    api.s.warn("des.gas_cloud: gas clouds are not modelled by unlev; ignored")


EXCLUSION_TYPES = ("teleport", "teleport-up", "teleport-down", "monster-generation")


def lspo_exclusion(api, t):
    """sp_lev.c lspo_exclusion: a zone where teleport arrival (or up/down arrival, or
    random monster generation) is not allowed, kept as the game keeps it, in map
    coordinates, in ``extras["exclusion_zones"]`` (newest first, as its list)."""
    s = api.s
    kind = str(t["type"] or "teleport").lower()
    if kind not in EXCLUSION_TYPES:
        raise s.error(f"des.exclusion: unknown type {kind!r}",
                      "types: " + ", ".join(EXCLUSION_TYPES))
    r = api.region_of(t["region"], "des.exclusion")
    lx, ly = api.b.locate(Coord(r.x1, r.y1))
    hx, hy = api.b.locate(Coord(r.x2, r.y2))
    zones = api.b.level.extras.setdefault("exclusion_zones", [])
    zones.insert(0, {"type": kind, "lx": lx, "ly": ly, "hx": hx, "hy": hy})
