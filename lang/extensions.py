"""Declared extensions, the grammar: a variant's lexicon and PLY grammar.

Why this module exists: a variant's lev_comp knows a few more words than its base
dialect (new statements, flags, map characters, door materials and flags); a profile
declares them (:mod:`unlev.lang.extension_decl`, ``docs/extensions.md``).  This module
composes the variant's grammar from the base dialect's rules
(:func:`unlev.lang.grammar_compose.compose`: the shared rules are reused, an extension
adds alternatives whose shared action runs on the shared symbols); the lowering pass
(:func:`unlev.lang.lowering.extension_records`) then makes the parsed tree speak the base
language plus typed records for ``LevelBuilder.extension``.

The declaration itself (schema, validation, the lenient mode's additions) is
:mod:`unlev.lang.extension_decl`, re-exported here; this module makes the lexicon and
the grammar from it, and holds the parser's lenient-mode helpers.
"""

from __future__ import annotations

import os
import re
import types
from dataclasses import field
from typing import Any, Dict, List, NamedTuple, Optional, Tuple

from . import ast as A
from .diagnostics import Span
from .extension_decl import (  # noqa: F401  (re-exported: the declaration's names)
    BASES, LOADER_SYNTAX, PLACEHOLDER, SHAPES, SHAPES_343, SHAPES_NEW, SYNTAX,
    ExtensionError, Extensions, MapCharDecl, StatementDecl, lenient_for, load)


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


class _Form(NamedTuple):
    """How a base dialect spells what an extension hooks into."""
    dialect: str
    old: bool              # 3.4.3's argument forms (3.4.3, UnNetHack 3.5.1/3.5.2)
    free: bool             # statements stand anywhere (levstatement), as later lev_comps
    shapes: Dict[str, str]   # argument shape -> the base grammar's symbol
    hosts: List[str]       # the nonterminals a new statement is an alternative of


def _form_of(dialect: str) -> _Form:
    # 3.4.3's argument forms: NetHack 3.4.3 and UnNetHack 3.5.1/3.5.2, whose statements
    # stand anywhere (levstatement) as the later lev_comp's do
    old = dialect in ("nethack343", "unnethack351", "unnethack352")
    free = dialect != "nethack343"
    hosts = ["map_detail", "room_detail"] if old and not free else ["levstatement"]
    return _Form(dialect, old, free, SHAPES_343 if old else SHAPES_NEW, hosts)


def compose_grammar(dialect: str, ext: Extensions):
    """The PLY namespace of ``dialect``'s grammar plus ``ext``'s rules."""
    from .dialect import grammar_of
    from .grammar_compose import compose
    base = grammar_of(dialect)
    form = _form_of(dialect)
    extra, replace, drop = [], {}, []
    extra += _statement_rules(ext, form)
    extra += _argument_rules(ext, form, base)
    extra += _door_rules(ext, form, base)
    extra += _info_rules(ext, form)
    _syntax_rules(ext, form, extra, replace, drop)
    tokens = list(base.tokens) + [t for t in TOKENS if t not in base.tokens] + \
        [statement_token(n) for n in sorted(ext.statements)]
    # the dialect's own namespace already holds its rules: compose adds, drops nothing
    return compose(base, drop=drop, replace=replace, extra=extra, tokens=tokens)


def _statement_rules(ext: Extensions, form: _Form) -> list:
    """A rule per declared statement (one alternative per number of optional arguments
    given), an alternative of each host; ``raw`` statements share one EXT_RAW rule."""
    from .grammar_compose import rule_function
    extra = []
    for name, d in sorted(ext.statements.items()):
        if d.args == ["raw"]:
            continue
        for s in d.args:
            if s not in form.shapes:
                raise ExtensionError(f"extensions.statements.{name}: shape {s!r} does not "
                                     f"exist in the {form.dialect} dialect")
        tok = statement_token(name)
        nt = f"ext_stmt_{name.lower()}"
        alts = []
        for n in range(d.required, len(d.args) + 1):
            rhs = [tok] + (["':'"] if d.args else [])
            for i, s in enumerate(d.args[:n]):
                rhs += (["','"] if i else []) + [form.shapes[s]]
            alts.append(" ".join(rhs))
        doc = f"{nt} : " + "\n    | ".join(alts)
        extra.append(rule_function(f"p_ext_stmt_{name.lower()}", doc, _stmt_action(d)))
        for host in form.hosts:
            extra.append(rule_function(f"p_ext_host_{host}_{name.lower()}", f"{host} : {nt}",
                                       _pass))
    if any(d.args == ["raw"] for d in ext.statements.values()) or ext.lenient:
        for host in form.hosts:
            extra.append(rule_function(f"p_ext_raw_{host}", f"{host} : EXT_RAW", _raw_action))
    return extra


def _argument_rules(ext: Extensions, form: _Form, base) -> list:
    """More arguments after a base statement's own: every base alternative that starts
    with the statement's keyword, extended by one to all of the declared shapes."""
    if not ext.statement_args:
        return []
    from .dialect import lexicon_of
    from .grammar_compose import extended, parse_doc, rule_functions
    keywords = lexicon_of(form.dialect).keywords
    extra = []
    for word, more in sorted(ext.statement_args.items()):
        tok = keywords.get(word, (None,))[0]
        for s in more:
            if s not in form.shapes:
                raise ExtensionError(f"extensions.statement_args.{word}: shape {s!r} "
                                     f"does not exist in the {form.dialect} dialect")
        alts = [(lhs, a) for f in rule_functions(base).values()
                for lhs, alternatives in parse_doc(f.__doc__ or "")
                for a in alternatives if tok and a.split()[:1] == [tok]]
        if not alts:
            raise ExtensionError(f"extensions.statement_args.{word}: not a statement of "
                                 f"the {form.dialect} dialect")
        for i, (lhs, alt) in enumerate(alts):
            for n in range(1, len(more) + 1):
                tail = []
                for s in more[:n]:
                    tail += ["','", form.shapes[s]]
                extra.append(extended(base, lhs, alt, {len(alt.split()): tail},
                                      f"p_ext_args_{word.lower()}_{i}_{n}",
                                      _more_args(word, more[:n])))
    return extra


