"""Golden-image comparison shared by the renderers' tests.

An image matches its golden when the mean pixel difference is small *and* no 32 px tile differs much:
one changed name, number or outline fails, while font-rendering blur passes. After an intended change:
UPDATE_GOLDEN=1 pytest tests/render, then look at the new images before committing them.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

GOLDEN = Path(__file__).parent / "golden"
# Mean absolute difference (0-255) over the image and over every tile. Calibrated on the Confrontation
# board: a 0.5 px blur of the whole board scores 1.8 / 11.3; one piece name, the turn number or a
# revealed outline changing scores 17-22 on its tile.
GOLDEN_MEAN, GOLDEN_TILE, TILE = 2.0, 12.0, 32


def assert_matches_golden(img: Image.Image, case: str) -> None:
    path = GOLDEN / f"{case}.png"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        GOLDEN.mkdir(exist_ok=True)
        img.save(path, optimize=True)
        pytest.skip(f"golden image written: {path}")
    assert path.exists(), f"missing {path}; run UPDATE_GOLDEN=1 pytest tests/render"
    golden = Image.open(path).convert("RGB")
    assert golden.size == img.size
    diff = ImageChops.difference(golden, img)
    mean = sum(ImageStat.Stat(diff).mean) / 3
    grey = diff.convert("L")
    worst, where = max((ImageStat.Stat(grey.crop((x, y, x + TILE, y + TILE))).mean[0], (x, y))
                       for y in range(0, img.height, TILE) for x in range(0, img.width, TILE))
    hint = f"{case}: if the change is intended, UPDATE_GOLDEN=1 pytest tests/render"
    assert mean < GOLDEN_MEAN, f"mean difference {mean:.2f}. {hint}"
    assert worst < GOLDEN_TILE, f"tile at {where} differs by {worst:.1f}. {hint}"
