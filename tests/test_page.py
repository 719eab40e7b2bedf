"""The HTML/SVG page of a drawing (issue 18, point 2): titled, dark, and every colour the
drawing uses legible on it (WCAG contrast >= 3, the level for large text and glyphs)."""

import re

from rich.color import Color

from unlev.cli import main
from unlev.output.page import BACKGROUND, NETHACK_THEME, contrast
from unlev.output.render import RICH_COLORS


def _rgb(hex_text):
    return tuple(int(hex_text[i:i + 2], 16) for i in (1, 3, 5))


def test_every_drawing_colour_stands_out_from_the_background():
    for clr, name in RICH_COLORS.items():
        rgb = Color.parse(name).get_truecolor(NETHACK_THEME)
        assert contrast(rgb, BACKGROUND) >= 3, (clr, name, rgb)


def test_html_page_is_titled_and_every_colour_in_it_is_legible(tmp_path):
    out = tmp_path / "o.html"
    assert main(["run", "samples/bigrm.des", "--seed", "42", "--html", str(out)]) == 0
    page = out.read_text()
    assert "<title>unlev run bigrm.des --seed 42</title>" in page
    body = re.search(r"body \{\s*color: (#[0-9a-f]{6});\s*background-color: (#[0-9a-f]{6})",
                     page)
    assert body and contrast(_rgb(body.group(2)), (255, 255, 255)) > 10   # a dark page
    page_bg = _rgb(body.group(2))
    rules = re.findall(r"\.r\d+ \{([^}]*)\}", page)
    assert len(rules) >= 5
    for rule in rules:
        fg = re.search(r"(?<!-)color: (#[0-9a-f]{6})", rule)
        bg = re.search(r"background-color: (#[0-9a-f]{6})", rule)
        if fg:
            back = _rgb(bg.group(1)) if bg else page_bg
            assert contrast(_rgb(fg.group(1)), back) >= 3, rule


def test_svg_is_dark_too(tmp_path):
    out = tmp_path / "o.svg"
    assert main(["run", "samples/bigrm.des", "--seed", "42", "--svg", str(out)]) == 0
    svg = out.read_text()
    assert "<title>unlev run bigrm.des --seed 42</title>" in svg and "#0c0c0c" in svg
