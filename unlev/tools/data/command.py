"""``unlev data import|list|show``: make a data profile from a variant's source and see
which profiles ``--data`` can find.

Why a command: a variant maintainer's des-files name the variant's own monsters and
objects; ``unlev data import ~/src/evilhack --name evilhack`` reads them from the
variant's C source (:mod:`.importer`) into a profile (:mod:`unlev.stdlib.profiles`)
that every command then takes as ``--data evilhack``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

HELP = "import a variant's data tables from its source; list the data profiles"

EXAMPLES = """examples:
  unlev data import ~/src/EvilHack --name evilhack      read include/ src/ util/
  unlev data import ~/src/EvilHack --name evilhack --base-src ~/src/nethack-3.6.2
                                                        its extensions against that tree
  unlev check ~/src/EvilHack/dat --data evilhack        check its des-files by its names
  unlev data list                                       the profiles --data can name
  unlev data show evilhack                              what a profile holds
"""


ACTIONS = ("import", "list", "show")


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("data", help=HELP, description=HELP, epilog=EXAMPLES,
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("action", metavar="ACTION",
                   help="import SOURCE... --name NAME: read a variant's source tree "
                   "(include/, src/, util/; with more than one, a file is taken from the "
                   "first that has it) into a profile; list: the profiles --data NAME "
                   "finds; show NAME|DIR: what a profile holds")
    p.add_argument("paths", nargs="*", metavar="SOURCE|NAME")
    p.add_argument("--name", help="import: the profile's name (--data NAME)")
    p.add_argument("--base", choices=["auto", "unnethack", "nethack36", "nethack343"],
                   default="auto", help="import: the dialect the variant extends "
                   "(default: decided from its util/lev_comp.y)")
    p.add_argument("--base-src", action="append", type=Path, default=[], metavar="DIR",
                   help="import: the base game's source tree (only its util/lev_comp.l, "
                   "lev_comp.y and lev_main.c are read) or an imported profile's folder: "
                   "the variant's language extensions are what its lev_comp has beyond "
                   "that one's (default: unlev's digest of the base dialect's game)")
    p.add_argument("--out", type=Path, default=None,
                   help="import: the profile folder (default: the user profile "
                   "folder/NAME, where --data NAME finds it)")
    p.add_argument("-D", dest="define", action="append", default=[], metavar="NAME[=V]",
                   help="import: define a feature macro of the variant's build")
    p.add_argument("-U", dest="undef", action="append", default=[], metavar="NAME",
                   help="import: undefine a feature macro")
    p.add_argument("--no-config", action="store_true",
                   help="import: do not read the feature macros the variant's "
                   "include/config.h turns on (the base game's defaults only)")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.action not in ACTIONS:
        print(f"unlev data: error: unknown action {args.action!r} (choose from "
              f"{', '.join(ACTIONS)})", file=sys.stderr)
        return 2
    if args.action == "import":
        if not args.paths or not args.name:
            print("unlev data: error: import needs a SOURCE folder and --name NAME",
                  file=sys.stderr)
            return 2
        args.source = [Path(s) for s in args.paths]
        return run_import(args)
    if args.action == "show":
        if len(args.paths) != 1:
            print("unlev data: error: show needs one profile NAME or folder", file=sys.stderr)
            return 2
        args.profile = args.paths[0]
        return run_show(args)
    return run_list(args)


def detect_base(sources) -> Optional[str]:
    """The dialect a source tree's lev_comp speaks: UnNetHack's has INCLUDE/SPILL,
    NetHack 3.6's flow control and a MAZE header, 3.4.3's no IF."""
    from .importer import Sources
    path = Sources(sources).find("util/lev_comp.y")
    if path is None:
        from .importer_nethack37 import is_nethack37
        # NetHack 3.7 has no lev_comp (its levels are Lua); a des-file read with its
        # profile is read as 3.6's, the last des dialect NetHack had
        return "nethack36" if is_nethack37(Sources(sources)) else None
    text = path.read_text(encoding="latin-1")
    if "INCLUDE_ID" in text or "SPILL_ID" in text:
        return "unnethack"
    if "IF_ID" in text:
        return "nethack36"
    return "nethack343"


def import_profile(source, name: str, out: Optional[Path] = None, base: str = "auto",
                   base_src=(), define=(), undef=(), no_config: bool = False,
                   say=None) -> int:
    """What ``unlev data import`` does (tables, then extensions when the base's source is
    given), for a caller that is not the command line (the variant sweep); messages go
    to *say* (default: standard error).  The exit status."""
    sources = [source] if isinstance(source, (str, Path)) else list(source)
    args = argparse.Namespace(source=[Path(s) for s in sources], name=name, out=out,
                              base=base, base_src=[Path(b) for b in base_src],
                              define=list(define), undef=list(undef), no_config=no_config)
    return run_import(args, say)


def run_import(args, say=None) -> int:
    result = say or print             # the summary line: standard output by default
    if say is None:
        def say(msg: str) -> None:
            print(msg, file=sys.stderr)
    from unlev.stdlib import profiles
    from .config_features import config_features
    from .declarations import describe, generate, merged, without_base
    from .importer import SourceError, import_tables, summary, write_profile
    from .sources import Sources
    for s in args.source:
        if not s.is_dir():
            say(f"unlev data: error: cannot read {s}: not a folder")
            return 2
    base = args.base
    if base == "auto":
        base = detect_base(args.source)
        if base is None:
            say("unlev data: error: no util/lev_comp.y to tell the base dialect from; "
                  "give --base")
            return 2
        why = ("from util/lev_comp.y" if Sources(args.source).find("util/lev_comp.y")
               else "NetHack 3.7's layout: no lev_comp, read des-files as 3.6's")
        say(f"unlev data: base dialect {base} ({why})")
    define = list(args.define)
    if not args.no_config:
        found = config_features(args.source)
        define = [f for f in found if f not in args.undef] + define
        if found:
            say(f"unlev data: feature macros from include/config.h: {' '.join(found)}")
    try:
        from .importer_nethack37 import import_tables37, is_nethack37
        # NetHack 3.7's layout (include/monsters.h, objects.h) has its own reader
        read = import_tables37 if is_nethack37(Sources(args.source)) else import_tables
        tables, warnings = read(args.source, base, define, args.undef)
    except (SourceError, ValueError, KeyError) as e:
        say(f"unlev data: error: {e}")
        return 1
    for w in warnings:
        say(f"unlev data: warning: {w}")
    generated, against, inherited = None, None, {}
    if len(args.base_src) == 1 and (args.base_src[0] / "profile.json").is_file():
        # a profile (another variant's import) as the base: its lev_comp digest
        other = profiles.load(args.base_src[0])
        if not other.has_table("levcomp"):
            say(f"unlev data: error: the profile {other.path} has no levcomp.json (import "
                "it again to write one)")
            return 2
        base_lev_comp = other.table("levcomp")
        against = f"the {other.name} profile's lev_comp ({other.source})"
        inherited = other.extensions
    elif args.base_src:
        against = ", ".join(str(s.resolve()) for s in args.base_src)
        base_lev_comp = args.base_src
    else:
        # unlev's own digest of the base game's lev_comp (the built-in profile's table)
        known = profiles.builtin(base)
        base_lev_comp = known.table("levcomp")
        against = f"the built-in {base} profile's lev_comp ({known.source})"
        say(f"unlev data: note: {without_base(base, known.source)}")
    if "levcomp" not in tables:
        say("unlev data: note: no util/lev_comp.l, lev_comp.y and lev_main.c in the "
            "variant's tree: its language extensions are not generated")
    else:
        try:
            generated = generate(args.source, base_lev_comp, base, args.name)
        except SourceError as e:
            say(f"unlev data: error: cannot generate the language extensions: {e}")
            return 2
        if inherited:
            # what the base profile declares is the variant's too
            generated["extensions"] = merged(inherited, generated["extensions"])
        if args.base_src:
            say(f"unlev data: language extensions generated against {against}")
        for line in generated["generated_from"]["review"]:
            say(f"unlev data: review: {line}")
    out = args.out or profiles.user_profile_dir() / args.name
    try:
        write_profile(out, args.name, base, tables,
                      source=", ".join(str(s.resolve()) for s in args.source),
                      extensions=generated["extensions"] if generated else None,
                      generated_from=generated and dict(generated["generated_from"],
                                                        base_source=against))
    except OSError as e:
        say(f"unlev data: error: cannot write {out}: {e.strerror}")
        return 2
    ext = profiles.load(out).extensions
    kept = "" if generated else " (kept from the existing profile.json)" if ext else ""
    result(f"{args.name}: {summary(tables)}; extensions: {describe(ext)}{kept} -> {out}")
    return 0


def run_list(args) -> int:
    from unlev.stdlib import profiles
    for name, path in profiles.available():
        try:
            prof = profiles.load(path) if name not in profiles.BUILTIN else profiles.builtin(name)
        except profiles.ProfileError as e:
            print(f"{name}\t(unreadable: {e})")
            continue
        kind = "built-in" if prof.builtin else str(path)
        print(f"{name}\t{prof.base}\t{kind}")
    return 0


def run_show(args) -> int:
    from unlev.stdlib import profiles
    try:
        prof = profiles.resolve(args.profile)
    except profiles.ProfileError as e:
        print(f"unlev data: error: {e}", file=sys.stderr)
        return 2
    names = profiles.names_of(prof)
    print(f"profile {prof.name}: extends {prof.base}; {prof.path}")
    if prof.source:
        print(f"source: {prof.source}")
    for kind, items in names.items():
        print(f"{kind}s: {len(items)}")
    if prof.has_table("dungeon"):
        dungeons = prof.table("dungeon")["dungeons"]
        print(f"dungeons: {len(dungeons)} ({', '.join(d['name'] for d in dungeons)}), "
              f"{sum(len(d['levels']) for d in dungeons)} special levels placed")
    if prof.extensions:
        print(f"extensions: {', '.join(sorted(prof.extensions))}")
    return 0
