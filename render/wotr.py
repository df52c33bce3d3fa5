"""War of the Ring: a schematic map and the game's tracks drawn from an engine view (docs/wotr.md).

Layout (1500 px wide): a header (turn, phase, what the game waits for, or the result); on the left the
map, each region a disc at its printed position (`pos`) in its nation's colour, joined to its
neighbours, settlements as squares (a town small, a city larger, a stronghold framed twice; a captured
one crossed in its captor's colour, a besieged one ringed in the besiegers' colour), army counts per
nation beside the region (regular·elite·leader), Nazgûl, characters as lettered badges, the Fellowship's figure with its progress; a zoomed inset of
Gondor and Mordor where pieces crowd. On the right: the Fellowship (progress, corruption, guide,
companions), the Mordor track, the Hunt box and tiles, the unused dice, the political track, victory
points, cards, the characters' places and, in a private view, the viewer's hand.

Only what the view says is drawn; nothing here knows a rule. Speed: everything that no view changes (the
map, its names and settlements, the inset, the empty tracks) is drawn once per language and copied; a
board draws only the pieces, markers and panels over it, then encodes with this module's fixed palette.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image

from cards.wotr import load
from i18n import t
from present import wotr as names
from render import wotr_focus as _focus
from render.common import (
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    WHITE,
    Canvas,
    encode_png,
    flow_chips,
    section,
    text_panel,
)

W, H = 1500, 1440
HEADER_H = 50
MAP = (10, HEADER_H + 8, 1010, 1000)              # the map's box
SIDE_Y1 = MAP[3]                                   # the right-hand column ends with the map
INSET = (10, MAP[3] + 8, 760, H - 10)             # zoomed Gondor and Mordor, under the map
INSET_AREA = (0.60, 0.575, 0.93, 0.845)            # the part of the printed map it shows (x0, y0, x1, y1)
BOTTOM_X0 = INSET[2] + 10                          # characters, cards and the hand, right of the inset
SIDE_X0 = MAP[2] + 12
NODE_R = 9
FELLOWSHIP_TRACK = (SIDE_X0, HEADER_H + 8, W - 10, HEADER_H + 72)  # the tracks' boxes, drawn empty once
MORDOR_TRACK = (SIDE_X0, HEADER_H + 80, SIDE_X0 + 230, HEADER_H + 130)

BG = (206, 196, 168)
SEA = (188, 204, 214)
HEADER_BG = (40, 44, 52)
HEADER_INK = (244, 236, 214)
EDGE = (150, 138, 112)
NEUTRAL = (226, 218, 196)
RING = (226, 170, 20)
PROGRESS = (40, 110, 60)                           # the Fellowship track's progress marker
FP_INK, SH_INK = (36, 80, 150), (150, 30, 30)


def _light(c, k: float = 0.55):
    return tuple(round(v + (255 - v) * k) for v in c)


NATION = {"dwarves": (150, 80, 40), "elves": (40, 140, 100), "gondor": (50, 90, 180), "north": (30, 140, 160),
          "rohan": (110, 150, 40), "isengard": (200, 160, 30), "sauron": (170, 35, 35),
          "southrons": (140, 60, 150)}
NATION_LIGHT = {n: _light(c) for n, c in NATION.items()}  # region discs; named so the PNG palette has them
INSET_SEA = (214, 222, 226)
SIDE_INK = {"free_peoples": FP_INK, "shadow": SH_INK}
CHAR_MARK = {"gandalf_grey": "Gg", "gandalf_white": "Gw", "strider": "St", "aragorn": "Ar", "boromir": "Bo",
             "legolas": "Le", "gimli": "Gi", "meriadoc": "Me", "peregrin": "Pe", "gollum": "Go",
             "saruman": "Sa", "witch_king": "WK", "mouth_of_sauron": "MS"}


def _x(key: str, lang: str, **params) -> str:
    return t(f"render_wotr.{key}", lang, **params)


def _place(pos, box, area=(0.16, 0.02, 0.95, 0.99)):
    """A printed-map position (fractions) inside `box`, showing `area` of the printed map."""
    x0, y0, x1, y1 = box
    ax0, ay0, ax1, ay1 = area
    return (x0 + (pos[0] - ax0) / (ax1 - ax0) * (x1 - x0), y0 + (pos[1] - ay0) / (ay1 - ay0) * (y1 - y0))


def _in(pos, area) -> bool:
    return area[0] <= pos[0] <= area[2] and area[1] <= pos[1] <= area[3]


def _inset_map() -> tuple[int, int, int, int]:
    return INSET[0] + 30, INSET[1] + 36, INSET[2] - 70, INSET[3] - 30


# --- the empty map ------------------------------------------------------------------------------------

def _draw_graph(cv: Canvas, box, area, r: int, label_all: bool) -> None:
    data = load()
    d = cv.draw
    where = {k: _place(g.pos, box, area) for k, g in data.regions.items() if label_all is False or _in(g.pos, area)}
    for k, g in data.regions.items():
        for n in g.adjacent:
            if k < n and k in where and n in where:
                d.line([where[k], where[n]], fill=EDGE, width=2 if label_all else 1)
    for k, (x, y) in where.items():
        g = data.regions[k]
        colour = NATION_LIGHT[g.nation] if g.nation else NEUTRAL
        d.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK if g.settlement else EDGE, width=1)
        s = {"town": r * 0.45, "city": r * 0.7, "stronghold": r * 0.7, "fortification": r * 0.45}.get(g.settlement)
        if s:
            fill = NATION[g.nation] if g.nation else MUTED
            d.rectangle((x - s, y - s, x + s, y + s), fill=fill, outline=INK)
            if g.settlement == "stronghold":
                d.rectangle((x - s - 3, y - s - 3, x + s + 3, y + s + 3), outline=INK, width=2)
        if label_all or g.settlement in ("city", "stronghold"):
            label = g.name.get(cv.lang)
            cv.text("region", (x - 70, y + r + 1, x + 70, y + r + 14), label, INK, 11 if label_all else 10, 8)


@lru_cache(maxsize=4)
def _empty(lang: str) -> tuple[Image.Image, tuple]:
    img = Image.new("RGB", (W, H), BG)
    cv = Canvas(img, lang)
    cv.draw.rounded_rectangle(MAP, radius=10, fill=SEA, outline=PANEL_EDGE, width=2)
    _draw_graph(cv, MAP, (0.16, 0.02, 0.95, 0.99), NODE_R, False)
    cv.draw.rounded_rectangle(INSET, radius=8, fill=INSET_SEA, outline=INK, width=2)
    _draw_graph(cv, _inset_map(), INSET_AREA, 13, True)
    cv.text("inset", (INSET[0] + 8, INSET[1] + 2, INSET[2] - 8, INSET[1] + 18), _x("inset", lang), INK, 13, 9,
            "bold", align="left")
    _track_grid(cv, FELLOWSHIP_TRACK, _x("fellowship_track", lang), 13)
    _track_grid(cv, MORDOR_TRACK, _x("mordor_track", lang), 6)
    return img, tuple(cv.labels)


# --- pieces -------------------------------------------------------------------------------------------

def _army_text(units: dict) -> str:
    parts = [units.get("regular", 0), units.get("elite", 0), units.get("leader", 0)]
    nazgul = units.get("nazgul", 0)
    words = ["·".join(str(n) for n in parts)] if any(parts) else []
    return " ".join(words + ([f"N{nazgul}"] if nazgul else []))


def _pieces_at(cv: Canvas, view: dict, box, area, r: int, only_inside: bool) -> None:
    data, d = load(), cv.draw
    badges: dict[str, list[str]] = {}
    for c, where in (view.get("characters") or {}).items():
        if where in data.regions:
            badges.setdefault(where, []).append(c)
    captured = view.get("captured") or {}
    regions = set(view.get("armies") or {}) | set(badges) | set(captured)
    f = view.get("fellowship") or {}
    if f.get("pos") in data.regions and f.get("mordor") is None:
        regions.add(f["pos"])
    for region in sorted(regions):
        g = data.regions.get(region)
        if g is None or (only_inside and not _in(g.pos, area)):
            continue
        x, y = _place(g.pos, box, area)
        besieged = (view.get("sieges") or {}).get(region)
        if besieged:       # a ring in the besiegers' colour around the besieged Stronghold
            ink = SIDE_INK["shadow" if besieged == "free_peoples" else "free_peoples"]
            d.ellipse((x - r - 5, y - r - 5, x + r + 5, y + r + 5), outline=ink, width=3)
        if region in captured:
            ink = SIDE_INK.get(captured[region], INK)
            d.line((x - r, y - r, x + r, y + r), fill=ink, width=3)
            d.line((x - r, y + r, x + r, y - r), fill=ink, width=3)
        lines = [(n, _army_text(u)) for n, u in sorted((view.get("armies") or {}).get(region, {}).items())]
        for i, (nation, text) in enumerate(lines):
            if text:
                size = 12 if r > NODE_R else 11
                box_ = (x + r + 2, y - r + i * (size + 2), x + r + 70, y - r + (i + 1) * (size + 2) + 1)
                cv.draw.rectangle((box_[0] - 1, box_[1], box_[0] + 7 * len(text) + 2, box_[3]), fill=WHITE)
                cv.text("army", box_, text, NATION.get(nation, INK), size, 8, "bold", align="left")
        for i, c in enumerate(badges.get(region, [])):
            bx, by = x - r - 2 - i * 19, y - r - 8
            ink = SIDE_INK["shadow" if data.characters[c].side == "shadow" else "free_peoples"]
            d.ellipse((bx - 9, by - 9, bx + 9, by + 9), fill=ink, outline=WHITE)
            cv.text("character", (bx - 9, by - 8, bx + 9, by + 8), CHAR_MARK.get(c, c[:2]), WHITE, 10, 7, "bold")
        if region == f.get("pos") and f.get("mordor") is None:
            _fellowship_figure(cv, f, x, y + r + (16 if r > NODE_R else 10))


def _fellowship_figure(cv: Canvas, f: dict, x: float, y: float) -> None:
    d = cv.draw
    fill = RING if f.get("hidden") else (220, 80, 40)
    d.ellipse((x - 12, y - 12, x + 12, y + 12), fill=fill, outline=INK, width=2)
    cv.text("fellowship", (x - 11, y - 9, x + 11, y + 9), str(f.get("progress", 0)), INK, 13, 9, "bold")


# --- header and side panels ---------------------------------------------------------------------------

def _header(cv: Canvas, view: dict) -> None:
    lang = cv.lang
    cv.draw.rectangle((0, 0, W, HEADER_H), fill=HEADER_BG)
    status = names.status(view, lang).split("\n")
    cv.text("header", (16, 4, W - 16, 26), status[0], HEADER_INK, 20, 11, "bold", align="left")
    if len(status) > 1 and not view.get("result"):
        cv.text("header", (16, 27, W - 16, 47), status[1], HEADER_INK, 15, 10, align="left")


def _track_grid(cv: Canvas, box, title: str, cells: int) -> None:
    """A titled, numbered track 0..cells-1, empty (part of the cached empty board)."""
    x0, y0, x1, y1 = box
    cv.text("track", (x0, y0, x1, y0 + 16), title, INK, 13, 9, "bold", align="left")
    w = (x1 - x0) / cells
    for i in range(cells):
        cx = x0 + i * w
        cv.draw.rectangle((cx, y0 + 18, cx + w - 2, y1), fill=PANEL, outline=PANEL_EDGE)
        cv.draw.text((cx + 3, y0 + 19), str(i), fill=MUTED)


def _track_marks(cv: Canvas, box, cells: int, marks: dict[int, list[tuple[str, tuple]]]) -> None:
    """Lettered markers on some cells of a track drawn by _track_grid."""
    x0, y0, x1, _ = box
    w = (x1 - x0) / cells
    for i, cell in marks.items():
        if not 0 <= i < cells:
            continue
        cx = x0 + i * w
        for j, (mark, colour) in enumerate(cell):
            my = y0 + 34 + j * 14
            cv.draw.ellipse((cx + 3, my - 6, cx + w - 5, my + 7), fill=colour)
            cv.text("marker", (cx + 3, my - 6, cx + w - 5, my + 7), mark, WHITE, 10, 7, "bold")


def _side(cv: Canvas, view: dict) -> None:
    lang, x0, x1 = cv.lang, SIDE_X0, W - 10
    f = view.get("fellowship") or {}
    y = HEADER_H + 8
    progress = min(int(f.get("progress") or 0), 12)
    corruption = min(int(f.get("corruption") or 0), 12)
    marks: dict[int, list] = {}
    marks.setdefault(progress, []).append(("P", PROGRESS))
    marks.setdefault(corruption, []).append(("C", SH_INK))
    _track_marks(cv, FELLOWSHIP_TRACK, 13, marks)
    y += 72
    step = f.get("mordor")
    _track_marks(cv, MORDOR_TRACK, 6, {step: [("F", RING)]} if isinstance(step, int) else {})
    vp = view.get("vp") or {}
    cv.text("vp", (x0 + 245, y, x1, y + 28), _x("vp", lang, fp=vp.get("free_peoples", 0),
                                                 sh=vp.get("shadow", 0)), INK, 13, 10, "bold", 2, align="left")
    rings = view.get("rings") or {}
    cv.text("rings", (x0 + 245, y + 30, x1, y + 58), _x("rings", lang, fp=rings.get("free_peoples", 0),
                                                         sh=rings.get("shadow", 0)), INK, 13, 10, max_lines=2,
            align="left")
    y += 58
    text_panel(cv.draw, (x0, y, x1, y + 116), _x("fellowship", lang),
               names.fellowship_line(view, lang).split(" · "), size=12)
    cv.labels.append(("fellowship_panel", names.fellowship_line(view, lang)))
    y += 122
    h = view.get("hunt") or {}
    box = h.get("box") or {}
    hunt_lines = [_x("hunt_box", lang, sh=box.get("shadow", 0), fp=box.get("free_peoples", 0)),
                  _x("hunt_tiles", lang, pool=len(h.get("pool") or []), removed=len(h.get("removed") or [])),
                  _x("hunt_drawn", lang, tiles=", ".join(names.tile_label(x, lang) for x in h.get("drawn") or [])
                     or names.name("none", lang))]
    text_panel(cv.draw, (x0, y, x1, y + 84), _x("hunt", lang), hunt_lines, size=12)
    cv.labels += [("hunt", line) for line in hunt_lines]
    y += 90
    for side in names.SIDES:
        dice = (view.get("dice") or {}).get(side) or []
        cv.text("dice", (x0, y, x1, y + 16), _x(f"dice_{side}", lang, n=len(dice)), SIDE_INK[side], 13, 9,
                "bold", align="left")
        chips = [names.name(face, lang) for face in dice]
        cv.labels += [("die", c) for c in chips]
        y = flow_chips(cv.draw, x0, y + 18, x1, chips, fill=WHITE, edge=SIDE_INK[side], ink=INK, size=11,
                       max_y=y + 60) + 6
    politics = []
    for nation, p in sorted((view.get("politics") or {}).items()):
        politics.append(f"{names.name(nation, lang)}: "
                        + (_x("at_war", lang) if p.get("at_war") else str(p.get("step")))
                        + ("" if p.get("active") else " " + _x("passive", lang)))
    text_panel(cv.draw, (x0, y, x1, y + 100), _x("politics", lang), [" · ".join(politics[i:i + 2])
                                                                     for i in range(0, len(politics), 2)], size=12)
    cv.labels += [("politics", p) for p in politics]
    legend = _x("legend", lang)
    text_panel(cv.draw, (x0, y + 106, x1, SIDE_Y1), _x("legend_title", lang), legend.split(" · "), size=12)
    cv.labels.append(("legend", legend))


def _bottom(cv: Canvas, view: dict) -> None:
    """The characters' places, the cards and, in a private view, the viewer's hand."""
    lang, x0, x1 = cv.lang, BOTTOM_X0, W - 10
    places = []
    for c, where in sorted((view.get("characters") or {}).items()):
        if isinstance(where, str) and where not in ("replaced",):
            place = names.name(where, lang) if where in load().regions else _x(f"where.{where}", lang)
            places.append(f"{CHAR_MARK.get(c, c)} {names.name(c, lang)}: {place}")
    cards = view.get("cards") or {}
    sizes = names.side_hand_sizes(view)
    card_lines = [_x("cards", lang, fp=sizes["free_peoples"], sh=sizes["shadow"])]
    hand = cards.get("hand")
    bottom = H - 10 if hand is None else H - 150
    text_panel(cv.draw, (x0, INSET[1], x1, bottom), _x("characters", lang), card_lines + places, size=11)
    cv.labels += [("characters", line) for line in card_lines + places]
    if hand is not None:
        hand_lines = [names.name(c, lang) for c in hand] or [names.name("none", lang)]
        text_panel(cv.draw, (x0, H - 144, x1, H - 10), _x("hand", lang, n=len(hand)),
                   [" · ".join(hand_lines)], size=12, fill=(230, 226, 240))
        cv.labels += [("hand", c) for c in hand_lines]


# --- the board ----------------------------------------------------------------------------------------

def render(view: dict, lang: str = "en") -> Canvas:
    """The board as a Canvas (the image and every label on it, for tests)."""
    base, labels = _empty(lang)
    cv = Canvas(base.copy(), lang)
    cv.labels.extend(labels)
    view = view if isinstance(view, dict) else {}
    section(cv, _header, cv, view)
    section(cv, _pieces_at, cv, view, MAP, (0.16, 0.02, 0.95, 0.99), NODE_R, False)
    section(cv, _pieces_at, cv, view, _inset_map(), INSET_AREA, 13, True)
    section(cv, _side, cv, view)
    section(cv, _bottom, cv, view)
    return cv


def draw_board(view: dict, lang: str = "en") -> bytes:
    return encode_png(render(view, lang).img, palette_of=__name__)


def draw_full_map(view: dict, lang: str = "en") -> bytes:
    """The whole map with the tracks (the "Full map" button and /lotr map)."""
    return draw_board(view, lang)


def focus_regions(view: dict) -> set[str]:
    """The regions the view's pending decision is about (presentation only: read from the view)."""
    return _focus.focus_regions(view)
