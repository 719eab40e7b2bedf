"""A variant's declared language extensions, read from its lev_comp against its base's.

Why: a variant's ``util/lev_comp.l`` and ``util/lev_comp.y`` say mechanically most of
what it adds to the des-file language: the words its lexer knows beyond the base's
(by the token each returns: FLAG_TYPE, DOOR_MATERIAL, DOOR_FLAGS, LIGHT_STATE...), its
new statement rules and their arguments, the characters its MAP lexer rule accepts and
the terrain lev_main.c's ``what_map_char()`` turns each into, and a few rule changes
unlev knows by name (``syntax``).  ``unlev data import --base-src`` compares the two
trees and writes the result as the profile's ``"extensions"`` (the schema is in
:mod:`unlev.lang.extensions`); what needs a maintainer's judgement (the base terrain of
a new map character, words of kinds unlev cannot declare) is listed in
``generated_from.review``.

Only the base's ``util/lev_comp.l``, ``util/lev_comp.y`` and ``util/lev_main.c`` are
read, or their :func:`digest` (the ``levcomp`` table every import writes: unlev's own
UnNetHack, 3.6 and 3.4.3 profiles carry theirs, so ``unlev data import`` needs no base
tree; :func:`without_base` says what that comparison cannot tell).
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Tuple

from .sources import SourceError, Sources

#: The lev_comp files a declaration is generated from (in the variant and in its base).
LEV_COMP_FILES = ("util/lev_comp.l", "util/lev_comp.y", "util/lev_main.c")

def without_base(base: str, source: str) -> str:
    """What an import without ``--base-src`` compares with, and what it cannot tell."""
    return (f"no --base-src: the language extensions are what the variant's lev_comp has "
            f"beyond unlev's digest of {base}'s ({source}); a word or map character "
            f"that another revision of {base} has and this one lacks would show as the "
            f"variant's own, so for a variant forked from another revision give "
            f"--base-src with that tree (only util/lev_comp.l, lev_comp.y and lev_main.c "
            f"are read)")


# lev_comp.y nonterminals (and tokens) -> argument shapes of unlev.lang.extensions
SHAPE_OF = {
    "ter_selection": "selection", "coord_or_var": "coord", "coordinate": "coord",
    "region_or_var": "region", "region": "region", "INTEGER": "int",
    "integer_or_var": "int", "math_expr_var": "int", "string_expr": "string",
    "STRING": "string", "string": "string", "mapchar_or_var": "mapchar", "CHAR": "mapchar",
    "monster_or_var": "monster", "object_or_var": "object", "light_state": "light",
    "DIRECTION": "direction", "BOOLEAN": "bool", "SPERCENT": "percent",
}
# what_map_char()'s terrain -> the base character it is drawn and counted as (a guess
# from the name; listed for review)
BASE_GUESS = [
    (re.compile(r"GRASS|SAND|MUD|ASH|CARPET|FLOOR|MAGIC_CHEST|SNOW"), "."),
    (re.compile(r"PUDDLE|SEWAGE|WATER|MOAT|POOL|BOG|SWAMP"), "}"),
    (re.compile(r"TREE"), "T"),
    (re.compile(r"FORGE|FOUNTAIN|TOILET"), "{"),
    (re.compile(r"ICE"), "I"),
    (re.compile(r"LAVA|MAGMA"), "L"),
    (re.compile(r"BARS|FENCE"), "F"),
    (re.compile(r"WALL|ROCK|STONE"), "-"),
]
DOOR_BASES = {"D_NODOOR": "nodoor", "D_BROKEN": "broken", "D_ISOPEN": "open",
              "D_CLOSED": "closed", "D_LOCKED": "locked", "D_SECRET": "secret"}


def read(tree: Sequence, rel: str) -> str:
    """A lev_comp file of a source tree (one folder, or several: the first that has it)."""
    dirs = [tree] if isinstance(tree, (str, bytes)) or hasattr(tree, "is_dir") else list(tree)
    path = Sources(dirs).find(rel)
    if path is None:
        raise SourceError(f"no {rel} under {', '.join(str(d) for d in dirs)}")
    return path.read_text(encoding="latin-1")


_KW_ST = re.compile(r"^([A-Za-z_][-A-Za-z_0-9]*)\s+(?:ST_RET\((\w+)\)|return\s*\(?\s*(\w+)\s*\)?)\s*;",
                    re.M)
_KW_VAL = re.compile(r"^([A-Za-z_][-A-Za-z_0-9]*)\s+\{[^}\n]*?yylval\.i\s*=\s*([^;]+);"
                     r"[^}\n]*?return\s+(\w+)\s*;", re.M)


def lexer_words(text: str) -> Dict[str, Tuple[str, Optional[str]]]:
    """word -> (token, value expression) of a lev_comp.l's keyword rules."""
    words: Dict[str, Tuple[str, Optional[str]]] = {}
    for m in _KW_ST.finditer(text):
        words[m.group(1)] = (m.group(2) or m.group(3), None)
    for m in _KW_VAL.finditer(text):
        words[m.group(1)] = (m.group(3), m.group(2).strip())
    return words


