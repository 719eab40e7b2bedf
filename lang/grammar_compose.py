"""Building a dialect's PLY grammar from the shared rules plus its own differences.

PLY reads a grammar from the ``p_*`` functions of a namespace, each docstring holding
one or more ``lhs : alt | alt`` rules. A dialect names what it removes from the shared
grammar (whole nonterminals or single alternatives), which alternatives it rewrites
(same symbols at the same positions, so the shared action still fits), and adds its own
``p_*`` functions; :func:`compose` returns the namespace PLY builds tables from. The
shared rules are reused as they are, never copied.
"""

from __future__ import annotations

import os
import types
from typing import Dict, Iterable, List, Mapping, Optional, Tuple

Rule = Tuple[str, List[str]]   # (lhs, alternatives)


def _norm(alt: str) -> str:
    return " ".join(alt.split())


def parse_doc(doc: str) -> List[Rule]:
    """The rules of one PLY docstring, in order."""
    rules: List[Rule] = []
    for raw in doc.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("|"):
            rules[-1][1].append(_norm(line[1:]))
            continue
        lhs, _, alt = line.partition(":")
        rules.append((lhs.strip(), [_norm(alt)]))
    return rules


def format_doc(rules: Iterable[Rule]) -> str:
    lines = []
    for lhs, alts in rules:
        lines.append(f"{lhs} : {alts[0]}")
        lines.extend(f"{' ' * len(lhs)} | {a}" for a in alts[1:])
    return "\n".join(lines)


def _retitled(func, doc: str):
    """A copy of a rule function with another docstring (same code, same line)."""
    new = types.FunctionType(func.__code__, func.__globals__, func.__name__,
                             func.__defaults__, func.__closure__)
    new.__doc__ = doc
    new.__dict__.update(func.__dict__)
    return new


def rule_functions(module) -> Dict[str, object]:
    return {k: v for k, v in vars(module).items()
            if k.startswith("p_") and callable(v) and k != "p_error"}


def compose(base, *, drop: Iterable[str] = (), replace: Optional[Mapping[str, str]] = None,
            extra: Iterable = (), tokens: Optional[List[str]] = None, start: str = "file",
            keep_only: Optional[Iterable[str]] = None,
            precedence: Optional[tuple] = None) -> types.SimpleNamespace:
    """The namespace of a dialect grammar.

    ``drop``: nonterminal names (every alternative goes) or ``"lhs : alt"`` strings.
    ``replace``: ``"lhs : old alt"`` -> ``"new alt"``, keeping the shared action.
    ``keep_only``: if given, only these shared nonterminals are taken (a dialect whose
    grammar shares only the leaves). ``extra``: the dialect's own ``p_*`` functions.
    """
    drop_lhs = {d.strip() for d in drop if ":" not in d}
    drop_alt = set()
    for d in drop:
        if ":" in d:
            lhs, _, alt = d.partition(":")
            drop_alt.add((lhs.strip(), _norm(alt)))
    repl: Dict[Tuple[str, str], str] = {}
    for k, v in (replace or {}).items():
        lhs, _, alt = k.partition(":")
        repl[(lhs.strip(), _norm(alt))] = _norm(v)
    keep = set(keep_only) if keep_only is not None else None

    ns: Dict[str, object] = {}
    seen = set()
    for name, func in rule_functions(base).items():
        out: List[Rule] = []
        for lhs, alts in parse_doc(func.__doc__ or ""):
            if lhs in drop_lhs or (keep is not None and lhs not in keep):
                continue
            kept = []
            for a in alts:
                if (lhs, a) in drop_alt:
                    seen.add((lhs, a))
                    continue
                if (lhs, a) in repl:
                    seen.add((lhs, a))
                    a = repl[(lhs, a)]
                kept.append(a)
            if kept:
                out.append((lhs, kept))
        if out:
            ns[name] = _retitled(func, format_doc(out))
    missing = (drop_alt | set(repl)) - seen
    if missing:
        raise ValueError(f"dialect grammar names rules the shared grammar lacks: {sorted(missing)}")
    for func in extra:
        if func.__name__ in ns:
            raise ValueError(f"dialect rule {func.__name__} shadows a shared rule")
        ns[func.__name__] = func
    ns["p_error"] = base.p_error
    ns["tokens"] = list(tokens if tokens is not None else base.tokens)
    ns["precedence"] = base.precedence if precedence is None else precedence
    ns["start"] = start
    ns["__file__"] = os.path.abspath(base.__file__)
    ns["__package__"] = base.__package__
    return types.SimpleNamespace(**ns)
