"""War of the Ring's map as vector graphics (SVG) for the web table's pages, from the very geometry the
Pillow map is drawn from (render/wotr_layout.py: each region's area, borders, links, where its name and its
pieces go), so both name every region at the same place (tests/web/test_wotr_map.py). Each region is a
group one can hover, tap or reach with the keyboard: its title says in words what stands there (the
presenter's words); the pieces shown are those the picture draws (render/wotr.py). Built from the view
alone."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from cards.wotr import load
from i18n import t
from present import wotr as words
from render.wotr import _standing as standing  # the pieces the picture draws, in its order
from render.wotr_colours import BORDER, COAST, IMPASSABLE, NATION_LIGHT, NEUTRAL, SEA
from render.wotr_focus import last_move_regions
from render.wotr_layout import LABEL_LINE, LABEL_SIZE, MAP_H, MAP_W, layout

if TYPE_CHECKING:
    from engine.wotr.types import WotrView
    from web.choices import Pick, Play

# How a piece reads on the map: the picture's icons as characters (regular, elite, leader, Nazgûl).
ICONS = {"regular": "■", "elite": "◆", "leader": "●", "nazgul": "▼"}
ARROW_GAP = 40  # map pixels between the last move's arrowhead and the site it points at


@dataclass(frozen=True)
class Region:
    key: str
    points: str              # its area, "x,y x,y ..."
    fill: str
    title: str               # what stands there, in words
    names: list[tuple[float, float, str]]   # each line of its name: x (centre), y (top), text
    pieces: list[tuple[str, str]]            # (colour, text) in the pieces box, left to right
    at: tuple[float, float]  # where its pieces begin
    last: bool               # the last move touched it
    name: str                # its name, for its accessible name
    pick: Pick | None = None  # on a seat's page: picking it answers the question asked (lit on the map)


def _rgb(colour: tuple[int, ...]) -> str:
    return "#" + "".join(f"{c:02x}" for c in colour[:3])


def _piece(item: tuple) -> tuple[str, str]:
    kind, ink, what, _ = item
    if kind == "army":
        return _rgb(ink), " ".join(f"{ICONS.get(k, k)}{n}" for k, n in what)
    return _rgb(ink), f"◎{what}" if kind == "fellowship" else what


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


def regions(view: WotrView, lang: str, play: Play | None = None) -> list[Region]:
    lay, data, items = layout(lang), load().regions, standing(view)
    last = last_move_regions(view)
    out = []
    for key, p in lay.places.items():
        nation = data[key].nation
        out.append(Region(
            key, " ".join(f"{x:.0f},{y:.0f}" for x, y in p.cell),
            _rgb(NATION_LIGHT[nation] if nation else NEUTRAL), _contents(view, key, lang),
            [((p.label[0] + p.label[2]) / 2, p.label[1] + i * LABEL_LINE + 1, line) for i, line in enumerate(p.lines)],
            [_piece(item) for item in items.get(key, [])], (p.pieces[0], p.pieces[1]), key in last,
            words.name(key, lang), play.pick("region", key) if play else None))
    return out


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
                  tally=words.army_tally(view, lang) if lit else "", **_paths(lang))
