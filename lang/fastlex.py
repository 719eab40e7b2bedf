"""The des-file lexer's driver: PLY's token loop with the common rules inlined.

Why a module of its own: PLY's lexer calls a Python rule function for every match, the
blanks and newlines between tokens included, and reads a MAP block one row (and one
call) at a time; on the UnNetHack corpus that was a fifth of ``unlev check``. This
driver stands where PLY's lexer object stands for a :class:`unlev.lang.lexer.DesLexer`
(same ``lexdata``, ``lexpos``, ``lineno``, ``begin``, ``token``), matches with the
very master patterns PLY compiled from the rules (so the same rule wins at every
position, in the same order as lev_comp's ``util/lev_comp.l``) -- after the blanks,
newlines and comments, only the rules that can begin with the token's first character
(:mod:`unlev.lang.regex_first`), so a comma no longer fails sixteen rules first -- and then:

* skips blanks, newlines and comment lines, and builds integer, string, word and
  punctuation tokens, without a call;
* takes a whole ``MAP`` ... ``ENDMAP`` block in one match when every row holds only the
  dialect's map characters (anything else goes row by row through the rules, which
  report the exact character);
* hands every other match to the rule itself, as PLY does.

Lexers in the shared ``INITIAL`` state use it (UnNetHack's dialects, with or without a
profile's words), and those of NetHack 3.6 and UnNetHack 3.5.2, whose states try their
own rules first (``FAST_STATES``); 3.4.3's and UnNetHack 3.5.1's keep PLY's own loop.
``tests/test_fastlex.py`` proves the tokens identical, token for token, to PLY's.
"""

from __future__ import annotations

import re

from ply.lex import LexError, LexToken


# One row of a MAP block as the map state's line rule takes it, rows, then ENDMAP.
_MAP_ROWS = re.compile(r"(?:[-|}{+xABCISHKMPLWTtFYU\\#. 0-9]*\r?\n)*ENDMAP")
_ROW = re.compile(r"([-|}{+xABCISHKMPLWTtFYU\\#. 0-9]*)\r?\n")

# rule name -> what the driver does itself
_IDENT, _LITERAL, _INTEGER, _STRING, _MAPSTART, _CHAR, _WORD36 = range(1, 8)
_INLINE = {"t_INTEGER": _INTEGER, "t_STRING": _STRING, "t_IDENT": _IDENT,
           "t_LITERAL": _LITERAL, "t_MAPSTART": _MAPSTART, "t_CHAR": _CHAR,
           "t_nh36_WORD": _WORD36, "t_nh36_MAPSTART": _MAPSTART}
# the rules that make no token, in the order PLY tries them
_SKIP_RULES = ("t_COMMENT", "t_newline", "t_whitespace")

# A run of blanks is taken whole by the skip: "(?:[ \t]+)*" could split n blanks 2^n
# ways, and where no rule matches after them (trailing blanks on the last line) the
# engine tried them all -- 30 blanks took minutes.  No rule that makes a token begins
# with a blank, so a blank run that stops early never led to a match anyway.
_UNSPLIT = {"t_whitespace": r"(?![ \t])"}

_MASTER = {}

# The states the driver serves: the shared one, and the inclusive states whose own
# rules (tried before the shared ones) cannot begin with a blank, a newline or '#'
# (3.6's words and variables, UnNetHack 3.5.2's words, numbers and signs), so the
# blanks and comments before a token are still the shared skip rules' alone.  3.4.3's
# and UnNetHack 3.5.1's states have rules of their own for indentation and column-1
# comments and keep PLY's loop.
FAST_STATES = ("INITIAL", "nh36", "unh352")


def _rule_names(template, state: str) -> list:
    """The state's rules in PLY's order (an inclusive state's own first)."""
    names = []
    for cre, _findex in template.lexstatere[state]:
        names += sorted(cre.groupindex, key=cre.groupindex.get)   # PLY's order
    return names


