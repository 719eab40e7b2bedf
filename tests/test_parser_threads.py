"""Two threads may parse at once (the language server parses for its diagnostics and
for its preview on two threads): lang/parser.py shares one PLY parser per dialect, so
each parse holds a re-entrant lock (an INCLUDE is parsed inside its includer's parse).
Without it one parse's grammar actions ran against the other's parser (an IndexError
or an AttributeError on ``owner``, reported as an internal error)."""

from __future__ import annotations

import threading
from pathlib import Path

from unlev.lang.frontend import compile_text

SAMPLES = sorted((Path(__file__).resolve().parent.parent / "samples").glob("*.des"))


def test_three_threads_parsing_at_once_get_the_trees_one_thread_gets():
    texts = [p.read_text() for p in SAMPLES] * 6     # long enough for many switches
    assert len(SAMPLES) >= 4
    want = [repr(compile_text(t, "x.des").tree) for t in texts]
    problems = []

    def work():
        try:
            for _ in range(3):
                for t, w in zip(texts, want):
                    if repr(compile_text(t, "x.des").tree) != w:
                        problems.append("another tree")
        except Exception as exc:        # what the race raised
            problems.append(repr(exc))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert problems == []
