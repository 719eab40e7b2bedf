"""Latency of the language server on big des-files (issue 21).

    python benchmarks/bench_lsp.py [--corpus ../shared/corpus]

On the largest corpus file and on a 4,000-line file (corpus files concatenated): the
token scan every keystroke pays (didChange -> symbols, completion, hover, definition),
the round trip of a completion request right after a change, over a real pipe to
``unlev lsp``, the front-end run behind diagnostics (paid once the edits settle,
in a worker thread): the whole file's and, as the server now reads it, one edited
LEVEL's (unlev.editor.incremental) -- and, over the pipe, the time from a keystroke
(didChange) to its diagnostics (publishDiagnostics), debounce included: the first
published and, for an edit that leaves an error (the whole file is read then), the
last.  Medians of 5; CPU times beside the wall times.

The workspace's unopened files (issue 29): the UnNetHack corpus copied into a temporary
workspace (with an ``unlev.toml``, so the result cache is its ``.unlev_cache/``), the
time from starting ``unlev lsp`` to the end of its workspace report (the log message
after the last file's publishDiagnostics) with an empty cache and with the cache a
first server left, and ``unlev check -j 1`` of the same folder first and repeated (its
own entries), for comparison.  Medians of ``--runs``; ``--workspace-only`` skips the
rest.
"""

from __future__ import annotations

import argparse
import glob
import os
import queue
import statistics
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from unlev.editor import analysis  # noqa: E402
from unlev.editor.incremental import LevelPieces  # noqa: E402
from unlev.editor.lsp import DEBOUNCE_SECONDS, diagnostics_for, quick_diagnostics  # noqa: E402


def median_ms(fn, n=5, clock=time.perf_counter):
    times = []
    for _ in range(n):
        t0 = clock()
        fn()
        times.append((clock() - t0) * 1000)
    return statistics.median(times)


def middle_level_end(lines) -> int:
    """Where a statement can be added at the end of the LEVEL in the middle of the file
    (before the next LEVEL line: never inside a MAP or a block)."""
    starts = [i for i, line in enumerate(lines) if line.startswith("LEVEL")]
    later = [i for i in starts if i >= len(lines) // 2]
    return later[0] if later else len(lines)


def edited_level_ms(text: str, clock) -> float:
    """One LEVEL edited (a MONSTER line added at the end of the level in the middle of
    the file), the others kept from the version before: what the server pays once the
    typing settles."""
    lines = text.split("\n")
    middle = middle_level_end(lines)
    pieces = LevelPieces()
    settings = analysis.Settings()
    quick_diagnostics(pieces, text, "bench.des", settings)
    times = []
    for v in range(5):
        edited = "\n".join(lines[:middle] + [f"MONSTER: random, ({v},{v})"] + lines[middle:])
        t0 = clock()
        quick_diagnostics(pieces, edited, "bench.des", settings)
        times.append((clock() - t0) * 1000)
    return statistics.median(times)


def settle_ms(c, notes: "queue.Queue", uri: str, text: str, v: int):
    """(first, last, server CPU) milliseconds from a didChange to its publishDiagnostics
    (``notes``: what a reader thread took from the server, with the time it arrived;
    the CPU the server process spent meanwhile, from /proc where there is one)."""
    cpu0 = server_cpu_ms(c.p.pid)
    t0 = time.perf_counter()
    c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                        "contentChanges": [{"text": text}]})
    arrivals = []
    while True:
        try:
            at, msg = notes.get(timeout=3.0 if arrivals else 10.0)
        except queue.Empty:
            break
        if msg.get("method") == "textDocument/publishDiagnostics":
            arrivals.append((at - t0) * 1000)
    cpu = server_cpu_ms(c.p.pid) - cpu0
    if not arrivals:
        return float("nan"), float("nan"), cpu
    return arrivals[0], arrivals[-1], cpu


