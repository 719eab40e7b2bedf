"""Data profiles: which game's monsters, objects, traps and room types a run checks names
against.

Why a module of its own: unlev ships the tables of three games (UnNetHack, NetHack 3.6,
NetHack 3.4.3), and a variant maintainer brings a fourth, imported from the variant's
own C source (``unlev data import``).  All of them are *profiles*, found and loaded the
same way, so the shipped ones exercise the same loader a variant's does.

A profile is a directory holding ``profile.json`` and the tables beside it::

    profile.json    {"name": "evilhack", "base": "nethack36", "extensions": {...},
                     "source": "...", "tables": ["monsters", "objects", ...]}
    monsters.json   objects.json   traps.json   rooms.json
    [shops.json  epitaphs.json  dungeon.json  levcomp.json]     (optional)

``base`` is the des-file dialect the variant extends (``unnethack``, ``nethack36`` or
``nethack343``, or one of UnNetHack's releases); ``loader`` (optional) the game whose
loader builds its levels when that is not the base's (``unnethack``, ``nethack36``,
``nethack343``).  ``extensions`` is what the variant adds to the language; its schema
belongs to the language (``unlev.lang.extensions``), and this module keeps it as a plain
dict without reading it.  ``dungeon`` is the dungeon description (dungeon.def) and
``levcomp`` the digest of the game's lev_comp that a later import compares a variant's
with (``unlev.tools.data.declarations``); neither is read here.

The shipped profiles are ``stdlib/data/`` itself (``unnethack``) and
``stdlib/data/nethack36/``, ``stdlib/data/nethack343/``.  A name that is not one of them
is looked up as a directory in ``$UNLEV_PROFILES`` (``os.pathsep``-separated) and then in
the user's profile folder (``$XDG_DATA_HOME/unlev/profiles``, by default
``~/.local/share/unlev/profiles``), where ``unlev data import`` writes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .records import FACTORY, record

TYPE_CHECKING = False       # typing's import is ~2 ms of a check's start
if TYPE_CHECKING:
    from typing import Dict, List, Optional, Tuple

__all__ = ["Profile", "ProfileError", "BUILTIN", "BASES", "LOADERS", "TABLES", "builtin", "load",
           "resolve", "user_profile_dir", "search_dirs", "available"]

#: The dialects a profile can extend.
BASES = ("unnethack", "nethack36", "nethack343", "unnethack35", "unnethack352",
         "unnethack351")
#: The games whose loader a profile may name (``"loader"`` in profile.json) apart from
#: its grammar's base: SporkHack reads UnNetHack 3.5's language but builds its levels
#: as NetHack 3.4.3 does (its sp_lev.c comments out flip_level_rnd()).
LOADERS = ("unnethack", "nethack36", "nethack343")
#: The tables every profile has (name checks need them); ``shops``/``epitaphs`` are optional.
TABLES = ("monsters", "objects", "traps", "rooms")
#: The shipped profiles: name -> folder under ``stdlib/data``.
BUILTIN = {"unnethack": "", "nethack36": "nethack36", "nethack343": "nethack343",
           "nethack37": "nethack37"}


class ProfileError(ValueError):
    """A profile that cannot be found or read; the message says what and where."""


@record(frozen=True)
@dataclass(init=False, repr=False, eq=False)
class Profile:
    """One data set: its tables' folder, the dialect it extends and its declared
    language extensions (uninterpreted here)."""

    name: str
    base: str
    path: Path
    extensions: dict = field(default_factory=dict, compare=False, hash=False)
    builtin: bool = False
    source: str = ""
    loader: str = ""        # the game whose loader builds its levels; "": its base's

    def __init__(self, name: str, base: str, path: Path, extensions: dict = FACTORY,
                 builtin: bool = False, source: str = "", loader: str = "") -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "path", path)
        object.__setattr__(self, "extensions", {} if extensions is FACTORY else extensions)
        object.__setattr__(self, "builtin", builtin)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "loader", loader)

    def table(self, name: str) -> dict:
        """The raw JSON of ``<path>/<name>.json`` (cached per file)."""
        return _read_json(str(self.path / f"{name}.json"))

    def has_table(self, name: str) -> bool:
        return (self.path / f"{name}.json").is_file()

    @property
    def is_default(self) -> bool:
        """The profile whose tables the level builder itself runs on (UnNetHack's)."""
        return self.builtin and self.name == "unnethack"

    def describe(self) -> str:
        kind = "built-in" if self.builtin else str(self.path)
        return f"{self.name} (extends {self.base}; {kind})"


@lru_cache(maxsize=None)
def _read_json(path: str) -> dict:
    # a built-in profile's table from its marshal copy (a check need not load json)
    from .shipped import read_json_table
    return read_json_table(path)


def _data_dir() -> Path:
    return Path(__file__).resolve().parent / "data"


def _from_dir(path: Path, builtin: bool = False) -> Profile:
    meta_path = path / "profile.json"
    try:
        if builtin:     # a shipped profile's, from its marshal copy: no json to load
            meta = _read_json(str(meta_path))
        else:
            import json
            meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ProfileError(f"{meta_path}: cannot read the profile: {e.strerror}") from None
    except ValueError as e:
        raise ProfileError(f"{meta_path}: not valid JSON: {e}") from None
    if not isinstance(meta, dict):
        raise ProfileError(f"{meta_path}: a profile is a JSON object")
    name = meta.get("name") or path.name
    base = meta.get("base", "unnethack")
    if base not in BASES:
        raise ProfileError(f"{meta_path}: \"base\" is {base!r}; it must be one of "
                           f"{', '.join(BASES)}")
    ext = meta.get("extensions") or {}
    if not isinstance(ext, dict):
        raise ProfileError(f"{meta_path}: \"extensions\" must be an object")
    missing = [t for t in TABLES if not (path / f"{t}.json").is_file()]
    if missing:
        raise ProfileError(f"{path}: the profile lacks {', '.join(t + '.json' for t in missing)}")
    loader = meta.get("loader") or ""
    if loader and loader not in LOADERS:
        raise ProfileError(f"{meta_path}: \"loader\" is {loader!r}; it must be one of "
                           f"{', '.join(LOADERS)}")
    return Profile(str(name), base, path, dict(ext), builtin, str(meta.get("source", "")),
                   str(loader))


@lru_cache(maxsize=None)
def builtin(name: str) -> Profile:
    """One of the shipped profiles (``unnethack``, ``nethack36``, ``nethack343``)."""
    if name not in BUILTIN:
        raise ProfileError(f"no built-in profile {name!r}; built-in: {', '.join(BUILTIN)}")
    folder = _data_dir() / BUILTIN[name] if BUILTIN[name] else _data_dir()
    return _from_dir(folder, builtin=True)


def user_profile_dir() -> Path:
    """Where ``unlev data import`` writes by default and ``--data NAME`` looks."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"),
                                                           ".local", "share")
    return Path(base) / "unlev" / "profiles"


def search_dirs() -> List[Path]:
    """The folders a profile NAME is looked for in, first match wins."""
    dirs = [Path(p) for p in os.environ.get("UNLEV_PROFILES", "").split(os.pathsep) if p]
    dirs.append(user_profile_dir())
    return dirs


def load(path) -> Profile:
    """The profile in directory ``path`` (or the directory of a ``profile.json``)."""
    p = Path(path)
    if p.name == "profile.json" and p.is_file():
        p = p.parent
    return _from_dir(p.resolve())


def resolve(spec, relative_to: Optional[Path] = None) -> Profile:
    """``--data NAME|PATH``: a built-in name, a profile directory (a path: it has a
    slash or exists, relative to ``relative_to`` if given), or a NAME in the profile
    search folders."""
    if isinstance(spec, Profile):
        return spec
    text = str(spec)
    if text in BUILTIN:
        return builtin(text)
    candidate = Path(text).expanduser()
    if relative_to is not None and not candidate.is_absolute():
        candidate = Path(relative_to) / candidate
    if "/" in text or os.sep in text or candidate.is_dir():
        if not candidate.is_dir() and candidate.name != "profile.json":
            raise ProfileError(f"no profile directory {candidate}")
        return load(candidate)
    for d in search_dirs():
        if (d / text / "profile.json").is_file():
            return load(d / text)
    where = ", ".join(str(d) for d in search_dirs())
    raise ProfileError(f"no data profile named {text!r} (built-in: {', '.join(BUILTIN)}; "
                       f"looked in {where}); make one with 'unlev data import SOURCE "
                       f"--name {text}'")


def available() -> List[Tuple[str, Path]]:
    """(name, folder) of every profile that ``--data NAME`` can find, built-ins first."""
    out: List[Tuple[str, Path]] = [(n, builtin(n).path) for n in BUILTIN]
    seen = set(BUILTIN)
    for d in search_dirs():
        if not d.is_dir():
            continue
        for sub in sorted(d.iterdir()):
            if sub.name not in seen and (sub / "profile.json").is_file():
                seen.add(sub.name)
                out.append((sub.name, sub))
    return out


def names_of(profile: Profile) -> Dict[str, List[str]]:
    """Every name a des-file may use under this profile, by kind (for hints and lists)."""
    mons = profile.table("monsters")["monsters"]
    objs = profile.table("objects")["objects"]
    return {"monster": [m["name"] for m in mons if m.get("name")],
            "object": [o["name"] for o in objs if o.get("name")],
            "trap": [t["name"] for t in profile.table("traps")["des_names"]],
            "room type": [r["name"] for r in profile.table("rooms")["des_names"]]}
