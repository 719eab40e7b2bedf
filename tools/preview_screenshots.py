"""Take the README's screenshots of the preview page (docs/images/serve-*.png).

Why a script: the pictures must show what ``unlev serve`` really draws; this starts it
on the corpus levels, drives headless Chromium (Playwright, the system's chromium),
hovers a busy square and saves the page, reduced to a small palette PNG.

    UNLEV_CORPUS=/work/shared/corpus python tools/preview_screenshots.py
"""

from __future__ import annotations

import os
import subprocess
import sys

from PIL import Image
from playwright.sync_api import sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = [  # (file, level number, seed, square to hover, picture)
    ("unnethack/blkmar.des", 1, 3, None, "serve-blkmar.png"),
    ("unnethack/sokoban.des", 8, 1, None, "serve-sokoban.png"),
]


def busiest(page):
    """The square with the most objects on it (the hover card's best showcase)."""
    return page.evaluate("""() => { const L = unlevPreview.a.level_data, n = new Map();
        for (const o of L.objects) { const k = o.x + ',' + o.y; n.set(k, (n.get(k) || 0) + 1); }
        let best = null; for (const [k, c] of n) if (!best || c > best[1]) best = [k, c];
        return best ? best[0].split(',').map(Number) : [40, 10]; }""")


def main() -> int:
    corpus = os.environ.get("UNLEV_CORPUS", os.path.join(ROOT, "..", "shared", "corpus"))
    out_dir = os.path.join(ROOT, "docs", "images")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("UNLEV_CHROMIUM", "/usr/bin/chromium"),
                                    args=FLAGS)
        for rel, level, seed, square, name in SHOTS:
            proc = subprocess.Popen([sys.executable, "-m", "unlev.cli", "serve",
                                     os.path.join(corpus, rel), "--port", "0", "--seed", str(seed)],
                                    stdout=subprocess.PIPE, text=True)
            try:
                url = proc.stdout.readline().split()[2]
                page = browser.new_page(viewport={"width": 1240, "height": 600})
                page.goto(url)
                page.wait_for_function("window.unlevPreview && unlevPreview.renders >= 1")
                if level != 1:
                    n = page.evaluate("unlevPreview.renders")
                    page.select_option("#level", str(level))
                    page.wait_for_function(f"unlevPreview.renders > {n}")
                x, y = square or busiest(page)
                page.hover(f"#map-a .c[data-x='{x}'][data-y='{y}']")
                path = os.path.join(out_dir, name)
                page.screenshot(path=path, clip={"x": 0, "y": 0, "width": 1240, "height": 600})
                Image.open(path).convert("RGB").quantize(colors=48).save(path, optimize=True)
                print(f"{path}: {os.path.getsize(path)} bytes")
            finally:
                proc.terminate()
                proc.wait()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
