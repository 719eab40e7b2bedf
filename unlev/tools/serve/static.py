"""``unlev serve --static OUT/``: the zero-install playground, a folder of static files
that runs unlev entirely in the browser under Pyodide.

Why a module of its own: the playground is the preview page (mode ``pyodide``) with an
editor, a local copy of the ``pyodide`` npm package (never fetched here: the user gives
its folder) and two wheels written from what is installed: unlev (the files an
installed wheel holds: modules, data tables, the page) and its one dependency the level
path imports, ply (pure Python).  The page unpacks both into Pyodide's site-packages and
calls :func:`unlev.tools.serve.state.render_json` on the editor's text.  Nothing is
loaded from the network; any static web server can host the folder (browsers do not
run WebAssembly from ``file://`` pages).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import os
import shutil
import time
import zipfile
from typing import Iterator, List, Optional, Tuple

# the files of the pyodide npm package the page needs (the rest are types and maps)
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.mjs",
                 "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json", "package.json")
PYODIDE_NEEDED = ("pyodide.js", "pyodide.asm.wasm", "python_stdlib.zip")
SHIPPED = (".py", ".json", ".md", ".html", ".css", ".js")


class StaticError(Exception):
    pass


def _package_files(package: str, under: str) -> Iterator[Tuple[str, str]]:
    """(path on disk, path in the wheel) of one installed package's shipped files,
    without its subpackages that live elsewhere (unlev.lang is the folder lang/)."""
    mod = importlib.import_module(package)
    root = list(mod.__path__)[0]
    for dirpath, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        rel = os.path.relpath(dirpath, root)
        for f in sorted(files):
            if f.endswith(SHIPPED):
                inner = f if rel == "." else os.path.join(rel, f)
                yield os.path.join(dirpath, f), os.path.join(under, inner).replace(os.sep, "/")


def _unlev_files() -> List[Tuple[str, str]]:
    out = {}
    for package, under in (("unlev", "unlev"), ("unlev.lang", "unlev/lang"),
                           ("unlev.stdlib", "unlev/stdlib"), ("unlev.docs", "unlev/docs")):
        for disk, inner in _package_files(package, under):
            out.setdefault(inner, disk)
    # the source tree keeps lang/, stdlib/ and docs/ beside unlev/: no stray copies
    return sorted((disk, inner) for inner, disk in out.items())


def write_wheel(folder: str, name: str, version: str, files: List[Tuple[str, str]]) -> str:
    """A pure-Python wheel of ``files`` ((disk path, path inside)) in ``folder``; its name."""
    dist = f"{name}-{version}.dist-info"
    wheel = f"{name}-{version}-py3-none-any.whl"
    record = []

    def add(zf, inner: str, data: bytes) -> None:
        info = zipfile.ZipInfo(inner, date_time=(2020, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        zf.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        record.append(f"{inner},sha256={digest.decode()},{len(data)}")

    with zipfile.ZipFile(os.path.join(folder, wheel), "w") as zf:
        for disk, inner in files:
            with open(disk, "rb") as fh:
                add(zf, inner, fh.read())
        add(zf, f"{dist}/METADATA",
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode())
        add(zf, f"{dist}/WHEEL", b"Wheel-Version: 1.0\nGenerator: unlev serve --static\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n")
        record.append(f"{dist}/RECORD,,")
        info = zipfile.ZipInfo(f"{dist}/RECORD", date_time=(2020, 1, 1, 0, 0, 0))
        zf.writestr(info, "\n".join(record) + "\n")
    return wheel


def _ply_files() -> List[Tuple[str, str]]:
    try:
        return list(_package_files("ply", "ply"))
    except ImportError as e:       # pragma: no cover - unlev's own dependency
        raise StaticError("ply is not installed") from e


def write_playground(out: str, sample: Optional[str], pyodide: Optional[str]) -> str:
    """Write the playground to ``out``; returns what was written, in words."""
    from unlev import __version__
    from unlev.output.preview import page_html
    import ply
    if not pyodide:
        raise StaticError("--static needs the pyodide npm package's folder: --pyodide DIR "
                          "(npm pack pyodide && tar xzf pyodide-*.tgz gives package/), "
                          "or $UNLEV_PYODIDE")
    missing = [f for f in PYODIDE_NEEDED if not os.path.isfile(os.path.join(pyodide, f))]
    if missing:
        raise StaticError(f"{pyodide} is not the pyodide npm package (no {', '.join(missing)})")
    if os.path.exists(out) and not os.path.isdir(out):
        raise StaticError(f"{out} exists and is not a folder")
    try:
        os.makedirs(os.path.join(out, "pyodide"), exist_ok=True)
        size = 0
        for f in PYODIDE_FILES:
            src = os.path.join(pyodide, f)
            if os.path.isfile(src):
                shutil.copyfile(src, os.path.join(out, "pyodide", f))
                size += os.path.getsize(src)
        wheels = [write_wheel(out, "unlev", __version__, _unlev_files()),
                  write_wheel(out, "ply", getattr(ply, "__version__", "3.11"), _ply_files())]
        text, name = "", "playground.des"
        if sample:
            with open(sample, encoding="utf-8", errors="replace") as fh:
                text = fh.read()
            name = os.path.basename(sample)
        boot = {"mode": "pyodide", "sample_name": name, "sample_text": text,
                "wheels": wheels, "pyodide_url": "pyodide/", "level": 1, "seed": 1,
                "title": "unlev playground"}
        page = page_html(boot, title="unlev playground",
                         head='<script src="pyodide/pyodide.js"></script>')
        with open(os.path.join(out, "index.html"), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(page)
    except OSError as e:
        raise StaticError(f"cannot write {e.filename or out}: {e.strerror}") from e
    size += sum(os.path.getsize(os.path.join(out, w)) for w in wheels)
    return f"{size / 1e6:.1f} MB: index.html, pyodide/, {', '.join(wheels)}"
