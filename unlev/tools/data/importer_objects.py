"""Reading a game's object table (``src/objects.c``'s ``OBJECT(...)`` rows, the class
probabilities of ``src/mkobj.c``) for ``unlev data import``.

Why a module of its own: one reader per table; :mod:`.importer` calls
:func:`gen_objects` for the ``objects`` table.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional

from .cpre import find_calls, find_initializer, parse_braces
from .importer_support import (
    GENERATOR, OVERLAY_SEGMENTS, Evaluator, ParamRecorder, call_of, char_of, enum_name, named_args,
    named_value, param_list, read_source, reverse_map, warn,
)
from .sources import Sources


def gen_objects(src: Sources, base: ParamRecorder, drawing: dict, features) -> dict:
    prot = {"OBJECT", "OBJ", "BITS"}
    # Weapon skills (skills.h) and conveyed properties (prop.h) stay names, as objects.c
    # writes them ("-P_BOW", "TELEPAT"): the populators compare them by name, and a name
    # means the same in every variant where a number does not.
    named = {"subtype": set(base.names_from("skills.h")),
             "property": set(base.names_from("prop.h"))}
    # OBJECTS_PASS_2_: the pass that defines HARDGEM and BITS' layout
    pp, toks, ev = read_source(src, base, "src/objects.c",
                               protected=prot | named["subtype"] | named["property"],
                               defines=("OBJECTS_PASS_2_",))
    maxo = pp.constant("MAXOCLASSES")
    # the class constants: #defines in objclass.h (UnNetHack, 3.4.3), an enum in 3.6
    cls_names = reverse_map(pp, [n for n in pp.names_with_prefix("")
                                 if n.endswith("_CLASS") and pp.origin.get(n) == "objclass.h"]
                            + [n for n in pp.enums if n.endswith("_CLASS")])
    classes = []
    for i in range(1, maxo):
        classes.append({
            "index": i, "symbol": char_of(drawing["def_oc_syms"][i]), "name": cls_names.get(i),
            "explain": drawing["objexplain"][i], "plural": drawing["oclass_names"][i]})
    sym_of = {c["index"]: c["symbol"] for c in classes}
    materials = _materials(base)
    clr = reverse_map(pp, pp.names_with_prefix("CLR_") + ["NO_COLOR"])
    objects = _object_rows(toks, pp, ev, named, (sym_of, cls_names, materials, clr))

    bases = {}
    for o in objects:
        bases.setdefault(o["class"], o["index"])
    tables = _class_probabilities(src, base, sym_of)
    last_gem = _last_gem(src, pp, objects, sym_of)
    out = {
        "generator": GENERATOR,
        "features": features,
        "classes": classes,
        "bases": bases,
        "last_gem": last_gem,
        "class_probabilities": tables,
        "materials": {str(k): v for k, v in materials.items()},
        "objects": objects,
    }
    if _sums_class_probabilities(src):
        out["probability_total"] = "sum"
    return out


def _sums_class_probabilities(src: Sources) -> bool:
    """Whether the tree's mkobj() draws an object type as ``rnd(total)`` over the sum of
    the class's ``oc_prob`` (xNetHack's and EvilHack's ``total_prob``, NetHack 3.7's
    ``oclass_prob_totals``) instead of ``rnd(1000)``: their rings are 1 each, 28 or 29
    in all, which the 1000 scheme cannot draw from ("probtype error")."""
    mk = src.find("src/mkobj.c")
    if mk is None:
        return False
    text = re.sub(r"/\*.*?\*/", "", mk.read_text(encoding="latin-1"), flags=re.S)
    return bool(re.search(r"\+=\s*objects\[\s*\w+\s*\]\.oc_prob\b", text)
                or re.search(r"\brnd\(\s*oclass_prob_totals\b", text))


def _materials(base: ParamRecorder) -> Dict[int, str]:
    """The materials: the run of consecutive values starting at LIQUID in objclass.h."""
    materials: Dict[int, str] = {}
    # (#defines in UnNetHack and 3.4.3, an enum in 3.6; read from the headers alone, since
    # 3.6's objects.c redefines PAPER for a while)
    order = base.names_from("objclass.h")
    if "LIQUID" in order:
        expect = base.constant("LIQUID")
        for n in order[order.index("LIQUID"):]:
            if base.try_constant(n) != expect:
                break
            materials[expect] = n
            expect += 1
    return materials


def _object_rows(toks, pp: ParamRecorder, ev: Evaluator, named, names) -> List[dict]:
    """Every ``OBJECT(OBJ(...), BITS(...), ...)`` row of objects.c, read by parameter
    name (``names``: class symbols and names, materials, colours by number)."""
    sym_of, cls_names, materials, clr = names
    obj_p = param_list(pp, "OBJECT")
    bits_p = param_list(pp, "BITS")
    o_p = param_list(pp, "OBJ")
    flag_keys = {"nmkn": "name_known", "mrg": "merge", "uskn": "uses_known", "ctnr": "container",
                 "mgc": "magic", "chrg": "charged", "uniq": "unique", "nwsh": "nowish",
                 "big": "big", "tuf": "tough", "dir": "dir"}
    objects = []
    for call in find_calls(toks, "OBJECT"):
        a = named_args(call.args, obj_p, f"objects.c:{call.line}")
        o = call_of(a[obj_p[0]], "OBJ", pp)
        b = call_of(a[obj_p[1]], "BITS", pp)
        if o is None or b is None:
            raise ValueError(f"objects.c:{call.line}: unexpected row shape")
        O = named_args(o, o_p, f"objects.c:{call.line}")
        B = named_args(b, bits_p, f"objects.c:{call.line}")
        name = ev.value(O[o_p[0]])
        desc = ev.value(O[o_p[1]])
        # NetHack 3.6's objects.c spells a missing name None (its own macro for a null
        # char pointer): a name "None" is no name
        name = None if name == "None" else name
        desc = None if desc == "None" else desc
        if name is None and desc is None:   # the array terminator
            continue
        # (a row with no name but a description is a spare appearance, e.g. the
        # unnamed amulets: it keeps its index, has probability 0 and no lookup finds it)
        oclass = ev.int(a[obj_p[3]], name)
        mat = ev.value(B[bits_p[12]])
        col = ev.value(a[obj_p[13]])
        prp = named_value(ev, a[obj_p[2]], named["property"])
        sub = named_value(ev, B[bits_p[11]], named["subtype"])
        obj = {
            "index": len(objects),
            "name": name,
            "description": desc,
            "class": sym_of.get(oclass),
            "class_name": cls_names.get(oclass, oclass),
            "class_index": oclass,
            "prob": ev.int(a[obj_p[4]], name),
            "delay": ev.value(a[obj_p[5]]),
            "weight": ev.int(a[obj_p[6]], name),
            "cost": ev.int(a[obj_p[7]], name),
            "sdam": ev.value(a[obj_p[8]]),
            "ldam": ev.value(a[obj_p[9]]),
            "oc1": ev.value(a[obj_p[10]]),
            "oc2": ev.value(a[obj_p[11]]),
            "nutrition": ev.value(a[obj_p[12]]),
            "material": materials.get(mat, mat) if mat else None,
            "material_value": mat if isinstance(mat, int) else None,
            "color": clr.get(col, col),
            "color_value": col if isinstance(col, int) else None,
            "property": prp if prp not in (0, None) else None,
            "subtype": sub,
        }
        for p, key in zip(bits_p[:11], [flag_keys.get(p, p) for p in bits_p[:11]]):
            obj[key] = ev.value(B[p])
        objects.append(obj)
    return objects


def _class_probabilities(src: Sources, base: ParamRecorder, sym_of) -> dict:
    """mkobj.c's class probability tables (mkobjprobs, boxiprobs, ...)."""
    tables = {}
    mk = src.find("src/mkobj.c")
    if mk is None:
        warn("src/mkobj.c not found; no class probability tables")
    else:
        pp2 = base.fork()
        for name in OVERLAY_SEGMENTS:       # 3.4.3 keeps mkobjprobs[] in OVL1
            pp2.define(name)
        mtoks = pp2.process_named(mk, "mkobj.c")
        ev2 = Evaluator(pp2)
        for tname in ("mkobjprobs", "boxiprobs", "rogueprobs", "hellprobs"):
            try:
                rows = parse_braces(find_initializer(mtoks, tname))
            except KeyError:
                continue
            tables[tname] = [{"prob": ev2.int(r[0], tname), "class": sym_of[ev2.int(r[1], tname)]}
                             for r in rows]
    return tables


def _last_gem(src: Sources, pp: ParamRecorder, objects: List[dict], sym_of) -> Optional[int]:
    """The index of the last gem: makedefs writes LAST_GEM as a fixed object name."""
    last_gem_name = "JADE"
    md = src.find("util/makedefs.c")
    if md is not None:
        m = re.search(r'#define\\tLAST_GEM\\t\((\w+)\)', md.read_text(encoding="latin-1"))
        if m:
            last_gem_name = m.group(1)
    else:
        warn("util/makedefs.c not found; assuming LAST_GEM is JADE")
    gem_sym = sym_of[pp.constant("GEM_CLASS")]
    last_gem = next((o["index"] for o in objects
                     if o["class"] == gem_sym and enum_name(o["name"]) == last_gem_name), None)
    return last_gem
