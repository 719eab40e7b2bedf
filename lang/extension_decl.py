"""Declared extensions, the declaration: what a variant adds to its base dialect's
des-file language, read and checked.

Why this module exists: variants of NetHack (EvilHack, xNetHack, SLASH'EM...) compile
their levels with a copy of lev_comp that knows a few more words -- new statements
(``FORGE:``, ``MAGIC_CHEST:``, ``TREE:``), flags, map characters (grass, sand, puddles),
door materials (``DOOR:iron,locked,(15,5)``) and door flags combined with ``&``
(``DOOR:locked&irondoor,(25,9)``).  A profile declares them (``profile.json``'s
``"extensions"``, schema below and in ``docs/extensions.md``); this module turns the
declaration into a lexicon and a PLY grammar composed from the base dialect's rules
(:func:`unlev.lang.grammar_compose.compose`: the shared rules are reused, the
extension adds alternatives whose shared action runs on the shared symbols), and
the lowering pass (:func:`unlev.lang.lowering.extension_records`) makes the parsed tree
speak the base language plus typed extension records the evaluator hands to
``LevelBuilder.extension``.

Schema of ``"extensions"`` (every key optional)::

    {
      "statements": {                      # new statements, NAME: arg, arg, ...
        "FORGE": {"args": ["selection"], "places": "U"},   # modelled: TERRAIN sel,'U'
        "MAGIC_CHEST": {"args": ["coord"]},                 # kept and reported
        "MINDEPTH": {"args": ["int"]},
        "LEVER": {"args": ["raw"]}         # the rest of the line, unparsed
      },
      "flags": ["rndvault", "outdoors"],   # FLAGS: words
      "map_chars": {                       # MAP and 'c' characters
        "g": {"terrain": "grass", "base": "."}
      },
      "door_states": {"ajar": {"base": "open"}},       # new DOOR states
      "door_materials": ["iron", "wooden"],  # DOOR:iron,locked,(x,y) / ROOMDOOR:iron,...
      "door_flags": ["irondoor", "trapped"],  # DOOR:closed&irondoor,(x,y)
      "monster_flags": ["dead"],           # MONSTER: ..., dead
      "object_attributes": {"forged_qual": "int", "blessed_by": "flag"},
      "light_states": {"mineslight": {"base": "lit"}},
      "keywords": {"ctrapped": "trapped"}, # another spelling of a base keyword
      "syntax": ["gradient_comma"]         # named changes of existing rules
    }

Argument shapes (``args``; a trailing ``?`` makes an argument and those after it
optional): ``selection``, ``coord``, ``region``, ``int``, ``string``, ``mapchar``,
``monster``, ``object``, ``light``, ``direction``, ``bool``, ``percent`` and
``raw``.  NetHack 3.4.3-based profiles have no selections or expressions: their
shapes are ``coord``, ``region``, ``int``, ``string``, ``mapchar``, ``light``,
``direction``, ``bool`` and ``raw``.

``syntax`` names: ``gradient_comma`` (``gradient(radial,(a,b,limited),...)``, xNetHack),
``engraving_random_text`` (``ENGRAVING:(x,y),engrave,random``, xNetHack),
``room_coordinates`` (``ROOM:`` positions are level coordinates, not 1-5; xNetHack),
``irregular_word`` (``REGION:...,unfilled,irregular``: the word ``irregular`` in the
UnNetHack 3.5 flag list, where that base takes a boolean; SporkHack),
``wish_objects`` (``OBJECT:'#',"blessed +3 elven bow",...``: the class ``'#'`` takes a
wish string the game reads with ``readobjnam()``; dNetHack).

What reaches the builder (``LevelBuilder.extension(kind, name, args)``):
``statement`` (a declared statement that places no terrain; its evaluated arguments),
``terrain`` (the squares a declared map character or ``places`` statement drew, as its
base), ``door`` (material or flags of doors the base DOOR made), ``monster``/``object``
(their extra flags and attributes), ``flag``, ``light`` and ``engraving`` (random
text).  The lenient mode (:func:`lenient_for`) adds ``unknown statement``,
``unknown flag`` and ``unknown map character`` declarations for what a file uses and
no profile declares.

This module is the declaration -- the schema, its validation (:func:`load`) and the
lenient mode's additions (:func:`lenient_for`); it follows no C function, as lev_comp's
variants hard-code their words.  :mod:`unlev.lang.extensions` turns a declaration into
a lexicon and a grammar, and re-exports what is here.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional

BASES = ("unnethack", "nethack36", "nethack343")

# shape -> nonterminal (or token) of the base grammar, per grammar family
SHAPES_NEW = {
    "selection": "ter_selection", "coord": "coord_or_var", "region": "region_or_var",
    "int": "math_expr_var", "string": "string_expr", "mapchar": "mapchar_or_var",
    "monster": "monster_or_var", "object": "object_or_var", "light": "light_state",
    "direction": "DIRECTION", "bool": "BOOLEAN", "percent": "SPERCENT",
}
SHAPES_343 = {
    "coord": "coordinate", "region": "region", "int": "INTEGER", "string": "STRING",
    "mapchar": "CHAR", "light": "light_state", "direction": "DIRECTION", "bool": "BOOLEAN",
}
SHAPES = tuple(sorted(set(SHAPES_NEW) | {"raw"}))
SYNTAX = ("gradient_comma", "engraving_random_text", "room_coordinates", "irregular_word",
          "wish_objects")
LOADER_SYNTAX = ("room_coordinates",)   # what the loader must know too (kind "syntax")
_DOOR_BASES = {"open": 2, "closed": 4, "locked": 8, "nodoor": 0, "broken": 1, "secret": 32}
_LIGHT_BASES = {"lit": 1, "unlit": 0}
_NAME = re.compile(r"[A-Z][A-Z0-9_]*$")
_WORD = re.compile(r"[a-z_][a-z0-9_\-]*$")


class ExtensionError(ValueError):
    """A profile's ``extensions`` does not follow the schema; the message names where."""


