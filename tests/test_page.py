"""The pictures and the one-file page of a level (issues 18 and 33): dark, every colour
the drawing uses legible on it (WCAG contrast >= 3), no window frame and nothing
loaded from the network; the SVG and PNG show the game's screen square by square."""

import json
import re
import xml.etree.ElementTree as ET

import pytest
from rich.color import Color
from rich.terminal_theme import TerminalTheme

from unlev.cli import main
from unlev.output import picture
from unlev.output.page import BACKGROUND, FOREGROUND, NETHACK_THEME, contrast
from unlev.output.preview import palette
from unlev.output.render import RICH_COLORS


def _rgb(hex_text):
    return tuple(int(hex_text[i:i + 2], 16) for i in (1, 3, 5))


def _json_of(tmp_path, seed=42):
    out = tmp_path / "o.json"
    assert main(["run", "samples/bigrm.des", "--seed", str(seed), "--json", str(out), "-q"]) == 0
    return json.loads(out.read_text())["levels"][0]


def test_every_drawing_colour_stands_out_and_matches_the_terminal():
    pal = palette()
    ansi = NETHACK_THEME.ansi_colors
    theme = TerminalTheme(BACKGROUND, FOREGROUND, list(ansi[:8]), list(ansi[8:]))
    for clr, name in RICH_COLORS.items():
        rgb = Color.parse(name).get_truecolor(theme)
        assert "#%02x%02x%02x" % tuple(rgb) == pal[clr], clr      # as --show draws it
        assert contrast(_rgb(pal[clr]), BACKGROUND) >= 3, (clr, name, rgb)


def test_html_is_the_preview_page_with_everything(tmp_path):
    native = _json_of(tmp_path)
    out = tmp_path / "o.html"
    assert main(["run", "samples/bigrm.des", "--seed", "42", "--html", str(out), "-q"]) == 0
    page = out.read_text()
    assert "<title>unlev run bigrm.des --seed 42</title>" in page
    assert "--bg: #0c0c0c" in page
    # nothing from the network: no remote script, style, font or image
    assert not re.search(r"""(src|href)\s*=\s*["']?https?:|@import|url\(\s*["']?https?:""", page)
    boot = json.loads(re.search(r'<script type="application/json" id="unlev-boot">(.*?)</script>',
                                page, re.S).group(1))
    assert boot["mode"] == "static"
    level = boot["states"][0]["level_data"]
    for key in ("display", "monsters", "objects", "engravings", "rooms"):
        assert level[key] == native[key], key           # the full tables, nothing cut
    # traps carry their glyph too, for the page's drawing
    assert [{k: v for k, v in t.items() if k not in ("symbol", "color", "what")}
            for t in level["traps"]] == native["traps"]
    for clr, hex_text in boot["palette"].items():
        if clr.startswith("CLR_"):
            assert contrast(_rgb(hex_text), BACKGROUND) >= 3, clr


def _svg_grid(svg_text):
    """The characters of an SVG picture's first map, square by square."""
    root = ET.fromstring(svg_text)
    ns = "{http://www.w3.org/2000/svg}"
    grid = [[" "] * 80 for _ in range(21)]
    top = picture.PAD + picture.CAPTION
    for t in root.iter(ns + "text"):
        if t.get("text-anchor") == "start":
            continue                                    # the caption
        x = int((float(t.get("x")) - picture.PAD) // picture.CELL_W)
        y = int((float(t.get("y")) - top) // picture.CELL_H)
        grid[y][x] = t.text
    return ["".join(r) for r in grid]


def test_svg_draws_the_screen_without_frame_or_network_font(tmp_path):
    native = _json_of(tmp_path)
    out = tmp_path / "o.svg"
    assert main(["run", "samples/bigrm.des", "--seed", "42", "--svg", str(out), "-q"]) == 0
    svg = out.read_text()
    assert "#0c0c0c" in svg and "bigrm-u  seed 42" in svg
    assert "<circle" not in svg and "@font-face" not in svg and "url(" not in svg
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", svg)
    assert _svg_grid(svg) == native["display"]


def test_png_is_a_real_picture_of_the_screen(tmp_path):
    Image = pytest.importorskip("PIL.Image", reason="Pillow (the png extra) is not installed")
    native = _json_of(tmp_path)
    out = tmp_path / "o.png"
    assert main(["run", "samples/bigrm.des", "--seed", "42", "--png", str(out), "-q"]) == 0
    img = Image.open(out).convert("RGB")
    assert img.size == picture.size(1)
    pal = palette()
    # a monster's square holds its colour; a square of stone is all background
    mon = next(m for m in native["monsters"] if m["color"])
    box = img.crop(picture.cell_box(0, mon["x"], mon["y"]))
    fg, bg = _rgb(pal[mon["color"]]), BACKGROUND
    span = [f - b for f, b in zip(fg, bg)]
    norm = sum(d * d for d in span)

    def along(c):
        """How far c lies from the background towards fg (1 = fg), and how far off
        that line it is (anti-aliasing blends the glyph's colour with the background)."""
        t = sum((ci - bi) * d for ci, bi, d in zip(c, bg, span)) / norm
        off = max(abs(ci - (bi + t * d)) for ci, bi, d in zip(c, bg, span))
        return t, off
    best = max((along(c) for _n, c in box.getcolors(4096)), key=lambda to: to[0])
    assert best[0] >= 0.9 and best[1] <= 8, (mon, best)
    stone = img.crop(picture.cell_box(0, 0, 0))
    assert {c for _n, c in stone.getcolors(4096)} == {BACKGROUND}


def test_png_without_pillow_is_a_usage_error(tmp_path, monkeypatch, capsys):
    import builtins
    real = builtins.__import__

    def no_pil(name, *a, **k):
        if name == "PIL" or name.startswith("PIL."):
            raise ImportError("no PIL")
        return real(name, *a, **k)
    monkeypatch.setattr(builtins, "__import__", no_pil)
    assert main(["run", "samples/bigrm.des", "--seed", "1", "--png", str(tmp_path / "o.png"),
                 "-q"]) == 2
    assert "unlev run: error: --png needs Pillow: pip install 'unlev[png]'" in capsys.readouterr().err
