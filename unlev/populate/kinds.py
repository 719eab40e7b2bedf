"""Random monster, object and trap choices made the way UnNetHack makes them.

Every function here is pure apart from the :class:`~.rng.RNG` it is given: the game
state the C code reads from globals (``u.ulevel``, ``mvitals[]``, the current level's
flags, ...) is passed in as keyword arguments with documented defaults.  Each function
draws *exactly* the random numbers its C counterpart draws, in the same order, so a
game-compatible RNG source reproduces the game's choice.

What mirrors what:

==============================  =========================================================
:func:`level_difficulty`        dungeon.c ``level_difficulty``
:func:`random_monster`          makemon.c ``rndmonst`` (with ``uncommon``,
                                ``align_shift``, ``prohibited_by_generation_flags``,
                                ``min/max_monster_difficulty``, ``wrong_elem_type``)
:func:`random_monster_of_class` makemon.c ``mkclass`` / ``mkclass_aligned``
                                (with ``mk_gen_ok``, ``adj_lev``)
:func:`random_object`           mkobj.c ``mkobj`` (class table, then ``oc_prob``)
:func:`random_object_class`     the class-table walk at the top of ``mkobj`` /
                                ``mkbox_cnts``
:func:`object_probabilities`    o_init.c ``init_objects`` + ``setgemprobs``
:func:`rnd_class`               objnam.c ``rnd_class``
:func:`random_trap`             mklev.c ``mktrap``'s choice of kind when asked for a
                                random trap (what ``TRAP: random`` in a des-file does:
                                lev_comp encodes ``random`` as -1, and sp_lev's
                                ``create_trap`` hands it to ``mktrap``)
:func:`web_spider`              the giant-spider roll at the end of ``mktrap``
:func:`random_fill_trap`        sp_lev.c / spo_lev.c ``rndtrap`` (used only by the
                                random fill of a MAZEWALK level, not by ``TRAP: random``)
:func:`override_monster`        makemon.c ``get_override_mon`` (MON_GENERATION; tried
                                first by :meth:`LevelContext.random_monster`, as
                                ``rndmonst`` does)
==============================  =========================================================

The object choosers live in :mod:`unlev.populate.object_kinds` and the trap choosers in
:mod:`unlev.populate.trap_kinds`; they are re-exported here.

Not modelled: the in-the-Mines race swap of ``create_monster``; what ``mksobj`` /
``makemon`` do after the type is chosen (they draw more random numbers).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import FrozenSet, Iterable, List, Optional, Sequence, Tuple, Union

from unlev.populate.object_kinds import (
    object_probabilities, random_object, random_object_class, rnd_class,
)
from unlev.populate.trap_kinds import (
    fall_through_or_rocks, random_fill_trap, random_trap, rndtrap_refuses, web_spider,
)
from unlev.stdlib import data
from unlev.stdlib.data import Monster, Object, Trap
from unlev.stdlib.rng import RNG, c_trunc_div as _cdiv

__all__ = [
    "ALIGNWEIGHT", "A_NONE", "A_LAWFUL", "A_NEUTRAL", "A_CHAOTIC",
    "level_difficulty", "min_monster_difficulty", "max_monster_difficulty",
    "align_shift", "uncommon", "prohibited_by_generation_flags",
    "rndmonst_weights", "random_monster", "mkclass_weights", "random_monster_of_class",
    "adj_lev", "object_probabilities", "random_object_class", "random_object", "rnd_class",
    "random_trap", "web_spider", "random_fill_trap", "rndtrap_refuses", "fall_through_or_rocks",
    "LevelContext", "override_monster",
    "start_table_monster",
]

ALIGNWEIGHT = 4          # global.h: generation weight of alignment
A_NONE = -128            # align.h
A_CHAOTIC, A_NEUTRAL, A_LAWFUL = -1, 0, 1

AlignArg = Union[None, str, int]


def _sgn(x: int) -> int:
    return (x > 0) - (x < 0)


# ---------------------------------------------------------------------------------------
# difficulty
# ---------------------------------------------------------------------------------------
def level_difficulty(depth: int, *, in_gehennom: bool = False, has_amulet: bool = False,
                     deepest_reached: Optional[int] = None, in_endgame: bool = False,
                     sanctum_depth: Optional[int] = None, hero_level: int = 1,
                     in_sokoban: bool = False, oracle_depth: Optional[int] = None) -> int:
    """dungeon.c ``level_difficulty()``.

    UnNetHack adds 15 in Gehennom (and in the endgame and while carrying the Amulet) to
    make up for its shorter Gehennom.  Game state it cannot know: the deepest level
    reached (default: *depth*), the Sanctum's depth (default: *depth*), the Oracle's
    depth for Sokoban (required when *in_sokoban*), the hero's level (default 1).
    """
    offset = 15
    if in_sokoban:
        if oracle_depth is None:
            raise ValueError("in_sokoban needs oracle_depth")
        return oracle_depth + 1
    if in_endgame:
        base = sanctum_depth if sanctum_depth is not None else depth
        return base + hero_level // 2 + offset
    if has_amulet:
        return (deepest_reached if deepest_reached is not None else depth) + offset
    if in_gehennom:
        return depth + offset
    return depth


def min_monster_difficulty(difficulty: int, demigod: bool = False) -> int:
    """makemon.c ``min_monster_difficulty``: weakest difficulty rndmonst will make."""
    return difficulty // 4 if demigod else difficulty // 6


def max_monster_difficulty(difficulty: int, hero_level: int = 1, demigod: bool = False) -> int:
    """makemon.c ``max_monster_difficulty``: strongest difficulty rndmonst will make
    (Demogorgon's difficulty once the hero is a demigod)."""
    if demigod:
        return data.get_monster("Demogorgon").difficulty
    return (difficulty + hero_level) // 2


# ---------------------------------------------------------------------------------------
# rndmonst
# ---------------------------------------------------------------------------------------
def _norm_align(level_align: AlignArg) -> Optional[int]:
    """None (AM_NONE) or one of A_LAWFUL / A_NEUTRAL / A_CHAOTIC."""
    if level_align is None:
        return None
    if isinstance(level_align, str):
        s = level_align.lower()
        if s in ("none", "noalign", "unaligned", ""):
            return None
        table = {"lawful": A_LAWFUL, "neutral": A_NEUTRAL, "chaotic": A_CHAOTIC}
        if s not in table:
            raise ValueError(f"unknown alignment {level_align!r}")
        return table[s]
    if level_align in (A_LAWFUL, A_NEUTRAL, A_CHAOTIC):
        return int(level_align)
    if level_align == A_NONE:
        return None
    raise ValueError(f"unknown alignment {level_align!r}")


def align_shift(mon: Monster, level_align: AlignArg = None) -> int:
    """makemon.c ``align_shift``: 0..5 added to a monster's frequency depending on how
    its alignment matches the *level's* alignment (the special level's LEVALIGN, else
    the dungeon's ALIGNMENT; None = unaligned).  This is not the hero's alignment."""
    al = _norm_align(level_align)
    if al is None:
        return 0
    if al == A_LAWFUL:
        return _cdiv(mon.alignment + 20, 2 * ALIGNWEIGHT)
    if al == A_NEUTRAL:
        return _cdiv(20 - abs(mon.alignment), ALIGNWEIGHT)
    return _cdiv(-(mon.alignment - 20), 2 * ALIGNWEIGHT)


def _hell_flags(in_gehennom: bool, in_sheol: bool) -> Tuple[bool, bool]:
    # Sheol is a "hellish" dungeon of its own in dungeon.def, so Insheol implies Inhell.
    return (in_gehennom or in_sheol), in_sheol


def uncommon(mon: Monster, *, in_gehennom: bool = False, in_sheol: bool = False,
             gone: Iterable[int] = ()) -> bool:
    """makemon.c ``uncommon``.  *gone*: indices of genocided/extinct species."""
    inhell, insheol = _hell_flags(in_gehennom, in_sheol)
    if mon.geno & (_G("G_NOGEN") | _G("G_UNIQ")):
        return True
    if mon.index in set(gone):
        return True
    if inhell and not insheol:
        return mon.alignment > A_NEUTRAL
    if not (insheol and (mon.geno & _G("G_SHEOL"))):
        return bool(mon.geno & _G("G_HELL"))
    return False


def prohibited_by_generation_flags(mon: Monster, *, in_gehennom: bool = False,
                                   in_sheol: bool = False) -> bool:
    """makemon.c ``prohibited_by_generation_flags`` (G_HELL / G_NOHELL / G_SHEOL /
    G_NOSHEOL)."""
    inhell, insheol = _hell_flags(in_gehennom, in_sheol)
    g = mon.geno
    if inhell and not insheol:
        if g & _G("G_HELL"):
            return False
        return bool(g & (_G("G_NOHELL") | _G("G_SHEOL")))
    if insheol:
        if g & _G("G_SHEOL"):
            return False
        return bool(g & (_G("G_NOSHEOL") | _G("G_HELL")))
    return bool(g & (_G("G_SHEOL") | _G("G_HELL")))


@data.clears_with_tables
@lru_cache(maxsize=None)
def _G(name: str) -> int:
    # a flag the game's table lacks (3.7 has no Sheol: G_SHEOL, G_NOSHEOL) is no bit
    return data.load_table("monsters")["gen_flag_bits"].get(name, 0)


_G_FREQ = 0x0007


def _wrong_elem_type(mon: Monster, plane: str) -> bool:
    """makemon.c ``wrong_elem_type`` for the elemental planes."""
    if mon.class_name == "S_ELEMENTAL":
        home = {"air": "air elemental", "fire": "fire elemental",
                "earth": "earth elemental", "water": "water elemental"}
        return home.get(plane) != mon.name
    if plane == "water":
        return "M1_SWIM" not in mon.m1
    if plane == "fire":
        return "MR_FIRE" not in mon.resists
    if plane == "air":
        flyer = "M1_FLY" in mon.m1 and mon.class_name != "S_TRAPPER"
        floater = mon.class_name == "S_EYE"
        amorphous = "M1_AMORPHOUS" in mon.m1
        noncorporeal = mon.class_name == "S_GHOST"
        whirly = mon.class_name == "S_VORTEX" or mon.name == "air elemental"
        return not (flyer or floater or amorphous or noncorporeal or whirly)
    return False


def rndmonst_weights(difficulty: int, *, hero_level: int = 1, in_gehennom: bool = False,
                     in_sheol: bool = False, level_align: AlignArg = None,
                     demigod: bool = False, rogue_level: bool = False,
                     blackmarket: bool = False, plane: Optional[str] = None,
                     gone: Iterable[int] = ()) -> List[Tuple[Monster, int]]:
    """The (monster, weight) pairs rndmonst draws from, in table order; weights > 0 only.

    Same parameters as :func:`random_monster`.  No random numbers are drawn.
    """
    inhell, insheol = _hell_flags(in_gehennom, in_sheol)
    return list(_rndmonst_table(difficulty, hero_level, inhell, insheol,
                                _norm_align(level_align), demigod, rogue_level, blackmarket,
                                plane, frozenset(gone)))


@data.clears_with_tables
@lru_cache(maxsize=256)
def _rndmonst_table(difficulty: int, hero_level: int, inhell: bool, insheol: bool,
                    level_align: Optional[int], demigod: bool, rogue_level: bool,
                    blackmarket: bool, plane: Optional[str],
                    gone: FrozenSet[int]) -> Tuple[Tuple[Monster, int], ...]:
    # (the game caches this too: rndmonst_state, reset when the level or u.ulevel change)
    minmlev = min_monster_difficulty(difficulty, demigod)
    maxmlev = max_monster_difficulty(difficulty, hero_level, demigod)
    elemlevel = plane is not None and plane != "astral"
    out: List[Tuple[Monster, int]] = []
    for mon in data.monsters()[:data.special_pm()]:
        if mon.difficulty < minmlev or mon.difficulty > maxmlev:
            continue
        if rogue_level and not (mon.symbol or "").isupper():
            continue
        if elemlevel and _wrong_elem_type(mon, plane):
            continue
        if uncommon(mon, in_gehennom=inhell, in_sheol=insheol, gone=gone):
            continue
        if blackmarket and "M2_DOMESTIC" in mon.m2:
            continue
        if prohibited_by_generation_flags(mon, in_gehennom=inhell, in_sheol=insheol):
            continue
        ct = (mon.geno & _G_FREQ) + align_shift(mon, level_align)
        if insheol and mon.geno & _G("G_SHEOL"):
            ct *= 2
        if ct < 0 or ct > 127:
            raise RuntimeError(f"rndmonst: bad count [#{mon.index}: {ct}]")
        if ct:
            out.append((mon, ct))
    return tuple(out)


def random_monster(rng: RNG, difficulty: int, *, hero_level: int = 1,
                   in_gehennom: bool = False, in_sheol: bool = False,
                   level_align: AlignArg = None, demigod: bool = False,
                   rogue_level: bool = False, blackmarket: bool = False,
                   plane: Optional[str] = None, gone: Iterable[int] = ()) -> Optional[Monster]:
    """makemon.c ``rndmonst()``: a random monster type for the level, or None.

    *difficulty* is ``level_difficulty()`` (see :func:`level_difficulty`; in Gehennom it
    is depth + 15).  Monsters whose difficulty lies outside
    [difficulty/6, (difficulty + hero_level)/2] are never chosen (with *demigod*:
    [difficulty/4, Demogorgon's difficulty]); G_NOGEN and G_UNIQ monsters never are; the
    weights are the G_FREQ frequency plus :func:`align_shift`.

    Game state it cannot know, with the defaults assumed:

    * *hero_level* (``u.ulevel``): 1;
    * *in_gehennom* (``Inhell``) / *in_sheol* (``Insheol``, implies Inhell): False;
    * *level_align*: the level's alignment for align_shift (None = unaligned, as for the
      Dungeons of Doom; "lawful" / "neutral" / "chaotic");
    * *demigod* (``u.uevent.udemigod``): False;
    * *rogue_level*: only upper-case monster classes; *blackmarket*: no domestic animals;
    * *plane* ("air", "fire", "earth", "water", "astral" or None): endgame restrictions;
    * *gone*: indices of genocided or extinct species (``mvitals[].mvflags & G_GONE``).

    The level's MONSTER_GENERATION override is not applied here.  Draws one ``rnd`` when
    any monster qualifies, none otherwise.
    """
    weights = rndmonst_weights(difficulty, hero_level=hero_level, in_gehennom=in_gehennom,
                               in_sheol=in_sheol, level_align=level_align, demigod=demigod,
                               rogue_level=rogue_level, blackmarket=blackmarket, plane=plane,
                               gone=gone)
    total = sum(w for _, w in weights)
    if total <= 0:
        return None
    ct = rng.rnd(total)
    for mon, w in weights:
        ct -= w
        if ct <= 0:
            return mon
    return None  # pragma: no cover - unreachable


# ---------------------------------------------------------------------------------------
# mkclass
# ---------------------------------------------------------------------------------------
def adj_lev(mon: Monster, difficulty: int, hero_level: int = 1, wizard_deaths: int = 0) -> int:
    """makemon.c ``adj_lev``: a monster's level adjusted for the level and the hero.
    *wizard_deaths* is ``mvitals[PM_WIZARD_OF_YENDOR].died`` (default 0)."""
    if mon.name == "Wizard of Yendor":
        return min(mon.level + wizard_deaths, 49)
    tmp = mon.level
    if tmp > 49:
        return 50
    tmp2 = difficulty - tmp
    if tmp2 < 0:
        tmp -= 1
    else:
        tmp += tmp2 // 5
    tmp2 = hero_level - mon.level
    if tmp2 > 0:
        tmp += tmp2 // 4
    tmp2 = min(3 * mon.level // 2, 49)
    return tmp2 if tmp > tmp2 else (tmp if tmp > 0 else 0)


@data.clears_with_tables
@lru_cache(maxsize=None)
def _never_mkclass() -> FrozenSet[int]:
    """is_placeholder() species (orc, giant, elf, human) and, with MAIL, the mail daemon."""
    out = set()
    for name in ("orc", "giant", "elf", "human", "mail daemon"):
        found = data.lookup_monster(name)
        if found.ok and found.exact:
            out.add(found.item.index)
    return frozenset(out)


def _mk_gen_ok(mon: Monster, genomask: int, gone: FrozenSet[int]) -> bool:
    """makemon.c ``mk_gen_ok``."""
    if mon.index in gone:
        return False
    if mon.geno & genomask:
        return False
    return mon.index not in _never_mkclass()


def _class_index(class_symbol: str) -> int:
    return data.monster_class(class_symbol).index


def mkclass_weights(class_symbol: str, difficulty: int, *, spc: int = 0,
                    hero_level: int = 1, align: Optional[int] = None,
                    gone: Iterable[int] = (),
                    wizard_deaths: int = 0) -> List[Tuple[Monster, int]]:
    """The (monster, weight) candidates mkclass would consider, assuming it never stops
    early at a too-strong monster (that stop is random; :func:`random_monster_of_class`
    draws it).  Weights may be 0.  No random numbers are drawn."""
    out, _ = _mkclass_scan(None, class_symbol, difficulty, spc=spc, hero_level=hero_level,
                           align=align, gone=frozenset(gone), wizard_deaths=wizard_deaths)
    return out


def _mkclass_scan(rng: Optional[RNG], class_symbol: str, difficulty: int, *, spc: int,
                  hero_level: int, align: Optional[int], gone: FrozenSet[int],
                  wizard_deaths: int) -> Tuple[List[Tuple[Monster, int]], int]:
    cls = _class_index(class_symbol)
    maxmlev = difficulty >> 1
    mask = (_G("G_NOGEN") | _G("G_UNIQ")) & ~spc
    table = data.monsters()[:data.special_pm()]
    first = next((i for i, m in enumerate(table) if m.class_index == cls), None)
    if first is None:
        return [], 0
    out: List[Tuple[Monster, int]] = []
    num = 0
    last = first
    while last < len(table) and table[last].class_index == cls:
        mon = table[last]
        if align is not None and align != A_NONE and _sgn(mon.alignment) != _sgn(align):
            last += 1
            continue
        if _mk_gen_ok(mon, mask, gone):
            if (rng is not None and num and mon.difficulty > maxmlev
                    and mon.difficulty != table[last - 1].difficulty and rng.rn2(2)):
                break
            k = mon.geno & _G_FREQ
            if k > 0:
                w = k + 1 - int(adj_lev(mon, difficulty, hero_level, wizard_deaths)
                                > hero_level * 2)
                out.append((mon, w))
                num += w
        last += 1
    return out, num


def random_monster_of_class(rng: RNG, class_symbol: str, difficulty: int, *, spc: int = 0,
                            hero_level: int = 1, align: Optional[int] = None,
                            gone: Iterable[int] = (),
                            wizard_deaths: int = 0) -> Optional[Monster]:
    """makemon.c ``mkclass(class, spc)`` (``mkclass_aligned`` when *align* is given).

    Walks the class in table order (weakest first); once it has a candidate, each
    monster stronger than difficulty/2 (and stronger than the one before it) stops the
    walk with probability 1/2.  Weights are the frequency + 1, minus 1 if the monster's
    :func:`adj_lev` exceeds twice the hero's level.  G_NOGEN and G_UNIQ monsters are
    skipped unless *spc* clears them: a des-file's ``MONSTER: 'd', random`` calls
    ``mkclass(class, G_NOGEN)``, which allows G_NOGEN but not unique monsters.  The
    placeholder species (orc, giant, elf, human) and the mail daemon are never made.

    Game state it cannot know: *hero_level* (default 1), *gone* (genocided/extinct
    species, default none), *wizard_deaths* (default 0).  *align* restricts the sign
    of the alignment (``mkclass_aligned``).  Returns None when nothing qualifies.
    """
    cands, num = _mkclass_scan(rng, class_symbol, difficulty, spc=spc, hero_level=hero_level,
                               align=align, gone=frozenset(gone), wizard_deaths=wizard_deaths)
    return mkclass_pick(rng, cands, num)


def mkclass_pick(rng: RNG, cands, num: int) -> Optional[Monster]:
    """mkclass()'s last step: ``rnd(num)`` over the candidates' weights, in table order
    (None when nothing qualified: the draw is not made)."""
    if not num:
        return None
    n = rng.rnd(num)
    for mon, w in cands:
        n -= w
        if n <= 0:
            return mon
    return None  # pragma: no cover


# ---------------------------------------------------------------------------------------
# MON_GENERATION
# ---------------------------------------------------------------------------------------
def override_monster(rng: RNG, rows: Sequence[Tuple[int, bool, str]], difficulty: int, *,
                     hero_level: int = 1, gone: Iterable[int] = (),
                     genocided: Optional[Iterable[int]] = None) -> Optional[Monster]:
    """makemon.c ``get_override_mon``: one ``rnd(total)`` over the level's
    MON_GENERATION rows (each weight counts at least 1 in the total, as the loader
    adds them up; a row's own weight stays as written); a class row is ``mkclass``'s
    choice (refusing the *gone* kinds, genocided or extinct), a named monster is
    refused while genocided (*genocided*; default: *gone*), and the walk goes on with
    what is left of the number, 100 times at most."""
    total = sum(max(w, 1) for w, _, _ in rows)
    if not rows or total <= 0:
        return None
    chance = rng.rnd(total)
    gone = frozenset(gone)
    refused = gone if genocided is None else frozenset(genocided)     # G_GENOD only
    for _ in range(100):
        hit = None
        for row in rows:
            chance -= row[0]
            if chance <= 0:
                hit = row
                break
        if hit is not None:
            weight, is_class, key = hit
            if is_class:
                return random_monster_of_class(rng, key, difficulty, hero_level=hero_level,
                                               gone=gone)
            mon = data.monster_named(key)
            if mon is not None and mon.index not in refused:
                return mon
    return None


# ---------------------------------------------------------------------------------------
# a bundle of level parameters
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class LevelContext:
    """The game state the choosers need, in one place, with the same defaults.

    ``difficulty`` defaults to :func:`level_difficulty` of ``depth`` (depth + 15 in
    Gehennom); ``ledger_no`` defaults to ``depth``.
    """
    depth: int = 1
    difficulty: Optional[int] = None
    in_gehennom: bool = False
    in_sheol: bool = False
    hero_level: int = 1
    level_align: AlignArg = None
    demigod: bool = False
    rogue_level: bool = False
    blackmarket: bool = False
    plane: Optional[str] = None
    noteleport: bool = False
    can_fall_through: bool = True
    ledger_no: Optional[int] = None
    gone: FrozenSet[int] = field(default_factory=frozenset)
    mon_gen: Optional[Tuple[int, Tuple[Tuple[int, bool, str], ...]]] = None
    """MON_GENERATION: (chance in per cent, rows of (weight, is_class, name or class
    symbol) in the game's list order); see :func:`override_monster`."""
    start_table: bool = False
    """The game's rndmonst table was cached before this level, at the start of the
    game (see :func:`start_table_monster`), and was not reset for it."""

    @property
    def level_difficulty(self) -> int:
        if self.difficulty is not None:
            return self.difficulty
        return level_difficulty(self.depth, in_gehennom=self.in_gehennom or self.in_sheol)

    def random_monster(self, rng: RNG) -> Optional[Monster]:
        """rndmonst(): the level's MON_GENERATION table first (its chance), then the
        usual choice by difficulty."""
        if self.mon_gen is not None and rng.rn2(100) < self.mon_gen[0]:
            pm = override_monster(rng, self.mon_gen[1], self.level_difficulty,
                                  hero_level=self.hero_level, gone=self.gone,
                                  genocided=frozenset())
            if pm is not None:
                return pm
        if self.start_table:
            return start_table_monster(rng, in_gehennom=self.in_gehennom,
                                       in_sheol=self.in_sheol, gone=self.gone)
        return random_monster(rng, self.level_difficulty, hero_level=self.hero_level,
                              in_gehennom=self.in_gehennom, in_sheol=self.in_sheol,
                              level_align=self.level_align, demigod=self.demigod,
                              rogue_level=self.rogue_level, blackmarket=self.blackmarket,
                              plane=self.plane, gone=self.gone)

    def rndmonnum(self, rng: RNG) -> Monster:
        """mkobj.c ``rndmonnum()``: :meth:`random_monster`, or when it gives none,
        "plan B": ``rn1(SPECIAL_PM - LOW_PM, LOW_PM)`` until a kind that is neither
        unique, G_NOGEN, of the wrong hell (G_HELL out of Gehennom, G_NOHELL in it) nor
        prohibited by the generation flags (10000 tries; the last one is kept)."""
        pm = self.random_monster(rng)
        if pm is not None:
            return pm
        inhell, insheol = _hell_flags(self.in_gehennom, self.in_sheol)
        exclude = _G("G_UNIQ") | _G("G_NOGEN") | (_G("G_NOHELL") if inhell else _G("G_HELL"))
        mons = data.monsters()
        for _ in range(10000):
            pm = mons[rng.rn2(data.special_pm())]      # rn1(SPECIAL_PM - LOW_PM, LOW_PM)
            if not (pm.geno & exclude or prohibited_by_generation_flags(
                    pm, in_gehennom=inhell, in_sheol=insheol)):
                break
        return pm

    def random_monster_of_class(self, rng: RNG, class_symbol: str,
                                spc: int = 0) -> Optional[Monster]:
        return random_monster_of_class(rng, class_symbol, self.level_difficulty, spc=spc,
                                       hero_level=self.hero_level, gone=self.gone)

    def random_object(self, rng: RNG, oclass: Optional[str] = None) -> Object:
        return random_object(rng, oclass, in_gehennom=self.in_gehennom,
                             in_sheol=self.in_sheol, rogue_level=self.rogue_level,
                             ledger_no=self.ledger_no if self.ledger_no is not None else self.depth)

    def random_trap(self, rng: RNG) -> Trap:
        return random_trap(rng, self.level_difficulty, in_gehennom=self.in_gehennom,
                           in_sheol=self.in_sheol, rogue_level=self.rogue_level,
                           noteleport=self.noteleport,
                           can_fall_through=self.can_fall_through)


def start_table_monster(rng: RNG, *, in_gehennom: bool = False, in_sheol: bool = False,
                        gone: Iterable[int] = ()) -> Optional[Monster]:
    """makemon.c ``rndmonst()`` when its cached table (``rndmonst_state``) is the one
    made at the start of the game: u_init.c ``ini_inv`` makes the hero's starting
    things while the hero stands on the first level of the Dungeons of Doom, and a tin
    or an egg among them asks mksobj's ``rndmonnum()``; only do.c ``goto_level`` (or a
    new experience level) resets the table, and a level made without arriving on it
    (the dump harness's) keeps it.  One ``rnd(total)`` over that first level's table
    (difficulty 1, hero level 1, the Dungeons of Doom's alignment and generation
    flags); the pick is asked ``uncommon()`` again with this level's flags, and an
    uncommon one (a lawful kind in Gehennom) makes no monster."""
    from unlev.model.context import level_alignment
    pm = random_monster(rng, 1, hero_level=1,
                        level_align=level_alignment("The Dungeons of Doom", ""), gone=gone)
    if pm is not None and uncommon(pm, in_gehennom=in_gehennom, in_sheol=in_sheol, gone=gone):
        return None
    return pm


def mon_gen_override(record: Optional[dict]):
    """The record as populate.LevelContext.mon_gen wants it: (chance, rows) with the
    rows in the game's list order.  spo_lev.c spo_mon_generation() pops the tuples
    off the opcode stack (lev_comp pushed them in the des-file's order, so the last
    comes off first) and prepends each to its list: the list is the des-file's order."""
    if not record:
        return None
    rows = []
    for row in record["monsters"]:
        if "class" in row:
            rows.append((row["weight"], True, row["class"]))
        else:
            rows.append((row["weight"], False, row["name"]))
    return (record["percent"], tuple(rows))
