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

Monster difficulty is not stored in monst.c: makedefs computes it (``mstrength()``,
written to the generated monstr.c; 3.6 moved it into monst.c's MON rows).  It is
computed here the same way.

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
from .cpre import (
    Call, Preprocessor, Token, UnknownName, find_calls, find_initializer, parse_braces,
    split_args, tokenize, unescape,
)
from .declarations import digest
from .sources import SourceError, Sources

# What UnNetHack's own Unix build defines (config.h + unixconf.h); CHARON is off there.
DEFAULT_FEATURES = [
    "UNIX", "TEXTCOLOR", "KOPS", "SEDUCE", "BLACKMARKET", "MAIL", "WEBB_DISINT",
    "REINCARNATION", "EXOTIC_PETS", "WALLIFIED_MAZE", "DUNGEON_GROWTH", "ASTRAL_ESCAPE",
    "RANDOMIZED_PLANES", "NHSTDC",
]

# What each game's own default Unix build defines. NetHack 3.6 made most of 3.4.3's
# options unconditional; 3.4.3's config.h turns on KOPS, SEDUCE, MAIL and friends.
DIALECT_FEATURES = {
    "unnethack": DEFAULT_FEATURES,
    "nethack36": ["UNIX", "TEXTCOLOR", "MAIL", "NHSTDC"],
    "nethack343": ["UNIX", "TEXTCOLOR", "KOPS", "SEDUCE", "MAIL", "STEED", "TOURIST",
                   "WALLIFIED_MAZE", "REINCARNATION", "ELBERETH", "EXP_ON_BOTL", "NHSTDC"],
}

HEADERS = ["align.h", "color.h", "monflag.h", "monsym.h", "monattk.h", "permonst.h", "objclass.h",
           "prop.h", "skills.h", "trap.h", "mkroom.h"]

# Used only when include/monattk.h is missing (e.g. a trimmed extract): attack and
# damage type numbers as UnNetHack's monattk.h gives them.  Difficulty needs them.
FALLBACK_MONATTK = {
    "AT_ANY": -1, "AT_NONE": 0, "AT_CLAW": 1, "AT_BITE": 2, "AT_KICK": 3, "AT_BUTT": 4,
    "AT_TUCH": 5, "AT_STNG": 6, "AT_HUGS": 7, "AT_SPIT": 10, "AT_ENGL": 11, "AT_BREA": 12,
    "AT_EXPL": 13, "AT_BOOM": 14, "AT_GAZE": 15, "AT_TENT": 16, "AT_SCRE": 17,
    "AT_WEAP": 254, "AT_MAGC": 255,
    "AD_ANY": -1, "AD_PHYS": 0, "AD_MAGM": 1, "AD_FIRE": 2, "AD_COLD": 3, "AD_SLEE": 4,
    "AD_DISN": 5, "AD_ELEC": 6, "AD_DRST": 7, "AD_LAVA": 8, "AD_ACID": 9, "AD_SPC1": 10,
    "AD_SPC2": 11, "AD_BLND": 12, "AD_STUN": 13, "AD_SLOW": 14, "AD_PLYS": 15,
    "AD_DRLI": 16, "AD_DREN": 17, "AD_LEGS": 18, "AD_STON": 19, "AD_STCK": 20,
    "AD_SGLD": 21, "AD_SITM": 22, "AD_SEDU": 23, "AD_TLPT": 24, "AD_RUST": 25,
    "AD_CONF": 26, "AD_DGST": 27, "AD_HEAL": 28, "AD_WRAP": 29, "AD_WERE": 30,
    "AD_DRDX": 31, "AD_DRCO": 32, "AD_DRIN": 33, "AD_DISE": 34, "AD_DCAY": 35,
    "AD_SSEX": 36, "AD_HALU": 37, "AD_DETH": 38, "AD_PEST": 39, "AD_FAMN": 40,
    "AD_SLIM": 41, "AD_ENCH": 42, "AD_CORR": 43, "AD_LUCK": 44, "AD_FREZ": 45,
    "AD_HEAD": 46, "AD_PUNI": 47, "AD_LVLT": 48, "AD_BLNK": 49, "AD_SPOR": 50,
    "AD_CLRC": 240, "AD_SPEL": 241, "AD_RBRE": 242, "AD_SAMU": 252, "AD_CURS": 253,
}

# Parameter names of the row macros, used when the file does not define them itself.
DEFAULT_PARAMS = {
    "MON": ["nam", "sym", "lvl", "gen", "atk", "siz", "mr1", "mr2", "flg1", "flg2",
            "flg3", "col"],
    "LVL": ["lvl", "mov", "ac", "mr", "aln"],
    "SIZ": ["wt", "nut", "pxl", "snd", "siz"],
    "ATTK": ["at", "ad", "n", "d"],
    "OBJECT": ["obj", "bits", "prp", "sym", "prob", "dly", "wt", "cost", "sdam", "ldam",
               "oc1", "oc2", "nut", "color"],
    "OBJ": ["name", "desc"],
    "BITS": ["nmkn", "mrg", "uskn", "ctnr", "mgc", "chrg", "uniq", "nwsh", "big", "tuf",
             "dir", "sub", "mtrl"],
}


# Warnings of the import under way (a missing optional file, a row read leniently);
# import_tables() collects them and hands them back.
_WARNINGS: List[str] = []


def warn(msg: str) -> None:
    _WARNINGS.append(msg)


class ParamRecorder(Preprocessor):
    """Records the parameter lists of protected macros instead of dropping them."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.protected_params: Dict[str, List[str]] = {}
        self.protected_macros: Dict[str, object] = {}
        self.origin: Dict[str, str] = {}
        self.current_file = ""

    def _define_line(self, rest: str, lineno: int) -> None:
        m = re.match(r"([A-Za-z_][A-Za-z0-9_]*)\(([^)]*)\)", rest)
        if m and m.group(1) in self.protected and m.group(1) not in self.protected_params:
            self.protected_params[m.group(1)] = [p.strip() for p in m.group(2).split(",")]
        name = re.match(r"[A-Za-z_][A-Za-z0-9_]*", rest)
        if name and name.group() not in self.macros:
            self.origin[name.group()] = self.current_file
        if name and name.group() in self.protected and name.group() not in self.protected_macros:
            # kept aside, for a row that must be read as the compiler expands it
            saved, self.protected = self.protected, set()
            had = self.macros.get(name.group())
            super()._define_line(rest, lineno)
            self.protected = saved
            self.protected_macros[name.group()] = self.macros.pop(name.group(), None)
            if had is not None:
                self.macros[name.group()] = had
            return
        super()._define_line(rest, lineno)

    def process_named(self, path: Path, label: str) -> List[Token]:
        self.current_file = label
        before = set(self.enums)
        toks = self.process_file(path)
        for name in self.enums:
            if name not in before:
                self.origin.setdefault(name, label)
        return toks

    def names_from(self, header: str) -> List[str]:
        """The object-like constants (macros and enum members) a header defines, in
        definition order."""
        return [n for n, f in self.origin.items() if f == header
                and (n in self.enums or (n in self.macros and self.macros[n].params is None))]

    def fork(self, protected=()) -> "ParamRecorder":
        other = ParamRecorder(protected=set(self.protected) | set(protected),
                              limits=self.limits)
        other.macros = dict(self.macros)
        other.enums = dict(self.enums)
        other.origin = dict(self.origin)
        return other


class Evaluator:
    """Turns argument token lists into Python values using a preprocessor's constants."""

    def __init__(self, pp: Preprocessor):
        self.pp = pp

    def value(self, toks: Sequence[Token]):
        """int, str (string literal), None (null pointer) or the raw text if unknown."""
        toks = self.pp.expand(toks)
        if toks and all(t.kind == "str" for t in toks):
            return "".join(unescape(t.text[1:-1]) for t in toks)
        text = "".join(t.text for t in toks)
        if re.fullmatch(r"\(\s*(const\s*)?char\s*\*\s*\)\s*0", text) or text == "NULL":
            return None
        try:
            return self.pp.value(toks)
        except (UnknownName, SyntaxError, IndexError, ValueError):
            return text

    def int(self, toks: Sequence[Token], what: str) -> int:
        v = self.value(toks)
        if isinstance(v, str):
            # dNetHack writes weights as WT_ANT*1.5: a floating constant expression
            # stored in an integer field, truncated as C converts it
            f = _float_expr(v)
            if f is not None:
                return int(f)
        if not isinstance(v, int):
            raise ValueError(f"{what}: cannot evaluate {v!r}")
        return v


def _float_expr(text: str):
    """The value of a C arithmetic expression of number literals (+ - * / and
    parentheses) with a floating literal in it, C's way (integer division truncates
    toward zero); None for anything else."""
    import ast
    if not re.fullmatch(r"[0-9.eE+\-*/() \t]*\.[0-9.eE+\-*/() \t]*", text):
        return None
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return None

    def ev(n):
        if isinstance(n, ast.Expression):
            return ev(n.body)
        if isinstance(n, ast.Constant) and isinstance(n.value, (int, float)):
            return n.value
        if isinstance(n, ast.UnaryOp) and isinstance(n.op, (ast.USub, ast.UAdd)):
            v = ev(n.operand)
            return -v if isinstance(n.op, ast.USub) else v
        if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub, ast.Mult, ast.Div)):
            a, b = ev(n.left), ev(n.right)
            if isinstance(n.op, ast.Add):
                return a + b
            if isinstance(n.op, ast.Sub):
                return a - b
            if isinstance(n.op, ast.Mult):
                return a * b
            if b == 0:
                raise ZeroDivisionError
            if isinstance(a, int) and isinstance(b, int):
                return int(a / b)
            return a / b
        raise ValueError
    try:
        return ev(tree)
    except (ValueError, ZeroDivisionError, RecursionError):
        return None


