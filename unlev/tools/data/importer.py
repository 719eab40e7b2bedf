"""Reading a NetHack-family game's data tables from its C source: ``unlev data import``.

Why: the names a des-file may use (monsters, objects, traps, room types) are the game's
own, and every variant adds some.  This module reads them from the variant's source tree
exactly as the shipped tables (``stdlib/data``: UnNetHack's, NetHack 3.6's and 3.4.3's)
were read, and writes them as a data profile (:mod:`unlev.stdlib.profiles`).

A source tree is laid out like NetHack's (``include/``, ``src/``, ``util/``); several may
be given, and a file is taken from the first that has it.  What is read, and from where:

* ``include/*.h``: the constants (flag bits, classes, colours, materials, trap and room
  numbers).  Headers are loaded explicitly, in a fixed order; ``#include`` lines are
  never followed, so the absence of config.h and friends does not matter.  The feature
  macros that config.h/unixconf.h would set are given per base game by
  ``DIALECT_FEATURES`` and can be changed with ``-D``/``-U``.
* ``src/monst.c`` (``MON(...)`` rows), ``src/objects.c`` (``OBJECT(...)`` rows),
  ``src/drawing.c`` (class symbols and explanations), ``src/mkobj.c`` (class
  probability tables), ``util/lev_main.c`` (lev_comp's ``trap_types[]`` and
  ``room_types[]``: the names a des-file writes).  Required.
* ``src/shknam.c`` (shop types: ``shops.json``) and ``src/engrave.c`` (epitaphs:
  ``epitaphs.json``): optional; a variant whose tables cannot be read gets a warning
  and no such table (the level builder runs on UnNetHack's shops).
* ``util/makedefs.c`` if present, only for the ``LAST_GEM`` constant.
* ``dat/dungeon.def`` (the dungeon description: ``dungeon.json``, :mod:`.dungeon`) and
  ``util/lev_comp.l``, ``lev_comp.y``, ``lev_main.c`` (what the extension generator
  compares: ``levcomp.json``, :mod:`.declarations`): optional, as shops and epitaphs are.

This module reads the smaller tables (traps, rooms, shops, epitaphs, the dungeon) and
drives the import (:func:`import_tables`); the monster rows are read by
:mod:`.importer_monsters` (with makedefs' ``mstrength()`` difficulty), the object rows
by :mod:`.importer_objects`, and what every reader shares (the recording preprocessor,
the row evaluator, the headers) is :mod:`.importer_support`.

The row macros (``MON``, ``LVL``, ``SIZ``, ``ATTK``, ``A``, ``OBJECT``, ``OBJ``, ``BITS``)
are *protected*: never expanded, so each row survives as a call whose arguments are read
by parameter name (taken from the file's own ``#define`` where it has one).  Everything
else is macro-expanded and evaluated as a C constant expression (:mod:`.cpre`);
identifiers with no known value are kept as text.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS, Limits
from .cpre import Preprocessor, find_initializer, parse_braces
from .declarations import digest
from .importer_monsters import gen_monsters
from .importer_objects import gen_objects
from .importer_support import (
    DIALECT_FEATURES, GENERATOR, OVERLAY_SEGMENTS, WARNINGS, Evaluator, ParamRecorder,
    enum_name, load_headers, read_drawing, read_source, warn,
)
from .sources import SourceError, Sources

def _lev_main_tables(src: Sources, base: ParamRecorder, names: Sequence[str]) -> List:
    pp, toks, ev = read_source(src, base, "util/lev_main.c", "des-file names",
                               protected=names)
    out = {}
    for table in ("trap_types", "room_types"):
        rows = []
        for r in parse_braces(find_initializer(toks, table)):
            nm = ev.value(r[0])
            if not nm:
                continue
            const = "".join(t.text for t in r[1])
            rows.append((nm, const))
        out[table] = rows
    return out


def gen_traps_rooms(src: Sources, base: ParamRecorder, features):
    trap_consts = _trap_enum(base)
    room_consts = _room_consts(base)
    tables = _lev_main_tables(src, base, trap_consts + room_consts)

    des_by_const = {}
    for nm, const in tables["trap_types"]:
        des_by_const.setdefault(const, nm)
    traps = []
    for n in trap_consts:
        v = base.enums[n]
        traps.append({"index": v, "name": n, "des_name": des_by_const.get(n)})
    for nm, const in tables["trap_types"]:
        if const not in trap_consts:
            raise ValueError(f"lev_main.c trap {nm!r} uses unknown constant {const}")
    traps_json = {
        "generator": GENERATOR,
        "features": features,
        "trapnum": base.enums.get("TRAPNUM"),
        "traps": [t for t in traps if t["name"] not in ("NO_TRAP", "TRAPNUM")],
        "des_names": [{"name": nm, "trap": const, "index": base.enums[const]}
                      for nm, const in tables["trap_types"]],
    }
    types = []
    for n in room_consts:
        types.append({"name": n, "value": base.constant(n)})
    rooms_json = {
        "generator": GENERATOR,
        "features": features,
        "shopbase": base.try_constant("SHOPBASE"),
        "uniqueshop": base.try_constant("UNIQUESHOP"),
        "maxrtype": base.try_constant("MAXRTYPE"),
        "types": types,
        "des_names": [{"name": nm, "room": const, "value": base.constant(const)}
                      for nm, const in tables["room_types"]],
    }
    return traps_json, rooms_json


def _trap_enum(pp: Preprocessor) -> List[str]:
    names = list(pp.enums)
    if "NO_TRAP" not in names or "TRAPNUM" not in names:
        # NetHack 3.4.3 numbers its traps with #defines, not an enum.
        order = [n for n in pp.macros if pp.origin.get(n) == "trap.h" and pp.macros[n].params is None]
        if "NO_TRAP" in order and "TRAPNUM" in order:
            found = order[order.index("NO_TRAP"):order.index("TRAPNUM") + 1]
            for n in found:
                pp.enums[n] = pp.constant(n)
            return found
        raise SourceError("trap.h's trap_types enum not found")
    return names[names.index("NO_TRAP"):names.index("TRAPNUM") + 1]


def _room_consts(pp: ParamRecorder) -> List[str]:
    enums = list(pp.enums)
    if "OROOM" in enums and "MAXRTYPE" in pp.macros:
        # NetHack 3.6: an enum of room types, MAXRTYPE a #define naming the last one.
        last = enums.index("CANDLESHOP") if "CANDLESHOP" in enums else len(enums) - 1
        found = enums[enums.index("OROOM"):last + 1]
        for n in found:
            if n not in pp.macros:
                pp.define(n, str(pp.enums[n]))
        return found
    order = [n for n in pp.macros if pp.origin.get(n) == "mkroom.h" and pp.macros[n].params is None]
    if "OROOM" not in order or "MAXRTYPE" not in order:
        raise SourceError("mkroom.h room types (OROOM..MAXRTYPE) not found")
    return order[order.index("OROOM"):order.index("MAXRTYPE")]


# makedefs' onames.h prefixes (the rest of the objects use their bare upper-cased name)
_ONAME_PREFIX = {"WAND_CLASS": "WAN_", "RING_CLASS": "RIN_", "POTION_CLASS": "POT_",
                 "SPBOOK_CLASS": "SPE_", "SCROLL_CLASS": "SCR_"}


def _oname_table(objects: dict) -> Dict[str, str]:
    """onames.h constant -> object name, as makedefs would name them."""
    out: Dict[str, str] = {}
    for o in objects["objects"]:
        if o["name"]:
            const = _ONAME_PREFIX.get(o["class_name"], "") + enum_name(o["name"])
            out.setdefault(const, o["name"])
    return out


def _strings(ev: Evaluator, rows) -> List[str]:
    """A ``const char *[]`` initializer without its null terminator."""
    return [v for v in (ev.value(r) for r in rows) if isinstance(v, str)]


def _oname_classes(objects: dict) -> Dict[str, str]:
    out: Dict[str, str] = {}
    for o in objects["objects"]:
        if o["name"]:
            out.setdefault(_ONAME_PREFIX.get(o["class_name"], "") + enum_name(o["name"]),
                           o["class"])
    return out



SHCLASS_FIELDS = ["name", "symb", "prob", "shdist", "iprobs", "shknms"]


def _shclass_fields(src: Sources) -> Dict[str, int]:
    """The positions of struct shclass's fields (mkroom.h): xNetHack adds noun_name
    after the name, so a row is read by field name, not by the base's positions."""
    path = src.find("include/mkroom.h")
    fields = SHCLASS_FIELDS
    if path is not None:
        m = re.search(r"struct\s+shclass\s*\{(.*?)\n\s*\}\s*;",
                      path.read_text(encoding="latin-1"), re.S)
        if m:
            body = re.sub(r"/\*.*?\*/", "", m.group(1), flags=re.S)
            body = re.sub(r"^[ \t]*#[^\n]*$", "", body, flags=re.M)
            body = re.sub(r"struct\s+\w+\s*\{[^}]*\}\s*", "", body)
            names = [re.findall(r"(\w+)\s*(?:\[[^\]]*\])?\s*$", d.strip())
                     for d in body.split(";")]
            names = [n[0] for n in names if n]
            if all(k in names for k in ("name", "symb", "prob", "iprobs", "shknms")):
                fields = names
    return {n: i for i, n in enumerate(fields)}


