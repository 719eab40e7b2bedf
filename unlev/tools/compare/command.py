"""``unlev compare``: how close unlev's levels are to the ones the real game generates.

Why this module exists: the game's dumps (``../shared/game-reference``) hold a few seeds
of every corpus level and their seeds do not correspond to ours, so the comparison is
statistical: run each level under N seeds, reduce both sides to the same measures
(:mod:`unlev.tools.compare.sample`), and let :mod:`unlev.tools.compare.measures` decide per measure.
Each of our runs is placed where the game made the matching dump (its WHERE line:
depth, dungeon level, difficulty, role, alignment).
"""

from __future__ import annotations

import fnmatch
import json
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Union

from unlev.lang.dialect import label
from unlev.output.words import count
from unlev.tools.compare.known import KNOWN, KnownDifference, known_reason
from unlev.tools.compare.dumpcontext import contexts_for, place_from_where
from unlev.tools.compare.measures import (DIFFERS, KNOWN as V_KNOWN, MATCH, RANK, Measure,
                                    level_measures, level_verdict)
from unlev.tools.compare.place import map_templates
from unlev.tools.compare.sample import Sample, sample_of
from unlev.tools.compare.gamedump import (DumpFormatError, GameDump, read_dumps,
                                          reference_files)
from unlev.tools.compare.jobs import SampleJob, remember, run_samples
from unlev.tools.executor import DEFAULT_CONNECT_TIMEOUT, ExecutorError, add_executor_options
from unlev.lang import ast as A
from unlev.lang.diagnostics import DesError
from unlev.lang.frontend import compile_file
from unlev.stdlib.compat import Compat


@dataclass
class LevelResult:
    level: str
    file: str
    seeds: int
    game_samples: int
    measures: List[Measure] = field(default_factory=list)
    frame: str = ""
    error: str = ""
    seconds: float = 0.0

    @property
    def verdict(self) -> str:
        return DIFFERS if self.error else level_verdict(self.measures)

    def to_dict(self) -> dict:
        return {"level": self.level, "file": self.file, "verdict": self.verdict,
                "seeds": self.seeds, "game_samples": self.game_samples,
                "frame": self.frame, "error": self.error,
                "seconds": round(self.seconds, 2),
                "measures": [m.to_dict() for m in self.measures]}


def run_context_of(dump: GameDump, name: str, own_portals: int = 0):
    """The place and hero of the game's ``dump`` for one of our runs: everything its
    WHERE line says, the ledger number included (as the exact mode builds it), so that
    what depends on the ledger (o_init.c ``setgemprobs``: ``9 - ledger/3`` gems left
    out) follows the game's run and not the level's usual place."""
    ctx, run = contexts_for(dump, name, own_portals)
    return place_from_where(ctx, dump.where), run


def run_ours(compiled, node: A.Level, seeds: Sequence[int], dumps: Sequence[GameDump],
             compat: Compat):
    """Our levels for ``seeds``; the i-th run sits where the game made dump i."""
    return list(iter_ours(compiled, node, seeds, dumps, compat))


def iter_ours(compiled, node: A.Level, seeds: Sequence[int], dumps: Sequence[GameDump],
              compat: Compat):
    """:func:`run_ours` one level at a time (each built when asked for)."""
    from unlev.generate.build import build_level
    own_portals = sum(1 for n in A.walk(node)
                      if isinstance(n, A.LevRegionStmt) and n.kind == "portal")
    for i, seed in enumerate(seeds):
        ctx = run = None
        if dumps:
            ctx, run = run_context_of(dumps[i % len(dumps)], node.name, own_portals)
        yield build_level(compiled, node, seed=seed, context=ctx, compat=compat,
                          run_context=run, warn=lambda *a, **k: None)


