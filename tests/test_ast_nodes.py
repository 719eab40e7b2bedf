"""The syntax tree's node classes (lang/ast.py, lang/ast_expressions.py) are written by
lang/ast_gen.py from their declarations (lang/ast_spec.py, plain dataclasses): the
written modules are not stale, and each written class behaves as its declaration --
the same fields, parameters, defaults, equality and repr, its children listed as the
field-by-field walk lists them -- without making a dataclass when it is imported."""

from __future__ import annotations

import dataclasses
import inspect
import os
import subprocess
import sys
from typing import List, Optional

import pytest

from unlev.lang import ast, ast_expressions, ast_gen, ast_spec
from unlev.lang.ast_base import FACTORY, Node, children, side
from unlev.lang.diagnostics import Span

NODE_CLASSES = [c for c in vars(ast).values()
                if inspect.isclass(c) and issubclass(c, ast.Node)]
DECLARED = {c.__name__: c for c in ast_spec.VALUES + ast_spec.STATEMENTS}
GENERATED = [c for c in NODE_CLASSES if c is not ast.Node]


def _values(cls, salt):
    return {name: (Span("a.des", 1, 2 + salt) if name == "span" else [name, salt])
            for name in cls._fields}


def test_every_node_class_is_checked():
    assert len(NODE_CLASSES) > 80 and ast.Node in NODE_CLASSES
    assert sorted(c.__name__ for c in GENERATED) == sorted(DECLARED)
    assert [c.__name__ for c in ast_spec.VALUES] == [
        c.__name__ for c in vars(ast_expressions).values()
        if inspect.isclass(c) and issubclass(c, Node) and c is not Node]


@pytest.mark.parametrize("name", ast_gen.MODULES)
def test_the_generated_modules_are_not_stale(name):
    path = os.path.join(os.path.dirname(ast_gen.__file__), name + ".py")
    with open(path, encoding="utf-8") as fh:
        assert fh.read() == ast_gen.module_source(name), \
            f"lang/{name}.py is stale: run python -m unlev.lang.ast_gen"


# the full tier's (--full): writes every generated module three times (~3 s); the
# quick tier keeps the staleness check itself
@pytest.mark.slow
def test_the_check_command_names_a_stale_module(tmp_path, monkeypatch, capsys):
    for name in ast_gen.MODULES:
        (tmp_path / f"{name}.py").write_text(ast_gen.module_source(name))
    monkeypatch.setattr(ast_gen, "HERE", str(tmp_path))
    assert ast_gen.main(["--check"]) == 0
    (tmp_path / "ast.py").write_text("# edited by hand\n")
    assert ast_gen.main(["--check"]) == 1
    assert "ast.py is stale" in capsys.readouterr().err
    assert ast_gen.main([]) == 0 and ast_gen.main(["--check"]) == 0


@pytest.mark.parametrize("cls", NODE_CLASSES, ids=lambda c: c.__name__)
def test_a_node_compares_and_prints_as_its_declaration(cls):
    twin = DECLARED.get(cls.__name__, ast_spec.Node)
    a, b = _values(cls, 0), _values(cls, 0)
    assert (cls(**a) == cls(**b)) == (twin(**a) == twin(**b)) is True
    assert repr(cls(**a)) == repr(twin(**a))
    for f in dataclasses.fields(twin):           # each field changed in turn
        c = dict(a, **{f.name: ["other"]})
        assert (cls(**a) == cls(**c)) == (twin(**a) == twin(**c)) == (not f.compare), f.name
        assert (cls(**a) != cls(**c)) == f.compare, f.name
        assert repr(cls(**c)) == repr(twin(**c))
    with pytest.raises(TypeError):
        hash(cls(**a))
    with pytest.raises(AttributeError):         # slotted: a stray attribute fails
        cls(**a).stray = 1


def _field_facts(f):
    return (f.name, f.type, f.default, f.default_factory, f.compare, f.repr, f.init,
            dict(f.metadata))


@pytest.mark.parametrize("cls", NODE_CLASSES, ids=lambda c: c.__name__)
def test_a_node_class_has_its_declarations_fields_and_parameters(cls):
    decl = DECLARED.get(cls.__name__, ast_spec.Node)
    assert dataclasses.is_dataclass(cls) and dataclasses.is_dataclass(cls(**_values(cls, 0)))
    assert [_field_facts(f) for f in dataclasses.fields(cls)] == \
        [_field_facts(f) for f in dataclasses.fields(decl)]
    # a dataclass has __match_args__ from Python 3.10 on (the init fields' names); the
    # generated class has it on every Python
    assert cls.__match_args__ == getattr(decl, "__match_args__", tuple(
        f.name for f in dataclasses.fields(decl) if f.init))
    want = [(p.name, p.default) for p in inspect.signature(decl).parameters.values()]
    got = [(p.name, p.default) for p in inspect.signature(cls).parameters.values()]
    assert [(n, "<factory>" if d is FACTORY else d) for n, d in got] == \
        [(n, repr(d) if repr(d) == "<factory>" else d) for n, d in want]
    assert cls.__module__ == ("unlev.lang.ast_base" if cls is Node
                              else "unlev.lang.ast_expressions" if decl in ast_spec.VALUES
                              else "unlev.lang.ast")


def test_a_default_made_per_node_is_a_new_one():
    span = Span("a.des", 1, 1)
    one, two = ast.Monster(span, None, None), ast.Monster(span, None, None)
    assert one.attrs == {} and one.attrs is not two.attrs
    assert ast.Level(span, "x", [], None).stand_ins == []
    attrs = {"name": "x"}
    assert ast.Monster(span, None, None, attrs).attrs is attrs