def server_cpu_ms(pid: int) -> float:
    """User + system CPU of a process so far (Linux /proc; NaN elsewhere)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def read_notes(c) -> "queue.Queue":
    notes: queue.Queue = queue.Queue()

    def run():
        while True:
            try:
                msg = c.read()
            except (ValueError, OSError):
                return
            notes.put((time.perf_counter(), msg))
    threading.Thread(target=run, daemon=True).start()
    return notes


def workspace_report_ms(root: str):
    """(wall ms from starting the server to its workspace report, its CPU ms then, the
    report's log message)."""
    from test_lsp import Client
    t0 = time.perf_counter()
    c = Client(workspace=True)
    try:
        c.request("initialize", {"processId": os.getpid(),
                                 "rootUri": "file://" + os.path.abspath(root),
                                 "capabilities": {}})
        c.notify("initialized", {})
        while True:
            msg = c.read()
            if msg.get("method") == "window/logMessage" and \
                    "workspace des-file" in msg["params"]["message"]:
                wall = (time.perf_counter() - t0) * 1000
                return wall, server_cpu_ms(c.p.pid), msg["params"]["message"]
    finally:
        c.p.kill()
        c.p.wait()


def check_ms(root: str):
    """(wall ms, CPU ms) of ``unlev check -j 1`` on the folder."""
    import resource
    import subprocess
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "unlev.cli", "check", "-j", "1", "-q", root],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = (time.perf_counter() - t0) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def settle_during_pass_ms(root: str, name: str, edits: int = 5):
    """(median and longest ms from a clean edit of ``name`` to its diagnostics, how many
    of the edits were made before the pass's report) with the workspace's cold pass
    running beside the opened document (one parse at a time per process: an edit may
    wait for the file the pass is reading)."""
    from test_lsp import Client
    c = Client(workspace=True)
    try:
        c.request("initialize", {"processId": os.getpid(),
                                 "rootUri": "file://" + os.path.abspath(root),
                                 "capabilities": {}})
        notes = read_notes(c)
        c.notify("initialized", {})
        path = os.path.join(os.path.abspath(root), name)
        uri = "file://" + path
        with open(path, encoding="latin-1") as fh:
            lines = fh.read().split("\n")
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "des", "version": 1, "text": "\n".join(lines)}})
        middle = middle_level_end(lines)
        times, during, ended = [], 0, False
        time.sleep(0.5)
        for v in range(2, 2 + edits):
            edit = lines[:middle] + [f"MONSTER: random, ({v % 5},{v % 5})"] + lines[middle:]
            during += not ended
            t0 = time.perf_counter()
            c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                                "contentChanges": [{"text": "\n".join(edit)}]})
            while True:
                at, msg = notes.get(timeout=30)
                if msg.get("method") == "window/logMessage":
                    ended = True
                if msg.get("method") == "textDocument/publishDiagnostics" and \
                        msg["params"]["uri"] == uri and at > t0:
                    times.append((at - t0) * 1000)
                    break
            time.sleep(0.1)
        return statistics.median(times), max(times), during
    finally:
        c.p.kill()
        c.p.wait()


