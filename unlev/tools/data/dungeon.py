"""A variant's dungeon description (``dat/dungeon.def``) as a table: which dungeons it
has and where each puts its special levels and branches.

Why: a des-file's ``MAZE:"oracle"`` says nothing of where the level goes; the dungeon
description does (and a variant moves, adds and drops levels there).  The importer
reads it beside the monster and object tables so that ``unlev data show`` and the
editor can say, for a level name, in which dungeon and at which depths the game makes
it.  The statements and their arguments are dgn_comp's (``util/dgn_comp.y``: DUNGEON,
ENTRY, DESCRIPTION, ALIGNMENT, PROTOFILE, LEVEL, RNDLEVEL, CHAINLEVEL, RNDCHLEVEL,
LEVELDESC, LEVALIGN, BRANCH, CHAINBRANCH; ``util/dgn_comp.l`` for the words), read
with the same meaning: ``(base, range)`` couples, a level's optional chance and, for
RNDLEVEL, how many variants the game picks from; a branch's kind (stair, no_up,
no_down, portal; stair when absent) and direction (down when absent).  A descriptor
word dgn_comp does not know (a variant's own) is kept as written, with a warning.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import List, Optional, Tuple

# dgn_comp.l's descriptor words: dungeon/level kinds and alignments
KINDS = ("town", "hellish", "mazelike", "roguelike")
ALIGNMENTS = {"unaligned": "none", "noalign": "none", "lawful": "lawful",
              "neutral": "neutral", "chaotic": "chaotic"}
BRANCH_TYPES = ("stair", "no_up", "no_down", "portal")

_TOKEN = re.compile(r'\s*(?:"([^"\n]*)"|(-?\d+)|([A-Za-z_][A-Za-z_0-9]*)|(\S))')


class DungeonError(ValueError):
    """A dungeon.def line the reader cannot make sense of (``file:line: message``)."""


def _tokens(text: str) -> List[Tuple[str, object]]:
    out: List[Tuple[str, object]] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            break
        pos = m.end()
        if m.group(1) is not None:
            out.append(("str", m.group(1)))
        elif m.group(2) is not None:
            out.append(("int", int(m.group(2))))
        elif m.group(3) is not None:
            out.append(("word", m.group(3)))
        elif m.group(4) is not None:
            out.append(("op", m.group(4)))
    return out


class _Line:
    """The arguments of one statement, taken from the front."""

    def __init__(self, where: str, toks):
        self.where, self.toks = where, list(toks)

    def fail(self, what: str):
        return DungeonError(f"{self.where}: {what}")

    def take(self, kind: str, text=None):
        if not self.toks or self.toks[0][0] != kind or \
                (text is not None and self.toks[0][1] != text):
            raise self.fail(f"expected {text or kind}")
        return self.toks.pop(0)[1]

    def maybe(self, kind: str, text=None):
        if self.toks and self.toks[0][0] == kind and (text is None or self.toks[0][1] == text):
            return self.toks.pop(0)[1]
        return None

    def couple(self) -> Tuple[int, int]:
        self.take("op", "(")
        base = self.take("int")
        self.take("op", ",")
        rand = self.take("int")
        self.take("op", ")")
        return base, rand


def _bones(tag: str) -> Optional[str]:
    """dgn_comp's bones_tag: one character, or "none" for no bones."""
    return None if tag == "none" else tag


def read_dungeon(path: Path, warn=lambda msg: None, features=()) -> dict:
    """The dungeon table of one dungeon.def (raises DungeonError on a line that is not
    dgn_comp's).  A line ``%NAME statement`` is makedefs' (``do_dungeon``): kept only
    when the build defines the feature NAME (*features*), as 3.4.3's REINCARNATION."""
    dungeons: List[dict] = []
    last_level: Optional[dict] = None
    for lineno, raw in enumerate(path.read_text(encoding="latin-1").splitlines(), 1):
        stripped = raw.strip()
        control = re.match(r"%(\w+)\s+(.*)", stripped)
        if control:
            if control.group(1) not in features:
                continue
            stripped = control.group(2).strip()
        if not stripped or stripped.startswith("#"):
            continue
        where = f"{path.name}:{lineno}"
        m = re.match(r"([A-Z]+)\s*:(.*)", stripped)
        if m is None:
            raise DungeonError(f"{where}: not a dungeon.def statement: {stripped!r}")
        key, line = m.group(1), _Line(where, _tokens(m.group(2)))
        if key != "DUNGEON" and not dungeons:
            raise DungeonError(f"{where}: {key} before the first DUNGEON")
        cur = dungeons[-1] if dungeons else None
        if key == "DUNGEON":
            name, bones = line.take("str"), _bones(line.take("str"))
            base, rand = line.couple()
            dungeons.append({"name": name, "bones": bones, "base": base, "range": rand,
                             "chance": line.maybe("int") or 0, "entry": None,
                             "kinds": [], "alignment": None, "protofile": None,
                             "levels": [], "branches": []})
        elif key == "ENTRY":
            cur["entry"] = line.take("int")
        elif key == "PROTOFILE":
            cur["protofile"] = line.take("str")
        elif key in ("DESCRIPTION", "ALIGNMENT", "LEVELDESC", "LEVALIGN"):
            target = cur if key in ("DESCRIPTION", "ALIGNMENT") else last_level
            if not _describe(key, line, target, cur, last_level, where, warn):
                continue
        elif key in ("LEVEL", "RNDLEVEL", "CHAINLEVEL", "RNDCHLEVEL"):
            last_level = _level(key, line)
            cur["levels"].append(last_level)
        elif key in ("BRANCH", "CHAINBRANCH"):
            cur["branches"].append(_branch(key, line))
        else:
            raise DungeonError(f"{where}: unknown statement {key}")
        if line.toks:
            warn(f"{where}: {key}: more than dgn_comp reads ("
                 + " ".join(str(t[1]) for t in line.toks) + "); ignored")
    if not dungeons:
        raise DungeonError(f"{path.name}: no DUNGEON")
    return {"dungeons": dungeons}


