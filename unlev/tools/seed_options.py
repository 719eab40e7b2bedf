"""Which seed a level is made with, and in which game context: ``--seed``,
``--game-seed``/``--serverseed``/``--ledger``, ``--where`` and ``--from-dump``.

Why a module of its own: the game makes each level from its own *level seed*
(mklev.c ``mklev`` -> rnd.c ``set_random_state``), which allmain.c
``init_level_seeds`` derives from the game seed and the level's ledger number.  So
``--seed N`` is that level seed (the dump's ``LEVELSEED``, the same number builds
the same level), and ``--game-seed G`` (the game's ``Seed is u...``, plus
``--serverseed`` where a server adds one) derives it as the game does, from the
ledger number of the level's place in dungeon.def (or ``--ledger``).  A dump's
``WHERE`` line (``--where``) or a whole dump (``--from-dump FILE[:N]``) gives the
place and the hero in one go.  The parsing is small functions of the parsed
arguments, easy to move into the run's settings value.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import re
from typing import Dict, Optional, Tuple

from unlev.stdlib import isaac

ROLE_CODES = {"Arc": "Archeologist", "Bar": "Barbarian", "Cav": "Caveman",
              "Con": "Convict", "Hea": "Healer", "Kni": "Knight", "Mon": "Monk",
              "Pri": "Priest", "Ran": "Ranger", "Rog": "Rogue", "Sam": "Samurai",
              "Tou": "Tourist", "Val": "Valkyrie", "Wiz": "Wizard"}
_ALIGN_NAMES = {-1: "chaotic", 0: "neutral", 1: "lawful"}


class SeedError(ValueError):
    """A seed option that cannot be used; the message names the option."""


# --- option types --------------------------------------------------------------------
LEVEL_SEED_HELP = ("the level seed (the game's LEVELSEED: the game reseeds its two ISAAC "
                   "streams with it right before it makes the level; default: a random "
                   "one, printed so the run can be repeated); every level of the run uses it")


def level_seed(text: str) -> int:
    """``--seed N``: a 32-bit level seed (argparse type)."""
    try:
        v = int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= v <= isaac.MASK:
        raise argparse.ArgumentTypeError(f"must be 0..{isaac.MASK} (a 32-bit level seed): {v}")
    return v


def _game_seed(text: str) -> int:
    try:
        return isaac.parse_game_seed(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _int(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def _ledger(text: str) -> int:
    v = _int(text)
    if not 1 <= v < isaac.MAXLINFO:
        raise argparse.ArgumentTypeError(f"must be 1..{isaac.MAXLINFO - 1}: {v}")
    return v


def parse_where(text: str) -> Dict[str, object]:
    """A dump's WHERE line (with or without the word WHERE) as a dict of its fields."""
    t = text.strip()
    if t.startswith("WHERE "):
        t = t[6:]
    from unlev.tools.compare.gamedump import kv_fields     # the dump reader's own
    out = kv_fields(t)
    if not out:
        raise ValueError(f"no key=value fields in {text!r}")
    return out


