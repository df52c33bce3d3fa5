"""A small bar chart for /lotr stats: one row per game, its bar split into coloured parts (finished,
abandoned; or won, lost), the counts written on the parts and a note after the bar. The words come
translated from the caller; nothing here counts."""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from render.common import INK, MUTED, PAPER, Canvas, Colour, draw_text, encode_png, font

W = 640
TITLE_H, ROW_H, LEGEND_H, PAD = 44, 54, 34, 16
LABEL_W = 170
BAR_X0, BAR_X1 = PAD + LABEL_W, W - PAD
BAR_H = 22

GOOD: Colour = (64, 128, 80)
BAD: Colour = (168, 72, 60)
NEUTRAL: Colour = (150, 140, 124)


@dataclass
class Row:
    label: str
    parts: list[tuple[int, Colour]]   # (count, colour), drawn left to right
    note: str = ""                    # under the bar, e.g. the wins per side


def draw_chart(title: str, rows: list[Row], legend: list[tuple[str, Colour]]) -> bytes:
    height = TITLE_H + ROW_H * max(1, len(rows)) + LEGEND_H
    cv = Canvas(Image.new("RGB", (W, height), PAPER), "")
    draw = cv.draw
    cv.text("title", (PAD, 8, W - PAD, TITLE_H - 6), title, INK, 22, weight="bold", align="left")
    most = max((sum(n for n, _ in row.parts) for row in rows), default=0) or 1
    for i, row in enumerate(rows):
        y = TITLE_H + i * ROW_H
        cv.text("label", (PAD, y, PAD + LABEL_W - 8, y + ROW_H - 6), row.label, INK, 16, min_size=11,
                max_lines=2, align="left")
        x = BAR_X0
        for count, colour in row.parts:
            width = round((BAR_X1 - BAR_X0) * count / most)
            if width <= 0:
                continue
            draw.rectangle((x, y + 2, x + width - 1, y + 2 + BAR_H), fill=colour)
            if width >= 26:
                draw_text(draw, (x + width / 2, y + 2 + BAR_H / 2), str(count), (255, 255, 255), 14, "bold", "mm")
            x += width
        cv.text("note", (BAR_X0, y + BAR_H + 6, BAR_X1, y + ROW_H - 2), row.note, MUTED, 13, min_size=10,
                align="left")
    x = PAD
    y = height - LEGEND_H + 8
    for text, colour in legend:
        draw.rectangle((x, y + 2, x + 14, y + 16), fill=colour)
        cv.labels.append(("legend", text))
        draw_text(draw, (x + 20, y), text, INK, 14)
        x += 40 + round(font(14).getlength(text))
    return encode_png(cv.img, palette=False, compress_level=6)