def _describe(key: str, line: _Line, target: Optional[dict], cur: dict,
              last_level: Optional[dict], where: str, warn) -> bool:
    """DESCRIPTION/ALIGNMENT of the dungeon, LEVELDESC/LEVALIGN of the level defined
    last; False when there is nothing to mark (the line is ignored)."""
    word = line.take("word")
    if target is None:
        warn(f"{where}: {key} before any level: it marks none; ignored")
        return False
    if target is last_level and not cur["levels"]:
        # dgn_comp marks the level defined last, whichever dungeon it is in
        warn(f"{where}: {key} before this dungeon's first level: it marks "
             f"{last_level['name']!r}, the level defined last, as dgn_comp does")
    if word in ALIGNMENTS:
        target["alignment"] = ALIGNMENTS[word]
    else:
        if word not in KINDS:
            warn(f"{where}: descriptor {word!r} is not dgn_comp's; kept as written")
        target["kinds"].append(word)
    return True


def _level(key: str, line: _Line) -> dict:
    """LEVEL, RNDLEVEL, CHAINLEVEL, RNDCHLEVEL: name, bones, [chain +] or @, the
    couple, then [chance] (and the number of variants for the RND forms)."""
    name, bones = line.take("str"), _bones(line.take("str"))
    chain = None
    if key in ("CHAINLEVEL", "RNDCHLEVEL"):
        chain = line.take("str")
        line.take("op", "+")
    else:
        line.take("op", "@")
    base, rand = line.couple()
    # what follows the couple: [chance] for LEVEL, [chance] variants for RNDLEVEL
    ints = []
    while line.toks and line.toks[0][0] == "int":
        ints.append(line.take("int"))
    chance, variants = 100, 1
    if key in ("RNDLEVEL", "RNDCHLEVEL"):
        if not ints:
            raise line.fail(f"{key} needs the number of variants")
        variants = ints[-1]
        chance = ints[0] if len(ints) > 1 else 100
    elif ints:
        chance = ints[0]
    return {"name": name, "bones": bones, "base": base, "range": rand, "chain": chain,
            "chance": chance, "variants": variants, "kinds": [], "alignment": None}


def _branch(key: str, line: _Line) -> dict:
    """BRANCH, CHAINBRANCH: name, [chain +] or @, the couple, then an optional type
    and direction (stair and down when absent)."""
    name = line.take("str")
    chain = None
    if key == "CHAINBRANCH":
        chain = line.take("str")
        line.take("op", "+")
    else:
        line.take("op", "@")
    base, rand = line.couple()
    kind = line.maybe("word")
    up = False
    if kind in ("up", "down"):
        up, kind = kind == "up", None
    elif kind is not None and kind not in BRANCH_TYPES:
        raise line.fail(f"unknown branch type {kind!r}")
    direction = line.maybe("word")
    if direction is not None:
        if direction not in ("up", "down"):
            raise line.fail(f"unknown branch direction {direction!r}")
        up = direction == "up"
    return {"name": name, "chain": chain, "base": base, "range": rand,
            "type": kind or "stair", "up": up}


def where_is(table: dict, level: str) -> List[str]:
    """Where a dungeon description puts a level (for hints and hover): one phrase per
    place, e.g. ``The Dungeons of Doom, level 5-9``."""
    out = []
    for d in table.get("dungeons", ()):
        for lev in d["levels"]:
            if lev["name"] != level:
                continue
            if lev["chain"]:
                at = f"{lev['chain']} {lev['base']:+d}"
            elif lev["base"] < 0:
                at = f"level {lev['base']} (counted from the bottom)"
            else:
                at = f"level {lev['base']}"
            if lev["range"] > 1:
                at += f" (+0..{lev['range'] - 1})"
            extra = f", {lev['chance']}%" if lev["chance"] != 100 else ""
            out.append(f"{d['name']}, {at}{extra}")
    return out
