"""War of the Ring's tracks drawn as tracks, in a band BAND_W px wide under the map (docs/wotr.md, "The board
picture"): the Fellowship track (progress P, corruption C) and the Mordor track, the political track (each
nation's marker on its step, filled when active, hollow when passive), the Hunt box with its dice, the
dice left, victory points, Elven rings, cards in hand and, in the viewer's own view, their hand.

Only what the view says is drawn; no text is under 20 px, so the band reads at Discord's 550 px (12 px).
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


TEXT = 20   # the least text size here: 12 px once the 900 px picture shows 550 px wide (Discord's inline width)


def header(cv: Canvas, lines: list[str], y0: int, width: int) -> None:
    cv.draw.rectangle((0, y0, width, y0 + HEADER_H), fill=HEADER_BG)
    cv.text("header", (12, y0 + 3, width - 12, y0 + 27), lines[0], HEADER_INK, TEXT, TEXT, "bold", align="left")
    if len(lines) > 1:
        cv.text("header", (12, y0 + 29, width - 12, y0 + 53), lines[1], HEADER_INK, TEXT, TEXT, align="left")


def _title(cv: Canvas, x: float, y: float, text: str, width: float) -> None:
    cv.text("track", (x, y, x + width, y + 24), text, INK, TEXT, TEXT, "bold", align="left")


def _disc(cv: Canvas, cx: float, cy: float, r: float, mark: str, colour, filled: bool = True) -> None:
    cv.draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour if filled else WHITE,
                    outline=WHITE if filled else colour, width=2 if filled else 3)
    draw_text(cv.draw, (cx, cy), mark, WHITE if filled else colour, TEXT, "bold", "mm")


CELL_H = 72      # a track's cell: its number over up to two markers, one above the other


def _track(cv: Canvas, x0: float, y0: float, cells: int, w: float, marks: dict[int, list[tuple[str, tuple]]]) -> None:
    """Numbered cells 0..cells-1 with lettered discs on some of them."""
    d = cv.draw
    for i in range(cells):
        cx = x0 + i * w
        d.rectangle((cx, y0, cx + w - 3, y0 + CELL_H), fill=PANEL, outline=PANEL_EDGE)
        draw_text(d, (cx + 3, y0 + 1), str(i), MUTED, TEXT)
    for i, cell in marks.items():
        i = max(0, min(cells - 1, i))
        for j, (mark, colour) in enumerate(cell[:2]):
            _disc(cv, x0 + i * w + (w - 3) / 2, y0 + 35 + j * 24, 12, mark, colour)
            cv.labels.append(("marker", f"{mark}{i}"))


def _fellowship(cv: Canvas, view: WotrView, x0: float, y0: float) -> None:
    f = view["fellowship"]
    lang = cv.lang
    _title(cv, x0, y0, _x("fellowship_track", lang), 13 * 44)
    marks: dict[int, list] = {}
    marks.setdefault(int(f.get("progress") or 0), []).append(("P", PROGRESS))
    marks.setdefault(int(f.get("corruption") or 0), []).append(("C", SH_INK))
    _track(cv, x0, y0 + 26, 13, 44, marks)
    mx = x0 + 13 * 44 + 14
    _title(cv, mx, y0, _x("mordor_track", lang), 6 * 44)
    step = f.get("mordor")
    _track(cv, mx, y0 + 26, 6, 44, {step: [("F", RING)]} if isinstance(step, int) else {})


ARTICLES = {"the", "le", "la", "les"}


def _abbrev(nation: str, lang: str) -> str:
    """Two letters of the nation's name, past an article ("The North": "No")."""
    words = [w for w in names.name(nation, lang).split() if w.lower() not in ARTICLES]
    return (words or [nation])[0][:2]


STEP_W = 220     # a political step's box: five discs side by side


