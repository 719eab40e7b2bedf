"""The calibration of ``unlev compare``: unlev against itself over every level.

Why this module exists: a verdict of "differs" is worth something only if the rate at
which the instrument raises it by chance is known (issue 35: the earlier partial runs
covered 36 and 18 levels).  Here every level of the reference is built twice by unlev,
under two disjoint seed ranges (ours 1..N, the stand-in "game" 1001..1000+N, each run
placed in the context of the matching game dump), the second written as dumps and read
back (:func:`selftest.self_compare`), and measured as ``unlev compare`` measures the
game.  Nothing differs between the two generators, so every alarm is a false one:

* per level, the Holm correction over a level's tests promises at most ALPHA (1 %) per
  level, so at most 0.01 x levels alarms are expected;
* pooled over levels (:mod:`unlev.tools.compare.pooled`), Holm over the measures
  promises a family-wise ALPHA for the whole pooled table.

``python -m unlev.tools.compare.calibrate CORPUS --reference DIR --sizes 10,40 --out F``
writes one JSON line per level to F (a run resumes where F ends) and prints both
counts; docs/notes/issue-35-*.md quotes them.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Callable, Dict, List, Optional, Sequence

from unlev.tools.compare.measures import ALPHA, DIFFERS, Measure


def measure_from_dict(d: dict) -> Measure:
    """A Measure back from its ``to_dict`` form (a JSON report or calibration file)."""
    fields = {k: d.get(k) for k in ("group", "name", "test", "ours", "game", "effect", "p",
                                   "verdict", "tolerance", "reason", "size", "min_p",
                                   "p_level", "direction")}
    fields["detail"] = list(d.get("detail") or [])
    res = d.get("residuals")
    fields["residuals"] = (list(res[0]), list(res[1])) if res else None
    fields["reason"] = fields["reason"] or ""
    return Measure(**fields)


def calibrate(paths: Sequence[str], reference: str, n: int, out_path: Optional[str] = None,
              levels: Sequence[str] = (), tell: Callable[[str], None] = lambda _t: None,
              game_seed: int = 1001, plant: Optional[str] = None,
              strength: Optional[float] = None) -> List[dict]:
    """Self-compare every level of ``paths`` that has dumps in ``reference`` with ``n``
    seeds a side; one dict per level (``level``, ``differs``, ``measures``...).  With
    ``plant`` (a :data:`selftest.PERTURBATIONS` name) the "game" side has that defect,
    at ``strength``: the same run then measures the instrument's power, per level and
    pooled (``changed``: how many things the defect changed on the level).  With
    ``out_path`` each level's line is appended as soon as it is done, and levels
    already in the file are not run again."""
    return calibrate_sizes(paths, reference, [n], {n: out_path}, levels, tell, game_seed,
                           plant, strength)[n]


def _read_rows(path: Optional[str], n: int, plant, strength) -> Dict[str, dict]:
    done: Dict[str, dict] = {}
    if path and os.path.exists(path):
        with open(path) as fh:
            for line in fh:
                if line.strip():
                    row = json.loads(line)
                    if row.get("seeds") == n and row.get("plant") == plant and \
                            row.get("strength") == strength:
                        done[row["level"]] = row
    return done


def calibrate_sizes(paths: Sequence[str], reference: str, sizes: Sequence[int],
                    out_paths: Optional[Dict[int, Optional[str]]] = None,
                    levels: Sequence[str] = (), tell: Callable[[str], None] = lambda _t: None,
                    game_seed: int = 1001, plant: Optional[str] = None,
                    strength: Optional[float] = None) -> Dict[int, List[dict]]:
    """:func:`calibrate` for several sample sizes at once: each level is built once
    with the largest, and the smaller sizes take the first seeds of each side (seeds
    1..n and game_seed..game_seed+n-1, as a run of that size alone would)."""
    from unlev.tools.compare import selftest as S
    from unlev.tools.compare.command import levels_with_reference
    from unlev.tools.compare.gamedump import read_dumps, reference_files
    from unlev.tools.compare.sample import sample_of
    out_paths = out_paths or {}
    refs = reference_files(reference)
    todo, _errors = levels_with_reference(paths, refs, set(levels) if levels else None)
    done = {n: _read_rows(out_paths.get(n), n, plant, strength) for n in sizes}
    rows: Dict[int, List[dict]] = {n: [] for n in sizes}
    top = max(sizes)
    t0 = time.perf_counter()
    for k, (_f, compiled, node) in enumerate(todo):
        if all(node.name in done[n] for n in sizes):
            for n in sizes:
                rows[n].append(done[n][node.name])
            continue
        t1 = time.perf_counter()
        ctx = read_dumps(refs[node.name])
        try:
            game = S.build_side(compiled, node, range(game_seed, game_seed + top), ctx)
            ours = [sample_of(lv) for lv in S.build_side(compiled, node, range(1, 1 + top),
                                                          ctx)]
            built = ""
        except Exception as e:      # a crash is a finding of its own, not a false alarm
            built = f"{type(e).__name__}: {e}"
        said = []
        for n in sizes:
            if node.name in done[n]:
                row = done[n][node.name]
            elif built:
                row = {"level": node.name, "seeds": n, "plant": plant, "strength": strength,
                       "changed": 0, "error": built, "differs": [], "level_p": 1.0,
                       "measures": []}
            else:
                r = S.self_compare(compiled, node, ours[:n], game[:n], ctx, plant, strength)
                row = {"level": node.name, "seeds": n, "plant": plant, "strength": strength,
                       "changed": r.changed, "error": "",
                       "differs": [m.name for m in r.differing()],
                       "level_p": r.level_p(),
                       "measures": [dict(m.to_dict(), residuals=m.residuals)
                                    for m in r.measures]}
                if out_paths.get(n):
                    with open(out_paths[n], "a") as fh:
                        fh.write(json.dumps(row) + "\n")
            rows[n].append(row)
            said.append(f"n={n} " + ("ALARM " + ", ".join(row["differs"]) if row["differs"]
                                     else "error " + row["error"] if row["error"]
                                     else "match"))
        tell(f"[{k + 1}/{len(todo)}] {node.name}: {'; '.join(said)} "
             f"({time.perf_counter() - t1:.0f} s, {time.perf_counter() - t0:.0f} s in all)")
    return rows


def summarize(rows: Sequence[dict], n: int) -> List[str]:
    """The calibration's lines: per-level alarms against the rate the correction
    promises, and the pooled table's alarms."""
    from unlev.tools.compare.pooled import pooled_measures, DIFFERS as P_DIFFERS
    ran = [r for r in rows if not r["error"]]
    alarms = [r for r in ran if r["differs"]]
    plant = next((r.get("plant") for r in rows if r.get("plant")), None)
    if plant:
        shown = [r for r in ran if r.get("changed")]
        out = [f"n={n}: {plant} planted: it changes {len(shown)} of {len(ran)} levels; "
               f"{sum(1 for r in shown if r['differs'])} of them differ per level "
               f"({sum(1 for r in ran if r['differs'] and not r.get('changed'))} unchanged "
               "levels differ)"]
        alarms = []
    else:
        out = [f"n={n}: unlev against itself, {len(ran)} levels: {len(alarms)} levels alarm "
               f"per level (stated rate at most {ALPHA:.0%} per level: expected at most "
               f"{ALPHA * len(ran):.2f})"]
    for r in alarms:
        ms = [m for m in r["measures"] if m["verdict"] == DIFFERS]
        out.append(f"   {r['level']}: " + "; ".join(
            f"{m['name']} p(level) {m['p_level']:.2g}" for m in ms))
    errs = [r for r in rows if r["error"]]
    if errs:
        out.append(f"   {len(errs)} levels failed to run: "
                   + ", ".join(f"{r['level']} ({r['error'][:60]})" for r in errs))
    pooled = pooled_measures([[measure_from_dict(m) for m in r["measures"]] for r in ran])
    bad = [p for p in pooled if p.verdict == P_DIFFERS]
    out.append(f"n={n}: pooled over levels: {len(bad)} of {len(pooled)} measures "
               + ("differ" if plant else f"alarm (stated rate: family-wise {ALPHA:.0%} "
                  "for the whole pooled table)"))
    for p in bad:
        out.append(f"   {p.describe()}")
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(
        prog="python -m unlev.tools.compare.calibrate",
        description="unlev compare's false-alarm rate: unlev against itself over every "
        "level of the reference, per level and pooled over levels")
    ap.add_argument("paths", nargs="+", metavar="FILE|DIR")
    ap.add_argument("--reference", required=True, metavar="DIR")
    ap.add_argument("--sizes", default="10,40", metavar="N,N,...",
                    help="seeds a side, one calibration each (each level is built once with the "
                    "largest and the smaller take its first seeds; default 10,40)")
    ap.add_argument("--level", action="append", default=[], metavar="NAME")
    ap.add_argument("--out", metavar="PREFIX",
                    help="keep each level's result in PREFIX-N.jsonl (a rerun resumes)")
    from unlev.tools.compare.selftest import PERTURBATIONS
    ap.add_argument("--plant", metavar="NAME[=S]",
                    help="give the stand-in game one of the self-test's defects ("
                    + ", ".join(PERTURBATIONS) + "), at strength S (default: its own)")
    ap.add_argument("--no-progress", action="store_true")
    a = ap.parse_args(argv)
    plant, strength = (a.plant.split("=", 1) + [None])[:2] if a.plant else (None, None)
    if plant is not None and plant not in PERTURBATIONS:
        print(f"calibrate: error: no defect named {plant!r} (one of: "
              f"{', '.join(PERTURBATIONS)})", file=sys.stderr)
        return 2
    try:
        strength = float(strength) if strength is not None else None
    except ValueError:
        print(f"calibrate: error: the strength in {a.plant!r} is not a number",
              file=sys.stderr)
        return 2
    if not os.path.isdir(a.reference):
        print(f"calibrate: error: no reference dumps at {a.reference}", file=sys.stderr)
        return 2

    def tell(text: str) -> None:
        if not a.no_progress:
            print(text, file=sys.stderr, flush=True)
    try:
        sizes = sorted({int(x) for x in a.sizes.split(",")})
    except ValueError:
        print(f"calibrate: error: sizes {a.sizes!r} are not whole numbers", file=sys.stderr)
        return 2
    tag = f"-{plant}{'' if strength is None else f'-{strength:g}'}" if plant else ""
    rows = calibrate_sizes(a.paths, a.reference, sizes,
                           {n: f"{a.out}{tag}-{n}.jsonl" if a.out else None for n in sizes},
                           a.level, tell, plant=plant, strength=strength)
    for n in sizes:
        for line in summarize(rows[n], n):
            print(line, flush=True)
    return 0


if __name__ == "__main__":      # pragma: no cover
    raise SystemExit(main())