def gen_shops(src: Sources, base: ParamRecorder, objects: dict, features) -> dict:
    """shknam.c: shtypes[] (shop kinds, their probability and stock), the shopkeeper
    name lists, and the black market's nickname prefixes."""
    # a build without overlays defines OVL0..OVLB (hack.h); 3.4.3-era shknam.c
    # declares shtypes[] only extern without them
    pp, toks, ev = read_source(src, base, "src/shknam.c", "shop types",
                               defines=OVERLAY_SEGMENTS)
    f = _shclass_fields(src)
    onames = _oname_table(objects)
    class_of_const = _oname_classes(objects)
    sym_of = {c["index"]: c["symbol"] for c in objects["classes"]}

    def item(toks_):
        text = "".join(t.text for t in toks_)
        if text.startswith("-"):
            const = text[1:]
            if const not in onames:
                raise ValueError(f"shknam.c: unknown object constant {const}")
            return {"object": onames[const], "class": class_of_const[const]}
        v = ev.int(toks_, "shtypes item")
        return {"class": sym_of.get(v)}      # RANDOM_CLASS (0) -> null

    shops, name_lists = [], {}
    for i, row in enumerate(parse_braces(find_initializer(toks, "shtypes"))):
        if not isinstance(row, list) or len(row) < len(f) or not isinstance(row[0], list):
            break                                  # the terminator ({ 0 } or NULL)
        name = ev.value(row[f["name"]])
        if not isinstance(name, str):
            break                                  # the terminator
        if not isinstance(row[f["iprobs"]], list) or any(
                not isinstance(p, list) or len(p) != 2 for p in row[f["iprobs"]]):
            raise SourceError(f"shknam.c: shtypes[] row {name!r}: no {{prob, type}} "
                              f"pairs where struct shclass has iprobs")
        stock = []
        for pair in row[f["iprobs"]]:
            prob = ev.int(pair[0], "shtypes iprob")
            if prob:
                stock.append(dict(prob=prob, **item(pair[1])))
        lst = "".join(t.text for t in row[f["shknms"]])
        if lst != "0" and lst not in name_lists:
            name_lists[lst] = _strings(ev, parse_braces(find_initializer(toks, lst)))
        symb = ev.int(row[f["symb"]], "shtypes symb")
        shops.append({"index": i, "name": name, "class": sym_of.get(symb),
                      "prob": ev.int(row[f["prob"]], "shtypes prob"), "stock": stock,
                      "names": None if lst == "0" else lst})
    try:
        prefixes = _strings(ev, parse_braces(find_initializer(toks, "prefixes")))
    except KeyError:
        prefixes = []
    return {"generator": GENERATOR, "features": features, "shops": shops,
            "shopkeeper_names": name_lists, "blackmarket_prefixes": prefixes}


