"""The lexer rules of the older dialects' states: NetHack 3.6, NetHack 3.4.3, UnNetHack 3.5.2 and 3.5.1.

Split from :mod:`unlev.lang.lexer` (issue 27's size goal).  Each of these games' own
``lev_comp.l`` reads words and numbers its own way (3.6: flex's longest match over
``[-_a-zA-Z0-9]+``; 3.4.3: keywords matched anywhere, no identifier rule; UnNetHack
3.5.x: 3.4.3's words with a few of its own), so each is an inclusive PLY state of
:class:`~unlev.lang.lexer.DesLexer` whose rules are tried before the shared ones.
``DialectRules`` is the mixin holding those rules; PLY collects them from the lexer
object and orders each state's rules by their line here.  Also here, because both
rule sets use them and this is the lower module: ``c_atoi`` (lev_comp's ``atoi`` of a
literal) and the typed-variable token names.
"""

from __future__ import annotations

import re

from .diagnostics import DesError, Span

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Optional

# the token type of a typed variable: VARSTRING_<this>[_ARRAY]
VAR_TOKEN = {"int": "INT", "string": "STRING", "coord": "COORD", "region": "REGION",
              "mapchar": "MAPCHAR", "monster": "MONST", "object": "OBJ", "selection": "SEL"}


def c_atoi(text: str) -> int:
    """The value lev_comp's ``atoi`` gives a literal: strtol's (clamped to a 64-bit
    long) cut to a 32-bit int.  Python never converts more than 20 digits, so a
    5,000-digit literal costs nothing (and 2**40 reads as lev_comp reads it: 0)."""
    if len(text) < 10 and text.isdigit():     # the common case: an int as it is
        return int(text)
    t = text.strip()
    sign = -1 if t.startswith("-") else 1
    digits = t.lstrip("+-").lstrip("0") or "0"
    if len(digits) > 19 or int(digits) > _LONG_MAX + (sign < 0):
        v = _LONG_MAX if sign > 0 else -_LONG_MAX - 1
    else:
        v = sign * int(digits)
    return (v + 2 ** 31) % 2 ** 32 - 2 ** 31


_LONG_MAX = 2 ** 63 - 1
# 3.6's words that are numbers (t_nh36_WORD)
_DICE_WORD = re.compile(r"[0-9]+d[0-9]+")
_INTEGER_WORD = re.compile(r"-?[0-9]+")


def _prefixes(run: str):
    for i in range(len(run), 0, -1):
        yield run[:i]