def _politics(cv: Canvas, view: WotrView, x0: float, y0: float) -> None:
    """Four boxes, 3 steps from war down to "at war"; a nation's disc sits on its step (hollow: passive)."""
    lang, d = cv.lang, cv.draw
    _title(cv, x0, y0, _x("politics", lang), 4 * STEP_W - 4)
    for step in range(4):
        bx = x0 + (3 - step) * STEP_W
        d.rectangle((bx, y0 + 26, bx + STEP_W - 4, y0 + 126), fill=PANEL, outline=PANEL_EDGE)
        draw_text(d, (bx + 4, y0 + 27), _x("at_war", lang) if step == 0 else str(step), MUTED, TEXT)
    slots: dict[tuple[int, str], int] = {}
    for nation, p in sorted(view["politics"].items()):
        step = max(0, min(3, int(p.get("step") or 0)))
        side = p.get("side") or load().nations[nation].side
        i = slots.get((step, side), 0)
        slots[(step, side)] = i + 1
        cx = x0 + (3 - step) * STEP_W + 22 + i * 40
        cy = y0 + 68 + (0 if side == "free_peoples" else 38)
        active = bool(p.get("active"))
        _disc(cv, cx, cy, 18, _abbrev(nation, lang), NATION.get(nation, INK), active)
        cv.labels.append(("politics", f"{names.name(nation, lang)} {step} {'active' if active else 'passive'}"))


def _hunt(cv: Canvas, view: WotrView, x0: float, y0: float, x1: float) -> None:
    lang, d = cv.lang, cv.draw
    h = view["hunt"]
    box = h.get("box") or {}
    _title(cv, x0, y0, _x("hunt_box", lang), x1 - x0)
    d.rectangle((x0, y0 + 26, x1, y0 + CELL_H + 26), fill=PANEL, outline=PANEL_EDGE)
    x = x0 + 8
    for side in ("shadow", "free_peoples"):
        for _ in range(min(int(box.get(side) or 0), 12)):
            d.rounded_rectangle((x, y0 + 31, x + 24, y0 + 55), radius=4, fill=SIDE_INK[side], outline=WHITE)
            x += 28
    if x == x0 + 8:
        draw_text(d, (x, y0 + 31), _x("hunt_empty", lang), MUTED, TEXT)
    cv.labels.append(("hunt", f"box {box.get('shadow', 0)} {box.get('free_peoples', 0)}"))
    tiles = _x("hunt_tiles", lang, pool=len(h.get("pool") or []), drawn=len(h.get("drawn") or []))
    cv.text("hunt", (x0 + 8, y0 + 58, x1 - 6, y0 + CELL_H + 24), tiles, INK, TEXT, TEXT, align="left")


def _dice(cv: Canvas, view: WotrView, x0: int, y0: int, x1: int) -> int:
    lang = cv.lang
    for side in names.SIDES:
        dice = view["dice"].get(side) or []
        title = _x(f"dice_{side}", lang, n=len(dice))
        cv.labels.append(("dice", title))
        draw_text(cv.draw, (x0, y0 + 16), title, SIDE_INK[side], TEXT, "bold", "lm")
        chips = [names.name(face, lang) for face in dice]
        cv.labels += [("die", c) for c in chips]
        chips_x = x0 + max(290, round(text_width(title, TEXT, "bold")) + 12)
        y0 = flow_chips(cv.draw, chips_x, y0, x1, chips, fill=WHITE, edge=SIDE_INK[side], ink=INK, size=TEXT,
                        max_y=y0 + 72) + 6
    return y0


BAND_MAX = 660           # the band's height at most (its rows are cut where its drawing ends)
HAND_H = 66
HALF = 450               # the right column's left edge (the Hunt box and victory points, rings and cards)


def _vp(cv: Canvas, view: WotrView, x0: int, y0: int) -> None:
    """Victory points as a track (0-10)."""
    lang = cv.lang
    vp = view["vp"]
    _title(cv, x0, y0, _x("vp", lang), 11 * 40)
    marks: dict[int, list] = {}
    for side in names.SIDES:
        n = int(vp.get(side) or 0)
        marks.setdefault(min(n, 10), []).append((_x(f"mark_{side}", lang), SIDE_INK[side]))
        cv.labels.append(("vp", f"{side} {n}"))
    _track(cv, x0, y0 + 26, 11, 40, marks)