def gen_epitaphs(src: Sources, base: ParamRecorder, features) -> dict:
    """engrave.c epitaphs[]: the random headstone texts (UnNetHack keeps them in the
    source, not in a dat/ file)."""
    pp, toks, ev = read_source(src, base, "src/engrave.c", "epitaphs",
                               defines=OVERLAY_SEGMENTS)
    texts = _strings(ev, parse_braces(find_initializer(toks, "epitaphs")))
    return {"generator": GENERATOR, "features": features, "epitaphs": texts,
            "depth_engravings": _depth_engravings(src, base)}


def _depth_engravings(src: Sources, base: ParamRecorder) -> dict:
    """mklev.c place_random_engravings(): UnNetHack burns one of a fixed list of texts
    into the floor of depth 23 (illuminati_engravings) and depth 42 (hhgtg_engravings);
    {} for a variant without them."""
    path = src.find("src/mklev.c")
    if path is None:
        return {}
    pp = base.fork()
    toks = pp.process_named(path, "mklev.c")
    ev = Evaluator(pp)
    out = {}
    for depth, table in (("23", "illuminati_engravings"), ("42", "hhgtg_engravings")):
        try:
            out[depth] = _strings(ev, parse_braces(find_initializer(toks, table)))
        except (KeyError, ValueError, LookupError):
            continue
    return out


