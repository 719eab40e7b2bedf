"""The colours of the drawing away from a terminal: the page, the SVG and the PNG.

Why a module of its own: a white page hides NetHack's white and yellow glyphs (stairs,
scrolls, statues, the hero).  The pictures keep the terminal's look: a dark background
and a palette in which every colour the drawing uses
(:data:`unlev.output.render.RICH_COLORS`) stands out from it (WCAG contrast >= 3,
tested); :func:`unlev.output.preview.palette` turns it into the page's colours.
"""

from __future__ import annotations

from typing import NamedTuple, Tuple

RGB = Tuple[int, int, int]


class Theme(NamedTuple):
    background: RGB
    foreground: RGB
    ansi_colors: Tuple[RGB, ...]    # ANSI 0-7, then 8-15 (bright)


BACKGROUND = (12, 12, 12)
FOREGROUND = (204, 204, 204)

# the colours the drawing names through rich's colour names (render.RICH_COLORS)
NETHACK_THEME = Theme(
    BACKGROUND, FOREGROUND,
    ((0, 0, 0), (205, 49, 49), (13, 188, 121), (196, 160, 0),
     (80, 128, 255), (188, 63, 188), (17, 168, 205), (204, 204, 204),
     (118, 118, 118), (241, 76, 76), (35, 209, 139), (245, 245, 67),
     (120, 170, 255), (214, 112, 214), (41, 184, 219), (255, 255, 255)),
)


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