def map_chars(text: str) -> set:
    """The characters the MAP line rule of a lev_comp.l accepts."""
    m = re.search(r"^<MAPC>\[(.*?)\]\*", text, re.M)
    if not m:
        return set()
    body = m.group(1).replace("\\\\", "\\")
    return set(body) - set("0123456789")


def what_map_char(text: str) -> Dict[str, str]:
    """char -> terrain constant, from lev_main.c's what_map_char()."""
    m = re.search(r"\nwhat_map_char\s*\(.*?\n\}", text, re.S)
    if not m:
        return {}
    out, pending = {}, []
    for tok in re.finditer(r"case\s+'(\\?.)'\s*:|return\s*\(?\s*(\w+)\s*\)?\s*;", m.group(0)):
        if tok.group(1) is not None:
            pending.append(tok.group(1)[-1])
        else:
            for c in pending:
                out[c] = tok.group(2)
            pending = []
    return out


def rules(text: str) -> List[Tuple[str, List[str]]]:
    """(lhs, symbols) of every alternative of a lev_comp.y, C actions removed."""
    # the sections are split by a line of its own "%%" (a "%%" inside an action's
    # string -- SporkHack's "chance '%li%%'" -- is not one)
    parts = re.split(r"^%%[ \t]*\r?$", text, flags=re.M)
    body = parts[1] if len(parts) >= 3 else text
    out_chars, depth, i = [], 0, 0
    while i < len(body):
        c = body[i]
        if c == "/" and body.startswith("/*", i):
            end = body.find("*/", i + 2)
            i = len(body) if end < 0 else end + 2
            continue
        if c == "'" and i + 2 < len(body) and body[i + 2] == "'" and depth == 0:
            out_chars.append(body[i:i + 3])
            i += 3
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif depth == 0:
            out_chars.append(c)
        i += 1
    # a rule runs from "lhs :" at the start of a line to the next one (a variant may
    # forget the closing ';')
    text = "".join(out_chars)
    heads = list(re.finditer(r"^(\w+)\s*:", text, re.M))
    out = []
    for h, nxt in zip(heads, heads[1:] + [None]):
        rhs = text[h.end():nxt.start() if nxt else len(text)].split(";")[0]
        for alt in rhs.split("|"):
            out.append((h.group(1), alt.split()))
    return out


def base_guess(terrain: str) -> Tuple[str, bool]:
    for rx, ch in BASE_GUESS:
        if rx.search(terrain):
            return ch, True
    return ".", False


def digest(tree) -> dict:
    """What the comparison reads of a lev_comp (its lexer's words with their tokens and
    values, its MAP characters and the terrain each makes, its grammar's rules without
    their C actions), as a table: the ``levcomp`` table of a profile, so that a profile
    can be the base of another import without its source tree."""
    lex, yacc, main = (read(tree, rel) for rel in LEV_COMP_FILES)
    return {"generator": "unlev data import",
            "words": [[w, tok, val] for w, (tok, val) in sorted(lexer_words(lex).items())],
            "map_chars": "".join(sorted(map_chars(lex))),
            "map_terrain": what_map_char(main),
            "rules": [[lhs, syms] for lhs, syms in rules(yacc)]}