def call_of(toks: Sequence[Token], name: str, pp: Preprocessor) -> Optional[List[List[Token]]]:
    """If toks (after expansion) is exactly NAME(...), return its argument lists."""
    toks = pp.expand(toks)
    if len(toks) >= 3 and toks[0].text == name and toks[1].text == "(":
        args, end = split_args(toks, 1)
        if end == len(toks) - 1:
            return args
    return None


def named_args(call_args: List[List[Token]], params: List[str], what: str) -> Dict[str, List[Token]]:
    """Map a row's arguments to parameter names; LVL()/SIZ() expand into several fields
    in the table but are kept whole here since they are protected."""
    if len(call_args) != len(params):
        raise ValueError(f"{what}: expected {len(params)} arguments, got {len(call_args)}")
    return dict(zip(params, call_args))


def flag_names(pp: Preprocessor, prefix: str, value: int, exclude=()) -> List[str]:
    """Names of the PREFIX* constants all of whose bits are set in value."""
    out = []
    for name in pp.names_with_prefix(prefix):
        if name in exclude:
            continue
        m = pp.macros.get(name)
        if m is not None and m.params is not None:
            continue
        v = pp.try_constant(name)
        if v and (value & v) == v:
            out.append(name)
    return out


def reverse_map(pp: Preprocessor, names: Sequence[str]) -> Dict[int, str]:
    """value -> first-defined name, for constants given in definition order."""
    out: Dict[int, str] = {}
    for n in names:
        m = pp.macros.get(n)
        if m is not None and m.params is not None:
            continue
        v = pp.try_constant(n)
        if v is not None and v not in out:
            out[v] = n
    return out


