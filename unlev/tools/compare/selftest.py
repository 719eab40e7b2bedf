"""Proof of what ``unlev compare`` can see: unlev measured against itself.

Why this module exists: an instrument that reports "match" is only worth something if
it would have reported the difference.  So unlev's own levels stand in for the game:
built under one set of seeds, written as game dumps (:func:`gamedump.format_dump`) and
read back, so the dump path is exercised, then compared with unlev under other seeds.

* Unchanged, every level must match (the level-wide Holm correction keeps the chance of
  a false "differs" per level at most 1 %).
* With a *perturbation* applied to the "game" side's finished levels, the compare must
  report it.  Each perturbation stands for a gap the real game shows (issue 16): monster
  inventories and hider objects switched off again (makemon.c m_initinv, the hider
  branch of makemon),
  trap doors where the game makes falling rocks (mklev.c mktrap, dungeon.c
  Can_fall_thru), monsters standing elsewhere (the floodfill of ``--compat doc``),
  stacking (invent.c stackobj), another monster mix, empty containers (mkobj.c
  mkbox_cnts).

``python -m unlev.tools.compare.selftest`` prints the power table of docs/notes.
"""

from __future__ import annotations

import copy
import random
import sys
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from unlev.lang import ast as A
from unlev.model.level import ROWNO, Level, Object, isok
from unlev.stdlib import data
from unlev.stdlib import terrain as T
from unlev.stdlib.compat import Compat
from unlev.tools.compare.gamedump import GameDump, format_dump, parse_dumps
from unlev.tools.compare.measures import ALPHA, DIFFERS, Measure
from unlev.tools.compare.sample import Sample, sample_of

# ------------------------------------------------------------------ perturbations
# Each takes a finished level, a random generator and a strength and changes the level
# in place; it returns how many things it changed (0: the level does not show the gap).


def _monster_symbol(m) -> str:
    look = data.lookup_monster(str(m.id))
    return look.item.symbol if look.item is not None else "?"


def _random_object(rng: random.Random, symbols: str = ")[!?/=(*%") -> Object:
    choices = [o for o in data.objects() if o.class_symbol in symbols and o.name
               and o.prob > 0]
    o = rng.choice(choices)
    return Object(0, 0, o.name, attrs={"class": o.class_symbol})


def _walkable(lev: Level, x: int, y: int) -> bool:
    return isok(x, y) and (lev.typ[x * ROWNO + y] in (T.ROOM, T.CORR, T.DOOR, T.ICE,
                                                       T.AIR, T.CLOUD)
                           or lev.typ[x * ROWNO + y] >= T.STAIRS
                           and lev.typ[x * ROWNO + y] <= T.ALTAR)


def drop_inventories(lev: Level, rng: random.Random, share: float = 1.0) -> int:
    """A share of the monsters carry nothing: makemon.c m_initweap / m_initinv switched
    off again, the gap unlev had before it equipped its monsters."""
    n = 0
    for m in lev.monsters:
        if m.attrs.get("inventory") and rng.random() < share:
            n += len(m.attrs["inventory"])
            m.attrs["inventory"] = []
    return n


def drop_hider_objects(lev: Level, rng: random.Random, share: float = 1.0) -> int:
    """Spiders and snakes (s, S) lose the object they hide under (makemon.c's hider
    branch switched off again)."""
    under = {(m.x, m.y) for m in lev.monsters if _monster_symbol(m) in "sS"}
    kept = []
    n = 0
    for o in lev.objects:
        if (o.x, o.y) in under and not o.buried and rng.random() < share:
            n += 1
        else:
            kept.append(o)
    lev.objects[:] = kept
    return n


def rocks_to_trapdoors(lev: Level, rng: random.Random, share: float = 1.0) -> int:
    """Falling rock traps become trap doors (the other side of Can_fall_thru)."""
    n = 0
    for t in lev.traps:
        if str(t.ttyp) in ("ROCKTRAP", "falling rock") and rng.random() < share:
            t.ttyp = "TRAPDOOR"
            n += 1
    return n


