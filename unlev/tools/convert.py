"""``unlev convert``: des-file -> NetHack 3.7 Lua, and the runner ``unlev run`` uses
for ``.lua`` files.

Why a tool module: it is a command (argument parsing, verdicts, exit codes) on top of
:mod:`unlev.lua` (the converter and the Lua runtime), like ``run`` and ``check`` on
top of the loader.  ``unlev run``/``check``/``test`` dispatch a path ending in ``.lua``
to :func:`unlev.lua.runtime.run_lua_file` through :func:`build_lua_like_run` (which
takes ``unlev run``'s parsed options), catching
:class:`~unlev.lang.diagnostics.DesError` exactly as for des-files.
"""

from __future__ import annotations

import os
import sys
from typing import List, Optional, Tuple


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "convert", help="convert a des-file to NetHack 3.7 Lua (one file per LEVEL)",
        description="Convert every LEVEL of a des-file (UnNetHack, NetHack 3.6 or 3.4.3) "
                    "to a NetHack 3.7 Lua level file named after the level.  Comments are "
                    "kept; '-- unlev:' notes mark what 3.7 cannot express.")
    p.add_argument("file", help="the des-file")
    p.add_argument("-o", "--output", metavar="OUT",
                   help="a directory (one LEVEL.lua per level), or a .lua file when the "
                        "des-file has one LEVEL, or '-' for standard output; default: the "
                        "des-file's directory")
    from unlev.tools.common import add_common_options
    add_common_options(p)
    from unlev.tools.common import seeds_type, SEEDS_HELP
    p.add_argument("--verify", metavar="LIST", type=seeds_type, default=None,
                   help=f"also run des-file and Lua under these {SEEDS_HELP} and say "
                        "whether the JSON is byte-identical (exit 1 when not)")
    p.set_defaults(func=cmd_convert)


