"""Stored snapshots of generated levels, and readable diffs between two of them.

Why this module exists: a variant maintainer wants to know, after changing a
des-file or unlev itself, *what* changed on the levels -- which cells, which monsters,
which objects -- not that two 47 kB JSON files differ.  A snapshot is two files per
level and seed: the screen the game would show (``render.display_rows``), plain text
that diffs well in git, and the level's JSON (``export.level_to_dict``/``dumps``),
gzip-compressed (a level's JSON is ~30 kB of mostly repeated grids; compressed ~2 kB;
the gzip header carries no time, so an unchanged level writes identical bytes).
Layout: ``DIR/<des-file stem>/<LEVEL name>/seed-<n>.txt|.json.gz``; snapshots written
before compression (``.json``) are still read.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import tempfile
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from unlev.model.level import Level

GRID_KEYS = ("lit", "nondiggable", "nonpasswall", "cell_flags", "horizontal", "roomno")
_SHOWN_KEYS = {"display", "terrain", "monsters", "objects", "terrain_counts", "source"}
MAX_LINES = 12          # per section of a diff


@dataclass
class Snapshot:
    text: str           # the map as the game would show it, one line per row
    json: str           # export.dumps(level_to_dict(...))


def make_snapshot(level: Level, seed: int, source: str) -> Snapshot:
    from unlev.output.export import dumps, level_to_dict
    from unlev.output.render import display_rows
    text = "\n".join(row.rstrip() for row in display_rows(level)) + "\n"
    return Snapshot(text, dumps(level_to_dict(level, seed=seed, source=source)))


MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024     # a stored file read at most (a level: ~30 kB)


class SnapshotError(Exception):
    """A stored snapshot that cannot be read (damaged, or not a file): one line saying
    which file and why; ``--update`` writes a new one over it."""


class SnapshotWriteError(Exception):
    """A snapshot that cannot be written: ``cannot write PATH: reason``."""


def _safe(name: str) -> str:
    name = re.sub(r"[^A-Za-z0-9_.+-]", "_", name) or "_"
    # "." and ".." would name the folder above; every written path stays under the root
    return "_" + name if name.strip(".") == "" else name


class SnapshotStore:
    """Snapshots under one directory; writes are atomic (a temporary file, fsync, then a
    rename over the old one) and get the user's umask, as a plain open() would."""

    def __init__(self, root: str) -> None:
        self.root = root
        self._cleaned: set = set()

    def clean(self, file_key: str, level: str) -> None:
        """Remove what a writer killed between writing a temporary file and renaming it
        left in the folder of ``level``'s snapshots (never read; once per folder): a
        run that may write calls it, whether or not it writes."""
        self._clean(os.path.dirname(self.paths(file_key, level, 0)[0]))

    def _clean(self, folder: str) -> None:
        if folder not in self._cleaned:
            from unlev.tools.tempfiles import clean_leftovers
            clean_leftovers(folder)
            self._cleaned.add(folder)

    def paths(self, file_key: str, level: str, seed: int) -> Tuple[str, str]:
        base = os.path.join(self.root, _safe(file_key), _safe(level), f"seed-{int(seed)}")
        root = os.path.abspath(self.root)
        if os.path.commonpath([root, os.path.abspath(base)]) != root:
            raise SnapshotWriteError(f"cannot write {base}: outside {self.root}")
        return base + ".txt", base + ".json.gz"

    def load(self, file_key: str, level: str, seed: int) -> Optional[Snapshot]:
        """The stored snapshot, None when there is none; SnapshotError when what is
        stored is not a snapshot (a directory, a symlink loop, a FIFO, a truncated or
        not-gzip file, text that is not UTF-8, JSON that is not a level)."""
        txt, js = self.paths(file_key, level, seed)
        if not os.path.lexists(txt):
            return None
        text = _read_text(txt)
        if os.path.lexists(js):
            raw = _read_bytes(js)
            try:
                raw = gzip.decompress(raw)
            except (OSError, EOFError, zlib.error):
                raise SnapshotError(f"damaged snapshot {js}: not a whole gzip file") \
                    from None
            data = _utf8(raw, js)
        elif os.path.lexists(js[:-3]):       # written before snapshots were compressed
            data = _read_text(js[:-3])
            js = js[:-3]
        else:
            return None         # half a snapshot: none (made again, or missing in --ci)
        try:
            doc = json.loads(data)
        except ValueError as e:
            raise SnapshotError(f"damaged snapshot {js}: not JSON ({e})") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("terrain", []), list):
            raise SnapshotError(f"damaged snapshot {js}: not a level's JSON")
        return Snapshot(text, data)

    def stale_levels(self, file_key: str, levels) -> List[str]:
        """The folders of ``file_key`` that hold snapshots of no LEVEL in ``levels``
        (the file's LEVELs now: a renamed or removed LEVEL leaves its old ones)."""
        folder = os.path.join(self.root, _safe(file_key))
        try:
            found = sorted(e.name for e in os.scandir(folder) if e.is_dir())
        except FileNotFoundError:
            return []
        wanted = {_safe(lv) for lv in levels}
        return [os.path.join(folder, name) for name in found if name not in wanted]

    def write(self, file_key: str, level: str, seed: int, snap: Snapshot) -> None:
        """SnapshotWriteError when the folder or the file cannot be written."""
        txt, js = self.paths(file_key, level, seed)
        try:
            os.makedirs(os.path.dirname(txt), exist_ok=True)
            self._clean(os.path.dirname(txt))
            _atomic_write(js, gzip.compress(snap.json.encode("utf-8"), compresslevel=9,
                                            mtime=0))
            _atomic_write(txt, snap.text.encode("utf-8"))
            try:
                os.unlink(js[:-3])                 # an older uncompressed one, now replaced
            except FileNotFoundError:
                pass
        except OSError as e:
            where = e.filename if isinstance(e.filename, str) else os.path.dirname(txt)
            raise SnapshotWriteError(f"cannot write {where}: {e.strerror or e}") from None


