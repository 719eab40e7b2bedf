"""``unlev data import|list|show``: make a data profile from a variant's source and see
which profiles ``--data`` can find.

Why a command: a variant maintainer's des-files name the variant's own monsters and
objects; ``unlev data import ~/src/evilhack --name evilhack`` reads them from the
variant's C source (:mod:`.importer`) into a profile (:mod:`unlev.stdlib.profiles`)
that every command then takes as ``--data evilhack``.
"""

from __future__ import annotations

import argparse
import re
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

# Every dialect unlev reads (lang/dialect.py DIALECTS) can be a variant's base.
BASE_DIALECTS = ("unnethack", "nethack36", "nethack343", "unnethack35", "unnethack352",
                 "unnethack351")
# The game whose built-in profile (tables, lev_comp digest) stands for a base dialect:
# UnNetHack's old releases are UnNetHack's data with an older language.
DATA_OF_BASE = {"unnethack35": "unnethack", "unnethack352": "unnethack",
                "unnethack351": "unnethack"}


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
    p.add_argument("--base", choices=("auto",) + BASE_DIALECTS,
                   default="auto", help="import: the dialect the variant extends "
                   "(default: decided from its util/lev_comp.y, or without one from "
                   "its dat/*.des)")
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
        why = bad_profile_name(args.name)
        if why:
            print(f"unlev data: error: --name {args.name!r}: {why}", file=sys.stderr)
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


_PROFILE_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}")


def bad_profile_name(name: str) -> Optional[str]:
    """Why ``name`` cannot name a profile, or None.  A profile's name is its folder's
    name under the profile folder and the word --data takes: a letter, then letters,
    digits, '_' or '-' (at most 64) -- no '/', '..', absolute path or control character
    can take the written files elsewhere."""
    if _PROFILE_NAME.fullmatch(name):
        return None
    return ("a profile name is a letter followed by letters, digits, '_' or '-' (at most "
            "64), e.g. evilhack")


def detect_base(sources) -> Optional[str]:
    """The dialect a source tree's lev_comp speaks: UnNetHack's has INCLUDE/SPILL (its
    3.5 releases still a chance before a statement's colon, 3.5.2 no INCLUDE, 3.5.1
    IF..THEN), NetHack 3.6's flow control and a MAZE header, 3.4.3's no IF."""
    from .importer import Sources
    path = Sources(sources).find("util/lev_comp.y")
    if path is None:
        from .importer_nethack37 import is_nethack37
        # NetHack 3.7 has no lev_comp (its levels are Lua); a des-file read with its
        # profile is read as 3.6's, the last des dialect NetHack had
        return "nethack36" if is_nethack37(Sources(sources)) else None
    text = path.read_text(encoding="latin-1")
    if "INCLUDE_ID" in text or "SPILL_ID" in text:
        if "THEN_ID" in text:
            return "unnethack351"
        if "INCLUDE_ID" not in text:
            return "unnethack352"
        if re.search(r"MONSTER_ID\s+chance\s+':'", text):
            return "unnethack35"
        return "unnethack"
    if "IF_ID" in text:
        return "nethack36"
    return "nethack343"


def detect_loader(sources, base: str) -> Optional[str]:
    """The game whose loader builds a tree's levels when it is not its grammar's base's:
    an UnNetHack-grammar tree whose ``sp_lev.c`` never calls ``flip_level_rnd()``
    (SporkHack comments the call out) does not build as UnNetHack; its loader is the
    NetHack its ``patchlevel.h`` says it is (3.4 -> nethack343, 3.6 -> nethack36); a
    variant with its own numbering by the files NetHack 3.6 brought (``src/sys.c``).
    None: the base's loader."""
    from unlev.lang.dialect_data import is_unnethack
    from .importer import Sources
    if not is_unnethack(base):
        return None
    found = Sources(sources)
    sp = found.find("src/sp_lev.c")
    if sp is None:
        return None
    code = re.sub(r"/\*.*?\*/", " ", sp.read_text(encoding="latin-1"), flags=re.S)
    code = re.sub(r"//[^\n]*", " ", code)
    if re.search(r"\bflip_level_rnd\s*\([^;{]*\)\s*;", code):
        return None
    pl = found.find("include/patchlevel.h")
    text = pl.read_text(encoding="latin-1") if pl is not None else ""
    major = re.search(r"#\s*define\s+VERSION_MAJOR\s+(\d+)", text)
    minor = re.search(r"#\s*define\s+VERSION_MINOR\s+(\d+)", text)
    version = (int(major.group(1)), int(minor.group(1))) if major and minor else None
    if version in ((3, 4), (3, 6)):
        return {(3, 4): "nethack343", (3, 6): "nethack36"}[version]
    # a variant numbers itself (SporkHack 0.7): NetHack 3.6 brought src/sys.c
    return "nethack36" if found.find("src/sys.c") is not None else "nethack343"


