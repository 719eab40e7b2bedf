"""Helpers for the evaluator tests: run a des-file snippet against a RecordingBuilder."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Tuple

from unlev.lang.level_builder import RecordingBuilder
from unlev.lang.diagnostics import Span
from unlev.lang.evaluator import Evaluator
from unlev.lang.frontend import compile_text
from unlev.stdlib.rng import RNG


@dataclass
class Run:
    builder: RecordingBuilder
    ev: Evaluator
    warnings: List[Tuple[str, Span]] = field(default_factory=list)

    @property
    def calls(self):
        return self.builder.calls

    def names(self) -> List[str]:
        return self.builder.names()

    def messages(self) -> List[str]:
        return [a["text"] for a in self.builder.of("message")]

    def var(self, name: str):
        return self.ev.frame.values[name]

    def of(self, kind: str) -> List[dict]:
        return self.builder.of(kind)


def level_src(body: str, header: str = "") -> str:
    return header + 'LEVEL: "t"\n' + body


def run(body: str, seed: int = 1, builder: Optional[RecordingBuilder] = None, header: str = "",
        **kwargs) -> Run:
    """Compile ``header`` + a LEVEL holding ``body`` and run its levels with one Evaluator."""
    compiled = compile_text(level_src(body, header))
    return run_compiled(compiled, seed, builder, **kwargs)


def run_compiled(compiled, seed: int = 1, builder: Optional[RecordingBuilder] = None,
                 **kwargs) -> Run:
    b = builder if builder is not None else RecordingBuilder()
    warnings: List[Tuple[str, Span]] = []
    ev = Evaluator(b, RNG(seed), warn=lambda msg, span: warnings.append((msg, span)), **kwargs)
    for level in compiled.tree.levels:
        ev.run_level(level, compiled.tree.header)
    return Run(b, ev, warnings)


def messages(body: str, seed: int = 1, **kwargs) -> List[str]:
    return run(body, seed, **kwargs).messages()


def strip_spans(calls):
    """Calls without their spans (spans differ between two compilations of one text)."""
    return [(k, {n: v for n, v in a.items() if n != "span"}) for k, a in calls]
