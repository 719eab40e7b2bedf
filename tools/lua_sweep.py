"""The figures of issue 20: every corpus level converted to Lua, checked with ``luac -p``
and run by unlev against its des-file under seeds 1..N (byte-identical JSON?); and
NetHack 3.7's own dat/*.lua levels run under seeds 1..N.

    python tools/lua_sweep.py [--corpus ../shared/corpus] [--nh37 DIR] [--seeds 5]

``--nh37`` is a folder of 3.7's dat/*.lua files (e.g. exported from the NetHack/NetHack
mirror with ``git show HEAD:dat/oracle.lua``).
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from unlev.tools.convert import build_lua_like_run, verify_file  # noqa: E402
from unlev.lua.convert import convert_file  # noqa: E402

NOT_LEVELS = {"nhlib.lua", "nhcore.lua", "dungeon.lua", "quest.lua", "themerms.lua"}


def sweep_corpus(corpus: str, seeds: int) -> None:
    luac = shutil.which("luac5.4") or shutil.which("luac")
    for dialect in ("unnethack", "nethack36", "nethack343"):
        files = sorted(glob.glob(os.path.join(corpus, dialect, "*.des")))
        same = total = levels = luac_bad = 0
        differing = collections.Counter()
        t0 = time.perf_counter()
        for f in files:
            outputs = convert_file(f)
            levels += len(outputs)
            if luac:
                for _name, text in outputs:
                    r = subprocess.run([luac, "-p", "-"], input=text, capture_output=True,
                                       text=True)
                    luac_bad += r.returncode != 0
            s, t, diffs = verify_file(f, range(1, seeds + 1))
            same, total = same + s, total + t
            for d in diffs:
                differing[os.path.basename(f) + ":" + d.split(" seed ")[0]] += 1
        print(f"{dialect}: {len(files)} files, {levels} levels converted, "
              f"luac -p failures {luac_bad if luac else 'n/a (no luac)'}, "
              f"{same}/{total} level x seed runs byte-identical "
              f"({100 * same / max(total, 1):.1f}%) in {time.perf_counter() - t0:.0f} s")
        for name, n in sorted(differing.items()):
            print(f"  differs: {name} ({n} of {seeds} seeds)")


def sweep_nh37(folder: str, seeds: int) -> None:
    files = sorted(f for f in glob.glob(os.path.join(folder, "*.lua"))
                   if os.path.basename(f) not in NOT_LEVELS)
    ok, failures = 0, {}
    for f in files:
        try:
            for seed in range(1, seeds + 1):
                build_lua_like_run(f, seed)
            ok += 1
        except Exception as e:  # noqa: BLE001 - reported
            failures[os.path.basename(f)] = f"{type(e).__name__}: {str(e).splitlines()[0]}"
    print(f"NetHack 3.7: {ok} of {len(files)} level files run under seeds 1..{seeds}")
    for name, why in failures.items():
        print(f"  fails: {name}: {why}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=os.environ.get("UNLEV_CORPUS", "../shared/corpus"))
    ap.add_argument("--nh37", default=None)
    ap.add_argument("--seeds", type=int, default=5)
    args = ap.parse_args()
    if args.nh37:
        sweep_nh37(args.nh37, args.seeds)
    if os.path.isdir(args.corpus):
        sweep_corpus(args.corpus, args.seeds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
