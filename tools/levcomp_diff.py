#!/usr/bin/env python3
"""Differential testing of unlev's NetHack 3.6 parser against the real 3.6 ``lev_comp``.

Debian's ``nethack-common`` ships NetHack 3.6.6's compiler as
``/usr/lib/games/nethack/lev_comp``. For each input (a corpus level, or a mutated copy
of one: a token deleted, duplicated or replaced, two arguments swapped, a keyword
misspelled, a line dropped...), both decide accept or reject; this tool counts where
they agree and lists where they do not.

Usage::

    python tools/levcomp_diff.py [--count 2000] [--seed 1] [--show 20]

Used by tests/test_lev_comp_diff.py on a smaller sample.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

LEV_COMP_PATHS = ["/usr/lib/games/nethack/lev_comp", "/usr/games/lev_comp",
                  "/usr/lib/nethack/lev_comp"]


def find_lev_comp() -> Optional[str]:
    for p in LEV_COMP_PATHS:
        if os.path.isfile(p) and os.access(p, os.X_OK):
            return p
    return shutil.which("lev_comp")


class LevComp:
    """Runs lev_comp in a scratch folder (it writes one .lev file per level there)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.dir = tempfile.mkdtemp(prefix="levcomp-")

    def accepts(self, text: str) -> Optional[bool]:
        """True/False, or None when lev_comp crashed or hung (no verdict)."""
        src = os.path.join(self.dir, "in.des")
        with open(src, "w", encoding="latin-1") as fh:
            fh.write(text)
        try:
            r = subprocess.run([self.path, "in.des"], cwd=self.dir, capture_output=True,
                               timeout=10)
        except subprocess.TimeoutExpired:
            return None
        for f in os.listdir(self.dir):
            if f.endswith(".lev"):
                os.remove(os.path.join(self.dir, f))
        if r.returncode < 0:
            return None
        return r.returncode == 0

    def close(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def unlev_accepts(text: str, dialect: str = "nethack36") -> bool:
    from unlev.lang.diagnostics import DesError
    from unlev.lang.frontend import compile_text
    try:
        compile_text(text, "in.des", dialect=dialect, compat_warnings=False)
        return True
    except DesError:
        return False


# ------------------------------------------------------------------ inputs
def split_levels(text: str) -> List[str]:
    """Each LEVEL/MAZE of a des-file as a file of its own (comments kept out)."""
    lines = [ln for ln in text.splitlines(keepends=True) if not ln.lstrip().startswith("#")]
    starts = [i for i, ln in enumerate(lines) if re.match(r"(LEVEL|MAZE)\s*:", ln)]
    out = []
    for k, i in enumerate(starts):
        j = starts[k + 1] if k + 1 < len(starts) else len(lines)
        out.append("".join(lines[i:j]))
    return out


_TOKEN = re.compile(r'"[^"\n]*"|\'\\?.\'|\[ *[0-9]+% *\]|[A-Za-z_$][-A-Za-z_0-9]*|-?[0-9]+%?|\S')
_WORDS = ["MONSTER", "OBJECT", "TRAP", "REGION", "ROOM", "random", "lit", "unlit", "MAP",
          "DOOR", "filled", "IF", "ELSE", "LOOP", "SWITCH", "selection", "line", "circle",
          "CONTAINER", "ENGRAVING", "MAZEWALK", "NON_DIGGABLE", "align", "levregion",
          "hostile", "asleep", "blessed", "$place", "north", "closed", "INCLUDE", "SPILL"]
_SPELL = {"MONSTER": "MONSTR", "OBJECT": "OBJET", "random": "randon", "REGION": "REGOIN",
          "unlit": "unlt", "DOOR": "Door", "TRAP": "TRAPS", "lit": "Lit", "FLAGS": "FLAG",
          "GEOMETRY": "GEOMETRIE", "center": "centre", "closed": "close", "locked": "lock",
          "noteleport": "noteleprt", "STAIR": "STAIRS", "ALTAR": "ALTER", "hostile": "hostil"}
_NAMES = ['"xorn"', '"long sword"', '"no such thing"', '"Medusa"', '"magic trap"',
          '"throne"', '"orcish helm"', '"Xorn"', '"dwarf lord"', '"hill orc"', '""']


@dataclass
class Mutant:
    text: str
    what: str


def _map_spans(text: str):
    spans = []
    for m in re.finditer(r"^MAP\n.*?^ENDMAP", text, re.MULTILINE | re.DOTALL):
        spans.append((m.start() + 4, m.end() - 6))
    return spans


def mutate(text: str, rng: random.Random) -> Mutant:
    """One random edit of the kind a person makes."""
    maps = _map_spans(text)
    toks = [m for m in _TOKEN.finditer(text)
            if not any(a <= m.start() < b for a, b in maps)]
    kind = rng.choice(["delete", "delete", "duplicate", "swap", "misspell", "number",
                       "name", "dropline", "insert", "mapchar", "case"])
    if kind == "dropline":
        lines = text.splitlines(keepends=True)
        i = rng.randrange(len(lines))
        return Mutant("".join(lines[:i] + lines[i + 1:]), f"drop line {i + 1}")
    if kind == "mapchar" and maps:
        a, b = rng.choice(maps)
        if b > a:
            i = rng.randrange(a, b)
            if text[i] != "\n":
                ch = rng.choice("x.#-|+ABCPLWTFMtYUZ!{}S ")
                return Mutant(text[:i] + ch + text[i + 1:], f"map char {ch!r}")
    t = rng.choice(toks)
    a, b = t.start(), t.end()
    tok = t.group()
    if kind == "delete":
        return Mutant(text[:a] + text[b:], f"delete {tok!r}")
    if kind == "duplicate":
        return Mutant(text[:b] + " " + tok + text[b:], f"duplicate {tok!r}")
    if kind == "misspell":
        if tok in _SPELL:
            new = _SPELL[tok]
        elif len(tok) > 2 and tok[0].isalpha():
            k = rng.randrange(1, len(tok))
            new = tok[:k] + tok[k + 1:]
        else:
            new = tok + "x"
        return Mutant(text[:a] + new + text[b:], f"misspell {tok!r} -> {new!r}")
    if kind == "case" and tok[:1].isalpha():
        new = tok.lower() if tok.isupper() else tok.upper()
        return Mutant(text[:a] + new + text[b:], f"case {tok!r} -> {new!r}")
    if kind == "number":
        new = rng.choice(["-1", "0", "80", "21", "999", "(-3)", "3d4", "5-3", "1 + 2", "101%"])
        return Mutant(text[:a] + new + text[b:], f"number {tok!r} -> {new!r}")
    if kind == "name":
        new = rng.choice(_NAMES)
        return Mutant(text[:a] + new + text[b:], f"name {tok!r} -> {new}")
    if kind == "insert":
        new = rng.choice(_WORDS)
        return Mutant(text[:a] + new + " " + text[a:], f"insert {new!r}")
    # swap two arguments of the statement around the token
    line_start = text.rfind("\n", 0, a) + 1
    line_end = text.find("\n", a)
    line_end = len(text) if line_end < 0 else line_end
    line = text[line_start:line_end]
    head, colon, rest = line.partition(":")
    args = _split_args(rest)
    if colon and len(args) >= 2:
        i = rng.randrange(len(args) - 1)
        args[i], args[i + 1] = args[i + 1], args[i]
        new_line = head + colon + ",".join(args)
        return Mutant(text[:line_start] + new_line + text[line_end:], f"swap args {i},{i + 1}")
    return Mutant(text[:a] + text[b:], f"delete {tok!r}")


def _split_args(rest: str) -> List[str]:
    out, depth, cur, quote = [], 0, "", None
    for ch in rest:
        if quote:
            cur += ch
            if ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        cur += ch
    out.append(cur)
    return out


def corpus_levels(corpus: Path) -> List[str]:
    levels = []
    for f in sorted(corpus.glob("*.des")):
        levels.extend(split_levels(f.read_text(encoding="latin-1")))
    return levels


@dataclass
class Result:
    total: int = 0
    agree: int = 0
    no_verdict: int = 0
    disagreements: list = None  # (what, lev_comp, unlev, text)


def run(levels: List[str], count: int, seed: int, lev_comp: str) -> Result:
    rng = random.Random(seed)
    lc = LevComp(lev_comp)
    res = Result(disagreements=[])
    try:
        inputs = [Mutant(t, "corpus level") for t in levels]
        while len(inputs) < len(levels) + count:
            inputs.append(mutate(rng.choice(levels), rng))
        for m in inputs:
            theirs = lc.accepts(m.text)
            if theirs is None:
                res.no_verdict += 1
                continue
            ours = unlev_accepts(m.text)
            res.total += 1
            if ours == theirs:
                res.agree += 1
            else:
                res.disagreements.append((m.what, theirs, ours, m.text))
    finally:
        lc.close()
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=2000, help="mutated inputs (default 2000)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--show", type=int, default=20, help="disagreements to print")
    ap.add_argument("--corpus", type=Path,
                    default=Path(__file__).resolve().parents[2] / "shared" / "corpus" / "nethack36")
    args = ap.parse_args(argv)
    lc = find_lev_comp()
    if lc is None:
        print("levcomp_diff: no lev_comp (apt-get install nethack-common)", file=sys.stderr)
        return 2
    levels = corpus_levels(args.corpus)
    res = run(levels, args.count, args.seed, lc)
    rate = 100.0 * res.agree / max(res.total, 1)
    print(f"{res.total} inputs ({len(levels)} corpus levels + mutants), {res.agree} agree "
          f"({rate:.2f}%), {len(res.disagreements)} disagree, {res.no_verdict} without a "
          "lev_comp verdict")
    for what, theirs, ours, text in res.disagreements[:args.show]:
        print(f"--- {what}: lev_comp {'accepts' if theirs else 'rejects'}, unlev "
              f"{'accepts' if ours else 'rejects'}; level {text.splitlines()[0]!r}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
