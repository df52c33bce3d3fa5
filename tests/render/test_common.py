"""The shared drawing helpers of render/common.py."""
from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageDraw

from render.common import PANEL_EDGE, encode_png, fit_text, flow_chips, font, text_panel


def _width(fitted) -> float:
    return max(font(fitted.size, fitted.weight).getlength(line) for line in fitted.lines)


def test_fit_text_keeps_the_largest_size_that_fits():
    short = fit_text("Rohan", 200, 30, 16, 9, "bold", 1)
    assert short.lines == ("Rohan",) and short.size == 16
    long = fit_text("Troll des cavernes", 90, 20, 16, 8, "bold", 1)
    assert long.lines == ("Troll des cavernes",) and long.size < 16 and _width(long) <= 90
    assert font(long.size + 1, "bold").getlength("Troll des cavernes") > 90     # the next size up would not fit


def test_fit_text_wraps_then_ellipsizes():
    wrapped = fit_text("Gwaihir, Seigneur des Vents", 110, 40, 16, 9, "bold", 2)
    assert len(wrapped.lines) == 2 and _width(wrapped) <= 110 and wrapped.height <= 40
    cut = fit_text("Les Ténèbres du Mordor et encore bien plus loin", 40, 12, 14, 9, "regular", 1)
    assert len(cut.lines) == 1 and cut.lines[0].endswith("…") and _width(cut) <= 40


def test_text_panel_stays_inside_its_box():
    img = Image.new("RGB", (400, 200), (0, 0, 0))
    text_panel(ImageDraw.Draw(img), (20, 20, 220, 120), "Journal",
               ["Sauron moves s3 from Gondor to Rohan.", "La Communauté l'emporte !"] * 10)
    inside = img.crop((20, 20, 221, 121))
    assert inside.getbbox() is not None
    outside = img.copy()
    outside.paste((0, 0, 0), (20, 20, 221, 121))
    assert outside.getbbox() is None


def test_flow_chips_wrap_and_stop_at_max_y():
    img = Image.new("RGB", (300, 200), (255, 255, 255))
    draw = ImageDraw.Draw(img)
    one_row = flow_chips(draw, 10, 10, 290, ["1", "2"], fill=(255, 255, 255), edge=(0, 0, 0), ink=(0, 0, 0))
    many = flow_chips(draw, 10, 40, 290, ["Noble Sacrifice"] * 12, fill=(255, 255, 255), edge=(0, 0, 0),
                      ink=(0, 0, 0), max_y=120)
    assert one_row < 40 and 60 < many <= 120
    below = img.crop((0, 121, 300, 200))
    assert ImageChops.difference(below, Image.new("RGB", below.size, (255, 255, 255))).getbbox() is None


def test_encode_png_round_trip():
    """A named colour comes back exact (fixed palette); any other colour within half a step of the
    palette's 6x6x6 spread; without palette, exact."""
    img = Image.new("RGB", (64, 32), PANEL_EDGE)
    img.paste((30, 120, 200), (32, 0, 64, 32))
    back = Image.open(io.BytesIO(encode_png(img))).convert("RGB")
    assert back.size == (64, 32) and back.getpixel((5, 5)) == PANEL_EDGE
    assert all(abs(a - b) <= 26 for a, b in zip(back.getpixel((40, 5)), (30, 120, 200)))
    exact = Image.open(io.BytesIO(encode_png(img, palette=False)))
    assert exact.mode == "RGB" and exact.getpixel((40, 5)) == (30, 120, 200)
