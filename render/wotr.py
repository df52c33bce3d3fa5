"""War of the Ring: the board drawn from an engine view (docs/wotr.md, "The board picture").

The map reads like the board: each region an area in its nation's colour (render/wotr_layout.py lays the
areas, the borders and every name out once), impassable borders thick and dark, the sea, settlements as
marks (town, city, stronghold, fortification), every region named, armies as chips in their nation's
colour (regulars, elites, leaders; Nazgûl black), characters as lettered discs, the Fellowship as a gold
disc. The regions of the pending choice are outlined in gold, those of the last move in white.

Two pictures:
- `draw_board(view, lang)`, sent with every message: the part of the map the view's decision is about
  (`focus_regions`; else the last move; else the Fellowship's surroundings), at a scale where names stay
  readable once Discord shows the image 550 px wide, over the tracks (render/wotr_tracks.py);
- `draw_full_map(view, lang)`: the whole map, the tracks and the legend.

Only what the view says is drawn; nothing here knows a rule. Speed: the empty map (areas, borders, marks)
is drawn once per process and kept; a board crops it, then draws names, pieces and tracks over the crop.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from PIL import Image, ImageFilter

from cards.wotr import load
from i18n import LANGUAGES
from render import png
from render import wotr_focus as _focus
from render.common import (
    INK,
    MUTED,
    WHITE,
    Canvas,
    _text_mask,
    dashed_line,
    draw_text,
    encode_png,
    fixed_palette,
    section,
    text_panel,
)
from render.common import _width as text_width
from render.kept import Kept, Rows, rows
from render.wotr_battle import BATTLE_H, draw_battle, draw_hunt, hunt_lines
from render.wotr_colours import (
    BORDER,
    COAST,
    FOCUS,
    IMPASSABLE,
    LAST_MOVE,
    NATION,
    NATION_LIGHT,
    NAZGUL,
    NEUTRAL,
    REVEALED,
    RING,
    SEA,
    SIDE_INK,
)
from render.wotr_layout import (
    LABEL_LINE,
    LABEL_SIZE,
    MAP_H,
    MAP_W,
    Box,
    Layout,
    Place,
    _contains,
    _overlaps,
    layout,
)
from render.wotr_tracks import BAND_MAX, BAND_W, HAND_H, HEADER_H, band, hand, header, names, status_lines
from render.wotr_tracks import _x as words

if TYPE_CHECKING:
    from engine.wotr.types import WotrView

CROP_W, CROP_H = BAND_W, 680            # the map's part in draw_board, in image pixels
PALETTE = "render.wotr_colours"
Chips = dict[str, list[Box]]              # each region's chips drawn, in a picture's pixels
CHAR_MARK = {"gandalf_grey": "Gg", "gandalf_white": "Gw", "strider": "St", "aragorn": "Ar", "boromir": "Bo",
             "legolas": "Le", "gimli": "Gi", "meriadoc": "Me", "peregrin": "Pe", "gollum": "Go",
             "saruman": "Sa", "witch_king": "WK", "mouth_of_sauron": "MS"}


@dataclass
class Picture:
    """A drawn board: the canvas (image and every text put on it), the map's windows (map pixels) and the
    map's place in the image, each named region's name box and each region's chips in image pixels (for
    tests)."""
    cv: Canvas
    windows: list[Box]
    map_box: Box
    names: dict[str, Box]
    focus: set[str]
    chips: Chips

    @property
    def img(self) -> Image.Image:
        return self.cv.img

    @property
    def labels(self) -> list[tuple[str, str]]:
        return self.cv.labels


# --- the empty map (kept) -------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _base() -> Image.Image:
    """Sea, areas, borders, links and settlement marks: no names (a crop draws those that fit it whole)."""
    lay, regions = layout("en"), load().regions
    img = Image.new("RGB", (MAP_W, MAP_H), SEA)
    cv = Canvas(img, "en")
    d = cv.draw
    for k, p in lay.places.items():
        d.polygon(p.cell, fill=area_colour(k))
    for b in lay.borders:
        if b.b is None:
            d.line(b.line, fill=COAST, width=3)
        elif not b.impassable:
            d.line(b.line, fill=BORDER, width=2)
    for b in lay.borders:           # impassable borders over the others, so their ends show
        if b.impassable:
            d.line(b.line, fill=IMPASSABLE, width=7, joint="curve")
    for one, other in lay.links:
        dashed_line(d, lay.places[one].site, lay.places[other].site, BORDER, 3, 12, 8)
    for k, p in lay.places.items():
        _mark(cv, regions[k].settlement, regions[k].nation, p)
    return img


def _mark(cv: Canvas, settlement: str | None, nation: str | None, p: Place) -> None:
    d = cv.draw
    x0, y0, x1, y1 = p.symbol or (0, 0, 0, 0)
    fill = NATION.get(nation or "", MUTED)
    if settlement is None:
        d.ellipse((x0, y0, x1, y1), fill=BORDER)
    elif settlement == "fortification":
        d.rectangle((x0, y0 + 6, x1, y1 - 6), fill=fill, outline=INK, width=2)
    else:
        d.rectangle((x0, y0, x1, y1), fill=fill, outline=INK, width=2)
        if settlement == "stronghold":
            d.rectangle((x0 + 5, y0 + 5, x1 - 5, y1 - 5), outline=WHITE, width=2)
        elif settlement == "city":
            d.ellipse((x0 + 8, y0 + 8, x1 - 8, y1 - 8), fill=WHITE)


# --- names and pieces, on a part of the map -------------------------------------------------------------

@dataclass(frozen=True)
class At:
    """Map pixels to a picture's pixels: x - dx (the map is drawn at its own size)."""
    dx: float
    dy: float

    def box(self, b: Box) -> Box:
        return b[0] - self.dx, b[1] - self.dy, b[2] - self.dx, b[3] - self.dy

    def point(self, x: float, y: float) -> tuple[float, float]:
        return x - self.dx, y - self.dy


