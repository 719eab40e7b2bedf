"""Source spans, the one error type of the language, and how both are printed.

Every problem found in a des-file (syntax, static check, or at run time) is a
:class:`DesError` carrying a :class:`Span`, so the CLI can always print
``file:line:col: error: message [code]`` with the source line and a caret; every error
gets its code from :mod:`unlev.lang.error_codes`.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field
from reprlib import recursive_repr

from ..stdlib.records import FACTORY, record

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import List, Optional


@dataclass(init=False, repr=False, eq=False)
class Span:
    """A place in a source file: 1-based line and column, with an optional length.

    A frozen dataclass whose methods are written out here (``tests/test_span.py``
    holds them to a ``@dataclass(frozen=True)`` twin's): the dataclass machinery
    compiles the five it writes when the class is made, 0.4 ms of every run.

    The parser's spans (:func:`unlev.lang.grammar_support.span_of`) are made with
    their position in the text in place of ``col``, which :meth:`__getattr__` works
    out at the first reading (:class:`Columns`); pickled, copied, compared and shown
    they are the span they stand for (``tests/test_span.py``)."""

    file: str
    line: int
    col: int
    length: int = 1

    def __init__(self, file: str, line: int, col: int, length: int = 1) -> None:
        # Frozen all the same (the dataclass's __setattr__ refuses): the fields are
        # written once into the instance's dict, as a frozen dataclass's own __init__
        # does through object.__setattr__ at nearly three times the cost -- the parser
        # makes a Span for every node of every file.
        d = self.__dict__
        d["file"] = file
        d["line"] = line
        d["col"] = col
        d["length"] = length

    def __getattr__(self, name):
        # Reached only for an attribute the instance lacks: ``col`` of a span the
        # parser made with its position in the text instead (grammar_support.span_of:
        # most spans of an ``unlev check`` are never read), worked out at the first
        # reading and kept as an eager span keeps it.
        if name == "col":
            d = self.__dict__
            at, pos = d.get("_at"), d.get("_pos")
            if at is not None and pos is not None:
                col = d["col"] = at.column(pos)
                # the column kept before the position goes: a reader in another thread
                # finds one or the other
                d.pop("_at", None)
                d.pop("_pos", None)
                return col
            if "col" in d:
                return d["col"]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self):
        # what pickle and copy keep: the instance's dict as an eager span holds it (the
        # four fields first, the column worked out), not the text a parser's span
        # reads its column from
        state = {"file": self.file, "line": self.line, "col": self.col,
                 "length": self.length}
        for name, value in self.__dict__.items():
            if name not in state:
                state[name] = value       # a subclass's own attributes
        return state

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    @recursive_repr()
    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(file={self.file!r}, line={self.line!r}, "
                f"col={self.col!r}, length={self.length!r})")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return ((self.file, self.line, self.col, self.length)
                    == (other.file, other.line, other.col, other.length))
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.file, self.line, self.col, self.length))

    def __setattr__(self, name, value):
        if type(self) is Span or name in _SPAN_FIELDS:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super().__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is Span or name in _SPAN_FIELDS:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super().__delattr__(name)


_SPAN_FIELDS = ("file", "line", "col", "length")


class Columns:
    """The column of a position in one text, for the spans the parser makes with their
    position only (:meth:`Span.__getattr__`): the search back for the last newline
    before it, as :meth:`unlev.lang.lexer.DesLexer.column` searches -- positions are
    read mostly in increasing order, so the search goes back only to the last position
    read (a 1 MB line costs linear time, not quadratic), and no table is kept."""

    __slots__ = ("text", "last")

    def __init__(self, text: str) -> None:
        self.text = text
        self.last = (0, 0)           # the last position read and its line's start

    def column(self, pos: int) -> int:
        last_pos, start = self.last
        if pos >= last_pos:
            nl = self.text.rfind("\n", last_pos, pos)
            if nl >= 0:
                start = nl + 1
        else:
            start = self.text.rfind("\n", 0, pos) + 1
        self.last = (pos, start)
        return pos - start + 1


NOWHERE = Span("<unknown>", 0, 0, 0)


@record()
@dataclass(init=False, repr=False, eq=False)
class Diagnostic:
    """One message about the source: an error, a warning or a note."""

    severity: str  # "error" | "warning" | "note"
    message: str
    span: Span
    hint: Optional[str] = None
    code: Optional[str] = None  # its kind, for --select/--ignore and suppression

    def __init__(self, severity: str, message: str, span: Span, hint: Optional[str] = None,
                 code: Optional[str] = None) -> None:
        self.severity = severity
        self.message = message
        self.span = span
        self.hint = hint
        self.code = code
        self.__post_init__()

    def __post_init__(self) -> None:
        if self.code is None and self.severity == "error":
            from .error_codes import error_code     # errors are coded by their message
            self.code = error_code(self.message)

    def format(self, sources: "SourceCache | None" = None) -> str:
        head = f"{self.span}: {self.severity}: {self.message}"
        if self.code and not self.message.endswith(f"[{self.code}]"):
            head += f" [{self.code}]"
        lines = [head]
        text = sources.line(self.span.file, self.span.line) if sources else None
        if text is not None and self.span.line > 0:
            shown = text.expandtabs(1).rstrip("\n")
            lines.append(shown)
            caret_col = max(self.span.col, 1)
            width = max(1, min(self.span.length, max(1, len(shown) - caret_col + 1)))
            lines.append(" " * (caret_col - 1) + "^" + "~" * (width - 1))
        if self.hint:
            lines.append(f"hint: {self.hint}")
        return "\n".join(lines)


class DesError(Exception):
    """An error in a des-file, with the place it happened.

    ``diagnostics`` may hold several errors when the parser recovered and kept going.
    """

    def __init__(self, message: str, span: Span = NOWHERE, hint: Optional[str] = None,
                 diagnostics: Optional[List[Diagnostic]] = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint
        self.diagnostics = diagnostics or [Diagnostic("error", message, span, hint)]

    def __str__(self) -> str:
        return f"{self.span}: error: {self.message}"

    def format(self, sources: "SourceCache | None" = None) -> str:
        return "\n".join(d.format(sources) for d in self.diagnostics)


@record()
@dataclass(init=False, repr=False, eq=False)
class SourceCache:
    """Keeps the text of every file read, so messages can quote the offending line."""

    texts: dict = field(default_factory=dict)

    def __init__(self, texts: dict = FACTORY) -> None:
        self.texts = {} if texts is FACTORY else texts

    def add(self, name: str, text: str) -> None:
        self.texts[name] = text.splitlines()

    def line(self, name: str, lineno: int) -> Optional[str]:
        lines = self.texts.get(name)
        if lines is None or not (1 <= lineno <= len(lines)):
            return None
        return lines[lineno - 1]


class Reporter:
    """Collects diagnostics during one parse/check so errors can be reported together."""

    def __init__(self) -> None:
        self.items: List[Diagnostic] = []

    def error(self, message: str, span: Span, hint: Optional[str] = None) -> None:
        self.items.append(Diagnostic("error", message, span, hint))

    def warning(self, message: str, span: Span, hint: Optional[str] = None,
                code: str = "lev-comp") -> None:
        self.items.append(Diagnostic("warning", message, span, hint, code))

    def deviation(self, message: str, span: Span, hint: Optional[str] = None) -> None:
        """A construct whose meaning differs in the game's loader (a lint note)."""
        self.warning(message, span, hint, code="game-deviation")

    @property
    def errors(self) -> List[Diagnostic]:
        return [d for d in self.items if d.severity == "error"]

    @property
    def warnings(self) -> List[Diagnostic]:
        return [d for d in self.items if d.severity == "warning"]

    def raise_if_errors(self) -> None:
        errs = self.errors
        if errs:
            first = errs[0]
            raise DesError(first.message, first.span, first.hint, diagnostics=errs)
