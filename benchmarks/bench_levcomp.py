"""unlev check against the games' own level compilers, side by side (a script, not a test).

    python benchmarks/bench_levcomp.py [--levcomp PATH] [--levcomp36 PATH] [--runs 5]
                                      [--corpus DIR] [--cold] [--python PATH]

Why: issue 17 asks whether checking des-files with unlev costs what compiling them with
the game's ``lev_comp`` costs, as a variant's ``make`` runs it: one process per file;
issue 29 sets the goals (first check within 1.5x of lev_comp in wall time on two idle
cores and 2.5x in CPU time with one worker, a repeat check from the result cache
within 0.2x). The machine is shared, so:

* the cases are **interleaved**: each round runs every unlev case and every lev_comp
  case once, in turn, so a burst of load hits both sides alike; the figures are the
  medians over ``--runs`` rounds;
* every case is timed in **wall** time and in **CPU** time (user + system of the
  child processes, from ``wait4``), and the load average is printed before and after;
  on a busy machine quote the CPU ratios;
* ``lev_comp`` runs as ``make`` runs it, one process per des-file (no shell), in a
  scratch copy of the folder (it writes its ``.lev`` files beside the sources);
* the CPU of a ``-j`` check counts its workers: forked by the command and waited for,
  they are in the command's ``wait4`` figures (a command with threads starts them from
  a fork server instead, whose children would not be counted; ``unlev check`` run
  here has none).

unlev runs as ``--python``'s ``python -m unlev.cli`` (default: this interpreter). How
unlev is installed there changes every figure: an editable install (``pip install
-e``) adds setuptools' finder to every start-up (~10 ms of CPU: pathlib, re, ...),
which a user's ``pip install unlev`` does not; the first line printed says which was
measured. For a regular install beside the editable one::

    python -m venv /tmp/reg && /tmp/reg/bin/pip install .
    python benchmarks/bench_levcomp.py --python /tmp/reg/bin/python ...

Cases on the UnNetHack corpus (``--levcomp`` or ``$UNLEV_LEVCOMP``) and the NetHack 3.6
corpus (Debian's 3.6.6 ``lev_comp``, ``/usr/lib/games/nethack/lev_comp``, or
``--levcomp36``): ``unlev check --no-cache`` with one worker and with the default
workers (a first check), ``unlev check`` with a warm result cache (a repeat check);
then a two-line file and ``unlev --help``. unlev runs with a warm bytecode cache kept
in a temporary ``PYTHONPYCACHEPREFIX`` (the repository is left alone) and its result
cache in a temporary folder; ``--cold`` adds the first-check cases without a bytecode
cache (as under ``PYTHONDONTWRITEBYTECODE``). Peak resident memory is the largest
child's. How to get UnNetHack's ``lev_comp``: see ``benchmarks/README.md``.
"""

from __future__ import annotations

