"""What an editor asks about a des-file, answered from its text.

Why a module of its own (and mostly text, not the syntax tree): an editor asks on every
keystroke, while the file is broken half the time.  Symbols, definitions, references and
completion come from a token scan of the current text (comments and strings skipped),
which costs milliseconds on a 4,000-line file and works on broken files; diagnostics
come from the real front end (``compile_text`` and ``lint_tree``), which the server runs
after the edits settle.  The language server (:mod:`unlev.editor.lsp`) only translates.

A document is read as every command reads it (:func:`settings_for`): the server's own
``--data``/``--lenient``/``--dialect``, else the project's ``unlev.toml`` or
``[tool.unlev]`` found upward from the document (:mod:`unlev.tools.project_config`, the
loader the command line uses).  Under a data profile, names (completion, hover) are the
profile's, and the words its declared extensions add are completed and explained.
"""

from __future__ import annotations

import argparse
import os
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from unlev.output.pygments_lexer import FUNCTIONS, OPTIONS, STATEMENTS

# a position: (line, column), both counted from 0 as LSP counts them
Pos = Tuple[int, int]

_SKIP = re.compile(r'^[ \t]*#[^\n]*|"[^"\n]*"', re.M)
_VAR = re.compile(r"\$([A-Za-z_][A-Za-z_0-9]*)")
_FUNC_DEF = re.compile(r"^[ \t]*FUNCTION[ \t]+([A-Za-z_][A-Za-z_0-9]*)", re.M)
_CALL = re.compile(r"(?<![$\w.])([A-Za-z_][A-Za-z_0-9]*)[ \t]*\(")
_LEVEL = re.compile(r'^[ \t]*(LEVEL|MAZE)[ \t]*:[ \t]*"([^"]*)"', re.M)
_MAP = re.compile(r"^[ \t]*MAP[ \t]*$", re.M)
_ENDMAP = re.compile(r"^[ \t]*ENDMAP", re.M)
_QUOTED = re.compile(r'"([^"\n]*)"')


@dataclass
class Symbol:
    name: str
    kind: str            # "level", "function", "map"
    start: Pos
    end: Pos


@dataclass
class Occurrence:
    name: str
    start: Pos
    end: Pos
    defines: bool


@dataclass
class TextIndex:
    """The token scan of one version of a document."""

    text: str
    lines: List[str]
    symbols: List[Symbol] = field(default_factory=list)
    variables: Dict[str, List[Occurrence]] = field(default_factory=dict)
    functions: Dict[str, List[Occurrence]] = field(default_factory=dict)


def _blank(text: str) -> str:
    """``text`` with comments and strings blanked out (same length, same lines)."""
    return _SKIP.sub(lambda m: "".join("\n" if c == "\n" else " " for c in m.group(0)), text)


