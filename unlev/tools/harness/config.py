"""Settings of a regression run: seed lists, and which checks each level switches off.

Why this module exists: ``unlev test`` and the pytest plugin must agree on how
``--seeds 1..10`` reads and on which checks a level has switched off -- by a comment in
its des-file (``# unlev-test: skip reachable -- why``) or by an entry in a config
file (``unlev-test.ini``)::

    # one section per LEVEL name (shell wildcards allowed)
    [medusa-*]
    skip = reachable    ; the down stairs are across the water
    seeds = 1..50       ; only these seeds (default: every seed)
    lint = map-door     ; lint codes not reported for these levels
    reason = Medusa's island is reached by levitation, as in the game
"""

from __future__ import annotations

import configparser
import fnmatch
import os
from typing import Dict, Iterable, List, Optional, Set, Tuple

from unlev.tools.harness.invariants import CHECKS, parse_directives

CONFIG_NAME = "unlev-test.ini"
SKIPPABLE = set(CHECKS) | {"lint", "snapshot"}


class ConfigError(ValueError):
    """A bad seed list or config file (a usage error: exit code 2)."""


def parse_seeds(text) -> List[int]:
    """``1..10``, ``3``, ``1-5``, ``1,4,9`` or ``1..5,20..22`` -> the seeds in order, no
    repeats (:func:`unlev.tools.common.seed_list`, the syntax of every ``--seeds``); an
    already parsed list is returned as it is."""
    from unlev.tools.common import seed_list
    if isinstance(text, (list, tuple)):
        return list(text)
    try:
        return seed_list(text)
    except ValueError as e:
        raise ConfigError(str(e)) from None


class SkipConfig:
    """Checks switched off per level by a config file (sections are LEVEL-name globs):
    ``skip`` (checks), ``seeds`` (the seeds they are off for; default all), ``lint``
    (lint codes not reported) and ``reason`` (why, for the reader)."""

    KEYS = ("skip", "seeds", "lint", "reason")

    def __init__(self, entries: Optional[List[Tuple]] = None, source: str = "") -> None:
        # (pattern, checks, seeds or None, lint codes, reason)
        self.entries = [tuple(e) + (None, set(), "")[len(e) - 2:] if len(e) < 5 else tuple(e)
                        for e in (entries or [])]
        self.source = source

    @classmethod
    def load(cls, path: str) -> "SkipConfig":
        cp = configparser.ConfigParser(inline_comment_prefixes=(";",), interpolation=None)
        try:
            with open(path, encoding="utf-8") as fh:
                cp.read_file(fh)
        except (OSError, configparser.Error) as e:
            raise ConfigError(f"{path}: cannot read config: {e}") from None
        entries = []
        for section in cp.sections():
            for key in cp[section]:
                if key not in cls.KEYS:
                    raise ConfigError(f"{path}: [{section}] unknown key {key!r} (known: "
                                      f"{', '.join(cls.KEYS)})")
            names = {n.strip() for n in cp[section].get("skip", "").replace(",", " ").split()}
            bad = names - SKIPPABLE
            if bad:
                raise ConfigError(f"{path}: [{section}] unknown check(s) "
                                  f"{', '.join(sorted(bad))}; known: {', '.join(sorted(SKIPPABLE))}")
            seeds_text = cp[section].get("seeds")
            try:
                seeds = set(parse_seeds(seeds_text)) if seeds_text else None
            except ConfigError as e:
                raise ConfigError(f"{path}: [{section}] seeds: {e}") from None
            lint = {n.strip() for n in cp[section].get("lint", "").replace(",", " ").split()}
            entries.append((section, names, seeds, lint, cp[section].get("reason", "")))
        return cls(entries, path)

    @classmethod
    def find(cls, explicit: Optional[str], paths: Iterable[str]) -> "SkipConfig":
        """The config named on the command line, else ``unlev-test.ini`` in the current
        directory or in the first directory given; none found: an empty config."""
        if explicit:
            return cls.load(explicit)
        candidates = [CONFIG_NAME]
        for p in paths:
            d = p if os.path.isdir(p) else os.path.dirname(p) or "."
            candidates.append(os.path.join(d, CONFIG_NAME))
            break
        for c in candidates:
            if os.path.isfile(c):
                return cls.load(c)
        return cls()

    def skipped(self, level: str, seed: Optional[int] = None) -> Set[str]:
        """The checks off for ``level`` (with ``seed``; None: those off for every seed)."""
        out: Set[str] = set()
        for pattern, names, seeds, _lint, _reason in self.entries:
            if fnmatch.fnmatchcase(level, pattern) and (
                    seeds is None or (seed is not None and seed in seeds)):
                out |= names
        return out

    def lint_ignored(self, level: str) -> Set[str]:
        """The lint codes not reported for ``level``."""
        out: Set[str] = set()
        for pattern, _names, _seeds, lint, _reason in self.entries:
            if fnmatch.fnmatchcase(level, pattern):
                out |= lint
        return out


def directives_of(path: str, text: Optional[str] = None
                  ) -> Tuple[Dict[Optional[str], Set[str]], List[str]]:
    """The checks a des-file switches off in comments (see invariants.parse_directives),
    and the directives it could not read (as ``file: line N: ...`` messages)."""
    if text is None:
        from unlev.lang.diagnostics import DesError
        from unlev.lang.sources import read_source
        try:
            text = read_source(path)
        except DesError as e:       # the compile reports it, at its place
            return {}, [f"{path}: {e.message}"]
    found, problems = parse_directives(text)
    return found, [f"{path}: {p}" for p in problems]


def skipped_checks(level: str, directives: Dict[Optional[str], Set[str]],
                   config: SkipConfig, seed: Optional[int] = None) -> Set[str]:
    return set(directives.get(None, set())) | set(directives.get(level, set())) \
        | config.skipped(level, seed)