def shift_monsters(lev: Level, rng: random.Random, dist: float = 3) -> int:
    """Every monster steps ``dist`` squares away (onto a square it could stand on)."""
    d = int(dist)
    taken = {(m.x, m.y) for m in lev.monsters}
    n = 0
    for m in lev.monsters:
        spots = [(m.x + dx, m.y + dy) for dx in range(-d, d + 1) for dy in range(-d, d + 1)
                 if max(abs(dx), abs(dy)) == d]
        spots = [p for p in spots if _walkable(lev, *p) and p not in taken]
        if spots:
            taken.discard((m.x, m.y))
            m.x, m.y = rng.choice(spots)
            taken.add((m.x, m.y))
            n += 1
    return n


def relocate_monsters(lev: Level, rng: random.Random, share: float = 0.5) -> int:
    """A share of the monsters stand anywhere on the level instead (other regions)."""
    free = [(x, y) for x in range(1, 80) for y in range(ROWNO) if _walkable(lev, x, y)]
    taken = {(m.x, m.y) for m in lev.monsters}
    n = 0
    for m in lev.monsters:
        if rng.random() < share and free:
            p = rng.choice(free)
            if p not in taken:
                m.x, m.y = p
                taken.add(p)
                n += 1
    return n


def duplicate_objects(lev: Level, rng: random.Random, share: float = 0.035) -> int:
    """round(share x n) floor objects (at least one) lie there twice: what the game's
    stackobj merges, unstacked (a count difference of ``share``)."""
    floor = [o for o in lev.objects if not o.buried]
    if not floor:
        return 0
    k = max(1, int(share * len(floor) + 0.5))
    for o in rng.sample(floor, min(k, len(floor))):
        lev.objects.append(copy.deepcopy(o))
    return k


def swap_species(lev: Level, rng: random.Random, share: float = 0.3) -> int:
    """A share of the monsters are another species of about their level."""
    pool = [m for m in data.monsters() if m.frequency > 0 and "G_UNIQ" not in m.gen_flags]
    n = 0
    for m in lev.monsters:
        if rng.random() < share:
            m.id = rng.choice(pool).name
            n += 1
    return n


def empty_containers(lev: Level, rng: random.Random, share: float = 1.0) -> int:
    """Containers lose their contents (mkbox_cnts not run)."""
    n = 0
    for o in lev.objects:
        if o.contents and rng.random() < share:
            n += len(o.contents)
            o.contents = []
    return n


def plain_objects(lev: Level, rng: random.Random, share: float = 1.0) -> int:
    """Quantity, enchantment and curse state ignored: every stack of one, +0 and
    uncursed (issue 35: 210 levels changed, the counts flagged none)."""
    n = 0

    def plain(objs):
        nonlocal n
        for o in objs:
            if str(o.id) != "gold piece" and rng.random() < share:
                o.attrs["quantity"] = 1
                o.attrs["spe"] = 0
                o.attrs["curse"] = "uncursed"
                n += 1
            plain(o.contents)
    plain(lev.objects)
    for m in lev.monsters:
        plain(m.attrs.get("inventory") or ())
    return n


def close_doors(lev: Level, rng: random.Random, share: float = 1.0) -> int:
    """Every door closed (issue 35's table: 89 levels changed, 89 flagged)."""
    from unlev.model.level import D_CLOSED
    n = 0
    for i, t in enumerate(lev.typ):
        if t == T.DOOR and rng.random() < share:
            lev.flg[i] = D_CLOSED
            n += 1
    return n


def wake_monsters(lev: Level, rng: random.Random, share: float = 1.0) -> int:
    """Every monster awake and hostile (sleep and peacefulness not made)."""
    n = 0
    for m in lev.monsters:
        if rng.random() < share and (m.attrs.get("asleep") or m.attrs.get("peaceful")):
            m.attrs["asleep"] = False
            m.attrs["peaceful"] = False
            n += 1
    return n


@dataclass(frozen=True)
class Perturbation:
    name: str
    change: Callable[[Level, random.Random, float], int]
    strength: float          # the default size of the difference
    measures: Tuple[str, ...]  # where the compare should see it
    doc: str


_MONSTER_PLACES = ("monsters where", "monsters on terrain", "monsters to stairs",
                   "monsters squares", "monsters on objects")