def _rings_and_cards(cv: Canvas, view: WotrView, x0: int, y0: int) -> None:
    """The Elven rings each side holds, as rings; the cards in each side's hand."""
    lang, d = cv.lang, cv.draw
    rings = view["rings"]
    _title(cv, x0, y0, _x("rings", lang), HALF - 20 - x0)
    for k, side in enumerate(names.SIDES):
        n = int(rings.get(side) or 0)
        cv.labels.append(("rings", f"{side} {n}"))
        y = y0 + 28 + k * 26
        draw_text(d, (x0, y + 11), _x(f"side_{side}", lang), SIDE_INK[side], TEXT, "bold", "lm")
        for i in range(min(n, 3)):
            cx = x0 + 190 + i * 28
            d.ellipse((cx - 10, y + 1, cx + 10, y + 21), outline=RING, width=4)
    sizes = names.side_hand_sizes(view)
    _title(cv, HALF, y0, _x("cards_title", lang), BAND_W - 10 - HALF)
    for k, side in enumerate(names.SIDES):
        words = _x("cards_side", lang, side=_x(f"side_{side}", lang), n=sizes[side])
        cv.text("cards", (HALF, y0 + 28 + k * 26, BAND_W - 10, y0 + 50 + k * 26), words, SIDE_INK[side], TEXT,
                TEXT, align="left")


def _companions(cv: Canvas, view: WotrView, x0: int, y0: int, x1: int) -> None:
    """Who walks with the Ring-bearers (the map shows the Fellowship as one disc)."""
    lang = cv.lang
    f = view["fellowship"]
    companions = [names.name(c, lang) for c in f.get("companions") or []]
    words = _x("fellowship", lang, state=_x("hidden" if f.get("hidden") else "revealed", lang),
               guide=names.name(f.get("guide"), lang), companions=", ".join(companions) or _x("none", lang))
    cv.text("fellowship_line", (x0, y0, x1, y0 + 50), words, INK, TEXT, TEXT, max_lines=2, align="left")


def band(cv: Canvas, view: WotrView, y0: int) -> int:
    """The tracks, BAND_W wide from (0, y0), the same for every reader (no hand); returns where they end.
    No text under TEXT px."""
    x1 = BAND_W - 10
    cv.draw.rectangle((0, y0, BAND_W, y0 + BAND_MAX), fill=WHITE)
    _fellowship(cv, view, 10, y0 + 6)
    _politics(cv, view, 10, y0 + 110)
    _hunt(cv, view, 10, y0 + 244, HALF - 20)
    _vp(cv, view, HALF, y0 + 244)
    _rings_and_cards(cv, view, 10, y0 + 350)
    _companions(cv, view, 10, y0 + 434, x1)
    return _dice(cv, view, 10, y0 + 490, x1) + 4


def hand(cv: Canvas, cards: list[str], y0: int) -> None:
    """The viewer's hand, BAND_W x HAND_H from (0, y0) (a private view only)."""
    lang = cv.lang
    cv.draw.rectangle((0, y0, BAND_W, y0 + HAND_H), fill=WHITE)
    cv.draw.rounded_rectangle((6, y0, BAND_W - 6, y0 + HAND_H - 4), radius=6, fill=HAND_BG, outline=PANEL_EDGE)
    hand_names = [names.name(c, lang) for c in cards]
    cv.labels += [("hand", c) for c in hand_names]
    words = _x("hand", lang, n=len(cards), cards=" · ".join(hand_names) or _x("none", lang))
    cv.text("hand_line", (14, y0 + 2, BAND_W - 14, y0 + HAND_H - 6), words, INK, TEXT, TEXT, max_lines=2,
            align="left")