def bench_workspace(corpus: str, runs: int) -> None:
    import shutil
    import tempfile
    files = sorted(glob.glob(os.path.join(corpus, "unnethack", "*.des")))
    cold, warm, check_first, check_again, during = [], [], [], [], []
    messages = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="unlev-bench-ws-") as root:
            for f in files:
                shutil.copy(f, root)
            with open(os.path.join(root, "unlev.toml"), "w") as fh:
                fh.write("")
            cold.append(workspace_report_ms(root))
            warm.append(workspace_report_ms(root))
            shutil.rmtree(os.path.join(root, ".unlev_cache"))
            check_first.append(check_ms(root))
            check_again.append(check_ms(root))
            messages = [cold[-1][2], warm[-1][2]]
            shutil.rmtree(os.path.join(root, ".unlev_cache"))
            during.append(settle_during_pass_ms(root, "heck.des"))

    def med(rows, i):
        return statistics.median(r[i] for r in rows)
    print(f"workspace of {len(files)} UnNetHack corpus files, medians of {runs}:")
    for name, rows in (("empty cache", cold), ("the cache of a first server", warm)):
        print(f"  unlev lsp, start to the full workspace report, {name}: "
              f"{med(rows, 0):.0f} ms ({med(rows, 1):.0f} ms server CPU, its worker "
              f"process's not counted)")
    for name, rows in (("first", check_first), ("repeated", check_again)):
        print(f"  unlev check -j 1 of the folder, {name}: {med(rows, 0):.0f} ms "
              f"({med(rows, 1):.0f} ms CPU)")
    for m in messages:
        print(f"  server's report: {m}")
    print(f"  keystroke to diagnostics on heck.des (opened) while the cold pass runs: a "
          f"clean edit {med(during, 0):.0f} ms, the longest {max(r[1] for r in during):.0f}"
          f" ms ({med(during, 2):.0f} of 5 edits made before the pass's report)")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="../shared/corpus")
    ap.add_argument("--runs", type=int, default=3, help="rounds of the workspace case")
    ap.add_argument("--workspace-only", action="store_true",
                    help="only the workspace's unopened files, cold and warm")
    args = ap.parse_args()
    bench_workspace(args.corpus, args.runs)
    if args.workspace_only:
        return 0
    files = sorted(glob.glob(os.path.join(args.corpus, "unnethack", "*.des")),
                   key=os.path.getsize)
    largest = files[-1]
    with open(largest, encoding="latin-1") as fh:
        big = fh.read()
    lines4k = []
    for f in files:
        with open(f, encoding="latin-1") as fh:
            lines4k += fh.read().split("\n")
        if len(lines4k) >= 4000:
            break
    text4k = "\n".join(lines4k[:4000])
    from test_lsp import Client       # the same pipe client the tests use
    for name, text in ((os.path.basename(largest), big), ("4,000 lines", text4k)):
        n = text.count("\n") + 1
        scan = median_ms(lambda: analysis.index(text))
        diag = median_ms(lambda: diagnostics_for(text, "bench.des"), n=3)
        diag_cpu = median_ms(lambda: diagnostics_for(text, "bench.des"), n=3,
                             clock=time.process_time)
        level = edited_level_ms(text, time.perf_counter)
        level_cpu = edited_level_ms(text, time.process_time)
        c = Client()
        c.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                 "capabilities": {}})
        c.notify("initialized", {})
        uri = "file:///tmp/bench.des"
        c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "des",
                                                            "version": 1, "text": text}})
        times = []
        for v in range(2, 7):
            edited = text + f"\n$bench{v} = {v}\nMON"
            t0 = time.perf_counter()
            c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": v},
                                                "contentChanges": [{"text": edited}]})
            last = edited.count("\n")
            c.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                  "position": {"line": last, "character": 3}})
            times.append((time.perf_counter() - t0) * 1000)
        lines = text.split("\n")
        middle = middle_level_end(lines)
        clean, broken = [], []
        notes = read_notes(c)
        time.sleep(1.5)                        # the diagnostics of the edits above
        while not notes.empty():
            notes.get()
        for v in range(7, 12):
            edit = lines[:middle] + [f"MONSTER: random, ({v % 5},{v % 5})"] + lines[middle:]
            clean.append(settle_ms(c, notes, uri, "\n".join(edit), 2 * v))
            edit = lines[:middle] + [f"MONSTER: random, ({v % 5},"] + lines[middle:]
            broken.append(settle_ms(c, notes, uri, "\n".join(edit), 2 * v + 1))
        c.p.kill()
        print(f"{name} ({n} lines): keystroke (change + completion over the pipe) "
              f"{statistics.median(times):.0f} ms; token scan {scan:.0f} ms; "
              f"diagnostics (front end + lint) of the whole file {diag:.0f} ms "
              f"({diag_cpu:.0f} ms CPU), of one edited LEVEL {level:.0f} ms "
              f"({level_cpu:.0f} ms CPU)")
        def med(rows, i):
            return statistics.median(r[i] for r in rows)
        print(f"  keystroke to diagnostics over the pipe (debounce {DEBOUNCE_SECONDS * 1000:.0f}"
              f" ms included): a clean edit {med(clean, 0):.0f} ms (server CPU "
              f"{med(clean, 2):.0f} ms); an edit leaving an error: first "
              f"{med(broken, 0):.0f} ms, the whole file's {med(broken, 1):.0f} ms (server "
              f"CPU {med(broken, 2):.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