def generate(variant, base_src, base: str, name: str, lexer_only: bool = False) -> dict:
    """The profile.json fragment (``name``, ``base``, ``extensions``,
    ``generated_from``) of the variant's tree against the base's; each may be one folder
    or several, and the base may be its :func:`digest` instead.  Raises SourceError
    when a lev_comp file is missing.  ``lexer_only``: a tree that kept ``lev_comp.l``
    and ``lev_main.c`` but not ``lev_comp.y`` (SpliceHack on NetHack 3.7): the words are
    compared without the grammar (flags, door and light words, map characters), no
    statement is declared."""
    if lexer_only:
        vl, vm = read(variant, LEV_COMP_FILES[0]), read(variant, LEV_COMP_FILES[2])
        vy = ""
    else:
        vl, vy, vm = (read(variant, rel) for rel in LEV_COMP_FILES)
    based = base_src if isinstance(base_src, dict) else digest(base_src)
    vwords = lexer_words(vl)
    bwords = {w: (tok, val) for w, tok, val in based["words"]}
    base_chars = set(based["map_chars"])
    vrules = rules(vy)
    terrain = what_map_char(vm)
    base_terrain = based["map_terrain"]
    base_tokens_by_value = {(tok, val): w for w, (tok, val) in bwords.items()}
    ext: dict = {}
    review: List[str] = []

    def add(key, item, value=None):
        if value is None:
            ext.setdefault(key, [])
            if item not in ext[key]:
                ext[key].append(item)
        else:
            ext.setdefault(key, {})[item] = value

    # map characters first: statements may place them
    new_chars = sorted(map_chars(vl) - base_chars)
    for ch in new_chars:
        t = terrain.get(ch)
        if t is None:
            review.append(f"map character {ch!r}: no case in what_map_char")
            continue
        guess, sure = base_guess(t)
        add("map_chars", ch, {"terrain": t.lower().replace("_", " "), "base": guess})
        review.append(f"map character {ch!r} ({t}) drawn as {guess!r}"
                      + ("" if sure else " -- a default, check it"))
    char_of_terrain = {t: c for c, t in terrain.items()
                       if c in new_chars or c in base_chars}
    char_of_terrain.update({t: c for c, t in base_terrain.items() if c in base_chars})

    # the words unlev's own lexer of the base dialect has: the digest of the base's
    # lev_comp.l lists only the words with a value, and a word unlev already reads
    # (female, buried, quantity...) is no extension
    from unlev.lang.dialect import lexicon_of
    try:
        base_known = set(lexicon_of(base).keywords)
    except (KeyError, ValueError):
        base_known = set()
    for word, (tok, val) in sorted(vwords.items()):
        old = bwords.get(word)
        if old == (tok, val) or (old is None and word in base_known):
            continue
        if tok == "FLAG_TYPE":
            add("flags", word)
        elif tok == "DOOR_MATERIAL":
            add("door_materials", word)
        elif tok == "DOOR_FLAGS":
            if not (old and old[0] == "DOOR_STATE"):
                add("door_flags", word)
        elif tok == "DOOR_STATE" and old is None:
            add("door_states", word, {"base": DOOR_BASES.get(val or "", "closed")})
        elif tok == "LIGHT_STATE" and old is None:
            add("light_states", word, {"base": "unlit" if val == "0" else "lit"})
        elif old is None and (tok, val) in base_tokens_by_value:
            add("keywords", word, base_tokens_by_value[(tok, val)])
        elif tok.endswith("_ID") and old is None:
            _statement_word(word, tok, vrules, ext, review, char_of_terrain, add)
        elif old is not None and old[0] != tok:
            review.append(f"'{word}' lexes as {tok} (the base: {old[0]})")
        else:
            review.append(f"'{word}' ({tok}) is a kind of word unlev cannot declare")

    brules = [(lhs, list(syms)) for lhs, syms in based["rules"]]
    _more_arguments(vrules, brules, vwords, add)

    _named_syntax(vrules, brules, vwords, vy, base, add)
    if lexer_only:
        review.append("no util/lev_comp.y: only lev_comp.l's words were compared; a new "
                      "statement or argument is not declared")
    if not ext:
        review.append("no difference found")
    return {"name": name, "base": base, "extensions": ext,
            "generated_from": {"tool": "unlev data import", "review": review}}


