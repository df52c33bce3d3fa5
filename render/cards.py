"""One card of any game drawn as a picture, for /card: `draw_card("lcg:aragorn", "fr") -> PNG bytes`.

The card id is the card index's ("<game>:<id>", as reference.search.card_autocomplete returns it).
The picture is our own drawing, no artwork: a 400 x 560 card frame coloured by side, sphere or type,
the title, a type line, a band of labelled numbers with simple drawn icons, the traits, our wording of
the card wrapped to fit (the font shrinks when needed, never overflowing), and the game's name small at
the bottom. It only describes the card asked for: nothing here reads a game in progress.

Three steps, each pure:
    card_spec(card_id, lang)   -> Spec    what to show (texts already in `lang`, colours, stats)
    card_layout(card_id, lang) -> Layout  every text fitted to its box; `layout.fits` says nothing was cut
    draw_card(card_id, lang)   -> bytes   the PNG

Data: reference.search.card_lookup for every card (name, kind, text in both languages), and, where it
has richer facts, the game's own data: cards/confrontation.json (side, face, strength, combat value),
cards.lcg (sphere, costs, stats, traits, keywords, shadow and quest sides), cards/fellowship.json
(stages, companions' strength and bonus, enemies' strengths by round and rewards, adventure spaces).
A card whose game has no special drawing (or whose data cannot be read) is drawn from the index alone.

Thread safety: fonts come from render.common (one set per thread); everything memoised here is
immutable; each call draws on its own image.
"""
from __future__ import annotations

import io
import json
import logging
import math
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

import cards as cards_pkg
import games
from i18n import LANGUAGES, t
from reference.search import card_lookup
from render.common import INK, MUTED, PAPER, WHITE, Colour, Fitted, draw_text, fit_text, font

log = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_COLOURS",
    "Block",
    "H",
    "Layout",
    "Spec",
    "Stat",
    "W",
    "card_data",
    "card_layout",
    "card_spec",
    "card_text",
    "draw_card",
    "fit_blocks",
    "game_name",
    "pick",
]

W, H = 400, 560
MARGIN = 12                     # coloured frame around the parchment
PAD = 22                        # content inset from the card edge
CONTENT_W = W - 2 * PAD
TITLE_BOX = (PAD, 20, W - PAD, 78)
TYPE_Y = (84, 106)
STAT_H, STAT_GAP, STATS_PER_ROW = 56, 6, 5
FOOTER_H = 30
BODY_MAX, BODY_MIN = 19, 10     # body font sizes tried, largest first
MAX_PNG_BYTES = 150_000


TEXT_BG: Colour = (252, 248, 236)
TEXT_EDGE: Colour = (196, 182, 150)
CHIP_BG: Colour = (255, 252, 244)
SHADOW_BG: Colour = (58, 50, 58)
SHADOW_INK: Colour = (236, 226, 236)

# (accent: title bar and icons, frame: the border); each game's own colours are in render/card_specs/.
DEFAULT_COLOURS = ((100, 92, 80), (60, 54, 46))


# --------------------------------------------------------------------------------------------- specs

@dataclass(frozen=True)
class Stat:
    icon: str           # one of ICONS (drawn), e.g. "willpower"
    label: str          # "Willpower" / "Volonté"
    value: str          # "3", "+2", "X", "Bree"


@dataclass(frozen=True)
class Block:
    """A paragraph of the text box. role: keywords, body, heading, note, shadow_heading, shadow."""
    text: str
    role: str = "body"


@dataclass(frozen=True)
class Spec:
    card_id: str
    lang: str
    game: str
    title: str
    type_line: str
    emblem: str                     # icon drawn in the title bar
    accent: Colour
    frame: Colour
    unique: bool = False
    stats: tuple[Stat, ...] = ()
    traits: str = ""
    blocks: tuple[Block, ...] = ()
    footer: str = ""
    big: str = ""                   # a value drawn large in the text box's free space (combat cards)


def card_text(key: str, lang: str, **params) -> str:
    return t(f"cards_render.{key}", lang, **params)


