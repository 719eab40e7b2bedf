"""The level as a whole: messages, flags, and the 3.7 calls unlev does not model
(``reset_level``, ``gas_cloud``, ``exclusion``), as sp_lev.c's ``lspo_message``,
``lspo_level_flags``... do.

Each ``lspo_*`` function takes the session's :class:`~unlev.lua.des_api.DesAPI`
(``api``: argument helpers, the builder, the Lua session) and the call's arguments.
"""

from __future__ import annotations


from .common import FLAGS


def lspo_message(api, text):
    api.b.message(text=str(text), span=api.span())


def lspo_level_flags(api, *flags):
    words = []
    for f in flags:
        key = str(f).lower()
        if key in FLAGS:
            words.append(key)
        else:
            api.s.warn(f"level flag {f!r} is not known to unlev's loader; ignored")
    lev = getattr(api.b, "level", None)
    if words and lev is not None:
        lev.flags.apply_des_flags(words)


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


def lspo_exclusion(api, *_a):
    api.s.warn("des.exclusion: exclusion zones are not modelled by unlev; ignored")