def _skip_text(rules) -> str:
    """The three shared rules that make no token, in the order PLY tries them, one
    alternation (a run of blanks matched whole: ``_UNSPLIT``)."""
    return "|".join(getattr(rules, name).__doc__ + _UNSPLIT.get(name, "")
                    for name in _SKIP_RULES)


def _named(names, doc_of) -> str:
    """The rules ``names`` as one alternation of named groups, in that order."""
    return "|".join(f"(?P<{name}>{doc_of(name)})" for name in names)


def master_pattern(template, rules, state: str = "INITIAL"):
    """One pattern for a state: any run of comment lines, newlines and blanks (the
    three shared rules that make no token, in the order PLY tries them), then the
    other rules in PLY's order as named groups -- an inclusive state's own rules first,
    as PLY tries its two master patterns in turn. Where the run of blanks stops none of
    the three can match, so leaving them out of the rules that follow changes nothing; a
    run of blanks is matched whole (``_UNSPLIT``), so a failed match costs linear time."""
    if state not in FAST_STATES:
        return None
    retext = tuple(template.lexstateretext[state])
    if len(retext) != (1 if state == "INITIAL" else 2):
        return None
    pat = _MASTER.get(retext)
    if pat is None:
        names = [n for n in _rule_names(template, state) if n not in _SKIP_RULES]
        alts = _named(names, lambda name: getattr(rules, name).__doc__)
        pat = _MASTER[retext] = _Master(f"(?:{_skip_text(rules)})*(?:{alts})",
                                        template.lexreflags)
    return pat


class _Master:
    """A state's master pattern, compiled at its first use: with the first-character
    dispatch a file needs it only for a token that begins with a character no rule's
    first characters list (a non-ASCII one), most files never (half a millisecond of
    every first check)."""

    __slots__ = ("pattern", "flags", "_rx")

    def __init__(self, pattern: str, flags: int) -> None:
        self.pattern, self.flags, self._rx = pattern, flags, None

    @property
    def compiled(self):
        if self._rx is None:
            self._rx = re.compile(self.pattern, self.flags)
        return self._rx


# Where a token may begin after the blanks, newlines and comments: by its first
# character, the rules that can begin with it (regex_first), in PLY's order, as one
# pattern -- the same match as the master pattern's, whose alternation tried every rule
# in turn (a comma failed sixteen rules before the literal rule took it).  The skip is
# matched first on its own, as the master matched it: no rule can begin with what the
# skip takes (a blank, a newline or a '#'; checked, else no dispatch), so the master
# never gave the skip back to let a rule match.  A character no table lists (non-ASCII,
# or a rule this cannot read) goes to the master pattern.
_SKIP_CHARS = frozenset(" \t\r\n#")
_DISPATCH: dict = {}


def dispatch_patterns(template, rules, state: str = "INITIAL"):
    """(the skip pattern, {character: the pattern of the rules that can begin with it},
    the characters only the single-character literal rule takes) of a state whose
    master pattern :func:`master_pattern` makes; None when a rule's first characters
    cannot be read or one can begin with what the skip takes."""
    retext = tuple(template.lexstateretext[state])
    if retext in _DISPATCH:
        return _DISPATCH[retext]
    from .regex_first import first_chars
    flags = template.lexreflags
    found = None
    names = [n for n in _rule_names(template, state) if n not in _SKIP_RULES]
    docs = {n: getattr(rules, n).__doc__ for n in names}
    firsts = {n: first_chars(docs[n], flags) for n in names}
    if all(f is not None and not (f & _SKIP_CHARS) for f in firsts.values()):
        table = _Takers(names, docs, firsts, flags)
        single = "t_LITERAL" in docs and _single_char(docs["t_LITERAL"], flags)
        only_literal = frozenset(
            chr(c) for c in range(128)
            if single and tuple(n for n in names if chr(c) in firsts[n]) == ("t_LITERAL",))
        found = (re.compile(f"(?:{_skip_text(rules)})*", flags), table, only_literal)
    _DISPATCH[retext] = found
    return found


