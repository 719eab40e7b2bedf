"""Shared fixtures: the corpus of real des-files lives outside the repo (../shared)."""

from __future__ import annotations

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
def game_reference() -> Path:
    env = os.environ.get("UNLEV_GAME_REFERENCE")
    root = Path(env) if env else REPO.parent / "shared" / "game-reference"
    if not root.is_dir():
        missing("no game reference dumps: set $UNLEV_GAME_REFERENCE or put them at "
                "../shared/game-reference")
    return root


def pytest_addoption(parser):
    parser.addoption("--full-sweep", action="store_true", default=False,
                     help="run the corpus acceptance sweep over all 20 seeds (default: "
                     "seeds 1-5; also UNLEV_FULL_SWEEP=1); CI runs it")


@pytest.fixture(scope="session")
def full_sweep(request) -> bool:
    return bool(request.config.getoption("--full-sweep") or os.environ.get("UNLEV_FULL_SWEEP"))
