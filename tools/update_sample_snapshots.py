"""Write the shipped samples' snapshots (``tests/snapshots/samples``) after an intended
change: ``python tools/update_sample_snapshots.py``.

Why a tool and not a switch of the test: a test that can write what it checks cannot
fail, so ``tests/test_samples.py`` only compares; this writes, with exactly the command
the test runs (``unlev run samples/X.des --seed 1 --json``), and says which snapshots
changed so the commit can say why.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SNAPSHOTS = REPO / "tests" / "snapshots" / "samples"
SEED = 1


def generated(sample: Path) -> str:
    from unlev.cli import main
    here = os.getcwd()
    os.chdir(REPO)                  # the JSON records the path as given: keep it relative
    try:
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "level.json"
            rc = main(["run", f"samples/{sample.name}", "--seed", str(SEED), "--json",
                       str(out), "-q"])
            if rc != 0:
                raise SystemExit(f"unlev run samples/{sample.name} exited {rc}")
            return out.read_text(encoding="utf-8")
    finally:
        os.chdir(here)


def main() -> int:
    SNAPSHOTS.mkdir(parents=True, exist_ok=True)
    changed = 0
    for sample in sorted((REPO / "samples").glob("*.des")):
        snap = SNAPSHOTS / f"{sample.stem}.seed{SEED}.json"
        text = generated(sample)
        old = snap.read_text(encoding="utf-8") if snap.exists() else None
        if text != old:
            snap.write_text(text, encoding="utf-8", newline="\n")
            changed += 1
            print(f"{'updated' if old is not None else 'created'} {snap.relative_to(REPO)}")
    print(f"{changed} snapshot(s) written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
