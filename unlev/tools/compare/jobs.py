"""One of our runs for ``unlev compare`` as a job for another process or machine.

Why this module exists: a comparison runs every level under many seeds, and each run
is independent; :func:`run_samples` hands them to :mod:`unlev.tools.executor` (local
processes or a Dask cluster) as small picklable :class:`SampleJob` values and gets
back :class:`~unlev.tools.compare.sample.Sample` values, the only thing the
measures read.  A job compiles its des-file once per worker process.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any, Dict, Optional, Sequence, Tuple

from unlev.lang.diagnostics import DesError
from unlev.tools.compare.sample import Sample, sample_of
from unlev.tools.executor import run_unordered


@dataclass(frozen=True)
class SampleJob:
    path: str                 # the des-file
    index: int                # the LEVEL's position in it
    seed: int
    context: Any = None       # DungeonContext of the matching game dump (or None)
    run: Any = None           # its RunContext
    compat: Any = None        # unlev.stdlib.selection.Compat


_COMPILED: Dict[Tuple[str, Optional[Tuple[int, int]]], Any] = {}


def _compiled(path: str):
    try:
        st = os.stat(path)
        stamp: Optional[Tuple[int, int]] = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    key = (os.path.abspath(path), stamp)
    hit = _COMPILED.get(key)
    if hit is None:
        from unlev.lang.frontend import compile_file
        hit = _COMPILED[key] = compile_file(path)
    return hit


def remember(path: str, compiled) -> None:
    """Let jobs run in this process use a des-file the caller has compiled already."""
    try:
        st = os.stat(path)
        stamp: Optional[Tuple[int, int]] = (st.st_mtime_ns, st.st_size)
    except OSError:
        stamp = None
    _COMPILED[(os.path.abspath(path), stamp)] = compiled


def run_sample(job: SampleJob) -> Tuple[Optional[Sample], str, float]:
    """(sample, "", seconds) or (None, the error as compare_level words it, seconds)."""
    from unlev.generate.build import build_level
    t0 = time.perf_counter()
    try:
        compiled = _compiled(job.path)
        node = compiled.tree.levels[job.index]
        level = build_level(compiled, node, seed=job.seed, context=job.context,
                            compat=job.compat, run_context=job.run,
                            warn=lambda *a, **k: None)
        return sample_of(level), "", time.perf_counter() - t0
    except DesError as e:
        return None, f"des-file error: {e}", time.perf_counter() - t0
    except Exception as e:          # a crash of ours is a finding, not the end of the run
        return None, f"{type(e).__name__}: {e}", time.perf_counter() - t0


def run_samples(jobs: Sequence[SampleJob], **where):
    """``(i, (sample, error, seconds))`` for every job as it finishes; ``where``: see
    :func:`unlev.tools.executor.run_unordered`."""
    return run_unordered(run_sample, list(jobs), **where)
