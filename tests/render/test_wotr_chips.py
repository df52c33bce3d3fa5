"""War of the Ring's chips: a crowd too large for its region's pieces box (two nations' armies in Ered Luin,
Dale, Evendim, the Iron Hills...) takes rows where they cover nothing, or says how many pieces it leaves out
("+3"); no chip ever lies over another region's name or chips, on a board's crops or the full map."""
from __future__ import annotations

import random
from functools import cache

import pytest
from PIL import Image

import engine
from cards.wotr import load
from i18n import LANGUAGES
from present import wotr as words
from render import wotr as rw
from render.common import Canvas
from render.wotr_layout import _overlaps, layout
from tests.wotr.conformance import choose

R = engine.get_rules("wotr")
# where random games' crowds ran over their box (one row or two below it, over the names under them)
CROWDED = ("dale", "ered_luin", "evendim", "iron_hills", "old_forest_road", "druadan_forest", "parth_celebrant",
           "ettenmoors", "carrock", "buckland")
NATIONS = ("dwarves", "elves", "gondor", "north", "rohan", "sauron", "isengard", "southrons")
CHARACTERS = ("strider", "gimli", "legolas", "boromir", "meriadoc", "peregrin", "witch_king", "saruman")


@cache
def _setup() -> dict:
    return R.view(R.new_game(["fp", "sh"], {}, 1), None)


def _crowds(seed: int) -> dict:
    """The setup's public view with seeded crowds: in each CROWDED region and in 30 others, one to three
    nations' armies of a few units each, Nazgûl and characters now and then."""
    rnd = random.Random(seed)
    view = dict(_setup())
    armies = {r: dict(units) for r, units in view["armies"].items()}
    characters = dict(view["characters"])
    others = rnd.sample(sorted(set(load().regions) - set(CROWDED)), 30)
    for region in (*CROWDED, *others):
        units = {n: {k: rnd.randint(1, 5) for k in ("regular", "elite", "leader") if rnd.random() < 0.7}
                 for n in rnd.sample(NATIONS, rnd.randint(1, 3))}
        if rnd.random() < 0.3:
            units.setdefault("sauron", {})["nazgul"] = rnd.randint(1, 4)
        armies[region] = {n: u for n, u in units.items() if u}
        for c in rnd.sample(CHARACTERS, rnd.randint(0, 2)):
            characters[c] = region
    view.update(armies=armies, characters=characters)
    return view


def _about(view: dict, region: str) -> dict:
    return {**view, "decision": {"kind": "army_move", "player": "sh", "side": "shadow", "at": [region]}}


def _check(pic: rw.Picture, what) -> None:
    """No chip over another region's name or chips; every chip drawn lies whole in one of the map's windows
    (none cut at a crop's edge, whatever region it belongs to)."""
    chips = [(r, box) for r, boxes in pic.chips.items() for box in boxes]
    x0, y0 = pic.map_box[:2]
    shown = [(x0 + x, y0 + y, x0 + x + w[2] - w[0], y0 + y + w[3] - w[1])
             for w, (x, y) in zip(pic.windows, rw._places(pic.windows), strict=True)]
    for r, box in chips:
        for s, name in pic.names.items():
            assert s == r or not _overlaps(box, name), (what, r, "over the name of", s)
        for s, other in chips:
            assert s == r or not _overlaps(box, other), (what, r, "over the chips of", s)
        assert any(rw._inside(box, w) for w in shown), (what, r, "chip cut off")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_crowd_beyond_its_box_covers_no_other_region_s_name_or_chips(lang):
    for seed in range(3):
        view = _crowds(seed)
        for region in CROWDED:
            pic = rw.render(_about(view, region), lang)
            _check(pic, (seed, region))
            assert region in pic.chips
        _check(rw.render_full(view, lang), (seed, "full map"))


def test_a_crowd_with_no_free_room_says_how_many_pieces_it_leaves_out():
    """Dale's crowd with every way out of its box taken: its last chip counts the pieces not drawn, and the
    count and the pieces drawn add up to the crowd; the pieces it stands for are those left out."""
    view = {"armies": {"dale": {n: {"regular": 5, "elite": 5, "leader": 5} for n in ("dwarves", "north", "elves")}},
            "characters": {"gimli": "dale", "legolas": "dale"}, "fellowship": {}}
    place = layout("en").places["dale"]
    got = rw.arrange(rw._standing(view)["dale"], "dale", place, rw.BOARD_FITS, rw.Room(place.pieces, layout("en")))
    x0, y0, x1, y1 = place.pieces
    assert got.chips and all(rw._inside(c, (x0, y0, x1, y1 + 1)) for c in got.boxes())
    more = [int(what[1:]) for kind, _, what, _ in (c[0] for c in got.chips) if kind == "more"]
    drawn = sum(rw._count(item) for item, *_ in got.chips if item[0] != "more")
    assert len(more) == 1 and drawn + more[0] == 3 * 15 + 2
    assert sum(rw._count(item) for item in got.left_out) == more[0]


def test_the_alt_text_names_the_pieces_under_a_plus_chip():
    """A "+N" chip hides pieces from a reader: the picture's alt text says which, in the reader's language."""
    view = dict(_setup())
    view["armies"] = {**view["armies"], "dale": {n: {"regular": 5, "elite": 5, "leader": 5}
                                                   for n in ("dwarves", "north", "elves")}}
    view["characters"] = {**view["characters"], "gimli": "dale", "legolas": "dale"}
    about = _about(view, "dale")
    hidden = rw.left_out(about, "en")
    assert set(hidden) == {"dale"}
    for lang in LANGUAGES:
        note = rw.alt_notes(about, lang)
        n = sum(rw._count(item) for item in hidden["dale"])
        assert f"+{n}" in note and words.name("dale", lang) in note
        for *_, who in hidden["dale"]:
            assert words.name(who, lang) in note, (lang, who, note)


def test_random_games_crowds_cover_no_other_region_s_name_or_chips():
    for seed in range(3):
        rnd = random.Random(seed)
        state = R.new_game(["fp", "sh"], {}, seed)
        for step in range(1500):
            if R.result(state) is not None:
                break
            player = R.waiting_for(state)[0]
            state, _ = R.apply(state, player, choose(rnd, state, player, R.legal_actions(state, player)))
            if step % 40 == 0:
                _check(rw.render(R.view(state, None), "en"), (seed, step))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_chip_is_cut_at_a_crop_s_edge(lang):
    """A region a crop is not about, lying across the crop's edge, had its chips cut there (a cut chip
    miscounts an army): its name and pieces are drawn only where both lie whole in the window."""
    view = _crowds(0)
    lay = layout(lang)
    for region in CROWDED:
        for window in rw.crop_windows(lay, {region}):
            cv = Canvas(Image.new("RGB", (int(window[2] - window[0]), int(window[3] - window[1])), "white"), lang)
            names, chips = rw._map_part(cv, view, lay, window, {region}, set())
            edge = (0, 0, *cv.img.size)
            assert all(rw._inside(box, edge) for boxes in chips.values() for box in boxes), region
            assert set(chips) <= set(names), region
