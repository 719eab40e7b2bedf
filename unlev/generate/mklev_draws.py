"""The draws the game makes between reseeding and the level's script.

Why it exists: with the game's words (``RNG(levelseed)``), the game's level comes out
only if unlev draws what the game draws in the game's order.  Before the special-level
loader runs its first opcode, mklev.c ``mklev`` (right after ``set_random_state``) and
``makelevel`` draw:

* bones.c ``getbones``: ``rn2(3)``, always, before it looks for a bones file (the
  dumps were made with no bones, so nothing else follows);
* mkmaze.c ``makemaz``: for a level dungeon.def lists as an RNDLEVEL, ``rnd(n)`` to
  pick one of its n variants (the protofile ``name-k``); a level listed once (LEVEL)
  and the fillers draw nothing.  The game's wizard-mode SPLEVTYPE, which made the
  dumps of every variant, keeps this draw and only replaces its result.

Then ``sp_level_coder`` shuffles the alignments (the evaluator does that).  Under
``--compat game`` only; the documented mode does not promise the game's order.
"""

from __future__ import annotations

import re
from typing import Dict, Optional

from unlev.stdlib import data

_VARIANTS: Optional[Dict[str, int]] = None


def variant_counts() -> Dict[str, int]:
    """dungeon.def's levels with their number of variants (stdlib/data/dungeon.json)."""
    global _VARIANTS
    if _VARIANTS is None:
        table = data.load_table("dungeon")
        _VARIANTS = {lv["name"]: int(lv.get("variants") or 1)
                     for d in table["dungeons"] for lv in d.get("levels", ())}
    return _VARIANTS


def rndlevs(name: str) -> int:
    """How many variants the game picks ``name`` from: n for ``base-k`` when base is an
    RNDLEVEL of n variants (makemaz names its protofile ``base-k``), else 0."""
    m = re.fullmatch(r"(.+)-(\d+)", name)
    if m is None:
        return 0
    n = variant_counts().get(m[1], 0)
    return n if n >= int(m[2]) else 0


def draw_before_script(rng, name: str) -> None:
    """getbones' rn2(3), then makemaz's variant pick where the level has variants."""
    rng.rn2(3)
    n = rndlevs(name)
    if n:
        rng.rnd(n)
