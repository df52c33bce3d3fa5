"""Golden-image comparison shared by the renderers' tests.

Two pictures match when, pixel by pixel, each finds its colour in the other within one pixel (so a
picture moved by a pixel, or anti-aliased by another FreeType build, still matches), the mean of what
is left is small and no 16 px tile keeps much: one missing piece, changed number or name fails.
tests/render/test_golden_images.py shows both sides. The text is laid out the same on every install
(render.common.font), so the line breaks do not move. After an intended change:
UPDATE_GOLDEN=1 pytest tests/render tests/platform -k golden, then look at the new images before
committing them.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

GOLDEN = Path(__file__).parent / "golden"
# Grey levels (0-255) left once each pixel may match within SHIFT px, over the image and over each tile.
# Calibrated on the Confrontation board (tests/render/test_golden_images.py): moved by a pixel it scores
# 0 / 0, blurred by half a pixel (a coarser anti-aliasing) 1.6 / 14, both 1.7 / 14.5; one hidden piece
# missing scores 55 on its tile, the turn number changed 44.
GOLDEN_MEAN, GOLDEN_TILE, TILE, SHIFT = 2.0, 24.0, 16, 1


def _unmatched(a: Image.Image, b: Image.Image) -> Image.Image:
    """Per pixel of `a`, how far its grey is from the nearest of `b`'s within SHIFT pixels."""
    best: Image.Image | None = None
    for dy in range(-SHIFT, SHIFT + 1):
        for dx in range(-SHIFT, SHIFT + 1):
            diff = ImageChops.difference(a, ImageChops.offset(b, dx, dy))
            best = diff if best is None else ImageChops.darker(best, diff)
    assert best is not None
    return best


def difference(img: Image.Image, golden: Image.Image) -> tuple[float, float, tuple[int, int]]:
    """(mean, worst tile, where) of what neither picture finds in the other: both ways, so that
    something drawn in one only counts whichever picture has it."""
    a, b = img.convert("L"), golden.convert("L")
    left = ImageChops.lighter(_unmatched(a, b), _unmatched(b, a))
    worst, where = max((ImageStat.Stat(left.crop((x, y, x + TILE, y + TILE))).mean[0], (x, y))
                       for y in range(0, left.height, TILE) for x in range(0, left.width, TILE))
    return ImageStat.Stat(left).mean[0], worst, where


def assert_matches_golden(img: Image.Image, case: str) -> None:
    path = GOLDEN / f"{case}.png"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        img.save(path, optimize=True)
        pytest.skip(f"golden image written: {path}")
    assert path.exists(), f"missing {path}; run UPDATE_GOLDEN=1 pytest tests/render"
    golden = Image.open(path)
    assert golden.size == img.size
    mean, worst, where = difference(img, golden)
    hint = f"{case}: if the change is intended, UPDATE_GOLDEN=1 pytest tests/render tests/platform -k golden"
    assert mean < GOLDEN_MEAN, f"mean difference {mean:.2f}. {hint}"
    assert worst < GOLDEN_TILE, f"tile at {where} differs by {worst:.1f}. {hint}"
