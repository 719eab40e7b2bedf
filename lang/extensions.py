"""Declared extensions: what a variant adds to its base dialect's des-file language.

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
``room_coordinates`` (``ROOM:`` positions are level coordinates, not 1-5; xNetHack).

What reaches the builder (``LevelBuilder.extension(kind, name, args)``):
``statement`` (a declared statement that places no terrain; its evaluated arguments),
``terrain`` (the squares a declared map character or ``places`` statement drew, as its
base), ``door`` (material or flags of doors the base DOOR made), ``monster``/``object``
(their extra flags and attributes), ``flag``, ``light`` and ``engraving`` (random
text).  The lenient mode (:func:`lenient_for`) adds ``unknown statement``,
``unknown flag`` and ``unknown map character`` declarations for what a file uses and
no profile declares.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import types
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Tuple

from . import ast as A
from .diagnostics import Span

BASES = ("unnethack", "nethack36", "nethack343")

# shape -> nonterminal (or token) of the base grammar, per grammar family
_SHAPES_NEW = {
    "selection": "ter_selection", "coord": "coord_or_var", "region": "region_or_var",
    "int": "math_expr_var", "string": "string_expr", "mapchar": "mapchar_or_var",
    "monster": "monster_or_var", "object": "object_or_var", "light": "light_state",
    "direction": "DIRECTION", "bool": "BOOLEAN", "percent": "SPERCENT",
}
_SHAPES_343 = {
    "coord": "coordinate", "region": "region", "int": "INTEGER", "string": "STRING",
    "mapchar": "CHAR", "light": "light_state", "direction": "DIRECTION", "bool": "BOOLEAN",
}
SHAPES = tuple(sorted(set(_SHAPES_NEW) | {"raw"}))
SYNTAX = ("gradient_comma", "engraving_random_text", "room_coordinates")
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
        for name, d in _obj(m, "statements", where).items():
            ext.statements[name] = _statement(name, d, f"{where}.statements.{name}")
        for name, shapes in _obj(m, "statement_args", where).items():
            w = f"{where}.statement_args.{name}"
            d = _statement(name, {"args": shapes}, w)
            if d.required or not d.args or "raw" in d.args:
                raise ExtensionError(f"{w}: optional shapes (\"string?\"...) added after the "
                                     "statement's own arguments")
            ext.statement_args[name] = d.args
        for w in _words(m, "flags", where):
            ext.flags[w] = False
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
        for word, d in _obj(m, "door_states", where).items():
            base = d.get("base") if isinstance(d, Mapping) else d
            if base not in _DOOR_BASES:
                raise ExtensionError(f"{where}.door_states.{word}: base must be one of "
                                     f"{', '.join(_DOOR_BASES)}")
            ext.door_states[_word(word, f'{where}.door_states')] = _DOOR_BASES[base]
        ext.door_materials = _words(m, "door_materials", where)
        ext.door_flags = _words(m, "door_flags", where)
        ext.monster_flags = _words(m, "monster_flags", where)
        for word, shape in _obj(m, "object_attributes", where).items():
            if shape not in ("flag", "int"):
                raise ExtensionError(f"{where}.object_attributes.{word}: \"flag\" or \"int\"")
            ext.object_attributes[_word(word, f'{where}.object_attributes')] = shape
        for word, d in _obj(m, "light_states", where).items():
            base = d.get("base") if isinstance(d, Mapping) else d
            if base not in _LIGHT_BASES:
                raise ExtensionError(f"{where}.light_states.{word}: base must be lit or unlit")
            ext.light_states[_word(word, f'{where}.light_states')] = _LIGHT_BASES[base]
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


# ------------------------------------------------------------------ the lexicon
TOKENS = ["EXT_RAW", "EXT_DOOR_MATERIAL", "EXT_DOOR_FLAG", "EXT_DOOR_STATE",
          "EXT_MONSTER_FLAG", "EXT_OBJECT_FLAG", "EXT_OBJECT_INT", "EXT_LIGHT_STATE"]


def statement_token(name: str) -> str:
    return f"EXTS_{name}"


def lexicon_for(base, ext: Extensions):
    """The base dialect's lexicon with the declared words and map characters."""
    from .lexer import Lexicon
    kw = dict(base.keywords)
    for alias, target in ext.keywords.items():
        if target not in base.keywords:
            raise ExtensionError(f"extensions.keywords.{alias}: {target!r} is not a keyword "
                                 f"of the {base.name} dialect")
        kw[alias] = base.keywords[target]
    for name, d in ext.statements.items():
        if name in base.keywords and not d.unknown:
            raise ExtensionError(f"extensions.statements.{name}: {name} is a keyword of the "
                                 f"{base.name} dialect (statement_args adds arguments to "
                                 "a base statement)")
        kw[name] = ("EXT_RAW" if d.args == ["raw"] else statement_token(name), None)
    for w in ext.flags:
        if base.keywords.get(w, (None,))[0] != "FLAG_TYPE":    # a base flag keeps its bits
            kw[w] = ("FLAG_TYPE", None)
    for w in ext.door_materials:
        kw[w] = ("EXT_DOOR_MATERIAL", None)
    for w in ext.door_flags:
        kw[w] = ("EXT_DOOR_FLAG", None)
    for w in ext.door_states:
        if base.keywords.get(w, (None,))[0] != "DOOR_STATE":
            kw[w] = ("EXT_DOOR_STATE", None)
    for w in ext.monster_flags:
        kw[w] = ("EXT_MONSTER_FLAG", None)
    for w, shape in ext.object_attributes.items():
        kw[w] = ("EXT_OBJECT_INT" if shape == "int" else "EXT_OBJECT_FLAG", None)
    for w in ext.light_states:
        if base.keywords.get(w, (None,))[0] != "LIGHT_STATE":
            kw[w] = ("EXT_LIGHT_STATE", None)
    chars = "".join(sorted(set(base.map_chars) | set(ext.map_chars)))
    lex = Lexicon(base.name, kw, chars, state=base.state, core_functions=base.core_functions)
    lex.extra_tokens = tuple(TOKENS) + tuple(statement_token(n) for n in ext.statements)
    lex.ext_map_chars = {c: d for c, d in ext.map_chars.items()}
    return lex