def compare_level(compiled, node: A.Level, dumps: Sequence[GameDump], seeds: Sequence[int],
                  compat: Compat = Compat.game(), file: str = "",
                  known: Sequence[KnownDifference] = KNOWN) -> LevelResult:
    """Run one LEVEL under ``seeds`` and measure it against the game's ``dumps``."""
    t0 = time.perf_counter()
    res = LevelResult(node.name, file, len(seeds), len(dumps))
    try:
        # each level reduced to its sample as it is built, then let go
        ours = [sample_of(lv) for lv in iter_ours(compiled, node, seeds, dumps, compat)]
    except DesError as e:
        res.error = f"des-file error: {e}"
        return res
    except Exception as e:          # a crash of ours is a finding, not the end of the run
        res.error = f"{type(e).__name__}: {e}"
        return res
    game = [sample_of(d.to_level()) for d in dumps]
    res.measures, frame = compare_samples(compiled, node, ours, game, known)
    res.frame = frame
    res.seconds = time.perf_counter() - t0
    return res


def compare_samples(compiled, node: A.Level, ours: Sequence[Sample], game: Sequence[Sample],
                    known: Sequence[KnownDifference] = KNOWN):
    """(measures, frame description) for prepared samples of both sides."""
    functions = [n for n in A.walk(compiled.tree) if isinstance(n, A.FunctionDef)]
    templates = map_templates(node, functions)
    measures, frame = level_measures(templates, ours, game)
    for m in measures:
        if m.verdict == DIFFERS:
            k = known_reason(node.name, m.name, known)
            if k is not None:
                m.verdict = V_KNOWN
                m.reason = f"{k.reason} (docs/known-differences.md: {k.doc})"
    return measures, frame.describe()


def levels_with_reference(paths: Sequence[str], refs: Dict[str, str], only=None,
                          settings=None):
    """(file, compiled, LEVEL node) for every level of the des-files that has dumps,
    read with the run's :class:`~unlev.lang.settings.Settings`.  A name defined twice
    keeps its last definition, as the game does."""
    from unlev.tools.common import find_des_files
    chosen: Dict[str, tuple] = {}
    errors = []
    for f in find_des_files(list(paths)):
        try:
            compiled = compile_file(f, settings=settings)
        except DesError as e:
            errors.append((f, e))
            continue
        foreign = False
        for lv in compiled.tree.levels:
            if lv.name in refs and (not only or any(fnmatch.fnmatchcase(lv.name, g)
                                                    for g in only)):
                chosen[lv.name] = (f, compiled, lv)
                foreign = compiled.dialect != "unnethack"
        if foreign:
            print(f"unlev compare: warning: {f} is a {label(compiled.dialect)} "
                  "file; the reference dumps are UnNetHack's, so its levels are measured "
                  "against UnNetHack's levels of the same names", file=sys.stderr)
    return list(chosen.values()), errors




