"""What the preview page asks for: a file's levels and one of them built with a seed.

Why a module of its own: the HTTP server, the language server's preview (on an unsaved
buffer) and the Pyodide playground (in the browser, no server) give the page the same
answer, :func:`unlev.output.preview.state`; this module makes it the way ``unlev run``
makes a level (:func:`unlev.tools.run.build_one`, ``build_lua_like_run``), from the
file on disk or from a text, with the diagnostics ``unlev check`` and ``unlev lint``
give (as the language server shows them).  Errors become part of the answer (the page keeps the last
good level and shows them), never an exception.
"""

from __future__ import annotations

import argparse
import os
from typing import List, Optional, Sequence

from unlev.lang.diagnostics import DesError, Diagnostic, Span


def run_args(argv: Sequence[str] = ()) -> argparse.Namespace:
    """``unlev run``'s options with their defaults (``argv``: more of them) and the
    run's Settings value made from them (as ``unlev.cli`` makes it, without a project
    config), for a level built as ``unlev run`` builds it."""
    from unlev.tools import run
    ap = argparse.ArgumentParser(add_help=False)
    sub = ap.add_subparsers(dest="command")
    run.add_parser(sub)
    args = ap.parse_args(["run", "-"] + list(argv))
    from unlev.lang.settings import Settings
    args.settings = Settings.from_options(args.dialect, args.data, bool(args.lenient),
                                          bool(args.include_anywhere), args.compat)
    return args


def _diag(d: Diagnostic) -> dict:
    from unlev.output.preview import diagnostic_dict
    return diagnostic_dict(d)


def _lint(compiled, path: str) -> List[Diagnostic]:
    """``unlev lint``'s findings on the file (as the language server shows them)."""
    from unlev.tools.lint import lint_tree
    try:
        return list(lint_tree(compiled.tree, path))
    except Exception:  # noqa: BLE001 - a lint bug must not hide the level
        return []


def build_state(path: str, *, level: int = 1, seed: int = 1, args=None,
                text: Optional[str] = None, files: Optional[List[str]] = None,
                name: Optional[str] = None, version: str = "") -> dict:
    """The page's answer for ``path`` (or ``text`` under that name): its levels, level
    number ``level`` (1-based) built with ``seed``, the diagnostics, the source."""
    from unlev.output.preview import level_payload, state
    from unlev.tools import run
    args = args if args is not None else run_args()
    shown = name or path
    if text is None:
        try:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError as e:
            return state(file=shown, files=files, levels=[], level_index=level, seed=seed,
                         error=f"{shown}: error: cannot read: {e.strerror}", version=version)
    common = dict(file=shown, files=files, seed=seed, source_text=text, version=version)
    diags: List[dict] = []
    includes: List[str] = []

    def warn(message: str, span: Optional[Span] = None) -> None:
        diags.append(_diag(Diagnostic("warning", message,
                                      span if span is not None else Span(shown, 0, 0))))

    try:
        if path.endswith(".lua"):
            from unlev.tools.convert import build_lua_like_run
            from unlev.lua.runtime import level_name_of
            names = [level_name_of(path)]
            built = build_lua_like_run(path, seed, args, text=text, warn=warn)
        else:
            from unlev.lang.frontend import compile_file
            compiled = compile_file(path, text=text, include_path=args.include_path,
                                    compat_warnings=args.compat == "documented",
                                    settings=getattr(args, "settings", None))
            diags.extend(_diag(w) for w in compiled.warnings)
            diags.extend(_diag(w) for w in _lint(compiled, path))
            includes = [f for f in compiled.sources.texts if os.path.isfile(f)]
            nodes = list(compiled.tree.levels)
            names = [n.name for n in nodes]
            if not nodes:
                return state(levels=[], level_index=level, diagnostics=diags,
                             error=f"{shown}: error: the file has no LEVEL", **common)
            level = min(max(level, 1), len(nodes))
            built = run.build_one(compiled, nodes[level - 1], seed, args,
                                  warn_to_stderr=False)
            for w in built.extras.get("warnings") or []:
                warn(str(w))
    except DesError as e:
        diags[:0] = [_diag(d) for d in e.diagnostics]
        return state(levels=[], level_index=level, diagnostics=diags, error=str(e), **common)
    except Exception as e:  # noqa: BLE001 - unlev's bug, said plainly in the page
        return state(levels=[], level_index=level, diagnostics=diags,
                     error=f"{shown}: error: internal error while building level {level} "
                     f"with seed {seed}: {type(e).__name__}: {e} (a bug in unlev)", **common)
    payload = level_payload(built, seed=seed, source=shown, options=run.run_options(args))
    answer = state(levels=names, level_index=level, payload=payload, diagnostics=diags,
                   **common)
    answer["includes"] = includes      # for the server's change check; not the page's
    return answer


def render_json(text: str, name: str, level: int = 1, seed: int = 1) -> str:
    """The playground's call (Pyodide): the answer for ``text`` as JSON text."""
    import json
    return json.dumps(build_state(name, level=level, seed=seed, text=text,
                                  name=os.path.basename(name)))
