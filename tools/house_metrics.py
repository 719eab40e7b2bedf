"""Measure the shape of the code base: the figures issue 27 asks to quote before and after.

Why: a restructuring claims to make the code smaller in the large and free of cycles; this
prints the claim's numbers from the source, so they are measured, not asserted.

    python tools/house_metrics.py            # longest module/class/function, worst
                                             # complexity (radon, if installed), cycles
    python tools/house_metrics.py --only unlev.populate unlev.generate
                                             # the sizes of some packages only (the
                                             # cycles are always the whole tree's)

Generated parse tables (``_parsetab*.py``) are left out.  Import cycles are counted over
every import, lazy ones inside functions too, between modules and between the packages of
``unlev`` (``unlev.lang`` and ``unlev.stdlib`` count as packages).
"""

from __future__ import annotations

import ast
import os
import sys
from collections import defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))


def _sources():
    import test_layers as L      # the module table and import graph the layer test uses
    return L


def _cycles(graph):
    """Strongly connected components of more than one node (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for root in list(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            node, it = work[-1]
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]; counter[0] += 1
                    stack.append(nxt); on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == node:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def package_of(module: str, modules) -> str:
    parts = module.split(".")
    if len(parts) < 2:
        return module
    if parts[1] in ("lang", "stdlib", "docs"):
        return "unlev." + parts[1]
    path = modules[module]
    if len(parts) >= 3 or path.endswith("__init__.py"):
        return "unlev." + parts[1]
    return module


def _measured(L, only):
    """(name, path) of the modules whose sizes are measured: all but the parse tables,
    or those under the ``only`` packages."""
    for name, path in L.MODULES.items():
        if os.path.basename(path).startswith("_parsetab"):
            continue
        if only and not any(name == p or name.startswith(p + ".") for p in only):
            continue
        yield name, path


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", nargs="+", metavar="PACKAGE", default=(),
                    help="measure the sizes of these packages' modules only")
    args = ap.parse_args(argv)
    L = _sources()
    longest_mod = []
    classes, functions = [], []
    for name, path in _measured(L, args.only):
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        longest_mod.append((text.count("\n"), name))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                classes.append((node.end_lineno - node.lineno + 1, f"{name}.{node.name}"))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                functions.append((node.end_lineno - node.lineno + 1, f"{name}:{node.name}"))
    for label, rows in (("module", longest_mod), ("class", classes), ("function", functions)):
        rows.sort(reverse=True)
        print(f"longest {label}s:", ", ".join(f"{n} {m}" for n, m in rows[:3]))
    try:
        from radon.complexity import cc_visit
        worst = []
        for name, path in _measured(L, args.only):
            with open(path, encoding="utf-8") as fh:
                for b in cc_visit(fh.read()):
                    worst.append((b.complexity, f"{name}:{b.name}"))
        worst.sort(reverse=True)
        print("worst cyclomatic complexity:", ", ".join(f"{c} {m}" for c, m in worst[:3]))
    except ImportError:
        print("worst cyclomatic complexity: (pip install radon)")
    graph = L._graph()
    mod_cycles = _cycles(graph)
    pkg = defaultdict(set)
    for a, targets in graph.items():
        for b in targets:
            pa, pb = package_of(a, L.MODULES), package_of(b, L.MODULES)
            if pa != pb:
                pkg[pa].add(pb)
    pkg_cycles = _cycles(pkg)
    print(f"import cycles between modules: {len(mod_cycles)}",
          "".join(f"\n  {' <-> '.join(c)}" for c in mod_cycles))
    print(f"import cycles between packages: {len(pkg_cycles)}",
          "".join(f"\n  {' <-> '.join(c)}" for c in pkg_cycles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
