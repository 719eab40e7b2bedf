"""One call from source to a checked tree: what ``unlev parse``/``check``/``run`` use."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional

from . import ast as A
from .checker import check
from .diagnostics import DesError, Diagnostic, SourceCache
from .parser import DesParser


@dataclass
class Compiled:
    """A parsed and checked des-file with the warnings found on the way."""

    tree: A.DesFile
    warnings: List[Diagnostic] = field(default_factory=list)
    sources: SourceCache = field(default_factory=SourceCache)


def compile_file(path: str, include_path: Optional[List[str]] = None,
                 compat_warnings: bool = True, text: Optional[str] = None) -> Compiled:
    """Parse and statically check a des-file; raise DesError with every error found."""
    sources = SourceCache()
    parser = DesParser(sources=sources, include_path=include_path)
    if text is None:
        tree = parser._parse_text(_read(path), path)
    else:
        tree = parser._parse_text(text, path)
    check(tree, parser.reporter, compat_warnings)
    errors = parser.reporter.errors
    if errors:
        errors.sort(key=lambda d: (d.span.file != path, d.span.line, d.span.col))
        raise DesError(errors[0].message, errors[0].span, errors[0].hint,
                       diagnostics=errors + parser.reporter.warnings)
    return Compiled(tree, parser.reporter.warnings, sources)


def compile_text(text: str, filename: str = "<input>", **kwargs) -> Compiled:
    return compile_file(filename, text=text, **kwargs)


def _read(path: str) -> str:
    from .diagnostics import Span
    try:
        with open(path, encoding="latin-1") as fh:
            return fh.read()
    except OSError as exc:
        raise DesError(f"cannot read file: {exc.strerror}", Span(path, 0, 0)) from None
