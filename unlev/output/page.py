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


def save_svg(console, path: str, title: str) -> None:
    """Write a recording console's drawing as an SVG picture (dark, titled)."""
    console.save_svg(path, title=title, theme=NETHACK_THEME, clear=False)


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
