"""One call from source to a checked tree: what ``unlev parse``/``check``/``run`` use."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import List, Optional

from . import ast as A
from .checker import check
from .diagnostics import DesError, Diagnostic, SourceCache
from .limits import is_limit_error
from .parser import DesParser

# What the command line's --dialect sets for commands that do not pass one.
_DEFAULT_DIALECT = ["auto"]


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
                 dialect: Optional[str] = None, extensions=None,
                 lenient: bool = False) -> Compiled:
    """Parse and statically check a des-file; raise DesError with every error found.

    ``dialect``: ``unnethack``, ``nethack36``, ``nethack343`` or ``auto`` (decide from
    the file; :attr:`Compiled.dialect_reason` says why).  ``extensions``: a profile's
    declared extensions (the mapping of profile.json, see :mod:`unlev.lang.extensions`);
    ``lenient``: unknown statements, flags and map characters become warnings
    (code ``lenient``) and placeholders instead of errors."""
    from .dialect import candidates, check_name
    from .extensions import ExtensionError, load
    dialect = check_name(dialect or _DEFAULT_DIALECT[0])
    if text is None:
        text = _read(path)
    ext = dataclasses.replace(load(extensions), lenient=bool(lenient))
    if dialect != "auto":
        return _compile(path, text, include_path, compat_warnings, dialect, "", ext)
    failures = []
    tries = candidates(text)
    strict = ext
    if ext.lenient:
        # a dialect that reads the file as it is wins over placeholders in another
        strict = dataclasses.replace(ext, lenient=False)
    unfit = None
    for cand, reason in tries:
        try:
            return _compile(path, text, include_path, compat_warnings, cand, reason, strict)
        except DesError as e:
            failures.append((cand, e))
            if is_limit_error(e):
                break
        except ExtensionError as e:     # the profile needs what this dialect lacks
            unfit = unfit or (e, not failures)
    if unfit is not None and (unfit[1] or not failures) and not ext.lenient:
        raise unfit[0]          # the likeliest dialect cannot take the profile: say so
    if not failures:
        raise unfit[0]
    likeliest = _likeliest(failures, evidence=not tries[0][1].startswith("nothing"))
    if ext.lenient and not is_limit_error(likeliest):
        # then the likeliest dialect with placeholders (another dialect would read the
        # file as little but placeholders)
        cand = likeliest.dialect
        reason = dict(tries).get(cand, "")
        try:
            c = _compile(path, text, include_path, compat_warnings, cand, reason, ext)
        except DesError as e:
            e.dialect, e.tried = cand, likeliest.tried
            raise
        c.dialect_reason = (reason + "; " if reason else "") + "read with lenient placeholders"
        return c
    raise likeliest


def _likeliest(failures, evidence: bool) -> DesError:
    """No dialect parses: the errors of the dialect the file most likely is.  That is the
    detector's first guess when it saw something only that dialect has (``evidence``);
    otherwise the dialect that read furthest before its first error, and then the error
    says so and which dialects were tried."""
    from .dialect import label

    def reach(err):
        """Where reading stopped: the first syntax error; a file read to its end with
        only static errors (unknown names, bad values) reads furthest of all."""
        for d in err.diagnostics:
            if d.message.startswith(("syntax error", "unexpected character")):
                return (d.span.line, d.span.col)
        return (float("inf"), 0)

    best_cand, best = failures[0]
    for cand, err in failures[1:] if not evidence else ():
        if reach(err) > reach(best):
            best_cand, best = cand, err
    if best_cand != failures[0][0]:
        tried = ", ".join(label(c) for c, _e in failures)
        note = (f"the file reads furthest as {label(best_cand)} (tried: {tried}); "
                "force a dialect with --dialect")
        first = best.diagnostics[0]
        first.hint = f"{first.hint}; {note}" if first.hint else note
    best.dialect = best_cand                       # for --show-dialect
    best.tried = [c for c, _e in failures]
    return best


def _compile(path, text, include_path, compat_warnings, dialect, reason, ext=None) -> Compiled:
    sources = SourceCache()
    if ext is not None and ext.lenient:
        from .dialect import lexicon_of
        from .extensions import lenient_for
        ext = lenient_for(ext, text, lexicon_of(dialect))
    parser = DesParser(sources=sources, include_path=include_path, dialect=dialect,
                       extensions=ext or None)
    tree = parser.parse_source(text, path)
    tree.dialect = dialect  # type: ignore[attr-defined]
    if ext and not parser.reporter.errors:
        from .extensions import finish as finish_extensions
        finish_extensions(tree, ext, parser.reporter)
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
    from .sources import read_source
    return read_source(path)
