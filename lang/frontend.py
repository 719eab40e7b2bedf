"""One call from source to a checked tree: what ``unlev parse``/``check``/``run`` use."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional

from . import ast as A
from .checker import check
from .diagnostics import DesError, Diagnostic, SourceCache
from .parser import DesParser

# What the command line's --dialect sets for commands that do not pass one.
_DEFAULT_DIALECT = ["unnethack"]


def set_default_dialect(dialect: str) -> None:
    from .dialect import check_name
    _DEFAULT_DIALECT[0] = check_name(dialect)


@dataclass
class Compiled:
    """A parsed and checked des-file with the warnings found on the way."""

    tree: A.DesFile
    warnings: List[Diagnostic] = field(default_factory=list)
    sources: SourceCache = field(default_factory=SourceCache)
    dialect: str = "unnethack"
    dialect_reason: str = ""   # why ``auto`` chose it ("" when the dialect was given)


def compile_file(path: str, include_path: Optional[List[str]] = None,
                 compat_warnings: bool = True, text: Optional[str] = None,
                 dialect: Optional[str] = None) -> Compiled:
    """Parse and statically check a des-file; raise DesError with every error found.

    ``dialect``: ``unnethack``, ``nethack36``, ``nethack343`` or ``auto`` (decide from
    the file; :attr:`Compiled.dialect_reason` says why)."""
    from .dialect import candidates, check_name
    dialect = check_name(dialect or _DEFAULT_DIALECT[0])
    if text is None:
        text = _read(path)
    if dialect != "auto":
        return _compile(path, text, include_path, compat_warnings, dialect, "")
    first_error = None
    for cand, reason in candidates(text):
        try:
            return _compile(path, text, include_path, compat_warnings, cand, reason)
        except DesError as e:
            if first_error is None:
                first_error = e
    raise first_error


def _compile(path, text, include_path, compat_warnings, dialect, reason) -> Compiled:
    sources = SourceCache()
    parser = DesParser(sources=sources, include_path=include_path, dialect=dialect)
    tree = parser.parse_source(text, path)
    tree.dialect = dialect  # type: ignore[attr-defined]
    if dialect == "nethack36" and not parser.reporter.errors:
        from .grammar_nethack36 import finish
        finish(tree)
    check(tree, parser.reporter, compat_warnings, dialect=dialect)
    errors = parser.reporter.errors
    if errors:
        errors.sort(key=lambda d: (d.span.file != path, d.span.line, d.span.col))
        raise DesError(errors[0].message, errors[0].span, errors[0].hint,
                       diagnostics=errors + parser.reporter.warnings)
    return Compiled(tree, parser.reporter.warnings, sources, dialect, reason)


def compile_text(text: str, filename: str = "<input>", **kwargs) -> Compiled:
    return compile_file(filename, text=text, **kwargs)


def _read(path: str) -> str:
    from .diagnostics import Span
    try:
        with open(path, encoding="latin-1") as fh:
            return fh.read()
    except OSError as exc:
        raise DesError(f"cannot read file: {exc.strerror}", Span(path, 0, 0)) from None