def _levcomp(sources) -> dict:
    """util/lev_comp.l, lev_comp.y, lev_main.c as the extension generator reads them
    (:func:`.declarations.digest`): what lets this profile be another import's base."""
    return digest(sources)


def gen_dungeon(src: Sources, feats: Dict[str, str], features) -> dict:
    """dat/dungeon.def: the dungeons and where each puts its levels and branches."""
    from .dungeon import read_dungeon
    path = src.find("dat/dungeon.def")
    if path is None:
        raise SourceError("dat/dungeon.def is required (the dungeon description)")
    table = read_dungeon(path, warn, feats)
    return {"generator": GENERATOR, "features": features, **table}


# ---------------------------------------------------------------------------------------
def dump(path: Path, data: dict) -> None:
    """JSON with one table row per line: readable diffs when a variant changes."""
    lines = ["{"]
    items = list(data.items())
    for k, (key, val) in enumerate(items):
        comma = "," if k + 1 < len(items) else ""
        if isinstance(val, list) and val and isinstance(val[0], (dict, list)):
            lines.append(f"  {json.dumps(key)}: [")
            for j, row in enumerate(val):
                c2 = "," if j + 1 < len(val) else ""
                lines.append("    " + json.dumps(row, ensure_ascii=False) + c2)
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(val, ensure_ascii=False)}{comma}")
    lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# Where each optional table is read from, for its warnings.
OPTIONAL_TABLES = {"shops": "src/shknam.c shtypes[]", "epitaphs": "src/engrave.c epitaphs[]",
                   "dungeon": "dat/dungeon.def", "levcomp": "util/lev_comp.l, lev_comp.y"}


def features_for(base: str, define: Sequence[str] = (), undef: Sequence[str] = ()) -> Dict[str, str]:
    """The feature macros of a build: the base game's defaults, then ``-D``/``-U``."""
    feats = {f: "1" for f in DIALECT_FEATURES[base]}
    for d in define:
        k, _, v = d.partition("=")
        feats[k] = v or "1"
    for u in undef:
        feats.pop(u, None)
    return feats


def import_tables(sources: Sequence[Path], base: str = "unnethack",
                  define: Sequence[str] = (), undef: Sequence[str] = (),
                  limits: Optional[Limits] = None):
    """Every table of a source tree: (tables by name, warnings).  Raises SourceError
    when a required file or table cannot be read; ``limits``: the run's (file sizes,
    macro expansion: :mod:`unlev.lang.limits`; None: the defaults)."""
    del WARNINGS[:]
    feats = features_for(base, define, undef)
    features = sorted(feats)
    src = Sources(sources)
    if src.find("src/monst.c") is None:
        raise SourceError(f"no src/monst.c under {', '.join(str(s) for s in sources)}: "
                          "give the variant's source tree (include/, src/, util/)")
    refuse_nethack37(src)
    head = load_headers(src, feats, limits or DEFAULT_LIMITS)
    tables: Dict[str, dict] = {}
    step = "src/drawing.c"
    try:
        drawing = read_drawing(src, head)
        step = "src/monst.c"
        tables["monsters"] = gen_monsters(src, head, drawing, features)
        step = "src/objects.c"
        tables["objects"] = gen_objects(src, head, drawing, features)
        step = "util/lev_main.c"
        tables["traps"], tables["rooms"] = gen_traps_rooms(src, head, features)
    except SourceError:
        raise
    except (ValueError, KeyError, SyntaxError) as e:
        msg = e.args[0] if isinstance(e, KeyError) and e.args else str(e)
        msg = msg if msg.startswith(step.rsplit("/", 1)[-1]) else f"{step}: {msg}"
        raise SourceError(msg) from None
    except (TypeError, IndexError, AttributeError, ZeroDivisionError, RecursionError):
        # a table of another shape than the base's: say which file, not Python's words
        raise SourceError(f"{step}: a table or row of a shape unlev does not read "
                          "(not the base game's layout)") from None
    for name, make in (("shops", lambda: gen_shops(src, head, tables["objects"], features)),
                       ("epitaphs", lambda: gen_epitaphs(src, head, features)),
                       ("dungeon", lambda: gen_dungeon(src, feats, features)),
                       ("levcomp", lambda: _levcomp(sources))):
        try:
            tables[name] = make()
        except (SourceError, ValueError, SyntaxError) as e:
            warn(f"no {name} table: {e}")
        except KeyError as e:
            # find_initializer's "no initializer for array 'x'", without repr quotes
            warn(f"no {name} table: {OPTIONAL_TABLES[name]}: {e.args[0] if e.args else e}")
        except (TypeError, IndexError, AttributeError):
            # a row of another shape than the base's: say where, not Python's words
            warn(f"no {name} table: {OPTIONAL_TABLES[name]}: its rows have a shape "
                 "unlev does not read")
    return tables, list(WARNINGS)


