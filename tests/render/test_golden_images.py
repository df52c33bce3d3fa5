"""The golden-image comparison (tests/render/golden_images.py) lets through what another Pillow or FreeType
build changes (a pixel's shift, softer anti-aliasing) and catches a change of the picture."""
from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageFilter

from render import confrontation as rc
from tests.render import samples
from tests.render.golden_images import GOLDEN_MEAN, GOLDEN_TILE, difference


@pytest.fixture(scope="module")
def board() -> Image.Image:
    return rc.board_image(samples.mid_game(None), "en").convert("RGB")


def _matches(img: Image.Image, golden: Image.Image) -> bool:
    mean, worst, _ = difference(img, golden)
    return mean < GOLDEN_MEAN and worst < GOLDEN_TILE


def test_a_picture_moved_by_a_pixel_and_anti_aliased_otherwise_matches(board):
    softer = board.filter(ImageFilter.GaussianBlur(0.5))
    assert _matches(ImageChops.offset(board, 1, 0), board)
    assert _matches(softer, board)
    assert _matches(ImageChops.offset(softer, 0, 1), board)
    assert difference(board, board)[:2] == (0.0, 0.0)


def test_a_missing_piece_fails(board):
    view = samples.mid_game(None)
    assert view["pieces"][0] == {**view["pieces"][0], "token": "f1", "region": "the_shire"}
    view["pieces"].pop(0)
    without = rc.board_image(view, "en").convert("RGB")
    assert not _matches(without, board) and not _matches(board, without)


def test_a_changed_number_fails(board):
    view = samples.mid_game(None)
    view["turn_number"] += 1
    assert not _matches(rc.board_image(view, "en").convert("RGB"), board)
