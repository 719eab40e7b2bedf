"""What an editor asks about a des-file, answered from its text.

Why a module of its own (and mostly text, not the syntax tree): an editor asks on every
keystroke, while the file is broken half the time.  Symbols, definitions, references and
completion come from a token scan of the current text (comments and strings skipped),
which costs milliseconds on a 4,000-line file and works on broken files; diagnostics
come from the real front end (``compile_text`` and ``lint_tree``), which the server runs
after the edits settle.  The language server (:mod:`unlev.editor.lsp`) only translates.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from unlev.editor.pygments_lexer import FUNCTIONS, OPTIONS, STATEMENTS

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


def completions(idx: TextIndex, prefix: str, dialect: str = "unnethack") -> List[Tuple[str, str]]:
    """(label, kind) for what may be typed at a cursor after ``prefix``."""
    out: List[Tuple[str, str]] = []
    if prefix.startswith("$"):
        # the half-typed word itself is not a variable unless it occurs elsewhere too
        return [("$" + v, "variable") for v in sorted(idx.variables)
                if v.startswith(prefix[1:]) and (v != prefix[1:] or len(idx.variables[v]) > 1)]
    if prefix.startswith('"'):
        return [(f'"{n}"', kind) for n, kind in names(dialect) if n.startswith(prefix[1:])]
    for w in STATEMENTS:
        if w.startswith(prefix):
            out.append((w, "keyword"))
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


def names(dialect: str) -> List[Tuple[str, str]]:
    """Monster, object and trap names of the dialect's data (UnNetHack's own tables, or
    the NetHack 3.6/3.4.3 ones unlev ships)."""
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


def hover(idx: TextIndex, pos: Pos, dialect: str = "unnethack") -> Optional[str]:
    """A monster's or object's data, or what a variable holds when that is a literal."""
    word, _a, _b = word_at(idx, pos)
    if not word:
        return None
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