def refuse_nethack37(src: Sources) -> None:
    """NetHack 3.7 keeps its monsters and objects in include/monsters.h and
    include/objects.h (NAM()/NAMS() names, enum-generated class symbols), which this
    importer does not read: say so instead of failing half-way (issue 31); its own
    module (:mod:`.importer_nethack37`) does."""
    monst = src.find("src/monst.c")
    if src.find("include/monsters.h") is None or monst is None:
        return
    if '#include "monsters.h"' in Path(monst).read_text(encoding="latin-1"):
        raise SourceError("this is NetHack 3.7's layout (include/monsters.h, "
                          "include/objects.h): importer_nethack37.import_tables37 reads it "
                          "(as 'unlev data import' does)")


def write_tables(out: Path, tables: Dict[str, dict]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, table in tables.items():
        dump(out / f"{name}.json", table)


def write_profile(out: Path, name: str, base: str, tables: Dict[str, dict],
                  source: str = "", extensions: Optional[dict] = None,
                  generated_from: Optional[dict] = None,
                  loader: Optional[str] = None) -> Path:
    """A profile directory (:mod:`unlev.stdlib.profiles`): the tables and profile.json.
    An existing profile.json keeps its ``extensions`` unless new ones are given;
    *generated_from* says where generated ones came from (and what to review); *loader*
    the game whose loader builds its levels when not the base's."""
    out = Path(out)
    write_tables(out, tables)
    meta_path = out / "profile.json"
    old: dict = {}
    if meta_path.is_file():
        try:
            old = json.loads(meta_path.read_text(encoding="utf-8"))
        except ValueError:
            old = {}
    meta = {"name": name, "base": base, "source": source,
            "tables": sorted(tables),
            "extensions": extensions if extensions is not None else old.get("extensions", {})}
    if loader:
        meta["loader"] = loader
    if extensions is not None and generated_from is not None:
        meta["extensions_generated_from"] = generated_from
    elif extensions is None and "extensions_generated_from" in old:
        meta["extensions_generated_from"] = old["extensions_generated_from"]
    meta_path.write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return out


def counted(rows: Sequence[dict], noun: str = "") -> str:
    """How ``data import`` and ``data show`` count a table: the names a des-file can
    use, and the nameless rows (an objects.c's spare appearances) apart."""
    named = sum(1 for r in rows if r.get("name"))
    rest = len(rows) - named
    return f"{named}{' ' + noun if noun else ''}" + (f" (+{rest} nameless rows)" if rest else "")


def summary(tables: Dict[str, dict]) -> str:
    parts = [counted(tables["monsters"]["monsters"], "monsters"),
             counted(tables["objects"]["objects"], "objects"),
             f"{len(tables['traps']['traps'])} traps",
             f"{len(tables['rooms']['des_names'])} room names"]
    if "shops" in tables:
        parts.append(f"{len(tables['shops']['shops'])} shop types")
    if "epitaphs" in tables:
        parts.append(f"{len(tables['epitaphs']['epitaphs'])} epitaphs")
    if "dungeon" in tables:
        parts.append(f"{len(tables['dungeon']['dungeons'])} dungeons")
    return ", ".join(parts)

