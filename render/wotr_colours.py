"""War of the Ring's colours, in one module so the PNG palette (render.common.fixed_palette) holds each of
them exactly: nations, sides, the map's sea and borders, markers and highlights."""
from __future__ import annotations

NATION = {"dwarves": (150, 80, 40), "elves": (40, 140, 100), "gondor": (50, 90, 180), "north": (30, 140, 160),
          "rohan": (110, 150, 40), "isengard": (200, 160, 30), "sauron": (170, 35, 35),
          "southrons": (140, 60, 150)}


def _light(c, k: float = 0.55):
    return tuple(round(v + (255 - v) * k) for v in c)


NATION_LIGHT = {n: _light(c) for n, c in NATION.items()}   # the nations' areas
NEUTRAL = (226, 218, 196)                                  # an area of no nation
FP_INK, SH_INK = (36, 80, 150), (150, 30, 30)
SIDE_INK = {"free_peoples": FP_INK, "shadow": SH_INK}
PROGRESS, RING, REVEALED = (40, 110, 60), (226, 170, 20), (226, 110, 40)
HEADER_BG, HEADER_INK = (40, 44, 52), (244, 236, 214)
HAND_BG = (230, 226, 240)
SEA, COAST = (168, 194, 212), (70, 100, 130)
BORDER, IMPASSABLE = (128, 116, 92), (52, 40, 30)
NAZGUL = (20, 20, 24)
LAST_MOVE, FOCUS = (255, 255, 255), (240, 180, 0)
