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
from typing import List, Optional

from .diagnostics import DesError, Span
from .limits import hint, limits

_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
         (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))

def read_source(path: str, span: Optional[Span] = None) -> str:
    """The text of a des-file; DesError for an unreadable, too big or UTF-16/32 file."""
    where = span or Span(path, 0, 0)
    try:
        size = os.path.getsize(path)
        if size > limits().file_size:
            raise DesError(f"{path} is {size:,} bytes, more than a des-file may be", where,
                           hint("file_size"))
        with open(path, "rb") as fh:
            raw = fh.read(limits().file_size + 1)
    except OSError as exc:
        raise DesError(f"cannot read file: {exc.strerror}", where) from None
    if len(raw) > limits().file_size:        # a device or a growing file
        raise DesError(f"{path} is more than {limits().file_size:,} bytes", where,
                       hint("file_size"))
    return decode(raw, path)


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
    return [os.path.realpath(os.path.dirname(os.path.abspath(top_file)) or ".")] + \
        [os.path.realpath(d) for d in include_path]


def refused_include(name: str, resolved: str, roots: List[str],
                    anywhere: bool = False) -> Optional[str]:
    """Why an INCLUDE of ``name`` (found at ``resolved``) may not be read, or None
    (``anywhere``: the run's --include-anywhere, every file may be read)."""
    if anywhere:
        return None
    if os.path.isabs(name):
        return "an absolute path"
    real = os.path.realpath(resolved)
    for root in roots:
        try:
            if os.path.commonpath([root, real]) == root:
                return None
        except ValueError:        # other drive (Windows)
            continue
    return "outside the including file's folder and the --include-path folders"
