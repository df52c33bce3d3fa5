"""Pieces of boards kept between drawings (docs/platform-figures.md, "Card Game boards from kept pieces").

A board is drawn as pieces of rows; a piece shows one part of the view and is kept, quantised and
compressed (render/png.py), under a digest of that part, so the next board showing an equal part, for
any reader, neither draws, quantises nor compresses it again. A piece is drawn from its part alone: it
cannot show anything of the view outside it.
"""
from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from PIL import Image

from render import png
from render.common import fixed_palette


@dataclass(frozen=True)
class Rows:
    """Some rows of a board: rows y0 to y1 of `img` as drawn, the labels drawn on them, and as a PNG band."""
    img: Image.Image
    y0: int
    y1: int
    labels: list[tuple[str, str]]
    band: png.Band


def rows(img: Image.Image, labels: list[tuple[str, str]], module: str, y0: int = 0, y1: int | None = None) -> Rows:
    """Rows y0 to y1 (the end by default) of an RGB image, in `module`'s fixed palette. Quantising without
    dither maps each pixel alone, so the rows come out as they would from the whole image."""
    y1 = img.height if y1 is None else y1
    part = img if (y0, y1) == (0, img.height) else img.crop((0, y0, img.width, y1))
    paletted = part.quantize(palette=fixed_palette(module), dither=Image.Dither.NONE)
    return Rows(img, y0, y1, labels, png.bands(paletted, [(0, y1 - y0)])[0])


Part = TypeVar("Part")  # what a piece shows: a part of a view
Piece = TypeVar("Piece")  # what is kept of it: its rows


class Kept(OrderedDict):
    """The latest `size` pieces of a renderer, by (drawing function, language, digest of the part)."""

    def __init__(self, size: int):
        super().__init__()
        self.size = size
        self.lock = threading.Lock()

    def piece(self, draw: Callable[[Part, str], Piece], part: Part, lang: str) -> Piece:
        """draw(part, lang), or the piece kept from an equal part. The key is a digest of the part's pickle:
        equal bytes mean equal contents (equal contents pickled otherwise only miss), and a view changed
        after its drawing cannot change what its pieces are found by."""
        key = (f"{draw.__name__}:{lang}", hashlib.sha1(pickle.dumps(part, pickle.HIGHEST_PROTOCOL)).digest())
        with self.lock:
            if key in self:
                self.move_to_end(key)
                return self[key]
        piece = draw(part, lang)
        with self.lock:
            self[key] = piece
            while len(self) > self.size:
                self.popitem(last=False)
        return piece
