"""The embedded Lua that runs level files: a sandbox, the APIs, errors with positions.

Why a module of its own: the sandbox and the error mapping are one concern shared by
every API module.  A level file runs in its own environment table that holds only the
safe parts of the Lua standard library (no ``io``, ``os``, ``require``, ``dofile``,
``loadfile``, ``load``, ``debug``, ``package``, ``collectgarbage``, ``string.dump``) and
the level APIs (``des``, ``selection``, ``nh``, ``u``, ``nhc`` and nhlib.lua's helpers).
Python objects reach Lua only as opaque handles: every attribute lookup on them is
refused, and lupa's ``python`` module is not registered.

Errors in a Lua file are :class:`~unlev.lang.diagnostics.DesError` with the file and
line of the Lua statement (``file:line:col: error: message``; Lua gives no column, so
the column is 1).  A file is held to limits as a des-file is: Lua instructions (a count
hook), the memory of its Lua values (the ``lua_memory`` limit, Lua's own allocator), and
the builder's step limit on the work of its ``des.*`` calls.  :func:`run_lua_file` is what ``unlev run``/``check``/``test`` call for
a ``.lua`` file: it builds a :class:`~unlev.model.level.Level` through the same
GameBuilder and finishing steps as :func:`unlev.generate.build.build_level`.
"""

from __future__ import annotations

import os
import re
from typing import Callable, List, Optional

from unlev.lang.diagnostics import DesError, Span

from .nh_api import ExitLevel

DEFAULT_INSTRUCTION_LIMIT = 200_000_000
_HOOK_EVERY = 1_000


class LuaLevelError(DesError):
    """An error in a Lua level file (a DesError, so the CLI prints it the same way)."""


def _deny_attributes(obj, name, is_setting):
    raise AttributeError("access to Python attributes is not allowed from a level file")


def _lupa():
    try:
        from lupa import lua54 as lupa_mod          # Lua 5.4, as NetHack 3.7 uses
    except ImportError:                               # pragma: no cover - older wheels
        try:
            import lupa as lupa_mod
        except ImportError:
            raise DesError("running Lua level files needs the 'lupa' package",
                           Span("<lua>", 0, 0),
                           "pip install 'unlev[lua]'") from None
    return lupa_mod


# the safe part of the standard library copied into a level's environment
_SAFE_GLOBALS = ("assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
                 "rawlen", "rawset", "select", "setmetatable", "getmetatable", "tonumber",
                 "tostring", "type", "xpcall", "_VERSION")
_SAFE_LIBS = {"string": None, "table": None, "math": ("randomseed",), "utf8": None,
              "coroutine": None}

_SANDBOX_LUA = r"""
local G, safe_globals, safe_libs = ...
local env = {}
for _, name in ipairs(safe_globals) do env[name] = G[name] end
for lib, banned in pairs(safe_libs) do
  local copy = {}
  for k, v in pairs(G[lib]) do copy[k] = v end
  if banned then for _, k in ipairs(banned) do copy[k] = nil end end
  env[lib] = copy
end
env.string.dump = nil
env.unpack = G.table.unpack
env._G = env
return env
"""

# run a chunk of text in the environment; returns the chunk or raises with the message
_LOADER_LUA = r"""
local G = ...
return function(text, chunkname, env)
  local f, err = G.load(text, chunkname, "t", env)
  if not f then G.error(err, 0) end
  return f
end
"""

# the line of the innermost frame that runs the level file itself
_WHERE_LUA = r"""
local G = ...
return function(source)
  for level = 2, 60 do
    local info = G.debug.getinfo(level, "Sl")
    if not info then break end
    if info.source == source and info.currentline and info.currentline > 0 then
      return info.currentline
    end
  end
  return 0
end
"""