class _Takers:
    """{character: the pattern of the rules that can begin with it (None: no rule)},
    each pattern compiled at its first character's first token (a file meets a few)."""

    def __init__(self, names, docs, firsts, flags) -> None:
        self.names, self.docs, self.firsts, self.flags = names, docs, firsts, flags
        self._by_takers: dict = {}

    def get(self, c: str):
        if len(c) != 1 or ord(c) > 127:
            return None
        takers = tuple(n for n in self.names if c in self.firsts[n])
        if not takers:
            return None
        pat = self._by_takers.get(takers)
        if pat is None:
            pat = self._by_takers[takers] = re.compile(_named(takers, self.docs.get),
                                                       self.flags)
        return pat


class _SharedRules:
    """What every lexer of one class and state shares: the declared token types, the
    rules (the class's functions), and by first character the pattern a token is read
    with and its rules by group number -- made once, not for every file."""

    def __init__(self, template, master, cls, state: str) -> None:
        self.tokens = frozenset(template.lextokens_all)
        # the token type PLY gives a rule's match before calling it (the rule's name
        # without ``t_`` and its states: ``t_unh352_SPERCENT`` makes SPERCENT)
        types = {f[0].__name__: f[1] for groups in template.lexstatere.values()
                 for _cre, findex in groups for f in findex if f and f[0]}
        # (inlined kind or None, rule, type) of each rule: the class's functions
        self.rules = {name: (_INLINE.get(name), getattr(cls, name), types.get(name, name[2:]))
                      for name in _rule_names(template, state) if name not in _SKIP_RULES}
        disp = dispatch_patterns(template, cls, state)
        self._general = None
        self._master = master
        skip, self._by_char, only_literal = disp or (None, None, frozenset())
        self.dispatch = (skip.match if skip is not None else None, only_literal,
                         _SKIP_CHARS if disp else frozenset())
        self.entries: dict = {}     # character -> (its pattern's match, rules by group)

    def entry(self, c: str):
        """(the match of the pattern a token beginning with ``c`` is read with, the
        rules by its group numbers), made at the character's first token."""
        pat = self._by_char.get(c) if self._by_char is not None else None
        if pat is None:
            if self._general is None:
                self._general = self._indexed(self._master.compiled)
            entry = self._general
        else:
            entry = self._indexed(pat)
        self.entries[c] = entry
        return entry

    def _indexed(self, pat):
        """(``pat``'s match, its rules by group number)."""
        index = [(None, None, None)] * (pat.groups + 1)
        for name, i in pat.groupindex.items():
            if name in self.rules:          # (the master's skip group is no rule)
                index[i] = self.rules[name]
        return pat.match, index


_SHARED: dict = {}


def _shared_rules(template, master, cls, state: str) -> _SharedRules:
    key = (master, cls, state)
    shared = _SHARED.get(key)
    if shared is None:
        shared = _SHARED[key] = _SharedRules(template, master, cls, state)
    return shared


def _single_char(pattern: str, flags: int) -> bool:
    """Whether every match of ``pattern`` is one character long."""
    from .regex_first import P
    return tuple(P.parse(pattern, flags).getwidth()) == (1, 1)


def _unknown_type(func, type_, rest) -> LexError:
    """PLY's error for a rule that made a token type the lexer does not declare."""
    code = func.__code__
    return LexError(f"{code.co_filename}:{code.co_firstlineno}: Rule '{func.__name__}' "
                    f"returned an unknown token type '{type_}'", rest)


def _pushed_back(book, pending):
    """The token the parser pushed back last (``MasterLexer.tokens``' bookkeeping)."""
    tok = pending.pop()
    book.last = tok
    if tok.type == "EXT_RAW":
        book.raw_line(tok)
    return tok