def _named_syntax(vrules, brules, vwords, vy: str, base: str, add) -> None:
    """The rule changes unlev knows by name (``extensions["syntax"]``): each is a
    variant's lev_comp.y rule, or an error message of its, that the base lacks."""
    grad = ["gradient_ID", "'('", "GRADIENT_TYPE", "','", "'('", "math_expr_var", "','"]
    if any(s[:7] == grad for _l, s in vrules) and not any(s[:7] == grad for _l, s in brules):
        add("syntax", "gradient_comma")
    if ("engraving_text", ["RANDOM_TYPE"]) in vrules and \
            any(l == "engraving_detail" and "engraving_text" in s for l, s in vrules):
        add("syntax", "engraving_random_text")
    # xNetHack's and dNetHack's lev_comp check a ROOM's position against the map, not
    # 1..5 (and their create_room() takes it as a square: xabs = xtmp)
    if "Room positions should be real coordinates" in vy or \
            "Room position should be in map bounds" in vy:
        add("syntax", "room_coordinates")
    # SporkHack's 3.5-era flag list takes the word ``irregular`` where UnNetHack 3.5's
    # took a boolean
    irr = vwords.get("irregular", (None,))[0]
    if base == "unnethack35" and irr and any([irr] == s for _l, s in vrules):
        add("syntax", "irregular_word")
    # dNetHack's object class '#': a wish string its sp_lev.c reads with readobjnam()
    if "externally-parsed object" in vy:
        add("syntax", "wish_objects")


def _more_arguments(vrules, brules, vwords, add) -> None:
    """A base statement whose variant rule ends in a list of ``',' thing`` (SLASH'EM's
    ``DOOR: locked, (8,3), "The Key of Law"``): ``statement_args``."""
    word_of = {tok: w for w, (tok, _v) in vwords.items() if tok.endswith("_ID")}
    alts = {}
    for lhs, syms in vrules:
        alts.setdefault(lhs, []).append(syms)
    base_alts = {tuple(s) for _l, s in brules}
    for lhs, syms in vrules:
        if len(syms) < 3 or syms[0] not in word_of or tuple(syms) in base_alts:
            continue
        head, tail = tuple(syms[:-1]), syms[-1]
        if head not in base_alts:
            continue
        items = alts.get(tail, [])
        if [] not in items or not any(a[:1] == [tail] and len(a) == 2 for a in items):
            continue
        item = next(a[1] for a in items if a[:1] == [tail] and len(a) == 2)
        for one in alts.get(item, []):
            if len(one) == 2 and one[0] == "','" and one[1] in SHAPE_OF:
                add("statement_args", word_of[syms[0]], [SHAPE_OF[one[1]] + "?"])


def _statement_word(word, tok, vrules, ext, review, char_of_terrain, add):
    """A new ``*_ID`` word: a statement (its rule's arguments), or a monster/object
    word (it appears among monster_info / object_info)."""
    for lhs, syms in vrules:
        if not syms or tok not in syms:
            continue
        if lhs == "monster_info" and syms == [tok]:
            add("monster_flags", word)
            return
        if lhs == "object_info":
            if syms == [tok]:
                add("object_attributes", word, "flag")
                return
            if syms[:2] == [tok, "':'"] and len(syms) == 3 and SHAPE_OF.get(syms[2]) == "int":
                add("object_attributes", word, "int")
                return
        if syms[0] == tok and syms[1:2] == ["':'"]:
            args = [s for s in syms[2:] if s != "','"]
            shapes = [SHAPE_OF.get(a) for a in args]
            if None in shapes:
                review.append(f"statement {word}: arguments {args} have no shape; declared raw")
                shapes = ["raw"]
            decl = {"args": shapes}
            t = word.upper()
            if shapes and shapes[0] in ("selection", "coord") and t in char_of_terrain:
                decl["places"] = char_of_terrain[t]
            add("statements", word, decl)
            return
    review.append(f"'{word}' ({tok}): no rule uses it the way unlev can declare")


def describe(extensions: dict) -> str:
    """How many declarations of each kind: ``2 statements, 1 flag`` (``none``)."""
    parts = []
    for key, items in extensions.items():
        n = len(items) if isinstance(items, (list, dict)) else 1
        kind = key.replace("_", " ")
        parts.append(f"{n} {kind[:-1] if n == 1 and kind.endswith('s') else kind}")
    return ", ".join(parts) or "none"


def merged(inherited: dict, own: dict) -> dict:
    """A variant of a variant: the base profile's declarations, then its own (a word or
    character both declare takes the newer declaration)."""
    out: dict = {}
    for key in list(inherited) + [k for k in own if k not in inherited]:
        a, b = inherited.get(key), own.get(key)
        if isinstance(a, dict) or isinstance(b, dict):
            out[key] = {**(a or {}), **(b or {})}
        else:
            out[key] = list(a or []) + [x for x in (b or []) if x not in (a or [])]
    return out
