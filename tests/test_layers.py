"""The house rules of the code base, checked on the source.

- Layers: the order written once in setup.cfg's ``[importlinter]`` contracts (cli, editor,
  tools, lua, generate | output, populate, model, lang, stdlib), checked by import-linter,
  the field's tool for it: no upward import between packages, and no cycle between
  sibling modules or packages at any depth, counting imports inside functions too (a
  lazy import is for start-up time, never to hide a cycle).  A planted upward import
  makes the contract fail (tested below).
- No module calls another module's underscore names.
- Every package directory is listed in setup.cfg (an installed wheel would lack it).

Each module is read and parsed once, when a test first needs it (:data:`TREES`).
"""

from __future__ import annotations

import ast
import configparser
import os
import shutil
import subprocess
import sys
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


class _Trees(dict):
    """dotted module name -> its parsed source, each module read and parsed when first
    asked for (not at import: every xdist worker imports this file to collect it)."""

    def __missing__(self, name: str) -> ast.AST:
        with open(MODULES[name], encoding="utf-8") as fh:
            tree = self[name] = ast.parse(fh.read())
        return tree


TREES: Dict[str, ast.AST] = _Trees()


class _Nodes(dict):
    """dotted module name -> every node of its tree, in ``ast.walk``'s order: walked
    once, read by each of the checks below (walking was most of their time)."""

    def __missing__(self, name: str) -> List[ast.AST]:
        nodes = self[name] = list(ast.walk(TREES[name]))
        return nodes


NODES: Dict[str, List[ast.AST]] = _Nodes()


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
    for node in NODES[module]:
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


def _installed_layout(dest: str) -> str:
    """The source folders copied as they are installed (``lang/`` as ``unlev/lang``...),
    so that import-linter, which reads a package from its folder, sees every module."""
    top = os.path.join(dest, "unlev")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(os.path.join(ROOT, "unlev"), top, ignore=ignore)
    for folder, package in FOLDERS.items():
        if folder != "unlev":
            shutil.copytree(os.path.join(ROOT, folder),
                            os.path.join(top, package.split(".", 1)[1]), ignore=ignore)
    return dest


def _lint_imports(tree: str):
    """Run import-linter on a copied tree with setup.cfg's contracts."""
    pytest.importorskip("importlinter", reason="import-linter is in the test extra")
    pytest.importorskip("importlinter.contracts.acyclic_siblings",
                        reason="this import-linter has no acyclic_siblings contract (the "
                        "releases for Python 3.9 predate it); the newer Pythons' runs "
                        "check the contracts")
    exe = shutil.which("lint-imports", path=os.path.dirname(sys.executable)) \
        or shutil.which("lint-imports")
    if exe is None:
        pytest.skip("the lint-imports command is not installed")
    cfg = os.path.join(tree, "setup.cfg")
    shutil.copy(os.path.join(ROOT, "setup.cfg"), cfg)
    env = dict(os.environ, PYTHONPATH=tree)
    return subprocess.run([exe, "--no-cache", "--config", cfg], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=120)


def test_layer_contracts_hold(tmp_path):
    proc = _lint_imports(_installed_layout(str(tmp_path)))
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "Contracts: 2 kept, 0 broken." in proc.stdout, proc.stdout[-2000:]


def test_a_planted_upward_import_breaks_the_contract(tmp_path):
    tree = _installed_layout(str(tmp_path))
    target = os.path.join(tree, "unlev", "model", "rect.py")
    with open(target, "a", encoding="utf-8") as fh:
        fh.write("\n\ndef _planted():\n    from unlev.tools import run  # an upward import\n"
                 "    return run\n")
    proc = _lint_imports(tree)
    assert proc.returncode != 0
    assert "unlev.model.rect -> unlev.tools.run" in proc.stdout, proc.stdout[-3000:]


def test_a_planted_cycle_between_siblings_breaks_the_contract(tmp_path):
    tree = _installed_layout(str(tmp_path))
    target = os.path.join(tree, "unlev", "generate", "walls.py")
    with open(target, "a", encoding="utf-8") as fh:
        fh.write("\n\ndef _planted():\n    from unlev.generate import flip  # flip imports walls\n"
                 "    return flip\n")
    proc = _lint_imports(tree)
    assert proc.returncode != 0
    assert "BROKEN" in proc.stdout and "unlev.generate" in proc.stdout, proc.stdout[-3000:]


def _private_uses(module: str) -> Iterator[str]:
    """Underscore names of another of our modules that ``module`` imports or reads."""
    nodes = NODES[module]
    aliases: Dict[str, str] = {}
    for node in nodes:
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
    for node in nodes:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in aliases and node.attr.startswith("_") \
                and not node.attr.startswith("__"):
            yield f"{aliases[node.value.id]}.{node.attr}"


# underscore names that are public API of Python's own types (namedtuple, ...) and
# modules (os._exit: leaving without the interpreter's teardown, unlev lsp's exit)
_PYTHON_API = {"_replace", "_asdict", "_fields", "_make", "_value_", "_name_", "_missing_",
               "_exit"}


def _own_private_names(nodes: List[ast.AST]) -> Set[str]:
    """Underscore names a module defines: functions, classes, attributes it assigns."""
    own: Set[str] = set()
    for node in nodes:
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
    nodes = NODES[module]
    own = _own_private_names(nodes)
    for node in nodes:
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
               and not ast.get_docstring(TREES[m])]
    assert not missing
