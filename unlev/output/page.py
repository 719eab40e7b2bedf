"""The drawing as a page: ``unlev run --html/--svg``.

Why a module of its own: rich's default export theme is a white page on which NetHack's
white and yellow glyphs (stairs, scrolls, statues, the hero) vanish, and its HTML has no
title.  The page here keeps the terminal's look: a dark background and a palette in
which every colour the drawing uses (:data:`unlev.output.render.RICH_COLORS`) stands
out from it (WCAG contrast >= 3, tested), with the run's name as the title.
"""

from __future__ import annotations

import html

from rich.terminal_theme import TerminalTheme

BACKGROUND = (12, 12, 12)
FOREGROUND = (204, 204, 204)

# ANSI 0-7, then 8-15 (bright), as the drawing names them through rich's colour names
NETHACK_THEME = TerminalTheme(
    BACKGROUND, FOREGROUND,
    [(0, 0, 0), (205, 49, 49), (13, 188, 121), (196, 160, 0),
     (80, 128, 255), (188, 63, 188), (17, 168, 205), (204, 204, 204)],
    [(118, 118, 118), (241, 76, 76), (35, 209, 139), (245, 245, 67),
     (120, 170, 255), (214, 112, 214), (41, 184, 219), (255, 255, 255)],
)

_HTML_PAGE = """<!DOCTYPE html>
<html>
<head>
<meta charset="UTF-8">
<title>{title}</title>
<style>
{{stylesheet}}
body {{{{
    color: {{foreground}};
    background-color: {{background}};
}}}}
</style>
</head>
<body>
    <pre style="font-family:Menlo,'DejaVu Sans Mono',consolas,'Courier New',monospace"><code style="font-family:inherit">{{code}}</code></pre>
</body>
</html>
"""


def save_html(console, path: str, title: str) -> None:
    """Write a recording console's drawing as an HTML page (dark, titled)."""
    page = _HTML_PAGE.format(title=html.escape(title).replace("{", "{{").replace("}", "}}"))
    console.save_html(path, theme=NETHACK_THEME, code_format=page, clear=False)


# The SVG page: the drawing on a plain dark ground, in the reader's own monospace font.
# Rich's default loads a web font from a CDN (an offline viewer or a strict CSP shows
# nothing or waits) and draws a window frame with three coloured buttons around the map;
# this one has neither, and carries the title as the picture's <title>.
_SVG_PAGE = """<svg viewBox="0 0 {{width}} {{height}}" xmlns="http://www.w3.org/2000/svg">
<title>{title}</title>
<style>
.{{unique_id}}-matrix {{{{
    font-family: Menlo, 'DejaVu Sans Mono', Consolas, 'Courier New', monospace;
    font-size: {{char_height}}px;
    line-height: {{line_height}}px;
}}}}
{{styles}}
</style>
<defs>
<clipPath id="{{unique_id}}-clip-terminal">
  <rect x="0" y="0" width="{{terminal_width}}" height="{{terminal_height}}" />
</clipPath>
{{lines}}
</defs>
<rect x="0" y="0" width="100%" height="100%" fill="{background}" />
<g transform="translate({{terminal_x}}, {{terminal_y}})" clip-path="url(#{{unique_id}}-clip-terminal)">
{{backgrounds}}
<g class="{{unique_id}}-matrix">
{{matrix}}
</g>
</g>
</svg>
"""


def save_svg(console, path: str, title: str) -> None:
    """Write a recording console's drawing as an SVG picture (dark, titled, no web
    font, no window frame)."""
    page = _SVG_PAGE.format(title=html.escape(title).replace("{", "{{").replace("}", "}}"),
                            background="#%02x%02x%02x" % BACKGROUND)
    console.save_svg(path, title=title, theme=NETHACK_THEME, clear=False, code_format=page)


def relative_luminance(rgb) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
