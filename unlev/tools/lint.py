"""Lint: legal des-file code that almost certainly does not do what its author meant.

Why this module exists: lev_comp accepts these without a word and the game quietly
does something else (pads a short MAP row with rock, wraps an array index, leaves a
``+`` as an empty doorway, never runs a statement).  Each finding is a
``file:line:col: warning:`` diagnostic with the source line and a caret, so editors
and CI logs can jump to it.  Used alone (``unlev lint``) and by ``unlev test``.

Codes (shown in brackets after the message; ``--ignore CODE`` switches one off,
``--select CODE`` runs only the named ones, and a comment line
``# unlev: ignore[CODE, ...]`` right above a statement switches them off there):

``map-rows``     MAP rows of unequal length
``map-door``     ``+`` in a MAP with no DOOR statement for that spot
``outside-map``  a literal coordinate or region outside the MAP it refers to
``swapped``      a region whose corners are swapped (x1 > x2 or y1 > y2)
``index-wrap``   an array index that can fall outside the array (the game wraps it)
``dead``         a statement that can never run
``game-deviation`` a construct UnNetHack's loader runs differently from the documentation
                 (reference-deviations.md; ``unlev run --compat game`` reproduces it)

(``^`` cannot appear in a UnNetHack MAP at all: the parser rejects it.)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Dict, Iterable, Iterator, List, Optional, Set, Tuple

from unlev.lang import ast as A
from unlev.lang.diagnostics import Diagnostic, Span

CODES = ("map-rows", "map-door", "outside-map", "swapped", "index-wrap", "dead",
         "game-deviation")
from unlev.stdlib.grid import COLNO, ROWNO


@dataclass
class _Map:
    node: A.MapStmt
    width: int
    height: int
    doors: List[Tuple[int, int]]        # '+' cells
    door_cells: Set[Tuple[int, int]]    # cells a DOOR statement names
    unknown_doors: bool = False         # a DOOR whose cells cannot be known statically


def _warn(code: str, message: str, span: Span, hint: Optional[str] = None) -> Diagnostic:
    return Diagnostic("warning", f"{message} [{code}]", span, hint, code)


def code_of(d: Diagnostic) -> str:
    if d.code:
        return d.code
    msg = d.message
    return msg[msg.rfind("[") + 1:-1] if msg.endswith("]") else ""


# ------------------------------------------------------------------ walking the tree
def _blocks_of(s: A.Node) -> List[List[A.Node]]:
    """The statement lists nested directly in a statement."""
    out: List[List[A.Node]] = []
    if isinstance(s, A.If):
        out.append(s.then.statements)
        if s.orelse is not None:
            out.append(s.orelse.statements)
    elif isinstance(s, A.Chance):
        out.append([s.statement])
    elif isinstance(s, A.Switch):
        out.extend(arm.body for arm in s.arms)
    elif isinstance(s, (A.Loop, A.For, A.Room)):
        out.append(s.body.statements)
    elif isinstance(s, A.RegionStmt) and s.body is not None:
        out.append(s.body.statements)
    elif isinstance(s, A.Monster) and s.inventory is not None:
        out.append(s.inventory.statements)
    elif isinstance(s, A.Object) and s.contents is not None:
        out.append(s.contents.statements)
    elif isinstance(s, A.Block):
        out.append(s.statements)
    return out


def _statements(stmts: Iterable[A.Node], in_room: bool = False
                ) -> Iterator[Tuple[A.Node, bool]]:
    """Every statement in source order with whether its coordinates are room-relative
    (FUNCTION bodies are left out: they run wherever they are called)."""
    for s in stmts:
        if isinstance(s, A.FunctionDef):
            continue
        yield s, in_room
        inner = in_room or isinstance(s, A.Room) or (isinstance(s, A.RegionStmt))
        for block in _blocks_of(s):
            yield from _statements(block, inner)


def _expr_nodes(node: A.Node) -> Iterator[A.Node]:
    """The expression nodes of one statement (not of the statements nested in it)."""
    for c in A.children(node):
        if isinstance(c, (A.Block, A.SwitchArm)) or _is_statement(c):
            continue
        yield c
        yield from _expr_nodes(c)


_STATEMENT_TYPES = (
    A.Include, A.FunctionDef, A.FunctionCall, A.CoreFuncStmt, A.Assign, A.Shuffle,
    A.Message, A.InitMap, A.MapStmt, A.If, A.Chance, A.Switch, A.Loop, A.For, A.Break,
    A.Exit, A.VaultGen, A.Room, A.RoomDoor, A.Door, A.Corridor, A.RandomCorridors,
    A.RegionStmt, A.Drawbridge, A.MazeWalk, A.Wallify, A.WallWalk, A.Ladder, A.Stair,
    A.LevRegionStmt, A.Feature, A.Terrain, A.ReplaceTerrain, A.Spill, A.NonDiggable,
    A.NonPasswall, A.Altar, A.Grave, A.Gold, A.Engraving, A.Mineralize, A.Trap,
    A.Monster, A.Object, A.MonGeneration, A.Sounds,
)


def _is_statement(n: A.Node) -> bool:
    return isinstance(n, _STATEMENT_TYPES)


# ------------------------------------------------------------------ checks
def _check_map_rows(m: A.MapStmt) -> List[Diagnostic]:
    from unlev.lang.parser import short_map_rows
    rows = m.lines or []
    found = short_map_rows(rows, max((len(r) for r in rows), default=0))
    if found is None:
        return []
    i, message, hint = found          # the front end's own wording: one finding, one text
    return [_warn("map-rows", message, Span(m.span.file, m.first_line + i, len(rows[i]) + 1),
                  hint)]


def _door_cells(sel: A.Node) -> Optional[Set[Tuple[int, int]]]:
    """The cells a DOOR selection names, when they are literal; None when unknown."""
    if isinstance(sel, A.SelCoord) and isinstance(sel.coord, A.CoordLit):
        return {(sel.coord.x, sel.coord.y)}
    if isinstance(sel, A.CoordLit):
        return {(sel.x, sel.y)}
    if isinstance(sel, A.SelRect) and isinstance(sel.region, A.RegionLit):
        r = sel.region
        xs = range(min(r.x1, r.x2), max(r.x1, r.x2) + 1)
        ys = range(min(r.y1, r.y2), max(r.y1, r.y2) + 1)
        if sel.filled:
            return {(x, y) for x in xs for y in ys}
        return {(x, y) for x in xs for y in ys if x in (r.x1, r.x2) or y in (r.y1, r.y2)}
    if isinstance(sel, A.SelUnion):
        a, b = _door_cells(sel.left), _door_cells(sel.right)
        return None if a is None or b is None else a | b
    return None


def _finish_map(cur: Optional[_Map]) -> List[Diagnostic]:
    if cur is None or cur.unknown_doors:
        return []
    out = []
    for x, y in cur.doors:
        if (x, y) not in cur.door_cells:
            out.append(_warn(
                "map-door", f"'+' at map ({x},{y}) has no DOOR statement: it stays an "
                "empty doorway", Span(cur.node.span.file, cur.node.first_line + y, x + 1),
                f"add 'DOOR:closed,({x},{y})' (or locked/open/nodoor/broken/random)"))
    return out


def _check_coords(s: A.Node, cur: Optional[_Map]) -> List[Diagnostic]:
    if cur is not None:
        w, h, where = cur.width, cur.height, f"the {cur.width}x{cur.height} MAP"
    else:
        w, h, where = COLNO, ROWNO, "the level"
    out = []
    for n in _expr_nodes(s):
        if isinstance(n, A.CoordLit):
            if not (0 <= n.x < w and 0 <= n.y < h):
                out.append(_warn("outside-map", f"({n.x},{n.y}) is outside {where}", n.span,
                                 "coordinates after a MAP count from its top-left corner"))
        elif isinstance(n, A.CoreCall) and n.name == "region" and len(n.args) == 4 \
                and all(isinstance(a, A.Int) for a in n.args):
            x1, y1, x2, y2 = (a.value for a in n.args)
            if x1 > x2 or y1 > y2:
                out.append(_warn("swapped", f"region ({x1},{y1},{x2},{y2}) has its corners "
                                 "swapped", n.span, "write the top-left corner first"))
        elif isinstance(n, A.RegionLit):
            if (n.x1, n.y1, n.x2, n.y2) == (0, 0, 0, 0):
                continue                         # "no exclusion area"
            if n.x1 > n.x2 or n.y1 > n.y2:
                out.append(_warn("swapped", f"region ({n.x1},{n.y1},{n.x2},{n.y2}) has its "
                                 "corners swapped", n.span,
                                 "write the top-left corner first: (x1,y1,x2,y2) with "
                                 "x1<=x2, y1<=y2"))
            if n.whole_level:
                continue                         # the parser checks levregion() ranges
            bad = [v for v, hi in ((n.x1, w), (n.y1, h), (n.x2, w), (n.y2, h))
                   if not 0 <= v < hi]
            if bad:
                out.append(_warn("outside-map", f"region ({n.x1},{n.y1},{n.x2},{n.y2}) "
                                 f"reaches outside {where}", n.span))
    return out


def _check_level_maps(level: A.Level) -> List[Diagnostic]:
    out: List[Diagnostic] = []
    cur: Optional[_Map] = None
    for s, in_room in _statements(level.body.statements):
        if isinstance(s, A.MapStmt):
            out += _finish_map(cur)
            if s.lines is None:                  # NOMAP
                cur = None
                continue
            out += _check_map_rows(s)
            doors = [(x, y) for y, row in enumerate(s.lines) for x, ch in enumerate(row)
                     if ch == "+"]
            cur = _Map(s, max((len(r) for r in s.lines), default=0), len(s.lines),
                       doors, set())
            continue
        if isinstance(s, A.Door) and cur is not None:
            cells = _door_cells(s.selection)
            if cells is None:
                cur.unknown_doors = True
            else:
                cur.door_cells |= cells
        if not in_room and not isinstance(s, (A.Room, A.InitMap)):
            out += _check_coords(s, cur)
    out += _finish_map(cur)
    return out


# -- array indices ----------------------------------------------------------------
def _int_range(n: A.Node, arrays: Dict[str, int]) -> Optional[Tuple[int, int]]:
    """The values an int expression can take, when it can be told statically."""
    if isinstance(n, A.Int):
        return n.value, n.value
    if isinstance(n, A.Dice):
        return n.count, n.count * n.sides
    if isinstance(n, A.Method) and n.method == "length" and n.var.name in arrays:
        v = arrays[n.var.name]
        return v, v
    if isinstance(n, A.CoreCall) and n.name == "rnd" and len(n.args) == 1:
        r = _int_range(n.args[0], arrays)      # the des-file's rnd(N) is rn2(N)
        if r is None or r[0] != r[1] or r[0] < 1:
            return None
        return 0, r[0] - 1
    if isinstance(n, A.BinOp) and n.op in "+-*":
        a, b = _int_range(n.left, arrays), _int_range(n.right, arrays)
        if a is None or b is None:
            return None
        if n.op == "+":
            return a[0] + b[0], a[1] + b[1]
        if n.op == "-":
            return a[0] - b[1], a[1] - b[0]
        prods = [p * q for p in a for q in b]
        return min(prods), max(prods)
    return None


def _array_lengths(stmts: Iterable[A.Node]) -> Dict[str, int]:
    """Array variables whose every assignment is a literal list: name -> shortest length."""
    lengths: Dict[str, int] = {}
    unknown: Set[str] = set()
    for s, _ in _statements(stmts):
        if isinstance(s, A.Assign) and s.is_array:
            if isinstance(s.value, A.ArrayLit):
                n = len(s.value.items)
                lengths[s.name] = min(n, lengths.get(s.name, n))
            else:
                unknown.add(s.name)
    return {k: v for k, v in lengths.items() if k not in unknown}


def _check_indices(stmts: List[A.Node]) -> List[Diagnostic]:
    arrays = _array_lengths(stmts)
    out = []
    for s, _ in _statements(stmts):
        for n in _expr_nodes(s):
            if not isinstance(n, A.Index) or n.var.name not in arrays:
                continue
            size = arrays[n.var.name]
            r = _int_range(n.index, arrays)
            if r is None or (r[0] >= 0 and r[1] < size):
                continue
            shown = str(r[0]) if r[0] == r[1] else f"{r[0]}..{r[1]}"
            name = n.var.name if n.var.name.startswith("$") else "$" + n.var.name
            out.append(_warn("index-wrap", f"index of {name} can be {shown} but the "
                             f"array has {size} element{'s' if size != 1 else ''} "
                             f"(0..{size - 1}); the game wraps it", n.index.span,
                             "indices count from 0; rnd(N) gives 0..N-1, NdM gives N..N*M"))
    return out


# -- dead code ---------------------------------------------------------------------
def _const_cond(c: A.Node) -> Optional[bool]:
    if isinstance(c, A.CondPercent):
        if c.percent <= 0:
            return False
        if c.percent >= 100:
            return True
    if isinstance(c, A.CondCompare) and isinstance(c.left, A.Int) and isinstance(c.right, A.Int):
        a, b = c.left.value, c.right.value
        return {"==": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b,
                ">=": a >= b}.get(c.op)
    return None


def _dead(stmts: List[A.Node], file: str) -> List[Diagnostic]:
    out: List[Diagnostic] = []
    for i, s in enumerate(stmts):
        if isinstance(s, (A.Exit, A.Break)) and i + 1 < len(stmts):
            nxt = stmts[i + 1]
            word = "EXIT" if isinstance(s, A.Exit) else "BREAK"
            out.append(_warn("dead", f"this statement can never run: it follows {word}",
                             nxt.span))
        if isinstance(s, A.Chance) and _const_cond(s.cond) is False:
            out.append(_warn("dead", "this statement can never run: its chance is 0%",
                             s.statement.span))
        if isinstance(s, A.If):
            k = _const_cond(s.cond)
            if k is False and s.then.statements:
                out.append(_warn("dead", "the IF branch can never run: its condition is "
                                 "always false", s.then.statements[0].span))
            if k is True and s.orelse is not None and s.orelse.statements:
                out.append(_warn("dead", "the ELSE branch can never run: its condition is "
                                 "always true", s.orelse.statements[0].span))
        if isinstance(s, A.Switch):
            out += _dead_switch_arms(s)
        for block in _blocks_of(s):
            out += _dead(block, file)
    return out


def _dead_switch_arms(s: A.Switch) -> List[Diagnostic]:
    if not s.random:
        return []
    r = _int_range(s.expr, {})
    if r is None or r[0] != r[1]:
        return []
    n = max(r[0], 1)
    values = set(range(n)) if r[0] > 1 else {0}
    covered = {arm.value for arm in s.arms if arm.value is not None}
    out = []
    prev_runs = False
    prev_falls = False
    for arm in s.arms:
        entered = (arm.value in values) if arm.value is not None else bool(values - covered)
        runs = entered or (prev_runs and prev_falls)
        if not runs:
            what = f"CASE {arm.value}" if arm.value is not None else "DEFAULT"
            why = (f"SWITCH [{r[0]}] picks 0..{n - 1}" if arm.value is not None
                   else "every value has its CASE")
            out.append(_warn("dead", f"{what} can never run: {why}", arm.span))
        prev_runs = runs
        prev_falls = not any(isinstance(x, (A.Break, A.Exit)) for x in arm.body)
    return out


def _unused_functions(tree: A.DesFile, file: str) -> List[Diagnostic]:
    defs: List[A.FunctionDef] = []
    called: Set[str] = set()

    def visit(n: A.Node) -> None:
        for m in A.walk(n):
            if isinstance(m, A.FunctionDef):
                defs.append(m)
            elif isinstance(m, A.FunctionCall):
                called.add(m.name)

    for n in tree.header:
        visit(n)
    for lv in tree.levels:
        visit(lv)
    return [_warn("dead", f"FUNCTION {f.name} is never called", f.span)
            for f in defs if f.name not in called and f.span.file == file]


# ------------------------------------------------------------------ entry points
def lint_tree(tree: A.DesFile, file: str, ignore: Iterable[str] = ()) -> List[Diagnostic]:
    """Every lint finding of a parsed des-file, in source order."""
    out: List[Diagnostic] = []
    func_bodies = [n.body.statements for n in A.walk(tree) if isinstance(n, A.FunctionDef)]
    for lv in tree.levels:
        out += _check_level_maps(lv)
        out += _check_indices(lv.body.statements)
        out += _dead(lv.body.statements, file)
    for body in func_bodies:
        out += _check_indices(body)
        out += _dead(body, file)
    out += _unused_functions(tree, file)
    skip = set(ignore)
    seen = set()
    result = []
    for d in out:
        key = (d.span.file, d.span.line, d.span.col, d.message)
        if key in seen or code_of(d) in skip:
            continue
        seen.add(key)
        result.append(d)
    result.sort(key=lambda d: (d.span.file != file, d.span.file, d.span.line, d.span.col))
    return result


def lint_file(path: str, include_path: Optional[List[str]] = None,
              ignore: Iterable[str] = (), dialect: str = "auto", select: Iterable[str] = (),
              settings=None):
    """(compiled, findings) for one file; raises DesError when it does not compile.
    ``settings``: the run's :class:`~unlev.lang.settings.Settings` (``dialect`` wins)."""
    from unlev.lang.frontend import compile_file
    from unlev.tools.common import shown
    compiled = compile_file(path, include_path=include_path, compat_warnings=True,
                            dialect=dialect, settings=settings)
    found = lint_tree(compiled.tree, path, ignore)
    # the loader's deviations from the documentation, noted by the checker
    found += [w for w in compiled.warnings
              if w.code == "game-deviation" and "game-deviation" not in ignore]
    found = [d for d in found if shown(d, compiled.sources, select)]
    found.sort(key=lambda d: (d.span.file != path, d.span.file, d.span.line, d.span.col))
    return compiled, found


