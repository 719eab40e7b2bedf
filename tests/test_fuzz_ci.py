"""A fuzz run with a time budget (issue 34): programs drawn from the grammar by
hypothesis, and mutants of the corpus from tools/fuzz.py's mutator, each compiled,
built and exported -- and a fifth typed into the REPL.  Every input must end in a level
or in unlev's own error, within 2 s of CPU.  CI runs it for two minutes (``--full-sweep``);
``--full --fuzz-seconds N`` runs it for N seconds; the quick tier (the default run) leaves
it out and ``--full`` alone skips it."""

import os
import random
import sys
import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
import fuzz  # noqa: E402

from test_fuzz_regressions import outcome  # noqa: E402

pytestmark = pytest.mark.slow       # a time-boxed fuzz: the full tier's (--full)

NUMBERS = st.sampled_from(["0", "1", "5", "40", "79", "(-1)", "2147483647", "(-128)",
                           "1d6", "$i", "$i * $i", "99999999999999999999"])
CHARS = st.sampled_from(["'.'", "' '", "'#'", "'L'", "'T'", "'}'", "'P'", "'-'", "'|'"])
DIRS = st.sampled_from(["north", "south", "east", "west", "random"])


@st.composite
def statement(draw, depth=0):
    n = lambda: draw(NUMBERS)                                          # noqa: E731
    coord = lambda: draw(st.sampled_from(["random", f"({n()},{n()})",  # noqa: E731
                                          "(5,5)", "(79,20)", "(0,0)"]))
    region = lambda: f"({n()},{n()},{n()},{n()})"                      # noqa: E731
    sel = draw(st.sampled_from(fuzz.SELECTIONS)).format(n=n())
    simple = [
        f"$i = {n()}", f"$s = selection: {sel}", f"TERRAIN: {sel}, {draw(CHARS)}",
        f"OBJECT: random, {coord()}", f'OBJECT: "boulder", {coord()}, quantity: {n()}',
        f"MONSTER: random, {coord()}", f"TRAP: random, {coord()}",
        f"SPILL: {coord()}, {draw(CHARS)}, {draw(DIRS)}, {n()}",
        f"REGION: {region()}, lit, \"ordinary\"" + draw(st.sampled_from(["", ", irregular"])),
        f"MAZEWALK: {coord()}, {draw(DIRS)}", "WALLIFY", "MINERALIZE",
        f"PORTAL: {region()}, (0,0,0,0), \"town\"", f"DOOR: random, {coord()}",
        f"STAIR: {coord()}, {draw(st.sampled_from(['up', 'down']))}",
        f"$a = {{ {n()}, 2, 3 }}", f"$v = $a[{n()}]", f"MESSAGE: \"m{n()}\"",
        f"NON_DIGGABLE: {region()}", f"REPLACE_TERRAIN: {region()}, '.', 'T', {n()}%",
    ]
    if depth < 3 and draw(st.booleans()):
        head = draw(st.sampled_from([f"LOOP [{n()}]", f"IF [{draw(st.integers(0, 100))}%]",
                                     f'ROOM: "ordinary", random, random, random, ({n()},{n()})']))
        body = draw(st.lists(statement(depth + 1), max_size=4))
        return head + " {\n" + "\n".join(body) + "\n}"
    return draw(st.sampled_from(simple))


@st.composite
def program(draw):
    head = draw(st.sampled_from(['LEVEL: "fuzz"\nINIT_MAP: solidfill, \' \'',
                                 'MAZE: "fuzz", \' \'',
                                 'LEVEL: "fuzz"\nINIT_MAP: mines, \'.\', \' \', true, true, '
                                 'lit, false']))
    return head + "\n" + "\n".join(draw(st.lists(statement(), max_size=12))) + "\n"


def _within(fuzz_seconds, share):
    if not fuzz_seconds:
        pytest.skip("a time-boxed fuzz: --full-sweep (CI) or --full --fuzz-seconds N")
    return time.time() + fuzz_seconds * share


def test_grammar_programs_for_a_bounded_time(fuzz_seconds):
    end = _within(fuzz_seconds, 0.5)
    ran = []

    # hypothesis has no clock of its own: enough examples for the time (a program takes
    # ~0.1 s), and those past the time return at once
    @settings(max_examples=max(10, int(fuzz_seconds * 0.5 * 20)), deadline=None,
              database=None, suppress_health_check=list(HealthCheck),
              phases=[Phase.generate])        # no shrinking: the time stays bounded
    @given(program(), st.booleans())
    def one(text, repl):
        if time.time() > end:
            return
        ran.append(1)
        assert outcome(text) in ("level", "error")
        if repl:
            assert fuzz.repl_feed(text) == "ok", text

    one()
    assert ran


def test_corpus_mutants_for_a_bounded_time(fuzz_seconds, corpus_root):
    end = _within(fuzz_seconds, 0.5)
    seed = int(os.environ.get("UNLEV_FUZZ_SEED", time.time()))
    rng = random.Random(seed)
    files = []
    for d in ("unnethack", "nethack36", "nethack343"):
        for f in sorted((corpus_root / d).glob("*.des")):
            files.append(f.read_text(encoding="latin-1"))
    n = 0
    while time.time() < end:
        text = fuzz.mutate(rng, rng.choice(files)) if n % 3 else fuzz.generate(rng)
        try:
            result = outcome(text)
        except AssertionError as e:     # the seed and the input's number replay it
            raise AssertionError(f"UNLEV_FUZZ_SEED={seed}, input {n}: {e}") from e
        assert result in ("level", "error"), f"UNLEV_FUZZ_SEED={seed}, input {n}"
        if n % 5 == 4:
            assert fuzz.repl_feed(text) == "ok", f"UNLEV_FUZZ_SEED={seed}, input {n}"
        n += 1
    assert n > 0
