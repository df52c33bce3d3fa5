"""The Confrontation board drawn from an engine view (docs/confrontation.md, "The view").

Layout (1200 px wide): a header (turn, what the game waits for, result), the board as on the real one
(a rhombus of 7 columns from the Shire on the left to Mordor on the right, north up), then three panels
(combat, Fellowship, Sauron) and, in a private view, a strip with the viewer's hand.

Only what the view says is drawn; nothing here knows a rule. The static layer (regions, links, river,
tunnel, legend, panel frames) is drawn once per language and copied for every board.
"""
from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from PIL import Image, ImageDraw

import cards
from i18n import has, t
from present.confrontation import card_text
from render import png
from render.common import (
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    WHITE,
    Canvas,
    arrow,
    dashed_line,
    draw_fitted,
    draw_text,
    fit_text,
    fixed_palette,
    flow_chips,
    font,
    section,
)
from render.kept import Kept, rows

if TYPE_CHECKING:
    from engine.confrontation.view_types import ConfrontationView, PieceView

log = logging.getLogger(__name__)

SIDES = ("fellowship", "sauron")

# Geometry.
W = 1200
HEADER_H = 64
COLS = 7
COL_PITCH = 166                     # column to column
BOX_W = 142
ROW_PITCH = 128                     # box to box inside a column
BOX_H = 108
CORNER_H = 236                      # the Shire and Mordor, alone in their column, are taller
NAME_H = 22                         # region name band at the top of a box
RIVER_W = 12                        # the Anduin's strip inside its regions
BOARD_CY = HEADER_H + 14 + (4 * ROW_PITCH - (ROW_PITCH - BOX_H)) // 2
BOARD_BOTTOM = BOARD_CY + (4 * ROW_PITCH - (ROW_PITCH - BOX_H)) // 2 + 10
PANEL_Y0, PANEL_Y1 = BOARD_BOTTOM + 6, BOARD_BOTTOM + 206
HAND_Y0, HAND_Y1 = PANEL_Y1 + 8, PANEL_Y1 + 120
PUBLIC_H = PANEL_Y1 + 10
PRIVATE_H = HAND_Y1 + 10
PANELS = {"combat": (16, 404), "fellowship": (412, 800), "sauron": (808, 1184)}

# Colours.
BG = (214, 200, 166)
HEADER_BG = (58, 44, 34)
HEADER_INK = (246, 236, 212)
REGION = {"plain": (236, 224, 188), "mountain": (168, 160, 154), "the_shire": (186, 212, 140),
          "mordor": (96, 56, 48)}
REGION_EDGE = (120, 100, 72)
LINK = (140, 114, 78)
RIVER = (40, 110, 200)
TUNNEL = (52, 40, 36)
LAST_MOVE = (255, 132, 0)
COMBAT = (200, 30, 30)
REVEALED = (255, 190, 0)
RING = (230, 170, 20)
STYLE = {  # per side: pill fill, edge, text, muted text
    "fellowship": {"fill": (250, 249, 240), "edge": (46, 125, 50), "ink": (24, 80, 28), "muted": (110, 140, 110)},
    "sauron": {"fill": (36, 28, 28), "edge": (190, 30, 30), "ink": (255, 214, 204), "muted": (170, 120, 112)},
}
SIDE_TITLE = {"fellowship": (46, 125, 50), "sauron": (160, 24, 24)}


