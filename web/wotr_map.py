"""War of the Ring's map as vector graphics (SVG) for the web table's pages, from the very geometry the
Pillow map is drawn from (render/wotr_layout.py: each region's area, borders, links, where its name and its
pieces go), so both name every region at the same place (tests/web/test_wotr_map.py). Each region is a
group one can hover, tap or reach with the keyboard: its title says in words what stands there (the
presenter's words); the pieces shown are those the picture draws (render/wotr.py). Built from the view
alone."""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from bot.controls import fingerprint
from cards.wotr import load
from i18n import LANGUAGES, t
from present import wotr as words
from render.common import INK, WHITE
from render.common import _width as text_width
from render.wotr import CHIP_H, CHIP_TEXT, FULL_FITS, arrangements
from render.wotr import _width as chip_width
from render.wotr_colours import BORDER, COAST, IMPASSABLE, NATION_LIGHT, NEUTRAL, SEA
from render.wotr_focus import last_move_regions
from render.wotr_layout import LABEL_LINE, LABEL_SIZE, MAP_H, MAP_W, Box, layout

if TYPE_CHECKING:
    from engine.wotr.types import WotrView
    from web.choices import Pick, Play

ARROW_GAP = 40  # map pixels between the last move's arrowhead and the site it points at
# The smallest a name may show on screen, in CSS pixels: map.js never zooms out further than names at
# LABEL_SIZE x `name_growth` map pixels show this big, and grows names up to that factor as it zooms out.
NAME_FLOOR = 10


@dataclass(frozen=True)
class Chip:
    """A piece's chip as the picture draws it (render/wotr.py `_draw_item`), in map pixels."""
    box: Box
    radius: float
    fill: str
    edge: str
    ink: str
    size: float                                   # its text's size
    marks: list[tuple[str, float, float, float]]  # an army's icons: (kind, x, centre y, half size)
    texts: list[tuple[float, float, str, str]]    # (x, centre y, text, anchor)


@dataclass(frozen=True)
class Start:
    """An action a seat may begin at a region (web/acting.py's `a`, `r`): what it does and the die it uses."""

    label: str
    die: str
    key: str     # the action's fingerprint
    region: str  # where it begins (its follow-up, the army there, is taken with it)


@dataclass(frozen=True)
class Region:
    key: str
    points: str              # its area, "x,y x,y ..."
    fill: str
    title: str               # what stands there, in words
    names: list[tuple[float, float, str]]   # each line of its name: x (centre), y (top), text
    centre: tuple[float, float]              # its name's centre (map.js grows names about it)
    chips: list[Chip]                        # its pieces, laid out as the full map's picture lays them
    last: bool               # the last move touched it
    name: str                # its name, for its accessible name
    pick: Pick | None = None  # on a seat's page: picking it answers the question asked (lit on the map)
    starts: tuple[Start, ...] = ()  # on a seat's page choosing a die: the actions begun here (a click lists them)
    selected: bool = False   # the piece chosen here moves on: the page asks where (kept highlighted)


REGION_FIELDS = ("from", "to", "region")  # an action's fields naming a region it concerns
SELECTED_FROM = ("army_move",)  # decisions moving the piece chosen at `from`: kept highlighted there


def _rgb(colour: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02x}" for c in colour[:3])


def _chip(item: tuple, x: float, y: float, s: float, pad: float) -> Chip:
    kind, ink, what, _ = item
    h, w = CHIP_H * s, chip_width(item, s, pad)
    size = max(6, round(CHIP_TEXT * s))
    if kind == "army":
        marks, texts, cx = [], [], x + pad * s
        for k, n in what:
            marks.append((k, cx, y + h / 2, 6 * s))
            cx += 12 * s + 2
            texts.append((cx, y + h / 2, str(n), "start"))
            cx += text_width(str(n), size, "bold") + pad * s
        return Chip((x, y, x + w, y + h), h / 3, _rgb(ink), _rgb(WHITE), _rgb(WHITE), size, marks, texts)
    fellowship = kind == "fellowship"
    return Chip((x, y, x + w, y + h), h / 2, _rgb(ink), _rgb(INK if fellowship else WHITE),
                _rgb(INK if fellowship else WHITE), size, [], [(x + w / 2, y + h / 2, what, "middle")])