# ------------------------------------------------------------------ the command
_WORKER_CACHE: list = [None]     # the run's result cache (a worker's: _start_worker)


def _start_worker(cache) -> None:
    """A ``lint -j`` worker's start: the run's result cache, sent (the pool does not
    fork this process)."""
    _WORKER_CACHE[:] = [cache]


def _lint_in_worker(job):
    """One file's lint, from the result cache when it has it, in this process or a
    worker: (ok, findings, standard error text)."""
    from unlev.tools.check import CapturedStderr
    from unlev.tools.result_cache import cached
    f, args = job
    real = sys.stderr
    sys.stderr = CapturedStderr(real.isatty())
    try:
        found, failed = cached(_WORKER_CACHE[0], f, lambda: _lint_one(f, args))
        return not failed, found, sys.stderr.getvalue()
    finally:
        sys.stderr = real


def _lint_as_data(files, args, fmt: str) -> int:
    """``--output-format json|sarif|github``: every finding (and error) in one document
    on standard output, the count on standard error."""
    import sys
    from unlev.lang.diagnostics import DesError
    from unlev.output.words import count
    from unlev.tools.diagnostic_formats import Sink
    sink = Sink(fmt)
    total = broken = 0
    for f in files:
        try:
            compiled, found = lint_file(f, args.include_path, args.ignore,
                                        getattr(args, "dialect", "auto"), args.select,
                                        settings=args.settings)
        except DesError as e:
            sink.emit_error(e, f)
            broken += 1
            continue
        for d in found:
            sink.emit(d, compiled.sources, f)
        total += len(found)
    sink.flush()
    print(f"{count(total, 'warnings')} in {count(len(files), 'files')}", file=sys.stderr)
    if broken:
        return 1
    return 1 if total and not args.exit_zero else 0


