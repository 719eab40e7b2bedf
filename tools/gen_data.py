#!/usr/bin/env python3
"""Regenerate unlev's shipped data tables (stdlib/data/*.json) from a game's C source.

A thin wrapper kept for maintainers' habits: the importer is
:mod:`unlev.tools.data.importer` (``unlev data import``), and this script writes only the
tables (no profile.json) to stdlib/data or stdlib/data/<dialect>::

    python tools/gen_data.py --source /path/to/unnethack [--source DIR ...]
                             [--dialect unnethack|nethack36|nethack343] [--out DIR]
                             [-D NAME[=VALUE]] [-U NAME]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from unlev.tools.data.importer import (
    DIALECT_FEATURES, SourceError, import_tables, summary, write_tables,
)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--source", action="append", required=True, type=Path,
                    help="source tree (include/, src/, util/); repeatable")
    ap.add_argument("--out", type=Path, default=None,
                    help="output folder (default stdlib/data, or stdlib/data/<dialect>)")
    ap.add_argument("--dialect", choices=sorted(DIALECT_FEATURES), default="unnethack")
    ap.add_argument("-D", dest="define", action="append", default=[])
    ap.add_argument("-U", dest="undef", action="append", default=[])
    args = ap.parse_args(argv)
    if args.out is None:
        args.out = Path(__file__).resolve().parent.parent / "stdlib" / "data"
        if args.dialect != "unnethack":
            args.out = args.out / args.dialect
    try:
        tables, warnings = import_tables(args.source, args.dialect, args.define, args.undef)
    except SourceError as e:
        print(f"gen_data: error: {e}", file=sys.stderr)
        return 1
    for w in warnings:
        print(f"gen_data: warning: {w}", file=sys.stderr)
    write_tables(args.out, tables)
    print(f"gen_data: {summary(tables)} -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
