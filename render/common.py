"""Shared drawing helpers for every game's renderer: fonts, colours, text fitting, shapes, PNG encoding.

Thread safety: renderers run in worker threads (the bot calls them through asyncio.to_thread). FreeType
faces must not be used by two threads at once, so fonts are cached per thread; everything else cached
here is immutable (fitted-text layouts) or only ever copied (background images).
"""
from __future__ import annotations

import io
import logging
import math
import sys
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
FONT_FILES = {"regular": FONT_DIR / "DejaVuSans.ttf", "bold": FONT_DIR / "DejaVuSans-Bold.ttf"}

Colour = tuple[int, int, int]

# A small shared palette; games add their own.
INK: Colour = (34, 30, 26)
MUTED: Colour = (110, 100, 88)
PAPER: Colour = (244, 236, 214)
PANEL: Colour = (232, 222, 196)
PANEL_EDGE: Colour = (150, 132, 100)
WHITE: Colour = (255, 255, 255)

_local = threading.local()


def font(size: int, weight: str = "regular") -> ImageFont.FreeTypeFont:
    """DejaVu Sans (shipped in render/fonts/) at `size` px, cached for the calling thread.

    Laid out by Pillow's basic engine on every install: raqm, the other one, is used only where the
    system has libfribidi (a Pillow wheel does not bring it), and its kerning makes other line breaks,
    so the same view would be another picture from one install to the next. English and French need
    no shaping beyond what the basic engine does."""
    cache = getattr(_local, "fonts", None)
    if cache is None:
        cache = _local.fonts = {}
    key = (weight, size)
    if key not in cache:
        cache[key] = ImageFont.truetype(str(FONT_FILES[weight]), size, layout_engine=ImageFont.Layout.BASIC)
    return cache[key]


@lru_cache(maxsize=8192)
def _text_mask(text: str, size: int, weight: str, anchor: str) -> tuple[Image.Image, int, int]:
    """The anti-aliased coverage mask of `text` and its offset from the anchor point.

    Boards repeat the same labels draw after draw, so masks are memoised; they are never modified
    after creation, so threads can share them.
    """
    f = font(size, weight)
    left, top, right, bottom = (int(v) for v in f.getbbox(text, anchor=anchor))  # ints for a TrueType font
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=f, fill=255, anchor=anchor)
    return mask, left, top


def draw_text(draw: ImageDraw.ImageDraw, xy, text: str, fill, size: int, weight: str = "regular",
              anchor: str = "la") -> None:
    """Like draw.text with our font, from a cache of rendered masks (much faster for repeated labels)."""
    if not text:
        return
    mask, left, top = _text_mask(text, size, weight, anchor)
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


@dataclass(frozen=True)
class Fitted:
    """Text laid out to fit a box: its lines, the font size and weight used, and the line height."""
    lines: tuple[str, ...]
    size: int
    weight: str
    line_height: int

    @property
    def font(self) -> ImageFont.FreeTypeFont:
        return font(self.size, self.weight)

    @property
    def height(self) -> int:
        return self.line_height * len(self.lines)


@lru_cache(maxsize=16384)
def _width(text: str, size: int, weight: str) -> float:
    """Advance width of `text`; memoised because wrapping measures the same labels draw after draw
    (a War of the Ring board spent a third of its drawing time here)."""
    return font(size, weight).getlength(text)