@lru_cache(maxsize=4096)
def _halo(text: str, size: int) -> tuple[Image.Image, int, int]:
    """A name's mask grown by a few pixels: painted in the area's colour under the name, it hides the
    borders and links that pass behind it."""
    mask, left, top = _text_mask(text, size, "regular", "ma")
    grow = 2 if size > 12 else 1
    wide = Image.new("L", (mask.width + 2 * grow, mask.height + 2 * grow), 0)
    wide.paste(mask, (grow, grow))
    return wide.filter(ImageFilter.MaxFilter(2 * grow + 1)), left - grow, top - grow


def _name(cv: Canvas, p: Place, at: At, ground) -> None:
    size = LABEL_SIZE
    for i, line in enumerate(p.lines):
        cv.labels.append(("region", line))
        x, y = at.point((p.label[0] + p.label[2]) / 2, p.label[1] + i * LABEL_LINE + 1)
        halo, left, top = _halo(line, size)
        cv.draw.bitmap((round(x) + left, round(y) + top), halo, fill=ground)
        draw_text(cv.draw, (x, y), line, INK, size, anchor="ma")


def area_colour(region: str | None):
    """A region's area colour (its nation's, light); the sea's for None."""
    if region is None:
        return SEA
    nation = load().regions[region].nation
    return NATION_LIGHT[nation] if nation else NEUTRAL


def ground_colour(p: Place):
    """The colour under a name (its halo's): the area it stands on, a neighbour's for a pointed name."""
    return area_colour(p.ground)


def _icon(cv: Canvas, kind: str, x: float, cy: float, r: float, ink) -> None:
    d = cv.draw
    if kind == "regular":
        d.rectangle((x, cy - r, x + 2 * r, cy + r), fill=ink)
    elif kind == "elite":
        d.polygon([(x + r, cy - r - 1), (x + 2 * r + 1, cy), (x + r, cy + r + 1), (x - 1, cy)], fill=ink)
    elif kind == "leader":
        d.ellipse((x, cy - r, x + 2 * r, cy + r), fill=ink)
    else:                                            # a Nazgûl: a winged triangle
        d.polygon([(x - 1, cy - r), (x + 2 * r + 1, cy - r), (x + r, cy + r + 1)], fill=ink)


def _standing(view: WotrView) -> dict[str, list[tuple]]:
    """What stands in each region, in drawing order: armies by nation, Nazgûl, characters, the Fellowship; each
    a chip (kind, colour, what it says, whose: a nation, a character or "fellowship")."""
    out: dict[str, list[tuple]] = {}
    for region, units in sorted(view["armies"].items()):
        nazgul = 0
        for nation in sorted(units or {}):
            u = units[nation] or {}
            counts = [(k, int(u.get(k) or 0)) for k in ("regular", "elite", "leader") if u.get(k)]
            nazgul += int(u.get("nazgul") or 0)
            if counts:
                out.setdefault(region, []).append(("army", NATION.get(nation, INK), counts, nation))
        if nazgul:
            out.setdefault(region, []).append(("army", NAZGUL, [("nazgul", nazgul)], "sauron"))
    chars = load().characters
    for c, where in sorted(view["characters"].items()):
        if isinstance(where, str) and where in load().regions:
            ink = SIDE_INK["shadow" if c in chars and chars[c].side == "shadow" else "free_peoples"]
            out.setdefault(where, []).append(("char", ink, CHAR_MARK.get(c, c[:2]), c))
    f = view["fellowship"]
    if f.get("pos") in load().regions and f.get("mordor") is None:
        out.setdefault(f["pos"], []).append(("fellowship", RING if f.get("hidden") else REVEALED,
                                              str(f.get("progress", 0)), "fellowship"))
    return out


CHIP_H, CHIP_TEXT = 28, 20     # a piece's chip and its text (20 px: 12 px once a board shows 550 px wide)