def _contents(view: WotrView, region: str, lang: str) -> str:
    """What stands in `region`, in words: its name and settlement, armies, characters, the Fellowship."""
    data = load().regions[region]
    head = words.name(region, lang)
    kind = [t(f"web.map.{data.settlement}", lang)] if data.settlement else []
    nation = [words.name(data.nation, lang)] if data.nation else []
    lines = [f"{head} ({', '.join(nation + kind)})" if nation or kind else head]
    army = (view.get("armies") or {}).get(region)
    if army:
        lines.append(words.units_text(army, lang))
    if region in (view.get("sieges") or {}):
        lines.append(t("wotr_play.besieged", lang))
    captured = (view.get("captured") or {}).get(region)
    if captured:
        lines.append(t("wotr_play.captured", lang, side=words.name(captured, lang)))
    here = sorted(words.name(c, lang) for c, where in (view.get("characters") or {}).items() if where == region)
    if here:
        lines.append(", ".join(here))
    fellowship = view.get("fellowship") or {}
    if fellowship.get("pos") == region and fellowship.get("mordor") is None:
        lines.append(words.fellowship_line(view, lang))
    return "\n".join(lines)


def starts(view: WotrView, lang: str, play: Play | None) -> dict[str, list[Start]]:
    """While the seat chooses its die or action (the view's decision then says where actions begin), before it
    goes into a menu, each region's actions: those naming it (an attack from or on
    it, a recruit there) and those the view's decision says begin there (an army that may move, the
    Fellowship, characters), each with its die, in the decision's order. Only the seat's own legal actions
    (the view's decision lists them for it alone); web/acting.py takes one through the controls' menus."""
    decision: Any = view.get("decision") or {}
    if play is None or play.stepped or "starts" not in decision:
        return {}  # not the seat's die to choose, or a question chosen already (its regions lit)
    known = load().regions
    out: dict[str, list[Start]] = {}

    def add(region: str, action: dict, said: dict) -> None:
        shown = Start(words.describe_action({k: v for k, v in said.items() if k != "die"}, view, lang),
                      t("bot_wotr.die_actions", lang, face=words.name(str(action["die"]), lang)) if action.get("die") else "",
                      fingerprint(action), region)
        if shown not in out.setdefault(region, []):
            out[region].append(shown)

    for action in decision.get("actions") or []:
        for region in {v for f in REGION_FIELDS if isinstance(v := action.get(f), str) and v in known}:
            add(region, action, action)
    for start in decision.get("starts") or []:
        add(start["region"], start["action"], start.get("then") or start["action"])
    return out


def regions(view: WotrView, lang: str, play: Play | None = None) -> list[Region]:
    lay, data = layout(lang), load().regions
    placed = arrangements(view, lay, (0, 0, MAP_W, MAP_H), FULL_FITS)  # as the full map's picture
    last = last_move_regions(view)
    begun = starts(view, lang, play)
    decision: Any = view.get("decision") or {}
    moving = decision.get("from") if play is not None and decision.get("kind") in SELECTED_FROM else None
    out = []
    for key, p in lay.places.items():
        nation = data[key].nation
        got = placed[key]
        out.append(Region(
            key, " ".join(f"{x:.0f},{y:.0f}" for x, y in p.cell),
            _rgb(NATION_LIGHT[nation] if nation else NEUTRAL), _contents(view, key, lang),
            [((p.label[0] + p.label[2]) / 2, p.label[1] + i * LABEL_LINE + 1, line) for i, line in enumerate(p.lines)],
            ((p.label[0] + p.label[2]) / 2, (p.label[1] + p.label[3]) / 2),
            [_chip(item, x, y, got.s, got.pad) for item, x, y in got.chips], key in last,
            words.name(key, lang), play.pick("region", key) if play else None, tuple(begun.get(key, ())),
            key == moving))
    return out