def _pos(line_starts: List[int], offset: int) -> Pos:
    lo, hi = 0, len(line_starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if line_starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo, offset - line_starts[lo]


def _map_blocks(text: str) -> List[Tuple[int, int]]:
    """(start, end) offsets of every MAP ... ENDMAP (its rows are not code)."""
    out = []
    for m in _MAP.finditer(text):
        e = _ENDMAP.search(text, m.end())
        out.append((m.start(), e.end() if e else len(text)))
    return out


def index(text: str) -> TextIndex:
    lines = text.split("\n")
    starts = [0]
    for line in lines[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    idx = TextIndex(text, lines)
    for m in _LEVEL.finditer(text):
        idx.symbols.append(Symbol(m.group(2), "level", _pos(starts, m.start(1)),
                                  _pos(starts, m.end())))
    maps = _map_blocks(text)
    for a, b in maps:
        idx.symbols.append(Symbol("MAP", "map", _pos(starts, a), _pos(starts, b)))
    code = _blank(text)
    for a, b in maps:                          # map rows are not names
        code = code[:a] + "".join("\n" if c == "\n" else " " for c in code[a:b]) + code[b:]
    for m in _FUNC_DEF.finditer(code):
        idx.symbols.append(Symbol(m.group(1), "function", _pos(starts, m.start(1)),
                                  _pos(starts, m.end(1))))
        idx.functions.setdefault(m.group(1), []).append(
            Occurrence(m.group(1), _pos(starts, m.start(1)), _pos(starts, m.end(1)), True))
    defined = set(idx.functions)
    for m in _CALL.finditer(code):
        if m.group(1) in defined and not code[:m.start(1)].rstrip().endswith("FUNCTION"):
            idx.functions[m.group(1)].append(
                Occurrence(m.group(1), _pos(starts, m.start(1)), _pos(starts, m.end(1)), False))
    for m in _VAR.finditer(code):
        after = code[m.end():m.end() + 40].lstrip()
        defines = after.startswith("=") and not after.startswith("==")
        before = code[max(0, m.start() - 12):m.start()]
        defines = defines or before.rstrip().endswith(("FOR", "SHUFFLE:"))
        idx.variables.setdefault(m.group(1), []).append(
            Occurrence(m.group(1), _pos(starts, m.start()), _pos(starts, m.end()), defines))
    idx.symbols.sort(key=lambda s: s.start)
    return idx


def word_at(idx: TextIndex, pos: Pos) -> Tuple[str, Pos, Pos]:
    """The word (``$var``, name or quoted text) under ``pos``, with its range."""
    line_no, col = pos
    if not 0 <= line_no < len(idx.lines):
        return "", pos, pos
    line = idx.lines[line_no]
    for m in _QUOTED.finditer(line):
        if m.start() <= col <= m.end():
            return m.group(0), (line_no, m.start()), (line_no, m.end())
    for m in re.finditer(r"\$?[A-Za-z_][A-Za-z_0-9.]*", line):
        if m.start() <= col <= m.end():
            return m.group(0), (line_no, m.start()), (line_no, m.end())
    return "", pos, pos


def occurrences(idx: TextIndex, word: str) -> List[Occurrence]:
    if word.startswith("$"):
        return idx.variables.get(word[1:], [])
    return idx.functions.get(word, [])


def definition(idx: TextIndex, word: str) -> Optional[Occurrence]:
    found = [o for o in occurrences(idx, word) if o.defines]
    return found[0] if found else None


def dialect_of(text: str) -> str:
    """The dialect the file looks like (the front end's detector), for its names."""
    from unlev.lang.dialect import candidates
    return candidates(text)[0][0]


@dataclass(frozen=True)
class Settings:
    """What one document is read with, resolved as the command line resolves it."""

    data: Any = None               # a unlev.stdlib.profiles.Profile, or None
    lenient: bool = False
    dialect: str = "auto"
    config: Optional[str] = None   # the unlev.toml / pyproject.toml that was used
    error: Optional[str] = None    # a config or profile that cannot be read


def settings_for(path: Optional[str], data: Optional[str] = None,
                 lenient: Optional[bool] = None, dialect: Optional[str] = None) -> Settings:
    """The server's options over the project's config nearest the document (the same
    ``project_config.apply`` every command runs); a bad config or profile is kept as
    ``error``, for the server to show on the document, never raised."""
    from unlev.stdlib import profiles
    from unlev.tools import project_config
    start = path if path and os.path.exists(path) else None
    args = argparse.Namespace(file=start, data=data, lenient=lenient, dialect=dialect or "auto")
    try:
        config = project_config.apply(args) if start else None
    except project_config.ConfigError as e:
        return Settings(error=str(e))
    where = str(config) if config else None
    prof = None
    if args.data:
        try:
            prof = profiles.resolve(args.data)
        except profiles.ProfileError as e:
            return Settings(config=where, error=str(e))
    return Settings(prof, bool(args.lenient), args.dialect, where)


# the words a profile's declared extensions add, by the completion kind they get
_EXTENSION_WORDS = {"statements": "keyword", "flags": "constant", "door_states": "constant",
                    "door_materials": "constant", "door_flags": "constant",
                    "light_states": "constant", "monster_flags": "constant",
                    "object_attributes": "constant", "keywords": "constant"}


def extension_words(profile) -> Dict[str, Tuple[str, str]]:
    """word -> (completion kind, declaration kind) of a profile's declared extensions."""
    out: Dict[str, Tuple[str, str]] = {}
    for key, kind in _EXTENSION_WORDS.items():
        for word in (profile.extensions.get(key) or ()) if profile is not None else ():
            out.setdefault(word, (kind, key))
    return out


def completions(idx: TextIndex, prefix: str, dialect: str = "unnethack",
                profile=None) -> List[Tuple[str, str]]:
    """(label, kind) for what may be typed at a cursor after ``prefix``; under a data
    profile, its names and the words its extensions declare."""
    out: List[Tuple[str, str]] = []
    if prefix.startswith("$"):
        # the half-typed word itself is not a variable unless it occurs elsewhere too
        return [("$" + v, "variable") for v in sorted(idx.variables)
                if v.startswith(prefix[1:]) and (v != prefix[1:] or len(idx.variables[v]) > 1)]
    if prefix.startswith('"'):
        return [(f'"{n}"', kind) for n, kind in names(dialect, profile)
                if n.startswith(prefix[1:])]
    for w in STATEMENTS:
        if w.startswith(prefix):
            out.append((w, "keyword"))
    for w, (kind, _key) in sorted(extension_words(profile).items()):
        if w.startswith(prefix) and w not in STATEMENTS:
            out.append((w, kind))
    for w in OPTIONS:
        if w.startswith(prefix):
            out.append((w, "constant"))
    for w in FUNCTIONS:
        if w.startswith(prefix):
            out.append((w, "function"))
    for f in sorted(idx.functions):
        if f.startswith(prefix):
            out.append((f, "function"))
    return out


_NAMES: Dict[str, List[Tuple[str, str]]] = {}


def names(dialect: str, profile=None) -> List[Tuple[str, str]]:
    """Monster, object and trap names of the dialect's data (UnNetHack's own tables, or
    the NetHack 3.6/3.4.3 ones unlev ships), or of a data profile (with its room types)."""
    if profile is not None:
        key = f"profile:{profile.path}"
        if key not in _NAMES:
            from unlev.stdlib import profiles
            got = [(n, "room" if kind == "room type" else kind)
                   for kind, items in profiles.names_of(profile).items() for n in items]
            _NAMES[key] = sorted(set(got))
        return _NAMES[key]
    if dialect not in _NAMES:
        from unlev.stdlib import data
        if dialect in ("nethack36", "nethack343"):
            got = [(r["name"], "monster")
                   for r in data.load_table(f"{dialect}/monsters")["monsters"] if r.get("name")]
            got += [(r["name"], "object")
                    for r in data.load_table(f"{dialect}/objects")["objects"]
                    if r.get("name") and r["name"] != "None"]
        else:
            got = [(m.name, "monster") for m in data.monsters()]
            got += [(o.name, "object") for o in data.objects() if o.name]
        got += [(t, "trap") for t in data.trap_des_names()]
        _NAMES[dialect] = sorted(set(got))
    return _NAMES[dialect]


def _profile_hover(profile, name: str) -> Optional[str]:
    """A monster's or object's row in a data profile's own tables."""
    for m in profile.table("monsters")["monsters"]:
        if m.get("name") == name:
            return (f"**{name}** (monster `{m['symbol']}`, {profile.name} data): level "
                    f"{m['level']}, speed {m['move']}, AC {m['ac']}, difficulty "
                    f"{m['difficulty']}")
    for o in profile.table("objects")["objects"]:
        if o.get("name") == name:
            return (f"**{name}** (object `{o['class']}`, {o['class_name']}, {profile.name} "
                    f"data): cost {o['cost']}, weight {o['weight']}, probability {o['prob']}")
    for t in profile.table("traps")["des_names"]:
        if t["name"] == name:
            return f"**{name}** (trap {t['trap']}, {profile.name} data)"
    return None


def _level_hover(name: str, dialect: str, profile=None) -> Optional[str]:
    """Where the dungeon description (the profile's, else the dialect's game's) puts
    the level; a des-file's ``soko1-2`` is the second variant of dungeon.def's
    ``soko1``."""
    from unlev.stdlib import profiles
    from unlev.tools.data.dungeon import where_is
    if profile is None:
        profile = profiles.builtin(dialect if dialect in profiles.BUILTIN else "unnethack")
    if not profile.has_table("dungeon"):
        return None
    table = profile.table("dungeon")
    places = where_is(table, name)
    variant = re.fullmatch(r"(.+)-(\d+)", name)
    if not places and variant:
        places = [f"{p} (variant {variant.group(2)})" for p in where_is(table, variant.group(1))]
    if not places:
        return f"level **{name}**: not placed by {profile.name}'s dungeon description"
    return f"level **{name}** ({profile.name}'s dungeon): " + "; ".join(places)


def _extension_hover(profile, word: str) -> Optional[str]:
    found = extension_words(profile).get(word)
    if found is None:
        return None
    key = found[1]
    what = key[:-1].replace("_", " ") if key.endswith("s") else key.replace("_", " ")
    decl = profile.extensions[key]
    detail = decl.get(word) if isinstance(decl, dict) else None
    more = ""
    if key == "statements" and isinstance(detail, dict):
        more = f": arguments {', '.join(detail.get('args') or []) or 'none'}"
        if detail.get("places"):
            more += f"; places map character `{detail['places']}`"
    elif isinstance(detail, dict) and detail.get("base"):
        more = f": acts as `{detail['base']}`"
    elif isinstance(detail, str):
        more = f": {detail}"
    return f"`{word}`: a {what} the {profile.name} data declares{more}"


def hover(idx: TextIndex, pos: Pos, dialect: str = "unnethack",
          profile=None) -> Optional[str]:
    """A monster's or object's data (the profile's, under one), a word the profile's
    extensions declare, or what a variable holds when that is a literal."""
    word, _a, _b = word_at(idx, pos)
    if not word:
        return None
    if word.startswith('"') and _LEVEL.match(idx.lines[pos[0]]):
        return _level_hover(word[1:-1], dialect, profile)
    if profile is not None and not profile.is_default:
        found = (_profile_hover(profile, word[1:-1]) if word.startswith('"')
                 else _extension_hover(profile, word))
        if found:
            return found
    if word.startswith('"'):
        from unlev.stdlib import data
        name = word[1:-1]
        m = data.monster_named(name)
        if m is not None:
            return (f"**{m.name}** (monster `{m.symbol}`): level {m.level}, speed "
                    f"{getattr(m, 'speed', '?')}, AC {getattr(m, 'ac', '?')}")
        o = data.object_named(name)
        if o is None:
            o = next((x for x in data.objects() if x.name == name), None)
        if o is not None:
            return (f"**{o.name}** (object `{o.class_symbol}`, {o.class_name}): cost "
                    f"{o.cost}, weight {getattr(o, 'weight', '?')}, probability {o.prob}")
        return None
    if word.startswith("$"):
        defs = [o for o in idx.variables.get(word[1:], []) if o.defines]
        if not defs:
            return f"`{word}`: not assigned in this file"
        line = idx.lines[defs[0].start[0]]
        value = line[defs[0].end[1]:].split("=", 1)[-1].strip()
        constant = len(defs) == 1 and re.fullmatch(r"-?\d+|\"[^\"]*\"|\(\d+,\d+\)|'.'", value)
        where = f"assigned on line{'s' if len(defs) > 1 else ''} " + \
            ", ".join(str(d.start[0] + 1) for d in defs)
        return f"`{word}` = `{value}`" + ("" if constant else f" ({where})")
    if word in idx.functions:
        d = definition(idx, word)
        return f"FUNCTION `{word}` (line {d.start[0] + 1})" if d else None
    return None
