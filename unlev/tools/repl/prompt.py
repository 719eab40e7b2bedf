"""The REPL in a terminal: prompt_toolkit line editing, history kept across sessions,
tab completion (keywords, core functions, the session's variables and functions,
meta commands, file names after :load/:save) and highlighting while typing.

Highlighting uses the des-file lexer itself, with the session's variable table, so a
``$name`` the session does not know shows as an error before Enter is pressed.
"""

from __future__ import annotations

import os
import re
import shutil
from typing import Iterable, List, Tuple

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion, PathCompleter
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.lexers import Lexer
from prompt_toolkit.styles import Style

from unlev.lang.diagnostics import DesError
from unlev.lang.lexer import CORE_FUNCTIONS, KEYWORDS, DesLexer
from unlev.tools.repl.core import META_COMMANDS, Repl

STYLE = Style.from_dict({
    "keyword": "bold ansiblue",
    "builtin": "ansicyan",
    "variable": "ansimagenta",
    "unknown-variable": "ansired underline",
    "function": "ansigreen",
    "string": "ansiyellow",
    "number": "ansiyellow",
    "comment": "italic ansibrightblack",
    "meta": "bold ansigreen",
    "error": "bg:ansired ansiwhite",
})

_NUMBERS = {"INTEGER", "MINUS_INTEGER", "PLUS_INTEGER", "PERCENT", "SPERCENT", "DICE"}
_WORD = re.compile(r"[$A-Za-z_][A-Za-z_0-9.\-]*$")


def token_style(tok, repl: Repl) -> str:
    """The style class of one des-file token."""
    t = tok.type
    text = str(getattr(tok, "text", tok.value))
    if t.endswith("_ID") and text.isupper():
        return "class:keyword"
    if t.startswith("VARSTRING_") or t == "METHOD_INT":
        return "class:variable"
    if t == "VARSTRING":
        return "class:unknown-variable"
    if t in ("STRING", "CHAR"):
        return "class:string"
    if t in _NUMBERS:
        return "class:number"
    if t.startswith("CFUNC"):
        return "class:function"
    if t == "NQSTRING":
        return "class:function" if tok.value in repl.session.functions else ""
    if t in ("(", ")", ",", ":", "=", "{", "}", "[", "]", "|", "&", "-", "+", "*", "/",
             "%", "."):
        return ""
    return "class:builtin"


def highlight_line(line: str, repl: Repl) -> List[Tuple[str, str]]:
    """(style, text) pieces covering ``line``."""
    stripped = line.lstrip()
    if stripped.startswith(":"):
        return [("class:meta", line)]
    if stripped.startswith("#"):
        return [("class:comment", line)]
    lx = DesLexer("<typing>", repl.session.vars.get)
    lx.input(line)
    out: List[Tuple[str, str]] = []
    pos = 0
    try:
        for tok in lx:
            start = tok.lexpos
            end = start + len(str(getattr(tok, "text", tok.value)))
            if start < pos:
                continue
            if start > pos:
                out.append(("", line[pos:start]))
            out.append((token_style(tok, repl), line[start:end]))
            pos = end
    except DesError:
        out.append(("class:error" if line[pos:].strip() else "", line[pos:]))
        return out
    if pos < len(line):
        out.append(("", line[pos:]))
    return out


class DesHighlighter(Lexer):
    def __init__(self, repl: Repl) -> None:
        self.repl = repl

    def lex_document(self, document: Document):
        lines = document.lines

        def get_line(i: int):
            return highlight_line(lines[i], self.repl) if i < len(lines) else []
        return get_line


def completion_words(repl: Repl) -> List[str]:
    words = set(KEYWORDS) | set(CORE_FUNCTIONS)
    words |= set(repl.session.vars)
    words |= set(repl.session.functions)
    return sorted(words)


class DesCompleter(Completer):
    """Keywords, core functions, variables and functions; meta commands after ':'."""

    def __init__(self, repl: Repl) -> None:
        self.repl = repl
        self.paths = PathCompleter(expanduser=True)

    def get_completions(self, document: Document, complete_event) -> Iterable[Completion]:
        line = document.text_before_cursor
        if line.lstrip().startswith(":") and not self.repl.buffer:
            head, sep, rest = line.lstrip().partition(" ")
            if not sep:
                for cmd in META_COMMANDS:
                    if cmd.startswith(head):
                        yield Completion(cmd, -len(head))
                return
            if head in (":load", ":save"):
                sub = Document(rest, len(rest))
                yield from self.paths.get_completions(sub, complete_event)
            elif head == ":level" and self.repl.compiled is not None:
                for lv in self.repl.compiled.tree.levels:
                    if lv.name.startswith(rest):
                        yield Completion(lv.name, -len(rest))
            return
        m = _WORD.search(line)
        if not m:
            return
        word = m.group(0)
        for w in completion_words(self.repl):
            if w.startswith(word) and w != word:
                yield Completion(w, -len(word))


def run_terminal(repl: Repl, history_file: str = "") -> int:
    """Prompt until :quit or Ctrl-D; Ctrl-C drops the input being typed."""
    history = InMemoryHistory()
    if history_file:
        try:
            os.makedirs(os.path.dirname(os.path.abspath(history_file)), exist_ok=True)
            with open(history_file, "a", encoding="utf-8"):
                pass
            history = FileHistory(history_file)
        except OSError:
            pass
    session = PromptSession(history=history, completer=DesCompleter(repl),
                            lexer=DesHighlighter(repl), style=STYLE,
                            complete_while_typing=False, enable_history_search=True)
    repl.width = shutil.get_terminal_size().columns
    if repl.file:
        repl.cmd_show("")
    repl.say("unlev repl: type a selection or a statement; :help, :quit (Ctrl-D)")
    while not repl.done:
        repl.width = shutil.get_terminal_size().columns
        try:
            line = session.prompt(repl.prompt)
        except KeyboardInterrupt:
            repl.cancel()
            continue
        except EOFError:
            break
        repl.feed(line)
    return 0