@lru_cache(maxsize=1)
def _data() -> dict:
    return json.loads((Path(cards.__file__).parent / "confrontation.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _boxes() -> dict[str, tuple[int, int, int, int]]:
    """Each region's box (x0, y0, x1, y1); rows of the data are our columns, north first."""
    left = (W - COLS * COL_PITCH) // 2 + (COL_PITCH - BOX_W) // 2
    out = {}
    for c, column in enumerate(_data()["rows"]):
        x0 = left + c * COL_PITCH
        for k, region in enumerate(column):
            cy = BOARD_CY + (k - (len(column) - 1) / 2) * ROW_PITCH
            h = CORNER_H if len(column) == 1 else BOX_H
            out[region] = (x0, int(cy - h / 2), x0 + BOX_W, int(cy + h / 2))
    return out


def region_names() -> list[str]:
    """The regions drawn, Shire to Mordor."""
    return list(_boxes())


def region_box(region: str) -> tuple[int, int, int, int]:
    """Where a region is drawn (x0, y0, x1, y1), e.g. for tests or for cropping one region."""
    return _boxes()[region]


def _centre(region: str) -> tuple[float, float]:
    x0, y0, x1, y1 = _boxes()[region]
    return (x0 + x1) / 2, (y0 + y1) / 2


# --- names -------------------------------------------------------------------------------------------

def region_name(region: str, lang: str) -> str:
    entry = _data()["regions"].get(region)
    return entry.get(lang, entry["en"]) if entry else str(region)


def character_name(character: str, lang: str) -> str:
    entry = _data()["characters"].get(character)
    return entry["name"].get(lang, entry["name"]["en"]) if entry else str(character)


def character_strength(character: str) -> int | None:
    entry = _data()["characters"].get(character)
    return entry["strength"] if entry else None


def _with_strength(character: str, lang: str) -> str:
    strength = character_strength(character)
    return character_name(character, lang) + (f" ({strength})" if strength is not None else "")


def card_name(side: str, card: str, lang: str) -> str:
    entry = _data()["combat_cards"].get(side, {}).get(card) or _data()["special_cards"].get(card)
    return entry["name"].get(lang, entry["name"]["en"]) if entry else str(card)


def _side(side: str, lang: str) -> str:
    return t(f"render.side.{side}", lang)


def _maybe(key: str, lang: str, fallback: str, **params) -> str:
    return t(key, lang, **params) if has(key, lang) else fallback


# --- static layer --------------------------------------------------------------------------------------

def _link_points(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """A short straight connector between the facing edges of two neighbouring boxes."""
    ax0, ay0, ax1, ay1 = _boxes()[a]
    bx0, by0, bx1, by1 = _boxes()[b]
    if ax1 < bx0 or bx1 < ax0:                      # side by side: horizontal bar in the overlap
        y = (max(ay0, by0) + min(ay1, by1)) / 2
        return ((ax1, y), (bx0, y)) if ax1 < bx0 else ((ax0, y), (bx1, y))
    x = (ax0 + ax1) / 2                              # stacked: vertical bar
    return ((x, ay1), (x, by0)) if ay1 < by0 else ((x, ay0), (x, by1))


def _mountain_peaks(draw: ImageDraw.ImageDraw, box) -> None:
    x0, _, _, y1 = box
    base = y1 - 6
    for i, (w, h) in enumerate(((44, 40), (56, 54), (40, 34))):
        cx = x0 + 28 + i * 44
        draw.polygon([(cx - w / 2, base), (cx, base - h), (cx + w / 2, base)], fill=(128, 120, 116))
        cap = h * 0.3
        draw.polygon([(cx - w / 2 * 0.3, base - h + cap), (cx, base - h), (cx + w / 2 * 0.3, base - h + cap)],
                     fill=(236, 236, 240))


@lru_cache(maxsize=1)
def _river_regions() -> frozenset[str]:
    return frozenset(r for pair in _data()["anduin"] for r in pair)


def _draw_links(draw: ImageDraw.ImageDraw) -> None:
    data = _data()
    for a, targets in data["forward"].items():
        for b in targets:
            draw.line(_link_points(a, b), fill=LINK, width=8)
    for a, b in data["sideways"]:
        draw.line(_link_points(a, b), fill=LINK, width=6)
    for a, b in data["moria_tunnel"]:                # a dashed one-way tunnel under the mountains
        (_, ay0, ax1, ay1), bx0 = _boxes()[a], _boxes()[b][0]
        y = (ay0 + ay1) / 2
        dashed_line(draw, (ax1, y), (bx0 - 12, y), TUNNEL, width=4, dash=9, gap=6)
        arrow(draw, (bx0 - 14, y), (bx0 + 2, y), TUNNEL, width=4, head=11)


def _draw_river(draw: ImageDraw.ImageDraw) -> None:
    """The Anduin: a blue band down the right edge of its regions, arrows pointing downstream."""
    for a, b in _data()["anduin"]:
        (_, ay0, ax1, ay1), (_, by0, _, by1) = _boxes()[a], _boxes()[b]
        x = ax1 - RIVER_W / 2 - 3
        draw.line([(x, (ay0 + ay1) / 2), (x, (by0 + by1) / 2)], fill=RIVER, width=RIVER_W - 4)
        arrow(draw, (x, ay1 - 8), (x, by0 + 12), RIVER, width=RIVER_W - 4, head=14)
    last = _data()["anduin"][-1][1]
    _, y0, x1, y1 = _boxes()[last]
    arrow(draw, (x1 - RIVER_W / 2 - 3, (y0 + y1) / 2), (x1 - RIVER_W / 2 - 3, y1 - 2), RIVER,
          width=RIVER_W - 4, head=14)


def _draw_regions(draw: ImageDraw.ImageDraw, lang: str) -> None:
    mountains = set(_data()["mountains"])
    for region, box in _boxes().items():
        kind = region if region in ("the_shire", "mordor") else "mountain" if region in mountains else "plain"
        draw.rounded_rectangle(box, radius=10, fill=REGION[kind], outline=REGION_EDGE, width=2)
        if kind == "mountain":
            _mountain_peaks(draw, box)
    _draw_river(draw)
    for region, box in _boxes().items():
        ink = HEADER_INK if region == "mordor" else INK
        x0, y0, x1, _ = box
        draw_fitted(draw, (x0 + 6, y0 + 3, x1 - 6, y0 + NAME_H), region_name(region, lang), ink, 15, 10, "bold", 1)


def _draw_legend(draw: ImageDraw.ImageDraw, lang: str) -> None:
    """In the empty lower-left corner of the rhombus."""
    x, y = 26, BOARD_BOTTOM - 122
    size = 13
    rows = [
        ("anduin", lambda y: arrow(draw, (x, y), (x + 34, y), RIVER, width=5, head=11)),
        ("moria", lambda y: dashed_line(draw, (x, y), (x + 34, y), TUNNEL, width=4, dash=8, gap=5)),
        ("last_move", lambda y: arrow(draw, (x, y), (x + 34, y), LAST_MOVE, width=6, head=12)),
        ("revealed", lambda y: draw.rounded_rectangle((x, y - 8, x + 34, y + 8), radius=5,
                                                       fill=STYLE["fellowship"]["fill"], outline=REVEALED, width=3)),
        ("ring_bearer", lambda y: _ring(draw, x + 17, y)),
    ]
    for i, (key, sample) in enumerate(rows):
        yy = y + i * 23
        sample(yy)
        draw_text(draw, (x + 44, yy), t(f"render.legend.{key}", lang), INK, size, anchor="lm")


@lru_cache(maxsize=4)
def _background(lang: str) -> Image.Image:
    """The static layer for `lang`; callers copy it and never draw on it."""
    img = Image.new("RGB", (W, PUBLIC_H), BG)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, W, HEADER_H), fill=HEADER_BG)
    # the board itself: a faint rhombus behind the regions
    bx = _boxes()
    (sx0, _, _, _), (_, _, mx1, _) = bx["the_shire"], bx["mordor"]
    top, bottom = bx["high_pass"][1] - 8, bx["gap_of_rohan"][3] + 8
    draw.polygon([(sx0 - 8, BOARD_CY), ((sx0 + mx1) / 2, top), (mx1 + 8, BOARD_CY), ((sx0 + mx1) / 2, bottom)],
                 fill=(202, 186, 148), outline=(176, 158, 120), width=2)
    _draw_links(draw)
    _draw_regions(draw, lang)
    _draw_legend(draw, lang)
    for x0, x1 in PANELS.values():
        draw.rounded_rectangle((x0, PANEL_Y0, x1, PANEL_Y1), radius=8, fill=PANEL, outline=PANEL_EDGE, width=2)
    return img


# --- dynamic layer ---------------------------------------------------------------------------------------


def _sides_text(sides: list[str], lang: str) -> str:
    names = [_side(s, lang) for s in sides]
    if len(names) == 2:
        return t("render.and", lang, a=names[0], b=names[1])
    return ", ".join(names)


def _result_text(view: ConfrontationView, lang: str) -> tuple[str, str, tuple]:
    """(headline, detail, header colour) for a finished game or match."""
    result = view["result"]
    if result["reason"] == "match":
        by_id = {pid: side for side, pid in view["players"].items()}
        scores = ", ".join(f"{t('render.player_of.' + by_id[pid], lang) if pid in by_id else pid}: {n}"
                           for pid, n in (result.get("scores") or {}).items())
        winner = result.get("winner")
        if winner is None:
            return t("render.phase.over", lang), t("render.match_tie", lang, scores=scores), HEADER_BG
        player = t("render.player_of." + by_id[winner], lang) if winner in by_id else str(winner)
        colour = SIDE_TITLE.get(by_id.get(winner), HEADER_BG)
        return t("render.phase.over", lang), t("render.match_won", lang, player=player, scores=scores), colour
    side = result.get("side", "")
    reason = result["reason"]
    return (_maybe(f"render.win.{side}", lang, str(side)),
            _maybe(f"render.reason.{reason}", lang, str(reason)), SIDE_TITLE.get(side, HEADER_BG))


def _draw_header(cv: Canvas, view: ConfrontationView) -> None:
    lang, draw = cv.lang, cv.draw
    options = view["options"]
    right = [_maybe(f"render.mode.{options['mode']}", lang, str(options["mode"]))]
    if options["special_cards"] != "none":
        right.append(t("render.option.specials", lang))
    if view["match"]:
        right.append(t("render.match.game", lang, n=view["match"]["game"]))
    if view["result"]:
        headline, detail, colour = _result_text(view, lang)
        draw.rectangle((0, 0, W, HEADER_H), fill=colour)
    else:
        phase = view["phase"]
        if phase == "play":
            headline = t("render.turn", lang, n=view["turn_number"])
            if view["turn"] in SIDES:
                headline += " · " + t(f"render.to_play.{view['turn']}", lang)
        else:
            headline = _maybe(f"render.phase.{phase}", lang, str(phase))
        decision = view["decision"]
        detail = ""
        if decision["sides"]:
            what = _maybe(f"render.kind.{decision['kind']}", lang, str(decision["kind"]))
            detail = t("render.waiting", lang, sides=_sides_text(decision["sides"], lang), what=what)
    cv.text("header", (16, 4, 880, 36), headline, HEADER_INK, 22, 14, "bold", align="left")
    cv.text("header", (16, 36, 880, 60), detail, HEADER_INK, 16, 10, align="left")
    cv.text("header", (890, 8, W - 16, 56), " · ".join(right), HEADER_INK, 14, 10, max_lines=2, align="right")


def _piece_label(piece: PieceView, lang: str) -> str:
    if piece["character"] is None:
        return piece["token"]
    return f"{piece['token']} {character_name(piece['character'], lang)}"


def _ring(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """The One Ring: a small gold ring centred on (x, y)."""
    draw.ellipse((x - 7, y - 7, x + 7, y + 7), outline=INK, width=1)
    draw.ellipse((x - 6, y - 6, x + 6, y + 6), outline=RING, width=3)


def _draw_piece(cv: Canvas, box, piece: PieceView, moved: bool, fighting: bool, ring_bearer: bool) -> None:
    style = STYLE.get(piece["side"], STYLE["fellowship"])
    x0, y0, x1, y1 = box
    revealed = piece["revealed"]
    cv.draw.rounded_rectangle(box, radius=(y1 - y0) // 2, fill=style["fill"],
                              outline=REVEALED if revealed else style["edge"], width=3 if revealed else 2)
    h = y1 - y0
    token = piece["token"]
    character = piece["character"]
    if character is None:       # a hidden piece: a blank token showing only its id
        cv.text(f"piece:{token}", (x0 + 8, y0 + 2, x1 - 8, y1 - 2), token, style["muted"], min(15, h - 8), 8,
                "bold")
    else:
        strength = character_strength(character)
        badge = h - 6
        cv.labels.append((f"piece:{token}", _piece_label(piece, cv.lang)))
        name, name_box = character_name(character, cv.lang), (x0 + 31, y0 + 1, x1 - badge - 6, y1 - 1)
        if fit_text(name, name_box[2] - name_box[0], name_box[3] - name_box[1], min(14, h - 8), 11, "bold",
                    1).lines != (name,):
            name_box = (x0 + 10, y0 + 1, x1 - badge - 6, y1 - 1)    # long name: room for it, no token id
        else:
            draw_fitted(cv.draw, (x0 + 8, y0, x0 + 30, y1), token, style["muted"], min(11, h - 10), 7)
        draw_fitted(cv.draw, name_box, name, style["ink"], min(14, h - 8), 8, "bold", 1, align="left")
        if strength is not None:
            bx1 = x1 - 4
            cv.draw.ellipse((bx1 - badge, y0 + 3, bx1, y0 + 3 + badge), fill=style["edge"])
            draw_fitted(cv.draw, (bx1 - badge, y0 + 3, bx1, y0 + 3 + badge), str(strength), WHITE,
                        min(13, badge - 4), 7, "bold")
    if moved:                   # a small orange tab on the piece that made the last move
        cv.draw.polygon([(x0 - 4, y0 + h / 2 - 6), (x0 + 5, y0 + h / 2), (x0 - 4, y0 + h / 2 + 6)], fill=LAST_MOVE,
                        outline=INK)
    if fighting:
        cv.draw.ellipse((x1 - 8, y0 - 5, x1 + 3, y0 + 6), fill=COMBAT, outline=WHITE)
    if ring_bearer:
        _ring(cv.draw, x0 + 2, y0 + 2)
        cv.labels.append((f"piece:{token}", "ring_bearer"))


def _draw_pieces(cv: Canvas, view: ConfrontationView) -> None:
    by_region: dict[str, list[PieceView]] = {}
    for piece in view["pieces"]:
        if piece["region"] in _boxes():
            by_region.setdefault(piece["region"], []).append(piece)
    last = view["last_move"] or {}
    combat = view["combat"]
    fighters = {combat["attacker"], combat["defender"]} - {None} if combat else set()
    ring_bearer = view["ring_bearer"]
    for region, pieces in by_region.items():
        pieces.sort(key=lambda p: SIDES.index(p["side"]) if p["side"] in SIDES else 2)
        x0, y0, x1, y1 = _boxes()[region]
        if region in _river_regions():
            x1 -= RIVER_W
        top, bottom = y0 + NAME_H + 2, y1 - 4
        pitch = min(27, (bottom - top) / len(pieces))
        h = max(12, pitch - 3)
        for i, piece in enumerate(pieces):
            py = top + i * pitch
            _draw_piece(cv, (x0 + 5, int(py), x1 - 5, int(py + h)), piece,
                        piece["token"] == last.get("piece"), piece["token"] in fighters,
                        ring_bearer is not None and piece["character"] == ring_bearer)


def _draw_highlights(cv: Canvas, view: ConfrontationView) -> None:
    combat = view["combat"]
    if combat and combat["region"] in _boxes():
        x0, y0, x1, y1 = _boxes()[combat["region"]]
        cv.draw.rounded_rectangle((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius=12, outline=COMBAT, width=4)
    last = view["last_move"] or {}
    if last.get("to") in _boxes():
        x0, y0, x1, y1 = _boxes()[last["to"]]
        cv.draw.rounded_rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), radius=11, outline=LAST_MOVE, width=3)


def _draw_last_move(img: Image.Image, view: ConfrontationView) -> None:
    """A translucent arrow over the board, so the pieces under it stay readable."""
    last = view["last_move"] or {}
    if last.get("from") not in _boxes() or last.get("to") not in _boxes() or last["from"] == last["to"]:
        return
    (fx, fy), (tx, ty) = _centre(last["from"]), _centre(last["to"])
    bx0, by0, bx1, by1 = _boxes()[last["to"]]
    # the tip stops where the line enters the target box, leaving its name and pieces visible
    dx, dy = tx - fx, ty - fy
    scale = min((bx1 - bx0) / 2 / abs(dx) if dx else float("inf"), (by1 - by0) / 2 / abs(dy) if dy else float("inf"))
    end = (tx - dx * scale + (dx * 0.04), ty - dy * scale + (dy * 0.04))
    length = max(1.0, (dx * dx + dy * dy) ** 0.5)
    start = (fx + dx / length * 10, fy + dy / length * 10)
    x0, y0 = int(min(start[0], end[0])) - 20, int(min(start[1], end[1])) - 20
    x1, y1 = int(max(start[0], end[0])) + 20, int(max(start[1], end[1])) + 20
    layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    arrow(ImageDraw.Draw(layer), (start[0] - x0, start[1] - y0), (end[0] - x0, end[1] - y0),
          LAST_MOVE + (200,), width=8, head=22, outline=(60, 30, 0, 170))
    base = img.crop((x0, y0, x1, y1)).convert("RGBA")
    img.paste(Image.alpha_composite(base, layer).convert("RGB"), (x0, y0))


def _piece_by_token(view: ConfrontationView) -> dict[str, PieceView]:
    # (.get: a piece without a token is passed over, as the panels' part leaves it out: _parts)
    return {p.get("token"): p for p in view["pieces"]}


def _draw_combat(cv: Canvas, view: ConfrontationView) -> None:
    lang, draw = cv.lang, cv.draw
    x0, x1 = PANELS["combat"]
    combat = view["combat"]
    if not combat:
        cv.text("combat", (x0 + 12, PANEL_Y0 + 6, x1 - 12, PANEL_Y0 + 32), t("render.combat.none", lang), MUTED,
                17, 11, "bold", align="left")
        _draw_info(cv, view, x0 + 12, PANEL_Y0 + 40, x1 - 12)
        return
    cv.text("combat", (x0 + 12, PANEL_Y0 + 6, x1 - 12, PANEL_Y0 + 32),
            t("render.combat.title", lang, region=region_name(combat["region"], lang)), COMBAT, 17, 11,
            "bold", align="left")
    mid = (x0 + x1) // 2
    for i, column in enumerate(combat_columns(view, lang)):
        side = column.side
        cx0, cx1 = (x0 + 12, mid - 6) if i == 0 else (mid + 6, x1 - 12)
        y = PANEL_Y0 + 38
        draw.rounded_rectangle((cx0, y, cx1, PANEL_Y1 - 10), radius=6, fill=STYLE[side]["fill"],
                               outline=STYLE[side]["edge"], width=2)
        ink, muted = STYLE[side]["ink"], STYLE[side]["muted"]
        cv.text("combat", (cx0 + 8, y + 4, cx1 - 8, y + 24), column.head, muted, 13, 9, align="left")
        cv.text("combat", (cx0 + 8, y + 22, cx1 - 8, y + 56), column.fighter, ink, 16, 10, "bold", 2, align="left")
        cv.text("combat", (cx0 + 8, y + 60, cx1 - 8, y + 76), t("render.combat.card", lang), muted, 12, 9,
                align="left")
        cv.text("combat", (cx0 + 8, y + 76, cx1 - 8, y + 110), column.card, ink, 16, 10, "bold", 2, align="left")
        if column.strength is not None:
            cv.text("combat", (cx0 + 8, y + 114, cx1 - 8, y + 146),
                    f"{t('render.combat.strength', lang)} {column.strength}", ink, 20, 10, "bold", align="left")


@dataclass(frozen=True)
class CombatColumn:
    """One side of a combat as its panel says it (the picture's and the web table's)."""
    side: str
    head: str               # the side, and its role when it fights
    fighter: str            # its piece (and the character's strength once known), or "—"
    card: str               # its card once shown, "chosen", "choosing…" or "—"
    card_text: str          # what a shown card does, in our words
    strength: Any           # its strength once told, else None


def combat_columns(view: ConfrontationView, lang: str) -> list[CombatColumn]:
    """Both sides of the view's combat, in SIDES order (none outside a combat): only what the view says,
    so a card chosen in secret is only "chosen"."""
    combat = view["combat"]
    if not combat:
        return []
    pieces = _piece_by_token(view)
    roles = {}
    for role, token in (("attacker", combat["attacker"]), ("defender", combat["defender"])):
        piece = pieces.get(token)
        if piece:
            roles[piece["side"]] = (role, piece)
    decision = view["decision"]
    strength = combat["strength"] or {}
    out = []
    for side in SIDES:
        role, piece = roles.get(side, (None, None))
        head = _side(side, lang) + (f" ({t('render.combat.' + role, lang)})" if role else "")
        fighter = _piece_label(piece, lang) if piece else "—"
        if piece and piece["character"] and character_strength(piece["character"]) is not None:
            fighter += f" ({character_strength(piece['character'])})"
        card = combat["cards"].get(side)
        if card:
            shown = card_name(side, card, lang)
        elif combat["chosen"].get(side):
            shown = t("render.combat.chosen", lang)
        elif decision and decision["kind"] == "cards" and side in decision["sides"]:
            shown = t("render.combat.choosing", lang)
        else:
            shown = "—"
        out.append(CombatColumn(side, head, fighter, shown, card_text(card, side, lang) if card else "",
                                strength.get(side)))
    return out


def _draw_info(cv: Canvas, view: ConfrontationView, x0: int, y: int, x1: int) -> None:
    """Outside combat: the last move and, in draft modes, the picks the viewer may see."""
    lang = cv.lang
    last = view["last_move"] or {}
    if last.get("from") and last.get("to"):
        piece = _piece_by_token(view).get(last.get("piece"))
        who = _piece_label(piece, lang) if piece else str(last.get("piece", ""))
        text = t("render.last_move", lang, piece=who, src=region_name(last["from"], lang),
                 dst=region_name(last["to"], lang))
        cv.text("info", (x0, y, x1, y + 40), text, INK, 15, 10, max_lines=2, align="left")
        y += 46
    for side, picks in ((view.get("draft") or {}).items()):
        if picks and side in SIDES:
            names = ", ".join(_with_strength(c, lang) for c in picks)
            cv.text("info", (x0, y, x1, y + 18), t("render.draft_of", lang, side=_side(side, lang)),
                    SIDE_TITLE[side], 13, 9, "bold", align="left")
            cv.text("info", (x0, y + 18, x1, y + 52), names, INK, 13, 9, max_lines=2, align="left")
            y += 56


def _draw_side_panel(cv: Canvas, view: ConfrontationView, side: str) -> None:
    lang, draw = cv.lang, cv.draw
    x0, x1 = PANELS[side]
    style = STYLE[side]
    draw.rounded_rectangle((x0, PANEL_Y0, x1, PANEL_Y0 + 30), radius=8, fill=SIDE_TITLE[side])
    draw.rectangle((x0, PANEL_Y0 + 20, x1, PANEL_Y0 + 30), fill=SIDE_TITLE[side])
    cv.text("panel", (x0 + 12, PANEL_Y0 + 3, x1 - 160, PANEL_Y0 + 28), _side(side, lang), WHITE, 17, 10, "bold",
            align="left")
    hand_size = view["hand_sizes"].get(side)
    if hand_size is not None:
        cv.text("panel", (x1 - 230, PANEL_Y0 + 3, x1 - 10, PANEL_Y0 + 28),
                t("render.panel.hand_size", lang, n=hand_size), WHITE, 14, 9, align="right")
    specials = view["specials"].get(side)
    y = PANEL_Y0 + 38
    rows = [
        ("defeated", [_with_strength(c, lang) for c in view["defeated"].get(side) or []], style["edge"]),
        ("discards", [card_name(side, c, lang) for c in view["discards"].get(side) or []], style["edge"]),
    ]
    if specials and (specials["count"] or specials["used"]):
        items = [card_name(side, c, lang) for c in specials["used"]]
        if specials["count"]:
            items.append(t("render.panel.specials_left", lang, n=specials["count"]))
        rows.append(("specials", items, REVEALED))
    for key, items, edge in rows:
        cv.text("panel", (x0 + 12, y, x0 + 100, y + 19), t(f"render.panel.{key}", lang), MUTED, 13, 9, "bold",
                align="left")
        if not items:
            draw_text(draw, (x0 + 104, y + 9), "—", MUTED, 13, anchor="lm")
            y += 27
            continue
        cv.labels.extend(("panel", item) for item in items)
        y = flow_chips(draw, x0 + 100, y, x1 - 10, items, fill=style["fill"], edge=edge,
                       ink=style["ink"], size=12, gap=4, max_y=PANEL_Y1 - 6) + 8


def _draw_hand(cv: Canvas, view: ConfrontationView) -> None:
    """Private views only: the viewer's combat cards, special cards held, characters still to place."""
    lang, draw = cv.lang, cv.draw
    side = view["you"]
    style = STYLE.get(side, STYLE["fellowship"])
    draw.rounded_rectangle((16, HAND_Y0, W - 16, HAND_Y1), radius=8, fill=PANEL, outline=SIDE_TITLE.get(side, INK),
                           width=3)
    specials = view["specials"].get(side)
    held = (specials["held"] or []) if specials else []
    groups = [(None, [card_name(side, c, lang) for c in view.get("hand") or []], style["edge"]),
              ("hand.specials", [card_name(side, c, lang) for c in held], REVEALED),
              ("hand.to_place", [character_name(c, lang) for c in view.get("to_place") or []], style["edge"])]
    groups = [g for g in groups if g[1]]
    cv.text("hand", (28, HAND_Y0 + 4, 600, HAND_Y0 + 24), f"{t('render.hand.title', lang)} · {_side(side, lang)}",
            SIDE_TITLE.get(side, INK), 15, 10, "bold", align="left")
    # tiles flow left to right over two rows; a group's heading is plain text before its first tile
    x0, x1, tile_h, size = 28, W - 28, 34, 14
    x, y = x0, HAND_Y0 + 28
    for heading, items, edge in groups:
        entries = ([(t(f"render.{heading}", lang), None)] if heading else []) + [(name, edge) for name in items]
        widths = [min(200, max(40, int(font(size, "regular" if e is None else "bold").getlength(text)) + 18))
                  for text, e in entries]
        for i, ((text, tile_edge), width) in enumerate(zip(entries, widths)):
            needed = width + (widths[i + 1] + 6 if tile_edge is None and i + 1 < len(widths) else 0)
            if x > x0 and x + needed > x1:    # wrap (a heading goes with its first tile)
                x, y = x0, y + tile_h + 6
            if y + tile_h > HAND_Y1 - 4:
                return
            box = (x, y, x + width, y + tile_h)
            if tile_edge is None:
                cv.text("hand", box, text, MUTED, size, 9, align="left")
            else:
                draw.rounded_rectangle(box, radius=6, fill=style["fill"], outline=tile_edge, width=2)
                cv.text("hand", (x + 4, y + 2, x + width - 4, y + tile_h - 2), text, style["ink"], size, 9, "bold")
            x += width + 6
        x += 18
    if not groups:
        cv.text("hand", (x, y, x + 200, y + tile_h), "—", MUTED, 16, 10, align="left")



def _compose(view: ConfrontationView, lang: str) -> Canvas:
    background = _background(lang)
    private = isinstance(view, dict) and bool(view.get("you"))
    if private:
        img = Image.new("RGB", (W, PRIVATE_H), BG)
        img.paste(background, (0, 0))
    else:
        img = background.copy()
    cv = Canvas(img, lang)
    if not isinstance(view, dict):
        cv.labels.append(("error", "view"))
        return cv
    section(cv, _draw_header, cv, view)
    section(cv, _draw_highlights, cv, view)
    section(cv, _draw_pieces, cv, view)
    section(cv, _draw_last_move, img, view)
    section(cv, _draw_combat, cv, view)
    for side in SIDES:
        section(cv, _draw_side_panel, cv, view, side)
    if private:
        section(cv, _draw_hand, cv, view)
    return cv


def board_image(view: ConfrontationView, lang: str = "en") -> Image.Image:
    """The board as a Pillow image (RGB)."""
    return _compose(view, lang).img


def board_labels(view: ConfrontationView, lang: str = "en") -> list[tuple[str, str]]:
    """Every (kind, text) label drawn for this view; pieces are ("piece:<token>", text). For tests."""
    return _compose(view, lang).labels


# --- kept pieces ------------------------------------------------------------------------------------------
#
# draw_board joins four pieces of rows: the header, the board (regions and pieces), the panels, and the
# viewer's hand (or the public board's last background rows). Each is drawn on the background at its place,
# from a part of the view holding only what it shows, and its compressed rows kept (render/kept.py) by a
# digest of that part: an action that only changes the panels or the header draws them alone, and the
# readers of one action share every piece their views agree on. Nothing drawn in one piece reaches
# another's rows, so the joined picture is board_image's, pixel for pixel
# (tests/render/test_confrontation_engine.py).

TOP = HEADER_H + 1  # the header's rectangle covers row HEADER_H too
PIECES = 2048  # compressed rows only (a board's four: ~45 KB): a few hundred tables, ~30 MB at most
_pieces = Kept(PIECES)


def _only(value, keys: tuple[str, ...]):
    """The given keys of a dict, those it has (a drawing's defaults stay its own); a malformed value is kept
    whole, so that its drawing fails as it would on the view."""
    return {k: value[k] for k in keys if k in value} if isinstance(value, dict) else value


def _inner(view: Mapping[str, object], key: str, keys: tuple[str, ...]) -> dict:
    """`view[key]` cut down to `keys`, as an entry of a part: none when the view lacks it, the value whole
    when it is not a dict holding them all (None, junk), so that its drawing fails as it would on the view."""
    if key not in view:
        return {}
    value: Any = view[key]
    whole = not isinstance(value, dict) or any(k not in value for k in keys)
    return {key: value if whole else {k: value[k] for k in keys}}


def _named_tokens(view: ConfrontationView) -> list:
    """The pieces the panels name: the fighters and the piece that moved last (a list: junk may not hash)."""
    combat, last = view.get("combat"), view.get("last_move")
    tokens = [combat.get("attacker"), combat.get("defender")] if isinstance(combat, dict) else []
    return tokens + ([last.get("piece")] if isinstance(last, dict) else [])


def _parts(view: ConfrontationView) -> dict[str, ConfrontationView]:
    """What each piece shows: the keys of the view its drawing reads (a part stands for the view there)."""
    pieces = view.get("pieces")
    decision = _inner(view, "decision", ("kind", "sides"))
    named = _named_tokens(view)
    return cast("dict[str, ConfrontationView]", {
        "header": _only(view, ("options", "match", "result", "players", "phase", "turn_number", "turn"))
        | decision,
        "board": _only(view, ("pieces", "last_move", "ring_bearer"))
        | _inner(view, "combat", ("region", "attacker", "defender")),
        "panels": _only(view, ("combat", "last_move", "draft", "hand_sizes", "specials", "defeated", "discards"))
        | decision | ({"pieces": [p for p in pieces if not isinstance(p, dict) or p.get("token") in named]
                       if isinstance(pieces, list) else pieces} if "pieces" in view else {}),
        "hand": _only(view, ("you", "hand", "specials", "to_place")),
    })


def _canvas(lang: str, y0: int, y1: int) -> Canvas:
    """A canvas of the board's rows 0 to y1, to draw on at the board's own coordinates, whose rows y0 to y1
    are the background (the rows above, plain, are not kept: copying less is cheaper)."""
    background = _background(lang)
    img = Image.new("RGB", (W, y1), BG)
    img.paste(background.crop((0, y0, W, min(y1, background.height))), (0, y0))
    return Canvas(img, lang)


def _header_piece(part: ConfrontationView, lang: str) -> png.Band:
    cv = _canvas(lang, 0, TOP)
    section(cv, _draw_header, cv, part)
    return rows(cv.img, cv.labels, __name__).band


def _board_piece(part: ConfrontationView, lang: str) -> png.Band:
    cv = _canvas(lang, TOP, PANEL_Y0)
    section(cv, _draw_highlights, cv, part)
    section(cv, _draw_pieces, cv, part)
    section(cv, _draw_last_move, cv.img, part)
    return rows(cv.img, cv.labels, __name__, TOP).band


def _panels_piece(part: ConfrontationView, lang: str) -> png.Band:
    cv = _canvas(lang, PANEL_Y0, HAND_Y0)
    section(cv, _draw_combat, cv, part)
    for side in SIDES:
        section(cv, _draw_side_panel, cv, part, side)
    return rows(cv.img, cv.labels, __name__, PANEL_Y0).band


def _hand_piece(part: ConfrontationView, lang: str) -> png.Band:
    cv = _canvas(lang, HAND_Y0, PRIVATE_H if part.get("you") else PUBLIC_H)
    if part.get("you"):
        section(cv, _draw_hand, cv, part)
    return rows(cv.img, cv.labels, __name__, HAND_Y0).band


def _board(view: ConfrontationView, lang: str) -> list[png.Band]:
    """The board's pieces of rows, top to bottom, compressed."""
    if not isinstance(view, dict):
        cv = _canvas(lang, 0, PUBLIC_H)
        return [rows(cv.img, [], __name__).band]
    parts = _parts(view)
    if not view.get("you"):
        parts["hand"] = {}   # the public board's last rows: background only
    return [_pieces.piece(draw, parts[name], lang) for name, draw in (
        ("header", _header_piece), ("board", _board_piece), ("panels", _panels_piece), ("hand", _hand_piece))]


def draw_board(view: ConfrontationView, lang: str = "en") -> bytes:
    """PNG bytes of the board for this view: board_image's picture joined from kept pieces. Pure and
    thread-safe: call it from a worker thread."""
    return png.join(_board(view, lang), fixed_palette(__name__))