def add_parser(subparsers) -> None:
    import argparse
    from unlev.tools.common import add_common_options
    p = subparsers.add_parser(
        "lint", help="warn about legal code that likely does not do what was meant",
        description="Lint des-files: " + ", ".join(CODES) + ". Prints file:line:col: "
        "warning: messages; exits 1 when there are findings (0 with --exit-zero).",
        epilog="examples:\n  unlev lint ../shared/corpus/unnethack/\n"
        "  unlev lint mylevel.des --ignore map-door",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("paths", nargs="+", metavar="FILE|DIR")
    from unlev.tools.common import IGNORE_HELP, SELECT_HELP
    # the same words as unlev check's --ignore/--select (one meaning per option: hide
    # the findings with a code); a code unlev lint does not know is a usage error
    p.add_argument("--ignore", action="append", default=[], metavar="CODE",
                   help=IGNORE_HELP)
    p.add_argument("--select", action="append", default=[], metavar="CODE",
                   help=SELECT_HELP)
    from unlev.tools.common import IGNORE_HELP, JOBS_HELP, SELECT_HELP
    p.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                   help=JOBS_HELP.replace("(default: one per core;", "(default: one per "
                                          "core for a folder of des-files, one for a few "
                                          "small files;"))
    p.add_argument("--exit-zero", action="store_true",
                   help="exit 0 even when there are findings")
    from unlev.tools.common import FIX_HELP
    p.add_argument("--fix", action="store_true", help=FIX_HELP)
    p.add_argument("--no-cache", action="store_true",
                   help="neither read nor write the result cache (.unlev_cache/ beside "
                   "the project's unlev.toml, else the user's cache folder)")
    from unlev.tools.diagnostic_formats import add_output_format_option
    add_output_format_option(p)
    add_common_options(p)
    p.set_defaults(func=cmd_lint)