def param_list(pp: ParamRecorder, name: str) -> List[str]:
    return pp.protected_params.get(name) or DEFAULT_PARAMS[name]


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


# ---------------------------------------------------------------------------------------
def load_headers(src: Sources, features: Dict[str, str],
                 limits: Limits = DEFAULT_LIMITS) -> ParamRecorder:
    pp = ParamRecorder(defines=features, limits=limits)
    for h in HEADERS:
        path = src.find(f"include/{h}")
        if path is None:
            if h == "monattk.h":
                warn("include/monattk.h not found; using built-in attack/damage numbers")
                for k, v in FALLBACK_MONATTK.items():
                    pp.define(k, str(v))
                    pp.origin[k] = "monattk.h"
            else:
                warn(f"include/{h} not found; its names stay symbolic")
            continue
        pp.process_named(path, h)
    return pp


def _read_source(src: Sources, base: ParamRecorder, rel: str, why: str = "",
                 protected=(), defines=()):
    """Preprocess one required file of the source tree on a fork of the headers' state:
    its tokens and an evaluator over them."""
    path = src.find(rel)
    if path is None:
        raise SourceError(f"{rel} is required" + (f" ({why})" if why else ""))
    pp = base.fork(protected=protected)
    for name in defines:
        pp.define(name)
    toks = pp.process_named(path, rel.rsplit("/", 1)[-1])
    return pp, toks, Evaluator(pp)


