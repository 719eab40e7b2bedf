"""The level as the browser preview's data, and the preview page around it.

Why this module exists: ``unlev serve``, ``unlev run --html``, ``unlev test --html``,
the language server's preview and the Pyodide playground all show one page
(``unlev/output/preview_page/``: HTML, CSS and JS, package data).  The page draws
the map itself from the level's JSON (:func:`unlev.output.export.level_to_dict`) plus
what the JSON leaves to the drawing: the glyph of the terrain of every square
(:func:`unlev.output.render.terrain_glyph`, display.c's ``back_to_glyph``) and of each
trap.  It stacks the layers as :func:`unlev.output.render.glyph_grid` does (terrain,
traps, the top object of each pile, monsters), so that with every layer on the page
shows what ``display`` holds, and with a layer off what lies under it.

:func:`state` is one answer of the page's back end (a file, its levels, the chosen
level built with one seed, or the error that stopped it, and the file's diagnostics);
:func:`page_html` is the page as one self-contained document.
"""

from __future__ import annotations

import html
import json
from typing import Any, Dict, List, Optional

from unlev.model.level import Level
from unlev.output import export, page, render

_ASSETS = ("page.html", "page.css", "page.js")

# the colour names the drawing uses -> the page's colour (rich's names resolved
# through the dark theme of unlev.output.page, so the page looks like --show)
_ANSI = ("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white")


def palette() -> Dict[str, str]:
    """``CLR_*`` -> ``#rrggbb`` as the terminal drawing shows them."""
    out = {}
    for clr, rich_name in render.RICH_COLORS.items():
        bright = rich_name.startswith("bright_")
        base = rich_name[len("bright_"):] if bright else rich_name
        rgb = (page.NETHACK_THEME.ansi_colors[_ANSI.index(base) + (8 if bright else 0)])
        out[clr] = "#%02x%02x%02x" % tuple(rgb)
    out["default"] = "#%02x%02x%02x" % page.FOREGROUND
    out["background"] = "#%02x%02x%02x" % page.BACKGROUND
    return out


def level_payload(level: Level, *, seed: int, source: Optional[str] = None,
                  options: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    """The level's JSON (docs/json-schema.md) with what the page needs to draw it:
    ``terrain_glyphs`` (``table``: the distinct [character, colour, explanation] of the
    terrain layer; ``rows[y][x]``: an index into it -- a level has a dozen, and a file of
    35 Sokoban levels stays small) and each trap's ``symbol``/``color``/``what``."""
    d = export.level_to_dict(level, seed=seed, source=source, options=options)
    table: Dict[tuple, int] = {}
    rows = [[table.setdefault((g.ch, g.color, g.what), len(table)) for g in row]
            for row in render.terrain_grid(level)]
    d["terrain_glyphs"] = {"table": [list(k) for k in table], "rows": rows}
    for t, rec in zip(level.traps, d["traps"]):
        ti = render.trap_index(t)
        ch, color, what = render.TRAP_SYMS[ti - 1] if ti else ("^", None, str(t.ttyp))
        rec["symbol"], rec["color"], rec["what"] = ch, color, what
    return d


def diagnostic_dict(diag) -> Dict[str, Any]:
    """A :class:`unlev.lang.diagnostics.Diagnostic` for the page's list."""
    sp = diag.span
    return {"severity": diag.severity, "message": diag.message, "hint": diag.hint,
            "code": getattr(diag, "code", None), "file": sp.file, "line": sp.line,
            "col": sp.col}


def state(*, file: str, files: Optional[List[str]] = None, levels: List[str],
          level_index: int, seed: int, payload: Optional[Dict[str, Any]] = None,
          error: Optional[str] = None, diagnostics: Optional[List[dict]] = None,
          source_text: Optional[str] = None, version: str = "") -> Dict[str, Any]:
    """One answer of the page's back end (the same shape from the server, the export,
    the language server and the playground)."""
    return {"file": file, "files": list(files or [file]), "levels": list(levels),
            "level": level_index, "seed": seed, "level_data": payload, "error": error,
            "diagnostics": list(diagnostics or []), "source": source_text,
            "version": version}


def _asset(name: str) -> str:
    try:
        from importlib.resources import files
        return (files("unlev.output") / "preview_page" / name).read_text(encoding="utf-8")
    except (ImportError, TypeError, ModuleNotFoundError):  # pragma: no cover - old Pythons
        from pathlib import Path
        return (Path(__file__).parent / "preview_page" / name).read_text(encoding="utf-8")


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element."""
    return (json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            .replace("</", "<\\/").replace("<!--", "<\\!--"))


def page_html(boot: Dict[str, Any], title: str = "unlev", head: str = "") -> str:
    """The page as one document: its CSS and script inline, ``boot`` (the mode --
    ``serve``, ``static``, ``pyodide`` or ``report`` -- and its data) in a JSON element;
    no file or font is loaded from the network.  ``head``: more markup for the <head>
    (the playground's local Pyodide script)."""
    boot = dict(boot)
    boot.setdefault("palette", palette())
    text = _asset("page.html")
    for marker, value in (("/*UNLEV_CSS*/", _asset("page.css")),
                          ("/*UNLEV_JS*/", _asset("page.js").replace("</script", "<\\/script")),
                          ("UNLEV_BOOT", _script_json(boot)),
                          ("UNLEV_TITLE", html.escape(title))):
        text = text.replace(marker, value, 1)
    return text.replace("</head>", head + "\n</head>", 1) if head else text
