"""Fuzz unlev's front end and builder: mutants of the three corpora and generated
programs, each parsed, checked, built and exported in a worker with a time limit and a
memory cap.  A Python exception that is not unlev's DesError, an input over the time
limit, or a worker over the memory cap is a finding: it is minimized (line by line) and
saved under tests/fuzz_regressions/, which tests/test_fuzz_regressions.py replays.

    python tools/fuzz.py [--count 100000] [--jobs 2] [--timeout 2] [--memory-mb 200]
                         [--seed 1] [--clock wall|cpu] [--corpus ../shared/corpus] [--save DIR]

``--clock cpu`` times each input by the worker's own CPU time (user + system) instead of
the wall clock, so a run that shares the machine with other work does not count the
other work's time against an input.

Prints a summary line: inputs, crashes, over the time limit, peak worker memory.
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import multiprocessing as mp
import os
import random
import resource
import signal
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

KEYWORDS = ["LEVEL", "ROOM", "SUBROOM", "MAP", "ENDMAP", "GEOMETRY", "MONSTER", "OBJECT",
            "TRAP", "DOOR", "STAIR", "IF", "LOOP", "FOR", "SWITCH", "CASE", "BREAK",
            "FUNCTION", "TERRAIN", "REPLACE_TERRAIN", "MAZEWALK", "INIT_MAP", "REGION",
            "NON_DIGGABLE", "INCLUDE", "MESSAGE", "MAZE", "RANDOM_CORRIDORS", "SPILL"]
EXTREMES = ["0", "-1", "(-128)", "127", "255", "2147483647", "4294967296", "9" * 40,
            "1000000", "-2147483648", "99999999999999999999"]
SELECTIONS = ["circle((40,10),{n})", "rect (1,1,{n},{n})", "fillrect (0,0,79,20)",
              "filter(50%, fillrect(1,1,30,10))", "grow(line (1,1)-({n},5))",
              "floodfill (10,10)", "randline (1,1)-(70,18), {n}",
              "gradient(radial, (1-{n}), (40,10))", "ellipse((40,10),{n},3)"]


class Timeout(Exception):
    pass


_ARMED = [False]


def _alarm(_sig, _frame):
    if _ARMED[0]:                 # a timer that fires while a result is being kept: ignore
        raise Timeout()


MEMORY_MB = [200]
CLOCK = ["wall"]
TIMERS = {"wall": (signal.ITIMER_REAL, signal.SIGALRM, time.perf_counter),
          "cpu": (signal.ITIMER_PROF, signal.SIGPROF, time.process_time)}


def init_worker(memory_mb: int, clock: str = "wall") -> None:
    MEMORY_MB[0] = memory_mb
    CLOCK[0] = clock
    # a safety net on the address space (4x: Python maps far more than it touches);
    # the measure is the resident peak, compared with --memory-mb after each input
    limit = 4 * memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(TIMERS[clock][1], _alarm)


def repl_feed(text: str) -> str:
    """Feed the input's lines to the REPL engine, as typed (meta commands, which load
    and save files, left out); "crash" when it reports an internal error."""
    import io
    from unlev.tools.repl.core import Repl
    out = io.StringIO()
    repl = Repl(out=out)
    for line in text.split("\n")[:60]:
        if not line.lstrip().startswith(":"):
            repl.feed(line)
    repl.finish_input()
    return "crash" if "internal error" in out.getvalue() else "ok"


def run_one(args):
    """(outcome, seconds, detail): outcome ok | error | crash | slow | memory."""
    text, timeout = args[0], args[1]
    repl = len(args) > 2 and args[2]
    from unlev.lang.diagnostics import DesError
    reset_peak()
    which, _sig, clock = TIMERS[CLOCK[0]]
    t0 = clock()
    _ARMED[0] = True
    signal.setitimer(which, timeout)
    try:
        try:
            from unlev.generate.build import build_level
            from unlev.lang.frontend import compile_text
            from unlev.output import export
            if repl:
                if repl_feed(text) == "crash":
                    raise RuntimeError("the REPL reported an internal error")
            compiled = compile_text(text, "fuzz.des")
            for i, node in enumerate(compiled.tree.levels[:3]):
                lv = build_level(compiled, node, seed=1 + i)
                export.dumps(export.level_to_dict(lv, seed=1))
            outcome, detail = "ok", ""
        except DesError as e:
            outcome, detail = "error", e.diagnostics[0].message if e.diagnostics else str(e)
        except MemoryError:
            outcome, detail = "memory", ""
        except RecursionError as e:
            outcome, detail = "crash", f"RecursionError: {e}"
        except Timeout:
            raise
        except Exception as e:  # noqa: BLE001 - that is the finding
            import traceback
            tb = traceback.extract_tb(e.__traceback__)[-1]
            outcome, detail = "crash", (f"{type(e).__name__}: {e} "
                                        f"({os.path.basename(tb.filename)}:{tb.lineno})")
    except Timeout:
        outcome, detail = "slow", ""
    finally:
        _ARMED[0] = False
        signal.setitimer(which, 0)
    return outcome, clock() - t0, detail, resident_mb()


def reset_peak() -> None:
    """Start a new resident high-water mark (Linux: clear_refs 5), so each input's peak
    is its own and not that of an earlier input or of the worker's parent."""
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
    except OSError:
        pass