# ------------------------------------------------------------------ the declaration
@dataclass
class StatementDecl:
    name: str
    args: List[str]           # shapes, without the optional marks
    required: int             # how many of them must be given
    places: Optional[str] = None   # a map character the statement draws at its squares
    unknown: bool = False     # added by the lenient mode, not declared


@dataclass
class MapCharDecl:
    char: str
    terrain: str
    base: str
    unknown: bool = False


@dataclass
class Extensions:
    """A validated ``extensions`` object (see the module docstring)."""

    statements: Dict[str, StatementDecl] = field(default_factory=dict)
    statement_args: Dict[str, List[str]] = field(default_factory=dict)   # BASE -> shapes
    flags: Dict[str, bool] = field(default_factory=dict)        # word -> unknown?
    map_chars: Dict[str, MapCharDecl] = field(default_factory=dict)
    door_states: Dict[str, int] = field(default_factory=dict)   # word -> base D_* value
    door_materials: List[str] = field(default_factory=list)
    door_flags: List[str] = field(default_factory=list)
    monster_flags: List[str] = field(default_factory=list)
    object_attributes: Dict[str, str] = field(default_factory=dict)   # word -> flag|int
    light_states: Dict[str, int] = field(default_factory=dict)  # word -> base value
    keywords: Dict[str, str] = field(default_factory=dict)
    syntax: List[str] = field(default_factory=list)
    lenient: bool = False

    # -- reading --------------------------------------------------------------------
    @classmethod
    def from_mapping(cls, m: Optional[Mapping[str, Any]], where: str = "extensions"
                     ) -> "Extensions":
        ext = cls()
        if m is None:
            return ext
        if isinstance(m, Extensions):
            return m
        if not isinstance(m, Mapping):
            raise ExtensionError(f"{where}: must be an object")
        known = {"statements", "statement_args", "flags", "map_chars", "door_states",
                 "door_materials",
                 "door_flags", "monster_flags", "object_attributes", "light_states",
                 "keywords", "syntax", "comment", "generated_from"}
        for k in m:
            if k not in known:
                raise ExtensionError(f"{where}.{k}: unknown key; keys: "
                                     f"{', '.join(sorted(known - {'comment'}))}")
        _read_statements(ext, m, where)
        for w in _words(m, "flags", where):
            ext.flags[w] = False
        _read_map_chars(ext, m, where)
        ext.door_states = _based_words(m, "door_states", where, _DOOR_BASES,
                                       f"one of {', '.join(_DOOR_BASES)}")
        ext.door_materials = _words(m, "door_materials", where)
        ext.door_flags = _words(m, "door_flags", where)
        ext.monster_flags = _words(m, "monster_flags", where)
        for word, shape in _obj(m, "object_attributes", where).items():
            if shape not in ("flag", "int"):
                raise ExtensionError(f"{where}.object_attributes.{word}: \"flag\" or \"int\"")
            ext.object_attributes[_word(word, f'{where}.object_attributes')] = shape
        ext.light_states = _based_words(m, "light_states", where, _LIGHT_BASES, "lit or unlit")
        for word, target in _obj(m, "keywords", where).items():
            if not isinstance(target, str):
                raise ExtensionError(f"{where}.keywords.{word}: the base keyword it spells")
            ext.keywords[word] = target
        for s in _words(m, "syntax", where, pattern=None):
            if s not in SYNTAX:
                raise ExtensionError(f"{where}.syntax: unknown {s!r}; known: {', '.join(SYNTAX)}")
            ext.syntax.append(s)
        return ext

    def __bool__(self) -> bool:
        return bool(self.statements or self.statement_args or self.flags or self.map_chars or self.door_states
                    or self.door_materials or self.door_flags or self.monster_flags
                    or self.object_attributes or self.light_states or self.keywords
                    or self.syntax or self.lenient)

    def grammar_key(self) -> str:
        """What the composed grammar depends on (not the words: those are lexed)."""
        shapes = sorted((n, tuple(d.args), d.required) for n, d in self.statements.items())
        raw = [n for n, a, _r in shapes if a == ("raw",)]
        parts = {
            "statements": [s for s in shapes if s[1] != ("raw",)],
            "statement_args": sorted((k, tuple(v)) for k, v in self.statement_args.items()),
            "raw": bool(raw) or self.lenient,
            "door_materials": bool(self.door_materials), "door_flags": bool(self.door_flags),
            "door_states": bool(self.door_states), "monster_flags": bool(self.monster_flags),
            "object_attributes": sorted(set(self.object_attributes.values())),
            "light_states": bool(self.light_states), "syntax": sorted(self.syntax),
        }
        return hashlib.sha1(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16]