# counts instructions for the limit and notes the level file's line now and then: a
# memory error unwinds the stack without a message handler, so that note is its place
_HOOK_LUA = r"""
local G, limit, every, source = ...
local count, last = 0, 0
local function hook()
  count = count + every
  local info = G.debug.getinfo(2, "Sl")
  if info and info.source == source and info.currentline > 0 then last = info.currentline end
  if count > limit then
    G.error("the level file ran more than " .. limit .. " Lua instructions and was stopped", 2)
  end
end
return function(co)
  if co then G.debug.sethook(co, hook, "", every) else G.debug.sethook(hook, "", every) end
end, function() return last end
"""


class LuaSession:
    """One sandboxed Lua state wired to one builder and one random stream."""

    def __init__(self, builder, rng, path: str = "<lua>", run_context=None,
                 warn: Optional[Callable] = None,
                 instruction_limit: int = DEFAULT_INSTRUCTION_LIMIT,
                 max_memory: Optional[int] = None) -> None:
        from . import des_api, nh_api, selection_api
        lupa_mod = _lupa()
        # Lua's own allocator refuses past this (the lua_memory limit): a doubling
        # string is a LuaMemoryError, not gigabytes of the machine's memory
        self.max_memory = max_memory
        from unlev.lang.limits import DEFAULT
        self.limits = DEFAULT           # new_session sets the run's
        self.path = path
        # Lua cuts chunk names to 59 characters in its messages: the file's base name
        # is what the messages carry, mapped back to the path by _lua_error
        self.chunkname = "=" + os.path.basename(path)
        self.builder = builder
        self.rng = rng
        if run_context is None:
            from unlev.stdlib.builtins import RunContext
            run_context = RunContext()
        self.run_context = run_context
        self.warn_fn = warn
        self.lua = lupa_mod.LuaRuntime(register_eval=False, register_builtins=False,
                                       unpack_returned_tuples=True,
                                       attribute_filter=_deny_attributes,
                                       max_memory=max_memory)
        self.lua_type = lupa_mod.lua_type
        self.LuaError = lupa_mod.LuaError
        self.LuaMemoryError = lupa_mod.LuaMemoryError
        G = self.lua.globals()
        self.env = self.lua.execute(_SANDBOX_LUA, G, self.lua.table(*_SAFE_GLOBALS),
                                    self.lua.table_from({k: (self.lua.table(*v) if v else False)
                                                         for k, v in _SAFE_LIBS.items()}))
        self._load = self.lua.execute(_LOADER_LUA, G)
        self._where = self.lua.execute(_WHERE_LUA, G)
        self._hook, self._last_line = self.lua.execute(_HOOK_LUA, G, instruction_limit,
                                                       _HOOK_EVERY, self.chunkname)
        self.env["print"] = self._print
        self.printed: List[str] = []
        self.compat = None
        self.make_builder: Optional[Callable] = None   # a fresh level (des.reset_level)
        self.selections = selection_api.SelectionAPI(self)
        self.nh = nh_api.NhAPI(self)
        self.des = des_api.DesAPI(self)
        self.selections.install()
        self.nh.install()
        self.des.install()
        from unlev.lua import obj_api
        obj_api.install(self.des)

    # -- helpers the API modules share ------------------------------------------------
    def table(self, *items, **fields):
        t = self.lua.table(*items)
        for k, v in fields.items():
            t[k] = v
        return t

    def is_table(self, v) -> bool:
        return self.lua_type(v) == "table"

    def line(self) -> int:
        try:
            return int(self._where(self.chunkname))
        except Exception:   # pragma: no cover - no Lua frame
            return 0

    def span(self) -> Span:
        return Span(self.path, self.line(), 1)

    def error(self, message: str, hint: Optional[str] = None) -> LuaLevelError:
        return LuaLevelError(message, self.span(), hint)

    def warn(self, message: str) -> None:
        """Recorded with the level's warnings (the drawing's summary, the JSON) when the
        builder keeps them, and passed to ``warn``."""
        state = getattr(self.builder, "state", None)
        if state is not None:
            state.warn(message, self.span())
        elif self.warn_fn is not None:
            self.warn_fn(message, self.span())

    def _print(self, *args) -> None:
        self.printed.append("\t".join(self.lua.globals().tostring(a) for a in args))

    def exec_helper(self, text: str, name: str):
        """Run our own Lua (nhlib's helpers) in the level's environment."""
        return self._load(text, "=" + name, self.env)()

    # -- running --------------------------------------------------------------------
    def run(self, text: str) -> None:
        LuaError = self.LuaError
        try:
            chunk = self._load(text, self.chunkname, self.env)
        except LuaError as e:
            raise _lua_error(str(e), self.path) from None
        self._hook(None)
        try:
            chunk()
        except ExitLevel:
            pass
        except DesError as e:
            # the builder's errors (the step limit a statement's work passes, say) carry
            # no place of their own, or line 0: the Lua line that called it is the place
            first = e.diagnostics[0] if e.diagnostics else None
            if first is not None and (first.span is None or first.span.line == 0):
                raise self.error(first.message, first.hint) from None
            raise
        except self.LuaMemoryError:
            from unlev.lang.limits import hint
            raise LuaLevelError(f"the level file's Lua values took more than "
                                f"{self.max_memory:,} bytes and it was stopped",
                                Span(self.path, int(self._last_line()) or 1, 1),
                                hint("lua_memory", self.limits)) from None
        except LuaError as e:
            raise _lua_error(str(e), self.path) from None
        finally:
            self.lua.globals().debug.sethook()


