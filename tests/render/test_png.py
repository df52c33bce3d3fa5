"""PNG files joined from bands compressed apart (render/png.py): any cut gives the same pixels."""
from __future__ import annotations

import io
import random
import zlib

import pytest
from PIL import Image, ImageDraw

from render import png
from render.common import fixed_palette


def _picture() -> Image.Image:
    """A paletted picture with flat areas, text and noise (so that deflate finds both runs and none)."""
    rng = random.Random(5)
    img = Image.new("RGB", (301, 97), (46, 58, 52))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((10, 5, 290, 60), radius=8, fill=(226, 218, 196), outline=(214, 170, 40), width=3)
    draw.text((20, 20), "Aragorn · threat 29", fill=(34, 30, 26))
    for _ in range(2000):
        img.putpixel((rng.randrange(301), rng.randrange(62, 97)), tuple(rng.randrange(256) for _ in range(3)))
    return img.quantize(palette=fixed_palette("render.common"), dither=Image.Dither.NONE)


def test_adler32_combine_is_the_checksum_of_the_joined_bytes():
    rng = random.Random(2)
    for _ in range(300):
        first = rng.randbytes(rng.randrange(0, 200))
        second = rng.randbytes(rng.randrange(0, 200)) * rng.choice([1, 700])  # past the modulus 65521
        assert png.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == \
            zlib.adler32(first + second)


@pytest.mark.parametrize("cuts", [[0, 97], [0, 1, 97], [0, 30, 30, 62, 96, 97], [0, *range(1, 97, 7), 97]])
def test_bands_joined_decode_to_the_picture_wherever_it_is_cut(cuts):
    picture = _picture()
    spans = list(zip(cuts, cuts[1:]))
    # Each band compressed on its own, as pieces kept from different drawings are.
    bands = [png.bands(picture, [span])[0] for span in spans]
    assert png.bands(picture, spans) == bands
    data = png.join(bands, picture)
    decoded = Image.open(io.BytesIO(data))
    decoded.load()  # Pillow checks the chunks' CRCs; zlib below checks the stream's Adler-32
    assert decoded.mode == "P" and decoded.size == picture.size
    assert decoded.tobytes() == picture.tobytes()
    assert decoded.convert("RGB").tobytes() == picture.convert("RGB").tobytes()
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    assert len(zlib.decompress(idat)) == (picture.width + 1) * picture.height


def test_a_band_from_another_picture_joins_in_its_place():
    """The Card Game's reader's name line: the same rows, drawn again, replace the kept ones."""
    picture, other = _picture(), _picture().rotate(180)
    spans = [(0, 40), (40, 60), (60, 97)]
    kept = png.bands(picture, spans)
    swapped = png.bands(other, spans)[1]
    decoded = Image.open(io.BytesIO(png.join([kept[0], swapped, kept[2]], picture)))
    expected = picture.copy()
    expected.paste(other.crop((0, 40, 301, 60)), (0, 40))
    assert decoded.tobytes() == expected.tobytes()
