"""``unlev run``: generate the levels of a des-file and show or export them.

Why a module of its own: the run command gathers the options that say where a level
is generated (depth, hero, date, compatibility) and where it goes (terminal, JSON,
SVG, HTML); the generation itself is :func:`unlev.generate.build.build_level`, the drawing
:mod:`unlev.output.render`, the JSON :mod:`unlev.output.export`.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
from typing import Optional

from unlev.lang.diagnostics import DesError, Diagnostic, Span

EXAMPLES = """examples:
  unlev run samples/bigrm.des --seed 42 --show       draw one run of the sample
  unlev run samples/bigrm.des                         random seed (printed), drawn
  unlev run samples/bigrm.des --seed 42 --json        the level as JSON on stdout
  unlev run samples/bigrm.des --seed 42 --json out.json --svg map.svg --html map.html
  unlev run FILE --level 2 --seed 7                   only the second LEVEL of FILE
  unlev run FILE --level minetn-1 --depth 7 --role Wizard --align chaotic
  unlev run FILE --compat game --date 2026-10-31T23:30 --no-flip

Without --show, --json, --svg, --png or --html the level is drawn (as with --show).
Put FILE before a bare --json (otherwise FILE is taken as the JSON path).
Exit codes: 0 ok, 1 error in a des-file, 2 usage error.
"""



def add_parser(subparsers) -> None:
    from unlev.tools.common import add_common_options, add_compat_option
    from unlev.tools.context_options import add_context_options
    from unlev.tools.seed_options import add_seed_options
    p = subparsers.add_parser(
        "run", help="generate the levels of a des-file; draw them or export them",
        description="Run a des-file's LEVELs as the game's loader does and draw the "
        "result (NetHack's symbols and colours, fully revealed) with a summary, or "
        "write it as JSON, SVG or HTML. The same seed always gives the same level.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="the des-file to run")
    p.add_argument("--level", default="all", metavar="NAME|N|all",
                   help="which LEVEL: its name, its 1-based number in the file, or all "
                   "of them one after another (default: all)")
    add_seed_options(p)
    p.add_argument("--show", action="store_true",
                   help="draw the levels in the terminal (the default when nothing else "
                   "is asked for)")
    p.add_argument("--json", nargs="?", const="-", metavar="PATH",
                   help="write the levels (docs/json-schema.md) as JSON to PATH, or to "
                   "standard output without PATH or with -")
    p.add_argument("--generator", choices=("unlev", "nethack37"), default=None,
                   help="for a NetHack 3.7 .lua file: the random generator -- unlev's "
                   "(default) or NetHack 3.7's ISAAC64 seeded as the game seeds it")
    p.add_argument("--wizloaddes", action="store_true",
                   help="for a NetHack 3.7 .lua file: make the level as 3.7's #wizloaddes "
                   "command does (on the hero's Dungeons of Doom level 1, the loader's "
                   "tail run twice), as the mazesofmenace reference grids were made")
    p.add_argument("--themed-room", metavar="N|NAME",
                   help="for NetHack 3.7's themed-room file (dat/themerms.lua, run as an "
                   "ordinary level): make every room this one, by its number in the "
                   "file's themerooms list or its name")
    p.add_argument("--svg", metavar="PATH", help="write the map in colour as an SVG picture")
    p.add_argument("--png", metavar="PATH",
                   help="write the map in colour as a PNG picture (needs Pillow: the png extra)")
    p.add_argument("--html", metavar="PATH",
                   help="write the preview page of unlev serve as one file: the map with a "
                   "hover card per square, layers, a legend and the full tables")
    add_context_options(p)
    from unlev.tools.common import COLOR_HELP, NO_FLIP_HELP, QUIET_HELP
    p.add_argument("--no-flip", action="store_true", help=NO_FLIP_HELP)
    add_compat_option(p, why="; game also flips only Sokoban, documented any level")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help=COLOR_HELP)
    p.add_argument("-q", "--quiet", action="store_true", help=QUIET_HELP)
    add_common_options(p)
    p.set_defaults(func=cmd_run)


# --- the command -----------------------------------------------------------------------------
def _usage(msg: str) -> int:
    print(f"unlev run: error: {msg}", file=sys.stderr)
    return 2


def select_levels(compiled, which: str) -> list:
    """The LEVEL nodes ``--level`` names; raises LookupError with a helpful text."""
    levels = compiled.tree.levels
    if which == "all":
        return list(levels)
    named = [lv for lv in levels if lv.name == which]
    if named:
        return named[-1:]          # the game keeps the last of duplicated names
    if which.isdigit():
        n = int(which)
        if 1 <= n <= len(levels):
            return [levels[n - 1]]
        raise LookupError(f"--level {n}: the file has {len(levels)} "
                          f"level{'s' if len(levels) != 1 else ''}")
    raise LookupError(f"no LEVEL named {which!r}; the file has: "
                      + ", ".join(lv.name for lv in levels))


def warnings_of(compiled, chosen) -> list:
    """The file's warnings that concern the LEVELs run: those inside one of them, and
    those outside every LEVEL (the file's header, its FUNCTIONs); ``--level X`` does
    not report the notes of the other levels."""
    levels = compiled.tree.levels
    if len(chosen) == len(levels):
        return list(compiled.warnings)
    starts = sorted((lv.span.line, i) for i, lv in enumerate(levels))
    wanted = {i for i, lv in enumerate(levels) if any(lv is c for c in chosen)}

    def level_of(w):
        if w.span.file != compiled.tree.levels[0].span.file:
            return None            # an INCLUDEd file's: shown
        found = None
        for line, i in starts:
            if line <= w.span.line:
                found = i
        return found

    return [w for w in compiled.warnings if level_of(w) is None or level_of(w) in wanted]


def make_console(color: str, file=None):
    from rich.console import Console
    if color == "always":
        return Console(file=file, force_terminal=True, highlight=False)
    if color == "never":
        console = Console(file=file, color_system=None, force_terminal=False, highlight=False)
    else:
        console = Console(file=file, highlight=False)
    if not console.is_terminal:
        console.width = 400     # piped: lines stay whole (see _draw)
    return console


def cmd_run(args) -> int:
    from unlev.tools.common import unreadable
    if unreadable("run", [args.file]):
        return 2
    json_to_stdout = args.json == "-"
    if json_to_stdout and args.show:
        return _usage("--json to standard output cannot be combined with --show; "
                      "give --json a PATH")
    if args.themed_room is not None and not args.file.endswith(".lua"):
        return _usage("--themed-room applies to NetHack 3.7's themed-room file "
                      "(dat/themerms.lua)")
    if args.wizloaddes and not args.file.endswith(".lua"):
        return _usage("--wizloaddes applies to NetHack 3.7 .lua files")
    if args.generator and not args.file.endswith(".lua"):
        return _usage("--generator applies to NetHack 3.7 .lua files; a des-file runs on "
                      "unlev's generator")
    show = args.show or not (args.json or args.svg or args.html or args.png)
    from unlev.tools.seed_options import SeedError, apply_where, seed_plan
    try:
        plan = seed_plan(args)
    except SeedError as e:
        return _usage(str(e))
    apply_where(args, plan.where)
    args.seed_plan = plan
    if plan.dump is not None and args.level == "all":
        args.level = plan.dump.name         # the dump's own level
    seed = plan.level_seed if plan.level_seed is not None else 0
    if args.json and not (show or args.svg or args.html or args.png) \
            and not args.file.endswith(".lua"):
        return _stream_json(args, seed, json_to_stdout)
    pictures = args.svg or args.html or args.png
    if show and not (args.json or pictures) and not args.file.endswith(".lua"):
        # drawn alone: each level is drawn as it is built and then let go, so memory
        # does not grow with the number of levels
        console = make_console(args.color)
        drawn = [0]

        def each(level) -> None:
            _draw_one(console, level, drawn[0], seed, args.file)
            drawn[0] += 1
        built = _build_des(args, seed, show, each=each)
        return built if isinstance(built, int) else 0
    if args.file.endswith(".lua"):
        built = _build_lua(args, seed, show)
    else:
        built = _build_des(args, seed, show)
    if isinstance(built, int):
        return built

    if show:
        console = make_console(args.color)
        _draw(console, built, seed, args.file)
    if args.svg or args.html or args.png:
        code = _pictures(args, built, seed)
        if code:
            return code
    if args.json:
        from unlev.output import export
        opts = run_options(args)
        doc = export.document([export.level_to_dict(lv, seed=lv.extras.get("level_seed", seed),
                                                    source=args.file, options=opts)
                               for lv in built],
                              source=args.file, seed=seed)
        text = export.dumps(doc)
        if json_to_stdout:
            sys.stdout.write(text)
            sys.stdout.flush()
        else:
            try:
                with open(args.json, "w", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
            except OSError as e:
                return _usage(f"cannot write {args.json}: {e.strerror}")
            _wrote(args, args.json)
    return 0


def _stream_json(args, seed: int, to_stdout: bool) -> int:
    """``--json`` alone: each level written as it is built and then let go, so memory
    does not grow with the number of levels. The text goes to a temporary file first
    (beside the target, or spooled for standard output) and takes its place only when
    every level was built, as when the levels were written at the end."""
    import tempfile
    from unlev.output import export
    opts = run_options(args)
    state: dict = {}

    def each(level) -> None:
        if "writer" not in state:
            if to_stdout:
                state["fh"] = tempfile.SpooledTemporaryFile(8 << 20, mode="w+",
                                                            encoding="utf-8", newline="\n")
            else:
                folder = os.path.dirname(os.path.abspath(args.json))
                tmp = os.path.join(folder, f".unlev-run-{os.getpid()}-"
                                           f"{random.randrange(1 << 30)}.json")
                # "x": created as open() creates a file (the umask's mode), never reused
                state["fh"] = open(tmp, "x", encoding="utf-8", newline="\n")
                state["tmp"] = tmp
            state["writer"] = export.DocumentWriter(state["fh"], source=args.file, seed=seed)
        state["writer"].add(export.level_to_dict(level, seed=level.extras.get("level_seed", seed), source=args.file,
                                                 options=opts))
    try:
        try:
            built = _build_des(args, seed, False, each=each)
        except OSError as e:
            return _usage(f"cannot write {args.json}: {e.strerror}")
        if isinstance(built, int):
            return built
        try:
            state["writer"].close()
            if to_stdout:
                state["fh"].seek(0)
                shutil.copyfileobj(state["fh"], sys.stdout)
                sys.stdout.flush()
            else:
                state["fh"].close()
                if os.path.exists(args.json):
                    shutil.copymode(args.json, state["tmp"])     # as overwriting keeps it
                os.replace(state.pop("tmp"), args.json)
                _wrote(args, args.json)
        except OSError as e:
            return _usage(f"cannot write {args.json}: {e.strerror}")
        return 0
    finally:
        if "fh" in state:
            state["fh"].close()
        if "tmp" in state:
            try:
                os.unlink(state["tmp"])
            except OSError:
                pass


def _pictures(args, built, seed: int) -> int:
    """--svg, --png and --html; 0, or the exit code of a usage error."""
    from unlev.output import picture
    captioned = [(lv, picture.caption(lv, lv.extras.get("level_seed", seed), args.file))
                 for lv in built]
    try:
        if args.svg:
            with open(args.svg, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(picture.svg(captioned, title=f"unlev run "
                                     f"{os.path.basename(args.file)} --seed {seed}"))
            _wrote(args, args.svg)
        if args.png:
            try:
                picture.png(captioned, args.png)
            except picture.PillowMissing as e:
                return _usage(str(e))
            _wrote(args, args.png)
        if args.html:
            with open(args.html, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(_html_page(args, built, seed))
            _wrote(args, args.html)
    except OSError as e:
        return _usage(f"cannot write {e.filename}: {e.strerror}")
    return 0


def _html_page(args, built, seed: int) -> str:
    """The page of ``unlev serve`` with this run's levels in it (no server needed)."""
    from unlev.output import preview
    try:
        with open(args.file, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError:
        text = None
    opts = run_options(args)
    names = [lv.name for lv in built]
    states = []
    for i, lv in enumerate(built, 1):
        payload = preview.level_payload(lv, seed=lv.extras.get("level_seed", seed),
                                        source=args.file, options=opts)
        diags = [{"severity": "warning", "message": w, "hint": None, "code": None,
                  "file": args.file, "line": 0, "col": 0} for w in payload["warnings"]]
        states.append(preview.state(file=args.file, levels=names, level_index=i,
                                    seed=payload["seed"], payload=payload, diagnostics=diags,
                                    source_text=text))
    title = f"unlev run {os.path.basename(args.file)} --seed {seed}"
    return preview.page_html({"mode": "static", "states": states, "file": args.file,
                              "level": 1, "seed": seed, "title": title}, title=title)


def _wrote(args, path: str) -> None:
    """Say where a file went (on stderr: stdout may be the drawing or the JSON)."""
    if not args.quiet:
        print(f"wrote {path}", file=sys.stderr)


def _seed_note(args, seed: int) -> None:
    plan = args.seed_plan
    if plan.chosen_at_random and not args.quiet:
        print(f"unlev: seed {seed} (repeat with --seed {seed})", file=sys.stderr)


def _level_seed(args, name: str) -> int:
    """The seed of LEVEL ``name`` (--game-seed: its own, printed unless --quiet)."""
    from unlev.tools.seed_options import SeedError
    plan = args.seed_plan
    if plan.level_seed is not None and plan.dump is None:
        return plan.level_seed
    try:
        seed, note = plan.seed_for(name)
    except SeedError as e:
        raise LookupError(str(e)) from None
    if not args.quiet:
        print(f"unlev: {name}: {note}", file=sys.stderr)
    return seed


def _internal_error(args, name: str, seed: int, e: Exception) -> int:
    """A bug in unlev: say so plainly, no traceback."""
    if os.environ.get("UNLEV_TRACEBACK"):
        raise e
    print(f"{args.file}: error: internal error while building level {name!r} "
          f"with seed {seed}: {type(e).__name__}: {e}\n"
          "hint: this is a bug in unlev; set UNLEV_TRACEBACK=1 to see where",
          file=sys.stderr)
    return 1


def _build_des(args, seed: int, show: bool, each=None):
    """The levels of a des-file, or an exit code; with ``each``, each level is handed
    to it as it is built instead (and the list is empty)."""
    from unlev.tools.common import format_des_error, format_diagnostic
    from unlev.lang.frontend import compile_file
    try:
        # with --compat game the game's behaviour is what was asked for: no warnings
        compiled = compile_file(args.file, include_path=args.include_path,
                                compat_warnings=args.compat == "documented",
                                settings=args.settings)
    except DesError as e:
        print(format_des_error(e, args.file), file=sys.stderr)
        return 1
    try:
        chosen = select_levels(compiled, args.level)
    except LookupError as e:
        return _usage(str(e))
    if not args.quiet:
        for w in warnings_of(compiled, chosen):
            print(format_diagnostic(w, compiled.sources), file=sys.stderr)
    if not chosen:
        print(f"{args.file}: error: the file has no LEVEL", file=sys.stderr)
        return 1
    _seed_note(args, seed)
    built = []
    for node in chosen:
        try:
            node_seed = _level_seed(args, node.name)
        except LookupError as e:
            return _usage(str(e))
        try:
            # warnings met while building are in the drawing's summary when shown
            level = build_one(compiled, node, node_seed, args, warn_to_stderr=not show)
            if show and not args.quiet:
                _stand_in_notes(compiled, node, args)
        except DesError as e:
            print(format_des_error(e, args.file), file=sys.stderr)
            return 1
        except Exception as e:  # noqa: BLE001 - reported as unlev's bug
            return _internal_error(args, node.name, seed, e)
        if each is None:
            built.append(level)
        else:
            each(level)          # its OSError is the caller's (a file it cannot write)
            del level
    return built


def _stand_in_notes(compiled, node, args) -> None:
    """With the drawing (whose summary holds the builder's warnings), the stand-ins for
    names UnNetHack lacks (a 3.6/3.4.3 level's, a --data profile's) still go to
    standard error, as without it."""
    from unlev.lang.lowering import loader_level
    prepared = loader_level(compiled, node, game=args.settings.compat.is_game)
    for span, text in prepared.stand_ins:
        d = Diagnostic("warning", text, Span(args.file, span.line, span.col))
        print(d.format({}), file=sys.stderr)


def _build_lua(args, seed: int, show: bool):
    """The level of a NetHack 3.7 Lua file (one level per file, named by the file),
    or an exit code."""
    from unlev.tools.common import format_des_error
    from unlev.tools.convert import build_lua_like_run
    from unlev.lua.runtime import level_name_of
    if args.level not in (None, "all", level_name_of(args.file), "1"):
        return _usage(f"{args.file} is a Lua level file: its one level is "
                      f"{level_name_of(args.file)!r}")
    _seed_note(args, seed)
    try:
        seed = _level_seed(args, level_name_of(args.file))
    except LookupError as e:
        return _usage(str(e))
    warn = None
    if not show and not args.quiet:
        def warn(message: str, span: Optional[Span] = None) -> None:
            d = Diagnostic("warning", message,
                           span if span is not None else Span(args.file, 0, 0))
            print(d.format({}), file=sys.stderr)
    from unlev.lua.themerooms import ThemedRoomError
    try:
        return [build_lua_like_run(args.file, seed, args, warn=warn)]
    except ThemedRoomError as e:
        return _usage(str(e))
    except DesError as e:
        print(format_des_error(e, args.file), file=sys.stderr)
        return 1
    except OSError as e:
        return _usage(f"cannot read {args.file}: {e.strerror}")
    except Exception as e:  # noqa: BLE001 - reported as unlev's bug
        return _internal_error(args, level_name_of(args.file), seed, e)


def _draw(console, levels, seed: int, source: str) -> None:
    for i, level in enumerate(levels):
        _draw_one(console, level, i, seed, source)


def _draw_one(console, level, i: int, seed: int, source: str) -> None:
    """Draw the ``i``-th level (0-based) of a run, with a rule before all but the first."""
    from rich.rule import Rule
    from unlev.output.render import level_view
    # a terminal (or a page) gets the 80 columns of the game's screen; piped text keeps
    # its lines whole, so no "The\nDungeons of Doom" lands in a file or a grep
    piped = not (console.is_terminal or console.record)
    width = 400 if piped else 80
    if i:
        console.print(Rule(style="dim"), width=80)
    if piped:       # no table padding at the ends of piped lines
        from unlev.tools.common import print_unpadded
        print_unpadded(console, level_view(level, seed=seed, source=source), width)
    else:
        console.print(level_view(level, seed=seed, source=source), width=width)


def run_options(args) -> dict:
    """The settings a run was made with, as recorded in the JSON."""
    from unlev.stdlib.builtins import DEFAULT_DATE
    flip = "none" if args.no_flip else ("anywhere" if args.compat == "documented"
                                        else "sokoban-only")
    return {"compat": args.compat, "flip": flip, "depth": args.depth,
            "difficulty": args.difficulty, "role": args.role or "Valkyrie",
            "race": args.race or "human", "align": args.align or "neutral",
            "date": (args.date or DEFAULT_DATE).strftime("%Y-%m-%dT%H:%M")}


def build_one(compiled, node, seed: int, args, warn_to_stderr: bool = True):
    """One level, made with the run's options."""
    from unlev.generate.build import build_level
    from unlev.tools.context_options import context_values, contexts

    context, rc = contexts(node.name, context_values(args))
    plan = getattr(args, "seed_plan", None)
    if plan is not None and plan.where:
        from unlev.tools.compare.dumpcontext import place_from_where
        if plan.dump is not None and plan.dump.name == node.name:
            from unlev.tools.compare.dumpcontext import contexts_for
            context, rc0 = contexts_for(plan.dump, node.name)
            rc.depth, rc.difficulty = rc0.depth, rc0.difficulty
        context = place_from_where(context, plan.where)
        # a WHERE line's rndmonst=start: the game's rndmonst table is still the one
        # made at its start (unlev.populate.kinds.start_table_monster)
        rc.rndmonst_from_start = str(plan.where.get("rndmonst", "")) == "start"
    if plan is not None:
        # what the game shuffled at its start depends on its seed (populate.oinit)
        game_seed = plan.dump.gameseed if plan.dump is not None else plan.game_seed
        if game_seed is not None:
            rc.game_seed, rc.serverseed = game_seed, plan.serverseed
    compat = args.settings.compat
    game = compat.is_game
    warn = _warner(compiled, args.file) if warn_to_stderr and not args.quiet else None
    kwargs = {}
    if args.no_flip:
        kwargs["flip_bits"] = 0
    level = build_level(compiled, node, seed=seed, context=context, compat=compat,
                        force_flip=not game, run_context=rc, warn=warn, **kwargs)
    level.extras["level_seed"] = seed
    return level


def _warner(compiled, path: str):
    from unlev.tools.common import format_diagnostic

    def warn(message: str, span: Optional[Span] = None) -> None:
        d = Diagnostic("warning", message, span if span is not None else Span(path, 0, 0))
        print(format_diagnostic(d, compiled.sources), file=sys.stderr)
    return warn