_LUA_POS = re.compile(r"^(?:error loading code: )?(?P<file>.+?):(?P<line>\d+): (?P<msg>.*)$",
                      re.S)


def _lua_error(text: str, path: str) -> LuaLevelError:
    first = text.split("\nstack traceback:")[0].strip()
    m = _LUA_POS.match(first)
    if m and (m.group("file") == path or m.group("file").endswith(os.path.basename(path))):
        return LuaLevelError(m.group("msg"), Span(path, int(m.group("line")), 1))
    if m:
        return LuaLevelError(f"{m.group('msg')} (in {m.group('file')}:{m.group('line')})",
                             Span(path, 0, 0))
    return LuaLevelError(first, Span(path, 0, 0))


def check_lua_text(text: str, path: str = "<lua>") -> None:
    """Compile a Lua level without running it, as ``luac -p`` would: the check
    ``unlev check`` makes of a ``.lua`` file.  Raises :class:`LuaLevelError`."""
    lupa_mod = _lupa()
    lua = lupa_mod.LuaRuntime(register_eval=False, register_builtins=False,
                              attribute_filter=_deny_attributes)
    compile_only = lua.eval("function(text, name) local f, err = load(text, name, 't', {}) "
                            "return err end")
    err = compile_only(text, "=" + os.path.basename(path))
    if err is not None:
        raise _lua_error(str(err), path)


def level_name_of(path: str) -> str:
    """3.7 names a level by its file: ``dat/oracle.lua`` is the level ``oracle``."""
    return os.path.splitext(os.path.basename(path))[0]


def place_name(name: str) -> str:
    """The name to place a 3.7 level by in unlev's dungeon (UnNetHack's dungeon.def):
    3.7's ``castle``, ``valley``, ``orcus``... are UnNetHack's first variant of each
    (``castle-1``...), without which the castle was made at depth 1."""
    from unlev.model.placement import usual_place
    if usual_place(name) is None:
        for other in (name + "-1", PLACE_ALIASES.get(name)):
            if other and usual_place(other) is not None:
                return other
    return name


# 3.7 level names UnNetHack spells otherwise
PLACE_ALIASES = {"asmodeus": "asmod-1"}


