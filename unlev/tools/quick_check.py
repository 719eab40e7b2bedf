"""A repeat ``unlev check`` answered from the result cache before the command line is
parsed: the lean path of issue 29 (a repeat check within 0.2x of lev_comp's CPU).

Why a module of its own: a check whose every file is in the result cache
(``unlev.tools.result_cache``) should cost little more than the interpreter, and the
full path pays for argparse, the settings, the diagnostics' dataclasses, ``json`` and
``hashlib`` before it looks at a file. This module imports only ``os`` and ``sys``
(and the BLAKE2b of ``_blake2``, without OpenSSL), so ``unlev.cli`` asks it
first (:func:`answer`); it answers only an invocation the full path has answered before
and recorded (:func:`record`), and returns None -- the full path runs, with no
difference in output -- for anything else: an option it does not know, ``--no-cache``,
``--fix``, a format other than text, a changed file, a changed INCLUDEd file, a file
or folder it cannot read plainly, a data profile found by name.

The record ("run entry") is keyed by everything that decides the options the full path
would compute and the files it would find, all cheap to read: the exact ``argv``, the
current folder, unlev's source stamp (:func:`source_stamp`, shared with the per-file
entries), the Python, whether standard error is a terminal and ``NO_COLOR`` (colours),
the environment variables the settings read (``UNLEV_LIMITS``, the profile folders),
and what the project-config lookup saw (every ``unlev.toml``/``pyproject.toml`` on the
way up, by content; a ``pyproject.toml`` is read as TOML only when it names unlev). It holds the files found, each file's content hash, the hashes of
the files it INCLUDEd and its result (passed, what --lenient let through, the text
written to standard error), and the stamp of a data profile given as a folder; every
one of them is checked again on a hit. The per-file entries stay the full path's (a
partial hit still helps it). Entries are written whole (temporary name, rename) and
read as whole or a miss, in a length-prefixed format that needs no ``json`` (whose
``re`` import is 5 ms of a regular install's start).

lev_comp has no cache: this follows no C function.
"""

from __future__ import annotations

import os
import sys

try:            # BLAKE2b without hashlib's OpenSSL (2-3 ms); 4x sha256's speed in C
    from _blake2 import blake2b
except ImportError:                     # pragma: no cover - a Python built without it
    from hashlib import blake2b

SCHEMA = "unlev-check-run 2"
MAX_FILE = 16_000_000           # the default limits' file_size: a bigger file is not cached

# ``unlev check``'s options as the fast path reads them (tests/test_result_cache.py holds
# them equal to the real parser's): flags, and options taking one value. Anything else
# -- another spelling, an abbreviation, --no-cache, --fix, --help -- is the full path's.
FLAGS = frozenset({"-q", "--quiet", "--no-compat-warnings", "--include-anywhere",
                   "--show-dialect", "--lenient"})
VALUED = frozenset({"-j", "--jobs", "--select", "--ignore", "--include-path", "--dialect",
                    "--data", "--output-format"})
# what the settings and the output read from the environment
ENVIRONMENT = ("UNLEV_LIMITS", "UNLEV_PROFILES", "XDG_DATA_HOME", "XDG_CACHE_HOME", "HOME",
               "NO_COLOR")

_STAMP: list = []               # this process's source stamp, computed once
# the run key :func:`answer` computed and missed, as [argv, entry path, key]: the full
# path that follows records its results only if the key is the same after the check
# (a config or file changed while it ran would key them by what they were not made of)
_MISSED: list = []


class _Decline(Exception):
    """Not for the fast path: the full path answers."""


def digest(data: bytes) -> str:
    """The hash of the cache's keys and of the files' contents (BLAKE2b, 256 bits)."""
    return blake2b(data, digest_size=32).hexdigest()


