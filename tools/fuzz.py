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
import os
import random
import re
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


_STARTED = [0.0, 0.0]            # the input's start on its clock, and its limit


def _alarm(_sig, _frame):
    if _ARMED[0]:                 # a timer that fires while a result is being kept: ignore
        # ITIMER_PROF is charged by clock ticks, which on a loaded machine can run ahead
        # of the process's real CPU time (inputs of 1.8 s were stopped at "2 s"): the
        # precise clock decides, and the timer is set again for what is left
        which, _sig, clock = TIMERS[CLOCK[0]]
        left = _STARTED[1] - (clock() - _STARTED[0])
        if left > 0.01:
            signal.setitimer(which, left)
            return
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


def check_and_run(text: str, repl: bool) -> None:
    """The work done on one input: typed into the REPL (when ``repl``), then compiled
    (``unlev check``), and its first three levels built and exported (``unlev run``).
    Returns normally or raises DesError; anything else is a finding."""
    from unlev.generate.build import build_level
    from unlev.lang.frontend import compile_text
    from unlev.output import export
    if repl and repl_feed(text) == "crash":
        raise RuntimeError("the REPL reported an internal error")
    compiled = compile_text(text, "fuzz.des")
    for i, node in enumerate(compiled.tree.levels[:3]):
        lv = build_level(compiled, node, seed=1 + i)
        export.dumps(export.level_to_dict(lv, seed=1))


# what run_one runs on an input: a test plants faults by replacing it before the
# workers are forked (tests/test_fuzz_harness.py)
WORK = [check_and_run]


def run_one(args):
    """(outcome, seconds, detail, resident MB): outcome ok | error | crash | slow | memory."""
    text, timeout = args[0], args[1]
    repl = len(args) > 2 and args[2]
    from unlev.lang.diagnostics import DesError
    reset_peak()
    which, _sig, clock = TIMERS[CLOCK[0]]
    t0 = clock()
    _STARTED[0], _STARTED[1] = t0, timeout
    _ARMED[0] = True
    signal.setitimer(which, timeout)
    try:
        try:
            WORK[0](text, repl)
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
    took = clock() - t0
    if outcome in ("ok", "error") and took > timeout:
        # over the limit inside one call into C, where the timer's exception waited
        outcome, detail = "slow", f"{took:.2f} s in one call"
    mem = resident_mb()
    if outcome in ("ok", "error") and mem > MEMORY_MB[0]:
        outcome, detail = "memory", f"resident peak {mem} MB"
    return outcome, took, detail, mem


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


# ------------------------------------------------------------------ workers
# Each worker is one forked process that runs inputs one after another in itself (no
# process per input: forking and importing unlev cost more than most inputs), with the
# CPU timer and the resident peak taken per input as above.  The parent watches them:
# a worker that dies (a signal, the address-space limit in C, os._exit) is a crash
# finding for the input it held, and one that goes on past its CPU limit without the
# timer's exception getting through (a call into C that never returns) is killed and
# counted slow; either way a new worker takes its place.  A worker reads its inputs from
# a pipe, so it ends when the parent does (end of file), even after a SIGKILL.
_PARENT_ENDS: list = []