def pick(pair, lang: str) -> str:
    if isinstance(pair, dict):
        return str(pair.get(lang) or pair.get("en") or "")
    return "" if pair is None else str(pair)


@cache
def card_data(name: str) -> dict:
    """A cards/<name> JSON file, read once."""
    return json.loads((Path(cards_pkg.__file__).parent / name).read_text(encoding="utf-8"))


def game_name(game: str, lang: str) -> str:
    key = f"cards_render.game.{game}"
    text = t(key, lang)
    return game if text == key else text


def _generic_spec(card: dict, lang: str) -> Spec:
    accent, frame = DEFAULT_COLOURS
    text = pick(card.get("text"), lang)
    return Spec(card_id=f"{card['game']}:{card['id']}", lang=lang, game=card["game"],
                title=pick(card.get("name"), lang) or card["id"], type_line=pick(card.get("kind"), lang),
                emblem="circle", accent=accent, frame=frame,
                blocks=tuple(Block(p) for p in text.split("\n") if p.strip()),
                footer=game_name(card["game"], lang))


def _card(card_id: str) -> dict:
    card = card_lookup(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise KeyError(f"unknown card id: {card_id!r} (expected '<game>:<id>' from card_autocomplete)")
    return card


def card_spec(card_id: str, lang: str = "en") -> Spec:
    """What the picture of `card_id` shows, in `lang` ("en" or "fr"; anything else is English).

    KeyError for an id that is not in the card index."""
    card = _card(card_id)
    lang = lang if lang in LANGUAGES else "en"
    declared = games.find(card["game"])
    if declared is not None and declared.cards is not None:
        try:
            return declared.cards().card_spec(card, lang)
        except (KeyError, ValueError, TypeError, AttributeError, OSError):
            log.warning("card %s: no detailed data, drawn from the card index", card_id, exc_info=True)
    return _generic_spec(card, lang)


# ------------------------------------------------------------------------------------------ text fitting

@dataclass(frozen=True)
class Line:
    text: str
    role: str
    y: int              # top of the line, from the top of its group


@dataclass(frozen=True)
class Body:
    """The text box laid out: one font size; the main group (from the top) and the shadow group (kept at
    the bottom, on a dark band). fits is False only if text had to be cut."""
    size: int
    line_height: int
    main: tuple[Line, ...]
    main_h: int
    shadow: tuple[Line, ...]
    shadow_h: int
    fits: bool

    @property
    def height(self) -> int:
        return self.main_h + self.shadow_h + (self.gap if self.main and self.shadow else 0)

    @property
    def gap(self) -> int:
        return self.line_height // 2 + 6


_BOLD_ROLES = {"keywords", "heading", "shadow_heading"}


def _weight(role: str) -> str:
    return "bold" if role in _BOLD_ROLES else "regular"


def _wrap(text: str, size: int, weight: str, width: int) -> list[str]:
    """Greedy word wrap; a word longer than the width is broken."""
    f = font(size, weight)
    lines: list[str] = []
    for word in text.split():
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
            continue
        while f.getlength(word) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and f.getlength(word[:cut]) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        lines.append(word)
    return lines


def _flow(blocks: tuple[Block, ...], width: int, size: int) -> tuple[list[Line], int, list[Line], int]:
    line_height = round(size * 1.28)
    para_gap = max(3, size // 2)
    groups: dict[bool, tuple[list[Line], list[int]]] = {False: ([], [0]), True: ([], [0])}
    for block in blocks:
        lines, y = groups[block.role.startswith("shadow")]
        if lines:
            y[0] += para_gap if block.role not in ("shadow",) else 2
        for text in _wrap(block.text, size, _weight(block.role), width):
            lines.append(Line(text, block.role, y[0]))
            y[0] += line_height
    (main, (main_h,)), (shadow, (shadow_h,)) = groups[False], groups[True]
    return main, main_h, shadow, shadow_h


@lru_cache(maxsize=2048)
def fit_blocks(blocks: tuple[Block, ...], width: int, height: int, max_size: int = BODY_MAX,
               min_size: int = BODY_MIN) -> Body:
    """The largest font size in [min_size, max_size] at which all blocks fit width x height.

    At min_size, if it still does not fit, lines are dropped from the end of the main group and the last
    one kept ends with an ellipsis; `fits` is then False (the tests check it never happens)."""
    for size in range(max_size, min_size - 1, -1):
        main, main_h, shadow, shadow_h = _flow(blocks, width, size)
        line_height = round(size * 1.28)
        body = Body(size, line_height, tuple(main), main_h, tuple(shadow), shadow_h, True)
        if body.height <= height:
            return body
    room = height - (shadow_h + body.gap if shadow else 0)
    kept = [ln for ln in main if ln.y + line_height <= room]
    if kept:
        last = kept[-1]
        f = font(min_size, _weight(last.role))
        text = last.text
        while text and f.getlength(text + "…") > width:
            text = text[:-1]
        kept[-1] = Line(text.rstrip() + "…", last.role, last.y)
    main_h = kept[-1].y + line_height if kept else 0
    return Body(min_size, line_height, tuple(kept), main_h, tuple(shadow), shadow_h, False)


def _cut(fitted: Fitted) -> bool:
    return any(line.endswith("…") for line in fitted.lines)


# ------------------------------------------------------------------------------------------------ layout

@dataclass(frozen=True)
class Layout:
    spec: Spec
    title: Fitted
    title_box: tuple[int, int, int, int]
    type_line: Fitted
    stat_boxes: tuple[tuple[int, int, int, int], ...]
    stat_values: tuple[Fitted, ...]
    stat_labels: tuple[Fitted, ...]
    traits: Fitted | None
    traits_y: int
    body: Body
    body_box: tuple[int, int, int, int]
    footer: Fitted
    fits: bool
    problems: tuple[str, ...]


def _stat_boxes(n: int, top: int) -> list[tuple[int, int, int, int]]:
    boxes = []
    rows = [list(range(i, min(n, i + STATS_PER_ROW))) for i in range(0, n, STATS_PER_ROW)]
    per = max(len(r) for r in rows) if rows else 1
    w = min(112, (CONTENT_W - STAT_GAP * (per - 1)) // per)
    for r, row in enumerate(rows):
        total = len(row) * w + (len(row) - 1) * STAT_GAP
        x = (W - total) // 2
        y = top + r * (STAT_H + STAT_GAP)
        for _ in row:
            boxes.append((x, y, x + w, y + STAT_H))
            x += w + STAT_GAP
    return boxes


ICON_W = 20


def layout(spec: Spec) -> Layout:
    """Fit every text of `spec` into the card; see Layout.fits and Layout.problems."""
    problems: list[str] = []
    x0, y0, x1, y1 = TITLE_BOX
    title_box = (x0 + 52, y0 + 4, x1 - 52, y1 - 4)
    tw, th = title_box[2] - title_box[0], title_box[3] - title_box[1]
    title = fit_text(spec.title, tw, th, 24, 17, "bold", 1)
    if _cut(title):
        title = fit_text(spec.title, tw, th, 20, 11, "bold", 2)
    if _cut(title):
        problems.append("title")
    type_line = fit_text(spec.type_line, CONTENT_W, TYPE_Y[1] - TYPE_Y[0], 15, 9, "bold", 1)
    if _cut(type_line):
        problems.append("type line")
    y = TYPE_Y[1] + 6
    boxes = _stat_boxes(len(spec.stats), y) if spec.stats else []
    values, labels = [], []
    for (bx0, _by0, bx1, _by1), stat in zip(boxes, spec.stats):
        value = fit_text(stat.value, bx1 - bx0 - ICON_W - 14, 28, 22, 10, "bold", 1)
        label = fit_text(stat.label, bx1 - bx0 - 6, 24, 11, 8, "regular", 2)
        if _cut(value) or _cut(label):
            problems.append(f"stat {stat.label}")
        values.append(value)
        labels.append(label)
    if boxes:
        y = boxes[-1][3] + 8
    traits = None
    traits_y = y
    if spec.traits:
        traits = fit_text(spec.traits, CONTENT_W, 36, 14, 9, "bold", 2)
        if _cut(traits):
            problems.append("traits")
        y += traits.height + 6
    footer = fit_text(spec.footer, CONTENT_W, FOOTER_H - 4, 11, 8, "regular", 2)
    if _cut(footer):
        problems.append("footer")
    body_box = (PAD, y, W - PAD, H - MARGIN - FOOTER_H - 4)
    body = fit_blocks(spec.blocks, body_box[2] - body_box[0] - 20, body_box[3] - body_box[1] - 16)
    if not body.fits:
        problems.append("text")
    return Layout(spec, title, title_box, type_line, tuple(boxes), tuple(values), tuple(labels), traits,
                  traits_y, body, body_box, footer, not problems, tuple(problems))


def card_layout(card_id: str, lang: str = "en") -> Layout:
    """The layout of a card's picture (KeyError for an unknown id); `.fits` is True when no text was cut."""
    return layout(card_spec(card_id, lang))


# ------------------------------------------------------------------------------------------------- icons

def _star(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45, turn: float = -90):
    out = []
    for i in range(points * 2):
        rad = r if i % 2 == 0 else r * inner
        a = math.radians(turn + i * 180 / points)
        out.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return out


def _icon(draw: ImageDraw.ImageDraw, name: str, cx: float, cy: float, r: float, ink: Colour, bg: Colour) -> None:
    """A small geometric symbol of radius about r, centred on (cx, cy)."""
    w = max(2, round(r / 4))
    if name in ("willpower",):                                      # a sun
        for i in range(8):
            a = math.radians(i * 45)
            draw.line([(cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a)),
                       (cx + r * math.cos(a), cy + r * math.sin(a))], fill=ink, width=w)
        draw.ellipse((cx - r * 0.45, cy - r * 0.45, cx + r * 0.45, cy + r * 0.45), fill=ink)
    elif name in ("attack", "strength", "tactics"):                 # a sword, point up (crossed: tactics)
        for deg in ((-40, 40) if name == "tactics" else (-90,)):
            a = math.radians(deg - 90 if name == "tactics" else deg)
            ux, uy = math.cos(a), math.sin(a)                          # towards the point
            px, py = -uy, ux
            tip = (cx + ux * r, cy + uy * r)
            guard = (cx - ux * r * 0.4, cy - uy * r * 0.4)
            bw = r * 0.2
            draw.polygon([tip, (tip[0] - ux * r * 0.3 + px * bw, tip[1] - uy * r * 0.3 + py * bw),
                          (guard[0] + px * bw, guard[1] + py * bw), (guard[0] - px * bw, guard[1] - py * bw),
                          (tip[0] - ux * r * 0.3 - px * bw, tip[1] - uy * r * 0.3 - py * bw)], fill=ink)
            draw.line([(guard[0] + px * r * 0.5, guard[1] + py * r * 0.5),
                       (guard[0] - px * r * 0.5, guard[1] - py * r * 0.5)], fill=ink, width=w)
            draw.line([guard, (cx - ux * r, cy - uy * r)], fill=ink, width=w)
    elif name == "defense":                                         # a shield
        draw.polygon([(cx - r * 0.8, cy - r * 0.85), (cx + r * 0.8, cy - r * 0.85), (cx + r * 0.8, cy - r * 0.1),
                      (cx, cy + r), (cx - r * 0.8, cy - r * 0.1)], fill=ink)
        draw.line([(cx, cy - r * 0.6), (cx, cy + r * 0.55)], fill=bg, width=max(1, w - 1))
    elif name == "hit_points":                                      # a heart
        k = r * 0.5
        draw.ellipse((cx - 2 * k, cy - r * 0.75, cx, cy - r * 0.75 + 2 * k), fill=ink)
        draw.ellipse((cx, cy - r * 0.75, cx + 2 * k, cy - r * 0.75 + 2 * k), fill=ink)
        draw.polygon([(cx - 2 * k + 1, cy - r * 0.2), (cx + 2 * k - 1, cy - r * 0.2), (cx, cy + r)], fill=ink)
    elif name in ("threat", "threat_cost", "eye", "enemy"):         # an eye
        draw.ellipse((cx - r, cy - r * 0.55, cx + r, cy + r * 0.55), fill=ink)
        draw.ellipse((cx - r * 0.75, cy - r * 0.4, cx + r * 0.75, cy + r * 0.4), fill=bg)
        draw.ellipse((cx - r * 0.16, cy - r * 0.4, cx + r * 0.16, cy + r * 0.4), fill=ink)
    elif name == "engagement_cost":                                 # two arrows meeting
        for sign in (-1, 1):
            draw.line([(cx + sign * r, cy), (cx + sign * r * 0.25, cy)], fill=ink, width=w)
            draw.polygon([(cx + sign * r * 0.05, cy), (cx + sign * r * 0.45, cy - r * 0.4),
                          (cx + sign * r * 0.45, cy + r * 0.4)], fill=ink)
    elif name in ("cost", "circle", "neutral", "classic"):         # a coin / a plain disc
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)
        draw.ellipse((cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.55), outline=bg, width=max(1, w - 1))
    elif name == "quest_points" or name == "quest":                 # a flag
        draw.line([(cx - r * 0.6, cy - r), (cx - r * 0.6, cy + r)], fill=ink, width=w)
        draw.polygon([(cx - r * 0.6, cy - r), (cx + r * 0.9, cy - r * 0.5), (cx - r * 0.6, cy)], fill=ink)
    elif name in ("victory_points", "variant", "objective"):       # a star
        draw.polygon(_star(cx, cy, r), fill=ink)
    elif name == "stage":                                           # steps
        s = r * 2 / 3
        draw.polygon([(cx - r, cy + r), (cx - r, cy + r - s), (cx - r + s, cy + r - s), (cx - r + s, cy + r - 2 * s),
                      (cx - r + 2 * s, cy + r - 2 * s), (cx - r + 2 * s, cy - r), (cx + r, cy - r),
                      (cx + r, cy + r)], fill=ink)
    elif name.startswith("die"):                                    # a die showing n pips
        n = int(name[3:] or 1)
        draw.rounded_rectangle((cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), radius=r * 0.25, fill=ink)
        spots = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)]}.get(n, [(0, 0)])
        for dx, dy in spots:
            px, py = cx + dx * r * 0.45, cy + dy * r * 0.45
            draw.ellipse((px - r * 0.16, py - r * 0.16, px + r * 0.16, py + r * 0.16), fill=bg)
    elif name in ("pin", "location"):                               # a map pin
        draw.ellipse((cx - r * 0.65, cy - r, cx + r * 0.65, cy + r * 0.3), fill=ink)
        draw.polygon([(cx - r * 0.55, cy - r * 0.15), (cx + r * 0.55, cy - r * 0.15), (cx, cy + r)], fill=ink)
        draw.ellipse((cx - r * 0.25, cy - r * 0.6, cx + r * 0.25, cy - r * 0.1), fill=bg)
    elif name == "ring":                                            # the One Ring
        draw.ellipse((cx - r, cy - r * 0.8, cx + r, cy + r * 0.8), outline=ink, width=max(2, round(r / 3)))
    elif name == "leadership":                                      # a crown
        draw.polygon([(cx - r, cy + r * 0.6), (cx - r, cy - r * 0.6), (cx - r * 0.5, cy), (cx, cy - r * 0.8),
                      (cx + r * 0.5, cy), (cx + r, cy - r * 0.6), (cx + r, cy + r * 0.6)], fill=ink)
    elif name == "spirit":                                          # a flame / drop
        draw.ellipse((cx - r * 0.6, cy - r * 0.1, cx + r * 0.6, cy + r), fill=ink)
        draw.polygon([(cx - r * 0.56, cy + r * 0.3), (cx, cy - r), (cx + r * 0.56, cy + r * 0.3)], fill=ink)
    elif name == "lore":                                            # a leaf
        draw.polygon([(cx, cy - r), (cx + r * 0.6, cy - r * 0.2), (cx + r * 0.4, cy + r * 0.5), (cx, cy + r * 0.8),
                      (cx - r * 0.4, cy + r * 0.5), (cx - r * 0.6, cy - r * 0.2)], fill=ink)
        draw.line([(cx, cy - r * 0.6), (cx, cy + r)], fill=bg, width=max(1, w - 1))
    elif name in ("scroll", "event", "treachery"):                  # a page
        draw.rectangle((cx - r * 0.7, cy - r * 0.9, cx + r * 0.7, cy + r * 0.9), fill=ink)
        for k in (-0.45, 0, 0.45):
            draw.line([(cx - r * 0.4, cy + k * r), (cx + r * 0.4, cy + k * r)], fill=bg, width=max(1, w - 1))
    elif name in ("hero", "ally"):                                  # a bust
        draw.ellipse((cx - r * 0.4, cy - r, cx + r * 0.4, cy - r * 0.2), fill=ink)
        draw.chord((cx - r * 0.85, cy - r * 0.1, cx + r * 0.85, cy + r * 1.5), 180, 360, fill=ink)
    elif name == "attachment":                                      # a link
        draw.ellipse((cx - r, cy - r * 0.45, cx + r * 0.2, cy + r * 0.45), outline=ink, width=w)
        draw.ellipse((cx - r * 0.2, cy - r * 0.45, cx + r, cy + r * 0.45), outline=ink, width=w)
    else:
        draw.ellipse((cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7), fill=ink)


