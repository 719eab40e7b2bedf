"""NetHack 3.7's choice of a random monster (makemon.c): mkclass()/mkclass_aligned(),
a monster of a class, and rndmonst_adj(), any monster for the level.

Why this module exists: 3.7 changed how a class's monster is picked, and with it the
draws.  Every candidate of the class (in table order, of the asked alignment's sign)
draws ``rn2(9)`` first: 8 times in 9 (always for liches) the hell-only kinds are out
of reach outside Gehennom and the never-in-hell ones inside it -- mostly, not always,
so that the major demons are not confined to Gehennom; then a candidate stronger than
``level_difficulty() >> 1`` and stronger than the one before it stops the walk half
the time (``rn2(2)``, asked only then); the weights are the frequency + 1, minus 1
when its adjusted level exceeds twice the hero's; ``rnd(num)`` picks.  UnNetHack's
(:func:`unlev.populate.kinds.random_monster_of_class`) has no ``rn2(9)`` and stops on
a candidate of another difficulty, not only a greater one.  The mazesofmenace logs
part from unlev's there (Vlad's towers: ``des.monster("D")``).

:class:`LevelContext37` is the level context (:class:`unlev.populate.kinds.LevelContext`)
whose ``random_monster_of_class`` and ``random_monster`` are these;
:mod:`unlev.populate.context` makes it while NetHack 3.7's tables are active.

rndmonst_adj() in 3.7 is a weighted reservoir sampling: every eligible kind, in table
order, adds its weight (frequency, align_shift, and +3 for a kind resisting the heat or
cold of a hot or cold level: temperature_shift) to the total and draws
``rn2(total) < weight`` to take its place -- one draw per kind, where UnNetHack draws
once over a cached table.  The kinds and weights are UnNetHack's rules on 3.7's table
(:func:`unlev.populate.kinds.rndmonst_weights`: difficulty window, rogue level, the
elemental planes' kinds, uncommon(), G_NOHELL in Gehennom).  Not followed: the quest's
``rn2(7)`` for its own monsters (qt_montype), the level's MON_GENERATION (UnNetHack's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from unlev.populate import kinds
from unlev.stdlib import data
from unlev.stdlib.rng import RNG

G_FREQ = 0x0007
# mk_gen_ok(): is_placeholder() species and, with MAIL_STRUCTURES, the mail daemon
NEVER = ("orc", "giant", "elf", "human", "mail daemon")


def _g(name: str) -> int:
    return data.load_table("monsters")["gen_flag_bits"].get(name, 0)


def _sgn(v: int) -> int:
    return (v > 0) - (v < 0)


def mkclass(rng: RNG, class_symbol: str, difficulty: int, *, spc: int = 0,
            hero_level: int = 1, in_gehennom: bool = False, align: Optional[int] = None,
            gone=frozenset()):
    """makemon.c mkclass_aligned(class, spc, atyp) of NetHack 3.7 (``align`` None is
    A_NONE): the monster, or None when no kind of the class may be made."""
    cls = data.monster_class(class_symbol).index
    table = data.monsters()[:data.special_pm()]
    first = next((i for i, m in enumerate(table) if m.class_index == cls), None)
    if first is None:
        return None
    maxmlev = difficulty >> 1
    lich = class_symbol == "L"
    base = _g("G_NOGEN") | _g("G_UNIQ")
    hell = _g("G_NOHELL") if in_gehennom else _g("G_HELL")
    cands, num = [], 0
    last = first
    while last < len(table) and table[last].class_index == cls:
        mon = table[last]
        if align is not None and align != 0 and _sgn(mon.alignment) != _sgn(align):
            last += 1
            continue
        gn_mask = base
        if rng.rn2(9) or lich:
            gn_mask |= hell
        gn_mask &= ~spc
        if mon.index not in gone and not (mon.geno & gn_mask) and mon.name not in NEVER:
            if (num and mon.difficulty > maxmlev
                    and mon.difficulty > table[last - 1].difficulty and rng.rn2(2)):
                break
            k = mon.geno & G_FREQ
            if k > 0:
                w = k + 1 - int(kinds.adj_lev(mon, difficulty, hero_level) > hero_level * 2)
                cands.append((mon, w))
                num += w
        last += 1
    return kinds.mkclass_pick(rng, cands, num)


def temperature_shift(mon, temperature: int) -> int:
    """makemon.c temperature_shift(): +3 for a kind resisting the level's heat (fire)
    or cold on a hot or cold level."""
    if temperature and ("MR_FIRE" if temperature > 0 else "MR_COLD") in mon.resists:
        return 3
    return 0


def rndmonst(rng: RNG, ctx: "LevelContext37"):
    """makemon.c rndmonst_adj(0, 0) of NetHack 3.7 (see the module docstring)."""
    weights = kinds.rndmonst_weights(
        ctx.level_difficulty, hero_level=ctx.hero_level, in_gehennom=ctx.in_gehennom,
        in_sheol=ctx.in_sheol, level_align=ctx.level_align, demigod=ctx.demigod,
        rogue_level=ctx.rogue_level, plane=ctx.plane, gone=ctx.gone)
    total, chosen = 0, None
    for mon, w in weights:
        w += temperature_shift(mon, ctx.temperature)
        total += w
        if rng.rn2(total) < w:
            chosen = mon
    return chosen


@dataclass(frozen=True)
class LevelContext37(kinds.LevelContext):
    """A level context whose choices of a monster are 3.7's :func:`mkclass` and
    :func:`rndmonst`; ``temperature`` is the level's (1 hot, -1 cold, 0)."""

    temperature: int = 0

    def random_monster(self, rng: RNG):
        return rndmonst(rng, self)

    def random_monster_of_class(self, rng: RNG, class_symbol: str, spc: int = 0):
        return mkclass(rng, class_symbol, self.level_difficulty, spc=spc,
                       hero_level=self.hero_level,
                       in_gehennom=self.in_gehennom or self.in_sheol, gone=self.gone)