PERTURBATIONS: Dict[str, Perturbation] = {p.name: p for p in (
    Perturbation("inventories", drop_inventories, 1.0, ("objects carried",),
                 "the monsters carry nothing"),
    Perturbation("hiders", drop_hider_objects, 1.0,
                 ("objects on floor", "object kinds", "object classes",
                  "monsters on objects", "objects where", "objects on terrain",
                  "objects squares"),
                 "no object under any s/S monster"),
    Perturbation("trapdoors", rocks_to_trapdoors, 1.0, ("trap kinds",),
                 "falling rock traps are trap doors"),
    Perturbation("shift", shift_monsters, 3, _MONSTER_PLACES,
                 "every monster 3 squares away"),
    Perturbation("relocate", relocate_monsters, 0.5, _MONSTER_PLACES,
                 "half the monsters anywhere on the level"),
    Perturbation("stacking", duplicate_objects, 0.035, ("objects on floor", "object kinds"),
                 "3.5 % more floor objects (at least one)"),
    Perturbation("species", swap_species, 0.3, ("monster kinds", "monsters squares"),
                 "30 % of the monsters another species"),
    Perturbation("containers", empty_containers, 1.0, ("objects in containers",),
                 "containers empty"),
    Perturbation("quantities", plain_objects, 1.0,
                 ("stack sizes", "object quantity", "enchantments", "curse states"),
                 "every object a stack of one, +0, uncursed"),
    Perturbation("doors", close_doors, 1.0, ("door states",), "every door closed"),
    Perturbation("sleep", wake_monsters, 1.0, ("monster sleep", "monster peacefulness"),
                 "every monster awake and hostile"),
)}


# Defects planted in the generator itself (the "game" side is built with it), for gaps a
# finished level cannot show afterwards.
def _grow_twice():
    """The des-file's ``grow`` reaching two squares instead of one (sp_lev.c
    selection_do_grow runs once per grow): issue 35's table, 4 levels changed."""
    from contextlib import contextmanager
    from unlev.stdlib.selection import Selection

    @contextmanager
    def planted():
        one = Selection.grow

        def twice(self, dirs=None, _one=one):
            return _one(_one(self, dirs), dirs) if dirs is not None else _one(_one(self))
        Selection.grow = twice
        try:
            yield
        finally:
            Selection.grow = one
    return planted()


GENERATOR_PLANTS: Dict[str, Callable] = {"grow": _grow_twice}


# ------------------------------------------------------------------ the two sides
def build_side(compiled, node: A.Level, seeds: Sequence[int], context_dumps: Sequence[GameDump],
               compat: Compat = Compat.game()) -> List[Level]:
    from unlev.tools.compare.command import run_ours
    return run_ours(compiled, node, seeds, context_dumps, compat)


def as_game(levels: Sequence[Level], context_dumps: Sequence[GameDump],
            perturbation: Optional[Perturbation] = None, strength: Optional[float] = None,
            seed: int = 0) -> Tuple[List[GameDump], int]:
    """Our levels, perturbed on copies, through the dump format and back; and how many
    things the perturbation changed."""
    rng = random.Random(seed)
    texts = []
    changed = 0
    for i, lev in enumerate(levels):
        if perturbation is not None:
            lev = copy.deepcopy(lev)
            changed += perturbation.change(lev, rng, perturbation.strength
                                           if strength is None else strength)
        where = dict(context_dumps[i % len(context_dumps)].where) if context_dumps else None
        texts.append(f"=== seed {i + 1}\n" + format_dump(lev, i + 1, where))
    return parse_dumps("".join(texts), "<self-test>"), changed


@dataclass
class SelfResult:
    level: str
    perturbation: str
    strength: Optional[float]
    changed: int
    measures: List[Measure] = field(default_factory=list)

    def differing(self) -> List[Measure]:
        return [m for m in self.measures if m.verdict == DIFFERS]

    def level_p(self) -> float:
        """The level's smallest corrected p: a p-value for "this level differs"."""
        return min((m.p_level for m in self.measures if m.p_level is not None), default=1.0)

    def reported(self, names: Sequence[str] = ()) -> bool:
        """Whether the compare reports a difference (in one of ``names``, if given)."""
        return any(not names or m.name in names for m in self.differing())


