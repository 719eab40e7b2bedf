"""Hash ``unlev run --json`` of every corpus level, to prove a refactor changes no level.

Why: a restructuring must leave every generated level byte-identical.  This runs the
real command (``unlev.cli.main``, in-process so it takes minutes, not an hour) for
every des-file of the three corpora, every seed and both ``--compat`` modes, and
writes one line per (file, seed, compat): the SHA-256 of the JSON the command wrote.

    python tools/level_hashes.py -o before.txt            # record
    python tools/level_hashes.py -o after.txt --diff before.txt

Exit 1 when ``--diff`` finds a line that differs.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import os
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor

CORPORA = (("unnethack", "unnethack"), ("nethack36", "nethack36"), ("nethack343", "nethack343"))


def _corpus_root() -> str:
    env = os.environ.get("UNLEV_CORPUS")
    if env:
        return env
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "corpus")


def _job(task):
    """(corpus, dialect, path, seed, compat) -> (key, digest)"""
    from unlev.cli import main
    corpus, dialect, path, seed, compat = task
    key = f"{corpus}/{os.path.basename(path)} seed={seed} compat={compat}"
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "level.json")
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            rc = main(["run", path, "--seed", str(seed), "--compat", compat, "-q",
                       "--dialect", dialect, "--json", out])
        if rc != 0:
            return key, f"exit {rc}: {err.getvalue().strip().splitlines()[-1:]}"
        with open(out, "rb") as fh:
            return key, hashlib.sha256(fh.read()).hexdigest()


def tasks(root: str, seeds):
    for corpus, dialect in CORPORA:
        folder = os.path.join(root, corpus)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".des"):
                for seed in seeds:
                    for compat in ("documented", "game"):
                        yield corpus, dialect, os.path.join(folder, name), seed, compat


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--output", required=True, help="where to write the hashes")
    ap.add_argument("--seeds", type=int, default=5, help="seeds 1..N (default 5)")
    ap.add_argument("--diff", metavar="FILE", help="compare with an earlier output")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    todo = list(tasks(_corpus_root(), range(1, args.seeds + 1)))
    with ProcessPoolExecutor(args.jobs) as pool:
        lines = sorted(f"{k} {h}" for k, h in pool.map(_job, todo, chunksize=4))
    with open(args.output, "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print(f"{len(lines)} runs hashed into {args.output}")
    if args.diff:
        with open(args.diff) as fh:
            before = dict(line.rsplit(" ", 1) for line in fh.read().splitlines() if line)
        after = dict(line.rsplit(" ", 1) for line in lines)
        bad = [k for k in sorted(set(before) | set(after)) if before.get(k) != after.get(k)]
        for k in bad[:50]:
            print(f"differs: {k}: {before.get(k)} -> {after.get(k)}")
        print(f"{len(after) - len(bad)} identical, {len(bad)} differ")
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
