"""Issue 31's stream alignment: how far unlev's draws follow NetHack 3.7's own, level by
level, against the mazesofmenace fixtures (``test/comparison/maps/seed*_special_*``).

    python tools/nh37_align.py --mirror DIR --nh37 DAT [--groups knox,vlad,...]
                               [--seeds 1,42,100] [--search 200000] [-v]

The fixtures' C game seeds ISAAC64 with the seed (NETHACK_SEED, never reseeded) and
logs its draws; each level keeps its first draws (``rngFingerprint``, or the whole
``rng`` log of the Elemental Planes).  A logged draw is ``fn(x)=value``; composite
helpers' own draws are not all logged (Fort Ludios' first level draws skip 19 raw
draws), so each logged draw is placed on the raw stream: the level's start is an index where
the fixture's first six draws follow each other (of those, the one whose next draws
lie closest), and every later logged draw takes the next raw index whose value
reduces to it.

unlev then makes the level from that point of the same stream (``generator`` an
ISAAC64 RNG that skipped the start; #wizloaddes as the fixtures were made, the planes
by mklev) and records the modulus of every raw draw.  A logged draw agrees when unlev
drew at its raw index with the same modulus (the value then agrees too); the figure
is how many logged draws agree before the first that does not, and where that one is
(the fixture's caller where the log names it).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import mom_fixtures  # noqa: E402  (tools/)

DRAW = re.compile(r"^(rn2|rnd|rn1|d)\((\d+)\)=(-?\d+)(?:\s*@\s*(.*))?")
GROUPS = ("knox", "vlad", "castle", "medusa", "oracle", "valley", "wizard", "planes",
          "sokoban", "bigroom")


def fixture_levels(mirror: str, seed: int, group: str):
    try:
        fx = mom_fixtures.read_fixture(mirror, seed, group)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return []
    return fx["levels"]


DICE = re.compile(r"^d\((\d+),(\d+)\)=(-?\d+)(?:\s*@\s*(.*))?")


def logged_draws(level: dict):
    """The fixture's logged draws: (fn, x, value, caller, n) -- ``n`` raw draws of
    modulus ``x`` (``d(n,x)`` logs its n draws as one line; ``rne`` is a summary of
    the rn2 lines before it and is left out)."""
    out = []
    if level.get("rng"):
        for e in level["rng"]:
            m = DRAW.match(e)
            if m:
                out.append((m[1], int(m[2]), int(m[3]), m[4] or "", 1))
                continue
            m = DICE.match(e)
            if m:
                out.append(("d", int(m[2]), int(m[3]), m[4] or "", int(m[1])))
    else:
        for f in level.get("rngFingerprint", []):
            out.append((f["fn"], f["arg"], f["result"], "", 1))
    return out


def reduce(fn: str, x: int, word: int) -> int:
    return word % x + (1 if fn == "rnd" else 0)


def fits(draw, words, at: int) -> bool:
    fn, x, v, _c, n = draw
    if at + n > len(words):
        return False
    if fn == "d":
        return n + sum(words[at + j] % x for j in range(n)) == v
    return reduce(fn, x, words[at]) == v


def place_on_stream(draws, words, complete: bool):
    """Raw indices of the logged draws (see the module docstring); None if the first
    six are nowhere in ``words``.  Six draws can follow each other by chance (a
    shuffle of six is one in 1440), so of every start where they do, the one whose
    later draws lie closest together is taken.  ``complete``: the log names every
    draw (the planes' ``rng``), so each draw follows the one before."""
    k = min(6, len(draws))
    best = None
    for start in range(len(words) - k):
        at, ok = start, True
        for d in draws[:k]:
            if not fits(d, words, at):
                ok = False
                break
            at += d[4]
        if not ok:
            continue
        idx = follow(draws[:40], words, start, complete)
        if best is None or (len(idx), idx[0] - idx[-1]) > (len(best), best[0] - best[-1]):
            best = idx
    if best is None:
        return None
    return follow(draws, words, best[0], complete)


def follow(draws, words, start: int, complete: bool):
    idx, at = [], start
    for d in draws:
        if complete:
            if not fits(d, words, at):
                break
        else:
            while at < len(words) and not fits(d, words, at):
                at += 1
        if at >= len(words):
            break
        idx.append(at)
        at += d[4]
    return idx


def recording_rng(seed: int, skip: int, callers: bool = False):
    """NetHack 3.7's stream for ``seed`` after ``skip`` raw draws, recording the
    modulus of every later raw draw (``.moduli[i]`` for raw index ``skip + i``)."""
    from unlev.stdlib.isaac64 import Isaac64Source
    from unlev.stdlib.rng import RNG

    class Recorder(RNG):
        moduli: list

        def _take(self, x: int, in_dice: bool = False) -> int:
            self.calls += 1
            self.moduli.append(x)
            v = self._word() % x
            self.values.append(v)
            self.in_dice.append(in_dice)
            if self.callers is not None:
                self.callers.append((v, where()))
            return v

        def _rnd_raw(self, x):
            return self._take(x)

        def rn2(self, x):
            return 0 if x <= 0 else self._take(x)

        def rnd(self, x):
            return 1 if x <= 0 else self._take(x) + 1

        def rn1(self, x, y):
            return y if x <= 0 else self._take(x) + y

        def d(self, n, x):
            if x < 0 or n < 0 or (x == 0 and n != 0):
                return 1
            return n + sum(self._take(x, True) for _ in range(n))

        def rnf(self, numerator, denominator):
            if denominator <= 0:
                return 0 < numerator
            return self._take(denominator) < numerator

        def rne(self, x, ulevel=1):             # 3.7's rne
            cap = 5 if ulevel < 15 else ulevel // 3
            tmp = 1
            while tmp < cap and not self.rn2(x):
                tmp += 1
            return tmp

    src = Isaac64Source(seed)
    for _ in range(skip):
        src.next_u32()
    rng = Recorder(seed, src)
    rng.moduli, rng.values, rng.in_dice = [], [], []
    rng.callers = [] if callers else None
    return rng


def where() -> str:
    """The first caller outside the RNG and this tool: function (file:line)."""
    import inspect
    names = []
    for fr in inspect.stack()[3:12]:
        base = os.path.basename(fr.filename)
        if base in ("rng.py", "nh37_align.py"):
            continue
        names.append(f"{fr.function}({base}:{fr.lineno})")
        if len(names) == 3:
            break
    return " < ".join(names)


def level_draws(draws, mklev: bool):
    """The logged draws from the level's first on: a step's log may begin with draws
    of the command before the level (seed 100's rn2(100)).  A level file's first
    draws are nhlib.lua's shuffle of the three alignments, rn2(3) then rn2(2), after
    getbones' rn2(3) when mklev makes the level."""
    head = [("rn2", 3)] * (2 if mklev else 1) + [("rn2", 2)]
    for i in range(min(6, len(draws))):
        if [(d[0], d[1]) for d in draws[i:i + len(head)]] == head:
            return draws[i:]
    return draws


def agreement(dat: str, level: dict, seed: int, mklev: bool, words, show: int = 0):
    """(draws agreeing, draws placed, the first apart, an error) for one fixture
    level, or None if its start is not in ``words``."""
    return agree_draws(os.path.join(dat, level["levelName"] + ".lua"),
                       level_draws(logged_draws(level), mklev), bool(level.get("rng")),
                       seed, mklev, words, show)


def agree_draws(path: str, draws, complete: bool, seed: int, mklev: bool, words,
                show: int = 0):
    idx = place_on_stream(draws, words, complete=complete)
    if not idx:
        return None
    from unlev.lua.runtime import run_lua_file
    start = idx[0]
    rng = recording_rng(seed, start, callers=show > 0)
    error = None
    try:
        run_lua_file(path, seed, generator=rng, wizload=not mklev)
    except Exception as e:                       # a tool: report, go on
        error = f"{type(e).__name__}: {e}"
    got = rng.moduli
    agree, miss, first_miss = 0, None, ""
    if complete:
        for (fn, x, _v, caller, n), at in zip(draws, idx):
            i = at - start
            if got[i:i + n] == [x] * n:
                agree += 1
                continue
            ours = got[i] if i < len(got) else None
            miss, first_miss = i, f"{fn}({x}) {caller} (unlev: % {ours})"
            break
    else:
        # a fingerprint leaves out d(n,x)'s draws: compare with unlev's draws but
        # those, modulus and value
        ours = [(x, v) for x, v, dice in zip(got, rng.values, rng.in_dice) if not dice]
        for k, (fn, x, v, caller, _n) in enumerate(draws):
            if k < len(ours) and ours[k] == (x, v - (fn == "rnd")):
                agree += 1
                continue
            o = ours[k] if k < len(ours) else None
            first_miss = f"{fn}({x})={v} {caller}(unlev: {o})"
            break
        idx = draws
    if show:
        theirs = dict(zip(idx, draws))
        lo = max(0, (miss or 0) - 12)
        for i in range(lo, lo + show):
            t = theirs.get(start + i)
            tt = f"{t[0]}({t[1]}{'x%d' % t[4] if t[4] > 1 else ''})={t[2]} {t[3]}" if t else "-"
            ours = (f"%{got[i]}={rng.callers[i][0]} {rng.callers[i][1]}"
                    if i < len(got) else "-")
            print(f"  {start + i:6d}  C: {tt:44.44s}  unlev: {ours[:110]}")
    return agree, len(idx), first_miss, error


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--nh37", required=True, help="NetHack 3.7's dat/ folder")
    ap.add_argument("--groups", default=",".join(GROUPS))
    ap.add_argument("--seeds", default="1,42,100")
    ap.add_argument("--search", type=int, default=200000,
                    help="raw draws of each seed's stream searched for a level's start")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--show", type=int, default=0,
                    help="print the first N raw draws of both, side by side")
    args = ap.parse_args()
    from unlev.stdlib.isaac64 import Isaac64
    total_agree = total = 0
    for seed in (int(s) for s in args.seeds.split(",")):
        gen = Isaac64.from_seed(seed)
        words = [gen.next_uint64() for _ in range(args.search)]
        for group in args.groups.split(","):
            for level in fixture_levels(args.mirror, seed, group):
                if not os.path.isfile(os.path.join(args.nh37, level["levelName"] + ".lua")):
                    continue
                res = agreement(args.nh37, level, seed, group in mom_fixtures.MADE_BY_MKLEV,
                                words, args.show)
                name = f"{level['levelName']:10s} seed {seed:3d}"
                if res is None:
                    print(f"{name}: start not found in {args.search} draws")
                    continue
                agree, n, first_miss, error = res
                total_agree, total = total_agree + agree, total + n
                print(f"{name}: {agree}/{n} logged draws agree"
                      + (f"; first apart: {first_miss}" if first_miss else "")
                      + (f" [{error}]" if error and args.verbose else ""))
    print(f"all: {total_agree}/{total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
