"""War of the Ring's map in vector graphics: drawn from the Pillow map's own geometry (render/wotr_layout.py),
so both name every region at the same place; each region's title says what stands there in the presenter's
words; only War of the Ring's pages carry it."""
from __future__ import annotations

import re
from html import unescape

import pytest

import games
from present import wotr as words
from render.wotr_layout import LABEL_LINE, layout
from tests.web.conftest import start_game
from web.wotr_map import svg_map

CHANNEL = 1100


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_region_is_named_where_the_picture_names_it_in_its_own_area(lang):
    rules = games.rules("wotr")
    view = rules.view(rules.new_game(["a", "b"], {}, 1), None)
    svg = svg_map(view, lang)
    places = layout(lang).places
    named: dict[str, list[tuple[float, float, str]]] = {}
    for x, y, region, text in re.findall(r'<text x="([^"]+)" y="([^"]+)" data-region="([a-z_]+)">([^<]*)</text>', svg):
        named.setdefault(region, []).append((float(x), float(y), unescape(text)))
    assert set(named) == set(places)
    for region, lines in named.items():
        p = places[region]
        assert [text for *_, text in lines] == list(p.lines)
        for i, (x, y, _) in enumerate(lines):  # the picture's own spot: the label box's centre, line by line
            assert abs(x - (p.label[0] + p.label[2]) / 2) < 0.1 and abs(y - (p.label[1] + i * LABEL_LINE + 1)) < 0.1
        cell = re.search(rf'id="region-{region}" tabindex="-1"><title>[^<]*</title><polygon points="([^"]+)"', svg)
        assert cell and cell.group(1) == " ".join(f"{x:.0f},{y:.0f}" for x, y in p.cell)


def test_a_regions_title_says_what_stands_there():
    rules = games.rules("wotr")
    view = rules.view(rules.new_game(["a", "b"], {}, 1), None)
    svg = unescape(svg_map(view, "fr"))
    for region, army in view["armies"].items():
        title = re.search(rf'id="region-{region}" tabindex="-1"><title>([^<]*)</title>', svg).group(1)
        assert title.startswith(words.name(region, "fr")) and words.units_text(army, "fr") in title
    rivendell = re.search(r'id="region-rivendell" tabindex="-1"><title>([^<]*)</title>', svg).group(1)
    assert words.fellowship_line(view, "fr") in rivendell


async def test_only_war_of_the_rings_pages_carry_the_map(site):
    wotr = await start_game(site.service, "wotr", CHANNEL)
    other = await start_game(site.service, "confrontation", CHANNEL + 1)
    assert '<svg class="map"' in (await site.get(f"/t/{wotr.id}"))[1]
    assert '<svg class="map"' in (await site.get(f"/t/{wotr.id}/part?lang=fr"))[1]
    assert '<svg class="map"' not in (await site.get(f"/t/{other.id}"))[1]
