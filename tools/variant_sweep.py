#!/usr/bin/env python3
"""Try unlev on real variants' des-files as their maintainers would, and say what fails.

Why: issue 15's measure of "a variant maintainer can use unlev" is per variant: how many
of its des-files ``unlev check`` accepts once its data is imported, whether every level
of those runs (seeds 1..5) without error, and, for the files that still fail, what the
first error is, by kind -- so each kind can be traced to what is missing (a data
table, or a language extension).

    python tools/variant_sweep.py                          # with each variant's profile
                                                           # (tables and extensions)
    python tools/variant_sweep.py --lenient                # + unknown names as placeholders
    python tools/variant_sweep.py --no-data --lenient      # no profile at all
    python tools/variant_sweep.py --variant evilhack=/src/EvilHack --json report.json
    python tools/variant_sweep.py --base-src nethack36=/src/nethack-3.6.2  # another base
    python tools/variant_sweep.py --extensions docs/examples/extensions   # ready-made ones

A variant is NAME=SOURCE (its source tree: dat/*.des, include/, src/, util/); without
--variant, every folder under --root (default /work/variants) that has dat/*.des.  Its
data is imported from SOURCE (``unlev data import``, features from its config.h) into
--profiles (default a temporary folder) unless --no-data, in one step as ``unlev data
import`` does: tables and the language extensions, compared with unlev's digest of the
base game's lev_comp, or with DIR's for --base-src BASE=DIR.

First-error kinds (the owner in issue 15 in brackets): ``unknown name`` [data],
``map character`` (a MAP or TERRAIN character the dialect lacks) [language],
``statement NAME`` (a statement the grammar lacks) [language], ``syntax at WORD`` (a
word where the grammar wants another: door materials, flags, older syntax) [language],
``other: MESSAGE``; for runs, ``run: ExceptionType``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Dict, List, Optional

LANG_KINDS = ("map character", "statement", "syntax at", "flag")


def first_error_kind(err, text: Optional[str] = None) -> str:
    """The kind of a DesError's first error, for the table; ``text`` (the file) lets a
    syntax error at ':' or '(' name the unknown statement before it."""
    d = next((d for d in err.diagnostics if d.severity == "error"), err.diagnostics[0])
    m = d.message
    if text is not None and m in ('syntax error at ":"', 'syntax error at "("'):
        lines = text.splitlines()
        if 0 < d.span.line <= len(lines):
            w = re.search(r"([A-Za-z_][A-Za-z_0-9]*)\s*$", lines[d.span.line - 1][:d.span.col - 1])
            if w and re.fullmatch(r"[A-Z][A-Z_0-9]+", w.group(1)):
                return f"statement {w.group(1)}"
    if m.startswith(("Unknown monster", "Unknown object", "Unknown trap")):
        return "unknown name"
    if "in a MAP block" in m or m.startswith("Unknown map char") or "map char" in m.lower():
        return "map character"
    s = re.match(r'syntax error at "([^"]*)"', m)
    if s:
        word = s.group(1)
        if re.fullmatch(r"[A-Z][A-Z_0-9]+", word):
            return f"statement {word}"
        return f"syntax at {word}"
    if "flag" in m.lower():
        return "flag"
    return "other: " + re.sub(r"'[^']*'|\"[^\"]*\"|\d+", "…", m)[:60]


def owner(kind: str) -> str:
    if kind == "unknown name":
        return "data"
    if kind.startswith(LANG_KINDS):
        return "language"
    if kind.startswith("run:"):
        return "builder"
    return "?"


class _Timeout(Exception):
    pass


def _alarm(_sig, _frame):
    raise _Timeout()


def sweep_variant(name: str, source: Path, profile, lenient: bool, seeds: List[int],
                  per_level_seconds: int = 60) -> dict:
    from unlev.generate.build import build_level
    from unlev.lang.diagnostics import DesError
    from unlev.lang.frontend import compile_file, unknown_names
    files = sorted((source / "dat").glob("*.des"))
    out = {"variant": name, "files": len(files), "passing": 0, "levels": 0,
           "levels_ok": 0, "runs": 0, "runs_failed": 0, "first_errors": {},
           "run_errors": {}, "placeholders": 0, "failing_files": {}}
    kinds: Dict[str, List[str]] = defaultdict(list)
    run_kinds: Dict[str, List[str]] = defaultdict(list)
    signal.signal(signal.SIGALRM, _alarm)
    for f in files:
        try:
            compiled = compile_file(str(f), dialect="auto", data=profile, lenient=lenient)
        except DesError as e:
            k = first_error_kind(e, f.read_text(encoding="latin-1"))
            kinds[k].append(f.name)
            out["failing_files"][f.name] = k
            continue
        out["passing"] += 1
        out["placeholders"] += sum(1 for w in compiled.warnings if w.code == "unknown-name")
        for node in compiled.tree.levels:
            out["levels"] += 1
            ok = True
            for seed in seeds:
                out["runs"] += 1
                signal.alarm(per_level_seconds)
                try:
                    build_level(compiled, node, seed=seed)
                except _Timeout:
                    ok = False
                    run_kinds["run: timeout"].append(f"{f.name}:{node.name}:{seed}")
                except Exception as e:  # noqa: BLE001 - the sweep reports every failure
                    ok = False
                    run_kinds[f"run: {type(e).__name__}: {str(e)[:60]}"].append(
                        f"{f.name}:{node.name}:{seed}")
                finally:
                    signal.alarm(0)
                if not ok:
                    out["runs_failed"] += 1
            out["levels_ok"] += int(ok)
    out["first_errors"] = {k: sorted(v) for k, v in kinds.items()}
    out["run_errors"] = {k: sorted(v) for k, v in run_kinds.items()}
    return out


def import_profile(name: str, source: Path, into: Path, extensions_dir: Optional[Path] = None,
                   base_src: Optional[Dict[str, Path]] = None):
    """The variant's profile as ``unlev data import SOURCE --name NAME [--base-src DIR]``
    writes it; DIR is base_src[its base dialect], if given."""
    from unlev.stdlib import profiles
    from unlev.tools.data.command import detect_base, import_profile as data_import
    base = detect_base([source]) or "nethack36"
    said: List[str] = []
    extra = [base_src[base]] if base_src and base in base_src else []
    status = data_import(source, name, into / name, base=base, base_src=extra, say=said.append)
    if status:
        raise RuntimeError(f"unlev data import {source} failed: " + "; ".join(said))
    if extensions_dir is not None and (extensions_dir / f"{name}.json").is_file():
        # a declaration written beforehand (tools/gen_extensions.py)
        ext = json.loads((extensions_dir / f"{name}.json").read_text(encoding="utf-8"))
        meta_path = into / name / "profile.json"
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        meta["extensions"] = ext.get("extensions", ext)
        meta_path.write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    return profiles.load(into / name)


def report(results: List[dict], lenient: bool, with_data: bool) -> str:
    lines = [f"variant sweep ({'with' if with_data else 'without'} each variant's data, "
             f"{'--lenient' if lenient else 'strict'})", ""]
    head = f"{'variant':10} {'files':>5} {'pass':>5} {'%':>6} {'levels':>6} {'run ok':>6}"
    lines.append(head)
    tot = Counter()
    for r in results:
        pct = 100.0 * r["passing"] / r["files"] if r["files"] else 0.0
        lines.append(f"{r['variant']:10} {r['files']:5} {r['passing']:5} {pct:6.1f} "
                     f"{r['levels']:6} {r['levels_ok']:6}")
        for k in ("files", "passing", "levels", "levels_ok"):
            tot[k] += r[k]
    if len(results) > 1:
        pct = 100.0 * tot["passing"] / tot["files"] if tot["files"] else 0.0
        lines.append(f"{'all':10} {tot['files']:5} {tot['passing']:5} {pct:6.1f} "
                     f"{tot['levels']:6} {tot['levels_ok']:6}")
    for r in results:
        if not r["first_errors"] and not r["run_errors"]:
            continue
        lines.append("")
        lines.append(f"{r['variant']}: what still fails (first error of each file) [owner]")
        for k, fs in sorted(r["first_errors"].items(), key=lambda kv: -len(kv[1])):
            lines.append(f"  {len(fs):3}  {k}  [{owner(k)}]  {', '.join(fs[:6])}"
                         + (" ..." if len(fs) > 6 else ""))
        for k, runs in sorted(r["run_errors"].items(), key=lambda kv: -len(kv[1])):
            lines.append(f"  {len(runs):3}  {k}  [builder]  {', '.join(runs[:4])}"
                         + (" ..." if len(runs) > 4 else ""))
        if r["placeholders"]:
            lines.append(f"  placeholders (--lenient) in passing files: {r['placeholders']}")
    return "\n".join(lines)


def parse_seeds(text: str) -> List[int]:
    if ".." in text:
        a, b = text.split("..")
        return list(range(int(a), int(b) + 1))
    return [int(s) for s in text.split(",")]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", type=Path, default=Path("/work/variants"))
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=SOURCE")
    ap.add_argument("--lenient", action="store_true")
    ap.add_argument("--no-data", action="store_true",
                    help="check against the dialects' own tables (no variant profile)")
    ap.add_argument("--profiles", type=Path, default=None,
                    help="where the imported profiles go (default: a temporary folder)")
    ap.add_argument("--extensions", type=Path, default=None, metavar="DIR",
                    help="put DIR/NAME.json's declared extensions into each imported profile")
    ap.add_argument("--base-src", action="append", default=[], metavar="BASE=DIR",
                    help="the source tree of a base dialect (nethack36, nethack343, "
                    "unnethack): each variant on it gets its extensions generated")
    ap.add_argument("--seeds", default="1..5")
    ap.add_argument("--json", type=Path, default=None)
    args = ap.parse_args(argv)
    variants = []
    for spec in args.variant:
        name, _, src = spec.partition("=")
        variants.append((name, Path(src)))
    if not variants:
        if not args.root.is_dir():
            print(f"variant_sweep: no folder {args.root}", file=sys.stderr)
            return 2
        variants = [(d.name, d) for d in sorted(args.root.iterdir())
                    if d.is_dir() and any((d / "dat").glob("*.des"))]
    seeds = parse_seeds(args.seeds)
    base_src = {}
    for spec in args.base_src:
        base, _, folder = spec.partition("=")
        base_src[base] = Path(folder)
    tmp = None
    if args.profiles is None and not args.no_data:
        tmp = tempfile.TemporaryDirectory(prefix="unlev-sweep-")
        args.profiles = Path(tmp.name)
    results = []
    for name, src in variants:
        t0 = time.time()
        profile = None if args.no_data else import_profile(name, src, args.profiles,
                                                           args.extensions, base_src)
        r = sweep_variant(name, src, profile, args.lenient, seeds)
        r["seconds"] = round(time.time() - t0, 1)
        results.append(r)
        print(f"variant_sweep: {name}: {r['passing']}/{r['files']} files, "
              f"{r['levels_ok']}/{r['levels']} levels ({r['seconds']} s)", file=sys.stderr)
    print(report(results, args.lenient, not args.no_data))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if tmp is not None:
        tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
