"""Write a variant's declared extensions from its lev_comp, against its base's.

A thin wrapper kept for maintainers' habits: the generator is
:mod:`unlev.tools.data.declarations`, which ``unlev data import ... --base-src SRC``
runs itself and writes into the profile.  This writes the fragment alone::

    python tools/gen_extensions.py /work/variants/evilhack --base nethack36 \\
        --base-src /tmp/nethack-3.6.7 --name evilhack -o docs/examples/extensions/evilhack.json

``--base-src`` is the base game's source tree (NetHack 3.6.x for ``nethack36``, 3.4.3
for ``nethack343``, UnNetHack for ``unnethack``): only its ``util/lev_comp.[ly]`` and
``util/lev_main.c`` are read.
"""

from __future__ import annotations

import argparse
import json
import sys

from unlev.tools.data.declarations import (  # noqa: F401 - the old names stay importable
    SHAPE_OF, BASE_GUESS, DOOR_BASES, base_guess, generate, lexer_words, map_chars, read,
    rules, what_map_char,
)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("variant", help="the variant's source tree (util/lev_comp.l ...)")
    ap.add_argument("--base", required=True, choices=("unnethack", "nethack36", "nethack343"))
    ap.add_argument("--base-src", required=True, help="the base game's source tree")
    ap.add_argument("--name", required=True)
    ap.add_argument("-o", "--output", help="write here (default: standard output)")
    a = ap.parse_args(argv)
    doc = generate(a.variant, a.base_src, a.base, a.name)
    text = json.dumps(doc, indent=2, sort_keys=False) + "\n"
    if a.output:
        with open(a.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)
    for line in doc["generated_from"]["review"]:
        print(f"review: {line}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
