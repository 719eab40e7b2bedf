"""Reading a game's monster table (``src/monst.c``'s ``MON(...)`` rows) for ``unlev data
import``, with the difficulty makedefs computes for each (``mstrength()``).

Why a module of its own: the monster rows are the importer's largest reader (a variant's
MON may add fields anywhere, dNetHack splits AC in three, SLASH'EM writes SIZ where LVL
belongs); :mod:`.importer` calls :func:`gen_monsters` for the ``monsters`` table.
Monster difficulty is not stored in monst.c before 3.6: makedefs computes it
(``mstrength()``, written to the generated monstr.c; 3.6 moved it into monst.c's MON
rows), and it is computed here the same way.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional

from .cpre import find_calls
from .importer_support import (
    DEFAULT_PARAMS, FALLBACK_MONATTK, GENERATOR, ParamRecorder, call_of, char_of,
    class_count, field_of, flag_names, named_args, param_list, read_source, reverse_map,
    row_macros, split_ac_level, warn,
)
from .sources import SourceError, Sources

# ---------------------------------------------------------------------------------------
# monster difficulty: makedefs' mstrength()
# ---------------------------------------------------------------------------------------
def mstrength(mon: dict, K: Dict[str, int]) -> int:
    tmp = mon["level"]
    if tmp > 49:                     # special fixed-hp monster
        tmp = 2 * (tmp - 6) // 4
    geno = mon["geno"]
    n = int(bool(geno & K["G_SGROUP"]))
    n += int(bool(geno & K["G_LGROUP"])) << 1
    ranged = False
    for a in mon["attacks_raw"]:
        j = a[0]
        if j >= K["AT_WEAP"] or j in (K["AT_BREA"], K["AT_SPIT"], K["AT_GAZE"]):
            ranged = True
    if ranged:
        n += 1
    n += int(mon["ac"] < 4)
    n += int(mon["ac"] < 0)
    n += int(mon["move"] >= 18)
    for a in mon["attacks_raw"]:
        at = a[0]
        n += int(at > 0)
        n += int(at == K["AT_MAGC"])
        n += int(at == K["AT_WEAP"] and bool(mon["mflags2"] & K["M2_STRONG"]))
    special = {K[x] for x in ("AD_DRLI", "AD_STON", "AD_DRST", "AD_DRDX", "AD_DRCO", "AD_WERE")}
    for a in mon["attacks_raw"]:
        ad = a[1]
        if ad in special:
            n += 2
        elif mon["name"] != "grid bug":
            n += int(ad != K["AD_PHYS"])
        n += int(a[2] * a[3] > 23)
    if mon["name"] == "leprechaun":
        n -= 2
    if n == 0:
        tmp -= 1
    elif n >= 6:
        tmp += n // 2
    else:
        tmp += n // 3 + 1
    return tmp if tmp >= 0 else 0



def gen_monsters(src: Sources, base: ParamRecorder, drawing: dict, features) -> dict:
    """The ``monsters`` table: the classes, every ``MON(...)`` row of monst.c read by
    parameter name, and each monster's difficulty (:func:`mstrength`)."""
    lvl_macros = row_macros(src, "src/monst.c", ["LVL"])
    siz_macros = row_macros(src, "src/monst.c", ["SIZ"])
    # the attack list: A(...), and dNetHack's A_EXPLICIT(...) of all ten attacks
    atk_macros = ["A"] + [m for m in row_macros(src, "src/monst.c", ["A_"]) if m != "A_"]
    pp, toks, ev = read_source(src, base, "src/monst.c",
                               protected={"MON", "ATTK", "NO_ATTK"} | set(atk_macros)
                               | set(lvl_macros) | set(siz_macros))
    K = _difficulty_constants(pp)
    classes, s_names = _monster_classes(pp, drawing)
    reader = _MonsterRows(src, pp, ev, classes, s_names, K["G_FREQ"],
                          (lvl_macros, siz_macros, atk_macros))
    monsters: List[dict] = []
    for call in find_calls(toks, "MON"):
        mon = reader.row(call, len(monsters))
        if mon is not None:
            monsters.append(mon)
    for m in monsters:
        m["difficulty"] = mstrength(m, K)
        del m["attacks_raw"]
    names = [m["name"] for m in monsters]
    special = names.index("long worm tail") if "long worm tail" in names else len(monsters)
    return {
        "generator": GENERATOR,
        "features": features,
        "low_pm": 0,
        "special_pm": special,
        "classes": classes,
        "gen_flag_bits": {n: pp.constant(n) for n in reader.g_names},
        "monsters": monsters,
    }