def new_session(path: str = "<lua>", seed: int = 0, *, name: Optional[str] = None,
                context=None, run_context=None, compat=None, warn: Optional[Callable] = None,
                instruction_limit: int = DEFAULT_INSTRUCTION_LIMIT,
                generator: Optional[str] = None, limits=None,
                mklev: bool = False) -> "LuaSession":
    """A Lua session on a fresh level, ready to run a level file's text; its
    ``reset_level`` starts another fresh level (``des.reset_level``).  ``generator``
    ``"nethack37"`` draws from NetHack 3.7's ISAAC64 seeded as the game seeds it
    (:func:`unlev.stdlib.isaac64.nethack37_rng`); the default is unlev's own; an
    :class:`~unlev.stdlib.rng.RNG` given there is that stream, drawn as 3.7's one
    stream (monsters too).  ``mklev``: the level is made as mklev makes it, which
    on 3.7's stream first draws getbones' rn2(3).
    ``limits``: the run's :class:`unlev.lang.limits.Limits` (None: the defaults), read
    by the loader as a des-file's build reads them."""
    from unlev.generate.game_builder import GameBuilder
    from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS
    from unlev.model.level import Level
    from unlev.model.placement import place_level
    from unlev.stdlib.builtins import RunContext
    from unlev.stdlib.rng import RNG
    from unlev.stdlib.compat import Compat

    compat = Compat() if compat is None else Compat.of(compat)
    name = name or level_name_of(path)
    # placed as build() places a des-file's level, by 3.7's name for UnNetHack's place
    context, run_context = place_level(place_name(name), context,
                                       run_context or RunContext(level_name=name))
    one_stream = generator == "nethack37" or isinstance(generator, RNG)
    if isinstance(generator, RNG):
        rng = generator                 # a 3.7 stream made by the caller (tools)
    elif generator in (None, "unlev"):
        rng = RNG(seed)
    elif generator == "nethack37":
        from unlev.stdlib.isaac64 import nethack37_rng
        rng = nethack37_rng(seed)
    else:
        raise ValueError(f"unknown generator {generator!r} (unlev, nethack37)")

    if one_stream and mklev:
        # mklev.c mklev(): getbones() draws its rn2(3) ("once in three times") before
        # makelevel loads the level file (whose nhlib.lua then shuffles); #wizloaddes
        # calls load_special directly
        rng.rn2(3)

    def make_builder():
        # 3.7 has one core stream: its monsters draw from it too (no use_mon_rng)
        builder = GameBuilder(rng, Level(context, name), context=context,
                              compat=compat,
                              run_context=run_context, warn=warn,
                              mon_rng=rng if one_stream else None,
                              limits=limits or DEFAULT_LIMITS)
        builder.start_level(name=name, flags=[], span=Span(path, 1, 1))
        return builder

    limits = limits or DEFAULT_LIMITS
    session = LuaSession(make_builder(), rng, path, run_context=run_context, warn=warn,
                         instruction_limit=instruction_limit, max_memory=limits.lua_memory)
    session.limits = limits
    session.compat = compat
    session.make_builder = make_builder
    return session


def run_lua_text(text: str, path: str = "<lua>", seed: int = 0, *, name: Optional[str] = None,
                 context=None, run_context=None, compat=None, force_flip: bool = False,
                 warn: Optional[Callable] = None, finish: bool = True, post_mklev: bool = True,
                 flip_bits: Optional[int] = None, post_process: bool = True,
                 instruction_limit: int = DEFAULT_INSTRUCTION_LIMIT,
                 generator: Optional[str] = None, data=None, limits=None,
                 tables=None, loader_game: Optional[str] = None, wizload: bool = False):
    """Run a Lua level held in ``text``; see :func:`run_lua_file`."""
    from unlev.stdlib.data import tables_of
    # ``tables`` (unlev.stdlib.data.Tables) and ``loader_game``: a converted des-file
    # checked against its des-file is made from the des-file's game's tables and gets
    # that game's fixup_special() (unlev.generate.loaders)
    with tables_of(tables if tables is not None
                   else tables_folder(data, own=not is_converted(text))):
        return _run_lua_text(text, path, seed, name=name, context=context,
                             run_context=run_context, compat=compat, force_flip=force_flip,
                             warn=warn, finish=finish, post_mklev=post_mklev,
                             flip_bits=flip_bits, instruction_limit=instruction_limit,
                             generator=generator, post_process=post_process,
                             limits=limits, loader_game=loader_game, wizload=wizload)