# ------------------------------------------------------------------------------------------------ painting

def _lighten(c: Colour, k: float) -> Colour:
    r, g, b = (round(v + (255 - v) * k) for v in c)
    return r, g, b


@lru_cache(maxsize=1)
def _corner_mask() -> Image.Image:
    """255 outside the card's rounded outline (those pixels are transparent in the PNG)."""
    mask = Image.new("L", (W, H), 255)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, W - 1, H - 1), radius=20, fill=0)
    return mask


def _paint(lay: Layout) -> Image.Image:
    spec = lay.spec
    img = Image.new("RGB", (W, H), spec.frame)
    draw = ImageDraw.Draw(img)
    accent = spec.accent
    # Frame and parchment.
    draw.rounded_rectangle((MARGIN - 4, MARGIN - 4, W - MARGIN + 3, H - MARGIN + 3), radius=14,
                           fill=_lighten(spec.frame, 0.25))
    draw.rounded_rectangle((MARGIN, MARGIN, W - MARGIN - 1, H - MARGIN - 1), radius=11, fill=PAPER)
    # Title bar with its emblem and, for unique cards, a diamond on the right.
    x0, y0, x1, y1 = TITLE_BOX
    draw.rounded_rectangle(TITLE_BOX, radius=10, fill=accent, outline=spec.frame, width=2)
    ecx, ecy = x0 + 28, (y0 + y1) / 2
    draw.ellipse((ecx - 21, ecy - 21, ecx + 21, ecy + 21), fill=WHITE, outline=spec.frame, width=2)
    _icon(draw, spec.emblem, ecx, ecy, 12, accent, WHITE)
    if spec.unique:
        ucx = x1 - 28
        draw.polygon([(ucx, ecy - 14), (ucx + 10, ecy), (ucx, ecy + 14), (ucx - 10, ecy)], fill=WHITE)
        draw.polygon([(ucx, ecy - 7), (ucx + 5, ecy), (ucx, ecy + 7), (ucx - 5, ecy)], fill=accent)
    tx0, ty0, tx1, ty1 = lay.title_box
    top = (ty0 + ty1 - lay.title.height) / 2
    for i, line in enumerate(lay.title.lines):
        draw_text(draw, ((tx0 + tx1) / 2, top + (i + 0.5) * lay.title.line_height), line, WHITE,
                  lay.title.size, "bold", "mm")
    # Type line.
    draw_text(draw, (W / 2, (TYPE_Y[0] + TYPE_Y[1]) / 2), lay.type_line.lines[0], accent, lay.type_line.size,
              "bold", "mm")
    # Stats.
    for (bx0, by0, bx1, by1), stat, value, label in zip(lay.stat_boxes, spec.stats, lay.stat_values,
                                                          lay.stat_labels):
        draw.rounded_rectangle((bx0, by0, bx1, by1), radius=8, fill=CHIP_BG, outline=accent, width=2)
        vw = value.font.getlength(value.lines[0])
        left = (bx0 + bx1 - (ICON_W + 5 + vw)) / 2
        vy = by0 + 18
        _icon(draw, stat.icon, left + ICON_W / 2, vy, 10, accent, CHIP_BG)
        draw_text(draw, (left + ICON_W + 5, vy), value.lines[0], INK, value.size, "bold", "lm")
        ly = by0 + 34 + (20 - label.height) / 2
        for i, line in enumerate(label.lines):
            draw_text(draw, ((bx0 + bx1) / 2, ly + (i + 0.5) * label.line_height), line, MUTED, label.size,
                      "regular", "mm")
    # Traits.
    if lay.traits is not None:
        for i, line in enumerate(lay.traits.lines):
            draw_text(draw, (W / 2, lay.traits_y + (i + 0.5) * lay.traits.line_height), line, INK,
                      lay.traits.size, "bold", "mm")
    # Text box.
    bx0, by0, bx1, by1 = lay.body_box
    draw.rounded_rectangle(lay.body_box, radius=8, fill=TEXT_BG, outline=TEXT_EDGE, width=1)
    body = lay.body
    inner_x = bx0 + 10
    if body.shadow:
        sy = by1 - 8 - body.shadow_h
        draw.rounded_rectangle((bx0 + 4, sy - 6, bx1 - 4, by1 - 4), radius=6, fill=SHADOW_BG)
        for ln in body.shadow:
            draw_text(draw, (inner_x, sy + ln.y + body.line_height / 2), ln.text, SHADOW_INK, body.size,
                      _weight(ln.role), "lm")
    top = by0 + 10
    colours = {"heading": accent, "note": MUTED, "keywords": INK, "body": INK}
    for ln in body.main:
        draw_text(draw, (inner_x, top + ln.y + body.line_height / 2), ln.text, colours.get(ln.role, INK),
                  body.size, _weight(ln.role), "lm")
    # The free part of the text box: the value drawn large, or the card's emblem as a light watermark.
    free_top = top + body.main_h + 6
    free_bottom = (by1 - 8 - body.shadow_h - body.gap) if body.shadow else by1 - 8
    free = free_bottom - free_top
    if free >= 90:
        cx, cy = W / 2, (free_top + free_bottom) / 2
        r = min(64, free / 2 - 8)
        if spec.big:
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=accent, outline=spec.frame, width=3)
            draw_text(draw, (cx, cy), spec.big, WHITE, round(r * 0.9), "bold", "mm")
        else:
            _icon(draw, spec.emblem, cx, cy, min(r, 48), _lighten(accent, 0.86), TEXT_BG)
    # Footer.
    fy = H - MARGIN - FOOTER_H / 2 - 2
    top = fy - lay.footer.height / 2
    for i, line in enumerate(lay.footer.lines):
        draw_text(draw, (W / 2, top + (i + 0.5) * lay.footer.line_height), line, MUTED, lay.footer.size,
                  "regular", "mm")
    return img


def _encode(img: Image.Image) -> bytes:
    """Palette PNG (255 colours, like render.common.encode_png) with the corners outside the card's
    rounded outline transparent (palette index 255)."""
    pal = img.quantize(255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    colours = pal.getpalette() or []
    colours = (colours + [0] * 768)[:765] + [0, 0, 0]
    pal.putpalette(colours)
    pal.paste(255, (0, 0, W, H), _corner_mask())
    buf = io.BytesIO()
    pal.save(buf, format="PNG", compress_level=3, transparency=255)
    return buf.getvalue()


def draw_card(card_id: str, lang: str = "en") -> bytes:
    """The PNG picture (W x H) of one card of the card index, in `lang`.

    KeyError for an id that is not in the index. Pure and thread-safe."""
    return _encode(_paint(card_layout(card_id, lang)))