def cmd_convert(args) -> int:
    from unlev.lang.diagnostics import DesError
    from unlev.tools.common import format_des_error
    from unlev.tools.common import unreadable
    from unlev.lua.convert import convert_file
    if unreadable("convert", [args.file]):
        return 2
    try:
        outputs = convert_file(args.file, dialect=args.dialect,
                               include_path=args.include_path)
    except DesError as e:
        print(format_des_error(e, args.file), file=sys.stderr)
        return 1
    except OSError as e:
        print(f"unlev: error: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    out = args.output
    written = []
    if out == "-":
        for _name, text in outputs:
            sys.stdout.write(text)
    elif out and out.endswith(".lua"):
        if len(outputs) != 1:
            print(f"unlev: error: {args.file} has {len(outputs)} LEVELs; give -o a directory",
                  file=sys.stderr)
            return 2
        written.append(_write(out, outputs[0][1]))
    else:
        folder = out or os.path.dirname(os.path.abspath(args.file))
        os.makedirs(folder, exist_ok=True)
        for name, text in outputs:   # of two LEVELs with one name the last wins, as in the game
            written.append(_write(os.path.join(folder, name + ".lua"), text))
    for w in dict.fromkeys(written):
        print(w)
    if args.verify:
        return _verify(args)
    return 0


def _verify(args) -> int:
    """``--verify``: 0 when every run is byte-identical, 1 when one is not, 2 when the
    Lua side cannot run at all (no lupa).  The verdict goes to standard error when the
    Lua itself goes to standard output (``-o -``), so a pipe gets the Lua alone."""
    import importlib.util
    if importlib.util.find_spec("lupa") is None:
        print("unlev convert: error: --verify runs the Lua and needs lupa: "
              "pip install 'unlev[lua]'", file=sys.stderr)
        return 2
    from unlev.lang.diagnostics import DesError
    from unlev.tools.common import format_des_error
    try:
        same, total, diffs = verify_file(args.file, args.verify, dialect=args.dialect,
                                         include_path=args.include_path,
                                         settings=args.settings)
    except DesError as e:
        print(format_des_error(e, args.file), file=sys.stderr)
        return 1
    to = sys.stderr if args.output == "-" else sys.stdout
    print(f"{same} of {total} level x seed runs give byte-identical JSON", file=to)
    for d in diffs[:20]:
        print("  differs:", d, file=to)
    if len(diffs) > 20:
        print(f"  ... and {len(diffs) - 20} more", file=to)
    return 0 if same == total else 1


def _write(path: str, text: str) -> str:
    with open(path, "w", encoding="utf-8", newline="\n") as fh:
        fh.write(text)
    return path


def contexts_like_run(name: str, values=None):
    """The DungeonContext and RunContext ``unlev run`` makes for a level name."""
    from unlev.tools.context_options import contexts
    return contexts(name, values)


def build_lua_like_run(path: str, seed: int, args=None, name: Optional[str] = None,
                       text: Optional[str] = None, warn=None, loader=None, tables=None):
    """A Level from a ``.lua`` file with ``unlev run``'s options (``args`` may be None):
    what ``unlev run FILE.lua`` should call in place of ``build_one``."""
    from unlev.stdlib.compat import Compat
    from unlev.lua.runtime import (is_converted, level_name_of, place_name, run_lua_file,
                                   run_lua_text, tables_folder)
    from unlev.stdlib.data import tables_of
    name = name or level_name_of(path)
    from unlev.tools.context_options import context_values
    # a NetHack 3.7 level is placed as the game places it (castle -> castle-1's depth);
    # a converted des-file as its des-file is
    if text is not None:
        first = text
    else:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                first = fh.readline()
        except OSError:
            first = ""          # run_lua_file reports the unreadable file
    converted = is_converted(first)
    # placed in the dungeon of the tables that populate it (3.7's dungeon.lua for
    # a 3.7 level: unlev.model.places37)
    with tables_of(tables_folder(getattr(args, "data", None), own=not converted)):
        place = name if converted else place_name(name)
        context, rc = contexts_like_run(place, context_values(args) if args is not None
                                        else None)
    # unlev run hands its parsed options (with the Settings value); the harness a
    # namespace with the compat itself
    compat = limits = None
    if args is not None:
        settings = getattr(args, "settings", None)
        compat = settings.compat if settings is not None else getattr(args, "compat", None)
        limits = settings.limits if settings is not None else getattr(args, "limits", None)
    if isinstance(compat, str):
        compat = Compat.named(compat)
    compat = Compat.of(compat)
    game = compat.is_game
    kwargs = {}
    if getattr(args, "no_flip", False):
        kwargs["flip_bits"] = 0
    if loader is not None:
        # a converted NetHack 3.6/3.4.3 level, compared with its des-file: that game's
        # steps after the script (generate/loaders.py), not 3.7's
        if not loader.flips:
            kwargs["flip_bits"] = 0
        kwargs["post_process"] = loader.post_process
        kwargs["loader_game"] = loader.game
    if tables is not None:
        kwargs["tables"] = tables           # the des-file's game's (loaders.tables_for)
    if getattr(args, "generator", None):
        kwargs["generator"] = args.generator
    if getattr(args, "wizloaddes", False):
        kwargs["wizload"] = True
    if getattr(args, "data", None):
        # --data: the profile whose tables populate the level (default: 3.7's)
        kwargs["data"] = args.data
    common = dict(name=name, context=context, run_context=rc, warn=warn,
                  compat=compat, force_flip=not game, limits=limits, **kwargs)
    forced = getattr(args, "themed_room", None)
    if not converted:
        from unlev.lua.themerooms import ThemedRoomError, is_themed_room_file, run_themed_text
        whole = text
        if whole is None:
            try:
                with open(path, encoding="utf-8", errors="replace") as fh:
                    whole = fh.read()
            except OSError:
                whole = ""      # run_lua_file reports the unreadable file
        if is_themed_room_file(whole):
            # NetHack 3.7's themed-room file: an ordinary level made with it
            if common.pop("wizload", False):
                raise ThemedRoomError("--wizloaddes applies to a level file; the "
                                      "themed-room file makes an ordinary level")
            return run_themed_text(whole, path, seed, forced=forced, **common)
        if forced is not None:
            raise ThemedRoomError(f"--themed-room applies to a themed-room file (NetHack "
                                  f"3.7's dat/themerms.lua); {path} is a level file")
    if text is not None:
        return run_lua_text(text, path, seed, **common)
    return run_lua_file(path, seed, **common)


def level_json(level, seed: int) -> str:
    from unlev.output import export
    return export.dumps(export.document([export.level_to_dict(level, seed=seed, source=None)],
                                        source=None, seed=seed))


def verify_file(path: str, seeds, dialect: str = "auto", settings=None,
                include_path: Optional[List[str]] = None) -> Tuple[int, int, List[str]]:
    """Run each LEVEL of a des-file and its conversion under ``seeds``; count the runs
    with byte-identical JSON (``source`` left out: the files differ).  Returns
    ``(identical, total, ["level seed N: reason", ...])``."""
    from unlev.generate.build import build_level
    from unlev.lang.frontend import compile_file
    from unlev.stdlib.compat import Compat
    from unlev.lua.convert import convert_compiled
    from unlev.generate.loaders import loader_for, tables_for
    with open(path, encoding="latin-1") as fh:
        text = fh.read()
    compiled = compile_file(path, dialect=dialect, text=text, settings=settings,
                            include_path=include_path)
    converted = convert_compiled(compiled, text, path)
    same, total, diffs = 0, 0, []
    for node, (name, lua) in zip(compiled.tree.levels, converted):
        for seed in seeds:
            total += 1
            context, rc = contexts_like_run(node.name)
            try:
                ref = level_json(build_level(compiled, node, seed=seed, context=context,
                                             compat=Compat(), force_flip=True,
                                             run_context=rc), seed)
            except Exception as e:   # the des-file itself fails: not the converter's
                diffs.append(f"{name} seed {seed}: des-file fails: {type(e).__name__}: {e}")
                continue
            try:
                got = level_json(build_lua_like_run(path[:-4] + "-" + name + ".lua", seed,
                                                    name=name, text=lua,
                                                    loader=loader_for(compiled),
                                                    tables=tables_for(compiled)), seed)
            except Exception as e:
                diffs.append(f"{name} seed {seed}: Lua fails: {type(e).__name__}: {e}")
                continue
            if got == ref:
                same += 1
            else:
                diffs.append(f"{name} seed {seed}: JSON differs: {_first_difference(ref, got)}")
    return same, total, diffs


def _first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: {x.strip()[:60]!r} vs {y.strip()[:60]!r}"
    return f"length {len(la)} vs {len(lb)} lines"