def resident_mb() -> int:
    """The worker's resident peak since reset_peak() (VmHWM), in MB."""
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) // 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def run_keeping_findings(args):
    """run_one's result, and the input (with whether the REPL had it) only when it is a
    finding (each input is generated once, in the parent, and not sent back otherwise)."""
    res = run_one(args)
    finding = res[0] in ("crash", "slow", "memory") or res[3] > MEMORY_MB[0]
    return res, (args if finding else None)


# ------------------------------------------------------------------ inputs
def mutate(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        op = rng.randrange(9)
        i = rng.randrange(len(lines))
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:                      # an extreme number
            words = lines[i].split(",")
            k = rng.randrange(len(words))
            words[k] = rng.choice(EXTREMES)
            lines[i] = ",".join(words)
        elif op == 4:                      # a misspelt keyword
            kw = rng.choice(KEYWORDS)
            lines[i] = lines[i].replace(kw, kw[:-1] + rng.choice("XYZ"), 1)
        elif op == 5:                      # random bytes
            pos = rng.randrange(len(lines[i]) + 1)
            junk = "".join(chr(rng.randrange(1, 256)) for _ in range(rng.randint(1, 4)))
            lines[i] = lines[i][:pos] + junk + lines[i][pos:]
        elif op == 6:                      # truncation
            lines = lines[:i]
        elif op == 7:                      # a MAP row changed
            lines[i] = lines[i] * rng.randint(2, 4)
        else:                              # a token swapped in from elsewhere
            other = lines[rng.randrange(len(lines))].split()
            if other:
                lines[i] = lines[i] + " " + rng.choice(other)
    return "\n".join(lines)


def generate(rng: random.Random) -> str:
    """A small random program in the UnNetHack dialect."""
    out = ['LEVEL: "fuzz"', "INIT_MAP: solidfill, '" + rng.choice(" .#") + "'"]
    depth = 0
    for _ in range(rng.randint(1, 25)):
        n = rng.choice(["1", "5", "40", "(-1)", "2147483647", "1d6", "$i", "$i * $i"])
        sel = rng.choice(SELECTIONS).format(n=n)
        stmt = rng.choice([
            f"$i = {n}", f"$s = selection: {sel}", f"TERRAIN: {sel}, '{rng.choice('.LT}')}'",
            f"OBJECT: random, random", f"MONSTER: random, random",
            f"LOOP [{n}] {{", f"IF [{rng.randint(0, 100)}%] {{", "}" if depth else "$j = 1",
            f"TRAP: random, random", f"$a = {{ {n}, 2, 3 }}", f"$v = $a[{n}]",
            f"STAIR: random, {rng.choice(['up', 'down'])}", f"ROOM: \"ordinary\", random, "
            f"random, random, ({n},{n}) {{",
        ])
        if stmt.endswith("{"):
            depth += 1
        elif stmt == "}":
            depth -= 1
        out.append(stmt)
    out.extend(["}"] * depth)
    return "\n".join(out) + "\n"


def inputs(rng: random.Random, corpus: str, count: int):
    files = []
    for d in ("unnethack", "nethack36", "nethack343"):
        for f in sorted(glob.glob(os.path.join(corpus, d, "*.des"))):
            with open(f, encoding="latin-1") as fh:
                files.append(fh.read())
    for k in range(count):
        if files and k % 3:
            yield mutate(rng, rng.choice(files))
        else:
            yield generate(rng)


# ------------------------------------------------------------------ minimizing
def minimize(text: str, still_fails, budget: int = 60) -> str:
    lines = text.split("\n")
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and budget > 0:
        i = 0
        while i < len(lines) and budget > 0:
            trial = lines[:i] + lines[i + chunk:]
            budget -= 1
            if trial and still_fails("\n".join(trial)):
                lines = trial
            else:
                i += chunk
        chunk //= 2
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--memory-mb", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clock", choices=sorted(TIMERS), default="wall",
                    help="time each input by the wall clock or by the worker's CPU time")
    ap.add_argument("--corpus", default=os.environ.get("UNLEV_CORPUS", "../shared/corpus"))
    ap.add_argument("--save", default=os.path.join(os.path.dirname(__file__), "..", "tests",
                                                   "fuzz_regressions"))
    args = ap.parse_args()
    # kill -INT stops a run early with its summary, even one a shell started in the
    # background (with SIGINT ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    rng = random.Random(args.seed)
    counts = {"ok": 0, "error": 0, "crash": 0, "slow": 0, "memory": 0}
    peak = 0
    slowest = 0.0
    findings = []
    t0 = time.perf_counter()
    with mp.get_context("fork").Pool(args.jobs, init_worker, (args.memory_mb, args.clock),
                                     maxtasksperchild=500) as pool:
        # every fifth input is also typed into the REPL, line by line
        work = ((text, args.timeout, k % 5 == 4)
                for k, text in enumerate(inputs(rng, args.corpus, args.count)))
        done = 0
        try:
            results = pool.imap(run_keeping_findings, work, chunksize=8)
            for k, (res, text) in enumerate(results):
                done = k + 1
                _count(k, res, text, counts, findings, args)
                peak, slowest = max(peak, res[3]), max(slowest, res[1])
        except KeyboardInterrupt:       # stopped early (Ctrl-C, kill -INT): say how far
            pool.terminate()
            print(f"stopped after {done} inputs", flush=True)
        args.count = done
    took = time.perf_counter() - t0
    return _finish(args, counts, findings, peak, slowest, took)