@dataclass
class Report:
    reference: str
    seeds: int
    results: List[LevelResult]
    seconds: float = 0.0

    def counts(self) -> Dict[str, int]:
        c = {MATCH: 0, "tolerance": 0, V_KNOWN: 0, DIFFERS: 0}
        for r in self.results:
            c[r.verdict] += 1
        return c

    def measure_counts(self) -> Dict[str, Dict[str, int]]:
        """Per measure, how many levels got each verdict (the MAP placement measures
        of all templates counted together as ``MAP@* x`` etc.)."""
        out: Dict[str, Dict[str, int]] = {}
        for r in self.results:
            for m in r.measures:
                name = m.name
                if name.startswith("MAP@"):
                    name = "MAP@* " + name.split(" ", 1)[1]
                row = out.setdefault(name, {})
                row[m.verdict] = row.get(m.verdict, 0) + 1
        return dict(sorted(out.items()))

    def pooled(self) -> list:
        """Each measure tested over every level at once (:mod:`unlev.tools.compare.pooled`):
        a small effect the same way on many levels, which no single level shows."""
        from unlev.tools.compare.pooled import pooled_measures
        if len(self.results) < 2:
            return []
        return pooled_measures([r.measures for r in self.results if not r.error])

    def summary_line(self) -> str:
        c = self.counts()
        match = c[MATCH] + c["tolerance"]
        differ = c[V_KNOWN] + c[DIFFERS]
        verb = "matches" if match == 1 else "match"
        line = (f"{count(match, 'levels')} {verb}, {differ} differ ({c['tolerance']} of the "
                f"matching only within tolerance; {c[V_KNOWN]} of the differing only where "
                f"docs/known-differences.md explains it, {c[DIFFERS]} unexplained)")
        pooled = self.pooled()
        if pooled:
            bad = sum(1 for p in pooled if p.verdict == DIFFERS)
            line += (f"; pooled over the levels, {bad} of {count(len(pooled), 'measures')} "
                     "differ")
        return line

    def worst(self, n: int = 25) -> List[tuple]:
        rows = []
        for r in self.results:
            if r.error:
                rows.append((r, Measure("run", "error", "-", "-", "-", 1.0, 0.0, DIFFERS,
                                        detail=[r.error])))
            for m in r.measures:
                if m.verdict in (DIFFERS, V_KNOWN):
                    rows.append((r, m))

        def key(rm):
            r, m = rm
            exact = m.test.startswith("fixed") or m.test == "exact"
            return (-RANK[m.verdict], 0 if exact else 1,
                    m.p_level if m.p_level is not None else (m.p or 0.0), -m.effect)
        rows.sort(key=key)
        return rows[:n]

    def to_dict(self) -> dict:
        return {"reference": self.reference, "seeds": self.seeds,
                "seconds": round(self.seconds, 1), "counts": self.counts(),
                "summary": self.summary_line(),
                "measure_counts": self.measure_counts(),
                "pooled": [p.to_dict() for p in self.pooled()],
                "levels": [r.to_dict() for r in self.results],
                "worst": [{"level": r.level, **m.to_dict()} for r, m in self.worst()]}


def run_compare(paths: Sequence[str], reference: Union[str, Sequence[str]],
                seeds: Union[int, Sequence[int]] = 10,
                only=None,
                compat: Compat = Compat.game(), seed_base: int = 1,
                progress: Optional[Callable[[LevelResult], None]] = None,
                known: Sequence[KnownDifference] = KNOWN, workers: int = 1,
                scheduler: Optional[str] = None,
                connect_timeout: float = DEFAULT_CONNECT_TIMEOUT, settings=None) -> Report:
    """Compare every level of ``paths`` that has dumps in the ``reference`` folder (or
    folders: game-reference and game-reference-extra, their dumps pooled).  Each
    (level, seed) run is a job for unlev.tools.executor: here, on ``workers`` local
    processes or on the Dask cluster at ``scheduler`` -- the report is the same.
    ``seeds`` is the list of seeds, or a count of them from ``seed_base``."""
    folders = [reference] if isinstance(reference, str) else list(reference)
    pooled: Dict[str, List[str]] = {}
    for folder in folders:
        for name, path in reference_files(folder).items():
            pooled.setdefault(name, []).append(path)
    refs = {name: paths_[0] for name, paths_ in pooled.items()}
    t0 = time.perf_counter()
    todo, errors = levels_with_reference(paths, refs, only, settings)
    results = []
    for f, _e in errors:
        results.append(LevelResult(os.path.basename(f), f, 0, 0, error="des-file error"))
    seed_list = (list(range(seed_base, seed_base + seeds)) if isinstance(seeds, int)
                 else list(seeds))
    plans = []          # (file, compiled, node, its dump files, first job)
    jobs: List[SampleJob] = []
    for f, compiled, node in todo:
        remember(f, compiled)
        # the dumps are read here for the jobs' contexts and again when the level's
        # runs are done, not kept meanwhile: every level's dumps held at once grew
        # with the number of levels (346 MB for the UnNetHack corpus)
        dumps = [d for path in pooled[node.name] for d in read_dumps(path)]
        own_portals = sum(1 for n in A.walk(node)
                          if isinstance(n, A.LevRegionStmt) and n.kind == "portal")
        index = next(i for i, lv in enumerate(compiled.tree.levels) if lv is node)
        plans.append((f, compiled, node, pooled[node.name], len(jobs)))
        for i, seed in enumerate(seed_list):
            ctx = run = None
            if dumps:
                ctx, run = run_context_of(dumps[i % len(dumps)], node.name, own_portals)
            jobs.append(SampleJob(f, index, seed, ctx, run, compat))
        del dumps
    done: List[Optional[tuple]] = [None] * len(jobs)
    missing = [len(seed_list)] * len(plans)
    level_of = [k for k in range(len(plans)) for _ in seed_list]
    finished: Dict[int, LevelResult] = {}
    for i, r in run_samples(jobs, workers=workers, scheduler=scheduler,
                            connect_timeout=connect_timeout):
        done[i] = r
        k = level_of[i]
        missing[k] -= 1
        if missing[k]:
            continue
        f, compiled, node, dump_files, first = plans[k]
        dumps = [d for path in dump_files for d in read_dumps(path)]
        finished[k] = _level_result(compiled, node, dumps, seed_list, f, known,
                                    done[first:first + len(seed_list)])
        # the samples of a finished level are let go: nothing but the results grows
        # with the number of levels
        done[first:first + len(seed_list)] = [None] * len(seed_list)
        plans[k] = dumps = None
        if progress is not None:
            progress(finished[k])
    results += [finished[k] for k in range(len(plans))]
    return Report(", ".join(folders), len(seed_list), results, time.perf_counter() - t0)


