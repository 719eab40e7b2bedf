"""Shared fixtures: the corpus of real des-files lives outside the repo (../shared).
Also the suite's two tiers: the default run (the quick tier) deselects the tests
marked slow, and --full (or --full-sweep) runs every test, as CI does; and the xdist
scheduler that hands GROUPED_FILES to one worker whole."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

try:  # property tests must not fail on a slow or busy machine: no per-example deadline
    from hypothesis import settings as _hyp_settings
    _hyp_settings.register_profile("unlev", deadline=None)
    _hyp_settings.load_profile("unlev")
except ImportError:  # pragma: no cover - hypothesis is a test extra
    pass

REPO = Path(__file__).resolve().parent.parent


def on_ci() -> bool:
    """CI sets CI=true; there the shared material must be present."""
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def missing(reason: str):
    """Skip a test whose shared material (corpus, game dumps) is absent, with the reason;
    fail it under CI=true, where a skip would let a green run test nothing."""
    if on_ci():
        pytest.fail(f"{reason} (CI=true: the shared material must be present)",
                    pytrace=False)
    pytest.skip(reason)


UNNETHACK_GIT = os.environ.get("UNLEV_UNNETHACK_GIT", "/work/.mirror/UnNetHack+UnNetHack/repo")


def unnethack_release(tag: str, into: Path) -> list:
    """The des-files of one UnNetHack release, written from a mirror of its repository
    ($UNLEV_UNNETHACK_GIT) into ``into``: their paths, or [] without the mirror or the tag
    (fetched code stays out of the repository)."""
    import subprocess

    def git(*args):
        return subprocess.run(["git", "--git-dir", UNNETHACK_GIT, *args],
                              capture_output=True, text=True, check=True).stdout
    if not os.path.isdir(UNNETHACK_GIT):
        return []
    try:
        names = [f for f in git("ls-tree", "--name-only", tag, "dat/").split()
                 if f.endswith(".des")]
        out = []
        for f in names:
            path = into / os.path.basename(f)
            path.write_text(git("show", f"{tag}:{f}"))
            out.append(path)
    except (OSError, subprocess.CalledProcessError):
        return []
    return out


def _corpus_root():
    env = os.environ.get("UNLEV_CORPUS")
    candidates = [Path(env)] if env else []
    candidates.append(REPO.parent / "shared" / "corpus")
    for c in candidates:
        if c.is_dir():
            return c
    return None


@pytest.fixture(scope="session")
def corpus_root() -> Path:
    root = _corpus_root()
    if root is None:
        missing("no des-file corpus: set $UNLEV_CORPUS or put it at ../shared/corpus")
    return root


@pytest.fixture(scope="session")
def unnethack_corpus(corpus_root) -> list:
    files = sorted((corpus_root / "unnethack").glob("*.des"))
    if not files:
        missing(f"no UnNetHack des-files under {corpus_root / 'unnethack'}")
    return files


@pytest.fixture(scope="session")
def compiled_unnethack(unnethack_corpus) -> list:
    """(path, Compiled) for each UnNetHack corpus file, compiled once per test process
    with the default settings and shared by the tests that build or walk its levels (a
    build works on the compile's loader copy, as ``unlev test`` builds every seed of a
    file from one compile).  Not for the tests about compiling."""
    from unlev.lang.frontend import compile_file
    return [(p, compile_file(str(p))) for p in unnethack_corpus]


@pytest.fixture(scope="session")
def game_reference() -> Path:
    env = os.environ.get("UNLEV_GAME_REFERENCE")
    root = Path(env) if env else REPO.parent / "shared" / "game-reference"
    if not root.is_dir():
        missing("no game reference dumps: set $UNLEV_GAME_REFERENCE or put them at "
                "../shared/game-reference")
    return root


def pytest_addoption(parser):
    parser.addoption("--full", action="store_true", default=False,
                     help="the full tier: run the tests marked slow as well, which the "
                     "default (quick) run leaves out (docs/notes/issue-29-suite.md lists "
                     "them); --full-sweep implies it; CI runs it")
    parser.addoption("--full-sweep", action="store_true", default=False,
                     help="the full tier (--full) with the exhaustive sweeps whole: the "
                     "corpus acceptance sweep over all 20 seeds (default: seeds 1-2), and "
                     "the others that keep a subset by default (docs/notes/issue-29-suite.md "
                     "lists them); also UNLEV_FULL_SWEEP=1; CI runs it")
    parser.addoption("--fuzz-seconds", type=float, default=None, metavar="SECONDS",
                     help="fuzz the grammar and corpus mutants for this long "
                     "(tests/test_fuzz_ci.py, in the full tier; default: 120 with "
                     "--full-sweep, else skipped)")


def _sweeps_whole(config) -> bool:
    return bool(config.getoption("--full-sweep") or os.environ.get("UNLEV_FULL_SWEEP"))


def _full_tier(config) -> bool:
    """The full tier runs every test; the quick tier (the default) leaves out those
    marked ``slow``.  A ``-m`` expression given on the command line chooses by itself."""
    return bool(config.getoption("--full") or _sweeps_whole(config)
                or config.getoption("markexpr", ""))


def pytest_collection_modifyitems(config, items):
    """The quick tier: the tests marked ``slow`` are deselected (not skipped: they are
    not run and not listed), and their number is kept for the summary line.  Under
    xdist each worker collects and deselects; the number reaches the controller in the
    worker's output (pytest_testnodedown below)."""
    if _full_tier(config):
        return
    slow = [item for item in items if item.get_closest_marker("slow")]
    if not slow:
        return
    config.hook.pytest_deselected(items=slow)
    items[:] = [item for item in items if not item.get_closest_marker("slow")]
    config.stash[_SLOW_LEFT_OUT] = len(slow)
    if hasattr(config, "workeroutput"):          # an xdist worker
        config.workeroutput["unlev_slow_left_out"] = len(slow)