def test_dataclass_helpers_work_on_nodes():
    span = Span("a.des", 1, 1)
    node = ast.Include(span, "a.des", tree="t")
    assert dataclasses.replace(node, path="b.des") == ast.Include(span, "b.des")
    assert dataclasses.replace(node, path="b.des").tree == "t"
    assert dataclasses.asdict(ast.Int(span, 3)) == {"span": {"file": "a.des", "line": 1,
                                                             "col": 1, "length": 1},
                                                    "value": 3}


def test_a_docstring_is_the_declarations_or_names_the_fields():
    assert ast.Include.__doc__ == ("Include(span: Span, path: str, resolved: "
                                   "Optional[str], tree: Optional['DesFile'])")
    assert ast.InitMap.__doc__ == "INIT_MAP in all its styles; unused fields stay None."


def _walk_reference(node):
    """children() as the field-by-field walk over the declared fields."""
    out = []

    def inside(v):
        if isinstance(v, Node):
            out.append(v)
        elif type(v) is dict:
            for x in v.values():
                inside(x)
        elif type(v) in (list, tuple):
            for x in v:
                inside(x)
    for f in dataclasses.fields(DECLARED[type(node).__name__]):
        if f.name != "span" and not f.metadata.get("side"):
            v = getattr(node, f.name)
            if isinstance(v, Node) or type(v) in (list, tuple, dict):
                inside(v)
    return out


@pytest.mark.parametrize("cls", GENERATED, ids=lambda c: c.__name__)
def test_children_lists_every_child_node_in_field_order(cls):
    span = Span("a.des", 1, 1)
    leaf = [ast.Int(span, i) for i in range(12)]
    shapes = [lambda i: leaf[i], lambda i: [leaf[i], "x", (leaf[i + 1], 3)],
              lambda i: {"a": leaf[i], "b": [leaf[i + 1]]}, lambda i: "text",
              lambda i: (leaf[i],), lambda i: None]
    for k in range(len(shapes)):
        values = {name: (span if name == "span" else shapes[(k + j) % len(shapes)](j % 10))
                  for j, name in enumerate(cls._fields)}
        node = cls(**values)
        got = children(node)
        assert got == _walk_reference(node)
        assert all(a is b for a, b in zip(got, _walk_reference(node)))
    side_values = {name: leaf[0] for name in cls._fields if name != "span"}
    node = cls(span=span, **side_values)
    assert len(children(node)) == len(cls._walked)


def test_a_node_declared_at_run_time_is_made_as_the_generated_ones():
    @ast.node
    class Stmt(ast.Node):
        """A statement of a variant."""
        name: str
        args: List[Node] = dataclasses.field(default_factory=list)
        places: Optional[Node] = None
        seen: Optional[Span] = side()

        def first(self):
            return self.args[0]

    span = Span("a.des", 1, 1)
    s = Stmt(span, "x", [ast.Int(span, 1)], ast.Str(span, "p"), seen=span)
    assert s.first() == ast.Int(span, 1) and Stmt.__doc__ == "A statement of a variant."
    assert children(s) == [ast.Int(span, 1), ast.Str(span, "p")]
    assert s == Stmt(span, "x", [ast.Int(span, 1)], ast.Str(span, "p"))
    assert repr(s) == (f"{Stmt.__qualname__}(span=Span(file='a.des', line=1, col=1, length=1), name='x', "
                       "args=[Int(span=Span(file='a.des', line=1, col=1, length=1), "
                       "value=1)], places=Str(span=Span(file='a.des', line=1, col=1, "
                       "length=1), value='p'))")
    assert Stmt(span, "y").args == [] and Stmt(span, "y").args is not Stmt(span, "y").args
    assert [f.name for f in dataclasses.fields(Stmt)] == ["span", "name", "args", "places",
                                                          "seen"]
    assert Stmt.__qualname__.endswith("Stmt") and Stmt.__module__ == __name__
    with pytest.raises(AttributeError):
        s.stray = 1


def test_a_default_the_generator_cannot_write_is_refused():
    @dataclasses.dataclass
    class Bad(ast_spec.Node):
        value: object = object()
    with pytest.raises(ast_gen.DeclarationError, match="not a literal"):
        ast_gen.class_source(Bad, (None, {}))


def test_nodes_of_two_classes_are_never_equal():
    span = Span("a.des", 1, 1)
    assert ast.Int(span, 3) != ast.Str(span, 3)
    assert ast.Int(span, 3).__eq__(ast.Str(span, 3)) is NotImplemented
    assert ast.Int(span, 3) != 3


def test_a_node_holding_itself_prints_without_recursing():
    n = ast.Str(Span("a.des", 1, 1), None)
    n.value = n
    assert repr(n) == "Str(span=Span(file='a.des', line=1, col=1, length=1), value=...)"


def test_reading_a_file_makes_no_node_dataclass(tmp_path):
    """The generator and the declarations stay off the path of a check."""
    des = tmp_path / "t.des"
    des.write_text('LEVEL:"t"\nMESSAGE:"hi"\n')
    code = ("import sys; from unlev.cli import main; rc = main(['check', '--no-cache', "
            f"{str(des)!r}]); print(rc, sorted(m for m in sys.modules "
            "if m in ('unlev.lang.ast_gen', 'unlev.lang.ast_spec')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip().endswith("0 []"), out
