"""Diagnostics for machines: ``--output-format text|json|sarif|github`` of ``unlev
check`` and ``unlev lint``, and ``unlev explain CODE``.

Why a module of its own: a CI job wants the findings as data (JSON), as a code-scanning
upload (SARIF 2.1.0) or as GitHub Actions annotations (``::warning file=...::``), and a
reader wants to know what a code means, as ruff and rustc offer.  The commands hand each
diagnostic to :func:`emit`; with the text format it is printed to standard error as
before, with the others it is kept and :func:`flush` writes the document to standard
output at the end.
"""

from __future__ import annotations

import sys
from typing import List, Optional

from unlev import __version__
from unlev.lang.error_codes import ERROR_CODES

FORMATS = ("text", "json", "sarif", "github")

# what each code means: the lint checks (unlev.tools.lint), the front end's warnings
EXPLAIN = {
    "map-rows": "A MAP row is shorter than the widest row. lev_comp pads it with solid "
                "rock, which is what a shaped map (Sokoban) wants and what a typo does "
                "not. Fix: pad the row with spaces, or switch the code off.",
    "map-door": "A '+' in a MAP with no DOOR statement for that spot: the game leaves an "
                "empty doorway (no door). Fix: add DOOR: state, (x,y) for it, or draw '.'.",
    "outside-map": "A literal coordinate or region lies outside the MAP it refers to; the "
                   "game clips it or uses squares of the surrounding level.",
    "swapped": "A region's corners are swapped (x1 > x2 or y1 > y2): the game's loops "
               "over it run zero times, so the statement does nothing.",
    "index-wrap": "An array index can fall outside the array; the game wraps it (modulo "
                  "the length) instead of failing, so a different element is used.",
    "dead": "A statement that can never run (after EXIT or BREAK, or in a branch whose "
            "condition is never true).",
    "game-deviation": "UnNetHack's loader runs this construct differently from the "
                      "des-file documentation; unlev run --compat game reproduces the game.",
    "lenient": "With --lenient, a word of a variant's language unlev does not know was "
               "kept as a placeholder.",
    "variant-room": "A room type of a variant that UnNetHack does not have: unlev makes "
                    "an ordinary room.",
    "extension": "A data profile's declared extension that cannot be used as declared.",
    "config": "The project's unlev.toml / [tool.unlev] or the data profile it names "
              "cannot be read.",
}
# and the errors' codes, from their one table (unlev.lang.error_codes)
EXPLAIN.update(ERROR_CODES)


def add_output_format_option(p) -> None:
    p.add_argument("--output-format", choices=FORMATS, default="text",
                   help="how findings are written: text (file:line:col: on standard "
                   "error, the default), or json, sarif (2.1.0) or github (Actions "
                   "annotations) on standard output")


class Sink:
    """Where the diagnostics of one command go."""

    def __init__(self, fmt: str = "text") -> None:
        self.fmt = fmt
        self.items: List[dict] = []

    def emit(self, d, sources=None, path: str = "") -> None:
        if self.fmt == "text":
            from unlev.tools.common import format_diagnostic
            print(format_diagnostic(d, sources), file=sys.stderr)
            return
        span = d.span
        line = span.line if span is not None else 0
        col = span.col if span is not None else 0
        length = max(getattr(span, "length", 1) or 1, 1) if span is not None else 1
        self.items.append({"file": (span.file if span is not None and span.file else path),
                           "line": line, "column": col, "end_column": col + length,
                           "severity": d.severity, "code": d.code, "message": d.message,
                           "hint": d.hint})

    def emit_error(self, err, path: str) -> None:
        """A DesError (every diagnostic of it)."""
        if self.fmt == "text":
            from unlev.tools.common import format_des_error
            print(format_des_error(err, path), file=sys.stderr)
            return
        for d in err.diagnostics:
            self.emit(d, None, path)

    def flush(self, out=None) -> None:
        out = out or sys.stdout
        if self.fmt == "json":
            import json         # only for this format: not at every check's start
            out.write(json.dumps(self.items, indent=1) + "\n")
        elif self.fmt == "github":
            for it in self.items:
                kind = "error" if it["severity"] == "error" else (
                    "warning" if it["severity"] == "warning" else "notice")
                title = f",title={_gh(it['code'])}" if it["code"] else ""
                text = it["message"] + (f" (hint: {it['hint']})" if it["hint"] else "")
                out.write(f"::{kind} file={_gh(it['file'])},line={it['line']},"
                          f"col={it['column']},endColumn={it['end_column']}{title}::"
                          f"{_gh_message(text)}\n")
        elif self.fmt == "sarif":
            import json
            out.write(json.dumps(sarif(self.items), indent=1) + "\n")


def _gh(text: str) -> str:
    """A value of a workflow-command property (its escapes)."""
    return (str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
            .replace(":", "%3A").replace(",", "%2C"))


def _gh_message(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def sarif(items: List[dict]) -> dict:
    """A SARIF 2.1.0 log of ``items`` (one run, unlev as the tool)."""
    codes = sorted({it["code"] for it in items if it["code"]})
    rules = [{"id": c, "shortDescription": {"text": EXPLAIN.get(c, c).split(". ")[0]}}
             for c in codes]
    results = []
    for it in items:
        region = {"startLine": max(it["line"], 1)}
        if it["column"]:
            region.update(startColumn=it["column"], endColumn=it["end_column"])
        r = {"level": {"error": "error", "warning": "warning"}.get(it["severity"], "note"),
             "message": {"text": it["message"] + (f" (hint: {it['hint']})"
                                                  if it["hint"] else "")},
             "locations": [{"physicalLocation": {"artifactLocation": {"uri": it["file"]},
                                                 "region": region}}]}
        if it["code"]:
            r["ruleId"] = it["code"]
        results.append(r)
    return {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": [{"tool": {"driver": {"name": "unlev", "version": __version__,
                                          "rules": rules}},
                      "results": results}]}


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("explain", help="say what a diagnostic code means",
                              description="Explain a code shown in brackets after a "
                              "warning, e.g. [map-door]; without CODE, list the codes.")
    p.add_argument("code", nargs="?", metavar="CODE")
    p.set_defaults(func=cmd_explain)


def cmd_explain(args) -> int:
    code: Optional[str] = args.code
    if not code:
        for c in sorted(EXPLAIN):
            print(f"{c:15} {EXPLAIN[c].split('. ')[0]}")
        return 0
    code = code.strip("[]")
    if code not in EXPLAIN:
        from difflib import get_close_matches
        near = get_close_matches(code, EXPLAIN, 1)
        more = f"; did you mean {near[0]}?" if near else ""
        print(f"unlev explain: error: no code {code!r}{more} (unlev explain lists them)",
              file=sys.stderr)
        return 2
    print(f"{code}: {EXPLAIN[code]}")
    return 0