def self_compare(compiled, node: A.Level, ours: Sequence[Sample], game_levels: Sequence[Level],
                 context_dumps: Sequence[GameDump], perturbation: Optional[str] = None,
                 strength: Optional[float] = None, seed: int = 0) -> SelfResult:
    """unlev (``ours``) against unlev's ``game_levels`` with ``perturbation`` planted."""
    from unlev.tools.compare.command import compare_samples
    p = PERTURBATIONS[perturbation] if perturbation else None
    dumps, changed = as_game(game_levels, context_dumps, p, strength, seed)
    game = [sample_of(d.to_level()) for d in dumps]
    measures, _frame = compare_samples(compiled, node, ours, game, known=())
    return SelfResult(node.name, perturbation or "none", strength, changed, measures)


# ------------------------------------------------------------------ power table
def corpus_holm(level_ps: Sequence[float], alpha: float = ALPHA) -> int:
    """How many levels differ when Holm's correction runs over the levels as well
    (family-wise ``alpha`` for the whole corpus, not per level)."""
    ps = sorted(level_ps)
    n = 0
    for i, p in enumerate(ps):
        if p * (len(ps) - i) >= alpha:
            break
        n += 1
    return n



def power_table(paths: Sequence[str], reference: str, levels: Sequence[str],
                sizes: Sequence[int] = (10, 40), strengths: Optional[Dict[str, Sequence[float]]] = None,
                out=print, verbose: bool = False, only: Sequence[str] = (),
                progress: Optional[Callable[[str], None]] = None
                ) -> List[Tuple[str, float, int, int, int, int]]:
    """For each perturbation, strength and sample size: on how many of ``levels`` that
    show the gap the compare reports it (in the perturbation's own measures).
    ``progress`` is told each step (a full run takes many minutes)."""
    tell = progress or (lambda _text: None)
    from unlev.tools.compare.command import levels_with_reference
    from unlev.tools.compare.gamedump import read_dumps, reference_files
    refs = reference_files(reference)
    todo, _errors = levels_with_reference(paths, refs, set(levels) if levels else None)
    strengths = strengths or {}
    rows = []
    for n in sizes:
        prepared = []
        for k, (_f, compiled, node) in enumerate(todo):
            tell(f"n={n}: building level {k + 1} of {len(todo)} ({node.name})")
            ctx = read_dumps(refs[node.name])
            game = build_side(compiled, node, range(1001, 1001 + n), ctx)
            ours = [sample_of(lv) for lv in build_side(compiled, node, range(1, 1 + n), ctx)]
            prepared.append((compiled, node, ctx, game, ours))
        nulls = 0
        level_ps = []
        for c, nd, ctx, g, o in prepared:
            r = self_compare(c, nd, o, g, ctx)
            nulls += r.reported()
            level_ps.append(r.level_p())
            if verbose and r.reported():
                out(f"   {nd.name}: " + "; ".join(f"{m.name} {m.ours} / {m.game} "
                                                 f"{'; '.join(m.detail[:2])}"
                                                 for m in r.differing()))
        out(f"n={n}: unperturbed, {nulls} of {len(prepared)} levels differ "
            f"({corpus_holm(level_ps)} after correcting over the levels too)")
        for name, p in PERTURBATIONS.items():
            if only and name not in only:
                continue
            for s in strengths.get(name, (p.strength,)):
                shown = seen = 0
                for k, (c, nd, ctx, g, o) in enumerate(prepared):
                    tell(f"n={n}: {name} {s:g}: level {k + 1} of {len(prepared)} ({nd.name})")
                    r = self_compare(c, nd, o, g, ctx, name, s)
                    if r.changed == 0:
                        continue
                    shown += 1
                    seen += r.reported(p.measures)
                    if verbose:
                        rel = [m for m in r.measures if m.name in p.measures]
                        best = min(rel, key=lambda m: m.p_level if m.p_level is not None
                                   else 1.0, default=None)
                        out(f"   {nd.name}: changed {r.changed}, "
                            + (f"{best.name} p(level)={best.p_level:.2g} {best.verdict}"
                               if best is not None and best.p_level is not None else "-")
                            + (" [" + ", ".join(m.name for m in r.differing()) + "]"))
                rows.append((name, s, n, shown, seen, nulls))
                out(f"n={n}: {name} {s:g}: reported on {seen} of {shown} levels showing it")
    return rows