def _width(item: tuple, s: float, pad: float) -> float:
    """A chip's width at size s with `pad` px round its parts (the text stays CHIP_TEXT x s)."""
    size = max(6, round(CHIP_TEXT * s))
    if item[0] == "army":
        return pad * s + sum(12 * s + 2 + text_width(str(n), size, "bold") + pad * s for _, n in item[2])
    return max(CHIP_H * s, text_width(item[2], size, "bold") + 2 * pad * s)


def _draw_item(cv: Canvas, item: tuple, x: float, y: float, s: float, pad: float) -> Box:
    """One chip at (x, y); returns its rectangle."""
    d, h = cv.draw, CHIP_H * s
    size = max(6, round(CHIP_TEXT * s))
    kind, ink, what, _ = item
    w = _width(item, s, pad)
    if kind == "army":
        d.rounded_rectangle((x, y, x + w, y + h), radius=h / 3, fill=ink, outline=WHITE)
        cx = x + pad * s
        for k, n in what:
            _icon(cv, k, cx, y + h / 2, 6 * s, WHITE)
            cx += 12 * s + 2
            draw_text(d, (cx, y + h / 2), str(n), WHITE, size, "bold", "lm")
            cv.labels.append(("army", f"{k}{n}"))
            cx += text_width(str(n), size, "bold") + pad * s
    else:                      # a disc, or a pill for a wide mark ("WK", "+12")
        d.rounded_rectangle((x, y, x + w, y + h), radius=h / 2, fill=ink,
                            outline=INK if kind == "fellowship" else WHITE, width=2)
        draw_text(d, (x + w / 2, y + h / 2), what, INK if kind == "fellowship" else WHITE, size, "bold", "mm")
        cv.labels.append(({"fellowship": "fellowship", "more": "more"}.get(kind, "character"), what))
    return x, y, x + w, y + h


def _wrap_items(widths: list[float], width: float) -> list[list[int]]:
    rows_of: list[list[int]] = [[]]
    used = 0.0
    for i, w in enumerate(widths):
        if used + w > width and rows_of[-1]:
            rows_of.append([])
            used = 0.0
        rows_of[-1].append(i)
        used += w
    return rows_of


# How a region's pieces may be fitted to its box, in order: (size, padding). A board keeps its chips' text at
# 20 px (12 px at 550 px), only closing them up; the full map also shrinks them as a crowd needs.
BOARD_FITS = ((1.0, 6), (1.0, 2))
FULL_FITS = (*BOARD_FITS, *((k, 2) for k in (0.85, 0.75, 0.62, 0.5, 0.42, 0.36)))
OVERFLOW_GAP = 2           # kept between a crowd's rows beyond its box and anything else


@dataclass
class Room:
    """Where a crowd's rows beyond its pieces box may go on a map part (map pixels): inside `bounds`, on the
    ground its name stands on (elsewhere they would read as the neighbour's), clear of every other region's
    name and pieces box, of every mark and of the rows already put beyond a box (`beyond`)."""
    bounds: Box
    lay: Layout
    beyond: list[Box] = field(default_factory=list)

    def free(self, p: Place, region: str, box: Box) -> bool:
        centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if not _inside(box, self.bounds) or (p.ground and not _contains(list(self.lay.places[p.ground].cell), centre)):
            return False
        near = lambda b: _overlaps(box, b, OVERFLOW_GAP)
        return not any(map(near, self.beyond)) and not any(
            (r != region and (near(q.label) or near(q.pieces))) or (q.symbol and near(q.symbol))
            for r, q in self.lay.places.items())


def _room(lay: Layout, window: Box) -> Room:
    return Room((max(window[0], 0), max(window[1], 0), min(window[2], MAP_W), min(window[3], MAP_H)), lay)


def _count(item: tuple) -> int:
    """How many pieces a chip stands for."""
    return sum(n for _, n in item[2]) if item[0] == "army" else 1


def _beyond(p: Place, w: float, h: float) -> list[Box]:
    """Where rows w x h beyond a region's pieces box may go, in order: under it, over its name (centred,
    then shifted either way), beside the block (level with its pieces, then with its name)."""
    x0, y0, x1, y1 = p.pieces
    left, right, top = min(p.label[0], x0), max(p.label[2], x1), p.label[1]
    g = OVERFLOW_GAP
    out = [(c - w / 2, y, c + w / 2, y + h) for y in (y1, top - h) for c in ((x0 + x1) / 2, x0, x1)]
    return out + [(x, y, x + w, y + h) for y in (y1 - h, top) for x in (right + g, left - g - w)]


@dataclass(frozen=True)
class Arranged:
    """A region's chips placed (map pixels): each chip and its top left corner, their size and padding, and
    the pieces a "+N" chip stands for (none drawn)."""
    chips: list[tuple[tuple, float, float]]
    s: float
    pad: float
    left_out: list[tuple]

    def boxes(self) -> list[Box]:
        h = CHIP_H * self.s
        return [(x, y, x + _width(item, self.s, self.pad), y + h) for item, x, y in self.chips]


