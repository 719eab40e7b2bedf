"""Reading des-files: what a file may be (size, encoding) and where INCLUDE may read.

Why a module of its own: the top-level file (frontend) and every INCLUDEd one (parser)
are read the same way, and the rules are a security boundary — a regression harness
runs des-files from pull requests, so an INCLUDE reads only files under the including
file's folder and the ``--include-path`` folders (no absolute paths, no ``..`` out of
them) unless ``--include-anywhere`` is given, and a refused file is never opened, so
its content cannot show in an error.  lev_comp reads bytes; unlev reads them as
Latin-1 (every byte is a character) after dropping a UTF-8 byte-order mark.
"""

from __future__ import annotations

import os
import stat

from .diagnostics import DesError, Span
from .limits import DEFAULT, Limits, hint

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import List, Optional, Tuple

_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
         (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))

def read_source(path: str, span: Optional[Span] = None, limits: Limits = DEFAULT) -> str:
    """The text of a des-file; DesError for an unreadable, too big (``limits.file_size``)
    or UTF-16/32 file."""
    where = span or Span(path, 0, 0)
    fd = open_regular(path, where)
    try:
        return decode(read_bounded(fd, path, where, limits=limits), path)
    finally:
        os.close(fd)


def special_kind(mode: int) -> Optional[str]:
    """What a file that is not a regular file is ("a FIFO", "a device"...), or None."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def refuse_special(path: str) -> Optional[str]:
    """Why ``path`` is not read (a FIFO, a device, a socket, a directory), asked of its
    status before anything opens it -- opening a FIFO blocks until a writer comes; or
    None for a regular file (or one that is missing: opening it tells why)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return special_kind(mode)


def open_regular(path: str, where: Span) -> int:
    """A descriptor open on ``path``, a regular file: refused before opening when it is
    special, opened without blocking (a FIFO put there meanwhile does not hang) and
    checked again on the descriptor.  DesError otherwise."""
    if "\0" in path:
        raise DesError("cannot read file: its name holds a NUL byte", where)
    why = refuse_special(path)
    if why is not None:
        raise DesError(f"cannot read {path}: {why}, not a des-file", where)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | \
        getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise DesError(f"cannot read file: {exc.strerror}", where) from None
    why = special_kind(os.fstat(fd).st_mode)
    if why is not None:
        os.close(fd)
        raise DesError(f"cannot read {path}: {why}, not a des-file", where)
    return fd


def read_bounded(fd: int, path: str, where: Span, limits: Limits = DEFAULT) -> bytes:
    """At most ``limits.file_size`` bytes of an open file; DesError past it."""
    limit = limits.file_size
    size = os.fstat(fd).st_size
    if size > limit:
        raise DesError(f"{path} is {size:,} bytes, more than a des-file may be", where,
                       hint("file_size", limits))
    chunks, got = [], 0
    try:
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise DesError(f"cannot read file: {exc.strerror}", where) from None
    if got > limit:        # a growing file
        raise DesError(f"{path} is more than {limit:,} bytes", where, hint("file_size", limits))
    return b"".join(chunks)


def decode(raw: bytes, path: str) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    for bom, name in _BOMS:
        if raw.startswith(bom):
            raise DesError(f"the file is {name} encoded; des-files are ASCII (or UTF-8, "
                           "Latin-1)", Span(path, 1, 1),
                           f"save it as UTF-8, e.g. iconv -f {name} -t UTF-8")
    return raw.decode("latin-1")


def include_roots(top_file: str, include_path: List[str]) -> List[str]:
    return [real_path(os.path.dirname(os.path.abspath(top_file)) or ".")] + \
        [real_path(d) for d in include_path]


def real_path(path: str) -> str:
    """os.path.realpath, that a file swapped while it resolves (a symlink one moment, a
    plain file the next: EINVAL from readlink) or a NUL byte cannot turn into a crash:
    the name as it is then, which containment checks refuse or cannot open."""
    for _ in range(3):
        try:
            return os.path.realpath(path)
        except OSError:
            continue
        except ValueError:
            break
    return os.path.abspath(path.replace("\0", "?"))


def _under(real: str, roots: List[str]) -> bool:
    for root in roots:
        try:
            if os.path.commonpath([root, real]) == root:
                return True
        except ValueError:        # other drive (Windows)
            continue
    return False


def refused_include(name: str, resolved: str, roots: List[str],
                    anywhere: bool = False) -> Optional[str]:
    """Why an INCLUDE of ``name`` (found at ``resolved``) may not be read, or None
    (``anywhere``: the run's --include-anywhere, every file may be read)."""
    if anywhere:
        return None
    if os.path.isabs(name):
        return "an absolute path"
    if "\0" in name:
        return "its name holds a NUL byte"
    if _under(real_path(resolved), roots):
        return None
    return "outside the including file's folder and the --include-path folders"


OUTSIDE = "outside the including file's folder and the --include-path folders"


def open_include(path: str, roots: List[str], where: Span,
                 anywhere: bool = False, limits: Limits = DEFAULT) -> Tuple[str, str]:
    """Read an INCLUDEd file by one descriptor: (its real path, its text).

    The file is opened once; what is read is what that descriptor holds, and the
    descriptor is checked to be the file whose real path is under a root (same device
    and inode as that path, after the open): a file swapped for a symlink between a
    check and an open cannot slip through, and a refused file's content is never read.
    Raises DesError (a message fit for ``INCLUDE ... refused:``) when it is outside."""
    fd = open_regular(path, where)
    try:
        real = _real_path_of(fd, path)
        if not anywhere and (real is None or not _under(real, roots)):
            raise DesError(f"refused: {OUTSIDE}", where)
        return real or real_path(path), decode(read_bounded(fd, path, where, limits=limits),
                                               path)
    finally:
        os.close(fd)


def _real_path_of(fd: int, path: str) -> Optional[str]:
    """Where the open file ``fd`` really is: the kernel's name for it (Linux), else the
    real path of ``path`` if that is still the same file (device and inode); None when
    the two differ (the file was swapped after it was opened)."""
    st = os.fstat(fd)
    try:
        real = os.readlink(f"/proc/self/fd/{fd}")
        if os.path.isabs(real) and not real.endswith(" (deleted)"):
            return real if _same_file(real, st) else None
    except OSError:
        pass
    real = real_path(path)
    return real if _same_file(real, st) else None


def _same_file(real: str, st: os.stat_result) -> bool:
    try:
        other = os.stat(real)
    except OSError:
        return False
    return (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino)
