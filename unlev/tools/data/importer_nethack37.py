"""Reading NetHack 3.7's (5.0's) data tables from its C source (issue 31).

Why a module of its own: 3.7 moved the tables out of ``src/monst.c``/``src/objects.c``
into ``include/monsters.h`` and ``include/objects.h``, rows written with macros of a new
shape (``MON(NAM("giant ant"), S_ANT, ..., difficulty, colour, GIANT_ANT)``, names as
``NAM()``/``NAMS(male, female, neutral)``, objects as ``OBJECT(OBJ(...), BITS(...), ...,
colour, SN)`` included twice by objects.c), the class symbols into ``include/defsym.h``
(``MONSYM``/``OBJCLASS`` rows that generate enums) and the des names of traps and rooms
into ``src/sp_lev.c`` (the Lua option lists ``trap_types[]``, ``room_types[]``).  The
importer for 3.6-shaped trees (:mod:`.importer`) stays as it is; this module reads the
new layout with the same preprocessor (:mod:`.cpre`) and writes the same table schema,
so that a 3.7 profile loads like any other (:mod:`unlev.stdlib.profiles`).

What it follows: ``mons_init[]`` of ``src/monst.c`` (which includes monsters.h with
MON defined as a permonst initializer), ``obj_init[]`` of ``src/objects.c`` (objects.h
under ``OBJECTS_INIT``), ``def_monsyms[]``/``def_oc_syms[]`` (defsym.h under
``MONSYMS_DRAWING``/``OBJCLASS_DRAWING``), and sp_lev.c's two name tables.  3.7 keeps
the difficulty in the MON row (``d``), so it is read, not computed.
"""

from __future__ import annotations

import re
from typing import Dict, List

from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS
from unlev.tools.data.cpre import find_calls, find_initializer, parse_braces
from unlev.tools.data.dungeon_lua import read_dungeon_lua
from unlev.tools.data.importer import features_for, gen_shops
from unlev.tools.data.importer_support import (
    GENERATOR, Evaluator, ParamRecorder, call_of, flag_names, load_headers, named_args,
    named_value as _named_value, param_list, read_source as _read_source, reverse_map,
)
from unlev.tools.data.sources import SourceError, Sources

__all__ = ["is_nethack37", "import_nethack37", "import_tables37"]

_MON_MACROS = {"MON", "NAM", "NAMS", "LVL", "SIZ", "ATTK", "A", "NO_ATTK"}


def is_nethack37(src: Sources) -> bool:
    """Whether the tree has 3.7's layout (monst.c includes monsters.h)."""
    monst = src.find("src/monst.c")
    if src.find("include/monsters.h") is None or monst is None:
        return False
    return '#include "monsters.h"' in monst.read_text(encoding="latin-1")


def _defsym_rows(src: Sources, macro: str) -> List[List[str]]:
    """The numbered rows ``MACRO( idx, 'c', ...)`` of include/defsym.h, as raw argument
    texts (the file generates enums from them; its literal rows are the facts)."""
    path = src.find("include/defsym.h")
    if path is None:
        raise SourceError("include/defsym.h is required (3.7's class symbols)")
    text = path.read_text(encoding="latin-1")
    rows = []
    for m in re.finditer(rf"^\s*{macro}\(\s*(\d+)\s*,(.*?)\)\s*$", text, re.M | re.S):
        body = m.group(2)
        args = [a.strip() for a in re.findall(r"'(?:\\.|[^'])'|\"(?:\\.|[^\"])*\"(?:\s*\"(?:\\.|[^\"])*\")*|[^,]+",
                                                body)]
        rows.append([m.group(1)] + args)
    return rows


def _unquote(s: str) -> str:
    parts = re.findall(r'"((?:\\.|[^"])*)"', s)
    return "".join(parts).replace('\\"', '"').replace("\\\\", "\\")


def _char(s: str) -> str:
    s = s.strip()[1:-1]
    return s[1:] if s.startswith("\\") else s


def _monster_classes(src: Sources) -> List[dict]:
    out = []
    for row in _defsym_rows(src, "MONSYM"):
        # MONSYM(idx, ch, basename, sym, desc)
        out.append({"index": int(row[0]), "symbol": _char(row[1]), "name": row[3],
                    "explain": _unquote(row[4])})
    if not out:
        raise SourceError("include/defsym.h has no MONSYM rows")
    return out


