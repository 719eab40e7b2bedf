"""One LEVEL -> one Lua chunk: :class:`LevelConverter` composes the statement
families, declares the level's variables, writes its functions and helpers;
:func:`convert_compiled` and :func:`convert_file` are the entry points.
"""

from __future__ import annotations

import os
from typing import Dict, List, Optional, Tuple

from unlev.lang import ast as A

from .base import HELPERS, ConverterBase, lua_string
from .contents import ContentsMixin
from .control import ControlMixin
from .expressions import ExpressionsMixin
from .features import FeaturesMixin


class LevelConverter(ControlMixin, ContentsMixin, FeaturesMixin, ExpressionsMixin, ConverterBase):
    """Converts one LEVEL (with the file's header functions) to one Lua chunk."""

    # -- the whole level -------------------------------------------------------------
    def convert(self, header: List[A.Node], functions: List[A.FunctionDef]) -> str:
        lv = self.level
        self._collect_arrays()
        body_out: List[str] = []
        saved, self.out = self.out, body_out
        # the level's variables: one frame, declared once at the top
        names = assigned(lv.body.statements)
        loopvars = for_vars(lv.body.statements)
        all_vars = sorted(set(names) | set(loopvars))
        self.comments_before(lv.span.line + 1)
        flags = [f for f, _b in lv.flags]
        if all_vars:
            for i in range(0, len(all_vars), 12):
                self.emit("local " + ", ".join(self.name(v) for v in all_vars[i:i + 12]))
        for fdef in functions:
            self.function(fdef)
        if flags:
            # the des-file loader's noflipx clears the flip 3.7's noflipy clears
            swap = {"noflipx": "noflipy", "noflipy": "noflipx"}
            self.emit("des.level_flags(" + ", ".join(lua_string(swap.get(f.lower(), f))
                                                     for f in flags) + ")")
        for s in lv.body.statements:
            self.stmt(s)
        self.comments_before(10 ** 9)
        self.out = saved
        head = [f"-- {lv.name}.lua: converted by unlev from {os.path.basename(self.path)} "
                f"(LEVEL \"{lv.name}\", {getattr(self.compiled, 'dialect', 'unnethack')} dialect)"]
        for h in sorted(self.helpers):
            head.append(HELPERS[h])
        head.append("")
        return "\n".join(head + body_out) + "\n"

    def function(self, f: A.FunctionDef) -> None:
        self.comments_before(f.span.line)
        params = [self.name(p) for p, _t in f.params]
        self.emit(f"function {self.name(f.name)}({', '.join(params)})")
        names = sorted((set(assigned(f.body.statements)) | set(for_vars(f.body.statements)))
                       - {p for p, _t in f.params})
        self.depth += 1
        if names:
            self.emit("local " + ", ".join(self.name(v) for v in names))
        self.depth -= 1
        self.ctx.append("function")
        self.block(f.body.statements)
        self.ctx.pop()
        self.emit("end")

    def _collect_arrays(self) -> None:
        counts: Dict[str, int] = {}
        lengths: Dict[str, int] = {}
        for n in A.walk(self.level):
            if isinstance(n, A.Assign):
                counts[n.name] = counts.get(n.name, 0) + 1
                if isinstance(n.value, A.ArrayLit):
                    lengths[n.name] = len(n.value.items)
        self.array_len = {k: v for k, v in lengths.items() if counts.get(k) == 1}


def assigned(statements) -> List[str]:
    out: List[str] = []
    for n in statements:
        for m in A.walk(n):
            if isinstance(m, A.Assign) and m.name not in out:
                out.append(m.name)
            if isinstance(m, A.FunctionDef):
                pass
    return out


def for_vars(statements) -> List[str]:
    return [m.var for n in statements for m in A.walk(n) if isinstance(m, A.For)]


def all_functions(compiled, level: A.Level) -> List[A.FunctionDef]:
    from unlev.lang.evaluator import Evaluator
    seen: Dict[str, A.FunctionDef] = {}

    def header(nodes):
        for n in nodes:
            if isinstance(n, A.FunctionDef):
                seen.setdefault(n.name, n)
            elif isinstance(n, A.Include) and getattr(n, "tree", None) is not None:
                header(n.tree.header)
    header(compiled.tree.header)
    for f in Evaluator.nested_functions(level):
        seen.setdefault(f.name, f)
    return list(seen.values())


def convert_compiled(compiled, text: str, path: str) -> List[Tuple[str, str]]:
    """``[(level name, Lua text)]`` for every LEVEL of a compiled des-file.  Of two
    LEVELs with one name both are converted (the caller decides which file wins; the
    game keeps the last)."""
    lines = text.splitlines()
    levels = compiled.tree.levels
    starts = [lv.span.line for lv in levels]
    out = []
    for i, lv in enumerate(levels):
        lo = starts[i]
        hi = starts[i + 1] if i + 1 < len(levels) else len(lines) + 1
        conv = LevelConverter(compiled, lv, lines, (1 if i == 0 else lo, hi), path)
        conv.preamble_end = starts[0]   # the file's opening comments head every level
        out.append((lv.name, conv.convert(compiled.tree.header, all_functions(compiled, lv))))
    return out


def convert_file(path: str, dialect: Optional[str] = "auto") -> List[Tuple[str, str]]:
    from unlev.lang.frontend import compile_file
    with open(path, encoding="latin-1") as fh:
        text = fh.read()
    compiled = compile_file(path, dialect=dialect, text=text)
    return convert_compiled(compiled, text, path)