def _door_rules(ext: Extensions, form: _Form, base) -> list:
    """Door materials (before the state, in DOOR and a room's door), door flags joined
    with ``&``, new door states."""
    from .grammar_compose import extended, rule_function
    extra = []
    if ext.door_materials:
        # the material goes before the state in a DOOR and in a room's door; the two
        # grammars spell those rules differently
        door, room_door = (
            (("door_detail", "DOOR_ID ':' door_state ',' coordinate"),
             ("door_detail", "ROOMDOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos"))
            if form.old and form.free else
            (("door_detail", "DOOR_ID ':' door_state ',' coordinate"),
             ("room_door", "DOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos"))
            if form.old else
            (("door_detail", "DOOR_ID ':' door_state ',' ter_selection"),
             ("door_detail", "ROOMDOOR_ID ':' secret ',' door_state ',' door_wall ',' door_pos")))
        for (lhs, rule), name in ((door, "p_ext_door_material"),
                                  (room_door, "p_ext_roomdoor_material")):
            extra.append(extended(base, lhs, rule, {2: ["EXT_DOOR_MATERIAL", "','"]}, name,
                                  _door_material))
    if ext.door_flags:
        extra.append(rule_function("p_ext_door_flags", "ext_door_flags : EXT_DOOR_FLAG\n"
                                   "    | EXT_DOOR_FLAG '&' ext_door_flags", _door_flags))
        extra.append(rule_function("p_ext_door_state_flags",
                                   "door_state : DOOR_STATE '&' ext_door_flags\n"
                                   "    | ext_door_flags", _door_state_flags))
    if ext.door_states:
        extra.append(rule_function("p_ext_door_state", "door_state : EXT_DOOR_STATE",
                                   _door_state_word))
    return extra


def _info_rules(ext: Extensions, form: _Form) -> list:
    """Light states, and the flags and attributes of monsters and objects (not in the
    3.4.3 forms, whose infos are positional)."""
    from .grammar_compose import rule_function
    extra = []
    if ext.light_states:
        extra.append(rule_function("p_ext_light_state", "light_state : EXT_LIGHT_STATE",
                                   _light_word))
    if ext.monster_flags and not form.old:
        extra.append(rule_function("p_ext_monster_flag", "monster_info : EXT_MONSTER_FLAG",
                                   _info_flag))
    if not form.old:
        if "flag" in ext.object_attributes.values():
            extra.append(rule_function("p_ext_object_flag", "object_info : EXT_OBJECT_FLAG",
                                       _info_flag))
        if "int" in ext.object_attributes.values():
            extra.append(rule_function("p_ext_object_int",
                                       "object_info : EXT_OBJECT_INT ':' integer_or_var",
                                       _info_int))
    return extra


def _syntax_rules(ext: Extensions, form: _Form, extra: list, replace: dict,
                  drop: list) -> None:
    """The named syntax changes (``syntax``): a rewritten alternative, an added rule, or a
    rule dropped and given another action."""
    from .grammar_compose import rule_function
    if "gradient_comma" in ext.syntax and not form.old:
        replace["ter_selection_x : gradient_ID '(' GRADIENT_TYPE ',' '(' math_expr_var '-' "
                "math_expr_var opt_limited ')' ',' coord_or_var opt_coord_or_var ')'"] = (
            "gradient_ID '(' GRADIENT_TYPE ',' '(' math_expr_var ',' math_expr_var opt_limited "
            "')' ',' coord_or_var opt_coord_or_var ')'")
    if "engraving_random_text" in ext.syntax and not form.old:
        extra.append(rule_function("p_ext_engraving_random",
                                   "engraving_detail : ENGRAVING_ID ':' coord_or_var ',' "
                                   "engraving_type ',' RANDOM_TYPE", _engraving_random))
    if "irregular_word" in ext.syntax and form.dialect == "unnethack35":
        # SporkHack's roomflaglist: ``irregular`` is a word of the 3.5 flag list (the
        # later dialects' lists have it already)
        extra.append(rule_function("p_ext_irregular_word",
                                   "optroomregionflags : ',' IRREGULAR\n"
                                   "    | ',' FILLING ',' IRREGULAR\n"
                                   "    | ',' IRREGULAR ',' FILLING", _irregular_word))
    if "room_coordinates" in ext.syntax:        # 3.4.3-based dNetHack has it too
        drop.append("room_pos : '(' INTEGER ',' INTEGER ')'")
        extra.append(rule_function("p_ext_room_coordinates",
                                   "room_pos : '(' INTEGER ',' INTEGER ')'",
                                   _room_coordinates))


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


def _irregular_word(p):
    """SporkHack's ``roomflaglist``: ROOMF_FILLED from ``filled``, ROOMF_IRREG from
    ``irregular``; a flag list without ``filled`` is not prefilled."""
    filled = irregular = 0
    for i in range(2, len(p), 2):
        if p.slice[i].type == "FILLING":
            filled = 1 if p[i] else 0
        else:
            irregular = 1 if p[i] else 0
    p[0] = A.RoomFlags(_span(p, 2), filled=filled, irregular=irregular, joined=1)


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
        from .grammar_inline import fold_units
        ns = fold_units(compose_grammar(dialect, ext))
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