def _object_classes(src: Sources) -> List[dict]:
    out = []
    path = src.find("include/defsym.h")
    text = path.read_text(encoding="latin-1") if path else ""
    # OBJCLASS(idx, ch, basename, sym, name, explain) and OBJCLASS2 with a symbol name
    for m in re.finditer(r"^\s*OBJCLASS2?\(\s*(\d+)\s*,\s*('(?:\\.|[^'])')\s*,\s*(\w+)\s*,"
                         r"(.*?)\)\s*$", text, re.M | re.S):
        strings = re.findall(r'"((?:\\.|[^"])*)"', m.group(4))
        out.append({"index": int(m.group(1)), "symbol": _char(m.group(2)),
                    "name": f"{m.group(3)}_CLASS", "explain": strings[-1] if strings else None,
                    "plural": strings[0] if strings else None})
    if not out:
        raise SourceError("include/defsym.h has no OBJCLASS rows")
    return out


def _name_of(ev: Evaluator, pp: ParamRecorder, toks) -> tuple:
    """A row's table name and all its names: NAM(n) is n; NAMS(male, female, neutral)
    is named by its neutral form, as mons[].pmnames[NEUTRAL]."""
    nam = call_of(toks, "NAM", pp)
    if nam is not None:
        n = ev.value(nam[0])
        return n, [n]
    nams = call_of(toks, "NAMS", pp)
    if nams is None:
        raise ValueError("a MON row without NAM() or NAMS()")
    names = [ev.value(t) for t in nams]
    return names[2], [n for n in names if n]


def gen_monsters37(src: Sources, head: ParamRecorder, features) -> dict:
    pp, toks, ev = _read_source(src, head, "include/monsters.h", "3.7's monsters",
                                protected=_MON_MACROS, defines=("MON",))
    classes = _monster_classes(src)
    by_name = {c["name"]: c for c in classes}
    g_freq = pp.try_constant("G_FREQ") or 7
    g_names = [n for n in pp.names_with_prefix("G_")
               if n != "G_IGNORE" and (v := pp.try_constant(n)) and v & (v - 1) == 0 and not v & g_freq]
    mz = reverse_map(pp, pp.names_with_prefix("MZ_"))
    clr = reverse_map(pp, pp.names_with_prefix("CLR_") + ["NO_COLOR"])
    atn = reverse_map(pp, pp.names_with_prefix("AT_"))
    adn = reverse_map(pp, pp.names_with_prefix("AD_"))
    # monst.c's MON(nam, sym, lvl, gen, atk, siz, mr1, mr2, flg1, flg2, flg3, d, col, bn)
    mon_p = ["nam", "sym", "lvl", "gen", "atk", "siz", "mr1", "mr2",
             "flg1", "flg2", "flg3", "d", "col", "bn"]
    monsters = []
    for call in find_calls(toks, "MON"):
        if len(call.args) != 14:
            raise ValueError(f"monsters.h:{call.line}: a MON row of {len(call.args)} fields, "
                             "3.7 has 14")
        a = dict(zip(mon_p, call.args))
        name, all_names = _name_of(ev, pp, a["nam"])
        where = f"monsters.h:{call.line}"
        sym = "".join(t.text for t in a["sym"]).strip()
        cls = by_name.get(sym)
        if cls is None:
            raise ValueError(f"{where}: unknown class {sym!r} for {name!r}")
        lvl = call_of(a["lvl"], "LVL", pp)
        siz = call_of(a["siz"], "SIZ", pp)
        atk = call_of(a["atk"], "A", pp)
        if lvl is None or siz is None or atk is None:
            raise ValueError(f"{where}: unexpected row shape for {name!r}")
        attacks = []
        for one in atk:
            args = call_of(one, "ATTK", pp)
            if args is None:
                continue
            at, ad = ev.int(args[0], name), ev.int(args[1], name)
            attacks.append({"type": atn.get(at, at), "damage": adn.get(ad, ad),
                            "dice": ev.int(args[2], name), "sides": ev.int(args[3], name)})
        geno = ev.int(a["gen"], name)
        f1, f2, f3 = (ev.int(a[k], name) for k in ("flg1", "flg2", "flg3"))
        mr1, mr2 = ev.int(a["mr1"], name), ev.int(a["mr2"], name)
        col = ev.int(a["col"], name)
        size = ev.int(siz[3], name)
        snd = "".join(t.text for t in siz[2]).strip()
        monsters.append({
            "index": len(monsters), "name": name, "symbol": cls["symbol"],
            "class": cls["name"], "class_index": cls["index"],
            "level": ev.int(lvl[0], name), "move": ev.int(lvl[1], name),
            "ac": ev.int(lvl[2], name), "mr": ev.int(lvl[3], name),
            "alignment": ev.int(lvl[4], name),
            "geno": geno, "gen_flags": [n for n in g_names if geno & pp.constant(n)],
            "frequency": geno & g_freq, "attacks": attacks,
            "weight": ev.int(siz[0], name), "nutrition": ev.int(siz[1], name),
            "sound": snd, "size": mz.get(size, size), "size_value": size,
            "resists": flag_names(pp, "MR_", mr1), "conveys": flag_names(pp, "MR_", mr2),
            "mflags1": f1, "mflags2": f2, "mflags3": f3,
            "m1": flag_names(pp, "M1_", f1), "m2": flag_names(pp, "M2_", f2),
            "m3": flag_names(pp, "M3_", f3),
            "color": clr.get(col, col), "color_value": col,
            "difficulty": ev.int(a["d"], name),
            "names": all_names,
        })
    if not monsters:
        raise SourceError("include/monsters.h has no MON rows")
    names = [m["name"] for m in monsters]
    special = names.index("long worm tail") if "long worm tail" in names else len(monsters)
    return {"generator": GENERATOR, "features": features, "low_pm": 0,
            "special_pm": special, "classes": classes,
            "gen_flag_bits": {n: pp.constant(n) for n in g_names}, "monsters": monsters}


