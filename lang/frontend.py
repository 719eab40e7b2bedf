"""One call from source to a checked tree: what ``unlev parse``/``check``/``run`` use."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..stdlib.records import FACTORY, record
from .diagnostics import DesError, Diagnostic, SourceCache
from .limits import DEFAULT as DEFAULT_LIMITS, Limits, is_limit_error

from .settings import DEFAULT, Settings

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Dict, List, Optional

# The parser, the checker and the tree's node classes are imported by the first compile,
# not with this module: a command answered from the result cache never needs them.


@record()
@dataclass(init=False, repr=False, eq=False)
class Compiled:
    """A parsed and checked des-file with the warnings found on the way."""

    tree: "DesFile"  # unlev.lang.ast
    warnings: List[Diagnostic] = field(default_factory=list)
    sources: SourceCache = field(default_factory=SourceCache)
    dialect: str = "unnethack"
    dialect_reason: str = ""   # why ``auto`` chose it ("" when the dialect was given)
    data: object = None        # the --data profile names were checked against (None: the dialect's)
    lenient: bool = False      # unknown names were let through for placeholders
    limits: Limits = DEFAULT_LIMITS
    """The run's limits it was read under (``Settings.limits``): the build of its levels
    (unlev.generate.build.build_level) runs under the same."""
    prepared: Dict[tuple, A.Level] = field(default_factory=dict, repr=False, compare=False)
    """The loader-ready copies of its levels (the loader phase of unlev.lang.lowering),
    made once per compile and kept with it (a result of this compile, not a global)."""

    def __init__(self, tree: "DesFile", warnings: List[Diagnostic] = FACTORY,
                 sources: SourceCache = FACTORY, dialect: str = "unnethack",
                 dialect_reason: str = "", data: object = None, lenient: bool = False,
                 limits: Limits = DEFAULT_LIMITS,
                 prepared: Dict[tuple, A.Level] = FACTORY) -> None:
        self.tree = tree
        self.warnings = [] if warnings is FACTORY else warnings
        self.sources = SourceCache() if sources is FACTORY else sources
        self.dialect = dialect
        self.dialect_reason = dialect_reason
        self.data = data
        self.lenient = lenient
        self.limits = limits
        self.prepared = {} if prepared is FACTORY else prepared


def compile_file(path: str, include_path: Optional[List[str]] = None,
                 compat_warnings: bool = True, text: Optional[str] = None,
                 dialect: Optional[str] = None, data=None, extensions=None,
                 lenient: Optional[bool] = None,
                 settings: Optional[Settings] = None, stream_levels: bool = False) -> Compiled:
    """Parse and statically check a des-file; raise DesError with every error found.

    ``dialect``: ``unnethack``, ``nethack36``, ``nethack343`` or ``auto`` (decide from
    the file; :attr:`Compiled.dialect_reason` says why).  ``data``: a data profile (a
    name, folder or :class:`unlev.stdlib.profiles.Profile`) whose names the file may
    use, whatever its dialect (``auto`` tries its base first); its declared extensions
    apply unless ``extensions`` is given.  ``lenient``: unknown names, statements,
    flags and map characters become warnings and placeholders.  ``settings``: the
    run's :class:`~unlev.lang.settings.Settings` (dialect, profile, lenient, include
    policy); the keyword arguments above override it.  ``stream_levels``: only the
    diagnostics are wanted (``unlev check``): each LEVEL is checked as it is parsed and
    the tree keeps its outline (:mod:`unlev.lang.level_stream`)."""
    from .dialect import candidates, check_name
    settings = settings or DEFAULT
    dialect = check_name(dialect or settings.dialect)
    profile = settings.data if data is None else _profile(data)
    lenient = settings.lenient if lenient is None else bool(lenient)
    anywhere = settings.include_anywhere
    limits = settings.limits
    if text is None:
        text = _read(path, limits)
    if extensions is None and profile is not None:
        extensions = profile.extensions or None
    ext = None                  # a plain read needs nothing of unlev.lang.extensions
    unfit_error: tuple = ()
    if extensions or lenient:
        from .extensions import ExtensionError, load
        ext = dataclasses.replace(load(extensions), lenient=bool(lenient))
        unfit_error = (ExtensionError,)
    if dialect != "auto":
        return _compile(path, text, include_path, compat_warnings, dialect, "", ext, profile,
                        anywhere, limits, stream_levels)
    failures = []
    strict = ext
    if lenient:
        # a dialect that reads the file as it is wins over placeholders in another
        strict = dataclasses.replace(ext, lenient=False)
    detected = candidates(text)
    cands = detected
    if profile is not None:
        # a variant's files are mostly in the dialect it extends
        first = [c for c in cands if c[0] == profile.base]
        if not first:       # a base the words did not suggest (an UnNetHack 3.5 fork)
            first = [(profile.base, f"the {profile.name} data extends {profile.base}")]
        cands = first + [c for c in cands if c[0] != profile.base]
        if cands[0] is not detected[0]:
            cands[0] = (profile.base, f"the {profile.name} data extends {profile.base}")
    unfit = None
    for cand, reason in cands:
        try:
            return _compile(path, text, include_path, compat_warnings, cand, reason, strict,
                            profile, anywhere, limits, stream_levels)
        except DesError as e:
            failures.append((cand, e))
            if is_limit_error(e):
                break               # a limit is the file's, not the dialect's
        except unfit_error as e:        # the profile needs what this dialect lacks
            unfit = unfit or (e, not failures)
    if unfit is not None and (unfit[1] or not failures) and not lenient:
        raise unfit[0]          # the likeliest dialect cannot take the profile: say so
    if not failures:
        raise unfit[0]
    likeliest = _likeliest(failures, evidence=not cands[0][1].startswith("nothing"),
                           profile=profile)
    if lenient and not is_limit_error(likeliest):
        cand = likeliest.dialect
        reason = dict(cands).get(cand, "")
        try:
            c = _compile(path, text, include_path, compat_warnings, cand, reason, ext, profile,
                         anywhere, limits, stream_levels)
        except DesError as e:
            e.dialect, e.tried = cand, likeliest.tried
            raise
        c.dialect_reason = (reason + "; " if reason else "") + "read with lenient placeholders"
        return c
    raise likeliest


def first_dialect(path: str, settings: Optional[Settings] = None,
                  head: Optional[int] = None) -> Optional[str]:
    """The dialect :func:`compile_file` reads ``path`` in first with ``settings`` (None
    when the file cannot be read); with ``head``, a guess from its first ``head``
    characters.  A process about to fork workers loads that dialect before the fork
    (``unlev check -j``)."""
    settings = settings or DEFAULT
    if settings.dialect != "auto":
        return settings.dialect
    if settings.data is not None:
        return settings.data.base
    try:
        if head is None:
            text = _read(path, settings.limits)
        else:
            with open(path, encoding="utf-8", errors="replace") as fh:
                text = fh.read(head)
    except (OSError, DesError):
        return None
    from .dialect import detect
    return detect(text).dialect


def _profile(data):
    from ..stdlib.profiles import resolve
    return resolve(data)


def _likeliest(failures, evidence: bool, profile=None) -> DesError:
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
    best.unknown_names = unknown_names(best)
    if best.unknown_names and profile is None:
        note = (f"{len(best.unknown_names)} of the errors are unknown names: if the file "
                "is a variant's, import its data (unlev data import SOURCE --name NAME) "
                "and check with --data NAME")
        first = best.diagnostics[0]
        if "--data" not in (first.hint or ""):     # an unknown name's own hint says it
            first.hint = f"{first.hint}; {note}" if first.hint else note
    return best


def unknown_names(err: DesError) -> List[str]:
    """The names among an error's diagnostics that the data tables lack."""
    return [d.message for d in err.diagnostics
            if d.severity == "error" and d.message.startswith(
                ("Unknown monster", "Unknown object", "Unknown trap type"))
            and ": write (" not in (d.hint or "")]      # not a known name in the wrong class


