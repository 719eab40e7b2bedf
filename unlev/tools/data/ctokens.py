"""C tokens, and the picking apart of a table's rows from them.

Why a module of its own: the table readers (``importer_monsters``, ``importer_objects``,
NetHack 3.7's reader) see a C source file as the token stream the preprocessor
(:mod:`unlev.tools.data.cpre`) leaves: they find the protected row macros' calls
(``MON(...)``, ``OBJECT(...)``), an array's ``= { ... }`` initializer, and split
arguments and braces as a C compiler would (commas inside parentheses or braces do not
separate).  That is token work with no preprocessing in it; it follows no one function
of NetHack, whose own makedefs leaves this to the C compiler.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Sequence


class Token:
    __slots__ = ("kind", "text", "hide", "line")

    def __init__(self, kind: str, text: str, hide: frozenset = frozenset(), line: int = 0):
        self.kind = kind      # 'id', 'num', 'str', 'chr', 'op'
        self.text = text
        self.hide = hide
        self.line = line

    def with_hide(self, hide: frozenset) -> "Token":
        return Token(self.kind, self.text, hide, self.line)

    def __repr__(self) -> str:
        return f"Token({self.kind}, {self.text!r})"


_TOKEN_RE = re.compile(
    r"""
    (?P<id>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<num>(?:0[xX][0-9A-Fa-f]+|\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+)[uUlLfF]*)
  | (?P<str>"(?:\\.|[^"\\])*")
  | (?P<chr>'(?:\\.|[^'\\])+')
  | (?P<op>\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\#\#|[-+*/%&|^~!<>=?:;,.(){}\[\]\#])
  | (?P<ws>\s+)
  | (?P<bad>.)
    """,
    re.VERBOSE | re.DOTALL,
)


def tokenize(text: str, line: int = 0) -> List[Token]:
    out: List[Token] = []
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        if kind == "ws":
            continue
        if kind == "bad":
            # stray characters (e.g. '@' or '$' in odd code): keep as operators
            kind = "op"
        out.append(Token(kind, m.group(), frozenset(), line))
    return out


def tokens_text(tokens: Sequence[Token]) -> str:
    return " ".join(t.text for t in tokens)


def split_args(tokens: Sequence[Token], start: int) -> tuple:
    """tokens[start] is '('; return (list of argument token lists, index of matching ')')."""
    assert tokens[start].text == "("
    depth = 0
    args: List[List[Token]] = [[]]
    i = start
    while i < len(tokens):
        t = tokens[i]
        if t.kind == "op" and t.text in "([{":
            depth += 1
            if depth > 1:
                args[-1].append(t)
        elif t.kind == "op" and t.text in ")]}":
            depth -= 1
            if depth == 0:
                if len(args) == 1 and not args[0]:
                    args = []
                return args, i
            args[-1].append(t)
        elif t.kind == "op" and t.text == "," and depth == 1:
            args.append([])
        else:
            args[-1].append(t)
        i += 1
    raise SyntaxError("unterminated argument list")


@dataclass
class Call:
    """A protected macro invocation found in the expanded stream: NAME(args...)."""
    name: str
    args: List[List[Token]]
    line: int = 0


def find_calls(tokens: Sequence[Token], name: str) -> List[Call]:
    """All top-level invocations of the (protected) macro *name*."""
    out: List[Call] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.kind == "id" and t.text == name and i + 1 < len(tokens) and tokens[i + 1].text == "(":
            args, end = split_args(tokens, i + 1)
            out.append(Call(name, args, t.line))
            i = end + 1
        else:
            i += 1
    return out


def find_initializer(tokens: Sequence[Token], name: str) -> List[Token]:
    """The tokens of ``name[...] = { ... }`` (including the outer braces)."""
    for i, t in enumerate(tokens):
        if t.kind == "id" and t.text == name and i + 1 < len(tokens) and tokens[i + 1].text == "[":
            j = i + 1
            while j < len(tokens) and tokens[j].text != "=":
                if tokens[j].text in (";", "{", "("):
                    break
                j += 1
            if j >= len(tokens) or tokens[j].text != "=" or tokens[j + 1].text != "{":
                continue
            depth = 0
            for k in range(j + 1, len(tokens)):
                if tokens[k].text == "{":
                    depth += 1
                elif tokens[k].text == "}":
                    depth -= 1
                    if depth == 0:
                        return list(tokens[j + 1:k + 1])
            raise SyntaxError(f"unterminated initializer for {name}")
    raise KeyError(f"no initializer for array {name!r}")


def parse_braces(tokens: Sequence[Token]):
    """Turn a braced initializer into nested lists; leaves are token lists."""
    assert tokens[0].text == "{" and tokens[-1].text == "}"
    pos = 0

    def parse_list():
        nonlocal pos
        assert tokens[pos].text == "{"
        pos += 1
        items = []
        cur: list = []
        cur_is_list = None
        while True:
            t = tokens[pos]
            if t.text == "{" and not cur:
                cur_is_list = parse_list()
                continue
            if t.text in (",", "}"):
                if cur_is_list is not None:
                    items.append(cur_is_list)
                elif cur:
                    items.append(cur)
                cur, cur_is_list = [], None
                pos += 1
                if t.text == "}":
                    return items
                continue
            if t.text == "(":
                # keep parenthesised groups whole (commas inside are not separators)
                depth = 0
                while True:
                    tt = tokens[pos]
                    cur.append(tt)
                    pos += 1
                    if tt.text == "(":
                        depth += 1
                    elif tt.text == ")":
                        depth -= 1
                        if depth == 0:
                            break
                continue
            cur.append(t)
            pos += 1

    return parse_list()
