"""``unlev compare --exact``: is unlev's level *the* level the game made, square by square?

Why this module exists: the statistical comparison (command.py) can only say that
unlev's levels look like the game's.  Every dump carries the seed the game made its
level with (``LEVELSEED``: mklev.c ``mklev`` reseeds both ISAAC streams with it) and
the place and hero it was made for (``WHERE``), so unlev can build the same level from
the same seed and context and the two can be compared layer by layer.  The report says,
per dump, "identical" or the first difference (layer, square, what the game has, what
unlev has), then one line per layer ``N of M dumps identical`` and a total.

Both sides go through :func:`unlev.tools.compare.gamedump.format_dump` (the game's dump
read as a :class:`Level` first), so the comparison sees one notation; monster ids, which
unlev does not model, are left out.
"""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence

from unlev.lang import ast as A
from unlev.stdlib import terrain as T

LAYERS = ("terrain", "light", "non-diggable", "room numbers", "stairs", "doors", "altars",
          "engravings", "traps", "monsters", "objects")
_GRIDS = {"TYP": "terrain", "LIT": "light", "NONDIG": "non-diggable", "ROOMNO": "room numbers"}
_LINES = {"STAIR": "stairs", "DOOR": "doors", "ALTAR": "altars", "ENGR": "engravings",
          "TRAP": "traps"}


@dataclass
class DumpResult:
    level: str
    seed: int               # the dump's "=== seed N" (its game seed's place in the file)
    levelseed: int
    differs: Dict[str, str] = field(default_factory=dict)    # layer -> first difference
    error: str = ""

    @property
    def identical(self) -> bool:
        return not self.error and not self.differs

    def line(self) -> str:
        head = f"{self.level} seed {self.seed} (LEVELSEED {self.levelseed}): "
        if self.error:
            return head + "error: " + self.error
        if not self.differs:
            return head + "identical"
        first = next(layer for layer in LAYERS if layer in self.differs)
        more = [layer for layer in LAYERS if layer in self.differs and layer != first]
        tail = f"; also {', '.join(more)}" if more else ""
        return head + f"{first}: {self.differs[first]}{tail}"


# ------------------------------------------------------------------ the sections
def sections(text: str) -> Dict[str, object]:
    """A formatted dump cut into what each layer compares: grids as row lists, line
    records as sorted lists, monsters with their inventories as sorted tuples."""
    lines = text.splitlines()
    out: Dict[str, object] = {layer: [] for layer in LAYERS}
    i = 0
    while i < len(lines):
        ln = lines[i]
        if ln in _GRIDS:
            out[_GRIDS[ln]] = lines[i + 1:i + 22]
            i += 22
            continue
        word = ln.split(" ", 1)[0]
        if word == "STAIR":
            # where a stair leads is the dungeon's business (to=), not the level's
            out["stairs"].append(ln.split(" to=")[0])
        elif word == "TRAP":
            # the kind by its number: the game writes its own name, unlev the des name
            x_y, _, rest = ln[5:].partition(" ")
            y, _, more = rest.partition(" ")
            out["traps"].append(f"TRAP {x_y} {y} {more.rsplit(' ', 1)[-1]}")
        elif word in _LINES:
            out[_LINES[word]].append(ln)
        elif word == "MON":
            # not compared: the id (unlev keeps none) and the female flag, which in
            # the dumps is 0 for M2_FEMALE monsters (the Oracle, Medusa) and differs
            # from makemon's rn2(2) even where every draw agrees (oracle, game seed 1)
            head = re.sub(r"\|female=\d", "", ln.rsplit("|id=", 1)[0])
            inv = []
            while i + 1 < len(lines) and lines[i + 1].startswith("OBJ ") and (
                    "|where=mon:" in lines[i + 1] or "|where=in:" in lines[i + 1]) and \
                    "|depth=0" not in lines[i + 1]:
                i += 1
                inv.append(_strip_owner(lines[i]))
            out["monsters"].append((head, tuple(sorted(inv))))
        elif word == "OBJ":
            if "|where=in:" in ln:      # inside a container: the game keeps no spot
                ln = re.sub(r"^OBJ \d+ \d+ ", "OBJ - - ", ln)
            out["objects"].append(ln)
        i += 1
    for layer in LAYERS:
        if layer not in ("terrain", "light", "non-diggable", "room numbers"):
            out[layer] = sorted(out[layer])
    return out


def _strip_owner(ln: str) -> str:
    """An inventory line without the owner's id (``where=mon:17``) and without a spot
    (the game keeps none for what a monster carries)."""
    ln = re.sub(r"^OBJ \d+ \d+ ", "OBJ - - ", ln)
    if "|where=mon:" not in ln:           # inside a carried container
        return ln
    head, _, rest = ln.partition("|where=mon:")
    return head + "|where=mon" + rest[rest.find("|"):] if "|" in rest else head + "|where=mon"


def _cell_name(layer: str, ch: str) -> str:
    if layer == "terrain":
        t = ord(ch) - 48
        return T.TERRAIN_NAMES[t] if 0 <= t < len(T.TERRAIN_NAMES) else repr(ch)
    return repr(ch)