def _level_result(compiled, node: A.Level, dumps: Sequence[GameDump], seeds: Sequence[int],
                  file: str, known: Sequence[KnownDifference], runs) -> LevelResult:
    """compare_level() for runs made as jobs: (sample, error, seconds) per seed."""
    t0 = time.perf_counter()
    res = LevelResult(node.name, file, len(seeds), len(dumps))
    bad = next((err for _s, err, _t in runs if err), "")
    if bad:
        res.error = bad
        return res
    game = [sample_of(d.to_level()) for d in dumps]
    res.measures, res.frame = compare_samples(compiled, node, [s for s, _e, _t in runs],
                                              game, known)
    res.seconds = sum(t for _s, _e, t in runs) + time.perf_counter() - t0
    return res


# ------------------------------------------------------------------ command line
def _default_reference() -> str:
    """$UNLEV_GAME_REFERENCE, else ``../shared/game-reference`` beside the project (the
    checkout this module lives in), else beside the current folder."""
    if os.environ.get("UNLEV_GAME_REFERENCE"):
        return os.environ["UNLEV_GAME_REFERENCE"]
    root = os.path.abspath(__file__)
    for _ in range(4):                      # unlev/tools/compare/command.py -> checkout
        root = os.path.dirname(root)
    beside = os.path.join(os.path.dirname(root), "shared", "game-reference")
    return beside if os.path.isdir(beside) else os.path.join("..", "shared", "game-reference")