def _difficulty_constants(pp: ParamRecorder) -> Dict[str, int]:
    """The flag and attack constants :func:`mstrength` reads; SourceError without them."""
    K = {n: pp.try_constant(n) for n in list(FALLBACK_MONATTK) + [
        "G_SGROUP", "G_LGROUP", "G_FREQ", "M2_STRONG"]}
    if not isinstance(K["M2_STRONG"], int):
        K["M2_STRONG"] = 0              # dNetHack's MB_STRONG is in another field
    needed = ("G_SGROUP", "G_LGROUP", "G_FREQ", "AT_WEAP", "AT_BREA", "AT_SPIT", "AT_GAZE",
              "AT_MAGC", "AD_PHYS", "AD_DRLI", "AD_STON", "AD_DRST", "AD_DRDX", "AD_DRCO",
              "AD_WERE")
    missing = [n for n in needed if not isinstance(K[n], int)]
    if missing:
        raise SourceError(f"include/monflag.h, monattk.h: {', '.join(missing[:4])} "
                          "not defined (needed for monster difficulty)")
    return K


def _monster_classes(pp: ParamRecorder, drawing: dict):
    """(the class rows, class number -> its S_ name) from monsym.h and drawing.c."""
    s_names = reverse_map(pp, pp.names_with_prefix("S_"))
    maxm = class_count(pp, drawing, ("MAXMCLASSES", "MAX_MONSTER_CLASSES"),
                       "def_monsyms", "include/monsym.h")
    classes = []
    for i in range(1, maxm):
        sym = char_of(drawing["def_monsyms"][i]) if i < len(drawing["def_monsyms"]) else None
        classes.append({"index": i, "symbol": sym, "name": s_names.get(i),
                        "explain": drawing["monexplain"][i] if i < len(drawing["monexplain"]) else None})
    return classes, s_names


def _mon_fields(mon_p: List[str]):
    """MON's fields by parameter name; a variant's MON may add fields anywhere (EvilHack's
    flg4 and mflg, dNetHack's six flag words in place of three), so positions are only
    the fallback for a macro whose parameters are named otherwise.  Returns (the named
    fields, the three flag words or none, the fields kept as they are)."""
    F = {"name": field_of(mon_p, ("nam", "name"), 0),
         "sym": field_of(mon_p, ("sym",), 1), "lvl": field_of(mon_p, ("lvl",), 2),
         "gen": field_of(mon_p, ("gen", "geno"), 3), "atk": field_of(mon_p, ("atk",), 4),
         "siz": field_of(mon_p, ("siz",), 5), "mr1": field_of(mon_p, ("mr1", "mr"), 6),
         "mr2": field_of(mon_p, ("mr2",), 7), "col": field_of(mon_p, ("col", "color"), -1)}
    known = set(DEFAULT_PARAMS["MON"]) | {"d", "nam", "sym"}
    if all(f in mon_p for f in ("flg1", "flg2", "flg3")):
        flag_fields = ("flg1", "flg2", "flg3")
    elif len(mon_p) == len(DEFAULT_PARAMS["MON"]) or (len(mon_p) == 13 and "d" in mon_p):
        flag_fields = tuple(mon_p[8:11])      # the base's shape, other parameter names
    else:
        flag_fields = ()
        extra = [p for p in mon_p if p not in known and p not in F.values()]
        warn(f"monst.c: MON({', '.join(mon_p)}) has no flg1/flg2/flg3 fields: the "
             f"M1_/M2_/M3_ flags are left empty and {', '.join(extra)} kept as numbers")
    extra_fields = [p for p in mon_p if p not in F.values() and p not in flag_fields
                    and p != "d"]
    return F, flag_fields, extra_fields


