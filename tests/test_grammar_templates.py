"""Parameterised grammar rules (``grammar_compose.parameterized``) expand into the
PLY functions they stand for, at the template's place, and the shared grammar is
gathered from its family modules with no rule lost or doubled."""

from __future__ import annotations

import pytest

from unlev.lang import grammar, grammar_compose as GC
from unlev.lang.grammar_compose import expand_templates, parameterized, parse_doc


def test_a_template_becomes_one_rule_per_parameter_set():
    seen = []

    @parameterized(("a", "A_TOK", 1), ("b", "B_TOK", 2))
    def p_thing_xxx(p, name, tok, n):
        """thing_xxx : yyy"""
        seen.append((name, tok, n, p))

    ns = {"p_thing_xxx": p_thing_xxx}
    expand_templates(ns)
    assert sorted(ns) == ["p_thing_a", "p_thing_b"]
    assert ns["p_thing_a"].__doc__ == "thing_a : A_TOK"
    assert ns["p_thing_b"].__doc__ == "thing_b : B_TOK"
    ns["p_thing_b"]("P")
    assert seen == [("b", "B_TOK", 2, "P")]
    # PLY sorts and records productions by the function's line and file: the template's
    code = ns["p_thing_a"].__code__
    assert code.co_firstlineno == p_thing_xxx.__code__.co_firstlineno
    assert code.co_filename == __file__
    assert code.co_argcount == 1           # PLY refuses a rule taking more than p


def test_a_template_making_a_name_twice_is_refused():
    @parameterized(("a",), ("a",))
    def p_dup_xxx(p, name):
        """dup_xxx : X"""

    with pytest.raises(ValueError, match="twice"):
        expand_templates({"p_dup_xxx": p_dup_xxx})


def _productions(module):
    out = []
    for func in GC.rule_functions(module).values():
        for lhs, alts in parse_doc(func.__doc__ or ""):
            out.extend(f"{lhs} : {a}" for a in alts)
    return out


def test_the_shared_grammar_gathers_every_family_once():
    from unlev.lang import grammar_contents, grammar_statements, grammar_values
    prods = _productions(grammar)
    assert len(prods) == len(set(prods))
    for family in (grammar_statements, grammar_contents, grammar_values):
        for name, func in GC.rule_functions(family).items():
            assert getattr(grammar, name) is func
    # no template is left unexpanded, and the templated rules are all there
    assert not any("xxx" in n or "yyy" in p for n in GC.rule_functions(grammar) for p in prods)
    assert "variable_define : any_var_or_arr '=' objectid ':' '{' encodeobj_list '}'" in prods
    assert "region_or_var : VARSTRING_REGION_ARRAY '[' math_expr_var ']'" in prods
    assert "corefunc_coord : CFUNC_COORD '(' corefunc_params_list ')'" in prods
    assert sum(p.startswith("variable_define :") for p in prods) == 15