def read_drawing(src: Sources, base: ParamRecorder) -> dict:
    pp, toks, ev = _read_source(src, base, "src/drawing.c", "class symbols")

    def arr(name):
        return [ev.value(x) if isinstance(x, list) and x and isinstance(x[0], Token) else x
                for x in parse_braces(find_initializer(toks, name))]
    monsyms, ocsyms = arr("def_monsyms"), arr("def_oc_syms")
    if monsyms and isinstance(monsyms[0], list):
        # NetHack 3.6: struct class_sym rows { symbol, name, explanation }.
        def col(rows, k):
            return [ev.value(r[k]) if isinstance(r, list) and len(r) > k else None for r in rows]
        return {
            "def_monsyms": col(monsyms, 0), "monexplain": col(monsyms, 2),
            "def_oc_syms": col(ocsyms, 0), "objexplain": col(ocsyms, 2),
            "oclass_names": col(ocsyms, 1),
        }
    def texts(name):
        # a string table's null pointer (written 0) is no text
        return [v if isinstance(v, str) else None for v in arr(name)]
    return {
        "def_monsyms": monsyms,
        "monexplain": texts("monexplain"),
        "def_oc_syms": ocsyms,
        "objexplain": texts("objexplain"),
        "oclass_names": texts("oclass_names"),
    }


def _chr(v) -> Optional[str]:
    if isinstance(v, int):
        return chr(v) if v else None
    return v


def _row_macros(src: Sources, rel: str, prefixes: Sequence[str]) -> List[str]:
    """The function-like macros of *rel* whose names start with one of *prefixes*
    (dNetHack writes ``LVL_SPE(...)`` and ``LVL_NDR(...)`` where others write ``LVL``):
    each is kept whole and read by its own parameter names."""
    path = src.find(rel)
    text = path.read_text(encoding="latin-1") if path is not None else ""
    found = re.findall(r"^[ \t]*#[ \t]*define[ \t]+((?:%s)[A-Za-z0-9_]*)\(" %
                       "|".join(re.escape(p) for p in prefixes), text, re.M)
    return sorted(set(found) | set(prefixes))


def _field(params: Sequence[str], names: Sequence[str], pos: Optional[int]) -> Optional[str]:
    """The parameter of a row macro that holds a field: the first of *names* the macro
    has, else the one at *pos* (None: the field is absent)."""
    for n in names:
        if n in params:
            return n
    if pos is None or not -len(params) <= pos < len(params):
        return None
    return params[pos]


