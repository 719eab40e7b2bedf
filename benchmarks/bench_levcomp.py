"""unlev check against the games' own level compilers, side by side (a script, not a test).

    python benchmarks/bench_levcomp.py [--levcomp PATH] [--levcomp36 PATH] [--runs 5]
                                      [--corpus DIR]

Why: issue 17 asks whether checking des-files with unlev costs what compiling them with
the game's ``lev_comp`` costs, as a variant's ``make`` runs it: one process per file.
Both are timed in one run of this script, on the same files, so the ratios hold even when
the machine is busy (the figures themselves do not).

Cases, each the median of ``--runs`` fresh processes (wall clock):

* the UnNetHack corpus: ``unlev check DIR`` (one process, all files) against
  UnNetHack's ``lev_comp FILE`` once per file in a scratch copy of the folder
  (``--levcomp``, or ``$UNLEV_LEVCOMP``);
* the NetHack 3.6 corpus against Debian's 3.6.6 ``lev_comp``
  (``/usr/lib/games/nethack/lev_comp``, package ``nethack-common``) where installed;
* a two-line file, and ``unlev --help``;
* each unlev case twice: without a bytecode cache for unlev's own modules (as under
  ``PYTHONDONTWRITEBYTECODE``, CI's default here) and with a warm one (kept in a
  temporary ``PYTHONPYCACHEPREFIX``, warmed first; the repository is left alone).

Peak resident memory of the unlev corpus check is read from the child's rusage.
How to get UnNetHack's ``lev_comp``: see ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEBIAN_LEVCOMP = "/usr/lib/games/nethack/lev_comp"


def corpus_root(arg) -> Path:
    if arg:
        return Path(arg)
    env = os.environ.get("UNLEV_CORPUS")
    return Path(env) if env else REPO.parent / "shared" / "corpus"


def timed(cmd, cwd=None, env=None):
    """(seconds, peak RSS in KiB, exit code) of one child process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return took, usage.ru_maxrss, proc.returncode


def levcomp_per_file(levcomp: str, folder: Path, runs: int):
    """Median seconds of compiling every des-file of ``folder`` with one ``lev_comp``
    process per file, in a scratch copy (lev_comp writes its .lev files beside it)."""
    with tempfile.TemporaryDirectory(prefix="unlev-levcomp-") as tmp:
        work = Path(tmp) / folder.name
        shutil.copytree(folder, work)
        files = sorted(p.name for p in work.glob("*.des"))
        failed = set()
        times = []
        for _ in range(runs):
            t0 = time.perf_counter()
            for name in files:
                if subprocess.run([levcomp, name], cwd=work, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL).returncode:
                    failed.add(name)
            times.append(time.perf_counter() - t0)
        return statistics.median(times), len(files), sorted(failed)


def unlev_env(cache):
    """The environment of an unlev child: no bytecode cache (cache None), or a warm
    one kept under the folder ``cache``."""
    env = dict(os.environ)
    if cache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    return env


def unlev_case(args, runs: int, env, cwd=None):
    """Median seconds, max peak RSS (KiB) and the exit codes of ``unlev ARGS``."""
    cmd = [sys.executable, "-m", "unlev.cli", *args]
    timed(cmd, cwd, env)                       # warms the cache (or the disk) first
    results = [timed(cmd, cwd, env) for _ in range(runs)]
    return (statistics.median(r[0] for r in results), max(r[1] for r in results),
            sorted({r[2] for r in results}))


def own_pycache_present() -> bool:
    import unlev
    import unlev.lang
    import unlev.stdlib
    return any((Path(m.__file__).parent / "__pycache__").is_dir()
               for m in (unlev, unlev.lang, unlev.stdlib))


def ms(s: float) -> str:
    return f"{s * 1000:8.1f} ms"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levcomp", default=os.environ.get("UNLEV_LEVCOMP"),
                    help="UnNetHack's lev_comp (default $UNLEV_LEVCOMP)")
    ap.add_argument("--levcomp36", default=DEBIAN_LEVCOMP,
                    help=f"NetHack 3.6's lev_comp (default {DEBIAN_LEVCOMP})")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--corpus", default=None, help="folder holding unnethack/ and nethack36/")
    args = ap.parse_args(argv)
    root = corpus_root(args.corpus)
    runs = max(1, args.runs)

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, medians of {runs}")
    if own_pycache_present():
        print("note: unlev's own __pycache__ folders exist, so the 'no cache' case reads "
              "them; remove them for a true cold start")
    rows = []
    with tempfile.TemporaryDirectory(prefix="unlev-pycache-") as cache:
        tiny_dir = Path(cache) / "tiny"
        tiny_dir.mkdir()
        (tiny_dir / "tiny.des").write_text('LEVEL:"tiny"\nMESSAGE:"hi"\n')
        envs = (("no bytecode cache", unlev_env(None)), ("warm bytecode cache", unlev_env(cache)))
        compilers = [("unnethack", args.levcomp), ("nethack36", args.levcomp36)]
        for corpus, levcomp in compilers:
            folder = root / corpus
            if not folder.is_dir():
                print(f"{corpus}: no corpus at {folder}, skipped")
                continue
            lc = None
            if levcomp and os.access(levcomp, os.X_OK):
                lc = levcomp_per_file(levcomp, folder, runs)
            else:
                print(f"{corpus}: no lev_comp ({levcomp or 'none given'}); unlev timed alone")
            for label, env in envs:
                secs, rss, codes = unlev_case(["check", str(folder)], runs, env)
                rows.append((f"{corpus} corpus, {label}", secs, lc and lc[0], rss, codes))
            if lc and lc[2]:
                print(f"{corpus}: lev_comp failed on {', '.join(lc[2])}")
        tiny_lc = None
        if args.levcomp and os.access(args.levcomp, os.X_OK):
            tiny_lc = statistics.median(
                timed([args.levcomp, "tiny.des"], cwd=tiny_dir)[0] for _ in range(runs))
        for label, env in envs:
            secs, rss, codes = unlev_case(["check", "tiny.des"], runs, env, cwd=tiny_dir)
            rows.append((f"two-line file, {label}", secs, tiny_lc, rss, codes))
            secs, rss, codes = unlev_case(["--help"], runs, env)
            rows.append((f"unlev --help, {label}", secs, None, rss, codes))

    print(f"\n{'case':<42}{'unlev':>11}{'lev_comp':>11}{'ratio':>8}{'peak RSS':>11}")
    for label, secs, lc_secs, rss, codes in rows:
        ratio = f"{secs / lc_secs:7.2f}x" if lc_secs else "       -"
        lc_text = ms(lc_secs) if lc_secs else "        -"
        flag = "" if codes in ([0], [1]) else f"  exit {codes}"
        print(f"{label:<42}{ms(secs):>11}{lc_text:>11}{ratio:>8}{rss / 1024:8.1f} MB{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