def _read_statements(ext: Extensions, m: Mapping, where: str) -> None:
    """``statements`` (new ones) and ``statement_args`` (optional shapes after a base
    statement's own arguments)."""
    for name, d in _obj(m, "statements", where).items():
        ext.statements[name] = _statement(name, d, f"{where}.statements.{name}")
    for name, shapes in _obj(m, "statement_args", where).items():
        w = f"{where}.statement_args.{name}"
        d = _statement(name, {"args": shapes}, w)
        if d.required or not d.args or "raw" in d.args:
            raise ExtensionError(f"{w}: optional shapes (\"string?\"...) added after the "
                                 "statement's own arguments")
        ext.statement_args[name] = d.args


def _read_map_chars(ext: Extensions, m: Mapping, where: str) -> None:
    for ch, d in _obj(m, "map_chars", where).items():
        w = f"{where}.map_chars.{ch}"
        if len(ch) != 1 or ch in "'\"\n\r\t":
            raise ExtensionError(f"{w}: a map character is one printable character")
        if not isinstance(d, Mapping) or not isinstance(d.get("terrain"), str) \
                or not isinstance(d.get("base"), str):
            raise ExtensionError(f'{w}: needs "terrain" (a name) and "base" (a map '
                                 "character of the base dialect)")
        _check_base_char(d["base"], w)
        ext.map_chars[ch] = MapCharDecl(ch, d["terrain"], d["base"])


def _based_words(m: Mapping, key: str, where: str, bases: Dict[str, int],
                 must: str) -> Dict[str, int]:
    """``door_states`` or ``light_states``: new words, each standing for a base value."""
    out = {}
    for word, d in _obj(m, key, where).items():
        base = d.get("base") if isinstance(d, Mapping) else d
        if base not in bases:
            raise ExtensionError(f"{where}.{key}.{word}: base must be {must}")
        out[_word(word, f'{where}.{key}')] = bases[base]
    return out


def _obj(m, key, where) -> Mapping:
    v = m.get(key, {})
    if not isinstance(v, Mapping):
        raise ExtensionError(f"{where}.{key}: must be an object")
    return v


def _words(m, key, where, pattern=_WORD) -> List[str]:
    v = m.get(key, [])
    if isinstance(v, Mapping):
        v = list(v)
    if not isinstance(v, list) or not all(isinstance(w, str) for w in v):
        raise ExtensionError(f"{where}.{key}: must be a list of words")
    if pattern is not None:
        for w in v:
            _word(w, f"{where}.{key}")
    return list(v)


def _word(w: str, where: str) -> str:
    if not _WORD.match(w):
        raise ExtensionError(f"{where}: {w!r} is not a lower-case word")
    return w


