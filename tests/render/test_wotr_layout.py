"""War of the Ring's map layout: each region's name and pieces lie in its own area, or a pointer joins
them to it (a name on a neighbour's ground would read as the neighbour's: Fords of Isen in Orthanc's);
no region's name or pieces lie over another's."""
from __future__ import annotations

import pytest

from i18n import LANGUAGES
from render.wotr import area_colour, ground_colour
from render.wotr_layout import CRAMPED, POINTER, _contains, _corners, _overlaps, _reach, ink, layout


def _centre(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_name_and_its_pieces_lie_in_its_own_area_or_a_pointer_joins_them(lang):
    lay = layout(lang)
    for region, place in lay.places.items():
        at_home = all(_contains(list(place.cell), _centre(b)) for b in (place.label, place.pieces))
        assert at_home or place.pointer, region
    assert lay.places["fords_of_isen"].pointer or _contains(list(lay.places["fords_of_isen"].cell),
                                                            _centre(lay.places["fords_of_isen"].label))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_name_or_pieces_lie_over_another_regions(lang):
    places = layout(lang).places
    boxes = [(r, b) for r, p in places.items() for b in (p.label, p.pieces)]
    for i, (r, a) in enumerate(boxes):
        for s, b in boxes[i + 1:]:
            assert r == s or not _overlaps(a, b), (r, s)


def _area(poly) -> float:
    return abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, poly[1:] + poly[:1], strict=True))) / 2


def _size(box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_orthanc_and_the_fords_of_isen_stand_in_their_own_areas(lang):
    """The issue's cases: Orthanc's name, chips and Saruman over Gap of Rohan; Fords of Isen's name in
    Orthanc's area."""
    places = layout(lang).places
    for region in ("orthanc", "fords_of_isen"):
        p = places[region]
        label, pieces = p.label, p.pieces
        ends = [(label[0] + 8, (label[1] + label[3]) / 2), (label[2] - 8, (label[1] + label[3]) / 2)]
        assert all(_contains(list(p.cell), q) for q in [*ends, _centre(label), _centre(pieces)]), region
        assert not p.pointer and p.ground == region


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_block_stands_off_its_area_only_where_the_area_is_cramped(lang):
    """A name pushed onto a neighbour's ground reads as the neighbour's: only an area too small for its
    block (under CRAMPED times its size) may see it pushed out, and then a pointer joins it."""
    for region, p in layout(lang).places.items():
        if p.pointer:
            assert _area(list(p.cell)) < CRAMPED * (_size(p.label) + _size(p.pieces)), region


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_name_stands_in_another_regions_colour(lang):
    """The halo under a name is the colour of the ground it stands on: its own area's, or where a pointed
    name stands on a neighbour's, the neighbour's (never a patch of its own colour on another area)."""
    places = layout(lang).places
    for region, p in places.items():
        holder = next((r for r, q in places.items() if _contains(list(q.cell), _centre(p.label))), None)
        assert p.ground == (region if _contains(list(p.cell), _centre(p.label)) else holder), region
        assert ground_colour(p) == area_colour(holder), region


# Pointed names the first placing puts further off (as it always has): their areas' surroundings are full.
LONG_POINTERS = {"gladden_fields", "south_anduin_vale", "woodland_realm"}
# Names set over their mark, their pieces under it, where no block (name over pieces) fits their area: the
# French Dimrill Dale's crossed into Moria's area and Ettenmoors' into Angmar's (measured).
ASTRIDE = {"en": set(), "fr": {"dimrill_dale", "ettenmoors"}}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_name_s_letters_lie_wholly_in_its_area_or_a_pointer_joins_them(lang):
    off = {region for region, p in layout(lang).places.items()
           if not p.pointer and not all(_contains(list(p.cell), q) for line in ink(p.lines, p.label)
                                        for q in _corners(line))}
    assert not off, sorted(off)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_name_set_apart_from_its_pieces_has_its_mark_between_them(lang):
    """A name over its mark and its pieces under it read as one region's: the mark lies between them, under
    the name and over the pieces box."""
    apart = set()
    for region, p in layout(lang).places.items():
        if p.label[3] != p.pieces[1]:
            apart.add(region)
            assert p.symbol and p.label[3] <= p.symbol[1] and p.symbol[3] <= p.pieces[1], region
            assert all(box[0] <= p.site[0] <= box[2] for box in (p.label, p.pieces)), region
    assert apart == ASTRIDE[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_name_moved_onto_a_neighbours_ground_stays_close_to_its_area(lang):
    """A pointer longer than POINTER led "Champs de Flambes" across Western Mirkwood: a pointed name stays
    within reach of its region's centre, save the layout's long-standing ones (Minas Tirith's...)."""
    for region, p in layout(lang).places.items():
        block = (min(p.label[0], p.pieces[0]), p.label[1], max(p.label[2], p.pieces[2]), p.pieces[3])
        if p.pointer and region not in LONG_POINTERS:
            assert _reach(p.site, block) <= POINTER, region
