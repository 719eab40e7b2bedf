"""What the importers of a game's data tables share: the preprocessor that records the
row macros' parameters, the evaluator of a row's arguments, the headers, and the readers
of a row by parameter name (:mod:`.importer` for 3.4.3/3.6-shaped trees and
:mod:`.importer_nethack37` both read with them).

Why a module of its own: each table's reader (monsters, objects, the rest) is a module;
this is what they read with.  The row macros (``MON``, ``LVL``, ``SIZ``, ``ATTK``,
``A``, ``OBJECT``, ``OBJ``, ``BITS``) are *protected*: never expanded, so each row
survives as a call whose arguments are read by parameter name (taken from the file's own
``#define`` where it has one); everything else is macro-expanded and evaluated as a C
constant expression (:mod:`.cpre`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Optional, Sequence

from unlev.lang.limits import DEFAULT as DEFAULT_LIMITS, Limits
from .cpre import (
    Preprocessor, Token, UnknownName, find_initializer, parse_braces, split_args, tokenize,
    unescape,
)
from .sources import SourceError, Sources

GENERATOR = "unlev data import"

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
WARNINGS: List[str] = []


def warn(msg: str) -> None:
    WARNINGS.append(msg)


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


# What hack.h defines for a build without overlays (every Unix build): 3.4.3-era files
# hold their tables inside #ifdef OVL0..OVLB (mkobj.c's mkobjprobs[] is in OVL1).
OVERLAY_SEGMENTS = ("OVL0", "OVL1", "OVL2", "OVL3", "OVLB")


def read_source(src: Sources, base: ParamRecorder, rel: str, why: str = "",
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
    pp, toks, ev = read_source(src, base, "src/drawing.c", "class symbols")

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


def char_of(v) -> Optional[str]:
    if isinstance(v, int):
        return chr(v) if v else None
    return v


def row_macros(src: Sources, rel: str, prefixes: Sequence[str]) -> List[str]:
    """The function-like macros of *rel* whose names start with one of *prefixes*
    (dNetHack writes ``LVL_SPE(...)`` and ``LVL_NDR(...)`` where others write ``LVL``):
    each is kept whole and read by its own parameter names."""
    path = src.find(rel)
    text = path.read_text(encoding="latin-1") if path is not None else ""
    found = re.findall(r"^[ \t]*#[ \t]*define[ \t]+((?:%s)[A-Za-z0-9_]*)\(" %
                       "|".join(re.escape(p) for p in prefixes), text, re.M)
    return sorted(set(found) | set(prefixes))


def field_of(params: Sequence[str], names: Sequence[str], pos: Optional[int]) -> Optional[str]:
    """The parameter of a row macro that holds a field: the first of *names* the macro
    has, else the one at *pos* (None: the field is absent)."""
    for n in names:
        if n in params:
            return n
    if pos is None or not -len(params) <= pos < len(params):
        return None
    return params[pos]


def class_count(pp: Preprocessor, drawing: dict, names: Sequence[str], table: str,
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


def split_ac_level(pp: "ParamRecorder", macro: str, args, ev: "Evaluator", name: str):
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
        fields = expand_row(pp, macro, args)
    if len(fields) < 7:
        raise ValueError(f"{macro}(...) of {name!r}: {len(fields)} fields where a split "
                         "armour class needs level, move, three AC parts, mr, alignment")
    nac, dac, pac = (ev.int(fields[k], name) for k in (2, 3, 4))
    return ([fields[0], fields[1], tokenize(str(10 - (nac + dac + pac))), fields[-2],
             fields[-1]], ["lvl", "mov", "ac", "mr", "aln"])


def expand_row(pp: "ParamRecorder", macro: str, args) -> List[List[Token]]:
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



def enum_name(name: str) -> str:
    return re.sub(r"[^A-Z0-9]", "_", name.upper())


def named_value(ev: Evaluator, toks: Sequence[Token], names) -> object:
    """A field objects.c fills with one of *names* (possibly negated, as launcher skills
    of ammunition are): that name as written; anything else its value."""
    text = "".join(t.text for t in ev.pp.expand(toks))
    if text.lstrip("-") in names and text.count("-") <= 1:
        return text
    return ev.value(toks)