def arrange(items: list[tuple], region: str, p: Place, fits: tuple[tuple[float, float], ...], room: Room) -> Arranged:
    """The region's pieces inside its pieces box, at the first of `fits` where they fit in as many rows as
    the box holds. A crowd beyond the last takes rows where they cover nothing (`room`): under the box,
    over the name or beside the block; where none is free, the box's last chip says how many pieces it
    leaves out ("+3"): the full map shows them. The picture draws this; so does the web map."""
    if not items:
        return Arranged([], 1.0, 0, [])
    x0, y0, x1, y1 = p.pieces
    width, height = x1 - x0, y1 - y0
    for s, pad in fits:
        widths = [_width(i, s, pad) + pad / 2 for i in items]
        rows_of = _wrap_items(widths, width)
        if len(rows_of) * CHIP_H * s <= height + 1:   # rows touching (white-edged): a stronghold's two in 56 px
            break
    h = CHIP_H * s
    held = max(1, int((height + 1) // h))
    inside, beyond = rows_of[:held], rows_of[held:]
    spots: list[tuple[list[list[int]], float, float]] = [(inside, x0, y0 + max(0.0, (height - h * len(inside)) / 2))]
    left: list[int] = []
    if beyond:
        w = max(sum(widths[i] for i in row) for row in beyond)
        spot = next((b for b in _beyond(p, w, h * len(beyond)) if room.free(p, region, b)), None)
        if spot is not None:
            room.beyond.append(spot)
            spots.append((beyond, spot[0], spot[1]))
        else:                                         # the last chips give way to a "+N" chip
            left = [i for row in beyond for i in row]
            while True:
                more = ("more", MUTED, f"+{sum(_count(items[i]) for i in left)}", "")
                wide = _width(more, s, pad) + pad / 2
                if sum(widths[i] for i in inside[-1]) + wide <= width or len(inside[-1]) == 0:
                    break
                left.insert(0, inside[-1].pop())
            items = [*items, more]
            widths = [*widths, wide]
            inside[-1].append(len(items) - 1)
    placed = []
    for rows_here, left_x, top in spots:
        for r, row in enumerate(rows_here):
            total = sum(widths[i] for i in row)
            span = x1 - x0 if rows_here is inside else max(sum(widths[i] for i in q) for q in rows_here)
            x = left_x + max(0.0, (span - total) / 2)
            for i in row:
                placed.append((items[i], x, top + r * h))
                x += widths[i]
    return Arranged(placed, s, pad, [items[i] for i in left])


def _sieges(cv: Canvas, view: WotrView, p: Place, region: str, at: At) -> None:
    """A besieged stronghold ringed in the besiegers' colour; a captured settlement crossed in its captor's."""
    d = cv.draw
    x0, y0, x1, y1 = at.box(p.symbol or (0, 0, 0, 0))
    w = 4
    besieged = view["sieges"].get(region)
    if besieged:
        ink = SIDE_INK["shadow" if besieged == "free_peoples" else "free_peoples"]
        d.ellipse((x0 - w, y0 - w, x1 + w, y1 + w), outline=ink, width=w)
    captor = view["captured"].get(region)
    if captor:
        ink = SIDE_INK.get(captor, INK)
        d.line((x0, y0, x1, y1), fill=ink, width=w)
        d.line((x0, y1, x1, y0), fill=ink, width=w)


def _outline(cv: Canvas, p: Place, at: At, ink) -> None:
    points = [at.point(x, y) for x, y in p.cell]
    cv.draw.line(points + points[:1], fill=ink, width=6, joint="curve")


def _inside(box: Box, window: Box) -> bool:
    return box[0] >= window[0] and box[1] >= window[1] and box[2] <= window[2] and box[3] <= window[3]


def _touches(box: Box, window: Box) -> bool:
    return box[0] < window[2] and window[0] < box[2] and box[1] < window[3] and window[1] < box[3]


def _seen(lay: Layout, window: Box) -> tuple[dict[str, Place], set[str]]:
    """The regions a window touches, and those whose name and pieces it draws: only where both lie whole in
    it (a chip cut at the edge would miscount an army; the regions a crop is about always do), a pointed
    one only with its mark, where its pointer leads (else it reads as its ground's)."""
    seen = {r: p for r, p in lay.places.items() if _touches(p.extent, window)}
    whole = {r for r, p in seen.items() if _inside(p.label, window) and _inside(p.pieces, window)
             and (not p.pointer or _inside(p.symbol or p.label, window))}
    return seen, whole


def arrangements(view: WotrView, lay: Layout, window: Box, fits: tuple[tuple[float, float], ...]) -> dict[str, Arranged]:
    """Each region drawn in `window`: its chips as `arrange` places them (map pixels), in drawing order (a
    crowd's rows beyond its box take the room the regions before it left)."""
    seen, whole = _seen(lay, window)
    standing = _standing(view)
    room = _room(lay, window)
    return {r: arrange(standing.get(r, []), r, p, fits, room) for r, p in seen.items() if r in whole}


def _map_part(cv: Canvas, view: WotrView, lay: Layout, window: Box, focus: set[str],
              last: set[str], fits: tuple[tuple[float, float], ...] = BOARD_FITS) -> tuple[dict[str, Box], Chips]:
    """Names, highlights and pieces of the regions in `window` (map pixels) drawn on cv, whose (0, 0) is the
    window's corner. Returns the name boxes and each region's chips drawn, in cv's pixels."""
    at = At(window[0], window[1])
    seen, whole = _seen(lay, window)
    for r in sorted(last & set(seen)):
        _outline(cv, seen[r], at, LAST_MOVE)
    for r in sorted(focus & set(seen)):
        _outline(cv, seen[r], at, FOCUS)
    for r in sorted(whole):
        p = seen[r]
        if p.pointer:
            x0, y0, x1, y1 = p.label[0], p.label[1], p.label[2], p.pieces[3]
            end = (min(max(p.site[0], x0), x1), min(max(p.site[1], y0), y1))   # the block's nearest point
            cv.draw.line([at.point(*p.site), at.point(*end)], fill=INK, width=2)
    arrow = cast("list[str] | None", view.get("arrow"))       # the map part's [from, to] of the last move
    if arrow and all(r in lay.places for r in arrow):
        _arrow(cv, at.point(*lay.places[arrow[0]].site), at.point(*lay.places[arrow[1]].site))
    names: dict[str, Box] = {}
    chips: Chips = {}
    placed = arrangements(view, lay, window, fits)
    for r, p in seen.items():
        _sieges(cv, view, p, r, at)
        if r in placed:
            _name(cv, p, at, ground_colour(p))
            names[r] = at.box(p.label)
            got = placed[r]
            if got.chips:
                chips[r] = [_draw_item(cv, item, *at.point(x, y), got.s, got.pad) for item, x, y in got.chips]
    return names, chips


def left_out(view: WotrView, lang: str, full: bool = False) -> dict[str, list[tuple]]:
    """The pieces a "+N" chip stands for, region by region, on the board (or the full map)."""
    view = view if isinstance(view, dict) else cast("WotrView", {})
    lay = layout(lang)
    windows = [(0, 0, MAP_W, MAP_H)] if full else crop_windows(lay, shown_regions(view)[2])
    out: dict[str, list[tuple]] = {}
    for window in windows:
        for r, got in arrangements(view, lay, window, FULL_FITS if full else BOARD_FITS).items():
            if got.left_out:
                out[r] = got.left_out
    return out


def alt_notes(view: WotrView, lang: str, full: bool = False) -> str:
    """What the picture's "+N" chips stand for, in words (for its alt text): "Dale, under “+4”: North 2
    regulars, 1 elite; Gimli."."""
    lines = []
    for region, items in sorted(left_out(view, lang, full).items()):
        units: dict[str, dict[str, int]] = {}
        others = []
        for kind, _, what, who in items:
            if kind == "army":
                for k, n in what:
                    units.setdefault(who, {})[k] = n
            else:
                others.append(words("more_fellowship", lang) if kind == "fellowship" else names.name(who, lang))
        pieces = "; ".join(([names.units_text(units, lang)] if units else []) + others)
        lines.append(words("more", lang, region=names.name(region, lang), n=sum(_count(i) for i in items),
                           pieces=pieces))
    return " ".join(lines)


def _arrow(cv: Canvas, a: tuple[float, float], b: tuple[float, float]) -> None:
    """The last move, from where to where: a white shaft edged in ink, its head short of the centre."""
    (x0, y0), (x1, y1) = a, b
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    head, wide = 22, 10
    tip = (x1 - ux * 14, y1 - uy * 14)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    wing = [(base[0] - uy * wide, base[1] + ux * wide), tip, (base[0] + uy * wide, base[1] - ux * wide)]
    start = (x0 + ux * 14, y0 + uy * 14)
    for ink, width in ((INK, 9), (LAST_MOVE, 5)):
        cv.draw.line([start, base], fill=ink, width=width)
    cv.draw.polygon(wing, fill=LAST_MOVE, outline=INK, width=2)


# --- which part of the map ------------------------------------------------------------------------------

def _extent(lay: Layout, regions: set[str]) -> Box | None:
    boxes = [b for k in regions if k in lay.places
             for b in (lay.places[k].label, lay.places[k].pieces, lay.places[k].symbol) if b]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def shown_regions(view: WotrView) -> tuple[set[str], set[str], set[str]]:
    """(focus, last move, the regions the crop must show): the decision's regions, else the last move, else
    the Fellowship with its neighbours (Mordor's regions once it is on the Mordor track)."""
    focus, last = _focus.focus_regions(view), _focus.last_move_regions(view)
    shown = set(focus or last)
    if not shown:
        regions = load().regions
        f: dict[str, Any] = (view.get("fellowship") or {}) if isinstance(view, dict) else {}
        if f.get("mordor") is not None:
            shown = {"gorgoroth", "morannon", "minas_morgul", "barad_dur", "nurn"}
        elif f.get("pos") in regions:
            shown = {f["pos"], *regions[f["pos"]].adjacent}
    return focus, last, shown


PAD = 30                  # kept round what a crop must show, in map pixels
GAP = 6                   # between two crops, in image pixels
HALVES = ((CROP_W // 2 - GAP // 2, CROP_H), (CROP_W, CROP_H // 2 - GAP // 2))   # side by side, stacked


def _window(ext: Box, w: float, h: float) -> Box:
    """A w x h window of the map centred on ext, kept on the map."""
    cx, cy = (ext[0] + ext[2]) / 2, (ext[1] + ext[3]) / 2
    left, top = max(0.0, min(MAP_W - w, cx - w / 2)), max(0.0, min(MAP_H - h, cy - h / 2))
    return (round(left), round(top), round(left + w), round(top + h))


def _fits(ext: Box | None, w: float, h: float) -> bool:
    return ext is not None and ext[2] - ext[0] + 2 * PAD <= w and ext[3] - ext[1] + 2 * PAD <= h


def _cover(lay: Layout, shown: list[str], w: float, h: float) -> tuple[Box, list[str]]:
    """The w x h window, centred on one of the shown regions, that holds the most of them whole."""
    best: tuple[Box, list[str]] | None = None
    for r in shown:
        window = _window(_extent(lay, {r}) or (0, 0, MAP_W, MAP_H), w, h)
        held = [s for s in shown if _inside(_extent(lay, {s}) or window, window)]
        if best is None or len(held) > len(best[1]):
            best = window, held
    assert best is not None
    return best


def crop_windows(lay: Layout, shown: set[str]) -> list[Box]:
    """The windows of the map (map pixels, drawn at full size: names 20 px, 12 px once the picture shows 550
    px wide) that a board shows: one CROP_W x CROP_H window holding every shown region's name, pieces and
    mark; else two half windows side by side or stacked, the shown regions split between them at their
    widest gap; else (a choice spread over the map) the one or two windows holding the most of them (the
    full map, from its button, shows the rest)."""
    regions = sorted(r for r in shown if r in lay.places)
    ext = _extent(lay, set(regions))
    if ext is None:
        return [_window((0, 0, MAP_W, MAP_H), CROP_W, CROP_H)]
    if _fits(ext, CROP_W, CROP_H):
        return [_window(ext, CROP_W, CROP_H)]
    splits = []
    for axis, (w, h) in enumerate(HALVES):
        centre = {r: sum((_extent(lay, {r}) or ext)[axis::2]) / 2 for r in regions}
        order = sorted(regions, key=lambda r: (centre[r], r))
        for i in range(1, len(order)):
            a, b = _extent(lay, set(order[:i])), _extent(lay, set(order[i:]))
            if _fits(a, w, h) and _fits(b, w, h):
                splits.append((centre[order[i]] - centre[order[i - 1]], -axis, a, b, w, h))
    if splits:
        *_, a, b, w, h = max(splits, key=lambda s: s[:2])
        return [_window(a, w, h), _window(b, w, h)]
    whole = _cover(lay, regions, CROP_W, CROP_H)
    best = [whole[0]]
    held = len(whole[1])
    for w, h in HALVES:
        first, got = _cover(lay, regions, w, h)
        rest = [r for r in regions if r not in got]
        if rest:
            second, more = _cover(lay, rest, w, h)
            if len(got) + len(more) > held:
                best, held = sorted([first, second]), len(got) + len(more)
    return best


def _cut(window: Box) -> Image.Image:
    """The empty map's part under window; sea where the window passes the map's edge."""
    base = _base()
    x0, y0, x1, y1 = (round(v) for v in window)
    if x0 >= 0 and y0 >= 0 and x1 <= base.width and y1 <= base.height:
        return base.crop((x0, y0, x1, y1))
    img = Image.new("RGB", (x1 - x0, y1 - y0), SEA)
    img.paste(base, (-x0, -y0))
    return img


def _places(windows: list[Box]) -> list[tuple[int, int]]:
    """Where each window sits in the map piece: one fills it; two sit side by side or stacked."""
    if len(windows) == 1:
        return [(0, 0)]
    w, h = round(windows[1][2] - windows[1][0]), round(windows[1][3] - windows[1][1])
    return [(0, 0), (CROP_W - w, 0)] if w < CROP_W else [(0, 0), (0, CROP_H - h)]


# --- the pictures ---------------------------------------------------------------------------------------

# A board is three pieces of rows (render/kept.py): the header, the map's part, the tracks. Each is drawn
# from a part of the view holding only what it shows and kept by a digest of that part: the boards of one
# action for its readers, and of the actions that leave the map or the tracks as they were, neither draw,
# quantise nor compress that piece again. The PNG joins the pieces' compressed rows (render/png.py).

MAP_KEYS = ("armies", "characters", "sieges", "captured")
BAND_KEYS = ("fellowship", "politics", "hunt", "dice", "vp", "rings")
_kept = Kept(24)           # the pieces of the last few actions; a map piece is ~2 MB (24: ~45 MB at most)


def _header_piece(part: dict, lang: str) -> Rows:
    cv = Canvas(Image.new("RGB", (BAND_W, HEADER_H), WHITE), lang)
    section(cv, header, cv, part["lines"], 0, BAND_W)
    return rows(cv.img, cv.labels, PALETTE)


def _map_piece(part: dict, lang: str) -> tuple[Rows, dict[str, Box], Chips]:
    windows = [tuple(w) for w in part["windows"]]
    img = Image.new("RGB", (CROP_W, CROP_H), WHITE)
    cv = Canvas(img, lang)
    names: dict[str, Box] = {}
    chips: Chips = {}
    for window, (x, y) in zip(windows, _places(windows), strict=True):
        sub = Canvas(_cut(window), lang)

        def map_part(sub=sub, window=window, x=x, y=y) -> None:    # named for section's log
            shown = cast("WotrView", part)  # the map's keys of the view, and where the map is cut
            drawn, drawn_chips = _map_part(sub, shown, layout(lang), window, set(part["focus"]), set(part["last"]))
            names.update({r: _shift(b, x, y) for r, b in drawn.items()})
            for r, boxes in drawn_chips.items():
                chips.setdefault(r, []).extend(_shift(b, x, y) for b in boxes)
        section(sub, map_part)
        img.paste(sub.img, (x, y))
        cv.labels += sub.labels
    return rows(cv.img, cv.labels, PALETTE), names, chips


def _shift(b: Box, x: float, y: float) -> Box:
    return b[0] + x, b[1] + y, b[2] + x, b[3] + y


def _band_piece(part: WotrView, lang: str) -> Rows:
    cv = Canvas(Image.new("RGB", (BAND_W, BAND_MAX), WHITE), lang)
    end = [BAND_MAX]

    def tracks() -> None:           # named for section's log
        end[0] = band(cv, part, 0)
    section(cv, tracks)
    return rows(cv.img, cv.labels, PALETTE, 0, min(end[0], BAND_MAX))


def _hand_piece(part: dict, lang: str) -> Rows:
    cv = Canvas(Image.new("RGB", (BAND_W, HAND_H), WHITE), lang)
    section(cv, hand, cv, part["hand"], 0)
    return rows(cv.img, cv.labels, PALETTE)


def _battle_piece(part: WotrView, lang: str) -> Rows:
    cv = Canvas(Image.new("RGB", (BAND_W, BATTLE_H), WHITE), lang)
    section(cv, draw_battle, cv, part, 0, BAND_W)
    return rows(cv.img, cv.labels, PALETTE)


def _hunt_piece(part: dict, lang: str) -> Rows:
    cv = Canvas(Image.new("RGB", (BAND_W, BATTLE_H), WHITE), lang)
    section(cv, draw_hunt, cv, part["lines"], 0, BAND_W)
    return rows(cv.img, cv.labels, PALETTE)


def _board(view: WotrView, lang: str) -> tuple[list[Rows], dict[str, Box], Chips, list[Box], set[str]]:
    """The board's pieces of rows, top to bottom; the names and chips drawn (in the map piece's pixels), the
    windows and the regions shown.
    Its parts are read with .get: it runs outside a drawing's section, on any view."""
    view = view if isinstance(view, dict) else cast("WotrView", {})
    focus, last, shown = shown_regions(view)
    windows = crop_windows(layout(lang), shown)
    f = view.get("fellowship") if isinstance(view.get("fellowship"), dict) else {}
    move = view.get("last_move") if isinstance(view.get("last_move"), dict) else None
    map_part = {"windows": windows, "focus": sorted(focus), "last": sorted(last),
                "arrow": [move["from"], move["to"]] if move else None,
                "fellowship": {key: f.get(key) for key in ("pos", "hidden", "progress", "mordor")},
                **{key: view.get(key) for key in MAP_KEYS}}
    cards = view.get("cards") if isinstance(view.get("cards"), dict) else {}
    band_part = cast("WotrView", {"cards": {"hand_sizes": cards.get("hand_sizes")},
                                  **{key: view.get(key) for key in BAND_KEYS}})  # the tracks' keys of the view
    map_rows, names, chips = _kept.piece(_map_piece, map_part, lang)
    pieces = [_kept.piece(_header_piece, {"lines": status_lines(view, lang)}, lang), map_rows]
    hunt = hunt_lines(view, lang)
    if view.get("battle"):        # the battle under way, under the map
        pieces.append(_kept.piece(_battle_piece, cast("WotrView", {"battle": view["battle"]}), lang))
    elif hunt:                    # the Hunt's damage to take: its roll and tile
        pieces.append(_kept.piece(_hunt_piece, {"lines": hunt}, lang))
    pieces.append(_kept.piece(_band_piece, band_part, lang))
    if isinstance(cards.get("hand"), list):
        pieces.append(_kept.piece(_hand_piece, {"hand": cards["hand"]}, lang))
    return pieces, names, chips, windows, shown


def render(view: WotrView, lang: str = "en") -> Picture:
    """draw_board's picture, assembled from its pieces (for tests): header, the part of the map the view is
    about, the tracks."""
    pieces, names, chips, windows, shown = _board(view, lang)
    out = Image.new("RGB", (BAND_W, sum(r.y1 - r.y0 for r in pieces)), WHITE)
    cv = Canvas(out, lang)
    y = 0
    for r in pieces:
        out.paste(r.img.crop((0, r.y0, BAND_W, r.y1)), (0, y))
        cv.labels += r.labels
        y += r.y1 - r.y0
    shown_names = {r: _shift(b, 0, HEADER_H) for r, b in names.items()}
    shown_chips = {r: [_shift(b, 0, HEADER_H) for b in boxes] for r, boxes in chips.items()}
    return Picture(cv, windows, (0, HEADER_H, CROP_W, HEADER_H + CROP_H), shown_names, shown, shown_chips)


def render_full(view: WotrView, lang: str = "en") -> Picture:
    """draw_full_map's picture: header, the whole map, the tracks and the legend beside them."""
    view = view if isinstance(view, dict) else cast("WotrView", {})
    lay = layout(lang)
    focus, last, _ = shown_regions(view)
    cards = view.get("cards") if isinstance(view.get("cards"), dict) else {}
    held = cards.get("hand") if isinstance(cards.get("hand"), list) else None
    bh = BAND_MAX + (HAND_H if held is not None else 0)
    out = Image.new("RGB", (MAP_W, HEADER_H + MAP_H + bh), WHITE)
    out.paste(_base(), (0, HEADER_H))
    cv = Canvas(out, lang)
    window = (0, -HEADER_H, MAP_W, MAP_H)            # the map's (0, 0) is the image's (0, HEADER_H)
    names: dict[str, Box] = {}
    chips: Chips = {}

    def map_part() -> None:         # named for section's log
        drawn, drawn_chips = _map_part(cv, view, lay, window, focus, last, FULL_FITS)
        names.update(drawn)
        chips.update(drawn_chips)
    section(cv, map_part)
    section(cv, header, cv, status_lines(view, lang), 0, MAP_W)
    section(cv, band, cv, view, HEADER_H + MAP_H)
    if held is not None:
        section(cv, hand, cv, held, HEADER_H + MAP_H + BAND_MAX)
    section(cv, _legend, cv, (BAND_W + 20, HEADER_H + MAP_H + 10, MAP_W - 20, HEADER_H + MAP_H + bh - 10))
    return Picture(cv, [(0, 0, MAP_W, MAP_H)], (0, HEADER_H, MAP_W, HEADER_H + MAP_H), names, set(lay.places),
                   chips)


def _legend(cv: Canvas, box: Box) -> None:
    x0, y0, x1, y1 = (int(v) for v in box)
    text_panel(cv.draw, (x0, y0, x1, y1), words("legend_title", cv.lang), words("legend", cv.lang).split(" · "),
               size=20)
    cv.labels.append(("legend", words("legend", cv.lang)))


def warm() -> None:
    """Build now what a drawing process's first boards would build in a player's action (measured: the
    first crop cost its board 100-130 ms of CPU, the real path's worst actions): the empty map, and
    every region's name mask, in every language. Once per drawing process, when it starts
    (bot/messages.py)."""
    _base()
    for lang in LANGUAGES:
        for p in layout(lang).places.values():
            for line in p.lines:
                _halo(line, LABEL_SIZE)
                _text_mask(line, LABEL_SIZE, "regular", "ma")


def draw_board(view: WotrView, lang: str = "en") -> bytes:
    """The image sent with each message: the part of the map the view's decision is about, over the tracks.
    Thread-safe."""
    return png.join([r.band for r in _board(view, lang)[0]], fixed_palette(PALETTE))


def draw_full_map(view: WotrView, lang: str = "en") -> bytes:
    """The whole map with the tracks (the "Full map" button and /lotr map)."""
    return encode_png(render_full(view, lang).img, palette_of=PALETTE, compress_level=6)


def focus_regions(view: WotrView) -> set[str]:
    """The regions the view's pending decision is about (presentation only: read from the view)."""
    return _focus.focus_regions(view)

