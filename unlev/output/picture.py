"""The drawing as a picture: ``unlev run --svg`` and ``--png``.

Why a module of its own: a picture of the map alone, cell by cell, in the game's
glyphs and colours (:func:`unlev.output.render.glyph_grid`, the palette of the page,
:func:`unlev.output.preview.palette`), with piles in inverse video as on the screen:
the SVG has no window frame and names only generic monospace fonts (nothing is
loaded from the network); the PNG is drawn with Pillow (the ``png`` extra), imported
only when asked for.  Several levels stack one under another, each under a caption.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple
from xml.sax.saxutils import escape

from unlev.model.level import COLNO, ROWNO, Level
from unlev.output.preview import palette
from unlev.output.render import glyph_grid

CELL_W, CELL_H, FONT = 10, 18, 15      # pixels
CAPTION = 24
PAD = 8


def _captioned(levels: Sequence[Tuple[Level, str]]):
    y = PAD
    for level, caption in levels:
        yield level, caption, y
        y += CAPTION + ROWNO * CELL_H + PAD


def size(n_levels: int) -> Tuple[int, int]:
    return COLNO * CELL_W + 2 * PAD, PAD + n_levels * (CAPTION + ROWNO * CELL_H + PAD)


def svg(levels: Sequence[Tuple[Level, str]], title: str = "") -> str:
    """An SVG picture of ``levels`` (each with its caption), titled ``title``."""
    pal = palette()
    w, h = size(len(levels))
    out: List[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}">',
        f'<title>{escape(title)}</title>',
        f'<rect width="100%" height="100%" fill="{pal["background"]}"/>',
        f'<g font-family="ui-monospace, Menlo, \'DejaVu Sans Mono\', Consolas, monospace" '
        f'font-size="{FONT}" text-anchor="middle">']
    for level, caption, top in _captioned(levels):
        out.append(f'<text x="{PAD}" y="{top + 16}" fill="{pal["default"]}" '
                   f'text-anchor="start" font-family="sans-serif" font-size="14">'
                   f'{escape(caption)}</text>')
        y0 = top + CAPTION
        for y, row in enumerate(glyph_grid(level)):
            for x, g in enumerate(row):
                if g.ch == " " and not g.inverse:
                    continue
                fg = pal.get(g.color or "", pal["default"])
                cx, cy = PAD + x * CELL_W, y0 + y * CELL_H
                if g.inverse:
                    out.append(f'<rect x="{cx}" y="{cy}" width="{CELL_W}" height="{CELL_H}" '
                               f'fill="{fg}"/>')
                    fg = pal["background"]
                out.append(f'<text x="{cx + CELL_W / 2:g}" y="{cy + CELL_H - 5}" '
                           f'fill="{fg}">{escape(g.ch)}</text>')
    out.append("</g></svg>\n")
    return "\n".join(out)


class PillowMissing(RuntimeError):
    pass


def _font(size_px: int):
    from PIL import ImageFont
    for name in ("DejaVuSansMono.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
                 "LiberationMono-Regular.ttf", "Menlo.ttc", "consola.ttf"):
        try:
            return ImageFont.truetype(name, size_px)
        except OSError:
            continue
    try:
        return ImageFont.load_default(size_px)      # Pillow >= 10.1
    except TypeError:                               # pragma: no cover - older Pillow
        return ImageFont.load_default()


def png(levels: Sequence[Tuple[Level, str]], path: str, scale: int = 1) -> None:
    """Write a PNG picture of ``levels`` to ``path`` (needs Pillow)."""
    try:
        from PIL import Image, ImageDraw
    except ImportError as e:
        raise PillowMissing("--png needs Pillow: pip install 'unlev[png]' "
                            "(or pip install Pillow)") from e
    pal = palette()

    def rgb(hex_text: str):
        return tuple(int(hex_text[i:i + 2], 16) for i in (1, 3, 5))

    w, h = size(len(levels))
    img = Image.new("RGB", (w * scale, h * scale), rgb(pal["background"]))
    draw = ImageDraw.Draw(img)
    font, small = _font(FONT * scale), _font(13 * scale)
    for level, caption, top in _captioned(levels):
        draw.text((PAD * scale, (top + 4) * scale), caption, fill=rgb(pal["default"]),
                  font=small)
        y0 = top + CAPTION
        for y, row in enumerate(glyph_grid(level)):
            for x, g in enumerate(row):
                if g.ch == " " and not g.inverse:
                    continue
                fg = rgb(pal.get(g.color or "", pal["default"]))
                cx, cy = (PAD + x * CELL_W) * scale, (y0 + y * CELL_H) * scale
                if g.inverse:
                    draw.rectangle([cx, cy, cx + CELL_W * scale - 1, cy + CELL_H * scale - 1],
                                   fill=fg)
                    fg = rgb(pal["background"])
                draw.text((cx + CELL_W * scale / 2, cy + CELL_H * scale / 2), g.ch, fill=fg,
                          font=font, anchor="mm")
    img.save(path, format="PNG", optimize=True)


def cell_box(level_index: int, x: int, y: int) -> Tuple[int, int, int, int]:
    """The pixel box of square (x, y) of the ``level_index``-th level in a picture."""
    top = PAD + level_index * (CAPTION + ROWNO * CELL_H + PAD) + CAPTION
    left = PAD + x * CELL_W
    return left, top + y * CELL_H, left + CELL_W, top + (y + 1) * CELL_H


def caption(level: Level, seed: int, source: Optional[str]) -> str:
    import os
    return f"{level.name}  seed {seed}" + (f"  {os.path.basename(source)}" if source else "")