class DialectRules:
    """The rules of the nh36, nh343, unh352 and unh351 states (a mixin of the lexer)."""

    def fail_at(self, message: str, t, hint: Optional[str] = None) -> None:
        """A lexer error at token ``t`` (every rule's, here as the lower module)."""
        raise DesError(message, Span(self.filename, t.lineno, self.column(t.lexpos)), hint)

    # -- NetHack 3.6 (state nh36): flex's longest match over [-_a-zA-Z0-9]+ ---------
    # 3.6's lev_comp.l ends its word rules with "[-_a-zA-Z0-9]+ -> UNKNOWN_TYPE", so a
    # run of those characters is one token: a keyword or number only when it is the
    # whole run ("5-3", "lit2" and a lone "-" are unknown words), and variables
    # take letters only.
    def t_nh36_MAPSTART(self, t):
        r"^MAP\r?\n"
        self.t_MAPSTART(t)

    def t_nh36_VARIABLE(self, t):
        r"\$[a-zA-Z_]+"
        t.text = t.value
        info = self.lookup_var(t.value)
        if info is None:
            t.type = "VARSTRING"
        else:
            vtype, is_array = info
            t.type = f"VARSTRING_{VAR_TOKEN[vtype]}" + ("_ARRAY" if is_array else "")
        return t

    def t_nh36_WORD(self, t):
        r"[-_a-zA-Z0-9]+"
        word = t.text = t.value
        data, end = t.lexer.lexdata, t.lexer.lexpos
        nxt = data[end] if end < len(data) else ""
        if word == "random" and nxt == "[":
            t.lexer.lexpos += 1
            t.text, t.type, t.value = "random[", "RANDOM_TYPE_BRACKET", -1
            return t
        if word.isdigit() and nxt == "%":
            t.lexer.lexpos += 1
            t.text, t.type, t.value = word + "%", "SPERCENT", c_atoi(word)
            if t.value > 100:
                self.fail_at(f"Unexpected percentile '{t.value}%'", t)
            return t
        kw = self.keywords.get(word)
        if kw is not None:
            t.type, value = kw
            t.value = value if value is not None else word
        elif _DICE_WORD.fullmatch(word):
            n, d = word.split("d")
            t.type, t.value = "DICE", (c_atoi(n), c_atoi(d))
        elif _INTEGER_WORD.fullmatch(word):
            t.type = "MINUS_INTEGER" if word[0] == "-" else "INTEGER"
            t.value = c_atoi(word)
        else:
            t.type = "UNKNOWN_TYPE"
        return t

    # -- NetHack 3.4.3 (state nh343): keywords matched anywhere, no words ------------
    # 3.4.3's lexer has no identifier rule: the longest keyword at the position wins
    # ("randomly" is "random" then 'l'), any other character is a token of its own,
    # numbers take a sign, and '#' starts a comment only in column 1.
    def t_nh343_MAPSTART(self, t):
        r"^MAP\r?\n"
        self.t_MAPSTART(t)

    def t_nh343_COMMENT(self, t):
        r"^\#[^\n]*\n"
        t.lexer.lineno += 1

    def t_nh343_INDENT(self, t):
        r"^[ \t]+"
        # Not a comment even before '#': the '#' then reaches t_error.

    def t_nh343_INTEGER(self, t):
        r"[+\-]?[0-9]+"
        t.text = t.value
        t.value = c_atoi(t.value)
        return t

    def t_nh343_WORD(self, t):
        r"[A-Za-z_][-A-Za-z_]*"
        run = t.value
        best = max((k for k in _prefixes(run) if k in self.keywords), key=len, default=None)
        if best is None:
            t.lexer.lexpos = t.lexpos + 1
            t.text = t.value = run[0]
            t.type = "UNKNOWN_CHAR"
            return t
        t.lexer.lexpos = t.lexpos + len(best)
        t.text = best
        t.type, value = self.keywords[best]
        t.value = value if value is not None else best
        return t

    def t_nh343_DOLLAR(self, t):
        r"[$!<>=&*/%]"
        t.text = t.value
        t.type = "UNKNOWN_CHAR"
        return t

    # -- UnNetHack 3.5.2 (state unh352): 3.4.3's words, comments may be indented -------
    # Its lev_comp.l is 3.4.3's with the new keywords, "^[ \t]*#" comments and
    # SPERCENT ("[0-9]+%") tried before a number.
    def t_unh352_MAPSTART(self, t):
        r"^MAP\r?\n"
        self.t_MAPSTART(t)

    def t_unh352_SPERCENT(self, t):
        r"[0-9]+%"
        return self.t_SPERCENT(t)

    def t_unh352_INTEGER(self, t):
        r"[+\-]?[0-9]+"
        return self.t_nh343_INTEGER(t)

    def t_unh352_WORD(self, t):
        r"[A-Za-z_][-A-Za-z_]*"
        return self.t_nh343_WORD(t)

    def t_unh352_DOLLAR(self, t):
        r"[$!<>=&*/%]"
        return self.t_nh343_DOLLAR(t)

    # -- UnNetHack 3.5.1 (state unh351): 3.5.2's rules, comments in column 1 only -----
    def t_unh351_MAPSTART(self, t):
        r"^MAP\r?\n"
        self.t_MAPSTART(t)

    def t_unh351_COMMENT(self, t):
        r"^\#[^\n]*\n"
        t.lexer.lineno += 1

    def t_unh351_INDENT(self, t):
        r"^[ \t]+"

    def t_unh351_SPERCENT(self, t):
        r"[0-9]+%"
        return self.t_SPERCENT(t)

    def t_unh351_INTEGER(self, t):
        r"[+\-]?[0-9]+"
        return self.t_nh343_INTEGER(t)

    def t_unh351_WORD(self, t):
        r"[A-Za-z_][-A-Za-z_]*"
        return self.t_nh343_WORD(t)

    def t_unh351_DOLLAR(self, t):
        r"[$!<>=&*/%]"
        return self.t_nh343_DOLLAR(t)
