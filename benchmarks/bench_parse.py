"""Speed of the des-file front end over the UnNetHack corpus (a script, not a test).

    python benchmarks/bench_parse.py [CORPUS_DIR] [--repeat 5] [--cold 5] [--top 10]

CORPUS_DIR defaults to ``$UNLEV_CORPUS/unnethack`` or ``../shared/corpus/unnethack`` (next
to the repository). In one process, the first pass over every des-file (which builds
the parser) is timed on its own, then ``--repeat`` passes; each file is timed for
parsing (lexer, grammar, name checks) and for the static checks that follow, and the
best pass is reported with the slowest files. Cold start: ``--cold`` fresh interpreters
each import the parser, and each import it and compile the largest file, timed from
outside; once as this shell runs Python and once with a warm bytecode cache.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from unlev.lang.checker import check
from unlev.lang.diagnostics import Reporter
from unlev.lang.parser import DesParser

REPO = Path(__file__).resolve().parent.parent


def default_corpus() -> Path:
    env = os.environ.get("UNLEV_CORPUS")
    root = Path(env) if env else REPO.parent / "shared" / "corpus"
    return root / "unnethack"


def one_pass(files):
    """Parse and check every file once: {name: (parse seconds, check seconds)}."""
    times = {}
    for path, text in files:
        t0 = time.perf_counter()
        parser = DesParser()
        tree = parser.parse(text, str(path))
        t1 = time.perf_counter()
        check(tree, Reporter())
        t2 = time.perf_counter()
        times[path.name] = (t1 - t0, t2 - t1)
    return times


def cold_start(sample: Path, runs: int, env=None, warm_up: bool = False):
    """Wall-clock seconds of fresh interpreters: {case: [seconds...]}."""
    scripts = {
        "bare": "pass",
        "import": "import unlev.lang.parser",
        "compile": ("import sys; from unlev.lang.frontend import compile_file; "
                    "compile_file(sys.argv[1])"),
    }
    result = {k: [] for k in scripts}
    for n in range(runs + (1 if warm_up else 0)):
        for key, code in scripts.items():
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", code, str(sample)], check=True, env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if n or not warm_up:
                result[key].append(time.perf_counter() - t0)
    return result


def cold_start_cases(sample: Path, runs: int):
    """Cold start as this shell runs Python, and with a warm bytecode cache.

    With PYTHONDONTWRITEBYTECODE set (as in some sandboxes) every start compiles the
    sources, _parsetab.py included; the second case keeps .pyc files in a temporary
    PYTHONPYCACHEPREFIX (the repository is left alone) and warms it first.
    """
    cases = [("as this environment runs Python", None, False)]
    with tempfile.TemporaryDirectory(prefix="unlev-pycache-") as cache:
        env = dict(os.environ, PYTHONPYCACHEPREFIX=cache)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if os.environ.get("PYTHONDONTWRITEBYTECODE"):
            cases[0] = ("PYTHONDONTWRITEBYTECODE set: no .pyc", None, False)
        cases.append(("with a warm .pyc cache", env, True))
        return [(label, cold_start(sample, runs, env, warm)) for label, env, warm in cases]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", nargs="?", type=Path, default=None)
    ap.add_argument("--repeat", type=int, default=5, help="timed passes after the first")
    ap.add_argument("--cold", type=int, default=5, help="fresh interpreters per cold-start case")
    ap.add_argument("--top", type=int, default=10, help="slowest files to list (0: all)")
    args = ap.parse_args(argv)

    corpus = args.corpus or default_corpus()
    paths = sorted(corpus.glob("*.des"))
    if not paths:
        print(f"no des-files in {corpus}", file=sys.stderr)
        return 2
    files = [(p, p.read_text(encoding="latin-1")) for p in paths]
    size = sum(len(t) for _p, t in files)
    lines = sum(t.count("\n") for _p, t in files)
    print(f"corpus: {corpus} ({len(files)} files, {size / 1024:.0f} KiB, {lines} lines)")
    print(f"python {sys.version.split()[0]} on {sys.platform}")

    t0 = time.perf_counter()
    one_pass(files)
    first = time.perf_counter() - t0
    print(f"\nfirst pass (builds the parser): {ms(first)}")

    passes = []
    for _ in range(max(1, args.repeat)):
        t0 = time.perf_counter()
        per_file = one_pass(files)
        passes.append((time.perf_counter() - t0, per_file))
    totals = [t for t, _ in passes]
    best_total, _ = min(passes, key=lambda p: p[0])
    best = {name: (min(p[1][name][0] for p in passes), min(p[1][name][1] for p in passes))
            for name in passes[0][1]}
    parse_sum = sum(v[0] for v in best.values())
    check_sum = sum(v[1] for v in best.values())
    print(f"{len(passes)} passes: best {ms(best_total)}, median {ms(statistics.median(totals))}, "
          f"worst {ms(max(totals))}")
    print(f"per pass (best per file): parse {ms(parse_sum)} + check {ms(check_sum)}; "
          f"{size / 1024 / (parse_sum + check_sum):.0f} KiB/s, "
          f"{lines / (parse_sum + check_sum):.0f} lines/s")
    print(f"per file: mean {ms((parse_sum + check_sum) / len(best))}")

    sizes = {p.name: len(t) for p, t in files}
    order = sorted(best, key=lambda n: -(best[n][0] + best[n][1]))
    shown = order if args.top <= 0 else order[:args.top]
    print(f"\n{'file':<16}{'KiB':>7}{'parse':>12}{'check':>12}")
    for name in shown:
        p, c = best[name]
        print(f"{name:<16}{sizes[name] / 1024:7.1f}{ms(p):>12}{ms(c):>12}")

    if args.cold > 0:
        sample = max(paths, key=lambda p: p.stat().st_size)
        labels = {"bare": "python -c pass",
                  "import": "import unlev.lang.parser",
                  "compile": f"import + compile_file({sample.name})"}
        for case, cold in cold_start_cases(sample, args.cold):
            print(f"\ncold start, {case}; {args.cold} fresh interpreters each (min / median):")
            for key, label in labels.items():
                v = cold[key]
                print(f"  {label:<38}{ms(min(v))} /{ms(statistics.median(v))}")
            print(f"  {'import alone (minus bare python)':<38}"
                  f"{ms(statistics.median(cold['import']) - statistics.median(cold['bare']))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