def _class_count(pp: Preprocessor, drawing: dict, names: Sequence[str], table: str,
                 header: str) -> int:
    """The number of classes (index 0 is none): the first of *names* the headers define
    (``MAXMCLASSES``, a variant's ``MAX_MONSTER_CLASSES``, as a macro or an enum
    member), else the length of drawing.c's symbol table."""
    for n in names:
        v = pp.try_constant(n)
        if isinstance(v, int) and v > 0:
            return v
    if drawing.get(table):
        warn(f"{header}: none of {', '.join(names)} is defined; the class count is "
             f"drawing.c's {table}[] length ({len(drawing[table])})")
        return len(drawing[table])
    raise SourceError(f"{header}: no class count ({' or '.join(names)}) and no "
                      f"{table}[] in src/drawing.c")


def _split_ac_level(pp: "ParamRecorder", macro: str, args, ev: "Evaluator", name: str):
    """A level row of a permonst with split AC (dNetHack: mlevel, mmove, nac, dac, pac,
    the damage reductions, mr, maligntyp): the row macro expanded as the C compiler
    does, then the fields LVL(...) stands for, with the AC makedefs' ``mstrength()``
    of that game counts, 10 - (nac + dac + pac)."""
    m = pp.protected_macros.get(macro)
    if m is not None and len(args) != len(m.params) and \
            [t.text for t in m.body] == sum(([",", p] for p in m.params), [])[1:]:
        # dNetHack's LVL_FULL passes its arguments through, and their own macros
        # (DETAIL_AC(...), DR0) were expanded with the row: they are the fields
        args, macro = list(args), "(passed through)"
        fields = args
    else:
        fields = None
    if fields is None:
        fields = _expand_row(pp, macro, args)
    if len(fields) < 7:
        raise ValueError(f"{macro}(...) of {name!r}: {len(fields)} fields where a split "
                         "armour class needs level, move, three AC parts, mr, alignment")
    nac, dac, pac = (ev.int(fields[k], name) for k in (2, 3, 4))
    return ([fields[0], fields[1], tokenize(str(10 - (nac + dac + pac))), fields[-2],
             fields[-1]], ["lvl", "mov", "ac", "mr", "aln"])


def _expand_row(pp: "ParamRecorder", macro: str, args) -> List[List[Token]]:
    """The struct fields a protected row macro's call stands for, as cpp expands it."""
    call = [Token("id", macro), Token("op", "(")]
    for i, a in enumerate(args):
        call += ([Token("op", ",")] if i else []) + list(a)
    call.append(Token("op", ")"))
    opened = pp.fork()
    opened.protected = set()
    opened.macros.update({k: m for k, m in pp.protected_macros.items() if m is not None})
    toks = opened.expand(call)
    fields, _end = split_args([Token("op", "(")] + toks + [Token("op", ")")], 0)
    return fields