# ------------------------------------------------------------------ the issue's table
@dataclass(frozen=True)
class TableRow:
    """One defect of issue 35's table, the levels where the game shows it, and the
    measures that must report it (on one level alone, or pooled over those levels);
    ``group:NAME`` stands for every measure of a group."""
    defect: str
    plant: str                 # a PERTURBATIONS or GENERATOR_PLANTS name
    levels: Tuple[str, ...]    # level names or globs
    measures: Tuple[str, ...]


ISSUE_TABLE: Tuple[TableRow, ...] = (
    TableRow("monster inventories off", "inventories", ("Kni-strt", "Hea-strt"),
             PERTURBATIONS["inventories"].measures),
    # per level it shows on few levels (issue 35: 32 of 148); pooled over the fillers
    TableRow("hider objects off", "hiders", ("*-fil*",), PERTURBATIONS["hiders"].measures),
    TableRow("des-file monsters placed at random", "relocate", ("soko1-1", "oracle"),
             _MONSTER_PLACES),
    TableRow("grow reaching 2 squares", "grow",
             ("bigrm-14", "hellfill", "medufill", "townfill-1"), ("group:terrain",)),
    TableRow("trap doors where the game forbids them", "trapdoors", ("earth", "*-fil*"),
             PERTURBATIONS["trapdoors"].measures),
    TableRow("object quantity and enchantment ignored", "quantities", ("minefill", "Kni-strt"),
             PERTURBATIONS["quantities"].measures),
    TableRow("every door closed", "doors", ("oracle", "Kni-strt"),
             PERTURBATIONS["doors"].measures),
)


@dataclass
class RowResult:
    row: TableRow
    levels: List[str] = field(default_factory=list)      # every level of the row
    changed: List[str] = field(default_factory=list)     # those the defect changes
    alone: List[str] = field(default_factory=list)       # those reporting it on their own
    pooled: List[str] = field(default_factory=list)      # measures reporting it pooled
    stray: List[str] = field(default_factory=list)       # unchanged levels that differ

    @property
    def reported(self) -> bool:
        return bool(self.alone or self.pooled)

    def line(self) -> str:
        return (f"{self.row.defect} ({self.row.plant}): changes {len(self.changed)} of "
                f"{len(self.levels)} levels; reported on {len(self.alone)} alone"
                + (f" ({', '.join(self.alone)})" if self.alone else "")
                + (f", pooled in {', '.join(self.pooled)}" if self.pooled else
                   ", not pooled")
                + ("" if self.reported else "  NOT REPORTED"))


def _relevant(m: Measure, names: Sequence[str]) -> bool:
    from unlev.tools.compare.pooled import pooled_name
    return m.name in names or pooled_name(m.name) in names or f"group:{m.group}" in names


class LevelCache:
    """Each level built once per side (n seeds each), shared by the table's rows; the
    des-files are read once, on the first level asked for (not once per level)."""

    def __init__(self, paths: Sequence[str], reference: str, n: int = 10) -> None:
        from unlev.tools.compare.gamedump import reference_files
        self.paths, self.n = list(paths), n
        self.refs = reference_files(reference)
        self.cache: Dict[str, tuple] = {}
        self._levels: Optional[Dict[str, tuple]] = None

    def names(self, globs: Sequence[str]) -> List[str]:
        import fnmatch
        return sorted(k for k in self.refs if any(fnmatch.fnmatchcase(k, g) for g in globs))

    def get(self, name: str) -> tuple:
        """(compiled, node, context dumps, "game" levels, our samples)."""
        if name not in self.cache:
            from unlev.tools.compare.command import levels_with_reference
            from unlev.tools.compare.gamedump import read_dumps
            if self._levels is None:
                todo, _errors = levels_with_reference(self.paths, self.refs)
                self._levels = {node.name: (compiled, node) for _f, compiled, node in todo}
            compiled, node = self._levels[name]
            ctx = read_dumps(self.refs[name])
            game = build_side(compiled, node, range(1001, 1001 + self.n), ctx)
            ours = [sample_of(lv) for lv in build_side(compiled, node, range(1, 1 + self.n),
                                                        ctx)]
            self.cache[name] = (compiled, node, ctx, game, ours)
        return self.cache[name]