def _where(text: str) -> Dict[str, object]:
    try:
        return parse_where(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def add_seed_options(p: argparse.ArgumentParser) -> None:
    """``--seed``, ``--game-seed``, ``--serverseed``, ``--ledger``, ``--where``,
    ``--from-dump`` (all default None)."""
    g = p.add_mutually_exclusive_group()
    g.add_argument("--seed", type=level_seed, metavar="N", help=LEVEL_SEED_HELP)
    g.add_argument("--game-seed", type=_game_seed, metavar="G",
                   help="the game's seed (a number or the game's 'u...' form); each "
                   "level's seed is derived from it and the level's ledger number as "
                   "the game does (init_level_seeds), and printed")
    g.add_argument("--from-dump", metavar="FILE[:N]",
                   help="make the level a game dump holds: its LEVELSEED and its WHERE "
                   "context (N: the dump of '=== seed N' in a file of several; default "
                   "the first)")
    p.add_argument("--serverseed", type=_int, default=None, metavar="S",
                   help="with --game-seed: the server's SERVERSEED (sysconf), added to "
                   "the game seed as the game does for a seed the player chose")
    p.add_argument("--ledger", type=_ledger, default=None, metavar="L",
                   help="with --game-seed: the level's ledger number (default: from "
                   "--where, or where dungeon.def puts the level)")
    p.add_argument("--where", type=_where, default=None, metavar="'dnum=.. ledger=..'",
                   help="the game context of a dump's WHERE line (dungeon, level, depth, "
                   "ledger, role, race, align, difficulty); the options --depth, --role... "
                   "given too win")


# --- the dump -------------------------------------------------------------------------
def read_dump(spec: str):
    """``FILE[:N]`` -> the GameDump (N: its ``=== seed N``; default the first)."""
    from unlev.tools.compare.gamedump import DumpFormatError, parse_dumps
    import gzip
    path, which = spec, None
    m = re.match(r"^(.*):(\d+)$", spec)
    if m and not os.path.exists(spec):
        path, which = m[1], int(m[2])
    try:
        if path.endswith(".gz"):
            with gzip.open(path, "rt", encoding="ascii", errors="replace") as fh:
                text = fh.read()
        else:
            with open(path, encoding="ascii", errors="replace") as fh:
                text = fh.read()
    except OSError as e:
        raise SeedError(f"--from-dump: cannot read {path}: {e.strerror}") from None
    if "=== seed" not in text:
        text = "=== seed 0\n" + text
    try:
        dumps = parse_dumps(text, path)
    except DumpFormatError as e:
        raise SeedError(f"--from-dump: {e}") from None
    numbers = [int(n) for n in re.findall(r"^=== seed (\d+)", text, re.M)]
    if which is None:
        return dumps[0]
    for n, d in zip(numbers, dumps):
        if n == which:
            return d
    raise SeedError(f"--from-dump: {path} has no '=== seed {which}' (it has "
                    + ", ".join(map(str, numbers)) + ")")


# --- what a run uses ------------------------------------------------------------------
@dataclasses.dataclass
class SeedPlan:
    """How each level of a run gets its seed and context."""

    level_seed: Optional[int] = None     # --seed / the dump's LEVELSEED
    game_seed: Optional[int] = None
    serverseed: int = 0
    ledger: Optional[int] = None
    where: Optional[Dict[str, object]] = None
    dump: object = None
    chosen_at_random: bool = False

    def seed_for(self, name: str) -> Tuple[int, str]:
        """(level seed, a note saying where it came from) for LEVEL ``name``."""
        if self.level_seed is not None:
            if self.dump is not None:
                return self.level_seed, (f"level seed {self.level_seed} (the dump's "
                                         f"LEVELSEED; game seed {self.dump.gameseed})")
            return self.level_seed, f"level seed {self.level_seed}"
        ledger = self.ledger_of(name)
        seed = isaac.level_seed(self.game_seed, ledger, self.serverseed)
        server = f", serverseed {self.serverseed}" if self.serverseed else ""
        return seed, f"level seed {seed} (game seed {self.game_seed}{server}, ledger {ledger})"

    def ledger_of(self, name: str) -> int:
        if self.ledger is not None:
            return self.ledger
        if self.where and "ledger" in self.where:
            return int(self.where["ledger"])
        from unlev.model.placement import usual_place
        place = usual_place(name)
        if place is None or not place.get("ledger"):
            raise SeedError(f"--game-seed: no fixed place is known for LEVEL {name!r}; "
                            "give its ledger number with --ledger or --where")
        return int(place["ledger"])


def seed_plan(args) -> SeedPlan:
    """The parsed options as a :class:`SeedPlan`; raises SeedError for a bad mix."""
    serverseed = getattr(args, "serverseed", None)
    ledger = getattr(args, "ledger", None)
    game_seed = getattr(args, "game_seed", None)
    if game_seed is None and (serverseed is not None or ledger is not None):
        raise SeedError(("--serverseed" if serverseed is not None else "--ledger")
                        + " is used only with --game-seed")
    spec = getattr(args, "from_dump", None)
    if spec:
        dump = read_dump(spec)
        return SeedPlan(level_seed=dump.levelseed, where=dict(dump.where), dump=dump)
    where = getattr(args, "where", None)
    if game_seed is not None:
        return SeedPlan(game_seed=game_seed, serverseed=serverseed or 0, ledger=ledger,
                        where=where)
    seed = getattr(args, "seed", None)
    if seed is None:
        return SeedPlan(level_seed=random.SystemRandom().randrange(2 ** 31), where=where,
                        chosen_at_random=True)
    return SeedPlan(level_seed=seed, where=where)


def apply_where(args, where: Optional[Dict[str, object]]) -> None:
    """Fill the context options (--depth --difficulty --role --race --align) not given
    from a WHERE line."""
    if not where:
        return
    if getattr(args, "depth", None) is None and "depth" in where:
        d = int(where["depth"])
        if d >= 1:              # the Elemental Planes have negative depths
            args.depth = d
    if getattr(args, "difficulty", None) is None and "difficulty" in where:
        args.difficulty = int(where["difficulty"])
    if getattr(args, "role", None) is None and str(where.get("role")) in ROLE_CODES:
        args.role = ROLE_CODES[str(where["role"])]
    if getattr(args, "race", None) is None and where.get("race"):
        args.race = str(where["race"])
    if getattr(args, "align", None) is None and where.get("align") in _ALIGN_NAMES:
        args.align = _ALIGN_NAMES[int(where["align"])]