class MasterLexer:
    """PLY's lexer object for one :class:`~unlev.lang.lexer.DesLexer`, faster."""

    def __init__(self, owner, template, master, words, state: str = "INITIAL") -> None:
        """``owner``: the DesLexer whose rules these are; ``template``: PLY's lexer
        built from them; ``master``: :func:`master_pattern` of ``state``; ``words``:
        the lexer's (core functions, their token by return type, lev_comp's atoi)."""
        self.owner = owner
        self.fast_state = state
        self.core_functions, self.cfunc_token, self.atoi = words
        shared = _shared_rules(template, master, type(owner), state)
        extra = owner.lexicon.extra_tokens
        self.lextokens_all = shared.tokens if not extra else shared.tokens | set(extra)
        self.lexliterals = template.lexliterals
        # PLY's rules of each state, bound to the owner when PLY's loop first needs
        # them (binding them all up front was most of the cost of a short parse, which
        # the REPL makes for every line)
        self._template_states = template.lexstatere
        self.lexstatere = {}
        # every type a word can be given here is declared (a profile's keyword of a
        # type the grammar lacks is not): the word kinds then need no check per token
        word_types = {t for t, _v in owner.keywords.values()}
        word_types |= set(self.cfunc_token.values()) | {"NQSTRING", "CFUNC"}
        self.words_declared = word_types <= self.lextokens_all
        self.lexstateignore = dict(template.lexstateignore)
        self.lexstateerrorf = {s: getattr(owner, f.__name__)
                               for s, f in template.lexstateerrorf.items() if f}
        self.lexstateeoff = {s: getattr(owner, f.__name__)
                             for s, f in template.lexstateeoff.items() if f}
        self.lexdata = None
        self.lexpos = 0
        self.lexlen = 0
        self.lineno = 1
        self.lexmatch = None
        self._plain = None           # token()'s generator, made at first use
        # where a token may begin: by its first character (dispatch_patterns), else
        # the master pattern (its skip then matches nothing)
        self._shared = shared
        self._skip, self._only_literal, self._skip_chars = shared.dispatch
        self._entries = shared.entries
        self.begin("INITIAL")

    def input(self, s: str) -> None:
        self.lexdata = s
        self.lexpos = 0
        self.lexlen = len(s)

    def begin(self, state: str) -> None:
        if state not in self._template_states:
            raise ValueError("Undefined state")
        self.lexignore = self.lexstateignore.get(state, "")
        self.lexerrorf = self.lexstateerrorf.get(state)
        self.lexeoff = self.lexstateeoff.get(state)
        self.lexstate = state

    @property
    def lexre(self):
        """PLY's (regex, rules) list of the current state, bound on first use."""
        state = self.lexstate
        groups = self.lexstatere.get(state)
        if groups is None:
            owner = self.owner
            groups = self.lexstatere[state] = [
                (cre, [(getattr(owner, f[0].__name__), f[1]) if f and f[0] else f
                       for f in findex]) for cre, findex in self._template_states[state]]
        return groups

    # ------------------------------------------------------------------ the loop
    def token(self):
        """The next token (PLY's ``Lexer.token``): blanks and one token in one match in
        the lexer's own state; PLY's loop (:meth:`ply_token`) in the others (a MAP
        block read row by row), at the end and at an error."""
        plain = self._plain
        if plain is None:
            plain = self._plain = self.tokens().__next__
        try:
            return plain()
        except StopIteration:
            # a rule's error ended the generator: go on from where the lexer stands,
            # as the loop did when it was a method
            self._plain = None
            return self.token()

    # The kinds :meth:`tokens` makes itself (punctuation, words, integers, strings,
    # characters, 3.6's keywords and numbers) are tested in the order of their frequency
    # in the corpora; their token types are declared ones (checked once,
    # ``words_declared``), so only a rule's token is checked against the declared types
    # per token, as PLY checks it.
    def _constants(self):
        """What :meth:`tokens` reads at every token, as its locals."""
        known = self.lextokens_all
        return (self._entries.get, self._shared.entry, self._skip, self._skip_chars,
                self._only_literal,
                self.owner.keywords.get,
                self.core_functions.get, self.cfunc_token.get, self.atoi, self.fast_state,
                known, not self.words_declared,
                "EXT_RAW" in known)         # a profile's raw statements take their line

    def _by_rule(self, tok, m, i, how, func, type_, value):
        """A token the loop does not make itself: a whole MAP block, else what the
        rule makes of ``tok`` (None: no token, as a rule skipping its text)."""
        if how == _MAPSTART:
            block = self._map_block(m, i)
            if block is not None:
                return block
        tok.value = value
        tok.type = type_
        tok.lexer = self
        self.lexmatch = m
        tok = func(self.owner, tok)
        if not tok:
            return None
        if tok.type not in self.lextokens_all:
            raise _unknown_type(func, tok.type, self.lexdata[self.lexpos:])
        return tok

    def tokens(self, book=None):
        """The tokens, one per ``next()``, for ever (None at the end): a generator, so
        the loop's many locals are set once, not once per token.  ``book``, when given,
        is the parser's pushback lexer (``pending``, ``last``, ``budget``, ``over_budget``,
        ``raw_line``): its bookkeeping is done here, not in a call around every token.
        Every position is read from and written to the lexer at each token, so a rule,
        an INCLUDE's recovery or :meth:`input` moving it is seen."""
        (entry_of, new_entry, skip, skip_chars, only_literal, kw_get, core_get, cfunc_get,
         atoi, fast_state, known, check_words, raw) = self._constants()
        Token = LexToken
        pending, budget = (book.pending, book.budget) if book is not None else (None, None)
        while True:
            if book is not None and pending:
                yield _pushed_back(book, pending)
                continue
            tok = None
            data = self.lexdata
            size = len(data)
            while self.lexstate == fast_state:
                pos = start = self.lexpos
                if start < size and data[start] in skip_chars:
                    start = skip(data, start).end()
                if start >= size:
                    break
                c = data[start]
                if c in only_literal:       # half of all tokens: the character is it
                    if start > pos:
                        self.lineno += data.count("\n", pos, start)
                    tok = Token()
                    tok.lineno = self.lineno
                    tok.lexpos = start
                    self.lexpos = start + 1
                    tok.text = tok.type = tok.value = c
                    break
                pmatch, rules = entry_of(c) or new_entry(c)
                m = pmatch(data, start)
                if m is None:
                    break
                i = m.lastindex
                how, func, type_ = rules[i]
                start, end = m.span(i)
                if start > pos:
                    self.lineno += data.count("\n", pos, start)
                tok = Token()
                tok.lineno = self.lineno
                tok.lexpos = start
                self.lexpos = end
                value = data[start:end]
                if how == _LITERAL:
                    tok.text = tok.type = tok.value = value
                elif how == _IDENT:
                    tok.text = value
                    kw = kw_get(value)
                    if kw is not None:
                        tok.type, kwvalue = kw
                        tok.value = value if kwvalue is None else kwvalue
                    else:
                        tok.value = value
                        core = core_get(value)
                        tok.type = "NQSTRING" if core is None else cfunc_get(core[1], "CFUNC")
                    if check_words and tok.type not in known:
                        raise _unknown_type(func, tok.type, data[end:])
                elif how == _INTEGER:
                    tok.text, tok.type = value, "INTEGER"
                    tok.value = int(value) if len(value) < 10 else atoi(value)
                elif how == _WORD36 and (end == len(data) or data[end] not in "[%") and (
                        (kw := kw_get(value)) is not None or value.isdigit()):
                    # 3.6's word rule for a keyword or a number not glued to '[' or '%'
                    tok.text = value
                    if kw is not None:
                        tok.type, kwvalue = kw
                        tok.value = value if kwvalue is None else kwvalue
                        if check_words and tok.type not in known:
                            raise _unknown_type(func, tok.type, data[end:])
                    else:
                        tok.type = "INTEGER"
                        tok.value = int(value) if len(value) < 10 else atoi(value)
                elif how == _STRING:
                    tok.text, tok.type, tok.value = value, "STRING", value[1:-1]
                    self.lineno += value.count("\n")
                elif how == _CHAR:
                    tok.text, tok.type = value, "CHAR"
                    tok.value = value[2] if len(value) == 4 else value[1]
                else:
                    tok = self._by_rule(tok, m, i, how, func, type_, value)
                    if tok is None:         # the rule made no token: on from its end
                        continue
                break
            if tok is None:         # (a state of PLY's loop, the end, no match here)
                tok = self.ply_token()
            if book is not None:
                budget[0] -= 1
                if tok is not None:
                    if budget[0] < 0:
                        raise book.over_budget(tok)
                    book.last = tok
                    if raw and tok.type == "EXT_RAW":
                        book.raw_line(tok)
            yield tok

    def ply_token(self):
        """PLY 3.11's ``Lexer.token``, line for line."""
        lexpos = self.lexpos
        lexlen = self.lexlen
        lexignore = self.lexignore
        lexdata = self.lexdata
        while lexpos < lexlen:
            if lexdata[lexpos] in lexignore:
                lexpos += 1
                continue
            for lexre, lexindexfunc in self.lexre:
                m = lexre.match(lexdata, lexpos)
                if not m:
                    continue
                tok = LexToken()
                tok.value = m.group()
                tok.lineno = self.lineno
                tok.lexpos = lexpos
                i = m.lastindex
                func, tok.type = lexindexfunc[i]
                if not func:
                    if tok.type:
                        self.lexpos = m.end()
                        return tok
                    lexpos = m.end()
                    break
                lexpos = m.end()
                tok.lexer = self
                self.lexmatch = m
                self.lexpos = lexpos
                newtok = func(tok)
                if not newtok:
                    lexpos = self.lexpos
                    lexignore = self.lexignore
                    break
                if newtok.type not in self.lextokens_all:
                    raise _unknown_type(func, newtok.type, lexdata[lexpos:])
                return newtok
            else:
                if lexdata[lexpos] in self.lexliterals:
                    tok = LexToken()
                    tok.value = lexdata[lexpos]
                    tok.lineno = self.lineno
                    tok.type = tok.value
                    tok.lexpos = lexpos
                    self.lexpos = lexpos + 1
                    return tok
                if self.lexerrorf:
                    tok = LexToken()
                    tok.value = lexdata[lexpos:]
                    tok.lineno = self.lineno
                    tok.type = "error"
                    tok.lexer = self
                    tok.lexpos = lexpos
                    self.lexpos = lexpos
                    newtok = self.lexerrorf(tok)
                    if lexpos == self.lexpos:
                        raise LexError(f"Scanning error. Illegal character '{lexdata[lexpos]}'",
                                       lexdata[lexpos:])
                    lexpos = self.lexpos
                    if not newtok:
                        continue
                    return newtok
                self.lexpos = lexpos
                raise LexError(f"Illegal character '{lexdata[lexpos]}' at index {lexpos}",
                               lexdata[lexpos:])
        if self.lexeoff:
            tok = LexToken()
            tok.type = "eof"
            tok.value = ""
            tok.lineno = self.lineno
            tok.lexpos = lexpos
            tok.lexer = self
            self.lexpos = lexpos
            return self.lexeoff(tok)
        self.lexpos = lexpos + 1
        return None

    # ------------------------------------------------------------------ MAP blocks
    def _map_block(self, m, i):
        """``MAP`` ... ``ENDMAP`` in one match, as ``t_MAPSTART``, ``t_map_line`` per
        row and ``t_map_ENDMAP`` make it; None (nothing consumed) when a row needs the
        rules (a character outside the dialect's map characters, no ENDMAP)."""
        data = self.lexdata
        body = _MAP_ROWS.match(data, m.end())
        if body is None:
            return None
        begin = m.start(i)
        owner = self.owner
        valid = owner.lexicon.map_chars
        rows = _ROW.findall(data, m.end(), body.end() - len("ENDMAP"))
        for row in rows:
            if not valid.issuperset(row):
                return None
        start_line = self.lineno
        owner.start_map(start_line, begin)
        for row in rows:
            owner.keep_map_row(row)
        self.lineno = start_line + 1 + len(rows)
        tok = owner.end_map(LexToken())
        self.lexpos = body.end()
        return tok