def _cpu_seconds(pid: int) -> float:
    """A process's user + system CPU time, from /proc (0 when it cannot be read)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


class Worker:
    """One forked worker process and the input it holds."""

    def __init__(self, memory_mb: int, clock: str, keep_all: bool = False):
        import multiprocessing.connection as mpc
        ours, theirs = mpc.Pipe()
        pid = os.fork()
        if pid == 0:                                     # the worker
            ours.close()
            for end in _PARENT_ENDS:                     # other workers' parent ends
                end.close()
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent decides
                init_worker(memory_mb, clock)
                while True:
                    try:
                        job = theirs.recv()
                    except (EOFError, OSError):
                        break
                    if job is None:
                        break
                    res = run_one(job)
                    finding = keep_all or res[0] in ("crash", "slow", "memory") \
                        or res[3] > MEMORY_MB[0]
                    theirs.send((res, job if finding else None))
            except BaseException:                        # noqa: BLE001 - never return
                code = 3
            finally:
                os._exit(code)
        theirs.close()
        _PARENT_ENDS.append(ours)
        self.pid, self.conn = pid, ours
        self.job = None
        self.index = None
        self.cpu0 = 0.0
        self.done = 0

    def give(self, index: int, job) -> None:
        self.index, self.job = index, job
        self.cpu0 = _cpu_seconds(self.pid)
        self.conn.send(job)

    def stop(self, kill: bool = False) -> None:
        try:
            if kill:
                os.kill(self.pid, signal.SIGKILL)
            else:
                self.conn.send(None)
        except OSError:
            pass
        try:
            self.conn.close()
        finally:
            if self.conn in _PARENT_ENDS:
                _PARENT_ENDS.remove(self.conn)
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass

    def died(self) -> str:
        """Why the worker ended (after end of file on its pipe)."""
        try:
            _pid, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            return "the worker vanished"
        if os.WIFSIGNALED(status):
            return f"the worker died of signal {os.WTERMSIG(status)}"
        return f"the worker exited with status {os.WEXITSTATUS(status)}"


def run_inputs(jobs, workers: int = 2, memory_mb: int = 200, clock: str = "cpu",
               recycle: int = 1000, keep_all: bool = False, grace: float = 5.0):
    """Run ``jobs`` (an iterable of (text, timeout, repl)) in ``workers`` forked workers;
    yield (index, result, job-or-None) in the order the inputs finish, where result is
    run_one's (outcome, seconds, detail, resident MB) and the job is given back only
    for a finding (or always with ``keep_all``).  A worker still in one input past 3
    times its CPU limit and ``grace`` seconds more is killed (the timer could not stop it)."""
    import multiprocessing.connection as mpc
    it = iter(enumerate(jobs))
    pool = [Worker(memory_mb, clock, keep_all) for _ in range(workers)]
    idle = list(pool)
    busy = {}
    try:
        while True:
            while idle:
                nxt = next(it, None)
                if nxt is None:
                    break
                w = idle.pop()
                w.give(*nxt)
                busy[w.conn] = w
            if not busy:
                return
            ready = mpc.wait(list(busy), timeout=1.0)
            for conn in ready:
                w = busy.pop(conn)
                index = w.index
                try:
                    res, job = conn.recv()
                except (EOFError, OSError):
                    why = w.died()
                    res, job = ("crash", 0.0, why, 0), w.job
                    w.stop(kill=True)
                    pool.remove(w)
                    w = Worker(memory_mb, clock, keep_all)
                    pool.append(w)
                yield index, res, job
                w.done += 1
                if w.done >= recycle:                 # a fresh worker now and then
                    w.stop()
                    pool.remove(w)
                    w = Worker(memory_mb, clock, keep_all)
                    pool.append(w)
                idle.append(w)
            # the CPU watchdog: past 3 times the limit (and the grace) in one input
            for conn, w in list(busy.items()):
                limit = 3 * w.job[1] + grace
                if _cpu_seconds(w.pid) - w.cpu0 > limit:
                    busy.pop(conn)
                    index, job = w.index, w.job
                    w.stop(kill=True)
                    pool.remove(w)
                    nw = Worker(memory_mb, clock, keep_all)
                    pool.append(nw)
                    idle.append(nw)
                    yield index, ("slow", limit, "killed by the CPU watchdog", 0), job
    finally:
        for w in pool:
            w.stop(kill=bool(busy))


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


LEVEL_START = re.compile(r"^\s*(LEVEL|MAZE)\s*:", re.M)


def split_levels(text: str):
    """A des-file's levels, each with the lines before the file's first level (its
    comments and whatever a level may rely on): ``LEVEL:`` or ``MAZE:`` starts one."""
    starts = [m.start() for m in LEVEL_START.finditer(text)]
    if len(starts) < 2:
        return [text]
    head = text[:starts[0]]
    return [head + text[a:b] for a, b in zip(starts, starts[1:] + [len(text)])]


def inputs(rng: random.Random, corpus: str, count: int, whole_files: float = 0.1):
    """``count`` inputs: a third generated programs, the rest corpus mutants -- of one
    level of a file, or (``whole_files`` of them) of the whole file.  A mutation in a
    many-level file otherwise mostly lands in a level that is parsed but never built
    (only the first three are), and parsing the other levels is most of the cost."""
    files = []
    for d in ("unnethack", "nethack36", "nethack343"):
        for f in sorted(glob.glob(os.path.join(corpus, d, "*.des"))):
            with open(f, encoding="latin-1") as fh:
                files.append(fh.read())
    levels = [part for text in files for part in split_levels(text)]
    for k in range(count):
        if files and k % 3:
            whole = rng.random() < whole_files
            yield mutate(rng, rng.choice(files if whole else levels))
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
    ap.add_argument("--whole-files", type=float, default=0.1,
                    help="the share of corpus mutants made from a whole file rather than "
                         "from one of its levels")
    ap.add_argument("--corpus", default=os.environ.get("UNLEV_CORPUS", "../shared/corpus"))
    ap.add_argument("--save", default=os.path.join(os.path.dirname(__file__), "..", "tests",
                                                   "fuzz_regressions"))
    args = ap.parse_args()
    # kill -INT stops a run early with its summary, even one a shell started in the
    # background (with SIGINT ignored)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    preload()
    rng = random.Random(args.seed)
    counts = {"ok": 0, "error": 0, "crash": 0, "slow": 0, "memory": 0}
    peak = 0
    slowest = 0.0
    findings = []
    t0 = time.perf_counter()
    cpu0 = _children_cpu()
    # every fifth input is also typed into the REPL, line by line
    work = ((text, args.timeout, k % 5 == 4)
            for k, text in enumerate(inputs(rng, args.corpus, args.count, args.whole_files)))
    done = 0
    results = run_inputs(work, args.jobs, args.memory_mb, args.clock)
    try:
        for k, res, job in results:
            done += 1
            _count(k, done, res, job, counts, findings, args, t0, cpu0)
            peak, slowest = max(peak, res[3]), max(slowest, res[1])
    except KeyboardInterrupt:       # stopped early (Ctrl-C, kill -INT): say how far
        results.close()
        print(f"stopped after {done} inputs", flush=True)
    results.close()
    args.count = done
    took = time.perf_counter() - t0
    return _finish(args, counts, findings, peak, slowest, took, _children_cpu() - cpu0)


def preload() -> None:
    """Import what the workers run before they are forked: each worker then starts with
    the parser tables and data loaded instead of loading them again."""
    import unlev.generate.build  # noqa: F401
    import unlev.lang.frontend  # noqa: F401
    import unlev.output.export  # noqa: F401
    import unlev.tools.repl.core  # noqa: F401
    try:
        check_and_run('LEVEL: "warm"\nINIT_MAP: solidfill, \' \'\nTERRAIN: (1,1), \'.\'\n', True)
    except Exception:  # noqa: BLE001 - warming only
        pass


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _count(k, done, res, job, counts, findings, args, t0, cpu0) -> None:
    """Tally one result; print a finding at once and the counts every 1,000 inputs."""
    outcome, seconds, detail, mem = res
    text, repl = (job[0], job[2]) if job else (None, False)
    counts[outcome] += 1
    if outcome in ("crash", "slow", "memory"):
        findings.append((outcome, detail, text, repl))
        print(f"  input {k + 1}: {outcome} ({seconds:.2f} s, {mem} MB) {detail}", flush=True)
    if done % 1000 == 0:
        wall = time.perf_counter() - t0
        print(f"  {done} inputs in {wall:.0f} s ({done / wall:.1f}/s; workers' CPU so far "
              f"{_children_cpu() - cpu0:.0f} s of finished workers), {counts}", flush=True)


def _finish(args, counts, findings, peak, slowest, took, cpu) -> int:
    os.makedirs(args.save, exist_ok=True)
    saved = 0
    for outcome, detail, text, repl in findings[:50]:
        if text is None:
            continue
        def still(t, outcome=outcome, repl=repl):
            got = list(run_inputs([(t, args.timeout, repl)], 1, args.memory_mb,
                                  args.clock, keep_all=True))[0][1]
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
          f"{counts['ok']} levels made, {counts['error']} clear errors; {saved} saved; "
          f"workers' CPU {cpu:.0f} s")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
