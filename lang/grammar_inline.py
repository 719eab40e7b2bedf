"""Unit rules folded into their users before PLY builds the tables: fewer parser steps.

Why a module of its own: the grammar is written as UnNetHack's ``util/lev_comp.y`` is,
with many rules of one symbol whose action passes the value through
(``levstatement : monster_detail``, ``coord_or_var : encodecoord``, ``monster_or_var :
encodemonster``...).  PLY's LR driver (kept as it is: the design card) pays a loop step,
a symbol object, a stack slice and an action call for each reduction, and about a
quarter of the corpus's reductions were such unit steps.  :func:`fold_units` rewrites
the composed namespace PLY reads: ``outer : inner`` is replaced by ``inner``'s own
alternatives written under ``outer``, each with ``inner``'s action, so one reduction
builds the same value the two did.  The readable grammar (what dialects and variants
compose from, by rule text) is not changed; only the tables PLY builds are.

What makes a fold keep the trees and the diagnostics, checked for each pair of
:data:`FOLDS` when it was listed (and by the 422-file dump of trees and diagnostics):

* ``outer : inner``'s action is ``p[0] = p[1]`` and nothing else (no position carried,
  no check), so ``outer``'s value is ``inner``'s;
* ``inner``'s action neither carries a position to ``p[0]`` (:func:`carry`: the symbol
  would then have one that ``outer`` did not) nor reads ``p.slice[0]``;
* no new LR conflict (PLY's debug output; ``tests/test_grammar_inline.py``).

* only the shared grammar's actions are folded (a dialect's or variant's own are not
  read for the above).

A syntax error is still found at the same token (the two grammars accept the same
prefixes), and PLY's recovery does the same: it pops its stack to a state with an
action on the ``error`` token, *reducing* the complete items it meets on the way (a
statement broken in its middle is reduced with what was read), and a folded item is
complete exactly where the two unfolded ones were.  A reshaping that is not a unit fold
can change that (see ``docs/notes/issue-29-grammar.md``: the reverted last-info rules).
``inner`` itself stays where another rule still uses it (``encodecoord_list :
encodecoord``) and goes where nothing does.
"""

from __future__ import annotations

import types
from typing import Dict, List, Tuple

from .grammar_compose import format_doc, parse_doc, retitled

_SHARED = {f"{__package__}.{m}" for m in (
    "grammar", "grammar_statements", "grammar_contents", "grammar_values")}

# (outer, inner): ``outer : inner`` is folded. Counts: reductions on the UnNetHack
# corpus before the fold (tools: a counting wrapper around each production's action).
FOLDS: Tuple[Tuple[str, str], ...] = (
    ("coord_or_var", "encodecoord"),          # 7,966
    ("monster_or_var", "encodemonster"),      # 2,912
    ("object_or_var", "encodeobj"),           # 2,647
    ("region_or_var", "encoderegion"),        # 810
    ("mapchar_or_var", "mapchar"),            # 113
    ("ter_selection", "ter_selection_x"),     # 935
    ("lev_region", "region"),                 # 358
    ("string_expr", "string_or_var"),         # 145
    # a statement is its detail: 11,090 levstatement reductions, all pass-through
) + tuple(("levstatement", inner) for inner in (
    "monster_detail", "object_detail", "trap_detail", "door_detail", "chancestatement",
    "region_detail", "map_definition", "loopstatement", "stair_detail", "lev_init",
    "diggable_detail", "room_def", "stair_region", "variable_define", "subroom_def",
    "branch_region", "ifstatement", "mazewalk_detail", "mon_generation", "shuffle_detail",
    "passwall_detail", "terrain_detail", "teleprt_region", "engraving_detail",
    "fountain_detail", "altar_detail", "message", "grave_detail", "sounds_detail",
    "corridor", "wallwalk_detail", "drawbridge_detail", "mineralize", "gold_detail",
    "switchstatement", "forstatement", "exitstatement", "breakstatement",
    "function_define", "function_call", "corefunc_stmt", "vaultgen_stmt", "ladder_detail",
    "pool_detail", "portal_region", "random_corridors", "sink_detail",
    "replace_terrain_detail", "spill_detail", "wallify_detail"))


def _namespace_items(ns) -> Dict[str, object]:
    return dict(ns) if isinstance(ns, dict) else dict(vars(ns))


def fold_units(ns, folds=FOLDS):
    """A copy of the grammar namespace ``ns`` with each ``outer : inner`` of ``folds``
    that it has replaced by ``inner``'s alternatives (a pair it lacks is skipped: the
    dialects differ); ``ns`` itself is left as it was."""
    items = _namespace_items(ns)
    funcs = {k: v for k, v in items.items()
             if k.startswith("p_") and callable(v) and k != "p_error"}
    rules: Dict[str, List[Tuple[str, List[str]]]] = {}
    homes: Dict[str, List[str]] = {}        # lhs -> the rule functions naming it
    for name, f in funcs.items():
        rules[name] = parse_doc(f.__doc__ or "")
        for lhs, _alts in rules[name]:
            homes.setdefault(lhs, []).append(name)
    changed, inners = set(), set()
    for outer, inner in folds:
        home = next((n for n in homes.get(outer, ()) for lhs, alts in rules[n]
                     if lhs == outer and inner in alts), None)
        inner_alts = [(n, alts) for n in homes.get(inner, ()) for lhs, alts in rules[n]
                      if lhs == inner]
        if home is None or not inner_alts or not all(
                _audited(funcs[n]) for n in [home] + [n for n, _a in inner_alts]):
            continue
        changed.add(home)
        inners.add(inner)
        rules[home] = [(lhs, [a for a in alts if not (lhs == outer and a == inner)])
                       for lhs, alts in rules[home]]
        for name, alts in inner_alts:
            new = f"{name}__as_{outer}"
            changed.add(new)
            if new in rules:
                rules[new][0][1].extend(alts)
            else:
                rules[new] = [(outer, list(alts))]
                funcs[new] = funcs[name]
                homes[outer].append(new)
    if not changed:
        return ns
    # an inner that no rule names any more goes (encodecoord stays: encodecoord_list)
    used = set(" ".join(a for rs in rules.values() for _lhs, alts in rs
                        for a in alts).split())
    for inner in inners - used:
        for name in homes[inner]:
            rules[name] = [(lhs, alts) for lhs, alts in rules[name] if lhs != inner]
            changed.add(name)
    out = {k: v for k, v in items.items() if k not in changed}
    for name in changed:
        rs = [(lhs, alts) for lhs, alts in rules[name] if alts]
        if rs:
            out[name] = retitled(funcs[name], format_doc(rs))
    return types.SimpleNamespace(**out)


def _audited(func) -> bool:
    """Whether ``func`` is one of the shared grammar's actions, read for the conditions
    above; a dialect's or a variant's own action (3.5.2's ``object_detail`` asks
    ``p.slice[0]`` which rule it serves) is never folded."""
    return getattr(func, "__module__", None) in _SHARED
