"""``unlev lsp``: the command that starts the language server.

Why apart from :mod:`unlev.editor.lsp`: pygls is an extra; without it the command must
still be listed and must say how to get it, not fail with an ImportError.
"""

from __future__ import annotations

import os
import sys


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "lsp", help="a language server for des-files (LSP over stdio)",
        description="Speak the Language Server Protocol over standard input and output: "
                    "diagnostics as you type, completion, hover, go to definition, "
                    "references, document symbols and a run-and-preview action; the "
                    "diagnostics of the workspace's des-files the editor has not opened "
                    "are published at start-up, from the result cache when it has them. Needs "
                    "the lsp extra: pip install 'unlev[lsp]'. Each document is read "
                    "with the project's unlev.toml / [tool.unlev] found upward from it, "
                    "as every command reads it; these options beat it.")
    # not --data's usual dest: the CLI would apply one config for the whole session,
    # where the server looks up each document's own
    # the help texts of every command's --data, --lenient and --dialect, and the
    # dialect registry's choices
    from unlev.lang.dialect import CHOICES
    from unlev.tools.common import DATA_HELP, DIALECT_HELP, LENIENT_HELP
    p.add_argument("--data", dest="lsp_data", metavar="NAME|DIR", default=None,
                   help=DATA_HELP)
    p.add_argument("--lenient", dest="lsp_lenient", action="store_true", default=None,
                   help=LENIENT_HELP)
    p.add_argument("--dialect", dest="lsp_dialect", default=None, choices=list(CHOICES),
                   help=DIALECT_HELP)
    p.add_argument("--no-cache", dest="lsp_no_cache", action="store_true",
                   help="neither read nor write the result cache (.unlev_cache/ beside "
                   "the project's unlev.toml, else the user's cache folder)")
    p.add_argument("--open-files-only", dest="lsp_open_files_only", action="store_true",
                   help="diagnostics for the documents the editor opens only, not for "
                   "the other des-files of the workspace")
    p.set_defaults(func=cmd_lsp)


def cmd_lsp(args) -> int:
    try:
        from unlev.editor.lsp import server
    except ImportError as e:
        print(f"unlev lsp: error: the language server needs pygls ({e.name} is missing): "
              "pip install 'unlev[lsp]'", file=sys.stderr)
        return 2
    if args.lsp_data is not None:
        from unlev.stdlib.profiles import ProfileError, resolve
        try:
            resolve(args.lsp_data)
        except ProfileError as e:
            print(f"unlev lsp: error: {e}", file=sys.stderr)
            return 2
    server.options = {"data": args.lsp_data, "lenient": args.lsp_lenient,
                      "dialect": args.lsp_dialect}
    server.use_cache = not args.lsp_no_cache
    server.workspace_diagnostics = not args.lsp_open_files_only
    server.start_io()
    # gone from the client's view: leave without the interpreter's teardown, whose
    # collection of the data tables' objects took 1-3 s after the protocol's exit (an
    # editor, or a test, waiting for the process gave up)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):        # closed with the protocol's transport
            pass
    os._exit(server.exit_code)
