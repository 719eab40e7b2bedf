"""``unlev serve FILE|DIR``: a browser page that shows the level a des-file makes and
follows the file's edits; ``--static OUT/`` writes the zero-install playground.

Why a module of its own: the command's options and its start-up message; the server
is :mod:`unlev.tools.serve.server`, the playground :mod:`unlev.tools.serve.static`.
"""

from __future__ import annotations

import argparse
import os
import sys

EXAMPLES = """examples:
  unlev serve samples/bigrm.des              open http://127.0.0.1:8733/ and edit the file
  unlev serve ../shared/corpus/unnethack/    every des-file of the folder, in a picker
  unlev serve samples/bigrm.des --port 0 --seed 42 --open
  unlev serve samples/bigrm.des --static site/ --pyodide ~/.cache/pyodide/package
                                             the playground: python -m http.server -d site

The page re-renders within a second of a save; errors show in the page, above the
last good level. Only loopback is served unless --host says otherwise.
"""


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 0 to 65535, not {text!r}")
    return n


def add_parser(subparsers) -> None:
    from unlev.tools.common import add_common_options, add_compat_option
    from unlev.tools.context_options import add_context_options
    p = subparsers.add_parser(
        "serve", help="a browser preview of a des-file that follows its edits",
        description="Serve a page that draws the level a des-file (or a NetHack 3.7 Lua "
        "level) makes, with a hover card per square, layers, a seed stepper, two seeds "
        "side by side, the file's diagnostics and a legend, and re-renders it when the "
        "file changes on disk. With --static, write the Pyodide playground instead.",
        epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("target", metavar="FILE|DIR", help="a des-file, or a folder of them")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=_port, default=8733,
                   help="port (default 8733; 0 takes a free one)")
    from unlev.tools.seed_options import LEVEL_SEED_HELP, level_seed
    p.add_argument("--seed", type=level_seed, default=1, metavar="N",
                   help=LEVEL_SEED_HELP.replace("default: a random one, printed so the run "
                                                "can be repeated", "default 1")
                   + "; the page starts with it")
    p.add_argument("--open", action="store_true", help="open the page in the web browser")
    p.add_argument("--static", metavar="OUT",
                   help="write the playground (page, Pyodide, unlev) to the folder OUT "
                   "instead of serving")
    p.add_argument("--pyodide", metavar="DIR",
                   help="with --static: the pyodide npm package's folder (holding "
                   "pyodide.js); default $UNLEV_PYODIDE")
    add_context_options(p)
    from unlev.tools.common import NO_FLIP_HELP
    p.add_argument("--no-flip", action="store_true", help=NO_FLIP_HELP)
    add_compat_option(p)
    add_common_options(p)
    p.set_defaults(func=cmd_serve)


def _usage(msg: str) -> int:
    print(f"unlev serve: error: {msg}", file=sys.stderr)
    return 2


def cmd_serve(args) -> int:
    from unlev.tools.serve.server import Source, level_files, make_server
    if not os.path.exists(args.target):
        return _usage(f"no such file or folder: {args.target}")
    files = level_files(args.target)
    if args.static:
        from unlev.tools.serve.static import StaticError, write_playground
        try:
            took = write_playground(args.static, sample=files[0] if files else None,
                                    pyodide=args.pyodide or os.environ.get("UNLEV_PYODIDE"))
        except StaticError as e:
            return _usage(str(e))
        print(f"unlev serve: wrote the playground to {args.static} ({took}); host the "
              f"folder, e.g. python -m http.server -d {args.static}")
        return 0
    if not files:
        return _usage(f"no .des or .lua file under {args.target}")
    try:
        httpd = make_server(Source(files), args, host=args.host, port=args.port,
                            seed=args.seed, title=f"unlev serve {os.path.basename(args.target)}")
    except OSError as e:
        hint = " (another server there? try --port 0)" if e.errno in (98, 48, 10048) else ""
        return _usage(f"cannot listen on {args.host}:{args.port}: {e.strerror or e}{hint}")
    host, port = httpd.server_address[:2]
    url = f"http://{host if ':' not in host else '[' + host + ']'}:{port}/"
    print(f"unlev serve: {url}  ({len(files)} file{'s' if len(files) != 1 else ''}; "
          "Ctrl-C stops)", flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print("unlev serve: note: listening beyond this machine; anyone who can reach "
              f"{host} can read the served files", file=sys.stderr, flush=True)
    if args.open:
        import webbrowser
        webbrowser.open(url)
    try:
        httpd.serve_forever(poll_interval=0.2)
    finally:
        httpd.server_close()
    return 0
