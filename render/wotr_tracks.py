"""War of the Ring's tracks drawn as tracks, in a band BAND_W px wide under the map (docs/wotr.md, "The board
picture"): the Fellowship track (progress P, corruption C) and the Mordor track, the political track (each
nation's marker on its step, filled when active, hollow when passive), the Hunt box with its dice, the
dice left, victory points, Elven rings, cards in hand and, in the viewer's own view, their hand.

Only what the view says is drawn; fonts are 16 px and more so the band reads at Discord's 550 px.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from cards.wotr import load
from i18n import t
from present import wotr as names
from render.common import INK, MUTED, PANEL, PANEL_EDGE, WHITE, Canvas, draw_text, flow_chips
from render.common import _width as text_width
from render.wotr_colours import HAND_BG, HEADER_BG, HEADER_INK, NATION, PROGRESS, RING, SH_INK, SIDE_INK

if TYPE_CHECKING:
    from engine.wotr.types import WotrView

BAND_W = 900
HEADER_H = 56



def _x(key: str, lang: str, **params) -> str:
    return t(f"wotr_map.{key}", lang, **params)


def status_lines(view: WotrView, lang: str) -> list[str]:
    """The header's words: turn and phase, then whom the game waits for and what for (or the result)."""
    try:
        status = names.status(view, lang).split("\n")
    except Exception:          # a malformed view spoils the header's words only (render.common.section)
        logging.getLogger(__name__).exception("the status of a view failed")
        return ["?"]
    return status[:1] if view["result"] else status[:2]


def header(cv: Canvas, lines: list[str], y0: int, width: int) -> None:
    cv.draw.rectangle((0, y0, width, y0 + HEADER_H), fill=HEADER_BG)
    cv.text("header", (12, y0 + 3, width - 12, y0 + 27), lines[0], HEADER_INK, 20, 14, "bold", align="left")
    if len(lines) > 1:
        cv.text("header", (12, y0 + 29, width - 12, y0 + 53), lines[1], HEADER_INK, 18, 13, align="left")


def _title(cv: Canvas, x: float, y: float, text: str, width: float) -> None:
    cv.text("track", (x, y, x + width, y + 22), text, INK, 18, 12, "bold", align="left")


def _track(cv: Canvas, x0: float, y0: float, cells: int, w: float, marks: dict[int, list[tuple[str, tuple]]]) -> None:
    """Numbered cells 0..cells-1 with lettered discs on some of them."""
    d = cv.draw
    for i in range(cells):
        cx = x0 + i * w
        d.rectangle((cx, y0, cx + w - 3, y0 + 50), fill=PANEL, outline=PANEL_EDGE)
        draw_text(d, (cx + 3, y0 + 1), str(i), MUTED, 16)
    for i, cell in marks.items():
        i = max(0, min(cells - 1, i))
        for j, (mark, colour) in enumerate(cell):
            cx, cy = x0 + i * w + w / 2 - 1 + (j - (len(cell) - 1) / 2) * 21, y0 + 33
            d.ellipse((cx - 10, cy - 10, cx + 10, cy + 10), fill=colour, outline=WHITE, width=2)
            draw_text(d, (cx, cy), mark, WHITE, 15, "bold", "mm")
            cv.labels.append(("marker", f"{mark}{i}"))


def _fellowship(cv: Canvas, view: WotrView, x0: float, y0: float) -> None:
    f = view["fellowship"]
    lang = cv.lang
    _title(cv, x0, y0, _x("fellowship_track", lang), 13 * 44)
    marks: dict[int, list] = {}
    marks.setdefault(int(f.get("progress") or 0), []).append(("P", PROGRESS))
    marks.setdefault(int(f.get("corruption") or 0), []).append(("C", SH_INK))
    _track(cv, x0, y0 + 22, 13, 44, marks)
    mx = x0 + 13 * 44 + 14
    _title(cv, mx, y0, _x("mordor_track", lang), 6 * 44)
    step = f.get("mordor")
    _track(cv, mx, y0 + 22, 6, 44, {step: [("F", RING)]} if isinstance(step, int) else {})


ARTICLES = {"the", "le", "la", "les"}