def source_stamp() -> str:
    """unlev's version and the size and modification time of every module and data file
    of its packages (``unlev``, ``unlev.lang``, ``unlev.stdlib``): any edit to the
    grammar, its tables or the checker changes it."""
    if not _STAMP:
        import unlev
        from unlev import lang, stdlib
        parts = [unlev.__version__]
        roots = sorted({os.path.dirname(m.__file__) for m in (unlev, lang, stdlib)})
        for root in roots:          # lang/ and stdlib/ are inside unlev/ once installed
            if not any(root.startswith(other + os.sep) for other in roots):
                _stamp_folder(root, parts)
        _STAMP.append(digest("\n".join(parts).encode("utf-8", "surrogatepass")))
    return _STAMP[0]


def _stamp_folder(folder: str, parts: list) -> None:
    with os.scandir(folder) as it:
        entries = sorted(it, key=lambda e: e.name)
    for e in entries:
        if e.is_dir(follow_symlinks=False):
            if e.name != "__pycache__":
                _stamp_folder(e.path, parts)
        elif e.name.endswith((".py", ".json")):
            st = e.stat()
            parts.append(f"{e.path}:{st.st_size}:{st.st_mtime_ns}")


def folder_stamp(folder: str) -> str:
    """Every file under ``folder`` (a data profile's) by path, size and modification
    time, in a fixed order."""
    parts: list = []
    for root, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            st = os.stat(path)
            parts.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(parts)


def find_des_files(paths: list) -> list:
    """The files ``paths`` name: a folder's ``*.des`` files (sorted, the whole list, when
    any path is a folder), a file as it is given."""
    found: list = []
    for p in paths:
        if os.path.isdir(p):
            for root, _dirs, files in os.walk(p):
                found.extend(os.path.join(root, f) for f in files if f.endswith(".des"))
        else:
            found.append(p)
    return sorted(found) if any(os.path.isdir(p) for p in paths) else found


def read_plain(path: str):
    """A regular file's bytes (opened without blocking, at most MAX_FILE of them), or
    None: a FIFO, a device, a folder, a file too big or that cannot be read."""
    if "\0" in path:
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if (st.st_mode & 0o170000) != 0o100000 or st.st_size > MAX_FILE:
            return None
        chunks, got = [], 0
        while got <= MAX_FILE:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        return None if got > MAX_FILE else b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def config_lookup(start: str):
    """What ``unlev.tools.project_config.find(start)`` reads on its way up, by content
    (a list of 'path:hash', an absent file not listed), and the config it finds (its
    path) or None. Only a ``pyproject.toml`` naming unlev somewhere may hold
    ``[tool.unlev]``: that one is read as TOML (one that cannot be: _Decline)."""
    here = os.path.realpath(start or os.getcwd())
    if not os.path.isdir(here):
        here = os.path.dirname(here)
    seen: list = []
    while True:
        for name in ("unlev.toml", "pyproject.toml"):
            path = os.path.join(here, name)
            if os.path.isfile(path):
                data = read_plain(path)
                if data is None:
                    raise _Decline
                seen.append(f"{path}:{digest(data)}")
                if name == "unlev.toml" or (b"unlev" in data and _has_tool_unlev(data)):
                    return seen, path
        parent = os.path.dirname(here)
        if parent == here:
            return seen, None
        here = parent


def _has_tool_unlev(data: bytes) -> bool:
    """Whether a ``pyproject.toml`` holds a ``[tool.unlev]`` table, as
    ``project_config.find`` asks it."""
    try:
        import tomllib
    except ImportError:         # Python < 3.11: tomli, a dependency there (setup.cfg)
        try:
            import tomli as tomllib  # type: ignore[no-redef]
        except ImportError:     # pragma: no cover - not installed: the full path says so
            raise _Decline from None
    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (ValueError, UnicodeError):
        raise _Decline from None
    tool = table.get("tool", {})
    return isinstance(tool, dict) and isinstance(tool.get("unlev"), dict)


