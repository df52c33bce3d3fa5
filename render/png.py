"""PNG files joined from bands of rows compressed apart, so that rows several images share are
compressed once.

The Card Game sends one action's table to up to five readers; their boards differ only in a few bands
of rows (the header, the reader's name, their hand), and zlib was a third of each board's time. A band
is a paletted image's rows (each after the "no filter" byte) as raw deflate ending with a full flush: a
byte-aligned end and no reference back into earlier data, so bands compressed at different times join
into one valid zlib stream, whose Adler-32 is combined from the bands' own (zlib's adler32_combine).
"""
from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, "fastest" (the check bits make it a multiple of 31)
FINAL = zlib.compressobj(1, zlib.DEFLATED, -15).flush()  # an empty last block: the stream's end
ADLER_BASE = 65521


@dataclass(frozen=True)
class Band:
    """Some rows of a paletted image, ready to be joined into a PNG."""
    width: int
    height: int
    deflated: bytes  # raw deflate, ended by a full flush
    adler: int  # Adler-32 of the uncompressed rows
    size: int  # length of the uncompressed rows


def bands(img: Image.Image, spans: Sequence[tuple[int, int]], level: int = 1) -> list[Band]:
    """Rows y0 to y1 (excluded) of `img` (mode P) as a band, for each (y0, y1) of `spans`. Level 1, as
    docs/platform-figures.md measured for boards."""
    assert img.mode == "P", img.mode
    rows = Image.new("P", (img.width + 1, img.height), 0)
    rows.paste(img, (1, 0))  # column 0 is each row's filter byte: 0, none
    raw, stride = memoryview(rows.tobytes()), img.width + 1
    out = []
    for y0, y1 in spans:
        part = raw[y0 * stride:y1 * stride]
        compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
        out.append(Band(img.width, y1 - y0, compressor.compress(part) + compressor.flush(zlib.Z_FULL_FLUSH),
                        zlib.adler32(part), len(part)))
    return out


def adler32_combine(first: int, second: int, second_size: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's (zlib's adler32_combine)."""
    rem = second_size % ADLER_BASE
    low = (first & 0xFFFF) + (second & 0xFFFF) + ADLER_BASE - 1
    high = (rem * (first & 0xFFFF)) % ADLER_BASE + (first >> 16) + (second >> 16) + ADLER_BASE - rem
    return (low % ADLER_BASE) | ((high % ADLER_BASE) << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def join(bands: Sequence[Band], palette: Image.Image) -> bytes:
    """One paletted PNG of `bands` top to bottom (all of one width), coloured by `palette`'s palette."""
    width = bands[0].width
    assert all(b.width == width for b in bands)
    adler = 1  # the Adler-32 of nothing
    for b in bands:
        adler = adler32_combine(adler, b.adler, b.size)
    header = struct.pack(">IIBBBBB", width, sum(b.height for b in bands), 8, 3, 0, 0, 0)  # 8-bit palette
    stream = b"".join([ZLIB_HEADER, *(b.deflated for b in bands), FINAL, struct.pack(">I", adler)])
    return b"".join([SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", bytes(palette.getpalette() or [])),
                     _chunk(b"IDAT", stream), _chunk(b"IEND", b"")])