# ------------------------------------------------------------------ the grammar
class ExtState(int):
    """A door state with declared flags beyond the base ones (``closed&irondoor``): the
    base value, and the words for the record."""

    words: Tuple[str, ...] = ()

    def __new__(cls, value: int, words=()):
        obj = super().__new__(cls, value)
        obj.words = tuple(words)
        return obj


@A.node
class ExtensionStmt(A.Node):
    """A declared (or, in the lenient mode, unknown) statement: ``args`` are
    ``(shape, node or value)`` pairs; ``raw`` the unparsed rest of a ``raw`` line."""
    name: str
    args: List[Tuple[str, Any]] = field(default_factory=list)
    raw: Optional[str] = None
    places: Optional[A.MapChar] = None
    unknown: bool = False
    kind: str = "statement"     # "argument": more arguments of the base statement before
    skipped_at: Optional[Span] = A.side()   # lenient: where the skipped statement began


def _span(p, i=1) -> Span:
    return p.parser.owner.span_at(p, i)


def _record(node, kind: str, name: str, **args) -> None:
    A.add_ext_record(node, "ext", (kind, name, args))


def _note(p, what: str, word: str, i: int = 1) -> None:
    """One warning per file for each extension word: it is modelled as its base."""
    owner = p.parser.owner
    seen = owner.__dict__.setdefault("_ext_noted", set())
    if (what, word) not in seen:
        seen.add((what, word))
        owner.warning(f"{what} '{word}' is a declared extension", _span(p, i),
                      None, code="extension")