def detect_base_from_levels(sources):
    """No lev_comp.y (a NetHack 3.7-based tree: its levels are Lua, its old des-files
    remain): the dialect most of its dat/*.des read as (``--dialect auto``'s guess),
    with a count for the message; (None, 0, 0) without des-files."""
    from collections import Counter
    from unlev.lang.dialect import detect
    files = []
    for s in sources:
        files += sorted((Path(s) / "dat").glob("*.des"))
    votes = Counter()
    for f in files:
        try:
            d = detect(f.read_text(encoding="latin-1"))
        except OSError:
            continue
        if not d.reason.startswith("nothing"):      # a file of no dialect in particular
            votes[d.dialect] += 1
    if not votes:
        return None, 0, len(files)
    best, n = votes.most_common(1)[0]
    return best, n, len(files)


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


class _Stop(Exception):
    """An import that cannot go on: the message has been said; the exit status."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


def run_import(args, say=None) -> int:
    """``unlev data import``: read the tables, find the base dialect's lev_comp to
    compare with, generate the language extensions, write the profile."""
    result = say or print             # the summary line: standard output by default
    if say is None:
        def say(msg: str) -> None:
            print(msg, file=sys.stderr)
    from unlev.stdlib import profiles
    from .declarations import describe
    from .importer import summary, write_profile

    def stop(status: int, msg: str):
        say(msg)
        return _Stop(status)

    try:
        for s in args.source:
            if not s.is_dir():
                raise stop(2, f"unlev data: error: cannot read {s}: not a folder")
        base = _base_dialect(args, say, stop)
        tables = _read_tables(args, base, say, stop)
        base_lev_comp, against, inherited = _base_lev_comp(args, base, say, stop)
        generated = _extensions(args, tables, base, base_lev_comp, against, inherited,
                                say, stop)
        out = _profile_folder(args, stop)
        try:
            loader = detect_loader(args.source, base)
            if loader:
                say(f"unlev data: its sp_lev.c does not flip levels: built by the "
                    f"{loader} loader")
            write_profile(out, args.name, base, tables, loader=loader,
                          source=", ".join(str(s.resolve()) for s in args.source),
                          extensions=generated["extensions"] if generated else None,
                          generated_from=generated and dict(generated["generated_from"],
                                                            base_source=against))
        except OSError as e:
            raise stop(2, f"unlev data: error: cannot write {out}: {e.strerror}")
    except _Stop as stopped:
        return stopped.status
    ext = profiles.load(out).extensions
    kept = "" if generated else " (kept from the existing profile.json)" if ext else ""
    result(f"{args.name}: {summary(tables)}; extensions: {describe(ext)}{kept} -> {out}")
    return 0


def _base_dialect(args, say, stop) -> str:
    """--base, or the dialect the tree's lev_comp.y (or, without one, its des-files)
    reads as."""
    from .sources import Sources
    base = args.base
    if base != "auto":
        return base
    base = detect_base(args.source)
    if base is not None:
        why = ("from util/lev_comp.y" if Sources(args.source).find("util/lev_comp.y")
               else "NetHack 3.7's layout: no lev_comp, read des-files as 3.6's")
        say(f"unlev data: base dialect {base} ({why})")
        return base
    base, n, total = detect_base_from_levels(args.source)
    if base is None:
        raise stop(2, "unlev data: error: no util/lev_comp.y and no dat/*.des to tell the "
                      "base dialect from; give --base")
    say(f"unlev data: base dialect {base} (no util/lev_comp.y; {n} of the {total} "
        "dat/*.des read as it)")
    return base


def _read_tables(args, base: str, say, stop) -> dict:
    """The tables of the tree's C source, read with its config.h feature macros (unless
    --no-config) and -D/-U; an error when it gives no monsters or objects."""
    from .config_features import config_features
    from .importer import SourceError, import_tables
    from .sources import Sources
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
        settings = getattr(args, "settings", None)
        tables, warnings = read(args.source, DATA_OF_BASE.get(base, base), define,
                                args.undef, limits=settings.limits if settings else None)
    except (SourceError, ValueError, KeyError) as e:
        raise stop(1, f"unlev data: error: {e}")
    for w in warnings:
        say(f"unlev data: warning: {w}")
    empty = [f"src/{f} gave no {what}" for f, table, what in
             (("monst.c", "monsters", "monsters"), ("objects.c", "objects", "objects"))
             if not tables.get(table, {}).get(table)]
    if empty:
        # random bytes, or a symlink to something else, read as C: nothing to import, and
        # a profile without monsters or objects would make every name unknown
        raise stop(1, f"unlev data: error: {'; '.join(empty)}: is this a NetHack source tree?")
    return tables


def _base_lev_comp(args, base: str, say, stop):
    """What the variant's lev_comp is compared with: another profile's digest, the
    base game's source (--base-src), or the built-in profile's digest; with what it is
    called and the extensions it already declares."""
    from unlev.stdlib import profiles
    from .declarations import without_base
    if len(args.base_src) == 1 and (args.base_src[0] / "profile.json").is_file():
        # a profile (another variant's import) as the base: its lev_comp digest
        other = profiles.load(args.base_src[0])
        if not other.has_table("levcomp"):
            raise stop(2, f"unlev data: error: the profile {other.path} has no levcomp.json "
                          "(import it again to write one)")
        return (other.table("levcomp"),
                f"the {other.name} profile's lev_comp ({other.source})", other.extensions)
    if args.base_src:
        return args.base_src, ", ".join(str(s.resolve()) for s in args.base_src), {}
    # unlev's own digest of the base game's lev_comp (the built-in profile's table)
    known = profiles.builtin(DATA_OF_BASE.get(base, base))
    say(f"unlev data: note: {without_base(known.name, known.source)}")
    return (known.table("levcomp"),
            f"the built-in {known.name} profile's lev_comp ({known.source})", {})


def _extensions(args, tables: dict, base: str, base_lev_comp, against: str, inherited,
                say, stop):
    """The language extensions generated from the variant's lev_comp (None without
    one), merged with what the base profile declares."""
    from .declarations import generate, merged
    from .importer import SourceError, Sources
    lexer_only = "levcomp" not in tables and all(
        Sources(args.source).find(f"util/{f}") is not None for f in ("lev_comp.l", "lev_main.c"))
    if "levcomp" not in tables and not lexer_only:
        say("unlev data: note: no util/lev_comp.l, lev_comp.y and lev_main.c in the "
            "variant's tree: its language extensions are not generated")
        return None
    try:
        generated = generate(args.source, base_lev_comp, base, args.name,
                             lexer_only=lexer_only)
    except SourceError as e:
        raise stop(2, f"unlev data: error: cannot generate the language extensions: {e}")
    _drop_base_words(generated, base)
    if inherited:
        # what the base profile declares is the variant's too
        generated["extensions"] = merged(inherited, generated["extensions"])
    if args.base_src:
        say(f"unlev data: language extensions generated against {against}")
    for line in generated["generated_from"]["review"]:
        say(f"unlev data: review: {line}")
    return generated


def _profile_folder(args, stop) -> Path:
    """--out, or the profile's folder in the user's profiles (never outside it)."""
    from unlev.stdlib import profiles
    if args.out is not None:
        return args.out
    root = profiles.user_profile_dir()
    out = root / args.name
    if bad_profile_name(args.name) or out.resolve().parent != root.resolve():
        raise stop(2, f"unlev data: error: --name {args.name!r} would write outside {root}")
    return out


def _drop_base_words(generated: dict, base: str) -> None:
    """A word the base dialect's own grammar has is no new statement: compared with a
    digest of another revision (UnNetHack 3.5's lev_comp with today's), FLAGS, LEVEL
    or INIT_MAP differ in shape, and declaring them would make every read with the
    profile fail ("FLAGS is a keyword of the unnethack35 dialect").  They go to the
    review list instead."""
    from unlev.lang.dialect import lexicon_of
    keywords = lexicon_of(base).keywords
    stmts = generated["extensions"].get("statements", {})
    review = generated["generated_from"]["review"]
    for word in [w for w in stmts if w in keywords]:
        del stmts[word]
        review[:] = [r for r in review if not r.startswith(f"statement {word}:")]
        review.append(f"statement {word}: a keyword of the {base} dialect already; not "
                      "declared")
    if "statements" in generated["extensions"] and not stmts:
        del generated["extensions"]["statements"]


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
    from .importer import counted
    rows = {"monster": prof.table("monsters")["monsters"],
            "object": prof.table("objects")["objects"]}
    for kind, items in names.items():
        # counted as the import's summary counts them
        print(f"{kind}s: {counted(rows[kind]) if kind in rows else len(items)}")
    if prof.has_table("dungeon"):
        dungeons = prof.table("dungeon")["dungeons"]
        print(f"dungeons: {len(dungeons)} ({', '.join(d['name'] for d in dungeons)}), "
              f"{sum(len(d['levels']) for d in dungeons)} special levels placed")
    if prof.extensions:
        print(f"extensions: {', '.join(sorted(prof.extensions))}")
    return 0
