"""Peak memory of ``unlev test`` on generated files of many levels (a script, not a test).

    python benchmarks/bench_test_memory.py [--levels 1000,4000] [--fail-every 10]
                                           [--seeds 1] [-j 1] [--keep DIR]

Writes files of N small levels (solidfill, a 5x3 MAP, a MONSTER and an OBJECT; every
``--fail-every``-th level instead two rooms walled apart with the stairs in each, so
that its runs fail and their rows carry drawings), then runs ``unlev test FILE --seeds
S -j J --no-progress --lint off`` on each, without and with ``--html``,
``--json-report`` and ``--junit-xml``, each in its own process, and prints the peak
resident memory (``ru_maxrss`` from ``wait4``) and CPU time of that process (with
``-j`` above 1 its own only: the workers are the fork server's children; each holds
one batch and the file's compiled tree), with the load average.  Issue 29's goal: the
peak does not grow with the levels beyond the file's own compiled tree, and stays
under 100 MB for 4,000 levels.  ``UNLEV_LIMITS`` is raised for the token count of
such files.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

PASSING = ("MAP\n-----\n|...|\n-----\nENDMAP\n"
           "MONSTER: random, random\nOBJECT: random, random\n")
FAILING = ("MAP\n----- -----\n|...| |...|\n----- -----\nENDMAP\n"
           "NON_DIGGABLE:(0,0,10,2)\nSTAIR:(1,1),up\nSTAIR:(9,1),down\n")


def level_file(path: str, levels: int, fail_every: int) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for i in range(levels):
            fh.write(f'LEVEL: "l{i}"\nINIT_MAP: solidfill, \' \'\nGEOMETRY:center,center\n')
            fh.write(FAILING if fail_every and i % fail_every == 0 else PASSING)


def measure(argv, cwd: str):
    """(exit status, peak RSS in KB, CPU seconds) of one child process (os.wait4)."""
    env = dict(os.environ, UNLEV_LIMITS=os.environ.get("UNLEV_LIMITS", "tokens=100000000"))
    p = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, usage.ru_maxrss, usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="1000,4000", help="comma-separated level counts")
    ap.add_argument("--fail-every", type=int, default=10,
                    help="every Nth level fails (0: none)")
    ap.add_argument("--seeds", default="1")
    ap.add_argument("-j", "--jobs", default="1")
    ap.add_argument("--keep", metavar="DIR", help="write the files and reports here")
    args = ap.parse_args()
    work = args.keep or tempfile.mkdtemp(prefix="unlev-bench-testmem-")
    os.makedirs(work, exist_ok=True)
    print(f"python {sys.version.split()[0]}, load average {os.getloadavg()[0]:.1f}, "
          f"seeds {args.seeds}, -j {args.jobs}, every {args.fail_every}th level failing")
    try:
        for n in [int(x) for x in args.levels.split(",")]:
            des = os.path.join(work, f"levels{n}.des")
            level_file(des, n, args.fail_every)
            for reports in (False, True):
                argv = [sys.executable, "-m", "unlev", "test", des, "--seeds", args.seeds,
                        "-j", args.jobs, "--no-progress", "--lint", "off"]
                if reports:
                    argv += ["--html", f"r{n}.html", "--json-report", f"r{n}.json",
                             "--junit-xml", f"r{n}.xml"]
                code, kb, cpu = measure(argv, work)
                print(f"{n:>6} levels  reports {'all ' if reports else 'none'}  "
                      f"peak {kb / 1024:6.1f} MB  CPU {cpu:6.1f} s  exit {code}  "
                      f"load {os.getloadavg()[0]:.1f}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
