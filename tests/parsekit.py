"""Helpers for the front-end tests: compile des-file snippets, pick nodes, compare trees.

Trees are compared with ``==`` against nodes built with the span :data:`S`, which equals
every span, so a test states the exact shape (node types and field values) without
spelling out positions; positions get their own assertions where they matter.
"""

from __future__ import annotations

import contextlib
import signal
import textwrap
from typing import List, Optional

import pytest

from unlev.lang import ast as A
from unlev.lang.diagnostics import DesError, Diagnostic
from unlev.lang.frontend import Compiled, compile_file, compile_text

FILENAME = "t.des"


class _AnySpan:
    """Equal to any span: lets an expected tree ignore positions."""

    def __eq__(self, other) -> bool:
        return True

    def __ne__(self, other) -> bool:
        return False

    def __hash__(self) -> int:  # pragma: no cover - never hashed in the tests
        return 0

    def __repr__(self) -> str:
        return "S"


S = _AnySpan()


def src(text: str) -> str:
    """Dedent a snippet written inside a test and drop its leading newline."""
    return textwrap.dedent(text).lstrip("\n")


def _fail_with(err: DesError) -> None:
    lines = [f"{d.span}: {d.severity}: {d.message}" for d in err.diagnostics]
    pytest.fail("unexpected des-file error(s):\n" + "\n".join(lines))


def compile_ok(text: str, filename: str = FILENAME, **kwargs) -> Compiled:
    """Compile a whole des-file text that must have no errors."""
    try:
        return compile_text(src(text), filename, **kwargs)
    except DesError as err:
        _fail_with(err)
        raise  # pragma: no cover


def compile_path_ok(path, **kwargs) -> Compiled:
    try:
        return compile_file(str(path), **kwargs)
    except DesError as err:
        _fail_with(err)
        raise  # pragma: no cover


def level_text(body: str, prelude: str = "NOMAP", flags: Optional[str] = None) -> str:
    lines = ['LEVEL:"t"']
    if flags:
        lines.append(f"FLAGS:{flags}")
    if prelude:
        lines.append(prelude)
    return "\n".join(lines) + "\n" + src(body)


def statements(body: str, prelude: str = "NOMAP", flags: Optional[str] = None) -> List[A.Node]:
    """The statements of ``body`` inside a one-level file.

    The level starts with ``LEVEL:"t"``, optional ``FLAGS:`` and ``prelude`` (one statement
    a line; NOMAP by default so that regions may span the whole level); the prelude's
    statements are left out of the result.
    """
    tree = compile_ok(level_text(body, prelude, flags)).tree
    assert len(tree.levels) == 1
    stmts = tree.levels[0].body.statements
    n_pre = len(prelude.splitlines()) if prelude else 0
    return stmts[n_pre:]


def stmt(body: str, cls=None, **kwargs) -> A.Node:
    """The only statement of ``body`` (checked to be a ``cls``)."""
    stmts = statements(body, **kwargs)
    assert len(stmts) == 1, f"expected one statement, got {[type(s).__name__ for s in stmts]}"
    if cls is not None:
        assert isinstance(stmts[0], cls), f"expected {cls.__name__}, got {type(stmts[0]).__name__}"
    return stmts[0]


def value(expr_text: str, setup: str = "") -> A.Node:
    """The tree of an expression, parsed as ``$v = <expr_text>`` after ``setup``."""
    body = (src(setup) + "\n" if setup else "") + f"$v = {expr_text}\n"
    assign = statements(body)[-1]
    assert isinstance(assign, A.Assign) and assign.name == "$v"
    return assign.value


def assign(expr_text: str, setup: str = "") -> A.Assign:
    body = (src(setup) + "\n" if setup else "") + f"$v = {expr_text}\n"
    node = statements(body)[-1]
    assert isinstance(node, A.Assign)
    return node


def selection(sel_text: str, setup: str = "") -> A.Node:
    """The tree of a selection expression (``$v = selection: <sel_text>``)."""
    node = assign(f"selection: {sel_text}", setup)
    assert node.vtype == "selection" and not node.is_array
    return node.value


def diagnostics(text: str, filename: str = FILENAME) -> List[Diagnostic]:
    """Every diagnostic of a text that must fail to compile (errors first, as raised)."""
    with pytest.raises(DesError) as info:
        compile_text(src(text), filename)
    return info.value.diagnostics


def errors(text: str, filename: str = FILENAME) -> List[Diagnostic]:
    return [d for d in diagnostics(text, filename) if d.severity == "error"]


def find(diags: List[Diagnostic], message: str) -> Diagnostic:
    hits = [d for d in diags if message in d.message]
    assert hits, f"no diagnostic containing {message!r} in {[d.message for d in diags]}"
    return hits[0]


def at(diag: Diagnostic) -> tuple:
    return (diag.span.line, diag.span.col)


def warnings(text: str, **kwargs) -> List[Diagnostic]:
    return compile_ok(text, **kwargs).warnings


def all_nodes(tree: A.Node, cls) -> List[A.Node]:
    return [n for n in A.walk(tree) if isinstance(n, cls)]


class Hang(Exception):
    """Raised by :func:`time_limit` when the code under test takes too long."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Turn an endless loop into a :class:`Hang` (Unix, main thread only).  The clock is
    the process's own CPU time, so a machine busy with other work (a parallel test
    run, CI) does not turn a slow-but-finite input into a hang."""
    if not hasattr(signal, "setitimer"):  # pragma: no cover
        yield
        return

    def _alarm(signum, frame):
        raise Hang(f"no result after {seconds} s of CPU time")

    old = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