def tables_folder(data=None, own: bool = True) -> Optional[str]:
    """The folder of the tables a Lua level is populated from: the ``data`` profile's
    (a name, path or :class:`~unlev.stdlib.profiles.Profile`), by default NetHack
    3.7's for a 3.7 level file and UnNetHack's (None) for a converted des-file, which
    is built as its game builds it."""
    from unlev.stdlib import profiles
    if data is None:
        if not own:
            return None
        data = "nethack37"
    profile = profiles.resolve(data)
    return None if profile.is_default else str(profile.path)


def _run_lua_text(text: str, path: str, seed: int, *, name, context, run_context, compat,
                  force_flip, warn, finish, post_mklev, flip_bits, instruction_limit,
                  generator, post_process=True, limits=None, loader_game=None,
                  wizload=False):
    if wizload:
        # the command makes the level where the hero stands, whatever its usual place
        import dataclasses
        from unlev.lua.wizload import hero_level_context
        context = hero_level_context()
        if run_context is not None:
            run_context = dataclasses.replace(run_context, depth=context.depth,
                                              difficulty=context.difficulty)
    session = new_session(path, seed, name=name, context=context, run_context=run_context,
                          compat=compat, warn=warn, instruction_limit=instruction_limit,
                          generator=generator, limits=limits, mklev=not wizload)
    own = not is_converted(text)
    session.own_level = own             # NetHack 3.7's own file, not unlev convert's
    if own:
        # 3.7's fixup_special puts no Fort Ludios vault on Medusa's island (UnNetHack's
        # does); a converted des-file keeps its game's
        session.builder.level.extras["ludios_portal"] = False
    if loader_game is not None:
        session.builder.state.game = loader_game
    session.run(text)
    session.des.finish()
    builder = session.builder
    builder.end_level()
    from unlev.generate.build import finish_built_level
    # 3.7's load_special keeps flip_level_rnd's flips on every level (UnNetHack's
    # loader only on Sokoban's): a 3.7 file is flipped as 3.7 flips it
    level = finish_built_level(builder, session.rng, force_flip=force_flip or own,
                               flip_bits=flip_bits, finish=finish,
                               post_mklev=post_mklev and not wizload,
                               post_process=post_process)
    if wizload and finish:
        from unlev.lua.wizload import finalize_again
        finalize_again(builder.state, level, session.rng)
    if own:
        level.extras.pop("ludios_portal", None)
    return level


def is_converted(text: str) -> bool:
    """Whether a Lua level is ``unlev convert``'s output (its first line says so): it
    is then built as the des-file's game builds it, not as NetHack 3.7 would."""
    first = text.split("\n", 1)[0]
    return first.startswith("-- ") and "converted by unlev from" in first


def run_lua_file(path: str, seed: int = 0, **kwargs):
    """Build the level of one Lua level file (NetHack 3.7's ``dat/*.lua`` or the output
    of ``unlev convert``) and return the finished :class:`~unlev.model.level.Level`.

    Keyword arguments are those of :func:`unlev.generate.build.build_level` (``context``,
    ``run_context``, ``compat``, ``force_flip``, ``warn``, ``finish``, ``post_mklev``,
    ``flip_bits``) plus ``name`` (the level's name; default: the file's stem, as 3.7
    names levels), ``instruction_limit`` and ``generator`` (:func:`new_session`), and
    ``data``, the profile whose monsters, objects and epitaphs populate the level
    (:func:`tables_folder`; default NetHack 3.7's, ``nethack37``), and ``limits``
    (the run's :class:`unlev.lang.limits.Limits`), and ``wizload``: make it as
    3.7's ``#wizloaddes`` does, on the hero's level 1 (:mod:`unlev.lua.wizload`).
    Errors are :class:`LuaLevelError`
    (a DesError: ``file:line:col: error: message``)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError as e:
        raise LuaLevelError(f"cannot read {path}: {e.strerror}", Span(path, 0, 0)) from None
    return run_lua_text(text, path, seed, **kwargs)
