"""Latency of the language server on big des-files (issue 21).

    python benchmarks/bench_lsp.py [--corpus ../shared/corpus]

On the largest corpus file and on a 4,000-line file (corpus files concatenated): the
token scan every keystroke pays (didChange -> symbols, completion, hover, definition),
the round trip of a completion request right after a change, over a real pipe to
``unlev lsp``, and the front-end run behind diagnostics (paid once the edits settle,
in a worker thread).  Medians of 5.
"""

from __future__ import annotations

import argparse
import glob
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests"))

from unlev.editor import analysis  # noqa: E402
from unlev.editor.lsp import diagnostics_for  # noqa: E402


def median_ms(fn, n=5):
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", default="../shared/corpus")
    args = ap.parse_args()
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
        c.close()
        print(f"{name} ({n} lines): keystroke (change + completion over the pipe) "
              f"{statistics.median(times):.0f} ms; token scan {scan:.0f} ms; "
              f"diagnostics (front end + lint, after the edits settle) {diag:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
