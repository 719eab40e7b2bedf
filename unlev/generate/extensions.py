"""A variant's declared extensions on the level: modelled as their base, kept, reported.

Why this module exists: a profile (``unlev.lang.extensions``) lets a variant's
des-files use statements, map characters, door materials and flags UnNetHack does not
have.  The language side hands each to ``LevelBuilder.extension`` after the base part
of the statement ran (a grass square was drawn as floor, an iron door as a door).  Here
the level remembers them: ``level.extras["extension_terrain"]`` names the squares
drawn as a declared terrain (flipped with the level; dropped at export where later
statements changed the square), ``level.extras["extensions"]`` keeps everything the
loader does not model, and each unmodelled kind is reported once per level (the
game's own loader is the variant's, whose C function unlev does not follow).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from unlev.generate.state import BuildState
from unlev.lang.diagnostics import Span
from unlev.stdlib import terrain as T

# named syntax changes the loader models (unlev.lang.extensions.LOADER_SYNTAX)
LOADER_SYNTAX = ("room_coordinates",)


def do_extension(st: BuildState, kind: str, name: str, args: Mapping[str, Any],
                 span: Optional[Span] = None) -> None:
    lev = st.level
    if kind == "terrain" and "squares" in args:
        base = args.get("base", ".")
        typ = T.map_char_to_type(base)
        cells = lev.extras.setdefault("extension_terrain", [])
        for x, y in args["squares"]:
            cells.append({"x": int(x), "y": int(y), "terrain": name, "base": base,
                          "typ": typ})
        return
    if kind == "syntax" and name in LOADER_SYNTAX:
        lev.extras.setdefault("syntax", []).append(name)    # read by room_statements
        return
    record = {"kind": kind, "name": name, "args": _plain(args)}
    if span is not None and getattr(span, "line", 0):
        record["line"] = span.line
    records = lev.extras.setdefault("extensions", [])
    first = not any(r["kind"] == kind and r["name"] == name for r in records)
    records.append(record)
    if first:
        st.warn(_UNMODELLED.get(f"{kind} {name}", _UNMODELLED.get(
                    kind, "extension {kind} {name} is not modelled by unlev"))
                .format(kind=kind, name=name) + ": kept in the level's JSON (extras.extensions)",
                span)


_UNMODELLED = {
    "statement": "statement {name} is not modelled by unlev",
    "unknown statement": "unknown statement {name} was not run",
    "door": "door {name}: made as a plain door",
    "monster": "monster flag {name}: the monster is made without it",
    "object": "object attribute {name}: the object is made without it",
    # dNetHack's '#' objects: made as the object the wish string names
    "object wish": "object made from a wish string: the words unlev does not read are",
    "flag": "level flag {name} has no effect in unlev",
    "engraving": "engraving with {name}: engraved with no text",
    "argument": "the further arguments of {name} are not modelled by unlev",
}


def _plain(v):
    """JSON-ready values (tuples become lists, objects their text)."""
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return str(v)
