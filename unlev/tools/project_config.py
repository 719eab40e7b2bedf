"""A project's settings for every command: ``unlev.toml`` or ``[tool.unlev]`` in
``pyproject.toml``.

Why: a variant maintainer checks, runs and tests the same des-files day after day with
the same ``--data`` profile; writing it once beside the files saves passing it to every
command.  The file is looked for from the folder of the first des-file named on the
command line (else the current folder) upwards; the nearest ``unlev.toml``, or
``pyproject.toml`` with a ``[tool.unlev]`` table, wins::

    # unlev.toml                      # pyproject.toml
    data = "evilhack"                 [tool.unlev]
    lenient = false                   data = "profiles/evilhack"
    dialect = "nethack36"

``data`` is a profile name or a folder (relative to the config file's folder).  An
option given on the command line beats the file.
"""

from __future__ import annotations

import os
from pathlib import Path

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Optional, Tuple

KEYS = {"data": str, "lenient": bool, "dialect": str}


class ConfigError(ValueError):
    """A config file that cannot be read or holds a wrong key or value."""


def _load_toml(path: Path) -> dict:
    try:
        import tomllib
    except ImportError:  # pragma: no cover - Python < 3.11
        try:
            import tomli as tomllib  # type: ignore[no-redef]
        except ImportError:
            raise ConfigError(f"{path}: reading TOML needs Python 3.11 or the 'tomli' "
                              "package") from None
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: {e}") from None


def find(start: Optional[str] = None) -> Optional[Tuple[Path, dict]]:
    """(file, settings) of the nearest config above ``start`` (a file or folder;
    default the current folder), or None."""
    here = Path(start or os.getcwd()).resolve()
    if not here.is_dir():
        here = here.parent
    for folder in (here, *here.parents):
        toml = folder / "unlev.toml"
        if toml.is_file():
            return toml, _checked(toml, _load_toml(toml))
        py = folder / "pyproject.toml"
        if py.is_file():
            table = _load_toml(py).get("tool", {}).get("unlev")
            if isinstance(table, dict):
                return py, _checked(py, table)
    return None


def _checked(path: Path, table: dict) -> dict:
    out = {}
    for key, value in table.items():
        want = KEYS.get(key)
        if want is None:
            raise ConfigError(f"{path}: unknown setting {key!r} (known: {', '.join(KEYS)})")
        if not isinstance(value, want):
            raise ConfigError(f"{path}: {key} must be a {want.__name__}, not {value!r}")
        out[key] = value
    return out


def first_path(args) -> Optional[str]:
    """The first des-file or folder a command was given, where the search starts."""
    for name in ("file", "paths"):
        v = getattr(args, name, None)
        if isinstance(v, list):
            v = v[0] if v else None
        if isinstance(v, str) and v:
            return v
    return None


def apply(args) -> Optional[Path]:
    """Fill ``args.data``/``lenient``/``dialect`` left at their defaults from the
    project's config; the config file used, or None."""
    if not hasattr(args, "data"):
        return None
    found = find(first_path(args))
    if found is None:
        return None
    path, settings = found
    if getattr(args, "data", None) is None and "data" in settings:
        value = settings["data"]
        from unlev.stdlib.profiles import BUILTIN
        if value not in BUILTIN and ("/" in value or (path.parent / value).is_dir()):
            value = str(path.parent / value)
        args.data = value
    if getattr(args, "lenient", None) is None and "lenient" in settings:
        args.lenient = settings["lenient"]
    if "dialect" in settings and getattr(args, "dialect", None) == "auto":
        args.dialect = settings["dialect"]
    return path