def _check_base_char(ch: str, where: str) -> None:
    from ..stdlib.terrain import INVALID_TYPE, MAX_TYPE, map_char_to_type
    if len(ch) != 1 or map_char_to_type(ch) == INVALID_TYPE or map_char_to_type(ch) >= MAX_TYPE:
        raise ExtensionError(f"{where}: base {ch!r} is not a terrain character")


def _statement(name: str, d, where: str) -> StatementDecl:
    if not _NAME.match(name):
        raise ExtensionError(f"{where}: a statement name is upper-case letters, digits and _")
    if not isinstance(d, Mapping):
        raise ExtensionError(f'{where}: must be an object with "args"')
    args = d.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise ExtensionError(f"{where}.args: a list of shapes ({', '.join(SHAPES)})")
    shapes, required = [], None
    for i, a in enumerate(args):
        opt = a.endswith("?")
        a = a.rstrip("?")
        if a not in SHAPES:
            raise ExtensionError(f"{where}.args[{i}]: unknown shape {a!r}; shapes: "
                                 f"{', '.join(SHAPES)}")
        if a == "raw" and len(args) != 1:
            raise ExtensionError(f'{where}.args: "raw" is the only argument when given')
        if opt and required is None:
            required = i
        elif not opt and required is not None:
            raise ExtensionError(f"{where}.args[{i}]: a required argument after an optional one")
        shapes.append(a)
    places = d.get("places")
    if places is not None:
        if not isinstance(places, str) or len(places) != 1:
            raise ExtensionError(f"{where}.places: one map character")
        if not shapes or shapes[0] not in ("selection", "coord"):
            raise ExtensionError(f'{where}.places: the first argument must be a "selection" '
                                 'or "coord"')
    return StatementDecl(name, shapes, len(shapes) if required is None else required, places)


def load(m: Optional[Mapping[str, Any]]) -> Extensions:
    """Validate an ``extensions`` mapping (as in profile.json; None: no extensions)."""
    return Extensions.from_mapping(m)


# ------------------------------------------------------------------ the lenient mode
_STMT_LINE = re.compile(r"^[ \t]*([A-Z][A-Z0-9_]*)[ \t]*(?:\[[^\]\n]*\])?[ \t]*:", re.M)
_FLAGS_LINE = re.compile(r"^[ \t]*FLAGS[ \t]*:([^\n]*)", re.M)
_MAP_BLOCK = re.compile(r"^MAP[ \t]*\r?\n(.*?)^ENDMAP", re.M | re.S)
_QUOTED_CHAR = re.compile(r"'(.)'")
PLACEHOLDER = "."   # what an unknown map character is drawn as (floor: walkable, shown)


def lenient_for(ext: Extensions, text: str, lexicon) -> Extensions:
    """``ext`` plus what ``text`` uses that neither the dialect nor the profile knows:
    statements (kept whole, as ``raw``), flags and map characters (drawn as
    :data:`PLACEHOLDER`), each marked unknown so it is reported."""
    from ..stdlib.terrain import INVALID_TYPE, map_char_to_type
    out = Extensions(**{k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list)
                            else v) for k, v in vars(ext).items()})
    out.lenient = True
    known = set(lexicon.keywords) | set(out.statements) | set(out.keywords)
    body = re.sub(r"^[ \t]*#[^\n]*", "", text, flags=re.M)
    for m in _STMT_LINE.finditer(body):
        word = m.group(1)
        if word not in known and word != "MAP":
            out.statements[word] = StatementDecl(word, ["raw"], 1, unknown=True)
            known.add(word)
    for m in _FLAGS_LINE.finditer(body):
        for w in m.group(1).split(","):
            w = w.strip()
            if _WORD.match(w) and w not in known and w not in out.flags:
                out.flags[w] = True
    chars = set()
    for m in _MAP_BLOCK.finditer(text):
        chars.update(m.group(1))
    for m in _QUOTED_CHAR.finditer(body):
        line = body[body.rfind("\n", 0, m.start()) + 1:m.start()]
        if re.match(r"[ \t]*(TERRAIN|REPLACE_TERRAIN|INIT_MAP|MAZE|WALLWALK|SPILL)\b", line) \
                or "filter" in line or "terrain" in line:
            chars.add(m.group(1))
    for ch in sorted(chars):
        if ch in "\r\n" or ch in out.map_chars or ch in lexicon.map_chars:
            continue
        if ch != " " and (map_char_to_type(ch) == INVALID_TYPE or ch not in lexicon.map_chars):
            if ch.isdigit():
                continue
            out.map_chars[ch] = MapCharDecl(ch, f"unknown {ch!r}", PLACEHOLDER, unknown=True)
    return out
