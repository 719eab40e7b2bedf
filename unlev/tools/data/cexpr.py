"""C integer constant expressions, as ``#if`` and enum initializers need them.

Why a module of its own: the value of ``#if FEATURE && VERSION >= 3``, of an enum member
``= (1 << 4) | 2`` or of a character constant ``'\\033'`` follows C's rules -- 64-bit
two's-complement arithmetic, division truncating toward zero, octal and hex literals,
escapes -- and the preprocessor (:mod:`unlev.tools.data.cpre`) asks for it on tokens it
has already expanded.  A precedence-climbing evaluator, nested at most as deep as the
run's limits allow.
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence

from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS, Limits

from .ctokens import Token, tokens_text


class UnknownName(Exception):
    """An identifier in a constant expression that has no known value."""


_CAST_WORDS = {"char", "int", "long", "short", "unsigned", "signed", "const", "void",
               "schar", "uchar", "xchar", "boolean", "genericptr_t", "struct", "aligntyp",
               "*"}


def _c_int(text: str) -> int:
    t = text.rstrip("uUlL")
    if t.lower().startswith("0x"):
        return int(t, 16)
    if len(t) > 1 and t.startswith("0") and t.isdigit():
        return int(t, 8)
    return int(t)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0", "\\": "\\", "'": "'", '"': '"',
            "a": "\a", "b": "\b", "f": "\f", "v": "\v", "?": "?"}


def unescape(body: str) -> str:
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            nxt = body[i + 1]
            if nxt in "01234567":
                j = i + 1
                while j < len(body) and j < i + 4 and body[j] in "01234567":
                    j += 1
                out.append(chr(int(body[i + 1:j], 8)))
                i = j
                continue
            if nxt == "x":
                j = i + 2
                while j < len(body) and body[j] in "0123456789abcdefABCDEF":
                    j += 1
                out.append(chr(int(body[i + 2:j], 16)))
                i = j
                continue
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


class PreprocessorError(ValueError):
    """Input the preprocessor will not go on with (division by zero in ``#if``, a macro
    expansion past the limits, a file too big or not a regular file): the importer
    reports it as ``unlev data: error: ...``."""


def _i64(v: int) -> int:
    """A value as C's 64-bit integers hold it (``#if`` arithmetic is intmax_t): Python's
    integers would grow without bound (``1 << 99999999999``)."""
    v &= 0xFFFFFFFFFFFFFFFF
    return v - (1 << 64) if v >> 63 else v


def _cdiv(a: int, b: int) -> int:
    if b == 0:
        raise PreprocessorError("division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _cmod(a: int, b: int) -> int:
    return a - b * _cdiv(a, b)


class _ExprParser:
    """Precedence-climbing evaluator for C integer constant expressions."""

    BINARY = {
        "||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
        "<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9,
        "*": 10, "/": 10, "%": 10,
    }

    def __init__(self, tokens: Sequence[Token], names: Optional[Dict[str, int]] = None,
                 unknown_is_zero: bool = False, limits: Limits = DEFAULT_LIMITS):
        self.limits = limits
        self.toks = list(tokens)
        self.i = 0
        self.names = names or {}
        self.unknown_is_zero = unknown_is_zero

    def peek(self) -> Optional[Token]:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> Token:
        t = self.peek()
        if t is None:
            raise SyntaxError("unexpected end of expression")
        self.i += 1
        return t

    def parse(self) -> int:
        v = self.ternary()
        if self.peek() is not None:
            raise SyntaxError(f"trailing tokens: {tokens_text(self.toks[self.i:])}")
        return v

    def ternary(self) -> int:
        self.depth = getattr(self, "depth", 0) + 1
        if self.depth > self.limits.depth:
            raise PreprocessorError(f"an expression nested more than {self.limits.depth} "
                                    "levels deep")
        try:
            return self._ternary()
        finally:
            self.depth -= 1

    def _ternary(self) -> int:
        cond = self.binary(1)
        t = self.peek()
        if t is not None and t.text == "?":
            self.take()
            a = self.ternary()
            if self.take().text != ":":
                raise SyntaxError("expected ':'")
            b = self.ternary()
            return a if cond else b
        return cond

    def binary(self, min_prec: int) -> int:
        lhs = self.unary()
        while True:
            t = self.peek()
            if t is None or t.kind != "op" or t.text not in self.BINARY:
                return lhs
            prec = self.BINARY[t.text]
            if prec < min_prec:
                return lhs
            self.take()
            rhs = self.binary(prec + 1)
            lhs = self.apply(t.text, lhs, rhs)

    @classmethod
    def apply(cls, op: str, a: int, b: int) -> int:
        return _i64(cls._apply(op, a, b))

    @staticmethod
    def _apply(op: str, a: int, b: int) -> int:
        if op == "||":
            return int(bool(a) or bool(b))
        if op == "&&":
            return int(bool(a) and bool(b))
        if op == "|":
            return a | b
        if op == "^":
            return a ^ b
        if op == "&":
            return a & b
        if op == "==":
            return int(a == b)
        if op == "!=":
            return int(a != b)
        if op == "<":
            return int(a < b)
        if op == ">":
            return int(a > b)
        if op == "<=":
            return int(a <= b)
        if op == ">=":
            return int(a >= b)
        if op in ("<<", ">>") and not 0 <= b < 64:
            raise PreprocessorError(f"shift by {b} (C's integers have 64 bits)")
        if op == "<<":
            return a << b
        if op == ">>":
            return a >> b
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            return _cdiv(a, b)
        if op == "%":
            return _cmod(a, b)
        raise SyntaxError(op)

    def unary(self) -> int:
        t = self.take()
        if t.kind == "op":
            if t.text == "-":
                return _i64(-self.unary())
            if t.text == "+":
                return self.unary()
            if t.text == "!":
                return int(not self.unary())
            if t.text == "~":
                return _i64(~self.unary())
            if t.text == "(":
                # a cast such as (char *) or (int)?
                j = self.i
                while j < len(self.toks) and self.toks[j].text in _CAST_WORDS:
                    j += 1
                if j > self.i and j < len(self.toks) and self.toks[j].text == ")":
                    self.i = j + 1
                    return self.unary()
                v = self.ternary()
                if self.take().text != ")":
                    raise SyntaxError("expected ')'")
                return v
        if t.kind == "num":
            return _i64(_c_int(t.text))
        if t.kind == "chr":
            s = unescape(t.text[1:-1])
            return ord(s[0]) if s else 0
        if t.kind == "id":
            if t.text in self.names:
                return self.names[t.text]
            if self.unknown_is_zero:
                return 0
            raise UnknownName(t.text)
        raise SyntaxError(f"unexpected token {t.text!r}")


def evaluate(tokens: Sequence[Token], names: Optional[Dict[str, int]] = None,
             unknown_is_zero: bool = False, limits: Limits = DEFAULT_LIMITS) -> int:
    """Evaluate an already macro-expanded C integer constant expression (nested at
    most ``limits.depth`` deep)."""
    return _ExprParser(tokens, names, unknown_is_zero, limits).parse()