def _read_bytes(path: str) -> bytes:
    """A stored file's bytes: a regular file only (refused before it is opened when it is
    a FIFO, a device, a directory), at most MAX_SNAPSHOT_BYTES; SnapshotError else."""
    from unlev.lang.sources import special_kind
    try:
        kind = special_kind(os.stat(path).st_mode)
        if kind is not None:
            raise SnapshotError(f"damaged snapshot {path}: {kind}, not a file")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            kind = special_kind(os.fstat(fd).st_mode)
            if kind is not None:
                raise SnapshotError(f"damaged snapshot {path}: {kind}, not a file")
            with os.fdopen(os.dup(fd), "rb") as fh:
                raw = fh.read(MAX_SNAPSHOT_BYTES + 1)
        finally:
            os.close(fd)
    except OSError as e:
        raise SnapshotError(f"damaged snapshot {path}: {e.strerror or e}") from None
    if len(raw) > MAX_SNAPSHOT_BYTES:
        raise SnapshotError(f"damaged snapshot {path}: more than {MAX_SNAPSHOT_BYTES:,} bytes")
    return raw


def _utf8(raw: bytes, path: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SnapshotError(f"damaged snapshot {path}: not UTF-8 text (byte {e.start})") \
            from None


def _read_text(path: str) -> str:
    return _utf8(_read_bytes(path), path)


def _umask() -> int:
    """The process's umask (read by setting it, then putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _atomic_write(path: str, data: bytes) -> None:
    """Write ``path`` whole or not at all: a temporary file beside it, fsync, the
    user's umask on its mode (mkstemp makes it 0600), rename over the old one.  A
    symlink at ``path`` is replaced, never followed; a directory there is an error."""
    from unlev.tools import tempfiles
    d = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=tempfiles.prefix(), dir=d)
    try:
        # mkstemp makes the file -rw-------; a snapshot is shared like any file the
        # user writes (committed, read by CI): the user's umask decides
        if hasattr(os, "fchmod"):
            os.fchmod(fd, 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fchmod(fh.fileno(), 0o666 & ~_umask())
            os.fsync(fh.fileno())
        if os.path.isdir(path) and not os.path.islink(path):
            os.rmdir(path)      # an empty directory in a snapshot's place (else: an error)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        dfd = os.open(d, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


# ------------------------------------------------------------------ diffs
@dataclass
class SnapshotDiff:
    """What changed between two snapshots; ``summary`` is one short line."""

    cells: int
    summary: str
    text: str

    def __bool__(self) -> bool:
        return bool(self.text)


def diff_snapshots(old: Snapshot, new: Snapshot) -> SnapshotDiff:
    """A readable account of the changes from ``old`` to ``new`` (empty when equal)."""
    if old.text == new.text and old.json == new.json:
        return SnapshotDiff(0, "", "")
    try:
        a, b = json.loads(old.json), json.loads(new.json)
    except ValueError:
        a, b = {}, {}
    parts: List[str] = []
    summary: List[str] = []
    rows_text, n_cells = _map_diff(old.text, new.text)
    if n_cells:
        parts.append(f"map: {n_cells} cell{'s' if n_cells != 1 else ''} look different\n"
                     + rows_text)
        summary.append(f"{n_cells} map cell{'s' if n_cells != 1 else ''}")
    terrain = _terrain_diff(a.get("terrain"), b.get("terrain"))
    if terrain:
        parts.append(f"terrain: {len(terrain)} cell{'s' if len(terrain) != 1 else ''} changed\n"
                     + _limit(terrain))
        summary.append(f"{len(terrain)} terrain")
    for key, word in (("monsters", "monster"), ("objects", "object")):
        lines, counts = _entity_diff(a.get(key) or [], b.get(key) or [], word)
        if lines:
            parts.append(f"{key}: {counts}\n" + _limit(lines))
            summary.append(f"{key} {counts}")
    other = _other_keys(a, b)
    if other:
        parts.append("also changed: " + "; ".join(other))
        summary.append("also " + ", ".join(o.split(" ")[0] for o in other))
    if not parts:
        parts.append("the snapshot files differ in form only (whitespace or key order)")
        summary.append("form only")
    return SnapshotDiff(n_cells, "; ".join(summary), "\n".join(parts))


def _limit(lines: List[str]) -> str:
    shown = lines[:MAX_LINES]
    if len(lines) > MAX_LINES:
        shown.append(f"... and {len(lines) - MAX_LINES} more")
    return "\n".join("  " + ln for ln in shown)


def _map_diff(old: str, new: str) -> Tuple[str, int]:
    a, b = old.rstrip("\n").split("\n"), new.rstrip("\n").split("\n")
    height = max(len(a), len(b))
    a += [""] * (height - len(a))
    b += [""] * (height - len(b))
    out: List[str] = []
    changed = 0
    shown_rows = 0
    for y in range(height):
        ra, rb = a[y], b[y]
        if ra == rb:
            continue
        width = max(len(ra), len(rb))
        ra, rb = ra.ljust(width), rb.ljust(width)
        cols = [x for x in range(width) if ra[x] != rb[x]]
        changed += len(cols)
        shown_rows += 1
        if shown_rows > MAX_LINES:
            continue
        marks = "".join("^" if x in cols else " " for x in range(width)).rstrip()
        out.append(f"  y={y:<2} - {ra.rstrip()}")
        out.append(f"       + {rb.rstrip()}")
        out.append(f"         {marks}")
    if shown_rows > MAX_LINES:
        out.append(f"  ... and {shown_rows - MAX_LINES} more rows")
    return "\n".join(out), changed


def _terrain_diff(a, b) -> List[str]:
    if not isinstance(a, list) or not isinstance(b, list) or a == b:
        return []
    out = []
    for y, (ra, rb) in enumerate(zip(a, b)):
        if ra == rb:
            continue
        for x, (ta, tb) in enumerate(zip(ra, rb)):
            if ta != tb:
                out.append(f"({x},{y}) {ta} -> {tb}")
    return out


def _entity_key(e: dict) -> Tuple[str, int, int]:
    return (str(e.get("name")), e.get("x", -1), e.get("y", -1))


def _entity_diff(old: List[dict], new: List[dict], word: str) -> Tuple[List[str], str]:
    ka = Counter(_entity_key(e) for e in old)
    kb = Counter(_entity_key(e) for e in new)
    removed = list((ka - kb).elements())
    added = list((kb - ka).elements())
    lines: List[str] = []
    moved = 0
    for name, x, y in sorted(removed):
        match = next((k for k in sorted(added) if k[0] == name), None)
        if match is not None:
            added.remove(match)
            lines.append(f"~ {word} {name} moved ({x},{y}) -> ({match[1]},{match[2]})")
            moved += 1
        else:
            lines.append(f"- {word} {name} at ({x},{y}) is gone")
    for name, x, y in sorted(added):
        lines.append(f"+ {word} {name} at ({x},{y}) is new")
    # same thing, same place, other details (asleep, contents, attributes...)
    by_key_a: Dict[tuple, List[dict]] = {}
    for e in old:
        by_key_a.setdefault(_entity_key(e), []).append(e)
    changed = 0
    for e in new:
        k = _entity_key(e)
        if by_key_a.get(k):
            o = by_key_a[k].pop(0)
            if o != e:
                keys = sorted(kk for kk in set(o) | set(e) if o.get(kk) != e.get(kk))
                details = []
                for kk in keys:
                    if kk == "attrs" and isinstance(o.get(kk), dict) and isinstance(e.get(kk), dict):
                        sub = sorted(s for s in set(o[kk]) | set(e[kk])
                                     if o[kk].get(s) != e[kk].get(s))
                        details += [f"{s}: {_short(o[kk].get(s))} -> {_short(e[kk].get(s))}"
                                    for s in sub]
                    else:
                        details.append(f"{kk}: {_short(o.get(kk))} -> {_short(e.get(kk))}")
                lines.append(f"* {word} {k[0]} at ({k[1]},{k[2]}) changed: " + ", ".join(details))
                changed += 1
    gone = len(removed) - moved
    counts = []
    if added:
        counts.append(f"{len(added)} new")
    if gone:
        counts.append(f"{gone} gone")
    if moved:
        counts.append(f"{moved} moved")
    if changed:
        counts.append(f"{changed} changed")
    return lines, ", ".join(counts)


def _short(v) -> str:
    s = json.dumps(v, sort_keys=True) if not isinstance(v, str) else repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _other_keys(a: dict, b: dict) -> List[str]:
    out = []
    for k in list(dict.fromkeys(list(a) + list(b))):
        if k in _SHOWN_KEYS or a.get(k) == b.get(k):
            continue
        va, vb = a.get(k), b.get(k)
        if k in GRID_KEYS and isinstance(va, list) and isinstance(vb, list):
            n = sum(1 for ra, rb in zip(va, vb) for ca, cb in zip(ra, rb) if ca != cb)
            out.append(f"{k} ({n} cell{'s' if n != 1 else ''})")
        elif isinstance(va, list) and isinstance(vb, list):
            out.append(f"{k} ({len(va)} -> {len(vb)} entries)" if len(va) != len(vb)
                       else f"{k} (same count, different entries)")
        elif isinstance(va, dict) and isinstance(vb, dict):
            sub = sorted(s for s in set(va) | set(vb) if va.get(s) != vb.get(s))
            out.append(f"{k} ({', '.join(sub[:6])}{', ...' if len(sub) > 6 else ''})")
        else:
            out.append(f"{k} ({_short(va)} -> {_short(vb)})")
    return out
