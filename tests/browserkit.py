"""Headless Chromium for the preview's tests: Playwright for Python driving the system
Chromium (never a downloaded browser), and ``unlev serve`` started as a subprocess.

Without Chromium or Playwright the tests skip with the reason; under CI=true (where
.ci/run installed both) they fail instead, so a green CI run has really used a browser.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from contextlib import contextmanager

from conftest import missing

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str:
    path = os.environ.get("UNLEV_CHROMIUM") or shutil.which("chromium") or \
        shutil.which("chromium-browser") or ""
    if not path or not os.access(path, os.X_OK):
        missing("no Chromium installed (apt-get install chromium; or set UNLEV_CHROMIUM)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing("Playwright for Python is not installed (pip install playwright)")
    return path


@contextmanager
def browser():
    """A headless Chromium browser (Playwright's Browser)."""
    from playwright.sync_api import sync_playwright
    path = chromium_path()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=FLAGS)
        try:
            yield b
        finally:
            b.close()


@contextmanager
def serving(*argv: str, cwd=None):
    """``unlev serve ARGV --port 0``: yields the page's URL; the server is stopped after."""
    proc = subprocess.Popen([sys.executable, "-m", "unlev.cli", "serve", *argv, "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd)
    try:
        line = proc.stdout.readline()
        if not line.startswith("unlev serve: http"):
            raise AssertionError(f"unlev serve did not start: {line!r} {proc.stderr.read()}")
        yield line.split()[2]
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


def wait_ready(page, renders: int = 1, timeout_ms: int = 30000) -> None:
    page.wait_for_function(f"window.unlevPreview && window.unlevPreview.renders >= {renders}",
                           timeout=timeout_ms)


def page_rows(page, map_id: str = "map-a"):
    return page.evaluate(f"unlevPreview.rows({map_id!r})")


def wait_until(pred, timeout: float = 10.0, step: float = 0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        v = pred()
        if v:
            return v
        time.sleep(step)
    return pred()