def first_difference(layer: str, game, ours) -> Optional[str]:
    """None when the layer is the same, else where and how it first differs."""
    if game == ours:
        return None
    if layer in ("terrain", "light", "non-diggable", "room numbers"):
        for y, (g, o) in enumerate(zip(game, ours)):
            if g != o:
                x = next(k for k in range(min(len(g), len(o))) if g[k] != o[k])
                n = sum(a != b for gr, orow in zip(game, ours) for a, b in zip(gr, orow))
                return (f"({x},{y}) game {_cell_name(layer, g[x])}, unlev "
                        f"{_cell_name(layer, o[x])} ({n} squares differ)")
        return "grids of other sizes"
    only_game = _minus(game, ours)
    only_ours = _minus(ours, game)
    parts = []
    if only_game:
        parts.append(f"game has {_show(only_game[0])}")
    if only_ours:
        parts.append(f"unlev has {_show(only_ours[0])}")
    counts = f" ({len(only_game)} only in the game, {len(only_ours)} only in unlev)"
    return "; ".join(parts) + counts


def _minus(a: Sequence, b: Sequence) -> list:
    rest = list(b)
    out = []
    for item in a:
        if item in rest:
            rest.remove(item)
        else:
            out.append(item)
    return out


def _show(item) -> str:
    if isinstance(item, tuple):
        head, inv = item
        return head + (f" carrying {len(inv)}" if inv else "")
    return item


def compare_texts(game_text: str, our_text: str) -> Dict[str, str]:
    g, o = sections(game_text), sections(our_text)
    out = {}
    for layer in LAYERS:
        d = first_difference(layer, g[layer], o[layer])
        if d is not None:
            out[layer] = d
    return out


# ------------------------------------------------------------------ building
def build_for_dump(compiled, node: A.Level, dump, own_portals: int = 0):
    """Our level made from the dump's LEVELSEED at the dump's place, as the game would."""
    from unlev.generate.build import build_level
    from unlev.stdlib.compat import Compat
    from unlev.tools.compare.dumpcontext import contexts_for, place_from_where
    ctx, run = contexts_for(dump, node.name, own_portals)
    ctx = place_from_where(ctx, dump.where)
    return build_level(compiled, node, seed=dump.levelseed, context=ctx,
                       compat=Compat.game(), run_context=run, warn=lambda *a, **k: None)


def compare_dump(compiled, node: A.Level, dump, seed_no: int,
                 own_portals: int = 0) -> DumpResult:
    from unlev.tools.compare.gamedump import format_dump
    res = DumpResult(node.name, seed_no, dump.levelseed)
    try:
        ours = build_for_dump(compiled, node, dump, own_portals)
        our_text = format_dump(ours, dump.levelseed, dump.where)
        game_text = format_dump(dump.to_level(), dump.levelseed, dump.where)
    except Exception as e:          # noqa: BLE001 - a crash of ours is a finding
        res.error = f"{type(e).__name__}: {e}"
        return res
    res.differs = compare_texts(game_text, our_text)
    return res


def plan_levels(paths: Sequence[str], references: Sequence[str],
                levels: Optional[set] = None):
    """(file, compiled, node, [(seed number, dump)]) for every LEVEL with dumps."""
    import re
    from unlev.lang.frontend import compile_file
    from unlev.tools.compare.gamedump import read_dumps, reference_files
    files: List[str] = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".des"))
        else:
            files.append(p)
    refs: Dict[str, List[str]] = {}
    for folder in references:
        for name, path in reference_files(folder).items():
            refs.setdefault(name, []).append(path)
    for f in files:
        compiled = compile_file(f)
        seen = {}
        for node in compiled.tree.levels:
            seen[node.name] = node          # the last of a duplicated name counts
        for name, node in seen.items():
            if name not in refs or (levels and name not in levels):
                continue
            dumps = []
            for path in refs[name]:
                import gzip
                with gzip.open(path, "rt", encoding="ascii", errors="replace") as fh:
                    numbers = [int(n) for n in re.findall(r"^=== seed (\d+)", fh.read(), re.M)]
                dumps += list(zip(numbers, read_dumps(path)))
            yield f, compiled, node, dumps


@dataclass
class ExactReport:
    results: List[DumpResult]
    seconds: float

    def summary_lines(self) -> List[str]:
        m = len(self.results)
        lines = []
        for layer in LAYERS:
            n = sum(1 for r in self.results if not r.error and layer not in r.differs)
            lines.append(f"{layer}: {n} of {m} dumps identical")
        n = sum(1 for r in self.results if r.identical)
        lines.append(f"total: {n} of {m} dumps identical in every layer")
        return lines


def run_exact(paths: Sequence[str], references: Sequence[str], levels: Optional[set] = None,
              progress: Optional[Callable[[DumpResult], None]] = None,
              max_dumps: Optional[int] = None) -> ExactReport:
    t0 = time.perf_counter()
    results: List[DumpResult] = []
    for _f, compiled, node, dumps in plan_levels(paths, references, levels):
        own_portals = sum(1 for n in A.walk(node)
                          if isinstance(n, A.LevRegionStmt) and n.kind == "portal")
        for seed_no, dump in dumps[:max_dumps]:
            r = compare_dump(compiled, node, dump, seed_no, own_portals)
            results.append(r)
            if progress is not None:
                progress(r)
    return ExactReport(results, time.perf_counter() - t0)


def cmd_exact(args, references: Sequence[str]) -> int:
    import sys
    report = run_exact(args.paths, references, set(args.level) or None,
                       progress=lambda r: print(r.line(), flush=True),
                       max_dumps=args.seeds if args.seeds_given else None)
    if not report.results:
        print("unlev compare: none of the given levels has reference dumps", file=sys.stderr)
        return 2
    for line in report.summary_lines():
        print(line)
    print(f"({len(report.results)} dumps in {report.seconds:.0f} s)")
    return 0