def add_parser(sub) -> None:
    import argparse
    from unlev.tools.common import add_common_options
    p = sub.add_parser(
        "compare", help="measure levels against the real game's dumps",
        description="Run every level of the des-files that has reference dumps under N "
        "seeds and compare, measure by measure, with what the game generated. Ends with "
        "'N levels match, M differ' and a table of the worst differences. Exits 1 when "
        "a level differs where docs/known-differences.md does not explain it, or fails "
        "to run (0 when every difference is a known one).",
        epilog="examples:\n  unlev compare ../shared/corpus/unnethack/oracle.des "
        "--reference ../shared/game-reference\n  unlev compare ../shared/corpus/unnethack "
        "--reference ../shared/game-reference --seeds 1..10 --json report.json",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="FILE|DIR")
    p.add_argument("--reference", action="append", default=[], metavar="DIR",
                   help="the game's dumps (default: $UNLEV_GAME_REFERENCE or "
                   "../shared/game-reference); repeat it to pool several folders, e.g. "
                   "game-reference and game-reference-extra (40 dumps per level)")
    from unlev.tools.common import add_seeds_option
    add_seeds_option(p, "1..10", what="run each level with; with --exact, the game seeds "
                     "whose dumps are built (without --seeds: every dump)")
    from unlev.tools.common import LEVEL_FILTER_HELP
    p.add_argument("--level", action="append", default=[], metavar="GLOB",
                   help=LEVEL_FILTER_HELP)
    from unlev.tools.common import add_compat_option
    add_compat_option(p, "game", ": the game's dumps are what the levels are "
                      "measured against")
    p.add_argument("--exact", action="store_true",
                   help="build each dump's own level (its LEVELSEED, its WHERE context, "
                   "--compat game) and report per dump 'identical' or the first "
                   "difference, then per layer 'N of M dumps identical'")
    p.add_argument("--json", nargs="?", const="-", metavar="PATH",
                   help="write the report as JSON to PATH, or to standard output "
                   "without PATH or with -")
    p.add_argument("--details", action="store_true",
                   help="print every measure of every level, not only the differences")
    p.add_argument("--worst", type=int, default=25, metavar="N",
                   help="rows in the table of worst differences")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    add_executor_options(p)
    add_common_options(p)
    p.set_defaults(func=cmd_compare)


def cmd_compare(args) -> int:
    from unlev.tools.compare.report import print_report
    from unlev.tools.common import unreadable
    if unreadable("compare", args.paths):
        return 2
    references = args.reference or [_default_reference()]
    for reference in references:
        if not os.path.isdir(reference):
            print(f"unlev compare: no reference dumps at {reference} (use --reference DIR)",
                  file=sys.stderr)
            return 2
    from unlev.tools.common import DefaultSeeds
    args.seeds_given = not isinstance(args.seeds, DefaultSeeds)
    if args.exact:
        from unlev.tools.compare.exact import cmd_exact
        return cmd_exact(args, references)
    compat = args.settings.compat
    to_stdout_json = args.json == "-"
    workers = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    progress = None if args.no_progress else _Progress()
    if args.scheduler:      # Dask workers run elsewhere: send absolute paths
        args.paths = [os.path.abspath(p) for p in args.paths]
    try:
        report = run_compare(args.paths, references, args.seeds, set(args.level) or None,
                             compat, workers=workers, progress=progress,
                             scheduler=args.scheduler,
                             connect_timeout=args.scheduler_timeout,
                             settings=args.settings)
    except ExecutorError as e:
        print(f"unlev compare: error: {e}", file=sys.stderr)
        return 2
    except DumpFormatError as e:        # a damaged reference file: which, where, why
        print(f"unlev compare: error: {e}", file=sys.stderr)
        return 2
    finally:
        if progress is not None:
            progress.close()
    if not report.results:
        print("unlev compare: none of the given levels has reference dumps", file=sys.stderr)
        return 2
    if not to_stdout_json:
        print_report(report, details=args.details, worst=args.worst)
    if args.json:
        text = json.dumps(report.to_dict(), indent=1)
        if to_stdout_json:
            print(text)
        else:
            with open(args.json, "w") as fh:
                fh.write(text + "\n")
            print(f"wrote {args.json}", file=sys.stderr)
    return 1 if failing(report) else 0


def failing(report: Report) -> bool:
    """Whether ``unlev compare`` exits 1: a level differs unexplained or did not run."""
    return any(r.error or r.verdict == DIFFERS for r in report.results)


class _Progress:
    """One line per finished level on standard error (a run takes minutes; piped, a
    bar would be noise, silence worse): on a terminal the line is rewritten in place."""

    def __init__(self, stream=None) -> None:
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.n = 0
        self.t0 = time.perf_counter()

    def __call__(self, result: "LevelResult") -> None:
        self.n += 1
        line = (f"compare: {count(self.n, 'levels')} done, {time.perf_counter() - self.t0:.0f} s "
                f"({result.level}: {result.verdict})")
        if self.tty:
            self.stream.write("\r\x1b[K" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.n:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