def gen_objects37(src: Sources, head: ParamRecorder, features) -> dict:
    named = {"subtype": set(head.names_from("skills.h")),
             "property": set(head.names_from("prop.h"))}
    pp, toks, ev = _read_source(src, head, "include/objects.h", "3.7's objects",
                                protected={"OBJECT", "OBJ", "BITS"} | named["subtype"]
                                | named["property"], defines=("OBJECTS_INIT",))
    classes = _object_classes(src)
    sym_of = {c["index"]: c["symbol"] for c in classes}
    cls_name = {c["index"]: c["name"] for c in classes}
    enum_of = {c["name"]: c["index"] for c in classes}
    materials: Dict[int, str] = {}
    order = head.names_from("objclass.h")
    if "LIQUID" in order:
        expect = head.try_constant("LIQUID")
        for n in order[order.index("LIQUID"):]:
            if expect is None or head.try_constant(n) != expect:
                break
            materials[expect] = n
            expect += 1
    clr = reverse_map(pp, pp.names_with_prefix("CLR_") + ["NO_COLOR"])
    obj_p = param_list(pp, "OBJECT")
    bits_p = param_list(pp, "BITS")
    flag_keys = {"nmkn": "name_known", "mrg": "merge", "uskn": "uses_known", "ctnr": "container",
                 "mgc": "magic", "chrg": "charged", "uniq": "unique", "nwsh": "nowish",
                 "big": "big", "tuf": "tough", "dir": "dir"}
    objects = []
    for call in find_calls(toks, "OBJECT"):
        a = named_args(call.args, obj_p, f"objects.h:{call.line}")
        o = call_of(a[obj_p[0]], "OBJ", pp)
        b = call_of(a[obj_p[1]], "BITS", pp)
        if o is None or b is None:
            raise ValueError(f"objects.h:{call.line}: unexpected row shape")
        name, desc = ev.value(o[0]), ev.value(o[1])
        name = None if name in ("None", 0) else name
        desc = None if desc in ("None", 0) else desc
        if name is None and desc is None:
            continue
        B = named_args(b, bits_p, f"objects.h:{call.line}")
        csym = "".join(t.text for t in a[obj_p[3]]).strip()
        oclass = enum_of.get(csym)
        if oclass is None:
            oclass = ev.int(a[obj_p[3]], name)
        mat = ev.value(B[bits_p[12]])
        col = ev.value(a[obj_p[13]])
        obj = {
            "index": len(objects), "name": name, "description": desc,
            "class": sym_of.get(oclass), "class_name": cls_name.get(oclass, oclass),
            "class_index": oclass, "prob": ev.int(a[obj_p[4]], name),
            "delay": ev.value(a[obj_p[5]]), "weight": ev.int(a[obj_p[6]], name),
            "cost": ev.int(a[obj_p[7]], name), "sdam": ev.value(a[obj_p[8]]),
            "ldam": ev.value(a[obj_p[9]]), "oc1": ev.value(a[obj_p[10]]),
            "oc2": ev.value(a[obj_p[11]]), "nutrition": ev.value(a[obj_p[12]]),
            "material": materials.get(mat, mat) if mat else None,
            "material_value": mat if isinstance(mat, int) else None,
            "color": clr.get(col, col), "color_value": col if isinstance(col, int) else None,
            "property": (lambda p: p if p not in (0, None) else None)(
                _named_value(ev, a[obj_p[2]], named["property"])),
            "subtype": _named_value(ev, B[bits_p[11]], named["subtype"]),
        }
        for p in bits_p[:11]:
            obj[flag_keys.get(p, p)] = ev.value(B[p])
        objects.append(obj)
    # o_init.c's init_objects(): the generic objects (one per class, indices 1 to
    # MAXOCLASSES-1) are skipped; each class's base is its first object from
    # MAXOCLASSES on, and ILLOBJ_CLASS keeps 0 (the strange object)
    maxo = max(c["index"] for c in classes) + 1
    bases: Dict[str, int] = {sym_of[1]: 0} if 1 in sym_of else {}
    for o in objects[maxo:]:
        bases.setdefault(o["class"], o["index"])
    gem = next((c["symbol"] for c in classes if c["name"] == "GEM_CLASS"), "*")
    last_gem = next((o["index"] for o in objects
                     if o["class"] == gem and o["name"] == "jade"), None)
    tables = {}
    mk = src.find("src/mkobj.c")
    if mk is not None:
        pp2 = head.fork()
        for c in classes:
            pp2.define(c["name"], str(c["index"]))
        mtoks = pp2.process_named(mk, "mkobj.c")
        ev2 = Evaluator(pp2)
        for tname in ("mkobjprobs", "boxiprobs", "rogueprobs", "hellprobs"):
            try:
                rows = parse_braces(find_initializer(mtoks, tname))
            except (KeyError, ValueError):
                continue
            tables[tname] = [{"prob": ev2.int(r[0], tname), "class": sym_of[ev2.int(r[1], tname)]}
                             for r in rows]
    # 3.7's mkobj() draws rnd(the class's total probability), not rnd(1000)
    # (o_init.c init_oclass_probs): the builder reads this key
    return {"generator": GENERATOR, "features": features, "probability_total": "sum",
            "classes": [dict(c) for c in classes], "bases": bases, "last_gem": last_gem,
            "class_probabilities": tables,
            "materials": {str(k): v for k, v in materials.items()}, "objects": objects}


