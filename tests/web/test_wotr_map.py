"""War of the Ring's map in vector graphics: drawn from the Pillow map's own geometry (render/wotr_layout.py),
so both name every region at the same place; each region's title says what stands there in the presenter's
words; only War of the Ring's pages carry it."""
from __future__ import annotations

import asyncio
import re
from html import unescape
from pathlib import Path

import pytest

import games
from present import wotr as words
from render.wotr import FULL_FITS, arrangements
from render.wotr_layout import LABEL_LINE, LABEL_SIZE, MAP_H, MAP_W, _overlaps, layout
from tests.render.test_wotr_chips import _crowds
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


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_names_grown_as_far_as_the_map_lets_them_touch_no_other_name(lang):
    """map.js grows the names about their centres, up to the SVG's data-grow, as the map zooms out (names
    scaled with the map showed ~5 px on a phone): at that growth no two names overlap."""
    rules = games.rules("wotr")
    svg = svg_map(rules.view(rules.new_game(["a", "b"], {}, 1), None), lang)
    grow = float(re.search(r'data-grow="([0-9.]+)"', svg).group(1))
    assert grow >= 1
    boxes = []
    for p in layout(lang).places.values():
        cx, cy = (p.label[0] + p.label[2]) / 2, (p.label[1] + p.label[3]) / 2
        assert f'data-c="{round(cx, 1)} {round(cy, 1)}"' in svg
        w, h = (p.label[2] - p.label[0]) * grow / 2, (p.label[3] - p.label[1]) * grow / 2
        boxes.append((cx - w, cy - h, cx + w, cy + h))
    assert not any(_overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def test_the_farthest_zoom_keeps_every_name_at_the_floor_or_more():
    """map.js's farthest zoom (`least`: data-floor / (data-label x data-grow) CSS px per map pixel) with the
    names grown data-grow times shows them data-floor CSS px high, and the floor is ~10 px."""
    rules = games.rules("wotr")
    svg = svg_map(rules.view(rules.new_game(["a", "b"], {}, 1), None), "fr")
    label, floor, grow = (float(re.search(rf'data-{k}="([0-9.]+)"', svg).group(1)) for k in ("label", "floor", "grow"))
    script = (Path(__file__).parents[2] / "web/static/map.js").read_text()
    assert "Number(svg.dataset.floor) / (Number(svg.dataset.label) * Number(svg.dataset.grow))" in script
    least = floor / (label * grow)
    assert floor >= 10 and label * grow * least >= floor and label == LABEL_SIZE


def test_a_crowd_is_laid_out_as_the_full_maps_picture_lays_it():
    """The web map's chips are the full map picture's: the same rows where a crowd wraps (they ran in one
    long row), the same "+N"."""
    view = _crowds(0)
    svg = svg_map(view, "en")
    placed = arrangements(view, layout("en"), (0, 0, MAP_W, MAP_H), FULL_FITS)
    for region, got in placed.items():
        rects = re.findall(rf'<g class="chip" data-region="{region}"><rect x="([^"]+)" y="([^"]+)" '
                           r'width="([^"]+)" height="([^"]+)"', svg)
        shown = [(float(x), float(y), float(x) + float(w), float(y) + float(h)) for x, y, w, h in rects]
        assert len(shown) == len(got.chips), region
        for a, b in zip(shown, got.boxes(), strict=True):
            assert all(abs(u - v) < 0.2 for u, v in zip(a, b, strict=True)), region
    assert any(len({c[2] for c in got.chips}) > 1 for got in placed.values())   # a crowd in rows


def test_go_to_offers_every_region_by_its_name_in_the_readers_language():
    rules = games.rules("wotr")
    svg = unescape(svg_map(rules.view(rules.new_game(["a", "b"], {}, 1), None), "fr"))
    offered = re.findall(r'<option value="([a-z_]+)">([^<]+)</option>', svg)
    assert {k for k, _ in offered} == set(layout("fr").places)
    assert all(name == words.name(k, "fr") for k, name in offered)


async def test_the_web_table_warms_the_maps_as_it_starts_so_a_first_page_never_builds_the_layout(
        tmp_path, clock, monkeypatch):
    import threading

    from i18n import LANGUAGES
    from tests.web.conftest import close_site, open_site
    from web import wotr_map

    warmed = threading.Event()
    monkeypatch.setattr(wotr_map, "warm", warmed.set)
    opened, boards = await open_site(tmp_path, clock)
    try:
        assert await asyncio.to_thread(warmed.wait, 60)  # called on a page thread once the server listens
    finally:
        await close_site(opened, boards)
    monkeypatch.undo()
    wotr_map.name_growth.cache_clear()
    wotr_map._paths.cache_clear()
    wotr_map.warm()  # what it builds: the lines and the names' growth, in every language
    assert wotr_map.name_growth.cache_info().currsize == wotr_map._paths.cache_info().currsize == len(LANGUAGES)