def gen_monsters(src: Sources, base: ParamRecorder, drawing: dict, features) -> dict:
    lvl_macros = _row_macros(src, "src/monst.c", ["LVL"])
    siz_macros = _row_macros(src, "src/monst.c", ["SIZ"])
    # the attack list: A(...), and dNetHack's A_EXPLICIT(...) of all ten attacks
    atk_macros = ["A"] + [m for m in _row_macros(src, "src/monst.c", ["A_"]) if m != "A_"]
    pp, toks, ev = _read_source(src, base, "src/monst.c",
                                protected={"MON", "ATTK", "NO_ATTK"} | set(atk_macros)
                                | set(lvl_macros) | set(siz_macros))
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

    # class table
    s_names = reverse_map(pp, pp.names_with_prefix("S_"))
    maxm = _class_count(pp, drawing, ("MAXMCLASSES", "MAX_MONSTER_CLASSES"),
                        "def_monsyms", "include/monsym.h")
    classes = []
    for i in range(1, maxm):
        sym = _chr(drawing["def_monsyms"][i]) if i < len(drawing["def_monsyms"]) else None
        classes.append({"index": i, "symbol": sym, "name": s_names.get(i),
                        "explain": drawing["monexplain"][i] if i < len(drawing["monexplain"]) else None})
    cls_by_index = {c["index"]: c for c in classes}

    g_freq = K["G_FREQ"]
    g_names = [n for n in pp.names_with_prefix("G_")
               if n != "G_IGNORE" and (v := pp.try_constant(n)) and v & (v - 1) == 0 and not v & g_freq]
    mz = reverse_map(pp, pp.names_with_prefix("MZ_"))
    ms = reverse_map(pp, pp.names_with_prefix("MS_"))
    clr = reverse_map(pp, pp.names_with_prefix("CLR_") + ["NO_COLOR"])
    atn = reverse_map(pp, pp.names_with_prefix("AT_"))
    adn = reverse_map(pp, pp.names_with_prefix("AD_"))

    mon_p = param_list(pp, "MON")
    atk_p = param_list(pp, "ATTK")
    # MON's fields by parameter name; a variant's MON may add fields anywhere (EvilHack's
    # flg4 and mflg, dNetHack's six flag words in place of three), so positions are only
    # the fallback for a macro whose parameters are named otherwise.
    F = {"name": _field(mon_p, ("nam", "name"), 0),
         "sym": _field(mon_p, ("sym",), 1), "lvl": _field(mon_p, ("lvl",), 2),
         "gen": _field(mon_p, ("gen", "geno"), 3), "atk": _field(mon_p, ("atk",), 4),
         "siz": _field(mon_p, ("siz",), 5), "mr1": _field(mon_p, ("mr1", "mr"), 6),
         "mr2": _field(mon_p, ("mr2",), 7), "col": _field(mon_p, ("col", "color"), -1)}
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

    # dNetHack's permonst has three AC parts (natural, dodge, protection) and ten
    # damage-reduction slots where others have one AC
    ph = src.find("include/permonst.h")
    split_ac = ph is not None and re.search(
        r"\bnac\b[^;]*\bdac\b[^;]*\bpac\b", ph.read_text(encoding="latin-1")) is not None

    def one_of(toks_, macros):
        for m in macros:
            args = call_of(toks_, m, pp)
            if args is not None:
                return m, args
        return None, None

    monsters = []
    for call in find_calls(toks, "MON"):
        where = f"monst.c:{call.line}"
        a = named_args(call.args, mon_p, f"{where}: MON(...)")
        name = ev.value(a[F["name"]])
        if not name:          # the array terminator MON("", 0, ...)
            continue
        lname, lvl = one_of(a[F["lvl"]], lvl_macros)
        sname, siz = one_of(a[F["siz"]], siz_macros)
        if lvl is None and siz is not None:
            # the C compiler only sees numbers in braces: SLASH'EM's Shelob is written
            # SIZ(...) where LVL(...) belongs, and the game reads it as LVL
            lname, lvl = one_of(a[F["lvl"]], siz_macros)
            if lvl is not None and len(param_list(pp, lname)) == len(param_list(pp, "LVL")):
                warn(f"{where}: {name!r} has SIZ(...) in the LVL(...) place; "
                     "read as LVL, as the C compiler does")
                lname = "LVL"
            else:
                lvl = None
        atk = one_of(a[F["atk"]], atk_macros)[1]
        if lvl is None or siz is None or atk is None:
            which = ("LVL(...)" if lvl is None else "SIZ(...)" if siz is None else "A(...)")
            raise SourceError(f"{where}: MON({name!r}, ...): no {which} where MON's "
                              "definition has it")
        lvl_p, siz_p = param_list(pp, lname), param_list(pp, sname)
        if split_ac:
            # dNetHack's NAT_AC(ac) and DR0 inside LVL(...) are several struct fields
            # each: the row is read from the macro's expansion
            lvl, lvl_p = _split_ac_level(pp, lname, lvl, ev, name)
        L = named_args(lvl, lvl_p, f"{where}: {lname}(...) of {name!r}")
        S = named_args(siz, siz_p, f"{where}: {sname}(...) of {name!r}")
        lf = {k: _field(lvl_p, (k,), i) for i, k in enumerate(("lvl", "mov", "ac"))}
        lf["mr"] = _field(lvl_p, ("mr",), -2)
        lf["aln"] = _field(lvl_p, ("aln", "al"), -1)
        attacks, raw = [], []
        for one in atk:
            args = call_of(one, "ATTK", pp)
            if args is None:       # NO_ATTK
                continue
            A = named_args(args, atk_p, f"{where}: ATTK(...) of {name!r}")
            at, ad = ev.int(A[atk_p[0]], name), ev.int(A[atk_p[1]], name)
            dn, dd = ev.int(A[atk_p[2]], name), ev.int(A[atk_p[3]], name)
            raw.append((at, ad, dn, dd))
            attacks.append({"type": atn.get(at, at), "damage": adn.get(ad, ad),
                            "dice": dn, "sides": dd})
        sym = ev.int(a[F["sym"]], name)
        geno = ev.int(a[F["gen"]], name)
        f1, f2, f3 = (ev.int(a[k], name) for k in flag_fields) if flag_fields else (0, 0, 0)
        mr1, mr2 = ev.int(a[F["mr1"]], name), ev.int(a[F["mr2"]], name)
        col = ev.int(a[F["col"]], name)
        # By position from the end: 3.6's SIZ has no pxl.
        size = ev.int(S[_field(siz_p, ("siz",), -1)], name)
        snd = ev.int(S[_field(siz_p, ("snd",), -2)], name)
        mon = {
            "index": len(monsters),
            "name": name,
            "symbol": cls_by_index.get(sym, {}).get("symbol"),
            "class": s_names.get(sym, sym),
            "class_index": sym,
            "level": ev.int(L[lf["lvl"]], name),
            "move": ev.int(L[lf["mov"]], name),
            "ac": ev.int(L[lf["ac"]], name),
            "mr": ev.int(L[lf["mr"]], name),
            "alignment": ev.int(L[lf["aln"]], name),
            "geno": geno,
            "gen_flags": [n for n in g_names if geno & pp.constant(n)],
            "frequency": geno & g_freq,
            "attacks": attacks,
            "weight": ev.int(S[_field(siz_p, ("wt",), 0)], name),
            "nutrition": ev.int(S[_field(siz_p, ("nut",), 1)], name),
            "sound": ms.get(snd, snd),
            "size": mz.get(size, size),
            "size_value": size,
            "resists": flag_names(pp, "MR_", mr1),
            "conveys": flag_names(pp, "MR_", mr2),
            "mflags1": f1, "mflags2": f2, "mflags3": f3,
            "m1": flag_names(pp, "M1_", f1),
            "m2": flag_names(pp, "M2_", f2),
            "m3": flag_names(pp, "M3_", f3),
            "color": clr.get(col, col),
            "color_value": col,
            "attacks_raw": raw,
        }
        if extra_fields:
            mon["extra_fields"] = {p: ev.value(a[p]) for p in extra_fields}
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
        "gen_flag_bits": {n: pp.constant(n) for n in g_names},
        "monsters": monsters,
    }


