"""A small C preprocessor and constant-expression evaluator, enough to read NetHack's tables.

It is not a full C preprocessor.  It handles what NetHack's data files use:

* comments, line splicing, string / character literals;
* ``#define`` (object-like and function-like, ``#`` and ``##``), ``#undef``;
* ``#if`` / ``#ifdef`` / ``#ifndef`` / ``#elif`` / ``#else`` / ``#endif`` with
  ``defined`` and integer expressions;
* ``enum { A = 0, B, ... }`` declarations, whose members become constants.

``#include`` is *not* followed: callers load the headers they need explicitly, in order,
so that a missing system header (config.h, ...) never matters.

Names listed as *protected* are never expanded even if the file defines them.  The table
readers protect the row macros (``MON``, ``OBJECT``, ...) so that each row survives as a
call whose arguments can be picked apart.

The tokens and the table helpers are :mod:`unlev.tools.data.ctokens`, the constant
expressions :mod:`unlev.tools.data.cexpr`; this module is the preprocessor itself and
re-exports both, so ``from .cpre import find_calls, evaluate`` keeps working.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence

from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS, Limits, hint

from .cexpr import (  # noqa: F401  (re-exported)
    PreprocessorError, UnknownName, evaluate, unescape)
from .ctokens import (  # noqa: F401  (re-exported)
    Call, Token, find_calls, find_initializer, parse_braces, split_args, tokenize,
    tokens_text)

__all__ = [
    "Token", "Macro", "Preprocessor", "Call", "UnknownName", "evaluate", "tokenize",
    "split_args", "find_calls", "find_initializer", "parse_braces", "tokens_text",
]


@dataclass
class Macro:
    name: str
    params: Optional[List[str]]       # None: object-like
    body: List[Token]
    variadic: bool = False


def _strip_comments(src: str) -> str:
    """Remove comments (keeping newlines so line numbers survive), after line splicing."""
    out = []
    i, n = 0, len(src)
    while i < n:
        c = src[i]
        if c == "/" and i + 1 < n and src[i + 1] == "*":
            j = src.find("*/", i + 2)
            if j < 0:
                j = n - 2
            out.append(" " + "\n" * src.count("\n", i, j + 2))
            i = j + 2
        elif c == "/" and i + 1 < n and src[i + 1] == "/":
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1])
            i = j + 1
        else:
            j = i
            while j < n and src[j] not in "/\"'":
                j += 1
            if j == i:
                j += 1
            out.append(src[i:j])
            i = j
    return "".join(out)


@dataclass
class _Cond:
    active: bool        # lines in this branch are emitted
    taken: bool         # some branch of this #if was already taken
    parent: bool        # the enclosing region is active


class Preprocessor:
    def __init__(self, defines: Optional[Dict[str, str]] = None,
                 protected: Iterable[str] = (), limits: Limits = DEFAULT_LIMITS):
        self.limits = limits        # the run's (unlev.lang.limits): file size, expansion
        self.macros: Dict[str, Macro] = {}
        self.protected = set(protected)
        self.enums: Dict[str, int] = {}
        self.warnings: List[str] = []
        for name, value in (defines or {}).items():
            self.define(name, value)

    # ----- macro table -------------------------------------------------------------
    def define(self, name: str, value: str = "1") -> None:
        self.macros[name] = Macro(name, None, tokenize(value))

    def undef(self, name: str) -> None:
        self.macros.pop(name, None)

    def constant(self, name: str) -> int:
        """The integer value of a macro or enum constant."""
        if name in self.enums:
            return self.enums[name]
        return evaluate(self.expand([Token("id", name)]), self.enums, limits=self.limits)

    def try_constant(self, name: str) -> Optional[int]:
        try:
            return self.constant(name)
        except (UnknownName, SyntaxError, IndexError, ZeroDivisionError, PreprocessorError):
            return None

    def names_with_prefix(self, prefix: str) -> List[str]:
        """Macro and enum names starting with *prefix*, in definition order."""
        out = [n for n in self.macros if n.startswith(prefix)]
        out += [n for n in self.enums if n.startswith(prefix) and n not in out]
        return out

    def value(self, tokens: Sequence[Token]) -> int:
        """Expand and evaluate an expression (raises UnknownName for unknown identifiers)."""
        return evaluate(self.expand(tokens), self.enums, limits=self.limits)

    # ----- files -------------------------------------------------------------------
    def process_file(self, path: Path) -> List[Token]:
        return self.process_text(read_c_file(path, self.limits), str(path))

    def process_text(self, text: str, filename: str = "<text>") -> List[Token]:
        text = text.replace("\\\r\n", "").replace("\\\n", "")
        text = _strip_comments(text)
        out: List[Token] = []
        pending: List[Token] = []
        stack: List[_Cond] = []

        def active() -> bool:
            return not stack or stack[-1].active

        def flush() -> None:
            if pending:
                out.extend(self.expand(pending))
                pending.clear()

        for lineno, line in enumerate(text.split("\n"), 1):
            stripped = line.strip()
            if stripped.startswith("#"):
                directive = stripped[1:].strip()
                m = re.match(r"([A-Za-z_]+)\s*(.*)", directive, re.DOTALL)
                if not m:
                    continue
                word, rest = m.group(1), m.group(2)
                if word in ("if", "ifdef", "ifndef"):
                    par = active()
                    if not par:
                        cond = False
                    elif word == "ifdef":
                        cond = rest.split()[0] in self.macros
                    elif word == "ifndef":
                        cond = rest.split()[0] not in self.macros
                    else:
                        cond = self._eval_if(rest, filename, lineno)
                    stack.append(_Cond(par and cond, cond, par))
                elif word == "elif":
                    c = stack[-1]
                    if c.taken or not c.parent:
                        c.active = False
                    else:
                        cond = self._eval_if(rest, filename, lineno)
                        c.active = cond
                        c.taken = cond
                elif word == "else":
                    c = stack[-1]
                    c.active = c.parent and not c.taken
                    c.taken = True
                elif word == "endif":
                    stack.pop()
                elif not active():
                    continue
                elif word == "define":
                    flush()
                    self._define_line(rest, lineno)
                elif word == "undef":
                    flush()
                    self.undef(rest.split()[0])
                elif word in ("error",):
                    self.warnings.append(f"{filename}:{lineno}: #error {rest}")
                # #include, #pragma, #line: ignored on purpose
                continue
            if active():
                pending.extend(tokenize(line, lineno))
        flush()
        if stack:
            self.warnings.append(f"{filename}: unterminated #if")
        self._collect_enums(out)
        return out

    def _define_line(self, rest: str, lineno: int) -> None:
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)(\()?", rest)
        if not m:
            return
        name = m.group(1)
        if name in self.protected:
            return
        if m.group(2):
            close = rest.index(")", m.end())
            params = [p.strip() for p in rest[m.end():close].split(",") if p.strip()]
            variadic = bool(params) and params[-1] == "..."
            if variadic:
                params[-1] = "__VA_ARGS__"
            body = tokenize(rest[close + 1:], lineno)
            self.macros[name] = Macro(name, params, body, variadic)
        else:
            self.macros[name] = Macro(name, None, tokenize(rest[m.end():], lineno))

    def _eval_if(self, expr: str, filename: str, lineno: int) -> bool:
        toks = tokenize(expr)
        resolved: List[Token] = []
        i = 0
        while i < len(toks):
            t = toks[i]
            if t.kind == "id" and t.text == "defined":
                if i + 3 < len(toks) and toks[i + 1].text == "(" and toks[i + 3].text == ")":
                    name = toks[i + 2].text
                    i += 4
                elif i + 1 < len(toks) and toks[i + 1].kind == "id":
                    name = toks[i + 1].text
                    i += 2
                else:
                    self.warnings.append(f"{filename}:{lineno}: cannot evaluate #if "
                                         f"{expr!r}: 'defined' without a name")
                    return False
                resolved.append(Token("num", "1" if name in self.macros else "0"))
                continue
            resolved.append(t)
            i += 1
        try:
            return bool(evaluate(self.expand(resolved), self.enums, unknown_is_zero=True,
                                 limits=self.limits))
        except PreprocessorError as e:
            raise PreprocessorError(f"{filename}:{lineno}: #if {expr.strip()}: {e}") from None
        except SyntaxError as e:
            self.warnings.append(f"{filename}:{lineno}: cannot evaluate #if {expr!r}: {e}")
            return False

    def _collect_enums(self, toks: Sequence[Token]) -> None:
        i = 0
        while i < len(toks):
            if toks[i].kind == "id" and toks[i].text == "enum":
                j = i + 1
                if j < len(toks) and toks[j].kind == "id":
                    j += 1
                if j < len(toks) and toks[j].text == "{":
                    k = j + 1
                    depth = 1
                    while depth:
                        if toks[k].text == "{":
                            depth += 1
                        elif toks[k].text == "}":
                            depth -= 1
                        k += 1
                    body = toks[j + 1:k - 1]
                    nxt = 0
                    for member in _split_commas(body):
                        if not member:
                            continue
                        name = member[0].text
                        if len(member) > 2 and member[1].text == "=":
                            try:
                                nxt = evaluate(member[2:], self.enums, limits=self.limits)
                            except (UnknownName, SyntaxError):
                                continue
                        self.enums[name] = nxt
                        nxt += 1
                    i = k
                    continue
            i += 1

    # ----- expansion ---------------------------------------------------------------
    def expand(self, tokens: Sequence[Token]) -> List[Token]:
        """Fully macro-expand *tokens* (Prosser's hide-set algorithm, simplified)."""
        stack = list(reversed(tokens))
        out: List[Token] = []
        limit = self.limits.cpp_tokens
        budget = limit                     # tokens the macros of this text may still make
        while stack:
            if len(stack) + len(out) > budget:
                raise PreprocessorError(f"macro expansion makes more than {limit:,} "
                                        "tokens (a doubling #define chain?); "
                                        + hint("cpp_tokens", self.limits))
            t = stack.pop()
            if len(t.hide) > self.limits.depth:
                raise PreprocessorError(f"macros expand inside one another more than "
                                        f"{self.limits.depth} deep; "
                                        + hint("depth", self.limits))
            if t.kind != "id" or t.text in t.hide or t.text in self.protected:
                out.append(t)
                continue
            m = self.macros.get(t.text)
            if m is None:
                out.append(t)
                continue
            if m.params is None:
                hs = t.hide | {m.name}
                body = [b.with_hide(b.hide | hs) for b in m.body]
                body = self._paste(body)
                budget -= len(body)
                stack.extend(reversed(body))
                continue
            if not stack or stack[-1].text != "(":
                out.append(t)
                continue
            # collect the arguments from the stack
            depth = 0
            raw: List[Token] = []
            while True:
                if not stack:
                    raise SyntaxError(f"unterminated call of macro {m.name}")
                a = stack.pop()
                raw.append(a)
                if a.text == "(":
                    depth += 1
                elif a.text == ")":
                    depth -= 1
                    if depth == 0:
                        break
            args, _ = split_args(raw, 0)
            rparen = raw[-1]
            if m.variadic and len(args) > len(m.params):
                fixed = len(m.params) - 1
                va: List[Token] = []
                for k, a in enumerate(args[fixed:]):
                    if k:
                        va.append(Token("op", ","))
                    va.extend(a)
                args = args[:fixed] + [va]
            if len(m.params) == 0 and args == []:
                pass
            elif len(args) != len(m.params):
                if not (len(m.params) == 1 and not args):
                    raise SyntaxError(
                        f"macro {m.name} expects {len(m.params)} arguments, got {len(args)}")
                args = [[]]
            hs = (t.hide & rparen.hide) | {m.name}
            body = self._substitute(m, args, hs)
            budget -= len(body)
            stack.extend(reversed(body))
        return out

    def _substitute(self, m: Macro, args: List[List[Token]], hs: frozenset) -> List[Token]:
        params = {p: i for i, p in enumerate(m.params or [])}
        expanded_cache: Dict[int, List[Token]] = {}
        body = m.body
        res: List[Token] = []
        i = 0
        while i < len(body):
            b = body[i]
            if b.text == "#" and i + 1 < len(body) and body[i + 1].text in params:
                arg = args[params[body[i + 1].text]]
                s = " ".join(a.text for a in arg).replace("\\", "\\\\").replace('"', '\\"')
                res.append(Token("str", f'"{s}"', hs, b.line))
                i += 2
                continue
            if b.kind == "id" and b.text in params:
                idx = params[b.text]
                near_paste = ((i > 0 and body[i - 1].text == "##")
                              or (i + 1 < len(body) and body[i + 1].text == "##"))
                if near_paste:
                    res.extend(a.with_hide(a.hide | hs) for a in args[idx])
                else:
                    if idx not in expanded_cache:
                        expanded_cache[idx] = self.expand(args[idx])
                    res.extend(a.with_hide(a.hide | hs) for a in expanded_cache[idx])
                i += 1
                continue
            res.append(b.with_hide(b.hide | hs))
            i += 1
        return self._paste(res)

    @staticmethod
    def _paste(toks: List[Token]) -> List[Token]:
        if not any(t.text == "##" for t in toks):
            return toks
        out: List[Token] = []
        i = 0
        while i < len(toks):
            t = toks[i]
            if t.text == "##" and out and i + 1 < len(toks):
                left = out.pop()
                right = toks[i + 1]
                new = tokenize(left.text + right.text)
                out.extend(n.with_hide(left.hide) for n in new)
                i += 2
                continue
            out.append(t)
            i += 1
        return out


def read_c_file(path, limits: Limits = DEFAULT_LIMITS) -> str:
    """A C source file's text: a regular file only (a FIFO, a device, /proc/self/environ
    through a symlink are refused before or right after opening, without blocking), at
    most the ``c_file_size`` limit; PreprocessorError otherwise."""
    import os
    from unlev.lang.sources import special_kind
    limit = limits.c_file_size
    path = str(path)
    try:
        kind = special_kind(os.stat(path).st_mode)
        if kind is not None:
            raise PreprocessorError(f"cannot read {path}: {kind}, not a C source file")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            st = os.fstat(fd)
            kind = special_kind(st.st_mode)
            if kind is not None:
                raise PreprocessorError(f"cannot read {path}: {kind}, not a C source file")
            if st.st_size > limit:
                raise PreprocessorError(f"{path} is {st.st_size:,} bytes, more than a C "
                                        f"source file may be; " + hint("c_file_size", limits))
            with os.fdopen(os.dup(fd), "rb") as fh:
                raw = fh.read(limit + 1)
        finally:
            os.close(fd)
    except OSError as e:
        raise PreprocessorError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > limit:
        raise PreprocessorError(f"{path} is more than {limit:,} bytes; "
                                + hint("c_file_size", limits))
    return raw.decode("latin-1")


def _split_commas(tokens: Sequence[Token]) -> List[List[Token]]:
    parts: List[List[Token]] = [[]]
    depth = 0
    for t in tokens:
        if t.text in "([{":
            depth += 1
        elif t.text in ")]}":
            depth -= 1
        if t.text == "," and depth == 0:
            parts.append([])
        else:
            parts[-1].append(t)
    return parts
