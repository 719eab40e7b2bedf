"""The code of every error, and what each code means: the one table.

Why a module of its own: warnings carry a code (``[map-rows]``, ``[lenient]``) that
``--select``/``--ignore``, ``# unlev: ignore[...]``, the JSON/SARIF/GitHub output and the
language server use; errors had none, so a CI job or an editor could not tell a syntax
error from an unknown monster name.  The errors are raised at some 150 places (the
grammar's actions follow lev_comp's ``lc_error()`` calls in ``util/lev_comp.y`` word for
word, the checker, the evaluator, the loader), so rather than thread a code through each
call, :func:`error_code` classifies an error by its message, once, when its
:class:`~unlev.lang.diagnostics.Diagnostic` is made.  ``tests/test_error_codes.py`` walks
every raise site of the source and fails when a message falls through to the catch-all
``error``, so a new message must find its code here.

:data:`ERROR_CODES` is ordered: the first code whose pattern matches wins.
"""

from __future__ import annotations

import re
from typing import Dict, List, Pattern, Tuple

FALLBACK = "error"

# (code, what it means, message patterns); the explanation's first sentence is the
# short description (SARIF rules, ``unlev explain`` without a code)
_TABLE: List[Tuple[str, str, Tuple[str, ...]]] = [
    ("syntax",
     "The text does not follow the des-file grammar (lev_comp's util/lev_comp.y): a "
     "misspelt keyword, a missing comma or brace, an unterminated string, a MAP without "
     "ENDMAP. The caret marks where the parser stopped; the hint says what it expected.",
     (r"^syntax error", r"^unterminated string", r"^unexpected ", r"^cannot recover from "
      r"the syntax", r"^could not parse the file", r"starts a comment only at",
      r"^expected (END|ENDMAP|MAP)\b", r"^expected an? .* line, found",
      r"^MAP block has no ENDMAP", r"^tab character in a MAP block",
      r"^invalid character .* in a MAP block", r"^malformed map character",
      r"^a string (runs|ends)", r"^bad .* line")),
    ("unknown-name",
     "A monster, object, trap or class name the data profile does not know. With "
     "--lenient it is a warning and the level shows a placeholder; the hint names the "
     "closest known name.",
     (r"^Unknown (monster|object|trap|room)", r"^Monster generation: Invalid monster name",
      r"^Unknown monster class")),
    ("undefined",
     "A variable or FUNCTION used before (or without) its definition, or a LEVEL name "
     "the file does not have.",
     (r"^Variable '.*' not defined", r"^Function '.*' not defined",
      r"^Unknown core function", r"^Trying to shuffle undefined variable",
      r"^no LEVEL named")),
    ("function",
     "A FUNCTION defined twice, inside another, after its call, or calling itself: "
     "lev_comp compiles functions once, in order, without recursion.",
     (r"^Function '.*' already defined", r"calls itself", r"^Recursively defined functions",
      r"^FUNCTION definitions cannot be nested", r"^a FUNCTION must be defined")),
    ("type",
     "A value of the wrong kind: a variable redefined with another type, an argument of "
     "the wrong type or count, a coordinate where a region is wanted.",
     (r"^Trying to redefine variable", r"^Trying to shuffle non-array",
      r"requires (params|'.*' parameter)", r"^Core function", r"^Unknown function parameter "
      r"type", r": expected an? (coordinate|region|selection|map character)\b",
      r": incorrect arguments", r"^not a number", r"^selection\.\w+: expected")),
    ("flow",
     "BREAK, SWITCH or IF used where lev_comp does not allow it (outside a block, "
     "nested too deep, a second default case).",
     (r"BREAK", r"[Ss]witch", r"IF-statements")),
    ("include",
     "An INCLUDE that cannot be read: missing, outside the allowed folders, including "
     "itself, or beyond the include limits.",
     (r"^INCLUDE ", r"^Cannot open file for including", r"^Too deep includes",
      r"^include cycle", r"INCLUDEs? ", r"^refused:")),
    ("file",
     "The file itself cannot be read as a des-file: missing, not text, in an encoding "
     "other than ASCII, UTF-8 or Latin-1, or larger than a des-file may be.",
     (r"^cannot read ", r"encoded; des-files are", r"more than a des-file may be",
      r"^.* is more than .* bytes$")),
    ("limit",
     "One of unlev's safety limits was reached (steps of the level script, tokens, "
     "nesting, list and string sizes, things on a level): a level no game would load, or "
     "a runaway LOOP. The hint says how to raise the limit (UNLEV_LIMITS).",
     (r"^the level script ran more than", r"^more than ", r"^nested more than",
      r"dice in one roll", r"^a radius of", r"^a string of", r"^an array of",
      r"list too long", r"^Message string too long", r"^Too deeply nested rooms",
      r"registers already initialized", r"^Register Index overflow")),
    ("level-name",
     "A LEVEL or MAZE name lev_comp refuses (too long, with a dot), or a file with no "
     "LEVEL at all.",
     (r"^Level names limited", r"^Invalid dot", r"defines no LEVEL",
      r"needs at least one LEVEL")),
    ("map",
     "A MAP or INIT_MAP the loader cannot use: too large, rows too long, an invalid fill "
     "character or style, a DOOR where the MAP has no door.",
     (r"^Map too large", r"row longer than", r"ysize too large",
      r"^Door decl doesn't match", r"^INIT_MAP", r"^Invalid (fore|back)ground type")),
    ("range",
     "A coordinate or region outside the MAP or the level, or with its corners swapped "
     "where lev_comp checks them.",
     (r"out of (map |level )?range", r"^Region start > end", r"falls outside the map",
      r"starts outside the map", r"lies outside the map", r"^Room positions should be",
      r"^Invalid subroom position", r"^negative index", r"^SPILL: Invalid count")),
    ("room",
     "A ROOM, SUBROOM or vault statement lev_comp rejects: a chance or name on the wrong "
     "room, a ROOMDOOR outside a room, a vault not 2x2.",
     (r"room", r"[Vv]ault", r"VAULTGEN", r"door wall")),
    ("lua",
     "A NetHack 3.7 Lua level file called a des.*, selection.*, obj.* or nh.* function in a way "
     "the game rejects, or Lua files cannot be run here (lupa is missing).",
     (r"^(des|selection|nh|obj)\.\w+", r"^randline:", r"^running Lua level files")),
    ("value",
     "A statement's value lev_comp or the loader rejects: a drawbridge or object state, "
     "a chance that is not a percentage, extra info given twice, a contained object "
     "without its container, a word outside its list.",
     (r"[Dd]rawbridge", r"^OBJECT state", r"defined twice", r"listed twice", r"percentile",
      r"contained", r"^monster inventory without", r"^unknown ", r"is not known to the "
      r"loader", r"needs a coordinate", r"^TERRAIN:", r"selection is empty",
      r"^array .*. is empty", r"needs the number of variants", r"^expected ",
      r": unknown value")),
    ("runtime",
     "The level could not be built: the loader stopped where the game would crash or "
     "panic.",
     (r"^search_door: Bad wall", r"^could not rebuild the level")),
]

ERROR_CODES: Dict[str, str] = {code: text for code, text, _p in _TABLE}
ERROR_CODES[FALLBACK] = "An error with no more specific code (please report it: every " \
    "error of unlev should have one)."
# compiled at the first error: a file that checks clean (and `unlev explain`, which
# reads ERROR_CODES) never pays for the ~100 patterns
_COMPILED: List[Tuple[str, Tuple[Pattern[str], ...]]] = []


def error_code(message: str) -> str:
    """The code of an error with this message (:data:`FALLBACK` when none fits)."""
    if not _COMPILED:
        _COMPILED[:] = [(code, tuple(re.compile(p) for p in pats))
                        for code, _t, pats in _TABLE]
    for code, pats in _COMPILED:
        if any(p.search(message) for p in pats):
            return code
    return FALLBACK