def _enum_name(name: str) -> str:
    return re.sub(r"[^A-Z0-9]", "_", name.upper())


def _named_value(ev: Evaluator, toks: Sequence[Token], names) -> object:
    """A field objects.c fills with one of *names* (possibly negated, as launcher skills
    of ammunition are): that name as written; anything else its value."""
    text = "".join(t.text for t in ev.pp.expand(toks))
    if text.lstrip("-") in names and text.count("-") <= 1:
        return text
    return ev.value(toks)


def gen_objects(src: Sources, base: ParamRecorder, drawing: dict, features) -> dict:
    prot = {"OBJECT", "OBJ", "BITS"}
    # Weapon skills (skills.h) and conveyed properties (prop.h) stay names, as objects.c
    # writes them ("-P_BOW", "TELEPAT"): the populators compare them by name, and a name
    # means the same in every variant where a number does not.
    named = {"subtype": set(base.names_from("skills.h")),
             "property": set(base.names_from("prop.h"))}
    # OBJECTS_PASS_2_: the pass that defines HARDGEM and BITS' layout
    pp, toks, ev = _read_source(src, base, "src/objects.c",
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
            "index": i, "symbol": _chr(drawing["def_oc_syms"][i]), "name": cls_names.get(i),
            "explain": drawing["objexplain"][i], "plural": drawing["oclass_names"][i]})
    sym_of = {c["index"]: c["symbol"] for c in classes}

    # materials: the run of consecutive values starting at LIQUID in objclass.h
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
    clr = reverse_map(pp, pp.names_with_prefix("CLR_") + ["NO_COLOR"])

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
        prp = _named_value(ev, a[obj_p[2]], named["property"])
        sub = _named_value(ev, B[bits_p[11]], named["subtype"])
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

    bases = {}
    for o in objects:
        bases.setdefault(o["class"], o["index"])

    # mkobj.c class probability tables
    tables = {}
    mk = src.find("src/mkobj.c")
    if mk is None:
        warn("src/mkobj.c not found; no class probability tables")
    else:
        pp2 = base.fork()
        mtoks = pp2.process_named(mk, "mkobj.c")
        ev2 = Evaluator(pp2)
        for tname in ("mkobjprobs", "boxiprobs", "rogueprobs", "hellprobs"):
            try:
                rows = parse_braces(find_initializer(mtoks, tname))
            except KeyError:
                continue
            tables[tname] = [{"prob": ev2.int(r[0], tname), "class": sym_of[ev2.int(r[1], tname)]}
                             for r in rows]

    # gem boundaries: makedefs writes LAST_GEM as a fixed object name
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
                     if o["class"] == gem_sym and _enum_name(o["name"]) == last_gem_name), None)
    return {
        "generator": GENERATOR,
        "features": features,
        "classes": classes,
        "bases": bases,
        "last_gem": last_gem,
        "class_probabilities": tables,
        "materials": {str(k): v for k, v in materials.items()},
        "objects": objects,
    }


