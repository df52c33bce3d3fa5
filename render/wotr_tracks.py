"""War of the Ring's tracks drawn as tracks, in a band BAND_W px wide under the map (docs/wotr.md, "The board
picture"): the Fellowship track (progress P, corruption C) and the Mordor track, the political track (each
nation's marker on its step, filled when active, hollow when passive), the Hunt box with its dice, the
dice left, victory points, Elven rings, cards in hand and, in the viewer's own view, their hand.

Only what the view says is drawn; fonts are 16 px and more so the band reads at Discord's 550 px.
"""
from __future__ import annotations

from cards.wotr import load
from i18n import t
from present import wotr as names
from render.common import INK, MUTED, PANEL, PANEL_EDGE, WHITE, Canvas, draw_text, flow_chips
from render.wotr_colours import HAND_BG, HEADER_BG, HEADER_INK, NATION, PROGRESS, RING, SH_INK, SIDE_INK

BAND_W = 900
HEADER_H = 56



def _x(key: str, lang: str, **params) -> str:
    return t(f"wotr_map.{key}", lang, **params)


def header(cv: Canvas, view: dict, y0: int, width: int) -> None:
    """Turn and phase, then whom the game waits for and what for (or the result)."""
    cv.draw.rectangle((0, y0, width, y0 + HEADER_H), fill=HEADER_BG)
    status = names.status(view, cv.lang).split("\n")
    cv.text("header", (12, y0 + 3, width - 12, y0 + 27), status[0], HEADER_INK, 20, 14, "bold", align="left")
    if len(status) > 1 and not view.get("result"):
        cv.text("header", (12, y0 + 29, width - 12, y0 + 53), status[1], HEADER_INK, 18, 13, align="left")


def _title(cv: Canvas, x: float, y: float, text: str) -> None:
    cv.labels.append(("track", text))
    draw_text(cv.draw, (x, y), text, INK, 16, "bold")


def _track(cv: Canvas, x0: float, y0: float, cells: int, w: float, marks: dict[int, list[tuple[str, tuple]]]) -> None:
    """Numbered cells 0..cells-1 with lettered discs on some of them."""
    d = cv.draw
    for i in range(cells):
        cx = x0 + i * w
        d.rectangle((cx, y0, cx + w - 3, y0 + 46), fill=PANEL, outline=PANEL_EDGE)
        draw_text(d, (cx + 3, y0 + 1), str(i), MUTED, 13)
    for i, cell in marks.items():
        i = max(0, min(cells - 1, i))
        for j, (mark, colour) in enumerate(cell):
            cx, cy = x0 + i * w + w / 2 - 1 + (j - (len(cell) - 1) / 2) * 12, y0 + 28
            d.ellipse((cx - 12, cy - 12, cx + 12, cy + 12), fill=colour, outline=WHITE, width=2)
            draw_text(d, (cx, cy), mark, WHITE, 15, "bold", "mm")
            cv.labels.append(("marker", f"{mark}{i}"))


def _fellowship(cv: Canvas, view: dict, x0: float, y0: float) -> None:
    f = view.get("fellowship") or {}
    lang = cv.lang
    _title(cv, x0, y0, _x("fellowship_track", lang))
    marks: dict[int, list] = {}
    marks.setdefault(int(f.get("progress") or 0), []).append(("P", PROGRESS))
    marks.setdefault(int(f.get("corruption") or 0), []).append(("C", SH_INK))
    _track(cv, x0, y0 + 20, 13, 44, marks)
    mx = x0 + 13 * 44 + 14
    _title(cv, mx, y0, _x("mordor_track", lang))
    step = f.get("mordor")
    _track(cv, mx, y0 + 20, 6, 44, {step: [("F", RING)]} if isinstance(step, int) else {})


def _abbrev(nation: str, lang: str) -> str:
    return names.name(nation, lang)[:2]


def _politics(cv: Canvas, view: dict, x0: float, y0: float) -> None:
    """Four boxes, 3 steps from war down to "at war"; a nation's disc sits on its step (hollow: passive)."""
    lang, d = cv.lang, cv.draw
    _title(cv, x0, y0, _x("politics", lang))
    w = 132
    for step in range(4):
        bx = x0 + (3 - step) * w
        d.rectangle((bx, y0 + 20, bx + w - 4, y0 + 102), fill=PANEL, outline=PANEL_EDGE)
        draw_text(d, (bx + 4, y0 + 21), _x("at_war", lang) if step == 0 else str(step), MUTED, 13)
    slots: dict[tuple[int, str], int] = {}
    for nation, p in sorted((view.get("politics") or {}).items()):
        step = max(0, min(3, int(p.get("step") or 0)))
        side = p.get("side") or load().nations[nation].side
        i = slots.get((step, side), 0)
        slots[(step, side)] = i + 1
        cx = x0 + (3 - step) * w + 18 + i * 31
        cy = y0 + 52 + (0 if side == "free_peoples" else 32)
        colour = NATION.get(nation, INK)
        active = bool(p.get("active"))
        d.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), fill=colour if active else WHITE, outline=colour, width=3)
        draw_text(d, (cx, cy), _abbrev(nation, lang), WHITE if active else colour, 14, "bold", "mm")
        cv.labels.append(("politics", f"{names.name(nation, lang)} {step} {'active' if active else 'passive'}"))