_SLOW_LEFT_OUT = pytest.StashKey[int]()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    """xdist's controller: each worker deselected the same tests; keep their number."""
    left_out = getattr(node, "workeroutput", {}).get("unlev_slow_left_out")
    if left_out:
        node.config.stash[_SLOW_LEFT_OUT] = left_out


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_terminal_summary(terminalreporter, config):
    """The quick tier's line, after the short summary (-rs), above the counts."""
    yield
    left_out = config.stash.get(_SLOW_LEFT_OUT, 0)
    if left_out:
        terminalreporter.write_line(
            f"quick tier: {left_out} tests marked slow were left out; "
            "`python -m pytest --full` runs every test (CI does)")


@pytest.fixture(scope="session")
def fuzz_seconds(request) -> float:
    """How long tests/test_fuzz_ci.py fuzzes: --fuzz-seconds, else 120 under --full-sweep
    (CI), else 0 (skipped: the default suite stays fast)."""
    given = request.config.getoption("--fuzz-seconds")
    if given is not None:
        return given
    return 120.0 if request.config.getoption("--full-sweep") else 0.0


@pytest.fixture(scope="session")
def full_sweep(request) -> bool:
    return _sweeps_whole(request.config)


def built_level_problems(compiled, node, seed: int = 1) -> list:
    """Build one LEVEL and say what is wrong with it: no terrain drawn, or a stair,
    ladder, branch or portal the des-file asks for unconditionally that is missing
    (the harness's ``stairs`` check).  For sweeps over whole releases, so that they
    look at the levels they build."""
    from unlev.generate.build import build_level
    from unlev.stdlib import terrain as T
    from unlev.tools.harness.invariants import check_level, required_features
    level = build_level(compiled, node, seed=seed)
    out = []
    if level.name != node.name:
        out.append(f"{node.name}: built as {level.name!r}")
    if not any(t != T.STONE for t in level.typ):
        out.append(f"{node.name}: nothing drawn")
    out += [f"{node.name}: {v}" for v in check_level(
        level, required_features(node, compiled.tree.header),
        skip=("reachable", "embedded", "doors", "maze"))]
    return out


@pytest.fixture(scope="module", autouse=True)
def _earlier_modules_frozen():
    """What the test files before this one left alive (imports, tables, caches, session
    fixtures) is frozen out of the cyclic collector (``gc.freeze``), the previous file's
    garbage collected first: an xdist worker holds hundreds of thousands of such
    objects, and each full collection walked them all again (a third of the suite's
    test files in one process, A/B at one load: 14.0 -> 9.8 s in the collector, 113.1 ->
    106.6 s of CPU, the same peak memory).  Reference counting still frees them; only
    cyclic garbage among them is kept to the run's end.  Never unfrozen: an unfreeze
    hands the whole heap back to a collector whose count of long-lived objects is the
    small unfrozen part, and its next full collection, due at once, walks all of it (a
    second or more, which landed in a later test's timed compile)."""
    import gc
    gc.collect()        # the previous file's garbage first: frozen, it would stay
    gc.freeze()
    yield


@pytest.fixture
def own_heap():
    """For a test that walks the collector's heap (``gc.collect``, ``gc.get_objects``) to
    count what its own code left alive: the objects of the tests before it are frozen
    (``gc.freeze``: out of every collection and of ``gc.get_objects``), as the file's
    were at its start (and, as those, never unfrozen: see _earlier_modules_frozen).
    In a whole run an xdist worker holds millions of them, and each walk over them took
    seconds; what the test itself makes is walked and collected as before."""
    import gc
    gc.collect()
    gc.freeze()
    yield


@pytest.fixture(scope="session")
def _cache_homes(tmp_path_factory):
    """The folder under which each test's own cache folder is named."""
    return tmp_path_factory.mktemp("xdg-cache"), itertools.count()


@pytest.fixture(autouse=True)
def _own_result_cache(monkeypatch, _cache_homes):
    """Each test's `unlev check`/`lint` (in-process or in a child) remembers results in
    a folder of its own, never the user's: a result stored by another test, or by an
    earlier run with the same unlev, must not answer a test that patched something.
    The folder is only named: unlev makes it when it first keeps something there.  (A
    folder made for each of the ~3,500 tests was removed again by pytest at the end of
    a later run, as it keeps the last three runs' folders: ~1 ms a folder here, a
    discard-mounted ext4.)"""
    root, numbers = _cache_homes
    monkeypatch.setenv("XDG_CACHE_HOME", str(root / str(next(numbers))))


# Test files whose tests share a costly module-scoped fixture: each such file's tests
# go to one xdist worker, as a unit, so that the fixture is built once per run and not
# once in each worker that gets one of its tests (every other test is handed out one
# by one, as xdist's default "load" does).  xdist's own "loadgroup" cannot do it under
# pytest 9, whose node ids no longer take the group's suffix.
GROUPED_FILES = {
    "tests/test_compare_selftest.py",     # level_cache: 10 + 10 builds of each level
    "tests/test_cli_check.py",            # mutant_runs: 100+ mutated corpus files
    # not for a fixture: its changed-module test keeps NetHack 3.6's plan under a moved
    # key in lang/, which a plan test in the other worker could read in between (one
    # failure on Python 3.9: "assert planned is not None")
    "tests/test_parse_plan.py",
}


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """``-n N`` (xdist's "load"): load balancing with :data:`GROUPED_FILES` as units."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupedLoad(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            path = nodeid.split("::", 1)[0]
            return path if path in GROUPED_FILES else nodeid
    return GroupedLoad(config, log)
