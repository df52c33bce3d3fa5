"""War of the Ring's crops (render/wotr.py `crop_windows`): every crop the game can draw, for each region
alone and each pair of neighbours (the moves and battles a board follows) and for two far regions or a
choice spread over the map, is drawn at the map's own size (names 20 px: 12 px once Discord shows the
picture 550 px wide), names every region it holds whole, with no name over another name or over pieces,
and no pointed name away from the mark its pointer leads to (it would read as its ground's)."""
from __future__ import annotations

from functools import cache
from itertools import combinations

import pytest

import engine
from cards.wotr import load
from i18n import LANGUAGES
from render import wotr as rw
from render.wotr_layout import LABEL_SIZE, _overlaps, layout

R = engine.get_rules("wotr")
SHOWN_AT_PX = 550
NEIGHBOURS = sorted({tuple(sorted((k, n))) for k, g in load().regions.items() for n in g.adjacent})


@cache
def _setup() -> dict:
    return R.view(R.new_game(["fp", "sh"], {}, 1), None)


def _about(regions) -> dict:
    """The setup's public view with a decision about `regions`."""
    view = dict(_setup())
    view["decision"] = {"kind": "army_move", "player": "sh", "side": "shadow", "at": sorted(regions)}
    return view


def _check(regions, lang: str) -> list:
    lay = layout(lang)
    pic = rw.render(_about(regions), lang)
    assert rw.shown_regions(_about(regions))[2] == set(regions)
    for w in pic.windows:            # at the map's own size: names at LABEL_SIZE px in a CROP_W px picture
        assert w[2] - w[0] <= rw.CROP_W and w[3] - w[1] <= rw.CROP_H
    assert pic.img.width == rw.CROP_W and LABEL_SIZE * SHOWN_AT_PX / pic.img.width >= 12
    assert set(regions) <= set(pic.names), (regions, set(regions) - set(pic.names))
    drawn = list(pic.names.items())
    for (a, box_a), (b, box_b) in combinations(drawn, 2):
        assert not _overlaps(box_a, box_b), (regions, a, b)
    for r, _ in drawn:
        p = lay.places[r]
        for s, q in lay.places.items():
            assert s == r or not _overlaps(p.label, q.pieces), (regions, r, s)
        if p.pointer:               # its pointer's end, its mark, is in the same crop
            assert any(rw._inside(p.symbol or p.label, w) for w in pic.windows if rw._inside(p.label, w)), r
    return pic.windows


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_region_alone_shows_in_one_crop_at_full_size_named_with_nothing_over_its_name(lang):
    for region in sorted(load().regions):
        assert len(_check({region}, lang)) == 1, region


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_pair_of_neighbours_shows_at_full_size_with_nothing_over_a_name(lang):
    """In one crop, or two where the neighbours lie far apart (a long dashed link: the Rhûn's)."""
    two = [pair for pair in NEIGHBOURS if len(_check(set(pair), lang)) == 2]
    assert len(two) <= 6, two


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_far_regions_show_in_two_crops_at_full_size_each_named(lang):
    """The issue's case: a bot's moves at Westemnet and Near Harad zoomed the map out until nothing read."""
    windows = _check({"westemnet", "near_harad"}, lang)
    assert len(windows) == 2


def test_a_choice_spread_over_the_map_shows_the_crops_holding_most_of_it_at_full_size():
    lay = layout("en")
    everywhere = set(load().regions)
    windows = rw.crop_windows(lay, everywhere)
    held = {r for r in everywhere if any(rw._inside(rw._extent(lay, {r}), w) for w in windows)}
    assert 1 <= len(windows) <= 2 and len(held) >= 12
    assert all(w[2] - w[0] <= rw.CROP_W and w[3] - w[1] <= rw.CROP_H for w in windows)
    assert held <= set(rw.render(_about(everywhere), "en").names)
