"""``unlev run``: generate the levels of a des-file and show or export them.

Why a module of its own: the run command gathers the options that say where a level
is generated (depth, hero, date, compatibility) and where it goes (terminal, JSON,
SVG, HTML); the generation itself is :func:`unlev.generate.build.build_level`, the drawing
:mod:`unlev.output.render`, the JSON :mod:`unlev.output.export`.
"""

from __future__ import annotations

import argparse
import io
import os
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

Without --show, --json, --svg or --html the level is drawn (as with --show).
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
                   help="write the levels as JSON (docs/json-schema.md) to PATH, or to "
                   "standard output without PATH or with -")
    p.add_argument("--generator", choices=("unlev", "nethack37"), default=None,
                   help="for a NetHack 3.7 .lua file: the random generator -- unlev's "
                   "(default) or NetHack 3.7's ISAAC64 seeded as the game seeds it")
    p.add_argument("--svg", metavar="PATH", help="write the coloured drawing as SVG")
    p.add_argument("--html", metavar="PATH", help="write the coloured drawing as HTML")
    add_context_options(p)
    p.add_argument("--no-flip", action="store_true",
                   help="never flip the level, as if it had FLAGS: noflip")
    add_compat_option(p, why="; game also flips only Sokoban, documented any level")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour in the terminal drawing (auto: only on a terminal)")
    p.add_argument("-q", "--quiet", action="store_true",
                   help="do not print warnings or the random seed")
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
    if args.generator and not args.file.endswith(".lua"):
        return _usage("--generator applies to NetHack 3.7 .lua files; a des-file runs on "
                      "unlev's generator")
    show = args.show or not (args.json or args.svg or args.html)
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
    if args.file.endswith(".lua"):
        built = _build_lua(args, seed, show)
    else:
        built = _build_des(args, seed, show)
    if isinstance(built, int):
        return built

    if show:
        console = make_console(args.color)
        _draw(console, built, seed, args.file)
    if args.svg or args.html:
        from rich.console import Console
        rec = Console(record=True, width=80, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", highlight=False)
        _draw(rec, built, seed, args.file)
        from unlev.output import page
        title = f"unlev run {os.path.basename(args.file)} --seed {seed}"
        try:
            if args.svg:
                page.save_svg(rec, args.svg, title)
            if args.html:
                page.save_html(rec, args.html, title)
        except OSError as e:
            return _usage(f"cannot write {e.filename}: {e.strerror}")
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
    return 0


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


def _build_des(args, seed: int, show: bool):
    """The levels of a des-file, or an exit code."""
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
    if not args.quiet:
        for w in compiled.warnings:
            print(format_diagnostic(w, compiled.sources), file=sys.stderr)
    try:
        chosen = select_levels(compiled, args.level)
    except LookupError as e:
        return _usage(str(e))
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
            built.append(build_one(compiled, node, node_seed, args,
                                   warn_to_stderr=not show))
            if show and not args.quiet:
                _stand_in_notes(compiled, node, args)
        except DesError as e:
            print(format_des_error(e, args.file), file=sys.stderr)
            return 1
        except Exception as e:  # noqa: BLE001 - reported as unlev's bug
            return _internal_error(args, node.name, seed, e)
    return built


def _stand_in_notes(compiled, node, args) -> None:
    """With the drawing (whose summary holds the builder's warnings), the stand-ins for
    names UnNetHack lacks (a 3.6/3.4.3 level's, a --data profile's) still go to
    standard error, as without it."""
    from unlev.generate import dialect_levels
    prepared = dialect_levels.prepare(compiled, node, game=args.settings.compat.is_game)
    for note in getattr(prepared, "stand_ins", ()):
        line, _sep, text = note.partition(": ")      # "18: monster ... using ..."
        d = Diagnostic("warning", text, Span(args.file, int(line) if line.isdigit() else 0, 0))
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
    try:
        return [build_lua_like_run(args.file, seed, args, warn=warn)]
    except DesError as e:
        print(format_des_error(e, args.file), file=sys.stderr)
        return 1
    except OSError as e:
        return _usage(f"cannot read {args.file}: {e.strerror}")
    except Exception as e:  # noqa: BLE001 - reported as unlev's bug
        return _internal_error(args, level_name_of(args.file), seed, e)


def _draw(console, levels, seed: int, source: str) -> None:
    from rich.rule import Rule
    from unlev.output.render import level_view
    # a terminal (or a page) gets the 80 columns of the game's screen; piped text keeps
    # its lines whole, so no "The\nDungeons of Doom" lands in a file or a grep
    width = 80 if console.is_terminal or console.record else 400
    for i, level in enumerate(levels):
        if i:
            console.print(Rule(style="dim"), width=80)
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