class _MonsterRows:
    """Reads one ``MON(...)`` row at a time: what every row is read with (the fields,
    the name tables of sizes, sounds, colours, attacks) is worked out once."""

    def __init__(self, src: Sources, pp: ParamRecorder, ev, classes, s_names, g_freq: int,
                 macros) -> None:
        self.pp, self.ev, self.s_names = pp, ev, s_names
        self.lvl_macros, self.siz_macros, self.atk_macros = macros
        self.cls_by_index = {c["index"]: c for c in classes}
        self.g_freq = g_freq
        self.g_names = [n for n in pp.names_with_prefix("G_")
                        if n != "G_IGNORE" and (v := pp.try_constant(n)) and v & (v - 1) == 0
                        and not v & g_freq]
        self.mz = reverse_map(pp, pp.names_with_prefix("MZ_"))
        self.ms = reverse_map(pp, pp.names_with_prefix("MS_"))
        self.clr = reverse_map(pp, pp.names_with_prefix("CLR_") + ["NO_COLOR"])
        self.atn = reverse_map(pp, pp.names_with_prefix("AT_"))
        self.adn = reverse_map(pp, pp.names_with_prefix("AD_"))
        self.mon_p = param_list(pp, "MON")
        self.atk_p = param_list(pp, "ATTK")
        self.F, self.flag_fields, self.extra_fields = _mon_fields(self.mon_p)
        # dNetHack's permonst has three AC parts (natural, dodge, protection) and ten
        # damage-reduction slots where others have one AC
        ph = src.find("include/permonst.h")
        self.split_ac = ph is not None and re.search(
            r"\bnac\b[^;]*\bdac\b[^;]*\bpac\b", ph.read_text(encoding="latin-1")) is not None

    def one_of(self, toks_, macros):
        for m in macros:
            args = call_of(toks_, m, self.pp)
            if args is not None:
                return m, args
        return None, None

    def row(self, call, index: int) -> Optional[dict]:
        """The monster of one MON row (None for the array's terminator)."""
        pp, ev, F = self.pp, self.ev, self.F
        where = f"monst.c:{call.line}"
        a = named_args(call.args, self.mon_p, f"{where}: MON(...)")
        name = ev.value(a[F["name"]])
        if not name:          # the array terminator MON("", 0, ...)
            return None
        lname, lvl, sname, siz, atk = self.level_size_attacks(a, where, name)
        lvl_p, siz_p = param_list(pp, lname), param_list(pp, sname)
        if self.split_ac:
            # dNetHack's NAT_AC(ac) and DR0 inside LVL(...) are several struct fields
            # each: the row is read from the macro's expansion
            lvl, lvl_p = split_ac_level(pp, lname, lvl, ev, name)
        L = named_args(lvl, lvl_p, f"{where}: {lname}(...) of {name!r}")
        S = named_args(siz, siz_p, f"{where}: {sname}(...) of {name!r}")
        lf = {k: field_of(lvl_p, (k,), i) for i, k in enumerate(("lvl", "mov", "ac"))}
        lf["mr"] = field_of(lvl_p, ("mr",), -2)
        lf["aln"] = field_of(lvl_p, ("aln", "al"), -1)
        attacks, raw = self.attacks(atk, where, name)
        sym = ev.int(a[F["sym"]], name)
        geno = ev.int(a[F["gen"]], name)
        f1, f2, f3 = ((ev.int(a[k], name) for k in self.flag_fields) if self.flag_fields
                      else (0, 0, 0))
        mr1, mr2 = ev.int(a[F["mr1"]], name), ev.int(a[F["mr2"]], name)
        col = ev.int(a[F["col"]], name)
        # By position from the end: 3.6's SIZ has no pxl.
        size = ev.int(S[field_of(siz_p, ("siz",), -1)], name)
        snd = ev.int(S[field_of(siz_p, ("snd",), -2)], name)
        mon = {
            "index": index,
            "name": name,
            "symbol": self.cls_by_index.get(sym, {}).get("symbol"),
            "class": self.s_names.get(sym, sym),
            "class_index": sym,
            "level": ev.int(L[lf["lvl"]], name),
            "move": ev.int(L[lf["mov"]], name),
            "ac": ev.int(L[lf["ac"]], name),
            "mr": ev.int(L[lf["mr"]], name),
            "alignment": ev.int(L[lf["aln"]], name),
            "geno": geno,
            "gen_flags": [n for n in self.g_names if geno & pp.constant(n)],
            "frequency": geno & self.g_freq,
            "attacks": attacks,
            "weight": ev.int(S[field_of(siz_p, ("wt",), 0)], name),
            "nutrition": ev.int(S[field_of(siz_p, ("nut",), 1)], name),
            "sound": self.ms.get(snd, snd),
            "size": self.mz.get(size, size),
            "size_value": size,
            "resists": flag_names(pp, "MR_", mr1),
            "conveys": flag_names(pp, "MR_", mr2),
            "mflags1": f1, "mflags2": f2, "mflags3": f3,
            "m1": flag_names(pp, "M1_", f1),
            "m2": flag_names(pp, "M2_", f2),
            "m3": flag_names(pp, "M3_", f3),
            "color": self.clr.get(col, col),
            "color_value": col,
            "attacks_raw": raw,
        }
        if self.extra_fields:
            mon["extra_fields"] = {p: ev.value(a[p]) for p in self.extra_fields}
        return mon

    def level_size_attacks(self, a, where: str, name: str):
        """The row's LVL(...), SIZ(...) and attack list: (LVL's macro, its arguments,
        SIZ's macro, its arguments, the attacks); SourceError when one is missing."""
        pp, F = self.pp, self.F
        lname, lvl = self.one_of(a[F["lvl"]], self.lvl_macros)
        sname, siz = self.one_of(a[F["siz"]], self.siz_macros)
        if lvl is None and siz is not None:
            # the C compiler only sees numbers in braces: SLASH'EM's Shelob is written
            # SIZ(...) where LVL(...) belongs, and the game reads it as LVL
            lname, lvl = self.one_of(a[F["lvl"]], self.siz_macros)
            if lvl is not None and len(param_list(pp, lname)) == len(param_list(pp, "LVL")):
                warn(f"{where}: {name!r} has SIZ(...) in the LVL(...) place; "
                     "read as LVL, as the C compiler does")
                lname = "LVL"
            else:
                lvl = None
        atk = self.one_of(a[F["atk"]], self.atk_macros)[1]
        if lvl is None or siz is None or atk is None:
            which = ("LVL(...)" if lvl is None else "SIZ(...)" if siz is None else "A(...)")
            raise SourceError(f"{where}: MON({name!r}, ...): no {which} where MON's "
                              "definition has it")
        return lname, lvl, sname, siz, atk

    def attacks(self, atk, where: str, name: str):
        """The row's attacks as the table writes them, and as (at, ad, dn, dd) numbers
        for :func:`mstrength`."""
        ev, atk_p = self.ev, self.atk_p
        attacks, raw = [], []
        for one in atk:
            args = call_of(one, "ATTK", self.pp)
            if args is None:       # NO_ATTK
                continue
            A = named_args(args, atk_p, f"{where}: ATTK(...) of {name!r}")
            at, ad = ev.int(A[atk_p[0]], name), ev.int(A[atk_p[1]], name)
            dn, dd = ev.int(A[atk_p[2]], name), ev.int(A[atk_p[3]], name)
            raw.append((at, ad, dn, dd))
            attacks.append({"type": self.atn.get(at, at), "damage": self.adn.get(ad, ad),
                            "dice": dn, "sides": dd})
        return attacks, raw