def cache_folder(found) -> str:
    """``.unlev_cache`` beside the config found, else the user's cache folder (as
    ``result_cache.default_folder``)."""
    if found is not None:
        return os.path.join(os.path.dirname(found), ".unlev_cache")
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "unlev", "results")


def paths_of(argv: list):
    """The FILE|DIR words of ``unlev check ARGS``, or _Decline for anything the fast
    path does not answer."""
    if not argv or argv[0] != "check":
        raise _Decline
    paths = []
    words = iter(argv[1:])
    for a in words:
        if a in FLAGS:
            continue
        if a in VALUED:
            value = next(words, None)
            if value is None:
                raise _Decline
            if a == "--output-format" and value != "text":
                raise _Decline
            if a in ("-j", "--jobs"):
                try:
                    int(value)
                except ValueError:
                    raise _Decline from None
            continue
        if a.startswith("-") and a != "-":
            raise _Decline
        paths.append(a)
    if not paths:
        raise _Decline
    return paths


def run_key(argv: list, paths: list, files: list):
    """(the run entry's path, its key) for this invocation as things are now."""
    settings_seen, _ = config_lookup(paths[0])
    folder_seen, found = config_lookup(files[0])
    folder = cache_folder(found)
    parts = [SCHEMA, source_stamp(), sys.version, sys.prefix, os.getcwd(),
             "\0".join(argv), str(sys.stderr.isatty()),
             *(f"{v}={os.environ.get(v)}" for v in ENVIRONMENT),
             "\n".join(settings_seen), "\n".join(folder_seen), folder]
    key = digest("\0\1".join(parts).encode("utf-8", "surrogatepass"))
    return os.path.join(folder, "runs", key[:2], key), key


def answer(argv: list):
    """The exit code of ``unlev ARGV`` when it is a repeat check the run entries answer
    (its output written), else None."""
    _MISSED.clear()
    try:
        paths = paths_of(argv)
        for p in paths:
            if "\0" in p or not (os.path.isdir(p) or os.path.isfile(p)):
                raise _Decline
        files = find_des_files(paths)
        if not files:
            raise _Decline
        entry_path, key = run_key(argv, paths, files)
        _MISSED[:] = [list(argv), entry_path, key]
        results = _read_entry(entry_path, key, files)
    except (_Decline, OSError, ValueError, IndexError, UnicodeError, StopIteration):
        return None
    for _ok, _held, text in results:
        if text:
            sys.stderr.write(text)
    sys.stderr.flush()
    summary, code = summarize(results)
    print(summary)
    return code


class Tally:
    """What ``unlev check``'s last line counts, file by file: passed, failed, and what
    --lenient let through by kind."""

    def __init__(self) -> None:
        self.passed = self.failed = 0
        self.skipped: dict = {}

    def add(self, ok: bool, held: dict) -> None:
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        for kind, n in held.items():
            self.skipped[kind] = self.skipped.get(kind, 0) + n

    def line(self) -> str:
        return summary_line(self.passed, self.failed, self.skipped)

    def code(self) -> int:
        return 0 if self.failed == 0 else 1


def summarize(results) -> tuple:
    """``unlev check``'s last line and exit code from its files' (passed, what --lenient
    let through, text) in file order."""
    tally = Tally()
    for ok, held, _text in results:
        tally.add(ok, held)
    return tally.line(), tally.code()


def summary_line(passed: int, failed: int, skipped: dict) -> str:
    """'N passed, M failed', with what --lenient let through by kind."""
    held = ", ".join(f"{n} {kind}{'s' if n > 1 else ''}" for kind, n in sorted(skipped.items()))
    return f"{passed} passed, {failed} failed" + (f" (--lenient let through {held})"
                                                  if held else "")


# -- the run entry: a list of strings, each as its byte length, a newline, its bytes

def _pack(fields: list) -> bytes:
    out = []
    for f in fields:
        b = f.encode("utf-8", "surrogatepass")
        out.append(b"%d\n" % len(b))
        out.append(b)
    return b"".join(out)