@cache
def name_growth(lang: str) -> float:
    """How much every name may grow about its centre before two names touch: the most map.js grows them
    by as the map zooms out (then the map stops zooming out)."""
    labels = [p.label for p in layout(lang).places.values()]
    most = 3.0
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            apart = (abs(a[0] + a[2] - b[0] - b[2]) / (a[2] - a[0] + b[2] - b[0]),
                     abs(a[1] + a[3] - b[1] - b[3]) / (a[3] - a[1] + b[3] - b[1]))
            most = min(most, max(apart))
    return math.floor(most * 100) / 100


def places(lang: str) -> list[tuple[str, str]]:
    """Every region as (id, name), in the reader's alphabetical order (accents aside), for "go to"."""
    def plain(text: str) -> str:
        return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).casefold()
    return sorted(((key, words.name(key, lang)) for key in layout(lang).places), key=lambda kv: plain(kv[1]))


def warm() -> None:
    """Build now what a table's first page would build, once per process, when the web table starts (its
    page threads): the layout, its lines and how far names grow, in every language. Measured: the first
    French page took 2.9 s to build, the next 12 ms."""
    for lang in LANGUAGES:
        _paths(lang)
        name_growth(lang)


@cache
def _paths(lang: str) -> dict[str, str]:
    """The map's lines, each kind as one SVG path: coasts, borders, impassable borders, links."""
    lay = layout(lang)

    def path(lines) -> str:
        return " ".join(f"M{x0:.0f} {y0:.0f}L{x1:.0f} {y1:.0f}" for (x0, y0), (x1, y1) in lines)

    return {"coasts": path(b.line for b in lay.borders if b.b is None),
            "borders": path(b.line for b in lay.borders if b.b is not None and not b.impassable),
            "walls": path(b.line for b in lay.borders if b.impassable),
            "links": path((lay.places[a].site, lay.places[b].site) for a, b in lay.links)}


@dataclass(frozen=True)
class Arrow:
    line: tuple[float, float, float, float]  # from one region's site to (short of) the other's
    title: str


def arrow(view: WotrView, lang: str) -> Arrow | None:
    """The view's last move (an army's, a retreat, a Nazgûl's flight, an attack) as an arrow from the
    region left to the region reached, as the picture draws it (render/wotr.py)."""
    move = view.get("last_move")
    places = layout(lang).places
    if not isinstance(move, dict) or move.get("from") == move.get("to") \
            or move.get("from") not in places or move.get("to") not in places:
        return None
    (x0, y0), (x1, y1) = places[move["from"]].site, places[move["to"]].site
    length = max(1.0, ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)
    short = min(ARROW_GAP, length / 3) / length  # the head stops short of the site, its pieces stay readable
    return Arrow((x0, y0, x1 - (x1 - x0) * short, y1 - (y1 - y0) * short),
                 t("web.wotr.last_move", lang, **{"from": words.name(move["from"], lang),
                                                   "to": words.name(move["to"], lang)}))


def svg_map(view: WotrView, lang: str, play: Play | None = None) -> str:
    """The whole map of `view` as an SVG element (to sit in a page; web/static/map.js zooms and pans it). On a
    seat's page, the regions its question offers are lit: a click, a tap or Enter picks one (map.js sends the
    form `play` describes, as the page's controls do)."""
    from web.pages import render  # web/pages.py asks games for their maps

    shown = regions(view, lang, play)
    lit = play is not None and any(r.pick for r in shown)
    beside = play.others() if play and lit else []  # "leave one behind", "Done"
    return render("wotr_map.svg", lang=lang, t=lambda key, **kw: t(key, lang, **kw), width=MAP_W, height=MAP_H,
                  sea=_rgb(SEA), coast=_rgb(COAST), border=_rgb(BORDER), impassable=_rgb(IMPASSABLE),
                  regions=shown, label_size=LABEL_SIZE, arrow=arrow(view, lang), play=play, beside=beside,
                  floor=NAME_FLOOR, grow=name_growth(lang), places=places(lang),
                  tally=words.army_tally(view, lang) if lit else "", **_paths(lang))