def _abbrev(nation: str, lang: str) -> str:
    """Two letters of the nation's name, past an article ("The North": "No")."""
    words = [w for w in names.name(nation, lang).split() if w.lower() not in ARTICLES]
    return (words or [nation])[0][:2]


def _politics(cv: Canvas, view: WotrView, x0: float, y0: float) -> None:
    """Four boxes, 3 steps from war down to "at war"; a nation's disc sits on its step (hollow: passive)."""
    lang, d = cv.lang, cv.draw
    _title(cv, x0, y0, _x("politics", lang), 4 * 132 - 6)
    w = 132
    for step in range(4):
        bx = x0 + (3 - step) * w
        d.rectangle((bx, y0 + 22, bx + w - 4, y0 + 112), fill=PANEL, outline=PANEL_EDGE)
        draw_text(d, (bx + 4, y0 + 23), _x("at_war", lang) if step == 0 else str(step), MUTED, 16)
    slots: dict[tuple[int, str], int] = {}
    for nation, p in sorted(view["politics"].items()):
        step = max(0, min(3, int(p.get("step") or 0)))
        side = p.get("side") or load().nations[nation].side
        i = slots.get((step, side), 0)
        slots[(step, side)] = i + 1
        cx = x0 + (3 - step) * w + 18 + i * 31
        cy = y0 + 60 + (0 if side == "free_peoples" else 34)
        colour = NATION.get(nation, INK)
        active = bool(p.get("active"))
        d.ellipse((cx - 15, cy - 15, cx + 15, cy + 15), fill=colour if active else WHITE, outline=colour, width=3)
        draw_text(d, (cx, cy), _abbrev(nation, lang), WHITE if active else colour, 15, "bold", "mm")
        cv.labels.append(("politics", f"{names.name(nation, lang)} {step} {'active' if active else 'passive'}"))


def _hunt(cv: Canvas, view: WotrView, x0: float, y0: float, x1: float) -> None:
    lang, d = cv.lang, cv.draw
    h = view["hunt"]
    box = h.get("box") or {}
    _title(cv, x0, y0, _x("hunt_box", lang), x1 - x0)
    d.rectangle((x0, y0 + 22, x1, y0 + 112), fill=PANEL, outline=PANEL_EDGE)
    x = x0 + 8
    for side in ("shadow", "free_peoples"):
        for _ in range(min(int(box.get(side) or 0), 10)):
            d.rounded_rectangle((x, y0 + 30, x + 26, y0 + 56), radius=4, fill=SIDE_INK[side], outline=WHITE)
            x += 30
    if x == x0 + 8:
        draw_text(d, (x, y0 + 32), _x("hunt_empty", lang), MUTED, 18)
    cv.labels.append(("hunt", f"box {box.get('shadow', 0)} {box.get('free_peoples', 0)}"))
    tiles = _x("hunt_tiles", lang, pool=len(h.get("pool") or []), drawn=len(h.get("drawn") or []))
    cv.text("hunt", (x0 + 8, y0 + 60, x1 - 6, y0 + 110), tiles, INK, 18, 13, max_lines=2, align="left")


def _dice(cv: Canvas, view: WotrView, x0: int, y0: int, x1: int) -> int:
    lang = cv.lang
    for side in names.SIDES:
        dice = view["dice"].get(side) or []
        title = _x(f"dice_{side}", lang, n=len(dice))
        cv.labels.append(("dice", title))
        draw_text(cv.draw, (x0, y0 + 15), title, SIDE_INK[side], 18, "bold", "lm")
        chips = [names.name(face, lang) for face in dice]
        cv.labels += [("die", c) for c in chips]
        chips_x = x0 + max(250, round(text_width(title, 18, "bold")) + 12)
        y0 = flow_chips(cv.draw, chips_x, y0, x1, chips, fill=WHITE, edge=SIDE_INK[side], ink=INK, size=18,
                        max_y=y0 + 64) + 6
    return y0


BAND_MAX = 460           # the band's height at most (its rows are cut where its drawing ends)
HAND_H = 66