def _hunt(cv: Canvas, view: dict, x0: float, y0: float, x1: float) -> None:
    lang, d = cv.lang, cv.draw
    h = view.get("hunt") or {}
    box = h.get("box") or {}
    _title(cv, x0, y0, _x("hunt_box", lang))
    d.rectangle((x0, y0 + 20, x1, y0 + 102), fill=PANEL, outline=PANEL_EDGE)
    x = x0 + 8
    for side in ("shadow", "free_peoples"):
        for _ in range(min(int(box.get(side) or 0), 10)):
            d.rounded_rectangle((x, y0 + 28, x + 24, y0 + 52), radius=4, fill=SIDE_INK[side], outline=WHITE)
            x += 28
    if x == x0 + 8:
        draw_text(d, (x, y0 + 30), _x("hunt_empty", lang), MUTED, 15)
    cv.labels.append(("hunt", f"box {box.get('shadow', 0)} {box.get('free_peoples', 0)}"))
    tiles = _x("hunt_tiles", lang, pool=len(h.get("pool") or []), drawn=len(h.get("drawn") or []))
    cv.text("hunt", (x0 + 8, y0 + 58, x1 - 6, y0 + 100), tiles, INK, 16, 12, max_lines=2, align="left")


def _dice(cv: Canvas, view: dict, x0: int, y0: int, x1: int) -> int:
    lang = cv.lang
    for side in names.SIDES:
        dice = (view.get("dice") or {}).get(side) or []
        title = _x(f"dice_{side}", lang, n=len(dice))
        cv.labels.append(("dice", title))
        draw_text(cv.draw, (x0, y0 + 15), title, SIDE_INK[side], 16, "bold", "lm")
        chips = [names.name(face, lang) for face in dice]
        cv.labels += [("die", c) for c in chips]
        y0 = flow_chips(cv.draw, x0 + 190, y0, x1, chips, fill=WHITE, edge=SIDE_INK[side], ink=INK, size=15,
                        max_y=y0 + 56) + 6
    return y0


def band_height(view: dict) -> int:
    return 330 + (60 if (view.get("cards") or {}).get("hand") is not None else 0)


def band(cv: Canvas, view: dict, y0: int) -> None:
    """The tracks, BAND_W wide from (0, y0), band_height(view) high."""
    lang, x1 = cv.lang, BAND_W - 10
    cv.draw.rectangle((0, y0, BAND_W, y0 + band_height(view)), fill=WHITE)
    _fellowship(cv, view, 10, y0 + 6)
    _politics(cv, view, 10, y0 + 80)
    _hunt(cv, view, 10 + 4 * 132 + 10, y0 + 80, x1)
    y = _dice(cv, view, 10, y0 + 190, x1)
    vp, rings = view.get("vp") or {}, view.get("rings") or {}
    sizes = names.side_hand_sizes(view)
    line = _x("scores", lang, fp_vp=vp.get("free_peoples", 0), sh_vp=vp.get("shadow", 0),
              fp_rings=rings.get("free_peoples", 0), sh_rings=rings.get("shadow", 0),
              fp_cards=sizes["free_peoples"], sh_cards=sizes["shadow"])
    cv.text("scores", (10, y + 2, x1, y + 50), line, INK, 17, 13, max_lines=2, align="left")
    hand = (view.get("cards") or {}).get("hand")
    if hand is not None:
        hy = y0 + band_height(view) - 64
        cv.draw.rounded_rectangle((6, hy, BAND_W - 6, hy + 60), radius=6, fill=HAND_BG, outline=PANEL_EDGE)
        hand_names = [names.name(c, lang) for c in hand]
        cv.labels += [("hand", c) for c in hand_names]
        words = _x("hand", lang, n=len(hand), cards=" · ".join(hand_names) or names.name("none", lang))
        cv.text("hand_line", (14, hy + 2, BAND_W - 14, hy + 58), words, INK, 16, 11, max_lines=2, align="left")