def compose_grammar(dialect: str, ext: Extensions):
    """The PLY namespace of ``dialect``'s grammar plus ``ext``'s rules."""
    from .dialect import grammar_of
    from .grammar_compose import compose, extended, rule_function
    base = grammar_of(dialect)
    # 3.4.3's argument forms: NetHack 3.4.3 and UnNetHack 3.5.1/3.5.2, whose statements
    # stand anywhere (levstatement) as the later lev_comp's do
    old = dialect in ("nethack343", "unnethack351", "unnethack352")
    free = dialect != "nethack343"
    shapes = _SHAPES_343 if old else _SHAPES_NEW
    stmt_hosts = ["map_detail", "room_detail"] if old and not free else ["levstatement"]
    extra, replace = [], {}

    # statements
    for name, d in sorted(ext.statements.items()):
        if d.args == ["raw"]:
            continue
        for s in d.args:
            if s not in shapes:
                raise ExtensionError(f"extensions.statements.{name}: shape {s!r} does not "
                                     f"exist in the {dialect} dialect")
        tok = statement_token(name)
        nt = f"ext_stmt_{name.lower()}"
        alts = []
        for n in range(d.required, len(d.args) + 1):
            rhs = [tok] + (["':'"] if d.args else [])
            for i, s in enumerate(d.args[:n]):
                rhs += (["','"] if i else []) + [shapes[s]]
            alts.append(" ".join(rhs))
        doc = f"{nt} : " + "\n    | ".join(alts)
        extra.append(rule_function(f"p_ext_stmt_{name.lower()}", doc, _stmt_action(d)))
        for host in stmt_hosts:
            extra.append(rule_function(f"p_ext_host_{host}_{name.lower()}", f"{host} : {nt}",
                               _pass))
    if any(d.args == ["raw"] for d in ext.statements.values()) or ext.lenient:
        for host in stmt_hosts:
            extra.append(rule_function(f"p_ext_raw_{host}", f"{host} : EXT_RAW", _raw_action))

    # more arguments after a base statement's own
    if ext.statement_args:
        from .dialect import lexicon_of
        from .grammar_compose import parse_doc, rule_functions
        keywords = lexicon_of(dialect).keywords
        for word, more in sorted(ext.statement_args.items()):
            tok = keywords.get(word, (None,))[0]
            for s in more:
                if s not in shapes:
                    raise ExtensionError(f"extensions.statement_args.{word}: shape {s!r} "
                                         f"does not exist in the {dialect} dialect")
            alts = [(lhs, a) for f in rule_functions(base).values()
                    for lhs, alternatives in parse_doc(f.__doc__ or "")
                    for a in alternatives if tok and a.split()[:1] == [tok]]
            if not alts:
                raise ExtensionError(f"extensions.statement_args.{word}: not a statement of "
                                     f"the {dialect} dialect")
            for i, (lhs, alt) in enumerate(alts):
                for n in range(1, len(more) + 1):
                    tail = []
                    for s in more[:n]:
                        tail += ["','", shapes[s]]
                    extra.append(extended(base, lhs, alt, {len(alt.split()): tail},
                                           f"p_ext_args_{word.lower()}_{i}_{n}",
                                           _more_args(word, more[:n])))

    # doors
    if ext.door_materials:
        # the material goes before the state in a DOOR and in a room's door; the two
        # grammars spell those rules differently
        door, room_door = (
            (("door_detail", "DOOR_ID ':' door_state ',' coordinate"),
             ("door_detail", "ROOMDOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos"))
            if old and free else
            (("door_detail", "DOOR_ID ':' door_state ',' coordinate"),
             ("room_door", "DOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos"))
            if old else
            (("door_detail", "DOOR_ID ':' door_state ',' ter_selection"),
             ("door_detail", "ROOMDOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos")))
        for (lhs, rule), name in ((door, "p_ext_door_material"),
                                  (room_door, "p_ext_roomdoor_material")):
            extra.append(extended(base, lhs, rule, {2: ["EXT_DOOR_MATERIAL", "','"]}, name,
                                  _door_material))
    if ext.door_flags:
        extra.append(rule_function("p_ext_door_flags", "ext_door_flags : EXT_DOOR_FLAG\n"
                           "    | EXT_DOOR_FLAG '&' ext_door_flags", _door_flags))
        extra.append(rule_function("p_ext_door_state_flags", "door_state : DOOR_STATE '&' ext_door_flags\n"
                           "    | ext_door_flags", _door_state_flags))
    if ext.door_states:
        extra.append(rule_function("p_ext_door_state", "door_state : EXT_DOOR_STATE", _door_state_word))
    if ext.light_states:
        extra.append(rule_function("p_ext_light_state", "light_state : EXT_LIGHT_STATE", _light_word))
    if ext.monster_flags and not old:
        extra.append(rule_function("p_ext_monster_flag", "monster_info : EXT_MONSTER_FLAG", _info_flag))
    if not old:
        if "flag" in ext.object_attributes.values():
            extra.append(rule_function("p_ext_object_flag", "object_info : EXT_OBJECT_FLAG", _info_flag))
        if "int" in ext.object_attributes.values():
            extra.append(rule_function("p_ext_object_int", "object_info : EXT_OBJECT_INT ':' integer_or_var",
                               _info_int))
    # named syntax changes
    if "gradient_comma" in ext.syntax and not old:
        replace["ter_selection_x : gradient_ID '(' GRADIENT_TYPE ',' '(' math_expr_var '-' "
                "math_expr_var opt_limited ')' ',' coord_or_var opt_coord_or_var ')'"] = (
            "gradient_ID '(' GRADIENT_TYPE ',' '(' math_expr_var ',' math_expr_var opt_limited "
            "')' ',' coord_or_var opt_coord_or_var ')'")
    if "engraving_random_text" in ext.syntax and not old:
        extra.append(rule_function("p_ext_engraving_random",
                           "engraving_detail : ENGRAVING_ID ':' coord_or_var ',' engraving_type "
                           "',' RANDOM_TYPE", _engraving_random))
    drop = []
    if "room_coordinates" in ext.syntax:        # 3.4.3-based dNetHack has it too
        drop.append("room_pos : '(' INTEGER ',' INTEGER ')'")
        extra.append(rule_function("p_ext_room_coordinates", "room_pos : '(' INTEGER ',' INTEGER ')'",
                           _room_coordinates))
    tokens = list(base.tokens) + [t for t in TOKENS if t not in base.tokens] + \
        [statement_token(n) for n in sorted(ext.statements)]
    # the dialect's own namespace already holds its rules: compose adds, drops nothing
    return compose(base, drop=drop, replace=replace, extra=extra, tokens=tokens)