def _wrap(text: str, size: int, weight: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and _width(f"{lines[-1]} {word}", size, weight) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _ellipsize(text: str, size: int, weight: str, width: int) -> str:
    if _width(text, size, weight) <= width:
        return text
    while text and _width(text + "…", size, weight) > width:
        text = text[:-1]
    return text.rstrip() + "…"


@lru_cache(maxsize=4096)
def fit_text(text: str, width: int, height: int, max_size: int, min_size: int = 9,
             weight: str = "regular", max_lines: int = 2) -> Fitted:
    """Largest font size in [min_size, max_size] at which `text` fits width x height.

    One line is preferred; then up to `max_lines` wrapped lines; at min_size the last line is cut with
    an ellipsis. Pure and memoised (results are immutable), so safe to share between threads.
    """
    for size in range(max_size, min_size - 1, -1):
        line_height = round(size * 1.2)
        if _width(text, size, weight) <= width and line_height <= height:
            return Fitted((text,), size, weight, line_height)
        if max_lines > 1 and 2 * line_height <= height:
            lines = _wrap(text, size, weight, width)
            if len(lines) <= max_lines and len(lines) * line_height <= height and all(
                    _width(line, size, weight) <= width for line in lines):
                return Fitted(tuple(lines), size, weight, line_height)
    line_height = round(min_size * 1.2)
    count = max(1, min(max_lines, height // line_height))
    lines = _wrap(text, min_size, weight, width)
    if len(lines) > count:
        lines = lines[:count - 1] + [" ".join(lines[count - 1:])]
    lines = [_ellipsize(line, min_size, weight, width) for line in lines]
    return Fitted(tuple(lines), min_size, weight, line_height)


def draw_fitted(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], text: str, fill: Colour,
                max_size: int, min_size: int = 9, weight: str = "regular", max_lines: int = 2,
                align: str = "center", valign: str = "middle") -> Fitted:
    """Draw `text` fitted into box (x0, y0, x1, y1); returns the layout used."""
    x0, y0, x1, y1 = box
    fitted = fit_text(text, x1 - x0, y1 - y0, max_size, min_size, weight, max_lines)
    top = {"top": y0, "bottom": y1 - fitted.height}.get(valign, (y0 + y1 - fitted.height) / 2)
    for i, line in enumerate(fitted.lines):
        y = top + i * fitted.line_height + fitted.line_height / 2
        if align == "left":
            draw_text(draw, (x0, y), line, fill, fitted.size, fitted.weight, "lm")
        elif align == "right":
            draw_text(draw, (x1, y), line, fill, fitted.size, fitted.weight, "rm")
        else:
            draw_text(draw, ((x0 + x1) / 2, y), line, fill, fitted.size, fitted.weight, "mm")
    return fitted


def dashed_line(draw: ImageDraw.ImageDraw, start, end, fill: Colour, width: int = 2,
                dash: int = 10, gap: int = 7) -> None:
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    pos = 0.0
    while pos < length:
        stop = min(pos + dash, length)
        draw.line([(x0 + ux * pos, y0 + uy * pos), (x0 + ux * stop, y0 + uy * stop)], fill=fill, width=width)
        pos = stop + gap


def arrow(draw: ImageDraw.ImageDraw, start, end, fill, width: int = 4, head: int = 14,
          outline=None) -> None:
    """A straight arrow from start to end, the head's tip at `end`."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    bx, by = x1 - ux * head, y1 - uy * head           # base of the head
    px, py = -uy * head * 0.6, ux * head * 0.6          # half-width of the head
    points = [(x1, y1), (bx + px, by + py), (bx - px, by - py)]
    if outline is not None:
        draw.line([(x0, y0), (bx, by)], fill=outline, width=width + 4)
        draw.polygon(points, fill=outline, outline=outline, width=3)
    draw.line([(x0, y0), (bx, by)], fill=fill, width=width)
    draw.polygon(points, fill=fill)


def _named_colours(value, out: list[Colour]) -> None:
    """Every RGB(A) colour constant in `value` (a tuple, or dicts and lists of them), as RGB."""
    if isinstance(value, tuple) and len(value) in (3, 4) and all(isinstance(x, int) and 0 <= x <= 255 for x in value):
        if value[:3] not in out:
            out.append(value[:3])
    elif isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            _named_colours(item, out)


@lru_cache(maxsize=16)
def fixed_palette(module: str) -> Image.Image:
    """The palette of a renderer's images: its named colours and ours first (flat areas keep their exact
    colour), then an even 6x6x6 spread and greys for anti-aliased edges, 256 in all.

    One palette per renderer instead of one computed for each image: mapping onto a known palette
    takes a fifth of the time of an adaptive one, with a mean error of about one level in 255."""
    colours: list[Colour] = []
    for name in (__name__, module):
        for value in vars(sys.modules[name]).values():
            _named_colours(value, colours)
    colours = colours[:256]
    levels = range(0, 256, 51)
    colours += [c for c in ((r, g, b) for r in levels for g in levels for b in levels) if c not in colours]
    colours = colours[:256]
    missing = 256 - len(colours)
    colours += [(g, g, g) for g in (round(i * 255 / max(missing - 1, 1)) for i in range(missing))]
    img = Image.new("P", (1, 1))
    img.putpalette([x for c in colours for x in c])
    return img


def encode_png(img: Image.Image, palette: bool = True, compress_level: int = 1, palette_of: str = __name__) -> bytes:
    """PNG bytes. Flat drawings quantise to 256 colours with no visible loss, which makes the file half
    the size and the encoding about twice as fast (Pillow's RGB PNG filtering is the slow part). The
    colours are those of `palette_of`'s fixed palette (pass the renderer's module name). Compression
    level 1: a Confrontation board is ~15% bigger (34 KB) than at level 3 but saved in half the time."""
    if palette and img.mode == "RGB":
        img = img.quantize(palette=fixed_palette(palette_of), dither=Image.Dither.NONE)
    buf = io.BytesIO()
    img.save(buf, format="PNG", compress_level=compress_level)
    return buf.getvalue()


def text_panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str,
               lines: list[str], *, title_fill: Colour = INK, fill: Colour = PANEL,
               edge: Colour = PANEL_EDGE, ink: Colour = INK, size: int = 15) -> None:
    """A titled panel of short text lines (wrapped, then cut with an ellipsis when out of room).

    Generic on purpose: any game's renderer can use it for logs, scores or card lists.
    """
    x0, y0, x1, y1 = box
    draw.rounded_rectangle(box, radius=8, fill=fill, outline=edge, width=2)
    draw_fitted(draw, (x0 + 10, y0 + 4, x1 - 10, y0 + 6 + size + 8), title, title_fill,
                size + 2, 10, "bold", 1, align="left")
    y = y0 + size + 18
    line_height = round(size * 1.25)
    for line in lines:
        for part in _wrap(line, size, "regular", x1 - x0 - 20):
            if y + line_height > y1 - 4:
                return
            draw_text(draw, (x0 + 10, y), _ellipsize(part, size, "regular", x1 - x0 - 20), ink, size)
            y += line_height


def flow_chips(draw: ImageDraw.ImageDraw, x0: int, y0: int, x1: int, items: list[str], *, fill: Colour,
               edge: Colour, ink: Colour, size: int = 13, gap: int = 5, max_y: int | None = None) -> int:
    """Lay short labels out as rounded chips, left to right, wrapping at x1; returns the bottom y.

    Chips that would pass max_y are dropped.
    """
    h = round(size * 1.55)
    x, y = x0, y0
    for _i, item in enumerate(items):
        width = min(math.ceil(_width(item, size, "regular")) + 14, x1 - x0)
        if x > x0 and x + width > x1:
            x, y = x0, y + h + gap
        if max_y is not None and y + h > max_y:
            return y - gap
        label = _ellipsize(item, size, "regular", width - 14)
        draw.rounded_rectangle((x, y, x + width, y + h), radius=h // 2, fill=fill, outline=edge, width=1)
        draw_text(draw, (x + width / 2, y + h / 2), label, ink, size, anchor="mm")
        x += width + gap
    return y + h


class Canvas:
    """An image being drawn plus every (kind, text) label put on it, so tests can check what an image
    shows (and that a hidden name never appears)."""

    def __init__(self, img: Image.Image, lang: str):
        self.img, self.lang = img, lang
        self.draw = ImageDraw.Draw(img)
        self.labels: list[tuple[str, str]] = []

    def text(self, kind: str, box, words: str, fill, max_size: int, min_size: int = 9,
             weight: str = "regular", max_lines: int = 1, align: str = "center") -> None:
        if not words:
            return
        self.labels.append((kind, words))
        draw_fitted(self.draw, box, words, fill, max_size, min_size, weight, max_lines, align)


def section(cv: Canvas, draw_part, *args) -> None:
    """Draw one part of an image; a malformed view spoils that part only, never the whole image."""
    try:
        draw_part(*args)
    except Exception:
        logging.getLogger(draw_part.__module__).exception("drawing %s failed", draw_part.__name__)
        cv.labels.append(("error", draw_part.__name__))
