"""Issue 31's figure of what is not yet NetHack 3.7's in a 3.7 level made by unlev: the
monsters, objects and engravings of NetHack's own dat/*.lua levels (seeds 1..N) whose
names or texts 3.7 does not have -- UnNetHack's (unlev's builder populates from
UnNetHack's tables) or unlev's stand-ins for names it lacks.

    python tools/nh37_names.py --src NETHACK_TREE [--seeds 5] [--show 15]

``NETHACK_TREE`` holds NetHack 3.7's ``include/monsters.h``, ``include/objects.h`` and
``dat/`` (e.g. ``git archive 79c889502c include dat | tar -x -C DIR``).  The names
are read from the headers' first string of each ``MON(NAM(...))``/``NAMS(...)`` and
object-making macro (a measurement, not an importer: see the note); engraving texts
from ``dat/engrave.txt``, ``dat/epitaph.txt`` and the level file itself.
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

NOT_LEVELS = {"nhlib.lua", "nhcore.lua", "dungeon.lua", "quest.lua", "themerms.lua"}
# the object-making macros of 3.7's include/objects.h (each name is its first string)
OBJECT_MACROS = ("OBJECT", "WEAPON", "PROJECTILE", "BOW", "ARMOR", "HELM", "CLOAK",
                 "SHIELD", "GLOVES", "BOOTS", "RING", "AMULET", "TOOL", "WEPTOOL",
                 "EYEWEAR", "CONTAINER", "FOOD", "POTION", "SCROLL", "SPELL", "WAND",
                 "COIN", "GEM", "HARDGEM", "ROCK", "DRGN_ARMR")


def monster_names(path: str) -> set:
    text = open(path, encoding="utf-8", errors="replace").read()
    names = set(re.findall(r'MON\(\s*NAM\(\s*"([^"]+)"', text))
    for triple in re.findall(r'NAMS\(\s*"([^"]+)"\s*,\s*"([^"]+)"\s*,\s*"([^"]+)"', text):
        names.update(triple)
    return names


def object_names(path: str) -> set:
    text = open(path, encoding="utf-8", errors="replace").read()
    out = set()
    for macro in OBJECT_MACROS:
        out.update(re.findall(r"\b" + macro + r'\(\s*(?:OBJ\(\s*)?"([^"]+)"', text))
    return out


def text_lines(path: str) -> set:
    if not os.path.isfile(path):
        return set()
    return {ln.strip() for ln in open(path, encoding="utf-8", errors="replace")
            if ln.strip() and not ln.startswith("#")}


def main() -> int:
    from unlev.lua.runtime import run_lua_file
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", required=True)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--show", type=int, default=15)
    args = ap.parse_args()
    from unlev.lua.des.common import MONSTER_NAMES_37
    mons = monster_names(os.path.join(args.src, "include", "monsters.h"))
    # the names unlev's tables give a 3.7 monster ("aligned priest" for 3.7's "aligned
    # cleric") are that monster
    lowered = {n.lower() for n in mons}
    mons |= {v for k, v in MONSTER_NAMES_37.items() if k in lowered}
    objs = object_names(os.path.join(args.src, "include", "objects.h"))
    texts = (text_lines(os.path.join(args.src, "dat", "engrave.txt"))
             | text_lines(os.path.join(args.src, "dat", "epitaph.txt")))
    print(f"3.7: {len(mons)} monster names, {len(objs)} object names, "
          f"{len(texts)} engraving/epitaph lines")
    foreign = collections.Counter()
    runs_with = runs = 0
    files = sorted(f for f in glob.glob(os.path.join(args.src, "dat", "*.lua"))
                   if os.path.basename(f) not in NOT_LEVELS)
    for f in files:
        own = open(f, encoding="utf-8", errors="replace").read()
        for seed in range(1, args.seeds + 1):
            lv = run_lua_file(f, seed)
            runs += 1
            found = set()
            for m in lv.monsters:
                if isinstance(m.id, str) and m.id not in mons:
                    found.add(("monster", m.id))
            stack = list(lv.objects)
            while stack:
                o = stack.pop()
                stack.extend(getattr(o, "contents", []))
                if isinstance(o.id, str) and o.id not in objs:
                    found.add(("object", o.id))
            # the tutorial builds its texts from key names at run time: not random ones
            for e in ([] if "nh.eckey" in own else lv.engravings):
                t = (e.text or "").strip()
                if t and t not in texts and t not in own and not any(t in x for x in texts):
                    found.add(("engraving", t))
            runs_with += bool(found)
            foreign.update(found)
    print(f"{runs_with} of {runs} level x seed runs ({len(files)} files, seeds "
          f"1..{args.seeds}) hold a monster, object or engraving 3.7 does not have")
    for (kind, name), n in foreign.most_common(args.show):
        print(f"  {kind:9s} {name!r}: {n} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