def _pass(p):
    p[0] = p[1]


def _stmt_action(d: StatementDecl):
    def action(p):
        args = []
        k = 3
        for s in d.args:
            if k >= len(p):
                break
            args.append((s, p[k]))
            k += 2
        node = ExtensionStmt(_span(p), d.name, args)
        if d.places is not None:
            owner = p.parser.owner
            node.places = _mapchar_node(owner, d.places, node.span)
        p[0] = node
    return action


def _mapchar_node(owner, ch: str, span: Span) -> A.MapChar:
    return A.MapChar(span, ch, -2)


def _raw_action(p):
    word, rest = p[1]
    owner = p.parser.owner
    ext = getattr(owner, "extensions", None)
    decl = ext.statements.get(word) if ext is not None else None
    unknown = decl is None or decl.unknown
    rest = re.sub(r"^\s*(\[[^\]]*\])?\s*:", "", rest, count=1)
    node = ExtensionStmt(_span(p), word, [], raw=rest.strip(), unknown=unknown)
    if unknown:
        owner.warning(f"unknown statement {word} kept as a placeholder (not run)", _span(p),
                      "declare it in the profile's extensions, or it is only reported",
                      code="lenient")
    p[0] = node


def _more_args(word: str, shapes: List[str]):
    def post(p, extras):
        values = [v for v in extras if v != ","]
        A.add_ext_record(p[0], "ext_args",
                         ExtensionStmt(p[0].span, word, list(zip(shapes, values)),
                                       kind="argument"))
    return post


def _door_material(p, extras):
    _record(p[0], "door", extras[0], material=extras[0])


def _door_flags(p):
    p[0] = (p[1],) + (p[3] if len(p) > 2 else ())


def _door_state_flags(p):
    from .lexer import D_CLOSED, D_LOCKED, D_TRAPPED
    if len(p) > 2:
        state, words = p[1], p[3]
    else:
        state, words = D_CLOSED, p[1]       # a flag alone: the door is closed
    value = state
    for w in words:          # the base bits a flag word names keep their meaning
        value |= {"locked": D_LOCKED, "trapped": D_TRAPPED}.get(w, 0)
    p[0] = ExtState(value, words)


def _door_state_word(p):
    owner = p.parser.owner
    base = owner.extensions.door_states[p[1]]
    _note(p, "door state", p[1])
    p[0] = ExtState(base, (p[1],))


def _light_word(p):
    owner = p.parser.owner
    _note(p, "light state", p[1])
    p[0] = owner.extensions.light_states[p[1]]


def _info_flag(p):
    p[0] = ("ext:" + str(p[1]), 1)


def _info_int(p):
    p[0] = ("ext:" + str(p[1]), p[3])


def _room_coordinates(p):
    """xNetHack's lev_comp: a ROOM's position is a square of the level."""
    from ..stdlib.grid import COLNO, ROWNO
    if not (0 <= p[2] <= COLNO and 0 <= p[4] <= ROWNO):
        p.parser.owner.error(f"Room positions should be real coordinates: ({p[2]},{p[4]})!",
                             _span(p))
    p[0] = (p[2], p[4])