def _scores(cv: Canvas, view: WotrView, x0: int, y0: int) -> None:
    """Victory points as a track (0-10), the Elven rings each side holds as rings, the cards in hand."""
    lang, d = cv.lang, cv.draw
    vp, rings = view["vp"], view["rings"]
    _title(cv, x0, y0, _x("vp", lang), 11 * 32)
    marks: dict[int, list] = {}
    for side in names.SIDES:
        n = int(vp.get(side) or 0)
        marks.setdefault(min(n, 10), []).append((side, _x(f"mark_{side}", lang)))
        cv.labels.append(("vp", f"{side} {n}"))
    for i in range(11):
        cx = x0 + i * 32
        d.rectangle((cx, y0 + 22, cx + 29, y0 + 62), fill=PANEL, outline=PANEL_EDGE)
        draw_text(d, (cx + 2, y0 + 23), str(i), MUTED, 13)
    for i, cell in marks.items():
        for j, (side, letter) in enumerate(cell):
            cx, cy = x0 + i * 32 + 8 + j * 13, y0 + 48
            d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=SIDE_INK[side], outline=WHITE)
            draw_text(d, (cx, cy), letter, WHITE, 11, "bold", "mm")
    rx = x0 + 11 * 32 + 16
    _title(cv, rx, y0, _x("rings", lang), 250)
    for k, side in enumerate(names.SIDES):
        n = int(rings.get(side) or 0)
        cv.labels.append(("rings", f"{side} {n}"))
        y = y0 + 24 + k * 20
        draw_text(d, (rx, y + 9), _x(f"side_{side}", lang), SIDE_INK[side], 15, "bold", "lm")
        for i in range(min(n, 3)):
            cx = rx + 140 + i * 22
            d.ellipse((cx - 8, y + 1, cx + 8, y + 17), outline=RING, width=4)
    sizes = names.side_hand_sizes(view)
    cx = rx + 240
    _title(cv, cx, y0, _x("cards_title", lang), BAND_W - 10 - cx)
    for k, side in enumerate(names.SIDES):
        words = _x("cards_side", lang, side=_x(f"side_{side}", lang), n=sizes[side])
        cv.text("cards", (cx, y0 + 24 + k * 20, BAND_W - 10, y0 + 42 + k * 20), words, SIDE_INK[side], 15, 11,
                align="left")


def _companions(cv: Canvas, view: WotrView, x0: int, y0: int, x1: int) -> None:
    """Who walks with the Ring-bearers (the map shows the Fellowship as one disc)."""
    lang = cv.lang
    f = view["fellowship"]
    companions = [names.name(c, lang) for c in f.get("companions") or []]
    words = _x("fellowship", lang, state=_x("hidden" if f.get("hidden") else "revealed", lang),
               guide=names.name(f.get("guide"), lang), companions=", ".join(companions) or _x("none", lang))
    cv.text("fellowship_line", (x0, y0, x1, y0 + 46), words, INK, 17, 12, max_lines=2, align="left")


def band(cv: Canvas, view: WotrView, y0: int) -> int:
    """The tracks, BAND_W wide from (0, y0), the same for every reader (no hand); returns where they end."""
    x1 = BAND_W - 10
    cv.draw.rectangle((0, y0, BAND_W, y0 + BAND_MAX), fill=WHITE)
    _fellowship(cv, view, 10, y0 + 6)
    _politics(cv, view, 10, y0 + 84)
    _hunt(cv, view, 10 + 4 * 132 + 10, y0 + 84, x1)
    _scores(cv, view, 10, y0 + 204)
    _companions(cv, view, 10, y0 + 272, x1)
    return _dice(cv, view, 10, y0 + 322, x1) + 4


def hand(cv: Canvas, cards: list[str], y0: int) -> None:
    """The viewer's hand, BAND_W x HAND_H from (0, y0) (a private view only)."""
    lang = cv.lang
    cv.draw.rectangle((0, y0, BAND_W, y0 + HAND_H), fill=WHITE)
    cv.draw.rounded_rectangle((6, y0, BAND_W - 6, y0 + HAND_H - 4), radius=6, fill=HAND_BG, outline=PANEL_EDGE)
    hand_names = [names.name(c, lang) for c in cards]
    cv.labels += [("hand", c) for c in hand_names]
    words = _x("hand", lang, n=len(cards), cards=" · ".join(hand_names) or _x("none", lang))
    cv.text("hand_line", (14, y0 + 2, BAND_W - 14, y0 + HAND_H - 6), words, INK, 18, 12, max_lines=2,
            align="left")