def _lint_one(path: str, args):
    """Lint one file, printing its findings or errors to standard error: ([findings,
    failed], the other files it read or None when unknown)."""
    import sys
    from unlev.lang.diagnostics import DesError
    from unlev.tools.common import format_des_error, format_diagnostic
    from unlev.tools.result_cache import includes_unknown
    try:
        compiled, found = lint_file(path, args.include_path, args.ignore,
                                    getattr(args, "dialect", "auto"), args.select,
                                    settings=args.settings)
    except DesError as e:
        print(format_des_error(e, path), file=sys.stderr)
        return [0, 1], includes_unknown(path)
    # findings on stderr and the summary on stdout, as unlev check (and every
    # command: diagnostics on stderr, results on stdout)
    for d in found:
        print(format_diagnostic(d, compiled.sources), file=sys.stderr)
    return [len(found), 0], [f for f in compiled.sources.texts if f != path]


def _fix(files, args) -> None:
    """``--fix``: the names (as ``unlev check --fix``), then the map doors."""
    from unlev.tools.fixes import fix_file, fix_map_doors
    for f in files:
        if f.endswith(".lua"):
            continue
        names = fix_file(f, {"include_path": args.include_path, "compat_warnings": False,
                             "dialect": getattr(args, "dialect", "auto"),
                             "settings": args.settings})
        if names:
            print(f"{f}: fixed {names} misspelt name{'s' if names > 1 else ''}",
                  file=sys.stderr)
        if "map-door" in args.ignore or (args.select and "map-door" not in args.select):
            continue
        doors = fix_map_doors(f, lambda path: lint_file(
            path, args.include_path, dialect=getattr(args, "dialect", "auto"),
            settings=args.settings)[1])
        if doors:
            print(f"{f}: wrote DOOR:nodoor for {doors} map door{'s' if doors > 1 else ''} "
                  "without a DOOR statement (the level is unchanged; choose another "
                  "state where a door was meant)", file=sys.stderr)