def _engraving_random(p):
    p[0] = A.Engraving(_span(p), p[3], p[5], A.Str(_span(p, 7), ""))
    _record(p[0], "engraving", "random text")


# ------------------------------------------------------------------ parsers, cached
_PARSERS: Dict[Tuple[str, str], object] = {}


def parser_for(dialect: str, ext: Extensions):
    """The PLY parser of ``dialect`` plus ``ext`` (built once per grammar; the tables are
    kept in the user's cache, keyed by the grammar's signature)."""
    key = (dialect, ext.grammar_key())
    parser = _PARSERS.get(key)
    if parser is None:
        import ply.yacc as yacc
        ns = compose_grammar(dialect, ext)
        name = f"unlev_ext_{dialect}_{key[1]}"
        tables, outdir = _cached_tables(name)
        parser = yacc.yacc(module=ns, start="file", debug=False,
                           write_tables=outdir is not None,
                           tabmodule=tables if tables is not None else name,
                           outputdir=outdir or "", errorlog=yacc.NullLogger())
        _PARSERS[key] = parser
    return parser


def _cached_tables(name: str):
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    outdir = os.path.join(base, "unlev", "grammars")
    try:
        os.makedirs(outdir, exist_ok=True)
    except OSError:
        return None, None
    path = os.path.join(outdir, name + ".py")
    if not os.path.isfile(path):
        return None, outdir
    mod = types.ModuleType(name)
    try:
        with open(path, encoding="utf-8") as fh:
            exec(compile(fh.read(), path, "exec"), mod.__dict__)
        if not hasattr(mod, "_lr_signature"):
            return None, outdir
    except Exception:            # a half-written file from a parallel run: rebuild
        return None, outdir
    return mod, outdir


def counts(warnings) -> Dict[str, int]:
    """What the lenient mode replaced, by kind: for a summary line."""
    out: Dict[str, int] = {}
    for w in warnings:
        if getattr(w, "code", None) == "lenient":
            kind = w.message.split(" ")[1] if w.message.startswith("unknown") else "other"
            out[kind] = out.get(kind, 0) + 1
    return out


# lev_comp's errors the lenient mode reports as warnings: the loader still runs the
# statement (it clamps a room's or a door's position, takes a long name)
LENIENT_ERRORS = ("Room positions should be", "Level names limited to",
                  "Door decl doesn't match the map", "Coordinates out of map range",
                  "Region (")


def skip_statement(owner, tok, span: Span, text) -> ExtensionStmt:
    """The lenient mode's answer to a syntax error: a warning, and the statement's
    line kept as an unknown statement (the parser then skips to the next one)."""
    data = owner.lexer.inner.lexer.lexdata
    start = data.rfind("\n", 0, tok.lexpos) + 1
    end = data.find("\n", tok.lexpos)
    line = data[start:len(data) if end < 0 else end].strip()
    m = re.match(r"([A-Za-z_][A-Za-z_0-9]*)", line)
    name = m.group(1) if m else "?"
    owner.warning(f'syntax error at "{text}": the statement was skipped (a placeholder)',
                  span, "the lenient mode keeps going; without --lenient this is an error",
                  code="lenient")
    stmt = ExtensionStmt(Span(span.file, span.line, 1), name, [], raw=line, unknown=True)
    stmt.skipped_at = span   # type: ignore[attr-defined]  # (parser: drop_skipped_fronts)
    return stmt


def lenient_map_char(owner, ch: str) -> bool:
    """A map character neither the dialect nor the profile knows, in the lenient mode:
    declared on the fly as a placeholder (drawn as :data:`PLACEHOLDER`); reported by
    the lowering pass (:func:`unlev.lang.lowering.extension_records`)."""
    ext = owner.extensions
    if ch in "'\"\n\r\t" or ch.isdigit():
        return False
    ext.map_chars[ch] = MapCharDecl(ch, f"unknown {ch!r}", PLACEHOLDER, unknown=True)
    owner.lexicon.ext_map_chars[ch] = ext.map_chars[ch]
    return True


def take_line(lexer) -> str:
    """The rest of the current line, consumed (a ``raw`` statement's arguments)."""
    data, pos = lexer.lexdata, lexer.lexpos
    end = data.find("\n", pos)
    end = len(data) if end < 0 else end
    lexer.lexpos = end
    return data[pos:end]