def _compile(path, text, include_path, compat_warnings, dialect, reason, ext=None,
             profile=None, include_anywhere: bool = False,
             limits: Limits = DEFAULT_LIMITS, stream_levels: bool = False) -> Compiled:
    from .checker import check
    from .parser import DesParser
    sources = SourceCache()
    if ext is not None and ext.lenient:
        from .dialect import lexicon_of
        from .extensions import lenient_for
        ext = lenient_for(ext, text, lexicon_of(dialect))
    oracle = None
    if profile is not None:
        from .dialect_data import oracle_for_profile
        oracle = oracle_for_profile(profile)
    parser = DesParser(oracle=oracle, sources=sources, include_path=include_path,
                       dialect=dialect, extensions=ext or None,
                       include_anywhere=include_anywhere, limits=limits)
    stream = None
    if stream_levels and ext is None:
        from .level_stream import LevelStream     # no tree rewrite after the parse
        stream = parser.level_sink = LevelStream(parser, compat_warnings, dialect)
    tree = parser.parse_source(text, path)
    tree.dialect = dialect  # type: ignore[attr-defined]
    found = stream.finish(tree) if stream is not None and stream.started else None
    if found is not None:
        parser.reporter.items += found
    else:
        check(tree, parser.reporter, compat_warnings, dialect=dialect)
    errors = parser.reporter.errors
    if errors:
        errors.sort(key=lambda d: (d.span.file != path, d.span.line, d.span.col))
        raise DesError(errors[0].message, errors[0].span, errors[0].hint,
                       diagnostics=errors + parser.reporter.warnings)
    return Compiled(tree, parser.reporter.warnings, sources, dialect, reason, profile,
                    bool(ext is not None and ext.lenient), limits=limits)


def compile_text(text: str, filename: str = "<input>", **kwargs) -> Compiled:
    return compile_file(filename, text=text, **kwargs)


def _read(path: str, limits: Limits) -> str:
    from .sources import read_source
    return read_source(path, limits=limits)