import argparse
import os
import resource
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
    """(wall seconds, CPU seconds, peak RSS in KiB, exit code) of one child process."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - t0
    return (took, usage.ru_utime + usage.ru_stime, usage.ru_maxrss,
            os.waitstatus_to_exitcode(status))


def children_cpu() -> float:
    """CPU seconds of every waited-for child so far (a check's worker processes too)."""
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def timed_tree(cmd, cwd=None, env=None):
    """:func:`timed`, with the CPU time of the grandchildren (``-j`` workers) counted."""
    before = children_cpu()
    wall, _cpu, rss, code = timed(cmd, cwd, env)
    return wall, children_cpu() - before, rss, code


class LevComp:
    """One lev_comp over one folder's des-files, a process per file, in a scratch copy."""

    def __init__(self, exe: str, folder: Path, tmp: str) -> None:
        self.exe = exe
        self.work = Path(tmp) / ("levcomp-" + folder.name)
        shutil.copytree(folder, self.work)
        self.files = sorted(p.name for p in self.work.glob("*.des"))
        self.failed: set = set()

    def __call__(self):
        wall = cpu = 0.0
        rss = 0
        for name in self.files:
            w, c, r, code = timed([self.exe, name], cwd=self.work)
            wall, cpu, rss = wall + w, cpu + c, max(rss, r)
            if code:
                self.failed.add(name)
        return wall, cpu, rss, 0


def unlev_env(pycache, results):
    """An unlev child's environment: a warm bytecode cache under ``pycache`` (None: no
    bytecode cache) and the result cache under ``results`` (no project config above
    the corpus, so the user cache folder is where it goes)."""
    env = dict(os.environ)
    if pycache is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env.pop("PYTHONPYCACHEPREFIX", None)
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = pycache
    env["XDG_CACHE_HOME"] = results
    return env


PYTHON = [sys.executable]       # the interpreter unlev runs with (--python)


NEUTRAL = [None]        # a folder without an unlev/ of its own to run unlev in


def unlev(args, env, cwd=None):
    """``python -m unlev.cli ARGS``, run in ``cwd`` or a scratch folder (``-m`` puts the
    current folder first on the path: in the repository it would find ``unlev/``
    there, not the install measured)."""
    cmd = [*PYTHON, "-m", "unlev.cli", *args]
    return lambda: timed_tree(cmd, cwd or NEUTRAL[0], env)


def install_kind(python: str) -> str:
    """Where ``python`` finds unlev and how it was installed: 'editable' when a
    setuptools editable finder is loaded at start-up, else 'regular'."""
    probe = ("import sys, unlev; "
             "ed = any(m.startswith('__editable__') for m in sys.modules); "
             "print(('editable' if ed else 'regular') + ' install, ' + unlev.__file__)")
    try:
        out = subprocess.run([python, "-c", probe], capture_output=True, text=True,
                             timeout=60, cwd=NEUTRAL[0])
    except OSError as e:
        return f"cannot run {python}: {e.strerror}"
    return out.stdout.strip() or f"{python} has no unlev: {out.stderr.strip()[-200:]}"


def own_pycache_present() -> bool:
    """Whether the measured install (``--python``'s) has __pycache__ folders of its own."""
    probe = ("import os, unlev, unlev.lang, unlev.stdlib; print(any(os.path.isdir("
             "os.path.join(os.path.dirname(m.__file__), '__pycache__')) "
             "for m in (unlev, unlev.lang, unlev.stdlib)))")
    out = subprocess.run([*PYTHON, "-c", probe], capture_output=True, text=True,
                         timeout=60, cwd=NEUTRAL[0])
    return out.stdout.strip() == "True"


def ms(s: float) -> str:
    return f"{s * 1000:8.1f} ms"


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levcomp", default=os.environ.get("UNLEV_LEVCOMP"),
                    help="UnNetHack's lev_comp (default $UNLEV_LEVCOMP)")
    ap.add_argument("--levcomp36", default=DEBIAN_LEVCOMP,
                    help=f"NetHack 3.6's lev_comp (default {DEBIAN_LEVCOMP})")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--corpus", default=None, help="folder holding unnethack/ and nethack36/")
    ap.add_argument("--cold", action="store_true",
                    help="also time the first checks without a bytecode cache")
    ap.add_argument("--python", default=sys.executable,
                    help="the Python whose unlev is timed (default: this one), e.g. a "
                    "virtual environment's bin/python holding a regular install")
    args = ap.parse_args(argv)
    root = corpus_root(args.corpus).resolve()
    runs = max(1, args.runs)
    PYTHON[:] = [args.python]

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} cores, medians of {runs} "
          f"interleaved rounds; {load()}")
    NEUTRAL[0] = tempfile.mkdtemp(prefix="unlev-bench-cwd-")
    print(f"unlev: {args.python}: {install_kind(args.python)}")
    if args.cold and own_pycache_present():
        print("note: unlev's own __pycache__ folders exist, so the 'no bytecode cache' "
              "cases read them; remove them for a true cold start")
    with tempfile.TemporaryDirectory(prefix="unlev-bench-") as tmp:
        pycache, results = os.path.join(tmp, "pycache"), os.path.join(tmp, "results")
        warm = unlev_env(pycache, results)
        tiny_dir = Path(tmp) / "tiny"
        tiny_dir.mkdir()
        (tiny_dir / "tiny.des").write_text('LEVEL:"tiny"\nMESSAGE:"hi"\n')
        cases = []            # (label, unlev thunk, lev_comp thunk or None)
        levcomps = []
        for corpus, exe in (("unnethack", args.levcomp), ("nethack36", args.levcomp36)):
            folder = root / corpus
            if not folder.is_dir():
                print(f"{corpus}: no corpus at {folder}, skipped")
                continue
            lc = None
            if exe and os.access(exe, os.X_OK):
                lc = LevComp(exe, folder, tmp)
                levcomps.append((corpus, lc))
            else:
                print(f"{corpus}: no lev_comp ({exe or 'none given'}); unlev timed alone")
            first = ["check", "--no-cache", str(folder)]
            cases.append((f"{corpus}: first check, -j 1", unlev([*first, "-j", "1"], warm), lc))
            cases.append((f"{corpus}: first check, default -j", unlev(first, warm), lc))
            if args.cold:
                cases.append((f"{corpus}: first check, -j 1, no bytecode cache",
                              unlev([*first, "-j", "1"], unlev_env(None, results)), lc))
            cases.append((f"{corpus}: repeat check (result cache)",
                          unlev(["check", str(folder)], warm), lc))
        tiny_lc = None
        if args.levcomp and os.access(args.levcomp, os.X_OK):
            tiny_lc = LevComp(args.levcomp, tiny_dir, tmp)
        cases.append(("two-line file, first check",
                      unlev(["check", "--no-cache", "tiny.des"], warm, tiny_dir), tiny_lc))
        cases.append(("unlev --help", unlev(["--help"], warm), None))

        for _label, run, _lc in cases:
            run()                      # warms the bytecode cache and the result cache
        samples = {label: ([], []) for label, _r, _l in cases}
        lc_samples = {id(lc): [] for _l, _r, lc in cases if lc is not None}
        for _ in range(runs):
            done = set()
            for label, run, lc in cases:
                samples[label][0].append(run())
                if lc is not None and id(lc) not in done:
                    lc_samples[id(lc)].append(lc())
                    done.add(id(lc))
        for corpus, lc in levcomps:
            if lc.failed:
                print(f"{corpus}: lev_comp failed on {', '.join(sorted(lc.failed))}")

    os.rmdir(NEUTRAL[0])
    print(f"after: {load()}")
    print(f"\n{'case':<44}{'unlev wall':>12}{'CPU':>11}{'lev_comp wall':>15}{'CPU':>11}"
          f"{'ratio wall':>11}{'CPU':>8}{'peak RSS':>11}")
    for label, run, lc in cases:
        got = samples[label][0]
        wall = statistics.median(g[0] for g in got)
        cpu = statistics.median(g[1] for g in got)
        rss = max(g[2] for g in got)
        codes = sorted({g[3] for g in got})
        if lc is not None:
            ref = lc_samples[id(lc)]
            lwall = statistics.median(r[0] for r in ref)
            lcpu = statistics.median(r[1] for r in ref)
            tail = (f"{ms(lwall):>15}{ms(lcpu):>11}{wall / lwall:10.2f}x"
                    f"{cpu / lcpu:7.2f}x")
        else:
            tail = f"{'-':>15}{'-':>11}{'-':>11}{'-':>8}"
        flag = "" if codes == [0] else f"  exit {codes}"     # every case should pass
        print(f"{label:<44}{ms(wall):>12}{ms(cpu):>11}{tail}{rss / 1024:8.1f} MB{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
