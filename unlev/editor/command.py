"""``unlev lsp``: the command that starts the language server.

Why apart from :mod:`unlev.editor.lsp`: pygls is an extra; without it the command must
still be listed and must say how to get it, not fail with an ImportError.
"""

from __future__ import annotations

import sys


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "lsp", help="a language server for des-files (LSP over stdio)",
        description="Speak the Language Server Protocol over standard input and output: "
                    "diagnostics as you type, completion, hover, go to definition, "
                    "references, document symbols and a run-and-preview action. Needs "
                    "the lsp extra: pip install 'unlev[lsp]'.")
    p.set_defaults(func=cmd_lsp)


def cmd_lsp(args) -> int:
    try:
        from unlev.editor.lsp import server
    except ImportError as e:
        print(f"unlev lsp: error: the language server needs pygls ({e.name} is missing): "
              "pip install 'unlev[lsp]'", file=sys.stderr)
        return 2
    server.start_io()
    return 0