def check_row(row: TableRow, cache: LevelCache,
              tell: Callable[[str], None] = lambda _t: None) -> RowResult:
    """Plant ``row``'s defect on the stand-in game of each of its levels; which levels
    report it alone, and which measures pooled over the levels it changes."""
    from unlev.tools.compare.pooled import pooled_measures, pooled_name
    res = RowResult(row, cache.names(row.levels))
    measured = []
    for k, name in enumerate(res.levels):
        tell(f"{row.plant}: level {k + 1} of {len(res.levels)} ({name})")
        compiled, node, ctx, game, ours = cache.get(name)
        if row.plant in GENERATOR_PLANTS:
            with GENERATOR_PLANTS[row.plant]():
                planted = build_side(compiled, node, range(1001, 1001 + cache.n), ctx)
            r = self_compare(compiled, node, ours, planted, ctx)
            r.changed = sum(1 for a, b in zip(planted, game) if bytes(a.typ) != bytes(b.typ))
        else:
            r = self_compare(compiled, node, ours, game, ctx, row.plant)
        if not r.changed:
            if r.differing():
                res.stray.append(name)
            continue
        res.changed.append(name)
        measured.append(r.measures)
        if any(_relevant(m, row.measures) for m in r.differing()):
            res.alone.append(name)
    relevant = {pooled_name(m.name) for ms in measured for m in ms
                if _relevant(m, row.measures)}
    res.pooled = [p.name for p in pooled_measures(measured)
                  if p.verdict == DIFFERS and p.name in relevant]
    return res


def table_check(paths: Sequence[str], reference: str, n: int = 10,
                rows: Sequence[TableRow] = ISSUE_TABLE,
                tell: Callable[[str], None] = lambda _t: None) -> List[RowResult]:
    """Issue 35's table, defect by defect, at ``n`` seeds a side (the reference's 10)."""
    cache = LevelCache(paths, reference, n)
    out = []
    for i, row in enumerate(rows):
        tell(f"defect {i + 1} of {len(rows)}: {row.defect}")
        out.append(check_row(row, cache, tell))
        tell(out[-1].line())
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m unlev.tools.compare.selftest",
                                 description="the power table of unlev compare")
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--reference", required=True)
    ap.add_argument("--level", action="append", default=[],
                    help="only this LEVEL (repeatable; default: every level with dumps)")
    ap.add_argument("--sizes", default="10,40")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--only", action="append", default=[], help="only this perturbation")
    ap.add_argument("--strength", action="append", default=[], metavar="NAME=S,S,...")
    ap.add_argument("--no-progress", action="store_true",
                    help="no progress lines on standard error")
    ap.add_argument("--table", action="store_true",
                    help="only issue 35's table: each defect planted where the game shows "
                    "it, reported on a level alone or pooled over its levels (exit 1 if one "
                    "is not)")
    a = ap.parse_args(argv)
    tell = (lambda _t: None) if a.no_progress else _progress_line(sys.stderr)
    if a.table:
        sizes = [int(x) for x in a.sizes.split(",")]
        missed = 0
        for n in sizes if a.sizes != "10,40" else [10]:
            for r in table_check(a.paths, a.reference, n, tell=tell):
                print(f"n={n}: {r.line()}", flush=True)
                missed += not r.reported
        return 1 if missed else 0
    strengths = {}
    for s in a.strength:
        k, v = s.split("=")
        strengths[k] = [float(x) for x in v.split(",")]
    power_table(a.paths, a.reference, a.level, [int(x) for x in a.sizes.split(",")],
                strengths, verbose=a.verbose, only=a.only,
                progress=None if a.no_progress else _progress_line(sys.stderr))
    return 0


def _progress_line(stream):
    """Progress on ``stream``: rewritten in place on a terminal, a line each when piped."""
    tty = stream.isatty()

    def tell(text: str) -> None:
        stream.write(("\r\x1b[K" + text) if tty else (f"selftest: {text}\n"))
        stream.flush()
    return tell


if __name__ == "__main__":      # pragma: no cover
    raise SystemExit(main())