def cmd_lint(args) -> int:
    import sys
    from unlev.tools.common import find_des_files, unreadable
    from unlev.output.words import count
    if unreadable("lint", args.paths):
        return 2
    files = find_des_files(args.paths)
    if not files:
        print("unlev lint: error: no des-files found", file=sys.stderr)
        return 2
    bad = sorted(set(args.ignore + args.select) - set(CODES))
    if bad:
        print(f"unlev lint: error: unknown code {bad[0]!r} (codes: {', '.join(CODES)})",
              file=sys.stderr)
        return 2
    if getattr(args, "fix", False):
        _fix(files, args)
    total = 0
    broken = 0
    fmt = getattr(args, "output_format", "text")
    if fmt != "text":
        return _lint_as_data(files, args, fmt)
    cache = None
    if not args.no_cache:
        from unlev.tools.result_cache import ResultCache, default_folder
        cache = ResultCache(default_folder(files[0]), "lint", args,
                            profile=args.settings.data,
                            limits=args.settings.limits)
    _WORKER_CACHE[:] = [cache]
    from unlev.tools.check import check_jobs
    jobs = check_jobs(args, files)
    work = [(f, args) for f in files]
    pool = None
    if jobs == 1:
        results = map(_lint_in_worker, work)
    else:
        from unlev.tools.executor import worker_pool
        pool = worker_pool(jobs, _start_worker, (cache,),
                           preload=("unlev.tools.lint", "unlev.lang.frontend"))
        results = pool.imap(_lint_in_worker, work)
    try:
        # findings on stderr and the summary on stdout, as unlev check (and every
        # command: diagnostics on stderr, results on stdout), in file order
        for ok, n, text in results:
            sys.stderr.write(text)
            total += n
            broken += not ok
    finally:
        if pool is not None:
            from unlev.tools.check import close_pool
            close_pool(pool)
    print(f"{count(total, 'warnings')} in {count(len(files), 'files')}")
    if broken:
        return 1
    return 1 if total and not args.exit_zero else 0
