"""``unlev serve`` in a real browser (headless Chromium): the page draws the level
``unlev run --json`` makes, the hover card tells what is on a square, an edit on disk
shows within a second, errors keep the last good level, two seeds compare."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from browserkit import browser, page_rows, serving, wait_ready, wait_until

# the full tier's (--full): headless Chromium takes ~21 s of a run's wall time; the quick
# tier keeps the browser-free page and server tests (test_serve.py, test_robust_serve.py)
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent


def run_json(path: Path, seed: int, level: str = "1") -> dict:
    out = subprocess.run([sys.executable, "-m", "unlev.cli", "run", str(path), "--seed",
                          str(seed), "--level", level, "--json", "-q"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)["levels"][0]


@pytest.fixture
def sample(tmp_path) -> Path:
    f = tmp_path / "bigrm.des"
    shutil.copy(REPO / "samples" / "bigrm.des", f)
    return f


def test_page_draws_run_json_hover_and_follows_edits(sample):
    native = run_json(sample, 42)
    with browser() as b, serving(str(sample), "--seed", "42") as url:
        page = b.new_page()
        page.goto(url)
        wait_ready(page)
        # the map, character for character, is the run's display
        assert page_rows(page) == native["display"]
        # hover a monster's square: the card says where (level and MAP terms) and what
        mon = native["monsters"][0]
        x, y = mon["x"], mon["y"]
        page.hover(f"#map-a .c[data-x='{x}'][data-y='{y}']")
        card = page.inner_text("#card")
        area = native["map_area"]
        assert f"({x},{y})" in card
        assert f"des-file MAP ({x - area['xstart']},{y - area['ystart']})" in card
        assert f"monster: {mon['name']}" in card
        assert f"terrain {native['terrain'][y][x]}" in card
        # the glyph the card shows is the one drawn there
        assert page.inner_text(f"#map-a .c[data-x='{x}'][data-y='{y}']") == mon["symbol"]

        # an edit on disk is drawn within a second of the write
        before = page.evaluate("unlevPreview.renders")
        text = sample.read_text()
        edited = text.replace("ENDMAP\n", "ENDMAP\nFOUNTAIN: (1,1)\nFOUNTAIN: (2,1)\n", 1)
        assert edited != text
        written = time.time()
        sample.write_text(edited)
        wait_ready(page, before + 1, timeout_ms=10000)
        took = page.evaluate("unlevPreview.renderedAt") / 1000 - written
        new_native = run_json(sample, 42)
        assert new_native["display"] != native["display"]
        assert page_rows(page) == new_native["display"]
        print(f"edit on disk drawn {took:.2f} s after the write")
        assert took < 1.0, f"re-rendered {took:.2f} s after the write"

        # a broken file: the error is in the page, the last good level stays drawn
        before = page.evaluate("unlevPreview.renders")
        sample.write_text(edited.replace("FOUNTAIN: (1,1)", "FOUNTAIN: (1,1", 1))
        wait_ready(page, before + 1, timeout_ms=10000)
        assert page.is_visible("#error")
        assert "error" in page.inner_text("#error")
        assert "last good level" in page.inner_text("#error")
        assert page_rows(page) == new_native["display"]
        broken = edited.replace("FOUNTAIN: (1,1)", "FOUNTAIN: (1,1", 1).splitlines()
        line = broken.index("FOUNTAIN: (1,1") + 1
        # the parser finds the missing ")" at the next token, on the next line
        first = page.get_attribute("#diagnostics li.error", "data-line")
        assert int(first) in (line, line + 1)
        assert f"bigrm.des:{first}:" in page.inner_text("#diagnostics li.error")
        # a diagnostic is clickable to its line in the source
        page.click("#diagnostics li.error")
        assert page.inner_text("#source span.here").strip() == broken[int(first) - 1].strip()

        # mended: the error goes away
        before = page.evaluate("unlevPreview.renders")
        sample.write_text(text)
        wait_ready(page, before + 1, timeout_ms=10000)
        assert not page.is_visible("#error")
        assert page_rows(page) == native["display"]


def test_seed_stepper_compare_and_layers(sample):
    native42, native43 = run_json(sample, 42), run_json(sample, 43)
    with browser() as b, serving(str(sample), "--seed", "42") as url:
        page = b.new_page()
        page.goto(url)
        wait_ready(page)
        n = page.evaluate("unlevPreview.renders")
        page.click("#seed-up")
        wait_ready(page, n + 1)
        assert page_rows(page) == native43["display"]
        # two seeds side by side, the differing squares marked
        page.fill("#seed-b", "42")
        page.dispatch_event("#seed-b", "change")
        n = page.evaluate("unlevPreview.renders")
        page.check("#compare")
        wait_ready(page, n + 1)
        wait_until(lambda: page.is_visible("#map-b"))
        assert page_rows(page, "map-b") == native42["display"]
        differ = {(x, y) for y in range(21) for x in range(80)
                  if native42["display"][y][x] != native43["display"][y][x]}
        marked = page.evaluate("Array.from(document.querySelectorAll('#map-a .c.diff'),"
                               " c => [+c.dataset.x, +c.dataset.y])")
        assert differ and differ <= {tuple(p) for p in marked}
        # monsters off: what lies under each monster shows (the top object, else the
        # trap, else the terrain's glyph as unlev.output.render draws it)
        from unlev.tools.serve.state import build_state
        payload = build_state(str(sample), seed=43)["level_data"]
        assert payload["display"] == native43["display"]
        page.uncheck("[data-layer=monsters]")
        rows = page_rows(page)
        assert rows != native43["display"]
        for m in native43["monsters"]:
            assert rows[m["y"]][m["x"]] == _under(payload, m["x"], m["y"])


def _under(level: dict, x: int, y: int) -> str:
    objs = [o for o in level["objects"] if (o["x"], o["y"]) == (x, y) and not o["buried"]]
    if objs:
        return objs[-1]["symbol"]
    traps = [t for t in level["traps"] if (t["x"], t["y"]) == (x, y)]
    if traps:
        return traps[-1]["symbol"]
    tg = level["terrain_glyphs"]
    return tg["table"][tg["rows"][y][x]][0]


def test_level_picker_for_a_file_of_several_levels(tmp_path):
    f = tmp_path / "two.des"
    f.write_text('LEVEL: "one"\nROOM: "ordinary", lit, (1,1), (left,top), (5,3) {\n}\n'
                 'LEVEL: "two"\nINIT_MAP: mines, \'.\', \' \', true, true, lit, false\n')
    second = run_json(f, 5, level="2")
    with browser() as b, serving(str(f), "--seed", "5") as url:
        page = b.new_page()
        page.goto(url)
        wait_ready(page)
        assert page.evaluate("Array.from(document.querySelectorAll('#level option'), o => o.textContent)") \
            == ["1: one", "2: two"]
        n = page.evaluate("unlevPreview.renders")
        page.select_option("#level", "2")
        wait_ready(page, n + 1)
        assert page_rows(page) == second["display"]


def test_html_export_is_the_same_page_without_a_server(sample, tmp_path):
    native = run_json(sample, 42)
    out = tmp_path / "page.html"
    subprocess.run([sys.executable, "-m", "unlev.cli", "run", str(sample), "--seed", "42",
                    "--html", str(out), "-q"], check=True)
    with browser() as b:
        page = b.new_page()
        page.goto(out.as_uri())
        wait_ready(page)
        assert page_rows(page) == native["display"]
        assert not page.is_visible("#seed-box")        # no server: one seed, the run's
        kinds = {(k, e["name"]) for k in ("monsters", "objects") for e in native[k]}
        shown = page.evaluate("document.querySelectorAll('#contents tr').length") - 1
        assert shown >= len(kinds)
        obj = native["objects"][-1]
        page.hover(f"#map-a .c[data-x='{obj['x']}'][data-y='{obj['y']}']")
        assert f"object: {obj['name']}" in page.inner_text("#card")


def test_test_report_marks_the_changed_squares(tmp_path):
    from test_harness_html import LEVEL, _test
    f = tmp_path / "yard.des"
    f.write_text(LEVEL)
    assert _test(str(f), "--seeds", "1", "--snapshots", str(tmp_path / "s"), cwd=tmp_path).returncode == 0
    f.write_text(LEVEL.replace("|...|\n|...|", "|.{.|\n|.{.|"))
    out = tmp_path / "report.html"
    assert _test(str(f), "--seeds", "1", "--snapshots", str(tmp_path / "s"), "--html", str(out),
                 cwd=tmp_path).returncode == 1
    with browser() as b:
        page = b.new_page()
        page.goto(out.as_uri())
        wait_ready(page)
        maps = page.query_selector_all("#report .map")
        assert len(maps) == 2                       # the stored level and the new one
        marked = [page.evaluate("m => Array.from(m.querySelectorAll('.c.diff'), c => c.textContent)", m)
                  for m in maps]
        assert marked[0] == [".", "."] and marked[1] == ["{", "{"]
        assert "2 squares changed" in page.inner_text("#report")


def test_a_folder_gets_a_file_picker_and_the_overlays_follow_the_grids(tmp_path):
    shutil.copy(REPO / "samples" / "bigrm.des", tmp_path / "a.des")
    shutil.copy(REPO / "samples" / "maze.des", tmp_path / "b.des")
    second = run_json(tmp_path / "b.des", 9)
    with browser() as b, serving(str(tmp_path), "--seed", "9") as url:
        page = b.new_page()
        page.goto(url)
        wait_ready(page)
        files = page.evaluate("Array.from(document.querySelectorAll('#file option'), o => o.value)")
        assert [Path(f).name for f in files] == ["a.des", "b.des"]
        n = page.evaluate("unlevPreview.renders")
        page.select_option("#file", files[1])
        wait_ready(page, n + 1)
        assert page_rows(page) == second["display"]
        # the overlays mark exactly the squares the level's grids name
        page.check("[data-layer=light]")
        page.check("[data-layer=nondiggable]")
        lit = {tuple(p) for p in page.evaluate(
            "Array.from(document.querySelectorAll('#map-a .c.lit'), c => [+c.dataset.x, +c.dataset.y])")}
        assert lit == {(x, y) for y, row in enumerate(second["lit"]) for x, c in enumerate(row) if c == "1"}
        nodig = {tuple(p) for p in page.evaluate(
            "Array.from(document.querySelectorAll('#map-a .c.nodig'), c => [+c.dataset.x, +c.dataset.y])")}
        assert nodig == {(x, y) for y, row in enumerate(second["nondiggable"])
                         for x, c in enumerate(row) if c == "1"}
        assert nodig                              # the maze's boundary is non-diggable


def test_html_export_of_several_levels_has_a_working_picker(tmp_path):
    f = tmp_path / "two.des"
    f.write_text('LEVEL: "one"\nROOM: "ordinary", lit, (1,1), (left,top), (5,3) {\n}\n'
                 'LEVEL: "two"\nINIT_MAP: mines, \'.\', \' \', true, true, lit, false\n')
    out = tmp_path / "two.html"
    subprocess.run([sys.executable, "-m", "unlev.cli", "run", str(f), "--seed", "4",
                    "--html", str(out), "-q"], check=True)
    levels = [run_json(f, 4, level=str(i)) for i in (1, 2)]
    with browser() as b:
        page = b.new_page()
        page.goto(out.as_uri())
        wait_ready(page)
        assert page_rows(page) == levels[0]["display"]
        n = page.evaluate("unlevPreview.renders")
        page.select_option("#level", "2")
        wait_ready(page, n + 1)
        assert page_rows(page) == levels[1]["display"]
        assert levels[0]["display"] != levels[1]["display"]