def _unpack(data: bytes) -> list:
    fields, pos = [], 0
    while pos < len(data):
        nl = data.index(b"\n", pos)
        n = int(data[pos:nl])
        end = nl + 1 + n
        if n < 0 or end > len(data):
            raise ValueError("a cut entry")
        fields.append(data[nl + 1:end].decode("utf-8", "surrogatepass"))
        pos = end
    return fields


def _read_entry(entry_path: str, key: str, files: list) -> list:
    """The results the entry holds for ``files``, each file and INCLUDEd file checked
    against its hash; _Decline (or ValueError, IndexError) when anything differs."""
    data = read_plain(entry_path)
    if data is None:
        raise _Decline
    f = iter(_unpack(data))
    if next(f) != SCHEMA or next(f) != key:
        raise _Decline
    profile = next(f)
    if profile and next(f) != folder_stamp(profile):
        raise _Decline
    if int(next(f)) != len(files):
        raise _Decline
    results = []
    for path in files:
        if next(f) != path:
            raise _Decline
        content = read_plain(path)
        if content is None or next(f) != digest(content):
            raise _Decline
        for _ in range(int(next(f))):
            included, want = next(f), next(f)
            got = read_plain(included)
            if got is None or digest(got) != want:
                raise _Decline
        ok = next(f) == "1"
        held = {}
        for _ in range(int(next(f))):
            kind = next(f)
            held[kind] = int(next(f))
        results.append((ok, held, next(f)))
    if next(f, None) is not None:
        raise _Decline
    return results


def record(args, files: list) -> None:
    """After a full ``unlev check`` (text output, the result cache on): write the run
    entry that lets :func:`answer` repeat it, from the per-file entries just stored or
    read (``args.result_cache``). Nothing is written when a file has no entry (a
    failed file that INCLUDEs, a FIFO...), when a data profile was found by name, when
    the run's key is not the one :func:`answer` computed before the check (a config,
    a folder's files or an environment variable changed meanwhile), or when the entry
    cannot be written."""
    cache = getattr(args, "result_cache", None)
    argv = getattr(args, "argv", None)
    if cache is None or argv is None:
        return
    profile = getattr(args.settings, "data", None)
    profile_dir = ""
    if profile is not None and not getattr(profile, "builtin", False):
        if "/" not in str(args.data) and os.sep not in str(args.data):
            return                          # by name: the search folders may change
        profile_dir = str(profile.path)
    try:
        paths = paths_of(argv)
        if paths != list(args.paths) or find_des_files(paths) != files:
            return
        entry_path, key = run_key(argv, paths, files)
    except (_Decline, OSError, ValueError):
        return
    if _MISSED != [list(argv), entry_path, key]:
        return                              # not asked before the check, or changed since
    fields = [SCHEMA, key, profile_dir]
    if profile_dir:
        fields.append(folder_stamp(profile_dir))
    fields.append(str(len(files)))
    for path in files:
        stored = cache.stored(path)
        if stored is None:
            return
        content_digest, includes, result = stored
        fields += [path, content_digest, str(len(includes))]
        for included, h in includes:
            fields += [included, h]
        ok, held = result["value"]
        fields += ["1" if ok else "0", str(len(held))]
        for kind, n in held.items():
            fields += [kind, str(int(n))]
        fields.append(result["stderr"])
    write_whole(entry_path, _pack(fields))


def write_whole(path: str, data: bytes) -> None:
    """``data`` at ``path``, written under a temporary name and renamed into place (a
    reader sees the old entry, the new one or none); nothing when it cannot be."""
    import tempfile
    from unlev.tools import tempfiles
    folder = os.path.dirname(path)
    tmp = None
    try:
        os.makedirs(folder, exist_ok=True)
        tempfiles.clean_leftovers(folder)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=tempfiles.prefix(), suffix=".run")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except OSError:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