def _splev_names(src: Sources, table: str) -> List[tuple]:
    """sp_lev.c's ``{ "name", CONST }`` rows of one name table (what a Lua level writes)."""
    path = src.find("src/sp_lev.c")
    if path is None:
        raise SourceError("src/sp_lev.c is required (3.7's trap and room names)")
    text = path.read_text(encoding="latin-1")
    m = re.search(rf"\}}\s*{table}\[\]\s*=\s*\{{(.*?)\}};", text, re.S)
    if m is None:
        raise SourceError(f"src/sp_lev.c has no {table}[] table")
    return re.findall(r'\{\s*"([^"]*)"\s*,\s*(\w+)\s*\}', m.group(1))


def _enum_values(src: Sources, header: str, first: str) -> Dict[str, int]:
    """The values of an enum of consecutive names starting at *first* in *header*
    (trap.h's trap types, mkroom.h's room types), counted as the C compiler does."""
    path = src.find(f"include/{header}")
    text = path.read_text(encoding="latin-1") if path else ""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    m = re.search(rf"enum\s+\w*\s*\{{([^}}]*\b{first}\b[^}}]*)\}}", text)
    if m is None:
        raise SourceError(f"include/{header} has no enum starting at {first}")
    values, nxt = {}, 0
    for item in m.group(1).split(","):
        item = item.strip()
        if not item:
            continue
        k, _, v = item.partition("=")
        k = k.strip()
        if v.strip():
            v = v.strip()
            nxt = values[v] if v in values else int(v, 0)
        values[k] = nxt
        nxt += 1
    return values


def gen_traps_rooms37(src: Sources, features):
    tv = _enum_values(src, "trap.h", "NO_TRAP")
    rows = _splev_names(src, "trap_types")
    traps = {"generator": GENERATOR, "features": features,
             "trapnum": tv.get("TRAPNUM", max(tv.values()) + 1),
             "traps": [{"index": v, "name": k, "des_name": next((n for n, c in rows if c == k), None)}
                       for k, v in tv.items() if 0 < v < tv.get("TRAPNUM", 10 ** 6)],
             "des_names": [{"name": n, "trap": c, "index": tv[c]} for n, c in rows if c in tv]}
    rv = _enum_values(src, "mkroom.h", "OROOM")
    rrows = _splev_names(src, "room_types")
    rooms = {"generator": GENERATOR, "features": features,
             "shopbase": rv.get("SHOPBASE"), "uniqueshop": rv.get("UNIQUESHOP"),
             "maxrtype": rv.get("MAXRTYPE"),
             "types": [{"name": k, "value": v} for k, v in rv.items()],
             "des_names": [{"name": n, "room": c, "value": rv[c]} for n, c in rrows if c in rv]}
    return traps, rooms


