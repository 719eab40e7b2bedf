"""Building a dialect's PLY grammar from the shared rules plus its own differences.

PLY reads a grammar from the ``p_*`` functions of a namespace, each docstring holding
one or more ``lhs : alt | alt`` rules. A dialect names what it removes from the shared
grammar (whole nonterminals or single alternatives), which alternatives it rewrites
(same symbols at the same positions, so the shared action still fits), and adds its own
``p_*`` functions; :func:`compose` returns the namespace PLY builds tables from. The
shared rules are reused as they are, never copied.

Rules that differ only in a few symbols are written once, as pycparser's ``plyparser``
does: :func:`parameterized` marks a template whose name and docstring hold ``xxx``
(and ``yyy``...) and :func:`expand_templates` turns it into one PLY function per
parameter set, at the template's place in the grammar.
"""

from __future__ import annotations

import os
import types
TYPE_CHECKING = False       # (typing's import is ~2 ms of a check's start; the lines of
if TYPE_CHECKING:           # this module's rules order PLY's productions: keep them)
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


def retitled(func, doc: str):
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
            ns[name] = retitled(func, format_doc(out))
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


# ------------------------------------------------------------------ rule templates
_PLACEHOLDERS = ("xxx", "yyy", "zzz")


def parameterized(*params):
    """Mark a rule template: each entry of ``params`` is a tuple whose first items fill
    ``xxx``, ``yyy``, ``zzz`` in the name and docstring, and whose whole tuple is passed
    to the template after ``p``."""
    def mark(func):
        func.template_params = params
        return func
    return mark


def _fill(text: str, words) -> str:
    for placeholder, word in zip(_PLACEHOLDERS, words):
        text = text.replace(placeholder, str(word))
    return text


def _instance(template, params):
    def rule(p):
        template(p, *params)
    # PLY orders the productions by (line, module, name) and records the file and line
    # of each in its tables: give every instance the template's, and its module.
    code = rule.__code__.replace(co_firstlineno=template.__code__.co_firstlineno,
                                 co_filename=template.__code__.co_filename)
    rule = types.FunctionType(code, template.__globals__, _fill(template.__name__, params),
                              None, rule.__closure__)
    rule.__qualname__ = rule.__name__
    rule.__doc__ = _fill(template.__doc__ or "", params)
    return rule


def expand_templates(namespace: dict) -> None:
    """Replace each :func:`parameterized` template of ``namespace`` (a module's
    ``globals()``) by its PLY rule functions."""
    for name, func in list(namespace.items()):
        params = getattr(func, "template_params", None)
        if params is None or not name.startswith("p_"):
            continue
        del namespace[name]
        for one in params:
            rule = _instance(func, tuple(one))
            if rule.__name__ in namespace:
                raise ValueError(f"rule template {name} makes {rule.__name__} twice")
            namespace[rule.__name__] = rule


# ------------------------------------------------------------------ generated rules
class _Shifted:
    """Production ``p`` seen without the symbols an extension inserted, so the shared
    rule's own action runs on the shared symbols at their usual positions."""

    def __init__(self, p, skip) -> None:
        self._p = p
        self._map = [i for i in range(len(p.slice)) if i not in skip]
        self.slice = [p.slice[i] for i in self._map]
        self.stack = p.stack
        self.parser = p.parser
        self.lexer = p.lexer

    def __getitem__(self, i):
        return self._p[self._map[i]]

    def __setitem__(self, i, v):
        self._p[self._map[i]] = v

    def __len__(self):
        return len(self._map)

    def lineno(self, i):
        return self._p.lineno(self._map[i])

    def lexpos(self, i):
        return self._p.lexpos(self._map[i])


def rule_function(fname: str, doc: str, action):
    """A PLY rule function named ``fname`` with the rules ``doc``, running ``action``
    (rules made from a declaration rather than written in a module)."""
    def rule(p):
        action(p)
    rule.__name__ = rule.__qualname__ = fname
    rule.__doc__ = doc
    return rule


def find_action(base, lhs: str, alt: str):
    """The rule function of ``base`` whose docstring has ``lhs : alt``."""
    want = _norm(alt)
    for func in rule_functions(base).values():
        for l, alts in parse_doc(func.__doc__ or ""):
            if l == lhs and want in alts:
                return func
    raise KeyError(f"{lhs} : {alt}")


def extended(base, lhs: str, alt: str, inserts: Mapping[int, List[str]], fname: str, post):
    """An alternative of ``lhs`` that is ``alt`` of ``base`` with ``inserts``
    ({position: symbols}) added: the shared action runs on the shared symbols, then
    ``post(p, values of the inserted symbols)`` finishes ``p[0]``."""
    action = find_action(base, lhs, alt)
    syms = alt.split()
    out, skip, pos = [], set(), 1
    for i in range(len(syms) + 1):
        for s in inserts.get(i, ()):
            out.append(s)
            skip.add(pos)
            pos += 1
        if i < len(syms):
            out.append(syms[i])
            pos += 1

    def run(p):
        action(_Shifted(p, skip))
        post(p, [p[i] for i in sorted(skip)])
    return rule_function(fname, f"{lhs} : {' '.join(out)}", run)
