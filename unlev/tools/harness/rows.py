"""What ``unlev test`` keeps of a run while it runs: its plan and a file of result rows.

Why this module exists: a run's result rows (outcome, violations, the failure's
drawings, the snapshot's diff: ~5 KB a run) are what the failure details, the summary
table and the JUnit XML, JSON and HTML reports are made of, and they used to be kept
in a list until the end -- memory growing with every level and seed (a 20,000-level
file: ~140 MB).  Here each batch's rows (one LEVEL and up to :data:`SEEDS_PER_BATCH`
of its seeds) go to a temporary file as they come, in whatever order the workers
finish them, and are read back a batch at a time, in job order, for each of the
report's passes.  What stays in memory is the plan (one small
:class:`~unlev.tools.harness.jobs.LevelRef` and a few offsets per LEVEL, no Job per
level and seed) and, while a pass reads them, one batch's rows.

The rows read back are the rows the old list held, in its order: pickled (a worker's
rows came pickled already: tuples stay tuples), and a job run twice in one batch (a
file named twice on the command line) reads as its last run, as the old
``{job: row}`` merge had it.
"""

from __future__ import annotations

import pickle
import tempfile
from array import array
from typing import Dict, Iterator, List, Optional, Tuple

from unlev.tools.harness.jobs import ERROR, FAILED, PASSED, LevelRef

SEEDS_PER_BATCH = 50    # a level's seeds run in batches of this many (its rows held at once)


class RowFileError(Exception):
    """The temporary row file cannot be made, written or read (no space, no TMPDIR)."""


class RunRows:
    """A run's plan and its rows on disk.

    Planning: :meth:`add_failed_file` (a file that did not compile: its one row, ahead
    of the runs' rows as before) and :meth:`add_level`, in the order the report lists
    them; :attr:`batches` then holds (LEVELs, seeds): the LEVELs of one (file, index)
    with up to :data:`SEEDS_PER_BATCH` of the seeds (one worker compiles the file once
    for them), in order of first appearance.
    Running: :meth:`put` stores batch ``i``'s rows when they come.  Reporting:
    :meth:`rows` yields every row in job order, as often as asked."""

    def __init__(self, seeds: List[int]) -> None:
        self.seeds = list(seeds)
        try:
            self._fh = tempfile.TemporaryFile(prefix="unlev-test-", suffix=".rows")
        except OSError as e:
            raise RowFileError(f"cannot make the run's row file in "
                               f"{tempfile.gettempdir()}: {e.strerror or e} (TMPDIR sets "
                               "the folder)") from None
        self._end = 0
        self._offsets = array("q")            # per slot: where its rows start (-1: none yet)
        self._units = array("q")              # per unit: its slot
        self._refs: List[Optional[LevelRef]] = []   # per unit: its LEVEL (None: a file's row)
        self.batches: List[Tuple[List[LevelRef], List[int]]] = []
        self._chunks = [self.seeds[i:i + SEEDS_PER_BATCH]
                        for i in range(0, len(self.seeds), SEEDS_PER_BATCH)]
        self._batch_slots = array("q")
        self._batch_of: Optional[Dict[Tuple[str, int], int]] = {}
        self._keys: Optional[set] = set()     # (file, level) of the units, while planning
        self._level_count = 0
        self.contiguous = True    # each (file, level) and each file is one stretch of rows
        self._files_seen: Optional[set] = set()
        self._last_file: Optional[str] = None

    # ---------------------------------------------------------------- planning
    def _slot(self) -> int:
        self._offsets.append(-1)
        return len(self._offsets) - 1

    def _note(self, key: Tuple[str, str]) -> None:
        if key in self._keys:
            self.contiguous = False
        self._keys.add(key)
        if key[0] != self._last_file:
            if key[0] in self._files_seen:
                self.contiguous = False
            self._files_seen.add(key[0])
            self._last_file = key[0]

    def add_failed_file(self, row: dict) -> None:
        """The row of a file that did not compile (``(compile)``, seed 0)."""
        slot = self._slot()
        self._write(slot, [row])
        self._units.append(slot)
        self._refs.append(None)
        self._note((row["file"], row["level"]))

    def add_level(self, ref: LevelRef) -> None:
        key = (ref.path, ref.index)
        first = self._batch_of.get(key)         # its first chunk's batch
        if first is None:
            first = self._batch_of[key] = len(self.batches)
            for chunk in self._chunks:          # their slots follow one another
                self.batches.append(([], chunk))
                self._batch_slots.append(self._slot())
        for c in range(len(self._chunks)):
            self.batches[first + c][0].append(ref)
        self._units.append(self._batch_slots[first] if self._chunks else -1)
        self._refs.append(ref)
        if self.seeds:
            self._note((ref.path, ref.label or ref.level))

    def planned(self) -> None:
        """Planning is over: what only planning needed is let go."""
        if self._keys is not None:
            self._level_count = len(self._keys)
        self._keys = self._files_seen = self._batch_of = None

    @property
    def level_count(self) -> int:
        """How many (file, level) the rows name (the summary's "N levels")."""
        return len(self._keys) if self._keys is not None else self._level_count

    def level_refs(self) -> Iterator[LevelRef]:
        return (r for r in self._refs if r is not None)

    @property
    def job_count(self) -> int:
        return sum(len(refs) * len(seeds) for refs, seeds in self.batches)

    # ---------------------------------------------------------------- rows
    def _write(self, slot: int, rows: List[dict]) -> None:
        try:
            self._fh.seek(self._end)
            pickle.dump(rows, self._fh, protocol=pickle.HIGHEST_PROTOCOL)
            self._fh.flush()
        except OSError as e:
            raise RowFileError(f"cannot write the run's row file in "
                               f"{tempfile.gettempdir()}: {e.strerror or e}") from None
        self._offsets[slot] = self._end
        self._end = self._fh.tell()

    def put(self, batch: int, rows: List[dict]) -> None:
        """Batch ``batch``'s rows (each of its LEVELs' seeds in order), as they came."""
        self._write(self._batch_slots[batch], rows)

    def _read(self, slot: int) -> List[dict]:
        at = self._offsets[slot]
        if at < 0:
            raise KeyError(f"batch {slot} has not finished")
        self._fh.seek(at)
        return pickle.load(self._fh)

    def rows(self) -> Iterator[dict]:
        """Every row in job order: the files that did not compile, then each LEVEL's
        seeds in order (a job that ran twice in its batch: its last run)."""
        held_slot, by_seed = -1, {}
        for unit, ref in enumerate(self._refs):
            slot = self._units[unit]
            if ref is None:
                yield from self._read(slot)
                continue
            for c, chunk in enumerate(self._chunks):
                if slot + c != held_slot:
                    by_seed = {}
                    for r in self._read(slot + c):
                        by_seed[r["seed"]] = r
                    held_slot = slot + c
                for s in chunk:
                    yield by_seed[s]

    def tally(self) -> Dict[str, int]:
        """Counts of the rows: each outcome, snapshots created and updated, runs."""
        c = {PASSED: 0, FAILED: 0, ERROR: 0, "created": 0, "updated": 0, "runs": 0}
        for r in self.rows():
            c[r["outcome"]] += 1
            c["runs"] += 1
            if r["snapshot"] in ("created", "updated"):
                c[r["snapshot"]] += 1
        return c

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> "RunRows":
        return self

    def __exit__(self, *_exc) -> None:
        self.close()