def _lev_main_tables(src: Sources, base: ParamRecorder, names: Sequence[str]) -> List:
    pp, toks, ev = _read_source(src, base, "util/lev_main.c", "des-file names",
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
            const = _ONAME_PREFIX.get(o["class_name"], "") + _enum_name(o["name"])
            out.setdefault(const, o["name"])
    return out


def _strings(ev: Evaluator, rows) -> List[str]:
    """A ``const char *[]`` initializer without its null terminator."""
    return [v for v in (ev.value(r) for r in rows) if isinstance(v, str)]


def _oname_classes(objects: dict) -> Dict[str, str]:
    out: Dict[str, str] = {}
    for o in objects["objects"]:
        if o["name"]:
            out.setdefault(_ONAME_PREFIX.get(o["class_name"], "") + _enum_name(o["name"]),
                           o["class"])
    return out


# What hack.h defines for a build without overlays (every Unix build).
OVERLAY_SEGMENTS = ("OVL0", "OVL1", "OVL2", "OVL3", "OVLB")

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
    pp, toks, ev = _read_source(src, base, "src/shknam.c", "shop types",
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
    pp, toks, ev = _read_source(src, base, "src/engrave.c", "epitaphs",
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


GENERATOR = "unlev data import"

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
    del _WARNINGS[:]
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
    return tables, list(_WARNINGS)


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
                  generated_from: Optional[dict] = None) -> Path:
    """A profile directory (:mod:`unlev.stdlib.profiles`): the tables and profile.json.
    An existing profile.json keeps its ``extensions`` unless new ones are given;
    *generated_from* says where generated ones came from (and what to review)."""
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


# the readers :mod:`.importer_nethack37` shares (3.7's rows are read the same way)
read_source = _read_source
named_value = _named_value