def gen_epitaphs37(src: Sources, features) -> dict:
    """3.7's headstone texts are the lines of ``dat/epitaph.txt`` (engrave.c's
    make_grave reads them with get_rnd_text); its mklev.c burns no depth engravings
    (UnNetHack's Illuminati and Hitchhiker texts), so ``depth_engravings`` is empty."""
    path = src.find("dat/epitaph.txt")
    if path is None:
        raise SourceError("dat/epitaph.txt not found (3.7's headstone texts)")
    lines = [ln.rstrip("\n") for ln in path.read_text(encoding="latin-1").splitlines()]
    texts = [ln for ln in lines if ln.strip() and not ln.startswith("#")]
    return {"generator": GENERATOR, "features": features, "epitaphs": texts,
            "depth_engravings": {}}


def gen_shops37(src: Sources, head: ParamRecorder, objects: dict, features) -> dict:
    """shknam.c's ``shtypes[]`` of 3.7, read by the 3.6 reader (:func:`.importer.
    gen_shops`) once the object classes, which 3.7 makes enum constants of defsym.h,
    are known to the evaluator.  The health food store's ``VEGETARIAN_CLASS`` (a
    pseudo-class past MAXOCLASSES: shknam.c stocks it with mkveggy_at) is written as
    food with ``"vegetarian": true``."""
    pp = head.fork()
    for c in objects["classes"]:
        pp.enums[c["name"]] = c["index"]
    pp.enums["RANDOM_CLASS"] = 0
    maxoclasses = max(c["index"] for c in objects["classes"]) + 1
    pp.enums["MAXOCLASSES"] = maxoclasses
    table = gen_shops(src, pp, objects, features)
    text = src.find("src/shknam.c").read_text(encoding="latin-1")
    m = re.search(r"#\s*define\s+VEGETARIAN_CLASS\s*\(\s*MAXOCLASSES\s*\+\s*(\d+)\s*\)", text)
    if m is None:
        raise SourceError("src/shknam.c: no VEGETARIAN_CLASS (MAXOCLASSES + n)")
    veggy = maxoclasses + int(m.group(1))
    sym_of = {c["index"]: c["symbol"] for c in objects["classes"]}
    if veggy in sym_of:
        raise SourceError("src/shknam.c: VEGETARIAN_CLASS is a real object class")
    # gen_shops wrote the pseudo-class as an unknown class (null); find those rows by
    # reading the rows' class constants again
    rows = re.findall(r"\{\s*(\d+)\s*,\s*VEGETARIAN_CLASS\s*\}", text)
    for shop in table["shops"]:
        for stock in shop["stock"]:
            if stock.get("class") is None and "object" not in stock and \
                    shop["class"] == "%" and str(stock["prob"]) in rows:
                stock.update({"class": "%", "vegetarian": True})
    return table


def import_nethack37(src: Sources, head: ParamRecorder, features) -> Dict[str, dict]:
    """The tables of a 3.7 tree: monsters, objects, traps, rooms, shops, and the
    epitaphs and the dungeon when ``dat/epitaph.txt`` and ``dat/dungeon.lua`` are
    there."""
    tables = {"monsters": gen_monsters37(src, head, features),
              "objects": gen_objects37(src, head, features)}
    tables["traps"], tables["rooms"] = gen_traps_rooms37(src, features)
    if src.find("src/shknam.c") is not None:
        tables["shops"] = gen_shops37(src, head, tables["objects"], features)
    if src.find("dat/epitaph.txt") is not None:
        tables["epitaphs"] = gen_epitaphs37(src, features)
    dungeon = src.find("dat/dungeon.lua")
    if dungeon is not None:
        tables["dungeon"] = {"generator": GENERATOR, "features": features,
                             **read_dungeon_lua(dungeon)}
    return tables


def import_tables37(sources, base: str = "nethack36", define=(), undef=(), limits=None):
    """What :func:`.importer.import_tables` is for a 3.6-shaped tree: every table of a
    3.7 tree, (tables by name, warnings); ``limits`` as there (None: the defaults)."""
    from pathlib import Path
    feats = features_for(base, define, undef)
    src = Sources([Path(s) for s in sources])
    if not is_nethack37(src):
        raise SourceError("not NetHack 3.7's layout (no include/monsters.h included by "
                          "src/monst.c)")
    head = load_headers(src, feats, limits or DEFAULT_LIMITS)
    return import_nethack37(src, head, sorted(feats)), []