def _count(k, res, text, counts, findings, args) -> None:
    """Tally one result; print a finding at once and the counts every 1,000 inputs."""
    outcome, seconds, detail, mem = res
    text, repl = (text[0], text[2]) if text else (None, False)
    if outcome in ("ok", "error") and mem > args.memory_mb:
        outcome, detail = "memory", f"resident peak {mem} MB"
    counts[outcome] += 1
    if outcome in ("crash", "slow", "memory"):
        findings.append((outcome, detail, text, repl))
        print(f"  input {k + 1}: {outcome} ({seconds:.2f} s, {mem} MB) {detail}", flush=True)
    if (k + 1) % 1000 == 0:
        print(f"  {k + 1} inputs, {counts}", flush=True)


def _finish(args, counts, findings, peak, slowest, took) -> int:
    os.makedirs(args.save, exist_ok=True)
    saved = 0
    with mp.get_context("fork").Pool(1, init_worker, (args.memory_mb, args.clock)) as pool:
        for outcome, detail, text, repl in findings[:50]:
            def still(t, outcome=outcome, repl=repl):
                got = pool.apply(run_one, ((t, args.timeout, repl),))
                if outcome == "memory":
                    return got[0] == "memory" or got[3] > args.memory_mb
                return got[0] == outcome
            small = minimize(text, still)
            name = hashlib.sha1(small.encode("latin-1", "replace")).hexdigest()[:12]
            with open(os.path.join(args.save, f"{outcome}-{name}.des"), "w",
                      encoding="latin-1", errors="replace") as fh:
                fh.write(small)
            saved += 1
            print(f"{outcome}: {detail}")
    print(f"{args.count} inputs in {took:.0f} s: {counts['crash']} crashes, "
          f"{counts['slow']} over {args.timeout:g} s ({args.clock} clock), {counts['memory']} over "
          f"{args.memory_mb} MB; slowest {slowest:.2f} s; peak worker memory {peak} MB; "
          f"{counts['ok']} levels made, {counts['error']} clear errors; {saved} saved")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
