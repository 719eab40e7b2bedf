"""``unlev repl``: its options and the command, which feeds a :class:`~.core.Repl`
from a terminal (:mod:`.prompt`) or from piped input.

Why a module of its own: the command needs both the REPL and its terminal front end,
which itself needs the REPL; keeping the command here lets neither import the other.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from unlev.lang.diagnostics import DesError
from unlev.tools.repl.core import Repl


def run_piped(repl: Repl, stream: TextIO) -> int:
    """Read lines from a non-terminal ``stream`` (a script piped in) until :quit or EOF."""
    for line in stream:
        repl.feed(line)
        if repl.done:
            return 0
    repl.finish_input()
    return 0


def cmd_repl(args) -> int:
    from unlev.tools.common import format_des_error, unreadable
    if args.file and unreadable("repl", [args.file]):
        return 2
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    color = {"always": True, "never": False}.get(args.color, interactive)
    compat = args.settings.compat
    seed = args.seed
    if seed is None:        # as unlev run: a random seed, said so the level can be had again
        import random
        seed = random.SystemRandom().randrange(2 ** 31)
        print(f"unlev: seed {seed} (repeat with --seed {seed})", file=sys.stderr)
    try:
        repl = Repl(args.file, args.level, seed=seed, compat=compat, color=color,
                    include_path=args.include_path, echo=not interactive and args.echo,
                    dialect=args.dialect, settings=args.settings)
    except DesError as err:
        print(format_des_error(err, args.file or ""), file=sys.stderr)
        return 1
    except (KeyError, ValueError) as err:
        print(f"unlev repl: error: {err.args[0]}", file=sys.stderr)
        return 2
    if interactive:
        from unlev.tools.repl.prompt import run_terminal
        return run_terminal(repl, history_file=args.history)
    return run_piped(repl, sys.stdin)


def default_history_file() -> str:
    return os.environ.get("UNLEV_HISTORY") or os.path.join(os.path.expanduser("~"),
                                                           ".unlev_history")


def add_parser(subparsers) -> None:
    import argparse
    from unlev.tools.common import add_common_options, add_compat_option
    p = subparsers.add_parser(
        "repl", help="try selections and statements on a live level",
        description="A prompt with a live level (empty, or FILE's LEVEL run first): a "
        "selection expression is drawn over the map, a statement is run and the map "
        "redrawn. :help inside lists the commands. Reads lines from stdin when it is "
        "not a terminal.",
        epilog="examples:\n  unlev repl\n  unlev repl samples/bigrm.des --seed 7\n"
        "  printf 'circle((40,10),6)\\n:vars\\n' | unlev repl",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", nargs="?", help="a des-file whose LEVEL is run first")
    from unlev.tools.common import COLOR_HELP
    from unlev.tools.seed_options import LEVEL_SEED_HELP, level_seed
    p.add_argument("--seed", type=level_seed, metavar="N", help=LEVEL_SEED_HELP)
    p.add_argument("--level", metavar="NAME|N",
                   help="which LEVEL of FILE: its name or its 1-based number in the file "
                   "(default: the first)")
    add_compat_option(p)
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help=COLOR_HELP)
    p.add_argument("--history", default=default_history_file(), metavar="FILE",
                   help="where input history is kept across sessions (default ~/.unlev_history "
                   "or $UNLEV_HISTORY)")
    p.add_argument("--no-echo", dest="echo", action="store_false",
                   help="with piped input, do not repeat each input line after the prompt")
    add_common_options(p)
    p.set_defaults(func=cmd_repl)
