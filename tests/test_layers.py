"""The house rules of the code base, checked on the source.

- Layers: ``unlev.stdlib`` imports nothing from ``unlev.lang`` or the level half,
  ``unlev.lang`` nothing from the level half (``unlev`` -> ``unlev.lang`` -> ``unlev.stdlib``).
- No import cycles between modules, counting imports inside functions too: a lazy import
  is for start-up time, never to hide a cycle.
- No module calls another module's underscore names.
- Every package directory is listed in setup.cfg (an installed wheel would lack it).
"""

from __future__ import annotations

import ast
import configparser
import os
from collections import defaultdict
from typing import Dict, Iterator, List, Set, Tuple

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# source folder -> the package it is installed as (setup.cfg package_dir)
FOLDERS = {"unlev": "unlev", "lang": "unlev.lang", "stdlib": "unlev.stdlib", "docs": "unlev.docs"}


def _modules() -> Dict[str, str]:
    """dotted module name -> file path, for every module of the three folders."""
    out = {}
    for folder, package in FOLDERS.items():
        base = os.path.join(ROOT, folder)
        for dirpath, _dirs, files in os.walk(base):
            if "__pycache__" in dirpath:
                continue
            rel = os.path.relpath(dirpath, base)
            prefix = package if rel == "." else package + "." + rel.replace(os.sep, ".")
            if folder == "unlev" and rel.split(os.sep)[0] in ("lang", "stdlib", "docs"):
                continue
            for f in files:
                if f.endswith(".py"):
                    name = prefix if f == "__init__.py" else prefix + "." + f[:-3]
                    out[name] = os.path.join(dirpath, f)
    return out


MODULES = _modules()


def _resolve(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    is_pkg = MODULES[module].endswith("__init__.py")
    base = parts if is_pkg else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(module: str) -> Iterator[Tuple[str, ast.AST]]:
    """(imported module, node) for every import of ``module`` that names one of ours."""
    with open(MODULES[module], encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in MODULES:
                    yield a.name, node
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            for a in node.names:
                full = f"{target}.{a.name}"
                if full in MODULES:
                    yield full, node          # from package import module
                elif target in MODULES:
                    yield target, node


def _graph() -> Dict[str, Set[str]]:
    g: Dict[str, Set[str]] = defaultdict(set)
    for m in MODULES:
        for target, _node in _imports(m):
            if target != m and not MODULES[target].endswith("__init__.py"):
                g[m].add(target)
    return g


def _layer(module: str) -> int:
    if module.startswith("unlev.stdlib"):
        return 0
    if module.startswith("unlev.lang"):
        return 1
    return 2


def test_layers_point_one_way():
    bad = [f"{m} imports {t}" for m in MODULES for t, _n in _imports(m)
           if _layer(t) > _layer(m)]
    assert not bad, "\n".join(bad)


def _cycles(g: Dict[str, Set[str]]) -> List[List[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on: Set[str] = set()
    out: List[List[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(set(g) | {w for ws in g.values() for w in ws}):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles():
    cycles = _cycles(_graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_cycle_finder_finds_a_cycle():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(g) == [["a", "b", "c"]]


def _private_uses(module: str) -> Iterator[str]:
    """Underscore names of another of our modules that ``module`` imports or reads."""
    with open(MODULES[module], encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    aliases: Dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            target = _resolve(module, node)
            for a in node.names:
                full = f"{target}.{a.name}"
                if full in MODULES:
                    aliases[a.asname or a.name] = full
                elif target in MODULES and target != module and a.name.startswith("_") \
                        and not a.name.startswith("__"):
                    yield f"{target}.{a.name}"
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name in MODULES and a.asname:
                    aliases[a.asname] = a.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in aliases and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            yield f"{aliases[node.value.id]}.{node.attr}"


# underscore names that are public API of Python's own types (namedtuple, ...)
_PYTHON_API = {"_replace", "_asdict", "_fields", "_make", "_value_", "_name_", "_missing_"}


def _own_private_names(tree: ast.AST) -> Set[str]:
    """Underscore names a module defines: functions, classes, attributes it assigns."""
    own: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            own.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            own.add(node.target.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.isidentifier():
            own.add(node.value)        # __slots__ entries, setattr/object.__setattr__ names
    return own


def _foreign_private_attributes(module: str) -> Iterator[str]:
    """``obj._name`` where the module itself never defines ``_name``: another module's
    private state or method reached from outside."""
    with open(MODULES[module], encoding="utf-8") as fh:
        tree = ast.parse(fh.read())
    own = _own_private_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr.startswith("_") \
                and not node.attr.startswith("__") and node.attr not in own \
                and node.attr not in _PYTHON_API:
            yield f"line {node.lineno}: .{node.attr}"


def test_no_module_reaches_into_another_modules_private_names():
    bad = [f"{m}: {u}" for m in sorted(MODULES)
           for u in list(_private_uses(m)) + list(_foreign_private_attributes(m))]
    assert not bad, "\n".join(bad)


def test_every_package_is_installed():
    cfg = configparser.ConfigParser()
    cfg.read(os.path.join(ROOT, "setup.cfg"))
    listed = set(cfg["options"]["packages"].split())
    packages = {m for m, p in MODULES.items() if p.endswith("__init__.py")}
    assert packages == listed


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_package_says_what_lives_there(folder):
    missing = [m for m, p in MODULES.items()
               if p.endswith("__init__.py") and m.startswith(FOLDERS[folder])
               and not ast.get_docstring(ast.parse(open(p, encoding="utf-8").read()))]
    assert not missing
